"""Expectimax for backgammon: n-ply search over a value function, with chance nodes over throws.

``expectimax:ply=N,value=td|pips[,weights=PATH][,root=K][,width=K]``

A position is always judged from the side of the player who has just moved (``(mover,
adversary)``, the adversary on roll), as :class:`~hoyle.agents.throw.ValueBot` asks. Its value
searched ``n`` plies deep is

* ``V0(P)``: the value function (``td``: the TD network's equity, :mod:`hoyle.agents.td.net`;
  ``pips``: :func:`pip_values`, a race equity from the pip counts alone);
* ``Vn(P) = sum over the 21 throws t of p(t) * -max_Q V(n-1)(Q)``: a chance node over the
  adversary's throw, then his best reply ``Q`` among the distinct results of his legal plays
  (the max of a zero-sum game, seen from his side, negated);

and a finished game (the mover has borne off fifteen men) is worth its real value at every
depth (1, 2, or the game's ``backgammon_value``). The agent makes the play of highest ``Vn``.

Pruning, as gnubg's move filters do. At the root only the ``root`` plays best by ``V0`` are
searched (default 8 at ``ply=1``, 4 at ``ply=2``; ``root=0`` searches all); at the adversary's decision nodes of a 2-ply
search only his ``width`` replies best by ``V0`` are searched one ply deeper (default 2;
``width=0`` searches all, the exact expectimax, about twenty times slower). ``ply=1`` with the
default ``root`` is therefore exact over the eight best candidates. Every level is evaluated in
one batch (one network call for all the positions of a level). ``ply=0`` is the greedy player
of the value function (``expectimax:ply=0,value=pips`` is the pip-count greedy player, the
baseline of the TD learning curve).

Cost per throw decision (the committed network, means over positions of random play, on a
loaded two-core machine): ``td`` (0-ply) 20 ms, ``td:ply=1`` 77 ms,
``expectimax:ply=1,value=pips`` 37 ms, ``expectimax:ply=2,value=td`` (root 4, width 2) 1.6 s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from scipy.special import ndtr

from hoyle.agents.base import HoyleBot
from hoyle.agents.throw import ValueBot
from hoyle.envs.games.backgammon import (
    BAR,
    NUM_MEN,
    OFF,
    THROWS,
    Position,
    dice_to_play,
    game_value,
    plays,
)

RACE_SIGMA = 1.0
"""The race's spread in pips per square root of the pips both sides have left."""
ON_ROLL_PIPS = 4.0
"""What being on roll is worth in a race, in pips (about half an average throw, 8.17)."""
VALUES = ("td", "pips")
MAX_PLY = 2
DEFAULT_ROOT = (0, 8, 4)
"""Plays searched at the root by default, by ply (0: no search)."""

ValueFn = Callable[[Sequence[Position]], np.ndarray]
"""Equities of positions for the player who has just moved (exact for finished games)."""


def pip_values(
    positions: Sequence[Position], backgammon_value: int = 3, gammon_rule: str = "book"
) -> np.ndarray:
    """A race-equity baseline from pip counts alone, for the player who has just moved:
    ``2 P(win) - 1`` with ``P(win) = Phi((A - M - 4) / sqrt(M + A))``, M his pips, A the
    adversary's (on roll, so worth 4 pips more). It sees no gammons, blots or primes; a
    finished game gets its real value (by the game's ``gammon_rule``)."""
    arr = np.array(positions, dtype=np.int64).reshape(len(positions), 2, BAR + 1)
    p = arr @ np.arange(BAR + 1)
    mine, theirs = p[:, 0], p[:, 1]
    d = theirs - mine - ON_ROLL_PIPS
    sigma = RACE_SIGMA * np.sqrt(np.maximum(mine + theirs, 1))
    out: np.ndarray = 2.0 * ndtr(d / sigma) - 1.0
    for i in np.flatnonzero(arr[:, 0, OFF] == NUM_MEN):
        out[i] = game_value(
            positions[int(i)][0], positions[int(i)][1], backgammon_value, gammon_rule
        )
    return out


_THROW_DICE = tuple((dice_to_play(h, lo), p) for h, lo, p in THROWS)


def search_values(
    positions: Sequence[Position], depth: int, value: ValueFn, larger_die: bool = False,
    width: int = 2,
) -> np.ndarray:  # fmt: skip
    """``V_depth`` of each position (see the module docstring), one batch per level."""

    if depth == 0:
        return value(positions)
    out = np.zeros(len(positions))
    children: list[Position] = []
    groups: list[tuple[int, float, int, int]] = []  # (position, p(throw), start, count)
    for i, (mover, adversary) in enumerate(positions):
        if mover[OFF] == NUM_MEN:
            continue
        for dice, p in _THROW_DICE:
            replies = list(plays(adversary, mover, dice, larger_die))
            groups.append((i, p, len(children), len(replies)))
            children.extend(replies)
    done = [i for i, (m, _) in enumerate(positions) if m[OFF] == NUM_MEN]
    if done:
        out[done] = value([positions[i] for i in done])
    if not children:
        return out
    v0 = value(children)
    if depth == 1:
        starts = np.array([g[2] for g in groups])
        best = np.maximum.reduceat(v0, starts)
    else:
        keep: list[int] = []
        spans = []
        for _, _, start, count in groups:
            idx = np.arange(start, start + count)
            if width and count > width:
                idx = idx[np.argsort(-v0[idx], kind="stable")[:width]]
            spans.append((len(keep), len(idx)))
            keep.extend(idx.tolist())
        deeper = search_values([children[j] for j in keep], depth - 1, value, larger_die, width)
        best = np.array([deeper[s : s + n].max() for s, n in spans])
    for (i, p, _, _), b in zip(groups, best, strict=True):
        out[i] -= p * b
    return out


