"""Quinto and Dummy Quinto (Hoffmann, Hoyle's Games Modernized, "QUINTO" and "DUMMY (OR
THREE-HANDED) QUINTO"): the book's worked examples as golden tests, against the scoring
functions and through played deals; the deal and its cachette, the doubling round, Quint
Royal's rules, the game ended in the middle of a hand, the cachette making game, the rubber;
Dummy's handicap, the hand looked at first, the exposed Dummy, the round of three games; the
views and the determinizer (the cachette and the Dummy re-dealt only while unseen).

Deals are explicit chance actions written in card notation; calls and cards are played by their
words (``action_to_string``), so each test reads like the book. Side 0 is players 0 and 2 (in
Dummy Quinto the Dummy-player and the Dummy).
"""

from __future__ import annotations

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
from hoyle.envs.games import quinto as Q
from hoyle.envs.games.quinto import rules as R
from tests.helpers import do, play

TRICKS = Q.quinto_tricks()


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_quinto", params)


def load_dummy(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_dummy_quinto", params)


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def deal(state: Any, cachette: str, hands: dict[int, str]) -> Any:
    """Deal the cachette's five, then ``hands`` one at a time from the dealer's left."""
    rules = state.rules
    left = {q: parse_cards(h) for q, h in hands.items()}
    assert sorted(len(v) for v in left.values()) == [12] * 4
    for c in parse_cards(cachette):
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, c).endswith("the cachette")
        state.apply_action(c)
    for k in range(48):
        seat = rules.dealt_to(state.s, 5 + k)
        state.apply_action(left[seat].pop(0))
    assert not any(left.values()) and state.s.phase == R.DOUBLING
    return state


def play_out(state: Any) -> Any:
    """Play the hand out, each hand its first legal card."""
    while state.s.phase == R.PLAY:
        state.apply_action(state.legal_actions()[0])
    return state


# Side 0 (seats 0, 2) holds eleven hearts and every diamond; side 1 the ♥A ♥K, the spades and
# nine clubs; the cachette ♣5 ♣4 ♣3 ♣2 and Quint Royal (45 in quints).
ELEVEN_TWO = {
    0: "♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♦A ♦K ♦Q ♦J ♦10 ♦9",
    1: "♥A ♥K ♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♣A ♣K ♣Q",
    2: "♥6 ♥5 ♥4 ♥3 ♥2 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3 ♦2",
    3: "♠7 ♠6 ♠5 ♠4 ♠3 ♠2 ♣J ♣10 ♣9 ♣8 ♣7 ♣6",
}
ELEVEN_TWO_CACHETTE = "♣5 ♣4 ♣3 ♣2 Joker"


def eleven_two(doubled: bool = False, **params: Any) -> Any:
    """The deal, the doubling round (seat 1 doubles if ``doubled``), and three tricks: side 1
    takes the first two with the ♥A and ♥K, side 0 the third; side 0 takes every later trick,
    since side 1 holds no heart or diamond left and side 0 no spade or club."""
    state = deal(load(**params).new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "pass", "double" if doubled else "pass", "pass", "pass")
    play(state, "♥Q ♥A ♥2 ♠7", "♥K ♥3 ♠6 ♥J", "♠A ♦2 ♠2 ♦9")
    return state


# --- the golden tests of the book's text (§ "QUINTO") ---------------------------------------


