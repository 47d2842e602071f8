"""Summaries of duplicate-deal results: means with paired confidence intervals, win rates.

The sample for an agent is its mean return over its seatings of each deal (one number per deal).
Every agent plays every seat of every deal, so the luck of the cards is shared and much of it
cancels in that mean: the interval is "paired on duplicate deals". Intervals are Student-t
intervals on those per-deal means (``n - 1`` degrees of freedom), which for the sample sizes of a
match are indistinguishable from the normal interval but stay honest for a handful of deals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy import stats as _st

LEVEL = 0.95


def mean_ci(
    sample: Sequence[float] | np.ndarray, level: float = LEVEL
) -> tuple[float, float, float]:
    """Mean and the two ends of its Student-t confidence interval (NaN ends below 2 values).

    >>> m, lo, hi = mean_ci([1.0, 2.0, 3.0])
    >>> m, round(lo, 3), round(hi, 3)
    (2.0, -0.484, 4.484)
    """
    x = np.asarray(sample, dtype=float)
    n = len(x)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if n < 2:
        return mean, math.nan, math.nan
    half = float(_st.t.ppf(0.5 + level / 2, n - 1) * x.std(ddof=1) / math.sqrt(n))
    return mean, mean - half, mean + half


def per_deal_means(df: pd.DataFrame) -> pd.DataFrame:
    """A deals × agents table: each agent's mean return over its seatings of each deal."""
    return df.pivot_table(index="deal", columns="agent", values="return", aggfunc="mean")


def summarize(df: pd.DataFrame, level: float = LEVEL) -> pd.DataFrame:
    """One row per agent (in agent order): games, deals, mean return with its paired interval,
    the standard deviation of the per-deal means, wins / draws / losses and the win rate."""
    means = per_deal_means(df)
    order = df.drop_duplicates("agent").sort_values("agent_index")
    rows = []
    for agent, spec in zip(order["agent"], order["spec"], strict=True):
        mine = df[df["agent"] == agent]
        m, lo, hi = mean_ci(means[agent].dropna(), level)
        counts = mine["result"].value_counts()
        games = len(mine)
        rows.append({
            "agent": agent, "spec": spec, "games": games, "deals": mine["deal"].nunique(),
            "mean": m, "ci_low": lo, "ci_high": hi, "sd": float(means[agent].std(ddof=1)),
            "wins": int(counts.get("win", 0)), "draws": int(counts.get("draw", 0)),
            "losses": int(counts.get("loss", 0)),
            "win_rate": int(counts.get("win", 0)) / games if games else math.nan,
        })  # fmt: skip
    return pd.DataFrame(rows).set_index("agent")


def paired_difference(
    df: pd.DataFrame, a: str, b: str, level: float = LEVEL
) -> tuple[float, float, float, int]:
    """Mean of (a − b) over deals, each deal's difference of per-deal means, with its t interval
    and the number of deals: the direct duplicate comparison of two agents."""
    means = per_deal_means(df)
    d = (means[a] - means[b]).dropna()
    m, lo, hi = mean_ci(d, level)
    return m, lo, hi, len(d)


def format_summary(summary: pd.DataFrame, level: float = LEVEL) -> str:
    """The summary as a plain-text table."""
    pct = f"{round(level * 100)}% CI"
    head = f"{'agent':<24} {'games':>6} {'mean':>9} {pct:>21} {'W/D/L':>17} {'win%':>6}"
    lines = [head, "-" * len(head)]
    for agent, r in summary.iterrows():
        ci = "n/a" if math.isnan(r["ci_low"]) else f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]"
        wdl = f"{r['wins']}/{r['draws']}/{r['losses']}"
        lines.append(
            f"{agent!s:<24} {r['games']:>6} {r['mean']:>+9.3f} {ci:>21} {wdl:>17} "
            f"{100 * r['win_rate']:>5.1f}%"
        )
    return "\n".join(lines)
