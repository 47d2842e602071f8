"""What a game, its rules or a bot may offer beyond the contract, as typed protocols.

Agents and wrappers ask ``isinstance(rules, CardPlayRules)`` rather than
``hasattr(rules, "card_play")``: the protocol names the capability once, with its signature,
so a typo in a probe cannot silently turn a capability off, a type checker sees what the
capability returns, and a new game reads here what it may declare. All are
``runtime_checkable`` (``isinstance`` checks that the members exist; the signatures are for
mypy and the reader).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from hoyle.envs.core.events import EventSchema
    from hoyle.envs.core.registry import GameSpec


@runtime_checkable
class HoyleGame(Protocol):
    """A hoyle ``pyspiel.Game``: its pure rules object and its registered spec (OpenSpiel's own
    games have neither)."""

    rules: Any
    spec: GameSpec


@runtime_checkable
class BackgammonRules(Protocol):
    """Rules of backgammon: the stake of a backgammon (the book's treble, or a parameter), by
    which outside engines (gnubg, the expectimax values) recognise the game they can play."""

    backgammon_value: int


@runtime_checkable
class CardPlayRules(Protocol):
    """Rules whose trick play a double-dummy searcher can solve: ``card_play(s)`` is the
    position (hands, trick, sides, points) or ``None`` outside the card play."""

    def card_play(self, s: Any) -> Any: ...


@runtime_checkable
class KeepsEventLog(Protocol):
    """Rules whose information state is the core's event log: the state's ``log`` slot,
    declared by ``event_schema`` and encoded into the information-state piece
    ``event_schema.piece()`` (:mod:`hoyle.envs.core.events`). The observers then offer the
    perfect-recall kinds that need the log cut by who saw what (public, all players)."""

    event_schema: EventSchema


@runtime_checkable
class ExplainsIllegal(Protocol):
    """Rules that can say why an action is refused, in the rule's terms ("you must follow suit
    (hearts): you hold ♥7", "no man of yours on point 7"), or ``None`` where they have nothing
    better than "not a legal move". The adapter asks only on the error path (an illegal action
    applied, a typed move naming an illegal action: :mod:`hoyle.envs.core.moves`), never in
    legal play, so a reason costs nothing there; ``action`` is any int of the action space
    that is not legal in ``s`` for the player to move. The reason speaks to that player and
    may name only what he sees (his own cards, the table). PokerKit's ``verify_*`` methods and
    python-chess's ``IllegalMoveError`` are the models."""

    def illegal_reason(self, s: Any, action: int) -> str | None: ...


F = TypeVar("F", bound=Callable[..., Any])

MEMORYLESS = "__hoyle_memoryless__"
"""The mark :func:`memoryless` sets on an ``inform_action`` that ignores what it is told."""


def memoryless(method: F) -> F:
    """Mark a bot's ``inform_action`` as one that keeps nothing, so an environment need not call
    it on every move (hoyle's agents read the state they are given and remember no history)."""
    setattr(method, MEMORYLESS, True)
    return method


@runtime_checkable
class StepsOnRules(Protocol):
    """A bot that can choose from the rules state itself, with no ``pyspiel.State`` around it.

    ``step_rules(rules, s, legal)`` is the move ``step(state)`` would make on the
    ``pyspiel.State`` whose rules state is ``s`` (``legal``: its legal actions, in the order
    ``state.legal_actions()`` lists them), drawing the same numbers from the bot's randomness,
    so an episode is the same whichever is called. The Gymnasium environment then runs over
    the rules directly, as the PettingZoo one does, instead of through OpenSpiel's trampolines
    at every deal and every move of the other seats. hoyle's random and heuristic agents offer
    it; any other bot, or a bot that keeps memory (``inform_action``), plays on a
    ``pyspiel.State`` as before. Like ``step``, it may read only what the player to move
    sees."""

    def step_rules(self, rules: Any, s: Any, legal: Sequence[int]) -> int: ...


_DECLARES: dict[tuple[type, type], bool] = {}


def declares(obj: Any, protocol: type) -> bool:
    """``isinstance(obj, protocol)`` for a runtime-checkable protocol, once per class of
    ``obj``: the check walks the protocol's attributes each time (microseconds, at every
    re-deal of a search and every reset of an environment)."""
    key = (type(obj), protocol)
    known = _DECLARES.get(key)
    if known is None:
        known = _DECLARES[key] = isinstance(obj, protocol)
    return known


def steps_on_rules(bot: Any) -> bool:
    """Whether ``bot`` offers :class:`StepsOnRules` (checked once per class)."""
    return declares(bot, StepsOnRules)


def keeps_memory(bot: Any) -> bool:
    """Whether ``bot`` must be told every action (``inform_action``): any bot whose
    ``inform_action`` is its own, not OpenSpiel's base one nor one marked :func:`memoryless`."""
    import pyspiel

    method = getattr(type(bot), "inform_action", None)
    if method is None or method is pyspiel.Bot.inform_action:
        return False
    return not getattr(method, MEMORYLESS, False)


__all__ = [
    "BackgammonRules",
    "CardPlayRules",
    "ExplainsIllegal",
    "HoyleGame",
    "KeepsEventLog",
    "StepsOnRules",
    "declares",
    "keeps_memory",
    "memoryless",
    "steps_on_rules",
]
