"""The registry: names, parameters and their errors."""

from __future__ import annotations

import pytest

import hoyle.envs
from hoyle.envs.core.errors import GameParameterError, UnknownGameError
from hoyle.envs.core.registry import Param, get_spec, load, parse_game_string


def test_games_are_found_by_either_name() -> None:
    for name, spec in hoyle.envs.GAMES.items():
        assert get_spec(name) is spec
        assert get_spec(spec.spiel_name) is spec


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match="the games are"):
        get_spec("whist-of-the-future")


def test_param_checks_type_and_choices() -> None:
    p = Param("spanish", "the pack", ("spanish", "american"))
    assert p.check("pack", "american") == "american"
    with pytest.raises(GameParameterError, match="one of: spanish, american"):
        p.check("pack", "piquet")
    q = Param(2, "players", (2, 3, 4))
    assert q.check("players", "3") == 3
    with pytest.raises(GameParameterError, match="must be a int"):
        q.check("players", "three")
    b = Param(True, "a switch")
    assert b.check("x", "false") is False
    with pytest.raises(GameParameterError):
        b.check("x", "maybe")


def test_unknown_parameter_names_the_known_ones() -> None:
    for spec in hoyle.envs.GAMES.values():
        with pytest.raises(GameParameterError, match="has no parameter"):
            parse_game_string(f"{spec.short_name}(no_such_thing=1)")


def test_load_with_parameters_in_the_string() -> None:
    for spec in hoyle.envs.GAMES.values():
        for params in spec.variants.values():
            text = ",".join(f"{k}={v}" for k, v in params.items())
            game = load(f"{spec.short_name}({text})")
            got = game.get_parameters()
            assert all(got[k] == v for k, v in params.items())
