"""The Gymnasium environment over every registered game, in every declared variant.

Gymnasium's own checker, reproducibility of ``reset(seed=...)``, the action mask against the
game's legal actions, the observation against the game's observer, the illegal-action policy
both ways, and rewards against the game's returns over whole masked random episodes.
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env

from hoyle.agents.random_agent import RandomBot
from hoyle.envs.core.capabilities import StepsOnRules
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.core.rules import TERMINAL
from hoyle.envs.wrappers.gymnasium_env import HoyleEnv, register_gymnasium_envs
from tests.helpers import CONFIGS, config_id, load_config, replaying

_REGISTERED_BY_IMPORT = set(gymnasium.registry)
register_gymnasium_envs()  # games registered after `import hoyle.envs` (a user's own, a plugin)

pytestmark = pytest.mark.parametrize("config", CONFIGS, ids=config_id)


def _make(config: Any, **kwargs: Any) -> Any:
    spec, params = config
    return gymnasium.make(spec.gym_id, **dict(params), **kwargs)


def _episode(env: Any, seed: int, action_seed: int) -> list[tuple[Any, ...]]:
    """One episode of masked random actions; every (obs, reward, term, trunc, info). Where
    the deal ends before the seat's first decision (a four-handed Vint dealer who takes no
    cards; a Pope Joan or Earl of Coventry player who never leads, every play of his forced;
    Matrimony's player with nothing to stake), the first step pays the seat's return and ends
    the episode."""
    obs, info = env.reset(seed=seed)
    env.action_space.seed(action_seed)
    out: list[tuple[Any, ...]] = [(obs, 0.0, False, False, info)]
    done = False
    while not done:
        obs, reward, term, trunc, info = env.step(env.action_space.sample(obs["action_mask"]))
        out.append((obs, reward, term, trunc, info))
        done = term or trunc
    return out


def observation_tensor(state: Any, player: int) -> np.ndarray:
    """``player``'s observation tensor through a fresh observer of the game."""
    obs_type = pyspiel.IIGObservationType(perfect_recall=False)
    observer = state.get_game().make_py_observer(obs_type)
    observer.set_from(state, player)
    return np.array(observer.tensor)


def _same(a: Any, b: Any) -> bool:
    return bool(gymnasium.utils.env_checker.data_equivalence(a, b, exact=True))


def test_registered_id_makes_the_game(config: Any) -> None:
    spec, params = config
    if spec.make_rules.__module__.startswith("hoyle.envs.games."):
        assert spec.gym_id in _REGISTERED_BY_IMPORT, "import hoyle.envs must register the id"
    assert spec.gym_id in gymnasium.registry
    others = load_config(config).num_players() - 1
    env = _make(config, seat=0, opponents=["random"] * others)
    game = env.unwrapped.game
    assert game.get_type().short_name == spec.spiel_name
    assert game.get_parameters() == spec.resolve(dict(params))
    assert env.action_space == gymnasium.spaces.Discrete(game.num_distinct_actions())


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_check_env_passes_without_warnings(config: Any, perfect_recall: bool) -> None:
    env = _make(config, perfect_recall=perfect_recall)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


def test_reset_seed_reproduces_the_episode(config: Any) -> None:
    first = _episode(_make(config), seed=11, action_seed=5)
    again = _episode(_make(config), seed=11, action_seed=5)
    assert len(first) == len(again)
    for x, y in zip(first, again, strict=True):
        assert _same(x, y)
    # Reset without a seed continues the stream: a different deal, not a replay.
    env = _make(config)
    env.reset(seed=11)
    openings = {env.reset()[0]["observation"].tobytes() for _ in range(8)}
    start = load_config(config).new_initial_state()
    if start.is_chance_node() or start.current_player() != 0:
        assert len(openings) > 1
    # else seat 0 decides before any chance (Matrimony's dealer stakes before the deal): every
    # episode opens alike.


