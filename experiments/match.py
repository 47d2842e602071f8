"""Duplicate-deal matches: every agent plays every seat on the same deals.

A match plays ``deals`` deals. Each deal is replayed once per rotation of the agent list
(rotation ``r`` puts agent ``(seat + r) % n`` in seat ``seat``): both seatings for two players,
the ``n`` rotations for ``n`` players, one game for a single player. So the luck of the cards is
shared: an agent's mean over its seatings of one deal is a sample in which the deal's luck
largely cancels, and the confidence intervals of :func:`summarize` are built on it.

Duplicate chance. A deal is fixed by one RNG stream, ``random.Random(deal_seed)``, that draws
every chance outcome of every replay: at each chance node, one uniform draw is mapped onto
``state.chance_outcomes()`` (sorted by outcome) by cumulative probability. hoyle games deal
lazily — each chance node draws one card uniformly from the cards not yet dealt — so the pool
at the k-th chance node is the pack less the first k-1 cards, whatever the players did, and the
same stream deals the same cards in the same order in every seating (it goes to whoever the
rules say; a replay that ends sooner uses a prefix of the sequence). A game whose chance nodes
depend on the play (a reshuffle of the discards) stays correct, only less correlated after that
point. ``tests/experiments/test_match.py`` checks the property on the registered games.

Seeds. Everything derives from the match seed ``S`` through ``numpy.random.SeedSequence``:
the deal stream from ``(S, deal, 0)``, the agent in ``seat`` of ``rotation`` from
``(S, deal, 1, rotation, seat)``; agents are built afresh for each game with
``hoyle.agents.make(spec, game, seed)``. So a deal's rows do not depend on which other deals
were played, on the worker that played it, or on the order: ``workers=K`` and a resumed run
give the same table as one uninterrupted process.

Storage. With ``out`` given, ``<out>/<name>/config.json`` holds the match config and rows are
written as deals finish, one Parquet part per chunk of deals in ``<out>/<name>/parts/``
(written to a temporary name, then renamed, so a part is whole or absent). When all deals are
done they are merged into ``<out>/<name>/results.parquet`` (one row per deal, rotation and
seat) and the parts removed. Running the same match again resumes: finished deals are read
back and skipped.
"""

from __future__ import annotations

import importlib.metadata
import json
import math
import multiprocessing
import os
import random
import shutil
import signal
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyspiel
from tqdm import tqdm

from hoyle.agents import make
from hoyle.envs.core.registry import GameSpec, parse_game_string
from hoyle.experiments.stats import paired_difference, summarize

CONFIG_FILE = "config.json"
RESULTS_FILE = "results.parquet"
PARTS_DIR = "parts"
FORMAT = 1
"""Version of the row layout and seed derivation; a stored run of another format is refused."""

COLUMNS: dict[str, str] = {
    "deal": "int64",
    "rotation": "int64",
    "seat": "int64",
    "agent": "str",
    "agent_index": "int64",
    "spec": "str",
    "seed": "int64",
    "deal_seed": "int64",
    "return": "float64",
    "result": "str",
    "moves": "int64",
    "chance_events": "int64",
}
"""The result table, one row per deal, rotation and seat (``moves``: decisions in the game)."""


class RunConfigError(ValueError):
    """A stored run that does not match the match asked for."""


def hoyle_version() -> str:
    """The installed hoyle version (``0+unknown`` when run from an uninstalled tree)."""
    try:
        return importlib.metadata.version("hoyle")
    except importlib.metadata.PackageNotFoundError:
        return "0+unknown"


def derive_seed(seed: int, *path: int) -> int:
    """A 32-bit seed for the node ``path`` of the seed tree rooted at ``seed``.

    >>> derive_seed(1, 0, 0) == derive_seed(1, 0, 0) != derive_seed(1, 1, 0)
    True
    """
    return int(np.random.SeedSequence(seed, spawn_key=path).generate_state(1)[0])


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal``'s chance stream."""
    return derive_seed(seed, deal, 0)


def agent_seed(seed: int, deal: int, rotation: int, seat: int) -> int:
    """The seed of the agent in ``seat`` in ``rotation`` of deal ``deal``."""
    return derive_seed(seed, deal, 1, rotation, seat)


