"""The TD-Gammon value network in numpy: features of a position, the network, its equity.

Perspective. Every position is ``(mover, adversary)`` as :func:`~hoyle.envs.games.backgammon.plays`
returns it: the player who **has just moved** first, his adversary now **on roll**, each side in
its owner's numbering (``Side``: 26 counts, 0 off, 1-24 points, 25 bar). The network says how
that position stands for the player who just moved. Since the one on roll is always the
adversary, Tesauro's two "whose turn" units are constant here and left out.

Features (``NUM_FEATURES`` = 199, float64, in [0, 1] but for the bar and pip units)
------------------------------------------------------------------------------------

============  =====  ==========================================================================
``points``    192    for each side (mover, then adversary), for each of its own points 1-24,
                     the game's observation units: n>=1, n>=2, n>=3, (n-3)/12 (n its men there)
``bar``       2      men on the bar / 2 (Tesauro's scale; up to 7.5 in principle)
``off``       2      men borne off / 15
``pips``      2      pip counts / 167 (the starting count; more after hits): an expert feature
``race``      1      1 when contact is broken (no man of either side can meet the other's)
============  =====  ==========================================================================

The first 196 are Tesauro's 198-unit encoding (as in the game's observation tensor, the bar
scaled as Tesauro did) without the two turn units; ``pips`` and ``race`` are cheap expert
features in the spirit of TD-Gammon 1.0.

Outputs and equity
------------------
Five sigmoid outputs, the probabilities for the player who just moved (gnubg's convention):
``win``, ``win_gammon`` (a gammon or better), ``win_backgammon``, ``lose_gammon`` (a gammon or
worse), ``lose_backgammon``. The equity of a single game (cubeless, no match score) is

    E = (2 win - 1) + (win_gammon - lose_gammon) + (bv - 2) (win_backgammon - lose_backgammon)

with ``bv`` the game's ``backgammon_value`` (3, or 4 by agreement): a hit counts 1, a gammon 2,
a backgammon ``bv``, as the game pays. Backgammons are modelled, not folded in. A finished game
(the mover has borne off fifteen men) is never asked of the network: :meth:`ValueNet.equities`
gives its exact value.

Seen from the other side, the same outcome probabilities are :func:`flip`: ``win`` becomes
``1 - win`` and the gammon and backgammon outputs swap sides. TD learning uses it to pass a
target from one player's turn to the other's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.special import expit

from hoyle.envs.core.files import FileFormatError, load_npz, npz_json, save_npz
from hoyle.envs.games.backgammon import BAR, NUM_MEN, OFF, Position, game_value

NUM_FEATURES = 199
OUTPUTS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
NUM_OUTPUTS = len(OUTPUTS)
CHUNK = 4096
"""Positions evaluated per matrix product in :meth:`ValueNet.probabilities`."""
FORMAT = "hoyle-td-1"
"""The saved network's format tag (features and outputs as documented above)."""
WHAT = "TD network file"
MAX_BYTES = 256 << 20
"""The most a network file may unpack to (256 MiB; the shipped one is 36 kB)."""

_FLIP_INDEX = np.array([0, 3, 4, 1, 2])
_FLIP_SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])
_FLIP_CONST = np.array([1.0, 0.0, 0.0, 0.0, 0.0])
_PIP_WEIGHTS = np.arange(BAR + 1, dtype=np.float64) / 167.0
_UNITS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 12.0] for n in range(NUM_MEN + 1)])
"""The four point units of ``n`` men (a lookup table, row ``n``)."""


def flip(y: np.ndarray) -> np.ndarray:
    """The outcome probabilities ``y`` (last axis, :data:`OUTPUTS` order) seen by the other
    player: his ``win`` is ``1 - win``, his gammons are ours swapped. ``flip(flip(y)) == y``."""
    out: np.ndarray = _FLIP_CONST + _FLIP_SIGN * y[..., _FLIP_INDEX]
    return out


def equity(y: np.ndarray, backgammon_value: int = 3) -> np.ndarray:
    """The single-game equity of outcome probabilities ``y`` (last axis), in points."""
    out: np.ndarray = (
        (2.0 * y[..., 0] - 1.0)
        + (y[..., 1] - y[..., 3])
        + (backgammon_value - 2) * (y[..., 2] - y[..., 4])
    )
    return out


def outcome(
    winner_side: Sequence[int], loser_side: Sequence[int], gammon_rule: str = "book"
) -> np.ndarray:
    """The exact outcome vector of a finished game, for the winner (who has just moved), by
    the game's ``gammon_rule``."""
    value = game_value(tuple(winner_side), tuple(loser_side), 3, gammon_rule)
    return np.array([1.0, float(value >= 2), float(value >= 3), 0.0, 0.0])


def board_array(positions: Sequence[Position]) -> np.ndarray:
    """``(K, 2, 26)`` int array of the positions' sides (mover, adversary)."""
    return np.array(positions, dtype=np.int64).reshape(len(positions), 2, BAR + 1)


