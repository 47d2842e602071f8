"""The betting for the pochen solved by CFR (``agents/cfr/pochen_betting.py``), on a tiny
configuration: two players, the Aces and Kings of the piquet pack (8 cards), two cards each.
The chance node against a hand count, the best response against a brute force over every pure
strategy, and the solution's exploitability near zero where a uniform policy's is not."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from hoyle.agents.cfr.pochen_betting import CLASSES, Config, Solver, class_of, joint_classes
from hoyle.envs.core.cards import mask_of, parse_cards

TINY = Config(players=2, max_bet=2, ranks=2, hand=2)


@pytest.fixture(scope="module")
def solver() -> Solver:
    s = Solver(TINY)
    s.iterate(1000)
    return s


def test_the_chance_node_is_the_deal() -> None:
    classes, probs = joint_classes(TINY)
    assert probs.sum() == pytest.approx(1.0)
    # Of the 28 two-card hands from A A A A K K K K, 12 are pairs.
    assert probs[classes[:, 0] == 0].sum() == pytest.approx(16 / 28)
    assert probs[classes[:, 1] == 0].sum() == pytest.approx(16 / 28)
    # Both players paired: 12 pairs for the first, then 1 + 6 of the other rank for the second
    # (the same rank only with the two cards left) out of 15.
    both = probs[(classes[:, 0] > 0) & (classes[:, 1] > 0)].sum()
    assert both == pytest.approx(12 / 28 * 7 / 15)


def test_classes_follow_the_showdown_order() -> None:
    hearts = 1
    weak = class_of(mask_of(parse_cards("♠K ♦K")), hearts)
    trump = class_of(mask_of(parse_cards("♥K ♦K")), hearts)
    aces = class_of(mask_of(parse_cards("♠A ♦A")), hearts)
    threes = class_of(mask_of(parse_cards("♠7 ♦7 ♣7")), hearts)
    assert 0 < weak < trump < aces < threes
    assert class_of(mask_of(parse_cards("♠A ♦K")), hearts) == 0
    assert CLASSES[threes] == (3, 0, False)


def test_best_response_equals_a_brute_force_over_pure_strategies(solver: Solver) -> None:
    rng = np.random.default_rng(3)
    policy = solver.uniform()
    for h, nd in solver.decisions():
        if nd.player == 0:
            mixed = rng.dirichlet(np.ones(len(nd.actions)), size=len(CLASSES))
            mixed[0] = policy[h][0]
            policy[h] = mixed
    mine = [(h, nd) for h, nd in solver.decisions() if nd.player == 1]
    held = sorted({int(c) for c in solver.classes[:, 1] if c > 0})
    per_class = list(itertools.product(*(range(len(nd.actions)) for _, nd in mine)))
    best = -np.inf
    for pick in itertools.product(per_class, repeat=len(held)):
        trial = dict(policy)
        for k, (h, _nd) in enumerate(mine):
            row = policy[h].copy()
            for c, chosen in zip(held, pick, strict=True):
                row[c] = 0.0
                row[c, chosen[k]] = 1.0
            trial[h] = row
        best = max(best, float(solver.expected(trial)[1]))
    assert solver.best_response_value(policy, 1) == pytest.approx(best, abs=1e-12)


def test_the_solution_is_nearly_unexploitable(solver: Solver) -> None:
    solved = solver.average()
    assert solver.nash_conv(solved) < 0.002
    assert solver.nash_conv(solver.uniform()) > 0.2
    assert sum(solver.expected(solved)) == pytest.approx(0.0, abs=1e-12)


def test_the_unbeatable_pair_always_meets_a_bet(solver: Solver) -> None:
    """The Aces with the trump Ace lose to nothing here: matching is dominant."""
    solved = solver.average()
    top = max(int(c) for c in solver.classes[:, 1])
    for h, nd in solver.decisions():
        if nd.player == 1 and nd.bettor == 0:
            assert solved[h][top, 1] > 0.99
