"""What a Pochen hand holds: the trump honours, the Sequence, the sets for the pochen.

Pure functions over card bitmasks (:mod:`hoyle.envs.core.cards`), shared by the rules, the
determinizer's check of a re-dealt world, the heuristic and the betting solver. The piquet
pack ranks A K Q J 10 9 8 7 (Foster, *Complete Hoyle*, POCHEN); a Sequence runs in that order
(the Ace above the King), while the play of the cards runs 7 … K with the Ace led alone
(:data:`hoyle.envs.core.runs.SEVEN_TO_KING`).

    >>> from hoyle.envs.core.cards import mask_of, parse_cards, HEARTS
    >>> hand = mask_of(parse_cards("♥A ♥K ♥Q ♠9 ♣9 ♦9"))
    >>> best_sequence(hand, HEARTS)[:2], best_set(hand, HEARTS)[:2]
    ((3, 7), (3, 2))
"""

from __future__ import annotations

from typing import NamedTuple

from hoyle.envs.core.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    NUM_RANKS,
    NUM_SUITS,
    QUEEN,
    SEVEN,
    TEN,
    CardMask,
    card,
)

__all__ = [
    "HIGH_ORDER",
    "HONOURS",
    "Sequence",
    "Set",
    "best_sequence",
    "best_set",
    "has_pair",
    "sequence_key",
    "sequence_winner",
    "set_key",
]

HIGH_ORDER = (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)
"""The piquet ranks lowest first: a Sequence's order and the sets' order."""
_HEIGHT = {r: i for i, r in enumerate(HIGH_ORDER)}

HONOURS = (ACE, KING, QUEEN, JACK, TEN)
"""The five highest trumps, in the order of the layout's divisions A, K, Q, J, 10."""


class Sequence(NamedTuple):
    """A run of at least three cards of one suit, consecutive in A K Q J 10 9 8 7."""

    length: int
    top: int
    """The height of its highest card in :data:`HIGH_ORDER` (7 = the Ace)."""
    suit: int
    cards: CardMask


class Set(NamedTuple):
    """Two, three or four cards of one rank: the hands that bet for the pochen."""

    size: int
    height: int
    """The rank's height in :data:`HIGH_ORDER` (7 = Aces)."""
    trump: bool
    """Whether it holds the trump of its rank (the tie-break between equal sets)."""
    cards: CardMask


def best_sequence(hand: CardMask, trump: int) -> Sequence | None:
    """The hand's highest and longest Sequence (at least three cards), or None.

    Longer beats shorter; between equal lengths the higher top card; then the trump suit
    (the module docstring of :mod:`hoyle.envs.games.pochen`, assumption 3).
    """
    best: Sequence | None = None
    for suit in range(NUM_SUITS):
        run = 0
        cards = 0
        for h, r in enumerate(HIGH_ORDER):
            c = card(suit, r)
            if hand >> c & 1:
                run += 1
                cards |= 1 << c
            else:
                run, cards = 0, 0
            if run >= 3 and (
                h + 1 == len(HIGH_ORDER) or not hand >> card(suit, HIGH_ORDER[h + 1]) & 1
            ):
                seq = Sequence(run, h, suit, cards)
                if best is None or sequence_key(seq, trump) > sequence_key(best, trump):
                    best = seq
    return best


def sequence_winner(
    hands: tuple[CardMask, ...] | list[CardMask], trump: int, order: tuple[int, ...]
) -> tuple[int, Sequence] | None:
    """The seat that takes the Sequence pool and its Sequence, or None: the best by
    :func:`sequence_key`, the seat first in ``order`` (from the eldest hand) between equals."""
    best: tuple[int, Sequence] | None = None
    for q in order:
        seq = best_sequence(hands[q], trump)
        if seq is not None and (
            best is None or sequence_key(seq, trump) > sequence_key(best[1], trump)
        ):
            best = (q, seq)
    return best


def sequence_key(seq: Sequence, trump: int) -> tuple[int, int, bool]:
    """What decides between two Sequences, before the seats (nearer the eldest hand)."""
    return seq.length, seq.top, seq.suit == trump


def best_set(hand: CardMask, trump: int) -> Set | None:
    """The hand's best set for the pochen (four of a kind, three, a pair; the higher rank
    between equal counts), or None without a pair."""
    best: Set | None = None
    for h, r in enumerate(HIGH_ORDER):
        cards = 0
        for suit in range(NUM_SUITS):
            c = card(suit, r)
            if hand >> c & 1:
                cards |= 1 << c
        k = cards.bit_count()
        if k >= 2:
            s = Set(k, h, bool(cards >> card(trump, r) & 1), cards)
            if best is None or set_key(s) > set_key(best):
                best = s
    return best


def set_key(s: Set) -> tuple[int, int, bool]:
    """What decides the showdown: "Threes beat pairs, and four of a kind is the best hand
    possible"; "the higher pair wins"; then the set holding a trump (assumption 6)."""
    return s.size, s.height, s.trump


def has_pair(hand: CardMask) -> bool:
    """Whether the hand holds two cards of one rank (may bet or match for the pochen)."""
    for r in range(NUM_RANKS):
        k = 0
        for suit in range(NUM_SUITS):
            k += hand >> card(suit, r) & 1
        if k >= 2:
            return True
    return False
