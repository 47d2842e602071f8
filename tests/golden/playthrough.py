"""Seeded regression playthroughs: every player's view at every step of one seeded game.

``tests/golden/<game>/default.txt`` holds, for each step of a seeded random game, the action
taken, then for every player the observation string and the non-zero entries of the
observation tensor. ``tests/test_playthroughs.py`` compares a fresh run line by line. Regenerate
(only when a rule or an encoding changes on purpose, and bump the game's ``version``) with::

    python -m tests.golden.playthrough            # every registered game
    python -m tests.golden.playthrough conquian   # one game
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pyspiel

import hoyle.envs

HERE = Path(__file__).parent
SEED = 20261130


def playthrough_lines(short_name: str, seed: int = SEED) -> list[str]:
    """The playthrough of one seeded random game of ``short_name`` (default parameters)."""
    spec = hoyle.envs.GAMES[short_name]
    game = pyspiel.load_game(spec.spiel_name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = [f"game: {game}", f"seed: {seed}", f"version: {spec.version}"]
    while True:
        lines.append(f"# move {state.move_number()} player {state.current_player()}")
        if not state.is_chance_node():
            for p in range(game.num_players()):
                for row in state.observation_string(p).splitlines():
                    lines.append(f"obs[{p}] {row}")
                nz = np.flatnonzero(np.asarray(state.observation_tensor(p)))
                lines.append(f"tensor[{p}] {' '.join(map(str, nz))}")
        if state.is_terminal():
            lines.append(f"returns: {state.returns()}")
            return lines
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(actions, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        lines.append(f"action: {action} {state.action_to_string(state.current_player(), action)}")
        state.apply_action(action)


def path_for(short_name: str) -> Path:
    return HERE / short_name / "default.txt"


def main(argv: list[str]) -> None:
    for name in argv or sorted(hoyle.envs.GAMES):
        path = path_for(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(playthrough_lines(name)) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
