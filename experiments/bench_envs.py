"""Speed of the environments a bot trainer steps, beside the peers' own, in one run.

``hoyle bench --envs`` times, for each game, hoyle's PettingZoo AEC env (``env.last()`` then
``env.step``, every seat by turns) and its Gymnasium env (``env.step`` for seat 0, the other
seats played inside by random opponents), and beside them the peers a trainer would otherwise
use, each by the loop its own documentation shows: PettingZoo's classic Leduc and Texas
hold'em (RLCard's engines under PettingZoo's AEC API) and RLCard's own loop
(``env.step`` on ``state["legal_actions"]``) on gin-rummy and bridge. Every loop plays a
uniformly random legal action; its unit is **decision steps per CPU second**
(``time.process_time``: another process on the machine does not slow the count), counting one
step per decision taken through the env (for the Gym env, the learner's; its opponents' moves
are inside that step's cost). The time is split into rounds that visit every loop in turn, and
the best round counts.

Ratios, higher is better (above 1 hoyle is faster): ``x_rlcard`` over RLCard's loop on the
game of the same kind (gin-rummy for the draw-and-discard and fishing games, whose C++
reference is ``gin_rummy``; bridge for the trick games, whose reference is ``skat``,
``euchre`` or ``bridge``; none for backgammon and the patiences, which RLCard has no game like), and
``x_pz_classic`` over the faster of PettingZoo's two classic hold'em envs. The peers are the
optional ``bench`` extra (``pip install 'hoyle[bench]'``); a peer not installed gets a row that
says so, and no ratio is made with it.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from hoyle.experiments.bench_progress import Progress

Loop = Callable[[float], float]
"""A timed loop: given a CPU-time budget in seconds, returns decision steps per CPU second."""

INSTALL = "not installed: pip install 'hoyle[bench]'"
RLCARD_KIN = {"gin_rummy": "gin-rummy", "skat": "bridge", "euchre": "bridge", "bridge": "bridge"}
"""The RLCard game of each C++ reference's kind (see the module docstring)."""
PZ_CLASSIC = ("leduc_holdem-v4", "texas_holdem-v4")
RLCARD = ("gin-rummy", "bridge")


def aec_loop(make: Callable[[], Any], seed: int) -> Loop:
    """PettingZoo's AEC loop, as its documentation writes it, on the env ``make()`` builds."""
    env = make()
    rng = random.Random(seed)

    def run(seconds: float) -> float:
        steps = 0
        env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            for _agent in env.agent_iter():
                obs, _reward, term, trunc, _info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            env.reset()
        return steps / (time.process_time() - start)

    return run


def gym_loop(game: Any, seed: int) -> Loop:
    """Gymnasium's loop on hoyle's env for ``game`` (seat 0 against random opponents)."""
    import gymnasium

    import hoyle.envs.wrappers.gymnasium_env  # noqa: F401  (registers the ids)

    env = gymnasium.make(game.spec.gym_id, game=game, opponents="random")
    rng = random.Random(seed)

    def run(seconds: float) -> float:
        steps = 0
        obs, _info = env.reset(seed=seed)
        start = time.process_time()
        while time.process_time() - start < seconds:
            done = False
            while not done:
                legal = np.flatnonzero(obs["action_mask"])
                obs, _reward, term, trunc, _info = env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
                done = term or trunc
            obs, _info = env.reset()
        return steps / (time.process_time() - start)

    return run


def rlcard_loop(name: str, seed: int) -> Loop:
    """RLCard's own loop, as its documentation writes it, on its game ``name``."""
    import rlcard

    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)

    def run(seconds: float) -> float:
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps / (time.process_time() - start)

    return run


def pz_classic(name: str) -> Callable[[], Any]:
    """The maker of PettingZoo's classic env ``name`` (``leduc_holdem-v4``): its registry's
    ``make`` where it has one (PettingZoo 1.27), else the module (``leduc_holdem_v4``)."""
    import pettingzoo

    if hasattr(pettingzoo, "aec_registry"):
        return lambda: pettingzoo.make("aec", f"classic/{name}")
    import importlib

    module = importlib.import_module("pettingzoo.classic." + name.replace("-", "_"))
    return module.env  # type: ignore[no-any-return]


def peer_loops(seed: int) -> tuple[dict[str, Loop], dict[str, str]]:
    """The peers' loops by row label, and the labels of those that cannot run, with why."""
    loops: dict[str, Loop] = {}
    missing: dict[str, str] = {}
    with warnings.catch_warnings():  # pygame and RLCard warn about their own imports
        warnings.simplefilter("ignore")
        _add_peers(seed, loops, missing)
    return loops, missing


