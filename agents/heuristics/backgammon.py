"""The book's hints for Backgammon (RULES.md §21.6): a heuristic player that judges whole plays.

The player (``heuristic`` for ``hoyle_backgammon``) is a :class:`~hoyle.agents.throw.ThrowBot`:
for each throw it lists the distinct legal plays (the position each leaves and one sequence of
moves reaching it) and runs the book's hints, as a
:class:`~hoyle.agents.heuristics.hints.HintPolicy`, over the *indices* of those plays. A hint
sees a :class:`PlayChoice` -- the player's view and the plays -- so it judges each play by the
position it leaves; each keeps the plays it prefers or has no opinion; a seeded RNG breaks the
ties left. ``last_reason`` is the id of the hint that narrowed last.

The hints, in priority order (switch one off with ``heuristic:-<name>``)
--------------------------------------------------------------------------
The book's (Hoyle's Games Modernized, BACKGAMMON, "Hints for Play"; RULES.md §21.6):

``backgammon.opening`` (§21.6.3; the book's table, ``OPENINGS`` below)
    On the first throw of a game from the starting position, play the book's recommended play
    for the style (``style=hit`` "merely aims at securing a hit"; ``style=gammon`` the "more
    risky game upon the chance of securing a gammon"). It goes first because it is the book's
    specific rule for the one position it covers. It also decides the book's opening choice
    (take the opening dice or throw both again, :func:`opening_choice`); switched off, the
    player always takes the dice.
``backgammon.make-points`` (§21.6.1)
    "Make points whenever you fairly can, especially in or close to your home table": keep the
    plays that leave the most points made (two or more men), each point weighted by
    :func:`point_weight` (3 in the home table and on the bar point, 2 in the outer table, 1
    elsewhere), so a point broken counts against the point made (*fairly*, below). No opinion
    when contact is broken: the book values a made point because it "secures such men from
    capture, and at the same time impedes the onward march of the enemy", and in a race
    neither can happen.
``backgammon.avoid-blots`` (§21.6.2)
    "Avoid the leaving of blots, particularly where they are likely to be hit": keep the plays
    whose blots the adversary can hit with the fewest of his 36 throws (:func:`shots`, an exact
    count), with the book's two qualifications as rules (below).

The play the book takes for granted, after the book's hints (each breaks the ties they leave):

``backgammon.hit``
    Hit: keep the plays that cost the adversary the most pips by sending men to the bar (the
    book: a hit man "however far advanced it may have been, has to begin its journey anew").
    Coming after ``avoid-blots``, it hits only when that is no less safe.
``backgammon.escape``
    Enter and escape: keep the plays that leave the fewest men on the bar or in the adversary's
    home table (the book's journey "from the ace point in his opponent's home table"), while
    there is contact.
``backgammon.bear-off``
    Bear off as many men as possible (the object: "first to get all the player's men into his
    own inner table, and then to play them out of it again").
``backgammon.race``
    With contact broken, bring the men home: keep the plays that leave the fewest men outside
    the home table, then the fewest pips outside it.

ASSUMPTIONS (the book gives the principle; the numbers are ours)
------------------------------------------------------------------
1. *Contact*: some man of the mover is still behind some man of the adversary (counting men on
   the bar). Without contact, ``make-points`` and ``avoid-blots`` have no opinion.
2. *"Especially in or close to your home table"*: a made point weighs :data:`HOME_WEIGHT` (3)
   on points 1-7 (the home table and the bar point next to it), :data:`OUTER_WEIGHT` (2) on
   8-12, 1 on the adversary's side. (Measured against these weights: flat weights 1/1/1 lost
   0.21 +- 0.11 points a game, 4/2/1 played the same within +-0.12, 500 games each.)
3. *"Whenever you fairly can"*: when the play does not give up as much as it gains. The score
   counts every point the play leaves made, so a play that makes a point by breaking another of
   the same weight makes nothing, and one that breaks a heavier point loses; the risk of the
   blots is left to ``avoid-blots``, the next hint. (A reading that also capped the risk -- a
   point made fairly only by a play leaving at most 6 more shots than the safest play -- lost
   0.14 +- 0.11 points a game to this one over 500 seeded games with the seats swapped.)
4. *"The advantages of spreading your men, in readiness to make points, may more than
   counterbalance the risk"*: a blot in the mover's outer table (points 7-12, a *builder*
   within a throw of his home table) is not counted by ``avoid-blots`` when the adversary
   can hit it with at most :data:`BUILDER_SHOTS` (10) throws -- fewer than the 11 of any one
   number: the adversary's "hitting chances are small" (indirect shots only).
5. *"In certain critical conditions of the game it is sometimes even desirable to be hit,
   inasmuch as it enables you to make a fresh start from your adversary's home table"*: when
   the mover is behind in the race by more than :data:`LATE_BEHIND_PIPS` (40 pips, about five
   throws) and the adversary is bearing in (at most :data:`BEARING_IN_OUTSIDE` (3) of his men
   outside his home table), ``avoid-blots`` has no opinion: the race is lost, and a man sent
   back may yet take up one of the adversary's men as he brings them home.
6. *The opening choice* (:func:`opening_choice`): the book ranks the opening throws -- aces
   best, then sixes, then trois, then trois ace and six ace; other doublets good; any throw
   whose numbers differ by two good -- and calls no throw bad. Score a throw by that ranking
   (:data:`BOOK_RANK`: 5, 4, 3, 2 for the five named, 1 for the other good throws, 0 for the
   rest); take the opening dice when their score is at least the expected score of a fresh
   throw of both dice (29/36), else throw again. So the player takes 3-1, 6-1, 5-3, 4-2 and
   6-4 and throws the other opening dice again: by the book's own ranking a fresh throw can
   only be as good or better than an ordinary one.
7. ``style=gammon`` changes only the opening table (the book gives the bolder play there only).

The shot counter
----------------
:func:`shots` counts the adversary's throws (out of 36) that hit a blot: a man entering from
the bar on it, or a man reaching it with one die, with both dice (the intermediate point not
closed), or with two to four steps of a doublet (every intermediate point open), after the men
on the bar have entered; each hitting line must also be part of a legal play of the whole throw
(the greatest number of dice, and the larger die if that rule is on), checked with the game's
own :func:`~hoyle.envs.games.backgammon.max_dice`. The tests compare it with a brute force over
every legal play of every throw.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.agents.heuristics.hints import Hint, HintPolicy, register_hints, resolve_hint
from hoyle.agents.throw import Play, ThrowBot
from hoyle.envs.games.backgammon import (
    BAR,
    HOME,
    NUM_POINTS,
    OFF,
    REROLL_ACTION,
    START,
    TAKE_ACTION,
    THROWS,
    Move,
    Position,
    Side,
    dice_to_play,
    max_dice,
    parse_play,
    pips,
    sources,
    step,
    without_die,
)
from hoyle.envs.games.backgammon import GAME as BACKGAMMON_SPEC

STYLES = ("hit", "gammon")


@dataclass(frozen=True)
class Opening:
    """The book's advice for one opening throw."""

    throw: tuple[int, int]
    plays: Mapping[str, str]
    """The recommended play for each style (``hit``, ``gammon``); the same when one is given."""
    alternatives: Mapping[str, str] = field(default_factory=dict)
    """Other plays the book mentions, keyed by the book's words for them."""
    note: str = ""


