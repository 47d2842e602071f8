"""``hoyle_bagatelle``: the stroke grid, the book's rules through OpenSpiel, noise as chance."""

from __future__ import annotations

import math

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the game)
from hoyle.envs.core.errors import IllegalActionError
from hoyle.envs.games.bagatelle import BLACK, break_score
from hoyle.envs.games.bagatelle.game import NOISE_POINTS, NUM_NOISE_OUTCOMES


def load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game("hoyle_bagatelle", params)


def test_the_stroke_grid_and_its_layout() -> None:
    game = load()
    rules = game.rules
    assert game.num_distinct_actions() == 5 * 41 * 12
    s = rules.stroke(0)
    assert (s.x, s.angle, s.speed) == (-rules.board.baulk_half_span, -40.0, 5.0)
    last = rules.stroke(game.num_distinct_actions() - 1)
    assert (last.x, last.angle, last.speed) == (rules.board.baulk_half_span, 40.0, 60.0)
    for action in (0, 17, 1234, 2459):
        assert rules.nearest_action(rules.stroke(action)) == action


def test_until_the_black_is_hit_only_spot_b_is_legal() -> None:
    game = load()
    state = game.new_initial_state()
    legal = state.legal_actions()
    assert len(legal) == 41 * 12
    assert all(state.action_to_string(a).startswith("from spot b") for a in legal)
    with pytest.raises(IllegalActionError, match="spot b"):
        state.apply_action(0)
    straight = state.string_to_action("from spot b, straight, 30.0 in/s")
    state.apply_action(straight)  # the golden stroke: the black over the 1 into the 9
    brk = state.s.match.brk
    assert brk.black_hit and brk.cups[8] == BLACK and break_score(brk) == 18
    assert len(state.legal_actions()) == game.num_distinct_actions()


def test_a_miss_leaves_the_next_ball_on_spot_b() -> None:
    state = load().new_initial_state()
    state.apply_action(state.string_to_action("from spot b, 40.0 deg left, 10.0 in/s"))
    brk = state.s.match.brk
    assert not brk.black_hit and brk.off == (1,)
    assert len(state.legal_actions()) == 41 * 12


def test_noise_is_a_chance_node_with_the_normals_mean_and_variance() -> None:
    game = load(angle_noise=1.0, speed_noise=0.05)
    assert game.max_chance_outcomes() == NUM_NOISE_OUTCOMES
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == NUM_NOISE_OUTCOMES and math.isclose(sum(p for _, p in outcomes), 1.0)
    k = len(NOISE_POINTS)
    mean = sum(p * NOISE_POINTS[o // k] for o, p in outcomes)
    var = sum(p * NOISE_POINTS[o // k] ** 2 for o, p in outcomes)
    fourth = sum(p * NOISE_POINTS[o % k] ** 4 for o, p in outcomes)
    assert abs(mean) < 1e-12 and math.isclose(var, 1.0) and math.isclose(fourth, 3.0)
    names = {state.action_to_string(o) for o, _ in outcomes}
    assert "the stroke goes true and even" in names and len(names) == NUM_NOISE_OUTCOMES
    quiet = load().new_initial_state()
    quiet.apply_action(quiet.legal_actions()[0])
    assert not quiet.is_chance_node()


def test_the_true_and_even_outcome_plays_the_stroke_as_chosen() -> None:
    noisy, quiet = load(angle_noise=2.0), load()
    a, b = noisy.new_initial_state(), quiet.new_initial_state()
    stroke = b.string_to_action("from spot b, 2.0 deg right, 30.0 in/s")
    b.apply_action(stroke)
    a.apply_action(stroke)
    a.apply_action(NUM_NOISE_OUTCOMES // 2)
    assert a.s.match == b.s.match
    c = noisy.new_initial_state()
    c.apply_action(stroke)
    c.apply_action(0)
    assert c.s.match != b.s.match


def test_returns_win_and_lose_and_one_player_scores_his_aggregate() -> None:
    game = load(rounds=1, extra_rounds=0)
    state = game.new_initial_state()
    good = state.string_to_action("from spot b, straight, 30.0 in/s")
    weak = state.string_to_action("from spot b, straight, 5.0 in/s")
    while not state.is_terminal():
        state.apply_action(good if state.current_player() == 0 else weak)
    assert state.returns() == [1.0, -1.0]
    solo = load(players=1, rounds=2)
    state = solo.new_initial_state()
    while not state.is_terminal():
        state.apply_action(good)
    assert state.returns() == [float(state.s.match.scores[0])] and state.returns()[0] >= 36


def test_serialized_games_replay_to_the_same_table() -> None:
    game = load(rounds=1, angle_noise=1.0, speed_noise=0.05)
    state = game.new_initial_state()
    for k in range(10):
        if state.is_chance_node():
            state.apply_action(k % NUM_NOISE_OUTCOMES)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[(k * 97) % len(legal)])
    again = game.deserialize_state(state.serialize())
    assert again.s.match == state.s.match and str(again) == str(state)


def test_positions_must_be_odd() -> None:
    with pytest.raises(pyspiel.SpielError, match="odd"):
        load(positions=4)
