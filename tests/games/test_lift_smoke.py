"""Lift Smoke (RULES.md §10): the golden tests (deal sizes by player count; only trick winners
draw; a player who runs out is eliminated), the ASSUMPTIONs (an empty stock, everyone out
together), the parameters, the information sets and the void-timed determinizer.

Deals are explicit chance actions written in card notation; plays are made by their words
(``action_to_string``), so each test reads like the book.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pyspiel
import pytest

import hoyle.envs  # noqa: F401  (registers the games)
from hoyle.envs.core import timed
from hoyle.envs.core.cards import (
    CLUBS,
    SUIT_MASKS,
    cards_of,
    format_card,
    mask_of,
    parse_card,
    parse_cards,
    suit_of,
)
from hoyle.envs.core.determinize import resampled_history
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE
from hoyle.envs.core.rules import CHANCE, TERMINAL
from hoyle.envs.core.tricks import legal_plays, trick_winner, void_cards
from hoyle.envs.games import lift_smoke as L
from tests.helpers import do, names


def load(**params: Any) -> Any:
    return pyspiel.load_game("hoyle_lift_smoke", params)


def deal(game: Any, *hands: str) -> Any:
    """A new deal giving each seat these cards, one at a time from the eldest hand; the
    dealer's (last seat's) last card is the turn-up."""
    state = game.new_initial_state()
    cards = [parse_cards(h) for h in hands]
    n = game.num_players()
    assert len(cards) == n
    for i in range(len(cards[0])):
        for q in range(n):
            state.apply_action(cards[q][i])
    assert not state.is_chance_node()
    return state


def plays(state: Any, *cards: str) -> Any:
    return do(state, *(f"play {format_card(parse_card(c))}" for c in cards))


def m(text: str) -> int:
    return mask_of(parse_cards(text))


BOOK_FOUR = (
    "♠A ♠2 ♥3 ♥4 ♦5 ♦6",
    "♠K ♠3 ♥5 ♥6 ♦7 ♦8",
    "♠Q ♠4 ♥7 ♥8 ♦9 ♦10",
    "♠J ♠5 ♥9 ♥10 ♦J ♣2",
)


# --- golden tests: deal sizes by player count -------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(4, 6), (5, 5), (6, 4)])
def test_deal_sizes_by_player_count(players: int, size: int) -> None:
    """§10: "If there are four players, six cards are dealt to each ...; if five play, five
    cards to each, and if six play, four cards to each." The rest is the stock."""
    game = load(players=players)
    rng = random.Random(players)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert [h.bit_count() for h in state.s.hands] == [size] * players
    assert len(state.chance_outcomes()) == 0
    assert state.player_view(0).stock == 52 - players * size
    assert state.current_player() == 0  # the eldest hand leads
    # The last card dealt to the dealer is turned up for trumps and stays in his hand.
    dealer = players - 1
    turnup = state.history()[-1]
    assert state.s.turnup == turnup and state.s.hands[dealer] >> turnup & 1
    assert state.player_view(0).trump == suit_of(turnup)


def test_deal_is_one_at_a_time_from_the_eldest_hand() -> None:
    game = load()
    state = game.new_initial_state()
    assert state.action_to_string(CHANCE, 0) == "deal ♠A to player 0"
    state = deal(game, *BOOK_FOUR)
    assert state.s.hands[0] == m(BOOK_FOUR[0]) and state.s.hands[3] == m(BOOK_FOUR[3])
    assert state.s.trump_card == parse_card("♣2")
    prefix = game.new_initial_state()
    for a in state.history()[:-1]:
        prefix.apply_action(a)
    assert names(prefix)["turn up ♣2 for trumps (the dealer's, player 3)"] == parse_card("♣2")


def test_the_deal_plan_is_one_at_a_time_the_dealer_s_last_card_face_up() -> None:
    plan = load(players=5).rules.deal_plan
    assert plan.holders == (0, 1, 2, 3, 4) * 5
    assert [k for k in range(len(plan)) if plan.face_up(k)] == [24]  # the dealer's fifth


