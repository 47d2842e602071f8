"""Bagatelle: the book's worked examples (Hoffmann, BAGATELLE; docs/games/bagatelle.md) and the
physics the rules stand on (energy, rest, cups, determinism)."""

from __future__ import annotations

import itertools
import json
import math

import pytest

from hoyle.envs.games.bagatelle import (
    BLACK,
    EMPTY,
    Board,
    Break,
    Physics,
    Stroke,
    break_score,
    cups_score,
    new_break,
    new_match,
    play_stroke,
    simulate,
)
from hoyle.envs.games.bagatelle.rules import match_stroke, match_winners, start_of

BOARD = Board()
PHYSICS = Physics()

# Strokes found on the default table (assumptions 1-10): they pin the model as much as the rules.
MISS_INTO_NINE = Stroke(0.0, -23.0, 30.0)  # off the left cushion into cup 9, clear of the black
BLACK_INTO_NINE = Stroke(0.0, 0.0, 30.0)  # straight at the black, which runs over 1 into 9


def cups_with(**placed: int) -> tuple[int, ...]:
    cups = [EMPTY] * 9
    for name, ball in placed.items():
        cups[int(name[1:]) - 1] = ball
    return tuple(cups)


# --- The golden tests -----------------------------------------------------------------------


def test_scoring_arithmetic_cups_9_8_7_and_the_black_in_5_make_34() -> None:
    cups = cups_with(c9=1, c8=2, c7=3, c5=BLACK)
    assert cups_score(cups) == 9 + 8 + 7 + 2 * 5 == 34
    brk = Break(lying=(), cups=cups, played=8, black_hit=True)
    assert break_score(brk) == 34


def test_balls_lying_outside_the_cups_score_nothing() -> None:
    brk = Break(lying=((BLACK, 0.0, 70.0), (1, 3.0, 60.0)), cups=cups_with(c2=4), played=2)
    assert break_score(brk) == 2


def test_first_ball_that_misses_the_black_is_taken_off_even_from_cup_9() -> None:
    brk = new_break(BOARD)
    raw = simulate(
        BOARD, PHYSICS, brk.lying, brk.cups, 1, BOARD.spot_b, MISS_INTO_NINE, black=BLACK
    )
    assert raw.cups[8] == 1 and not raw.touched_black  # the ball did drop into the 9
    after, _ = play_stroke(brk, BOARD, PHYSICS, MISS_INTO_NINE)
    assert after.cups == (EMPTY,) * 9 and 1 in after.off
    assert break_score(after) == 0 and not after.black_hit
    # The next ball must still be played from spot b, and is lost too if it misses.
    with pytest.raises(ValueError, match="spot b"):
        play_stroke(after, BOARD, PHYSICS, Stroke(2.0, 0.0, 30.0))
    again, _ = play_stroke(after, BOARD, PHYSICS, MISS_INTO_NINE)
    assert again.off == (1, 2) and break_score(again) == 0
    hit, _ = play_stroke(again, BOARD, PHYSICS, BLACK_INTO_NINE)
    assert hit.black_hit and hit.cups[8] == BLACK and break_score(hit) == 18


def test_after_the_black_is_hit_the_ball_may_be_placed_anywhere_behind_spot_b() -> None:
    brk, _ = play_stroke(new_break(BOARD), BOARD, PHYSICS, BLACK_INTO_NINE)
    after, out = play_stroke(brk, BOARD, PHYSICS, Stroke(-6.0, 5.0, 35.0))
    assert after.played == 2 and out.steps > 0
    with pytest.raises(ValueError, match="off the board"):
        play_stroke(brk, BOARD, PHYSICS, Stroke(-12.0, 5.0, 35.0))


def test_a_ball_driven_back_past_half_way_is_taken_off_and_scores_nothing() -> None:
    brk = Break(lying=(), cups=cups_with(c5=BLACK), played=1, black_hit=True)
    after, out = play_stroke(brk, BOARD, PHYSICS, Stroke(3.0, 0.0, 60.0))
    assert out.off == (2,) and after.off == (2,)
    assert all(p[0] != 2 for p in after.lying) and 2 not in after.cups
    assert break_score(after) == 10
    # A softer ball of the same line stays up the board.
    stays, out = play_stroke(brk, BOARD, PHYSICS, Stroke(3.0, 0.0, 40.0))
    assert out.off == () and [p[0] for p in stays.lying] == [2]


