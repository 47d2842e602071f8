"""The compiled double-dummy core (numba) against the Python search and the brute force.

The compiled search is the Python one on other data structures: same candidates, same order,
same table keys. So besides the values, the node counts must agree exactly whenever the table
loses no entry, which catches a port that is right by luck on the values alone.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from hoyle.agents import double_dummy as D
from hoyle.agents.double_dummy import TRICKS, DoubleDummy, Scoring, calabrasella_scoring
from hoyle.envs.core import cards as C
from hoyle.envs.core import tricks as T
from hoyle.envs.games.calabrasella import calabrasella_tricks
from hoyle.envs.games.five_hundred import five_hundred_tricks
from tests.agents.test_double_dummy import RULES_CASES, _small_deal, full_pack, minimax

pytest.importorskip("numba", reason="numba is not installed: the compiled core is optional")
if D.compiled_core() is None:
    pytest.skip("HOYLE_NO_NUMBA is set: the compiled core is off", allow_module_level=True)

SIDES = [(0, 1, 1), (1, 0, 1), (0, 1, 0)]


def _pair(
    rules: T.TrickRules, sides: tuple[int, ...], scoring: Scoring
) -> tuple[DoubleDummy, DoubleDummy]:
    return DoubleDummy(rules, sides, scoring, compiled=False), DoubleDummy(
        rules, sides, scoring, compiled=True
    )


def _scoring(kind: str, pack: C.Pack, hands: list[int], rng: random.Random) -> Scoring:
    if kind != "points":
        return TRICKS
    held = 0
    for h in hands:
        held |= h
    return calabrasella_scoring(
        C.mask_of(rng.sample([c for c in pack.cards if not (held >> c) & 1], 2))
    )


@pytest.mark.parametrize(
    ("name", "rules", "pack", "kind"), RULES_CASES, ids=[c[0] for c in RULES_CASES]
)
def test_compiled_equals_python_and_brute_force_on_small_deals(
    name: str, rules: T.TrickRules, pack: C.Pack, kind: str
) -> None:
    """Random deals of 3 or 4 cards each of every game, from each leader: the compiled solver,
    the Python solver and the brute force give one value; where the compiled core takes the
    position (plain cards only) the two searches visit the same number of nodes."""
    rng = random.Random(sum(map(ord, name)) + 99)
    compiled_runs = 0
    for trial in range(12):
        size = 3 + trial % 2
        force = C.JOKER if C.JOKER in pack.cards and trial % 4 == 0 else -1
        hands = _small_deal(pack, size, rng, force)
        sides = SIDES[trial % 3]
        scoring = _scoring(kind, pack, hands, rng)
        leader = trial % 3
        py, nb = _pair(rules, sides, scoring)
        want = minimax(hands, leader, rules, sides, scoring)
        assert py.solve(hands, leader) == want
        assert nb.solve(hands, leader) == want, (name, trial, [C.format_cards(h) for h in hands])
        special = any(h & nb.special for h in hands)
        if nb._nb is not None and nb._nb["ok"] and not special:
            compiled_runs += 1
            assert nb.nodes == py.nodes, (name, trial)
        # Mid-trick: every card of the leader, then the values of the next player's cards.
        assert nb.play_values(hands, leader) == py.play_values(hands, leader)
    if name not in ("ascending", "500-no-trump"):
        assert compiled_runs >= 8  # the deals without the Joker ran on the compiled core


def test_compiled_positions_with_cards_on_the_table() -> None:
    """One, two and all three cards of a trick on the table (the complete trick is scored and
    the search goes on from its winner), at Calabrasella points and at Five Hundred's trumps."""
    rng = random.Random(7)
    cases = [
        (calabrasella_tricks(), C.SPANISH_40, "points"),
        (five_hundred_tricks(C.DIAMONDS), C.PIQUET_32_JOKER, "tricks"),
    ]
    for rules, pack, kind in cases:
        for trial in range(6):
            hands = _small_deal(pack, 4, rng)
            sides = SIDES[trial % 3]
            scoring = _scoring(kind, pack, hands, rng)
            leader = trial % 3
            table: list[int] = []
            rest = list(hands)
            for i in range(3):
                p = (leader + i) % 3
                led = rules.suit[table[0]] if table else T.NO_SUIT
                legal = C.cards_of(T.legal_plays(rest[p], led, rules))
                c = rng.choice(legal)
                rest[p] &= ~(1 << c)
                table.append(c)
                want = minimax(rest, leader, rules, sides, scoring, tuple(table))
                py, nb = _pair(rules, sides, scoring)
                assert py.solve(rest, leader, tuple(table)) == want
                assert nb.solve(rest, leader, tuple(table)) == want, (rules.name, trial, i)


