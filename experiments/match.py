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

Storage. With ``out`` given, the run lives in ``<out>/<name>/`` (``name`` a plain name, one
path component: :func:`hoyle.experiments.runs.check_name`), a folder the run owns
(:mod:`hoyle.experiments.runs`): its marker holds the run's kind, a run id and the hash of the
settings that decide the rows (:data:`_IDENTITY`: the game, its parameters and version, the
agents, tables, seatings, seed and format; not the number of deals, which may grow), and
while the run writes, its lock keeps a second process out. ``config.json`` holds the config.
Rows are written as units finish, in Parquet parts in ``<out>/<name>/parts/``: a part at least
every ``save_every`` seconds (and every ``chunk`` units when ``chunk`` is given), and whatever
has finished when the run is interrupted or fails. When every unit is done the rows are merged
into ``<out>/<name>/results.parquet`` (one row per deal, table, seating and seat) and the
parts removed. Every file is written to a temporary name and renamed, so it is whole or absent.

Resuming. Running the same command again resumes: finished units are read back and skipped; a
unit that was cut off is played again from its start, with the same seeds, so the table is the
one an uninterrupted run makes. Nothing foreign is mixed in: every part carries the run's id,
config hash and seed in its Parquet metadata and ``results.parquet`` the config hash and seed,
and every row's seeds must be those the run seed derives and its agents and seating the plan's;
a file that is not this run's, or is truncated, is refused in one line naming it (move it out,
or delete it to replay its deals: hoyle never deletes it on its own). A stored run of other
settings is refused naming the setting; ``resume=False`` (``--no-resume``) starts over only a
run of the same settings, removing just the files the run writes; a folder of another run, or
holding files no run owns, is refused and left untouched. A folder written by a hoyle from
before markers, whose ``config.json`` has the same settings, is adopted as this run's.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import itertools
import json
import math
import random
import secrets
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
from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.files import FileFormatError, atomic_write, read_json, write_json
from hoyle.envs.core.registry import GameSpec, Sides, parse_game_string
from hoyle.experiments import runs
from hoyle.experiments.runs import RunFolderError
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


class RunConfigError(HoyleError, ValueError):
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


def side_seating(order: Sequence[int], sides: Sides) -> tuple[int, ...]:
    """The seat order of a side order: ``order[i]`` (a position in the table) takes every seat
    of side ``i``, so partners are always one agent.

    >>> side_seating((1, 0), ((0, 2), (1, 3)))
    (1, 0, 1, 0)
    """
    seats = {k: order[i] for i, side in enumerate(sides) for k in side}
    return tuple(seats[k] for k in sorted(seats))


def side_words(sides: Sides) -> str:
    """The sides in words: ``seats 0&2 against 1&3``."""
    return "seats " + " against ".join("&".join(str(k) for k in side) for side in sides)


@dataclass(frozen=True)
class Plan:
    """Who plays whom: the agents' specs, the tables (agent indices, one per seat in the
    table's own order, or one per side when the game has ``sides``) and the seatings every
    table is played in (``mode``: the rotations or permutations of its positions, so with
    sides the sides' seats are exchanged, each agent keeping both seats of its side)."""

    specs: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    mode: str = "rotations"
    sides: Sides | None = None

    @property
    def positions(self) -> int:
        """Agents at a table: one per seat, or one per side."""
        return len(self.tables[0])

    @property
    def players(self) -> int:
        """Seats at a table."""
        return self.positions if self.sides is None else sum(len(s) for s in self.sides)

    @property
    def labels(self) -> list[str]:
        return agent_labels(self.specs)

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        """The seat orders (a position in the table per seat), one per game of a unit."""
        orders = seatings_of(self.positions, self.mode)
        if self.sides is None:
            return orders
        return [side_seating(order, self.sides) for order in orders]

    @property
    def games_per_unit(self) -> int:
        """Games in one unit of work (one deal of one table): its seatings."""
        return len(self.seatings)

    @property
    def is_match(self) -> bool:
        """One table of every agent in the given order, in rotations: :func:`run_match`."""
        return self.tables == (tuple(range(len(self.specs))),) and self.mode == "rotations"


