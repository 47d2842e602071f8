"""``hoyle train`` refuses, in one line with its estimated size, a tree it cannot build, and
trains on the tiny configurations (``--config tiny``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoyle.envs.core.registry import get_spec, load
from hoyle.envs.core.treesize import about, estimate_nodes
from hoyle.experiments.cli import main
from hoyle.experiments.train import MAX_NODES, TREE_SAMPLES, Trainer
from hoyle.experiments.usage import UsageError


def refusal(capsys: pytest.CaptureFixture[str], out: Path, *argv: str) -> str:
    """The one line ``hoyle train ARGV`` is refused with (exit status 2, nothing written)."""
    assert main(["train", *argv, "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err, err
    assert not out.exists(), "the folder of a refused run was touched"
    return err


def estimate(name: str, config: str = "small", **params: object) -> float:
    """The estimate ``hoyle train`` makes of a game's configuration under ``params``."""
    spec = get_spec(name)
    base = spec.small_config if config == "small" else spec.tiny_config
    return estimate_nodes(load(name, {**(base or {}), **params}), TREE_SAMPLES)


def test_a_small_configuration_too_large_to_enumerate_is_refused_with_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Calabrasella's small configuration (16 cards, four each) is about 2.2e+20 nodes: the
    enumeration would run out of memory; the line says so and names the tiny one."""
    nodes = estimate("calabrasella")
    assert nodes > 1e15
    err = refusal(capsys, tmp_path / "r", "calabrasella")
    assert err.startswith("hoyle train: error: calabrasella(hand_size=4,ranks=4) has "
                          f"{about(nodes)} nodes in its tree (estimated from 300 random "
                          "playouts), more than exact mode enumerates")  # fmt: skip
    assert f"({MAX_NODES:,}, --max-nodes)" in err
    assert err.endswith("use --config tiny (at most 1,000 nodes)")


def test_a_game_without_a_tiny_configuration_is_sent_to_the_full_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refusal(capsys, tmp_path / "r", "heart_solo")
    assert f"heart_solo(dealer=0) has {about(estimate('heart_solo'))} nodes" in err
    # Heart Solo declares no abstraction: the exact information state keys the full game.
    assert err.endswith("use --config full --abstraction infostate to sample it")
    err = refusal(capsys, tmp_path / "r", "backgammon", "--config", "tiny")
    assert "backgammon has no tiny configuration: A game ends only when" in err


def test_parameters_that_enlarge_the_tiny_configuration_are_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refusal(capsys, tmp_path / "r", "conquian(ranks=10)", "--config", "tiny")
    assert "conquian(hand_size=2,suits=2) has about" in err
    assert err.endswith("the tiny configuration as declared has at most 8,000 nodes")


def test_the_limit_is_an_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Conquian's tiny tree (6,853 nodes, estimated 6,640) is refused under a limit of
    1,000; a limit below 1 is refused."""
    nodes = estimate("conquian", "tiny")
    assert 1_000 < nodes < 8_000
    err = refusal(capsys, tmp_path / "r", "conquian", "--config", "tiny", "--max-nodes", "1000")
    assert f"has {about(nodes)} nodes in its tree" in err and "(1,000, --max-nodes)" in err
    assert "--max-nodes must be at least 1" in refusal(capsys, tmp_path / "r", "conquian",
                                                       "--max-nodes", "0")  # fmt: skip


def test_external_sampling_of_a_full_game_is_refused_with_the_walk_of_one_iteration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """External sampling visits every action of the traverser: on full Conquian one iteration
    (a walk for each player) visits about 4.6 million nodes. Outcome sampling (the default
    there) is not refused."""
    game = load("conquian")
    walk = sum(estimate_nodes(game, TREE_SAMPLES, branching=lambda s, p=p: s.current_player() == p)
               for p in range(2))  # fmt: skip
    assert walk > MAX_NODES
    err = refusal(capsys, tmp_path / "r", "conquian", "--config", "full", "--sampling", "external")
    assert f"one external-sampling iteration on conquian walks {about(walk)} nodes" in err
    assert err.endswith("use --sampling outcome, or --config tiny (at most 8,000 nodes) to "
                        "solve exactly")  # fmt: skip
    Trainer("conquian", config="full", out=tmp_path / "o", progress=False)


def test_small_configurations_that_fit_are_not_refused(tmp_path: Path) -> None:
    """Conquian's (432,161 nodes) and Cassino's (873,797) small configurations are estimated
    under the limit: the trainer is made (the tree is built only at setup)."""
    for game in ("conquian", "cassino"):
        t = Trainer(game, out=tmp_path / game, progress=False)
        assert t.mode == "exact"
    with pytest.raises(UsageError, match="nodes in its tree"):
        Trainer("cassino", out=tmp_path / "c", progress=False, max_nodes=500_000)


@pytest.mark.parametrize(("game", "nodes"), [("calabrasella", 821), ("cassino", 417)])
def test_exact_mccfr_on_the_tiny_configuration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, nodes: int
) -> None:
    out = tmp_path / game
    assert main(["train", game, "--config", "tiny", "--iterations", "200", "--out", str(out),
                 "--quiet"]) == 0  # fmt: skip
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"] == "tiny" and summary["mode"] == "exact"
    assert summary["tree"]["nodes"] == nodes
    assert summary["exploitability_end"] < summary["exploitability_start"]
    assert f"tree: {nodes:,} nodes" in capsys.readouterr().out
