"""Matrimony's staking solved (``hoyle.experiments.matrimony_staking``): the exact odds of a deal
against a walk of ``hoyle_matrimony``'s own chance tree, and CFR reaching the closed form on
the smallest configuration."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.experiments.matrimony_staking import (
    StakingTree,
    closed_form,
    deal_odds,
    expected_returns,
    solve,
    solve_with_openspiel,
)
from tests.helpers import do


def _chance_expectation(state: Any) -> list[Fraction]:
    """The exact expected returns below ``state``, every card of the deal walked."""
    if state.is_terminal():
        return [Fraction(r).limit_denominator(10**6) for r in state.returns()]
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    total = [Fraction(0)] * state.num_players()
    for a, _ in outcomes:
        below = _chance_expectation(state.child(a))
        total = [t + b / len(outcomes) for t, b in zip(total, below, strict=True)]
    return total


def test_folded_returns_equal_the_real_games_chance_tree() -> None:
    """On the pack A K Q J of each suit (every division can be taken), two players: the folded
    expectation of a set of stakes over all five divisions is the real game's, exactly."""
    game = pyspiel.load_game("hoyle_matrimony", {"players": 2, "max_stake": 5, "ranks": 4})
    state = game.new_initial_state()
    words = ["Matrimony", "Intrigue", "Confederacy", "Pair", "Best"]
    do(state, *(f"stake a counter on {w}" for w in words))  # five: the dealer is done
    do(state, *(f"stake a counter on {w}" for w in ("Matrimony", "Pair", "Pair", "Best")))
    assert state.is_chance_node()
    odds = deal_odds(2, ranks=4)
    assert list(expected_returns(odds, state.s.pools, state.s.dealer)) == _chance_expectation(state)


def test_the_ace_of_diamonds_face_up_is_one_in_fifty_two_at_every_seat() -> None:
    odds = deal_odds(3)
    assert odds.everything == (Fraction(1, 52),) * 3
    assert sum(odds.first[0]) < sum(odds.first[3])  # a Pair is likelier than Matrimony


def test_cfr_reaches_the_closed_form_on_two_players() -> None:
    """Two players, stakes up to two: NashConv falls below 1e-3 counters and the average
    policy's values are the closed form's (-1/52 for the dealer, +1/52 for the other)."""
    sol = solve(players=2, max_stake=2, iterations=200, checkpoints=(1,))
    first, last = sol.curve[0][1], sol.curve[-1][1]
    assert last < 1e-3 < first
    for v, exact in zip(sol.values, closed_form(2), strict=True):
        assert abs(v - float(exact)) < 1e-3
    # Every counter goes on Best, the division nobody else takes but with the ♦A face up.
    assert all(k.startswith("Best") for k, _ in sol.dealer_stakes + sol.others_stakes)


def test_the_trees_cfr_and_nash_conv_are_openspiels() -> None:
    """The same iterations of vanilla CFR give the same NashConv through the tree as through
    OpenSpiel's ``CFRSolver`` and ``exploitability.nash_conv`` on the ``pyspiel`` game."""
    for iterations in (1, 3):
        tree = StakingTree(2, 2)
        tree.cfr(iterations)
        theirs, _ = solve_with_openspiel(2, 2, iterations)
        assert abs(tree.nash_conv() - theirs) < 1e-9
