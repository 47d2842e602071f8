"""``hoyle train`` trusts nothing it finds in a run folder, and owns the folder it writes.

Each test is the regression test of one finding of issue 13: a received folder's
``checkpoint.pkl`` was unpickled; a ``tree.npz`` broken by a kill made every later run fail;
``--no-resume`` deleted files in any folder; SIGTERM killed a run without a word; a truncated
``config.json`` or an unwritable ``--out`` gave tracebacks; files were written in place.
"""

from __future__ import annotations

import json
import os
import pickle
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hoyle.envs.core import files
from hoyle.experiments.cli import main
from hoyle.experiments.runs import LOCK, MARKER
from hoyle.experiments.train import Trainer

TINY = "conquian(ranks=3,suits=2)"
"""6,853 nodes: every run here takes a second or two."""
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _tree_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the tree of each game once for the whole module (the runs only read it)."""
    from hoyle.agents.cfr import tree

    real = tree.build_tree

    def build(game: Any, keep_strings: bool = False, progress: bool = False) -> Any:
        if str(game) not in _TREES:
            _TREES[str(game)] = real(game, keep_strings, progress)
        return _TREES[str(game)]

    monkeypatch.setattr(tree, "build_tree", build)


_TREES: dict[str, Any] = {}


def train(out: Path, *extra: str) -> int:
    return main(["train", TINY, "--out", str(out), "--quiet", "--iterations", "40",
                 "--checkpoint-every", "20", *extra])  # fmt: skip


def td(out: Path, *extra: str) -> int:
    return main(["train", "backgammon", "--method", "td", "--games", "2", "--hidden", "4",
                 "--eval-games", "2", "--seed", "1", "--out", str(out), "--quiet", *extra])  # fmt: skip


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


class Payload:
    """Unpickling this writes a marker file: the proof that hoyle ran code from the folder."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.write_text, (Path(self.marker), "unpickled"))


