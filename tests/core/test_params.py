"""Every parameter of every game is checked when the game is loaded (issue 13, "Trust").

The sweep: for each registered game (a game added later joins by itself) and each declared
parameter, values at and just outside its bounds, zero, negative, huge, of the wrong type, and
outside the choices. Each must either be refused with a one-line :class:`GameParameterError`
naming the parameter, or give a game that makes sense: ``min_utility <= max_utility`` (not both
zero), OpenSpiel's ``random_sim_test`` passes, a random playout ends within
``max_game_length`` decisions with returns inside the utility range, and every observation
entry lies in [0, 1] (what the Gymnasium and PettingZoo wrappers declare).

Then the ways of loading: ``pyspiel.load_game`` with a dict and with a string, the registry's
``load`` and ``parse_game_string``, and the CLI's game string all refuse the same values.

OpenSpiel checks the types of a dict or string given to ``pyspiel.load_game`` against the
defaults before hoyle sees them; a wrong type is then its ``SpielError`` ("Wrong type for
parameter x"), also one line naming the parameter. An int beyond a C++ ``int`` cannot be passed
to ``pyspiel.load_game`` at all (pybind11 refuses it); hoyle's own paths refuse it by its range.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import hoyle.envs
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.registry import INT_LIMIT, GameSpec, Param, load, parse_game_string

SPECS = sorted(hoyle.envs.GAMES.values(), key=lambda s: s.short_name)
CASES = [(spec, name) for spec in SPECS for name in spec.params]

PLAYOUT_STEPS = 3000
"""Actions (chance outcomes too) a checking playout may take; a game longer than this (a long
series at its upper bound) is checked on that prefix."""

SIM_STEPS = 600
"""OpenSpiel's ``random_sim_test`` checks every state in many ways (strings, tensors, clones):
it runs on the configurations whose random playouts take no more actions than this. The longer
ones (a series, a game to 500) get the checks of :func:`problems` alone, which include the one
``random_sim_test`` makes of returns (the rewards so far, all of them at the end)."""

TENSOR_STEPS = frozenset(range(0, 100, 5)) | {int(1.25**k) for k in range(40)}
"""The steps of a playout where the tensors of the player to move are read (they grow with a
series): every fifth of the first 100, then ever more rarely; and every player's at the end."""

TENSOR_ENTRIES = 1_000_000
"""Tensor entries a playout reads at most before its end (the information state of a long
series has hundreds of thousands)."""

HUGE = 10**9
"""Large, yet still a C++ int: it reaches hoyle through ``pyspiel.load_game``."""


def bounds(p: Param) -> tuple[float | None, float | None]:
    """The declared range of a number, or the least and greatest of its choices."""
    if p.choices is not None:
        nums = [c for c in p.choices if isinstance(c, int | float) and not isinstance(c, bool)]
        return min(nums), max(nums)
    return p.low, p.high


def candidates(p: Param) -> list[Any]:
    """The values the sweep tries for ``p``: bounds, zero, negatives, huge, wrong types."""
    kind = type(p.default)
    out: list[Any] = []
    if kind in (int, float):
        lo, hi = bounds(p)
        nums: list[float] = [0, -1, 1, HUGE, -HUGE]
        nums += [] if lo is None else [lo - 1, lo]
        nums += [] if hi is None else [hi, hi + 1]
        if p.choices is not None:  # A value inside the range but not among the choices.
            gaps = [v for v in range(int(lo or 0), int(hi or 0) + 1) if v not in p.choices]
            nums += gaps[:1]
        out += [kind(v) for v in nums]
        out += [10**30, "9" * 5000, "-" + "9" * 50, "abc", str(p.default), True]
        out += [1.5] if kind is int else [math.nan, math.inf, "nan"]
    elif kind is bool:
        out += [True, False, 1, 2, 0.5, "yes", "maybe", ""]
    else:
        out += [*(p.choices or ()), "", "no_such_value", "x" * 5000, 5, 1.5, True]
    seen: set[tuple[type, Any]] = set()
    unique = []
    for v in out:
        key = (type(v), repr(v))
        if key not in seen:
            seen.add(key)
            unique.append(v)
    return unique


