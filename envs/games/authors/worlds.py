"""The exact draw of the hidden cards of Authors (the core's ``DrawsHidden``).

What the record says of the cards no ask has moved is, besides the misses (masks), two kinds
of statement about one denomination at a time:

- *must*: an asker held a card of the denomination he asked for. Where no card the player
  can follow was then in the asker's hand, one of the hidden cards of that denomination is his
  (a hidden card has not moved, so it was his then and is his now).
- *not all*: a player who got a card without laying a trick, or came out of the deal without
  one, did not then hold all four. Where every card of the denomination the player can follow
  was then in that hand, the hidden ones are not all his.

Each statement binds the cards of one denomination, so the worlds are counted denomination by
denomination over how many hidden cards each holder still takes (the only link between
denominations), and drawn in proportion to the count: uniform among the worlds that make the
record. Where the record says nothing beyond the masks (in the deal, before the first ask)
the core's plain draw is the same thing.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from hoyle.envs.core.cards import rank_of
from hoyle.envs.core.draw import deal_hidden, pick_weighted
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.authors.view import (
    DEAL,
    EV_ASK,
    EV_DEAL,
    EV_GIVE,
    EV_TRICK,
    rank_mask,
)

if TYPE_CHECKING:
    from hoyle.envs.games.authors.rules import AuthorsRules, AuthorsState

KEPT = 8
"""Information states whose statements and counts are kept (a search re-deals one many times)."""


class Statements(NamedTuple):
    """Per denomination: the seats that hold one of its hidden cards (``must``) and the seats
    that do not hold them all (``not_all``)."""

    must: tuple[frozenset[int], ...]
    not_all: tuple[frozenset[int], ...]


def deal_start(log: Sequence[tuple[int, int, int, int, int]]) -> int:
    """The index in ``log`` where this deal's events begin: its first card dealt, the only
    events still placed in the history (a finished deal's are settled when the next begins)."""
    for i, e in enumerate(log):
        if e[0] == EV_DEAL and e[4] >= 0:
            return i
    return len(log)


def statements(rules: AuthorsRules, s: AuthorsState, player: int) -> Statements:
    """What this deal's record says of the hidden cards, read as ``player`` saw it."""
    none: tuple[frozenset[int], ...] = (frozenset(),) * rules.ranks
    if s.phase == DEAL:
        return Statements(none, none)
    events = s.log[deal_start(s.log) :]
    # Where each card the player can follow was when the deal ended: his own, a card handed
    # over (its first giver was dealt it), a trick's card (its layer, if never handed over).
    where: dict[int, int] = {}
    for kind, q, v, seen, _ in events:
        if kind == EV_DEAL and seen >> player & 1:
            where[v] = q
    for kind, q, v, _, _ in events:
        if kind == EV_GIVE:
            where.setdefault(v, q)
    for kind, q, v, _, _ in events:
        if kind == EV_TRICK:
            for c in _cards(rank_mask(v)):
                where.setdefault(c, q)
    hidden = [rank_mask(r) & rules.pack_mask for r in range(rules.ranks)]
    for c in where:
        hidden[rank_of(c)] &= ~(1 << c)
    must: list[set[int]] = [set() for _ in range(rules.ranks)]
    not_all: list[set[int]] = [set() for _ in range(rules.ranks)]
    laid: set[int] = set()

    def all_with(q: int, r: int) -> bool:
        """Every followed card of ``r`` is with ``q`` (and some of ``r`` are hidden)."""
        return bool(hidden[r]) and all(
            where[c] == q for c in _cards(rank_mask(r) & rules.pack_mask) if c in where
        )

    def after_deal() -> None:
        for q in range(rules.num_players):
            if q != player:
                for r in range(rules.ranks):
                    if r not in laid and all_with(q, r):
                        not_all[r].add(q)

    settled = False
    asker = -1
    for i, (kind, q, v, _, _) in enumerate(events):
        if kind == EV_TRICK:
            laid.add(v)
        elif kind == EV_ASK:
            if not settled:
                after_deal()
                settled = True
            asker = q
            r = rank_of(v)
            if q != player and not any(
                where.get(c) == q for c in _cards(rank_mask(r) & rules.pack_mask)
            ):
                must[r].add(q)
        elif kind == EV_GIVE:
            where[v] = asker
            trick = i + 1 < len(events) and events[i + 1][0] == EV_TRICK
            if not trick and asker != player and all_with(asker, rank_of(v)):
                not_all[rank_of(v)].add(asker)
    if not settled:
        after_deal()
    return Statements(tuple(map(frozenset, must)), tuple(map(frozenset, not_all)))


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def keeps(said: Statements, given: Mapping[int, Hashable]) -> bool:
    """Whether the hidden cards given to their holders (``given``: card -> holder) keep every
    statement."""
    by_rank: dict[int, list[Hashable]] = {}
    for c, h in given.items():
        by_rank.setdefault(rank_of(c), []).append(h)
    for r, hs in by_rank.items():
        if any(q not in hs for q in said.must[r]):
            return False
        if any(all(h == q for h in hs) for q in said.not_all[r]):
            return False
    return True


Placing = tuple[int, ...]
"""The holder (an index) of each hidden card of one denomination."""
Split = tuple[tuple[int, ...], tuple[Placing, ...]]
"""How many cards each holder takes, and every placing that gives them so."""


class _Plan(NamedTuple):
    """The counted draw for one information state: each denomination's ways to place its
    hidden cards, grouped by how many each holder takes."""

    names: tuple[Hashable, ...]
    ranks: tuple[tuple[Split, ...], ...]
    cards: tuple[tuple[int, ...], ...]
    ways: dict[tuple[int, tuple[int, ...]], int]


def _plan(
    said: Statements,
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Hashable, int],
) -> _Plan:
    names = tuple(dict.fromkeys(holders))
    by_rank: dict[int, list[int]] = {}
    for c in sorted(pool):
        by_rank.setdefault(rank_of(c), []).append(c)
    ranks: list[tuple[Split, ...]] = []
    cards = []
    for r, cs in sorted(by_rank.items()):
        allowed = [[i for i, h in enumerate(names) if not forbidden.get(h, 0) >> c & 1] for c in cs]
        must = [names.index(q) for q in said.must[r] if q in names]
        not_all = [names.index(q) for q in said.not_all[r] if q in names]
        groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for pick in itertools.product(*allowed):
            if any(i not in pick for i in must) or any(all(p == i for p in pick) for i in not_all):
                continue
            vec = tuple(pick.count(i) for i in range(len(names)))
            groups.setdefault(vec, []).append(pick)
        ranks.append(tuple((vec, tuple(picks)) for vec, picks in sorted(groups.items())))
        cards.append(tuple(cs))
    return _Plan(names, tuple(ranks), tuple(cards), {})