def test_golden_1_quints_count_to_the_winners_of_the_trick() -> None:
    """5♥ → 20; A♦ with 4♦ → 15; 2♠ 3♠ 5♠ → two spade quints, 10; Quint Royal 25."""
    assert Q.quints(cards("♥5 ♠K ♠Q ♠J")) == [20]
    assert Q.quints(cards("♦A ♦4 ♣K ♣Q")) == [15]
    assert Q.quints(cards("♠2 ♠3 ♠5 ♥K")) == [5, 5]
    assert Q.quint_points(cards("♣A ♣4 ♣2 ♣3 ♣5")) == 30
    assert Q.quints(cards("♦A ♥4 ♦2 ♣3")) == []  # not of the same suit
    # Through play: the ♥5 falls to a trick seat 1 wins; the Joker is thrown by seat 2 (side 0)
    # on a trick seat 3 wins: side 1 scores them both.
    hands = {
        0: "♥Q ♣9 ♠K ♠10 ♠9 ♠8 ♠7 ♠6 ♠4 ♦10 ♦9 ♦8",
        1: "♥A ♣8 ♣7 ♦A ♦K ♦Q ♦J ♠A ♠Q ♠J ♥10 ♥9",
        2: "♥5 Joker ♣10 ♦4 ♦7 ♦6 ♦5 ♦3 ♦2 ♠2 ♠3 ♥2",
        3: "♥K ♣J ♣Q ♣K ♣A ♠5 ♥3 ♥4 ♥6 ♥7 ♥8 ♥J",
    }
    state = deal(load().new_initial_state(), "♣2 ♣3 ♣4 ♣5 ♣6", hands)
    do(state, "pass", "pass", "pass", "pass")
    play(state, "♥Q ♥A ♥5 ♥K")
    assert state.s.score == (0, 20)
    play(state, "♦A ♦4 ♣Q ♦10")  # seat 3's ♣Q is below every diamond: A♦ 4♦ → 15
    assert state.s.score == (0, 35)
    play(state, "♠A ♠2 ♠5 ♠K")  # ♠5 → 5
    assert state.s.score == (0, 40)
    play(state, "♠Q ♠3 ♥J ♠4")  # seat 3 (no spade left) trumps with the ♥J: no quint
    assert state.s.score == (0, 40) and state.s.leader == 3
    play(state, "♣A ♣9 ♣8 Joker")  # seat 2 (side 0) throws Quint Royal on seat 3's trick
    assert state.s.score == (0, 65)


def test_golden_2_suit_power_replaces_trumps() -> None:
    """The A♥ beats every other card; with ♠ led, a void player's 2♣ beats the A♠, and a later
    2♦ beats the 2♣."""
    ace = parse_card("♥A")
    for c in range(Q.NUM_CARD_ACTIONS):
        if c != ace:
            assert trick_winner([c, ace], TRICKS) == 1
            assert trick_winner([ace, c], TRICKS) == 0
    assert trick_winner(parse_cards("♠A ♣2"), TRICKS) == 1
    assert trick_winner(parse_cards("♠A ♣2 ♠K ♦2"), TRICKS) == 3
    assert trick_winner(parse_cards("♠2 ♠3 Joker ♠4"), TRICKS) == 3
    assert Q.SUIT_POWER[SPADES] < Q.SUIT_POWER[CLUBS] < Q.SUIT_POWER[2] < Q.SUIT_POWER[HEARTS]


def test_golden_3_eleven_tricks_to_two() -> None:
    """Eleven tricks (the cachette included) against two: 55 against 10; doubled 110 against
    20. Through play, side 1's score is its two tricks alone (no quint fell to it)."""
    assert Q.trick_scores((11, 2)) == (55, 10)
    assert Q.trick_scores((11, 2), 1) == (110, 20)
    for doubled in (False, True):
        state = play_out(eleven_two(doubled))
        assert state.is_terminal()
        value = 10 if doubled else 5
        won = [0, 0]
        quints = [0, 0]
        for leader, *trick in state.s.past:
            seat = state.rules.trick_orders[0][leader][trick_winner(trick, TRICKS)]
            won[seat % 2] += 1
            quints[seat % 2] += Q.quint_points(mask_of(trick))
        assert won == [10, 2]
        assert state.s.taken == cards(ELEVEN_TWO_CACHETTE)
        quints[0] += 45  # the cachette's: ♣5, ♣2 ♣3, Quint Royal
        assert quints[1] == 0
        assert state.s.deal_score == (11 * value + quints[0], 2 * value)
        d = state.s.deal_score[0] - state.s.deal_score[1]
        assert state.returns() == [d, -d, d, -d]


def test_golden_4_quints_reaching_250_end_the_game_at_once() -> None:
    """Side 1 at 235 takes the ♥5 (20) in the first trick: the game is over, eleven tricks
    abandoned, no trick counted."""
    state = deal(load(play="game").new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "pass")
    state.s.score = (0, 235)
    play(state, "♥Q ♥A ♥5")
    assert not state.is_terminal()
    play(state, "♠7")
    assert state.is_terminal()
    assert state.s.score == (0, 255) and state.s.games == (0, 1)
    assert state.returns() == [-255, 255, -255, 255]


# --- the deal and the doubling ---------------------------------------------------------------


