"""The Speculation heuristic (this project's hints, not the book's: Foster gives no advice on
buying or selling): each hint where it decides, and the agent against ``random`` over duplicate
deals."""

from __future__ import annotations

import random
import statistics
from fractions import Fraction
from typing import Any

import pyspiel

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.agents import make
from hoyle.agents.heuristics import speculation as H
from hoyle.envs.core.cards import parse_card
from hoyle.envs.games import speculation as S
from tests.helpers import do, play_out


def choose(state: Any, *off: str) -> tuple[int, str | None]:
    spec = "heuristic" + "".join(f":-{o}" for o in off)
    bot = make(spec, state.get_game(), seed=0)
    return bot.step(state), bot.last_reason


def sale(players: int = 2, **params: Any) -> Any:
    """Dealer 0, no heart dealt: the ♥7 turned up and offered for sale, player 1 to offer.
    Unseen: 51 cards, 7 of them better hearts."""
    state = pyspiel.load_game("hoyle_speculation", {"players": players, **params})
    state = state.new_initial_state()
    low = ["♠2", "♠3", "♠4", "♠5", "♠6", "♠7", "♠8", "♠9", "♦2", "♦3", "♦4", "♦5"]
    for c in (*low[: 3 * players], "♥7"):
        state.apply_action(parse_card(c))
    return state


def test_hints_are_registered_in_order_and_say_they_are_not_the_books() -> None:
    assert [h.id for h in H.HINTS] == [
        "speculation.sell-above-value",
        "speculation.bid-up-to-value",
        "speculation.bid-the-value",
    ]
    assert all("our own, not the book's" in h.summary for h in H.HINTS)


def test_the_worth_is_the_pool_times_the_chance_of_standing() -> None:
    state = sale(stake=3)  # pool 3 + 6
    view = state.player_view(1)
    assert H.worth(view, 1) == S.chance_of_standing(7, 51, 3) * 9
    assert H.worth(view, 0) == S.chance_of_standing(7, 51, 3) * 9  # the same 3 cards to turn
    assert S.chance_of_standing(7, 51, 3) == Fraction(44 * 43 * 42, 51 * 50 * 49)


def test_a_bidder_offers_the_most_within_the_value_and_passes_above_it() -> None:
    state = sale(stake=3)  # worth 9 * 0.636 = 5.7 to player 1
    action, why = choose(state)
    assert (action, why) == (S.offer_action(5), "speculation.bid-the-value")
    # Without bid-the-value, any offer within the value (the seeded tie-break picks one).
    action, why = choose(state, "bid-the-value")
    assert S.offer_action(1) <= action <= S.offer_action(5)
    assert why == "speculation.bid-up-to-value"
    # A pool of 3 makes it worth 1.9: an offer of 1 at most.
    assert choose(sale(stake=1))[0] == S.offer_action(1)


def test_a_bidder_passes_when_every_offer_is_above_the_value() -> None:
    state = sale(players=3, stake=1)
    do(
        state, "offer 2"
    )  # player 1 offers 2; worth 4 * 0.39 = 1.6 to player 2, six cards turned against it
    view = state.player_view(2)
    assert H.worth(view, 2) < 3
    assert choose(state) == (S.PASS_ACTION, "speculation.bid-up-to-value")


def test_the_seller_sells_above_the_value_and_refuses_at_or_below_it() -> None:
    state = sale(stake=3, max_offer=8)
    do(state, "offer 5")
    assert choose(state) == (S.REFUSE_ACTION, "speculation.sell-above-value")  # 5 < 5.7
    state = sale(stake=3, max_offer=8)
    do(state, "offer 6")
    assert choose(state) == (S.ACCEPT_ACTION, "speculation.sell-above-value")


def _returns(game: Any, specs: list[str], seed: int) -> list[float]:
    bots = [make(s, game, seed=seed * 10 + q) for q, s in enumerate(specs)]
    return list(play_out(game, random.Random(seed), bots).returns())


def test_the_heuristic_beats_random() -> None:
    """Three players, the heuristic in each seat in turn against two random players on the
    same cards: its mean return a deal is above zero with 95% confidence."""
    game = pyspiel.load_game("hoyle_speculation(players=3)")
    gains = []
    for seed in range(150):
        seats = []
        for me in range(3):
            specs = ["random"] * 3
            specs[me] = "heuristic"
            seats.append(_returns(game, specs, seed)[me])
        gains.append(statistics.fmean(seats))
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    assert mean - half > 0, (mean, half)
