"""Serpent Poker Patience, as Hoyle's Games Modernized (Hoffmann) gives it (RULES.md §20.2).

Source: *Hoyle's Games Modernized*, "SERPENT POKER PATIENCE" (Bergholt's problem); RULES.md
§20.2 and §20.4.2; the book's wording (``shared/seeds``) is the authority.

The game
--------
Twenty-five cards are dealt face up, in a fixed order known before play. They are laid one by
one into a 5x5 square, each card **orthogonally next to the card laid just before it** (never
diagonally): the cards trace a "rook's path" that covers the square, starting and ending
anywhere. The ten lines (five rows, five columns) are scored as in Poker Patience
(:mod:`hoyle.envs.games.poker_patience`, whose scoring this module imports); the return is the
total. A perfect-information puzzle: the book sets a deal and claims its "correct solution"
(81 points); :mod:`hoyle.agents.serpent` solves any deal exactly.

ASSUMPTIONS
-----------
1. *The first card* lies at the centre of the 9x9 frame, cell (4, 4), placed by the rules:
   where the path starts matters only through the shape of the path, which the later moves
   choose (every path is a translation of one drawn from the centre).
2. *Completable moves only*: a move is legal only if the path can still be completed to cover
   a 5x5 square. The square's 5x5 directed Hamiltonian paths (8,648 of them, as strings of
   directions, translation-free) are enumerated once, lazily; a move is legal iff the
   directions so far, plus this one, are a prefix of one of them. So no layout is ever stuck,
   and every finished layout is a 5x5 square.
3. *The deal*: ``deal`` names the 25 cards in order in any notation ``parse_cards`` reads
   (the book's ``D.6 S.5 C.Q ...``); ``deal=""`` (the default) has chance deal 25 cards face up
   first, each uniformly from the cards not yet dealt (25 chance nodes before the first
   decision).
4. *Aces* high or low in straights, no wrap-around (as in Poker Patience).

Parameters
----------
=======  =======  =============================================================================
name     default  meaning
=======  =======  =============================================================================
deal     ""       the 25 cards in order ("D.6 S.5 C.Q ..."), or "" to deal them by chance
scoring  english  english (the book's table) or american (Poker Squares)
=======  =======  =============================================================================

Variants: ``american`` (scoring=american). The book's problem is ``deal=BOOK_DEAL``.

Actions
-------
The action layout of Poker Patience: a decision lays the next card on a cell of the 9x9 frame,
``row * FRAME + col`` (0..80), which must be beside the last card laid, north, east, south or
west of it: "lay ♥5 north of ♦6". ``NUM_DISTINCT_ACTIONS = FRAME * FRAME``. (The design
first named the four directions as actions; but then every action is legal at the first
decision, which the wrappers' illegal-action tests need to find, and a chance outcome
(a card id) could coincide with "action ``n + 7``", which the conformance suite calls
illegal. Cells keep one layout for both games; :data:`DIRECTIONS` and :func:`direction_of`
translate.) Chance outcomes (``deal=""`` only) are card ids, "deal ♥5 face up (card 3 of 25)".

Observation tensor (perfect information: observation and information state alike)
------------------------------------------------------------------------------------
=========  ===========  ============================================================
piece      shape        meaning
=========  ===========  ============================================================
layout     (81, 17)     the frame: per cell, rank one-hot (13, A..K), suit one-hot (4)
last       (81,)        the cell of the card laid last, one-hot
deal       (25, 52)     the cards in deal order, one-hot (those dealt so far)
next       (25,)        the index in the deal of the next card to lay, one-hot
legal      (81,)        the cells where the next card may go
=========  ===========  ============================================================

Game length: 24 decisions (the first card is laid by the rules), 25 chance nodes at most.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import getitem
from typing import Any

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, format_card, format_cards, parse_cards
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import set_one_hot
from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.games.poker_patience import (
    _CELL_BITS,
    _ORDER_BITS,
    CENTRE,
    EMPTY,
    FRAME,
    FULL_PACK,
    NUM_CARDS,
    NUM_CELLS,
    NUM_LINES,
    SCORE_TABLES,
    SQUARE,
    _bits,
    _encode_frame,
    format_layout,
    layout_score,
    layout_zones,
)

NORTH, EAST, SOUTH, WEST = range(4)
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
NUM_DISTINCT_ACTIONS = NUM_CELLS
DIRECTION_NAMES = ("north", "east", "south", "west")
DIRECTION_LETTERS = "NESW"
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""(row, col) step of each direction; north is the row above."""
NUM_DEAL = SQUARE * SQUARE
NUM_HAMILTONIAN_PATHS = 8648
"""Directed rook's paths covering a 5x5 square (4,324 undirected)."""

