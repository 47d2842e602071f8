"""The Earl of Coventry and Jig heuristic (our own: Foster gives no hints): each hint on a built
position where it decides, and the agent against ``random`` on duplicate deals.

The duplicate test plays each deal once with the heuristic in every seat in turn, ``random`` in
the others, with the same chance outcomes (one seeded RNG stream per deal; the game deals one
card per chance node, so every seating gets the same hands); the sample is the heuristic's
return per deal averaged over its four seatings, with a normal 95% interval over the deals.
Measured with :func:`duplicate_means` over 200 deals (chance seed 1): Earl of Coventry +0.575
counters a deal, 95% CI [+0.266, +0.884]; Jig +1.695 [+1.202, +2.188]. The value of memory
(the heuristic against three ``heuristic:-track-stops``, 200 deals): Jig +0.844 [+0.501,
+1.186]; Earl of Coventry exactly 0 (the hint has no opinion there: memory tells nothing).
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401
from hoyle.agents.heuristics import earl_of_coventry as H
from tests.games.test_earl_of_coventry import deal, lead, load
from tests.helpers import seat_duplicate_means


def decide(state: Any, hint: Any) -> list[str]:
    """What ``hint`` keeps of the legal actions of the player to move, in words."""
    p = state.current_player()
    kept = hint(state.player_view(p), state.legal_actions())
    return sorted(state.action_to_string(p, a) for a in kept)


# --- the hints ------------------------------------------------------------------------------


def test_earl_keep_lead_and_shed_most() -> None:
    """Three Twos: the lead comes back whatever the others hold, and they shed most; no
    opinion on memory (nothing to remember at Earl of Coventry) nor on leading low."""
    state = deal(load(players=3, ranks=3), "♠2 ♥2 ♦2 ♠A", "♥A ♦A ♣2 ♠3", "♣A ♥3 ♦3 ♣3")
    assert decide(state, H.keep_lead) == ["lead ♠2", "lead ♥2", "lead ♦2"]
    assert decide(state, H.shed_most) == ["lead ♠2", "lead ♥2", "lead ♦2"]
    assert decide(state, H.track_stops) == []
    assert decide(state, H.lead_low) == []
    lead(state, "♠2")
    assert state.current_player() == 0  # the fourth Two was his
    assert decide(state, H.keep_lead) == []


def test_jig_keep_lead_from_the_hand_alone() -> None:
    """♥2 ♥3 are his own up to the top of this pack (the King's place): the lead comes back
    from the hand alone; ♠A and ♦A give it away."""
    state = deal(
        load(players=3, ranks=3, variant="jig"), "♠A ♥2 ♥3 ♦A", "♠2 ♠3 ♥A ♣A", "♦2 ♦3 ♣2 ♣3"
    )
    assert decide(state, H.keep_lead) == ["lead ♥2"]
    assert decide(state, H.track_stops) == ["lead ♥2"]
    lead(state, "♥2")
    assert state.current_player() == 0
    assert decide(state, H.keep_lead) == []
    assert decide(state, H.shed_most) == ["lead ♠A", "lead ♦A"]
    assert decide(state, H.lead_low) == ["lead ♠A", "lead ♦A"]


def test_jig_track_stops_makes_a_stop_of_a_card_laid() -> None:
    """Player 1 holds ♥A and ♣A with ♥2 laid: leading ♥A he leads again, and then goes out
    with ♣A; without memory he cannot tell ♥A from ♣A (whose Two another holds)."""
    state = deal(
        load(players=3, ranks=3, variant="jig"), "♠A ♥2 ♥3 ♦A", "♠2 ♠3 ♥A ♣A", "♦2 ♦3 ♣2 ♣3"
    )
    lead(state, "♥2")  # ♥3 is his own, the top: he leads again
    lead(state, "♠A")  # player 1 lays ♠2, then ♠3 on his next turn: the top, he leads
    assert state.current_player() == 1
    assert decide(state, H.keep_lead) == []
    assert decide(state, H.track_stops) == ["lead ♥A"]
    lead(state, "♥A")
    assert state.current_player() == 1
    lead(state, "♣A")
    assert state.is_terminal()
    assert state.returns() == [-1.0, 5.0, -4.0]


# --- against random -----------------------------------------------------------------------


def duplicate_means(
    variant: str,
    deals: int,
    seed: int,
    spec: str = "heuristic",
    other: str = "random",
    reasons: Counter[str] | None = None,
) -> list[float]:
    """The return of ``spec`` on each deal, averaged over its four seatings against three
    ``other``."""
    game = pyspiel.load_game("hoyle_earl_of_coventry", {"variant": variant})
    return seat_duplicate_means(game, deals, seed, spec, other, reasons)


def lower_bound(means: list[float]) -> float:
    return statistics.mean(means) - 1.96 * statistics.stdev(means) / len(means) ** 0.5


def test_heuristic_beats_random_at_jig() -> None:
    reasons: Counter[str] = Counter()
    means = duplicate_means("jig", 60, 1, reasons=reasons)
    assert lower_bound(means) > 0.5, statistics.mean(means)
    for hint in ("keep-lead", "track-stops", "shed-most", "lead-low"):
        assert reasons[f"earl_of_coventry.{hint}"] > 0, reasons


def test_heuristic_beats_random_at_earl_of_coventry() -> None:
    """The margin is small (the deal decides most of it): 200 deals for an interval above 0."""
    reasons: Counter[str] = Counter()
    means = duplicate_means("earl", 200, 1, reasons=reasons)
    assert lower_bound(means) > 0.0, statistics.mean(means)
    assert reasons["earl_of_coventry.keep-lead"] > 0 and reasons["earl_of_coventry.shed-most"] > 0


def test_memory_is_worth_counters_at_jig() -> None:
    means = duplicate_means("jig", 80, 1, other="heuristic:-track-stops")
    assert lower_bound(means) > 0.0, statistics.mean(means)