def match_plan(
    specs: Sequence[str], mode: str = "rotations", players: int | None = None,
    sides: Sides | None = None,
) -> Plan:  # fmt: skip
    """The plan of a match: one table, every agent in the given seat order, or with ``sides``
    (a partnership game) every agent on a whole side, in the given side order. In a one-player
    game (a patience, ``players=1``) every agent plays each deal alone, at a table of its own:
    the same cards for all, so their scores compare deal by deal."""
    if players == 1:
        return Plan(tuple(specs), tuple((i,) for i in range(len(specs))), mode)
    return Plan(tuple(specs), (tuple(range(len(specs))),), mode, sides)


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


def side_returns(returns: Sequence[float], sides: Sides) -> list[float]:
    """Each side's return: the mean of its seats' (partners get equal returns, so it is each
    partner's return; the mean keeps a side one number whatever a game gives)."""
    return [sum(returns[k] for k in side) / len(side) for side in sides]


def _side_results(returns: Sequence[float], sides: Sides) -> list[str]:
    """win / draw / loss per seat, by side: a seat has its side's result among the sides, so
    partners are not a tie for the best return."""
    by_side = _results(side_returns(returns, sides))
    return [by_side[i] for k in range(len(returns)) for i, s in enumerate(sides) if k in s]


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
    sides: Sides | None = None,
) -> list[dict[str, Any]]:
    """One deal of one table in all its seatings: one row per seating and seat.

    ``specs`` are the table's agents; ``seatings`` the seat orders (positions in ``specs`` per
    seat; default: the rotations). ``agents`` are their indices and ``labels`` their names in
    the run (default: a match of ``specs``), ``table`` the table's index. With ``sides`` (a
    partnership game) each seat's ``result`` is its side's (:func:`_side_results`).
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
        results = _results(returns) if sides is None else _side_results(returns, sides)
        for k, (p, res) in enumerate(zip(order, results, strict=True)):
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
    if plan.is_match and plan.sides is None:  # The defaults of play_deal are the match.
        return play_deal(game, specs, seed, deal)
    labels = plan.labels
    return play_deal(game, specs, seed, deal, plan.seatings, table=table, agents=members,
                     labels=[labels[i] for i in members], sides=plan.sides)  # fmt: skip


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
    """The config stored beside the results (``version``: hoyle's; ``game_version``: the game's).

    ``sides`` (each side's seats) is there only for a partnership game, so the config of any
    other game, and its hash, are what they were before sides were declared."""
    config = {
        "kind": kind, "game": spec.short_name, "game_string": game_text,
        "spiel_name": spec.spiel_name, "params": dict(params), "game_version": spec.version,
        "agents": list(plan.specs), "labels": plan.labels, "players": plan.players,
        "tables": [list(t) for t in plan.tables], "seatings": plan.mode,
        "games_per_table": plan.games_per_unit, "deals": deals, "seed": seed, "format": FORMAT,
        "version": hoyle_version(),
    }  # fmt: skip
    if plan.sides is not None:
        config["sides"] = [list(side) for side in plan.sides]
    return config


def config_sides(config: Mapping[str, Any]) -> Sides | None:
    """The sides a stored config declares (``None``: none, every config before sides)."""
    sides = config.get("sides")
    return None if not sides else tuple(tuple(int(k) for k in side) for side in sides)


def match_config(spec: GameSpec, params: Mapping[str, Any], game_text: str,
                 specs: Sequence[str], deals: int, seed: int) -> dict[str, Any]:  # fmt: skip
    """The config of a match (see :func:`run_config`)."""
    return run_config(spec, params, game_text, match_plan(specs), deals, seed)


_IDENTITY = ("game", "params", "game_version", "agents", "tables", "seatings", "seed", "format")
"""The settings that decide a run's rows (hashed into the folder's marker). ``deals`` is not
one: a run is extended by asking for more deals."""

REPORT_FILES = ("leaderboard.md", "leaderboard.csv", "pairwise.csv", "seats.csv",
                "leaderboard.png", "pairwise.png")  # fmt: skip
"""The summary :func:`hoyle.experiments.report.write_report` writes into a run folder."""

RUN_FILES = (CONFIG_FILE, RESULTS_FILE, f"{PARTS_DIR}/deals-*.parquet", *REPORT_FILES)
"""What a match or tournament writes in its folder: all that ``--no-resume`` removes."""

META_KEY = b"hoyle"
"""Key of the JSON in a stored Parquet file's metadata (pyarrow schema metadata): the ``kind``,
``run_id``, ``config_hash`` and ``seed`` of the run that wrote it."""


def run_identity(config: Mapping[str, Any], keys: Sequence[str] = _IDENTITY) -> dict[str, Any]:
    """The settings of ``config`` that decide its rows (the marker's config hash is theirs):
    with the run's ``sides`` when it has them (only then, so an older run's hash stands)."""
    out = {k: config.get(k) for k in keys}
    if keys is _IDENTITY and config.get("sides") is not None:
        out["sides"] = config["sides"]
    return out


def read_config(path: Path) -> dict[str, Any]:
    """A stored run's config, a match stored in format 1 read as the same match in format 2
    (its seeds and rows are the same; only the ``table`` and ``seating`` columns are new).
    A missing or unreadable ``config.json`` is a one-line :class:`FileFormatError`."""
    config: dict[str, Any] = read_json(path / CONFIG_FILE, "run config")
    if config.get("format") == 1 and "kind" not in config:  # A judge's own format 1 has a kind.
        agents = config.get("agents")
        n = len(agents) if isinstance(agents, list) else 0
        config.update(format=FORMAT, kind="match", players=n, games_per_table=n,
                      tables=[list(range(n))], seatings="rotations")  # fmt: skip
    return config


def _check_config(
    path: Path, config: Mapping[str, Any], old: Mapping[str, Any], keys: Sequence[str] = _IDENTITY,
    what: str = "match", error: type[RunConfigError] | None = None, resume: bool = True,
) -> None:  # fmt: skip
    """Refuse a stored run ``old`` whose settings are not those of ``config`` (naming them), or,
    to resume, one of more deals than asked."""
    error = error or RunConfigError
    if keys is _IDENTITY:
        keys = [*keys, "sides"]  # Absent from both for a game without sides.
    diff = [k for k in keys if old.get(k) != config.get(k)]
    if diff:
        shown = "; ".join(f"{k}: stored {old.get(k)!r}, asked {config.get(k)!r}" for k in diff)
        raise error(
            f"{path} holds a different {what} ({shown}); choose another --name (--no-resume "
            "starts over only a run of the same settings: hoyle does not delete another run)"
        )
    if not resume or "deals" not in config:
        return
    try:
        stored = int(old.get("deals", 0))
    except (TypeError, ValueError):
        raise FileFormatError(f"{path / CONFIG_FILE} is not a run config: deals is "
                              f"{old.get('deals')!r}") from None  # fmt: skip
    if stored > config["deals"]:
        raise error(
            f"{path} holds a {what} of {stored} deals; ask for at least as many to resume it, "
            "choose another --name, or pass --no-resume to start it over"
        )


Reader = Callable[[Mapping[str, Any], bool, Mapping[str, Any] | None], Any]
"""Reads a run folder's stored rows: ``read(expect, legacy, rewrite)`` (see
:func:`open_run_folder`)."""


def open_run_folder(
    path: Path, kind: str, config: Mapping[str, Any], resume: bool, read: Reader, *,
    keys: Sequence[str] = _IDENTITY, owned: Sequence[str] = RUN_FILES, what: str | None = None,
    error: type[RunConfigError] | None = None,
) -> tuple[runs.Owner, dict[str, Any] | None, Any]:  # fmt: skip
    """Claim ``path`` for this run (hold :func:`hoyle.experiments.runs.locked` around it and the run); the
    owner marker, the stored config (``None`` when starting afresh) and what ``read`` made of
    the stored rows (``None`` when not resuming). Shared by matches, tournaments and the judge.

    A stored run of other settings ``keys`` is refused naming the settings. A folder of
    another kind of run, or one holding files no hoyle run owns, is refused by
    :func:`hoyle.experiments.runs.claim`, untouched; ``resume=False`` removes the ``owned``
    files of this same run. A folder an older hoyle wrote (a ``config.json`` of the same
    settings, no marker) is adopted: its stored files are checked first (before anything is
    written), then marked as this run's. ``read(expect, legacy, rewrite)`` reads and checks the
    stored rows: ``expect`` the metadata each file must carry (``run_id`` only for parts: the
    results are kept across resumes), ``legacy`` that files without hoyle metadata are accepted,
    ``rewrite`` the metadata to write into such files (adoption); it must raise, not skip, on a
    file that is not this run's.
    """
    marker = runs.read_owner(path)
    old: dict[str, Any] | None = None
    if (path / CONFIG_FILE).exists() and (marker is None or marker.kind == kind):
        try:
            old = read_config(path)
        except FileFormatError as e:
            fix = ("delete it and run the same command again to rewrite it" if marker is not None
                   else "fix it or move it away, or choose another --name")  # fmt: skip
            raise FileFormatError(f"{e}; {fix}") from None
        if old.get("kind", "match") == kind:
            _check_config(path, config, old, keys, what or kind, error, resume)
        else:
            old = None
    identity = run_identity(config, keys)
    digest = runs.config_hash(identity)
    seed = config["seed"]
    legacy = marker is None and old is not None and resume
    loose = {"kind": kind, "config_hash": digest, "seed": seed}
    if legacy:
        read(loose, True, None)  # Refuse a foreign or broken file before claiming the folder.
    owner = runs.claim(path, kind, identity, fresh=not resume, owned=owned,
                       adopt=lambda _: old is not None)  # fmt: skip
    if not resume:
        return owner, None, None
    mine = {"kind": kind, "run_id": owner.run_id, "config_hash": digest, "seed": seed}
    stored = read(loose, True, mine) if legacy else read(mine, False, None)
    return owner, old, stored


def write_config(path: Path, config: Mapping[str, Any]) -> None:
    """Write ``config.json`` (atomically) and make the parts folder."""
    try:
        (path / PARTS_DIR).mkdir(exist_ok=True)
        write_json(path / CONFIG_FILE, dict(config))
    except OSError as e:
        raise RunFolderError(f"cannot write in {path}: {e.strerror or e}") from None


def _meta_problem(meta: Any, expect: Mapping[str, Any], legacy: bool, part: bool) -> str | None:
    """Why a stored file's hoyle metadata ``meta`` is not this run's, or ``None``."""
    if meta is None:
        return None if legacy else "it carries no hoyle run id"
    if not isinstance(meta, dict):
        return "its hoyle metadata is unreadable"
    for key in ("kind", "config_hash", "seed", *(["run_id"] if part else [])):
        if key in expect and meta.get(key) != expect[key]:
            return f"its {key.replace('_', ' ')} is {meta.get(key)!r}, this run's {expect[key]!r}"
    return None


def read_stored_file(
    file: Path, expect: Mapping[str, Any], *, part: bool, legacy: bool = False,
    replay: str = "those deals",
) -> tuple[pd.DataFrame, Any]:  # fmt: skip
    """The rows of a stored Parquet file and its hoyle metadata, checked against ``expect``.

    A truncated or foreign file is a one-line :class:`FileFormatError` that names it and says
    how to recover; nothing is deleted (the user decides): the library cannot tell a file it
    half-wrote (it never does: every write is atomic) from one somebody else put there.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        with open(file, "rb") as f:
            table = pq.read_table(f)
        df = table.to_pandas()
    except (OSError, pa.ArrowException, ValueError, TypeError):
        raise FileFormatError(f"{file} is truncated or not a Parquet file; delete it and run the "
                              f"same command again to replay {replay}") from None  # fmt: skip
    raw = (table.schema.metadata or {}).get(META_KEY)
    meta: Any = None
    if raw is not None:
        try:
            meta = json.loads(raw)
        except ValueError:
            meta = "unreadable"
    why = _meta_problem(meta, expect, legacy, part)
    if why is not None:
        raise refuse_file(file, why, part)
    return df, meta


