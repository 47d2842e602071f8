"""The TD-Gammon player: features, the fast move generator, the TD(λ) update, seeded and
the agent in both seats, and the committed network's strength."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents.expectimax import td_from_spec as from_spec
from hoyle.agents.random_agent import RandomBot
from hoyle.agents.td import DEFAULT_WEIGHTS, load_network
from hoyle.agents.td.learn import TDLearner, baseline_chooser, net_chooser, train_game
from hoyle.agents.td.net import NUM_FEATURES, ValueNet, equity, features, flip
from hoyle.envs.games.backgammon import START, Side, dice_to_play, plays
from hoyle.envs.games.backgammon import make_side as side
from hoyle.experiments.train_td import evaluate
from tests.helpers import play_out

GAME = pyspiel.load_game("hoyle_backgammon")


def random_positions(n_games: int, seed: int) -> list[tuple[Side, Side, tuple[int, ...]]]:
    """``(mover, adversary, dice)`` met in seeded games of random play."""
    rng = random.Random(seed)
    out = []
    for _ in range(n_games):
        m, a = START, START
        while True:
            dice = dice_to_play(rng.randint(1, 6), rng.randint(1, 6))
            out.append((m, a, dice))
            pos = rng.choice(sorted(plays(m, a, dice)))
            if pos[0][0] == 15:
                break
            m, a = pos[1], pos[0]
    return out


def play(game: Any, bots: list[Any], seed: int) -> list[float]:
    """One game through pyspiel, every action checked legal; the returns."""
    returns: list[float] = play_out(game, random.Random(seed), bots).returns()
    return returns


# --- features and the network -------------------------------------------------------------
def test_features_shape_range_and_the_start() -> None:
    positions = [(m, a) for m, a, _ in random_positions(3, 0)]
    x = features(positions)
    assert x.shape == (len(positions), NUM_FEATURES)
    assert x.min() >= 0.0 and x[:, :192].max() <= 1.0 and x[:, [194, 195, 198]].max() <= 1.0
    assert x[:, 192:194].max() <= 7.5 and x[:, 196:198].max() <= 15 * 25 / 167
    start = features([(START, START)])[0]
    # 5 men on the six point: n>=1, n>=2, n>=3, (5-3)/12; 2 on 24: 1, 1, 0, 0 (both sides).
    for off in (0, 96):
        assert list(start[off + 5 * 4 : off + 6 * 4]) == [1, 1, 1, 2 / 12]
        assert list(start[off + 23 * 4 : off + 24 * 4]) == [1, 1, 0, 0]
    assert list(start[192:196]) == [0, 0, 0, 0]
    assert start[196] == start[197] == 1.0  # 167 pips each, scaled by 167
    assert start[198] == 0.0  # contact
    race = (side({1: 2}), side({1: 3}))
    assert features([race])[0, 198] == 1.0


def test_flip_is_an_involution_and_negates_the_equity() -> None:
    y = np.random.default_rng(0).uniform(size=(10, 5))
    assert np.allclose(flip(flip(y)), y)
    assert np.allclose(equity(flip(y), 3), -equity(y, 3))
    assert np.allclose(equity(flip(y), 4), -equity(y, 4))


def test_finished_games_get_their_real_value() -> None:
    net = ValueNet.initial(8, 0)
    won = side({})  # all fifteen borne off
    hit = side({3: 1})  # the loser has borne off fourteen
    gammon = side({6: 15})  # none off
    backgammon = side({20: 1, 6: 14})  # none off, one in the winner's home table
    values = net.equities([(won, hit), (won, gammon), (won, backgammon)])
    assert list(values) == [1, 2, 3]
    assert list(net.equities([(won, backgammon)], backgammon_value=4)) == [4]


# --- TD(λ) -----------------------------------------------------------------------------------
def test_one_td_update_moves_the_value_toward_the_target() -> None:
    net = ValueNet.initial(20, 3)
    learner = TDLearner(net, lam=0.7, alpha=0.1)
    x = features([(START, side({6: 5, 8: 3, 13: 5, 24: 2}))])[0]
    for who in (0, 1):  # the position left by player 0, then the same by player 1
        learner.start_game()
        y = learner.observe(x, who)
        target = np.array([1.0, 0.0, 0.0, 1.0, 0.0])
        learner.update(target)
        after = net.forward(x[None])[1][0]
        assert np.all(np.abs(after - target) < np.abs(y - target))


@pytest.mark.parametrize("who", [0, 1])
def test_the_traces_hold_the_gradients_in_player_0s_frame(who: int) -> None:
    """After one position the traces are the gradients of the outputs as player 0 sees them
    (player 1's outputs flipped), checked against finite differences."""
    net = ValueNet.initial(7, 1)
    learner = TDLearner(net, lam=0.7, alpha=0.1)
    learner.start_game()
    x = features([(side({6: 5, 8: 3, 13: 5, 24: 2}), side({6: 4, 5: 2, 13: 5, 24: 2, 22: 1}))])
    learner.observe(x[0], who)

    def frame(w1: np.ndarray, w2: np.ndarray) -> np.ndarray:
        y = ValueNet(w1, net.b1, w2, net.b2).forward(x)[1][0]
        return flip(y) if who else y

    rng = np.random.default_rng(0)
    eps = 1e-6
    for _ in range(5):
        h, f = (
            int(rng.integers(7)),
            int(np.flatnonzero(x[0])[rng.integers(x[0].astype(bool).sum())]),
        )
        w1 = net.w1.copy()
        w1[h, f] += eps
        numeric = (frame(w1, net.w2) - frame(net.w1, net.w2)) / eps
        assert np.allclose(learner.e1[:, h, f], numeric, atol=1e-5)
        k, h2 = int(rng.integers(5)), int(rng.integers(7))
        w2 = net.w2.copy()
        w2[k, h2] += eps
        numeric = (frame(net.w1, w2) - frame(net.w1, net.w2)) / eps
        assert np.allclose(learner.e2[:, k, h2], numeric, atol=1e-5)


def test_training_is_seeded_and_reproducible() -> None:
    def run(seed: int) -> ValueNet:
        net = ValueNet.initial(10, 0)
        learner = TDLearner(net, 0.7, 0.1)
        for g in range(3):
            train_game(learner, np.random.default_rng(np.random.SeedSequence([seed, 1, g])))
        return net

    a, b, c = run(5), run(5), run(6)
    assert np.array_equal(a.w1, b.w1) and np.array_equal(a.w2, b.w2)
    assert not np.array_equal(a.w1, c.w1)
    assert not np.array_equal(a.w1, ValueNet.initial(10, 0).w1)


# --- the agent ------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["td", "td:ply=1,root=3"])
def test_td_plays_legal_complete_games_in_both_seats(spec: str) -> None:
    _, _, rest = spec.partition(":")
    options = dict(item.split("=") for item in rest.split(",") if item)
    for seat in (0, 1):
        bots: list[Any] = [RandomBot(GAME, 1), RandomBot(GAME, 2)]
        bots[seat] = from_spec(GAME, options, (), 0, spec)
        returns = play(GAME, bots, seed=seat)
        assert returns[0] == -returns[1] != 0


def test_spec_errors_name_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown option 'depth'; options: ply, root, weights"):
        from_spec(GAME, {"depth": "1"}, (), 0, "td:depth=1")
    with pytest.raises(ValueError, match="ply must be 0-1"):
        from_spec(GAME, {"ply": "2"}, (), 0, "td:ply=2")
    with pytest.raises(ValueError, match="no network at"):
        from_spec(GAME, {"weights": "/nonexistent.npz"}, (), 0, "td:weights=/nonexistent.npz")
    with pytest.raises(ValueError, match="no hint switches"):
        from_spec(GAME, {}, ("blots",), 0, "td:-blots")
    with pytest.raises(ValueError, match="hoyle_backgammon only"):
        from_spec(pyspiel.load_game("hoyle_conquian"), {}, (), 0, "td")


def _binomial_tail(k: int, n: int) -> float:
    """P(X >= k) for X ~ Binomial(n, 1/2): the chance of k wins in n by a coin's luck."""
    return sum(math.comb(n, i) for i in range(k, n + 1)) / 2**n


def test_the_committed_network_beats_random_and_the_pip_counter() -> None:
    net = load_network(DEFAULT_WEIGHTS)
    assert net.meta["games"] >= 1000 and DEFAULT_WEIGHTS.stat().st_size < 1_000_000
    me = net_chooser(net)
    for opponent, games in (("random", 60), ("pips", 120)):
        res = evaluate(me, baseline_chooser(opponent), games, seed=99)
        wins = round(res["win_rate"] * res["eval_games"])
        # Decisive games (no draws): under the null "no better than even", this many wins has
        # a chance below one in a million.
        assert _binomial_tail(wins, res["eval_games"]) < 1e-6, (opponent, res)
        assert res["ci_low"] > 0
