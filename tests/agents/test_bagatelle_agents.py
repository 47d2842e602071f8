"""Bagatelle's stroke players: the book's strokes (each hint), random, the planner."""

from __future__ import annotations

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers hoyle_bagatelle)
from hoyle.agents import make
from hoyle.agents.bagatelle import CrossEntropyPlanner, RandomStrokes, play_break
from hoyle.agents.heuristics.bagatelle import (
    BookStrokes,
    candidates,
    cushion_shot,
    straight_shot,
    under_top_cushion,
)
from hoyle.envs.games.bagatelle import (
    BLACK,
    EMPTY,
    Board,
    Break,
    Physics,
    Stroke,
    break_score,
    new_break,
    play_stroke,
)

BOARD, PHYSICS = Board(), Physics()


def after_first(off: tuple[str, ...] = ()) -> tuple[Break, str | None]:
    book = BookStrokes(BOARD, PHYSICS, off)
    brk, _ = play_stroke(new_break(BOARD), BOARD, PHYSICS, book.choose(new_break(BOARD)))
    return brk, book.last_reason


def test_the_black_struck_lightly_on_its_right_side_goes_to_the_8() -> None:
    brk, reason = after_first()
    assert reason == "bagatelle.black-lightly-right"
    assert brk.cups[7] == BLACK and break_score(brk) == 16


def test_without_hint_2_the_black_is_driven_straight_at_the_9() -> None:
    brk, reason = after_first(("black-lightly-right",))
    # Every first stroke plays the black, so hint 1 narrows nothing: the 9 is worth most.
    assert reason == "the black into the 9"
    assert brk.cups[8] == BLACK and break_score(brk) == 18


def test_off_the_cushion_into_each_of_4_to_9() -> None:
    brk = Break(lying=(), cups=(BLACK,) + (EMPTY,) * 8, played=1, black_hit=True)
    for cup in (4, 5, 6, 7, 8, 9):
        for side in (-1, 1):
            stroke = cushion_shot(brk, BOARD, PHYSICS, -side * 5.625, cup, side)
            if stroke is None:
                continue
            after, out = play_stroke(brk, BOARD, PHYSICS, stroke, trace_every=1)
            xs = [x for frame in out.path for b, x, _ in frame if b == 2]
            assert min(xs) < -10 if side < 0 else max(xs) > 10  # it did go off the cushion
            assert after.cups[cup - 1] == 2, (cup, side)


def test_a_ball_under_the_top_cushion_calls_for_a_slow_ball_round_it() -> None:
    cx, cy = BOARD.head_centre
    near = (3, cx - 7.5, cy + 8.0)
    brk = Break(lying=(near,), cups=(EMPTY,) * 7 + (BLACK, EMPTY), played=3, black_hit=True)
    assert under_top_cushion(brk, BOARD) == [near]
    book = BookStrokes(BOARD, PHYSICS)
    stroke = book.choose(brk)
    assert book.last_reason == "bagatelle.round-the-cushion"
    assert stroke.x == pytest.approx(-BOARD.baulk_half_span) and stroke.angle == 0.0
    after, _ = play_stroke(brk, BOARD, PHYSICS, stroke)
    moved = [p for p in after.lying if p[0] == 3]
    assert moved != [near]  # the ball under the cushion was struck
    off = BookStrokes(BOARD, PHYSICS, ("round-the-cushion",))
    off.choose(brk)
    assert off.last_reason != "bagatelle.round-the-cushion"


def test_a_straight_shot_is_not_aimed_through_a_ball_lying_in_its_way() -> None:
    brk = Break(lying=(), cups=(BLACK,) + (EMPTY,) * 8, played=1, black_hit=True)
    stroke = straight_shot(brk, BOARD, PHYSICS, 5.625, 7)
    assert stroke is not None
    (x7, y7), (x0, y0) = BOARD.cup_centre(7), (5.625, BOARD.baulk)
    middle = (3, (x0 + x7) / 2, (y0 + y7) / 2)
    blocked = Break(lying=(middle,), cups=brk.cups, played=3, black_hit=True)
    assert straight_shot(blocked, BOARD, PHYSICS, 5.625, 7) is None
    aside = Break(lying=((3, middle[1] - 4.0, middle[2]),), cups=brk.cups, played=3, black_hit=True)
    assert straight_shot(aside, BOARD, PHYSICS, 5.625, 7) == stroke


def test_the_book_beats_random_on_the_noiseless_table() -> None:
    book = play_break(BookStrokes(BOARD, PHYSICS), BOARD, PHYSICS)
    rand = [play_break(RandomStrokes(BOARD, PHYSICS, s), BOARD, PHYSICS, seed=s) for s in range(3)]
    assert book >= 40 and max(rand) < book


def test_the_planner_finds_points_where_a_random_stroke_finds_none() -> None:
    brk = Break(lying=(), cups=(BLACK,) + (EMPTY,) * 8, played=1, black_hit=True)
    planner = CrossEntropyPlanner(BOARD, PHYSICS, samples=16, iterations=2, elite=4, seed=1)
    stroke = planner.choose(brk)
    after, _ = play_stroke(brk, BOARD, PHYSICS, stroke)
    assert planner.stats.simulations == 16 + 2 * 16  # a random round, two refining rounds
    assert break_score(after) >= break_score(brk) + 1
    assert planner.stats.value == break_score(after) + 0.5
    again = CrossEntropyPlanner(BOARD, PHYSICS, samples=16, iterations=2, elite=4, seed=1)
    assert again.choose(brk) == stroke  # seeded


def test_the_planner_starts_from_its_proposals_and_keeps_the_best() -> None:
    brk = play_stroke(new_break(BOARD), BOARD, PHYSICS, Stroke(0.0, 0.0, 30.0))[0]
    proposals = [c.stroke for c in candidates(brk, BOARD, PHYSICS)]
    assert len(proposals) >= 5
    planner = CrossEntropyPlanner(
        BOARD, PHYSICS, samples=6, iterations=1, elite=2, explore=2, seed=3,
        proposals=lambda _: proposals,
    )  # fmt: skip
    stroke = planner.choose(brk)
    assert planner.stats.simulations == 2 + len(proposals) + 6
    values = [planner.value(brk, s, []) for s in proposals]
    assert planner.stats.value >= max(values)
    after, _ = play_stroke(brk, BOARD, PHYSICS, stroke)
    assert planner.stats.value == break_score(after) + 0.5 * after.black_hit
    with pytest.raises(ValueError, match="spread"):
        CrossEntropyPlanner(BOARD, PHYSICS, spread=0.0)


def test_heuristic_bot_plays_the_openspiel_game() -> None:
    game = pyspiel.load_game("hoyle_bagatelle", {"rounds": 1, "extra_rounds": 0})
    bots = [make("heuristic", game, seed=0), make("random", game, seed=1)]
    state = game.new_initial_state()
    first = None
    while not state.is_terminal():
        bot = bots[state.current_player()]
        action = bot.step(state)
        assert action in state.legal_actions()
        if first is None:
            first = state.action_to_string(action)
        state.apply_action(action)
    assert first is not None and first.startswith("from spot b")
    assert sum(state.returns()) == pytest.approx(0.0)
    scores = state.s.match.scores
    assert scores[0] >= 10, scores  # the book's strokes on the grid still score
    with pytest.raises(ValueError, match="no hint"):
        BookStrokes(BOARD, PHYSICS, ("off-the-cushions",))
    off = make("heuristic:-off-the-cushion", game, seed=0)
    assert off.step(game.new_initial_state()) in game.new_initial_state().legal_actions()