def test_a_ball_left_short_of_half_way_is_taken_off() -> None:
    brk = Break(lying=(), cups=cups_with(c5=BLACK), played=1, black_hit=True)
    after, _ = play_stroke(brk, BOARD, PHYSICS, Stroke(0.0, 0.0, 15.0))
    assert after.off == (2,) and after.lying == ()


def test_cup_layout_1_on_the_centre_line_below_9_with_8_left_and_7_right() -> None:
    x9, y9 = BOARD.cup_centre(9)
    x1, y1 = BOARD.cup_centre(1)
    x8, y8 = BOARD.cup_centre(8)
    x7, y7 = BOARD.cup_centre(7)
    assert math.isclose(x1, 0.0, abs_tol=1e-9) and math.isclose(x9, 0.0, abs_tol=1e-9)
    assert BOARD.spot_b[1] < BOARD.spot_a[1] < y1 < y9  # 1 between the player and the 9
    assert x8 < x9 < x7 and math.isclose(y8, y9) and math.isclose(y7, y9)
    x5, y5 = BOARD.cup_centre(5)
    assert math.isclose(x5, 0.0, abs_tol=1e-9) and y5 > y9  # 5 the farthest
    # Clockwise from 1, seen from the player: 4 lower left, 3 upper left, 2 upper right, 6 lower right.
    (x4, y4), (x3, y3) = BOARD.cup_centre(4), BOARD.cup_centre(3)
    (x2, y2), (x6, y6) = BOARD.cup_centre(2), BOARD.cup_centre(6)
    assert x4 < 0 and y4 < y9 and x3 < 0 and y3 > y9 and x2 > 0 and y2 > y9 and x6 > 0 and y6 < y9
    for c in range(1, 9):
        x, y = BOARD.cup_centre(c)
        assert math.isclose(math.hypot(x - x9, y - y9), BOARD.ring_radius)


# --- Physics ------------------------------------------------------------------------------


def busy_break() -> Break:
    """A break some balls into play: balls lying near the ring, some cups filled."""
    brk, _ = play_stroke(new_break(BOARD), BOARD, PHYSICS, Stroke(0.0, 1.0, 30.0))
    for stroke in (Stroke(4.0, -2.0, 38.0), Stroke(-5.0, 3.0, 33.0), Stroke(2.0, 0.5, 45.0)):
        brk, _ = play_stroke(brk, BOARD, PHYSICS, stroke)
    return brk


def test_energy_never_grows_during_a_stroke_among_many_balls() -> None:
    brk = busy_break()
    assert len(brk.lying) >= 2
    _, out = play_stroke(brk, BOARD, PHYSICS, Stroke(1.0, 0.0, 60.0), trace_every=1)
    e = out.energy
    assert e[0] > 0 and e[-1] == 0
    assert all(b <= a * (1 + 1e-9) + 1e-9 for a, b in itertools.pairwise(e))
    assert e[0] <= 0.5 * 60.0**2


def test_a_ball_at_rest_stays_at_rest_when_nothing_touches_it() -> None:
    lying = ((BLACK, 0.0, 70.0), (3, -8.0, 60.0), (4, 8.0, 75.0))
    out = simulate(
        BOARD, PHYSICS, lying, (EMPTY,) * 9, 5, (-3.0, 18.0), Stroke(-3.0, 0.0, 24.0), black=BLACK
    )
    assert out.steps > 100 and not out.touched_black
    assert [p for p in out.lying if p[0] != 5] == list(lying)


def test_a_ball_in_a_cup_stays_there_when_struck_hard() -> None:
    cups = cups_with(c1=BLACK, c9=2)
    brk = Break(lying=(), cups=cups, played=2, black_hit=True)
    for stroke in (Stroke(0.0, 0.0, 60.0), Stroke(0.0, 0.0, 40.0), Stroke(0.0, 0.5, 50.0)):
        after, out = play_stroke(brk, BOARD, PHYSICS, stroke)
        assert after.cups[0] == BLACK and after.cups[8] == 2
        assert out.cups[0] == BLACK and out.cups[8] == 2


def test_a_cup_holds_one_ball_so_a_second_rebounds_from_the_first() -> None:
    empty = Break(lying=(), cups=(EMPTY,) * 9, played=1, black_hit=True)
    full = Break(lying=(), cups=cups_with(c1=BLACK), played=1, black_hit=True)
    stroke = Stroke(0.0, 0.0, 28.0)
    assert play_stroke(empty, BOARD, PHYSICS, stroke)[0].cups[0] == 2  # drops in an empty 1
    after, _ = play_stroke(full, BOARD, PHYSICS, stroke)
    assert after.cups == full.cups
    ((ball, x, y),) = after.lying  # stopped by the black standing in the 1, short of it
    assert ball == 2 and abs(x) < 1e-6 and y < BOARD.cup_centre(1)[1] - BOARD.ball_diameter


