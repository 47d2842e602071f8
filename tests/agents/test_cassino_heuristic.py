"""The Cassino heuristic agent (the book's hints) beats the random agent on duplicate deals.

Each deal is played twice with the same chance outcomes — the k-th card dealt is the k-th card
of one shuffled pack, whoever plays — once with the heuristic agent as the eldest hand and once
as the dealer. The statistic is the heuristic agent's mean return per deal (the point
difference it is paid, two-handed, ``scoring=deal``) averaged over the two seatings, with a
normal 95% confidence interval over the deals. Measured: about +7.6 points a deal (95% CI about
±0.5) over 60 deals, in about 2 s.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make

DEALS = 60
SEED = 2026
MARGIN = 4.0
"""The heuristic agent must win by more than this many points a deal (95% CI lower bound)."""


def _play(game: Any, pack: list[int], bots: list[Any], reasons: Counter[str]) -> list[float]:
    state = game.new_initial_state()
    dealt = 0
    while not state.is_terminal():
        if state.is_chance_node():
            card = pack[dealt]
            assert card in {a for a, _ in state.chance_outcomes()}
            state.apply_action(card)
            dealt += 1
        else:
            bot = bots[state.current_player()]
            state.apply_action(bot.step(state))
            if bot.name == "heuristic":
                reasons[bot.last_reason or "none"] += 1
    returns: list[float] = state.returns()
    return returns


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    game = pyspiel.load_game("hoyle_cassino")
    heuristic = make("heuristic", game, seed=1)
    rand = make("random", game, seed=2)
    rng = random.Random(SEED)
    reasons: Counter[str] = Counter()
    margins = []
    for _ in range(DEALS):
        pack = list(range(52))
        rng.shuffle(pack)
        as_eldest = _play(game, pack, [heuristic, rand], reasons)[0]
        as_dealer = _play(game, pack, [rand, heuristic], reasons)[1]
        margins.append((as_eldest + as_dealer) / 2)
    mean = statistics.mean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(DEALS)
    assert mean - half > MARGIN, f"heuristic margin {mean:.2f} ± {half:.2f} points a deal"
    # The book's hints do the choosing, not the tie-breaking RNG alone.
    assert reasons["cassino.take-before-trail"] > 0 and reasons["cassino.go-for-cards"] > 0
    assert reasons["cassino.sweep"] > 0


def test_heuristic_plays_every_variant_legally() -> None:
    for params in (
        {"players": 3},
        {"players": 4, "partnership": True},
        {"variant": "royal", "aces_fourteen": True},
        {"variant": "draw"},
        {"scoring": "twenty_one", "count_out": True},
    ):
        game = pyspiel.load_game("hoyle_cassino", params)
        bots = [make("heuristic", game, seed=s) for s in range(game.num_players())]
        rng = random.Random(3)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert sum(state.returns()) == 0
