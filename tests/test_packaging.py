"""The package layout of DESIGN.md: top-level folders are the subpackages of ``hoyle``."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAPPED = {"envs": "hoyle.envs", "agents": "hoyle.agents", "experiments": "hoyle.experiments"}


def test_every_subpackage_is_listed_in_pyproject() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(conf["tool"]["setuptools"]["packages"])
    found = set()
    for folder, pkg in MAPPED.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join([pkg, *rel.parts]))
    assert found == listed, f"missing {found - listed}, stale {listed - found}"


def test_nothing_installs_a_bare_envs_or_agents() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert all(p.startswith("hoyle.") for p in conf["tool"]["setuptools"]["packages"])
