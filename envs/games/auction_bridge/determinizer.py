"""Auction Bridge's determinizer: what a player has not located, and what the table knows of it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`); Auction Bridge says
which cards a player has not located and which seats cannot hold them. It differs from Vint by
the dummy: from the opening lead on, dummy's cards lie face upwards on the table (Law 62), so
they are located for everyone and never re-dealt. Before the lead nobody but dummy sees them.
So the declarer, once dummy is down, has only the two defenders' hands hidden; a defender (and
dummy himself) has the other two hands that are not on the table. A seat that did not follow a
suit holds none of it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from hoyle.envs.core.cards import iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.auction_bridge.rules import (
    DEAL,
    DEALT,
    AuctionBridgePlay,
    AuctionBridgeState,
)
from hoyle.envs.games.vint.rules import NUM_PLAYERS


class AuctionBridgeDeterminizer(AuctionBridgePlay):
    """Auction Bridge's rules of play with the determinizer's declarations
    (``DeclaresHidden``, ``OrdersUnseen``)."""

    def hidden_cards(self, s: AuctionBridgeState, player: int) -> Mapping[int, Hashable]:
        """The cards ``player`` has not located (``DeclaresHidden``): every card in another
        seat's hand except an exposed dummy's and a lead out of turn taken back (seen by all),
        and during the deal the cards still undealt."""
        out: dict[int, Hashable] = {}
        for q, hand in enumerate(s.hands):
            if q != player and not (s.exposed and q == s.dummy):
                out.update(dict.fromkeys(iter_cards(hand & ~s.known), q))
        if s.phase == DEAL:
            out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def unseen_orders(self, s: AuctionBridgeState, player: int) -> list[list[int]]:
        """Each other seat's deal positions in this deal (``OrdersUnseen``): ``player`` never
        saw in what order that seat's cards came (dummy's included: laid down, they are known
        as a set, not in the order they were dealt)."""
        return deal_orders(s.log, player, (DEALT,))

    def forbidden_cards(self, s: AuctionBridgeState, player: int) -> Mapping[Hashable, int]:
        """What the table knows a seat does not hold (``DeclaresHidden``): the suits it did not
        follow (none before the play). Where a revoke is a play (``revoke=true``), a seat that
        did not follow may still hold the suit: only a suit called from him that he did not lead
        (``lead_out_of_turn=true``: a called suit must be led if held) is known."""
        if self.revoke:
            return {
                q: self.void_cards(s.refused[q], s.contract)
                for q in range(NUM_PLAYERS)
                if q != player and s.refused[q]
            }
        return {
            q: self.void_cards(s.voids[q], s.contract) for q in range(NUM_PLAYERS) if q != player
        }
