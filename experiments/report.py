"""The summary of a tournament (or match): leaderboard, head-to-head, seat effects, plots.

Built from the stored results alone (:func:`build_report`), so ``hoyle tournament --report
runs/NAME`` remakes it without playing. Only whole deals count — deals on which every table has
finished — so every agent is compared on the same deals even in an interrupted run.

Files written into the run folder by :func:`write_report`:

==================  =========================================================================
leaderboard.md      the leaderboard, head-to-head matrices and seat effects, with the method
leaderboard.csv     one row per agent: rank, rating and interval, mean return and interval, ...
pairwise.csv        one row per ordered pair of agents (:func:`hoyle.experiments.stats.pairwise`)
seats.csv           one row per seat (:func:`hoyle.experiments.stats.seat_effects`); per side
leaderboard.png     mean return and rating with their 95% intervals
pairwise.png        heatmaps of the mean return difference and the score, with their numbers
==================  =========================================================================

In a partnership game (a run whose config has ``sides``) everything is by side
(:func:`hoyle.experiments.stats.by_side`): each agent played both seats of its side, a side
counts once per game, and the seat effects are side effects.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from hoyle.envs.core.files import write_text
from hoyle.envs.core.registry import Sides
from hoyle.experiments.match import REPORT_FILES, config_sides, side_words
from hoyle.experiments.plots import pair_matrix, plot_leaderboard, plot_pairwise, save_figure
from hoyle.experiments.ratings import BOOTSTRAP, method, rate
from hoyle.experiments.stats import by_side, pairwise, seat_effects, summarize

MEANS_METHOD = (
    "Mean return per game with a 95% Student-t interval on each agent's mean over its games of "
    "a deal (paired on duplicate deals: every table and seat order plays the same deals)."
)
PAIRS_METHOD = (
    "Head-to-head over the games where both agents sat: mean return difference with a 95% "
    "interval paired on deals (* : the interval excludes 0); score = (wins + draws/2) / games."
)
SIDES_METHOD = (
    "By side ({sides}): each agent plays both seats of its side, and every deal is played with "
    "the sides' seats exchanged (the duplicate); a side counts once per game, its return the "
    "partners' (equal) return, and wins, head-to-head and ratings are between sides."
)
FEW_DEALS = 20
FEW_DEALS_NOTE = (
    "Only {deals} deals: the intervals are rough (the bootstrap and the t interval both need "
    "more deals to be trusted)."
)
FILES = REPORT_FILES


@dataclass
class Report:
    """A run's summary: ``leaderboard`` (one row per agent, best first), ``pairs`` (one row per
    ordered pair), ``seats`` (one row per seat), over ``deals`` whole deals."""

    config: dict[str, Any]
    deals: int
    leaderboard: pd.DataFrame
    pairs: pd.DataFrame
    seats: pd.DataFrame
    bootstrap: int = BOOTSTRAP

    @property
    def agents(self) -> list[str]:
        """Agents in leaderboard order."""
        return [str(a) for a in self.leaderboard.index]

    @property
    def sides(self) -> Sides | None:
        """The run's sides (a partnership game), or ``None``."""
        return config_sides(self.config)

    @property
    def title(self) -> str:
        c = self.config
        tables = len(c["tables"])
        orders = c["games_per_table"]
        kind = "seat orders" if self.sides is None else "side orders, by side"
        return (f"{c['game_string']}: {tables} table{'s' if tables > 1 else ''} × {orders} "
                f"{kind}, {self.deals} deals, seed {c['seed']}")  # fmt: skip


def whole_deals(df: pd.DataFrame, tables: int) -> pd.DataFrame:
    """The rows of the deals on which all ``tables`` tables have finished."""
    if df.empty:
        return df
    count = df.groupby("deal")["table"].transform("nunique")
    return df[count == tables].reset_index(drop=True)


def build_report(config: Mapping[str, Any], df: pd.DataFrame, bootstrap: int = BOOTSTRAP) -> Report:
    """The summary of a run from its config and rows."""
    rows = by_side(whole_deals(df, len(config["tables"])), config_sides(config))
    if rows.empty:
        raise ValueError("no deal has finished on every table yet: nothing to summarize")
    summary = summarize(rows)
    agents = [str(a) for a in summary.index]
    ratings = rate(rows, agents, bootstrap=bootstrap, seed=int(config["seed"]))
    pairs = pairwise(rows)
    totals = pairs.groupby("agent")[["games", "wins", "draws", "losses"]].sum()
    board = summary.join(ratings)
    board["score"] = (totals["wins"] + totals["draws"] / 2) / totals["games"]
    board["comparisons"] = totals["games"]
    key = "rating" if board["rating"].notna().any() else "mean"
    board = board.sort_values(key, ascending=False, kind="stable")
    board.insert(0, "rank", range(1, len(board) + 1))
    return Report(dict(config), int(rows["deal"].nunique()), board, pairs, seat_effects(rows),
                  bootstrap)  # fmt: skip


