"""The ``gnubg`` agent: our board in gnubg's orientation, equities as the game scores them, legal
whole games in both seats, the play gnubg rates best, options, and the missing-package path.

Tests that need GNU Backgammon's Python package skip, saying so, when it is not installed.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers hoyle_backgammon)
from hoyle.agents import agent_kinds, make
from hoyle.agents.gnubg_bot import (
    GNUBG_START_ID,
    GnubgBot,
    GnubgUnavailable,
    best_and_chosen,
    equity,
    equity_after,
    from_board,
    from_spec,
    outcomes_on_roll,
    position_id,
    to_board,
)
from hoyle.agents.throw import throw_plays
from hoyle.envs.games.backgammon import START, game_value, parse_play, plays
from hoyle.envs.games.backgammon import make_side as side
from hoyle.experiments.match import play_game

SKIP = "GNU Backgammon's Python package is not installed: pip install 'hoyle[gnubg]'"


@pytest.fixture
def gnubg() -> Any:
    return pytest.importorskip("gnubg", reason=SKIP)


@pytest.fixture
def game() -> Any:
    return pyspiel.load_game("hoyle_backgammon")


def raw_equity(gnubg: Any, board: Any, ply: int = 0) -> float:
    """gnubg's own equity field for the side on roll (independent of our formula)."""
    return float(gnubg.evaluate(board, gnubg.cube_info(), gnubg.eval_context(False, ply))[5])


