"""Five Hundred, the three-handed game on the "Avondale" schedule, as Ernest Bergholt describes it
in Hoyle's Games Modernized (Professor Hoffmann's new edition, 1909, "FIVE HUNDRED").

The rules follow RULES.md §18 and the book's words (``shared/seeds``, from "FIVE HUNDRED." to
"BOOK ON FIVE HUNDRED."). Where the book is silent a gap is filled by an ASSUMPTION below; where
two readings are reasonable the other one is a parameter. The ranks of the cards, the Joker
and the bowers are this module's table (:func:`five_hundred_tricks`); follow-suit legality, the
play of a card to a trick, its winner and the auction come from the shared trick core
(:mod:`hoyle.envs.core.tricks`: ``legal_plays``, ``play_to_trick``, ``Auction``); this module
adds what is particular to the game.

The game
--------
Three players, each for himself, with the piquet pack and the Joker (33 cards). The dealer gives
three rounds of three cards to each player, then one round of one (ten each); the last three
cards are the *widow*, face down. From the eldest hand each player in turn bids a number of
tricks (six to ten) with a trump suit or No-trumps, or passes; a bid must be worth more on the
Avondale table (``value = 40 + 20 × (♠0 ♣1 ♦2 ♥3 NT4) + 100 × (tricks − 6)``); a player who has
passed cannot bid again. The highest bidder takes the widow into his hand, discards any three
cards face down, and leads. Follow suit if able (the left bower and the Joker belong to the
trump suit), otherwise any card; the highest trump, else the highest card of the suit led, wins;
the winner leads. With trumps they rank Joker, right bower (J of trumps), left bower (the J of
the same colour), A K Q 10 9 8 7. At No-trumps all cards rank A K Q J 10 9 8 7 and the Joker is
the master card: led, its leader names the suit it represents (not one in which he has
renounced), and the others must follow that suit; played, not as leader, to a suit in which its
holder has previously renounced, it has no winning value. If nobody bids the hand is played at
No-trumps, the widow is not used, the eldest hand leads, and each player scores 10 a trick.

Scoring (§18.5): a bidder who makes his contract scores the value of his bid, no more; all ten
tricks score at least 250; a bidder who fails has the value of his bid set down in his minus
column. In every case each opponent scores 10 for each trick he wins. The game is 500; if two
players pass 500 in the same deal and one is the bidder, the bidder wins (``bidder_first``);
otherwise the one whose trick first brings him to 500.

ASSUMPTIONS (RULES.md §18, and where this module had to choose)
----------------------------------------------------------------
1. *The deal* (§18.2): each round starts with the eldest hand (the dealer's left), packets of
   three then one; the widow is the last three cards, dealt after the hands. Dealing is lazy:
   each chance node deals one card uniformly from the cards not yet dealt, in that order (the
   same deal as a shuffled pack dealt so). The cut is not played; ``first_dealer`` (default 2,
   so player 0 is the eldest hand) deals first and the deal passes to the left.
2. *The auction* (§18.3) ends when, after a bid, the other two have passed (each pass is final),
   or when all three have passed: the no-bid hand. It is the shared :class:`~hoyle.envs.core.
   tricks.Auction` on a ladder of the 25 bids in Avondale order (no two are equal).
3. *The discard* is three decisions of the bidder, one card each, in rising card-id order (a
   card is offered only if enough higher cards remain for the rest), so that each set of three
   cards is one sequence of actions. Nobody else sees them, and nobody sees them again.
4. *No-trumps Joker* (§18.1): it may be played to any trick, even when its holder could follow
   (the text is silent; the RULES.md ASSUMPTION; the trick core's ``free`` card). A player has
   *renounced* a suit when he played a card of another suit to a trick in which it was led
   (playing the Joker to it is no renounce: he might have been able to follow). If its leader
   has renounced all four suits (possible only in theory) he may name any suit. The restriction
   holds in the no-bid hand too (it is played at No-trumps). The common rule of the later
   American code, that a player must follow suit before he may play the Joker, is the parameter
   ``follow_before_joker`` (default ``false``: the book says nothing that binds the Joker to
   the follow-suit rule, which it states of the suits, and it treats the no-trump Joker as
   belonging to no suit until it is led; so the default keeps the reading that asks least of
   the text). With ``true`` the Joker may be led at any time, but played to a suit led only by
   a holder who has none of it: so playing it there is a renounce of that suit. It counts from
   the next trick on, so the Joker wins that trick unless its holder had renounced the suit
   before ("previously renounced"), and the determinizer deals him none of the suit.
5. *The bidder takes all ten*: the score is the bid's value or 250, whichever is higher.
6. *Revokes* (§18.5): an environment that offers only legal actions never meets a revoke, nor
   a discard of too many or too few cards (exactly three are enforced) or a look at the discard
   (it is absent from every view but the bidder's): the American and Professor Hoffmann's revoke
   rules cannot arise, so neither is implemented.
7. *Returns* (``scoring=deal``, the default): one deal; each player's return is his score for
   the deal less the mean of the three scores, so the returns sum to zero. One unit is one
   point of the Avondale schedule (a bid of six spades is worth 40). E.g. seven spades made with
   eight tricks, the opponents one trick each: scores 140, 10, 10, returns +86.7, −43.3, −43.3.
8. *The game to 500* (``scoring=game``): deals are played until somebody reaches ``target``
   ("over 500" read as 500 or more) at the end of a deal. The opponents' trick points are
   counted trick by trick, the bidder's score when the hand ends (the RULES.md ASSUMPTION). If
   several reach the target in one deal: with ``bidder_first`` (the book's rule) the bidder, if
   he is one of them; otherwise the one whose trick first brought him to the target (without
   ``bidder_first`` the bidder's contract counts after every trick of the hand). The winner
   receives +1 and each other player −0.5 (zero-sum). No rule of the book ends a game that nobody
   wins (minus scores can run on), so the game is bounded: after ``max_deals`` deals without a
   winner it is abandoned as a draw (every return 0). Measured on 100 games: the heuristic agent
   against itself is won in 10.9 deals on average (4 to 15; none reached the bound); random
   players almost never reach 500 (a random bid is nearly always too high, and fails), so
   their games run to the bound. (The declared variant ``short_game`` is the game bounded at
   six deals, so that the conformance suite's random games stay short.)
9. *Reduced packs* (``ranks``): the top ``ranks`` ranks of each suit (A K Q J 10 ...) and the
   Joker, dealt the same way (packets of three, then ones) with a widow of three; the hand is
   ``(4 × ranks + 1 − 3) / 3`` cards, so ``ranks`` is 5 (six each) or 8. The bids keep their
   Avondale values and name ``hand − 4 … hand`` tricks (two to six with six cards each);
   all the tricks score at least 250. ``GameSpec.small_config`` is ``ranks=5``: a deal of 21
   cards for a fast conformance run.

What is seen: each player's own hand; the auction; the widow only by the bidder, once he has
taken it; the discards only by the bidder; every card played, by whom, and who won each trick;
and what the table infers (the suits each player has renounced). The information state adds
every event the player saw, in order (an event log; the cards dealt to others and the widow and
discards he did not see are masked).

Determinizer: :meth:`FiveHundredRules.resample_history` re-deals what a player has not seen,
uniformly among the deals in which no player holds a card of a suit he has renounced
(:func:`~hoyle.envs.core.determinize.deal_hidden`); the no-trump Joker is never excluded by a
renounce. A card is re-dealt where it *is now* (another player's hand, the widow, the bidder's
hand or his discard), and the history is rewritten: the deal's chance actions (the bidder's
thirteen cards spread over his ten deal slots and the widow's three, in a uniform order) and the
bidder's hidden discard actions (in rising order, as the rules ask).

Parameters
----------
====================  =======  =================================================================
name                  default  meaning
====================  =======  =================================================================
scoring               deal     ``deal``: one deal (assumption 7); ``game``: the game to ``target``
target                500      the score that wins the game (``scoring=game``)
bidder_first          true     two pass the target in one deal: the bidder wins (assumption 8)
max_deals             40       the bound on a game's deals (``scoring=game``; assumption 8)
first_dealer          2        the first dealer (player 0 is then the eldest hand)
ranks                 8        ranks per suit from the Ace down: 8 (the book) or 5 (assumption 9)
follow_before_joker   false    at No-trumps a player must follow suit before he may play the Joker
                               (assumption 4)
====================  =======  =================================================================

Actions
-------
========================  ======  ==============================================================
action                    ids     meaning (``action_to_string``)
========================  ======  ==============================================================
card ids                  0-52    "play ♦K" / "lead Joker" / "discard ♦K" (chance: "deal ♦K to
                                  player 1", "deal ♦K to the widow"); the Joker is 52
``PASS_ACTION``           53      "pass"
``BID_ACTION_BASE`` + i   54-78   "bid seven hearts (200)": i = 5 × (tricks − 6) + denomination
                                  (♠0 ♣1 ♦2 ♥3 NT4), the Avondale order
``NAME_ACTION_BASE`` + s  79-82   "name hearts for the Joker" (s a suit id: ♠0 ♥1 ♦2 ♣3)
========================  ======  ==============================================================

``NUM_DISTINCT_ACTIONS`` = 83. Chance outcomes are card ids (``max_chance_outcomes`` = 53).

Bound on the game length
------------------------
A deal has at most 28 calls (each bid raises the ladder of 25; at most three passes), 3
discards, 30 card plays and 10 suit namings (one per trick led by the Joker at No-trumps; the
Joker is one card, so in fact one): 71 decisions (``hand`` × 3 + ``hand`` + 31 in general), and
33 chance nodes. ``scoring=game``: ``max_deals`` times that.

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance
by ``state.chance_outcomes()``), one core of the (shared) development machine: about 52,000 to
62,000 steps a second, 720 to 870 deals a second (72 steps a deal: 33 chance nodes, the calls,
the discard and 30 card plays).

Observation tensor (``perfect_recall=False``)
---------------------------------------------
Seats are relative to the observer: slot 0 me, 1 the next player (left), 2 the one after. Cards
are indexed by their place in the 33-card pack (♠ A 7 8 9 10 J Q K, ♥ ..., ♦ ..., ♣ ..., Joker).
H is the hand size (10), D the deals bound (1 with ``scoring=deal``).

============  =========  =======================================================================
piece         shape      contents
============  =========  =======================================================================
phase         (6,)       deal, bid, discard, play, name the Joker's suit, over
to_move       (3,)       seat to move
dealer        (3,)       seat of the dealer
hand          (33,)      my hand
hand_sizes    (3,)       cards held by each seat / (H + 3)
widow_size    (1,)       cards in the untaken widow / 3
calls         (3, 27)    each seat's last call: not spoken, pass, or bid i
high          (26,)      the highest bid so far (0: none; 1 + i)
high_bidder   (3,)       its seat
contract      (25,)      the contract (the final bid), one-hot
bidder        (3,)       the bidder's seat
trump         (5,)       the denomination played: ♠ ♣ ♦ ♥ NT (the no-bid hand: NT)
no_bid        (1,)       the hand is played without a bidder
widow         (33,)      the widow's cards (the bidder only, once taken)
discards      (33,)      the discards (the bidder only)
discards_left (4,)       discards still to make, one-hot 0-3
leader        (3,)       seat that led the current trick
trick         (3, 33)    the card each seat played to the current trick
led           (4,)       the suit led (for a led No-trump Joker, the suit named)
played        (3, 33)    the cards each seat played to finished tricks this deal
tricks_won    (3, H+1)   tricks each seat won this deal, one-hot
voids         (3, 4)     the suits each seat has renounced (the table's inference)
scores        (3, 2)     game scores: clip((score + T) / 2T) and (score + M) / 2M, T the target,
                         M = 520 × D
deal_no       (1,)       deals finished / D
============  =========  =======================================================================

The information state (``perfect_recall=True``) adds ``events`` (E, 74): one row per event of the
current deal, in order: kind (8: dealt, widow dealt, call, widow card taken up, discard, play,
name, trick won), seat (3), card (33, absent when the player did not see it), call (26: pass or
bid i), suit named (4); E = 33 + 28 + 3 + 3 + 3H + H + H — and ``results`` (D, 3): each seat's
score in each finished deal, (score + 520) / 1040. The information-state string holds every
deal's events.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    JOKER,
    KING,
    NINE,
    NUM_SUITS,
    QUEEN,
    SEVEN,
    SPADES,
    SUIT_NAMES,
    TEN,
    card,
    cards_of,
    format_card,
)
from hoyle.envs.core.determinize import deal_hidden, draw_without_replacement
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import pack_index, set_cards, set_one_hot
from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import (
    CHANCE,
    TERMINAL,
    PlainState,
    ProbabilitySampler,
    replace_at,
    seat_words,
)
from hoyle.envs.core.tricks import (
    NO_SUIT,
    NO_TRUMP,
    PASS,
    PIQUET_RANKS,
    Auction,
    CardPlay,
    TrickRules,
    bid,
    build_tricks,
    check_trump,
    leader_orders,
    legal_plays,
    play_refusal,
    play_to_trick,
    start_auction,
    void_cards,
)

# --- constants and the action layout ----------------------------------------------------------

NUM_PLAYERS = 3
WIDOW_SIZE = 3
NUM_DISCARDS = WIDOW_SIZE
RANKS_HIGH_FIRST = (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)
"""The piquet ranks, highest first (a reduced pack keeps the first ``ranks``)."""

NUM_CARD_ACTIONS = JOKER + 1
PASS_ACTION = NUM_CARD_ACTIONS
BID_ACTION_BASE = PASS_ACTION + 1
NUM_DENOMINATIONS = 5
NUM_LEVELS = 5
NUM_BIDS = NUM_DENOMINATIONS * NUM_LEVELS
NAME_ACTION_BASE = BID_ACTION_BASE + NUM_BIDS
NUM_DISTINCT_ACTIONS = NAME_ACTION_BASE + NUM_SUITS

AVONDALE_SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS, NO_TRUMP)
"""The trump of each denomination in Avondale order: ♠ ♣ ♦ ♥ No-trumps."""
NT = 4
"""The denomination index of No-trumps."""
DENOMINATION_NAMES = ("spades", "clubs", "diamonds", "hearts", "no-trumps")
DENOMINATION_SYMBOLS = ("♠", "♣", "♦", "♥", "NT")
TRICK_WORDS = (
    "none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
)  # fmt: skip
BOOK_TRICKS = 6
"""The lowest bid of the book: six tricks (of ten)."""
ALL_TRICKS_MINIMUM = 250
TRICK_POINTS = 10
MAX_BID_VALUE = 520

# Phases (stored, never inferred).
DEAL, BID, DISCARD, PLAY, NAME, OVER = range(6)
NUM_PHASES = 6
PHASE_NAMES = ("deal", "bidding", "discard", "play", "name the Joker's suit", "over")

WIDOW = 3
"""The recipient of a widow card in the deal schedule (seats are 0-2, relative to eldest)."""

# Events (one int each: kind << 8 | seat << 6 | value; value HIDDEN when not seen).
EV_DEALT, EV_WIDOW_DEALT, EV_CALL, EV_WIDOW_CARD, EV_DISCARD, EV_PLAY, EV_NAME, EV_TRICK = range(8)
NUM_EVENT_KINDS = 8
HIDDEN = 63
EVENT_WIDTH = NUM_EVENT_KINDS + NUM_PLAYERS + 33 + (1 + NUM_BIDS) + NUM_SUITS

DRAW = -2
"""``winner`` of a game abandoned at ``max_deals``."""
MAX_REDEALS = 200
"""Rejection draws for a partial discard before the determinizer keeps the true one."""

PACK_33 = tuple(sorted([card(s, r) for s in range(NUM_SUITS) for r in RANKS_HIGH_FIRST] + [JOKER]))
PACK_INDEX = pack_index(PACK_33)


# --- the book's numbers -----------------------------------------------------------------------


def bid_value(tricks: int, denomination: int) -> int:
    """The Avondale value of a bid of ``tricks`` (6-10) in ``denomination`` (♠0 ♣1 ♦2 ♥3 NT4).

    >>> bid_value(8, 3), bid_value(10, 4), bid_value(6, 0)
    (300, 520, 40)
    """
    return 40 + 20 * denomination + 100 * (tricks - BOOK_TRICKS)


def bid_of(index: int) -> tuple[int, int]:
    """The (level 0-4, denomination) of ladder index ``index``; tricks = level + 6 in the book.

    >>> bid_of(0), bid_of(24)
    ((0, 0), (4, 4))
    """
    return divmod(index, NUM_DENOMINATIONS)


def bid_index(tricks: int, denomination: int) -> int:
    """The ladder index of a bid of ``tricks`` (6-10) in ``denomination`` (book pack)."""
    return (tricks - BOOK_TRICKS) * NUM_DENOMINATIONS + denomination


def index_value(index: int) -> int:
    """The Avondale value of ladder index ``index`` (the ladder rises with the value)."""
    level, den = bid_of(index)
    return bid_value(level + BOOK_TRICKS, den)


def deal_scores(
    bidder: int, contract: int, tricks_won: Sequence[int], hand_size: int = 10
) -> tuple[int, ...]:
    """Each player's score for a deal (§18.5); ``bidder`` -1 is the no-bid hand.

    ``contract`` is the ladder index of the bid. A contract made scores its value and no more;
    all the tricks at least 250; a failed contract minus its value; each opponent (and every
    player of the no-bid hand) 10 a trick.

    >>> deal_scores(0, bid_index(7, 0), (8, 1, 1))  # seven spades, eight tricks
    (140, 10, 10)
    >>> deal_scores(1, bid_index(6, 1), (0, 10, 0))  # six clubs, all ten
    (0, 250, 0)
    >>> deal_scores(2, bid_index(8, 2), (2, 1, 7))  # eight diamonds, seven tricks
    (20, 10, -280)
    """
    out = [TRICK_POINTS * t for t in tricks_won]
    if bidder >= 0:
        level, _ = bid_of(contract)
        need = hand_size - 4 + level
        value = index_value(contract)
        won = tricks_won[bidder]
        if won >= need:
            out[bidder] = max(value, ALL_TRICKS_MINIMUM) if won == hand_size else value
        else:
            out[bidder] = -value
    return tuple(out)


def widow_odds(trumps_held: int, trumps: int = 10, unseen: int = 23, widow: int = 3) -> Fraction:
    """The chance of at least one more trump in the widow, holding ``trumps_held`` of the
    ``trumps`` among ten cards (§18.6 hint 2, §18.7.2): the widow is three of the 23 unseen.

    >>> [str(widow_odds(k)) for k in (4, 5, 6)]
    ['1091/1771', '955/1771', '802/1771']
    """
    out = trumps - trumps_held
    none = math.comb(unseen - out, widow)
    total = math.comb(unseen, widow)
    return Fraction(total - none, total)


_SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}
TRICK_SEATS = leader_orders(range(NUM_PLAYERS), NUM_PLAYERS)
"""By leader: the seats of a trick in playing order."""


def five_hundred_tricks(trump: int) -> TrickRules:
    """§18.1, §18.4: with a trump suit the trumps rank Joker, right bower (the J of trumps),
    left bower (the other J of the same colour), A K Q 10 9 8 7; the left bower and the Joker
    belong to the trump suit (they follow trumps, not their printed suit). At no trumps all
    cards rank A K Q J 10 9 8 7 and the Joker is a free, fragile master card (assumption 4):
    it wins any trick unless played, not as leader, to a suit its holder had renounced. The
    no-bid hand (§18.3) is played at no trumps.

    >>> from hoyle.envs.core.cards import format_cards
    >>> from hoyle.envs.core.tricks import trump_order
    >>> format_cards(trump_order(five_hundred_tricks(HEARTS)))
    'Joker ♥J ♦J ♥A ♥K ♥Q ♥10 ♥9 ♥8 ♥7'
    """
    check_trump(trump, allow_no_trump=True)
    if trump == NO_TRUMP:
        joker = 1 << JOKER
        return build_tricks(
            "five-hundred-nt", PIQUET_RANKS, NO_TRUMP, free=joker, master=joker, fragile=joker
        )
    return build_tricks(
        f"five-hundred-{trump}",
        PIQUET_RANKS,
        trump,
        top_trumps=(JOKER, card(trump, JACK), card(_SAME_COLOUR[trump], JACK)),
    )


@functools.cache
def tricks_for(denomination: int) -> TrickRules:
    """The trick rules of a denomination (♠0 ♣1 ♦2 ♥3 NT4), the No-trump Joker free."""
    return five_hundred_tricks(AVONDALE_SUITS[denomination])


@functools.cache
def no_trump_tricks(follow_before_joker: bool) -> TrickRules:
    """The No-trumps trick rules: the Joker free (the default), or, with
    ``follow_before_joker``, played to a suit led only by a holder who cannot follow it
    (assumption 4)."""
    free = tricks_for(NT)
    if not follow_before_joker:
        return free
    return dataclasses.replace(free, name=f"{free.name}-follow", free=0)


def deal_schedule(hand_size: int) -> tuple[int, ...]:
    """The recipient of each card of the deal, relative to the eldest hand (0-2), or ``WIDOW``:
    packets of three while three remain, then ones; the widow last (assumption 1).

    >>> deal_schedule(10).count(0), deal_schedule(10)[:4], deal_schedule(10)[-4:]
    (10, (0, 0, 0, 1), (2, 3, 3, 3))
    """
    out: list[int] = []
    left = hand_size
    while left:
        k = 3 if left >= 3 else 1
        for seat in range(NUM_PLAYERS):
            out += [seat] * k
        left -= k
    return (*out, WIDOW, WIDOW, WIDOW)


# --- the state and the view ------------------------------------------------------------------


class FiveHundredState(PlainState):
    """One moment of a Five Hundred deal (or game). Every slot holds an immutable value.

    ``hands``, ``tricks_won``, ``played`` (cards played to finished tricks this deal), ``voids``
    (suits renounced, a 4-bit mask), ``scores``: one entry per seat. ``widow``: the untaken
    widow; ``found``: the widow the bidder took up (his knowledge only). ``trick``: the cards of
    the current trick in order from ``leader``; ``led``: its suit (the named suit for a led
    No-trump Joker). ``logs``: each seat's events of this deal as he saw them, ``past_logs``
    those of the finished deals. ``t0``: the history index of this deal's first chance action.
    """

    __slots__ = (
        "auction",
        "bidder",
        "calls",
        "contract",
        "deal_no",
        "deal_result",
        "dealer",
        "dealt",
        "discards",
        "discards_left",
        "found",
        "hands",
        "last_discard",
        "leader",
        "led",
        "logs",
        "nact",
        "named",
        "ndealt",
        "past_logs",
        "phase",
        "played",
        "results",
        "scores",
        "t0",
        "to_move",
        "trick",
        "trick_winners",
        "tricks_won",
        "trump",
        "voids",
        "widow",
        "winner",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hands: tuple[int, ...]
    widow: int
    found: int
    dealt: int
    ndealt: int
    auction: Auction | None
    calls: tuple[tuple[int, int], ...]
    bidder: int
    contract: int
    trump: int
    discards: int
    discards_left: int
    last_discard: int
    leader: int
    trick: tuple[int, ...]
    led: int
    named: int
    tricks_won: tuple[int, ...]
    trick_winners: tuple[int, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    scores: tuple[int, ...]
    deal_result: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    winner: int
    logs: tuple[tuple[int, ...], ...]
    past_logs: tuple[tuple[tuple[int, ...], ...], ...]
    nact: int
    t0: int


@dataclass(frozen=True)
class FiveHundredView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``found`` (the widow taken up) and ``discards`` are empty unless
    ``player`` is the bidder. ``log``: this deal's events as ``player`` saw them (ints, see
    :func:`decode_event`), ``past_logs`` the finished deals'.
    """

    player: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    hand_sizes: tuple[int, ...]
    widow_size: int
    found: int
    discards: int
    discards_left: int
    calls: tuple[tuple[int, int], ...]
    high: int
    high_bidder: int
    bidder: int
    contract: int
    denomination: int
    leader: int
    trick: tuple[int, ...]
    led: int
    named: int
    played: tuple[int, ...]
    tricks_won: tuple[int, ...]
    voids: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    log: tuple[int, ...] = field(repr=False)
    past_logs: tuple[tuple[int, ...], ...] = field(repr=False)
    rules: FiveHundredRules = field(compare=False, repr=False)

    @property
    def tricks(self) -> TrickRules:
        """The trick rules in force (No-trumps before the auction ends)."""
        return self.rules.tricks_of(self.denomination if self.denomination >= 0 else NT)

    @property
    def seen(self) -> int:
        """Every card this player has seen this deal (his hand, widow, discards, the table)."""
        m = self.hand | self.found | self.discards
        for p in self.played:
            m |= p
        for c in self.trick:
            m |= 1 << c
        return m

    def unseen(self) -> int:
        """Cards of the pack this player has not seen this deal."""
        return self.rules.pack_mask & ~self.seen

    def trick_seat(self, i: int) -> int:
        """The seat that played the ``i``-th card of the current trick."""
        return (self.leader + i) % NUM_PLAYERS


