"""Pochen's determinizer: the declarations the core re-deals from.

What a player has not located: the cards still in the other hands that nobody has shown, and
the stock (the cards never dealt). Public, and left where they are: the turn-up, every card
shown for the edge pools or at the showdown, every card played. What the table knows against
a holder, as masks: a seat that said it is "without" a card holds none of it (hands only
shrink in a deal); a trump honour nobody showed is in the stock.

Three things the table knows are not masks: who holds the best Sequence (and that nobody holds
a better one, or none at all), that a bettor holds a pair or better, and that each bettor's
shown set is his best. ``admit_world`` replays the re-dealt history through the rules and
admits it only when the public log comes out the same, decision by decision legal; the core
draws again otherwise (rejection keeps the draw uniform over the worlds admitted). The order
in which another seat was dealt his cards is never seen: its positions are one group of
``unseen_orders``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import PIQUET_32, card, iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.pochen.hands import HONOURS
from hoyle.envs.games.pochen.view import DEAL, EV_DEAL

if TYPE_CHECKING:
    from hoyle.envs.games.pochen.rules import PochenRules, PochenState

UNDEALT = "undealt"


def hidden_cards(rules: PochenRules, s: PochenState, player: int) -> dict[int, Hashable]:
    """Each other seat's cards not shown, under the seat; the cards not dealt."""
    out: dict[int, Hashable] = {}
    for q, hand in enumerate(s.hands):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand & ~s.shown), q))
    out.update(dict.fromkeys(iter_cards(PIQUET_32.mask & ~s.dealt), UNDEALT))
    return out


def forbidden_cards(rules: PochenRules, s: PochenState, player: int) -> dict[Hashable, int]:
    """The cards each seat said it is without; once the edge pools are settled, the trump
    honours nobody showed (they lie in the stock), for every seat."""
    unshown = 0
    if s.phase != DEAL:
        seen = s.shown
        for m in s.played:
            seen |= m
        trump = s.turnup // 13
        for rank in HONOURS:
            c = card(trump, rank)
            if not seen >> c & 1:
                unshown |= 1 << c
    return {q: s.withouts[q] | unshown for q in range(rules.num_players) if q != player}


def unseen_orders(s: PochenState, player: int) -> list[list[int]]:
    """Each other seat's deal positions this deal (``OrdersUnseen``)."""
    return deal_orders(s.log, player, (EV_DEAL,))


def admit_world(
    rules: PochenRules, s: PochenState, player: int, history: list[int]
) -> list[int] | None:
    """``history`` if the rules, replaying it, tell the table exactly what they told it in
    the true history (the Sequence, the bettors' pairs, the showdown), else None."""
    if s.phase == DEAL:
        return history  # Nothing but the deal so far: the masks say all.
    world = rules.replay(history)
    if world is None:
        return None
    schema = rules.event_schema
    return history if schema.public(world.log) == schema.public(s.log) else None
