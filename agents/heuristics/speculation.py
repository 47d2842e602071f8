"""A heuristic agent for Speculation as named, toggleable rules — *not the book's*.

Foster gives no advice on buying or selling at Speculation (the game, he says, teaches the
value "of certain articles ... in a fluctuating market", and no more), so these hints are this
project's own, from the arithmetic of the market. Nobody sees a face-down card, so the worth
of the best trump so far to whoever holds it is the pool times the chance that it stands: that
no better trump lies among the cards the others still have to turn
(:func:`hoyle.envs.games.speculation.odds.chance_of_standing`, exact). Hence, in priority
order:

1. ``sell-above-value`` (the seller): accept an offer above what the card is worth to him
   kept, refuse one at or below it.
2. ``bid-up-to-value`` (a bidder): offer no more than the card is worth to him once bought
   (the pool times its chance of standing with him as its holder, so his own face-down cards
   are no longer turned against it); pass when every legal offer is above that.
3. ``bid-the-value``: of the offers within the value, the highest (one round of offers only:
   a lower offer is outbid by a later player who values the card more, and the fair price is
   no loss in expectation).

What the worth leaves out: it is the pool alone, but a player who does not hold the best trump
keeps his own face-down cards in play, and a better trump he turns is his to sell or keep; the
holder's cards are skipped. ISMCTS on rollouts of these hints
(:data:`hoyle.agents.ismcts.RECOMMENDED`) accepts offers they refuse and passes where they bid,
and beats them by +0.086 [+0.048, +0.123] counters a deal, four players, 1,000 duplicate deals
(``docs/leaderboards/speculation-ismcts``).

Every hint reads only the player's view (``state.player_view(player)``), which is the whole
public table.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.games.speculation import (
    ACCEPT_ACTION,
    ANSWER,
    BID,
    OFFER_ACTION_BASE,
    PASS_ACTION,
    REFUSE_ACTION,
    SpeculationView,
    chance_of_standing,
    standing_counts,
)

SOURCE = "not the book's: Foster gives no advice on buying or selling at Speculation; our own"


def worth(view: SpeculationView, holder: int) -> Fraction:
    """What the card on sale is worth to ``holder`` holding it: the pool times the chance that
    it stands (exact)."""
    better, unseen, to_turn = standing_counts(
        view.rules.pack_mask, view.shown, view.down, view.on_sale, holder
    )
    return chance_of_standing(better, unseen, to_turn) * view.pool


def sell_above_value(view: SpeculationView, legal: Sequence[int]) -> list[int]:
    """The seller accepts an offer above the card's worth to him kept, else refuses."""
    if view.phase != ANSWER:
        return []
    keep = worth(view, view.player)
    return [ACCEPT_ACTION if view.offer > keep else REFUSE_ACTION]


def bid_up_to_value(view: SpeculationView, legal: Sequence[int]) -> list[int]:
    """A bidder's offers within the card's worth to him once bought (or a pass if none)."""
    if view.phase != BID:
        return []
    value = worth(view, view.player)
    within = [a for a in legal if a >= OFFER_ACTION_BASE and a - OFFER_ACTION_BASE + 1 <= value]
    return within or [PASS_ACTION]


def bid_the_value(view: SpeculationView, legal: Sequence[int]) -> list[int]:
    """Of the offers left, the highest."""
    offers = [a for a in legal if a >= OFFER_ACTION_BASE]
    if view.phase != BID or not offers:
        return []
    return [max(offers)]


HINTS = register_hints(
    "speculation",
    (
        Hint(
            "speculation.sell-above-value",
            SOURCE,
            "Sell when offered more than the pool times the card's chance of standing (our "
            "own, not the book's).",
            sell_above_value,
        ),
        Hint(
            "speculation.bid-up-to-value",
            SOURCE,
            "Bid no more than the pool times the card's chance of standing with you holding "
            "it (our own, not the book's).",
            bid_up_to_value,
        ),
        Hint(
            "speculation.bid-the-value",
            SOURCE,
            "In the one round of offers, offer the most the card is worth to you (our own, not "
            "the book's).",
            bid_the_value,
        ),
    ),
)

__all__ = ["HINTS", "bid_the_value", "bid_up_to_value", "sell_above_value", "worth"]
