"""The Commit heuristic (our own hints: Foster gives none): each hint on a dealt position where
it decides, and the agent against ``random`` on duplicate deals.

The match: each deal is played four times with the same cards (the k-th card dealt is the
k-th of one shuffled pack, whoever receives it), the heuristic in each seat in turn against
three random agents; the statistic is its mean return per deal (counters) over the four
seatings, with a normal 95% interval over the deals. Measured: about +2.3 counters a deal
(``hoyle match commit --agents heuristic,random --deals 200 --seed 1``: +2.321
[+2.074, +2.569]).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents.heuristics import commit as H
from hoyle.envs.core.cards import parse_card, parse_cards
from hoyle.envs.core.stops import PASS, STUCK
from hoyle.envs.games.commit import NINE_OF_DIAMONDS, PACK
from tests.helpers import choose, dealt_hands, play_deal

DEALS = 120
SEED = 2026
MARGIN = 1.0
"""The heuristic must gain more than this a deal (95% interval's lower bound); random: 0."""


def dealt(*hands: str) -> Any:
    return dealt_hands("hoyle_commit", hands)


OTHERS = ("♣5 ♣6 ♣7 ♣8 ♣9", "♥5 ♥6 ♥7 ♥8 ♥9", "♠5 ♠6 ♠7 ♠8 ♠9")


def test_hints_are_registered_in_order_and_say_they_are_our_own() -> None:
    assert [h.id for h in H.HINTS] == [
        "commit.lead-king",
        "commit.play-nine",
        "commit.lead-ace",
        "commit.lead-to-king",
        "commit.track-stops",
        "commit.shed-most",
    ]
    assert all("our own, not the book's" in h.source for h in H.HINTS)


def test_lead_king() -> None:
    state = dealt("♦K ♠A ♠2 ♠3 ♥2", *OTHERS)
    assert choose(state) == (parse_card("♦K"), "commit.lead-king")
    assert choose(state, "lead-king") == (parse_card("♠A"), "commit.lead-ace")


def test_lead_ace_takes_the_ace_with_the_longest_run() -> None:
    state = dealt("♠A ♥A ♥2 ♥3 ♦2", *OTHERS)
    assert choose(state) == (parse_card("♥A"), "commit.lead-ace")


def test_play_nine_when_stuck() -> None:
    state = dealt("♣2 ♥2 ♥3 ♥4 ♦2", "♦9 ♠2 ♠3 ♠4 ♦3", "♣4 ♣5 ♣6 ♣7 ♣8", "♥5 ♥6 ♥7 ♥8 ♥9")
    state.apply_action(parse_card("♣2"))  # without the Trey: player 1 is asked
    assert (state.s.point, state.current_player()) == (STUCK, 1)
    assert choose(state) == (NINE_OF_DIAMONDS, "commit.play-nine")
    picks = {choose(state, "play-nine", seed=k)[0] for k in range(20)}
    assert picks == {NINE_OF_DIAMONDS, PASS}


def test_track_stops_leads_the_run_that_ends_before_a_known_stop() -> None:
    # ♦6 ♦7 end before the 8♦, out of the pack: he leads again. ♣2 ♣3 ♣4 sheds more.
    state = dealt("♦6 ♦7 ♣2 ♣3 ♣4", "♥2 ♥3 ♥4 ♥K ♠2", "♠3 ♠4 ♠5 ♠6 ♠7", "♥5 ♥6 ♥7 ♥8 ♥9")
    legal = state.legal_actions()
    assert H.track_stops(state.player_view(0), legal) == parse_cards("♦6 ♦7")
    assert choose(state)[0] == parse_card("♦6")  # the longer of the two runs (shed-most)
    assert choose(state, "track-stops")[0] == parse_card("♣2")


def test_track_stops_remembers_the_withouts() -> None:
    state = dealt("♣2 ♥2 ♥3 ♥4 ♦2", "♦4 ♠2 ♠3 ♠4 ♦3", "♣4 ♣5 ♣6 ♣7 ♣8", "♥5 ♥6 ♥7 ♥8 ♥9")
    state.apply_action(parse_card("♣2"))  # every other player says he is without the ♣3
    while state.s.point == STUCK:
        state.apply_action(PASS)
    view = state.player_view(0)
    assert H.known_stop(view, parse_card("♣3"))  # all three announced it
    assert not H.known_stop(view, parse_card("♥5"))
    assert H.known_stop(view, parse_card("♦8")) and not PACK >> parse_card("♦8") & 1


def test_lead_to_king() -> None:
    state = dealt("♠J ♠Q ♠K ♣2 ♣3", *OTHERS)
    # The King itself comes first (lead-king); without it, the run that reaches it.
    assert choose(state)[0] == parse_card("♠K")
    assert choose(state, "lead-king") == (parse_card("♠J"), "commit.shed-most")
    legal = state.legal_actions()
    assert H.lead_to_king(state.player_view(0), legal) == parse_cards("♠J ♠Q ♠K")


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    game = pyspiel.load_game("hoyle_commit")
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
    assert reasons["commit.lead-ace"] and reasons["commit.shed-most"]
