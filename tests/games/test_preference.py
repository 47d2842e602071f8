"""Preference: the testable facts of RULES.md §5.6 (deal sizes, the suit order of bids, a
first-round bid never uses the widow), the payments of §5.5 with the pool model of the module's
assumption 6, each phase and parameter, the information sets and the determinizer's voids.

Deals are explicit chance actions written in card notation; moves are played by their words
(``action_to_string``), so each test reads like the table.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    PIQUET_32,
    SPADES,
    SUIT_MASKS,
    cards_of,
    format_card,
    mask_of,
    parse_cards,
)
from hoyle.envs.core.deal import WIDOW as TO_WIDOW
from hoyle.envs.core.determinize import shuffle_within
from hoyle.envs.core.errors import GameParameterError, IllegalActionError
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.core.tricks import NO_SUIT, legal_plays, trick_winner
from hoyle.envs.games import preference as P
from tests.helpers import do, names

# A deal in which seat 0 holds every heart and the black Aces: ten tricks certain at ♥.
HEARTS_HAND = "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♠A ♣A"
SEAT1 = "♠K ♠Q ♠J ♠10 ♦A ♦K ♦Q ♦J ♦10 ♣K"
SEAT2 = "♠9 ♠8 ♠7 ♦9 ♦8 ♦7 ♣Q ♣J ♣10 ♣9"
WIDOW = "♣8 ♣7"


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_preference", params)


def table(game: Any, hands: dict[int, str], widow: str = WIDOW) -> Any:
    """A new deal giving each active seat these ten cards and the widow these two, in the
    book's packet order (3 each, 2 to the widow, 4 each, 3 each)."""
    state = game.new_initial_state()
    cards = {q: parse_cards(t) for q, t in hands.items()}
    cards[TO_WIDOW] = parse_cards(widow)
    for to in game.rules.plan.holders:
        state.apply_action(cards[to].pop(0))
    assert not any(cards.values())
    return state


def play_high(state: Any) -> Any:
    """Play the cards out, each seat playing its strongest legal card."""
    rules = state.get_game().rules
    while not state.is_terminal():
        tr = rules.tricks[state.s.trumps]
        state.apply_action(max(state.legal_actions(), key=lambda c: tr.power[c]))
    return state


def standard(game: Any | None = None) -> Any:
    return table(game or load(), {0: HEARTS_HAND, 1: SEAT1, 2: SEAT2})


def tokens(text: str) -> set[str]:
    return set(text.replace(",", " ").replace(";", " ").split())


# --- the deal (§5.2, §5.6) --------------------------------------------------------------------


def test_deal_sizes_ten_each_and_a_widow_of_two() -> None:
    for players in (3, 4):
        game = load(players=players)
        rng = random.Random(players)
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        s = state.s
        sizes = [h.bit_count() for h in s.hands]
        assert sizes[:3] == [10, 10, 10]
        if players == 4:
            assert sizes[3] == 0  # "if four persons play, the dealer takes no cards"
        assert s.widow.bit_count() == 2
        assert s.dealt == PIQUET_32.mask
        assert state.current_player() == 0  # the dealer's left speaks first


def test_deal_packets_three_widow_four_three() -> None:
    order = P.deal_plan(3).holders
    assert (
        order
        == (0,) * 3
        + (1,) * 3
        + (2,) * 3
        + (TO_WIDOW, TO_WIDOW)
        + (0,) * 4
        + (1,) * 4
        + (2,) * 4
        + (0,) * 3
        + (1,) * 3
        + (2,) * 3
    )
    assert P.deal_plan(4).holders == order  # the dealer (seat 3) takes no cards
    state = load().new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 32
    assert state.action_to_string(CHANCE, parse_cards("♥7")[0]) == "deal ♥7 to seat 0"
    for _ in range(9):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.action_to_string(CHANCE, parse_cards("♥7")[0]) == "deal ♥7 to the widow"


# --- the first round (§5.3.1, §5.6) -----------------------------------------------------------


def test_suit_order_for_bids_hearts_beat_diamonds_beat_clubs_beat_spades() -> None:
    state = standard()
    assert set(names(state)) == {"pass", "name ♠", "name ♣", "name ♦", "name ♥"}
    do(state, "name ♠")
    assert set(names(state)) == {"pass", "name ♣", "name ♦", "name ♥"}
    do(state, "name ♦")
    assert set(names(state)) == {"pass", "name ♥"}  # only preference outranks diamonds
    do(state, "name ♥")
    # The highest suit named wins; its namer is the bidder and the play begins.
    assert state.s.phase == P.PLAY and state.s.bidder == 2 and state.s.trumps == HEARTS
    assert state.current_player() == 0  # the player on the bidder's left leads


