"""Preference's determinizer: what a player has not located, and what the table knows of it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`); Preference says which
cards a player has not located and where they are now (each other seat's hand, the widow cards
its bidder took among them; the face-down widow; the cards another laid out; the cards not yet
dealt) and which holders cannot have them (the suits each seat showed out of). Nobody ever
loses sight of a card he saw, so every card he has not located is re-dealt. The order in which
another seat was dealt his cards is hidden too (the deal position of a card he played; which of
the widow's bidder's cards came from the widow, and so which he laid out): those positions are
groups the core puts in a uniform order (``unseen_orders``), which makes the re-deal exact.
"""

from __future__ import annotations

from hoyle.envs.core.cards import cards_of
from hoyle.envs.core.deal import WIDOW
from hoyle.envs.core.tricks import void_cards
from hoyle.envs.games.preference.rules import EV_DEAL, EV_WIDOW, PreferencePlay, PreferenceState


class PreferenceDeterminizer(PreferencePlay):
    """The rules with the core determinizer's declarations (``DeclaresHidden`` and
    ``OrdersUnseen``: the core re-deals, then puts each other seat's deal in a fresh order)."""

    # --- the determinizer (``DeclaresHidden``: the core re-deals) -------------------------
    def hidden_cards(self, s: PreferenceState, player: int) -> dict[int, int | str]:
        """Every card ``player`` has not located, with its holder now: each other seat's hand
        (the widow cards its bidder took among them), the face-down widow, the cards another
        laid out, and the cards not yet dealt. Nobody ever loses sight of a card he saw (no
        card goes from a hand to another's), so nothing seen is among them."""
        out: dict[int, int | str] = {}
        for q in range(self.num_players):
            if q != player:
                for c in cards_of(s.hands[q]):
                    out[c] = q
        for c in cards_of(s.widow):
            out[c] = "widow"
        if s.bidder != player:
            for c in cards_of(s.laid_out):
                out[c] = "laid out"
        for c in cards_of(self.pack_mask & ~s.dealt):
            out[c] = "undealt"
        return out

    def forbidden_cards(self, s: PreferenceState, player: int) -> dict[int, int]:
        """The suits each other seat has shown out of (voids arise only in the play, once the
        trumps are named). The cards laid out left the hand before the play: no void binds
        them."""
        if s.trumps < 0:
            return {}
        tr = self.tricks[s.trumps]
        return {q: void_cards(v, tr) for q, v in enumerate(s.voids) if v and q != player}

    def unseen_orders(self, s: PreferenceState, player: int) -> list[tuple[int, ...]]:
        """Groups of history positions whose cards ``player`` knows as a set at most, never
        in their order: each other seat's deal positions, the widow's with its bidder's once
        he took it (with the widow still face down, the widow's own)."""
        groups: dict[int, list[int]] = {}
        widow_to = s.bidder if s.price > 0 else WIDOW
        for kind, actor, _, _, at in s.log:
            to = actor if kind == EV_DEAL else widow_to if kind == EV_WIDOW else player
            if to != player:
                groups.setdefault(to, []).append(at)
        return [tuple(g) for g in groups.values() if len(g) > 1]
