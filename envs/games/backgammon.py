"""Backgammon, as Hoffmann's *Hoyle's Games Modernized* describes it ("BACKGAMMON").

The rules follow RULES.md §21 and the book's own words (``shared/seeds``); where the book is
silent the gap is filled by an ASSUMPTION below, and where two readings are reasonable the
other one is a parameter.

The game
--------
Two players, White (player 0) and Black (player 1), fifteen men each on 24 points. Each player
counts the points from his own side (RULES.md §21.1): 1-6 his home table (1 the ace point, 6 the
six point), 7-12 his outer table (7 the bar point), 13-18 the adversary's outer table, 19-24 the
adversary's home table; the bar is 25 and men borne off are 0. A man moves from higher points
to lower ones. The starting layout, for each player: 2 on 24, 5 on 13, 3 on 8, 5 on 6.

A throw of two dice moves one man per die (the same man may take both); doublets are played
four times. A man may land on an empty point, on his own men, or on a single adverse man (a
*blot*), which is *hit* and sent to the bar; two or more men *make* a point, closed to the
adversary. A man on the bar must enter in the adversary's home table (point 25 - die) before
any other man moves. With all fifteen men in his home table a player *bears off*: a die bears a
man off the point of its number; with no man there he must move a man forward with it if he
can, and if the die is higher than his highest occupied point he bears a man off that point.
The first to bear off all fifteen wins a *hit* (1), a *gammon* (2) if the loser has borne off
no man, a *backgammon* (3, or 4 by agreement) if the loser still has a man on the bar or in the
winner's home table — by the book's words even after he has begun bearing off (assumption 6).

A whole throw is played as a sequence of single-man moves by the same player; the dice still
to play and the moves already played this throw are part of the state and of every view.

ASSUMPTIONS (RULES.md §21 and Appendix B)
-----------------------------------------
1. *The opening* (``opening``, default ``"book"``): each player throws one die, ties throwing
   again; this is modelled as one chance node over the 30 unequal pairs, equally likely (the
   same distribution as rethrowing ties). The higher die plays first and chooses to **take**
   the two dice thrown as his first throw or to **throw both again** (so a doublet may open).
   ``"modern"``: the two dice are the first throw, no choice (OpenSpiel's rule).
2. *The whole throw* (the book: "must play the whole throw if possible"): the legal plays are
   those that use the greatest possible number of dice. The modern rule "if only one die can be
   used, the larger must be" is ``larger_die`` (default ``False``, the book is silent).
3. *Bearing off*: the book's "if he cannot [move forward]" is read through its own parenthesis,
   "the die is higher than his highest occupied point": a man on a higher point that is blocked
   does not let a lower man be borne off with the higher die (the standard rule).
4. A man hit while bearing off must re-enter and come home before bearing off resumes.
5. *A throw that cannot be played at all* is lost with no decision asked: the adversary's
   throw follows at once (the throw stays in the history and the log).
6. *The value of a game* (``gammon_rule``, default ``"book"``). The book: a *hit* when "the
   adversary has got all his men into his own home table, and has begun to bear off"; a
   *gammon* when the winner has borne off all his men "before his adversary has begun to do the
   same"; a *backgammon* when he has done so "while the adversary has still a man or men 'up'
   (i.e., on the bar) or in his (the winner's) home table". The backgammon does not ask whether
   the loser has borne off any man, so a loser who began bearing off and was then hit, and still
   has that man on the bar or in the winner's home table, loses a backgammon. The book leaves
   one case undefined: a loser who has begun bearing off, was hit, and has brought the man out
   of the winner's home table but not yet into his own (it stands in the outer tables): not all
   his men are in his home table (not the book's hit), he has begun to bear off (not a gammon),
   and no man is up or in the winner's home table (not a backgammon). It is read as a **hit**
   (single game): he has begun to bear off, which is all the modern rule asks. ``"modern"``:
   any man borne off makes a single game; gammon and backgammon need a loser who has borne off
   none (OpenSpiel's ``full_scoring`` and GNU Backgammon's rule). A backgammon counts
   ``backgammon_value`` (3, "or quadruple by agreement": 4).
7. *A series* (``games``, default 1): the returns add over the games. The winner of a *hit*
   throws both dice first in the next game; after a gammon or a backgammon the opening is
   thrown again (RULES.md §21.5; the book says the winner of a hit "throws first", read as
   throwing both dice directly).
8. *The length bound* (``max_turns``, default 1000 throws per game): a game not finished
   after that many throws ends drawn (0). OpenSpiel needs a bound; no game of random play has
   come near it (``tests/games/test_backgammon.py`` measures the longest).

Parameters
----------
========================  ==========  ===========================================================
``opening``               ``book``    ``book`` (take or throw again) or ``modern``
``larger_die``            ``False``   if only one die can be used, the larger must be
``gammon_rule``           ``book``    ``book`` (a backgammon even after bearing off began) or
                                      ``modern`` (any man off: a single game); assumption 6
``backgammon_value``      ``3``       3 or 4
``games``                 ``1``       games in the series (returns add)
``max_turns``             ``1000``    throws per game before it ends drawn
========================  ==========  ===========================================================

Actions
-------
* ``move_action(source, die) = (source - 1) * 6 + die - 1`` for source 1-25 (25 the bar) and die
  1-6: move a man from ``source`` (the mover's numbering) by ``die``; 0-149.
* ``TAKE_ACTION`` (150): take the opening throw; ``REROLL_ACTION`` (151): throw both dice again.
* Chance outcomes: ``dice_outcome(high, low) = (high - 1) * 6 + low - 1``; a throw lists the
  21 outcomes with ``high >= low`` (probability 1/36 for a doublet, 2/36 otherwise); the
  opening lists the 30 outcomes ``(white - 1) * 6 + black - 1`` with ``white != black``.

Observation tensor (the player's view, every entry in [0, 1])
-----------------------------------------------------------
Tesauro's TD-Gammon encoding, made relative to the observer and with the fourth unit scaled to
stay in [0, 1]; the information-state tensor is the same (the position is all that matters).

==============  ===========  ===================================================================
``points``      (2, 24, 4)   [0] the observer's men, [1] the adversary's, on the observer's
                             point i+1: units n>=1, n>=2, n>=3, (n-3)/12
``bar``         (2,)         men on the bar / 15 (observer, adversary)
``off``         (2,)         men borne off / 15
``on_roll``     (2,)         whose decision it is (observer, adversary)
``dice``        (6,)         dice still to play this throw, count of each number / 4
``phase``       (5,)         one-hot phase
``opening``     (2, 6)       the opening dice (observer's, adversary's), while choosing
``series``      (2,)         the observer's net points (scaled to [0, 1]), games finished
==============  ===========  ===================================================================

The observation string lists the occupied points from the observer's side (``+n`` his men,
``-n`` the adversary's); the information-state string adds every throw and move so far.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState
from hoyle.envs.core.table import Counter, TableView

NUM_PLAYERS = 2
WHITE, BLACK = 0, 1
PLAYER_NAMES = ("White", "Black")
NUM_MEN = 15
NUM_POINTS = 24
OFF = 0
BAR = 25
HOME = 6
DIE_NAMES = ("", "ace", "deuce", "trois", "quatre", "cinque", "six")

NUM_MOVE_ACTIONS = BAR * 6
TAKE_ACTION = NUM_MOVE_ACTIONS
REROLL_ACTION = TAKE_ACTION + 1
NUM_DISTINCT_ACTIONS = REROLL_ACTION + 1
NUM_CHANCE_OUTCOMES = 36

# Phases (stored, never inferred).
OPENING_ROLL, OPENING_CHOICE, ROLL, MOVE, OVER = range(5)
NUM_PHASES = 5
PHASE_NAMES = ("opening throw", "take or throw again", "throw", "move", "over")

# Log codes (one byte each): a move action, take/reroll, a throw, an opening, a game's end.
_LOG_THROW = 152
_LOG_OPENING = _LOG_THROW + NUM_CHANCE_OUTCOMES
_LOG_GAME_END = _LOG_OPENING + NUM_CHANCE_OUTCOMES
_LOG_BYTES = tuple(bytes((c,)) for c in range(256))

Side = tuple[int, ...]
"""One player's men in his own numbering: 26 counts, index 0 borne off, 1-24 points, 25 bar."""
Position = tuple[Side, Side]
"""``(mover, adversary)``: the player on roll's side, then his adversary's, each in its own
numbering. The adversary's men on the mover's point ``q`` are ``adversary[25 - q]``."""
Move = tuple[int, int]
"""A single-man move ``(source, die)`` in the mover's numbering."""

