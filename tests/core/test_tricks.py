"""The shared trick-play core (RULES.md §3, §4, §5, §6, §10, §18, §19)."""

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


# --- golden trump orders ----------------------------------------------------------------------


def test_five_hundred_hearts_trump_order_rules_18_7_6() -> None:
    """§18.7.6: Joker, J♥, J♦, A♥, K♥, Q♥, 10♥, 9♥, 8♥, 7♥; diamonds only A K Q 10 9 8 7."""
    r = T.five_hundred_tricks(C.HEARTS)
    pack = C.PIQUET_32_JOKER.mask
    trumps = [c for c in T.trump_order(r) if (pack >> c) & 1]
    assert fmt(trumps) == "Joker ♥J ♦J ♥A ♥K ♥Q ♥10 ♥9 ♥8 ♥7"
    diamonds = [c for c in T.suit_order(r, C.DIAMONDS) if (pack >> c) & 1]
    assert fmt(diamonds) == "♦A ♦K ♦Q ♦10 ♦9 ♦8 ♦7"
    clubs = [c for c in T.suit_order(r, C.CLUBS) if (pack >> c) & 1]
    assert fmt(clubs) == "♣A ♣K ♣Q ♣J ♣10 ♣9 ♣8 ♣7"


@pytest.mark.parametrize(("trump", "left"), [(C.SPADES, "♣J"), (C.CLUBS, "♠J"), (C.DIAMONDS, "♥J")])
def test_five_hundred_left_bower_is_the_same_colour_jack(trump: int, left: str) -> None:
    r = T.five_hundred_tricks(trump)
    order = T.trump_order(r)
    assert order[:3] == [C.JOKER, C.card(trump, C.JACK), C.parse_card(left)]
    assert len([c for c in order if (C.PIQUET_32_JOKER.mask >> c) & 1]) == 10


def test_solo_trump_orders_rules_6_7() -> None:
    """§6.7: hearts trumps Q♣ 7♥ Q♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥; clubs Q♣ 7♣ Q♠ A♣ K♣ J♣ 10♣ 9♣ 8♣."""
    pack = C.PIQUET_32.mask
    hearts = [c for c in T.trump_order(T.solo_tricks(C.HEARTS)) if (pack >> c) & 1]
    assert fmt(hearts) == "♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8"
    clubs = [c for c in T.trump_order(T.solo_tricks(C.CLUBS)) if (pack >> c) & 1]
    assert fmt(clubs) == "♣Q ♣7 ♠Q ♣A ♣K ♣J ♣10 ♣9 ♣8"
    spades = [c for c in T.trump_order(T.solo_tricks(C.SPADES)) if (pack >> c) & 1]
    assert fmt(spades) == "♣Q ♠7 ♠Q ♠A ♠K ♠J ♠10 ♠9 ♠8"
    # §6.1: 9 trumps with a black suit, 10 with a red one; Q♣ and Q♠ never in their own suits.
    assert len(clubs) == 9 and len(spades) == 9 and len(hearts) == 10
    r = T.solo_tricks(C.DIAMONDS)
    plain_clubs = [c for c in T.suit_order(r, C.CLUBS) if (pack >> c) & 1]
    assert fmt(plain_clubs) == "♣A ♣K ♣J ♣10 ♣9 ♣8 ♣7"


def test_heart_solo_diamonds_have_only_three_trumps_rules_6_6() -> None:
    heart_pack = C.PIQUET_32.mask & ~m("♥8") & ~C.SUIT_MASKS[C.DIAMONDS] | m("♦7")
    assert C.mask_size(heart_pack) == 24
    r = T.heart_solo_tricks()
    assert r.trump == C.DIAMONDS
    trumps = [c for c in T.trump_order(r) if (heart_pack >> c) & 1]
    assert fmt(trumps) == "♣Q ♦7 ♠Q"


def test_calabrasella_order_rules_3_1() -> None:
    """§3.1: 3 2 A K Q J 7 6 5 4, no trumps."""
    r = T.calabrasella_tricks()
    assert r.trump == T.NO_TRUMP
    for s in range(C.NUM_SUITS):
        order = T.suit_order(r, s)
        assert [C.rank_of(c) for c in order] == list(T.CALABRASELLA_RANKS)
    assert T.trump_order(r) == []


# --- trick winners ----------------------------------------------------------------------------


def test_calabrasella_tricks_highest_of_suit_led_wins() -> None:
    r = T.calabrasella_tricks()
    assert T.trick_winner(cs("♠4 ♠3 ♥A"), r) == 1
    assert T.trick_winner(cs("♠A ♠2 ♠K"), r) == 1
    assert T.trick_winner(cs("♠4 ♥3 ♦3"), r) == 0  # no trumps: off-suit cards never win
    assert T.trick_winner(cs("♣J ♣7 ♣Q"), r) == 2


