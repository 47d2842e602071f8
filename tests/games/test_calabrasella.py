"""Calabrasella: the book's worked examples (RULES.md §3.7, Appendix A), every phase, every
parameter, the information sets and the void-respecting determinizer.

Positions are dealt with explicit chance actions in card notation (``deal``): each active
seat's twelve cards and the talon are named (cards nobody names fill the rest in id order).
Three-handed with the default dealer, seat 0 is the eldest hand, seat 1 the second hand and
seat 2 the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import SPANISH_40, format_card, format_cards, parse_card, parse_cards
from hoyle.envs.core.deal import TALON as DEAL_TALON
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.core.events import HIDDEN
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.core.tricks import trick_points
from hoyle.envs.games import calabrasella as C
from hoyle.envs.games.calabrasella import CALABRASELLA_POINTS, calabrasella_tricks

# --- helpers -----------------------------------------------------------------------------------


def game(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_calabrasella", params)


def mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


# A fixed deal: E = eldest (seat 0), S = second (seat 1), D = dealer (seat 2), and the talon.
E = "♠3 ♠2 ♠A ♠K ♠Q ♠J ♠7 ♥A ♥K ♦A ♦4 ♣4"
S = "♥3 ♥2 ♥Q ♥J ♥7 ♥6 ♦K ♦Q ♦J ♦7 ♣5 ♠4"
D = "♦3 ♦2 ♦6 ♦5 ♣3 ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6"
TALON = "♠6 ♠5 ♥5 ♥4"
D_NO_D3 = "♥4 ♦2 ♦6 ♦5 ♣3 ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6"
"""The dealer's hand when ♦3 lies in the talon instead."""
TALON_D3 = "♠6 ♠5 ♥5 ♦3"


def deal(g: Any, hands: Sequence[str], talon: str = "", state: Any = None) -> Any:
    """Deal to the next decision: ``hands[i]`` to the i-th active seat (eldest first), ``talon``
    to the talon, in the order the deal reaches them."""
    s = state if state is not None else g.new_initial_state()
    want: dict[int, list[int]] = {i: parse_cards(h) for i, h in enumerate(hands)}
    want[-1] = parse_cards(talon)
    named = {c for cs in want.values() for c in cs}
    while s.is_chance_node():
        to = g.rules.deal_recipient(s.s, s.s.dealt.bit_count())
        key = -1 if to < 0 else s.s.active.index(to)
        left = [a for a, _ in s.chance_outcomes()]
        c = want[key].pop(0) if want.get(key) else next(a for a in left if a not in named)
        assert c in left, f"{c} is not undealt"
        s.apply_action(c)
    return s


def act(s: Any, *words: str) -> Any:
    """Apply actions by their words ("stand", "ask for ♦3", "discard ♣4", "play ♠3")."""
    for w in words:
        p = s.current_player()
        names = {s.action_to_string(p, a): a for a in s.legal_actions()}
        assert w in names, f"{w!r} not legal; legal: {sorted(names)}"
        s.apply_action(names[w])
    return s


def standard(g: Any | None = None) -> Any:
    """The fixed deal; the eldest hand stands, asks for ♦3 (the dealer has it), gives ♣4,
    discards ♦4 and ♥K, takes ♠6 ♠5."""
    g = g or game()
    s = deal(g, [E, S, D], TALON)
    return act(s, "stand", "ask for ♦3", "give ♣4", "discard ♥K", "discard ♦4",
               "done discarding", "take ♠5", "take ♠6")  # fmt: skip


def random_state(g: Any, rng: random.Random, stop: float = 0.5) -> Any:
    s = g.new_initial_state()
    while not s.is_terminal():
        if not s.is_chance_node() and rng.random() < stop / 20:
            break
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def play_random(s: Any, rng: random.Random) -> Any:
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


# --- golden tests (RULES.md §3.7, Appendix A) ----------------------------------------------------


def test_golden_23_points_wins_11_and_16_loses_3() -> None:
    assert C.settle(23) == 11
    assert C.settle(16) == -3


def test_golden_18_wins_17_loses_always() -> None:
    assert C.settle(18) == 1 and C.settle(17) == -1
    assert all(C.settle(p) > 0 for p in range(18, 36))
    assert all(C.settle(p) < 0 for p in range(0, 18))


