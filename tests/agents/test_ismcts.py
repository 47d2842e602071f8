"""ISMCTS: legal, reproducible, reads only the determinizer, and better than random."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs
from hoyle.agents import ismcts, make, parse_spec
from hoyle.agents.ismcts import ISMCTSBot
from hoyle.agents.search import determinizer, flat_search, make_sim
from hoyle.experiments.match import sample_chance
from tests.experiments.conftest import solo_game  # noqa: F401  (a fixture)
from tests.helpers import load_replaying

GAMES = [
    "hoyle_conquian",
    "hoyle_cassino",
    "hoyle_calabrasella",
    "hoyle_five_hundred",
    "hoyle_solo",
    "hoyle_heart_solo",
    "hoyle_preference",
    "hoyle_lift_smoke",
    "hoyle_quinto",
    "hoyle_dummy_quinto",
    "hoyle_earl_of_coventry",
    "hoyle_commit",
    "hoyle_pochen",
    "hoyle_pope_joan",
    "hoyle_newmarket",
    "hoyle_authors",
    "hoyle_speculation",
]


def decision_states(game: Any, seed: int, count: int) -> list[Any]:
    """``count`` decision states with at least two legal actions from a seeded random game."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(rng.choice(legal))
    return out


def play(game: Any, bots: list[Any], seed: int) -> list[float]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "options",
    ["rollout=random", "rollout=heuristic,prior=heuristic", "search=flat,rollout=heuristic"],
)
def test_moves_are_legal_and_reproducible(name: str, options: str) -> None:
    game = load_replaying(name)  # a search re-deals at every simulation
    for state in decision_states(game, 1, 3):
        a = make(f"ismcts:sims=12,{options}", game, seed=5)
        b = make(f"ismcts:sims=12,{options}", game, seed=5)
        move = a.step(state)
        assert move in state.legal_actions()
        assert b.step(state.clone()) == move
        assert a.step(state) == move  # the same bot, again: a function of seed and position
        policy = a.last_policy
        assert abs(sum(p for _, p in policy) - 1.0) < 1e-9
        assert {x for x, _ in policy} == set(state.legal_actions())


class InfoOnly:
    """A state that answers only what its acting player may know: the legal actions, the
    information-state string and the determinizer. Reading anything else (the true hidden
    cards, ``history()``, the rules state) raises."""

    def __init__(self, state: Any) -> None:
        self._state = state

    def current_player(self) -> int:
        return int(self._state.current_player())

    def is_chance_node(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return list(self._state.legal_actions())

    def get_game(self) -> Any:
        return self._state.get_game()

    def information_state_string(self, player: int) -> str:
        assert player == self.current_player()
        return str(self._state.information_state_string(player))

    def resample_from_infostate(self, player: int, sampler: Any) -> Any:
        assert player == self.current_player()
        return self._state.resample_from_infostate(player, sampler)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"ismcts read state.{name}: more than the searcher may know")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("options", ["", ",search=flat,rollout=heuristic,prior=heuristic"])
def test_only_the_determinizer_is_used(name: str, options: str) -> None:
    game = load_replaying(name)  # a search re-deals at every simulation
    for state in decision_states(game, 2, 2):
        move = make(f"ismcts:sims=10{options}", game, seed=3).step(InfoOnly(state))
        assert move == make(f"ismcts:sims=10{options}", game, seed=3).step(state)


@pytest.mark.parametrize("name", GAMES)
def test_same_information_state_same_move(name: str) -> None:
    """Two true states that differ only in cards the searcher cannot see: the same move.
    (Eight states: Newmarket's first decisions, the stake, come before any card is dealt.)"""
    game = load_replaying(name)  # a search re-deals at every simulation
    differing = 0
    for k, state in enumerate(decision_states(game, 4, 8)):
        player = state.current_player()
        other = state.resample_from_infostate(player, random.Random(k).random)
        assert other.information_state_string(player) == state.information_state_string(player)
        differing += str(other) != str(state)
        bot = make("ismcts:sims=15", game, seed=11)
        assert bot.step(other) == make("ismcts:sims=15", game, seed=11).step(state)
    assert differing > 0  # the hidden cards did differ


