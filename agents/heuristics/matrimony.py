"""A heuristic agent for Matrimony as named, toggleable rules — *not the book's*.

Foster gives no advice on staking at Matrimony, and the stakes are the game's only decisions,
so these hints are this project's own, from the arithmetic of a counter on the layout. A
counter put on a division comes back to its staker when he takes that pool, stands when nobody
takes it (and goes back to him when the sitting ends), and is lost only when *another* player
takes the pool. Putting it down changes nothing in anybody's chance of taking anything, so its
worth to the staker is minus the chance that someone else takes that division before the
sitting ends, whatever already stands there (the pools standing decide what a division is
worth to take, which the stake cannot change). Hence, in priority order:

1. ``stake-least`` (the dealer): stake one counter, the least the rules allow. Every counter he
   adds forces one more from each other player; in one deal the two exactly balance in
   expectation (each player's chance of the ♦A face up is 1/52:
   ``docs/analytics/matrimony-staking.md``, where CFR finds the dealer indifferent), so the
   least keeps the swing smallest.
2. ``stake-best-odds``: put each counter on the division that somebody else is least likely to
   take this deal: by the chance that each other player takes it (the ♦A face up to him, or
   the combination in his two cards, the same for every seat), which is always Best, taken
   only with the ♦A face up.

Matrimony has no memory to track (the family's ``track-stops``): the cards are gathered after
every deal and nothing of an earlier deal bears on the next but the pools, which are on the
table; a stake is made before any card of its deal is seen. So there is no ``track-stops``
hint.

Every hint reads only the player's view (``state.player_view(player)``).

Measured (``hoyle match matrimony --agents heuristic,random,random,random --deals 2000 --seed 1``:
duplicate deals, the four seat rotations, four players, one deal each): +0.069 counters a deal,
95% CI [+0.051, +0.086] (``docs/leaderboards/matrimony-field``). The heuristic plays the
solution of the staking (every counter on Best; the dealer's amount is worth the same whatever
it is), so no search can beat it in expectation: there is no ISMCTS leaderboard.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.games.matrimony import (
    BEST,
    ENOUGH_ACTION,
    NUM_DIVISIONS,
    STAKE_ACTION_BASE,
    MatrimonyView,
)

SOURCE = "not the book's: Foster gives no advice on staking at Matrimony; this project's own"

BEST_UP = Fraction(1, 52)
"""The chance that a given player is dealt the ♦A face up (and takes every pool)."""
SHOWS = (
    Fraction(2 * 4 * 4, 52 * 51),  # Matrimony: a King and a Queen, in either order
    Fraction(2 * 4 * 4, 52 * 51),  # Intrigue: a Queen and a Jack
    Fraction(2 * 4 * 4, 52 * 51),  # Confederacy: a King and a Jack
    Fraction(3, 51),  # Pair: the second card of the first's rank
    Fraction(0),  # Best: only the ♦A face up takes it
)
"""The chance that a given player's two cards show each division (one player alone)."""


def taken_by_others(view: MatrimonyView, d: int) -> float:
    """The chance that one of the other players takes division ``d`` this deal, each taken as
    if alone at the table (the seats' chances are close: the exact ones for three players are
    in ``docs/analytics/matrimony-staking.md``); Best's is exact, ``(n - 1)/52``."""
    others = view.num_players - 1
    if d == BEST:
        return float(others * BEST_UP)
    each = float(BEST_UP + SHOWS[d])
    return 1.0 - (1.0 - each) ** others


def stake_least(view: MatrimonyView, legal: Sequence[int]) -> list[int]:
    """The dealer stakes no more once he has staked one counter."""
    if view.to_move != view.dealer:
        return []
    if ENOUGH_ACTION in legal:
        return [ENOUGH_ACTION]
    return []


def stake_best_odds(view: MatrimonyView, legal: Sequence[int]) -> list[int]:
    """A counter on the division the others are least likely to take this deal."""
    stakes = [a for a in legal if 0 <= a - STAKE_ACTION_BASE < NUM_DIVISIONS]
    if not stakes:
        return []
    risk = {a: taken_by_others(view, a - STAKE_ACTION_BASE) for a in stakes}
    low = min(risk.values())
    return [a for a in stakes if risk[a] == low]


HINTS = register_hints(
    "matrimony",
    (
        Hint(
            "matrimony.stake-least",
            SOURCE,
            "The dealer stakes one counter: each more forces one from every other player, and "
            "in a deal the two balance (our own, not the book's).",
            stake_least,
        ),
        Hint(
            "matrimony.stake-best-odds",
            SOURCE,
            "Stake where the others are least likely to take the pool this deal: Best, taken "
            "only with the ♦A face up (our own, not the book's).",
            stake_best_odds,
        ),
    ),
)

__all__ = ["HINTS", "stake_best_odds", "stake_least", "taken_by_others"]
