"""Cards, packs, rank orders, card sets and notation shared by every card game.

A card is a small int, suit-major: ``suit * 13 + rank`` with ranks ``A=0, 2=1, ..., 10=9,
J=10, Q=11, K=12`` and suits in the order of RULES.md §0: ♠ S, ♥ H, ♦ D, ♣ C. The two jokers
are 52 and 53. A set of cards is an int bitmask (bit ``c`` set when card ``c`` is in the set),
so hands copy for free and set algebra is one machine operation.

Packs and rank orders are data, not code: a game names the pack it plays with (``SPANISH_40``)
and the order its sequences follow (``CONQUIAN_ORDER``: A 2 3 4 5 6 7 J Q K, 7 next below J).

Notation goes both ways, in the three styles the books and users write::

    >>> format_card(parse_card("♥J")), format_card(parse_card("JH")), format_card(parse_card("H.J"))
    ('♥J', '♥J', '♥J')
    >>> format_card(parse_card("10d"), style="letters"), format_card(parse_card("d10"), style="book")
    ('10D', 'D.10')
    >>> format_cards(mask_of(parse_cards("♠5 ♠3 ♠2 ♦K")))
    '♠2 ♠3 ♠5 ♦K'
    >>> mask_size(SPANISH_40.mask), mask_size(PIQUET_32.mask), mask_size(FULL_52_JOKER.mask)
    (40, 32, 53)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeAlias

CardId: TypeAlias = int
"""A card: ``suit * 13 + rank``, or ``JOKER`` / ``JOKER_2``."""
CardMask: TypeAlias = int
"""A set of cards as a bitmask."""

NUM_SUITS = 4
NUM_RANKS = 13
SPADES, HEARTS, DIAMONDS, CLUBS = range(NUM_SUITS)
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(NUM_RANKS)
JOKER: CardId = NUM_SUITS * NUM_RANKS
JOKER_2: CardId = JOKER + 1
NUM_CARD_IDS = JOKER_2 + 1

SUIT_SYMBOLS = "♠♥♦♣"
SUIT_LETTERS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_LETTERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "Ace", "Deuce", "Trey", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
)  # fmt: skip


def card(suit: int, rank: int) -> CardId:
    """The card of ``rank`` in ``suit``.

    >>> card(HEARTS, JACK) == parse_card("♥J")
    True
    """
    return suit * NUM_RANKS + rank


def suit_of(c: CardId) -> int:
    """The suit of a card (jokers have none: ``-1``)."""
    return c // NUM_RANKS if c < JOKER else -1


def rank_of(c: CardId) -> int:
    """The rank index of a card (jokers: ``-1``)."""
    return c % NUM_RANKS if c < JOKER else -1


def pip_value(c: CardId) -> int:
    """The pip value: A=1 ... 10=10; court cards and jokers have none (0).

    >>> pip_value(parse_card("♠A")), pip_value(parse_card("♦10")), pip_value(parse_card("♣K"))
    (1, 10, 0)
    """
    r = rank_of(c)
    return r + 1 if 0 <= r <= TEN else 0


# --- card sets as bitmasks --------------------------------------------------------------------


def mask_of(cards: Iterable[CardId]) -> CardMask:
    """The bitmask of some cards.

    >>> mask_of([0, 2])
    5
    """
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardMask) -> list[CardId]:
    """The cards of a bitmask, in id order.

    >>> cards_of(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: CardMask) -> Iterator[CardId]:
    """Iterate the cards of a bitmask in id order without building a list."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_size(mask: CardMask) -> int:
    """Number of cards in a bitmask."""
    return mask.bit_count()


def has_card(mask: CardMask, c: CardId) -> bool:
    """Whether card ``c`` is in the set."""
    return (mask >> c) & 1 == 1


SUIT_MASKS: tuple[CardMask, ...] = tuple(
    ((1 << NUM_RANKS) - 1) << (s * NUM_RANKS) for s in range(NUM_SUITS)
)
RANK_MASKS: tuple[CardMask, ...] = tuple(
    mask_of(card(s, r) for s in range(NUM_SUITS)) for r in range(NUM_RANKS)
)


# --- packs and rank orders --------------------------------------------------------------------


@dataclass(frozen=True)
class Pack:
    """A pack of cards the books use: its name, its cards in id order, and their mask."""

    name: str
    cards: tuple[CardId, ...]

    @property
    def mask(self) -> CardMask:
        return mask_of(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def _pack(name: str, ranks: Iterable[int], jokers: int = 0) -> Pack:
    rs = tuple(ranks)
    cards = [card(s, r) for s in range(NUM_SUITS) for r in rs]
    cards += [JOKER, JOKER_2][:jokers]
    return Pack(name, tuple(sorted(cards)))


FULL_52 = _pack("full-52", range(NUM_RANKS))
SPANISH_40 = _pack("spanish-40", (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, JACK, QUEEN, KING))
AMERICAN_40 = _pack("american-40", range(ACE, TEN + 1))
PIQUET_32 = _pack("piquet-32", (ACE, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING))
PIQUET_32_JOKER = _pack("piquet-32-joker", (ACE, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING), 1)
FULL_52_JOKER = _pack("full-52-joker", range(NUM_RANKS), 1)
PACKS: dict[str, Pack] = {
    p.name: p for p in (FULL_52, SPANISH_40, AMERICAN_40, PIQUET_32, PIQUET_32_JOKER, FULL_52_JOKER)
}


@dataclass(frozen=True)
class RankOrder:
    """Ranks from lowest to highest, as one game orders them for sequences or tricks.

    >>> CONQUIAN_ORDER.next_above(SEVEN) == JACK, CONQUIAN_ORDER.next_above(KING)
    (True, -1)
    """

    name: str
    ranks: tuple[int, ...]

    def position(self, rank: int) -> int:
        """Position of ``rank`` in the order, ``-1`` if the order lacks it."""
        try:
            return self.ranks.index(rank)
        except ValueError:
            return -1

    def next_above(self, rank: int) -> int:
        """The rank directly above ``rank``, or ``-1`` at the top."""
        i = self.position(rank)
        return self.ranks[i + 1] if 0 <= i < len(self.ranks) - 1 else -1

    def next_below(self, rank: int) -> int:
        """The rank directly below ``rank``, or ``-1`` at the bottom."""
        i = self.position(rank)
        return self.ranks[i - 1] if i > 0 else -1


ACE_LOW_ORDER = RankOrder("ace-low", tuple(range(NUM_RANKS)))
CONQUIAN_ORDER = RankOrder("conquian", (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, JACK, QUEEN, KING))
AMERICAN_CONQUIAN_ORDER = RankOrder("american-conquian", tuple(range(ACE, TEN + 1)))
CUTTING_ORDER = ACE_LOW_ORDER  # "Ace low, King high" when cutting for deal.


# --- notation ---------------------------------------------------------------------------------

_SUIT_BY_CHAR = {ch: i for i, ch in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_CHAR.update({ch: i for i, ch in enumerate(SUIT_LETTERS)})
_SUIT_BY_CHAR.update({ch.lower(): i for i, ch in enumerate(SUIT_LETTERS)})
_SUIT_BY_CHAR.update({"♡": HEARTS, "♢": DIAMONDS, "♤": SPADES, "♧": CLUBS})
_RANK_BY_TEXT = {t: i for i, t in enumerate(RANK_LETTERS)}
_RANK_BY_TEXT.update({"T": TEN, "1": ACE})


def parse_card(text: str) -> CardId:
    """Parse one card written ``♥J``, ``JH``, ``jh``, ``H.J``, ``10h``, ``Th`` or ``JOKER``.

    >>> parse_card("♠A"), parse_card("As"), parse_card("S.A"), parse_card("joker")
    (0, 0, 0, 52)
    >>> parse_card("Z9")
    Traceback (most recent call last):
    ...
    ValueError: cannot read 'Z9' as a card (try ♥J, JH or H.J)
    """
    t = text.strip()
    if t.upper() in ("JOKER", "JK", "★"):
        return JOKER
    if t.upper() in ("JOKER2", "JK2"):
        return JOKER_2
    suit_ch, rank_txt = "", ""
    if "." in t:
        suit_ch, _, rank_txt = t.partition(".")
    elif t and t[0] in _SUIT_BY_CHAR and len(t) > 1 and t[1:].upper() in _RANK_BY_TEXT:
        suit_ch, rank_txt = t[0], t[1:]
    elif t and t[-1] in _SUIT_BY_CHAR:
        suit_ch, rank_txt = t[-1], t[:-1]
    suit = _SUIT_BY_CHAR.get(suit_ch)
    rank = _RANK_BY_TEXT.get(rank_txt.upper())
    if suit is None or rank is None:
        raise ValueError(f"cannot read {text!r} as a card (try ♥J, JH or H.J)")
    return card(suit, rank)


def parse_cards(text: str) -> list[CardId]:
    """Parse cards separated by spaces or commas, in the order written.

    >>> parse_cards("♥J, 7h H.6")
    [23, 19, 18]
    """
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def format_card(c: CardId, style: str = "symbol") -> str:
    """Write a card: ``symbol`` (♥J), ``letters`` (JH) or ``book`` (H.J)."""
    if c >= JOKER:
        return "Joker" if c == JOKER else "Joker2"
    s, r = suit_of(c), RANK_LETTERS[rank_of(c)]
    if style == "symbol":
        return SUIT_SYMBOLS[s] + r
    if style == "letters":
        return r + SUIT_LETTERS[s]
    if style == "book":
        return f"{SUIT_LETTERS[s]}.{r}"
    raise ValueError(f"unknown card style {style!r}: use symbol, letters or book")


def format_cards(cards: Iterable[CardId] | CardMask, style: str = "symbol") -> str:
    """Write several cards separated by spaces; a bitmask is written in id order."""
    seq = cards_of(cards) if isinstance(cards, int) else list(cards)
    return " ".join(format_card(c, style) for c in seq)


def cards_text(cards: Iterable[CardId] | CardMask) -> str:
    """:func:`format_cards`, or ``-`` for no card (a view's empty hand, trick or widow).

    >>> cards_text([]), cards_text(0b11)
    ('-', '♠A ♠2')
    """
    return format_cards(cards) or "-"


def card_name(c: CardId) -> str:
    """The card in words, as the books say it: 'Jack of hearts'.

    >>> card_name(parse_card("♦10"))
    'Ten of diamonds'
    """
    if c >= JOKER:
        return "the Joker"
    return f"{RANK_NAMES[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"
