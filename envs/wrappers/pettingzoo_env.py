"""PettingZoo AEC environments over every registered hoyle game (classic conventions)::

    from hoyle.envs.wrappers.pettingzoo import env

    e = env("conquian")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Written over the game's rules directly, not over OpenSpiel's PettingZoo bridge (which counts
chance nodes against the game-length bound and is several times slower per step): chance is
resolved inside ``reset`` and ``step`` with the environment's seeded generator, so every
``agent_selection`` is a player to decide. A step is the rules' own ``apply_action`` on the
rules state, with no ``pyspiel.State`` in between (its C++ trampolines cost about as much as the
step); the legal actions are asked once per decision, and the ``pyspiel.State`` of
:attr:`HoyleAECEnv.spiel_state` is rebuilt from the history only when someone asks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.wrappers.gymnasium_env import (
    RENDER_MODES,
    Table,
    action_error,
    action_mask,
    as_action,
    check_render_mode,
    illegal_action_policy,
    load_game,
    make_observer,
    observation_space,
    sample_outcome,
    view_text,
)

AGENT_PREFIX = "player_"


class HoyleAECEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """Every seat of a hoyle game as a PettingZoo AEC environment.

    ## Description

    Any registered hoyle game, one deal (or match) per episode. Agents are ``player_0`` ..
    ``player_{n-1}``, the game's player ids. Only players act: chance (the shuffle, every deal
    and draw) is drawn inside ``reset`` and ``step`` from the seeded ``np_random``.

    ## Action Space

    ``Discrete(num_distinct_actions)`` for every agent: the game's action ids (tabled in its
    module docstring); ``observation["action_mask"]`` marks the legal ones.

    ## Observation Space

    ``Dict(observation=Box(0, 1, (size,), float32), action_mask=Box(0, 1, (num_distinct_actions,),
    int8))``, as PettingZoo's classic games. ``observe(agent)`` is that agent's view only (the
    game's observer over ``player_view``, in which hidden cards are absent); with
    ``perfect_recall=True``, the information-state tensor. The mask is all zeros for an agent
    that is not to move, and for everyone once the episode is over.

    ## Rewards

    Terminal: every agent receives its return under the game's stakes when the game ends, so
    each agent's rewards sum to its return. An illegal action under ``illegal_action="penalty"``
    ends the episode: the offender receives ``illegal_penalty`` (default: the game's
    ``min_utility``), the others 0 (PettingZoo's ``TerminateIllegalWrapper`` convention), and
    ``infos[offender]["illegal_action"]`` is True.

    ## Episode End

    Termination for every agent when the game is over or after an illegal action; then each
    agent is stepped with ``None`` once (PettingZoo's dead steps). Truncation: never (every
    hoyle game ends within its declared ``max_game_length`` decisions).

    ## Arguments

    - ``game``: ``"conquian"`` or ``"hoyle_conquian"`` (or ``"cassino(players=3)"``), or a
      loaded hoyle game.
    - ``perfect_recall``: observe the information-state tensor instead of the observation.
    - ``illegal_action``: ``"penalty"`` (default; PettingZoo's ``api_test`` steps unmasked
      actions) or ``"raise"`` (:class:`~hoyle.envs.core.errors.IllegalActionError`, or
      :class:`~hoyle.envs.core.errors.ActionTypeError` for what is not an int at all; the state
      unchanged).
    - ``illegal_penalty``: the offender's reward for an illegal action (default
      ``game.min_utility()``).
    - ``render_mode``: ``"ansi"`` (``render()`` returns the view of the agent to move, as at a
      hot-seat table) or ``"human"`` (printed after each reset and step). Never a hidden card.
    - any other keyword: a game parameter.

    ## Version History

    - v<k>: ``k`` is the game's ``GameSpec.version`` (``metadata["name"]`` is
      ``hoyle_<game>_v<k>``).
    """

    # PettingZoo declares ``metadata`` an instance attribute, so no ClassVar (mypy) here.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "hoyle",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str | pyspiel.Game = "conquian",
        *,
        perfect_recall: bool = False,
        illegal_action: str = "penalty",
        illegal_penalty: float | None = None,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        self.game = load_game(game, params)
        self.rules = self.game.rules
        spec = self.game.spec
        self.metadata = {**type(self).metadata, "name": f"{spec.spiel_name}_v{spec.version}"}
        self.penalty = illegal_action_policy(illegal_action, illegal_penalty, self.game)
        self.illegal_action = illegal_action
        self.render_mode = check_render_mode(render_mode)
        self.perfect_recall = bool(perfect_recall)
        self._observer = make_observer(self.game, self.perfect_recall)
        self._num_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"{AGENT_PREFIX}{i}" for i in range(self.game.num_players())]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        # One space object per agent, so seeding one agent's space leaves the others alone.
        self.observation_spaces = {
            a: observation_space(self.game, self._observer) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self.np_random: np.random.Generator | None = None
        self._np_random_seed: int | None = None
        self._table: Table | None = None  # the rules state, as the observer reads it
        self._history: list[int] = []
        self._legal: Sequence[int] = ()  # the legal actions of the agent to move
        self._spiel: Any = None  # spiel_state, built on demand for this history
        self._over = True

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the AEC API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal. ``seed`` reseeds the generator; without it the stream continues.
        ``options`` are not used.

        ``seed`` follows Gymnasium's rule (PettingZoo seeds through it): ``None`` or a Python
        int ``>= 0``; anything else raises ``gymnasium.error.Error`` in one line before anything
        changes."""
        del options  # Unused: a hoyle episode has no reset options.
        if seed is not None or self.np_random is None:
            self.np_random, self._np_random_seed = seeding.np_random(seed)
        self._table = Table(self.rules.new_state())
        self._history = []
        self._spiel = None
        self._over = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"illegal_action": False} for a in self.agents}
        self._skip_agent_selection = None
        cur = self._advance()
        if cur == TERMINAL:  # a game that can end by chance alone
            self.agent_selection = self.agents[0]
            self._end_game()
        else:
            self.agent_selection = self.possible_agents[cur]
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` for an agent whose episode is over).

        For an agent still in the game, anything but a legal action id (an illegal one, or what
        is not an action at all, ``None`` included: see
        :mod:`~hoyle.envs.wrappers.gymnasium_env`) ends the episode with the penalty, the state
        untouched; or under ``illegal_action="raise"`` raises a one-line error, the agent still
        to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        a = as_action(action, self._num_actions)
        if a is None or a not in self._legal:
            if self.illegal_action == "raise":
                raise action_error(action, self._num_actions, self.spiel_state)
            self._over = True
            self._legal = ()
            self.rewards[agent] = self.penalty
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self._apply(a)
            cur = self._advance()
            if cur == TERMINAL:
                self._end_game()
            else:
                self.agent_selection = self.possible_agents[cur]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s view: its observation tensor and its action mask (fresh arrays)."""
        player = self._index[agent]
        table = self._table
        if table is None:
            raise AttributeError("observe() before reset()")
        self._observer.set_from(table, player)
        mine = not self._over and player == self.rules.current_player(table.s)
        return {
            "observation": self._observer.tensor.copy(),
            "action_mask": action_mask(self._num_actions, self._legal if mine else ()),
        }

    def render(self) -> str | None:
        """The view of the agent to move (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; use 'ansi' or 'human'.")
            return None
        if self._table is None:
            text = "no episode: call reset()\n"
        else:
            player = self._index[self.agent_selection]
            text = view_text(self._observer, self.spiel_state, player, self._over)
        if self.render_mode == "ansi":
            return text
        print(text, end="")
        return None

    def close(self) -> None:
        """Nothing to release."""

    @property
    def spiel_state(self) -> Any:
        """The underlying ``pyspiel`` state (the whole table: for analysis, not for agents).

        (``state()`` is PettingZoo's global observation, which a hidden-card game does not
        offer.) Rebuilt from the episode's history when first asked for after a step: a
        copy, so changing it does not change the episode."""
        if self._table is None:
            return None
        if self._spiel is None:
            self._spiel = self.game.state_from_history(self._history)
        return self._spiel

    # --- internals -----------------------------------------------------------------------------
    def _sit_at(self, state: Any) -> None:
        """Put the episode at ``state``'s table (a ``pyspiel.State`` of this game, copied): for
        tests that compare two tables a player cannot tell apart."""
        self._table = Table(state.s.copy())
        self._history = list(state.history())
        self._spiel = None
        cur = int(self.rules.current_player(self._table.s))
        self._legal = tuple(self.rules.legal_actions(self._table.s)) if cur >= 0 else ()

    def _apply(self, action: int) -> None:
        """Apply ``action``, already checked (a legal action, or a chance outcome drawn from
        the node's own outcomes), to the rules state."""
        assert self._table is not None
        self.rules.apply_action(self._table.s, action)
        self._history.append(action)
        self._spiel = None

    def _advance(self) -> int:
        """Resolve chance nodes until a player is to move or the game is over; keep the legal
        actions of the player to move."""
        rules, rng = self.rules, self.np_random
        assert rng is not None and self._table is not None, "reset() seeds the generator"
        s = self._table.s
        while True:
            cur = int(rules.current_player(s))
            if cur != CHANCE:
                self._legal = tuple(rules.legal_actions(s)) if cur >= 0 else ()
                return cur
            self._apply(sample_outcome(rules.chance_outcomes(s), rng))

    def _end_game(self) -> None:
        """Pay every agent its return and mark the episode over."""
        self._over = True
        self._legal = ()
        assert self._table is not None
        returns = self.rules.returns(self._table.s)
        for agent in self.agents:
            self.rewards[agent] = float(returns[self._index[agent]])
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()


def raw_env(game: str | pyspiel.Game = "conquian", **kwargs: Any) -> HoyleAECEnv:
    """The environment without PettingZoo's wrappers (see :class:`HoyleAECEnv`)."""
    return HoyleAECEnv(game, **kwargs)


class HoyleOrderEnforcingWrapper(OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the hot path asked of the environment itself.

    The base class's ``last()`` runs on the wrapper, so each of the five attributes it reads
    goes through two Python ``__getattr__`` forwards (a third of the time of a Five Hundred
    step); here it is one call on the environment, after the same before-reset check. The two
    attributes ``agent_iter`` reads at every turn (``agents``, ``agent_selection``) are
    properties, and ``step`` calls the environment's directly after the base class's checks,
    instead of through its chain of ``super()`` calls (together 6-8% of a step).
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)  # the base class's error, or its warning after the end
        else:
            self._has_updated = True
            self.env.step(action)


def env(game: str | pyspiel.Game = "conquian", **kwargs: Any) -> AECEnv[str, Any, Any]:
    """The environment in PettingZoo's ``OrderEnforcingWrapper`` (as PettingZoo's classic games;
    illegal actions are the environment's own policy, so ``TerminateIllegalWrapper`` is not
    needed), with a direct ``last()`` (:class:`HoyleOrderEnforcingWrapper`)."""
    return HoyleOrderEnforcingWrapper(raw_env(game, **kwargs))
