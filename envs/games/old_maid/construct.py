"""A world of Old Maid built from one player's information alone, where rejection fails.

The determinizer (:mod:`~hoyle.envs.games.old_maid.determinizer`) first draws worlds exactly, by
rejection. From four hands on, a uniform deal rarely lays down exactly the pairs the table saw
and a replay rarely matches every pair made or not made, so rejection fails; this module then
builds a world that is consistent by construction, forward through the draws, deciding the deal
lazily (the principle of deferred decisions):

- after the deal every other hand is a number of *untouched* cards, its singles left after its
  pairs (the number is public: the cards dealt to it less two per pair it laid), of distinct
  ranks not yet known;
- a draw from a hand takes one of its known cards or one of its untouched ones, whose rank is
  chosen then, among the ranks that hand may still hold (its suit stays open until the player
  sees the card, or the deal is made); whether the drawer pairs it is what the table saw, and
  that fixes the drawer's side: she holds a card of that rank (an untouched one is then made
  that rank), or none (her untouched cards are then barred from it); every rank must keep an
  even number of cards in hands (the odd rank an odd number);
- a card the player drew is taken from the hand he drew it from; a card drawn from him pairs
  the drawer or not as he saw;
- :data:`PARTICLES` builds go side by side through the draws; a build that cannot make a draw
  is dropped and replaced by a copy of one that could (sequential importance resampling), and
  a draw between others is made more likely where it meets what the player's own later draws
  say of the two hands (:data:`TILT`);
- at the end the deal is made to fit: each hand is dealt its first singles as named, no card of
  a rank it was barred from in an odd number, the rest of the unseen cards rank by rank so that
  each hand lays the pairs the table saw (a depth-first search over the splits of each rank,
  in a random order weighted by the ways to deal each split);
- the whole history is replayed through the rules and checked against the player's log; a
  build that dead-ends is dropped and another begun, :data:`MAX_BUILDS` at most, after which
  an error says so (the true history is never returned in its place).

**Not uniform.** Each choice is made at random among those that fit, weighted like the game's own
chances where that is easy (a known card or an untouched one as drawn from the fan, an
untouched card's rank by the unseen cards of that rank), but the choices are not weighted by
how many completions each leaves, so the world is not drawn from the posterior: it is a world
the player cannot tell from his own, a function of his information and the sampler alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import NUM_RANKS, cards_of, rank_of
from hoyle.envs.core.draw import draw_without_replacement
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.old_maid.view import DRAW, EV_DRAW, EV_LAY, EV_OUT

if TYPE_CHECKING:
    from hoyle.envs.games.old_maid.rules import OldMaidRules

MAX_BUILDS = 60
"""Builds :func:`built_world` begins before it gives up and says so."""
TILT = 8.0
"""How much more likely a draw between others is made when it meets the next thing the player's
own draws say of the hands (:func:`_helps`), per thing met (less likely per thing broken)."""
PARTICLES = 48
"""Builds carried side by side through the draws (:func:`_draws`)."""
DEALS_PER_BUILD = 8
"""Builds at the end of the draws whose deal is sought before the draws are begun again."""
DEAL_BUDGET = 2_000
"""Splits of a rank the deal's search tries before the build is dropped."""


def _pick(weights: Sequence[float], sampler: ProbabilitySampler) -> int:
    """An index drawn with chance proportional to ``weights`` (positive, not all zero)."""
    x = sampler() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


