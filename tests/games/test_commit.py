"""Commit (Foster, Complete Hoyle, COMMIT): the golden tests of the book's rules, each its own
test, on hands dealt to order; then the information (who is asked) and the sitting.

Hands are given for players 0, 1, 2, 3 (player 3 deals; player 0 leads); with a small
``hand_size`` the rest of the pack is the stops.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import format_card, parse_card, parse_cards
from hoyle.envs.core.stops import CHOOSE, EV_WITHOUT, LEAD, PASS, PLAY, STUCK
from hoyle.envs.games.commit import NINE_OF_DIAMONDS, PACK, book_hand_size
from tests.helpers import dealt_hands


def dealt(hands: list[str], **params: Any) -> Any:
    """A Commit state with ``hands`` dealt (one string per player), the first lead due."""
    return dealt_hands("hoyle_commit", hands, **params)


def play(state: Any, *moves: str) -> None:
    for m in moves:
        state.apply_action(PASS if m == "-" else parse_card(m))


def counters(state: Any) -> tuple[int, ...]:
    """Counters won and lost this deal, the stakes in the pool left out."""
    s = state.s
    return tuple(c + pool for c, pool in zip(s.counters, s.pools[0], strict=True))


def withouts(state: Any) -> list[tuple[int, str]]:
    return [(q, format_card(c)) for k, q, c, _, _ in state.s.log if k == EV_WITHOUT]


def test_the_pack_is_fifty_one_cards_without_the_eight_of_diamonds() -> None:
    assert PACK.bit_count() == 51 and not PACK >> parse_card("♦8") & 1
    rules = pyspiel.load_game("hoyle_commit").rules
    assert rules.pack == PACK


@pytest.mark.parametrize(
    ("players", "each", "stops"),
    [(3, 17, 0), (4, 12, 3), (5, 9, 6), (6, 8, 3), (7, 7, 2), (8, 6, 3)],
)
def test_as_many_full_rounds_as_go_and_nine_for_five(players: int, each: int, stops: int) -> None:
    assert book_hand_size(players) == each
    rules = pyspiel.load_game("hoyle_commit", {"players": players}).rules
    assert (rules.hand_size, rules.num_stops) == (each, stops)


def test_diamonds_stop_at_the_seven() -> None:
    """ "if the diamonds are run up to the Seven, the person who plays the last card before
    the stop is entitled to begin another sequence": nobody is asked for the 8♦."""
    state = dealt(["♦5 ♦6 ♦7 ♥2", "♦4 ♠2 ♠3 ♠4", "♣2 ♣3 ♣4 ♣8", "♣5 ♣6 ♣7 ♣9"])
    play(state, "♦5")  # ♦6 ♦7, and the 8♦ is out of the pack
    assert withouts(state) == []
    assert (state.s.point, state.current_player()) == (LEAD, 0)
    state = dealt(["♦5 ♥2 ♥3 ♥4", "♦6 ♦7 ♠2 ♠3", "♣2 ♣3 ♣4 ♣8", "♣5 ♣6 ♣7 ♣9"])
    play(state, "♦5")  # without the Six; player 1 plays ♦6 ♦7 and begins another
    assert withouts(state) == [(0, "♦6")]
    assert (state.s.point, state.current_player()) == (LEAD, 1)


