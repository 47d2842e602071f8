"""The file helpers every writer goes through: atomic, and never over another run's file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoyle.envs.core.files import json_finite, write_new_json


def test_write_new_json_writes_a_new_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    assert write_new_json(target, {"a": [1, 2]}) == target
    assert json.loads(target.read_text()) == {"a": [1, 2]}
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_write_new_json_never_replaces_a_file_it_did_not_write(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    target.write_text("someone else's\n")
    with pytest.raises(FileExistsError):
        write_new_json(target, {"a": 1})
    assert target.read_text() == "someone else's\n"
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_json_finite_writes_nan_and_infinities_as_null() -> None:
    data = {"a": float("nan"), "b": [1.5, float("inf"), (float("-inf"), 2)], "c": "x"}
    assert json_finite(data) == {"a": None, "b": [1.5, None, [None, 2]], "c": "x"}
    assert json.loads(json.dumps(json_finite(data))) == json_finite(data)