def _one(throw: tuple[int, int], play: str, **kw: object) -> Opening:
    return Opening(throw, {"hit": play, "gammon": play}, **kw)  # type: ignore[arg-type]


def _two(throw: tuple[int, int], hit: str, gammon: str, **kw: object) -> Opening:
    return Opening(throw, {"hit": hit, "gammon": gammon}, **kw)  # type: ignore[arg-type]


OPENINGS: Mapping[tuple[int, int], Opening] = {
    o.throw: o
    for o in (
        _one((1, 1), "8/7(2) 6/5(2)"),
        _two(
            (2, 1),
            "13/11 24/23",
            "13/11 6/5",
            note="the book says the ace goes 'from the six to the ace point', impossible with "
            "a 1; read as 6/5, the wording it uses for 5-1 (RULES.md Appendix B)",
        ),
        _two((2, 2), "6/4(2) 24/22(2)", "6/4(2) 13/11(2)"),
        _one((3, 1), "8/5 6/5"),
        _one((3, 2), "13/10 13/11", alternatives={"timid, for a hit": "13/8"}),
        _two(
            (3, 3),
            "8/5(2) 24/21(2)",
            "8/5(2) 6/3(2)",
            alternatives={"some make the bar point": "13/7(2)"},
        ),
        _one((4, 1), "13/9 24/23", alternatives={"timid, not recommended": "13/8"}),
        _one((4, 2), "8/4 6/4"),
        _one((4, 3), "13/9 13/10"),
        _two((4, 4), "24/20(2) 13/9(2)", "13/5(2)"),
        _two((5, 1), "13/8 24/23", "13/8 6/5"),
        _one((5, 2), "13/8 13/11"),
        _one((5, 3), "8/3 6/3"),
        _one(
            (5, 4),
            "24/15",
            note="the book says 'to the trois point in his outer table', but nine pips from "
            "24 is 15, the adversary's quatre point; 24/15 is the only nine-pip move of one "
            "man from 24 (RULES.md Appendix B)",
        ),
        _one((5, 5), "13/3(2)"),
        _one((6, 1), "13/7 8/7"),
        _one((6, 2), "13/5"),
        _one((6, 3), "24/15"),
        _one((6, 4), "24/14"),
        _one((6, 5), "24/13"),
        _one((6, 6), "24/18(2) 13/7(2)"),
    )
}
"""The book's opening table (RULES.md §21.6 hint 3), keyed by ``(high, low)``."""