# --- text --------------------------------------------------------------------------------------
def _num(x: float, fmt: str) -> str:
    return "n/a" if x is None or math.isnan(x) else format(x, fmt)


def _ci(mid: float, lo: float, hi: float, fmt: str) -> str:
    if math.isnan(lo):
        return _num(mid, fmt)
    return f"{format(mid, fmt)} [{format(lo, fmt)}, {format(hi, fmt)}]"


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool = False,
           left: Sequence[int] = (1,)) -> str:  # fmt: skip
    """A fixed-width table, or a Markdown one; columns in ``left`` are text (left-aligned), the
    others numbers (right-aligned)."""
    if markdown:
        rule = [":---" if i in left else "---:" for i in range(len(head))]
        lines = ["| " + " | ".join(head) + " |", "|" + "|".join(rule) + "|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    out = [line(head), "-" * len(line(head))]
    return "\n".join(out + [line(r) for r in rows])


def _wdl(r: Any) -> str:
    return f"{int(r['wins'])}/{int(r['draws'])}/{int(r['losses'])}"


def _patience(report: Report) -> bool:
    """A one-player game: no table to win, the score is the result (W/D/L at the table, the
    sign of the score, would mean nothing; the head-to-head score still compares deals)."""
    return int(report.config.get("players", 2)) == 1


def leaderboard_table(report: Report, markdown: bool = False) -> str:
    solo = _patience(report)
    head = ["rank", "agent", "rating [95% CI]", "mean return [95% CI]", "score",
            *([] if solo else ["W/D/L", "win%"]), "games"]  # fmt: skip
    rows = []
    for agent, r in report.leaderboard.iterrows():
        rows.append([
            str(int(r["rank"])), f"`{agent}`" if markdown else str(agent),
            _ci(r["rating"], r["rating_low"], r["rating_high"], "+.0f"),
            _ci(r["mean"], r["ci_low"], r["ci_high"], "+.3f"), _pct(r["score"]),
            *([] if solo else [_wdl(r), _pct(r["win_rate"])]), str(int(r["games"])),
        ])  # fmt: skip
    return _table(head, rows, markdown)


def pairs_table(report: Report, markdown: bool = False) -> str:
    """Each unordered pair once, the better-rated agent first."""
    rank = {a: k for k, a in enumerate(report.agents)}
    head = ["agent", "opponent", "mean diff [95% CI]", "score", "W/D/L", "deals"]
    rows = []
    for _, r in report.pairs.iterrows():
        if rank[r["agent"]] > rank[r["opponent"]]:
            continue
        star = "*" if r["ci_low"] > 0 or r["ci_high"] < 0 else ""
        rows.append([
            f"`{r['agent']}`" if markdown else r["agent"],
            f"`{r['opponent']}`" if markdown else r["opponent"],
            _ci(r["mean_diff"], r["ci_low"], r["ci_high"], "+.3f") + star, _pct(r["score"]),
            _wdl(r), str(int(r["deals"])),
        ])  # fmt: skip
    rows.sort(key=lambda row: (rank[row[0].strip("`")], rank[row[1].strip("`")]))
    return _table(head, rows, markdown, left=(0, 1)) if rows else "(one agent: no head-to-head)"


def matrix_table(report: Report, value: str, markdown: bool = True) -> str:
    """The agents × opponents matrix of ``mean_diff`` or ``score``."""
    agents = report.agents
    m = pair_matrix(report.pairs, agents, value)
    head = ["", *(f"`{a}`" if markdown else a for a in agents)]
    rows = []
    for a in agents:
        cells = [("—" if a == b else _pct(m.at[a, b]) if value == "score"
                  else _num(m.at[a, b], "+.3f")) for b in agents]  # fmt: skip
        rows.append([f"`{a}`" if markdown else a, *cells])
    return _table(head, rows, markdown, left=(0,))


def seats_table(report: Report, markdown: bool = False) -> str:
    """The seat effects, or in a partnership game the side effects (each side named by its
    seats: ``0 (0&2)``)."""
    sides = report.sides
    what = "seat" if sides is None else "side"
    head = [what, "mean return [95% CI]", f"vs {what} 0 [95% CI]", "W/D/L", "win%", "games"]

    def name(k: int) -> str:
        return str(k) if sides is None else f"{k} ({'&'.join(str(x) for x in sides[k])})"

    rows = [
        [name(int(seat)), _ci(r["mean"], r["ci_low"], r["ci_high"], "+.3f"),
         _ci(r["diff_seat0"], r["diff_low"], r["diff_high"], "+.3f") if seat else "—",
         _wdl(r), _pct(r["win_rate"]), str(int(r["games"]))]
        for seat, r in report.seats.iterrows()
    ]  # fmt: skip
    return _table(head, rows, markdown, left=() if sides is None else (0,))


def _effects_heading(report: Report) -> str:
    return "Seat effects" if report.sides is None else "Side effects"


def _sides_method(report: Report) -> list[str]:
    """The by-side sentence, for a partnership game only."""
    sides = report.sides
    return [] if sides is None else [SIDES_METHOD.format(sides=side_words(sides))]


def format_report(report: Report) -> str:
    """The summary as plain text for the terminal."""
    parts = [
        report.title, "", leaderboard_table(report), "", "Head to head (row agent − opponent):",
        pairs_table(report), "", f"{_effects_heading(report)}:", seats_table(report), "",
        *_sides_method(report), f"Means: {MEANS_METHOD}", f"Head to head: {PAIRS_METHOD}",
        f"Ratings: {method(report.bootstrap, by_side=report.sides is not None)}",
    ]  # fmt: skip
    if report.deals < FEW_DEALS:
        parts.append(FEW_DEALS_NOTE.format(deals=report.deals))
    return "\n".join(parts)


def to_markdown(report: Report) -> str:
    """The summary as a Markdown page (with the plots beside it)."""
    c = report.config
    agents = ", ".join(f"`{a}`" for a in c["agents"])
    order = "seat order" if report.sides is None else "side order"
    return "\n".join([
        f"# Tournament: {c['game_string']}", "",
        f"Agents {agents}; {_count(len(c['tables']), 'table')}, each in "
        f"{_count(c['games_per_table'], order)} ({c['seatings']}); {report.deals} duplicate deals (of {c['deals']} asked); "
        f"seed {c['seed']}; hoyle {c.get('version', '?')}, game version {c['game_version']}.",
        "", "## Leaderboard" + ("" if report.sides is None else " (by side)"), "",
        leaderboard_table(report, markdown=True), "",
        "![leaderboard](leaderboard.png)", "",
        "## Head to head", "", pairs_table(report, markdown=True), "",
        "Mean return difference (row − column):", "",
        matrix_table(report, "mean_diff"), "", "Score of row against column:", "",
        matrix_table(report, "score"), "", "![pairwise](pairwise.png)", "",
        f"## {_effects_heading(report)}", "", seats_table(report, markdown=True), "",
        "## Method", "", *(f"- {line}" for line in _sides_method(report)),
        f"- Means: {MEANS_METHOD}", f"- Head to head: {PAIRS_METHOD}",
        f"- Ratings: {method(report.bootstrap, by_side=report.sides is not None)}",
        *([] if _patience(report) else
          ["- win%: games won outright at the table (a shared best return is a draw)."]),
        *([f"- {FEW_DEALS_NOTE.format(deals=report.deals)}"] if report.deals < FEW_DEALS else []),
        "",
    ])  # fmt: skip


def write_report(report: Report, path: str | Path) -> list[Path]:
    """Write the Markdown, CSV and PNG files of the summary into ``path``; their paths.

    Each file is written atomically (a temporary file renamed over it), so a reader or a kill
    never leaves half a summary file."""
    p = Path(path)
    p.mkdir(parents=True, exist_ok=True)
    write_text(p / "leaderboard.md", to_markdown(report))
    write_text(p / "leaderboard.csv", report.leaderboard.to_csv())
    write_text(p / "pairwise.csv", report.pairs.to_csv(index=False))
    seats = report.seats if report.sides is None else report.seats.rename_axis("side")
    write_text(p / "seats.csv", seats.to_csv())
    save_figure(plot_leaderboard(report.leaderboard, report.title), p / "leaderboard.png")
    if len(report.agents) > 1:
        save_figure(plot_pairwise(report.pairs, report.agents, report.title), p / "pairwise.png")
    return [p / f for f in FILES if (p / f).exists()]


def _count(n: int, noun: str) -> str:
    """``1 table``, ``3 tables``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
