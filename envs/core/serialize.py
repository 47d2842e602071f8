"""The plain-text serialization of a hoyle state: its game and its action history, no pickle.

OpenSpiel's default serialization of a Python state ends in ``__dict__=<base64 pickle>`` and
its deserialization unpickles that, so a crafted string runs code. hoyle states serialize as::

    # hoyle state 1
    game=hoyle_conquian(deals=1,first_dealer=1,...)
    history=0,17,33,...

and deserialize by replaying the history from the start through the legality check
(:meth:`hoyle.envs.core.spiel.HoyleGame.deserialize_state`). A text is accepted only in exactly
this form (the canonical one; the final newline may be missing): so a state that loads always
serializes back to the text it came from, and anything else — another game, other parameters,
a malformed or overlong history, a history that does not replay — is refused with a
:class:`~hoyle.envs.core.errors.StateFormatError` naming the first bad part.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hoyle.envs.core.errors import StateFormatError

HEADER = "# hoyle state 1"
GAME_TAG = "game="
HISTORY_TAG = "history="
_ENTRY = re.compile(r"0|[1-9][0-9]{0,9}")
"""One history entry: a non-negative int without leading zeros, at most ten digits."""


def serialize(game_string: str, history: Sequence[int]) -> str:
    """The text of a state of ``game_string`` reached by ``history``.

    >>> serialize("hoyle_x(a=1)", [3, 0, 12])
    '# hoyle state 1\\ngame=hoyle_x(a=1)\\nhistory=3,0,12\\n'
    """
    return f"{HEADER}\n{GAME_TAG}{game_string}\n{HISTORY_TAG}{','.join(map(str, history))}\n"


def _lines(text: object) -> list[str]:
    if not isinstance(text, str):
        raise StateFormatError(f"a serialized state is a str, not a {type(text).__name__}")
    lines = text.removesuffix("\n").split("\n")
    if lines[0] != HEADER:
        if "__dict__=" in text and text.startswith("history="):
            raise StateFormatError(
                "this is OpenSpiel's default serialization of a Python state, which carries a "
                "pickle; hoyle never unpickles: rebuild the state from its history with "
                "game.state_from_history(...)"
            )
        raise StateFormatError(f"not a hoyle state: the first line must be {HEADER!r}")
    if len(lines) != 3 or not lines[1].startswith(GAME_TAG) or not lines[2].startswith(HISTORY_TAG):
        raise StateFormatError(
            f"not a hoyle state: after {HEADER!r} come exactly two lines, "
            f"'{GAME_TAG}<game>' and '{HISTORY_TAG}<actions>'"
        )
    return lines


def game_string_of(text: object) -> str:
    """The game a serialized state belongs to (its ``game=`` line), or a refusal."""
    return _lines(text)[1].removeprefix(GAME_TAG)


def parse(text: object, game_string: str, max_entries: int) -> list[int]:
    """The history of ``text``, a state of ``game_string``; a :class:`StateFormatError` if the
    text is malformed, of another game or parameter set, or longer than ``max_entries``."""
    lines = _lines(text)
    theirs = lines[1].removeprefix(GAME_TAG)
    if theirs != game_string:
        raise StateFormatError(
            f"a state of {_short(theirs)}, not of {_describe(game_string, theirs)}"
        )
    body = lines[2].removeprefix(HISTORY_TAG)
    if not body:
        return []
    if body.count(",") >= max_entries:
        raise StateFormatError(
            f"a history of {body.count(',') + 1} entries; no history of this game is longer than "
            f"{max_entries}"
        )
    entries = body.split(",")
    for i, e in enumerate(entries):
        if not _ENTRY.fullmatch(e):
            raise StateFormatError(f"history entry {i} ({_short(e)!r}) is not an action number")
    return [int(e) for e in entries]


def _describe(mine: str, theirs: str) -> str:
    """This game, told against another: the parameters that differ, when the name is the same."""
    name, _, args = mine.partition("(")
    other_name, _, other_args = theirs.partition("(")
    if name != other_name:
        return _short(mine)
    a = dict(p.split("=", 1) for p in args.rstrip(")").split(",") if "=" in p)
    b = dict(p.split("=", 1) for p in other_args.rstrip(")").split(",") if "=" in p)
    diff = [f"{k}={a.get(k)}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return f"this {name} ({', '.join(diff)})" if diff else _short(mine)


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