_EMPTY_FRAME = (EMPTY,) * NUM_CELLS
_CELL_STEP = tuple(dr * FRAME + dc for dr, dc in STEP)
_SORTED_DIRECTIONS = sorted(DIRECTIONS, key=lambda d: _CELL_STEP[d])
"""Directions in the order of the cells they lead to (north, west, east, south), so that the
legal cells come out sorted."""


def direction_of(last: int, cell: int) -> int:
    """The direction from cell ``last`` to the orthogonally adjacent ``cell``; -1 if none.

    >>> DIRECTION_NAMES[direction_of(CENTRE, CENTRE - FRAME)]
    'north'
    """
    if not (0 <= last < NUM_CELLS and 0 <= cell < NUM_CELLS):
        return -1
    for d, (dr, dc) in enumerate(STEP):
        r, c = last // FRAME + dr, last % FRAME + dc
        if 0 <= r < FRAME and 0 <= c < FRAME and r * FRAME + c == cell:
            return d
    return -1


# --- the rook's paths of the square -----------------------------------------------------------


@functools.cache
def hamiltonian_paths() -> tuple[str, ...]:
    """Every directed rook's path covering the 5x5 square, as 24 direction letters (NESW),
    sorted. Translation-free: the letters fix the path's shape, which fixes its start.

    The search runs from the four corner-class starts of one colour (a path of 25 cells starts
    and ends on the majority colour, (row + col) even) and maps the paths found through the
    square's eight symmetries, pruning a step that cuts a cell off or leaves two cells that
    could only end the path: about 0.3 s once per process.

    >>> len(hamiltonian_paths())
    8648
    """
    n = SQUARE
    neighbours = []
    around = []
    for c in range(n * n):
        r, q = divmod(c, n)
        out = []
        for d, (dr, dc) in enumerate(STEP):
            if 0 <= r + dr < n and 0 <= q + dc < n:
                out.append((DIRECTION_LETTERS[d], (r + dr) * n + q + dc))
        neighbours.append(tuple(out))
        around.append(sum(1 << x for _, x in out))
    full = (1 << n * n) - 1
    found: list[str] = []

    def search(c: int, visited: int, path: str) -> None:
        if visited == full:
            found.append(path)
            return
        for d, head in neighbours[c]:
            if visited >> head & 1:
                continue
            v = visited | 1 << head
            # Leaving c seals it: each free cell beside it keeps only its other free
            # neighbours (and the head). None left: unreachable. One left: it must end the
            # path, and two cells cannot both end it.
            ends = 0
            beside = around[c] & ~v
            while beside:
                low = beside & -beside
                beside ^= low
                u = low.bit_length() - 1
                ways = (around[u] & ~v).bit_count() + (around[u] >> head & 1)
                if ways <= 1:
                    ends += 1 if ways else 2
            if ends <= 1:
                search(head, v, path + d)

    # One start in each symmetry class of the even cells: (0,0), (0,2), (1,1), (2,2).
    for start in (0, 2, n + 1, 2 * n + 2):
        search(start, 1 << start, "")
    rotate = {"N": "E", "E": "S", "S": "W", "W": "N"}
    maps = []
    for flip in (False, True):
        m = {d: ("W" if d == "E" else "E" if d == "W" else d) if flip else d for d in "NESW"}
        for _ in range(4):
            maps.append(str.maketrans(m))
            m = {d: rotate[v] for d, v in m.items()}
    paths = sorted({p.translate(m) for p in found for m in maps})
    assert len(paths) == NUM_HAMILTONIAN_PATHS, len(paths)
    return tuple(paths)


@functools.cache
def path_prefixes() -> frozenset[str]:
    """Every prefix (the empty one included) of every rook's path of the square."""
    return frozenset(p[:k] for p in hamiltonian_paths() for k in range(len(p) + 1))


def path_cells(path: str) -> list[int]:
    """The square's cells (``row * 5 + col``) a path visits, in order."""
    r = c = 0
    coords = [(0, 0)]
    for ch in path:
        dr, dc = STEP[DIRECTION_LETTERS.index(ch)]
        r, c = r + dr, c + dc
        coords.append((r, c))
    r0 = min(x for x, _ in coords)
    c0 = min(y for _, y in coords)
    return [(x - r0) * SQUARE + (y - c0) for x, y in coords]