def one_line_naming(e: BaseException, name: str) -> bool:
    text = str(e)
    return "\n" not in text and name in text and len(text) < 400


def passable(v: Any) -> bool:
    """Whether ``pyspiel.load_game`` can take ``v`` at all (a C++ int, a double, a str)."""
    if isinstance(v, bool | float | str):
        return True
    return -INT_LIMIT - 1 <= v <= INT_LIMIT


def refused_by_openspiel_type(e: BaseException, name: str, v: Any, p: Param) -> bool:
    """OpenSpiel's own refusal of a value whose type is not the default's."""
    return (
        isinstance(e, pyspiel.SpielError)
        and str(e).startswith(f"Wrong type for parameter {name}.")
        and type(v) is not type(p.default)
    )


def random_action(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(actions, probs)[0])
    return int(rng.choice(state.legal_actions()))


def tensors_in_unit_range(game: Any, state: Any, players: Iterable[int]) -> Iterator[str]:
    """What is wrong with the observation and information-state tensors of ``state`` for
    ``players`` (nothing: every entry in [0, 1])."""
    kind = game.get_type()
    for p in players:
        tensors = []
        if kind.provides_observation_tensor:
            tensors.append(("observation", state.observation_tensor))
        if kind.provides_information_state_tensor:
            tensors.append(("information-state", state.information_state_tensor))
        for what, get in tensors:
            t = get(p)
            if t and not 0.0 <= min(t) <= max(t) <= 1.0:
                yield f"{what} tensor of player {p} outside [0, 1]: {min(t)}..{max(t)}"


def problems(game: Any, sim: bool = True, playouts: int = 2) -> list[str]:
    """Everything inconsistent about a loaded game (an empty list: nothing), found in
    ``playouts`` random playouts and, with ``sim``, OpenSpiel's ``random_sim_test``."""
    lo, hi = game.min_utility(), game.max_utility()
    if not lo <= hi:
        return [f"min_utility {lo} > max_utility {hi}"]
    if lo == hi == 0:
        return ["the utility range is zero"]
    out: list[str] = []
    rng = random.Random(7)
    longest = 0
    kind = game.get_type()
    size = kind.provides_observation_tensor and game.observation_tensor_size()
    size += kind.provides_information_state_tensor and game.information_state_tensor_size()
    for _ in range(playouts):
        state = game.new_initial_state()
        decisions = steps = read = 0
        while not state.is_terminal() and steps < PLAYOUT_STEPS:
            if steps in TENSOR_STEPS and read < TENSOR_ENTRIES:
                out += list(tensors_in_unit_range(game, state, [max(0, state.current_player())]))
                read += size
                if any(state.returns()):  # A terminal reward model: nothing before the end.
                    return [*out, f"returns {state.returns()} before the end"]
            decisions += 0 if state.is_chance_node() else 1
            state.apply_action(random_action(state, rng))
            steps += 1
        longest = max(longest, steps)
        if decisions > game.max_game_length():
            out.append(f"{decisions} decisions > max_game_length {game.max_game_length()}")
        if state.is_terminal():
            out += list(tensors_in_unit_range(game, state, range(game.num_players())))
            returns = state.returns()
            if not all(lo - 1e-9 <= r <= hi + 1e-9 for r in returns):
                out.append(f"returns {returns} outside [{lo}, {hi}]")
        if out:
            return out
    if sim and longest <= SIM_STEPS:
        try:
            pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        except pyspiel.SpielError as e:
            out.append(f"random_sim_test: {str(e).splitlines()[0]}")
    return out


_CHECKED: dict[tuple[str, tuple[tuple[str, Any], ...]], list[str]] = {}