# --- the shot counter ---------------------------------------------------------------------------

_THROWS: tuple[tuple[int, int, int], ...] = tuple((h, lo, round(36 * p)) for h, lo, p in THROWS)
"""The 21 distinct throws ``(high, low, ways out of 36)``, from the game's :data:`THROWS`."""


def blots(side: Side) -> list[int]:
    """The points (1-24, the side's own numbering) where ``side`` has exactly one man."""
    return [p for p in range(1, NUM_POINTS + 1) if side[p] == 1]


def _line_legal(
    hitter: Side,
    target: Side,
    line: Sequence[Move],
    dice: tuple[int, ...],
    larger_die: bool,
) -> bool:
    """Whether the moves ``line`` (each one geometrically possible) begin a legal play of
    ``dice`` by ``hitter``: what is left of the throw can still be played as far as the
    whole-throw rule demands (the game's own ``max_dice``)."""
    h, t = hitter, target
    rest = dice
    for src, die in line:
        h, t, _ = step(h, t, src, die)
        rest = without_die(rest, die)
    if not rest:
        return True
    if len(rest) == 1:
        if sources(h, t, rest[0]):
            return True
        can = 0
    else:
        can = max_dice(h, t, rest)
        if can == len(rest):
            return True
    need = max_dice(hitter, target, dice)
    if can != need - len(line):
        return False
    if larger_die and need == 1 and len(dice) == 2 and dice[0] != dice[1]:
        big = max(dice)
        return line[0][1] == big or not sources(hitter, target, big)
    return True