def test_golden_revoke_24_11_becomes_33_2_wins_31() -> None:
    assert C.settle(24, revoke="adversaries") == 31
    # By the single player: 15-20, a loss of 5; the penalty never takes more than a side has.
    assert C.settle(24, revoke="single") == -5
    assert C.settle(30, revoke="adversaries") == 70  # 35-0 after the 5 points move
    with pytest.raises(ValueError):
        C.settle(20, revoke="dealer")


def test_golden_all_35_counts_70_and_the_largest_swing_is_140() -> None:
    assert C.settle(35) == 70 and C.settle(0) == -70
    g = game()
    assert g.max_utility() == 140 and g.min_utility() == -140
    assert game(players=4).max_utility() == 210


def test_golden_35_points_in_a_deal() -> None:
    g = game()
    assert g.rules.total == C.TOTAL_POINTS == 35
    pack = SPANISH_40.mask
    assert trick_points(pack, CALABRASELLA_POINTS) == 4 * 3 + 20 * 1
    # Every random deal played out shares exactly 35 points between the sides.
    rng = random.Random(3)
    for _ in range(30):
        s = play_random(g.new_initial_state(), rng)
        if s.s.single >= 0:
            assert sum(s.s.points) == 35
            assert s.s.result == C.settle(s.s.points[0])


def test_hint_10_three_aces_against_one_is_six_points() -> None:
    three = C.counting_points(mask("♠A ♥A ♦A"))
    one = C.counting_points(mask("♣A"))
    assert three + one == 12 and three - one == 6


# --- the deal -----------------------------------------------------------------------------------


def test_deal_four_at_a_time_from_the_eldest_twelve_each_and_a_talon_of_four() -> None:
    g = game()
    r = g.rules
    order = [r.deal_plan.holder(k) for k in range(40)]
    assert order[:12] == [0] * 4 + [1] * 4 + [2] * 4
    assert order[:36] == order[:12] * 3 and order[36:] == [DEAL_TALON] * 4
    s = deal(g, [E, S, D], TALON)
    assert [s.s.hands[q] for q in range(3)] == [mask(E), mask(S), mask(D)]
    assert s.s.talon == mask(TALON)
    assert s.current_player() == 0 and s.s.phase == C.DECLARE
    st = g.new_initial_state()
    assert st.action_to_string(CHANCE, parse_card("♥5")) == "deal ♥5 to player 0"
    assert g.max_chance_nodes_in_history() == 40


def test_chance_outcomes_uniform_over_undealt_cards() -> None:
    s = game().new_initial_state()
    out = s.chance_outcomes()
    assert len(out) == 40 and abs(sum(p for _, p in out) - 1) < 1e-12
    s.apply_action(out[0][0])
    assert len(s.chance_outcomes()) == 39


# --- declaring ----------------------------------------------------------------------------------


def test_declaring_in_turn_eldest_second_dealer_first_to_stand_is_single() -> None:
    s = deal(game(), [E, S, D], TALON)
    assert s.legal_actions() == [C.STAND_ACTION, C.PASS_ACTION]
    act(s, "pass")
    assert s.current_player() == 1
    act(s, "stand")
    assert s.s.single == 1 and s.s.phase == C.ASK and s.current_player() == 1


def test_all_pass_voids_the_deal() -> None:
    s = act(deal(game(), [E, S, D], TALON), "pass", "pass", "pass")
    assert s.is_terminal() and s.returns() == [0.0, 0.0, 0.0]


def test_all_pass_redeal_passes_the_deal_to_the_left() -> None:
    g = game(all_pass="redeal", max_deals=2)
    s = act(deal(g, [E, S, D], TALON), "pass", "pass", "pass")
    assert s.is_chance_node() and s.s.dealer == 0 and s.s.deal_no == 1
    assert s.s.active == (1, 2, 0) and s.s.dealt == 0 and s.s.ply == len(s.history())
    # The void deal is out of the determinizer's reach: no event names its history positions.
    assert all(at < 0 for *_, at in s.s.log) and s.s.log[-1][0] == C.EV_NEW_DEAL
    s = deal(g, [E, S, D], TALON, state=s)
    assert s.current_player() == 1  # the new eldest hand
    act(s, "pass", "pass", "pass")
    assert s.is_terminal() and s.returns() == [0.0, 0.0, 0.0]  # max_deals reached
    assert g.max_game_length() == 3 + 50