START: Side = tuple(
    {24: 2, 13: 5, 8: 3, 6: 5}.get(i, 0) for i in range(BAR + 1)
)  # fmt: skip
"""The starting layout of each player (RULES.md §21.1)."""


OPENING_OUTCOMES = tuple(
    ((w - 1) * 6 + b - 1, 1 / 30) for w in range(1, 7) for b in range(1, 7) if w != b
)
"""The opening: White's die and Black's, unequal (ties throw again), each pair 1/30."""
THROWS: tuple[tuple[int, int, float], ...] = tuple(
    (h, lo, (1 if h == lo else 2) / 36) for h in range(1, 7) for lo in range(1, h + 1)
)
"""The 21 distinct throws of two dice, ``(high, low, probability)``: a doublet 1/36, any
other 2/36 (the table every agent and experiment averages over)."""
THROW_OUTCOMES = tuple(((h - 1) * 6 + lo - 1, p) for h, lo, p in THROWS)
"""A throw of two dice as chance outcomes ``(dice_outcome(high, low), probability)``."""


_UNITS_LO = bytes((1 << min(n, 3)) - 1 for n in range(256))
"""A point's men ``n`` as the observation's first three units (n>=1, n>=2, n>=3), a byte
translation table; ``_UNITS_HI`` the same units one nibble up (a point's row is 4 wide)."""
_UNITS_HI = bytes(u << 4 for u in _UNITS_LO)
_EXCESS = bytes(max(n - 3, 0) for n in range(256))
"""A point's men ``n`` as the fourth unit's numerator, n-3 (0 for three men or fewer)."""
_FOURTHS: dict[bytes, tuple[float, ...]] = {}
"""The fourth units of both sides' 48 points, by their numerators (``_EXCESS``): few
patterns occur (a point rarely holds more than three men)."""
_DICE = {
    dice: tuple(dice.count(d) / 4 for d in range(1, 7))
    for k in range(5)
    for dice in itertools.product(range(1, 7), repeat=k)
}
"""Dice still to play (any order, up to four) as the ``dice`` piece: each number's count / 4."""


def make_side(points: Mapping[int, int], off: int | None = None) -> Side:
    """A side from ``{point: men}`` in its owner's numbering (25 the bar); the men not placed
    are borne off unless ``off`` says how many are. For setting up positions by hand.

    >>> make_side({6: 5, 8: 3, 13: 5, 24: 2}) == START
    True
    """
    s = [0] * (BAR + 1)
    for point, men in points.items():
        s[point] = men
    s[OFF] = NUM_MEN - sum(s[1:]) if off is None else off
    if sum(s) != NUM_MEN or min(s) < 0:
        raise ValueError(f"a side has {NUM_MEN} men; got {points} and {off} off")
    return tuple(s)


def move_action(source: int, die: int) -> int:
    """The action moving a man from ``source`` (1-25, 25 the bar) by ``die``."""
    return (source - 1) * 6 + die - 1


def action_move(action: int) -> Move:
    """``(source, die)`` of a move action."""
    return action // 6 + 1, action % 6 + 1


