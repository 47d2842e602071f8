"""Ratings from duplicate-deal results: a Bradley–Terry model on the Elo scale, fitted to every
game, with intervals from resampling deals.

Model. Agent ``i`` has a strength ``θ_i``; in a game where agents ``i`` and ``j`` both sit, ``i``
finishes ahead of ``j`` with probability ``σ(θ_i − θ_j)`` (``σ`` the logistic function).
Every game gives one comparison per pair of agents at the table (one for two players, three for
three, six for four): a higher return is a win, an equal return a draw, which counts half a win
for each (the Elo convention). Ratings are ``θ`` on the Elo scale, ``400 / ln 10 · θ`` — 200
points apart means the stronger finishes ahead about 76% of the time — centred on 0, the mean
agent.

Fit. The maximum a posteriori ``θ`` under a weak normal prior (standard deviation
:data:`PRIOR_SD` Elo points): the prior changes the ratings of agents that lose some games by a
few points at most, and keeps an agent that won every comparison at a finite rating. The
log-posterior is concave; Newton's method converges in a handful of steps. This is the Elo
rating "fitted to all games at once": unlike sequential Elo updates, it does not depend on the
order in which games were played.

Intervals. The games of one deal are not independent — they share the cards, which is the point
of duplicate deals — so the intervals come from a bootstrap over deals: deals are resampled with
replacement (:data:`BOOTSTRAP` times, seeded), the ratings refitted on each resample, and the
2.5% and 97.5% quantiles reported (the percentile interval), with the bootstrap standard error.

Partnership games are rated on their results by side (:func:`hoyle.experiments.stats.by_side`):
each agent plays a whole side, so a game is one comparison of the two sides' agents, not four
seats' comparisons with partners a draw against each other.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from hoyle.experiments.stats import LEVEL, comparisons

ELO = 400 / math.log(10)
"""Elo points per unit of the logistic strength ``θ``."""
PRIOR_SD = 1000.0
"""Standard deviation of the normal prior on each rating, in Elo points."""
BOOTSTRAP = 1000


def method(bootstrap: int = BOOTSTRAP, by_side: bool = False) -> str:
    """The method in one sentence, for reports (``by_side``: a partnership game's, rated on
    its results by side, :func:`hoyle.experiments.stats.by_side`)."""
    who = "sides" if by_side else "agents"
    return (
        f"Bradley–Terry on the Elo scale fitted to every game (each pair of {who} at a table is "
        "a comparison; a draw counts half), maximum a posteriori under a weak normal prior "
        f"(sd {PRIOR_SD:.0f}), centred on 0; intervals: {bootstrap} bootstrap resamples of "
        "deals (percentile)."
    )


def score_tensor(df: pd.DataFrame, agents: list[str]) -> np.ndarray:
    """``S[d, i, j]``: the score of ``agents[i]`` against ``agents[j]`` on the ``d``-th deal
    (wins plus half the draws, over every game of the deal where both sat)."""
    c = comparisons(df)
    deals = {d: k for k, d in enumerate(sorted(df["deal"].unique()))}
    index = {a: k for k, a in enumerate(agents)}
    out = np.zeros((len(deals), len(agents), len(agents)))
    if c.empty:
        return out
    score = (c["return"] > c["opp_return"]) + 0.5 * (c["return"] == c["opp_return"])
    np.add.at(
        out,
        (c["deal"].map(deals).to_numpy(), c["agent"].map(index).to_numpy(),
         c["opponent"].map(index).to_numpy()),
        score.to_numpy(dtype=float),
    )  # fmt: skip
    return out


def fit(scores: np.ndarray, prior_sd: float = PRIOR_SD, tol: float = 1e-10) -> np.ndarray:
    """The MAP strengths ``θ`` (logistic scale, summing to 0) for score matrices
    ``scores[..., i, j]`` (a batch of them is fitted at once).

    >>> theta = fit(np.array([[0.0, 3.0], [1.0, 0.0]]), prior_sd=1e9)
    >>> round(float(theta[0] - theta[1]), 6) == round(math.log(3), 6)
    True
    """
    s = np.asarray(scores, dtype=float)
    k = s.shape[-1]
    n = s + np.swapaxes(s, -1, -2)
    wins = s.sum(axis=-1)
    precision = (ELO / prior_sd) ** 2
    eye = np.eye(k)
    theta = np.zeros(s.shape[:-1])
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[..., None, :] - theta[..., :, None]))  # p[i, j] = σ(θi − θj)
        grad = wins - (n * p).sum(axis=-1) - precision * theta
        w = n * p * (1 - p)
        # The likelihood ignores a common shift of θ; "- 1/k" fixes the sum (the gradient
        # sums to 0 at a centred θ, so the step leaves it centred) even without the prior.
        hess = w - eye * (w.sum(axis=-1)[..., None] + precision) - 1 / k
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        step = np.clip(step, -5.0, 5.0)  # Guards the first steps on lopsided data.
        theta = theta - step
        if np.abs(step).max() < tol:
            break
    centred: np.ndarray = theta - theta.mean(axis=-1, keepdims=True)
    return centred


def rate(
    df: pd.DataFrame,
    agents: list[str] | None = None,
    level: float = LEVEL,
    bootstrap: int = BOOTSTRAP,
    seed: int = 0,
    prior_sd: float = PRIOR_SD,
) -> pd.DataFrame:
    """One row per agent: ``rating`` (Elo scale, mean 0), its bootstrap interval
    (``rating_low``, ``rating_high``) and standard error ``rating_se``, and ``comparisons``
    (games × opponents at the table). NaN where there are fewer than two agents."""
    agents = agents or list(df.sort_values("agent_index")["agent"].drop_duplicates())
    s = score_tensor(df, agents)
    cols = ["rating", "rating_low", "rating_high", "rating_se", "comparisons"]
    if len(agents) < 2 or not s.any():
        return pd.DataFrame(np.nan, index=pd.Index(agents, name="agent"), columns=cols)
    total = s.sum(axis=0)
    rating = ELO * fit(total, prior_sd)
    rng = np.random.default_rng(seed)
    deals = s.shape[0]
    weights = rng.multinomial(deals, np.full(deals, 1 / deals), size=bootstrap)
    boot = ELO * fit(np.einsum("bd,dij->bij", weights, s), prior_sd)
    tail = (1 - level) / 2
    lo, hi = np.quantile(boot, [tail, 1 - tail], axis=0)
    played = total + total.T
    return pd.DataFrame(
        {"rating": rating, "rating_low": lo, "rating_high": hi, "rating_se": boot.std(axis=0),
         "comparisons": played.sum(axis=1)},
        index=pd.Index(agents, name="agent"),
    )  # fmt: skip


def expected_score(rating_a: float, rating_b: float) -> float:
    """The model's probability that an agent rated ``rating_a`` finishes ahead of one rated
    ``rating_b`` (a draw counting half).

    >>> round(expected_score(200, 0), 2)
    0.76
    """
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))
