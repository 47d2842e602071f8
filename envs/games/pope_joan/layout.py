"""The layout of Pope Joan and what its pools pay: pure functions over the core's pools.

Foster (*Complete Hoyle*, POPE JOAN) lays five cards out in the centre — K♥ Q♠, the Pope (the
7♦, "or the Nine"), 10♦ J♣ — which the dealer dresses with 1, 2, 3, 4 and 5 counters. "If
the duplicate of any of those cards can be played, the holder of the card at once takes all the
money staked upon it"; the player "found with one of the layout cards in his hand at the end
must double the amount staked on that card"; "if any of the layout cards are in the stock, the
pool simply remains". The variation lays out Matrimony, Intrigue, Confederacy (King and Queen,
Queen and Jack, King and Jack of the suit turned for trumps), Pope and Game.

A :class:`Layout` is data: each division's name, the cards that win it, and its dressing. The
payments are :func:`on_play` (a card played) and :func:`end_of_deal` (the first player out);
both take and return the core's ``pools`` and ``counters`` (:mod:`hoyle.envs.core.pools`)
and list what happened as :data:`Payment` records for the game's log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from hoyle.envs.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SPADES,
    TEN,
    CardId,
    CardMask,
    card,
)
from hoyle.envs.core.pools import (
    Counters,
    Pools,
    collect_per_card,
    pool_sizes,
    share,
    stake,
    take,
)

__all__ = [
    "BOOK",
    "DIVISIONS",
    "DOUBLES",
    "GAME",
    "GENERIC",
    "LAYOUTS",
    "MATRIMONY",
    "PAID_PER_CARD",
    "POPE",
    "POPES",
    "SHARES",
    "TAKES",
    "Layout",
    "Payment",
    "end_of_deal",
    "first_jack_odds",
    "layout_for",
    "on_play",
]

BOOK, GENERIC, MATRIMONY = "book", "generic", "matrimony"
"""The ``layout`` parameter: the book's five cards, "the 10, J, Q, K of diamonds + Pope", and
the Matrimony-style layout of the variations."""
LAYOUTS = (BOOK, GENERIC, MATRIMONY)

DIVISIONS = 5
"""Every layout has five divisions; the Pope is the last of each."""
POPE = 4
"""The Pope's division (in every layout)."""
GAME = 3
"""The Game's division in the Matrimony layout: the first player out takes it."""

POPES: dict[int, CardId] = {7: card(DIAMONDS, SEVEN), 9: card(DIAMONDS, NINE)}
"""The ``pope`` parameter: "the Pope, which is the Seven (or the Nine) of diamonds"."""

BOOK_DRESSING = (1, 2, 3, 4, 5)
""""One counter upon the Ten, two upon the Jack, three upon the Queen, four upon the King, and
five on the Pope"."""
MATRIMONY_DRESSING = (3, 3, 3, 3, 3)
"""The Matrimony layout's dressing: the book names no amounts; the same fifteen counters,
three on each division (the game's ASSUMPTION)."""

TAKES, SHARES, DOUBLES, PAID_PER_CARD = range(4)
"""What a :data:`Payment` records: a pool taken, a pool divided, a pool doubled by a player
caught with its card, counters paid to the first player out for the cards held."""

Payment = tuple[int, int, int, int]
"""``(what, seat, division, counters)``: ``seat`` took, shared (each his part), or added
``counters`` on ``division``; for :data:`PAID_PER_CARD` ``seat`` paid ``counters`` to the
first player out and ``division`` is -1."""


@dataclass(frozen=True)
class Layout:
    """The five divisions: their names, the cards that win each, and the dressing.

    ``cards[d]`` holds one card for a division won by playing that card (the Ten, the Pope),
    two for a combination (Matrimony: both must be played; one player playing both takes the
    pool, two players playing one each divide it), none for the Game (the first player out).
    """

    kind: str
    names: tuple[str, ...]
    cards: tuple[CardMask, ...]
    dressing: tuple[int, ...]

    @property
    def all_cards(self) -> CardMask:
        """Every card of the layout (the cards a player would rather not be caught with)."""
        out = 0
        for m in self.cards:
            out |= m
        return out

    def division_of(self, c: CardId) -> int:
        """The division ``c`` belongs to, or -1 (in the Matrimony layout the King and Jack of
        trumps each belong to two: this is the first, for display)."""
        for d, m in enumerate(self.cards):
            if m >> c & 1:
                return d
        return -1


def layout_for(kind: str, pope: CardId, trump: int = -1) -> Layout:
    """The layout of ``kind`` (:data:`LAYOUTS`) with ``pope`` as the Pope; the Matrimony
    layout's combinations are of ``trump`` (before the trump is turned they hold no card).

    >>> from hoyle.envs.core.cards import format_cards
    >>> [format_cards(m) for m in layout_for(BOOK, POPES[7]).cards]
    ['♦10', '♣J', '♠Q', '♥K', '♦7']
    >>> [format_cards(m) for m in layout_for(MATRIMONY, POPES[9], SPADES).cards]
    ['♠Q ♠K', '♠J ♠Q', '♠J ♠K', '', '♦9']
    """
    pope_bit = 1 << pope
    singles: tuple[CardId, ...]
    if kind == BOOK:
        singles = (card(DIAMONDS, TEN), card(CLUBS, JACK), card(SPADES, QUEEN), card(HEARTS, KING))
    elif kind == GENERIC:
        singles = tuple(card(DIAMONDS, r) for r in (TEN, JACK, QUEEN, KING))
    elif kind == MATRIMONY:
        if trump < 0:
            combos: tuple[CardMask, ...] = (0, 0, 0)
        else:
            k, q, j = (1 << card(trump, r) for r in (KING, QUEEN, JACK))
            combos = (k | q, q | j, k | j)
        return Layout(
            kind,
            ("Matrimony", "Intrigue", "Confederacy", "Game", "Pope"),
            (*combos, 0, pope_bit),
            MATRIMONY_DRESSING,
        )
    else:
        raise ValueError(f"layout={kind!r} must be one of {', '.join(LAYOUTS)}")
    return Layout(
        kind,
        ("Ten", "Jack", "Queen", "King", "Pope"),
        (*(1 << c for c in singles), pope_bit),
        BOOK_DRESSING,
    )