def check_game(spec: GameSpec, full: dict[str, Any]) -> list[str]:
    """:func:`problems` of the game with the resolved parameters ``full`` (memoized); none
    when its rules refuse them (a cross-parameter check) with a one-line error."""
    key = (spec.short_name, tuple(sorted(full.items())))
    if key not in _CHECKED:
        try:
            game = pyspiel.load_game(spec.spiel_name, full)
        except GameParameterError as e:
            found = [] if "\n" not in str(e) else [f"a multi-line refusal: {e!r}"]
        except Exception as e:  # A crash is a finding, told in one line.
            found = [f"loading: {type(e).__name__}: {(str(e) or '?').splitlines()[0]}"]
        else:
            try:
                found = problems(game)
            except Exception as e:  # A crash is a finding, told in one line.
                found = [f"{type(e).__name__}: {(str(e) or '?').splitlines()[0]}"]
        _CHECKED[key] = found
    return _CHECKED[key]


@pytest.mark.parametrize(("spec", "name"), CASES, ids=[f"{s.short_name}-{n}" for s, n in CASES])
def test_every_value_is_refused_or_makes_a_game(spec: GameSpec, name: str) -> None:
    p = spec.params[name]
    assert p.check(name, p.default) == p.default
    bad: list[str] = []
    for v in candidates(p):
        shown = repr(v)[:30]
        # Hoyle's own path (the registry, the CLI): every value is refused or accepted.
        try:
            full = spec.resolve({name: v})
        except GameParameterError as e:
            full = None
            if not one_line_naming(e, name):
                bad.append(f"{shown}: the refusal does not name {name} in one line: {e!r}")
        except Exception as e:  # Anything else is the finding.
            bad.append(f"{shown}: resolve raised {type(e).__name__}: {e}")
            continue
        # OpenSpiel's path, with the value as given.
        if passable(v):
            try:
                game = pyspiel.load_game(spec.spiel_name, {name: v})
            except GameParameterError as e:
                if not one_line_naming(e, name):
                    bad.append(f"{shown}: the refusal does not name {name} in one line: {e!r}")
            except pyspiel.SpielError as e:
                if not refused_by_openspiel_type(e, name, v, p):
                    bad.append(f"{shown}: pyspiel.load_game: {str(e).splitlines()[0]}")
            except Exception as e:
                first = (str(e) or "?").splitlines()[0]
                bad.append(f"{shown}: pyspiel.load_game raised {type(e).__name__}: {first}")
            else:
                if full is None:
                    bad.append(f"{shown}: refused by resolve, loaded by pyspiel.load_game")
                elif game.get_parameters()[name] != full[name]:
                    bad.append(f"{shown}: loaded as {game.get_parameters()[name]!r}")
        if full is not None:
            bad += [f"{shown}: {m}" for m in check_game(spec, full)]
    assert not bad, f"{spec.short_name} {name}:\n" + "\n".join(bad)


VARIANT_CASES = [
    (spec, label, dict(base))
    for spec in SPECS
    for label, base in [*spec.variants.items(), ("small_config", spec.small_config)]
    if base
]


@pytest.mark.parametrize(
    ("spec", "label", "base"),
    VARIANT_CASES,
    ids=[f"{s.short_name}-{label}" for s, label, _ in VARIANT_CASES],
)
def test_bounds_hold_in_every_variant(spec: GameSpec, label: str, base: dict[str, Any]) -> None:
    """Parameters bound one another (players and first_dealer, a pack and the hands): each
    bound of each number, set over each declared variant, is refused in one line or gives a
    consistent game (checked by random playouts)."""
    bad: list[str] = []
    for name, p in spec.params.items():
        if type(p.default) not in (int, float):
            continue
        for v in bounds(p):
            try:
                full = spec.resolve({**base, name: v})
                game = pyspiel.load_game(spec.spiel_name, full)
            except GameParameterError as e:
                if "\n" in str(e):
                    bad.append(f"{name}={v}: a multi-line refusal {e!r}")
                continue
            except Exception as e:
                bad.append(f"{name}={v}: {type(e).__name__}: {(str(e) or '?').splitlines()[0]}")
                continue
            try:
                bad += [f"{name}={v}: {m}" for m in problems(game, sim=False, playouts=1)]
            except Exception as e:
                bad.append(f"{name}={v}: {type(e).__name__}: {(str(e) or '?').splitlines()[0]}")
    assert not bad, f"{spec.short_name} {label}:\n" + "\n".join(bad)


