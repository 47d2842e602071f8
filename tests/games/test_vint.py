"""Vint (Foster's Complete Hoyle, "VINT"): the book's worked examples as golden tests, against
the scoring functions and through played deals; the deal, the auction (the dealer first, the
ladder of denominations, the three passes, the void deal, the own-bid rule), the play, a game
won in the middle of a hand, a failed contract, the rubber, and the void-respecting
determinizer.

Deals are explicit chance actions written in card notation; calls are made by their words
(``action_to_string``), so each test reads like the book. Side 0 is players 0 and 2.
"""

from __future__ import annotations

import re
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401
from hoyle.envs.core.cards import (
    CLUBS,
    HEARTS,
    SPADES,
    format_card,
    mask_of,
    parse_card,
    parse_cards,
)
from hoyle.envs.core.rules import TERMINAL
from hoyle.envs.core.tricks import trick_winner
from hoyle.envs.games import vint as V
from tests.helpers import do, names, play


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_vint", params)


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def table(game: Any, hands: dict[int, str]) -> Any:
    """A new deal giving each seat these cards, one at a time from the dealer's left."""
    return deal_into(game.new_initial_state(), hands)


def deal_into(state: Any, hands: dict[int, str]) -> Any:
    """Deal ``hands`` at the deal now starting in ``state``, in the dealing order."""
    left = {q: parse_cards(h) for q, h in hands.items()}
    assert sorted(len(v) for v in left.values()) == [13] * 4
    dealer = state.s.dealer
    for k in range(52):
        assert state.is_chance_node()
        state.apply_action(left[(dealer + 1 + k) % 4].pop(0))
    assert not any(left.values())
    return state


def play_first_legal(state: Any) -> Any:
    """Play the hand out, each player his first legal card (for deals whose tricks are forced)."""
    while state.s.phase == V.PLAY:
        state.apply_action(state.legal_actions()[0])
    return state


# Seat 0 holds eight top trumps in diamonds and the ♣A; seat 1 the top hearts; seat 3 the ♠A.
NINE_FOUR = {
    0: "♥J ♥10 ♥9 ♠3 ♣A ♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7",
    1: "♥A ♥K ♥Q ♥2 ♠2 ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6",
    2: "♥8 ♥7 ♥6 ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4",
    3: "♥5 ♥4 ♥3 ♠A ♣5 ♣4 ♣3 ♣2 ♦6 ♦5 ♦4 ♦3 ♦2",
}
NINE_FOUR_PLAY = (
    # Seat 1 leads: three hearts to seat 1, the ♠A to seat 3 (everyone follows), then the ♣A
    # (seat 2 has no club) and eight rounds of trumps to seat 0: 9 tricks to 4.
    "♥A ♥8 ♥5 ♥J",
    "♥K ♥7 ♥4 ♥10",
    "♥Q ♥6 ♥3 ♥9",
    "♠2 ♠4 ♠A ♠3",
    "♣2 ♣A ♣6 ♠5",
    "♦A ♥2 ♠6 ♦2",
    "♦K ♣7 ♠7 ♦3",
    "♦Q ♣8 ♠8 ♦4",
    "♦J ♣9 ♠9 ♦5",
    "♦10 ♣10 ♠10 ♦6",
    "♦9 ♣J ♠J ♣3",
    "♦8 ♣Q ♠Q ♣4",
    "♦7 ♣K ♠K ♣5",
)
NINE_FOUR_CORONETS = (
    # Seat 0: ♦A-7 (eight in trumps, doubled: 6,000) and ♥J 10 9 (500); seat 2: ♥8 7 6 (500)
    # and ♠K-4 (ten: 4,000). Seat 1: ♥A K Q (500) and ♣K-6 (eight: 3,000); seat 3: ♥5 4 3
    # (500), ♣5-2 (four: 1,000) and ♦6-2 (five in trumps: 3,000).
    6_500 + 4_500,
    3_500 + 4_500,
)

# Each seat holds one whole suit (seat 0 spades, 1 hearts, 2 diamonds, 3 clubs): at No-trumps
# nobody can follow, so the first leader takes all thirteen tricks.
SUITS = {
    0: "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3 ♠2",
    1: "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6 ♥5 ♥4 ♥3 ♥2",
    2: "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3 ♦2",
    3: "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4 ♣3 ♣2",
}
SUITS_CORONETS_NT = 2 * 11 * 1_000
"""Two hands of a thirteen-card sequence each, doubled at No-trumps."""


