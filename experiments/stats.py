"""Summaries of duplicate-deal results: means with paired confidence intervals, win rates,
head-to-head comparisons and seat effects (ratings are in :mod:`hoyle.experiments.ratings`).

The sample for an agent is its mean return over its seatings of each deal (one number per deal).
Every agent plays every seat of every deal, so the luck of the cards is shared and much of it
cancels in that mean: the interval is "paired on duplicate deals". Intervals are Student-t
intervals on those per-deal means (``n - 1`` degrees of freedom), which for the sample sizes of a
match are indistinguishable from the normal interval but stay honest for a handful of deals.

The same construction serves tournaments, where an agent sits at several tables: its sample is
its mean over every game it played on the deal. Head-to-head (:func:`pairwise`): in every game
where two agents both sat, the difference of their returns, averaged per deal; an agent beats
another in a game when its return is higher, a draw when equal (so a draw counts half in the
``score``). Seat effects (:func:`seat_effects`): the mean return per seat over every game of a
deal, and its paired difference from seat 0.

In a partnership game the summaries take the results by side (:func:`by_side`): an agent plays
a whole side, and the side, not each partner, is one sample of each game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

LEVEL = 0.95


def by_side(df: pd.DataFrame, sides: Sequence[Sequence[int]] | None) -> pd.DataFrame:
    """The rows of a partnership game's results by side: one row per side of each game, in
    place of its seats' rows, so every summary here counts a side once per game and never
    compares partners with each other. The row is that of the side's first seat, its
    ``seat`` made the side's index and its ``return`` the mean of the side's seats (partners
    get equal returns, so it is each partner's return); ``result`` is already the side's
    (:func:`hoyle.experiments.match.play_deal`). Without ``sides``, ``df`` itself.
    """
    if not sides or df.empty:
        return df
    side_of = {k: i for i, side in enumerate(sides) for k in side}
    first = [side[0] for side in sides]
    keyed = df.assign(seat=df["seat"].map(side_of))
    mean = keyed.groupby(["deal", "table", "rotation", "seat"])["return"].transform("mean")
    out = keyed.assign(**{"return": mean})[df["seat"].isin(first)]
    return out.reset_index(drop=True)


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
    from scipy.special import stdtrit  # The t quantile; scipy.stats costs a second to import.

    half = float(stdtrit(n - 1, 0.5 + level / 2) * x.std(ddof=1) / math.sqrt(n))
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


def format_summary(summary: pd.DataFrame, level: float = LEVEL, results: bool = True) -> str:
    """The summary as a plain-text table (``results=False``: without wins, draws and losses,
    which mean nothing in a patience, where the score is the result)."""
    pct = f"{round(level * 100)}% CI"
    head = f"{'agent':<24} {'games':>6} {'mean':>9} {pct:>21}"
    if results:
        head += f" {'W/D/L':>17} {'win%':>6}"
    lines = [head, "-" * len(head)]
    for agent, r in summary.iterrows():
        ci = "n/a" if math.isnan(r["ci_low"]) else f"[{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]"
        line = f"{agent!s:<24} {r['games']:>6} {r['mean']:>+9.3f} {ci:>21}"
        if results:
            wdl = f"{r['wins']}/{r['draws']}/{r['losses']}"
            line += f" {wdl:>17} {100 * r['win_rate']:>5.1f}%"
        lines.append(line)
    return "\n".join(lines)


def comparisons(df: pd.DataFrame) -> pd.DataFrame:
    """Every ordered pair of agents in every game: ``agent``, ``opponent`` and their returns
    (``return``, ``opp_return``), with the game's ``deal``, ``table`` and ``rotation``.

    In a one-player game (a patience) no two agents share a game: each agent's game is compared
    with every other agent's game of the same deal, which is the duplicate comparison there.
    """
    cols = ["deal", "table", "rotation", "seat", "agent", "agent_index", "return"]
    g = df[cols]
    if len(g) and int(g["seat"].max()) == 0:
        m = g.merge(g.drop(columns=["table", "rotation"]), on="deal", suffixes=("", "_opp"))
        m = m[m["agent"] != m["agent_opp"]]
    else:
        m = g.merge(g, on=["deal", "table", "rotation"], suffixes=("", "_opp"))
        m = m[m["seat"] != m["seat_opp"]]
    return m.rename(columns={"agent_opp": "opponent", "return_opp": "opp_return"}).reset_index(
        drop=True
    )


def pairwise(df: pd.DataFrame, level: float = LEVEL) -> pd.DataFrame:
    """Head-to-head, one row per ordered pair of agents that met (in agent order): games, deals,
    the mean difference of returns (agent − opponent) with its interval paired on deals, wins /
    draws / losses against that opponent and the score (wins + draws / 2) / games."""
    c = comparisons(df)
    rows: list[dict[str, Any]] = []
    if c.empty:
        return pd.DataFrame(rows, columns=_PAIR_COLUMNS)
    c["diff"] = c["return"] - c["opp_return"]
    order = c.sort_values(["agent_index", "agent_index_opp"])
    for (a, b), g in order.groupby(["agent", "opponent"], sort=False):
        per_deal = g.groupby("deal")["diff"].mean()
        m, lo, hi = mean_ci(per_deal, level)
        wins = int((g["diff"] > 0).sum())
        draws = int((g["diff"] == 0).sum())
        games = len(g)
        rows.append({
            "agent": a, "opponent": b, "games": games, "deals": len(per_deal), "mean_diff": m,
            "ci_low": lo, "ci_high": hi, "wins": wins, "draws": draws,
            "losses": games - wins - draws, "score": (wins + draws / 2) / games,
        })  # fmt: skip
    return pd.DataFrame(rows, columns=_PAIR_COLUMNS)


_PAIR_COLUMNS = ["agent", "opponent", "games", "deals", "mean_diff", "ci_low", "ci_high", "wins",
                 "draws", "losses", "score"]  # fmt: skip


def seat_effects(df: pd.DataFrame, level: float = LEVEL) -> pd.DataFrame:
    """One row per seat: games, the mean return in that seat with its interval (the sample is
    the seat's mean over every game of a deal), the paired difference from seat 0
    (``diff_seat0`` with its interval) and wins / draws / losses."""
    per_deal = df.pivot_table(index="deal", columns="seat", values="return", aggfunc="mean")
    rows = []
    for seat in sorted(df["seat"].unique()):
        mine = df[df["seat"] == seat]
        m, lo, hi = mean_ci(per_deal[seat].dropna(), level)
        d, dlo, dhi = mean_ci((per_deal[seat] - per_deal[0]).dropna(), level)
        counts = mine["result"].value_counts()
        games = len(mine)
        rows.append({
            "seat": int(seat), "games": games, "mean": m, "ci_low": lo, "ci_high": hi,
            "diff_seat0": d, "diff_low": dlo, "diff_high": dhi,
            "wins": int(counts.get("win", 0)), "draws": int(counts.get("draw", 0)),
            "losses": int(counts.get("loss", 0)),
            "win_rate": int(counts.get("win", 0)) / games if games else math.nan,
        })  # fmt: skip
    return pd.DataFrame(rows).set_index("seat")
