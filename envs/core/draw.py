"""Uniform draws of cards, exact: the primitives every determinizer is built on.

:func:`deal_hidden` gives each slot of a holder a card of a pool, uniformly among the deals
that respect what the table knows each holder cannot hold (a seat that showed out of a suit);
:func:`draw_without_replacement` is the plain draw; :func:`compositions` and
:func:`pick_weighted` are the counting and weighted choice the exact draws are made of. All
randomness comes from a ``sampler`` (``pyspiel.UniformProbabilitySampler(seed, 0., 1.)``, or
any callable returning floats in [0, 1)), so a seeded sampler gives a reproducible draw.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from hoyle.envs.core.rules import ProbabilitySampler


def draw_without_replacement(pool: Sequence[int], k: int, sampler: ProbabilitySampler) -> list[int]:
    """``k`` items drawn uniformly without replacement from ``pool``, in draw order.

    >>> draw_without_replacement([5, 6, 7], 3, iter([0.0, 0.0, 0.0]).__next__)
    [5, 6, 7]
    >>> draw_without_replacement([5, 6, 7], 1, iter([0.99]).__next__)
    [7]
    """
    items = list(pool)
    n = len(items)
    if k > n:
        raise ValueError(f"cannot draw {k} cards from a pool of {n}")
    for i in range(k):
        j = i + min(int(sampler() * (n - i)), n - i - 1)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def deal_hidden(
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Any, int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """One card of ``pool`` for each slot, uniformly among the deals that respect ``forbidden``.

    Slot ``i`` is held by ``holders[i]`` (a seat, or any label: ``"widow"``); ``forbidden`` maps
    a holder to the mask of cards the table knows it cannot hold (a seat that did not follow
    suit holds none of the suit led). Pool cards left over stay undealt and are unconstrained.
    Every assignment of cards to slots that respects the masks is equally likely, including
    the order of a holder's slots, so the result can replace lazily dealt chance actions.

    Method: a few plain draws, rejected if they break a mask (exact, and almost always enough:
    early in a deal nothing is forbidden); failing that, an exact draw by counting. Cards that
    the same holders may take form a class; the completions left after giving ``k_h`` cards of
    a class to each holder ``h`` are counted by recursion over the classes, and each class's
    split is drawn in proportion to (ways to choose its cards) x (completions of the rest).
    Where many holders hold many cards and the classes are few (eight hands, each seat
    without a few cards) the same count runs holder by holder over the classes' sizes left.

    >>> deal_hidden([0, 0, 1], [10, 11, 20], {1: 1 << 20}, iter([0.5] * 20).__next__)[2] != 20
    True
    >>> deal_hidden([0], [10], {0: 1 << 10}, iter([0.5] * 20).__next__)
    Traceback (most recent call last):
    ...
    ValueError: no deal of 1 slots from 1 cards respects the known voids
    """
    n = len(holders)
    # Card order, whatever order the caller gathered the pool in: a pool listed as the true
    # deal lists it would make the same sampler draw different worlds for two states the
    # player cannot tell apart (the determinizer must be a function of what he saw).
    pool = sorted(pool)
    for _ in range(_TRIES):
        cards = draw_without_replacement(pool, n, sampler)
        if all(not (forbidden.get(h, 0) >> c) & 1 for h, c in zip(holders, cards, strict=True)):
            return cards
    return _counted_deal(holders, pool, forbidden, sampler)


_TRIES = 8
"""Plain draws :func:`deal_hidden` tries before it counts."""


def _counted_deal(
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Any, int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """The exact uniform draw of :func:`deal_hidden` by counting completions."""
    names = list(dict.fromkeys(holders))
    undealt = len(pool) - len(holders)
    if undealt < 0:
        raise ValueError(f"cannot deal {len(holders)} slots from {len(pool)} cards")
    capacity = tuple([sum(1 for h in holders if h == name) for name in names] + [undealt])
    masks = [forbidden.get(name, 0) for name in names] + [0]
    classes: dict[tuple[int, ...], list[int]] = {}
    for c in pool:
        allowed = tuple(i for i, m in enumerate(masks) if not (m >> c) & 1)
        classes.setdefault(allowed, []).append(c)
    # The freest class last: what is left for it is forced, so it is never split by search.
    groups = sorted(classes.items(), key=lambda kv: (len(kv[0]), kv[0]))
    deal = _deal_by_holder if _by_holder_is_smaller(capacity, groups) else _deal_by_class
    given = deal(capacity, groups, sampler)
    # Each holder's cards in a uniform order, handed to its slots in turn.
    queues = {
        name: draw_without_replacement(given[i], len(given[i]), sampler)
        for i, name in enumerate(names)
    }
    return [queues[h].pop() for h in holders]


def _no_deal(capacity: tuple[int, ...]) -> ValueError:
    """The error of a hidden deal that no world completes (the last capacity is the undealt)."""
    return ValueError(
        f"no deal of {sum(capacity[:-1])} slots from {sum(capacity)} cards respects the known voids"
    )


def _deal_by_class(
    capacity: tuple[int, ...],
    groups: Sequence[tuple[tuple[int, ...], list[int]]],
    sampler: ProbabilitySampler,
) -> list[list[int]]:
    """The cards of each holder (as a set, in no order), uniformly among the partitions that
    respect the classes: class by class, how many of it each holder takes drawn in proportion
    to (ways to split it) x (completions of the classes after it), then which ones."""
    last = len(groups) - 1
    # The counts depend only on the capacities and the classes' sizes and holders, not on
    # which cards they are: a search drawing many worlds of one information state counts once.
    memo = _ways_memo((capacity, tuple((allowed, len(cards)) for allowed, cards in groups)))

    # after[g][i]: the cards of classes g.. that holder i may take. A split of class g that
    # leaves holder i more room than the later classes can fill completes no deal, so it is
    # never tried: each holder takes at least cap[i] - after[g + 1][i] of the class.
    after = [[0] * len(capacity) for _ in range(len(groups) + 1)]
    for g in range(len(groups) - 1, -1, -1):
        allowed, cards = groups[g]
        after[g] = list(after[g + 1])
        for i in allowed:
            after[g][i] += len(cards)

    def fill(g: int, cap: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The splits of class ``g`` that can still complete the deal: for the last class,
        exactly the capacity left (if it may go there), none otherwise."""
        allowed, cards = groups[g]
        if g < last:
            if any(cap[i] > after[g][i] for i in range(len(cap))):
                return []
            lows = tuple(max(0, cap[i] - after[g + 1][i]) for i in allowed)
            return _bounded_compositions(len(cards), lows, tuple(cap[i] for i in allowed))
        take = tuple(cap[i] for i in allowed)
        return [take] if sum(take) == len(cards) == sum(cap) else []

    def rest(
        cap: tuple[int, ...], allowed: tuple[int, ...], take: tuple[int, ...]
    ) -> tuple[int, ...]:
        left = list(cap)
        for i, k in zip(allowed, take, strict=True):
            left[i] -= k
        return tuple(left)

    def ways(g: int, cap: tuple[int, ...]) -> int:
        """Deals of classes ``g..`` into the remaining capacities ``cap``."""
        if g == len(groups):
            return 1 if not any(cap) else 0
        key = (g, cap)
        if key not in memo:
            allowed, cards = groups[g]
            memo[key] = sum(
                multinomial(len(cards), take) * ways(g + 1, rest(cap, allowed, take))
                for take in fill(g, cap)
            )
        return memo[key]

    cap = capacity
    if ways(0, cap) == 0:
        raise _no_deal(capacity)
    given: list[list[int]] = [[] for _ in capacity]
    for g, (allowed, cards) in enumerate(groups):
        options = [
            (take, multinomial(len(cards), take) * ways(g + 1, rest(cap, allowed, take)))
            for take in fill(g, cap)
        ]
        take = options[pick_weighted([w for _, w in options], sampler)][0]
        shuffled = draw_without_replacement(cards, len(cards), sampler)
        start = 0
        for i, k in zip(allowed, take, strict=True):
            given[i].extend(shuffled[start : start + k])
            start += k
        cap = rest(cap, allowed, take)
    return given