def test_the_log_names_each_card_at_its_history_index_and_who_saw_it() -> None:
    """One event per action; its ``at`` is the action's index, its value the card; a dealt or
    drawn card is seen by its receiver only, the turn-up and every play by all; a lead opens
    each trick."""
    game = load()
    for state in itertools.islice(_random_states(game, 2, 3), 0, None, 9):
        log, history = state.s.log, state.history()
        assert len(log) == len(history)
        for i, (kind, q, c, seen, at) in enumerate(log):
            assert at == i and history[at] == c
            assert seen == (1 << q if kind in (L.EV_DEAL, L.EV_DRAW) else EVERYONE)
        trick = state.s.trick
        if trick:
            last_lead = max(i for i, e in enumerate(log) if e[0] == L.EV_LEAD)
            assert [e[2] for e in log[last_lead:]] == list(trick)


# --- golden tests: only trick winners draw ----------------------------------------------------


def test_only_the_trick_winner_draws_and_leads() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")  # the highest of the suit led wins: player 3
    assert state.is_chance_node()
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) == 52 - 24  # the top card of the stock: any unseen card, uniformly
    assert state.action_to_string(CHANCE, outcomes[0]).startswith("player 3 draws ")
    do(state, "player 3 draws ♣K")
    assert [h.bit_count() for h in state.s.hands] == [5, 5, 5, 6]
    assert state.current_player() == 3  # "and leads again"
    assert state.player_view(0).stock == 27


def test_follow_suit_trumps_win_no_obligation_to_trump() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    plays(state, "♦J")
    # Player 0 must follow diamonds.
    assert set(names(state)) == {"play ♦5", "play ♦6"}
    plays(state, "♦5", "♦7", "♦9")
    do(state, "player 3 draws ♠6")
    plays(state, "♣K")  # player 3 leads trumps: nobody can follow
    assert len(state.legal_actions()) == 4  # player 0 is void in clubs: any card
    plays(state, "♥3", "♥5", "♥7")
    do(state, "player 3 draws ♥K")
    plays(state, "♥10")
    assert set(names(state)) == {"play ♥4"}  # the one heart left must be played


def test_a_trump_wins_against_the_suit_led() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    plays(state, "♦J", "♦6", "♦8", "♦10")
    do(state, "player 3 draws ♣3")
    plays(state, "♠J", "♠A", "♠K", "♠Q")
    do(state, "player 0 draws ♠10")
    plays(state, "♠10", "♥5", "♥7", "♣3")  # player 3 trumps the spade
    assert state.action_to_string(CHANCE, state.chance_outcomes()[0][0]).startswith("player 3")


# --- golden tests: a player who runs out is eliminated ----------------------------------------


def test_players_who_run_out_withdraw_and_the_last_with_a_card_wins() -> None:
    game = load(hand_size=2)
    state = deal(game, "♠A ♥2", "♠K ♥3", "♠Q ♥4", "♦2 ♣3")  # clubs trumps
    plays(state, "♠A", "♠K", "♠Q", "♦2")  # player 3, void in spades, need not trump
    do(state, "player 0 draws ♥K")
    assert [h.bit_count() for h in state.s.hands] == [2, 1, 1, 1]
    plays(state, "♥2", "♥3", "♥4", "♣3")  # player 3 trumps and wins
    do(state, "player 3 draws ♥A")
    # Players 1 and 2 have no cards: they withdraw; the others continue.
    assert state.s.active == 0b1001
    assert state.current_player() == 3
    view = state.player_view(0)
    assert view.active == 0b1001 and view.hand_sizes == (1, 0, 0, 1)
    plays(state, "♥A")
    assert state.current_player() == 0  # the trick goes from player 3 to player 0 only
    plays(state, "♥K")
    # Two players with a card each: the trick's winner draws, and that card wins the game.
    assert state.is_chance_node()
    do(state, "player 3 draws ♦K")
    assert state.is_terminal()
    assert state.returns() == [-1.0, -1.0, -1.0, 3.0]
    assert state.s.winner == 3


