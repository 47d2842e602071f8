"""Solo, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "SOLO", in "Odd Games").

The rules follow RULES.md §6.1-§6.5 and the book's own words (``shared/seeds``, "SOLO."); where
the book is silent the gap is filled by an ASSUMPTION below, and where two readings are
reasonable the other one is a parameter. Heart Solo (§6.6) is the same machinery on a smaller
pack: :mod:`hoyle.envs.games.heart_solo` builds :class:`SoloRules` with ``heart=True``.

The game
--------
Four players, a 32-card pack (A K Q J 10 9 8 7). Whatever the trump suit, the club Queen
(*Spadilla*) is the best trump, the Seven of trumps (*Manilla*) the second, the spade Queen
(*Basta*) the third, then A K (Q) J 10 9 8 of the trump suit (:func:`solo_tricks`). Clubs is
*colour*: a game with clubs trumps is worth double. Eight cards each are dealt 3-2-3, starting
with the eldest hand.

The players bid for the right to name trumps, eldest first. The winner announces a game worth at
least his bid:

=====================  ========  ==========  ==============================================
game                   in suit   in colour   goal
=====================  ========  ==========  ==============================================
Simple game            2         4           5 tricks with the holder of a called Ace
Solo (also Forcée)     4         8           5 tricks alone
Tout                   16        32          all 8 tricks, alone or with a called Ace
=====================  ========  ==========  ==============================================

For a Simple game (or a Tout with a partner) he names trumps and calls for an Ace: its holder is
his partner, unknown to everyone (the bidder included) until the Ace falls, but he helps from
the first card. Calling an Ace he holds himself, he plays alone, unknown to the others.
*Forcée*: if nobody bids and a player holds both Spadilla and Basta, he must play a Solo or call
for an Ace; if he calls, the holder of the Ace names trumps (not the Ace's suit); it is worth
a Solo. Eldest hand leads; follow suit if able (trumps include the three Matadors), otherwise
any card. The hand is abandoned as soon as the bidder's side has five tricks, unless (not in a
Tout) he goes on, when he must take all eight or lose the value of a Tout. A lone player wins
from or loses to each of his three adversaries the value of the game; two partners receive
from (or pay to) one adversary each.

Returns: the counters won or lost in one deal (one unit = one counter); zero-sum.

ASSUMPTIONS (RULES.md §6 and Appendix B.6, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Bidding* (§6.3): a bid is one of the values 2, 4, 8, 16, 32 and must be higher than the last;
   a player who passes is out; the auction ends when all but one have passed
   (``tricks.Auction``). The winner then announces a game (kind and trump suit) worth at least
   his bid; the game value, not the bid, is paid.
2. *The called Ace* (§6.3): only an Ace of a suit other than trumps may be called.
3. *Nobody bids* (§6.3): without a Forcée (nobody holds both black Queens) the deal is thrown in:
   the episode ends with no payment. With ``forcee=False`` the deal is always thrown in.
   In a Forcée the forced player is announced (his two Queens are then public), and when he
   calls an Ace the partner is public too, since the holder names trumps aloud.
4. *Going on* (§6.4, ``go_on``): the bidder may go on only when his side has taken the first
   five tricks and he knows that it has (he plays alone, or the called Ace has fallen, or the
   partner named trumps in a Forcée); if he goes on and takes all eight he wins the Tout value
   (16, 32 in colour), else he loses it. When the bidder's side has five tricks but he cannot
   know it (his partner is still hidden), the hand simply stops: it is won.
5. *Hopeless hands* (§6.4): the hand also stops as soon as the bidder's side can no longer take
   its target (four tricks to the adversaries, or one in a Tout or after going on): it is lost.
6. *Seating*: the first dealer is a parameter (the throw for the first club is not played).
7. *Calling one's own Ace* (§6.3 "he of course plays without a partner"): the bidder is then a
   lone player and wins from or loses to each adversary the value of the game he announced
   (a Simple game's 2 from each of three); a Forcée is paid as a Solo, alone or, after a call,
   by each partner from one adversary.
8. *No small pack*: Solo's rules (Spadilla, Manilla, Basta, five tricks of eight) do not survive
   a reduced pack, so ``small_config`` is the full game without Forcée and going on (fewer
   branches, the same deal).

Parameters
----------
=============  =========  ==================================================================
name           default    meaning
=============  =========  ==================================================================
``dealer``     3          the dealer (his left, seat ``dealer + 1``, is the eldest hand)
``colour``     ``clubs``  the colour suit, whose games are worth double (§6.1 "usually clubs")
``forcee``     True       play a Forcée when nobody bids (False: always throw the deal in)
``go_on``      True       the bidder may go on for all eight tricks after five (ASSUMPTION 4)
=============  =========  ==================================================================

Actions
-------
========================  ==========================================================
``0 .. 51``               play the card with that id (``cards.card``)
``PASS_ACTION``           pass in the auction
``BID_ACTION_BASE + i``   bid ``BID_VALUES[i]`` (2, 4, 8, 16, 32)
``ANNOUNCE_ACTION_BASE``  ``+ 4 * kind + suit``: announce game ``kind`` (``SIMPLE``, ``SOLO``,
                          ``TOUT``, ``TOUT_PARTNER``) with ``suit`` trumps (also the Forcée
                          player's Solo)
``CALL_ACTION_BASE + s``  call for the Ace of suit ``s``
``TRUMP_ACTION_BASE + s`` (Forcée) the holder of the called Ace names suit ``s`` trumps
``GO_ON_ACTION``          go on for all eight tricks
``STOP_ACTION``           abandon the hand with five tricks
========================  ==========================================================

Observation tensor (pack-indexed cards; ``n`` = pack size, ``P`` = players, seats relative to
the viewer: 0 = me, then to my left)
--------------------------------------------------------------------------------------------
================  ==============  ============================================================
piece             shape           meaning
================  ==============  ============================================================
``hand``          (n,)            my cards
``played``        (n,)            cards in completed tricks
``trick``         (P, n)          the current trick's cards, by seat
``won``           (P, 9)          tricks won by each seat (one-hot 0-8)
``phase``         (9,)            the phase
``to_move``       (P,)            who is to act
``dealer``        (P,)            the dealer
``in_auction``    (P,)            seats that have not passed
``high_bid``      (6,)            the highest bid (index 0: none)
``bidder``        (P,)            the bidder (the auction's highest bidder so far)
``forced``        (P,)            the Forcée player
``kind``          (5,)            the announced game kind (index 4: no bidder's game)
``trump``         (4,)            the trump suit
``called``        (4,)            the suit of the called Ace
``partner``       (P,)            the holder of the called Ace, once the viewer knows him
``flags``         (2,)            the called Ace has fallen; the bidder went on
``voids``         (P, 4)          suits a seat is known to lack (it did not follow)
``events``        (E, P + V)      perfect recall only: every event seen, in order: the actor
                                  (or the receiver of a dealt card) and its value (an action,
                                  a card dealt to me, or a card dealt to another, unseen)
================  ==============  ============================================================

Game length: the auction has at most ``len(ladder) + P`` calls (each call raises or leaves), then
an announcement, a call or a naming, a go-on decision, and one play per card: the bound
``max_game_length`` is their sum. Every card is dealt by its own chance node.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    NUM_CARD_IDS,
    NUM_SUITS,
    PIQUET_32,
    QUEEN,
    SEVEN,
    SPADES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    CardMask,
    card,
    cards_of,
    format_card,
    format_cards,
    mask_of,
)
from hoyle.envs.core.determinize import deal_hidden
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
    trick_winner,
    void_cards,
)

# --- constants and the action layout ---------------------------------------------------------

SPADILLA = card(CLUBS, QUEEN)
BASTA = card(SPADES, QUEEN)
BLACK_QUEENS = 1 << SPADILLA | 1 << BASTA

HAND_SIZE = 8
TRICKS = HAND_SIZE
PACKETS = (3, 2, 3)
"""§6.1: eight cards each, 3-2-3 at a time, from the eldest hand."""
TARGET = 5
"""Tricks the bidder's side needs, except in a Tout (all eight)."""

