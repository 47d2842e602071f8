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

from collections.abc import Callable
from types import ModuleType
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.envs.core import plugins

AgentFactory = Callable[[Any, dict[str, str], tuple[str, ...], int, str], HoyleBot]
"""``(game, options, off, seed, spec) -> HoyleBot``: builds one kind of agent from its spec."""

AGENTS: dict[str, AgentFactory] = {}
"""Agent kinds registered in this process with :func:`register_agent` (a notebook's own bot).
Installed kinds, hoyle's own included, are the ``hoyle.agents`` entry points
(:mod:`hoyle.envs.core.plugins`), loaded on first use so ``import hoyle.agents`` stays light."""


def register_agent(name: str) -> Callable[[AgentFactory], AgentFactory]:
    """Declare an agent kind under ``name`` (the first word of its spec) in this process.

    To reach ``hoyle match`` and every other process, a package declares the kind under
    ``[project.entry-points."hoyle.agents"]``: either ``name = "mypkg.bots:factory"`` (the
    factory itself) or ``name = "mypkg.bots"`` (a module whose import registers ``name`` with
    this decorator)."""

    def deco(f: AgentFactory) -> AgentFactory:
        AGENTS[name] = f
        return f

    return deco


def agent_kinds() -> tuple[str, ...]:
    """Every agent kind a spec may name: the installed entry points and this process's own."""
    return tuple(sorted({*plugins.names("hoyle.agents"), *AGENTS}))


def factory(kind: str) -> AgentFactory:
    """The factory of agent ``kind`` (this process's registration first), or ``ValueError``."""
    if kind in AGENTS:
        return AGENTS[kind]
    if kind in plugins.names("hoyle.agents"):
        found = plugins.load("hoyle.agents", kind)
        if isinstance(found, ModuleType):  # Its import ran the module's register_agent.
            if kind not in AGENTS:
                raise ValueError(
                    f"agent {kind!r}: its entry point names the module {found.__name__}, "
                    f"which registers no agent {kind!r} (@register_agent({kind!r}))"
                )
            return AGENTS[kind]
        factory_: AgentFactory = found
        return factory_
    raise ValueError(f"unknown agent {kind!r}; agents: {', '.join(agent_kinds())}")


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
    try:
        build = factory(kind)
    except ValueError:
        raise ValueError(
            f"unknown agent {kind!r} in {spec!r}; agents: {', '.join(agent_kinds())}"
        ) from None
    return build(game, options, off, seed, spec)


__all__ = ["AGENTS", "HoyleBot", "agent_kinds", "factory", "make", "parse_spec", "register_agent"]
