"""``gymnasium.make("hoyle/Bagatelle-v0")``: one break of eight balls, stroke by stroke.

An episode is one player's break (Hoffmann, BAGATELLE): the black on spot a, eight balls to
play. The action is a continuous stroke, ``Box(-1, 1, (3,))``:

=====  =====================================================================================
index  meaning
=====  =====================================================================================
0      where the ball is placed on the baulk line: ``x = a[0] * (width/2 - ball radius)``;
       ignored (the ball goes on spot b) until the black has been hit, as the book requires
1      direction: ``a[1] * 80`` degrees from straight up the board, positive to the right
2      speed: from 1 in/s (``a[2] = -1``) to the table's top speed (``a[2] = 1``), linearly
=====  =====================================================================================

The observation is a ``Box`` of :data:`OBS_SIZE` floats in [0, 1] (the OpenSpiel game's
observation tensor begins with the same entries):

=======  ==================================================================================
entries  meaning
=======  ==================================================================================
0-53     for each ball (0 the black, then the player's balls 1-8 in the order played), six
         values: (x / half the width + 1) / 2 and y / the length (the cup's centre for a ball
         in a cup, zero for a ball in hand or taken off), then one-hot: in hand, on the
         board, in a cup, taken off
54-71    for each cup 1-9: holds the black, holds another ball
72       the black has been hit (the obligation to strike it has ceased)
73       balls played / 8
=======  ==================================================================================

The reward of a stroke is the points it adds to the break (a ball in a cup stays, so it is never
negative); the episode ends after the eighth ball, the rewards summing to the break's score.
Optional noise (``angle_noise`` degrees, ``speed_noise`` a fraction, both standard deviations
of a normal) is drawn from the env's seeded generator. ``render_mode="rgb_array"`` returns the
board from above with the last stroke traced; ``"human"`` shows it in a matplotlib window.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from hoyle.envs.games.bagatelle.physics import EMPTY, Outcome, Physics, Stroke
from hoyle.envs.games.bagatelle.rules import (
    BALLS_PER_BREAK,
    BLACK,
    NUM_BALLS,
    Break,
    break_score,
    new_break,
    play_stroke,
)
from hoyle.envs.games.bagatelle.table import NUM_CUPS, Board

BALL_FEATURES = 6
OBS_SIZE = NUM_BALLS * BALL_FEATURES + 2 * NUM_CUPS + 2
MAX_ANGLE = 80.0
MIN_SPEED = 1.0
#: Simulation steps between the snapshots kept for drawing (1/30 s at the default time step).
TRACE_EVERY = 8


def stroke_from_action(action: np.ndarray, brk: Break, board: Board, physics: Physics) -> Stroke:
    """The stroke an action in ``[-1, 1]^3`` stands for (layout in the module docstring)."""
    a = np.clip(np.asarray(action, dtype=np.float64), -1.0, 1.0)
    x = float(a[0]) * board.baulk_half_span if brk.black_hit else board.spot_b[0]
    speed = MIN_SPEED + (float(a[2]) + 1.0) / 2.0 * (physics.max_speed - MIN_SPEED)
    return Stroke(x, float(a[1]) * MAX_ANGLE, speed)


def action_from_stroke(stroke: Stroke, board: Board, physics: Physics) -> np.ndarray:
    """The action that plays ``stroke`` (its inverse, for agents that think in strokes)."""
    return np.array(
        [
            stroke.x / board.baulk_half_span,
            stroke.angle / MAX_ANGLE,
            2.0 * (stroke.speed - MIN_SPEED) / (physics.max_speed - MIN_SPEED) - 1.0,
        ],
        dtype=np.float32,
    )


def observe(brk: Break, board: Board) -> np.ndarray:
    """The observation vector of ``brk`` (layout in the module docstring)."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    half = board.width / 2
    where: dict[int, tuple[float, float, int]] = {b: (x, y, 1) for b, x, y in brk.lying}
    for c, (x, y) in enumerate(board.cup_centres()):
        ball = brk.cups[c]
        if ball != EMPTY:
            where[ball] = (x, y, 2)
            obs[NUM_BALLS * BALL_FEATURES + 2 * c + (0 if ball == BLACK else 1)] = 1.0
    for ball in range(NUM_BALLS):
        k = ball * BALL_FEATURES
        if ball in where:
            x, y, status = where[ball]
            obs[k], obs[k + 1] = (x / half + 1.0) / 2.0, y / board.length
        elif ball > brk.played:
            status = 0
        else:
            status = 3
        obs[k + 2 + status] = 1.0
    obs[-2] = float(brk.black_hit)
    obs[-1] = brk.played / BALLS_PER_BREAK
    return obs