SIMPLE, SOLO, TOUT, TOUT_PARTNER = range(4)
NUM_KINDS = 4
NO_GAME = NUM_KINDS
"""``kind`` of a Heart Solo hand played in colour because nobody bid."""
KIND_NAMES = ("Simple game", "Solo", "Tout", "Tout with a partner")
KIND_VALUES = (2, 4, 16, 16)
"""§6.2: the value of each game in suit; in colour it is doubled."""
BID_VALUES = (2, 4, 8, 16, 32)
"""ASSUMPTION 1: the values a player may bid."""

NUM_CARD_ACTIONS = 52
PASS_ACTION = NUM_CARD_ACTIONS
BID_ACTION_BASE = PASS_ACTION + 1
ANNOUNCE_ACTION_BASE = BID_ACTION_BASE + len(BID_VALUES)
CALL_ACTION_BASE = ANNOUNCE_ACTION_BASE + NUM_KINDS * NUM_SUITS
TRUMP_ACTION_BASE = CALL_ACTION_BASE + NUM_SUITS
GO_ON_ACTION = TRUMP_ACTION_BASE + NUM_SUITS
STOP_ACTION = GO_ON_ACTION + 1
NUM_DISTINCT_ACTIONS = STOP_ACTION + 1

DEAL, AUCTION, ANNOUNCE, CALL, FORCEE, NAME_TRUMP, PLAY, GO_ON, OVER = range(9)
NUM_PHASES = 9
PHASE_NAMES = (
    "deal", "auction", "announce", "call an Ace", "Forcée", "name trumps", "play", "go on?", "over",
)  # fmt: skip

# Event codes: ``seat * EVENT_VALUES + value``; value an action id, DEAL_EVENT_BASE + card for a
# card dealt to the viewer, HIDDEN_DEAL for a card dealt to another seat.
DEAL_EVENT_BASE = NUM_DISTINCT_ACTIONS
HIDDEN_DEAL = DEAL_EVENT_BASE + NUM_CARD_ACTIONS
EVENT_VALUES = HIDDEN_DEAL + 1


def solo_tricks(trump: int) -> TrickRules:
    """§6.1, §6.4: whatever the trump suit, Spadilla (♣Q) is the best trump, Manilla (the 7 of
    the trump suit) the second, Basta (♠Q) the third, then A K (Q) J 10 9 8 of the trump suit;
    ♣Q and ♠Q always belong to the trump suit, never to their own suits. Every game has a trump
    suit (the book gives no no-trump game). Plain suits rank A K Q J 10 9 8 7. Follow suit if
    able, otherwise any card (no obligation to trump).

    >>> from hoyle.envs.core.tricks import trump_order
    >>> format_cards(trump_order(solo_tricks(HEARTS)))
    '♣Q ♥7 ♠Q ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8'
    """
    check_trump(trump, allow_no_trump=False)
    top = (SPADILLA, card(trump, SEVEN), BASTA)
    return build_tricks(f"solo-{trump}", PIQUET_RANKS, trump, top_trumps=top)