def test_the_cachette_is_dealt_first_then_one_at_a_time_from_the_eldest() -> None:
    state = load().new_initial_state()
    words = [state.action_to_string(pyspiel.PlayerId.CHANCE, 0)]
    for _ in range(9):
        state.apply_action(state.chance_outcomes()[0][0])
        words.append(state.action_to_string(pyspiel.PlayerId.CHANCE, 52))
    assert words[:5] == ["deal ♠A to the cachette"] + ["deal Joker to the cachette"] * 4
    assert words[5:] == [f"deal Joker to player {q}" for q in (0, 1, 2, 3, 0)]
    assert len(state.chance_outcomes()) == 53 - 9


def test_doubling_once_round_from_the_eldest_and_redouble_an_opponents_double() -> None:
    state = deal(load().new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    assert state.current_player() == 0
    names = {state.action_to_string(0, a) for a in state.legal_actions()}
    assert names == {"pass", "double"}
    do(state, "double")
    assert {state.action_to_string(1, a) for a in state.legal_actions()} == {"pass", "redouble"}
    do(state, "pass")
    assert state.legal_actions() == [Q.PASS_ACTION]  # the doubler's partner may not redouble
    with pytest.raises(pyspiel.SpielError, match="only an opponent's double"):
        state.apply_action(Q.REDOUBLE_ACTION)
    do(state, "pass", "redouble")
    assert state.s.doubling == 2 and state.s.phase == R.PLAY  # once round: four calls
    assert state.current_player() == 0  # the eldest hand leads
    assert Q.trick_value(state.s.doubling) == 20


def test_the_last_caller_may_double_and_nobody_may_redouble_after() -> None:
    state = deal(load().new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "double")
    assert state.s.phase == R.PLAY and state.s.doubling == 1


def test_doubling_does_not_touch_the_quints() -> None:
    state = deal(load(play="game").new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "double", "redouble", "pass", "pass")
    play(state, "♥Q ♥A ♥5 ♠7")
    assert state.s.score == (0, 20)


# --- Quint Royal ------------------------------------------------------------------------------


def test_quint_royal_may_be_thrown_on_any_trick_but_led_only_as_the_last_card() -> None:
    hands = dict(ELEVEN_TWO)
    hands[0] = "♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♦A ♦K ♦Q ♦J ♦10 Joker"
    state = deal(load().new_initial_state(), "♣5 ♣4 ♣3 ♣2 ♦9", hands)
    do(state, "pass", "pass", "pass", "pass")
    joker = Q.QUINT_ROYAL
    assert joker not in state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match="may be led only as your last card"):
        state.apply_action(joker)
    play(state, "♥Q ♥A")
    play(state, "♥2 ♠7")
    # Seat 1 leads the ♠A; seat 0 (void) may throw the Joker, and it shows no void.
    play(state, "♠A ♦2 ♠2")
    assert joker in state.legal_actions()
    play(state, "Joker")
    assert state.s.voids[0] == 0 and state.s.voids[2] == 1 << SPADES
    assert state.s.leader == 2  # the ♦2 wins: Quint Royal has no power


def test_quint_royal_led_last_the_next_card_fixes_the_suit() -> None:
    t = parse_cards("Joker ♣3 ♣K ♠A")
    assert trick_winner(t, TRICKS) == 2
    # Played: a hand whose last card is the Joker leads it; the second card is free.
    hands = {
        0: "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♥6 ♥5 ♥4 Joker",
        1: "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7 ♣6 ♣5 ♣4 ♣3",
        2: "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3",
        3: "♦A ♦K ♦Q ♦J ♦10 ♦9 ♦8 ♦7 ♦6 ♦5 ♦4 ♦3",
    }
    state = deal(load().new_initial_state(), "♥3 ♥2 ♠2 ♦2 ♣2", hands)
    do(state, "pass", "pass", "pass", "pass")
    for _ in range(11):  # seat 0 leads his hearts (not the Joker) and wins each
        state.apply_action(state.legal_actions()[0])
        while state.s.trick:
            state.apply_action(state.legal_actions()[0])
        assert state.s.leader == 0
    assert state.s.hands[0] == 1 << Q.QUINT_ROYAL
    assert state.legal_actions() == [Q.QUINT_ROYAL]
    play(state, "Joker")
    assert {state.action_to_string(1, a) for a in state.legal_actions()} == {"play ♣K"}
    play(state, "♣K ♠K ♦K")  # the ♣K fixes clubs; the void seats trump: the ♦K wins
    assert state.is_terminal()
    assert state.s.voids[2] >> CLUBS & 1 and state.s.voids[3] >> CLUBS & 1
    assert state.s.past[-1][0] == 0 and state.s.won[3] == 1


