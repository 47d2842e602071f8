"""Five Hundred (RULES.md §18): the golden tests of §18.7 and Appendix A, the deal, the auction,
the no-bid hand, the widow and discard, the bowers and the No-trump Joker, scoring and the game
to 500, each parameter, the information sets, the event log, the determinizer (what it may
re-deal, the renounces, the rising discards, the finished deals) and the table view."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core import cards as K
from hoyle.envs.core.cards import JOKER, format_cards, parse_card, parse_cards
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.core.events import EVERYONE, HIDDEN, NOBODY, NOWHERE
from hoyle.envs.core.tricks import NO_SUIT, NO_TRUMP, legal_plays, trick_winner, trump_order
from hoyle.envs.games import five_hundred as fh
from hoyle.envs.games.five_hundred import (
    BID,
    BID_ACTION_BASE,
    DISCARD,
    NAME,
    NAME_ACTION_BASE,
    PASS_ACTION,
    PLAY,
    WIDOW,
    bid_index,
    bid_value,
    deal_scores,
    index_value,
    tricks_for,
    widow_odds,
)

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
# Scenario C: hearts trumps; player 1 holds the left bower (♦J) and no heart.
C_HANDS = (
    "Joker ♥J ♥A ♥K ♥Q ♠A ♠K ♣A ♣K ♦A",
    "♦J ♦K ♠Q ♠J ♠10 ♠9 ♣Q ♣J ♣10 ♣9",
    "♥10 ♥9 ♥8 ♥7 ♠8 ♠7 ♣8 ♣7 ♦Q ♦10",
)
C_WIDOW = "♦9 ♦8 ♦7"
# Scenario B: player 1 holds the Joker and no club (for the No-trump Joker).
B_HANDS = (
    "♣A ♣K ♣Q ♠A ♠K ♥A ♥K ♦A ♦K ♠Q",
    "Joker ♦Q ♦J ♦10 ♦9 ♥Q ♥J ♥10 ♠J ♠10",
    "♣J ♣10 ♣9 ♣8 ♣7 ♠9 ♠8 ♥9 ♥8 ♦8",
)
B_WIDOW = "♠7 ♥7 ♦7"


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_five_hundred", params)


def dealt(game: Any, hands: tuple[str, ...], widow: str) -> Any:
    """A state after dealing ``hands`` (by seat) and ``widow`` in the book's packet order."""
    rules = game.rules
    state = game.new_initial_state()
    queues = [parse_cards(h) for h in hands]
    rest = parse_cards(widow)
    eldest = (rules.first_dealer + 1) % 3
    for to in rules.deal_plan.holders:
        c = rest.pop(0) if to == WIDOW else queues[(eldest + to) % 3].pop(0)
        state.apply_action(c)
    return state


def bid_action(tricks: int, denomination: int) -> int:
    return BID_ACTION_BASE + bid_index(tricks, denomination)


def play(state: Any, *cards: str) -> None:
    for text in cards:
        state.apply_action(parse_card(text))


def scenario_c() -> Any:
    """Player 0 bids seven hearts, the others pass, he discards ♦7 ♦8 ♦9."""
    state = dealt(load(), C_HANDS, C_WIDOW)
    for a in (bid_action(7, 3), PASS_ACTION, PASS_ACTION):
        state.apply_action(a)
    play(state, "♦7", "♦8", "♦9")
    return state


