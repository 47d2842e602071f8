"""The Quinto heuristic (the book's three hints, then this project's own): each hint on a built
position where it decides, and the agent against ``random`` on duplicate deals, in Quinto by
side and in Dummy Quinto in each seat.

The duplicate test plays each deal twice with the same chance outcomes (one seeded RNG stream
per deal; the game deals one card per chance node, so both seatings get the same hands): the
heuristic in seats 0 and 2 against ``random`` in 1 and 3, then the sides exchanged. The sample
is the heuristic side's return per deal averaged over the two seatings, with a normal 95%
interval over the deals. Measured with :func:`duplicate_means` (200 deals, chance seed 1): the
full heuristic +81.2 points a deal, 95% CI [+75.9, +86.4]; with ``win-cheaply`` and
``follow-low`` switched off (``heuristic:-win-cheaply,-follow-low``) +39.9 [+34.2, +45.7], whose
interval falls below :data:`MARGIN`: those two carry the card play against ``random``. At Dummy
Quinto (:func:`dummy_means`, 100 deals, the heuristic in each of the three places against two
``random`` players) +91.9 [+82.5, +101.3] a deal.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401
from hoyle.agents import make
from hoyle.agents.heuristics import dummy_quinto as DH
from hoyle.agents.heuristics import quinto as H
from tests.games.test_quinto import ELEVEN_TWO, ELEVEN_TWO_CACHETTE, deal, eleven_two, load
from tests.helpers import do, play, play_deal, side_duplicate_means

DEALS = 40
MARGIN = 40.0
"""Points a deal the heuristic side must win by against ``random`` (the lower bound of the
interval)."""


def decide(state: Any, hint: Any) -> list[str]:
    """What ``hint`` keeps of the legal actions of the player to move, in words."""
    p = state.current_player()
    kept = hint(state.player_view(p), state.legal_actions())
    return sorted(state.action_to_string(p, a) for a in kept)


def fresh(hands: dict[int, str], cachette: str = ELEVEN_TWO_CACHETTE) -> Any:
    return deal(load().new_initial_state(), cachette, hands)


# --- the book's hints ----------------------------------------------------------------------------


def test_opening_lead_the_ace_of_spades_else_clubs_never_the_red_aces() -> None:
    state = fresh(ELEVEN_TWO)
    assert decide(state, H.double_by_count) == ["double"]
    do(state, "pass", "pass", "pass", "pass")
    hand = set(decide(state, lambda v, a: a))
    assert decide(state, H.opening_lead) == sorted(hand - {"lead ♦A"})  # no black Ace held
    spades = {q: ELEVEN_TWO[(q + 1) % 4] for q in range(4)}  # seat 0: ♠A ♣A ♥A
    state = fresh(spades)
    do(state, "pass", "pass", "pass", "pass")
    assert decide(state, H.opening_lead) == ["lead ♠A"]
    clubs = dict(spades)
    clubs[0] = "♥A ♥K ♠7 ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♣A ♣K ♣Q"
    clubs[2] = "♠A ♠6 ♠5 ♠4 ♠3 ♠2 ♣J ♣10 ♣9 ♣8 ♣7 ♣6"
    state = fresh(clubs)
    do(state, "pass", "pass", "pass", "pass")
    assert decide(state, H.opening_lead) == ["lead ♣A"]
    royal = dict(ELEVEN_TWO)
    royal[0] = "♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♦A ♦K ♦Q ♦J ♦10 Joker"
    state = fresh(royal, "♣5 ♣4 ♣3 ♣2 ♦9")
    do(state, "pass", "pass", "pass", "pass")
    assert decide(state, H.opening_lead) == []  # the holder of Quint Royal is free


def test_throw_quint_royal_on_the_partners_sure_trick() -> None:
    royal = dict(ELEVEN_TWO)
    royal[0] = "♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♦A ♦K ♦Q ♦J ♦10 Joker"
    state = fresh(royal, "♣5 ♣4 ♣3 ♣2 ♦9")
    do(state, "pass", "pass", "pass", "pass")
    play(state, "♥Q ♥A ♥2 ♠7", "♥K ♥3 ♠6 ♥J", "♠A ♦2 ♠2")
    assert decide(state, H.throw_quint_royal) == ["play Joker"]
    assert decide(state, H.follow_low) != ["play Joker"]


def test_give_the_partner_the_chance_with_a_sure_card() -> None:
    state = fresh(ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "pass")
    assert decide(state, H.give_partner_the_chance) == []  # the original lead is hint 2's
    play(state, "♥Q ♥A ♥2 ♠7")
    # Seat 1 leads, his partner (seat 3) to play third; Quint Royal unseen (in the cachette).
    # Holding the ♠A K Q ... 8, and no higher spade unseen, his cheapest sure card is the ♠8.
    assert decide(state, H.give_partner_the_chance) == ["lead ♠8"]
    play(state, "♥K ♥3")
    assert decide(state, H.give_partner_the_chance) == []  # seat 3's partner has played


def test_draw_hearts_for_a_long_diamond_suit() -> None:
    state = eleven_two()  # seat 0 leads: ♥10 ♥9 ♥8 ♥7 and five diamonds
    assert decide(state, H.draw_hearts_for_diamonds) == ["lead ♥10"]  # a master heart
    assert decide(state, H.lead_masters) == ["lead ♥10", "lead ♥7", "lead ♥8", "lead ♥9"]


# --- this project's own --------------------------------------------------------------------------


def test_double_by_count_and_no_redouble_without_the_count() -> None:
    state = fresh(ELEVEN_TWO)
    assert H.side_count(state.player_view(0)) >= H.DOUBLE_AT
    do(state, "double")
    assert decide(state, H.double_by_count) == ["pass"]


def test_win_cheaply_feed_quints_and_follow_low() -> None:
    state = fresh(ELEVEN_TWO)
    do(state, "pass", "pass", "pass", "pass")
    play(state, "♥Q ♥A ♥2 ♠7", "♥K ♥3 ♠6 ♥J", "♠A")
    assert decide(state, H.win_cheaply) == ["play ♦2"]  # any diamond beats; the cheapest
    play(state, "♦2 ♠2 ♦9", "♥10")
    assert decide(state, H.win_cheaply) == []  # seat 1 cannot beat a heart
    assert decide(state, H.follow_low) == ["play ♠8"]
    play(state, "♠8")
    assert decide(state, H.feed_quints) == ["play ♥5"]  # the partner's sure trick: 20


def test_hints_are_registered_in_order_and_can_be_switched_off() -> None:
    names = [
        "throw-quint-royal",
        "give-partner-the-chance",
        "opening-lead",
        "draw-hearts-for-diamonds",
        "double-by-count",
        "win-cheaply",
        "feed-quints",
        "lead-masters",
        "follow-low",
    ]
    assert [h.id for h in H.HINTS] == [f"quinto.{n}" for n in names]
    assert [h.id for h in DH.HINTS] == [f"dummy_quinto.{n}" for n in names]
    assert all("not the book's" not in h.source for h in H.HINTS[:4])
    assert all("not the book's" in h.source for h in H.HINTS[4:])
    state = fresh({q: ELEVEN_TWO[(q + 1) % 4] for q in range(4)})
    do(state, "pass", "pass", "pass", "pass")
    game = state.get_game()
    bot = make("heuristic", game, seed=1)
    assert state.action_to_string(0, bot.step(state)) == "lead ♠A"
    assert bot.last_reason == "quinto.opening-lead"
    bot = make("heuristic:-opening-lead", game, seed=1)
    assert "quinto.opening-lead" not in {h.id for h in bot.policy.hints}
    # the master hearts (lead-masters), then the lower of them (follow-low narrows last)
    assert state.action_to_string(0, bot.step(state)) == "lead ♥K"
    assert bot.last_reason == "quinto.follow-low"


# --- against random on duplicate deals -----------------------------------------------------------


def duplicate_means(
    deals: int, seed: int, reasons: Counter[str] | None = None, spec: str = "heuristic"
) -> list[float]:
    """Quinto: the heuristic side's return on each deal, averaged over its two seatings."""
    return side_duplicate_means(pyspiel.load_game("hoyle_quinto"), deals, seed, reasons, spec)


def dummy_means(deals: int, seed: int, spec: str = "heuristic") -> list[float]:
    """Dummy Quinto: the heuristic's return on each deal, averaged over the three players it
    takes (the Dummy-player, then each opponent), ``random`` in the other two."""
    game = pyspiel.load_game("hoyle_dummy_quinto")
    out = []
    for d in range(deals):
        total = 0.0
        for p in range(3):
            specs = ["random"] * 3
            specs[p] = spec
            total += play_deal(game, specs, d, seed, Counter())[p]
        out.append(total / 3)
    return out


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5
    return m - half, m + half


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    reasons: Counter[str] = Counter()
    low, high = interval(duplicate_means(DEALS, 1, reasons))
    assert low > MARGIN, (low, high)
    for hint in ("throw-quint-royal", "opening-lead", "win-cheaply", "feed-quints", "follow-low"):
        assert reasons[f"quinto.{hint}"] > 0, reasons


def test_heuristic_beats_random_at_dummy_quinto() -> None:
    low, high = interval(dummy_means(DEALS // 2, 1))
    assert low > 0, (low, high)
