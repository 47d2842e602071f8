"""``hoyle bench --baseline DIR``: each game timed in another checkout, by the same loops."""

from __future__ import annotations

from pathlib import Path

import pytest

from hoyle.experiments.bench import Baseline, format_bench, run_bench
from hoyle.experiments.cli import load_game, main
from hoyle.experiments.usage import UsageError

ROOT = Path(__file__).resolve().parents[2]


def test_baseline_times_the_game_in_the_other_checkout() -> None:
    game = load_game("conquian")[1]
    with Baseline(ROOT) as old:
        rows = run_bench([game], 0.04, seed=1, rounds=2, baseline=old)
    row = rows[0]
    assert row["baseline"]["games"] >= 1 and row["baseline"]["steps_per_s"] > 0
    assert row["x_old_steps"] == row["steps_per_s"] / row["baseline"]["steps_per_s"]
    assert "beside the baseline checkout" in format_bench(rows)
    assert "baseline" not in rows[1]  # the C++ reference has no baseline


def test_the_worker_imports_the_other_checkouts_hoyle(tmp_path: Path) -> None:
    # A checkout whose packages register no game: the worker must fail to find conquian,
    # which it would find if it imported this checkout's hoyle instead.
    for d in ("envs", "agents", "experiments"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "__init__.py").write_text("")
    with Baseline(tmp_path) as old, pytest.raises(UsageError, match="cannot time hoyle_conquian"):
        old.time("hoyle_conquian", 0.01, 0, False)


def test_a_folder_that_is_not_a_checkout_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not a hoyle checkout"):
        Baseline(tmp_path)
    assert main(["bench", "conquian", "--no-agents", "--baseline", str(tmp_path)]) == 2