def test_the_winner_of_the_first_trick_can_win_at_once() -> None:
    game = load(hand_size=1)
    state = deal(game, "♠2", "♠3", "♠A", "♣4")
    plays(state, "♠2", "♠3", "♠A", "♣4")  # the turn-up ♣4 is a trump: player 3 wins
    assert state.current_player() == CHANCE
    do(state, "player 3 draws ♦K")
    assert state.current_player() == TERMINAL
    assert state.returns() == [-1.0, -1.0, -1.0, 3.0]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_returns_pay_the_pool_to_the_winner(players: int) -> None:
    game = load(players=players)
    rng = random.Random(players)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        r = state.returns()
        assert sorted(r) == [-1.0] * (players - 1) + [players - 1.0]
        assert sum(r) == 0
        w = r.index(players - 1.0)
        # The winner is the last with a card (or the last trick's winner if all ran out).
        others = [q for q in range(players) if q != w]
        assert all(state.s.hands[q] == 0 for q in others)


# --- the ASSUMPTIONs of §10 -------------------------------------------------------------------


def test_empty_stock_no_draw_and_everyone_out_together() -> None:
    """An empty stock: the winner draws nothing; the last players out together: the last
    trick's winner wins the pool."""
    game = load(ranks=2, hand_size=2)  # A K of each suit: eight cards, no stock
    state = deal(game, "♠A ♥A", "♠K ♥K", "♦A ♦K", "♣K ♣A")
    assert state.player_view(0).stock == 0
    plays(state, "♠A", "♠K", "♦K", "♣K")
    assert not state.is_chance_node()  # nothing to draw
    assert state.current_player() == 3
    plays(state, "♣A", "♥A", "♥K", "♦A")
    assert state.is_terminal()
    assert state.returns() == [-1.0, -1.0, -1.0, 3.0]


def test_a_winner_without_cards_withdraws_and_his_left_hand_neighbour_leads() -> None:
    game = load()
    state = game.new_initial_state()
    s = game.rules.new_state()
    hands = (m("♠A"), m("♠3 ♥3"), m("♠4 ♥4"), m("♠5 ♥5"))
    s.phase = L.PLAY
    s.to_move = 0
    s.leader = 0
    s.hands = hands
    s.dealt = game.rules.pack_mask  # the stock is empty
    s.trump_card = parse_card("♣2")
    s.legal_cache = None
    s.played = (0, 0, 0, game.rules.pack_mask & ~(hands[0] | hands[1] | hands[2] | hands[3]))
    state.s = s
    plays(state, "♠A", "♠3", "♠4", "♠5")
    assert not state.is_chance_node()
    assert state.s.active == 0b1110
    assert state.current_player() == 1
    plays(state, "♥3", "♥4", "♥5")
    assert state.is_terminal()
    assert state.returns() == [-1.0, -1.0, -1.0, 3.0]  # player 3 won the last trick


# --- parameters -------------------------------------------------------------------------------


def test_parameters() -> None:
    assert load(players=5).num_players() == 5
    assert load(players=6).max_utility() == 5.0
    assert load().min_utility() == -1.0
    with pytest.raises(GameParameterError):
        load(players=3)
    with pytest.raises(GameParameterError):
        load(ranks=2, hand_size=3)  # eight cards cannot deal three each to four
    small = load(**L.SMALL_CONFIG)
    assert small.rules.pack_size == 16 and small.rules.stock_size == 8
    assert load().max_game_length() == 52
    assert small.max_game_length() == 16


def test_card_play_is_not_available() -> None:
    state = deal(load(), *BOOK_FOUR)
    assert state.rules.card_play(state.s) is None


# --- information sets -------------------------------------------------------------------------


def test_hands_and_drawn_cards_are_hidden_the_turn_up_is_public() -> None:
    state = deal(load(), *BOOK_FOUR)
    for p in range(3):
        view = state.player_view(p)
        assert view.turnup == parse_card("♣2")
        assert "♦J" not in state.information_state_string(p)
        assert "♦J" not in state.observation_string(p)
        assert "♣2" in state.observation_string(p)
    assert "♦J" in state.observation_string(3)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    for p in range(3):
        assert "♣K" not in state.information_state_string(p)
        assert "player 3 drew a card" in state.information_state_string(p)
    assert "you drew ♣K" in state.information_state_string(3)
    plays(state, "♣2")  # the turn-up played: it is in the trick, no longer "in his hand"
    assert state.player_view(0).turnup == -1
    assert state.player_view(0).trump == CLUBS


