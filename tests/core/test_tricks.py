"""The shared trick-play core: generic tables, the play step, legality, winners, auctions
(the games' own tables are tested with the games, tests/games/)."""

from __future__ import annotations

import random

import pytest

from hoyle.envs.core import cards as C
from hoyle.envs.core import tricks as T


def cs(text: str) -> list[int]:
    return C.parse_cards(text)


def m(text: str) -> int:
    return C.mask_of(C.parse_cards(text))


def fmt(cards: list[int]) -> str:
    return C.format_cards(cards)


# Generic tables, one for each shape the books' games take (the games' own tables are tested
# in tests/games/): plain trumps, no trumps, top trumps taken out of their suits, a free fragile
# master of no suit at no trumps, ascending suit power with a card of no power led last only.
PLAIN_HEARTS = T.build_tricks("plain-hearts", T.ACE_HIGH_RANKS, C.HEARTS)
NO_TRUMPS = T.build_tricks("no-trumps", T.ACE_HIGH_RANKS, T.NO_TRUMP)
TOP_TRUMPS = T.build_tricks(
    "top-trumps", T.PIQUET_RANKS, C.HEARTS, top_trumps=(C.JOKER, C.card(C.DIAMONDS, C.JACK))
)
JOKER = 1 << C.JOKER
FREE_MASTER = T.build_tricks(
    "free-master", T.PIQUET_RANKS, T.NO_TRUMP, free=JOKER, master=JOKER, fragile=JOKER
)
BOUND_MASTER = T.build_tricks(
    "bound-master", T.PIQUET_RANKS, T.NO_TRUMP, master=JOKER, fragile=JOKER
)
ASCENDING = T.build_tricks(
    "ascending",
    T.ACE_HIGH_RANKS,
    T.NO_TRUMP,
    suit_power=(0, 3, 2, 1),
    free=JOKER,
    lead_last_only=JOKER,
)


# --- tables -----------------------------------------------------------------------------------


def test_top_trumps_leave_their_printed_suit() -> None:
    assert fmt(T.trump_order(TOP_TRUMPS)) == "Joker ♦J ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7"
    assert fmt(T.suit_order(TOP_TRUMPS, C.DIAMONDS)) == "♦A ♦K ♦Q ♦10 ♦9 ♦8 ♦7"
    assert T.effective_suit(C.parse_card("♦J"), TOP_TRUMPS) == C.HEARTS
    assert T.lead_suit(C.parse_card("♦J"), TOP_TRUMPS) == C.HEARTS
    assert T.trump_order(NO_TRUMPS) == []
    assert T.effective_suit(C.parse_card("♠2"), T.build_tricks("p", T.PIQUET_RANKS, 0)) == T.NO_SUIT


def test_check_trump_refuses_a_bad_suit() -> None:
    T.check_trump(T.NO_TRUMP, allow_no_trump=True)
    T.check_trump(C.CLUBS, allow_no_trump=False)
    with pytest.raises(ValueError):
        T.check_trump(T.NO_TRUMP, allow_no_trump=False)
    with pytest.raises(ValueError):
        T.check_trump(7, allow_no_trump=True)


# --- legality and winners ---------------------------------------------------------------------


def test_follow_suit_then_any_card() -> None:
    assert T.legal_plays(m("♦J ♦A ♣5"), C.HEARTS, TOP_TRUMPS) == m("♦J")  # follows trumps
    assert T.legal_plays(m("♦J ♦A ♣5"), C.DIAMONDS, TOP_TRUMPS) == m("♦A")  # not diamonds
    assert T.legal_plays(m("♦J ♣5"), C.DIAMONDS, TOP_TRUMPS) == m("♦J ♣5")  # void: any card
    assert T.legal_plays(m("♠7 ♣A"), C.HEARTS, PLAIN_HEARTS) == m("♠7 ♣A")  # no need to trump
    assert T.legal_plays(m("♠7 ♣A"), T.NO_SUIT, PLAIN_HEARTS) == m("♠7 ♣A")  # leading


