"""A player's view as typed data a renderer can lay out: zones of cards, counters, the log.

``rules.player_view(s, player)`` is each game's own record of what a player sees, shaped for
its encoder. ``rules.table_view(s, player)`` (:class:`ShowsTable`) says the same thing in one
vocabulary for every game, so that a front end (the terminal, the web table) draws a new game
without new code:

- :class:`Zone`: a place that holds cards: a hand, the trick, a widow, the stock, a pile of
  tricks won, the layout. Its ``cards`` are the ones the viewer can see (in the order the
  game shows them); ``hidden`` counts the ones he cannot (an adversary's hand, the stock);
  ``owner`` is the seat it belongs to (``None``: the table's); ``kind`` tells the renderer how
  to lay it out.
- :class:`Counter`: a number on the table: a score, a bid, a pool, tricks taken.
- the log: the events the viewer saw, in the game's words.

A table view is built from the player's view, never from the true state, so it can show
nothing the player could not see; the conformance suite checks that re-dealing what he has
not seen leaves it unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

ZONE_KINDS = ("hand", "trick", "pile", "row", "stock", "layout")
"""How a zone is laid out: a fanned ``hand``; the cards of the current ``trick``, one per seat;
a face-down or squared ``pile`` (tricks won, a widow, discards); a ``row`` of face-up cards (a
table, melds, a build); the ``stock``; a ``layout`` of named places (a grid, a board)."""


@dataclass(frozen=True)
class Zone:
    """Cards in one place, as the viewer sees them (``cards``) and does not (``hidden``)."""

    name: str
    kind: str
    cards: tuple[int, ...] = ()
    hidden: int = 0
    owner: int | None = None
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ZONE_KINDS:
            raise ValueError(f"zone kind {self.kind!r} is not one of {ZONE_KINDS}")


@dataclass(frozen=True)
class Counter:
    """A number on the table (a score, a bid, a pool), ``owner`` the seat it belongs to."""

    name: str
    value: float | int | str
    owner: int | None = None


@dataclass(frozen=True)
class TableView:
    """Everything ``player`` sees, laid out: whose turn, the zones, the counters, the log."""

    player: int
    to_move: int
    zones: tuple[Zone, ...] = ()
    counters: tuple[Counter, ...] = ()
    log: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(default=())

    def zone(self, name: str) -> Zone:
        """The zone called ``name``."""
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(f"no zone {name!r}; zones: {', '.join(z.name for z in self.zones)}")

    def seen_cards(self) -> frozenset[int]:
        """Every card shown face up to the viewer, in any zone."""
        return frozenset(c for z in self.zones for c in z.cards)


@runtime_checkable
class ShowsTable(Protocol):
    """Rules that lay out a player's view for a renderer."""

    def table_view(self, s: Any, player: int) -> TableView:
        """``player``'s view of ``s`` as zones, counters and the log (from ``player_view``)."""
