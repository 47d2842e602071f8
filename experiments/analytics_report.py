"""The report of ``hoyle analytics`` (:mod:`hoyle.experiments.analytics`): Markdown, JSON, plot.

Built from the results alone, so what ``results.json`` holds is what ``report.md`` says.
Every file is written atomically (:mod:`hoyle.envs.core.files`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.envs.core.files import json_finite, write_text
from hoyle.experiments.plots import new_figure, save_figure

DEFINITIONS = """\
- **Decisions** — over random games (every player choosing uniformly among its legal
  actions): a *decision node* is every point where a player acts, forced or not; a *real
  decision* has more than one legal action; *chance nodes* are the cards dealt and other
  draws.
- **Result** of a player (a side, in a partnership game) in one game: his return less the mean
  return of the others at the table (in a two-player zero-sum game, twice his return; in a
  patience, his score).
- **Skill gap** `G` — the mean over deals of the best agent's result against random agents
  (all other seats, or the other side, random), each deal averaged over its seatings
  (duplicate deals: every agent in every seat), with its 95% Student-t interval over deals:
  the paired difference of returns `best − random` that `hoyle match` prints.
- **Luck** `L` — the standard deviation of one game's result between equal players: every
  seat of every game of the heuristic's self-play.
- **Deals for skill to show** — `N = (1.96 L / G)²`: the deals after which a mean result of
  `G` clears its 95% interval when each deal's result spreads by `L` (deals dealt at random).
  On duplicate deals the shared luck cancels: `N_dup = (1.96 S / G)²`, with `S` the standard
  deviation of the per-deal values of `G`.
- **Seat effect** — each seat's mean return in the heuristic's self-play (all seats the same
  agent), with its 95% interval over deals; the seat that acts first in most random games and
  the first dealer (where the game names one) are named.
- **Value of memory** — the mean result of `heuristic` against itself without its memory
  hint (`track-stops`, `track-asks`; copies in the other seats, or the other side) on
  duplicate deals: the paired difference of returns, with its 95% interval."""


def _f(x: Any, fmt: str = "+.3f") -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return format(x, fmt)


def _ci(r: Mapping[str, Any], fmt: str = "+.3f") -> str:
    return f"{_f(r['mean'], fmt)} [{_f(r['ci_low'], fmt)}, {_f(r['ci_high'], fmt)}]"


def _excludes(r: Mapping[str, Any]) -> bool:
    lo, hi = r["ci_low"], r["ci_high"]
    return not (math.isnan(lo) or math.isnan(hi)) and (lo > 0 or hi < 0)


def decisions_words(d: Mapping[str, Any]) -> str:
    """The decisions in one plain sentence; a game without a real decision is said so."""
    if not d["decision_nodes"]:
        return "No player ever acts in these games: there is nothing to decide."
    if d["share_real"] == 0:
        return (f"Every one of the {d['decision_nodes']} decisions over {d['games']} random "
                "games had exactly one legal action: the plays are forced and this game has "
                "no decision worth the name (skill cannot show in it).")  # fmt: skip
    return (f"{100 * d['share_real']:.1f}% of the decisions have more than one legal action, "
            f"{d['real_decisions_per_game']:.1f} such decisions a game.")  # fmt: skip


def gap_shown(ls: Mapping[str, Any]) -> bool:
    """Whether the skill gap's interval lies above 0 (else the ratio and the deals for skill to
    show, which divide by it, are not read)."""
    gap = ls["skill_gap"]
    return _excludes(gap) and gap["mean"] > 0


def _read(ls: Mapping[str, Any], key: str, fmt: str) -> str:
    """A number that divides by the skill gap, marked where the gap is not seen above 0."""
    return _f(ls[key], fmt) + ("" if gap_shown(ls) else " (G not above 0 at 95%)")


def luck_words(ls: Mapping[str, Any], deals: int) -> str:
    """The luck and skill split in plain words."""
    gap = ls["skill_gap"]
    if not gap_shown(ls):
        return (f"The skill gap is not distinguishable from zero over {deals} deals "
                f"({_ci(gap)}): at this sample the best agent is not seen to beat random play; "
                f"one game's result spreads by {_f(ls['luck'], '.3f')}.")  # fmt: skip
    n, nd = ls["deals_to_show"], ls["deals_to_show_duplicate"]
    dup = f", or about {nd:,.0f} on duplicate deals" if not math.isnan(nd) else ""
    return (f"A game's luck is {ls['ratio']:.1f} times the skill gap: about {n:,.0f} deals for "
            f"the best agent's skill to show at 95% against random play{dup}.")  # fmt: skip


def summary_lines(r: Mapping[str, Any]) -> list[str]:
    """The run's numbers as a few lines for the terminal."""
    d, ls = r["decisions"], r["luck_skill"]
    lines = [
        f"{r['game_string']}: {d['games']} random games, {r['deals']} duplicate deals a match, "
        f"seed {r['seed']}",
        f"decisions: {d['decisions_per_game']['mean']:.1f} a game, mean legal actions "
        f"{_f(d['mean_legal_actions'], '.2f')}, more than one: "
        f"{_f(100 * d['share_real'], '.1f')}%, chance nodes {d['chance_nodes_per_game']['mean']:.1f}"
        " a game",
        f"skill gap ({r['best']} − random): {_ci(ls['skill_gap'])}; luck (sd of a game's "
        f"result): {_f(ls['luck'], '.3f')}; ratio {_f(ls['ratio'], '.1f')}; deals to show "
        f"{_f(ls['deals_to_show'], ',.0f')} ({_f(ls['deals_to_show_duplicate'], ',.0f')} "
        "duplicate)" + ("" if gap_shown(ls) else " (G not above 0 at 95%)"),
    ]  # fmt: skip
    if r["seat_effect"] is not None:
        seats = "; ".join(f"{s['seat']}: {_ci(s)}" for s in r["seat_effect"]["seats"])
        lines.append(f"{_unit(r)} means in self-play: {seats}")
    m = r["memory"]
    lines.append("memory: the heuristic has no memory switch" if m is None else
                 f"memory (heuristic − heuristic:-{_forget(r)}): {_ci(m['difference'])}")  # fmt: skip
    return lines