# --- asking and the exchange --------------------------------------------------------------------


def test_ask_for_a_three_not_held_the_holder_gives_it_up_and_gets_a_card() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand")
    names = sorted(s.action_to_string(0, a) for a in s.legal_actions())
    assert names == ["ask for ♣3", "ask for ♥3", "ask for ♦3"]  # holds ♠3
    act(s, "ask for ♦3")
    d3 = parse_card("♦3")
    assert s.s.giver == 2 and s.s.hands[0] >> d3 & 1 and not s.s.hands[2] >> d3 & 1
    assert s.s.phase == C.EXCHANGE and d3 not in s.legal_actions()  # not the card received
    act(s, "give ♣4")
    assert s.s.hands[2] >> parse_card("♣4") & 1 and s.s.phase == C.DISCARD


def test_ask_for_a_three_in_the_talon_nothing_happens() -> None:
    s = act(deal(game(), [E, S, D_NO_D3], TALON_D3), "stand")
    act(s, "ask for ♦3")
    assert s.s.giver == C.TALON_GIVER and s.s.phase == C.DISCARD and s.s.given == -1
    assert s.s.hands[0] == mask(E)


ALL_THREES = "♠3 ♥3 ♦3 ♣3 ♠A ♠K ♠Q ♠J ♠7 ♥A ♥K ♦A"
TWOS_S = "♠2 ♥2 ♥Q ♥J ♥7 ♥6 ♦K ♦Q ♦J ♦7 ♣5 ♠4"
TWOS_D = "♦2 ♣2 ♦6 ♦5 ♦4 ♣4 ♣A ♣K ♣Q ♣J ♣7 ♣6"


def test_holding_all_four_threes_may_ask_for_a_two() -> None:
    """Assumption 3: "If he has all four 3's in his hand he may ask for a 2, but for no lower
    card" — a 2 he does not hold, or nothing: both choices are his."""
    s = act(deal(game(), [ALL_THREES, TWOS_S, TWOS_D], TALON), "stand")
    names = sorted(s.action_to_string(0, a) for a in s.legal_actions())
    assert names == ["ask for nothing", "ask for ♠2", "ask for ♣2", "ask for ♥2", "ask for ♦2"]
    assert C.NO_ASK_ACTION in s.legal_actions()
    asked = act(s.clone(), "ask for ♣2")
    assert asked.s.giver == 2 and asked.s.phase == C.EXCHANGE
    assert asked.s.hands[0] >> parse_card("♣2") & 1
    act(s, "ask for nothing")
    assert s.s.phase == C.DISCARD and s.s.giver == C.ASKED_NOTHING and s.s.asked == -1
    assert s.s.hands == tuple(mask(h) for h in (ALL_THREES, TWOS_S, TWOS_D))  # no exchange
    for q in (1, 2):
        assert "player 0: ask for nothing" in s.information_state_string(q)


def test_asking_for_a_three_stays_compulsory() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand")
    assert C.NO_ASK_ACTION not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(C.NO_ASK_ACTION)


def test_determinizer_keeps_every_three_with_one_who_asked_for_nothing() -> None:
    """Asking for nothing shows the table that he holds all four 3s: a re-deal for an
    adversary never moves one of them (he may discard them: hand or discards)."""
    s = act(deal(game(), [ALL_THREES, TWOS_S, TWOS_D], TALON), "stand", "ask for nothing")
    act(s, "discard ♠3", "discard ♠7")
    r = s.get_game().rules
    seen = set()
    for seed in range(40):
        o = _resample(s, 1, seed)
        assert o.information_state_string(1) == s.information_state_string(1)
        assert (o.s.hands[0] | o.s.discards) & r.threes == r.threes
        seen.add((o.s.hands[2], o.s.talon))
    assert len(seen) > 10


def test_holding_every_three_and_two_there_is_nothing_to_ask() -> None:
    g = game(ranks=2, suits=2, hand_size=1)  # ♠3 ♠2 ♥3 ♥2: one each, a talon of one
    s = g.new_initial_state()
    for c in parse_cards("♠3 ♥3 ♠2 ♥2"):
        s.apply_action(c)
    act(s, "stand")
    assert s.s.phase == C.ASK  # he holds only ♠3
    r = g.rules
    assert r.asks(mask("♠3 ♥3 ♠2 ♥2")) == []


