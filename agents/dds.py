"""DDS (Bo Haglund's double-dummy solver) through the ``endplay`` package, as an outside oracle.

The project's own solver (:mod:`hoyle.agents.double_dummy`) solves every trick game of the
books; DDS solves one kind only, bridge-style play, and is the reference every bridge program
is held to. This module binds the two worlds so that DDS can (1) check the own solver on the
positions both can read (``tests/agents/test_dds.py``) and (2) stand in for it in PIMC
(``pimc:dd=N,solver=dds``) where the rules are the ones DDS knows.

**Which positions** (:func:`refusal` says why not, in one line): four players in two
partnerships (the seats in playing order 0 and 2 against 1 and 3), tricks counted, and the
*standard* trick rules: the 52-card pack, A K Q ... 2 in every suit, follow suit if able and
otherwise any card, one trump suit above the rest or none. No Jokers, top trumps (Solo's
Spadilla), free or master cards, ascending suit power, compulsory trumping. DDS plays any
subset of the pack, so hands of any size (the same for every seat, less the cards already on
the table) are fine.

**What it returns**: the tricks the side of the player *to move* takes from here on, the
current trick included, under best play by all: :func:`solve` (the position's value) and
:func:`play_values` (the value after each legal card). That is DDS's own convention
(``futureTricks.score``), and the one PIMC asks for (the mover's side is the side that
maximises); :class:`~hoyle.agents.double_dummy.DoubleDummy` gives the same numbers with
``sides`` making the mover's partnership side 0.

**The mapping** (DDS's encoding, ``endplay._dds``'s docstring):

* seats: the project's seat index in playing order ``p`` (0-3, the ``CardPlay`` order,
  clockwise as the cards go round) is DDS hand ``p``: 0 North, 1 East, 2 South, 3 West. Only
  the order matters: North is followed by East, South, West, and N-S play against E-W.
* suits: the project's suits ♠ ♥ ♦ ♣ are 0 1 2 3 (:mod:`hoyle.envs.core.cards`), and so are
  DDS's; no trumps is ``NO_TRUMP`` (-1) here or ``None``, DDS denomination 4.
* ranks: the project's rank index ``r`` (A=0, 2=1, ..., 10=9, J=10, Q=11, K=12) is DDS rank
  ``r + 1`` for 2 to K and 14 for the Ace; a DDS holding has bit ``rank`` set (2 = bit 2, ...,
  A = bit 14), the project's suit mask bit ``r``: :func:`_holding` and :func:`_cards` convert.
* the trick: DDS's ``first`` is the leader of the current trick and ``currentTrickSuit/Rank``
  the cards played to it in order (at most three); the hands exclude those cards, as here.

The binding fills DDS's ``deal`` struct through ``endplay._dds`` (endplay's documented ctypes
layer, which raises ``DDSError`` on every DDS error code) rather than going through
``endplay.types.Deal`` and ``endplay.dds.solve_board``: the hands are bitmasks already, and at
5 cards a hand :func:`play_values` takes 27 µs in all against about 90 µs for a ``Deal`` from
a PBN string (38 µs) and ``solve_board`` with its endplay cards (50 µs), before converting
those cards back.

**Speed** beside the own solver: µs per full solve (the value) from a trick's start, random
four-handed deals and a random denomination (no trumps or a suit), the same positions for
both, a fresh own solver per position (as for a new deal); 2026-12-01, one core of a 2-core
machine, numba 0.68.1, endplay 0.5.12::

    python -m hoyle.agents.dds --bench --sizes 5,8 --positions 50 --python
    python -m hoyle.agents.dds --bench --sizes 13 --positions 20

    cards a hand   DDS mean (median)    own, numba mean (median)     own, Python mean (median)
     5                  301 (251)               503 (270)                 2,748 (2,746)
     8                  590 (419)             6,975 (4,244)             144,895 (92,699)
    13               20,039 (12,788)      7,555,721 (2,769,774)         not run (minutes)

At 13 cards the own compiled solver's worst of the 20 took 57 s, DDS's 0.12 s. Inside PIMC
(Vint, ``pimc:worlds=10,dd=13``, one move each from three random deals): with DDS 12 to 73
worlds a second at 13 cards, 350 to 450 at 10, 1,100 to 1,300 at 8, 1,300 to 2,300 at 5;
with the own solver 3 to 6 at 10 cards, 95 to 150 at 8, 1,550 to 1,650 at 5 (the small
positions cost both about the same; the own solver's benefit is that it plays every game).

**Agreement**: the differential test (``tests/agents/test_dds.py``) and its larger run
(``python tests/agents/test_dds.py``: 2,000 3-card and 2,000 5-card positions with every
card's value, 20,000 4-card and 10,000 5-card values, 1,000 8-card positions with every
card's value, 200 10-card and 100 13-card values, at a trick's start and with one to three
cards on the table, every denomination): the two agree on every position. They did not
before: DDS found a bug of the own solver (a trick's cards lost from the cards out while
later tricks were searched, about one value in a thousand off by a trick), fixed with it.

Install: ``pip install 'hoyle[dds]'`` (endplay's wheels bundle DDS). Without it
:func:`available` is false and every solve raises one line saying so.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from hoyle.envs.core.cards import (
    NUM_RANKS,
    NUM_SUITS,
    SUIT_MASKS,
    SUIT_NAMES,
    CardId,
    CardMask,
    format_cards,
    mask_of,
)
from hoyle.envs.core.tricks import (
    ACE_HIGH_RANKS,
    NO_TRUMP,
    CardPlay,
    TrickRules,
    build_tricks,
    suit_order,
)

INSTALL_HINT = "DDS needs the endplay package: pip install 'hoyle[dds]'"
"""The one line raised when DDS is asked for and endplay cannot be imported."""

NUM_SEATS = 4
_NT = 4  # DDS's no-trump denomination
_SOLVE_ALL = 3  # SolveBoard ``solutions``: every legal card with its score
_SOLVE_ONE = 1  # one best card with the position's score
_ALWAYS_SEARCH = 1  # SolveBoard ``mode``: search even a forced card (mode 0 scores it -2)
_DDS_RANK = (14, *range(2, 14))  # the project's rank index -> DDS's rank (A=14, 2=2, K=13)

_LIB: Any = None  # endplay._dds once loaded; False if it cannot be


def available() -> bool:
    """Whether DDS can be used: ``endplay`` imports and its bundled library loads."""
    return _load() is not None


def _load() -> Any:
    global _LIB
    if _LIB is None:
        try:
            _LIB = importlib.import_module("endplay._dds")
        except (ImportError, OSError, RuntimeError):
            # (endplay raises RuntimeError when its shared library does not load.)
            _LIB = False
    return _LIB or None


def require() -> Any:
    """endplay's DDS layer, or an ``ImportError`` of one line saying how to install it."""
    lib = _load()
    if lib is None:
        raise ImportError(INSTALL_HINT)
    return lib