RANGED = [
    (spec, name, p)
    for spec in SPECS
    for name, p in spec.params.items()
    if type(p.default) is int and (p.low is not None or p.high is not None)
]


def outside(p: Param) -> list[int]:
    return [b for b in (p.low - 1 if p.low is not None else None,
                        p.high + 1 if p.high is not None else None) if b is not None]  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "name", "p"), RANGED, ids=[f"{s.short_name}-{n}" for s, n, _ in RANGED]
)
def test_every_way_of_loading_refuses_a_value_out_of_range(
    spec: GameSpec, name: str, p: Param
) -> None:
    from hoyle.experiments.cli import UsageError
    from hoyle.experiments.cli import load_game as cli_load_game

    for v in outside(p):
        text = f"{spec.short_name}({name}={v})"
        loaders: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
            "pyspiel dict": (pyspiel.load_game, (spec.spiel_name, {name: v})),
            "pyspiel string": (pyspiel.load_game, (f"{spec.spiel_name}({name}={v})",)),
            "registry load": (load, (text,)),
            "registry load params": (load, (spec.short_name, {name: v})),
            "parse_game_string": (parse_game_string, (text,)),
        }
        for how, (call, args) in loaders.items():
            with pytest.raises(GameParameterError, match=f"parameter {name}={v} must be") as e:
                call(*args)
            assert "\n" not in str(e.value), how
        with pytest.raises(UsageError, match=f"parameter {name}={v} must be"):
            cli_load_game(text)


def test_the_findings() -> None:
    """The values of the issue, each refused by its range in one line."""
    for text, words in [
        ("backgammon(games=0)", "parameter games=0 must be from 1 to"),
        ("backgammon(games=-1)", "parameter games=-1 must be from 1 to"),
        ("backgammon(max_turns=0)", "parameter max_turns=0 must be from 1 to"),
        ("backgammon(max_turns=-5)", "parameter max_turns=-5 must be from 1 to"),
        ("conquian(deals=0)", "parameter deals=0 must be from 1 to"),
        ("five_hundred(target=0)", "parameter target=0 must be from 1 to"),
        ("five_hundred(scoring=game,max_deals=0)", "parameter max_deals=0 must be from 1 to"),
        ("cassino(max_deals=0)", "parameter max_deals=0 must be from 1 to"),
        ("calabrasella(all_pass=redeal,max_deals=0)", "parameter max_deals=0 must be from 1"),
        ("preference(club_value=-1)", "parameter club_value=-1 must be from 0 to"),
        ("preference(max_bid=0)", "parameter max_bid=0 must be from 1 to"),
    ]:
        with pytest.raises(GameParameterError, match=words.replace("(", r"\(")):
            load(text)