# --- discarding and the talon -------------------------------------------------------------------


def test_discard_one_to_four_in_rising_order_then_take_as_many() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4")
    assert C.DONE_ACTION not in s.legal_actions()  # at least one
    act(s, "discard ♦4")
    assert C.DONE_ACTION in s.legal_actions()
    assert all(a > parse_card("♦4") for a in s.legal_actions() if a < 52)
    act(s, "done discarding")
    assert s.s.phase == C.TAKE and s.s.exposed
    assert sorted(s.legal_actions()) == sorted(parse_cards(TALON))
    act(s, "take ♥5")
    assert s.s.phase == C.PLAY and s.current_player() == 0
    assert s.s.stock == mask("♦4 ♠6 ♠5 ♥4")
    assert len(parse_cards(E)) == s.s.hands[0].bit_count() == 12


def test_discarding_four_takes_the_whole_talon_without_choosing() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4",
            "discard ♠7", "discard ♠J", "discard ♥K", "discard ♦4")  # fmt: skip
    assert s.s.phase == C.PLAY and s.s.taken == mask(TALON)
    assert s.s.stock == mask("♦4 ♠7 ♥K ♠J")


def test_taking_in_rising_order_keeps_a_completion() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4",
            "discard ♥K", "discard ♦4", "done discarding")  # fmt: skip
    # Two to take from ♠5 ♠6 ♥4 ♥5 (ids ♠5 < ♠6 < ♥4 < ♥5): the highest cannot come first.
    assert parse_card("♥5") not in s.legal_actions()
    act(s, "take ♠6")
    assert sorted(s.legal_actions()) == sorted(parse_cards("♥4 ♥5"))


# --- the play -----------------------------------------------------------------------------------


def test_eldest_leads_follow_suit_no_obligation_to_win() -> None:
    g = game()
    s = act(deal(g, [E, S, D], TALON), "pass", "stand")  # the second hand is single
    act(s, "ask for ♠3", "give ♣5", "discard ♠4", "done discarding", "take ♠5")
    assert s.current_player() == 0  # the eldest leads, whoever is single
    act(s, "play ♠7")
    # Seat 1 holds ♠3 ♠5 now; both legal (no obligation to win); ♥ cards are not.
    assert sorted(s.legal_actions()) == sorted(parse_cards("♠3 ♠5"))
    act(s, "play ♠5")
    assert s.legal_actions() == sorted(parse_cards(D))  # void in spades: anything
    act(s, "play ♣A")
    assert s.s.voids[2] == 1 << 0  # showed out of spades
    assert s.current_player() == 0 and s.s.leader == 0  # ♠7 won
    assert s.s.points == (0, 3)  # the Ace on partner's trick


def test_last_trick_and_stock_go_to_its_winner() -> None:
    rng = random.Random(5)
    g = game()
    for _ in range(20):
        s = play_random(g.new_initial_state(), rng)
        if s.s.single < 0:
            continue
        side = 0 if s.s.last_winner == s.s.single else 1
        assert s.s.won[side] & s.s.stock == s.s.stock
        pts0 = C.counting_points(s.s.won[0]) + (3 if side == 0 else 0)
        assert s.s.points[0] == pts0


def test_returns_single_wins_or_loses_the_value_from_each_adversary() -> None:
    rng = random.Random(7)
    for players in (3, 4):
        g = game(players=players)
        seen = 0
        for _ in range(20):
            s = play_random(g.new_initial_state(), rng)
            if s.s.single < 0:
                continue
            v = s.s.result
            r = s.returns()
            assert r[s.s.single] == v * (players - 1)
            assert all(r[q] == -v for q in range(players) if q != s.s.single)
            seen += 1
        assert seen


def test_scripted_deal_scores_by_the_book() -> None:
    # The eldest holds 3 2 A K of spades and hearts; he plays his top cards; the book's count.
    s = standard()
    rng = random.Random(0)
    s = play_random(s, rng)
    pts = s.s.points[0]
    assert s.s.result == C.settle(pts)
    assert s.returns()[0] == 2 * C.settle(pts)


