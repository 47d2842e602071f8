"""``hoyle bagatelle``: strokes compared on the table, and the table drawn.

``hoyle bagatelle compare`` plays breaks of eight balls (Hoffmann, Hoyle's Games Modernized,
BAGATELLE) by random strokes, the book's strokes and the cross-entropy planner on a table with
seeded noise on every stroke (the same noise draws for every player: break ``i`` uses seed
``seed + i``), and reports the mean score per break with a 95% interval; ``--out FILE`` keeps
the scores as JSON (never over an existing file).

``hoyle bagatelle train --algo sac|ppo --steps N --seed S --out DIR`` trains a stroke policy with
Stable-Baselines3 on the Gymnasium env, on the same noisy table (the optional extra: ``pip
install 'hoyle[rl]'``), and writes it as plain arrays (``bagatelle_<algo>.npz``) with its
training record (``.json``) into ``DIR``; ``compare`` plays it as ``learned`` (the policy the
package ships, or ``--policy FILE``).

``hoyle bagatelle speed`` times the simulator itself: seeded breaks of random strokes, every
stroke simulated afresh (none remembered), in strokes and physics steps a second.

``hoyle bagatelle draw --out DIR`` plays one break by the book's strokes and writes the board
after it (``bagatelle-board.png``) and the animation of its first stroke
(``bagatelle-stroke.gif``) into ``DIR`` (refusing files that exist).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hoyle.agents.bagatelle import (
    CrossEntropyPlanner,
    LearnedStrokes,
    RandomStrokes,
    StrokePlayer,
    play_break,
)
from hoyle.agents.heuristics.bagatelle import BookStrokes, candidates
from hoyle.envs.core.files import atomic_write, write_text
from hoyle.envs.games.bagatelle import Board, Physics, new_break, play_stroke
from hoyle.experiments.usage import UsageError

PLAYERS = ("random", "book", "planner")
"""The players ``compare`` plays when none are named (``learned`` is played when named)."""


def interval(scores: list[int]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% interval."""
    mean = statistics.fmean(scores)
    if len(scores) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))


