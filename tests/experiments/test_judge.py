"""``hoyle judge``: gnubg's own play loses nothing, random play loses equity, the games are the
match engine's, the numbers are reproducible, and an interrupted run resumes to the same table.

Needs GNU Backgammon's Python package: without it every test skips, saying so, but the one
that checks the command says how to install it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from hoyle.agents import AGENTS
from hoyle.experiments import judge
from hoyle.experiments.judge import (
    CSV_FILE,
    MD_FILE,
    THRESHOLDS,
    _classes,
    ratio_ci,
    run_judge,
    summarize_judge,
)

SKIP = "GNU Backgammon's Python package is not installed: pip install 'hoyle[gnubg]'"
OPP = "gnubg:ply=0"


@pytest.fixture(autouse=True)
def gnubg_agent(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip without gnubg (except the tests of that case); the ``gnubg`` agent kind,
    registered for the test if ``hoyle.agents`` does not register it yet."""
    if request.node.name.startswith("test_without_gnubg"):
        return
    pytest.importorskip("gnubg", reason=SKIP)
    if "gnubg" not in AGENTS:
        from hoyle.agents.gnubg_bot import from_spec

        monkeypatch.setitem(AGENTS, "gnubg", from_spec)


def test_gnubg_judged_by_itself_loses_nothing() -> None:
    games, moves = run_judge("backgammon", [OPP], 2, seed=3, opponent=OPP)
    assert len(games) == 2 and sorted(games["seat"]) == [0, 1]
    assert len(moves) > 20 and (moves["loss"] == 0).all()
    assert (moves["chosen"] == moves["best"]).mean() > 0.9  # ties of equity aside, the same play
    s = summarize_judge(games).iloc[0]
    assert s["mean_loss"] == 0 and s["zero_loss_share"] == 1
    # Two copies of gnubg on the same dice, both colours: the results cancel over the deal.
    assert games["return"].sum() == 0


def test_random_play_loses_equity() -> None:
    games, moves = run_judge("backgammon", ["random"], 2, seed=3, opponent=OPP)
    s = summarize_judge(games).iloc[0]
    assert s["moves_judged"] == len(moves) > 10
    assert s["mean_loss"] > 0.05 and s["zero_loss_share"] < 0.5
    assert (moves["loss"] >= 0).all()
    assert moves["loss"].to_numpy() == pytest.approx(
        (moves["equity_best"] - moves["equity_chosen"]).to_numpy()
    )
    assert s["mean_return"] < 0
    # The per-game sums are those of the move rows.
    per_game = moves.groupby("rotation")["loss"].sum()
    assert games.set_index("rotation")["loss"].to_numpy() == pytest.approx(per_game.to_numpy())


def test_games_are_the_match_engines() -> None:
    from hoyle.experiments.match import run_match

    games, _ = run_judge("backgammon", ["random"], 4, seed=7, opponent=OPP)
    match = run_match("backgammon", ["random", OPP], 2, seed=7)
    mine = match[match["agent"] == "random"].sort_values(["deal", "rotation"])
    assert games["return"].tolist() == mine["return"].tolist()
    assert games["seat"].tolist() == mine["seat"].tolist()
    assert games["seed"].tolist() == mine["seed"].tolist()


def test_every_agent_meets_the_same_dice() -> None:
    games, _ = run_judge("backgammon", ["random", OPP], 2, seed=1, opponent=OPP)
    by_agent = games.groupby("agent")["deal_seed"].apply(list)
    assert by_agent["random"] == by_agent[OPP]


def test_same_seed_same_numbers(tmp_path: Path) -> None:
    a = run_judge("backgammon", ["random"], 2, seed=5, out=tmp_path, name="a")
    b = run_judge("backgammon", ["random"], 2, seed=5, out=tmp_path, name="b")
    pd.testing.assert_frame_equal(a[0], b[0])
    pd.testing.assert_frame_equal(a[1], b[1])
    other = run_judge("backgammon", ["random"], 2, seed=6)
    assert not a[1]["loss"].equals(other[1]["loss"])


