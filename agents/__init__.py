"""hoyle's agents, built from short spec strings used everywhere (CLI, configs, notebooks).

    >>> import pyspiel, hoyle.envs
    >>> from hoyle.agents import make, parse_spec
    >>> parse_spec("heuristic:-play-for-tableau")
    ('heuristic', {}, ('play-for-tableau',))
    >>> parse_spec("mcts:sims=400,c=1.4")
    ('mcts', {'sims': '400', 'c': '1.4'}, ())

Every agent is a seeded ``pyspiel.Bot`` that plays whichever seat is to move.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from hoyle.agents.base import HoyleBot

AgentFactory = Callable[[Any, dict[str, str], tuple[str, ...], int, str], HoyleBot]
AGENTS: dict[str, AgentFactory] = {}


def register_agent(name: str) -> Callable[[AgentFactory], AgentFactory]:
    """Declare an agent kind under ``name`` (the first word of its spec)."""

    def deco(f: AgentFactory) -> AgentFactory:
        AGENTS[name] = f
        return f

    return deco


def parse_spec(spec: str) -> tuple[str, dict[str, str], tuple[str, ...]]:
    """Split ``kind[:opt=val,...,-hint,...]`` into the kind, its options and its off-switches."""
    kind, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    off: list[str] = []
    for item in filter(None, (p.strip() for p in rest.split(","))):
        if item.startswith("-"):
            off.append(item[1:])
        elif "=" in item:
            k, _, v = item.partition("=")
            options[k.strip()] = v.strip()
        else:
            raise ValueError(f"cannot read {item!r} in agent spec {spec!r}: use opt=value or -hint")
    return kind.strip().lower(), options, tuple(off)


def make(spec: str, game: Any, seed: int = 0) -> HoyleBot:
    """Build the agent ``spec`` for ``game`` (a hoyle ``pyspiel.Game``), seeded."""
    kind, options, off = parse_spec(spec)
    if kind not in AGENTS:
        raise ValueError(f"unknown agent {kind!r} in {spec!r}; agents: {', '.join(sorted(AGENTS))}")
    return AGENTS[kind](game, options, off, seed, spec)


def _no_options(kind: str, options: dict[str, str], off: tuple[str, ...]) -> None:
    if options or off:
        raise ValueError(f"agent {kind!r} takes no options; got {options or off}")


@register_agent("random")
def _random(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    from hoyle.agents.random_agent import RandomBot

    _no_options("random", options, off)
    return RandomBot(game, seed, spec)


@register_agent("heuristic")
def _heuristic(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    from hoyle.agents.heuristics import make_heuristic

    return make_heuristic(game, options, off, seed, spec)


def _lazy(kind: str, module: str) -> None:
    """Register ``kind`` as built by ``hoyle.agents.<module>.from_spec``, imported on first use.

    Search and learning agents live in their own modules and are imported only when asked for,
    so ``import hoyle.agents`` stays light.
    """

    def factory(
        game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
    ) -> HoyleBot:
        mod = importlib.import_module(f"hoyle.agents.{module}")
        bot: HoyleBot = mod.from_spec(game, options, off, seed, spec)
        return bot

    AGENTS[kind] = factory


for _kind, _module in (
    ("mcts", "mcts"),
    ("ismcts", "ismcts"),
    ("pimc", "pimc"),
    ("mccfr", "cfr"),
    ("gnubg", "gnubg_bot"),
    ("td", "td"),
    ("expectimax", "expectimax"),
    ("serpent", "serpent"),
    ("planner", "patience"),
):
    _lazy(_kind, _module)


__all__ = ["AGENTS", "HoyleBot", "make", "parse_spec", "register_agent"]
