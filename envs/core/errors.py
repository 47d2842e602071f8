"""Errors raised at the boundaries of hoyle (the OpenSpiel adapter, wrappers, the CLI).

Rule functions trust their caller; the boundary checks legality once, through the game's own
``legal_actions``, and raises :class:`IllegalActionError` naming the action, the legal set and
the state, leaving the state unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence


class HoyleError(Exception):
    """Base class of hoyle's own errors."""


class IllegalActionError(HoyleError, ValueError):
    """An action that is not legal in the current state."""

    def __init__(self, action: int, legal: Sequence[int], state: str = "", detail: str = ""):
        self.action = action
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal[:40])
        if len(self.legal) > 40:
            shown += f", ... ({len(self.legal)} in all)"
        msg = f"illegal action {action}"
        if detail:
            msg += f" ({detail})"
        msg += f"; legal actions are [{shown}]"
        if state:
            msg += f" in state:\n{state}"
        super().__init__(msg)


class UnknownGameError(HoyleError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class GameParameterError(HoyleError, ValueError):
    """A bad game parameter: unknown name, wrong type or a value outside its choices."""
