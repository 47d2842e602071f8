"""``roots=hints``: the flat search compares only the moves the book hints recommend (the
heuristic's choice, and its choice with any one hint switched off), on Authors' artifice
position and in play."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

from hoyle.agents import make
from hoyle.agents.search import HeuristicPrior, flat_search, make_sim
from tests.agents.test_authors_heuristic import book_position
from tests.agents.test_ismcts import InfoOnly, decision_states

SPEC = "ismcts:search=flat,rollout=heuristic,prior=heuristic,margin=1,roots=hints,sims=24"


def words(state: Any, actions: list[int]) -> list[str]:
    p = state.current_player()
    return sorted(state.action_to_string(p, a) for a in actions)


def test_the_candidates_are_the_hints_moves_on_the_books_artifice() -> None:
    """The book's position: the artifice's asks for his own Fives, and with the artifice off
    the asks for the heart Five (the one Five he lacks); nothing of another denomination."""
    state = book_position()
    game = state.get_game()
    sim = make_sim(game)
    moves = HeuristicPrior(game).candidates(sim, sim.root(state), 0, state.legal_actions())
    got = words(state, moves)
    own = [f"player 0 asks player {q} for the {c}" for q in (1, 2) for c in ("♠5", "♦5")]
    assert set(own) <= set(got)
    assert any(m.endswith("for the ♥5") for m in got)
    assert all(m[-1] == "5" for m in got), got
    assert len(got) < len(state.legal_actions())


def test_the_search_compares_only_the_candidates() -> None:
    state = book_position()
    game = state.get_game()
    sim = make_sim(game)
    legal = state.legal_actions()
    prior = HeuristicPrior(game)
    moves = prior.candidates(sim, sim.root(state), 0, legal)
    bot = make(SPEC, game, seed=1)
    rng = random.Random(0)

    def world(i: int) -> Any:
        return bot.determinize(state, 0, rng.random)

    root, action = flat_search(
        sim, legal, world, 24, bot.evaluate, rng, prior, 1.0, prior.candidates
    )
    assert set(root.children) == set(moves) and action in moves
    assert root.visits >= len(moves)


def test_roots_hints_plays_legal_reproducible_moves_from_the_searchers_view() -> None:
    game = pyspiel.load_game("hoyle_authors")
    for state in decision_states(game, 4, 3):
        move = make(SPEC, game, seed=2).step(state)
        assert move in state.legal_actions()
        assert make(SPEC, game, seed=2).step(InfoOnly(state)) == move
        bot = make(SPEC, game, seed=2)
        bot.step(state)
        assert abs(sum(p for _, p in bot.last_policy) - 1.0) < 1e-9


def test_one_recommended_move_is_played_without_simulations() -> None:
    """Where every hint agrees on one move there is nothing to compare."""
    game = pyspiel.load_game("hoyle_authors")
    sim = make_sim(game)
    prior = HeuristicPrior(game)
    for state in decision_states(game, 5, 40):
        p, legal = state.current_player(), state.legal_actions()
        if len(prior.candidates(sim, sim.root(state), p, legal)) == 1:
            break
    else:
        pytest.fail("no position with one recommended move")
    bot = make(SPEC, game, seed=0)
    move = bot.step(state)
    assert bot.last_sims == 0 and move == make("heuristic", game, seed=0).step(state)


def test_roots_hints_needs_the_flat_search() -> None:
    game = pyspiel.load_game("hoyle_authors")
    with pytest.raises(ValueError, match="roots=hints needs search=flat"):
        make("ismcts:roots=hints", game)
    with pytest.raises(ValueError, match="all, hints"):
        make("ismcts:search=flat,roots=some", game)
