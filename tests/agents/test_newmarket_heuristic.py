"""The Newmarket heuristic: the book's Spin hint and our own rules, each on a built position
where it decides, and the agent against ``random`` on duplicate deals.

The match: each deal is played four times with the same cards (each deal its own seeded
stream of chance, ``tests.helpers.play_deal``), the heuristic in each seat in turn against
three random agents; the statistic is its mean return per deal over the four seatings, with
a normal 95% confidence interval over the deals.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import newmarket as H
from hoyle.envs.core.cards import mask_of, parse_card, parse_cards
from hoyle.envs.core.stops import PASS
from hoyle.envs.games import newmarket as N
from tests.games.test_newmarket import deal, load, stake
from tests.helpers import choose, do, play_deal

DEALS = 60
SEED = 2026
MARGIN = 0.3
"""The heuristic must gain more than this a deal (95% CI lower bound); random gains 0."""


def test_hints_are_registered_in_order_and_say_which_are_the_books() -> None:
    assert [h.id.split(".", 1)[1] for h in H.HINTS] == [
        "spin-for-pool",
        "keep-the-stop",
        "name-least-stake",
        "stake-on-ace",
        "lead-pool-card",
        "track-stops",
        "lead-longest-run",
    ]
    assert "SPIN" in H.HINTS[0].source
    assert all("our own" in h.source and "our own" in h.summary for h in H.HINTS[1:])


SPIN_POSITION = ("♠2 ♥9 ♥10 ♦5 ♦6", "♠6 ♦A ♣5 ♣K ♥2", "♠3 ♠4 ♠5 ♥J ♦9")
"""Player 0 opens ♠2; player 2 plays ♠3 ♠4 ♠5 (two cards left); player 1 plays ♠6 and is
asked, holding the ♦A and the ♣K, whose pool holds every counter."""


def spin_position() -> Any:
    state = stake(load(players=3, hand_size=5, variant="spin"), 4, "♣K")
    deal(state, *SPIN_POSITION)
    do(state, "lead ♠2", "no spin")
    assert state.current_player() == 1 and N.SPIN_CARD in state.legal_actions()
    return state


def test_spin_for_pool_spins_when_another_is_near_out_and_a_pool_card_waits() -> None:
    """Foster, SPIN: "If this player saw that another was very likely to win the game at any
    moment, and he had a pool card to play, he might stop the spade sequence"."""
    state = spin_position()
    assert choose(state) == (N.SPIN_CARD, "newmarket.spin-for-pool")
    action, reason = choose(state, "spin-for-pool")
    assert (action, reason) == (PASS, "newmarket.keep-the-stop")
    do(state, "spin with ♦A")
    assert choose(state) == (parse_card("♣K"), "newmarket.lead-pool-card")


def test_keep_the_stop_when_nobody_is_near_out() -> None:
    state = stake(load(players=3, hand_size=5, variant="spin"), 4, "♣K")
    deal(state, "♠2 ♥9 ♥10 ♦5 ♦6", "♠3 ♦A ♣5 ♣K ♥2", "♠6 ♠4 ♠5 ♥J ♦9")
    do(state, "lead ♠2")  # player 1 plays ♠3 and is asked; everyone holds four or five
    assert choose(state) == (PASS, "newmarket.keep-the-stop")


def test_the_dealer_names_four_and_the_stakes_go_on_the_heart_ace() -> None:
    state = load(players=3).new_initial_state()
    assert choose(state) == (N.NAME_STAKE_BASE, "newmarket.name-least-stake")
    do(state, "stake 4 counters")
    assert choose(state) == (N.PLACE_BASE, "newmarket.stake-on-ace")


def test_lead_longest_run_and_track_stops() -> None:
    state = stake(load(players=3, hand_size=6), 4, "♥A")
    deal(state, "♠2 ♠3 ♠4 ♣7 ♣8 ♦5", "♠7 ♣2 ♣3 ♥6 ♦2 ♥8", "♠8 ♣4 ♣5 ♥7 ♦3 ♥9")
    # Longest run: the spades (♠2 ♠3 ♠4), no stop known.
    assert choose(state) == (parse_card("♠2"), "newmarket.lead-longest-run")
    assert choose(state, "track-stops") == (parse_card("♠2"), "newmarket.lead-longest-run")
    view = state.player_view(0)
    # The table has seen the ♣9 played: the clubs' run ends on a known stop.
    seen = dataclasses.replace(view, played=view.played | 1 << parse_card("♣9"))
    legal = state.legal_actions()
    assert H.track_stops(seen, legal) == [parse_card("♣7")]
    # Both others have said they are without the ♦6: the diamond Five opens again too.
    lacks = mask_of(parse_cards("♦6"))
    told = dataclasses.replace(view, lacks=(0, lacks, lacks))
    assert H.track_stops(told, legal) == [parse_card("♦5")]
    assert H.track_stops(view, legal) == []  # no memory, no stop known


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    game = pyspiel.load_game("hoyle_newmarket")
    reasons: Counter[str] = Counter()
    margins = []
    for d in range(DEALS):
        total = 0.0
        for seat in range(4):
            specs = ["random"] * 4
            specs[seat] = "heuristic"
            total += play_deal(game, specs, d, SEED, reasons)[seat]
        margins.append(total / 4)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(DEALS)
    assert mean - half > MARGIN, (mean, half)
    assert reasons["newmarket.track-stops"] and reasons["newmarket.lead-longest-run"]


def test_heuristic_plays_every_variant_and_count_legally() -> None:
    for params in ({"variant": "spin", "players": 3}, {"variant": "saratoga", "players": 8},
                   {"players": 6, "deals": 2}):  # fmt: skip
        game = pyspiel.load_game("hoyle_newmarket", params)
        bot = make("heuristic", game, seed=3)
        rng = random.Random(4)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(bot.step(state))  # the adapter refuses an illegal one
        assert sum(state.returns()) == 0
