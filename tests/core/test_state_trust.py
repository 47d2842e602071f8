"""Regression tests of the trust findings about states (docs/trust.md): no code runs from a
received serialization or pickle, corrupt states are refused, every entry point checks
legality, and errors fit OpenSpiel and show no hidden card. The fuzz suite (``tests/fuzz``)
throws random inputs at the same properties; these are the exact cases that were found open.
"""

from __future__ import annotations

import base64
import os
import pickle
import time
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.errors import (
    ActionTypeError,
    GameParameterError,
    HoyleError,
    IllegalActionError,
    StateFormatError,
    UnknownGameError,
)
from hoyle.envs.core.files import FileFormatError
from hoyle.envs.core.spiel import deserialize_game_and_state_text
from tests.helpers import CONFIGS, config_id, load_config


class _Payload:
    """Unpickling this writes the marker file: what a crafted file would do instead."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (os.system, (f"touch {self.marker}",))


def _dealt(name: str = "hoyle_conquian") -> Any:
    state = pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


def test_a_crafted_serialization_never_runs_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    blob = base64.b64encode(pickle.dumps({"s": _Payload(marker)})).decode()
    crafted = f"history=\nmove_number=0\n__dict__={blob}"
    game = pyspiel.load_game("hoyle_conquian")
    with pytest.raises(StateFormatError, match="never unpickles"):
        game.deserialize_state(crafted)
    with pytest.raises(StateFormatError):
        deserialize_game_and_state_text(crafted)
    # A state pickle that carries the crafted text: unpickling goes through the text.
    evil = pickle.dumps(_Carrier(crafted))
    with pytest.raises(StateFormatError):
        pickle.loads(evil)
    assert not marker.exists()
    # The payload itself would have run: the test can fail.
    pickle.loads(pickle.dumps(_Payload(marker)))
    assert marker.exists()


class _Carrier:
    """Pickles as hoyle's own state pickle does, with a text of the attacker's choosing."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __reduce__(self) -> tuple[Any, ...]:
        return (deserialize_game_and_state_text, (self.text,))


def test_a_state_pickles_as_its_plain_text() -> None:
    state = _dealt()
    data = pickle.dumps(state)
    assert b"__dict__" not in data and b"ConquianState" not in data
    assert state.serialize().encode() in data
    copy = pickle.loads(data)
    assert copy.serialize() == state.serialize() and str(copy) == str(state)


def test_a_serialization_of_another_game_or_parameter_set_is_refused() -> None:
    text = _dealt("hoyle_conquian").serialize()
    with pytest.raises(StateFormatError, match="not of hoyle_cassino"):
        pyspiel.load_game("hoyle_cassino").deserialize_state(text)
    with pytest.raises(StateFormatError, match=r"this hoyle_conquian \(pack=american\)"):
        pyspiel.load_game("hoyle_conquian", {"pack": "american"}).deserialize_state(text)


def test_corrupt_histories_are_refused_naming_the_entry() -> None:
    state = _dealt()
    game = state.get_game()
    head, game_line, history = state.serialize().splitlines()
    entries = history.removeprefix("history=").split(",")
    again = [*entries[:3], entries[1], *entries[4:]]  # a card dealt twice
    with pytest.raises(StateFormatError, match="history entry 3"):
        game.deserialize_state(f"{head}\n{game_line}\nhistory={','.join(again)}\n")
    for bad in ("x", "-1", "07", " 1", "1.0", "٣"):
        text = f"{head}\n{game_line}\nhistory={','.join([bad, *entries[1:]])}\n"
        with pytest.raises(StateFormatError, match="history entry 0"):
            game.deserialize_state(text)
    endless = ",".join(["0"] * (game.max_game_length() + game.max_chance_nodes_in_history() + 1))
    with pytest.raises(StateFormatError, match="no history of this game is longer"):
        game.deserialize_state(f"{head}\n{game_line}\nhistory={endless}\n")
    for text in ("", "garbage", head, f"{head}\n{game_line}\n", state.serialize() + "more\n"):
        with pytest.raises(StateFormatError):
            game.deserialize_state(text)
    with pytest.raises(StateFormatError):
        game.deserialize_state(None)  # type: ignore[arg-type]


