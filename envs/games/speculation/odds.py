"""The chance that the best trump so far stands, and its fair price (Foster's Complete Hoyle,
"SPECULATION": the game teaches the value "of certain articles ... in a fluctuating market").

Nobody has seen any face-down card, so every card not yet seen (the face-down cards and the
cards of the pack never dealt) is equally likely to be any of the unseen cards. The best trump
showing stands if none of the better trumps lies among the face-down cards still to be turned
by the players other than its holder (his own are not turned while he holds the best: a better
trump among them would only keep the pool his). With ``better`` better trumps among ``unseen``
unseen cards, of which ``to_turn`` will be turned by the others, the chance is hypergeometric:

    P(stands) = C(unseen - better, to_turn) / C(unseen, to_turn).

Pure functions on ints, exact (:class:`fractions.Fraction`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from hoyle.envs.core.cards import NUM_RANKS, iter_cards, rank_of, suit_of
from hoyle.envs.core.tricks import ACE_HIGH_RANKS

__all__ = ["beats", "chance_of_standing", "fair_price", "standing_counts"]

STRENGTH: tuple[int, ...] = tuple(NUM_RANKS - 1 - ACE_HIGH_RANKS.index(r) for r in range(NUM_RANKS))
"""``STRENGTH[rank]``: 12 for the Ace, 11 the King, ... 0 the Two ("A K Q down to the 2")."""


def beats(c: int, best: int) -> bool:
    """Whether ``c`` is a trump (of ``best``'s suit) better than ``best``."""
    return suit_of(c) == suit_of(best) and STRENGTH[rank_of(c)] > STRENGTH[rank_of(best)]


def chance_of_standing(better: int, unseen: int, to_turn: int) -> Fraction:
    """The chance that none of ``better`` better trumps, among ``unseen`` cards not yet seen,
    is among the ``to_turn`` of them the other players will turn up.

    >>> chance_of_standing(1, 4, 2)  # one better trump, four unseen, two to turn
    Fraction(1, 2)
    >>> chance_of_standing(0, 10, 6), chance_of_standing(3, 3, 1)
    (Fraction(1, 1), Fraction(0, 1))
    """
    if not 0 <= better <= unseen or not 0 <= to_turn <= unseen:
        raise ValueError(
            f"need 0 <= better, to_turn <= unseen: better={better}, to_turn={to_turn}, "
            f"unseen={unseen}"
        )
    return Fraction(comb(unseen - better, to_turn), comb(unseen, to_turn))


def fair_price(better: int, unseen: int, to_turn: int, pool: int) -> Fraction:
    """The pool times the chance that the best trump stands: what holding it is worth.

    >>> fair_price(1, 4, 2, 10)
    Fraction(5, 1)
    """
    return chance_of_standing(better, unseen, to_turn) * pool


def standing_counts(
    pack: int, shown: Sequence[int], down: Sequence[int], c: int, holder: int
) -> tuple[int, int, int]:
    """``(better, unseen, to_turn)`` for trump ``c`` held by ``holder``, from what the table
    shows: ``pack`` the mask of the pack's cards, ``shown[q]`` the mask of seat ``q``'s cards
    face up, ``down[q]`` how many he has face down. The unseen cards are the pack's cards not
    face up (those face down and those never dealt); ``better`` counts the unseen trumps above
    ``c``; ``to_turn`` the cards the others have face down.

    >>> from hoyle.envs.core.cards import parse_card
    >>> pack = sum(1 << parse_card(t) for t in "♠A ♠K ♠Q ♠J ♥A ♥K ♥Q ♥J".split())
    >>> standing_counts(pack, (1 << parse_card("♠Q"), 0), (1, 2), parse_card("♠Q"), 0)
    (2, 7, 2)
    """
    everything_shown = 0
    for mask in shown:
        everything_shown |= mask
    unseen = pack & ~everything_shown
    better = sum(1 for x in iter_cards(unseen) if beats(x, c))
    to_turn = sum(k for q, k in enumerate(down) if q != holder)
    return better, unseen.bit_count(), to_turn
