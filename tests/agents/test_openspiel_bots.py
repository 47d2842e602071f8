"""Our agents are pyspiel.Bots: OpenSpiel's own evaluate_bots plays them on every game."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

import hoyle.envs
from hoyle.agents import make, parse_spec

GAMES = sorted(hoyle.envs.GAMES)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_evaluate_bots_plays_our_agents(name: str, spec: str) -> None:
    game = pyspiel.load_game(hoyle.envs.GAMES[name].spiel_name)
    bots = [make(spec, game, seed=i) for i in range(game.num_players())]
    assert all(isinstance(b, pyspiel.Bot) for b in bots)
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = pyspiel.load_game(hoyle.envs.GAMES[name].spiel_name)

    def play(seed: int) -> list[int]:
        bots = [make("heuristic", game, seed=seed + i) for i in range(game.num_players())]
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        evaluate_bots(state, bots, rng)
        return state.history()

    assert play(3) == play(3)


def test_bad_specs_are_refused_clearly() -> None:
    game = pyspiel.load_game(hoyle.envs.GAMES[GAMES[0]].spiel_name)
    with pytest.raises(ValueError, match="unknown agent"):
        make("alphago", game)
    with pytest.raises(ValueError, match="takes no options"):
        make("random:sims=3", game)
    with pytest.raises(ValueError, match="no hint"):
        make("heuristic:-no-such-hint", game)
    with pytest.raises(ValueError, match="cannot read"):
        parse_spec("heuristic:foo")
