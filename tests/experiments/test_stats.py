"""Summary statistics of duplicate matches, on hand-built result tables."""

from __future__ import annotations

import doctest
import math

import pandas as pd
import pytest

import hoyle.experiments.match
import hoyle.experiments.stats
from hoyle.experiments.match import to_frame
from hoyle.experiments.stats import mean_ci, paired_difference, summarize


@pytest.mark.parametrize("module", [hoyle.experiments.stats, hoyle.experiments.match])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def test_mean_ci_is_the_student_t_interval() -> None:
    # n = 4, mean 2.5, sd = 1.2910; t(0.975, 3) = 3.18245 -> half-width 2.0543.
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    assert hi - m == pytest.approx(3.182446 * 1.2909944 / 2, rel=1e-6)
    assert m - lo == pytest.approx(hi - m)


def test_mean_ci_of_one_value_has_no_interval() -> None:
    m, lo, hi = mean_ci([0.5])
    assert m == 0.5 and math.isnan(lo) and math.isnan(hi)


def _table(deal_returns: list[tuple[float, float, float, float]]) -> pd.DataFrame:
    """Two agents, two rotations per deal: (A in seat 0, B in seat 1, B in seat 0, A in 1)."""
    rows = []
    for d, (a0, b1, b0, a1) in enumerate(deal_returns):
        for rot, seat, agent, i, r, opp in [
            (0, 0, "A", 0, a0, b1), (0, 1, "B", 1, b1, a0),
            (1, 0, "B", 1, b0, a1), (1, 1, "A", 0, a1, b0),
        ]:  # fmt: skip
            res = "win" if r > opp else "draw" if r == opp else "loss"
            rows.append({"deal": d, "rotation": rot, "seat": seat, "agent": agent,
                         "agent_index": i, "spec": agent.lower(), "seed": 0, "deal_seed": 0,
                         "return": r, "result": res, "moves": 1, "chance_events": 1})  # fmt: skip
    return to_frame(rows)


def test_summary_uses_per_deal_means_as_the_sample() -> None:
    # A's per-deal means: (3 + 1) / 2 = 2, (-1 + 1) / 2 = 0, (2 + 2) / 2 = 2.
    df = _table([(3, -3, -1, 1), (-1, 1, -1, 1), (2, -2, -2, 2)])
    s = summarize(df)
    assert list(s.index) == ["A", "B"]
    m, lo, hi = mean_ci([2.0, 0.0, 2.0])
    assert s.loc["A", "mean"] == pytest.approx(m)
    assert (s.loc["A", "ci_low"], s.loc["A", "ci_high"]) == pytest.approx((lo, hi))
    assert s.loc["B", "mean"] == pytest.approx(-m)
    assert s.loc["A", ["games", "deals", "wins", "draws", "losses"]].tolist() == [6, 3, 5, 0, 1]
    assert s.loc["A", "win_rate"] == pytest.approx(5 / 6)
    diff = paired_difference(df, "A", "B")
    assert diff[0] == pytest.approx(2 * m) and diff[3] == 3
