"""``hoyle bagatelle``: compare players, draw the board; never over a file it did not write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from hoyle.experiments.cli import main


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["bagatelle", "--help"])
    assert done.value.code == 0
    assert "compare" in capsys.readouterr().out


def test_compare_writes_the_scores_and_refuses_to_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scores.json"
    argv = ["bagatelle", "compare", "--players", "random", "book", "book:-off-the-cushion",
            "planner", "--breaks", "2", "--planner-breaks", "1", "--samples", "4",
            "--iterations", "1", "--noise-samples", "1", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(out.read_text())
    players = result["players"]
    assert list(players) == ["random", "book", "book:-off-the-cushion", "planner"]
    assert [p["breaks"] for p in players.values()] == [2, 2, 2, 1]
    assert all(len(p["scores"]) == p["breaks"] for p in players.values())
    assert result["angle_noise_deg"] == 1.0 and result["speed_noise"] == 0.05
    diff = players["planner"]["minus_book"]
    assert diff["breaks"] == 1
    assert diff["mean"] == players["planner"]["scores"][0] - players["book"]["scores"][0]
    assert "book" in capsys.readouterr().out
    before = out.read_text()
    assert main(argv) != 0
    assert out.read_text() == before


def test_an_unknown_player_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bagatelle", "compare", "--players", "book:-no-such-hint"]) != 0
    assert "no hint" in capsys.readouterr().err


def test_draw_writes_a_picture_and_an_animation_once(tmp_path: Path) -> None:
    assert main(["bagatelle", "draw", "--out", str(tmp_path)]) == 0
    board = Image.open(tmp_path / "bagatelle-board.png")
    gif = Image.open(tmp_path / "bagatelle-stroke.gif")
    assert board.size[0] > 300 and gif.n_frames > 10
    assert main(["bagatelle", "draw", "--out", str(tmp_path)]) != 0


def test_speed_times_fresh_simulations(capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.experiments.bagatelle import speed

    row = speed(2, seed=0, say=lambda _: None)
    assert row["strokes"] == 16  # two breaks of eight balls
    assert row["steps_per_s"] == pytest.approx(row["strokes_per_s"] * row["steps_per_stroke"])
    assert main(["bagatelle", "speed", "--breaks", "1"]) == 0
    assert "physics steps/s" in capsys.readouterr().out
    assert main(["bagatelle", "speed", "--breaks", "0"]) != 0
