"""Conquian: the book's worked examples (RULES.md §2.8, Appendix A), the rules in detail, and
one test per hint of the heuristic agent built from the book's example positions.

Deals are explicit chance actions written in card notation; moves are played by their words
(``action_to_string``), so each test reads like the book.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs
from hoyle.agents import make
from hoyle.agents.heuristics import conquian as H
from hoyle.envs.core.cards import SPANISH_40, card, cards_of, mask_of, parse_card, parse_cards
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.determinize import redeal_unseen
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.games import conquian as C
from tests.helpers import do, names

# Hands that make no combination with anything the tests turn up.
QUIET_DEALER = "♣A ♣3 ♣5 ♣7 ♣Q ♦A ♦3 ♦J ♠J ♠Q"


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_conquian", params)


def table(game: Any, pone: str, dealer: str) -> Any:
    """A new deal giving the pone and the dealer these ten cards each, in the dealing order."""
    state = game.new_initial_state()
    rules = game.rules
    cards = {1 - state.s.dealer: parse_cards(pone), state.s.dealer: parse_cards(dealer)}
    assert len(cards[0]) == len(cards[1]) == 10
    for k in range(20):
        state.apply_action(cards[rules.deal_recipient(state.s, k)].pop(0))
    return state


def combos(state: Any, player: int) -> list[str]:
    return [C.format_combination(m) for m in state.s.combos[player]]


def m(text: str) -> int:
    return mask_of(parse_cards(text))


# --- RULES.md §2.8 and Appendix A -------------------------------------------------------------

BOOK_PONE = "♥J ♥7 ♥6 ♥4 ♠5 ♠3 ♠2 ♦K ♦7 ♦5"


def _lays(state: Any) -> set[str]:
    """Every combination that can be laid from here (the building micro-actions walked out)."""
    out: set[str] = set()
    for w, a in names(state).items():
        nxt = state.clone()
        nxt.apply_action(a)
        if w.startswith("lay "):
            out.add(w.removeprefix("lay "))
        elif nxt.s.phase == C.BUILD:
            out |= _lays(nxt)
    return out


def test_book_example_three_ways_to_use_the_five_of_hearts() -> None:
    """Foster: "He can use this card in three ways: By making a run of three with the ♡ 4 and
    ♡ 6; or a run with the ♡ 6 and ♡ 7; or a triplet with the two other 5's." (RULES.md §2.8.1)"""
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5")
    assert state.current_player() == 1 - state.s.dealer  # the pone has the first refusal
    assert set(names(state)) == {"use ♥5", "decline ♥5"}
    do(state, "use ♥5")
    lays = _lays(state)
    three = {c for c in lays if len(c.split()) == 3}
    assert three == {"♥4 5 6", "♥5 6 7", "♠5 ♥5 ♦5"}
    # Longer lays are legal too (7 is next below J in the Spanish pack).
    assert lays == three | {"♥4 5 6 7", "♥5 6 7 J", "♥4 5 6 7 J"}


def _after_five_six_seven(game: Any) -> Any:
    state = table(game, BOOK_PONE, QUIET_DEALER)
    return do(state, "turn up ♥5", "use ♥5", "add ♥6", "add ♥7", "lay ♥5 6 7")


@pytest.mark.parametrize(
    ("drawn", "with_card", "laid"),
    [("♥Q", "♥J", "♥5 6 7 J Q"), ("♥3", "♥4", "♥3 4 5 6 7")],
)
def test_book_example_later_cards_continue_the_sequence(
    drawn: str, with_card: str, laid: str
) -> None:
    """ "If he should draw the ♡ Q later on, he could use it by continuing the sequence with his
    Jack; or if the ♡ 3 appeared, he could use it with his ♡ 4." (RULES.md §2.8.2)"""
    state = _after_five_six_seven(load())
    do(state, "discard ♦K", "pass ♦K", f"turn up {drawn}", f"decline {drawn}")
    assert f"use {drawn} on your ♥5 6 7" in names(state)
    do(state, f"use {drawn} on your ♥5 6 7")
    legal = set(names(state))
    assert f"add {with_card}" in legal
    assert not any(w.startswith("lay") for w in legal)  # the drawn card alone does not fit
    do(state, f"add {with_card}", f"lay {laid}")
    assert combos(state, 0) == [laid]
    assert state.s.phase == C.DISCARD


def test_book_example_best_discard_is_the_king_of_diamonds() -> None:
    """ "In the foregoing example, the player's best discard would be his ♢ K" (RULES.md §2.8.3):
    the hint alone and the whole heuristic agent both choose it."""
    game = load()
    state = _after_five_six_seven(game)
    view = state.player_view(0)
    assert H.discard_isolated_card(view, state.legal_actions()) == [parse_card("♦K")]
    bot = make("heuristic", game, seed=3)
    assert state.action_to_string(0, bot.step(state)) == "discard ♦K"
    assert bot.last_reason == "conquian.discard-isolated-card"


def _eight_down_and_a_pair_of_kings(game: Any) -> Any:
    """The book's forcing example: the pone has two sequences of four small cards down and a
    pair of Kings in his hand, and turns up a card that fits one of his sequences."""
    pone = "♠A ♠2 ♠3 ♥A ♥2 ♥3 ♠K ♥K ♦J ♣Q"
    dealer = "♦A ♦3 ♦5 ♦7 ♣2 ♣4 ♣6 ♣J ♥6 ♥J"
    state = table(game, pone, dealer)
    do(state, "turn up ♠4", "use ♠4", "add ♠3", "add ♠2", "add ♠A", "lay ♠A 2 3 4")
    do(state, "discard ♦J", "pass ♦J", "turn up ♥4", "decline ♥4")
    do(state, "use ♥4", "add ♥A", "add ♥2", "add ♥3", "lay ♥A 2 3 4", "discard ♣Q")
    do(state, "pass ♣Q", "turn up ♦Q", "decline ♦Q", "pass ♦Q", "turn up ♠5")
    assert combos(state, 0) == ["♠A 2 3 4", "♥A 2 3 4"]
    assert state.s.hands[0] == m("♠K ♥K")
    return state


def test_book_example_forcing_a_declined_card() -> None:
    """ "Suppose he draws a card that will fit one of his sequences; it is to his advantage to
    pass it; but upon laying it on the table his adversary may take it up and force him with
    it, by placing it at the end of his sequence, at the same time saying: 'Discard.'"
    (RULES.md §2.8.4)"""
    state = _eight_down_and_a_pair_of_kings(load())
    assert "use ♠5 on your ♠A 2 3 4" in names(state)
    do(state, "decline ♠5")
    assert set(names(state)) == {"force ♠5 on adversary's ♠A 2 3 4", "pass ♠5"}
    do(state, "force ♠5 on adversary's ♠A 2 3 4")
    assert state.current_player() == 0 and state.s.phase == C.FORCED
    assert set(names(state)) == {"discard ♠K", "discard ♥K"}  # no going out with a pair
    do(state, "discard ♥K")
    assert combos(state, 0) == ["♠A 2 3 4 5", "♥A 2 3 4"]
    # The forced discard is at the forcer's disposal, with no first refusal for anyone.
    assert state.current_player() == 1 and set(names(state)) == {"pass ♥K"}


