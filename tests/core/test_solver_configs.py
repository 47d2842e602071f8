"""The configurations for exact solving: each game's tiny one is as small as it declares, and
OpenSpiel's full-tree solvers run on it; the tree counter and Knuth's estimator are right.

``GameSpec.tiny_config`` is sized for OpenSpiel's ``cfr.CFRSolver`` and
``exploitability.nash_conv``, which walk every node of the tree in Python; a game that has
none says why (``GameSpec.no_tiny``). The counts are walks through ``pyspiel`` states, every
legal action and every chance outcome (:func:`hoyle.envs.core.treesize.count_nodes`).
"""

from __future__ import annotations

import time
from typing import Any

import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

import hoyle.envs
from hoyle.envs.core.registry import TINY_NODES_LIMIT, GameSpec
from hoyle.envs.core.treesize import about, count_nodes, estimate_nodes

SPECS = [hoyle.envs.GAMES[name] for name in sorted(hoyle.envs.GAMES)]
TINY = [s for s in SPECS if s.tiny_config is not None]
SOLVER_SECONDS = 60.0
"""A generous bound on two CFR iterations and two NashConv walks of a tiny tree (about 5 s
for Conquian's 6,853 nodes on a loaded machine): a configuration of 400,000 nodes takes
minutes, so the bound catches a tiny configuration that is not tiny, without timing noise."""


def tiny_game(spec: GameSpec) -> Any:
    assert spec.tiny_config is not None
    return pyspiel.load_game(spec.spiel_name, spec.resolve(spec.tiny_config))


@pytest.mark.parametrize("spec", SPECS, ids=[s.short_name for s in SPECS])
def test_every_game_declares_a_tiny_configuration_or_why_not(spec: GameSpec) -> None:
    if spec.tiny_config is None:
        assert len(spec.no_tiny) > 40 and spec.no_tiny.endswith("."), spec.no_tiny
        assert spec.tiny_nodes == 0
    else:
        assert not spec.no_tiny
        assert 0 < spec.tiny_nodes <= TINY_NODES_LIMIT
        spec.resolve(spec.tiny_config)  # its parameters are the game's own, in range


@pytest.mark.parametrize("spec", TINY, ids=[s.short_name for s in TINY])
def test_tiny_tree_is_within_its_declared_size(spec: GameSpec) -> None:
    """The whole tree, counted node by node, is at most ``tiny_nodes``, and it is a game:
    some decisions offer a choice, and chance deals."""
    count = count_nodes(tiny_game(spec), spec.tiny_nodes)
    assert count is not None, f"{spec.short_name}: more than {spec.tiny_nodes:,} nodes"
    assert count.choices > 0 and count.chance > 0 and count.terminal > 1
    # The declared bound says something: the tree is not far below it either.
    assert count.nodes > spec.tiny_nodes // 2, (count.nodes, spec.tiny_nodes)


@pytest.mark.parametrize("spec", TINY, ids=[s.short_name for s in TINY])
def test_openspiel_cfr_and_nash_conv_run_on_the_tiny_tree(spec: GameSpec) -> None:
    """``CFRSolver`` (n players, general-sum, as OpenSpiel's Python CFR supports) and
    ``nash_conv`` walk the whole tree: two iterations bring the average policy below the
    uniform policy's NashConv, within seconds."""
    game = tiny_game(spec)
    start = time.perf_counter()
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    after = exploitability.nash_conv(game, solver.average_policy())
    seconds = time.perf_counter() - start
    assert 0 <= after < uniform, (after, uniform)
    assert seconds < SOLVER_SECONDS, f"{spec.short_name}: {seconds:.1f} s"


@pytest.mark.parametrize("spec", TINY, ids=[s.short_name for s in TINY])
def test_knuth_estimate_is_near_the_count(spec: GameSpec) -> None:
    """The estimator ``hoyle train`` refuses by is near the truth on trees it can check, and
    the same from the same seed."""
    game = tiny_game(spec)
    count = count_nodes(game, spec.tiny_nodes)
    assert count is not None
    estimate = estimate_nodes(game, seed=0)
    assert estimate == estimate_nodes(game, seed=0)
    assert 0.5 < estimate / count.nodes < 2.0, (estimate, count.nodes)


def test_the_counter_gives_up_past_its_limit_and_counts_kuhn_poker() -> None:
    """Kuhn poker: 1 deal root, 3 deals of the first card, 6 of the second, 6 × 9 nodes of
    betting below each deal (4 decisions, 5 terminals): 58 nodes, 30 terminal."""
    game = pyspiel.load_game("kuhn_poker")
    count = count_nodes(game, 1_000)
    assert count is not None
    assert (count.nodes, count.chance, count.decision, count.terminal) == (58, 4, 24, 30)
    assert count.choices == 24
    assert count_nodes(game, 57) is None
    assert 0.5 < estimate_nodes(game) / 58 < 2.0


def test_estimate_of_a_walk_branching_at_one_player_only() -> None:
    """With ``branching`` true at player 0's decisions only, the estimate is the size of an
    external-sampling walk for player 0: in Kuhn poker the two deals (sampled), his first
    decision with both its branches, player 1's sampled answer below each, and both his
    branches again if player 1 bet after his pass: 7 or 9 nodes, 8 on average; the whole
    tree has 58."""
    game = pyspiel.load_game("kuhn_poker")
    walk = estimate_nodes(game, branching=lambda s: s.current_player() == 0)
    assert 7.5 < walk < 8.5


def test_about_words_a_count_in_one_short_phrase() -> None:
    import doctest

    import hoyle.envs.core.treesize as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
    assert about(432_161.4) == "about 432,000"
    assert about(float("inf")) == "more than 1e+308"


def test_a_declared_tiny_size_is_checked_when_the_spec_is_made() -> None:
    base = SPECS[0]
    kwargs = {"short_name": "x", "title": "X", "book": "-", "section": "-",
              "make_rules": base.make_rules, "tiny_config": {}}  # fmt: skip
    with pytest.raises(ValueError, match="tiny_nodes"):
        GameSpec(**kwargs, tiny_nodes=TINY_NODES_LIMIT + 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tiny_nodes"):
        GameSpec(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reason"):
        GameSpec(**kwargs, tiny_nodes=10, no_tiny="too big.")  # type: ignore[arg-type]
