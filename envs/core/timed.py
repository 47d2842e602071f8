"""Re-dealing hands that change in play: cards arrive after plays, and a void binds only the
cards held at that moment.

In a game where a seat draws from the stock as the play goes (Lift Smoke: the winner of each
trick draws), what the table knows of a hidden card depends on *when* it arrived: a seat that
showed out of hearts held no heart then, but may have drawn one since. And the player saw each
card another seat played, not when it had arrived, so a played card's arrival is hidden too,
and it changes what the cards still held may be: a seat dealt two cards that shows out of
hearts, draws, plays a spade and holds one card holds a heart with probability H / (2N - H)
(N unseen cards, H of them hearts), but H / N if the spade was dealt and 0 if it was drawn. No
relabelling of cards (:func:`hoyle.envs.core.determinize.redeal_unseen`) expresses that.

A game declares each seat's :class:`Timeline` (:class:`DeclaresTimeline`); :func:`redeal_timed`
draws a history uniformly among those the player cannot tell apart. A card played at a seat's
u-th play lies in one of his slots after the last void of its suit before u, and before u; a
card still held lies in a slot after the seat's last void of its suit. For each seat a pass
over its played cards counts the ways to put them in its slots, grouped by the forbidden masks
of the slots they leave free; each joint choice of the seats' groups is weighed by those counts
times the number of ways to fill the free slots from the unseen cards (a count by suit); one is
drawn, a placement of the played cards within it is drawn backwards through the counts, and
the free slots are dealt (:func:`hoyle.envs.core.draw.deal_hidden`). Everything it reads is
public (slot positions, plays, voids, the unseen set), so its distribution depends on the
player's information state alone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hoyle.envs.core.cards import NUM_SUITS, SUIT_MASKS, cards_of, suit_of
from hoyle.envs.core.draw import compositions, deal_hidden, draw_without_replacement, pick_weighted
from hoyle.envs.core.rules import ProbabilitySampler

MAX_JOINT_GROUPS = 20_000
"""The most joint choices of the seats' free slots :func:`redeal_timed` weighs."""


@dataclass(frozen=True)
class Timeline:
    """Each seat's hidden history, as the game reads it from its log.

    ``slots[q]``: the (segment, history position) of each card dealt or drawn to seat ``q``
    (segment k: arrived after his k-th play); ``plays[q]``: the (card, history position) of
    each of his plays, in order; ``voids[q]``: (v, suit) for each of his plays that did not
    follow suit (his v-th play, 1-based); ``fixed``: the mask of cards whose slot is public (a
    turn-up: it stays where it is, its play still counts in the numbering); ``undealt``: the
    mask of the cards still in the stock.
    """

    slots: tuple[tuple[tuple[int, int], ...], ...]
    plays: tuple[tuple[tuple[int, int], ...], ...]
    voids: tuple[tuple[tuple[int, int], ...], ...]
    fixed: int
    undealt: int

    def after_mask(self, q: int, seg: int) -> int:
        """The cards seat ``q`` cannot have received in segment ``seg`` and kept: the suits he
        showed out of later."""
        m = 0
        for v, t in self.voids[q]:
            if v > seg:
                m |= SUIT_MASKS[t]
        return m


@runtime_checkable
class DeclaresTimeline(Protocol):
    """Rules whose hands change in play (:mod:`hoyle.envs.core.timed`)."""

    def timeline(self, s: Any, player: int) -> Timeline | None:
        """The seats' arrivals, plays and voids (``None``: nothing is hidden yet)."""


