"""Partnership sides in the experiments: the registry's declaration, matches and tournaments by
side (each agent plays both seats of its side, each deal with the sides' seats exchanged), the
summaries, ratings and reports by side, and the games without sides left exactly as they were."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pandas as pd
import pytest

from hoyle.envs import get_spec
from hoyle.envs.core.registry import PARTNERS_OPPOSITE
from hoyle.experiments.cli import main
from hoyle.experiments.match import (
    CONFIG_FILE,
    agent_seed,
    deal_seed,
    load_run,
    match_plan,
    run_match,
)
from hoyle.experiments.report import build_report, format_report, to_markdown
from hoyle.experiments.runs import MARKER
from hoyle.experiments.stats import by_side, comparisons, paired_difference, summarize
from hoyle.experiments.tournament import run_tournament, tournament_plan

GAME = ["deal", "table", "rotation"]


@pytest.mark.parametrize(
    "game, params, sides",
    [
        ("vint", {}, PARTNERS_OPPOSITE),
        ("vint", {"rubber": True}, PARTNERS_OPPOSITE),
        ("cassino", {"players": 4, "partnership": True}, PARTNERS_OPPOSITE),
        ("cassino", {}, None),
        ("cassino", {"players": 4}, None),
        ("solo", {}, None),
        ("conquian", {}, None),
    ],
)
def test_the_registry_declares_the_sides(game: str, params: dict, sides: object) -> None:
    spec = get_spec(game)
    full = spec.resolve(params)
    players = int(full.get("players", spec.max_players))
    assert spec.seat_sides(full, players) == sides


def test_a_declaration_that_is_no_partition_of_the_seats_is_refused() -> None:
    vint = get_spec("vint")
    for bad in (((0, 2), (1,)), ((0, 1, 2, 3),), ((0, 2), (1, 2)), ((0,), (1, 2, 3))):
        spec = dataclasses.replace(vint, sides=lambda _, bad=bad: bad)
        with pytest.raises(ValueError, match="vint: sides"):
            spec.seat_sides(spec.defaults(), 4)


def test_the_match_plan_exchanges_the_sides() -> None:
    plan = match_plan(["heuristic", "random"], players=4, sides=PARTNERS_OPPOSITE)
    assert (plan.players, plan.positions, plan.games_per_unit) == (4, 2, 2)
    assert plan.seatings == [(0, 1, 0, 1), (1, 0, 1, 0)]
    for order in plan.seatings:  # Each agent holds both seats of one side.
        assert {order[0], order[2]} != {order[1], order[3]}
        assert order[0] == order[2] and order[1] == order[3]


@pytest.fixture(scope="module")
def vint_match() -> pd.DataFrame:
    return run_match("vint", ["heuristic", "random"], 4, seed=1)


def test_a_vint_match_is_played_by_side(vint_match: pd.DataFrame) -> None:
    df = vint_match
    assert len(df) == 4 * 2 * 4  # deals × seatings × seats: one row per seat, as ever
    for (deal, _, rotation), game in df.groupby(GAME):
        by_seat = game.set_index("seat")
        agents, returns = by_seat["agent"], by_seat["return"]
        assert agents[0] == agents[2] != agents[1] == agents[3]
        assert agents[0] == ("heuristic" if rotation == 0 else "random")
        assert returns[0] == returns[2] and returns[1] == returns[3]
        # The result is the side's: partners are not a tie for the best return.
        results = by_seat["result"]
        assert results[0] == results[2] and results[1] == results[3]
        if returns[0] != returns[1]:
            assert results[0] == ("win" if returns[0] > returns[1] else "loss")
            assert {results[0], results[1]} == {"win", "loss"}
        # Duplicate: one chance stream per deal, agents seeded per deal, seating and seat.
        assert set(by_seat["deal_seed"]) == {deal_seed(1, deal)}
        assert list(by_seat["seed"]) == [agent_seed(1, deal, rotation, k) for k in range(4)]


def test_summaries_count_each_side_once_per_game(vint_match: pd.DataFrame) -> None:
    sides = by_side(vint_match, PARTNERS_OPPOSITE)
    assert len(sides) == 4 * 2 * 2
    assert sorted(sides["seat"].unique()) == [0, 1]  # The side's index.
    summary = summarize(sides)
    assert list(summary["games"]) == [8, 8]  # deals × seatings, not × seats
    h, r = summary.loc["heuristic"], summary.loc["random"]
    assert h["wins"] + h["draws"] + h["losses"] == 8
    assert (h["wins"], r["losses"]) == (r["losses"], h["wins"])
    assert h["mean"] > 0 > r["mean"] and h["mean"] == -r["mean"]
    assert h["mean"] == vint_match.loc[vint_match["agent"] == "heuristic", "return"].mean()
    mean, low, _, deals = paired_difference(sides, "heuristic", "random")
    assert deals == 4 and mean > 0 and low > 0
    pairs = comparisons(sides)
    assert len(pairs) == 2 * 8 and (pairs["agent"] != pairs["opponent"]).all()


def test_the_number_of_agents_must_be_the_number_of_sides() -> None:
    for agents in (["heuristic", "random", "random", "random"], ["heuristic"]):
        with pytest.raises(ValueError, match=r"vint is played by 2 sides \(seats 0&2 against "
                           r"1&3\): name one agent per side"):  # fmt: skip
            run_match("vint", agents, 1)
    with pytest.raises(ValueError, match="cassino is played by 2 sides"):
        run_match("cassino(players=4,partnership=true)", ["random"] * 3, 1)


def test_a_partnership_cassino_match_is_by_side() -> None:
    df = run_match("cassino(players=4,partnership=true)", ["heuristic", "random"], 2, seed=4)
    assert sorted(df["seating"].unique()) == ["0,1,0,1", "1,0,1,0"]
    for _, game in df.groupby(GAME):
        by_seat = game.set_index("seat")
        assert by_seat["return"][0] == by_seat["return"][2]
        assert by_seat["result"][0] == by_seat["result"][2]


def test_a_vint_tournament_never_seats_partners_as_opponents(tmp_path: Path) -> None:
    agents = ["heuristic", "random", "random"]
    assert tournament_plan(agents, 4, sides=PARTNERS_OPPOSITE).tables == ((0, 1), (0, 2), (1, 2))
    df = run_tournament("vint", agents, 2, seed=3, out=tmp_path, name="t")
    assert len(df) == 2 * 3 * 2 * 4  # deals × tables × side orders × seats
    for _, game in df.groupby(GAME):
        by_seat = game.set_index("seat")["agent_index"]
        assert by_seat[0] == by_seat[2] != by_seat[1] == by_seat[3]
    config, stored = load_run(tmp_path / "t")  # A stored run by side reads back whole.
    assert config["sides"] == [[0, 2], [1, 3]]
    pd.testing.assert_frame_equal(stored, df)
    report = build_report(config, stored, bootstrap=20)
    # One comparison per game between the two sides' agents: 2 deals × 2 side orders.
    assert set(report.pairs["games"]) == {4}
    assert list(report.leaderboard["comparisons"]) == [8, 8, 8]
    assert report.leaderboard.index[0] == "heuristic"
    assert list(report.seats.index) == [0, 1]
    text, page = format_report(report), to_markdown(report)
    assert "side orders, by side" in text and "Side effects:" in text and "0 (0&2)" in text
    assert "pair of sides" in text and "## Leaderboard (by side)" in page
    assert "each in 2 side orders (permutations)" in page


def test_resuming_a_vint_match_replays_nothing(tmp_path: Path) -> None:
    first = run_match("vint", ["heuristic", "random"], 2, seed=5, out=tmp_path, name="m")
    grown = run_match("vint", ["heuristic", "random"], 3, seed=5, out=tmp_path, name="m")
    pd.testing.assert_frame_equal(grown[grown["deal"] < 2].reset_index(drop=True), first)
    assert json.loads((tmp_path / "m" / CONFIG_FILE).read_text())["sides"] == [[0, 2], [1, 3]]


def _digest(df: pd.DataFrame) -> str:
    return hashlib.sha256(df.to_csv(index=False).encode()).hexdigest()


@pytest.mark.parametrize(
    "play, digest",
    [
        (lambda: run_match("conquian", ["heuristic", "random"], 3, seed=7),
         "5dfa69ed00465fd18ffab27e17ee803b8f8ecf050ac08a6f7236773c058fac51"),
        (lambda: run_match("cassino(players=3)", ["heuristic", "random", "random"], 2, seed=3),
         "083828535df43286447c53311248c03dab71344266d6542751419eb94c0cc32b"),
        (lambda: run_tournament("conquian", ["heuristic", "random", "random"], 2, seed=5),
         "cd1de753efe39d58a0c08980f36d790a1c734ef393227e68c9c2cc3f8c58bc64"),
    ],
)  # fmt: skip
def test_games_without_sides_give_the_rows_they_gave_before_sides(play, digest: str) -> None:
    """The digests were computed by the code before sides were declared: a regression check
    that the rows of a game without sides are byte for byte what they were."""
    assert _digest(play()) == digest


def test_a_run_without_sides_keeps_its_config_and_hash(tmp_path: Path) -> None:
    """A folder written before sides (marker hash 9638eb3e2fd342e7, from that code) is still
    the same run: its config gains no key and its identity hashes as it did."""
    run_match("conquian", ["heuristic", "random"], 1, seed=1, out=tmp_path, name="c")
    assert "sides" not in json.loads((tmp_path / "c" / CONFIG_FILE).read_text())
    assert json.loads((tmp_path / "c" / MARKER).read_text())["config_hash"] == "9638eb3e2fd342e7"


def test_hoyle_match_vint_by_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "vint", "--agents", "heuristic,random", "--deals", "4", "--seed", "1",
            "--out", str(tmp_path), "--quiet"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "by side (seats 0&2 against 1&3, exchanged); 4 deals × 2 seatings" in out
    # The summary's rows: agent, games, mean, ...
    rows = {cells[0]: cells for cells in map(str.split, out.splitlines())
            if len(cells) > 2 and cells[1].isdigit()}  # fmt: skip
    assert rows["heuristic"][1] == rows["random"][1] == "8"  # Games: a side once per game.
    assert float(rows["heuristic"][2]) > 0 > float(rows["random"][2])
    assert "By side:" in out
    assert main([*argv[:3], "heuristic,random,random,random", *argv[4:]]) == 2
    err = capsys.readouterr().err.strip()
    assert "vint is played by 2 sides" in err and len(err.splitlines()) == 1
