"""The timing loops of ``hoyle bench``, and a worker that runs them on another checkout.

The loops are those a user would write (see :mod:`hoyle.experiments.bench`). They live here,
apart from the table and the ratios, so that ``hoyle bench --baseline DIR`` can time an older
checkout of hoyle with *this* code: the worker is this file run as a script in a process whose
``hoyle`` package is the one in ``DIR``. Both sides then differ only in the games.

The worker reads one JSON request per line on stdin — ``{"game": ..., "seconds": ...,
"seed": ..., "perfect_recall": ...}`` — and answers each with one JSON line: the numbers of
:func:`time_game`, or ``{"error": "..."}`` (a game the other checkout does not have, say).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

MAX_SAMPLE_STATES = 500


def _sample_chance() -> Callable[[Any, random.Random], int]:
    # Imported on use: in the worker, ``hoyle`` is the other checkout's, found only after
    # its ``hoyle.envs`` has registered its games.
    from hoyle.experiments.match import sample_chance

    return sample_chance


def random_playouts(game: Any, seconds: float, rng: random.Random) -> dict[str, float]:
    """Play random games for about ``seconds``; steps/s, games/s and mean steps per game."""
    sample_chance = _sample_chance()
    steps = games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {"steps_per_s": steps / elapsed, "games_per_s": games / elapsed,
            "steps_per_game": steps / games, "games": games, "seconds": elapsed}  # fmt: skip


def sample_states(game: Any, rng: random.Random, limit: int = MAX_SAMPLE_STATES) -> list[Any]:
    """Non-terminal states from random playouts, at most ``limit`` of them."""
    sample_chance = _sample_chance()
    states: list[Any] = []
    while len(states) < limit:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < limit:
            states.append(state.clone())
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
    return states


def per_call(fn: Any, items: Sequence[Any], seconds: float) -> float:
    """Mean seconds per ``fn(item)``, repeating the pass over ``items`` for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / calls


def time_game(
    game: Any, seconds: float, seed: int = 0, perfect_recall: bool = False
) -> dict[str, Any]:
    """Playout speed, and µs per ``clone()`` and per observer ``set_from`` for one game (the
    observation observer, or the information state's with ``perfect_recall``)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    rng = random.Random(seed)
    out: dict[str, Any] = dict(random_playouts(game, seconds, rng))
    states = sample_states(game, rng)
    out["clone_us"] = 1e6 * per_call(lambda s: s.clone(), states, seconds / 4)
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect_recall))
    pairs = [(s, p) for s in states for p in range(game.num_players())]
    out["set_from_us"] = 1e6 * per_call(lambda sp: obs.set_from(*sp), pairs, seconds / 4)
    return out


def serve(lines: Any, write: Callable[[str], Any]) -> None:
    """Answer each JSON request line with one JSON line (see the module docstring)."""
    import pyspiel

    import hoyle.envs  # noqa: F401  (registers the checkout's games with OpenSpiel)

    for line in lines:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            game = pyspiel.load_game(str(req["game"]))
            answer = time_game(
                game, float(req["seconds"]), int(req["seed"]), bool(req["perfect_recall"])
            )
        except Exception as e:  # the other checkout's failure, reported, not raised here
            first = str(e).splitlines()[0] if str(e) else type(e).__name__
            answer = {"error": first}
        write(json.dumps(answer) + "\n")


if __name__ == "__main__":
    serve(sys.stdin, lambda text: (sys.stdout.write(text), sys.stdout.flush()))
