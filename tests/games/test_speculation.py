"""Speculation (Foster, SPECULATION): the golden tests (an Ace turned up takes the pool at once;
an honour turned up is sold once, then every card is exposed; the best trump's holder never
turns another card until beaten), the sale (one round of rising offers, the buyer paying the
seller, a refusal, the cap), the turning order, the returns, the information, and the exact
chance of standing against an enumeration.

Cards are dealt by card notation (from the eldest hand round to the dealer, three rounds, then
the turn-up) and decisions by their words (``action_to_string``), so each test reads like the
book.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import parse_card
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.games import speculation as S
from hoyle.envs.games.speculation.view import EV_TURNS
from tests.helpers import do, random_playout_states


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_speculation", params)


def deal(state: Any, cards: str) -> Any:
    """Deal the named cards in order (the last one is the turn-up)."""
    for c in cards.split():
        state.apply_action(parse_card(c))
    return state


# --- golden tests -------------------------------------------------------------------------


def test_golden_an_ace_turned_up_takes_the_pool_at_once() -> None:
    """ "If the turn-up card is an ace, the dealer takes the pool immediately"."""
    state = load(players=3, stake=2).new_initial_state()  # player 0 deals: pool 2 + 2 + 4
    deal(state, "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♦2 ♦3 ♦4 ♣A")
    assert state.is_terminal()
    assert state.returns() == [4.0, -2.0, -2.0]
    assert "player 0 turned up the Ace and took the pool at once" in (
        state.information_state_string(1)
    )


def test_golden_an_honour_is_sold_once_then_every_card_is_exposed() -> None:
    """A K turned up: one round of offers, then all the cards face up, the highest trump wins
    (here the ♥A, face down with the dealer, beats the King he sold)."""
    state = load(players=2).new_initial_state()  # dealer 0, eldest 1; pool 1 + 2
    deal(state, "♠2 ♥A ♠3 ♦4 ♠4 ♦5 ♥K")
    assert state.legal_actions() == [S.PASS_ACTION, *map(S.offer_action, range(1, 6))]
    do(state, "offer 1", "accept the offer")  # player 1 buys the ♥K for 1
    assert state.is_terminal()  # no second sale: the cards are exposed at once
    assert state.returns() == [2.0, -2.0]  # dealer: -2 stake +1 sale +3 pool
    text = state.information_state_string(0)
    assert text.count("for sale") == 1
    for c in ("♠2", "♥A", "♠3", "♦4", "♠4", "♦5"):
        assert f"turned up {c}" in text
    assert "you held the best trump, ♥A, and took the pool" in text


def test_golden_the_best_trumps_holder_never_turns_until_beaten() -> None:
    """Over random games of every player count, a seat never turns a card while it holds the
    best trump showing."""
    for n in range(2, 10):
        game = load(players=n)
        for g in range(20):
            final = list(random_playout_states(game, random.Random(100 * n + g)))[-1]
            holder = -1
            best = -1
            for kind, actor, value in _events(final):
                if kind == EV_TURNS and not final.s.honour:
                    assert actor != holder, (n, g)
                holder, best = _update(kind, actor, value, holder, best)


def _events(state: Any) -> list[tuple[int, int, int]]:
    return [(e[0], e[1], e[2]) for e in state.s.log]


def _update(kind: int, actor: int, value: int, holder: int, best: int) -> tuple[int, int]:
    """The holder and the best trump after one event (the log tells both)."""
    from hoyle.envs.games.speculation.view import EV_REFUSED, EV_SOLD, EV_TURN_UP, EV_UNSOLD

    if kind == EV_TURN_UP:
        return actor, value
    if kind == EV_TURNS and best >= 0 and S.beats(value, best):
        return -2, value  # on sale: the seller turns no more until it is settled
    if kind in (EV_SOLD, EV_REFUSED, EV_UNSOLD):
        return actor, best
    return holder, best


# --- the running market -------------------------------------------------------------------


def test_the_running_market_sells_each_better_trump_and_skips_its_holder() -> None:
    """Three players, dealer 0: ♠5 turned up and kept; player 1 turns ♥3, player 2 the ♠9 and
    sells it to the dealer for 2; the dealer, holding it, is skipped; player 1 turns ♠J and
    keeps it; nothing beats it; player 1 takes the pool."""
    state = load(players=3).new_initial_state()
    # Rounds to 1, 2, 0; the top card of each is the last dealt to him.
    deal(state, "♦2 ♦3 ♦4  ♠J ♦6 ♦7  ♥3 ♠9 ♦8  ♠5")
    do(state, "pass", "pass")  # the ♠5 is unsold: nobody offered
    assert "nobody offered: player 0 kept it" in state.information_state_string(1)
    assert state.current_player() == 0  # player 2 turned the ♠9: offers from his left
    do(state, "offer 2", "pass", "accept the offer")
    assert state.s.holder == 0 and state.s.counters == (-2 - 2, -1, -1 + 2)
    # The dealer holds the best: player 1 turns the ♠J, a better trump, and offers it.
    assert state.current_player() == 2
    do(state, "pass", "pass")  # unsold: player 1 keeps it
    assert state.is_terminal()
    assert state.returns() == [-4.0, 3.0, 1.0]
    text = state.information_state_string(2)
    assert text.index("player 1 turned up ♥3") < text.index("you turned up ♠9")
    # After the ♠J's sale the turning goes on from player 2; player 1, holding it, is skipped.
    tail = text.split("nobody offered: player 1 kept it")[-1]
    assert "player 1 turned up" not in tail and "you turned up ♦6" in tail


def test_a_refusal_keeps_the_card_and_no_counter_changes_hands() -> None:
    state = load(players=2).new_initial_state()
    deal(state, "♠2 ♥3 ♠3 ♦4 ♠4 ♦5 ♥7")
    do(state, "offer 3", "refuse the offer")
    # Player 1 turns ♠4 ♠3 ♠2, no heart: the dealer's ♥7 stands, and no counter changed hands.
    assert state.is_terminal() and state.s.holder == 0
    assert state.returns() == [1.0, -1.0]
    assert "you refused the offer and kept it" in state.information_state_string(0)


def test_offers_rise_and_stop_at_the_cap() -> None:
    """Each offer must beat the last; once one reaches max_offer the rest pass at once."""
    state = load(players=4, max_offer=3).new_initial_state()
    deal(state, "♠2 ♠3 ♠4 ♠6  ♦2 ♦3 ♦4 ♦6  ♣2 ♣3 ♣4 ♣6  ♥7")
    do(state, "offer 2")
    assert state.legal_actions() == [S.PASS_ACTION, S.offer_action(3)]
    with pytest.raises(IllegalActionError, match="higher than the last: the best so far is 2"):
        state.apply_action(S.offer_action(1))
    do(state, "offer 3")  # player 2 offers the cap: player 3 can only pass
    assert state.current_player() == 0 and state.legal_actions() == [
        S.ACCEPT_ACTION,
        S.REFUSE_ACTION,
    ]
    assert "player 3 passed" in state.information_state_string(0)


def test_the_seller_cannot_offer_and_a_bidder_cannot_accept() -> None:
    state = load(players=2).new_initial_state()
    deal(state, "♠2 ♥3 ♠3 ♦4 ♠4 ♦5 ♥7")
    with pytest.raises(IllegalActionError, match="only the seller, player 0"):
        state.apply_action(S.ACCEPT_ACTION)
    do(state, "offer 1")
    with pytest.raises(IllegalActionError, match="accepts the best offer or refuses"):
        state.apply_action(S.PASS_ACTION)


def test_several_deals_pass_the_deal_to_the_left_and_restake() -> None:
    state = load(players=2, deals=2).new_initial_state()
    deal(state, "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♣A")  # dealer 0 takes 3
    assert not state.is_terminal() and state.s.dealer == 1
    deal(state, "♠2 ♠3 ♠4 ♥2 ♥3 ♥4 ♦A")  # dealer 1 takes 3
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_returns_are_zero_sum_and_within_the_bounds() -> None:
    for n in (2, 5, 9):
        game = load(players=n, max_offer=4, stake=2, deals=2)
        for g in range(30):
            final = list(random_playout_states(game, random.Random(g)))[-1]
            r = final.returns()
            assert sum(r) == 0
            assert game.min_utility() <= min(r) and max(r) <= game.max_utility()


def test_too_small_a_pack_is_refused() -> None:
    with pytest.raises(GameParameterError):
        load(players=9, ranks=6)


def test_nobody_sees_a_face_down_card() -> None:
    """Every player's information state is the same but for who he is, and names no card
    still face down."""
    state = load(players=3).new_initial_state()
    deal(state, "♦2 ♦3 ♦4  ♠J ♦6 ♦7  ♥3 ♠9 ♦8  ♠5")
    for p in range(3):
        text = state.information_state_string(p) + state.observation_string(p)
        for c in ("♦2", "♦3", "♦4", "♠J", "♦6", "♦7", "♥3", "♠9", "♦8"):
            assert c not in text


# --- the chance of standing ---------------------------------------------------------------


@pytest.mark.parametrize(("better", "unseen", "to_turn"), [(1, 4, 2), (2, 6, 3), (3, 7, 4)])
def test_the_chance_of_standing_matches_an_enumeration(
    better: int, unseen: int, to_turn: int
) -> None:
    """Every placement of the unseen cards: the chance that no better trump is among the first
    ``to_turn`` of them (the cards the others will turn)."""
    cards = [1] * better + [0] * (unseen - better)
    placements = list(itertools.permutations(range(unseen)))
    stands = sum(1 for p in placements if not any(cards[i] for i in p[:to_turn]))
    assert S.chance_of_standing(better, unseen, to_turn) == Fraction(stands, len(placements))


def test_the_chance_of_standing_matches_the_game_played_out() -> None:
    """Two players, A to 10 of each suit, the dealer holding the ♠10 turned up: over every
    ordered three cards player 1 may hold among the 19 unseen, played out by the game with
    every offer passed, the ♠10 is still the best trump at the end in exactly the computed
    share of them (the dealer's own cards, never turned while he holds the best, are the
    three unseen cards after player 1's in card order)."""
    game = load(players=2, ranks=5)
    state = game.new_initial_state()
    deal(state, "♠Q ♥K ♦K ♣K ♦Q ♣Q ♠10")
    view = state.player_view(0)
    counts = S.standing_counts(game.rules.pack_mask, view.shown, view.down, view.turn_up, 0)
    assert counts == (4, 19, 3)  # ♠A ♠K ♠Q ♠J; 19 unseen; player 1's three to turn
    unseen = sorted(game.rules.hidden_cards(state.s, 0))
    turn_up = parse_card("♠10")
    stands = total = 0
    for mine in itertools.permutations(unseen, 3):
        dealers = [c for c in unseen if c not in mine][:3]
        world = game.new_initial_state()
        for a in (mine[0], dealers[0], mine[1], dealers[1], mine[2], dealers[2], turn_up):
            world.apply_action(a)
        while not world.is_terminal():
            world.apply_action(S.PASS_ACTION)
        total += 1
        stands += world.s.best == turn_up
    assert (
        Fraction(stands, total) == S.chance_of_standing(*counts) == Fraction(455, 969)
    )  # C(15, 3) / C(19, 3)