def refuse_file(file: Path, why: str, part: bool) -> FileFormatError:
    """The one-line refusal of a stored file that is not this run's: move it out to resume."""
    what = "a part of this run" if part else "this run's results"
    return FileFormatError(f"{file} is not {what} ({why}); move it out of {file.parent} to resume")


def _row_problem(df: pd.DataFrame, plan: Plan, seed: int) -> str | None:
    """Why the canonical rows ``df`` are not rows of ``plan`` played from ``seed``, or ``None``:
    every row's seat, agent and seating must be the plan's and its seeds those the run seed
    derives (:func:`deal_seed`, :func:`agent_seed`), so copied rows are caught whatever the
    file's metadata says."""
    if df.empty:
        return None
    tables = np.array(plan.tables, dtype=np.int64)
    orders = np.array(plan.seatings, dtype=np.int64)
    d, t, r, k = (df[c].to_numpy(dtype=np.int64) for c in ("deal", "table", "rotation", "seat"))
    inside = ((d >= 0) & (t >= 0) & (t < len(tables)) & (r >= 0) & (r < len(orders))
              & (k >= 0) & (k < plan.players))  # fmt: skip
    if not inside.all():
        i = int(np.argmin(inside))
        return (f"it has a row of deal {d[i]}, table {t[i]}, seating {r[i]}, seat {k[i]}, "
                "which this run does not play")  # fmt: skip
    index = tables[t, orders[r, k]]
    units = list(zip(d.tolist(), r.tolist(), k.tolist(), strict=True))
    deal_seeds = {x: deal_seed(seed, x) for x in set(d.tolist())}
    agent_seeds = {u: agent_seed(seed, *u) for u in set(units)}
    texts = {(a, b): ",".join(str(x) for x in tables[a][orders[b]])
             for a, b in set(zip(t.tolist(), r.tolist(), strict=True))}  # fmt: skip
    expected: dict[str, list[Any]] = {
        "deal_seed": [deal_seeds[x] for x in d.tolist()],
        "seed": [agent_seeds[u] for u in units],
        "agent_index": index.tolist(),
        "spec": [plan.specs[i] for i in index.tolist()],
        "agent": [plan.labels[i] for i in index.tolist()],
        "seating": [texts[a, b] for a, b in zip(t.tolist(), r.tolist(), strict=True)],
    }
    return first_mismatch(
        df, expected, lambda i: f"deal {d[i]}, table {t[i]}, seating {r[i]}, seat {k[i]}"
    )


