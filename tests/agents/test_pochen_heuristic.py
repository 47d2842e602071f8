"""The Pochen heuristic (our own hints, not the book's: Foster gives none): each hint on a
built position where it decides, and the agent against ``random`` on duplicate deals.

The match: each deal is played four times with the same chance outcomes (the k-th card dealt
is the k-th card of one shuffled pack, whoever plays), the heuristic in each seat in turn
against three random agents. The statistic is its mean return per deal in counters, averaged
over the four seatings, with a normal 95% confidence interval over the deals.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import pochen as H
from hoyle.envs.core.cards import parse_card
from hoyle.envs.games import pochen as P
from tests.games.test_pochen import deal_a, deal_into
from tests.helpers import do, play_deal

DEALS = 200
SEED = 2026


def choose(state: Any, *off: str, seed: int = 0) -> tuple[int, str | None]:
    spec = "heuristic" + "".join(f":-{o}" for o in off)
    bot = make(spec, state.get_game(), seed=seed)
    action = bot.step(state)
    return action, bot.last_reason


def test_hints_are_registered_in_order_and_say_they_are_our_own() -> None:
    assert [h.id for h in H.HINTS] == [
        "pochen.bet-strong",
        "pochen.match-by-strength",
        "pochen.lead-ace",
        "pochen.track-stops",
        "pochen.longest-run",
    ]
    assert all("our own, not the book's" in h.source for h in H.HINTS)


def test_bet_strong_bets_on_threes_and_passes_a_pair() -> None:
    state = deal_a()  # player 0 holds three Nines: half the cap of 5
    assert choose(state) == (P.BET_BASE + 3 - 1, "pochen.bet-strong")
    do(state, "pass")  # player 1 holds a pair of Eights
    assert choose(state) == (P.PASS, "pochen.bet-strong")


def test_match_by_strength_weighs_the_set_against_the_bet() -> None:
    state = deal_a()
    do(state, "bet 5")  # the cap: a pair of Eights does not match it
    assert choose(state) == (P.PASS, "pochen.match-by-strength")
    state = deal_a()
    do(state, "bet 1")
    assert choose(state) == (P.PASS, "pochen.match-by-strength")  # Eights: below Queens
    do(state, "pass", "pass")
    assert choose(state) == (P.MATCH, "pochen.match-by-strength")  # Aces, a third of the cap


def test_lead_ace_first() -> None:
    state = deal_a()
    do(state, *["pass"] * 4, "lead ♦9")  # ♦10 and ♦J by player 1, ♦Q a stop: he leads
    assert state.current_player() == 1
    assert choose(state) == (parse_card("♥A"), "pochen.lead-ace")


def test_track_stops_leads_to_a_card_known_played() -> None:
    hands = {
        0: "♠7 ♠8 ♥K ♣A ♦7",
        1: "♠9 ♥A ♣8 ♣9 ♦8",
        2: "♠10 ♥Q ♣10 ♦J ♦Q",
        3: "♠J ♥J ♣J ♦K ♦A",
    }
    state = deal_into(pyspiel.load_game("hoyle_pochen").new_initial_state(), hands, "♥7")
    do(state, *["pass"] * 4, "lead ♣A", "lead ♠8", "lead ♦K", "lead ♥J")
    assert state.current_player() == 0  # holding ♠7 (♠8 played: a stop) and ♦7 (♦8 held)
    assert choose(state) == (parse_card("♠7"), "pochen.track-stops")
    _, reason = choose(state, "track-stops")
    assert reason != "pochen.track-stops"


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    game = pyspiel.load_game("hoyle_pochen")
    n = game.num_players()
    reasons: Counter[str] = Counter()
    means = []
    for d in range(DEALS):
        total = 0.0
        for seat in range(n):
            specs = ["random"] * n
            specs[seat] = "heuristic"
            total += play_deal(game, specs, d, SEED, reasons)[seat]
        means.append(total / n)
    mean = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(DEALS)
    assert mean - half > 0, f"heuristic {mean:+.3f} ± {half:.3f} a deal against random"
    assert reasons["pochen.track-stops"] > 0 and reasons["pochen.bet-strong"] > 0
