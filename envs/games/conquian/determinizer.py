"""The Conquian determinizer: a world the player cannot tell from the true one.

Only the cards dealt to the adversary are hidden: every move is made face up, a card turned up
is seen by both, a passed card was seen before it went to the dead pile, and the hands are
shown at the end of each deal. So the cards a player has not located are the adversary's hand
(every card of it was dealt to him face down) and the stock: ``hidden_cards`` declares them to
the core (:class:`hoyle.envs.core.determinize.DeclaresHidden`), which re-deals them uniformly,
in every order, and relabels the history through the event log.

Nothing the table saw rules a card out of the adversary's hand (``forbidden_cards`` is empty):
a card he declined, passed or did not use says what he chose, not what he holds, and the
determinizer knows no one's strategy.

The order in which the adversary was dealt his cards is hidden too, those he has laid since
included (the player saw the card laid, not where it was dealt): ``unseen_orders`` names his
deal positions, and the core puts them in a fresh order.

One thing the history does say that is not a mask: while the adversary is laying a
combination (``BUILD``, or ``MELD`` after "lay a combination from your hand"), every card he
has added so far was legal, so his hand can finish it. That asks for *some* cards (the ♥4 or
the ♥7 to finish ♥5 6), which no mask of cards he cannot hold expresses. ``admit_world`` says
whether a re-deal keeps it, and the core draws again until one does: rejection of a uniform
draw is uniform on what it accepts, so the re-deal stays exact. Once the combination is laid
every card of it is face up and the constraint is gone; a hand that goes out is shown whole.
Only the player who is not to move ever meets it (a searcher re-deals for the player to move).
"""

from __future__ import annotations

from collections.abc import Hashable

from hoyle.envs.core.cards import cards_of
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.conquian.rules import (
    BUILD,
    EV_DEAL,
    MELD,
    OVER,
    ConquianPlay,
    ConquianState,
)

UNDEALT = "undealt"
"""The holder of the cards of the stock (not yet turned up)."""


class ConquianDeterminizer(ConquianPlay):
    """The rules' declarations to the core's determinizer (``DeclaresHidden``,
    ``OrdersUnseen``, ``AdmitsWorlds``; see the module docstring)."""

    def hidden_cards(self, s: ConquianState, player: int) -> dict[int, Hashable]:
        """The adversary's hand (his seat) and the stock (:data:`UNDEALT`); nothing once the
        deal is over and the hands are shown."""
        if s.phase == OVER:
            return {}
        adv = 1 - player
        out: dict[int, Hashable] = dict.fromkeys(cards_of(s.hands[adv]), adv)
        out.update(dict.fromkeys(cards_of(self.pack_mask & ~s.dealt), UNDEALT))
        return out

    def forbidden_cards(self, s: ConquianState, player: int) -> dict[Hashable, int]:
        """Nothing: no card the player has not seen is ruled out of the adversary's hand."""
        del s, player  # Unused: see the module docstring.
        return {}

    def unseen_orders(self, s: ConquianState, player: int) -> list[list[int]]:
        """The adversary's deal positions of this deal: their order was never seen."""
        return deal_orders(s.log, player, (EV_DEAL,))

    def admit_world(self, s: ConquianState, player: int, history: list[int]) -> list[int] | None:
        """``history`` if it leaves the adversary a hand that can finish the combination he
        is laying (if he is), else ``None``. His hand is what he was dealt (the cards at his
        deal positions) less the cards that left it, all of which were shown."""
        adv = 1 - player
        if s.to_move != adv or s.phase not in (BUILD, MELD):
            return history
        dealt = was = 0
        for kind, actor, value, _, at in s.log:
            if kind == EV_DEAL and actor == adv and at >= 0:
                dealt |= 1 << history[at]
                was |= 1 << value
        hand = dealt & ~(was & ~s.hands[adv])
        return history if self.consistent_hand(s, adv, hand) else None

    def consistent_hand(self, s: ConquianState, q: int, hand: int) -> bool:
        """Whether player ``q`` could hold ``hand`` given the public history.

        The only thing the history says about a hidden hand beyond its size is that a
        combination ``q`` is laying now (``BUILD`` or ``MELD``, his turn) can be completed:
        cards already laid are public, and a completed combination is made of public cards.
        """
        if s.to_move != q or s.phase not in (BUILD, MELD):
            return True
        if s.phase == MELD:
            if not s.build:
                return self.meldable(hand) != 0
            adds, lay = self._completions(s.build, hand, hand, 0)
            return bool(adds) or lay
        mine = s.combos[q]
        four, ends = self.lendable(mine)
        base = mine[s.base] if s.base >= 0 else 0
        adds, lay = self._completions(s.build, hand | ends, hand | four, base)
        return bool(adds) or lay