# --- which rules ------------------------------------------------------------------------------

_VERDICTS: dict[int, tuple[TrickRules, str | None]] = {}


def refusal(rules: TrickRules) -> str | None:
    """Why DDS cannot play tricks by ``rules`` (one line), or ``None`` when it can: the
    standard rules of the module docstring. Checked once per rules object."""
    known = _VERDICTS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    verdict = _refusal(rules)
    if len(_VERDICTS) >= 256:
        _VERDICTS.clear()  # (games keep one rules object per trump: this is a safeguard)
    _VERDICTS[id(rules)] = (rules, verdict)
    return verdict


def _refusal(rules: TrickRules) -> str | None:
    what = f"DDS plays only the standard trick rules (52 cards, A high, follow suit, one trump suit or none); {rules.name}"
    if rules.suit_power is not None:
        return f"{what} ranks the suits against one another"
    extras = rules.free | rules.master | rules.lead_last_only | rules.fragile
    if extras:
        return f"{what} has special cards ({format_cards(extras)})"
    if rules.must_trump:
        return f"{what} obliges a player void in the suit led to trump"
    if not (rules.trump == NO_TRUMP or 0 <= rules.trump < NUM_SUITS):
        return f"{what} has trump {rules.trump}"
    std = build_tricks("standard", ACE_HIGH_RANKS, rules.trump)
    for s in range(NUM_SUITS):
        if suit_order(rules, s) != suit_order(std, s):
            return f"{what} ranks {SUIT_NAMES[s]} {format_cards(suit_order(rules, s))}"
    if rules.trump != NO_TRUMP:
        trumps = SUIT_MASKS[rules.trump]
        low_trump = min(rules.power[c] for c in range(52) if trumps >> c & 1)
        high_plain = max(rules.power[c] for c in range(52) if not trumps >> c & 1)
        if low_trump <= high_plain:
            return f"{what} does not rank its trumps above the plain suits"
    return None