# --- the cachette, the game, the rubber -------------------------------------------------------


def test_the_cachette_is_unseen_until_taken_then_shown_to_all() -> None:
    state = eleven_two()
    for p in range(4):
        info = state.information_state_string(p)
        assert info.count("the cachette is dealt a card") == 5
        assert "takes the cachette" not in info
    seen = set()
    for seed in range(20):
        other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.information_state_string(1) == state.information_state_string(1)
        seen.add(other.s.cachette)
    assert len(seen) > 1  # the cachette is re-dealt with the other hidden cards
    play_out(state)
    for p in range(4):
        info = state.information_state_string(p)
        for c in parse_cards(ELEVEN_TWO_CACHETTE):
            assert f"player 0 takes the cachette: {format_card(c)}" in info or (
                f"player 2 takes the cachette: {format_card(c)}" in info
            )


def test_the_cachette_may_make_game_and_then_no_trick_counts() -> None:
    state = eleven_two(play="game")
    while len(state.s.past) < 11:
        state.apply_action(state.legal_actions()[0])
    last = 0
    for h in state.s.hands:
        last |= h
    q12 = Q.quint_points(last)
    state.s.score = (250 - 45 - q12, 0)
    play_out(state)
    assert state.is_terminal()
    assert state.s.score == (250, 0)  # the cachette's 45 make game: the tricks do not count
    assert state.returns() == [250, -250, 250, -250]


def format_card_mask(mask: int) -> str:
    return " ".join(format_card(c) for c in range(53) if mask >> c & 1)


def test_tricks_bringing_both_past_250_the_higher_wins() -> None:
    state = eleven_two(play="game")
    while len(state.s.past) < 11:
        state.apply_action(state.legal_actions()[0])
    last = 0
    for h in state.s.hands:
        last |= h
    # After every quint side 0 has 249; the tricks bring side 1 to 255 and side 0 to 304.
    state.s.score = (249 - 45 - Q.quint_points(last), 245)
    play_out(state)
    assert state.is_terminal() and state.s.games == (1, 0)
    assert state.s.score == (304, 255)
    assert state.returns() == [49, -49, 49, -49]


def test_a_game_not_won_goes_on_to_the_next_deal_dealt_by_the_left() -> None:
    state = play_out(eleven_two(play="game"))
    assert not state.is_terminal() and state.s.phase == R.DEAL
    assert state.s.dealer == 0 and state.s.deal_no == 1
    assert all(e[4] == -1 for e in state.s.log)  # the finished deal's log is settled


def test_the_rubber_its_bonus_and_a_new_game_after_one_ended_mid_hand() -> None:
    state = deal(load(play="rubber").new_initial_state(), ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "pass")
    state.s.score = (0, 235)
    play(state, "♥Q ♥A ♥5 ♠7")  # side 1 wins the first game mid-hand
    assert not state.is_terminal() and state.s.phase == R.DEAL
    assert state.s.games == (0, 1) and state.s.score == (0, 0)
    assert state.s.ledger == (-255, 255, -255, 255)
    assert state.s.dealer == 0  # the deal passes to the left: seat 1 is the eldest
    deal(state, ELEVEN_TWO_CACHETTE, ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "pass")
    state.s.score = (0, 240)
    play(state, "♥A ♥5 ♠7 ♥Q")  # side 1 takes the ♥5 (20): 260, the second game and rubber
    assert state.is_terminal() and state.s.games == (0, 2)
    assert state.returns() == [-615, 615, -615, 615]  # 255 + 260 + the rubber's 100


def test_random_rubbers_end_within_the_bounds() -> None:
    game = load(play="rubber")
    rng = __import__("random").Random(3)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert max(state.s.games) == 2
        assert abs(state.returns()[0]) <= game.max_utility()
        assert state.move_number() <= game.max_game_length() + game.max_chance_nodes_in_history()


# --- views and the determinizer ---------------------------------------------------------------


def test_the_determinizer_respects_a_void_and_keeps_my_hand() -> None:
    state = eleven_two()
    assert state.s.voids == (1 << SPADES, 0, 1 << SPADES, 1 << HEARTS)
    moved = 0
    for seed in range(20):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.s.hands[0] == state.s.hands[0]
        assert other.s.hands[3] & cards("♥6 ♥5 ♥4") == 0
        assert other.s.hands[2] & cards("♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠5 ♠4 ♠3") == 0
        assert other.information_state_string(0) == state.information_state_string(0)
        moved += other.s.hands != state.s.hands
    assert moved > 0


