"""The one way hoyle finds its parts: Python entry points.

Games, agents, heuristics, hint experiments, commands and the opponent factory of the
Gymnasium wrapper are all named in ``pyproject.toml`` under ``[project.entry-points."hoyle.*"]``
and found here, by :func:`entries` and :func:`load`:

========================  ================================================  ======================
group                     an entry is                                       example
========================  ================================================  ======================
``hoyle.games``           a game module; importing it registers the game    ``conquian``
``hoyle.agents``          ``from_spec(game, options, off, seed, spec)``     ``mcts``
``hoyle.heuristics``      a game's heuristics module (``register_hints``)   ``cassino``
``hoyle.hints``           a game's hint-experiment module                   ``backgammon``
``hoyle.commands``        ``add_command(subparsers)`` of a ``hoyle`` verb   ``tournament``
``hoyle.opponents``       ``make(spec, game, seed)``: spec string -> Bot    ``spec``
========================  ================================================  ======================

Why entry points rather than a registry module of our own, or scanning packages
(``pkgutil.iter_modules``, ``importlib.import_module(f"...{name}")``, ``hasattr`` on what comes
back, as five parts of hoyle did before):

- **A user's own parts reach hoyle without editing it.** A package that declares
  ``[project.entry-points."hoyle.agents"] mine = "mypkg.bot:from_spec"`` is an agent in
  ``hoyle match``, ``hoyle tournament``, the Gymnasium wrapper and every spec string, once it is
  installed. An agent entry may also name a module, ``mine = "mypkg.bot"``, whose import
  registers ``mine`` with ``hoyle.agents.register_agent`` (the README's "Write an agent"). Scanning our own folders cannot find it; a registry module needs the user's code
  imported first, by someone who knows to import it.
- **Nothing is imported to be listed.** ``hoyle --help`` names every command and ``hoyle
  match`` refuses an unknown agent without importing the search agents, the trainers or Ray;
  an entry is loaded on first use.
- **The lower layer names no upper layer in its code.** ``hoyle.envs`` finds the spec-string
  factory of ``hoyle.agents`` through the ``hoyle.opponents`` group, so it imports nothing of
  agents (DESIGN.md, Layers), and without hoyle.agents installed a spec string is refused in
  one line while bot objects still work.
- **It is the packaging standard** (PyPA's entry-points specification): pytest plugins,
  Gymnasium's own ``gymnasium.envs`` environments and OpenSpiel-free tools find each other so.

The price: the entries live in the installed metadata, so after editing ``pyproject.toml`` the
package must be installed again (``pip install -e .``); ``tests/test_plugins.py`` checks that
every module of ``envs/games``, ``agents/heuristics`` and ``experiments/hints`` is declared, so a
forgotten entry fails the suite rather than vanishing silently.

Within one process the entries are read once (``importlib.metadata`` scans every installed
distribution: ~0.1 s); :func:`refresh` reads them again, for a package installed or put on
``sys.path`` meanwhile.
"""

from __future__ import annotations

import functools
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from hoyle.envs.core.errors import HoyleError

GROUPS = (
    "hoyle.games",
    "hoyle.agents",
    "hoyle.heuristics",
    "hoyle.hints",
    "hoyle.commands",
    "hoyle.opponents",
)
"""Every group hoyle reads; :func:`entries` refuses any other, so a typo is not an empty group."""


class PluginError(HoyleError):
    """An entry point that cannot be loaded, or a group hoyle does not read."""


@functools.cache
def entries(group: str) -> dict[str, EntryPoint]:
    """The entry points of ``group`` by name, sorted by name (one order on every machine).

    Two distributions declaring the same name is refused in one line naming both: which one
    would win depends on ``sys.path`` order, and a game or agent must not change silently."""
    if group not in GROUPS:
        raise PluginError(f"no entry-point group {group!r}; groups: {', '.join(GROUPS)}")
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        old = found.get(ep.name)
        if old is not None and old.value != ep.value:
            raise PluginError(
                f"{group} entry {ep.name!r} is declared twice: {old.value} and {ep.value}"
            )
        found[ep.name] = ep
    return dict(sorted(found.items()))


def names(group: str) -> tuple[str, ...]:
    """The names of ``group``'s entries, sorted, without loading any."""
    return tuple(entries(group))


_LOADED: dict[tuple[str, str], Any] = {}


def load(group: str, name: str) -> Any:
    """The object (module, function) that ``group``'s entry ``name`` points to, imported on
    first use and kept (an entry point's own ``load`` resolves the module and attribute again
    at every call: a tenth of the time of building a random agent, which a Gymnasium env does
    for every opponent at every reset).

    A missing name is a ``KeyError``; an entry whose own import fails raises that error, so a
    missing optional dependency (numba, gnubg, ray) says which module it is."""
    key = (group, name)
    obj = _LOADED.get(key)
    if obj is None:
        obj = _LOADED[key] = entries(group)[name].load()
    return obj


def refresh() -> None:
    """Forget the entries read and loaded so far: the next call reads the installed metadata
    again."""
    entries.cache_clear()
    _LOADED.clear()


__all__ = ["GROUPS", "PluginError", "entries", "load", "names", "refresh"]
