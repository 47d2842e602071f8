"""Ratings: the Bradley–Terry fit on known strengths, draws, separation, and the bootstrap."""

from __future__ import annotations

import doctest
import math

import numpy as np
import pandas as pd
import pytest

import hoyle.experiments.ratings
from hoyle.experiments.match import to_frame
from hoyle.experiments.ratings import ELO, expected_score, fit, rate


def test_doctests() -> None:
    result = doctest.testmod(hoyle.experiments.ratings)
    assert result.failed == 0 and result.attempted > 0


def test_fit_recovers_the_strengths_that_made_the_scores() -> None:
    theta = np.array([1.0, 0.2, -0.4, -0.8])
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = σ(θi − θj)
    scores = 1000 * p * (1 - np.eye(4))
    got = fit(scores, prior_sd=1e9)
    assert got == pytest.approx(theta - theta.mean(), abs=1e-8)
    # The weak default prior moves them very little; a batch is fitted as each alone.
    batch = fit(np.stack([scores, scores.T]))
    assert batch[0] == pytest.approx(fit(scores)) and batch[1] == pytest.approx(fit(scores.T))
    assert np.abs(batch[0] - got).max() < 0.01


def test_an_agent_that_wins_everything_gets_a_finite_top_rating() -> None:
    scores = np.array([[0.0, 10.0, 10.0], [0.0, 0.0, 5.0], [0.0, 5.0, 0.0]])
    theta = fit(scores)
    assert np.isfinite(theta).all() and theta[0] > theta[1] + 2
    assert theta[1] == pytest.approx(theta[2])
    assert theta.sum() == pytest.approx(0.0, abs=1e-9)


def _games(outcomes: list[list[tuple[float, float]]]) -> pd.DataFrame:
    """A match table of agents A and B: per deal, a list of games (A's return, B's return),
    seated alternately."""
    rows = []
    for d, games in enumerate(outcomes):
        for rot, (ra, rb) in enumerate(games):
            seats = [("A", 0, ra), ("B", 1, rb)] if rot % 2 == 0 else [("B", 1, rb), ("A", 0, ra)]
            for seat, (agent, i, r) in enumerate(seats):
                rows.append({"deal": d, "rotation": rot, "seat": seat, "agent": agent,
                             "agent_index": i, "spec": agent, "seed": 0, "deal_seed": d,
                             "return": r, "result": "", "moves": 1,
                             "chance_events": 1})  # fmt: skip
    return to_frame(rows)


def test_draws_count_half_and_equal_agents_rate_equal() -> None:
    df = _games([[(1, -1), (1, -1)], [(-1, 1), (-1, 1)], [(0, 0), (0, 0)]] * 5)
    r = rate(df, bootstrap=200)
    assert r.loc["A", "rating"] == pytest.approx(0, abs=1e-9)
    assert r.loc["A", "comparisons"] == 30
    assert r.loc["A", "rating_low"] < 0 < r.loc["A", "rating_high"]


def test_the_rating_gap_is_the_log_odds_of_the_win_rate() -> None:
    rng = np.random.default_rng(0)
    outcomes: list[list[tuple[float, float]]] = []
    for _ in range(300):
        wins = rng.random(2) < 0.75
        outcomes.append([(1.0, -1.0) if w else (-1.0, 1.0) for w in wins])
    df = _games(outcomes)
    won = (df[df["agent"] == "A"]["return"] > 0).mean()
    r = rate(df, bootstrap=400, seed=1)
    gap = r.loc["A", "rating"] - r.loc["B", "rating"]
    assert gap == pytest.approx(ELO * math.log(won / (1 - won)), rel=0.01)
    assert r.loc["A", "rating_low"] < r.loc["A", "rating"] < r.loc["A", "rating_high"]
    assert r.loc["A", "rating_low"] > 0  # 600 games: clearly stronger.
    assert expected_score(r.loc["A", "rating"], r.loc["B", "rating"]) == pytest.approx(
        won, abs=1e-4
    )
    pd.testing.assert_frame_equal(r, rate(df, bootstrap=400, seed=1))  # Seeded.


def test_one_agent_has_no_rating() -> None:
    df = _games([[(1, -1)]]).assign(agent="A", agent_index=0)
    assert rate(df, ["A"])["rating"].isna().all()
