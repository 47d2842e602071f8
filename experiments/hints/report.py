"""The hint report: one Markdown page per game, a table of every hint, then a section each.

``<out>/<game>/report.md`` (with ``plots/*.png`` beside it) and ``<out>/<game>/summary.csv``
(one row per experiment: the table in machine-readable form).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hoyle.envs.core.files import write_text
from hoyle.experiments.hints.framework import (
    UNTESTABLE,
    Experiment,
    Result,
    Verdict,
    hint_module,
    load_all,
)

REPORT_FILE = "report.md"
SUMMARY_FILE = "summary.csv"

VERDICT_RULE = (
    "Every effect is signed so that a positive number is on the book's side. An effect with a "
    "95% confidence interval (ablation, referee, a rate against a reference) is **supported** "
    "when the whole interval lies above zero, **refuted** when it lies below zero, "
    "**inconclusive** otherwise. An exact arithmetic claim is supported or refuted outright. "
    'A universal claim checked by simulation ("cannot", "is eleven") is refuted by a single '
    "counterexample and supported when none turns up; its effect is the share of cases in "
    "which it held, with an exact (Clopper-Pearson) interval that shows how far the check went."
)
METHODS_TEXT = (
    "*Ablation*: `heuristic` against `heuristic:-<hint>` head to head on duplicate deals (each "
    "deal in both seatings, the same cards), less the A/A match `heuristic` against `heuristic` "
    "on the same deals and agent seeds, deal by deal (a control with expectation zero: where "
    "the hint never fires the games are the same, so the seeds' tie-breaking luck cancels). In a two-player zero-sum game this equals the "
    "comparison of both against the common opponent `heuristic` (whose self-play is worth zero "
    "by symmetry) and is the most sensitive design; as a second number (full budget) each is "
    "also matched against `random` on the same deals, paired by deal. The verdict rests on the "
    "head-to-head interval. *Referee*: positions from seeded heuristic self-play where switching "
    "the hint off changes the move (one per deal); a stronger agent chooses there; the effect "
    "is P(it picks the book's move) − P(it picks the alternative), its interval an exact sign "
    "test on the positions where it picked one of the two. *Simulation*: seeded deals "
    "through the game's own chance. *Exact*: computed outright. An ablation or referee verdict "
    "judges the hint *as the heuristic agent reads it* (`agents/heuristics/<game>.py`: when "
    "it fires, what it prefers), within that agent's other hints; a refuted hint may be a "
    "refuted reading rather than refuted advice, and the section of each says what was run."
)


def _fmt(x: Any, digits: int = 3) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if isinstance(x, float):
        return f"{x:+.{digits}f}"
    return str(x)


def _ci(r: Result) -> str:
    if math.isnan(r.ci_low) or math.isnan(r.ci_high):
        return "—"
    return f"[{r.ci_low:+.3f}, {r.ci_high:+.3f}]"


def _anchor(text: str) -> str:
    """GitHub's heading anchor: lower case, punctuation other than ``-`` and ``_`` dropped."""
    return "".join(c for c in text.lower() if c.isalnum() or c in "-_ ").replace(" ", "-")


def _item(e: Experiment) -> str:
    return e.item or "—"


def _numbers(d: dict[str, Any], depth: int = 0) -> list[str]:
    lines = []
    for k, v in d.items():
        pad = "  " * depth
        if isinstance(v, dict) and v and len(v) <= 40:
            lines.append(f"{pad}- {str(k).replace('_', ' ')}:")
            lines += _numbers(v, depth + 1)
        else:
            if isinstance(v, list | tuple) and v and all(isinstance(x, float) for x in v):
                v = "(" + ", ".join(f"{x:.4g}" for x in v) + ")"
            elif isinstance(v, float):
                v = f"{v:.4g}"
            lines.append(f"{pad}- {str(k).replace('_', ' ')}: {v}")
    return lines


def forest_plot(path: Path, rows: Sequence[tuple[Experiment, Result]], title: str) -> str | None:
    """Every ablation's effect with its interval, in one figure."""
    from hoyle.experiments.hints.methods import plot_intervals

    pts = [(e.hint.split(".", 1)[-1], r.effect, r.ci_low, r.ci_high) for e, r in rows
           if e.method == "ablation" and r.n > 0]  # fmt: skip
    if not pts:
        return None
    units = {r.unit for e, r in rows if e.method == "ablation" and r.n > 0}
    unit = " / ".join(sorted(units))
    return str(plot_intervals(path, pts, f"{unit}: with the hint − without (95% CI)", title))


def referees(done: Sequence[tuple[Any, Any]]) -> str:
    """The referees the referee experiments of ``done`` were judged by, or a dash: a game whose
    experiments call none has none, whatever its budget names."""
    names = sorted({str(r.budget_key["referee"]) for _, r in done
                    if r.method == "referee" and "referee" in r.budget_key})  # fmt: skip
    return ", ".join(names) or "—"