# --- the rules --------------------------------------------------------------------------------


class FiveHundredRules:
    """The rules of Five Hundred for one parameter set (pure: no pyspiel, no randomness)."""

    num_players = NUM_PLAYERS
    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARD_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        self.game_mode = params["scoring"] == "game"
        self.target = int(params["target"])
        self.bidder_first = bool(params["bidder_first"])
        self.max_deals = int(params["max_deals"]) if self.game_mode else 1
        self.first_dealer = int(params["first_dealer"])
        self.ranks = int(params["ranks"])
        self.follow_before_joker = bool(params["follow_before_joker"])
        self.no_trump_tricks = no_trump_tricks(self.follow_before_joker)
        if self.target < 1 or self.max_deals < 1:
            raise GameParameterError("target and max_deals must be at least 1")
        ranks = RANKS_HIGH_FIRST[: self.ranks]
        self.pack_cards = tuple(
            sorted([card(s, r) for s in range(NUM_SUITS) for r in ranks] + [JOKER])
        )
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        self.hand_size = (len(self.pack_cards) - WIDOW_SIZE) // NUM_PLAYERS
        self.deal_size = len(self.pack_cards)
        self.schedule = deal_schedule(self.hand_size)
        per_deal = self.decisions_per_deal(self.hand_size)
        self.max_game_length = per_deal * self.max_deals
        self.max_chance_nodes = self.deal_size * self.max_deals
        self.max_events = self.deal_size + NUM_BIDS + 3 + 2 * WIDOW_SIZE + 5 * self.hand_size
        if self.game_mode:
            self.min_utility, self.max_utility = -0.5, 1.0
        else:
            # score - mean = (2 s_i - s_j - s_k) / 3; a bidder's score lies in [-520, 520], an
            # opponent's in [0, 10 x hand], and at most one player bids.
            most = TRICK_POINTS * self.hand_size
            self.min_utility = -(2 * MAX_BID_VALUE + most) / 3
            self.max_utility = 2 * MAX_BID_VALUE / 3
        self.utility_sum = 0.0
        self.score_scale = MAX_BID_VALUE * self.max_deals
        self._apply = (
            self._apply_deal, self._apply_call, self._apply_discard, self._apply_play,
            self._apply_name, self._apply_over,
        )  # fmt: skip

    @staticmethod
    def decisions_per_deal(hand_size: int) -> int:
        """Calls (25 raises, 3 passes), discards, plays and Joker namings of one deal."""
        return NUM_BIDS + NUM_PLAYERS + NUM_DISCARDS + NUM_PLAYERS * hand_size + hand_size

    def tricks_needed(self, contract: int) -> int:
        """The tricks a contract (ladder index) calls for: 6-10 with the book's pack."""
        return self.hand_size - 4 + bid_of(contract)[0]

    def eldest(self, s: FiveHundredState) -> int:
        return (s.dealer + 1) % NUM_PLAYERS

    def trick_rules(self, s: FiveHundredState) -> TrickRules:
        """The trick rules in force: the contract's denomination, No-trumps without a bid."""
        return self.tricks_of(_denomination(s.contract))

    def tricks_of(self, denomination: int) -> TrickRules:
        """The trick rules of a denomination under this game's parameters (assumption 4)."""
        return self.no_trump_tricks if denomination == NT else tricks_for(denomination)

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> FiveHundredState:
        s = FiveHundredState()
        s.dealer = self.first_dealer
        s.deal_no = 0
        s.scores = (0, 0, 0)
        s.results = ()
        s.winner = -1
        s.past_logs = ((), (), ())
        s.nact = 0
        s.deal_result = (0, 0, 0)
        self._start_deal(s)
        return s

    def _start_deal(self, s: FiveHundredState) -> None:
        s.phase = DEAL
        s.to_move = CHANCE
        s.hands = (0, 0, 0)
        s.widow = 0
        s.found = 0
        s.dealt = 0
        s.ndealt = 0
        s.auction = None
        s.calls = ()
        s.bidder = -1
        s.contract = -1
        s.trump = NO_TRUMP
        s.discards = 0
        s.discards_left = 0
        s.last_discard = -1
        s.leader = -1
        s.trick = ()
        s.led = NO_SUIT
        s.named = NO_SUIT
        s.tricks_won = (0, 0, 0)
        s.trick_winners = ()
        s.played = (0, 0, 0)
        s.voids = (0, 0, 0)
        s.logs = ((), (), ())
        s.t0 = s.nact

    def current_player(self, s: FiveHundredState) -> int:
        return s.to_move

    def illegal_reason(self, s: FiveHundredState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play, a card not held or the follow-suit rule
        (:func:`~hoyle.envs.core.tricks.play_refusal`, on the same trick rules as
        :meth:`legal_actions`); elsewhere ``None``."""
        if s.phase != PLAY or not 0 <= action < NUM_CARD_ACTIONS:
            return None
        led = s.led if s.trick else NO_SUIT
        return play_refusal(s.hands[s.to_move], led, self.trick_rules(s), action)

    def legal_actions(self, s: FiveHundredState) -> list[int]:
        phase = s.phase
        if phase == PLAY:
            hand = s.hands[s.to_move]
            led = s.led if s.trick else NO_SUIT
            return cards_of(legal_plays(hand, led, self.trick_rules(s)))
        if phase == BID:
            a = s.auction
            assert a is not None
            return [PASS_ACTION, *range(BID_ACTION_BASE + a.high + 1, BID_ACTION_BASE + NUM_BIDS)]
        if phase == DISCARD:
            return cards_of(
                self.discard_options(s.hands[s.bidder], s.last_discard, s.discards_left)
            )
        if phase == NAME:
            return [NAME_ACTION_BASE + x for x in self.nameable(s.voids[s.to_move])]
        return []

    @staticmethod
    def discard_options(hand: int, last: int, left: int) -> int:
        """The cards that may be discarded next: above the last discard (rising order), with
        enough higher cards left in the hand for the ``left - 1`` discards after it."""
        m = hand & ~((1 << (last + 1)) - 1)
        out = 0
        for c in cards_of(m):
            if (m >> (c + 1)).bit_count() >= left - 1:
                out |= 1 << c
        return out

    @staticmethod
    def nameable(voids: int) -> list[int]:
        """The suits a Joker's leader may name: those he has not renounced (any, if all)."""
        ok = [x for x in range(NUM_SUITS) if not (voids >> x) & 1]
        return ok or list(range(NUM_SUITS))

    def chance_outcomes(self, s: FiveHundredState) -> list[tuple[int, float]]:
        if s.to_move != CHANCE:
            return []
        return _outcomes(self.pack_mask & ~s.dealt)

    def returns(self, s: FiveHundredState) -> list[float]:
        if s.phase != OVER:
            return [0.0, 0.0, 0.0]
        if self.game_mode:
            if s.winner < 0:
                return [0.0, 0.0, 0.0]
            return [1.0 if q == s.winner else -0.5 for q in range(NUM_PLAYERS)]
        mean = sum(s.deal_result) / NUM_PLAYERS
        return [r - mean for r in s.deal_result]

    # --- applying actions ---------------------------------------------------------------------
    def apply_action(self, s: FiveHundredState, action: int) -> None:
        s.nact += 1
        self._apply[s.phase](s, action)

    def _apply_over(self, s: FiveHundredState, a: int) -> None:
        raise ValueError("the game is over")

    def _log(self, s: FiveHundredState, kind: int, seat: int, values: Sequence[int]) -> None:
        base = kind << 8 | max(seat, 0) << 6
        s.logs = tuple((*log, base | v) for log, v in zip(s.logs, values, strict=True))

    def _apply_deal(self, s: FiveHundredState, c: int) -> None:
        k = s.ndealt
        to = self.schedule[k]
        bit = 1 << c
        s.dealt |= bit
        s.ndealt = k + 1
        if to == WIDOW:
            s.widow |= bit
            self._log(s, EV_WIDOW_DEALT, 0, (HIDDEN,) * 3)
        else:
            q = (s.dealer + 1 + to) % NUM_PLAYERS
            s.hands = replace_at(s.hands, q, s.hands[q] | bit)
            self._log(s, EV_DEALT, q, [c if p == q else HIDDEN for p in range(3)])
        if s.ndealt == self.deal_size:
            s.phase = BID
            s.auction = start_auction(NUM_PLAYERS, self.eldest(s), NUM_BIDS)
            s.to_move = s.auction.to_move

    def _apply_call(self, s: FiveHundredState, a: int) -> None:
        auction = s.auction
        assert auction is not None
        p = auction.to_move
        call = PASS if a == PASS_ACTION else a - BID_ACTION_BASE
        auction = bid(auction, call)
        s.auction = auction
        s.calls = (*s.calls, (p, call))
        self._log(s, EV_CALL, p, (call + 1,) * 3)
        if not auction.over:
            s.to_move = auction.to_move
            return
        if auction.bidder < 0:  # The no-bid hand: No-trumps, widow unused, eldest leads.
            s.phase = PLAY
            s.leader = s.to_move = self.eldest(s)
            return
        b = auction.bidder
        s.bidder = b
        s.contract = auction.high
        s.trump = AVONDALE_SUITS[bid_of(s.contract)[1]]
        s.found = s.widow
        s.hands = replace_at(s.hands, b, s.hands[b] | s.widow)
        for c in cards_of(s.widow):
            self._log(s, EV_WIDOW_CARD, b, [c if q == b else HIDDEN for q in range(3)])
        s.widow = 0
        s.phase = DISCARD
        s.discards_left = NUM_DISCARDS
        s.to_move = b

    def _apply_discard(self, s: FiveHundredState, c: int) -> None:
        b = s.bidder
        bit = 1 << c
        s.hands = replace_at(s.hands, b, s.hands[b] & ~bit)
        s.discards |= bit
        s.last_discard = c
        s.discards_left -= 1
        self._log(s, EV_DISCARD, b, [c if q == b else HIDDEN for q in range(3)])
        if s.discards_left == 0:
            s.phase = PLAY
            s.leader = s.to_move = b

    def _apply_play(self, s: FiveHundredState, c: int) -> None:
        self._log(s, EV_PLAY, s.to_move, (c,) * 3)
        tr = self.trick_rules(s)
        # The No-trump Joker is no renounce when free; when it is not (assumption 4), its
        # holder's renounce counts once the trick is won (the core's fragile card).
        s.hands, trick, s.voids, to_play, w = play_to_trick(
            tr, s.hands, s.trick, s.voids, TRICK_SEATS[s.leader], c, s.named
        )
        s.trick = trick
        if len(trick) == 1:
            s.led = led = tr.suit[c]
            if led == NO_SUIT:
                s.phase = NAME  # The No-trump Joker led: the leader names its suit.
                return
        if w < 0:
            s.to_move = to_play
        else:
            self._end_trick(s, w)

    def _apply_name(self, s: FiveHundredState, a: int) -> None:
        suit = a - NAME_ACTION_BASE
        s.named = s.led = suit
        self._log(s, EV_NAME, s.to_move, (suit,) * 3)
        s.phase = PLAY
        s.to_move = (s.leader + 1) % NUM_PLAYERS

    def joker_renounce(self, s: FiveHundredState, tr: TrickRules) -> int:
        """The seat that showed out of the suit led by playing the No-trump Joker to it when a
        player must follow suit before the Joker (assumption 4), else -1. His renounce counts
        from the next trick on: in this one the Joker keeps its power unless he had renounced
        the suit before."""
        if tr.trump != NO_TRUMP or tr.free or JOKER not in s.trick[1:]:
            return -1
        return (s.leader + s.trick.index(JOKER)) % NUM_PLAYERS

    def _end_trick(self, s: FiveHundredState, w: int) -> None:
        played = list(s.played)
        for q, c in zip(TRICK_SEATS[s.leader], s.trick, strict=True):
            played[q] |= 1 << c
        s.played = tuple(played)
        s.tricks_won = replace_at(s.tricks_won, w, s.tricks_won[w] + 1)
        s.trick_winners = (*s.trick_winners, w)
        self._log(s, EV_TRICK, w, (0,) * 3)
        s.trick = ()
        s.led = s.named = NO_SUIT
        if not any(s.hands):
            self._end_deal(s)
            return
        s.leader = s.to_move = w

    def _end_deal(self, s: FiveHundredState) -> None:
        result = deal_scores(s.bidder, s.contract, s.tricks_won, self.hand_size)
        before = s.scores
        s.deal_result = result
        s.scores = tuple(a + b for a, b in zip(before, result, strict=True))
        s.results = (*s.results, result)
        s.leader = -1
        if not self.game_mode:
            s.phase, s.to_move = OVER, TERMINAL
            return
        s.winner = self.game_winner(before, s.scores, s.bidder, s.trick_winners)
        if s.winner >= 0 or s.deal_no + 1 >= self.max_deals:
            if s.winner < 0:
                s.winner = DRAW
            s.phase, s.to_move = OVER, TERMINAL
            return
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % NUM_PLAYERS
        s.past_logs = tuple((*past, log) for past, log in zip(s.past_logs, s.logs, strict=True))
        self._start_deal(s)

    def game_winner(
        self,
        before: Sequence[int],
        after: Sequence[int],
        bidder: int,
        trick_winners: Sequence[int],
    ) -> int:
        """Who wins the game at the end of a deal, or -1 (assumption 8): the players at the
        target; the bidder among them with ``bidder_first``; else the first to reach it, the
        opponents trick by trick and the bidder's contract at the end of the hand."""
        reach = [math.inf] * NUM_PLAYERS
        for q in range(NUM_PLAYERS):
            if after[q] < self.target:
                continue
            if q == bidder:
                reach[q] = len(trick_winners)
                continue
            total = before[q]
            for t, w in enumerate(trick_winners):
                total += TRICK_POINTS * (w == q)
                if total >= self.target:
                    reach[q] = t
                    break
        if min(reach) == math.inf:
            return -1
        if self.bidder_first and bidder >= 0 and reach[bidder] < math.inf:
            return bidder
        return min(range(NUM_PLAYERS), key=lambda q: reach[q])

    # --- words --------------------------------------------------------------------------------
    def action_to_string(self, s: FiveHundredState, player: int, action: int) -> str:
        if player == CHANCE:
            k = s.ndealt
            to = self.schedule[k] if k < self.deal_size else 0
            if to == WIDOW:
                return f"deal {format_card(action)} to the widow"
            q = (s.dealer + 1 + to) % NUM_PLAYERS
            return f"deal {format_card(action)} to player {q}"
        return action_words(action, s.phase, bool(s.trick))

    def state_string(self, s: FiveHundredState) -> str:
        lines = [
            f"Five Hundred, deal {s.deal_no + 1}, dealer: player {s.dealer}, "
            f"phase: {PHASE_NAMES[s.phase]}, to move: {seat_words(s.to_move)}"
        ]
        for q in range(NUM_PLAYERS):
            lines.append(
                f"player {q}: hand {_cards(s.hands[q])}; tricks {s.tricks_won[q]}; "
                f"played {_cards(s.played[q])}; renounced {_suits(s.voids[q])}"
            )
        lines.append(f"widow: {_cards(s.widow)}; taken up: {_cards(s.found)}")
        lines.append(f"discards: {_cards(s.discards)}")
        lines.append("auction: " + (", ".join(_call_words(p, c) for p, c in s.calls) or "-"))
        lines.append(f"contract: {contract_words(s.bidder, s.contract)}")
        if s.trick or s.phase in (PLAY, NAME):
            lines.append(_trick_line(s.leader, s.trick, s.named))
        lines.append(f"scores: {list(s.scores)}; deals: {[list(r) for r in s.results]}")
        if s.phase == OVER and self.game_mode:
            lines.append("drawn (deal bound)" if s.winner == DRAW else f"winner: player {s.winner}")
        return "\n".join(lines)

    # --- information --------------------------------------------------------------------------
    def player_view(self, s: FiveHundredState, player: int) -> FiveHundredView:
        a = s.auction
        mine = player == s.bidder
        return FiveHundredView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            widow_size=s.widow.bit_count(),
            found=s.found if mine else 0,
            discards=s.discards if mine else 0,
            discards_left=s.discards_left,
            calls=s.calls,
            high=a.high if a is not None else PASS,
            high_bidder=a.bidder if a is not None else -1,
            bidder=s.bidder,
            contract=s.contract,
            denomination=-1 if s.contract < 0 and s.phase <= BID else _denomination(s.contract),
            leader=s.leader,
            trick=s.trick,
            led=s.led,
            named=s.named,
            played=s.played,
            tricks_won=s.tricks_won,
            voids=s.voids,
            scores=s.scores,
            results=s.results,
            log=s.logs[player],
            past_logs=s.past_logs[player],
            rules=self,
        )

    private_pieces = ("hand", "widow", "discards")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and as the
    bidder the widow he took up and his discards (both face down)."""

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = len(PACK_33)
        h = self.hand_size
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("phase", (NUM_PHASES,)),
            ("to_move", (3,)),
            ("dealer", (3,)),
            ("hand", (n,)),
            ("hand_sizes", (3,)),
            ("widow_size", (1,)),
            ("calls", (3, NUM_BIDS + 2)),
            ("high", (NUM_BIDS + 1,)),
            ("high_bidder", (3,)),
            ("contract", (NUM_BIDS,)),
            ("bidder", (3,)),
            ("trump", (NUM_DENOMINATIONS,)),
            ("no_bid", (1,)),
            ("widow", (n,)),
            ("discards", (n,)),
            ("discards_left", (NUM_DISCARDS + 1,)),
            ("leader", (3,)),
            ("trick", (3, n)),
            ("led", (NUM_SUITS,)),
            ("played", (3, n)),
            ("tricks_won", (3, h + 1)),
            ("voids", (3, NUM_SUITS)),
            ("scores", (3, 2)),
            ("deal_no", (1,)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, EVENT_WIDTH)))
            pieces.append(("results", (self.max_deals, 3)))
        return pieces

    def encode_view(
        self, view: FiveHundredView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        me = view.player

        def rel(q: int) -> int:
            return (q - me) % NUM_PLAYERS

        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        set_cards(out["hand"], view.hand, PACK_INDEX)
        for q in range(NUM_PLAYERS):
            out["hand_sizes"][rel(q)] = view.hand_sizes[q] / (self.hand_size + WIDOW_SIZE)
        out["widow_size"][0] = view.widow_size / WIDOW_SIZE
        for q, c in view.calls:
            row = out["calls"][rel(q)]
            row[:] = 0.0
            row[c + 2] = 1.0  # PASS (-1) -> 1, bid i -> 2 + i
        for q in range(NUM_PLAYERS):
            if not any(p == q for p, _ in view.calls):
                out["calls"][rel(q)][0] = 1.0
        out["high"][view.high + 1] = 1.0
        if view.high_bidder >= 0:
            out["high_bidder"][rel(view.high_bidder)] = 1.0
        if view.contract >= 0:
            out["contract"][view.contract] = 1.0
            out["bidder"][rel(view.bidder)] = 1.0
        if view.denomination >= 0:
            out["trump"][view.denomination] = 1.0
            out["no_bid"][0] = float(view.bidder < 0)
        set_cards(out["widow"], view.found, PACK_INDEX)
        set_cards(out["discards"], view.discards, PACK_INDEX)
        out["discards_left"][view.discards_left] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        for i, c in enumerate(view.trick):
            out["trick"][rel(view.trick_seat(i)), PACK_INDEX[c]] = 1.0
        set_one_hot(out["led"], view.led)
        for q in range(NUM_PLAYERS):
            set_cards(out["played"][rel(q)], view.played[q], PACK_INDEX)
            out["tricks_won"][rel(q), view.tricks_won[q]] = 1.0
            for x in range(NUM_SUITS):
                if (view.voids[q] >> x) & 1:
                    out["voids"][rel(q), x] = 1.0
            sc = view.scores[q]
            out["scores"][rel(q), 0] = min(max((sc + self.target) / (2 * self.target), 0.0), 1.0)
            out["scores"][rel(q), 1] = (sc + self.score_scale) / (2 * self.score_scale)
        out["deal_no"][0] = view.deal_no / self.max_deals
        if perfect_recall:
            block = out["events"]
            for i, code in enumerate(view.log):
                kind, seat, value = decode_event(code)
                row = block[i]
                row[kind] = 1.0
                row[NUM_EVENT_KINDS + rel(seat)] = 1.0
                base = NUM_EVENT_KINDS + NUM_PLAYERS
                if kind == EV_CALL:
                    row[base + 33 + value] = 1.0
                elif kind == EV_NAME:
                    row[base + 33 + 1 + NUM_BIDS + value] = 1.0
                elif kind != EV_TRICK and value != HIDDEN:
                    row[base + PACK_INDEX[value]] = 1.0
            for d, result in enumerate(view.results):
                for q in range(NUM_PLAYERS):
                    out["results"][d, rel(q)] = (result[q] + MAX_BID_VALUE) / (2 * MAX_BID_VALUE)

    def view_string(self, view: FiveHundredView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"Five Hundred, deal {view.deal_no + 1}; you are player {me}; dealer: "
            f"{_seat(view.dealer, me)}; phase: {PHASE_NAMES[view.phase]}; "
            f"to move: {_seat(view.to_move, me)}",
            f"Your hand: {_cards(view.hand)}",
            "Hands: "
            + ", ".join(f"{_seat(q, me)} {view.hand_sizes[q]}" for q in range(NUM_PLAYERS))
            + f"; widow {view.widow_size} cards",
            "Auction: " + (", ".join(_call_words(p, c, me) for p, c in view.calls) or "-"),
        ]
        if view.phase >= DISCARD:
            lines.append(f"Contract: {contract_words(view.bidder, view.contract, me)}")
        if view.found:
            lines.append(f"Widow taken up: {_cards(view.found)}")
        if view.discards or (view.phase == DISCARD and view.bidder == me):
            lines.append(
                f"Your discards: {_cards(view.discards)}; to discard: {view.discards_left}"
            )
        if view.phase in (PLAY, NAME) or view.trick:
            lines.append(_trick_line(view.leader, view.trick, view.named, me))
        for q in range(NUM_PLAYERS):
            lines.append(
                f"{_seat(q, me)}: tricks {view.tricks_won[q]}, played {_cards(view.played[q])}, "
                f"renounced {_suits(view.voids[q])}, score {view.scores[q]}"
            )
        if view.results:
            lines.append("Deals: " + "; ".join(" ".join(map(str, r)) for r in view.results))
        if perfect_recall:
            lines.append("Events:")
            for d, log in enumerate((*view.past_logs, view.log)):
                if len(view.past_logs) > 0:
                    lines.append(f"  deal {d + 1}:")
                lines.extend("  " + event_words(code, me) for code in log)
        return "\n".join(lines)

    # --- the determinizer ---------------------------------------------------------------------
    def hidden_deals(
        self, s: FiveHundredState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """Unused (``resample_history`` takes the renounces into account); the chance actions
        of this deal whose card ``player`` has not seen, for reference."""
        seen = self.player_view(s, player).seen
        positions = [s.t0 + k for k in range(s.ndealt) if not (seen >> history[s.t0 + k]) & 1]
        pool = [history[p] for p in positions] + cards_of(self.pack_mask & ~s.dealt)
        return positions, pool

    def resample_history(
        self,
        s: FiveHundredState,
        player: int,
        history: Sequence[int],
        sampler: ProbabilitySampler,
    ) -> list[int]:
        """A history ``player`` cannot tell from ``history``: what he has not seen re-dealt
        uniformly among the deals that respect every renounce (see the module docstring).

        Holders are where the cards are now: each other seat's hand (no card of a suit he has
        renounced), the untaken widow, and — when another player is the bidder — his discard.
        Then the deal's chance actions are rewritten (each other seat's cards played and held
        spread uniformly over his deal slots, and the bidder's over his slots and the
        widow's) and the bidder's hidden discards are written in rising order. A partial
        discard is redrawn until the rising order could have been kept (the rule is public).
        A seat whose hidden cards come out the same keeps its deal order (only he saw it; a
        new order alone would change his view and nothing else)."""
        if s.phase == OVER:
            return list(history)
        tr = self.trick_rules(s)
        taken = s.bidder >= 0  # The bidder has taken up the widow.
        labels: list[Any] = []
        pool = 0
        forbidden: dict[Any, int] = {}
        for q in range(NUM_PLAYERS):
            if q == player:
                continue
            held = s.hands[q]
            labels += [q] * held.bit_count()
            pool |= held
            forbidden[q] = void_cards(s.voids[q], tr)
        shown_out = self.joker_renounce(s, tr)
        if shown_out >= 0 and shown_out != player:
            forbidden[shown_out] |= tr.suit_masks[s.led]
        hidden_discard = taken and s.bidder != player
        if hidden_discard:
            labels += ["discard"] * s.discards.bit_count()
            pool |= s.discards
        if not taken:
            labels += ["widow"] * s.widow.bit_count()
            pool |= s.widow
        pool_cards = cards_of(pool | (self.pack_mask & ~s.dealt))
        if not labels:
            return list(history)
        partial = hidden_discard and s.phase == DISCARD and s.discards.bit_count() > 0
        for _ in range(MAX_REDEALS):
            drawn = deal_hidden(labels, pool_cards, forbidden, sampler)
            where: dict[Any, int] = {}
            for lab, c in zip(labels, drawn, strict=True):
                where[lab] = where.get(lab, 0) | 1 << c
            if not partial or self._discard_order_possible(
                where.get(s.bidder, 0), where.get("discard", 0), s.discards_left
            ):
                break
        else:
            return list(history)
        new = list(history)
        t0 = s.t0
        slots: dict[Any, list[int]] = {}
        for k in range(s.ndealt):
            to = self.schedule[k]
            key: Any = "widow" if to == WIDOW else (s.dealer + 1 + to) % NUM_PLAYERS
            if to == WIDOW and taken:
                key = s.bidder
            slots.setdefault(key, []).append(t0 + k)
        for q in range(NUM_PLAYERS):
            if q == player:
                continue
            same = where.get(q, 0) == s.hands[q]
            if q == s.bidder and taken:
                same = same and where.get("discard", 0) == s.discards
            if same:
                continue  # Only the order would change, which only q saw: keep it.
            cards = where.get(q, 0) | s.played[q]
            for i, c in enumerate(s.trick):
                if (s.leader + i) % NUM_PLAYERS == q:
                    cards |= 1 << c
            if q == s.bidder and taken:
                cards |= where.get("discard", 0)
            positions = slots.get(q, [])
            order = draw_without_replacement(cards_of(cards), len(positions), sampler)
            for pos, c in zip(positions, order, strict=True):
                new[pos] = c
        if not taken:
            positions = slots.get("widow", [])
            order = draw_without_replacement(
                cards_of(where.get("widow", 0)), len(positions), sampler
            )
            for pos, c in zip(positions, order, strict=True):
                new[pos] = c
        if hidden_discard:
            first = t0 + self.deal_size + len(s.calls)
            for i, c in enumerate(cards_of(where.get("discard", 0))):
                new[first + i] = c
        return new

    def _discard_order_possible(self, held: int, discarded: int, left: int) -> bool:
        """Whether the bidder, holding ``held`` after discarding ``discarded`` (in rising
        order), could have made those discards under the rising-order rule."""
        hand = held | discarded
        last = -1
        todo = NUM_DISCARDS
        for c in cards_of(discarded):
            if not (self.discard_options(hand, last, todo) >> c) & 1:
                return False
            hand &= ~(1 << c)
            last = c
            todo -= 1
        return todo == left and self.discard_options(hand, last, todo) != 0

    def card_zones(self, s: FiveHundredState) -> dict[str, int]:
        trick = 0
        for c in s.trick:
            trick |= 1 << c
        return {
            "hand0": s.hands[0],
            "hand1": s.hands[1],
            "hand2": s.hands[2],
            "widow": s.widow,
            "discards": s.discards,
            "trick": trick,
            "played": s.played[0] | s.played[1] | s.played[2],
            "undealt": self.pack_mask & ~s.dealt,
        }

    # --- for the double-dummy searcher ----------------------------------------------------------
    def card_play(self, s: FiveHundredState) -> CardPlay | None:
        """The card play as the double-dummy searcher needs it; ``None`` outside the play
        (and while the leader of the No-trump Joker names its suit). Sides: the bidder 0, his
        opponents 1; in the no-bid hand each for himself (0, 1, 2). Points ``None``: tricks
        count. ``renounced``: the suits each seat has renounced (``voids``), with which the
        solver makes a No-trump Joker played to such a suit powerless (§18.1)."""
        if s.phase != PLAY:
            return None
        if s.bidder >= 0:
            sides = tuple(0 if q == s.bidder else 1 for q in range(NUM_PLAYERS))
        else:
            sides = (0, 1, 2)
        return CardPlay(
            tricks=self.trick_rules(s),
            seats=(0, 1, 2),
            hands=s.hands,
            leader=s.leader,
            table=s.trick,
            named=s.named,
            sides=sides,
            points=None,
            last_trick=0,
            renounced=s.voids,
        )


# --- small functions ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=512)
def _outcomes(undealt: int) -> list[tuple[int, float]]:
    cards = cards_of(undealt)
    p = 1.0 / len(cards)
    return [(c, p) for c in cards]


def _denomination(contract: int) -> int:
    return NT if contract < 0 else bid_of(contract)[1]


def decode_event(code: int) -> tuple[int, int, int]:
    """An event code as ``(kind, seat, value)``; value ``HIDDEN`` for an unseen card. A call's
    value is 0 for a pass, 1 + i for bid i."""
    return code >> 8, (code >> 6) & 3, code & 63


def bid_words(index: int) -> str:
    """A bid in words: 'seven hearts (200)' (book pack)."""
    level, den = bid_of(index)
    return f"{TRICK_WORDS[level + BOOK_TRICKS]} {DENOMINATION_NAMES[den]} ({index_value(index)})"


def action_words(action: int, phase: int, following: bool = False) -> str:
    """A player's action in the book's words."""
    if action < NUM_CARD_ACTIONS:
        if phase == DISCARD:
            return f"discard {format_card(action)}"
        return f"{'play' if following else 'lead'} {format_card(action)}"
    if action == PASS_ACTION:
        return "pass"
    if action < NAME_ACTION_BASE:
        return "bid " + bid_words(action - BID_ACTION_BASE)
    return f"name {SUIT_NAMES[action - NAME_ACTION_BASE]} for the Joker"


def contract_words(bidder: int, contract: int, me: int = -1) -> str:
    if bidder < 0:
        return "none (no bid: played at no-trumps, 10 a trick each)"
    return f"{_seat(bidder, me)} bid {bid_words(contract)}"


def _seat(q: int, me: int = -1) -> str:
    if q < 0:
        return seat_words(q)
    return "you" if q == me else f"player {q}"


def _cards(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def _suits(mask: int) -> str:
    return " ".join(SUIT_NAMES[x] for x in range(NUM_SUITS) if (mask >> x) & 1) or "-"


def _call_words(p: int, call: int, me: int = -1) -> str:
    if call == PASS:
        return f"{_seat(p, me)} pass" + ("" if p == me else "es")
    return f"{_seat(p, me)} bid" + ("" if p == me else "s") + " " + bid_words(call)


def _trick_line(leader: int, trick: Sequence[int], named: int, me: int = -1) -> str:
    played = ", ".join(
        f"{_seat((leader + i) % NUM_PLAYERS, me)} {format_card(c)}" for i, c in enumerate(trick)
    )
    name = f" (named {SUIT_NAMES[named]})" if named >= 0 else ""
    return f"Trick: {played or '-'}{name}; led by {_seat(leader, me)}"


def event_words(code: int, me: int) -> str:
    """One event of a player's log in words."""
    kind, seat, value = decode_event(code)
    who = _seat(seat, me)
    shown = "a card" if value == HIDDEN else format_card(value)
    if kind == EV_DEALT:
        return f"dealt {who} {shown}"
    if kind == EV_WIDOW_DEALT:
        return "dealt the widow a card"
    if kind == EV_CALL:
        return _call_words(seat, value - 1, me)
    if kind == EV_WIDOW_CARD:
        return f"{who} took up {shown} from the widow"
    if kind == EV_DISCARD:
        return f"{who} discarded {shown}"
    if kind == EV_PLAY:
        return f"{who} played {shown}"
    if kind == EV_NAME:
        return f"{who} named {SUIT_NAMES[value]} for the Joker"
    return f"{who} won the trick"


