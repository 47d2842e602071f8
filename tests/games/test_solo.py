"""Solo (RULES.md §6.1-§6.5, §6.7, Appendix A): the golden trump orders and values, the deal,
the auction and the games, the hidden partner, payments, and the void- and
partnership-respecting determinizer.

Deals are explicit chance actions written in card notation; moves are played by their words
(``action_to_string``), so each test reads like the book.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from scipy.stats import chisquare

import hoyle.envs  # noqa: F401
from hoyle.envs.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_SYMBOLS,
    format_card,
    format_cards,
    iter_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from hoyle.envs.core.events import card_positions
from hoyle.envs.core.rules import TERMINAL
from hoyle.envs.core.tricks import NO_TRUMP, legal_plays, suit_order, trick_winner, trump_order
from hoyle.envs.games import solo as S
from tests.helpers import do, names

# Seat 0 is the eldest hand (dealer 3). Seat 0 holds seven trumps in hearts and both black
# Queens; the outstanding hearts are one each with seats 1, 2 and 3.
DEAL_D = {
    0: "♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♦A",
    1: "♠A ♠K ♠J ♠10 ♠9 ♠8 ♠7 ♥9",
    2: "♥10 ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7",
    3: "♣A ♣K ♣J ♣10 ♣9 ♣8 ♣7 ♥8",
}


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_solo", params)


def table(game: Any, hands: dict[int, str]) -> Any:
    """A new deal giving each seat these cards, in the dealing order (3-2-3 from eldest)."""
    state = game.new_initial_state()
    cards = {q: parse_cards(h) for q, h in hands.items()}
    for seat in game.rules.deal_seats:
        state.apply_action(cards[seat].pop(0))
    assert not any(cards.values())
    return state


def play_tricks(state: Any, bidder: int, tricks: int | None = None) -> Any:
    """Play on: the bidder plays his strongest legal card, everyone else his weakest."""
    tr = state.get_game().rules.tricks[state.s.trump]

    def key(c: int) -> int:
        return tr.power[c] + (1000 if tr.suit[c] == tr.trump else 0)

    start = len(state.s.past)
    while state.s.phase == S.PLAY and (tricks is None or len(state.s.past) < start + tricks):
        p = state.current_player()
        legal = state.legal_actions()
        state.apply_action(max(legal, key=key) if p == bidder else min(legal, key=key))
    return state


# --- golden tests (RULES.md §6.7) ------------------------------------------------------------


def test_golden_trump_order_hearts() -> None:
    rules = load().rules
    order = [c for c in trump_order(rules.tricks[HEARTS]) if rules.pack_mask >> c & 1]
    assert format_cards(order) == "♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8"
    assert len(order) == 10


def test_golden_trump_order_clubs() -> None:
    rules = load().rules
    order = [c for c in trump_order(rules.tricks[CLUBS]) if rules.pack_mask >> c & 1]
    assert format_cards(order) == "♣Q ♣7 ♠Q ♣A ♣K ♣J ♣10 ♣9 ♣8"
    assert len(order) == 9
    spades = [c for c in trump_order(rules.tricks[SPADES]) if rules.pack_mask >> c & 1]
    assert len(spades) == 9


@pytest.mark.parametrize(
    ("kind", "in_suit", "in_colour"),
    [(S.SIMPLE, 2, 4), (S.SOLO, 4, 8), (S.TOUT, 16, 32), (S.TOUT_PARTNER, 16, 32)],
)
def test_golden_values_table(kind: int, in_suit: int, in_colour: int) -> None:
    """§6.2: Simple 2/4, Solo (and Forcée) 4/8, Tout 16/32."""
    for suit in (SPADES, HEARTS, DIAMONDS):
        assert S.game_value(kind, suit) == in_suit
    assert S.game_value(kind, CLUBS) == in_colour


# --- the deal --------------------------------------------------------------------------------


def test_deal_is_3_2_3_from_eldest_and_eight_each() -> None:
    game = load()
    rules = game.rules
    assert rules.num_cards == 32 and rules.eldest == 0
    assert rules.deal_seats[:12] == (0,) * 3 + (1,) * 3 + (2,) * 3 + (3,) * 3
    assert rules.deal_seats[12:20] == (0, 0, 1, 1, 2, 2, 3, 3)
    assert rules.deal_seats[20:] == (0,) * 3 + (1,) * 3 + (2,) * 3 + (3,) * 3
    state = table(game, DEAL_D)
    assert [h.bit_count() for h in state.s.hands] == [8, 8, 8, 8]
    assert state.current_player() == 0 and state.s.phase == S.AUCTION
    outcomes = game.new_initial_state().chance_outcomes()
    assert len(outcomes) == 32 and abs(sum(p for _, p in outcomes) - 1) < 1e-12


def test_dealer_parameter_moves_the_eldest_hand() -> None:
    game = load(dealer=1)
    assert game.rules.eldest == 2 and game.rules.deal_seats[0] == 2
    state = table(game, DEAL_D)
    assert state.current_player() == 2


# --- the auction and the announcement -------------------------------------------------------


def test_auction_bids_rise_and_the_winner_announces_at_least_his_bid() -> None:
    state = table(load(), DEAL_D)
    assert sorted(names(state)) == sorted(["pass", "bid 2", "bid 4", "bid 8", "bid 16", "bid 32"])
    do(state, "bid 2", "bid 4")
    assert "bid 4" not in names(state) and "bid 8" in names(state)
    do(state, "pass", "pass", "bid 8", "pass")
    assert state.s.phase == S.ANNOUNCE and state.current_player() == 0
    legal = names(state)
    assert "Solo, ♣ trumps (colour) (8)" in legal
    assert "Tout, ♥ trumps (16)" in legal
    assert "Solo, ♥ trumps (4)" not in legal and "Simple game, ♣ trumps (colour) (4)" not in legal


# --- Simple game, the hidden partner ---------------------------------------------------------


def simple_hearts_calling(call: str) -> Any:
    state = table(load(), DEAL_D)
    return do(state, "bid 2", "pass", "pass", "pass", "Simple game, ♥ trumps (2)", call)


def test_called_ace_must_be_of_a_plain_suit() -> None:
    state = table(load(), DEAL_D)
    do(state, "bid 2", "pass", "pass", "pass", "Simple game, ♥ trumps (2)")
    assert sorted(names(state)) == ["call for the ♠A", "call for the ♣A", "call for the ♦A"]


def test_simple_game_partner_hidden_until_the_ace_falls_and_paid_one_each() -> None:
    state = simple_hearts_calling("call for the ♠A")
    assert state.s.holder == 1
    for p in (0, 2, 3):
        assert state.player_view(p).partner == -1
        assert "Partner: unknown" in state.observation_string(p)
    assert state.player_view(1).partner == 1
    play_tricks(state, bidder=0)
    # Five tricks to the bidder alone; he cannot know his side has them, so the hand stops.
    assert state.is_terminal() and len(state.s.past) == 5
    assert state.returns() == [2.0, 2.0, -2.0, -2.0]


def test_partner_revealed_when_the_ace_falls() -> None:
    state = simple_hearts_calling("call for the ♦A")  # seat 0 holds the ♦A: he plays alone
    assert state.s.holder == 0
    assert state.player_view(2).partner == -1 and state.player_view(0).partner == 0
    do(state, "lead ♦A")
    assert all(state.player_view(p).partner == 0 for p in range(4))


def test_calling_his_own_ace_plays_alone_and_may_go_on() -> None:
    state = simple_hearts_calling("call for the ♦A")
    play_tricks(state, bidder=0)
    # He knows he is alone: after five tricks he may go on.
    assert state.s.phase == S.GO_ON and state.current_player() == 0
    assert state.player_view(1).partner == -1
    do(state, "abandon the hand with five tricks")
    assert state.returns() == [6.0, -2.0, -2.0, -2.0]


# --- Solo, Tout, going on, hopeless hands ----------------------------------------------------


def test_solo_goes_on_and_wins_the_tout_value() -> None:
    state = table(load(), DEAL_D)
    do(state, "bid 4", "pass", "pass", "pass", "Solo, ♥ trumps (4)")
    play_tricks(state, bidder=0)
    assert state.s.phase == S.GO_ON
    do(state, "go on for all eight tricks")
    play_tricks(state, bidder=0)
    assert state.is_terminal() and len(state.s.past) == 8
    assert state.returns() == [48.0, -16.0, -16.0, -16.0]


def test_going_on_and_losing_a_trick_loses_the_tout_value() -> None:
    hands = {**DEAL_D, **{0: "♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♦7", 2: "♥10 ♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8"}}
    for choice, expected in (
        ("go on for all eight tricks", [-48.0, 16.0, 16.0, 16.0]),
        ("abandon the hand with five tricks", [12.0, -4.0, -4.0, -4.0]),
    ):
        state = table(load(), hands)
        do(state, "bid 4", "pass", "pass", "pass", "Solo, ♥ trumps (4)")
        play_tricks(state, bidder=0)
        do(state, choice)
        play_tricks(state, bidder=0)
        assert state.is_terminal() and state.returns() == expected


def test_no_going_on_without_the_parameter() -> None:
    state = table(load(go_on=False), DEAL_D)
    do(state, "bid 4", "pass", "pass", "pass", "Solo, ♥ trumps (4)")
    play_tricks(state, bidder=0)
    assert state.is_terminal() and state.returns() == [12.0, -4.0, -4.0, -4.0]


def test_hand_stops_when_the_bidder_can_no_longer_make_five() -> None:
    state = table(load(), DEAL_D)
    do(state, "pass", "pass", "bid 4", "pass", "Solo, ♦ trumps (4)")
    # Seat 0 holds Spadilla, Basta, the trump Ace and the ♥A: four tricks to the adversaries.
    while not state.is_terminal():
        legal = state.legal_actions()
        tr = state.get_game().rules.tricks[DIAMONDS]
        state.apply_action(max(legal, key=lambda c: tr.power[c] + 1000 * (tr.suit[c] == DIAMONDS)))
    assert len(state.s.past) == 4 and state.s.won[0] == 4
    assert state.returns() == [4.0, 4.0, -12.0, 4.0]


def test_tout_with_a_partner_shares_the_loss() -> None:
    state = table(load(), DEAL_D)
    do(state, "bid 16", "pass", "pass", "pass", "Tout with a partner, ♠ trumps (16)")
    do(state, "call for the ♦A")  # held by the bidder: alone, unknown to the others
    assert state.s.target == 8
    play_tricks(state, bidder=0)
    assert state.is_terminal()
    lone = state.s.won[0] == 8
    assert state.returns()[0] == (48.0 if lone else -48.0)
    state = table(load(), DEAL_D)
    do(state, "bid 16", "pass", "pass", "pass", "Tout with a partner, ♠ trumps (16)")
    do(state, "call for the ♣A")  # seat 3 is the partner
    play_tricks(state, bidder=0)
    r = state.returns()
    assert sorted(r) == [-16.0, -16.0, 16.0, 16.0] and r[0] == r[3]


# --- Forcée and the thrown-in deal -----------------------------------------------------------


def test_forcee_holder_of_both_black_queens_must_play() -> None:
    state = table(load(), DEAL_D)
    do(state, "pass", "pass", "pass", "pass")
    assert state.s.phase == S.FORCEE and state.current_player() == 0
    legal = names(state)
    assert "pass" not in legal and "Solo, ♣ trumps (colour) (8)" in legal
    assert "call for the ♥A" in legal
    # Everyone now knows where the black Queens are.
    assert all(state.player_view(p).forced == 0 for p in range(4))


def test_forcee_call_the_holder_names_trumps_not_the_aces_suit() -> None:
    state = table(load(), DEAL_D)
    do(state, "pass", "pass", "pass", "pass", "call for the ♠A")
    assert state.s.phase == S.NAME_TRUMP and state.current_player() == 1
    assert sorted(names(state)) == ["name ♣ trumps (colour)", "name ♥ trumps", "name ♦ trumps"]
    do(state, "name ♥ trumps")
    assert state.s.value == 4 and state.player_view(2).partner == 1
    play_tricks(state, bidder=0)
    # The partnership is public, so the forced player may go on.
    assert state.s.phase == S.GO_ON
    do(state, "abandon the hand with five tricks")
    assert state.returns() == [4.0, 4.0, -4.0, -4.0]


def test_forcee_solo_in_colour_is_worth_eight() -> None:
    state = table(load(), DEAL_D)
    do(state, "pass", "pass", "pass", "pass", "Solo, ♣ trumps (colour) (8)")
    assert state.s.value == 8 and state.s.bidder == 0 and state.s.holder == -1


def test_thrown_in_when_nobody_bids_and_the_black_queens_are_apart() -> None:
    hands = {**DEAL_D, **{0: "♣Q ♥7 ♠7 ♥A ♥K ♥Q ♥J ♦A", 1: "♠A ♠K ♠J ♠10 ♠9 ♠8 ♠Q ♥9"}}
    state = do(table(load(), hands), "pass", "pass", "pass", "pass")
    assert state.current_player() == TERMINAL and state.returns() == [0.0] * 4
    state = do(table(load(forcee=False), DEAL_D), "pass", "pass", "pass", "pass")
    assert state.is_terminal() and state.returns() == [0.0] * 4


def test_colour_parameter_doubles_another_suit() -> None:
    state = table(load(colour="hearts"), DEAL_D)
    do(state, "bid 2", "pass", "pass", "pass")
    assert "Simple game, ♥ trumps (colour) (4)" in names(state)
    assert "Simple game, ♣ trumps (2)" in names(state)


# --- information sets and the determinizer ---------------------------------------------------


def test_views_hide_other_hands_and_their_deals() -> None:
    state = simple_hearts_calling("call for the ♠A")
    view = state.player_view(2)
    assert view.hand == mask_of(parse_cards(DEAL_D[2]))
    text = state.information_state_string(2)
    for c in parse_cards(DEAL_D[1]):
        assert f"is dealt {format_card(c)}" not in text
    for c in parse_cards(DEAL_D[2]):
        assert f"player 2 is dealt {format_card(c)}" in text
    assert text.count("player 1 is dealt a card") == 8
    # Before the ♠A falls, the views of the bidder and the adversaries are the same whoever
    # holds it: swap the ♠A with the ♣A (seat 3) and nothing they see changes.
    hands = {**DEAL_D, **{1: "♣A ♠K ♠J ♠10 ♠9 ♠8 ♠7 ♥9", 3: "♠A ♣K ♣J ♣10 ♣9 ♣8 ♣7 ♥8"}}
    other = table(load(), hands)
    do(other, "bid 2", "pass", "pass", "pass", "Simple game, ♥ trumps (2)", "call for the ♠A")
    assert other.s.holder == 3 and state.s.holder == 1
    for p in (0, 2):
        assert other.information_state_string(p) == state.information_state_string(p)
        assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
    assert other.information_state_string(1) != state.information_state_string(1)


def test_determinizer_moves_the_hidden_partner_consistently() -> None:
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0, tricks=2)
    before = state.information_state_string(2)
    holders = set()
    for seed in range(200):
        other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.information_state_string(2) == before
        holders.add(other.s.holder)
        # the partnership follows the Ace: the called Ace is where the state says it is
        assert other.s.hands[other.s.holder] >> parse_card("♠A") & 1
    assert holders == {0, 1, 3}  # the bidder himself included: he might have called his own


def test_determinizer_respects_voids_in_200_redeals() -> None:
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0, tricks=2)
    # Trick 2 (♥7 led): seats 1, 2 and 3 showed out of trumps.
    tr = state.get_game().rules.tricks[HEARTS]
    for seat in (1, 2, 3):
        assert state.s.voids[seat] == 1 << HEARTS  # the suit mask of the suits shown out
    for seed in range(200):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        for seat in (1, 2, 3):
            assert not other.s.hands[seat] & tr.suit_masks[HEARTS]


def _states_with_excluded_partners(games: int) -> list[tuple[Any, int, int]]:
    """States (and viewer, excluded seat) where the hand's running on rules out a seat as the
    called Ace's holder (its partnership would have ended the hand), from seeded random play."""
    game = load()
    rules = game.rules
    out = []
    rng = random.Random(5)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            # steer towards Simple games: bid 2 or pass, announce a Simple game
            if state.s.phase == S.AUCTION:
                state.apply_action(
                    S.BID_ACTION_BASE if S.BID_ACTION_BASE in legal else S.PASS_ACTION
                )
            elif state.s.phase == S.ANNOUNCE:
                state.apply_action(rng.choice(legal[:4]))
            else:
                state.apply_action(rng.choice(legal))
            s = state.s
            if s.phase == S.PLAY and s.holder >= 0 and not s.ace_out and s.past:
                for p in range(4):
                    cands = rules.partner_candidates(s, p)
                    for q in range(4):
                        if q != p and not cands >> q & 1 and rules.partner_known_to(s, p) < 0:
                            out.append((state.clone(), p, q))
    return out


