"""Earl of Coventry and Jig (Foster, EARL OF COVENTRY): the golden tests (the player who lays the
fourth card of a rank, or of a sequence, leads next; the first out is paid a counter for every
card each other player holds), the ASSUMPTIONs (uneven hands, one card a turn, a King or a stop
ends a sequence, going out in the middle of a round), the forced steps' public record, and the
determinizer (who is to move never depends on a hidden card).

Deals are explicit chance actions; leads are made by their words (``action_to_string``), so
each test reads like the book.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs
from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, card, mask_of, parse_card, parse_cards
from hoyle.envs.core.determinize import resampled_history
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.games import earl_of_coventry as E
from tests.helpers import do, names, play_out, random_playout_states


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_earl_of_coventry", params)


def deal(game: Any, *hands: str | list[int]) -> Any:
    """A new deal giving each seat these cards, one at a time from the dealer's left (seat 0 in
    the first deal): the first seats hold the odd cards."""
    state = game.new_initial_state()
    cards = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
    assert len(cards) == game.num_players()
    while state.is_chance_node():
        q = state.s.dealt.bit_count() % game.num_players()
        state.apply_action(cards[q].pop(0))
    assert not any(cards), "the hands must be the whole pack, dealt round to the last card"
    return state


def lead(state: Any, c: str) -> Any:
    return do(state, f"lead {c}")


def hand(state: Any, q: int) -> int:
    return int(state.s.hands[q])


def public_lines(state: Any) -> list[str]:
    """The events every player saw, in the game's words."""
    rules = state.get_game().rules
    schema = rules.event_schema
    return list(schema.lines(schema.public(state.s.log), lambda q: f"player {q}"))


# --- golden tests -------------------------------------------------------------------------


def test_earl_the_player_of_the_fourth_card_of_the_rank_leads_next() -> None:
    """ "The fortunate holder of the Earl of Coventry in each round has the privilege of leading
    a card for the next trick": player 1 holds two Deuces and lays the second as the fourth
    (one card a turn), so he, not the leader, leads next."""
    state = deal(load(players=3, ranks=2), "♠A ♥A ♠2", "♦A ♥2 ♦2", "♣A ♣2")
    assert state.current_player() == 0
    lead(state, "♠2")
    assert state.current_player() == 1
    assert hand(state, 1) == mask_of([parse_card("♦A")])
    assert state.s.run == tuple(parse_cards("♠2 ♥2 ♣2 ♦2"))
    lines = public_lines(state)
    assert lines[-5:] == [
        "player 0 led ♠2",
        "player 1 laid ♥2",
        "player 2 laid ♣2",
        "player 0 could not match ♠2",
        "player 1 laid ♦2",
    ]


def test_earl_the_first_out_is_paid_a_counter_for_every_card_held() -> None:
    """ "The first player to get rid of all his cards wins one counter from the others for every
    card they hold": player 1 leads his last card and is out; player 0 holds two, player 2
    one."""
    state = deal(load(players=3, ranks=2), "♠A ♥A ♠2", "♦A ♥2 ♦2", "♣A ♣2")
    lead(state, "♠2")
    lead(state, "♦A")
    assert state.is_terminal()
    assert state.returns() == [-2.0, 3.0, -1.0]


def test_jig_the_player_of_the_fourth_card_of_the_sequence_leads_next() -> None:
    """Jig: "the next higher in sequence and suit must be played, if the player has it, until
    four cards are shown. The one who lays down the last of the sequence of four cards starts a
    fresh sequence." Player 2 is without the Three, player 1 lays it on his next turn."""
    state = deal(
        load(players=3, ranks=4, variant="jig"),
        "♠A ♥A ♥2 ♥3 ♦A ♣A",
        "♠2 ♠3 ♦2 ♦3 ♣2",
        "♠4 ♥4 ♦4 ♣3 ♣4",
    )
    lead(state, "♠A")
    assert state.s.run == tuple(parse_cards("♠A ♠2 ♠3 ♠4"))
    assert state.current_player() == 2
    assert public_lines(state)[-6:] == [
        "player 0 led ♠A",
        "player 1 laid ♠2",
        "player 2 was without ♠3",
        "player 0 was without ♠3",
        "player 1 laid ♠3",
        "player 2 laid ♠4",
    ]


