"""Run folders of matches, tournaments and the gnubg judge are owned (issue 13, "Trust").

A run lives under ``--out`` by a plain ``--name``; its folder is claimed with a marker, so
``--no-resume`` never deletes another run's files; its parts and results carry the run's id,
config hash and seed, and their rows are checked against the seeds, so foreign rows are
refused, not mixed in; a corrupt file, a second process on the same run and an unwritable
``--out`` are each one line, exit status 2; every file is written atomically.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq
import pytest

import hoyle.experiments.match as match
from hoyle.envs.core.files import FileFormatError
from hoyle.experiments.cli import main
from hoyle.experiments.match import RunConfigError, load_run, run_match
from hoyle.experiments.runs import LOCK, MARKER, RunFolderError
from hoyle.experiments.tournament import run_tournament

TWO = "conquian"
AGENTS = ["heuristic", "random"]
DEALS = 5


def _one_line(capsys: pytest.CaptureFixture[str], *needles: str) -> str:
    """The one-line error the command printed (and that it names ``needles``)."""
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in captured.out + err, err
    for needle in needles:
        assert needle in err, err
    return err


def _cut(monkeypatch: pytest.MonkeyPatch, out: Path, name: str, seed: int = 1,
         at: int = 3) -> Path:  # fmt: skip
    """A match of :data:`DEALS` deals interrupted at deal ``at``: one part per finished deal."""
    real = match.play_deal

    def interrupted(game: Any, specs: Any, s: int, deal: int, *a: Any, **k: Any) -> Any:
        if deal == at:
            raise KeyboardInterrupt
        return real(game, specs, s, deal, *a, **k)

    monkeypatch.setattr(match, "play_deal", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_match(TWO, AGENTS, DEALS, seed, out=out, name=name, chunk=1)
    monkeypatch.setattr(match, "play_deal", real)
    return out / name


def _parts(run: Path) -> list[Path]:
    return sorted((run / "parts").glob("*.parquet"))


def _meta(file: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(pq.read_schema(file).metadata[b"hoyle"])
    return data


def _strip(file: Path) -> None:
    """Rewrite a Parquet file without hoyle's metadata, as a hoyle from before markers wrote."""
    pd.read_parquet(file).to_parquet(file, index=False)


def _forge(file: Path, meta: dict[str, Any]) -> None:
    """Rewrite a Parquet file claiming ``meta`` (another run's id, hash and seed)."""
    import pyarrow as pa

    table = pa.Table.from_pandas(pd.read_parquet(file), preserve_index=False)
    table = table.replace_schema_metadata({b"hoyle": json.dumps(meta).encode()})
    pq.write_table(table, file)


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    """The uninterrupted match of seed 1."""
    return run_match(TWO, AGENTS, DEALS, 1)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


# --- 1. names ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["../x", "a/b", ".hidden", "/abs/dir", "x\\y"])
def test_the_library_refuses_a_run_name_that_is_a_path(tmp_path: Path, name: str) -> None:
    out = tmp_path / "runs"
    with pytest.raises(RunFolderError, match="plain name"):
        run_match(TWO, AGENTS, 1, out=out, name=name)
    with pytest.raises(RunFolderError, match="plain name"):
        run_tournament(TWO, AGENTS, 1, out=out, name=name)
    with pytest.raises(RunFolderError, match="plain name"):
        match.run_tables(*match.resolve_game(TWO)[:3], match.match_plan(AGENTS), 1, out=out,
                         name=name)  # fmt: skip
    assert not (tmp_path / "x").exists() and not out.exists()


def test_the_judge_refuses_a_run_name_that_is_a_path(tmp_path: Path) -> None:
    pytest.importorskip("gnubg")
    from hoyle.experiments.judge import run_judge

    with pytest.raises(RunFolderError, match="plain name"):
        run_judge("backgammon", ["random"], 2, opponent="random", out=tmp_path / "runs",
                  name="../x")  # fmt: skip
    assert not (tmp_path / "x").exists()