def test_determinizer_keeps_the_partnership_consistent_with_the_hand_running_on() -> None:
    found = _states_with_excluded_partners(80)
    assert found, "no state where the run of the hand rules a partner out"
    for state, p, q in found[:40]:
        ace = parse_card(SUIT_SYMBOLS[state.s.called] + "A")
        for seed in range(10):
            # replayed with legality checks: a world with the wrong partner would have ended
            other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0, 1))
            assert not other.s.hands[q] >> ace & 1
            assert other.information_state_string(p) == state.information_state_string(p)


def test_log_names_each_action_and_places_every_card_at_its_history_index() -> None:
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0, tricks=1)
    text = state.information_state_string(3)
    for words in (
        "player 0 bids 2",
        "player 1 passes",
        "player 0 announces a Simple game, hearts trumps",
        "player 0 calls for the Ace of spades",
        "player 0 plays ♣Q",
    ):
        assert words in text
    history = state.history()
    placed = card_positions(state.s.log)
    assert sorted(placed) == list(range(32)) + list(range(len(history) - 4, len(history)))
    assert all(history[at] == c for at, c in placed.items())
    # The Forcée is announced in the log: the forced player's Queens are public.
    state = do(table(load(), DEAL_D), "pass", "pass", "pass", "pass")
    assert "player 0 holds both black Queens: a Forcée" in state.information_state_string(2)


