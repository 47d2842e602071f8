"""Running sequences: a suit played upward, card by card, against stops nobody can see.

Commit, Pope Joan, Newmarket (with Spin and Saratoga), Jig and the play of the cards at Pochen
share one mechanism (Foster, *Complete Hoyle*: COMMIT, POPE JOAN, NEWMARKET, EARL OF COVENTRY's
Jig, POCHEN). A card is led; the sequence runs upward in its suit, each player in turn to the
left playing the next card if he holds it. A player who cannot says which card he is without
("Without the Jack", "No six") and the turn goes on. When nobody can go on — the card is a
*stop*: left undealt, taken out of the pack (the 8♦ at Commit), or already played — or the top
of the order has been reached (the King), the last player to play leads a new sequence.

What differs between the games is data or a rule of the game's own: how many cards a player
plays in one turn (all he can at Commit and Pope Joan, one at Jig and Pochen), what the opening
card must be (the lowest of the chosen suit at Newmarket), the privileges (Commit's 9♦, Spin's
A♦), and what is paid for which card. This module holds the shared part, as pure functions
over card bitmasks (``envs/core/cards.py``): the order a sequence runs in, the card that
continues it, a hand's run of consecutive cards, who holds a card going round the table, and
the words of the announcement.

    >>> from hoyle.envs.core.cards import mask_of, parse_card, parse_cards, format_card
    >>> hand = mask_of(parse_cards("♥5 ♥6 ♥7 ♥9 ♠2"))
    >>> [format_card(c) for c in ACE_TO_KING.run(hand, parse_card("♥4"))]
    ['♥5', '♥6', '♥7']
    >>> format_card(ACE_TO_KING.after(parse_card("♥7")) or -1), without(parse_card("♥8"))
    ('♥8', 'without the Eight')
    >>> ACE_TO_KING.after(parse_card("♣K")) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hoyle.envs.core.cards import (
    ACE,
    KING,
    NUM_RANKS,
    RANK_NAMES,
    SEVEN,
    CardId,
    CardMask,
)

__all__ = [
    "ACE_TO_KING",
    "SEVEN_TO_KING",
    "RunOrder",
    "holder_of",
    "round_from",
    "without",
]


@dataclass(frozen=True)
class RunOrder:
    """The ranks a sequence runs through, lowest first; the last one ends every sequence.

    ``ranks`` need not be every rank: Pochen's piquet pack runs 7 8 9 10 J Q K, its Ace led
    alone. A card whose rank is not in the order has no card above it and none below.
    """

    ranks: tuple[int, ...]
    _up: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        up = [-1] * NUM_RANKS
        for low, high in zip(self.ranks, self.ranks[1:], strict=False):
            up[low] = high
        object.__setattr__(self, "_up", tuple(up))

    def after(self, c: CardId) -> CardId | None:
        """The card that continues a sequence ending in ``c``; None at the top of the order."""
        suit, rank = divmod(c, NUM_RANKS)
        high = self._up[rank]
        return None if high < 0 else suit * NUM_RANKS + high

    def is_top(self, c: CardId) -> bool:
        """Whether ``c`` ends its sequence by rank (the King), whoever holds what."""
        return self.after(c) is None

    def run(self, hand: CardMask, last: CardId) -> tuple[CardId, ...]:
        """The cards of ``hand`` that continue, one after another, a sequence ending in ``last``.

        The player who must go on plays all of them at Commit and Pope Joan; the game decides
        whether he plays the run or only its first card.
        """
        out: list[CardId] = []
        nxt = self.after(last)
        while nxt is not None and hand >> nxt & 1:
            out.append(nxt)
            nxt = self.after(nxt)
        return tuple(out)

    def lowest(self, hand: CardMask, suit: int) -> CardId | None:
        """The lowest card of ``suit`` in ``hand`` in this order (Newmarket's opening card)."""
        for rank in self.ranks:
            c = suit * NUM_RANKS + rank
            if hand >> c & 1:
                return c
        return None


ACE_TO_KING = RunOrder(tuple(range(ACE, KING + 1)))
"""A (low) 2 3 … 10 J Q K: Commit, Pope Joan, Newmarket and Jig (the Ace not next to the King)."""

SEVEN_TO_KING = RunOrder(tuple(range(SEVEN, KING + 1)))
"""7 8 9 10 J Q K: the play of the cards at Pochen (its Ace is led alone and ends at once)."""


def round_from(seat: int, players: int) -> tuple[int, ...]:
    """The other players in turn to the left of ``seat`` (seat + 1 first), ``seat`` not included.

    >>> round_from(2, 4)
    (3, 0, 1)
    """
    return tuple((seat + k) % players for k in range(1, players))


def holder_of(hands: Sequence[CardMask], c: CardId) -> int | None:
    """The seat whose hand holds ``c``, or None where it is a stop (undealt, out, or played)."""
    for seat, hand in enumerate(hands):
        if hand >> c & 1:
            return seat
    return None


def without(c: CardId) -> str:
    """The announcement of the card a player cannot play: "without the Jack"."""
    return f"without the {RANK_NAMES[c % NUM_RANKS]}"
