"""Newmarket, Spin and Saratoga (Foster, NEWMARKET, OR STOPS; SPIN; SARATOGA): the golden tests
(the opening rule; the Spin example), the stake, the pools, the settlement, several deals, and
the information: what an opening shows, and whose turn it is never showing who holds the
diamond Ace.

Deals are explicit chance actions in card notation (small hands through ``hand_size``); moves
are made by their words (``action_to_string``), so each test reads like the book.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import cards_of, format_card, mask_of, parse_card, parse_cards
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.core.stops import EV_SHOWS, LEAD, PLAY, PLAYED
from hoyle.envs.games import newmarket as N
from tests.helpers import do, names, random_playout_states


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_newmarket", params)


def stake(game: Any, amount: int, on: str) -> Any:
    """A new sitting: the dealer names ``amount``; every player puts it all on ``on``."""
    n = game.num_players()
    state = game.new_initial_state()
    do(state, f"stake {amount} counters")
    for _ in range(n * amount):
        do(state, f"put a counter on the {on}")
    return state


def deal(state: Any, *hands: str) -> Any:
    """Deal these hands one card at a time from the dealer's left (player 0 first)."""
    cards = [parse_cards(h) for h in hands]
    for i in range(len(cards[0])):
        for q in range(len(cards)):
            state.apply_action(cards[q][i])
    assert not state.is_chance_node()
    return state


def rules_state(state: Any) -> Any:
    return state.s


def m(text: str) -> int:
    return mask_of(parse_cards(text))


# --- golden tests -----------------------------------------------------------------------------


def test_golden_opening_with_anything_but_the_lowest_of_the_suit_is_illegal() -> None:
    """ "He must begin with the lowest card in his hand of the suit which he selects. He is not
    restricted as to suit"."""
    state = stake(load(players=3, hand_size=5), 4, "♥A")
    deal(state, "♠3 ♠9 ♥5 ♥K ♦Q", "♠4 ♣2 ♣3 ♥6 ♦2", "♠5 ♣4 ♣5 ♥7 ♦3")
    assert set(names(state)) == {"lead ♠3", "lead ♥5", "lead ♦Q"}
    for higher in ("♠9", "♥K"):
        with pytest.raises(pyspiel.SpielError):
            state.apply_action(parse_card(higher))
    assert set(names(state)) == {"lead ♠3", "lead ♥5", "lead ♦Q"}  # nothing changed


SPIN_HANDS = ("♠6 ♠7 ♠8 ♠9 ♥5", "♠10 ♦A ♣5 ♣K ♥7", "♠J ♥2 ♥3 ♦5 ♦6")
"""Player 0 runs the spades to the 9; player 1 holds ♠10 and the diamond Ace."""


def test_golden_spin_example() -> None:
    """ "The sequence in spades has run to the Nine, and one player holds both spade Ten and
    diamond ace. ... he might stop the spade sequence by playing both the Ten and the diamond
    ace together, announcing Spin. He can then play a pool card, or begin a new sequence with
    the lowest of the suit in his hand.\""""
    state = stake(load(players=3, hand_size=5, variant="spin"), 4, "♣K")
    deal(state, *SPIN_HANDS)
    do(state, "lead ♠6")  # ♠7 ♠8 ♠9 follow at once
    # He played to the sequence: asked about the Spin whatever he holds (one answer here).
    assert (state.current_player(), sorted(names(state))) == (0, ["no spin"])
    do(state, "no spin")
    # "without the Ten": player 1 plays ♠10 (forced), and is asked.
    s = rules_state(state)
    assert s.played == m("♠6 ♠7 ♠8 ♠9 ♠10") and s.point == PLAYED
    assert set(names(state)) == {"no spin", "spin with ♦A"}
    do(state, "spin with ♦A")
    s = rules_state(state)
    assert s.lines == () and s.point == LEAD and state.current_player() == 1
    assert not s.played >> parse_card("♠J") & 1  # the spades are stopped: ♠J never came
    # A pool card (♣K) or the lowest of a suit (♣5, ♥7).
    assert set(names(state)) == {"lead ♣5", "lead ♣K", "lead ♥7"}
    assert "player 1: Spin" in state.information_state_string(2)
    do(state, "lead ♣K")  # wins its pool; the King ends the sequence: he opens again
    assert state.returns() == [0.0, 0.0, 0.0] and rules_state(state).counters[1] == 8
    assert set(names(state)) == {"lead ♣5", "lead ♥7"}  # the opening rule again