def test_hidden_cards_are_the_other_hands_and_the_undealt() -> None:
    game = load()
    rules = game.rules
    state = table(game, DEAL_D)
    hidden = rules.hidden_cards(state.s, 2)
    assert set(hidden) == set(parse_cards(" ".join(DEAL_D[q] for q in (0, 1, 3))))
    assert all(state.s.hands[q] >> c & 1 for c, q in hidden.items())
    # During the deal, the cards not yet dealt are hidden too, as undealt.
    part = game.new_initial_state()
    for c in parse_cards("♣Q ♥7 ♠Q ♠A ♠K")[:5]:
        part.apply_action(c)
    hidden = rules.hidden_cards(part.s, 0)
    assert len(hidden) == 32 - 3 and list(hidden.values()).count("undealt") == 27
    assert rules.forbidden_cards(part.s, 0) == {1: 0, 2: 0, 3: 0}


def test_forbidden_cards_count_the_matadors_as_trumps() -> None:
    """A seat that showed out of trumps holds no Matador either (Spadilla and Basta are trumps,
    never clubs or spades); the called Ace is forbidden to the viewer's impossible partners."""
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0, tricks=2)
    rules = state.get_game().rules
    forbidden = rules.forbidden_cards(state.s, 0)
    for q in (1, 2, 3):
        assert forbidden[q] >> S.SPADILLA & 1 and forbidden[q] >> S.BASTA & 1
        assert forbidden[q] >> parse_card("♥A") & 1 and not forbidden[q] >> parse_card("♣A") & 1
    assert 0 not in forbidden  # his own hand is not re-dealt
    # Seat 2 knows neither where the ♠A is nor that the bidder lacks it.
    assert rules.partner_candidates(state.s, 2) == 0b1011
    assert not any(m >> parse_card("♠A") & 1 for m in rules.forbidden_cards(state.s, 2).values())


