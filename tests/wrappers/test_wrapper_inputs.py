"""Whatever is passed to ``step``/``reset``, the Gymnasium and PettingZoo environments answer
safely: a non-action is an illegal action (the penalty, or a one-line error under "raise"),
the state is left alone, and no message shows a card the seat cannot see.

Two games, not every configuration (``test_gymnasium.py``/``test_pettingzoo.py`` run the
checkers over all of them): what is tested here is the wrappers' own input handling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest

from hoyle.envs.core.errors import ActionTypeError, HoyleError, IllegalActionError
from hoyle.envs.wrappers.gymnasium_env import AgentMoveError, HoyleEnv
from hoyle.envs.wrappers.pettingzoo import raw_env

GAMES = ["conquian", "cassino"]


class _Opaque:
    """An object that is no number at all."""


def _non_actions(legal: int) -> list[Any]:
    """Inputs that are not actions; ``legal`` is a legal action id, so the integral float, the
    shape-(1,) array and the string of it are refused for what they are, not for the id."""
    return [
        float("inf"), float("-inf"), float("nan"), 0.5, float(legal), np.float64(legal),
        str(legal), "abc", None, True, False, np.True_, np.array([legal]), [legal], b"1",
        _Opaque(), 1j,
    ]  # fmt: skip


NON_ACTION_IDS = [
    "inf", "-inf", "nan", "0.5", "float", "np.float64", "str", "abc", "None", "True", "False",
    "np.True_", "array(1,)", "list", "bytes", "object", "complex",
]  # fmt: skip

OUT_OF_RANGE = [-1, -(2**40), 2**100]


def _gym(game: str, **kwargs: Any) -> HoyleEnv:
    return HoyleEnv(game, **kwargs)


def _legal_now(env: HoyleEnv) -> int:
    return int(np.flatnonzero(env.action_masks())[0])


def _reset_until(env: HoyleEnv, want: Callable[[list[int]], bool]) -> list[int]:
    """Reset with seeds 0, 1, ... until the seat's legal actions satisfy ``want``."""
    for seed in range(200):
        _, info = env.reset(seed=seed)
        if want(info["legal_actions"]):
            return list(info["legal_actions"])
    pytest.skip("no first decision of the wanted kind in 200 deals")


# --- Gymnasium ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", range(len(NON_ACTION_IDS)), ids=NON_ACTION_IDS)
def test_gym_non_action_is_penalized(game: str, index: int) -> None:
    env = _gym(game, illegal_penalty=-9.0)
    env.reset(seed=3)
    bad = _non_actions(_legal_now(env))[index]
    history = env.spiel_state.history()
    obs, reward, term, trunc, info = env.step(bad)
    assert (reward, term, trunc, info["illegal_action"]) == (-9.0, True, False, True)
    assert not obs["action_mask"].any() and not env.action_masks().any()
    assert env.spiel_state.history() == history  # nothing applied
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", range(len(NON_ACTION_IDS)), ids=NON_ACTION_IDS)
def test_gym_non_action_raises_one_line(game: str, index: int) -> None:
    env = _gym(game, illegal_action="raise")
    env.reset(seed=3)
    legal = _legal_now(env)
    bad = _non_actions(legal)[index]
    state = env.spiel_state
    before = (state.history(), str(state))
    with pytest.raises(ActionTypeError) as caught:
        env.step(bad)
    message = str(caught.value)
    assert isinstance(caught.value, HoyleError)
    assert "\n" not in message and message.startswith("an action must be an int in 0..")
    assert f"({type(bad).__name__})" in message
    assert (state.history(), str(state)) == before
    env.step(legal)  # the episode goes on


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", OUT_OF_RANGE)
def test_gym_out_of_range_int(game: str, action: int) -> None:
    env = _gym(game)
    env.reset(seed=3)
    _, reward, term, _, info = env.step(action)
    assert (reward, term, info["illegal_action"]) == (env.game.min_utility(), True, True)
    env = _gym(game, illegal_action="raise")
    env.reset(seed=3)
    with pytest.raises(IllegalActionError, match="outside the action space") as caught:
        env.step(action)
    assert "\n" not in str(caught.value)


def test_gym_true_is_not_action_one() -> None:
    """``True == 1``, but a bool is no action: refused even where action 1 is legal."""
    env = _gym("cassino")
    _reset_until(env, lambda legal: 1 in legal)
    _, _, term, _, info = env.step(True)
    assert term and info["illegal_action"]


@pytest.mark.parametrize("game", GAMES)
def test_gym_integer_forms_still_play(game: str) -> None:
    for make in (int, np.int64, np.int32, np.uint16, np.array):
        env = _gym(game)
        env.reset(seed=3)
        _, _, _, _, info = env.step(make(_legal_now(env)))
        assert not info["illegal_action"], make


@pytest.mark.parametrize("game", GAMES)
def test_gym_illegal_int_message_is_the_seats_own(game: str) -> None:
    """One line: the action, the seat's own legal actions by name; no view, no table."""
    env = _gym(game, illegal_action="raise")
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as caught:
        env.step(illegal)
    message = str(caught.value)
    assert "\n" not in message and f"illegal action {illegal}" in message
    state = env.spiel_state
    for a in state.legal_actions():
        assert state.action_to_string(0, a) in message
    assert str(state).splitlines()[1] not in message


