"""``gnubg:ply=N`` — GNU Backgammon's evaluator as an opponent, and as the referee of plays.

GNU Backgammon (gnubg) is the strongest free backgammon program. Its Python package (``gnubg``
on the package index, GPL-3) is an *optional extra*, ``pip install "hoyle[gnubg]"``, imported
only when a gnubg agent or the judge (:mod:`hoyle.experiments.judge`) is built; no gnubg code is
part of hoyle (DESIGN.md, "Facts about GNU Backgammon's Python package").

How a play is chosen
--------------------
The bot is a :class:`~hoyle.agents.throw.ValueBot`: every distinct legal play of the throw
(:func:`~hoyle.envs.games.backgammon.plays`, our rules, not gnubg's move generator) is applied,
and the position it leaves is valued by ``gnubg.evaluate`` with the adversary on roll; the
mover's equity is the negation. The play of highest equity is made. The book's opening choice
(take the opening dice or throw both again) compares the best play of the opening dice with the
expected best play of a fresh throw (``ValueBot.choose_opening``).

The equity is **cubeless money equity with gammons and backgammons**: from gnubg's outcome
probabilities (win, win a gammon, win a backgammon, lose a gammon, lose a backgammon; the gammon
probabilities include the backgammons) it is

    E = (2 p_win - 1) + (p_wg - p_lg) + (b - 2) (p_wbg - p_lbg)

with ``b`` the game's ``backgammon_value``. For ``b = 3`` this is exactly gnubg's own equity
(the tests check it), and it is the game's expected value (hit 1, gammon 2, backgammon 3).
A finished game (the mover has borne off his fifteenth man) is valued exactly,
:func:`~hoyle.envs.games.backgammon.game_value`. The cube is never used: ``cube_info()`` (a money
game, cube centred at 1) and ``eval_context(cubeful=False, plies=N)`` are passed explicitly.

Limits (ASSUMPTIONs)
--------------------
* ``backgammon_value=4`` ("quadruple by agreement"): gnubg's own equity counts a backgammon 3.
  This bot recomputes the equity from the probabilities with the game's value, so at ``ply=0``
  it maximises the game's equity under gnubg's outcome estimates; at ``ply >= 1`` gnubg's inner
  plies still choose the adversary's replies by *its* equity (backgammon 3), so the value is an
  approximation: building the bot warns (``UserWarning``) in that case.
* gnubg's network and its inner plies assume the modern rules (the larger die when only one can
  be played); our legal plays follow the game's parameters, so only the look-ahead of ``ply >= 1``
  can differ, and only in those rare throws.
* The value of a game (``gammon_rule``): gnubg's outcome probabilities are the modern rule's (a
  loser who has borne off a man is never gammoned). The game's default is the book's rule (a
  loser hit after he began bearing off, with a man on the bar or in the winner's home table,
  loses a backgammon): a finished game is still valued exactly by the game's rule, but gnubg's
  estimates of unfinished positions miss those late backgammons, an approximation in the rare
  positions where a side that has borne off men still has one back. With
  ``gammon_rule=modern`` the bot's values are gnubg's own.
* A series (``games > 1``) is played game by game: each game's equity is maximised, ignoring
  that the winner of a hit throws first in the next game.
* The ``max_turns`` bound (a drawn game after 1000 throws) is ignored, as it never binds.

Time per call of ``evaluate`` (DESIGN.md): ~0.01 ms at 0-ply, ~5 ms at 1-ply, ~25 ms at 2-ply,
times ~20 plays a throw; 0-ply and 1-ply play whole games quickly, 2-ply suits few positions.

Options (``gnubg:ply=1``)
-------------------------
=====  =======  ================================================================
option default  meaning
=====  =======  ================================================================
ply    0        gnubg's look-ahead: 0 (the network), 1 or 2 (plies of expectimax)
=====  =======  ================================================================
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from hoyle.agents.throw import ValueBot
from hoyle.envs.core.errors import HoyleError
from hoyle.envs.games.backgammon import (
    BAR,
    NUM_MEN,
    OFF,
    Move,
    Position,
    Side,
    game_value,
    plays,
    step,
)

PLIES = (0, 1, 2)
INSTALL_HINT = 'pip install "hoyle[gnubg]"'
GNUBG_START_ID = "4HPwATDgc/ABMA"
"""gnubg's position id of the starting position (the same for either side on roll)."""

