"""The layout and its pools, and the counters that pass between players.

Pope Joan, Newmarket, Saratoga, Matrimony, Pochen and Commit are played for counters staked on
a *layout* (Foster, *Complete Hoyle*): divisions — the Pope, Matrimony, the Sequence, the
pochen — each holding a pool that is won by playing or holding a card, doubled by the player
caught with that card (Pope Joan), or left standing for the next deal when nobody wins it. Then
there are payments from player to player: one counter from each for a King (Commit), a counter
per card still held to the first player out.

Each game keeps two plain values, and this module replaces them, never mutates them:

* ``counters``: a tuple with each player's net counters this game — what he has won less what
  he has staked and paid. Payments between players move counters and keep the sum.
* ``pools``: a tuple per division of what each player has put on it *since it was last won*.
  A pool's size is its sum. Keeping who put what, rather than the total, is what lets a game
  end exactly zero-sum with pools still standing: at the end of the last deal the standing
  pools go back to those who staked them (:func:`final_counters`). That is the project's
  reading where the book ends a sitting and says nothing of the counters left on the board,
  each game's ASSUMPTION to state. Staked counters therefore count against a player only once
  somebody else has won them.

    >>> pools, counters = no_pools(2, 3), (0, 0, 0)
    >>> pools, counters = stake(pools, counters, 0, player=0, amount=3)
    >>> pools, counters = stake(pools, counters, 1, player=1, amount=2)
    >>> pools, counters, won = take(pools, counters, 0, winner=2)
    >>> won, counters, pool_sizes(pools)
    (3, (-3, -2, 3), (0, 2))
    >>> final_counters(pools, counters)
    (-3, 0, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from hoyle.envs.core.rules import replace_at

__all__ = [
    "Counters",
    "Pools",
    "collect_per_card",
    "dress",
    "final_counters",
    "no_pools",
    "pay",
    "pay_each",
    "pool_sizes",
    "share",
    "stake",
    "take",
]

Counters: TypeAlias = tuple[int, ...]
"""Each player's net counters: won less staked and paid."""
Pools: TypeAlias = tuple[tuple[int, ...], ...]
"""``pools[d][p]``: the counters player ``p`` has put on division ``d`` since it was last won."""


def no_pools(divisions: int, players: int) -> Pools:
    """An empty layout of ``divisions`` pools."""
    return ((0,) * players,) * divisions


def pool_sizes(pools: Pools) -> tuple[int, ...]:
    """The counters lying on each division."""
    return tuple(sum(pool) for pool in pools)


def _add(t: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return replace_at(t, i, t[i] + n)


def stake(
    pools: Pools, counters: Counters, division: int, player: int, amount: int
) -> tuple[Pools, Counters]:
    """``player`` puts ``amount`` counters on ``division`` (a stake, a dressing, a doubling)."""
    if amount < 0:
        raise ValueError(f"a stake is never negative: {amount}")
    pools = replace_at(pools, division, _add(pools[division], player, amount))
    return pools, _add(counters, player, -amount)


def dress(
    pools: Pools, counters: Counters, player: int, amounts: Sequence[int]
) -> tuple[Pools, Counters]:
    """``player`` puts ``amounts[d]`` on each division ``d`` (Pope Joan's 1, 2, 3, 4, 5)."""
    for d, n in enumerate(amounts):
        if n:
            pools, counters = stake(pools, counters, d, player, n)
    return pools, counters


def take(
    pools: Pools, counters: Counters, division: int, winner: int
) -> tuple[Pools, Counters, int]:
    """``winner`` takes the whole pool on ``division``; returns the new values and its size."""
    won = sum(pools[division])
    empty = (0,) * len(counters)
    pools = replace_at(pools, division, empty)
    return pools, _add(counters, winner, won), won


def share(
    pools: Pools, counters: Counters, division: int, winners: Sequence[int]
) -> tuple[Pools, Counters, int]:
    """``winners`` divide the pool on ``division`` equally; the odd counters stay on it.

    What stays is still owed back to those who staked it, lowest seat first, so that the
    game can end zero-sum. Returns the new values and each winner's share.
    """
    pool = pools[division]
    each = sum(pool) // len(winners)
    left = sum(pool) - each * len(winners)
    kept = []
    for put in pool:
        keep = min(put, left)
        kept.append(keep)
        left -= keep
    pools = replace_at(pools, division, tuple(kept))
    for w in winners:
        counters = _add(counters, w, each)
    return pools, counters, each


def pay(counters: Counters, payer: int, payee: int, amount: int) -> Counters:
    """``payer`` pays ``amount`` counters to ``payee``."""
    return _add(_add(counters, payer, -amount), payee, amount)


def pay_each(counters: Counters, payee: int, amount: int) -> Counters:
    """Every other player pays ``payee`` ``amount`` (Commit's King; a negative amount: he
    pays each of them, as the holder of a stuck 9♦ does).

    >>> pay_each((0, 0, 0), 1, 2), pay_each((0, 0, 0), 1, -2)
    ((-2, 4, -2), (2, -4, 2))
    """
    others = len(counters) - 1
    return tuple(c + amount * others if p == payee else c - amount for p, c in enumerate(counters))


def collect_per_card(counters: Counters, winner: int, cards_left: Sequence[int]) -> Counters:
    """The first player out takes one counter per card still held from each other player.

    >>> collect_per_card((0, 0, 0), 0, (0, 3, 5))
    (8, -3, -5)
    """
    for p, n in enumerate(cards_left):
        if p != winner and n:
            counters = pay(counters, p, winner, n)
    return counters


def final_counters(pools: Pools, counters: Counters) -> Counters:
    """Each player's counters at the end of the game, the standing pools handed back to those
    who staked them; the sum is zero whenever the game only staked, took, shared and paid."""
    for pool in pools:
        counters = tuple(c + put for c, put in zip(counters, pool, strict=True))
    return counters
