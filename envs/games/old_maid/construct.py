"""A world of Old Maid built from one player's information alone, where rejection fails: a
complete, randomized backtracking search, so that a world is always found.

The determinizer (:mod:`~hoyle.envs.games.old_maid.determinizer`) first draws worlds exactly, by
rejection. From four hands on, a uniform deal rarely lays down exactly the pairs the table saw
and a replay rarely matches every pair made or not made, so rejection fails; this module then
searches for a world the player cannot tell from his own.

The search works on ranks. Once the pairs of the deal are out every hand holds at most one card
of a rank, so what a hand holds is a set of ranks, and a draw is fixed by the rank drawn (the
card is the one the giver holds of it). For each other hand and rank the search keeps a state:
*open* (nothing has happened to that hand on that rank yet: it holds it since the deal or not,
still undecided), *held* or *not held*. A draw of rank ``r`` by ``d`` from ``g`` needs ``g`` to
hold ``r`` and ``d`` to hold it exactly when the table saw her lay a pair; it toggles both
states. An open state is decided when a draw first touches it: *held* spends one of the hand's
*untouched* singles (the hand's singles after the deal, a public number: the cards dealt less
two per pair laid), *not held* spends nothing.

- The draws the player made or suffered fix the rank (he saw the card); those between two
  others are the choices, tried in an order shuffled by the sampler (weighted like the game's
  own chances: each card of the fan alike, an untouched card's rank by the unseen cards of it),
  depth first, each undone on a dead end.
- The cards themselves: the hand's first single of a rank is a *token* followed through the
  draws; a card the player sees pins the token (one card, one token).
- Dead ends are cut early: a state the player's own later draws fix (the hand he draws from
  holds the rank; the hand that draws from him holds it or not as she paired it) must be
  reachable by the draws still to come; a hand that must hold a rank then and holds none now
  must be able to come by it, by draws round the table or from the deal
  (:meth:`_Search.deliverable`); a hand open on a rank that must be empty of it then, with no
  draw between to take it away, never held it; no hand keeps more untouched singles than open
  ranks; no rank more singles after the deal than its unseen cards.
- The order of the choices leans towards what those later draws ask for (:data:`URGE`) and
  towards the parity each rank's singles after the deal must have (:data:`PARITY`): it
  changes only how soon a world is found, never which worlds can be.
- At the end the deal is completed, by the same kind of search: each hand's untouched singles
  are given ranks (each rank's singles after the deal of the parity of its unseen cards), the
  pairs each seat laid are shared among the ranks, and the cards of each rank among the hands
  (a pinned single the highest of its hand's three, as the rules keep it). A completion that
  fails sends the search back into the draws.
- The search runs with a budget of steps, restarted with a fresh order and a doubled budget
  when it is spent, so it is complete: the true history proves that a world exists, and a
  search without a bound finds one. The history found is replayed through the rules and
  checked against the player's log.

**Not uniform.** Each choice is tried in a random order, but the choices are not weighted by
how many completions each leaves, so the world is not drawn from the posterior: it is a world
the player cannot tell from his own, a function of his information and the sampler alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hoyle.envs.core.cards import NUM_RANKS, cards_of, rank_of
from hoyle.envs.core.draw import draw_without_replacement
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.rules import ProbabilitySampler
from hoyle.envs.games.old_maid.view import DRAW, EV_DRAW, EV_LAY, EV_OUT

if TYPE_CHECKING:
    from hoyle.envs.games.old_maid.rules import OldMaidRules

FIRST_BUDGET = 200
"""Steps (draws tried, and steps of the exact checks) of the shortest search; the searches
restart with budgets in Luby's sequence times this (:func:`_luby`), without end, so the search
is complete."""
EXACT_SINGLES = 4
"""Untouched singles left at or below which :meth:`_Search.mendable` checks exactly that they
can still be given ranks (above it, a matching that is necessary only)."""
URGE = 20.0
"""How much more likely the search tries first a rank that a hand's next fixed need asks for
(:meth:`_Search.urge`): the order only, never what can be found."""
PARITY = 4.0
"""How much more likely the search tries first a draw that names a single of the deal whose
rank's singles are of the wrong parity (and less one that spoils a right one)."""
OPEN, HELD, NOT_HELD = 0, 1, 2
"""A hand's state on a rank (module docstring)."""
_R = NUM_RANKS
_BARRED = -2
"""The mark of a card the player was dealt: no other hand's token can be it."""


class _OutOfSteps(Exception):
    """The search spent its budget (it restarts with a fresh order and twice the budget)."""