def encode_announce(kind: int, suit: int) -> int:
    """The action announcing ``kind`` with ``suit`` trumps.

    >>> decode_announce(encode_announce(SOLO, HEARTS)) == (SOLO, HEARTS)
    True
    """
    return ANNOUNCE_ACTION_BASE + NUM_SUITS * kind + suit


def decode_announce(action: int) -> tuple[int, int]:
    """``(kind, suit)`` of an announcement action."""
    return divmod(action - ANNOUNCE_ACTION_BASE, NUM_SUITS)


def game_value(kind: int, trump: int, colour: int = CLUBS) -> int:
    """The value of a game (RULES.md §6.2): doubled in colour.

    >>> game_value(SIMPLE, HEARTS), game_value(SIMPLE, CLUBS), game_value(TOUT, CLUBS)
    (2, 4, 32)
    """
    return KIND_VALUES[kind] * (2 if trump == colour else 1)


# --- the state -------------------------------------------------------------------------------


class SoloState(PlainState):
    """One moment of a Solo deal. Every slot holds an immutable value.

    ``hands``, ``won``, ``voids``: one entry per seat. ``auc``: the auction as a tuple
    ``(in_play, to_move, high, bidder)`` (``tricks.Auction`` without its sizes). ``holder``: the
    seat holding the called Ace (the true partner; hidden from the others until ``ace_out``).
    ``past``: completed tricks as ``(leader, cards...)``. ``voids``: per seat, the (effective)
    suits it did not follow, a 4-bit mask (their cards: ``tricks.void_cards``). ``log``: every
    event as ``seat * EVENT_VALUES + value`` (deals carry the card; each view masks others'
    cards).
    """

    __slots__ = (
        "ace_out",
        "auc",
        "bid",
        "bidder",
        "called",
        "dealt",
        "forced",
        "hands",
        "holder",
        "kind",
        "leader",
        "log",
        "past",
        "phase",
        "result",
        "target",
        "to_move",
        "trick",
        "trump",
        "value",
        "voids",
        "went_on",
        "won",
    )  # fmt: skip

    phase: int
    to_move: int
    dealt: int
    hands: tuple[int, ...]
    auc: tuple[int, int, int, int]
    bidder: int
    bid: int
    kind: int
    trump: int
    value: int
    target: int
    called: int
    holder: int
    ace_out: int
    forced: int
    went_on: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    voids: tuple[int, ...]
    log: tuple[int, ...]
    result: tuple[int, ...] | None


# --- the player's view -----------------------------------------------------------------------


@dataclass(frozen=True)
class SoloView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute. ``partner`` is the holder of the called Ace when this player knows him
    (the Ace has fallen, he holds it himself, or he named trumps in a Forcée), else ``-1``.
    ``log``: the events this player saw (``seat * EVENT_VALUES + value``, others' cards dealt
    written ``HIDDEN_DEAL``). ``result``: the payments, once the hand is over.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    in_auction: int
    high_bid: int
    bidder: int
    forced: int
    kind: int
    trump: int
    value: int
    target: int
    called: int
    partner: int
    ace_out: int
    went_on: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    played: int
    voids: tuple[int, ...]
    log: tuple[int, ...] = field(repr=False)
    result: tuple[int, ...] | None
    rules: SoloRules = field(compare=False, repr=False)

    @property
    def tricks(self) -> TrickRules | None:
        """The trick rules of the trump suit, once trumps are named."""
        return None if self.trump < 0 else self.rules.tricks[self.trump]

    def unseen(self) -> int:
        """Cards of the pack this player has not seen: the other hands."""
        return self.rules.pack_mask & ~(self.hand | self.played | mask_of(self.trick))


# --- the rules -------------------------------------------------------------------------------


