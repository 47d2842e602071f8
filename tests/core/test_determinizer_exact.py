"""The determinizer is exact: on each game's tiny configuration its draws are uniform over the
worlds a player cannot tell apart.

The whole tree of a tiny configuration is walked, and every history is filed under each
player's information state at it. For a sample of information states with more than one
world, ``resample_from_infostate`` is drawn many times (seeded); each draw must be one of the
worlds of that information state (never an impossible one), and the draws' frequencies must fit
the worlds' probabilities by a chi-square test.

A world is a history; its probability is the product of the chance probabilities along it
(the decisions in it count once each: the determinizer knows no one's strategy, so a hidden
choice between two discards is a coin it may not weigh). Worlds that every player sees alike
(the same information state for each seat) are one outcome of the test: a determinizer may
pick any history among them. The draws are seeded, so the test's verdict is reproducible.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pyspiel
import pytest

import hoyle.envs
from hoyle.envs.core.registry import GameSpec
from tests.helpers import decides_with_cards_hidden, draws_misfit

SPECS = [
    hoyle.envs.GAMES[name]
    for name in sorted(hoyle.envs.GAMES)
    if hoyle.envs.GAMES[name].tiny_config is not None
]
INFOSETS = 12
"""Information states checked per game: those with the most worlds (the hardest cases)."""
DRAWS_PER_WORLD = 60
"""Draws per world of an information state (at least 5 expected per cell for chi-square)."""
ALPHA = 1e-4
"""Each information state's p-value must exceed this (a seeded test: the verdict is fixed)."""


def _world_key(state: Any, num_players: int) -> tuple[str, ...]:
    """What tells two worlds apart for anyone at the table: every seat's information state."""
    return tuple(state.information_state_string(q) for q in range(num_players))


def _worlds(game: Any) -> dict[tuple[int, str], dict[tuple[str, ...], float]]:
    """For each (player, information state) at a decision node, its worlds' probabilities."""
    n = game.num_players()
    out: dict[tuple[int, str], dict[tuple[str, ...], float]] = defaultdict(dict)
    stack: list[tuple[Any, float]] = [(game.new_initial_state(), 1.0)]
    while stack:
        state, prob = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            for a, p in state.chance_outcomes():
                stack.append((state.child(a), prob * p))
            continue
        key = _world_key(state, n)
        for q in range(n):
            worlds = out[(q, key[q])]
            worlds[key] = worlds.get(key, 0.0) + prob
        for a in state.legal_actions():
            stack.append((state.child(a), prob))
    return out


def _representatives(game: Any) -> dict[tuple[int, str], Any]:
    """One state of each (player, information state), the first met in a fixed walk."""
    n = game.num_players()
    reps: dict[tuple[int, str], Any] = {}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        for q in range(n):
            reps.setdefault((q, state.information_state_string(q)), state)
        stack.extend(state.child(a) for a in state.legal_actions())
    return reps


@pytest.mark.parametrize("spec", SPECS, ids=[s.short_name for s in SPECS])
def test_determinizer_draws_every_consistent_world_uniformly(spec: GameSpec) -> None:
    assert spec.tiny_config is not None
    game = pyspiel.load_game(spec.spiel_name, spec.resolve(spec.tiny_config))
    n = game.num_players()
    worlds = _worlds(game)
    reps = _representatives(game)
    many = sorted((k for k, w in worlds.items() if len(w) > 1), key=lambda k: (-len(worlds[k]), k))
    if not many and not decides_with_cards_hidden(game):
        pytest.skip("no decision is taken while a seat holds a card hidden from another")
    assert many, f"{spec.short_name}: no information state has two worlds"
    failures = []
    for i, infoset in enumerate(many[:INFOSETS]):
        player, _ = infoset
        sampler = pyspiel.UniformProbabilitySampler(1000 + i, 0.0, 1.0)
        state = reps[infoset]
        misfit = draws_misfit(
            worlds[infoset],
            lambda: _world_key(state.resample_from_infostate(player, sampler), n),  # noqa: B023
            DRAWS_PER_WORLD,
            ALPHA,
            f"{spec.short_name}, player {player}",
        )
        if misfit:
            failures.append(misfit)
    assert not failures, f"{spec.short_name}: draws not uniform:\n" + "\n".join(failures)
