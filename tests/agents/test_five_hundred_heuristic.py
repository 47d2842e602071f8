"""The Five Hundred heuristic (the book's hints, RULES.md §18.6): each hint on a built position
where it decides, and the heuristic against two random players on duplicate deals.

Each deal is played three times with the same chance outcomes (one RNG stream per deal; the
game deals lazily, so every seating sees the same cards in the same order), the heuristic in
each seat in turn; the sample is its mean return (points: its deal score less the mean of the
three) over the three seatings. Measured: 60 deals, about +170 points a deal, 95% CI about ±15,
in about 1 s. (``hoyle match five_hundred --agents heuristic,random --deals 200 --seed 1``:
+172.1 [+168.9, +175.4].)
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
from hoyle.agents.heuristics import five_hundred as H
from hoyle.envs.core.cards import JOKER, cards_of, format_card, mask_of, parse_card, parse_cards
from hoyle.envs.games.five_hundred import (
    BID_ACTION_BASE,
    NAME_ACTION_BASE,
    PASS_ACTION,
    bid_index,
)
from tests.games.test_five_hundred import B_HANDS, B_WIDOW, C_HANDS, C_WIDOW, dealt, scenario_c

DEALS = 60
MARGIN = 100.0
"""Points a deal the heuristic must win by (lower end of the 95% interval)."""
DIAMONDS, HEARTS = 2, 1


def load() -> Any:
    return pyspiel.load_game("hoyle_five_hundred")


def deal_for(hand0: str) -> Any:
    """A state after a deal giving player 0 (the eldest hand) ``hand0``; the other cards go to
    players 1 and 2 and the widow in card-id order."""
    game = load()
    mine = parse_cards(hand0)
    rest = [c for c in game.rules.pack_cards if c not in mine]
    fmt = " ".join
    hands = (hand0, fmt(map(format_card, rest[:10])), fmt(map(format_card, rest[10:20])))
    return dealt(game, hands, fmt(map(format_card, rest[20:])))


def choose(state: Any, spec: str = "heuristic") -> int:
    bot = make(spec, state.get_game(), seed=0)
    return int(bot.step(state))


def bid(tricks: int, denomination: int) -> int:
    return BID_ACTION_BASE + bid_index(tricks, denomination)


# --- hint 1: sure tricks; hint 2: the widow odds ------------------------------------------


def test_book_count_joker_bowers_and_two_more_are_four_tricks() -> None:
    assert H.trump_tricks(5, 3, 10) == 4
    pack = load().rules.pack_mask
    hand = mask_of(parse_cards("Joker ♥J ♦J ♥9 ♥8 ♠8 ♠7 ♣8 ♣7 ♦9"))
    assert H.sure_tricks(hand, 3, pack) == 4  # hearts trumps, nothing outside
    with_aces = mask_of(parse_cards("Joker ♥J ♦J ♥9 ♥8 ♠A ♣A ♠8 ♣8 ♦9"))
    assert H.sure_tricks(with_aces, 3, pack) == 6  # "a bid of six is justified"


def test_sure_tricks_decides_a_clear_bid() -> None:
    state = deal_for("Joker ♥J ♦J ♥A ♥K ♥10 ♠A ♣A ♠8 ♣8")  # six trumps: no widow allowance
    assert choose(state) == bid(8, 3)  # 6 trump tricks + 2 Aces: eight hearts (300)
    assert choose(state, "heuristic:-sure-tricks") == PASS_ACTION


def test_widow_odds_adds_a_trick_with_four_or_five_trumps() -> None:
    pack = load().rules.pack_mask
    four = mask_of(parse_cards("Joker ♥J ♦J ♥9 ♠A ♣A ♠8 ♣8 ♦9 ♣7"))
    five = mask_of(parse_cards("Joker ♥J ♦J ♥9 ♥8 ♠A ♣A ♠8 ♣8 ♦9"))
    six = mask_of(parse_cards("Joker ♥J ♦J ♥9 ♥8 ♥7 ♠A ♣A ♠8 ♣8"))
    assert H.widow_allowance(four, 3, pack) == H.widow_allowance(five, 3, pack) == 1
    assert H.widow_allowance(six, 3, pack) == 0  # "6 to 5 against": do not reckon on it
    assert H.widow_allowance(five, 4, pack) == 0  # no trumps, no allowance
    state = deal_for("Joker ♥J ♦J ♥9 ♥8 ♠A ♣A ♠8 ♣8 ♦9")  # six sure, five trumps
    assert choose(state) == bid(7, 3)  # counts one more trump from the widow
    assert choose(state, "heuristic:-widow-odds") == bid(6, 3)


def test_no_count_no_bid() -> None:
    state = deal_for("♠7 ♠8 ♥7 ♥8 ♦7 ♦8 ♣7 ♣8 ♣9 ♠9")
    assert choose(state) == PASS_ACTION


# --- the discard and the play ----------------------------------------------------------------


def test_discard_keeps_trumps_and_winners() -> None:
    game = load()
    state = dealt(game, C_HANDS, C_WIDOW)
    for a in (bid(7, 3), PASS_ACTION, PASS_ACTION):
        state.apply_action(a)
    discards = []
    for _ in range(3):
        c = choose(state)
        discards.append(c)
        state.apply_action(c)
    assert sorted(discards) == sorted(parse_cards("♦7 ♦8 ♦9"))
    assert choose(state, "heuristic:-discard") in state.legal_actions()


def test_bidder_draws_trumps_with_the_master_trump() -> None:
    state = scenario_c()
    assert choose(state) == JOKER
    other = choose(state, "heuristic:-draw-trumps")
    assert other != JOKER and other in parse_cards("♠A ♣A ♦A")  # cashes a plain winner instead


def test_leader_cashes_winners() -> None:
    state = dealt(load(), B_HANDS, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    assert choose(state) in parse_cards("♠A ♥A ♦A ♣A")
    assert choose(state, "heuristic:-cash-winners") not in parse_cards("♠A ♥A ♦A ♣A")


def test_keep_the_joker_and_name_the_long_suit() -> None:
    hands = (B_HANDS[1], B_HANDS[0], B_HANDS[2])  # player 0 leads, holding the Joker
    state = dealt(load(), hands, B_WIDOW)
    for _ in range(3):
        state.apply_action(PASS_ACTION)
    assert choose(state) != JOKER
    assert choose(state, "heuristic:-keep-joker") == JOKER  # the Joker is his one master
    state.apply_action(JOKER)
    assert choose(state) == NAME_ACTION_BASE + DIAMONDS  # four diamonds, three hearts, two ♠


def test_win_cheaply_and_follow_low() -> None:
    state = scenario_c()
    for c in ("♥A", "♦J", "♥7"):  # player 1 wins with the left bower and leads
        state.apply_action(parse_card(c))
    state.apply_action(parse_card("♠Q"))
    assert choose(state) == parse_card("♠7")  # player 2 cannot win: follows low
    state.apply_action(parse_card("♠8"))
    assert choose(state) == parse_card("♠K")  # player 0, last: the cheapest card that wins
    # No-bid hand: player 2, last to a ♠K lead, wins with ♠A rather than follow low with ♠7.
    hands = (
        "♠K ♠Q ♥A ♥K ♥Q ♦A ♦K ♦Q ♣A ♣K",
        "♠8 ♠9 ♥J ♥10 ♥9 ♦J ♦10 ♦9 ♣Q ♣J",
        "♠A ♠7 ♠J ♠10 ♥8 ♥7 ♦8 ♦7 ♣10 ♣9",
    )
    state = dealt(load(), hands, "♣8 ♣7 Joker")
    for a in (PASS_ACTION, PASS_ACTION, PASS_ACTION, parse_card("♠K"), parse_card("♠8")):
        state.apply_action(a)
    assert choose(state) == parse_card("♠A")
    assert choose(state, "heuristic:-win-cheaply") == parse_card("♠7")


def test_heuristic_sees_only_its_view() -> None:
    """The hints read ``state.player_view`` only: the same view gives the same choice."""
    state = scenario_c()
    view = state.player_view(0)
    assert view.discards and not state.player_view(1).discards
    legal = state.legal_actions()
    policy = make("heuristic", state.get_game(), seed=0).policy
    assert policy.choose(view, legal)[0] == policy.choose(view, legal)[0]
    assert all(c in cards_of(view.hand) for c in legal)


# --- against random ------------------------------------------------------------------------


def _play(game: Any, seat: int, deal: int, reasons: Counter[str]) -> float:
    chance = random.Random(5_000 + deal)
    bots = [make("random", game, seed=3 * deal + q) for q in range(3)]
    bots[seat] = make("heuristic", game, seed=deal)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(
                chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            )
        else:
            q = state.current_player()
            a = bots[q].step(state)
            if q == seat:
                reasons[bots[q].last_reason or "none"] += 1
            state.apply_action(a)
    return float(state.returns()[seat])


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    game = load()
    reasons: Counter[str] = Counter()
    per_deal = [
        statistics.mean(_play(game, seat, deal, reasons) for seat in range(3))
        for deal in range(DEALS)
    ]
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(DEALS)
    assert mean - half > MARGIN, f"heuristic margin {mean:.1f} ± {half:.1f} points a deal"
    for hint in ("follow-low", "win-cheaply", "cash-winners", "sure-tricks"):
        assert reasons[f"five_hundred.{hint}"] > 0, reasons


def test_heuristic_plays_the_variants() -> None:
    for params in ({"ranks": 5}, {"scoring": "game", "max_deals": 3}):
        game = pyspiel.load_game("hoyle_five_hundred", params)
        bots = [make("heuristic", game, seed=s) for s in range(3)]
        rng = random.Random(4)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert abs(sum(state.returns())) < 1e-9
