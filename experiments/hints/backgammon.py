"""Backgammon's hint experiments (RULES.md §21.6; Hoyle's Games Modernized, BACKGAMMON).

The book's "Hints for Play" judged by GNU Backgammon (``experiments/hints/backgammon_gnubg.py``):

* **§21.6.3, the opening table**: for each of the 21 throws (doublets too: the book's winner of
  the opening may throw both dice again), the book's play in each style it gives (for a hit,
  for a gammon) is valued by gnubg against every legal play of the throw from the starting
  position; the verdict follows the loss against gnubg's best play (:func:`opening_verdict`).
  The alternatives the book names are valued beside it.
* **§21.6.3, the gammon style**: does the book's "bolder" play win more gammons?
* **§21.6.4, the best throws**: the book's ranking of the opening throws against the equity of
  each throw's best play (:func:`ranking`), and "doublets, if playable, are good".
* **§21.6.5, numbers that differ by two**: their best-play equities against the other
  non-doublet throws, by an exact permutation test (:func:`permutation_shift`).
* **§21.6.1-2, make points, avoid blots**: ablations of the heuristic agent and gnubg's
  agreement with each rule where it has an opinion (registered when the heuristic has them).

Every equity is gnubg's *cubeless* equity of the position after the play, for the player who
made it, with the book's values (hit 1, gammon 2, backgammon 3). The evaluator's depth is the
budget's: 0-ply (the network alone) for ``quick``, 2-ply for ``full``; ``--referee gnubg:ply=N``
chooses another. An evaluation is deterministic, so the opening results carry no sampling
interval: their uncertainty is gnubg's own error, shown by the same numbers at lower plies.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hoyle.agents.heuristics.backgammon import OPENINGS, STYLES
from hoyle.envs.games.backgammon import GAME as BACKGAMMON_SPEC
from hoyle.envs.games.backgammon import (
    HOME,
    START,
    Position,
    dice_to_play,
    notation,
    parse_play,
    plays,
)
from hoyle.envs.games.backgammon import (
    THROWS as ALL_THROWS,
)
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.backgammon_gnubg import (
    Evaluator,
    GnubgEvaluator,
    GnubgMissing,
    ply_of,
)
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Skipped,
    Untestable,
    Verdict,
    ci_verdict,
    exact_verdict,
    load_cache,
    proportion_ci,
    register,
    register_untestable,
    result,
    save_cache,
    universal_verdict,
)
from hoyle.experiments.plots import new_figure, save_figure

GAME = "backgammon"
BOOK = BACKGAMMON_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
HINTS_FOR_PLAY = f"{BOOK}, Hints for Play"
BACKGAMMON_VALUE = 3
"""The book's treble for a backgammon (the game's default; "quadruple by agreement" is 4)."""

PLIES = {"quick": 0, "full": 2}
"""gnubg's depth per budget (any other budget: 0-ply)."""
REFEREE_SPECS = {name: f"gnubg:ply={p}" for name, p in PLIES.items()}
"""The referee each budget should name for backgammon (``hoyle hints`` reads it, so that the
report's header names the judge the referee experiments use): gnubg at the budget's depth."""

METHODS_TEXT = (
    "*Exact*: GNU Backgammon (`gnubg`, cubeless money equity with hit 1, gammon 2, backgammon 3; "
    "2-ply at the full budget, 0-ply at the quick one) values the position left by every legal "
    "play of the throw (scored by position: gnubg's own move lists truncate bear-offs); the "
    "book's play is compared with the best. gnubg's evaluation is deterministic, so these have "
    "no interval; the report gives how far the loss moves between depths instead. *Ablation*: "
    "`heuristic` against `heuristic:-<hint>` head to head on duplicate dice (each deal's dice in "
    "both seatings); the effect is the points a game won with the hint, a Student-t interval "
    "over deals. No A/A control is subtracted, unlike the card games: the hints act in nearly "
    "every game, so the control would cancel no luck. As a second number each is also matched "
    "against `random`. *Referee*: positions from seeded self-play of the full heuristic, one per "
    "game, where the rule keeps some plays and drops others; the effect is how often gnubg's "
    "best play is one the rule keeps, less how often a random legal play would be, with the "
    "exact interval of the agreement. *Simulation*: seeded games through the game's own dice. "
    "An ablation or referee verdict judges the hint *as the heuristic agent reads it* "
    "(`agents/heuristics/backgammon.py`), and each section says what was run."
)
"""How the backgammon experiments work (the report's methods paragraph for this game)."""

SUPPORTED_BELOW = 0.02
"""A book play that loses less than this against gnubg's best play is *supported* (best or
equivalent): half gnubg's own mark for an error (below), and about as far as the loss of the same
book play moves between gnubg's 1-ply and 2-ply evaluations of the openings (under 0.02 in
the full run; the report's table gives the spread it measured), so gnubg cannot tell such plays
apart."""
REFUTED_FROM = 0.04
"""A loss of this or more *refutes* the book's play: the threshold at which gnubg's own analysis
calls a move "doubtful" (its default skill levels: doubtful 0.04, bad 0.08, very bad 0.16).
Between the two thresholds the verdict is *inconclusive*."""

THROWS: tuple[tuple[int, int], ...] = tuple((h, lo) for h, lo, _ in ALL_THROWS)
"""The 21 distinct throws, ``(high, low)`` (the game's :data:`THROWS`)."""
_PROBABILITY = {(h, lo): p for h, lo, p in ALL_THROWS}


def probability(throw: tuple[int, int]) -> float:
    return _PROBABILITY[throw]


def label(throw: tuple[int, int]) -> str:
    return f"{throw[0]}-{throw[1]}"


BOOK_NAME = {
    (1, 1): "ACES", (2, 1): "DEUCE ACE", (2, 2): "DEUCES", (3, 1): "TROIS ACE",
    (3, 2): "TROIS DEUCE", (3, 3): "DOUBLE TROIS", (4, 1): "QUATRE ACE", (4, 2): "QUATRE DEUCE",
    (4, 3): "QUATRE TROIS", (4, 4): "DOUBLE QUATRE", (5, 1): "CINQUE ACE",
    (5, 2): "CINQUE DEUCE", (5, 3): "CINQUE TROIS", (5, 4): "CINQUE QUATRE",
    (5, 5): "DOUBLE CINQUE", (6, 1): "SIX ACE", (6, 2): "SIX DEUCE", (6, 3): "SIX TROIS",
    (6, 4): "SIX QUATRE", (6, 5): "SIX CINQUE", (6, 6): "SIXES",
}  # fmt: skip
"""The book's heading for each throw in "Hints for Play"."""