def seating(num_players: int, rotation: int) -> list[int]:
    """Agent index per seat in ``rotation``: seat ``k`` gets agent ``(k + rotation) % n``.

    >>> seating(3, 1)
    [1, 2, 0]
    """
    return [(k + rotation) % num_players for k in range(num_players)]


def sample_chance(state: Any, rng: random.Random) -> int:
    """One chance outcome, from exactly one uniform draw of ``rng`` (cumulative probability)."""
    outcomes = state.chance_outcomes()
    actions = [a for a, _ in outcomes]
    return int(rng.choices(actions, [p for _, p in outcomes])[0])


def agent_labels(specs: Sequence[str]) -> list[str]:
    """Names for the agents in tables: the spec, numbered when a spec occurs twice.

    >>> agent_labels(["random", "heuristic", "random"])
    ['random#1', 'heuristic', 'random#3']
    """
    return [f"{s}#{i + 1}" if list(specs).count(s) > 1 else s for i, s in enumerate(specs)]


def split_agents(text: str) -> list[str]:
    """Agent specs from a comma-separated list in which specs may carry comma-separated options.

    A piece starts a new spec unless it is an option (``k=v``) or a switch (``-hint``).

    >>> split_agents("mcts:sims=400,c=1.4,heuristic:-play-for-tableau,-x,random")
    ['mcts:sims=400,c=1.4', 'heuristic:-play-for-tableau,-x', 'random']
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        head = piece.split(":", 1)[0]
        if specs and (piece.startswith("-") or "=" in head):
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def play_game(game: Any, bots: Sequence[Any], rng: random.Random) -> Any:
    """Play one game, chance drawn from ``rng``; the terminal state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        player = state.current_player()
        action = bots[player].step(state)
        for p, bot in enumerate(bots):
            if p != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
    return state


def _results(returns: Sequence[float]) -> list[str]:
    """win / draw / loss per seat: a win is the unique best return, a draw a shared best.

    With one player the sign of the return decides (positive: win, zero: draw).
    """
    if len(returns) == 1:
        r = returns[0]
        return ["win" if r > 0 else "draw" if r == 0 else "loss"]
    best = max(returns)
    tied = sum(1 for r in returns if r == best)
    return ["loss" if r != best else "win" if tied == 1 else "draw" for r in returns]


def play_deal(game: Any, specs: Sequence[str], seed: int, deal: int) -> list[dict[str, Any]]:
    """All rotations of one deal: one row per rotation and seat."""
    n = game.num_players()
    labels = agent_labels(specs)
    dseed = deal_seed(seed, deal)
    rows: list[dict[str, Any]] = []
    for rotation in range(n):
        order = seating(n, rotation)
        seeds = [agent_seed(seed, deal, rotation, k) for k in range(n)]
        bots = [make(specs[i], game, seeds[k]) for k, i in enumerate(order)]
        end = play_game(game, bots, random.Random(dseed))
        returns = [float(r) for r in end.returns()]
        chances = sum(1 for pa in end.full_history() if pa.player < 0)
        moves = len(end.history()) - chances
        for k, (i, res) in enumerate(zip(order, _results(returns), strict=True)):
            rows.append(
                {"deal": deal, "rotation": rotation, "seat": k, "agent": labels[i],
                 "agent_index": i, "spec": specs[i], "seed": seeds[k], "deal_seed": dseed,
                 "return": returns[k], "result": res, "moves": moves, "chance_events": chances}
            )  # fmt: skip
    return rows


_GAMES: dict[tuple[str, str], Any] = {}


def _load(spiel_name: str, params: Mapping[str, Any]) -> Any:
    key = (spiel_name, json.dumps(dict(params), sort_keys=True))
    if key not in _GAMES:
        import hoyle.envs  # noqa: F401  (registers the games in a fresh worker process)

        _GAMES[key] = pyspiel.load_game(spiel_name, dict(params))
    return _GAMES[key]


def play_deals(
    spiel_name: str, params: Mapping[str, Any], specs: Sequence[str], seed: int,
    deals: Sequence[int],
) -> list[dict[str, Any]]:  # fmt: skip
    """The rows of several deals (the unit of work of a worker process)."""
    game = _load(spiel_name, params)
    return [row for d in deals for row in play_deal(game, specs, seed, d)]


