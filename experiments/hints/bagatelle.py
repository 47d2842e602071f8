"""Bagatelle's hint experiments (Hoffmann, Hoyle's Games Modernized, BAGATELLE; the table and
its model: docs/games/bagatelle.md).

The book's hints are claims about physics, so each is measured on the project's table model
(the package docstring's assumptions 6-11) with seeded noise on every stroke, and each verdict
holds for that model only: every claim is measured again with one table parameter moved at a
time (the rolling deceleration, the two restitutions, the capture speed), and the report says
how its verdict moves with them.

* hints 1-2, the black: the first stroke of the break from spot b, struck straight at the black
  into the 9 against struck lightly on its right side toward the 8 (the book's player's two
  strokes, :func:`~hoyle.agents.heuristics.bagatelle.candidates`), over the same noise draws:
  where the black ends, the stroke's points, and the whole break's score, the rest played by the
  book's player (:class:`~hoyle.agents.heuristics.bagatelle.BookStrokes`, every hint on);
* hint 3, off the cushion into holes 4 to 9: the book's player with and without the hint over
  paired breaks, and the two strokes at one position (the black in the 8: each empty cup of 4 to
  9 by the straight stroke and by the stroke off the cushion, over the same noise draws);
* hint 4, the slow ball round the cushion: the player with and without the hint over paired
  breaks, and the round stroke against the stroke the player makes without the hint at seeded
  positions with balls under the top cushion (and, as the book's contrast, farther out);
* hint 5, the cue rather than the mace: untestable (one stroke model for both).

Every stroke gets noise drawn from the break's own seed (1 degree in direction, 5% in speed,
normal); break ``i`` draws the same noise for every player and at every setting (common random
numbers), so the differences are paired.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from hoyle.agents.bagatelle import noisy_break as agents_noisy_break
from hoyle.agents.bagatelle import perturb
from hoyle.agents.heuristics.bagatelle import (
    BLACK_TO_EIGHT,
    BLACK_TO_NINE,
    OFF_CUSHION,
    SOURCE,
    STRAIGHT_AT,
    BookStrokes,
    Candidate,
    candidates,
    round_shot,
    under_top_cushion,
)
from hoyle.envs.games.bagatelle import (
    BLACK,
    EMPTY,
    Board,
    Break,
    Physics,
    Stroke,
    break_score,
    new_break,
    play_stroke,
)
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Untestable,
    Verdict,
    ci_verdict,
    load_cache,
    proportion_ci,
    register,
    register_untestable,
    result,
    save_cache,
)
from hoyle.experiments.stats import mean_ci

GAME = "bagatelle"
BOOK = SOURCE
DOCS = "docs/games/bagatelle.md"
UNIT = "points per break"
ITEM_SOURCE = "the book's hint"
"""What the report's item column names (the hints are numbered in the book's order)."""
ANGLE_NOISE = 1.0
"""Degrees of direction noise on every stroke (standard deviation)."""
SPEED_NOISE = 0.05
"""Relative speed noise on every stroke (standard deviation)."""

SETTINGS: tuple[tuple[str, dict[str, float]], ...] = (
    ("default", {}),
    ("deceleration 4", {"deceleration": 4.0}),
    ("deceleration 8", {"deceleration": 8.0}),
    ("ball restitution 0.8", {"ball_restitution": 0.8}),
    ("ball restitution 0.95", {"ball_restitution": 0.95}),
    ("cushion restitution 0.5", {"cushion_restitution": 0.5}),
    ("cushion restitution 0.85", {"cushion_restitution": 0.85}),
    ("capture speed 8", {"capture_speed": 8.0}),
    ("capture speed 16", {"capture_speed": 16.0}),
)
"""The table's parameters for each row: the defaults, then one parameter moved at a time."""


@dataclasses.dataclass(frozen=True)
class Sizes:
    """How much each row of a budget measures: ``breaks`` paired breaks per player in the
    default row and ``sensitivity_breaks`` in every other; ``draws`` noise draws per stroke at
    the off-the-cushion position; ``positions`` seeded positions for the round-the-cushion
    stroke, ``position_draws`` noise draws at each."""

    breaks: int
    sensitivity_breaks: int
    draws: int
    positions: int
    position_draws: int