BOOK_WORDS = {
    (1, 1): "(The best possible throw at starting.) Play two men on your \"bar\" point, and two "
            "on your cinque point.",
    (2, 1): "For a hit, play the deuce from the five men in your adversary's outer-table, and "
            "the ace from the ace point in his inner table. For a gammon, play the ace from the "
            "six to the ace point in your own table.",
    (2, 2): "For a hit, play two from the six to the quatre point in your own table, and the "
            "other two from the ace to the trois point in your opponent's inner table. For a "
            "gammon, play the second pair from the five men in his outer table.",
    (3, 1): "Make your cinque point.",
    (3, 2): "The approved play is to carry two men from the five in your adversary's outer "
            "table to the quatre and cinque points in your own outer table. [...] some, for a "
            "hit, play one man from the same point to the deuce point in the above-mentioned "
            "table, but the bolder play is to be preferred.",
    (3, 3): "Some players make the bar point. The more usual play is, for a hit, to play two to "
            "the cinque point in the player's own, and the other two to the quatre point in the "
            "adversary's table. For a gammon, play the last two from the six to the trois point "
            "in your own table.",
    (4, 1): "Play the quatre from the five men in your opponent's outer table, and the ace from "
            "his ace point. (Timid players, fearing to leave two blots, sometimes play the "
            "whole throw from the first-mentioned point, but the plan is not to be "
            "recommended.)",
    (4, 2): "Make your quatre point.",
    (4, 3): "Play two men from the five in your adversary's outer table.",
    (4, 4): "Play two men from the ace to the cinque point in the adversary's inner table, and "
            "two from the five in his outer table. For a gammon, play two men only, from the "
            "point last mentioned to the cinque point in your own table.",
    (5, 1): "Play the cinque from the five men in your adversary's outer table, and the ace "
            "from the ace point in his inner table. For a gammon, play the ace from the six to "
            "the cinque point in your own table.",
    (5, 2): "Play both men from the five in your adversary's outer table.",
    (5, 3): "Make your trois point.",
    (5, 4): "Move one man from your adversary's ace point to the trois point in his outer "
            "table.",
    (5, 5): "Carry two men from the five in the adversary's outer table, and make your trois "
            "point.",
    (6, 1): "Make your bar point.",
    (6, 2): "Move a man from the five in your adversary's outer table to the cinque point in "
            "your own table.",
    (6, 3): "Carry one man from your adversary's ace point as far as the throw will permit.",
    (6, 4): "Carry one man from your adversary's ace point as far as the throw will permit.",
    (6, 5): "Carry one man from your adversary's ace point as far as the throw will permit.",
    (6, 6): "Place two men on your adversary's bar point, and two on your own.",
}  # fmt: skip

BOOK_RANKING: tuple[tuple[tuple[int, int], ...], ...] = (((1, 1),), ((6, 6),), ((3, 3),),
                                                          ((3, 1), (6, 1)))  # fmt: skip
"""The book's best opening throws, best first; a tuple holds throws it does not order."""
DIFFER_BY_TWO: tuple[tuple[int, int], ...] = ((3, 1), (4, 2), (5, 3), (6, 4))
"""RULES.md §21.6.5: the book names cinque trois and trois ace; quatre deuce and six quatre are
the other throws whose numbers differ by two."""


# --- the evaluator -------------------------------------------------------------------------------


def evaluator_ply(ctx: Context, referee: bool = False) -> int:
    """The budget's gnubg depth: :data:`PLIES` by budget name (0 for another budget); for the
    experiments of method ``referee`` (whose stored results are keyed by the budget's referee),
    the referee's ``ply`` when it is a ``gnubg:ply=N`` spec."""
    default = PLIES.get(ctx.budget.name, 0)
    return ply_of(ctx.budget.referee, default) if referee else default


def evaluator(ctx: Context, plies: int | None = None) -> Evaluator:
    """gnubg at ``plies`` (default: the budget's), shared by the run's experiments; a missing
    gnubg skips the experiment (reported inconclusive with the reason, never stored)."""
    plies = evaluator_ply(ctx) if plies is None else plies
    key = f"gnubg-evaluator-{plies}"
    if key not in ctx.cache:
        try:
            ctx.cache[key] = GnubgEvaluator(plies, BACKGAMMON_VALUE)
        except GnubgMissing as e:
            raise Skipped(str(e)) from None
    ev: Evaluator = ctx.cache[key]
    return ev


# --- the opening table ---------------------------------------------------------------------------


def opening_verdict(loss: float) -> Verdict:
    """The verdict on a book play that loses ``loss`` equity against gnubg's best play.

    >>> [opening_verdict(x).value for x in (0.0, 0.019, 0.02, 0.039, 0.04, 0.3)]
    ['supported', 'supported', 'inconclusive', 'inconclusive', 'refuted', 'refuted']
    """
    if math.isnan(loss):
        return Verdict.INCONCLUSIVE
    if loss < SUPPORTED_BELOW:
        return Verdict.SUPPORTED
    if loss < REFUTED_FROM:
        return Verdict.INCONCLUSIVE
    return Verdict.REFUTED


@dataclasses.dataclass(frozen=True)
class Scored:
    """One legal play of an opening throw, valued."""

    play: str
    equity: float
    win: float
    win_gammon: float
    lose_gammon: float
    position: Position = dataclasses.field(repr=False)


def score_throw(ev: Evaluator, throw: tuple[int, int]) -> list[Scored]:
    """Every distinct legal play of ``throw`` from the starting position, best first (ties in
    notation order), each valued by ``ev`` (the whole resulting position, so no truncated move
    tuple can hide a play)."""
    out = []
    for pos, seq in plays(START, START, dice_to_play(*throw)).items():
        p = ev.probs_after(pos)
        out.append(Scored(notation(START, START, seq), p.equity(BACKGAMMON_VALUE), p.win,
                          p.win_gammon, p.lose_gammon, pos))  # fmt: skip
    out.sort(key=lambda s: (-s.equity, s.play))
    return out


def judge_play(scored: Sequence[Scored], position: Position) -> dict[str, Any]:
    """How one play (by its resulting position) stands among ``scored``: its equity, the loss
    against the best play, its margin over the best *other* play (positive: it is gnubg's best),
    its rank (1 + the plays strictly better) and the verdict of the loss."""
    mine = next(s for s in scored if s.position == position)
    others = [s for s in scored if s.position != position]
    best = scored[0]
    loss = best.equity - mine.equity
    margin = mine.equity - (others[0].equity if others else mine.equity)
    return {
        "play": mine.play, "equity": mine.equity, "loss": loss, "margin": margin,
        "rank": 1 + sum(1 for s in scored if s.equity > mine.equity), "of": len(scored),
        "win": mine.win, "win_gammon": mine.win_gammon, "lose_gammon": mine.lose_gammon,
        "verdict": opening_verdict(loss).value,
    }  # fmt: skip