# --- finding 1: no pickle ---------------------------------------------------------------------
def test_a_received_pickled_checkpoint_is_never_unpickled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder as an older hoyle wrote it (a config.json that says this run) with a
    checkpoint.pkl whose unpickling writes a file: the run starts over, the file is not
    written, and stderr says why in one line."""
    out, marker = tmp_path / "received", tmp_path / "MARKER"
    out.mkdir()
    config = Trainer(TINY, iterations=40, out=out, progress=False).config
    (out / "config.json").write_text(json.dumps({**config, "command": "hoyle train"}))
    (out / "checkpoint.pkl").write_bytes(pickle.dumps(Payload(marker)))
    assert train(out) == 0
    assert not marker.exists()
    assert "never loaded" in one_line(capsys.readouterr().err)
    assert (out / "checkpoint.pkl").read_bytes() == pickle.dumps(Payload(marker))  # kept


def test_a_checkpoint_with_an_object_array_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, marker = tmp_path / "run", tmp_path / "MARKER"
    assert train(out) == 0
    np.savez(out / "checkpoint.npz", meta=np.asarray("{}"),
             regret=np.array([Payload(marker)], dtype=object))  # fmt: skip
    capsys.readouterr()
    assert train(out) == 2
    assert "pickled objects" in one_line(capsys.readouterr().err)
    assert not marker.exists()


def test_a_checkpoint_is_arrays_and_json(tmp_path: Path) -> None:
    """The tables are float arrays; the iteration, the RNG state (plain ints) and the log
    are the JSON ``meta``."""
    out = tmp_path / "run"
    assert train(out) == 0
    z = files.load_npz(out / "checkpoint.npz")
    assert {k: v.dtype.kind for k, v in z.items()} == {"regret": "f", "avg": "f", "meta": "U"}
    meta = json.loads(str(z["meta"]))
    assert meta["solver"]["iteration"] == 40 and len(meta["solver"]["rng"][1]) == 625
    assert [r["iteration"] for r in meta["log"]][-1] == 40


@pytest.mark.parametrize(
    "damage",
    ["truncated", "doctored-rng", "tables-of-another-length", "another-run", "not-json-meta"],
)
def test_a_damaged_checkpoint_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    out = tmp_path / "run"
    assert train(out) == 0
    if damage == "truncated":  # (before: a truncated checkpoint.pkl, an UnpicklingError)
        ck = next(out / n for n in ("checkpoint.npz", "checkpoint.pkl") if (out / n).exists())
        ck.write_bytes(ck.read_bytes()[:-200])
        assert train(out, "--iterations", "60") == 2
        assert str(ck) in one_line(capsys.readouterr().err)
        return
    ck = out / "checkpoint.npz"
    z = files.load_npz(ck)
    meta = json.loads(str(z["meta"]))
    if damage == "doctored-rng":
        meta["solver"]["rng"][1][0] = "x"
        files.save_npz(ck, {**z, "meta": np.asarray(json.dumps(meta))})
    elif damage == "tables-of-another-length":
        files.save_npz(ck, {**z, "regret": z["regret"][:-1], "avg": z["avg"][:-1]})
    elif damage == "another-run":
        meta["config"]["seed"] = 9
        files.save_npz(ck, {**z, "meta": np.asarray(json.dumps(meta))})
    else:
        files.save_npz(ck, {**z, "meta": np.asarray("{")})
    capsys.readouterr()
    assert train(out, "--iterations", "60") == 2
    assert str(ck) in one_line(capsys.readouterr().err)
    assert train(out, "--iterations", "60", "--no-resume") == 0  # the way out


# --- finding 2: the cached tree ----------------------------------------------------------------
def test_a_truncated_tree_cache_is_rebuilt_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert train(out) == 0
    tree = out / "tree.npz"
    tree.write_bytes(tree.read_bytes()[: tree.stat().st_size // 2])  # a kill mid-write, before
    capsys.readouterr()
    assert train(out, "--iterations", "60") == 0
    line = one_line(capsys.readouterr().err.replace("resuming", "\nresuming").split("\n")[0])
    assert str(tree) in line and "rebuilding" in line
    assert files.load_npz(tree)  # whole again


def test_a_kill_while_the_tree_is_written_leaves_no_half_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    real = np.savez

    def killed(file: Any, **arrays: Any) -> None:
        if "first_child" in arrays:  # the tree: half of it, then the kill
            with open(file, "wb") if isinstance(file, str | Path) else file as f:
                f.write(b"PK\x03\x04" + b"\0" * 100)
            raise KeyboardInterrupt
        real(file, **arrays)

    with monkeypatch.context() as m:
        m.setattr(np, "savez", killed)
        assert train(out) == 130
    assert not (out / "tree.npz").exists()
    assert not [p for p in out.iterdir() if files.is_temp_name(p)]
    assert train(out) == 0


# --- finding 3: the folder is owned --------------------------------------------------------------
@pytest.mark.parametrize("method", ["mccfr", "td"])
def test_no_resume_never_deletes_files_of_a_folder_it_does_not_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], method: str
) -> None:
    run = train if method == "mccfr" else td
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    names = ("policy.npz", "checkpoint.pkl", "checkpoint.npz", "td.npz", "summary.json",
             "curve.csv", "tree.npz")  # fmt: skip
    for name in names:
        (foreign / name).write_text(f"precious {name}")
    capsys.readouterr()
    assert run(foreign, "--no-resume") == 2
    assert "no hoyle train run owns it" in one_line(capsys.readouterr().err)
    for name in names:
        assert (foreign / name).read_text() == f"precious {name}"
    # Another run's folder (another seed): kept too, --no-resume or not.
    other = tmp_path / "other"
    assert run(other, "--seed", "5") == 0
    before = {p.name: p.read_bytes() for p in other.iterdir()}
    for extra in ((), ("--no-resume",)):
        assert run(other, *extra) == 2
        assert "holds another run (seed: 5, not" in one_line(capsys.readouterr().err)
    assert {p.name: p.read_bytes() for p in other.iterdir()} == before
    # This run's own folder: --no-resume starts over, removing only its own files.
    mine = tmp_path / "mine"
    assert run(mine) == 0
    (mine / "notes.txt").write_text("mine too")
    assert run(mine, "--no-resume") == 0
    assert (mine / "notes.txt").read_text() == "mine too"


def test_a_second_process_on_the_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert train(out) == 0
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (out / LOCK).write_text(f"{sleeper.pid}\n")
        capsys.readouterr()
        assert train(out, "--iterations", "60") == 2
        assert f"pid {sleeper.pid}" in one_line(capsys.readouterr().err)
    finally:
        sleeper.kill()
        sleeper.wait()
    assert train(out, "--iterations", "60") == 0  # a lock whose process is gone is taken over
    assert not (out / LOCK).exists()


def test_the_shipped_td_folder_is_adopted_by_its_readme_command(tmp_path: Path) -> None:
    """agents/td/weights was written before run markers; the command of its README (and of
    the top-level README) still continues it: its config.json says the same run."""
    out = tmp_path / "weights"
    shutil.copytree(ROOT / "agents" / "td" / "weights", out)
    net = (out / "td.npz").read_bytes()
    readme = (ROOT / "agents" / "td" / "weights" / "README.md").read_text()
    command = " ".join(readme.split("    hoyle train ")[1].split("\n\n")[0].split())
    argv = ["train", *shlex.split(command.replace("\\", "")), "--quiet"]
    assert argv[-3:-1] == ["--out", "agents/td/weights"]
    argv[-2] = str(out)
    assert main(argv) == 0
    assert (out / "td.npz").read_bytes() == net  # 40,000 games done: nothing more to train
    assert json.loads((out / MARKER).read_text())["kind"] == "train"
    assert (out / "README.md").is_file()


@pytest.mark.parametrize("name", ["conquian-small-external", "cassino-small-external",
                                  "conquian-full-outcome"])  # fmt: skip
def test_the_shipped_mccfr_result_folders_are_adopted(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    shutil.copytree(ROOT / "agents" / "cfr" / "results" / name, out)
    cfg = json.loads((out / "config.json").read_text())
    words = cfg["command"].split()
    game = words[2]
    opts = dict(zip(words[3::2], words[4::2], strict=True))
    t = Trainer(game, iterations=int(opts["--iterations"]), config=opts.get("--config", "small"),
                seed=int(opts["--seed"]), out=out, progress=False)  # fmt: skip
    with t.holding():
        pass
    assert (out / MARKER).is_file() and (out / "summary.json").is_file()


# --- finding 4: SIGTERM ------------------------------------------------------------------------
def test_sigterm_stops_like_ctrl_c_and_the_same_command_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "hoyle.experiments.cli", "train", TINY, "--out", str(out),
           "--quiet", "--iterations", "10000000", "--checkpoint-every", "20"]  # fmt: skip

    def start() -> subprocess.Popen[str]:
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    p = start()
    deadline = time.monotonic() + 120
    while not list(out.glob("checkpoint.*")):
        assert p.poll() is None and time.monotonic() < deadline, p.communicate()
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130  # (before: -15, killed without a word)
    assert "interrupted; the last checkpoint is in" in one_line(err)
    assert not (out / LOCK).exists()
    first = json.loads(str(files.load_npz(out / "checkpoint.npz")["meta"]))["solver"]["iteration"]
    p = start()
    assert p.stderr is not None
    line = p.stderr.readline()
    assert line.startswith(f"resuming {out} at iteration ")
    assert int(line.split()[-1]) >= first
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "interrupted" in one_line(err), (p.returncode, err)


# --- finding 5: one-line errors ----------------------------------------------------------------
def test_a_truncated_config_and_an_unwritable_out_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert train(out) == 0
    cfg = out / "config.json"
    cfg.write_text(cfg.read_text()[:25])
    capsys.readouterr()
    assert train(out) == 2
    assert str(cfg) in one_line(capsys.readouterr().err)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for run in (train, td):
        assert run(blocker / "x") == 2
        assert "cannot create run folder" in one_line(capsys.readouterr().err)
    shutil.rmtree(out)
    assert td(out) == 0
    ck = out / "checkpoint.npz"
    ck.write_bytes(ck.read_bytes()[:300])
    assert td(out, "--games", "3") == 2
    assert str(ck) in one_line(capsys.readouterr().err)


# --- finding 7: every write atomic -------------------------------------------------------------
@pytest.mark.parametrize("method", ["mccfr", "td"])
def test_every_file_of_a_run_is_written_by_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, method: str
) -> None:
    """Every file in the folder arrived by ``os.replace`` of a temporary file (none was
    written in place), and none of the temporary files is left."""
    renamed: set[str] = set()
    real = os.replace

    def replace(src: Any, dst: Any) -> None:
        renamed.add(Path(dst).name)
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    out = tmp_path / "run"
    assert (train(out) if method == "mccfr" else td(out)) == 0
    written = {p.name for p in out.iterdir()}
    assert written <= renamed, written - renamed
    assert not [n for n in written if files.is_temp_name(Path(n))]