def random_positions(game: Any, n: int, seed: int = 0) -> list[Any]:
    """States at a throw's first move decision, reached by random play."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < n:
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            if state.s.played == () and state.s.phase == 3 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


# --- orientation -------------------------------------------------------------------------------
def test_start_position_is_gnubgs(gnubg: Any) -> None:
    assert position_id(START, START) == GNUBG_START_ID
    assert from_board(gnubg.position_from_id(GNUBG_START_ID)) == (START, START)
    # The side on roll at the start is a small favourite (gnubg 0-ply: about +0.07).
    assert 0.0 < equity(outcomes_on_roll(START, START)) < 0.15


def test_far_ahead_is_positive_for_that_side(gnubg: Any) -> None:
    # A race: 15 men on the ace to trois points against 15 still in the winner's home table.
    # Read with a point numbering reversed, or the sides swapped, this would be lost.
    ahead, behind = side({1: 5, 2: 5, 3: 5}), side({19: 5, 20: 5, 21: 5})
    assert equity(outcomes_on_roll(ahead, behind)) > 2.5  # a backgammon, nearly sure
    assert equity(outcomes_on_roll(behind, ahead)) < -2.0
    # After the ahead side's play, the other side on roll: still his.
    assert equity_after([(ahead, behind)])[0] > 2.0
    assert equity_after([(behind, ahead)])[0] < -2.0


def test_bear_off_is_exact(gnubg: Any) -> None:
    # One man on the six point against one on the ace point: the side on roll bears off with
    # 27 of the 36 throws (all but 1-1, 2-1, 3-1, 4-1, 3-2), else loses: 2 * 27/36 - 1 = 0.5.
    mover, other = side({6: 1}), side({1: 1})
    assert equity(outcomes_on_roll(mover, other)) == pytest.approx(0.5, abs=1e-3)
    # The same position after the other side's play (the six-point man on roll):
    assert equity_after([(other, mover)])[0] == pytest.approx(-0.5, abs=1e-3)


def test_the_bar_is_gnubgs_bar(gnubg: Any) -> None:
    mover = side({25: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    adversary = side({24: 2, 13: 4, 8: 2, 6: 3, 5: 2, 4: 2})
    ci, ec = gnubg.cube_info(), gnubg.eval_context(False, 0)
    # Its six and cinque points are made: a 3-2 enters on 22 or 23 (25 - die), from the bar.
    move = gnubg.find_best_move(to_board(mover, adversary), ci, ec, (3, 2))
    assert move[0] == 25 and move[1] in (22, 23)  # gnubg's bar is 25 in its move tuples
    assert gnubg.find_best_move(to_board(mover, adversary), ci, ec, (6, 5)) == ()  # shut out
    entered = side({24: 2, 13: 5, 8: 3, 6: 5})
    on_bar = equity(outcomes_on_roll(mover, adversary))
    assert on_bar < equity(outcomes_on_roll(entered, adversary))
    assert from_board(gnubg.position_from_id(position_id(mover, adversary))) == (mover, adversary)


def test_our_equity_is_gnubgs_cubeless_equity(gnubg: Any, game: Any) -> None:
    for state in random_positions(game, 12):
        mover, adversary = state.rules.position(state.s)
        ours = equity(outcomes_on_roll(mover, adversary))
        assert ours == pytest.approx(raw_equity(gnubg, to_board(mover, adversary)), abs=1e-5)


def test_finished_games_are_valued_exactly(gnubg: Any) -> None:
    won = side({})
    assert equity_after([(won, side({3: 15}))])[0] == game_value(won, side({3: 15}))  # gammon 2
    assert equity_after([(won, side({20: 1, 3: 14}))])[0] == 3  # backgammon
    assert equity_after([(won, side({20: 1, 3: 14}))], 0, 4)[0] == 4
    assert equity_after([(won, side({3: 5}))])[0] == 1


# --- play --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_plays_legal_complete_games_in_both_seats(gnubg: Any, game: Any, seat: int) -> None:
    from hoyle.agents.random_agent import RandomBot

    for g in range(2):
        bots: list[Any] = [RandomBot(game, g), RandomBot(game, g)]
        bots[seat] = GnubgBot(game, g)
        end = play_game(game, bots, random.Random(100 * seat + g))  # the adapter checks legality
        assert end.is_terminal()
        returns = end.returns()
        assert returns[seat] in (1.0, 2.0, 3.0)  # gnubg does not lose to random play here
        assert returns[0] == -returns[1]


def test_chooses_the_play_gnubg_rates_best(gnubg: Any, game: Any) -> None:
    for state in random_positions(game, 15, seed=3):
        options = throw_plays(state)
        if len(options) < 2:
            continue
        bot = GnubgBot(game, 0)
        chosen = options[bot.choose_play(state, options)][0]
        # gnubg's own equity of each result, the adversary on roll, negated:
        raw = [-raw_equity(gnubg, to_board(a, m)) for (m, a), _ in options]
        assert raw[[pos for pos, _ in options].index(chosen)] == pytest.approx(max(raw), abs=1e-6)


@pytest.mark.parametrize("dice,play", [((3, 1), "8/5 6/5"), ((6, 1), "13/7 8/7"),
                                       ((4, 2), "8/4 6/4")])  # fmt: skip
def test_opening_points_are_made(gnubg: Any, dice: tuple[int, int], play: str) -> None:
    # The classic openings every strong program makes (and the book too).
    target = parse_play(START, START, dice, play)
    best_eq, chosen_eq, n, best = best_and_chosen(START, START, dice, target)
    assert best == target and chosen_eq == best_eq and n > 5


def test_best_and_chosen_measures_the_loss(gnubg: Any) -> None:
    options = sorted(plays(START, START, (6, 5)))
    values = equity_after(options)
    worst = options[int(np.argmin(values))]
    best_eq, chosen_eq, n, best = best_and_chosen(START, START, (6, 5), worst)
    assert n == len(options) and best_eq - chosen_eq == pytest.approx(values.max() - values.min())
    assert best == parse_play(START, START, (6, 5), "24/13")
    with pytest.raises(ValueError, match="not the result of a legal play"):
        best_and_chosen(START, START, (6, 5), (START, START))


def test_one_ply_chooses_by_one_ply(gnubg: Any, game: Any) -> None:
    state = random_positions(game, 1, seed=5)[0]
    options = throw_plays(state)
    bot = GnubgBot(game, 0, ply=1)
    values = equity_after([pos for pos, _ in options], 1)
    assert values[bot.choose_play(state, options)] == values.max()


# --- options and the missing package -------------------------------------------------------
def test_from_spec_options(gnubg: Any, game: Any) -> None:
    assert from_spec(game, {}, (), 0, "gnubg").ply == 0
    assert from_spec(game, {"ply": "2"}, (), 0, "gnubg:ply=2").ply == 2
    with pytest.raises(ValueError, match=r"no option 'plies'.*ply=0\|1\|2"):
        from_spec(game, {"plies": "1"}, (), 0, "gnubg:plies=1")
    with pytest.raises(ValueError, match=r"ply='3'.*0, 1, 2"):
        from_spec(game, {"ply": "3"}, (), 0, "gnubg:ply=3")
    with pytest.raises(ValueError, match=r"no switches.*ply=0\|1\|2"):
        from_spec(game, {}, ("hint",), 0, "gnubg:-hint")


def test_backgammon_value_four_warns_at_one_ply(gnubg: Any) -> None:
    four = pyspiel.load_game("hoyle_backgammon", {"backgammon_value": 4})
    with pytest.warns(UserWarning, match="counts a backgammon 3"):
        GnubgBot(four, 0, ply=1)
    assert GnubgBot(four, 0).backgammon_value == 4


def test_refuses_other_games(gnubg: Any) -> None:
    with pytest.raises(ValueError, match="backgammon only"):
        GnubgBot(pyspiel.load_game("hoyle_conquian"), 0)


def test_missing_gnubg_says_how_to_install(monkeypatch: pytest.MonkeyPatch, game: Any) -> None:
    monkeypatch.setitem(sys.modules, "gnubg", None)  # makes `import gnubg` fail
    with pytest.raises(GnubgUnavailable, match='pip install "hoyle\\[gnubg\\]"'):
        GnubgBot(game, 0)
    with pytest.raises(ImportError, match="hoyle\\[gnubg\\]"):
        from_spec(game, {"ply": "1"}, (), 0, "gnubg:ply=1")
    # gnubg is an installed agent kind: make() says the same
    assert "gnubg" in agent_kinds()
    with pytest.raises(ImportError, match="hoyle\\[gnubg\\]"):
        make("gnubg", game, 0)