def test_voids_are_public_and_cleared_by_a_draw() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    plays(state, "♣K", "♥3")  # player 0 shows out of clubs
    assert state.player_view(1).voids[0] == 1 << CLUBS  # a mask of suits
    plays(state, "♥5", "♥7")
    do(state, "player 3 draws ♠6")
    plays(state, "♠6", "♠A", "♠K", "♠Q")  # player 0 wins and draws
    do(state, "player 0 draws ♣5")
    assert state.player_view(1).voids[0] == 0  # a draw may bring any suit
    assert state.player_view(0).voids[1] == 1 << CLUBS


def test_the_table_shows_the_player_s_hand_the_turn_up_and_counts_the_rest() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    plays(state, "♣K", "♥3")  # player 0 shows out of clubs
    table = state.rules.table_view(state.s, 0)
    assert table.player == 0 and table.to_move == 1
    assert table.zone("hand0").cards == tuple(parse_cards("♠A ♥4 ♦5 ♦6"))
    assert table.zone("hand3").cards == (parse_card("♣2"),)  # the turn-up, still his
    assert table.zone("hand3").hidden == 4 and table.zone("hand1").hidden == 5
    assert table.zone("trick").cards == tuple(parse_cards("♣K ♥3"))
    assert table.zone("played3").cards == (parse_card("♠5"),)  # the ♣K is in the trick
    assert table.zone("stock").hidden == 27
    counters = {c.name: c.value for c in table.counters}
    assert counters["trumps"] == "clubs" and counters["tricks3"] == 1 and counters["tricks0"] == 0
    assert parse_card("♦J") not in table.seen_cards()  # in player 3's hand: unseen
    assert table.log[-3:] == ("player 3 drew a card", "player 3 led ♣K", "you played ♥3")
    assert "".join(f"\n  {line}" for line in table.log) in state.information_state_string(0)


# --- the determinizer -------------------------------------------------------------------------


def _random_states(game: Any, seed: int, games: int) -> Any:
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def _resamples(state: Any, player: int, k: int) -> list[Any]:
    return [
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        for i in range(k)
    ]


def test_a_seat_that_showed_out_never_receives_that_suit() -> None:
    """A seat that did not follow suit (and has not drawn since) holds none of it in 200
    re-deals; the re-deals do change its hand."""
    game = load()
    found = 0
    for state in _random_states(game, 3, 40):
        if state.is_chance_node():
            continue
        s = state.s
        shown = [q for q in range(4) if s.voids[q] and s.hands[q].bit_count() >= 2]
        if not shown:
            continue
        q = shown[0]
        p = (q + 1) % 4
        hands = set()
        lacks = void_cards(s.voids[q], game.rules.tricks[suit_of(s.trump_card)])
        for other in _resamples(state, p, 200):
            assert other.s.hands[q] & lacks == 0
            assert other.s.hands[p] == s.hands[p]
            hands.add(other.s.hands[q])
        assert len(hands) > 20
        found += 1
        if found == 3:
            return
    pytest.fail("no state with a seat void in a suit")


def test_a_void_is_narrowed_to_the_cards_held_then_when_the_seat_draws() -> None:
    """A seat that showed out of a suit and then drew (and has not played since) may hold one
    card of that suit — the drawn one — and no more; the re-deal gives it one sometimes."""
    game = load()
    for state in _random_states(game, 5, 200):
        if state.is_chance_node() or state.s.phase != L.PLAY or state.s.trick:
            continue
        s = state.s
        tl = L.log_timeline(state.s.log, 4)
        for q in range(4):
            if s.hands[q].bit_count() < 2 or not tl.voids[q] or not tl.slots[q]:
                continue
            last_seg, _ = tl.slots[q][-1]
            v, suit = tl.voids[q][-1]
            # His last void came before his last draw, and he has not played since the draw.
            if not (v <= last_seg == len(tl.plays[q])):
                continue
            if any(t == suit and w > v for w, t in tl.voids[q]):
                continue
            p = (q + 1) % 4
            unseen = game.rules.pack_mask & ~s.hands[p]
            for mask in s.played:
                unseen &= ~mask
            if (unseen & SUIT_MASKS[suit]).bit_count() < 4:
                continue
            draws_after = sum(1 for seg, _ in tl.slots[q] if seg >= v)
            counts = [
                (other.s.hands[q] & SUIT_MASKS[suit]).bit_count()
                for other in _resamples(state, p, 200)
            ]
            assert max(counts) <= draws_after
            assert max(counts) >= 1, "the drawn card may be of the suit shown out of"
            return
    pytest.fail("no state where a seat drew after showing out")


