"""The book's hints for Backgammon (RULES.md §21.6): the opening table, as data.

``OPENINGS`` is the book's table of first moves, one entry per throw, in standard notation
from the mover's side. Where the book gives two plays, ``plays`` holds both styles: ``hit``
(play for a single game) and ``gammon`` (the bolder play); ``alternatives`` holds the other
plays the book names, with its words. Two entries are readings of impossible wording (RULES.md
Appendix B), flagged in ``note``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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