# --- four-handed ----------------------------------------------------------------------------------


def test_four_handed_dealer_takes_no_cards_and_shares_the_adversaries_fortunes() -> None:
    g = game(players=4)
    s = deal(g, [E, S, D], TALON)
    assert s.s.dealer == 3 and s.s.hands[3] == 0 and s.s.active == (0, 1, 2)
    act(s, "pass", "pass", "stand")
    assert s.s.single == 2
    s = play_random(s, random.Random(1))
    v = s.s.result
    assert s.returns() == [-v, -v, 3 * v, -v]
    seats = set()
    rng = random.Random(2)
    st = g.new_initial_state()
    while not st.is_terminal():
        if st.is_chance_node():
            st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
        else:
            seats.add(st.current_player())
            st.apply_action(rng.choice(st.legal_actions()))
    assert 3 not in seats


# --- parameters -----------------------------------------------------------------------------------


def test_parameters_are_checked() -> None:
    with pytest.raises(GameParameterError):
        game(players=5)
    with pytest.raises(GameParameterError):
        game(ranks=3, suits=2, hand_size=2)  # 6 cards: no talon
    with pytest.raises(GameParameterError):
        game(first_dealer=3)
    small = game(**C.SMALL_CONFIG)
    assert small.rules.pack_size == 16 and small.rules.talon_size == 4
    assert small.rules.total == 4 * 3 + 12 + 3


def test_small_config_plays_and_shares_its_points() -> None:
    g = game(**C.SMALL_CONFIG)
    rng = random.Random(11)
    for _ in range(50):
        s = play_random(g.new_initial_state(), rng)
        if s.s.single >= 0:
            assert sum(s.s.points) == g.rules.total


def test_illegal_actions_raise() -> None:
    s = deal(game(), [E, S, D], TALON)
    with pytest.raises(IllegalActionError):
        s.apply_action(parse_card("♠3"))


# --- information sets -----------------------------------------------------------------------------


def test_exchanged_card_seen_only_by_the_two_who_handle_it() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4")
    c4 = parse_card("♣4")
    v0, v1, v2 = (s.player_view(q) for q in range(3))
    assert v0.given == c4 and v2.given == c4 and v1.given == -1 and v1.exchanged
    assert "♣4" in s.information_state_string(2) and "♣4" in s.information_state_string(0)
    assert "♣4" not in s.information_state_string(1)
    # The asked card and who gave it up are public.
    assert v1.asked == parse_card("♦3") and v1.giver == 2
    t1 = np.asarray(s.information_state_tensor(1))
    other = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♠7")
    assert np.array_equal(t1, np.asarray(other.information_state_tensor(1)))
    assert s.information_state_string(1) == other.information_state_string(1)
    assert s.information_state_string(2) != other.information_state_string(2)


def test_discards_hidden_talon_exposed_to_all_stock_shown_at_the_end() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4", "discard ♦4")
    assert s.player_view(0).discards == mask("♦4")
    assert s.player_view(1).discards == 0 and s.player_view(1).ndiscards == 1
    assert s.player_view(1).talon == 0  # not yet turned up
    act(s, "done discarding")
    for q in range(3):
        assert s.player_view(q).talon == mask(TALON)
    act(s, "take ♥5")
    v1 = s.player_view(1)
    assert v1.stock_known == mask("♠6 ♠5 ♥4") and v1.taken == mask("♥5")
    assert s.player_view(0).stock_known == mask("♦4 ♠6 ♠5 ♥4")
    assert "♦4" not in s.observation_string(1) and "♦4" not in s.information_state_string(1)
    s = play_random(s, random.Random(3))
    assert s.player_view(1).stock_known == mask("♦4 ♠6 ♠5 ♥4")


def test_other_hands_absent_from_views() -> None:
    s = standard()
    public = mask(TALON) | mask("♦3")
    for q in range(3):
        v = s.player_view(q)
        assert v.hand == s.s.hands[q]
        known = public | (mask("♣4") if q in (0, 2) else 0) | s.s.hands[q]
        text = s.information_state_string(q)
        for other in range(3):
            for c in parse_cards(format_cards(s.s.hands[other] & ~known)):
                assert format_card(c) not in text, (q, format_card(c))