def dice_outcome(high: int, low: int) -> int:
    """The chance outcome of a throw ``high``-``low`` (or of the opening dice White, Black)."""
    return (high - 1) * 6 + low - 1


def outcome_dice(outcome: int) -> tuple[int, int]:
    return outcome // 6 + 1, outcome % 6 + 1


def dice_to_play(high: int, low: int) -> tuple[int, ...]:
    """The dice a throw gives to play: four of a doublet, else both (higher first)."""
    return (high,) * 4 if high == low else (max(high, low), min(high, low))


# --- the board mechanics (pure functions of a position, shared with the agents) ------------


def pips(side: Side) -> int:
    """The pip count: the points the men of ``side`` still have to travel (bar = 25)."""
    return sum(i * n for i, n in enumerate(side))


def all_home(side: Side) -> bool:
    """All fifteen men in the home table or borne off: bearing off is allowed."""
    return not any(side[HOME + 1 :])


def sources(mover: Side, adversary: Side, die: int) -> list[int]:
    """The points a man may move from with ``die`` (ignoring the whole-throw rule)."""
    if mover[BAR]:
        return [BAR] if adversary[die] < 2 else []
    out = [src for src in range(die + 1, BAR) if mover[src] and adversary[BAR - src + die] < 2]
    if all_home(mover):
        if mover[die]:
            out.append(die)
        else:
            highest = max((i for i in range(1, HOME + 1) if mover[i]), default=0)
            if 0 < highest < die:
                out.append(highest)
        out.sort()
    return out


def step(mover: Side, adversary: Side, source: int, die: int) -> tuple[Side, Side, bool]:
    """Play one man from ``source`` by ``die`` (trusted legal). Returns the new sides and
    whether a blot was hit."""
    m = list(mover)
    m[source] -= 1
    dest = max(source - die, OFF)
    m[dest] += 1
    if dest and adversary[BAR - dest] == 1:
        a = list(adversary)
        a[BAR - dest] = 0
        a[BAR] += 1
        return tuple(m), tuple(a), True
    return tuple(m), adversary, False


def without_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The dice left after playing one ``die`` of them."""
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


@functools.lru_cache(maxsize=1 << 16)
def max_dice(mover: Side, adversary: Side, dice: tuple[int, ...]) -> int:
    """The greatest number of ``dice`` that can be played from this position."""
    best = 0
    for die in set(dice):
        rest = without_die(dice, die)
        for src in sources(mover, adversary, die):
            m, a, _ = step(mover, adversary, src, die)
            used = 1 + (max_dice(m, a, rest) if rest else 0)
            if used == len(dice):
                return used
            best = max(best, used)
    return best


def legal_moves(
    mover: Side, adversary: Side, dice: tuple[int, ...], larger_die: bool = False
) -> list[Move]:
    """The single-man moves that start a legal play of ``dice`` (the most dice that can be
    used; with ``larger_die``, the larger die when only one of two can be used), sorted by die
    then point. Two different dice are checked directly (can the other die follow?); one
    number, a doublet's or what is left of a throw, through :func:`max_dice`."""
    if len(dice) == 2 and dice[0] != dice[1]:
        return _two_dice_moves(mover, adversary, max(dice), min(dice), larger_die)
    need = max_dice(mover, adversary, dice)
    if need == 0:
        return []
    die = dice[0]
    srcs = sources(mover, adversary, die)
    if need == 1:
        return [(src, die) for src in srcs]
    rest = dice[1:]
    return [
        (src, die)
        for src in srcs
        if max_dice(*step(mover, adversary, src, die)[:2], rest) == need - 1
    ]


def _two_dice_moves(
    mover: Side, adversary: Side, high: int, low: int, larger_die: bool
) -> list[Move]:
    """:func:`legal_moves` for two different dice: the first moves after which the other die
    can be played; if none, every single move (the larger die's with ``larger_die``)."""
    first = {high: sources(mover, adversary, high), low: sources(mover, adversary, low)}
    both = [
        (src, d1)
        for d1, d2 in ((low, high), (high, low))
        for src in first[d1]
        if sources(*step(mover, adversary, src, d1)[:2], d2)
    ]
    if both:
        return both
    if larger_die and first[high]:
        return [(src, high) for src in first[high]]
    return [(src, d) for d in (low, high) for src in first[d]]


def plays(
    mover: Side, adversary: Side, dice: tuple[int, ...], larger_die: bool = False
) -> dict[Position, tuple[Move, ...]]:
    """Every distinct result of a legal whole-throw play of ``dice``, each with one sequence of
    single-man moves reaching it. The positions are ``(mover, adversary)`` after the play, in
    the same orientation (the mover is still first). A throw that cannot be played gives the
    position unchanged with the empty play.

    Every order of the dice is played out with :func:`sources` and :func:`step`, without the
    whole-throw rule, and the results that used the most dice are kept (with ``larger_die``,
    when only one of two different dice can be used, the larger's if it can be). A doublet's
    moves are tried with the men in non-increasing order of their points only: moves of one
    number commute unless one enables another, and a move only enables one from a lower point
    (the man moved on from where it landed, a man borne off once the higher men are gone).
    Each sequence returned is legal move by move (:func:`legal_moves`; tested), and the set of
    results is OpenSpiel's (``tests/games/test_backgammon_openspiel.py``). This is where every
    agent that judges whole plays spends its time, so it is written for speed.
    """
    if len(set(dice)) == 1:  # a doublet, or what is left of a throw: one number
        return _doublet_plays(mover, adversary, dice[0], len(dice))
    high, low = max(dice), min(dice)
    two: dict[Position, tuple[Move, ...]] = {}
    one: dict[Position, tuple[Move, ...]] = {}
    for d1, d2 in ((high, low), (low, high)):
        for src in sources(mover, adversary, d1):
            m, a, _ = step(mover, adversary, src, d1)
            nxt = sources(m, a, d2)
            if not nxt and not two:
                one.setdefault((m, a), ((src, d1),))
            for src2 in nxt:
                m2, a2, _ = step(m, a, src2, d2)
                two.setdefault((m2, a2), ((src, d1), (src2, d2)))
    if two:
        return two
    if not one:
        return {(mover, adversary): ()}
    if larger_die:
        larger = {pos: seq for pos, seq in one.items() if seq[0][1] == high}
        return larger or one
    return one


