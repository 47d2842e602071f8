"""The game registry: every hoyle game, its source in the books, players and parameters.

A game module declares one :class:`GameSpec` and calls :func:`register` at import; that makes it
an OpenSpiel game named ``hoyle_<short name>`` (``pyspiel.load_game("hoyle_conquian")``), lists
it in ``hoyle games``, and puts it in the conformance suite. Parameters are declared once here,
with their defaults (the book's rule), their meaning, and their allowed values (choices, or a
range for a number), so that a bad value is refused at loading, by every path, with a one-line
message naming the parameter and what it may be.
"""

from __future__ import annotations

import math
import numbers
import operator
import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core import plugins
from hoyle.envs.core.errors import GameParameterError, UnknownGameError, shown
from hoyle.envs.core.spiel import SPIEL_PREFIX, register_with_openspiel

ParamValue = int | float | bool | str

FOSTER = "Foster's Complete Hoyle (1914)"
"""The book of most of the games (R. F. Foster's *Complete Hoyle*, the 1914 edition)."""
HOFFMANN = "Hoyle's Games Modernized (Hoffmann, 1909)"
"""Professor Hoffmann's *Hoyle's Games Modernized* (the 1909 edition)."""

INT_LIMIT = 2**31 - 1
"""The largest int an OpenSpiel game parameter holds (a C++ ``int``): beyond it
``pyspiel.load_game`` cannot pass the value at all, so no hoyle parameter goes past it."""

TINY_NODES_LIMIT = 10_000
"""The most nodes a ``GameSpec.tiny_config`` may declare: a few thousand nodes, which
OpenSpiel's Python ``CFRSolver`` and ``nash_conv`` walk in about a second per iteration."""

Sides = tuple[tuple[int, ...], ...]
"""A partition of the seats into sides (partnerships): each side's seats, in seat order."""

PARTNERS_OPPOSITE: Sides = ((0, 2), (1, 3))
"""Four players, partners sitting opposite: players 0 and 2 against 1 and 3 (Vint, the
partnership game of Cassino)."""


def partners_opposite(params: Mapping[str, ParamValue]) -> Sides:
    """The ``GameSpec.sides`` of a four-hand partnership game whose partners never change,
    whatever its parameters: :data:`PARTNERS_OPPOSITE`. (Vint declares these sides only for one
    deal or one rubber: over its three rubbers the partners change, and it declares none.)"""
    return PARTNERS_OPPOSITE


_INT_TEXT = re.compile(r"[+-]?[0-9]+")
_TRUE, _FALSE = ("true", "1", "yes"), ("false", "0", "no")


def _shown(value: Any) -> str:
    """``value`` on one short line (a 5,000-digit string is not echoed whole)."""
    return shown(value, 40)