def test_mask_and_observation_follow_the_game(config: Any) -> None:
    config = replaying(config)  # spiel_state is rebuilt at every step
    game = load_config(config)
    for seat in range(game.num_players()):
        env = _make(config, seat=seat)
        unwrapped = env.unwrapped
        obs, info = env.reset(seed=seat)
        env.action_space.seed(seat)
        while True:
            state = unwrapped.spiel_state
            legal = state.legal_actions(seat) if info["current_player"] == seat else []
            assert info["current_player"] in (seat, TERMINAL)
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal == info["legal_actions"]
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            assert obs["action_mask"].dtype == np.int8
            assert np.array_equal(obs["observation"], observation_tensor(state, seat))
            assert obs in env.observation_space
            if not legal:
                break
            obs, _, term, _, info = env.step(env.action_space.sample(obs["action_mask"]))
            if term:
                assert not obs["action_mask"].any()
                break


def test_rewards_are_the_game_returns(config: Any) -> None:
    game = load_config(config)
    for seat in range(game.num_players()):
        env = _make(config, seat=seat)
        steps = _episode(env, seed=100 + seat, action_seed=seat)
        state = env.unwrapped.spiel_state
        assert state.is_terminal()
        rewards = [r for _, r, *_ in steps]
        assert all(r == 0.0 for r in rewards[:-1])
        assert steps[-1][-1]["returns"] == state.returns()
        assert not any(info["illegal_action"] for *_, info in steps)
        assert len(steps) - 1 <= game.max_game_length()
        assert rewards[-1] == state.returns()[seat]
        with pytest.raises(gymnasium.error.ResetNeeded):
            env.unwrapped.step(0)


def _an_illegal_action(mask: np.ndarray) -> int:
    illegal = np.flatnonzero(mask == 0)
    assert illegal.size, "every action is legal here; no illegal action to test"
    return int(illegal[0])


def _reset_to_a_decision(env: Any, seed: int) -> Any:
    """The observation of the first reset from ``seed`` on where the seat has a decision (in
    some games a seat may have none in a deal: every play of his forced)."""
    for s in range(seed, seed + 100):
        obs, info = env.reset(seed=s)
        if info["current_player"] != TERMINAL:
            return obs
    raise AssertionError("the seat had no decision in 100 deals")


def test_illegal_action_penalty(config: Any) -> None:
    game = load_config(config)
    env = _make(config)
    obs = _reset_to_a_decision(env, 3)
    obs, reward, term, trunc, info = env.step(_an_illegal_action(obs["action_mask"]))
    assert (reward, term, trunc, info["illegal_action"]) == (game.min_utility(), True, False, True)
    assert not obs["action_mask"].any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.unwrapped.step(0)
    # A declared penalty, and actions outside the action space, too.
    env = _make(config, illegal_penalty=-123.0)
    _reset_to_a_decision(env, 3)
    _, reward, term, _, info = env.unwrapped.step(game.num_distinct_actions())
    assert (reward, term, info["illegal_action"]) == (-123.0, True, True)


def test_illegal_action_raise(config: Any) -> None:
    env = _make(config, illegal_action="raise")
    obs = _reset_to_a_decision(env, 3)
    state = env.unwrapped.spiel_state
    before = (state.history(), str(state))
    with pytest.raises(IllegalActionError):
        env.step(_an_illegal_action(obs["action_mask"]))
    state = env.unwrapped.spiel_state  # asked again: the episode's state after the refusal
    assert (state.history(), str(state)) == before
    env.step(env.action_space.sample(obs["action_mask"]))  # the episode goes on


def test_opponents_as_specs_lists_and_bots(config: Any) -> None:
    game = load_config(config)
    others = game.num_players() - 1
    bots = [RandomBot(game, seed=i) for i in range(others)]
    for opponents in (["random"] * others, bots, "heuristic"):
        env = HoyleEnv(game, seat=0, opponents=opponents)
        assert _episode(env, seed=1, action_seed=1)[-1][2]
    seeds: list[int] = []

    def factory(g: Any, seed: int) -> RandomBot:  # built afresh at every reset, seeded by it
        seeds.append(seed)
        return RandomBot(g, seed=seed)

    env = HoyleEnv(game, seat=0, opponents=factory)
    first = _episode(env, seed=1, action_seed=1)
    assert first[-1][2] and len(seeds) == others
    again = _episode(env, seed=1, action_seed=1)
    assert len(again) == len(first) and all(_same(x, y) for x, y in zip(first, again, strict=True))
    assert seeds[:others] == seeds[others:]
    if others:
        with pytest.raises(TypeError, match="factory"):
            HoyleEnv(game, opponents=[3] * others)
    with pytest.raises(ValueError, match="opponents"):
        HoyleEnv(game, opponents=["random"] * (others + 1))
    with pytest.raises(ValueError, match="seat"):
        HoyleEnv(game, seat=game.num_players())


