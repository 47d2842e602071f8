"""The Poker Patience players: the greedy heuristic (this project's hints, not the book's) and
the planner (expectimax over the learned line evaluator; the exact search in Serpent).

What is checked: the planner's own board agrees with the game on the legal cells; the line
abstraction on built lines; the evaluator's gain is the change of the layout's value; the
two-ply expectimax equals a brute force over the next card; the Serpent search finds the
book's 81 (and scores the book's 78 layout among its paths); the heuristic beats random and
the planner beats the heuristic on the same deals; seeds reproduce moves, and the committed
table plays the moves it played before the trainer moved to the experiments layer; the agents
play several players and the grid placement to the end. (The training run is tested in
``tests/experiments/test_train_patience.py``.)
"""

from __future__ import annotations

import random
import statistics
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents import patience as P
from hoyle.agents.heuristics import poker_patience as H
from hoyle.agents.heuristics.hints import HEURISTICS
from hoyle.envs.core.cards import cards_of, parse_cards
from hoyle.envs.games.poker_patience import ENGLISH, legal_cells
from hoyle.experiments.train_patience import make_agent, play_one

BOOK_DEAL = (
    "D.6 S.5 C.Q D.Q H.Q H.10 C.10 H.6 C.3 H.J H.A H.5 H.8 H.K S.Q H.4 C.2 D.2 H.7 S.J "
    "S.3 H.3 D.3 S.6 H.2"
)
LAYOUT_1 = "♥8 ♥5 ♣3 ♥6 ♣10 ♥K ♥A ♥J ♥Q ♥10 ♠Q ♥4 ♣2 ♦Q ♣Q ♠6 ♥2 ♦2 ♥7 ♠5 ♦3 ♥3 ♠3 ♠J ♦6"


def agent(spec: str, game: Any, seed: int = 0) -> Any:
    return make_agent(spec, game, seed)


def mean_scores(spec: str, game: Any, deals: int, seed: int = 7) -> list[float]:
    bot = agent(spec, game, seed)
    return [play_one(game, [bot], seed * 1000 + d)[0] for d in range(deals)]


# --- the planner's board and evaluator ------------------------------------------------------


@pytest.mark.parametrize("grid", [False, True])
def test_board_legal_cells_agree_with_the_game(grid: bool) -> None:
    rng = random.Random(3)
    for _ in range(20):
        board = P.Board(grid)
        occupied = 0
        if not grid:
            board.place(P.CENTRE, 0)
            occupied = 1 << P.CENTRE
        for card in range(1, 25):
            cells = board.legal_cells()
            assert cells == legal_cells(occupied, grid)
            cell = cells[rng.randrange(len(cells))]
            board.place(cell, card)
            occupied |= 1 << cell
        assert board.rows_used() == board.cols_used() == P.SIDE


def test_pattern_key_reads_pairs_flushes_and_straights() -> None:
    def key(text: str, is_col: bool = False) -> str:
        return P.describe_key(P.pattern_key(sum(1 << c for c in parse_cards(text)), is_col))

    assert key("") == "row - flush windows 1"  # an empty line can still be anything
    assert key("♥5 ♠5 ♦9") == "row 21 windows 0"  # a pair: no straight
    assert key("♥5 ♥6", True) == "col 11 flush windows 1"
    assert key("♥5 ♥6 ♥8 ♥9") == "row 1111 flush windows 1"
    assert key("♥5 ♥6 ♥8 ♠10") == "row 1111 windows 0"  # spread over six ranks
    assert key("♠A ♦2 ♥3") == "row 111 windows 1"  # Ace low
    assert key("♠A ♦K ♥Q") == "row 111 windows 1"  # Ace high
    assert key("♠Q ♦K ♥A ♣2") == "row 1111 windows 0"  # no wrap-around
    assert key("♠Q ♥Q ♦Q ♣Q") == "row 4 windows 0"