def test_a_series_pays_at_the_end() -> None:
    """Found by the sweep: Conquian with ``deals > 1`` showed the running score as its
    returns before the end, against the terminal reward model (OpenSpiel's returns are the
    rewards so far), so ``random_sim_test`` failed."""
    game = pyspiel.load_game("hoyle_conquian", {"deals": 2})
    rng = random.Random(1)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0, 0.0], state.s.deal_no
            state.apply_action(random_action(state, rng))
        assert state.returns() == [float(x) for x in state.s.scores]
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_cli_reports_a_bad_parameter_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from hoyle.experiments.cli import main

    argv = ["tournament", "backgammon(games=0)", "--agents", "random,random", "--deals", "1"]
    code = main([*argv, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "parameter games=0 must be from 1 to 100" in err
    assert not any(tmp_path.iterdir())  # refused before anything was written


def test_hoyle_games_shows_the_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from hoyle.experiments.cli import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "    games=1 (1 to 100): games in a series" in out
    assert "    max_bid=20 (1 to 70): " in out
    assert main(["games", "--json"]) == 0
    records = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    for spec in SPECS:
        for name, p in spec.params.items():
            shown = records[spec.short_name]["params"][name]["range"]
            assert shown == (None if p.low is None and p.high is None else [p.low, p.high])


def test_param_checks_types_and_ranges() -> None:
    p = Param(1, "games in a series", low=1, high=9)
    assert p.check("games", "3") == 3 and p.check("games", 3.0) == 3
    for v, words in [
        (0, "must be from 1 to 9"),
        ("10", "must be from 1 to 9"),
        ("9" * 5000, "must be from 1 to 9"),
        (10**30, "must be from 1 to 9"),
        (True, "must be a int"),
        (1.5, "must be a int"),
        (math.nan, "must be a int"),
        (math.inf, "must be a int"),
        ("1.0", "must be a int"),
        (None, "must be a int"),
    ]:
        with pytest.raises(GameParameterError, match=words) as e:
            p.check("games", v)
        assert len(str(e.value)) < 120
    assert Param(1, "at least one", low=1).check("n", INT_LIMIT) == INT_LIMIT
    with pytest.raises(GameParameterError, match="must be at least 1"):
        Param(1, "at least one", low=1).check("n", -3)
    with pytest.raises(GameParameterError, match=f"must be at most {INT_LIMIT}"):
        Param(1, "at least one", low=1).check("n", INT_LIMIT + 1)
    f = Param(0.5, "a share", low=0.0, high=1.0)
    assert f.check("share", "0.25") == 0.25 and f.check("share", 1) == 1.0
    for v in (math.nan, math.inf, "nan", "-inf", "1e999"):
        with pytest.raises(GameParameterError, match="must be a finite number"):
            f.check("share", v)
    with pytest.raises(GameParameterError, match=r"must be from 0\.0 to 1\.0"):
        f.check("share", 1.5)
    b = Param(False, "a switch")
    assert b.check("x", "yes") is True and b.check("x", 0) is False
    for v in (2, 0.5, "maybe", None):
        with pytest.raises(GameParameterError, match="must be a bool"):
            b.check("x", v)
    with pytest.raises(GameParameterError, match="must be a str"):
        Param("a", "a word", ("a", "b")).check("w", 5)


def test_a_spec_checks_parameters_that_bound_one_another() -> None:
    def check(p: Mapping[str, Any]) -> str | None:
        if p["target"] > p["most"]:
            return f"target={p['target']} cannot be above most={p['most']}"
        return None

    spec = GameSpec(
        "example", "Example", "a book", "a section", make_rules=dict,
        params={"target": Param(5, "to win", low=1, high=9), "most": Param(9, "cap", low=1, high=9)},
        check=check,
    )  # fmt: skip
    assert spec.resolve({"target": "9"}) == {"target": 9, "most": 9}
    with pytest.raises(GameParameterError, match=r"^target=7 cannot be above most=6$"):
        spec.resolve({"target": 7, "most": 6})


def test_declarations_are_checked() -> None:
    with pytest.raises(ValueError, match="not an allowed value"):
        Param(0, "games", low=1, high=9)
    with pytest.raises(ValueError, match="empty range"):
        Param(5, "games", low=9, high=1)
    with pytest.raises(TypeError, match="a range is for numbers"):
        Param("a", "a word", low=1)


def test_every_number_of_every_game_is_bounded() -> None:
    """No int parameter is left open: a value of absurd size is refused by its own range."""
    for spec in SPECS:
        for name, p in spec.params.items():
            if type(p.default) in (int, float):
                lo, hi = bounds(p)
                assert lo is not None and hi is not None, f"{spec.short_name} {name}"
