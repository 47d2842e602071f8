"""Tournaments: tables and seat orders, duplicate deals, storage, resume after an interrupt and a
real kill, worker processes, the summary and ``hoyle tournament``."""

from __future__ import annotations

import doctest
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import hoyle.experiments.match as match
import hoyle.experiments.tournament
from hoyle.experiments.backends import BackendUnavailable, make_backend
from hoyle.experiments.cli import main
from hoyle.experiments.match import RunConfigError, load_run, run_match, to_frame
from hoyle.experiments.report import build_report, leaderboard_table
from hoyle.experiments.runs import MARKER
from hoyle.experiments.stats import pairwise, seat_effects
from hoyle.experiments.tournament import run_tournament, tournament_plan

AGENTS = ["random", "heuristic", "heuristic:-go-out"]


def test_doctests() -> None:
    result = doctest.testmod(hoyle.experiments.tournament)
    assert result.failed == 0 and result.attempted > 0


def test_plans_seat_every_table_in_every_order() -> None:
    two = tournament_plan(AGENTS, 2)
    assert two.tables == ((0, 1), (0, 2), (1, 2)) and two.seatings == [(0, 1), (1, 0)]
    three = tournament_plan(["a", "b", "c", "d"], 3)
    assert len(three.tables) == 4 and len(three.seatings) == 6
    assert len(tournament_plan(["a", "b", "c", "d"], 3, "rotations").seatings) == 3
    with pytest.raises(ValueError, match="at least 3 agents"):
        tournament_plan(["a", "b"], 3)
    with pytest.raises(ValueError, match="seatings"):
        tournament_plan(["a", "b"], 2, "shuffled")


def test_every_pairing_plays_both_seats_on_the_same_deals() -> None:
    df = run_tournament("conquian", AGENTS, deals=3, seed=2)
    assert len(df) == 3 * 3 * 2 * 2  # deals × tables × seat orders × seats
    games = df.groupby(["deal", "table", "rotation"])
    assert (games["agent"].nunique() == 2).all()
    assert (df.groupby("deal")["deal_seed"].nunique() == 1).all()  # One stream per deal.
    tables = tournament_plan(AGENTS, 2).tables
    for (_, table), g in df.groupby(["deal", "table"]):
        i, j = tables[table]
        assert set(g["seating"]) == {f"{i},{j}", f"{j},{i}"}
        for _, mine in g.groupby("agent"):
            assert sorted(mine["seat"]) == [0, 1]
    s = pairwise(df)
    assert len(s) == 6 and (s["games"] == 3 * 2).all()
    pairs = s.set_index(["agent", "opponent"])
    a, b = pairs.loc[("heuristic", "random")], pairs.loc[("random", "heuristic")]
    assert a["mean_diff"] == pytest.approx(-b["mean_diff"])
    assert (a["wins"], a["draws"], a["losses"]) == (b["losses"], b["draws"], b["wins"])
    assert a["score"] + b["score"] == pytest.approx(1.0)


def test_a_table_of_the_tournament_is_the_match_of_its_agents() -> None:
    df = run_tournament("conquian", AGENTS, deals=3, seed=4)
    cols = ["deal", "rotation", "seat", "spec", "seed", "deal_seed", "return", "result", "moves"]
    for table, pair in enumerate([(0, 1), (0, 2), (1, 2)]):
        alone = run_match("conquian", [AGENTS[i] for i in pair], deals=3, seed=4)
        mine = df[df["table"] == table].reset_index(drop=True)
        pd.testing.assert_frame_equal(mine[cols], alone[cols])


def test_three_players_every_seat_order() -> None:
    agents = ["heuristic", "random", "heuristic:-take-before-trail", "random"]
    df = run_tournament("cassino(players=3)", agents, deals=1, seed=1)
    assert len(df) == 4 * 6 * 3  # 4 tables of 3 agents × 6 seat orders × 3 seats
    assert set(df["agent"]) == {"heuristic", "random#2", "heuristic:-take-before-trail",
                                "random#4"}  # fmt: skip
    per_table = df.groupby(["table", "agent"])["seat"].value_counts()
    assert (per_table == 2).all()  # Each agent of a table sits in each seat in 2 of the 6.
    assert df.groupby(["table", "rotation"])["seating"].nunique().eq(1).all()
    assert df.groupby("table")["seating"].nunique().eq(6).all()
    s = seat_effects(df)
    assert list(s.index) == [0, 1, 2] and (s["games"] == 24).all()
    assert s.loc[0, "diff_seat0"] == 0


def test_workers_give_the_same_table(tmp_path: Path) -> None:
    one = run_tournament("conquian", AGENTS, deals=5, seed=3)
    two = run_tournament("conquian", AGENTS, deals=5, seed=3, workers=2, out=tmp_path, name="w")
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, pd.read_parquet(tmp_path / "w" / "results.parquet"))
    config = json.loads((tmp_path / "w" / "config.json").read_text())
    assert config["kind"] == "tournament" and config["tables"] == [[0, 1], [0, 2], [1, 2]]
    assert config["games_per_table"] == 2 and config["players"] == 2