class _BadBot(pyspiel.Bot):  # type: ignore[misc]
    """An opponent that answers ``answer`` (or the first illegal action id, if ``None``)."""

    def __init__(self, answer: Any = None) -> None:
        pyspiel.Bot.__init__(self)
        self.answer = answer

    def step(self, state: Any) -> Any:
        if self.answer is not None:
            return self.answer
        legal = set(state.legal_actions())
        return next(a for a in range(state.get_game().num_distinct_actions()) if a not in legal)

    def restart_at(self, state: Any) -> None:
        del state  # Unused: no memory.


@pytest.mark.parametrize(
    "answer", [None, float("inf"), "x", -5], ids=["illegal", "inf", "str", "neg"]
)
def test_gym_opponents_illegal_move_does_not_show_its_hand(answer: Any) -> None:
    """The state's own error would list the opponent's legal actions: its hidden cards."""
    env = _gym("conquian", opponents=_BadBot(answer))
    env.reset(seed=3)
    with pytest.raises(AgentMoveError) as caught:
        for _ in range(200):  # until the opponent moves
            env.step(_legal_now(env))
    message = str(caught.value)
    assert "\n" not in message and "seat 1 (_BadBot)" in message
    assert "legal actions are" not in message and "hand" not in message


@pytest.mark.parametrize("seed", [-1, 1.5, "7", np.int64(3), [1]], ids=str)
def test_gym_bad_seed_is_gymnasiums_error(seed: Any) -> None:
    env = _gym("conquian")
    env.reset(seed=1)
    history = env.spiel_state.history()
    with pytest.raises(gymnasium.error.Error, match="Seed must be") as caught:
        env.reset(seed=seed)
    assert "\n" not in str(caught.value)
    assert env.spiel_state.history() == history
    env.step(_legal_now(env))  # the running episode is untouched


def test_gym_action_masks_before_reset_and_after_the_end() -> None:
    env = _gym("conquian")
    n = env.game.num_distinct_actions()
    for mask in (env.action_masks(),):
        assert mask.dtype == bool and mask.shape == (n,) and not mask.any()
    env.reset(seed=2)
    assert env.action_masks().sum() >= 1
    env.step("not an action")
    assert not env.action_masks().any()


def test_gym_through_gymnasium_make() -> None:
    """The registered env with Gymnasium's own wrappers (checker, order enforcing)."""
    env = gymnasium.make("hoyle/Conquian-v0")
    env.reset(seed=3)
    _, _, term, _, info = env.step(float("inf"))
    assert term and info["illegal_action"]


# --- PettingZoo -----------------------------------------------------------------------------
def _pz_legal(e: Any) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", range(len(NON_ACTION_IDS)), ids=NON_ACTION_IDS)
def test_pz_non_action_is_penalized(game: str, index: int) -> None:
    e = raw_env(game, illegal_penalty=-4.0)
    e.reset(seed=5)
    bad = _non_actions(_pz_legal(e))[index]
    offender = e.agent_selection
    history = e.spiel_state.history()
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards == {a: -4.0 if a == offender else 0.0 for a in e.agents}
    assert e.infos[offender]["illegal_action"] is True
    assert e.spiel_state.history() == history
    for _ in e.agent_iter():
        e.step(None)  # the dead steps
    assert e.agents == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("index", range(len(NON_ACTION_IDS)), ids=NON_ACTION_IDS)
def test_pz_non_action_raises_one_line(game: str, index: int) -> None:
    e = raw_env(game, illegal_action="raise")
    e.reset(seed=5)
    legal = _pz_legal(e)
    bad = _non_actions(legal)[index]
    agent, state = e.agent_selection, e.spiel_state
    before = (state.history(), str(state))
    with pytest.raises(ActionTypeError) as caught:
        e.step(bad)
    assert "\n" not in str(caught.value)
    assert (state.history(), str(state), e.agent_selection) == (*before, agent)
    e.step(legal)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", OUT_OF_RANGE)
def test_pz_out_of_range_int(game: str, action: int) -> None:
    e = raw_env(game)
    e.reset(seed=5)
    offender = e.agent_selection
    e.step(action)
    assert e.infos[offender]["illegal_action"] is True and all(e.terminations.values())
    e = raw_env(game, illegal_action="raise")
    e.reset(seed=5)
    with pytest.raises(IllegalActionError, match="outside the action space") as caught:
        e.step(action)
    assert "\n" not in str(caught.value)


def test_pz_true_is_not_action_one() -> None:
    e = raw_env("cassino")
    for seed in range(200):
        e.reset(seed=seed)
        if e.observe(e.agent_selection)["action_mask"][1]:
            break
    else:
        pytest.skip("action 1 never legal at the first decision")
    offender = e.agent_selection
    e.step(True)
    assert e.infos[offender]["illegal_action"] is True


@pytest.mark.parametrize("game", GAMES)
def test_pz_illegal_int_message_is_one_line(game: str) -> None:
    e = raw_env(game, illegal_action="raise")
    e.reset(seed=5)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError) as caught:
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("seed", [-1, 1.5, "7"], ids=str)
def test_pz_bad_seed_is_gymnasiums_error(seed: Any) -> None:
    e = raw_env("conquian")
    e.reset(seed=1)
    history = e.spiel_state.history()
    with pytest.raises(gymnasium.error.Error, match="Seed must be"):
        e.reset(seed=seed)
    assert e.spiel_state.history() == history