def features(positions: Sequence[Position] | np.ndarray) -> np.ndarray:
    """``(K, NUM_FEATURES)`` features of ``K`` positions (see the module docstring), from the
    side of the player who has just moved. Accepts a ``board_array`` too."""
    arr = positions if isinstance(positions, np.ndarray) else board_array(positions)
    k = arr.shape[0]
    x = np.empty((k, NUM_FEATURES))
    x[:, :192] = _UNITS[arr[:, :, 1:BAR]].reshape(k, 192)  # (K, 2, 24, 4) point units
    x[:, 192:194] = arr[:, :, BAR] / 2.0
    x[:, 194:196] = arr[:, :, OFF] / float(NUM_MEN)
    x[:, 196:198] = arr @ _PIP_WEIGHTS
    # The farthest man of each side (25 the bar, 0 when all are off); contact iff the two
    # sides' farthest men have not passed each other: mover's point hm vs adversary's 25 - ha.
    occupied = arr[:, :, 1:] > 0
    farthest = np.where(occupied.any(axis=2), BAR - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    x[:, 198] = farthest.sum(axis=1) <= BAR
    return x


def _sigmoid(z: np.ndarray) -> np.ndarray:
    out: np.ndarray = expit(z)
    return out


class ValueNet:
    """One hidden layer of sigmoid units, five sigmoid outputs (:data:`OUTPUTS`).

    ``w1`` is ``(hidden, NUM_FEATURES)``, ``b1`` ``(hidden,)``, ``w2`` ``(NUM_OUTPUTS, hidden)``,
    ``b2`` ``(NUM_OUTPUTS,)``; ``meta`` records how it was made (the training command, games).
    """

    def __init__(
        self,
        w1: np.ndarray,
        b1: np.ndarray,
        w2: np.ndarray,
        b2: np.ndarray,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.meta: dict[str, Any] = dict(meta or {})

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[0])

    @classmethod
    def initial(cls, hidden: int, seed: int) -> ValueNet:
        """Small random weights (uniform, scaled by fan-in), seeded."""
        rng = np.random.default_rng(np.random.SeedSequence([seed, 0x7D]))
        w1 = rng.uniform(-1, 1, (hidden, NUM_FEATURES)) / np.sqrt(NUM_FEATURES)
        w2 = rng.uniform(-1, 1, (NUM_OUTPUTS, hidden)) / np.sqrt(hidden)
        return cls(w1, np.zeros(hidden), w2, np.zeros(NUM_OUTPUTS))

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations ``(K, hidden)`` and outputs ``(K, NUM_OUTPUTS)`` of features
        ``(K, NUM_FEATURES)``: one matrix product per layer for all K positions."""
        h = _sigmoid(x @ self.w1.T + self.b1)
        return h, _sigmoid(h @ self.w2.T + self.b2)

    def probabilities(self, positions: Sequence[Position], gammon_rule: str = "book") -> np.ndarray:
        """The outcome probabilities of each position, exact for finished games."""
        arr = board_array(positions)
        y = np.empty((len(arr), NUM_OUTPUTS))
        for lo in range(0, len(arr), CHUNK):  # bounded memory for the big batches of a search
            y[lo : lo + CHUNK] = self.forward(features(arr[lo : lo + CHUNK]))[1]
        done = arr[:, 0, OFF] == NUM_MEN
        for i in np.flatnonzero(done):
            y[i] = outcome(arr[i, 0], arr[i, 1], gammon_rule)
        return y

    def equities(
        self, positions: Sequence[Position], backgammon_value: int = 3, gammon_rule: str = "book"
    ) -> np.ndarray:
        """The equity of each position for the player who has just moved."""
        return equity(self.probabilities(positions, gammon_rule), backgammon_value)

    # --- saving ---------------------------------------------------------------------------
    def arrays(self) -> dict[str, np.ndarray]:
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}

    def save(self, path: str | Path, **extra: np.ndarray) -> Path:
        """Write the network (float32 weights and the ``meta`` JSON) as ``.npz``, atomically;
        ``extra`` arrays ride along (the trainer's state)."""
        meta = json.dumps({"format": FORMAT, **self.meta})
        weights = {k: v.astype(np.float32) for k, v in self.arrays().items()}
        if extra:  # a checkpoint keeps the exact float64 weights, for a bit-exact resume
            weights.update({f"exact_{k}": v for k, v in self.arrays().items()})
        return save_npz(path, {"meta": np.array(meta), **weights, **extra})

    @classmethod
    def load(cls, path: str | Path) -> ValueNet:
        """A network saved by :meth:`save` (or a trainer checkpoint). A file that is not one
        (missing, truncated, foreign, pickled objects, weights of the wrong kind or shape)
        raises a one-line ``FileFormatError`` (a ``ValueError``) naming it."""
        path = Path(path)
        z = load_npz(path, WHAT, ("meta", "w1", "b1", "w2", "b2"), MAX_BYTES)
        meta = npz_json(z, "meta", path, WHAT)

        def bad(why: str) -> FileFormatError:
            return FileFormatError(f"{path} is not a {WHAT}: {why}")

        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            got = meta.get("format") if isinstance(meta, dict) else None
            raise bad(f"format {got!r}, not {FORMAT!r}")
        exact = "exact_w1" in z
        w: dict[str, np.ndarray] = {}
        for k in ("w1", "b1", "w2", "b2"):
            a = z.get(f"exact_{k}" if exact else k)
            if a is None:
                raise bad(f"it lacks exact_{k}")
            if a.dtype.kind != "f" or not np.isfinite(a).all():
                raise bad(f"{k!r} is a {a.dtype} array, not finite floats")
            w[k] = np.asarray(a, dtype=np.float64)
        h = w["w1"].shape[0] if w["w1"].ndim == 2 else -1
        shapes = {"w1": (h, NUM_FEATURES), "b1": (h,), "w2": (NUM_OUTPUTS, h), "b2": (NUM_OUTPUTS,)}
        if h < 1 or any(w[k].shape != shape for k, shape in shapes.items()):
            raise bad(f"weights of shape {w['w1'].shape}, {w['b1'].shape}, {w['w2'].shape}, "
                      f"{w['b2'].shape} do not make a network of {NUM_FEATURES} features and "
                      f"{NUM_OUTPUTS} outputs")  # fmt: skip
        return cls(w["w1"], w["b1"], w["w2"], w["b2"], meta)
