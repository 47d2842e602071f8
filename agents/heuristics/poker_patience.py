"""A greedy heuristic for Poker Patience and Serpent Poker Patience — *not the book's*.

The book's only hint (RULES.md §20.3) is about sacrifice: give up a valuable combination for
others worth more in the aggregate. That is a statement about search, not a rule a greedy
player can follow; it is tested through the Serpent example (the exact solver finds the book's
81 by breaking the 78 layout's second straight flush). So the hints below are this project's:
the classic hand-built policy for Poker Squares. Each card goes where a hand-built value of
the two lines it joins (its row and its column) gains most; a full line is worth its exact
score, and a line still growing is worth what the enabled hints credit it with:

1. ``pairs-across``: rows collect ranks. A row is credited with the points of the rank hands it
   already holds (pair, two pairs, threes, full, fours) as if made; a column with half of
   them, so that ranks gather in rows and columns stay free for suits.
2. ``suits-down``: columns collect suits. A column of one suit is credited with its flush's
   points times (n - 1) / 6 for n cards; a second suit ends the hope.
3. ``straights-open``: a line of different ranks that still fit five consecutive ranks (Ace
   low or high, no wrap-around) is credited with the straight's points times (n - 1) / 20
   (far less than a flush: a straight needs one of few exact ranks, a flush any of 13 - n
   cards of its suit).

The weights were set by hand from a few runs (300 deals each, book placement, English
scoring, the same deals): straights credited at (n - 1) / 6 made the agent chase them (30.6);
(n - 1) / 20, with half credit for pairs in columns and flushes at (n - 1) / 6, gave 35.8.

The heuristic agent adds the enabled hints' credits (``heuristic:-suits-down`` switches one
off; with all off it places at random). Used alone by the generic hint policy, each hint
keeps the cells where its own credit (with full lines exact) gains most. In Serpent Poker
Patience the cells are those the legal directions lead to, the card the next one of the deal.

Every hint reads only the player's view: his layout, the card to place.

Measured (``python -m hoyle.experiments.train_patience bench --agents "random;heuristic;..."
--deals 300 --seed 1``, book placement, English scoring, the same deals; mean and 95% CI): random 7.8 ±
0.5, heuristic 35.8 ± 1.3; without ``pairs-across`` 29.9, without ``suits-down`` 34.9, without
``straights-open`` 33.0. Grid placement (200 deals, seed 2): random 7.6, heuristic 35.8 ± 1.5.
American scoring (200 deals, seed 3): random 15.5, heuristic 83.5 ± 3.1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.heuristics.hints import Hint, register_hints, resolve_hint
from hoyle.envs.games.poker_patience import (
    FRAME,
    SCORE_TABLES,
    STRAIGHT_WINDOWS,
    ScoreTable,
    hand_score,
)

SOURCE = "not the book's: the book's one hint (RULES.md §20.3) is about search; this project's"

TERMS = ("pairs-across", "suits-down", "straights-open")
"""The hints' short names, in priority order."""

# Index of each category in ScoreTable.points (see poker_patience.ScoreTable).
_PAIR, _TWO_PAIRS, _THREES, _STRAIGHT, _FLUSH, _FULL, _FOURS = 1, 2, 3, 4, 5, 6, 7


