"""Expectimax over a value function: the race baseline, the batched search against a plain
recursion over the game's own ``plays``, and the agent in both seats."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents.expectimax import SearchBot, from_spec, pip_values, search_values
from hoyle.agents.random_agent import RandomBot
from hoyle.agents.td.net import ValueNet
from hoyle.envs.games.backgammon import START, THROWS, Position, dice_to_play, plays
from tests.agents.test_td import play, side

GAME = pyspiel.load_game("hoyle_backgammon")


def brute(pos: Position, depth: int, value: Any) -> float:
    """``V_depth`` by plain recursion over the game's ``plays`` (no pruning, no batching)."""
    mover, adversary = pos
    if depth == 0 or mover[0] == 15:
        return float(value([pos])[0])
    total = 0.0
    for h, lo, p in THROWS:
        replies = plays(adversary, mover, dice_to_play(h, lo))
        total -= p * max(brute(q, depth - 1, value) for q in replies)
    return total


def test_pip_values_favour_the_race_leader_and_the_player_on_roll() -> None:
    even = (side({6: 5, 5: 5}), side({6: 5, 5: 5}))
    ahead = (side({1: 10}), side({6: 10}))
    won = (side({}), side({6: 15}))
    v = pip_values([even, ahead, won])
    assert v[0] < 0  # same count, the adversary is on roll
    assert v[1] > 0.9
    assert v[2] == 2  # a finished game: its real value (a gammon)


@pytest.mark.parametrize("value_name", ["pips", "td"])
def test_one_ply_equals_the_plain_recursion(value_name: str) -> None:
    net = ValueNet.initial(12, 4)
    value = (lambda ps: pip_values(ps, 3)) if value_name == "pips" else net.equities
    positions: list[Position] = [
        (side({1: 1, 3: 2, 5: 1}), side({2: 2, 4: 1, 6: 2})),
        (side({2: 1}), side({1: 1, 6: 1})),
        (side({}), side({3: 1})),  # finished: its real value at every depth
        (side({20: 2, 6: 5, 8: 3}), side({19: 1, 6: 4, 12: 2, 1: 1})),  # contact, blots
    ]
    fast = search_values(positions, 1, value)
    assert np.allclose(fast, [brute(p, 1, value) for p in positions])


def test_two_ply_without_pruning_equals_the_plain_recursion() -> None:
    positions = [(side({2: 1, 5: 1}), side({1: 1, 4: 1})), (side({3: 1}), side({6: 1, 1: 1}))]
    fast = search_values(positions, 2, pip_values, width=0)
    assert np.allclose(fast, [brute(p, 2, pip_values) for p in positions])
    # Pruned to the adversary's best reply at 0-ply: a bound, not the value (here it differs
    # from exact only where the 0-ply order is wrong; both stay in the equity range).
    pruned = search_values(positions, 2, pip_values, width=1)
    assert np.all(np.abs(pruned) <= 3)


def test_the_agent_prunes_at_the_root_and_chooses_the_best_searched_play() -> None:
    bot = SearchBot(GAME, pip_values, ply=1, root=3)
    options = sorted(plays(START, START, (6, 5)))
    v = bot.values(options)
    searched = np.isfinite(v)
    assert searched.sum() == 3
    best_at_0 = np.argsort(-pip_values(options), kind="stable")[:3]
    assert set(np.flatnonzero(searched)) == set(best_at_0)


@pytest.mark.parametrize("spec", ["expectimax:ply=1,value=pips", "expectimax:ply=0,value=pips"])
def test_expectimax_plays_legal_complete_games_in_both_seats(spec: str) -> None:
    options = dict(item.split("=") for item in spec.partition(":")[2].split(","))
    for seat in (0, 1):
        bots: list[Any] = [RandomBot(GAME, 3), RandomBot(GAME, 4)]
        bots[seat] = from_spec(GAME, options, (), 0, spec)
        returns = play(GAME, bots, seed=10 + seat)
        # (The pip counter only hits or not -- every play moves it as far -- and can be
        # held back for the whole game: a game may end drawn at the game's 1000 throws.)
        assert returns[0] == -returns[1]


def _first_decision(seed: int) -> Any:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    while state.is_chance_node() or state.legal_actions() == [150, 151]:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(150)  # take the opening throw
    return state


def test_two_ply_with_the_network_makes_a_legal_reproducible_play() -> None:
    state = _first_decision(5)
    spec = "expectimax:ply=2,value=td,root=2,width=1"
    options = {"ply": "2", "value": "td", "root": "2", "width": "1"}
    moves = [from_spec(GAME, options, (), s, spec).step(state) for s in (0, 1)]
    assert moves[0] == moves[1] and moves[0] in state.legal_actions()


def _err(options: dict[str, str], off: Sequence[str] = ()) -> str:
    with pytest.raises(ValueError) as e:
        from_spec(GAME, options, tuple(off), 0, "expectimax")
    return str(e.value)


def test_spec_errors_name_the_choices() -> None:
    assert "options: ply, root, value, weights, width" in _err({"plies": "1"})
    assert "ply must be 0-2" in _err({"ply": "3"})
    assert "ply must be 0-2" in _err({"ply": "one"})
    assert "value must be one of td, pips" in _err({"value": "gnubg"})
    assert "weights= goes with value=td only" in _err({"value": "pips", "weights": "x.npz"})
    assert "no network at" in _err({"value": "td", "weights": "/nonexistent.npz"})
    assert "root must be an integer >= 0" in _err({"root": "-1"})
    assert "no hint switches" in _err({}, ["blots"])
