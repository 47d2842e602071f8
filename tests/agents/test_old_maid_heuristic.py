"""The Old Maid heuristic (our own: Foster says only "at random"): each hint on a built position,
and the measure that no position policy beats another.

The fan is shuffled by chance before each draw (the game's assumption 4: the card under the
position is a chance node after the choice, uniform over the fan), so the card drawn never
depends on the position. On a duplicate deal (the same seeded chance stream, one draw a chance
node whatever the position) every policy therefore meets the very same cards: the test plays
deals with the leftmost, the rightmost and the random position in every seat and finds the
same returns, deal by deal. With independent deals instead, the difference is noise around 0
(see ``docs/leaderboards/old_maid-field``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import hoyle.envs  # noqa: F401
from hoyle.agents.heuristics import old_maid as H
from hoyle.envs.games import old_maid as O
from tests.games.test_old_maid import ELDEST_DEAL, deal, load
from tests.helpers import play_deal


def test_leftmost_and_rightmost_take_the_ends_of_the_fan() -> None:
    state = deal(load(players=3, ranks=4), *ELDEST_DEAL)
    view = state.player_view(0)
    legal = state.legal_actions()
    assert H.leftmost(view, legal) == [O.FIRST_POSITION]
    assert H.rightmost(view, legal) == [O.FIRST_POSITION + 2]
    assert H.leftmost(view, []) == []


def _returns(game: Any, specs: list[str], d: int) -> list[float]:
    return list(play_deal(game, specs, d, seed=1, reasons=Counter()))


def test_no_position_policy_changes_a_deal() -> None:
    """Leftmost, rightmost and random positions, each in every seat against random ones, on the
    same deals: the returns are the same on every deal, so no policy can beat another."""
    game = load()
    policies = ["heuristic", "heuristic:-leftmost", "heuristic:-leftmost,-rightmost"]
    for d in range(6):
        base = _returns(game, ["random"] * 4, d)
        for spec in policies:
            for seat in range(4):
                specs = ["random"] * 4
                specs[seat] = spec
                assert _returns(game, specs, d) == base, (spec, seat, d)