def _doublet_plays(
    mover: Side, adversary: Side, die: int, count: int
) -> dict[Position, tuple[Move, ...]]:
    """The plays of ``count`` dice of one number (the men in non-increasing order of points)."""
    found: dict[Position, tuple[Move, ...]] = {}
    best = 0

    def walk(m: Side, a: Side, path: tuple[Move, ...], top: int) -> None:
        nonlocal best
        moved = False
        if len(path) < count:
            for src in sources(m, a, die):
                if src <= top:
                    moved = True
                    m2, a2, _ = step(m, a, src, die)
                    walk(m2, a2, (*path, (src, die)), src)
        if not moved and len(path) >= best:
            if len(path) > best:
                best = len(path)
                found.clear()
            found.setdefault((m, a), path)

    walk(mover, adversary, (), BAR)
    return found


GAMMON_RULES = ("book", "modern")
"""The readings of a game's value (assumption 6): the book's, or the modern rule."""


def game_value(
    winner: Side, loser: Side, backgammon_value: int = 3, gammon_rule: str = "book"
) -> int:
    """What a finished game is worth: hit 1, gammon 2, backgammon 3 (or 4) (assumption 6).

    ``book``: a backgammon whenever the loser still has a man on the bar or in the winner's
    home table, a gammon if he has borne off none, otherwise a hit. ``modern``: a loser who
    has borne off a man loses a single game, whatever else.

    >>> hit_back = make_side({1: 13, 20: 1}, off=1)  # began bearing off, then was hit
    >>> game_value(make_side({}), hit_back), game_value(make_side({}), hit_back, 3, "modern")
    (3, 1)
    """
    if loser[OFF] and (gammon_rule == "modern" or not _backgammoned(loser)):
        return 1
    if _backgammoned(loser):
        return backgammon_value
    return 2


def _backgammoned(loser: Side) -> bool:
    """A man "up" (on the bar) or in the winner's home table (the loser's points 19-24)."""
    return bool(loser[BAR] or any(loser[NUM_POINTS - HOME + 1 : BAR]))


# --- notation ---------------------------------------------------------------------------------


def point_name(point: int) -> str:
    """A point of the mover's numbering in the book's words."""
    if point == BAR:
        return "the bar"
    if point == OFF:
        return "off the board"
    if point <= HOME:
        return f"his {DIE_NAMES[point]} point"
    if point == 7:
        return "his bar point"
    if point <= 12:
        return f"the {DIE_NAMES[point - 6]} point of his outer table"
    if point == 18:
        return "the adversary's bar point"
    if point <= 18:
        return f"the {DIE_NAMES[19 - point]} point of the adversary's outer table"
    return f"the adversary's {DIE_NAMES[25 - point]} point"


def _pt(point: int) -> str:
    return "bar" if point == BAR else "off" if point <= OFF else str(point)


def notation(mover: Side, adversary: Side, moves: Sequence[Move]) -> str:
    """A play in standard notation (``24/18 13/11``, ``8/5(2) 6/5*``, ``bar/22``, ``6/off``):
    a man moving on is written once with its stops only where it hit (``24/13``,
    ``13/7*/6``); identical moves are counted (``(2)``); a hit is starred."""
    legs: list[list[tuple[int, bool]]] = []  # each man's path: (point, hit there)
    m, a = mover, adversary
    for src, die in moves:
        m, a, hit = step(m, a, src, die)
        dest = max(src - die, OFF)
        for leg in reversed(legs):
            if leg[-1][0] == src and src != OFF:
                leg.append((dest, hit))
                break
        else:
            legs.append([(src, False), (dest, hit)])
    words = sorted(
        (
            "/".join(
                _pt(p) + ("*" if hit else "")
                for i, (p, hit) in enumerate(leg)
                if i in (0, len(leg) - 1) or hit
            ),
            (-leg[0][0], -leg[-1][0]),
        )
        for leg in legs
    )
    words.sort(key=lambda w: w[1])
    counts: dict[str, int] = {}
    for w, _ in words:
        counts[w] = counts.get(w, 0) + 1
    parts = [w + (f"({n})" if n > 1 else "") for w, n in counts.items()]
    return " ".join(parts) if parts else "(no play)"


def parse_play(
    mover: Side, adversary: Side, dice: tuple[int, ...], text: str, larger_die: bool = False
) -> Position:
    """The position a play written in standard notation reaches (``13/11(2) 6/5``; ``*`` is
    optional). Raises ``ValueError`` naming the legal plays if the text is not one of them."""
    legs: list[tuple[int, int]] = []
    for token in text.replace(",", " ").split():
        count = 1
        if token.endswith(")"):
            token, _, n = token[:-1].partition("(")
            count = int(n)
        pts = [BAR if p == "bar" else OFF if p == "off" else int(p)
               for p in token.replace("*", "").lower().split("/")]  # fmt: skip
        legs += [(pts[k], pts[k + 1]) for k in range(len(pts) - 1)] * count
    options = plays(mover, adversary, dice, larger_die)
    for pos in _leg_orders(mover, adversary, dice, legs, larger_die):
        if pos in options:
            return pos
    shown = ", ".join(sorted(notation(mover, adversary, s) for s in options.values()))
    raise ValueError(f"{text!r} is not a legal play of {dice}; the legal plays: {shown}")


