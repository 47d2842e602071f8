"""Dummy (or three-handed) Quinto, as Professor Hoffmann gives it (Hoyle's Games Modernized,
1909, "DUMMY (OR THREE-HANDED) QUINTO"): Quinto for three, one player playing a Dummy hand
opposite himself, handicapped 25.

The rules, their ASSUMPTIONS, parameters, action layout, bounds and observation are Quinto's
package's (:mod:`hoyle.envs.games.quinto`, which plays both games: ``QuintoRules(params,
dummy=True)``); this module registers the three-handed game as ``hoyle_dummy_quinto``.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.games.quinto import DUMMY_MODES, NO_TINY, QuintoRules

__all__ = ["GAME", "make_rules"]


def make_rules(params: Mapping[str, ParamValue]) -> QuintoRules:
    return QuintoRules(params, dummy=True)


GAME = register(
    GameSpec(
        short_name="dummy_quinto",
        title="Dummy Quinto",
        book=HOFFMANN,
        section="DUMMY (OR THREE-HANDED) QUINTO",
        make_rules=make_rules,
        params={
            "dummy_player": Param(0, "the Dummy-player of the (first) game", (0, 1, 2)),
            "play": Param(
                "deal",
                "one deal, one game to 250, or the round of three games (each takes Dummy once)",
                DUMMY_MODES,
            ),
            "expose_dummy": Param(
                True, "the Dummy is laid face up after the doubling round (ASSUMPTION)"
            ),
        },
        min_players=3,
        max_players=3,
        no_tiny=NO_TINY,
        reference="bridge(use_double_dummy_result=False)",
        summary="Quinto for three: one plays a Dummy opposite himself, handicapped 25.",
    )
)
