"""The rules of Five Hundred: the book's numbers, the trick tables, the deal, the state and the
moves (the rules, assumptions and parameters are in the package docstring)."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

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
from hoyle.envs.core.deal import WIDOW, DealPlan, Packet, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import (
    NO_ACTOR,
    NOBODY,
    Event,
    EventKind,
    EventSchema,
    log_event,
    seats,
    settle_log,
)
from hoyle.envs.core.observe import pack_index
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
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

# Kinds of event in the log (``s.log``, :data:`EVENT_KINDS`).
EV_DEALT, EV_WIDOW_DEALT, EV_CALL, EV_WIDOW_CARD, EV_DISCARD, EV_PLAY, EV_NAME, EV_TRICK = range(8)
EV_NEW_DEAL = 8
EVENT_KINDS = (
    EventKind("dealt {actor} {value}"),
    EventKind("dealt the widow {value}"),
    EventKind("{actor}: {value}", "action"),
    EventKind("{actor} took up {value} from the widow"),
    EventKind("{actor} discarded {value}"),
    EventKind("{actor} played {value}"),
    EventKind("{actor} named {value} for the Joker", "suit"),
    EventKind("{actor} won the trick", "none"),
    EventKind("a new deal, dealt by {actor}", "none"),
)
"""What the log records, in the book's words: a card dealt to a seat (seen by him) or to the
widow (by nobody), a call (its value the action: pass or a bid), a widow card taken up and a
discard (seen by the bidder), a card played, a suit named for the Joker, a trick won, and the
start of each deal (so the log of a game holds every deal, each after its own marker)."""
NUM_EVENT_VALUES = BID_ACTION_BASE + NUM_BIDS
"""Event values: card ids, the call actions (pass and the bids) and suits, all below it."""

DRAW = -2
"""``winner`` of a game abandoned at ``max_deals``."""

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


def deal_plan(hand_size: int) -> DealPlan:
    """The deal (assumption 1): from the eldest hand (seat 0 of the plan) round the table,
    packets of three while three remain, then ones; the widow's three cards last.

    >>> plan = deal_plan(10)
    >>> plan.count(0), plan.holders[:4], plan.holders[-4:]
    (10, (0, 0, 0, 1), (2, -1, -1, -1))
    """
    sizes = (3,) * (hand_size // 3) + (1,) * (hand_size % 3)
    return DealPlan.rounds(range(NUM_PLAYERS), sizes, extra=[Packet(WIDOW, WIDOW_SIZE)])


# --- the state and the view ------------------------------------------------------------------


class FiveHundredState(PlainState):
    """One moment of a Five Hundred deal (or game). Every slot holds an immutable value.

    ``hands``, ``tricks_won``, ``played`` (cards played to finished tricks this deal), ``voids``
    (suits renounced, a 4-bit mask), ``scores``: one entry per seat. ``widow``: the untaken
    widow; ``found``: the widow the bidder took up (his knowledge only). ``trick``: the cards of
    the current trick in order from ``leader``; ``led``: its suit (the named suit for a led
    No-trump Joker). ``dealt``: the cards dealt so far this deal (their count says who gets
    the next one). ``log``: the game's events (:data:`EVENT_KINDS`), every deal after its own
    marker, each with who saw it; ``ply``: the actions applied so far (the history's length,
    which an event names as ``at``).
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
        "log",
        "named",
        "phase",
        "played",
        "ply",
        "results",
        "scores",
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
    log: tuple[Event, ...]
    ply: int


# --- the rules --------------------------------------------------------------------------------


class FiveHundredPlay:
    """The moves of Five Hundred for one parameter set (pure: no pyspiel, no randomness): the
    deal, the auction, the discard, the play and the score; the views and the determinizer
    are added by :class:`~hoyle.envs.games.five_hundred.FiveHundredRules`."""

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
        self.deal_plan = deal_plan(self.hand_size)
        per_deal = self.decisions_per_deal(self.hand_size)
        self.max_game_length = per_deal * self.max_deals
        self.max_chance_nodes = self.deal_size * self.max_deals
        # A deal's events: its marker, the cards dealt, the calls, the widow taken up, the
        # discards, the plays, the Joker's namings (at most one a trick) and the tricks.
        deal_events = (
            1 + self.deal_size + NUM_BIDS + NUM_PLAYERS + 2 * WIDOW_SIZE
            + (NUM_PLAYERS + 2) * self.hand_size
        )  # fmt: skip
        self.event_schema = EventSchema(
            EVENT_KINDS, NUM_PLAYERS, NUM_EVENT_VALUES, deal_events * self.max_deals
        )
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
        s.log = ()
        s.ply = 0
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
        s.log = log_event(s.log, EV_NEW_DEAL, s.dealer)

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
        return deal_outcomes(self.pack_mask, s.dealt)

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
        self._apply[s.phase](s, action)
        s.ply += 1

    def _apply_over(self, s: FiveHundredState, a: int) -> None:
        raise ValueError("the game is over")

    def _apply_deal(self, s: FiveHundredState, c: int) -> None:
        to = self.deal_plan.holder(s.dealt.bit_count())
        bit = 1 << c
        s.dealt |= bit
        if to == WIDOW:
            s.widow |= bit
            s.log = log_event(s.log, EV_WIDOW_DEALT, NO_ACTOR, c, NOBODY, s.ply)
        else:
            q = (s.dealer + 1 + to) % NUM_PLAYERS
            s.hands = replace_at(s.hands, q, s.hands[q] | bit)
            s.log = log_event(s.log, EV_DEALT, q, c, seats(q), s.ply)
        if s.dealt == self.pack_mask:
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
        s.log = log_event(s.log, EV_CALL, p, a)
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
        # Taken up in card order (nobody saw the order it was dealt in), each card named where
        # it was dealt: the widow's events come just before the calls'.
        n = len(s.calls)
        dealt_at = {e[2]: e[4] for e in s.log[-n - WIDOW_SIZE : -n]}
        for c in cards_of(s.widow):
            s.log = log_event(s.log, EV_WIDOW_CARD, b, c, seats(b), dealt_at[c])
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
        s.log = log_event(s.log, EV_DISCARD, b, c, seats(b), s.ply)
        if s.discards_left == 0:
            s.phase = PLAY
            s.leader = s.to_move = b

    def _apply_play(self, s: FiveHundredState, c: int) -> None:
        s.log = log_event(s.log, EV_PLAY, s.to_move, c, at=s.ply)
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
        s.log = log_event(s.log, EV_NAME, s.to_move, suit)
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
        s.log = log_event(s.log, EV_TRICK, w)
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
        s.log = settle_log(s.log)
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
            k = s.dealt.bit_count()
            to = self.deal_plan.holder(k) if k < self.deal_size else 0
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


def _denomination(contract: int) -> int:
    return NT if contract < 0 else bid_of(contract)[1]


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