def test_determinizer_keeps_the_forcee_queens_and_the_named_partner() -> None:
    state = table(load(), DEAL_D)
    do(state, "pass", "pass", "pass", "pass", "call for the ♠A", "name ♥ trumps")
    play_tricks(state, bidder=0, tricks=1)
    for seed in range(100):
        other = state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.s.forced == 0 and other.s.holder == 1
        assert other.s.hands[0] & S.BLACK_QUEENS == state.s.hands[0] & S.BLACK_QUEENS
        assert other.s.hands[1] >> parse_card("♠A") & 1
        assert other.information_state_string(3) == state.information_state_string(3)


def test_determinizer_during_the_deal() -> None:
    game = load()
    state = game.new_initial_state()
    for c in parse_cards(DEAL_D[0])[:3] + parse_cards(DEAL_D[1])[:3] + parse_cards(DEAL_D[2])[:2]:
        state.apply_action(c)
    seen = set()
    for seed in range(30):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.s.hands[0] == state.s.hands[0] and other.is_chance_node()
        seen.add(other.s.hands[1] | other.s.hands[2])
    assert len(seen) > 20  # the others' cards come from all 29 the eldest has not seen


def _brute_force_worlds(state: Any, player: int) -> dict[tuple[int, ...], int]:
    """Every re-labelling of the cards ``player`` has not seen over the history positions where
    they were dealt, replayed with legality checks: the hands of each world he cannot tell
    from ``state``, with how many deal orders give it."""
    game = state.get_game()
    rules = game.rules
    history = state.history()
    hidden = rules.hidden_cards(state.s, player)
    positions = [at for at, c in card_positions(state.s.log).items() if c in hidden]
    assert len(positions) == len(hidden)
    target = state.information_state_string(player)
    worlds: dict[tuple[int, ...], int] = {}
    for perm in itertools.permutations([history[at] for at in positions]):
        h = list(history)
        for at, c in zip(positions, perm, strict=True):
            h[at] = c
        other = game.new_initial_state()
        try:
            for a in h:
                other.apply_action(a)
        except Exception:  # an illegal play (a void broken) or a hand that would have ended
            continue
        if other.information_state_string(player) == target:
            worlds[other.s.hands] = worlds.get(other.s.hands, 0) + 1
    return worlds


