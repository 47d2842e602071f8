"""Heart Solo (RULES.md §6.6, §6.7, Appendix A): the 24-card pack, diamonds as colour with
three trumps, the Solo the only game, and the no-bid hand whose last trick loses."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
from scipy.stats import chisquare

import hoyle.envs  # noqa: F401
from hoyle.envs.core.cards import DIAMONDS, HEARTS, SUIT_MASKS, format_cards, parse_cards
from hoyle.envs.core.tricks import trump_order
from hoyle.envs.games import solo as S
from hoyle.envs.games.heart_solo import heart_solo_tricks
from tests.games.test_solo import _brute_force_worlds, do, names, play_tricks

DEAL_H = {
    0: "♣Q ♠Q ♦7 ♥A ♥K ♥Q ♥J ♥10",
    1: "♠A ♠K ♠J ♠10 ♠9 ♠8 ♠7 ♥9",
    2: "♣A ♣K ♣J ♣10 ♣9 ♣8 ♣7 ♥7",
}


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_heart_solo", params)


def table(game: Any, hands: dict[int, str]) -> Any:
    state = game.new_initial_state()
    cards = {q: parse_cards(h) for q, h in hands.items()}
    for seat in game.rules.deal_seats:
        state.apply_action(cards[seat].pop(0))
    return state


def test_golden_pack_has_24_cards_and_only_the_seven_of_diamonds() -> None:
    rules = load().rules
    assert rules.num_cards == 24 and rules.num_players == 3
    assert format_cards(rules.pack_mask & SUIT_MASKS[DIAMONDS]) == "♦7"
    assert not rules.pack_mask >> parse_cards("♥8")[0] & 1
    assert (rules.pack_mask & SUIT_MASKS[HEARTS]).bit_count() == 7


def test_golden_diamonds_colour_three_trumps() -> None:
    rules = load().rules
    order = [c for c in trump_order(rules.tricks[DIAMONDS]) if rules.pack_mask >> c & 1]
    assert format_cards(order) == "♣Q ♦7 ♠Q"
    assert rules.colour == DIAMONDS
    hearts = [c for c in trump_order(rules.tricks[HEARTS]) if rules.pack_mask >> c & 1]
    assert format_cards(hearts) == "♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9"


def test_deal_eight_each_3_2_3() -> None:
    game = load()
    expected = tuple(q for k in (3, 2, 3) for q in range(3) for _ in range(k))
    assert game.rules.deal_seats == expected
    state = table(game, DEAL_H)
    assert [h.bit_count() for h in state.s.hands] == [8, 8, 8]
    assert len(game.new_initial_state().chance_outcomes()) == 24


def test_only_a_solo_may_be_bid() -> None:
    state = table(load(), DEAL_H)
    assert sorted(names(state)) == ["bid 4", "bid 8", "pass"]
    do(state, "bid 4", "pass", "pass")
    assert sorted(names(state)) == [
        "Solo, ♠ trumps (4)",
        "Solo, ♣ trumps (4)",
        "Solo, ♥ trumps (4)",
        "Solo, ♦ trumps (colour) (8)",
    ]
    state = do(table(load(), DEAL_H), "bid 8", "pass", "pass")
    assert list(names(state)) == ["Solo, ♦ trumps (colour) (8)"]


def test_solo_is_paid_by_each_of_the_two_adversaries() -> None:
    state = do(table(load(), DEAL_H), "bid 4", "pass", "pass", "Solo, ♥ trumps (4)")
    play_tricks(state, bidder=0)
    # Five tricks and the hand is abandoned (no going on in Heart Solo).
    assert state.is_terminal() and len(state.s.past) == 5
    assert state.returns() == [8.0, -4.0, -4.0]


def test_no_bid_played_in_colour_and_the_last_trick_loses_a_solo() -> None:
    state = do(table(load(), DEAL_H), "pass", "pass", "pass")
    assert state.s.phase == S.PLAY and state.s.trump == DIAMONDS and state.s.kind == S.NO_GAME
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.s.past) == 8
    last = state.s.leader  # the winner of the last trick
    assert state.returns() == [-16.0 if q == last else 8.0 for q in range(3)]
    cp_state = do(table(load(), DEAL_H), "pass", "pass", "pass")
    assert cp_state.get_game().rules.card_play(cp_state.s).sides == (0, 1, 2)


def test_game_info_bounds() -> None:
    game = load()
    assert game.num_players() == 3
    assert game.max_utility() == 16 and game.min_utility() == -16


def test_table_is_solos_with_diamonds_colour_by_default() -> None:
    r = heart_solo_tricks()
    assert r.trump == DIAMONDS and r.name == f"heart-solo-{DIAMONDS}"
    assert (r.suit, r.power) == (S.solo_tricks(DIAMONDS).suit, S.solo_tricks(DIAMONDS).power)
    assert load().rules.tricks[HEARTS] == heart_solo_tricks(HEARTS)


def test_determinizer_respects_voids_and_is_exact_late_in_the_no_bid_hand() -> None:
    """The no-bid hand, five tricks played at random: the draws for each seat are uniform over
    the worlds he cannot tell apart (found by brute force), and keep every known void."""
    game = load()
    rng = random.Random(3)
    checked = 0
    for g in range(40):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        do(state, "pass", "pass", "pass")
        while len(state.s.past) < 5:
            state.apply_action(rng.choice(state.legal_actions()))
        if not any(state.s.voids):
            continue
        rules = game.rules
        for p in range(3):
            worlds = _brute_force_worlds(state, p)
            keys = sorted(worlds)
            draws = 30 * len(keys)
            sampler = pyspiel.UniformProbabilitySampler(g * 3 + p, 0, 1)
            seen = dict.fromkeys(keys, 0)
            for _ in range(draws):
                other = state.resample_from_infostate(p, sampler)
                for q in range(3):
                    assert not other.s.hands[q] & rules.void_cards(state.s.voids[q], DIAMONDS)
                seen[other.s.hands] += 1
            if len(keys) > 1:
                total = sum(worlds.values())
                expected = [draws * worlds[k] / total for k in keys]
                assert chisquare([seen[k] for k in keys], expected).pvalue > 1e-4
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_table_view_of_the_no_bid_hand() -> None:
    state = do(table(load(), DEAL_H), "pass", "pass", "pass")
    rules = state.get_game().rules
    tv = rules.table_view(state.s, 1)
    assert [z.name for z in tv.zones if z.kind == "hand"] == ["hand0", "hand1", "hand2"]
    assert tv.zone("hand1").cards == tuple(parse_cards("♠A ♠7 ♠8 ♠9 ♠10 ♠J ♠K ♥9"))
    assert tv.zone("hand0").hidden == 8 and tv.zone("hand0").cards == ()
    counters = {c.name: c.value for c in tv.counters if c.owner is None}
    assert counters["game"] == "no bid: the last trick loses"
    assert counters["trumps"] == "♦ (colour)"
    assert "called Ace" not in counters and "partner" not in counters
    assert tv.log[-3:] == ("player 0 passes", "player 1 passes", "player 2 passes")
