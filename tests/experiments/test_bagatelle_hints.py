"""Bagatelle's hint experiments (experiments/hints/bagatelle.py) at the quick budget."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from hoyle.agents.bagatelle import perturb
from hoyle.agents.heuristics.bagatelle import OFF_CUSHION, STRAIGHT_AT, BookStrokes, candidates
from hoyle.envs.games.bagatelle import BLACK, EMPTY, Board, Break, Physics, new_break, play_stroke
from hoyle.experiments.cli import main
from hoyle.experiments.hints import bagatelle as H
from hoyle.experiments.hints.framework import (
    BUDGETS,
    GAME_MODULES,
    UNTESTABLE,
    Verdict,
    experiments,
    run_experiments,
)
from hoyle.experiments.hints.report import write_report

QUICK = BUDGETS["quick"]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("bagatelle-hints")
    done = run_experiments("bagatelle", QUICK, seed=0, out=out, workers=1)
    path = write_report("bagatelle", done, out / "bagatelle", "hoyle hints --game bagatelle")
    return {"out": out, "done": done, "text": path.read_text(encoding="utf-8")}


def test_hoyle_hints_finds_the_module() -> None:
    assert "bagatelle" in GAME_MODULES
    items = {e.item for e in experiments("bagatelle")} | {u.item for u in UNTESTABLE["bagatelle"]}
    assert items == {"1-2", "3", "4", "5"}  # every hint of the book's text
    assert {e.method for e in experiments("bagatelle", ["ablation"])} == {"ablation"}


def test_hoyle_hints_bagatelle_runs_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["hints", "bagatelle", "--budget", "quick", "--out", str(tmp_path), "--quiet",
            "--workers", "1", "--only", "off-the-cushion.simulation"]  # fmt: skip
    assert main(argv) == 0
    assert "off-the-cushion.simulation" in capsys.readouterr().out
    report = (tmp_path / "bagatelle" / "report.md").read_text(encoding="utf-8")
    assert report.count("\n### bagatelle.") == 2  # the experiment and the untestable hint 5


def test_the_report_has_a_verdict_per_hint_and_the_table(quick: dict[str, Any]) -> None:
    text = quick["text"]
    table = text.split("## Every hint", 1)[1].split("## The experiments", 1)[0]
    for e, r in quick["done"]:
        assert f"| {e.item} | [{e.id.split('.', 1)[-1]}](#" in table
        assert f"**{r.verdict.value}**" in table
        assert "**Sensitivity**" in r.notes and "Physics(deceleration=6" in r.notes
        assert set(r.numbers["sensitivity"]) == {label for label, _ in H.SETTINGS}
    assert "Board(length=96" in text and "1 degree in direction" in text
    assert "RULES.md" not in text  # the book and the project's docs are cited, never RULES.md


def test_where_the_black_ends_adds_up(quick: dict[str, Any]) -> None:
    r = {e.id: r for e, r in quick["done"]}["bagatelle.the-black.simulation"]
    for stroke in ("light", "straight"):
        for where in ("black_ends", "black_at_end_of_break"):
            shares = r.numbers["default"][stroke][where]
            assert set(shares) == set(H.WHERE)
            assert math.isclose(sum(v[0] for v in shares.values()), 1.0)


def test_the_same_seed_gives_the_same_report(quick: dict[str, Any], tmp_path: Path) -> None:
    again = run_experiments("bagatelle", QUICK, seed=0, out=tmp_path, workers=2)
    key = [(e.id, r.verdict, r.effect, r.n, r.numbers, r.notes) for e, r in quick["done"]]
    assert key == [(e.id, r.verdict, r.effect, r.n, r.numbers, r.notes) for e, r in again]


def test_the_two_first_strokes_do_on_the_noiseless_table_what_they_are_aimed_to() -> None:
    board, physics = Board(), Physics()
    strokes = H.first_strokes(board, physics)
    ends = {k: H.where_black(play_stroke(new_break(board), board, physics, c.stroke)[0])
            for k, c in strokes.items()}  # fmt: skip
    assert ends == {"straight": "9", "light": "8"}
    # The book's player (every hint on) plays the light one; with hint 2 off it does not.
    assert H.player_first(board, physics) == strokes["light"].stroke
    assert H.player_first(board, physics, ["black-lightly-right"]) != strokes["light"].stroke


def test_a_break_plays_the_given_first_stroke_with_the_seeds_noise() -> None:
    board, physics = Board(), Physics()
    straight = H.first_strokes(board, physics)["straight"].stroke
    seen = H.noisy_break(BookStrokes(board, physics), board, physics, seed=7, first=straight)
    draw = H.noise(7, 1)[0]
    expected = play_stroke(new_break(board), board, physics, perturb(straight, physics, *draw))[0]
    assert seen[1] == expected and len(seen) == 9 and seen[-1].over
    # The same seed gives the light stroke the same draw (common random numbers).
    assert H.noise(7, 8) == H.noise(7, 8) and H.noise(7, 8) != H.noise(8, 8)


def test_the_off_the_cushion_position_has_two_different_strokes_per_cup() -> None:
    board, physics = Board(), Physics()
    cups = [EMPTY] * 9
    cups[7] = BLACK
    brk = Break(lying=(), cups=tuple(cups), played=1, black_hit=True)
    cands = candidates(brk, board, physics)
    wall = board.width / 2 - board.ball_radius - 0.1
    for cup in (4, 5, 6, 7, 9):
        kinds = {c.kind: c.stroke for c in cands if c.cup == cup}
        reach = {}
        for kind, stroke in kinds.items():
            path = play_stroke(brk, board, physics, stroke, trace_every=1)[1].path
            reach[kind] = max(abs(x) for balls in path for b, x, _ in balls if b == brk.next_ball)
        # The stroke off the cushion reaches the side cushion; the straight one does not.
        assert reach[OFF_CUSHION] >= wall > reach[STRAIGHT_AT], (cup, reach)


def test_a_setting_without_a_straight_stroke_is_reported_not_measured(
    quick: dict[str, Any],
) -> None:
    r = {e.id: r for e, r in quick["done"]}["bagatelle.the-black.simulation"]
    assert "straight" not in H.first_strokes(Board(), H.physics_of({"capture_speed": 16.0}))
    assert r.numbers["sensitivity"]["capture speed 16"]["n"] == 0
    assert "| capture speed 16 | 0 | not measured:" in r.notes
    assert r.verdict in set(Verdict)
