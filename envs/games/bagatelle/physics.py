"""One stroke of Bagatelle on Chipmunk2D (pymunk): from balls at rest to balls at rest.

The book gives no physics; the model is the package docstring's assumptions 6-11: balls roll
with a constant deceleration (the cloth), collide with each other and the cushion with a
restitution and no friction between them (no spin), and a ball whose centre passes within the
capture radius of an empty cup below the capture speed drops in and stays; a ball in a cup
stands half out of it, a fixed obstacle to the others. A ball on the player's side of the
half-way line moving toward him is taken off at once (the book: "driven back towards the player
more than half-way down the board ... removed"), and so is a ball that comes to rest short of it
(assumption 12).

Each stroke builds a fresh space from plain data (the balls lying, the cups' contents) and steps
it with a fixed time step, so the same stroke from the same position always gives the same
result, and a state is a few tuples of floats that copy, compare and serialise as they are.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pymunk

from hoyle.envs.games.bagatelle.table import NUM_CUPS, Board

#: A cup with no ball in it.
EMPTY = -1

# Collision types: the struck ball, the black, every other ball and the cushion.
_STRUCK, _BLACK, _OTHER = 1, 2, 3

#: A ball lying on the board: (ball, x, y).
Lying = tuple[int, float, float]


@dataclass(frozen=True)
class Physics:
    """The ball model (package docstring, assumptions 6-11); inches and seconds."""

    deceleration: float = 6.0
    ball_restitution: float = 0.9
    cushion_restitution: float = 0.7
    capture_speed: float = 12.0
    capture_radius: float = 0.75
    max_speed: float = 60.0
    time_step: float = 1.0 / 240.0
    max_time: float = 60.0

    def __post_init__(self) -> None:
        if self.deceleration <= 0 or self.time_step <= 0 or self.max_time <= 0:
            raise ValueError("deceleration, time step and time limit must be positive")
        if not (0 < self.ball_restitution <= 1 and 0 < self.cushion_restitution <= 1):
            raise ValueError("restitutions must lie in (0, 1]")
        if self.capture_speed < 0 or self.capture_radius < 0 or self.max_speed <= 0:
            raise ValueError("capture speed, capture radius and top speed must be positive")


@dataclass(frozen=True)
class Stroke:
    """Where the ball is placed on the baulk line and how it is struck.

    ``x`` across the board (inches, positive to the player's right); ``angle`` in degrees from
    straight up the board, positive toward the player's right; ``speed`` in inches per second.
    """

    x: float
    angle: float
    speed: float

    def velocity(self) -> tuple[float, float]:
        a = math.radians(self.angle)
        return (self.speed * math.sin(a), self.speed * math.cos(a))


@dataclass(frozen=True)
class Outcome:
    """What one stroke did: the balls at rest, the cups, what was taken off, and whether the
    struck ball touched the black; ``path`` holds snapshots of the moving balls when traced."""

    lying: tuple[Lying, ...]
    cups: tuple[int, ...]
    off: tuple[int, ...]
    touched_black: bool
    steps: int
    path: tuple[tuple[Lying, ...], ...] = field(default=(), compare=False)
    energy: tuple[float, ...] = field(default=(), compare=False)


#: How many strokes :func:`simulate` remembers (the most recently played).
STROKE_MEMORY = 4096


def simulate(
    board: Board,
    physics: Physics,
    lying: tuple[Lying, ...],
    cups: tuple[int, ...],
    ball: int,
    start: tuple[float, float],
    stroke: Stroke,
    black: int = 0,
    trace_every: int = 0,
    remember: bool = True,
) -> Outcome:
    """Strike ``ball`` from ``start`` with ``stroke`` among the balls ``lying`` at rest.

    ``cups`` holds, by cup number - 1, the ball in it or :data:`EMPTY`. With ``trace_every``
    > 0 every that many steps the positions of the balls on the board are kept in ``path``.

    The same stroke from the same position always gives the same outcome, so the last
    :data:`STROKE_MEMORY` untraced strokes are remembered: a state rebuilt from its history
    (deserialised, re-dealt by a search, stepped through by a wrapper) replays its strokes
    without simulating them again. ``remember=False`` always simulates.
    """
    if trace_every or not remember:
        return play_out(board, physics, lying, cups, ball, start, stroke, black, trace_every)
    try:
        return _remembered(board, physics, lying, cups, ball, start, stroke, black)
    except TypeError:  # a position given in lists: unhashable, so simulated afresh
        return play_out(board, physics, lying, cups, ball, start, stroke, black)


def forget() -> None:
    """Forget every remembered stroke (to time the simulator itself: ``hoyle bagatelle speed``)."""
    _remembered.cache_clear()


def play_out(
    board: Board,
    physics: Physics,
    lying: tuple[Lying, ...],
    cups: tuple[int, ...],
    ball: int,
    start: tuple[float, float],
    stroke: Stroke,
    black: int = 0,
    trace_every: int = 0,
) -> Outcome:
    """:func:`simulate`, always simulated: the stroke stepped through Chipmunk."""
    if len(cups) != NUM_CUPS:
        raise ValueError(f"there are {NUM_CUPS} cups, not {len(cups)}")
    space = pymunk.Space()
    space.collision_slop = 1e-4
    space.iterations = 20
    r = board.ball_radius
    ball_e = math.sqrt(physics.ball_restitution)
    outline = board.cushion()
    for p, q in zip(outline, outline[1:] + outline[:1], strict=True):
        seg = pymunk.Segment(space.static_body, p, q, 0.0)
        seg.elasticity = physics.cushion_restitution / ball_e
        seg.friction = 0.0
        space.add(seg)
    centres = board.cup_centres()
    cup_list = list(cups)
    for c, occupant in enumerate(cup_list):
        if occupant != EMPTY:
            _add_sunk(space, centres[c], r, ball_e)

    bodies: dict[int, pymunk.Body] = {}
    shapes: dict[int, pymunk.Circle] = {}
    for b, x, y in (*lying, (ball, start[0], start[1])):
        body = pymunk.Body(1.0, math.inf)
        body.position = (x, y)
        shape = pymunk.Circle(body, r)
        shape.elasticity = ball_e
        shape.friction = 0.0
        shape.collision_type = _STRUCK if b == ball else _BLACK if b == black else _OTHER
        space.add(body, shape)
        bodies[b] = body
        shapes[b] = shape
    bodies[ball].velocity = stroke.velocity()

    touched: list[bool] = [False]

    def on_black(arbiter: Any, space: Any, data: Any) -> None:
        touched[0] = True

    space.on_collision(_STRUCK, _BLACK, begin=on_black)

    dt = physics.time_step
    slow = physics.deceleration * dt
    cx, cy = board.head_centre
    near_ring = board.ring_radius + physics.capture_radius
    half_way = board.half_way
    off: list[int] = []
    path: list[tuple[Lying, ...]] = []
    energy: list[float] = []
    max_steps = math.ceil(physics.max_time / dt)
    steps = 0
    while steps < max_steps:
        space.step(dt)
        steps += 1
        moving = False
        for b in list(bodies):
            body = bodies[b]
            vx, vy = _velocity(body)
            if vx == 0.0 and vy == 0.0:
                continue
            speed = math.hypot(vx, vy)
            x, y = _position(body)
            if y < half_way and vy < 0:
                space.remove(bodies.pop(b), shapes.pop(b))
                off.append(b)
                continue
            if speed <= slow:
                _set_velocity(body, 0.0, 0.0)
            else:
                k = 1.0 - slow / speed
                _set_velocity(body, vx * k, vy * k)
                moving = True
            if speed <= physics.capture_speed and math.hypot(x - cx, y - cy) <= near_ring:
                for c, (ux, uy) in enumerate(centres):
                    if (
                        cup_list[c] == EMPTY
                        and math.hypot(x - ux, y - uy) <= physics.capture_radius
                    ):
                        space.remove(bodies.pop(b), shapes.pop(b))
                        cup_list[c] = b
                        _add_sunk(space, centres[c], r, ball_e)
                        break
        if trace_every and (steps % trace_every == 0 or not moving):
            path.append(_positions(bodies))
            energy.append(sum(0.5 * body.velocity.length_squared for body in bodies.values()))
        if not moving:
            break
    rest = _positions(bodies)
    short = tuple(b for b, _, y in rest if y < half_way)
    return Outcome(
        lying=tuple(p for p in rest if p[0] not in short),
        cups=tuple(cup_list),
        off=(*off, *short),
        touched_black=touched[0],
        steps=steps,
        path=tuple(path),
        energy=tuple(energy),
    )


#: :func:`play_out` remembering its last :data:`STROKE_MEMORY` strokes (untraced).
_remembered = functools.lru_cache(maxsize=STROKE_MEMORY)(play_out)

Velocity = Callable[[pymunk.Body], tuple[float, float]]
SetVelocity = Callable[[pymunk.Body, float, float], None]


def public_accessors() -> tuple[Velocity, SetVelocity, Velocity]:
    """A body's velocity (get, set) and position through pymunk's public properties."""

    def velocity(body: pymunk.Body) -> tuple[float, float]:
        v = body.velocity
        return v.x, v.y

    def set_velocity(body: pymunk.Body, vx: float, vy: float) -> None:
        body.velocity = (vx, vy)

    def position(body: pymunk.Body) -> tuple[float, float]:
        p = body.position
        return p.x, p.y

    return velocity, set_velocity, position


def fast_accessors() -> tuple[Velocity, SetVelocity, Velocity] | None:
    """The same through Chipmunk's C functions, as pymunk 7 binds them, or None where this
    pymunk binds them otherwise.

    The per-step loop reads and writes every moving ball's velocity: through the properties
    this costs about as much as the physics step itself. The C functions are not pymunk's
    public interface, so they are used only after a probe shows they read and write what the
    properties do; otherwise :func:`public_accessors` serve, with the same results.
    """
    try:
        from pymunk._chipmunk import lib

        get_v, set_v, get_p = lib.cpBodyGetVelocity, lib.cpBodySetVelocity, lib.cpBodyGetPosition

        def velocity(body: pymunk.Body) -> tuple[float, float]:
            v = get_v(body._body)
            return v.x, v.y

        def set_velocity(body: pymunk.Body, vx: float, vy: float) -> None:
            set_v(body._body, (vx, vy))

        def position(body: pymunk.Body) -> tuple[float, float]:
            p = get_p(body._body)
            return p.x, p.y

        probe = pymunk.Body(1.0, math.inf)
        probe.position = (1.5, -2.25)
        set_velocity(probe, 3.0, -4.5)
        if velocity(probe) != (3.0, -4.5) or position(probe) != (1.5, -2.25):
            return None
        if (probe.velocity.x, probe.velocity.y) != (3.0, -4.5):
            return None
    except (ImportError, AttributeError, TypeError):
        return None
    return velocity, set_velocity, position


_velocity, _set_velocity, _position = fast_accessors() or public_accessors()


def _add_sunk(space: pymunk.Space, centre: tuple[float, float], r: float, e: float) -> None:
    """A ball sunk in a cup: half of it stands above the board, fixed."""
    sunk = pymunk.Circle(space.static_body, r, centre)
    sunk.elasticity = e
    sunk.friction = 0.0
    space.add(sunk)


def _positions(bodies: dict[int, pymunk.Body]) -> tuple[Lying, ...]:
    return tuple(
        (b, float(body.position[0]), float(body.position[1])) for b, body in sorted(bodies.items())
    )
