"""Solo's determinizer: what a player has not located, and what the table knows about it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`); Solo says which cards a
player has not located (the other hands; during the deal, the undealt cards) and which holders
cannot have them: the voids, counted on the trick rules of the trump suit (Spadilla and Basta
are trumps whatever the suit), the Forcée player's black Queens, and the called Ace, which lies
with a seat whose partnership with the bidder would have let the hand run as it did.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from hoyle.envs.core.cards import ACE, card, iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.core.tricks import trick_winner
from hoyle.envs.games.solo.rules import (
    BLACK_QUEENS,
    DEAL,
    DEALT,
    GO_ON,
    TARGET,
    TOUT,
    TOUT_PARTNER,
    TRICKS,
    SoloPlay,
    SoloState,
    dealt_cards,
)


class SoloDeterminizer(SoloPlay):
    """Solo's rules of play with the determinizer's declarations (``DeclaresHidden``,
    ``OrdersUnseen``)."""

    def hidden_cards(self, s: SoloState, player: int) -> Mapping[int, Hashable]:
        """The cards ``player`` has not located (``DeclaresHidden``): every card in another
        seat's hand, and during the deal the cards still undealt. Nobody at Solo sees a card
        and then loses track of it (no exchange, no discard), so no seen card is among them.
        The Forcée player's black Queens and a known partner's Ace are among them too, held to
        their seat by :meth:`forbidden_cards`: leaving them out would tell the re-deal where in
        the deal they lie, which ``player`` does not know."""
        out: dict[int, Hashable] = {}
        for q, hand in enumerate(s.hands):
            if q != player:
                out.update(dict.fromkeys(iter_cards(hand), q))
        if s.phase == DEAL:
            out.update(dict.fromkeys(iter_cards(self.pack_mask & ~dealt_cards(s)), "undealt"))
        return out

    def unseen_orders(self, s: SoloState, player: int) -> list[list[int]]:
        """Each other seat's deal positions (``OrdersUnseen``): ``player`` never saw in what
        order that seat's cards came, those it has played since included."""
        return deal_orders(s.log, player, (DEALT,))

    def forbidden_cards(self, s: SoloState, player: int) -> Mapping[Hashable, int]:
        """What the table knows a seat does not hold (``DeclaresHidden``): the (effective)
        suits it did not follow (Spadilla and Basta count as trumps,
        :func:`~hoyle.envs.core.tricks.void_cards`); the black Queens, except the Forcée
        player, who was announced holding both; the called Ace, except the seats whose
        partnership with the bidder would have let the hand run as it did
        (:meth:`partner_candidates`: the Ace's holder once known, else neither ``player``,
        who would see it, nor a seat that would have ended the hand already)."""
        others = [q for q in range(self.num_players) if q != player]
        queens = BLACK_QUEENS if s.forced >= 0 else 0
        ace = 1 << card(s.called, ACE) if s.called >= 0 else 0
        cands = self.partner_candidates(s, player) if ace else 0
        out: dict[Hashable, int] = {
            q: self.void_cards(s.voids[q], s.trump)
            | (queens if q != s.forced else 0)
            | (ace if not cands >> q & 1 else 0)
            for q in others
        }
        return out

    def partner_candidates(self, s: SoloState, player: int) -> int:
        """Seats (a bitmask) that could hold the called Ace as far as ``player`` knows: those
        whose partnership with the bidder would have let the hand run exactly as it did (no
        earlier stop, and a go-on offered only when the bidder knew his side)."""
        if s.holder < 0:
            return 0
        known = self.partner_known_to(s, player)
        if known >= 0:
            return 1 << known
        out = 0
        for x in range(self.num_players):
            if x == player:
                continue  # he would know: the Ace would be in his own hand
            if self._consistent_partner(s, x):
                out |= 1 << x
        return out

    def _consistent_partner(self, s: SoloState, x: int) -> bool:
        """Whether the hand would have run as it did had seat ``x`` held the called Ace (which
        has not fallen): no earlier end, and a go-on offered exactly when it was."""
        won = [0] * self.num_players
        tr = self.tricks[s.trump]
        n = self.num_players
        target = TRICKS if s.kind in (TOUT, TOUT_PARTNER) else TARGET
        for i, t in enumerate(s.past):
            w = (t[0] + trick_winner(t[1:], tr)) % n
            won[w] += 1
            side = won[s.bidder] + (won[x] if x != s.bidder else 0)
            other = i + 1 - side
            last = i + 1 == len(s.past)
            offered = (s.went_on and i + 1 == TARGET) or (last and s.phase == GO_ON)
            if self.offers_go_on(target, side, other, x == s.bidder) != offered:
                return False
            if offered:
                target = TRICKS if s.went_on else target
            elif side >= target or other > TRICKS - target:
                return False
        return True
