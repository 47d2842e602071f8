"""The exact draw of the hidden cards of Authors (the core's ``DrawsHidden``).

What the record says of the cards no ask has moved is, besides the misses (masks), two kinds
of statement about one denomination at a time:

- *must*: an asker held a card of the denomination he asked for. Where no card the player
  can follow was then in the asker's hand, one of the hidden cards of that denomination is his
  (a hidden card has not moved, so it was his then and is his now).
- *not all*: a player who got a card without laying a trick, or came out of the deal without
  one, did not then hold all four. Where every card of the denomination the player can follow
  was then in that hand, the hidden ones are not all his.

Each statement binds the cards of one denomination, so the cards fall into *units*: a
denomination the record says more of (a *must*; a *not all* on two or three hidden cards),
or one card some seat is known not to hold (a miss); the rest are free. The worlds are
counted with one generating polynomial per unit in the holders it names (``x_q``) and the sum
over all holders (``p``): a card of the unit that goes to a holder it does not name is
``p - sum(x_q)``, so a term ``x^a p^m`` fills the holders' places in ``m! / prod (cap - a)!``
ways and the count never tracks the holders the unit leaves alone. The units are drawn one
by one, each split in proportion to its placings times the completions left, the free cards
last in a uniform order: uniform among the worlds that keep the units' statements. A *not
all* on four hidden cards (nobody was dealt a four he did not lay: a real statement, seldom
binding) is kept by drawing again, which leaves the draw uniform among the worlds that keep
it too. Where the record says nothing beyond the masks (in the deal) the core's plain draw is
the same thing.

Cost: a re-deal of eight players at any point of a deal is a few milliseconds, a few tens
the first time an information state is seen (its units and polynomials are kept for the
next draws).
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from hoyle.envs.core.cards import cards_of, rank_of
from hoyle.envs.core.draw import (
    compositions,
    deal_hidden,
    draw_without_replacement,
    multinomial,
    pick_weighted,
)
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.authors.view import (
    DEAL,
    EV_ASK,
    EV_DEAL,
    EV_GIVE,
    EV_TRICK,
    NUM_CARDS,
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
            for c in cards_of(rank_mask(v)):
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
            where[c] == q for c in cards_of(rank_mask(r) & rules.pack_mask) if c in where
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
                where.get(c) == q for c in cards_of(rank_mask(r) & rules.pack_mask)
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


Vector = tuple[int, ...]
"""A number per holder (an index into the plan's holders)."""
Placing = tuple[int, ...]
"""The holder (an index) of each card of a unit, in the unit's card order."""


class _Unit(NamedTuple):
    """Hidden cards the record ties together: one card some seats are known not to hold, or
    a denomination's hidden cards that the record says more of (an asker holds one; a seat
    has not them all).

    ``poly`` is the unit's generating polynomial in the holders it names (``x_q``) and the
    sum over every holder (``p``): each placing that keeps the unit's statements is the
    product of its holders' ``x``, and a card that may go to any holder the unit does not name
    is ``p - sum(x_q)``, expanded; stored as {exponents of the named holders' ``x``: signed
    coefficient} (the power of ``p`` is the rest of the unit's cards). ``options``: the
    placings that keep the statements, by how many cards each holder takes."""

    cards: tuple[int, ...]
    poly: dict[Vector, int]
    options: tuple[tuple[Vector, tuple[Placing, ...]], ...]


class _Plan(NamedTuple):
    """The counted draw for one information state: its units (the ones with fewest options
    first), the free cards (any holder may take them; the record says nothing of them) and,
    per unit ``g``, the product of the polynomials of units ``g..`` (``suffix``); ``loose``:
    the *not all* statements on a denomination of four hidden cards, kept by rejection."""

    names: tuple[Hashable, ...]
    cap: Vector
    units: tuple[_Unit, ...]
    free: tuple[int, ...]
    suffix: tuple[dict[Vector, int], ...]
    completions: dict[tuple[int, Vector], int]
    loose: bool


def _unit(
    cards: Sequence[int],
    allowed: Sequence[frozenset[int]],
    must: frozenset[int],
    not_all: frozenset[int],
    size: int,
) -> _Unit:
    """The unit of ``cards`` (each to one of its ``allowed`` holders), one of them to each
    holder of ``must``, not all to one holder of ``not_all``; ``size`` holders in all."""
    everyone = frozenset(range(size))
    named = sorted(must.union(not_all, *(everyone - ok for ok in allowed)))
    other = -1 if len(named) < size else None  # a holder the unit does not name, if any

    def keeps_unit(dest: Sequence[int]) -> bool:
        return all(q in dest for q in must) and not any(all(d == q for d in dest) for q in not_all)

    poly: dict[Vector, int] = {}
    choices = [[q for q in named if q in ok] + ([] if other is None else [-1]) for ok in allowed]
    for dest in itertools.product(*choices):
        if not keeps_unit(dest):
            continue
        base = [0] * size
        for d in dest:
            if d >= 0:
                base[d] += 1
        free = dest.count(-1)
        # (p - sum of the named x)^free: each term p^i0 * prod (-x_q)^iq, multinomially.
        for split in compositions(free, [free] * (len(named) + 1)):
            vec = list(base)
            for q, k in zip(named, split[1:], strict=True):
                vec[q] += k
            coef = multinomial(free, split) * (-1) ** (free - split[0])
            key = tuple(vec)
            poly[key] = poly.get(key, 0) + coef
    groups: dict[Vector, list[Placing]] = {}
    for dest in itertools.product(*[sorted(ok) for ok in allowed]):
        if keeps_unit(dest):
            vec = [0] * size
            for d in dest:
                vec[d] += 1
            groups.setdefault(tuple(vec), []).append(dest)
    options = tuple((vec, tuple(placings)) for vec, placings in sorted(groups.items()))
    # The same polynomial with every holder named (no p): fewer terms where the unit's cards
    # may go to few holders (a card only one seat may hold is one term, not seven).
    direct = {vec: len(placings) for vec, placings in options}
    named_poly = {v: k for v, k in poly.items() if k}
    return _Unit(tuple(cards), min(named_poly, direct, key=len), options)


def _plan(
    said: Statements,
    holders: Sequence[Hashable],
    pool: Sequence[int],
    forbidden: Mapping[Hashable, int],
) -> _Plan:
    """The units of this information state's hidden cards.

    A *must* or a *not all* on a denomination of one hidden card is a mask (the card is the
    asker's; it is not that seat's). A denomination with a *must*, or a *not all* on two or
    three hidden cards, is one unit; another card some holder may not take is a unit of its
    own; the rest are free. A *not all* on four hidden cards (no seat was dealt a four it did
    not lay) seldom binds, and is kept by rejection (:func:`keeps`)."""
    names = tuple(dict.fromkeys(holders))
    index = {name: i for i, name in enumerate(names)}
    size = len(names)
    cap = tuple(sum(1 for h in holders if h == name) for name in names)
    everyone = frozenset(range(size))
    by_rank: dict[int, list[int]] = {}
    for c in sorted(pool):
        by_rank.setdefault(rank_of(c), []).append(c)
    singles: list[_Unit] = []
    rows: list[_Unit] = []
    free: list[int] = []
    loose = False
    for r, cs in sorted(by_rank.items()):
        if any(q not in index for q in said.must[r]):
            raise ValueError("no world makes the record: an asker holds no hidden card")
        must = frozenset(index[q] for q in said.must[r])
        not_all = frozenset(index[q] for q in said.not_all[r] if q in index)
        allowed = [
            frozenset(i for i in everyone if not forbidden.get(names[i], 0) >> c & 1) for c in cs
        ]
        if len(cs) == 1:
            allowed = [(allowed[0] & must if must else allowed[0]) - not_all]
            must = not_all = frozenset()
        if not_all and len(cs) == 4:
            loose, not_all = True, frozenset()
        if must or not_all:
            rows.append(_unit(cs, allowed, must, not_all, size))
            continue
        for c, ok in zip(cs, allowed, strict=True):
            if ok == everyone:
                free.append(c)
            else:
                singles.append(_unit([c], [ok], frozenset(), frozenset(), size))
    units = tuple(sorted(singles + rows, key=lambda u: len(u.options)))
    # The first unit's split is weighed by the completions of the others: its own product
    # (the count of every world) is never needed.
    suffix: list[dict[Vector, int]] = [{(0,) * size: 1}]
    for u in reversed(units[1:]):
        suffix.append(_times(u.poly, suffix[-1], cap))
    suffix.append({})
    return _Plan(names, cap, units, tuple(free), tuple(reversed(suffix)), {}, loose)


def _times(a: Mapping[Vector, int], b: Mapping[Vector, int], cap: Vector) -> dict[Vector, int]:
    """The product of two polynomials, less the terms that give some holder more than his
    ``cap`` (they complete no deal)."""
    out: dict[Vector, int] = {}
    for va, ka in a.items():
        for vb, kb in b.items():
            key = tuple(x + y for x, y in zip(va, vb, strict=True))
            if all(k <= c for k, c in zip(key, cap, strict=True)):
                out[key] = out.get(key, 0) + ka * kb
    return {v: k for v, k in out.items() if k}


def _completions(plan: _Plan, g: int, cap: Vector) -> int:
    """The ways to give the cards of units ``g..`` and the free cards to the holders, exactly
    ``cap`` each: the coefficient of ``prod x_h^cap_h`` in the units' product times ``p`` to
    the free cards, where ``x^a p^m`` gives the multinomial ``m! / prod (cap_h - a_h)!``."""
    key = (g, cap)
    got = plan.completions.get(key)
    if got is None:
        got = 0
        whole = sum(cap)
        for vec, coef in plan.suffix[g].items():
            ways = _FACTORIALS[whole - sum(vec)]
            for c, a in zip(cap, vec, strict=True):
                if a > c:
                    break
                ways //= _FACTORIALS[c - a]
            else:
                got += coef * ways
        plan.completions[key] = got
    return got


_FACTORIALS = tuple(math.factorial(k) for k in range(NUM_CARDS + 1))


def counted_draw(
    plan: _Plan, holders: Sequence[Hashable], sampler: ProbabilitySampler
) -> list[int]:
    """The exact draw: unit by unit, a split in proportion to its placings times the
    completions left, one of its placings uniformly; then the free cards in a uniform order
    into the places left, and each holder's cards in a uniform order into his slots."""
    cap = plan.cap
    given: list[list[int]] = [[] for _ in plan.names]
    for g, unit in enumerate(plan.units):
        weights = (
            [
                len(placings) * _completions(plan, g + 1, rest) if min(rest) >= 0 else 0
                for vec, placings in unit.options
                for rest in [tuple(c - a for c, a in zip(cap, vec, strict=True))]
            ]
            if len(unit.options) > 1
            else [1]
        )
        if sum(weights) <= 0:
            raise ValueError("no world makes the record: the statements contradict each other")
        vec, placings = unit.options[pick_weighted(weights, sampler)]
        placing = placings[pick_weighted([1] * len(placings), sampler)]
        for c, i in zip(unit.cards, placing, strict=True):
            given[i].append(c)
        cap = tuple(c - a for c, a in zip(cap, vec, strict=True))
    shuffled = draw_without_replacement(plan.free, len(plan.free), sampler)
    start = 0
    for i, k in enumerate(cap):
        given[i].extend(shuffled[start : start + k])
        start += k
    queues = {
        name: draw_without_replacement(given[i], len(given[i]), sampler)
        for i, name in enumerate(plan.names)
    }
    return [queues[h].pop() for h in holders]


MAX_TRIES = 10_000
"""Draws :func:`draw_hidden` makes before it gives up on the *not all* statements it keeps by
rejection: over seeded deals of three to eight heuristic players 92% (three) to 99.5% (eight)
of draws keep them, so reaching it means that no world makes the record."""

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
    plan = plans[0]
    for _ in range(MAX_TRIES):
        drawn = counted_draw(plan, holders, sampler)
        if not plan.loose or keeps(said, dict(zip(drawn, holders, strict=True))):
            return drawn
    raise ValueError("no world makes the record: no seat can hold the fours it did not lay")