def test_an_interrupt_between_parts_resumes_to_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals, seed = 4, 6
    whole = run_tournament("conquian", AGENTS, deals, seed)
    real = match.play_unit
    played: list[tuple[int, int]] = []

    def cut_at_the_eighth(game: Any, plan: Any, s: int, deal: int, table: int) -> Any:
        if len(played) == 7:
            raise KeyboardInterrupt
        played.append((deal, table))
        return real(game, plan, s, deal, table)

    monkeypatch.setattr(match, "play_unit", cut_at_the_eighth)
    with pytest.raises(KeyboardInterrupt):
        run_tournament("conquian", AGENTS, deals, seed, out=tmp_path, name="t", save_every=1e9)
    run = tmp_path / "t"
    assert not (run / "results.parquet").exists()
    _, saved = load_run(run)  # What finished was saved on the way out.
    assert len(saved) == 7 * 2 * 2

    played.clear()

    def counted(game: Any, plan: Any, s: int, deal: int, table: int) -> Any:
        played.append((deal, table))
        return real(game, plan, s, deal, table)

    monkeypatch.setattr(match, "play_unit", counted)
    resumed = run_tournament("conquian", AGENTS, deals, seed, out=tmp_path, name="t")
    assert len(played) == 4 * 3 - 7
    pd.testing.assert_frame_equal(resumed, whole)
    pd.testing.assert_frame_equal(pd.read_parquet(run / "results.parquet"), whole)
    with pytest.raises(RunConfigError, match="tournament"):
        run_tournament("conquian", AGENTS[:2], deals, seed, out=tmp_path, name="t")


def _wait_for_parts(run: Path, proc: subprocess.Popen[bytes], at_least: int) -> None:
    deadline = time.monotonic() + 60
    while len(list((run / "parts").glob("*.parquet"))) < at_least:
        assert proc.poll() is None, proc.communicate()[1].decode()[-2000:]
        assert time.monotonic() < deadline, "no parts written"
        time.sleep(0.02)


