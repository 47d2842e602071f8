"""The games, one module per game; importing this package registers them all.

A new game is a module here (a pure rules object, its observer pieces and its ``GameSpec``,
registered at import); every module of this package is imported, so registering a game puts it
in the CLI, the wrappers and the conformance suite at once.
"""

from __future__ import annotations

import importlib
import pkgutil

GAME_MODULES = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
)

for _name in GAME_MODULES:
    importlib.import_module(f"{__name__}.{_name}")
