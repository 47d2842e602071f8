"""A player's table drawn in text for ``hoyle play``: the deal in one line, grids, a board.

Everything here is drawn from ``rules.table_view(s, player)``
(:class:`~hoyle.envs.core.table.TableView`), which each game builds from the player's own view,
so nothing drawn can show a card he could not see: a zone's ``cards`` are the cards he sees
and ``hidden`` only counts the others.

* :func:`deal_line`: what a deal left on the table, in one line ("your hand: ♠2 ♣7 ...; the
  adversary's hand: 7 cards unseen; the stock: 18 cards unseen"), told instead of one line a
  card.
* :func:`layout_grid`: the places of a patience layout (zones of kind ``layout`` labelled
  "row R, col C": Poker Patience's square, Serpent's path) as a grid, ``··`` for an empty
  place the square may still cover.
* :func:`backgammon_board`: the 24 points, the bar and the men borne off, drawn from the
  viewer's side of the board: his tables nearest him (the bottom half), his home table on the
  right ("With the men placed as in Fig. 1, the right hand is the inner or home table",
  Hoffmann, *Hoyle's Games Modernized*, BACKGAMMON), its ace point farthest from the bar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hoyle.envs.core.cards import cards_text, format_card
from hoyle.envs.core.table import Counter, TableView

_PLACE = re.compile(r"row (-?\d+), col (-?\d+)")
EMPTY_PLACE = "··"
"""An empty place of a layout that a card may still cover."""
MAX_STACK = 5
"""Men drawn on a point before the rest are written as a number."""


def _zone_text(cards: Sequence[int], hidden: int) -> str:
    unseen = f"{hidden} card{'s' if hidden != 1 else ''} unseen" if hidden else ""
    if cards and unseen:
        return f"{cards_text(cards)} and {unseen}"
    return cards_text(cards) if cards else unseen


def deal_line(view: TableView) -> str:
    """What lies on the table as ``view``'s player sees it, in one line: each zone that holds
    cards, its cards seen and a count of those unseen; the layout's cards together."""
    parts: list[str] = []
    laid: list[int] = []
    for z in view.zones:
        if z.kind == "layout":
            laid += z.cards
            continue
        text = _zone_text(z.cards, z.hidden)
        mine = z.kind == "hand" and z.owner == view.player
        if text:
            parts.append(f"{'your hand' if mine else z.label or z.name}: {text}")
    if laid:
        parts.insert(0, f"the layout: {cards_text(laid)}")
    return "; ".join(parts)


def layout_grid(view: TableView, owner: int | None = None) -> list[str]:
    """The layout zones of ``owner`` (by default the viewer) as rows of a grid, one card a
    place; empty when the game has no layout. Only the places the game names are drawn."""
    who = view.player if owner is None else owner
    places: dict[tuple[int, int], str] = {}
    for z in view.zones:
        m = _PLACE.fullmatch(z.label)
        if z.kind != "layout" or m is None or z.owner not in (who, None):
            continue
        places[int(m[1]), int(m[2])] = format_card(z.cards[0]) if z.cards else EMPTY_PLACE
    if not places:
        return []
    rows = sorted({r for r, _ in places})
    cols = sorted({c for _, c in places})
    width = max(len(t) for t in places.values())
    lines = ["     " + " ".join(f"{c:>{width}}" for c in cols)]
    for r in range(rows[0], rows[-1] + 1):
        cells = [places.get((r, c), "").rjust(width) for c in range(cols[0], cols[-1] + 1)]
        lines.append(f"{r:>3}  " + " ".join(cells).rstrip())
    return lines


def _counters(view: TableView) -> dict[str, Counter]:
    return {c.name: c for c in view.counters}


def backgammon_board(view: TableView) -> list[str]:
    """The board as the viewer sees it from his seat: points 13-24 along the top, 12-1 along
    the bottom (his home table, 1-6, bottom right), the bar between the tables; ``X`` his men,
    ``O`` the adversary's, a number for more than :data:`MAX_STACK` on a point. Empty when
    ``view`` is not a backgammon table (no ``point 1`` .. ``point 24`` counters)."""
    got = _counters(view)
    if any(f"point {i}" not in got for i in range(1, 25)):
        return []
    me = view.player
    seats = view.seats or ("player 0", "player 1")
    other = 1 - me

    def men(point: int) -> tuple[str, int]:
        c = got[f"point {point}"]
        n = int(c.value)
        return ("X" if c.owner == me else "O") if n else ".", n

    def half(points: Sequence[int], top: bool) -> list[str]:
        rows = []
        for level in range(MAX_STACK):
            cells = []
            for p in points:
                mark, n = men(p)
                if level >= max(n, 1):
                    cells.append("  ")
                elif level == MAX_STACK - 1 and n > MAX_STACK:
                    cells.append(f"{n:>2}")
                else:
                    cells.append(f" {mark}")
            rows.append(" ".join(cells[:6]) + "  |  " + " ".join(cells[6:]))
        return rows if top else rows[::-1]

    top_points = list(range(13, 25))
    bottom_points = list(range(12, 0, -1))
    numbers = [
        " ".join(f"{p:>2}" for p in pts[:6]) + "  |  " + " ".join(f"{p:>2}" for p in pts[6:])
        for pts in (top_points, bottom_points)
    ]
    lines = [numbers[0], *half(top_points, True), "", *half(bottom_points, False), numbers[1]]
    lines = ["  " + line.rstrip() for line in lines]

    def count(name: str, q: int) -> int:
        c = got.get(f"{seats[q]} {name}")
        return int(c.value) if c is not None else 0

    lines.append(
        f"  X you ({seats[me]}), O the adversary ({seats[other]}); "
        f"bar: you {count('on the bar', me)}, adversary {count('on the bar', other)}; "
        f"off: you {count('borne off', me)}, adversary {count('borne off', other)}"
    )
    return lines


def table_picture(view: TableView) -> list[str]:
    """The drawing ``hoyle play`` shows above the moves: a backgammon board, else the
    viewer's layout grid, else nothing."""
    return backgammon_board(view) or layout_grid(view)


__all__ = ["backgammon_board", "deal_line", "layout_grid", "table_picture"]
