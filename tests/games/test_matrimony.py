"""Matrimony (Foster, MATRIMONY): the golden tests (K♥ down and Q♣ up is Matrimony; the ♦A down
and the A♣ up is a Pair, not Best; the ♦A face up takes every pool at once), the staking (one
fewer than the dealer, counters in the layout's order, the forced rest on Best), the first to
show a combination, the pools carried to the next deal, the returns and the information.

Stakes are made by their words (``action_to_string``) and the deal by card notation, so each
test reads like the book.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import parse_card
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.games import matrimony as M
from tests.helpers import do, random_playout_states


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_matrimony", params)


def stakes(state: Any, *divisions: str) -> Any:
    """The player to move stakes a counter on each named division in turn."""
    return do(state, *(f"stake a counter on {d}" for d in divisions))


def deal(state: Any, downs: str, ups: str) -> Any:
    """Deal the down cards, then the up cards, each list from the eldest hand round."""
    for c in (*downs.split(), *ups.split()):
        state.apply_action(parse_card(c))
    return state


def sizes(state: Any) -> tuple[int, ...]:
    return pool_sizes(state.s.pools)


# --- golden tests -------------------------------------------------------------------------


def test_golden_king_down_queen_up_is_matrimony() -> None:
    """K♥ (down) + Q♣ (up) = Matrimony: its holder takes that pool."""
    state = load(players=2, max_stake=3).new_initial_state()  # player 0 deals, 1 is eldest
    stakes(state, "Matrimony", "Matrimony")
    do(state, "stake no more")
    stakes(state, "Pair")  # player 1 stakes one fewer
    deal(state, "♥K ♠5", "♣Q ♦9")
    assert state.is_terminal()
    # Player 1 takes the 2 counters on Matrimony (his own stake on Pair goes back to him).
    assert state.returns() == [-2.0, 2.0]
    assert "player 1 showed Matrimony and took its pool" in state.information_state_string(0)


def test_golden_diamond_ace_down_with_an_ace_up_is_a_pair_not_best() -> None:
    """♦A face down + A♣ face up = Pair (not Best): the Best pool stands."""
    state = load(players=2, max_stake=3, deals=2).new_initial_state()
    stakes(state, "Pair", "Best")
    do(state, "stake no more")
    stakes(state, "Best")
    deal(state, "♦A ♠5", "♣A ♦9")
    assert sizes(state) == (0, 0, 0, 0, 2)  # Pair taken by player 1, Best stands
    assert state.s.counters == (-2, 0)


def test_golden_diamond_ace_face_up_takes_every_pool_at_once() -> None:
    """The ♦A face up takes everything on the layout, and the deal ends there."""
    state = load(players=3, max_stake=3).new_initial_state()
    stakes(state, "Matrimony", "Intrigue", "Best")  # three: the dealer is done
    stakes(state, "Pair", "Pair")
    stakes(state, "Confederacy", "Best")
    # Player 2's ♥K is never turned: the ♦A face up to player 1 ends the deal.
    deal(state, "♠2 ♥K ♣7", "♦A")
    assert state.is_terminal()
    assert sizes(state) == (0, 0, 0, 0, 0)
    assert state.returns() == [-3.0, 5.0, -2.0]


# --- the staking --------------------------------------------------------------------------


def test_others_stake_one_fewer_than_the_dealer() -> None:
    state = load(players=3, max_stake=5).new_initial_state()
    stakes(state, "Intrigue", "Intrigue", "Pair")
    do(state, "stake no more")
    assert state.current_player() == 1
    assert M.ENOUGH_ACTION not in state.legal_actions()  # he must put down two
    stakes(state, "Matrimony", "Matrimony")
    assert state.current_player() == 2
    stakes(state, "Confederacy")
    assert state.current_player() == 2
    stakes(state, "Pair")
    assert state.is_chance_node()
    assert sizes(state) == (2, 2, 1, 2, 0)
    assert state.s.counters == (-3, -2, -2)


def test_a_dealer_staking_one_leaves_the_others_nothing() -> None:
    state = load(players=4).new_initial_state()
    stakes(state, "Best")
    do(state, "stake no more")
    assert state.is_chance_node()
    assert sizes(state) == (0, 0, 0, 0, 1)


def test_the_dealer_stakes_at_least_one_and_at_most_max_stake() -> None:
    state = load(players=2, max_stake=2).new_initial_state()
    with pytest.raises(IllegalActionError, match="at least one counter"):
        state.apply_action(M.ENOUGH_ACTION)
    stakes(state, "Pair", "Pair")  # the cap: his stake ends there
    assert state.current_player() == 1


def test_counters_go_down_in_the_layouts_order_the_rest_forced_on_best() -> None:
    state = load(players=2, max_stake=4).new_initial_state()
    stakes(state, "Matrimony", "Matrimony", "Matrimony", "Matrimony")
    stakes(state, "Pair")
    with pytest.raises(IllegalActionError, match="layout's order"):
        state.apply_action(M.STAKE_ACTION_BASE + M.MATRIMONY)
    stakes(state, "Best")  # his last two counters can go nowhere else: both are put there
    assert state.is_chance_node()
    assert sizes(state) == (4, 0, 0, 1, 2)


def test_every_distribution_is_one_sequence() -> None:
    """The number of ways to stake ``k`` counters is the compositions of ``k`` into five
    divisions, C(k + 4, 4): each reached by exactly one sequence of stakes."""
    game = load(players=2, max_stake=3)
    finals: list[tuple[int, ...]] = []
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.current_player() != 0:
            finals.append(sizes(state))
            continue
        stack.extend(state.child(a) for a in state.legal_actions())
    assert len(finals) == len(set(finals)) == 5 + 15 + 35


# --- the deal and the pools ---------------------------------------------------------------


def test_the_first_to_show_takes_the_pool_from_the_eldest() -> None:
    """Players 1 and 2 both hold Intrigue: player 1, turned first, takes it."""
    state = load(players=3, max_stake=2).new_initial_state()
    stakes(state, "Intrigue", "Intrigue")
    stakes(state, "Pair")
    stakes(state, "Intrigue")
    deal(state, "♠Q ♥J ♠3", "♣J ♦Q ♥4")
    # Player 1 takes the 3 on Intrigue (player 2's counter with them); his Pair comes back.
    assert state.returns() == [-2.0, 3.0, -1.0]


def test_pools_not_won_stay_for_the_next_deal_and_the_deal_passes_left() -> None:
    state = load(players=2, max_stake=2, deals=2).new_initial_state()
    stakes(state, "Confederacy", "Best")
    stakes(state, "Confederacy")
    deal(state, "♠2 ♠5", "♣9 ♦7")  # nothing shown
    assert sizes(state) == (0, 0, 2, 0, 1)
    assert state.current_player() == 1  # player 1 deals the second deal
    stakes(state, "Matrimony")
    do(state, "stake no more")
    deal(state, "♣K ♥K", "♣J ♦6")  # player 0 is eldest now: Confederacy
    assert state.is_terminal()
    # Player 0 takes the 2 on Confederacy; Matrimony (1, player 1's) and Best (1, player 0's)
    # go back to their stakers.
    assert state.returns() == [1.0, -1.0]


def test_returns_are_zero_sum_and_within_the_bounds() -> None:
    for players in (2, 5, 8):
        game = load(players=players, max_stake=4, deals=3)
        for seed in range(20):
            *_, last = random_playout_states(game, random.Random(seed))
            r = last.returns()
            assert abs(sum(r)) < 1e-9
            assert all(game.min_utility() <= x <= game.max_utility() for x in r)


def test_players_and_pack_parameters() -> None:
    with pytest.raises(GameParameterError):
        load(players=9)
    with pytest.raises(GameParameterError, match="ranks"):
        load(players=8, ranks=3)
    with pytest.raises(GameParameterError, match="dealer"):
        load(players=3, dealer=3)


# --- information --------------------------------------------------------------------------


def test_a_down_card_is_seen_only_by_its_holder_until_turned() -> None:
    state = load(players=2, max_stake=1).new_initial_state()
    stakes(state, "Pair")
    deal(state, "♥K ♠5", "♣Q")
    assert "♥K" in state.information_state_string(1)
    assert "♥K" not in state.information_state_string(0)
    assert "♥K" not in state.observation_string(0)
    state.apply_action(parse_card("♦9"))
    assert "♥K" in state.observation_string(0)  # turned up at the end of the deal


def test_the_sequence_of_movers_is_the_same_in_re_dealt_worlds() -> None:
    """Nothing in the game waits on a hidden card: the turning up and the pools are public and
    automatic, so a re-dealt world keeps the same players to move."""
    game = load(players=3, max_stake=3, deals=3)
    for seed in range(5):
        for state in random_playout_states(game, random.Random(seed)):
            if state.is_terminal() or state.is_chance_node():
                continue
            other = state.resample_from_infostate(
                state.current_player(), pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
            )
            assert other.history() == state.history()  # nothing is hidden at a stake


def test_mid_deal_re_deal_keeps_what_the_player_saw() -> None:
    game = load(players=3, max_stake=2)
    state = game.new_initial_state()
    stakes(state, "Pair")
    do(state, "stake no more")
    deal(state, "♥K ♠5 ♣7", "♣Q")
    seen = state.information_state_string(2)
    worlds = set()
    for seed in range(30):
        other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0, 1))
        assert other.information_state_string(2) == seen
        assert other.s.down[2] == parse_card("♠5") and other.s.up[1] == parse_card("♣Q")
        worlds.add((other.s.down[0], other.s.down[1]))
    assert len(worlds) > 20  # the others' down cards are drawn afresh