def test_the_king_stops_the_sequence_and_earns_a_counter_from_each() -> None:
    state = dealt(["♠J ♠Q ♥2", "♠K ♠2 ♠3", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"])
    play(state, "♠J")  # ♠Q; without the King: player 1 holds it
    assert counters(state) == (-1, 3, -1, -1)
    assert (state.s.point, state.current_player()) == (LEAD, 1)


def test_a_sequence_opened_with_an_ace_earns_a_counter_from_each() -> None:
    state = dealt(["♠A ♥5 ♥2", "♠3 ♠4 ♠5", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"])
    play(state, "♠A")
    assert counters(state)[0] == 3
    state = dealt(["♠A ♥5 ♥2", "♠3 ♠4 ♠5", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"], ace_lead=False)
    play(state, "♠A")
    assert counters(state)[0] == 0


def test_the_nine_of_diamonds_played_earns_two_from_each_and_opens_a_second_line() -> None:
    state = dealt(["♥2 ♠5 ♠6", "♦9 ♠2 ♠3", "♦10 ♥3 ♣4", "♣5 ♣6 ♣7"])
    play(state, "♥2")  # without the Trey; player 1 cannot go on either: asked, he plays the 9♦
    assert (state.s.point, state.current_player()) == (STUCK, 1)
    assert state.legal_actions() == [NINE_OF_DIAMONDS, PASS]
    play(state, "♦9")
    assert counters(state) == (-2, 6, -2, -2)
    # "the player following him is then at liberty to continue the original sequence or to
    # play the Ten of diamonds": player 2 holds both, and chooses.
    assert (state.s.point, state.current_player()) == (CHOOSE, 2)
    assert state.legal_actions() == sorted(parse_cards("♥3 ♦10"))
    play(state, "♦10")
    # The ♦10 is continued first: the hearts are dropped; the round is for the ♦J, a stop.
    assert withouts(state) == [(0, "♥3"), (1, "♥3"), (2, "♦J"), (3, "♦J"), (0, "♦J"), (1, "♦J")]
    assert (state.s.point, state.current_player()) == (LEAD, 2)


def test_the_nine_of_diamonds_left_in_hand_costs_two_to_each() -> None:
    state = dealt(["♠A ♠2 ♠3", "♦9 ♥2 ♥3", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"])
    play(state, "♠A")  # ♠2 ♠3: player 0 is out at once
    assert state.is_terminal()
    # Player 0: the Ace (3) and the pool (3); player 1 pays 2 to each for the 9♦.
    assert state.returns() == [3 + 3 + 2, -1 - 1 - 6, -1 - 1 + 2, -1 - 1 + 2]


def test_each_king_held_at_the_end_pays_a_counter_to_each() -> None:
    state = dealt(["♠A ♠2 ♠3", "♥K ♣K ♥3", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"])
    play(state, "♠A")
    assert state.returns() == [3 + 3 + 2, -1 - 1 - 6, -1 - 1 + 2, -1 - 1 + 2]


def test_the_first_player_out_wins_the_pool() -> None:
    state = dealt(["♠2 ♠3 ♠4", "♥5 ♥6 ♥7", "♣2 ♣3 ♣4", "♣5 ♣6 ♣7"], stake=2)
    play(state, "♠2")
    assert state.is_terminal() and state.s.winner == 0
    assert state.returns() == [6.0, -2.0, -2.0, -2.0]


def test_a_stuck_player_is_asked_whoever_holds_the_nine() -> None:
    """Whether a player holds the 9♦ is hidden: while it is unplayed every player who must
    say "without" is asked, so the player to move is the same in every world a re-deal
    draws (family brief, forced steps)."""
    game = pyspiel.load_game("hoyle_commit", {"players": 4})
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        movers = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            movers.append(state.current_player())
            if len(movers) % 4 == 0 and state.s.phase == PLAY:
                player = rng.randrange(4)
                other = state.resample_from_infostate(
                    player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
                )
                replay = game.new_initial_state()
                replay_movers = []
                for a in other.history():
                    if not replay.is_chance_node():
                        replay_movers.append(replay.current_player())
                    replay.apply_action(a)
                assert replay_movers == movers[:-1]
                assert other.current_player() == state.current_player()
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def test_a_player_who_said_without_is_never_dealt_that_card_in_a_re_deal() -> None:
    game = pyspiel.load_game("hoyle_commit", {"players": 5})
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < 45 + 25:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert any(state.s.lacks)
    for k in range(20):
        other = state.resample_from_infostate(k % 5, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
        for hand, lack in zip(other.s.hands, state.s.lacks, strict=True):
            assert not hand & lack


def test_several_deals_pass_the_deal_to_the_left_and_end_zero_sum() -> None:
    game = pyspiel.load_game("hoyle_commit", {"players": 4, "deals": 3})
    rules = game.rules
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state()
        dealers = {state.s.dealer}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            dealers.add(state.s.dealer)
        assert dealers == {3, 0, 1}
        returns = state.returns()
        assert sum(returns) == 0
        assert all(rules.min_utility <= r <= rules.max_utility for r in returns)