def test_gain_is_the_change_of_the_layout_value() -> None:
    table = P.table_for("english", "book")
    rng = random.Random(5)
    deal = rng.sample(range(52), 25)
    board = P.Board()
    board.place(P.CENTRE, deal[0])
    for card in deal[1:12]:
        t = board.occupied.bit_count() + 1
        for cell in board.legal_cells():
            after = board.copy()
            after.place(cell, card)
            gain = P.placement_gain(board, cell, card, table, t)
            assert gain == pytest.approx(
                P.layout_value(after, table, t) - P.layout_value(board, table, t)
            )
        cells = board.legal_cells()
        board.place(cells[rng.randrange(len(cells))], card)


def test_two_ply_expectimax_equals_brute_force() -> None:
    table = P.table_for("english", "book")
    rng = random.Random(11)
    deal = rng.sample(range(52), 25)
    board = P.Board()
    board.place(P.CENTRE, deal[0])
    for card in deal[1:20]:
        cells = board.legal_cells()
        board.place(cells[rng.randrange(len(cells))], card)
    card = deal[20]
    unseen = ((1 << 52) - 1) & ~sum(1 << c for c in deal[:21])
    vals = P.plan_values(board, card, unseen, 4, table, depth=2)
    t = board.occupied.bit_count() + 2
    for cell, v in vals.items():
        after = board.copy()
        after.place(cell, card)
        nexts = []
        for u in cards_of(unseen):
            nexts.append(
                max(P.placement_gain(after, c2, u, table, t) for c2 in after.legal_cells())
            )
        brute = P.placement_gain(board, cell, card, table, t) + sum(nexts) / len(nexts)
        assert v == pytest.approx(brute)


def test_committed_tables_load_for_every_scoring_and_placement() -> None:
    for scoring in P.SCORINGS:
        for placement in P.PLACEMENTS:
            table = P.load_table(scoring, placement)
            assert table.scoring == scoring and len(table.values) > 100
            # An empty line is worth a fair share of a final line: between nothing and a
            # straight flush, and a pair in a row is worth more than nothing at the same time.
            empty = table.line_value(0, 0, 1)
            assert 0 < empty < SCORE_MAX[scoring]


SCORE_MAX = {"english": 30, "american": 100}


# --- Serpent: the exact search ---------------------------------------------------------------


def test_serpent_search_finds_the_books_81_and_scores_its_78() -> None:
    deal = parse_cards(BOOK_DEAL)
    _, orders = P._serpent_paths()
    scores = P.serpent_scores(deal, orders, "english")
    assert len(scores) == 8648 and int(scores.max()) == 81
    # Layout 1 of the book (78) is one of the paths: find it and check its score.
    layout1 = parse_cards(LAYOUT_1)
    where = {c: i for i, c in enumerate(layout1)}
    order = np.array([where[c] for c in deal])
    hit = np.flatnonzero((orders == order).all(axis=1))
    assert len(hit) == 1 and int(scores[hit[0]]) == 78
    game = pyspiel.load_game("hoyle_serpent_poker_patience", {"deal": BOOK_DEAL})
    assert play_one(game, [agent("planner", game)], 0) == [81.0]


def test_serpent_heuristic_plays_legal_moves_and_beats_nothing() -> None:
    game = pyspiel.load_game("hoyle_serpent_poker_patience", {"deal": BOOK_DEAL})
    score = play_one(game, [make("heuristic", game, 0)], 0)[0]
    assert 0 < score <= 81


# --- the agents through pyspiel ---------------------------------------------------------------