def test_one_chance_each_and_the_highest_suit_wins() -> None:
    state = do(standard(), "name ♣", "pass", "pass")
    assert state.s.bidder == 0 and state.s.trumps == CLUBS
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply_action(P.NAME_ACTION_BASE + HEARTS)


def test_first_round_bid_never_uses_the_widow() -> None:
    state = do(standard(), "name ♥", "pass", "pass")
    widow = mask_of(parse_cards(WIDOW))
    assert state.s.widow == widow and state.s.hands[0].bit_count() == 10 and state.s.price == 0
    play_high(state)
    assert state.s.widow == widow  # left face down, out of play
    for p in range(3):
        assert state.player_view(p).widow == 0
        view = state.information_state_string(p)
        assert not tokens(view) & {format_card(c) for c in cards_of(widow)}


# --- payments (§5.5, assumption 6) ------------------------------------------------------------


def test_all_ten_tricks_at_hearts_pays_forty_from_the_pool() -> None:
    state = play_high(do(standard(), "name ♥", "pass", "pass"))
    assert state.s.won == (10, 0, 0)
    assert state.get_game().rules.bidder_take(state.s) == 40  # 10 tricks x 4 counters
    r = state.returns()
    assert r == pytest.approx([80 / 3, -40 / 3, -40 / 3])
    assert sum(r) == 0.0


def _settled(rules: Any, bidder: int, trumps: int, won: tuple[int, ...], price: int) -> Any:
    s = rules.new_state()
    s.bidder, s.trumps, s.won, s.price = bidder, trumps, won, price
    rules.settle(s)
    return s