SIZES = {
    "quick": Sizes(breaks=3, sensitivity_breaks=1, draws=3, positions=2, position_draws=2),
    "medium": Sizes(breaks=100, sensitivity_breaks=40, draws=40, positions=20, position_draws=10),
    "full": Sizes(breaks=500, sensitivity_breaks=150, draws=100, positions=40, position_draws=20),
}
"""Sized for the full report to run in 15 to 20 minutes on one core: a break of the book's
strokes takes about 0.12 s of simulation on the default table, and a row of the sensitivity
table has four players' breaks."""

WHERE = ("9", "1", "8", "another cup", "on the board", "off")
"""Where the black can end after the first stroke."""


def sizes(ctx: Context) -> Sizes:
    return SIZES.get(ctx.budget.name, SIZES["quick"])


def physics_of(change: dict[str, float]) -> Physics:
    return dataclasses.replace(Physics(), **change)


def table_text(board: Board | None = None, physics: Physics | None = None) -> str:
    """The table's parameters as the report states them."""
    b = dataclasses.asdict(board or Board())
    p = dataclasses.asdict(physics or Physics())
    return (
        "Board(" + ", ".join(f"{k}={v:g}" for k, v in b.items()) + "); "
        "Physics(" + ", ".join(f"{k}={v:g}" for k, v in p.items()) + "); "
        f"noise on every stroke: {ANGLE_NOISE:g} degree in direction and {SPEED_NOISE:.0%} in "
        "speed (normal, standard deviations)"
    )


# --- one break, one stroke ------------------------------------------------------------------


def noise(seed: int, strokes: int) -> list[tuple[float, float]]:
    """The noise draws (degrees, relative speed) of a break's strokes, from its seed."""
    rng = random.Random(seed)
    return [(ANGLE_NOISE * rng.gauss(0, 1), SPEED_NOISE * rng.gauss(0, 1)) for _ in range(strokes)]


def first_strokes(board: Board, physics: Physics) -> dict[str, Candidate]:
    """The book's player's two first strokes from spot b: ``straight`` (the black into the 9)
    and ``light`` (the black struck lightly on its right side, toward the 8), where the model
    offers them."""
    kinds = {BLACK_TO_NINE: "straight", BLACK_TO_EIGHT: "light"}
    return {
        kinds[c.kind]: c for c in candidates(new_break(board), board, physics) if c.kind in kinds
    }


def where_black(brk: Break) -> str:
    """Where the black is: in the 9, the 1, the 8, another cup, on the board, or off."""
    if BLACK in brk.cups:
        cup = brk.cups.index(BLACK) + 1
        return str(cup) if cup in (9, 1, 8) else "another cup"
    return "on the board" if any(b == BLACK for b, _, _ in brk.lying) else "off"


def noisy_break(
    player: BookStrokes, board: Board, physics: Physics, seed: int, first: Stroke | None = None
) -> list[Break]:
    """A break with the seed's noise on every stroke (:func:`noise`'s draws);
    ``first`` replaces the player's first stroke. Every position from the start to the end."""
    return agents_noisy_break(player, board, physics, ANGLE_NOISE, SPEED_NOISE, seed, first)


MISSING = {
    "straight": "the book's player has no straight stroke here: the black must run over the 1 "
    "faster than the capture speed and reach the 9 slower than it, and cannot do both",
    "light": "the book's player does not strike the black lightly toward the 8 here",
}
"""Why a row of the black's claim may be empty."""

PLAYERS = ("book", "straight", "-off-the-cushion", "-round-the-cushion")
"""The breaks of a row: the book's player (every hint: its first stroke is the light one toward
the 8), the same after the straight first stroke at the 9, and the player with hint 3 or hint 4
off."""


def _break_task(task: tuple[dict[str, float], str, int, int]) -> dict[str, Any]:
    """One break of ``who`` (:data:`PLAYERS`) at the setting, with seed ``seed``."""
    change, who, seed, index = task
    board, physics = Board(), physics_of(change)
    off = [who[1:]] if who.startswith("-") else []
    player = BookStrokes(board, physics, off=off, seed=index)
    aims = first_strokes(board, physics)
    first = aims["straight"].stroke if who == "straight" and "straight" in aims else None
    if who == "straight" and first is None:
        return {"missing": True}
    seen = noisy_break(player, board, physics, seed, first)
    played = first or player_first(board, physics, off)
    return {
        "score": break_score(seen[-1]),
        "first_points": break_score(seen[1]),
        "black": where_black(seen[1]),
        "black_at_end": where_black(seen[-1]),
        "first": [played.angle, played.speed],
        "first_is_light": "light" in aims and played == aims["light"].stroke,
    }


