"""Old Maid's exact seat table (``hoyle.experiments.old_maid_seats``): the chain over holder
sets against brute force through the game's own rules on small packs (every deal, every draw,
in fractions), against the two-handed solution in fractions, and against a seeded simulation.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import cards_of, rank_of
from hoyle.envs.games import old_maid as O
from hoyle.experiments import old_maid_seats as S

Key = tuple[tuple[int, ...], int, int, int]


def _rules(players: int, ranks: int, suits: int) -> Any:
    game = pyspiel.load_game(
        "hoyle_old_maid",
        {"players": players, "ranks": ranks, "suits": suits, "max_draws": 2000},
    )
    return game.rules


def _deals(rules: Any) -> list[Any]:
    """The state after every deal of the pack (each partition into the hands once: the deals
    giving one partition are equally many), dealt by the game's rules, pairs laid."""
    n = rules.num_players
    pack = cards_of(rules.pack_mask)
    sizes = S.hand_sizes(n, len(pack))
    out = []

    def split(rest: list[int], q: int, hands: list[tuple[int, ...]]) -> None:
        if q == n:
            s = rules.new_state()
            for i in range(len(pack)):
                rules.apply_action(s, hands[i % n][i // n])
            out.append(s)
            return
        for hand in itertools.combinations(rest, sizes[q]):
            split([c for c in rest if c not in hand], q + 1, [*hands, hand])

    split(pack, 0, [])
    return out


def _key(s: Any) -> Key:
    return (s.hands, s.drawer, s.giver, s.phase)


def _children(rules: Any, s: Any) -> list[tuple[Fraction, Any]]:
    """The states after the next draw, each with its chance (any position: the first)."""
    s = s.copy()
    if s.phase == O.FAN:
        rules.apply_action(s, O.FIRST_POSITION)
    fan = rules.chance_outcomes(s)
    out = []
    for c, _ in fan:
        child = s.copy()
        rules.apply_action(child, c)
        out.append((Fraction(1, len(fan)), child))
    return out


def _solve(rows: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """``rows`` x = ``rhs`` in fractions (Gauss-Jordan; the systems here are small)."""
    m = len(rows)
    a = [r[:] + b[:] for r, b in zip(rows, rhs, strict=True)]
    for col in range(m):
        piv = next(i for i in range(col, m) if a[i][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        inv = 1 / a[col][col]
        a[col] = [v * inv for v in a[col]]
        for i in range(m):
            if i != col and a[i][col] != 0:
                f = a[i][col]
                a[i] = [v - f * w for v, w in zip(a[i], a[col], strict=True)]
    return [r[m:] for r in a]


def _brute_force(players: int, ranks: int, suits: int) -> tuple[list[Fraction], list[Any]]:
    """Each seat's exact chance of ending the Old Maid on a small pack, every card followed:
    the states of the game itself (hands as card masks), every deal and every draw; the loops
    of a level (a card passed on without a pair) solved as a linear system in fractions."""
    rules = _rules(players, ranks, suits)
    n = players
    starts = _deals(rules)
    seen: dict[Key, Any] = {}
    stack = [s for s in starts if s.phase != O.OVER]
    while stack:
        s = stack.pop()
        if _key(s) in seen:
            continue
        seen[_key(s)] = s
        stack += [c for _, c in _children(rules, s) if c.phase != O.OVER]
    value: dict[Key, list[Fraction]] = {}

    def cards(k: Key) -> int:
        return sum(h.bit_count() for h in k[0])

    for level in sorted({cards(k) for k in seen}):
        keys = [k for k in seen if cards(k) == level]
        local = {k: i for i, k in enumerate(keys)}
        rows = [[Fraction(int(i == j)) for j in range(len(keys))] for i in range(len(keys))]
        rhs = [[Fraction(0)] * n for _ in keys]
        for i, k in enumerate(keys):
            for p, child in _children(rules, seen[k]):
                if child.phase == O.OVER:
                    assert child.old_maid >= 0, "no deal here runs to the cap on draws"
                    rhs[i][child.old_maid] += p
                elif _key(child) in local:
                    rows[i][local[_key(child)]] -= p
                else:
                    rhs[i] = [a + p * b for a, b in zip(rhs[i], value[_key(child)], strict=True)]
        for k, v in zip(keys, _solve(rows, rhs), strict=True):
            value[k] = v
    total = [Fraction(0)] * n
    for s in starts:
        v = (
            [Fraction(int(q == s.old_maid)) for q in range(n)]
            if s.phase == O.OVER
            else value[_key(s)]
        )
        total = [t + b / len(starts) for t, b in zip(total, v, strict=True)]
    return total, starts


def _holder_state(rules: Any, s: Any) -> tuple[tuple[int, ...], int]:
    """The chain's state of a game state: counts by holder set, the odd card's holders."""
    chain = S.SeatChain(rules.num_players, rules.suits)
    counts = [0] * len(chain.sets)
    odd = 0
    for r in {rank_of(c) for c in cards_of(rules.pack_mask)}:
        held = sum(1 << q for q, h in enumerate(s.hands) if h & rules.rank_masks[r])
        if r == rules.odd_rank:
            odd = held
        elif held:
            counts[chain.index[held]] += 1
    return tuple(counts), odd


@pytest.mark.parametrize(
    ("players", "ranks", "suits"), [(2, 3, 4), (3, 2, 4), (3, 3, 2), (4, 2, 4)]
)
def test_the_chain_is_the_games_own_chance_on_small_packs(
    players: int, ranks: int, suits: int
) -> None:
    """Every deal of a small pack dealt and paired by the game's rules, every draw followed
    card by card: the deal's distribution over holder sets is exactly the programme's, and
    each seat's chance is the chain's within its stated bound. Four players on K Q of four
    suits: the K can be held by all four hands, the Queens by three."""
    exact, starts = _brute_force(players, ranks, suits)
    assert sum(exact) == 1
    rules = _rules(players, ranks, suits)
    dealt: dict[tuple[tuple[int, ...], int], Fraction] = {}
    for s in starts:
        key = _holder_state(rules, s)
        dealt[key] = dealt.get(key, Fraction(0)) + Fraction(1, len(starts))
    assert S.deal_distribution(players, ranks, suits, exact=True) == dealt
    got = S.exact_seats(players, ranks, suits)
    assert got.bound < 1e-12
    assert got.chances == pytest.approx([float(x) for x in exact], abs=1e-12)
    assert len(set(exact)) > 1, "the seats differ: the test can tell them apart"


def test_four_handed_deal_programme_sums_to_one_in_floats() -> None:
    """The float programme (used four-handed) is the exact one on a pack it can do both ways."""
    exact = S.deal_distribution(4, 3, 4, exact=True)
    floats = S.deal_distribution(4, 3, 4, exact=False)
    assert exact.keys() == floats.keys()
    assert all(abs(float(exact[k]) - floats[k]) < 1e-15 for k in exact)
    assert sum(exact.values()) == 1


def test_the_general_chain_two_handed_is_the_solution_in_fractions() -> None:
    seat0, seat1 = S.two_handed_exact()
    got = S.exact_seats(2)
    assert got.chances == pytest.approx([float(seat0), float(seat1)], abs=1e-15)
    assert got.bound < 1e-12


def test_three_handed_exact_agrees_with_the_game_played() -> None:
    """The full pack three-handed: the exact chance of each seat lies inside the 99.9% Wilson
    interval of 400 seeded deals played through the game (the full table runs more)."""
    exact = S.exact_seats(3)
    assert exact.bound < 1e-12
    assert sum(exact.chances) == pytest.approx(1.0, abs=1e-12)
    deals = 400
    count = S.simulate(3, deals, seed=7)
    for q in range(3):
        lo, hi = S.interval(count[q], deals, z=3.2905)
        assert lo <= exact.chances[q] <= hi, (q, count, exact.chances)


def test_a_small_pack_simulated_agrees_with_the_chain() -> None:
    """Three players on K Q J 10 of four suits, 3,000 seeded deals through the game: the
    chain's chances inside the 99.9% intervals (tight enough to tell the seats apart)."""
    exact = S.exact_seats(3, ranks=4, suits=4)
    deals = 3000
    count = S.simulate(3, deals, seed=3, ranks=4)
    for q in range(3):
        lo, hi = S.interval(count[q], deals, z=3.2905)
        assert lo <= exact.chances[q] <= hi, (q, count, exact.chances)


def test_odd_suits_are_refused() -> None:
    with pytest.raises(ValueError, match="odd number of suits"):
        S.SeatChain(3, 3)
