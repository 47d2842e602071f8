"""The Pope Joan heuristic (our own rules: Foster gives no hints for Pope Joan): each rule on a
dealt position where it decides, the memory switch (``-track-stops``), and the agent against
``random`` on duplicate deals.

The match: each deal is played four times with the same cards (every chance node of a deal
comes before the first lead), the heuristic in each seat in turn against three random agents.
The statistic is its mean return per deal over the four seatings, with a normal 95% interval
over the deals; 0 is what an agent no better than its opponents gets.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import pope_joan as H
from hoyle.envs.core.cards import parse_card
from tests.games.test_pope_joan import FOUR, deal, lead

DEALS = 150
SEED = 2026


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_pope_joan", params)


def choose(state: Any, *off: str, seed: int = 0) -> tuple[int, str | None]:
    spec = "heuristic" + "".join(f":-{o}" for o in off)
    bot = make(spec, state.get_game(), seed=seed)
    action = bot.step(state)
    return action, bot.last_reason


def test_the_rules_are_registered_in_order_and_say_they_are_our_own() -> None:
    assert [h.id for h in H.HINTS] == [
        "pope_joan.win-pool",
        "pope_joan.track-stops",
        "pope_joan.keep-the-lead",
        "pope_joan.lead-orphans",
        "pope_joan.longest-run",
    ]
    assert all("our own" in h.source and "our own" in h.summary for h in H.HINTS)


def test_win_pool_leads_the_run_that_plays_the_jack_of_clubs() -> None:
    state = deal(load(), 3, *FOUR)  # player 0 holds ♣9 ♣10 ♣J: any of them takes the Jack
    view = state.player_view(0)
    clubs = [parse_card(c) for c in ("♣9", "♣10", "♣J")]
    assert H.win_pool(view, state.legal_actions()) == clubs
    action, _ = choose(state)
    assert action == parse_card("♣9")  # the longest of the three runs


def test_keep_the_lead_leads_the_run_to_the_king() -> None:
    state = deal(load(hand_size=3), 3, "♣Q ♣K ♥5", "♣2 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    action, _ = choose(state)
    assert action == parse_card("♣Q")  # ♣Q ♣K: the King ends it, he leads again
    action, reason = choose(state, "track-stops")
    assert action == parse_card("♣Q") and reason is not None


def test_lead_orphans_leads_the_ace_nobody_can_play_him_into() -> None:
    state = deal(load(hand_size=4), 3, "♠A ♥5 ♥6 ♣9", "♣2 ♣3 ♣4 ♣5", "♦2 ♦3 ♦4 ♦5", "♣6 ♣7 ♣8 ♥2")
    action, reason = choose(state)
    assert action == parse_card("♠A") and reason == "pope_joan.lead-orphans"


# Player 0 leads ♥7 ♥8; the ♥9 is a stop (everyone says so) and he leads again, holding
# ♥5 ♥6 ♣2 ♣3: a lead of ♥5 ends below the ♥7, played, so the lead comes back.
MEMORY = ("♥5 ♥6 ♥7 ♥8 ♣2 ♣3", "♠2 ♠3 ♠4 ♠5 ♠6 ♠7", "♦2 ♦3 ♦4 ♦5 ♦6 ♦8", "♣5 ♣6 ♣7 ♣8 ♣10 ♣Q")


def test_track_stops_leads_below_a_card_he_remembers_played() -> None:
    state = deal(load(hand_size=6), 3, *MEMORY)
    lead(state, "♥7")
    assert state.current_player() == 0
    for seed in range(10):
        action, reason = choose(state, seed=seed)
        assert action == parse_card("♥5")
        assert reason in ("pope_joan.track-stops", "pope_joan.longest-run")


def test_without_track_stops_he_forgets_the_cards_played() -> None:
    state = deal(load(hand_size=6), 3, *MEMORY)
    lead(state, "♥7")
    chosen = {choose(state, "track-stops", seed=seed)[0] for seed in range(20)}
    assert chosen == {parse_card("♥5"), parse_card("♣2")}  # two runs of two: a coin
    view = H.forget(state.player_view(0))
    assert view.played == 0 and not any(view.lacks) and view.log == ()
    assert view.hand == state.player_view(0).hand


def _match(spec: str, deals: int, seed: int) -> list[float]:
    game = load()
    n = game.num_players()
    out = []
    for d in range(deals):
        total = 0.0
        for seat in range(n):
            rng = random.Random(seed * 100_003 + d)
            bots = [
                make(spec if q == seat else "random", game, seed=seed + 7 * d + q) for q in range(n)
            ]
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            total += state.returns()[seat]
        out.append(total / n)
    return out


def test_the_heuristic_beats_random_on_duplicate_deals() -> None:
    gains = _match("heuristic", DEALS, SEED)
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    assert mean - half > 0, (mean, half)