class SearchBot(ValueBot):
    """A :class:`ValueBot` whose values are ``ply``-deep expectimax over ``value``."""

    def __init__(
        self, game: Any, value: ValueFn, ply: int = 0, root: int = 8, width: int = 2,
        seed: int = 0, name: str = "",
    ) -> None:  # fmt: skip
        super().__init__(game, seed, name)
        self.value, self.ply, self.root, self.width = value, ply, root, width
        self.larger_die = bool(game.rules.larger_die)

    def values(self, positions: Sequence[Position]) -> np.ndarray:
        """``V_ply`` of the ``root`` plays best at 0-ply; ``-inf`` for the plays pruned."""
        v0 = self.value(positions)
        if self.ply == 0 or len(positions) == 1:
            return v0
        order = np.argsort(-v0, kind="stable")
        if self.root:
            order = order[: self.root]
        out = np.full(len(positions), -np.inf)
        out[order] = search_values([positions[i] for i in order], self.ply, self.value,
                                   self.larger_die, self.width)  # fmt: skip
        return out


def int_option(kind: str, options: dict[str, str], name: str, default: int, lo: int,
                hi: int | None = None) -> int:  # fmt: skip
    text = options.get(name, str(default))
    try:
        v = int(text)
    except ValueError:
        v = lo - 1
    if v < lo or (hi is not None and v > hi):
        allowed = f"{lo}-{hi}" if hi is not None else f"an integer >= {lo}"
        raise ValueError(f"{kind}: {name} must be {allowed}; got {text!r}")
    return v


def check_options(kind: str, options: dict[str, str], off: tuple[str, ...],
                  known: Sequence[str]) -> None:  # fmt: skip
    """Reject hint switches and unknown options, naming the known ones."""
    if off:
        raise ValueError(f"{kind} takes no hint switches; got {', '.join('-' + o for o in off)}")
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{kind}: unknown option {unknown[0]!r}; options: "
                         f"{', '.join(sorted(known))}")  # fmt: skip


def check_game(kind: str, game: Any) -> None:
    if not hasattr(getattr(game, "rules", None), "backgammon_value"):
        raise ValueError(f"{kind} plays hoyle_backgammon only, not {game}")


def value_function(kind: str, game: Any, value: str, weights: str | None) -> ValueFn:
    """The value function named ``value`` for ``game`` (``td`` loads ``weights``, by default
    the committed network)."""
    bv, rule = int(game.rules.backgammon_value), str(game.rules.gammon_rule)
    if value == "pips":
        if weights is not None:
            raise ValueError(f"{kind}: weights= goes with value=td only")
        return lambda positions: pip_values(positions, bv, rule)
    if value == "td":
        from hoyle.agents.td import load_network

        net = load_network(weights)
        return lambda positions: net.equities(positions, bv, rule)
    raise ValueError(f"{kind}: value must be one of {', '.join(VALUES)}; got {value!r}")


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """Build ``expectimax:ply=N,value=td|pips[,weights=PATH][,root=K][,width=K]``."""
    check_options("expectimax", options, off, ("ply", "value", "weights", "root", "width"))
    check_game("expectimax", game)
    ply = int_option("expectimax", options, "ply", 1, 0, MAX_PLY)
    root = int_option("expectimax", options, "root", DEFAULT_ROOT[ply], 0)
    width = int_option("expectimax", options, "width", 2, 0)
    value = value_function("expectimax", game, options.get("value", "td"),
                           options.get("weights"))  # fmt: skip
    return SearchBot(game, value, ply, root, width, seed, spec)


def td_from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """Build ``td[:weights=PATH][,ply=0|1][,root=K]``: the TD network's own player, this
    search at ply 0 or 1 over the network's equities (agent kind ``td``)."""
    check_options("td", options, off, ("weights", "ply", "root"))
    check_game("td", game)
    ply = int_option("td", options, "ply", 0, 0, 1)
    root = int_option("td", options, "root", 8, 0)
    value = value_function("td", game, "td", options.get("weights"))
    return SearchBot(game, value, ply, root, 2, seed, spec)


__all__ = ["SearchBot", "from_spec", "pip_values", "search_values", "td_from_spec"]