def on_play(
    layout: Layout,
    pools: Pools,
    counters: Counters,
    seat: int,
    c: CardId,
    played: Sequence[CardMask],
) -> tuple[Pools, Counters, tuple[Payment, ...]]:
    """``seat`` has played ``c`` (``played``: each seat's cards played so far, ``c``
    included). A single layout card "at once takes all the money staked upon it"; the second
    card of a combination played takes it for one player or divides it between two.

    >>> from hoyle.envs.core.cards import parse_card
    >>> from hoyle.envs.core.pools import no_pools, dress
    >>> lay = layout_for(BOOK, POPES[7])
    >>> pools, counters = dress(no_pools(5, 3), (0, 0, 0), 2, lay.dressing)
    >>> pools, counters, paid = on_play(lay, pools, counters, 0, parse_card("♣J"), (0, 0, 0))
    >>> counters, paid
    ((2, 0, -15), ((0, 0, 1, 2),))
    """
    paid: list[Payment] = []
    for d, m in enumerate(layout.cards):
        if not m >> c & 1:
            continue
        if m & (m - 1) == 0:  # one card: the Ten ... the Pope
            pools, counters, won = take(pools, counters, d, seat)
            if won:
                paid.append((TAKES, seat, d, won))
            continue
        by = tuple(q for q, p in enumerate(played) if p & m)
        out = 0
        for p in played:
            out |= p & m
        if out != m:
            continue  # the other card is still to come (or in the stock: the pool stays)
        if len(by) == 1:
            pools, counters, won = take(pools, counters, d, seat)
            if won:
                paid.append((TAKES, seat, d, won))
        else:
            pools, counters, each = share(pools, counters, d, by)
            if each:
                paid.extend((SHARES, q, d, each) for q in by)
    return pools, counters, tuple(paid)


def end_of_deal(
    layout: Layout,
    pools: Pools,
    counters: Counters,
    winner: int,
    hands: Sequence[CardMask],
    stock: CardMask,
) -> tuple[Pools, Counters, tuple[Payment, ...]]:
    """The first player out has emptied his hand: he "collects from the other players a
    counter for every card they hold" (and the Game, in the Matrimony layout); each player
    "found with one of the layout cards in his hand" doubles its pool; a layout card "in the
    stock" leaves its pool as it is.

    A combination whose other card lies in the stock cannot be won: nobody doubles it ("If one
    of the cards is in the stock, the pool remains"). A player holding both cards of one
    combination doubles it once; two players holding one each both add its size at the end of
    the play (the game's ASSUMPTIONS).

    >>> from hoyle.envs.core.cards import parse_card, mask_of
    >>> from hoyle.envs.core.pools import no_pools, dress
    >>> lay = layout_for(BOOK, POPES[7])
    >>> pools, counters = dress(no_pools(5, 3), (0, 0, 0), 2, lay.dressing)
    >>> hands = (0, mask_of([parse_card("♥K"), parse_card("♠2")]), 1 << parse_card("♠3"))
    >>> pools, counters, paid = end_of_deal(lay, pools, counters, 0, hands, 0)
    >>> counters, pool_sizes(pools), paid
    ((3, -6, -16), (1, 2, 3, 8, 5), ((3, 1, -1, 2), (3, 2, -1, 1), (2, 1, 3, 4)))
    """
    paid: list[Payment] = []
    left = [h.bit_count() if q != winner else 0 for q, h in enumerate(hands)]
    counters = collect_per_card(counters, winner, left)
    paid.extend((PAID_PER_CARD, q, -1, n) for q, n in enumerate(left) if n)
    if layout.kind == MATRIMONY:
        pools, counters, won = take(pools, counters, GAME, winner)
        if won:
            paid.append((TAKES, winner, GAME, won))
    sizes = pool_sizes(pools)
    for d, m in enumerate(layout.cards):
        if not m or m & stock or not sizes[d]:
            continue
        for q, h in enumerate(hands):
            if h & m:
                pools, counters = stake(pools, counters, d, q, sizes[d])
                paid.append((DOUBLES, q, d, sizes[d]))
    return pools, counters, tuple(paid)


def first_jack_odds(players: int, pack: int, jacks: int = 4) -> tuple[Fraction, ...]:
    """The chance that each seat deals first: "the cards are thrown round for the deal, and
    the first Jack deals", face up one at a time from player 0 round to the left.

    The Jacks lie in a shuffled pack of ``pack`` cards at ``jacks`` positions, every set of
    positions equally likely; the first lies at position ``i`` (from 1) with chance
    ``C(pack - i, jacks - 1) / C(pack, jacks)``, and that card falls to seat ``(i - 1) % n``.

    >>> odds = first_jack_odds(4, 52)
    >>> sum(odds), odds[0] > odds[1] > odds[2] > odds[3]
    (Fraction(1, 1), True)
    """
    total = comb(pack, jacks)
    out = [Fraction(0)] * players
    for i in range(1, pack - jacks + 2):
        out[(i - 1) % players] += Fraction(comb(pack - i, jacks - 1), total)
    return tuple(out)
