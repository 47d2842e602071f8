"""Each registered game has a seeded playthrough file, and a fresh run matches it line by line."""

from __future__ import annotations

import pytest

import hoyle.envs
from tests.golden.playthrough import path_for, playthrough_lines


@pytest.mark.parametrize("name", sorted(hoyle.envs.GAMES))
def test_playthrough_matches(name: str) -> None:
    path = path_for(name)
    assert path.exists(), (
        f"no playthrough for {name}: run python -m tests.golden.playthrough {name}"
    )
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough_lines(name)
    for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
        assert a == e, f"{path}:{i + 1} differs:\n  expected {e}\n  actual   {a}"
    assert len(actual) == len(expected), f"{path}: {len(expected)} lines, now {len(actual)}"