def redeal_timed(
    tl: Timeline, history: Sequence[int], player: int, sampler: ProbabilitySampler
) -> list[int] | None:
    """A history ``player`` cannot tell from ``history``, uniformly among those that are (see
    the module docstring); ``None`` where the joint choices are too many to weigh
    (:data:`MAX_JOINT_GROUPS`; never seen in play) or none is left."""
    problems = []
    hidden_now = 0
    for q in range(len(tl.slots)):
        if q == player:
            continue
        slots = [(seg, pos) for seg, pos in tl.slots[q] if not tl.fixed >> history[pos] & 1]
        played = []
        for u, (c, _) in enumerate(tl.plays[q], start=1):
            if tl.fixed >> c & 1:
                continue  # its slot is public: it stays there
            lo = max((v for v, t in tl.voids[q] if t == suit_of(c) and v < u), default=0)
            played.append((c, lo, u - 1))
        problems.append((q, slots, played))
        for _, pos in slots:
            hidden_now |= 1 << history[pos]
    for _, _, played in problems:
        for c, _, _ in played:
            hidden_now &= ~(1 << c)
    unseen = hidden_now | tl.undealt
    seat_ways = [_SeatPlacements(slots, played, q, tl) for q, slots, played in problems]
    if not 0 < math.prod(len(ways.groups) for ways in seat_ways) <= MAX_JOINT_GROUPS:
        return None
    # Each joint choice of the seats' free slots weighted by the placements that leave it
    # times the deals that complete it.
    counts = tuple((unseen & SUIT_MASKS[t]).bit_count() for t in range(NUM_SUITS))
    keys = list(itertools.product(*(list(sw.groups) for sw in seat_ways)))
    weights: list[int] = []
    memo: dict[Any, int] = {}
    for key in keys:
        w = 1
        merged: dict[int, int] = {}
        for sw, f in zip(seat_ways, key, strict=True):
            w *= sw.group_weight[f]
            for mask, k in f:
                merged[mask] = merged.get(mask, 0) + k
        # The unconstrained slots last: they are counted in one step.
        holders = tuple(sorted(merged.items(), key=lambda mk: (mk[0] == 0, mk[0])))
        weights.append(w * _completions(holders, counts, memo) if w else 0)
    if sum(weights) == 0:
        return None
    key = keys[pick_weighted(weights, sampler)]
    new = list(history)
    free: list[tuple[int, int]] = []  # (forbidden mask, history position)
    for sw, f in zip(seat_ways, key, strict=True):
        placed, left = sw.sample(f, sampler)
        for pos, c in placed.items():
            new[pos] = c
        free.extend(left)
    masks = [m for m, _ in free]
    cards = deal_hidden(masks, cards_of(unseen), {m: m for m in masks}, sampler)
    for (_, pos), c in zip(free, cards, strict=True):
        new[pos] = c
    return new