_BY_CLASS_LIMIT = 20_000
"""The counting goes class by class (its tables keyed by the holders' capacities left) unless
those could exceed this many and the classes' sizes left are fewer: many holders with many
cards each and few classes (eight hands at Newmarket, each seat without a few cards)."""


def _by_holder_is_smaller(
    capacity: tuple[int, ...], groups: Sequence[tuple[tuple[int, ...], list[int]]]
) -> bool:
    """Whether to count holder by holder: the class-by-class tables could hold as many entries
    as the product of (capacity + 1), the holder-by-holder ones the product over the classes
    that are not free to every holder of (size + 1)."""
    by_class = math.prod(c + 1 for c in capacity)
    if by_class <= _BY_CLASS_LIMIT:
        return False
    everyone = tuple(range(len(capacity)))
    by_holder = math.prod(len(cards) + 1 for allowed, cards in groups if allowed != everyone)
    return by_holder < by_class


def _deal_by_holder(
    capacity: tuple[int, ...],
    groups: Sequence[tuple[tuple[int, ...], list[int]]],
    sampler: ProbabilitySampler,
) -> list[list[int]]:
    """The cards of each holder (as a set, in no order), uniformly among the partitions that
    respect the classes: holder by holder, how many of each class he takes drawn in proportion
    to (ways to choose them) x (completions for the holders after him), then which ones.

    The state is how many cards of each restricted class are left; a class every holder may
    take (if there is one) is not in it, as its cards left are what the capacities leave."""
    everyone = tuple(range(len(capacity)))
    free = [cards for allowed, cards in groups if allowed == everyone]
    free_cards = free[0] if free else []
    kept = [(allowed, cards) for allowed, cards in groups if allowed != everyone]
    sizes = tuple(len(cards) for _, cards in kept)
    # Capacity of holders j.. ; the last holder that may take each class (it must take the rest).
    room = [sum(capacity[j:]) for j in range(len(capacity) + 1)]
    last = [max(allowed) for allowed, _ in kept]
    may = [[g for g, (allowed, _) in enumerate(kept) if j in allowed] for j in everyone]
    memo = _ways_memo(("by holder", capacity, tuple((a, len(c)) for a, c in groups)))

    def takes(j: int, left: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int]]:
        """Holder ``j``'s options: (cards of each kept class, of the free class, weight)."""
        free_left = room[j] - sum(left)
        options: list[tuple[tuple[int, ...], int, int]] = []
        take = [0] * len(kept)

        def walk(i: int, used: int, weight: int) -> None:
            if i == len(may[j]):
                rest = capacity[j] - used
                if rest <= free_left and (free or rest == 0):
                    options.append((tuple(take), rest, weight * math.comb(free_left, rest)))
                return
            g = may[j][i]
            low = left[g] if last[g] == j else 0
            for k in range(low, min(left[g], capacity[j] - used) + 1):
                take[g] = k
                walk(i + 1, used + k, weight * math.comb(left[g], k))
            take[g] = 0

        if any(left[g] and last[g] < j for g in range(len(kept))):
            return []
        walk(0, 0, 1)
        return options

    def after(left: tuple[int, ...], take: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(a - b for a, b in zip(left, take, strict=True))

    def ways(j: int, left: tuple[int, ...]) -> int:
        """Partitions of the cards left among holders ``j..``."""
        if j == len(capacity):
            return 1 if not any(left) else 0
        key = (j, left)
        if key not in memo:
            memo[key] = sum(w * ways(j + 1, after(left, t)) for t, _, w in takes(j, left))
        return memo[key]

    if ways(0, sizes) == 0:
        raise _no_deal(capacity)
    pools = [list(cards) for _, cards in kept]
    free_pool = list(free_cards)
    given: list[list[int]] = []
    left = sizes
    for j in everyone:
        options = takes(j, left)
        weights = [w * ways(j + 1, after(left, t)) for t, _, w in options]
        take, rest, _ = options[pick_weighted(weights, sampler)]
        mine: list[int] = []
        for g, k in enumerate(take):
            if k:
                drawn = draw_without_replacement(pools[g], len(pools[g]), sampler)
                mine += drawn[:k]
                pools[g] = drawn[k:]
        drawn = draw_without_replacement(free_pool, len(free_pool), sampler)
        mine += drawn[:rest]
        free_pool = drawn[rest:]
        given.append(mine)
        left = after(left, take)
    return given


_WAYS_MEMOS: OrderedDict[Hashable, dict[tuple[int, tuple[int, ...]], int]] = OrderedDict()
_WAYS_MEMOS_KEPT = 16


def _ways_memo(shape: Hashable) -> dict[tuple[int, tuple[int, ...]], int]:
    """The table of completions counted for deals of this ``shape`` (capacities, classes),
    the last few kept."""
    memo = _WAYS_MEMOS.pop(shape, None)
    if memo is None:
        memo = {}
        while len(_WAYS_MEMOS) >= _WAYS_MEMOS_KEPT:
            _WAYS_MEMOS.popitem(last=False)
    _WAYS_MEMOS[shape] = memo
    return memo


@functools.lru_cache(maxsize=65536)
def _bounded_compositions(
    m: int, lows: tuple[int, ...], caps: tuple[int, ...]
) -> list[tuple[int, ...]]:
    """Every way to split ``m`` into parts, part ``j`` between ``lows[j]`` and ``caps[j]``
    (cached: the counting asks the same question many times; callers never mutate it)."""
    base = sum(lows)
    if base > m or any(lo > hi for lo, hi in zip(lows, caps, strict=True)):
        return []
    extra = compositions(m - base, [hi - lo for lo, hi in zip(lows, caps, strict=True)])
    return [tuple(lo + k for lo, k in zip(lows, e, strict=True)) for e in extra]


def compositions(m: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to split ``m`` into parts, one per cap, each part at most its cap.

    >>> compositions(2, [1, 2])
    [(0, 2), (1, 1)]
    """
    out: list[tuple[int, ...]] = []
    take: list[int] = []

    def walk(j: int, left: int) -> None:
        if j == len(caps):
            if left == 0:
                out.append(tuple(take))
            return
        for k in range(min(left, caps[j]) + 1):
            take.append(k)
            walk(j + 1, left - k)
            take.pop()

    walk(0, m)
    return out


def pick_weighted(weights: Sequence[int], sampler: ProbabilitySampler) -> int:
    """An index drawn in proportion to the (integer) ``weights``: exact, unlike a float sum.

    >>> pick_weighted([1, 0, 3], iter([0.5]).__next__)
    2
    """
    total = sum(weights)
    x = min(int(sampler() * total), total - 1)
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1


@functools.lru_cache(maxsize=65536)
def multinomial(m: int, take: tuple[int, ...]) -> int:
    """Ways to split ``m`` distinct cards into groups of the sizes ``take``."""
    out = math.factorial(m)
    for k in take:
        out //= math.factorial(k)
    return out