def write_report(
    game: str, done: Sequence[tuple[Experiment, Result]], root: Path, command: str = "",
    seconds: float | None = None,
) -> Path:  # fmt: skip
    """Write ``report.md`` and ``summary.csv`` under ``root`` (= ``<out>/<game>``)."""
    load_all()
    root.mkdir(parents=True, exist_ok=True)
    (root / "plots").mkdir(exist_ok=True)
    title = game.capitalize()
    budgets = sorted({r.budget for _, r in done})
    seeds = sorted({r.seed for _, r in done})
    spent = sum(r.seconds or 0.0 for _, r in done)
    counts = {v: sum(1 for _, r in done if r.verdict == v) for v in Verdict}
    lines = [f"# The book's hints, tested: {title}", ""]
    lines.append(
        f"Budget {', '.join(budgets) or '—'}; seed {', '.join(map(str, seeds)) or '—'}; "
        f"referee `{referees(done)}`; {len(done)} experiments: "
        + ", ".join(f"{counts[v]} {v.value}" for v in Verdict)
        + (f"; this run {seconds:.0f} s" if seconds is not None and seconds >= 1 else "")
        + (f"; the experiments took {spent:,.0f} s in all, as they ran" if spent else "")
        + "."
    )
    if command:
        lines += ["", f"Made by `{command}` (the same command reproduces it: same seed, same "
                  "numbers; finished experiments are reused)."]  # fmt: skip
    methods = getattr(hint_module(game),
                      "METHODS_TEXT", METHODS_TEXT)  # fmt: skip
    # What the item column names: the rules section by default, the game's own where it has one.
    source = getattr(hint_module(game), "ITEM_SOURCE", "RULES.md")
    lines += ["", "**Verdict rule.** " + VERDICT_RULE, "", "**Methods.** " + methods, ""]
    lines += ["## Every hint", "",
              f"| {source} | experiment | method | verdict | effect | 95% CI | n | unit |",
              "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for e, r in done:
        short = e.id.split(".", 1)[-1]
        lines.append(
            f"| {_item(e)} | [{short}](#{_anchor(e.id)}) | {e.method} | **{r.verdict.value}** | "
            f"{_fmt(r.effect)} | {_ci(r)} | {r.n} | {r.unit} |"
        )
    untestable = UNTESTABLE.get(game, [])
    if untestable:
        lines += ["", "Not testable:", "", f"| {source} | hint | why |", "|---|---|---|"]
        for u in untestable:
            lines.append(f"| {u.item} | {u.id.split('.', 1)[-1]} | {u.reason} |")
    forest = forest_plot(root / "plots" / "ablations.png", done,
                         f"{title}: every hint ablated (with it − without)")  # fmt: skip
    if forest:
        lines += ["", f"![every ablation](plots/{forest})"]
    lines += ["", "## The experiments", ""]
    for e, r in done:
        lines += [f"### {e.id}", ""]
        where = f"{source} {e.item}" if e.item else "a play the book takes for granted"
        lines += [f"**Claim** ({where}): \u201c{e.claim}\u201d — {e.citation}.", ""]
        lines += [f"**Method** ({e.method}): {e.how}", ""]
        lines += [f"**Verdict: {r.verdict.value}.** Effect {_fmt(r.effect)} {r.unit}, 95% CI "
                  f"{_ci(r)}, n = {r.n}: {r.summary}."]  # fmt: skip
        if r.notes:
            lines += ["", r.notes]
        if r.numbers:
            lines += ["", "<details><summary>numbers</summary>", ""]
            lines += _numbers(r.numbers)
            lines += ["", f"({r.seconds:.1f} s, budget {r.budget}, seed {r.seed})", "</details>"]
        for p in r.plots:
            lines += ["", f"![{e.id}](plots/{p})"]
        lines.append("")
    for u in untestable:
        lines += [f"### {u.id}", "", f"**Claim** ({source} {u.item}): \u201c{u.claim}\u201d — "
                  f"{u.citation}.", "", f"**Not testable.** {u.reason}", ""]  # fmt: skip
    path = root / REPORT_FILE
    write_text(path, "\n".join(lines))
    table = io.StringIO(newline="")
    w = csv.writer(table)
    w.writerow(["item", "id", "hint", "method", "verdict", "effect", "ci_low", "ci_high",
                "n", "unit", "budget", "seed", "seconds"])  # fmt: skip
    for e, r in done:
        w.writerow([e.item, e.id, e.hint, e.method, r.verdict.value, r.effect, r.ci_low,
                    r.ci_high, r.n, r.unit, r.budget, r.seed, r.seconds])  # fmt: skip
    for u in untestable:
        w.writerow([u.item, u.id, "", "", "not testable", "", "", "", 0, "", "", "", ""])
    write_text(root / SUMMARY_FILE, table.getvalue())
    return path


def format_table(done: Sequence[tuple[Experiment, Result]]) -> str:
    """The verdicts as a plain-text table (what ``hoyle hints`` prints)."""
    head = f"{'item':<8} {'experiment':<42} {'verdict':<13} {'effect':>8} {'95% CI':>20} {'n':>6}"
    out = [head, "-" * len(head)]
    for e, r in done:
        out.append(f"{_item(e):<8} {e.id.split('.', 1)[-1]:<42} {r.verdict.value:<13} "
                   f"{_fmt(r.effect):>8} {_ci(r):>20} {r.n:>6}")  # fmt: skip
    return "\n".join(out)
