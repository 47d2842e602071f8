"""Newmarket's layout, its stakes and the opening rule: the parts that are Newmarket's own.

The play of the cards is the shared stops engine's (:mod:`hoyle.envs.core.stops`); the pools
are the core's (:mod:`hoyle.envs.core.pools`). What is left is data and a few pure functions
(Foster, *Complete Hoyle*, NEWMARKET, OR STOPS; SPIN; SARATOGA):

* the layout, "the ♡A, ♣K, ♢Q, ♠J", one pool on each;
* the stake: the dealer names at least four counters, every player stakes as many and places
  them on the layout as he pleases (Saratoga: an agreed amount on each card);
* the opening rule: whoever begins a sequence "must begin with the lowest card in his hand of
  the suit which he selects" (after a Spin he may instead play a pool card).

    >>> from hoyle.envs.core.cards import format_card, mask_of, parse_cards
    >>> [format_card(c) for c in LAYOUT]
    ['♥A', '♣K', '♦Q', '♠J']
    >>> hand = mask_of(parse_cards("♠3 ♠9 ♥5 ♦Q ♦K"))
    >>> [format_card(c) for c in openings(hand)]
    ['♠3', '♥5', '♦Q']
    >>> [format_card(c) for c in openings(hand, pool_cards=True)]
    ['♠3', '♥5', '♦Q']
    >>> [format_card(c) for c in openings(mask_of(parse_cards("♠3 ♠J")), pool_cards=True)]
    ['♠3', '♠J']
"""

from __future__ import annotations

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NUM_RANKS,
    NUM_SUITS,
    QUEEN,
    SPADES,
    SUIT_MASKS,
    CardId,
    CardMask,
    card,
    format_card,
)
from hoyle.envs.core.pools import Counters, Pools, stake
from hoyle.envs.core.runs import ACE_TO_KING

__all__ = [
    "LAYOUT",
    "LAYOUT_MASK",
    "MIN_STAKE",
    "NUM_DIVISIONS",
    "SPIN_CARD",
    "division_name",
    "division_of",
    "opening_lacks",
    "openings",
    "place_allowed",
    "saratoga_stakes",
]

LAYOUT: tuple[CardId, ...] = (card(HEARTS, ACE), card(CLUBS, KING), card(DIAMONDS, QUEEN),
                              card(SPADES, JACK))  # fmt: skip
"""The four pool cards in the book's order, "the ♡A, ♣K, ♢Q, ♠J"; division ``d`` is
``LAYOUT[d]``'s pool."""
NUM_DIVISIONS = len(LAYOUT)
LAYOUT_MASK: CardMask = sum(1 << c for c in LAYOUT)
MIN_STAKE = 4
"""The dealer's stake "must be at least four" counters."""
SPIN_CARD: CardId = card(DIAMONDS, ACE)
"""Spin's privileged card, the diamond Ace."""

_DIVISION = {c: d for d, c in enumerate(LAYOUT)}


def division_of(c: CardId) -> int | None:
    """The division whose pool ``c`` wins when played, or None for an ordinary card."""
    return _DIVISION.get(c)


def division_name(d: int) -> str:
    """The pool in words: ``the ♥A``."""
    return f"the {format_card(LAYOUT[d])}"


def openings(hand: CardMask, pool_cards: bool = False) -> tuple[CardId, ...]:
    """The cards ``hand`` may open a sequence with, in card order: the lowest card of each
    suit it holds; with ``pool_cards`` (after a Spin) any pool card it holds as well."""
    out = {c for s in range(NUM_SUITS) if (c := ACE_TO_KING.lowest(hand, s)) is not None}
    if pool_cards:
        out.update(c for c in LAYOUT if hand >> c & 1)
    return tuple(sorted(out))


def opening_lacks(c: CardId) -> CardMask:
    """The cards an opener who led ``c`` by the opening rule showed he does not hold: every
    card of its suit below it.

    >>> from hoyle.envs.core.cards import format_cards, parse_card
    >>> format_cards(opening_lacks(parse_card("♣4")))
    '♣A ♣2 ♣3'
    """
    rank = c % NUM_RANKS
    return SUIT_MASKS[c // NUM_RANKS] & ((1 << c) - 1) & ~((1 << (c - rank)) - 1)


def place_allowed(last_division: int, left: int) -> tuple[int, ...]:
    """The divisions a player placing his stake may put his next counter on.

    He places them one at a time, in layout order (never on a card before the last one he
    chose), so that each way of spreading the stake is one sequence of choices: ``n`` counters
    over four cards are C(n + 3, 3) spreads (165 for eight), which one action each would make
    a large, mostly illegal action space; one counter at a time keeps four actions.

    >>> place_allowed(-1, 3), place_allowed(2, 1), place_allowed(2, 0)
    ((0, 1, 2, 3), (2, 3), ())
    """
    if left <= 0:
        return ()
    return tuple(range(max(last_division, 0), NUM_DIVISIONS))


def saratoga_stakes(pools: Pools, counters: Counters, amount: int) -> tuple[Pools, Counters]:
    """Saratoga: every player puts ``amount`` counters on each of the four pool cards.

    >>> from hoyle.envs.core.pools import no_pools, pool_sizes
    >>> pools, counters = saratoga_stakes(no_pools(4, 3), (0, 0, 0), 1)
    >>> pool_sizes(pools), counters
    ((3, 3, 3, 3), (-4, -4, -4))
    """
    for p in range(len(counters)):
        for d in range(NUM_DIVISIONS):
            pools, counters = stake(pools, counters, d, p, amount)
    return pools, counters
