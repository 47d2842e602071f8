"""The README's "Write an agent", done exactly as it says, reaches ``hoyle match``.

The README's own code blocks are taken out of it (so the test follows the README, not a copy):
the Python block becomes the module ``mybots``, the TOML block its package's entry points, laid
out as ``pip install`` leaves an installed distribution (a ``.dist-info`` folder with
``entry_points.txt``) in a folder put on ``PYTHONPATH``; the README's ``hoyle match`` line then
runs in a fresh process, from another working directory.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from hoyle.agents import AGENTS, factory
from hoyle.envs.core import plugins

ROOT = Path(__file__).resolve().parents[2]


def _section() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("### Write an agent")
    return text[start : text.index("\n## ", start)]


def _block(section: str, lang: str) -> str:
    found = re.findall(rf"```{lang}\n(.*?)```", section, flags=re.S)
    assert len(found) == 1, f"the README's 'Write an agent' has {len(found)} {lang} blocks"
    return str(found[0])


def _install(tmp_path: Path) -> Path:
    """The README's package, laid out as an installed distribution under ``tmp_path/site``."""
    section = _section()
    site = tmp_path / "site"
    pkg = site / "mybots"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(_block(section, "python"))
    groups = tomllib.loads(_block(section, "toml"))["project"]["entry-points"]
    info = site / "mybots-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mybots\nVersion: 0.1\n")
    lines = []
    for group, entries in groups.items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    return site


def test_the_readmes_agent_plays_in_hoyle_match(tmp_path: Path) -> None:
    site = _install(tmp_path)
    command = shlex.split(_block(_section(), "bash").strip())
    assert command[:2] == ["hoyle", "match"]
    i = command.index("--deals")
    command[i + 1] = "2"  # The README's command, on two deals.
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
    }
    hoyle = [
        sys.executable,
        "-c",
        "import sys; from hoyle.experiments.cli import main; sys.exit(main())",
    ]
    done = subprocess.run([*hoyle, *command[1:], "--quiet"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "first" in done.stdout and "random" in done.stdout
    assert "unknown agent" not in done.stderr


def test_a_module_entry_registers_its_agent_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = _install(tmp_path)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr("hoyle.agents.AGENTS", dict(AGENTS))
    plugins.refresh()
    try:
        assert "first" in plugins.names("hoyle.agents")
        build = factory("first")
        assert build.__module__ == "mybots"
    finally:
        monkeypatch.delitem(sys.modules, "mybots", raising=False)
        plugins.refresh()


def test_a_module_entry_that_registers_nothing_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    (site / "emptybots").mkdir(parents=True)
    (site / "emptybots" / "__init__.py").write_text("")
    info = site / "emptybots-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: emptybots\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[hoyle.agents]\nnothing = emptybots\n")
    monkeypatch.syspath_prepend(str(site))
    plugins.refresh()
    try:
        with pytest.raises(ValueError, match=r"registers no agent 'nothing'"):
            factory("nothing")
    finally:
        monkeypatch.delitem(sys.modules, "emptybots", raising=False)
        plugins.refresh()
