"""Solo's rules of play: the pack and its trumps, the action layout, the state, the deal, the
auction and the announcement, the play of the tricks and the payments (the game, its sources and
its ASSUMPTIONS: :mod:`hoyle.envs.games.solo`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
    cards_text,
    format_card,
    mask_of,
)
from hoyle.envs.core.deal import DealPlan, deal_outcomes
from hoyle.envs.core.events import EVERYONE, NOWHERE, Event, EventKind, EventSchema, log_event
from hoyle.envs.core.observe import pack_index
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at
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

# The event log (``hoyle.envs.core.events``): one kind per thing a player sees happen. The value
# is a card (dealt, played), a bid's value or a suit (the trumps of an announcement, the called
# Ace's suit, the suit named).
EVENT_KINDS = (
    EventKind("{actor} is dealt {value}"),
    EventKind("{actor} plays {value}"),
    EventKind("{actor} passes", "none"),
    EventKind("{actor} bids {value}", "number"),
    *(
        EventKind(f"{{actor}} announces a {KIND_NAMES[k]}, {{value}} trumps", "suit")
        for k in range(4)
    ),
    EventKind("{actor} calls for the Ace of {value}", "suit"),
    EventKind("{actor} names {value} trumps", "suit"),
    EventKind("{actor} holds both black Queens: a Forcée", "none"),
    EventKind("{actor} goes on for all eight tricks", "none"),
    EventKind("{actor} abandons the hand with five tricks", "none"),
)
DEALT, PLAYS, PASSES, BIDS, ANNOUNCES = range(5)
"""Event kinds; ``ANNOUNCES + kind`` is the announcement of game ``kind``."""
CALLS, NAMES, FORCED, GOES_ON, STOPS = range(ANNOUNCES + NUM_KINDS, len(EVENT_KINDS))


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
    suits it did not follow, a 4-bit mask (their cards: ``tricks.void_cards``). ``ply``: the
    actions applied so far (the history's length; during the deal, the cards dealt). ``log``:
    the core's event log (``SoloRules.event_schema``), shared by all seats.
    """

    __slots__ = (
        "ace_out",
        "auc",
        "bid",
        "bidder",
        "called",
        "forced",
        "hands",
        "holder",
        "kind",
        "leader",
        "log",
        "past",
        "phase",
        "ply",
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
    ply: int
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
    log: tuple[Event, ...]
    result: tuple[int, ...] | None


# --- the rules -------------------------------------------------------------------------------


class SoloPlay:
    """The rules of play of Solo (four players, 32 cards) or, with ``heart=True``, Heart Solo
    (three, 24 cards); ``tricks`` makes the trick table of a trump suit (Heart Solo passes its
    own). The game's rules object is :class:`hoyle.envs.games.solo.view.SoloRules`, which adds
    the determinizer (:mod:`~hoyle.envs.games.solo.determinizer`) and the player's view."""

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
        self.deal_plan = DealPlan.rounds(range(n), PACKETS)
        """The deal (§6.1), holders counted from the eldest hand."""
        self.deal_seats: tuple[int, ...] = tuple(
            (self.eldest + h) % n for h in self.deal_plan.holders
        )
        """The seat receiving each card of the deal, in order."""
        self.num_distinct_actions = NUM_DISTINCT_ACTIONS
        self.max_chance_outcomes = NUM_CARD_ACTIONS
        top = KIND_VALUES[TOUT] * 2 if not heart else KIND_VALUES[SOLO] * 2
        self.min_utility = -(n - 1) * top
        self.max_utility = (n - 1) * top
        self.utility_sum = 0.0
        # Auction calls (each raises or leaves), announce, call/naming, go on, the plays.
        self.max_game_length = len(self.ladder) + n + 3 + self.num_cards
        self.max_chance_nodes = self.num_cards
        # One event per action and per card dealt, and the Forcée's announcement.
        self.event_schema = EventSchema(
            EVENT_KINDS, n, NUM_CARD_ACTIONS, self.max_game_length + self.num_cards + 1
        )

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> SoloState:
        s = object.__new__(SoloState)
        n = self.num_players
        s.phase = DEAL
        s.to_move = CHANCE
        s.ply = 0
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
        return deal_outcomes(self.pack_mask, dealt_cards(s))

    def returns(self, s: SoloState) -> list[float]:
        if s.result is None:
            return [0.0] * self.num_players
        return [float(r) for r in s.result]

    def apply_action(self, s: SoloState, action: int) -> None:
        ph = s.phase
        actor = s.to_move
        at = s.ply
        s.ply = at + 1
        if ph == DEAL:
            seat = self.deal_seats[at]
            s.log = log_event(s.log, DEALT, seat, action, 1 << seat, at)  # the receiver's alone
            s.hands = replace_at(s.hands, seat, s.hands[seat] | 1 << action)
            if at + 1 == self.num_cards:
                s.phase = AUCTION
                s.to_move = self.eldest
            return
        kind, value = event_of(action)
        s.log = log_event(s.log, kind, actor, value, EVERYONE, at if kind == PLAYS else NOWHERE)
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
                    s.log = log_event(s.log, FORCED, p)
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
            k = s.ply
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
            return f"{KIND_NAMES[kind]}, {suit_words(t, self.colour)} ({game_value(kind, t, self.colour)})"
        if action < TRUMP_ACTION_BASE:
            return f"call for the {SUIT_SYMBOLS[action - CALL_ACTION_BASE]}A"
        if action < GO_ON_ACTION:
            t = action - TRUMP_ACTION_BASE
            return f"name {suit_words(t, self.colour)}"
        if action == GO_ON_ACTION:
            return "go on for all eight tricks"
        return "abandon the hand with five tricks"

    def state_string(self, s: SoloState) -> str:
        lines = [f"{'Heart Solo' if self.heart else 'Solo'}; phase {PHASE_NAMES[s.phase]}"]
        for p in range(self.num_players):
            lines.append(f"player {p}: {cards_text(s.hands[p])} (tricks {s.won[p]})")
        lines.append(game_line(self, s.bidder, s.kind, s.trump, s.value, s.called, s.forced))
        if s.holder >= 0:
            lines.append(f"called Ace held by player {s.holder}{' (fallen)' if s.ace_out else ''}")
        lines.append(f"trick: {cards_text(s.trick)}; leader {s.leader}; to move {s.to_move}")
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

    def card_zones(self, s: SoloState) -> dict[str, int]:
        zones = {f"hand{p}": h for p, h in enumerate(s.hands)}
        zones["trick"] = mask_of(s.trick)
        zones["tricks"] = played_cards(s)
        zones["undealt"] = self.pack_mask & ~dealt_cards(s) if s.phase == DEAL else 0
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


def played_cards(s: SoloState) -> CardMask:
    """The cards of the completed tricks (face up on the table: every player has seen them)."""
    m = 0
    for t in s.past:
        m |= mask_of(t[1:])
    return m


def dealt_cards(s: SoloState) -> CardMask:
    """The cards dealt so far, during the deal (nothing is played then)."""
    m = 0
    for h in s.hands:
        m |= h
    return m


def event_of(action: int) -> tuple[int, int]:
    """The kind and value of the event a player's ``action`` writes in the log."""
    if action < NUM_CARD_ACTIONS:
        return PLAYS, action
    if action == PASS_ACTION:
        return PASSES, 0
    if action < ANNOUNCE_ACTION_BASE:
        return BIDS, BID_VALUES[action - BID_ACTION_BASE]
    if action < CALL_ACTION_BASE:
        kind, suit = decode_announce(action)
        return ANNOUNCES + kind, suit
    if action < TRUMP_ACTION_BASE:
        return CALLS, action - CALL_ACTION_BASE
    if action < GO_ON_ACTION:
        return NAMES, action - TRUMP_ACTION_BASE
    return (GOES_ON if action == GO_ON_ACTION else STOPS), 0


def seat_name(q: int) -> str:
    """A seat in the log's and the table's words."""
    return f"player {q}"


def cards_bits(mask: int) -> str:
    """Seats of a bitmask, as text (``"0 2"``)."""
    return " ".join(str(q) for q in range(NUM_CARD_IDS) if mask >> q & 1) or "-"


def suit_words(t: int, colour: int) -> str:
    """A trump suit in words, marked when it is colour (its games are worth double)."""
    return f"{SUIT_SYMBOLS[t]} trumps{' (colour)' if t == colour else ''}"


def game_line(
    rules: SoloPlay, bidder: int, kind: int, trump: int, value: int, called: int, forced: int
) -> str:
    """The game being played, as the views and the state string write it."""
    if kind == NO_GAME:
        return "No bid: played in colour; the winner of the last trick pays"
    if kind < 0:
        return f"Game: none yet{f' (Forcée: player {forced})' if forced >= 0 else ''}"
    parts = [f"Game: {KIND_NAMES[kind] if forced < 0 else 'Forcée'} by player {bidder}"]
    if trump >= 0:
        parts.append(f"{suit_words(trump, rules.colour)}, worth {value}")
    if called >= 0:
        parts.append(f"the {SUIT_SYMBOLS[called]}A called")
    return ", ".join(parts)