# --- the golden tests of the book's text -----------------------------------------------------


def test_golden_1_two_in_diamonds_nine_tricks() -> None:
    """ "Two in diamonds", the bidder's side wins nine tricks: 180 to it, 80 to the
    adversaries, both below the line."""
    assert V.trick_scores(2, (9, 4)) == (180, 80)
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid two in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY)
    assert state.s.won == (9, 3, 0, 1) and state.is_terminal()
    # Made with one over; diamonds honours: ♦A K Q J 10 and two Aces (two and two, and the
    # side took seven tricks or more): seven honours at 200.
    honours = 7 * 200
    side0 = 180 + honours + NINE_FOUR_CORONETS[0]
    side1 = 80 + NINE_FOUR_CORONETS[1]
    assert state.s.deal_score == (side0, side1)
    assert state.returns() == [side0 - side1, side1 - side0] * 2


def test_golden_2_three_in_diamonds_two_short() -> None:
    """ "Three in diamonds" with seven tricks: 210 below to the bidder, 180 below to the
    adversaries, and 2 × 3,000 above the line to the adversaries."""
    assert V.trick_scores(3, (7, 6)) == (210, 180)
    assert V.penalty(3, 7) == 2 * 3_000 == 6_000
    assert V.penalty(3, 9) == V.penalty(3, 13) == 0
    held = tuple(cards(SUITS[q]) for q in range(4))
    three_diamonds = V.bid_index(3, V.DIAMONDS_BID)
    # Through the hand's bonuses: the penalty goes to the side that did not bid, whichever.
    made = V.hand_bonuses(held, 0, three_diamonds, (9, 4))
    short = V.hand_bonuses(held, 0, three_diamonds, (7, 6))
    assert short == (made[0], made[1] + 6_000)
    made = V.hand_bonuses(held, 1, three_diamonds, (4, 9))
    short = V.hand_bonuses(held, 1, three_diamonds, (6, 7))
    assert short == (made[0] + 6_000, made[1])


def test_golden_3_both_majorities_score_all_honours() -> None:
    """Three in clubs (trick 30, honour 300): the bidder's side holds three club honours and
    three Aces, the adversaries two honours and one Ace: six honours, 1,800."""
    side = cards("♣A ♣K ♣Q ♠A ♥A")
    assert V.trick_value(3) == 30 and V.honour_value(V.CLUBS_BID, 3) == 300
    assert V.honours_won(V.CLUBS_BID, side, 7) == 6
    assert V.honours_won(V.CLUBS_BID, side, 2) == 6  # the Aces are no tie: tricks do not matter
    rest = V.ACES & ~side | cards("♣J ♣10")
    assert V.honours_won(V.CLUBS_BID, rest, 6) == -6
    assert V.honour_scores(V.CLUBS_BID, 3, (side, rest), (7, 6)) == (1_800, 0)
    assert V.honour_scores(V.CLUBS_BID, 3, (rest, side), (6, 7)) == (0, 1_800)


def test_golden_4_split_majorities_offset() -> None:
    """Four Aces and two trump honours against three trump honours: 4 − 3, one honour."""
    side = V.ACES | cards("♥K")  # ♥A and ♥K: two honours
    assert V.honours_won(V.HEARTS_BID, side, 7) == 1
    assert V.honours_won(V.HEARTS_BID, side, 2) == 1
    assert V.honours_won(V.HEARTS_BID, cards("♥Q ♥J ♥10"), 11) == -1


def test_golden_5_three_honours_against_three_aces_is_a_tie() -> None:
    side = cards("♥K ♥Q ♥J ♠A")  # three honours, one Ace: the others hold three Aces
    assert V.honours_won(V.HEARTS_BID, side, 7) == 0
    assert V.honour_scores(V.HEARTS_BID, 3, (side, 0), (7, 6)) == (0, 0)


def test_golden_6_aces_two_and_two_go_with_the_tricks() -> None:
    """Three honours and two Aces: five honours with the odd trick, otherwise one."""
    side = cards("♥A ♥K ♥Q ♠A")
    assert V.honours_won(V.HEARTS_BID, side, 7) == 5
    assert V.honours_won(V.HEARTS_BID, side, 13) == 5
    assert V.honours_won(V.HEARTS_BID, side, 6) == 1
    assert V.honours_won(V.HEARTS_BID, side, 0) == 1