Board = tuple[tuple[int, ...], tuple[int, ...]]
"""gnubg's board: (side not on roll, side on roll), each 25 counts in its own numbering, points
1-24 at indices 0-23 and the bar at 24 (men borne off are not listed)."""


class GnubgUnavailable(HoyleError, ImportError):
    """The optional ``gnubg`` package is not installed (a :class:`HoyleError`, so the command
    line reports it as a usage error with the install command)."""


def import_gnubg() -> Any:
    """The ``gnubg`` module, imported on first use, or :class:`GnubgUnavailable` saying how to
    install it."""
    try:
        import gnubg
    except ImportError:
        raise GnubgUnavailable(
            "the gnubg agent and judge need GNU Backgammon's Python package, an optional "
            f"extra: {INSTALL_HINT}"
        ) from None
    return gnubg


_CONTEXTS: dict[int, tuple[Any, Any]] = {}


def _contexts(ply: int) -> tuple[Any, Any]:
    """``(cube_info, eval_context)`` for a cubeless evaluation at ``ply`` (built once)."""
    if ply not in PLIES:
        raise ValueError(f"gnubg ply must be one of {', '.join(map(str, PLIES))}; got {ply!r}")
    if ply not in _CONTEXTS:
        gnubg = import_gnubg()
        # Passing None fails with a SystemError (DESIGN.md): both are given explicitly.
        _CONTEXTS[ply] = (gnubg.cube_info(), gnubg.eval_context(False, ply))
    return _CONTEXTS[ply]


def to_board(on_roll: Side, other: Side) -> Board:
    """gnubg's board of the position with ``on_roll`` to throw.

    Our :data:`~hoyle.envs.games.backgammon.Side` has index 0 borne off, 1-24 the points and 25
    the bar, in its owner's numbering (1 his ace point); gnubg lists each side in its own
    numbering too, points 1-24 then the bar, and puts the side *not* on roll first.

    >>> from hoyle.envs.games.backgammon import START
    >>> to_board(START, START)[1][:8]
    (0, 0, 0, 0, 0, 5, 0, 3)
    """
    return tuple(other[1 : BAR + 1]), tuple(on_roll[1 : BAR + 1])


def from_board(board: Board) -> Position:
    """``(on_roll, other)`` sides of a gnubg board (the inverse of :func:`to_board`)."""
    other, on_roll = board

    def side(counts: Sequence[int]) -> Side:
        return (NUM_MEN - sum(counts), *counts)

    return side(on_roll), side(other)


def position_id(on_roll: Side, other: Side) -> str:
    """gnubg's position id of the position with ``on_roll`` to throw."""
    return str(import_gnubg().position_id(to_board(on_roll, other)))


def outcomes_on_roll(on_roll: Side, other: Side, ply: int = 0) -> np.ndarray:
    """gnubg's outcome probabilities for the side on roll: win, win a gammon, win a
    backgammon, lose a gammon, lose a backgammon (gammons include backgammons)."""
    gnubg = import_gnubg()
    ci, ec = _contexts(ply)
    return np.asarray(gnubg.evaluate(to_board(on_roll, other), ci, ec)[:5], dtype=float)


def equity(p: np.ndarray, backgammon_value: int = 3) -> np.ndarray:
    """Cubeless equity of outcome probabilities (rows of win, wg, wbg, lg, lbg)."""
    p = np.asarray(p, dtype=float)
    e = (2 * p[..., 0] - 1) + (p[..., 1] - p[..., 3])
    return np.asarray(e + (backgammon_value - 2) * (p[..., 2] - p[..., 4]), dtype=float)


def equity_after(
    positions: Iterable[Position], ply: int = 0, backgammon_value: int = 3,
    gammon_rule: str = "book",
) -> np.ndarray:  # fmt: skip
    """The equity, for the player who has just moved, of each position after his play
    (``(mover, adversary)``, the adversary now on roll), as gnubg judges it at ``ply``.

    A position in which the mover has borne off all his men is a finished game: its value is
    exact (hit 1, gammon 2, backgammon ``backgammon_value``, by the game's ``gammon_rule``).
    """
    gnubg = import_gnubg()
    ci, ec = _contexts(ply)
    out = []
    for mover, adversary in positions:
        if mover[OFF] == NUM_MEN:
            out.append(float(game_value(mover, adversary, backgammon_value, gammon_rule)))
            continue
        win, wg, wbg, lg, lbg = gnubg.evaluate(to_board(adversary, mover), ci, ec)[:5]
        # The adversary's outcomes, seen from the mover: his losses are the mover's wins.
        out.append((1 - 2 * win) + (lg - wg) + (backgammon_value - 2) * (lbg - wbg))
    return np.asarray(out, dtype=float)