def _add_peers(seed: int, loops: dict[str, Loop], missing: dict[str, str]) -> None:
    for name in PZ_CLASSIC:
        label = f"PettingZoo classic {name}"
        try:
            loops[label] = aec_loop(pz_classic(name), seed)
        except ImportError:  # PettingZoo's classic envs need rlcard (and pygame) beside it
            missing[label] = INSTALL
    for name in RLCARD:
        label = f"RLCard {name} loop"
        try:
            loops[label] = rlcard_loop(name, seed)
        except ImportError:
            missing[label] = INSTALL


def hoyle_loops(game: Any, seed: int) -> dict[str, Loop]:
    """hoyle's loops on ``game``, by row label."""
    from hoyle.envs.wrappers.pettingzoo import env as pz_env
    from hoyle.experiments.bench import game_label

    label = game_label(game)
    return {f"{label} PettingZoo AEC": aec_loop(lambda: pz_env(game), seed),
            f"{label} Gymnasium": gym_loop(game, seed)}  # fmt: skip


def planned_seconds(games: Sequence[Any], seconds: float) -> float:
    """The time :func:`run_env_bench` plans to take (its loops' budgets; set-up on top)."""
    return seconds * (2 * len(games) + len(PZ_CLASSIC) + len(RLCARD))


def run_env_bench(games: Sequence[Any], seconds: float, seed: int = 0, rounds: int = 3,
                  progress: Progress | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """One row per loop: hoyle's two per game (``x_rlcard``, ``x_pz_classic``), then the
    peers' (``reference``: True; ``steps_per_s`` None and ``missing`` set where a peer is not
    installed). ``seconds`` is each loop's CPU time over all ``rounds``."""
    progress = progress or Progress(0.0, None)
    peers, missing = peer_loops(seed)
    kin: dict[str, str | None] = {}
    loops: dict[str, Loop] = {}
    for game in games:
        spec = getattr(game, "spec", None)
        for label, loop in hoyle_loops(game, seed).items():
            loops[label] = loop
            kin[label] = RLCARD_KIN.get(spec.reference.split("(")[0]) if spec is not None else None
    loops.update(peers)
    best = dict.fromkeys(loops, 0.0)
    for k in range(rounds):
        for label, loop in loops.items():
            with progress.piece(f"envs, round {k + 1}/{rounds}: {label}", seconds / rounds):
                best[label] = max(best[label], loop(seconds / rounds))
    classic = [best[f"PettingZoo classic {n}"] for n in PZ_CLASSIC
               if f"PettingZoo classic {n}" in best]  # fmt: skip
    rows: list[dict[str, Any]] = []
    for label, kind in kin.items():
        rl = f"RLCard {kind} loop" if kind is not None else None
        rows.append({
            "env": label, "reference": False, "steps_per_s": best[label],
            "rlcard_peer": rl,
            "x_rlcard": best[label] / best[rl] if rl in best else None,
            "x_pz_classic": best[label] / max(classic) if classic else None,
        })  # fmt: skip
    rows += [{"env": label, "reference": True, "steps_per_s": best[label]} for label in peers]
    rows += [{"env": label, "reference": True, "steps_per_s": None, "missing": why}
             for label, why in missing.items()]  # fmt: skip
    return rows


ENV_LEGEND = (
    "decision steps per CPU second: higher is better. × RLCard: over RLCard's own "
    "loop on the game of the same kind (gin-rummy for Conquian and Cassino, bridge for "
    "the trick games); × PZ classic: over the faster of PettingZoo's classic Leduc and "
    "Texas hold'em; above 1, hoyle is faster."
)


def format_env_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a plain-text table."""
    width = max([len(r["env"]) for r in rows] + [len("env loop")])

    def ratio(x: float | None) -> str:
        return f"{'—' if x is None else format(x, '.2f'):>9}"

    lines = [f"{'env loop':<{width}} {'steps/s':>10} {'× RLCard':>9} {'× PZ classic':>12}"]
    for r in rows:
        if r["steps_per_s"] is None:
            lines.append(f"{r['env']:<{width}} {'—':>10}  ({r['missing']})")
        elif r["reference"]:
            lines.append(f"{r['env']:<{width}} {r['steps_per_s']:>10,.0f}")
        else:
            lines.append(f"{r['env']:<{width}} {r['steps_per_s']:>10,.0f} "
                         f"{ratio(r['x_rlcard'])} {ratio(r['x_pz_classic']):>12}")  # fmt: skip
    lines.append(ENV_LEGEND)
    return "\n".join(lines)