def test_going_out_with_eleven_down_wins_at_once() -> None:
    """ "Another King will make him game": using it with the pair leaves the hand empty."""
    state = _eight_down_and_a_pair_of_kings(load())
    do(state, "decline ♠5", "pass ♠5", "turn up ♦K", "decline ♦K", "pass ♦K")
    do(state, "turn up ♣K", "use ♣K", "add ♠K", "add ♥K", "lay ♠K ♥K ♣K")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert sum(mm.bit_count() for mm in state.s.combos[0]) == C.WINNING_DOWN
    assert state.s.results == (0,)


def test_sequence_order_seven_is_next_below_jack() -> None:
    """ "The Ace is not in sequence with the King, but the 7 is next below the Jack."
    (RULES.md §2.8.5)"""
    spanish, american = load().rules, load(pack="american").rules
    assert spanish.is_valid_combination(m("♠6 ♠7 ♠J"))
    assert spanish.is_valid_combination(m("♠J ♠Q ♠K"))
    assert not spanish.is_valid_combination(m("♠Q ♠K ♠A"))
    assert not spanish.is_valid_combination(m("♠5 ♠7 ♠J"))
    assert american.is_valid_combination(m("♠8 ♠9 ♠10"))
    assert american.is_valid_combination(m("♠6 ♠7 ♠8"))
    assert not american.is_valid_combination(m("♠6 ♠7 ♠J"))
    assert not american.is_valid_combination(m("♠9 ♠10 ♠A"))