def test_name_outside_out_is_refused_and_an_absolute_folder_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "runs"
    base = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", "1", "--quiet", "--out",
            str(out)]  # fmt: skip
    assert main([*base, "--name", "../x"]) == 2
    _one_line(capsys, "plain name")
    assert not (tmp_path / "x").exists()
    precious = tmp_path / "precious"
    (precious / "parts").mkdir(parents=True)
    (precious / "parts" / "keep.txt").write_text("mine")
    (precious / "results.parquet").write_text("not hoyle's")
    before = _snapshot(precious)
    for extra in ([], ["--no-resume"]):
        assert main([*base, "--name", str(precious), *extra]) == 2
        _one_line(capsys, "plain name")
        assert _snapshot(precious) == before


# --- 2. claiming a folder ----------------------------------------------------------------------
def test_no_resume_leaves_another_runs_folder_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_tournament(TWO, AGENTS, 2, 1, out=tmp_path, name="t")
    before = _snapshot(tmp_path / "t")
    with pytest.raises(RunFolderError, match="another run"):
        run_match(TWO, AGENTS, 2, 1, out=tmp_path, name="t", resume=False)
    assert _snapshot(tmp_path / "t") == before
    argv = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", "2", "--seed", "1", "--quiet",
            "--out", str(tmp_path), "--name", "t", "--no-resume"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, "another run", "tournament")
    assert _snapshot(tmp_path / "t") == before


def test_no_resume_removes_only_the_runs_own_files(tmp_path: Path) -> None:
    # Starting a run over removes the files it writes, by name, never a folder wholesale: a
    # file somebody put in parts/ stays (and the folder with it).
    run = tmp_path / "m"
    _cut_run = run_match(TWO, AGENTS, 3, 1, out=tmp_path, name="m", chunk=1, save_every=0.0)
    assert len(_cut_run)
    (run / "parts").mkdir(exist_ok=True)
    mine = run / "parts" / "deals-0000000-0000000-abcdef.parquet"
    shutil.copy(run / "results.parquet", mine)
    note = run / "parts" / "README.txt"
    note.write_text("not hoyle's")
    run_match(TWO, AGENTS, 3, 1, out=tmp_path, name="m", resume=False)
    assert note.read_text() == "not hoyle's"
    assert not mine.exists()


def test_files_no_run_owns_are_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder with files but no marker (another program's, a training run's): refused."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "config.json").write_text(json.dumps({"kind": "train", "seed": 1}))
    (mine / "notes.txt").write_text("keep me")
    before = _snapshot(mine)
    for resume in (True, False):
        with pytest.raises(RunFolderError, match="no hoyle match run owns it"):
            run_match(TWO, AGENTS, 1, 1, out=tmp_path, name="mine", resume=resume)
        assert _snapshot(mine) == before
    argv = ["tournament", TWO, "--agents", ",".join(AGENTS), "--deals", "1", "--quiet", "--out",
            str(tmp_path), "--name", "mine", "--no-resume"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, "no hoyle tournament run owns it")
    assert _snapshot(mine) == before


def test_a_folder_of_the_previous_hoyle_is_adopted_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whole: pd.DataFrame
) -> None:
    run = _cut(monkeypatch, tmp_path, "old")
    (run / MARKER).unlink()  # As the previous hoyle left it: no marker, no metadata.
    for part in _parts(run):
        _strip(part)
    _, stored = load_run(run)  # Read as it is (--report of an old run).
    assert sorted(stored["deal"].unique()) == [0, 1, 2]
    started: list[int] = []
    resumed = run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="old",
                        on_start=lambda p, n: started.append(n))  # fmt: skip
    assert started == [3]
    pd.testing.assert_frame_equal(resumed, whole)
    assert (run / MARKER).exists() and _meta(run / "results.parquet")["seed"] == 1
    # A finished run of the previous hoyle, asked again or started over.
    (run / MARKER).unlink()
    _strip(run / "results.parquet")
    pd.testing.assert_frame_equal(run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="old"),
                                  whole)  # fmt: skip
    (run / MARKER).unlink()
    _strip(run / "results.parquet")
    (run / "parts").mkdir()
    shutil.copy(run / "results.parquet", run / "parts" / "deals-0000000-0000004-old.parquet")
    again = run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="old", resume=False)
    pd.testing.assert_frame_equal(again, whole)
    assert not (run / "parts").exists()  # --no-resume in an adopted folder: its files went.
    # An old run of other settings is named, not adopted.
    (run / MARKER).unlink()
    with pytest.raises(RunConfigError, match="seed: stored 1, asked 2"):
        run_match(TWO, AGENTS, DEALS, 2, out=tmp_path, name="old")
    assert not (run / MARKER).exists()