def _ways(plan: _Plan, g: int, cap: tuple[int, ...]) -> int:
    """The placements of denominations ``g..`` that fill the holders' places ``cap`` exactly."""
    if g == len(plan.ranks):
        return 0 if any(cap) else 1
    key = (g, cap)
    got = plan.ways.get(key)
    if got is None:
        got = 0
        for vec, picks in plan.ranks[g]:
            left = tuple(a - b for a, b in zip(cap, vec, strict=True))
            if min(left) >= 0:
                got += len(picks) * _ways(plan, g + 1, left)
        plan.ways[key] = got
    return got


def counted_draw(
    plan: _Plan, holders: Sequence[Hashable], sampler: ProbabilitySampler
) -> list[int]:
    """The exact draw: denomination by denomination, a split in proportion to its ways times
    the completions left, then one of its placements uniformly."""
    cap = tuple(sum(1 for h in holders if h == name) for name in plan.names)
    if _ways(plan, 0, cap) == 0:
        raise ValueError("no world makes the record: the statements contradict each other")
    given: dict[Hashable, list[int]] = {name: [] for name in plan.names}
    for g, options in enumerate(plan.ranks):
        weights = []
        for vec, picks in options:
            left = tuple(a - b for a, b in zip(cap, vec, strict=True))
            weights.append(len(picks) * _ways(plan, g + 1, left) if min(left) >= 0 else 0)
        vec, picks = options[pick_weighted(weights, sampler)]
        pick = picks[pick_weighted([1] * len(picks), sampler)]
        for c, i in zip(plan.cards[g], pick, strict=True):
            given[plan.names[i]].append(c)
        cap = tuple(a - b for a, b in zip(cap, vec, strict=True))
    return [given[h].pop() for h in holders]


_MEMO: OrderedDict[tuple[int, int, object], tuple[Statements, list[_Plan]]] = OrderedDict()


def draw_hidden(
    rules: AuthorsRules,
    s: AuthorsState,
    player: int,
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Hashable, int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """One card of ``pool`` for each of ``holders``' slots, uniformly among the deals that keep
    the record's statements (and the masks)."""
    key = (id(rules), player, s.log)
    memo = _MEMO.pop(key, None)
    if memo is None:
        memo = (statements(rules, s, player), [])
        while len(_MEMO) >= KEPT:
            _MEMO.popitem(last=False)
    _MEMO[key] = memo
    said, plans = memo
    if not any(said.must) and not any(said.not_all):
        return deal_hidden(holders, pool, forbidden, sampler)
    if not plans:
        plans.append(_plan(said, holders, pool, forbidden))
    return counted_draw(plans[0], holders, sampler)
