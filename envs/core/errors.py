"""Errors raised at the boundaries of hoyle (the OpenSpiel adapter, wrappers, files, the CLI).

Every hoyle error is also a ``pyspiel.SpielError``, so code written for OpenSpiel (``except
pyspiel.SpielError``) catches it; each also derives from the Python error that fits
(``ValueError``, ``TypeError``, ``KeyError``), so plain Python code catches it too.

Rule functions trust their caller; the boundary checks legality once, through the game's own
``legal_actions``, and raises :class:`IllegalActionError` naming the action, the player and the
legal actions in that player's words, leaving the state unchanged. **No message shows a card
the player cannot see**: a harness may hand an error's text to the player or to a bot. The
whole table is shown only on request (``str(state)``, the debug view).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyspiel

MAX_SHOWN = 40
"""Legal actions listed in an :class:`IllegalActionError` before the rest is counted."""


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` on one line and at most ``limit`` characters; never raises (an int too
    long for ``repr``, or a broken ``__repr__``, is named by its type): an error message about
    a bad input must be buildable whatever the input.

    >>> shown(10**5000)
    'an int that cannot be shown'
    """
    kind = type(value).__name__
    try:
        text = " ".join(repr(value).split())
    except Exception:
        text = f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind} that cannot be shown"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class HoyleError(pyspiel.SpielError):  # type: ignore[misc]
    """Base class of hoyle's own errors (a ``pyspiel.SpielError``)."""


class IllegalActionError(HoyleError, ValueError):
    """An action that is not legal in the current state (the state is left unchanged).

    ``action``: what was asked; ``player``: who was to act (``None`` when not known);
    ``legal``: the legal actions; ``names``: their names in the player's words (the same
    order), when known. ``state`` is an optional view *the acting player may see* (his own
    observation), shown below the message; never the whole table.
    """

    def __init__(
        self,
        action: int,
        legal: Sequence[int],
        state: str = "",
        detail: str = "",
        *,
        player: int | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        self.action = action
        self.player = player
        self.legal = tuple(legal)
        self.names = tuple(names) if names is not None else None
        if self.names is not None:
            items = [f"{a} ({n})" for a, n in zip(self.legal, self.names, strict=True)]
        else:
            items = [str(a) for a in self.legal]
        listed = ", ".join(items[:MAX_SHOWN])
        if len(items) > MAX_SHOWN:
            listed += f", ... ({len(items)} in all)"
        who = f" for player {player}" if player is not None and player >= 0 else ""
        msg = f"illegal action {shown(action)}{who}"
        if detail:
            msg += f": {detail}"
        if items:
            msg += f"; legal actions are [{listed}]"
        elif not detail:
            msg += "; no action is legal here"
        if state:
            msg += f"; the player's view:\n{state}"
        super().__init__(msg)


class ActionTypeError(HoyleError, TypeError):
    """An action that is not an int at all (``"0"``, ``0.5``, ``inf``, ``None``, ``True``)."""

    def __init__(self, value: object, num_actions: int | None = None) -> None:
        self.value = value
        where = f" in 0..{num_actions - 1}" if num_actions else ""
        super().__init__(
            f"an action must be an int{where}; got {shown(value)} ({type(value).__name__})"
        )


class StateFormatError(HoyleError, ValueError):
    """A serialized state that is malformed, of another game, or whose history does not replay."""


class UnknownGameError(HoyleError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class GameParameterError(HoyleError, ValueError):
    """A bad game parameter: unknown name, wrong type or a value outside its choices."""