def test_config_json_is_written_atomically_and_names_the_run(tmp_path: Path) -> None:
    run_match(TWO, AGENTS, 1, 1, out=tmp_path, name="m")
    marker = json.loads((tmp_path / "m" / MARKER).read_text())
    assert marker["kind"] == "match" and len(marker["run_id"]) == 16
    assert _meta(tmp_path / "m" / "results.parquet")["config_hash"] == marker["config_hash"]
    assert not [p for p in (tmp_path / "m").iterdir() if p.name.endswith(".tmp")]


# --- 3. foreign parts and results --------------------------------------------------------------
def test_a_part_of_another_seed_is_refused_not_mixed_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    whole: pd.DataFrame,
) -> None:  # fmt: skip
    run = _cut(monkeypatch, tmp_path, "s1", seed=1)
    other = _cut(monkeypatch, tmp_path, "s2", seed=2)
    stray = run / "parts" / "deals-0000003-0000004-foreign.parquet"
    shutil.copy(_parts(other)[0], stray)
    with pytest.raises(FileFormatError, match="is not a part of this run") as e:
        run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="s1")
    assert str(stray) in str(e.value) and f"move it out of {run / 'parts'}" in str(e.value)
    assert stray.exists()  # Refused, never deleted.
    argv = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", str(DEALS), "--seed", "1",
            "--quiet", "--out", str(tmp_path), "--name", "s1"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, str(stray), "is not a part of this run")
    stray.unlink()
    pd.testing.assert_frame_equal(run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="s1"),
                                  whole)  # fmt: skip


def test_rows_of_another_seed_are_caught_under_forged_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _cut(monkeypatch, tmp_path, "s1", seed=1)
    other = _cut(monkeypatch, tmp_path, "s2", seed=2)
    ours = _meta(_parts(run)[0])
    stray = run / "parts" / "deals-0000002-0000002-forged.parquet"
    shutil.copy(_parts(other)[2], stray)
    _forge(stray, ours)  # The other run's rows, claiming to be this run's.
    with pytest.raises(FileFormatError, match="deal_seed") as e:
        run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="s1")
    assert str(stray) in str(e.value)
    # Rows of other agents on the same seed (the seeds match, the agents do not).
    stray.unlink()
    rows = pd.read_parquet(_parts(run)[0]).assign(spec="random:x", agent="random:x")
    rows.to_parquet(stray, index=False)
    _forge(stray, ours)
    with pytest.raises(FileFormatError, match="spec"):
        load_run(run)


