"""The doctests of the shared core (and the agent spec parser) run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hoyle.envs.core.cards",
    "hoyle.envs.core.observe",
    "hoyle.envs.core.registry",
    "hoyle.envs.core.draw",
    "hoyle.envs.core.deal",
    "hoyle.envs.core.events",
    "hoyle.envs.core.tricks",
    "hoyle.envs.core.errors",
    "hoyle.envs.core.serialize",
    "hoyle.envs.core.runs",
    "hoyle.envs.core.pools",
    "hoyle.agents",
    "hoyle.experiments.runs",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