class _Build:
    """One build: each hand as tokens (a card whose rank is known in this build, its suit only
    once the player has seen it, or -1) and untouched cards; each other hand's first singles.

    A hand holds at most one card of a rank once its pairs are out, so a hand is a map from
    rank to token. A token the player never sees keeps its suit open until the deal is made
    (it is then the single its first holder kept): only the cards he sees need a suit."""

    def __init__(
        self, rules: OldMaidRules, player: int, mine: int, pairs: Sequence[int], sizes: list[int]
    ) -> None:
        self.rules, self.player = rules, player
        n = rules.num_players
        self.card: list[int] = []
        """Each token's card (-1: not seen by the player, suit open)."""
        self.rank: list[int] = []
        """Each token's rank."""
        self.hands: list[dict[int, int]] = [{} for _ in range(n)]
        """Each hand's tokens by rank."""
        self.untouched = [sizes[q] - 2 * pairs[q] if q != player else 0 for q in range(n)]
        """Each other hand's singles after its pairs, not yet drawn from nor named."""
        self.first: list[dict[int, int]] = [{} for _ in range(n)]
        """Each other hand's singles after its pairs that were named: rank -> token."""
        self.barred = [0] * n
        """Each other hand's ranks (bit per rank) its untouched cards cannot be."""
        self.seen = mine
        """The cards with a token that has them, or dealt to the player."""
        self.left = [(rules.pack_mask & ~mine & m).bit_count() for m in rules.rank_masks]
        """Each rank's cards dealt to the others with no token yet."""
        self.parity = [m.bit_count() % 2 for m in rules.rank_masks]
        """Each rank's cards in the pack, modulo two (the odd rank's three: 1)."""
        for c in cards_of(_after_pairs(rules, mine)):
            self.hands[player][rank_of(c)] = self._token(c, rank_of(c))

    def copy(self) -> _Build:
        """An independent copy, for a branch of the search."""
        new = object.__new__(_Build)
        new.rules, new.player = self.rules, self.player
        new.card, new.rank = list(self.card), list(self.rank)
        new.hands = [dict(h) for h in self.hands]
        new.untouched = list(self.untouched)
        new.first = [dict(f) for f in self.first]
        new.barred, new.seen, new.left = list(self.barred), self.seen, list(self.left)
        new.parity = self.parity
        return new

    def balanced(self, r: int) -> bool:
        """Whether the hands can still hold the cards of rank ``r`` the rules allow: an even
        number in all (each pair took two of four), an odd one of the odd rank; a token short
        of it must be matched by an untouched card of that rank somewhere."""
        held = sum(r in h for h in self.hands) + self.parity[r]
        return not held % 2 or any(self.may_be(q, r) for q in range(len(self.hands)))

    def _token(self, c: int, r: int) -> int:
        self.card.append(c)
        self.rank.append(r)
        return len(self.card) - 1

    def size(self, q: int) -> int:
        return len(self.hands[q]) + self.untouched[q]

    def may_be(self, q: int, r: int) -> bool:
        """Whether one of ``q``'s untouched cards may be of rank ``r``."""
        return bool(
            self.untouched[q]
            and not self.barred[q] >> r & 1
            and r not in self.first[q]
            and r not in self.hands[q]
            and self.left[r]
        )

    def name(self, q: int, r: int) -> int:
        """One of ``q``'s untouched cards is of rank ``r``: its token (suit open)."""
        t = self._token(-1, r)
        self.first[q][r] = t
        self.untouched[q] -= 1
        self.left[r] -= 1
        self.hands[q][r] = t
        return t

    def see(self, t: int, c: int) -> bool:
        """The player sees token ``t`` is ``c``; ``False`` if it cannot be."""
        if self.card[t] >= 0:
            return self.card[t] == c
        if self.seen >> c & 1:
            return False
        self.card[t] = c
        self.seen |= 1 << c
        return True

    def receive(self, d: int, t: int, paired: bool) -> bool:
        """``d`` takes token ``t`` and pairs it or not as the table saw; ``False`` if she
        cannot."""
        r = self.rank[t]
        if paired:
            if r not in self.hands[d]:
                if not self.may_be(d, r):
                    return False
                self.name(d, r)
            del self.hands[d][r]
            return True
        if r in self.hands[d]:
            return False
        if d != self.player:
            self.barred[d] |= 1 << r
        self.hands[d][r] = t
        return True

    def options(self, d: int, g: int, paired: bool) -> tuple[list[tuple[int, int]], list[float]]:
        """The cards ``d`` may draw from ``g`` with the outcome the table saw: ``(token, r)``
        for a token, ``(-1, r)`` for an untouched card made rank ``r``, with weights (a token
        or an untouched card each as likely, as from the fan; an untouched card's rank by the
        cards of it left)."""
        out: list[tuple[int, int]] = []
        weights: list[float] = []

        def fits(r: int) -> bool:
            return (r in self.hands[d] or self.may_be(d, r)) if paired else r not in self.hands[d]

        for r, t in self.hands[g].items():
            if fits(r):
                out.append((t, r))
                weights.append(1.0)
        if self.untouched[g]:
            ranks = [r for r in range(NUM_RANKS) if self.may_be(g, r) and fits(r)]
            share = [float(self.left[r]) for r in ranks]
            for r, w in zip(ranks, share, strict=True):
                out.append((-1, r))
                weights.append(self.untouched[g] * w / sum(share))
        return out, weights