class _Shooter:
    """One adversary on roll against one set of blots: which throws hit (see :func:`shots`).

    Points are in the hitter's numbering; ``opened[u]``: the hitter may land on ``u``."""

    def __init__(self, hitter: Side, target: Side, goals: frozenset[int], larger: bool) -> None:
        self.hitter, self.target, self.goals, self.larger = hitter, target, goals, larger
        self.opened = [target[BAR - u] < 2 for u in range(BAR)]
        self._movers: dict[int, list[int]] = {}

    def movers(self, die: int) -> list[int]:
        """The hitter's points (1-24) from which a man can move ``die`` and stay on the board."""
        if die not in self._movers:
            h, o = self.hitter, self.opened
            self._movers[die] = [u for u in range(die + 1, BAR) if h[u] and o[u - die]]
        return self._movers[die]

    def single_legal(self, src: int, die: int, other: int, goal: int) -> bool:
        """A hit from ``src`` with ``die`` (no man on the bar), ``other`` still to play."""
        if goal > other and self.opened[goal - other]:
            return True  # the hitter goes on with the other die
        for u in self.movers(other):
            if u != src or self.hitter[u] > 1:
                return True  # another man plays the other die
        dice = (max(die, other), min(die, other))
        return _line_legal(self.hitter, self.target, ((src, die),), dice, self.larger)

    def hits(self, high: int, low: int) -> bool:
        """Whether the throw ``high``-``low`` hits one of the goals in some legal play."""
        hitter, goals, opened = self.hitter, self.goals, self.opened
        on_bar = hitter[BAR]
        if high == low:
            return self._doublet(high)
        if on_bar >= 2:
            return any(
                BAR - d in goals
                and _line_legal(hitter, self.target, ((BAR, d),), (high, low), self.larger)
                for d in (high, low)
            )
        if on_bar == 1:
            for d, e in ((high, low), (low, high)):
                entry = BAR - d
                if not opened[entry]:
                    continue
                line = ((BAR, d),)
                if entry in goals and _line_legal(
                    hitter, self.target, line, (high, low), self.larger
                ):
                    return True
                for goal in goals:
                    src = goal + e
                    if src <= NUM_POINTS and (hitter[src] or src == entry):
                        return True  # both dice used: always a legal play
            return False
        for goal in goals:
            for d, e in ((high, low), (low, high)):
                src = goal + d
                if src <= NUM_POINTS and hitter[src] and self.single_legal(src, d, e, goal):
                    return True
                src += e
                if src <= NUM_POINTS and hitter[src] and opened[goal + e]:
                    return True  # one man, both dice: always a legal play
        return False

    def _doublet(self, d: int) -> bool:
        hitter, target, opened = self.hitter, self.target, self.opened
        dice = (d,) * 4
        on_bar = hitter[BAR]
        entered = hitter
        entries: tuple[Move, ...] = ()
        if on_bar:
            if not opened[BAR - d]:
                return False
            if BAR - d in self.goals:
                return True  # every legal play starts by entering there
            if on_bar >= 4:
                return False
            entries = ((BAR, d),) * on_bar
            tgt = target
            for mv in entries:
                entered, tgt, _ = step(entered, tgt, *mv)
        free = 4 - len(entries)
        for goal in self.goals:
            for j in range(1, free + 1):
                src = goal + j * d
                if src > NUM_POINTS or (j > 1 and not opened[goal + (j - 1) * d]):
                    break  # off the board, or the path passes a closed point
                if entered[src]:
                    if not entries and self._rest_playable(src, goal, d, 4 - j):
                        return True
                    line = (*entries, *((src - i * d, d) for i in range(j)))
                    if _line_legal(hitter, target, line, dice, self.larger):
                        return True
        return False

    def _rest_playable(self, src: int, goal: int, d: int, rest: int) -> bool:
        """A sufficient test that ``rest`` more steps of ``d`` can be played after one man
        went from ``src`` to ``goal`` (no man on the bar): other men that can each step once,
        and the hitting man going on over open points."""
        if rest <= 0:
            return True
        others = sum(self.hitter[u] for u in self.movers(d)) - (src in self.movers(d))
        point = goal - d
        while others < rest and point >= 1 and self.opened[point]:
            others += 1
            point -= d
        return others >= rest


def shots(
    mover: Side,
    adversary: Side,
    targets: Iterable[int] | None = None,
    larger_die: bool = False,
) -> int:
    """How many of his 36 throws let ``adversary`` (now on roll) hit a blot of ``mover``.

    ``mover``/``adversary`` are in their own numberings, as after the mover's play;
    ``targets`` restricts the count to some of the mover's blots (points 1-24 in the mover's
    numbering; default all of them). Exact: it respects the men on the bar (they enter first),
    closed intermediate points, doublets, and the whole-throw rule (``larger_die`` as in the
    game's parameter)."""
    points = blots(mover) if targets is None else [p for p in targets if mover[p] == 1]
    if not points:
        return 0
    goals = frozenset(BAR - p for p in points)
    back = BAR if adversary[BAR] else max((u for u in range(1, BAR) if adversary[u]), default=0)
    if back <= min(goals):
        return 0  # no adverse man behind any blot
    shooter = _Shooter(adversary, mover, goals, larger_die)
    return sum(ways for high, low, ways in _THROWS if shooter.hits(high, low))