@pytest.mark.parametrize(
    ("trumps", "won", "price", "take"),
    [
        (SPADES, 6, 0, 6),  # six tricks at ♠: 6 x 1 from the pool
        (CLUBS, 7, 0, 14),  # seven at ♣: 7 x 2
        (DIAMONDS, 5, 0, -3),  # five at ♦: pays 1 x 3 into the pool
        (HEARTS, 2, 0, -16),  # two at ♥: pays 4 x 4
        (SPADES, 8, 5, 3),  # the widow bought for 5, eight tricks at ♠: 8 - 5
        (HEARTS, 4, 3, -11),  # the widow bought for 3, four tricks at ♥: -3 - 2 x 4
    ],
)
def test_payments(trumps: int, won: int, price: int, take: int) -> None:
    rules = load().rules
    left = 10 - won
    s = _settled(rules, 1, trumps, (left // 2, won, left - left // 2), price)
    assert rules.bidder_take(s) == take
    assert s.result == pytest.approx((-take / 3, 2 * take / 3, -take / 3))
    assert sum(s.result) == 0.0 and s.phase == P.OVER


def test_first_round_price_both_readings() -> None:
    """The same first-round hand (♥ named, all ten tricks): by default the bidder pays nothing
    for naming trumps (take 40); with ``first_round_price=5`` he puts 5 into the pool (take
    35). The widow's buyer pays his bid either way. Returns stay zero-sum."""
    for price, take in ((0, 40), (5, 35)):
        game = load(first_round_price=price)
        state = play_high(do(standard(game), "name ♥", "pass", "pass"))
        assert state.get_game().rules.bidder_take(state.s) == take
        r = state.returns()
        assert r == pytest.approx([2 * take / 3, -take / 3, -take / 3]) and sum(r) == 0.0
    rules = load(first_round_price=5).rules
    assert rules.bidder_take(_settled(rules, 1, SPADES, (1, 8, 1), 3)) == 8 - 3
    assert rules.min_utility <= -2 * (5 + 6 * 4) / 3
    with pytest.raises(GameParameterError):
        load(first_round_price=-1)


def test_trick_values_are_parameters() -> None:
    rules = load(heart_value=10, spade_value=5).rules
    assert rules.bidder_take(_settled(rules, 0, HEARTS, (7, 3, 0), 0)) == 70
    assert rules.bidder_take(_settled(rules, 0, SPADES, (3, 3, 4), 0)) == -15
    with pytest.raises(GameParameterError):
        load(club_value=-1)


def test_four_players_the_dealer_neither_pays_nor_receives() -> None:
    game = load(players=4)
    state = table(game, {0: HEARTS_HAND, 1: SEAT1, 2: SEAT2})
    assert state.s.hands[3] == 0
    play_high(do(state, "name ♥", "pass", "pass"))
    r = state.returns()
    assert r == pytest.approx([80 / 3, -40 / 3, -40 / 3, 0.0]) and sum(r) == 0.0


# --- the second round: the widow (§5.3.2) and the throw-in (§5.3.3) ---------------------------


def test_widow_auction_lay_out_and_name_any_suit() -> None:
    state = do(standard(), "pass", "pass", "pass")
    assert state.s.phase == P.BIDDING and state.current_player() == 0
    do(state, "bid 2 for the widow")
    assert "bid 1 for the widow" not in names(state)  # bids rise
    do(state, "bid 3 for the widow", "pass")  # seat 2 passes and is out
    assert state.current_player() == 0
    do(state, "bid 5 for the widow", "pass")  # seat 1 passes: seat 0 has the widow
    s = state.s
    assert s.bidder == 0 and s.price == 5 and s.phase == P.LAY_OUT and s.widow == 0
    assert s.hands[0].bit_count() == 12
    do(state, "lay out ♣8", "lay out ♣7")
    assert state.s.phase == P.TRUMPS
    assert set(names(state)) == {"name ♠ trumps", "name ♥ trumps", "name ♦ trumps", "name ♣ trumps"}
    do(state, "name ♠ trumps")  # any suit, spades too
    assert state.s.trumps == SPADES and state.current_player() == 1
    play_high(state)
    won = state.s.won[0]
    take = (won if won >= 6 else won - 6) - 5
    assert state.get_game().rules.bidder_take(state.s) == take
    assert state.returns()[0] == pytest.approx(2 * take / 3)


def test_passing_is_final_in_the_widow_auction() -> None:
    state = do(standard(), "pass", "pass", "pass", "pass", "bid 1 for the widow")
    assert state.current_player() == 2
    do(state, "bid 4 for the widow")
    assert state.current_player() == 1  # seat 0 passed and is skipped
    do(state, "pass")
    assert state.s.bidder == 2 and state.s.price == 4


def test_nobody_bids_thrown_in() -> None:
    state = do(standard(), "pass", "pass", "pass", "pass", "pass", "pass")
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]


def test_max_bid_is_a_parameter() -> None:
    game = load(max_bid=3)
    assert game.num_distinct_actions() == P.BID_ACTION_BASE + 3
    state = do(table(game, {0: HEARTS_HAND, 1: SEAT1, 2: SEAT2}), "pass", "pass", "pass")
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        "pass",
        "bid 1 for the widow",
        "bid 2 for the widow",
        "bid 3 for the widow",
    ]
    assert load().num_distinct_actions() == P.NUM_DISTINCT_ACTIONS
    with pytest.raises(GameParameterError):
        load(players=5)


# --- play (§5.4) ------------------------------------------------------------------------------


def test_follow_suit_and_trumps_win() -> None:
    state = do(standard(), "name ♥", "pass", "pass")
    do(state, "play ♠K")  # seat 1 leads
    assert set(names(state)) == {"play ♠9", "play ♠8", "play ♠7"}  # seat 2 follows suit
    do(state, "play ♠7")
    assert set(names(state)) == {"play ♠A"}  # seat 0 must follow with his only spade
    do(state, "play ♠A")
    assert state.s.won == (1, 0, 0) and state.current_player() == 0
    do(state, "play ♣A", "play ♣K")
    # Seat 2 holds clubs; after that, a seat void in a suit may play anything.
    do(state, "play ♣9")
    do(state, "play ♥7")
    assert set(names(state)) == {f"play {c}" for c in SEAT1.split() if c not in ("♠K", "♣K")}
    do(state, "play ♦A")  # seat 1 shows out of hearts
    assert state.s.voids[1] == 1 << HEARTS  # a mask of suits