def _late_states(want: int) -> list[tuple[Any, int]]:
    """Seeded random Simple games, six tricks played, the called Ace not fallen: (state, viewer)
    where the run of the hand rules some seat out as the partner."""
    game = load()
    rules = game.rules
    rng = random.Random(11)
    out: list[tuple[Any, int]] = []
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < want:
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            if state.s.phase == S.AUCTION:
                state.apply_action(S.BID_ACTION_BASE if S.BID_ACTION_BASE in legal else legal[0])
            elif state.s.phase == S.ANNOUNCE:
                state.apply_action(rng.choice(legal[:4]))
            else:
                state.apply_action(rng.choice(legal))
            s = state.s
            if s.phase == S.PLAY and len(s.past) == 6 and not s.trick and s.holder >= 0:
                if not s.ace_out and s.holder != s.bidder:
                    p = next(q for q in range(4) if q not in (s.bidder, s.holder))
                    if rules.partner_candidates(s, p).bit_count() < 3:
                        out.append((state.clone(), p))
                break
        if len(out) >= want:
            break
    return out


def test_determinizer_is_exact_on_late_hands() -> None:
    """Draws are uniform over the worlds the viewer cannot tell apart, found by brute force
    (every deal order of the unseen cards, replayed): the partnership's consistency with the run
    of the hand and the voids are all the determinizer needs, and it needs no more."""
    found = _late_states(3)
    assert found, "no late hand with a partner ruled out"
    for i, (state, p) in enumerate(found):
        worlds = _brute_force_worlds(state, p)
        assert len(worlds) > 1
        keys = sorted(worlds)
        draws = 40 * len(keys)
        sampler = pyspiel.UniformProbabilitySampler(77 + i, 0, 1)
        seen: dict[tuple[int, ...], int] = dict.fromkeys(keys, 0)
        for _ in range(draws):
            other = state.resample_from_infostate(p, sampler)
            assert other.s.hands in seen, "a world the viewer could tell apart"
            seen[other.s.hands] += 1
        total = sum(worlds.values())
        expected = [draws * worlds[k] / total for k in keys]
        assert chisquare([seen[k] for k in keys], expected).pvalue > 1e-4


