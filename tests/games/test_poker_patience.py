"""Poker Patience (RULES.md §20.1): the scoring of every category under both tables (aces high
and low, no wrap-around), the book's golden tests (the serpent problem's two layouts, scored as
squares; the settlement of A 87, B 81, C 78, D 78, E 65 by both methods), the placement rule
(legal cells, the 5x5 box, grid mode), the several-player form and its returns.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import parse_cards
from hoyle.envs.games import poker_patience as P
from tests.helpers import play_out


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_poker_patience", params)


# (hand, category, english points, american points)
HANDS = [
    ("♥10 ♥J ♥Q ♥K ♥A", P.ROYAL_FLUSH, 30, 100),
    ("♥A ♥2 ♥3 ♥4 ♥5", P.STRAIGHT_FLUSH, 30, 75),  # the book's own example: ace low
    ("♠9 ♠10 ♠J ♠Q ♠K", P.STRAIGHT_FLUSH, 30, 75),
    ("♠7 ♥7 ♦7 ♣7 ♠2", P.FOURS, 16, 50),
    ("♠10 ♥J ♦Q ♣K ♥A", P.STRAIGHT, 12, 15),  # ace high
    ("♠A ♥2 ♦3 ♣4 ♥5", P.STRAIGHT, 12, 15),  # ace low
    ("♠6 ♥2 ♦3 ♣4 ♥5", P.STRAIGHT, 12, 15),
    ("♠Q ♥Q ♦Q ♣3 ♥3", P.FULL, 10, 25),
    ("♠Q ♥Q ♦Q ♣3 ♥4", P.THREES, 6, 10),
    ("♦2 ♦5 ♦9 ♦J ♦K", P.FLUSH, 5, 20),
    ("♦J ♦Q ♦K ♦A ♦2", P.FLUSH, 5, 20),  # no wrap-around: a flush only
    ("♠Q ♥Q ♦3 ♣3 ♥4", P.TWO_PAIRS, 3, 5),
    ("♠Q ♥Q ♦3 ♣5 ♥4", P.ONE_PAIR, 1, 2),
    ("♠Q ♥K ♦A ♣2 ♥3", P.NOTHING, 0, 0),  # no wrap-around
    ("♠J ♥Q ♦K ♣A ♥2", P.NOTHING, 0, 0),
    ("♠2 ♥4 ♦6 ♣8 ♥10", P.NOTHING, 0, 0),
]


@pytest.mark.parametrize(("hand", "category", "english", "american"), HANDS)
def test_every_category_under_both_tables(
    hand: str, category: int, english: int, american: int
) -> None:
    cards = parse_cards(hand)
    for order in (cards, cards[::-1], cards[2:] + cards[:2]):
        assert P.hand_category(order) == category
        assert P.hand_score(order, P.ENGLISH) == english
        assert P.hand_score(order, P.AMERICAN) == american


def test_the_tables_are_the_books() -> None:
    book = {"straight flush": 30, "fours": 16, "straight": 12, "full": 10, "threes": 6,
            "flush": 5, "two pairs": 3, "one pair": 1, "nothing": 0}  # fmt: skip
    for cat, name in enumerate(P.CATEGORY_NAMES):
        if name in book:
            assert P.ENGLISH.points[cat] == book[name], name
    assert P.ENGLISH.points[P.ROYAL_FLUSH] == 30  # the book has no separate royal flush


def test_fewer_than_five_cards_score_nothing() -> None:
    assert P.hand_score(parse_cards("♠A ♠A")) == 0
    assert P.hand_score(parse_cards("♠7 ♥7 ♦7 ♣7")) == 0
    assert P.hand_category(parse_cards("♠7 ♥7 ♦7 ♣7")) == P.NOTHING


def _slow_category(cards: list[int]) -> int:
    """A second, plain reading of the rules, to check the lookup tables against."""
    ranks = sorted(c % 13 for c in cards)
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    flush = len({c // 13 for c in cards}) == 1
    runs = [list(range(lo, lo + 5)) for lo in range(9)] + [[0, 9, 10, 11, 12]]
    straight = ranks in runs
    if straight and flush:
        return P.ROYAL_FLUSH if ranks == [0, 9, 10, 11, 12] else P.STRAIGHT_FLUSH
    if counts[0] == 4:
        return P.FOURS
    if counts == [3, 2]:
        return P.FULL
    if flush:
        return P.FLUSH
    if straight:
        return P.STRAIGHT
    return {3: P.THREES, 2: P.TWO_PAIRS if counts[1] == 2 else P.ONE_PAIR}.get(counts[0], 0)


def test_lookup_agrees_with_a_plain_reading_on_random_hands() -> None:
    rng = random.Random(3)
    seen = set()
    for _ in range(4000):
        cards = rng.sample(range(52), 5)
        cat = _slow_category(cards)
        seen.add(cat)
        assert P.hand_category(cards) == cat, cards
        for table in (P.ENGLISH, P.AMERICAN):
            assert P.hand_score(cards, table) == table.points[cat]
    assert len(seen) >= 7  # the random hands reached most categories


# --- golden tests (RULES.md §20.4) ------------------------------------------------------------

LAYOUT_1 = "♥8 ♥5 ♣3 ♥6 ♣10 ♥K ♥A ♥J ♥Q ♥10 ♠Q ♥4 ♣2 ♦Q ♣Q ♠6 ♥2 ♦2 ♥7 ♠5 ♦3 ♥3 ♠3 ♠J ♦6"
LAYOUT_2 = "♥8 ♥5 ♣3 ♥6 ♣10 ♥K ♥A ♥J ♥Q ♥10 ♠Q ♠J ♠3 ♦Q ♣Q ♥4 ♥7 ♥3 ♦6 ♠5 ♣2 ♦2 ♦3 ♠6 ♥2"


@pytest.mark.parametrize(
    ("text", "rows", "cols", "total"),
    [
        (LAYOUT_1, [0, 30, 6, 1, 6], [0, 30, 3, 1, 1], 78),
        (LAYOUT_2, [0, 30, 6, 12, 6], [0, 0, 16, 10, 1], 81),
    ],
)
def test_the_books_layouts_score_line_by_line(
    text: str, rows: list[int], cols: list[int], total: int
) -> None:
    cards = parse_cards(text)
    square = [cards[i * 5 : i * 5 + 5] for i in range(5)]
    lines = P.square_lines(square)
    assert [P.hand_score(line) for line in lines[:5]] == rows
    assert [P.hand_score(line) for line in lines[5:]] == cols
    assert P.layout_score(cards) == total
    # The same square in the 9x9 frame, anywhere: the same total.
    frame = [P.EMPTY] * P.NUM_CELLS
    for i, c in enumerate(cards):
        frame[(1 + i // 5) * P.FRAME + 3 + i % 5] = c
    assert P.layout_score(frame) == total


def test_settlement_of_the_books_example_by_both_methods() -> None:
    scores = [87, 81, 78, 78, 65]  # A, B, C, D, E
    pairwise, net = P.settle(scores)
    # "A receives 6, 9, 9, 22 from B, C, D, E; B receives 3, 3, 16 from C, D, E;
    # C and D each receive 13 from E."
    assert pairwise[0][1:] == [6, 9, 9, 22]
    assert pairwise[1][2:] == [3, 3, 16]
    assert pairwise[2][4] == pairwise[3][4] == 13
    assert pairwise[2][3] == 0
    assert net == [46, 16, 1, 1, -64]
    # The second method: total 389; 5 x scores = 435, 405, 390, 390, 325; minus 389.
    assert sum(scores) == 389
    assert [5 * s - 389 for s in scores] == net
    assert [sum(row) for row in pairwise] == net
    assert all(pairwise[i][j] == -pairwise[j][i] for i in range(5) for j in range(5))


# --- placement ------------------------------------------------------------------------------


def _cell(r: int, c: int) -> int:
    return r * P.FRAME + c


def test_legal_cells_touch_a_card_and_keep_the_5x5_box() -> None:
    assert P.legal_cells(0) == [P.CENTRE]
    assert P.legal_cells(1 << P.CENTRE) == sorted(
        _cell(4 + dr, 4 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc
    )
    # A row of five across the centre: nothing more to the left or right of it.
    row = sum(1 << _cell(4, c) for c in range(2, 7))
    legal = P.legal_cells(row)
    assert legal == sorted(_cell(r, c) for r in (3, 5) for c in range(2, 7))
    # A diagonal of five fills the box both ways: only cells inside it, touching it
    # (orthogonally, |r - c| = 1, or diagonally, |r - c| = 2).
    diag = sum(1 << _cell(2 + i, 2 + i) for i in range(5))
    expected = [_cell(r, c) for r in range(2, 7) for c in range(2, 7) if 1 <= abs(r - c) <= 2]
    assert P.legal_cells(diag) == expected
    assert len(expected) == 14


def test_grid_placement_is_any_empty_cell_of_the_fixed_square() -> None:
    assert P.legal_cells(0, grid=True) == list(P.GRID_CELLS)
    assert len(P.GRID_CELLS) == 25
    occupied = 1 << P.GRID_CELLS[0] | 1 << P.GRID_CELLS[24]
    assert P.legal_cells(occupied, grid=True) == list(P.GRID_CELLS[1:24])
    game = load(placement="grid")
    state = game.new_initial_state()
    state.apply_action(parse_cards("♠5")[0])
    assert not state.is_chance_node()  # the first card is a decision on the grid
    assert state.legal_actions() == list(P.GRID_CELLS)


def test_book_layouts_always_complete_to_a_square() -> None:
    for placement in ("book", "grid"):
        game = load(placement=placement)
        rng = random.Random(7)
        for _ in range(60):
            state = play_out(game, rng)
            cells = state.s.cells[0]
            square = P.square_of(cells)
            assert len(square) == 5 and all(len(r) == 5 for r in square)
            assert all(c != P.EMPTY for r in square for c in r)
            assert state.returns() == [P.layout_score(cells)]


def test_first_card_lies_at_the_centre_and_actions_read_as_the_book() -> None:
    game = load()
    state = game.new_initial_state()
    assert state.action_to_string(state.current_player(), parse_cards("♦6")[0]) == "deal ♦6"
    state.apply_action(parse_cards("♦6")[0])
    assert state.is_chance_node()  # the first card was laid by the rules
    assert state.s.cells[0][P.CENTRE] == parse_cards("♦6")[0]
    state.apply_action(parse_cards("♠5")[0])
    names = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert "place ♠5 at row 3, col 4" in names
    assert len(set(names)) == len(names) == 8
    assert game.max_game_length() == 24
    assert load(placement="grid").max_game_length() == 25


def test_position_gives_agents_the_view_at_one_call() -> None:
    game = load()
    rules = game.rules
    state = play_out_to(game, random.Random(2), decisions=7)
    cells, card, unseen, legal = rules.position(state.s, 0)
    assert legal == state.legal_actions()
    assert card == state.s.order[-1]
    dealt = P.FULL_PACK & ~unseen
    assert dealt.bit_count() == 9  # the first card, seven placed, and the card to place
    assert {c for c in cells if c != P.EMPTY} | {card} == set(state.s.order)


def play_out_to(game: Any, rng: random.Random, decisions: int) -> Any:
    state = game.new_initial_state()
    made = 0
    while True:
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(actions))
        elif made == decisions:
            return state
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1


def test_the_order_of_the_deal_is_in_the_information_state() -> None:
    """Two games ending in the same layout, the cards dealt in another order: the player could
    tell them apart, so the information states differ (the observations need not)."""
    game = load(placement="grid")
    cards = list(range(25))
    states = []
    for order in (cards, cards[1:] + cards[:1]):
        state = game.new_initial_state()
        for c in order:
            state.apply_action(c)
            state.apply_action(P.GRID_CELLS[c])
        states.append(state)
    a, b = states
    assert a.returns() == b.returns()
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)


# --- several players ------------------------------------------------------------------------


def test_several_players_lay_the_same_cards_and_settle_by_the_book() -> None:
    for n in (2, 3, 5):
        game = load(players=n)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        rng = random.Random(n)
        for _ in range(10):
            state = play_out(game, rng)
            layouts = state.s.cells
            sets = [{c for c in frame if c != P.EMPTY} for frame in layouts]
            assert all(s == sets[0] and len(s) == 25 for s in sets)
            scores = [P.layout_score(frame) for frame in layouts]
            assert state.returns() == [float(x) for x in P.settle(scores)[1]]
            assert sum(state.returns()) == 0
            assert game.min_utility() <= min(state.returns())
            assert max(state.returns()) <= game.max_utility()


def test_players_place_in_turn_and_each_sees_every_layout() -> None:
    """Assumption 4: the players lay the dealt card in seat order, the layouts open on the
    table; every player's view holds every layout (a perfect-information game)."""
    game = load(players=3)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = game.new_initial_state()
    state.apply_action(parse_cards("♦6")[0])
    state.apply_action(parse_cards("♠5")[0])
    order = []
    while not state.is_chance_node():
        order.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
        if state.current_player() == 1:
            # Player 1 sees where player 0 laid the card before laying his own.
            assert game.rules.player_view(state.s, 1).others[1] == state.s.cells[0]
            assert state.s.cells[0][state.legal_actions()[0]] == parse_cards("♠5")[0]
    assert order == [0, 1, 2]
    for p in range(3):
        view = game.rules.player_view(state.s, p)
        others = [state.s.cells[(p + k) % 3] for k in (1, 2)]
        assert list(view.others) == others
        assert view.cells == state.s.cells[p]


