"""Vint's determinizer: what a player has not located, and what the table knows about it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`); Vint says which cards a
player has not located (the other three hands; during the deal, the cards still undealt) and
which seats cannot hold them: a seat that did not follow a suit holds none of it (its hand
only shrinks in play, so the void binds every card it still holds). The auction shows no card,
and the honours and coronets are scored only when every card has been played.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from hoyle.envs.core.cards import iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.vint.rules import DEAL, DEALT, NUM_PLAYERS, VintPlay, VintState


class VintDeterminizer(VintPlay):
    """Vint's rules of play with the determinizer's declarations (``DeclaresHidden``,
    ``OrdersUnseen``)."""

    def hidden_cards(self, s: VintState, player: int) -> Mapping[int, Hashable]:
        """The cards ``player`` has not located (``DeclaresHidden``): every card in another
        seat's hand, and during the deal the cards still undealt. No card at Vint is seen and
        then lost track of (no exchange, no discard, no dummy)."""
        out: dict[int, Hashable] = {}
        for q, hand in enumerate(s.hands):
            if q != player:
                out.update(dict.fromkeys(iter_cards(hand), q))
        if s.phase == DEAL:
            out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def unseen_orders(self, s: VintState, player: int) -> list[list[int]]:
        """Each other seat's deal positions in this deal (``OrdersUnseen``): ``player`` never
        saw in what order that seat's cards came, those it has played since included."""
        return deal_orders(s.log, player, (DEALT,))

    def forbidden_cards(self, s: VintState, player: int) -> Mapping[Hashable, int]:
        """What the table knows a seat does not hold (``DeclaresHidden``): the suits it did not
        follow (none before the play: no trick is played then)."""
        return {
            q: self.void_cards(s.voids[q], s.contract) for q in range(NUM_PLAYERS) if q != player
        }
