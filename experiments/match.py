"""Duplicate-deal play: matches, and the engine that tournaments share.

A match plays ``deals`` deals. Each deal is replayed once per rotation of the agent list
(rotation ``r`` puts agent ``(seat + r) % n`` in seat ``seat``): both seatings for two players,
the ``n`` rotations for ``n`` players, one game for a single player. So the luck of the cards is
shared: an agent's mean over its seatings of one deal is a sample in which the deal's luck
largely cancels, and the confidence intervals of :func:`summarize` are built on it.

Tables. The engine, :func:`run_tables`, plays a :class:`Plan`: the agents, the *tables* (sets of
``n`` agents, one per seat) and the *seatings* every table is played in (seat orders, each a
game). A match is one table played in its ``n`` rotations; a tournament
(:mod:`hoyle.experiments.tournament`) is every table of ``n`` of its agents, each played in every
seat order (``seatings="permutations"``: both orders for two players, 6 for three, 24 for four).
The unit of work is one deal of one table, in all its seatings.

Duplicate chance. A deal is fixed by one RNG stream, ``random.Random(deal_seed)``, that draws
every chance outcome of every replay: at each chance node, one uniform draw is mapped onto
``state.chance_outcomes()`` (sorted by outcome) by cumulative probability. hoyle games deal
lazily — each chance node draws one card uniformly from the cards not yet dealt — so the pool
at the k-th chance node is the pack less the first k-1 cards, whatever the players did, and the
same stream deals the same cards in the same order in every seating of every table (it goes to
whoever the rules say; a replay that ends sooner uses a prefix of the sequence). A game whose
chance nodes depend on the play (a reshuffle of the discards) stays correct, only less
correlated after that point. ``tests/experiments/test_match.py`` checks the property on the
registered games.

Seeds. Everything derives from the run seed ``S`` through ``numpy.random.SeedSequence``:
the deal stream from ``(S, deal, 0)``, the agent in ``seat`` of seating ``rotation`` (the
seating's index within its table) from ``(S, deal, 1, rotation, seat)``; agents are built afresh
for each game with ``hoyle.agents.make(spec, game, seed)``. The table's index is not in the
path, so a table's rows do not depend on which other tables are played: the table of two agents
in a two-player tournament is exactly the match of the two. Nor do a deal's rows depend on which
other deals were played, on the worker or machine that played it, or on the order: ``workers=K``,
``backend="ray"`` and a resumed run give the same table as one uninterrupted process.

Storage. With ``out`` given, ``<out>/<name>/config.json`` holds the config and rows are written
as units finish, in Parquet parts in ``<out>/<name>/parts/`` (each written to a temporary name,
then renamed, so a part is whole or absent): a part at least every ``save_every`` seconds (and
every ``chunk`` units when ``chunk`` is given), and whatever has finished when the run is
interrupted or fails. When every unit is done the rows are merged into
``<out>/<name>/results.parquet`` (one row per deal, table, seating and seat) and the parts
removed. Running the same match again resumes: finished units are read back and skipped; a
unit that was cut off is played again from its start, with the same seeds.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import json
import math
import os
import random
import secrets
import shutil
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
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
FORMAT = 2
"""Version of the row layout and seed derivation; a stored run of another format is refused.
(2: the ``table`` and ``seating`` columns, units of one deal of one table. A match stored in
format 1 has the same seeds and rows less those columns: it is read, and resumed, as format 2.)"""

COLUMNS: dict[str, str] = {
    "deal": "int64",
    "rotation": "int64",
    "seat": "int64",
    "agent": "str",
    "agent_index": "int64",
    "spec": "str",
    "table": "int64",
    "seating": "str",
    "seed": "int64",
    "deal_seed": "int64",
    "return": "float64",
    "result": "str",
    "moves": "int64",
    "chance_events": "int64",
}
"""The result table, one row per deal, table, seating and seat. ``rotation``: the seating's
index within its table (a rotation in a match, a permutation in a tournament); ``table``: the
table's index in the plan; ``seating``: the agent index in each seat, ``"2,0,1"``; ``moves``:
decisions in the game; ``result``: win (the unique best return of the game), draw (a shared best)
or loss."""

KEY = ["deal", "table", "rotation", "seat"]
SEATINGS = ("rotations", "permutations")
SAVE_EVERY = 5.0
"""Default seconds between parts: a hard kill loses at most this much finished play."""
TASK_SECONDS = 2.0
"""Target length of one task sent to a worker (its batch of units is sized from the units'
measured time), so that results, progress and parts come back every few seconds."""
MAX_BATCH = 200


class RunConfigError(ValueError):
    """A stored run that does not match the run asked for."""


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
    """The seed of the agent in ``seat`` in seating ``rotation`` of deal ``deal``."""
    return derive_seed(seed, deal, 1, rotation, seat)


def seating(num_players: int, rotation: int) -> list[int]:
    """Agent index per seat in ``rotation``: seat ``k`` gets agent ``(k + rotation) % n``.

    >>> seating(3, 1)
    [1, 2, 0]
    """
    return [(k + rotation) % num_players for k in range(num_players)]


def seatings_of(num_players: int, mode: str) -> list[tuple[int, ...]]:
    """The seat orders of a table (positions in the table, per seat): its ``n`` rotations, or
    all ``n!`` permutations (lexicographic, so the first is the table's own order).

    >>> seatings_of(3, "rotations")
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    >>> len(seatings_of(3, "permutations")), seatings_of(2, "permutations")
    (6, [(0, 1), (1, 0)])
    """
    if mode == "rotations":
        return [tuple(seating(num_players, r)) for r in range(num_players)]
    if mode == "permutations":
        return list(itertools.permutations(range(num_players)))
    raise ValueError(f"unknown seatings {mode!r}; choose one of: {', '.join(SEATINGS)}")


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


@dataclass(frozen=True)
class Plan:
    """Who plays whom: the agents' specs, the tables (agent indices, one per seat in the
    table's own order) and the seatings every table is played in (``mode``)."""

    specs: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    mode: str = "rotations"

    @property
    def players(self) -> int:
        return len(self.tables[0])

    @property
    def labels(self) -> list[str]:
        return agent_labels(self.specs)

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        return seatings_of(self.players, self.mode)

    @property
    def games_per_unit(self) -> int:
        """Games in one unit of work (one deal of one table): its seatings."""
        return len(self.seatings)

    @property
    def is_match(self) -> bool:
        """One table of every agent in the given order, in rotations: :func:`run_match`."""
        return self.tables == (tuple(range(len(self.specs))),) and self.mode == "rotations"


def match_plan(specs: Sequence[str], mode: str = "rotations", players: int | None = None) -> Plan:
    """The plan of a match: one table, every agent in the given seat order. In a one-player
    game (a patience, ``players=1``) every agent plays each deal alone, at a table of its own:
    the same cards for all, so their scores compare deal by deal."""
    if players == 1:
        return Plan(tuple(specs), tuple((i,) for i in range(len(specs))), mode)
    return Plan(tuple(specs), (tuple(range(len(specs))),), mode)


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


def play_deal(
    game: Any,
    specs: Sequence[str],
    seed: int,
    deal: int,
    seatings: Sequence[Sequence[int]] | None = None,
    *,
    table: int = 0,
    agents: Sequence[int] | None = None,
    labels: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """One deal of one table in all its seatings: one row per seating and seat.

    ``specs`` are the table's agents; ``seatings`` the seat orders (positions in ``specs`` per
    seat; default: the rotations). ``agents`` are their indices and ``labels`` their names in
    the run (default: a match of ``specs``), ``table`` the table's index.
    """
    n = game.num_players()
    orders = seatings if seatings is not None else seatings_of(n, "rotations")
    index = list(agents) if agents is not None else list(range(len(specs)))
    names = list(labels) if labels is not None else agent_labels(specs)
    dseed = deal_seed(seed, deal)
    rows: list[dict[str, Any]] = []
    for rotation, order in enumerate(orders):
        seeds = [agent_seed(seed, deal, rotation, k) for k in range(n)]
        bots = [make(specs[p], game, seeds[k]) for k, p in enumerate(order)]
        end = play_game(game, bots, random.Random(dseed))
        returns = [float(r) for r in end.returns()]
        chances = sum(1 for pa in end.full_history() if pa.player < 0)
        moves = len(end.history()) - chances
        text = ",".join(str(index[p]) for p in order)
        for k, (p, res) in enumerate(zip(order, _results(returns), strict=True)):
            rows.append(
                {"deal": deal, "rotation": rotation, "seat": k, "agent": names[p],
                 "agent_index": index[p], "spec": specs[p], "table": table, "seating": text,
                 "seed": seeds[k], "deal_seed": dseed, "return": returns[k], "result": res,
                 "moves": moves, "chance_events": chances}
            )  # fmt: skip
    return rows


def play_unit(game: Any, plan: Plan, seed: int, deal: int, table: int) -> list[dict[str, Any]]:
    """The rows of one unit of work: deal ``deal`` of table ``table`` in all its seatings."""
    members = plan.tables[table]
    specs = [plan.specs[i] for i in members]
    if plan.is_match:  # The defaults of play_deal are the match.
        return play_deal(game, specs, seed, deal)
    labels = plan.labels
    return play_deal(game, specs, seed, deal, plan.seatings, table=table, agents=members,
                     labels=[labels[i] for i in members])  # fmt: skip


_GAMES: dict[tuple[str, str], Any] = {}


def _load(spiel_name: str, params: Mapping[str, Any]) -> Any:
    key = (spiel_name, json.dumps(dict(params), sort_keys=True))
    if key not in _GAMES:
        import hoyle.envs  # noqa: F401  (registers the games in a fresh worker process)

        _GAMES[key] = pyspiel.load_game(spiel_name, dict(params))
    return _GAMES[key]


Unit = tuple[int, int]
"""One unit of work: (deal, table)."""


def play_units(
    spiel_name: str, params: Mapping[str, Any], plan: Plan, seed: int, units: Sequence[Unit]
) -> tuple[list[dict[str, Any]], float]:
    """The rows of several units and the seconds they took (the task of a worker)."""
    start = time.perf_counter()
    game = _load(spiel_name, params)
    rows = [row for d, t in units for row in play_unit(game, plan, seed, d, t)]
    return rows, time.perf_counter() - start


def to_frame(rows: Iterable[Mapping[str, Any]] | pd.DataFrame) -> pd.DataFrame:
    """Rows as the canonical result table: fixed columns and dtypes, sorted, deduplicated.

    Rows without ``table`` or ``seating`` (a hand-built match table) get table 0 and no
    seating text.
    """
    df = pd.DataFrame(rows if isinstance(rows, pd.DataFrame) else list(rows), columns=list(COLUMNS))
    for column, default in (("table", 0), ("seating", "")):
        if len(df) and df[column].isna().all():
            df[column] = default
    df = df.astype(COLUMNS).drop_duplicates(KEY)
    return df.sort_values(KEY, ignore_index=True)


# --- the run directory -------------------------------------------------------------------------
def run_config(spec: GameSpec, params: Mapping[str, Any], game_text: str, plan: Plan,
               deals: int, seed: int, kind: str = "match") -> dict[str, Any]:  # fmt: skip
    """The config stored beside the results (``version``: hoyle's; ``game_version``: the game's)."""
    return {
        "kind": kind, "game": spec.short_name, "game_string": game_text,
        "spiel_name": spec.spiel_name, "params": dict(params), "game_version": spec.version,
        "agents": list(plan.specs), "labels": plan.labels, "players": plan.players,
        "tables": [list(t) for t in plan.tables], "seatings": plan.mode,
        "games_per_table": plan.games_per_unit, "deals": deals, "seed": seed, "format": FORMAT,
        "version": hoyle_version(),
    }  # fmt: skip


def match_config(spec: GameSpec, params: Mapping[str, Any], game_text: str,
                 specs: Sequence[str], deals: int, seed: int) -> dict[str, Any]:  # fmt: skip
    """The config of a match (see :func:`run_config`)."""
    return run_config(spec, params, game_text, match_plan(specs), deals, seed)


_IDENTITY = ("game", "params", "game_version", "agents", "tables", "seatings", "seed", "format")


def read_config(path: Path) -> dict[str, Any]:
    """A stored run's config, a match stored in format 1 read as the same match in format 2
    (its seeds and rows are the same; only the ``table`` and ``seating`` columns are new)."""
    config: dict[str, Any] = json.loads((path / CONFIG_FILE).read_text())
    if config.get("format") == 1:
        n = len(config["agents"])
        config.update(format=FORMAT, kind="match", players=n, games_per_table=n,
                      tables=[list(range(n))], seatings="rotations")  # fmt: skip
    return config


def _check_config(path: Path, config: Mapping[str, Any]) -> None:
    old = read_config(path)
    diff = [k for k in _IDENTITY if old.get(k) != config[k]]
    if diff:
        shown = "; ".join(f"{k}: stored {old.get(k)!r}, asked {config[k]!r}" for k in diff)
        raise RunConfigError(
            f"{path} holds a different {old.get('kind', 'match')} ({shown}); choose another "
            "--name, or pass --no-resume to overwrite it"
        )
    if int(old.get("deals", 0)) > config["deals"]:
        raise RunConfigError(
            f"{path} holds a {old.get('kind', 'match')} of {old['deals']} deals; ask for at "
            "least as many to resume it, choose another --name, or pass --no-resume to "
            "overwrite it"
        )


def _read_stored(path: Path, rows_per_unit: int) -> pd.DataFrame:
    """Finished rows in ``path`` (results and parts), keeping only units with all their rows."""
    files = [path / RESULTS_FILE] if (path / RESULTS_FILE).exists() else []
    files += sorted((path / PARTS_DIR).glob("*.parquet")) if (path / PARTS_DIR).exists() else []
    if not files:
        return to_frame([])
    df = to_frame(pd.concat([_upgrade(pd.read_parquet(f)) for f in files], ignore_index=True))
    whole = df.groupby(["deal", "table"])["seat"].transform("size") == rows_per_unit
    return df[whole].reset_index(drop=True)


def _upgrade(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of a format-1 match given the ``table`` (0) and ``seating`` columns."""
    if "seating" in df.columns or df.empty:
        return df
    games = df.sort_values("seat").groupby(["deal", "rotation"])["agent_index"]
    text = games.agg(lambda a: ",".join(str(int(i)) for i in a)).rename("seating")
    return df.assign(table=0).join(text, on=["deal", "rotation"])


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


def resolve_game(
    game: str | Any, params: Mapping[str, Any] | None = None
) -> tuple[GameSpec, dict[str, Any], str, Any]:
    """A game string or loaded hoyle game as (spec, full parameters, game text, loaded game)."""
    if isinstance(game, str):
        spec, parsed = parse_game_string(game)
    else:  # A loaded hoyle game.
        spec, parsed = game.spec, dict(game.get_parameters())
    full = spec.resolve({**parsed, **(params or {})})
    game_text = game if isinstance(game, str) and not params else game_label(spec, full)
    return spec, full, game_text, _load(spec.spiel_name, full)


def _batch_size(chunk: int | None, unit_s: float | None, left: int, slots: int) -> int:
    """Units per task: ``chunk`` if given, else about :data:`TASK_SECONDS` of play, never so
    many that the last tasks leave workers idle (one unit until a unit has been timed)."""
    if chunk:
        return chunk
    if unit_s is None:
        return 1
    fair = math.ceil(left / (2 * slots))
    return max(1, min(int(TASK_SECONDS / max(unit_s, 1e-6)), fair, MAX_BATCH))


def open_run_folder(
    path: Path, config: Mapping[str, Any], fresh: bool, stale: Sequence[str] = ()
) -> None:
    """Make a run folder ready to write: with ``fresh``, the ``stale`` files, the config and
    the parts of an earlier run go; temporary files left by a run killed while writing go;
    the parts folder exists; and ``config`` is written. Shared by every resumable run
    (matches, tournaments, the gnubg judge)."""
    if fresh:
        for name in (*stale, CONFIG_FILE):
            (path / name).unlink(missing_ok=True)
        shutil.rmtree(path / PARTS_DIR, ignore_errors=True)
    (path / PARTS_DIR).mkdir(parents=True, exist_ok=True)
    for tmp in [*path.glob(".*.tmp"), *(path / PARTS_DIR).glob(".*.tmp")]:
        tmp.unlink(missing_ok=True)
    (path / CONFIG_FILE).write_text(json.dumps(config, indent=2) + "\n")


def run_tables(
    spec: GameSpec,
    params: Mapping[str, Any],
    game_text: str,
    plan: Plan,
    deals: int,
    seed: int = 0,
    *,
    kind: str = "match",
    out: str | Path | None = None,
    name: str | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    resume: bool = True,
    progress: bool = False,
    chunk: int | None = None,
    save_every: float = SAVE_EVERY,
    on_start: Callable[[Path | None, int], None] | None = None,
) -> pd.DataFrame:
    """Play ``plan`` on ``deals`` duplicate deals; the result table (see :data:`COLUMNS`).

    The engine of matches and tournaments. With ``out``, rows go to ``<out>/<name>/`` as they
    finish and a stored run of the same plan is resumed (``resume=False`` starts it over).
    ``workers > 1`` plays in local processes, ``backend="ray"`` on Ray (``address``: a
    cluster's); the table is the same. ``chunk`` fixes the units (deals of one table) per task
    and per part. ``on_start(run_dir, finished_units)`` is told where the run is stored and how
    many units were already done.
    """
    from hoyle.experiments.backends import make_backend

    if deals < 1 or seed < 0:
        raise ValueError(f"need deals >= 1 and seed >= 0; got deals={deals}, seed={seed}")
    per_unit = plan.games_per_unit * plan.players
    path: Path | None = None
    done = to_frame([])
    if out is not None:
        path = Path(out) / (name or default_name(game_text, plan.specs, seed))
        config = run_config(spec, params, game_text, plan, deals, seed, kind)
        if (path / CONFIG_FILE).exists() and resume:
            _check_config(path, config)
            done = _read_stored(path, per_unit)
        open_run_folder(path, config, fresh=not resume, stale=(RESULTS_FILE,))
        done = done[done["deal"] < deals]
    finished = set(zip(done["deal"].tolist(), done["table"].tolist(), strict=True))
    todo = [(d, t) for d in range(deals) for t in range(len(plan.tables)) if (d, t) not in finished]
    if on_start is not None:
        on_start(path, len(finished))

    frames = [done]
    buffer: list[dict[str, Any]] = []
    buffered = 0
    last_save = time.monotonic()
    games = plan.games_per_unit
    bar = tqdm(total=deals * len(plan.tables) * games, initial=len(finished) * games,
               unit="game", file=sys.stderr, disable=not progress, desc=spec.short_name,
               dynamic_ncols=True, smoothing=0.1)  # fmt: skip

    def save() -> None:
        nonlocal buffer, buffered, last_save
        part = to_frame(buffer)
        buffer, buffered, last_save = [], 0, time.monotonic()
        frames.append(part)
        if path is not None and len(part):
            first, last = int(part["deal"].min()), int(part["deal"].max())
            tag = secrets.token_hex(3)
            _write_atomic(part, path / PARTS_DIR / f"deals-{first:07d}-{last:07d}-{tag}.parquet")

    def finish(rows: list[dict[str, Any]], units: int) -> None:
        nonlocal buffered
        buffer.extend(rows)
        buffered += units
        bar.update(units * games)
        if (chunk and buffered >= chunk) or time.monotonic() - last_save >= save_every:
            save()

    job = (spec.spiel_name, dict(params), plan, seed)
    with bar:
        try:
            if backend == "local" and (workers == 1 or len(todo) <= 1):
                loaded = _load(spec.spiel_name, params)
                for d, t in todo:
                    finish(play_unit(loaded, plan, seed, d, t), 1)
            elif todo:
                _play_parallel(make_backend(backend, workers, address), job, todo, chunk, finish)
        finally:
            if buffer:
                save()  # Whatever has finished, also on Ctrl-C or a failing agent.

    df = to_frame(pd.concat(frames, ignore_index=True))
    if path is not None:
        _write_atomic(df, path / RESULTS_FILE)
        shutil.rmtree(path / PARTS_DIR, ignore_errors=True)
    return df


def _play_parallel(
    backend: Any, job: tuple[Any, ...], todo: Sequence[Unit], chunk: int | None,
    finish: Callable[[list[dict[str, Any]], int], None],
) -> None:  # fmt: skip
    """Units on ``backend``, a few tasks per slot in flight, batches sized from the units'
    measured time; ``finish`` gets each task's rows as it comes back."""
    pending = deque(todo)
    in_flight: dict[int, int] = {}
    unit_s: float | None = None
    key = 0
    try:
        while pending or in_flight:
            while pending and len(in_flight) < 2 * backend.slots:
                size = min(len(pending), _batch_size(chunk, unit_s, len(pending), backend.slots))
                batch = [pending.popleft() for _ in range(size)]
                backend.submit(key, play_units, (*job, batch))
                in_flight[key] = size
                key += 1
            k, (rows, seconds) = backend.next()
            size = in_flight.pop(k)
            per = seconds / size
            unit_s = per if unit_s is None else 0.7 * unit_s + 0.3 * per
            finish(rows, size)
    except BaseException:
        backend.close(cancel=True)
        raise
    backend.close()


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
    backend: str = "local",
    address: str | None = None,
    resume: bool = True,
    progress: bool = False,
    chunk: int | None = None,
    save_every: float = SAVE_EVERY,
    on_start: Callable[[Path | None, int], None] | None = None,
) -> pd.DataFrame:
    """Play a duplicate-deal match; the result table, one row per deal, rotation and seat.

    ``game`` is a game string (``"cassino(players=3)"``) or a loaded hoyle game, ``agents``
    one spec per seat (``params`` override the game's). With
    ``out``, rows go to ``<out>/<name>/`` as they finish and a stored run of the same match is
    resumed (``resume=False`` starts it over). ``workers > 1`` plays chunks of deals in local
    processes, ``backend="ray"`` on Ray; the table is the same. ``on_start(run_dir,
    finished_deals)`` is told where the run is stored and how many deals were already done.
    """
    spec, full, game_text, loaded = resolve_game(game, params)
    n = loaded.num_players()
    specs = [s.strip() for s in agents]
    if len(specs) != n and n != 1:
        raise ValueError(f"{spec.short_name} is played by {n} players here; got {len(specs)} "
                         f"agents ({', '.join(specs)})")  # fmt: skip
    for s in specs:
        make(s, loaded, 0)  # Refuse a bad spec now, not inside a worker.
    return run_tables(spec, full, game_text, match_plan(specs, players=n), deals, seed, kind="match",
                      out=out, name=name, workers=workers, backend=backend, address=address,
                      resume=resume, progress=progress, chunk=chunk, save_every=save_every,
                      on_start=on_start)  # fmt: skip


def load_run(path: str | Path) -> tuple[dict[str, Any], pd.DataFrame]:
    """A stored run's config and its finished rows (whole units only)."""
    p = Path(path)
    config = read_config(p)
    if config.get("format") != FORMAT:
        raise RunConfigError(f"{p} was written in format {config.get('format')!r}; this hoyle "
                             f"reads format {FORMAT}")  # fmt: skip
    per_unit = int(config["players"]) * int(config["games_per_table"])
    return config, _read_stored(p, per_unit)


__all__ = [
    "Plan", "agent_seed", "deal_seed", "hoyle_version", "load_run", "match_plan",
    "paired_difference", "play_deal", "run_match", "run_tables", "sample_chance", "seating",
    "seatings_of", "summarize",
]  # fmt: skip
