"""Authors (Foster, AUTHORS): the golden tests (a failed ask passes the turn to the asked
player; a successful ask keeps it; four of a kind laid at once as a trick; the most tricks take
the pool), the ASSUMPTIONs (asking for one's own card, ties and the odd counter carried, a
player without cards skipped and never asked, the closing), the public record of asks, and the
determinizer (what a miss and an ask say of the hidden cards).

Small packs (``ranks``: A 2 3 of each suit) keep each deal to a handful of cards; asks are made
by their words (``action_to_string``), so each test reads like the book.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs
from hoyle.agents import make
from hoyle.envs.core.cards import parse_card, parse_cards
from hoyle.envs.core.draw import multinomial
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.core.events import card_positions
from hoyle.envs.core.observe import HoyleObserver
from hoyle.envs.games import authors as A
from hoyle.envs.games.authors import worlds
from tests.helpers import do, draws_misfit, names


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_authors", params)


def deal(game: Any, *hands: str, state: Any = None) -> Any:
    """Deal each seat these cards, one at a time from the dealer's left (seat 0 in the first
    deal): the seats nearest his left hold the odd cards."""
    state = game.new_initial_state() if state is None else state
    cards = [parse_cards(h) for h in hands]
    rules = game.rules
    while state.is_chance_node():
        state.apply_action(cards[rules.deal_recipient(state.s)].pop(0))
    assert not any(cards), "the hands must be the whole pack, dealt round to the last card"
    return state


def ask(state: Any, asker: int, asked: int, c: str) -> Any:
    return do(state, f"player {asker} asks player {asked} for the {c}")


def public_lines(state: Any) -> list[str]:
    rules = state.get_game().rules
    schema = rules.event_schema
    return schema.lines(schema.public(state.s.log), lambda q: f"player {q}", A.view.rank_words)


THREE = ("♠A ♥A ♠2 ♥3", "♦A ♦2 ♥2 ♠3", "♣A ♣2 ♦3 ♣3")
"""Three players, A 2 3 of each suit: nobody is dealt four of a kind."""


def three() -> Any:
    return deal(load(players=3, ranks=3), *THREE)


# --- golden tests -------------------------------------------------------------------------


def test_the_eldest_hand_asks_first() -> None:
    assert three().current_player() == 0


def test_a_failed_ask_transfers_the_turn_to_the_asked_player() -> None:
    state = ask(three(), 0, 1, "♣2")
    assert state.current_player() == 1
    assert state.s.hands[0] == sum(1 << c for c in parse_cards("♠A ♥A ♠2 ♥3"))
    assert public_lines(state)[-2:] == ["player 0 asks for ♣2", "player 1 has not ♣2"]


def test_a_successful_ask_keeps_the_turn() -> None:
    state = ask(three(), 0, 1, "♦A")
    assert state.current_player() == 0
    assert state.s.hands[0] >> parse_card("♦A") & 1
    assert not state.s.hands[1] >> parse_card("♦A") & 1
    assert public_lines(state)[-2:] == ["player 0 asks for ♦A", "player 1 hands over ♦A"]
    # The card handed over is placed by the record, in every player's view.
    for p in range(3):
        assert state.s.located[0] == 1 << parse_card("♦A")
        assert "known to hold ♦A" in state.observation_string(p)


def test_four_of_a_kind_is_removed_at_once_as_a_trick() -> None:
    state = ask(ask(three(), 0, 1, "♦A"), 0, 2, "♣A")
    assert state.s.tricks[0] == 1 << 0  # the Aces
    assert not state.s.hands[0] & A.rank_mask(0)
    assert state.current_player() == 0
    assert public_lines(state)[-1] == "player 0 lays a trick of Aces"
    assert "tricks: Aces" in state.observation_string(1)


def test_four_of_a_kind_dealt_is_laid_when_the_deal_is_over() -> None:
    state = deal(load(players=3, ranks=3), "♠A ♥A ♦A ♣A", "♠2 ♥2 ♦2 ♥3", "♣2 ♠3 ♦3 ♣3")
    assert state.s.tricks == (1, 0, 0)
    assert state.s.hands[0] == 0
    # The eldest hand has no cards left: the right to ask passes to his left.
    assert state.current_player() == 1


def _play_three_to_the_end() -> Any:
    state = ask(ask(three(), 0, 1, "♦A"), 0, 2, "♣A")  # Aces
    state = ask(ask(ask(state, 0, 1, "♦2"), 0, 1, "♥2"), 0, 2, "♣2")  # Deuces
    return ask(ask(ask(state, 0, 1, "♠3"), 0, 2, "♦3"), 0, 2, "♣3")  # Treys


def test_most_tricks_take_the_pool() -> None:
    state = _play_three_to_the_end()
    assert state.is_terminal()
    assert state.s.tricks[0] == 0b111
    # Each deposited a counter; player 0 takes the three.
    assert state.returns() == [2.0, -1.0, -1.0]
    assert public_lines(state)[-1] == "player 0 takes 3 counters from the pool"


# --- the ASSUMPTIONs ------------------------------------------------------------------------


def test_asking_for_ones_own_card_is_legal_and_a_miss() -> None:
    """The book's "legitimate artifice": asking for a card you hold loses the ask."""
    state = three()
    assert "player 0 asks player 1 for the ♠2" in names(state)
    state = ask(state, 0, 1, "♠2")
    assert state.current_player() == 1
    assert state.s.hands[0] >> parse_card("♠2") & 1
    assert public_lines(state)[-1] == "player 1 has not ♠2"


