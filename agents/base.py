"""What every hoyle agent is: a seeded ``pyspiel.Bot`` that acts for whoever is to move.

Agents play in OpenSpiel's own evaluators (``evaluate_bots``) beside OpenSpiel's bots. A hoyle
agent plays the seat whose turn it is when ``step`` is called, so one agent object can sit in
any seat; its randomness comes only from the seed it was built with.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from hoyle.envs.core.capabilities import memoryless


class HoyleBot(pyspiel.Bot):  # type: ignore[misc]
    """Base of hoyle's agents: a seed, a name (its spec string), and ``step``."""

    def __init__(self, game: Any, seed: int = 0, name: str = "") -> None:
        pyspiel.Bot.__init__(self)
        self.game = game
        self.seed = seed
        self.name = name or type(self).__name__
        self.rng = random.Random(seed)
        self.last_reason: str | None = None
        """Why the last move was chosen (a hint id for heuristics), for traces."""

    def reseed(self, seed: int) -> None:
        """Restart the bot's randomness from ``seed`` (search agents reseed their rollout
        bots at every leaf, so that a search is reproducible)."""
        self.rng.seed(seed)

    def restart_at(self, state: Any) -> None:
        del state  # Unused: hoyle agents keep no per-game memory beyond the state.

    @memoryless  # so an environment need not call it on every move
    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        del state, player_id, action  # Unused.

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name} seed={self.seed}>"