class BagatelleEnv(gymnasium.Env[np.ndarray, np.ndarray]):
    """One break of Bagatelle with continuous strokes (module docstring)."""

    # Gymnasium declares ``metadata`` an instance attribute, so no ClassVar (mypy) here.
    metadata: dict[str, Any] = {"render_modes": ["human", "rgb_array"], "render_fps": 30}  # noqa: RUF012

    def __init__(
        self,
        board: Board | None = None,
        physics: Physics | None = None,
        angle_noise: float = 0.0,
        speed_noise: float = 0.0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of human, rgb_array")
        if angle_noise < 0 or speed_noise < 0:
            raise ValueError("noise is a standard deviation: it cannot be negative")
        self.board = board or Board()
        self.physics = physics or Physics()
        self.angle_noise = angle_noise
        self.speed_noise = speed_noise
        self.render_mode = render_mode
        self.action_space = spaces.Box(-1.0, 1.0, (3,), dtype=np.float32)
        self.observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), dtype=np.float32)
        self.brk = new_break(self.board)
        self.last: Outcome | None = None
        self._figure: Any = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.brk = new_break(self.board)
        self.last = None
        if self.render_mode == "human":
            self.render()
        return observe(self.brk, self.board), self._info()

    def step(self, action: np.ndarray) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.brk.over:
            raise RuntimeError("the break is over: call reset()")
        stroke = self.noisy(stroke_from_action(action, self.brk, self.board, self.physics))
        before = break_score(self.brk)
        self.brk, self.last = play_stroke(
            self.brk, self.board, self.physics, stroke, trace_every=TRACE_EVERY
        )
        reward = float(break_score(self.brk) - before)
        if self.render_mode == "human":
            self.render()
        return observe(self.brk, self.board), reward, self.brk.over, False, self._info(stroke)

    def noisy(self, stroke: Stroke) -> Stroke:
        """``stroke`` with the env's seeded noise on its direction and speed."""
        if self.angle_noise == 0 and self.speed_noise == 0:
            return stroke
        da, ds = self.np_random.normal(size=2)
        angle = min(max(stroke.angle + self.angle_noise * float(da), -89.0), 89.0)
        speed = stroke.speed * (1.0 + self.speed_noise * float(ds))
        return Stroke(stroke.x, angle, min(max(speed, MIN_SPEED), self.physics.max_speed))

    def _info(self, stroke: Stroke | None = None) -> dict[str, Any]:
        info: dict[str, Any] = {
            "score": break_score(self.brk),
            "black_hit": self.brk.black_hit,
            "taken_off": list(self.brk.off),
        }
        if stroke is not None:
            info["stroke"] = (stroke.x, stroke.angle, stroke.speed)
        return info

    def render(self) -> np.ndarray | None:
        from hoyle.envs.games.bagatelle.render import draw_board, render_rgb

        path = self.last.path if self.last is not None else ()
        title = f"Bagatelle: ball {self.brk.played} of 8, score {break_score(self.brk)}"
        if self.render_mode == "rgb_array":
            return render_rgb(self.board, self.brk, path, title=title)
        if self.render_mode == "human":
            import matplotlib.pyplot as plt

            if self._figure is None:
                self._figure = plt.figure(figsize=(8, 7))
            draw_board(self._figure, self.board, self.brk, path, title=title)
            plt.pause(1.0 / self.metadata["render_fps"])
        return None

    def close(self) -> None:
        if self._figure is not None:
            import matplotlib.pyplot as plt

            plt.close(self._figure)
            self._figure = None


def register_env() -> str:
    """Register ``hoyle/Bagatelle-v0`` (once) and return the id."""
    env_id = "hoyle/Bagatelle-v0"
    if env_id not in gymnasium.registry:
        gymnasium.register(
            id=env_id,
            entry_point=f"{__name__}:BagatelleEnv",
            nondeterministic=False,
        )
    return env_id