def _unit(r: Mapping[str, Any]) -> str:
    return "side" if r["sides"] else "seat"


def to_markdown(r: Mapping[str, Any]) -> str:
    """The report (``report.md``)."""
    d, ls, unit = r["decisions"], r["luck_skill"], _unit(r)
    out = [f"# Analytics: {r['title']} (`{r['game_string']}`)", "",
           f"{r['book']}, {r['section']}. {r['players']} players"
           + (f", sides {' against '.join('&'.join(map(str, s)) for s in r['sides'])}"
              if r["sides"] else "")
           + f"; {d['games']} random games, {r['deals']} duplicate deals per match "
           f"(budget {r['budget']}), seed {r['seed']}; hoyle {r['version']}, game version "
           f"{r['game_version']}.", "",
           f"Made by `hoyle analytics '{r['game_string']}' --deals {r['deals']} --games "
           f"{d['games']} --seed {r['seed']}"
           + (f" --best '{r['best']}'" if r["best"] != "heuristic" else "") + "` (it resumes "
           "from the stored runs in this folder). The measures are explained in "
           "[docs/analytics.md](../../analytics.md).", "",
           "![analytics](analytics.png)", "",
           "## Decisions", "", decisions_words(d), "",
           "| measure | value |", "|:---|---:|",
           f"| decision nodes per game (mean, min–max) | {d['decisions_per_game']['mean']:.1f} "
           f"({d['decisions_per_game']['min']:.0f}–{d['decisions_per_game']['max']:.0f}) |",
           f"| mean legal actions per decision | {_f(d['mean_legal_actions'], '.2f')} |",
           f"| decisions with more than one legal action | {_f(100 * d['share_real'], '.1f')}% |",
           f"| real decisions per game | {_f(d['real_decisions_per_game'], '.1f')} |",
           f"| chance nodes per game (mean, min–max) | {d['chance_nodes_per_game']['mean']:.1f} "
           f"({d['chance_nodes_per_game']['min']:.0f}–{d['chance_nodes_per_game']['max']:.0f}) |",
           f"| first to act (most games) | {unit} {d['first_to_act']} "
           f"({_f(100 * d['first_to_act_share'], '.0f')}% of games) |", "",
           "Legal actions at a decision (count of decisions):", "",
           "| legal actions | " + " | ".join(d["legal_histogram"]) + " |",
           "|---" * (len(d["legal_histogram"]) + 1) + "|",
           "| decisions | " + " | ".join(str(v) for v in d["legal_histogram"].values()) + " |",
           "", "## Luck and skill", "", luck_words(ls, r["deals"]), "",
           "| measure | value |", "|:---|---:|",
           f"| skill gap G ({'`' + r['best'] + '`'} − random, result per game) [95% CI] | "
           f"{_ci(ls['skill_gap'])} over {ls['skill_gap']['n']} deals |",
           f"| luck L (sd of one game's result, heuristic self-play) | {_f(ls['luck'], '.3f')} "
           f"over {ls['games_in_luck']} results |",
           f"| ratio L / G | {_read(ls, 'ratio', '.1f')} |",
           f"| deals for skill to show, N = (1.96 L / G)² | {_read(ls, 'deals_to_show', ',.0f')} |",
           f"| sd of the per-deal values of G, S | {_f(ls['duplicate_sd'], '.3f')} |",
           f"| duplicate deals for skill to show, (1.96 S / G)² | "
           f"{_read(ls, 'deals_to_show_duplicate', ',.0f')} |", ""]  # fmt: skip
    out += _seats_md(r)
    m = r["memory"]
    out += ["## Value of memory", ""]
    if m is None:
        out += ["The game's heuristic has no memory switch (no hint declared `memory`): the "
                "value of memory is not measured.", ""]  # fmt: skip
    else:
        diff = m["difference"]
        verdict = ("memory helps" if diff["ci_low"] > 0 else "memory hurts"
                   if diff["ci_high"] < 0 else "no difference is seen at this sample")  # fmt: skip
        out += [f"`heuristic` − `heuristic:-{_forget(r)}` (result per game, duplicate-paired): "
                f"{_ci(diff)} over {diff['n']} deals: {verdict}.", ""]  # fmt: skip
    out += ["## Definitions", "", DEFINITIONS, ""]
    return "\n".join(out)


