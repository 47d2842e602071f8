"""The trained files hoyle ships, by name: policies, networks and value tables.

A shipped file is found through the package's own resources (:mod:`importlib.resources`), never
by a path relative to the repository root, so ``mccfr:policy=conquian-abstract``, ``td`` and
``planner`` play the same from any working directory and from an installed wheel (the files are
the ``package-data`` of ``pyproject.toml``). ``hoyle models`` lists them.

Wherever an agent takes a file (``policy=``, ``weights=``, ``table=``), a name from
:data:`MODELS` of the agent's kind is that shipped file, and anything else is a path to a file
of one's own (``./conquian-abstract`` names a file in the working directory, should one share a
model's name).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from hoyle.envs.core.files import FileFormatError


@dataclass(frozen=True)
class Model:
    """One shipped file: its name, the game it plays, the option that loads it (an agent's
    ``kind:option``, or a command's flag), what it is, and where it lives inside the package."""

    name: str
    game: str
    option: str
    what: str
    package: str
    file: str

    def resource(self) -> Traversable:
        """The file inside the installed package."""
        return resources.files(self.package).joinpath(*self.file.split("/"))

    def size(self) -> int:
        """Bytes on disk; a file missing from the installation raises ``FileFormatError``."""
        res = self.resource()
        if not res.is_file():
            raise FileFormatError(
                f"model {self.name!r}: {self.package}/{self.file} is missing from the installed "
                "package (reinstall hoyle)"
            )
        return len(res.read_bytes())


MODELS: tuple[Model, ...] = (
    Model(
        "conquian-abstract", "conquian", "mccfr:policy",
        "MCCFR average policy on the full game, abstracted (outcome sampling, 26,000 "
        "iterations, seed 0)",
        "hoyle.agents.cfr", "policies/conquian-abstract-outcome-s0.npz",
    ),
    Model(
        "td", "backgammon(gammon_rule=modern)", "td:weights",
        "TD(λ) self-play network, 40 hidden units, 40,000 games; also expectimax:value=td",
        "hoyle.agents.td", "weights/td.npz",
    ),
    Model(
        "patience-values", "poker_patience", "planner:table",
        "line values learnt by self-play, one table per scoring and placement (Serpent too)",
        "hoyle.agents", "patience_values.npz",
    ),
    Model(
        "bagatelle-sac", "bagatelle", "bagatelle compare --policy",
        "stroke policy learnt with Stable-Baselines3's SAC (its record: bagatelle_policy.json)",
        "hoyle.agents", "bagatelle_policy.npz",
    ),
)  # fmt: skip
"""Every shipped model, in the order ``hoyle models`` lists them."""


def find(name: str, option: str | None = None) -> Model | None:
    """The shipped model called ``name`` (loaded by ``option``, when given), or ``None``."""
    for m in MODELS:
        if m.name == name and (option is None or m.option == option):
            return m
    return None


@contextlib.contextmanager
def model_path(spec: str | Path, option: str) -> Iterator[Path]:
    """A real path to read for ``spec``: the shipped model of that name for ``option`` (the
    agent's option that takes a file, e.g. ``"mccfr:policy"``), or ``spec`` itself as a path to
    one's own file.

    A file shipped inside a zip is extracted for the ``with`` block only (what
    :func:`importlib.resources.as_file` does); an ordinary installation gives the file itself.
    A missing shipped file is refused in one line naming it."""
    model = find(str(spec), option)
    if model is None:
        yield Path(spec)
        return
    model.size()  # Refuses, in one line, an installation that lacks the file.
    with resources.as_file(model.resource()) as p:
        yield p


def names_for(option: str) -> tuple[str, ...]:
    """The names of the shipped models that ``option`` (e.g. ``"td:weights"``) loads."""
    return tuple(m.name for m in MODELS if m.option == option)


__all__ = ["MODELS", "Model", "find", "model_path", "names_for"]