def test_compiled_four_players_and_must_trump() -> None:
    """Four players two against two (the full pack at no trumps and in hearts), and trick rules with the
    obligation to trump (no game of the books has it; the core supports it): brute force."""
    rng = random.Random(3)
    must = dataclasses.replace(full_pack(C.SPADES), must_trump=True)
    for rules in (full_pack(T.NO_TRUMP), full_pack(C.HEARTS), must):
        for _ in range(3):
            cards = rng.sample(list(C.FULL_52.cards[:20]), 12)
            hands = [C.mask_of(cards[p * 3 : (p + 1) * 3]) for p in range(4)]
            sides = (0, 1, 0, 1)
            want = minimax(hands, 1, rules, sides, TRICKS)
            py, nb = _pair(rules, sides, TRICKS)
            assert nb.solve(hands, 1) == py.solve(hands, 1) == want
            assert nb.nodes == py.nodes


def test_compiled_equals_python_on_larger_deals() -> None:
    """Deals too large for the brute force: Five Hundred's full 3 x 10 (hearts trumps) and
    Calabrasella at 3 x 7 with the last trick and stock: equal values and equal node counts
    (the compiled table grows as it fills, so it loses nothing here)."""
    rng = random.Random(2026)
    for d in range(2):
        hands, _ = D._deal(list(C.PIQUET_32_JOKER.cards), 3, 10, rng)
        py, nb = _pair(five_hundred_tricks(C.HEARTS), (0, 1, 1), TRICKS)
        assert nb.solve(hands, d % 3) == py.solve(hands, d % 3)
        assert nb.nodes == py.nodes
    for d in range(3):
        hands, stock = D._deal(list(C.SPANISH_40.cards), 3, 7, rng)
        py, nb = _pair(calabrasella_tricks(), SIDES[d], calabrasella_scoring(stock))
        assert nb.solve(hands, d) == py.solve(hands, d)
        assert nb.nodes == py.nodes