def player_first(board: Board, physics: Physics, off: Sequence[str] = ()) -> Stroke:
    """The player's first stroke on the noiseless table (its tie-breaks seeded 0)."""
    return BookStrokes(board, physics, off=off).choose(new_break(board))


def row_breaks(ctx: Context, label: str, change: dict[str, float], n: int) -> dict[str, Any]:
    """The breaks of every player of :data:`PLAYERS` at a setting, ``n`` each (cached on disk
    and for the run: every claim of a row reads the same breaks)."""
    key = f"breaks-{M.file_tag(label)}-{ctx.budget.name}-n{n}-s{ctx.seed}"
    if key in ctx.cache:
        return dict(ctx.cache[key])
    path = ctx.root / "cache" / f"{key}.json"
    stored = load_cache(path)
    if stored is None or stored.get("change") != change:
        tasks = [(change, who, ctx.seed_for("bagatelle.noise", i), i)
                 for who in PLAYERS for i in range(n)]  # fmt: skip
        rows = M.pmap(ctx, _break_task, tasks)
        stored = {"change": change, **{who: rows[k * n : (k + 1) * n]
                                       for k, who in enumerate(PLAYERS)}}  # fmt: skip
        save_cache(path, stored)
    ctx.cache[key] = stored
    return dict(stored)


def stroke_at(
    brk: Break, board: Board, physics: Physics, stroke: Stroke, draw: tuple[float, float]
) -> Break:
    """The position after ``stroke`` with the noise ``draw``."""
    return play_stroke(brk, board, physics, perturb(stroke, physics, *draw))[0]


# --- measuring a row -------------------------------------------------------------------------


Measure = Callable[[Context, str, dict[str, float], int], dict[str, Any]]


def paired(diffs: Sequence[float]) -> dict[str, Any]:
    m, lo, hi = mean_ci(list(diffs))
    return {"effect": m, "ci": [lo, hi], "n": len(diffs), "verdict": ci_verdict(lo, hi).value}


def the_black_row(ctx: Context, label: str, change: dict[str, float], n: int) -> dict[str, Any]:
    """Hints 1-2 at one setting: the light first stroke against the straight one."""
    rows = row_breaks(ctx, label, change, n)
    light, straight = rows["book"], rows["straight"]
    if any(r.get("missing") for r in straight):
        return {**paired([]), "missing": MISSING["straight"]}
    if not all(r["first_is_light"] for r in light):
        return {**paired([]), "missing": MISSING["light"]}
    out = paired([a["score"] - b["score"] for a, b in zip(light, straight, strict=True)])
    for name, rs in (("light", light), ("straight", straight)):
        ends = {w: proportion_ci(sum(1 for r in rs if r["black"] == w), len(rs)) for w in WHERE}
        at_end = {w: proportion_ci(sum(1 for r in rs if r["black_at_end"] == w), len(rs))
                  for w in WHERE}  # fmt: skip
        out[name] = {
            "black_ends": {w: [round(x, 4) for x in v] for w, v in ends.items()},
            "black_at_end_of_break": {w: [round(x, 4) for x in v] for w, v in at_end.items()},
            "first_points": mean_ci([r["first_points"] for r in rs]),
            "break": mean_ci([r["score"] for r in rs]),
            "stroke": {"angle": rs[0]["first"][0], "speed": rs[0]["first"][1]},
        }
    out["first_points_difference"] = mean_ci(
        [a["first_points"] - b["first_points"] for a, b in zip(light, straight, strict=True)]
    )
    return out


def ablation_row(hint: str) -> Measure:
    """The book's player with every hint against the same without ``hint``, paired breaks."""

    def measure(ctx: Context, label: str, change: dict[str, float], n: int) -> dict[str, Any]:
        rows = row_breaks(ctx, label, change, n)
        book, without = rows["book"], rows[f"-{hint}"]
        out = paired([a["score"] - b["score"] for a, b in zip(book, without, strict=True)])
        out["with"] = mean_ci([r["score"] for r in book])
        out["without"] = mean_ci([r["score"] for r in without])
        return out

    return measure


