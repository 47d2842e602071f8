"""Serpent Poker Patience (RULES.md §20.2) and its exact solver: the rook's paths of the
square, the book's problem (its two layouts are rook's paths in deal order scoring 78 and 81;
81 is the best), the legality of moves (only completable paths), the solver against a plain
scorer, the command line, and the game played through pyspiel with the book's deal.
"""

from __future__ import annotations

import io
import itertools
import random
from contextlib import redirect_stdout
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import serpent as solver
from hoyle.envs.core.cards import parse_cards
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.games import poker_patience as P
from hoyle.envs.games import serpent_poker_patience as S
from tests.games.test_poker_patience import LAYOUT_1, LAYOUT_2
from tests.helpers import play_out

BOOK = parse_cards(S.BOOK_DEAL)


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_serpent_poker_patience", params)


def _square(text: str) -> list[list[int]]:
    cards = parse_cards(text)
    return [cards[i * 5 : i * 5 + 5] for i in range(5)]


def test_the_books_deal_is_the_books() -> None:
    written = "♦6 ♠5 ♣Q ♦Q ♥Q ♥10 ♣10 ♥6 ♣3 ♥J ♥A ♥5 ♥8 ♥K ♠Q ♥4 ♣2 ♦2 ♥7 ♠J ♠3 ♥3 ♦3 ♠6 ♥2"
    assert parse_cards(written) == BOOK


