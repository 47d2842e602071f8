"""``hoyle match --label NAME=SPEC``: an agent named in the match's tables, its spec kept in
the run's files; a bad label is refused in one line before anything is played."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.experiments.cli import main, shown_label


def test_a_label_names_the_agent_in_the_tables_and_the_files_keep_the_spec(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "conquian", "--agents", "heuristic:-play-for-tableau,random", "--deals", "2",
            "--label", "nohint=heuristic:-play-for-tableau", "--out", str(tmp_path),
            "--name", "m", "--quiet"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "nohint − random:" in out
    assert "nohint (heuristic:-play-for-tableau)" in out.splitlines()[0]
    stored = pd.read_parquet(tmp_path / "m" / "results.parquet")
    assert set(stored["agent"]) == {"heuristic:-play-for-tableau", "random"}


def test_a_label_names_the_field_in_a_three_player_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "cassino(players=3)", "--agents", "heuristic,random", "--deals", "1",
            "--label", "R=random", "--out", str(tmp_path), "--quiet"]  # fmt: skip
    assert main(argv) == 0
    assert "heuristic − R (field):" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("labels", "why"),
    [
        (["nohint"], "write NAME=SPEC"),
        (["x=mcts"], "is not one of --agents"),
        (["x=random", "y=random"], "labelled twice"),
        (["heuristic=random"], "two agents would show as one"),
    ],
)
def test_a_bad_label_is_refused_in_one_line(
    labels: list[str], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "conquian", "--agents", "heuristic,random", "--deals", "1",
            "--out", str(tmp_path), "--quiet"]  # fmt: skip
    for label in labels:
        argv += ["--label", label]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert why in err and len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())  # Refused before anything ran.


def test_copies_of_one_spec_keep_their_numbers() -> None:
    assert shown_label("random#2", {"random": "R"}) == "R#2"
    assert shown_label("random", {"random": "R"}) == "R"
    assert shown_label("heuristic", {"random": "R"}) == "heuristic"