def test_five_hundred_bowers_and_joker_win() -> None:
    r = T.five_hundred_tricks(C.HEARTS)
    assert T.trick_winner(cs("♥A ♦J ♥J"), r) == 2  # right bower over left over ace
    assert T.trick_winner(cs("♥A ♦J ♥K"), r) == 1
    assert T.trick_winner(cs("♦A ♦K ♦J"), r) == 2  # the left bower trumps the diamond lead
    assert T.trick_winner(cs("♥J JOKER ♦J"), r) == 1
    assert T.trick_winner(cs("♠A ♠7 ♦7"), r) == 0  # a diamond is not a trump


def test_left_bower_follows_trumps_not_its_printed_suit() -> None:
    r = T.five_hundred_tricks(C.HEARTS)
    hand = m("♦J ♦A ♣5")
    assert T.legal_plays(hand, C.HEARTS, r) == m("♦J")  # must follow trumps with it
    assert T.legal_plays(hand, C.DIAMONDS, r) == m("♦A")  # it does not follow diamonds
    assert T.legal_plays(m("♦J ♣5"), C.DIAMONDS, r) == m("♦J ♣5")  # void in diamonds
    assert T.legal_plays(m("JOKER ♠7"), C.HEARTS, r) == m("JOKER")  # the joker is a trump
    assert T.effective_suit(C.JOKER, r) == C.HEARTS
    assert T.lead_suit(C.parse_card("♦J"), r) == C.HEARTS


def test_five_hundred_no_trump_joker_rules_18_1() -> None:
    r = T.five_hundred_tricks(T.NO_TRUMP)
    assert T.effective_suit(C.JOKER, r) == T.NO_SUIT
    # Master card: wins whatever it is played to.
    assert T.trick_winner(cs("♠A ♠K JOKER"), r) == 2
    # Led: the leader names the suit; the others must follow it.
    assert T.lead_suit(C.JOKER, r, named=C.CLUBS) == C.CLUBS
    assert T.legal_plays(m("♣7 ♦A"), C.CLUBS, r) == m("♣7")
    assert T.trick_winner(cs("JOKER ♣A ♣K"), r, led_suit=C.CLUBS) == 0
    # ASSUMPTION: it may be played to any trick even when its holder can follow.
    assert T.legal_plays(m("JOKER ♠7 ♦A"), C.SPADES, r) == m("JOKER ♠7")
    # Played to a suit its holder renounced earlier: no winning value.
    joker = C.JOKER
    assert T.trick_winner(cs("♠9 JOKER ♠K"), r, powerless=1 << joker) == 2
    assert T.trick_winner(cs("♠9 JOKER ♥A"), r, powerless=1 << joker) == 0
    # No other trumps at no trumps.
    assert T.trick_winner(cs("♠9 ♥A ♠10"), r) == 2


def test_solo_top_trumps_beat_the_suit() -> None:
    r = T.solo_tricks(C.HEARTS)
    assert T.trick_winner(cs("♥A ♠Q ♥7"), r) == 2  # Manilla over Basta
    assert T.trick_winner(cs("♥7 ♣Q ♠Q"), r) == 1  # Spadilla over all
    assert T.trick_winner(cs("♠A ♠K ♠Q"), r) == 2  # Basta is a trump, never a spade
    # Q♠ does not follow spades; it follows trumps.
    assert T.legal_plays(m("♠Q ♠8 ♦A"), C.SPADES, r) == m("♠8")
    assert T.legal_plays(m("♠Q ♦A"), C.HEARTS, r) == m("♠Q")
    assert T.legal_plays(m("♣Q ♣A"), C.CLUBS, r) == m("♣A")


@pytest.mark.parametrize("make", [T.preference_tricks, T.lift_smoke_tricks, T.vint_tricks])
def test_plain_trumps(make: object) -> None:
    assert callable(make)
    r = make(C.CLUBS)
    assert T.trick_winner(cs("♠A ♣7 ♠K"), r) == 1
    assert T.trick_winner(cs("♠10 ♥A ♠K"), r) == 2
    assert T.trick_winner(cs("♣8 ♣A ♣10"), r) == 1
    assert T.legal_plays(m("♠7 ♣A"), C.HEARTS, r) == m("♠7 ♣A")  # no obligation to trump


def test_vint_no_trumps_and_full_pack() -> None:
    r = T.vint_tricks(T.NO_TRUMP)
    assert T.trick_winner(cs("♠2 ♥A ♠3"), r) == 2
    assert fmt(T.suit_order(r, C.SPADES)) == "♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3 ♠2"