def make_player(
    name: str, board: Board, physics: Physics, seed: int, args: argparse.Namespace
) -> StrokePlayer:
    if name == "random":
        return RandomStrokes(board, physics, seed)
    if name == "book" or name.startswith("book:"):
        off = [part.lstrip("-") for part in name.split(":")[1:]]
        try:
            return BookStrokes(board, physics, off=off, seed=seed)
        except ValueError as e:
            raise UsageError(str(e)) from None
    if name == "learned":
        try:
            return LearnedStrokes(board, physics, args.policy or None)
        except ValueError as e:
            raise UsageError(str(e)) from None
    if name != "planner":
        raise UsageError(
            f"no player {name!r}: random, book, book:-<hint>[:-<hint>...], planner, learned"
        )
    return CrossEntropyPlanner(
        board,
        physics,
        samples=args.samples,
        iterations=args.iterations,
        elite=max(1, min(3, args.samples // 4)),
        angle_noise=args.angle_noise,
        speed_noise=args.speed_noise,
        noise_samples=args.noise_samples,
        seed=seed,
        proposals=lambda brk: [c.stroke for c in candidates(brk, board, physics)],
    )


def compare(args: argparse.Namespace, say: Callable[[str], None] = print) -> dict[str, Any]:
    board, physics = Board(), Physics()
    players = args.players or list(PLAYERS)
    for name in players:
        make_player(name, board, physics, 0, args)  # refuse a bad name before any play
    result: dict[str, Any] = {
        "source": "Hoffmann, Hoyle's Games Modernized, BAGATELLE (docs/games/bagatelle.md)",
        "angle_noise_deg": args.angle_noise,
        "speed_noise": args.speed_noise,
        "seed": args.seed,
        "planner": {"samples": args.samples, "iterations": args.iterations,
                    "noise_samples": args.noise_samples, "proposals": "the book's candidates"},
        "players": {},
    }  # fmt: skip
    if "learned" in players:
        result["learned_policy"] = args.policy or "the policy the package ships"
    for name in players:
        scores: list[int] = []
        start = shown = time.perf_counter()
        breaks = args.planner_breaks if name == "planner" else args.breaks
        for i in range(breaks):
            player = make_player(name, board, physics, args.seed + i, args)
            scores.append(
                play_break(
                    player, board, physics, args.angle_noise, args.speed_noise, args.seed + i
                )
            )
            if time.perf_counter() - shown > 30 and i + 1 < breaks:  # long work shows progress
                shown = time.perf_counter()
                say(
                    f"{name:8s} {i + 1}/{breaks} breaks, mean so far {statistics.fmean(scores):.2f}"
                )
        seconds = time.perf_counter() - start
        mean, half = interval(scores)
        result["players"][name] = {
            "breaks": len(scores),
            "mean": mean,
            "ci95": half,
            "scores": scores,
            "seconds": round(seconds, 1),
        }
        say(
            f"{name:8s} {len(scores):4d} breaks  mean {mean:6.2f} +- {half:5.2f}  ({seconds:.0f} s)"
        )
    book = result["players"].get("book")
    for name, row in result["players"].items():
        if book is None or name == "book":
            continue
        n = min(len(row["scores"]), len(book["scores"]))
        diff, half = interval(
            [a - b for a, b in zip(row["scores"][:n], book["scores"][:n], strict=True)]
        )
        row["minus_book"] = {"breaks": n, "mean": diff, "ci95": half}
        say(f"{name:8s} - book over {n} paired breaks: {diff:+6.2f} +- {half:5.2f}")
    return result


def draw(out: Path) -> list[Path]:
    """The board after a break of the book's strokes, and its first stroke as a GIF."""
    import numpy as np
    from PIL import Image

    from hoyle.envs.games.bagatelle.render import render_rgb, stroke_frames

    board, physics = Board(), Physics()
    book = BookStrokes(board, physics)
    targets = [out / "bagatelle-board.png", out / "bagatelle-stroke.gif"]
    for t in targets:
        if t.exists():
            raise UsageError(f"{t} exists: never overwritten; remove it or name another folder")
    brk = new_break(board)
    first = None
    path: Any = ()
    while not brk.over:
        before = brk
        brk, outcome = play_stroke(brk, board, physics, book.choose(brk), trace_every=4)
        path = outcome.path
        if first is None:
            first = stroke_frames(board, before, brk, outcome.path, every=2, size=(560, 490))
    image = render_rgb(board, brk, path, title=f"Bagatelle: the book's strokes, {_score(brk)}")
    atomic_write(targets[0], lambda p: Image.fromarray(image).save(p, format="PNG"))
    assert first is not None
    frames = [Image.fromarray(np.asarray(f)) for f in first]
    frames += [frames[-1]] * 20  # hold the last frame a moment
    atomic_write(
        targets[1],
        lambda p: frames[0].save(
            p, format="GIF", save_all=True, append_images=frames[1:], duration=66, loop=0
        ),
    )
    return targets


def _score(brk: Any) -> str:
    from hoyle.envs.games.bagatelle import break_score

    return f"the break scores {break_score(brk)}"


def speed(breaks: int, seed: int, say: Callable[[str], None] = print) -> dict[str, float]:
    """Strokes and physics steps a second over ``breaks`` breaks of random strokes, each stroke
    simulated afresh (the simulator remembers strokes; here it forgets them first)."""
    from hoyle.envs.games.bagatelle import physics as model

    board, phys = Board(), Physics()
    strokes = steps = 0
    seconds = 0.0
    for i in range(breaks):
        player, brk = RandomStrokes(board, phys, seed + i), new_break(board)
        while not brk.over:
            stroke = player.choose(brk)
            model.forget()
            start = time.perf_counter()
            brk, out = play_stroke(brk, board, phys, stroke)
            seconds += time.perf_counter() - start
            strokes, steps = strokes + 1, steps + out.steps
    row = {"strokes": strokes, "strokes_per_s": strokes / seconds, "steps_per_s": steps / seconds,
           "steps_per_stroke": steps / strokes, "time_step_s": phys.time_step}  # fmt: skip
    say(
        f"{strokes} random strokes in {seconds:.1f} s: {row['strokes_per_s']:.1f} strokes/s, "
        f"{row['steps_per_s']:,.0f} physics steps/s ({row['steps_per_stroke']:.0f} steps of "
        f"1/{round(1 / phys.time_step)} s a stroke)"
    )
    return row


def run(args: argparse.Namespace) -> int:
    if args.action == "speed":
        if args.breaks < 1:
            raise UsageError("--breaks must be 1+")
        speed(args.breaks, args.seed)
        return 0
    if args.action == "train":
        from hoyle.experiments.bagatelle_rl import train

        if not args.out:
            raise UsageError("train needs --out DIR, the folder for the policy and its record")
        files = train(args.algo, args.steps, args.seed, Path(args.out), args.angle_noise,
                      args.speed_noise, args.every, args.threads)  # fmt: skip
        for p in files[:2]:
            print(f"wrote {p}")
        return 0
    if args.action == "draw":
        out = Path(args.out)
        if not out.is_dir():
            raise UsageError(f"--out {args.out}: no such folder")
        for p in draw(out):
            print(f"wrote {p}")
        return 0
    if (args.breaks < 1 or args.planner_breaks < 0 or args.samples < 2 or args.iterations < 0
            or args.noise_samples < 0):  # fmt: skip
        raise UsageError(
            "--breaks must be 1+, --planner-breaks 0+, --samples 2+, --iterations 0+, "
            "--noise-samples 0+"
        )
    target = Path(args.out) if args.out else None
    if target is not None and target.exists():
        raise UsageError(f"--out {args.out}: the file exists; results are never overwritten")
    result = compare(args)
    if target is not None:
        write_text(target, json.dumps(result, indent=1) + "\n")
        print(f"wrote {target}")
    return 0


def add_command(subparsers: Any) -> None:
    """Add ``hoyle bagatelle`` to the ``hoyle`` command line."""
    p = subparsers.add_parser(
        "bagatelle",
        help="Bagatelle's table: compare stroke players, train one, draw the board",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("action", choices=("compare", "train", "speed", "draw"))
    p.add_argument("--players", nargs="+", metavar="PLAYER",
                   help="compare: random, book, book:-<hint>[:-<hint>...] (the book's strokes "
                   "with hints off), planner, learned (default: random book planner)")  # fmt: skip
    p.add_argument(
        "--breaks",
        type=int,
        default=100,
        help="breaks for random and book; speed: random breaks (100)",
    )
    p.add_argument("--planner-breaks", type=int, default=20, help="breaks for the planner (20)")
    p.add_argument("--angle-noise", type=float, default=1.0, help="degrees, std (1.0)")
    p.add_argument("--speed-noise", type=float, default=0.05, help="fraction, std (0.05)")
    p.add_argument("--samples", type=int, default=12,
                   help="planner strokes a refining round (12)")  # fmt: skip
    p.add_argument("--iterations", type=int, default=2, help="planner refining rounds (2)")
    p.add_argument("--noise-samples", type=int, default=8,
                   help="noise draws each planned stroke is valued over; 0 plans on the "
                   "noiseless table (8)")  # fmt: skip
    p.add_argument(
        "--policy",
        default="",
        help="compare: the learned player's .npz, or a shipped policy's name (hoyle models; "
        "default: bagatelle-sac, the one the package ships)",
    )
    p.add_argument("--algo", choices=("sac", "ppo"), default="sac", help="train: the learner (sac)")
    p.add_argument("--steps", type=int, default=50_000, help="train: env steps, strokes (50000)")
    p.add_argument("--every", type=int, default=2000, help="train: steps between progress lines")
    p.add_argument("--threads", type=int, default=1, help="train: torch threads (1)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="", help="compare: a JSON file; train, draw: a folder")
    p.set_defaults(func=run)