def test_golden_7_no_trump_aces() -> None:
    """ "Two at no-trumps": each Ace 25 × 20 = 500; three Aces on one side score 1,500; Aces
    easy score nothing."""
    assert V.honour_value(V.NO_TRUMPS, 2) == 500
    three = cards("♠A ♥A ♦A ♠K ♠Q")
    assert V.honour_scores(V.NO_TRUMPS, 2, (three, 0), (3, 10)) == (1_500, 0)
    assert V.honour_scores(V.NO_TRUMPS, 2, (cards("♣A"), 0), (10, 3)) == (0, 1_500)
    assert V.honour_scores(V.NO_TRUMPS, 2, (V.ACES, 0), (0, 13)) == (2_000, 0)
    assert V.honours_won(V.NO_TRUMPS, cards("♠A ♥A ♥K ♥Q ♥J ♥10"), 13) == 0


def test_golden_8_coronets() -> None:
    """K-Q-J-10-9 in a plain suit 1,500, in trumps 3,000; three Aces 500, four 1,000; every
    sequence doubled at No-trumps; the Aces too by default (the parameter)."""
    kqj109 = cards("♠K ♠Q ♠J ♠10 ♠9")
    assert V.coronets(kqj109, V.HEARTS_BID) == 1_500
    assert V.coronets(kqj109, V.SPADES_BID) == 3_000
    assert V.coronets(kqj109, V.NO_TRUMPS) == 3_000
    three_aces = cards("♠A ♥A ♦A")
    assert V.coronets(three_aces, V.CLUBS_BID) == 500
    assert V.coronets(V.ACES, V.CLUBS_BID) == 1_000
    assert V.coronets(three_aces, V.NO_TRUMPS) == 1_000
    assert V.coronets(three_aces, V.NO_TRUMPS, aces_doubled_at_no_trumps=False) == 500
    assert V.coronets(cards("♠K ♠Q ♠10 ♠9 ♥A ♥2 ♥3 ♣3 ♣2"), V.HEARTS_BID) == 0  # no run of 3
    assert V.coronets(cards("♠A ♠K ♠Q ♠9 ♠8 ♠7"), V.HEARTS_BID) == 1_000  # two sequences
    # At No-trumps, the parameter reaches the played score.
    game = load(aces_doubled_at_no_trumps=False)
    assert game.rules.aces_doubled is False and load().rules.aces_doubled is True


def test_golden_9_slams_game_and_rubber() -> None:
    assert V.slam_bonus(3, True, 12) == 1_000  # little slam, not bid
    assert V.slam_bonus(6, True, 12) == 6_000  # little slam bid and made
    assert V.slam_bonus(2, True, 13) == 2_000  # grand slam, not bid
    assert V.slam_bonus(6, True, 13) == 7_000  # little slam bid, grand slam made
    assert V.slam_bonus(7, True, 13) == 12_000  # grand slam bid and made
    assert V.slam_bonus(7, True, 12) == 1_000  # grand slam bid, twelve: the unbid little slam
    assert V.slam_bonus(6, False, 12) == 1_000 and V.slam_bonus(7, False, 13) == 2_000
    assert V.slam_bonus(6, True, 11) == 0 and V.slam_bonus(7, True, 11) == 0
    assert V.GAME_BONUS == 1_000 and V.RUBBER_BONUS == 2_000 and V.GAME_POINTS == 500


