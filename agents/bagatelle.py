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

:class:`LearnedStrokes` plays a policy learned by reinforcement learning on the Gymnasium env
(``hoyle bagatelle train``, Stable-Baselines3 in the optional ``rl`` extra): the actor's
multilayer perceptron, exported as plain arrays (:class:`StrokePolicy`), run on the env's own
observation of the break (:func:`~hoyle.envs.games.bagatelle.env.observe`) with numpy alone. The
package ships one trained policy (``agents/bagatelle_policy.npz``, its training record in the
``.json`` beside it); nothing here imports torch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from hoyle.agents.models import model_path
from hoyle.envs.core.files import FileFormatError, load_npz
from hoyle.envs.games.bagatelle.env import OBS_SIZE, action_from_stroke, observe, stroke_from_action
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


def noisy_break(
    player: StrokePlayer,
    board: Board,
    physics: Physics,
    angle_noise: float = 0.0,
    speed_noise: float = 0.0,
    seed: int = 0,
    first: Stroke | None = None,
) -> list[Break]:
    """One break by ``player`` on a table with the given noise (drawn from ``seed``: each
    stroke's direction, then its speed); ``first`` replaces the player's first stroke. Every
    position from the start to the end."""
    rng = random.Random(seed)
    brk = new_break(board)
    seen = [brk]
    while not brk.over:
        stroke = first if first is not None and brk.played == 0 else player.choose(brk)
        stroke = perturb(
            stroke, physics, angle_noise * rng.gauss(0, 1), speed_noise * rng.gauss(0, 1)
        )
        brk, _ = play_stroke(brk, board, physics, stroke)
        seen.append(brk)
    return seen


def play_break(
    player: StrokePlayer,
    board: Board,
    physics: Physics,
    angle_noise: float = 0.0,
    speed_noise: float = 0.0,
    seed: int = 0,
) -> int:
    """The score of :func:`noisy_break`."""
    return break_score(noisy_break(player, board, physics, angle_noise, speed_noise, seed)[-1])


DEFAULT_POLICY = "bagatelle-sac"
"""The name of the shipped policy (:mod:`hoyle.agents.models`)."""
POLICY_FILE = "bagatelle_policy.npz"
"""The trained policy the package ships (``agents/``), loaded when no file is named."""
POLICY_WHAT = "Bagatelle stroke policy"
MAX_POLICY_BYTES = 64 * 2**20
ACTIVATIONS = ("relu", "tanh")
#: How the last layer's output becomes the action: squashed (SAC's actor) or clipped (PPO's mean).
OUTPUTS = ("tanh", "clip")


@dataclass(frozen=True)
class StrokePolicy:
    """A deterministic policy: a multilayer perceptron from the env's observation to its action.

    Layer ``i`` computes ``h @ weights[i] + biases[i]`` (``weights[i]`` is inputs x outputs),
    followed by ``activation`` on every hidden layer; the last layer's three outputs become the
    action in ``[-1, 1]^3`` by ``output`` (``tanh`` or ``clip``).
    """

    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]
    activation: str
    output: str

    def act(self, obs: np.ndarray) -> np.ndarray:
        """The action for one observation (or a batch of them, one a row)."""
        h = np.asarray(obs, dtype=np.float64)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w.astype(np.float64) + b.astype(np.float64)
            if i < last:
                h = np.maximum(h, 0.0) if self.activation == "relu" else np.tanh(h)
        return np.tanh(h) if self.output == "tanh" else np.clip(h, -1.0, 1.0)

    def arrays(self) -> dict[str, np.ndarray]:
        """The policy as the plain arrays of its ``.npz`` (:func:`load_policy` reads them)."""
        out: dict[str, np.ndarray] = {
            "activation": np.array(self.activation),
            "output": np.array(self.output),
        }
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            out[f"weight_{i}"] = np.asarray(w, dtype=np.float32)
            out[f"bias_{i}"] = np.asarray(b, dtype=np.float32)
        return out


def policy_from_arrays(data: dict[str, np.ndarray], where: str = "arrays") -> StrokePolicy:
    """Check the arrays of a policy file and build the policy; a one-line
    :class:`~hoyle.envs.core.files.FileFormatError` names what is wrong."""

    def bad(why: str) -> FileFormatError:
        return FileFormatError(f"{where} is not a {POLICY_WHAT}: {why}")

    words: dict[str, str] = {}
    for key, allowed in (("activation", ACTIVATIONS), ("output", OUTPUTS)):
        if key not in data:
            raise bad(f"it lacks {key!r}")
        a = data[key]
        word = str(a[()]) if a.shape == () and a.dtype.kind == "U" else ""
        if word not in allowed:
            raise bad(f"{key!r} must be one of {', '.join(allowed)}")
        words[key] = word
    layers = sum(1 for k in data if k.startswith("weight_"))
    if layers == 0:
        raise bad("it has no layers (weight_0, bias_0, ...)")
    expected = {"activation", "output"} | {
        f"{n}_{i}" for n in ("weight", "bias") for i in range(layers)
    }
    if set(data) != expected:
        extra = sorted(set(data) ^ expected)
        raise bad(f"unexpected or missing entries {', '.join(extra)}")
    weights, biases = [], []
    width = OBS_SIZE
    for i in range(layers):
        w, b = data[f"weight_{i}"], data[f"bias_{i}"]
        if w.dtype.kind != "f" or b.dtype.kind != "f":
            raise bad(f"layer {i} is not floating point")
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise bad(f"layer {i} has shapes {w.shape} and {b.shape}; it takes {width} inputs")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise bad(f"layer {i} holds NaN or infinite numbers")
        weights.append(w)
        biases.append(b)
        width = w.shape[1]
    if width != 3:
        raise bad(f"the last layer gives {width} outputs; a stroke is 3")
    return StrokePolicy(tuple(weights), tuple(biases), words["activation"], words["output"])


def load_policy(path: Path | str | None = None) -> StrokePolicy:
    """The policy in ``path`` (an ``.npz`` of plain arrays, read without pickle; or a shipped
    model's name), or the one the package ships (the model ``bagatelle-sac``)."""
    with model_path(path or DEFAULT_POLICY, "bagatelle compare --policy") as p:
        data = load_npz(p, POLICY_WHAT, max_bytes=MAX_POLICY_BYTES)
    return policy_from_arrays(data, POLICY_FILE if path is None else str(path))


class LearnedStrokes:
    """A learned policy's stroke: the env's observation of the break through the network
    (module docstring). Deterministic: the same break gets the same stroke."""

    def __init__(
        self, board: Board, physics: Physics, policy: StrokePolicy | Path | str | None = None
    ) -> None:
        self.board, self.physics = board, physics
        self.policy = policy if isinstance(policy, StrokePolicy) else load_policy(policy)

    def choose(self, brk: Break) -> Stroke:
        action = self.policy.act(observe(brk, self.board))
        return stroke_from_action(action, brk, self.board, self.physics)


def layer_sizes(policy: StrokePolicy) -> Sequence[int]:
    """Inputs, then each layer's outputs (for reports)."""
    return [OBS_SIZE, *(w.shape[1] for w in policy.weights)]