def test_resume_after_interruption_equals_an_uninterrupted_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = run_judge("backgammon", ["random", OPP], 4, seed=2, out=tmp_path, name="whole")
    real = judge.judge_unit
    calls = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[1])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(judge, "judge_unit", flaky)
    with pytest.raises(KeyboardInterrupt):
        run_judge("backgammon", ["random", OPP], 4, seed=2, out=tmp_path, name="cut",
                  save_every=0)  # fmt: skip
    parts = list((tmp_path / "cut" / "parts").glob("*-games.parquet"))
    assert len(parts) == 2  # the two units finished before the interruption
    monkeypatch.setattr(judge, "judge_unit", real)
    started: list[int] = []
    resumed = run_judge("backgammon", ["random", OPP], 4, seed=2, out=tmp_path, name="cut",
                        on_start=lambda p, done: started.append(done))  # fmt: skip
    assert started == [2]
    pd.testing.assert_frame_equal(whole[0], resumed[0])
    pd.testing.assert_frame_equal(whole[1], resumed[1])
    assert not (tmp_path / "cut" / "parts").exists()
    stored = pd.read_parquet(tmp_path / "cut" / "games.parquet")
    pd.testing.assert_frame_equal(stored, whole[0])


def test_more_games_extend_a_stored_run(tmp_path: Path) -> None:
    run_judge("backgammon", ["random"], 2, seed=4, out=tmp_path, name="r")
    started: list[int] = []
    games, _ = run_judge("backgammon", ["random"], 4, seed=4, out=tmp_path, name="r",
                         on_start=lambda p, done: started.append(done))  # fmt: skip
    assert started == [1] and len(games) == 4
    with pytest.raises(judge.JudgeConfigError, match="ply"):
        run_judge("backgammon", ["random"], 2, seed=4, ply=1, out=tmp_path, name="r")


def test_workers_give_the_same_table() -> None:
    one = run_judge("backgammon", ["random", OPP], 4, seed=9)
    two = run_judge("backgammon", ["random", OPP], 4, seed=9, workers=2)
    pd.testing.assert_frame_equal(one[0], two[0])
    pd.testing.assert_frame_equal(one[1], two[1])


def test_classes_are_gnubgs_strict_and_exclusive() -> None:
    losses = np.array([0.0, 0.04, 0.0400001, 0.08, 0.1, 0.16, 0.17, 1.0])
    assert _classes(losses) == {"very_bad": 2, "bad": 2, "doubtful": 2}
    assert [t for _, t in THRESHOLDS] == [0.04, 0.08, 0.16]


def test_ratio_interval() -> None:
    m, lo, hi = ratio_ci(np.array([2.0, 4.0]), np.array([2.0, 2.0]))
    assert m == 1.5 and lo < 1.5 < hi
    m, lo, hi = ratio_ci(np.array([1.0, 2.0]), np.array([1.0, 2.0]))
    assert (m, lo, hi) == (1.0, 1.0, 1.0)  # the same rate in every cluster: no spread
    assert np.isnan(ratio_ci(np.array([1.0]), np.array([2.0]))[1])


def _parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    judge.add_command(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


def test_command_writes_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["judge", "backgammon", "--agents", f"random,{OPP}", "--games", "2", "--seed", "1",
            "--out", str(tmp_path), "--name", "j", "--quiet"]  # fmt: skip
    assert judge.run(_parse(argv)) == 0
    out = capsys.readouterr().out
    assert "random" in out and "loss/move" in out
    csv = pd.read_csv(tmp_path / "j" / CSV_FILE)
    assert list(csv["agent"]) == ["random", OPP] and csv["games"].tolist() == [2, 2]
    md = (tmp_path / "j" / MD_FILE).read_text()
    assert "| `random` |" in md and "same dice" in md and "0.04" in md
    assert f"hoyle judge backgammon --agents random,{OPP} --against {OPP} --games 2" in md
    # Run again: everything is stored, the report is the same.
    assert judge.run(_parse(argv)) == 0
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "j" / CSV_FILE), csv)


def test_command_refuses_bad_lines() -> None:
    from hoyle.experiments.cli import UsageError

    for argv, match in [
        (["judge", "conquian", "--agents", "random", "--games", "2"], "backgammon only"),
        (["judge", "backgammon", "--agents", "random", "--games", "3"], "even"),
        (["judge", "backgammon", "--agents", "nobody", "--games", "2"], "unknown agent"),
        (["judge", "backgammon", "--agents", "random", "--games", "2", "--against",
          "gnubg:ply=5"], "ply"),
    ]:  # fmt: skip
        with pytest.raises(UsageError, match=match):
            judge.run(_parse(argv))


def test_without_gnubg_the_command_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from hoyle.experiments.cli import UsageError

    monkeypatch.setitem(sys.modules, "gnubg", None)  # makes `import gnubg` fail
    argv = ["judge", "backgammon", "--agents", "random", "--games", "2"]
    with pytest.raises(UsageError, match=r'pip install "hoyle\[gnubg\]"'):
        judge.run(_parse(argv))
    with pytest.raises(ImportError, match=r"hoyle\[gnubg\]"):
        run_judge("backgammon", ["random"], 2)