def test_golden_10_the_adversaries_reach_game_first() -> None:
    """The game is won as soon as a side reaches 500, even in the middle of a hand and even if
    the other side scores more in that hand: here the bidder's adversaries, at 390 below the
    line, reach 510 with their third trick of a hand in which the bidder's side takes nine."""
    below, won = V.credit_trick((0, 470), 1, 40)
    assert below == (0, 510) and won
    state = table(load(rubber=True), SUITS)
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.s.below == (0, 390) and state.s.games == (0, 0)  # all thirteen at 30
    before = state.s.score
    deal_into(state, NINE_FOUR)
    assert state.current_player() == 0  # the deal passed to the left: the new dealer bids first
    do(state, "bid four in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY[:2])
    assert state.s.below == (0, 470) and state.s.game_in_hand == -1
    play(state, NINE_FOUR_PLAY[2])
    assert state.s.games == (0, 1) and state.s.game_in_hand == 1 and state.s.below == (0, 0)
    play(state, *NINE_FOUR_PLAY[3:])
    # The bidder's side took nine tricks, 360, all in the finished game's column; one short.
    assert state.s.below == (0, 0) and state.s.games == (0, 1)
    gained = tuple(a - b for a, b in zip(state.s.score, before, strict=True))
    assert gained == (
        9 * 40 + 7 * 400 + NINE_FOUR_CORONETS[0],
        4 * 40 + 1_000 + 4_000 + NINE_FOUR_CORONETS[1],
    )


# --- the deal --------------------------------------------------------------------------------


def test_deal_is_one_at_a_time_from_the_dealers_left_and_the_dealer_bids_first() -> None:
    game = load()
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal ♠A to player 0"
    state = table(game, NINE_FOUR)
    assert [h.bit_count() for h in state.s.hands] == [13] * 4
    assert state.s.held == state.s.hands and state.current_player() == 3
    state = table(load(dealer=1), NINE_FOUR)
    assert state.current_player() == 1
    assert game.max_chance_nodes_in_history() == 52 and game.max_game_length() == 109 + 52


# --- the auction -----------------------------------------------------------------------------


def test_denominations_rank_no_trumps_hearts_diamonds_clubs_spades() -> None:
    ladder = [V.bid_words(i) for i in range(V.NUM_BIDS)]
    assert ladder[:6] == [
        "one in spades", "one in clubs", "one in diamonds", "one in hearts", "one at no-trumps",
        "two in spades",
    ]  # fmt: skip
    assert ladder[-1] == "seven at no-trumps" and len(ladder) == 35
    state = table(load(), NINE_FOUR)
    assert len(names(state)) == 36 and "pass" in names(state)
    do(state, "bid one in hearts")
    legal = names(state)
    assert "bid one at no-trumps" in legal and "bid two in spades" in legal
    assert "bid one in hearts" not in legal and "bid one in diamonds" not in legal
    do(state, "bid one at no-trumps")
    assert min(state.legal_actions()[1:]) == V.BID_ACTION_BASE + V.bid_index(2, V.SPADES_BID)
    with pytest.raises(pyspiel.SpielError, match="higher than one at no-trumps"):
        state.apply_action(V.BID_ACTION_BASE + V.bid_index(1, V.HEARTS_BID))


def test_three_passes_after_a_bid_end_the_auction_and_a_pass_does_not_bar() -> None:
    state = table(load(), NINE_FOUR)  # dealer 3 bids first
    do(state, "bid one in spades", "pass", "pass")
    assert state.s.phase == V.AUCTION and state.current_player() == 2
    do(state, "bid one in clubs")
    do(state, "pass")
    assert state.current_player() == 0
    do(state, "bid two in spades")  # seat 0 had passed: a pass does not bar a later bid
    do(state, "pass", "pass")
    assert state.s.phase == V.AUCTION
    do(state, "pass")
    assert state.s.phase == V.PLAY and state.s.contract == V.bid_index(2, V.SPADES_BID)
    assert state.s.declarer == 0 and state.current_player() == 1  # the bidder's left leads


def test_a_player_overbid_in_the_interval_may_raise_his_own_bid() -> None:
    state = table(load(), NINE_FOUR)
    do(state, "bid one in spades", "bid one in hearts", "pass", "pass")
    assert state.current_player() == 3 and "bid two in spades" in names(state)
    do(state, "bid two in spades")
    assert state.s.bidder == 3


def test_no_player_may_raise_his_own_bid_unless_overbid() -> None:
    """The holder of the highest bid may only pass. With three passes closing the auction the
    turn reaches him only after three passes, so the rule is checked on the calls themselves."""
    game = load()
    state = table(game, NINE_FOUR)
    do(state, "bid one in spades")
    s = state.s.copy()
    s.to_move = s.bidder  # his turn again, nobody having overbid him
    assert game.rules.calls(s) == [V.PASS_ACTION]
    assert "own bid" in (game.rules.illegal_reason(s, V.BID_ACTION_BASE + 7) or "")
    assert len(game.rules.calls(state.s)) == 1 + V.NUM_BIDS - 1  # the next player: any higher


def test_four_passes_void_the_deal() -> None:
    state = table(load(), NINE_FOUR)
    do(state, "pass", "pass", "pass")
    assert not state.is_terminal()
    do(state, "pass")
    assert state.is_terminal() and state.returns() == [0.0] * 4
    rubber = table(load(rubber=True), NINE_FOUR)
    do(rubber, "pass", "pass", "pass", "pass")
    assert rubber.is_chance_node() and rubber.s.dealer == 0 and rubber.s.deal_no == 1
    assert rubber.s.score == (0, 0) and rubber.s.hands == (0, 0, 0, 0)


# --- the play and the score of a deal --------------------------------------------------------


def test_follow_suit_and_the_reason_for_a_refused_card() -> None:
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid two in diamonds", "pass", "pass", "pass")
    do(state, "lead ♥A")
    assert sorted(names(state)) == ["play ♥6", "play ♥7", "play ♥8"]
    with pytest.raises(pyspiel.SpielError, match="must follow suit"):
        state.apply_action(parse_card("♠K"))


def test_a_game_reached_mid_hand_the_rest_still_scored() -> None:
    """Seven in diamonds: the bidder's side reaches 500 with its eighth trick (560); its ninth,
    and the adversaries' tricks, still score; the contract fails by four."""
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid seven in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY[:11])
    assert state.s.games == (0, 0) and state.s.below == (490, 280)
    play(state, NINE_FOUR_PLAY[11])
    assert state.s.games == (1, 0) and state.s.game_in_hand == 0 and state.s.below == (0, 0)
    play(state, NINE_FOUR_PLAY[12])
    assert state.is_terminal()
    honours = 7 * 700
    side0 = 9 * 70 + 1_000 + honours + NINE_FOUR_CORONETS[0]
    side1 = 4 * 70 + 4 * 7_000 + NINE_FOUR_CORONETS[1]
    assert state.s.deal_score == (side0, side1)
    assert state.returns() == [side0 - side1, side1 - side0] * 2