def test_card_play_for_the_double_dummy_solver() -> None:
    state = do(standard(), "name ♥", "pass", "pass")
    rules = state.get_game().rules
    assert rules.card_play(standard().s) is None
    do(state, "play ♠K")
    cp = rules.card_play(state.s)
    assert cp is not None
    assert cp.seats == (0, 1, 2) and cp.sides == (0, 1, 1) and cp.points is None
    assert cp.leader == 1 and cp.table == tuple(parse_cards("♠K")) and cp.to_play == 2
    assert cp.hands[0] == state.s.hands[0] and cp.named == NO_SUIT
    assert cp.tricks.trump == HEARTS

    from hoyle.agents.double_dummy import DoubleDummy

    dd = DoubleDummy(cp.tricks, sides=cp.sides)
    assert dd.solve(list(cp.hands), leader=cp.leader, table=list(cp.table)) == 10


# --- information sets -------------------------------------------------------------------------


def _widow_hand() -> Any:
    state = do(standard(), "pass", "pass", "pass", "bid 2 for the widow", "pass", "pass")
    return do(state, "lay out ♣7", "lay out ♠A")


def test_the_widow_and_the_cards_laid_out_are_seen_only_by_the_bidder() -> None:
    state = _widow_hand()
    widow = {format_card(c) for c in parse_cards(WIDOW)}
    laid = {"♣7", "♠A"}
    assert state.player_view(0).widow == mask_of(parse_cards(WIDOW))
    assert state.player_view(0).laid_out == mask_of(parse_cards("♣7 ♠A"))
    assert widow <= tokens(state.information_state_string(0))
    for p in (1, 2):
        view = state.player_view(p)
        assert view.widow == 0 and view.laid_out == 0
        for text in (state.information_state_string(p), state.observation_string(p)):
            assert not tokens(text) & (widow | laid)
    # The other seats' hands are never in a view.
    for p in range(3):
        for q in range(3):
            if q != p:
                shown = tokens(state.information_state_string(p))
                assert not shown & {format_card(c) for c in cards_of(state.s.hands[q])}


def test_determinizer_respects_voids_and_moves_hidden_cards() -> None:
    state = do(standard(), "name ♥", "pass", "pass")
    do(state, "play ♠K", "play ♠7", "play ♠A", "play ♣A", "play ♣K", "play ♣9", "play ♥7")
    do(state, "play ♦A")  # seat 1 shows out of hearts
    do(state, "play ♦9")  # seat 2 shows out of hearts too
    hearts = SUIT_MASKS[HEARTS]
    info = state.information_state_string(0)
    seen: set[int] = set()
    for i in range(200):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        assert other.information_state_string(0) == info
        assert not other.s.hands[1] & hearts and not other.s.hands[2] & hearts
        seen.add(other.s.widow)
    assert len(seen) > 5  # the widow is re-dealt too


def test_determinizer_moves_the_cards_laid_out_for_the_others_only() -> None:
    state = _widow_hand()
    do(state, "name ♦ trumps", "play ♠K")
    laid = state.s.laid_out
    mine = [
        state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        for i in range(20)
    ]
    assert all(o.s.laid_out == laid and o.s.hands[0] == state.s.hands[0] for o in mine)
    theirs = [
        state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        for i in range(50)
    ]
    assert any(o.s.laid_out != laid for o in theirs)
    for o in theirs:
        assert o.s.hands[1] == state.s.hands[1]
        assert o.information_state_string(1) == state.information_state_string(1)
        assert o.s.laid_out.bit_count() == 2


def test_terminal_and_strings() -> None:
    state = play_high(do(standard(), "name ♥", "pass", "pass"))
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert "returns" in str(state)
    assert "you played ♠A" in state.information_state_string(0)


def test_hidden_cards_are_where_they_are_and_the_voids_bind_their_seats() -> None:
    """The determinizer's declarations: every card seat 0 has not located, with its holder now;
    the suits a seat showed out of forbidden to it, and only once it has shown out."""
    state = do(standard(), "name ♥", "pass", "pass")
    do(state, "play ♠K", "play ♠7", "play ♠A", "play ♣A", "play ♣K", "play ♣9", "play ♥7")
    rules = state.get_game().rules
    s = state.s
    hidden = rules.hidden_cards(s, 0)
    assert hidden == {
        **{c: q for q in (1, 2) for c in cards_of(s.hands[q])},
        **dict.fromkeys(parse_cards(WIDOW), "widow"),
    }
    assert not set(hidden) & set(cards_of(s.hands[0] | s.played[1] | s.played[2]))
    assert rules.forbidden_cards(s, 0) == {}
    do(state, "play ♦A", "play ♦9")  # both adversaries show out of hearts
    hearts = SUIT_MASKS[HEARTS] & PIQUET_32.mask
    assert rules.forbidden_cards(state.s, 0) == {1: hearts, 2: hearts}
    assert rules.forbidden_cards(state.s, 1) == {2: hearts}  # his own void is no news to him