def test_heuristic_beats_random_and_planner_beats_heuristic() -> None:
    game = pyspiel.load_game("hoyle_poker_patience")
    rnd = mean_scores("random", game, 25)
    heu = mean_scores("heuristic", game, 25)
    pla = mean_scores("planner", game, 25)
    # Measured means (book placement, English scoring, 300 deals): random 7.8, heuristic 35.8,
    # planner 49.9; the paired differences over 25 deals are several standard errors wide.
    assert statistics.mean(heu) > statistics.mean(rnd) + 10
    diffs = [p - h for p, h in zip(pla, heu, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5
    assert statistics.mean(diffs) > 2 * se


def test_each_hint_alone_beats_random_and_switches_off() -> None:
    game = pyspiel.load_game("hoyle_poker_patience")
    rnd = statistics.mean(mean_scores("random", game, 30))
    for t in H.TERMS:
        others = ",".join(f"-{o}" for o in H.TERMS if o != t)
        assert statistics.mean(mean_scores(f"heuristic:{others}", game, 30)) > rnd
    bot = make("heuristic:-suits-down", game, 0)
    assert bot.terms == frozenset({"pairs-across", "straights-open"})
    with pytest.raises(ValueError):
        make("heuristic:-no-such-hint", game, 0)


def test_hint_narrowing_prefers_the_pair_in_a_row() -> None:
    game = pyspiel.load_game("hoyle_poker_patience")
    state = game.new_initial_state()
    for c in parse_cards("♥5 ♠5"):
        state.apply_action(c)
    view = state.player_view(0)
    pairs = HEURISTICS["poker_patience"][0]
    chosen = pairs.narrow(view, state.legal_actions())
    assert chosen == [P.CENTRE - 1, P.CENTRE + 1]  # beside the ♥5 in its row
    assert H.line_credit(parse_cards("♥5 ♠5"), False, ENGLISH, frozenset(H.TERMS)) == 1


@pytest.mark.parametrize("spec", ["planner", "heuristic", "planner:depth=1"])
def test_same_seed_same_moves(spec: str) -> None:
    game = pyspiel.load_game("hoyle_poker_patience")

    def moves(seed: int) -> list[int]:
        bot = agent(spec, game, seed)
        rng = random.Random(9)
        state = game.new_initial_state()
        out = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                out.append(bot.step(state))
                state.apply_action(out[-1])
        return out

    assert moves(1) == moves(1)


# The committed table's moves on seeded deals, recorded before the trainer moved out of
# agents/patience.py: the player reads and plays the shipped file exactly as before.
SHIPPED_MOVES = [
    ("planner", {}, 0, 1, [41, 50, 30, 29, 42, 51, 31, 38, 47, 33, 32, 39, 59, 57, 48, 66, 58,
                           65, 67, 69, 68, 60, 49, 56], 48.0),
    ("planner", {}, 3, 2, [39, 38, 46, 55, 32, 56, 29, 30, 31, 50, 22, 47, 21, 48, 59, 28, 20,
                           19, 49, 23, 41, 58, 57, 37], 48.0),
    ("planner:depth=1", {}, 0, 3, [50, 51, 48, 59, 43, 69, 57, 42, 70, 60, 31, 61, 33, 58, 67,
                                   68, 41, 66, 30, 32, 49, 34, 39, 52], 67.0),
    ("planner", {"placement": "grid", "scoring": "american"}, 1, 4,
     [24, 33, 47, 39, 23, 59, 38, 29, 56, 20, 32, 48, 51, 31, 42, 57, 21, 41, 50, 60, 49, 58, 22,
      40, 30], 111.0),
]  # fmt: skip


@pytest.mark.parametrize(("spec", "params", "seed", "chance", "moves", "score"), SHIPPED_MOVES)
def test_the_shipped_table_plays_as_before(
    spec: str, params: dict[str, Any], seed: int, chance: int, moves: list[int], score: float
) -> None:
    game = pyspiel.load_game("hoyle_poker_patience", params)
    bot = agent(spec, game, seed)
    rng = random.Random(chance)
    state = game.new_initial_state()
    played = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            played.append(bot.step(state))
            state.apply_action(played[-1])
    assert played == moves and state.returns() == [score]


@pytest.mark.parametrize(
    "params", [{"players": 3}, {"placement": "grid"}, {"scoring": "american", "players": 2}]
)
def test_agents_play_several_players_and_the_grid(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("hoyle_poker_patience", params)
    n = game.num_players()
    bots = [agent(["planner", "heuristic", "planner:depth=1"][p % 3], game, p) for p in range(n)]
    returns = play_one(game, bots, 1)
    assert len(returns) == n
    if n > 1:
        assert sum(returns) == 0


def test_planner_spec_errors() -> None:
    game = pyspiel.load_game("hoyle_poker_patience")
    for bad in ("planner:depth=3", "planner:speed=2", "planner:-pairs-across"):
        with pytest.raises(ValueError):
            agent(bad, game)
    with pytest.raises(ValueError):
        agent("planner", pyspiel.load_game("hoyle_lift_smoke"))