def test_a_table_too_small_loses_entries_but_not_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 32-slot table that may not grow: entries are overwritten, the search does more work,
    and the values stay exact (every stored bound is true of its own key)."""
    monkeypatch.setattr(DoubleDummy, "TABLE_START", 32)
    monkeypatch.setattr(DoubleDummy, "TABLE_MAX", 32)
    rng = random.Random(9)
    more = 0
    for _ in range(3):
        hands, stock = D._deal(list(C.SPANISH_40.cards), 3, 6, rng)
        py, nb = _pair(calabrasella_tricks(), (0, 1, 1), calabrasella_scoring(stock))
        assert nb.solve(hands, 0) == py.solve(hands, 0)
        more += nb.nodes > py.nodes
        assert nb._nb is not None and nb._nb["tkeys"].shape[0] == 32
    assert more >= 2


def test_a_growing_table_keeps_what_it_knew(monkeypatch: pytest.MonkeyPatch) -> None:
    """From 64 slots the table doubles (within a pass, by stopping and searching again) and
    rehashes its entries: the value is exact and the table ends larger."""
    monkeypatch.setattr(DoubleDummy, "TABLE_START", 64)
    rng = random.Random(4)
    hands, stock = D._deal(list(C.SPANISH_40.cards), 3, 7, rng)
    py, nb = _pair(calabrasella_tricks(), (0, 1, 1), calabrasella_scoring(stock))
    assert nb.solve(hands, 0) == py.solve(hands, 0)
    assert nb._nb is not None and nb._nb["tkeys"].shape[0] > 64
    assert nb.table_entries() > 32
    # Solving again from the filled table is cheap and the same.
    before = nb.nodes
    assert nb.solve(hands, 0) == py.solve(hands, 0)
    assert nb.nodes - before < before
    nb.clear()
    assert nb.table_entries() == 0


def test_the_python_path_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOYLE_NO_NUMBA", "1")
    dd = DoubleDummy(calabrasella_tricks(), (0, 1, 1))
    assert not dd.uses_compiled()
    hands = [C.mask_of(C.parse_cards(t)) for t in ("♠3 ♥4", "♠A ♥K", "♠4 ♥5")]
    assert dd.solve(hands, 0) == 1 and dd.table_entries() == len(dd.tt)
    with pytest.raises(ImportError):
        DoubleDummy(calabrasella_tricks(), (0, 1, 1), compiled=True)
    monkeypatch.delenv("HOYLE_NO_NUMBA")
    assert DoubleDummy(calabrasella_tricks(), (0, 1, 1)).uses_compiled()
    assert not DoubleDummy(calabrasella_tricks(), (0, 1, 1), compiled=False).uses_compiled()


def test_a_compiled_solver_pickles_with_its_table() -> None:
    """Search bots are copied to worker processes: a solver pickles, table and all."""
    rng = random.Random(12)
    hands, stock = D._deal(list(C.SPANISH_40.cards), 3, 5, rng)
    dd = DoubleDummy(calabrasella_tricks(), (0, 1, 1), calabrasella_scoring(stock))
    value = dd.solve(hands, 0)
    copy = pickle.loads(pickle.dumps(dd))
    assert copy.uses_compiled() and copy.table_entries() == dd.table_entries() > 0
    assert copy.solve(hands, 0) == value


def test_a_full_probe_run_overwrites_the_oldest_entry() -> None:
    """On a 16-slot table (one probe run) full of entries from epochs 1 to 16, a new key takes
    the slot of epoch 1 (a previous solve's, such as another PIMC world's), keeps the rest; in
    one epoch, the slot of the entry with the fewest cards left."""
    import numpy as np

    core = D.compiled_core()
    assert core is not None
    size = 16
    tkeys = np.zeros((size, core.KEY_WORDS), np.int64)
    tlo = np.zeros(size, np.int32)
    thi = np.zeros(size, np.int32)
    tmeta = np.zeros(size, np.int64)
    st = np.zeros(3, np.int64)
    epochs = [5, 9, 1, 14, 2, 7, 16, 3, 11, 4, 8, 6, 13, 10, 15, 12]
    for i, e in enumerate(epochs):
        kw = np.array([i + 1, 0, 0, 0, core._VALID], np.int64)
        core._store(kw, 0, 30, e << 16 | (3 << 8), tkeys, tlo, thi, tmeta, st, size - 1)
    assert st[2] == size and sorted(tmeta >> 16) == list(range(1, 17))
    oldest = int(np.argmin(tmeta))
    new = np.array([99, 0, 0, 0, core._VALID], np.int64)
    core._store(new, 3, 4, (17 << 16) | (3 << 8) | 6, tkeys, tlo, thi, tmeta, st, size - 1)
    assert list(tkeys[oldest]) == list(new) and (tlo[oldest], thi[oldest]) == (3, 4)
    assert sorted(tmeta >> 16) == list(range(2, 18)) and st[2] == size
    assert core._probe(new, tkeys, tmeta, size - 1) == oldest
    # Within one epoch, the entry with the fewest cards left goes first.
    tmeta[:] = (20 << 16) | (5 << 8)
    tmeta[7] = (20 << 16) | (2 << 8)
    other = np.array([98, 0, 0, 0, core._VALID], np.int64)
    core._store(other, 1, 1, (20 << 16) | (4 << 8), tkeys, tlo, thi, tmeta, st, size - 1)
    assert list(tkeys[7]) == list(other)
