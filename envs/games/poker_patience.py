"""Poker Patience, as Hoyle's Games Modernized (Hoffmann) gives it ("POKER PATIENCE"; RULES.md §20.1).

Source: *Hoyle's Games Modernized*, "POKER PATIENCE" (the article is Bergholt's); RULES.md §20.1
and §20.4.1; the book's wording (``shared/seeds``) is the authority.

The game
--------
A full pack is shuffled and dealt one card at a time; 25 cards are used. Each card is placed,
as it is dealt, in a layout that must end as a 5x5 square. The first card goes anywhere; every
later card must go "next to a card already on the table", above, below, to either side or
diagonally. The square gives ten poker hands, its five rows and five columns, each scored by
its best category alone. The return is the total. This is the EAAI 2016 "Poker Squares"
problem under the book's point table and the book's placement rule.

Scoring (:data:`ENGLISH`, the book's; :data:`AMERICAN`, the Poker Squares table)

===============  =======  ========
hand             english  american
===============  =======  ========
royal flush      30       100
straight flush   30       75
fours            16       50
straight         12       15
full             10       25
threes           6        10
flush            5        20
two pairs        3        5
one pair         1        2
===============  =======  ========

ASSUMPTIONS (RULES.md §20.1; the text is silent or leaves two readings)
-----------------------------------------------------------------------
1. *Aces in straights*: high (10-J-Q-K-A) or low (A-2-3-4-5) — the book's own example counts
   ♥A 2 3 4 5 as a straight flush; no wrap-around (Q-K-A-2-3 is nothing).
2. *The book's placement* (``placement=book``): a card may go to an empty cell that touches a
   placed card (8 neighbours) and keeps all placed cards within a 5x5 box. Any layout built so
   can be completed: take a 5x5 square containing its bounding box; the square is 8-connected,
   so while it has an empty cell, some empty cell of it touches a placed card, and a card there
   keeps the bounding box inside the square. With 25 cards in a box of at most 5x5 the final
   layout is exactly a 5x5 square: its bounding box.
3. *The first card* is placed by the rules at the centre of the frame, cell (4, 4): the book
   lets it go "anywhere", but only the relative positions of the cards matter (translation
   changes no line), so that choice is not a decision. With ``placement=grid`` the square is
   fixed in advance (the modern Poker Squares rule): any empty cell of the 5x5 box rows and
   columns 2..6 of the same frame, the first card a decision too; one action layout serves both.
4. *Several players* (``players`` 2..6): the book gives each player his own pack, the dealer
   naming each card. Here chance deals the card once and each player places it on his own
   layout, players 0..n-1 in turn, each seeing every layout as it stands (the layouts lie
   open on the table; the book forbids no look), so the game has perfect information.
   The design first asked for simultaneous placement (a player not seeing where the others
   put the current card), but a game declares one information type for all its parameter
   sets, the one-player game has perfect information, and the conformance suite rightly
   demands of an imperfect-information game that its determinizer re-deal something; so the
   placements are open. Returns are the book's settlement: ``n * score_i - sum(scores)``
   (see :func:`settle`, which also gives the pairwise payments; the two agree), zero-sum.
   One player's return is his score.

Parameters
----------
=========  =======  ==========================================================================
name       default  meaning
=========  =======  ==========================================================================
placement  book     book: touch a placed card, stay within 5x5; grid: fixed 5x5 (assumptions 2, 3)
scoring    english  english (the book's table) or american (Poker Squares)
players    1        1 to 6, each laying out the same cards (assumption 4)
=========  =======  ==========================================================================

Variants: ``grid`` (placement=grid), ``american`` (scoring=american).

Actions
-------
The board is a 9x9 frame; a cell is ``row * FRAME + col`` (0..80), the centre ``CENTRE`` = 40.
A decision places the card just dealt: action == cell, "place ♥5 at row 3, col 5" (frame
coordinates). ``NUM_DISTINCT_ACTIONS = FRAME * FRAME``. Chance outcomes are card ids (0..51),
"deal ♥5": each chance node deals one card uniformly from the cards not yet dealt, just before
it is placed, so the player never sees more than the next card.

Observation tensor (``perfect_recall=False``; ``o`` = ``players - 1`` other players)
--------------------------------------------------------------------------------------
==========  ================  ==================================================================
piece       shape             meaning
==========  ================  ==================================================================
layout      (81, 17)          own layout: per cell, rank one-hot (13, A..K) then suit one-hot (4)
legal       (81,)             cells where the next card may go (all 0 when not to move)
next_card   (52,)             the card to place, one-hot (all 0 between cards)
unseen      (52,)             cards not yet dealt
others      (o, 81, 17)       the others' layouts (the players after this one, in seat order);
                              only when ``players`` > 1
==========  ================  ==================================================================

The information state (``perfect_recall=True``) adds ``order`` (25, 52): the cards dealt so
far, one-hot in deal order. With the layouts it gives every event the player saw, in order
(which card went where, and when); the layouts alone would not say in which order they came.

Game length: every player makes one decision per card, 25 cards (24 with the book's
placement, the first card being placed by the rules): ``max_game_length`` = 25 * players
(24 * players); 25 chance nodes.

Agents: :meth:`PokerPatienceRules.position` returns ``(cells, next_card, unseen, legal)`` for
a player at one call, and :func:`legal_cells` computes the legal cells of any layout (a mask of
occupied cells), so a planner can simulate placements without building states.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import getitem
from typing import Any

import numpy as np

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.cards import (
    ACE,
    JACK,
    KING,
    NUM_RANKS,
    NUM_SUITS,
    QUEEN,
    TEN,
    format_card,
    format_cards,
    parse_cards,  # noqa: F401  (doctests)
)
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at
from hoyle.envs.core.table import Counter, TableView, Zone

NUM_CARDS = NUM_SUITS * NUM_RANKS
FULL_PACK = (1 << NUM_CARDS) - 1
FRAME = 9
"""The board is a 9x9 frame of cells ``row * FRAME + col``: room for a 5x5 square grown in
any direction from the centre."""
NUM_CELLS = FRAME * FRAME
CENTRE = (FRAME // 2) * FRAME + FRAME // 2
EMPTY = -1

# --- hand scoring (shared with serpent_poker_patience and the agents) --------------------------

NOTHING, ONE_PAIR, TWO_PAIRS, THREES, STRAIGHT, FLUSH, FULL, FOURS, STRAIGHT_FLUSH, ROYAL_FLUSH = (
    range(10)
)
NUM_CATEGORIES = ROYAL_FLUSH + 1
CATEGORY_NAMES = (
    "nothing", "one pair", "two pairs", "threes", "straight", "flush", "full",
    "fours", "straight flush", "royal flush",
)  # fmt: skip

HAND_SIZE = 5
SQUARE = 5
"""The side of the final square: 5 rows and 5 columns, the 10 lines scored."""
NUM_LINES = 2 * SQUARE

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime per rank: the product over a hand names its multiset of ranks uniquely."""
_CARD_PRIME = tuple(_PRIMES[c % NUM_RANKS] for c in range(NUM_SUITS * NUM_RANKS))
_CARD_SUIT = tuple(c // NUM_RANKS for c in range(NUM_SUITS * NUM_RANKS))
_STRAIGHT_RANKS = tuple(
    tuple(r % NUM_RANKS for r in range(low, low + HAND_SIZE)) for low in range(NUM_RANKS - 3)
)
"""A-2-3-4-5 up to 10-J-Q-K-A (the last wraps to the Ace, high); no K-A-2 wrap-around."""
STRAIGHT_WINDOWS = tuple(sum(1 << r for r in ranks) for ranks in _STRAIGHT_RANKS)
"""The rank sets of the ten straights as rank bitmasks (bit ``r`` for rank ``r``): a line can
still make a straight while its ranks fit in one of them."""
_ROYAL_RANKS = (TEN, JACK, QUEEN, KING, ACE)


def _rank_categories() -> dict[int, int]:
    """Category of every 5-rank multiset ignoring suits, keyed by its prime product; the
    royal straight (10-J-Q-K-A) is marked ROYAL_FLUSH, a flush promotes it (see below)."""
    table: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(NUM_RANKS), HAND_SIZE):
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if counts[0] == HAND_SIZE:
            continue  # five of a kind: impossible with one pack
        cat = {
            (4, 1): FOURS, (3, 2): FULL, (3, 1, 1): THREES, (2, 2, 1): TWO_PAIRS,
            (2, 1, 1, 1): ONE_PAIR,
        }.get(tuple(counts), NOTHING)  # fmt: skip
        key = math.prod(_PRIMES[r] for r in ranks)
        if cat == NOTHING and sorted(ranks) in (sorted(s) for s in _STRAIGHT_RANKS):
            cat = ROYAL_FLUSH if sorted(ranks) == sorted(_ROYAL_RANKS) else STRAIGHT
        table[key] = cat
    return table


