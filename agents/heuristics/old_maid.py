"""A heuristic agent for Old Maid: any position of the fan — *our own, not the book's*.

Foster gives no hints, and the game leaves none worth the name: the only decision is which
position of the fan offered to draw from, and "the player ... must draw one card at random".
No position policy can beat another, whatever it remembers:

- the fan's order is shuffled by chance before every draw (the game's assumption 4: the card
  under the position chosen is drawn after the choice, each card of the fan equally likely),
  so whatever position a player takes, by whatever rule and whatever she knows, the card she
  draws is uniform over the fan, independent of the position;
- the card drawn is the only thing a decision changes: the rest of the deal (every later draw,
  the pairs, who drops out, who is left with the odd card) follows from the cards drawn and
  the chance nodes alone, so every policy of every player gives the same distribution over
  deals, and the same expected return to every seat.

The hints below are there to measure that, not to play better: ``leftmost`` takes the first
card of the fan from the drawer's left, ``rightmost`` (reached with ``heuristic:-leftmost``)
the last, and with both off (``heuristic:-leftmost,-rightmost``) the position is drawn at
random, the book's "at random". Every hint reads only the player's view (the fan's size).

Measured four-handed on duplicate deals, every seat rotation (``hoyle match old_maid --agents
heuristic,random --deals 200 --seed 1``; ``docs/leaderboards/old_maid-field``): the heuristic
(leftmost) minus the field of ``random`` -0.000, 95% CI [-0.000, +0.000]. On a duplicate deal
every policy meets the very same cards (one chance draw per draw, whatever the position), so
the difference is 0 deal by deal, not only on average: ``tests/agents/
test_old_maid_heuristic.py`` checks it for the leftmost, the rightmost and the random position
in every seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.games.old_maid import OldMaidView

SOURCE = "our own, not the book's: Foster says only that the card is drawn at random"


def leftmost(view: OldMaidView, legal: Sequence[int]) -> list[int]:
    """The first card of the fan from the drawer's left (the lowest position)."""
    del view
    return [min(legal)] if legal else []


def rightmost(view: OldMaidView, legal: Sequence[int]) -> list[int]:
    """The last card of the fan from the drawer's left (the highest position)."""
    del view
    return [max(legal)] if legal else []


HINTS = register_hints(
    "old_maid",
    (
        Hint(
            "old_maid.leftmost",
            SOURCE,
            "Draw the leftmost card of the fan: any position is as good as another, the fan "
            "being shuffled (our own, not the book's).",
            leftmost,
        ),
        Hint(
            "old_maid.rightmost",
            SOURCE,
            "Draw the rightmost card of the fan: as good as any other (our own, not the book's).",
            rightmost,
        ),
    ),
)

__all__ = ["HINTS", "leftmost", "rightmost"]
