"""The Ray backend: the same tournament on a local Ray with 2 CPUs gives the same results as
local worker processes (Ray's start-up costs seconds, so this is the one Ray test)."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pandas as pd
import pytest

from hoyle.experiments.tournament import run_tournament

ray = pytest.importorskip("ray")


def test_ray_gives_the_same_results_as_local_workers(tmp_path: Path) -> None:
    agents = ["random", "heuristic", "heuristic:-go-out"]
    assert not ray.is_initialized()
    sigterm = signal.getsignal(signal.SIGTERM)
    local = run_tournament("conquian", agents, deals=4, seed=7, workers=2)
    on_ray = run_tournament("conquian", agents, deals=4, seed=7, backend="ray", workers=2,
                            out=tmp_path, name="r")  # fmt: skip
    assert not ray.is_initialized()  # The Ray it started is shut down,
    assert signal.getsignal(signal.SIGTERM) == sigterm  # and its SIGTERM handler removed.
    pd.testing.assert_frame_equal(on_ray, local)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "r" / "results.parquet"), local)
    assert json.loads((tmp_path / "r" / "config.json").read_text())["kind"] == "tournament"
