"""The determinizer's declarations for Earl of Coventry and Jig: what a player has not located,
and what the table knows about it.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`). Hidden: every other
hand (and, in the deal, the cards still to come). Every card laid is face up, and the hands
only shrink, so what a pass says binds for the rest of the deal: a seat that could not match a
rank (Earl of Coventry) holds none of it, a seat "without" a card (Jig) holds not that card.

At a lead these bind nothing more than the cards laid already do: a round of Earl of Coventry
ends only when its rank's four cards are all laid, and a card some seat was without at Jig was
laid later in the round or had been laid before (nobody held it). They are declared all the
same, so that a world drawn from a state in the middle of a round would be right too.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import NUM_SUITS, card, iter_cards, rank_of
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.earl_of_coventry.view import DEAL, EV_DEAL, EV_NO_MATCH, EV_OUT, EV_WITHOUT

if TYPE_CHECKING:
    from hoyle.envs.games.earl_of_coventry.rules import EarlRules, EarlState


def hidden_cards(rules: EarlRules, s: EarlState, player: int) -> dict[int, Hashable]:
    """Every card in another seat's hand under that seat; in the deal, the cards to come."""
    out: dict[int, Hashable] = {}
    for q, hand in enumerate(s.hands):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand), q))
    if s.phase == DEAL:
        out.update(dict.fromkeys(iter_cards(rules.pack_mask & ~s.dealt), "undealt"))
    return out


def forbidden_cards(rules: EarlRules, s: EarlState, player: int) -> dict[Hashable, int]:
    """For each other seat, the cards its passes in this deal say it does not hold."""
    out: dict[Hashable, int] = {q: 0 for q in range(rules.num_players) if q != player}
    start = 0
    for i, e in enumerate(s.log):
        if e[0] == EV_OUT:
            start = i + 1
    for kind, q, value, _, _ in s.log[start:]:
        if q == player:
            continue
        if kind == EV_WITHOUT:
            out[q] |= 1 << value
        elif kind == EV_NO_MATCH:
            r = rank_of(value)
            out[q] |= sum(1 << card(t, r) for t in range(NUM_SUITS))
    return out


def unseen_orders(s: EarlState, player: int) -> list[list[int]]:
    """Each other seat's deal positions in this deal: ``player`` never saw in what order that
    seat's cards came, those it has laid since included."""
    return deal_orders(s.log, player, (EV_DEAL,))