def play_refusal(play: CardPlay) -> str | None:
    """Why DDS cannot solve this card play (one line), or ``None``: :func:`refusal` of its
    rules, and four seats in two partnerships (0 and 2 against 1 and 3), counting tricks."""
    why = refusal(play.tricks)
    if why is not None:
        return why
    if len(play.seats) != NUM_SEATS:
        return f"DDS plays four hands; this card play has {len(play.seats)}"
    s = play.sides
    if len(s) == NUM_SEATS and not (s[0] == s[2] != s[1] == s[3]):
        return f"DDS plays two partnerships (seats 0 and 2 against 1 and 3); the sides are {s}"
    if play.points is not None or play.last_trick:
        return "DDS counts tricks; this card play counts card points"
    return None


# --- the position in DDS's terms ---------------------------------------------------------------


def _holding(hand: CardMask, suit: int) -> int:
    """The DDS holding (bit 2 = the 2, ..., bit 14 = the Ace) of ``hand``'s cards of ``suit``."""
    bits = (hand >> (suit * NUM_RANKS)) & ((1 << NUM_RANKS) - 1)
    return ((bits & ~1) << 1) | ((bits & 1) << 14)


def _cards(suit: int, holding: int) -> CardMask:
    """The project's card mask of a DDS holding in ``suit`` (the inverse of :func:`_holding`)."""
    bits = ((holding >> 1) & 0x1FFE) | ((holding >> 14) & 1)
    return bits << (suit * NUM_RANKS)


def _deal(
    lib: Any, hands: Sequence[CardMask], trump: int | None, leader: int, table: Sequence[CardId]
) -> Any:
    """DDS's ``deal`` struct of the position (see the module docstring for the mapping)."""
    if not 0 <= leader < NUM_SEATS:
        raise ValueError(f"the leader must be a seat 0-3; got {leader}")
    d = lib.deal()
    d.trump = _NT if trump is None or trump == NO_TRUMP else trump
    d.first = leader
    for i in range(3):
        c = table[i] if i < len(table) else -1
        d.currentTrickSuit[i] = c // NUM_RANKS if c >= 0 else 0
        d.currentTrickRank[i] = _DDS_RANK[c % NUM_RANKS] if c >= 0 else 0
    for p, hand in enumerate(hands):
        for s in range(NUM_SUITS):
            d.remainCards[p][s] = _holding(hand, s)
    return d


def _future(
    lib: Any,
    hands: Sequence[CardMask],
    trump: int | None,
    leader: int,
    table: Sequence[CardId],
    solutions: int,
) -> Any:
    """DDS's ``futureTricks`` for the position, after checking what DDS would misread."""
    if len(table) >= NUM_SEATS:
        raise ValueError("the trick on the table is complete: solve from its winner's lead")
    if len(hands) != NUM_SEATS:
        raise ValueError(f"DDS plays four hands; got {len(hands)}")
    if any(c >= 52 for c in table) or any(h >> 52 for h in hands):
        raise ValueError("DDS plays the 52-card pack: no Jokers")
    if any(c < 0 for c in table):
        raise ValueError("a card on the table is not a card")
    mover = (leader + len(table)) % NUM_SEATS
    if not hands[mover]:
        raise ValueError(f"seat {mover} is to play and holds no card")
    fut = lib.futureTricks()
    lib.SolveBoard(_deal(lib, hands, trump, leader, table), -1, solutions, _ALWAYS_SEARCH, fut, 0)
    return fut


def solve(
    hands: Sequence[CardMask],
    trump: int | None,
    leader: int,
    table: Sequence[CardId] = (),
) -> int:
    """The tricks the side of the player to move takes from here on (the current trick
    included) under best play by all, by DDS.

    ``hands[p]``: seat ``p``'s cards (playing order, 0 and 2 partners); ``trump``: a suit 0-3,
    or ``NO_TRUMP``/``None``; ``leader``: who led (or leads) the current trick; ``table``: the
    cards played to it so far, in order (0 to 3; they are no longer in the hands). The player
    to move is ``(leader + len(table)) % 4``.
    """
    lib = require()
    fut = _future(lib, hands, trump, leader, table, _SOLVE_ONE)
    return int(fut.score[0])


