"""Newmarket's hint experiments (Foster, Complete Hoyle, 1914, NEWMARKET, OR STOPS; SPIN).

The book gives one hint, in the Spin paragraph: the holder of the diamond Ace, "If this player
saw that another was very likely to win the game at any moment, and he had a pool card to
play, he might stop the spade sequence by playing both the Ten and the diamond ace together".
It is the heuristic's ``spin-for-pool`` (:mod:`hoyle.agents.heuristics.newmarket`), ablated on
duplicate deals of Spin (``newmarket(variant=spin)``) and put to the referee on the positions
where it changes the move. Then the value of memory: ``track-stops`` (our own, not the book's),
the heuristic with and without the memory of the cards played and the "withouts" announced,
in Newmarket itself. One unit is one counter a deal (each player's counters, the standing
pools handed back: ``hoyle_newmarket``'s returns).
"""

from __future__ import annotations

from hoyle.agents.heuristics.newmarket import HINTS
from hoyle.experiments.hints import methods as M

GAME = "newmarket"
UNIT = "counters per deal"
SPIN_GAME = "newmarket(variant=spin)"
_HINT = {h.id: h for h in HINTS}

M.register_hint(GAME, _HINT["newmarket.spin-for-pool"], "SPIN", UNIT, game_text=SPIN_GAME)
M.register_hint(GAME, _HINT["newmarket.track-stops"], "memory (our own)", UNIT)
