"""``hoyle analytics``: each measure is what its definition says on constructed results, and the
command runs, reports, resumes and refuses bad input on registered games (tiny budgets).

Games: Cassino (two players), Lift Smoke (four, no sides) and Vint (two sides of partners).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pandas as pd
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.files import json_finite
from hoyle.experiments import analytics
from hoyle.experiments.analytics import (
    Decisions,
    Settings,
    analyse,
    count_decisions,
    decisions_summary,
    field_specs,
    game_results,
    luck_and_skill,
    memory_value,
    random_game,
    seat_effect,
)
from hoyle.experiments.analytics_report import decisions_words, gap_shown, luck_words
from hoyle.experiments.cli import main
from hoyle.experiments.match import derive_seed, sample_chance, to_frame


def rows(games: list[list[float]], agents: list[list[int]] | None = None) -> pd.DataFrame:
    """A result table of one game per deal (rotation 0), ``games[d][seat]`` the returns and
    ``agents[d][seat]`` the agent index in each seat (default: seat k is agent k)."""
    out = []
    for d, returns in enumerate(games):
        for k, r in enumerate(returns):
            a = agents[d][k] if agents else k
            out.append({"deal": d, "rotation": 0, "seat": k, "agent": f"a{a}",
                        "agent_index": a, "spec": f"a{a}", "table": 0, "seating": "",
                        "seed": 0, "deal_seed": 0, "return": r, "result": "draw",
                        "moves": 0, "chance_events": 0})  # fmt: skip
    return to_frame(out)


# --- the definitions on constructed results ------------------------------------------------------
def test_a_result_is_the_return_less_the_others_mean() -> None:
    df = rows([[3.0, -1.0, -1.0, -1.0], [1.0, -1.0]])
    assert game_results(df).tolist() == pytest.approx([4.0, *[-4 / 3] * 3, 2.0, -2.0])


def test_the_skill_gap_of_an_agent_that_always_wins_one_point() -> None:
    # Best wins exactly 1 point from random in every game, in both seats: its result is +2.
    skill = rows([[1.0, -1.0], [-1.0, 1.0]] * 5, [[0, 1], [1, 0]] * 5)
    skill = analytics.pooled(skill, "best", "random")
    # Equal players: seat 0 wins 1 or loses 1 alternately: a result of ±2, sd 2 × the sd of ±1.
    selfplay = rows([[1.0, -1.0], [-1.0, 1.0]] * 5)
    ls = luck_and_skill(skill, selfplay, solo=False)
    gap = ls["skill_gap"]  # Best's result: its return less random's, +2 in every game.
    assert (gap["mean"], gap["ci_low"], gap["ci_high"], gap["n"]) == (2.0, 2.0, 2.0, 10)
    sd = pd.Series([2.0, -2.0] * 10).std(ddof=1)
    assert ls["luck"] == pytest.approx(sd)
    assert ls["ratio"] == pytest.approx(sd / 2.0)
    assert ls["deals_to_show"] == math.ceil((1.959963984540054 * sd / 2.0) ** 2)
    assert ls["duplicate_sd"] == 0.0 and ls["deals_to_show_duplicate"] == 1.0


def test_the_skill_gap_in_a_field_counts_the_field_as_one_agent() -> None:
    # Four players, best in seat 0 wins 3, one from each random: its result is 3 − (−1) = 4.
    skill = analytics.pooled(rows([[3.0, -1.0, -1.0, -1.0]] * 3), "best", "random")
    gap = luck_and_skill(skill, rows([[1.0, -1.0, 1.0, -1.0]] * 3), solo=False)["skill_gap"]
    assert gap["mean"] == 4.0


def test_no_skill_gap_reads_as_none_seen() -> None:
    skill = analytics.pooled(rows([[1.0, -1.0], [-1.0, 1.0]] * 4), "best", "random")
    ls = luck_and_skill(skill, rows([[1.0, -1.0]] * 8), solo=False)
    assert ls["skill_gap"]["mean"] == 0.0 and math.isnan(ls["deals_to_show"])
    assert "not distinguishable from zero" in luck_words(ls, 8) and not gap_shown(ls)


def test_the_seat_effect_of_a_seat_that_always_wins() -> None:
    selfplay = rows([[2.0, -1.0, -1.0], [2.2, -1.2, -1.0], [1.8, -1.0, -0.8]])
    se = seat_effect(selfplay, first=0)
    means = [s["mean"] for s in se["seats"]]
    assert means == pytest.approx([2.0, -3.2 / 3, -2.8 / 3])
    assert se["seats"][1]["diff_seat0"] == pytest.approx(-3.2 / 3 - 2.0)
    assert se["first_differs"] and se["seats_differing"] == [0, 1, 2]
    assert not seat_effect(selfplay, first=None).get("first_differs")


def test_the_value_of_memory_is_the_paired_difference() -> None:
    df = analytics.pooled(rows([[2.0, -2.0], [1.0, -1.0]], [[0, 1], [1, 0]]), "memory", "no memory")
    # Deal 0: memory in seat 0 gains 2 − (−2) = 4; deal 1: in seat 1, −1 − 1 = −2.
    diff = memory_value(df)["difference"]
    assert (diff["mean"], diff["n"]) == (1.0, 2)


def test_a_game_of_forced_plays_says_so() -> None:
    d = Decisions([5, 5], [10, 10], [0, 1], Counter({1: 10}))
    summary = decisions_summary(d)
    assert summary["share_real"] == 0.0 and summary["mean_legal_actions"] == 1.0
    assert "no decision worth the name" in decisions_words(summary)


def test_field_specs() -> None:
    assert field_specs("h", "r", 2, None) == ["h", "r"]
    assert field_specs("h", "r", 4, None) == ["h", "r", "r", "r"]
    assert field_specs("h", "r", 4, ((0, 2), (1, 3))) == ["h", "r"]


# --- the decisions on a real game ------------------------------------------------------------
def test_decisions_count_every_node_of_the_random_games() -> None:
    game = pyspiel.load_game("hoyle_lift_smoke")
    d = count_decisions(game, 4, seed=3)
    assert sum(d.legal.values()) == sum(d.decisions)
    for i in range(4):
        n, c, first, counts = random_game(game, 3, i)
        assert (d.decisions[i], d.chances[i], d.first[i]) == (n, c, first)
        assert len(counts) == n and min(counts) >= 1
        # The same game replayed from its seeds: its history holds as many of each node.
        chance_rng = random.Random(derive_seed(3, i, 0))
        choice_rng = random.Random(derive_seed(3, i, 2))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance_rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[choice_rng.randrange(len(legal))])
        history = state.full_history()
        assert c == sum(1 for h in history if h.player < 0)
        assert n == sum(1 for h in history if h.player >= 0)


def test_decisions_resume_from_a_cut_store(tmp_path: Path) -> None:
    game = pyspiel.load_game("hoyle_cassino")
    store = tmp_path / "decisions.json"
    part = count_decisions(game, 3, 1, store, identity={"k": 1})
    whole = count_decisions(game, 6, 1, store, identity={"k": 1})
    fresh = count_decisions(game, 6, 1)
    assert whole.to_json() == fresh.to_json() and whole.decisions[:3] == part.decisions
    fewer = count_decisions(game, 2, 1, store, identity={"k": 1})
    assert fewer.to_json() == count_decisions(game, 2, 1).to_json()
    with pytest.raises(analytics.FileFormatError, match="another run"):
        count_decisions(game, 6, 1, store, identity={"k": 2})


# --- the command on registered games -------------------------------------------------------------
@pytest.mark.parametrize("game", ["cassino", "lift_smoke", "vint"])
def test_the_report_is_written(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analytics", game, "--deals", "2", "--games", "3", "--out", str(tmp_path),
                 "--quiet"]) == 0  # fmt: skip
    folder = tmp_path / game
    results = json.loads((folder / "results.json").read_text())
    assert results["deals"] == 2 and results["decisions"]["games"] == 3
    assert results["memory"] is None
    report = (folder / "report.md").read_text()
    assert "## Luck and skill" in report and "no memory switch" in report
    assert (folder / "analytics.png").stat().st_size > 0
    seats = results["seat_effect"]["seats"]
    assert len(seats) == (2 if game != "lift_smoke" else 4)
    assert "skill gap" in capsys.readouterr().out


def test_the_numbers_are_those_of_the_stored_matches(tmp_path: Path) -> None:
    r = analyse(Settings("cassino", deals=3, games=2, out=tmp_path))
    skill = pd.read_parquet(tmp_path / "cassino" / "skill-heuristic" / "results.parquet")
    # Two players, zero-sum: the result is twice the return, and best's mean over deals.
    best = skill[skill["agent_index"] == 0].groupby("deal")["return"].mean()
    rand = skill[skill["agent_index"] == 1].groupby("deal")["return"].mean()
    assert r["luck_skill"]["skill_gap"]["mean"] == pytest.approx((best - rand).mean())
    selfplay = pd.read_parquet(tmp_path / "cassino" / "selfplay" / "results.parquet")
    seat0 = selfplay[selfplay["seat"] == 0].groupby("deal")["return"].mean().mean()
    assert r["seat_effect"]["seats"][0]["mean"] == pytest.approx(seat0)


def test_the_memory_match_where_the_heuristic_has_the_switch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A quick game whose heuristic has no memory hint: stand a Cassino hint in for one.
    monkeypatch.setattr(analytics, "memory_hint", lambda _: "sweep")
    r = analyse(Settings("cassino", deals=2, games=1, out=tmp_path))
    assert r["matches"]["memory"] == ["heuristic", "heuristic:-sweep"]
    assert r["memory"]["difference"]["n"] == 2
    assert "heuristic:-sweep" in (tmp_path / "cassino" / "report.md").read_text()


def test_the_memory_hint_is_the_one_the_heuristic_declares() -> None:
    assert analytics.memory_hint("authors") == "track-asks"
    assert analytics.memory_hint("commit") == "track-stops"
    assert analytics.memory_hint("cassino") is None


def test_a_run_resumes_and_extends(tmp_path: Path) -> None:
    first = json_finite(analyse(Settings("lift_smoke", deals=2, games=2, out=tmp_path)))
    again = json_finite(analyse(Settings("lift_smoke", deals=2, games=2, out=tmp_path)))
    assert first == again
    more = json_finite(analyse(Settings("lift_smoke", deals=3, games=3, out=tmp_path)))
    fresh = json_finite(analyse(Settings("lift_smoke", deals=3, games=3, out=tmp_path / "fresh")))
    assert more == fresh and more != first
    stored = json.loads((tmp_path / "lift_smoke" / "results.json").read_text())
    assert stored == more


def test_an_interrupted_match_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = analytics.run_match
    calls = []

    def cut(*args: object, **kwargs: object) -> pd.DataFrame:
        calls.append(kwargs["name"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analytics, "run_match", cut)
    with pytest.raises(KeyboardInterrupt):
        analyse(Settings("cassino", deals=2, games=2, out=tmp_path))
    assert (tmp_path / "cassino" / "decisions.json").exists()
    assert not (tmp_path / "cassino" / "report.md").exists()
    monkeypatch.setattr(analytics, "run_match", real)
    resumed = analyse(Settings("cassino", deals=2, games=2, out=tmp_path))
    fresh = analyse(Settings("cassino", deals=2, games=2, out=tmp_path / "fresh"))
    assert json_finite(resumed) == json_finite(fresh)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["no_such_game"], "no_such_game"),
        (["cassino", "--deals", "1"], "--deals must be at least 2"),
        (["cassino", "--games", "0"], "--games must be at least 1"),
        (["cassino", "--seed", "-1"], "--seed must be at least 0"),
        (["cassino", "--best", "nonsense"], "unknown agent"),
        (["cassino", "--workers", "-1"], "--workers must be at least 0"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analytics", *argv, "--out", str(tmp_path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not any(tmp_path.iterdir())


def test_a_folder_of_another_run_is_refused_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cassino").mkdir()
    (tmp_path / "cassino" / "mine.txt").write_text("keep")
    assert main(["analytics", "cassino", "--deals", "2", "--out", str(tmp_path), "--quiet"]) == 2
    assert "no hoyle analytics run owns it" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "cassino").iterdir()) == ["mine.txt"]
    assert main(["analytics", "lift_smoke", "--deals", "2", "--games", "1", "--out",
                 str(tmp_path), "--quiet"]) == 0  # fmt: skip
    assert main(["analytics", "lift_smoke", "--deals", "2", "--games", "1", "--seed", "5",
                 "--out", str(tmp_path), "--quiet"]) == 2  # fmt: skip
    assert "holds another run" in capsys.readouterr().err


def test_the_first_dealer_where_the_game_names_one() -> None:
    # Cassino: the last player deals first, player 0 is eldest; Vint: seat 3 deals, side 1.
    assert analytics.first_dealer(pyspiel.load_game("hoyle_cassino")) == 1
    vint = pyspiel.load_game("hoyle_vint")
    assert analytics.first_dealer(vint, ((0, 2), (1, 3))) == 1
    assert analytics.first_dealer(pyspiel.load_game("hoyle_lift_smoke")) is None
    se = seat_effect(rows([[1.0, -1.0], [1.1, -1.1], [0.9, -0.9]]), first=0, dealer=1)
    assert se["dealer"] == 1 and se["dealer_differs"] and se["first_differs"]


def test_a_patience_has_no_seats_and_its_gap_is_the_score_difference(tmp_path: Path) -> None:
    r = analyse(Settings("poker_patience", deals=3, games=2, out=tmp_path))
    assert r["seat_effect"] is None
    skill = pd.read_parquet(tmp_path / "poker_patience" / "skill-heuristic" / "results.parquet")
    scores = skill.pivot_table(index="deal", columns="agent_index", values="return")
    assert r["luck_skill"]["skill_gap"]["mean"] == pytest.approx((scores[0] - scores[1]).mean())
    assert "no seats to compare" in (tmp_path / "poker_patience" / "report.md").read_text()
