"""MCTS: finds the obvious move in a dice game, reproducible, refuses hidden information."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.mcts import MCTSBot

ROLL, STOP = 0, 1


def pig_position() -> Any:
    """Pig to 10: the adversary has 9 banked; we have a turn total of 2 and nothing banked.

    Stopping banks 2 and hands the adversary a turn he wins unless his first roll is a 1;
    rolling on keeps our chances. Rolling is obviously best.
    """
    game = pyspiel.load_game("pig", {"winscore": 10})
    state = game.new_initial_state()
    # we stop at once; he rolls 5 and 4, stops at 9; we roll a 2.
    for a in (STOP, ROLL, 4, ROLL, 3, STOP, ROLL, 1):
        state.apply_action(a)
    assert state.current_player() == 0 and state.legal_actions() == [ROLL, STOP]
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_finds_the_obvious_move_in_pig(seed: int) -> None:
    state = pig_position()
    bot = make("mcts:sims=400", state.get_game(), seed=seed)
    assert bot.step(state) == ROLL
    assert dict(bot.last_policy)[ROLL] > 0.8


def test_reproducible_and_legal_on_backgammon() -> None:
    game = pyspiel.load_game("backgammon")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    moves = {make("mcts:sims=20", game, seed=4).step(state) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())


def test_refuses_hidden_information_unless_told() -> None:
    game = pyspiel.load_game("hoyle_conquian")
    with pytest.raises(ValueError, match="mcts would see hidden cards; use ismcts or pimc"):
        make("mcts", game)
    bot = make("mcts:sims=20,see_hidden=true,rollout=heuristic", game, seed=1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert bot.step(state) in state.legal_actions()


def test_spec_errors_and_state_evaluator() -> None:
    game = pyspiel.load_game("pig", {"winscore": 10})
    with pytest.raises(ValueError, match="no option 'rollouts'"):
        make("mcts:rollouts=3", game)
    with pytest.raises(ValueError, match="true or false"):
        make("mcts:see_hidden=maybe", game)
    with pytest.raises(ValueError, match="hoyle game"):
        make("mcts:rollout=heuristic", game)
    with pytest.raises(ValueError, match="non-negative"):
        make("mcts:c=-1", game)
    # A state evaluator that scores the banked points plus the turn total of the player to move
    # finds the same move as rollouts do.
    state = pig_position()

    def banked(s: Any) -> list[float]:
        if s.is_terminal():
            return list(s.returns())
        lines = str(s).split("\n")
        scores = [float(x) for x in lines[0].split(",")[0].split()[1:]]
        total = float(lines[0].split(":")[-1])
        scores[s.current_player()] += total
        return [(scores[0] - scores[1]) / 10, (scores[1] - scores[0]) / 10]

    bot = MCTSBot(state.get_game(), seed=0, sims=300, rollout=banked)
    assert bot.step(state) == ROLL