def test_the_rook_paths_of_the_square() -> None:
    paths = S.hamiltonian_paths()
    assert len(paths) == len(set(paths)) == 8648
    for path in paths[::97]:
        cells = S.path_cells(path)
        assert sorted(cells) == list(range(25))
        for a, b in itertools.pairwise(cells):
            assert abs(a // 5 - b // 5) + abs(a % 5 - b % 5) == 1
    # Reversed paths are paths too (4,324 undirected paths, each both ways).
    reverse = {"N": "S", "S": "N", "E": "W", "W": "E"}
    assert all("".join(reverse[c] for c in reversed(p)) in set(paths) for p in paths[::211])


@pytest.mark.parametrize(("text", "score"), [(LAYOUT_1, 78), (LAYOUT_2, 81)])
def test_the_books_layouts_are_rook_paths_in_deal_order(text: str, score: int) -> None:
    square = _square(text)
    assert S.is_rook_path(square, BOOK)
    assert P.layout_score(parse_cards(text)) == score


def test_a_layout_out_of_deal_order_is_no_rook_path() -> None:
    square = _square(LAYOUT_2)
    square[0][0], square[4][4] = square[4][4], square[0][0]
    assert not S.is_rook_path(square, BOOK)


def test_the_solver_settles_the_books_problem() -> None:
    layout, score = solver.solve_serpent(S.BOOK_DEAL)
    assert score == 81
    assert S.is_rook_path(layout, BOOK)
    assert P.layout_score([c for row in layout for c in row]) == 81
    scores = solver.path_scores(BOOK)
    assert scores.max() == 81
    # Layout 1 is one of the paths, scoring 78: the book's "sacrifice" is worth 3 points.
    assert 78 in set(scores.tolist())


def test_the_books_solution_is_the_only_81_up_to_symmetry() -> None:
    """The eight paths scoring 81 lay the book's layout 2 turned and reflected: the book's
    "correct solution" is the unique best layout, up to the square's symmetries."""
    scores = solver.path_scores(BOOK)
    tables = solver._tables()
    best = {tuple(BOOK[k] for k in tables.at_cell[i]) for i in np.flatnonzero(scores == 81)}
    square = np.array(parse_cards(LAYOUT_2)).reshape(5, 5)
    images = set()
    for k in range(4):
        turned = np.rot90(square, k)
        for image in (turned, np.fliplr(turned)):
            images.add(tuple(int(c) for c in image.ravel()))
    assert len(images) == 8
    assert best == images


def _path_of(square: list[list[int]], deal: list[int]) -> str:
    where = {c: (r, q) for r, row in enumerate(square) for q, c in enumerate(row)}
    out = ""
    for a, b in itertools.pairwise(deal):
        d = (where[b][0] - where[a][0], where[b][1] - where[a][1])
        out += S.DIRECTION_LETTERS[S.STEP.index(d)]
    return out


def test_the_solver_agrees_with_a_plain_scorer() -> None:
    rng = random.Random(5)
    paths = S.hamiltonian_paths()
    for table in (P.ENGLISH, P.AMERICAN):
        deal = rng.sample(range(52), 25)
        scores = solver.path_scores(deal, table)
        for i in rng.sample(range(len(paths)), 150):
            square = [0] * 25
            for k, cell in enumerate(S.path_cells(paths[i])):
                square[cell] = deal[k]
            assert scores[i] == P.layout_score(square, table)
        layout, best = solver.solve_serpent(deal, table)
        assert best == scores.max()
        assert P.layout_score([c for row in layout for c in row], table) == best
        assert S.is_rook_path(layout, deal)


def test_the_solver_with_a_prefix_completes_the_path_laid() -> None:
    path, score = solver.best_path(BOOK, prefix="")
    assert score == 81
    assert solver.solve_serpent(BOOK)[1] == 81 and len(path) == 24
    layout_2_path = _path_of(_square(LAYOUT_2), BOOK)
    assert solver.best_path(BOOK, prefix=layout_2_path[:10])[1] == 81
    layout_1_path = _path_of(_square(LAYOUT_1), BOOK)
    assert layout_1_path in S.hamiltonian_paths()
    assert solver.best_path(BOOK, prefix=layout_1_path) == (layout_1_path, 78)
    with pytest.raises(ValueError):
        solver.best_path(BOOK, prefix="NNNNN")  # six rows: leaves the 5x5 square


def test_the_command_line_prints_the_layout_then_the_score() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        rc = solver.main(["--deal", S.BOOK_DEAL])
    lines = out.getvalue().splitlines()
    assert rc == 0
    assert lines[-1] == "score: 81"
    assert len(lines) == 6
    square = [parse_cards(line) for line in lines[:5]]
    assert S.is_rook_path(square, BOOK)


def test_moves_are_legal_only_if_the_path_can_be_completed() -> None:
    game = load(deal=S.BOOK_DEAL)
    state = game.new_initial_state()
    c = P.CENTRE
    assert state.legal_actions() == [c - P.FRAME, c - 1, c + 1, c + P.FRAME]
    assert state.action_to_string(0, c - P.FRAME) == "lay ♠5 north of ♦6"
    rng = random.Random(1)
    prefixes = S.path_prefixes()
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            for d, (dr, dc) in enumerate(S.STEP):
                cell = state.s.last + dr * P.FRAME + dc
                ok = state.s.path + S.DIRECTION_LETTERS[d] in prefixes
                assert (cell in legal) == ok
            assert legal, "a stuck serpent"
            state.apply_action(rng.choice(legal))
        assert len(state.s.path) == 24
        assert S.is_rook_path(P.square_of(state.s.cells), BOOK)


def test_a_move_that_cuts_off_cells_is_not_offered() -> None:
    """North, north, east, north from the centre; a fifth step north stays within a 5x5 box
    but leaves the two cells west of it (the box's top-left corner) for a path that cannot
    reach both and come back out: no rook's path begins NNENN, so the move is illegal."""
    game = load(deal=S.BOOK_DEAL)
    state = game.new_initial_state()
    for letter in "NNEN":
        d = S.DIRECTION_LETTERS.index(letter)
        state.apply_action(state.s.last + S.STEP[d][0] * P.FRAME + S.STEP[d][1])
    north = state.s.last - P.FRAME
    assert 0 <= north < P.NUM_CELLS and state.s.cells[north] == P.EMPTY
    assert north not in state.legal_actions()
    assert "NNENN" not in S.path_prefixes()
    assert state.legal_actions()  # west and east remain


def test_the_bot_plays_the_book_deal_to_81() -> None:
    from hoyle.agents.serpent import from_spec

    game = load(deal=S.BOOK_DEAL)
    bot = from_spec(game, {}, (), 0, "serpent")
    state = play_out(game, random.Random(0), [bot])
    assert state.returns() == [81.0]
    with pytest.raises(ValueError):
        from_spec(pyspiel.load_game("hoyle_poker_patience"), {}, (), 0, "serpent")


def test_chance_deals_the_cards_face_up_first() -> None:
    game = load()
    assert game.max_chance_nodes_in_history() == 25
    state = game.new_initial_state()
    for k, c in enumerate(BOOK):
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 52 - k
        state.apply_action(c)
    assert state.current_player() == 0
    assert state.s.deal == tuple(BOOK)
    assert state.s.cells[P.CENTRE] == BOOK[0]
    assert load(deal=S.BOOK_DEAL).max_chance_nodes_in_history() == 0


def test_the_book_deal_passes_openspiels_checks() -> None:
    for params in ({"deal": S.BOOK_DEAL}, {"deal": S.BOOK_DEAL, "scoring": "american"}):
        pyspiel.random_sim_test(load(**params), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "deal", ["D.6 S.5", S.BOOK_DEAL.replace("H.2", "D.6"), S.BOOK_DEAL.replace("H.2", "X.9")]
)
def test_a_bad_deal_is_refused(deal: str) -> None:
    with pytest.raises(GameParameterError):
        load(deal=deal)


def test_table_view_lays_out_the_path_and_the_cards_to_lay() -> None:
    game = load(deal=S.BOOK_DEAL)
    rules = game.rules
    state = game.new_initial_state()
    rng = random.Random(6)
    while True:
        view = rules.table_view(state.s, 0)
        laid = len(state.s.path) + 1
        places = {int(z.name.removeprefix("cell ")): z.cards for z in view.zones
                  if z.kind == "layout"}  # fmt: skip
        assert all(places[i] == (() if c == P.EMPTY else (c,)) for i, c in enumerate(state.s.cells)
                   if i in places)  # fmt: skip
        assert sum(len(c) for c in places.values()) == laid
        assert set(state.legal_actions()) <= set(places)
        assert view.zone("to lay").cards == tuple(BOOK[laid:])
        assert view.zone("rest of the pack").hidden == 27
        counters = {c.name: c.value for c in view.counters}
        assert counters["path"] == state.s.path and counters["cards to lay"] == 25 - laid
        assert counters["score"] == P.layout_score(state.s.cells, P.ENGLISH)
        assert len(view.log) == 25 + laid and view.log[25] == "lay ♦6 first, at the centre"
        if state.is_terminal():
            break
        assert view.to_move == 0
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(places) == 25 and counters["score"] == state.returns()[0]
    assert view.log[26] == f"lay ♠5 {S.DIRECTION_NAMES['NESW'.index(state.s.path[0])]} of ♦6"


def test_table_view_while_the_deal_is_dealt() -> None:
    game = load()
    state = game.new_initial_state()
    for c in BOOK[:3]:
        state.apply_action(c)
    view = game.rules.table_view(state.s, 0)
    assert view.zone("to lay").cards == tuple(BOOK[:3])
    assert view.zone("rest of the pack").hidden == 49 and view.to_move == pyspiel.PlayerId.CHANCE
    assert not any(z.cards for z in view.zones if z.kind == "layout")
