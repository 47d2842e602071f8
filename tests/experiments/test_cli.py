"""The ``hoyle`` command line, driven through ``main([...])`` on the registered games."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import hoyle.envs
from hoyle.experiments.cli import main
from hoyle.experiments.match import hoyle_version


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["games"],
        ["play"],
        ["match"],
        ["bench"],
        ["tournament"],
        ["train"],
        ["hints"],
        ["analytics"],
    ],
)
def test_help_of_every_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main([*argv, "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hoyle") and len(out.splitlines()) > 5


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"hoyle {hoyle_version()}"


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name, spec in hoyle.envs.GAMES.items():
        assert f"{name} " in out and spec.spiel_name in out and spec.title in out
        for param in spec.params:
            assert f"    {param}=" in out
    assert main(["games", "--json"]) == 0
    records = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert set(records) == set(hoyle.envs.GAMES)
    conquian = records["conquian"]
    assert conquian["openspiel"] == "hoyle_conquian" and conquian["min_players"] == 2
    assert all("default" in p and "choices" in p for p in conquian["params"].values())


@pytest.mark.parametrize(
    "argv, message",
    [
        (["match", "nonesuch", "--agents", "random,random", "--deals", "1"], "no game named"),
        (["play", "nonesuch"], "no game named"),
        (["bench", "nonesuch", "--seconds", "0.01"], "no game named"),
        (["match", "conquian(nonesuch=1)", "--agents", "random,random", "--deals", "1"],
         "no parameter 'nonesuch'"),
        (["match", "conquian(", "--agents", "random,random", "--deals", "1", "--seed", "-1"],
         "--seed"),
        (["match", "conquian", "--agents", "random,nonesuch", "--deals", "1"], "unknown agent"),
        (["match", "conquian", "--agents", "random", "--deals", "1"], "2 players"),
        (["play", "conquian", "--seat", "5"], "--seat"),
        (["play", "conquian", "--vs", "nonesuch"], "unknown agent"),
        (["bench", "--reference", "nonesuch", "--seconds", "0.01"], "reference game"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert message in err and len(err.splitlines()) == 1, err
    assert err.startswith(f"hoyle {argv[0]}: error: ") and "Traceback" not in captured.out


def test_a_bad_parameter_value_names_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    spec = hoyle.envs.GAMES["conquian"]
    name, param = next((k, p) for k, p in spec.params.items() if p.choices)
    argv = ["match", f"conquian({name}=nonesuch)", "--agents", "random,random", "--deals", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and name in err
    assert all(str(c) in err for c in param.choices or ())


def test_match_prints_the_summary_and_writes_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "conquian", "--agents", "heuristic,random", "--deals", "3", "--seed", "1",
            "--out", str(tmp_path), "--name", "m", "--quiet"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "heuristic − random:" in out and "95% CI" in out and "Student-t" in out
    df = pd.read_parquet(tmp_path / "m" / "results.parquet")
    assert {"deal", "seat", "agent", "return", "rotation", "spec", "seed", "moves"} <= set(df)
    assert len(df) == 3 * 2 * 2
    config = json.loads((tmp_path / "m" / "config.json").read_text())
    assert config["agents"] == ["heuristic", "random"] and config["deals"] == 3
    assert config["version"] == hoyle_version()
    assert main(argv) == 0  # Resumed: nothing left to play, the same summary.
    assert capsys.readouterr().out == out


def test_match_of_two_agents_in_a_three_player_game_is_one_against_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "cassino(players=3)", "--agents", "heuristic,random", "--deals", "2",
            "--seed", "1", "--out", str(tmp_path), "--name", "f", "--quiet"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "heuristic − random (field):" in out
    config = json.loads((tmp_path / "f" / "config.json").read_text())
    assert config["agents"] == ["heuristic", "random", "random"]
    argv[3] = "heuristic,random,random,random"
    assert main(argv) == 2
    assert "names 4" in capsys.readouterr().err


def test_match_refuses_a_stored_run_of_another_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["match", "conquian", "--agents", "random,random", "--deals", "1", "--quiet",
            "--out", str(tmp_path), "--name", "m"]  # fmt: skip
    assert main([*base, "--seed", "1"]) == 0
    assert main([*base, "--seed", "2"]) == 2
    assert "--no-resume" in capsys.readouterr().err
    stored = (tmp_path / "m" / "results.parquet").read_bytes()
    assert main([*base, "--seed", "2", "--no-resume"]) == 2  # Another run is never deleted.
    assert "seed: stored 1, asked 2" in capsys.readouterr().err
    assert (tmp_path / "m" / "results.parquet").read_bytes() == stored
    assert main([*base, "--seed", "1", "--no-resume"]) == 0  # The same run starts over.


def test_bench_runs_every_game_beside_its_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.02", "--no-agents"]) == 0
    out = capsys.readouterr().out
    for spec in hoyle.envs.GAMES.values():
        assert spec.spiel_name in out
        assert f"{spec.reference} (reference)" in out
    assert "× ref" in out and "ISMCTS" not in out
    # The three-handed games beside C++ skat, the bower game beside euchre, in the same run;
    # euchre has no observation tensor, so the information states are timed there.
    for ref in ("gin_rummy", "skat", "euchre"):
        assert f"{ref} (reference)" in out
    assert "information-state observer beside euchre" in out
    assert main(["bench", "conquian", "--seconds", "0.02", "--no-agents", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["games"]
    assert [r["game"].split("(")[0] for r in rows] == ["hoyle_conquian", "gin_rummy"]
    assert all(r["steps_per_s"] > 0 and r["clone_us"] > 0 and r["set_from_us"] > 0 for r in rows)
    assert rows[-1]["x_steps"] == 1.0 and rows[-1]["reference"] and not rows[0]["reference"]


def test_bench_times_the_agents_beside_openspiel_ismcts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "conquian", "--seconds", "0.02", "--agent-seconds", "0.01", "--json"]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)["agents"]
    assert [r["game"] for r in rows] == ["hoyle_conquian", "gin_rummy"]
    ours, ref = rows
    for key in ("ismcts_random", "ismcts_heuristic", "mccfr_small_external",
                "mccfr_small_outcome", "mccfr_abstract_outcome"):  # fmt: skip
        assert ours[key] > 0, key
    assert "mcts_random" not in ours  # Conquian hides cards: MCTS would cheat.
    assert ref["reference"] and ref["x_ismcts"] == 1.0 and ref["ismcts_random"] > 0
    assert ours["x_ismcts"] == ours["ismcts_random"] / ref["ismcts_random"]


def test_bench_times_each_game_beside_its_own_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "backgammon", "conquian", "--seconds", "0.03", "--no-agents", "--json"]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)["games"]
    names = [r["game"].split("(")[0] for r in rows]
    assert names == ["hoyle_backgammon", "hoyle_conquian", "backgammon", "gin_rummy"]
    assert rows[0]["reference_game"].startswith("backgammon")
    assert rows[1]["reference_game"] == "gin_rummy"
    assert rows[2]["x_games"] == 1.0 and rows[2]["reference"]
    assert main(["bench", "backgammon", "--seconds", "0.2", "--profile"]) == 0
    out = capsys.readouterr().out
    assert "where the time goes: hoyle_backgammon" in out and "backgammon.py" in out


BOOK_SERPENT = ("D.6 S.5 C.Q D.Q H.Q H.10 C.10 H.6 C.3 H.J H.A H.5 H.8 H.K S.Q H.4 C.2 D.2 H.7 S.J "
                "S.3 H.3 D.3 S.6 H.2")  # fmt: skip


def test_solve_serpent_prints_the_layout_and_the_score_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "serpent", "--deal", BOOK_SERPENT]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "score: 81"  # the book's "correct solution" (RULES.md §20.4.2)
    assert len(lines) == 6 and all(len(row.split()) == 5 for row in lines[:5])


def test_solve_serpent_bad_deal_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "serpent", "--deal", "D.6 S.5"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "25" in err


def test_match_of_several_agents_in_a_patience(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["match", "poker_patience", "--agents", "random,heuristic", "--deals", "6",
            "--seed", "3", "--out", str(tmp_path), "--quiet"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "random − heuristic:" in out and "over 6 deals" in out
    assert "W/D/L" not in out  # the score is the result in a patience