def test_the_same_stroke_from_the_same_position_gives_the_same_result() -> None:
    brk = busy_break()
    stroke = Stroke(-2.5, 1.7, 41.3)
    first = play_stroke(brk, BOARD, PHYSICS, stroke)
    start = start_of(brk, BOARD, stroke.x)
    fresh = [
        simulate(BOARD, PHYSICS, brk.lying, brk.cups, brk.next_ball, start, stroke, BLACK,
                 remember=False)
        for _ in range(2)
    ]  # fmt: skip
    assert fresh[0] == fresh[1] == first[1]  # simulated afresh twice, and remembered
    # The state is plain data: through JSON and back, the stroke plays the same.
    again = Break(
        lying=tuple(tuple(p) for p in json.loads(json.dumps(brk.lying))),  # type: ignore[misc]
        cups=tuple(json.loads(json.dumps(brk.cups))),
        played=brk.played,
        black_hit=brk.black_hit,
        off=tuple(brk.off),
    )
    assert again == brk
    assert play_stroke(again, BOARD, PHYSICS, stroke) == first


def test_pymunks_public_properties_give_the_same_strokes_as_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hoyle.envs.games.bagatelle import physics

    assert physics.fast_accessors() is not None  # this pymunk: the fast path is in use
    brk = busy_break()
    strokes = [Stroke(-2.5, 1.7, 41.3), Stroke(3.0, -12.0, 55.0), MISS_INTO_NINE]
    fast = [play_stroke(brk, BOARD, PHYSICS, s) for s in strokes]
    velocity, set_velocity, position = physics.public_accessors()
    monkeypatch.setattr(physics, "_velocity", velocity)
    monkeypatch.setattr(physics, "_set_velocity", set_velocity)
    monkeypatch.setattr(physics, "_position", position)
    assert [play_stroke(brk, BOARD, PHYSICS, s) for s in strokes] == fast


def test_a_different_stroke_gives_a_different_result() -> None:
    brk = new_break(BOARD)
    a, _ = play_stroke(brk, BOARD, PHYSICS, Stroke(0.0, 1.0, 30.0))
    b, _ = play_stroke(brk, BOARD, PHYSICS, Stroke(0.0, 1.2, 30.0))
    assert a != b


def test_illegal_strokes_raise_one_line_and_change_nothing() -> None:
    brk = new_break(BOARD)
    for bad in (Stroke(0.0, 0.0, 0.0), Stroke(0.0, 0.0, 61.0), Stroke(0.0, 95.0, 20.0)):
        with pytest.raises(ValueError) as err:
            play_stroke(brk, BOARD, PHYSICS, bad)
        assert "\n" not in str(err.value)
    assert brk == new_break(BOARD)
    done = Break(lying=(), cups=(EMPTY,) * 9, played=8, black_hit=True)
    with pytest.raises(ValueError, match="eight balls"):
        play_stroke(done, BOARD, PHYSICS, Stroke(0.0, 0.0, 30.0))


def test_boards_and_physics_refuse_impossible_numbers() -> None:
    with pytest.raises(ValueError):
        Board(length=20.0, width=24.0)
    with pytest.raises(ValueError):
        Physics(ball_restitution=1.5)


# --- The game of several breaks (assumption 14) ----------------------------------------------


def test_a_game_sums_the_breaks_and_the_highest_aggregate_wins() -> None:
    m = new_match(BOARD, players=2, rounds=1)
    good, weak = BLACK_INTO_NINE, Stroke(0.0, 0.0, 10.0)
    for _ in range(8):
        m, _ = match_stroke(m, BOARD, PHYSICS, good)
    assert m.player == 1 and m.scores[0] >= 18 and not m.finished
    for _ in range(8):
        m, _ = match_stroke(m, BOARD, PHYSICS, weak)
    assert m.finished and m.scores[1] == 0 and match_winners(m) == (0,)


def test_a_tie_plays_another_round_then_is_shared() -> None:
    m = new_match(BOARD, players=2, rounds=1, extra_rounds=2)
    weak = Stroke(0.0, 0.0, 10.0)
    breaks = 0
    while not m.finished:
        for _ in range(8):
            m, _ = match_stroke(m, BOARD, PHYSICS, weak)
        breaks += 1
    assert breaks == 2 * 3 and m.round == 2 and match_winners(m) == (0, 1)
