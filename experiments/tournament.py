"""Tournaments: every table of agents, in every seat order, on the same duplicate deals.

``hoyle tournament conquian --agents random,heuristic,heuristic:-go-out --deals 200`` plays
every pairing of the three agents (for a game of ``n`` players, every table of ``n`` of them:
``itertools.combinations`` of the agent list), each table in every seat order (both orders for
two players; ``n!`` for ``n``; ``--seatings rotations`` plays only the ``n`` rotations), on the
same ``--deals`` deals: deal ``d`` deals the same cards at every table and in every seat order.
It is the duplicate-deal engine of :mod:`hoyle.experiments.match` with a larger plan — a match
is a tournament of one table played in rotations — so seeds, storage, resume, worker processes
and the Ray backend are the same code:

- rows (one per deal, table, seat order and seat) are saved in ``runs/<name>/`` as games finish,
  and the same command resumes an interrupted run, replaying nothing finished;
- a game's rows depend only on the seed, so ``--workers K`` and ``--backend ray`` give the same
  table as one process;
- the run folder is owned as a match's is (:mod:`hoyle.experiments.match`, Storage): a plain
  ``--name`` under ``--out``, another run's folder, a file that is not this run's, a corrupt
  file or a second process on the run are refused in one line, and nothing foreign is deleted;
- at the end, and with ``--report runs/<name>`` from the stored rows alone, the summary of
  :mod:`hoyle.experiments.report` is printed and written beside the rows (leaderboard in
  Markdown and CSV, head-to-head, seat effects, plots).

To seat one agent twice at a table (a 3-player game with two agents), name it twice:
``--agents heuristic,random,random``.

A partnership game (its spec declares ``sides``: Vint, four-hand partnership Cassino) is played
by sides: a table is one agent per side, each in every seat of its side, so partners are one
agent and never paired against each other; the seat orders exchange the sides' seats, and the
summary rates and compares sides (:func:`hoyle.experiments.stats.by_side`).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from hoyle.agents import make
from hoyle.envs.core.registry import Sides
from hoyle.experiments.match import (
    SAVE_EVERY,
    SEATINGS,
    Plan,
    default_name,
    resolve_game,
    run_tables,
)
from hoyle.experiments.runs import sigterm_as_interrupt
from hoyle.experiments.usage import EXIT_INTERRUPTED, UsageError, check_agents, load_game


def tournament_plan(
    specs: Sequence[str], num_players: int, seatings: str = "permutations",
    sides: Sides | None = None,
) -> Plan:  # fmt: skip
    """Every table of ``num_players`` of the agents (in list order), played in ``seatings``;
    in a partnership game (``sides``), every table of one agent per side.

    >>> plan = tournament_plan(["a", "b", "c"], 2)
    >>> plan.tables, plan.games_per_unit
    (((0, 1), (0, 2), (1, 2)), 2)
    >>> tournament_plan(["a", "b", "c"], 4, sides=((0, 2), (1, 3))).tables
    ((0, 1), (0, 2), (1, 2))
    """
    if seatings not in SEATINGS:
        raise ValueError(f"unknown seatings {seatings!r}; choose one of: {', '.join(SEATINGS)}")
    size = num_players if sides is None else len(sides)
    if len(specs) < size:
        who = f"{num_players}-player game" if sides is None else f"game of {size} sides"
        raise ValueError(
            f"a tournament of a {who} needs at least {size} agents; "
            f"got {len(specs)} ({', '.join(specs)}): name an agent twice to seat it twice"
        )
    return Plan(tuple(specs), tuple(itertools.combinations(range(len(specs)), size)),
                seatings, sides)  # fmt: skip


def tournament_name(game_text: str, specs: Sequence[str], seed: int) -> str:
    """The default run name: ``conquian-random-vs-heuristic-s1``, or for long agent lists
    ``conquian-7-agents-<hash>-s1``."""
    name: str = default_name(game_text, specs, seed)
    if len(name) <= 80:
        return name
    digest = hashlib.sha1("\n".join(specs).encode()).hexdigest()[:8]
    short: str = default_name(game_text, [f"{len(specs)}-agents-{digest}"], seed)
    return short


def run_tournament(
    game: str | Any,
    agents: Sequence[str],
    deals: int,
    seed: int = 0,
    *,
    params: Mapping[str, Any] | None = None,
    seatings: str = "permutations",
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
    """Play a tournament; the result table (:data:`hoyle.experiments.match.COLUMNS`).

    ``game`` is a game string or a loaded hoyle game, ``agents`` the specs. With ``out`` the
    rows go to ``<out>/<name>/`` as they finish, and a stored run of the same tournament is
    resumed (``resume=False`` starts it over). ``workers`` local processes, or
    ``backend="ray"`` (``address``: a running cluster; without, a local Ray with ``workers``
    CPUs). ``on_start(run_dir, finished_units)``: units are deals of one table.
    """
    spec, full, game_text, loaded = resolve_game(game, params)
    specs = [s.strip() for s in agents]
    sides = spec.seat_sides(full, loaded.num_players())
    plan = tournament_plan(specs, loaded.num_players(), seatings, sides)
    for s in specs:
        make(s, loaded, 0)  # Refuse a bad spec now, not inside a worker.
    return run_tables(spec, full, game_text, plan, deals, seed, kind="tournament", out=out,
                      name=name or tournament_name(game_text, specs, seed), workers=workers,
                      backend=backend, address=address, resume=resume, progress=progress,
                      chunk=chunk, save_every=save_every, on_start=on_start)  # fmt: skip


# --- hoyle tournament --------------------------------------------------------------------------
def add_command(subparsers: Any) -> None:
    """Add ``hoyle tournament`` to the ``hoyle`` command line."""
    t = subparsers.add_parser(
        "tournament", help="every pairing (or table) of agents on duplicate deals, with ratings",
        description="Play every pairing of the agents (every table of n agents for an n-player "
        "game; in a partnership game, one agent per side), each in every seat order, on the "
        "same duplicate deals. Rows go to "
        "OUT/NAME/ as games finish and the same command resumes an interrupted run; the "
        "summary (leaderboard with 95% intervals and ratings, head-to-head, seat effects, "
        "plots) is printed and written beside them. --report OUT/NAME remakes the summary of "
        "a stored run without playing.",
        epilog="Example: hoyle tournament conquian --agents random,heuristic,"
        "heuristic:-go-out --deals 200 --workers 2",
    )  # fmt: skip
    t.add_argument("game", nargs="?", help="game string, e.g. conquian or 'cassino(players=3)'")
    t.add_argument("--agents", metavar="A,B,C[,...]",
                   help="agent specs, comma-separated; a spec's own options may follow it: "
                   "ismcts:sims=200,rollout=heuristic,heuristic:-go-out,random")  # fmt: skip
    t.add_argument("--deals", type=int, help="number of duplicate deals")
    t.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    t.add_argument("--name", help="run name, a plain name: the run lives in OUT/NAME "
                   "(default: from game, agents and seed)")  # fmt: skip
    t.add_argument("--out", default="runs", help="runs folder (default: runs)")
    t.add_argument("--seatings", choices=SEATINGS, default="permutations",
                   help="seat orders of each table: every permutation (default) or only the n "
                   "rotations (fewer games for 3-4 players)")  # fmt: skip
    t.add_argument("--workers", type=int,
                   help="local worker processes (default 1), or the CPUs of a Ray started here "
                   "(default: every CPU); 0 = one per CPU")  # fmt: skip
    t.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where games are played: local processes (default) or Ray")  # fmt: skip
    t.add_argument("--address", help="address of a running Ray cluster (with --backend ray; "
                   "default: start Ray on this machine)")  # fmt: skip
    t.add_argument("--resume", action=argparse.BooleanOptionalAction, default=True,
                   help="resume a stored run of the same tournament (default); --no-resume "
                   "starts it over (only a run of the same settings)")  # fmt: skip
    t.add_argument("--save-every", type=float, default=SAVE_EVERY, metavar="SECONDS",
                   help=f"write finished games to disk at least this often (default "
                   f"{SAVE_EVERY:g}; a hard kill loses at most this much play)")  # fmt: skip
    t.add_argument(
        "--report",
        metavar="RUN_DIR",
        help="remake the summary of a stored run (its folder) without playing",
    )
    t.add_argument(
        "--bootstrap",
        type=int,
        default=1000,
        help="bootstrap resamples of deals for the rating intervals (default 1000)",
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(func=run)


def _summarize(run_dir: Path, bootstrap: int) -> int:
    """Print the summary of the stored run ``run_dir`` and write its files there (under the
    run's lock: not while another process writes the run). A missing, broken or foreign stored
    run is a one-line :class:`~hoyle.experiments.usage.UsageError`."""
    from hoyle.envs.core.errors import HoyleError
    from hoyle.experiments.match import CONFIG_FILE, load_run
    from hoyle.experiments.report import build_report, format_report, write_report
    from hoyle.experiments.runs import locked

    if not (run_dir / CONFIG_FILE).is_file():
        raise UsageError(f"{run_dir} holds no run (no {CONFIG_FILE})")
    try:
        with locked(run_dir):
            config, df = load_run(run_dir)
            report = build_report(config, df, bootstrap=bootstrap)
            text = format_report(report)
            files = write_report(report, run_dir)
    except (HoyleError, ValueError) as e:
        raise UsageError(f"cannot summarize {run_dir}: {e}") from None
    except OSError as e:
        raise UsageError(f"cannot write the summary in {run_dir}: {e.strerror or e}") from None
    print(text)
    print(f"Wrote {', '.join(f.name for f in files)} in {run_dir}")
    return 0


def run(args: argparse.Namespace) -> int:
    """``hoyle tournament``: the exit status."""
    from hoyle.envs.core.errors import HoyleError
    from hoyle.experiments.backends import BackendUnavailable, import_ray
    from hoyle.experiments.match import game_sides, side_words, split_agents

    if args.bootstrap < 1:
        raise UsageError("--bootstrap must be at least 1")
    if args.report:
        return _summarize(Path(args.report), args.bootstrap)
    missing = [o for o, v in (("GAME", args.game), ("--agents", args.agents),
                              ("--deals", args.deals)) if v is None]  # fmt: skip
    if missing:
        raise UsageError(f"give {', '.join(missing)} (or --report RUN_DIR)")
    _, game = load_game(args.game)
    specs = split_agents(args.agents)
    n = game.num_players()
    sides = game_sides(game)
    if sides is not None and len(specs) < len(sides):
        raise UsageError(f"{args.game} is played by {len(sides)} sides ({side_words(sides)}); "
                         f"--agents names {len(specs)}: name at least one per side (each "
                         "agent plays a whole side)")  # fmt: skip
    if sides is None and len(specs) < n:
        raise UsageError(f"{args.game} has {n} players; --agents names {len(specs)}: name at "
                         "least as many (an agent twice to seat it twice)")  # fmt: skip
    check_agents(specs, game)
    if args.deals < 1 or args.seed < 0:
        raise UsageError("--deals must be at least 1 and --seed at least 0")
    workers = args.workers if args.workers is not None else 0 if args.backend == "ray" else 1
    if workers < 0:
        raise UsageError("--workers must be at least 0")
    if args.address and args.backend != "ray":
        raise UsageError("--address needs --backend ray")
    if args.backend == "ray":
        try:
            import_ray()
        except BackendUnavailable as e:
            raise UsageError(str(e)) from None
    where: dict[str, Any] = {}

    def started(path: Path | None, finished: int) -> None:
        where["path"] = path
        if finished:
            print(f"resuming {path}: {finished} table-deals already played", file=sys.stderr)

    try:
        with sigterm_as_interrupt():
            run_tournament(args.game, specs, args.deals, args.seed, seatings=args.seatings,
                           out=args.out, name=args.name, workers=workers,
                           backend=args.backend, address=args.address, resume=args.resume,
                           progress=not args.quiet, save_every=args.save_every,
                           on_start=started)  # fmt: skip
    except (HoyleError, BackendUnavailable) as e:  # A stored run or a folder in the way.
        raise UsageError(str(e)) from None
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished games are saved in {where.get('path')}: run the same "
              "command again to resume", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    return _summarize(where["path"], args.bootstrap)