def test_table_view_shows_the_players_view() -> None:
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0, tricks=1)
    do(state, "lead ♥7")
    rules = state.get_game().rules
    tv = rules.table_view(state.s, 2)
    assert tv.player == 2 and tv.to_move == 1 and len(tv.seats) == 4
    assert tv.zone("hand2").cards == tuple(sorted(iter_cards(state.s.hands[2])))
    assert tv.zone("hand1").cards == () and tv.zone("hand1").hidden == 7
    assert tv.zone("trick").cards == (parse_card("♥7"),)
    assert len(tv.zone("won0").cards) == 4 and tv.zone("won1").cards == ()
    counters = {(c.name, c.owner): c.value for c in tv.counters}
    assert counters[("tricks0", 0)] == 1 and counters[("game", 0)] == "Simple game"
    assert counters[("trumps", None)] == "♥" and counters[("called Ace", None)] == "♠A"
    assert counters[("partner", None)] == "unknown"
    assert tv.log[-1] == "player 0 plays ♥7"
    assert tv.seen_cards() <= set(iter_cards(state.s.hands[2] | S.played_cards(state.s))) | {
        parse_card("♥7")
    }
    # The holder of the called Ace knows himself; a re-deal for seat 2 leaves his table alone.
    assert {(c.name, c.owner): c.value for c in rules.table_view(state.s, 1).counters}[
        ("partner", 1)
    ] == "player 1"
    for seed in range(20):
        other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert rules.table_view(other.s, 2) == tv
    # During the deal: the undealt cards, face down.
    start = load().new_initial_state()
    start.apply_action(parse_card("♣Q"))
    assert rules.table_view(start.s, 0).zone("undealt").hidden == 31