def test_a_part_of_an_earlier_run_id_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--no-resume starts a new run (a new id): a part of the old one put back is not its."""
    run = _cut(monkeypatch, tmp_path, "r")
    kept = tmp_path / "kept.parquet"
    shutil.copy(_parts(run)[0], kept)
    old_id = _meta(kept)["run_id"]
    run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="r", resume=False)
    assert json.loads((run / MARKER).read_text())["run_id"] != old_id
    (run / "parts").mkdir()
    shutil.copy(kept, run / "parts" / kept.name)
    with pytest.raises(FileFormatError, match="run id"):
        run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="r")


def test_results_of_another_run_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_match(TWO, AGENTS, 2, 1, out=tmp_path, name="a")
    run_match(TWO, AGENTS, 2, 2, out=tmp_path, name="b")
    shutil.copy(tmp_path / "b" / "results.parquet", tmp_path / "a" / "results.parquet")
    with pytest.raises(FileFormatError, match="is not this run's results") as e:
        run_match(TWO, AGENTS, 2, 1, out=tmp_path, name="a")
    assert str(tmp_path / "a" / "results.parquet") in str(e.value)
    _forge(tmp_path / "a" / "results.parquet", _meta(tmp_path / "b" / "results.parquet")
           | {"seed": 1, "config_hash": json.loads((tmp_path / "a" / MARKER).read_text())[
               "config_hash"]})  # fmt: skip
    with pytest.raises(FileFormatError, match="seed"):
        load_run(tmp_path / "a")
    assert main(["tournament", "--report", str(tmp_path / "a"), "--bootstrap", "10"]) == 2
    _one_line(capsys, "results.parquet")


# --- 4. corrupt files --------------------------------------------------------------------------
def test_a_truncated_part_is_one_line_and_the_file_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    whole: pd.DataFrame,
) -> None:  # fmt: skip
    run = _cut(monkeypatch, tmp_path, "cut")
    part = _parts(run)[1]
    part.write_bytes(part.read_bytes()[:100])
    with pytest.raises(FileFormatError, match="truncated or not a Parquet file") as e:
        run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="cut")
    assert str(part) in str(e.value) and "delete it and run the same command again" in str(e.value)
    assert part.stat().st_size == 100
    argv = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", str(DEALS), "--seed", "1",
            "--quiet", "--out", str(tmp_path), "--name", "cut"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, str(part), "truncated")
    part.unlink()  # As the message says: its deals are played again.
    pd.testing.assert_frame_equal(run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="cut"),
                                  whole)  # fmt: skip


def test_a_truncated_config_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    whole: pd.DataFrame,
) -> None:  # fmt: skip
    run = _cut(monkeypatch, tmp_path, "cut")
    config = run / "config.json"
    config.write_text(config.read_text()[:40])
    argv = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", str(DEALS), "--seed", "1",
            "--quiet", "--out", str(tmp_path), "--name", "cut"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, str(config), "delete it and run the same command again")
    assert len(config.read_text()) == 40
    config.unlink()  # The marker and the parts' metadata still say whose run it is.
    pd.testing.assert_frame_equal(run_match(TWO, AGENTS, DEALS, 1, out=tmp_path, name="cut"),
                                  whole)  # fmt: skip


def test_a_corrupt_marker_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_match(TWO, AGENTS, 1, 1, out=tmp_path, name="m")
    (tmp_path / "m" / MARKER).write_text("{")
    argv = ["match", TWO, "--agents", ",".join(AGENTS), "--deals", "1", "--seed", "1", "--quiet",
            "--out", str(tmp_path), "--name", "m"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, MARKER)


# --- 5. one process per run --------------------------------------------------------------------
@pytest.fixture
def other_process() -> Iterator[int]:
    """The id of a live process that is not this one (to hold a run's lock)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield proc.pid
    finally:
        proc.kill()
        proc.wait()


def test_a_run_locked_by_another_process_is_refused(
    tmp_path: Path, other_process: int, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("m", "t", "j"):
        (tmp_path / name).mkdir()
        (tmp_path / name / LOCK).write_text(f"{other_process}\n")
    with pytest.raises(RunFolderError, match=f"pid {other_process}"):
        run_match(TWO, AGENTS, 1, out=tmp_path, name="m")
    with pytest.raises(RunFolderError, match=f"pid {other_process}"):
        run_tournament(TWO, AGENTS, 1, out=tmp_path, name="t")
    argv = ["tournament", TWO, "--agents", ",".join(AGENTS), "--deals", "1", "--quiet", "--out",
            str(tmp_path), "--name", "t", "--bootstrap", "10"]  # fmt: skip
    assert main(argv) == 2
    _one_line(capsys, "another hoyle process")
    if importlib.util.find_spec("gnubg") is not None:
        from hoyle.experiments.judge import run_judge

        with pytest.raises(RunFolderError, match=f"pid {other_process}"):
            run_judge("backgammon", ["random"], 2, opponent="random", out=tmp_path, name="j")
    for name in ("m", "t", "j"):
        assert [p.name for p in (tmp_path / name).iterdir()] == [LOCK]  # Nothing written.


def test_a_second_process_on_the_same_run_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real ``hoyle tournament`` writing the run; the same command here refuses in one line,
    and once it is killed (its lock left behind), the run resumes."""
    argv = ["tournament", TWO, "--agents", "random,heuristic,heuristic:-go-out", "--deals", "400",
            "--out", str(tmp_path), "--name", "k", "--quiet", "--save-every", "0",
            "--bootstrap", "10"]  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-m", "hoyle.experiments.cli", *argv],
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not _parts(tmp_path / "k"):
            assert proc.poll() is None, proc.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "no parts written"
            time.sleep(0.02)
        assert main(argv) == 2
        _one_line(capsys, f"pid {proc.pid}", "is writing")
    finally:
        proc.kill()
        proc.wait()
    assert (tmp_path / "k" / LOCK).exists()  # A kill leaves the lock; it is stale now.
    argv[argv.index("400")] = "2"
    assert main([*argv, "--no-resume"]) == 0  # The same settings, started over in 2 deals.
    assert not (tmp_path / "k" / LOCK).exists()


# --- 6. an unwritable --out --------------------------------------------------------------------
@pytest.mark.parametrize("command", ["match", "tournament", "judge"])
def test_an_unwritable_out_is_one_line(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if command == "judge":
        pytest.importorskip("gnubg")
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    game = "backgammon" if command == "judge" else TWO
    count = ["--games", "2", "--against", "random"] if command == "judge" else ["--deals", "1"]
    base = [command, game, "--agents", ",".join(AGENTS[1:] if command == "judge" else AGENTS),
            *count, "--quiet", "--name", "r"]  # fmt: skip
    for out in (a_file / "x", Path("/proc/hoyle-no-such-place")):
        assert main([*base, "--out", str(out)]) == 2
        _one_line(capsys, "cannot create run folder")


# --- 7. atomic writes --------------------------------------------------------------------------
def _written_atomically(monkeypatch: pytest.MonkeyPatch) -> set[Path]:
    """Targets of every rename from here on (an atomic write ends with one)."""
    targets: set[Path] = set()
    real = os.replace

    def replace(src: Any, dst: Any, *a: Any, **k: Any) -> None:
        targets.add(Path(dst).resolve())
        real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", replace)
    return targets


def test_every_file_of_a_tournament_and_its_summary_is_written_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = _written_atomically(monkeypatch)
    argv = ["tournament", TWO, "--agents", "random,heuristic,heuristic:-go-out", "--deals", "2",
            "--out", str(tmp_path), "--name", "t", "--quiet", "--save-every", "0",
            "--bootstrap", "10"]  # fmt: skip
    assert main(argv) == 0
    files = {p.resolve() for p in (tmp_path / "t").rglob("*") if p.is_file()}
    assert {p.name for p in files} >= {"config.json", "results.parquet", "leaderboard.md",
                                       "leaderboard.png", "pairwise.png", "seats.csv",
                                       MARKER}  # fmt: skip
    assert files <= targets, sorted(p.name for p in files - targets)
    targets.clear()
    assert main(["tournament", "--report", str(tmp_path / "t"), "--bootstrap", "10"]) == 0
    assert {p.name for p in targets} >= {"leaderboard.md", "leaderboard.csv", "leaderboard.png"}


def test_every_file_of_a_judging_run_is_written_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gnubg")
    targets = _written_atomically(monkeypatch)
    argv = ["judge", "backgammon", "--agents", "random", "--against", "random", "--games", "2",
            "--out", str(tmp_path), "--name", "j", "--quiet", "--save-every", "0"]  # fmt: skip
    assert main(argv) == 0
    files = {p.resolve() for p in (tmp_path / "j").rglob("*") if p.is_file()}
    assert {p.name for p in files} >= {"config.json", "games.parquet", "moves.parquet",
                                       "judge.csv", "judge.md"}  # fmt: skip
    assert files <= targets, sorted(p.name for p in files - targets)


# --- 8. --report of a stored run ---------------------------------------------------------------
@pytest.mark.parametrize("damage", ["truncated results", "garbage config", "config lacks keys",
                                    "foreign part", "config of another run"])  # fmt: skip
def test_a_corrupt_stored_run_is_one_line_for_report(
    tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_tournament(TWO, AGENTS, 2, 1, out=tmp_path, name="t")
    run = tmp_path / "t"
    results, config = run / "results.parquet", run / "config.json"
    if damage == "truncated results":
        results.write_bytes(results.read_bytes()[:-50])
        named = str(results)
    elif damage == "garbage config":
        config.write_text("{not json")
        named = str(config)
    elif damage == "config lacks keys":
        config.write_text(json.dumps({"format": 2, "kind": "tournament"}))
        named = str(config)
    elif damage == "foreign part":
        run_tournament(TWO, AGENTS, 2, 2, out=tmp_path, name="other")
        (run / "parts").mkdir()
        named = str(run / "parts" / "deals-x.parquet")
        shutil.copy(tmp_path / "other" / "results.parquet", named)
    else:
        data = json.loads(config.read_text())
        config.write_text(json.dumps({**data, "seed": 2}))
        named = str(config)
    assert main(["tournament", "--report", str(run), "--bootstrap", "10"]) == 2
    _one_line(capsys, "cannot summarize", named)


def test_the_judge_refuses_foreign_and_truncated_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gnubg")
    from hoyle.experiments import judge

    whole = judge.run_judge("backgammon", ["random"], 6, seed=1, opponent="random")
    real = judge.judge_unit
    calls: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    for name, seed in (("j1", 1), ("j2", 2)):
        calls.clear()
        monkeypatch.setattr(judge, "judge_unit", flaky)
        with pytest.raises(KeyboardInterrupt):
            judge.run_judge("backgammon", ["random"], 6, seed=seed, opponent="random",
                            out=tmp_path, name=name, save_every=0)  # fmt: skip
    monkeypatch.setattr(judge, "judge_unit", real)
    run = tmp_path / "j1"
    foreign = sorted((tmp_path / "j2" / "parts").glob("*-games.parquet"))[0]
    stray = run / "parts" / ("x" + foreign.name)
    shutil.copy(foreign, stray)
    _forge(stray, _meta(sorted((run / "parts").glob("*-games.parquet"))[0]))
    with pytest.raises(FileFormatError, match=r"is not a part of this run.*deal_seed"):
        judge.run_judge("backgammon", ["random"], 6, seed=1, opponent="random", out=tmp_path,
                        name="j1")  # fmt: skip
    stray.write_bytes(b"PAR1 not really")
    with pytest.raises(FileFormatError, match="truncated or not a Parquet file"):
        judge.run_judge("backgammon", ["random"], 6, seed=1, opponent="random", out=tmp_path,
                        name="j1")  # fmt: skip
    stray.unlink()
    # The previous hoyle's folder (no marker, no metadata) is adopted and resumed.
    (run / MARKER).unlink()
    for part in (run / "parts").glob("*.parquet"):
        _strip(part)
    resumed = judge.run_judge("backgammon", ["random"], 6, seed=1, opponent="random",
                              out=tmp_path, name="j1")  # fmt: skip
    pd.testing.assert_frame_equal(resumed[0], whole[0])
    pd.testing.assert_frame_equal(resumed[1], whole[1])
    with pytest.raises(judge.JudgeConfigError, match="ply"):
        judge.run_judge("backgammon", ["random"], 2, seed=1, ply=1, opponent="random",
                        out=tmp_path, name="j1", resume=False)  # fmt: skip