def test_an_ask_must_name_a_denomination_the_asker_holds() -> None:
    state = deal(load(players=3, ranks=3), "♠A ♥A ♦A ♠2", "♣A ♥2 ♦2 ♥3", "♣2 ♠3 ♦3 ♣3")
    legal = names(state)
    assert "player 0 asks player 1 for the ♣A" in legal
    assert not any(n.endswith("♥3") for n in legal)  # he holds no Trey
    assert not any("asks player 0" in n for n in legal)  # nor asks himself
    action = A.ask_action(1, parse_card("♥3"))
    with pytest.raises(IllegalActionError, match="denomination the asker holds"):
        state.apply_action(action)
    assert state.current_player() == 0


def test_a_player_without_cards_is_skipped_and_never_asked() -> None:
    # Five players, A 2 3: three cards to each of the first two, two to the rest.
    game = load(players=5, ranks=3)
    state = deal(game, "♠A ♥A ♦A", "♣A ♠2 ♥2", "♦2 ♣2", "♠3 ♥3", "♦3 ♣3")
    state = ask(state, 0, 1, "♣A")
    assert state.s.hands[0] == 0 and state.s.tricks[0] == 1
    assert state.current_player() == 1  # the next on the left who holds cards
    assert not any("asks player 0" in n for n in names(state))
    with pytest.raises(IllegalActionError, match="holds no cards"):
        state.apply_action(A.ask_action(0, parse_card("♦2")))


def test_ties_divide_the_pool_and_the_odd_counter_stays_in_it() -> None:
    game = load(players=3, ranks=2, deals=2)
    state = deal(game, "♠A ♥A ♦A", "♣A ♠2 ♥2", "♦2 ♣2")
    state = ask(state, 0, 1, "♣A")  # Aces to player 0, who has no cards left
    state = ask(ask(state, 1, 2, "♦2"), 1, 2, "♣2")  # Deuces to player 1
    # A tie at one trick each: the pool of three gives one to each, one stays for the next deal.
    assert public_lines(state)[-2:] == [
        "player 0 takes 1 counters from the pool",
        "player 1 takes 1 counters from the pool",
    ]
    assert state.is_chance_node() and state.s.deal_no == 1
    assert sum(state.s.pools[0]) == 1 + 3  # the odd counter and the new deposits
    # The second deal (player 0 deals: player 1 is the eldest hand) goes to player 2 alone.
    state = deal(game, "♦2 ♣2", "♠A ♥A ♦A", "♣A ♠2 ♥2", state=state)
    assert state.current_player() == 1
    state = ask(state, 1, 2, "♣A")  # player 1 has no cards left: player 2 asks
    state = ask(ask(state, 2, 0, "♦2"), 2, 0, "♣2")
    # A tie again: two each, the odd counter stays, and goes back to its staker at the end.
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == 0
    assert returns == [-1.0, 1.0, 0.0]