def _after_pairs(rules: OldMaidRules, hand: int) -> int:
    """``hand`` after its pairs are laid: of three of a kind the highest stays (the rules lay
    the two lowest), of one the one."""
    for m in rules.rank_masks:
        held = cards_of(hand & m)
        hand &= ~sum(1 << c for c in held)
        if len(held) % 2:
            hand |= 1 << held[-1]
    return hand


def built_world(
    rules: OldMaidRules,
    record: Sequence[int | None],
    player: int,
    seen: dict[int, int],
    target: tuple[ViewEvent, ...],
    pairs: Sequence[int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """A history ``player`` cannot tell from his own (the module docstring), from the public
    ``record`` (the positions chosen; ``None`` at chance), the cards he saw (``seen``: history
    index -> card), his log ``target`` and the pairs each seat laid after the deal."""
    n, dealt = rules.num_players, rules.pack_size
    sizes = [len(range(q, dealt, n)) for q in range(n)]
    mine = sum(1 << seen[k] for k in range(player, dealt, n))
    draws = [(a, v, _paired(target, e, a)) for e, (kind, a, v) in enumerate(target)
             if kind == EV_DRAW]  # fmt: skip
    givers = _givers(rules, target)
    for _ in range(MAX_BUILDS):
        fresh = _Build(rules, player, mine, pairs, sizes)
        for b, tokens in _draws(fresh, draws, givers, sampler)[:DEALS_PER_BUILD]:
            deal = _deal(b, mine, sizes, pairs, sampler)
            if deal is None:
                continue
            for k in range(player, dealt, n):
                deal[k] = seen[k]
            history = _history(rules, deal, record, [b.card[t] for t in tokens])
            if history is not None and _agrees(rules, history, player, target):
                return history
    raise RuntimeError(
        f"Old Maid's determinizer built no world for player {player} in {MAX_BUILDS} tries "
        "(the true history is never returned in its place)"
    )


def _paired(target: tuple[ViewEvent, ...], e: int, drawer: int) -> bool:
    """Whether the draw logged at ``target[e]`` made the drawer a pair (hers follows it)."""
    return e + 1 < len(target) and target[e + 1][0] == EV_LAY and target[e + 1][1] == drawer


def _step(
    b: _Build,
    j: int,
    d: int,
    v: int,
    paired: bool,
    needs: dict[tuple[int, int], list[tuple[int, bool]]],
    sampler: ProbabilitySampler,
) -> tuple[int, float] | None:
    """One draw made in ``b`` (changed in place): the token drawn and the chance, in the
    proposal's own terms, that a card drawn from the fan fits what the table saw; ``None`` if
    none does."""
    n, player = b.rules.num_players, b.player
    g = next(q for k in range(1, n) if b.size(q := (d - k) % n))
    fit = 1.0
    if v >= 0:  # the player drew ``v``, or had it drawn from him
        r = rank_of(v)
        if r not in b.hands[g]:
            if g == player or not b.may_be(g, r):
                return None
            b.name(g, r)
        t = b.hands[g][r]
        if not b.see(t, v):
            return None
    else:
        options, weights = b.options(d, g, paired)
        if not options:
            return None
        fit = sum(weights) / b.size(g)
        tilted = [
            w * TILT ** _helps(b, j, g, d, r, needs)
            for (_, r), w in zip(options, weights, strict=True)
        ]
        t, r = options[_pick(tilted, sampler)]
        if t < 0:
            t = b.name(g, r)
    del b.hands[g][r]
    if not (b.receive(d, t, paired) and b.balanced(r)):
        return None
    return t, fit


def _helps(
    b: _Build,
    j: int,
    g: int,
    d: int,
    r: int,
    needs: dict[tuple[int, int], list[tuple[int, bool]]],
) -> int:
    """How many of the next needs (:func:`_needs`) of ``g`` and ``d`` on rank ``r`` after draw
    ``j`` a card of that rank drawn now from ``g`` by ``d`` meets, less how many it breaks."""
    score = 0
    for q, after in ((g, False), (d, r not in b.hands[d])):
        nxt = next((holds for at, holds in needs.get((q, r), ()) if at > j), None)
        if nxt is not None:
            score += (after == nxt) - ((r in b.hands[q]) == nxt)
    return score


def _needs(
    player: int, draws: Sequence[tuple[int, int, bool]], givers: Sequence[int]
) -> dict[tuple[int, int], list[tuple[int, bool]]]:
    """What the draws the player sees say a hand held, by hand and rank, in the order of the
    draws: ``(draw, holds)``: the hand he drew a card from held its rank; the hand that drew
    from him held that rank if she paired it, and not if she did not."""
    needs: dict[tuple[int, int], list[tuple[int, bool]]] = {}
    for j, ((d, v, paired), g) in enumerate(zip(draws, givers, strict=True)):
        if v >= 0:
            key = (g, rank_of(v)) if d == player else (d, rank_of(v))
            needs.setdefault(key, []).append((j, True if d == player else paired))
    return needs


def _givers(rules: OldMaidRules, target: tuple[ViewEvent, ...]) -> list[int]:
    """The seat each draw of the player's log was made from: the nearest on the drawer's right
    not yet out (public)."""
    n = rules.num_players
    out: set[int] = set()
    givers = []
    for kind, actor, _ in target:
        if kind == EV_OUT:
            out.add(actor)
        elif kind == EV_DRAW:
            givers.append(next(q for k in range(1, n) if (q := (actor - k) % n) not in out))
    return givers


def _draws(
    fresh: _Build,
    draws: Sequence[tuple[int, int, bool]],
    givers: Sequence[int],
    sampler: ProbabilitySampler,
) -> list[tuple[_Build, list[int]]]:
    """Builds carried through every draw (the drawers and outcomes are the player's log), each
    with the token of each draw, best first: :data:`PARTICLES` builds made side by side, draw
    by draw; a build that cannot make a draw is dropped and replaced by a copy of one that
    could, chosen by the chance its draws fitted (sequential importance resampling)."""
    alive: list[tuple[_Build, list[int], float]] = []
    for _ in range(PARTICLES):
        alive.append((fresh.copy(), [], 1.0))
    needs = _needs(fresh.player, draws, givers)
    for j, (d, v, paired) in enumerate(draws):
        grown: list[tuple[_Build, list[int], float]] = []
        for k in range(PARTICLES):
            parent, tokens, weight = alive[k % len(alive)] if k < len(alive) else alive[
                _pick([w for _, _, w in alive], sampler)]  # fmt: skip
            child = parent.copy()
            got = _step(child, j, d, v, paired, needs, sampler)
            if got is not None:
                grown.append((child, [*tokens, got[0]], weight * got[1]))
        if not grown:
            return []
        top = max(w for _, _, w in grown)
        alive = [(c, t, w / top) for c, t, w in grown]
    order = sorted(range(len(alive)), key=lambda i: -(sampler() ** (1.0 / alive[i][2])))
    return [(alive[i][0], alive[i][1]) for i in order]


def _deal(
    b: _Build, mine: int, sizes: Sequence[int], pairs: Sequence[int], sampler: ProbabilitySampler
) -> list[int] | None:
    """A deal that fits the build (module docstring), each other hand ``sizes[q]`` cards laying
    ``pairs[q]`` pairs, the tokens whose suit was open given theirs; or ``None``."""
    rules, player = b.rules, b.player
    n = rules.num_players
    others = [q for q in range(n) if q != player]
    room = [sizes[q] if q != player else 0 for q in range(n)]
    odd = [b.untouched[q] for q in range(n)]  # odd ranks still to deal beyond the named ones
    pools = [cards_of(rules.pack_mask & ~mine & m) for m in rules.rank_masks]
    ranks = [r for r in range(NUM_RANKS) if pools[r]]
    named = {r: {q: b.first[q][r] for q in others if r in b.first[q]} for r in ranks}
    pinned = {r: {b.card[t] for t in named[r].values() if b.card[t] >= 0} for r in ranks}
    # named_after[i][q]: the ranks after the i-th whose first single in q's hand is named.
    named_after = [[sum(q in named[r] for r in ranks[i + 1 :]) for q in range(n)]
                   for i in range(len(ranks))]  # fmt: skip
    splits: list[tuple[int, ...]] = []
    budget = [DEAL_BUDGET]

    def allowed(r: int, q: int, k: int) -> bool:
        if q in named[r]:  # odd; a three's other two below a seen single (the rules keep it)
            c = b.card[named[r][q]]
            low = [x for x in pools[r] if x < c and x not in pinned[r]]
            return k == 1 or (k == 3 and (c < 0 or len(low) >= 2))
        return not (k % 2 and b.barred[q] >> r & 1)

    def place(i: int) -> bool:
        if i == len(ranks):
            return all(room[q] == 0 and odd[q] == 0 for q in others)
        r = ranks[i]
        left = len(ranks) - 1 - i
        options = [s for s in _splits(len(pools[r]), [room[q] for q in others])
                   if all(allowed(r, q, k) for q, k in zip(others, s, strict=True))]  # fmt: skip
        keys = [sampler() ** (1.0 / _ways(s)) for s in options]
        later = named_after[i]
        for j in sorted(range(len(options)), key=lambda j: -keys[j]):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            split = options[j]
            change = [(q, k, int(k % 2 == 1 and q not in named[r]))
                      for q, k in zip(others, split, strict=True)]  # fmt: skip
            for q, k, unnamed_odd in change:
                room[q] -= k
                odd[q] -= unnamed_odd
            if all(0 <= odd[q] <= left - later[q] and odd[q] + later[q] <= room[q]
                   and not (room[q] - odd[q] - later[q]) % 2 for q in others):  # fmt: skip
                splits.append(split)
                if place(i + 1):
                    return True
                splits.pop()
            for q, k, unnamed_odd in change:
                room[q] += k
                odd[q] += unnamed_odd
        return False

    if not place(0):
        return None
    hands: list[list[int]] = [[] for _ in range(n)]
    for r, split in zip(ranks, splits, strict=True):
        count = dict(zip(others, split, strict=True))
        pool = [x for x in pools[r] if x not in pinned[r]]
        # Seen singles first (a three's two others from below them), then the open ones.
        for q, t in sorted(named[r].items(), key=lambda qt: b.card[qt[1]] < 0):
            c = b.card[t]
            if c >= 0:
                got = [c, *draw_without_replacement([x for x in pool if x < c], count[q] - 1,
                                                    sampler)]  # fmt: skip
            else:
                got = draw_without_replacement(pool, count[q], sampler)
                b.card[t] = max(got)  # the single the rules keep: the highest
            hands[q] += got
            pool = [x for x in pool if x not in got]
            count[q] = 0
        pool = draw_without_replacement(pool, len(pool), sampler)
        for q in others:
            hands[q] += pool[: count[q]]
            pool = pool[count[q] :]
    deal = [-1] * rules.pack_size  # the player's own places are filled by the caller
    for q in others:
        cards = draw_without_replacement(hands[q], len(hands[q]), sampler)
        for k, c in zip(range(q, rules.pack_size, n), cards, strict=True):
            deal[k] = c
    return deal


def _splits(cards: int, room: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to share ``cards`` cards among seats with ``room`` places each.

    >>> _splits(2, [1, 2])
    [(0, 2), (1, 1)]
    """
    if not room:
        return [()] if cards == 0 else []
    return [(k, *rest) for k in range(min(cards, room[0]) + 1)
            for rest in _splits(cards - k, room[1:])]  # fmt: skip


def _ways(split: Sequence[int]) -> int:
    """The number of ways to deal given cards in the counts of ``split`` (a multinomial)."""
    return math.factorial(sum(split)) // math.prod(math.factorial(k) for k in split)


def _history(
    rules: OldMaidRules, deal: list[int], record: Sequence[int | None], cards: Sequence[int]
) -> list[int] | None:
    """The whole history: the deal (the player's own cards filled in by the caller's record),
    then the record's positions and the cards drawn, in the rules' order."""
    del rules
    out = list(deal)
    drawn = iter(cards)
    for a in record[len(deal) :]:
        out.append(next(drawn, -1) if a is None else a)
    return None if -1 in out else out


def _agrees(
    rules: OldMaidRules, history: Sequence[int], player: int, target: tuple[ViewEvent, ...]
) -> bool:
    """Whether ``history`` replays through the rules to the player's log."""
    w = rules.new_state()
    for a in history:
        if w.phase == DRAW and not w.hands[w.giver] >> a & 1:
            return False
        try:
            rules.apply_action(w, a)
        except (AssertionError, ValueError):
            return False
    return rules.event_schema.view(w.log, player) == target
