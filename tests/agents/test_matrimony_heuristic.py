"""The Matrimony heuristic (this project's hints, not the book's: Foster gives no advice on
staking): each hint where it decides, and the agent against ``random`` over duplicate deals."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import matrimony as H
from hoyle.envs.games import matrimony as M


def choose(state: Any, *off: str) -> tuple[int, str | None]:
    spec = "heuristic" + "".join(f":-{o}" for o in off)
    bot = make(spec, state.get_game(), seed=0)
    return bot.step(state), bot.last_reason


def test_hints_are_registered_in_order_and_say_they_are_not_the_books() -> None:
    assert [h.id for h in H.HINTS] == ["matrimony.stake-least", "matrimony.stake-best-odds"]
    assert all("our own, not the book's" in h.summary for h in H.HINTS)


def test_the_dealer_stakes_one_counter_on_best() -> None:
    state = pyspiel.load_game("hoyle_matrimony").new_initial_state()
    action, why = choose(state)
    assert (action, why) == (M.STAKE_ACTION_BASE + M.BEST, "matrimony.stake-best-odds")
    state.apply_action(action)
    action, why = choose(state)
    assert (action, why) == (M.ENOUGH_ACTION, "matrimony.stake-least")
    # Without stake-least he goes on staking, on Best.
    assert choose(state, "stake-least")[0] == M.STAKE_ACTION_BASE + M.BEST


def test_best_is_the_division_others_are_least_likely_to_take() -> None:
    view = pyspiel.load_game("hoyle_matrimony(players=5)").new_initial_state().player_view(0)
    risks = [H.taken_by_others(view, d) for d in range(M.NUM_DIVISIONS)]
    assert risks[M.BEST] == pytest.approx(4 / 52)
    assert min(risks) == risks[M.BEST] < risks[M.MATRIMONY] < risks[M.PAIR]


def test_there_is_no_memory_to_track() -> None:
    with pytest.raises(ValueError, match="no hint 'track-stops'"):
        make("heuristic:-track-stops", pyspiel.load_game("hoyle_matrimony"), seed=0)


def _returns(game: Any, specs: list[str], seed: int) -> list[float]:
    bots = [make(s, game, seed=seed * 10 + q) for q, s in enumerate(specs)]
    chance = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, probs)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def test_the_heuristic_beats_random() -> None:
    """Three players, three deals (each deals once), the heuristic in each seat in turn against
    two random stakers on the same cards: its mean return a sitting is above zero."""
    game = pyspiel.load_game("hoyle_matrimony(players=3,deals=3)")
    gains = []
    for seed in range(150):
        seats = []
        for me in range(3):
            specs = ["random"] * 3
            specs[me] = "heuristic"
            seats.append(_returns(game, specs, seed)[me])
        gains.append(statistics.fmean(seats))
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    assert mean - half > 0, (mean, half)