def _leg_orders(
    mover: Side,
    adversary: Side,
    dice: tuple[int, ...],
    legs: Sequence[tuple[int, int]],
    larger_die: bool,
) -> Iterable[Position]:
    """Positions reached by playing ``legs`` (``(from, to)`` spans) with ``dice`` legally, each
    span split into single dice in any order (so ``24/13`` with 6-5 is 24/18/13 or 24/19/13)."""

    def walk(
        m: Side, a: Side, left: tuple[int, ...], todo: tuple[tuple[int, int], ...]
    ) -> Iterator[Position]:
        if not todo:
            yield (m, a)
            return
        (src, dst), rest = todo[0], todo[1:]
        for src2, die in legal_moves(m, a, left, larger_die):
            if src2 != src:
                continue
            reach = max(src - die, OFF)
            if reach < dst:
                continue
            m2, a2, _ = step(m, a, src, die)
            nxt = rest if reach == dst else ((reach, dst), *rest)
            yield from walk(m2, a2, without_die(left, die), nxt)

    yield from walk(mover, adversary, tuple(sorted(dice, reverse=True)), tuple(legs))


# --- the state ---------------------------------------------------------------------------------


class BackgammonState(PlainState):
    """The whole table: both sides, whose throw, the dice left, the series so far.

    ``men[p]`` is player p's side in his own numbering. ``played`` holds the moves of the
    current throw as ``(source, die, hit)``; ``throw`` the dice thrown (higher first).
    """

    __slots__ = (
        "dice_left",
        "game_no",
        "log",
        "men",
        "net",
        "opening",
        "phase",
        "played",
        "results",
        "throw",
        "throws",
        "turn",
    )  # fmt: skip
    phase: int
    turn: int
    men: tuple[Side, Side]
    throw: tuple[int, ...]
    dice_left: tuple[int, ...]
    played: tuple[tuple[int, int, bool], ...]
    opening: tuple[int, ...]
    game_no: int
    net: int
    results: tuple[int, ...]
    throws: int
    log: bytes


@dataclass(frozen=True)
class BackgammonView:
    """What a player sees: everything (perfect information), oriented to the observer.

    ``mine``/``theirs`` are the observer's and the adversary's sides, each in its own
    numbering; ``on_roll`` is the player to decide or throw (absolute id, -1 when over).
    """

    player: int
    phase: int
    on_roll: int
    mine: Side
    theirs: Side
    throw: tuple[int, ...]
    dice_left: tuple[int, ...]
    played: tuple[tuple[int, int, bool], ...]
    opening: tuple[int, ...]
    game_no: int
    games: int
    my_net: int
    results: tuple[int, ...]
    log: bytes = field(repr=False)
    rules: BackgammonRules = field(compare=False, repr=False)