def test_a_killed_tournament_restarts_to_the_same_results(tmp_path: Path) -> None:
    """A real process, killed (SIGKILL: no chance to clean up) after some games, then resumed."""
    deals, seed = 20, 8
    argv = ["tournament", "conquian", "--agents", ",".join(AGENTS), "--deals", str(deals),
            "--seed", str(seed), "--out", str(tmp_path), "--name", "k", "--quiet",
            "--save-every", "0", "--bootstrap", "50"]  # fmt: skip
    run = tmp_path / "k"
    proc = subprocess.Popen([sys.executable, "-m", "hoyle.experiments.cli", *argv],
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    _wait_for_parts(run, proc, 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    assert not (run / "results.parquet").exists()
    _, killed = load_run(run)
    assert 0 < len(killed) < deals * 3 * 2 * 2

    assert main(argv) == 0
    whole = run_tournament("conquian", AGENTS, deals, seed)
    pd.testing.assert_frame_equal(pd.read_parquet(run / "results.parquet"), whole)
    assert not (run / "parts").exists()


def test_sigterm_saves_what_finished_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = match.play_unit
    played: list[int] = []

    def terminated_at_the_fifth(*a: Any) -> Any:
        played.append(1)
        if len(played) == 5:
            os.kill(os.getpid(), signal.SIGTERM)  # As `kill PID` would.
        return real(*a)

    monkeypatch.setattr(match, "play_unit", terminated_at_the_fifth)
    before = signal.getsignal(signal.SIGTERM)
    argv = ["tournament", "conquian", "--agents", ",".join(AGENTS), "--deals", "4", "--quiet",
            "--out", str(tmp_path), "--name", "t"]  # fmt: skip
    assert main(argv) == 130
    assert "run the same command again" in capsys.readouterr().err
    _, saved = load_run(tmp_path / "t")
    assert len(saved) == 4 * 2 * 2  # Four units finished; the fifth was cut short.
    assert signal.getsignal(signal.SIGTERM) == before  # Handler restored.
    monkeypatch.setattr(match, "play_unit", real)
    assert main(argv) == 0
    df = pd.read_parquet(tmp_path / "t" / "results.parquet")
    pd.testing.assert_frame_equal(df, run_tournament("conquian", AGENTS, 4, 0))


def test_the_command_prints_and_writes_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "conquian", "--agents", "heuristic,random,heuristic:-go-out,-use-a-card",
            "--deals", "4", "--seed", "1", "--out", str(tmp_path), "--name", "t", "--quiet",
            "--bootstrap", "100"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "rating [95% CI]" in out and "Head to head" in out and "Seat effects" in out
    assert "heuristic:-go-out,-use-a-card" in out and "Bradley–Terry" in out
    run = tmp_path / "t"
    for f in ("leaderboard.md", "leaderboard.csv", "pairwise.csv", "seats.csv",
              "leaderboard.png", "pairwise.png"):  # fmt: skip
        assert (run / f).stat().st_size > 0, f
    assert (run / "leaderboard.png").read_bytes()[:4] == b"\x89PNG"
    board = pd.read_csv(run / "leaderboard.csv", index_col="agent")
    assert list(board["rank"]) == [1, 2, 3] and board["rating"].is_monotonic_decreasing
    assert (board["games"] == 4 * 2 * 2).all()
    md = (run / "leaderboard.md").read_text()
    assert "| rank | agent |" in md and "![pairwise](pairwise.png)" in md

    (run / "leaderboard.csv").unlink()
    assert main(["tournament", "--report", str(run), "--bootstrap", "100"]) == 0
    assert capsys.readouterr().out == out  # The same summary, from the stored rows.
    pd.testing.assert_frame_equal(pd.read_csv(run / "leaderboard.csv", index_col="agent"), board)


def test_a_report_of_an_unfinished_run_uses_whole_deals_only() -> None:
    df = run_tournament("conquian", AGENTS, deals=3, seed=5)
    config = {"tables": [[0, 1], [0, 2], [1, 2]], "seed": 5}
    cut = df[~((df["deal"] == 2) & (df["table"] == 2))]
    report = build_report(config, cut, bootstrap=50)
    assert report.deals == 2 and (report.leaderboard["games"] == 2 * 2 * 2).all()
    with pytest.raises(ValueError, match="no deal"):
        build_report(config, to_frame([]), bootstrap=50)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["tournament", "conquian", "--agents", "random", "--deals", "1"], "2 players"),
        (["tournament", "conquian", "--agents", "random,nonesuch", "--deals", "1"],
         "unknown agent"),
        (["tournament", "conquian", "--agents", "random,random"], "--deals"),
        (["tournament", "--report", "/nonexistent/run"], "holds no run"),
        (["tournament", "conquian", "--agents", "random,random", "--deals", "1", "--address",
          "x"], "--backend ray"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1, err


def test_the_ray_backend_says_how_to_install_ray(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # As if ray were not installed.
    with pytest.raises(BackendUnavailable, match=r"hoyle\[ray\]"):
        make_backend("ray", 2)
    argv = ["tournament", "conquian", "--agents", "random,random", "--deals", "1", "--quiet",
            "--backend", "ray", "--out", str(tmp_path)]  # fmt: skip
    assert main(argv) == 2
    assert "pip install 'hoyle[ray]'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # Refused before anything was stored.


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["tournament", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "--backend" in out and "--report" in out and "--workers" in out


def test_a_one_player_game_compares_agents_on_the_same_deals(solo_game: str) -> None:
    df = run_tournament(solo_game, ["random", "random"], deals=20, seed=3)
    assert len(df) == 2 * 20 and set(df["table"]) == {0, 1} and (df["seat"] == 0).all()
    pairs = pairwise(df).set_index(["agent", "opponent"])
    a = pairs.loc[("random#1", "random#2")]
    assert a["games"] == 20 and a["deals"] == 20
    mine = df.pivot(index="deal", columns="agent", values="return")
    assert a["mean_diff"] == pytest.approx((mine["random#1"] - mine["random#2"]).mean())
    config = {"tables": [[0], [1]], "seed": 3, "players": 1}
    report = build_report(config, df, bootstrap=50)
    board = report.leaderboard
    assert board["rating"].notna().all() and board["rating"].sum() == pytest.approx(0)
    # No table to win in a patience: the leaderboard leaves out W/D/L and win%.
    head = leaderboard_table(report).splitlines()[0]
    assert "W/D/L" not in head and "win%" not in head and "score" in head


def test_a_match_stored_in_format_1_resumes(tmp_path: Path) -> None:
    """A match stored before tables existed (no ``table`` or ``seating`` column, an older
    config) is read and resumed as the same match."""
    agents = ["heuristic", "random"]
    fresh = run_match("conquian", agents, deals=4, seed=2)
    run = tmp_path / "old"
    run_match("conquian", agents, deals=3, seed=2, out=tmp_path, name="old")
    old = pd.read_parquet(run / "results.parquet").drop(columns=["table", "seating"])
    old[old["deal"] < 2].to_parquet(run / "results.parquet", index=False)
    (run / "parts").mkdir()
    old[old["deal"] == 2].to_parquet(run / "parts" / "deals-0000002-0000002.parquet")
    config = json.loads((run / "config.json").read_text())
    for key in ("kind", "labels", "players", "tables", "seatings", "games_per_table"):
        del config[key]
    (run / "config.json").write_text(json.dumps({**config, "format": 1}))
    (run / MARKER).unlink()  # A hoyle of format 1 marked no run folder.
    _, stored = load_run(run)
    pd.testing.assert_frame_equal(stored, fresh[fresh["deal"] < 3].reset_index(drop=True))
    resumed = run_match("conquian", agents, deals=4, seed=2, out=tmp_path, name="old")
    pd.testing.assert_frame_equal(resumed, fresh)
    assert json.loads((run / "config.json").read_text())["format"] == match.FORMAT