def best_and_chosen(
    mover: Side,
    adversary: Side,
    dice: Sequence[int],
    chosen: Position,
    ply: int = 0,
    *,
    larger_die: bool = False,
    backgammon_value: int = 3,
    gammon_rule: str = "book",
) -> tuple[float, float, int, Position]:
    """How good a play was: ``(best equity, chosen equity, distinct plays, best position)``.

    Every legal play of ``dice`` from ``(mover, adversary)`` (the mover on roll) is valued by
    :func:`equity_after`; ``chosen`` is the position the mover's play left (mover first). The
    equity loss of the play is ``best - chosen`` (0 for gnubg's own choice at the same ply).
    """
    options = sorted(plays(mover, adversary, tuple(dice), larger_die))
    if chosen not in options:
        raise ValueError("the chosen position is not the result of a legal play of the throw")
    values = equity_after(options, ply, backgammon_value, gammon_rule)
    best = int(np.argmax(values))
    return float(values[best]), float(values[options.index(chosen)]), len(options), options[best]


def apply_moves(mover: Side, adversary: Side, moves: Iterable[Move]) -> Position:
    """The position ``(mover, adversary)`` after single-man ``moves`` (trusted legal)."""
    for src, die in moves:
        mover, adversary, _ = step(mover, adversary, src, die)
    return mover, adversary


class GnubgBot(ValueBot):
    """Plays the play gnubg values highest at ``ply`` (see the module docstring)."""

    def __init__(self, game: Any, seed: int = 0, ply: int = 0, name: str = "") -> None:
        import_gnubg()  # Fail now, with the install hint, not at the first move.
        if ply not in PLIES:
            raise ValueError(f"gnubg: ply must be one of {', '.join(map(str, PLIES))}; got {ply}")
        super().__init__(game, seed, name or f"gnubg:ply={ply}")
        rules = getattr(game, "rules", None)
        if rules is None or not hasattr(rules, "backgammon_value"):
            raise ValueError(f"the gnubg agent plays backgammon only; got {game}")
        self.ply = ply
        self.backgammon_value = int(rules.backgammon_value)
        self.gammon_rule = str(rules.gammon_rule)
        if self.backgammon_value != 3 and ply > 0:
            warnings.warn(
                f"gnubg counts a backgammon 3, the game {self.backgammon_value}: the equity is "
                f"recomputed with {self.backgammon_value}, but gnubg's {ply}-ply look-ahead "
                "still chooses replies by its own values (an approximation)",
                UserWarning,
                stacklevel=2,
            )

    def values(self, positions: Sequence[Position]) -> np.ndarray:
        return equity_after(positions, self.ply, self.backgammon_value, self.gammon_rule)


OPTIONS_DOC = "ply=0|1|2 (gnubg's look-ahead, default 0)"


def from_spec(
    game: Any, options: Mapping[str, str], off: tuple[str, ...], seed: int, spec: str
) -> GnubgBot:
    """``gnubg:ply=N`` (N in 0, 1, 2; default 0)."""
    if off:
        raise ValueError(f"gnubg takes no switches (-name); got {', '.join(off)}; its options: "
                         f"{OPTIONS_DOC}")  # fmt: skip
    unknown = sorted(set(options) - {"ply"})
    if unknown:
        raise ValueError(f"gnubg has no option {unknown[0]!r}; its options: {OPTIONS_DOC}")
    text = options.get("ply", "0")
    if text not in {str(p) for p in PLIES}:
        raise ValueError(f"gnubg: bad value ply={text!r}: choose one of "
                         f"{', '.join(map(str, PLIES))}")  # fmt: skip
    return GnubgBot(game, seed, int(text), name=spec)


__all__ = [
    "GNUBG_START_ID", "INSTALL_HINT", "PLIES", "GnubgBot", "GnubgUnavailable", "apply_moves",
    "best_and_chosen", "equity", "equity_after", "from_board", "from_spec", "import_gnubg",
    "outcomes_on_roll", "position_id", "to_board",
]  # fmt: skip