def first_mismatch(
    df: pd.DataFrame, expected: Mapping[str, Sequence[Any]], row: Callable[[int], str]
) -> str | None:
    """The first stored value of ``df`` that is not the ``expected`` one (column by column), in
    words (``row(i)`` names row ``i``), or ``None``: how stored rows are checked against the
    seeds and the plan of the run that reads them."""
    for column, want in expected.items():
        for i, (got, w) in enumerate(zip(df[column].tolist(), want, strict=True)):
            if got != w:
                return f"its row of {row(i)} has {column} {got!r} where this run has {w!r}"
    return None


def _result_rows(file: Path, raw: pd.DataFrame, plan: Plan, seed: int, part: bool) -> pd.DataFrame:
    """A stored file's rows as the canonical table, refused unless they are this run's."""
    missing = [c for c in COLUMNS if c not in raw.columns and c not in ("table", "seating")]
    if missing:
        raise refuse_file(file, f"it lacks the columns {', '.join(missing)}", part)
    try:
        df = to_frame(_upgrade(raw))
    except (ValueError, TypeError, KeyError):
        raise refuse_file(file, "its columns do not hold hoyle's result rows", part) from None
    why = _row_problem(df, plan, seed)
    if why is not None:
        raise refuse_file(file, why, part)
    return df