def _forget(r: Mapping[str, Any]) -> str:
    """The memory hint switched off (runs written before it was stored: ``track-stops``)."""
    return str(r.get("memory_hint") or "track-stops")


def _seats_md(r: Mapping[str, Any]) -> list[str]:
    se = r["seat_effect"]
    out = ["## Seat effect", ""]
    if se is None:
        return [*out, "One player: there are no seats to compare.", ""]
    unit = _unit(r)
    first = se["first_to_act"]
    for key, who, seat in (("first_differs", "acts first in most games", first),
                           ("dealer_differs", "deals first", se.get("dealer"))):  # fmt: skip
        if key in se:
            words = "differs from zero" if se[key] else "is not seen to differ from zero"
            out += [f"- The mean return of the {unit} that {who} ({unit} {seat}) {words} at "
                    "95%."]  # fmt: skip
    if se.get("dealer") is None:
        out += ["- The game's state names no dealer: the first dealer is not marked."]
    differ = se["seats_differing"]
    out += [f"- {unit.capitalize()}s whose mean return differs from zero at 95%: "
            + (", ".join(map(str, differ)) if differ else "none") + ".", "",
            f"| {unit} | games | mean return [95% CI] | − {unit} 0 [95% CI] |",
            "|---:|---:|---:|---:|"]  # fmt: skip
    for s in se["seats"]:
        d = {"mean": s["diff_seat0"], "ci_low": s["diff_low"], "ci_high": s["diff_high"]}
        out.append(f"| {s['seat']} | {s['games']} | {_ci(s)} | "
                   f"{'—' if s['seat'] == 0 else _ci(d)} |")  # fmt: skip
    return [*out, ""]


def plot(r: Mapping[str, Any], path: Path) -> Path:
    """The histogram of legal actions at a decision, and the seat means with their intervals."""
    seats = r["seat_effect"]["seats"] if r["seat_effect"] else []
    panels = 2 if seats else 1
    fig = new_figure(4.5 * panels + 0.5, 3.4)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    hist = r["decisions"]["legal_histogram"]
    ax = axes[0]
    ax.bar([int(k) for k in hist], list(hist.values()), color="tab:blue")
    ax.set_xlabel("legal actions at a decision")
    ax.set_ylabel(f"decisions in {r['decisions']['games']} random games")
    if seats:
        ax = axes[1]
        x = np.array([s["seat"] for s in seats])
        mid = np.array([s["mean"] for s in seats])
        err = np.nan_to_num(np.vstack([mid - [s["ci_low"] for s in seats],
                                       [s["ci_high"] for s in seats] - mid]))  # fmt: skip
        ax.errorbar(x, mid, yerr=err, fmt="o", capsize=4, color="tab:orange")
        ax.axhline(0, color="grey", lw=0.8, ls=":")
        ax.set_xticks(x)
        ax.set_xlabel(_unit(r))
        ax.set_ylabel("mean return in self-play\n(95% CI over deals)")
    fig.suptitle(f"{r['game_string']}: decisions and seats")
    return save_figure(fig, path)


def write_report(r: Mapping[str, Any], folder: Path) -> list[Path]:
    """Write ``report.md``, ``results.json`` and ``analytics.png`` into ``folder``."""
    write_text(folder / "results.json", json.dumps(json_finite(r), indent=2, ensure_ascii=False))
    plot(r, folder / "analytics.png")
    write_text(folder / "report.md", to_markdown(r))
    return [folder / f for f in ("report.md", "results.json", "analytics.png")]
