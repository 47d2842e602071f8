"""The rules of Bagatelle: a break of eight balls and a game of breaks (package docstring).

Plain data throughout: a :class:`Break` is the balls lying at rest, the cups' contents, how many
balls have been played and whether the black has been hit; a :class:`Match` adds the players'
totals, the round and whose break it is. Strokes go through :func:`simulate`, which is
deterministic; the rules draw nothing (noise on a stroke is the caller's, applied to the stroke
before it is played).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hoyle.envs.games.bagatelle.physics import EMPTY, Lying, Outcome, Physics, Stroke, simulate
from hoyle.envs.games.bagatelle.table import NUM_CUPS, Board

#: The black ball; the player's eight balls are 1-8, played in that order.
BLACK = 0
BALLS_PER_BREAK = 8
NUM_BALLS = BALLS_PER_BREAK + 1


def colour(ball: int) -> str:
    """The ball's colour: the black, then white and red in turn (four of each)."""
    if ball == BLACK:
        return "black"
    return "white" if ball % 2 == 1 else "red"


@dataclass(frozen=True)
class Break:
    """One player's turn of eight balls ("break"), between strokes (every ball at rest)."""

    lying: tuple[Lying, ...]
    cups: tuple[int, ...]
    played: int = 0
    black_hit: bool = False
    off: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.played == BALLS_PER_BREAK

    @property
    def next_ball(self) -> int:
        if self.over:
            raise ValueError("all eight balls of the break have been played")
        return self.played + 1


def new_break(board: Board) -> Break:
    """The black on spot a, the cups empty, eight balls in the player's hand."""
    ax, ay = board.spot_a
    return Break(lying=((BLACK, ax, ay),), cups=(EMPTY,) * NUM_CUPS)


def cups_score(cups: tuple[int, ...]) -> int:
    """ "For every ball lying in a cup, the number of the cup, and double for the black"."""
    return sum(
        (c + 1) * (2 if ball == BLACK else 1) for c, ball in enumerate(cups) if ball != EMPTY
    )


def break_score(brk: Break) -> int:
    """What the break scores as it lies."""
    return cups_score(brk.cups)


def start_of(brk: Break, board: Board, x: float) -> tuple[float, float]:
    """Where a ball struck with start ``x`` is placed: spot b until the black has been hit,
    then anywhere on the baulk line (assumption 13). Raises on a place the rules forbid."""
    if not brk.black_hit:
        if x != board.spot_b[0]:
            raise ValueError(
                f"until the black has been hit the ball is placed on spot b, not at x={x:g} "
                "(Hoffmann, Hoyle's Games Modernized, BAGATELLE)"
            )
        return board.spot_b
    if abs(x) > board.baulk_half_span:
        raise ValueError(
            f"x={x:g} is off the board: a ball is placed within "
            f"{board.baulk_half_span:g} in of the centre line"
        )
    return (x, board.baulk)


def check_stroke(brk: Break, board: Board, physics: Physics, stroke: Stroke) -> None:
    """Raise a one-line error for a stroke the rules or the table do not allow."""
    if brk.over:
        raise ValueError("the break is over: all eight balls have been played")
    if not 0 < stroke.speed <= physics.max_speed:
        raise ValueError(f"speed {stroke.speed:g} in/s is not in (0, {physics.max_speed:g}]")
    if not -90 < stroke.angle < 90:
        raise ValueError(f"angle {stroke.angle:g} does not point up the board (-90, 90)")
    start_of(brk, board, stroke.x)


def play_stroke(
    brk: Break, board: Board, physics: Physics, stroke: Stroke, trace_every: int = 0
) -> tuple[Break, Outcome]:
    """Play the next ball with ``stroke``; return the break after it and the raw outcome.

    A ball that misses the black before the black has been hit is taken off "whether it fall
    into a hole or not"; balls driven back past half-way (or left short of it) are taken off.
    """
    check_stroke(brk, board, physics, stroke)
    ball = brk.next_ball
    out = simulate(
        board,
        physics,
        brk.lying,
        brk.cups,
        ball,
        start_of(brk, board, stroke.x),
        stroke,
        black=BLACK,
        trace_every=trace_every,
    )
    cups, lying, off = out.cups, out.lying, out.off
    if not brk.black_hit and not out.touched_black:
        cups = tuple(EMPTY if b == ball else b for b in cups)
        lying = tuple(p for p in lying if p[0] != ball)
        if ball not in off:
            off = (*off, ball)
    after = Break(
        lying=lying,
        cups=cups,
        played=brk.played + 1,
        black_hit=brk.black_hit or out.touched_black,
        off=brk.off + off,
    )
    return after, out


@dataclass(frozen=True)
class Match:
    """A game of Bagatelle between ``players`` (assumption 14): each plays a break in turn,
    ``rounds`` rounds; the highest aggregate wins; the players tied for the lead play another
    round, up to ``extra_rounds`` more, after which they share the win."""

    players: int
    rounds: int
    extra_rounds: int
    scores: tuple[int, ...]
    round: int
    contenders: tuple[int, ...]
    turn: int
    brk: Break
    finished: bool = False

    @property
    def player(self) -> int:
        """Whose break it is."""
        return self.contenders[self.turn]


def new_match(board: Board, players: int = 2, rounds: int = 3, extra_rounds: int = 3) -> Match:
    if players < 1 or rounds < 1 or extra_rounds < 0:
        raise ValueError("a game needs a player, a round, and no negative extra rounds")
    return Match(
        players=players,
        rounds=rounds,
        extra_rounds=extra_rounds,
        scores=(0,) * players,
        round=0,
        contenders=tuple(range(players)),
        turn=0,
        brk=new_break(board),
    )


def leaders(scores: tuple[int, ...], among: tuple[int, ...]) -> tuple[int, ...]:
    best = max(scores[p] for p in among)
    return tuple(p for p in among if scores[p] == best)


def match_stroke(
    m: Match, board: Board, physics: Physics, stroke: Stroke, trace_every: int = 0
) -> tuple[Match, Outcome]:
    """Play the next ball of the current break; at its end score it and pass the turn."""
    if m.finished:
        raise ValueError("the game is over")
    brk, out = play_stroke(m.brk, board, physics, stroke, trace_every)
    if not brk.over:
        return replace(m, brk=brk), out
    scores = list(m.scores)
    scores[m.player] += break_score(brk)
    m = replace(m, scores=tuple(scores), brk=new_break(board))
    if m.turn + 1 < len(m.contenders):
        return replace(m, turn=m.turn + 1), out
    top = leaders(m.scores, m.contenders)
    last = m.round + 1 >= m.rounds + m.extra_rounds
    if m.round + 1 < m.rounds:
        return replace(m, round=m.round + 1, turn=0), out
    if len(top) == 1 or last or m.players == 1:
        return replace(m, contenders=top, turn=0, finished=True), out
    return replace(m, round=m.round + 1, turn=0, contenders=top), out


def match_winners(m: Match) -> tuple[int, ...]:
    """The winners of a finished game (several where a tie outlasted the extra rounds)."""
    if not m.finished:
        raise ValueError("the game is not over")
    return m.contenders
