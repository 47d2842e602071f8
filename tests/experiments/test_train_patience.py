"""The Poker Patience table run (``hoyle train poker_patience --method table``) on the run
skeleton: it learns the tables the former trainer of ``agents/patience.py`` learnt, a killed and
resumed run equals an uninterrupted one, the command keeps the folder rules, and what it writes
is what the player reads."""

from __future__ import annotations

import hashlib
import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import patience as P
from hoyle.experiments import train_patience as T
from hoyle.experiments.train_patience import TableTrainer
from hoyle.experiments.usage import UsageError


def _run(out: Path, **kw: Any) -> TableTrainer:
    kw = {"games": 20, "rounds": 2, "seed": 3, "min_count": 1, "eval_games": 3, **kw}
    tr = TableTrainer(out=out, progress=False, **kw)
    tr.setup()
    tr.train()
    return tr


def _fingerprint(table: P.ValueTable) -> tuple[str, int]:
    items = sorted((k, round(v, 9)) for k, v in table.values.items())
    return hashlib.sha256(json.dumps(items).encode()).hexdigest()[:16], len(items)


def _curve(tr: TableTrainer) -> list[tuple[Any, ...]]:
    """The curve without its times, NaN read as None (so that rows compare equal)."""
    return [tuple(None if isinstance(v, float) and math.isnan(v) else v
                  for k, v in sorted(r.items()) if k != "train_seconds")
            for r in tr.curve]  # fmt: skip


# Fingerprints of the tables the former ``hoyle.agents.patience.train`` made with these
# arguments (computed with it before it moved here): the run learns the very same values.
OLD_TRAINER = [
    ({"games": 40, "seed": 3, "rounds": 2, "min_count": 1}, ("english", "book"),
     ("799583ba0465f9d6", 538)),
    ({"games": 30, "seed": 5, "rounds": 2, "min_count": 1, "timed": True, "outs": True},
     ("american", "grid"), ("42d820d81efa3574", 976)),
    ({"games": 20, "seed": 2, "rounds": 2, "min_count": 3, "decay": True}, ("english", "book"),
     ("fc3e53d276900774", 322)),
]  # fmt: skip


@pytest.mark.parametrize(("kw", "table", "fingerprint"), OLD_TRAINER)
def test_the_run_learns_what_the_former_trainer_learnt(
    tmp_path: Path, kw: dict[str, Any], table: tuple[str, str], fingerprint: tuple[str, int]
) -> None:
    tr = _run(tmp_path / "run", tables=[table], eval_games=0, **kw)
    assert _fingerprint(tr.finished[0]) == fingerprint
    saved = P.load_table(*table, str(tmp_path / "run" / "values.npz"))
    assert saved.values == tr.finished[0].values and saved.placement == table[1]
    assert (saved.timed, saved.outs) == (kw.get("timed", False), kw.get("outs", False))


def test_training_is_reproducible_and_seeded(tmp_path: Path) -> None:
    a = _run(tmp_path / "a").finished[0]
    b = _run(tmp_path / "b").finished[0]
    c = _run(tmp_path / "c", seed=4).finished[0]
    assert a.values == b.values and a.values and c.values != a.values


def test_a_killed_and_resumed_run_equals_an_uninterrupted_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = [("english", "book"), ("english", "grid")]
    kw: dict[str, Any] = {"tables": tables, "games": 6, "rounds": 2, "checkpoint_every": 4}
    whole = _run(tmp_path / "whole", **kw)
    real, calls = T.play_deal, []

    def killed_in_game_15(*args: Any, **kwargs: Any) -> P.Board:
        calls.append(kwargs.get("record") is not None)  # a training game, not an evaluation
        if sum(calls) == 15:  # game 15 of 24 (table 2, round 1): the checkpoint of 12 is kept
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(T, "play_deal", killed_in_game_15)
    part = TableTrainer(out=tmp_path / "part", progress=False, seed=3, min_count=1,
                        eval_games=3, **kw)  # fmt: skip
    part.setup()
    with pytest.raises(KeyboardInterrupt):
        part.train()
    monkeypatch.setattr(T, "play_deal", real)
    resumed = TableTrainer(out=tmp_path / "part", progress=False, seed=3, min_count=1,
                           eval_games=3, **kw)  # fmt: skip
    resumed.setup()
    assert resumed.done == 12 and resumed.where == (1, 0, 0) and len(resumed.finished) == 1
    assert resumed.resumed_at() == "game 12 (english/grid, round 1, game 0)"
    resumed.train()
    for w, r in zip(whole.finished, resumed.finished, strict=True):
        assert w.values == r.values and w.placement == r.placement
    assert _curve(whole) == _curve(resumed) and len(_curve(whole)) == 6
    for name in TableTrainer.FILES:
        assert (tmp_path / "part" / name).is_file()
    for scoring, placement in tables:
        saved = P.load_table(scoring, placement, str(tmp_path / "part" / "values.npz"))
        assert saved.placement == placement