def test_played_cards_may_come_from_any_slot_their_history_allows() -> None:
    """The re-deal moves the cards another seat has played between his slots (the observer
    never saw which slot each came from), and the replay stays legal."""
    game = load()
    moved = 0
    for i, state in enumerate(_random_states(game, 9, 10)):
        if i % 5 or state.is_chance_node():
            continue
        p = state.current_player()
        h0 = state.history()
        theirs = [c for q in range(4) if q != p for c in cards_of(state.s.played[q])]
        for other in _resamples(state, p, 5):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            # Replayed with legality checks: every play was legal in the re-dealt world.
            h1 = game.state_from_history(other.history()).history()
            # A card another seat played now arrives at another position of the deal.
            moved += any(h0.index(c) != h1.index(c) for c in theirs)
    assert moved > 0


def test_the_turn_up_stays_in_the_dealer_hand_until_played() -> None:
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3")
    for other in _resamples(state, 0, 50):
        assert other.s.hands[3] >> parse_card("♣2") & 1
        assert other.s.hands[0] == state.s.hands[0]


def test_first_decision_re_deal_is_uniform() -> None:
    """With nothing yet shown, each unseen card lies in a given other hand with probability
    6 / 46 (the re-deal is uniform): a loose check over 400 re-deals."""
    game = load()
    state = deal(game, *BOOK_FOUR)
    heart = parse_card("♥K")  # unseen by player 0
    hits = sum(other.s.hands[1] >> heart & 1 for other in _resamples(state, 0, 400))
    expected = 400 * 6 / (52 - 6 - 1)
    assert abs(hits - expected) < 4 * (expected * (1 - 6 / 45)) ** 0.5


def test_resample_is_reproducible_and_hidden_cards_are_the_unseen_cards() -> None:
    """The same sampler gives the same world; the core's declaration (the fallback) names the
    cards still held by the other seats, each with its seat and the suits it showed out of
    since the card arrived, and the stock; not the turn-up, not a card played."""
    state = deal(load(), *BOOK_FOUR)
    plays(state, "♠2", "♠3", "♠4", "♠5")
    do(state, "player 3 draws ♣K")
    plays(state, "♣K", "♥3")  # player 0 shows out of clubs
    a = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    b = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert a.history() == b.history()
    declared = state.rules
    hidden = declared.hidden_cards(state.s, 1)
    held = {c: h for c, h in hidden.items() if h != "stock"}
    assert set(held) == set(parse_cards("♥4 ♦5 ♦6 ♠A ♥7 ♥8 ♦9 ♦10 ♠Q ♥9 ♥10 ♦J ♠J"))
    clubs = SUIT_MASKS[CLUBS]
    assert held[parse_card("♦5")] == (0, clubs)  # dealt before player 0 showed out of clubs
    assert held[parse_card("♦J")] == (3, 0)
    assert sum(1 for h in hidden.values() if h == "stock") == 27
    assert declared.forbidden_cards(state.s, 1) == {(0, clubs): clubs, (2, 0): 0, (3, 0): 0}


