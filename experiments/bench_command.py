"""``hoyle bench``: the games, the agents and the envs timed beside their references, in one run.

The sections are :mod:`.bench` (random playouts, ``clone``, ``set_from``, beside OpenSpiel's
C++ games), :mod:`.bench_agents` (search and MCCFR beside OpenSpiel's C++ ISMCTS and MCTS),
:mod:`.bench_pimc` (PIMC's worlds per second with the own double-dummy solver and with DDS, in
every game DDS can play) and,
with ``--envs``, :mod:`.bench_envs` (PettingZoo and Gymnasium loops beside PettingZoo's classic
envs and RLCard). A run says up front about how long it will take and, on stderr, what it is
doing and how long is left (:mod:`.bench_progress`); ``--record FILE`` keeps it as JSON and
``--compare FILE`` shows it against a kept one (:mod:`.bench_record`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pyspiel

from hoyle.envs.core.files import FileFormatError
from hoyle.experiments.usage import EXIT_INTERRUPTED, UsageError, load_game


def check_reference(name: str) -> None:
    """A ``--reference`` OpenSpiel cannot load, refused in one line."""
    try:
        pyspiel.load_game(name)
    except pyspiel.SpielError as e:
        known = name.split("(")[0] in pyspiel.registered_names()
        why = str(e).splitlines()[0] if known else ""
        why = why or "no such OpenSpiel game (see pyspiel.registered_names())"
        raise UsageError(f"cannot load reference game {name!r}: {why}") from None


def check_record_target(path: str) -> Path:
    """The ``--record`` file, refused up front (before minutes of timing) if it exists or its
    folder does not: a record another run wrote is never replaced."""
    target = Path(path)
    if target.exists():
        raise UsageError(f"--record {path}: the file exists; a record is never overwritten, "
                         "name a new file")  # fmt: skip
    if not target.parent.is_dir():
        raise UsageError(f"--record {path}: no folder {str(target.parent)!r}")
    return target


def check_args(args: argparse.Namespace) -> None:
    if args.rounds < 1 or args.seconds <= 0:
        raise UsageError("--rounds must be at least 1 and --seconds positive")
    if args.agent_seconds <= 0 or args.env_seconds <= 0:
        raise UsageError("--agent-seconds and --env-seconds must be positive")
    args.pimc_sizes = pimc_sizes(args.pimc_sizes)
    if args.profile and (args.record or args.compare or args.envs or args.baseline):
        raise UsageError("--profile shows where playout time goes and nothing else: it does not "
                         "combine with --envs, --baseline, --record or --compare")  # fmt: skip


def pimc_sizes(text: str | tuple[int, ...]) -> tuple[int, ...]:
    """``--pimc-sizes``: cards a hand, comma-separated, each 1 to 13."""
    if isinstance(text, tuple):
        return text
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        sizes = ()
    if not sizes or any(not 1 <= n <= 13 for n in sizes):
        raise UsageError(f"--pimc-sizes {text}: give cards a hand, 1 to 13, comma-separated "
                         "(e.g. 13,8,5)")  # fmt: skip
    return tuple(dict.fromkeys(sizes))


def settings(args: argparse.Namespace, names: list[str]) -> dict[str, Any]:
    """The options a record keeps, so that a later run can be made the same way."""
    keep = ("seconds", "rounds", "seed", "reference", "agents", "agent_seconds",
            "agent_reference", "pimc_sizes", "envs", "env_seconds")  # fmt: skip
    return {"games": names, **{k: getattr(args, k) for k in keep}}


def cmd_bench(args: argparse.Namespace) -> int:
    from hoyle.envs import GAMES
    from hoyle.experiments import bench, bench_agents, bench_envs, bench_pimc
    from hoyle.experiments.bench_progress import Progress, clock
    from hoyle.experiments.bench_record import (
        comparison,
        format_comparison,
        make_record,
        read_record,
    )

    check_args(args)
    names = args.games or sorted(GAMES)
    games = [load_game(g)[1] for g in names]
    for name in (args.reference, args.agent_reference):
        if name is not None:
            check_reference(name)
    target = check_record_target(args.record) if args.record else None
    try:
        then = read_record(args.compare) if args.compare else None
    except FileFormatError as e:
        raise UsageError(str(e)) from None
    if args.profile:
        for game in games:
            print(bench.profile_game(game, args.seconds, args.seed), end="\n\n")
        return 0

    plan = bench.planned_seconds(games, args.seconds, args.reference, args.baseline is not None)
    pimc_games = [g for g in games if bench_pimc.dds_applies(g, args.seed)] if args.agents else []
    if args.agents:
        plan += bench_agents.planned_seconds(games, args.agent_seconds, args.agent_reference)
        plan += bench_pimc.planned_seconds(pimc_games, args.agent_seconds, args.pimc_sizes)
    if args.envs:
        plan += bench_envs.planned_seconds(games, args.env_seconds)
    stream = None if args.quiet else sys.stderr
    if stream is not None:
        parts = ["games", *(["agents"] if args.agents else []), *(["envs"] if args.envs else [])]
        print(f"hoyle bench: {len(games)} game{'s' if len(games) != 1 else ''} "
              f"({', '.join(parts)}); about {clock(plan)} of timing, plus set-up "
              "(--seconds, --agent-seconds, --env-seconds and --no-agents set it)",
              file=stream)  # fmt: skip
    progress = Progress(plan, stream)
    sections: dict[str, list[dict[str, Any]]] = {"games": [], "floor": [], "agents": [],
                                                 "pimc": [], "envs": []}  # fmt: skip
    try:
        if args.baseline is not None:
            with bench.Baseline(args.baseline) as old:
                sections["games"] = bench.run_bench(games, args.seconds, args.seed,
                                                    args.reference, args.rounds, old,
                                                    progress)  # fmt: skip
        else:
            sections["games"] = bench.run_bench(games, args.seconds, args.seed, args.reference,
                                                args.rounds, progress=progress)  # fmt: skip
        sections["floor"] = [bench.run_floor(args.seconds, args.seed, args.rounds, progress)]
        if args.agents:
            sections["agents"] = bench_agents.run_agent_bench(
                games, args.agent_seconds, args.seed, args.agent_reference, progress
            )
            sections["pimc"] = bench_pimc.run_pimc_bench(
                pimc_games, args.agent_seconds, args.seed, args.pimc_sizes, progress
            )
        if args.envs:
            sections["envs"] = bench_envs.run_env_bench(games, args.env_seconds, args.seed,
                                                        args.rounds, progress)  # fmt: skip
    except KeyboardInterrupt:
        progress.close("bench interrupted")
        print("interrupted: nothing was recorded", file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    record = make_record(settings(args, names), sections)
    if target is not None:
        from hoyle.envs.core.files import write_new_json

        try:
            write_new_json(target, record)
        except FileExistsError:
            raise UsageError(f"--record {args.record}: another process wrote the file while "
                             "the bench ran; it is left as it is") from None  # fmt: skip
    compared = comparison(record, then) if then is not None else None
    if args.json:
        out = {k: record[k] for k in ("games", "floor", "agents", "pimc", "envs")}
        if compared is not None:
            out["comparison"] = compared
        print(json.dumps(out, indent=2, allow_nan=False))
    else:
        print(bench.format_bench(record["games"]))
        for floor in record["floor"]:
            print(bench.format_floor(floor, record["games"]))
        if record["agents"]:
            print()
            print(bench_agents.format_agent_bench(record["agents"]))
        if args.agents:
            print()
            print(bench_pimc.format_pimc_bench(record["pimc"]))
        if record["envs"]:
            print()
            print(bench_envs.format_env_bench(record["envs"]))
        if then is not None and compared is not None:
            print()
            print(format_comparison(compared, then, args.compare))
    if target is not None:
        print(f"recorded in {target} (compare a later run with: hoyle bench --compare {target})",
              file=sys.stderr)  # fmt: skip
    return 0


def add_command(subparsers: Any) -> None:
    """Add ``hoyle bench`` to the ``hoyle`` command line."""
    b = subparsers.add_parser(
        "bench", help="time the games, agents and envs beside OpenSpiel, PettingZoo and RLCard",
        description="Random-playout steps/s and games/s, clone() and observer set_from per "
        "call for each game, beside OpenSpiel's C++ reference game timed by the same loop; "
        "then the search and MCCFR agents beside OpenSpiel's C++ ISMCTS and MCTS; with --envs, "
        "the PettingZoo and Gymnasium env loops beside PettingZoo's classic envs and RLCard. "
        "Every row has its ratio to its reference, and the table says which way is better. "
        "Progress and the time left go to stderr (--quiet hides them).",
        epilog="Example: hoyle bench conquian five_hundred --envs --record before.json, then "
        "after a change: hoyle bench conquian five_hundred --envs --compare before.json",
    )  # fmt: skip
    b.add_argument("games", nargs="*", help="game strings (default: every registered game)")
    b.add_argument("--seconds", type=float, default=3.0,
                   help="playout time per game, over all rounds; clone and set_from get a "
                   "quarter as much each (default 3)")  # fmt: skip
    b.add_argument("--rounds", type=int, default=3,
                   help="rounds the time is split into, visiting every game (and env loop) in "
                   "turn; the best round counts (default 3)")  # fmt: skip
    b.add_argument("--seed", type=int, default=0, help="seed of the playouts (default 0)")
    b.add_argument("--reference", default=None,
                   help="OpenSpiel game to compare every game with (default: each game's "
                   "own: gin_rummy for Conquian and Cassino, skat or euchre for the trick "
                   "games, bridge for Vint and Auction Bridge, backgammon for backgammon, 2048 "
                   "for the patiences)")  # fmt: skip
    b.add_argument("--profile", action="store_true",
                   help="instead, show where each game's random-playout time goes (cProfile, "
                   "the functions with the most own time)")  # fmt: skip
    b.add_argument("--agents", action=argparse.BooleanOptionalAction, default=True,
                   help="also time the agents: ISMCTS and MCTS simulations/s, MCCFR "
                   "iterations/s, beside OpenSpiel's C++ ISMCTS and MCTS (default; "
                   "--no-agents skips them), and PIMC's worlds/s with the own double-dummy "
                   "solver and with DDS in every game DDS can play")  # fmt: skip
    b.add_argument("--agent-seconds", type=float, default=2.0,
                   help="time per agent measurement (default 2)")  # fmt: skip
    b.add_argument("--agent-reference", default=None,
                   help="C++ game for OpenSpiel's ISMCTS, for every game with hidden cards "
                   "(default: each game's own: gin_rummy for Conquian and Cassino, euchre for "
                   "the four-handed trick games, bridge for Vint and Auction Bridge, hearts for "
                   "the three-handed ones)")  # fmt: skip
    b.add_argument("--pimc-sizes", default="13,8,5", metavar="N,N",
                   help="cards a hand of the positions where PIMC's worlds/s are timed, own "
                   "solver and DDS (default 13,8,5: the first lead, then later in the play)")  # fmt: skip
    b.add_argument("--envs", action="store_true",
                   help="also time the env loops: hoyle's PettingZoo AEC and Gymnasium envs "
                   "beside PettingZoo's classic hold'em envs and RLCard's gin-rummy and bridge "
                   "(those need the bench extra: pip install 'hoyle[bench]')")  # fmt: skip
    b.add_argument("--env-seconds", type=float, default=1.5,
                   help="CPU time per env loop, over all rounds (default 1.5)")  # fmt: skip
    b.add_argument("--baseline", default=None, metavar="DIR",
                   help="also time each game in another checkout of hoyle, e.g. a worktree "
                   "of an older commit (git worktree add /tmp/old <commit>), in the same "
                   "rounds by the same loops, and show the ratios")  # fmt: skip
    b.add_argument("--record", metavar="FILE",
                   help="keep this run as JSON in FILE, a new file (with the machine, the "
                   "versions and the options), for a later --compare")  # fmt: skip
    b.add_argument("--compare", metavar="FILE",
                   help="show this run against a record of an earlier one: speed now over "
                   "speed then for every row and number both have")  # fmt: skip
    b.add_argument("--quiet", action="store_true", help="no progress on stderr")
    b.add_argument("--json", action="store_true", help="print JSON instead of tables")
    b.set_defaults(func=cmd_bench)