def test_jig_a_stop_gives_the_lead_to_the_last_to_lay() -> None:
    """ASSUMPTION 4: when nobody holds the next card (it was laid before) the last player to lay
    a card starts afresh; the others say in turn that they are without it. Player 0 holds his
    own ♠3 (laid on his next turn, the top of this reduced pack), then leads ♠A under the ♠2
    laid already, and leads again."""
    state = deal(load(players=2, ranks=3, variant="jig"), "♠A ♠2 ♠3 ♥A ♦A ♣A", "♥2 ♥3 ♦2 ♦3 ♣2 ♣3")
    lead(state, "♠2")
    assert state.s.run == tuple(parse_cards("♠2 ♠3")) and state.current_player() == 0
    lead(state, "♠A")
    assert state.s.run == (parse_card("♠A"),) and state.current_player() == 0
    assert public_lines(state)[-2:] == ["player 0 led ♠A", "player 1 was without ♠2"]
    lead(state, "♥A")
    assert state.s.run == tuple(parse_cards("♥A ♥2 ♥3")) and state.current_player() == 1


def test_jig_a_king_ends_the_sequence_and_its_player_leads() -> None:
    """ASSUMPTION 4: nothing runs above the King (the Ace is below the Two): its player starts
    afresh, although only two cards were shown."""
    majors = [card(t, r) for t in (0, 1) for r in range(NUM_RANKS)]
    minors = [card(t, r) for t in (2, 3) for r in range(NUM_RANKS)]
    state = deal(load(players=2, variant="jig"), majors, minors)
    lead(state, "♠Q")
    assert state.s.run == tuple(parse_cards("♠Q ♠K"))
    assert state.current_player() == 0
    assert public_lines(state)[-3:] == [
        "player 0 led ♠Q",
        "player 1 was without ♠K",
        "player 0 laid ♠K",
    ]


def test_going_out_in_the_middle_of_a_round_ends_the_deal() -> None:
    """ASSUMPTION 5: player 0 lays his last Ace as the third of the round and wins at once;
    player 1 pays for the Ace he still holds."""
    state = deal(load(players=2, ranks=1), "♠A ♦A", "♥A ♣A")
    lead(state, "♠A")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert hand(state, 1) == mask_of(parse_cards("♣A"))


# --- the deal, the parameters ---------------------------------------------------------------


