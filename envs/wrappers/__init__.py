"""Gymnasium and PettingZoo environments over every registered hoyle game.

- :class:`HoyleEnv` (``gymnasium.make("hoyle/Conquian-v0", seat=0, opponents="random")``):
  one seat learns, agents play the others. ``import hoyle.envs`` registers the ids.
- :mod:`hoyle.envs.wrappers.pettingzoo` (``env("hoyle_conquian")``, ``raw_env``): every seat,
  as a PettingZoo AEC environment.

The names below are imported on first use, so ``import hoyle.envs`` does not pay for
PettingZoo.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "HoyleEnv": "hoyle.envs.wrappers.gymnasium_env",
    "register_gymnasium_envs": "hoyle.envs.wrappers.gymnasium_env",
    "HoyleAECEnv": "hoyle.envs.wrappers.pettingzoo_env",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["HoyleAECEnv", "HoyleEnv", "register_gymnasium_envs"]