def off_cushion_row(ctx: Context, label: str, change: dict[str, float], n: int) -> dict[str, Any]:
    """Hint 3 at one position: the black in the 8, each empty cup of 4 to 9 by the straight
    stroke and off the cushion, over the same noise draws; paired by (cup, draw)."""
    del label, n
    board, physics = Board(), physics_of(change)
    cups = [EMPTY] * 9
    cups[7] = BLACK
    brk = Break(lying=(), cups=tuple(cups), played=1, black_hit=True)
    cands = candidates(brk, board, physics)
    diffs: list[float] = []
    per_cup: dict[str, Any] = {}
    for cup in (4, 5, 6, 7, 9):  # each cup its own draws, so that every pair is independent
        draws = noise(ctx.seed_for("bagatelle.off-the-cushion.draws", cup), sizes(ctx).draws)
        kinds = {c.kind: c.stroke for c in cands if c.cup == cup and not c.black}
        if STRAIGHT_AT not in kinds or OFF_CUSHION not in kinds:
            per_cup[str(cup)] = "no straight or no off-the-cushion stroke here"
            continue
        holed = {k: [stroke_at(brk, board, physics, kinds[k], d).cups[cup - 1] != EMPTY
                     for d in draws] for k in (STRAIGHT_AT, OFF_CUSHION)}  # fmt: skip
        diffs += [float(a) - float(b) for a, b in zip(holed[OFF_CUSHION], holed[STRAIGHT_AT],
                                                          strict=True)]  # fmt: skip
        per_cup[str(cup)] = {
            "off_the_cushion": proportion_ci(sum(holed[OFF_CUSHION]), len(draws)),
            "straight": proportion_ci(sum(holed[STRAIGHT_AT]), len(draws)),
        }
    return {**paired(diffs), "cups": per_cup}


def under_cushion_position(board: Board, rng: random.Random, near: bool) -> Break:
    """One to three balls lying round the top cushion, less than their diameter from it
    (``near``) or one to two diameters from it, the black in the 8, the 9 empty."""
    cx, cy = board.head_centre
    inner = board.head_radius - board.ball_radius
    balls: list[tuple[int, float, float]] = []
    count = rng.randint(1, 3)
    while len(balls) < count:
        gap = board.ball_diameter * (rng.uniform(0.05, 0.9) if near else rng.uniform(1.1, 2.0))
        turn = math.radians(rng.uniform(15, 165))
        x, y = cx + (inner - gap) * math.cos(turn), cy + (inner - gap) * math.sin(turn)
        if all(math.hypot(x - bx, y - by) > 1.1 * board.ball_diameter for _, bx, by in balls):
            balls.append((len(balls) + 1, x, y))
    cups = [EMPTY] * 9
    cups[7] = BLACK
    return Break(lying=tuple(balls), cups=tuple(cups), played=len(balls) + 1, black_hit=True)


def moved(before: Break, after: Break) -> bool:
    """Whether a ball lying before a stroke was moved by it (holed, taken off or displaced)."""
    now = {b: (x, y) for b, x, y in after.lying}
    return any(b not in now or math.hypot(now[b][0] - x, now[b][1] - y) > 0.05
               for b, x, y in before.lying)  # fmt: skip


def round_cushion_row(ctx: Context, label: str, change: dict[str, float], n: int) -> dict[str, Any]:
    """Hint 4 at seeded positions: the points of the slow ball round the cushion against those
    of the stroke the player makes without the hint, over the same noise draws (the mean over
    the draws per position, the interval over positions); balls near the cushion (the claim)
    and farther out (the book's contrast)."""
    del label, n
    board, physics = Board(), physics_of(change)
    size = sizes(ctx)
    rng = random.Random(ctx.seed_for("bagatelle.round-the-cushion.positions"))
    without = BookStrokes(board, physics, off=["round-the-cushion"])
    out: dict[str, Any] = {}
    for near in (True, False):
        diffs, lost, struck, points = [], 0, 0, [0.0, 0.0]
        for i in range(size.positions):  # each position its own draws: independent means
            draws = noise(ctx.seed_for("bagatelle.round-the-cushion.draws", i), size.position_draws)
            brk = under_cushion_position(board, rng, near)
            targets = under_top_cushion(brk, board) or list(brk.lying)
            _, x, y = targets[0]
            shots = (round_shot(board, physics, (x, y)), without.choose(brk))
            before = break_score(brk)
            after = [[stroke_at(brk, board, physics, s, d) for d in draws] for s in shots]
            gain = [[break_score(a) - before for a in row] for row in after]
            diffs.append(sum(a - b for a, b in zip(*gain, strict=True)) / len(draws))
            share = len(draws) * size.positions
            points = [p + sum(g) / share for p, g in zip(points, gain, strict=True)]
            lost += sum(brk.next_ball in a.off for a in after[0])
            struck += sum(moved(brk, a) for a in after[0])
        key = "near" if near else "farther_out"
        out[key] = {
            **paired(diffs),
            "round_stroke_points": points[0],
            "other_stroke_points": points[1],
            "round_ball_lost": proportion_ci(lost, len(diffs) * len(draws)),
            "round_ball_struck_a_ball": proportion_ci(struck, len(diffs) * len(draws)),
        }
    return {**out["near"], **out}


