"""The floor of any game written in Python: a game that does nothing, timed like the others.

OpenSpiel runs a game written in Python through its C++ ``State``: ``apply_action`` goes from
Python into C++ (which keeps the history) and back into the game's ``_apply_action``, and
``clone`` copies the C++ state and the Python object's ``__dict__``. Those trampolines cost the
same whatever the game does. :class:`FloorState` is a one-player game whose every method does
as little as Python can (a fixed tuple of ten legal actions, a counter, sixty moves a game), so
its random playouts by :func:`~hoyle.experiments.bench_worker.random_playouts`, the loop every
game is timed by, are the most steps a second any Python game can reach on the machine, and its
``clone`` the cheapest clone. ``hoyle bench`` prints it under the games' table: the distance
between a hoyle game and the floor is the game's own work; the distance between the floor and
a C++ reference is what no Python rules can win back.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pyspiel

from hoyle.experiments.bench_worker import random_playouts

NAME = "python_floor"
MOVES = 60
"""Moves in a game: about a trick game's playout (skat 62 steps, Five Hundred 72)."""
LEGAL = tuple(range(10))

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="A Python game that does nothing (hoyle bench's floor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=1,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(LEGAL),
    max_chance_outcomes=0,
    num_players=1,
    min_utility=0.0,
    max_utility=0.0,
    utility_sum=0.0,
    max_game_length=MOVES,
)


class FloorGame(pyspiel.Game):  # type: ignore[misc]
    """The game: nothing but its type, its size and its initial state."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})

    def new_initial_state(self) -> FloorState:
        return FloorState(self)


class FloorState(pyspiel.State):  # type: ignore[misc]
    """A counter; the methods a playout calls answer at once (the module docstring)."""

    def __init__(self, game: FloorGame) -> None:
        super().__init__(game)
        self.moves = 0

    def current_player(self) -> int:
        return 0 if self.moves < MOVES else int(pyspiel.PlayerId.TERMINAL)

    def is_terminal(self) -> bool:
        return self.moves >= MOVES

    def is_chance_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(LEGAL)

    def _legal_actions(self, player: int) -> list[int]:
        return list(LEGAL)

    def apply_action(self, action: int) -> None:
        if action not in LEGAL:  # the legality check every hoyle game makes
            raise ValueError(f"action {action} is not legal")
        super().apply_action(action)

    def _apply_action(self, action: int) -> None:
        self.moves += 1

    def returns(self) -> list[float]:
        return [0.0]

    def __str__(self) -> str:
        return f"{self.moves} moves"


def floor_game() -> Any:
    """The floor game, registered with OpenSpiel on first use."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(_TYPE, FloorGame)
    return pyspiel.load_game(NAME)


def time_floor(seconds: float, seed: int = 0) -> dict[str, float]:
    """The floor's random playouts for about ``seconds`` (steps/s, games/s, steps a game),
    and ``clone_us``, µs per ``clone()`` of a state halfway through a game."""
    game = floor_game()
    row = random_playouts(game, seconds, random.Random(seed))
    state = game.new_initial_state()
    for a in range(MOVES // 2):
        state.apply_action(LEGAL[a % len(LEGAL)])
    calls = 0
    start = time.perf_counter()
    while True:
        for _ in range(100):
            state.clone()
        calls += 100
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 4:
            break
    return {**row, "clone_us": 1e6 * elapsed / calls}


__all__ = ["NAME", "FloorGame", "FloorState", "floor_game", "time_floor"]
