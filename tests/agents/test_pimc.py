"""PIMC: legal, reproducible, reads only the determinizer, pluggable world searcher, votes."""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.pimc import PIMCBot, combine
from tests.agents.test_ismcts import GAMES, InfoOnly, decision_states, play


@pytest.mark.parametrize("name", GAMES)
def test_legal_reproducible_and_determinizer_only(name: str) -> None:
    game = pyspiel.load_game(name)
    for state in decision_states(game, 6, 2):
        move = make("pimc:worlds=3,sims=6", game, seed=2).step(InfoOnly(state))
        assert move in state.legal_actions()
        assert make("pimc:worlds=3,sims=6", game, seed=2).step(state) == move


def test_world_searcher_is_pluggable_and_sees_each_world() -> None:
    game = pyspiel.load_game("hoyle_conquian")
    state = decision_states(game, 7, 1)[0]
    player = state.current_player()
    seen = []

    def lowest(sim: Any, world: Any, p: int, legal: Any, rng: random.Random) -> dict[int, float]:
        seen.append(sim.to_spiel(world).information_state_string(p))
        return {a: -float(a) for a in legal}

    bot = PIMCBot(game, seed=1, worlds=4, searcher=lowest)
    assert bot.step(state) == min(state.legal_actions())
    assert seen == [state.information_state_string(player)] * 4


def test_votes() -> None:
    rng = random.Random(0)
    verdicts = [{1: 1.0, 2: 0.9}, {1: 1.0, 2: 0.9}, {1: -5.0, 2: 0.0}]
    assert combine(verdicts, [1, 2], "majority", rng)[0] == 1  # two worlds of three
    assert combine(verdicts, [1, 2], "mean", rng)[0] == 2  # -1.0 against 0.6
    action, shares = combine([{1: 0.5, 2: 0.5}], [1, 2], "majority", rng)
    assert shares == {1: 0.5, 2: 0.5} and action in (1, 2)


def test_spec_errors() -> None:
    game = pyspiel.load_game("hoyle_cassino")
    with pytest.raises(ValueError, match="no option 'world'"):
        make("pimc:world=3", game)
    with pytest.raises(ValueError, match="mean, majority"):
        make("pimc:vote=best", game)


def test_beats_random_on_cassino() -> None:
    game = pyspiel.load_game("hoyle_cassino")
    diff, wins = 0.0, 0
    for deal in range(2):
        for seat in range(2):
            bots: list[Any] = [None, None]
            bots[seat] = make("pimc:worlds=3,sims=4", game, seed=deal)
            bots[1 - seat] = make("random", game, seed=deal)
            r = play(game, bots, seed=200 + deal)
            diff += r[seat] - r[1 - seat]
            wins += r[seat] > r[1 - seat]
    assert wins >= 3 and diff > 8, (wins, diff)


@pytest.mark.parametrize("name", ["hoyle_five_hundred", "hoyle_calabrasella", "hoyle_solo"])
def test_the_card_play_is_solved_double_dummy_late_in_the_hand(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once every hand is small, each world's card play goes to the solver (not to UCT), and
    the move is still legal, reproducible and made from the determinizer only."""
    from hoyle.agents import pimc

    game = pyspiel.load_game(name)
    calls = []
    solve = pimc.DoubleDummy.play_values

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(pimc.DoubleDummy, "play_values", counted)
    rng = random.Random(3)
    late = []
    while len(late) < 2:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            play = game.rules.card_play(state.s)
            legal = state.legal_actions()
            if play is not None and len(legal) > 1 and max(h.bit_count() for h in play.hands) <= 4:
                late.append(state.clone())
                break
            state.apply_action(rng.choice(legal))
    for state in late:
        move = make("pimc:worlds=3,dd=4", game, seed=2).step(InfoOnly(state))
        assert move in state.legal_actions()
        assert make("pimc:worlds=3,dd=4", game, seed=2).step(state) == move
    assert len(calls) == 2 * 2 * 3  # two states, two bots, three worlds each


@pytest.mark.parametrize(
    "spec",
    ["pimc:worlds=2,dd=5,auction=heuristic",
     "ismcts:search=flat,rollout=heuristic,prior=heuristic,sims=16,auction=heuristic"],
)  # fmt: skip
def test_auction_heuristic_leaves_the_calls_to_the_book_hints_and_searches_the_cards(
    spec: str,
) -> None:
    from hoyle.agents.heuristics import make_heuristic
    from hoyle.agents.search import information_key, step_rng

    game = pyspiel.load_game("hoyle_vint")
    bot = make(spec, game, 7)
    rng = random.Random(3)
    state = game.new_initial_state()
    calls = cards = 0
    while not state.is_terminal() and cards < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        action = bot.step(state)
        assert action in legal
        if len(legal) > 1 and game.rules.card_play(state.s) is None:
            # The call is the heuristic agent's, seeded from the mover's information state:
            # the same as a fresh heuristic asked the same way, and no simulation is spent.
            player = state.current_player()
            heuristic = make_heuristic(game, {}, (), 0, "heuristic")
            heuristic.reseed(step_rng(7, information_key(state, player)).getrandbits(32))
            assert action == heuristic.step(state)
            assert bot.last_sims == 0 and bot.last_reason.startswith("auction=heuristic: vint.")
            calls += 1
        elif len(legal) > 1:
            assert bot.last_sims > 0 and not bot.last_reason.startswith("auction=")
            cards += 1
        state.apply_action(action)
    assert calls >= 1


def test_auction_heuristic_is_refused_in_one_line_without_a_card_play() -> None:
    conquian = pyspiel.load_game("hoyle_conquian")
    for spec in ("pimc:auction=heuristic", "ismcts:auction=heuristic"):
        with pytest.raises(ValueError, match="auction=heuristic needs a trick game") as e:
            make(spec, conquian, 0)
        assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match="auction"):
        make("pimc:auction=bidding", pyspiel.load_game("hoyle_vint"), 0)


def test_the_recommended_specs_build_and_play_in_their_games() -> None:
    from hoyle.agents import dds
    from hoyle.agents.pimc import RECOMMENDED

    if not dds.available():
        pytest.skip("the recommended PIMC solves with DDS: pip install 'hoyle[dds]'")
    for name, spec in RECOMMENDED.items():
        game = pyspiel.load_game(f"hoyle_{name}")
        state = decision_states(game, 1, 1)[0]
        assert make(spec, game, 0).step(state) in state.legal_actions()