def contact(mover: Side, adversary: Side) -> bool:
    """Whether a man of one side is still behind a man of the other (the bar counts)."""
    back_m = max((p for p in range(1, BAR + 1) if mover[p]), default=0)
    back_a = max((p for p in range(1, BAR + 1) if adversary[p]), default=0)
    return back_m + back_a > BAR


# --- the opening ------------------------------------------------------------------------------

BOOK_RANK: Mapping[tuple[int, int], int] = {
    (h, lo): {(1, 1): 5, (6, 6): 4, (3, 3): 3, (3, 1): 2, (6, 1): 2}.get(
        (h, lo), 1 if h == lo or h - lo == 2 else 0
    )
    for h in range(1, 7)
    for lo in range(1, h + 1)
}
"""The book's ranking of opening throws as scores (ASSUMPTION 6): "double aces are reckoned
the best, and double sixes next best. Double trois comes third, followed by trois ace and six
ace. Doublets, if playable, are good ... Any throw in which the higher of the two numbers is
two in advance of the other ... is also good"."""

RETHROW_SCORE = sum(BOOK_RANK[(h, lo)] * w for h, lo, w in _THROWS) / 36
"""The expected :data:`BOOK_RANK` of a fresh throw of both dice (29/36)."""


def opening_choice(high: int, low: int) -> bool:
    """Whether to take the opening dice ``high``-``low`` (else throw both again): take them
    when the book ranks them at least as well as a fresh throw is expected to be."""
    return BOOK_RANK[(max(high, low), min(high, low))] >= RETHROW_SCORE


@functools.lru_cache(maxsize=64)
def opening_position(high: int, low: int, style: str) -> Position:
    """The position the book's opening play of ``high``-``low`` leaves (mover first)."""
    entry = OPENINGS[(max(high, low), min(high, low))]
    return parse_play(START, START, dice_to_play(high, low), entry.plays[style])


# --- the hints -------------------------------------------------------------------------------

HOME_WEIGHT = 3
"""Weight of a made point in the home table or on the bar point (ASSUMPTION 2)."""
OUTER_WEIGHT = 2
"""Weight of a made point in the rest of the outer table (ASSUMPTION 2)."""
BUILDER_SHOTS = 10
"""A builder in the outer table hit by at most this many throws is not a risk (ASSUMPTION 4)."""
BUILDER_ZONE = range(7, 13)
"""The points where a blot is a builder: the mover's outer table (ASSUMPTION 4)."""
LATE_BEHIND_PIPS = 40
"""Behind in the race by more than this, being hit may pay (ASSUMPTION 5)."""
BEARING_IN_OUTSIDE = 3
"""The adversary is bearing in with at most this many men outside his home table
(ASSUMPTION 5)."""


def point_weight(point: int) -> int:
    """How much the book values a made point (ASSUMPTION 2)."""
    if point <= 7:
        return HOME_WEIGHT
    return OUTER_WEIGHT if point <= 12 else 1


_WEIGHTS = tuple(point_weight(p) if 1 <= p <= NUM_POINTS else 0 for p in range(BAR + 1))


def made_points(side: Side) -> int:
    """The weighted count of the points ``side`` has made (two or more men)."""
    return sum(w for n, w in zip(side, _WEIGHTS, strict=True) if n >= 2)


def outside_home(side: Side) -> tuple[int, int]:
    """Men outside the home table, and their pips to reach it (the bar counts)."""
    men = sum(side[HOME + 1 :])
    return men, sum(n * (p - HOME) for p, n in enumerate(side) if p > HOME)