def test_the_asking_is_closed_after_max_asks() -> None:
    game = load(players=3, ranks=3, max_asks=20)
    state = deal(game, *THREE)
    for _ in range(10):  # players 0 and 1 ask each other for their own cards
        ask(state, 0, 1, "♠2")
        ask(state, 1, 0, "♦2")
    assert state.is_terminal()
    assert public_lines(state)[-4] == "the asking is closed: the deal's tricks are counted"
    assert state.returns() == [0.0, 0.0, 0.0]  # nobody made a trick: the pool goes back


def test_two_to_eight_players_and_no_more() -> None:
    assert hoyle.envs.GAMES["authors"].max_players == 8
    with pytest.raises((GameParameterError, ValueError, RuntimeError)):
        load(players=9)


def test_the_record_is_the_same_for_every_observer() -> None:
    state = ask(ask(three(), 0, 1, "♦A"), 0, 1, "♣2")
    rules = state.get_game().rules
    asks = [
        line
        for line in rules.view_string(rules.player_view(state.s, 2), True).splitlines()
        if "ask" in line or "hands over" in line or "has not" in line
    ]
    assert [a.strip() for a in asks[-4:]] == [
        "player 0 asks for ♦A",
        "player 1 hands over ♦A",
        "player 0 asks for ♣2",
        "player 1 has not ♣2",
    ]


# --- the determinizer -------------------------------------------------------------------------


def _worlds(state: Any, player: int, draws: int) -> list[Any]:
    return [
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        for i in range(draws)
    ]


def test_a_miss_binds_the_asked_player_while_the_card_has_not_moved() -> None:
    state = ask(three(), 0, 1, "♣2")  # player 1 has not the ♣2
    for world in _worlds(state, 0, 40):
        assert not world.s.hands[1] >> parse_card("♣2") & 1
        assert world.s.hands[2] >> parse_card("♣2") & 1  # the only other place


def test_an_ask_says_the_asker_holds_its_denomination() -> None:
    state = ask(three(), 0, 1, "♣2")  # player 1 to ask
    state = ask(state, 1, 0, "♥A")  # player 1 holds an Ace (the ♦A): a miss, player 0 asks
    said = worlds.statements(state.get_game().rules, state.s, 2)
    assert 1 in said.must[0]
    seen = set()
    for world in _worlds(state, 2, 60):
        h = world.s.hands[1]
        assert h & A.rank_mask(0), "player 1 asked for an Ace, so he holds one"
        seen.add(h)
    assert len(seen) > 1


def test_the_record_of_a_deal_is_replayed_by_every_world() -> None:
    rng = random.Random(3)
    game = load(players=4)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < 140:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for p in range(4):
        for world in _worlds(state, p, 5):  # replayed with legality checked
            assert world.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("players", [2, 8])
def test_the_full_pack_re_dealt_keeps_every_view_and_the_fast_tensors(players: int) -> None:
    """The book's game, which the generic suites re-deal only on A 2 3 4 closed after 40
    asks (``replay_config``): a deal of heuristic players (who keep the record, so the asks
    say much), re-dealt for every player at every eighth decision (every other, two-handed: a
    deal of some twenty asks). His views are unchanged, the world replays legally, the fast
    tensors (``tensor_bits``) are the view's encoding in it, and with eight players the hidden
    cards do change (two-handed, the opponent's hand is the pack less his own and the tricks:
    no re-deal can move a card)."""
    game = load(players=players)
    bots = [make("heuristic", game, seed=q) for q in range(players)]
    rng = random.Random(5)
    observers = [
        (HoyleObserver(game.rules, recall), HoyleObserver(game.rules, recall, bits=False))
        for recall in (False, True)
    ]
    state = game.new_initial_state()
    decisions = changed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        decisions += 1
        if decisions % (8 if players > 2 else 2) == 1:
            for p in range(players):
                sampler = pyspiel.UniformProbabilitySampler(decisions * 8 + p, 0.0, 1.0)
                world = state.resample_from_infostate(p, sampler)
                assert world.information_state_string(p) == state.information_state_string(p)
                assert world.observation_string(p) == state.observation_string(p)
                assert world.current_player() == state.current_player()
                for fast, slow in observers:
                    fast.set_from(world, p)
                    slow.set_from(world, p)
                    assert np.array_equal(fast.tensor, slow.tensor)
                changed += world.s.hands != state.s.hands
        state.apply_action(bots[state.current_player()].step(state))
    assert decisions > 10
    assert (changed > 0) == (players > 2), changed


