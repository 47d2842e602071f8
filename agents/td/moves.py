"""The positions a throw can leave, fast: the game's ``plays`` without the move sequences.

:func:`~hoyle.envs.games.backgammon.plays` walks every legal single-man move and checks, at each
step, that the rest of the throw can still be played (``max_dice``), so that it can return one
move sequence per result. Self-play training needs only the results, and this walk is about
four times quicker: it plays every sequence of moves with the board's own ``sources`` and
``step``, keeps the results that use the most dice, and with doublets tries the men in
non-increasing order of their points only (moves of one number commute unless one enables the
other, and a move only ever enables one from a lower point: a man moved on from where it landed,
a man borne off once the higher men are gone). ``tests/agents/test_td.py`` checks that the set
of results equals ``plays`` on thousands of positions, with and without ``larger_die``.
"""

from __future__ import annotations

from hoyle.envs.games.backgammon import BAR, Position, Side, sources, step


def play_results(
    mover: Side, adversary: Side, dice: tuple[int, ...], larger_die: bool = False
) -> list[Position]:
    """The distinct positions ``(mover, adversary)`` a legal play of ``dice`` can leave, the
    mover still first (the position unchanged if the throw cannot be played). The same set as
    ``plays(mover, adversary, dice, larger_die)``; the order is fixed but not ``plays``'s."""
    if len(dice) == 4:
        return _doublet(mover, adversary, dice[0])
    high, low = dice
    two: dict[Position, None] = {}
    one: dict[Position, int] = {}
    for d1, d2 in ((high, low), (low, high)):
        for src in sources(mover, adversary, d1):
            m, a, _ = step(mover, adversary, src, d1)
            nxt = sources(m, a, d2)
            if not nxt and not two:
                one.setdefault((m, a), d1)
            for src2 in nxt:
                m2, a2, _ = step(m, a, src2, d2)
                two[(m2, a2)] = None
    if two:
        return list(two)
    if not one:
        return [(mover, adversary)]
    if larger_die and high in one.values():
        return [pos for pos, d in one.items() if d == high]
    return list(one)


def _doublet(mover: Side, adversary: Side, die: int) -> list[Position]:
    found: dict[Position, None] = {}
    best = 0

    def walk(m: Side, a: Side, used: int, top: int) -> None:
        nonlocal best
        moved = False
        if used < 4:
            for src in sources(m, a, die):
                if src <= top:
                    moved = True
                    m2, a2, _ = step(m, a, src, die)
                    walk(m2, a2, used + 1, src)
        if not moved and used >= best:
            if used > best:
                best = used
                found.clear()
            found[(m, a)] = None

    walk(mover, adversary, 0, BAR)
    return list(found)
