"""Duplicate-deal matches on the registered games: seating, duplicate chance, seeds, storage,
resume and worker processes."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import hoyle.experiments.match as match
from hoyle.agents import make
from hoyle.envs import load
from hoyle.experiments.match import (
    RunConfigError,
    deal_seed,
    play_game,
    run_match,
    split_agents,
    summarize,
)

TWO = "conquian"
GAMES = ["conquian", "cassino"]


def _chance_and_moves(end: Any) -> tuple[list[int], list[int]]:
    chance = [pa.action for pa in end.full_history() if pa.player < 0]
    moves = [pa.action for pa in end.full_history() if pa.player >= 0]
    return chance, moves


@pytest.mark.parametrize("game", GAMES)
def test_one_stream_deals_the_same_cards_whatever_the_players_do(game: str) -> None:
    g = load(game)
    n = g.num_players()
    runs = []
    for agents_seed in range(4):
        specs = ["random", "heuristic"] if agents_seed % 2 else ["heuristic", "random"]
        bots = [make(specs[k % 2], g, 100 * agents_seed + k) for k in range(n)]
        runs.append(_chance_and_moves(play_game(g, bots, random.Random(deal_seed(5, 0)))))
    assert len({tuple(moves) for _, moves in runs}) > 1, "the plays should differ"
    for a, _ in runs:
        for b, _ in runs:
            k = min(len(a), len(b))
            assert a[:k] == b[:k]
    other = play_game(g, [make("random", g, k) for k in range(n)], random.Random(deal_seed(5, 1)))
    assert _chance_and_moves(other)[0][:10] != runs[0][0][:10]


def test_every_agent_plays_every_seat_of_every_deal() -> None:
    df = run_match(TWO, ["heuristic", "random"], deals=3, seed=4)
    n = 2
    assert len(df) == 3 * n * n
    assert list(df.columns[:4]) == ["deal", "rotation", "seat", "agent"]
    for (_deal, _agent), g in df.groupby(["deal", "agent"]):
        assert sorted(g["seat"]) == list(range(n))
    # The two seatings of a deal start from the same cards.
    per_game = df.groupby(["deal", "rotation"])["return"].sum()
    assert len(per_game) == 3 * n


def test_the_seed_fixes_the_table() -> None:
    a = run_match(TWO, ["random", "random"], deals=3, seed=11)
    b = run_match(TWO, ["random", "random"], deals=3, seed=11)
    c = run_match(TWO, ["random", "random"], deals=3, seed=12)
    pd.testing.assert_frame_equal(a, b)
    assert not a["return"].equals(c["return"]) or not a["moves"].equals(c["moves"])
    assert set(a["agent"]) == {"random#1", "random#2"}


def test_workers_give_the_same_table(tmp_path: Path) -> None:
    one = run_match(TWO, ["heuristic", "random"], deals=4, seed=3)
    two = run_match(TWO, ["heuristic", "random"], deals=4, seed=3, workers=2, chunk=1,
                    out=tmp_path, name="w")  # fmt: skip
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, pd.read_parquet(tmp_path / "w" / "results.parquet"))


def test_an_interrupted_run_resumes_to_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    agents, deals, seed = ["heuristic", "random"], 5, 9
    whole = run_match(TWO, agents, deals, seed, out=tmp_path, name="whole")
    real = match.play_deal
    played: list[int] = []

    def interrupted_at_3(game: Any, specs: Any, s: int, deal: int) -> Any:
        if deal == 3:
            raise KeyboardInterrupt
        played.append(deal)
        return real(game, specs, s, deal)

    monkeypatch.setattr(match, "play_deal", interrupted_at_3)
    with pytest.raises(KeyboardInterrupt):
        run_match(TWO, agents, deals, seed, out=tmp_path, name="cut", chunk=1)
    run = tmp_path / "cut"
    assert not (run / "results.parquet").exists()
    assert len(list((run / "parts").glob("*.parquet"))) == 3  # deals 0, 1, 2
    assert json.loads((run / "config.json").read_text())["deals"] == deals

    played.clear()
    monkeypatch.setattr(match, "play_deal", lambda *a: (played.append(a[3]), real(*a))[1])
    resumed = run_match(TWO, agents, deals, seed, out=tmp_path, name="cut")
    assert played == [3, 4]
    pd.testing.assert_frame_equal(resumed, whole)
    pd.testing.assert_frame_equal(pd.read_parquet(run / "results.parquet"), whole)
    assert not (run / "parts").exists()

    played.clear()  # Finished: nothing is played again; more deals add only the new ones.
    run_match(TWO, agents, deals, seed, out=tmp_path, name="cut")
    more = run_match(TWO, agents, deals + 1, seed, out=tmp_path, name="cut")
    assert played == [5]
    pd.testing.assert_frame_equal(more[more["deal"] < deals], whole)


def test_a_stored_run_of_another_match_is_refused(tmp_path: Path) -> None:
    run_match(TWO, ["heuristic", "random"], 2, 1, out=tmp_path, name="r")
    with pytest.raises(RunConfigError, match="seed"):
        run_match(TWO, ["heuristic", "random"], 2, 2, out=tmp_path, name="r")
    with pytest.raises(RunConfigError, match="agents"):
        run_match(TWO, ["random", "heuristic"], 2, 1, out=tmp_path, name="r")
    with pytest.raises(RunConfigError, match="2 deals"):
        run_match(TWO, ["heuristic", "random"], 1, 1, out=tmp_path, name="r")
    # --no-resume starts over only a run of the same settings: another run is never deleted.
    stored = (tmp_path / "r" / "results.parquet").read_bytes()
    with pytest.raises(RunConfigError, match="seed: stored 1, asked 2"):
        run_match(TWO, ["random", "heuristic"], 1, 2, out=tmp_path, name="r", resume=False)
    assert (tmp_path / "r" / "results.parquet").read_bytes() == stored
    df = run_match(TWO, ["random", "heuristic"], 1, 2, out=tmp_path, name="r2", resume=False)
    config = json.loads((tmp_path / "r2" / "config.json").read_text())
    assert config["agents"] == ["random", "heuristic"] and config["seed"] == 2
    assert config["game"] == TWO and config["params"] == dict(load(TWO).get_parameters())
    assert len(pd.read_parquet(tmp_path / "r2" / "results.parquet")) == len(df) == 4
    # The same settings with fewer deals: --no-resume starts that run over.
    df = run_match(TWO, ["heuristic", "random"], 1, 1, out=tmp_path, name="r", resume=False)
    assert len(pd.read_parquet(tmp_path / "r" / "results.parquet")) == len(df) == 4


def test_more_players_rotate_through_every_seat() -> None:
    g = "cassino(players=3)"
    df = run_match(g, ["heuristic", "random", "random"], deals=2, seed=1)
    assert len(df) == 2 * 3 * 3
    for _, grp in df.groupby(["deal", "agent"]):
        assert sorted(grp["seat"]) == [0, 1, 2]
    s = summarize(df)
    assert (s["games"] == 6).all() and (s["wins"] + s["draws"] + s["losses"] == 6).all()


def test_a_one_player_game(solo_game: str, tmp_path: Path) -> None:
    df = run_match(solo_game, ["random"], deals=30, seed=2, out=tmp_path, name="solo")
    assert len(df) == 30 and (df["seat"] == 0).all() and (df["rotation"] == 0).all()
    assert ((df["return"] > 0) & (df["return"] <= 1)).all()
    s = summarize(df)
    assert s.loc["random", "games"] == 30
    assert s.loc["random", "ci_low"] < s.loc["random", "mean"] < s.loc["random", "ci_high"]


def test_several_agents_in_a_one_player_game_play_the_same_deals(solo_game: str) -> None:
    # A patience has no opponents: every agent plays each deal alone, on the same cards.
    df = run_match(solo_game, ["random", "random", "random"], deals=10, seed=2)
    assert len(df) == 30 and (df["seat"] == 0).all()
    assert sorted(df["table"].unique()) == [0, 1, 2]
    per_deal = df.groupby("deal")
    assert (per_deal["agent"].nunique() == 3).all()
    assert (per_deal["deal_seed"].nunique() == 1).all()  # the same cards for all three


def test_wrong_agent_count_and_bad_specs_are_refused() -> None:
    with pytest.raises(ValueError, match="got 3 agents"):
        run_match(TWO, ["random"] * 3, deals=1)
    with pytest.raises(ValueError, match="unknown agent"):
        run_match(TWO, ["random", "nonesuch"], deals=1)


def test_split_agents_keeps_options_with_their_spec() -> None:
    assert split_agents("heuristic,random") == ["heuristic", "random"]
    assert split_agents("mcts:sims=10,c=2,random") == ["mcts:sims=10,c=2", "random"]


def test_a_loaded_game_is_accepted_too() -> None:
    by_name = run_match("conquian(pack=american)", ["random", "heuristic"], deals=2, seed=5)
    by_game = run_match(load("conquian", {"pack": "american"}), ["random", "heuristic"], 2, 5)
    pd.testing.assert_frame_equal(by_name, by_game)
