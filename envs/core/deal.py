"""The deal as data: a game declares who receives each card, the core deals it.

Every card game in the books deals the same way: the pack is shuffled, then cards go out in
packets ("three at a time round the table, then four"), some to the seats, some to a widow, a
talon or the table, some face up (Lift Smoke's trump card, Cassino's table), and the rest
stays as the stock for later draws. A game states that schedule once, as a :class:`DealPlan`
of :class:`Packet` s, and the core:

- makes the chance nodes: :func:`deal_outcomes` lists the undealt cards of the pack, each
  equally likely, so a lazily dealt card is the uniform draw of a shuffled pack's next card;
- knows, for the ``k``-th card of the deal, which holder receives it
  (:meth:`DealPlan.holder`) and whether it lands face up (:meth:`DealPlan.face_up`);
- lets the event log (:mod:`hoyle.envs.core.events`) record where in the history each card
  was dealt, which is all the determinizer (:mod:`hoyle.envs.core.determinize`) needs to
  re-deal what a player has not seen.

Holders are small ints chosen by the game: ``0..`` for the seats in the order the deal goes
round (eldest hand first, say) and negative ints for the other places (:data:`WIDOW`,
:data:`TALON`, :data:`TABLE`, :data:`STOCK` or the game's own). The game maps a seat holder to
the absolute seat of this deal (the deal passes to the left), so one plan serves every dealer.

Voids have one representation in every game: a 4-bit mask of suits per seat
(:func:`hoyle.envs.core.tricks.void_cards` turns it into a card mask).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hoyle.envs.core.cards import CardMask

WIDOW = -1
"""The widow (Five Hundred's three, Preference's two): dealt face down, taken by a bidder."""
TALON = -2
"""Calabrasella's talon: dealt face down, exposed and taken later."""
TABLE = -3
"""The table (Cassino's layout): dealt face up to everyone."""
STOCK = -4
"""A card turned from the stock (Lift Smoke's trump card, a draw)."""

Holder = int
"""A seat of the deal's order (``>= 0``) or a place (a negative constant)."""


@dataclass(frozen=True)
class Packet:
    """``count`` cards dealt one after another to ``holder``, face up when ``face_up``."""

    holder: Holder
    count: int
    face_up: bool = False


class DealPlan:
    """The schedule of a deal: the holder of every card, in the order the cards go out.

    >>> plan = DealPlan([Packet(0, 2), Packet(1, 2), Packet(WIDOW, 1), Packet(0, 1)])
    >>> plan.holders
    (0, 0, 1, 1, -1, 0)
    >>> plan.count(0), plan.positions(1), len(plan)
    (3, (2, 3), 6)
    """

    __slots__ = ("_face_up", "holders")

    def __init__(self, packets: Iterable[Packet]) -> None:
        holders: list[Holder] = []
        face_up: list[bool] = []
        for p in packets:
            if p.count < 0:
                raise ValueError(f"a packet of {p.count} cards")
            holders += [p.holder] * p.count
            face_up += [p.face_up] * p.count
        self.holders: tuple[Holder, ...] = tuple(holders)
        self._face_up = tuple(face_up)

    @classmethod
    def rounds(
        cls, order: Sequence[Holder], sizes: Sequence[int], *, extra: Iterable[Packet] = ()
    ) -> DealPlan:
        """Packets of ``sizes[i]`` cards to each holder of ``order`` in turn, round ``i``;
        ``extra`` packets follow (a widow, the table).

        >>> DealPlan.rounds((0, 1), (2, 1)).holders
        (0, 0, 1, 1, 0, 1)
        """
        return cls([*(Packet(h, k) for k in sizes for h in order), *extra])

    @classmethod
    def one_at_a_time(cls, order: Sequence[Holder], each: int) -> DealPlan:
        """``each`` cards to every holder of ``order``, one at a time round the table.

        >>> DealPlan.one_at_a_time((0, 1, 2), 2).holders
        (0, 1, 2, 0, 1, 2)
        """
        return cls.rounds(order, (1,) * each)

    def __len__(self) -> int:
        return len(self.holders)

    def holder(self, k: int) -> Holder:
        """Who receives the ``k``-th card of the deal."""
        return self.holders[k]

    def face_up(self, k: int) -> bool:
        """Whether the ``k``-th card lands face up (seen by every player)."""
        return self._face_up[k]

    def count(self, holder: Holder) -> int:
        """How many cards ``holder`` receives."""
        return self.holders.count(holder)

    def positions(self, holder: Holder) -> tuple[int, ...]:
        """The indices ``k`` of the cards ``holder`` receives."""
        return tuple(k for k, h in enumerate(self.holders) if h == holder)


_CHUNK = 8
_CHUNK_CARDS = tuple(
    tuple(tuple(base + c for c in range(_CHUNK) if m >> c & 1) for m in range(1 << _CHUNK))
    for base in range(0, 56, _CHUNK)
)
"""For each byte of the card ids (0-7, 8-15, ..., 48-55), the cards of every mask of it: a
deal's outcomes are seven lookups rather than a loop over bits, since every chance node of
every playout lists them (a table of 1,792 small tuples, built at import in about
3 ms)."""


def _cards(mask: CardMask) -> tuple[int, ...]:
    """The cards of ``mask`` (ids below 56) in id order."""
    t = _CHUNK_CARDS
    return (
        t[0][mask & 255]
        + t[1][mask >> 8 & 255]
        + t[2][mask >> 16 & 255]
        + t[3][mask >> 24 & 255]
        + t[4][mask >> 32 & 255]
        + t[5][mask >> 40 & 255]
        + t[6][mask >> 48 & 255]
    )


_LAST_OUTCOMES: tuple[CardMask, CardMask, list[tuple[int, float]]] = (0, 0, [])


def deal_outcomes(pack: CardMask, dealt: CardMask) -> list[tuple[int, float]]:
    """The chance outcomes of dealing the next card: every undealt card, equally likely.

    The last list made is kept (a chance node is asked for its outcomes more than once: for
    the legal outcomes, then to check and apply one), so a caller may get the list another
    got: read it, never change it. One entry, compared inline, is cheaper here than
    ``functools.lru_cache`` (measured on Conquian's playouts: 182,000 steps a second
    against 166,000).

    >>> deal_outcomes(0b1011, 0b0001)
    [(1, 0.5), (3, 0.5)]
    >>> [c for c, _ in deal_outcomes(1 << 53 | 1 << 13 | 1 << 14, 0)]
    [13, 14, 53]
    """
    global _LAST_OUTCOMES
    last = _LAST_OUTCOMES
    if last[1] == dealt and last[0] == pack and last[2]:
        return last[2]
    left = pack & ~dealt
    n = left.bit_count()
    if n == 0:
        raise ValueError("no card left to deal")
    p = 1.0 / n
    out = [(c, p) for c in _cards(left)]
    _LAST_OUTCOMES = (pack, dealt, out)
    return out
