"""The PettingZoo AEC environment over every registered game, in every declared variant.

PettingZoo's ``api_test`` and ``seed_test``, rewards against the game's returns, every
observation against the game's observer for that agent, no observation that depends on another
agent's hidden cards, and the illegal-action policy both ways.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.env_logger import EnvLogger

from hoyle.envs.core.determinize import DeclaresHidden
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.wrappers.pettingzoo import env, raw_env
from tests.helpers import CONFIGS, config_id, load_config, replaying

pytestmark = pytest.mark.parametrize("config", CONFIGS, ids=config_id)

# api_test warns about every Dict observation unless the environment's name is on its own list
# of PettingZoo's classic games; Dict(observation, action_mask) is the classic convention itself.
_DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def _env(config: Any, raw: bool = False, **kwargs: Any) -> Any:
    spec, params = config
    make = raw_env if raw else env
    return make(spec.spiel_name, **dict(params), **kwargs)


def _observer(game: Any) -> Any:
    return game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))


def _reset_to_a_decision(e: Any, seed: int) -> None:
    """Reset with ``seed``, or the next seed up where the deal ends before anyone decides
    (Speculation's Ace turned up takes the pool at once)."""
    e.reset(seed=seed)
    while all(e.terminations.values()):
        seed += 1
        e.reset(seed=seed)


def _play(e: Any, seed: int) -> dict[str, float]:
    """A masked random episode; each agent's rewards (from ``last``) summed."""
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))
    return total


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_api_test(config: Any, perfect_recall: bool) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(_env(config, perfect_recall=perfect_recall), num_cycles=100)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(_DICT_OBSERVATION_WARNINGS)
    ]
    assert not unexpected


def test_seed_test(config: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        seed_test(lambda: _env(config), num_cycles=100)


def test_names_and_parameters(config: Any) -> None:
    spec, params = config
    e = _env(config, raw=True)
    assert str(e) == f"{spec.spiel_name}_v{spec.version}"
    assert e.game.get_parameters() == spec.resolve(dict(params))
    short = raw_env(spec.short_name, **dict(params))
    assert short.game.get_parameters() == e.game.get_parameters()
    assert e.possible_agents == [f"player_{i}" for i in range(e.game.num_players())]


def test_rewards_sum_to_the_game_returns(config: Any) -> None:
    e = _env(config, raw=True)
    for seed in range(3):
        totals = _play(e, seed)
        state = e.spiel_state
        assert state.is_terminal()
        assert [totals[a] for a in e.possible_agents] == state.returns()
        assert e.agents == []


def test_observe_is_the_agents_own_view(config: Any) -> None:
    config = replaying(config)  # spiel_state is rebuilt at every step
    e = _env(config, raw=True)
    observer = _observer(e.game)
    e.reset(seed=7)
    e.action_space(e.agent_selection).seed(7)
    for agent in e.agent_iter():
        state = e.spiel_state
        seen = {other: e.observe(other) for other in e.agents}  # all first: no shared buffers
        for other, obs in seen.items():
            i = e.possible_agents.index(other)
            observer.set_from(state, i)
            assert np.array_equal(obs["observation"], observer.tensor)
            legal = [] if e.terminations[other] else state.legal_actions(i)
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
            assert obs in e.observation_space(other)
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))


def test_observation_ignores_other_agents_hidden_cards(config: Any) -> None:
    """Two tables whose deals differ only in cards an agent cannot see look the same to it."""
    config = replaying(config)  # it re-deals state after state
    e = _env(config, raw=True)
    twin = _env(config, raw=True)
    twin.reset(seed=0)
    e.reset(seed=3)
    e.action_space(e.agent_selection).seed(3)
    redealt = could_differ = 0
    for step, agent in enumerate(e.agent_iter()):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        state = e.spiel_state
        # Re-dealing replays the history, so check the first decisions, then ever more sparsely
        # (steps 0-3, 4, 8, 16, ...): a match of many deals stays cheap.
        for i, other in enumerate(e.possible_agents if step < 4 or step.bit_count() == 1 else ()):
            sampler = pyspiel.UniformProbabilitySampler(1000 * step + i, 0.0, 1.0)
            world = state.resample_from_infostate(i, sampler)
            redealt += str(world) != str(state)
            twin._sit_at(world)  # the twin sits at the re-dealt table
            assert data_equivalence(twin.observe(other), e.observe(other), exact=True)
            # Could a re-deal change anything: are the hidden cards with two holders or more?
            # (In a tiny pack every card may be located by elimination: nothing can change.)
            hidden = e.rules.hidden_cards(state.s, i) if isinstance(e.rules, DeclaresHidden) else {}
            could_differ += len(set(hidden.values())) > 1
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    assert redealt or not could_differ, "no re-deal changed a hidden card: nothing was proved"


def test_illegal_action_penalty(config: Any) -> None:
    e = _env(config, raw=True)
    game = e.game
    _reset_to_a_decision(e, 5)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {a: game.min_utility() if a == offender else 0.0 for a in e.agents}
    assert e.infos[offender]["illegal_action"] is True
    assert not any(e.observe(a)["action_mask"].any() for a in e.agents)
    for agent in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term and reward == (game.min_utility() if agent == offender else 0.0)
        e.step(None)
    assert e.agents == []
    # A declared penalty; an action outside the action space is illegal too.
    e = _env(config, raw=True, illegal_penalty=-7.5)
    _reset_to_a_decision(e, 5)
    offender = e.agent_selection
    e.step(game.num_distinct_actions())
    assert e._cumulative_rewards[offender] == -7.5


def test_illegal_action_raise(config: Any) -> None:
    e = _env(config, illegal_action="raise")
    _reset_to_a_decision(e, 5)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    state = e.unwrapped.spiel_state
    before = (state.history(), str(state))
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert (state.history(), str(state), e.agent_selection) == (*before, agent)
    e.step(int(np.flatnonzero(mask)[0]))  # the episode goes on


def test_render_shows_the_view_of_the_agent_to_move(config: Any) -> None:
    e = _env(config, raw=True, render_mode="ansi")
    e.reset(seed=1)
    player = e.possible_agents.index(e.agent_selection)
    text = e.render()
    assert _observer_string(e, player) in text
    assert str(e.spiel_state) not in text


def _observer_string(e: Any, player: int) -> str:
    return str(_observer(e.game).string_from(e.spiel_state, player))


def test_chance_is_resolved_inside(config: Any) -> None:
    config = replaying(config)  # spiel_state is rebuilt at every step
    e = _env(config, raw=True)
    game = load_config(config)
    e.reset(seed=2)
    steps = 0
    for _ in e.agent_iter():
        state = e.spiel_state
        assert not state.is_chance_node()
        obs, _, term, trunc, _ = e.last()
        if not (term or trunc):
            assert e.agent_selection == f"player_{state.current_player()}"
            steps += 1
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert steps <= game.max_game_length()


def test_order_is_enforced_before_reset_and_after_the_end(config: Any) -> None:
    """The wrapper's direct properties and step keep PettingZoo's order checks."""
    e = _env(config)
    for name in ("agents", "agent_selection"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=3)
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    EnvLogger.flush()
    e.step(None)  # after the end: PettingZoo's warning, nothing stepped
    assert any("terminated or truncated" in str(m) for m in EnvLogger.mqueue)
    assert e.agents == []
