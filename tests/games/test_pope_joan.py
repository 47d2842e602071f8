"""Pope Joan (Foster, POPE JOAN): the golden tests (the deal table, the dressing, the J♣ wins
the Jack at once, the K♥ caught doubles the King), the first Jack, the layouts and the
variations, several deals, and the information (forced steps never show a hidden card).

Deals are explicit chance outcomes (the first Jack's seat, then the cards in the order they
are dealt); leads are made by their words (``action_to_string``), so each test reads like the
book.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import format_card, mask_of, parse_card, parse_cards
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.core.stops import EV_WITHOUT, OVER
from hoyle.envs.games.pope_joan import BOOK_HAND_SIZE
from hoyle.envs.games.pope_joan.layout import first_jack_odds
from hoyle.envs.games.pope_joan.rules import EV_FIRST_JACK, FIRST_JACK, TURN
from tests.helpers import do


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_pope_joan", params)


def deal(game: Any, dealer: int, *hands: str, trump: str = "") -> Any:
    """A deal: the first Jack falls to ``dealer``; (in the Matrimony layout ``trump`` is
    turned up); then one card at a time from the dealer's left, ``hands[q]`` to seat ``q``."""
    state = game.new_initial_state()
    assert state.s.phase == FIRST_JACK
    state.apply_action(dealer)
    if trump:
        assert state.s.phase == TURN
        state.apply_action(parse_card(trump))
    n = game.num_players()
    cards = [parse_cards(h) for h in hands]
    for k in range(sum(len(c) for c in cards)):
        q = (dealer + 1 + k) % n
        state.apply_action(cards[q][k // n])
    assert not state.is_chance_node(), state
    return state


def lead(state: Any, c: str) -> Any:
    return do(state, f"lead {format_card(parse_card(c))}")


def pools(state: Any) -> tuple[int, ...]:
    return pool_sizes(state.s.pools)


# A full four-handed deal (12 each); the stops are ♥Q ♣5 ♠9 ♦2. Player 3 deals.
FOUR = (
    "♣9 ♣10 ♣J ♥A ♥2 ♥3 ♠A ♠2 ♠3 ♠4 ♦3 ♦4",
    "♥K ♠5 ♠6 ♠7 ♠8 ♦5 ♦6 ♣A ♣2 ♣3 ♣4 ♥4",
    "♦7 ♦8 ♦9 ♦10 ♠10 ♠J ♠Q ♠K ♥5 ♥6 ♥7 ♥8",
    "♦J ♦Q ♦K ♦A ♣6 ♣7 ♣8 ♣Q ♣K ♥9 ♥10 ♥J",
)


# --- the golden tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", sorted(BOOK_HAND_SIZE))
def test_golden_the_deal_table_leaves_the_book_s_stock(players: int) -> None:
    """ "3 Players, 15 cards each 7 in the stock ... 8 ” 6 ” 4": cards × players + stock = 52."""
    stock = {3: 7, 4: 4, 5: 7, 6: 4, 7: 3, 8: 4}[players]
    rules = load(players=players).rules
    assert rules.hand_size == BOOK_HAND_SIZE[players]
    assert rules.hand_size * players + stock == 52 == rules.hand_size * players + rules.num_stops
    state = load(players=players).new_initial_state()
    rng = random.Random(players)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    assert [h.bit_count() for h in state.s.hands] == [rules.hand_size] * players
    assert len(rules.card_zones(state.s)) and (rules.pack & ~state.s.dealt).bit_count() == stock


def test_golden_the_dressing_is_fifteen_counters_from_the_dealer() -> None:
    """ "One counter upon the Ten, two upon the Jack, three upon the Queen, four upon the King,
    and five on the Pope"."""
    state = deal(load(), 3, *FOUR)
    assert pools(state) == (1, 2, 3, 4, 5)
    assert state.s.counters == (0, 0, 0, -15)
    assert sum(pools(state)) == 15


def test_golden_playing_the_jack_of_clubs_wins_the_jack_pool_at_once() -> None:
    """ "If the duplicate of any of those cards can be played, the holder of the card at once
    takes all the money staked upon it"."""
    state = deal(load(), 3, *FOUR)
    lead(state, "♣9")  # ♣9 ♣10 ♣J: the J♣ takes the Jack's 2 as it is played
    assert state.s.counters[0] == 2
    assert pools(state) == (1, 0, 3, 4, 5)
    # He fails on the ♣Q, players 1 and 2 say so too, player 3 plays ♣Q ♣K and leads.
    withouts = [(q, c) for k, q, c, _, _ in state.s.log if k == EV_WITHOUT]
    assert withouts == [(0, parse_card("♣Q")), (1, parse_card("♣Q")), (2, parse_card("♣Q"))]
    assert state.current_player() == 3


def test_golden_holding_the_king_of_hearts_at_the_end_doubles_the_king_pool() -> None:
    """ "The player who is found with one of the layout cards in his hand at the end must
    double the amount staked on that card"; and the first out "collects from the other
    players a counter for every card they hold"."""
    game = load(hand_size=3)
    state = deal(game, 3, "♠A ♠2 ♠3", "♥K ♣2 ♣3", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    lead(state, "♠A")  # ♠A ♠2 ♠3: player 0 is out
    assert state.s.phase == OVER and state.s.winner == 0
    assert pools(state) == (1, 2, 3, 8, 5)  # the King's 4 doubled by player 1
    assert state.s.counters == (9, -3 - 4, -3, -3 - 15)
    # The standing pools go back to those who staked them when the sitting ends.
    assert state.returns() == [9.0, -3.0, -3.0, -3.0]


# --- the layout and its pools --------------------------------------------------------------------


def test_a_layout_card_in_the_stock_leaves_its_pool_as_it_is() -> None:
    """ "If any of the layout cards are in the stock, the pool simply remains"."""
    state = deal(load(hand_size=3), 3, "♠A ♠2 ♠3", "♣2 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    lead(state, "♠A")
    assert pools(state) == (1, 2, 3, 4, 5)  # no layout card held: nothing doubled
    assert state.s.counters == (9, -3, -3, -18)


def test_a_layout_card_led_wins_its_pool() -> None:
    state = deal(load(hand_size=3), 3, "♦7 ♠2 ♠3", "♣2 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    lead(state, "♦7")  # the Pope
    assert state.s.counters[0] == 5 and pools(state)[4] == 0


def test_the_pope_may_be_the_nine_of_diamonds() -> None:
    state = deal(load(hand_size=3, pope=9), 3, "♦9 ♠2 ♠3", "♦7 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    lead(state, "♦9")
    assert state.s.counters[0] == 5 and pools(state)[4] == 0


def test_the_generic_layout_is_the_ten_to_the_king_of_diamonds() -> None:
    state = deal(
        load(hand_size=3, layout="generic"), 3, "♦J ♠2 ♠3", "♣J ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8"
    )
    lead(state, "♦J")
    assert state.s.counters[0] == 2 and pools(state) == (1, 0, 3, 4, 5)


def test_the_first_jack_deals_with_its_exact_chance() -> None:
    """ "The cards are thrown round for the deal, and the first Jack deals": the first Jack
    lies at position ``i`` with chance ``C(52 - i, 3) / C(52, 4)``; checked here against the
    product of the chances of no Jack at each earlier card."""
    for n in range(3, 9):
        expected = [Fraction(0)] * n
        none_yet = Fraction(1)
        for i in range(52 - 4 + 1):
            left = 52 - i
            expected[i % n] += none_yet * Fraction(4, left)
            none_yet *= Fraction(left - 4, left)
        assert list(first_jack_odds(n, 52)) == expected
        assert sum(expected) == 1
        state = load(players=n).new_initial_state()
        assert [p for _, p in state.chance_outcomes()] == [float(x) for x in expected]
        state.apply_action(n - 2)
        assert state.s.dealer == n - 2
        kinds = [(k, q) for k, q, *_ in state.s.log]
        assert (EV_FIRST_JACK, n - 2) in kinds


def test_a_sitting_of_several_deals_carries_the_pools_and_passes_the_deal() -> None:
    """Pools not won stand; "the next dealer will add the usual contribution"; the deal passes
    to the left; the returns are exact and zero-sum, the standing pools handed back."""
    game = load(hand_size=3, deals=2)
    state = deal(game, 3, "♠A ♠2 ♠3", "♥K ♣2 ♣3", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8")
    lead(state, "♠A")
    assert state.s.deal_no == 1 and state.s.dealer == 0  # player 0 deals the second deal
    assert pools(state) == (2, 4, 6, 12, 10)  # the King's 8 and the new dressing
    cards = [parse_cards(h) for h in ("♣9 ♣10 ♣K", "♠5 ♠6 ♠7", "♥2 ♥3 ♥4", "♦9 ♦10 ♦J")]
    for k in range(12):
        state.apply_action(cards[(1 + k) % 4][k // 4])
    assert state.current_player() == 1
    lead(state, "♠5")  # player 1 out
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == 0
    # Deal 1: player 0 +9, player 1 -7 (-4 the King), 2 -3, 3 -18. Deal 2: player 1 takes
    # 3 from each; player 0 dressed 15; player 3 holds the ♦10: he doubles the Ten (2). Then
    # the standing pools go back to those who put counters on them.
    assert pools(state) == (4, 4, 6, 12, 10)
    assert returns == [9.0 - 3.0, -3.0 + 9.0, -3.0 - 3.0, -3.0 - 3.0]


# --- the variations -----------------------------------------------------------------------------


def test_without_the_eight_of_diamonds_the_seven_is_a_known_stop() -> None:
    """ "In some places it is the custom to remove the Eight of diamonds, as at Commit, to
    form an extra and known stop"."""
    game = load(eight_of_diamonds=False)
    assert game.rules.num_stops == 3 and not game.rules.pack >> parse_card("♦8") & 1
    state = deal(
        load(eight_of_diamonds=False, hand_size=3),
        3,
        "♦6 ♦7 ♠3",
        "♣2 ♣3 ♣4",
        "♦2 ♦3 ♦4",
        "♣6 ♣7 ♣8",
    )
    lead(state, "♦6")  # ♦6 ♦7 (the Pope); nobody is asked for the ♦8: he leads again
    assert not [c for k, _, c, _, _ in state.s.log if k == EV_WITHOUT]
    assert state.current_player() == 0 and state.s.counters[0] == 5


def test_matrimony_one_player_playing_both_cards_takes_the_pool() -> None:
    game = load(layout="matrimony", hand_size=3)
    state = deal(game, 3, "♠Q ♠K ♥3", "♣2 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8", trump="♠5")
    assert pools(state) == (3, 3, 3, 3, 3)
    lead(state, "♠Q")  # ♠Q ♠K: Matrimony (K and Q of trumps) to player 0
    assert pools(state) == (0, 3, 3, 3, 3) and state.s.counters[0] == 3


def test_matrimony_a_card_caught_doubles_its_pool_unless_the_other_is_in_the_stock() -> None:
    """ "The holder of Pope ... if not, he must double the pool, just as with the honours in
    trumps"; "if one of the cards is in the stock, the pool remains"."""
    game = load(layout="matrimony", hand_size=3)
    state = deal(game, 3, "♠Q ♥2 ♥3", "♠J ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8", trump="♠5")
    lead(state, "♠Q")  # the ♠K is a stop: everyone says so; player 0 leads again
    assert state.current_player() == 0
    lead(state, "♥2")  # ♥2 ♥3: out
    assert state.is_terminal()
    # Player 1 is caught with the ♠J: he doubles Intrigue (Q and J: 3 more), not
    # Confederacy (K and J: the King is in the stock). Matrimony stays; the Game (3) goes to
    # the first out, with a counter a card from each.
    assert pools(state) == (3, 6, 3, 0, 3)
    assert state.s.counters == (9 + 3, -3 - 3, -3, -3 - 15)


def test_matrimony_two_players_divide_a_pool_the_odd_counter_staying() -> None:
    """ "If he holds one card and another player holds the other, they divide the pool"."""
    game = load(layout="matrimony", hand_size=3)
    state = deal(game, 3, "♠J ♥2 ♥3", "♠Q ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8", trump="♠5")
    lead(state, "♠J")  # ♠J, then player 1 plays ♠Q: Intrigue divided, 1 each, 1 stays
    assert pools(state)[1] == 1
    assert state.s.counters[:2] == (1, 1)


def test_the_trump_turned_is_a_known_stop_and_public() -> None:
    game = load(layout="matrimony", hand_size=3)
    state = deal(game, 3, "♠4 ♥2 ♥3", "♣2 ♣3 ♣4", "♦2 ♦3 ♦4", "♣6 ♣7 ♣8", trump="♠5")
    lead(state, "♠4")  # the ♠5 lies turned up in the stock: he leads again at once
    assert not [c for k, _, c, _, _ in state.s.log if k == EV_WITHOUT]
    assert state.current_player() == 0
    for p in range(4):
        assert "♠5" in state.information_state_string(p)
        assert parse_card("♠5") not in game.rules.hidden_cards(state.s, p)


# --- information -------------------------------------------------------------------------------


def test_current_player_sequences_are_the_same_in_re_dealt_worlds() -> None:
    """Every forced play and announcement is made inside the step, so who is asked next never
    depends on a hidden card: in any world a player cannot tell from the true one, the same
    seats were asked in the same order."""
    game = load()
    rng = random.Random(7)
    checked = 0
    for g in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            for p in range(game.num_players()):
                other = state.resample_from_infostate(
                    p, pyspiel.UniformProbabilitySampler(g * 100 + p, 0.0, 1.0)
                )
                replay = game.new_initial_state()
                seq_true, seq_other = [], []
                for b in other.history():
                    seq_other.append(replay.current_player())
                    replay.apply_action(b)
                truth = game.new_initial_state()
                for a in state.history():
                    seq_true.append(truth.current_player())
                    truth.apply_action(a)
                assert seq_true == seq_other
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


def test_a_player_who_said_without_is_never_dealt_it_in_a_re_dealt_world() -> None:
    state = deal(load(), 3, *FOUR)
    lead(state, "♥A")  # ♥A-3; player 1 ♥4; player 2 ♥5-8; player 3 ♥9-J; nobody has ♥Q
    assert state.current_player() == 3
    queen = mask_of([parse_card("♥Q")])
    assert all(lack & queen for lack in state.s.lacks)
    for p in range(4):
        for seed in range(10):
            other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0, 1))
            assert not any(h & queen for h in other.s.hands)  # a stop in every world
