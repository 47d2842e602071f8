"""The Calabrasella heuristic agent: each hint decides on a built position, and the agent beats
the random agent on duplicate deals.

Positions are dealt with the game tests' helpers (``deal``, ``act``); play positions are the
fixed deal of the game tests after the eldest hand stood (seat 0 single, seats 1 and 2
adversaries), with the hand, the trick and the leader set on the view
(``dataclasses.replace``), as the hints see nothing but the view.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from typing import Any

import pyspiel

from hoyle.agents import make
from hoyle.agents.heuristics import calabrasella as H
from hoyle.agents.heuristics.hints import HEURISTICS, HintPolicy
from hoyle.envs.core.cards import cards_of, parse_card, parse_cards
from hoyle.envs.core.tricks import legal_plays
from hoyle.envs.games import calabrasella as C
from tests.games.test_calabrasella import TALON, D, E, S, act, deal, game, mask, standard


def legal_of(view: C.CalabrasellaView) -> list[int]:
    led = view.rules.tricks.suit[view.trick[0]] if view.trick else -1
    return cards_of(legal_plays(view.hand, led, view.rules.tricks))


def play_view(player: int, hand: str, trick: str = "", leader: int = 0, **kw: Any) -> Any:
    """A play-phase view of ``player`` in the standard deal with ``hand`` and ``trick``."""
    s = standard()
    v = s.player_view(player)
    return dataclasses.replace(
        v, hand=mask(hand), trick=tuple(parse_cards(trick)), leader=leader, to_move=player, **kw
    )


def choose(view: Any, off: tuple[str, ...] = ()) -> int:
    """The whole policy's play on a play-phase view, with the hints ``off`` switched off."""
    hints = HEURISTICS["calabrasella"]
    pol = HintPolicy(hints, [h.id for h in hints if h.id.split(".")[1] not in off], seed=0)
    return pol.choose(view, legal_of(view))[0]


def names(s: Any, actions: list[int]) -> list[str]:
    return [s.action_to_string(s.current_player(), a) for a in actions]


# --- the hand evaluation and declaring ------------------------------------------------------------


def test_winners_count_by_the_rule() -> None:
    v = deal(game(), [E, S, D], TALON).player_view(0)
    assert H.suit_winners(v, mask("♠3 ♠4"), 0) == 1
    assert H.suit_winners(v, mask("♠2 ♠5"), 0) == 1  # guarded: wins once the 3 falls
    assert H.suit_winners(v, mask("♠2"), 0) == 0  # bare: falls to the 3
    assert H.suit_winners(v, mask("♠A ♠4"), 0) == 0
    assert H.suit_winners(v, mask("♠3 ♠2 ♠A ♠7 ♠6 ♠5"), 0) == 5  # 3 tops + 2 long cards
    assert H.has_tenace(v, mask("♥3 ♥A")) and not H.has_tenace(v, mask("♥3 ♥2"))


BORDER_LONG = "♠3 ♠2 ♠A ♠K ♠7 ♥3 ♥4 ♦5 ♦4 ♣5 ♣4 ♣6"
"""6 counted winners and a five-card suit."""
SEVEN_TENACE = "♠3 ♠2 ♠A ♠K ♠Q ♠7 ♥3 ♥A ♦5 ♦4 ♣5 ♣4"
"""7 counted winners and a tenace (♥3 ♥A, the 2 out)."""


def test_stand_by_count_stands_on_seven_winners_and_passes_below() -> None:
    s = deal(game(), [SEVEN_TENACE])
    v = s.player_view(0)
    assert H.winners(v, v.hand) == 7
    assert H.stand_by_count(v, s.legal_actions()) == [C.STAND_ACTION]
    s = deal(game(), [BORDER_LONG])
    assert H.stand_by_count(s.player_view(0), s.legal_actions()) == [C.PASS_ACTION]


def test_hint_8_position_leader_with_a_long_suit_stands_on_a_borderline_hand() -> None:
    s = deal(game(), [BORDER_LONG])
    v = s.player_view(0)
    assert H.winners(v, v.hand) == 6
    assert H.position(v, s.legal_actions()) == [C.STAND_ACTION]
    bot = make("heuristic", game(), seed=0)
    assert bot.step(s) == C.STAND_ACTION
    assert make("heuristic:-position", game(), seed=0).step(s) == C.PASS_ACTION


