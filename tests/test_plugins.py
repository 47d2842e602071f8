"""Discovery through entry points: every part of hoyle is declared, and a package of one's own
reaches the agents, the Gymnasium wrapper and the command line the same way."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import hoyle.envs
from hoyle.agents import agent_kinds, make
from hoyle.envs.core import plugins
from hoyle.experiments import cli

ROOT = Path(__file__).resolve().parents[1]


def _parts(folder: str, skip: set[str] = frozenset()) -> set[str]:
    """The modules and packages of a source folder, private ones and ``skip`` left out."""
    found = set()
    for p in (ROOT / folder).iterdir():
        name = p.stem if p.suffix == ".py" else p.name
        if name.startswith("_") or name in skip:
            continue
        if p.suffix == ".py" or (p / "__init__.py").is_file():
            found.add(name)
    return found


GAME_NAMES = {spec.short_name for spec in hoyle.envs.GAMES.values()}


@pytest.mark.parametrize(
    ("group", "folder", "package", "skip"),
    [
        ("hoyle.games", "envs/games", "hoyle.envs.games", set()),
        ("hoyle.heuristics", "agents/heuristics", "hoyle.agents.heuristics", {"hints"}),
    ],
)
def test_every_module_of_a_discovered_folder_is_declared(
    group: str, folder: str, package: str, skip: set[str]
) -> None:
    """A module added without its entry would silently be missing: it fails here instead."""
    declared = plugins.entries(group)
    assert set(declared) == _parts(folder, skip)
    for name, ep in declared.items():
        assert ep.value == f"{package}.{name}"


def test_every_games_hint_module_is_declared() -> None:
    """``experiments/hints`` holds the framework too: its game-named modules are the entries."""
    declared = plugins.entries("hoyle.hints")
    assert set(declared) == _parts("experiments/hints") & GAME_NAMES
    assert all(ep.value == f"hoyle.experiments.hints.{n}" for n, ep in declared.items())


def test_every_declared_entry_loads() -> None:
    for group in plugins.GROUPS:
        for name in plugins.names(group):
            assert plugins.load(group, name) is not None, (group, name)
    assert set(plugins.names("hoyle.games")) == GAME_NAMES


def test_an_unknown_group_is_refused_in_one_line() -> None:
    with pytest.raises(plugins.PluginError, match=r"no entry-point group 'hoyle\.game'"):
        plugins.entries("hoyle.game")


# --- a package of one's own ------------------------------------------------------------------

MY_BOT = """
from hoyle.agents.random_agent import RandomBot


def from_spec(game, options, off, seed, spec):
    return RandomBot(game, seed, spec)
"""

MY_COMMAND = """
def add_command(subparsers):
    p = subparsers.add_parser("hello", help="say hello")
    p.set_defaults(func=lambda args: print("hello from mypkg") or 0)
"""


@pytest.fixture
def my_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An installed distribution ``mypkg`` (its code and its ``.dist-info`` on ``sys.path``)
    declaring an agent ``mine`` and a command ``hello``."""
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "bot.py").write_text(MY_BOT)
    (pkg / "command.py").write_text(MY_COMMAND)
    info = tmp_path / "mypkg-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mypkg\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[hoyle.agents]\nmine = mypkg.bot:from_spec\n\n"
        "[hoyle.commands]\nhello = mypkg.command:add_command\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.refresh()
    yield tmp_path
    monkeypatch.delitem(sys.modules, "mypkg", raising=False)
    plugins.refresh()


def test_an_installed_agent_reaches_make_and_the_cli(
    my_package: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "mine" in agent_kinds()
    game = hoyle.envs.load("cassino")
    bot = make("mine", game, 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert bot.step(state) in state.legal_actions()
    assert cli.main(["hello"]) == 0
    assert capsys.readouterr().out.strip() == "hello from mypkg"


def test_an_agent_name_declared_twice_is_refused(tmp_path: Path, my_package: Path) -> None:
    other = tmp_path / "other-1.0.dist-info"
    other.mkdir()
    (other / "METADATA").write_text("Metadata-Version: 2.1\nName: other\nVersion: 1.0\n")
    (other / "entry_points.txt").write_text("[hoyle.agents]\nmine = other.bot:from_spec\n")
    plugins.refresh()
    with pytest.raises(plugins.PluginError, match="'mine' is declared twice"):
        make("mine", hoyle.envs.load("cassino"), 0)


def test_an_unknown_agent_names_the_installed_kinds() -> None:
    with pytest.raises(ValueError, match=r"unknown agent 'nobody'.*heuristic.*mcts"):
        make("nobody", hoyle.envs.load("cassino"), 0)