@pytest.mark.parametrize("players", [2, 8])
def test_openspiel_random_sim_on_the_full_pack(players: int) -> None:
    """OpenSpiel's own random play of the book's game (the generic suite runs it with
    serialization at every step on A 2 3 4 only, ``replay_config``)."""
    pyspiel.random_sim_test(load(players=players), num_sims=2, serialize=False, verbose=False)


def _partitions(cards: list[int], caps: dict[int, int]) -> Any:
    """Every way to give ``cards`` to the seats of ``caps``, each exactly his number."""
    seats = sorted(caps)
    if not seats:
        yield {}
        return
    first, rest = seats[0], {q: caps[q] for q in seats[1:]}
    for mine in itertools.combinations(cards, caps[first]):
        left = [c for c in cards if c not in mine]
        for others in _partitions(left, rest):
            yield {first: mine, **others}


def _brute_worlds(state: Any, player: int, most: int) -> dict[Any, float] | None:
    """Every placement of the hidden cards that replays legally to ``player``'s information
    state (each seat's cards in its deal places in card order: the deal's order is unseen,
    and every order makes as many histories), keyed by the hands; ``None`` where there are
    more than ``most`` placements to try."""
    game = state.get_game()
    rules = game.rules
    hidden = rules.hidden_cards(state.s, player)
    places: dict[int, list[int]] = {}
    for at, c in sorted(card_positions(state.s.log).items()):
        if c in hidden:
            places.setdefault(hidden[c], []).append(at)
    caps = {q: len(ats) for q, ats in places.items()}
    if multinomial(len(hidden), tuple(caps.values())) > most:
        return None
    want = state.information_state_string(player)
    out: dict[Any, float] = {}
    for split in _partitions(sorted(hidden), caps):
        history = list(state.history())
        for q, mine in split.items():
            for at, c in zip(places[q], sorted(mine), strict=True):
                history[at] = c
        try:
            world = game.new_initial_state()
            for a in history:
                world.apply_action(a)
        except Exception:
            continue
        if world.information_state_string(player) == want:
            out[world.s.hands] = 1.0
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_counted_draw_is_uniform_over_every_world_that_makes_the_record(players: int) -> None:
    """Seeded random deals with A 2 3 4 of each suit, where the record's *must*, *not all* and
    misses all bind the draw: at two decision states with a *must* and 3 to 60 worlds, the
    re-deals against a brute force of every placement replayed with legality checked."""
    game = load(players=players, ranks=4)
    rules = game.rules
    checked = 0
    failures = []
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            p = (state.current_player() + 1) % players
            if any(worlds.statements(rules, state.s, p).must):
                found = _brute_worlds(state, p, 2000)
                if found is not None and 3 <= len(found) <= 60:
                    checked += 1
                    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
                    misfit = draws_misfit(
                        found,
                        lambda: state.resample_from_infostate(p, sampler).s.hands,  # noqa: B023
                        40,
                        1e-4,
                        f"seed {seed}, player {p}",
                    )
                    if misfit:
                        failures.append(misfit)
                    break
            state.apply_action(rng.choice(state.legal_actions()))
        if checked == 2:
            break
    assert checked == 2, f"only {checked} states with a must and 3 to 60 worlds were found"
    assert not failures, "\n".join(failures)