# --- registration -------------------------------------------------------------------------------

SHORT_GAME: dict[str, ParamValue] = {"scoring": "game", "max_deals": 6}
"""The game to 500 bounded at six deals: the variant the conformance suite plays. Random
players never reach 500 (assumption 8), so its random games run to the bound; the real game is
``scoring=game`` with the default bound."""

SMALL_CONFIG: dict[str, ParamValue] = {"ranks": 5}
"""A fast configuration (assumption 9): A K Q J 10 of each suit and the Joker, six cards each."""


def make_rules(params: Mapping[str, ParamValue]) -> FiveHundredRules:
    return FiveHundredRules(params)


GAME = register(
    GameSpec(
        short_name="five_hundred",
        title="Five Hundred",
        book=HOFFMANN,
        section="FIVE HUNDRED",
        make_rules=make_rules,
        params={
            "scoring": Param(
                "deal",
                "deal: one deal, returns are scores less their mean; game: play to the target",
                ("deal", "game"),
            ),
            "target": Param(500, "the score that wins the game (scoring=game)", low=1, high=10_000),
            "bidder_first": Param(
                True, "two pass the target in one deal: the bidder wins (else the first there)"
            ),
            "max_deals": Param(
                40,
                "a game undecided after this many deals is drawn (ASSUMPTION)",
                low=1,
                high=100,
            ),
            "first_dealer": Param(2, "the first dealer (player 0 is then eldest)", (0, 1, 2)),
            "ranks": Param(
                8, "ranks per suit from the Ace down (5: a reduced pack, ASSUMPTION)", (5, 8)
            ),
            "follow_before_joker": Param(
                False,
                "at No-trumps a player must follow suit before he may play the Joker (the "
                "common rule; the book is silent: ASSUMPTION)",
            ),
        },
        min_players=NUM_PLAYERS,
        max_players=NUM_PLAYERS,
        variants={"short_game": SHORT_GAME, "small": SMALL_CONFIG},
        small_config=SMALL_CONFIG,
        no_tiny="A hand is (4 × ranks − 2) / 3 cards, so the smallest pack (ranks=5) deals 21 "
        "cards one at a time (21! ≈ 5.1e+19 orders), and the 25 bids of the Avondale ladder "
        "alone make an auction tree of 939,524,122 nodes.",
        reference="euchre",
        summary="Three-handed trick game: bid on the Avondale table, take the widow, make 500.",
    )
)