@pytest.mark.parametrize("name", GAMES)
def test_fast_determinizer_is_the_games_own(name: str) -> None:
    """The rules-level replay gives the very state ``resample_from_infostate`` gives."""
    game = load_replaying(name)  # a search re-deals at every simulation
    det = determinizer(game)
    for k, state in enumerate(decision_states(game, 5, 4)):
        p = state.current_player()
        fast = det(state, p, random.Random(k).random)
        assert fast == state.resample_from_infostate(p, random.Random(k).random).s


@pytest.mark.parametrize("name", GAMES)
def test_the_prior_expands_the_heuristic_move_first(name: str) -> None:
    """With one simulation, only the first expanded root action is visited: the heuristic's."""
    game = load_replaying(name)  # a search re-deals at every simulation
    for state in decision_states(game, 8, 10):  # without the prior, 3-4 of these miss
        move = make("ismcts:sims=1,prior=heuristic", game, seed=0).step(state)
        # One the heuristic plays with some seed (its ties broken at random: at Earl of
        # Coventry any of several single cards of a rank may be its lead).
        assert any(make("heuristic", game, seed=k).step(state) == move for k in range(100))


def test_flat_search_pairs_the_actions_of_a_round() -> None:
    """Every action of a round meets the same world and the same random numbers; the halving
    leaves the better half."""
    game = pyspiel.load_game("hoyle_cassino")
    state = decision_states(game, 3, 1)[0]
    legal = state.legal_actions()
    sim = make_sim(game)
    seen: list[tuple[Any, int]] = []
    det = determinizer(game)
    rng = random.Random(0)

    def evaluate(sim: Any, s: Any, r: random.Random) -> list[float]:
        seen.append((s.hands, r.getrandbits(32)))
        return [0.0, 0.0]

    def worlds(i: int) -> Any:
        return det(state, state.current_player(), rng.random)

    root, action = flat_search(sim, legal, worlds, 8 * len(legal), evaluate, rng)
    assert action in legal and root.visits == len(seen)
    first = seen[: len(legal)]
    assert len({r for _, r in first}) == 1  # one seed for the whole round
    assert len({hands[1 - state.current_player()] for hands, _ in first}) == 1  # one world
    assert seen[len(legal)][1] != first[0][1]  # a new round, a new seed


class TwoStepSim:
    """A stand-in simulator: the searcher (player 0) picks an action, then the game is over."""

    def clone(self, s: list[Any]) -> list[Any]:
        return list(s)

    def apply(self, s: list[Any], a: int) -> None:
        s[0] = a

    def current_player(self, s: list[Any]) -> int:
        return 0 if s[0] is None else 1

    def returns(self, s: list[Any]) -> list[float]:
        raise AssertionError("the evaluator scores every leaf")


class Prefers:
    def __init__(self, move: int) -> None:
        self.move = move

    def reset(self, rng: random.Random) -> None:
        pass

    def __call__(self, sim: Any, s: Any, player: int, legal: Any) -> int:
        return self.move


@pytest.mark.parametrize(("margin", "expected"), [(0.0, 1), (1.0, 0)])
def test_flat_margin_keeps_the_prior_unless_the_evidence_is_clear(
    margin: float, expected: int
) -> None:
    """Action 1 beats the prior's action 0 by 0.05 on average with a spread of 1 per round:
    best by the means, but well inside one standard error."""
    calls = {0: 0, 1: 0, 2: 0}

    def evaluate(sim: Any, s: list[Any], r: random.Random) -> list[float]:
        a = s[0]
        calls[a] += 1
        value = {0: 0.0, 1: 1.05 if calls[a] % 2 else -0.95, 2: -1.0}[a]
        return [value, -value]

    root, action = flat_search(
        TwoStepSim(),
        [0, 1, 2],
        lambda i: [None],
        60,
        evaluate,
        random.Random(0),
        Prefers(0),
        margin,  # type: ignore[arg-type]
    )
    assert action == expected
    assert root.children[2].visits < root.children[1].visits  # halved away