@functools.lru_cache(maxsize=1 << 16)
def _path_bits(path: str) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]:
    """A path drawn from the centre, for the tensor's bits: the frame cells it covers in order,
    each cell's row of ``_CELL_BITS`` (its card as bits of the ``layout`` piece), and the mask
    of the cells where the next card may go (:meth:`SerpentRules.legal_actions`). A path
    extends its prefix's (cached) by one cell."""
    if path:
        cells, rows, _ = _path_bits(path[:-1])
        cell = cells[-1] + _CELL_STEP[DIRECTION_LETTERS.index(path[-1])]
        cells, rows = (*cells, cell), (*rows, _CELL_BITS[cell])
    else:
        cells, rows = (CENTRE,), (_CELL_BITS[CENTRE],)
    prefixes = path_prefixes()
    legal = 0
    for d in DIRECTIONS:
        if path + DIRECTION_LETTERS[d] in prefixes:
            legal |= 1 << (cells[-1] + _CELL_STEP[d])
    return cells, rows, legal


def is_rook_path(square: Sequence[Sequence[int]], deal: Sequence[int]) -> bool:
    """Whether a 5x5 square (rows of card ids) lays ``deal`` in order along a rook's path."""
    where = {c: (r, q) for r, row in enumerate(square) for q, c in enumerate(row)}
    if sorted(where) != sorted(deal) or len(where) != NUM_DEAL:
        return False
    return all(
        abs(where[a][0] - where[b][0]) + abs(where[a][1] - where[b][1]) == 1
        for a, b in itertools.pairwise(deal)
    )


# --- the state ----------------------------------------------------------------------------------

DEAL, PLACE, OVER = range(3)
PHASE_NAMES = ("deal", "lay", "over")


class SerpentState(PlainState):
    """``deal``: the cards in order (those dealt so far, with ``deal=""``), ``dealt`` their
    mask; ``cells``: the
    81-cell frame; ``path``: the directions taken (NESW letters); ``last``: the cell of the
    card laid last; ``phase``."""

    __slots__ = ("cells", "deal", "dealt", "last", "path", "phase")
    cells: tuple[int, ...]
    deal: tuple[int, ...]
    dealt: int
    last: int
    path: str
    phase: int


@dataclass(frozen=True)
class SerpentView:
    """Everything (perfect information): the layout, the deal, the path so far."""

    phase: int
    cells: tuple[int, ...]
    deal: tuple[int, ...]
    last: int
    path: str
    legal: tuple[int, ...]