@pytest.mark.parametrize("pack", ["spanish", "american"])
def test_no_eleven_down_in_one_suit(pack: str) -> None:
    """ "A player cannot get eleven down in one suit" (RULES.md §2.8.6): a suit has ten cards,
    its longest sequence is all ten, so eleven cards down always hold two suits."""
    rules = load(pack=pack).rules
    for suit in range(4):
        suit_cards = [c for c in rules.pack_cards if c // 13 == suit]
        assert len(suit_cards) == 10
        runs = [
            mm for mm in rules.tables.combo if not rules.is_set(mm) and mm & mask_of(suit_cards)
        ]
        assert max(r.bit_count() for r in runs) == 10 < C.WINNING_DOWN
    # And in play: every winner of many random deals shows at least two suits.
    game = load(pack=pack)
    rng = random.Random(5)
    wins = 0
    for _ in range(150):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for w in state.s.results:
            if w >= 0:
                down = 0
                for mm in state.s.combos[w]:
                    down |= mm
                assert len({c // 13 for c in range(52) if down >> c & 1}) >= 2
                wins += 1
    assert wins > 0


# --- the deal, first refusal, passing --------------------------------------------------------


def test_deal_five_rounds_of_two_pone_first() -> None:
    game = load()
    state = game.new_initial_state()
    rules = game.rules
    pone, dealer = 1 - state.s.dealer, state.s.dealer
    order = [rules.deal_recipient(state.s, k) for k in range(20)]
    assert order == [pone, pone, dealer, dealer] * 5
    assert state.action_to_string(CHANCE, parse_card("♥5")) == "deal ♥5 to pone"
    other = load(pone_first=False)
    s2 = other.new_initial_state()
    assert [other.rules.deal_recipient(s2.s, k) for k in range(4)] == [dealer, dealer, pone, pone]
    state = table(game, BOOK_PONE, QUIET_DEALER)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 20  # the stock
    assert state.player_view(0).stock == 20


def test_first_refusal_then_the_adversary_then_the_dead_pile() -> None:
    state = table(load(), BOOK_PONE, QUIET_DEALER)
    do(state, "turn up ♣K")
    assert state.current_player() == 0 and set(names(state)) == {"decline ♣K"}
    do(state, "decline ♣K")
    view = state.player_view(1)
    assert view.holder == 1 and view.source == C.DECLINED and view.my_declined == 0
    assert set(names(state)) == {"pass ♣K"}  # no first refusal: he may only pass it
    do(state, "pass ♣K")
    for p in (0, 1):
        assert state.player_view(p).dead == m("♣K")  # both saw it face up
    assert state.player_view(0).adv_declined == m("♣K")
    # The passer turns up the next card and has the first refusal of it.
    assert state.is_chance_node() and "turn up ♣2" in names(state)
    do(state, "turn up ♣2")
    assert state.current_player() == 1 and "decline ♣2" in names(state)


def test_a_discard_goes_to_the_adversary_without_first_refusal() -> None:
    state = _after_five_six_seven(load())
    do(state, "discard ♦K")
    assert state.current_player() == 1
    view = state.player_view(1)
    assert view.exposed == parse_card("♦K") and view.source == C.DISCARDED
    assert "pass ♦K" in names(state) and "decline ♦K" not in names(state)


def test_tableau_when_the_stock_runs_out() -> None:
    game = load()
    state = table(game, BOOK_PONE, QUIET_DEALER)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal = names(state)
        word = next(w for w in legal if w.startswith(("decline", "pass")))
        state.apply_action(legal[word])
        decisions += 1
    assert decisions == 40  # each stock card declined, then passed
    assert state.returns() == [0.0, 0.0] and state.s.results == (-1,)
    assert state.s.dead.bit_count() == 20


# --- using, borrowing ------------------------------------------------------------------------


def test_borrow_from_a_four_for_a_sequence() -> None:
    """ "A player with four of a kind on the table may borrow any one of the four to use in a
    sequence"."""
    state = table(load(), "♠5 ♥5 ♦5 ♥4 ♣Q ♣K ♦J ♦Q ♠J ♠Q", "♦A ♦3 ♦7 ♣A ♣3 ♣6 ♣J ♠A ♠3 ♠7")
    do(state, "turn up ♣5", "use ♣5", "add ♠5", "add ♥5", "add ♦5", "lay ♠5 ♥5 ♦5 ♣5")
    do(state, "discard ♣Q", "pass ♣Q", "turn up ♥3", "decline ♥3", "use ♥3")
    assert set(names(state)) == {"add ♥4", "borrow ♥5 from your four"}
    do(state, "add ♥4")
    assert set(names(state)) == {"borrow ♥5 from your four"}
    do(state, "borrow ♥5 from your four", "lay ♥3 4 5")
    assert combos(state, 0) == ["♠5 ♦5 ♣5", "♥3 4 5"]  # the four leaves a triplet


def test_cannot_borrow_from_a_triplet() -> None:
    """ "He cannot borrow one of three, because no combination may consist of less than three"."""
    state = table(load(), "♠5 ♥5 ♥4 ♣Q ♣K ♦J ♦Q ♠J ♠Q ♦K", "♦A ♦3 ♦7 ♣A ♣3 ♣6 ♣J ♠A ♠3 ♠7")
    do(state, "turn up ♦5", "use ♦5", "add ♠5", "add ♥5", "lay ♠5 ♥5 ♦5")
    do(state, "discard ♣Q", "pass ♣Q", "turn up ♥3", "decline ♥3")
    assert set(names(state)) == {"pass ♥3"}


def _five_card_sequence(game: Any) -> Any:
    pone = "♠2 ♠3 ♠5 ♠6 ♥5 ♥6 ♥4 ♣Q ♣K ♦J"
    dealer = "♦A ♦3 ♦7 ♣A ♣3 ♣7 ♣J ♠A ♠J ♠Q"
    state = table(game, pone, dealer)
    do(state, "turn up ♠4", "use ♠4", "add ♠2", "add ♠3", "add ♠5", "add ♠6", "lay ♠2 3 4 5 6")
    return do(state, "discard ♦J", "pass ♦J")


def test_borrow_the_ends_of_a_sequence_of_five_for_two_triplets() -> None:
    """ "If he had a sequence of at least five cards on the table, he might borrow the top of it
    to make one triplet, and then the next card to make another triplet"."""
    state = _five_card_sequence(load())
    do(state, "turn up ♦6", "decline ♦6", "use ♦6")
    assert set(names(state)) == {"add ♥6", "borrow ♠6 from your ♠2 3 4 5 6"}
    do(state, "add ♥6", "borrow ♠6 from your ♠2 3 4 5 6", "lay ♠6 ♥6 ♦6", "discard ♣Q")
    do(state, "pass ♣Q", "turn up ♦5", "decline ♦5", "use ♦5")
    assert "borrow ♠5 from your ♠2 3 4 5" in names(state)
    do(state, "add ♥5", "borrow ♠5 from your ♠2 3 4 5", "lay ♠5 ♥5 ♦5")
    assert combos(state, 0) == ["♠2 3 4", "♠6 ♥6 ♦6", "♠5 ♥5 ♦5"]


def test_cannot_borrow_an_inner_card_or_from_a_sequence_of_three() -> None:
    """ "He cannot borrow an intermediate card, nor one of a sequence of three cards only"."""
    state = _five_card_sequence(load())
    do(state, "turn up ♦4", "decline ♦4")
    assert set(names(state)) == {"pass ♦4"}  # ♠4 is inside ♠2 3 4 5 6; ♥4 alone is not enough
    state = table(load(), "♠2 ♠3 ♥4 ♣Q ♣K ♦J ♦Q ♠J ♠Q ♦K", "♦A ♦3 ♦7 ♣A ♣3 ♣6 ♣J ♠A ♠5 ♠7")
    do(state, "turn up ♠4", "use ♠4", "add ♠2", "add ♠3", "lay ♠2 3 4", "discard ♣Q", "pass ♣Q")
    do(state, "turn up ♦4", "decline ♦4")
    assert set(names(state)) == {"pass ♦4"}


def test_a_card_extends_a_combination_with_further_hand_cards() -> None:
    """ "E (possibly with further hand cards, e.g. a J and a drawn Q) added to one of his own
    combinations"; and a four made from one's own triplet."""
    state = _eight_down_and_a_pair_of_kings(load())
    legal = names(state)
    assert "use ♠5 on your ♠A 2 3 4" in legal and "use ♠5" not in legal
    do(state, "use ♠5 on your ♠A 2 3 4")
    assert set(names(state)) == {"lay ♠A 2 3 4 5"}


def test_every_partial_combination_can_be_finished() -> None:
    """No dead ends: from every state met while building, some way leads to "lay"."""
    rng = random.Random(11)
    for params in ({}, {"pack": "american"}):
        game = load(**params)
        checked = 0
        for _ in range(40):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                if state.s.phase in (C.BUILD, C.MELD) and state.s.build:
                    # Any path of random choices from here ends with the combination laid.
                    for _ in range(3):
                        probe = state.clone()
                        while probe.s.phase == state.s.phase and not probe.is_terminal():
                            legal = probe.legal_actions()
                            assert legal, f"dead end:\n{probe}"
                            probe.apply_action(rng.choice(legal))
                        assert probe.s.build == 0
                    checked += 1
                state.apply_action(rng.choice(state.legal_actions()))
        assert checked > 100


# --- forcing -------------------------------------------------------------------------------


def _dealer_uses_and_discards_a_fitting_card(game: Any) -> Any:
    pone = "♠A ♠2 ♠3 ♥A ♥2 ♥3 ♠K ♥K ♦J ♣Q"
    dealer = "♦Q ♦K ♠5 ♦A ♦3 ♦5 ♣2 ♣4 ♣6 ♥6"
    state = table(game, pone, dealer)
    do(state, "turn up ♠4", "use ♠4", "add ♠A", "add ♠2", "add ♠3", "lay ♠A 2 3 4")
    do(state, "discard ♦J", "use ♦J", "add ♦Q", "add ♦K", "lay ♦J Q K", "discard ♠5")
    return state


def test_forcing_with_a_discard() -> None:
    """ "A player holding one of the cards of his adversary's show-down sequence ... may force
    after using a card, by placing his discard on his adversary's sequence"."""
    state = _dealer_uses_and_discards_a_fitting_card(load())
    assert state.s.phase == C.DISCARD_TARGET
    assert set(names(state)) == {"force ♠5 on adversary's ♠A 2 3 4", "lay ♠5 on the table"}
    do(state, "force ♠5 on adversary's ♠A 2 3 4")
    assert state.current_player() == 0 and state.s.phase == C.FORCED
    assert combos(state, 0) == ["♠A 2 3 4 5"]
    do(state, "discard ♣Q")
    assert state.current_player() == 1 and state.player_view(1).exposed == parse_card("♣Q")


def test_a_discard_laid_on_the_table_may_be_passed_at_once() -> None:
    """ "If it is laid on the table, the adversary may pass it at once, by turning it down, and
    it is then too late to compel him to use it"."""
    state = _dealer_uses_and_discards_a_fitting_card(load())
    do(state, "lay ♠5 on the table")
    assert set(names(state)) == {"use ♠5 on your ♠A 2 3 4", "pass ♠5"}
    do(state, "pass ♠5")
    assert state.is_chance_node()


@pytest.mark.parametrize("force", ["any", "declined"])
def test_force_parameter(force: str) -> None:
    """ASSUMPTION 3: with ``force=any`` a player may force a card he turned up himself; with
    ``declined`` only after the adversary has declined it."""
    state = _eight_down_and_a_pair_of_kings(load(force=force))
    do(state, "decline ♠5", "pass ♠5", "turn up ♥5")
    first_refusal_force = "force ♥5 on adversary's ♥A 2 3 4" in names(state)
    assert first_refusal_force == (force == "any")
    do(state, "decline ♥5")
    assert "force ♥5 on adversary's ♥A 2 3 4" not in names(state)  # his own combination
    assert "use ♥5 on your ♥A 2 3 4" in names(state)
    # In both readings a declined card may be forced, and so may a discard after using.
    state = do(_eight_down_and_a_pair_of_kings(load(force=force)), "decline ♠5")
    assert "force ♠5 on adversary's ♠A 2 3 4" in names(state)
    state = _dealer_uses_and_discards_a_fitting_card(load(force=force))
    assert "force ♠5 on adversary's ♠A 2 3 4" in names(state)


@pytest.mark.parametrize("forced_go_out", [True, False])
def test_a_forced_player_may_go_out(forced_go_out: bool) -> None:
    """ASSUMPTION 2: a forced player whose whole hand forms combinations may go out instead of
    discarding."""
    game = load(forced_go_out=forced_go_out)
    pone = "♠A ♠2 ♠3 ♥A ♥2 ♥3 ♠K ♥K ♦K ♦J"
    state = table(game, pone, "♦A ♦3 ♦5 ♦7 ♣2 ♣4 ♣6 ♣J ♥6 ♥J")
    do(state, "turn up ♠4", "use ♠4", "add ♠A", "add ♠2", "add ♠3", "lay ♠A 2 3 4")
    do(state, "discard ♦J", "pass ♦J", "turn up ♠5", "force ♠5 on adversary's ♠A 2 3 4")
    legal = names(state)
    go = "go out with ♠K ♥K ♦K, ♥A 2 3"
    assert (go in legal) == forced_go_out
    if forced_go_out:
        do(state, go)
        assert state.is_terminal() and state.returns() == [1.0, -1.0]
        assert sum(mm.bit_count() for mm in state.s.combos[0]) == 11


def test_forcing_a_player_with_an_empty_hand_puts_him_out() -> None:
    """A player with ten down and no card in hand who is forced has eleven down: he wins."""
    state = table(load(), "♠A ♠2 ♠3 ♥A ♥2 ♥3 ♠K ♥K ♦K ♦J", "♦A ♦3 ♦5 ♦7 ♣2 ♣4 ♣6 ♣J ♥6 ♥J")
    do(state, "turn up ♠4", "use ♠4", "add ♠A", "add ♠2", "add ♠3", "lay ♠A 2 3 4")
    do(state, "lay a combination from your hand", "add ♥A", "add ♥2", "add ♥3", "lay ♥A 2 3")
    do(state, "lay a combination from your hand", "add ♠K", "add ♥K", "add ♦K", "lay ♠K ♥K ♦K")
    do(state, "discard ♦J")
    assert state.s.hands[0] == 0 and not state.is_terminal()  # ten down, empty hand
    do(state, "pass ♦J", "turn up ♠5", "force ♠5 on adversary's ♠A 2 3 4")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


# --- hand melds, going out, series, packs -----------------------------------------------------


GO_OUT_PONE = "♠A ♠2 ♠3 ♥A ♥2 ♥3 ♦A ♦2 ♦3 ♣A"
GO_OUT_DEALER = "♣4 ♣6 ♣J ♣K ♦5 ♦7 ♦J ♠J ♠Q ♥K"


@pytest.mark.parametrize("hand_melds", [True, False])
def test_hand_melds_parameter_and_going_out(hand_melds: bool) -> None:
    """ASSUMPTION 1: when using a card a player may also lay combinations made only of hand
    cards; laying everything makes eleven down."""
    state = table(load(hand_melds=hand_melds), GO_OUT_PONE, GO_OUT_DEALER)
    do(state, "turn up ♣2", "use ♣2", "add ♠2", "add ♥2", "add ♦2", "lay ♠2 ♥2 ♦2 ♣2")
    assert ("lay a combination from your hand" in names(state)) == hand_melds
    if not hand_melds:  # the book's exception stands: he shows down all his hand at once
        assert [a for a in names(state) if not a.startswith("discard ")] == [
            "go out with ♠A ♥A ♦A ♣A, ♠3 ♥3 ♦3"
        ]
        return
    assert not any(a.startswith("go out") for a in names(state))  # he lays them one by one
    do(state, "lay a combination from your hand")
    assert set(names(state)) == set(f"add {c}" for c in ("♠A", "♥A", "♦A", "♣A", "♠3", "♥3", "♦3"))
    do(state, "add ♠3", "add ♥3", "add ♦3", "lay ♠3 ♥3 ♦3", "lay a combination from your hand")
    do(state, "add ♠A", "add ♥A", "add ♦A")
    assert set(names(state)) == {"add ♣A", "lay ♠A ♥A ♦A"}
    do(state, "add ♣A", "lay ♠A ♥A ♦A ♣A")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_without_hand_melds_a_player_may_still_show_down_his_whole_hand() -> None:
    """ASSUMPTION 1 with ``hand_melds=false``: "he must discard something, unless he can show
    down everything remaining in his hand, in which case he would have eleven cards down, and
    win the game". The pone uses ♣2 with his three 2s; all he has left (four Aces, three 3s)
    goes down at once and wins. With one card that fits nothing he must discard."""
    state = table(load(hand_melds=False), GO_OUT_PONE, GO_OUT_DEALER)
    do(state, "turn up ♣2", "use ♣2", "add ♠2", "add ♥2", "add ♦2", "lay ♠2 ♥2 ♦2 ♣2")
    assert state.s.phase == C.DISCARD
    legal = names(state)
    assert set(legal) == {f"discard {c}" for c in ["♠A", "♥A", "♦A", "♣A", "♠3", "♥3", "♦3"]} | {
        "go out with ♠A ♥A ♦A ♣A, ♠3 ♥3 ♦3"
    }  # fmt: skip
    assert legal["go out with ♠A ♥A ♦A ♣A, ♠3 ♥3 ♦3"] == C.GO_OUT_ACTION
    assert H.go_out(state.player_view(0), state.legal_actions()) == [C.GO_OUT_ACTION]
    do(state, "go out with ♠A ♥A ♦A ♣A, ♠3 ♥3 ♦3")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert sorted(combos(state, 0)) == ["♠2 ♥2 ♦2 ♣2", "♠3 ♥3 ♦3", "♠A ♥A ♦A ♣A"]
    assert "adversary: go out" in state.information_state_string(1)
    # The same hand with ♦K for ♦3: the 3s are a pair only, nothing lets him go out.
    state = table(load(hand_melds=False), GO_OUT_PONE.replace("♦3", "♦K"), GO_OUT_DEALER)
    do(state, "turn up ♣2", "use ♣2", "add ♠2", "add ♥2", "add ♦2", "lay ♠2 ♥2 ♦2 ♣2")
    assert all(a.startswith("discard ") for a in names(state))


def test_series_carries_the_tableau_pool_and_alternates_the_deal() -> None:
    """Stakes: "If the game is a tie, called a tableau, each puts up a counter for a pool, and
    the winner of the next game takes the pool, in addition to the counter paid by his
    adversary"; "The deal passes from one player to the other"."""
    game = load(deals=2)
    assert game.max_game_length() == 2 * C.MAX_DECISIONS_PER_DEAL
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)
    state = table(game, BOOK_PONE, QUIET_DEALER)
    assert state.s.dealer == 1
    while state.s.deal_no == 0:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = names(state)
            state.apply_action(legal[next(w for w in legal if w.startswith(("decline", "pass")))])
    assert state.s.results == (-1,) and state.s.pool == 1 and state.returns() == [0.0, 0.0]
    assert state.s.dealer == 0 and state.s.phase == C.DEAL  # the deal alternates
    view = state.player_view(0)
    assert view.pool == 1 and view.results == (-1,)
    rules = game.rules
    cards = {1: parse_cards(GO_OUT_PONE), 0: parse_cards(GO_OUT_DEALER)}
    for k in range(20):
        state.apply_action(cards[rules.deal_recipient(state.s, k)].pop(0))
    do(state, "turn up ♣2")
    assert state.current_player() == 1  # player 1 is the pone now
    do(state, "use ♣2", "add ♠2", "add ♥2", "add ♦2", "lay ♠2 ♥2 ♦2 ♣2")
    for meld in (("♠3", "♥3", "♦3", "♠3 ♥3 ♦3"), ("♠A", "♥A", "♦A", "♣A", "♠A ♥A ♦A ♣A")):
        do(state, "lay a combination from your hand", *(f"add {c}" for c in meld[:-1]))
        do(state, f"lay {meld[-1]}")
    assert state.is_terminal()
    assert state.returns() == [-2.0, 2.0]  # one counter and the pool (one of each player's)
    assert state.s.results == (-1, 1)


def test_series_tableaux_alone_settle_nothing() -> None:
    game = load(deals=3)
    rng = random.Random(2)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                legal = names(state)
                words = [w for w in legal if w.startswith(("decline", "pass"))]
                state.apply_action(legal[words[0]])
        assert state.s.results == (-1, -1, -1) and state.returns() == [0.0, 0.0]


def test_american_pack() -> None:
    """ "In America, it is much more common to play with a pack of forty cards from which the
    three court cards, K Q J, have been discarded"."""
    game = load(pack="american")
    rules = game.rules
    assert sorted(rules.pack_cards) == sorted(card(s, r) for s in range(4) for r in range(10))
    state = table(game, "♥10 ♥9 ♥7 ♠A ♠2 ♣3 ♣5 ♦8 ♦6 ♦4", "♣A ♣7 ♣9 ♦A ♦3 ♠4 ♠6 ♠8 ♠10 ♥2")
    assert all(c in rules.pack_cards for c, _ in state.chance_outcomes())
    do(state, "turn up ♥8", "use ♥8")
    lays = _lays(state)
    assert lays == {"♥7 8 9", "♥8 9 10", "♥7 8 9 10"}


def test_action_words_are_the_books() -> None:
    state = _after_five_six_seven(load())
    assert set(names(state)) == {
        f"discard {c}" for c in ("♥4", "♥J", "♠2", "♠3", "♠5", "♦5", "♦7", "♦K")
    }
    assert state.action_to_string(0, C.DECLINE_ACTION)  # any action has words
    for a in range(C.NUM_DISTINCT_ACTIONS):
        assert isinstance(state.action_to_string(0, a), str)


def test_num_distinct_actions_is_computed() -> None:
    assert C.NUM_DISTINCT_ACTIONS == 52 + 1 + 2 * C.MAX_COMBINATIONS + 6
    assert load().num_distinct_actions() == C.NUM_DISTINCT_ACTIONS


# --- information -----------------------------------------------------------------------------


def test_views_hide_the_adversarys_hand_and_show_the_partial_move() -> None:
    state = _eight_down_and_a_pair_of_kings(load())
    do(state, "decline ♠5", "pass ♠5", "turn up ♦K", "decline ♦K", "pass ♦K")
    do(state, "turn up ♣K", "use ♣K", "add ♠K")
    dealer = state.player_view(1)
    assert dealer.build == m("♠K ♣K")  # laid face up: both see it
    assert dealer.adv_hand_size == 1 and dealer.hand == state.s.hands[1]
    obs = state.observation_string(1)
    assert "♥K" not in obs.split("Declined")[0]  # the pone's last card is not shown
    assert "Being laid: ♠K ♣K" in obs
    assert "Being laid: ♠K ♣K" in state.observation_string(0)
    info = state.information_state_string(1)
    assert "dealt the adversary a card" in info and "turned up ♣K" in info


def test_resample_keeps_the_view_and_changes_the_hidden_cards() -> None:
    game = load()
    rng = random.Random(3)
    changed = 0
    for g in range(6):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            step += 1
            if step % 9 == 0:
                for p in (0, 1):
                    sampler = pyspiel.UniformProbabilitySampler(g * 100 + step, 0.0, 1.0)
                    other = state.resample_from_infostate(p, sampler)
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.observation_string(p) == state.observation_string(p)
                    assert other.s.hands[p] == state.s.hands[p]
                    changed += other.s.hands[1 - p] != state.s.hands[1 - p]
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 20


def test_resample_in_a_series_redeals_only_the_current_deal() -> None:
    game = load(deals=3)
    rng = random.Random(7)
    changed = checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        deal_no, start = 0, 0  # the current deal, and where in the history it starts
        while not state.is_terminal():
            if state.s.deal_no != deal_no:
                deal_no, start = state.s.deal_no, len(state.history())
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if state.s.deal_no >= 1 and rng.random() < 0.1:
                for p in (0, 1):
                    sampler = pyspiel.UniformProbabilitySampler(rng.randrange(10**6), 0.0, 1.0)
                    other = state.resample_from_infostate(p, sampler)
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.history()[:start] == state.history()[:start]
                    checked += 1
                    changed += other.s.hands[1 - p] != state.s.hands[1 - p]
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20 and changed > checked // 2


def test_resample_respects_a_combination_being_laid() -> None:
    """While the adversary is laying a combination, his hand must be able to finish it."""
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5", "use ♥5", "add ♥6")
    rules = state.rules
    hands = set()
    for seed in range(30):
        other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert rules.consistent_hand(other.s, 0, other.s.hands[0])
        assert other.information_state_string(1) == state.information_state_string(1)
        hands.add(other.s.hands[0])
        # Every re-dealt hand holds a card that finishes ♥5 6: the ♥4 or the ♥7.
        assert {"add ♥4", "add ♥7"} & set(names(other))
    assert len(hands) > 20
    # A hand that could not finish it is refused.
    assert not rules.consistent_hand(state.s, 0, m("♠A ♠2 ♦3 ♦7 ♦K ♣2 ♣4 ♣6 ♣J"))


def _masks_only(rules: Any) -> Any:
    """The rules' declarations of what is hidden, without the test of the world."""

    class Masks:
        hidden_cards = rules.hidden_cards
        forbidden_cards = rules.forbidden_cards

    return Masks()


def test_the_plain_core_redeal_could_break_a_combination_being_laid() -> None:
    """Why the rules test each re-deal (``admit_world``): the core's re-deal of the declared
    cards alone gives hands that could not finish the combination under way."""
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5", "use ♥5", "add ♥6")
    rules = state.rules
    unseen = _masks_only(rules)
    history = state.history()
    broken = 0
    for seed in range(30):
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        new = redeal_unseen(unseen, state.s, history, 1, sampler)
        # The pone's hand now: the cards in the places of the ones he still holds.
        hand = sum(1 << new[k] for k in range(20) if state.s.hands[0] >> history[k] & 1)
        broken += not rules.consistent_hand(state.s, 0, hand)
    assert broken > 0


def test_hidden_cards_are_the_adversarys_hand_and_the_stock() -> None:
    state = do(_eight_down_and_a_pair_of_kings(load()), "decline ♠5")
    unseen = state.rules
    hidden = unseen.hidden_cards(state.s, 1)
    stock = state.rules.pack_mask & ~state.s.dealt
    assert {c for c, h in hidden.items() if h == 0} == set(cards_of(m("♠K ♥K")))
    assert {c for c, h in hidden.items() if h == C.UNDEALT} == set(cards_of(stock))
    assert unseen.forbidden_cards(state.s, 1) == {}
    # At the end of the deal the hands are shown: nothing is hidden.
    over = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5")
    while not over.is_terminal():
        if over.is_chance_node():
            over.apply_action(over.chance_outcomes()[0][0])
        else:
            legal = names(over)
            over.apply_action(legal[next(w for w in legal if w.startswith(("decline", "pass")))])
    assert unseen.hidden_cards(over.s, 0) == {} == unseen.hidden_cards(over.s, 1)


def test_the_deal_plan_and_the_chance_outcomes() -> None:
    rules = load().rules
    assert rules.deal_plan.holders == (C.PONE, C.PONE, C.DEALER, C.DEALER) * 5
    assert load(pone_first=False).rules.deal_plan.holders[:4] == (1, 1, 0, 0)
    assert C.deal_plan(3, True).holders == (0, 0, 1, 1, 0, 1)
    state = table(load(), BOOK_PONE, QUIET_DEALER)
    assert state.chance_outcomes() == deal_outcomes(rules.pack_mask, state.s.dealt)


def test_the_event_log_says_who_saw_each_card() -> None:
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5", "use ♥5", "add ♥6")
    log, history = state.s.log, state.history()
    pone = 1 - state.s.dealer
    for k, (kind, actor, value, seen, at) in enumerate(log[:20]):
        assert kind == C.EV_DEAL and actor == state.rules.deal_recipient(state.s, k)
        assert seen == 1 << actor and at == k and history[at] == value
    assert log[20] == (C.EV_TURN_UP, -1, parse_card("♥5"), -1, 20)
    assert log[21][:3] == (C.EV_ACT, pone, C.USE_ACTION) and log[22][:3] == (
        C.EV_ADD,
        pone,
        parse_card("♥6"),
    )
    dealer = state.player_view(state.s.dealer)
    assert [v for _, _, v in dealer.events[:20]].count(-1) == 10  # the pone's cards: hidden
    info = state.information_state_string(state.s.dealer)
    assert "the adversary: use it" in info and "the adversary: add ♥6" in info
    assert not any(c in info.split("Events:")[1] for c in ("♥J", "♥7", "♦K"))


def test_table_view_lays_out_the_players_view() -> None:
    state = _dealer_uses_and_discards_a_fitting_card(load())
    rules = state.rules
    for player in (0, 1):
        tv = rules.table_view(state.s, player)
        view = state.player_view(player)
        assert tv.zone("hand").cards == tuple(cards_of(view.hand))
        adv = tv.zone("adversary_hand")
        assert adv.cards == () and adv.hidden == view.adv_hand_size
        rows = [z for z in tv.zones if z.kind == "row" and ".combination" in z.name]
        assert sorted(z.cards for z in rows) == sorted(
            tuple(cards_of(mm)) for mm in view.my_combos + view.adv_combos
        )
        assert tv.zone("stock").hidden == view.stock
        assert tv.zone("discard").cards == (parse_card("♠5"),)
        assert tv.zone("dead").cards == tuple(cards_of(view.dead))
        assert list(tv.log) == rules.event_lines(view)
        assert tv.seats[state.s.dealer] == "dealer"


def test_card_zones_partition_the_pack() -> None:
    state = _dealer_uses_and_discards_a_fitting_card(load())
    zones = state.rules.card_zones(state.s)
    assert zones["discard_chosen"] == m("♠5")
    union = 0
    for mask in zones.values():
        assert union & mask == 0
        union |= mask
    assert union == state.rules.pack_mask


# --- reduced packs and the small configuration for exact solving ----------------------------

SMALL = dict(hoyle.envs.GAMES["conquian"].small_config)


def small_table(pone: str, dealer: str) -> Any:
    """A new deal of the small configuration giving the pone and the dealer these cards."""
    game = load(**SMALL)
    state = game.new_initial_state()
    cards = {1 - state.s.dealer: parse_cards(pone), state.s.dealer: parse_cards(dealer)}
    for k in range(game.rules.deal_cards):
        state.apply_action(cards[game.rules.deal_recipient(state.s, k)].pop(0))
    assert not cards[0] and not cards[1]
    return state


def test_reduced_pack_parameters() -> None:
    rules = load(ranks=8, suits=2, hand_size=5).rules
    assert [C.format_combination(1 << c) for c in rules.pack_cards[:8]] == [
        "♠A", "♠2", "♠3", "♠4", "♠5", "♠6", "♠7", "♠J",
    ]  # fmt: skip
    assert len(rules.pack_cards) == 16 and rules.stock_size == 6 and rules.winning_down == 6
    assert load(pack="american", ranks=9).rules.pack_mask == m(
        " ".join(f"{s}{r}" for s in "♠♥♦♣" for r in range(1, 10)).replace("1", "A")
    )
    # A sequence stops at the top of the reduced pack; three suits make triplets, not fours.
    small = load(ranks=3, suits=3, hand_size=2).rules
    assert small.pack_mask == m("♠A ♠2 ♠3 ♥A ♥2 ♥3 ♦A ♦2 ♦3")
    assert small.fits(m("♠A ♠2 ♠3")) == 0 and small.fits(m("♠2 ♥2 ♦2")) == 0
    assert not small.is_valid_combination(m("♠2 ♠3 ♠4"))
    assert load(ranks=4, suits=3, hand_size=2).rules.fits(m("♠A ♠2 ♠3")) == m("♠4")
    # The book's game is the whole pack.
    default = load().rules
    assert default.pack_cards == SPANISH_40.cards
    assert (default.pack_size, default.stock_size, default.winning_down) == (40, 20, 11)
    with pytest.raises(GameParameterError, match="leave a stock"):
        load(ranks=3, suits=3, hand_size=5)
    with pytest.raises(GameParameterError, match="must be one of"):
        load(hand_size=11)


def test_reduced_sizes_and_an_odd_hand_size() -> None:
    game = load(ranks=4, suits=3, hand_size=3)
    state = game.new_initial_state()
    pone, dealer = 1 - state.s.dealer, state.s.dealer
    rules = game.rules
    # Rounds of two at a time, the pone first; a last round of one each.
    assert [rules.deal_recipient(state.s, k) for k in range(6)] == [
        pone, pone, dealer, dealer, pone, dealer,
    ]  # fmt: skip
    assert game.max_chance_nodes_in_history() == 12
    assert game.max_game_length() == C.max_decisions_per_deal(3, 6) == 2 * 6 + 6 * 7
    shapes = dict(rules.tensor_pieces(False))
    assert shapes["hand"] == (12,) and shapes["my_combos"] == (1, 12)
    assert shapes["stock"] == (7,) and shapes["adv_hand"] == (5,)
    assert game.observation_tensor_size() == sum(int(np.prod(s)) for s in shapes.values())
    assert game.num_distinct_actions() == C.NUM_DISTINCT_ACTIONS


def test_small_config_is_a_variant_with_wins_and_tableaux() -> None:
    spec = hoyle.envs.GAMES["conquian"]
    assert spec.variants["small"] == spec.small_config == SMALL
    # A sequence with the first refusal wins at once: three down with two in hand.
    state = small_table("♠A ♠2", "♥A ♥4")
    do(state, "turn up ♠3", "use ♠3", "add ♠A", "add ♠2", "lay ♠A 2 3")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert sum(mm.bit_count() for mm in state.s.combos[0]) == state.rules.winning_down == 3
    # A sequence made by the dealer of a card the pone declined.
    state = small_table("♠A ♥4", "♥2 ♥3")
    assert set(names(do(state, "turn up ♥A"))) == {"decline ♥A"}  # the pone cannot use it
    do(state, "decline ♥A", "use ♥A", "add ♥2", "add ♥3", "lay ♥A 2 3")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    # Two suits make no triplet: three Aces are not a combination.
    assert not state.rules.is_valid_combination(m("♠A ♥A ♠2"))
    # A tableau: every card of the stock declined, then passed.
    state = small_table("♠A ♥2", "♥A ♠4")
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal = names(state)
        state.apply_action(legal[next(w for w in legal if w.startswith(("decline", "pass")))])
        decisions += 1
    assert decisions == 8 and state.s.dead.bit_count() == 4
    assert state.s.results == (-1,) and state.returns() == [0.0, 0.0]


_DYNAMIC_SLOTS = tuple(k for k in C.ConquianState.__slots__ if k not in ("log", "ply"))
"""Everything the rest of a deal depends on (the log and the ply only record the past)."""


def _children(rules: C.ConquianRules, s: C.ConquianState) -> list[C.ConquianState]:
    if s.to_move == CHANCE:
        actions = [a for a, _ in rules.chance_outcomes(s)]
    else:
        actions = rules.legal_actions(s)
    out = []
    for a in actions:
        t = C.ConquianState()
        for k in C.ConquianState.__slots__:
            setattr(t, k, getattr(s, k))
        rules.apply_action(t, a)
        out.append(t)
    return out


Memo = dict[tuple[Any, ...], tuple[int, int, int]]


def _tree(rules: C.ConquianRules, s: C.ConquianState, memo: Memo | None) -> tuple[int, int, int]:
    """(nodes, won, tableaux) of the whole game tree below ``s``, every chance outcome and
    every action. With ``memo``, a subtree seen before (the same dynamic slots, reached by
    another history) is counted from the memo, not walked again: same count, far faster."""
    key = tuple(getattr(s, k) for k in _DYNAMIC_SLOTS)
    if memo is not None and key in memo:
        return memo[key]
    if s.to_move == TERMINAL:
        out = (1, int(s.results[-1] >= 0), int(s.results[-1] < 0))
    else:
        nodes, won, tableaux = 1, 0, 0
        for t in _children(rules, s):
            n, w, tab = _tree(rules, t, memo)
            nodes, won, tableaux = nodes + n, won + w, tableaux + tab
        out = (nodes, won, tableaux)
    if memo is not None:
        memo[key] = out
    return out


def test_small_config_tree_is_finite_and_small() -> None:
    """The whole tree of ``small_config`` is a few hundred thousand nodes (432,161, as a plain
    walk through pyspiel counts them too: ``hoyle.agents.cfr.tree.build_tree``), with wins and
    tableaux in it."""
    rules = load(**SMALL).rules
    root = rules.new_state()
    memo: Memo = {}
    # The memo counts exactly what a plain walk counts: check it on a subtree of each kind.
    sub = _children(rules, _children(rules, root)[0])[4]
    assert _tree(rules, sub, None) == _tree(rules, sub, memo)
    after_deal = sub
    while after_deal.phase == C.DEAL:
        after_deal = _children(rules, after_deal)[-1]
    assert _tree(rules, after_deal, None) == _tree(rules, after_deal, {})
    nodes, won, tableaux = _tree(rules, root, memo)
    assert nodes == 432_161 < 500_000
    assert (won, tableaux) == (30_720, 40_320)
    assert won + tableaux == 71_040  # the terminal nodes of the plain walk
    # Each order of the eight cards ends in a tableau one way only: every card declined, then
    # passed (no combination is ever down to force a card on).
    assert tableaux == math.factorial(8)


# --- the hints, each from the book's example position ---------------------------------------


def _view(**fields: Any) -> C.ConquianView:
    """A view built by hand (hints see nothing else), from a quiet default."""
    base = load().rules.player_view(load().new_initial_state().s, 0)
    defaults: dict[str, Any] = {
        "phase": C.DISCARD, "to_move": 0, "hand": 0, "my_combos": (), "adv_combos": (),
        "exposed": -1, "holder": -1, "source": C.FIRST_REFUSAL, "dead": 0, "stock": 10,
        "adv_hand_size": 10, "build": 0, "base": -1, "discard": -1,
    }  # fmt: skip
    defaults.update(fields)
    return dataclasses.replace(base, **defaults)


def test_hint_go_out_uses_the_king_with_the_pair() -> None:
    """ "Another King will make him game"."""
    state = _eight_down_and_a_pair_of_kings(load())
    do(state, "decline ♠5", "pass ♠5", "turn up ♦K", "decline ♦K")
    view = state.player_view(0)
    assert H.go_out(view, state.legal_actions()) == [C.USE_ACTION]
    do(state, "use ♦K")
    assert sorted(H.go_out(state.player_view(0), state.legal_actions())) == sorted(
        parse_cards("♠K ♥K")
    )


def test_hint_play_for_tableau() -> None:
    """ "He should play for a tableau, by using nothing that will compel him to discard cards
    which may put his adversary out": the adversary has eight down and two cards in hand, and
    every card the player could discard after using the ♦7 might serve him."""
    view = _view(
        phase=C.DISPOSAL,
        holder=0,
        exposed=parse_card("♦7"),
        source=C.DECLINED,
        hand=m("♦5 ♦6 ♠Q ♥Q ♣2 ♣7 ♠2"),
        my_combos=(m("♥2 ♥3 ♥4"),),
        adv_combos=(m("♣3 ♣4 ♣5 ♣6"), m("♠A ♥A ♦A ♣A")),
        adv_hand_size=2,
    )
    legal = [C.USE_ACTION, C.PASS_ACTION]
    assert H.play_for_tableau(view, legal) == [C.PASS_ACTION]
    # With the adversary far from going out, the hint has no objection to using the card.
    far = dataclasses.replace(view, adv_combos=(m("♣3 ♣4 ♣5 ♣6"),), adv_hand_size=6)
    assert H.play_for_tableau(far, legal) == []


def test_hint_blocked_runs() -> None:
    """ "Careful observation of the cards passed will often show that his runs are blocked, the
    cards necessary to continue them having been turned down"."""
    hand = m("♠2 ♠3 ♦5 ♣5 ♥J ♥Q ♠K ♦K ♣K")
    view = _view(hand=hand, dead=m("♠A ♠4"))
    legal = sorted(parse_cards("♠2 ♠3 ♦5 ♣5 ♥J ♥Q ♠K ♦K ♣K"))
    assert sorted(H.blocked_runs(view, legal)) == sorted(parse_cards("♠2 ♠3"))
    open_view = _view(hand=hand)
    assert H.blocked_runs(open_view, legal) == []


def test_hint_cannot_block_and_win() -> None:
    """ "He holds two 8's, one of which will make his adversary eleven down by completing a
    sequence. If there is another 8 to come, the player with the pair may use both his 8's, and
    win" (the American pack has 8s)."""
    game = load(pack="american")
    base = game.rules.player_view(game.new_initial_state().s, 0)
    view = dataclasses.replace(
        base, phase=C.DISCARD, to_move=0, hand=m("♣8 ♥8 ♠2 ♦10"),
        my_combos=(m("♠5 ♠6 ♠7"), m("♦2 ♦3 ♦4")), adv_combos=(m("♣5 ♣6 ♣7"), m("♥A ♥2 ♥3 ♥4"),
        m("♦A ♠A ♣A")), adv_hand_size=1, stock=6,
    )  # fmt: skip
    legal = sorted(parse_cards("♣8 ♥8 ♠2 ♦10"))
    assert sorted(H.cannot_block_and_win(view, legal)) == sorted(parse_cards("♠2 ♦10"))
    # No other 8 to come: the pair is no longer kept, but the card he needs still is.
    dead = dataclasses.replace(view, dead=m("♠8 ♦8"))
    assert sorted(H.cannot_block_and_win(dead, legal)) == sorted(parse_cards("♥8 ♠2 ♦10"))


def test_hint_show_no_more_than_needed() -> None:
    """ "Even if he has cards enough in his hand to increase the combination to four or more
    cards, he should not show them"."""
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5", "use ♥5", "add ♥6")
    legal = names(state)
    assert {"add ♥4", "add ♥7", "add ♥J"} <= set(legal)
    do(state, "add ♥7")
    assert {"add ♥4", "add ♥J", "lay ♥5 6 7"} == set(names(state))
    assert H.show_no_more_than_needed(state.player_view(0), state.legal_actions()) == [C.LAY_ACTION]


def test_hint_discard_isolated_card() -> None:
    state = _after_five_six_seven(load())
    view = state.player_view(0)
    assert H.discard_isolated_card(view, state.legal_actions()) == [parse_card("♦K")]
    assert H.isolated(view, parse_card("♦K"), view.hand, view.my_combos)
    assert not H.isolated(view, parse_card("♥J"), view.hand, view.my_combos)  # next to ♥7


def test_hint_force_with_fourth_card() -> None:
    """ "If you ... can force him by giving him the fourth card of his triplet, which is of no
    use to you, you should do so"."""
    view = _view(hand=m("♣Q ♠2 ♠3 ♥5 ♦5"), adv_combos=(m("♠Q ♥Q ♦Q"),), adv_hand_size=7)
    legal = sorted(parse_cards("♣Q ♠2 ♠3 ♥5 ♦5"))
    assert H.force_with_fourth_card(view, legal) == [parse_card("♣Q")]
    target = _view(phase=C.DISCARD_TARGET, discard=parse_card("♣Q"), adv_combos=view.adv_combos)
    assert H.force_with_fourth_card(target, [C.FORCE_ACTION_BASE, C.TABLE_ACTION]) == [
        C.FORCE_ACTION_BASE
    ]


def test_hint_pass_when_waiting() -> None:
    """ "Suppose he draws a card that will fit one of his sequences; it is to his advantage to
    pass it" (waiting on a pair of Kings)."""
    game = load()
    state = _eight_down_and_a_pair_of_kings(game)
    view = state.player_view(0)
    assert H.pass_when_waiting(view, state.legal_actions()) == [C.DECLINE_ACTION]
    bot = make("heuristic", game, seed=1)
    assert bot.step(state) == C.DECLINE_ACTION
    assert bot.last_reason == "conquian.pass-when-waiting"


def test_hint_force_declined_card() -> None:
    """ "His adversary may take it up and force him with it"."""
    state = _eight_down_and_a_pair_of_kings(load())
    do(state, "decline ♠5")
    view = state.player_view(1)
    force = names(state)["force ♠5 on adversary's ♠A 2 3 4"]
    assert H.force_declined_card(view, state.legal_actions()) == [force]


def test_hint_use_a_card_and_best_combination() -> None:
    """ "If this card can be used in combination with any of those in his hand, he draws it over
    to his side of the table"; then lays the combination leaving the best hand."""
    state = do(table(load(), BOOK_PONE, QUIET_DEALER), "turn up ♥5")
    view = state.player_view(0)
    assert H.use_a_card(view, state.legal_actions()) == [C.USE_ACTION]
    assert H.best_combination(view, state.legal_actions()) == [C.USE_ACTION]
    do(state, "use ♥5")
    view = state.player_view(0)
    steps = H.best_combination(view, state.legal_actions())
    assert steps and set(steps) <= set(state.legal_actions())
    # Each way of laying it is one of the book's three (or a longer one).
    assert {C.format_combination(p.cards) for p in H.plays(view)} == _lays(state)


def test_hint_keep_likely_cards() -> None:
    view = _view(hand=m("♠2 ♠3 ♦5 ♣5 ♥J"), dead=m("♥Q ♥K ♥7"))
    legal = sorted(parse_cards("♠2 ♠3 ♦5 ♣5 ♥J"))
    assert H.keep_likely_cards(view, legal) == [parse_card("♥J")]


def test_the_hints_planner_agrees_with_the_rules() -> None:
    """Every way ``plays`` finds starts with a legal action, and every legal step of a use
    starts one of them: the hints never prefer a move the rules refuse, nor miss one."""
    game = load()
    rng = random.Random(3)
    checked = 0
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if state.s.phase in (C.DISPOSAL, C.BUILD):
                view = state.player_view(state.current_player())
                starts = H.next_steps(view, H.plays(view))
                legal = set(state.legal_actions())
                assert starts <= legal
                if state.s.phase == C.BUILD:
                    assert starts == legal
                else:
                    assert starts == {a for a in legal if C.USE_ACTION <= a < C.FORCE_ACTION_BASE}
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_every_hint_has_a_test_and_can_be_switched_off() -> None:
    game = load()
    ids = [h.id for h in H.HINTS]
    assert len(ids) == 12 and all(i.startswith("conquian.") for i in ids)
    for h in H.HINTS:
        bot = make(f"heuristic:-{h.id.split('.', 1)[1]}", game, seed=0)
        assert h.id not in {x.id for x in bot.policy.hints}
        assert h.summary and h.source.startswith("Foster")
