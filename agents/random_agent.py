"""The uniform random agent: every legal action equally likely, seeded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.agents.base import HoyleBot


class RandomBot(HoyleBot):
    """Plays a uniformly random legal action."""

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        self.last_reason = "random"
        return int(legal[self.rng.randrange(len(legal))])

    def step_rules(self, rules: Any, s: Any, legal: Sequence[int]) -> int:
        """:meth:`step` on the rules state (:class:`~hoyle.envs.core.capabilities.StepsOnRules`)."""
        self.last_reason = "random"
        return int(legal[self.rng.randrange(len(legal))])

    def provides_policy(self) -> bool:
        return True

    def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
        legal = state.legal_actions()
        p = 1.0 / len(legal)
        return [(a, p) for a in legal], self.step(state)


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """The ``random`` agent (entry point ``hoyle.agents``: ``random``); it takes no options."""
    if options or off:
        raise ValueError(f"agent 'random' takes no options; got {options or off}")
    return RandomBot(game, seed, spec)
