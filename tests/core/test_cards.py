"""Cards, packs, rank orders and notation (RULES.md §0)."""

from __future__ import annotations

import pytest

from hoyle.envs.core import cards as C


@pytest.mark.parametrize(
    "text",
    ["♥J", "JH", "jh", "H.J", "h.j", "♡J", "Jh"],
)
def test_jack_of_hearts_in_every_notation(text: str) -> None:
    assert C.parse_card(text) == C.card(C.HEARTS, C.JACK)


def test_every_card_round_trips_in_every_style() -> None:
    for c in range(52):
        for style in ("symbol", "letters", "book"):
            assert C.parse_card(C.format_card(c, style)) == c
    assert C.parse_card(C.format_card(C.JOKER)) == C.JOKER


@pytest.mark.parametrize("bad", ["", "X", "11H", "HH", "♥", "1O♥", "Z.J"])
def test_bad_notation_is_refused_clearly(bad: str) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        C.parse_card(bad)


def test_packs_have_the_books_cards() -> None:
    assert len(C.FULL_52) == 52
    spanish = C.SPANISH_40
    assert len(spanish) == 40
    assert not any(C.rank_of(c) in (C.EIGHT, C.NINE, C.TEN) for c in spanish.cards)
    american = C.AMERICAN_40
    assert len(american) == 40
    assert not any(C.rank_of(c) >= C.JACK for c in american.cards)
    assert len(C.PIQUET_32) == 32 and len(C.PIQUET_32_JOKER) == 33
    assert C.JOKER in C.PIQUET_32_JOKER.cards and len(C.FULL_52_JOKER) == 53


def test_conquian_rank_order_puts_seven_below_jack() -> None:
    order = C.CONQUIAN_ORDER
    assert order.next_above(C.SEVEN) == C.JACK
    assert order.next_below(C.JACK) == C.SEVEN
    assert order.next_above(C.KING) == -1  # the Ace is not in sequence with the King
    assert order.next_below(C.ACE) == -1
    assert C.AMERICAN_CONQUIAN_ORDER.next_above(C.SEVEN) == C.EIGHT


def test_masks_and_suits() -> None:
    hand = C.parse_cards("♠A ♠5 ♥K ♣10")
    m = C.mask_of(hand)
    assert C.mask_size(m) == 4
    assert C.cards_of(m) == sorted(hand)
    assert list(C.iter_cards(m)) == sorted(hand)
    assert C.mask_size(m & C.SUIT_MASKS[C.SPADES]) == 2
    assert C.mask_size(m & C.RANK_MASKS[C.KING]) == 1
    assert all(C.has_card(m, c) for c in hand)
    assert C.format_cards(m) == "♠A ♠5 ♥K ♣10"
    assert C.pip_value(C.parse_card("♣10")) == 10 and C.pip_value(C.parse_card("♣Q")) == 0