def test_hidden_cards_of_the_widow_hand_and_of_a_deal_under_way() -> None:
    state = _widow_hand()
    rules = state.get_game().rules
    s = state.s
    # The bidder knows every card but the others' hands; the others lose the widow's cards
    # into his hand (they never saw them) and do not see his two cards laid out.
    assert rules.hidden_cards(s, 0) == {c: q for q in (1, 2) for c in cards_of(s.hands[q])}
    theirs = rules.hidden_cards(s, 1)
    assert {c for c, h in theirs.items() if h == "laid out"} == set(parse_cards("♣7 ♠A"))
    assert {c for c, h in theirs.items() if h == 0} == set(cards_of(s.hands[0]))
    assert parse_cards("♣8")[0] in theirs  # a widow card, now in the bidder's hand
    # Mid-deal: the undealt cards are hidden too, and the view is kept when they are re-dealt.
    state = load().new_initial_state()
    for c in parse_cards("♥A ♥K ♥Q ♠A ♠K"):
        state.apply_action(c)
    hidden = rules.hidden_cards(state.s, 0)
    assert sorted(h for h in hidden.values() if h != "undealt") == [1, 1]
    assert len(hidden) == 32 - 3
    info = state.information_state_string(0)
    for i in range(10):
        other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        assert other.information_state_string(0) == info
        assert other.s.hands[0] == state.s.hands[0]


def test_table_view_shows_what_the_player_sees() -> None:
    state = _widow_hand()
    do(state, "name ♦ trumps", "play ♠K")
    bidder = state.get_game().rules.table_view(state.s, 0)
    assert bidder.player == 0 and bidder.to_move == 2
    assert bidder.zone("hand 0").cards == tuple(cards_of(state.s.hands[0]))
    assert bidder.zone("hand 1").cards == () and bidder.zone("hand 1").hidden == 9
    assert set(bidder.zone("laid out").cards) == set(parse_cards("♣7 ♠A"))
    assert bidder.zone("laid out").owner == 0
    assert bidder.zone("trick").cards == tuple(parse_cards("♠K"))
    assert bidder.zone("played 1").cards == ()  # ♠K is in the trick, not yet quitted
    assert bidder.zone("widow").hidden == 0
    counters = {(c.name, c.owner): c.value for c in bidder.counters}
    assert counters[("trumps", None)] == "♦" and counters[("widow price", None)] == 2
    assert counters[("tricks won 0", 0)] == 0
    assert "you took ♣8" in bidder.log and "seat 1 played ♠K" in bidder.log
    other = state.get_game().rules.table_view(state.s, 1)
    assert other.zone("laid out").cards == () and other.zone("laid out").hidden == 2
    assert other.zone("hand 0").hidden == 10
    assert not other.seen_cards() & set(cards_of(state.s.hands[0] | state.s.laid_out))
    assert "seat 0 took a widow card" in other.log
    # Re-dealing what seat 1 cannot see leaves his table as it is.
    for i in range(10):
        world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        assert world.get_game().rules.table_view(world.s, 1) == other
    # At the end, the settlement is on the table for everyone.
    play_high(state)
    end = state.get_game().rules.table_view(state.s, 2)
    returns = {c.owner: c.value for c in end.counters if c.name.startswith("return")}
    assert [returns[q] for q in range(3)] == pytest.approx(state.returns())
    thrown = do(standard(), *["pass"] * 6)
    end = thrown.get_game().rules.table_view(thrown.s, 0)
    assert [c.value for c in end.counters if c.name.startswith("return")] == [0.0, 0.0, 0.0]


def test_unseen_orders_are_each_other_seats_deal_positions() -> None:
    state = _widow_hand()
    rules = state.get_game().rules
    holders = rules.plan.holders
    seat = {q: tuple(k for k, h in enumerate(holders) if h == q) for q in range(3)}
    widow = tuple(k for k, h in enumerate(holders) if h == TO_WIDOW)
    # The bidder (seat 0) took the widow: to the others, its cards are among his.
    assert rules.unseen_orders(state.s, 1) == [tuple(sorted(seat[0] + widow)), seat[2]]
    assert rules.unseen_orders(state.s, 0) == [seat[1], seat[2]]
    first_round = do(standard(), "name ♥", "pass", "pass")
    assert rules.unseen_orders(first_round.s, 0) == [seat[1], seat[2], widow]
    # The shuffle keeps each group's cards and moves nothing else.
    history = state.history()
    groups = rules.unseen_orders(state.s, 1)
    new = shuffle_within(history, groups, random.Random(1).random)
    assert new != history
    assert all(sorted(new[k] for k in g) == sorted(history[k] for k in g) for g in groups)
    inside = {k for g in groups for k in g}
    assert all(new[k] == history[k] for k in range(len(history)) if k not in inside)


