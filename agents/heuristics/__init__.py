"""Heuristic agents: the book's "Suggestions for Good Play", one module per game.

``agents/heuristics/<game>.py`` declares the game's hints with ``register_hints`` and is named
under the ``hoyle.heuristics`` entry points (:mod:`hoyle.envs.core.plugins`); the agent
``heuristic`` (or ``heuristic:-<hint>`` with hints switched off) applies them in book order.
A game whose heuristic needs more than narrowing legal actions (backgammon chooses whole
plays, and has a style option) defines ``from_spec`` in its module, which then builds the bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.heuristics.hints import HEURISTICS, Hint, HintPolicy, resolve_hint
from hoyle.envs.core import plugins


def game_hints(short_name: str) -> tuple[Hint, ...]:
    """The hints of a game (importing its heuristics module); empty if it has none."""
    heuristics_module(short_name)
    return HEURISTICS.get(short_name, ())


def heuristics_module(short_name: str) -> Any:
    """The heuristics module of a game (its ``hoyle.heuristics`` entry, imported), or ``None``."""
    if short_name not in plugins.names("hoyle.heuristics"):
        return None
    return plugins.load("hoyle.heuristics", short_name)


class HeuristicBot(HoyleBot):
    """Plays by the book's hints; ``disabled`` hints (ids or short names) are switched off."""

    def __init__(
        self, game: Any, seed: int = 0, disabled: tuple[str, ...] = (), name: str = ""
    ) -> None:
        super().__init__(game, seed, name or "heuristic")
        short = game.spec.short_name
        hints = game_hints(short)
        off = {resolve_hint(short, d) for d in disabled}
        self.policy = HintPolicy(hints, [h.id for h in hints if h.id not in off], seed)

    def reseed(self, seed: int) -> None:
        super().reseed(seed)
        self.policy.rng.seed(seed)

    def seen(self, view: Any) -> Any:
        """The view the hints read: the player's view as it is. A game whose player may
        forget (Pope Joan without ``track-stops``) returns less."""
        return view

    def step(self, state: Any) -> int:
        player = state.current_player()
        view = self.seen(state.player_view(player))
        action, chooser = self.policy.choose(view, state.legal_actions())
        self.last_reason = chooser
        return int(action)

    def step_rules(self, rules: Any, s: Any, legal: Sequence[int]) -> int:
        """:meth:`step` on the rules state (:class:`~hoyle.envs.core.capabilities.StepsOnRules`):
        the same view and legal actions, so the same move."""
        view = self.seen(rules.player_view(s, rules.current_player(s)))
        action, chooser = self.policy.choose(view, list(legal))
        self.last_reason = chooser
        return int(action)


def make_heuristic(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """The ``heuristic`` agent of ``game``: its module's ``from_spec`` if it has one, else a
    :class:`HeuristicBot` (which takes no options)."""
    short = game.spec.short_name
    module = heuristics_module(short)
    if module is not None and hasattr(module, "from_spec"):
        bot: HoyleBot = module.from_spec(game, options, off, seed, spec)
        return bot
    if options:
        raise ValueError(f"agent 'heuristic' takes no options for {short}; got {options}")
    return HeuristicBot(game, seed, off, spec)
