"""The TD training run (``hoyle train backgammon --method td``) on the run skeleton: seeded,
killed and resumed to the same network and curve, the command's folder rules."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents.td import load_network
from hoyle.experiments.train_td import TDTrainer


def _trainer(out: Path, games: int) -> TDTrainer:
    return TDTrainer("backgammon", games=games, hidden=6, seed=2, out=out, checkpoint_every=2,
                     eval_every=2, eval_games=2, progress=False)  # fmt: skip


def _curve(trainer: TDTrainer) -> list[tuple[Any, ...]]:
    """The curve without its times, NaN read as None (so that rows compare equal)."""
    return [tuple(None if isinstance(v, float) and math.isnan(v) else v
                  for k, v in sorted(r.items()) if k != "train_seconds")
            for r in trainer.curve]  # fmt: skip


def test_a_killed_and_resumed_run_equals_an_uninterrupted_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = _trainer(tmp_path / "whole", 4)
    whole.setup()
    whole.train()
    import hoyle.experiments.train_td as td_train

    real, calls = td_train.train_game, []

    def killed_in_game_4(*args: Any, **kwargs: Any) -> int:
        calls.append(1)
        if len(calls) == 4:  # the checkpoint after game 2 is on disk; game 3 is lost
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(td_train, "train_game", killed_in_game_4)
    part = _trainer(tmp_path / "part", 4)
    part.setup()
    with pytest.raises(KeyboardInterrupt):
        part.train()
    monkeypatch.setattr(td_train, "train_game", real)
    resumed = _trainer(tmp_path / "part", 4)
    resumed.setup()
    assert resumed.done == 2
    resumed.train()
    for k in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(whole.net, k), getattr(resumed.net, k))
    assert _curve(whole) == _curve(resumed) and len(_curve(whole)) == 6
    saved = load_network(tmp_path / "part" / "td.npz")
    assert saved.meta["games"] == 4 and np.allclose(saved.w1, whole.net.w1, atol=1e-6)
    for name in ("curve.csv", "curve.png", "summary.json", "config.json", "checkpoint.npz"):
        assert (tmp_path / "part" / name).is_file()


def test_the_train_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.experiments.cli import main

    out = tmp_path / "run"
    argv = ["train", "backgammon", "--method", "td", "--games", "2", "--hidden", "4",
            "--eval-games", "2", "--seed", "1", "--out", str(out), "--quiet"]  # fmt: skip
    assert main(argv) == 0
    assert "td:weights=" in capsys.readouterr().out
    assert load_network(out / "td.npz").meta["games"] == 2
    assert main([*argv[:5], "3", *argv[6:]]) == 0  # a larger --games continues the run
    assert load_network(out / "td.npz").meta["games"] == 3
    assert main([*argv, "--lam", "0.5"]) == 2  # another run's folder: refused, kept
    assert "holds another run (lam: 0.7, not 0.5)" in capsys.readouterr().err
    assert load_network(out / "td.npz").meta["games"] == 3