def scenario_b() -> Any:
    """The no-bid hand; player 0 leads ♣A, player 1 renounces clubs with ♦9."""
    state = dealt(load(), B_HANDS, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    play(state, "♣A", "♦9", "♣7")
    return state


# --- §18.7 golden tests and Appendix A -----------------------------------------------------


def test_avondale_table_golden() -> None:
    """§18.7.1: the 25 values; 8 hearts = 300, 10 no-trumps = 520; no two bids equal."""
    table = {
        0: (40, 140, 240, 340, 440),
        1: (60, 160, 260, 360, 460),
        2: (80, 180, 280, 380, 480),
        3: (100, 200, 300, 400, 500),
        4: (120, 220, 320, 420, 520),
    }
    for den, row in table.items():
        assert tuple(bid_value(t, den) for t in range(6, 11)) == row
    assert bid_value(8, 3) == 300 and bid_value(10, 4) == 520
    values = [index_value(i) for i in range(fh.NUM_BIDS)]
    assert values == sorted(set(values)) and len(values) == 25  # the ladder rises strictly
    game = load()
    state = dealt(game, C_HANDS, C_WIDOW)
    assert state.action_to_string(0, bid_action(8, 3)) == "bid eight hearts (300)"
    assert state.action_to_string(0, bid_action(10, 4)) == "bid ten no-trumps (520)"


def test_widow_odds_exact_golden() -> None:
    """§18.7.2: 1091:680, 955:816, 802:969 — and a count over all 1771 widows agrees."""
    assert widow_odds(4) == Fraction(1091, 1771)
    assert widow_odds(5) == Fraction(955, 1771)
    assert widow_odds(6) == Fraction(802, 1771)
    for k, (on, against) in {4: (1091, 680), 5: (955, 816), 6: (802, 969)}.items():
        p = widow_odds(k)
        assert (p.numerator, 1771 - p.numerator) == (on, against)
        unseen = ["T"] * (10 - k) + ["x"] * (23 - (10 - k))
        hits = sum("T" in w for w in itertools.combinations(unseen, 3))
        assert Fraction(hits, math.comb(23, 3)) == p
    # The book's rounded odds: 8 to 5 on, 7 to 6 on, 6 to 5 against.
    assert widow_odds(4) > Fraction(1, 2) and abs(1091 / 680 - 8 / 5) < 0.01
    assert widow_odds(5) > Fraction(1, 2) and abs(955 / 816 - 7 / 6) < 0.01
    assert widow_odds(6) < Fraction(1, 2) and abs(969 / 802 - 6 / 5) < 0.01


def test_widow_odds_by_simulation_through_the_deal() -> None:
    """The widow of the game's own deal (hearts trumps, the Joker and both red Jacks counted):
    the frequency of at least one more trump in the widow, given four, five or six trumps in
    the eldest hand, agrees with the exact odds (within four standard errors)."""
    rules = load().rules
    rng = random.Random(3)
    trumps = tricks_for(3).suit_masks[HEARTS]
    seen = {4: [0, 0], 5: [0, 0], 6: [0, 0]}
    for _ in range(4000):
        s = rules.new_state()
        while rules.current_player(s) == pyspiel.PlayerId.CHANCE:
            rules.apply_action(s, rng.choice(rules.chance_outcomes(s))[0])
        k = (s.hands[0] & trumps).bit_count()
        if k in seen:
            seen[k][0] += 1
            seen[k][1] += bool(s.widow & trumps)
    for k, (n, hits) in seen.items():
        p = float(widow_odds(k))
        assert n > 40 and abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n), (k, n, hits)


def test_scoring_golden() -> None:
    """§18.7.3-5: made contracts score their value, no more; all ten at least 250; failed
    contracts minus their value; opponents 10 a trick."""
    assert deal_scores(0, bid_index(7, 0), (8, 1, 1)) == (140, 10, 10)
    assert deal_scores(0, bid_index(7, 0), (8, 2, 0)) == (140, 20, 0)
    assert deal_scores(1, bid_index(6, 1), (0, 10, 0)) == (0, 250, 0)
    assert deal_scores(1, bid_index(9, 4), (0, 10, 0)) == (0, 420, 0)
    assert deal_scores(2, bid_index(8, 2), (2, 1, 7)) == (20, 10, -280)
    assert deal_scores(-1, -1, (3, 3, 4)) == (30, 30, 40)


def test_trump_order_golden() -> None:
    """§18.7.6: hearts trumps: Joker ♥J ♦J ♥A ♥K ♥Q ♥10 ♥9 ♥8 ♥7; diamonds A K Q 10 9 8 7."""
    tr = tricks_for(3)
    assert format_cards(trump_order(tr)) == "Joker ♥J ♦J ♥A ♥K ♥Q ♥10 ♥9 ♥8 ♥7"
    diamonds = sorted(fh.cards_of(tr.suit_masks[DIAMONDS] & load().rules.pack_mask),
                      key=lambda c: -tr.power[c])  # fmt: skip
    assert format_cards(diamonds) == "♦A ♦K ♦Q ♦10 ♦9 ♦8 ♦7"


# --- the deal ------------------------------------------------------------------------------