# --- reduced packs (assumption 9) -------------------------------------------------------------


def test_reduced_pack_deal_contract_and_tiny_tree() -> None:
    from hoyle.envs.core.treesize import count_nodes

    game = load(**P.TINY_CONFIG)
    rules = game.rules
    assert rules.pack == tuple(sorted(parse_cards("♠A ♠K ♥A ♥K")))
    assert rules.plan.holders == (0, 1, 2, TO_WIDOW)
    assert rules.widow_size == 1 and rules.contract == 1 and game.max_chance_outcomes() == 52
    six = load(ranks=5, hand_size=6).rules  # A K Q J 10: 3 each, the widow's 2, 3 each
    threes = (0,) * 3 + (1,) * 3 + (2,) * 3
    assert six.plan.holders == threes + (TO_WIDOW,) * 2 + threes
    assert six.contract == 4 and load().rules.contract == P.CONTRACT
    with pytest.raises(GameParameterError, match="widow"):
        load(hand_size=9)  # five cards left over
    # A tiny hand: nobody names a suit, seat 0 buys the widow for 1 and makes his one trick.
    state = game.new_initial_state()
    for c in parse_cards("♠A ♥K ♥A ♠K"):
        state.apply_action(c)
    do(state, "pass", "pass", "pass", "bid 1 for the widow")
    assert set(names(state)) == {"pass"}  # nothing above the cap
    do(state, "pass", "pass", "lay out ♠K", "name ♠ trumps", "play ♥K", "play ♥A", "play ♠A")
    assert state.is_terminal() and state.s.won == (1, 0, 0)
    assert state.returns() == pytest.approx([0.0, 0.0, 0.0])  # 1 trick x 1 counter - 1 paid
    count = count_nodes(game, 10_000)
    assert count is not None and count.nodes == 6_497


def test_table_plain_trumps_no_obligation_to_trump() -> None:
    """§5.1, §5.4: A K Q J 10 9 8 7, the trump suit wins, no obligation to trump."""
    r = P.preference_tricks(CLUBS)
    assert trick_winner(parse_cards("♠A ♣7 ♠K"), r) == 1
    assert trick_winner(parse_cards("♠10 ♥A ♠K"), r) == 2
    assert trick_winner(parse_cards("♣8 ♣A ♣10"), r) == 1
    assert legal_plays(mask_of(parse_cards("♠7 ♣A")), HEARTS, r) == mask_of(parse_cards("♠7 ♣A"))
    assert r.suit_masks[SPADES] == SUIT_MASKS[SPADES] & PIQUET_32.mask
    with pytest.raises(ValueError):
        P.preference_tricks(-1)  # Preference has no no-trumps


def test_void_rows_mark_only_cards_of_the_void_suits_on_a_reduced_pack() -> None:
    """A seat's ``void`` row holds the pack's cards of the suits it showed out of, and no other
    (on a reduced pack, a void suit's cards outside the pack once spilled into the row's last
    entry: a spade void marked the last heart)."""
    from hoyle.envs.core.observe import HoyleObserver
    from tests.helpers import random_playout_states

    game = pyspiel.load_game("hoyle_preference", dict(P.TINY_CONFIG))
    rules = game.rules
    obs = HoyleObserver(rules, False, bits=False)
    checked = 0
    for seed in range(4):
        for state in random_playout_states(game, random.Random(seed)):
            view = rules.player_view(state.s, 0)
            obs.set_from(state, 0)
            for r in range(rules.num_players):
                q = r  # rows are seats counted from the observer, seat 0 here
                marked = [rules.pack[j] for j in np.flatnonzero(obs.dict["void"][r])]
                assert all(view.voids[q] >> (c // 13) & 1 for c in marked), (view.voids, marked)
                checked += bool(view.voids[q])
    assert checked, "no state with a void: the test proved nothing"