# --- Dummy Quinto -----------------------------------------------------------------------------


def test_golden_5_dummy_opponents_begin_at_25() -> None:
    game = load_dummy()
    state = game.new_initial_state()
    assert state.s.score == (0, Q.DUMMY_HANDICAP)
    assert game.num_players() == 3
    rng = __import__("random").Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    d = state.s.deal_score[0] - state.s.deal_score[1] - Q.DUMMY_HANDICAP
    assert state.returns() == [2 * d, -d, -d]


def test_dummy_seating_the_dummy_player_deals_first_and_plays_both_hands() -> None:
    state = load_dummy(dummy_player=1).new_initial_state()
    assert state.rules.orders[state.s.table] == (1, 2, Q.DUMMY, 0)
    assert state.s.dealer == 1  # the Dummy-player takes the first deal
    assert state.s.unseen == -1  # his side deals: he sees both hands
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    calls = []
    while state.s.phase == R.DOUBLING:
        calls.append(state.current_player())
        state.apply_action(Q.PASS_ACTION)
    assert calls == [2, 1, 0, 1]  # the eldest (player 2), the Dummy (played by 1), 0, 1
    assert state.s.exposed
    info = state.information_state_string(2)
    assert info.count("Dummy is exposed") == 12


def next_deal_dealt_by_an_opponent(**params: Any) -> Any:
    """A Dummy game (Dummy-player 0) at the start of its second deal, dealt by player 1."""
    game = load_dummy(play="game", **params)
    for seed in range(20):
        rng = __import__("random").Random(seed)
        state = game.new_initial_state()
        while state.s.deal_no == 0 and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(state.legal_actions()[0])
        if not state.is_terminal():
            return state
    raise AssertionError("no game went on to a second deal")


def test_when_an_opponent_deals_the_dummy_player_sees_first_the_hand_he_leads_from() -> None:
    state = next_deal_dealt_by_an_opponent()
    assert state.s.dealer == 1  # an opponent; the eldest is the Dummy
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.s.to_move == Q.DUMMY and state.current_player() == 0
    assert state.s.unseen == 0  # his own hand: not looked at yet
    own, dummy = state.s.hands[0], state.s.hands[Q.DUMMY]
    obs = state.observation_string(0)
    assert f"Dummy holds: {format_card_mask(dummy)}" in obs
    assert "player 0 holds" not in obs
    for seed in range(10):  # his own hand is re-dealt among the cards he has not seen
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.s.hands[Q.DUMMY] == dummy
        assert other.information_state_string(0) == state.information_state_string(0)
    assert any(
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(s, 0, 1)).s.hands[0]
        != own
        for s in range(10)
    )
    do(state, "double", "pass", "pass", "pass")  # Dummy, player 2, player 0, player 1
    assert state.s.unseen == -1 and state.s.exposed
    assert "player 0 holds" in state.observation_string(0)
    for p in (1, 2):  # the opponents see the exposed Dummy; it is never re-dealt
        assert f"Dummy holds: {format_card_mask(dummy)}" in state.observation_string(p)
        for seed in range(10):
            sampler = pyspiel.UniformProbabilitySampler(seed, 0, 1)
            other = state.resample_from_infostate(p, sampler)
            assert other.s.hands[Q.DUMMY] == dummy
            assert other.information_state_string(p) == state.information_state_string(p)


def test_a_dummy_not_exposed_stays_hidden_from_the_opponents() -> None:
    state = next_deal_dealt_by_an_opponent(expose_dummy=False)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    do(state, "pass", "pass", "pass", "pass")
    assert not state.s.exposed
    assert "Dummy holds" not in state.observation_string(1)
    assert "player 0 holds" in state.observation_string(0)
    assert "Dummy holds" in state.observation_string(0)


def test_the_round_each_player_takes_dummy_once() -> None:
    game = load_dummy(play="round")
    rng = __import__("random").Random(11)
    state = game.new_initial_state()
    tables = []
    while not state.is_terminal():
        if state.s.phase == R.DEAL and (not tables or tables[-1] != state.s.table):
            tables.append(state.s.table)
            assert state.s.dealer == state.s.table and state.s.score == (0, 25)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert tables == [0, 1, 2]
    assert sum(state.returns()) == 0
    assert state.s.result == state.s.ledger


def test_terminal_state_is_terminal() -> None:
    state = play_out(eleven_two())
    assert state.current_player() == TERMINAL
