"""``hoyle train``: exact and abstracted MCCFR runs, their files, and resume after a kill."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from hoyle.agents import make
from hoyle.agents.cfr import mccfr
from hoyle.envs.core.files import load_npz
from hoyle.experiments.cli import main
from hoyle.experiments.train import Trainer, log_points

TINY = "conquian(ranks=3,suits=2)"
"""Conquian's small configuration with two suits (6,853 nodes): every test here is quick."""


def train(tmp: Path, name: str, *extra: str) -> int:
    return main(["train", TINY, "--out", str(tmp / name), "--quiet", *extra])


class Kill(Exception):
    pass


def _kill_at(monkeypatch: pytest.MonkeyPatch, cls: Any, at: int) -> None:
    """Make ``cls.run`` raise KeyboardInterrupt when the solver reaches iteration ``at``."""
    real = cls.run

    def run(self: Any, n: int) -> None:
        if self.iteration >= at:
            raise KeyboardInterrupt
        real(self, n)

    monkeypatch.setattr(cls, "run", run)


def _same_run(a: Path, b: Path, log: str) -> None:
    la, lb = pd.read_csv(a / log), pd.read_csv(b / log)
    # A run continued past its end keeps the row it logged at that end.
    la = la[la["iteration"].isin(lb["iteration"])].reset_index(drop=True)
    cols = [c for c in la.columns if "seconds" not in c]
    pd.testing.assert_frame_equal(la[cols], lb[cols])
    with np.load(a / "policy.npz") as pa, np.load(b / "policy.npz") as pb:
        for k in ("keys", "counts", "actions", "probs"):
            assert np.array_equal(pa[k], pb[k]), k
    ca, cb = _checkpoint(a), _checkpoint(b)
    assert ca["meta"]["solver"] == cb["meta"]["solver"]  # the iteration and the RNG states
    assert np.array_equal(ca["regret"], cb["regret"]) and np.array_equal(ca["avg"], cb["avg"])


def _checkpoint(run: Path) -> dict[str, Any]:
    """The arrays of a run's checkpoint, its JSON ``meta`` decoded."""
    z = load_npz(run / "checkpoint.npz")
    return {**z, "meta": json.loads(str(z["meta"]))}


@pytest.mark.parametrize("sampling", ["external", "outcome"])
def test_exact_run_killed_and_resumed_equals_uninterrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sampling: str
) -> None:
    args = ("--iterations", "400", "--checkpoint-every", "100", "--seed", "3",
            "--sampling", sampling)  # fmt: skip
    assert train(tmp_path, "whole", *args) == 0
    with monkeypatch.context() as m:
        _kill_at(m, mccfr.TreeMCCFR, 250)
        assert train(tmp_path, "killed", *args) == 130
    assert _checkpoint(tmp_path / "killed")["meta"]["solver"]["iteration"] == 200  # the last
    assert train(tmp_path, "killed", *args) == 0
    _same_run(tmp_path / "whole", tmp_path / "killed", "exploitability.csv")
    # The log: exact exploitability, falling, at log-spaced points.
    log = pd.read_csv(tmp_path / "whole" / "exploitability.csv")
    assert log["iteration"].tolist() == [0, *log_points(400)]
    killed = pd.read_csv(tmp_path / "killed" / "exploitability.csv")
    assert killed["iteration"].tolist() == log["iteration"].tolist()
    factor = 0.5 if sampling == "external" else 0.75  # outcome sampling is noisier, slower
    assert log["exploitability"].iloc[-1] < factor * log["exploitability"].iloc[0]
    assert (log["exploitability"] == log["nash_conv"] / 2).all()
    assert (tmp_path / "whole" / "exploitability.png").stat().st_size > 0
    summary = json.loads((tmp_path / "whole" / "summary.json").read_text())
    assert summary["tree"]["nodes"] == 6853 and summary["iterations"] == 400


def test_a_finished_run_continues_to_more_iterations(tmp_path: Path) -> None:
    assert train(tmp_path, "a", "--iterations", "300", "--seed", "1") == 0
    assert train(tmp_path, "a", "--iterations", "500", "--seed", "1") == 0
    assert train(tmp_path, "b", "--iterations", "500", "--seed", "1") == 0
    _same_run(tmp_path / "a", tmp_path / "b", "exploitability.csv")
    assert 300 in pd.read_csv(tmp_path / "a" / "exploitability.csv")["iteration"].tolist()


def test_abstracted_run_killed_and_resumed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = "conquian(ranks=3,suits=2,hand_size=2)"
    args = ["train", game, "--config", "full", "--iterations", "60", "--checkpoint-every", "20",
            "--seed", "2", "--quiet"]  # fmt: skip
    assert main([*args, "--out", str(tmp_path / "whole")]) == 0
    with monkeypatch.context() as m:
        _kill_at(m, mccfr.GameMCCFR, 50)
        assert main([*args, "--out", str(tmp_path / "killed")]) == 130
    assert main([*args, "--out", str(tmp_path / "killed")]) == 0
    _same_run(tmp_path / "whole", tmp_path / "killed", "progress.csv")
    cfg = json.loads((tmp_path / "whole" / "config.json").read_text())
    assert cfg["mode"] == "abstracted" and cfg["sampling"] == "outcome"
    assert cfg["abstraction"] == "declared" and cfg["command"].startswith("hoyle train")


def test_trained_policy_plays_as_an_agent(tmp_path: Path) -> None:
    import random

    t = Trainer(TINY, iterations=200, out=tmp_path / "r", progress=False, seed=0)
    summary = t.train()
    assert summary["exploitability_end"] < summary["exploitability_start"]
    bot = make(f"mccfr:policy={tmp_path / 'r' / 'policy.npz'}", t.game, 0)
    rng = random.Random(0)
    for _ in range(5):
        state = t.game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                a = bot.step(state)
                assert a in state.legal_actions()
                state.apply_action(a)
    assert bot.hits > 0


def test_bad_command_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert train(tmp_path, "x", "--iterations", "0") == 2
    assert train(tmp_path, "y", "--iterations", "20", "--seed", "1") == 0
    assert train(tmp_path, "y", "--iterations", "20", "--seed", "2") == 2
    assert "holds another run" in capsys.readouterr().err
    # --no-resume starts over only in this same run's folder: another run's is kept.
    assert train(tmp_path, "y", "--iterations", "20", "--seed", "2", "--no-resume") == 2
    assert json.loads((tmp_path / "y" / "config.json").read_text())["seed"] == 1
    assert train(tmp_path, "y", "--iterations", "20", "--seed", "1", "--no-resume") == 0
    assert main(["train", "nosuchgame", "--quiet"]) == 2


def test_doctests() -> None:
    import doctest

    import hoyle.experiments.train as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
