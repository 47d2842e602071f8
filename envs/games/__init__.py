"""The games, one module per game; importing this package registers them all.

A new game is a module here (a pure rules object, its observer pieces and its ``GameSpec``)
plus its name in ``GAME_MODULES``; registering it puts it in the conformance suite.
"""

from __future__ import annotations

import importlib

GAME_MODULES = ("conquian", "cassino")

for _name in GAME_MODULES:
    importlib.import_module(f"hoyle.envs.games.{_name}")
