"""Poker Patience, as Hoyle's Games Modernized (Hoffmann) gives it ("POKER PATIENCE"; RULES.md §20.1).

This module starts with the hand scoring shared by the serpent form and the agents
(:data:`ENGLISH`, :data:`AMERICAN`, :func:`hand_category`, :func:`hand_score`,
:func:`layout_score`); the game itself follows.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from hoyle.envs.core.cards import (
    ACE,
    JACK,
    KING,
    NUM_RANKS,
    NUM_SUITS,
    QUEEN,
    TEN,
    parse_cards,  # noqa: F401  (doctests)
)

FRAME = 9
"""The board is a 9x9 frame of cells ``row * FRAME + col``."""

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