def test_deal_events_hide_other_seats_cards() -> None:
    s = deal(game(), [E, S, D], TALON)
    ev = s.player_view(1).events
    dealt = [(q, v) for k, q, v in ev if k == C.EV_DEAL]
    assert all(v == HIDDEN for q, v in dealt if q != 1)
    assert {v for q, v in dealt if q == 1} == set(parse_cards(S))
    assert all(v == HIDDEN for k, _, v in ev if k == C.EV_TALON)


# --- the determinizer -----------------------------------------------------------------------------


def _resample(s: Any, player: int, seed: int) -> Any:
    return s.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))


def test_determinizer_respects_voids_in_200_redeals() -> None:
    g = game()
    s = standard(g)
    act(s, "play ♠7", "play ♠4", "play ♣6")  # the dealer shows out of spades
    assert s.s.voids[2] & 1
    spades = g.rules.suit_masks[0]
    changed = 0
    for seed in range(200):
        for player in (0, 1):
            o = _resample(s, player, seed)
            assert not o.s.hands[2] & spades
            assert o.information_state_string(player) == s.information_state_string(player)
            changed += o.s.hands[2] != s.s.hands[2]
    assert changed > 100


def test_determinizer_keeps_the_asked_card_and_exchange_consistent() -> None:
    g = game()
    s = standard(g)
    d3 = parse_card("♦3")
    for seed in range(100):
        o = _resample(s, 1, seed)  # the other adversary: ♣4 given is unseen
        assert o.s.hands[0] >> d3 & 1 or o.s.discards >> d3 & 1
        assert o.s.giver == 2 and o.s.given != d3
        assert o.s.stock & ~o.s.discards == s.s.stock & ~s.s.discards
        assert o.information_state_string(1) == s.information_state_string(1)
        p = _resample(s, 2, seed)  # the receiver knows ♣4
        assert p.s.given == parse_card("♣4") and p.s.hands[2] == s.s.hands[2]
        q = _resample(s, 0, seed)  # the single player knows his discards
        assert q.s.discards == s.s.discards and q.s.stock == s.s.stock


def test_determinizer_view_unchanged_in_every_phase() -> None:
    rng = random.Random(21)
    for params in ({}, {"players": 4}, C.SMALL_CONFIG, {"all_pass": "redeal"}):
        g = game(**params)
        for i in range(25):
            s = random_state(g, rng, stop=rng.random() * 3)
            if s.is_terminal():
                continue
            for player in range(g.num_players()):
                o = _resample(s, player, i)
                assert o.information_state_string(player) == s.information_state_string(player)
                assert o.observation_string(player) == s.observation_string(player)
                assert np.array_equal(
                    np.asarray(o.information_state_tensor(player)),
                    np.asarray(s.information_state_tensor(player)),
                )
                assert o.legal_actions() == s.legal_actions() or o.current_player() != player


def test_determinizer_talon_three_stays_in_the_talon() -> None:
    s = act(deal(game(), [E, S, D_NO_D3], TALON_D3), "stand", "ask for ♦3", "discard ♦4")
    d3 = parse_card("♦3")
    for seed in range(50):
        o = _resample(s, 1, seed)
        assert o.s.talon >> d3 & 1


def test_determinizer_lets_a_three_given_in_exchange_reach_the_receiver() -> None:
    """Holding every 3 he asks for ♣2 and gives ♣3 for it: for the other adversary the
    receiver holds no 3 of his own, but the card he received may be one (it came from the hand
    that held them all). Every draw replays legally (a 2 asked for: every 3 was his)."""
    g = game()
    s = act(deal(g, [ALL_THREES, TWOS_S, TWOS_D], TALON), "stand", "ask for ♣2", "give ♣3")
    act(s, "discard ♠7", "discard ♠J", "discard ♥K", "done discarding")
    act(s, *(f"take {format_card(c)}" for c in sorted(parse_cards(TALON))[:3]))
    r = g.rules
    received_three = 0
    for seed in range(120):
        o = _resample(s, 1, seed)  # the other adversary: ♣3 given is unseen
        assert o.information_state_string(1) == s.information_state_string(1)
        assert (o.s.hands[0] | o.s.discards | 1 << o.s.given) & r.threes == r.threes
        threes = o.s.hands[2] & r.threes
        assert threes in (0, 1 << o.s.given), "the receiver's own cards hold no 3"
        received_three += threes != 0
        assert o.s.discards.bit_count() == 3  # replayed in rising order (legality checked)
    assert 10 < received_three < 110


