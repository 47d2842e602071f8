"""A heuristic for Heart Solo as named, toggleable rules. NOT the book's: Foster gives no hints
(RULES.md §6.7). The rules are Solo's (:mod:`hoyle.agents.heuristics.solo`: bid by count,
announce the supported Solo, go on never arises, lead trumps as bidder, win cheaply, follow
low), with ids ``heart_solo.<name>``, and one for the hand nobody bid, in which the winner of
the last trick pays:

* ``shed-winners`` (no-bid hand, before the last trick): get rid of high cards while the tricks
  cost nothing: play the highest legal card, but keep one's single weakest card for the end
  (the card least likely to win the last trick).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.agents.heuristics.solo import SOURCE, hints
from hoyle.envs.games.solo import NO_GAME, NUM_CARD_ACTIONS, SoloView


def shed_winners(view: SoloView, legal: Sequence[int]) -> list[int]:
    cards = [a for a in legal if a < NUM_CARD_ACTIONS]
    if view.kind != NO_GAME or len(cards) < 1:
        return []
    tr = view.tricks
    assert tr is not None

    def strength(c: int) -> int:
        return tr.power[c] + (1000 if tr.suit[c] == tr.trump else 0)

    hand = [c for c in range(NUM_CARD_ACTIONS) if view.hand >> c & 1]
    weakest = min(hand, key=strength)
    keep = [c for c in cards if c != weakest] or cards
    top = max(strength(c) for c in keep)
    return [c for c in keep if strength(c) == top]


HINTS = register_hints(
    "heart_solo",
    [
        *hints("heart_solo"),
        Hint(
            "heart_solo.shed-winners",
            SOURCE,
            "Nobody bid: shed high cards, keep the weakest card for the last trick.",
            shed_winners,
        ),
    ],
)
