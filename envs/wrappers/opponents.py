"""Who plays the other seats of a Gymnasium environment, without ``hoyle.envs`` importing agents.

An opponent is a ``pyspiel.Bot``, a factory ``(game, seed) -> pyspiel.Bot`` called at every
reset, or a spec string (``"random"``, ``"heuristic"``, ``"mcts:sims=100"``). Spec strings are
the agents layer's language, so the environment does not read them itself: it asks the
*opponent factory* ``(spec, game, seed) -> pyspiel.Bot``. ``hoyle.agents`` declares its
``make`` as that factory under the ``hoyle.opponents`` entry point (:mod:`hoyle.envs.core.plugins`),
so ``gymnasium.make("hoyle/Conquian-v0", opponents="heuristic")`` works wherever hoyle.agents is
installed, and nothing in ``hoyle.envs`` names ``hoyle.agents`` (DESIGN.md, Layers).
:func:`register_opponent_factory` sets another one for this process (a project's own agents).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyspiel

from hoyle.envs.core import plugins
from hoyle.envs.core.errors import HoyleError

OpponentFactory = Callable[[str, Any, int], pyspiel.Bot]
"""``(spec, game, seed) -> pyspiel.Bot``: builds the agent a spec string names."""

_FACTORY: list[OpponentFactory] = []  # the one set by register_opponent_factory, if any


def register_opponent_factory(factory: OpponentFactory) -> None:
    """Build spec-string opponents with ``factory`` in this process (replacing the entry point's)."""
    _FACTORY[:] = [factory]


def opponent_factory() -> OpponentFactory:
    """The factory registered in this process, else the ``hoyle.opponents`` entry point ``spec``;
    with neither, a one-line :class:`~hoyle.envs.core.errors.HoyleError`."""
    if _FACTORY:
        return _FACTORY[0]
    try:
        factory: OpponentFactory = plugins.load("hoyle.opponents", "spec")
    except (KeyError, ModuleNotFoundError):
        raise HoyleError(
            "an opponent given as a spec string needs hoyle.agents (not installed): pass "
            "pyspiel.Bot objects or a factory (game, seed) -> Bot as opponents"
        ) from None
    return factory


__all__ = ["OpponentFactory", "opponent_factory", "register_opponent_factory"]