def book_position(throw: tuple[int, int], text: str) -> Position:
    """The position the book's play (standard notation, RULES.md §21.6.3) leaves."""
    return parse_play(START, START, dice_to_play(*throw), text)


def analyse_throw(ev: Evaluator, throw: tuple[int, int]) -> dict[str, Any]:
    """The book's plays (each style, each alternative it names) and gnubg's best, for one
    throw: the numbers of the throw's experiment(s)."""
    scored = score_throw(ev, throw)
    o = OPENINGS[throw]
    styles = {st: judge_play(scored, book_position(throw, o.plays[st])) for st in STYLES}
    alts = {}
    for words, text in o.alternatives.items():
        alts[words] = judge_play(scored, book_position(throw, text))
        del alts[words]["verdict"]  # Not the book's recommendation: no verdict of its own.
    best = scored[0]
    return {
        "throw": label(throw), "evaluator": getattr(ev, "name", "evaluator"),
        "plays": len(scored), "styles": styles, "alternatives": alts,
        "best": {"play": best.play, "equity": best.equity, "win": best.win,
                 "win_gammon": best.win_gammon, "lose_gammon": best.lose_gammon},
        "top": {s.play: round(s.equity, 4) for s in scored[:5]},
    }  # fmt: skip


def throw_analysis(
    ctx: Context, throw: tuple[int, int], plies: int | None = None
) -> dict[str, Any]:
    """:func:`analyse_throw` at the budget's depth (or ``plies``), once per run."""
    plies = evaluator_ply(ctx) if plies is None else plies
    key = f"opening-{plies}-{label(throw)}"
    if key not in ctx.cache:
        ctx.cache[key] = analyse_throw(evaluator(ctx, plies), throw)
    return ctx.cache[key]  # type: ignore[no-any-return]


def _styles(throw: tuple[int, int]) -> tuple[str, ...]:
    """The styles that give the throw its own experiment: one when the book gives one play."""
    o = OPENINGS[throw]
    return STYLES if o.plays["hit"] != o.plays["gammon"] else ("hit",)


def _opening_notes(throw: tuple[int, int], a: dict[str, Any], style: str) -> str:
    o = OPENINGS[throw]
    notes = []
    if o.note and (style == "gammon" or len(_styles(throw)) == 1):  # 2-1: the gammon play
        notes.append(f"**The book's wording**: {o.note}. The reading tested is "
                     f"`{o.plays[style]}`.")  # fmt: skip
    for words, j in a["alternatives"].items():
        rec = a["styles"]["hit"]
        better = rec["equity"] > j["equity"]
        notes.append(f"The book's alternative ({words}) `{j['play']}`: equity {j['equity']:+.3f}, "
                     f"loss {j['loss']:.3f}; gnubg {'agrees' if better else 'disagrees'} that "
                     f"the recommended `{rec['play']}` is better "
                     f"({rec['equity'] - j['equity']:+.3f}).")  # fmt: skip
    return " ".join(notes)


def _opening_runner(throw: tuple[int, int], style: str) -> Any:
    def run(ctx: Context) -> Result:
        plies = evaluator_ply(ctx)
        a = throw_analysis(ctx, throw)
        ctx.tick(0.5)
        j = a["styles"][style]
        lower = {}
        for p in range(plies):  # The same play judged at every lower depth: how robust it is.
            b = throw_analysis(ctx, throw, p)["styles"][style]
            lower[f"{p}-ply"] = {"loss": b["loss"], "verdict": b["verdict"],
                                 "best": throw_analysis(ctx, throw, p)["best"]["play"]}  # fmt: skip
        ctx.tick(1.0)
        verdict = opening_verdict(j["loss"])
        style_words = f"for a {style}, " if len(_styles(throw)) > 1 else ""
        summary = (f"{style_words}the book's `{j['play']}` has equity {j['equity']:+.3f} (rank {j['rank']} of "
                   f"{j['of']}); gnubg's best `{a['best']['play']}` {a['best']['equity']:+.3f}, "
                   f"loss {j['loss']:.3f}")  # fmt: skip
        numbers = {"book": j, "best": a["best"], "top five": a["top"],
                   "alternatives": a["alternatives"], "at lower plies": lower,
                   "evaluator": a["evaluator"]}  # fmt: skip
        return result(verdict, j["margin"], math.nan, math.nan, j["of"],
                      "equity over the best other play", summary, numbers,
                      notes=_opening_notes(throw, a, style))  # fmt: skip

    return run


OPENING_HOW = (
    "Every distinct legal play of the throw from the starting position (`plays()`), each valued "
    "by gnubg (cubeless equity of the position after the play, for the player who made it; "
    "hit 1, gammon 2, backgammon 3); the book's play is found among them by its notation "
    "(`parse_play`). Effect: the book play's equity less that of the best *other* play "
    "(positive: gnubg's best; negative: minus the loss). Verdict by the loss against the best "
    f"play: under {SUPPORTED_BELOW} supported (best or equivalent), {REFUTED_FROM} or more "
    "refuted (gnubg's own mark for an error), inconclusive between; n = the plays valued. "
    "Depth: 2-ply (full budget), 0-ply (quick); the same play at every lower ply is shown in "
    "the numbers."
)


def _register_openings() -> None:
    for throw in THROWS:
        for style in _styles(throw):
            suffix = f".{style}" if len(_styles(throw)) > 1 else ""
            claim = f"{BOOK_NAME[throw]}.--{BOOK_WORDS[throw]}"
            register(Experiment(
                f"{GAME}.opening.{label(throw)}{suffix}.exact", GAME, "§21.6.3", f"{GAME}.opening",
                claim,
                f"{HINTS_FOR_PLAY}, {BOOK_NAME[throw]}", "exact", OPENING_HOW,
                _opening_runner(throw, style),
            ))  # fmt: skip


# --- the gammon style ----------------------------------------------------------------------------