def test_determinizer_keeps_ask_for_nothing_open() -> None:
    """ "Ask for nothing" tells the table that he held every 3 but not every 2: a draw that
    deals him both 2s as well would make the ask illegal, and is drawn again."""
    g = game(ranks=7, suits=2, hand_size=4)  # ♠♥ 3 2 A K Q J 7: four each, a talon of two
    s = g.new_initial_state()
    for c in parse_cards("♠3 ♥3 ♠2 ♠A  ♥A ♥K ♥Q ♥J  ♠K ♠Q ♠J ♠7  ♥7 ♥2"):
        s.apply_action(c)
    act(s, "stand", "ask for nothing", "discard ♠2")
    r = g.rules
    worlds = set()
    for seed in range(200):
        o = _resample(s, 1, seed)  # replayed with legality checks
        dealt = o.s.hands[0] | o.s.discards
        assert dealt & r.threes == r.threes and dealt & r.twos != r.twos
        worlds.add((dealt, o.s.hands[2]))
    assert len(worlds) > 5


def test_determinizer_writes_several_hidden_discards_in_rising_order() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4")
    act(s, "discard ♠7", "discard ♠J", "discard ♥A", "discard ♥K")  # the fourth ends it
    discards = set()
    for seed in range(60):
        o = _resample(s, 2, seed)  # legality checked: the discards replay in rising order
        at = [e[4] for e in o.s.log if e[0] == C.EV_DISCARD]
        assert [o.history()[i] for i in at] == sorted(o.history()[i] for i in at)
        assert o.s.discards.bit_count() == 4 and not o.s.discards & o.s.hands[2]
        discards.add(o.s.discards)
    assert len(discards) > 30


