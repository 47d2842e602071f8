"""Agent files are received files: every loader refuses a bad one in one line, runs nothing.

Three loader families read a file the user names: ``mccfr:policy=PATH``
(:meth:`hoyle.agents.cfr.policy.PolicyTable.load`), ``td:weights=PATH``
(:meth:`hoyle.agents.td.net.ValueNet.load`) and ``planner:table=PATH``
(:func:`hoyle.agents.patience.load_table`); the cached game tree of ``hoyle train``
(:meth:`hoyle.agents.cfr.tree.GameTree.load`) is checked the same way. Each is given more than
24 bad files, built from the committed good one: empty, random bytes, truncated, a zip of other
things, a bare ``.npy``, pickles (one whose unpickling would write a marker file), an object
array, a folder, a missing path, JSON, each entry missing, each entry of the wrong dtype or
shape, NaN, absurd sizes (a header claiming 10¹³ elements, a zip claiming gigabytes), and the
family's own semantic faults. Each must raise :class:`FileFormatError` (a ``ValueError``) whose
message is one line naming the file, and ``hoyle match`` with the agent must exit 2 with that
one line. Before these loaders were written, 13 of 24 such files gave ``BadZipFile``,
``EOFError`` or ``KeyError`` tracebacks, and numpy's message suggested ``allow_pickle``.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents.cfr import load_policy
from hoyle.agents.cfr.policy import PolicyTable
from hoyle.agents.cfr.tree import GameTree, build_tree
from hoyle.agents.patience import load_table
from hoyle.agents.td import DEFAULT_WEIGHTS, load_network
from hoyle.agents.td.net import ValueNet
from hoyle.envs.core.files import FileFormatError, load_npz
from hoyle.experiments.cli import main

ROOT = Path(__file__).resolve().parents[2]
POLICY = ROOT / "agents" / "cfr" / "policies" / "conquian-abstract-outcome-s0.npz"
TABLE = ROOT / "agents" / "patience_values.npz"

Arrays = dict[str, np.ndarray]


class Payload:
    """Unpickling this writes the file ``MARKER`` names: the proof that a loader unpickled."""

    target = ""

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.write_text, (Path(self.target), "unpickled"))


def _npz(arrays: Arrays) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def _npz_compressed(arrays: Arrays) -> bytes:
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def _claimed_size(data: bytes, size: int) -> bytes:
    """``data`` (a zip) with every central-directory entry claiming ``size`` bytes unpacked."""
    out = bytearray(data)
    at = out.find(b"PK\x01\x02")
    while at >= 0:
        out[at + 24 : at + 28] = size.to_bytes(4, "little")
        at = out.find(b"PK\x01\x02", at + 4)
    return bytes(out)


def _huge_header(name: str) -> bytes:
    """An npz whose one array ``name`` declares 10¹³ float64 elements (and holds 64 bytes)."""
    from numpy.lib import format as npformat

    member = io.BytesIO()
    header = {"descr": "<f8", "fortran_order": False, "shape": (10**13,)}
    npformat.write_array_header_1_0(member, header)  # type: ignore[no-untyped-call]
    member.write(b"\0" * 64)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(f"{name}.npy", member.getvalue())
    return buf.getvalue()


@dataclass
class Family:
    """A loader and what its good file holds: the entries it checks, and its own faults."""

    name: str
    good: Path
    load: Callable[[Path], Any]
    checked: tuple[str, ...]
    """Entries of the good file the loader reads (each is dropped, retyped, reshaped...)."""
    semantic: Callable[[Arrays], dict[str, Arrays]]
    """Bad variants of the good arrays that only this family's checks can see."""
    agent: str | None = None
    """``hoyle match`` arguments with ``{path}`` for the file, or None (not an agent file)."""


