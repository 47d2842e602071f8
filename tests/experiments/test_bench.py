"""``hoyle bench`` as a user runs it: progress on stderr, the env loops beside the peers, a
record kept and compared with. Budgets are tiny: these tests check what is reported, never how
fast anything is."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.experiments import bench_envs
from hoyle.experiments.bench_agents import format_agent_bench, run_agent_bench
from hoyle.experiments.bench_progress import Progress, clock
from hoyle.experiments.cli import main

QUICK = ["--seconds", "0.02", "--rounds", "1", "--no-agents"]


def test_progress_says_what_runs_and_how_long_is_left() -> None:
    out = io.StringIO()
    progress = Progress(planned=2.0, stream=out, every=0.0)
    with progress.piece("first", 1.0):
        pass
    assert progress.left() == pytest.approx(1.0)  # ran under its plan: the plan stands
    with progress.piece("second", 1.0):
        pass
    progress.close()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("bench   0%  first") and "about 2 s left" in lines[0]
    assert lines[1].startswith("bench  50%  second") and "about 1 s left" in lines[1]
    assert lines[2].startswith("bench done in")
    assert [clock(42), clock(185), clock(3720)] == ["42 s", "3 min 05 s", "1 h 02 min"]


def test_progress_scales_the_estimate_by_the_overrun() -> None:
    progress = Progress(planned=10.0, stream=None)
    progress.done_planned, progress.done_actual = 2.0, 6.0  # ran three times its plan
    assert progress.left() == pytest.approx(24.0)


def test_bench_shows_its_estimate_and_progress_on_stderr_and_quiet_hides_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "conquian", *QUICK]) == 0
    captured = capsys.readouterr()
    assert "hoyle bench: 1 game (games); about" in captured.err
    assert "bench   0%  games, round 1/1: hoyle_conquian" in captured.err
    assert "bench done in" in captured.err
    assert "higher is better" in captured.out and "lower is better" in captured.out
    assert main(["bench", "conquian", *QUICK, "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_bench_envs_times_hoyle_envs_beside_pettingzoo_classic_and_rlcard(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "conquian", "five_hundred", *QUICK, "--envs", "--env-seconds", "0.05",
            "--json", "--quiet"]  # fmt: skip
    assert main(argv) == 0
    rows = {r["env"]: r for r in json.loads(capsys.readouterr().out)["envs"]}
    for game in ("hoyle_conquian", "hoyle_five_hundred"):
        for api in ("PettingZoo AEC", "Gymnasium"):
            assert rows[f"{game} {api}"]["steps_per_s"] > 0
    peers = [label for label, r in rows.items() if r["reference"]]
    assert peers == ["PettingZoo classic leduc_holdem-v4", "PettingZoo classic texas_holdem-v4",
                     "RLCard gin-rummy loop", "RLCard bridge loop"]  # fmt: skip
    assert all(rows[p]["steps_per_s"] > 0 for p in peers)
    # Conquian is set beside RLCard's gin rummy, Five Hundred beside its bridge.
    conquian, five = rows["hoyle_conquian PettingZoo AEC"], rows["hoyle_five_hundred Gymnasium"]
    assert conquian["rlcard_peer"] == "RLCard gin-rummy loop"
    assert conquian["x_rlcard"] == conquian["steps_per_s"] / rows["RLCard gin-rummy loop"][
        "steps_per_s"]  # fmt: skip
    assert five["rlcard_peer"] == "RLCard bridge loop"
    classic = max(rows[p]["steps_per_s"] for p in peers[:2])
    assert five["x_pz_classic"] == five["steps_per_s"] / classic


def test_a_peer_not_installed_gets_a_row_that_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(*_args: Any) -> Any:
        raise ImportError("No module named 'rlcard'")

    monkeypatch.setattr(bench_envs, "rlcard_loop", missing)
    monkeypatch.setattr(bench_envs, "pz_classic", missing)
    game = pyspiel.load_game("hoyle_backgammon")
    rows = bench_envs.run_env_bench([game], 0.02, rounds=1)
    hoyle_rows = [r for r in rows if not r["reference"]]
    assert len(hoyle_rows) == 2 and all(r["steps_per_s"] > 0 for r in hoyle_rows)
    assert all(r["x_rlcard"] is None and r["x_pz_classic"] is None for r in hoyle_rows)
    text = bench_envs.format_env_bench(rows)
    assert text.count("pip install 'hoyle[bench]'") == 4


def test_record_is_kept_as_new_json_and_a_later_run_is_compared_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "before.json"
    assert main(["bench", "conquian", *QUICK, "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    kept = json.loads(record.read_text(), parse_constant=lambda c: pytest.fail(c))
    assert kept["format"] == "hoyle-bench-record" and kept["settings"]["games"] == ["conquian"]
    assert {"hoyle", "python", "pyspiel", "machine", "cpus"} <= set(kept["machine"])
    assert [r["game"] for r in kept["games"]] == ["hoyle_conquian", "gin_rummy"]
    text = record.read_text()

    # Asked again, the record is refused up front, before any timing, and left as it was.
    assert main(["bench", "conquian", *QUICK, "--quiet", "--record", str(record)]) == 2
    captured = capsys.readouterr()
    assert "never overwritten" in captured.err and captured.out == ""
    assert record.read_text() == text
    assert main(["bench", "conquian", *QUICK, "--record", str(tmp_path / "no" / "r.json")]) == 2
    assert "no folder" in capsys.readouterr().err

    assert main(["bench", "conquian", *QUICK, "--quiet", "--compare", str(record)]) == 0
    out = capsys.readouterr().out
    assert f"compared with {record}" in out and "speed now/then" in out
    assert "hoyle_conquian  steps/s" in out and "gin_rummy  clone µs" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "is not a readable bench record"),
     ('{"format": "something else"}', "is not a bench record"),
     ('{"format": "hoyle-bench-record", "version": 1, "games": 3, "agents": [], "envs": []}',
      "'games' is not a list of rows")],
)  # fmt: skip
def test_compare_refuses_a_file_that_is_not_a_record_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["bench", "conquian", *QUICK, "--compare", str(path)]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1 and captured.out == ""


def test_agent_bench_says_what_it_could_not_measure() -> None:
    rows = [{"game": "hoyle_x", "reference": False, "kind": "ismcts", "reference_game": "y",
             "ismcts_random": 10.0, "mccfr_small_external": 0.5,
             "mccfr_small_external_bound": True, "x_ismcts": None}]  # fmt: skip
    text = format_agent_bench(rows)
    assert "< 0.5  (no iteration finished within the budget)" in text
    assert "ISMCTS (random rollouts) × reference" in text and "n/a" in text
    assert "higher is better" in text
    # OpenSpiel's C++ MCTS takes terminal returns only: it cannot search 2048, which pays along
    # the way, and the row says so instead of showing a made-up rate.
    game = pyspiel.load_game("hoyle_poker_patience")
    rows = run_agent_bench([game], 0.01)
    ours, ref = rows
    assert ref["game"] == "2048" and ref["mcts_random"] is None and ref["unsupported"]
    assert ours["mcts_random"] > 0 and ours["x_mcts"] is None
    assert "n/a" in format_agent_bench(rows)


def test_the_floor_is_a_python_game_that_does_nothing_timed_by_the_same_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hoyle.experiments.bench_floor import MOVES, floor_game

    state = floor_game().new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert len(state.history()) == MOVES and state.returns() == [0.0]
    with pytest.raises(ValueError, match="not legal"):
        floor_game().new_initial_state().apply_action(10)

    record = tmp_path / "r.json"
    assert main(["bench", "conquian", *QUICK, "--quiet", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "floor: " in out and "a Python game that does nothing" in out
    assert "beside C++ gin_rummy" in out
    kept = json.loads(record.read_text())
    [floor] = kept["floor"]
    assert floor["game"] == "python_floor" and floor["steps_per_game"] == MOVES
    assert floor["steps_per_s"] > 0 and floor["clone_us"] > 0

    # A record made before the floor existed is still read, and compared on what both have.
    del kept["floor"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(kept))
    assert main(["bench", "conquian", *QUICK, "--quiet", "--compare", str(old)]) == 0
    out = capsys.readouterr().out
    assert "hoyle_conquian  steps/s" in out and "python_floor" not in out.split("compared")[1]


def test_pimc_bench_times_the_own_solver_and_dds_on_the_games_dds_can_play() -> None:
    from hoyle.agents import dds
    from hoyle.experiments import bench_pimc

    vint = pyspiel.load_game("hoyle_vint")
    # Decided as PIMC decides it, not by a list: Vint's and Auction Bridge's card plays are
    # DDS's; Solo's (four hands, top trumps) and Five Hundred's (three hands) are not.
    assert bench_pimc.dds_applies(vint)
    assert bench_pimc.dds_applies(pyspiel.load_game("hoyle_auction_bridge"))
    assert not bench_pimc.dds_applies(pyspiel.load_game("hoyle_solo"))
    assert not bench_pimc.dds_applies(pyspiel.load_game("hoyle_five_hundred"))
    five = pyspiel.load_game("hoyle_five_hundred")
    assert bench_pimc.run_pimc_bench([five], 0.01) == []

    found = bench_pimc.positions(vint, (13, 5), count=2)
    for size, states in found.items():
        assert len(states) == 2
        for state in states:
            play = bench_pimc.card_play(vint, state)
            assert play is not None and not play.table
            assert {h.bit_count() for h in play.hands} == {size}
    rows = bench_pimc.run_pimc_bench([vint], 0.05, sizes=(5,))
    [row] = rows
    assert row["row"] == "hoyle_vint, 5 cards a hand" and row["cards"] == 5
    assert row["own_worlds"] >= 1 and row["own_worlds_per_s"] > 0
    if dds.available():
        assert row["dds_worlds"] >= 1 and row["dds_worlds_per_s"] > 0
        assert row["x_dds"] == row["dds_worlds_per_s"] / row["own_worlds_per_s"]
    text = bench_pimc.format_pimc_bench(rows)
    assert "hoyle_vint, 5 cards a hand" in text and "DDS × own" in text
    assert "higher is better" in text


def test_pimc_bench_without_endplay_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hoyle.agents import dds
    from hoyle.experiments import bench_pimc

    monkeypatch.setattr(dds, "available", lambda: False)
    rows = bench_pimc.run_pimc_bench([pyspiel.load_game("hoyle_vint")], 0.02, sizes=(5,))
    [row] = rows
    assert row["own_worlds_per_s"] > 0
    assert row["dds_worlds_per_s"] is None and row["x_dds"] is None
    assert "pip install 'hoyle[dds]'" in bench_pimc.format_pimc_bench(rows)


def _slow_world(state: Any) -> None:
    import time

    time.sleep(60)


def test_a_world_that_outlasts_the_budget_is_stopped_and_shown_as_a_bound() -> None:
    from hoyle.experiments import bench_pimc

    rate = bench_pimc.timed_worlds(_slow_world, [None], 0.05)
    assert rate.bound and rate.worlds == 0 and rate.worlds_per_s > 0
    rows = [{"row": "hoyle_x, 13 cards a hand", "own_worlds_per_s": 0.5,
             "own_worlds_per_s_bound": True, "dds_worlds_per_s": 20.0, "x_dds": 40.0,
             "x_dds_bound": True}]  # fmt: skip
    text = bench_pimc.format_pimc_bench(rows)
    assert "< 0.5" in text and "> 40.0" in text and "upper bound" in text


def test_pimc_rows_are_recorded_and_compared_and_an_older_record_still_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quick = ["--seconds", "0.02", "--rounds", "1", "--agent-seconds", "0.05", "--quiet"]
    record = tmp_path / "r.json"
    assert main(["bench", "vint", *quick, "--pimc-sizes", "5", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "PIMC worlds per CPU second" in out and "hoyle_vint, 5 cards a hand" in out
    kept = json.loads(record.read_text())
    [row] = kept["pimc"]
    assert row["row"] == "hoyle_vint, 5 cards a hand" and row["own_worlds_per_s"] > 0
    assert kept["settings"]["pimc_sizes"] == [5]

    assert main(["bench", "vint", *quick, "--pimc-sizes", "5", "--compare", str(record)]) == 0
    out = capsys.readouterr().out
    assert "hoyle_vint, 5 cards a hand  PIMC worlds/s, own solver" in out

    del kept["pimc"]  # a record made before PIMC was timed
    old = tmp_path / "old.json"
    old.write_text(json.dumps(kept))
    assert main(["bench", "vint", *quick, "--pimc-sizes", "5", "--compare", str(old)]) == 0
    out = capsys.readouterr().out
    assert "PIMC worlds/s" not in out.split("compared with")[1]

    assert main(["bench", "vint", *quick, "--pimc-sizes", "14"]) == 2
    assert "--pimc-sizes 14" in capsys.readouterr().err