def gammon_style(ctx: Context) -> Result:
    """For the throws with two styles: does the book's play "for a gammon" win more gammons than
    its play "for a hit", and at what cost in equity?"""
    two = [t for t in THROWS if len(_styles(t)) > 1]
    rows = {}
    for i, t in enumerate(two):
        a = throw_analysis(ctx, t)
        h, g = a["styles"]["hit"], a["styles"]["gammon"]
        rows[label(t)] = {
            "hit play": h["play"], "gammon play": g["play"],
            "win gammon (hit, gammon)": [h["win_gammon"], g["win_gammon"]],
            "lose gammon (hit, gammon)": [h["lose_gammon"], g["lose_gammon"]],
            "win (hit, gammon)": [h["win"], g["win"]],
            "equity (hit, gammon)": [h["equity"], g["equity"]],
            "more gammons": g["win_gammon"] > h["win_gammon"],
        }  # fmt: skip
        ctx.tick((i + 1) / len(two))
    fails = [k for k, r in rows.items() if not r["more gammons"]]
    gain = [r["win gammon (hit, gammon)"][1] - r["win gammon (hit, gammon)"][0]
            for r in rows.values()]  # fmt: skip
    cost = [r["equity (hit, gammon)"][0] - r["equity (hit, gammon)"][1] for r in rows.values()]
    summary = (f"the gammon play wins more gammons in {len(two) - len(fails)} of {len(two)} "
               f"throws (mean +{np.mean(gain):.3f} P(win a gammon)); the hit play's equity less the "
               f"gammon play's: {np.mean(cost):+.3f} on average")  # fmt: skip
    notes = ("Fails: " + ", ".join(fails) + ".") if fails else ""
    return result(universal_verdict(len(fails), len(two)), float(np.mean(gain)), math.nan,
                  math.nan, len(two), "P(win a gammon): gammon play − hit play", summary,
                  {"throws": rows, "evaluator": f"gnubg {evaluator_ply(ctx)}-ply"},
                  notes=notes)  # fmt: skip


# --- the best throws -----------------------------------------------------------------------------


def best_equities(ctx: Context) -> dict[tuple[int, int], dict[str, Any]]:
    """Each throw's best play and its equity (the player who just played, after it)."""
    out = {}
    for i, t in enumerate(THROWS):
        a = throw_analysis(ctx, t)
        out[t] = a["best"]
        ctx.tick(0.8 * (i + 1) / len(THROWS))
    return out


def rethrow_value(best: Mapping[tuple[int, int], Mapping[str, Any]]) -> float:
    """The value of throwing both dice again at the opening: the best play's equity averaged
    over the 36 throws. A throw worth more is worth taking: the book's own test of "good"."""
    return float(sum(probability(t) * best[t]["equity"] for t in THROWS))


