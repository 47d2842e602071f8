"""Agents that choose a whole backgammon throw at once, then play it man by man.

Backgammon is played as single-man moves (``envs/games/backgammon.py``), but every serious
player -- the book's, gnubg, a TD network -- judges the *whole play* of a throw: the position it
leaves. :class:`ThrowBot` enumerates the distinct results of the legal plays
(:func:`~hoyle.envs.games.backgammon.plays`), asks its subclass to choose one, and then emits
that play's moves one per ``step``, recomputing if the state is not the one it expected (so one
bot may also be handed a state in the middle of a throw).

:class:`ValueBot` is the common case: a value function over the positions after a play (the
equity of the player who just moved) picks the best play, and decides the book's opening
choice -- take the opening dice or throw both again -- by comparing the value of the best play
of the opening dice with the expected value of the best play of a fresh throw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoyle.agents.base import HoyleBot
from hoyle.envs.games.backgammon import (
    OPENING_CHOICE,
    REROLL_ACTION,
    TAKE_ACTION,
    THROWS,
    WHITE,
    Move,
    Position,
    dice_to_play,
    move_action,
    plays,
    step,
    without_die,
)

Play = tuple[Position, tuple[Move, ...]]
"""A play of a throw: the position it leaves (mover first) and one move sequence reaching it."""


def throw_plays(state: Any) -> list[Play]:
    """The distinct legal plays of what is left of the throw in ``state`` (a pyspiel state of
    ``hoyle_backgammon`` at a move decision), in a fixed order."""
    s, rules = state.s, state.rules
    mover, adversary = rules.position(s)
    larger = rules.larger_die and not s.played
    return sorted(plays(mover, adversary, s.dice_left, larger).items())


class ThrowBot(HoyleBot):
    """Chooses a whole play per throw (``choose_play``) and plays it out move by move."""

    def __init__(self, game: Any, seed: int = 0, name: str = "") -> None:
        super().__init__(game, seed, name)
        self._plan: list[Move] = []
        self._expect: Any = None

    def choose_play(self, state: Any, options: Sequence[Play]) -> int:
        """The index in ``options`` of the play to make."""
        raise NotImplementedError

    def choose_opening(self, state: Any) -> int:
        """``TAKE_ACTION`` or ``REROLL_ACTION`` at the book's opening choice (default: take)."""
        del state
        return TAKE_ACTION

    def step(self, state: Any) -> int:
        s = state.s
        if s.phase == OPENING_CHOICE:
            return self.choose_opening(state)
        if not (self._plan and self._expect == (s.men, s.turn, s.dice_left)):
            options = throw_plays(state)
            self._plan = list(options[self.choose_play(state, options)][1])
        src, die = self._plan.pop(0)
        # The state the rest of the plan expects (checked at the next step): this man moved.
        me = s.turn
        mover, adversary, _ = step(s.men[me], s.men[1 - me], src, die)
        men = (mover, adversary) if me == WHITE else (adversary, mover)
        self._expect = (men, me, without_die(s.dice_left, die))
        return move_action(src, die)


class ValueBot(ThrowBot):
    """A :class:`ThrowBot` that plays the play of highest ``values``."""

    def values(self, positions: Sequence[Position]) -> np.ndarray:
        """The equity, for the player who has just moved, of each position after his play
        (``(mover, adversary)``, the adversary now on roll)."""
        raise NotImplementedError

    def choose_play(self, state: Any, options: Sequence[Play]) -> int:
        del state
        if len(options) == 1:
            return 0
        return int(np.argmax(self.values([pos for pos, _ in options])))

    def best_value(self, mover: Any, adversary: Any, dice: tuple[int, ...]) -> float:
        """The value of the best play of ``dice`` from ``(mover, adversary)``."""
        options = list(plays(mover, adversary, dice, self.game.rules.larger_die))
        return float(np.max(self.values(options)))

    def choose_opening(self, state: Any) -> int:
        s, rules = state.s, state.rules
        mover, adversary = rules.position(s)
        take = self.best_value(mover, adversary, dice_to_play(*s.opening))
        again = sum(p * self.best_value(mover, adversary, dice_to_play(h, lo))
                    for h, lo, p in THROWS)  # fmt: skip
        return TAKE_ACTION if take >= again else REROLL_ACTION