_RANK_CATEGORY = _rank_categories()


def _with_flush(cat: int) -> int:
    """The category of a hand of one suit whose ranks alone make ``cat``."""
    if cat == ROYAL_FLUSH:
        return ROYAL_FLUSH
    if cat == STRAIGHT:
        return STRAIGHT_FLUSH
    return FLUSH  # five cards of one suit have five different ranks: no pair is possible


def _plain(cat: int) -> int:
    """The category of a hand of several suits whose ranks alone make ``cat``."""
    return STRAIGHT if cat == ROYAL_FLUSH else cat


@dataclass(frozen=True)
class ScoreTable:
    """Points for each hand category, with the 5-card lookups built from them once.

    ``plain[key]`` and ``flush[key]`` give the points of a hand of several suits / of one
    suit whose rank multiset has prime product ``key``; :func:`hand_score` reads them.
    """

    name: str
    points: tuple[int, ...]
    plain: dict[int, int] = field(repr=False, compare=False, default_factory=dict)
    flush: dict[int, int] = field(repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        for key, cat in _RANK_CATEGORY.items():
            self.plain[key] = self.points[_plain(cat)]
            if cat in (NOTHING, STRAIGHT, ROYAL_FLUSH):
                self.flush[key] = self.points[_with_flush(cat)]

    @property
    def max_hand(self) -> int:
        """The most one line can score."""
        return max(self.points)


ENGLISH = ScoreTable(
    "english",
    # nothing, pair, two pairs, threes, straight, flush, full, fours, straight flush, royal
    (0, 1, 3, 6, 12, 5, 10, 16, 30, 30),
)
"""The book's table (Hoyle's Games Modernized): straight flush 30, fours 16, straight 12,
full 10, threes 6, flush 5, two pairs 3, one pair 1. A royal flush is a straight flush."""
AMERICAN = ScoreTable("american", (0, 2, 5, 10, 15, 20, 25, 50, 75, 100))
"""The American (Poker Squares) table: royal flush 100, straight flush 75, fours 50, full 25,
flush 20, straight 15, threes 10, two pairs 5, one pair 2."""
SCORE_TABLES = {t.name: t for t in (ENGLISH, AMERICAN)}


def hand_category(cards: Sequence[int]) -> int:
    """The best category of a poker hand (``NOTHING`` for fewer than five cards).

    >>> CATEGORY_NAMES[hand_category(parse_cards("♥A ♥2 ♥3 ♥4 ♥5"))]
    'straight flush'
    >>> CATEGORY_NAMES[hand_category(parse_cards("♠10 ♥J ♥Q ♥K ♥A"))]
    'straight'
    >>> CATEGORY_NAMES[hand_category(parse_cards("♠Q ♥K ♥A ♥2 ♥3"))]  # no wrap-around
    'nothing'
    """
    if len(cards) != HAND_SIZE:
        return NOTHING
    cat = _RANK_CATEGORY[math.prod(_CARD_PRIME[c] for c in cards)]
    if len({_CARD_SUIT[c] for c in cards}) == 1:
        return _with_flush(cat)
    return _plain(cat)


def hand_score(cards: Sequence[int], table: ScoreTable = ENGLISH) -> int:
    """Points of one line: ``table``'s points for its best category; 0 for fewer than 5 cards.

    Hot path of the planners: two table lookups, no category logic.

    >>> hand_score(parse_cards("♠Q ♥Q ♦Q ♣3 ♥3")), hand_score(parse_cards("♠Q ♥Q ♦Q ♣3 ♥3"), AMERICAN)
    (10, 25)
    """
    if len(cards) != HAND_SIZE:
        return 0
    a, b, c, d, e = cards
    p = _CARD_PRIME
    key = p[a] * p[b] * p[c] * p[d] * p[e]
    s = _CARD_SUIT[a]
    if s == _CARD_SUIT[b] == _CARD_SUIT[c] == _CARD_SUIT[d] == _CARD_SUIT[e]:
        return table.flush[key]
    return table.plain[key]


def square_lines(square: Sequence[Sequence[int]]) -> list[list[int]]:
    """The 10 lines of a 5x5 square given as rows of card ids: 5 rows then 5 columns."""
    rows = [list(r) for r in square]
    return rows + [[r[j] for r in rows] for j in range(len(rows[0]) if rows else 0)]


def layout_score(cells: Sequence[int], table: ScoreTable = ENGLISH) -> int:
    """Total points of a layout: ``cells`` is a ``FRAME x FRAME`` frame (``-1`` empty, else a
    card id), or a 25-cell 5x5 square in row order. Every full row and column of the frame
    with 5 cards is a line; with a partial layout, lines with fewer than 5 cards score 0.

    >>> sq = parse_cards("♥8 ♥5 ♣3 ♥6 ♣10 ♥K ♥A ♥J ♥Q ♥10 ♠Q ♠J ♠3 ♦Q ♣Q "
    ...                  "♥4 ♥7 ♥3 ♦6 ♠5 ♣2 ♦2 ♦3 ♠6 ♥2")
    >>> layout_score(sq)
    81
    """
    side = SQUARE if len(cells) == SQUARE * SQUARE else FRAME
    total = 0
    for i in range(side):
        row = [c for c in cells[i * side : (i + 1) * side] if c >= 0]
        col = [c for c in cells[i::side] if c >= 0]
        total += hand_score(row, table) + hand_score(col, table)
    return total


# --- settlement ---------------------------------------------------------------------------------


def settle(scores: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """The book's two settlements between players who laid out the same cards.

    Returns ``(pairwise, net)``: ``pairwise[i][j]`` is what ``j`` pays ``i`` (the difference of
    their scores, negative when ``i`` pays), "each pair of players settles the difference";
    ``net[i] = n * score_i - sum(scores)``, the book's second method. The two agree:
    ``net[i] == sum(pairwise[i])``.

    >>> pairwise, net = settle([87, 81, 78, 78, 65])
    >>> pairwise[0], net
    ([0, 6, 9, 9, 22], [46, 16, 1, 1, -64])
    """
    n = len(scores)
    total = sum(scores)
    pairwise = [[scores[i] - scores[j] for j in range(n)] for i in range(n)]
    net = [n * s - total for s in scores]
    return pairwise, net


# --- the board ----------------------------------------------------------------------------------

_ALL_CELLS = (1 << NUM_CELLS) - 1
_COL_MASK = tuple(sum(1 << (r * FRAME + c) for r in range(FRAME)) for c in range(FRAME))
_ROW_MASK = tuple(sum(1 << (r * FRAME + c) for c in range(FRAME)) for r in range(FRAME))
_NOT_FIRST_COL = _ALL_CELLS & ~_COL_MASK[0]
_NOT_LAST_COL = _ALL_CELLS & ~_COL_MASK[FRAME - 1]
_ROW_SPAN = tuple(tuple(sum(_ROW_MASK[lo : hi + 1]) for hi in range(FRAME)) for lo in range(FRAME))
_COL_SPAN = tuple(tuple(sum(_COL_MASK[lo : hi + 1]) for hi in range(FRAME)) for lo in range(FRAME))
GRID_LOW = (FRAME - SQUARE) // 2
"""With ``placement=grid`` the square is rows and columns ``GRID_LOW .. GRID_LOW + 4``."""
GRID_MASK = _ROW_SPAN[GRID_LOW][GRID_LOW + SQUARE - 1] & _COL_SPAN[GRID_LOW][GRID_LOW + SQUARE - 1]
GRID_CELLS = tuple(c for c in range(NUM_CELLS) if GRID_MASK >> c & 1)
_SPAN = SQUARE - 1


_BYTE_BITS = tuple(
    tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
    for k in range((NUM_CELLS + 7) // 8)
)
"""``_BYTE_BITS[k][b]``: the bit indices set in byte ``b`` at byte position ``k``."""


def _bits(mask: int) -> list[int]:
    """The set bits of a card or cell mask, ascending (a byte at a time, by table)."""
    out: list[int] = []
    k = 0
    while mask:
        b = mask & 255
        if b:
            out += _BYTE_BITS[k][b]
        mask >>= 8
        k += 1
    return out


def _span(mask: int, lines: tuple[int, ...]) -> tuple[int, int]:
    """First and last row (or column) that ``mask`` touches."""
    lo = 0
    while not mask & lines[lo]:
        lo += 1
    hi = FRAME - 1
    while not mask & lines[hi]:
        hi -= 1
    return lo, hi


def legal_cells(occupied: int, grid: bool = False) -> list[int]:
    """The cells where the next card may go, sorted; ``occupied`` is the mask of placed cells.

    Book placement: empty, touching a placed card (8 neighbours), and keeping every card within
    a 5x5 box; an empty layout takes its first card at the centre. Grid placement: any empty
    cell of the fixed square.

    >>> legal_cells(1 << CENTRE) == [30, 31, 32, 39, 41, 48, 49, 50]
    True
    >>> len(legal_cells(0, grid=True)), len(legal_cells(1 << CENTRE, grid=True))
    (25, 24)
    """
    return _bits(legal_mask(occupied, grid))


def legal_mask(occupied: int, grid: bool = False) -> int:
    """:func:`legal_cells` as a mask of cells.

    >>> legal_mask(0) == 1 << CENTRE
    True
    """
    if grid:
        return GRID_MASK & ~occupied
    if not occupied:
        return 1 << CENTRE
    d = occupied | (occupied << FRAME) | (occupied >> FRAME)
    d = d | ((d << 1) & _NOT_FIRST_COL) | ((d >> 1) & _NOT_LAST_COL)
    r0, r1 = _span(occupied, _ROW_MASK)
    c0, c1 = _span(occupied, _COL_MASK)
    box = (
        _ROW_SPAN[max(0, r1 - _SPAN)][min(FRAME - 1, r0 + _SPAN)]
        & _COL_SPAN[max(0, c1 - _SPAN)][min(FRAME - 1, c0 + _SPAN)]
    )
    return d & box & ~occupied


def square_of(cells: Sequence[int], grid: bool = False) -> list[list[int]]:
    """The layout as rows of cells (``EMPTY`` where no card lies yet): its bounding box, or
    with ``grid`` the fixed square."""
    if grid:
        rows = cols = [GRID_LOW, GRID_LOW + SQUARE - 1]
    else:
        occupied = [i for i, c in enumerate(cells) if c != EMPTY]
        if not occupied:
            return []
        rows = [i // FRAME for i in occupied]
        cols = [i % FRAME for i in occupied]
    return [
        [cells[r * FRAME + c] for c in range(min(cols), max(cols) + 1)]
        for r in range(min(rows), max(rows) + 1)
    ]


def format_layout(cells: Sequence[int], style: str = "symbol", grid: bool = False) -> str:
    """The layout's bounding box (with ``grid``, the fixed square), one row a line, under a
    line naming its top-left cell; ``·`` marks an empty cell.

    >>> print(format_layout(replace_at(_EMPTY_FRAME, CENTRE, 0)))
    from row 4, col 4:
     ♠A
    """
    rows = square_of(cells, grid)
    if not rows:
        return "(empty)"
    if grid:
        top = GRID_LOW * FRAME + GRID_LOW
    else:
        top = min(i for i, c in enumerate(cells) if c != EMPTY) // FRAME * FRAME
        top += min(i % FRAME for i, c in enumerate(cells) if c != EMPTY)
    lines = [f"from {cell_name(top)}:"]
    for row in rows:
        lines.append(" ".join(f"{format_card(c, style) if c != EMPTY else '·':>3}" for c in row))
    return "\n".join(lines)


def cell_name(cell: int) -> str:
    return f"row {cell // FRAME}, col {cell % FRAME}"


# --- the table view (for renderers) --------------------------------------------------------------


def square_places(occupied: int, grid: bool = False) -> list[int]:
    """The cells of the frame where a card lies or may still lie when the square is done,
    ascending (row-major): with ``grid`` the fixed square; else every cell of some 5x5
    square that holds all the cards laid (the centre, where the first card goes, if none),
    so the whole frame at first and the square itself once the cards span five rows and five
    columns. Serpent Poker Patience's square obeys the same bound.

    >>> len(square_places(1 << CENTRE)), len(square_places(0, grid=True))
    (81, 25)
    >>> square_places(sum(1 << (CENTRE + d) for d in (-2, 2, -2 * FRAME, 2 * FRAME)))[:3]
    [20, 21, 22]
    """
    if grid:
        return list(GRID_CELLS)
    if not occupied:
        occupied = 1 << CENTRE
    r0, r1 = _span(occupied, _ROW_MASK)
    c0, c1 = _span(occupied, _COL_MASK)
    return _bits(
        _ROW_SPAN[max(0, r1 - _SPAN)][min(FRAME - 1, r0 + _SPAN)]
        & _COL_SPAN[max(0, c1 - _SPAN)][min(FRAME - 1, c0 + _SPAN)]
    )


def layout_zones(cells: Sequence[int], grid: bool, owner: int, prefix: str = "") -> list[Zone]:
    """One layout as ``layout`` zones, **one zone per place** of :func:`square_places`, in
    row-major order: ``cards`` holds the card lying there, or nothing for an empty place (no
    sentinel: a zone's cards are cards, and no card is shown twice). Its ``name`` is
    ``prefix + "cell N"``, ``N`` the frame cell, which is also the action that lays a card
    there; its ``label`` the cell in the words of the actions (``row 3, col 5``)."""
    occupied = 0
    for i, c in enumerate(cells):
        if c != EMPTY:
            occupied |= 1 << i
    return [
        Zone(
            f"{prefix}cell {i}",
            "layout",
            () if cells[i] == EMPTY else (cells[i],),
            owner=owner,
            label=cell_name(i),
        )
        for i in square_places(occupied, grid)
    ]


# --- the state ----------------------------------------------------------------------------------

DEAL, PLACE, OVER = range(3)
PHASE_NAMES = ("deal", "place", "over")


class PokerPatienceState(PlainState):
    """``cells[p]``: player p's frame, a tuple of 81 (``EMPTY`` or a card id); ``occupied[p]``
    the mask of its filled cells; ``dealt`` the mask of cards dealt; ``order`` the cards dealt,
    in order; ``card`` the card being placed (``EMPTY`` between cards); ``phase``;
    ``to_move`` the player placing ``card``."""

    __slots__ = ("card", "cells", "dealt", "occupied", "order", "phase", "to_move")
    cells: tuple[tuple[int, ...], ...]
    occupied: tuple[int, ...]
    dealt: int
    order: tuple[int, ...]
    card: int
    phase: int
    to_move: int


@dataclass(frozen=True)
class PokerPatienceView:
    """What one player sees: his layout, the others', the card to place, the cards not yet
    dealt, and (for the information state) the deal order."""

    player: int
    num_players: int
    phase: int
    to_move: int
    cells: tuple[int, ...]
    others: tuple[tuple[int, ...], ...]
    card: int
    unseen: int
    legal: tuple[int, ...]
    order: tuple[int, ...]


_EMPTY_FRAME = (EMPTY,) * NUM_CELLS


class PokerPatienceRules:
    """The rules of Poker Patience for one parameter set (see the module docstring)."""

    num_distinct_actions = NUM_CELLS
    max_chance_outcomes = NUM_CARDS
    max_chance_nodes = SQUARE * SQUARE

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.grid = params["placement"] == "grid"
        self.table = SCORE_TABLES[str(params["scoring"])]
        self.num_players = int(params["players"])
        n = self.num_players
        per_player = SQUARE * SQUARE if self.grid else SQUARE * SQUARE - 1
        self.max_game_length = per_player * n
        top = NUM_LINES * self.table.max_hand
        if n == 1:
            self.min_utility, self.max_utility = 0.0, float(top)
            self.utility_sum: float | None = None
        else:
            self.min_utility, self.max_utility = -float((n - 1) * top), float((n - 1) * top)
            # Zero-sum, but the game type (one per game, not per parameter set) is general-sum
            # for the one-player form, and OpenSpiel then refuses a declared utility sum.
            self.utility_sum = None

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> PokerPatienceState:
        s = object.__new__(PokerPatienceState)
        n = self.num_players
        s.cells = (_EMPTY_FRAME,) * n
        s.occupied = (0,) * n
        s.dealt = 0
        s.order = ()
        s.card = EMPTY
        s.phase = DEAL
        s.to_move = CHANCE
        s.legal_cache = None
        return s

    def current_player(self, s: PokerPatienceState) -> int:
        return s.to_move

    def legal_actions(self, s: PokerPatienceState) -> list[int]:
        if s.phase != PLACE:
            return []
        return legal_cells(s.occupied[s.to_move], self.grid)

    def chance_outcomes(self, s: PokerPatienceState) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        left = FULL_PACK & ~s.dealt
        p = 1.0 / left.bit_count()
        return [(c, p) for c in _bits(left)]

    def apply_action(self, s: PokerPatienceState, action: int) -> None:
        if s.phase == DEAL:
            s.dealt |= 1 << action
            s.order = (*s.order, action)
            if not self.grid and len(s.order) == 1:
                # Assumption 3: the first card lies at the centre, for every player.
                s.cells = tuple(replace_at(frame, CENTRE, action) for frame in s.cells)
                s.occupied = (1 << CENTRE,) * self.num_players
                return
            s.card = action
            s.phase = PLACE
            s.to_move = 0
            return
        p = s.to_move
        s.cells = replace_at(s.cells, p, replace_at(s.cells[p], action, s.card))
        s.occupied = replace_at(s.occupied, p, s.occupied[p] | 1 << action)
        if p + 1 < self.num_players:
            s.to_move = p + 1
            return
        s.card = EMPTY
        if len(s.order) == SQUARE * SQUARE:
            s.phase, s.to_move = OVER, TERMINAL
        else:
            s.phase, s.to_move = DEAL, CHANCE

    def scores(self, s: PokerPatienceState) -> list[int]:
        """Each player's points for his layout as it stands (full lines only)."""
        return [layout_score(frame, self.table) for frame in s.cells]

    def returns(self, s: PokerPatienceState) -> list[float]:
        if s.phase != OVER:
            return [0.0] * self.num_players
        scores = self.scores(s)
        if self.num_players == 1:
            return [float(scores[0])]
        return [float(x) for x in settle(scores)[1]]

    def action_to_string(self, s: PokerPatienceState, player: int, action: int) -> str:
        if player == CHANCE or s.phase == DEAL:
            return f"deal {format_card(action)}" if 0 <= action < NUM_CARDS else f"card {action}"
        card = format_card(s.card) if s.card != EMPTY else "the card"
        return f"place {card} at {cell_name(action)}"

    def state_string(self, s: PokerPatienceState) -> str:
        head = (
            f"Poker Patience ({'grid' if self.grid else 'book'} placement, {self.table.name} "
            f"scoring), {len(s.order)} of {SQUARE * SQUARE} cards dealt, phase: "
            f"{PHASE_NAMES[s.phase]}"
        )
        lines = [head]
        if s.card != EMPTY:
            lines.append(f"to place: {format_card(s.card)} (player {s.to_move})")
        for p, frame in enumerate(s.cells):
            lines.append(f"player {p}: {layout_score(frame, self.table)} points")
            lines.append(format_layout(frame, grid=self.grid))
        if s.phase == OVER and self.num_players > 1:
            lines.append(f"returns: {self.returns(s)}")
        return "\n".join(lines)

    def position(
        self, s: PokerPatienceState, player: int
    ) -> tuple[tuple[int, ...], int, int, list[int]]:
        """For agents, at one call: ``(cells, next_card, unseen, legal)`` — the player's frame
        (81 cells, ``EMPTY`` or card id), the card to place (``EMPTY`` when none), the mask of
        cards not yet dealt, and the legal cells (empty unless ``player`` is to move). All of
        it is in the player's view; nothing hidden."""
        legal = self.legal_actions(s) if s.to_move == player else []
        return s.cells[player], s.card, FULL_PACK & ~s.dealt, legal

    # --- information -----------------------------------------------------------------------
    def player_view(self, s: PokerPatienceState, player: int) -> PokerPatienceView:
        n = self.num_players
        others = [s.cells[q % n] for q in range(player + 1, player + n)]
        return PokerPatienceView(
            player=player,
            num_players=n,
            phase=s.phase,
            to_move=s.to_move,
            cells=s.cells[player],
            others=tuple(others),
            card=s.card,
            unseen=FULL_PACK & ~s.dealt,
            legal=tuple(self.legal_actions(s)) if s.to_move == player else (),
            order=s.order,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("layout", (NUM_CELLS, NUM_RANKS + NUM_SUITS)),
            ("legal", (NUM_CELLS,)),
            ("next_card", (NUM_CARDS,)),
            ("unseen", (NUM_CARDS,)),
        ]
        if self.num_players > 1:
            pieces.append(("others", (self.num_players - 1, NUM_CELLS, NUM_RANKS + NUM_SUITS)))
        if perfect_recall:
            pieces.append(("order", (SQUARE * SQUARE, NUM_CARDS)))
        return pieces

    def encode_view(
        self, view: PokerPatienceView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        _encode_frame(view.cells, out["layout"])
        legal = out["legal"]
        for c in view.legal:
            legal[c] = 1.0
        if view.card != EMPTY:
            set_one_hot(out["next_card"], view.card)
        set_cards(out["unseen"], view.unseen)
        if self.num_players > 1:
            for i, frame in enumerate(view.others):
                _encode_frame(frame, out["others"][i])
        if perfect_recall:
            order = out["order"]
            for i, c in enumerate(view.order):
                order[i, c] = 1.0

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`), ``order``
        included (it comes last)."""
        return offsets(self.tensor_pieces(True))

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        del perfect_recall  # Every entry is 0 or 1.
        return ()

    def tensor_bits(
        self, s: PokerPatienceState, me: int, perfect_recall: bool
    ) -> tuple[int, tuple[float, ...]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        cells, occupied = s.cells, s.occupied
        # ``layout`` is the first piece: its bits need no shift.
        b = _frame_bits(cells[me], occupied[me]) | (FULL_PACK & ~s.dealt) << at["unseen"]
        if s.to_move == me and s.phase == PLACE:
            b |= legal_mask(occupied[me], self.grid) << at["legal"]
        if s.card != EMPTY:
            b |= 1 << (at["next_card"] + s.card)
        n = self.num_players
        if n > 1:
            shift = at["others"]
            for k in range(me + 1, me + n):
                q = k % n
                b |= _frame_bits(cells[q], occupied[q]) << shift
                shift += FRAME_WIDTH
        if perfect_recall:
            b |= sum(map(getitem, _ORDER_BITS, s.order)) << at["order"]
        return b, ()

    def view_string(self, view: PokerPatienceView, perfect_recall: bool) -> str:
        lines = [f"player {view.player}, phase: {PHASE_NAMES[view.phase]}"]
        if view.card != EMPTY:
            lines.append(f"to place: {format_card(view.card)}")
        lines.append("your layout:")
        lines.append(format_layout(view.cells, grid=self.grid))
        for i, frame in enumerate(view.others):
            q = (view.player + 1 + i) % view.num_players
            lines.append(f"player {q}'s layout:")
            lines.append(format_layout(frame, grid=self.grid))
        lines.append(f"unseen: {view.unseen.bit_count()} cards")
        if perfect_recall:
            lines.append(f"dealt: {format_cards(view.order)}")
        return "\n".join(lines)

    def table_view(self, s: PokerPatienceState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view. The layout is the square's
        places as ``layout`` zones, one a place (:func:`layout_zones`: an empty place holds no
        card; with book placement the places are those the square may still cover, the whole
        frame at first), named ``cell N`` (``player q cell N`` for each player's layout when
        several play: each lays out the same cards, from his own pack by the book, so a card
        lies in every layout). Then the card to place (a ``row``), the stock (``hidden``: the
        cards not yet dealt); counters: the cards still to come of the 25, each player's
        score as his layout stands (full lines only), the phase, and at the end each return;
        the log: the cards dealt, in order."""
        view = self.player_view(s, player)
        n = view.num_players
        layouts = {player: view.cells}
        for i, frame in enumerate(view.others):
            layouts[(player + 1 + i) % n] = frame
        zones: list[Zone] = []
        for q in range(n):
            zones += layout_zones(layouts[q], self.grid, q, f"player {q} " if n > 1 else "")
        if view.card != EMPTY:
            zones.append(Zone("to place", "row", (view.card,), label="the card to place"))
        zones.append(Zone("stock", "stock", hidden=view.unseen.bit_count(), label="not dealt"))
        scores = [layout_score(layouts[q], self.table) for q in range(n)]
        counters = [Counter("cards to come", SQUARE * SQUARE - len(view.order))]
        counters += [Counter("score" if n == 1 else f"player {q} score", v, q)
                     for q, v in enumerate(scores)]  # fmt: skip
        counters.append(Counter("phase", PHASE_NAMES[view.phase]))
        if view.phase == OVER and n > 1:
            counters += [Counter(f"player {q} return", v, q)
                         for q, v in enumerate(settle(scores)[1])]  # fmt: skip
        return TableView(
            player=player,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(f"deal {format_card(c)}" for c in view.order),
            seats=tuple(f"player {q}" for q in range(n)),
        )

    def card_zones(self, s: PokerPatienceState) -> Mapping[str, int]:
        """Player 0's layout, the card being placed (if not yet on it), and the undealt pack."""
        layout = 0
        for c in s.cells[0]:
            if c != EMPTY:
                layout |= 1 << c
        zones = {"player 0's layout": layout, "stock": FULL_PACK & ~s.dealt}
        zones["to place"] = s.dealt & ~layout
        return zones


def _encode_frame(cells: Sequence[int], block: np.ndarray) -> None:
    """Per cell, the rank one-hot then the suit one-hot. (A plain loop: measured faster than
    numpy fancy indexing for 81 cells.)"""
    for i, c in enumerate(cells):
        if c != EMPTY:
            block[i, c % NUM_RANKS] = 1.0
            block[i, NUM_RANKS + c // NUM_RANKS] = 1.0


CELL_WIDTH = NUM_RANKS + NUM_SUITS
"""A cell's entries in a ``layout`` piece: the rank one-hot, then the suit one-hot."""
FRAME_WIDTH = NUM_CELLS * CELL_WIDTH
_CELL_BITS = tuple(
    tuple(
        ((1 << (c % NUM_RANKS)) | (1 << (NUM_RANKS + c // NUM_RANKS))) << (i * CELL_WIDTH)
        for c in range(NUM_CARDS)
    )
    for i in range(NUM_CELLS)
)
"""``_CELL_BITS[i][c]``: card ``c`` on cell ``i`` as :func:`_encode_frame` writes it, as bits."""
_ORDER_BITS = tuple(
    tuple(1 << (k * NUM_CARDS + c) for c in range(NUM_CARDS)) for k in range(SQUARE * SQUARE)
)
"""``_ORDER_BITS[k][c]``: card ``c`` dealt ``k``-th, as bits of the ``order`` piece."""


def _frame_bits(cells: Sequence[int], occupied: int) -> int:
    """:func:`_encode_frame` of a frame as bits (:mod:`hoyle.envs.core.bits`); ``occupied``
    is the mask of its filled cells."""
    b = 0
    for i in _bits(occupied):
        b |= _CELL_BITS[i][cells[i]]
    return b


def make_rules(params: Mapping[str, ParamValue]) -> PokerPatienceRules:
    return PokerPatienceRules(params)


GAME = register(
    GameSpec(
        short_name="poker_patience",
        title="Poker Patience",
        book=HOFFMANN,
        section="POKER PATIENCE",
        make_rules=make_rules,
        params={
            "placement": Param(
                "book",
                "book: each card touches one already laid and all stay within 5x5; "
                "grid: any empty cell of a fixed 5x5 square (Poker Squares)",
                ("book", "grid"),
            ),
            "scoring": Param(
                "english",
                "english (the book's table) or american (Poker Squares)",
                ("english", "american"),
            ),
            "players": Param(
                1,
                "players laying out the same dealt cards, settling by the book",
                (1, 2, 3, 4, 5, 6),
            ),
        },
        min_players=1,
        max_players=6,
        perfect_information=True,
        constant_sum=False,
        variants={"grid": {"placement": "grid"}, "american": {"scoring": "american"}},
        no_tiny="25 cards are dealt one at a time from the full pack (52!/27! ≈ 7.4e+39 deals) "
        "into a 5 × 5 square whose rows and columns are poker hands of five, and no parameter "
        "shrinks the square.",
        reference="2048",
        summary="Lay 25 cards in a 5x5 square; score its rows and columns as poker hands.",
    )
)
