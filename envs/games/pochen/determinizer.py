"""Pochen's determinizer: the declarations the core re-deals from.

What a player has not located: the cards still in the other hands that nobody has shown, and
the stock (the cards never dealt). Public, and left where they are: the turn-up, every card
shown for the edge pools or at the showdown, every card played. What the table knows against
a holder, as masks: a seat that said it is "without" a card holds none of it (hands only
shrink in a deal); a trump honour nobody showed is in the stock.

Three things the table knows are not masks: who holds the best Sequence (and that nobody holds
a better one, or none at all), that a bettor holds a pair or better, and that each bettor's
shown set is his best. ``admit_world`` checks them on the re-dealt hands and the core draws
again when one fails (rejection keeps the draw uniform over the worlds admitted); a test holds
it to a replay of the whole re-dealt history through the rules (``PochenRules.replay``). The order
in which another seat was dealt his cards is never seen: its positions are one group of
``unseen_orders``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import PIQUET_32, card, iter_cards
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.pochen.hands import HONOURS, best_set, has_pair, sequence_winner
from hoyle.envs.games.pochen.view import (
    DEAL,
    EV_BET,
    EV_DEAL,
    EV_MATCH,
    EV_NEW_DEAL,
    EV_SEQUENCE,
    EV_SHOWS,
)

if TYPE_CHECKING:
    from hoyle.envs.games.pochen.rules import PochenRules, PochenState

UNDEALT = "undealt"


def hidden_cards(rules: PochenRules, s: PochenState, player: int) -> dict[int, Hashable]:
    """Each other seat's cards not shown, under the seat; the cards not dealt, except those
    every other seat is known not to hold (all said they are without it, or a trump honour
    nobody showed): the player knows where those are."""
    out: dict[int, Hashable] = {}
    for q, hand in enumerate(s.hands):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand & ~s.shown), q))
    known = -1
    for mask in forbidden_cards(rules, s, player).values():
        known &= mask
    out.update(dict.fromkeys(iter_cards(PIQUET_32.mask & ~s.dealt & ~known), UNDEALT))
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
    """``history`` if the re-dealt hands tell the table what the true ones told it — the
    same Sequence shown by the same seat (or none), a pair or better behind every bet and
    match, each bettor's shown set his best — else None. The rest of the deal's public story
    follows from the masks (the "withouts", the unshown honours) and the public cards."""
    if s.phase == DEAL:
        return history  # Nothing but the deal so far: the masks say all.
    n = rules.num_players
    hands = [0] * n
    start = 0
    for i, (kind, q, _, _, at) in enumerate(s.log):
        if kind == EV_NEW_DEAL:
            start = i
        elif kind == EV_DEAL and at >= 0:
            hands[q] |= 1 << history[at]
    trump = s.turnup // 13
    told_sequence: tuple[int, int] | None = None
    shows = [0] * n
    bettors = 0
    for kind, q, c, _, _ in s.log[start:]:
        if kind == EV_SEQUENCE:
            told_sequence = (q, (told_sequence[1] if told_sequence else 0) | 1 << c)
        elif kind == EV_SHOWS:
            shows[q] |= 1 << c
        elif kind in (EV_BET, EV_MATCH):
            bettors |= 1 << q
    won = sequence_winner(hands, trump, rules.from_eldest(s))
    if (won and (won[0], won[1].cards)) != told_sequence:
        return None
    for q in range(n):
        if bettors >> q & 1 and not has_pair(hands[q]):
            return None
        if shows[q]:
            got = best_set(hands[q], trump)
            if got is None or got.cards != shows[q]:
                return None
    return history
