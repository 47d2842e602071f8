"""The small Speculation market solved by MCCFR (``hoyle.agents.cfr.speculation_price``): its
exposure odds against an enumeration, its chance of standing against the game's exact one, and
MCCFR lowering the exploitability."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np

from hoyle.agents.cfr.speculation_price import (
    PASS,
    Config,
    Market,
    MarketGame,
    exposure_odds,
    new_market,
    solve,
)
from hoyle.agents.cfr.tree import build_tree, nash_conv
from hoyle.envs.games.speculation import chance_of_standing


def test_the_exposure_odds_match_an_enumeration() -> None:
    """Two players, the King turned up and kept by the dealer, 15 cards unseen of which one
    (the Ace) is better: each seat's six dealt cards hold it with chance 3/15 a seat."""
    s = new_market(Config(2, 4, 1)).child(11).child(PASS)  # the King; no offer
    assert s.phase == "expose" and s.unseen == 15
    positions = range(15)  # 0-2 player 0's, 3-5 player 1's, the rest the stock
    count = [0, 0]
    for ace in positions:
        count[0 if ace < 3 or ace >= 6 else 1] += 1
    assert exposure_odds(s) == [Fraction(count[0], 15), Fraction(count[1], 15)]
    # Two better trumps (the Queen turned up): the higher dealt one decides.
    s = new_market(Config(2, 4, 1)).child(10).child(PASS)
    wins = [0, 0]
    total = 0
    for a, k in itertools.permutations(range(15), 2):
        total += 1
        seat = lambda x: 0 if x < 3 else 1 if x < 6 else -1  # noqa: E731
        top = seat(a) if seat(a) >= 0 else seat(k)
        wins[0 if top < 0 else top] += 1
    assert exposure_odds(s) == [Fraction(w, total) for w in wins]


def _stands(s: Market, turn_up: int) -> Fraction:
    """The chance that ``turn_up`` is still the best at the end, every offer passed."""
    if s.is_terminal():
        return Fraction(int(s.best == turn_up))
    if s.is_chance_node():
        total = Fraction(0)
        for a, _ in s.chance_outcomes():
            better = 12 - s.best
            p = (
                Fraction(s.unseen - better, s.unseen)
                if a == -1
                else Fraction(1, s.unseen)
                if s.phase == "turn"
                else Fraction(1)
            )
            total += p * _stands(s.child(a), turn_up)
        return total
    return _stands(s.child(PASS), turn_up)


def test_the_market_turn_up_stands_with_the_exact_chance() -> None:
    """The Ten turned up (A K Q J above it), kept: it stands with the game's exact chance, the
    other player's three cards turned against it among 19 unseen."""
    s = new_market(Config(2, 5, 2)).child(8)
    assert _stands(s, 8) == chance_of_standing(4, 19, 3)


def test_mccfr_lowers_the_exploitability() -> None:
    cfg = Config(2, 4, 2)
    tree = build_tree(MarketGame(cfg))
    uniform, _, _ = nash_conv(tree, tree.uniform_policy())
    solved = solve(cfg, 3000, seed=0)
    assert 0 <= solved.nash_conv < uniform / 4
    assert np.isclose(sum(solved.values), 0.0)