class _SeatPlacements:
    """Every way to put one seat's played cards into its hidden slots, counted exactly.

    ``slots``: the seat's hidden (segment, history position) slots: segment 0 the deal (any
    number of interchangeable slots), segment k >= 1 the one draw after its k-th play.
    ``played``: (card, lo, hi) for each card it played, in order: the segments it may have
    arrived in. A forward pass counts the placements reaching each (seg-0 slots used, draw
    slots used) state, a deal slot being any of the free ones; the final states are grouped by
    what they leave free, as the multiset of forbidden masks of the free slots
    (:meth:`Timeline.after_mask`), which is all the completion count depends on.
    :meth:`sample` draws a placement uniformly among those of a group, backwards through the
    counts.
    """

    def __init__(
        self,
        slots: Sequence[tuple[int, int]],
        played: Sequence[tuple[int, int, int]],
        seat: int,
        tl: Timeline,
    ) -> None:
        self.zero = [pos for seg, pos in slots if seg == 0]
        self.draws = [(seg, pos) for seg, pos in slots if seg > 0]
        self.played = list(played)
        d0 = len(self.zero)
        self.zero_mask = tl.after_mask(seat, 0)
        self.draw_masks = [tl.after_mask(seat, seg) for seg, _ in self.draws]
        layers: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
        for _, lo, hi in self.played:
            nxt: dict[tuple[int, int], int] = {}
            for (u0, um), w in layers[-1].items():
                if lo == 0 and u0 < d0:
                    k = (u0 + 1, um)
                    nxt[k] = nxt.get(k, 0) + w * (d0 - u0)
                for i, (seg, _) in enumerate(self.draws):
                    if lo <= seg <= hi and not (um >> i) & 1:
                        k = (u0, um | 1 << i)
                        nxt[k] = nxt.get(k, 0) + w
            layers.append(nxt)
        self.layers = layers
        self.groups: dict[tuple[tuple[int, int], ...], list[tuple[tuple[int, int], int]]] = {}
        for state, w in layers[-1].items():
            self.groups.setdefault(self.free_key(state), []).append((state, w))
        self.group_weight = {f: sum(w for _, w in ws) for f, ws in self.groups.items()}

    def free_key(self, state: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        u0, um = state
        left: dict[int, int] = {}
        if len(self.zero) > u0:
            left[self.zero_mask] = len(self.zero) - u0
        for i, m in enumerate(self.draw_masks):
            if not (um >> i) & 1:
                left[m] = left.get(m, 0) + 1
        return tuple(sorted(left.items()))

    def sample(
        self, key: tuple[tuple[int, int], ...], sampler: ProbabilitySampler
    ) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """A placement of the group ``key``, uniformly: {history position: played card}, and
        the free slots as (forbidden mask, history position)."""
        finals = self.groups[key]
        state = finals[pick_weighted([w for _, w in finals], sampler)][0]
        final = state
        d0 = len(self.zero)
        to_zero: list[int] = []
        placed: dict[int, int] = {}
        for t in range(len(self.played) - 1, -1, -1):
            c, lo, hi = self.played[t]
            u0, um = state
            prev = self.layers[t]
            options: list[tuple[tuple[int, int], int]] = []
            weights: list[int] = []
            if lo == 0 and u0 > 0 and (u0 - 1, um) in prev:
                options.append(((u0 - 1, um), -1))
                weights.append(prev[(u0 - 1, um)] * (d0 - u0 + 1))
            for i, (seg, _) in enumerate(self.draws):
                if (um >> i) & 1 and lo <= seg <= hi and (u0, um & ~(1 << i)) in prev:
                    options.append(((u0, um & ~(1 << i)), i))
                    weights.append(prev[(u0, um & ~(1 << i))])
            state, i = options[pick_weighted(weights, sampler)]
            if i < 0:
                to_zero.append(c)
            else:
                placed[self.draws[i][1]] = c
        zero_slots = draw_without_replacement(self.zero, len(self.zero), sampler)
        for pos, c in zip(zero_slots, to_zero, strict=False):
            placed[pos] = c
        free = [(self.zero_mask, pos) for pos in zero_slots[len(to_zero) :]]
        free += [
            (self.draw_masks[i], pos)
            for i, (_, pos) in enumerate(self.draws)
            if not (final[1] >> i) & 1
        ]
        return placed, free


def _completions(
    holders: tuple[tuple[int, int], ...],
    counts: tuple[int, ...],
    memo: dict[Any, int],
    i: int = 0,
) -> int:
    """Ways to fill ``holders`` ((forbidden suit mask, number of slots), slots distinct) with
    distinct cards, ``counts[s]`` of them in suit s, no slot taking a card of its mask."""
    if i == len(holders):
        return 1
    mask, k = holders[i]
    allowed = [t for t in range(NUM_SUITS) if not mask & SUIT_MASKS[t] and counts[t]]
    if i == len(holders) - 1:  # the last holder: any k of its allowed cards, in order
        return math.perm(sum(counts[t] for t in allowed), k)
    key = (holders[i:], counts)
    if key in memo:
        return memo[key]
    total = 0
    for take in compositions(k, [counts[t] for t in allowed]):
        ways = math.factorial(k)
        rest = list(counts)
        for t, x in zip(allowed, take, strict=True):
            ways = ways // math.factorial(x) * math.perm(counts[t], x)
            rest[t] -= x
        total += ways * _completions(holders, tuple(rest), memo, i + 1)
    memo[key] = total
    return total