def test_scores_are_the_same_for_the_same_layout_in_both_modes() -> None:
    # Grid and book placement differ in what is legal, not in how a square scores.
    rng = random.Random(11)
    for _ in range(5):
        cards = rng.sample(range(52), 25)
        for game in (load(), load(placement="grid")):
            state = game.new_initial_state()
            for c in cards:
                if state.is_chance_node():
                    state.apply_action(c)
                while not state.is_chance_node() and not state.is_terminal():
                    state.apply_action(state.legal_actions()[0])
            square = P.square_of(state.s.cells[0])
            flat = list(itertools.chain.from_iterable(square))
            assert state.returns()[0] == P.layout_score(flat)


# --- the table view ------------------------------------------------------------------------------


def _places(view: Any, prefix: str = "") -> dict[int, tuple[int, ...]]:
    """The layout zones of a table view: frame cell -> cards lying there."""
    return {
        int(z.name.removeprefix(prefix).removeprefix("cell ")): z.cards
        for z in view.zones
        if z.kind == "layout" and z.name.startswith(prefix)
    }


@pytest.mark.parametrize("placement", ["book", "grid"])
def test_table_view_lays_out_the_square_the_card_the_stock_and_the_score(placement: str) -> None:
    game = load(placement=placement)
    rules = game.rules
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            view = rules.table_view(state.s, 0)
            cells = state.s.cells[0]
            places = _places(view)
            # Every card of the layout lies in its place; the other places are empty, and the
            # legal cells are places; the places come in row-major order.
            assert all(places[i] == (() if cells[i] == P.EMPTY else (cells[i],)) for i in places)
            assert {i for i, c in enumerate(cells) if c != P.EMPTY} <= set(places)
            assert set(state.legal_actions()) <= set(places) and list(places) == sorted(places)
            assert all(z.label == P.cell_name(i) for i, z in zip(places, view.zones, strict=False))
            assert view.zone("to place").cards == (state.s.card,)
            assert view.zone("stock").hidden == 52 - len(state.s.order)
            counters = {c.name: c.value for c in view.counters}
            assert counters["cards to come"] == 25 - len(state.s.order)
            assert counters["score"] == P.layout_score(cells, P.ENGLISH)
            assert view.log == tuple(f"deal {P.format_card(c)}" for c in state.s.order)
            assert view.to_move == 0
        actions = [a for a, _ in state.chance_outcomes()] or state.legal_actions()
        state.apply_action(rng.choice(actions))
    view = rules.table_view(state.s, 0)
    places = _places(view)
    # The finished layout is the square: 25 places, all full; the score is the return.
    assert len(places) == 25 and all(len(c) == 1 for c in places.values())
    assert {c.name: c.value for c in view.counters}["score"] == state.returns()[0]
    assert "to place" not in [z.name for z in view.zones] and view.zone("stock").hidden == 27


def test_table_view_of_a_new_book_layout_is_the_whole_frame() -> None:
    game = load()
    state = game.new_initial_state()
    state.apply_action(5)  # the first card lies at the centre: a square may grow any way
    places = _places(game.rules.table_view(state.s, 0))
    assert len(places) == 81 and places[P.CENTRE] == (5,)
    assert sum(1 for c in places.values() if c) == 1


def test_table_view_with_several_players_shows_every_layout() -> None:
    game = load(players=3)
    state = play_out(game, random.Random(2))
    view = game.rules.table_view(state.s, 1)
    assert view.seats == ("player 0", "player 1", "player 2") and view.player == 1
    counters = {c.name: c for c in view.counters}
    for q in range(3):
        places = _places(view, f"player {q} ")
        assert all(z.owner == q for z in view.zones if z.name.startswith(f"player {q} "))
        assert sorted(c for cards in places.values() for c in cards) == sorted(state.s.order)
        assert counters[f"player {q} score"].value == P.layout_score(state.s.cells[q], P.ENGLISH)
        assert counters[f"player {q} return"].value == state.returns()[q]
