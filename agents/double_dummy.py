"""An exact double-dummy solver for the play of the cards, shared by the trick-taking games.

*Double dummy*: every hand is known to every player. Given the hands, who leads, the cards
already on the table in the current trick, a :class:`~hoyle.envs.core.tricks.TrickRules`, the
players' sides and a :class:`Scoring`, the solver returns side 0's score **from here on** under
optimal play by both sides (side 0 maximises, every other side minimises side 0's score): the
number of tricks side 0 wins, or its card points plus the bonus for the last trick. It is the
world searcher of PIMC for the trick games and the oracle of the hint experiments ("joker, both
bowers and two more are four tricks certain").

Method (the classical one, on int bitmasks; it runs compiled by numba when numba is installed,
see *Compiled core* below, and in plain Python otherwise):

* **zero-window alpha-beta by bisection**: :meth:`DoubleDummy.solve` asks "is the value at least
  b?" of a fail-soft alpha-beta, b halving the interval still open, until the bounds meet
  (the table keeps each answer's bounds for the next pass). Measured on 3 x 10 Calabrasella
  deals before the other speed-ups below: 2.9 s mean against 4.3 s for one full-window search
  (MTD(f) from the middle is close to bisection).
* **transposition table** between tricks only (the score from a trick boundary on depends on
  nothing else), keyed by the leader and, per suit, the holders (and points) of the cards still
  out in power order: only the relative order of what is left matters, so positions reached by
  playing different cards share an entry (the "relative ranks" of bridge solvers); it keeps a
  lower and an upper bound and the best lead found, tried first next time. In front of it a
  second dict maps the exact cards (leader and hands) to the same entry, which spares
  building the relative key when a position comes back (every pass of the bisection meets the
  same positions again): about 1.3 exact keys per entry, 18% less time. A new entry starts from
  the quick bound below. The tables live as long as the solver object: reuse one
  :class:`DoubleDummy` for many solves of one deal, a fresh one (or :meth:`clear`) for a new
  deal if memory matters (about 500 bytes per entry, the exact-cards keys included).
* **equivalent cards**: cards of one effective suit that are adjacent in power among the cards
  still out (in the hands or on the table) and count the same points are interchangeable; only
  one of them is searched. Free, master and no-suit cards (the no-trump Joker, Quint Royal)
  are never grouped.
* **move ordering**: the leader tries the table's best lead, then high cards first; a follower
  whose side is winning the trick plays low, one whose side is losing tries the lowest card that
  wins, then the lowest cards; at no trumps a follower who is not the last to play tries first
  the lowest card that beats everything the players still to come hold in the suit led (10%
  fewer nodes at 3 x 10, 2% at 3 x 12, with deals both ways).
* **quick bounds**: side 0 cannot score less than 0 or more than what is left; and at a trick
  boundary the leader's side surely takes what the leader can cash without losing the lead:
  his master cards and, in every suit he may safely lead (at no trumps each suit, unless a
  master card is out against him; with trumps the trump suit, and the other suits once his top
  trumps outnumber each opponent's trumps), the top cards still out that he holds; every card
  played to those tricks is his side's, and each follower must give at least min(times led,
  his length) cards of each suit cashed, the rest of his cards to them at his choice: the
  cheapest such set counts. At no trumps he may then lead his cheapest card of a suit in which
  his partner holds the best card out, and the partner cashes his own best cards in the suits
  not cashed (when he has enough other cards to keep them). All tricks sure: everything left.
  The bound is computed once per table entry (it depends only on the position), and is a lower
  bound for a leader of side 0, an upper one (what is left less it) for the others.
* **the trick completed in its last card's loop**: scoring it there and going on from the
  winner's lead saves one Python call per trick (30% of the time).

Compiled core (:mod:`hoyle.agents._dd_numba`, the ``hoyle[fast]`` extra: ``pip install numba``):
the same search, card for card: the same candidates in the same order, the same quick bound,
the same relative-ranks key. Only the data differ: 64-bit masks, the rules as small numpy
tables, an explicit stack instead of recursion (numba cannot cache a recursive function,
numba issue #6061), and for the table an open-addressing hash of the packed key (five 64-bit
words) in preallocated arrays, from :attr:`DoubleDummy.TABLE_START` slots, doubled (and
rehashed) whenever it is 3/4 full, up to :attr:`DoubleDummy.TABLE_MAX` (about 200 MB; beyond,
an entry whose probe run is full overwrites another, from the oldest solve and with the fewest
cards left first: work lost, never a wrong bound). With no entry lost the two searches visit
exactly the same nodes, which the tests check on every game. :class:`DoubleDummy` picks the compiled core by itself for every position of plain
cards; the positions it does not take stay in Python: ascending suit power (Quinto), a
free, master or no-suit card still in play (Five Hundred's no-trump Joker, Quint Royal),
more than four players. ``HOYLE_NO_NUMBA=1`` (or ``DoubleDummy(..., compiled=False)``)
forces the Python search; ``compiled=True`` demands numba. The machine code is compiled on
the first solve after numba is installed or the core changes (about 14 CPU seconds) and
cached next to the module (``cache=True``); later processes load it in 0.6 to 1.1 s on their
first solve.

Tried and not kept (measured on the same 3 x 10 Calabrasella deals, by nodes, since the
machine was loaded): a history heuristic (cutoff counts per player and card) for the leads
(+9% nodes) and for the followers (+87%); solving small endings (3 cards each) with a full
window so that their exact values serve every later window (+20%; 4 cards: doubled; 2 cards:
no change); no table entry for the two-trick endings (+50%); a first zero-window test at the
previous solve's value and its neighbour, then bisection (``play_values`` over sibling
positions: -1% to +12%; with the exact value known, the two tests from a cold table save 0
to 45%, so a better guess could not win much); the leader's winners first, then his low cards
(-15% on one seed, +37% on another); a follower whose partner is winning plays low unless he
is the last to play (+1%). With the compiled core: :meth:`play_values` solving the position
first, then each card within [0, its value] (or [its value, max]): the same time on 3 x 10
and 3 x 12 deals (-3% to +1.5% nodes); a table capped at 2**20 slots (51 MB) instead of
2**22: the hard PIMC world in the measurements below took 105 CPU seconds instead of 41.

ASSUMPTIONS and limits:

* A led card of no suit that is a *master* (Five Hundred's no-trump Joker, RULES.md §18.1): the
  leader names the suit; the solver tries every suit that still has cards out. A led card of no
  suit that is not a master (Quint Royal, §19.4): the next card played fixes the suit.
* Five Hundred's no-trump Joker (§18.1; to the solver, any free master card of no suit at no
  trumps) played, not led, to a suit its holder has renounced has no winning value, and its
  leader may not name a suit he renounced (any, if he renounced all four). The solver keeps a
  4-bit mask of renounced suits per player: the caller's ``renounced`` (what the table knows
  so far; empty = none), the cards on the table, and every renounce made inside the search (a
  card that is neither of the suit led nor free). The mask of the Joker's holder is part of the
  transposition key while the Joker is out. With trumps the Joker is the best trump and the
  masks change nothing.
* Calabrasella (§3.4): the 35 points are 32 in the counting cards plus 3 for the last trick; the
  4-card stock also goes to the winner of the last trick. With all hands known the caller knows
  the stock too: :func:`calabrasella_scoring` takes the stock's counting cards into the bonus.

Example: two cards each, no trumps, side 0 is player 0 alone::

    >>> from hoyle.envs.core.cards import mask_of, parse_cards
    >>> from hoyle.envs.games.calabrasella import calabrasella_tricks
    >>> hands = [mask_of(parse_cards(t)) for t in ("♠3 ♥4", "♠A ♥K", "♠4 ♥5")]
    >>> dd = DoubleDummy(calabrasella_tricks(), sides=(0, 1, 1))
    >>> dd.solve(hands, leader=0)
    1

Benchmark (seconds per full solve from the first lead, random deals, one core; ``--cards N``
deals N cards each instead of the full deal; ``--python`` runs the Python search; the first
compiled call, which loads or compiles the machine code, is timed apart)::

    python -m hoyle.agents.double_dummy --game five_hundred --deals 20 --seed 1
    python -m hoyle.agents.double_dummy --game calabrasella --deals 10 --seed 1
    python -m hoyle.agents.double_dummy --game calabrasella --deals 10 --seed 1 --cards 10 --python

Measured (2026-12-01, numba 0.68.1, on a two-core machine shared with other jobs, load 3 to 7:
wall times are inflated and noisy, so the paths are compared by CPU seconds and node counts,
on the same deals):

* Five Hundred, 3 x 10 cards, hearts trumps, tricks of player 0 alone who leads, 20 deals of
  seed 1, 629 thousand nodes in all on both paths: Python 4.0 CPU seconds in all (mean 0.20,
  median 0.08, max 1.18); compiled 0.15 (mean 0.007, median 0.004, max 0.044).
* Calabrasella, card points with the last trick and stock, 3 x 10 cards, the first 10 deals
  of seed 1, 2.41 million nodes on both paths: Python 18.6 CPU seconds (mean 1.86, max 4.6);
  compiled 0.67 (mean 0.07, max 0.18): 3.6 million nodes a second against 130 thousand,
  about 28 times faster.
* Calabrasella, a full 3 x 12 deal from the first lead, the first 10 deals of seed 1,
  compiled, CPU seconds (million nodes): 6.8 (20.3), 1.8 (6.2), 0.53 (2.3), 0.21 (0.7),
  4.6 (15.2), 0.02 (0.06), 0.19 (0.7), 3.3 (10.4), 1.0 (3.6), 0.01 (0.02): **median 0.77 s,
  mean 1.85 s, max 6.8 s**. The Python search on the first 8 of these deals (measured before
  the compiled core, same nodes): 141, 42, 15, 5.5, 101, 0.5, 6.5, 73 CPU seconds, median
  28 s, max 141 s. The aim of issue 5 (a full deal in about 1 to 2 s median, under about 15 s
  at most) is reached with the compiled core, not in Python.
* Inside search: PIMC with the double-dummy searcher on every card (``pimc:dd=12``) at
  Calabrasella, 5 worlds a move (PIMC's default is 20: four times these), against two
  heuristic players, CPU seconds per PIMC move over 4 deals: the first lead (12 cards each)
  mean 27, max 64 (most worlds take 0.4 to 2.5 s; one hard world 40 s: ``play_values``
  solves each of the 12 cards, 131 million nodes, 4.1 million table entries); 11 cards
  each mean 3.4, max 9.7; 10 cards mean 3.0, max 5.7; 9 cards 0.4; 8 or fewer 0.06 or
  less. ``hoyle match calabrasella --agents pimc:dd=12,worlds=5,heuristic --deals 4 --seed 1``:
  12 games in 94 s wall, 54 CPU seconds, 0.9 GB resident at most (PIMC keeps one solver per
  sides and last-trick bonus, and each table grows as its hardest world needs).
* First call in a process: 0.6 to 1.1 s (import numba, load the cached machine code); the
  first ever, or after the core changes: about 14 CPU seconds to compile.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from hoyle.envs.core.cards import NUM_SUITS, CardId, CardMask, cards_of
from hoyle.envs.core.tricks import (
    NO_SUIT,
    NO_TRUMP,
    TrickRules,
    legal_plays,
    suit_order,
    trick_points,
)
from hoyle.envs.games.calabrasella import CALABRASELLA_POINTS

_COMPILED: ModuleType | bool | None = False  # False: not tried yet


def compiled_core() -> ModuleType | None:
    """The numba core (:mod:`hoyle.agents._dd_numba`), or ``None`` when numba is not installed
    or ``HOYLE_NO_NUMBA=1`` is set (then every solve runs in Python)."""
    if os.environ.get("HOYLE_NO_NUMBA", "") not in ("", "0"):
        return None
    return _load_core()


def _load_core() -> ModuleType | None:
    global _COMPILED
    if _COMPILED is False:
        try:
            from hoyle.agents import _dd_numba
        except ImportError:
            _COMPILED = None
        else:
            _COMPILED = _dd_numba
    return _COMPILED if isinstance(_COMPILED, ModuleType) else None


_MASTER_KEY = 1 << 20
_POWERLESS_KEY = -2
_INF = 1 << 30


@dataclass(frozen=True)
class Scoring:
    """What side 0 scores: one per trick (``points is None``), or the counting values of the
    cards in its tricks (a per-card-id table) plus ``last_trick`` for winning the last trick."""

    points: tuple[int, ...] | None = None
    last_trick: int = 0


TRICKS = Scoring()
"""Score = the number of tricks side 0 wins."""


def calabrasella_scoring(stock: CardMask = 0) -> Scoring:
    """§3.4: Ace 3; 3 2 K Q J 1; last trick 3, plus the stock's counting cards (the stock goes
    to the side that wins the last trick)."""
    bonus = 3 + trick_points(stock, CALABRASELLA_POINTS)
    return Scoring(points=CALABRASELLA_POINTS, last_trick=bonus)


class DoubleDummy:
    """The solver for one game's trick rules, sides and scoring (see the module docstring).

    ``sides[p]`` is player ``p``'s side; side 0 is the one whose score is returned and that
    maximises. The number of players is ``len(sides)``.
    """

    TABLE_START = 1 << 16
    """Slots of the compiled transposition table when it is first made."""
    TABLE_MAX = 1 << 22
    """Slots it may grow to (49 bytes each: about 200 MB; it grows only as a search needs);
    beyond, entries are overwritten. Measured on the hardest position met in PIMC worlds (a
    12-card Calabrasella first lead whose play_values needs 4.1 million entries): 41 CPU
    seconds at 2**22 slots, 69 at 2**21, 105 at 2**20. The hardest full deal of the benchmark
    (1.35 million entries) needs 6% more nodes at 2**20 than at 2**21, 50% more at 2**19."""

    def __init__(
        self,
        rules: TrickRules,
        sides: Sequence[int],
        scoring: Scoring = TRICKS,
        compiled: bool | None = None,
    ) -> None:
        """``compiled``: use the numba core where the position allows it (``None``: when numba
        is installed and ``HOYLE_NO_NUMBA`` is not set; ``False``: never; ``True``: require
        numba, an ``ImportError`` otherwise)."""
        self.rules = rules
        self.n = len(sides)
        if self.n < 2:
            raise ValueError("a trick needs two or more players")
        self.max_side = tuple(s == 0 for s in sides)
        self.scoring = scoring
        self.pts: tuple[int, ...] = scoring.points or tuple(0 for _ in rules.suit)
        self.by_points = scoring.points is not None
        self.last = scoring.last_trick
        self.suit: tuple[int, ...] = rules.suit
        self.power: tuple[int, ...] = rules.power
        self.trump: int = rules.trump
        self.master: int = rules.master
        self.suit_power = rules.suit_power
        no_suit = 0
        for c, s in enumerate(rules.suit):
            if s == NO_SUIT:
                no_suit |= 1 << c
        self.special = rules.free | rules.master | rules.lead_last_only | no_suit
        # Cards that lose their power played (not led) to a suit their holder renounced: the
        # no-trump Joker of Five Hundred (§18.1), a free master of no suit.
        self.fragile = rules.free & rules.master & no_suit if rules.trump == NO_TRUMP else 0
        self._ren: list[int] = [0] * self.n
        self.no_suit = no_suit
        self._suit_codes: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.order = tuple(tuple(suit_order(rules, s)) for s in range(NUM_SUITS))
        self.tt: dict[tuple[object, ...], list[int]] = {}
        self.tt_abs: dict[tuple[int, ...], list[int]] = {}
        self._tops: dict[int, int] = {}  # the cards of a suit still out -> the best of them
        self.quick = rules.suit_power is None and not rules.lead_last_only
        self.nodes = 0
        self._hands: list[int] = []
        self._rem = 0
        self._trick: list[int] = []
        core = compiled_core() if compiled is not False else None
        if compiled and core is None:
            raise ImportError("the compiled double-dummy core needs numba (pip install numba)")
        self._compiled = core is not None  # (the module itself is not kept: solvers pickle)
        # The compiled table overwrites the entries of older solves first (other worlds).
        self._epoch = 0
        self._hold_epoch = False
        self._nb: dict[str, Any] | None = None  # the compiled core's arrays, made on first use

    def uses_compiled(self) -> bool:
        """Whether this solver's plain positions go to the numba core (see :meth:`_compiles`)."""
        return self._compiled

    def table_entries(self) -> int:
        """Positions held in the transposition table (the compiled one, or the Python dict)."""
        if self._nb is not None and self._nb["ok"]:
            return int(self._nb["st"][2]) + len(self.tt)
        return len(self.tt)

    def clear(self) -> None:
        """Forget the transposition table (a new deal)."""
        self.tt.clear()
        self.tt_abs.clear()
        if self._nb is not None:
            self._nb["tkeys"][:] = 0
            self._nb["st"][2] = 0

    # --- public API ---------------------------------------------------------------------------

    def solve(
        self,
        hands: Sequence[CardMask],
        leader: int,
        table: Sequence[CardId] = (),
        led_suit: int = NO_SUIT,
        renounced: Sequence[int] = (),
    ) -> int:
        """Side 0's score from here on (the current trick included) under optimal play.

        ``hands[p]``: player ``p``'s cards; ``leader``: who led (or leads) the current trick;
        ``table``: the cards played to it so far in order (it may be complete: the trick is
        then scored and play goes on from its winner's lead); ``led_suit``: the suit named for a
        led card of no suit (the no-trump Joker), otherwise derived from the table;
        ``renounced[p]``: a 4-bit mask of the suits player ``p`` has renounced so far (empty:
        none known; the cards on the table are taken into account either way), which makes a
        no-trump Joker played to such a suit powerless (see the module docstring).
        """
        if not self._hold_epoch:
            self._epoch += 1  # (one per solve, one per play_values)
        self._setup(hands, leader, table, renounced)
        led, best_i, best_key, tpts = self._trick_state(leader, table, led_suit)
        lo, hi = 0, self._max_value(len(table), tpts)
        k = len(table)
        if self._compiled and self._compiles(table):
            return self._solve_compiled(leader, k, led, best_i, best_key, tpts, lo, hi)
        while lo < hi:
            # Zero-window test "is the value >= b?", b halving the interval still open.
            b = (lo + hi + 1) // 2
            g = self._node(leader, k, led, best_i, best_key, tpts, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        return lo

    def play_values(
        self,
        hands: Sequence[CardMask],
        leader: int,
        table: Sequence[CardId] = (),
        led_suit: int = NO_SUIT,
        renounced: Sequence[int] = (),
    ) -> dict[CardId, int]:
        """The value (side 0's score from here on) after each legal card of the player to move.

        A led master card of no suit (the no-trump Joker) is valued with the best suit named
        for its player.
        """
        n = self.n
        if len(table) >= n:
            raise ValueError("the trick on the table is already complete")
        p = (leader + len(table)) % n
        self._setup(hands, leader, table, renounced)
        ren = tuple(self._ren)
        led, _, _, _ = self._trick_state(leader, table, led_suit)
        hand = hands[p]
        legal = hand if table and led == NO_SUIT else legal_plays(hand, led, self.rules)
        out: dict[CardId, int] = {}
        maximise = self.max_side[p]
        self._epoch += 1
        self._hold_epoch = True
        try:
            self._card_values(hands, leader, table, led_suit, ren, p, legal, maximise, out)
        finally:
            self._hold_epoch = False
        return out

    def _card_values(
        self,
        hands: Sequence[CardMask],
        leader: int,
        table: Sequence[CardId],
        led_suit: int,
        ren: Sequence[int],
        p: int,
        m: int,
        maximise: bool,
        out: dict[CardId, int],
    ) -> None:
        """:meth:`play_values`' loop: the value after each card of ``m`` (all in one epoch)."""
        hand = hands[p]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            rest = list(hands)
            rest[p] = hand & ~low
            if not table and (low & self.master) and self.suit[c] == NO_SUIT:
                vals = [
                    self.solve(rest, leader, (c,), s, ren)
                    for s in self._nameable(rest, low, ren[p])
                ]
                out[c] = max(vals) if maximise else min(vals)
            else:
                out[c] = self.solve(rest, leader, (*table, c), led_suit, ren)

    def best_play(
        self,
        hands: Sequence[CardMask],
        leader: int,
        table: Sequence[CardId] = (),
        led_suit: int = NO_SUIT,
        renounced: Sequence[int] = (),
    ) -> tuple[CardId, int]:
        """A best card for the player to move and the position's value (lowest card id on ties)."""
        vals = self.play_values(hands, leader, table, led_suit, renounced)
        p = (leader + len(table)) % self.n
        if self.max_side[p]:
            best = max(vals.values())
        else:
            best = min(vals.values())
        return min(c for c, v in vals.items() if v == best), best

    # --- the compiled path ----------------------------------------------------------------------

    def _compiles(self, table: Sequence[CardId]) -> bool:
        """Whether the numba core can search this position: plain trick rules (no ascending
        suit power, no card led last only), at most four players, and no free, master or
        no-suit card left in the hands or on the table."""
        if self._nb is None:
            self._nb = self._nb_tables()
        if not self._nb["ok"]:
            return False
        cards = 0
        for h in self._hands:
            cards |= h
        for c in table:
            cards |= 1 << c
        return not cards & self.special

    def _nb_tables(self) -> dict[str, Any]:
        """The rules as the numba core's arrays, and its transposition table."""
        import numpy as np

        core = _load_core()
        assert core is not None
        rules = self.rules
        order_len = [len(o) for o in self.order]
        ok = (
            rules.suit_power is None
            and not rules.lead_last_only
            and self.n <= 4
            and max(order_len) <= 16
            and len(rules.suit) <= 63
        )
        if not ok:
            return {"ok": False}
        values = sorted(set(self.pts))
        pbits = max(0, (len(values) - 1).bit_length())
        key_bits = sum(order_len) * (2 + pbits)
        relative = key_bits <= 64 * (core.KEY_WORDS - 1)
        cfg = np.zeros(core.CFG_SIZE, np.int64)
        cfg[core.CFG_N] = self.n
        cfg[core.CFG_TRUMP] = self.trump
        cfg[core.CFG_BYPTS] = int(self.by_points)
        cfg[core.CFG_LAST] = self.last
        cfg[core.CFG_MUST] = int(rules.must_trump)
        cfg[core.CFG_REL] = int(relative)
        cfg[core.CFG_PBITS] = pbits
        order = np.zeros((NUM_SUITS, 16), np.int64)
        for s, o in enumerate(self.order):
            order[s, : len(o)] = o
        size = self.TABLE_START
        cfg[core.CFG_TMASK] = size - 1
        cfg[core.CFG_GROW] = self._grow_at(size)
        plies = 64 + 2
        return {
            "ok": True,
            "cfg": cfg,
            "maxside": np.array([int(x) for x in self.max_side], np.int64),
            "suit": np.array(rules.suit + (-1,) * (64 - len(rules.suit)), np.int64),
            "power": np.array(rules.power + (-1,) * (64 - len(rules.power)), np.int64),
            "pts": np.array(self.pts + (0,) * (64 - len(self.pts)), np.int64),
            "smask": np.array(rules.suit_masks, np.int64),
            "order": order,
            "olen": np.array(order_len, np.int64),
            "pclass": np.array(
                [values.index(x) for x in self.pts] + [0] * (64 - len(self.pts)), np.int64
            ),
            "st": np.zeros(3, np.int64),
            "cbuf": np.zeros((plies, core.MAX_CANDS), np.int64),
            "kbuf": np.zeros((plies, core.KEY_WORDS), np.int64),
            "frames": np.zeros((plies, core.NUM_FIELDS), np.int64),
            **self._nb_table(size),
        }

    def _nb_table(self, size: int) -> dict[str, Any]:
        import numpy as np

        return {
            "tkeys": np.zeros((size, 5), np.int64),
            "tlo": np.zeros(size, np.int32),
            "thi": np.zeros(size, np.int32),
            "tmeta": np.zeros(size, np.int64),
        }

    def _grow_at(self, size: int) -> int:
        """Entries at which a compiled search stops for a larger table (none at the largest)."""
        return size * 3 // 4 if size < self.TABLE_MAX else 1 << 62

    def _grow(self) -> None:
        """Double the compiled table (rehashing what it holds) while it is over half full."""
        nb = self._nb
        core = _load_core()
        assert nb is not None and core is not None
        size = nb["tkeys"].shape[0]
        if nb["st"][2] * 2 <= size or size >= self.TABLE_MAX:
            return
        while nb["st"][2] * 2 > size and size < self.TABLE_MAX:
            size *= 2
        nb["cfg"][core.CFG_GROW] = self._grow_at(size)
        new = self._nb_table(size)
        core.rehash(
            nb["tkeys"], nb["tlo"], nb["thi"], nb["tmeta"],
            new["tkeys"], new["tlo"], new["thi"], new["tmeta"], nb["st"],
        )  # fmt: skip
        nb.update(new)
        nb["cfg"][core.CFG_TMASK] = size - 1

    def _solve_compiled(
        self, leader: int, k: int, led: int, best_i: int, best_key: int, tpts: int, lo: int, hi: int
    ) -> int:
        """:meth:`solve`'s bisection over the numba core's zero-window searches."""
        import numpy as np

        nb = self._nb
        core = _load_core()
        assert nb is not None and core is not None
        st = nb["st"]
        st[0] = 0
        nb["cfg"][core.CFG_EPOCH] = self._epoch
        base = 0
        if k == self.n:
            # The trick is complete: score it, then search on from its winner's lead.
            st[0] += 1
            winner = (leader + best_i) % self.n
            last = not self._hands[0]
            if self.max_side[winner]:
                base = tpts + self.last * last if self.by_points else 1
            if last:
                self.nodes += int(st[0])
                return base
            leader, k, led, best_i, best_key, tpts = winner, 0, NO_SUIT, 0, -_INF, 0
            lo, hi = 0, hi - base
        try:
            while lo < hi:
                # Zero-window test "is the value >= b?", b halving the interval still open.
                b = (lo + hi + 1) // 2
                hands = np.array(self._hands, np.int64)
                # One slot per ply from the root's trick on (the core's note at ``search``).
                trick = np.zeros(k + nb["frames"].shape[0], np.int64)
                trick[:k] = self._trick[:k]
                st[1] = self._rem
                g = core.search(
                    leader, k, led, best_i, best_key, tpts, b - 1, b, hands, trick, st,
                    nb["cfg"], nb["maxside"], nb["suit"], nb["power"], nb["pts"], nb["smask"],
                    nb["order"], nb["olen"], nb["pclass"], nb["tkeys"], nb["tlo"], nb["thi"],
                    nb["tmeta"], nb["cbuf"], nb["kbuf"], nb["frames"],
                )  # fmt: skip
                if g == core.ABORT:
                    self._grow()  # then the same test again, on a larger table
                    continue
                if g < b:
                    hi = g
                else:
                    lo = g
                self._grow()
        finally:
            self.nodes += int(st[0])
        return base + lo

    # --- the search ---------------------------------------------------------------------------

    def _setup(
        self,
        hands: Sequence[CardMask],
        leader: int,
        table: Sequence[CardId],
        renounced: Sequence[int] = (),
    ) -> None:
        if len(hands) != self.n:
            raise ValueError(f"expected {self.n} hands, got {len(hands)}")
        if len(table) > self.n:
            raise ValueError("more cards on the table than players")
        sizes = [
            hands[(leader + i) % self.n].bit_count() + (1 if i < len(table) else 0)
            for i in range(self.n)
        ]
        if len(set(sizes)) != 1:
            raise ValueError(f"hands and table do not make whole tricks: {sizes}")
        self._hands = list(hands)
        rem = 0
        for h in hands:
            while h:
                low = h & -h
                rem += self.pts[low.bit_length() - 1]
                h ^= low
        self._rem = rem  # the points still in the hands, kept as cards are played
        self._trick = [0] * self.n
        for i, c in enumerate(table):
            self._trick[i] = c
        if renounced and len(renounced) != self.n:
            raise ValueError(f"expected {self.n} renounce masks, got {len(renounced)}")
        self._ren = [int(r) for r in renounced] if renounced else [0] * self.n

    def _sure(self, leader: int, rem: int) -> int:
        """What the leader's side surely takes from here on: the leader cashes his master cards
        and, in each suit he may safely lead, the top cards still out that he holds. Every card
        played to those tricks is his side's: each follower plays one to each, at least
        min(times led, his length) of each suit cashed; at least the cheapest such set (the
        rest of the play adds nothing). All the leader's cards sure: all that is left (``rem``).
        """
        hands = self._hands
        n = self.n
        h = hands[leader]
        side = self.max_side[leader]
        master = self.master
        opp = 0
        allc = 0
        for q in range(n):
            allc |= hands[q]
            if self.max_side[q] != side:
                opp |= hands[q]
        if (allc ^ h) & master:
            return 0  # a master card out against the leader: nothing is sure
        pts = self.pts
        masks = self.rules.suit_masks
        special = self.special
        mine = h & master
        tricks: int = mine.bit_count()
        total: int = 0
        m = mine
        while m:
            low = m & -m
            total += pts[low.bit_length() - 1]
            m ^= low
        trump = self.trump
        suits: Sequence[int] = range(NUM_SUITS)
        if trump != NO_TRUMP:
            # Trumps first; the other suits only once the opponents can no longer ruff.
            suits = [trump]
        cashed: list[tuple[int, int]] = []  # (suit mask, tricks cashed in it)
        tops = self._tops
        s_i = 0
        while s_i < len(suits):
            s = suits[s_i]
            s_i += 1
            j = 0
            out_s = allc & masks[s]
            top = tops.get(out_s)
            if top is None:
                top = tops[out_s] = next((c for c in self.order[s] if (out_s >> c) & 1), -1)
            if top >= 0 and (h >> top) & 1:
                for c in self.order[s]:
                    b = 1 << c
                    if not b & allc:
                        continue
                    if not b & h or b & special:
                        break
                    j += 1
                    total += pts[c]
            if s == trump:
                ms = masks[s]
                longest = 0
                for q in range(n):
                    if self.max_side[q] != side:
                        longest = max(longest, (hands[q] & ms).bit_count())
                if j >= longest:
                    suits = [trump, *(x for x in range(NUM_SUITS) if x != trump)]
            if j:
                tricks += j
                cashed.append((masks[s], j))
        j1 = tricks
        if trump == NO_TRUMP and j1 < h.bit_count() - 1:
            cross, cross_pts = self._cross(leader, allc, cashed, j1, tops)
            tricks += cross
            total += cross_pts
        if tricks >= h.bit_count():
            return rem
        if not self.by_points:
            return tricks
        if cashed:
            # Every card played to these tricks is the leader's side's: each follower plays
            # one to each, at least min(j, his length) of each suit cashed j times (the
            # cheapest of them), the rest the cheapest of what he has left.
            free = self.rules.free
            for q in range(n):
                hq = hands[q]
                if q == leader or hq & free:
                    continue
                forced = 0
                used = 0
                for ms, j in cashed:
                    f = hq & ms
                    if not f:
                        continue
                    cards = []
                    while f:
                        low = f & -f
                        cards.append((pts[low.bit_length() - 1], low))
                        f ^= low
                    cards.sort()
                    take = min(j, len(cards))
                    forced += take
                    for x, low in cards[:take]:
                        total += x
                        used |= low
                left = j1 - forced
                if left > 0:
                    rest = hq & ~used
                    vals = []
                    while rest:
                        low = rest & -rest
                        vals.append(pts[low.bit_length() - 1])
                        rest ^= low
                    vals.sort()
                    total += sum(vals[:left])
        return total

    def _cross(
        self, leader: int, allc: int, cashed: list[tuple[int, int]], j1: int, tops: dict[int, int]
    ) -> tuple[int, int]:
        """At no trumps, after the leader's own cashes (``j1`` tricks in the suits ``cashed``):
        the tricks and points his side surely adds by leading his cheapest card of a suit in
        which his partner holds the best card still out, and then the partner's own best cards
        in the suits not cashed. The partner keeps those through the cashes when he has
        enough other cards to play to them; otherwise only the crossing trick counts."""
        hands = self._hands
        n = self.n
        h = hands[leader]
        side = self.max_side[leader]
        masks = self.rules.suit_masks
        pts = self.pts
        special = self.special
        done = 0
        for ms, _ in cashed:
            done |= ms
        best = (0, 0)
        for r in range(n):
            if r == leader or self.max_side[r] != side:
                continue
            hr = hands[r]
            for s in range(NUM_SUITS):
                ms = masks[s]
                if ms & done or not h & ms & ~special:
                    continue
                top = tops.get(allc & ms)
                if top is None:
                    out_s = allc & ms
                    top = tops[out_s] = next((c for c in self.order[s] if (out_s >> c) & 1), -1)
                if top < 0 or not (hr >> top) & 1 or (1 << top) & special:
                    continue
                low = min(pts[c] for c in cards_of(h & ms & ~special))
                tricks, total = 1, low + pts[top]
                # The partner's best cards: in this suit after his top, and in the others
                # not cashed; kept through the cashes only if he has enough else to play.
                more, more_pts = 0, 0
                for t in range(NUM_SUITS):
                    mt = masks[t]
                    if mt & done:
                        continue
                    first = True
                    for c in self.order[t]:
                        b = 1 << c
                        if not b & allc:
                            continue
                        if t == s and first:
                            first = False
                            continue  # the crossing card itself
                        first = False
                        if not b & hr or b & special:
                            break
                        more += 1
                        more_pts += pts[c]
                if hr.bit_count() - 1 - more >= j1:
                    tricks += more
                    total += more_pts
                if (total, tricks) > (best[1], best[0]):
                    best = (tricks, total)
        return best

    def _key(self, c: int, led: int) -> int:
        if (1 << c) & self.master:
            return _MASTER_KEY
        s = self.suit[c]
        sp = self.suit_power
        if sp is not None:
            return -1 if s == NO_SUIT or self.power[c] < 0 else sp[s] * 1000 + self.power[c]
        if (s == self.trump and s != NO_TRUMP) or (s == led and s != NO_SUIT):
            return self.power[c]
        return -1

    def _trick_state(
        self, leader: int, table: Sequence[CardId], led_suit: int
    ) -> tuple[int, int, int, int]:
        led = led_suit
        if led == NO_SUIT:
            for c in table:
                if self.suit[c] != NO_SUIT:
                    led = self.suit[c]
                    break
        best_i, best_key, tpts = 0, -_INF, 0
        ren = self._ren
        for i, c in enumerate(table):
            k = self._key(c, led)
            if i and self.fragile and led != NO_SUIT:
                q = (leader + i) % self.n
                b = 1 << c
                if b & self.fragile and (ren[q] >> led) & 1:
                    k = _POWERLESS_KEY
                elif self.suit[c] != led and not b & self.rules.free:
                    ren[q] |= 1 << led
            if k > best_key:
                best_i, best_key = i, k
            tpts += self.pts[c]
        return led, best_i, best_key, tpts

    def _max_value(self, played: int, tpts: int) -> int:
        hands = self._hands
        if not self.by_points:
            return max(h.bit_count() for h in hands) + (1 if played else 0)
        total = tpts + self.last
        pts = self.pts
        for h in hands:
            while h:
                low = h & -h
                total += pts[low.bit_length() - 1]
                h ^= low
        return total

    def _nameable(self, hands: Sequence[CardMask], exclude: int, renounced: int = 0) -> list[int]:
        """The suits worth naming for a led master of no suit: those not renounced by its
        leader (any, if he renounced all four, §18.1) that still have cards out, else one."""
        out = 0
        for h in hands:
            out |= h
        out &= ~exclude
        masks = self.rules.suit_masks
        allowed = [s for s in range(NUM_SUITS) if not (renounced >> s) & 1] or list(
            range(NUM_SUITS)
        )
        suits = [s for s in allowed if out & masks[s]]
        return suits or allowed[:1]

    def _last_trick(self, leader: int) -> int:
        hands = self._hands
        n = self.n
        pts = self.pts
        c = hands[leader].bit_length() - 1
        led = self.suit[c]
        if led == NO_SUIT:
            if (1 << c) & self.master:
                led = 0  # any named suit: the master wins whatever is named
            else:
                for i in range(1, n):
                    s = self.suit[hands[(leader + i) % n].bit_length() - 1]
                    if s != NO_SUIT:
                        led = s
                        break
        best_i, best_key, total = 0, self._key(c, led), pts[c]
        for i in range(1, n):
            q = (leader + i) % n
            c = hands[q].bit_length() - 1
            total += pts[c]
            k = self._key(c, led)
            if (1 << c) & self.fragile and (self._ren[q] >> led) & 1:
                k = _POWERLESS_KEY
            if k > best_key:
                best_i, best_key = i, k
        if not self.max_side[(leader + best_i) % n]:
            return 0
        return total + self.last if self.by_points else 1

    def _position_key(self, leader: int) -> tuple[object, ...]:
        """The transposition key between tricks: the leader and, per suit, who holds the cards
        still out in power order (and their points). Absolute ranks do not matter, only the order
        of what is left, so positions reached by playing different cards often share a key.
        Cards of no suit are keyed by their holder as they are."""
        hands = self._hands
        masks = self.rules.suit_masks
        cache = self._suit_codes
        parts: list[object] = [leader]
        for s in range(NUM_SUITS):
            ms = masks[s]
            sub = tuple([h & ms for h in hands])
            code = cache.get(sub)
            if code is None:
                code = self._encode_suit(s, sub)
                cache[sub] = code
            parts.append(code)
        if self.no_suit:
            ns = self.no_suit
            parts.extend([h & ns for h in hands])
            if self.fragile:
                # Whether a Joker still held keeps its power depends on its holder's renounces.
                for q, h in enumerate(hands):
                    if h & self.fragile:
                        parts.append(self._ren[q] | (q << 4))
        return tuple(parts)

    def _encode_suit(self, s: int, sub: tuple[int, ...]) -> tuple[int, ...]:
        code = []
        pts = self.pts
        for c in self.order[s]:
            b = 1 << c
            for i, h in enumerate(sub):
                if h & b:
                    code.append(i * 1024 + pts[c])
                    break
        return tuple(code)

    def _candidates(self, legal: int, out: int) -> list[int]:
        """One card of each class of equivalent legal cards, high to low within each suit."""
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]
        reps: list[int] = []
        special = legal & self.special
        while special:
            low = special & -special
            reps.append(low.bit_length() - 1)
            special ^= low
        m = legal & ~self.special
        if not m:
            return reps
        masks = self.rules.suit_masks
        pts = self.pts
        for s in range(NUM_SUITS):
            ms = m & masks[s]
            if not ms:
                continue
            if not ms & (ms - 1):
                reps.append(ms.bit_length() - 1)
                continue
            prev_pts = -1
            for c in self.order[s]:
                b = 1 << c
                if not b & out:
                    continue
                if b & ms:
                    if prev_pts != pts[c]:
                        reps.append(c)
                        prev_pts = pts[c]
                    ms ^= b
                    if not ms:
                        break
                else:
                    prev_pts = -1
        return reps

    def _node(
        self,
        leader: int,
        k: int,
        led: int,
        best_i: int,
        best_key: int,
        tpts: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Side 0's score from here on; ``k`` cards of the current trick are on the table."""
        self.nodes += 1
        n = self.n
        hands = self._hands
        trick = self._trick
        if k == n:
            # The trick is complete: score it, then the rest from the winner's lead.
            winner = (leader + best_i) % n
            last = hands[0] == 0
            if self.by_points:
                v = tpts + (self.last if last else 0)
            else:
                v = 1
            if not self.max_side[winner]:
                v = 0
            if last:
                return v
            return v + self._node(winner, 0, NO_SUIT, 0, -_INF, 0, alpha - v, beta - v)

        p = (leader + k) % n
        hand = hands[p]
        maximise = self.max_side[p]
        pts = self.pts
        by_points = self.by_points
        tt_entry: list[int] | None = None
        key: tuple[object, ...] = ()
        a0, b0 = alpha, beta
        if k == 0 and not hand & (hand - 1):
            # The last trick: every card is forced.
            return self._last_trick(leader)
        if k == 0:
            # Quick bounds, then the transposition table.
            if self.by_points:
                rem = self.last + self._rem
            else:
                rem = hand.bit_count()
            if beta <= 0:
                return 0
            if alpha >= rem:
                return rem
            # The exact cards first (every pass of the bisection meets the same positions
            # again), then the key by relative ranks (another path to an equivalent position).
            if self.fragile:
                abs_key: tuple[int, ...] = (leader, *hands, *self._ren)
            else:
                abs_key = (leader, *hands)
            tt_entry = self.tt_abs.get(abs_key)
            if tt_entry is None:
                key = self._position_key(leader)
                tt_entry = self.tt.get(key)
                if tt_entry is not None:
                    self.tt_abs[abs_key] = tt_entry
            if tt_entry is None:
                # A new entry starts from the quick bound, computed once per position.
                tt_entry = [0, rem, -1]
                if self.quick:
                    sure = self._sure(leader, rem)
                    if maximise:
                        tt_entry[0] = sure
                    else:
                        tt_entry[1] = rem - sure
                self.tt[key] = self.tt_abs[abs_key] = tt_entry
            lo, hi = tt_entry[0], tt_entry[1]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            legal = legal_plays(hand, NO_SUIT, self.rules)
        elif led == NO_SUIT:
            legal = hand
        else:
            legal = legal_plays(hand, led, self.rules)

        out = 0
        for i in range(k):
            out |= 1 << trick[i]
        for h in hands:
            out |= h
        cands = self._candidates(legal, out)
        if len(cands) > 1:
            cands = self._order(cands, k, leader, led, best_i, best_key, maximise, tt_entry)

        best = -_INF if maximise else _INF
        best_move = cands[0]
        for c in cands:
            b = 1 << c
            hands[p] = hand ^ b
            trick[k] = c
            self._rem -= pts[c]
            if k == 0:
                if b & self.master and self.suit[c] == NO_SUIT:
                    v = -_INF if maximise else _INF
                    for s in self._nameable(hands, 0, self._ren[p]):
                        w = self._node(leader, 1, s, 0, _MASTER_KEY, pts[c], alpha, beta)
                        if (w > v) if maximise else (w < v):
                            v = w
                        if (v >= beta) if maximise else (v <= alpha):
                            break
                else:
                    led_c = self.suit[c]
                    v = self._node(leader, 1, led_c, 0, self._key(c, led_c), pts[c], alpha, beta)
            else:
                new_led = led if led != NO_SUIT else self.suit[c]
                ck = self._key(c, new_led)
                ren_p = -1
                if self.fragile and led != NO_SUIT:
                    ren_p = self._ren[p]
                    if b & self.fragile:
                        if (ren_p >> led) & 1:
                            ck = _POWERLESS_KEY
                    elif self.suit[c] != led and not b & self.rules.free:
                        self._ren[p] = ren_p | 1 << led
                if k + 1 == n:
                    # The trick is complete: score it here, then the rest from the winner's
                    # lead (one call fewer per trick).
                    self.nodes += 1
                    winner = (leader + (k if ck > best_key else best_i)) % n
                    if hands[0]:
                        # The next trick's search writes its cards over this one's, which
                        # the nodes of this trick still to come read (the cards out): kept.
                        done = trick[:]
                        if self.max_side[winner]:
                            t = tpts + pts[c] if by_points else 1
                            v = t + self._node(winner, 0, NO_SUIT, 0, -_INF, 0, alpha - t, beta - t)
                        else:
                            v = self._node(winner, 0, NO_SUIT, 0, -_INF, 0, alpha, beta)
                        trick[:] = done
                    elif self.max_side[winner]:
                        v = tpts + pts[c] + self.last if by_points else 1
                    else:
                        v = 0
                elif ck > best_key:
                    v = self._node(leader, k + 1, new_led, k, ck, tpts + pts[c], alpha, beta)
                else:
                    v = self._node(
                        leader, k + 1, new_led, best_i, best_key, tpts + pts[c], alpha, beta
                    )
                if ren_p >= 0:
                    self._ren[p] = ren_p
            hands[p] = hand
            self._rem += pts[c]
            if maximise:
                if v > best:
                    best, best_move = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best, best_move = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break

        if tt_entry is not None:
            if best <= a0:
                if best < tt_entry[1]:
                    tt_entry[1] = best
            elif best >= b0:
                if best > tt_entry[0]:
                    tt_entry[0] = best
            else:
                tt_entry[0] = tt_entry[1] = best
            tt_entry[2] = best_move
        return best

    def _order(
        self,
        cands: list[int],
        k: int,
        leader: int,
        led: int,
        best_i: int,
        best_key: int,
        maximise: bool,
        tt_entry: list[int] | None,
    ) -> list[int]:
        if k == 0:
            if tt_entry is not None and tt_entry[2] in cands:
                mv = tt_entry[2]
                return [mv, *(c for c in cands if c != mv)]
            return cands
        power = self.power
        pts = self.pts
        winner_friend = self.max_side[(leader + best_i) % self.n] == maximise
        if winner_friend:
            # Partner is winning: cheapest cards first (points discarded onto it are tried
            # after, since the scan stays complete).
            return sorted(cands, key=lambda c: (-pts[c], power[c]))
        winners = []
        losers = []
        for c in cands:
            if self._key(c, led if led != NO_SUIT else self.suit[c]) > best_key:
                winners.append(c)
            else:
                losers.append(c)
        winners.sort(key=lambda c: power[c])
        losers.sort(key=lambda c: (pts[c], power[c]))
        if len(winners) > 1 and k < self.n - 1 and self.trump == NO_TRUMP and led != NO_SUIT:
            # Not the last to play: the lowest winner the players still to come cannot beat
            # (if they hold no master) first.
            later = 0
            for i in range(k + 1, self.n):
                later |= self._hands[(leader + i) % self.n]
            if not later & self.master:
                threat = -_INF
                m = later & self.rules.suit_masks[led]
                while m:
                    low = m & -m
                    x = power[low.bit_length() - 1]
                    if x > threat:
                        threat = x
                    m ^= low
                for i, c in enumerate(winners):
                    if power[c] > threat:
                        if i:
                            winners.insert(0, winners.pop(i))
                        break
        return winners + losers


# --- benchmark --------------------------------------------------------------------------------


def _deal(pack: list[int], n: int, size: int, rng: random.Random) -> tuple[list[int], int]:
    cards = pack[:]
    rng.shuffle(cards)
    hands = []
    for p in range(n):
        m = 0
        for c in cards[p * size : (p + 1) * size]:
            m |= 1 << c
        hands.append(m)
    rest = 0
    for c in cards[n * size :]:
        rest |= 1 << c
    return hands, rest


def benchmark(
    game: str, deals: int, seed: int, cards: int = 0, compiled: bool | None = None
) -> list[float]:
    """Seconds per full solve from the first lead over ``deals`` random deals of ``cards`` cards
    each (0: the full deal, 10 at Five Hundred, 12 at Calabrasella). Each line gives the wall
    and the CPU seconds (the CPU time is the steadier on a loaded machine) and the nodes.
    ``compiled``: as :class:`DoubleDummy`'s (``False``: the Python search)."""
    from hoyle.envs.core.cards import HEARTS, PIQUET_32_JOKER, SPANISH_40
    from hoyle.envs.games.calabrasella import calabrasella_tricks
    from hoyle.envs.games.five_hundred import five_hundred_tricks

    rng = random.Random(seed)
    if compiled is not False and compiled_core() is not None:
        # The first compiled solve loads the machine code from numba's cache (or compiles it,
        # the first time after an install or a change of the core): timed apart.
        t = time.perf_counter()
        cpu = time.process_time()
        warm = DoubleDummy(calabrasella_tricks(), (0, 1, 1), calabrasella_scoring())
        warm.solve([0b1, 0b10, 0b100], leader=0)
        cpu = time.process_time() - cpu
        print(f"first compiled call: {time.perf_counter() - t:.2f} s (cpu {cpu:.2f} s)")
    times = []
    for d in range(deals):
        if game == "five_hundred":
            hands, _ = _deal(list(PIQUET_32_JOKER.cards), 3, cards or 10, rng)
            dd = DoubleDummy(five_hundred_tricks(HEARTS), (0, 1, 1), compiled=compiled)
        else:
            hands, stock = _deal(list(SPANISH_40.cards), 3, cards or 12, rng)
            scoring = calabrasella_scoring(stock)
            dd = DoubleDummy(calabrasella_tricks(), (0, 1, 1), scoring, compiled=compiled)
        t = time.perf_counter()
        cpu = time.process_time()
        v = dd.solve(hands, leader=0)
        times.append(time.perf_counter() - t)
        cpu = time.process_time() - cpu
        print(
            f"deal {d}: value {v}  {times[-1]:.3f} s  (cpu {cpu:.3f} s)  {dd.nodes} nodes  "
            f"{dd.table_entries()} tt"
        )
    path = "compiled" if dd.uses_compiled() else "python"
    print(
        f"{game} ({path}): {deals} deals  mean {statistics.mean(times):.3f} s  "
        f"median {statistics.median(times):.3f} s  max {max(times):.3f} s"
    )
    return times


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", choices=("five_hundred", "calabrasella"), default="five_hundred")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", type=int, default=0, help="cards per hand (0: the full deal)")
    ap.add_argument("--python", action="store_true", help="the Python search, not the compiled")
    args = ap.parse_args(argv)
    benchmark(args.game, args.deals, args.seed, args.cards, False if args.python else None)


if __name__ == "__main__":
    main()
