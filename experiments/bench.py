"""Speed of the games through pyspiel, beside OpenSpiel's C++ games, in one run.

Each game is compared with its declared reference (``GameSpec.reference``: C++ ``gin_rummy``
for the card games, C++ ``backgammon`` for Backgammon), or with one ``--reference`` for all.

Every game, the reference included, is timed by the same loop a user would write: from the
initial state, a chance node draws from ``state.chance_outcomes()``, a decision node plays a
uniformly random legal action, and ``apply_action`` is called; every applied action (chance or
decision) is a step. Then, on states collected from a few more such playouts, ``clone()`` is
timed per state and the observation observer's ``set_from`` per call (one call per state and
player; the information state's beside a reference without an observation tensor,
``euchre``). The ratios are hoyle's numbers over the reference's (steps/s and games/s: higher
is better; µs per clone or set_from: lower is better). Steps are not always the same unit: a
backgammon step here moves one man, in OpenSpiel two (a doublet's four in two actions), so
games/s is the fair ratio there. The time is spent in rounds that visit every game in turn,
and the best round counts (see :func:`run_bench`). :func:`profile_game` shows where a game's
playout time goes.

``--baseline DIR`` also times each game in another checkout (a worktree of an older commit,
:class:`Baseline`), in the same rounds, by the same loops (:mod:`.bench_worker`): a change's
cost in speed, measured old against new in one run on one machine.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import pyspiel

from hoyle.envs.core.spiel import SPIEL_PREFIX
from hoyle.experiments import bench_worker
from hoyle.experiments.bench_progress import Progress
from hoyle.experiments.bench_worker import random_playouts, sample_states, time_game
from hoyle.experiments.match import game_label as match_label
from hoyle.experiments.usage import UsageError

REFERENCE = "gin_rummy"
PACKAGES = ("envs", "agents", "experiments")
"""The folders of a checkout that make up the ``hoyle`` package (pyproject's package-dir)."""

__all__ = ["Baseline", "bench_game", "format_bench", "format_floor", "random_playouts",
           "run_bench", "run_floor", "sample_states"]  # fmt: skip


def game_label(game: Any) -> str:
    """The game's OpenSpiel name, with only the parameters that differ from the defaults."""
    spec = getattr(game, "spec", None)
    if spec is None:
        return str(game).removesuffix("()")
    return SPIEL_PREFIX + match_label(spec, game.get_parameters())


def observer_kind(game: Any) -> bool:
    """``perfect_recall`` of the observer a game is timed with: the observation, or the
    information state for a game that has no observation tensor (OpenSpiel's ``euchre``)."""
    return not game.get_type().provides_observation_tensor


def bench_game(
    game: Any, seconds: float, seed: int = 0, perfect_recall: bool = False
) -> dict[str, Any]:
    """Playout speed, and µs per ``clone()`` and per observer ``set_from`` for one game (the
    observation observer, or the information state's with ``perfect_recall``)."""
    return {"game": game_label(game), **time_game(game, seconds, seed, perfect_recall)}


def _best(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One row from several rounds: the best rate and the best times, totals summed."""
    games = sum(r["games"] for r in runs)
    steps = sum(r["steps_per_game"] * r["games"] for r in runs)
    return {
        "game": runs[0]["game"], "steps_per_s": max(r["steps_per_s"] for r in runs),
        "games_per_s": max(r["games_per_s"] for r in runs), "steps_per_game": steps / games,
        "games": games, "seconds": sum(r["seconds"] for r in runs), "rounds": len(runs),
        "clone_us": min(r["clone_us"] for r in runs),
        "set_from_us": min(r["set_from_us"] for r in runs),
    }  # fmt: skip


class Baseline:
    """Another checkout of hoyle (a worktree of an older commit), timed beside this one.

    ``with Baseline(path) as old: old.time(game_string, seconds, seed, perfect_recall)``
    starts one worker process whose ``hoyle`` is the checkout's own (its ``envs``,
    ``agents`` and ``experiments`` folders, mapped into a ``hoyle`` namespace in a temporary
    folder, as its pyproject maps them) and runs :func:`bench_worker.time_game` there: the
    same loops as this side's, on the other side's games.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).resolve()
        missing = [d for d in PACKAGES if not (self.path / d / "__init__.py").is_file()]
        if missing:
            raise UsageError(
                f"--baseline {path}: not a hoyle checkout (no {', '.join(missing)} package); "
                "make one with: git worktree add /tmp/old <commit>"
            )
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> Baseline:
        self._tmp = tempfile.TemporaryDirectory(prefix="hoyle-baseline-")
        ns = Path(self._tmp.name) / "hoyle"
        ns.mkdir()
        for d in PACKAGES:
            (ns / d).symlink_to(self.path / d, target_is_directory=True)
        env = {**os.environ, "PYTHONPATH": self._tmp.name}
        self._proc = subprocess.Popen(
            [sys.executable, bench_worker.__file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=self._tmp.name,
        )
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._proc is not None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
            self._proc = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def time(self, game: str, seconds: float, seed: int, perfect_recall: bool) -> dict[str, Any]:
        """:func:`bench_worker.time_game` of ``game`` (a game string) in the other checkout."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdout is None:
            raise RuntimeError("Baseline.time outside its with-block")
        request = {"game": game, "seconds": seconds, "seed": seed,
                   "perfect_recall": perfect_recall}  # fmt: skip
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise UsageError(f"--baseline {self.path}: its worker stopped (see the lines above)")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise UsageError(f"--baseline {self.path}: cannot time {game}: {answer['error']}")
        return answer


def reference_of(game: Any) -> str:
    """The C++ game a hoyle game is timed beside (its spec's ``reference``)."""
    spec = getattr(game, "spec", None)
    return spec.reference if spec is not None else REFERENCE


PLAN_PER_SECOND = 1.5
"""Time a game's piece takes per second of playout: the playouts, then clone and set_from a
quarter as long each."""


def planned_seconds(games: Sequence[Any], seconds: float, reference: str | None = None,
                    baseline: bool = False) -> float:  # fmt: skip
    """The time :func:`run_bench` plans to take (its loops' budgets; set-up comes on top)."""
    refs = {reference or reference_of(g) for g in games} or {reference or REFERENCE}
    timed = len(games) * (2 if baseline else 1) + len(refs)
    return PLAN_PER_SECOND * seconds * timed + FLOOR_PLAN * seconds


def run_bench(
    games: Sequence[Any],
    seconds: float,
    seed: int = 0,
    reference: str | None = None,
    rounds: int = 3,
    baseline: Baseline | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Bench the games and their reference games; each row has its ratios to its reference.

    ``reference`` replaces every game's own (``GameSpec.reference``). The rows are the games,
    then the references in order of first use. The time is split into ``rounds`` rounds that
    visit every game in turn, and each number is the best round's (highest rate, lowest time
    per call): on a shared machine the best round is the one least disturbed, and
    interleaving exposes every game to the same disturbances.

    With a ``baseline`` (another checkout, entered), each game is also timed there right after
    it is timed here, in every round, and its row gets ``baseline`` (that side's best numbers)
    and the ratios ``x_old_steps`` (steps/s here over there: above 1 is faster here),
    ``x_old_clone`` and ``x_old_set_from`` (µs here over there: below 1 is faster here).
    ``progress`` is told of each piece (its plan: :func:`planned_seconds`).
    """
    progress = progress or Progress(0.0, None)
    piece = PLAN_PER_SECOND * seconds / rounds
    refs = [reference or reference_of(g) for g in games]
    ref_names = list(dict.fromkeys(refs or [reference or REFERENCE]))
    ref_games = [pyspiel.load_game(r) for r in ref_names]
    everything = [*games, *ref_games]
    # Each game's observer is timed as its reference's is (the same kind of tensor).
    recall = {name: observer_kind(g) for name, g in zip(ref_names, ref_games, strict=True)}
    kinds = [recall[r] for r in [*refs, *ref_names]]
    runs: list[list[dict[str, Any]]] = [[] for _ in everything]
    old_runs: list[list[dict[str, Any]]] = [[] for _ in games]
    for k in range(rounds):
        for i, g in enumerate(everything):
            label = f"games, round {k + 1}/{rounds}: {game_label(g)}"
            with progress.piece(label, piece):
                runs[i].append(bench_game(g, seconds / rounds, seed + k, kinds[i]))
            if baseline is not None and i < len(games):
                with progress.piece(label + " (baseline)", piece):
                    old = baseline.time(runs[i][-1]["game"], seconds / rounds, seed + k,
                                        kinds[i])  # fmt: skip
                old_runs[i].append({"game": runs[i][-1]["game"], **old})
    rows = [_best(r) for r in runs]
    for row, old_run in zip(rows, old_runs, strict=False):
        if old_run:
            old_row = _best(old_run)
            row["baseline"] = old_row
            row["x_old_steps"] = row["steps_per_s"] / old_row["steps_per_s"]
            row["x_old_clone"] = row["clone_us"] / old_row["clone_us"]
            row["x_old_set_from"] = row["set_from_us"] / old_row["set_from_us"]
    for row, kind in zip(rows, kinds, strict=True):
        row["observer"] = "information state" if kind else "observation"
    by_name = dict(zip(ref_names, rows[len(games) :], strict=True))
    for row, ref_name in zip(rows, [*refs, *ref_names], strict=True):
        ref = by_name[ref_name]
        row["reference_game"] = ref["game"]
        row["reference"] = row is ref
        row["x_steps"] = row["steps_per_s"] / ref["steps_per_s"]
        row["x_games"] = row["games_per_s"] / ref["games_per_s"]
        row["x_clone"] = row["clone_us"] / ref["clone_us"]
        row["x_set_from"] = row["set_from_us"] / ref["set_from_us"]
    return rows


FLOOR_PLAN = 1.25
"""Time the floor takes per second of playout: the playouts, then clone a quarter as long."""


def run_floor(seconds: float, seed: int = 0, rounds: int = 3,
              progress: Progress | None = None) -> dict[str, Any]:  # fmt: skip
    """The floor of any Python game (:mod:`.bench_floor`), its best of ``rounds`` rounds, as a
    row: steps/s, games/s and µs per ``clone()`` of a game that does nothing."""
    from hoyle.experiments.bench_floor import NAME, time_floor

    progress = progress or Progress(0.0, None)
    runs = []
    for k in range(rounds):
        with progress.piece(f"floor, round {k + 1}/{rounds}", FLOOR_PLAN * seconds / rounds):
            runs.append(time_floor(seconds / rounds, seed + k))
    return {
        "game": NAME, "floor": True, "steps_per_s": max(r["steps_per_s"] for r in runs),
        "games_per_s": max(r["games_per_s"] for r in runs),
        "steps_per_game": runs[0]["steps_per_game"], "rounds": rounds,
        "clone_us": min(r["clone_us"] for r in runs),
    }  # fmt: skip


def format_floor(floor: dict[str, Any], rows: Sequence[dict[str, Any]]) -> str:
    """The floor as two lines under the games' table, beside the C++ references' steps/s."""
    refs = ", ".join(f"C++ {r['game']} {r['steps_per_s']:,.0f}" for r in rows if r.get("reference"))
    return (
        f"floor: {floor['steps_per_s']:,.0f} steps/s ({1e6 / floor['steps_per_s']:.2f} µs a step) "
        f"and {floor['clone_us']:.2f} µs a clone for a Python game that does nothing, by the "
        f"same loop{f' (beside {refs} steps/s)' if refs else ''}:\n"
        "no game written in Python steps or clones faster through OpenSpiel on this machine"
    )


def profile_game(game: Any, seconds: float, seed: int = 0, top: int = 12) -> str:
    """Where a game's random-playout time goes: the functions with the most own time (cProfile
    over :func:`random_playouts` for about ``seconds``), as text."""
    import cProfile
    import io
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(random_playouts, game, seconds, random.Random(seed))
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    lines = [ln for ln in out.getvalue().splitlines() if ln.strip()]
    start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls"))
    return f"where the time goes: {game_label(game)}\n" + "\n".join(lines[start:])


LEGEND = (
    "× ref: hoyle's number over its reference's, timed in the same run. steps/s and "
    "games/s: higher is better (above 1, hoyle is faster); clone and set_from µs per "
    "call: lower is better (below 1, hoyle is faster)."
)


def format_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a plain-text table."""
    names = [r["game"] + (" (reference)" if r.get("reference") else "") for r in rows]
    refs = ["" if r.get("reference") else r["reference_game"] for r in rows]
    w = max(len("game"), *map(len, names))
    rw = max(len("vs"), *map(len, refs))
    head = (
        f"{'game':<{w}} {'vs':<{rw}} {'steps/s':>10} {'× ref':>7} {'games/s':>9} {'× ref':>7} "
        f"{'steps/game':>10} {'clone µs':>9} {'× ref':>7} {'set_from µs':>11} {'× ref':>7}"
    )
    lines = [head, "-" * len(head)]
    for name, ref, r in zip(names, refs, rows, strict=True):
        lines.append(
            f"{name:<{w}} {ref:<{rw}} {r['steps_per_s']:>10,.0f} {r['x_steps']:>7.3f} "
            f"{r['games_per_s']:>9,.1f} {r['x_games']:>7.3f} {r['steps_per_game']:>10.1f} "
            f"{r['clone_us']:>9.2f} {r['x_clone']:>7.1f} {r['set_from_us']:>11.2f} "
            f"{r['x_set_from']:>7.1f}"
        )
    lines.append(LEGEND)
    old = [r for r in rows if "baseline" in r]
    if old:
        lines += ["", format_baseline(old)]
    recall = sorted({r["reference_game"] for r in rows if r.get("observer") == "information state"})
    if recall:
        lines.append(f"set_from: the information-state observer beside {', '.join(recall)} "
                     "(no observation tensor there); the observation observer elsewhere")  # fmt: skip
    return "\n".join(lines)


def format_baseline(rows: Sequence[dict[str, Any]]) -> str:
    """The games beside the baseline checkout, as a plain-text table (ratios: here / there)."""
    w = max(len("game"), *(len(r["game"]) for r in rows))
    head = (
        f"{'game':<{w}} {'steps/s':>10} {'old':>10} {'× old':>7} {'clone µs':>9} {'old':>9} "
        f"{'× old':>7} {'set_from µs':>11} {'old':>11} {'× old':>7}"
    )
    lines = ["beside the baseline checkout (× old: steps/s here over there, higher is faster "
             "here; µs here over there, lower is faster here)", head, "-" * len(head)]  # fmt: skip
    for r in rows:
        b = r["baseline"]
        lines.append(
            f"{r['game']:<{w}} {r['steps_per_s']:>10,.0f} {b['steps_per_s']:>10,.0f} "
            f"{r['x_old_steps']:>7.3f} {r['clone_us']:>9.2f} {b['clone_us']:>9.2f} "
            f"{r['x_old_clone']:>7.3f} {r['set_from_us']:>11.2f} {b['set_from_us']:>11.2f} "
            f"{r['x_old_set_from']:>7.3f}"
        )
    return "\n".join(lines)