class _RecordingBot(pyspiel.Bot):  # type: ignore[misc]
    """A stateful outside bot: plays the first legal action, records what it is told."""

    def __init__(self) -> None:
        pyspiel.Bot.__init__(self)
        self.told: list[tuple[int, int]] = []

    def step(self, state: Any) -> int:
        return int(state.legal_actions()[0])

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        del state  # Unused.
        self.told.append((player_id, action))


def test_stateful_bots_are_told_every_other_action(config: Any) -> None:
    game = load_config(config)
    if game.num_players() < 2:
        pytest.skip("a one-player game has no other player to tell")
    bot = _RecordingBot()  # no restart_at: the env must fall back on restart()
    env = HoyleEnv(game, seat=0, opponents=[bot] + ["random"] * (game.num_players() - 2))
    _episode(env, seed=4, action_seed=4)
    history = env.spiel_state.full_history()
    assert bot.told == [(pa.player, pa.action) for pa in history if pa.player != 1]


class _OnPyspielOnly(pyspiel.Bot):  # type: ignore[misc]
    """A hoyle agent seen as an outside bot: only ``step(state)``, no ``step_rules``."""

    def __init__(self, inner: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.inner = inner

    def step(self, state: Any) -> int:
        assert isinstance(state, pyspiel.State)
        return int(self.inner.step(state))


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_the_rules_path_plays_the_episode_the_pyspiel_path_plays(config: Any, agent: str) -> None:
    """Opponents that choose from the rules state (no pyspiel state is made) and the same agents
    handed a pyspiel state make the same episodes, seed for seed."""
    from hoyle.agents import make

    game = load_config(config)
    if game.num_players() < 2:
        pytest.skip("a one-player game has no opponents")
    fast = HoyleEnv(game, seat=1, opponents=agent)
    slow = HoyleEnv(game, seat=1, opponents=lambda g, s: _OnPyspielOnly(make(agent, g, s)))
    for seed in (3, 4):
        a, b = _episode(fast, seed, seed), _episode(slow, seed, seed)
        on_rules = isinstance(make(agent, game, 0), StepsOnRules)
        assert (fast._live is None) == on_rules and slow._live is not None  # the paths meant
        assert len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
        assert fast.spiel_state.history() == slow.spiel_state.history()


def test_render_shows_only_the_seat_view(config: Any) -> None:
    env = _make(config, render_mode="ansi", seat=0)
    env.reset(seed=2)
    unwrapped = env.unwrapped
    text = env.render()
    assert unwrapped._observer.string_from(unwrapped.spiel_state, 0) in text
    assert str(unwrapped.spiel_state) not in text


def test_spec_strings_need_the_agents_layer_only_through_its_entry_point(
    config: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the ``hoyle.opponents`` entry (hoyle.agents not installed) a spec string is
    refused in one line at reset, while bot objects still play."""
    from hoyle.envs.core import plugins
    from hoyle.envs.core.errors import HoyleError

    def missing(group: str, name: str) -> Any:
        raise KeyError(name)

    monkeypatch.setattr(plugins, "load", missing)
    game = load_config(config)
    if game.num_players() < 2:
        pytest.skip("a one-player game has no opponents")
    with pytest.raises(HoyleError, match=r"needs hoyle\.agents"):
        HoyleEnv(game, seat=0, opponents="random").reset(seed=0)
    assert _episode(HoyleEnv(game, seat=0, opponents=RandomBot(game, 0)), 1, 1)[-1][2]