@dataclass(frozen=True)
class Param:
    """One game parameter: its default (the book's rule), what it means, allowed values.

    ``choices`` lists the allowed values; for a number, ``low`` and ``high`` bound it instead
    (inclusive; ``None``: no bound on that side, though an int never goes past
    :data:`INT_LIMIT`). Every number a game takes is bounded, so that a value that would give a
    game without sense (no games in a series, a length bound of zero, a pack of a million
    cards) is refused with a one-line message at loading, before any rules are built.
    """

    default: ParamValue
    doc: str
    choices: tuple[ParamValue, ...] | None = None
    low: int | float | None = None
    high: int | float | None = None

    def __post_init__(self) -> None:
        # A declaration error is the game author's, caught when the module is imported.
        kind = type(self.default)
        if (self.low is not None or self.high is not None) and kind not in (int, float):
            raise TypeError(f"a range is for numbers, not a {kind.__name__} parameter")
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"empty range {self.low} to {self.high}")
        if not self._in_range(self.default) or (
            self.choices is not None and self.default not in self.choices
        ):
            raise ValueError(f"default {self.default!r} is not an allowed value")

    def range_text(self) -> str:
        """The declared range in words: ``from 1 to 9``, ``at least 1``, ``at most 9``, or
        ``""`` (no range declared)."""
        lo, hi = self.low, self.high
        if lo is not None and hi is not None:
            return f"from {lo} to {hi}"
        if lo is not None:
            return f"at least {lo}"
        if hi is not None:
            return f"at most {hi}"
        return ""

    def _limits(self) -> tuple[float, float]:
        """The effective range: the declared one, within :data:`INT_LIMIT` for an int."""
        lo = -math.inf if self.low is None else self.low
        hi = math.inf if self.high is None else self.high
        if type(self.default) is int:
            lo, hi = max(lo, -INT_LIMIT - 1), min(hi, INT_LIMIT)
        return lo, hi

    def _in_range(self, v: ParamValue) -> bool:
        if not isinstance(v, int | float) or isinstance(v, bool):
            return True
        lo, hi = self._limits()
        return lo <= v <= hi

    def _range_error(self, name: str, value: Any, above: bool) -> GameParameterError:
        """The refusal of a number on the wrong side of a bound (``above``: too large)."""
        lo, hi = self._limits()
        if self.low is not None and self.high is not None:
            words = self.range_text()
        elif above:
            words = f"at most {hi:g}" if isinstance(hi, float) else f"at most {hi}"
        else:
            words = f"at least {lo:g}" if isinstance(lo, float) else f"at least {lo}"
        return GameParameterError(f"parameter {name}={_shown(value)} must be {words} ({self.doc})")

    def check(self, name: str, value: Any) -> ParamValue:
        """Coerce ``value`` to the parameter's type, or raise :class:`GameParameterError`.

        A string is read as the type (``"3"``, ``"true"``: a game string); otherwise the value
        must be of the type already: a bool is no int, an int no str, and a float is an int only
        when whole. A float must be finite. Then the value must lie in the range and among the
        choices. Every message is one line naming the parameter and what it may be.
        """
        v = self._coerce(name, value, type(self.default))
        if isinstance(v, int | float) and not self._in_range(v):
            raise self._range_error(name, v, above=v > self._limits()[1])
        if self.choices is not None and v not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise GameParameterError(f"parameter {name}={_shown(v)} must be one of: {shown}")
        return v

    def _coerce(self, name: str, value: Any, kind: type) -> ParamValue:
        """``value`` as the parameter's type (see :meth:`check`); the range is not checked."""
        bad = GameParameterError(
            f"parameter {name}={_shown(value)} must be a {kind.__name__} ({self.doc})"
        )
        if isinstance(value, str):
            text = value.strip()
            if kind is str:
                return value
            if kind is bool:
                if text.lower() not in _TRUE + _FALSE:
                    raise bad
                return text.lower() in _TRUE
            if kind is int:
                if not _INT_TEXT.fullmatch(text):
                    raise bad
                if len(text.lstrip("+-")) > len(str(INT_LIMIT)):  # Far out of range: not read.
                    raise self._range_error(name, value, above=not text.startswith("-"))
                return int(text)
            try:
                f = float(text)
            except ValueError:
                raise bad from None
            return self._finite(name, f)
        if kind is str:
            raise bad
        if kind is bool:
            if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", "") == "b":
                return bool(value)
            if isinstance(value, numbers.Integral) and value in (0, 1):
                return bool(value)
            raise bad
        if isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", "") == "b":
            raise bad  # A bool is no number.
        whole = _as_int(value)
        if kind is int:
            if whole is None:
                raise bad
            return whole
        if whole is not None:
            value = whole  # An int for a float parameter: exact up to 2**53.
        if not isinstance(value, numbers.Real):
            raise bad
        try:
            return self._finite(name, float(value))
        except OverflowError:
            raise self._range_error(name, value, above=whole is not None and whole > 0) from None

    def _finite(self, name: str, f: float) -> float:
        if not math.isfinite(f):
            raise GameParameterError(
                f"parameter {name}={_shown(f)} must be a finite number ({self.doc})"
            )
        return f


def _as_int(value: Any) -> int | None:
    """``value`` as an int if it is an integer (an int, a NumPy integer, a whole finite float),
    else ``None``."""
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, numbers.Real):
        f = float(value)
        if math.isfinite(f) and f.is_integer():
            return int(f)
    return None