def test_resume_inside_a_round_keeps_the_credits_and_the_generator(tmp_path: Path) -> None:
    kw: dict[str, Any] = {"games": 10, "rounds": 2, "checkpoint_every": 3, "eval_games": 0}
    whole = _run(tmp_path / "whole", **kw)
    cut = TableTrainer(out=tmp_path / "part", progress=False, seed=3, min_count=1, **kw)
    cut.setup()
    saved: dict[str, Any] = {}
    for _ in range(13):  # into round 2; the checkpoint of game 12 holds half-made credits
        cut.step()
        if cut.done % 3 == 0:
            cut.checkpoint()
            saved = {"rng": cut.rng.getstate(), "sums": dict(cut.sums), "cnts": dict(cut.cnts)}
    resumed = TableTrainer(out=tmp_path / "part", progress=False, seed=3, min_count=1, **kw)
    resumed.setup()
    assert resumed.done == 12 and resumed.where == (0, 1, 2) and resumed.sums
    assert resumed.rng.getstate() == saved["rng"]
    assert (resumed.sums, resumed.cnts) == (saved["sums"], saved["cnts"])
    resumed.train()
    assert resumed.finished[0].values == whole.finished[0].values


def test_a_damaged_or_foreign_checkpoint_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    _run(out, games=4, rounds=1, eval_games=0)
    ck = out / "checkpoint.npz"
    z = dict(np.load(ck))
    meta = json.loads(str(z["meta"][()]))
    meta["rng"][1][0] = "x"
    np.savez(ck, **{**z, "meta": np.array(json.dumps(meta))})
    again = TableTrainer(out=out, progress=False, games=4, rounds=1, seed=3, min_count=1,
                         eval_games=0)  # fmt: skip
    with pytest.raises(UsageError, match="not a checkpoint of this run: bad random generator"):
        again.setup()
    ck.write_bytes(b"not a zip")
    with pytest.raises(UsageError, match=r"not an \.npz archive"):
        again.setup()


def test_options_time_outs_start_and_deeper_self_play(tmp_path: Path) -> None:
    # The refinements not kept by default still work: values by time and by outs, and more
    # self-play from a table with the two-ply planner, each playing a deal to its end.
    base = _run(tmp_path / "base", games=20, rounds=1, seed=5, timed=True, outs=True,
                eval_games=0).finished[0]  # fmt: skip
    assert any(k % 32 != P.NO_TIME for k in base.values)  # some values are by time
    assert any((k // 32) % 16 for k in base.values)  # some by outs
    start = str(tmp_path / "base" / "values.npz")
    more = _run(tmp_path / "more", games=2, rounds=1, seed=5, start=start, play_depth=2,
                eval_games=1).finished[0]  # fmt: skip
    assert more.values and more.timed and more.outs
    board = T.play_deal(random.Random(1).sample(range(52), 25), more, random.Random(0), depth=2)
    assert board.occupied.bit_count() == 25
    flat = _run(tmp_path / "flat", games=8, rounds=3, seed=5, eval_games=0).finished[0]
    decayed = _run(tmp_path / "decay", games=8, rounds=3, seed=5, decay=True,
                   eval_games=0).finished[0]  # fmt: skip
    assert flat.values != decayed.values  # round 1 explores with ε = 0.1, against 0.2 decayed


def test_the_train_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hoyle.experiments.cli import main

    out = tmp_path / "run"
    argv = ["train", "poker_patience(placement=grid)", "--method", "table", "--games", "3",
            "--rounds", "2", "--eval-games", "2", "--seed", "1", "--out", str(out),
            "--quiet"]  # fmt: skip
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert f"planner:table={out / 'values.npz'}" in said and "english/grid: greedy" in said
    table = P.load_table("english", "grid", str(out / "values.npz"))
    assert table.placement == "grid" and table.values
    config = json.loads((out / "config.json").read_text())
    assert config["command"].startswith("hoyle train 'poker_patience(placement=grid)' "
                                        "--method table --games 3 --rounds 2")  # fmt: skip
    before = (out / "values.npz").read_bytes()
    assert main(argv) == 0  # the same command: a finished run, nothing trained again
    assert (out / "values.npz").read_bytes() == before
    assert main([*argv, "--rounds", "3"]) == 2  # another run's folder: refused, kept
    assert "holds another run (rounds: 2, not 3)" in capsys.readouterr().err
    assert (out / "values.npz").read_bytes() == before
    (out / "notes.txt").write_text("mine")
    assert main([*argv, "--no-resume"]) == 0  # starts over, removing only the run's files
    assert (out / "notes.txt").read_text() == "mine"
    assert main([*argv, "--eval-every", "2"]) == 2
    assert main(["train", "serpent_poker_patience", "--method", "table", "--out",
                 str(tmp_path / "s")]) == 2  # fmt: skip
    assert "trains Poker Patience only" in capsys.readouterr().err
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "values.npz").write_bytes(b"someone else's")
    assert main([*argv[:-2], str(foreign), "--quiet"]) == 2  # a folder no run owns
    assert (foreign / "values.npz").read_bytes() == b"someone else's"


def test_the_former_command_is_a_thin_alias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "alias"
    argv = ["train", "--games", "2", "--rounds", "1", "--seed", "1", "--scoring", "american",
            "--out", str(out), "--quiet"]  # fmt: skip
    assert T.main(argv) == 0
    for placement in P.PLACEMENTS:
        assert P.load_table("american", placement, str(out / "values.npz")).placement == placement
    assert T.main([*argv[:-2], str(tmp_path / "patience_values.npz")]) == 2
    assert "names the run folder now" in capsys.readouterr().err
    assert not (tmp_path / "patience_values.npz").exists()
    results = T.bench(["random"], 3, 1, {}, progress=False)
    assert set(results) == {"random"} and results["random"][0] > 0