def _order(weights: Sequence[float], sampler: ProbabilitySampler) -> list[int]:
    """Indices in a random order, each next one drawn with chance proportional to its weight
    among those left (keys ``u ** (1 / w)``, largest first)."""
    keys = [max(sampler(), 1e-300) ** (1.0 / w) for w in weights]
    return sorted(range(len(weights)), key=lambda i: -keys[i])


class _Search:
    """The search's state, changed in place and undone through a trail."""

    def __init__(
        self,
        rules: OldMaidRules,
        player: int,
        dealt_mine: int,
        pairs: Sequence[int],
        draws: Sequence[tuple[int, int, int, bool]],
        sampler: ProbabilitySampler,
    ) -> None:
        self.rules, self.player, self.sampler = rules, player, sampler
        n = rules.num_players
        self.n = n
        self.draws = draws
        self.pairs = list(pairs)
        sizes = [len(range(q, rules.pack_size, n)) for q in range(n)]
        self.pool = [cards_of(rules.pack_mask & ~dealt_mine & m) for m in rules.rank_masks]
        """Each rank's cards not dealt to the player (the others' cards of it)."""
        self.unseen = [len(p) for p in self.pool]
        self.state = [OPEN] * (n * _R)
        self.token = [-1] * (n * _R)
        """The token a hand holds of a rank (its origin: ``hand * 13 + rank``), or -1."""
        self.card = [-1] * (n * _R)
        """Each token's card, once the player has seen it (or dealt it to himself)."""
        self.pinned = [-1] * 64
        """Each card's token, or -1 (:data:`_BARRED`: a card the player was dealt)."""
        self.named = [0] * (n * _R)
        """1 where another hand's single of a rank after the deal was named by a draw."""
        self.untouched = [sizes[q] - 2 * pairs[q] for q in range(n)]
        self.open = [0] * n
        self.singles = [0] * _R
        """Each rank's singles after the deal in the other hands, decided so far."""
        for c in cards_of(dealt_mine):
            self.pinned[c] = _BARRED
        kept = _after_pairs(rules, dealt_mine)
        for q in range(n):
            for r in range(_R):
                i = q * _R + r
                if q == player:
                    held = kept & rules.rank_masks[r]
                    self.state[i] = HELD if held else NOT_HELD
                    if held:
                        self.token[i] = i
                        self.card[i] = held.bit_length() - 1
                elif self.unseen[r]:
                    self.open[q] += 1
                else:
                    self.state[i] = NOT_HELD
        self.untouched[player] = 0
        self.drawn = [-1] * len(draws)
        self.trail: list[tuple[list[int], int, int]] = []
        self.steps = 0
        self.budget = FIRST_BUDGET
        self._needs_and_toggles()

    # --- the trail ------------------------------------------------------------------------------
    def put(self, arr: list[int], i: int, value: int) -> None:
        self.trail.append((arr, i, arr[i]))
        arr[i] = value

    def undo(self, mark: int) -> None:
        trail = self.trail
        while len(trail) > mark:
            arr, i, old = trail.pop()
            arr[i] = old

    # --- what the player's own draws fix ------------------------------------------------------------
    def _needs_and_toggles(self) -> None:
        """``needs[hand * 13 + rank]``: the draws whose outcome the player saw, with the state
        each needs before it; ``count_off[q][j]`` / ``count_on[q][j]``: the draws before ``j``
        between others that could take a rank out of ``q``'s hand (she gives, or pairs) or put
        one in (she draws and does not pair)."""
        n, p = self.n, self.player
        self.needs: dict[int, list[tuple[int, int]]] = {}
        for j, (d, g, v, paired) in enumerate(self.draws):
            if v < 0:
                continue
            r = rank_of(v)
            if d == p:
                self.needs.setdefault(g * _R + r, []).append((j, HELD))
            elif g == p:
                self.needs.setdefault(d * _R + r, []).append((j, HELD if paired else NOT_HELD))
        self.need_ranks = [sorted({i % _R for i in self.needs if i // _R == q}) for q in range(n)]
        big = len(self.draws)
        self.count_on = [[0] * (big + 1) for _ in range(n)]
        self.count_off = [[0] * (big + 1) for _ in range(n)]
        for j, (d, g, v, paired) in enumerate(self.draws):
            for q in range(n):
                self.count_on[q][j + 1] = self.count_on[q][j]
                self.count_off[q][j + 1] = self.count_off[q][j]
            if v < 0:
                self.count_off[g][j + 1] += 1
                if paired:
                    self.count_off[d][j + 1] += 1
                else:
                    self.count_on[d][j + 1] += 1

    def reachable(self, q: int, j: int) -> bool:
        """Whether every fixed need of hand ``q`` after draw ``j`` can still be met: each need
        whose state is not the one it wants has a draw still to come that can change it, and
        no two needs count on the same draw (the ``k``-th earliest need of one direction has
        ``k`` such draws before it)."""
        want_on: list[int] = []
        want_off: list[int] = []
        for r in self.need_ranks[q]:
            need = next((x for x in self.needs[q * _R + r] if x[0] > j), None)
            if need is None:
                continue
            now = self.state[q * _R + r]
            if now == OPEN or now == need[1]:
                continue
            (want_off if now == HELD else want_on).append(need[0])
        for wants, count in ((want_on, self.count_on[q]), (want_off, self.count_off[q])):
            base = count[j + 1]
            for k, at in enumerate(sorted(wants), 1):
                if count[at] - base < k:
                    return False
        return True

    # --- one draw -------------------------------------------------------------------------------
    def name(self, i: int) -> bool:
        """Open hand-and-rank ``i`` is decided *held since the deal*: one untouched single."""
        q, r = divmod(i, _R)
        if not self.untouched[q] or self.singles[r] >= self.unseen[r]:
            return False
        self.put(self.state, i, HELD)
        self.put(self.token, i, i)
        self.put(self.named, i, 1)
        self.put(self.untouched, q, self.untouched[q] - 1)
        self.put(self.open, q, self.open[q] - 1)
        self.put(self.singles, r, self.singles[r] + 1)
        return True

    def give(self, j: int, r: int) -> bool:
        """Draw ``j`` made of rank ``r``; ``False`` (with changes to undo) where it cannot be."""
        d, g, v, paired = self.draws[j]
        i = g * _R + r
        if self.state[i] == NOT_HELD or (self.state[i] == OPEN and not self.name(i)):
            return False
        t = self.token[i]
        if v >= 0:
            if self.card[t] >= 0:
                if self.card[t] != v:
                    return False
            elif self.pinned[v] != -1:
                return False
            else:
                self.put(self.card, t, v)
                self.put(self.pinned, v, t)
        self.put(self.drawn, j, t)
        self.put(self.state, i, NOT_HELD)
        self.put(self.token, i, -1)
        k = d * _R + r
        if paired:
            if self.state[k] == NOT_HELD or (self.state[k] == OPEN and not self.name(k)):
                return False
            self.put(self.state, k, NOT_HELD)
            self.put(self.token, k, -1)
        else:
            if self.state[k] == HELD:
                return False
            if self.state[k] == OPEN:
                self.put(self.open, d, self.open[d] - 1)
            self.put(self.state, k, HELD)
            self.put(self.token, k, t)
        return (
            all(self.untouched[q] <= self.open[q] and self.reachable(q, j) for q in (g, d))
            and self.deliverable(j)
            and self.mendable(j)
        )

    def deliverable(self, j: int) -> bool:
        """Whether every hand that a fixed need wants holding a rank, and that holds none of
        it now, can still come by it before the need: by a draw (without pairing) from a hand
        that can come by it earlier, and so on round the table, or else from the deal (open on
        it, with an untouched single to spare: no hand is asked for more such singles than it
        has left). A necessary condition: two needs may still count on one card."""
        from_deal = [0] * self.n
        for i, wants in self.needs.items():
            if self.state[i] == HELD:
                continue
            need = next((x for x in wants if x[0] > j), None)
            if need is None or need[1] != HELD:
                continue
            q, r = divmod(i, _R)
            if self.drawn_in(q, r, j, need[0], {}):
                continue
            if self.state[i] != OPEN or self.singles[r] >= self.unseen[r]:
                return False
            from_deal[q] += 1
            if from_deal[q] > self.untouched[q]:
                return False
        return True

    def drawn_in(self, q: int, r: int, j: int, k: int, memo: dict[tuple[int, int], bool]) -> bool:
        """Whether hand ``q`` can draw rank ``r`` (without pairing) after draw ``j`` and before
        draw ``k`` from a hand that can hold it then (:meth:`can_get`)."""
        for x in range(k - 1, j, -1):
            d, g, v, paired = self.draws[x]
            if (
                d == q
                and not paired
                and (v < 0 or rank_of(v) == r)
                and self.can_get(g, r, j, x, memo)
            ):
                return True
        return False

    def can_get(self, q: int, r: int, j: int, k: int, memo: dict[tuple[int, int], bool]) -> bool:
        """Whether hand ``q`` can hold rank ``r`` before draw ``k``, from the state after draw
        ``j``: it holds it, may hold it since the deal, or can draw it (:meth:`drawn_in`)."""
        i = q * _R + r
        if self.state[i] == HELD:
            return True
        if self.state[i] == OPEN and self.untouched[q] and self.singles[r] < self.unseen[r]:
            return True
        key = (q, k)
        if key not in memo:
            memo[key] = False
            memo[key] = self.drawn_in(q, r, j, k, memo)
        return memo[key]

    def mendable(self, j: int) -> bool:
        """Whether the singles after the deal can still be made whole after draw ``j``.

        A hand open on a rank that a fixed need wants held, with no draw to come that could
        hand it one, must hold it since the deal: it is *committed* to one of its untouched
        singles. Then no hand may be committed beyond its untouched singles, no rank beyond
        its unseen cards, and the untouched singles left must still be able to give every rank
        whose singles are of the wrong parity one more (each from a hand still open on it, each
        hand no more than its singles): a matching of ranks into hands."""
        n = self.n
        untouched = list(self.untouched)
        singles = list(self.singles)
        opened = list(self.open)
        committed: set[int] = set()
        closed: set[int] = set()
        for i, wants in self.needs.items():
            if self.state[i] != OPEN:
                continue
            need = next((x for x in wants if x[0] > j), None)
            if need is None:
                continue
            q = i // _R
            if need[1] == HELD and self.count_on[q][need[0]] == self.count_on[q][j + 1]:
                committed.add(i)
                closed.add(i)
                untouched[q] -= 1
                singles[i % _R] += 1
            elif need[1] == NOT_HELD and self.count_off[q][need[0]] == self.count_off[q][j + 1]:
                closed.add(i)  # no draw before the need can take a card of it away: none dealt
        if min(untouched) < 0 or any(x > u for x, u in zip(singles, self.unseen, strict=True)):
            return False
        for i in closed:
            opened[i // _R] -= 1
        if any(u > o for u, o in zip(untouched, opened, strict=True)):
            return False
        wrong = [r for r in range(_R) if (self.unseen[r] - singles[r]) % 2]
        if len(wrong) > sum(untouched):
            return False
        if sum(untouched) <= EXACT_SINGLES:
            return self.singles_fit(untouched, singles, closed)
        seats = [q for q in range(n) for _ in range(untouched[q])]
        match: list[int] = [-1] * len(seats)

        def augment(r: int, tried: set[int]) -> bool:
            for x, q in enumerate(seats):
                i = q * _R + r
                if x in tried or self.state[i] != OPEN or i in closed:
                    continue
                tried.add(x)
                if match[x] < 0 or augment(match[x], tried):
                    match[x] = r
                    return True
            return False

        return all(augment(r, set()) for r in wrong)

    def singles_fit(self, untouched: list[int], singles: list[int], closed: set[int]) -> bool:
        """Whether each hand's ``untouched`` singles can be given ranks, distinct in a hand and
        open in it (not ``closed`` by a need), so that every rank's singles after the deal are of the
        parity of its unseen cards and no more than them (an exact search, memoized)."""
        n = self.n
        ranks = [r for r in range(_R) if self.unseen[r]]
        can = [[q for q in range(n) if self.state[q * _R + r] == OPEN
                and q * _R + r not in closed] for r in ranks]  # fmt: skip
        room = [self.unseen[r] - singles[r] for r in ranks]
        # After rank k: how many ranks each hand may still take, and all hands together.
        ahead = [[0] * n for _ in range(len(ranks) + 1)]
        total = [0] * (len(ranks) + 1)
        for k in range(len(ranks) - 1, -1, -1):
            ahead[k] = [x + (q in can[k]) for q, x in enumerate(ahead[k + 1])]
            total[k] = total[k + 1] + min(room[k], len(can[k]))
        seen: set[tuple[int, ...]] = set()

        def fit(k: int, left: tuple[int, ...]) -> bool:
            self.steps += 1
            if self.steps > self.budget:
                raise _OutOfSteps
            if k == len(ranks):
                return not any(left)
            if sum(left) > total[k] or any(x > y for x, y in zip(left, ahead[k], strict=True)):
                return False
            key = (k, *left)
            if key in seen:
                return False
            seen.add(key)
            open_ = [q for q in can[k] if left[q]]
            for size in range(room[k] % 2, min(room[k], len(open_)) + 1, 2):
                for chosen in itertools.combinations(open_, size):
                    after = tuple(x - (q in chosen) for q, x in enumerate(left))
                    if fit(k + 1, after):
                        return True
            return False

        return fit(0, tuple(untouched))

    def options(self, j: int) -> list[int]:
        """The ranks draw ``j`` may be, in the order to try them."""
        _, g, v, _ = self.draws[j]
        if v >= 0:
            return [rank_of(v)]
        ranks: list[int] = []
        weights: list[float] = []
        untouched = self.untouched[g]
        spare = [max(self.unseen[r] - self.singles[r], 0) for r in range(_R)]
        free = sum(spare[r] for r in range(_R) if self.state[g * _R + r] == OPEN) or 1
        for r in range(_R):
            s = self.state[g * _R + r]
            if s == HELD:
                ranks.append(r)
                weights.append(1.0)
            elif s == OPEN and untouched and spare[r]:
                ranks.append(r)
                weights.append(untouched * spare[r] / free)
        d, paired = self.draws[j][0], self.draws[j][3]
        for x, r in enumerate(ranks):
            weights[x] *= self.urge(g, r, j, NOT_HELD) * self.urge(
                d, r, j, NOT_HELD if paired else HELD
            )
            named = (self.state[g * _R + r] == OPEN) + (paired and self.state[d * _R + r] == OPEN)
            if named % 2:  # a single named from the deal: its rank's parity turns
                weights[x] *= PARITY if (self.unseen[r] - self.singles[r]) % 2 else 1.0 / PARITY
        return [ranks[i] for i in _order(weights, self.sampler)]

    def urge(self, q: int, r: int, j: int, after: int) -> float:
        """How much hand ``q``'s next fixed need on rank ``r`` after draw ``j`` favours the
        state ``after`` that this draw would leave (the search tries first what the player's
        own later draws ask for): :data:`URGE` times as likely where it asks for it, that
        many times less where it asks for the other."""
        need = next((x for x in self.needs.get(q * _R + r, ()) if x[0] > j), None)
        if need is None:
            return 1.0
        return URGE if need[1] == after else 1.0 / URGE

    def search(self, j: int) -> bool:
        """Depth first from draw ``j``: every later draw made and the deal completed."""
        self.steps += 1
        if self.steps > self.budget:
            raise _OutOfSteps
        if j == len(self.draws):
            return self.complete()
        for r in self.options(j):
            mark = len(self.trail)
            if self.give(j, r) and self.search(j + 1):
                return True
            self.undo(mark)
        return False

    # --- the deal -------------------------------------------------------------------------------
    def complete(self) -> bool:
        """The deal made to fit (module docstring); ``self.deal_cards`` and ``self.token_card``
        set, or ``False``."""
        others = [q for q in range(self.n) if q != self.player]
        ranks = [r for r in range(_R) if self.unseen[r]]
        ranks = [ranks[i] for i in _order([1.0] * len(ranks), self.sampler)]
        left = {q: self.untouched[q] for q in others}
        singles = {r: {q for q in others if self.named[q * _R + r]} for r in ranks}

        def eligible(q: int, after: int) -> int:
            return sum(self.state[q * _R + r] == OPEN for r in ranks[after:])

        def place(k: int) -> bool:
            self.steps += 1
            if self.steps > self.budget:
                raise _OutOfSteps
            if k == len(ranks):
                return all(v == 0 for v in left.values()) and self.share_pairs(ranks, singles)
            r = ranks[k]
            room = self.unseen[r] - len(singles[r])
            can = [q for q in others if self.state[q * _R + r] == OPEN and left[q]]
            subsets = [
                s
                for size in range(room % 2, min(room, len(can)) + 1, 2)
                for s in itertools.combinations(can, size)
            ]
            for x in _order([1.0] * len(subsets), self.sampler):
                chosen = subsets[x]
                for q in chosen:
                    left[q] -= 1
                    singles[r].add(q)
                if all(left[q] <= eligible(q, k + 1) for q in others) and place(k + 1):
                    return True
                for q in chosen:
                    left[q] += 1
                    singles[r].discard(q)
            return False

        return place(0)

    def share_pairs(self, ranks: Sequence[int], singles: dict[int, set[int]]) -> bool:
        """The pairs each seat laid at the deal shared among the ranks, and the cards of each
        rank among the hands; ``self.deal_hands`` and ``self.token_card`` set, or ``False``."""
        others = [q for q in range(self.n) if q != self.player]
        left = {q: self.pairs[q] for q in others}
        self.deal_hands: dict[int, list[int]] = {q: [] for q in others}
        self.token_card: dict[int, int] = {}

        def split(k: int) -> bool:
            if k == len(ranks):
                return all(v == 0 for v in left.values())
            r = ranks[k]
            pairs = (self.unseen[r] - len(singles[r])) // 2
            ways = _compositions(pairs, [left[q] for q in others])
            for x in _order([1.0] * len(ways), self.sampler):
                counts = {
                    q: 2 * c + (q in singles[r]) for q, c in zip(others, ways[x], strict=True)
                }
                cards = self.cards_of_rank(r, counts)
                if cards is None:
                    continue
                for q, c in zip(others, ways[x], strict=True):
                    left[q] -= c
                if split(k + 1):
                    for q in others:
                        self.deal_hands[q] += cards[q]
                        if q in singles[r] and cards[q]:
                            self.token_card[q * _R + r] = max(cards[q])
                    return True
                for q, c in zip(others, ways[x], strict=True):
                    left[q] += c
            return False

        return split(0)

    def cards_of_rank(self, r: int, counts: dict[int, int]) -> dict[int, list[int]] | None:
        """The cards of rank ``r`` dealt to each other hand, ``counts[q]`` each, a hand's pinned
        single the highest of its cards (the rules keep the highest of three), or ``None``."""
        orders = list(itertools.permutations(self.pool[r]))
        for x in _order([1.0] * len(orders), self.sampler):
            rest = list(orders[x])
            out: dict[int, list[int]] = {}
            for q, k in counts.items():
                out[q], rest = rest[:k], rest[k:]
                pin = self.card[q * _R + r]
                if k % 2 and pin >= 0 and max(out[q]) != pin:
                    break
            else:
                return out
        return None


def _compositions(total: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of parts, part ``i`` at most ``caps[i]``.

    >>> _compositions(2, [1, 2])
    [(0, 2), (1, 1)]
    """
    if not caps:
        return [()] if total == 0 else []
    return [(k, *rest) for k in range(min(total, caps[0]) + 1)
            for rest in _compositions(total - k, caps[1:])]  # fmt: skip


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
    mine = sum(1 << seen[k] for k in range(player, dealt, n))
    givers = _givers(rules, target)
    draws = [(a, g, v, _paired(target, e, a))
             for (e, (_, a, v)), g in zip(((e, x) for e, x in enumerate(target)
                                           if x[0] == EV_DRAW), givers, strict=True)]  # fmt: skip
    run = 0
    while True:
        run += 1
        search = _Search(rules, player, mine, pairs, draws, sampler)
        search.budget = FIRST_BUDGET * _luby(run)
        try:
            found = search.search(0)
        except _OutOfSteps:
            continue
        if not found:  # the whole tree searched: no world at all, which the true one refutes
            raise AssertionError(f"Old Maid: no history fits player {player}'s information")
        history = _history(search, rules, record, seen)
        if not _agrees(rules, history, player, target):
            raise AssertionError("Old Maid: the world built does not replay to the player's log")
        return history


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ...: many
    short searches, and longer ones without bound, so the search stays complete.

    >>> [_luby(i) for i in range(1, 9)]
    [1, 1, 2, 1, 1, 2, 4, 1]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def _history(
    search: _Search, rules: OldMaidRules, record: Sequence[int | None], seen: dict[int, int]
) -> list[int]:
    """The whole history of the search's world: the deal (each hand's cards in a random order
    in its places, the player's as he saw them), then the record with the cards drawn."""
    n, dealt = rules.num_players, rules.pack_size
    deal = [-1] * dealt
    for k in range(search.player, dealt, n):
        deal[k] = seen[k]
    for q, cards in search.deal_hands.items():
        shuffled = draw_without_replacement(cards, len(cards), search.sampler)
        for k, c in zip(range(q, dealt, n), shuffled, strict=True):
            deal[k] = c
    cards = [search.card[t] if search.card[t] >= 0 else search.token_card[t] for t in search.drawn]
    drawn = iter(cards)
    return [*deal, *(next(drawn) if a is None else a for a in record[dealt:])]


def _paired(target: tuple[ViewEvent, ...], e: int, drawer: int) -> bool:
    """Whether the draw logged at ``target[e]`` made the drawer a pair (hers follows it)."""
    return e + 1 < len(target) and target[e + 1][0] == EV_LAY and target[e + 1][1] == drawer


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
