"""Preference, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "PREFERENCE").

The rules follow RULES.md §5 and the book's own words (``shared/seeds``, "PREFERENCE."): "a
simplified form of Vint, for three players, with a thirty-two-card pack". The book is short;
every gap is an ASSUMPTION below (RULES.md §5 and Appendix B.4), and where two readings are
reasonable the other one is a parameter.

The game
--------
Three active players and the piquet pack of 32 cards (A K Q J 10 9 8 7; ♥ > ♦ > ♣ > ♠ for the
bidding, "hearts being preference always"). With ``players=4`` "the dealer takes no cards"
that deal. The deal, from the dealer's left: three cards to each, **two face down for the
widow**, four to each, three to each (10 cards each and the widow of 2).

*First round.* Beginning on the dealer's left, each active player in turn may **name a suit**
as trumps, undertaking to win at least six of the ten tricks, or pass. A bid must name a
higher suit than any named before ("bids outrank one another in the order of the suits"); the
number of tricks is never named. The widow is not used.

*Second round* (only if nobody named a suit): "each in turn has a second chance to bid for the
widow", in counters. The highest bidder puts his bid into the pool, takes the widow, lays out
two cards face down and names any suit as trumps.

*Play.* The player on the bidder's left leads; follow suit if able (no obligation to trump);
the highest trump, else the highest card of the suit led, wins; the winner leads. 10 tricks.
The trick table is :func:`preference_tricks`; the play of a card to a trick is the shared
core's :func:`~hoyle.envs.core.tricks.play_to_trick`, the widow auction the core's
:class:`~hoyle.envs.core.tricks.Auction`.

ASSUMPTIONS (RULES.md §5, Appendix B.4, and where this module had to choose)
---------------------------------------------------------------------------
1. *First round* (§5.3.1): one chance each, in turn from the dealer's left; the highest suit
   named wins, and its namer is the bidder. The widow stays face down, out of play: nobody
   ever sees it.
2. *Second round* (§5.3.2): an auction in whole counters from 1 to ``max_bid`` (a cap the book
   does not give; the bidder can win at most 10 × 4 = 40 counters with the default values),
   each bid above the last; it goes round until all but one have passed after a bid, and a
   player who passes is out (the core's ``Auction``). The first speaker is the dealer's left.
3. *Thrown in* (§5.3.3): nobody names a suit and nobody bids: the deal is void; every return
   is 0.
4. *Opening lead* (§5.4): the active player on the bidder's left (as at Vint).
5. *Payment* (§5.5): a trick is worth *v*(trumps) counters: ``spade_value`` 1, ``club_value``
   2, ``diamond_value`` 3, ``heart_value`` 4 by default. The bidder who wins six tricks or more
   takes *v* × (his tricks) from the pool; with five or fewer he pays *v* × (6 − his tricks)
   into it. The widow's price is paid into the pool before the play. The other players neither
   pay nor receive. *The first-round bidder's payment* (``first_round_price``): the book has
   "the bidder putting into it as many as he bids for the privilege of naming the trump suit",
   but a first-round bid names a suit, never a number ("the number of tricks is not
   mentioned"), and only the widow bids "are made in counters, to be put into the pool". So
   by default (0) the first-round bidder puts nothing in, as his bid names no counters; a
   positive ``first_round_price`` is the other reading: he puts that many counters into the
   pool for naming trumps, before the play, as the widow's buyer puts in his bid.
6. *The pool, and what a return is.* The three active players make up the pool, "each putting
   in an equal amount", and (§5.1, ASSUMPTION) put in again, equally, whenever it is empty or
   cannot pay a winner in full; so the winner is always paid in full. The pool belongs to the
   players who made it, in equal shares. **One unit of return is one counter of a player's
   wealth: the counters in front of him plus his third of the pool.** A payment of X counters
   by the bidder into the pool is worth −X + X/3 = −2X/3 to him and +X/3 to each of the two
   other active players; a payment out of the pool the reverse; refilling the pool changes
   nobody's wealth. So with F the bidder's net take from the pool in the deal (his winnings
   less his payments and the widow's price) the returns are +2F/3 for the bidder and −F/3 for
   each other active player: the game is **zero-sum** (``GameSpec.constant_sum``), and the
   stake of the deal is what the book's "payments are made from the pool" amount to once the
   pool is seen as the active players' common property. The four-handed dealer (who takes no
   cards and is not one of "the three active players" of that deal) neither pays nor owns a
   share of that deal's payments: his return is 0.
7. *Seats.* The dealer is the last seat (``players - 1``), so seat 0 is the eldest hand; the
   episode is one deal (a duplicate match rotates the seats).
8. *Hands shown.* Nothing hidden is shown at the end: the widow of a first-round hand and the
   bidder's two cards laid out stay face down.

Parameters
----------
==================  =======  ===================================================================
name                default  meaning
==================  =======  ===================================================================
players             3        3, or 4 (the dealer takes no cards that deal)
spade_value         1        counters a trick with ♠ trumps (assumption 5)
club_value          2        counters a trick with ♣ trumps
diamond_value       3        counters a trick with ♦ trumps
heart_value         4        counters a trick with ♥ trumps
max_bid             20       the highest bid for the widow, in counters (assumption 2)
first_round_price   0        counters the first-round bidder puts into the pool for naming
                             trumps (0: nothing, his bid names no number; assumption 5)
==================  =======  ===================================================================

Actions
-------
=====================  ============  ==========================================================
action                 id            meaning (``action_to_string``)
=====================  ============  ==========================================================
card ``c``             0-51          the card id (suit * 13 + rank). Chance: "deal ♥7 to
                                     seat 1", "deal ♥7 to the widow". Laying out: "lay out ♦K".
                                     Play: "play ♦K"
``PASS_ACTION``        52            "pass" (either round)
``NAME_ACTION_BASE``   53-56         + suit id (♠ ♥ ♦ ♣): "name ♥" (first round), "name ♥
                                     trumps" (the widow's bidder)
``BID_ACTION_BASE``    57-           + k - 1: "bid k for the widow", k = 1 .. ``max_bid``
=====================  ============  ==========================================================

``num_distinct_actions`` = ``BID_ACTION_BASE + max_bid`` (77 by default,
``NUM_DISTINCT_ACTIONS``). Phases (stored): ``DEAL``, ``NAMING`` (first round), ``BIDDING``
(the widow), ``LAY_OUT`` (the two cards), ``TRUMPS`` (the widow bidder names trumps), ``PLAY``,
``OVER``.

Bound on the game length
------------------------
Decisions: 3 in the first round; at most ``max_bid`` bids and 3 passes in the second (every bid
raises the price by at least one counter, every pass puts a player out); 2 cards laid out; 1
suit named; 30 cards played: ``39 + max_bid`` (59 by default). Chance nodes: the 32 cards dealt,
one at a time.

Information and the determinizer
--------------------------------
A player sees his own hand, the bidding, the cards played (by whom, to which trick) and the
counts of hidden cards. The widow is seen only by the second-round bidder who takes it; the two
cards he lays out only by him. The table knows, per seat, the suits it has shown out of
(``voids``, a mask of suits): a seat that did not follow suit holds none of the suit led.
``resample_history`` is the determinizer: it re-deals every card the player has not seen, where it *is now* (each other
seat's hand, respecting its voids; the widow; the bidder's two cards laid out; the cards not yet
dealt) with :func:`hoyle.envs.core.determinize.deal_hidden`, then rewrites the deal's chance
actions (a seat keeps the deal positions of the cards it has played) and the bidder's hidden
lay-out actions so that the replay is legal and the player's information state unchanged.

Observation tensor (``perfect_recall=False``; cards by their place in the pack, 0-31; seats
relative to the viewer: 0 me, 1 my left, ...; N = ``players``)
---------------------------------------------------------------------------------------------
=============  ===========  ========================================================================
piece          shape        contents
=============  ===========  ========================================================================
hand           (32,)        my hand
trick          (N, 32)      the cards on the table in the current trick, by seat
played         (N, 32)      every card each seat has played (public card tracking)
void           (N, 32)      the cards the table knows each seat cannot hold (suits shown out)
widow          (32,)        the widow's cards, if I took it
laid_out       (32,)        my two cards laid out, if I am the widow's bidder
counts         (N, 13)      each seat's hand size, one-hot
widow_count    (3,)         cards in the face-down widow, one-hot
phase          (7,)         one-hot phase
to_move        (N,)         who is to move
dealer         (N,)         the dealer
bidder         (N,)         the bidder (before the play: the namer of the highest suit, the highest
                            bidder for the widow so far)
named          (4,)         the highest suit named in the first round (by suit id)
trumps         (4,)         the trump suit
price          (max_bid+1)  the widow's price (the highest bid so far), one-hot (0: none)
passed         (N,)         seats out of the widow auction (the dealer of four: always)
won            (N, 11)      tricks won by each seat, one-hot
leader         (N,)         who led the current trick
=============  ===========  ========================================================================

The information state (``perfect_recall=True``) adds ``events`` (max events × (5 + N + 1 +
num_distinct_actions)): one row per event the player saw, in order: its kind (a card dealt, a
call, a widow card taken, a card laid out, a card played), who (relative seat, or the widow),
and the card or action id; hidden values (another's card dealt, the widow taken by another, his
cards laid out) have no value bit. Every entry is in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    NUM_RANKS,
    NUM_SUITS,
    PIQUET_32,
    SPADES,
    SUIT_SYMBOLS,
    cards_of,
    format_card,
    format_cards,
)
from hoyle.envs.core.determinize import deal_hidden
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import pack_index, set_cards, set_one_hot
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, ProbabilitySampler, replace_at
from hoyle.envs.core.tricks import (
    NO_SUIT,
    PASS,
    PIQUET_RANKS,
    Auction,
    CardPlay,
    TrickRules,
    auction_choices,
    bid,
    build_tricks,
    check_trump,
    leader_orders,
    legal_plays,
    play_refusal,
    play_to_trick,
    void_cards,
)

# --- constants and the action layout --------------------------------------------------------

ACTIVE = 3
"""Players who take cards each deal."""
HAND_SIZE = 10
WIDOW_SIZE = 2
TRICKS = HAND_SIZE
CONTRACT = 6
"""Tricks the bidder undertakes to win (§5.3.1: "at least six of the ten")."""
PACK = PIQUET_32
PACK_MASK = PACK.mask
PACK_SIZE = len(PACK)
PACKETS: tuple[int | str, ...] = (3, "widow", 4, 3)
"""§5.2: three to each, two for the widow, four to each, three to each."""

NUM_CARD_ACTIONS = NUM_SUITS * NUM_RANKS
PASS_ACTION = NUM_CARD_ACTIONS
NAME_ACTION_BASE = PASS_ACTION + 1
BID_ACTION_BASE = NAME_ACTION_BASE + NUM_SUITS
DEFAULT_MAX_BID = 20
NUM_DISTINCT_ACTIONS = BID_ACTION_BASE + DEFAULT_MAX_BID
"""The action count with the default ``max_bid``."""

BID_RANK = {SPADES: 0, CLUBS: 1, DIAMONDS: 2, HEARTS: 3}
"""§5.1: spades lowest, hearts ("preference") highest."""

# Phases (stored, never inferred).
DEAL, NAMING, BIDDING, LAY_OUT, TRUMPS, PLAY, OVER = range(7)
NUM_PHASES = 7
PHASE_NAMES = ("deal", "first round", "bidding for the widow", "lay out", "trumps", "play", "over")

# Event log: code = kind * EV_KIND + who * EV_WHO + value (who: a seat, or WIDOW_WHO).
EV_DEAL, EV_CALL, EV_TAKE, EV_LAY, EV_PLAY = range(5)
NUM_EVENT_KINDS = 5
EV_KIND = 1 << 10
EV_WHO = 1 << 7
HIDDEN = EV_WHO - 1
"""The value of an event the viewer did not see (another's card dealt, laid out, taken)."""
WIDOW_WHO = 4
MAX_BID_LIMIT = HIDDEN - BID_ACTION_BASE
"""Bids above this would not fit the event code's value field."""

EVENT_NAMES = ("dealt", "call", "widow card", "laid out", "played")


def preference_tricks(trump: int) -> TrickRules:
    """§5.1, §5.4: A K Q J 10 9 8 7 with a trump suit (Preference has no no-trumps); follow
    suit if able; ASSUMPTION (§5.4, as at Vint): no obligation to trump when void."""
    check_trump(trump, allow_no_trump=False)
    return build_tricks(f"preference-{trump}", PIQUET_RANKS, trump)


def deal_order(players: int) -> tuple[int, ...]:
    """The recipient of each of the 32 cards in turn (a seat, or ``-1`` for the widow)."""
    active = active_seats(players)
    out: list[int] = []
    for packet in PACKETS:
        if packet == "widow":
            out += [-1] * WIDOW_SIZE
        else:
            for q in active:
                out += [q] * int(packet)
    return tuple(out)


def active_seats(players: int) -> tuple[int, ...]:
    """The seats that take cards, from the dealer's left (the dealer is ``players - 1``)."""
    return tuple(range(ACTIVE))


# --- the state ------------------------------------------------------------------------------


class PreferenceState(PlainState):
    """One moment of a Preference deal. Every slot holds an immutable value.

    ``hands``, ``won``, ``played``, ``voids``: one entry per seat. ``widow``: the face-down
    widow (0 once taken). ``laid_out``: the bidder's two cards laid out. ``high``: the highest
    suit named in the first round (its namer is ``bidder``), ``spoken``: first-round turns
    taken. ``auction``: the widow auction (``None`` outside it). ``price``: counters paid for
    the widow. ``trick``: the cards of the current trick in order, led by ``leader``.
    ``voids``: per seat, the suits it has shown out of (a 4-bit mask; the cards the table
    knows it cannot hold are their cards, ``tricks.void_cards``). ``log``: every event, with
    the actor and the value (hidden values are masked per viewer in ``player_view``).
    ``nact``: the history length; ``lay_pos``: history positions of the cards laid out.
    """

    __slots__ = (
        "auction",
        "bidder",
        "dealt",
        "hands",
        "high",
        "laid_out",
        "lay_pos",
        "leader",
        "log",
        "nact",
        "ndealt",
        "phase",
        "played",
        "price",
        "result",
        "spoken",
        "to_move",
        "trick",
        "trumps",
        "voids",
        "widow",
        "won",
    )  # fmt: skip

    phase: int
    to_move: int
    ndealt: int
    dealt: int
    hands: tuple[int, ...]
    widow: int
    laid_out: int
    high: int
    spoken: int
    auction: Auction | None
    bidder: int
    price: int
    trumps: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    log: tuple[int, ...]
    nact: int
    lay_pos: tuple[int, ...]
    result: tuple[float, ...]


# --- the player's view ----------------------------------------------------------------------


@dataclass(frozen=True)
class PreferenceView:
    """What one player sees: his hand, the bidding, the table; nothing hidden.

    Seats are absolute. ``widow`` and ``laid_out`` are the cards the viewer took and laid out
    (0 unless he is the widow's bidder); ``events`` are ``(kind, who, value)`` triples with
    ``who`` a seat or ``WIDOW_WHO`` and ``value`` ``-1`` where the viewer did not see it.
    """

    player: int
    num_players: int
    dealer: int
    phase: int
    to_move: int
    hand: int
    hand_sizes: tuple[int, ...]
    widow_count: int
    widow: int
    laid_out: int
    high: int
    bidder: int
    price: int
    trumps: int
    passed: tuple[bool, ...]
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    events: tuple[tuple[int, int, int], ...]
    rules: PreferenceRules = field(compare=False, repr=False)

    @property
    def unseen(self) -> int:
        """Cards this player has not seen: the others' hands, the widow, the cards laid out
        by another, and the cards not yet dealt."""
        seen = self.hand | self.widow | self.laid_out
        for m in self.played:
            seen |= m
        return PACK_MASK & ~seen

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick (``NO_SUIT`` when leading)."""
        if not self.trick or self.trumps < 0:
            return NO_SUIT
        return self.rules.tricks[self.trumps].suit[self.trick[0]]


# --- the rules ------------------------------------------------------------------------------


class PreferenceRules:
    """The rules of Preference for one parameter set (see the module docstring)."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.num_players = int(params["players"])
        self.dealer = self.num_players - 1
        self.values = (
            int(params["spade_value"]),
            int(params["heart_value"]),
            int(params["diamond_value"]),
            int(params["club_value"]),
        )  # by suit id: ♠ ♥ ♦ ♣
        if min(self.values) < 0:
            raise GameParameterError("trick values must be non-negative counters")
        self.max_bid = int(params["max_bid"])
        if not 1 <= self.max_bid <= MAX_BID_LIMIT:
            raise GameParameterError(f"max_bid must be between 1 and {MAX_BID_LIMIT}")
        self.first_round_price = int(params["first_round_price"])
        if not 0 <= self.first_round_price <= MAX_BID_LIMIT:
            raise GameParameterError(
                f"first_round_price must be between 0 and {MAX_BID_LIMIT} counters"
            )
        self.active = active_seats(self.num_players)
        self.active_mask = sum(1 << q for q in self.active)
        self.order = deal_order(self.num_players)
        self.tricks: tuple[TrickRules, ...] = tuple(preference_tricks(t) for t in range(NUM_SUITS))
        self.trick_orders = leader_orders(self.active, self.num_players)
        """By leader: the seats of a trick in playing order (the dealer sits out with four)."""
        self.num_distinct_actions = BID_ACTION_BASE + self.max_bid
        self.max_chance_outcomes = NUM_CARD_ACTIONS
        vmax = max(self.values)
        best = TRICKS * vmax  # the bidder's largest net take from the pool
        # his largest payment into it
        worst = max(self.max_bid, self.first_round_price) + CONTRACT * vmax
        self.min_utility = -max(2 * worst, best) / 3
        self.max_utility = max(2 * best, worst) / 3
        self.utility_sum: float | None = 0.0
        self.max_game_length = ACTIVE + self.max_bid + ACTIVE + WIDOW_SIZE + 1 + ACTIVE * TRICKS
        self.max_chance_nodes = PACK_SIZE
        self.max_events = self.max_chance_nodes + self.max_game_length + WIDOW_SIZE
        self.pack_index = pack_index(PACK.cards)

    # --- seats ---------------------------------------------------------------------------
    def next_active(self, q: int) -> int:
        """The next seat to the left that takes cards."""
        q = (q + 1) % self.num_players
        return q if q != self.dealer or self.num_players == ACTIVE else (q + 1) % self.num_players

    def value(self, suit: int) -> int:
        return self.values[suit]

    # --- the rules -----------------------------------------------------------------------
    def new_state(self) -> PreferenceState:
        s = PreferenceState()
        n = self.num_players
        s.phase = DEAL
        s.to_move = CHANCE
        s.ndealt = 0
        s.dealt = 0
        s.hands = (0,) * n
        s.widow = 0
        s.laid_out = 0
        s.high = -1
        s.spoken = 0
        s.auction = None
        s.bidder = -1
        s.price = 0
        s.trumps = -1
        s.leader = -1
        s.trick = ()
        s.won = (0,) * n
        s.played = (0,) * n
        s.voids = (0,) * n
        s.log = ()
        s.nact = 0
        s.lay_pos = ()
        s.result = (0.0,) * n
        return s

    def current_player(self, s: PreferenceState) -> int:
        return s.to_move

    def illegal_reason(self, s: PreferenceState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play, a card not held or the follow-suit rule
        (:func:`~hoyle.envs.core.tricks.play_refusal`, on the same trick rules as
        :meth:`legal_actions`); elsewhere ``None``."""
        if s.phase != PLAY or not 0 <= action < NUM_CARD_ACTIONS:
            return None
        led = NO_SUIT if not s.trick else self.tricks[s.trumps].suit[s.trick[0]]
        return play_refusal(s.hands[s.to_move], led, self.tricks[s.trumps], action)

    def legal_actions(self, s: PreferenceState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            led = NO_SUIT if not s.trick else self.tricks[s.trumps].suit[s.trick[0]]
            return cards_of(legal_plays(s.hands[s.to_move], led, self.tricks[s.trumps]))
        if ph == NAMING:
            rank = BID_RANK[s.high] if s.high >= 0 else -1
            names = [NAME_ACTION_BASE + t for t in range(NUM_SUITS) if BID_RANK[t] > rank]
            return [PASS_ACTION, *names]
        if ph == BIDDING:
            assert s.auction is not None
            return [
                PASS_ACTION if c == PASS else BID_ACTION_BASE + c
                for c in auction_choices(s.auction)
            ]
        if ph == LAY_OUT:
            return cards_of(s.hands[s.to_move])
        if ph == TRUMPS:
            return [NAME_ACTION_BASE + t for t in range(NUM_SUITS)]
        return []

    def chance_outcomes(self, s: PreferenceState) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        left = cards_of(PACK_MASK & ~s.dealt)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def returns(self, s: PreferenceState) -> list[float]:
        return list(s.result)

    def _event(self, s: PreferenceState, kind: int, who: int, value: int) -> None:
        s.log = (*s.log, kind * EV_KIND + who * EV_WHO + value)

    def apply_action(self, s: PreferenceState, action: int) -> None:
        ph = s.phase
        if ph == PLAY:
            self._apply_play(s, action)
        elif ph == DEAL:
            self._apply_deal(s, action)
        elif ph == NAMING:
            self._apply_naming(s, action)
        elif ph == BIDDING:
            self._apply_bid(s, action)
        elif ph == LAY_OUT:
            self._apply_lay_out(s, action)
        elif ph == TRUMPS:
            self._event(s, EV_CALL, s.to_move, action)
            s.trumps = action - NAME_ACTION_BASE
            self._start_play(s)
        s.nact += 1

    def _apply_deal(self, s: PreferenceState, c: int) -> None:
        to = self.order[s.ndealt]
        bit = 1 << c
        if to < 0:
            s.widow |= bit
            self._event(s, EV_DEAL, WIDOW_WHO, c)
        else:
            s.hands = replace_at(s.hands, to, s.hands[to] | bit)
            self._event(s, EV_DEAL, to, c)
        s.dealt |= bit
        s.ndealt += 1
        if s.ndealt == PACK_SIZE:
            s.phase = NAMING
            s.to_move = self.active[0]

    def _apply_naming(self, s: PreferenceState, a: int) -> None:
        p = s.to_move
        self._event(s, EV_CALL, p, a)
        if a != PASS_ACTION:
            s.high = a - NAME_ACTION_BASE
            s.bidder = p
        s.spoken += 1
        if s.spoken < ACTIVE:
            s.to_move = self.next_active(p)
        elif s.high >= 0:
            s.trumps = s.high
            self._start_play(s)
        else:
            s.phase = BIDDING
            s.auction = Auction(
                self.num_players, self.max_bid, self.active_mask, self.active[0], PASS, -1
            )
            s.to_move = self.active[0]

    def _apply_bid(self, s: PreferenceState, a: int) -> None:
        assert s.auction is not None
        p = s.to_move
        self._event(s, EV_CALL, p, a)
        au = bid(s.auction, PASS if a == PASS_ACTION else a - BID_ACTION_BASE)
        s.auction = au
        if not au.over:
            s.to_move = au.to_move
            return
        if au.bidder < 0:  # thrown in (assumption 3)
            s.phase = OVER
            s.to_move = TERMINAL
            return
        b = au.bidder
        s.bidder = b
        s.price = au.high + 1
        for c in cards_of(s.widow):
            self._event(s, EV_TAKE, b, c)
        s.hands = replace_at(s.hands, b, s.hands[b] | s.widow)
        s.widow = 0
        s.phase = LAY_OUT
        s.to_move = b

    def _apply_lay_out(self, s: PreferenceState, c: int) -> None:
        b = s.to_move
        self._event(s, EV_LAY, b, c)
        s.hands = replace_at(s.hands, b, s.hands[b] & ~(1 << c))
        s.laid_out |= 1 << c
        s.lay_pos = (*s.lay_pos, s.nact)
        if len(s.lay_pos) == WIDOW_SIZE:
            s.phase = TRUMPS

    def _start_play(self, s: PreferenceState) -> None:
        s.auction = None
        s.phase = PLAY
        s.leader = self.next_active(s.bidder)
        s.to_move = s.leader

    def _apply_play(self, s: PreferenceState, c: int) -> None:
        p = s.to_move
        self._event(s, EV_PLAY, p, c)
        s.played = replace_at(s.played, p, s.played[p] | 1 << c)
        s.hands, trick, s.voids, s.to_move, w = play_to_trick(
            self.tricks[s.trumps], s.hands, s.trick, s.voids, self.trick_orders[s.leader], c
        )
        if w < 0:
            s.trick = trick
            return
        s.won = replace_at(s.won, w, s.won[w] + 1)
        s.trick = ()
        s.leader = w
        if sum(s.won) == TRICKS:
            self.settle(s)

    def bidder_take(self, s: PreferenceState) -> int:
        """The bidder's net take from the pool this deal, in counters (assumption 5)."""
        v = self.value(s.trumps)
        got = s.won[s.bidder]
        take = v * got if got >= CONTRACT else -v * (CONTRACT - got)
        # A widow is bought for at least one counter: no price is a first-round bid.
        return take - (s.price if s.price else self.first_round_price)

    def settle(self, s: PreferenceState) -> None:
        """Returns per assumption 6: +2F/3 to the bidder, −F/3 to each other active player."""
        f = self.bidder_take(s)
        share = -f / ACTIVE
        out = [0.0] * self.num_players
        for q in self.active:
            if q != s.bidder:
                out[q] = share
        out[s.bidder] = -(share + share)
        s.result = tuple(out)
        s.phase = OVER
        s.to_move = TERMINAL

    # --- words ---------------------------------------------------------------------------
    def action_to_string(self, s: PreferenceState, player: int, action: int) -> str:
        if player == CHANCE:
            to = self.order[s.ndealt] if s.ndealt < PACK_SIZE else -1
            where = "the widow" if to < 0 else f"seat {to}"
            return f"deal {format_card(action)} to {where}"
        if action < NUM_CARD_ACTIONS:
            verb = "lay out" if s.phase == LAY_OUT else "play"
            return f"{verb} {format_card(action)}"
        return call_words(action, trumps=s.phase == TRUMPS)

    def state_string(self, s: PreferenceState) -> str:
        lines = [
            f"Preference ({self.num_players} players, dealer {self.dealer}); phase: "
            f"{PHASE_NAMES[s.phase]}; to move: {_who(s.to_move)}"
        ]
        for q in range(self.num_players):
            lines.append(
                f"seat {q}: {format_cards(s.hands[q]) or '-'}; played {format_cards(s.played[q])}"
                f"; tricks {s.won[q]}"
            )
        lines.append(f"widow: {format_cards(s.widow) or '-'}; laid out: {_cards(s.laid_out)}")
        au = s.auction
        bidder, price = (au.bidder, au.high + 1) if au is not None else (s.bidder, s.price)
        lines.append(_contract_words(s.phase, bidder, s.high, s.trumps, price))
        lines.append(f"trick: {_cards(s.trick)} (led by {_who(s.leader)})")
        if s.phase == OVER:
            lines.append(f"returns: {list(s.result)}")
        return "\n".join(lines)

    # --- information ---------------------------------------------------------------------
    def player_view(self, s: PreferenceState, player: int) -> PreferenceView:
        n = self.num_players
        took = s.bidder == player and s.price > 0
        widow = 0
        events = []
        for code in s.log:
            kind, who, value = code // EV_KIND, code // EV_WHO % (EV_KIND // EV_WHO), code % EV_WHO
            if kind in (EV_DEAL, EV_TAKE, EV_LAY) and who != player:
                value = -1
            if kind == EV_TAKE and who == player:
                widow |= 1 << value
            events.append((kind, who, value))
        if s.auction is not None:
            passed = tuple(not (s.auction.in_play >> q) & 1 for q in range(n))
        else:
            passed = tuple(q not in self.active for q in range(n))
        return PreferenceView(
            player=player,
            num_players=n,
            dealer=self.dealer,
            phase=s.phase,
            to_move=s.to_move,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            widow_count=s.widow.bit_count(),
            widow=widow,
            laid_out=s.laid_out if took else 0,
            high=s.high,
            bidder=s.auction.bidder if s.auction is not None else s.bidder,
            price=s.auction.high + 1 if s.auction is not None else s.price,
            trumps=s.trumps,
            passed=passed,
            leader=s.leader,
            trick=s.trick,
            won=s.won,
            played=s.played,
            voids=s.voids,
            events=tuple(events),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (PACK_SIZE,)),
            ("trick", (n, PACK_SIZE)),
            ("played", (n, PACK_SIZE)),
            ("void", (n, PACK_SIZE)),
            ("widow", (PACK_SIZE,)),
            ("laid_out", (PACK_SIZE,)),
            ("counts", (n, HAND_SIZE + WIDOW_SIZE + 1)),
            ("widow_count", (WIDOW_SIZE + 1,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (n,)),
            ("dealer", (n,)),
            ("bidder", (n,)),
            ("named", (NUM_SUITS,)),
            ("trumps", (NUM_SUITS,)),
            ("price", (self.max_bid + 1,)),
            ("passed", (n,)),
            ("won", (n, TRICKS + 1)),
            ("leader", (n,)),
        ]
        if perfect_recall:
            width = NUM_EVENT_KINDS + n + 1 + self.num_distinct_actions
            pieces.append(("events", (self.max_events, width)))
        return pieces

    def encode_view(
        self, view: PreferenceView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        idx = self.pack_index
        n = self.num_players
        me = view.player

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand, idx)
        q = view.leader
        for c in view.trick:
            out["trick"][rel(q), idx[c]] = 1.0
            q = self.next_active(q)
        for q in range(n):
            r = rel(q)
            set_cards(out["played"][r], view.played[q], idx)
            if view.voids[q]:
                set_cards(out["void"][r], void_cards(view.voids[q], self.tricks[view.trumps]), idx)
            out["counts"][r, view.hand_sizes[q]] = 1.0
            out["won"][r, view.won[q]] = 1.0
            if view.passed[q]:
                out["passed"][r] = 1.0
        set_cards(out["widow"], view.widow, idx)
        set_cards(out["laid_out"], view.laid_out, idx)
        out["widow_count"][view.widow_count] = 1.0
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        if view.bidder >= 0:
            out["bidder"][rel(view.bidder)] = 1.0
        set_one_hot(out["named"], view.high)
        set_one_hot(out["trumps"], view.trumps)
        out["price"][view.price] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        if perfect_recall:
            block = out["events"]
            for i, (kind, who, value) in enumerate(view.events):
                block[i, kind] = 1.0
                block[i, NUM_EVENT_KINDS + (n if who == WIDOW_WHO else rel(who))] = 1.0
                if value >= 0:
                    block[i, NUM_EVENT_KINDS + n + 1 + value] = 1.0

    def view_string(self, view: PreferenceView, perfect_recall: bool) -> str:
        me = view.player
        n = view.num_players
        lines = [
            f"Preference ({n} players); you are seat {me}"
            + (" (dealer)" if view.dealer == me else "")
            + f"; dealer: seat {view.dealer}; phase: {PHASE_NAMES[view.phase]}; "
            f"to move: {_who(view.to_move, me)}",
            f"Your hand: {_cards(view.hand)}",
            "Hands: " + ", ".join(f"{_who(q, me)} {view.hand_sizes[q]}" for q in range(n)),
            f"Widow: {view.widow_count} cards face down"
            + (f"; you took {_cards(view.widow)}" if view.widow else "")
            + (f"; you laid out {_cards(view.laid_out)}" if view.laid_out else ""),
            _contract_words(view.phase, view.bidder, view.high, view.trumps, view.price, me),
            "Passed: " + (", ".join(_who(q, me) for q in range(n) if view.passed[q]) or "-"),
            f"Trick: {_cards(view.trick)}"
            + (f" (led by {_who(view.leader, me)})" if view.leader >= 0 else ""),
            "Tricks won: " + ", ".join(f"{_who(q, me)} {view.won[q]}" for q in range(n)),
            "Played: " + "; ".join(f"{_who(q, me)} {_cards(view.played[q])}" for q in range(n)),
            "Shown out: "
            + (
                "; ".join(
                    f"{_who(q, me)} {''.join(SUIT_SYMBOLS[t] for t in range(NUM_SUITS) if view.voids[q] >> t & 1)}"
                    for q in range(n)
                    if view.voids[q]
                )
                or "-"
            ),
        ]
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + _event_words(k, w, v, me) for k, w, v in view.events)
        return "\n".join(lines)

    # --- the determinizer ----------------------------------------------------------------
    def hidden_deals(
        self, s: PreferenceState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """The contract's plain re-deal, a subset of :meth:`resample_history` (the game's
        determinizer, which the core prefers): the deal positions of the cards still in the
        hands of the other seats that have shown out of no suit (and did not take the widow),
        the untaken widow's positions, and those cards plus the undealt ones as the pool. The
        seats with known voids and the widow's bidder keep their cards, so every re-deal it
        allows is legal, though not every legal re-deal is reached."""
        movable = [
            q
            for q in range(self.num_players)
            if q != player and not s.voids[q] and not (s.price > 0 and q == s.bidder)
        ]
        hidden = 0
        for q in movable:
            hidden |= s.hands[q]
        if s.price == 0:
            hidden |= s.widow
        positions = [
            k
            for k in range(s.ndealt)
            if (self.order[k] in movable or (self.order[k] < 0 and s.price == 0))
            and hidden >> history[k] & 1
        ]
        pool = [history[k] for k in positions] + cards_of(PACK_MASK & ~s.dealt)
        return positions, sorted(pool)

    def resample_history(
        self, s: PreferenceState, player: int, history: Sequence[int], sampler: ProbabilitySampler
    ) -> list[int]:
        """A history ``player`` cannot tell from ``history``, the unseen cards re-dealt
        uniformly where they are now, each seat's voids respected (see the module docstring)."""
        if s.phase == OVER:
            return list(history)
        n = self.num_players
        holders: list[Any] = []
        pool = PACK_MASK & ~s.dealt
        for q in range(n):
            if q != player and s.hands[q]:
                holders += [q] * s.hands[q].bit_count()
                pool |= s.hands[q]
        if s.widow:
            holders += ["widow"] * s.widow.bit_count()
            pool |= s.widow
        hidden_lay = s.laid_out and s.bidder != player
        if hidden_lay:
            holders += ["laid_out"] * s.laid_out.bit_count()
            pool |= s.laid_out
        if not holders:
            return list(history)
        # Voids are shown only in the play, where the trumps are named.
        tr = self.tricks[s.trumps] if s.trumps >= 0 else self.tricks[0]
        forbid = {q: void_cards(s.voids[q], tr) for q in range(n)}
        cards = deal_hidden(holders, cards_of(pool), forbid, sampler)
        new_hands = [0] * n
        new_widow = new_laid = 0
        laid_order: list[int] = []
        for h, c in zip(holders, cards, strict=True):
            if h == "widow":
                new_widow |= 1 << c
            elif h == "laid_out":
                new_laid |= 1 << c
                laid_order.append(c)
            else:
                new_hands[h] |= 1 << c
        new = list(history)
        # Each other seat's deal positions (and the widow's, for the seat that took it) keep
        # the cards it has played; the others get its new hidden cards.
        took_widow = s.price > 0
        for q in range(n):
            if q == player or q not in self.active:
                continue
            fill = new_hands[q]
            slots = [k for k in range(s.ndealt) if self.order[k] == q]
            if took_widow and q == s.bidder:
                fill |= new_laid
                slots += [k for k in range(s.ndealt) if self.order[k] < 0]
            rest = cards_of(fill)
            for k in slots:
                if not s.played[q] >> history[k] & 1:
                    new[k] = rest.pop()
            assert not rest
        if not took_widow:
            rest = cards_of(new_widow)
            for k in range(s.ndealt):
                if self.order[k] < 0:
                    new[k] = rest.pop()
        if hidden_lay:
            for pos, c in zip(s.lay_pos, laid_order, strict=True):
                new[pos] = c
        return new

    # --- search and tests ----------------------------------------------------------------
    def card_play(self, s: PreferenceState) -> CardPlay | None:
        """The card play as a double-dummy problem: the three active seats from the dealer's
        left, the bidder's side 0 and the others' side 1, tricks counted."""
        if s.phase != PLAY:
            return None
        seats = self.active
        return CardPlay(
            tricks=self.tricks[s.trumps],
            seats=seats,
            hands=tuple(s.hands[q] for q in seats),
            leader=seats.index(s.leader),
            table=s.trick,
            named=NO_SUIT,
            sides=tuple(0 if q == s.bidder else 1 for q in seats),
            points=None,
            last_trick=0,
        )

    def card_zones(self, s: PreferenceState) -> dict[str, int]:
        trick = 0
        for c in s.trick:
            trick |= 1 << c
        tricks = 0
        for m in s.played:
            tricks |= m
        zones = {f"hand{q}": s.hands[q] for q in range(self.num_players)}
        zones.update(
            widow=s.widow,
            laid_out=s.laid_out,
            trick=trick,
            tricks=tricks & ~trick,
            undealt=PACK_MASK & ~s.dealt,
        )
        return zones


# --- small functions ------------------------------------------------------------------------


def _cards(cards: int | Sequence[int]) -> str:
    return format_cards(cards) or "-"


def _who(q: int, me: int = -1) -> str:
    if q == me:
        return "you"
    if q == CHANCE:
        return "chance"
    if q == TERMINAL or q < 0:
        return "nobody"
    if q == WIDOW_WHO:
        return "the widow"
    return f"seat {q}"


def call_words(action: int, trumps: bool = False) -> str:
    """A call in words: "pass", "name ♥", "name ♥ trumps", "bid 3 for the widow"."""
    if action == PASS_ACTION:
        return "pass"
    if action < BID_ACTION_BASE:
        return f"name {SUIT_SYMBOLS[action - NAME_ACTION_BASE]}" + (" trumps" if trumps else "")
    return f"bid {action - BID_ACTION_BASE + 1} for the widow"


def _contract_words(
    phase: int, bidder: int, high: int, trumps: int, price: int, me: int = -1
) -> str:
    if trumps >= 0:
        how = f"for the widow at {price}" if price else "in the first round"
        return f"Bidder: {_who(bidder, me)}, {how}; trumps {SUIT_SYMBOLS[trumps]}"
    if phase in (DEAL, NAMING):
        if high >= 0:
            return f"Highest suit named: {SUIT_SYMBOLS[high]} by {_who(bidder, me)}"
        return "No suit named yet"
    if phase == BIDDING:
        if bidder >= 0:
            return f"Widow: highest bid {price} by {_who(bidder, me)}"
        return "Widow: no bid yet"
    if phase in (LAY_OUT, TRUMPS):
        return f"Widow bought by {_who(bidder, me)} for {price}; trumps not yet named"
    return "Thrown in: nobody named a suit or bid for the widow"


def _event_words(kind: int, who: int, value: int, me: int) -> str:
    actor = _who(who, me)
    if kind == EV_DEAL:
        return f"dealt {'a card' if value < 0 else format_card(value)} to {actor}"
    if kind == EV_CALL:
        return f"{actor}: {call_words(value, trumps=False)}"
    if kind == EV_TAKE:
        return f"{actor} took {'a widow card' if value < 0 else format_card(value)}"
    if kind == EV_LAY:
        return f"{actor} laid out {'a card' if value < 0 else format_card(value)}"
    return f"{actor} played {format_card(value)}"


def make_rules(params: Mapping[str, ParamValue]) -> PreferenceRules:
    return PreferenceRules(params)


SMALL_CONFIG: dict[str, ParamValue] = {"max_bid": 2}
"""A fast configuration for the conformance suite: the widow auction has two prices. (The
32-card deal itself is not reduced: it is not a configuration for exact solving.)"""

GAME = register(
    GameSpec(
        short_name="preference",
        title="Preference",
        book=FOSTER,
        section="PREFERENCE",
        make_rules=make_rules,
        params={
            "players": Param(3, "players at the table; with 4 the dealer takes no cards", (3, 4)),
            "spade_value": Param(
                1, "counters a trick is worth with spades trumps (ASSUMPTION)", low=0, high=100
            ),
            "club_value": Param(
                2, "counters a trick is worth with clubs trumps (ASSUMPTION)", low=0, high=100
            ),
            "diamond_value": Param(
                3, "counters a trick is worth with diamonds trumps (ASSUMPTION)", low=0, high=100
            ),
            "heart_value": Param(
                4, "counters a trick is worth with hearts trumps (ASSUMPTION)", low=0, high=100
            ),
            "max_bid": Param(
                DEFAULT_MAX_BID,
                "the highest bid for the widow, in counters (ASSUMPTION)",
                low=1,
                high=MAX_BID_LIMIT,
            ),
            "first_round_price": Param(
                0,
                "counters the first-round bidder puts into the pool for naming trumps (0: none, "
                "his bid names no number; ASSUMPTION)",
                low=0,
                high=MAX_BID_LIMIT,
            ),
        },
        min_players=3,
        max_players=4,
        constant_sum=True,
        variants={"four": {"players": 4}},
        small_config=SMALL_CONFIG,
        no_tiny="The 32-card pack is dealt one card at a time (32! ≈ 2.6e+35 orders) and has no "
        "reduced form: three hands of even two cards and the widow of two are 8! = 40,320 "
        "orders of the deal before the first bid, and the book's six tricks of ten have no "
        "smaller reading.",
        reference="skat",
        summary="Three-handed Vint: name a suit for six tricks, or buy the widow.",
    )
)