def test_hint_8_position_second_hand_with_tenaces_passes() -> None:
    s = act(deal(game(), ["", SEVEN_TENACE]), "pass")
    assert s.current_player() == 1
    v = s.player_view(1)
    assert H.position(v, s.legal_actions()) == [C.PASS_ACTION]
    assert make("heuristic", game(), seed=0).step(s) == C.PASS_ACTION
    assert make("heuristic:-position", game(), seed=0).step(s) == C.STAND_ACTION


# --- asking, exchange, discards, talon -------------------------------------------------------------


def test_hint_7_ask_for_the_three_that_adds_most_winners() -> None:
    # ♦2 ♦A ♦K ♦Q: the ♦3 makes five diamond winners; the ♣3 adds one; ♥3 one.
    hand = "♠3 ♠6 ♦2 ♦A ♦K ♦Q ♦7 ♣2 ♣7 ♥7 ♥6 ♥5"
    s = act(deal(game(), [hand]), "stand")
    v = s.player_view(0)
    assert names(s, H.ask_long_suit(v, s.legal_actions())) == ["ask for ♦3"]


def test_hint_7_plan_discards_gives_and_discards_the_useless_cards() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3")
    v = s.player_view(0)
    # E: ♠3 ♠2 ♠A ♠K ♠Q ♠J ♠7 ♥A ♥K ♦A ♦4 ♣4 + ♦3; long suit spades; useless: ♦4 ♣4.
    gave = H.plan_discards(v, s.legal_actions())
    assert len(gave) == 1 and gave[0] in parse_cards("♦4 ♣4")
    s.apply_action(gave[0])
    v = s.player_view(0)
    first = H.plan_discards(v, s.legal_actions())
    assert first and first[0] in parse_cards("♦4 ♣4")
    s.apply_action(first[0])
    # Nothing else is useless: done (by the hint, or as the only action left).
    assert H.plan_discards(s.player_view(0), s.legal_actions()) in ([C.DONE_ACTION], [])
    assert make("heuristic", game(), seed=0).step(s) == C.DONE_ACTION


def test_take_best_takes_the_card_that_adds_winners() -> None:
    s = act(deal(game(), [E, S, D], TALON), "stand", "ask for ♦3", "give ♣4",
            "discard ♦4", "done discarding")  # fmt: skip
    v = s.player_view(0)
    # Talon ♠6 ♠5 ♥5 ♥4: a sixth... the spades lengthen the long suit (a long-card winner).
    taken = H.take_best(v, s.legal_actions())
    assert taken and taken[0] in parse_cards("♠6 ♠5")


# --- the play ------------------------------------------------------------------------------------


def test_hint_1_single_player_leads_the_master_of_his_long_suit() -> None:
    v = play_view(0, "♠3 ♠A ♠K ♠Q ♠7 ♥3 ♥6 ♦5 ♣4")
    got = H.long_suit(v, legal_of(v))
    assert got == [parse_card("♠3")]


def test_hint_1_single_player_keeps_his_tenace() -> None:
    # Long suit ♠ without its master (the 3 is out) holds 2 and K without the A: a tenace.
    v = play_view(0, "♠2 ♠K ♠7 ♠6 ♠5 ♥7 ♦5 ♣4")
    got = H.long_suit(v, legal_of(v))
    assert got and got[0] in parse_cards("♥7 ♦5 ♣4")
    # Without the tenace (♠2 ♠A): lead low from the long suit to drive out the 3.
    v = play_view(0, "♠2 ♠A ♠7 ♠6 ♠5 ♥7 ♦5 ♣4")
    assert H.long_suit(v, legal_of(v)) == [parse_card("♠5")]


def test_hint_2_adversaries_lead_long_through_and_short_up_to_him() -> None:
    # Seat 2 (dealer) leads; seat 0 (single) plays next: through him, the long suit.
    hand = "♣7 ♣6 ♣5 ♣4 ♥7"
    v = play_view(2, hand, leader=2)
    assert H.lead_through_up(v, legal_of(v)) == [parse_card("♣4")]
    # Seat 1 leads; the single player plays last: up to him, the short suit.
    v = play_view(1, hand, leader=1)
    assert H.lead_through_up(v, legal_of(v)) == [parse_card("♥7")]


