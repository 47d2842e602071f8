"""Lift Smoke's determinizer: the declarations the core re-deals from.

What a player has not seen: the other seats' dealt and drawn cards (those they have since
played included: he saw the card played, not when it arrived) and the stock. The turn-up is
public, in its public slot. What the table knows: a seat that did not follow suit held none of
the suit led *at that moment*; a card it draws later may be of that suit. So what the table
knows depends on when each card arrived, and the played cards' arrivals are hidden too: the
game declares each seat's :class:`~hoyle.envs.core.timed.Timeline` (:func:`timeline`, read
from the event log) and the core draws the history exactly
(:func:`~hoyle.envs.core.timed.redeal_timed`). ``hidden_cards`` and ``forbidden_cards``
declare the cards still held, each under its seat and the suits it showed out of since the
card arrived: the core's relabelling re-deal (exact only given the played cards' slots) is the
fallback past :data:`~hoyle.envs.core.timed.MAX_JOINT_GROUPS` joint choices.

``tests/games/test_lift_smoke.py`` checks the re-deal against a brute-force enumeration of the
worlds. About 2 ms a re-deal in the full game.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import cards_of, suit_of
from hoyle.envs.core.events import Event
from hoyle.envs.core.timed import Timeline
from hoyle.envs.core.tricks import NO_SUIT
from hoyle.envs.games.lift_smoke.view import DEAL, EV_DEAL, EV_DRAW, EV_LEAD, EV_TURN

if TYPE_CHECKING:
    from hoyle.envs.games.lift_smoke.rules import LiftSmokeRules, LiftSmokeState


def timeline(rules: LiftSmokeRules, s: LiftSmokeState) -> Timeline | None:
    """Every seat's slots, plays and voids, read from the log (a lead fixes the suit the next
    plays must follow); the turn-up stays in its public slot; ``None`` before the first card.
    (The same for every player: each seat's own cards are left alone by the core.)"""
    if s.phase == DEAL and not s.dealt:
        return None
    return log_timeline(s.log, rules.num_players, rules.pack_mask & ~s.dealt)


def log_timeline(log: Sequence[Event], num_players: int, undealt: int = 0) -> Timeline:
    """The :class:`~hoyle.envs.core.timed.Timeline` of ``log``."""
    slots: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
    plays: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
    voids: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]
    fixed = 0
    led = NO_SUIT
    for kind, q, c, _, at in log:
        if kind in (EV_DEAL, EV_DRAW):
            slots[q].append((len(plays[q]), at))
        elif kind == EV_TURN:
            fixed = 1 << c
        else:
            plays[q].append((c, at))
            if kind == EV_LEAD:
                led = suit_of(c)
            elif suit_of(c) != led:
                voids[q].append((len(plays[q]), led))
    return Timeline(
        tuple(tuple(x) for x in slots),
        tuple(tuple(x) for x in plays),
        tuple(tuple(x) for x in voids),
        fixed,
        undealt,
    )


def hidden_cards(rules: LiftSmokeRules, s: LiftSmokeState, player: int) -> dict[int, Hashable]:
    """The cards still in another seat's hand (the turn-up excepted), each under ``(seat, the
    suits it showed out of since the card arrived)``, and the stock."""
    tl = log_timeline(s.log, rules.num_players)
    card_at = {at: c for _, _, c, _, at in s.log}
    out: dict[int, Hashable] = {}
    for q, slots in enumerate(tl.slots):
        if q == player:
            continue
        held = s.hands[q] & ~tl.fixed
        for seg, at in slots:
            c = card_at[at]
            if held >> c & 1:
                out[c] = (q, tl.after_mask(q, seg))
    for c in cards_of(rules.pack_mask & ~s.dealt):
        out[c] = "stock"
    return out
