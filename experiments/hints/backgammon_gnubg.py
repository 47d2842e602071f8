"""GNU Backgammon's evaluator as the judge of the book's backgammon advice.

A small, self-contained wrapper around the ``gnubg`` package (an optional extra: ``pip install
"hoyle[gnubg]"``; GPL-3, used as an outside referee only, DESIGN.md "Facts about GNU
Backgammon's Python package"). It values the position *after a play*, for the player who just
moved, the way every whole-throw agent does (``agents/throw.py``): the board is handed to gnubg
as (side not on roll, side on roll) = (mover, adversary), gnubg values it for the adversary on
roll, and the probabilities are turned round.

The equity is *cubeless* (the book has no doubling cube) and computed here from gnubg's five
probabilities with the book's values (hit 1, gammon 2, backgammon 3 by default, or 4 "by
agreement"), so it does not depend on gnubg's cube settings (Jacoby rule, gammon prices).

Every play is scored by evaluating its resulting position (never gnubg's move tuples, which stop
at the first man borne off).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from hoyle.envs.games.backgammon import BAR, NUM_MEN, OFF, Position, game_value

INSTALL_HINT = 'pip install "hoyle[gnubg]"'
PLY_SPEC = re.compile(r"^gnubg(?::.*?\bply=(\d+))?")


class GnubgMissing(ImportError):
    """gnubg is not installed; the message says how to install it."""


def require_gnubg() -> Any:
    """The ``gnubg`` module, imported on first use (it loads neural-network weights)."""
    try:
        import gnubg
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise GnubgMissing(
            f"GNU Backgammon's Python package is not installed ({e}); {INSTALL_HINT}"
        ) from None
    return gnubg


def gnubg_available() -> bool:
    try:
        require_gnubg()
    except GnubgMissing:
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
        extra = backgammon_value - 2
        return (
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + extra * (self.win_backgammon - self.lose_backgammon)
        )


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
    calls "world class" analysis without its move filters), cubeless, deterministic."""

    def __init__(self, plies: int = 2, backgammon_value: int = 3) -> None:
        self.gnubg = require_gnubg()
        self.plies = int(plies)
        self.backgammon_value = backgammon_value
        self.name = f"gnubg {self.plies}-ply (cubeless)"
        self._cube = self.gnubg.cube_info()
        self._ctx = self.gnubg.eval_context(0, self.plies)
        self._cached = functools.lru_cache(maxsize=1 << 16)(self._probs)

    def _probs(self, position: Position) -> Probs:
        done = _finished(position, self.backgammon_value)
        if done is not None:
            return done
        mover, adversary = position
        # gnubg: (side not on roll, side on roll), 25 values each: points 1-24, then the bar.
        board = (tuple(mover[1 : BAR + 1]), tuple(adversary[1 : BAR + 1]))
        w, wg, wbg, lg, lbg, _ = self.gnubg.evaluate(board, self._cube, self._ctx)
        # That is the adversary's view (he is on roll); turned round for the mover.
        return Probs(1.0 - w, lg, lbg, wg, wbg)

    def probs_after(self, position: Position) -> Probs:
        return self._cached(position)

    def equity_after(self, position: Position) -> float:
        return self.probs_after(position).equity(self.backgammon_value)


def equities(
    ev: Evaluator, positions: Sequence[Position], backgammon_value: int = 3
) -> list[float]:
    return [ev.probs_after(p).equity(backgammon_value) for p in positions]
