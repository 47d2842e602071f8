"""``gymnasium.make("hoyle/Bagatelle-v0")``: the checker, rewards, seeded noise, the drawing."""

from __future__ import annotations

import warnings

import gymnasium
import matplotlib
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import hoyle.envs  # noqa: F401  (registers the ids)
from hoyle.envs.games.bagatelle import BLACK, Board, Physics, Stroke, new_break, play_stroke
from hoyle.envs.games.bagatelle.env import (
    OBS_SIZE,
    BagatelleEnv,
    action_from_stroke,
    observe,
    stroke_from_action,
)
from hoyle.envs.games.bagatelle.render import stroke_frames

STRAIGHT = np.array([0.0, 0.0, -0.0167], dtype=np.float32)  # about 30 in/s straight at the black


def test_check_env_passes_with_rendering() -> None:
    env = gymnasium.make("hoyle/Bagatelle-v0", render_mode="rgb_array")
    check_env(env.unwrapped)
    env.close()


def test_the_rewards_of_a_break_sum_to_its_score() -> None:
    env = gymnasium.make("hoyle/Bagatelle-v0")
    _, info = env.reset(seed=3)
    assert info["score"] == 0
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        assert reward >= 0 and not truncated and obs.shape == (OBS_SIZE,)
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
    assert steps == 8 and total == info["score"]
    first = gymnasium.make("hoyle/Bagatelle-v0")
    first.reset(seed=0)
    _, reward, *_ = first.step(STRAIGHT)
    assert reward == 18  # the black straight into the 9 (the golden stroke's)


def test_the_ball_goes_on_spot_b_until_the_black_is_hit() -> None:
    board, physics = Board(), Physics()
    brk = new_break(board)
    a = np.array([0.9, 0.0, 0.0], dtype=np.float32)
    assert stroke_from_action(a, brk, board, physics).x == board.spot_b[0]
    hit, _ = play_stroke(brk, board, physics, Stroke(0.0, 0.0, 30.0))
    assert hit.black_hit
    assert stroke_from_action(a, hit, board, physics).x == pytest.approx(0.9 * 11.25)
    s = Stroke(-4.0, 12.5, 33.0)
    back = stroke_from_action(action_from_stroke(s, board, physics), hit, board, physics)
    assert (back.x, back.angle, back.speed) == pytest.approx((s.x, s.angle, s.speed), abs=1e-5)


def test_observation_says_where_each_ball_is() -> None:
    board = Board()
    obs = observe(new_break(board), board)
    assert obs[1] == pytest.approx(70.0 / 96.0) and obs[3] == 1.0  # the black on the board
    assert all(obs[6 * b + 2] == 1.0 for b in range(1, 9))  # eight in hand
    brk, _ = play_stroke(new_break(board), board, Physics(), Stroke(0.0, 0.0, 30.0))
    obs = observe(brk, board)
    assert obs[4] == 1.0 and obs[54 + 2 * 8 + 0] == 1.0  # the black in cup 9
    assert obs[-2] == 1.0 and obs[-1] == pytest.approx(1 / 8)
    assert brk.cups[8] == BLACK


def test_noise_is_seeded() -> None:
    def scores(seed: int) -> list[float]:
        env = gymnasium.make("hoyle/Bagatelle-v0", angle_noise=1.0, speed_noise=0.05)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        out = []
        for _ in range(8):
            _, _, _, _, info = env.step(STRAIGHT)
            out.append(info["stroke"])
        return out

    assert scores(5) == scores(5)
    assert scores(5) != scores(6)
    quiet = gymnasium.make("hoyle/Bagatelle-v0")
    quiet.reset(seed=1)
    assert quiet.step(STRAIGHT)[4]["stroke"][1:] == (0.0, pytest.approx(30.0, abs=0.01))


def test_the_drawing_is_an_image_of_the_board_and_changes_with_the_balls() -> None:
    env = BagatelleEnv(render_mode="rgb_array")
    env.reset(seed=0)
    before = env.render()
    env.step(STRAIGHT)
    after = env.render()
    assert before is not None and after is not None
    assert before.shape == after.shape and before.shape[2] == 3 and before.dtype == np.uint8
    assert (before != after).any()
    green = np.array([0x2F, 0x6B, 0x3B])
    assert (np.abs(after.astype(int) - green).sum(axis=2) < 10).mean() > 0.2  # mostly cloth


def test_a_stroke_animates_frame_by_frame() -> None:
    board, physics = Board(), Physics()
    brk = new_break(board)
    after, out = play_stroke(brk, board, physics, Stroke(0.0, 0.0, 30.0), trace_every=8)
    frames = stroke_frames(board, brk, after, out.path, every=20, size=(320, 280))
    assert len(frames) >= 3 and all(f.shape == (280, 320, 3) for f in frames)
    assert (frames[0] != frames[-1]).any()


def test_human_mode_draws_in_a_window() -> None:
    matplotlib.use("Agg")
    env = BagatelleEnv(render_mode="human")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Agg has no window to show
        env.reset(seed=0)
        env.step(STRAIGHT)
        assert env.render() is None
    env.close()


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        BagatelleEnv(render_mode="ansi")
    with pytest.raises(ValueError):
        BagatelleEnv(angle_noise=-1.0)


# --- PettingZoo: several players ----------------------------------------------------------


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    from pettingzoo.test import api_test, seed_test

    from hoyle.envs.games.bagatelle.pettingzoo_env import bagatelle_env

    api_test(bagatelle_env(players=3, rounds=1), num_cycles=200)
    seed_test(lambda: bagatelle_env(rounds=1, angle_noise=1.0, speed_noise=0.05), num_cycles=20)


def test_pettingzoo_rewards_sum_to_each_players_aggregate() -> None:
    from hoyle.envs.games.bagatelle.pettingzoo_env import bagatelle_env

    env = bagatelle_env(players=2, rounds=2, extra_rounds=1, render_mode="rgb_array")
    env.reset(seed=4)
    env.action_space("player_0").seed(4)
    totals = {a: 0.0 for a in env.possible_agents}
    strokes = 0
    for agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        # Player 0 strikes straight at the black; player 1 strikes at random.
        if agent == "player_0":
            action = STRAIGHT
        else:
            action = env.action_space(agent).sample()
        env.step(action)
        strokes += 1
    scores = info["scores"]
    assert strokes in (32, 48)  # two rounds, and one more if tied
    assert [totals[a] for a in env.possible_agents] == [float(s) for s in scores]
    best = max(scores)
    assert info["winners"] == [
        a for a, s in zip(env.possible_agents, scores, strict=True) if s == best
    ]
    frame = env.render()
    assert frame is not None and frame.ndim == 3
