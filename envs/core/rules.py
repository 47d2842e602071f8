"""The contract between a pure rules module and the shared OpenSpiel adapter.

A game is a :class:`Rules` object built from its parameters plus a plain state object. The
rules hold no pyspiel, gym, numpy-per-step or randomness; the adapter (``spiel.py``) turns any
``Rules`` into a registered ``pyspiel.Game``. Everything a game must say is here, once.

A rules state is a :class:`PlainState`: ``__slots__`` of immutable values (ints, int bitmasks
of cards, tuples, ``None``), so that copying it is a shallow copy of a few slots. OpenSpiel
clones a Python state by deep-copying its ``__dict__``; ``PlainState.__deepcopy__`` makes that
the cheap shallow copy, which is correct precisely because no slot holds a mutable value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, cast

CHANCE = -1
"""``current_player`` of a chance node (``pyspiel.PlayerId.CHANCE``)."""
TERMINAL = -4
"""``current_player`` of a finished game (``pyspiel.PlayerId.TERMINAL``)."""

ProbabilitySampler = Callable[[], float]
"""A source of uniform floats in [0, 1), such as ``pyspiel.UniformProbabilitySampler``."""


class PlainState:
    """Base of every rules state: slots of immutable values, copied shallowly.

    Subclasses declare ``__slots__``; every slot must hold an immutable value, and rules
    replace values rather than mutate them (``s.hand = s.hand | bit``, not ``list.append``).

    ``legal_cache`` belongs to the adapter: it memoizes ``legal_actions`` between two actions
    (the adapter checks each action's legality, and a playout asks for the legal actions
    first, so without it they would be computed twice). It is not part of the state's value.
    """

    __slots__: ClassVar[tuple[str, ...]] = ("legal_cache",)
    legal_cache: tuple[int, ...] | None

    def copy(self: _S) -> _S:
        """A copy that shares the (immutable) slot values.

        Every clone and every search step copies a state, so each class gets its own copy
        function, written out slot by slot on first use (:func:`_copier`): a third of the
        time of a loop over the slot names with ``getattr`` / ``setattr``.
        """
        cls = type(self)
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _copier(cls)
        return cast(_S, copier(self))

    def __deepcopy__(self: _S, memo: dict[int, Any]) -> _S:
        del memo  # Unused: every slot is immutable.
        return self.copy()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _all_slots(type(self)))

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in _all_slots(type(self))))

    def __getstate__(self) -> dict[str, Any]:
        return {n: getattr(self, n) for n in _all_slots(type(self))}

    def __setstate__(self, d: Mapping[str, Any]) -> None:
        for k, v in d.items():
            object.__setattr__(self, k, v)
        self.legal_cache = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in _all_slots(type(self)))
        return f"{type(self).__name__}({fields})"


_S = TypeVar("_S", bound=PlainState)
_SLOTS_CACHE: dict[type, tuple[str, ...]] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    slots = _SLOTS_CACHE.get(cls)
    if slots is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            if klass is not PlainState:
                names.extend(klass.__dict__.get("__slots__", ()))
        slots = _SLOTS_CACHE[cls] = tuple(names)
    return slots


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copier(cls: type) -> Callable[[Any], Any]:
    """A function copying a ``cls`` state: one assignment per slot, written out (as
    ``dataclasses`` writes its ``__init__``). The slot names come from the class's own
    ``__slots__`` declarations (identifiers by construction), never from data."""
    names = _all_slots(cls)
    for n in names:
        if not n.isidentifier():
            raise TypeError(f"{cls.__name__}: slot {n!r} is not an identifier")
    lines = ["def copy(self):", "    new = _new(_cls)"]
    lines += [f"    new.{n} = self.{n}" for n in names]
    lines += ["    new.legal_cache = getattr(self, 'legal_cache', None)", "    return new"]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # the source is made above from slot names only
    fn: Callable[[Any], Any] = scope["copy"]
    return fn


_Tuple = TypeVar("_Tuple", bound=tuple[Any, ...])


def replace_at(t: _Tuple, i: int, v: Any) -> _Tuple:
    """``t`` with entry ``i`` replaced by ``v``: how rules change one seat's entry of a tuple
    slot (a state's slots are immutable; rules replace values, never mutate them).

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return cast(_Tuple, (*t[:i], v, *t[i + 1 :]))


def seat_words(p: int) -> str:
    """Who ``current_player`` names, in words: ``player 2``, ``chance``, ``nobody (game over)``."""
    return "chance" if p == CHANCE else "nobody (game over)" if p == TERMINAL else f"player {p}"


S = TypeVar("S", bound=PlainState)


class Rules(Protocol[S]):
    """What a rules object provides. Built once per parameter set; shared by all states.

    Sizes (declared from the parameters, used for ``pyspiel.GameInfo``):
    ``num_players``, ``num_distinct_actions``, ``max_chance_outcomes``, ``min_utility``,
    ``max_utility``, ``utility_sum`` (``None`` unless constant-sum), ``max_game_length``
    (decisions only) and ``max_chance_nodes`` (chance nodes in one history).

    A game with hidden cards also declares them for the determinizer
    (:class:`hoyle.envs.core.determinize.DeclaresHidden`); without that declaration the
    determinizer returns the true history (perfect information).
    """

    num_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_game_length: int
    max_chance_nodes: int

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> S:
        """The state before the first chance node (shuffle/deal) or first decision."""

    def current_player(self, s: S) -> int:
        """The player to act, ``CHANCE`` or ``TERMINAL``."""

    def legal_actions(self, s: S) -> list[int]:
        """Sorted legal actions of the player to act (empty at chance and terminal nodes)."""

    def chance_outcomes(self, s: S) -> list[tuple[int, float]]:
        """Outcomes and exact probabilities at a chance node, sorted by outcome."""

    def apply_action(self, s: S, action: int) -> None:
        """Apply a legal action (or chance outcome) in place. Trusts its caller."""

    def returns(self, s: S) -> list[float]:
        """Each player's return so far (the stakes at the end)."""

    def action_to_string(self, s: S, player: int, action: int) -> str:
        """The action in the book's words; unique among the actions legal in ``s``."""

    def state_string(self, s: S) -> str:
        """The whole table, every card shown (for debugging and logs)."""

    # --- information -----------------------------------------------------------------------
    def player_view(self, s: S, player: int) -> Any:
        """What ``player`` can see: own cards, the table, public history; nothing hidden."""

    def tensor_pieces(self, perfect_recall: bool) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Named pieces of the observation (or information-state) tensor, with shapes."""

    def encode_view(self, view: Any, out: Mapping[str, Any], perfect_recall: bool) -> None:
        """Write ``view`` into the zeroed numpy arrays ``out[name]`` of ``tensor_pieces``."""

    def view_string(self, view: Any, perfect_recall: bool) -> str:
        """The view as text; with perfect recall, including every event the player saw."""

    def card_zones(self, s: S) -> Mapping[str, int]:
        """Every zone of cards (hands, table, piles, stock) as a bitmask, for the conformance
        suite's "every card in exactly one place" check; the masks must partition the pack."""