def _read_stored(
    path: Path, plan: Plan, seed: int, expect: Mapping[str, Any], legacy: bool = False,
    rewrite: Mapping[str, Any] | None = None,
) -> tuple[pd.DataFrame, list[Path]]:  # fmt: skip
    """Finished rows in ``path`` (results and parts), keeping only units with all their rows,
    and the part files read. Every file must be this run's (:func:`read_stored_file`,
    :func:`_row_problem`): one that is not is refused, never skipped. ``rewrite``: metadata
    written into the files of an adopted folder that carry none."""
    results = path / RESULTS_FILE
    parts = sorted((path / PARTS_DIR).glob("*.parquet")) if (path / PARTS_DIR).is_dir() else []
    frames = [to_frame([])]
    for file, part in [*([(results, False)] if results.exists() else []),
                       *((p, True) for p in parts)]:  # fmt: skip
        raw, meta = read_stored_file(file, expect, part=part, legacy=legacy,
                                     replay="those deals" if part else "the run")  # fmt: skip
        df = _result_rows(file, raw, plan, seed, part)
        if rewrite is not None and meta != dict(rewrite):
            _write_atomic(df, file, rewrite)
        frames.append(df)
    df = to_frame(pd.concat(frames, ignore_index=True))
    per_unit = plan.games_per_unit * plan.players
    whole = df.groupby(["deal", "table"])["seat"].transform("size") == per_unit
    return df[whole].reset_index(drop=True), parts


