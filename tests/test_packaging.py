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


def test_the_license_is_the_one_pyproject_names() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert conf["project"]["license"] == {"text": "Apache-2.0"}
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "END OF TERMS AND CONDITIONS" in text  # The full text, not a pointer to it.


def test_the_changelog_and_the_contributing_guide_are_there() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert f"## {version}" in changelog
    contributing = (ROOT / "CONTRIBUTING.md").read_text()
    assert (
        "docs/adding-a-game.md" in contributing and (ROOT / "docs" / "adding-a-game.md").is_file()
    )
    for step in ("pytest", "ruff check", "ruff format --check", ".ci/typecheck", ".ci/package"):
        assert step in contributing


def test_ci_installs_the_wheel_and_runs_the_readmes_first_command() -> None:
    assert "bash .ci/package" in (ROOT / ".ci" / "run").read_text()
    script = (ROOT / ".ci" / "package").read_text()
    assert 'python" -m build' in script and "--ignore-installed" in script
    first = [
        line
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("pip install -e . && hoyle tournament ")
    ]
    # The one line .ci/package runs: no quotes (it is split on spaces) and no repository paths.
    assert len(first) == 1 and not set("'\"") & set(first[0])
    assert "agents/" not in first[0] and "--name conquian-field" in first[0]