def _policy_faults(a: Arrays) -> dict[str, Arrays]:
    meta = json.loads(str(a["meta"]))
    counts = a["counts"].copy()
    counts[0] = 0
    keys = a["keys"].copy()
    keys[1] = keys[0]
    probs = a["probs"].copy()
    probs[0] = 1.5
    actions = a["actions"].copy()
    actions[0] = -3
    return {
        "meta-not-json": {**a, "meta": np.asarray("{not json")},
        "meta-a-list": {**a, "meta": np.asarray("[1, 2]")},
        "meta-bytes": {**a, "meta": np.asarray(b"\xff\xfe")},
        "meta-unknown-key-kind": {**a, "meta": np.asarray(json.dumps({**meta, "key": "x"}))},
        "meta-no-game": {**a, "meta": np.asarray(json.dumps({"key": "abstraction"}))},
        "a-set-without-actions": {**a, "counts": counts},
        "a-key-twice": {**a, "keys": keys},
        "probability-above-one": {**a, "probs": probs},
        "negative-action": {**a, "actions": actions},
        "signed-negative-keys": {**a, "keys": -(a["keys"][:].astype(np.int64) % 1000) - 1},
    }


def _td_faults(a: Arrays) -> dict[str, Arrays]:
    meta = json.loads(str(a["meta"]))
    return {
        "meta-not-json": {**a, "meta": np.asarray("{not json")},
        "meta-a-number": {**a, "meta": np.asarray("3")},
        "meta-other-format": {**a, "meta": np.asarray(json.dumps({**meta, "format": "x"}))},
        "fewer-features": {**a, "w1": a["w1"][:, :-1]},
        "hidden-units-disagree": {**a, "w2": a["w2"][:, :-1]},
        "no-hidden-units": {**a, "w1": a["w1"][:0], "b1": a["b1"][:0], "w2": a["w2"][:, :0]},
        "integer-weights": {**a, "w1": a["w1"].astype(np.int64)},
        "infinite-weight": {**a, "b2": np.full(5, np.inf, dtype=np.float32)},
        "exact-weights-half-there": {**a, "exact_w1": a["w1"].astype(np.float64)},
    }


def _table_faults(a: Arrays) -> dict[str, Arrays]:
    flags = a["english_book_flags"].copy()
    flags[2] = 99
    timed = a["english_book_flags"].copy()
    timed[0] = 5
    keys = a["english_book_keys"].copy()
    keys[1] = keys[0]
    negative = a["english_book_keys"].copy()
    negative[0] = -1
    others = {k: v for k, v in a.items() if not k.startswith("english_")}
    return {
        "another-windows-cap": {**a, "english_book_flags": flags},
        "flags-not-booleans": {**a, "english_book_flags": timed},
        "a-key-twice": {**a, "english_book_keys": keys},
        "negative-key": {**a, "english_book_keys": negative},
        "no-table-for-the-scoring": others,
        "values-as-text": {**a, "english_book_values": a["english_book_values"].astype("U8")},
    }


def _tree_faults(a: Arrays) -> dict[str, Arrays]:
    def changed(k: str, i: int, v: int) -> Arrays:
        x = a[k].copy()
        x[i] = v
        return {**a, k: x}

    last = int(a["player"].size) - 1
    return {
        "meta-not-json": {**a, "meta": np.asarray("{not json")},
        "meta-other-format": {**a, "meta": np.asarray(json.dumps({"format": "x"}))},
        "child-out-of-range": changed("first_child", 0, 10**6),
        "parent-out-of-range": changed("parent", last, 10**6),
        "infoset-out-of-range": changed("infoset", int(np.flatnonzero(a["player"] >= 0)[0]), 99),
        "slot-out-of-range": changed("edge_slot", last, 10**6),
        "player-out-of-range": changed("player", 0, 7),
        "levels-do-not-tile": {**a, "levels": a["levels"][:-1]},
        "utility-of-wrong-shape": {**a, "utility": a["utility"][:, :1]},
        "offset-out-of-range": changed("infoset_offset", 0, 10**6),
    }


