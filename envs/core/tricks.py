"""The shared trick-play core: the trick sub-state, the one play step, follow-suit legality,
trick winners, card points, auctions.

Every trick-taking game of the books plays its tricks the same way (lead, follow suit if able,
the best card wins, the winner leads); they differ only in how cards rank, which cards are
trumps, and a few special cards. That difference is data: a :class:`TrickRules` holds per-card
tables (the *effective suit* of each card id and its *power* within that suit), built once per
game by the game's own constructor from :func:`build_tricks` (``five_hundred_tricks`` in
:mod:`hoyle.envs.games.five_hundred`, ``solo_tricks`` in :mod:`hoyle.envs.games.solo`, ...),
so the functions here are a few table look-ups and run inside a double-dummy solver. Cards are the int ids of :mod:`hoyle.envs.core.cards`, sets of cards are
int bitmasks.

**The trick sub-state** is a few plain slots every trick game keeps in its state: ``hands`` (a
card mask per seat), ``trick`` (the cards played to the current trick, in order), ``leader``,
``voids`` (per seat, a 4-bit mask of the *effective* suits the seat has renounced: it played
another card to a trick in which the suit was led) and, where a led card can be of no suit,
the suit ``named`` for it. Voids are suit masks in every game; :func:`void_cards` turns them
into the cards a seat cannot hold (what a determinizer deals around). :func:`play_to_trick` is
the one play step: the card leaves the hand, a renounce is recorded, the next seat is found,
and when the trick is full its winner (who leads next). Each game passes the trick's seats in
playing order (the four-handed Calabrasella and Preference dealer sits out; a Lift Smoke
player who is out of cards has withdrawn) and does its own scoring with the winner.

The special cards are fields of :class:`TrickRules`, not code in the games: ``free`` cards may
be played to any trick and playing one is no renounce (the Five Hundred No-trump Joker, Quint
Royal); ``master`` cards win every trick; ``fragile`` cards have no winning value played, not
as leader, to a suit their holder had renounced before, and their own renounce counts from
the next trick (the No-trump Joker, RULES.md §18.1); ``lead_last_only`` cards may be led only
as the holder's last card; ``suit_power`` ranks the suits against one another (ascending suit
power, §19.1); ``must_trump`` obliges a player void in the suit led to trump. The books' games
set ``must_trump`` off, since none of their sections imposes it; it exists for games that do.

Example, a three-handed trick at hearts trumps in which the third hand trumps (the seats in
playing order are 2, 0, 1)::

    >>> from hoyle.envs.core.cards import HEARTS, SPADES, mask_of, parse_cards, format_cards
    >>> rules = build_tricks("example", ACE_HIGH_RANKS, HEARTS)
    >>> hands = tuple(mask_of(parse_cards(t)) for t in ("♠2 ♠3", "♥2 ♦4", "♠A ♦5"))
    >>> trick, voids = (), (0, 0, 0)
    >>> for c in parse_cards("♠A ♠2 ♥2"):
    ...     hands, trick, voids, to_play, winner = play_to_trick(
    ...         rules, hands, trick, voids, (2, 0, 1), c)
    >>> format_cards(trick), winner, to_play, voids[1] == 1 << SPADES
    ('♠A ♠2 ♥2', 1, 1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hoyle.envs.core.cards import (
    ACE,
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    KING,
    NINE,
    NUM_CARD_IDS,
    NUM_SUITS,
    QUEEN,
    SEVEN,
    SIX,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TEN,
    THREE,
    TWO,
    CardId,
    CardMask,
    card,
    cards_text,
    format_card,
    format_cards,
)

NO_TRUMP = -1
"""The trump argument for a game played without trumps."""
NO_SUIT = -1
"""Effective suit of a card that belongs to no suit (the no-trump Joker, Quint Royal)."""

_TRUMP_BONUS = 100
_MASTER = 10_000
_NO_POWER = -1

# Rank orders, highest first, of the common packs.
ACE_HIGH_RANKS: tuple[int, ...] = (
    ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN, SIX, FIVE, FOUR, THREE, TWO,
)  # fmt: skip
"""A K Q J 10 ... 2 (Whist order; the 32-card packs simply lack the low cards)."""
PIQUET_RANKS: tuple[int, ...] = (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)
"""A K Q J 10 9 8 7: the 32-card (piquet) pack in Whist order."""


@dataclass(frozen=True)
class TrickRules:
    """How one game's tricks work, as per-card tables indexed by card id.

    ``suit[c]``: the effective suit of card ``c`` (a trump printed otherwise — the left bower,
    the Joker, Spadilla, Basta — has the trump suit; ``NO_SUIT`` for a card of no suit).
    ``power[c]``: its strength within that suit, higher wins (``-1`` for a card that never wins,
    such as Quint Royal); trumps are above every plain card. ``trump``: the trump suit or
    ``NO_TRUMP``. ``suit_power``: for ascending-suit-power games (Quinto), each suit's power;
    then the trick goes to the greatest (suit power, rank) of all cards played and there are no
    trumps. ``free``: cards that may be played to any trick even when the player can follow,
    and whose play is no renounce (the no-trump Joker of Five Hundred, Quint Royal).
    ``master``: cards that win any trick they are not made powerless in (the no-trump Joker).
    ``fragile``: cards that have no winning value played, not as leader, to a suit their holder
    had renounced before; played off the suit led when not free, the renounce they show counts
    from the next trick (the no-trump Joker, §18.1). ``lead_last_only``: cards that may be led
    only as the holder's last card (Quint Royal). ``must_trump``: a player void in the suit led
    must play a trump if he holds one.
    """

    name: str
    suit: tuple[int, ...]
    power: tuple[int, ...]
    trump: int = NO_TRUMP
    suit_power: tuple[int, ...] | None = None
    free: CardMask = 0
    master: CardMask = 0
    lead_last_only: CardMask = 0
    must_trump: bool = False
    fragile: CardMask = 0

    suit_masks: tuple[CardMask, ...] = field(init=False, repr=False, compare=False)
    no_renounce: CardMask = field(init=False, repr=False, compare=False)
    """Cards whose play off the suit led records no renounce at once: free and fragile ones."""

    def __post_init__(self) -> None:
        masks = [0] * NUM_SUITS
        for c, s in enumerate(self.suit):
            if s >= 0:
                masks[s] |= 1 << c
        object.__setattr__(self, "suit_masks", tuple(masks))
        object.__setattr__(self, "no_renounce", self.free | self.fragile)


def check_trump(trump: int, allow_no_trump: bool) -> None:
    """Refuse a trump that is not a suit 0-3 (or ``NO_TRUMP`` where the game has no-trumps)."""
    if trump == NO_TRUMP and allow_no_trump:
        return
    if not 0 <= trump < NUM_SUITS:
        raise ValueError(f"trump must be a suit 0-3{' or NO_TRUMP' if allow_no_trump else ''}")


def build_tricks(
    name: str,
    ranks_high_first: Sequence[int],
    trump: int,
    *,
    top_trumps: Sequence[CardId] = (),
    suit_power: Sequence[int] | None = None,
    free: CardMask = 0,
    master: CardMask = 0,
    fragile: CardMask = 0,
    lead_last_only: CardMask = 0,
    must_trump: bool = False,
) -> TrickRules:
    """A game's tables from a rank order (highest first), a trump suit and the extra top trumps.

    ``top_trumps`` are the trumps above the trump suit's own ranks, best first (they are taken
    out of their printed suits). A card id the order lacks gets no suit (it is not in the pack).
    The other arguments are the :class:`TrickRules` fields of the same names.

    >>> from hoyle.envs.core.cards import HEARTS, format_cards
    >>> format_cards(trump_order(build_tricks("plain", PIQUET_RANKS, HEARTS)))
    '♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7'
    """
    suit = [NO_SUIT] * NUM_CARD_IDS
    power = [_NO_POWER] * NUM_CARD_IDS
    n = len(ranks_high_first)
    for s in range(NUM_SUITS):
        for i, r in enumerate(ranks_high_first):
            c = card(s, r)
            suit[c] = s
            power[c] = n - i + (_TRUMP_BONUS if s == trump else 0)
    for i, c in enumerate(top_trumps):
        suit[c] = trump
        power[c] = _TRUMP_BONUS + n + len(top_trumps) - i
    return TrickRules(
        name=name,
        suit=tuple(suit),
        power=tuple(power),
        trump=trump,
        suit_power=None if suit_power is None else tuple(suit_power),
        free=free,
        master=master,
        lead_last_only=lead_last_only,
        must_trump=must_trump,
        fragile=fragile,
    )


# --- the core functions -----------------------------------------------------------------------


def effective_suit(c: CardId, rules: TrickRules) -> int:
    """The suit card ``c`` belongs to in play (trumps printed otherwise belong to trumps).

    >>> from hoyle.envs.core.cards import DIAMONDS, HEARTS, JACK, card
    >>> left_bower = build_tricks("t", PIQUET_RANKS, HEARTS, top_trumps=(card(DIAMONDS, JACK),))
    >>> effective_suit(card(DIAMONDS, JACK), left_bower) == HEARTS
    True
    """
    return rules.suit[c]


def lead_suit(c: CardId, rules: TrickRules, named: int = NO_SUIT) -> int:
    """The suit a led card calls for: its effective suit, or ``named`` for a card of no suit.

    Five Hundred's no-trump Joker led: the leader names the suit (§18.1). Quint Royal led: no
    suit yet (``NO_SUIT``); the next card played fixes it (§19.4).
    """
    s = rules.suit[c]
    return named if s == NO_SUIT else s


def led_suit(trick: Sequence[CardId], rules: TrickRules, named: int = NO_SUIT) -> int:
    """The suit led to ``trick``: its first card's effective suit; for a led card of no suit
    the suit ``named`` for it, else the first later card's (§19.4); ``NO_SUIT`` while none.

    >>> from hoyle.envs.core.cards import parse_cards
    >>> led_suit(parse_cards("♦2 ♠A"), build_tricks("t", ACE_HIGH_RANKS, NO_TRUMP))
    2
    """
    if not trick:
        return NO_SUIT
    suit = rules.suit
    led = suit[trick[0]]
    if led != NO_SUIT:
        return led
    if named != NO_SUIT:
        return named
    for c in trick:
        if suit[c] != NO_SUIT:
            return suit[c]
    return NO_SUIT


def legal_plays(hand: CardMask, led_suit: int, rules: TrickRules) -> CardMask:
    """The cards of ``hand`` that may be played; ``led_suit`` is ``NO_SUIT`` when leading.

    Follow suit if able, otherwise any card (§3.3.4, §4.4, §5.4, §6.4, §10, §18.4, §19.4); free
    cards (no-trump Joker, Quint Royal) may always be played; a ``lead_last_only`` card may be
    led only as the last card; with ``must_trump`` a void player holding trumps must trump.
    Never empty for a non-empty hand.

    >>> from hoyle.envs.core.cards import HEARTS, mask_of, parse_cards, format_cards
    >>> rules = build_tricks("t", PIQUET_RANKS, HEARTS)
    >>> format_cards(legal_plays(mask_of(parse_cards("♥J ♦A ♣5")), HEARTS, rules))
    '♥J'
    """
    if led_suit == NO_SUIT:
        restricted = hand & rules.lead_last_only
        if restricted and hand != restricted:
            return hand & ~restricted
        return hand
    masks = rules.suit_masks
    follow = hand & masks[led_suit]
    if follow:
        return follow | (hand & rules.free)
    if rules.must_trump and rules.trump != NO_TRUMP:
        trumps = hand & masks[rules.trump]
        if trumps:
            return trumps | (hand & rules.free)
    return hand


def play_refusal(hand: CardMask, led_suit: int, rules: TrickRules, c: CardId) -> str | None:
    """Why :func:`legal_plays` refuses card ``c`` from ``hand`` (``led_suit`` as there), in the
    rule's words, or ``None`` if ``c`` may be played. It speaks to the holder of ``hand`` and
    names only his own cards; every trick game's ``illegal_reason`` says it for a refused card.
    Computed only when a play is refused (:mod:`hoyle.envs.core.capabilities`).

    >>> from hoyle.envs.core.cards import HEARTS, SPADES, mask_of, parse_card, parse_cards
    >>> rules = build_tricks("t", PIQUET_RANKS, SPADES)
    >>> hand = mask_of(parse_cards("♥7 ♥9 ♦A"))
    >>> play_refusal(hand, HEARTS, rules, parse_card("♦A"))
    'you must follow suit (hearts): you hold ♥9 ♥7'
    >>> play_refusal(hand, HEARTS, rules, parse_card("♣A")), play_refusal(hand, HEARTS, rules, 21)
    ('you do not hold ♣A', None)
    """
    if not (hand >> c) & 1:
        return f"you do not hold {format_card(c)}"
    if (legal_plays(hand, led_suit, rules) >> c) & 1:
        return None
    if led_suit == NO_SUIT:
        return f"{format_card(c)} may be led only as your last card"
    masks = rules.suit_masks
    follow = hand & masks[led_suit]
    held = " ".join(format_card(x) for x in suit_order(rules, led_suit) if (follow >> x) & 1)
    if follow:
        what = "trumps" if led_suit == rules.trump else SUIT_NAMES[led_suit]
        return f"you must follow suit ({what}): you hold {held or format_cards(follow)}"
    trumps = hand & masks[rules.trump]
    return f"you must trump, having none of the suit led: you hold {format_cards(trumps)}"


def trick_winner(
    cards_in_order: Sequence[CardId],
    rules: TrickRules,
    led_suit: int = NO_SUIT,
    powerless: CardMask = 0,
) -> int:
    """Index (in play order) of the card that wins a complete trick.

    ``led_suit``: the suit led when the first card does not fix it (the suit named for a led
    no-trump Joker, §18.1; the second card's suit after a led Quint Royal, §19.4); by default
    the first card's effective suit, else the first card with a suit. ``powerless``: cards that
    have no winning value in this trick (the no-trump Joker played by a holder who renounced the
    suit led, §18.1). Master cards win unless powerless; then the highest trump; else the highest
    card of the suit led; with ascending suit power, the greatest (suit power, rank).

    >>> from hoyle.envs.core.cards import HEARTS, parse_cards
    >>> trick_winner(parse_cards("♠A ♥2 ♠K"), build_tricks("t", ACE_HIGH_RANKS, HEARTS))
    1
    """
    suit = rules.suit
    power = rules.power
    if led_suit == NO_SUIT:
        for c in cards_in_order:
            if suit[c] != NO_SUIT:
                led_suit = suit[c]
                break
    sp = rules.suit_power
    trump = rules.trump
    master = rules.master
    if sp is None and not master and not powerless:
        # The common case (no special card): the highest trump, else of the suit led.
        # No trumps: -2 matches no card, not even one of no suit.
        counts = (led_suit, -2 if trump == NO_TRUMP else trump)
        best, best_key = 0, -1
        for i, c in enumerate(cards_in_order):
            if suit[c] in counts and power[c] > best_key:
                best, best_key = i, power[c]
        return best
    best, best_key = 0, -(1 << 30)
    for i, c in enumerate(cards_in_order):
        bit = 1 << c
        if bit & powerless:
            key = -2
        elif bit & master:
            key = _MASTER
        else:
            s = suit[c]
            if sp is not None:
                key = -1 if s == NO_SUIT or power[c] < 0 else sp[s] * 1000 + power[c]
            elif (s == trump and trump != NO_TRUMP) or s == led_suit:
                key = power[c]
            else:
                key = -1
        if key > best_key:
            best, best_key = i, key
    return best


def powerless_cards(
    trick: Sequence[CardId],
    seats: Sequence[int],
    voids: Sequence[int],
    rules: TrickRules,
    led: int,
) -> CardMask:
    """The ``fragile`` cards of ``trick`` that have no winning value in it: played, not as
    leader, by a seat (``seats`` in playing order) that had renounced the suit ``led``
    (§18.1). ``voids`` are the seats' renounces before the trick's end."""
    fragile = rules.fragile
    out = 0
    if fragile and led != NO_SUIT:
        for i in range(1, len(trick)):
            c = trick[i]
            if (fragile >> c) & 1 and (voids[seats[i]] >> led) & 1:
                out |= 1 << c
    return out


def play_to_trick(
    rules: TrickRules,
    hands: tuple[CardMask, ...],
    trick: tuple[CardId, ...],
    voids: tuple[int, ...],
    seats: Sequence[int],
    c: CardId,
    named: int = NO_SUIT,
) -> tuple[tuple[CardMask, ...], tuple[CardId, ...], tuple[int, ...], int, int]:
    """The one play step: the seat ``seats[len(trick)]`` plays ``c`` to the current trick.

    ``seats``: the trick's seats in playing order, the leader first; ``named``: the suit named
    for a led card of no suit (see :func:`led_suit`). Returns ``(hands, trick, voids, to_play,
    winner)``: the hands without ``c``; the trick with ``c`` added; the voids with the renounce
    ``c`` shows (a card of another effective suit than the suit led, unless it is free; a
    fragile card's at the trick's end, so that it keeps its power in this trick); ``to_play``
    the next seat; ``winner`` ``-1`` while the trick is open, else the seat that wins it (and
    ``to_play`` is he: the winner leads). The game keeps or clears the full trick and scores it.
    The legality of ``c`` is the caller's (:func:`legal_plays`).
    """
    k = len(trick)
    p = seats[k]
    held = list(hands)  # (a list and back is faster than slicing the tuple)
    held[p] &= ~(1 << c)
    hands = tuple(held)
    suit = rules.suit
    if k:
        led = suit[trick[0]]
        if led == NO_SUIT:
            led = led_suit((*trick, c), rules, named)
        if suit[c] != led and led != NO_SUIT and not (rules.no_renounce >> c) & 1:
            shown = list(voids)
            shown[p] |= 1 << led
            voids = tuple(shown)
        trick = (*trick, c)
        if k + 1 < len(seats):
            return hands, trick, voids, seats[k + 1], -1
    else:
        if len(seats) > 1:
            return hands, (c,), voids, seats[1], -1
        trick = (c,)
        led = suit[c]
        if led == NO_SUIT:
            led = named
    fragile = rules.fragile
    if not fragile:
        w = seats[trick_winner(trick, rules, led)]
        return hands, trick, voids, w, w
    w = seats[trick_winner(trick, rules, led, powerless_cards(trick, seats, voids, rules, led))]
    if led != NO_SUIT:
        late = fragile & ~rules.free
        for i in range(1, len(trick)):
            x = trick[i]
            if (late >> x) & 1 and suit[x] != led:
                shown = list(voids)
                shown[seats[i]] |= 1 << led
                voids = tuple(shown)
    return hands, trick, voids, w, w


def leader_orders(seats: Sequence[int], num_seats: int) -> tuple[tuple[int, ...], ...]:
    """The playing order of a trick for each leader, indexed by seat: the leader, then the
    other ``seats`` (listed in order round the table) after him; ``()`` for a seat not in play.

    >>> leader_orders((1, 2, 3), 4)
    ((), (1, 2, 3), (2, 3, 1), (3, 1, 2))
    """
    out: list[tuple[int, ...]] = [()] * num_seats
    for i, q in enumerate(seats):
        out[q] = (*seats[i:], *seats[:i])
    return tuple(out)


def void_cards(voids: int, rules: TrickRules) -> CardMask:
    """The cards a seat that renounced the suits ``voids`` (a 4-bit mask) cannot hold: every
    card of those effective suits.

    >>> from hoyle.envs.core.cards import HEARTS, format_cards
    >>> format_cards(void_cards(1 << HEARTS, build_tricks("t", PIQUET_RANKS, NO_TRUMP)))
    '♥A ♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K'
    """
    m = 0
    masks = rules.suit_masks
    for x in range(NUM_SUITS):
        if (voids >> x) & 1:
            m |= masks[x]
    return m


def tricks_line(won: Sequence[int], past: Sequence[Sequence[CardId]]) -> str:
    """The tricks won by each seat and the completed tricks (each ``(leader, cards...)``), as
    the views' text writes them.

    >>> from hoyle.envs.core.cards import parse_cards
    >>> tricks_line((1, 0), [(0, *parse_cards("♠A ♠2"))])
    'Tricks: 0:1 1:0; 0: ♠A ♠2'
    """
    return (
        "Tricks: "
        + " ".join(f"{q}:{k}" for q, k in enumerate(won))
        + "; "
        + " | ".join(f"{t[0]}: {cards_text(t[1:])}" for t in past)
    )


def voids_line(voids: Sequence[int]) -> str:
    """The suits each seat is known to lack (4-bit masks), as the views' text writes them.

    >>> from hoyle.envs.core.cards import CLUBS, HEARTS
    >>> voids_line((0, 1 << HEARTS | 1 << CLUBS))
    'Known voids: 0:- 1:♥♣'
    """
    return "Known voids: " + " ".join(
        f"{q}:{''.join(SUIT_SYMBOLS[s] for s in range(NUM_SUITS) if v >> s & 1) or '-'}"
        for q, v in enumerate(voids)
    )


def trick_points(cards: Iterable[CardId] | CardMask, table: Sequence[int]) -> int:
    """Sum of the counting values of some cards (a sequence or a bitmask).

    >>> from hoyle.envs.core.cards import ACE, JACK, parse_cards
    >>> trick_points(parse_cards("♠A ♠J ♠4"), points_table({ACE: 3, JACK: 1}))
    4
    """
    if isinstance(cards, int):
        total = 0
        m = cards
        while m:
            low = m & -m
            total += table[low.bit_length() - 1]
            m ^= low
        return total
    return sum(table[c] for c in cards)


def points_table(values: Mapping[int, int]) -> tuple[int, ...]:
    """A counting-value table by card id from the values of the ranks (the same in every suit)."""
    out = [0] * NUM_CARD_IDS
    for s in range(NUM_SUITS):
        for r, v in values.items():
            out[card(s, r)] = v
    return tuple(out)


def weakest(cards: Sequence[CardId], rules: TrickRules) -> list[CardId]:
    """The weakest of ``cards`` (all of them, when several tie): a card of a plain suit before a
    trump, then the lowest power; ``[]`` for no cards. What a trick player throws away.

    >>> from hoyle.envs.core.cards import SPADES, parse_card
    >>> tr = build_tricks("t", ACE_HIGH_RANKS, SPADES)
    >>> [format_card(c) for c in weakest([parse_card(x) for x in ("♠2", "♥9", "♦9", "♥A")], tr)]
    ['♥9', '♦9']
    """
    if not cards:
        return []
    plain = [c for c in cards if rules.suit[c] != rules.trump] or list(cards)
    low = min(rules.power[c] for c in plain)
    return [c for c in plain if rules.power[c] == low]


def trump_order(rules: TrickRules) -> list[CardId]:
    """The trumps of ``rules``, best first (golden tests §6.7, §18.7.6); ``[]`` at no trumps."""
    if rules.trump == NO_TRUMP:
        return []
    trumps = [c for c in range(NUM_CARD_IDS) if rules.suit[c] == rules.trump]
    return sorted(trumps, key=lambda c: -rules.power[c])


def suit_order(rules: TrickRules, s: int) -> list[CardId]:
    """The cards of effective suit ``s``, best first."""
    cs = [c for c in range(NUM_CARD_IDS) if rules.suit[c] == s]
    return sorted(cs, key=lambda c: -rules.power[c])


# --- the card play as a double-dummy problem -------------------------------------------------


@dataclass(frozen=True)
class CardPlay:
    """The card play of a state, as the double-dummy solver and the ``pimc`` agent read it.

    A trick game's rules provide ``card_play(s) -> CardPlay | None`` (``None`` outside the card
    play, or where a solver does not apply, e.g. a stock still to draw from). Only the seats
    that play take part (the four-handed Calabrasella dealer sits out): ``seats`` lists them in
    playing order round the table, and every other field indexes that order. ``hands``: each
    playing seat's cards (in a determinized world, all known). ``leader``: who led, or leads,
    the current trick; ``table``: the cards already played to it, in order; ``named``: the suit
    the leader named for a led no-trump Joker, else ``NO_SUIT``. ``sides``: each playing seat's
    side (single player 0 and adversaries 1; each for himself 0, 1, 2). ``points``: card
    points by card id, ``None`` to count tricks; ``last_trick``: the bonus for the last trick
    (with whatever goes to its winner, such as Calabrasella's stock). ``renounced``: for each
    playing seat (``seats`` order) a 4-bit mask of the suits it has renounced so far, empty when
    none is known; the solver needs it for Five Hundred's no-trump Joker, which has no winning
    value played to a suit its holder renounced (§18.1). The game's card-play action for a
    card is the card id.
    """

    tricks: TrickRules
    seats: tuple[int, ...]
    hands: tuple[CardMask, ...]
    leader: int
    table: tuple[CardId, ...] = ()
    named: int = NO_SUIT
    sides: tuple[int, ...] = ()
    points: tuple[int, ...] | None = None
    last_trick: int = 0
    renounced: tuple[int, ...] = ()

    @property
    def to_play(self) -> int:
        """Index in ``seats`` of the seat to play next."""
        return (self.leader + len(self.table)) % len(self.seats)


def partnership_card_play(
    rules: TrickRules,
    hands: tuple[CardMask, ...],
    leader: int,
    table: tuple[CardId, ...],
    declarer: int,
    seating: tuple[int, ...] | None = None,
) -> CardPlay:
    """The card play of four hands in two partnerships sitting opposite (Vint, Auction Bridge):
    every seat plays, tricks are counted, the declarer's side is side 0. ``seating`` lists the
    players in chair order (default: player ``q`` in chair ``q``); the searcher's seats are the
    chairs."""
    seating = seating or tuple(range(len(hands)))
    side = seating.index(declarer) % 2
    return CardPlay(
        tricks=rules,
        seats=seating,
        hands=tuple(hands[q] for q in seating),
        leader=seating.index(leader),
        table=table,
        sides=tuple(0 if c % 2 == side else 1 for c in range(len(hands))),
    )


# --- auctions that end when all but one have passed -------------------------------------------

PASS = -1
"""The pass in an :class:`Auction`."""


@dataclass(frozen=True)
class Auction:
    """An auction in which a player who passes is out and bids must rise (§5.3.2, §6.3, §18.3).

    Bids are indices into the game's bid ladder (``0`` the lowest, ``ladder_size - 1`` the
    highest; the game maps them to "seven spades" or "16"). The auction ends when, after a bid,
    every other player has passed, or when all have passed without a bid.
    ``in_play``: bitmask of players who have not passed; ``to_move``: the player to speak, or
    ``-1`` when it is over; ``high``: the highest bid so far (``PASS`` if none), by ``bidder``.

    >>> a = start_auction(3, first=0, ladder_size=5)
    >>> a = bid(bid(bid(a, 0), 2), PASS)
    >>> a.to_move, a.high, a.bidder
    (0, 2, 1)
    >>> a = bid(a, PASS)
    >>> a.over, a.bidder, a.high
    (True, 1, 2)
    """

    num_players: int
    ladder_size: int
    in_play: int
    to_move: int
    high: int = PASS
    bidder: int = -1

    @property
    def over(self) -> bool:
        """Whether the auction has ended (``bidder == -1`` then means all passed)."""
        return self.to_move < 0


def start_auction(num_players: int, first: int, ladder_size: int) -> Auction:
    """A fresh auction: ``first`` speaks first (the eldest hand in §18.3 and §6.3)."""
    if num_players < 2 or not 0 <= first < num_players or ladder_size < 1:
        raise ValueError("an auction needs 2+ players, a first speaker and a non-empty ladder")
    return Auction(num_players, ladder_size, (1 << num_players) - 1, first)


def auction_choices(a: Auction) -> list[int]:
    """The calls open to the player to move: ``PASS`` then every bid above the highest."""
    if a.over:
        return []
    return [PASS, *range(a.high + 1, a.ladder_size)]


def bid(a: Auction, call: int) -> Auction:
    """The auction after the player to move calls ``call`` (``PASS`` or a ladder index)."""
    if a.over:
        raise ValueError("the auction is over")
    p = a.to_move
    if call == PASS:
        in_play = a.in_play & ~(1 << p)
        high, bidder = a.high, a.bidder
    else:
        if not a.high < call < a.ladder_size:
            raise ValueError(f"bid {call} must be above {a.high} and below {a.ladder_size}")
        in_play, high, bidder = a.in_play, call, p
    if in_play == 0 or (bidder >= 0 and in_play == 1 << bidder):
        return Auction(a.num_players, a.ladder_size, in_play, -1, high, bidder)
    nxt = (p + 1) % a.num_players
    while not (in_play >> nxt) & 1:
        nxt = (nxt + 1) % a.num_players
    return Auction(a.num_players, a.ladder_size, in_play, nxt, high, bidder)


__all__ = [
    "ACE_HIGH_RANKS",
    "NO_SUIT",
    "NO_TRUMP",
    "PASS",
    "PIQUET_RANKS",
    "Auction",
    "CardPlay",
    "TrickRules",
    "auction_choices",
    "bid",
    "build_tricks",
    "check_trump",
    "effective_suit",
    "lead_suit",
    "leader_orders",
    "led_suit",
    "legal_plays",
    "partnership_card_play",
    "play_refusal",
    "play_to_trick",
    "points_table",
    "powerless_cards",
    "start_auction",
    "suit_order",
    "trick_points",
    "trick_winner",
    "tricks_line",
    "trump_order",
    "void_cards",
    "voids_line",
    "weakest",
]
