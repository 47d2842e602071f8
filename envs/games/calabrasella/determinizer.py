"""Calabrasella's determinizer: what a player has not located, and what the table knows of it
(the core's :class:`~hoyle.envs.core.determinize.DeclaresHidden`), the cards he saw and then
lost track of (:meth:`CalabrasellaDeterminizer.lost_cards`), and the two things of this game
that masks cannot say (:meth:`CalabrasellaDeterminizer.admit_world`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from hoyle.envs.core.cards import TWO, cards_of
from hoyle.envs.core.determinize import Lost, deal_orders, sort_within
from hoyle.envs.core.events import Event
from hoyle.envs.core.tricks import void_cards
from hoyle.envs.games.calabrasella.rules import (
    ASKED_NOTHING,
    EV_DEAL,
    EV_DISCARD,
    EV_EXCHANGE,
    NOTHING_TO_ASK,
    OVER,
    CalabrasellaPlay,
    CalabrasellaState,
)

RECEIVED = "received"
"""The holder of the card the single player gave in exchange, for a player who did not see it:
the receiver holds it, but it was dealt to the single player (so a 3 may be it when the
receiver can hold no other 3)."""
DISCARDS = "discards"
TALON_PLACE = "talon"
UNDEALT = "undealt"


class CalabrasellaDeterminizer(CalabrasellaPlay):
    """The rules' declarations to the core's determinizer: the cards a player has not located
    and the masks they obey (``DeclaresHidden``), the deal orders he never saw
    (``OrdersUnseen``), the cards he lost track of (``LosesTrack``) and the test of a
    re-dealt world (``AdmitsWorlds``)."""

    def hidden_cards(self, s: CalabrasellaState, player: int) -> dict[int, Hashable]:
        """Every card whose place ``player`` does not know, by where it is now: another seat's
        hand (the card given in exchange, if he did not see it, as :data:`RECEIVED`), the
        single player's discards (not his own), the talon before it is turned up, the cards
        not yet dealt, and the cards he lost track of (:meth:`lost_cards`). Left out, as
        known: his hand, the cards played (but those lost), the card asked for (handed over
        in view, or in the talon) until it may have been discarded, the talon once turned up
        (taken into the single player's hand or left for the stock)."""
        if s.phase == OVER:
            return {}  # the stock is shown, the hands are played out
        known = s.hands[player] | 1 << s.asked if s.asked >= 0 else s.hands[player]
        for m in s.played:
            known |= m
        for c in s.trick:
            known |= 1 << c
        if s.exposed:
            known |= s.talon
        if s.given >= 0 and player in (s.single, s.giver):
            known |= 1 << s.given
        if player == s.single:
            known |= s.discards
        out: dict[int, Hashable] = {}
        for q in s.active:
            if q != player:
                for c in cards_of(s.hands[q] & ~known):
                    out[c] = q
        if s.given >= 0 and not known >> s.given & 1:
            out[s.given] = RECEIVED
        for c in cards_of(s.discards & ~known):
            out[c] = DISCARDS
        for c in cards_of(s.talon & ~known):
            out[c] = TALON_PLACE
        for c in cards_of(self.pack_mask & ~s.dealt):
            out[c] = UNDEALT
        out.update(_lost_places(s, player))
        return out

    def forbidden_cards(self, s: CalabrasellaState, player: int) -> dict[Hashable, int]:
        """What the table knows each holder lacks: a seat that did not follow suit holds none
        of it (nor, if he received the card given in exchange, is that of the suit). When a 2
        was asked for, or nothing was asked, the single player held every 3 (and, with nothing
        to ask, every 2): none is with an adversary's own cards or in the talon; the card given
        in exchange may be one (he gave it from that hand)."""
        tricks = self.tricks
        out: dict[Hashable, int] = {q: void_cards(s.voids[q], tricks) for q in s.active}
        lost = _lost_places(s, player)
        played_lost = sum(1 << c for c, at in lost.items() if at in (RECEIVED, s.giver))
        if s.giver >= 0:
            out[s.giver] &= ~played_lost  # seen played: no void binds them
            out[RECEIVED] = out[s.giver]
        held = 0
        if s.giver in (ASKED_NOTHING, NOTHING_TO_ASK) or (s.asked >= 0 and s.asked % 13 == TWO):
            held = self.threes
        if s.giver == NOTHING_TO_ASK:
            held |= self.twos
        if held:
            for q in s.active:
                if q != s.single:
                    out[q] |= held
            out[TALON_PLACE] = held
        # A lost card stays among the cards of the hand it was lost in.
        for c, at in lost.items():
            places = (s.giver, RECEIVED) if at in (s.giver, RECEIVED) else (s.single, DISCARDS)
            for h in (*s.active, RECEIVED, DISCARDS, TALON_PLACE, UNDEALT):
                if h not in places:
                    out[h] = out.get(h, 0) | 1 << c
        return out

    def lost_cards(self, s: CalabrasellaState, player: int) -> dict[int, Lost]:
        """The cards ``player`` saw and then lost track of (``LosesTrack``), both in the hands
        the exchange mixed (assumption 6):

        - the card asked for, handed over in view, once the single player has begun to
          discard: it may be among his discards or still in his hand (for all but him);
        - each card the receiver of the exchange has played, for a player who did not see
          the exchange: any one of them may be the card he received, and he was dealt the
          rest (the card he received, unplayed, is :data:`RECEIVED`'s)."""
        places = _lost_places(s, player)
        if not places:
            return {}
        joined = next(at for k, _, _, _, at in s.log if k == EV_EXCHANGE) + 1
        return {c: Lost(joined, at in (s.single, DISCARDS)) for c, at in places.items()}

    def unseen_orders(self, s: CalabrasellaState, player: int) -> list[list[int]]:
        """Each other seat's deal positions (``OrdersUnseen``): the order its cards came in
        was never seen, those shown since included."""
        return deal_orders(s.log, player, (EV_DEAL,))

    def admit_world(
        self, s: CalabrasellaState, player: int, history: list[int]
    ) -> list[int] | None:
        """The two things of a re-dealt ``history`` that masks cannot say.

        - "Ask for nothing" is open only to a single player who holds every 3 but not every
          2: a draw that gives him every 2 as well is refused (the core draws again; rejection
          keeps the draw uniform among the others).
        - The discards are made in rising card order (assumption 5); the core relabels each
          hidden discard on its own, so the discard actions are put back in rising order (the
          order of a face-down discard is not seen; which cards are discarded is the draw's).
        """
        if s.giver == ASKED_NOTHING and not _some_two_elsewhere(self, s, history):
            return None
        return _rising_discards(s.log, history)


def _lost_places(s: CalabrasellaState, player: int) -> dict[int, Hashable]:
    """Each card ``player`` has lost track of (:meth:`~CalabrasellaDeterminizer.lost_cards`),
    by where it is now."""
    if s.phase == OVER or s.giver < 0 or s.given < 0 or player == s.single:
        return {}
    out: dict[int, Hashable] = {}
    asked = s.asked
    played = 0
    for m in s.played:
        played |= m
    if s.discards and not played >> asked & 1:
        out[asked] = s.single if s.hands[s.single] >> asked & 1 else DISCARDS
    if player != s.giver:
        for c in cards_of(s.played[s.giver]):
            out[c] = RECEIVED if c == s.given else s.giver
    return out


def _some_two_elsewhere(rules: CalabrasellaPlay, s: CalabrasellaState, new: list[int]) -> bool:
    """Whether, in ``new``, some 2 of the pack was not dealt to the single player."""
    dealt = 0
    for k, a, _, _, at in s.log:
        if k == EV_DEAL and a == s.single and at >= 0:
            dealt |= 1 << new[at]
    return rules.twos & ~dealt != 0


def _rising_discards(log: Sequence[Event], new: list[int]) -> list[int]:
    """``new`` with the single player's discard actions in rising card order."""
    return sort_within(new, [e[4] for e in log if e[0] == EV_DISCARD])