@dataclass
class PlayChoice:
    """What a hint sees: the player's view, the plays of the throw, and cached judgements.

    ``plays[i]`` is ``(position after, moves)`` with the mover first; the hints narrow over
    the indices. The judgements (shots, made points, ...) are computed once per play."""

    view: Any
    plays: Sequence[Play]
    style: str = "hit"
    larger_die: bool = False
    _shots: dict[int, int] = field(default_factory=dict)
    _risk: dict[int, int] = field(default_factory=dict)

    @functools.cached_property
    def mover(self) -> Side:
        mine: Side = self.view.mine
        return mine

    @functools.cached_property
    def adversary(self) -> Side:
        theirs: Side = self.view.theirs
        return theirs

    @functools.cached_property
    def contact(self) -> bool:
        return contact(self.mover, self.adversary)

    def after(self, i: int) -> Position:
        return self.plays[i][0]

    def shots(self, i: int) -> int:
        """Throws of the adversary that hit some blot the play leaves."""
        if i not in self._shots:
            m, a = self.plays[i][0]
            self._shots[i] = shots(m, a, None, self.larger_die)
        return self._shots[i]

    def risk(self, i: int) -> int:
        """Like :meth:`shots`, not counting builders the adversary can seldom hit
        (ASSUMPTION 4)."""
        if i not in self._risk:
            m, a = self.plays[i][0]
            points = blots(m)
            builders = [p for p in points if p in BUILDER_ZONE]
            if builders and self.shots(i):
                tolerated = {
                    p for p in builders if shots(m, a, (p,), self.larger_die) <= BUILDER_SHOTS
                }
                if tolerated:
                    rest = [p for p in points if p not in tolerated]
                    self._risk[i] = shots(m, a, rest, self.larger_die)
                    return self._risk[i]
            self._risk[i] = self.shots(i)
        return self._risk[i]


def _best(cands: Sequence[int], score: Callable[[int], Any]) -> list[int]:
    """The candidates of highest ``score``; empty (no opinion) when all score the same."""
    scores = [score(i) for i in cands]
    top = max(scores)
    if top == min(scores):
        return []
    return [i for i, s in zip(cands, scores, strict=True) if s == top]


