"""The determinizer is exact where a card is seen and then lost track of: checked against worlds
found by walking the game tree, with no declaration of the game's.

``test_determinizer_exact`` walks a whole tiny tree; ``test_determinizer_local`` relabels the
cards a game declares hidden, which keeps every card's story (dealt here, played there) and so
cannot find a world where a card's story changes: Calabrasella's card asked for, handed over in
view and then perhaps discarded face down (is it the discard or the card still in hand?), and
the cards the receiver of the exchange plays (was this one dealt to him, or the card he got
face down?). Here the worlds of an information state are found by walking the tree from the
root and keeping, at each depth, only the children where the player's information state is
still the one he had at that depth; every leg of the walk is replayed by the game's own rules.
That walk needs no tiny tree, only an information state with few worlds: late in seeded games
of a reduced pack, after the exchange. A world is every seat's information state (worlds no
one can tell apart are one); its weight is the chance probability of its histories. The
determinizer's draws must each be a world, and their frequencies must fit (chi-square; seeded).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pyspiel
import pytest

from hoyle.envs.core.determinize import LosesTrack
from tests.helpers import draws_misfit, random_playout_states

CONFIGS = {
    "calabrasella": ("hoyle_calabrasella", {"ranks": 4, "suits": 2, "hand_size": 2}),
    "calabrasella_four_handed": (
        "hoyle_calabrasella",
        {"ranks": 7, "suits": 1, "hand_size": 2, "players": 4},
    ),
}
"""Reduced packs, two cards each: the exchange, one or two discards and two tricks. Eight cards
of two suits (voids) and a talon of two; the four-handed game, whose dealer sees only the
table, in seven cards of one suit and a talon of one (his walk runs through every order of
the deal)."""
STATES = 6
"""Information states checked per configuration, each with a card lost track of."""
MAX_WORLDS = 300
DRAWS_PER_WORLD = 60
ALPHA = 1e-4


def _key(state: Any) -> tuple[str, ...]:
    return tuple(state.information_state_string(q) for q in range(state.num_players()))


def walked_worlds(game: Any, history: list[int], player: int) -> Counter[tuple[str, ...]]:
    """Every world of ``player``'s information state after ``history``, with its chance
    probability, by a walk pruned to his information state at each depth."""
    want = []
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
        want.append(state.information_state_string(player))
    worlds: Counter[tuple[str, ...]] = Counter()
    stack = [(game.new_initial_state(), 0, 1.0)]
    while stack:
        state, depth, prob = stack.pop()
        if depth == len(history):
            worlds[_key(state)] += prob
            continue
        moves = (
            state.chance_outcomes()
            if state.is_chance_node()
            else [(a, 1.0) for a in state.legal_actions()]
        )
        for a, p in moves:
            child = state.child(a)
            if child.information_state_string(player) == want[depth]:
                stack.append((child, depth + 1, prob * p))
    return worlds


def _lost_states(game: Any, seed: int) -> list[tuple[Any, int]]:
    """(state, player) at decision nodes of seeded random games where the player has lost
    track of a card (``lost_cards``), one a game, each player's state taken at random."""
    rules = game.rules
    assert isinstance(rules, LosesTrack)
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    for _ in range(200):
        picked = None
        for state in random_playout_states(game, rng):
            if state.is_chance_node() or state.is_terminal():
                continue
            for p in range(game.num_players()):
                if rules.lost_cards(state.s, p) and rng.random() < 0.5:
                    picked = (state, p)
        if picked is not None:
            out.append(picked)
        if len(out) == STATES:
            break
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_determinizer_matches_the_walked_worlds_of_lost_cards(name: str) -> None:
    spiel_name, params = CONFIGS[name]
    game = pyspiel.load_game(spiel_name, params)
    states = _lost_states(game, seed=5)
    assert len(states) == STATES, f"{name}: too few states with a card lost track of"
    failures = []
    for i, (state, player) in enumerate(states):
        worlds = walked_worlds(game, state.history(), player)
        assert _key(state) in worlds, "the true world is not among the walked ones"
        assert 2 <= len(worlds) <= MAX_WORLDS, (name, len(worlds))
        sampler = pyspiel.UniformProbabilitySampler(300 + i, 0.0, 1.0)
        misfit = draws_misfit(
            worlds,
            lambda: _key(state.resample_from_infostate(player, sampler)),  # noqa: B023
            DRAWS_PER_WORLD,
            ALPHA,
            f"{name}, player {player}",
        )
        if misfit:
            failures.append(misfit)
    assert not failures, f"{name}: draws not uniform:\n" + "\n".join(failures)