def play_values(
    hands: Sequence[CardMask],
    trump: int | None,
    leader: int,
    table: Sequence[CardId] = (),
) -> dict[CardId, int]:
    """Each legal card of the player to move, with the tricks his side takes from here on (the
    current trick included) after playing it, by DDS (arguments as :func:`solve`)."""
    lib = require()
    fut = _future(lib, hands, trump, leader, table, _SOLVE_ALL)
    out: dict[CardId, int] = {}
    for i in range(fut.cards):
        m = _cards(fut.suit[i], (1 << fut.rank[i]) | fut.equals[i])
        score = int(fut.score[i])
        while m:
            low = m & -m
            out[low.bit_length() - 1] = score
            m ^= low
    return out


def card_play_values(play: CardPlay) -> dict[CardId, int]:
    """:func:`play_values` of a game's card play (refused in one line where DDS does not
    apply: :func:`play_refusal`); the values are the mover's side's tricks."""
    why = play_refusal(play)
    if why is not None:
        raise ValueError(why)
    return play_values(play.hands, play.tricks.trump, play.leader, play.table)


# --- benchmark ----------------------------------------------------------------------------------


def random_position(rng: random.Random, size: int) -> tuple[list[CardMask], int, int]:
    """Four random hands of ``size`` cards from the 52, a trump (``NO_TRUMP`` or a suit) and
    a leader: a position at a trick's start."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [mask_of(cards[p * size : (p + 1) * size]) for p in range(NUM_SEATS)]
    return hands, rng.choice((NO_TRUMP, 0, 1, 2, 3)), rng.randrange(NUM_SEATS)


def benchmark(sizes: Sequence[int], positions: int, seed: int, python: bool) -> None:
    """Mean and median µs per full solve (the value only) by DDS and the own solver (compiled
    when numba is there, and with ``python`` the Python search too) on the same positions."""
    from hoyle.agents.double_dummy import DoubleDummy, compiled_core

    require()
    paths: list[tuple[str, bool | None]] = []
    if compiled_core() is not None:
        paths.append(("own (numba)", True))
        # The first compiled solve loads (or compiles) the machine code: not timed.
        DoubleDummy(build_tricks("w", ACE_HIGH_RANKS, NO_TRUMP), (0, 1, 0, 1)).solve(
            [1, 2, 4, 8], 0
        )
    if python or compiled_core() is None:
        paths.append(("own (python)", False))
    for size in sizes:
        rng = random.Random(seed * 1000 + size)
        cases = [random_position(rng, size) for _ in range(positions)]
        times: dict[str, list[float]] = {"dds": []}
        for hands, trump, leader in cases:
            t = time.perf_counter()
            v = solve(hands, trump, leader)
            times["dds"].append(time.perf_counter() - t)
            rules = build_tricks("standard", ACE_HIGH_RANKS, trump)
            sides = tuple(0 if (q - leader) % 2 == 0 else 1 for q in range(NUM_SEATS))
            for name, compiled in paths:
                dd = DoubleDummy(rules, sides, compiled=compiled)
                t = time.perf_counter()
                w = dd.solve(hands, leader)
                times.setdefault(name, []).append(time.perf_counter() - t)
                if v != w:
                    raise AssertionError(f"DDS {v} and {name} {w} differ on {hands} {trump}")
        for name, ts in times.items():
            print(
                f"{size:2d} cards: {name:13s} mean {statistics.mean(ts) * 1e6:10.0f} µs  "
                f"median {statistics.median(ts) * 1e6:10.0f} µs  max {max(ts) * 1e6:10.0f} µs"
                f"  ({len(ts)} positions)"
            )


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--bench", action="store_true", help="time DDS beside the own solver")
    ap.add_argument("--sizes", default="13,8,5", help="cards per hand, comma-separated")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--python", action="store_true", help="the own solver's Python search too")
    args = ap.parse_args(argv)
    if not args.bench:
        print("DDS available" if available() else INSTALL_HINT)
        return
    benchmark([int(x) for x in args.sizes.split(",")], args.positions, args.seed, args.python)


if __name__ == "__main__":
    main()


__all__ = [
    "INSTALL_HINT",
    "available",
    "card_play_values",
    "play_refusal",
    "play_values",
    "random_position",
    "refusal",
    "require",
    "solve",
]