def test_failed_contract_and_unbid_grand_slam_to_the_adversaries() -> None:
    """Three at no-trumps without a trick: nine short, 9 × 3,000 to the adversaries, who also
    take all thirteen tricks below the line and an unbid grand slam; Aces easy."""
    state = table(load(), SUITS)
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    assert state.s.won == (0, 13, 0, 0)
    side0 = SUITS_CORONETS_NT
    side1 = 13 * 30 + 9 * 3_000 + 2_000 + SUITS_CORONETS_NT
    assert state.s.deal_score == (side0, side1)
    assert state.returns() == [side0 - side1, side1 - side0] * 2
    assert state.returns()[0] == state.returns()[2] and sum(state.returns()) == 0


def test_one_short_in_diamonds() -> None:
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid four in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY)
    side0 = 9 * 40 + 7 * 400 + NINE_FOUR_CORONETS[0]
    side1 = 4 * 40 + 4_000 + NINE_FOUR_CORONETS[1]
    assert state.s.deal_score == (side0, side1)


def test_the_bounds_hold_the_largest_parts() -> None:
    assert V.max_deal_score() == 910 + 1_000 + 91_000 + 2_000 + 7_000 + 22_000
    game = load()
    assert game.max_utility() == V.max_deal_score() == -game.min_utility()
    rubber = load(rubber=True, max_deals=5)
    assert rubber.max_utility() == 5 * V.max_deal_score() + 2_000
    assert rubber.max_game_length() == 5 * (109 + 52)


# --- the rubber ------------------------------------------------------------------------------