def _kuhn_tree(tmp: Path) -> Path:
    path = tmp / "kuhn-tree.npz"
    build_tree(pyspiel.load_game("kuhn_poker")).save(path)
    return path


POLICY_ENTRIES = ("keys", "counts", "actions", "probs", "meta")
TD_ENTRIES = ("meta", "w1", "b1", "w2", "b2")
TABLE_ENTRIES = tuple(f"english_book_{k}" for k in ("keys", "values", "counts", "flags"))
FAMILIES = {
    "policy": Family(
        "policy", POLICY, load_policy, POLICY_ENTRIES, _policy_faults,
        "conquian --agents mccfr:policy={path},random",
    ),
    "td": Family(
        "td", DEFAULT_WEIGHTS, load_network, TD_ENTRIES, _td_faults,
        "backgammon --agents td:weights={path},random",
    ),
    "table": Family(
        "table", TABLE, lambda p: load_table("english", "book", str(p)), TABLE_ENTRIES,
        _table_faults, "poker_patience --agents planner:table={path}",
    ),
    "tree": Family(
        "tree", Path(), GameTree.load, (*GameTree._ARRAYS, "levels", "meta"), _tree_faults
    ),
}  # fmt: skip


def bad_files(family: Family, tmp: Path) -> dict[str, Path]:
    """At least 24 bad files of ``family`` under ``tmp``, by name."""
    good_bytes = family.good.read_bytes()
    with np.load(family.good, allow_pickle=False) as z:
        good = {k: z[k] for k in z.files}
    payload = Payload()
    payload.target = str(tmp / "MARKER")
    contents: dict[str, bytes] = {
        "empty": b"",
        "random-bytes": os.urandom(4096),
        "truncated-half": good_bytes[: len(good_bytes) // 2],
        "truncated-head": good_bytes[:100],
        "truncated-tail": good_bytes[:-10],
        "pickle-of-the-arrays": pickle.dumps(good),
        "pickle-that-writes-a-file": pickle.dumps(payload),
        "json": json.dumps({k: v.tolist() for k, v in good.items()}).encode(),
        "not-an-npz-zip": _zip_of_text(),
        "bare-npy": _npy(good[family.checked[0]]),
        "object-array-that-writes-a-file": _npz(
            {**good, family.checked[-1]: np.array([payload], dtype=object)}
        ),
        "extra-object-array": _npz({**good, "extra": np.array([payload], dtype=object)}),
        "absurd-shape": _huge_header(family.checked[0]),
        "claims-gigabytes": _claimed_size(_npz_compressed(good), 0xFFFFFFF0),
        "corrupt-deflate": _corrupt(_npz_compressed(good)),
    }
    for k in family.checked:
        a = good[k]
        contents[f"missing-{k}"] = _npz({n: v for n, v in good.items() if n != k})
        if a.dtype.kind != "U":
            contents[f"text-{k}"] = _npz({**good, k: a.astype("U4")})
        contents[f"reshaped-{k}"] = _npz({**good, k: a[None, None]})
        if a.ndim and a.shape[0] > 1:
            contents[f"one-short-{k}"] = _npz({**good, k: a[:-1]})
        if a.dtype.kind == "f":
            nan = a.astype(np.float64)
            nan.reshape(-1)[0] = np.nan
            contents[f"nan-{k}"] = _npz({**good, k: nan})
    for name, arrays in family.semantic(good).items():
        contents[name] = _npz(arrays)
    out = tmp / family.name
    out.mkdir()
    paths = {}
    for name, data in contents.items():
        paths[name] = out / f"{name}.npz"
        paths[name].write_bytes(data)
    paths["a-folder"] = out / "folder.npz"
    paths["a-folder"].mkdir()
    paths["missing-path"] = out / "nothing-here.npz"
    assert len(paths) >= 24
    return paths


def _zip_of_text() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("readme.txt", "not arrays")
    return buf.getvalue()


def _npy(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def _corrupt(data: bytes) -> bytes:
    out = bytearray(data)
    mid = len(out) // 3
    out[mid : mid + 64] = bytes(64)
    return bytes(out)


def _family(name: str, tmp: Path) -> Family:
    family = FAMILIES[name]
    if name == "tree":
        family = Family("tree", _kuhn_tree(tmp), family.load, family.checked, family.semantic)
    return family


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_bad_file_is_refused_in_one_line_naming_it(name: str, tmp_path: Path) -> None:
    family = _family(name, tmp_path)
    family.load(family.good)  # the committed (or freshly built) good file loads
    paths = bad_files(family, tmp_path)
    for case, path in paths.items():
        with pytest.raises(FileFormatError) as err:
            family.load(path)
        msg = str(err.value)
        assert "\n" not in msg and path.name in msg, (case, msg)
        assert "allow_pickle" not in msg, (case, msg)
    assert not (tmp_path / "MARKER").exists(), "a loader unpickled a file"


@pytest.mark.parametrize("name", ["policy", "td", "table"])
def test_hoyle_match_refuses_each_bad_agent_file_with_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    family = _family(name, tmp_path)
    assert family.agent is not None
    for case, path in bad_files(family, tmp_path).items():
        argv = family.agent.format(path=path).split()
        rc = main(["match", *argv, "--deals", "1", "--out", str(tmp_path / "runs"), "--quiet"])
        err = capsys.readouterr().err.strip()
        assert rc == 2, (case, err)
        assert len(err.splitlines()) == 1 and path.name in err, (case, err)
        assert "Traceback" not in err
    assert not (tmp_path / "MARKER").exists(), "a loader unpickled a file"


def test_load_npz_refuses_what_numpy_would_not_load_safely(tmp_path: Path) -> None:
    """The shared reader: a bare ``.npy`` (numpy returns an array, not an archive), a zip of
    other files (numpy returns their bytes), an array declaring 72 TiB (numpy raises
    ``MemoryError``), and a zip claiming more than ``max_bytes``."""
    cases = {
        "bare.npy": (_npy(np.arange(3)), "not an .npz archive"),
        "text.zip": (_zip_of_text(), "holds 'readme.txt', not an array"),
        "huge.npz": (_huge_header("a"), "too large"),
        "bomb.npz": (_claimed_size(_npz({"a": np.arange(3)}), 1 << 30), "unpacks to"),
    }
    for name, (data, why) in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(FileFormatError, match=why):
            load_npz(tmp_path / name, max_bytes=1 << 20)


def test_good_files_round_trip_through_the_atomic_writers(tmp_path: Path) -> None:
    """What the loaders accept is what the writers write (policy, network, tree), and a
    writer leaves no temporary file behind."""
    table = PolicyTable.load(POLICY)
    again = PolicyTable.load(table.save(tmp_path / "p.npz"))
    assert again.table == table.table and again.meta == table.meta
    net = ValueNet.load(DEFAULT_WEIGHTS)
    back = ValueNet.load(net.save(tmp_path / "w.npz"))
    assert np.allclose(back.w1, net.w1) and back.meta == net.meta
    tree_path = _kuhn_tree(tmp_path)
    assert GameTree.load(tree_path).num_nodes == 58
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kuhn-tree.npz", "p.npz", "w.npz"]


def test_a_tree_cached_by_an_earlier_version_still_loads(tmp_path: Path) -> None:
    """The earlier ``tree.npz`` kept ``meta`` as three strings; it is read, not rebuilt."""
    tree = build_tree(pyspiel.load_game("kuhn_poker"))
    arrays = {k: getattr(tree, k) for k in GameTree._ARRAYS}
    np.savez(tmp_path / "old.npz", levels=np.asarray(tree.levels), **arrays,
             meta=np.asarray([tree.game_string, "2", "0.5"]))  # fmt: skip
    back = GameTree.load(tmp_path / "old.npz")
    assert back.game_string == tree.game_string and back.levels == tree.levels