def _upgrade(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of a format-1 match given the ``table`` (0) and ``seating`` columns."""
    if "seating" in df.columns or df.empty:
        return df
    games = df.sort_values("seat").groupby(["deal", "rotation"])["agent_index"]
    text = games.agg(lambda a: ",".join(str(int(i)) for i in a)).rename("seating")
    return df.assign(table=0).join(text, on=["deal", "rotation"])


def _write_atomic(df: pd.DataFrame, target: Path, meta: Mapping[str, Any] | None = None) -> None:
    """Write ``df`` as Parquet to ``target`` atomically
    (:func:`hoyle.envs.core.files.atomic_write`), ``meta`` (the run's kind, id, config hash and
    seed) in the file's metadata; a failed write is a one-line ``RunFolderError``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.Table.from_pandas(df, preserve_index=False)
    if meta is not None:
        text = json.dumps(dict(meta), sort_keys=True).encode()
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), META_KEY: text})
    try:
        atomic_write(target, lambda p: pq.write_table(table, p))
    except OSError as e:
        raise RunFolderError(f"cannot write {target}: {e.strerror or e}") from None


def remove_parts(path: Path, files: Iterable[Path]) -> None:
    """Remove the part ``files`` this run read or wrote, and the parts folder if that empties it
    (anything else in it is not this run's to delete)."""
    for f in files:
        f.unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        (path / PARTS_DIR).rmdir()


def plain_name(raw: str) -> str:
    """``raw`` made a plain run name (:func:`hoyle.experiments.runs.check_name`): ASCII letters,
    digits and ``._=-``, others ``_``; hashed down when it is too long to be a file name."""
    name = "".join(c if (c.isascii() and c.isalnum()) or c in "._=-" else "_" for c in raw)
    if len(name) > runs.MAX_NAME:
        name = f"{name[:80]}-{hashlib.sha1(raw.encode()).hexdigest()[:12]}"
    return name


