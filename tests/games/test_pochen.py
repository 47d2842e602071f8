"""Pochen (Foster's Complete Hoyle, "POCHEN"): the golden tests from the text — the dressing,
a trump Ace in the stock leaving its pool, K and Q of trumps taking K, Q and Marriage, threes
beating any pair — and the deal, the Sequence, the betting (passing with a pair, no raising),
the run of the cards (the "withouts", the stops, the Ace led alone, the first out paid a
counter a card), several deals with the pools carried, and the determinizer.

Deals are explicit chance actions in card notation; decisions are made by their words.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401
from hoyle.envs.core.cards import parse_card, parse_cards
from hoyle.envs.core.deal import STOCK
from hoyle.envs.core.events import relabel_history
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.games import pochen as P
from hoyle.envs.games.pochen.hands import best_sequence, best_set, sequence_key
from hoyle.envs.games.pochen.view import ACE_POOL
from tests.helpers import do, names


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_pochen", params)


def deal_into(state: Any, hands: dict[int, str], turnup: str) -> Any:
    """Deal ``hands`` (absolute seats) and turn up ``turnup``, in the dealing order."""
    rules = state.get_game().rules
    left = {q: parse_cards(h) for q, h in hands.items()}
    s = state.s
    for k in range(len(rules.deal_plan)):
        holder = rules.deal_plan.holder(k)
        if holder == STOCK:
            state.apply_action(parse_card(turnup))
        else:
            state.apply_action(left[(s.dealer + 1 + holder) % rules.num_players].pop(0))
    assert not any(left.values())
    return state


HANDS_A = {
    0: "♥K ♥Q ♠9 ♣9 ♦9",  # K and Q of trumps: K, Q and Marriage; three Nines
    1: "♥A ♠8 ♣8 ♦10 ♦J",  # the Ace of trumps; a pair of Eights
    2: "♠A ♠K ♠Q ♣7 ♦7",  # the Sequence A K Q; a pair of Sevens
    3: "♥J ♥10 ♣A ♣K ♦A",  # the Jack and Ten of trumps; a pair of Aces
}


def deal_a() -> Any:
    return deal_into(load().new_initial_state(), HANDS_A, "♥7")


# --- the golden tests of the text ---------------------------------------------------------------


def test_dressing_is_eight_counters_per_player_per_deal() -> None:
    state = load(deals=2).new_initial_state()
    assert pool_sizes(state.s.pools) == (4,) * 8
    assert state.s.counters == (-8,) * 4
    assert "player 3 deals; every player dresses the layout" in state.information_state_string(0)


def test_a_trump_ace_in_the_stock_leaves_the_a_pool_for_the_next_deal() -> None:
    hands = dict(HANDS_A)
    hands[1] = "♥9 ♠8 ♣8 ♦10 ♦J"  # the Ace of trumps is not dealt
    state = deal_into(load(deals=2).new_initial_state(), hands, "♥7")
    assert pool_sizes(state.s.pools)[ACE_POOL] == 4
    assert "♥A" not in state.information_state_string(0)
    # The A pool stays through the deal and is dressed again for the next.
    while state.s.deal_no == 0:
        state.apply_action(state.legal_actions()[0])
    assert pool_sizes(state.s.pools)[ACE_POOL] == 8


def test_the_turned_up_ace_wins_no_pool() -> None:
    hands = dict(HANDS_A)
    hands[1] = "♥9 ♠8 ♣8 ♦10 ♦J"
    state = deal_into(load().new_initial_state(), hands, "♥A")
    assert pool_sizes(state.s.pools)[ACE_POOL] == 4


def test_king_and_queen_of_trumps_win_king_queen_and_marriage() -> None:
    state = deal_a()
    log = state.information_state_string(1)
    assert "player 0 shows ♥K and takes its pool" in log
    assert "player 0 shows ♥Q and takes its pool" in log
    assert "player 0 takes the pool for Marriage" in log
    # A, K, Q, J, 10, Marriage, Sequence all won; the pochen stands.
    assert pool_sizes(state.s.pools) == (0, 0, 0, 0, 0, 0, 0, 4)
    assert state.s.counters == (-8 + 12, -8 + 4, -8 + 4, -8 + 8)


def test_three_of_a_kind_beats_any_pair_in_the_pochen() -> None:
    state = deal_a()
    do(state, "bet 3", "put in a like amount", "pass", "put in a like amount")
    log = state.information_state_string(2)
    for c in ("♠9", "♣9", "♦9", "♠8", "♣8", "♣A", "♦A"):
        assert f"shows {c} for the pochen" in log
    assert "player 0 takes the pochen" in log
    assert state.s.counters == (4 - 3 + 13, -4 - 3, -4, 0 - 3)
    assert pool_sizes(state.s.pools)[P.POCHEN] == 0


# --- the deal and the edge pools ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "each", "stock"), [(3, 10, 1), (4, 5, 11), (5, 5, 6), (6, 5, 1)]
)
def test_the_deal_goes_as_far_as_it_will_go_equally(players: int, each: int, stock: int) -> None:
    rules = load(players=players).rules
    assert rules.hand_size == each and rules.stock_size == stock
    assert len(rules.deal_plan) == players * each + 1


def test_the_sequence_shown_and_its_pool() -> None:
    state = deal_a()
    log = state.information_state_string(0)
    assert [c for c in ("♠A", "♠K", "♠Q") if f"player 2 shows {c} in the Sequence" in log] == [
        "♠A",
        "♠K",
        "♠Q",
    ]
    # Shown cards are on the table for everyone, in the player's view of another's hand.
    assert state.get_game().rules.player_view(state.s, 0).shown[2] == sum(
        1 << c for c in parse_cards("♠A ♠K ♠Q")
    )


def test_longer_sequence_beats_higher_and_trumps_break_ties() -> None:
    hearts = 1
    long = best_sequence(sum(1 << c for c in parse_cards("♠7 ♠8 ♠9 ♠10")), hearts)
    high = best_sequence(sum(1 << c for c in parse_cards("♣A ♣K ♣Q")), hearts)
    trump = best_sequence(sum(1 << c for c in parse_cards("♥A ♥K ♥Q")), hearts)
    assert long is not None and high is not None and trump is not None
    key = sequence_key
    assert key(long, hearts) > key(high, hearts)
    assert key(trump, hearts) > key(high, hearts)
    assert best_sequence(sum(1 << c for c in parse_cards("♠7 ♠8 ♣9")), hearts) is None


def test_sets_rank_fours_threes_pairs_then_height() -> None:
    def key(text: str) -> tuple[int, int, bool]:
        got = best_set(sum(1 << c for c in parse_cards(text)), 1)
        assert got is not None
        return got.size, got.height, got.trump

    assert key("♠7 ♥7 ♦7 ♣7") > key("♠A ♥A ♦A") > key("♠A ♥A") > key("♠K ♥K")
    assert key("♥K ♠K") > key("♦K ♣K")  # the pair holding the trump King


# --- the betting -------------------------------------------------------------------------------


def test_a_player_may_pass_holding_a_pair_and_without_one_can_only_pass() -> None:
    state = deal_a()
    assert set(names(state)) == {"pass", *(f"bet {k}" for k in range(1, 6))}
    do(state, "pass", "pass")  # player 0 with three Nines, player 1 with two Eights: passes
    hands = dict(HANDS_A)
    hands[2] = "♠A ♠K ♠Q ♣7 ♦8"  # no pair
    other = deal_into(load().new_initial_state(), hands, "♥7")
    do(other, "pass", "pass")
    assert list(names(other)) == ["pass"]


def test_there_is_no_raising() -> None:
    state = deal_a()
    do(state, "bet 2")
    assert set(names(state)) == {"pass", "put in a like amount"}
    with pytest.raises(Exception, match="no raising"):
        state.apply_action(P.BET_BASE + 3)


def test_those_who_passed_before_the_bet_may_still_match() -> None:
    state = deal_a()
    do(state, "pass", "bet 1", "pass", "pass")
    assert state.current_player() == 0
    do(state, "put in a like amount")
    assert "player 0 takes the pochen" in state.information_state_string(3)


def test_an_unmatched_bet_takes_the_pochen_unseen_and_no_bet_leaves_it() -> None:
    state = deal_a()
    do(state, "pass", "bet 4", "pass", "pass", "pass")
    log = state.information_state_string(0)
    assert "player 1 takes the pochen" in log and "for the pochen" in log
    assert "shows ♠8 for the pochen" not in log
    state = deal_a()
    do(state, "pass", "pass", "pass", "pass")
    assert pool_sizes(state.s.pools)[P.POCHEN] == 4


# --- the play of the cards ---------------------------------------------------------------------


def test_the_run_of_the_cards_and_the_first_out_paid_a_counter_a_card() -> None:
    state = deal_a()
    do(state, "bet 3", "put in a like amount", "pass", "put in a like amount")
    assert state.current_player() == 0  # the eldest hand leads
    do(state, "lead ♠9")  # ♠10 is in the stock: everyone is without it; a stop
    log = state.information_state_string(1)
    assert all(f"{who}: without ♠10" in log for who in ("you", "player 2", "player 3"))
    assert state.current_player() == 0
    do(state, "lead ♥Q")  # the others are without ♥K; he plays it himself; a King ends it
    assert "player 0 plays ♥K" in state.information_state_string(1)
    assert state.current_player() == 0
    do(state, "lead ♣9")
    assert state.current_player() == 0
    do(state, "lead ♦9")  # his last card: the play ends, each pays a counter a card
    assert state.is_terminal()
    assert state.returns() == [14 + 15, -7 - 5, -4 - 5, -3 - 5]


def test_a_played_card_is_a_known_stop_and_the_ace_is_led_alone() -> None:
    hands = {
        0: "♠7 ♠8 ♥K ♣A ♦7",
        1: "♠9 ♥A ♣8 ♣9 ♦8",
        2: "♠10 ♥Q ♣10 ♦J ♦Q",
        3: "♠J ♥J ♣J ♦K ♦A",
    }
    state = deal_into(load().new_initial_state(), hands, "♥7")
    do(state, *["pass"] * 4)
    do(state, "lead ♣A")  # an Ace ends its sequence at once: he leads again
    assert state.current_player() == 0
    log = state.information_state_string(2)
    assert "without ♣" not in log.split("leads ♣A")[1]
    do(state, "lead ♠8")  # ♠9 by 1, ♠10 by 2, ♠J by 3, ♠Q nowhere: 3 leads
    assert state.current_player() == 3
    do(state, "lead ♦K")  # a King: he leads again
    do(state, "lead ♥J")  # ♥Q by player 2, ♥K by player 0, the King ends it
    assert state.current_player() == 0
    do(state, "lead ♠7")  # ♠8 is played already: a known stop, nobody says "without"
    assert state.current_player() == 0
    assert "without ♠8" not in state.information_state_string(1)


def test_withouts_are_public_and_forbid_the_card_to_the_determinizer() -> None:
    state = deal_a()
    do(state, *["pass"] * 4, "lead ♠9")
    rules = state.get_game().rules
    forbidden = rules.forbidden_cards(state.s, 0)
    assert all(forbidden[q] >> parse_card("♠10") & 1 for q in (1, 2, 3))
    for seed in range(20):
        world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        assert all(not world.s.hands[q] >> parse_card("♠10") & 1 for q in range(4))
        assert world.information_state_string(0) == state.information_state_string(0)


def test_the_determinizer_keeps_the_sequence_and_the_showdown() -> None:
    state = deal_a()
    do(state, "bet 3", "put in a like amount", "pass", "put in a like amount")
    for seed in range(30):
        world = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        for q in range(4):
            assert world.information_state_string(q).split("Events:")[0].count("\n") > 0
        assert world.information_state_string(2) == state.information_state_string(2)
        # Player 1 still holds a pair of Eights, and no pair above them, in every world.
        got = best_set(world.s.hands[1], 1)
        assert got is not None and (got.size, got.height) == (2, 1)


def test_who_is_to_move_is_the_same_in_every_re_dealt_world() -> None:
    """Forced steps are taken only where the table knows they are forced: in any world a
    player cannot tell from the true one, the same seat is to move."""
    for players in (3, 4, 6):
        game = load(players=players)
        rng = random.Random(players)
        for g in range(8):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                    continue
                for q in range(players):
                    sampler = pyspiel.UniformProbabilitySampler(g * 10 + q, 0.0, 1.0)
                    world = state.resample_from_infostate(q, sampler)
                    assert world.current_player() == state.current_player()
                state.apply_action(rng.choice(state.legal_actions()))


def test_several_deals_carry_the_pools_pass_the_deal_and_sum_to_zero() -> None:
    game = load(players=3, deals=3)
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_initial_state()
        dealers = []
        while not state.is_terminal():
            if state.s.dealer not in dealers[-1:]:
                dealers.append(state.s.dealer)
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert dealers == [2, 0, 1]
        assert sum(state.returns()) == 0
        rules = game.rules
        assert all(rules.min_utility <= r <= rules.max_utility for r in state.returns())


def test_the_determinizers_check_agrees_with_a_replay_of_the_history() -> None:
    """``admit_world`` checks only what the masks cannot say; on relabellings that respect the
    masks it must admit exactly the worlds whose replay tells the table the same story."""
    game = load(players=3)
    rules = game.rules
    rng = random.Random(11)
    agreed = {True: 0, False: 0}
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            if rng.random() < 0.3 and state.s.phase != P.DEAL:
                p = state.current_player()
                holders = rules.hidden_cards(state.s, p)
                forbidden = rules.forbidden_cards(state.s, p)
                cards = sorted(holders)
                for _ in range(20):
                    drawn = rng.sample(cards, len(cards))
                    if any(
                        isinstance(holders[c], int) and forbidden[holders[c]] >> d & 1
                        for c, d in zip(cards, drawn, strict=True)
                    ):
                        continue
                    new = relabel_history(
                        state.history(), state.s.log, dict(zip(cards, drawn, strict=True))
                    )
                    light = rules.admit_world(state.s, p, list(new)) is not None
                    world = rules.replay(list(new))
                    schema = rules.event_schema
                    full = world is not None and schema.public(world.log) == schema.public(
                        state.s.log
                    )
                    assert light == full, (new, state)
                    agreed[light] += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert agreed[True] and agreed[False]