def test_hint_3_count_on_partners_trick_aces_first() -> None:
    # Single (0) led ♠4, partner (1) played ♠3 (master): seat 2, void, throws the Ace.
    v = play_view(2, "♥A ♥K ♦7 ♣5", trick="♠4 ♠3", leader=0)
    assert H.count_on_partner(v, legal_of(v)) == [parse_card("♥A")]
    bot_choice = choose(v)
    assert bot_choice == parse_card("♥A")
    assert choose(v, off=("count-on-partner",)) != parse_card("♥A")


def test_hint_4_9_keep_the_master_for_the_last_trick() -> None:
    # Two cards left: ♠3 (master) and ♥6; a club is led: keep the ♠3 for the last trick.
    v = play_view(0, "♠3 ♥6", trick="♣5", leader=2)
    assert H.last_trick(v, legal_of(v)) == [parse_card("♥6")]
    assert choose(v) == parse_card("♥6")


def test_hint_10_aces_home_never_give_an_ace_to_the_other_side() -> None:
    # Seat 1 (adversary), void in spades, the single player's ♠3 wins: no Ace thrown.
    v = play_view(1, "♥A ♥7 ♦6", trick="♠3", leader=0)
    got = H.aces_home(v, legal_of(v))
    assert got and parse_card("♥A") not in got


def test_win_cheaply_and_follow_low() -> None:
    # Seat 2 plays last; the single player's ♠K wins so far: take it with the cheapest
    # winner (the 3 counts 1, the Ace 3).
    v = play_view(2, "♠3 ♠A ♠5", trick="♠K ♠7", leader=0)
    assert H.win_cheaply(v, legal_of(v)) == [parse_card("♠3")]
    v = play_view(2, "♠Q ♠5 ♠6", trick="♠3 ♠7", leader=0)
    assert H.win_cheaply(v, legal_of(v)) == []
    assert H.follow_low(v, legal_of(v)) == [parse_card("♠5")]


def test_every_hint_registered_in_book_order_and_toggleable() -> None:
    ids = [h.id.split(".")[1] for h in HEURISTICS["calabrasella"]]
    assert ids[:8] == ["long-suit", "lead-through-up", "count-on-partner", "last-trick",
                       "ask-long-suit", "plan-discards", "position", "aces-home"]  # fmt: skip
    g = game()
    for name in ids:
        make(f"heuristic:-{name}", g, seed=0)


# --- strength ------------------------------------------------------------------------------------

DEALS = 40
SEED = 2026
MARGIN = 5.0


def _play(g: Any, pack: list[int], bots: list[Any]) -> list[float]:
    s = g.new_initial_state()
    k = 0
    while not s.is_terminal():
        if s.is_chance_node():
            left = {a for a, _ in s.chance_outcomes()}
            c = pack[k]
            assert c in left
            s.apply_action(c)
            k += 1
        else:
            s.apply_action(bots[s.current_player()].step(s))
    returns: list[float] = s.returns()
    return returns


def test_heuristic_beats_random_on_duplicate_deals() -> None:
    """One heuristic agent against two random agents, each deal in the three seatings."""
    g = pyspiel.load_game("hoyle_calabrasella")
    rng = random.Random(SEED)
    per_deal = []
    for d in range(DEALS):
        pack = list(g.rules.pack_cards)
        rng.shuffle(pack)
        total = 0.0
        for seat in range(3):
            bots = [make("random", g, seed=d * 3 + q) for q in range(3)]
            bots[seat] = make("heuristic", g, seed=d)
            total += _play(g, pack, bots)[seat]
        per_deal.append(total / 3)
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(DEALS)
    assert mean - half > MARGIN, (mean, half)


def test_heuristic_plays_every_variant_legally() -> None:
    for params in ({"players": 4}, C.SMALL_CONFIG, {"all_pass": "redeal"}):
        g = game(**params)
        bot = make("heuristic", g, seed=3)
        rng = random.Random(4)
        for _ in range(5):
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
                else:
                    a = bot.step(s)
                    assert a in s.legal_actions()
                    s.apply_action(a)
