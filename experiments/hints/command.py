"""``hoyle hints``: run the book-hint experiments of a game and write the report."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path
from typing import Any

from hoyle.experiments.usage import EXIT_INTERRUPTED, UsageError, load_game

DESCRIPTION = """\
Test the book's "Suggestions for Good Play" (RULES.md §2.7 Conquian, §1.9 Cassino). Every
testable hint is an experiment: exact computation, simulation through the game, ablation of the
hint in the heuristic agent (heuristic against heuristic:-<hint> on duplicate deals), or a
stronger agent (ISMCTS) as referee on the positions where the hint changes the move. Each gets
a verdict (supported / refuted / inconclusive) with effect, 95% confidence interval and sample
size. Writes OUT/<game>/report.md (a table of every hint, then a section each, with PNG plots)
and OUT/<game>/summary.csv. Finished experiments are stored and reused: an interrupted run
loses nothing finished, and the same seed gives the same numbers.

Budgets: quick (well under a minute per game: every experiment runs, on samples too small
for most verdicts), medium (300 duplicate deals per ablation, 10 referee positions, for a game
whose full budget takes hours: Authors) and full (what the report is for: 2,500 duplicate deals per ablation, 40
referee positions per hint judged by the game's strong ISMCTS at about one second a move,
1,000 simulated deals; about 40 minutes of CPU for Conquian and 60 for Cassino, half that
with --workers 2 on 2 idle cores, longer on a busy machine)."""


def add_command(subparsers: Any) -> None:
    from hoyle.experiments.hints.framework import BUDGETS, GAME_MODULES

    p = subparsers.add_parser(
        "hints", help="test the book's hints (ablations, referee, simulation), write a report",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    p.add_argument("games", nargs="*", metavar="GAME",
                   help="games to test, as with --game (hoyle hints bagatelle)")  # fmt: skip
    p.add_argument("--game", action="append", metavar="G",
                   help=f"a game with hint experiments ({', '.join(GAME_MODULES)}); repeat for "
                   "several (default: all)")  # fmt: skip
    p.add_argument("--budget", choices=sorted(BUDGETS), default="full",
                   help="quick: seconds per game; medium: 300 deals per ablation; full: ~6 "
                   "(Conquian) to ~20 (Cassino) min on 2 idle cores (default full)")  # fmt: skip
    p.add_argument("--out", default="runs/hints", help="output folder (default runs/hints)")
    p.add_argument("--only", metavar="ID,...",
                   help="only these experiments: full ids, hint names (play-for-tableau) or "
                   "methods (ablation, referee, simulation, exact), comma-separated")  # fmt: skip
    p.add_argument("--seed", type=int, default=0, help="seed of every experiment (default 0)")
    p.add_argument("--workers", type=int, default=0,
                   help="local worker processes; 0 = one per CPU (default 0); the numbers "
                   "do not depend on it")  # fmt: skip
    p.add_argument("--referee", metavar="SPEC",
                   help="the referee agent's spec (default: quick, ismcts:sims=25; full, the "
                   "game's strong search, hoyle.agents.ismcts.REFEREE)")  # fmt: skip
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from hoyle.experiments.hints.framework import (
        BUDGETS,
        GAME_MODULES,
        NO_BOOK_HINTS,
        experiments,
        run_experiments,
    )
    from hoyle.experiments.hints.report import format_table, referees, write_report

    games = [*(args.games or []), *(args.game or [])] or list(GAME_MODULES)
    for g in games:
        if g in NO_BOOK_HINTS:
            raise UsageError(f"the book gives no hints for {g} (RULES.md {NO_BOOK_HINTS[g]}): "
                             "nothing to test; its rules' facts are golden tests in "
                             f"tests/games/test_{g}.py")  # fmt: skip
        if g not in GAME_MODULES:
            raise UsageError(f"no hint experiments for {g!r}; games: {', '.join(GAME_MODULES)}")
    if args.seed < 0:
        raise UsageError("--seed must be at least 0")
    only = [o for o in (args.only or "").split(",") if o.strip()] or None
    for g in games:
        try:
            experiments(g, only)
        except ValueError as e:
            raise UsageError(str(e)) from None
        _check_referee(game_budget(BUDGETS[args.budget], g, args.referee).referee, load_game(g)[1])
    command = _command_line(args, games)
    for g in games:
        t0 = time.perf_counter()
        finished: list[Any] = []

        def keep(e: Any, r: Any, _: bool, f: list[Any] = finished) -> None:
            f.append((e, r))

        budget = game_budget(BUDGETS[args.budget], g, args.referee)
        try:
            done = run_experiments(g, budget, args.seed, args.out, only, args.workers,
                                   progress=not args.quiet,
                                   on_result=keep)  # fmt: skip
        except KeyboardInterrupt:
            if finished:  # A report of what finished, marked partial by its count.
                write_report(g, finished, Path(args.out) / g, command + "  (interrupted)")
            print(f"\ninterrupted; finished experiments are saved under {args.out}/{g} (report "
                  "of those written): run the same command again to resume", file=sys.stderr)  # fmt: skip
            return int(EXIT_INTERRUPTED)
        path = write_report(g, done, Path(args.out) / g, command, time.perf_counter() - t0)
        print(f"{g}: budget {budget.name}, seed {args.seed}, referee {referees(done)}")
        print(format_table(done))
        print(f"report: {path}")
    return 0


def game_budget(budget: Any, game: str, referee: str | None) -> Any:
    """The budget for ``game``: ``--referee`` if given; else the game's own referee for this
    budget, ``REFEREE_SPECS[budget]`` of its hint module (backgammon: gnubg at the budget's
    depth); else, for the full budget, its strong search (``hoyle.agents.ismcts.REFEREE``)."""
    from hoyle.agents.ismcts import REFEREE
    from hoyle.experiments.hints.framework import hint_module

    if referee:
        return dataclasses.replace(budget, referee=referee.strip())
    own = getattr(hint_module(game), "REFEREE_SPECS", {})
    if budget.name in own:
        return dataclasses.replace(budget, referee=own[budget.name])
    if budget.name == "full" and game in REFEREE:
        return dataclasses.replace(budget, referee=REFEREE[game])
    return budget


def _check_referee(spec: str, game: Any) -> None:
    from hoyle.agents import make

    try:
        make(spec, game, 0)
    except ModuleNotFoundError:
        return  # Referee experiments report it and are not stored; the rest runs.
    except ValueError as e:
        raise UsageError(f"--referee: {e}") from None


def _command_line(args: argparse.Namespace, games: list[str]) -> str:
    parts = ["hoyle hints"]
    for g in games:
        parts.append(f"--game {g}")
    parts.append(f"--budget {args.budget}")
    if args.seed:
        parts.append(f"--seed {args.seed}")
    if args.only:
        parts.append(f"--only {args.only}")
    if args.referee:
        parts.append(f"--referee '{args.referee}'")
    return " ".join(parts)
