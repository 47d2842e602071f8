"""TD(λ) self-play of the backgammon value network (Tesauro 1992): the learning rule and the
self-play and evaluation games it learns from.

The method. One network (:class:`~hoyle.agents.td.net.ValueNet`) plays both sides. On each
throw the player lists the distinct results of his legal plays
(:func:`~hoyle.envs.games.backgammon.plays`), evaluates them all at once (one matrix product)
and makes the play of highest equity (0-ply, greedy; ``--explore`` makes a uniformly random play
with that probability instead). After each play the network's outputs for the position the
previous player left are moved toward its outputs for the new position, seen from his side
(:func:`~hoyle.agents.td.net.flip`): the TD error ``delta = flip(y[t+1]) - y[t]``, one per
output. The eligibility trace of each output decays by λ per play and changes sides with the
turn (the same flip applied to the gradients), so a single trace serves both players; weights
move by ``alpha * sum_k delta_k * trace_k`` (online TD(λ), Sutton 1988). When a play bears off
the fifteenth man the target of the loser's last position is the game's real result from his
side: a hit, a gammon or a backgammon (:func:`~hoyle.agents.td.net.outcome`). Traces restart
with each game.

The games are driven through the pure board functions, not pyspiel: the positions a throw can
leave come from :func:`~hoyle.envs.games.backgammon.plays`, a finished game is scored by
``game_value``. The
first throw is a random unequal pair (the modern opening: the book's take-or-throw-again choice
is a one-time decision the agent makes by expected value, :class:`ValueBot`); every later throw
is two dice from a numpy RNG. Game ``g`` of seed ``S`` draws from its own stream,
``SeedSequence([S, 1, g])``, so a game's dice do not depend on where a run was interrupted and
a checkpoint needs no RNG state beyond the number of games played. A game longer than
``MAX_PLIES`` plays (none has come near) ends unscored.

The training run around them (its folder, checkpoints, resume, learning curve) is
:mod:`hoyle.experiments.train_td` (``hoyle train backgammon --method td``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from scipy.special import expit

from hoyle.agents.td.net import (
    _FLIP_INDEX,
    _FLIP_SIGN,
    NUM_FEATURES,
    NUM_OUTPUTS,
    ValueNet,
    board_array,
    equity,
    features,
    flip,
    outcome,
)
from hoyle.envs.games.backgammon import (
    NUM_MEN,
    OFF,
    START,
    Position,
    dice_to_play,
    game_value,
    plays,
)

MAX_PLIES = 10_000
"""Plays after which a training or evaluation game is abandoned unscored (a safety bound)."""


Chooser = Callable[[list[Position], np.random.Generator], int]
"""Picks the index of a play among the positions it may leave."""


class Dice:
    """Throws of two dice drawn from ``rng`` in blocks (one numpy call per 64 throws)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.block: list[tuple[int, ...]] = []

    def __call__(self) -> tuple[int, ...]:
        if not self.block:
            pairs = self.rng.integers(1, 7, size=(64, 2)).tolist()
            self.block = [_DICE[a][b] for a, b in reversed(pairs)]
        return self.block.pop()


_DICE = [[dice_to_play(a, b) if a and b else () for b in range(7)] for a in range(7)]


def opening_throw(rng: np.random.Generator) -> tuple[int, ...]:
    """The first throw: two unequal dice (the modern opening)."""
    while True:
        a, b = rng.integers(1, 7, size=2)
        if a != b:
            return dice_to_play(int(a), int(b))


def _finished(pos: Position) -> bool:
    return pos[0][OFF] == NUM_MEN


def exact_equities(
    arr: np.ndarray, values: np.ndarray, backgammon_value: int, gammon_rule: str = "book"
) -> np.ndarray:
    """``values`` with finished games (mover has borne off all) replaced by their real value."""
    for i in np.flatnonzero(arr[:, 0, OFF] == NUM_MEN):
        values[i] = game_value(tuple(arr[i, 0]), tuple(arr[i, 1]), backgammon_value, gammon_rule)
    return values


def play_game(
    choosers: Sequence[Chooser], rng: np.random.Generator, larger_die: bool = False,
    backgammon_value: int = 3, gammon_rule: str = "book",
) -> int:  # fmt: skip
    """One game between ``choosers[0]`` and ``choosers[1]`` through the board functions; the
    points player 0 wins (negative when he loses; 0 if abandoned). The higher opening die
    decides who starts, as in the game."""
    while True:
        a, b = (int(v) for v in rng.integers(1, 7, size=2))
        if a != b:
            break
    turn = 0 if a > b else 1
    dice = dice_to_play(a, b)
    mover, adversary = START, START
    next_throw = Dice(rng)
    for _ in range(MAX_PLIES):
        options = list(plays(mover, adversary, dice, larger_die))
        i = choosers[turn](options, rng) if len(options) > 1 else 0
        pos = options[i]
        if _finished(pos):
            value = game_value(pos[0], pos[1], backgammon_value, gammon_rule)
            return value if turn == 0 else -value
        mover, adversary = pos[1], pos[0]
        turn = 1 - turn
        dice = next_throw()
    return 0


def net_chooser(net: ValueNet, backgammon_value: int = 3, gammon_rule: str = "book") -> Chooser:
    """The greedy 0-ply player of a network."""

    def choose(options: list[Position], rng: np.random.Generator) -> int:
        del rng
        arr = board_array(options)
        _, y = net.forward(features(arr))
        values = exact_equities(arr, equity(y, backgammon_value), backgammon_value, gammon_rule)
        return int(np.argmax(values))

    return choose