def line_credit(
    cards: Sequence[int], is_col: bool, table: ScoreTable, terms: frozenset[str]
) -> float:
    """The hand-built value of a line: its exact score when full, else the enabled hints'
    credits (see the module docstring)."""
    n = len(cards)
    if n == 5:
        return float(hand_score(cards, table))
    if n == 0:
        return 0.0
    counts: dict[int, int] = {}
    suits = 0
    ranks = 0
    for c in cards:
        r = c % 13
        counts[r] = counts.get(r, 0) + 1
        suits |= 1 << (c // 13)
        ranks |= 1 << r
    pts = table.points
    v = 0.0
    if "pairs-across" in terms:
        mult = sorted(counts.values(), reverse=True)
        made = 0
        if mult[0] == 4:
            made = pts[_FOURS]
        elif mult[0] == 3:
            made = pts[_FULL] if len(mult) > 1 and mult[1] == 2 else pts[_THREES]
        elif mult[0] == 2:
            made = pts[_TWO_PAIRS] if len(mult) > 1 and mult[1] == 2 else pts[_PAIR]
        v += made / 2 if is_col else made
    if "suits-down" in terms and is_col and suits & (suits - 1) == 0 and n >= 2:
        v += pts[_FLUSH] * (n - 1) / 6
    if (
        "straights-open" in terms
        and n >= 2
        and len(counts) == n
        and any(ranks & ~w == 0 for w in STRAIGHT_WINDOWS)
    ):
        v += pts[_STRAIGHT] * (n - 1) / 20
    return v


def _line(cells: Sequence[int], index: int, is_col: bool) -> list[int]:
    if is_col:
        return [c for c in cells[index::FRAME] if c >= 0]
    return [c for c in cells[index * FRAME : (index + 1) * FRAME] if c >= 0]


def cell_gain(
    cells: Sequence[int], cell: int, card: int, table: ScoreTable, terms: frozenset[str]
) -> float:
    """The gain in hand-built value of laying ``card`` at ``cell`` (its row and its column)."""
    r, c = divmod(cell, FRAME)
    g = 0.0
    for index, is_col in ((r, False), (c, True)):
        before = _line(cells, index, is_col)
        g += line_credit([*before, card], is_col, table, terms) - line_credit(
            before, is_col, table, terms
        )
    return g


# --- reading a view -------------------------------------------------------------------------


def options(view: Any, legal: Sequence[int]) -> tuple[tuple[int, ...], int, list[tuple[int, int]]]:
    """The layout, the card to place, and ``(action, cell)`` for each legal action, from a
    Poker Patience view or a Serpent view (both games' actions are cells)."""
    if hasattr(view, "path"):  # Serpent Poker Patience: the next card of the deal
        card = view.deal[len(view.path) + 1]
        return view.cells, card, [(a, a) for a in legal]  # actions are cells there too
    return view.cells, view.card, [(a, a) for a in legal]


def best_actions(
    view: Any, legal: Sequence[int], table: ScoreTable, terms: frozenset[str]
) -> list[int]:
    """The legal actions whose cell gains most under the hints ``terms``."""
    cells, card, pairs = options(view, legal)
    if not pairs:
        return []
    gains = [(cell_gain(cells, cell, card, table, terms), a) for a, cell in pairs]
    best = max(g for g, _ in gains)
    return [a for g, a in gains if g >= best - 1e-9]


def _narrow(term: str) -> Any:
    def narrow(view: Any, legal: Sequence[int]) -> list[int]:
        # The generic policy does not know the scoring parameter: the English table's order of
        # the hands is the one the hint's credit follows; the agent below uses the game's.
        return best_actions(view, legal, SCORE_TABLES["english"], frozenset((term,)))

    return narrow


_SUMMARIES = {
    "pairs-across": "rows collect ranks: a row is worth the rank hands it holds (a column half)",
    "suits-down": "columns collect suits: a one-suit column is worth part of its flush",
    "straights-open": "a line of ranks that can still make a straight is worth part of it",
}

for _game in ("poker_patience", "serpent_poker_patience"):
    register_hints(
        _game,
        [Hint(f"{_game}.{t}", SOURCE, _SUMMARIES[t], _narrow(t)) for t in TERMS],
    )


class PatienceHeuristicBot(HoyleBot):
    """Lays each card where the sum of the enabled hints' credits gains most (ties: seeded)."""

    def __init__(self, game: Any, seed: int, terms: frozenset[str], name: str) -> None:
        super().__init__(game, seed, name or "heuristic")
        self.terms = terms
        scoring = str(game.get_parameters().get("scoring", "english"))
        self.table = SCORE_TABLES[scoring]

    def step(self, state: Any) -> int:
        player = state.current_player()
        legal = state.legal_actions()
        view = state.player_view(player)
        best = best_actions(view, legal, self.table, self.terms) if self.terms else list(legal)
        self.last_reason = "heuristic" if self.terms else "random"
        return int(best[self.rng.randrange(len(best))] if len(best) > 1 else best[0])


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """``heuristic[:-hint,...]`` for Poker Patience and Serpent Poker Patience."""
    short = game.spec.short_name
    if options:
        raise ValueError(f"agent 'heuristic' takes no options for {short}; got {options}")
    disabled = {resolve_hint(short, d).split(".", 1)[1] for d in off}
    return PatienceHeuristicBot(game, seed, frozenset(t for t in TERMS if t not in disabled), spec)


__all__ = ["TERMS", "PatienceHeuristicBot", "best_actions", "cell_gain", "from_spec", "line_credit"]