def test_a_loaded_serialization_is_the_state_it_came_from() -> None:
    state = _dealt()
    text = state.serialize()
    loaded = state.get_game().deserialize_state(text.removesuffix("\n"))
    assert loaded.serialize() == text
    assert loaded.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_child_checks_legality_like_apply_action(config: Any) -> None:
    game = load_config(config)
    start = game.new_initial_state()
    end = start.clone()
    while not end.is_terminal():
        end.apply_action(end.legal_actions()[0])
    n = max(game.num_distinct_actions(), game.max_chance_outcomes())
    for state in (start, end):
        before = state.serialize()
        for action in (-2, -1, n, 2**31 - 1, 2**63, *([0] if state.is_terminal() else [])):
            for advance in (
                state.child,
                state.apply_action,
                state.apply_action_with_legality_check,
            ):
                t0 = time.perf_counter()
                with pytest.raises(pyspiel.SpielError):
                    advance(action)
                assert time.perf_counter() - t0 < 0.5
                assert state.serialize() == before
        for value in ("0", 0.5, float("inf"), None, True):
            with pytest.raises(ActionTypeError):
                state.child(value)  # type: ignore[arg-type]
            with pytest.raises(ActionTypeError):
                state.apply_action(value)  # type: ignore[arg-type]
        assert state.serialize() == before


def test_the_cpp_paths_check_legality_too() -> None:
    # OpenSpiel's own ApplyAction and Child (as its algorithms and C++ bots call them) reach
    # the rules only through hoyle's checked _apply_action.
    state = pyspiel.load_game("hoyle_backgammon").new_initial_state()
    before = state.serialize()
    with pytest.raises(IllegalActionError):
        pyspiel.State.child(state, 99)
    with pytest.raises(IllegalActionError):
        pyspiel.State.apply_action(state, 99)
    assert state.serialize() == before
    with pytest.raises(HoyleError, match="sequential"):
        state.apply_actions([0, 1])


def test_errors_are_spiel_errors_and_python_errors() -> None:
    for cls, base in ((IllegalActionError, ValueError), (ActionTypeError, TypeError),
                      (StateFormatError, ValueError), (GameParameterError, ValueError),
                      (UnknownGameError, KeyError), (FileFormatError, ValueError)):  # fmt: skip
        assert issubclass(cls, pyspiel.SpielError) and issubclass(cls, base), cls
    with pytest.raises(pyspiel.SpielError):
        _dealt().apply_action(9999)


def test_an_illegal_action_message_shows_no_hidden_card() -> None:
    state = _dealt()
    table = str(state)  # The whole table: the debug view, on request only.
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(9999)
    msg = str(caught.value)
    assert "\n" not in msg and table not in msg
    assert "for player 0" in msg and "legal actions are [" in msg
    # His legal actions in his words, and nothing from the other hand or the stock.
    cur = state.current_player()
    for a in state.legal_actions():
        assert state.action_to_string(cur, a) in msg
    assert "stock" not in msg and "hand" not in msg
    # At a chance node the outcomes (the cards not yet dealt) are only counted.
    fresh = pyspiel.load_game("hoyle_conquian").new_initial_state()
    with pytest.raises(IllegalActionError, match=r"not one of the 40 chance outcomes") as c2:
        fresh.apply_action(99)
    assert "[" not in str(c2.value)
    assert "♠" not in repr(state) and "stock" not in repr(state)


def test_int_strings_are_not_read_as_actions() -> None:
    state = _dealt()
    legal = state.legal_actions()[0]
    with pytest.raises(ActionTypeError, match=rf"got '{legal}' \(str\)"):
        state.apply_action(str(legal))  # type: ignore[arg-type]
