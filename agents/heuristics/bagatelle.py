"""The book's strokes at Bagatelle (Hoffmann, Hoyle's Games Modernized, BAGATELLE).

For a position the player draws up the strokes a person would consider, each a
:class:`Candidate` aimed by geometry on the model's own numbers (the deceleration, the
restitutions, the capture speed): the black struck into the 9 or toward the 8 (the ghost-ball
aim: the struck ball meets the black where the line from the cup through the black leaves it),
each empty cup by a ball sent straight at it or "off the cushion", and a slow ball sent round the
cushion. A stroke whose path is blocked by a ball, or crosses another empty cup slowly enough to
drop there, is left out. The book's hints, in its order, narrow the candidates
(:class:`~hoyle.agents.heuristics.hints.HintPolicy`); of those left the one for the most points
is played (the black counts double), a seeded RNG breaking ties.

1. ``black-first`` -- "The black ball counts double, and a good player will, therefore,
   endeavour to get this into the centre hole": while the black lies on the board, play it.
2. ``black-lightly-right`` -- "it is, therefore, safer play to strike it lightly on the right
   side, and so drive it towards the 8, into which it may probably be coaxed by a subsequent
   ball": the black toward the 8 rather than straight at the 9.
3. ``off-the-cushion`` -- "The approved methods of play ... as to holes 4, 5, 6, 7, 8, 9 ...
   the ball being so struck as to go 'off the cushion' into the desired hole".
4. ``round-the-cushion`` -- "It frequently happens that a number of balls lie at distances
   less than their own diameter from the semicircular cushion at top. In such case, a ball sent
   slowly round the cushion will strike them all in succession, and, driving them towards the
   centre, may hole one or more of them. If, on the other hand, the balls in question are more
   than their own diameter from the cushion, the ball sent in pursuit of them will run
   harmlessly round": a ball within its own diameter of the top cushion is played so.

:class:`BookStrokes` plays the continuous strokes (the Gymnasium env's); ``heuristic`` for the
OpenSpiel game (:func:`from_spec`) plays the legal action nearest its stroke.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.heuristics.hints import Hint, HintPolicy, register_hints, resolve_hint
from hoyle.envs.games.bagatelle.physics import EMPTY, Physics, Stroke
from hoyle.envs.games.bagatelle.rules import BLACK, Break
from hoyle.envs.games.bagatelle.table import CUP_NUMBERS, Board

BLACK_TO_NINE, BLACK_TO_EIGHT, STRAIGHT_AT, OFF_CUSHION, ROUND_CUSHION = range(5)
KIND_NAMES = ("the black into the 9", "the black toward the 8", "straight", "off the cushion",
              "round the cushion")  # fmt: skip
#: How fast a ball should reach its cup, as a share of the capture speed: slow enough to drop,
#: fast enough to cross the cups before it.
ARRIVE = 0.85
#: The cushion's curve takes speed off a ball sent round it (measured on the default table).
ROUND_LOSS = 1.25


@dataclass(frozen=True)
class Candidate:
    """A stroke a player would consider: what kind, which cup it aims for, and the stroke."""

    kind: int
    cup: int
    stroke: Stroke
    black: bool = False

    @property
    def worth(self) -> int:
        return self.cup * (2 if self.black else 1)


Position = tuple[Break, Board, Physics, tuple[Candidate, ...]]


def _keep(kinds: set[int]) -> Any:
    def narrow(view: Position, legal: Sequence[int]) -> list[int]:
        cands = view[3]
        return [i for i in legal if cands[i].kind in kinds]

    return narrow


def _black_first(view: Position, legal: Sequence[int]) -> list[int]:
    return [i for i in legal if view[3][i].black]


def _round_cushion(view: Position, legal: Sequence[int]) -> list[int]:
    return [i for i in legal if view[3][i].kind == ROUND_CUSHION]


SOURCE = "Hoffmann, Hoyle's Games Modernized, BAGATELLE"
HINTS = register_hints(
    "bagatelle",
    (
        Hint("bagatelle.black-first", SOURCE,
             "the black counts double: get it into the centre hole", _black_first),
        Hint("bagatelle.black-lightly-right", SOURCE,
             "strike the black lightly on the right side, toward the 8, not straight at the 9",
             _keep({BLACK_TO_EIGHT})),
        Hint("bagatelle.off-the-cushion", SOURCE,
             "into holes 4 to 9 off the cushion", _keep({OFF_CUSHION, ROUND_CUSHION})),
        Hint("bagatelle.round-the-cushion", SOURCE,
             "a ball close under the top cushion: send a slow ball round the cushion",
             _round_cushion),
    ),
)  # fmt: skip


# --- aiming ---------------------------------------------------------------------------------


def _launch(physics: Physics, rolled: float, arrive: float) -> float:
    """The speed that leaves a ball ``arrive`` in/s after rolling ``rolled`` inches."""
    return math.sqrt(arrive * arrive + 2 * physics.deceleration * rolled)


def _angle(dx: float, dy: float) -> float:
    """Degrees from straight up the board, positive to the right."""
    return math.degrees(math.atan2(dx, dy))


def _clear(
    a: tuple[float, float],
    b: tuple[float, float],
    brk: Break,
    board: Board,
    skip: Iterable[int] = (),
    target: int = 0,
) -> bool:
    """Whether a ball rolling from ``a`` to ``b`` meets no ball lying, or sunk in a cup other
    than ``target``, on the way."""
    gap = board.ball_diameter * 0.98
    lying = [(x, y) for ball, x, y in brk.lying if ball not in set(skip)]
    sunk = [xy for c, xy in enumerate(board.cup_centres()) if brk.cups[c] != EMPTY]
    return all(not 0 < t < _length(a, b) + gap or d >= gap for t, d in _along(a, b, lying + sunk))


def _length(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _along(
    a: tuple[float, float], b: tuple[float, float], points: Iterable[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Each point's distance along the line from ``a`` to ``b`` and its distance from it."""
    length = _length(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return [((px - a[0]) * ux + (py - a[1]) * uy, abs((px - a[0]) * uy - (py - a[1]) * ux))
            for px, py in points]  # fmt: skip


def _arrival(
    a: tuple[float, float], b: tuple[float, float], brk: Break, board: Board, physics: Physics,
    target: int, low: float,
) -> float | None:  # fmt: skip
    """The speed to reach ``b`` with, at least ``low``, so as to run over every empty cup on
    the way fast enough not to drop there (with a margin); ``None`` if that is too fast to
    drop into ``target`` (a target of 0: anything goes)."""
    length = _length(a, b)
    centres = board.cup_centres()
    empty = [centres[c] for c in range(len(centres)) if brk.cups[c] == EMPTY and c + 1 != target]
    need = low
    for t, d in _along(a, b, empty):
        if 0 < t < length and d < physics.capture_radius:
            fast = 1.1 * physics.capture_speed
            need = max(
                need, math.sqrt(max(fast * fast - 2 * physics.deceleration * (length - t), 0.0))
            )
    if target and need > 0.97 * physics.capture_speed:
        return None
    return need


def starts(brk: Break, board: Board) -> list[float]:
    """The places on the baulk line the player may strike from, as he would try them."""
    if not brk.black_hit:
        return [board.spot_b[0]]
    span = board.baulk_half_span
    return [span * k / 4 for k in range(-4, 5)]


def ghost_shot(
    brk: Break, board: Board, physics: Physics, x0: float, obj: tuple[float, float], cup: int,
    ball: int, roll: float | None = None,
) -> Stroke | None:  # fmt: skip
    """Strike from ``x0`` at the ball ``ball`` lying at ``obj`` so that it runs into ``cup``,
    or, with ``roll``, runs that many inches toward it and stops (struck "lightly")."""
    ox, oy = obj
    tx, ty = board.cup_centre(cup)
    dist_o = math.hypot(tx - ox, ty - oy)
    ux, uy = (tx - ox) / dist_o, (ty - oy) / dist_o
    gx, gy = ox - board.ball_diameter * ux, oy - board.ball_diameter * uy
    sx, sy = x0, board.baulk
    dist_c = math.hypot(gx - sx, gy - sy)
    dx, dy = (gx - sx) / dist_c, (gy - sy) / dist_c
    cut = dx * ux + dy * uy
    if cut < 0.2 or dy <= 0.05:
        return None
    if roll is None:
        end = (tx, ty)
        got = _arrival(obj, end, brk, board, physics, cup, ARRIVE * physics.capture_speed)
        if got is None:
            return None
        v_obj = _launch(physics, dist_o, got)
    else:
        end = (ox + roll * ux, oy + roll * uy)
        v_obj = _launch(physics, roll, 0.0)
    v_hit = v_obj / (cut * (1 + physics.ball_restitution) / 2)
    speed = _launch(physics, dist_c, v_hit)
    if speed > physics.max_speed:
        return None
    if not _clear((sx, sy), (gx, gy), brk, board, skip=(ball,)):
        return None
    if not _clear(obj, end, brk, board, skip=(ball,), target=cup):
        return None
    return Stroke(x0, _angle(dx, dy), speed)


def short_of(board: Board, brk: Break, obj: tuple[float, float], cup: int) -> float | None:
    """How far a ball at ``obj`` can roll toward ``cup`` and stop before the first empty cup
    on its way (``None`` when that is less than an inch)."""
    ox, oy = obj
    tx, ty = board.cup_centre(cup)
    dist = math.hypot(tx - ox, ty - oy)
    ux, uy = (tx - ox) / dist, (ty - oy) / dist
    first = dist
    for c, (x, y) in enumerate(board.cup_centres()):
        t = (x - ox) * ux + (y - oy) * uy
        if (
            brk.cups[c] == EMPTY
            and 0 < t < first
            and abs((x - ox) * uy - (y - oy) * ux) < board.ball_diameter
        ):
            first = t
    roll = first - board.ball_diameter - 0.5
    return roll if roll >= 1.0 else None


def straight_shot(brk: Break, board: Board, physics: Physics, x0: float, cup: int) -> Stroke | None:
    """A ball sent straight from ``x0`` into ``cup``."""
    tx, ty = board.cup_centre(cup)
    sx, sy = x0, board.baulk
    dist = math.hypot(tx - sx, ty - sy)
    arrive = _arrival((sx, sy), (tx, ty), brk, board, physics, cup, ARRIVE * physics.capture_speed)
    if arrive is None or not _clear((sx, sy), (tx, ty), brk, board, target=cup):
        return None
    speed = _launch(physics, dist, arrive)
    if speed > physics.max_speed:
        return None
    return Stroke(x0, _angle(tx - sx, ty - sy), speed)


def cushion_shot(
    brk: Break, board: Board, physics: Physics, x0: float, cup: int, side: int
) -> Stroke | None:
    """A ball from ``x0`` off the side cushion (``side`` -1 left, +1 right) into ``cup``: the
    cushion keeps the ball's speed along it and returns ``cushion_restitution`` of the rest."""
    e = physics.cushion_restitution
    w = board.width / 2 - board.ball_radius
    tx, ty = board.cup_centre(cup)
    sx, sy = x0, board.baulk
    dx1, dx2 = w - side * sx, w - side * tx
    if dx1 <= 0.5 or dx2 <= 0:
        return None
    cot = (ty - sy) / (dx1 + dx2 / e)
    phi = math.atan2(1.0, cot)  # from straight up, toward the cushion
    hit_y = sy + dx1 * cot
    if hit_y > board.head_centre[1] - board.ball_diameter:
        return None  # the bank would be off the curved head, not the straight side
    sin, cos = math.sin(phi), math.cos(phi)
    d1 = dx1 / sin
    d2 = math.hypot(dx2, dx2 * cos / (e * sin))
    hit = (side * w, hit_y)
    arrive = _arrival(hit, (tx, ty), brk, board, physics, cup, ARRIVE * physics.capture_speed)
    if arrive is None:
        return None
    after = _launch(physics, d2, arrive)
    before = after / math.sqrt((e * sin) ** 2 + cos**2)
    speed = _launch(physics, d1, before)
    if speed > physics.max_speed:
        return None
    if _arrival((sx, sy), hit, brk, board, physics, 0, before) != before:
        return None  # it would cross a cup slowly on the way to the cushion
    if not _clear((sx, sy), hit, brk, board) or not _clear(hit, (tx, ty), brk, board, target=cup):
        return None
    return Stroke(x0, side * math.degrees(phi), speed)


def under_top_cushion(brk: Break, board: Board) -> list[tuple[int, float, float]]:
    """The balls lying less than their own diameter from the head's cushion."""
    cx, cy = board.head_centre
    inner = board.head_radius - board.ball_radius
    return [(b, x, y) for b, x, y in brk.lying
            if y > cy and inner - math.hypot(x - cx, y - cy) < board.ball_diameter]  # fmt: skip


def round_shot(board: Board, physics: Physics, target: tuple[float, float]) -> Stroke:
    """A slow ball sent up the side cushion on the target's side and round the head."""
    cx, cy = board.head_centre
    x, y = target
    side = -1.0 if x < 0 else 1.0
    w = board.baulk_half_span
    turn = math.atan2(y - cy, side * (x - cx))  # from the side, round to the ball
    rolled = (cy - board.baulk) + w * max(turn, 0.0)
    speed = min(
        _launch(physics, rolled * ROUND_LOSS, 0.6 * physics.capture_speed), physics.max_speed
    )
    return Stroke(side * w, 0.0, speed)


def candidates(brk: Break, board: Board, physics: Physics) -> tuple[Candidate, ...]:
    """Every stroke the book's player would consider here (module docstring)."""
    out: list[Candidate] = []
    black = next(((x, y) for b, x, y in brk.lying if b == BLACK), None)
    xs = starts(brk, board)
    if black is not None:
        for cup, kind in ((9, BLACK_TO_NINE), (8, BLACK_TO_EIGHT)):
            if brk.cups[cup - 1] != EMPTY:
                continue
            shots = [s for x in xs if (s := ghost_shot(brk, board, physics, x, black, cup, BLACK))]
            roll = (
                short_of(board, brk, black, cup) if not shots and kind == BLACK_TO_EIGHT else None
            )
            if roll is not None:  # lightly: toward the cup, to be coaxed in later
                shots = [s for x in xs
                         if (s := ghost_shot(brk, board, physics, x, black, cup, BLACK, roll))]  # fmt: skip
            if shots:
                out.append(Candidate(kind, cup, min(shots, key=lambda s: abs(s.angle)), True))
    if not brk.black_hit:
        if not out and black is not None:  # no aimed shot: just hit the black
            by = black[1]
            out.append(
                Candidate(
                    STRAIGHT_AT, 0, Stroke(0.0, 0.0, _launch(physics, by - board.baulk, 8.0)), True
                )
            )
        return tuple(out)
    for cup in CUP_NUMBERS:
        if brk.cups[cup - 1] != EMPTY:
            continue
        direct = [s for x in xs if (s := straight_shot(brk, board, physics, x, cup))]
        if direct:
            out.append(Candidate(STRAIGHT_AT, cup, min(direct, key=lambda s: s.speed)))
        if cup >= 4:
            banked = [s for x in xs for side in (-1, 1)
                      if (s := cushion_shot(brk, board, physics, x, cup, side))]  # fmt: skip
            if banked:
                out.append(Candidate(OFF_CUSHION, cup, min(banked, key=lambda s: s.speed)))
    near = under_top_cushion(brk, board)
    if near:
        b, x, y = max(near, key=lambda p: p[0] == BLACK)
        out.append(Candidate(ROUND_CUSHION, 0, round_shot(board, physics, (x, y)), b == BLACK))
    return tuple(out)


class BookStrokes:
    """The book's player on the continuous table: candidates narrowed by the enabled hints."""

    def __init__(self, board: Board, physics: Physics, off: Iterable[str] = (), seed: int = 0):
        self.board, self.physics = board, physics
        gone = {resolve_hint("bagatelle", name) for name in off}  # an unknown name raises
        enabled = [h.id for h in HINTS if h.id not in gone]
        self.policy = HintPolicy(HINTS, enabled, seed)
        self.last_reason: str | None = None

    def choose(self, brk: Break) -> Stroke:
        """The stroke for ``brk``; ``last_reason`` names the hint (or kind) that chose it."""
        cands = candidates(brk, self.board, self.physics)
        if not cands:
            self.last_reason = "no aimed stroke: up the middle"
            return Stroke(0.0, 0.0, _launch(self.physics, 60.0, 6.0))
        view: Position = (brk, self.board, self.physics, cands)
        i, chooser = self.policy.choose(view, range(len(cands)), prefer=lambda k: cands[k].worth)
        self.last_reason = chooser or KIND_NAMES[cands[i].kind]
        return cands[i].stroke


class BookStrokesBot(HoyleBot):
    """``heuristic`` for ``hoyle_bagatelle``: the book's stroke, as the nearest legal action."""

    def __init__(self, game: Any, seed: int = 0, off: tuple[str, ...] = (), name: str = ""):
        super().__init__(game, seed, name or "heuristic")
        self.rules = game.rules
        self.book = BookStrokes(self.rules.board, self.rules.physics, off, seed)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.book.policy.rng.seed(seed)

    def step(self, state: Any) -> int:
        brk = state.s.match.brk
        action = int(self.rules.nearest_action(self.book.choose(brk)))
        self.last_reason = self.book.last_reason
        legal = state.legal_actions()
        return action if action in legal else int(legal[len(legal) // 2])


def from_spec(
    game: Any, options: Mapping[str, str], off: Iterable[str], seed: int, spec: str
) -> BookStrokesBot:
    """Build ``heuristic[,-<hint>...]`` for Bagatelle (called by the agent factory)."""
    if options:
        raise ValueError(f"heuristic for bagatelle takes no options, not {sorted(options)}")
    return BookStrokesBot(game, seed, tuple(off), spec)
