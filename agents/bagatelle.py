"""Stroke players for Bagatelle's continuous table: random, and a planner through the simulator.

Each has ``choose(brk) -> Stroke`` (the book's player, :class:`~hoyle.agents.heuristics.
bagatelle.BookStrokes`, has the same), so the Gymnasium env, the measurements and the pictures
play them alike.

:class:`CrossEntropyPlanner` searches the stroke by the cross-entropy method over the env's
action box ``[-1, 1]^3`` (position, direction, speed). Its first round is the strokes a person
would consider (``proposals``: ``hoyle bagatelle compare`` gives it the book's player's
candidates, every cup by every way of aiming, before the hints choose) and a few strokes drawn at
random; each later round draws ``samples`` strokes from a mixture of narrow normals about the
best strokes so far (the elite), narrower round by round; it plays the best stroke seen. A stroke
is valued by the break's points after it, plus half a point for having hit the black (until it is
hit nothing scores), averaged over ``noise_samples`` draws of the table's noise, the same draws
for every stroke of the search (common random numbers, so two strokes are compared on the same
luck). Valuing over the noise is what lets it beat the book's player, who aims each stroke by
geometry on the noiseless table: the planner prefers the stroke whose neighbourhood scores, a
touch slower or a fraction of a degree off the exact aim where that is safer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from hoyle.envs.games.bagatelle.env import action_from_stroke, stroke_from_action
from hoyle.envs.games.bagatelle.physics import Physics, Stroke
from hoyle.envs.games.bagatelle.rules import Break, break_score, new_break, play_stroke
from hoyle.envs.games.bagatelle.table import Board


class StrokePlayer(Protocol):
    """Anything that chooses a stroke for a break as it lies."""

    def choose(self, brk: Break) -> Stroke: ...


def perturb(stroke: Stroke, physics: Physics, angle: float, speed: float) -> Stroke:
    """``stroke`` with noise: ``angle`` degrees added, the speed scaled by ``1 + speed``."""
    return Stroke(
        stroke.x,
        min(max(stroke.angle + angle, -89.0), 89.0),
        min(max(stroke.speed * (1.0 + speed), 0.5), physics.max_speed),
    )


class RandomStrokes:
    """A stroke drawn uniformly from the env's action box."""

    def __init__(self, board: Board, physics: Physics, seed: int = 0) -> None:
        self.board, self.physics = board, physics
        self.rng = np.random.default_rng(seed)

    def choose(self, brk: Break) -> Stroke:
        action = self.rng.uniform(-1.0, 1.0, 3)
        return stroke_from_action(action, brk, self.board, self.physics)


@dataclass
class PlannerStats:
    """What the last search cost: simulated strokes, and the value found."""

    simulations: int = 0
    value: float = 0.0


#: Proposals for the planner's first round: the strokes a player would consider here.
Proposals = Callable[[Break], Sequence[Stroke]]


class CrossEntropyPlanner:
    """The cross-entropy method over one stroke, valued over the table's noise (module
    docstring)."""

    def __init__(
        self,
        board: Board,
        physics: Physics,
        samples: int = 12,
        iterations: int = 2,
        elite: int = 3,
        angle_noise: float = 0.0,
        speed_noise: float = 0.0,
        noise_samples: int = 0,
        seed: int = 0,
        proposals: Proposals | None = None,
        spread: float = 0.06,
        explore: int = 4,
    ) -> None:
        if samples < 2 or iterations < 0 or not 1 <= elite <= samples or noise_samples < 0:
            raise ValueError(
                "the planner needs 2+ samples, 0+ iterations, 1 to samples elite, 0+ noise draws"
            )
        if spread <= 0 or explore < 0:
            raise ValueError("the planner's spread must be positive, its exploration 0+")
        self.board, self.physics = board, physics
        self.samples, self.iterations, self.elite = samples, iterations, elite
        self.angle_noise, self.speed_noise = angle_noise, speed_noise
        self.noise_samples, self.spread, self.explore = noise_samples, spread, explore
        self.rng = np.random.default_rng(seed)
        self.proposals = proposals
        self.stats = PlannerStats()

    def value(self, brk: Break, stroke: Stroke, noise: Sequence[tuple[float, float]]) -> float:
        """The break's points after ``stroke`` (half a point more for having hit the black),
        averaged over the noise draws (none: the noiseless table)."""
        total = 0.0
        for da, ds in noise or [(0.0, 0.0)]:
            s = perturb(stroke, self.physics, self.angle_noise * da, self.speed_noise * ds)
            after, _ = play_stroke(brk, self.board, self.physics, s)
            total += break_score(after) + 0.5 * after.black_hit
        self.stats.simulations += max(len(noise), 1)
        return total / max(len(noise), 1)

    def choose(self, brk: Break) -> Stroke:
        self.stats = PlannerStats()
        noise = [(float(a), float(b)) for a, b in self.rng.standard_normal((self.noise_samples, 2))]
        tried: list[tuple[float, np.ndarray, Stroke]] = []

        def judge(actions: np.ndarray, strokes: Sequence[Stroke]) -> None:
            for a, s in zip(actions, strokes, strict=True):
                tried.append((self.value(brk, s, noise), a, s))

        first = list(self.proposals(brk)) if self.proposals is not None else []
        actions = self.rng.uniform(-1.0, 1.0, (self.explore if first else self.samples, 3))
        judge(actions, [stroke_from_action(a, brk, self.board, self.physics) for a in actions])
        judge(np.array([_action_of(s, self.board, self.physics) for s in first]).reshape(-1, 3),
              first)  # fmt: skip
        for it in range(self.iterations):
            tried.sort(key=lambda t: -t[0])  # stable: ties keep the order tried
            elite = [a for _, a, _ in tried[: self.elite]]
            width = self.spread / (2**it)
            picks = self.rng.integers(0, len(elite), self.samples)
            actions = np.clip(
                np.array([elite[k] for k in picks])
                + self.rng.normal(0.0, width, (self.samples, 3)),
                -1.0,
                1.0,
            )
            judge(actions, [stroke_from_action(a, brk, self.board, self.physics) for a in actions])
        best = max(tried, key=lambda t: t[0])
        self.stats.value = best[0]
        return best[2]


def _action_of(stroke: Stroke, board: Board, physics: Physics) -> np.ndarray:
    return np.clip(action_from_stroke(stroke, board, physics).astype(np.float64), -1.0, 1.0)


def play_break(
    player: StrokePlayer,
    board: Board,
    physics: Physics,
    angle_noise: float = 0.0,
    speed_noise: float = 0.0,
    seed: int = 0,
) -> int:
    """One break by ``player`` on a table with the given noise (drawn from ``seed``); its
    score."""
    rng = random.Random(seed)
    brk = new_break(board)
    while not brk.over:
        stroke = player.choose(brk)
        stroke = perturb(
            stroke, physics, angle_noise * rng.gauss(0, 1), speed_noise * rng.gauss(0, 1)
        )
        brk, _ = play_stroke(brk, board, physics, stroke)
    return break_score(brk)
