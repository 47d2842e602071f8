"""Old Maid's chance of ending the Old Maid, by seat and number of players (Foster's Complete
Hoyle, OLD MAID), exact where it is computed and beside a simulation through the game.

``hoyle solve old-maid --deals 2000 --seed 1 --out docs/analytics`` writes
``docs/analytics/old_maid-seats.md``: the exact chance for two, three and four players, the
simulation for every count from two to eight.

The state that suffices. After the deal's pairs are laid every hand holds at most one card of a
denomination (a hand keeps its count of each denomination modulo two), and a pair is laid the
moment a drawn card meets its mate. So of each ordinary denomination the hands hold 0, 2 or 4
cards (an even number), one card in each of its *holders*; of the odd denomination (the Queens,
three cards once the Q♥ is out) one or three, in one or three hands. Since the denominations
play alike, a sufficient state is the *count of ordinary denominations by holder set* (three
players: how many are held by each of {0,1}, {0,2}, {1,2}; four: the six pairs and the set of
all four), the holders of the odd denomination, and who draws next: the hand sizes, who is out
(an empty hand) and the giver (the nearest player on the drawer's right who holds cards) all
follow. The drawer draws a uniformly random card of the giver's fan (the fan is shuffled by
chance, and her position is chosen without information: package docstring of the game,
assumption 4), so each kind of card in the giver's hand is drawn with chance count / hand size:
a denomination whose holders include the drawer is laid as a pair (its holder set loses both);
otherwise the card moves (the giver leaves the holder set, the drawer joins it); the odd card
the same way. The next drawer is the nearest player on the drawer's left who still holds cards
(assumption 5); one player alone holding cards ends the deal, and she is the Old Maid.

The deal, exactly. The pack is dealt one card at a time from the dealer's left, so the hands
are a uniform partition of the pack into fixed sizes (51 among 3: 17 each; among 4: 13, 13, 13,
12). The distribution of the state after the pairs is a dynamic programme over denominations:
each denomination's cards go k_1 ... k_n to the hands in ``multinomial(cards; k)`` ways, its
holder set is the hands with k odd, and the key is the count of denominations by holder set
with the hands' capacities used so far (kept as an array over capacities, halved by their
parities). The deals with each state are counted in integers (or in floats for four players,
where the integers are slow), and divided by the partitions of the pack.

The chance of each seat ending the Old Maid is a recursion over the draws. A pair laid takes
two cards off the table and a card that moves keeps the total, so the states are solved level
by level in the number of cards in hands, lowest first; within a level a card can go round the
table and back, so the level is a linear system, solved by value iteration from zero (sparse
matrices; the states are taken with the drawer turned to seat 0, the chain being the same from
every seat). Iterating from zero only adds chance, and each state's chances of the seats add
up to one when the deal surely ends, so the shortfall ``1 - sum`` bounds the error of every
entry: the table states it (below 1e-12 where exact is claimed). Two-handed, the chain is also
solved in fractions (:func:`two_handed_exact`, a 2x2 system per level), and the general chain
agrees with it.

The exact rows are exact in the chain's sense: they are the book's game to its end, without
the game's ``max_draws`` cap (assumption 8: a deal abandoned unpaid after 500 draws, whose
chance at three and four hands is far below the table's precision).

Which counts are exact, and why not more. The number of states grows with the number of
holder sets: three players, 3 pair sets and 4 odd-card placings, some 1,350 states reached with the
drawer at seat 0; four players, 7 holder sets (with the set of all four) and 8 placings, but
the hands' parities fix the odd card's placing, so some 51,000 states are reached, and the
deal programme over some 50,000 count vectors takes about a minute in Python floats. Five players
have 15 holder sets (ten pairs, five fours) and 16 placings, some 10^8 count vectors for twelve
denominations: not feasible here. From five to eight players the table gives the simulation
alone.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import scipy.sparse as sp

import hoyle.envs  # noqa: F401  (registers the game)
from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS
from hoyle.envs.core.files import write_text
from hoyle.envs.games.old_maid import DEAL, DRAW, OldMaidRules

EXACT_PLAYERS = (2, 3, 4)
"""The counts whose chance the table gives exactly (the module docstring says why no more)."""
TOLERANCE = 1e-12
"""The bound on each exact entry's error that the table claims (the shortfall of the sums)."""

State = tuple[tuple[int, ...], int]
"""A state with the drawer at seat 0: (count of ordinary denominations by holder set, in the
order of :attr:`SeatChain.sets`; the holder set of the odd denomination), sets as seat masks."""