class SoloRules:
    """Solo (four players, 32 cards) or, with ``heart=True``, Heart Solo (three, 24 cards);
    ``tricks`` makes the trick table of a trump suit (Heart Solo passes its own)."""

    def __init__(
        self,
        params: Mapping[str, ParamValue],
        heart: bool = False,
        tricks: Callable[[int], TrickRules] = solo_tricks,
    ) -> None:
        self.heart = heart
        self.num_players = 3 if heart else 4
        n = self.num_players
        self.dealer = int(params["dealer"])
        if not 0 <= self.dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}")
        self.eldest = (self.dealer + 1) % n
        if heart:
            pack = [
                c
                for c in PIQUET_32.cards
                if c != card(HEARTS, EIGHT) and (c // 13 != DIAMONDS or c == card(DIAMONDS, SEVEN))
            ]
            self.colour = DIAMONDS
            self.ladder: tuple[int, ...] = (4, 8)
            self.kinds: tuple[int, ...] = (SOLO,)
            self.forcee = False
            self.go_on = False
        else:
            pack = list(PIQUET_32.cards)
            self.colour = SUIT_NAMES.index(str(params["colour"]))
            self.ladder = BID_VALUES
            self.kinds = (SIMPLE, SOLO, TOUT, TOUT_PARTNER)
            self.forcee = bool(params["forcee"])
            self.go_on = bool(params["go_on"])
        self.tricks = tuple(tricks(t) for t in range(NUM_SUITS))
        self.trick_orders = leader_orders(range(n), n)
        """By leader: the seats of a trick in playing order."""
        self.bid_offset = BID_VALUES.index(self.ladder[0])
        self.pack_cards: tuple[int, ...] = tuple(sorted(pack))
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        self.pack_index = pack_index(self.pack_cards)
        self.num_cards = len(self.pack_cards)
        order: list[int] = []
        for k in PACKETS:
            for off in range(n):
                order += [(self.eldest + off) % n] * k
        self.deal_seats: tuple[int, ...] = tuple(order)
        self.num_distinct_actions = NUM_DISTINCT_ACTIONS
        self.max_chance_outcomes = NUM_CARD_ACTIONS
        top = KIND_VALUES[TOUT] * 2 if not heart else KIND_VALUES[SOLO] * 2
        self.min_utility = -(n - 1) * top
        self.max_utility = (n - 1) * top
        self.utility_sum = 0.0
        # Auction calls (each raises or leaves), announce, call/naming, go on, the plays.
        self.max_game_length = len(self.ladder) + n + 3 + self.num_cards
        self.max_chance_nodes = self.num_cards
        self.max_events = self.max_game_length + self.num_cards

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> SoloState:
        s = object.__new__(SoloState)
        n = self.num_players
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealt = 0
        s.hands = (0,) * n
        s.auc = ((1 << n) - 1, self.eldest, PASS, -1)
        s.bidder = -1
        s.bid = 0
        s.kind = -1
        s.trump = -1
        s.value = 0
        s.target = TARGET
        s.called = -1
        s.holder = -1
        s.ace_out = 0
        s.forced = -1
        s.went_on = 0
        s.leader = self.eldest
        s.trick = ()
        s.won = (0,) * n
        s.past = ()
        s.voids = (0,) * n
        s.log = ()
        s.result = None
        s.legal_cache = None
        return s

    def current_player(self, s: SoloState) -> int:
        return s.to_move

    def _auction(self, s: SoloState) -> Auction:
        in_play, to_move, high, bidder = s.auc
        return Auction(self.num_players, len(self.ladder), in_play, to_move, high, bidder)

    def illegal_reason(self, s: SoloState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play, a card not held or the follow-suit rule
        (:func:`~hoyle.envs.core.tricks.play_refusal`, on the same trick rules as
        :meth:`legal_actions`); elsewhere ``None``."""
        if s.phase != PLAY or not 0 <= action < NUM_CARD_ACTIONS:
            return None
        led = self.tricks[s.trump].suit[s.trick[0]] if s.trick else NO_SUIT
        return play_refusal(s.hands[s.to_move], led, self.tricks[s.trump], action)

    def legal_actions(self, s: SoloState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            p = s.to_move
            led = self.tricks[s.trump].suit[s.trick[0]] if s.trick else NO_SUIT
            return cards_of(legal_plays(s.hands[p], led, self.tricks[s.trump]))
        if ph == AUCTION:
            off = self.bid_offset
            return [
                PASS_ACTION if c == PASS else BID_ACTION_BASE + off + c
                for c in auction_choices(self._auction(s))
            ]
        if ph == ANNOUNCE:
            return [
                encode_announce(k, t)
                for k in self.kinds
                for t in range(NUM_SUITS)
                if game_value(k, t, self.colour) >= s.bid
            ]
        if ph == CALL:
            return [CALL_ACTION_BASE + t for t in range(NUM_SUITS) if t != s.trump]
        if ph == FORCEE:
            solos = [encode_announce(SOLO, t) for t in range(NUM_SUITS)]
            return sorted(solos + [CALL_ACTION_BASE + t for t in range(NUM_SUITS)])
        if ph == NAME_TRUMP:
            return [TRUMP_ACTION_BASE + t for t in range(NUM_SUITS) if t != s.called]
        if ph == GO_ON:
            return [GO_ON_ACTION, STOP_ACTION]
        return []

    def chance_outcomes(self, s: SoloState) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        left = cards_of(self.pack_mask & ~s.dealt)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def returns(self, s: SoloState) -> list[float]:
        if s.result is None:
            return [0.0] * self.num_players
        return [float(r) for r in s.result]

    def apply_action(self, s: SoloState, action: int) -> None:
        ph = s.phase
        actor = s.to_move
        if ph == DEAL:
            k = s.dealt.bit_count()
            seat = self.deal_seats[k]
            s.log = (*s.log, seat * EVENT_VALUES + DEAL_EVENT_BASE + action)
            s.dealt |= 1 << action
            s.hands = replace_at(s.hands, seat, s.hands[seat] | 1 << action)
            if k + 1 == self.num_cards:
                s.phase = AUCTION
                s.to_move = self.eldest
            return
        s.log = (*s.log, actor * EVENT_VALUES + action)
        if ph == PLAY:
            self._play(s, action)
        elif ph == AUCTION:
            self._bid(s, action)
        elif ph == ANNOUNCE or (ph == FORCEE and action < CALL_ACTION_BASE):
            kind, trump = decode_announce(action)
            s.kind, s.trump = kind, trump
            if ph == FORCEE:
                s.bidder = actor
            s.value = game_value(kind, trump, self.colour)
            s.target = TRICKS if kind in (TOUT, TOUT_PARTNER) else TARGET
            if kind in (SIMPLE, TOUT_PARTNER):
                s.phase = CALL
            else:
                self._start_play(s)
        elif ph == CALL:
            s.called = action - CALL_ACTION_BASE
            s.holder = self._holder(s, s.called)
            self._start_play(s)
        elif ph == FORCEE:
            s.bidder = actor
            s.kind = SIMPLE
            s.called = action - CALL_ACTION_BASE
            s.holder = self._holder(s, s.called)
            s.phase = NAME_TRUMP
            s.to_move = s.holder
        elif ph == NAME_TRUMP:
            s.trump = action - TRUMP_ACTION_BASE
            s.value = game_value(SOLO, s.trump, self.colour)
            s.target = TARGET
            self._start_play(s)
        elif ph == GO_ON:
            if action == GO_ON_ACTION:
                s.went_on = 1
                s.target = TRICKS
                s.phase = PLAY
                s.to_move = s.leader
            else:
                self._settle(s, True)

    def _holder(self, s: SoloState, suit: int) -> int:
        ace = card(suit, ACE)
        for p, h in enumerate(s.hands):
            if h >> ace & 1:
                return p
        raise AssertionError("every Ace is dealt")

    def _bid(self, s: SoloState, action: int) -> None:
        off = self.bid_offset
        call = PASS if action == PASS_ACTION else action - BID_ACTION_BASE - off
        a = bid(self._auction(s), call)
        s.auc = (a.in_play, a.to_move, a.high, a.bidder)
        if not a.over:
            s.to_move = a.to_move
            return
        if a.bidder >= 0:
            s.bidder = a.bidder
            s.bid = self.ladder[a.high]
            s.phase = ANNOUNCE
            s.to_move = a.bidder
            return
        if self.heart:
            # §6.6: nobody bids: played in colour, the winner of the last trick pays.
            s.kind = NO_GAME
            s.trump = self.colour
            s.target = TRICKS
            self._start_play(s)
            return
        if self.forcee:
            for p in range(self.num_players):
                if s.hands[p] & BLACK_QUEENS == BLACK_QUEENS:
                    s.forced = p
                    s.phase = FORCEE
                    s.to_move = p
                    return
        s.phase = OVER  # thrown in (ASSUMPTION 3)
        s.to_move = TERMINAL
        s.result = (0,) * self.num_players

    def _start_play(self, s: SoloState) -> None:
        s.phase = PLAY
        s.leader = self.eldest
        s.to_move = self.eldest

    def _play(self, s: SoloState, c: int) -> None:
        n = self.num_players
        s.hands, trick, s.voids, s.to_move, winner = play_to_trick(
            self.tricks[s.trump], s.hands, s.trick, s.voids, self.trick_orders[s.leader], c
        )
        if s.called >= 0 and c == card(s.called, ACE):
            s.ace_out = 1
        if winner < 0:
            s.trick = trick
            return
        s.past = (*s.past, (s.leader, *trick))
        s.trick = ()
        s.won = replace_at(s.won, winner, s.won[winner] + 1)
        s.leader = winner
        done = len(s.past)
        if s.kind == NO_GAME:
            if done == TRICKS:
                v = game_value(SOLO, self.colour, self.colour)
                s.result = tuple(-(n - 1) * v if q == winner else v for q in range(n))
                s.phase = OVER
                s.to_move = TERMINAL
            return
        side = self.side_tricks(s)
        other = done - side
        if self.offers_go_on(s.target, side, other, self.bidder_knows_side(s)):
            s.phase = GO_ON
            s.to_move = s.bidder
        elif side >= s.target:
            self._settle(s, True)
        elif other > TRICKS - s.target:
            self._settle(s, False)

    def void_cards(self, voids: int, trump: int) -> int:
        """The cards of the pack a seat that did not follow the suits ``voids`` cannot hold
        (none before trumps are named: no trick is played then)."""
        return void_cards(voids, self.tricks[trump]) & self.pack_mask if voids else 0

    def offers_go_on(self, target: int, side: int, other: int, knows: bool) -> bool:
        """Whether the bidder may go on now (ASSUMPTION 4): his side has the first five tricks
        of a game that is not a Tout, and he knows it."""
        return self.go_on and target == TARGET and side == TARGET and other == 0 and knows

    def side_tricks(self, s: SoloState) -> int:
        """Tricks taken by the bidder's side (the bidder and the true holder of the called Ace)."""
        side = s.won[s.bidder]
        if s.holder >= 0 and s.holder != s.bidder:
            side += s.won[s.holder]
        return side

    def bidder_knows_side(self, s: SoloState) -> bool:
        """Whether the bidder knows who is on his side (ASSUMPTION 4)."""
        return s.holder < 0 or s.holder == s.bidder or bool(s.ace_out) or s.forced >= 0

    def _settle(self, s: SoloState, won: bool) -> None:
        n = self.num_players
        v = game_value(TOUT, s.trump, self.colour) if s.went_on else s.value
        v = v if won else -v
        if s.holder >= 0 and s.holder != s.bidder:
            s.result = tuple(v if q in (s.bidder, s.holder) else -v for q in range(n))
        else:
            s.result = tuple((n - 1) * v if q == s.bidder else -v for q in range(n))
        s.phase = OVER
        s.to_move = TERMINAL

    # --- text -------------------------------------------------------------------------------
    def action_to_string(self, s: SoloState, player: int, action: int) -> str:
        if player == CHANCE or s.phase == DEAL:
            k = s.dealt.bit_count()
            seat = self.deal_seats[k] if k < self.num_cards else -1
            return f"deal {format_card(action)} to player {seat}"
        if action < NUM_CARD_ACTIONS:
            return f"{'lead' if not s.trick else 'play'} {format_card(action)}"
        if action == PASS_ACTION:
            return "pass"
        if action < ANNOUNCE_ACTION_BASE:
            return f"bid {BID_VALUES[action - BID_ACTION_BASE]}"
        if action < CALL_ACTION_BASE:
            kind, t = decode_announce(action)
            return f"{KIND_NAMES[kind]}, {_suit_words(t, self.colour)} ({game_value(kind, t, self.colour)})"
        if action < TRUMP_ACTION_BASE:
            return f"call for the {SUIT_SYMBOLS[action - CALL_ACTION_BASE]}A"
        if action < GO_ON_ACTION:
            t = action - TRUMP_ACTION_BASE
            return f"name {_suit_words(t, self.colour)}"
        if action == GO_ON_ACTION:
            return "go on for all eight tricks"
        return "abandon the hand with five tricks"

    def state_string(self, s: SoloState) -> str:
        lines = [f"{'Heart Solo' if self.heart else 'Solo'}; phase {PHASE_NAMES[s.phase]}"]
        for p in range(self.num_players):
            lines.append(f"player {p}: {_cards(s.hands[p])} (tricks {s.won[p]})")
        lines.append(_game_line(self, s.bidder, s.kind, s.trump, s.value, s.called, s.forced))
        if s.holder >= 0:
            lines.append(f"called Ace held by player {s.holder}{' (fallen)' if s.ace_out else ''}")
        lines.append(f"trick: {_cards_seq(s.trick)}; leader {s.leader}; to move {s.to_move}")
        if s.result is not None:
            lines.append(f"result: {list(s.result)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def partner_known_to(self, s: SoloState, player: int) -> int:
        """The holder of the called Ace if ``player`` knows him, else ``-1``."""
        if s.holder < 0:
            return -1
        if s.ace_out or s.forced >= 0 or s.holder == player or s.phase == OVER:
            return s.holder
        return -1

    def player_view(self, s: SoloState, player: int) -> SoloView:
        n = self.num_players
        played = 0
        for t in s.past:
            played |= mask_of(t[1:])
        stride = EVENT_VALUES
        log = tuple(
            (e // stride) * stride + HIDDEN_DEAL
            if e % stride >= DEAL_EVENT_BASE and e // stride != player
            else e
            for e in s.log
        )
        return SoloView(
            player=player,
            num_players=n,
            phase=s.phase,
            to_move=s.to_move,
            dealer=self.dealer,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            in_auction=s.auc[0],
            high_bid=self.ladder[s.auc[2]] if s.auc[2] >= 0 else 0,
            bidder=s.bidder if s.bidder >= 0 else s.auc[3],
            forced=s.forced,
            kind=s.kind,
            trump=s.trump,
            value=s.value,
            target=s.target,
            called=s.called,
            partner=self.partner_known_to(s, player),
            ace_out=s.ace_out,
            went_on=s.went_on,
            leader=s.leader,
            trick=s.trick,
            won=s.won,
            past=s.past,
            played=played,
            voids=s.voids,
            log=log,
            result=s.result,
            rules=self,
        )

    private_pieces = ("hand", "partner")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and the holder
    of the called Ace, which he may know (he holds it) before the others do."""

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n, P = self.num_cards, self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("played", (n,)),
            ("trick", (P, n)),
            ("won", (P, TRICKS + 1)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (P,)),
            ("dealer", (P,)),
            ("in_auction", (P,)),
            ("high_bid", (len(BID_VALUES) + 1,)),
            ("bidder", (P,)),
            ("forced", (P,)),
            ("kind", (NUM_KINDS + 1,)),
            ("trump", (NUM_SUITS,)),
            ("called", (NUM_SUITS,)),
            ("partner", (P,)),
            ("flags", (2,)),
            ("voids", (P, NUM_SUITS)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, P + EVENT_VALUES)))
        return pieces

    def encode_view(self, view: SoloView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        idx = self.pack_index
        P = self.num_players
        me = view.player

        def rel(seat: int) -> int:
            return (seat - me) % P if seat >= 0 else -1

        set_cards(out["hand"], view.hand, idx)
        set_cards(out["played"], view.played, idx)
        for i, c in enumerate(view.trick):
            out["trick"][rel((view.leader + i) % P), idx[c]] = 1.0
        for q in range(P):
            out["won"][rel(q), view.won[q]] = 1.0
            out["in_auction"][rel(q)] = float(view.in_auction >> q & 1)
            for t in range(NUM_SUITS):
                if view.voids[q] >> t & 1:
                    out["voids"][rel(q), t] = 1.0
        out["phase"][view.phase] = 1.0
        set_one_hot(out["to_move"], rel(view.to_move))
        set_one_hot(out["dealer"], rel(view.dealer))
        out["high_bid"][BID_VALUES.index(view.high_bid) + 1 if view.high_bid else 0] = 1.0
        set_one_hot(out["bidder"], rel(view.bidder))
        set_one_hot(out["forced"], rel(view.forced))
        set_one_hot(out["kind"], view.kind)
        set_one_hot(out["trump"], view.trump)
        set_one_hot(out["called"], view.called)
        set_one_hot(out["partner"], rel(view.partner))
        out["flags"][0] = float(view.ace_out)
        out["flags"][1] = float(view.went_on)
        if perfect_recall and view.log:
            codes = np.asarray(view.log, dtype=np.int64)
            rows = np.arange(codes.shape[0])
            block = out["events"]
            block[rows, (codes // EVENT_VALUES - me) % P] = 1.0
            block[rows, P + codes % EVENT_VALUES] = 1.0

    def view_string(self, view: SoloView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"{'Heart Solo' if self.heart else 'Solo'}; you are player {me}; dealer "
            f"{view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: {view.to_move}",
            f"Your hand: {_cards(view.hand)}",
            "Hands: " + " ".join(str(k) for k in view.hand_sizes) + " cards",
            f"Auction: in {cards_bits(view.in_auction)}, high {view.high_bid or '-'} "
            f"by {view.bidder}",
            _game_line(
                self, view.bidder, view.kind, view.trump, view.value, view.called, view.forced
            ),
            f"Partner: {view.partner if view.partner >= 0 else 'unknown'}"
            f"{'; the called Ace has fallen' if view.ace_out else ''}"
            f"{'; the bidder goes on' if view.went_on else ''}",
            "Tricks: "
            + " ".join(f"{q}:{k}" for q, k in enumerate(view.won))
            + "; "
            + " | ".join(f"{t[0]}: {_cards_seq(t[1:])}" for t in view.past),
            f"Trick: {_cards_seq(view.trick)} (led by {view.leader})",
            "Known voids: "
            + " ".join(
                f"{q}:{_cards(self.void_cards(v, view.trump))}" for q, v in enumerate(view.voids)
            ),
        ]
        if view.result is not None:
            lines.append(f"Payments: {list(view.result)}")
        if perfect_recall:
            lines.append("Events: " + " ".join(_event_word(e, me) for e in view.log))
        return "\n".join(lines)

    # --- the determinizer -------------------------------------------------------------------
    def hidden_deals(
        self, s: SoloState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """The deal positions of the cards ``player`` has not seen (not yet played), and the
        pool (those cards and the undealt ones). The void-respecting re-deal is
        :meth:`resample_history`; this is the plain contract."""
        seen = s.hands[player] | _played(s)
        k = s.dealt.bit_count()
        positions = [
            i for i in range(k) if self.deal_seats[i] != player and not seen >> history[i] & 1
        ]
        pool = [history[i] for i in positions] + cards_of(self.pack_mask & ~s.dealt)
        return positions, sorted(pool)

    def partner_candidates(self, s: SoloState, player: int) -> int:
        """Seats (a bitmask) that could hold the called Ace as far as ``player`` knows: those
        whose partnership with the bidder would have let the hand run exactly as it did (no
        earlier stop, and a go-on offered only when the bidder knew his side)."""
        if s.holder < 0:
            return 0
        known = self.partner_known_to(s, player)
        if known >= 0:
            return 1 << known
        out = 0
        for x in range(self.num_players):
            if x == player:
                continue  # he would know: the Ace would be in his own hand
            if self._consistent_partner(s, x):
                out |= 1 << x
        return out

    def _consistent_partner(self, s: SoloState, x: int) -> bool:
        """Whether the hand would have run as it did had seat ``x`` held the called Ace (which
        has not fallen): no earlier end, and a go-on offered exactly when it was."""
        won = [0] * self.num_players
        tr = self.tricks[s.trump]
        n = self.num_players
        target = TRICKS if s.kind in (TOUT, TOUT_PARTNER) else TARGET
        for i, t in enumerate(s.past):
            w = (t[0] + trick_winner(t[1:], tr)) % n
            won[w] += 1
            side = won[s.bidder] + (won[x] if x != s.bidder else 0)
            other = i + 1 - side
            last = i + 1 == len(s.past)
            offered = (s.went_on and i + 1 == TARGET) or (last and s.phase == GO_ON)
            if self.offers_go_on(target, side, other, x == s.bidder) != offered:
                return False
            if offered:
                target = TRICKS if s.went_on else target
            elif side >= target or other > TRICKS - target:
                return False
        return True

    def resample_history(
        self, s: SoloState, player: int, history: Sequence[int], sampler: ProbabilitySampler
    ) -> list[int]:
        """The determinizer: re-deal every card ``player`` has not seen among the seats that
        hold them now, uniformly among the deals that respect what the table knows: a seat
        that did not follow suit holds none of that (effective) suit; the Forcée player holds
        both black Queens; the called Ace lies with a seat whose partnership with the bidder
        would have let the hand run as it did (:meth:`partner_candidates`). Cards played stay
        with the seats that played them; the history's decisions are unchanged."""
        k = s.dealt.bit_count()
        seen = s.hands[player] | _played(s) | mask_of(s.trick)
        fixed = seen
        if s.forced >= 0:
            fixed |= BLACK_QUEENS
        positions = [
            i for i in range(k) if self.deal_seats[i] != player and not fixed >> history[i] & 1
        ]
        if not positions:
            return list(history)
        holders = [self.deal_seats[i] for i in positions]
        pool = [history[i] for i in positions] + cards_of(self.pack_mask & ~s.dealt)
        forbidden = {q: self.void_cards(s.voids[q], s.trump) for q in range(self.num_players)}
        if s.called >= 0 and not fixed >> card(s.called, ACE) & 1:
            cands = self.partner_candidates(s, player)
            ace = 1 << card(s.called, ACE)
            for q in range(self.num_players):
                if not cands >> q & 1:
                    forbidden[q] |= ace
        cards = deal_hidden(holders, pool, forbidden, sampler)
        # Only which cards each seat holds matters to the viewer, not the order they came in:
        # a card a seat keeps stays at its old position, so an unchanged hand is unchanged.
        new = list(history)
        for q in set(holders):
            pos = [i for i, h in zip(positions, holders, strict=True) if h == q]
            got = {c for h, c in zip(holders, cards, strict=True) if h == q}
            fresh = iter(sorted(got - {history[i] for i in pos}))
            for i in pos:
                if history[i] not in got:
                    new[i] = next(fresh)
        return new

    def card_zones(self, s: SoloState) -> dict[str, int]:
        zones = {f"hand{p}": h for p, h in enumerate(s.hands)}
        zones["trick"] = mask_of(s.trick)
        zones["tricks"] = _played(s)
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones

    def card_play(self, s: SoloState) -> CardPlay | None:
        """The card play for the double-dummy searcher (``None`` outside it): every seat plays,
        tricks are counted; the bidder's side (the true partnership) is side 0. A Heart Solo
        hand with no bidder is each for himself."""
        if s.phase != PLAY:
            return None
        n = self.num_players
        if s.kind == NO_GAME:
            sides = tuple(range(n))
        else:
            sides = tuple(0 if q in (s.bidder, s.holder) else 1 for q in range(n))
        return CardPlay(
            tricks=self.tricks[s.trump],
            seats=tuple(range(n)),
            hands=s.hands,
            leader=s.leader,
            table=s.trick,
            named=NO_SUIT,
            sides=sides,
            points=None,
            last_trick=0,
        )


# --- small functions -------------------------------------------------------------------------


def _played(s: SoloState) -> CardMask:
    m = 0
    for t in s.past:
        m |= mask_of(t[1:])
    return m


def _cards(mask: int) -> str:
    return format_cards(mask) if mask else "-"


def _cards_seq(cards: Sequence[int]) -> str:
    return " ".join(format_card(c) for c in cards) if cards else "-"


def cards_bits(mask: int) -> str:
    """Seats of a bitmask, as text (``"0 2"``)."""
    return " ".join(str(q) for q in range(NUM_CARD_IDS) if mask >> q & 1) or "-"


def _suit_words(t: int, colour: int) -> str:
    return f"{SUIT_SYMBOLS[t]} trumps{' (colour)' if t == colour else ''}"


def _game_line(
    rules: SoloRules, bidder: int, kind: int, trump: int, value: int, called: int, forced: int
) -> str:
    if kind == NO_GAME:
        return "No bid: played in colour; the winner of the last trick pays"
    if kind < 0:
        return f"Game: none yet{f' (Forcée: player {forced})' if forced >= 0 else ''}"
    parts = [f"Game: {KIND_NAMES[kind] if forced < 0 else 'Forcée'} by player {bidder}"]
    if trump >= 0:
        parts.append(f"{_suit_words(trump, rules.colour)}, worth {value}")
    if called >= 0:
        parts.append(f"the {SUIT_SYMBOLS[called]}A called")
    return ", ".join(parts)


def _event_word(e: int, me: int) -> str:
    seat, v = divmod(e, EVENT_VALUES)
    if v == HIDDEN_DEAL:
        return f"{seat}:dealt?"
    if v >= DEAL_EVENT_BASE:
        return f"{seat}:dealt{format_card(v - DEAL_EVENT_BASE)}"
    if v < NUM_CARD_ACTIONS:
        return f"{seat}:{format_card(v)}"
    return f"{seat}:a{v}"


def make_rules(params: Mapping[str, ParamValue]) -> SoloRules:
    return SoloRules(params)


GAME = register(
    GameSpec(
        short_name="solo",
        title="Solo",
        book=FOSTER,
        section="SOLO (Odd Games)",
        make_rules=make_rules,
        params={
            "dealer": Param(3, "the dealer; the seat on his left is the eldest hand", (0, 1, 2, 3)),
            "colour": Param(
                "clubs", "the colour suit, whose games are worth double", tuple(SUIT_NAMES)
            ),
            "forcee": Param(
                True, "play a Forcée when nobody bids (False: throw the deal in) (ASSUMPTION)"
            ),
            "go_on": Param(
                True, "the bidder may go on for all eight tricks after five (ASSUMPTION)"
            ),
        },
        min_players=4,
        max_players=4,
        variants={"no_forcee": {"forcee": False}},
        small_config={"go_on": False, "forcee": False},
        no_tiny="The 32 cards are the game (Spadilla, Manilla and Basta, five tricks of eight: "
        "no reduced pack, assumption 8), dealt one at a time: 32! ≈ 2.6e+35 orders.",
        reference="euchre",
        summary="German Ombre: bid for trumps, play alone or with a hidden partner (a called Ace).",
    )
)