def test_trick_winner_trumps_then_the_suit_led() -> None:
    assert T.trick_winner(cs("♠A ♥2 ♠K"), PLAIN_HEARTS) == 1
    assert T.trick_winner(cs("♠10 ♦A ♠K"), PLAIN_HEARTS) == 2
    assert T.trick_winner(cs("♥8 ♥A ♥10"), PLAIN_HEARTS) == 1
    assert T.trick_winner(cs("♠2 ♥A ♠3"), NO_TRUMPS) == 2  # off-suit cards never win
    assert T.trick_winner(cs("♥A ♦J ♥K"), TOP_TRUMPS) == 1
    assert T.trick_winner(cs("♦A ♦K ♦J"), TOP_TRUMPS) == 2  # a top trump trumps its own suit


def test_free_fragile_master_card() -> None:
    r = FREE_MASTER
    assert T.effective_suit(C.JOKER, r) == T.NO_SUIT
    assert T.trick_winner(cs("♠A ♠K JOKER"), r) == 2  # master: wins whatever it is played to
    assert T.lead_suit(C.JOKER, r, named=C.CLUBS) == C.CLUBS
    assert T.legal_plays(m("♣7 ♦A"), C.CLUBS, r) == m("♣7")
    assert T.trick_winner(cs("JOKER ♣A ♣K"), r, led_suit=C.CLUBS) == 0
    assert T.legal_plays(m("JOKER ♠7 ♦A"), C.SPADES, r) == m("JOKER ♠7")  # free
    assert T.legal_plays(m("JOKER ♠7 ♦A"), C.SPADES, BOUND_MASTER) == m("♠7")  # not free
    assert T.trick_winner(cs("♠9 JOKER ♠K"), r, powerless=JOKER) == 2
    assert T.trick_winner(cs("♠9 JOKER ♥A"), r, powerless=JOKER) == 0
    assert T.trick_winner(cs("♠9 ♥A ♠10"), r) == 2


def test_ascending_suit_power_and_a_card_led_last_only() -> None:
    """The greatest (suit power, rank) wins; the powerless free card may be played to any trick
    and led only as the last card."""
    r = ASCENDING
    assert T.trick_winner(cs("♠3 ♠A ♣2 ♦2"), r) == 3
    assert T.trick_winner(cs("♠3 ♠A ♣2 ♠K"), r) == 2
    assert T.trick_winner(cs("♠3 ♠A ♠2 ♠K"), r) == 1
    for c in range(52):
        if c != C.parse_card("♥A"):
            assert T.trick_winner([c, C.parse_card("♥A")], r) == 1
    assert T.trick_winner(cs("♥2 ♦A"), r) == 0
    assert T.trick_winner(cs("♠2 JOKER"), r) == 0
    assert T.trick_winner(cs("JOKER ♠2 ♠3"), r) == 2
    assert T.legal_plays(m("JOKER ♠2 ♥4"), C.SPADES, r) == m("JOKER ♠2")
    assert T.legal_plays(m("JOKER ♠2"), T.NO_SUIT, r) == m("♠2")
    assert T.legal_plays(m("JOKER"), T.NO_SUIT, r) == m("JOKER")


def test_must_trump_obligation_is_a_parameter() -> None:
    from dataclasses import replace

    r = replace(PLAIN_HEARTS, must_trump=True)
    assert T.legal_plays(m("♠7 ♥2 ♥3"), C.CLUBS, r) == m("♥2 ♥3")
    assert T.legal_plays(m("♠7 ♦2"), C.CLUBS, r) == m("♠7 ♦2")
    assert T.legal_plays(m("♣7 ♥2"), C.CLUBS, r) == m("♣7")


def test_led_suit() -> None:
    assert T.led_suit((), PLAIN_HEARTS) == T.NO_SUIT
    assert T.led_suit(cs("♦J ♠A"), TOP_TRUMPS) == C.HEARTS  # the effective suit
    assert T.led_suit(cs("JOKER ♠A"), FREE_MASTER, named=C.CLUBS) == C.CLUBS  # named
    assert T.led_suit(cs("JOKER ♠A ♥2"), ASCENDING) == C.SPADES  # the next card fixes it
    assert T.led_suit(cs("JOKER"), ASCENDING) == T.NO_SUIT


# --- the play step ----------------------------------------------------------------------------


