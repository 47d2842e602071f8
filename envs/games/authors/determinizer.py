"""The determinizer's declarations for Authors: what a player has not located, what the record
says of it, and the test that a re-dealt deal makes the same record.

The core re-deals (:func:`hoyle.envs.core.determinize.redeal_unseen`). A card enters a hand
only from the deal or at an ask, and every ask is public: so a card another player holds that
was never handed over is still where it was dealt, and every card that was handed over is
located by the record (the receiver holds it until he hands it on or lays it in a trick). The
hidden cards are therefore the cards no ask has moved, each still with the seat dealt it, and
a miss binds for good: the asked player did not hold the card then, and a card that has not
moved since is not with him now (a card that has moved since is located, not drawn).

What a mask per holder cannot say is tested on the whole re-dealt deal (:func:`admit`):
every asker held a card of the denomination he asked for at that moment (the ask's own
evidence, a disjunction over his cards of the rank), a seat that received a card without
laying a trick did not then hold the other three, and nobody kept four of a kind dealt to
him. The core draws again until a world passes, so the draw stays uniform among the worlds
that make the record.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import iter_cards, rank_of
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.games.authors.view import (
    DEAL,
    EV_ASK,
    EV_DEAL,
    EV_GIVE,
    EV_MISS,
    EV_TRICK,
    rank_mask,
)
from hoyle.envs.games.authors.worlds import deal_start

if TYPE_CHECKING:
    from hoyle.envs.games.authors.rules import AuthorsRules, AuthorsState


def hidden_cards(rules: AuthorsRules, s: AuthorsState, player: int) -> dict[int, Hashable]:
    """Every card in another seat's hand that no ask has moved, under that seat; in the deal,
    the cards to come."""
    out: dict[int, Hashable] = {}
    for q, hand in enumerate(s.hands):
        if q != player:
            out.update(dict.fromkeys(iter_cards(hand & ~s.located[q]), q))
    if s.phase == DEAL:
        out.update(dict.fromkeys(iter_cards(rules.pack_mask & ~s.dealt), "undealt"))
    return out


def forbidden_cards(rules: AuthorsRules, s: AuthorsState, player: int) -> dict[Hashable, int]:
    """For each other seat, the cards it has been asked for this deal and had not."""
    out: dict[Hashable, int] = {q: 0 for q in range(rules.num_players) if q != player}
    for kind, q, value, _, _ in s.log[deal_start(s.log) :]:
        if kind == EV_MISS and q != player:
            out[q] |= 1 << value
    return out


def unseen_orders(s: AuthorsState, player: int) -> list[list[int]]:
    """Each other seat's deal positions in this deal: ``player`` never saw in what order that
    seat's cards came, those it has handed over or laid since included."""
    return deal_orders(s.log, player, (EV_DEAL,))


def _holds_four(hands: list[int], ranks: int) -> bool:
    return any(h & rank_mask(r) == rank_mask(r) for h in hands for r in range(ranks))


def admit(rules: AuthorsRules, s: AuthorsState, history: list[int]) -> list[int] | None:
    """``history`` where its deal, played through this deal's record, makes the same record
    (every ask by a holder of its rank, every card handed over held, every miss not held, a
    trick laid exactly when four come together); else ``None``."""
    log = s.log
    start = deal_start(log)
    hands = [0] * rules.num_players
    for kind, q, _, _, at in log[start:]:
        if kind == EV_DEAL and at >= 0:
            hands[q] |= 1 << history[at]
    settled = False  # whether the fours dealt have been laid (checked once, after the deal)
    asker = -1
    events = log[start:]
    for i, (kind, q, value, _, _) in enumerate(events):
        if kind == EV_TRICK:
            full = rank_mask(value)
            if hands[q] & full != full:
                return None
            hands[q] &= ~full
        elif kind == EV_ASK:
            if not settled:
                if _holds_four(hands, rules.ranks):
                    return None
                settled = True
            if not hands[q] & rank_mask(rank_of(value)):
                return None
            asker = q
        elif kind == EV_GIVE:
            bit = 1 << value
            if not hands[q] & bit:
                return None
            hands[q] &= ~bit
            hands[asker] |= bit
            full = rank_mask(rank_of(value))
            laid = i + 1 < len(events) and events[i + 1][0] == EV_TRICK
            if (hands[asker] & full == full) != laid:
                return None
        elif kind == EV_MISS and hands[q] >> value & 1:
            return None
    if not settled and s.phase != DEAL and _holds_four(hands, rules.ranks):
        return None
    return history
