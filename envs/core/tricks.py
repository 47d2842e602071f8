"""The shared trick-play core: follow-suit legality, trick winners, card points, auctions.

Every trick-taking game of the books plays its tricks the same way (lead, follow suit if able,
the best card wins, the winner leads); they differ only in how cards rank, which cards are
trumps, and a few special cards. That difference is data: a :class:`TrickRules` holds per-card
tables (the *effective suit* of each card id and its *power* within that suit), built once by a
constructor per game, so the functions here are a few table look-ups and run inside a
double-dummy solver. Cards are the int ids of :mod:`hoyle.envs.core.cards`, sets of cards are
int bitmasks.

Sources and ASSUMPTIONS (RULES.md sections cited; the book's wording is the authority):

* **Calabrasella** (§3.1, §3.3, §3.4): rank 3 2 A K Q J 7 6 5 4, no trumps, follow suit if able,
  otherwise any card, no obligation to win. Counting cards (:data:`CALABRASELLA_POINTS`): each
  Ace 3; each 3, 2, K, Q, J 1; the last trick's 3 points are the game's business.
* **Five Hundred** (§18.1, §18.4): with a trump suit the trumps rank Joker, right bower (J of
  trumps), left bower (the other J of the same colour), A K Q 10 9 8 7; the left bower and the
  Joker *belong to* the trump suit (they follow trumps, not their printed suit). At no trumps all
  cards rank A K Q J 10 9 8 7 and the Joker is the master card. If the Joker is led the leader
  names the suit it represents (the game passes that suit as ``led_suit``); played not as leader
  to a suit in which its holder has previously renounced it has no winning value (the game passes
  it in ``powerless``). ASSUMPTION (RULES.md §18.1, text silent): at no trumps the Joker counts
  as a card of the suit led, so it may be played to any trick even when its holder can follow.
  The no-bid hand (§18.3) is played at no trumps: ``five_hundred_tricks(NO_TRUMP)``.
* **Solo** (§6.1, §6.4): whatever the trump suit, Spadilla (♣Q) is the best trump, Manilla (the 7
  of the trump suit) the second, Basta (♠Q) the third, then A K (Q) J 10 9 8 of the trump suit.
  ♣Q and ♠Q always belong to the trump suit, never to their own suits. Every Solo game (Simple,
  Solo, Forcée, Tout) has a trump suit: the book gives no no-trump game, so ``solo_tricks``
  requires a suit. Plain suits rank A K Q J 10 9 8 7. Follow suit if able, otherwise any card
  (no obligation to trump).
* **Heart Solo** (§6.6): the same trick rules on the 24-card pack; diamonds (colour) then have
  only Spadilla, Manilla (♦7) and Basta as trumps. ``heart_solo_tricks(trump)`` defaults to the
  colour, diamonds; ASSUMPTION: a Solo "in suit" may name hearts, clubs or spades as at Solo.
* **Preference** (§5.1, §5.4): 32 cards, A K Q J 10 9 8 7, always a trump suit, follow suit if
  able; ASSUMPTION (§5.4, as at Vint): no obligation to trump when void.
* **Lift Smoke** (§10): full pack, A high, the turned-up suit is trumps, follow suit if able;
  ASSUMPTION (text silent, as at Whist): no obligation to trump when void.
* **Vint** (§4.4): full pack, A high, a trump suit or no-trumps; follow suit if able; highest
  trump, else highest of the suit led.
* **Quinto** (§19.1, §19.4): no trump suit; *ascending suit power* ♠ < ♣ < ♦ < ♥: the trick goes
  to the card with the greatest (suit power, rank) played. The Joker (Quint Royal) has no
  trick-taking power and may be played to any trick; if it is led the next card fixes the suit
  led (the game passes ``led_suit=-1`` to the second player). ASSUMPTION (§19.4): it may not be
  led unless it is the holder's last card — :func:`legal_plays` enforces this when leading.

Obligations are parameters of :class:`TrickRules` because games differ: ``must_trump`` (a player
void in the suit led must trump if he can) is off for every game above, since none of these
sections imposes it; it exists for games that do.

Golden examples (RULES.md §6.7, §18.7.6, §19.10.2) are in ``tests/core/test_tricks.py``::

    >>> from hoyle.envs.core.cards import HEARTS, parse_cards, format_cards
    >>> format_cards(trump_order(five_hundred_tricks(HEARTS)))
    'Joker ♥J ♦J ♥A ♥K ♥Q ♥10 ♥9 ♥8 ♥7'
    >>> format_cards(trump_order(solo_tricks(HEARTS)))
    '♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8'
    >>> trick_winner(parse_cards("♠4 ♠3 ♥A"), calabrasella_tricks())
    1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    FIVE,
    FOUR,
    HEARTS,
    JACK,
    JOKER,
    KING,
    NINE,
    NUM_CARD_IDS,
    NUM_SUITS,
    QUEEN,
    SEVEN,
    SIX,
    SPADES,
    TEN,
    THREE,
    TWO,
    CardId,
    CardMask,
    card,
)

NO_TRUMP = -1
"""The trump argument for a game played without trumps."""
NO_SUIT = -1
"""Effective suit of a card that belongs to no suit (the no-trump Joker, Quint Royal)."""

_TRUMP_BONUS = 100
_MASTER = 10_000
_NO_POWER = -1

# Rank orders, highest first, as the sections print them.
CALABRASELLA_RANKS: tuple[int, ...] = (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR)
"""§3.1: 3 2 A K Q J 7 6 5 4."""
ACE_HIGH_RANKS: tuple[int, ...] = (
    ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN, SIX, FIVE, FOUR, THREE, TWO,
)  # fmt: skip
"""A K Q J 10 ... 2 (Whist order; the 32-card packs simply lack the low cards)."""


@dataclass(frozen=True)
class TrickRules:
    """How one game's tricks work, as per-card tables indexed by card id.

    ``suit[c]``: the effective suit of card ``c`` (a trump printed otherwise — the left bower,
    the Joker, Spadilla, Basta — has the trump suit; ``NO_SUIT`` for a card of no suit).
    ``power[c]``: its strength within that suit, higher wins (``-1`` for a card that never wins,
    such as Quint Royal); trumps are above every plain card. ``trump``: the trump suit or
    ``NO_TRUMP``. ``suit_power``: for ascending-suit-power games (Quinto), each suit's power;
    then the trick goes to the greatest (suit power, rank) of all cards played and there are no
    trumps. ``free``: cards that may be played to any trick even when the player can follow
    (the no-trump Joker of Five Hundred, Quint Royal). ``master``: cards that win any trick
    they are not made powerless in (the no-trump Joker). ``lead_last_only``: cards that may be
    led only as the holder's last card (Quint Royal). ``must_trump``: a player void in the suit
    led must play a trump if he holds one.
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

    suit_masks: tuple[CardMask, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        masks = [0] * NUM_SUITS
        for c, s in enumerate(self.suit):
            if s >= 0:
                masks[s] |= 1 << c
        object.__setattr__(self, "suit_masks", tuple(masks))


def _build(
    name: str,
    ranks_high_first: Sequence[int],
    trump: int,
    *,
    top_trumps: Sequence[CardId] = (),
    suit_power: Sequence[int] | None = None,
    free: CardMask = 0,
    master: CardMask = 0,
    lead_last_only: CardMask = 0,
    must_trump: bool = False,
) -> TrickRules:
    """Tables from a rank order (highest first), a trump suit and the extra top trumps.

    ``top_trumps`` are the trumps above the trump suit's own ranks, best first (they are taken
    out of their printed suits). A card id the order lacks gets no suit (it is not in the pack).
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
    )


# --- the core functions -----------------------------------------------------------------------


def effective_suit(c: CardId, rules: TrickRules) -> int:
    """The suit card ``c`` belongs to in play (trumps printed otherwise belong to trumps).

    >>> from hoyle.envs.core.cards import parse_card
    >>> effective_suit(parse_card("♦J"), five_hundred_tricks(HEARTS)) == HEARTS
    True
    """
    return rules.suit[c]


def lead_suit(c: CardId, rules: TrickRules, named: int = NO_SUIT) -> int:
    """The suit a led card calls for: its effective suit, or ``named`` for a card of no suit.

    Five Hundred's no-trump Joker led: the leader names the suit (§18.1). Quint Royal led: no
    suit yet (``NO_SUIT``); the next card played fixes it (§19.4), which the game handles by
    calling ``lead_suit`` on that card.
    """
    s = rules.suit[c]
    return named if s == NO_SUIT else s


def legal_plays(hand: CardMask, led_suit: int, rules: TrickRules) -> CardMask:
    """The cards of ``hand`` that may be played; ``led_suit`` is ``NO_SUIT`` when leading.

    Follow suit if able, otherwise any card (§3.3.4, §4.4, §5.4, §6.4, §10, §18.4, §19.4); free
    cards (no-trump Joker, Quint Royal) may always be played; a ``lead_last_only`` card may be
    led only as the last card; with ``must_trump`` a void player holding trumps must trump.
    Never empty for a non-empty hand.

    >>> from hoyle.envs.core.cards import mask_of, parse_cards, format_cards
    >>> hand = mask_of(parse_cards("♦J ♦A ♣5"))
    >>> format_cards(legal_plays(hand, HEARTS, five_hundred_tricks(HEARTS)))
    '♦J'
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

    >>> from hoyle.envs.core.cards import parse_cards
    >>> trick_winner(parse_cards("♠A ♥2 ♠K"), lift_smoke_tricks(HEARTS))
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
    best, best_key = 0, -(1 << 30)
    for i, c in enumerate(cards_in_order):
        bit = 1 << c
        if bit & powerless:
            key = -2
        elif bit & rules.master:
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


def trick_points(cards: Iterable[CardId] | CardMask, table: Sequence[int]) -> int:
    """Sum of the counting values of some cards (a sequence or a bitmask).

    >>> from hoyle.envs.core.cards import parse_cards
    >>> trick_points(parse_cards("♠A ♠3 ♠4"), CALABRASELLA_POINTS)
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


# --- card points ------------------------------------------------------------------------------


def _points_table(values: dict[int, int]) -> tuple[int, ...]:
    out = [0] * NUM_CARD_IDS
    for s in range(NUM_SUITS):
        for r, v in values.items():
            out[card(s, r)] = v
    return tuple(out)


CALABRASELLA_POINTS: tuple[int, ...] = _points_table(
    {ACE: 3, THREE: 1, TWO: 1, KING: 1, QUEEN: 1, JACK: 1}
)
"""§3.4: each Ace 3; each 3, 2, K, Q, J 1 (32 in the pack; the last trick adds 3 → 35)."""


# --- each game's rules ------------------------------------------------------------------------

PIQUET_RANKS: tuple[int, ...] = (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)
_SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}


def _check_suit(trump: int, allow_no_trump: bool) -> None:
    if trump == NO_TRUMP and allow_no_trump:
        return
    if not 0 <= trump < NUM_SUITS:
        raise ValueError(f"trump must be a suit 0-3{' or NO_TRUMP' if allow_no_trump else ''}")


def calabrasella_tricks() -> TrickRules:
    """§3: 3 2 A K Q J 7 6 5 4 in every suit, no trumps, no obligation to win."""
    return _CALABRASELLA


_CALABRASELLA = _build("calabrasella", CALABRASELLA_RANKS, NO_TRUMP)


def five_hundred_tricks(trump: int) -> TrickRules:
    """§18.1: Joker, right bower, left bower, A K Q 10 9 8 7 of trumps; or no trumps.

    At no trumps the Joker is a free master card (see the module docstring's ASSUMPTION).
    """
    _check_suit(trump, allow_no_trump=True)
    if trump == NO_TRUMP:
        return _build("five-hundred-nt", PIQUET_RANKS, NO_TRUMP, free=1 << JOKER, master=1 << JOKER)
    return _build(
        f"five-hundred-{trump}",
        PIQUET_RANKS,
        trump,
        top_trumps=(JOKER, card(trump, JACK), card(_SAME_COLOUR[trump], JACK)),
    )


def solo_tricks(trump: int) -> TrickRules:
    """§6.1: Spadilla ♣Q, Manilla (7 of trumps), Basta ♠Q, then A K (Q) J 10 9 8 of trumps."""
    _check_suit(trump, allow_no_trump=False)
    top = (card(CLUBS, QUEEN), card(trump, SEVEN), card(SPADES, QUEEN))
    return _build(f"solo-{trump}", PIQUET_RANKS, trump, top_trumps=top)


def heart_solo_tricks(trump: int = DIAMONDS) -> TrickRules:
    """§6.6: Solo's trick rules on the 24-card pack; diamonds (colour) by default."""
    rules = solo_tricks(trump)
    return TrickRules(f"heart-{rules.name}", rules.suit, rules.power, trump)


def preference_tricks(trump: int) -> TrickRules:
    """§5.1, §5.4: A K Q J 10 9 8 7 with a trump suit (Preference has no no-trumps)."""
    _check_suit(trump, allow_no_trump=False)
    return _build(f"preference-{trump}", PIQUET_RANKS, trump)


def lift_smoke_tricks(trump: int) -> TrickRules:
    """§10: full pack, A high, the turned-up suit trumps."""
    _check_suit(trump, allow_no_trump=False)
    return _build(f"lift-smoke-{trump}", ACE_HIGH_RANKS, trump)


def vint_tricks(trump: int) -> TrickRules:
    """§4.4: full pack, A high, plain trumps or no-trumps."""
    _check_suit(trump, allow_no_trump=True)
    return _build(f"vint-{trump}", ACE_HIGH_RANKS, trump)


QUINTO_SUIT_POWER: tuple[int, ...] = (0, 3, 2, 1)
"""§19.1: ♠ < ♣ < ♦ < ♥, indexed by suit id (♠ ♥ ♦ ♣)."""


def quinto_tricks() -> TrickRules:
    """§19.4: ascending suit power, A high, Quint Royal (Joker) powerless, free, led last only."""
    return _build(
        "quinto",
        ACE_HIGH_RANKS,
        NO_TRUMP,
        suit_power=QUINTO_SUIT_POWER,
        free=1 << JOKER,
        lead_last_only=1 << JOKER,
    )


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
    "CALABRASELLA_POINTS",
    "CALABRASELLA_RANKS",
    "NO_SUIT",
    "NO_TRUMP",
    "PASS",
    "PIQUET_RANKS",
    "QUINTO_SUIT_POWER",
    "Auction",
    "TrickRules",
    "auction_choices",
    "bid",
    "calabrasella_tricks",
    "effective_suit",
    "five_hundred_tricks",
    "heart_solo_tricks",
    "lead_suit",
    "legal_plays",
    "lift_smoke_tricks",
    "preference_tricks",
    "quinto_tricks",
    "solo_tricks",
    "start_auction",
    "suit_order",
    "trick_points",
    "trick_winner",
    "trump_order",
    "vint_tricks",
]
