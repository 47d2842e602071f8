"""The Five Hundred determinizer: a world the player cannot tell from the true one.

What a player has not located: each other hand, the widow until the bidder takes it up (in the
no-bid hand, for good), the bidder's discards (for the others), the cards not yet dealt. The
rules declare them to the core (:class:`hoyle.envs.core.determinize.DeclaresHidden`) with what
the table knows against them, the suits each seat renounced; the core deals them afresh,
uniformly among the deals that respect that, and relabels the history through the event log.

One rule of the history is not a mask: the bidder discards in rising card order (assumption
3), so the re-dealt discards are put back in that order, and while he is still discarding his
new hand must let him go on (enough cards above his last discard). ``admit_world`` does both;
the core draws again when the hand could not go on (rejection of a uniform draw is uniform on
what it accepts).
"""

from __future__ import annotations

from collections.abc import Hashable

from hoyle.envs.core.cards import cards_of, iter_cards
from hoyle.envs.core.determinize import deal_orders, sort_within
from hoyle.envs.core.events import NO_ACTOR
from hoyle.envs.core.tricks import void_cards
from hoyle.envs.games.five_hundred.rules import (
    DISCARD,
    EV_DEALT,
    EV_DISCARD,
    EV_NEW_DEAL,
    EV_WIDOW_DEALT,
    NUM_DISCARDS,
    NUM_PLAYERS,
    FiveHundredPlay,
    FiveHundredState,
)


class FiveHundredDeterminizer(FiveHundredPlay):
    """The rules' declarations to the core's determinizer (``DeclaresHidden``,
    ``OrdersUnseen``, ``AdmitsWorlds``; see the module docstring)."""

    def unseen_orders(self, s: FiveHundredState, player: int) -> list[list[int]]:
        """The deal positions of each other seat, and of the widow (``OrdersUnseen``): their
        order was never seen. Once another seat has taken the widow up, which of his cards
        came from it is hidden too, so its positions join his."""
        b = s.bidder
        merge = {NO_ACTOR: b} if b >= 0 and b != player else None
        return deal_orders(s.log, player, (EV_DEALT, EV_WIDOW_DEALT), merge)

    def admit_world(self, s: FiveHundredState, player: int, history: list[int]) -> list[int] | None:
        """The re-dealt ``history`` with the bidder's discards in rising order (in place), or
        ``None`` when his new hand could not have made them and gone on (a partial discard)."""
        b = s.bidder
        if b < 0 or b == player:
            return history  # No discard, or the player's own: the re-deal left it alone.
        discards: list[int] = []
        holds: list[int] = []
        for kind, actor, _, _, at in reversed(s.log):
            if kind == EV_NEW_DEAL:
                break
            if kind == EV_DISCARD:
                discards.append(at)
            elif kind == EV_WIDOW_DEALT or (kind == EV_DEALT and actor == b):
                holds.append(at)
        discards.reverse()
        sort_within(history, discards)
        if s.phase != DISCARD:
            return history
        gone = sum(1 << history[at] for at in discards)
        held = sum(1 << history[at] for at in holds) & ~gone
        return history if self._discard_order_possible(held, gone, s.discards_left) else None

    def _discard_order_possible(self, held: int, discarded: int, left: int) -> bool:
        """Whether the bidder, holding ``held`` after discarding ``discarded`` (in rising
        order), could have made those discards under the rising-order rule."""
        hand = held | discarded
        last = -1
        todo = NUM_DISCARDS
        for c in cards_of(discarded):
            if not (self.discard_options(hand, last, todo) >> c) & 1:
                return False
            hand &= ~(1 << c)
            last = c
            todo -= 1
        return todo == left and self.discard_options(hand, last, todo) != 0

    def hidden_cards(self, s: FiveHundredState, player: int) -> dict[int, Hashable]:
        """Each other seat's hand; the widow, until the bidder takes it up (in the no-bid hand,
        for good); the bidder's discards, for the others; the cards not yet dealt. Nobody in
        Five Hundred sees a card and loses track of it: the bidder keeps the widow he took up
        in view (in his hand or his discards), so nothing is left out for that."""
        out: dict[int, Hashable] = {}
        for q in range(NUM_PLAYERS):
            if q != player:
                out.update(dict.fromkeys(iter_cards(s.hands[q]), q))
        out.update(dict.fromkeys(iter_cards(s.widow), "widow"))
        if s.bidder != player:
            out.update(dict.fromkeys(iter_cards(s.discards), "discards"))
        out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def forbidden_cards(self, s: FiveHundredState, player: int) -> dict[Hashable, int]:
        """The suits each other seat has renounced, as cards (with trumps the Joker and the
        left bower go with the trump suit; at No-trumps the Joker belongs to no suit and no
        renounce bars it); with ``follow_before_joker``, the suit led to a No-trump Joker its
        holder has just played to it (his renounce, counted from this moment: assumption 4).
        The widow, the discards and the undealt cards are bound by nothing."""
        tr = self.trick_rules(s)
        out: dict[Hashable, int] = {
            q: void_cards(s.voids[q], tr) for q in range(NUM_PLAYERS) if q != player
        }
        shown_out = self.joker_renounce(s, tr)
        if shown_out >= 0 and shown_out != player:
            out[shown_out] |= tr.suit_masks[s.led]
        return out
