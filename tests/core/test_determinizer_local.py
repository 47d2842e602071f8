"""The determinizer is exact on the full games too, where no tiny tree exists: checked against a
brute-force enumeration of one information state's worlds.

``test_determinizer_exact`` walks a tiny configuration's whole tree; most games have none
(their ``no_tiny`` says why). Here, late in seeded games of each game's own parameters,
states are taken where the player has only a few cards left to place. For such a state every
way to put the cards he has not located (``hidden_cards``) in the history places of the
hidden ones (``relabel_history``) is replayed with every action's legality checked, and kept
when it gives the player the same information state: that is the set of worlds, found without
the game's masks, its ``admit_world`` or the core's draw. Each world is keyed by where every
card is now (``card_zones``): the deal orders the core also draws move no card, and add the
same number of histories to every world. The determinizer's draws must each be one of those
worlds, and their frequencies must fit them (chi-square; seeded, so the verdict is fixed).

A card the player saw and then lost track of (``LosesTrack``: Calabrasella's card asked for,
once it may have been discarded) changes its story, not only its label, so a state with one is
not taken here: ``test_determinizer_walked`` finds those worlds by walking the tree.

A game whose hands change in play (``DeclaresTimeline``: Lift Smoke, where a void binds only
the cards held at that moment, so a played card's arrival is drawn too) is not covered by this
enumeration, which keeps each played card where it arrived; its own tests compare the core's
timed re-deal with a brute force over the arrivals as well. Nor is a game that draws whole
histories itself (``DrawsWorlds``: Old Maid, where a card drawn between two other players
changes every card's story): its own test walks a small tree's every world.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pyspiel
import pytest

import hoyle.envs
from hoyle.agents import make
from hoyle.envs.core.determinize import DeclaresHidden, DrawsWorlds, LosesTrack
from hoyle.envs.core.events import card_positions, relabel_history
from hoyle.envs.core.registry import GameSpec
from hoyle.envs.core.timed import DeclaresTimeline
from tests.helpers import decides_with_cards_hidden, draws_misfit


def _covered(spec: GameSpec) -> bool:
    """An imperfect-information game re-dealt by relabelling (not by a timeline, nor by a
    whole history the game draws itself)."""
    rules = pyspiel.load_game(spec.spiel_name).rules
    return (
        isinstance(rules, DeclaresHidden)
        and not isinstance(rules, DeclaresTimeline)
        and not isinstance(rules, DrawsWorlds)
    )


SPECS = [
    spec
    for _, spec in sorted(hoyle.envs.GAMES.items())
    if not spec.perfect_information and _covered(spec)
]
MAX_WORLDS = 720
"""The most relabellings one state may have (6 hidden places among 6 cards)."""
STATES = 3
"""States checked per game."""
DRAWS_PER_WORLD = 150
DRAWS_PER_STATE = 20_000
"""At most this many draws for one state (a state of hundreds of worlds, as Pochen's stock
leaves, costs a replay a draw), but never fewer than ``MIN_PER_WORLD`` a world, which keeps the
chi-square test's expected counts large."""
MIN_PER_WORLD = 40
ALPHA = 1e-4


def _zones(state: Any) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(state.rules.card_zones(state.s).items()))


def _late_states(game: Any, seed: int) -> list[tuple[Any, int, list[int], list[int]]]:
    """(state, player, the hidden cards the log places, every hidden card) for decision
    states of seeded games whose relabellings number 2 to ``MAX_WORLDS``. The seats play the
    book's heuristic (at random, a hand of Solo is lost at its first trick, long before few
    cards are hidden)."""
    rules = game.rules
    rng = random.Random(seed)
    bots = [make("heuristic", game, seed=seed + q) for q in range(game.num_players())]
    out: list[tuple[Any, int, list[int], list[int]]] = []
    for _ in range(40):
        state = game.new_initial_state()
        found = None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            for p in range(game.num_players()):
                hidden = sorted(rules.hidden_cards(state.s, p))
                placed = sorted(set(card_positions(state.s.log).values()) & set(hidden))
                if len(set(rules.hidden_cards(state.s, p).values())) < 2 or not placed:
                    continue
                if isinstance(rules, LosesTrack) and rules.lost_cards(state.s, p):
                    continue
                if 2 <= math.perm(len(hidden), len(placed)) <= MAX_WORLDS:
                    found = (state.clone(), p, placed, hidden)
            state.apply_action(bots[state.current_player()].step(state))
        if found is not None:
            out.append(found)
        if len(out) == STATES:
            break
    return out


def _worlds(state: Any, player: int, placed: list[int], hidden: list[int]) -> Counter[Any]:
    """Every relabelling of the placed hidden cards that replays legally to the same
    information state for ``player``, counted by where the cards are now."""
    game = state.get_game()
    history = state.history()
    want = state.information_state_string(player)
    worlds: Counter[Any] = Counter()
    for cards in itertools.permutations(hidden, len(placed)):
        new = relabel_history(history, state.s.log, dict(zip(placed, cards, strict=True)))
        try:
            world = game.new_initial_state()
            for a in new:
                world.apply_action(a)  # legality checked at every step
        except Exception:
            continue
        if world.information_state_string(player) == want:
            worlds[_zones(world)] += 1
    return worlds


@pytest.mark.parametrize("spec", SPECS, ids=[s.short_name for s in SPECS])
def test_determinizer_matches_a_brute_force_of_late_worlds(spec: GameSpec) -> None:
    game = pyspiel.load_game(spec.spiel_name)
    states = _late_states(game, seed=11)
    if not states and spec.small_config and decides_with_cards_hidden(game):
        # The book's pack can leave too many unseen cards for a brute force (Speculation's
        # stock of 39 never dealt): the small configuration's pack, then.
        game = pyspiel.load_game(spec.spiel_name, dict(spec.small_config))
        states = _late_states(game, seed=11)
    if not states and not decides_with_cards_hidden(game):
        pytest.skip("no decision is taken while a seat holds a card hidden from another")
    assert states, f"{spec.short_name}: no late state with few hidden cards was found"
    failures = []
    checked = 0
    for i, (state, player, placed, hidden) in enumerate(states):
        worlds = _worlds(state, player, placed, hidden)
        assert _zones(state) in worlds, "the true world is not among the enumerated ones"
        if len(worlds) < 2:
            continue
        checked += 1
        sampler = pyspiel.UniformProbabilitySampler(100 + i, 0.0, 1.0)
        misfit = draws_misfit(
            worlds,
            lambda: _zones(state.resample_from_infostate(player, sampler)),  # noqa: B023
            max(MIN_PER_WORLD, min(DRAWS_PER_WORLD, DRAWS_PER_STATE // len(worlds))),
            ALPHA,
            f"{spec.short_name}, player {player}",
        )
        if misfit:
            failures.append(misfit)
    assert checked, f"{spec.short_name}: every late state had a single world"
    assert not failures, f"{spec.short_name}: draws not uniform:\n" + "\n".join(failures)