def _play_task(task: tuple[str, Mapping[str, Any], Sequence[str], int, Sequence[int]]) -> Any:
    return play_deals(*task)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (``Pool.terminate``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def to_frame(rows: Iterable[Mapping[str, Any]] | pd.DataFrame) -> pd.DataFrame:
    """Rows as the canonical result table: fixed columns and dtypes, sorted, deduplicated."""
    df = pd.DataFrame(rows if isinstance(rows, pd.DataFrame) else list(rows), columns=list(COLUMNS))
    df = df.astype(COLUMNS).drop_duplicates(["deal", "rotation", "seat"])
    return df.sort_values(["deal", "rotation", "seat"], ignore_index=True)


# --- the run directory -------------------------------------------------------------------------
def match_config(spec: GameSpec, params: Mapping[str, Any], game_text: str,
                 specs: Sequence[str], deals: int, seed: int) -> dict[str, Any]:  # fmt: skip
    """The config stored beside the results (``version``: hoyle's; ``game_version``: the game's)."""
    return {
        "game": spec.short_name, "game_string": game_text, "spiel_name": spec.spiel_name,
        "params": dict(params), "game_version": spec.version, "agents": list(specs),
        "deals": deals, "seed": seed, "format": FORMAT, "version": hoyle_version(),
    }  # fmt: skip


_IDENTITY = ("game", "params", "game_version", "agents", "seed", "format")


def _check_config(path: Path, config: Mapping[str, Any]) -> None:
    old = json.loads((path / CONFIG_FILE).read_text())
    diff = [k for k in _IDENTITY if old.get(k) != config[k]]
    if diff:
        shown = "; ".join(f"{k}: stored {old.get(k)!r}, asked {config[k]!r}" for k in diff)
        raise RunConfigError(
            f"{path} holds a different match ({shown}); choose another --name, "
            "or pass --no-resume to overwrite it"
        )
    if int(old.get("deals", 0)) > config["deals"]:
        raise RunConfigError(
            f"{path} holds a match of {old['deals']} deals; ask for at least as many to "
            "resume it, choose another --name, or pass --no-resume to overwrite it"
        )


def _read_stored(path: Path, n: int) -> pd.DataFrame:
    """Finished rows in ``path`` (results and parts), keeping only deals with all their rows."""
    files = [path / RESULTS_FILE] if (path / RESULTS_FILE).exists() else []
    files += sorted((path / PARTS_DIR).glob("*.parquet")) if (path / PARTS_DIR).exists() else []
    if not files:
        return to_frame([])
    df = to_frame(pd.concat([pd.read_parquet(f) for f in files], ignore_index=True))
    whole = df.groupby("deal")["seat"].transform("size") == n * n
    return df[whole].reset_index(drop=True)


def _write_atomic(df: pd.DataFrame, target: Path) -> None:
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    df.to_parquet(tmp, index=False)
    os.replace(tmp, target)


def default_name(game_text: str, specs: Sequence[str], seed: int) -> str:
    """A run name from the game, agents and seed: ``conquian-heuristic-vs-random-s1``."""
    raw = f"{game_text}-{'-vs-'.join(specs)}-s{seed}"
    return "".join(c if c.isalnum() or c in "._=-" else "_" for c in raw)


def game_label(spec: GameSpec, params: Mapping[str, Any]) -> str:
    """A game string naming only the parameters that differ from the defaults.

    >>> from hoyle.envs import get_spec
    >>> game_label(get_spec("conquian"), {"pack": "american"})
    'conquian(pack=american)'
    """
    defaults = spec.defaults()
    changed = sorted((k, v) for k, v in params.items() if defaults.get(k) != v)
    args = ",".join(f"{k}={v}" for k, v in changed)
    return f"{spec.short_name}({args})" if args else spec.short_name


def _chunks(items: Sequence[int], size: int) -> list[list[int]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def run_match(
    game: str | Any,
    agents: Sequence[str],
    deals: int,
    seed: int = 0,
    *,
    params: Mapping[str, Any] | None = None,
    out: str | Path | None = None,
    name: str | None = None,
    workers: int = 1,
    resume: bool = True,
    progress: bool = False,
    chunk: int | None = None,
    on_start: Callable[[Path | None, int], None] | None = None,
) -> pd.DataFrame:
    """Play a duplicate-deal match; the result table, one row per deal, rotation and seat.

    ``game`` is a game string (``"cassino(players=3)"``) or a loaded hoyle game, ``agents``
    one spec per seat (``params`` override the game's). With
    ``out``, rows go to ``<out>/<name>/`` as they finish and a stored run of the same match is
    resumed (``resume=False`` starts it over). ``workers > 1`` plays chunks of deals in local
    processes; the table is the same. ``on_start(run_dir, finished_deals)`` is told where the
    run is stored and how many deals were already done.
    """
    if isinstance(game, str):
        spec, parsed = parse_game_string(game)
    else:  # A loaded hoyle game.
        spec, parsed = game.spec, dict(game.get_parameters())
    full = spec.resolve({**parsed, **(params or {})})
    game_text = game if isinstance(game, str) else game_label(spec, full)
    loaded = _load(spec.spiel_name, full)
    n = loaded.num_players()
    specs = [s.strip() for s in agents]
    if len(specs) != n:
        raise ValueError(f"{spec.short_name} is played by {n} players here; got {len(specs)} "
                         f"agents ({', '.join(specs)})")  # fmt: skip
    for s in specs:
        make(s, loaded, 0)  # Refuse a bad spec now, not inside a worker.
    if deals < 1 or seed < 0:
        raise ValueError(f"need deals >= 1 and seed >= 0; got deals={deals}, seed={seed}")

    path: Path | None = None
    done = to_frame([])
    if out is not None:
        path = Path(out) / (name or default_name(game_text, specs, seed))
        config = match_config(spec, full, game_text, specs, deals, seed)
        if (path / CONFIG_FILE).exists() and resume:
            _check_config(path, config)
            done = _read_stored(path, n)
        elif not resume:
            for stale in (path / RESULTS_FILE, path / CONFIG_FILE):
                stale.unlink(missing_ok=True)
            shutil.rmtree(path / PARTS_DIR, ignore_errors=True)
        (path / PARTS_DIR).mkdir(parents=True, exist_ok=True)
        (path / CONFIG_FILE).write_text(json.dumps(config, indent=2) + "\n")
        done = done[done["deal"] < deals]
    finished = set(done["deal"].tolist())
    todo = [d for d in range(deals) if d not in finished]
    if on_start is not None:
        on_start(path, len(finished))

    workers = workers if workers > 0 else (os.cpu_count() or 1)
    size = chunk or max(1, min(50, math.ceil(len(todo) / (workers * 20))))
    frames = [done]
    bar = tqdm(total=deals, initial=len(finished), unit="deal", file=sys.stderr,
               disable=not progress, desc=spec.short_name, dynamic_ncols=True)  # fmt: skip

    def finish(rows: list[dict[str, Any]]) -> None:
        part = to_frame(rows)
        frames.append(part)
        if path is not None and len(part):
            first, last = int(part["deal"].min()), int(part["deal"].max())
            _write_atomic(part, path / PARTS_DIR / f"deals-{first:07d}-{last:07d}.parquet")

    job = (spec.spiel_name, full, specs, seed)
    with bar:
        if workers == 1 or len(todo) <= size:
            for group in _chunks(todo, size):
                rows: list[dict[str, Any]] = []
                for d in group:
                    rows += play_deal(loaded, specs, seed, d)
                    bar.update(1)
                finish(rows)
        else:
            tasks = [(*job, g) for g in _chunks(todo, size)]
            pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_sigint)
            try:
                for rows in pool.imap_unordered(_play_task, tasks):
                    finish(rows)
                    bar.update(len({r["deal"] for r in rows}))
            except BaseException:
                pool.terminate()  # Ctrl-C or a failing worker: stop now; parts stay on disk.
                raise
            finally:
                pool.close()
                pool.join()

    df = to_frame(pd.concat(frames, ignore_index=True))
    if path is not None:
        _write_atomic(df, path / RESULTS_FILE)
        shutil.rmtree(path / PARTS_DIR, ignore_errors=True)
    return df


def load_run(path: str | Path) -> tuple[dict[str, Any], pd.DataFrame]:
    """A stored run's config and its (finished) rows."""
    p = Path(path)
    config = json.loads((p / CONFIG_FILE).read_text())
    n = len(config["agents"])
    return config, _read_stored(p, n)


__all__ = [
    "agent_seed", "deal_seed", "hoyle_version", "load_run", "paired_difference", "play_deal",
    "run_match", "sample_chance", "seating", "summarize",
]  # fmt: skip
