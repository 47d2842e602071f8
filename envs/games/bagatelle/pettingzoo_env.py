"""Bagatelle for several players as a PettingZoo AEC environment (``bagatelle_env()``).

A game of assumption 14 (package docstring): each player in turn plays a break of eight balls,
three rounds, the highest aggregate winning, ties for the lead playing another round. The agent
to act strikes one ball; its action is the single-player env's stroke (:mod:`.env`:
``Box(-1, 1, (3,))``). Its observation is the board of :func:`.env.observe` followed by one
entry per player (his aggregate / :data:`SCORE_SCALE`, clipped to 1, in seat order from the
observer), the round / the rounds, and whether the observer is the one to strike. The reward
of a stroke is its points, to the striker, so each player's rewards sum to his aggregate; the
winners are in every agent's final ``info["winners"]``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hoyle.envs.games.bagatelle.env import (
    OBS_SIZE,
    TRACE_EVERY,
    BagatelleEnv,
    observe,
    stroke_from_action,
)
from hoyle.envs.games.bagatelle.physics import Physics
from hoyle.envs.games.bagatelle.rules import (
    BALLS_PER_BREAK,
    break_score,
    match_stroke,
    match_winners,
    new_match,
)
from hoyle.envs.games.bagatelle.table import Board

#: The aggregate that maps to 1 in an observation (a break scores 90 at most with the black in
#: the 9 and cups 1-8 full: 18 + 36).
SCORE_SCALE = 300.0


class BagatelleAEC(AECEnv[str, np.ndarray, np.ndarray]):  # type: ignore[misc]
    """Several players, breaks in turn (module docstring)."""

    # PettingZoo declares ``metadata`` an instance attribute, so no ClassVar (mypy) here.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": "hoyle_bagatelle_v0",
        "render_modes": ["rgb_array"],
        "is_parallelizable": False,
        "render_fps": 30,
    }

    def __init__(
        self,
        players: int = 2,
        rounds: int = 3,
        extra_rounds: int = 3,
        board: Board | None = None,
        physics: Physics | None = None,
        angle_noise: float = 0.0,
        speed_noise: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if players < 2:
            raise ValueError("a game between players needs two or more; one plays the Gym env")
        self.board = board or Board()
        self.physics = physics or Physics()
        self.players, self.rounds, self.extra_rounds = players, rounds, extra_rounds
        # The single-player env's noise, seeded with this env (reset(seed=...)).
        self._striker = BagatelleEnv(self.board, self.physics, angle_noise, speed_noise)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        size = OBS_SIZE + players + 2
        self._obs_space = spaces.Box(0.0, 1.0, (size,), dtype=np.float32)
        self._act_space = spaces.Box(-1.0, 1.0, (3,), dtype=np.float32)
        self.match = new_match(self.board, players, rounds, extra_rounds)
        self._path: tuple[Any, ...] = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._striker.reset(seed=seed)
        self.match = new_match(self.board, self.players, self.rounds, self.extra_rounds)
        self._path = ()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.player]

    def observe(self, agent: str) -> np.ndarray:
        me = self.possible_agents.index(agent)
        m = self.match
        extra = np.zeros(self.players + 2, dtype=np.float32)
        for k in range(self.players):
            extra[k] = min(m.scores[(me + k) % self.players] / SCORE_SCALE, 1.0)
        total = m.rounds + m.extra_rounds
        extra[-2] = min(m.round / total, 1.0)
        extra[-1] = float(not m.finished and m.player == me)
        return np.concatenate([observe(m.brk, self.board), extra])

    def step(self, action: np.ndarray | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must strike: a stroke in [-1, 1]^3, not None")
        self._cumulative_rewards[agent] = 0.0  # last() gave the agent what it had gathered
        m = self.match
        stroke = self._striker.noisy(stroke_from_action(action, m.brk, self.board, self.physics))
        before = break_score(m.brk)
        striker = m.player
        after, out = match_stroke(m, self.board, self.physics, stroke, TRACE_EVERY)
        if m.brk.played + 1 == BALLS_PER_BREAK:  # the break is over: scored to the aggregate
            points = after.scores[striker] - m.scores[striker] - before
        else:
            points = break_score(after.brk) - before
        self.match, self._path = after, out.path
        self._clear_rewards()
        self.rewards[agent] = float(points)
        if after.finished:
            winners = [self.possible_agents[p] for p in match_winners(after)]
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"winners": winners, "scores": list(after.scores)}
        else:
            self.agent_selection = self.possible_agents[after.player]
        self._accumulate_rewards()

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        from hoyle.envs.games.bagatelle.render import render_rgb

        m = self.match
        scores = ", ".join(str(s) for s in m.scores)
        title = f"Bagatelle: player {m.player} to strike, ball {m.brk.played + 1}; totals {scores}"
        return render_rgb(self.board, m.brk, self._path, title=title)

    def close(self) -> None:
        self._striker.close()


def bagatelle_env(**kwargs: Any) -> BagatelleAEC:
    """The PettingZoo environment (keyword arguments as :class:`BagatelleAEC`)."""
    return BagatelleAEC(**kwargs)