@dataclass(frozen=True)
class GameSpec:
    """Everything the registry, the CLI and the conformance suite know about a game.

    ``make_rules`` builds the rules object from a complete parameter dict. ``variants`` names
    parameter sets worth testing and listing (the book's variants).

    Two reduced configurations serve exact solving, each given as parameters laid over the
    defaults. ``small_config`` is the one for fast tests and for ``hoyle train``'s exact MCCFR
    (``--config small``), which enumerates the whole tree into arrays: where that tree fits (a
    few hundred thousand nodes: Conquian's, Cassino's) the exploitability is exact; elsewhere
    it is a reduced game still far too large to enumerate, which ``hoyle train`` refuses with
    its estimated size. ``tiny_config`` is sized for OpenSpiel's full-tree solvers
    (``cfr.CFRSolver``, ``exploitability.nash_conv``, ``get_all_states``): its tree has at most
    ``tiny_nodes`` nodes (decisions, chance nodes and terminals, as a walk through every legal
    action and chance outcome counts them; at most :data:`TINY_NODES_LIMIT`), which a test
    counts. A game that cannot be made that small without leaving its rules declares
    ``tiny_config=None`` and says why in ``no_tiny`` (one sentence, with the sizes).
    ``abstraction`` is the game's declared information abstraction for MCCFR on the full game
    (``hoyle train <game> --method mccfr --abstraction declared``): a function, defined in the
    game's module beside ``player_view``, from a player's view (``state.player_view(p)``) to a
    compact hashable key. It must read nothing but the view, so that states the player cannot
    tell apart get the same key; the trainer adds the player's seat and the legal actions.
    ``replay_config`` is laid under each configuration (its own parameters win) by the generic
    checks that rebuild state after state from its history (a re-deal replays the history to
    the state re-dealt; so does a deserialization, which OpenSpiel's ``random_sim_test`` does at
    every step, and the wrappers' ``spiel_state`` after every step): their cost
    grows with the square of a deal's length. A game whose full deals make them too slow for
    CI declares a shorter game here (Authors: a shorter pack, its deal of up to 200 asks and
    every re-deal counting the record's worlds). The variants stay the book's game in every
    other check and tool, and the game's own tests replay its full deals.
    ``check`` looks at the whole parameter dict once each value has passed its own
    :class:`Param` check, for parameters that bound one another (``partnership`` and
    ``players``, a pack too small for the hands): it returns ``None``, or what is wrong in one
    line naming both parameters, which :meth:`resolve` raises as a :class:`GameParameterError`.
    ``sides`` declares the partnerships (see :meth:`seat_sides`): a function of the resolved
    parameters giving the seats of each side (partners share their side's return), or
    ``None`` from it, or as the field, when every seat plays for himself. Matches, tournaments
    and ratings read it to seat one agent in every seat of a side and to rate sides, never
    partners against each other.
    """

    short_name: str
    title: str
    book: str
    section: str
    make_rules: Callable[[Mapping[str, ParamValue]], Any]
    params: Mapping[str, Param] = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 2
    perfect_information: bool = False
    constant_sum: bool = True
    variants: Mapping[str, Mapping[str, ParamValue]] = field(default_factory=dict)
    small_config: Mapping[str, ParamValue] = field(default_factory=dict)
    tiny_config: Mapping[str, ParamValue] | None = None
    replay_config: Mapping[str, ParamValue] = field(default_factory=dict)
    """Laid under each configuration by the generic checks that rebuild state after state."""
    tiny_nodes: int = 0
    """The declared bound on the number of nodes of ``tiny_config``'s whole tree."""
    no_tiny: str = ""
    """Why the game has no ``tiny_config``: each of hoyle's games gives one or the other (a
    test checks)."""
    abstraction: Callable[[Any], Hashable] | None = None
    reference: str = "gin_rummy"
    """The OpenSpiel C++ game ``hoyle bench`` times beside this one (the nearest C++ game)."""
    summary: str = ""
    version: int = 0
    gym_title: str = ""
    """The title in the Gymnasium id when it is not the short name's (Bagatelle's own
    continuous-stroke env holds ``hoyle/Bagatelle-v0``; its discretised game is
    ``hoyle/BagatelleStrokes-v0``)."""
    check: Callable[[Mapping[str, ParamValue]], str | None] | None = None
    sides: Callable[[Mapping[str, ParamValue]], Sides | None] | None = None
    """The partnerships for the resolved parameters (:meth:`seat_sides`); ``None``: none."""

    def __post_init__(self) -> None:
        # A declaration error is the game author's, caught when the module is imported.
        if self.tiny_config is not None:
            if not 1 <= self.tiny_nodes <= TINY_NODES_LIMIT:
                raise ValueError(
                    f"{self.short_name}: tiny_nodes={self.tiny_nodes} must be 1 to "
                    f"{TINY_NODES_LIMIT} (the declared size of tiny_config's tree)"
                )
            if self.no_tiny:
                raise ValueError(f"{self.short_name}: a tiny_config and a reason for none")

    @property
    def citation(self) -> str:
        """Where the rules are written: the book and its heading (``Foster's Complete Hoyle
        (1914), CASSINO``). Every report, heuristic and hint that names its source quotes this,
        so a game is cited one way everywhere."""
        return f"{self.book}, {self.section}"

    @property
    def spiel_name(self) -> str:
        """The OpenSpiel registry name, ``hoyle_<short name>``."""
        return SPIEL_PREFIX + self.short_name

    @property
    def gym_id(self) -> str:
        """The Gymnasium id, ``hoyle/<Title>-v<version>``."""
        title = self.gym_title or "".join(p.capitalize() for p in self.short_name.split("_"))
        return f"hoyle/{title}-v{self.version}"

    def seat_sides(self, params: Mapping[str, ParamValue], num_players: int) -> Sides | None:
        """The sides of a game of ``num_players`` with the resolved ``params``, or ``None``
        when every seat is its own side.

        The declaration must partition the seats into at least two sides of equal size (the
        duplicate exchanges the sides' seats, which needs sides of one size); anything else is
        the game author's error, raised as a ``ValueError`` naming the game.
        """
        sides = self.sides(params) if self.sides is not None else None
        if sides is None:
            return None
        sides = tuple(tuple(int(k) for k in side) for side in sides)
        seats = sorted(k for side in sides for k in side)
        if (seats != list(range(num_players)) or len(sides) < 2
                or len({len(side) for side in sides}) != 1):  # fmt: skip
            raise ValueError(f"{self.short_name}: sides {sides} do not split seats 0 to "
                             f"{num_players - 1} into two or more sides of one size")  # fmt: skip
        return sides

    def defaults(self) -> dict[str, ParamValue]:
        return {k: p.default for k, p in self.params.items()}

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, ParamValue]:
        """The full parameter dict: defaults overridden by ``given``, each value checked, then
        the whole by ``check``.

        Every way of loading a game comes here: ``pyspiel.load_game("hoyle_x", {...})`` and
        ``pyspiel.load_game("hoyle_x(a=1)")`` (OpenSpiel has checked the types against the
        defaults and passes int, float, bool, str), :func:`load` and :func:`parse_game_string`
        (the CLI's game strings, where every value is a str).
        """
        out = self.defaults()
        for k, v in (given or {}).items():
            if k not in self.params:
                known = ", ".join(sorted(self.params)) or "none"
                raise GameParameterError(
                    f"{self.short_name} has no parameter {_shown(k)} (its parameters: {known})"
                )
            out[k] = self.params[k].check(k, v)
        if self.check is not None:
            wrong = self.check(out)
            if wrong:
                raise GameParameterError(wrong)
        return out


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry and register it with OpenSpiel (once)."""
    if spec.short_name in GAMES:
        return GAMES[spec.short_name]
    GAMES[spec.short_name] = spec
    register_with_openspiel(spec)
    return spec


def discover_games() -> None:
    """Import every installed game (the ``hoyle.games`` entry points): each registers itself.
    A module is imported once, so a second call costs only the look-up."""
    for name in plugins.names("hoyle.games"):
        plugins.load("hoyle.games", name)


def get_spec(name: str) -> GameSpec:
    """Look a game up by its short name (``conquian``) or OpenSpiel name (``hoyle_conquian``)."""
    discover_games()
    key = name.strip().lower().replace("-", "_")
    key = key.removeprefix(SPIEL_PREFIX)
    if key not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameError(f"no game named {name!r}; the games are: {known}")
    return GAMES[key]


def parse_game_string(text: str) -> tuple[GameSpec, dict[str, ParamValue]]:
    """Read ``cassino`` or ``cassino(players=4,variant=royal)`` into a spec and parameters.

    >>> spec, params = parse_game_string("conquian(pack=american)")
    >>> spec.short_name, params["pack"]
    ('conquian', 'american')
    """
    name, _, rest = text.partition("(")
    spec = get_spec(name)
    given: dict[str, str] = {}
    rest = rest.strip().removesuffix(")")
    for item in filter(None, (p.strip() for p in rest.split(","))):
        k, eq, v = item.partition("=")
        if not eq:
            raise GameParameterError(f"cannot read parameter {item!r}: write name=value")
        given[k.strip()] = v.strip()
    return spec, spec.resolve(given)


def load(name: str, params: Mapping[str, Any] | None = None) -> Any:
    """Load a hoyle game as a ``pyspiel.Game`` by short name, with checked parameters.

    ``name`` may carry parameters itself: ``load("cassino(players=3)")``.
    """
    import pyspiel

    spec, parsed = parse_game_string(name)
    full = spec.resolve({**parsed, **(params or {})})
    return pyspiel.load_game(spec.spiel_name, full)
