"""MCCFR: the tree arrays and their exact best response, both walkers, the policy file, the
``mccfr`` agent, and the games' information abstractions."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import exploitability

import hoyle.envs
from hoyle.agents import make
from hoyle.agents.cfr import MCCFRBot, from_spec
from hoyle.agents.cfr.mccfr import (
    GameMCCFR,
    TreeMCCFR,
    abstraction_key_fn,
    exact_key_fn,
    throughput,
)
from hoyle.agents.cfr.policy import PolicyTable
from hoyle.agents.cfr.tree import GameTree, build_tree, nash_conv
from hoyle.envs.core.registry import load

TINY_CASSINO = "cassino(variant=draw,ranks=2,suits=2,hand_size=1,table_size=0)"
TINY_CONQUIAN = "conquian(ranks=3,suits=2,hand_size=2)"


def random_policy(tree: GameTree, seed: int) -> np.ndarray:
    x = np.random.default_rng(seed).random(tree.num_slots) + 0.05
    seg = np.repeat(np.arange(tree.num_infosets), tree.infoset_num_actions)
    return x / np.bincount(seg, x)[seg]


def to_tabular(game: Any, tree: GameTree, probs: np.ndarray) -> os_policy.TabularPolicy:
    assert tree.key_strings is not None
    tab = os_policy.TabularPolicy(game)
    for i, text in enumerate(tree.key_strings):
        row = np.zeros(game.num_distinct_actions())
        o, n = tree.infoset_offset[i], tree.infoset_num_actions[i]
        row[tree.slot_action[o : o + n]] = probs[o : o + n]
        tab.action_probability_array[tab.state_lookup[text]] = row
    return tab


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker", TINY_CASSINO])
def test_exact_nash_conv_matches_openspiel(name: str) -> None:
    game = load(name) if name.startswith("cassino") else pyspiel.load_game(name)
    tree = build_tree(game, keep_strings=True)
    for seed in (0, 1):
        probs = random_policy(tree, seed)
        ours, brs, values = nash_conv(tree, probs)
        theirs = exploitability.nash_conv(game, to_tabular(game, tree, probs))
        assert ours == pytest.approx(theirs, abs=1e-9)
        assert all(b >= v - 1e-12 for b, v in zip(brs, values, strict=True))
    assert nash_conv(tree, tree.uniform_policy())[0] == pytest.approx(
        exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game)), abs=1e-9
    )


def test_tree_shape_and_save_round_trip(tmp_path: Path) -> None:
    tree = build_tree(pyspiel.load_game("kuhn_poker"))
    assert tree.sizes() == {"nodes": 58, "chance": 4, "decision": 24, "terminal": 30,
                            "infosets": 12, "slots": 24, "depth": 6}  # fmt: skip
    # Children are contiguous and point back to their parent.
    for h in range(tree.num_nodes):
        for c in range(tree.first_child[h], tree.first_child[h] + tree.num_children[h]):
            assert tree.parent[c] == h
    tree.save(tmp_path / "t.npz")
    back = GameTree.load(tmp_path / "t.npz")
    assert back.levels == tree.levels and back.game_string == tree.game_string
    assert np.array_equal(back.infoset_keys, tree.infoset_keys)
    p = random_policy(tree, 3)
    assert nash_conv(back, p)[0] == nash_conv(tree, p)[0]


@pytest.mark.parametrize(("sampling", "bound"), [("external", 0.1), ("outcome", 0.35)])
def test_exploitability_falls(sampling: str, bound: float) -> None:
    tree = build_tree(pyspiel.load_game("kuhn_poker"))
    solver = TreeMCCFR(tree, sampling, seed=5)
    curve = []
    for target in (10, 100, 1000, 3000):
        solver.run(target - solver.iteration)
        curve.append(nash_conv(tree, solver.average_policy())[0])
    assert curve[-1] < curve[0] and curve[-1] < bound, curve
    assert curve[-1] < nash_conv(tree, tree.uniform_policy())[0] / 4


@pytest.mark.parametrize("sampling", ["external", "outcome"])
def test_tree_and_game_walkers_agree(sampling: str) -> None:
    """Same seed, same random numbers: the tree walk and the pyspiel walk keyed by the exact
    information state give the same tables, so the tree is a faithful copy of the game."""
    game = pyspiel.load_game("kuhn_poker")
    tree = build_tree(game)
    a = TreeMCCFR(tree, sampling, seed=9)
    b = GameMCCFR(game, exact_key_fn, sampling, seed=9)
    a.run(300)
    b.run(300)
    index = {int(k): i for i, k in enumerate(tree.infoset_keys)}
    assert len(b.keys) == tree.num_infosets
    for j, key in enumerate(b.keys):
        i = index[key]
        o, n = int(tree.infoset_offset[i]), int(tree.infoset_num_actions[i])
        assert b.actions[b.offset[j] : b.offset[j] + n] == tree.slot_action[o : o + n].tolist()
        assert b.regret[b.offset[j] : b.offset[j] + n] == pytest.approx(a.regret[o : o + n])
        assert b.avg[b.offset[j] : b.offset[j] + n] == pytest.approx(a.avg[o : o + n])


def test_solvers_are_seeded_and_resumable() -> None:
    tree = build_tree(pyspiel.load_game("kuhn_poker"))
    full = TreeMCCFR(tree, "outcome", seed=2)
    full.run(200)
    half = TreeMCCFR(tree, "outcome", seed=2)
    half.run(120)
    again = TreeMCCFR(tree, "outcome", seed=2)
    again.load_state_dict(half.state_dict())
    again.run(80)
    assert again.regret == full.regret and again.avg == full.avg
    other = TreeMCCFR(tree, "outcome", seed=3)
    other.run(200)
    assert other.regret != full.regret


def _trained_kuhn_policy(tmp_path: Path) -> tuple[Any, Path, TreeMCCFR]:
    game = pyspiel.load_game("kuhn_poker")
    tree = build_tree(game)
    solver = TreeMCCFR(tree, "external", seed=1)
    solver.run(500)
    sums = np.bincount(np.repeat(np.arange(tree.num_infosets), tree.infoset_num_actions),
                       weights=np.asarray(solver.avg))  # fmt: skip
    meta = {"game": str(game), "key": "infostate"}
    table = PolicyTable.from_arrays(tree.infoset_keys, tree.infoset_num_actions,
                                    tree.slot_action, solver.average_policy(), meta, sums)  # fmt: skip
    path = table.save(tmp_path / "kuhn.npz")
    return game, path, solver


def test_policy_file_round_trip_and_agent(tmp_path: Path) -> None:
    game, path, _ = _trained_kuhn_policy(tmp_path)
    table = PolicyTable.load(path)
    assert len(table) == 12 and table.meta["key"] == "infostate"
    bot = from_spec(game, {"policy": str(path), "play": "greedy"}, (), 0, "mccfr")
    assert isinstance(bot, MCCFRBot)
    rng = random.Random(0)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            probs = bot.action_probabilities(state)
            assert probs is not None and set(probs) == set(state.legal_actions())
            assert sum(probs.values()) == pytest.approx(1.0, abs=1e-6)
            action = bot.step(state)
            assert action == max(probs, key=lambda a: probs[a])
            state.apply_action(action)
    assert bot.misses == 0 and bot.hits > 0
    # Sampling play is seeded.
    a, b = (from_spec(game, {"policy": str(path)}, (), 4, "mccfr") for _ in range(2))
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    assert [a.step(state) for _ in range(20)] == [b.step(state) for _ in range(20)]


def test_agent_refuses_bad_specs(tmp_path: Path) -> None:
    game, path, _ = _trained_kuhn_policy(tmp_path)
    with pytest.raises(ValueError, match="needs policy"):
        from_spec(game, {}, (), 0, "mccfr")
    with pytest.raises(ValueError, match="fallback must be one of"):
        from_spec(game, {"policy": str(path), "fallback": "smart"}, (), 0, "mccfr")
    with pytest.raises(ValueError, match="unknown option"):
        from_spec(game, {"policy": str(path), "sims": "3"}, (), 0, "mccfr")
    with pytest.raises(ValueError, match="no policy file"):
        from_spec(game, {"policy": str(tmp_path / "none.npz")}, (), 0, "mccfr")
    with pytest.raises(ValueError, match="trained on"):
        from_spec(pyspiel.load_game("leduc_poker"), {"policy": str(path)}, (), 0, "mccfr")
    with pytest.raises(ValueError, match="needs a hoyle game"):
        from_spec(game, {"policy": str(path), "fallback": "heuristic"}, (), 0, "mccfr")
    # Through the registry of spec strings too.
    assert isinstance(make(f"mccfr:policy={path}", game, 0), MCCFRBot)


def test_unseen_information_sets_fall_back(tmp_path: Path) -> None:
    game = load(TINY_CONQUIAN)
    meta = {"game": str(game), "key": "infostate"}
    empty = PolicyTable({}, meta).save(tmp_path / "empty.npz")
    for fallback in ("uniform", "heuristic"):
        bot = make(f"mccfr:policy={empty},fallback={fallback}", game, 3)
        state = game.new_initial_state()
        rng = random.Random(1)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                a = bot.step(state)
                assert a in state.legal_actions()
                assert bot.last_reason == f"fallback: {fallback}"
                state.apply_action(a)
        assert bot.misses > 0 and bot.hits == 0


# --- the information abstractions ------------------------------------------------------------
def _random_states(game: Any, n: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if rng.random() < 0.15:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("name", ["conquian", "cassino"])
def test_abstraction_keys_depend_only_on_the_view(name: str) -> None:
    """Re-deal what the player cannot see (the game's determinizer): same information state,
    so the same abstraction key and the same trainer key."""
    game = load(name)
    spec = hoyle.envs.get_spec(name)
    assert spec.abstraction is not None
    key_fn = abstraction_key_fn(spec.abstraction)
    keys = set()
    covered = 0
    for i, state in enumerate(_random_states(game, 40, seed=7)):
        p = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(i, 0.0, 1.0)
        other = state.resample_from_infostate(p, sampler)
        assert other.information_state_string(p) == state.information_state_string(p)
        k = spec.abstraction(state.player_view(p))
        assert spec.abstraction(other.player_view(p)) == k
        assert key_fn(other, p, other.legal_actions()) == key_fn(state, p, state.legal_actions())
        if k is not None:
            covered += 1
            hash(k)
            keys.add(k)
    assert covered >= 5 and len(keys) > 1


def test_abstracted_training_and_play_on_the_full_game(tmp_path: Path) -> None:
    game = load("conquian")
    spec = hoyle.envs.get_spec("conquian")
    solver = GameMCCFR(game, abstraction_key_fn(spec.abstraction), "outcome", seed=4)
    solver.run(6)
    assert solver.num_infosets > 0 and solver.delegated > 0
    probs = solver.average_policy()
    assert np.all(probs >= 0) and probs.size == len(solver.actions)
    counts = np.asarray(solver.count)
    meta = {"game": str(game), "key": "abstraction", "abstraction": "declared"}
    path = PolicyTable.from_arrays(np.asarray(solver.keys, dtype=np.uint64), counts,
                                   np.asarray(solver.actions), probs, meta).save(
                                       tmp_path / "p.npz")  # fmt: skip
    bot = make(f"mccfr:policy={path}", game, 0)
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            a = bot.step(state)
            assert a in state.legal_actions()
            state.apply_action(a)
    assert bot.delegated > 0 and bot.hits + bot.misses > 0


def test_throughput_reports_a_rate() -> None:
    for sampling in ("external", "outcome"):
        r = throughput(pyspiel.load_game("kuhn_poker"), sampling, seconds=0.05)
        assert r["iterations_per_s"] > 0 and r["infosets"] == 12 and r["bound"] == 0.0
    r = throughput(load(TINY_CONQUIAN), "outcome", seconds=0.05)
    assert r["iterations"] >= 1


def test_throughput_stops_an_iteration_that_outlasts_its_budget() -> None:
    # One external-sampling iteration on Five Hundred's small configuration takes minutes:
    # the timing stops inside it and reports an upper bound instead of hanging.
    spec = load("hoyle_five_hundred").spec
    small = load(spec.spiel_name, dict(spec.small_config))
    r = throughput(small, "external", seconds=0.2, exact=True)
    assert r["bound"] == 1.0 and r["iterations"] == 0
    assert r["iterations_per_s"] == 1.0 / r["seconds"] and r["infosets"] > 0