def play(
    rules: T.TrickRules, hands: list[str], seats: tuple[int, ...], cards: str, named: int = -1
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    """Play ``cards`` in turn from empty voids; the last result of ``play_to_trick``."""
    hs = tuple(m(h) for h in hands)
    trick: tuple[int, ...] = ()
    voids = (0,) * len(hands)
    out = None
    for c in cs(cards):
        out = T.play_to_trick(rules, hs, trick, voids, seats, c, named)
        hs, trick, voids = out[0], out[1], out[2]
    assert out is not None
    return out


def test_play_to_trick_moves_the_card_and_finds_the_next_seat() -> None:
    hands, trick, voids, to_play, winner = play(
        PLAIN_HEARTS, ["♠2 ♠3", "♥2 ♦4", "♠A ♦5"], (2, 0, 1), "♠A ♠2"
    )
    assert hands == (m("♠3"), m("♥2 ♦4"), m("♦5"))
    assert trick == tuple(cs("♠A ♠2")) and voids == (0, 0, 0)
    assert (to_play, winner) == (1, -1)


def test_play_to_trick_records_the_renounce_and_the_winner_leads() -> None:
    _, trick, voids, to_play, winner = play(
        PLAIN_HEARTS, ["♠2 ♠3", "♥2 ♦4", "♠A ♦5"], (2, 0, 1), "♠A ♠2 ♥2"
    )
    assert voids == (0, 1 << C.SPADES, 0)  # seat 1 showed out of spades
    assert (to_play, winner) == (1, 1)  # his trump wins and he leads
    assert trick == tuple(cs("♠A ♠2 ♥2"))
    # The dealer sits out: seats 0, 2, 3 play; the winner is named by seat, not position.
    out = play(NO_TRUMPS, ["♠2", "", "♠A", "♦3"], (2, 3, 0), "♠A ♦3 ♠2")
    assert out[2] == (0, 0, 0, 1 << C.SPADES) and out[3:] == (2, 2)


def test_play_to_trick_renounces_by_effective_suit() -> None:
    # The ♦J is a trump: played to a diamond lead it renounces diamonds; the ♦A follows.
    out = play(TOP_TRUMPS, ["♦A", "♦J", "♦K"], (0, 1, 2), "♦A ♦J ♦K")
    assert out[2] == (0, 1 << C.DIAMONDS, 0) and out[4] == 1


def test_play_to_trick_free_card_is_no_renounce() -> None:
    out = play(FREE_MASTER, ["♠9", "JOKER ♠A", "♠K"], (0, 1, 2), "♠9 JOKER ♠K")
    assert out[2] == (0, 0, 0) and out[4] == 1  # the master wins; playing it shows nothing


def test_play_to_trick_fragile_card_loses_its_power_on_a_suit_renounced() -> None:
    r = FREE_MASTER
    hands = (m("♠9 ♠8"), m("JOKER ♥A"), m("♠K ♠Q"))
    # First trick: seat 1 renounces spades with the ♥A.
    hs, trick, voids, _, w = T.play_to_trick(r, hands, (), (0, 0, 0), (0, 1, 2), C.parse_card("♠9"))
    for c in cs("♥A ♠K"):
        hs, trick, voids, _, w = T.play_to_trick(r, hs, trick, voids, (0, 1, 2), c)
    assert voids == (0, 1 << C.SPADES, 0) and w == 2
    # Second trick: his Joker to spades has no winning value now.
    trick = ()
    for c in cs("♠8 JOKER ♠Q"):
        hs, trick, voids, _, w = T.play_to_trick(r, hs, trick, voids, (0, 1, 2), c)
    assert T.powerless_cards(trick, (0, 1, 2), voids, r, C.SPADES) == JOKER
    assert w == 2


def test_play_to_trick_bound_fragile_card_renounces_after_the_trick() -> None:
    """Not free (it must follow suit first): played to spades it shows he has none, from the
    next trick on; in this trick it keeps its power."""
    out = play(BOUND_MASTER, ["♠9", "JOKER ♥A", "♠K"], (0, 1, 2), "♠9 JOKER ♠K")
    assert out[4] == 1  # the Joker wins this trick
    assert out[2] == (0, 1 << C.SPADES, 0)  # and his renounce is written at its end
    # Had he renounced spades before, it would have no winning value.
    hs = (m("♠9"), m("JOKER"), m("♠K"))
    voids = (0, 1 << C.SPADES, 0)
    trick: tuple[int, ...] = ()
    for c in cs("♠9 JOKER ♠K"):
        hs, trick, voids, _, w = T.play_to_trick(BOUND_MASTER, hs, trick, voids, (0, 1, 2), c)
    assert w == 2


def test_play_to_trick_named_suit_and_a_suit_fixed_by_the_next_card() -> None:
    # A led master of no suit with a suit named: a card of another suit renounces the named one.
    out = play(FREE_MASTER, ["JOKER", "♦7", "♣7"], (0, 1, 2), "JOKER ♦7 ♣7", named=C.CLUBS)
    assert out[2] == (0, 1 << C.CLUBS, 0) and out[4] == 0
    # A led card of no suit and no name: the next card fixes the suit led.
    out = play(ASCENDING, ["JOKER", "♠2", "♥3", "♠4"], (0, 1, 2, 3), "JOKER ♠2 ♥3 ♠4")
    assert out[2] == (0, 0, 1 << C.SPADES, 0) and out[4] == 2  # hearts are the highest suit


def test_leader_orders_and_void_cards() -> None:
    assert T.leader_orders(range(3), 3) == ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    assert T.leader_orders((0, 1, 2), 4)[2] == (2, 0, 1) and T.leader_orders((0, 1, 2), 4)[3] == ()
    assert T.void_cards(0, TOP_TRUMPS) == 0
    assert T.void_cards(1 << C.HEARTS, TOP_TRUMPS) == TOP_TRUMPS.suit_masks[C.HEARTS]
    assert (T.void_cards(1 << C.HEARTS, TOP_TRUMPS) >> C.JOKER) & 1
    both = T.void_cards(1 << C.SPADES | 1 << C.CLUBS, NO_TRUMPS)
    assert both == C.SUIT_MASKS[C.SPADES] | C.SUIT_MASKS[C.CLUBS]


# --- card points ------------------------------------------------------------------------------


def test_points_table_and_trick_points() -> None:
    table = T.points_table({C.ACE: 3, C.KING: 1})
    assert T.trick_points(cs("♠A ♥K ♦7"), table) == 4
    assert T.trick_points(m("♠A ♥K ♦7"), table) == 4
    assert T.trick_points(C.FULL_52.mask, table) == 16


# --- properties on random deals ---------------------------------------------------------------

_GAMES: list[tuple[T.TrickRules, C.Pack, int]] = [
    (PLAIN_HEARTS, C.FULL_52, 4),
    (NO_TRUMPS, C.FULL_52, 4),
    (TOP_TRUMPS, C.PIQUET_32_JOKER, 3),
    (FREE_MASTER, C.PIQUET_32_JOKER, 3),
    (BOUND_MASTER, C.PIQUET_32_JOKER, 3),
    (ASCENDING, C.FULL_52_JOKER, 4),
    (T.build_tricks("must", T.ACE_HIGH_RANKS, C.SPADES, must_trump=True), C.FULL_52, 4),
]


@pytest.mark.parametrize(("rules", "pack", "players"), _GAMES, ids=lambda x: getattr(x, "name", ""))
def test_random_deals_play_out_legally(rules: T.TrickRules, pack: C.Pack, players: int) -> None:
    """Random deals played through ``play_to_trick``: every play legal and follow-suit kept, the
    renounces exactly the suits a seat showed out of, one winner who leads next, and the step's
    winner the one ``trick_winner`` finds (with the fragile cards made powerless)."""
    rng = random.Random(12345)
    for _ in range(60):
        deck = list(pack.cards)
        rng.shuffle(deck)
        per = len(deck) // players
        hands = tuple(C.mask_of(deck[i * per : (i + 1) * per]) for i in range(players))
        voids = (0,) * players
        leader = 0
        orders = T.leader_orders(range(players), players)
        while hands[leader]:
            trick: tuple[int, ...] = ()
            named = T.NO_SUIT
            seats = orders[leader]
            before = voids
            w = -1
            for k, p in enumerate(seats):
                led = T.led_suit(trick, rules, named)
                legal = T.legal_plays(hands[p], led, rules)
                assert legal and legal & hands[p] == legal
                if led != T.NO_SUIT and hands[p] & rules.suit_masks[led]:
                    assert legal & ~(rules.suit_masks[led] | rules.free) == 0
                c = rng.choice(C.cards_of(legal))
                if k == 0 and (rules.master >> c) & 1:
                    named = rng.randrange(4)
                hands, trick, voids, to_play, w = T.play_to_trick(
                    rules, hands, trick, voids, seats, c, named
                )
                assert not (hands[p] >> c) & 1
                assert (w < 0) == (k < players - 1)
                assert to_play == (seats[k + 1] if w < 0 else w)
            led = T.led_suit(trick, rules, named)
            for i, (p, c) in enumerate(zip(seats, trick, strict=True)):
                shown = i > 0 and rules.suit[c] != led and not (rules.free >> c) & 1
                assert voids[p] == before[p] | (1 << led if shown else 0)
            powerless = T.powerless_cards(trick, seats, before, rules, led)
            i = T.trick_winner(trick, rules, led, powerless)
            assert w == seats[i]
            # Exactly one winner: no other card beats it in a pairwise comparison.
            for j, c in enumerate(trick):
                if j != i and not (powerless >> c) & 1 and not (powerless >> trick[i]) & 1:
                    pair = [trick[i], c] if i < j else [c, trick[i]]
                    lone = 0 if i < j else 1
                    assert T.trick_winner(pair, rules, led_suit=led) == lone
            leader = w


# --- auctions ---------------------------------------------------------------------------------


def test_auction_ends_when_all_but_one_have_passed() -> None:
    a = T.start_auction(3, first=1, ladder_size=25)
    assert a.to_move == 1 and T.auction_choices(a)[0] == T.PASS
    a = T.bid(a, 0)  # player 1 bids the lowest
    a = T.bid(a, T.PASS)  # player 2 passes and is out
    assert a.to_move == 0
    a = T.bid(a, 3)  # player 0 overbids
    assert a.to_move == 1 and T.auction_choices(a) == [T.PASS, *range(4, 25)]
    a = T.bid(a, 5)
    assert a.to_move == 0  # player 2 is skipped: he has passed and cannot bid again (§18.3)
    a = T.bid(a, T.PASS)
    assert a.over and a.bidder == 1 and a.high == 5
    assert T.auction_choices(a) == []
    with pytest.raises(ValueError):
        T.bid(a, T.PASS)


def test_auction_all_pass_and_bad_bids() -> None:
    a = T.start_auction(4, first=0, ladder_size=5)
    for _ in range(3):
        a = T.bid(a, T.PASS)
    assert not a.over and a.to_move == 3  # the last may still bid
    b = T.bid(a, 1)
    assert b.over and b.bidder == 3 and b.high == 1
    a = T.bid(a, T.PASS)
    assert a.over and a.bidder == -1
    c = T.start_auction(3, 0, 5)
    c = T.bid(c, 2)
    with pytest.raises(ValueError):
        T.bid(c, 2)  # must be higher
    with pytest.raises(ValueError):
        T.bid(c, 5)  # off the ladder
    with pytest.raises(ValueError):
        T.start_auction(1, 0, 5)


def test_auction_top_bid_still_lets_others_pass() -> None:
    a = T.bid(T.start_auction(3, 0, 3), 2)
    assert T.auction_choices(a) == [T.PASS]
    a = T.bid(T.bid(a, T.PASS), T.PASS)
    assert a.over and a.bidder == 0


def test_random_auctions_terminate_with_a_valid_result() -> None:
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randrange(2, 7)
        a = T.start_auction(n, rng.randrange(n), rng.randrange(1, 10))
        calls = 0
        while not a.over:
            a = T.bid(a, rng.choice(T.auction_choices(a)))
            calls += 1
            assert calls <= n * (a.ladder_size + 1)
        if a.bidder >= 0:
            assert a.in_play == 1 << a.bidder and 0 <= a.high < a.ladder_size
        else:
            assert a.in_play == 0 and a.high == T.PASS


def test_module_doctests() -> None:
    import doctest

    result = doctest.testmod(T, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