def hand_sizes(players: int, cards: int) -> tuple[int, ...]:
    """The hands of the deal: card i goes to seat i mod n (the dealer is the last seat and
    deals from his left, one at a time)."""
    return tuple(len(range(q, cards, players)) for q in range(players))


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` ordered non-negative integers."""
    if parts == 1:
        yield (total,)
        return
    for k in range(total + 1):
        for rest in _compositions(total - k, parts - 1):
            yield (k, *rest)


def _multinomial(ks: Sequence[int]) -> int:
    out, run = 1, 0
    for k in ks:
        run += k
        out *= math.comb(run, k)
    return out


def _holders(ks: Sequence[int]) -> int:
    """The hands left with a card of a denomination dealt ``ks`` once the pairs are out."""
    return sum(1 << q for q, k in enumerate(ks) if k % 2)


def _rotate(mask: int, r: int, n: int) -> int:
    """``mask`` with seat q renamed (q - r) mod n."""
    full = (1 << n) - 1
    return ((mask >> r) | (mask << (n - r))) & full


class SeatChain:
    """The Markov chain of the draws for ``players`` hands and denominations of ``suits`` cards
    (the odd one ``suits - 1``), in the holder-set state of the module docstring."""

    def __init__(self, players: int, suits: int = NUM_SUITS) -> None:
        if players < 2:
            raise ValueError(f"players={players}: Old Maid needs two players or more")
        if suits % 2:
            raise ValueError(
                f"suits={suits}: with an odd number of suits every denomination keeps a card "
                "in hand, so the deal never ends with one player holding cards"
            )
        n = self.players = players
        self.suits = suits
        self.sets = tuple(
            m for m in range(1, 1 << n) if m.bit_count() % 2 == 0 and m.bit_count() <= suits
        )
        self.index = {m: i for i, m in enumerate(self.sets)}
        # rename[r][i]: the index of set i with every seat q renamed (q - r) mod n.
        self.rename = tuple(
            tuple(self.index[_rotate(m, r, n)] for m in self.sets) for r in range(n)
        )

    def holders(self, counts: Sequence[int], odd: int) -> int:
        """The seats that still hold cards."""
        out = odd
        for m, c in zip(self.sets, counts, strict=True):
            if c:
                out |= m
        return out

    def turned(self, counts: Sequence[int], odd: int, r: int) -> State:
        """The state with seat r renamed seat 0 (r the drawer)."""
        new = [0] * len(counts)
        for i, c in enumerate(counts):
            new[self.rename[r][i]] = c
        return tuple(new), _rotate(odd, r, self.players)

    def cards(self, state: State) -> int:
        """The cards still in hands (the level of ``state``)."""
        counts, odd = state
        return sum(c * m.bit_count() for m, c in zip(self.sets, counts, strict=True)) + (
            odd.bit_count()
        )

    def draws(self, state: State) -> list[tuple[float, int, State | int]]:
        """The draws from ``state`` (seat 0 draws): (chance, the next drawer r in this state's
        seats, the next state with r turned to seat 0), or (chance, -1, the Old Maid's seat)
        where the deal ends."""
        n = self.players
        counts, odd = state
        held = self.holders(counts, odd)
        giver = next(q for q in range(n - 1, 0, -1) if held >> q & 1)
        g = 1 << giver
        fan = sum(c for m, c in zip(self.sets, counts, strict=True) if m & g) + int(odd & g > 0)
        kinds: list[tuple[int, tuple[int, ...], int]] = []
        for i, (m, c) in enumerate(zip(self.sets, counts, strict=True)):
            if c and m & g:
                new = list(counts)
                new[i] -= 1
                moved = m ^ g ^ 1  # a pair laid (the drawer held one) or the card moved
                if moved:
                    new[self.index[moved]] += 1
                kinds.append((c, tuple(new), odd))
        if odd & g:
            kinds.append((1, counts, odd ^ g ^ 1))
        out: list[tuple[float, int, State | int]] = []
        for c, new_counts, new_odd in kinds:
            now = self.holders(new_counts, new_odd)
            if now.bit_count() == 1:
                out.append((c / fan, -1, now.bit_length() - 1))
                continue
            r = next(q for q in range(1, n) if now >> q & 1)
            out.append((c / fan, r, self.turned(new_counts, new_odd, r)))
        return out


def deal_distribution(
    players: int, ranks: int = NUM_RANKS, suits: int = NUM_SUITS, exact: bool = True
) -> dict[tuple[tuple[int, ...], int], Any]:
    """The exact distribution of the state after the deal's pairs, in absolute seats (the
    drawer not yet placed): {(counts by holder set, odd holders): chance}, over a pack of
    ``ranks`` denominations of ``suits`` cards less one card of the odd one. The chances are
    :class:`~fractions.Fraction` where ``exact``, else floats.

    A dynamic programme over the denominations (module docstring): the key is the counts by
    holder set so far; its value an array of deal counts over the capacities the hands have
    used, seats 0 to n-2 (the last seat's follows from the total), each halved, since its
    parity is the key's."""
    chain = SeatChain(players, suits)
    n = players
    sizes = hand_sizes(n, ranks * suits - 1)
    dtype: Any = object if exact else np.float64

    def parity(counts: Sequence[int]) -> tuple[int, ...]:
        held = [0] * n
        for m, c in zip(chain.sets, counts, strict=True):
            for q in range(n):
                if m >> q & 1:
                    held[q] += c
        return tuple(h % 2 for h in held)

    def shape(par: Sequence[int]) -> tuple[int, ...] | None:
        dims = tuple((sizes[q] - par[q]) // 2 + 1 for q in range(n - 1))
        return dims if min(dims, default=1) > 0 else None

    splits = [(ks, _holders(ks), _multinomial(ks)) for ks in _compositions(suits, n)]
    empty = tuple(0 for _ in chain.sets)
    start_shape = shape((0,) * n)
    assert start_shape is not None
    table: dict[tuple[int, ...], Any] = {empty: np.zeros(start_shape, dtype=dtype)}
    table[empty][(0,) * (n - 1)] = 1
    for _ in range(ranks - 1):
        nxt: dict[tuple[int, ...], Any] = {}
        for counts, arr in table.items():
            par = parity(counts)
            for ks, m, w in splits:
                new = list(counts)
                if m:
                    new[chain.index[m]] += 1
                key = tuple(new)
                new_par = tuple(p ^ (k & 1) for p, k in zip(par, ks, strict=True))
                dims = shape(new_par)
                if dims is None:
                    continue
                src, dst = [], []
                for q in range(n - 1):
                    a = (par[q] + ks[q]) // 2  # the capacity index moves by a
                    length = min(arr.shape[q], dims[q] - a)
                    if length <= 0:
                        break
                    src.append(slice(0, length))
                    dst.append(slice(a, a + length))
                else:
                    if key not in nxt:
                        nxt[key] = np.zeros(dims, dtype=dtype)
                    nxt[key][tuple(dst)] += w * arr[tuple(src)]
        table = nxt
    # The odd denomination last: only the entry that fills every hand exactly is read.
    total = _multinomial(sizes)
    out: dict[tuple[tuple[int, ...], int], Any] = {}
    for counts, arr in table.items():
        par = parity(counts)
        for ks in _compositions(suits - 1, n):
            idx = []
            for q in range(n - 1):
                used = sizes[q] - ks[q]
                if used < 0 or used % 2 != par[q]:
                    break
                idx.append(used // 2)
            else:
                w = arr[tuple(idx)] * _multinomial(ks)
                if w:
                    placed = (counts, _holders(ks))
                    out[placed] = out.get(placed, 0) + w
    if exact:
        return {k: Fraction(int(v), total) for k, v in out.items()}
    return {k: float(v) / total for k, v in out.items()}


@dataclass(frozen=True)
class ExactSeats:
    """The chance that each seat ends the Old Maid, and its guarantee."""

    players: int
    chances: tuple[float, ...]
    bound: float
    """The shortfall ``1 - sum(chances)`` plus the deal's rounding (floats, four-handed): every
    entry is within it of the exact value."""
    states: int
    """The states of the chain (the drawer at seat 0) reached from the deal."""
    seconds: float


def _solve_levels(
    chain: SeatChain, order: list[State], where: dict[State, int]
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Each state's chances of each seat (its own seats, the drawer at 0), level by level."""
    n = chain.players
    values = np.zeros((len(order), n))
    levels: dict[int, list[int]] = {}
    for i, s in enumerate(order):
        levels.setdefault(chain.cards(s), []).append(i)
    for level in sorted(levels):
        rows = levels[level]
        local = {i: j for j, i in enumerate(rows)}
        fixed = np.zeros((len(rows), n))
        parts: list[tuple[list[int], list[int], list[float]]] = [([], [], []) for _ in range(n)]
        for j, i in enumerate(rows):
            for p, r, nxt in chain.draws(order[i]):
                if r < 0:
                    assert isinstance(nxt, int)
                    fixed[j, nxt] += p
                    continue
                assert not isinstance(nxt, int)
                k = where[nxt]
                if k in local:
                    parts[r][0].append(j)
                    parts[r][1].append(local[k])
                    parts[r][2].append(p)
                else:  # a pair went down: a lower level, solved already
                    fixed[j] += p * np.roll(values[k], r)
        moves = [
            (r, sp.csr_matrix((d, (a, b)), shape=(len(rows), len(rows))))
            for r, (a, b, d) in enumerate(parts)
            if d
        ]
        x = fixed.copy()
        for _ in range(1_000_000):
            y = fixed.copy()
            for r, mat in moves:
                y += np.roll(mat @ x, r, axis=1)
            done = np.max(np.abs(y - x)) <= 1e-16
            x = y
            if done:
                break
        values[rows] = x
    return values


def exact_seats(players: int, ranks: int = NUM_RANKS, suits: int = NUM_SUITS) -> ExactSeats:
    """The chance that each seat ends the Old Maid, from the exact deal and the chain solved
    to the precision of floats (module docstring; the bound is stated)."""
    began = time.perf_counter()
    chain = SeatChain(players, suits)
    n = players
    start = deal_distribution(players, ranks, suits, exact=players <= 3)
    found: list[tuple[float, int, State | int]] = []  # (chance, drawer, state or Old Maid)
    for (counts, odd), w in start.items():
        held = chain.holders(counts, odd)
        if held.bit_count() == 1:
            found.append((float(w), -1, held.bit_length() - 1))
        else:
            d = next(q for q in range(n) if held >> q & 1)  # the first drawer: the eldest
            found.append((float(w), d, chain.turned(counts, odd, d)))
    order: list[State] = []
    where: dict[State, int] = {}
    stack = [s for _, d, s in found if d >= 0 and not isinstance(s, int)]
    while stack:
        s = stack.pop()
        if s in where:
            continue
        where[s] = len(order)
        order.append(s)
        for _, r, nxt in chain.draws(s):
            if r >= 0 and not isinstance(nxt, int) and nxt not in where:
                stack.append(nxt)
    values = _solve_levels(chain, order, where)
    rounding = abs(1.0 - sum(float(w) for w in start.values()))
    chances = np.zeros(n)
    for w, d, end in found:
        if isinstance(end, int):
            chances[end] += w
        else:
            chances += w * np.roll(values[where[end]], d)
    return ExactSeats(
        players=n,
        chances=tuple(float(c) for c in chances),
        bound=abs(1.0 - float(chances.sum())) + rounding,
        states=len(order),
        seconds=time.perf_counter() - began,
    )


def two_handed_exact() -> tuple[Fraction, Fraction]:
    """The exact chance that seat 0 (the eldest hand) and seat 1 (the dealer) end the Old
    Maid, two-handed with the full pack less the Q♥, in fractions."""
    # The deal: 12 ranks of four cards and the Queens (three); seat 0 is dealt 26 of 51.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards to seat 0, ranks split) -> deals
    for _ in range(12):
        nxt: dict[tuple[int, int], int] = {}
        for (a, e), w in ways.items():
            for k in range(5):
                key = (a + k, e + k % 2)
                nxt[key] = nxt.get(key, 0) + w * math.comb(4, k)
        ways = nxt
    start: dict[tuple[int, int], Fraction] = {}
    total = math.comb(51, 26)
    for (a, e), w in ways.items():
        q = 26 - a  # Queens to seat 0
        if 0 <= q <= 3:
            odd = 0 if q % 2 else 1
            key = (e, odd)
            start[key] = start.get(key, Fraction(0)) + Fraction(w * math.comb(3, q), total)
    assert sum(start.values()) == 1
    top = max(e for e, _ in start)
    # loses[e][(o, d)]: the chance seat 0 ends the Old Maid, e ranks split, o holds the odd
    # card, d draws (from the other).
    loses: list[dict[tuple[int, int], Fraction]] = [
        {(o, d): Fraction(int(o == 0)) for o in (0, 1) for d in (0, 1)}
    ]
    for e in range(1, top + 1):
        below = loses[e - 1]
        row: dict[tuple[int, int], Fraction] = {}
        for o in (0, 1):
            row[(o, o)] = below[(o, 1 - o)]  # the fan holds no odd card: a sure pair
        # The drawer faces the odd card: x = L(e, o=1, d=0), y = L(e, o=0, d=1).
        p = Fraction(1, e + 1)
        bx, by = (1 - p) * below[(1, 1)], (1 - p) * below[(0, 0)]
        x = (bx + p * by) / (1 - p * p)
        row[(1, 0)], row[(0, 1)] = x, by + p * x
        loses.append(row)
    seat0 = sum((w * loses[e][(o, 0)] for (e, o), w in start.items()), Fraction(0))
    return seat0, 1 - seat0


def simulate(players: int, deals: int, seed: int, **params: int) -> list[int]:
    """How often each seat ends the Old Maid in ``deals`` seeded deals played through the
    game's rules (positions at random); ``params`` (``ranks``, ``suits``) reduce the pack."""
    game = pyspiel.load_game("hoyle_old_maid", {"players": players, **params})
    rules: OldMaidRules = game.rules
    rng = random.Random(seed * 1000 + players)
    count = [0] * players
    for _ in range(deals):
        s = rules.new_state()
        while s.to_move >= -1 and s.phase != 3:
            if s.phase in (DEAL, DRAW):
                outcomes = rules.chance_outcomes(s)
                rules.apply_action(s, outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = rules.legal_actions(s)
                rules.apply_action(s, legal[rng.randrange(len(legal))])
        if s.old_maid >= 0:
            count[s.old_maid] += 1
    return count


def interval(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson interval of a proportion ``k`` of ``n`` (95% at the default ``z``)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(deals: int, seed: int) -> str:
    """The seat table: the exact chance for :data:`EXACT_PLAYERS`, the simulation for 2-8."""
    exact = {n: exact_seats(n) for n in EXACT_PLAYERS}
    lines = [
        "# Old Maid: the chance of ending the Old Maid, by seat",
        "",
        "Foster's Complete Hoyle, OLD MAID: 51 cards (the Q♥ removed), dealt one at a time from "
        "the dealer's left; seat 0 is the eldest hand (the first to draw, from the dealer), the "
        f"last seat the dealer. Written by `hoyle solve old-maid --deals {deals} --seed {seed}` "
        "(`experiments/old_maid_seats.py`, whose docstring gives the method).",
        "",
        "Exact for two, three and four players: the deal's exact distribution over the count "
        "of denominations by holder set (after the deal's pairs every hand holds at most one "
        "card of a denomination), and the chain of the draws over that state solved level by "
        "level in the cards left in hands; each exact entry is within the bound stated below "
        "(the shortfall of the seats' sum from one, plus the deal's rounding). From five "
        "players on the holder sets are too many for an exact solution here (the docstring "
        "says why): the simulation stands alone. Simulated: seeded deals played through the "
        "game, positions at random (any position gives a uniform card of the fan), with Wilson "
        "95% intervals.",
        "",
        "| players | seat | exact | simulated | 95% interval | exact inside |",
        "|---:|---:|---:|---:|---|:--:|",
    ]
    for n in range(2, 9):
        count = simulate(n, deals, seed)
        for q in range(n):
            lo, hi = interval(count[q], deals)
            if n in exact:
                x = exact[n].chances[q]
                ex, inside = f"{x:.4f}", ("yes" if lo <= x <= hi else "NO")
            else:
                ex, inside = "-", "-"
            lines.append(
                f"| {n} | {q} | {ex} | {count[q] / deals:.4f} | [{lo:.4f}, {hi:.4f}] | {inside} |"
            )
    lines += ["", "| players | exact chances (seat 0, 1, ...) | error bound | chain states |"]
    lines += ["|---:|---|---:|---:|"]
    for n, e in exact.items():
        shown = ", ".join(f"{c:.12f}" for c in e.chances)
        lines.append(f"| {n} | {shown} | {e.bound:.1e} | {e.states} |")
    lines += ["", f"Two-handed exact in fractions: seat 0 {two_handed_exact()[0]}.", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``hoyle solve old-maid``: the seat table, written to OUT/old_maid-seats.md."""
    parser = argparse.ArgumentParser(
        prog="hoyle solve old-maid",
        description="The chance of ending the Old Maid by seat and number of players.",
    )
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="docs/analytics")
    args = parser.parse_args(argv)
    text = report(args.deals, args.seed)
    path = Path(args.out) / "old_maid-seats.md"
    write_text(path, text)
    print(text)
    print(f"wrote {path}")
    return 0