def test_the_whole_pack_is_dealt_one_at_a_time_and_the_odd_cards_go_first_from_the_left() -> None:
    """ "A full pack of cards is dealt out, one at a time. If some players have a card more than
    others, it does not matter": 52 among five, eleven to the two on the dealer's left."""
    game = load(players=5, deals=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.s.dealer == 4
    assert [h.bit_count() for h in state.s.hands] == [11, 11, 10, 10, 10]
    assert state.current_player() == 0
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    # The deal passes to the left: player 0 deals, player 1 is the eldest hand.
    assert state.s.dealer == 0 and state.s.deal_no == 1
    assert "to player 1" in next(iter(names(state)))
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert [h.bit_count() for h in state.s.hands] == [10, 11, 11, 10, 10]
    assert state.current_player() == 1


def test_several_deals_add_up_zero_sum() -> None:
    game = load(players=4, deals=3, variant="jig")
    rng = random.Random(5)
    for _ in range(20):
        state = play_out(game, rng)
        assert state.s.deal_no == 2
        assert sum(state.returns()) == 0
        assert game.min_utility() <= min(state.returns()) <= max(state.returns())
        assert max(state.returns()) <= game.max_utility()


def test_every_player_count_is_a_variant_of_both_games() -> None:
    spec = hoyle.envs.GAMES["earl_of_coventry"]
    counts = {
        (str(v.get("variant", "earl")), int(v.get("players", 4))) for v in spec.variants.values()
    }
    counts.add(("earl", 4))
    assert counts == {(g, n) for g in E.VARIANTS for n in range(3, E.MAX_PLAYERS + 1)}


@pytest.mark.parametrize("variant", E.VARIANTS)
def test_two_handed_the_other_hand_is_known_at_every_lead(variant: str) -> None:
    """Why two players is no declared variant (assumption 7): at every lead the other hand is
    the pack less one's own and the cards laid, so nothing is hidden at a decision."""
    game = load(players=2, variant=variant)
    for g in range(5):
        for state in random_playout_states(game, random.Random(g)):
            if not state.is_chance_node() and not state.is_terminal():
                p = state.current_player()
                assert state.s.hands[1 - p] == state.player_view(p).unseen()


def test_parameters_out_of_range_are_refused() -> None:
    with pytest.raises((GameParameterError, pyspiel.SpielError, ValueError)):
        load(players=11)
    with pytest.raises((GameParameterError, pyspiel.SpielError, ValueError)):
        load(variant="snip_snap")
    with pytest.raises((GameParameterError, pyspiel.SpielError, ValueError)):
        load(players=5, ranks=1)


def test_a_card_not_held_is_refused_without_naming_another_hand() -> None:
    state = deal(load(players=2, ranks=1), "♠A ♦A", "♥A ♣A")
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(parse_card("♥A"))
    why = str(err.value)
    assert "any card he holds" in why and "♥A" not in why and "♣A" not in why
    assert state.current_player() == 0 and hand(state, 0) == mask_of(parse_cards("♠A ♦A"))


# --- information: forced steps are public, the determinizer --------------------------------


def test_the_passes_are_forbidden_to_the_passer() -> None:
    """A seat that was without a card (Jig) holds none of it; one that could not match a rank
    (Earl of Coventry) holds none of that rank."""
    jig = deal(
        load(players=3, ranks=4, variant="jig"),
        "♠A ♥A ♥2 ♥3 ♦A ♣A",
        "♠2 ♠3 ♦2 ♦3 ♣2",
        "♠4 ♥4 ♦4 ♣3 ♣4",
    )
    lead(jig, "♠A")
    forbidden = jig.get_game().rules.forbidden_cards(jig.s, 1)
    assert forbidden[2] >> parse_card("♠3") & 1 and forbidden[0] >> parse_card("♠3") & 1
    earl = deal(load(players=3, ranks=2), "♠A ♥A ♠2", "♦A ♥2 ♦2", "♣A ♣2")
    lead(earl, "♠2")
    forbidden = earl.get_game().rules.forbidden_cards(earl.s, 1)
    assert forbidden[0] == mask_of(parse_cards("♠2 ♥2 ♦2 ♣2"))


@pytest.mark.parametrize(("variant", "deals"), [("earl", 1), ("jig", 1), ("jig", 2)])
def test_who_is_to_move_is_the_same_in_every_re_dealt_world(variant: str, deals: int) -> None:
    """Family rule on forced steps: a step is automatic only where its being forced is public.
    Replaying the history of a world the determinizer draws for the player to move gives the
    same player to move at every step, the same laid cards, and the same view (over two deals
    too: the first deal's log is settled, and the second deals the same cards again)."""
    game = load(players=4, variant=variant, deals=deals)
    pick = random.Random(11)
    checked = 0
    for g in range(6):
        for state in random_playout_states(game, random.Random(g)):
            if state.is_chance_node() or state.is_terminal() or pick.random() >= 0.3:
                continue
            p = state.current_player()
            truth = _movers(game, state.history())
            for i in range(3):
                sampler = pyspiel.UniformProbabilitySampler(g * 100 + i, 0.0, 1.0)
                world = resampled_history(state, p, sampler)
                assert _movers(game, world) == truth
                other = game.new_initial_state()
                for a in world:
                    other.apply_action(a)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.s.played == state.s.played
                checked += 1
    assert checked > 20


def _movers(game: Any, history: list[int]) -> list[int]:
    state = game.new_initial_state()
    out = []
    for a in history:
        out.append(state.current_player())
        state.apply_action(a)
    out.append(state.current_player())
    return out


def test_every_decision_is_a_lead_of_any_card_held() -> None:
    game = load(players=4)
    for state in random_playout_states(game, random.Random(2)):
        if state.is_chance_node() or state.is_terminal():
            continue
        q = state.current_player()
        assert state.legal_actions() == [
            E.LEAD_ACTION_BASE + c for c in range(NUM_SUITS * NUM_RANKS) if hand(state, q) >> c & 1
        ]
        assert state.s.run == () or len(state.s.run) == E.RUN_LENGTH