@pytest.mark.parametrize("table", ["RECOMMENDED", "REFEREE"])
def test_recommended_specs_build_and_play_for_every_game_listed(table: str) -> None:
    """Each game in RECOMMENDED (and REFEREE) is registered and searched by this module's tests,
    and its spec builds and plays a legal move (with its simulations cut, to keep the test
    short; the spec's other options are the recommended ones)."""
    specs = getattr(ismcts, table)
    assert specs.keys() == ismcts.RECOMMENDED.keys()
    for short, spec in specs.items():
        assert f"hoyle_{short}" in GAMES, short
        game = pyspiel.load_game(hoyle.envs.GAMES[short].spiel_name)
        kind, options, _ = parse_spec(spec)
        assert kind == "ismcts" and int(options["sims"]) >= 100, spec
        quick = spec.replace(f"sims={options['sims']}", "sims=8")
        bot = make(quick, game, seed=3)
        assert isinstance(bot, ISMCTSBot) and bot.sims == 8
        assert bot.flat == (options.get("search") == "flat"), spec
        state = decision_states(game, 2, 1)[0]
        assert bot.step(state) in state.legal_actions(), spec


def test_spec_errors_name_the_choices() -> None:
    game = pyspiel.load_game("hoyle_conquian")
    with pytest.raises(ValueError, match=r"no option 'sim'.*sims"):
        make("ismcts:sim=3", game)
    with pytest.raises(ValueError, match="positive"):
        make("ismcts:sims=0", game)
    with pytest.raises(ValueError, match="random, heuristic"):
        make("ismcts:rollout=smart", game)
    with pytest.raises(ValueError, match="visits, value"):
        make("ismcts:final=best", game)
    with pytest.raises(ValueError, match="switches"):
        make("ismcts:-play-for-tableau", game)
    with pytest.raises(ValueError, match="none, heuristic"):
        make("ismcts:prior=book", game)


def test_custom_evaluator_and_other_games() -> None:
    """A state evaluator plugs in; three players and a C++ perfect-information game work."""
    game = pyspiel.load_game("hoyle_cassino", {"players": 3})
    calls = []

    def zero(state: Any) -> list[float]:
        calls.append(state.current_player())
        return [0.0] * 3

    state = decision_states(game, 0, 1)[0]
    bot = ISMCTSBot(game, seed=1, sims=10, rollout=zero)
    assert bot.step(state) in state.legal_actions()
    assert calls
    pig = pyspiel.load_game("pig", {"winscore": 10})
    s = pig.new_initial_state()
    assert make("ismcts:sims=20", pig, seed=0).step(s) in s.legal_actions()


def test_beats_random_on_cassino() -> None:
    """A modest search beats the random agent clearly on a few seeded duplicate deals."""
    game = pyspiel.load_game("hoyle_cassino")
    diff = 0.0
    wins = 0
    for deal in range(2):
        for seat in range(2):
            bots: list[Any] = [None, None]
            bots[seat] = make("ismcts:sims=10", game, seed=deal)
            bots[1 - seat] = make("random", game, seed=deal)
            r = play(game, bots, seed=100 + deal)
            diff += r[seat] - r[1 - seat]
            wins += r[seat] > r[1 - seat]
    assert wins >= 3 and diff > 10, (wins, diff)  # measured: 4 wins, +44


def test_one_player_game(solo_game: str) -> None:  # noqa: F811  (the imported fixture)
    """A one-player game: pass on a low card, stand on the highest (take-one of ♠A..♠6)."""
    game = pyspiel.load_game(hoyle.envs.GAMES[solo_game].spiel_name, {"turns": 3})
    for card, best in ((0, 1), (5, 0)):  # ♠A: pass; ♠6: stand
        state = game.new_initial_state()
        state.apply_action(card)
        for spec in ("ismcts:sims=200", "mcts:sims=200", "pimc:worlds=2,sims=100"):
            assert make(spec, game, seed=card).step(state) == best, spec