def test_the_re_deal_is_uniform_over_the_consistent_worlds() -> None:
    """Brute force on a small pack: every assignment of the hidden slots (the other seats'
    dealt and drawn cards, those since played included) whose replay is legal is a world the
    player cannot tell from the true one; the re-deal must draw the other seats' current hands
    with the frequencies of those worlds (chi-square, 3,000 re-deals; a seat here showed out
    and drew after it, and has played since, so the voids' timing matters)."""
    game = load(ranks=3, hand_size=2)
    rules = game.rules
    rng = random.Random(1)
    state = game.new_initial_state()
    player = -1
    while player < 0:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        tl = L.log_timeline(state.s.log, 4)
        p = state.current_player()
        for q in range(4):
            drew_after = any(
                tl.voids[q] and seg >= tl.voids[q][0][0] and len(tl.plays[q]) > seg
                for seg, _ in tl.slots[q]
            )
            if q != p and drew_after and state.s.hands[q]:
                player = p
        if player < 0:
            state.apply_action(rng.choice(state.legal_actions()))
    history = state.history()
    tl = L.log_timeline(state.s.log, 4)
    slots = sorted(
        pos
        for q in range(4)
        if q != player
        for _, pos in tl.slots[q]
        if not tl.fixed >> history[pos] & 1
    )
    pool = sorted({history[i] for i in slots} | set(cards_of(rules.pack_mask & ~state.s.dealt)))

    def world(hist: list[int]) -> tuple[int, ...] | None:
        s = rules.new_state()
        for a in hist:
            if rules.current_player(s) >= 0 and a not in rules.legal_actions(s):
                return None
            if rules.current_player(s) < 0 and not (rules.pack_mask & ~s.dealt) >> a & 1:
                return None
            rules.apply_action(s, a)
        return tuple(s.hands[q] for q in range(4) if q != player)

    exact: dict[tuple[int, ...], int] = {}
    for combo in itertools.permutations(pool, len(slots)):
        hist = list(history)
        for pos, c in zip(slots, combo, strict=True):
            hist[pos] = c
        hands = world(hist)
        if hands is not None:
            exact[hands] = exact.get(hands, 0) + 1
    total = sum(exact.values())
    n = 3000
    seen: dict[tuple[int, ...], int] = {}
    for i in range(n):
        hist = resampled_history(state, player, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        hands = world(hist)
        assert hands is not None and hands in exact
        seen[hands] = seen.get(hands, 0) + 1
    chi2 = sum((seen.get(k, 0) - n * w / total) ** 2 / (n * w / total) for k, w in exact.items())
    df = len(exact) - 1
    # The 99.9% point of chi-square is below df + 4.5 sqrt(2 df) for these sizes.
    assert chi2 < df + 4.5 * math.sqrt(2 * df), (chi2, df)


def test_the_fallback_re_deal_keeps_the_played_cards_in_place(monkeypatch: Any) -> None:
    """Past ``MAX_JOINT_GROUPS`` joint choices the played cards keep their true slots and the
    cards still hidden are re-dealt (respecting the voids): still a legal, indistinguishable
    world."""
    monkeypatch.setattr(timed, "MAX_JOINT_GROUPS", 0)
    game = load()
    checked = 0
    for i, state in enumerate(_random_states(game, 11, 4)):
        if i % 3 or state.is_chance_node():
            continue
        p = state.current_player()
        other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(i, 0.0, 1.0))
        assert other.information_state_string(p) == state.information_state_string(p)
        h0, h1 = state.history(), other.history()
        for q in range(4):
            for c in cards_of(state.s.played[q]):
                assert h0.index(c) == h1.index(c)
        checked += 1
    assert checked > 5


def test_table_full_pack_plain_trumps() -> None:
    """§10: A high as at Whist, the turned-up suit trumps, no obligation to trump."""
    r = L.lift_smoke_tricks(CLUBS)
    assert trick_winner(parse_cards("♠A ♣2 ♠K"), r) == 1
    assert trick_winner(parse_cards("♠10 ♥A ♠K"), r) == 2
    assert trick_winner(parse_cards("♠2 ♠3 ♥A"), r) == 1
    assert legal_plays(mask_of(parse_cards("♠7 ♣A")), 1, r) == mask_of(parse_cards("♠7 ♣A"))
    assert r.suit_masks[0] == SUIT_MASKS[0]
    with pytest.raises(ValueError):
        L.lift_smoke_tricks(-1)