def test_spin_cannot_be_played_without_playing_to_the_sequence_first() -> None:
    """ "He cannot play the diamond ace unless he can play to the sequence first": a player
    who only opens, or says he is without, is not asked."""
    state = stake(load(players=3, hand_size=5, variant="spin"), 4, "♣K")
    deal(state, "♠2 ♦A ♣5 ♣K ♥7", "♠6 ♠7 ♠8 ♠9 ♥5", "♠J ♥2 ♥3 ♦5 ♦6")
    do(state, "lead ♠2")  # ♠3 is nobody's: he opens again, never asked
    s = rules_state(state)
    assert (s.point, state.current_player()) == (LEAD, 0)


def test_newmarket_has_no_spin() -> None:
    """Outside Spin the diamond Ace is an ordinary card: the same play asks nothing."""
    state = stake(load(players=3, hand_size=5), 4, "♣K")
    deal(state, *SPIN_HANDS)
    do(state, "lead ♠6")
    # ♠10 from player 1, ♠J from player 2, ♠Q a stop: player 2 opens next.
    s = rules_state(state)
    assert s.played == m("♠6 ♠7 ♠8 ♠9 ♠10 ♠J") and (s.point, state.current_player()) == (LEAD, 2)


# --- the stake, the pools, the settlement -------------------------------------------------------


def test_the_dealer_names_at_least_four_up_to_the_cap_and_every_player_stakes_as_much() -> None:
    state = load(players=4, max_stake=6).new_initial_state()
    assert state.current_player() == 3  # the dealer
    assert set(names(state)) == {"stake 4 counters", "stake 5 counters", "stake 6 counters"}
    do(state, "stake 5 counters")
    # The eldest hand first; one counter at a time, never on a card before the last chosen.
    assert state.current_player() == 0
    assert len(names(state)) == 4
    do(state, "put a counter on the ♥A", "put a counter on the ♦Q")
    assert set(names(state)) == {"put a counter on the ♦Q", "put a counter on the ♠J"}
    do(state, *["put a counter on the ♠J"] * 3)
    assert state.current_player() == 1
    for _ in range(15):
        do(state, "put a counter on the ♣K")
    assert state.is_chance_node()
    s = rules_state(state)
    assert pool_sizes(s.pools) == (1, 15, 1, 3) and s.counters == (-5, -5, -5, -5)


def test_saratoga_puts_the_agreed_amount_on_each_card_without_a_choice() -> None:
    """ "each is compelled to place an agreed amount on each of the pool cards"."""
    state = load(players=5, variant="saratoga", saratoga_stake=2).new_initial_state()
    assert state.is_chance_node()
    s = rules_state(state)
    assert pool_sizes(s.pools) == (10, 10, 10, 10) and s.counters == (-8,) * 5


def test_a_pool_card_played_wins_its_pool_at_once() -> None:
    """ "If ... any of the four cards on the layout can be got rid of, the player holding them
    takes the pool on that card"; ♥A, the lowest heart, may always open."""
    state = stake(load(players=3, hand_size=5), 4, "♥A")
    deal(state, "♥A ♠9 ♠10 ♦4 ♦6", "♠4 ♣2 ♣3 ♥6 ♦2", "♠5 ♣4 ♣5 ♥7 ♦3")
    do(state, "lead ♥A")
    s = rules_state(state)
    assert pool_sizes(s.pools) == (0, 0, 0, 0) and s.counters == (8, -4, -4)
    assert "player 0 took the pool on ♥A" in state.information_state_string(1)


def test_going_out_is_paid_per_card_and_a_pool_card_held_leaves_its_pool_standing() -> None:
    """ "The first player to get rid of all his cards receives one counter from the other
    players for each card they hold"; a pool card held at the end "remains until the next
    deal" (not doubled, as at Pope Joan)."""
    state = stake(load(players=3, hand_size=5, deals=2), 4, "♣K")
    deal(state, "♠2 ♠3 ♠4 ♠5 ♠6", "♣K ♣2 ♣3 ♥6 ♦2", "♠8 ♣4 ♣5 ♥7 ♦3")
    do(state, "lead ♠2")  # he runs ♠2 to ♠6: out
    s = rules_state(state)
    assert s.deal_no == 1 and s.dealer == 0  # the deal passed to the left
    assert pool_sizes(s.pools) == (0, 12, 0, 0)  # the ♣K's pool stands, not doubled
    assert s.counters == (-4 + 10, -4 - 5, -4 - 5)
    shown = [e for e in s.log if e[0] == EV_SHOWS]
    assert len(shown) == 10  # the other hands shown, in the log for all to remember
    assert all(at < 0 for *_, at in s.log)  # the finished deal names no history position
    assert state.current_player() == 0  # the new dealer names the next stake