def default_name(game_text: str, specs: Sequence[str], seed: int) -> str:
    """A run name from the game, agents and seed: ``conquian-heuristic-vs-random-s1``."""
    return plain_name(f"{game_text}-{'-vs-'.join(specs)}-s{seed}")


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
    finish and a stored run of the same plan is resumed (``resume=False`` starts it over);
    ``name`` must be a plain name, and a folder of another run, a file in it that is not this
    run's or a second process on it is refused in one line (module docstring: Storage).
    ``workers > 1`` plays in local processes, ``backend="ray"`` on Ray (``address``: a
    cluster's); the table is the same. ``chunk`` fixes the units (deals of one table) per task
    and per part. ``on_start(run_dir, finished_units)`` is told where the run is stored and how
    many units were already done.
    """
    if deals < 1 or seed < 0:
        raise ValueError(f"need deals >= 1 and seed >= 0; got deals={deals}, seed={seed}")

    def play(path: Path | None) -> pd.DataFrame:
        return _run_tables(spec, params, game_text, plan, deals, seed, kind, path, workers,
                           backend, address, resume, progress, chunk, save_every, on_start)  # fmt: skip

    if out is None:
        return play(None)
    path = Path(out) / runs.check_name(name or default_name(game_text, plan.specs, seed))
    with runs.locked(path):
        return play(path)


def _run_tables(
    spec: GameSpec, params: Mapping[str, Any], game_text: str, plan: Plan, deals: int, seed: int,
    kind: str, path: Path | None, workers: int, backend: str, address: str | None, resume: bool,
    progress: bool, chunk: int | None, save_every: float,
    on_start: Callable[[Path | None, int], None] | None,
) -> pd.DataFrame:  # fmt: skip
    """:func:`run_tables` with its folder (if any) named and locked."""
    from hoyle.experiments.backends import make_backend

    done = to_frame([])
    parts: list[Path] = []
    meta: dict[str, Any] | None = None
    if path is not None:
        config = run_config(spec, params, game_text, plan, deals, seed, kind)

        def read(expect: Mapping[str, Any], legacy: bool,
                 rewrite: Mapping[str, Any] | None) -> tuple[pd.DataFrame, list[Path]]:  # fmt: skip
            return _read_stored(path, plan, seed, expect, legacy, rewrite)

        owner, _, stored = open_run_folder(path, kind, config, resume, read)
        if stored is not None:
            done, parts = stored
        meta = {"kind": kind, "run_id": owner.run_id, "config_hash": owner.config_hash,
                "seed": seed}  # fmt: skip
        write_config(path, config)
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
            target = path / PARTS_DIR / f"deals-{first:07d}-{last:07d}-{tag}.parquet"
            _write_atomic(part, target, meta)
            parts.append(target)

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
        _write_atomic(df, path / RESULTS_FILE, meta)
        remove_parts(path, parts)
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
    sides = spec.seat_sides(full, n)
    specs = [s.strip() for s in agents]
    check_agent_count(spec.short_name, specs, n, sides)
    for s in specs:
        make(s, loaded, 0)  # Refuse a bad spec now, not inside a worker.
    plan = match_plan(specs, players=n, sides=sides)
    return run_tables(spec, full, game_text, plan, deals, seed, kind="match",
                      out=out, name=name, workers=workers, backend=backend, address=address,
                      resume=resume, progress=progress, chunk=chunk, save_every=save_every,
                      on_start=on_start)  # fmt: skip


def game_sides(game: Any) -> Sides | None:
    """The sides of a loaded hoyle game (:meth:`~hoyle.envs.core.registry.GameSpec.seat_sides`
    for its parameters), or ``None``."""
    spec: GameSpec = game.spec
    return spec.seat_sides(spec.resolve(dict(game.get_parameters())), game.num_players())


def check_agent_count(game: str, specs: Sequence[str], players: int, sides: Sides | None) -> None:
    """Refuse, in one line, a match of ``specs`` that does not give one agent per seat, or per
    side in a partnership game (any number plays a one-player game, each alone)."""
    if sides is not None and len(specs) != len(sides):
        raise ValueError(f"{game} is played by {len(sides)} sides ({side_words(sides)}): name "
                         f"one agent per side; got {len(specs)} ({', '.join(specs)})")  # fmt: skip
    if sides is None and len(specs) != players and players != 1:
        raise ValueError(f"{game} is played by {players} players here; got {len(specs)} "
                         f"agents ({', '.join(specs)})")  # fmt: skip


def load_run(path: str | Path) -> tuple[dict[str, Any], pd.DataFrame]:
    """A stored run's config and its finished rows (whole units only), every stored file
    checked to be this run's; anything missing, broken or foreign is a one-line
    :class:`FileFormatError` (or :class:`RunConfigError` for another format)."""
    p = Path(path)
    config = read_config(p)
    if config.get("kind", "match") not in ("match", "tournament"):
        raise RunConfigError(f"{p} holds a {config.get('kind')!r} run, not a match or tournament")
    if config.get("format") != FORMAT:
        raise RunConfigError(f"{p} was written in format {config.get('format')!r}; this hoyle "
                             f"reads format {FORMAT}")  # fmt: skip
    try:
        plan = Plan(tuple(str(a) for a in config["agents"]),
                    tuple(tuple(int(i) for i in t) for t in config["tables"]),
                    str(config["seatings"]), config_sides(config))  # fmt: skip
        seed = int(config["seed"])
        shape = (int(config["players"]), int(config["games_per_table"]))
        seats = all(len(t) == plan.positions and 0 <= i < len(plan.specs)
                    for t in plan.tables for i in t)  # fmt: skip
        if plan.sides is not None:
            seats = seats and len(plan.sides) == plan.positions
        fits = bool(plan.tables) and seats and shape == (plan.players, plan.games_per_unit)
    except (KeyError, TypeError, ValueError) as e:
        why = f"it lacks {e}" if isinstance(e, KeyError) else "a setting has the wrong type"
        raise FileFormatError(f"{p / CONFIG_FILE} is not a run config ({why})") from None
    if not fits:
        raise FileFormatError(f"{p / CONFIG_FILE} is not a run config (its tables, players and "
                              "seatings do not agree)")  # fmt: skip
    kind = str(config.get("kind", "match"))
    digest = runs.config_hash(run_identity(config))
    owner = runs.read_owner(p)
    if owner is not None and (owner.kind != kind or owner.config_hash != digest):
        raise FileFormatError(f"{p / CONFIG_FILE} is not the config of the run that owns {p} "
                              f"(its marker {p / runs.MARKER} says a {owner.kind} of config "
                              f"{owner.config_hash}; the config is a {kind} of "
                              f"{digest})")  # fmt: skip
    expect: dict[str, Any] = {"kind": kind, "config_hash": digest, "seed": seed}
    if owner is not None:
        expect["run_id"] = owner.run_id
    df, _ = _read_stored(p, plan, seed, expect, legacy=owner is None)
    return config, df


__all__ = [
    "Plan", "agent_seed", "check_agent_count", "config_sides", "deal_seed", "game_sides", "hoyle_version",
    "load_run", "match_plan", "paired_difference", "play_deal", "run_match", "run_tables",
    "sample_chance", "seating", "seatings_of", "side_seating", "side_words", "summarize",
]  # fmt: skip