# --- the experiments -------------------------------------------------------------------------


def sensitivity(ctx: Context, measure: Measure) -> tuple[dict[str, Any], dict[str, Any]]:
    """The default row and every other setting's (fewer breaks there: :class:`Sizes`)."""
    size = sizes(ctx)
    rows: dict[str, Any] = {}
    for k, (label, change) in enumerate(SETTINGS):
        n = size.breaks if not change else size.sensitivity_breaks
        rows[label] = {"breaks": n, **measure(ctx, label, change, n)}
        ctx.tick((k + 1) / len(SETTINGS))
    return rows["default"], rows


def sensitivity_notes(rows: dict[str, Any], unit: str, what: str) -> str:
    """The sensitivity table and a sentence on how the verdict moves."""
    lines = [f"**Sensitivity** ({what}; one parameter moved at a time, the rest at their "
             "defaults; the same noise draws at every setting):", "",
             f"| setting | n | verdict | effect ({unit}) | 95% CI |", "|---|---|---|---|---|"]  # fmt: skip
    for label, r in rows.items():
        if r.get("missing"):
            lines.append(f"| {label} | 0 | not measured: {r['missing']} | — | — |")
            continue
        lo, hi = r["ci"]
        ci = "—" if math.isnan(lo) else f"[{lo:+.3f}, {hi:+.3f}]"
        eff = "—" if math.isnan(r["effect"]) else f"{r['effect']:+.3f}"
        lines.append(f"| {label} | {r['n']} | {r['verdict']} | {eff} | {ci} |")
    base = rows["default"]["verdict"]
    moved = [f"{label} ({r['verdict']})" for label, r in rows.items()
             if r["verdict"] != base and not r.get("missing")]  # fmt: skip
    signs = {math.copysign(1, r["effect"]) for r in rows.values() if not math.isnan(r["effect"])}
    if not moved:
        sentence = f"The verdict is {base} at every setting measured"
    else:
        sentence = f"The verdict ({base} on the default table) moves at {', '.join(moved)}"
    sentence += (
        "; the effect keeps its sign throughout."
        if len(signs) == 1
        else "; the effect changes sign between settings."
    )
    return "\n".join([*lines, "", sentence])


def result_of(
    ctx: Context, exp_id: str, measure: Measure, unit: str, what: str,
    summary: Callable[[dict[str, Any]], str],
) -> Result:  # fmt: skip
    """The claim measured at every setting: the default row's verdict, the sensitivity table
    in the notes and a plot of the effect at each setting."""
    default, rows = sensitivity(ctx, measure)
    lo, hi = default["ci"]
    numbers = {"table": table_text(), "default": default,
               "sensitivity": {k: {"n": v["n"], "effect": v["effect"], "ci": v["ci"],
                                   "verdict": v["verdict"]} for k, v in rows.items()}}  # fmt: skip
    notes = f"Measured on the table {table_text()}.\n\n" + sensitivity_notes(rows, unit, what)
    plot = M.plot_intervals(
        M.plot_file(ctx, exp_id),
        [(k, v["effect"], *v["ci"]) for k, v in rows.items() if not v.get("missing")],
        f"{what} ({unit}, 95% CI)", f"{exp_id.split('.', 1)[-1]}: every setting",
    )  # fmt: skip
    return result(Verdict(default["verdict"]), default["effect"], lo, hi, default["n"], unit,
                  summary(default), numbers, [plot], notes=notes)  # fmt: skip


def _ends(r: dict[str, Any], key: str = "black_ends") -> str:
    return ", ".join(f"{w} {v[0]:.0%}" for w, v in r[key].items() if v[0] > 0)