def opening(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The book's table, on the first throw of a game from the starting position."""
    v = c.view
    if v.played or c.mover != START or c.adversary != START or len(v.throw) != 2:
        return []
    target = opening_position(v.throw[0], v.throw[1], c.style)
    return [i for i in cands if c.after(i) == target]


def make_points(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The plays leaving the most (weighted) made points (ASSUMPTIONS 2, 3)."""
    if not c.contact:
        return []
    return _best(cands, lambda i: made_points(c.after(i)[0]))


def late_to_be_hit(mover: Side, adversary: Side) -> bool:
    """ASSUMPTION 5: far behind in the race while the adversary bears in."""
    return (
        pips(mover) - pips(adversary) > LATE_BEHIND_PIPS
        and outside_home(adversary)[0] <= BEARING_IN_OUTSIDE
    )


def avoid_blots(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The plays whose blots are hit by the fewest throws, builders and late game excepted."""
    if not c.contact or late_to_be_hit(c.mover, c.adversary):
        return []
    return _best(cands, lambda i: -c.risk(i))


def hit(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The plays that send the most adverse pips back to the bar."""
    return _best(cands, lambda i: pips(c.after(i)[1]))


def escape(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The plays leaving the fewest men on the bar or in the adversary's home table."""
    if not c.contact:
        return []
    return _best(cands, lambda i: -sum(c.after(i)[0][NUM_POINTS - HOME + 1 :]))


def bear_off(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """The plays bearing off the most men."""
    return _best(cands, lambda i: c.after(i)[0][OFF])


def race(c: PlayChoice, cands: Sequence[int]) -> list[int]:
    """With contact broken: the fewest men, then the fewest pips, outside the home table."""
    if c.contact:
        return []
    return _best(cands, lambda i: tuple(-x for x in outside_home(c.after(i)[0])))


BOOK = BACKGAMMON_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""

HINTS = register_hints(
    "backgammon",
    (
        Hint(
            "backgammon.opening",
            f"{BOOK}, Hints for Play, the opening throws (RULES.md §21.6.3-5)",
            "At the opening of a game the men on both sides are in a uniform position, and it "
            "is possible to lay down specific rules as to the best method of playing any "
            "given throw.",
            opening,
        ),
        Hint(
            "backgammon.make-points",
            f"{BOOK}, Hints for Play, ¶1 (RULES.md §21.6.1)",
            "A leading principle is to make points whenever you fairly can, especially in or "
            "close to your home table.",
            make_points,
        ),
        Hint(
            "backgammon.avoid-blots",
            f"{BOOK}, Hints for Play, ¶1 (RULES.md §21.6.2)",
            "Avoid the leaving of blots, particularly where they are likely to be hit; but "
            "spreading your men to make points may counterbalance the risk, and late in the "
            "game it is sometimes even desirable to be hit.",
            avoid_blots,
        ),
        Hint(
            "backgammon.hit",
            f"{BOOK}, Playing (taken for granted)",
            "A blot hit, however far advanced it may have been, has to begin its journey anew "
            "from the inner table of the adversary: hit when it is safe.",
            hit,
        ),
        Hint(
            "backgammon.escape",
            f"{BOOK}, Playing (taken for granted)",
            "The men move from the ace point in the opponent's home table towards the like "
            "point in one's own: enter and bring the men back out.",
            escape,
        ),
        Hint(
            "backgammon.bear-off",
            f"{BOOK}, Bearing off the men (taken for granted)",
            "The object of the game is to get all the men into one's own inner table, and then "
            "to play them out of it again: bear off as many men as possible.",
            bear_off,
        ),
        Hint(
            "backgammon.race",
            f"{BOOK}, Playing (taken for granted)",
            "For many purposes it suffices to play the men into one's own table: with contact "
            "broken, bring the men home.",
            race,
        ),
    ),
)
"""The backgammon hints in priority order (the book's first)."""


# --- the player ------------------------------------------------------------------------------


class BookBot(ThrowBot):
    """The book's heuristic player: the hints narrow the plays of each throw."""

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        disabled: Iterable[str] = (),
        style: str = "hit",
        name: str = "",
    ) -> None:
        super().__init__(game, seed, name or "heuristic")
        if style not in STYLES:
            raise ValueError(f"style must be one of {', '.join(STYLES)}; got {style!r}")
        self.style = style
        off = {resolve_hint("backgammon", d) for d in disabled}
        self.enabled = tuple(h.id for h in HINTS if h.id not in off)
        self.policy = HintPolicy(HINTS, self.enabled, seed)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.policy.rng.seed(seed)

    def choose_play(self, state: Any, options: Sequence[Play]) -> int:
        view = state.player_view(state.current_player())
        choice = PlayChoice(view, options, self.style, state.rules.larger_die)
        index, chooser = self.policy.choose(choice, range(len(options)))
        self.last_reason = chooser
        return int(index)

    def choose_opening(self, state: Any) -> int:
        if "backgammon.opening" not in self.enabled:
            self.last_reason = None
            return TAKE_ACTION
        self.last_reason = "backgammon.opening"
        return TAKE_ACTION if opening_choice(*state.s.opening) else REROLL_ACTION


OPTIONS: Mapping[str, tuple[str, ...]] = {"style": STYLES}
"""The options of ``heuristic`` for backgammon and their values (the first the default)."""


def from_spec(
    game: Any, options: Mapping[str, str], off: Iterable[str], seed: int, spec: str
) -> BookBot:
    """Build ``heuristic[:style=hit|gammon][,-<hint>...]`` (called by the agent factory)."""
    for key, value in options.items():
        if key not in OPTIONS:
            raise ValueError(
                f"heuristic for backgammon has no option {key!r}; options: "
                + ", ".join(f"{k}={'|'.join(v)}" for k, v in OPTIONS.items())
            )
        if value not in OPTIONS[key]:
            raise ValueError(
                f"heuristic option {key}={value!r}: choose one of {', '.join(OPTIONS[key])}"
            )
    return BookBot(game, seed, tuple(off), options.get("style", STYLES[0]), spec)