def kendall_tau_b(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b (ties in either ranking allowed).

    >>> kendall_tau_b([1, 2, 3], [1, 2, 3]), kendall_tau_b([1, 2, 3], [3, 2, 1])
    (1.0, -1.0)
    """
    conc = disc = tx = ty = 0
    for i, j in itertools.combinations(range(len(x)), 2):
        dx, dy = np.sign(x[i] - x[j]), np.sign(y[i] - y[j])
        if dx == 0 and dy == 0:
            continue
        if dx == 0:
            tx += 1
        elif dy == 0:
            ty += 1
        elif dx == dy:
            conc += 1
        else:
            disc += 1
    denom = math.sqrt((conc + disc + tx) * (conc + disc + ty))
    return (conc - disc) / denom if denom else math.nan


def ranking_check(equity: Mapping[tuple[int, int], float]) -> dict[str, Any]:
    """The book's ranking (:data:`BOOK_RANKING`) against ``equity`` per throw: gnubg's rank of
    each named throw, whether the named throws are in the book's order (ties in the book free),
    whether they are the best ones, and Kendall's tau-b over all 21 throws (the unnamed throws
    tied last in the book's ranking)."""
    order = sorted(equity, key=lambda t: -equity[t])
    rank = {t: i + 1 for i, t in enumerate(order)}
    named = [t for tier in BOOK_RANKING for t in tier]
    tier_of = {t: k for k, tier in enumerate(BOOK_RANKING) for t in tier}
    in_order = all(equity[a] > equity[b] for a in named for b in named
                   if tier_of[a] < tier_of[b])  # fmt: skip
    at_top = {rank[t] for t in named} == set(range(1, len(named) + 1))
    book_rank = [-(tier_of.get(t, len(BOOK_RANKING))) for t in equity]
    tau = kendall_tau_b(book_rank, [equity[t] for t in equity])
    return {"rank": {label(t): rank[t] for t in named}, "in_order": in_order, "at_top": at_top,
            "tau_b": tau, "gnubg_order": [label(t) for t in order]}  # fmt: skip


def _table(ctx: Context) -> str:
    """The whole opening table in Markdown: the book's plays, gnubg's best, losses, verdicts."""
    lines = ["| throw | the book's play | equity | gnubg's best play | equity | loss | verdict |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for t in THROWS:
        a = throw_analysis(ctx, t)
        for st in _styles(t):
            j = a["styles"][st]
            tag = f" ({st})" if len(_styles(t)) > 1 else ""
            lines.append(f"| {label(t)}{tag} | `{j['play']}` | {j['equity']:+.3f} | "
                         f"`{a['best']['play']}` | {a['best']['equity']:+.3f} | {j['loss']:.3f} "
                         f"| {j['verdict']} |")  # fmt: skip
        for words, j in a["alternatives"].items():
            lines.append(f"| {label(t)} ({words}) | `{j['play']}` | {j['equity']:+.3f} | "
                         f"`{a['best']['play']}` | {a['best']['equity']:+.3f} | {j['loss']:.3f} "
                         "| (alternative) |")  # fmt: skip
    return "\n".join(lines)


def depth_spread(ctx: Context) -> dict[str, float]:
    """The largest change of a book play's loss between each lower ply and the budget's: how
    much of a loss is the evaluator's depth rather than the play."""
    top = evaluator_ply(ctx)
    out = {}
    for p in range(top):
        diffs = [abs(throw_analysis(ctx, t)["styles"][st]["loss"]
                     - throw_analysis(ctx, t, p)["styles"][st]["loss"])
                 for t in THROWS for st in _styles(t)]  # fmt: skip
        out[f"{p}-ply against {top}-ply"] = float(max(diffs))
    return out


def plot_openings(ctx: Context, exp_id: str) -> str:
    """Each throw's book play (hit style) against gnubg's best play, as bars."""
    labels, book, best, gam = [], [], [], []
    for t in THROWS:
        a = throw_analysis(ctx, t)
        labels.append(label(t))
        book.append(a["styles"]["hit"]["equity"])
        gam.append(a["styles"]["gammon"]["equity"])
        best.append(a["best"]["equity"])
    fig = new_figure(9.0, 3.8)
    ax = fig.subplots()
    x = np.arange(len(labels))
    ax.bar(x - 0.2, best, 0.4, color="tab:blue", label="gnubg's best play")
    ax.bar(x + 0.2, book, 0.4, color="tab:orange", label="the book's play (for a hit)")
    two = [i for i, t in enumerate(THROWS) if len(_styles(t)) > 1]
    ax.plot(x[two] + 0.2, [gam[i] for i in two], "v", color="black",
            label="the book's play for a gammon")  # fmt: skip
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xticks(x, labels, rotation=45)
    ax.set_ylabel(f"equity after the play (gnubg {evaluator_ply(ctx)}-ply)")
    ax.set_title("Opening throws: the book's play against gnubg's best", fontsize=10)
    ax.legend(fontsize=8)
    path = M.plot_file(ctx, exp_id)
    save_figure(fig, path, dpi=90)
    return str(path.name)


def plot_losses(ctx: Context, exp_id: str) -> str:
    """Each book play's loss against gnubg's best, with the verdict thresholds."""
    rows = [(f"{label(t)}" + (f" {st}" if len(_styles(t)) > 1 else ""),
             throw_analysis(ctx, t)["styles"][st]["loss"]) for t in THROWS for st in _styles(t)]  # fmt: skip
    fig = new_figure(6.4, 0.22 * len(rows) + 1.2)
    ax = fig.subplots()
    ys = np.arange(len(rows))[::-1]
    colors = {"supported": "tab:green", "inconclusive": "tab:gray", "refuted": "tab:red"}
    ax.barh(ys, [v for _, v in rows], color=[colors[opening_verdict(v).value] for _, v in rows])
    for x in (SUPPORTED_BELOW, REFUTED_FROM):
        ax.axvline(x, color="black", lw=0.8, ls="--")
    ax.set_yticks(ys, [k for k, _ in rows], fontsize=8)
    ax.set_xlabel(f"equity lost against gnubg's best play ({evaluator_ply(ctx)}-ply)")
    ax.set_title("The book's opening plays: loss and verdict", fontsize=10)
    path = M.plot_file(ctx, exp_id, "-losses")
    save_figure(fig, path, dpi=90)
    return str(path.name)


def ranking(ctx: Context) -> Result:
    exp_id = f"{GAME}.best-throws.exact"
    best = best_equities(ctx)
    eq = {t: float(best[t]["equity"]) for t in THROWS}
    r = ranking_check(eq)
    holds = r["in_order"] and r["at_top"]
    plots = [plot_openings(ctx, exp_id), plot_losses(ctx, exp_id)]
    ctx.tick(1.0)
    named = ", ".join(f"{k} #{v}" for k, v in r["rank"].items())
    summary = (f"gnubg ranks the book's five {named} of 21; in the book's order: "
               f"{'yes' if r['in_order'] else 'no'}; the five best: "
               f"{'yes' if r['at_top'] else 'no'}; Kendall's tau-b {r['tau_b']:+.2f}")  # fmt: skip
    numbers = {**r, "best play": {label(t): f"{best[t]['play']} ({eq[t]:+.3f})" for t in THROWS},
               "rethrow value": rethrow_value(best),
               "evaluator": f"gnubg {evaluator_ply(ctx)}-ply"}  # fmt: skip
    spread = depth_spread(ctx)
    numbers["book play's loss, largest change between plies"] = spread
    notes = ("The whole opening table (every style and alternative the book names; loss "
             "against gnubg's best play; the verdict rule of the opening experiments):\n\n"
             + _table(ctx)
             + "\n\nHow far the evaluator's depth moves these losses: "
             + "; ".join(f"{k}: up to {v:.3f}" for k, v in spread.items())
             + f" (the supported threshold is {SUPPORTED_BELOW}).")  # fmt: skip
    return result(exact_verdict(holds), r["tau_b"], math.nan, math.nan, len(THROWS),
                  "Kendall tau-b (book's ranking, gnubg's)", summary, numbers, plots, notes)  # fmt: skip


def doublets_good(ctx: Context) -> Result:
    """ "Doublets, if playable, are good": each doublet's best play against the value of
    throwing again (what the book's opening lets its winner do instead)."""
    best = best_equities(ctx)
    again = rethrow_value(best)
    doubles = [t for t in THROWS if t[0] == t[1]]
    above = {label(t): best[t]["equity"] - again for t in doubles}
    fails = [k for k, v in above.items() if v <= 0]
    ctx.tick(1.0)
    summary = (
        f"{len(doubles) - len(fails)} of {len(doubles)} doublets are worth more than "
        f"throwing again ({again:+.3f})" + (f"; not: {', '.join(fails)}" if fails else "")
    )
    return result(universal_verdict(len(fails), len(doubles)),
                  float(min(above.values())), math.nan, math.nan, len(doubles),
                  "least doublet's equity over a rethrow", summary,
                  {"rethrow value": again, "equity over a rethrow": above,
                   "evaluator": f"gnubg {evaluator_ply(ctx)}-ply"})  # fmt: skip


# --- numbers that differ by two ------------------------------------------------------------------


def permutation_shift(
    group: Sequence[float], rest: Sequence[float], level: float = 0.95
) -> dict[str, float]:
    """The difference of means ``group − rest``, its exact two-sided permutation p-value (every
    split of the pooled values into groups of these sizes), and the exact confidence interval of
    a location shift by inverting that test: the shifts ``d`` for which ``group − d`` against
    ``rest`` is not rejected at ``1 − level``.

    >>> r = permutation_shift([5.0, 6.0, 7.0], [0.0, 1.0, 2.0, 1.0, 0.5])
    >>> round(r["difference"], 3), r["p_value"] < 0.05, r["ci_low"] > 0
    (5.1, True, True)
    """
    a = np.asarray(group, dtype=float)
    b = np.asarray(rest, dtype=float)
    k, n = len(a), len(a) + len(b)
    splits = np.array(list(itertools.combinations(range(n), k)))
    mask = np.zeros((len(splits), n), dtype=bool)
    mask[np.arange(len(splits))[:, None], splits] = True

    def pvalue(shift: float) -> float:
        pooled = np.concatenate([a - shift, b])
        total = pooled.sum()
        sa = (mask * pooled).sum(axis=1)
        diffs = sa / k - (total - sa) / (n - k)
        obs = (a - shift).mean() - b.mean()
        return float(np.mean(np.abs(diffs) >= abs(obs) - 1e-12))

    diff = float(a.mean() - b.mean())
    span = float(np.ptp(np.concatenate([a, b]))) + abs(diff) + 1e-9
    alpha = 1 - level

    def edge(lo: float, hi: float) -> float:
        # lo is accepted (p > alpha), hi rejected: bisect to the boundary.
        for _ in range(50):
            mid = (lo + hi) / 2
            if pvalue(mid) > alpha:
                lo = mid
            else:
                hi = mid
        return lo

    p0 = pvalue(0.0)
    if pvalue(diff) <= alpha:  # Cannot happen with a finite sample; no interval then.
        return {"difference": diff, "p_value": p0, "ci_low": math.nan, "ci_high": math.nan,
                "splits": float(len(splits))}  # fmt: skip
    low = edge(diff, diff - span)
    high = edge(diff, diff + span)
    return {"difference": diff, "p_value": p0, "ci_low": low, "ci_high": high,
            "splits": float(len(splits))}  # fmt: skip


def makes_home_point(throw: tuple[int, int]) -> str | None:
    """A legal play of ``throw`` from the start that makes a new point in the home table (two
    or more men on a home point that was empty), in notation, or ``None``."""
    for pos, seq in sorted(plays(START, START, dice_to_play(*throw)).items()):
        mover = pos[0]
        if any(mover[p] >= 2 and START[p] == 0 for p in range(1, HOME + 1)):
            return str(notation(START, START, seq))
    return None


def differ_by_two(ctx: Context) -> Result:
    exp_id = f"{GAME}.differ-by-two.exact"
    best = best_equities(ctx)
    again = rethrow_value(best)
    others = [t for t in THROWS if t[0] != t[1] and t not in DIFFER_BY_TWO]
    a = [best[t]["equity"] for t in DIFFER_BY_TWO]
    b = [best[t]["equity"] for t in others]
    r = permutation_shift(a, b)
    ctx.tick(0.9)
    point = {label(t): makes_home_point(t) for t in DIFFER_BY_TWO}
    order = sorted((t for t in THROWS if t[0] != t[1]), key=lambda t: -best[t]["equity"])
    ranks = {label(t): order.index(t) + 1 for t in DIFFER_BY_TWO}
    fig = new_figure(6.4, 3.2)
    ax = fig.subplots()
    xs = [label(t) for t in order]
    ax.bar(range(len(xs)), [best[t]["equity"] for t in order],
           color=["tab:green" if t in DIFFER_BY_TWO else "tab:gray" for t in order])  # fmt: skip
    ax.axhline(again, color="black", lw=0.8, ls="--", label=f"throwing again ({again:+.3f})")
    ax.set_xticks(range(len(xs)), xs, rotation=45)
    ax.set_ylabel("best play's equity")
    ax.set_title("Non-doublet opening throws (green: numbers differ by two)", fontsize=10)
    ax.legend(fontsize=8)
    path = M.plot_file(ctx, exp_id)
    save_figure(fig, path, dpi=90)
    ctx.tick(1.0)
    summary = (f"their best plays average {r['difference']:+.3f} equity above the other "
               f"{len(others)} non-doublet throws (exact permutation p = {r['p_value']:.3f}); "
               f"ranks among the 15 non-doublets: "
               + ", ".join(f"{k} #{v}" for k, v in ranks.items()))  # fmt: skip
    book_64 = OPENINGS[(6, 4)].plays["hit"]
    notes = (f"\"Good\" is measured as the equity of the throw's best play (gnubg), compared with "
             f"the other non-doublet throws (the claim's reading: better than the throws that "
             f"cannot make a point) and, second, with the value of throwing again "
             f"({again:+.3f}), which the book's opening offers. The reason the book gives, that "
             f"each makes a point in the home table, holds for all four: "
             + ", ".join(f"{k}: `{v}`" for k, v in point.items())
             + f". Yet the book's own table plays 6-4 as `{book_64}`, not `{point['6-4']}`.")  # fmt: skip
    numbers = {"permutation": r, "differ by two": {label(t): best[t]["equity"]
                                                    for t in DIFFER_BY_TWO},
               "others": {label(t): best[t]["equity"] for t in others},
               "rank among non-doublets": ranks, "rethrow value": again,
               "above a rethrow": {label(t): best[t]["equity"] > again for t in DIFFER_BY_TWO},
               "point made": point, "evaluator": f"gnubg {evaluator_ply(ctx)}-ply"}  # fmt: skip
    return result(ci_verdict(r["ci_low"], r["ci_high"]), r["difference"], r["ci_low"],
                  r["ci_high"], len(DIFFER_BY_TWO) + len(others),
                  "best-play equity: differ by two − other non-doublets", summary, numbers,
                  [path.name], notes)  # fmt: skip


# --- make points, avoid blots: the heuristic's rules ---------------------------------------------

RULE_ITEM = {"make-points": "§21.6.1", "avoid-blots": "§21.6.2", "opening": "§21.6.3"}
"""The RULES.md item of each heuristic hint; the others are the plays the book takes for
granted (hit, escape, bear off, race)."""
ABLATION_SCALE = 0.2
"""Share of the budget's duplicate deals each ablation plays (full: 500 deals head to head, 200
of each against ``random``): a heuristic game takes about a third of a second on one core, and a
deal's two games differ by about 0.9 to 1.4 points, so 500 deals resolve an effect of about
0.1 points a game."""
UNIT = "points per game"
POSITIONS_PER = {"make-points": 5.0, "avoid-blots": 5.0}
"""Positions judged by gnubg per hint: this many times the budget's ``positions`` (full: 200
for the book's two principles, 40 for the other hints, whose agreement is a side number), one
per self-play game, so that they are independent. gnubg at 2-ply takes about 1.5 s a position."""
SCAN_PER = 1.5
"""The most self-play games scanned for them: this many times the budget's ``scan_deals``."""


def ablation(ctx: Context, hint_id: str) -> Result:
    """The framework's ablation (:func:`~hoyle.experiments.hints.methods.ablation`) without its
    A/A control: in backgammon every hint acts in nearly every game, so the control would
    cancel no luck and double the variance."""
    return M.ablation(ctx, f"{hint_id}.ablation", hint_id, UNIT, GAME, ABLATION_SCALE,
                      control=False)  # fmt: skip


ABLATION_HOW = (
    "`heuristic` against `heuristic:-{short}` head to head on duplicate deals of `backgammon` "
    "(each deal's dice in both seatings); effect: points a game won by the agent with the hint, "
    "its Student-t interval over the deals. Unlike the card games' ablations, no A/A control "
    "is subtracted: the hint acts in nearly every game, so the control would cancel no luck "
    "and double the variance; by symmetry the raw head-to-head mean is already the effect. "
    "{extra}"
)


def rules() -> list[str]:
    """The heuristic's hints by short name, in its priority order (empty before they exist)."""
    return list(heuristic_hints())


def heuristic_hints() -> dict[str, Any]:
    """The heuristic's backgammon hints by short name (empty before they exist)."""
    try:
        from hoyle.agents.heuristics import backgammon as H
    except ImportError:  # pragma: no cover
        return {}
    return {h.id.split(".", 1)[-1]: h for h in getattr(H, "HINTS", ())}


def rule_opinion(hint: Any, choice: Any) -> list[int]:
    """The plays (indices into ``choice.plays``) the rule keeps when it alone judges every legal
    play; empty when it has no opinion (it keeps all, or none). ``choice`` is the heuristic's
    ``PlayChoice`` (shared between the rules, so that its shot counts are computed once)."""
    n = len(choice.plays)
    kept = sorted({i for i in hint.narrow(choice, list(range(n))) if 0 <= i < n})
    return kept if 0 < len(kept) < n else []


def _scan_game(task: tuple[str, int, int]) -> dict[str, Any]:
    """One seeded self-play game of the full heuristic; for each rule, one position (drawn at
    random, seeded) where the rule alone has an opinion on the plays of the throw."""
    import random as _random

    from hoyle.agents import make
    from hoyle.agents.heuristics.backgammon import PlayChoice
    from hoyle.agents.throw import throw_plays
    from hoyle.envs.games.backgammon import MOVE
    from hoyle.experiments.match import deal_seed, derive_seed, sample_chance

    game_text, seed, deal = task
    game = M.load(game_text)
    hints = heuristic_hints()
    bots = [make("heuristic", game, derive_seed(seed, deal, 1, 0, k)) for k in range(2)]
    chance = _random.Random(deal_seed(seed, deal))
    state = game.new_initial_state()
    found: dict[str, list[dict[str, Any]]] = {r: [] for r in hints}
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        s = state.s
        if s.phase == MOVE and not s.played:
            options = throw_plays(state)
            if len(options) > 1:
                decisions += 1
                view = state.player_view(state.current_player())
                choice = PlayChoice(view, options, "hit", state.rules.larger_die)
                for r, h in hints.items():
                    kept = rule_opinion(h, choice)
                    if kept:
                        mover, adversary = state.rules.position(s)
                        found[r].append({"mover": list(mover), "adversary": list(adversary),
                                         "dice": list(s.dice_left), "kept": kept,
                                         "plays": len(options)})  # fmt: skip
        state.apply_action(bots[state.current_player()].step(state))
    pick = _random.Random(derive_seed(seed, deal, 8))
    picked = {r: v[pick.randrange(len(v))] for r, v in found.items() if v}
    return {"deal": deal, "decisions": decisions,
            "counts": {r: len(v) for r, v in found.items()}, "picked": picked}  # fmt: skip


_WORKER_EVALUATORS: dict[int, Any] = {}


def _judge_position(task: tuple[int, dict[str, Any], bool]) -> dict[str, Any]:
    """gnubg's equity of every play at a scanned position; where its best play lies."""
    plies, p, larger_die = task
    if plies not in _WORKER_EVALUATORS:
        _WORKER_EVALUATORS[plies] = GnubgEvaluator(plies, BACKGAMMON_VALUE)
    ev = _WORKER_EVALUATORS[plies]
    mover, adversary = tuple(p["mover"]), tuple(p["adversary"])
    options = sorted(plays(mover, adversary, tuple(p["dice"]), larger_die).items())
    eq = [ev.equity_after(pos) for pos, _ in options]
    return judge_opinion(eq, p["kept"])


def judge_opinion(equity: Sequence[float], kept: Sequence[int]) -> dict[str, Any]:
    """Where the evaluator's best play lies against a rule's choice ``kept`` (indices): does the
    rule keep it, what share of the plays the rule keeps (a random legal play's chance of
    agreeing), and the equity the best play the rule keeps and the best it drops give up.

    >>> judge_opinion([0.1, 0.3, 0.2], [1])["agrees"], judge_opinion([0.1, 0.3, 0.2], [0, 2])["agrees"]
    (True, False)
    """
    n = len(equity)
    best = max(equity)
    top = max(range(n), key=lambda i: equity[i])
    keep = set(kept)
    dropped = [equity[i] for i in range(n) if i not in keep]
    return {
        "agrees": top in keep, "chance": len(keep) / n, "plays": n,
        "loss_obeying": best - max(equity[i] for i in keep),
        "loss_defying": best - max(dropped) if dropped else math.nan,
    }  # fmt: skip


def agreement_positions(ctx: Context, lo: float, hi: float) -> dict[str, Any]:
    """The positions of both rules, scanned once per run (cached on disk, like the framework's
    referee positions)."""
    names = rules()
    want = {r: round(POSITIONS_PER.get(r, 1.0) * ctx.budget.positions) for r in names}
    limit = max(max(want.values(), default=0), round(SCAN_PER * ctx.budget.scan_deals))
    key = f"rule-positions-{ctx.budget.name}-s{ctx.seed}-{sum(want.values())}-{limit}"
    if key in ctx.cache:
        return ctx.cache[key]  # type: ignore[no-any-return]
    path = ctx.root / "cache" / f"{key}.json"
    cached = load_cache(path)
    if cached is not None:
        ctx.cache[key] = cached
        return cached  # type: ignore[no-any-return]
    seed = ctx.seed_for("rule-positions")
    games: list[dict[str, Any]] = []
    start = 0
    while start < limit:
        stop = min(limit, start + M.SCAN_BATCH)
        games += M.pmap(ctx, _scan_game, [(GAME, seed, d) for d in range(start, stop)],
                        lo + (hi - lo) * start / limit, lo + (hi - lo) * stop / limit)  # fmt: skip
        start = stop
        if all(sum(1 for g in games if r in g["picked"]) >= want[r] for r in names):
            break
    ctx.tick(hi)
    positions: dict[str, list[dict[str, Any]]] = {r: [] for r in names}
    for g in sorted(games, key=lambda g: g["deal"]):
        for r, p in g["picked"].items():
            if r in positions and len(positions[r]) < want[r]:
                positions[r].append({"deal": g["deal"], **p})
    stored = {
        "games": len(games), "decisions": sum(g["decisions"] for g in games),
        "counts": {r: sum(g["counts"].get(r, 0) for g in games) for r in names},
        "positions": positions,
    }  # fmt: skip
    save_cache(path, stored)
    ctx.cache[key] = stored
    return stored


def agreement(ctx: Context, rule: str) -> Result:
    """How often gnubg's best play is one the rule keeps, against a random legal play's chance."""
    exp_id = f"{GAME}.{rule}.referee"
    plies = evaluator_ply(ctx, referee=True)
    evaluator(ctx, plies)  # gnubg missing: skipped here, before any work
    found = agreement_positions(ctx, 0.0, 0.4)
    pos = found["positions"][rule]
    larger = bool(M.load(GAME).rules.larger_die)
    judged = M.pmap(ctx, _judge_position, [(plies, p, larger) for p in pos], 0.4, 1.0)
    n = len(judged)
    k = sum(j["agrees"] for j in judged)
    chance = float(np.mean([j["chance"] for j in judged])) if n else math.nan
    p, plo, phi = proportion_ci(k, n)
    m, lo, hi = p - chance, plo - chance, phi - chance
    obey = float(np.mean([j["loss_obeying"] for j in judged])) if n else math.nan
    defy = [j["loss_defying"] for j in judged if not math.isnan(j["loss_defying"])]
    numbers = {
        "evaluator": f"gnubg {plies}-ply", "positions": n, "gnubg agrees": k,
        "agreement": [p, plo, phi], "random legal play agrees": chance,
        "mean equity lost by the best play the rule keeps": obey,
        "mean equity lost by the best play the rule drops": float(np.mean(defy)) if defy
        else math.nan,
        "games scanned": found["games"], "throws with a choice": found["decisions"],
        "throws where the rule has an opinion": found["counts"][rule],
    }  # fmt: skip
    plots = []
    if n:
        plots.append(M.plot_bars(M.plot_file(ctx, exp_id), ["gnubg agrees", "random play agrees"],
                                 [p, chance], "share of positions",
                                 f"{rule}: gnubg's best play kept by the rule?"))  # fmt: skip
    summary = (f"gnubg's best play is one the rule keeps in {k} of {n} positions ({p:.0%}); a "
               f"random legal play would be in {chance:.0%}; the best play the rule keeps gives "
               f"up {obey:.3f} equity on average" if n else "the rule never had an opinion")  # fmt: skip
    notes = ("Positions: one per seeded self-play game of the full heuristic, drawn at random "
             "among the throws (with more than one distinct play) where the rule, judging every "
             "legal play alone, keeps some and drops others.")  # fmt: skip
    verdict = ci_verdict(lo, hi) if n else Verdict.INCONCLUSIVE
    return result(verdict, m, lo, hi, n, "agreement − random play's", summary, numbers, plots,
                  notes)  # fmt: skip


AGREE_HOW = (
    "Positions from seeded self-play of the full heuristic, one per game, where the rule (the "
    "heuristic's `{rule}` judging every legal play of the throw on its own) keeps some plays and "
    "drops others. gnubg values every legal play (2-ply, full budget); the sample is whether its "
    "best play is one the rule keeps. Effect: that agreement rate less the rate of a random "
    "legal play (the share of the plays the rule keeps, averaged), with the exact "
    "(Clopper-Pearson) interval of the agreement shifted by the same amount."
)


def _register_rules() -> None:
    for rule, h in heuristic_hints().items():

        def ab(ctx: Context, hid: str = h.id) -> Result:
            return ablation(ctx, hid)

        def rf(ctx: Context, r: str = rule) -> Result:
            return agreement(ctx, r)

        item = RULE_ITEM.get(rule, "")
        extra = ("Second number (full budget): each against `random` on the same deals, paired "
                 "by deal.")  # fmt: skip
        register(Experiment(f"{h.id}.ablation", GAME, item, h.id, h.summary, h.source,
                            "ablation", ABLATION_HOW.format(short=rule, extra=extra), ab))  # fmt: skip
        register(Experiment(f"{h.id}.referee", GAME, item, h.id, h.summary, h.source,
                            "referee", AGREE_HOW.format(rule=rule), rf))  # fmt: skip


# --- the registry --------------------------------------------------------------------------------

register_untestable(Untestable(
    f"{GAME}.gammon-for-the-rubber", GAME, "§21.6.3",
    "This case often arises where the player has already lost the first hit of a rubber, in which "
    "case, if he loses the next game, he has lost the rubber also; but if he can secure a gammon "
    "(reckoning as a double game), he becomes the winner of the rubber.",
    f"{HINTS_FOR_PLAY}, before the opening throws",
    "A claim about when to choose the gammon style: at a rubber score where only a gammon wins "
    "the rubber. The game has no rubber score to play for (its series parameter adds the games' "
    "values), and gnubg's cubeless money equity values a gammon at two games, not at 'the "
    "rubber'. What the claim rests on is tested instead: the book's gammon plays do win more "
    "gammons (gammon-style), and what each costs in money equity is in the opening table.",
))  # fmt: skip
_register_rules()  # The book's order: the principles (§21.6.1-2), then the openings.
_register_openings()
register(Experiment(
    f"{GAME}.gammon-style.exact", GAME, "§21.6.3", f"{GAME}.opening",
    "In some instances alternative methods will be given, according as the player aims merely "
    "at securing a hit, and is content, therefore, to play for safety, or elects to play a more "
    "risky game upon the chance of securing a gammon.", f"{HINTS_FOR_PLAY}, opening throws",
    "exact",
    "For each throw where the book gives a play for a hit and another for a gammon (2-1, 2-2, "
    "3-3, 4-4, 5-1), gnubg's probability of winning a gammon after each; the claim holds when the "
    "gammon play wins more gammons for every such throw. Effect: the mean gain in P(win a "
    "gammon); the equity each costs is in the numbers.",
    gammon_style,
))  # fmt: skip
register(Experiment(
    f"{GAME}.best-throws.exact", GAME, "§21.6.4", "",
    "Of the above throws (at the outset of the game), double aces are reckoned the best, and "
    "double sixes next best. Double trois comes third, followed by trois ace and six ace.",
    f"{HINTS_FOR_PLAY}, after the opening throws", "exact",
    "Each of the 21 throws is valued by its best play (gnubg's equity for the player who just "
    "played, after it). Supported when gnubg puts 1-1 > 6-6 > 3-3 > 3-1, 6-1 (the last two in "
    "either order) and these five above every other throw; effect: Kendall's tau-b between the "
    "book's ranking (the other 16 throws tied last) and gnubg's. The section also holds the "
    "whole opening table and its plot.",
    ranking,
))  # fmt: skip
register(Experiment(
    f"{GAME}.doublets-good.exact", GAME, "§21.6.4", "",
    "Doublets, if playable, are good, as covering greater distance.",
    f"{HINTS_FOR_PLAY}, after the opening throws", "exact",
    "\"Good\" as the book's opening makes it concrete: worth taking rather than throwing both "
    "dice again. Each doublet's best-play equity against the value of a rethrow (the best "
    "play's equity averaged over the 36 throws); supported when every doublet is worth more. "
    "Effect: the smallest margin.",
    doublets_good,
))  # fmt: skip
register(Experiment(
    f"{GAME}.differ-by-two.exact", GAME, "§21.6.5", "",
    "Any throw in which the higher of the two numbers is two in advance of the other (as cinque "
    "trois, trois ace) is also good, as enabling you to make a point in your table.",
    f"{HINTS_FOR_PLAY}, after the opening throws", "exact",
    "The best-play equities of 3-1, 4-2, 5-3, 6-4 against those of the other 11 non-doublet "
    "throws: the difference of means, its exact permutation test over all 1,365 splits of the "
    "15 throws, and the exact 95% interval of the shift (the test inverted). Verdict by that "
    "interval. The value of a rethrow and the point each throw makes are in the numbers.",
    differ_by_two,
))  # fmt: skip