def the_black(ctx: Context) -> Result:
    def summary(d: dict[str, Any]) -> str:
        if "light" not in d:
            return "the model offers no light or no straight first stroke"
        lt, st = d["light"], d["straight"]
        return (f"the light stroke toward the 8 leaves the black in: {_ends(lt)}; the straight "
                f"stroke at the 9: {_ends(st)}; at the end of the break the black lies in: "
                f"{_ends(lt, 'black_at_end_of_break')} after the light stroke, "
                f"{_ends(st, 'black_at_end_of_break')} after the straight one "
                f"(first stroke {lt['first_points'][0]:.2f} against "
                f"{st['first_points'][0]:.2f} points); the break {lt['break'][0]:.2f} against "
                f"{st['break'][0]:.2f}, paired difference {d['effect']:+.2f} "
                f"[{d['ci'][0]:+.2f}, {d['ci'][1]:+.2f}] over {d['n']} breaks")  # fmt: skip

    return result_of(
        ctx,
        "bagatelle.the-black.simulation",
        the_black_row,
        UNIT,
        "light − straight, the whole break",
        summary,
    )


def ablation(hint: str) -> Callable[[Context], Result]:
    def run(ctx: Context) -> Result:
        def summary(d: dict[str, Any]) -> str:
            return (f"the book's player scores {d['with'][0]:.2f} a break with the hint and "
                    f"{d['without'][0]:.2f} without it, paired difference {d['effect']:+.2f} "
                    f"over {d['n']} breaks")  # fmt: skip

        return result_of(
            ctx,
            f"bagatelle.{hint}.ablation",
            ablation_row(hint),
            UNIT,
            "with the hint − without",
            summary,
        )

    return run


def off_cushion_stroke(ctx: Context) -> Result:
    def summary(d: dict[str, Any]) -> str:
        cups = "; ".join(
            f"cup {c}: {v['off_the_cushion'][0]:.0%} against {v['straight'][0]:.0%}"
            if isinstance(v, dict) else f"cup {c}: {v}"
            for c, v in d["cups"].items()
        )  # fmt: skip
        return f"off the cushion against straight, share holed in the target cup: {cups}"

    return result_of(ctx, "bagatelle.off-the-cushion.simulation", off_cushion_row, "P(holed), off − straight",
                     "P(holed) off the cushion − straight", summary)  # fmt: skip


def round_cushion_stroke(ctx: Context) -> Result:
    def summary(d: dict[str, Any]) -> str:
        far = d["farther_out"]
        return (f"balls under the cushion: the round stroke makes {d['round_stroke_points']:.2f} "
                f"points, the player's stroke without the hint {d['other_stroke_points']:.2f}, "
                f"difference {d['effect']:+.2f} over {d['n']} positions; the round ball struck a "
                f"lying ball in {d['round_ball_struck_a_ball'][0]:.0%} of its strokes and was "
                f"lost over half-way in {d['round_ball_lost'][0]:.0%}; balls farther out: "
                f"difference {far['effect']:+.2f} [{far['ci'][0]:+.2f}, {far['ci'][1]:+.2f}], "
                f"struck a ball in {far['round_ball_struck_a_ball'][0]:.0%}, lost in "
                f"{far['round_ball_lost'][0]:.0%}")  # fmt: skip

    return result_of(ctx, "bagatelle.round-the-cushion.simulation", round_cushion_row, "points per stroke",
                     "round stroke − the stroke without the hint, balls near the cushion",
                     summary)  # fmt: skip


METHODS_TEXT = (
    "*Simulation* on the project's table model (" + DOCS + "), every stroke with seeded noise; "
    "break `i` draws the same noise for every player and at every setting (common random "
    "numbers), so each difference is paired and its interval is a Student-t interval over the "
    "pairs; a share's interval is exact (Clopper-Pearson). *Ablation*: the book's player "
    "(`BookStrokes`, every hint on) against the same player with one hint off, over paired "
    "breaks. A verdict holds for the model it was measured under: each claim is measured again "
    "with one parameter moved at a time (deceleration 4 and 8 in/s², ball restitution 0.8 and "
    "0.95, cushion restitution 0.5 and 0.85, capture speed 8 and 16 in/s; fewer breaks there "
    "than in the default row), and its section gives the verdict at each setting. Table: "
    + table_text()
    + "."
)