class BackgammonRules:
    """The rules for one parameter set (see the module docstring)."""

    num_players = NUM_PLAYERS
    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CHANCE_OUTCOMES

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.opening = str(params["opening"])
        self.larger_die = bool(params["larger_die"])
        self.backgammon_value = int(params["backgammon_value"])
        self.gammon_rule = str(params["gammon_rule"])
        self.games = int(params["games"])
        self.max_turns = int(params["max_turns"])
        self.max_utility = float(self.games * self.backgammon_value)
        self.min_utility = -self.max_utility
        self.utility_sum: float | None = 0.0
        # Decisions: at most 4 moves a throw, and the opening choice, per game.
        self.max_game_length = self.games * (4 * self.max_turns + 1)
        # Chance: the opening and every throw (the opening choice's rethrow is a throw).
        self.max_chance_nodes = self.games * (self.max_turns + 1)

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> BackgammonState:
        s = object.__new__(BackgammonState)
        s.phase, s.turn, s.men = OPENING_ROLL, -1, (START, START)
        s.throw = s.dice_left = s.opening = ()
        s.played = ()
        s.game_no, s.net, s.results, s.throws, s.log = 0, 0, (), 0, b""
        s.legal_cache = None
        return s

    def current_player(self, s: BackgammonState) -> int:
        if s.phase in (OPENING_ROLL, ROLL):
            return CHANCE
        return TERMINAL if s.phase == OVER else s.turn

    def position(self, s: BackgammonState) -> Position:
        """``(mover, adversary)`` for the player on roll."""
        return s.men[s.turn], s.men[1 - s.turn]

    def legal_actions(self, s: BackgammonState) -> list[int]:
        if s.phase == OPENING_CHOICE:
            return [TAKE_ACTION, REROLL_ACTION]
        if s.phase != MOVE:
            return []
        mover, adversary = self.position(s)
        larger = self.larger_die and not s.played
        moves = legal_moves(mover, adversary, s.dice_left, larger)
        return sorted(move_action(src, die) for src, die in moves)

    def illegal_reason(self, s: BackgammonState, action: int) -> str | None:
        """Why a move is refused, in the book's terms (``ExplainsIllegal``, asked only on the
        error path): no such die, no man on the point, a man on the bar to enter first, a point
        the adversary has made, bearing off too soon or from the wrong point, the whole throw
        (assumption 2) or the larger die (``larger_die``); ``None`` elsewhere."""
        if s.phase == OPENING_CHOICE and action < NUM_MOVE_ACTIONS:
            return "first take the opening throw or throw both dice again"
        if s.phase != MOVE or not 0 <= action < NUM_MOVE_ACTIONS:
            return None
        src, die = action_move(action)
        mover, adversary = self.position(s)
        left = s.dice_left
        if die not in left:
            dice = ", ".join(str(d) for d in left) or "none"
            return f"you have no {DIE_NAMES[die]} to play (the dice left: {dice})"
        if mover[BAR] and src != BAR:
            return "a man on the bar must enter before any other man moves"
        if not mover[src]:
            return f"you have no man on {'the bar' if src == BAR else f'point {src}'}"
        dest = src - die
        if dest > OFF and adversary[BAR - dest] >= 2:
            return (
                f"point {dest} is made by the adversary ({adversary[BAR - dest]} men): "
                f"you cannot {'enter' if src == BAR else 'move'} there"
            )
        if dest <= OFF:
            if not all_home(mover):
                return "you may bear off only when all your men are in your home table"
            higher = max(i for i in range(1, HOME + 1) if mover[i])
            if dest < OFF and higher > src:
                return (
                    f"a {DIE_NAMES[die]} bears a man off point {die}, or off your highest "
                    f"point when it is lower; you have a man on point {higher}"
                )
        need = max_dice(mover, adversary, left)
        m, a, _ = step(mover, adversary, src, die)
        rest = without_die(left, die)
        lost = need - 1 - (max_dice(m, a, rest) if rest else 0)
        if lost > 0:
            dice = "one die" if lost == 1 else f"{lost} dice"
            return (
                f"you must play the whole throw if possible: after this move {dice} could not "
                "be played, and another play uses them"
            )
        if self.larger_die and not s.played and len(set(left)) == 2 and die == min(left):
            return "when only one die can be played, the move must use the larger"
        return None

    def chance_outcomes(self, s: BackgammonState) -> list[tuple[int, float]]:
        if s.phase == OPENING_ROLL:
            return list(OPENING_OUTCOMES)
        return list(THROW_OUTCOMES) if s.phase == ROLL else []

    def apply_action(self, s: BackgammonState, action: int) -> None:
        phase = s.phase
        if phase == OPENING_ROLL:
            white, black = outcome_dice(action)
            s.log += _LOG_BYTES[_LOG_OPENING + action]
            s.opening = (white, black)
            s.turn = WHITE if white > black else BLACK
            if self.opening == "book":
                s.phase = OPENING_CHOICE
            else:
                s.throws += 1
                self._start_throw(s, max(white, black), min(white, black))
        elif phase == OPENING_CHOICE:
            s.log += _LOG_BYTES[action]
            if action == TAKE_ACTION:
                s.throws += 1
                self._start_throw(s, max(s.opening), min(s.opening))
            else:
                s.phase = ROLL
        elif phase == ROLL:
            s.log += _LOG_BYTES[_LOG_THROW + action]
            s.throws += 1
            self._start_throw(s, *outcome_dice(action))
        else:
            s.log += _LOG_BYTES[action]
            src, die = action_move(action)
            me = s.turn
            mover, adversary, hit = step(s.men[me], s.men[1 - me], src, die)
            s.men = (mover, adversary) if me == WHITE else (adversary, mover)
            s.played = (*s.played, (src, die, hit))
            s.dice_left = without_die(s.dice_left, die)
            if mover[OFF] == NUM_MEN:
                value = game_value(mover, adversary, self.backgammon_value, self.gammon_rule)
                self._end_game(s, me, value)
            elif not s.dice_left or not max_dice(mover, adversary, s.dice_left):
                self._pass_turn(s)

    def _start_throw(self, s: BackgammonState, a: int, b: int) -> None:
        s.opening = ()
        s.throw = (max(a, b), min(a, b))
        s.dice_left = dice_to_play(a, b)
        s.played = ()
        s.phase = MOVE
        if not max_dice(*self.position(s), s.dice_left):
            self._pass_turn(s)

    def _pass_turn(self, s: BackgammonState) -> None:
        s.turn = 1 - s.turn
        s.dice_left = ()
        if s.throws >= self.max_turns:
            self._end_game(s, s.turn, 0)
        else:
            s.phase = ROLL

    def _end_game(self, s: BackgammonState, winner: int, value: int) -> None:
        s.log += _LOG_BYTES[_LOG_GAME_END]
        signed = value if winner == WHITE else -value
        s.net += signed
        s.results = (*s.results, signed)
        s.dice_left = ()
        s.game_no += 1
        if s.game_no >= self.games:
            s.phase = OVER
            return
        s.men, s.throw, s.played, s.throws = (START, START), (), (), 0
        if value == 1:  # the winner of a hit throws both dice first (ASSUMPTION 7)
            s.turn, s.phase, s.opening = winner, ROLL, ()
        else:
            s.turn, s.phase, s.opening = -1, OPENING_ROLL, ()

    def returns(self, s: BackgammonState) -> list[float]:
        # Terminal rewards: a series pays its net at the end (the view shows it as it grows).
        net = s.net if s.phase == OVER else 0
        return [float(net), float(-net)]

    # --- strings -------------------------------------------------------------------------
    def action_to_string(self, s: BackgammonState, player: int, action: int) -> str:
        if player == CHANCE:
            a, b = outcome_dice(action)
            if s.phase == OPENING_ROLL:
                return f"White throws {a}, Black throws {b}"
            return f"throw {a}-{b}"
        if action == TAKE_ACTION:
            return "take the opening throw" + (f" {max(s.opening)}-{min(s.opening)}"
                                               if s.opening else "")  # fmt: skip
        if action == REROLL_ACTION:
            return "throw both dice again"
        src, die = action_move(action)
        dest = max(src - die, OFF)
        article = "an" if die == 1 else "a"
        return (f"{_pt(src)}/{_pt(dest)}: {article} {DIE_NAMES[die]}, from {point_name(src)} "
                f"to {point_name(dest)}")  # fmt: skip

    def state_string(self, s: BackgammonState) -> str:
        # The whole table in White's numbering, with the history of the game.
        return "Backgammon, White's side of the table\n" + self.view_string(
            self.player_view(s, WHITE), True
        )

    # --- information (perfect: the view is the whole table, oriented) -----------------------
    def player_view(self, s: BackgammonState, player: int) -> BackgammonView:
        return BackgammonView(
            player=player,
            phase=s.phase,
            on_roll=-1 if s.phase == OVER else s.turn,
            mine=s.men[player],
            theirs=s.men[1 - player],
            throw=s.throw,
            dice_left=s.dice_left,
            played=s.played,
            opening=s.opening,
            game_no=s.game_no,
            games=self.games,
            my_net=s.net if player == WHITE else -s.net,
            results=s.results,
            log=s.log,
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        del perfect_recall  # The position is all that matters: the same tensor.
        return [
            ("points", (2, NUM_POINTS, 4)),
            ("bar", (2,)),
            ("off", (2,)),
            ("on_roll", (2,)),
            ("dice", (6,)),
            ("phase", (NUM_PHASES,)),
            ("opening", (2, 6)),
            ("series", (2,)),
        ]

    def encode_view(
        self, view: BackgammonView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        del perfect_recall
        points = out["points"]
        for owner, side in enumerate((view.mine, view.theirs)):
            for i in range(1, NUM_POINTS + 1):
                n = side[i] if owner == 0 else side[BAR - i]
                if n:
                    row = points[owner, i - 1]
                    row[0] = 1.0
                    row[1] = n >= 2
                    row[2] = n >= 3
                    row[3] = max(n - 3, 0) / 12
            out["bar"][owner] = side[BAR] / NUM_MEN
            out["off"][owner] = side[OFF] / NUM_MEN
        if view.on_roll >= 0:
            out["on_roll"][0 if view.on_roll == view.player else 1] = 1.0
        for d in view.dice_left:
            out["dice"][d - 1] += 0.25
        out["phase"][view.phase] = 1.0
        if view.phase == OPENING_CHOICE:
            mine, theirs = view.opening[view.player], view.opening[1 - view.player]
            out["opening"][0, mine - 1] = 1.0
            out["opening"][1, theirs - 1] = 1.0
        most = view.games * self.backgammon_value
        out["series"][0] = 0.5 + view.my_net / (2 * most)
        out["series"][1] = view.game_no / view.games

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`)."""
        return offsets(self.tensor_pieces(False))

    @functools.cached_property
    def _values(self) -> tuple[int, ...]:
        at = self._at
        points = at["points"]
        return (
            *range(points + 3, points + 2 * NUM_POINTS * 4, 4),
            at["bar"],
            at["bar"] + 1,
            at["off"],
            at["off"] + 1,
            *range(at["dice"], at["dice"] + 6),
            at["series"],
            at["series"] + 1,
        )

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        del perfect_recall  # The same tensor.
        return self._values

    def tensor_bits(
        self, s: BackgammonState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        mine, theirs = bytes(s.men[me]), bytes(s.men[1 - me])
        # Point i+1's row is nibble i: the even points' units from the low nibbles, the odd
        # points' from the high ones; the adversary's men on my point q are theirs[25 - q].
        b = (
            int.from_bytes(mine[1:BAR:2].translate(_UNITS_LO), "little")
            | int.from_bytes(mine[2:BAR:2].translate(_UNITS_HI), "little")
            | (
                int.from_bytes(theirs[NUM_POINTS:0:-2].translate(_UNITS_LO), "little")
                | int.from_bytes(theirs[NUM_POINTS - 1 : 0 : -2].translate(_UNITS_HI), "little")
            )
            << (NUM_POINTS * 4)
        ) << at["points"]
        phase = s.phase
        if phase != OVER and s.turn >= 0:
            b |= 1 << (at["on_roll"] + (s.turn != me))
        b |= 1 << (at["phase"] + phase)
        if phase == OPENING_CHOICE:
            opening = at["opening"] - 1
            b |= 1 << (opening + s.opening[me]) | 1 << (opening + 6 + s.opening[1 - me])
        excess = (mine[1:BAR] + theirs[NUM_POINTS:0:-1]).translate(_EXCESS)
        fourth = _FOURTHS.get(excess)
        if fourth is None:
            if len(_FOURTHS) >= 1 << 16:
                _FOURTHS.clear()
            fourth = _FOURTHS[excess] = tuple(n / 12 for n in excess)
        most = self.games * self.backgammon_value
        net = s.net if me == WHITE else -s.net
        return b, [
            *fourth,
            mine[BAR] / NUM_MEN,
            theirs[BAR] / NUM_MEN,
            mine[OFF] / NUM_MEN,
            theirs[OFF] / NUM_MEN,
            *_DICE[s.dice_left],
            0.5 + net / (2 * most),
            s.game_no / self.games,
        ]

    def view_string(self, view: BackgammonView, perfect_recall: bool) -> str:
        me, adv = view.player, 1 - view.player
        lines = [f"{PLAYER_NAMES[me]} (you), {PHASE_NAMES[view.phase]}"]
        if view.games > 1:
            lines[0] += f"; game {min(view.game_no + 1, view.games)} of {view.games}, " \
                        f"your net {view.my_net:+d}"  # fmt: skip
        if view.phase == OPENING_CHOICE:
            lines.append(f"opening dice: you {view.opening[me]}, adversary {view.opening[adv]}")
        elif view.on_roll >= 0:
            who = "you" if view.on_roll == me else "the adversary"
            line = f"on roll: {who}"
            if view.phase == MOVE:
                line += f", throw {view.throw[0]}-{view.throw[1]}, to play " + " ".join(
                    map(str, view.dice_left)
                )
                if view.played:
                    line += f"; played {_played(view.played)}"
            lines.append(line)
        cells = []
        for i in range(1, NUM_POINTS + 1):
            if view.mine[i]:
                cells.append(f"{i}:+{view.mine[i]}")
            if view.theirs[BAR - i]:
                cells.append(f"{i}:-{view.theirs[BAR - i]}")
        lines.append("points (yours +, adversary -): " + " ".join(cells))
        lines.append(
            f"bar: you {view.mine[BAR]}, adversary {view.theirs[BAR]}; off: you "
            f"{view.mine[OFF]}, adversary {view.theirs[OFF]}; pips: you {pips(view.mine)}, "
            f"adversary {pips(view.theirs)}"
        )
        if view.results:
            lines.append("games: " + " ".join(f"{r if me == WHITE else -r:+d}"
                                              for r in view.results))  # fmt: skip
        if perfect_recall:
            lines.append("history: " + history_string(view.log))
        return "\n".join(lines)

    def table_view(self, s: BackgammonState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view. The board holds men, not cards,
        so it is laid out as **counters, no zones**: ``point 1`` .. ``point 24`` in the
        viewer's own numbering (his home table 1-6, as the observation string counts), each
        the number of men there and, as ``owner``, the seat whose men they are (``None`` on
        an empty point: a point never holds both colours); each side's men on the bar and
        borne off, and its pip count; the throw, the dice still to play and the moves already
        played this throw; the opening dice while they are to be taken or thrown again; the
        phase; with a series, the game and the viewer's net points. The book's game has no
        doubling cube, so no cube counter. The log: every event, moves in the mover's own
        numbering (as the information-state string gives them)."""
        view = self.player_view(s, player)
        me, adv = view.player, 1 - view.player
        counters = []
        for i in range(1, NUM_POINTS + 1):
            mine, theirs = view.mine[i], view.theirs[BAR - i]
            owner = me if mine else adv if theirs else None
            counters.append(Counter(f"point {i}", mine or theirs, owner))
        for q, side in ((me, view.mine), (adv, view.theirs)):
            counters += [
                Counter(f"{PLAYER_NAMES[q]} on the bar", side[BAR], q),
                Counter(f"{PLAYER_NAMES[q]} borne off", side[OFF], q),
                Counter(f"{PLAYER_NAMES[q]} pips", pips(side), q),
            ]
        counters.append(Counter("phase", PHASE_NAMES[view.phase]))
        if view.phase == OPENING_CHOICE:
            counters += [Counter(f"{PLAYER_NAMES[q]} opening die", view.opening[q], q)
                         for q in (WHITE, BLACK)]  # fmt: skip
        if view.phase == MOVE:
            counters.append(Counter("throw", f"{view.throw[0]}-{view.throw[1]}", view.on_roll))
            counters.append(Counter("dice to play", " ".join(map(str, view.dice_left))))
            if view.played:
                counters.append(Counter("played", _played(view.played), view.on_roll))
        if view.games > 1:
            counters.append(Counter("game", f"{min(view.game_no + 1, view.games)} of {view.games}"))
            counters.append(Counter("net points", view.my_net, me))
        return TableView(player=player, to_move=view.on_roll, counters=tuple(counters),
                         log=tuple(history_words(view.log)), seats=PLAYER_NAMES)  # fmt: skip

    def card_zones(self, s: BackgammonState) -> Mapping[str, int]:
        """The men as 'cards': White's fifteen are bits 0-14 and Black's 15-29, numbered in
        order over the points, so the zones partition all thirty iff no man appears or
        vanishes (the conformance suite's check)."""
        zones: dict[str, int] = {}
        for p, side in enumerate(s.men):
            bit = p * NUM_MEN
            for i, n in enumerate(side):
                if n:
                    zones[f"{PLAYER_NAMES[p]} {_pt(i)}"] = ((1 << n) - 1) << bit
                    bit += n
        return zones


def _played(played: Sequence[tuple[int, int, bool]]) -> str:
    return " ".join(f"{_pt(s)}/{_pt(max(s - d, OFF))}{'*' if h else ''}" for s, d, h in played)


def history_string(log: bytes) -> str:
    """Every event of the log in order: openings, take/again, throws, moves, game ends."""
    return " ".join(history_words(log))


def history_words(log: bytes) -> list[str]:
    """The events of the log, one string each (moves in the mover's numbering)."""
    words = []
    for c in log:
        if c < NUM_MOVE_ACTIONS:
            src, die = action_move(c)
            words.append(f"{_pt(src)}/{_pt(max(src - die, OFF))}")
        elif c == TAKE_ACTION:
            words.append("take")
        elif c == REROLL_ACTION:
            words.append("again")
        elif c < _LOG_OPENING:
            a, b = outcome_dice(c - _LOG_THROW)
            words.append(f"[{a}-{b}]")
        elif c < _LOG_GAME_END:
            a, b = outcome_dice(c - _LOG_OPENING)
            words.append(f"[opening W{a} B{b}]")
        else:
            words.append("[game over]")
    return words


def make_rules(params: Mapping[str, ParamValue]) -> BackgammonRules:
    return BackgammonRules(params)


GAME = register(
    GameSpec(
        short_name="backgammon",
        title="Backgammon",
        book=HOFFMANN,
        section="BACKGAMMON",
        make_rules=make_rules,
        params={
            "opening": Param(
                "book",
                "book: the higher single die takes the two dice or throws both again; "
                "modern: the two dice are the first throw (ASSUMPTION)",
                ("book", "modern"),
            ),
            "larger_die": Param(
                False, "if only one die can be used, the larger must be (modern; ASSUMPTION)"
            ),
            "backgammon_value": Param(3, "value of a backgammon (4 by agreement)", (3, 4)),
            "gammon_rule": Param(
                "book",
                "book: a backgammon while the loser has a man on the bar or in the winner's "
                "home table, even after he began bearing off; modern: any man borne off makes "
                "a single game",
                GAMMON_RULES,
            ),
            "games": Param(
                1, "games in a series; the winner of a hit throws first next", low=1, high=100
            ),
            "max_turns": Param(
                1000, "throws per game before it ends drawn (ASSUMPTION)", low=1, high=10_000
            ),
        },
        min_players=2,
        max_players=2,
        perfect_information=True,
        variants={
            "modern": {"opening": "modern", "larger_die": True, "gammon_rule": "modern"},
            "series": {"games": 3, "backgammon_value": 4},
        },
        no_tiny="A game ends only when a side has borne off all fifteen men, and its one bound "
        "(max_turns) ends it drawn: with the modern opening, max_turns=1 has 989 nodes and every "
        "return 0, and max_turns=2 already has 2,170,969 nodes.",
        reference="backgammon(scoring_type=full_scoring)",
        version=1,  # 1: the book's backgammon after bearing off began (gammon_rule)
        summary="The race of fifteen men round the tables, with hitting and bearing off.",
    )
)