def test_the_pools_go_back_to_their_stakers_when_the_sitting_ends() -> None:
    """ASSUMPTION 5: returns are the counters with the standing pools handed back."""
    state = stake(load(players=3, hand_size=5), 4, "♣K")
    deal(state, "♠2 ♠3 ♠4 ♠5 ♠6", "♣K ♣2 ♣3 ♥6 ♦2", "♠8 ♣4 ♣5 ♥7 ♦3")
    do(state, "lead ♠2")
    assert state.is_terminal()
    assert state.returns() == [10.0, -5.0, -5.0]


@pytest.mark.parametrize(("players", "each"), sorted(N.BOOK_HAND_SIZE.items()))
def test_the_deal_is_pope_joans_table(players: int, each: int) -> None:
    """ "The cards are dealt as at Pope Joan, and the same number must be left in the talon"."""
    stops = {3: 7, 4: 4, 5: 7, 6: 4, 7: 3, 8: 4}[players]
    rules = load(players=players).rules
    assert (rules.hand_size, rules.num_stops) == (each, stops)
    assert each * players + stops == 52


def test_parameters_are_checked() -> None:
    with pytest.raises(GameParameterError):
        load(players=9)
    with pytest.raises(GameParameterError):
        load(max_stake=3)
    with pytest.raises(GameParameterError):
        load(players=8, hand_size=7)


# --- information --------------------------------------------------------------------------------


def test_an_opening_shows_the_opener_holds_no_lower_card_of_its_suit() -> None:
    state = stake(load(players=3, hand_size=5), 4, "♥A")
    deal(state, "♠5 ♠9 ♥8 ♥K ♦Q", "♠4 ♣2 ♣3 ♥6 ♦2", "♠6 ♣4 ♣5 ♥7 ♦3")
    do(state, "lead ♥8")
    s = rules_state(state)
    assert s.lacks[0] & m("♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7") == m("♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7")
    for seed in range(20):
        other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert not other.s.hands[0] & m("♥A ♥2 ♥3 ♥4 ♥5 ♥7")


def test_a_pool_card_opened_after_a_spin_shows_nothing_below_it() -> None:
    state = stake(load(players=3, hand_size=5, variant="spin"), 4, "♣K")
    deal(state, *SPIN_HANDS)
    do(state, "lead ♠6", "no spin", "spin with ♦A")
    lacks = rules_state(state).lacks[1]
    do(state, "lead ♣K")
    assert rules_state(state).lacks[1] & m("♣A ♣2 ♣3 ♣4 ♣5") == lacks & m("♣A ♣2 ♣3 ♣4 ♣5")


def _turns(game: Any, history: list[int]) -> list[int]:
    state = game.new_initial_state()
    turns = []
    for a in history:
        turns.append(state.current_player())
        state.apply_action(a)
    return turns


@pytest.mark.parametrize("players", [3, 5])
def test_whose_turn_it_is_never_shows_who_holds_the_diamond_ace(players: int) -> None:
    """Spin: every player who has played to a sequence is asked while the ♦A is out, whatever
    he holds, so the players to move are the same in every re-dealt world."""
    game = load(players=players, variant="spin")
    asked = 0
    for seed in range(6):
        for i, state in enumerate(random_playout_states(game, random.Random(seed))):
            if i % 7 or state.is_chance_node() or state.is_terminal():
                continue
            s = rules_state(state)
            asked += s.phase == PLAY and s.point == PLAYED
            turns = _turns(game, state.history())
            for p in range(players):
                sampler = pyspiel.UniformProbabilitySampler(seed * 100 + i + p, 0, 1)
                other = state.resample_from_infostate(p, sampler)
                assert _turns(game, other.history()) == turns
                assert other.current_player() == state.current_player()
    assert asked > 0


def test_no_error_shows_a_card_the_player_cannot_see() -> None:
    state = stake(load(players=3, hand_size=5), 4, "♥A")
    deal(state, "♠3 ♠9 ♥5 ♥K ♦Q", "♠4 ♣2 ♣3 ♥6 ♦2", "♠5 ♣4 ♣5 ♥7 ♦3")
    with pytest.raises(pyspiel.SpielError) as err:
        state.apply_action(parse_card("♣2"))  # player 1's card
    assert "♣2" not in str(err.value).replace("you do not hold ♣2", "")
    others = cards_of(m("♠4 ♣3 ♥6 ♦2 ♠5 ♣4 ♣5 ♥7 ♦3"))
    assert not any(format_card(c) in str(err.value) for c in others)