def test_deal_plan_and_event_log() -> None:
    """The deal is a DealPlan (packets of four round the active seats, then the talon) and
    the log says who saw each value: the exchange the single player and the receiver, a
    discard the single player, a talon card nobody until it is turned up."""
    g = game(players=4)
    r = g.rules
    assert [r.deal_plan.count(h) for h in (0, 1, 2, DEAL_TALON)] == [12, 12, 12, 4]
    s = act(deal(g, [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4", "discard ♥K")
    log = s.s.log
    assert all(log[i][4] == i for i in range(40))  # the deal's events name their positions
    exchange = next(e for e in log if e[0] == C.EV_EXCHANGE)
    assert exchange[2] == parse_card("♣4") and exchange[4] == 40 + 2
    views = {q: s.player_view(q).events for q in range(4)}
    ex = {q: next(v for k, _, v in views[q] if k == C.EV_EXCHANGE) for q in range(4)}
    disc = {q: next(v for k, _, v in views[q] if k == C.EV_DISCARD) for q in range(4)}
    # Seat 3 deals and takes no cards; seat 0 stands, seat 2 gives up ♦3.
    assert ex == {0: parse_card("♣4"), 1: HIDDEN, 2: parse_card("♣4"), 3: HIDDEN}
    assert disc == {0: parse_card("♥K"), 1: HIDDEN, 2: HIDDEN, 3: HIDDEN}
    text = s.information_state_string(0)
    assert "player 0 gives ♣4 in exchange" in text and "player 0 discards ♥K" in text
    assert "player 0 discards a card" in s.information_state_string(3)


def test_table_view_through_the_phases() -> None:
    g = game()
    r = g.rules
    s = act(deal(g, [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4", "discard ♥K")
    tv = r.table_view(s.s, 1)
    assert tv.zone("hand 0").cards == () and tv.zone("hand 0").hidden == 12 + 1 - 1 - 1
    assert tv.zone("hand 1").cards == tuple(sorted(parse_cards(S)))
    assert tv.zone("talon").hidden == 4 and tv.zone("talon").cards == ()
    assert tv.zone("discards").hidden == 1
    mine = r.table_view(s.s, 0)
    assert mine.zone("discards").cards == (parse_card("♥K"),)
    counters = {c.name: c.value for c in mine.counters}
    assert counters["single player"] == 0 and counters["given in exchange"] == "♣4"
    assert {c.name: c.value for c in tv.counters}["given in exchange"] == "a card you did not see"
    act(s, "discard ♦4", "done discarding")
    assert r.table_view(s.s, 1).zone("talon").cards == tuple(sorted(parse_cards(TALON)))
    act(s, "take ♠5", "take ♠6")
    tv = r.table_view(s.s, 2)
    assert tv.zone("stock").cards == tuple(sorted(parse_cards("♥5 ♥4")))
    assert tv.zone("stock").hidden == 2 and "talon" not in [z.name for z in tv.zones]
    assert r.table_view(s.s, 0).zone("stock").hidden == 0
    assert tv.log[-1] == "player 0 takes ♠6"


# --- the card play for the searcher ---------------------------------------------------------------


def test_card_play_for_the_double_dummy_searcher() -> None:
    g = game()
    s = standard(g)
    cp = g.rules.card_play(s.s)
    assert cp is not None
    assert cp.seats == (0, 1, 2) and cp.leader == 0 and cp.table == ()
    assert cp.sides == (0, 1, 1) and cp.tricks == calabrasella_tricks()
    assert cp.hands == tuple(s.s.hands[q] for q in range(3))
    assert cp.points == CALABRASELLA_POINTS
    assert cp.last_trick == 3 + C.counting_points(mask("♦4 ♥K ♥5 ♥4"))
    act(s, "play ♠7")
    cp = g.rules.card_play(s.s)
    assert cp.table == (parse_card("♠7"),) and cp.leader == 0
    assert g.rules.card_play(deal(g, [E, S, D], TALON).s) is None


def test_terminal_state() -> None:
    s = play_random(standard(), random.Random(9))
    assert s.current_player() == TERMINAL and s.legal_actions() == []


def test_every_tensor_entry_in_unit_interval_at_every_step() -> None:
    """Including the exchange, when the single player holds 13 cards."""
    rng = random.Random(13)
    for params in ({}, {"players": 4}):
        g = game(**params)
        for _ in range(3):
            s = act(deal(g, [E, S, D], TALON), "stand", "ask for ♦3")
            while True:
                for q in range(g.num_players()):
                    for t in (s.observation_tensor(q), s.information_state_tensor(q)):
                        arr = np.asarray(t)
                        assert arr.min() >= 0.0 and arr.max() <= 1.0
                if s.is_terminal():
                    break
                s.apply_action(rng.choice(s.legal_actions()))


def test_golden_playthrough_of_a_played_deal() -> None:
    """``tests/golden/calabrasella/played.txt``: seed 1 of the shared playthrough, in which the
    second hand stands (``default.txt``'s seed happens to be an all-pass deal). Regenerate with
    ``playthrough_lines("calabrasella", 1)`` only when a rule or an encoding changes."""
    from tests.golden.playthrough import HERE, playthrough_lines

    want = (HERE / "calabrasella" / "played.txt").read_text(encoding="utf-8").splitlines()
    assert playthrough_lines("calabrasella", 1) == want


def test_table_rank_order_and_winners_rules_3_1() -> None:
    """§3.1, §3.3: 3 2 A K Q J 7 6 5 4 in every suit, no trumps; the highest of the suit led."""
    from hoyle.envs.core.cards import NUM_SUITS, rank_of
    from hoyle.envs.core.tricks import NO_TRUMP, suit_order, trick_winner, trump_order

    r = calabrasella_tricks()
    assert r.trump == NO_TRUMP and trump_order(r) == []
    for s in range(NUM_SUITS):
        assert [rank_of(c) for c in suit_order(r, s)] == list(C.CALABRASELLA_RANKS)
    assert trick_winner(parse_cards("♠4 ♠3 ♥A"), r) == 1
    assert trick_winner(parse_cards("♠A ♠2 ♠K"), r) == 1
    assert trick_winner(parse_cards("♠4 ♥3 ♦3"), r) == 0  # off-suit cards never win
    assert trick_winner(parse_cards("♣J ♣7 ♣Q"), r) == 2
    assert trick_points(parse_cards("♠A ♥3 ♦7 ♣K"), CALABRASELLA_POINTS) == 5
