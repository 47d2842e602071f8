"""The games, one module (or package) per game; importing this package registers them all.

A new game is a module here (a pure rules object, its observer pieces and its ``GameSpec``,
registered at import) and its line under ``[project.entry-points."hoyle.games"]`` in
``pyproject.toml``; every entry of that group is imported (:func:`hoyle.envs.core.registry.
discover_games`, through :mod:`hoyle.envs.core.plugins`, the one way hoyle finds its parts), so
registering a game puts it in the CLI, the wrappers and the conformance suite at once, and a
game of another installed package joins them the same way.
"""

from __future__ import annotations

from hoyle.envs.core.registry import discover_games

discover_games()
