"""GNU Backgammon's evaluator as the judge of the book's backgammon advice.

The hint experiments need gnubg's outcome probabilities after a play, cached, and a way to
swap in a fake evaluator in tests (:class:`Evaluator`). The gnubg calls themselves are the
``gnubg`` agent's (:mod:`hoyle.agents.gnubg_bot`: the board's orientation, the cube and eval
contexts, the lazy import with its install message), so there is one wrapper of gnubg.

The equity is *cubeless* (the book has no doubling cube) with the book's values (hit 1, gammon 2,
backgammon 3, or 4 "by agreement"). Every play is scored by evaluating its resulting position
(never gnubg's move tuples, which stop at the first man borne off).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from hoyle.agents.gnubg_bot import GnubgUnavailable, equity, import_gnubg, outcomes_on_roll
from hoyle.envs.games.backgammon import NUM_MEN, OFF, Position, game_value

GnubgMissing = GnubgUnavailable
"""gnubg is not installed (the gnubg agent's error; its message says how to install it)."""
PLY_SPEC = re.compile(r"^gnubg(?::.*?\bply=(\d+))?")


def gnubg_available() -> bool:
    try:
        import_gnubg()
    except GnubgUnavailable:
        return False
    return True


def ply_of(spec: str, default: int) -> int:
    """The ply of a ``gnubg:ply=N`` agent spec; ``default`` for any other spec.

    >>> ply_of("gnubg:ply=2", 0), ply_of("gnubg", 1), ply_of("ismcts:sims=25", 0)
    (2, 1, 0)
    """
    m = PLY_SPEC.match(spec.strip())
    if not m:
        return default
    return int(m.group(1)) if m.group(1) else default


@dataclass(frozen=True)
class Probs:
    """Outcome probabilities for the player who just moved: win, win a gammon (or better), win
    a backgammon, lose a gammon (or worse), lose a backgammon (gnubg's cumulative convention)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    def equity(self, backgammon_value: int = 3) -> float:
        """Cubeless equity with hit 1, gammon 2, backgammon ``backgammon_value``."""
        p = (self.win, self.win_gammon, self.win_backgammon, self.lose_gammon,
             self.lose_backgammon)  # fmt: skip
        return float(equity(np.asarray(p), backgammon_value))


class Evaluator(Protocol):
    """What the experiments need: the probabilities after a play, for the player who moved."""

    name: str

    def probs_after(self, position: Position) -> Probs: ...


def _finished(position: Position, backgammon_value: int) -> Probs | None:
    """The exact outcome of a play that bears off the mover's last man (gnubg cannot value a
    board with no men of one side)."""
    mover, adversary = position
    if mover[OFF] < NUM_MEN:
        return None
    v = game_value(mover, adversary, backgammon_value)
    return Probs(1.0, float(v >= 2), float(v >= 3), 0.0, 0.0)


class GnubgEvaluator:
    """gnubg's neural-network evaluation at ``plies`` (0 = the net alone; 2 = what gnubg
    calls "world class" analysis without its move filters), cubeless, deterministic, cached."""

    def __init__(self, plies: int = 2, backgammon_value: int = 3) -> None:
        import_gnubg()  # GnubgUnavailable now, not at the first position
        self.plies = int(plies)
        self.backgammon_value = backgammon_value
        self.name = f"gnubg {self.plies}-ply (cubeless)"
        self._cached = functools.lru_cache(maxsize=1 << 16)(self._probs)

    def _probs(self, position: Position) -> Probs:
        done = _finished(position, self.backgammon_value)
        if done is not None:
            return done
        mover, adversary = position
        # The adversary is on roll: his outcomes, turned round for the mover.
        w, wg, wbg, lg, lbg = map(float, outcomes_on_roll(adversary, mover, self.plies))
        return Probs(1.0 - w, lg, lbg, wg, wbg)

    def probs_after(self, position: Position) -> Probs:
        return self._cached(position)

    def equity_after(self, position: Position) -> float:
        return self.probs_after(position).equity(self.backgammon_value)


def equities(
    ev: Evaluator, positions: Sequence[Position], backgammon_value: int = 3
) -> list[float]:
    return [ev.probs_after(p).equity(backgammon_value) for p in positions]
