"""Quinto's determinizer: what a player has not located, and what the table knows about it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`); Quinto says which cards a
player has not located — every hand he has not seen (in Dummy Quinto, before the Dummy is
exposed, the Dummy-player's two hands for his opponents, and for the Dummy-player the hand he
has not looked at yet), the cachette until it is taken, during the deal the cards still
undealt — and which seats cannot hold them: a seat that did not follow a suit holds none of
it (its hand only shrinks in play, so the void binds every card it still holds). Throwing
Quint Royal shows nothing. The doubling round shows no card.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from hoyle.envs.core.cards import iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.quinto.rules import (
    CACHETTE_DEALT,
    DEAL,
    DEALT,
    NUM_SEATS,
    QuintoPlay,
    QuintoState,
)


class QuintoDeterminizer(QuintoPlay):
    """Quinto's rules of play with the determinizer's declarations (``DeclaresHidden``,
    ``OrdersUnseen``)."""

    def hidden_cards(self, s: QuintoState, player: int) -> Mapping[int, Hashable]:
        """The cards ``player`` has not located (``DeclaresHidden``): each hand he has not
        seen, the untaken cachette, the cards not yet dealt. Nobody sees a card and then loses
        track of it (the cachette is shown as it is taken, the Dummy as it is exposed)."""
        out: dict[int, Hashable] = {}
        for q, hand in enumerate(s.hands):
            if not self.knows(s, player, q):
                out.update(dict.fromkeys(iter_cards(hand), q))
        out.update(dict.fromkeys(iter_cards(s.cachette), "cachette"))
        if s.phase == DEAL:
            out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def unseen_orders(self, s: QuintoState, player: int) -> list[list[int]]:
        """Each hand's deal positions that ``player`` did not see, and the cachette's
        (``OrdersUnseen``): he never saw in what order those cards came, even once the hand
        is shown (the Dummy exposed, the cachette taken, cards played)."""
        return deal_orders(s.log, player, (DEALT, CACHETTE_DEALT))

    def forbidden_cards(self, s: QuintoState, player: int) -> Mapping[Hashable, int]:
        """What the table knows a seat does not hold (``DeclaresHidden``): the suits it did not
        follow."""
        return {
            q: self.void_cards(s.voids[q]) for q in range(NUM_SEATS) if not self.knows(s, player, q)
        }
