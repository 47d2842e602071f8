"""Speed of the games through pyspiel, beside OpenSpiel's C++ games, in one run.

Each game is compared with its declared reference (``GameSpec.reference``: C++ ``gin_rummy``
for the card games, C++ ``backgammon`` for Backgammon), or with one ``--reference`` for all.

Every game, the reference included, is timed by the same loop a user would write: from the
initial state, a chance node draws from ``state.chance_outcomes()``, a decision node plays a
uniformly random legal action, and ``apply_action`` is called; every applied action (chance or
decision) is a step. Then, on states collected from a few more such playouts, ``clone()`` is
timed per state and the observation observer's ``set_from`` per call (one call per state and
player; the information state's beside a reference without an observation tensor, ``euchre``). The ratios are hoyle's numbers over the reference's (steps/s and games/s: higher is
better; µs per clone or set_from: lower is better). Steps are not always the same unit: a
backgammon step here moves one man, in OpenSpiel two (a doublet's four in two actions), so
games/s is the fair ratio there. :func:`profile_game` shows where a game's playout time goes. The time is spent in rounds that visit every game in
turn, and the best round counts (see :func:`run_bench`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import pyspiel
from open_spiel.python.observation import make_observation

from hoyle.envs.core.registry import SPIEL_PREFIX
from hoyle.experiments.match import game_label as match_label
from hoyle.experiments.match import sample_chance

REFERENCE = "gin_rummy"
MAX_SAMPLE_STATES = 500


def random_playouts(game: Any, seconds: float, rng: random.Random) -> dict[str, float]:
    """Play random games for about ``seconds``; steps/s, games/s and mean steps per game."""
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


def _per_call(fn: Any, items: Sequence[Any], seconds: float) -> float:
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
    rng = random.Random(seed)
    out: dict[str, Any] = {"game": game_label(game)}
    out.update(random_playouts(game, seconds, rng))
    states = sample_states(game, rng)
    out["clone_us"] = 1e6 * _per_call(lambda s: s.clone(), states, seconds / 4)
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect_recall))
    pairs = [(s, p) for s in states for p in range(game.num_players())]
    out["set_from_us"] = 1e6 * _per_call(lambda sp: obs.set_from(*sp), pairs, seconds / 4)
    return out


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


def reference_of(game: Any) -> str:
    """The C++ game a hoyle game is timed beside (its spec's ``reference``)."""
    spec = getattr(game, "spec", None)
    return spec.reference if spec is not None else REFERENCE


def run_bench(
    games: Sequence[Any],
    seconds: float,
    seed: int = 0,
    reference: str | None = None,
    rounds: int = 3,
) -> list[dict[str, Any]]:
    """Bench the games and their reference games; each row has its ratios to its reference.

    ``reference`` replaces every game's own (``GameSpec.reference``). The rows are the games,
    then the references in order of first use. The time is split into ``rounds`` rounds that
    visit every game in turn, and each number is the best round's (highest rate, lowest time
    per call): on a shared machine the best round is the one least disturbed, and
    interleaving exposes every game to the same disturbances.
    """
    refs = [reference or reference_of(g) for g in games]
    ref_names = list(dict.fromkeys(refs or [reference or REFERENCE]))
    ref_games = [pyspiel.load_game(r) for r in ref_names]
    everything = [*games, *ref_games]
    # Each game's observer is timed as its reference's is (the same kind of tensor).
    recall = {name: observer_kind(g) for name, g in zip(ref_names, ref_games, strict=True)}
    kinds = [recall[r] for r in [*refs, *ref_names]]
    runs: list[list[dict[str, Any]]] = [[] for _ in everything]
    for k in range(rounds):
        for i, g in enumerate(everything):
            runs[i].append(bench_game(g, seconds / rounds, seed + k, kinds[i]))
    rows = [_best(r) for r in runs]
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
    recall = sorted({r["reference_game"] for r in rows if r.get("observer") == "information state"})
    if recall:
        lines.append(f"set_from: the information-state observer beside {', '.join(recall)} "
                     "(no observation tensor there); the observation observer elsewhere")  # fmt: skip
    return "\n".join(lines)
