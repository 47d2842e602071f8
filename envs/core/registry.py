"""The game registry: every hoyle game, its source in the books, players and parameters.

A game module declares one :class:`GameSpec` and calls :func:`register` at import; that makes it
an OpenSpiel game named ``hoyle_<short name>`` (``pyspiel.load_game("hoyle_conquian")``), lists
it in ``hoyle games``, and puts it in the conformance suite. Parameters are declared once here,
with their defaults (the book's rule), their meaning, and their allowed values, so that a bad
value is refused with a message naming the choices.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.errors import GameParameterError, UnknownGameError

ParamValue = int | float | bool | str
SPIEL_PREFIX = "hoyle_"


@dataclass(frozen=True)
class Param:
    """One game parameter: its default (the book's rule), what it means, allowed values."""

    default: ParamValue
    doc: str
    choices: tuple[ParamValue, ...] | None = None

    def check(self, name: str, value: Any) -> ParamValue:
        """Coerce ``value`` to the parameter's type, or raise :class:`GameParameterError`."""
        kind = type(self.default)
        try:
            if kind is bool and isinstance(value, str):
                low = value.strip().lower()
                if low not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(value)
                v: ParamValue = low in ("true", "1", "yes")
            elif kind is bool:
                v = bool(value)
            else:
                v = kind(value)
                if kind is int and isinstance(value, float) and value != int(value):
                    raise ValueError(value)
        except (TypeError, ValueError):
            raise GameParameterError(
                f"parameter {name}={value!r} must be a {kind.__name__} ({self.doc})"
            ) from None
        if self.choices is not None and v not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise GameParameterError(f"parameter {name}={v!r} must be one of: {shown}")
        return v


@dataclass(frozen=True)
class GameSpec:
    """Everything the registry, the CLI and the conformance suite know about a game.

    ``make_rules`` builds the rules object from a complete parameter dict. ``variants`` names
    parameter sets worth testing and listing (the book's variants); ``small_config`` is a
    reduced configuration whose whole game tree fits in memory, for exact solving.
    ``abstraction`` is the game's declared information abstraction for MCCFR on the full game
    (``hoyle train <game> --method mccfr --abstraction declared``): a function, defined in the
    game's module beside ``player_view``, from a player's view (``state.player_view(p)``) to a
    compact hashable key. It must read nothing but the view, so that states the player cannot
    tell apart get the same key; the trainer adds the player's seat and the legal actions.
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
    abstraction: Callable[[Any], Hashable] | None = None
    reference: str = "gin_rummy"
    """The OpenSpiel C++ game ``hoyle bench`` times beside this one (the nearest C++ game)."""
    summary: str = ""
    version: int = 0

    @property
    def spiel_name(self) -> str:
        """The OpenSpiel registry name, ``hoyle_<short name>``."""
        return SPIEL_PREFIX + self.short_name

    @property
    def gym_id(self) -> str:
        """The Gymnasium id, ``hoyle/<Title>-v<version>``."""
        title = "".join(part.capitalize() for part in self.short_name.split("_"))
        return f"hoyle/{title}-v{self.version}"

    def defaults(self) -> dict[str, ParamValue]:
        return {k: p.default for k, p in self.params.items()}

    def resolve(self, given: Mapping[str, Any] | None) -> dict[str, ParamValue]:
        """The full parameter dict: defaults overridden by ``given``, each value checked."""
        out = self.defaults()
        for k, v in (given or {}).items():
            if k not in self.params:
                known = ", ".join(sorted(self.params)) or "none"
                raise GameParameterError(
                    f"{self.short_name} has no parameter {k!r} (its parameters: {known})"
                )
            out[k] = self.params[k].check(k, v)
        return out


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry and register it with OpenSpiel (once)."""
    from hoyle.envs.core.spiel import register_with_openspiel

    if spec.short_name in GAMES:
        return GAMES[spec.short_name]
    GAMES[spec.short_name] = spec
    register_with_openspiel(spec)
    return spec


def get_spec(name: str) -> GameSpec:
    """Look a game up by its short name (``conquian``) or OpenSpiel name (``hoyle_conquian``)."""
    import hoyle.envs  # noqa: F401  (registers every game)

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