class SerpentRules:
    """The rules of Serpent Poker Patience for one parameter set (see the module docstring)."""

    num_players = 1
    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS
    utility_sum = None
    min_utility = 0.0
    max_game_length = NUM_DEAL - 1

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.table = SCORE_TABLES[str(params["scoring"])]
        self.max_utility = float(NUM_LINES * self.table.max_hand)
        text = str(params["deal"]).strip()
        self.fixed: tuple[int, ...] = ()
        if text:
            shown = repr(text) if len(text) <= 40 else f"{text[:30]!r}... ({len(text)} characters)"
            try:
                cards = parse_cards(text)
            except ValueError as e:
                why = str(e) if len(str(e)) <= 80 else "a word there is not a card"
                raise GameParameterError(f"parameter deal={shown}: {why}") from None
            if len(cards) != NUM_DEAL or len(set(cards)) != NUM_DEAL or max(cards) >= NUM_CARDS:
                raise GameParameterError(
                    f"parameter deal={shown} must name {NUM_DEAL} different cards of one pack"
                )
            self.fixed = tuple(cards)
        self.max_chance_nodes = 0 if self.fixed else NUM_DEAL

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> SerpentState:
        s = object.__new__(SerpentState)
        s.deal = ()
        s.dealt = 0
        s.cells = _EMPTY_FRAME
        s.last = EMPTY
        s.path = ""
        s.phase = DEAL
        s.legal_cache = None
        if self.fixed:
            s.deal = self.fixed
            s.dealt = sum(1 << c for c in self.fixed)
            self._start(s)
        return s

    def _start(self, s: SerpentState) -> None:
        """Assumption 1: the first card at the centre."""
        s.cells = replace_at(_EMPTY_FRAME, CENTRE, s.deal[0])
        s.last = CENTRE
        s.phase = PLACE

    def current_player(self, s: SerpentState) -> int:
        return CHANCE if s.phase == DEAL else 0 if s.phase == PLACE else TERMINAL

    def legal_actions(self, s: SerpentState) -> list[int]:
        if s.phase != PLACE:
            return []
        prefixes = path_prefixes()
        return [
            s.last + _CELL_STEP[d]
            for d in _SORTED_DIRECTIONS
            if s.path + DIRECTION_LETTERS[d] in prefixes
        ]

    def chance_outcomes(self, s: SerpentState) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        left = _bits(FULL_PACK & ~s.dealt)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def apply_action(self, s: SerpentState, action: int) -> None:
        if s.phase == DEAL:
            s.deal = (*s.deal, action)
            s.dealt |= 1 << action
            if len(s.deal) == NUM_DEAL:
                self._start(s)
            return
        s.path += DIRECTION_LETTERS[direction_of(s.last, action)]
        s.cells = replace_at(s.cells, action, s.deal[len(s.path)])
        s.last = action
        if len(s.path) == NUM_DEAL - 1:
            s.phase = OVER

    def returns(self, s: SerpentState) -> list[float]:
        return [float(layout_score(s.cells, self.table)) if s.phase == OVER else 0.0]

    def action_to_string(self, s: SerpentState, player: int, action: int) -> str:
        if player == CHANCE or s.phase == DEAL:
            return f"deal {format_card(action)} face up (card {len(s.deal) + 1} of {NUM_DEAL})"
        if s.phase != PLACE or direction_of(s.last, action) < 0:
            return f"cell {action}"
        nxt = format_card(s.deal[len(s.path) + 1])
        where = DIRECTION_NAMES[direction_of(s.last, action)]
        return f"lay {nxt} {where} of {format_card(s.cells[s.last])}"

    def state_string(self, s: SerpentState) -> str:
        lines = [
            f"Serpent Poker Patience ({self.table.name} scoring), phase: {PHASE_NAMES[s.phase]}",
            f"deal: {format_cards(s.deal)}",
            f"path: {s.path or '(first card only)'}",
            format_layout(s.cells),
            f"score: {layout_score(s.cells, self.table)}",
        ]
        return "\n".join(lines)

    # --- information -----------------------------------------------------------------------
    def player_view(self, s: SerpentState, player: int) -> SerpentView:
        del player
        return SerpentView(
            phase=s.phase,
            cells=s.cells,
            deal=s.deal,
            last=s.last,
            path=s.path,
            legal=tuple(self.legal_actions(s)),
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        del perfect_recall  # Perfect information: the position is the whole story.
        return [
            ("layout", (NUM_CELLS, NUM_RANKS + NUM_SUITS)),
            ("last", (NUM_CELLS,)),
            ("deal", (NUM_DEAL, NUM_CARDS)),
            ("next", (NUM_DEAL,)),
            ("legal", (NUM_CELLS,)),
        ]

    def encode_view(self, view: SerpentView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        del perfect_recall
        _encode_frame(view.cells, out["layout"])
        if view.last != EMPTY:
            set_one_hot(out["last"], view.last)
        deal = out["deal"]
        for i, c in enumerate(view.deal):
            deal[i, c] = 1.0
        if view.phase == PLACE:
            set_one_hot(out["next"], len(view.path) + 1)
        legal = out["legal"]
        for d in view.legal:
            legal[d] = 1.0

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`)."""
        return offsets(self.tensor_pieces(False))

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        del perfect_recall  # Every entry is 0 or 1.
        return ()

    def tensor_bits(
        self, s: SerpentState, player: int, perfect_recall: bool
    ) -> tuple[int, tuple[float, ...]]:
        """:meth:`encode_view` of ``player_view(s, player)`` as bits
        (:mod:`hoyle.envs.core.bits`), read from the state: the conformance suite holds the two
        equal."""
        at = self._at
        b = sum(map(getitem, _ORDER_BITS, s.deal)) << at["deal"]
        if s.phase != DEAL:
            # The cards lie on the path's cells, and nowhere else; ``layout`` is the first
            # piece, unshifted.
            cells, rows, legal = _path_bits(s.path)
            b |= sum(map(getitem, rows, map(s.cells.__getitem__, cells)))
            if s.phase == PLACE:
                b |= legal << at["legal"] | 1 << (at["next"] + len(s.path) + 1)
        if s.last != EMPTY:
            b |= 1 << (at["last"] + s.last)
        return b, ()

    def view_string(self, view: SerpentView, perfect_recall: bool) -> str:
        del perfect_recall
        lines = [f"phase: {PHASE_NAMES[view.phase]}", f"deal: {format_cards(view.deal)}"]
        if view.phase != DEAL:
            lines.append(f"path: {view.path or '(first card only)'}")
            lines.append(format_layout(view.cells))
        if view.phase == PLACE:
            lines.append(f"to lay: {format_cards(view.deal[len(view.path) + 1 :])}")
        return "\n".join(lines)

    def table_view(self, s: SerpentState, player: int) -> TableView:
        """The table (``ShowsTable``), from the view: the layout as Poker Patience lays it
        out (one ``layout`` zone a place, named ``cell N``, an empty place holding no card:
        :func:`~hoyle.envs.games.poker_patience.layout_zones`), the cards dealt face up and
        not yet laid, in the order they will be laid (a ``row``), the rest of the pack
        (``hidden``); counters: the score as the layout stands, the path so far (NESW
        letters), the card laid last, the cards still to lay, the phase; the log: the cards
        dealt, then each card laid and where."""
        view = self.player_view(s, player)
        laid = len(view.path) + 1 if view.phase != DEAL else 0
        zones = layout_zones(view.cells, False, 0)
        zones.append(Zone("to lay", "row", view.deal[laid:], label="dealt face up, in order"))
        zones.append(Zone("rest of the pack", "stock", hidden=NUM_CARDS - len(view.deal)))
        counters = [
            Counter("score", layout_score(view.cells, self.table), 0),
            Counter("path", view.path),
            Counter("cards to lay", NUM_DEAL - laid),
            Counter("phase", PHASE_NAMES[view.phase]),
        ]
        if view.last != EMPTY:
            counters.append(Counter("last laid", format_card(view.cells[view.last])))
        log = [f"deal {format_card(c)} face up" for c in view.deal]
        if view.phase != DEAL:
            log.append(f"lay {format_card(view.deal[0])} first, at the centre")
            for i, d in enumerate(view.path):
                where = DIRECTION_NAMES[DIRECTION_LETTERS.index(d)]
                log.append(f"lay {format_card(view.deal[i + 1])} {where} of "
                           f"{format_card(view.deal[i])}")  # fmt: skip
        to_move = CHANCE if view.phase == DEAL else 0 if view.phase == PLACE else TERMINAL
        return TableView(player=player, to_move=to_move, zones=tuple(zones),
                         counters=tuple(counters), log=tuple(log), seats=("player",))  # fmt: skip

    def card_zones(self, s: SerpentState) -> Mapping[str, int]:
        """The layout, the cards dealt face up but not yet laid, and the rest of the pack."""
        layout = 0
        for c in s.cells:
            if c != EMPTY:
                layout |= 1 << c
        dealt = s.dealt
        return {"layout": layout, "to lay": dealt & ~layout, "rest of the pack": FULL_PACK & ~dealt}


def make_rules(params: Mapping[str, ParamValue]) -> SerpentRules:
    return SerpentRules(params)


BOOK_DEAL = (
    "D.6 S.5 C.Q D.Q H.Q H.10 C.10 H.6 C.3 H.J H.A H.5 H.8 H.K S.Q H.4 C.2 D.2 H.7 S.J "
    "S.3 H.3 D.3 S.6 H.2"
)
"""The book's problem (RULES.md §20.4.2), in the book's notation."""

GAME = register(
    GameSpec(
        short_name="serpent_poker_patience",
        title="Serpent Poker Patience",
        book=HOFFMANN,
        section="SERPENT POKER PATIENCE",
        make_rules=make_rules,
        params={
            "deal": Param(
                "",
                "the 25 cards in order in the book's notation (D.6 S.5 C.Q ...), "
                "or empty to deal them face up by chance",
            ),
            "scoring": Param(
                "english",
                "english (the book's table) or american (Poker Squares)",
                ("english", "american"),
            ),
        },
        min_players=1,
        max_players=1,
        perfect_information=True,
        constant_sum=False,
        # The book's deal is no variant: a deal without chance fails the wrappers' check that
        # a reset without a seed gives a new deal. tests/games/test_serpent_poker_patience.py
        # runs it through the checks that apply.
        variants={"american": {"scoring": "american"}},
        no_tiny="Even the book's own deal (deal=BOOK_DEAL, no chance) is 80,185 nodes: the 8,648 "
        "rook's paths that cover the 5 × 5 square, each a sequence of 24 moves (hoyle solve "
        "serpent solves any deal exactly).",
        reference="2048",
        summary="Lay 25 known cards along a rook's path into a 5x5 square; score it as Poker Patience.",
    )
)
