"""Plots of a tournament: the leaderboard with error bars, and the head-to-head matrix.

Figures are built with matplotlib's object API on the Agg canvas (``matplotlib.figure.Figure``,
never ``pyplot``), so nothing here changes the global backend of a notebook or needs a display.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from hoyle.envs.core.files import atomic_write


def new_figure(width: float, height: float) -> Figure:
    """A figure on its own Agg canvas (no pyplot, no global backend), laid out as drawn.
    Every plot of hoyle (tournaments, training curves, the hint reports) starts here."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def save_figure(fig: Figure, path: str | Path, dpi: int = 120) -> Path:
    """Write ``fig`` as a PNG at ``path`` atomically (a kill mid-write leaves no half image)."""
    return atomic_write(path, lambda tmp: fig.savefig(tmp, format="png", dpi=dpi))


LABEL_WIDTH = 24


def tick_label(spec: str, width: int = LABEL_WIDTH) -> str:
    """An agent spec folded onto several lines at its commas, colon and slashes, so that long
    specs (``ismcts:search=flat,...``, a policy path) fit beside a plot.

    >>> print(tick_label("ismcts:search=flat,rollout=heuristic,sims=600", 20))
    ismcts:search=flat,
    rollout=heuristic,
    sims=600
    """
    pieces: list[str] = []
    word = ""
    for ch in spec:
        word += ch
        if ch in ",:/":
            pieces.append(word)
            word = ""
    pieces.append(word)
    lines = [""]
    for piece in filter(None, pieces):
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def _errors(mid: pd.Series, lo: pd.Series, hi: pd.Series) -> np.ndarray:
    """Error-bar lengths (below, above); zero where an interval is undefined."""
    lengths: np.ndarray = np.nan_to_num(np.vstack([mid - lo, hi - mid]), nan=0.0)
    return lengths


def plot_leaderboard(
    board: pd.DataFrame, title: str = "", path: str | Path | None = None
) -> Figure:
    """Mean return and rating of every agent with their 95% intervals, best at the top."""
    has_rating = "rating" in board and bool(board["rating"].notna().any())
    panels = 2 if has_rating else 1
    lines = sum(tick_label(str(a)).count("\n") + 1 for a in board.index)
    fig = new_figure(4.2 * panels + 2.5, 0.3 * lines + 0.3 * len(board) + 1.6)
    axes = fig.subplots(1, panels, sharey=True, squeeze=False)[0]
    y = np.arange(len(board))[::-1]
    names = [tick_label(str(a)) for a in board.index]
    ax = axes[0]
    ax.errorbar(board["mean"], y, xerr=_errors(board["mean"], board["ci_low"], board["ci_high"]),
                fmt="o", capsize=4, color="tab:blue")  # fmt: skip
    ax.axvline(0, color="grey", lw=0.8, ls=":")
    ax.set_yticks(y, names)
    ax.set_xlabel("mean return per game\n(95% CI, paired on deals)")
    if has_rating:
        ax = axes[1]
        ax.errorbar(board["rating"], y,
                    xerr=_errors(board["rating"], board["rating_low"], board["rating_high"]),
                    fmt="s", capsize=4, color="tab:orange")  # fmt: skip
        ax.axvline(0, color="grey", lw=0.8, ls=":")
        ax.set_xlabel("rating, Elo scale\n(95% bootstrap CI)")
    if title:
        fig.suptitle(title)
    if path is not None:
        save_figure(fig, path)
    return fig


def pair_matrix(pairs: pd.DataFrame, agents: list[str], value: str) -> pd.DataFrame:
    """A square agents × opponents table of one column of :func:`~hoyle.experiments.stats.pairwise`
    (NaN where two agents never met, and on the diagonal)."""
    m = pairs.pivot(index="agent", columns="opponent", values=value) if len(pairs) else None
    out = pd.DataFrame(np.nan, index=agents, columns=agents)
    if m is not None:
        out.update(m)
    return out


def plot_pairwise(pairs: pd.DataFrame, agents: list[str], title: str = "",
                  path: str | Path | None = None) -> Figure:  # fmt: skip
    """Two heatmaps with their numbers: the mean difference of returns (row agent − column
    agent, ``*`` where the 95% interval excludes 0) and the score of the row agent against the
    column agent (wins + draws / 2)."""
    diff = pair_matrix(pairs, agents, "mean_diff")
    low = pair_matrix(pairs, agents, "ci_low")
    high = pair_matrix(pairs, agents, "ci_high")
    score = pair_matrix(pairs, agents, "score")
    k = len(agents)
    labels = [tick_label(a) for a in agents]
    fig = new_figure(2 * (1.2 * k + 3.2), 1.0 * k + 3.0)
    axes = fig.subplots(1, 2)
    span = float(np.nanmax(np.abs(diff.to_numpy()))) if diff.notna().any().any() else 1.0
    span = span if span > 0 else 1.0
    panels = [
        (axes[0], diff, "RdBu", -span, span, "mean return difference (row − column)"),
        (axes[1], score, "RdBu", 0.0, 1.0, "score of row against column (draw = ½)"),
    ]
    for ax, table, cmap, vmin, vmax, label in panels:
        values = table.to_numpy(dtype=float)
        image = ax.imshow(np.ma.masked_invalid(values), cmap=cmap, vmin=vmin, vmax=vmax)
        fig.colorbar(image, ax=ax, shrink=0.8)
        ax.set_xticks(range(k), labels, rotation=30, ha="right", fontsize=8)
        ax.set_yticks(range(k), labels, fontsize=8)
        ax.set_title(label, fontsize=10)
        for i in range(k):
            for j in range(k):
                v = values[i, j]
                if math.isnan(v):
                    continue
                text = f"{v:+.2f}" if table is diff else f"{100 * v:.0f}%"
                if table is diff and (low.iat[i, j] > 0 or high.iat[i, j] < 0):
                    text += "*"
                dark = abs(v - (vmin + vmax) / 2) > 0.3 * (vmax - vmin)
                ax.text(j, i, text, ha="center", va="center", fontsize=9,
                        color="white" if dark else "black")  # fmt: skip
    if title:
        fig.suptitle(title)
    if path is not None:
        save_figure(fig, path)
    return fig
