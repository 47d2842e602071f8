"""The ``hoyle`` command line: list the games, play one, run a duplicate match, benchmark.

A game is named by its short name, with parameters if wanted: ``conquian``,
``"cassino(players=3)"``. Agents are spec strings (``random``, ``heuristic``,
``heuristic:-play-for-tableau``). A bad game, parameter or agent is reported in one line with
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hoyle.envs.core import plugins
from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.registry import GameSpec
from hoyle.experiments.usage import (  # re-exported: callers import them from cli too
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    UsageError,
    check_agents,
    load_game,
)

__all__ = ["EXIT_INTERRUPTED", "EXIT_USAGE", "UsageError", "check_agents", "load_game", "main"]


# --- hoyle games -------------------------------------------------------------------------------
def game_record(spec: GameSpec) -> dict[str, Any]:
    """What ``hoyle games`` says about one game."""
    params = {
        k: {"default": p.default, "doc": p.doc, "choices": list(p.choices or []) or None,
            "range": [p.low, p.high] if (p.low, p.high) != (None, None) else None}
        for k, p in spec.params.items()
    }  # fmt: skip
    return {
        "name": spec.short_name, "openspiel": spec.spiel_name, "title": spec.title,
        "min_players": spec.min_players, "max_players": spec.max_players, "book": spec.book,
        "section": spec.section, "params": params,
        "variants": {k: dict(v) for k, v in spec.variants.items()}, "summary": spec.summary,
    }  # fmt: skip


def cmd_games(args: argparse.Namespace) -> int:
    from hoyle.envs import GAMES

    records = [game_record(GAMES[k]) for k in sorted(GAMES)]
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False))
        return 0
    if not records:
        print("No games are registered.")
        return 0
    head = f"{'name':<16} {'OpenSpiel name':<22} {'title':<22} {'players':<8} source"
    print(head)
    print("-" * len(head))
    for r in records:
        lo, hi = r["min_players"], r["max_players"]
        players = str(lo) if lo == hi else f"{lo}–{hi}"
        source = f"{r['book']}, {r['section']}"
        print(f"{r['name']:<16} {r['openspiel']:<22} {r['title']:<22} {players:<8} {source}")
        for k, p in r["params"].items():
            choices = f" ({' | '.join(map(str, p['choices']))})" if p["choices"] else ""
            ends = ["..." if b is None else str(b) for b in p["range"] or ()]
            span = f" ({' to '.join(ends)})" if ends else ""
            print(f"{'':<4}{k}={p['default']}{choices}{span}: {p['doc']}")
        for k, v in r["variants"].items():
            print(f"{'':<4}variant {k}: " + ", ".join(f"{a}={b}" for a, b in v.items()))
    return 0


# --- hoyle play --------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    """Play one game; exit 0 when it ends or the human types ``quit``, 130 on Ctrl-C, 1 on
    Ctrl-D (the input ended before the game: a script that ran out of moves fails) or when an
    agent fails, 2 for a bad command line.

    The seed tells every hidden card, so it is never printed: by default a fresh 64-bit one
    from :mod:`secrets`; ``--seed`` replays a game (and says so on stderr), for reproduction,
    not fair play."""
    from hoyle.experiments.play import AgentFailed, play_human

    _, game = load_game(args.game)
    n = game.num_players()
    vs = args.vs or ["random"]
    if len(vs) == 1:
        vs = vs * (n - 1)
    if len(vs) != n - 1:
        many = f"{n - 1} --vs agents (or one for all)" if n > 2 else "one --vs agent"
        raise UsageError(f"{args.game} has {n} players: give {many}")
    if not 0 <= args.seat < n:
        raise UsageError(f"--seat must be 0 to {n - 1}")
    check_agents(vs, game)
    if args.seed is not None and args.seed < 0:
        raise UsageError("--seed must be at least 0")
    if args.seed is None:
        seed = secrets.randbits(64)
    else:
        seed = args.seed
        print("hoyle play: a game with --seed is reproducible from it: whoever knows the seed "
              "knows every card (for replays, not fair play)", file=sys.stderr)  # fmt: skip
    try:
        play_human(game, vs, seat=args.seat, seed=seed)
    except AgentFailed as e:
        print(f"hoyle play: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nhoyle play: interrupted; game abandoned", file=sys.stderr)
        return EXIT_INTERRUPTED
    except EOFError:
        print("\nhoyle play: stopped (end of input); game abandoned", file=sys.stderr)
        return EXIT_FAILED
    return 0


# --- hoyle match -------------------------------------------------------------------------------
def cmd_match(args: argparse.Namespace) -> int:
    from hoyle.experiments.match import game_sides, run_match, side_words, split_agents
    from hoyle.experiments.stats import by_side, format_summary, paired_difference, summarize

    _, game = load_game(args.game)
    sides = game_sides(game)  # A partnership game: one agent per side, both its seats.
    specs = split_agents(args.agents)
    field = sides is None and len(specs) == 2 and game.num_players() > 2
    if field:
        # One agent against the field: the second fills every other seat.
        specs = [specs[0]] + [specs[1]] * (game.num_players() - 1)
    solo = game.num_players() == 1  # A patience: every agent plays each deal alone.
    if sides is not None and len(specs) != len(sides):
        raise UsageError(
            f"{args.game} is played by {len(sides)} sides ({side_words(sides)}); --agents names "
            f"{len(specs)}: name one per side (each plays both seats of its side)"
        )
    if sides is None and len(specs) != game.num_players() and not solo:
        raise UsageError(
            f"{args.game} has {game.num_players()} players; --agents names {len(specs)} "
            "(name one per seat, or two: the first against copies of the second)"
        )
    check_agents(specs, game)
    labels = match_labels(args.label or [], specs)
    if args.deals < 1 or args.seed < 0:
        raise UsageError("--deals must be at least 1 and --seed at least 0")
    where: dict[str, Any] = {}

    def started(path: Path | None, finished: int) -> None:
        where["path"] = path
        if finished:
            print(f"resuming {path}: {finished} of {args.deals} deals already played",
                  file=sys.stderr)  # fmt: skip

    from hoyle.experiments.runs import sigterm_as_interrupt

    try:
        with sigterm_as_interrupt():
            df = run_match(args.game, specs, args.deals, args.seed, out=args.out,
                           name=args.name, workers=args.workers, resume=args.resume,
                           progress=not args.quiet, on_start=started)  # fmt: skip
    except HoyleError as e:  # A stored run or a run folder in the way: one line.
        raise UsageError(str(e)) from None
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished deals are saved in {where.get('path')}: "
              "run the same command again to resume", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    n = game.num_players() if sides is None else len(sides)
    by = "" if sides is None else f" by side ({side_words(sides)}, exchanged)"
    named = (f"{labels[s]} ({s})" if s in labels else s for s in specs)
    print(f"{args.game}: {', '.join(named)}{by}; {args.deals} deals × {n} seating"
          f"{'s' if n > 1 else ''}; seed {args.seed}; results in {where['path']}")  # fmt: skip
    df = by_side(df, sides)
    df = df.assign(agent=df["agent"].map(lambda a: shown_label(a, labels)))
    if field:
        # The copies of the field agent are one agent: pooled over their seats in each deal.
        field_name = f"{labels.get(specs[1], specs[1])} (field)"
        df = df.assign(agent=df["agent"].where(df["agent_index"] == 0, field_name),
                       agent_index=df["agent_index"].clip(upper=1))  # fmt: skip
    summary = summarize(df)
    print(format_summary(summary, results=not solo))
    agents = list(summary.index)
    for i, a in enumerate(agents):
        for b in agents[i + 1 :]:
            m, lo, hi, k = paired_difference(df, a, b)
            print(f"{a} − {b}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}] over {k} deals")
    if solo:
        print("Intervals: 95% Student-t on each agent's mean score per deal (every agent plays "
              "the same deals: differences are paired by deal).")  # fmt: skip
    else:
        print("Intervals: 95% Student-t on each agent's mean return per deal over its seatings "
              "(paired by duplicate deal).")  # fmt: skip
    if sides is not None:
        print("By side: each agent plays both seats of its side, each deal at two tables with "
              "the sides' seats exchanged; a side counts once per game (its return, the "
              "partners' equal one; W/D/L between the sides).")  # fmt: skip
    return 0


def match_labels(given: Sequence[str], specs: Sequence[str]) -> dict[str, str]:
    """``--label NAME=SPEC`` as ``{spec: name}``: the name a match's tables show for the agent
    ``spec`` of ``--agents`` (the stored rows keep the spec, which is the run's identity)."""
    labels: dict[str, str] = {}
    for item in given:
        name, sep, spec = item.partition("=")
        name, spec = name.strip(), spec.strip()
        if not sep or not name or not spec:
            raise UsageError(
                f"--label {item!r}: write NAME=SPEC, e.g. --label mccfr=mccfr:policy=conquian-abstract"
            )
        if spec not in specs:
            raise UsageError(
                f"--label {item!r}: {spec!r} is not one of --agents ({', '.join(dict.fromkeys(specs))})"
            )
        if spec in labels:
            raise UsageError(f"--label: {spec!r} is labelled twice")
        labels[spec] = name
    shown = [labels.get(s, s) for s in dict.fromkeys(specs)]
    if len(set(shown)) < len(shown):
        raise UsageError(f"--label: two agents would show as one ({', '.join(shown)})")
    return labels


def shown_label(agent: str, labels: dict[str, str]) -> str:
    """The name a match's tables show for the row label ``agent``: a spec, or a spec with the
    ``#k`` that tells copies of one spec apart."""
    spec, sep, copy = agent.rpartition("#")
    if sep and spec in labels and copy.isdigit():
        return f"{labels[spec]}#{copy}"
    return labels.get(agent, agent)


COMMAND_GROUP = "hoyle.commands"
"""The entry points (:mod:`hoyle.envs.core.plugins`) of the commands that live in modules of their
own: each names an ``add_command(subparsers)``, which adds its parser with
``set_defaults(func=...)``; the function returns the exit status and raises
:class:`UsageError` for a bad command line. They import what they need lazily, and a package
of one's own adds a ``hoyle`` verb by declaring an entry in the same group."""


# --- the parser --------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    from hoyle.experiments.match import hoyle_version

    p = argparse.ArgumentParser(
        prog="hoyle",
        description="Games of Foster's Complete Hoyle and Hoyle's Games Modernized, for AI "
        "research: list them, play them, pit agents against each other, time them.",
        epilog="Games are named like conquian or 'cassino(players=3)'; agents like random, "
        "heuristic, heuristic:-<hint>. Run 'hoyle <command> --help' for a command's options.",
    )
    p.add_argument("--version", action="version", version=f"hoyle {hoyle_version()}")
    sub = p.add_subparsers(dest="command", metavar="command", required=True)

    g = sub.add_parser("games", help="list the registered games and their parameters",
                       description="List the registered games: names, players, source in the "
                       "books, parameters (default and choices) and variants.")  # fmt: skip
    g.add_argument("--json", action="store_true", help="print JSON instead of a table")
    g.set_defaults(func=cmd_games)

    pl = sub.add_parser("play", help="play a game in the terminal against agents",
                        description="Play against agents, seeing only your own view. Answer "
                        "with a move's number or name (a unique prefix will do); '?' shows "
                        "the moves again, 'quit' leaves (exit 0), Ctrl-D stops (exit 1), "
                        "Ctrl-C interrupts (exit 130). Cards may be typed in ASCII (h7, 7h, "
                        "H.7, 10h, Th); a move that is the only one is played for you. Each game is dealt from a fresh secret seed, never "
                        "shown.")  # fmt: skip
    pl.add_argument("game", help="game string, e.g. conquian or 'cassino(players=3)'")
    pl.add_argument("--vs", action="extend", nargs="+", metavar="SPEC",
                    help="opponents' agent specs, one per other seat or one for all "
                    "(default: random)")  # fmt: skip
    pl.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    pl.add_argument("--seed", type=int,
                    help="seed of the deal and the agents, to reproduce a game: whoever knows "
                    "it knows every hidden card, so not for fair play (default: a fresh secret "
                    "64-bit seed, never shown)")  # fmt: skip
    pl.set_defaults(func=cmd_play)

    m = sub.add_parser("match", help="duplicate-deal match between agents",
                       description="Play N deals, each replayed with the seats rotated so every "
                       "agent plays every seat on every deal (in a partnership game, such "
                       "as vint, each agent plays a whole side and each deal is replayed with "
                       "the sides' seats exchanged). Rows go to "
                       "OUT/NAME/results.parquet as deals finish; the same command resumes "
                       "an interrupted run.")  # fmt: skip
    m.add_argument("game", help="game string, e.g. conquian or 'cassino(players=3)'")
    m.add_argument("--agents", required=True, metavar="A,B[,...]",
                   help="one agent spec per seat, comma-separated; a spec's own options may "
                   "follow it: heuristic:-play-for-tableau,-hint2,random. With more than two "
                   "players, two specs A,B mean A against copies of B in the other seats; "
                   "in a partnership game, one spec per side")  # fmt: skip
    m.add_argument("--label", action="append", metavar="NAME=SPEC",
                   help="show the agent SPEC of --agents as NAME in the tables (repeatable); "
                   "the run's files keep the spec")  # fmt: skip
    m.add_argument("--deals", type=int, required=True, help="number of deals")
    m.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    m.add_argument("--name", help="run name, a plain name: the run lives in OUT/NAME "
                   "(default: from game, agents and seed)")  # fmt: skip
    m.add_argument("--out", default="runs", help="runs folder (default: runs)")
    m.add_argument("--workers", type=int, default=1,
                   help="local worker processes; 0 = one per CPU (default 1)")  # fmt: skip
    m.add_argument("--resume", action=argparse.BooleanOptionalAction, default=True,
                   help="resume a stored run of the same match (default); --no-resume "
                   "starts it over (only a run of the same settings: another run's folder is "
                   "never deleted)")  # fmt: skip
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    m.set_defaults(func=cmd_match)

    for name in plugins.names(COMMAND_GROUP):
        plugins.load(COMMAND_GROUP, name)(sub)
    return p


EXIT_FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``hoyle``; the exit status: 0 ok, 2 a user mistake (a bad command line, game,
    agent or file), 1 the machine refused (a file cannot be written: disk full, no
    permission), 130 interrupted. Each failure is one line on stderr, never a traceback:
    hoyle's own errors (:class:`HoyleError`) and ``OSError`` are the user's to act on; anything
    else is a bug in hoyle and keeps its traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (UsageError, HoyleError) as e:
        print(f"hoyle {args.command}: error: {_one_line(e)}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `hoyle games | head`: the reader left; nothing to say.
        sys.stderr.close()
        return EXIT_FAILED
    except OSError as e:
        where = f" ({e.filename})" if e.filename else ""
        print(f"hoyle {args.command}: error: {e.strerror or e}{where}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _one_line(e: BaseException) -> str:
    """An error's message on one line (an OpenSpiel message may span several)."""
    return " ".join(str(e).split())


if __name__ == "__main__":
    sys.exit(main())