def test_the_rubber_two_games_and_its_bonus() -> None:
    game = load(rubber=True)
    state = table(game, SUITS)
    # Deal 1 (dealer 3): three at no-trumps by seat 0; seat 1 leads and takes all thirteen.
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    d1 = (SUITS_CORONETS_NT, 13 * 30 + 9 * 3_000 + 2_000 + SUITS_CORONETS_NT)
    assert state.s.score == d1 and state.s.below == (0, 390) and state.is_chance_node()
    # Deal 2 (dealer 0): four in diamonds by seat 0; the adversaries reach 500 at trick 3.
    deal_into(state, NINE_FOUR)
    do(state, "bid four in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY)
    d2 = (
        9 * 40 + 7 * 400 + NINE_FOUR_CORONETS[0],
        4 * 40 + 1_000 + 4_000 + NINE_FOUR_CORONETS[1],
    )
    assert state.s.games == (0, 1) and state.s.below == (0, 0)
    assert state.s.score == (d1[0] + d2[0], d1[1] + d2[1]) and not state.is_terminal()
    # Deal 3 (dealer 1, who passes): four at no-trumps by seat 2; seat 3 leads, takes all
    # thirteen (520: the game at the last trick), and with it the rubber.
    deal_into(state, SUITS)
    assert state.current_player() == 1
    do(state, "pass", "bid four at no-trumps", "pass", "pass", "pass")
    assert state.current_player() == 3
    play_first_legal(state)
    d3 = (SUITS_CORONETS_NT, 13 * 40 + 1_000 + 10 * 4_000 + 2_000 + SUITS_CORONETS_NT + 2_000)
    assert state.s.games == (0, 2) and state.current_player() == TERMINAL
    total = (d1[0] + d2[0] + d3[0], d1[1] + d2[1] + d3[1])
    assert state.s.score == total
    margin = total[0] - total[1]
    assert state.returns() == [margin, -margin, margin, -margin]


def test_a_rubber_at_its_bound_is_scored_as_it_stands() -> None:
    state = table(load(rubber=True, max_deals=2), SUITS)
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    deal_into(state, SUITS)
    do(state, "pass", "pass", "pass", "pass")  # the second deal is void: the bound is reached
    assert state.is_terminal() and state.s.games == (0, 0)
    margin = state.s.score[0] - state.s.score[1]
    assert margin == -(13 * 30 + 9 * 3_000 + 2_000)
    assert state.returns() == [margin, -margin, margin, -margin]


def test_a_rubber_log_is_settled_between_deals() -> None:
    state = table(load(rubber=True), SUITS)
    do(state, "pass", "bid three at no-trumps", "pass", "pass", "pass")
    play_first_legal(state)
    assert all(e[4] < 0 for e in state.s.log)  # a finished deal names no history position
    info = state.information_state_string(0)
    assert "player 0 bids three at no-trumps" in info


# --- what a player sees, and the determinizer ------------------------------------------------


def test_views_show_only_the_players_own_hand() -> None:
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid two in diamonds", "pass", "pass", "pass", "lead ♥A")
    for q in range(4):
        shown = set(re.findall(r"[♠♥♦♣](?:10|[AJQK2-9])", state.observation_string(q)))
        assert shown == {format_card(c) for c in parse_cards(NINE_FOUR[q])} | {"♥A"}, q
        info = state.information_state_string(q)
        other = (q + 1) % 4
        assert f"player {other} is dealt a card" in info
        assert all(f"is dealt {format_card(c)}" not in info for c in parse_cards(NINE_FOUR[other]))


def test_the_determinizer_respects_a_void() -> None:
    """Seat 2 showed out of clubs at the fifth trick: no re-deal gives him a club."""
    state = table(load(), NINE_FOUR)
    do(state, "pass", "bid two in diamonds", "pass", "pass", "pass")
    play(state, *NINE_FOUR_PLAY[:5])
    assert state.s.voids == (0, 0, 1 << CLUBS, 0)
    clubs = cards("♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣5 ♣4 ♣3")
    moved = 0
    for seed in range(30):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.s.hands[2] & clubs == 0
        assert other.s.hands[0] == state.s.hands[0]
        assert other.information_state_string(0) == state.information_state_string(0)
        moved += other.s.hands != state.s.hands
    assert moved > 0


def test_trumps_win_and_at_no_trumps_the_suit_led_wins() -> None:
    hearts = V.vint_tricks(V.HEARTS_BID)
    assert trick_winner(parse_cards("♠A ♥2 ♠K ♦A"), hearts) == 1
    assert trick_winner(parse_cards("♠2 ♥2 ♠K ♦A"), V.vint_tricks(V.NO_TRUMPS)) == 2
    assert trick_winner(parse_cards("♠2 ♥2 ♠K ♣A"), V.vint_tricks(V.CLUBS_BID)) == 3
    assert V.DENOMINATION_SUITS[V.SPADES_BID] == SPADES
    assert V.DENOMINATION_SUITS[V.HEARTS_BID] == HEARTS