def baseline_chooser(name: str, backgammon_value: int = 3, gammon_rule: str = "book") -> Chooser:
    """``pips``: the greedy pip-count player; ``random``: a uniformly random play."""
    if name == "random":
        return lambda options, rng: int(rng.integers(len(options)))
    from hoyle.agents.expectimax import pip_values

    def choose(options: list[Position], rng: np.random.Generator) -> int:
        del rng
        return int(np.argmax(pip_values(options, backgammon_value, gammon_rule)))

    return choose


class TDLearner:
    """The TD(λ) update for one network playing both sides.

    The traces are kept in player 0's frame: a position after player 1's play contributes its
    gradients flipped to player 0's side (``win`` negated, the gammon outputs swapped), and the
    TD error of player 1's position is flipped the same way, so one set of traces serves both
    players and nothing is copied when the turn changes.
    """

    def __init__(self, net: ValueNet, lam: float, alpha: float) -> None:
        self.net, self.lam, self.alpha = net, lam, alpha
        h = net.hidden
        self.e1 = np.zeros((NUM_OUTPUTS, h, NUM_FEATURES))
        self.eb1 = np.zeros((NUM_OUTPUTS, h))
        self.e2 = np.zeros((NUM_OUTPUTS, NUM_OUTPUTS, h))
        self.eb2 = np.zeros((NUM_OUTPUTS, NUM_OUTPUTS))
        self.y_prev: np.ndarray | None = None
        self.side_prev = 0

    def start_game(self) -> None:
        for e in (self.e1, self.eb1, self.e2, self.eb2):
            e.fill(0.0)
        self.y_prev = None

    def update(self, target: np.ndarray) -> None:
        """Move the last observed position's outputs toward ``target`` (its mover's view)."""
        assert self.y_prev is not None
        delta = self.alpha * (target - self.y_prev)
        if self.side_prev:
            delta = _FLIP_SIGN * delta[_FLIP_INDEX]
        net = self.net
        net.w1 += (delta @ self.e1.reshape(NUM_OUTPUTS, -1)).reshape(net.w1.shape)
        net.b1 += delta @ self.eb1
        net.w2 += (delta @ self.e2.reshape(NUM_OUTPUTS, -1)).reshape(net.w2.shape)
        net.b2 += delta @ self.eb2

    def observe(self, x: np.ndarray, side: int) -> np.ndarray:
        """A new position (features ``x``, left by player ``side``, in his view): the traces
        decay by λ and take this position's gradients. Returns its outputs."""
        net = self.net
        h = expit(net.w1 @ x + net.b1)
        y: np.ndarray = expit(net.w2 @ h + net.b2)
        gy = y * (1.0 - y)  # dy_k / dz_k
        gh = (gy[:, None] * net.w2) * (h * (1.0 - h))  # dy_k / d(hidden pre-activation)
        rows = _IDENTITY
        if side:  # to player 0's frame: output k of the frame is sign_k * y[flip(k)]
            rows = _FLIP_INDEX
            gy = _FLIP_SIGN * gy[rows]
            gh = _FLIP_SIGN[:, None] * gh[rows]
        if self.y_prev is not None:
            for e in (self.e1, self.eb1, self.e2, self.eb2):
                e *= self.lam
        self.e1 += gh[:, :, None] * x[None, None, :]
        self.eb1 += gh
        self.e2[_IDENTITY, rows] += gy[:, None] * h[None, :]
        self.eb2[_IDENTITY, rows] += gy
        self.y_prev, self.side_prev = y, side
        return y


_IDENTITY = np.arange(NUM_OUTPUTS)


def train_game(
    learner: TDLearner, rng: np.random.Generator, explore: float = 0.0,
    larger_die: bool = False, backgammon_value: int = 3, gammon_rule: str = "book",
) -> int:  # fmt: skip
    """One game of self-play with TD(λ) updates; the number of plays made."""
    net = learner.net
    learner.start_game()
    mover, adversary = START, START
    dice = opening_throw(rng)
    next_throw = Dice(rng)
    side = 0
    for ply in range(1, MAX_PLIES + 1):
        options = list(plays(mover, adversary, dice, larger_die))
        arr = board_array(options)
        x = features(arr)
        y: np.ndarray | None = None
        if len(options) == 1:
            i = 0
        elif explore and rng.random() < explore:
            i = int(rng.integers(len(options)))
        else:
            _, y = net.forward(x)
            values = exact_equities(arr, equity(y, backgammon_value), backgammon_value, gammon_rule)
            i = int(np.argmax(values))
        pos = options[i]
        if _finished(pos):
            if learner.y_prev is not None:
                learner.update(flip(outcome(pos[0], pos[1], gammon_rule)))
            return ply
        if learner.y_prev is not None:
            y_new = net.forward(x[i : i + 1])[1][0] if y is None else y[i]
            learner.update(flip(y_new))
        learner.observe(x[i], side)
        mover, adversary = pos[1], pos[0]
        side = 1 - side
        dice = next_throw()
    return MAX_PLIES


__all__ = [
    "Chooser",
    "Dice",
    "TDLearner",
    "baseline_chooser",
    "net_chooser",
    "opening_throw",
    "play_game",
    "train_game",
]