def test_quinto_ascending_suit_power_rules_19_10_2() -> None:
    """§19.10.2: A♥ beats every card; ♠ led, a void 2♣ beats A♠, and a later 2♦ beats the 2♣."""
    r = T.quinto_tricks()
    assert T.trick_winner(cs("♠3 ♠A ♣2 ♦2"), r) == 3
    assert T.trick_winner(cs("♠3 ♠A ♣2 ♠K"), r) == 2
    assert T.trick_winner(cs("♠3 ♠A ♠2 ♠K"), r) == 1
    for c in range(52):
        if c != C.parse_card("♥A"):
            assert T.trick_winner([c, C.parse_card("♥A")], r) == 1
    assert T.trick_winner(cs("♥2 ♦A"), r) == 0
    # Quint Royal: no power, playable to any trick, led only as the last card.
    assert T.trick_winner(cs("♠2 JOKER"), r) == 0
    assert T.trick_winner(cs("JOKER ♠2 ♠3"), r) == 2
    assert T.legal_plays(m("JOKER ♠2 ♥4"), C.SPADES, r) == m("JOKER ♠2")
    assert T.legal_plays(m("JOKER ♠2"), T.NO_SUIT, r) == m("♠2")
    assert T.legal_plays(m("JOKER"), T.NO_SUIT, r) == m("JOKER")


def test_must_trump_obligation_is_a_parameter() -> None:
    from dataclasses import replace

    r = replace(T.lift_smoke_tricks(C.HEARTS), must_trump=True)
    assert T.legal_plays(m("♠7 ♥2 ♥3"), C.CLUBS, r) == m("♥2 ♥3")
    assert T.legal_plays(m("♠7 ♦2"), C.CLUBS, r) == m("♠7 ♦2")
    assert T.legal_plays(m("♣7 ♥2"), C.CLUBS, r) == m("♣7")


def test_bad_trump_is_refused() -> None:
    with pytest.raises(ValueError):
        T.solo_tricks(T.NO_TRUMP)
    with pytest.raises(ValueError):
        T.preference_tricks(7)


# --- card points ------------------------------------------------------------------------------


def test_calabrasella_counting_cards_rules_3_4_and_3_7_6() -> None:
    pack = C.SPANISH_40.mask
    assert T.trick_points(pack, T.CALABRASELLA_POINTS) + 3 == 35  # §3.7.6: 4×3 + 20×1 + 3
    aces = C.RANK_MASKS[C.ACE]
    assert T.trick_points(aces, T.CALABRASELLA_POINTS) == 12  # §3.6.10: Aces count 12
    assert T.trick_points(cs("♠A ♥3 ♦7 ♣K"), T.CALABRASELLA_POINTS) == 5
    assert T.trick_points(m("♠4 ♠5 ♠6 ♠7"), T.CALABRASELLA_POINTS) == 0


# --- properties on random deals ---------------------------------------------------------------

_GAMES: list[tuple[T.TrickRules, C.Pack, int]] = [
    (T.calabrasella_tricks(), C.SPANISH_40, 3),
    (T.five_hundred_tricks(C.HEARTS), C.PIQUET_32_JOKER, 3),
    (T.five_hundred_tricks(C.SPADES), C.PIQUET_32_JOKER, 3),
    (T.five_hundred_tricks(T.NO_TRUMP), C.PIQUET_32_JOKER, 3),
    (T.solo_tricks(C.CLUBS), C.PIQUET_32, 4),
    (T.solo_tricks(C.DIAMONDS), C.PIQUET_32, 4),
    (T.preference_tricks(C.HEARTS), C.PIQUET_32, 3),
    (T.lift_smoke_tricks(C.SPADES), C.FULL_52, 4),
    (T.vint_tricks(T.NO_TRUMP), C.FULL_52, 4),
    (T.quinto_tricks(), C.FULL_52_JOKER, 4),
]


@pytest.mark.parametrize(("rules", "pack", "players"), _GAMES, ids=lambda x: getattr(x, "name", ""))
def test_random_deals_play_out_legally(rules: T.TrickRules, pack: C.Pack, players: int) -> None:
    rng = random.Random(12345)
    for _ in range(60):
        deck = list(pack.cards)
        rng.shuffle(deck)
        per = len(deck) // players
        hands = [C.mask_of(deck[i * per : (i + 1) * per]) for i in range(players)]
        leader = 0
        while hands[leader]:
            played: list[int] = []
            led = T.NO_SUIT
            for k in range(players):
                p = (leader + k) % players
                legal = T.legal_plays(hands[p], led, rules)
                assert legal and legal & hands[p] == legal
                # Follow suit if able: a player who can follow keeps to the suit (or a free card).
                if led != T.NO_SUIT and hands[p] & rules.suit_masks[led]:
                    assert legal & ~(rules.suit_masks[led] | rules.free) == 0
                c = rng.choice(C.cards_of(legal))
                hands[p] &= ~(1 << c)
                played.append(c)
                if led == T.NO_SUIT:
                    named = rng.randrange(4) if (rules.master >> c) & 1 else T.NO_SUIT
                    led = T.lead_suit(c, rules, named=named)
            w = T.trick_winner(played, rules, led_suit=led)
            assert 0 <= w < players
            # Exactly one winner: no other card beats it in a pairwise comparison.
            for i, c in enumerate(played):
                if i != w:
                    pair = [played[w], c] if w < i else [c, played[w]]
                    lone = 0 if w < i else 1
                    assert T.trick_winner(pair, rules, led_suit=led) == lone
            leader = (leader + w) % players


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