def test_deal_sizes_packets_and_widow() -> None:
    game = load()
    rules = game.rules
    assert len(rules.pack_cards) == 33 and JOKER in rules.pack_cards
    assert rules.deal_plan.holders[:9] == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert rules.deal_plan.holders[27:30] == (0, 1, 2)
    assert rules.deal_plan.positions(WIDOW) == (30, 31, 32)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 33 and all(p == pytest.approx(1 / 33) for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal ♠A to player 0"
    state = dealt(game, C_HANDS, C_WIDOW)
    s = state.s
    assert [h.bit_count() for h in s.hands] == [10, 10, 10] and s.widow.bit_count() == 3
    assert format_cards(s.widow) == "♦7 ♦8 ♦9"
    assert s.phase == BID and state.current_player() == 0  # the eldest hand bids first


def test_first_dealer_parameter() -> None:
    game = load(first_dealer=0)
    state = game.new_initial_state()
    assert "player 1" in state.action_to_string(pyspiel.PlayerId.CHANCE, 0)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.current_player() == 1


# --- the auction ---------------------------------------------------------------------------


def test_auction_overbid_pass_is_final_and_end() -> None:
    state = dealt(load(), C_HANDS, C_WIDOW)
    assert state.legal_actions() == [PASS_ACTION, *range(BID_ACTION_BASE, BID_ACTION_BASE + 25)]
    state.apply_action(bid_action(6, 0))
    assert state.current_player() == 1
    assert min(state.legal_actions()[1:]) == bid_action(6, 1)  # must be worth more
    state.apply_action(PASS_ACTION)  # player 1 is out for good
    state.apply_action(bid_action(7, 0))
    assert state.current_player() == 0  # back to player 0, skipping the passed player 1
    state.apply_action(bid_action(7, 3))
    assert state.current_player() == 2
    state.apply_action(PASS_ACTION)  # the other two have now passed after the last bid
    s = state.s
    assert s.phase == DISCARD and s.bidder == 0 and s.contract == bid_index(7, 3)
    with pytest.raises(IllegalActionError):
        state.apply_action(bid_action(8, 3))


def test_no_bid_hand() -> None:
    """All pass: No-trumps, the widow unused, the eldest leads, 10 a trick each."""
    game = load()
    state = dealt(game, B_HANDS, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    s = state.s
    assert s.phase == PLAY and s.bidder == -1 and state.current_player() == 0
    assert game.rules.trick_rules(s).trump == fh.NO_TRUMP
    assert format_cards(s.widow) == "♠7 ♥7 ♦7" and s.hands[0].bit_count() == 10
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    s = state.s
    assert s.deal_result == tuple(10 * t for t in s.tricks_won)
    assert sum(s.tricks_won) == 10 and format_cards(s.widow) == "♠7 ♥7 ♦7"
    mean = sum(s.deal_result) / 3
    assert state.returns() == pytest.approx([r - mean for r in s.deal_result])


# --- the widow, the discard and the play with trumps --------------------------------------


def test_widow_taken_up_and_three_discards_in_rising_order() -> None:
    state = dealt(load(), C_HANDS, C_WIDOW)
    for a in (bid_action(7, 3), PASS_ACTION, PASS_ACTION):
        state.apply_action(a)
    s = state.s
    assert s.hands[0].bit_count() == 13 and s.widow == 0 and state.current_player() == 0
    legal = state.legal_actions()
    assert max(legal) < max(fh.cards_of(s.hands[0]))  # two higher cards must remain
    assert state.action_to_string(0, parse_card("♦7")) == "discard ♦7"
    play(state, "♦8")
    assert all(a > parse_card("♦8") for a in state.legal_actions())
    play(state, "♦9")
    with pytest.raises(IllegalActionError):
        play(state, "♦7")  # below the last discard: the same set has one order only
    play(state, "♣K")
    s = state.s
    assert s.phase == PLAY and s.hands[0].bit_count() == 10 and s.discards.bit_count() == 3
    assert state.current_player() == 0  # the bidder leads


def test_left_bower_belongs_to_trumps() -> None:
    state = scenario_c()
    play(state, "♥A")
    assert state.legal_actions() == [parse_card("♦J")]  # the left bower must follow hearts
    play(state, "♦J")
    assert [fh.format_card(c) for c in state.legal_actions()] == ["♥10", "♥9", "♥8", "♥7"][::-1]
    play(state, "♥7")
    s = state.s
    assert s.tricks_won == (0, 1, 0) and state.current_player() == 1  # ♦J beats ♥A
    play(state, "♦K")
    assert sorted(state.legal_actions()) == sorted(parse_cards("♦Q ♦10"))
    play(state, "♦10")
    assert state.legal_actions() == [parse_card("♦A")]
    play(state, "♦A")
    play(state, "♥K")  # player 1 has no trump left: any card, and the table knows it
    assert parse_card("♠9") in state.legal_actions() and len(state.legal_actions()) == 8
    play(state, "♠9")
    assert state.s.voids[1] == 1 << HEARTS


def test_card_play_for_the_double_dummy_searcher() -> None:
    game = load()
    state = scenario_c()
    cp = game.rules.card_play(state.s)
    assert cp.sides == (0, 1, 1) and cp.seats == (0, 1, 2) and cp.points is None
    assert cp.leader == 0 and cp.table == () and cp.named == NO_SUIT
    assert cp.tricks.trump == HEARTS and cp.hands == state.s.hands
    play(state, "♥A")
    cp = game.rules.card_play(state.s)
    assert cp.table == (parse_card("♥A"),) and cp.leader == 0
    assert game.rules.card_play(dealt(game, C_HANDS, C_WIDOW).s) is None
    nobid = scenario_b()
    assert game.rules.card_play(nobid.s).sides == (0, 1, 2)


# --- the No-trump Joker --------------------------------------------------------------------


def test_no_trump_joker_free_and_powerless_after_renounce() -> None:
    state = scenario_b()
    s = state.s
    assert s.voids[1] == 1 << CLUBS and s.tricks_won == (1, 0, 0)
    play(state, "♣K")
    assert parse_card("Joker") in state.legal_actions()
    play(state, "Joker", "♣8")  # played to clubs, which its holder renounced: no value
    assert state.s.tricks_won == (2, 0, 0)
    assert state.s.voids[1] == 1 << CLUBS  # playing the Joker is no renounce


def test_card_play_passes_the_renounces_and_the_solver_honours_them() -> None:
    """Scenario B after ♣K: player 1, who renounced clubs, holds the Joker. The card play
    carries the renounces, and with them the double-dummy solver values the Joker as the game
    plays it (no winning value: player 1 ends with no trick) instead of as a winner."""
    from hoyle.agents.double_dummy import DoubleDummy

    game = load()
    state = scenario_b()
    play(state, "♣K")
    cp = game.rules.card_play(state.s)
    assert cp.renounced == state.s.voids == (0, 1 << CLUBS, 0)
    assert cp.to_play == 1
    sides = tuple(0 if x == cp.sides[1] else 1 for x in cp.sides)
    dd = DoubleDummy(cp.tricks, sides)
    honoured = dd.play_values(cp.hands, cp.leader, cp.table, cp.named, cp.renounced)
    blind = DoubleDummy(cp.tricks, sides).play_values(cp.hands, cp.leader, cp.table, cp.named)
    assert honoured[JOKER] == 0 and blind[JOKER] == 1
    assert all(v == blind[c] for c, v in honoured.items() if c != JOKER)
    play(state, "Joker", "♣8")
    assert state.s.tricks_won[1] == 0  # the game agrees: the Joker took nothing


def test_no_trump_joker_wins_and_may_be_played_holding_the_suit() -> None:
    state = dealt(load(), B_HANDS, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    play(state, "♦A")
    legal = state.legal_actions()
    assert parse_card("Joker") in legal and parse_card("♦Q") in legal and len(legal) == 5
    play(state, "Joker", "♦8")
    assert state.s.tricks_won == (0, 1, 0)


def no_bid_hand_b(**params: Any) -> Any:
    """Scenario B's no-bid hand (played at No-trumps) before the first lead."""
    state = dealt(load(**params), B_HANDS, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    return state


def test_follow_before_joker_both_readings_holding_the_suit_led() -> None:
    """♦A led; player 1 holds four diamonds and the Joker. The default (the Joker free) lets
    him play the Joker; ``follow_before_joker`` makes him follow suit, and the Joker is then
    refused with the state unchanged."""
    diamonds = parse_cards("♦9 ♦10 ♦J ♦Q")
    free = no_bid_hand_b()
    play(free, "♦A")
    assert sorted(free.legal_actions()) == sorted([*diamonds, JOKER])
    bound = no_bid_hand_b(follow_before_joker=True)
    play(bound, "♦A")
    assert sorted(bound.legal_actions()) == sorted(diamonds)
    before = bound.serialize()
    with pytest.raises(IllegalActionError):
        bound.apply_action(JOKER)
    assert bound.serialize() == before


def test_follow_before_joker_a_void_holder_wins_and_shows_out() -> None:
    """♣A led to player 1, who has no club: under either reading he may play the Joker and it
    wins (he had not renounced clubs before). With ``follow_before_joker`` playing it shows
    him void in clubs: the determinizer deals him none from that moment, and the renounce is
    on the table after the trick; with the Joker free it shows nothing."""
    clubs = tricks_for(fh.NT).suit_masks[CLUBS]
    for follow in (False, True):
        state = no_bid_hand_b(follow_before_joker=follow)
        play(state, "♣A")
        assert JOKER in state.legal_actions()
        play(state, "Joker")
        holds_clubs = 0
        for seed in range(60):
            sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
            other = state.resample_from_infostate(2, sampler)
            holds_clubs += bool(other.s.hands[1] & clubs)
            assert other.information_state_string(2) == state.information_state_string(2)
        assert (holds_clubs == 0) if follow else (holds_clubs > 0)
        play(state, "♣7")
        assert state.s.tricks_won == (0, 1, 0)
        assert state.s.voids[1] == (1 << CLUBS if follow else 0)


def test_follow_before_joker_keeps_the_powerless_rule() -> None:
    """With ``follow_before_joker``, a holder who renounced clubs (♦9 on ♣A) may still play
    the Joker to clubs (he cannot follow), and it has no winning value there."""
    state = no_bid_hand_b(follow_before_joker=True)
    play(state, "♣A", "♦9", "♣7", "♣K")
    assert JOKER in state.legal_actions()
    play(state, "Joker", "♣8")
    assert state.s.tricks_won == (2, 0, 0)


def test_joker_led_names_its_suit_and_the_others_follow_it() -> None:
    hands = (B_HANDS[1], B_HANDS[0], B_HANDS[2])  # player 0 (eldest) holds the Joker
    game = load()
    state = dealt(game, hands, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    assert parse_card("Joker") in state.legal_actions()  # (the Joker may be led)
    assert state.action_to_string(0, JOKER) == "lead Joker"
    play(state, "Joker")
    s = state.s
    assert s.phase == NAME and state.current_player() == 0
    assert state.legal_actions() == [NAME_ACTION_BASE + x for x in range(4)]
    assert state.action_to_string(0, NAME_ACTION_BASE + SPADES) == "name spades for the Joker"
    state.apply_action(NAME_ACTION_BASE + SPADES)
    assert state.current_player() == 1
    assert sorted(state.legal_actions()) == sorted(parse_cards("♠A ♠K ♠Q"))
    assert game.rules.card_play(state.s).named == SPADES
    play(state, "♠A")
    assert sorted(state.legal_actions()) == sorted(parse_cards("♠9 ♠8"))
    play(state, "♠9")
    assert state.s.tricks_won == (1, 0, 0)  # the Joker, the master card, wins
    assert state.s.voids == (0, 0, 0)


def test_joker_leader_may_not_name_a_renounced_suit() -> None:
    assert fh.FiveHundredRules.nameable(1 << CLUBS) == [SPADES, HEARTS, DIAMONDS]
    assert fh.FiveHundredRules.nameable(0b1111) == [0, 1, 2, 3]  # assumption 4
    hands = (B_HANDS[1], B_HANDS[0], B_HANDS[2])
    state = dealt(load(), hands, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    play(state, "♠10", "♠A", "♠9")  # player 1 wins; he leads clubs, player 0 renounces
    play(state, "♣A", "♣7", "♦9")
    assert state.s.voids[0] == 1 << CLUBS
    play(state, "♦K", "♦8", "Joker")  # the Joker wins: player 0 leads it next time...
    assert state.current_player() == 0
    # ... but he has no Joker left; check the rule on a state where he still holds it.
    s = state.s.copy()
    s.hands = (s.hands[0] | 1 << JOKER, s.hands[1], s.hands[2])
    rules = load().rules
    rules.apply_action(s, JOKER)
    assert s.phase == NAME
    assert NAME_ACTION_BASE + CLUBS not in rules.legal_actions(s)
    assert len(rules.legal_actions(s)) == 3


# --- returns, the game to 500 and the parameters --------------------------------------------


def test_deal_returns_are_scores_less_their_mean() -> None:
    state = scenario_c()
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    s = state.s
    assert s.deal_result == deal_scores(0, bid_index(7, 3), s.tricks_won)
    mean = sum(s.deal_result) / 3
    assert state.returns() == pytest.approx([r - mean for r in s.deal_result])
    assert sum(state.returns()) == pytest.approx(0.0)


def test_game_winner_bidder_first_rule() -> None:
    rules = load(scoring="game").rules
    tw = (1, 1, 0, 0, 0, 0, 0, 0, 0, 0)  # player 1 wins the first two tricks
    # Both pass 500 in this deal; player 0 is the bidder: he wins with bidder_first.
    assert rules.game_winner((480, 490, 0), (520, 510, 0), 0, tw) == 0
    other = load(scoring="game", bidder_first=False).rules
    assert other.game_winner((480, 490, 0), (520, 510, 0), 0, tw) == 1  # player 1 got there first
    # Neither is the bidder: the one whose trick first brings him to 500.
    tw2 = (2, 1, 1, 2, 0, 0, 0, 0, 0, 0)  # player 2 bids and fails; 1 reaches 500 at trick 3
    assert rules.game_winner((490, 480, 0), (550, 500, -300), 2, tw2) == 1
    assert rules.game_winner((400, 470, 0), (460, 490, -300), 2, tw2) == -1
    # A bidder who fails cannot win; the opponent who reaches 500 does.
    assert rules.game_winner((600, 495, 0), (320, 505, 0), 0, (1,) + (0,) * 9) == 1


def test_game_to_500_is_played_to_a_winner() -> None:
    from hoyle.agents import make

    game = load(scoring="game")
    bots = [make("heuristic", game, seed=i) for i in range(3)]
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    s = state.s
    assert s.winner >= 0 and s.scores[s.winner] >= 500 and len(s.results) > 1
    assert sorted(state.returns()) == [-0.5, -0.5, 1.0]
    assert [sum(r[q] for r in s.results) for q in range(3)] == list(s.scores)


def test_game_bound_draws() -> None:
    game = load(scoring="game", max_deals=2)
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    s = state.s
    assert len(s.results) <= 2
    if s.winner == fh.DRAW:
        assert state.returns() == [0.0, 0.0, 0.0] and len(s.results) == 2
    assert game.max_game_length() == 2 * game.rules.decisions_per_deal(10)


def test_reduced_pack_parameter() -> None:
    game = load(ranks=5)
    rules = game.rules
    assert len(rules.pack_cards) == 21 and rules.hand_size == 6 and rules.deal_size == 21
    assert rules.tricks_needed(0) == 2 and rules.tricks_needed(24) == 6
    assert deal_scores(0, bid_index(10, 0), (6, 0, 0), hand_size=6) == (440, 0, 0)
    assert deal_scores(0, bid_index(6, 0), (6, 0, 0), hand_size=6) == (250, 0, 0)
    assert deal_scores(0, bid_index(6, 0), (2, 2, 2), hand_size=6) == (40, 20, 20)
    with pytest.raises(Exception, match="must be one of"):
        load(ranks=6)


# --- information sets and the determinizer ---------------------------------------------------


def test_widow_and_discards_are_seen_by_the_bidder_only() -> None:
    state = scenario_c()
    play(state, "♥A", "♦J", "♥7")
    rules = load().rules
    for p in (1, 2):
        view = rules.player_view(state.s, p)
        assert view.found == 0 and view.discards == 0
        assert view.hand == state.s.hands[p]
        for text in (state.observation_string(p), state.information_state_string(p)):
            assert "♦9" not in text and "♦8" not in text and "♦7" not in text
            assert "♣K" not in text  # player 0's hand
        assert "♦J" in state.observation_string(p)  # played cards are public
    view0 = rules.player_view(state.s, 0)
    assert format_cards(view0.found) == "♦7 ♦8 ♦9" and format_cards(view0.discards) == "♦7 ♦8 ♦9"
    assert "Widow taken up: ♦7 ♦8 ♦9" in state.observation_string(0)
    # Before the auction ends nobody sees the widow.
    fresh = dealt(load(), C_HANDS, C_WIDOW)
    for p in range(3):
        assert "♦9" not in fresh.information_state_string(p)


def test_determinizer_respects_a_trump_renounce() -> None:
    """Player 1 showed out of trumps: in 200 re-deals from player 2's view he never receives
    a trump (the Joker and the left bower included); the discards are re-dealt too."""
    state = scenario_c()
    play(state, "♥A", "♦J", "♥7", "♦K", "♦10", "♦A", "♥K", "♠9", "♥8")
    s = state.s
    assert s.voids[1] == 1 << HEARTS
    trumps = tricks_for(3).suit_masks[HEARTS]
    discard_sets = set()
    for seed in range(200):
        other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert not other.s.hands[1] & trumps
        assert other.s.hands[2] == s.hands[2]
        discard_sets.add(other.s.discards)
    assert len(discard_sets) > 20


def test_determinizer_no_trump_joker_survives_a_renounce() -> None:
    """At No-trumps a renounce of clubs bars the clubs, not the Joker (it is free)."""
    state = scenario_b()
    clubs = tricks_for(fh.NT).suit_masks[CLUBS]
    joker_to_1 = 0
    for seed in range(200):
        other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert not other.s.hands[1] & clubs
        joker_to_1 += (other.s.hands[1] >> JOKER) & 1
        assert other.s.widow.bit_count() == 3
    assert 20 < joker_to_1 < 200


def test_determinizer_partial_discard_replays() -> None:
    state = dealt(load(), C_HANDS, C_WIDOW)
    for a in (bid_action(7, 3), PASS_ACTION, PASS_ACTION):
        state.apply_action(a)
    play(state, "♦7")
    for seed in range(50):
        other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.s.phase == DISCARD and other.legal_actions()


def test_event_log_records_who_saw_each_value() -> None:
    """One log for the deal (the core's ``s.log``): a marker, each card dealt seen by its
    receiver only, the widow by nobody until the bidder takes it up, the discards by the bidder
    only, the calls and the play by everyone; every event that names a history position names
    the action or chance outcome that is its card."""
    state = scenario_c()
    play(state, "♥A", "♦J", "♥7")
    rules = state.get_game().rules
    log, history = state.s.log, state.history()
    kinds = [e[0] for e in log]
    assert kinds[0] == fh.EV_NEW_DEAL and kinds.count(fh.EV_NEW_DEAL) == 1
    for kind, actor, value, seen, at in log:
        if at >= 0:
            assert history[at] == value
        if kind == fh.EV_DEALT:
            assert seen == 1 << actor and rules.deal_plan.holder(at) != WIDOW
        elif kind == fh.EV_WIDOW_DEALT:
            assert seen == NOBODY and at in rules.deal_plan.positions(WIDOW)
        elif kind == fh.EV_WIDOW_CARD:
            assert (actor, seen) == (0, 1) and at in rules.deal_plan.positions(WIDOW)
        elif kind == fh.EV_DISCARD:
            assert (actor, seen) == (0, 1) and at in (36, 37, 38)
        else:
            assert seen == EVERYONE
    assert kinds.count(fh.EV_DEALT) == 30 and kinds.count(fh.EV_WIDOW_CARD) == 3
    schema = rules.event_schema
    discards = [i for i, k in enumerate(kinds) if k == fh.EV_DISCARD]
    assert [schema.view(log, 0)[i][2] for i in discards] == parse_cards("♦7 ♦8 ♦9")
    assert all(schema.view(log, q)[i][2] == HIDDEN for q in (1, 2) for i in discards)
    assert state.information_state_string(1).count("player 0 discarded a card") == 3
    assert "you discarded ♦7" in state.information_state_string(0)
    assert "you took up ♦8 from the widow" in state.information_state_string(0)
    assert "player 0 took up a card from the widow" in state.information_state_string(2)


def test_unseen_cards_declare_hands_widow_discards_and_undealt() -> None:
    """What the core may re-deal (the rules' ``hidden_cards``): the others' hands, the widow
    until it is taken up, the bidder's discards for the others, the undealt cards."""
    game = load()
    unseen = game.rules
    state = game.new_initial_state()
    for c in parse_cards("♠A ♠K ♠Q ♠J ♠10"):  # three to player 0, two to player 1
        state.apply_action(c)
    hidden = unseen.hidden_cards(state.s, 0)
    assert [hidden[c] for c in parse_cards("♠J ♠10")] == [1, 1]
    assert sum(h == "undealt" for h in hidden.values()) == 28 and len(hidden) == 30
    state = dealt(game, C_HANDS, C_WIDOW)
    hidden = unseen.hidden_cards(state.s, 1)
    assert sorted(c for c, h in hidden.items() if h == "widow") == sorted(parse_cards(C_WIDOW))
    assert sum(h == 0 for h in hidden.values()) == sum(h == 2 for h in hidden.values()) == 10
    state = scenario_c()
    hidden = unseen.hidden_cards(state.s, 1)
    assert sorted(c for c, h in hidden.items() if h == "discards") == sorted(parse_cards(C_WIDOW))
    assert "widow" not in hidden.values() and len(hidden) == 23
    mine = unseen.hidden_cards(state.s, 0)  # the bidder knows his widow and discards
    assert set(mine.values()) == {1, 2} and len(mine) == 20


def test_unseen_cards_forbid_renounced_suits_with_the_joker_rules() -> None:
    """``forbidden_cards``: a renounce of trumps bars the Joker and the left bower too; at
    No-trumps a renounce bars the suit and not the Joker; with ``follow_before_joker`` the
    Joker played to a suit led shows its holder out of it at once."""
    state = scenario_c()
    play(state, "♥A", "♦J", "♥7", "♦K", "♦10", "♦A", "♥K", "♠9")  # player 1 shows out of ♥
    unseen = state.get_game().rules
    barred = unseen.forbidden_cards(state.s, 2)[1]
    assert barred == tricks_for(3).suit_masks[HEARTS] and barred >> JOKER & 1
    assert barred >> parse_card("♦J") & 1  # the left bower is a heart
    assert unseen.forbidden_cards(state.s, 2)[0] == 0 and 2 not in unseen.forbidden_cards(
        state.s, 2
    )
    nt = scenario_b()
    barred = nt.get_game().rules.forbidden_cards(nt.s, 2)[1]
    assert barred == tricks_for(fh.NT).suit_masks[CLUBS] and not barred >> JOKER & 1
    for follow in (False, True):
        bound = no_bid_hand_b(follow_before_joker=follow)
        play(bound, "♣A", "Joker")
        assert bound.s.voids[1] == 0  # the renounce is not on the table yet
        barred = bound.get_game().rules.forbidden_cards(bound.s, 2)[1]
        assert barred == (tricks_for(fh.NT).suit_masks[CLUBS] if follow else 0)


def test_determinizer_redeals_the_discards_uniformly_in_rising_order() -> None:
    """After the discard, player 1's re-deals put a uniformly drawn set of three of the 23
    cards he has not seen in the discard, always as a rising sequence of discard actions
    (each re-deal is replayed with every action's legality checked)."""
    state = scenario_c()
    n = 460
    counts: dict[int, int] = {}
    for seed in range(n):
        other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        moves = other.history()[36:39]
        assert moves == sorted(moves) and K.mask_of(moves) == other.s.discards
        for c in moves:
            counts[c] = counts.get(c, 0) + 1
    assert len(counts) == 23  # every card he has not seen can be in the discard
    expected = 3 * n / 23
    sigma = math.sqrt(expected * (1 - 3 / 23))
    assert all(abs(k - expected) < 5 * sigma for k in counts.values()), counts


def test_game_redeal_leaves_the_finished_deals_alone() -> None:
    """In the game to 500 the log holds every deal, each after its marker; once a deal is over
    its events name no history position (``settle_log``), so a re-deal in the next deal keeps
    the finished deal as it was played."""
    game = load(scoring="game")
    rng = random.Random(4)
    state = game.new_initial_state()
    start = -1
    while not (state.s.deal_no == 1 and state.s.phase == BID):
        if state.s.deal_no == 1 and start < 0:
            start = len(state.history()) - 1
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    log = state.s.log
    marks = [i for i, e in enumerate(log) if e[0] == fh.EV_NEW_DEAL]
    assert len(marks) == 2
    assert all(e[4] == NOWHERE for e in log[: marks[1]])
    assert any(e[4] >= 0 for e in log[marks[1] :])
    changed = 0
    for seed in range(20):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert other.history()[:start] == state.history()[:start]
        assert other.information_state_string(0) == state.information_state_string(0)
        changed += other.history() != state.history()
    assert changed > 15


def test_table_view_lays_out_the_players_view() -> None:
    """``table_view``: his hand face up and the others' counted, the widow while it lies, the
    discards face up to the bidder only, the trick and the cards played, the contract, tricks
    and scores as counters, and the log in the words of the information state."""
    state = scenario_c()
    play(state, "♥A", "♦J", "♥7", "♦K")
    rules = state.get_game().rules
    s = state.s
    for p in range(3):
        tv = rules.table_view(s, p)
        assert tv.player == p and tv.to_move == 2
        assert tv.zone(f"hand{p}").cards == tuple(K.cards_of(s.hands[p]))
        for q in range(3):
            if q != p:
                assert tv.zone(f"hand{q}").cards == ()
                assert tv.zone(f"hand{q}").hidden == s.hands[q].bit_count()
        discards = tv.zone("discards")
        assert discards.owner == 0
        assert discards.cards == (tuple(sorted(parse_cards(C_WIDOW))) if p == 0 else ())
        assert discards.hidden == (0 if p == 0 else 3)
        assert tv.zone("widow").hidden == 0
        assert tv.zone("trick").cards == (parse_card("♦K"),)
        assert tv.zone("played1").cards == (parse_card("♦J"),)
        counters = {c.name: c.value for c in tv.counters}
        assert counters["tricks1"] == 1 and counters["score0"] == 0
        assert "seven hearts" in str(counters["contract"])
        lines = state.information_state_string(p).split("Events:\n")[1].splitlines()
        assert list(tv.log) == [line.strip() for line in lines]
        if p:
            assert not tv.seen_cards() & set(K.cards_of(s.hands[0]))
    fresh = dealt(load(), C_HANDS, C_WIDOW)
    tv = rules.table_view(fresh.s, 1)
    assert tv.zone("widow").hidden == 3 and "discards" not in [z.name for z in tv.zones]


# --- the trick table (§18.1, §18.4, §18.7.6) --------------------------------------------------


def _m(text: str) -> int:
    return K.mask_of(parse_cards(text))


@pytest.mark.parametrize(("trump", "left"), [(K.SPADES, "♣J"), (K.CLUBS, "♠J"), (K.DIAMONDS, "♥J")])
def test_table_left_bower_is_the_same_colour_jack(trump: int, left: str) -> None:
    order = trump_order(fh.five_hundred_tricks(trump))
    assert order[:3] == [JOKER, K.card(trump, K.JACK), parse_card(left)]
    assert len([c for c in order if (K.PIQUET_32_JOKER.mask >> c) & 1]) == 10
    clubs = fh.five_hundred_tricks(K.HEARTS).suit_masks[K.CLUBS]
    assert clubs.bit_count() == 8  # a plain suit of another colour keeps its Jack


def test_table_bowers_and_joker_win() -> None:
    r = fh.five_hundred_tricks(K.HEARTS)
    assert trick_winner(parse_cards("♥A ♦J ♥J"), r) == 2  # right bower over left over ace
    assert trick_winner(parse_cards("♥A ♦J ♥K"), r) == 1
    assert trick_winner(parse_cards("♦A ♦K ♦J"), r) == 2  # the left bower trumps diamonds
    assert trick_winner(parse_cards("♥J JOKER ♦J"), r) == 1
    assert trick_winner(parse_cards("♠A ♠7 ♦7"), r) == 0  # a diamond is not a trump
    assert legal_plays(_m("♦J ♦A ♣5"), K.HEARTS, r) == _m("♦J")  # it follows trumps
    assert legal_plays(_m("♦J ♦A ♣5"), K.DIAMONDS, r) == _m("♦A")  # not diamonds
    assert legal_plays(_m("JOKER ♠7"), K.HEARTS, r) == _m("JOKER")  # the Joker is a trump


def test_table_no_trump_joker_rules_18_1() -> None:
    r = fh.five_hundred_tricks(NO_TRUMP)
    assert r.suit[JOKER] == NO_SUIT and r.free == r.master == r.fragile == 1 << JOKER
    assert trick_winner(parse_cards("♠A ♠K JOKER"), r) == 2
    assert trick_winner(parse_cards("JOKER ♣A ♣K"), r, led_suit=K.CLUBS) == 0
    assert legal_plays(_m("JOKER ♠7 ♦A"), K.SPADES, r) == _m("JOKER ♠7")  # assumption 4
    assert trick_winner(parse_cards("♠9 JOKER ♠K"), r, powerless=1 << JOKER) == 2
    bound = fh.no_trump_tricks(follow_before_joker=True)
    assert bound.free == 0 and bound.fragile == 1 << JOKER
    assert legal_plays(_m("JOKER ♠7 ♦A"), K.SPADES, bound) == _m("♠7")
    with pytest.raises(ValueError):
        fh.five_hundred_tricks(7)
