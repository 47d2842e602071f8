"""Shipped models by name: found through the package's resources from any working directory,
listed by ``hoyle models``, shipped as package data; a path still names a file of one's own."""

from __future__ import annotations

import fnmatch
import json
import shutil
import tomllib
from pathlib import Path

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.bagatelle import load_policy as load_stroke_policy
from hoyle.agents.cfr import load_policy
from hoyle.agents.models import MODELS, find, model_path
from hoyle.agents.patience import load_table
from hoyle.agents.td import load_network
from hoyle.envs.core.files import FileFormatError
from hoyle.experiments.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory outside the repository: no relative path reaches its files."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_model_is_package_data() -> None:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for m in MODELS:
        patterns = conf["package-data"][m.package]
        assert any(fnmatch.fnmatch(m.file, p) for p in patterns), m.name
        assert m.resource().is_file() and m.size() > 1000


def test_names_are_unique() -> None:
    assert len({m.name for m in MODELS}) == len(MODELS)


def test_the_agents_load_their_models_by_name_from_any_directory(elsewhere: Path) -> None:
    conquian = pyspiel.load_game("hoyle_conquian")
    assert make("mccfr:policy=conquian-abstract", conquian, 0).policy.meta["mode"] == "abstracted"
    backgammon = pyspiel.load_game("hoyle_backgammon(gammon_rule=modern)")
    make("td", backgammon, 0)
    make("td:weights=td", backgammon, 0)
    make("expectimax:ply=0,value=td,weights=td", backgammon, 0)
    assert load_network("td").meta["games"] == load_network().meta["games"] >= 1000
    patience = pyspiel.load_game("hoyle_poker_patience")
    make("planner", patience, 0)
    make("planner:table=patience-values", patience, 0)
    assert load_table("english", "book", "patience-values").values
    assert load_stroke_policy("bagatelle-sac").weights


def test_a_path_still_names_ones_own_file(elsewhere: Path) -> None:
    src = ROOT / "agents" / "cfr" / "policies" / "conquian-abstract-outcome-s0.npz"
    mine = elsewhere / "mine.npz"
    shutil.copyfile(src, mine)
    assert load_policy(str(mine)).meta == load_policy("conquian-abstract").meta
    assert load_policy("mine.npz").meta == load_policy("conquian-abstract").meta
    with model_path("mine.npz", "mccfr:policy") as p:
        assert p == Path("mine.npz")


def test_a_name_of_another_kind_is_a_path_and_refused_naming_the_shipped_ones(
    elsewhere: Path,
) -> None:
    # "td" is a network, not a policy: to mccfr it is a path, and no such file exists.
    with pytest.raises(FileFormatError, match=r"no policy file at 'td'.*conquian-abstract"):
        load_policy("td")
    assert find("td", "mccfr:policy") is None and find("td", "td:weights") is not None


def test_hoyle_models_lists_every_model(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    for m in MODELS:
        assert m.name in out and m.file in out
    assert "mccfr:policy=conquian-abstract" in out
    assert main(["models", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in records] == [m.name for m in MODELS]
    assert all(r["bytes"] == m.size() for r, m in zip(records, MODELS, strict=True))


def test_hoyle_match_plays_a_shipped_policy_by_name_from_another_directory(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "conquian", "--agents", "mccfr:policy=conquian-abstract,random",
            "--deals", "1", "--quiet"]  # fmt: skip
    assert main(argv) == 0
    assert "mccfr:policy=conquian-abstract" in capsys.readouterr().out


def test_a_model_missing_from_the_installation_is_refused_in_one_line() -> None:
    from hoyle.agents.models import Model

    gone = Model("gone", "conquian", "mccfr:policy", "a file no install has", "hoyle.agents.cfr",
                 "policies/gone.npz")  # fmt: skip
    with pytest.raises(
        FileFormatError, match=r"model 'gone': hoyle\.agents\.cfr/policies/gone\.npz is missing"
    ) as e:
        gone.size()
    assert "\n" not in str(e.value)