register(Experiment(
    "bagatelle.the-black.simulation", GAME, "1-2", "bagatelle.black-lightly-right",
    "The black ball counts double, and a good player will, therefore, endeavour to get this "
    "into the centre hole. This, however, is somewhat difficult, for, if struck directly "
    "towards the 9, it must pass over the 1, and is very likely to hole itself therein. It is, "
    "therefore, safer play to strike it lightly on the right side, and so drive it towards the "
    "8, into which it may probably be coaxed by a subsequent ball.", BOOK, "simulation",
    "The first stroke of the break from spot b, the book's player's two strokes: the black "
    "struck straight into the 9 (the ghost-ball aim) and struck lightly on its right side "
    "toward the 8, each with the same noise draw in break i; where the black ends after it "
    "(the 9, the 1, the 8, another cup, on the board, off), the stroke's points, and the "
    "break's score with the other seven balls played by the book's player (every hint on, the "
    "same noise). Effect: the break's score after the light stroke − after the straight one.",
    the_black,
))  # fmt: skip
register(Experiment(
    "bagatelle.off-the-cushion.ablation", GAME, "3", "bagatelle.off-the-cushion",
    "The approved methods of play for doing this, as to holes 4, 5, 6, 7, 8, 9, are indicated "
    "by the dotted lines in Fig. 3, the ball being so struck as to go 'off the cushion' into "
    "the desired hole.", BOOK, "ablation",
    "`BookStrokes` against `BookStrokes(off=('off-the-cushion',))` over paired breaks (break i "
    "the same noise for both); without the hint the player takes the best-scoring stroke of "
    "all it considers, straight or off the cushion. Effect: with the hint − without.",
    ablation("off-the-cushion"),
))  # fmt: skip
register(Experiment(
    "bagatelle.off-the-cushion.simulation", GAME, "3", "bagatelle.off-the-cushion",
    "As to holes 4, 5, 6, 7, 8, 9, ... the ball being so struck as to go 'off the cushion' "
    "into the desired hole.", BOOK, "simulation",
    "One position, the black in the 8 (where the book's first stroke sends it on the noiseless "
    "table), nothing else on the board: each empty cup among 4-9 by the player's straight "
    "stroke and by its stroke off the cushion, the same noise draws for both. Effect: the "
    "share of strokes holed in the target cup, off the cushion − straight, paired by cup and "
    "draw.",
    off_cushion_stroke,
))  # fmt: skip
register(Experiment(
    "bagatelle.round-the-cushion.ablation", GAME, "4", "bagatelle.round-the-cushion",
    "It frequently happens that a number of balls lie at distances less than their own "
    "diameter from the semicircular cushion at top. In such case, a ball sent slowly round the "
    "cushion will strike them all in succession, and, driving them towards the centre, may "
    "hole one or more of them.", BOOK, "ablation",
    "`BookStrokes` against `BookStrokes(off=('round-the-cushion',))` over paired breaks (break "
    "i the same noise for both). Effect: with the hint − without.",
    ablation("round-the-cushion"),
))  # fmt: skip
register(Experiment(
    "bagatelle.round-the-cushion.simulation", GAME, "4", "bagatelle.round-the-cushion",
    "In such case, a ball sent slowly round the cushion will strike them all in succession, "
    "and, driving them towards the centre, may hole one or more of them. If, on the other "
    "hand, the balls in question are more than their own diameter from the cushion, the ball "
    "sent in pursuit of them will run harmlessly round, and very probably be lost by "
    "overpassing the half-way line.", BOOK, "simulation",
    "Seeded positions with one to three balls lying round the top cushion, less than their "
    "diameter from it, the black in the 8: the player's slow ball round the cushion against "
    "the stroke it makes with the hint off, the same noise draws for both. Effect: the points "
    "the stroke makes, round − the other, the mean over the draws at each position, the "
    "interval over positions. The same for balls one to two diameters out (the book's "
    "contrast), and how often the round ball strikes a lying ball and is lost over "
    "half-way.",
    round_cushion_stroke,
))  # fmt: skip
register_untestable(Untestable(
    "bagatelle.the-cue", GAME, "5",
    "At best the mace is but a clumsy implement, and would never be used by any one who had "
    "acquired even the most elementary skill in handling the cue.", BOOK,
    "The table has one stroke model for mace and cue (the package docstring's assumption 5): "
    "there is nothing to compare.",
))  # fmt: skip
