"""What every ``hoyle`` command shares about a bad command line: the :class:`UsageError` it
raises, the exit statuses, and the two checks that turn a game string or an agent spec into a
``UsageError`` rather than a traceback.

They live here, not in :mod:`hoyle.experiments.cli`, because the commands (match, tournament,
judge, train, hints) need them and the command line needs the commands: with these in ``cli``
each command had to import ``cli`` lazily inside a function to dodge an import cycle. This
module imports nothing of the commands, so anyone may import it at top level."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.registry import GameSpec, parse_game_string

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """A bad command line; reported in one line, exit status 2."""


def load_game(text: str) -> tuple[GameSpec, Any]:
    """The spec and the ``pyspiel.Game`` of a game string, or a :class:`UsageError`."""
    try:
        spec, params = parse_game_string(text)
        return spec, pyspiel.load_game(spec.spiel_name, params)
    except (HoyleError, ValueError, pyspiel.SpielError) as e:
        raise UsageError(str(e)) from None


def check_agents(specs: Sequence[str], game: Any) -> None:
    """Build each agent once, so that a bad spec is refused before anything runs."""
    from hoyle.agents import make

    for spec in specs:
        try:
            make(spec, game, 0)
        except (HoyleError, ValueError) as e:
            raise UsageError(str(e)) from None