def test_table_view_shows_the_payments_at_the_end() -> None:
    state = simple_hearts_calling("call for the ♠A")
    play_tricks(state, bidder=0)
    tv = state.get_game().rules.table_view(state.s, 3)
    assert [c.value for c in tv.counters if c.name.startswith("payment")] == [2, 2, -2, -2]
    assert {(c.name, c.owner): c.value for c in tv.counters}[("partner", 1)] == "player 1"


def test_card_play_sides_follow_the_true_partnership() -> None:
    state = simple_hearts_calling("call for the ♠A")
    cp = state.get_game().rules.card_play(state.s)
    assert cp.sides == (0, 0, 1, 1) and cp.points is None and cp.leader == 0
    assert cp.hands == state.s.hands and cp.tricks.trump == HEARTS
    state = table(load(), DEAL_D)
    assert state.get_game().rules.card_play(state.s) is None


def test_game_info_bounds() -> None:
    game = load()
    assert game.num_players() == 4
    assert game.max_utility() == 96 and game.min_utility() == -96
    assert game.num_distinct_actions() == S.NUM_DISTINCT_ACTIONS


# --- the trick table (§6.1, §6.4, §6.7) ------------------------------------------------------


def test_table_spades_trumps_and_a_plain_suit_without_its_queen() -> None:
    pack = load().rules.pack_mask
    spades = [c for c in trump_order(S.solo_tricks(SPADES)) if pack >> c & 1]
    assert format_cards(spades) == "♣Q ♠7 ♠Q ♠A ♠K ♠J ♠10 ♠9 ♠8"
    clubs = [c for c in suit_order(S.solo_tricks(DIAMONDS), CLUBS) if pack >> c & 1]
    assert format_cards(clubs) == "♣A ♣K ♣J ♣10 ♣9 ♣8 ♣7"  # Spadilla is a trump, not a club


def test_table_top_trumps_beat_the_suit() -> None:
    r = S.solo_tricks(HEARTS)
    assert trick_winner(parse_cards("♥A ♠Q ♥7"), r) == 2  # Manilla over Basta
    assert trick_winner(parse_cards("♥7 ♣Q ♠Q"), r) == 1  # Spadilla over all
    assert trick_winner(parse_cards("♠A ♠K ♠Q"), r) == 2  # Basta is a trump, never a spade
    assert legal_plays(mask_of(parse_cards("♠Q ♠8 ♦A")), SPADES, r) == mask_of(parse_cards("♠8"))
    assert legal_plays(mask_of(parse_cards("♠Q ♦A")), HEARTS, r) == mask_of(parse_cards("♠Q"))
    assert legal_plays(mask_of(parse_cards("♣Q ♣A")), CLUBS, r) == mask_of(parse_cards("♣A"))
    with pytest.raises(ValueError):
        S.solo_tricks(NO_TRUMP)  # every Solo game has trumps
