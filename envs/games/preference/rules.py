"""Preference's rules: the deal, the two rounds of bidding, the lay-out and the play, and the
settlement (the module docstring of :mod:`hoyle.envs.games.preference` says what each is).

:class:`PreferencePlay` holds everything but what a player sees (:mod:`.view`) and what the
determinizer re-deals (:mod:`.determinizer`); the rules object the game uses is
:class:`~hoyle.envs.games.preference.view.PreferenceRules`, which is all three.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from hoyle.envs.core.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    NUM_RANKS,
    NUM_SUITS,
    PIQUET_32,
    SPADES,
    SUIT_SYMBOLS,
    card,
    cards_of,
    cards_text,
    format_card,
    format_cards,
)
from hoyle.envs.core.deal import WIDOW, DealPlan, Packet, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import (
    EVERYONE,
    NO_ACTOR,
    NOBODY,
    Event,
    EventKind,
    EventSchema,
    log_event,
    seats,
)
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
)

# --- constants and the action layout --------------------------------------------------------

ACTIVE = 3
"""Players who take cards each deal."""
# The book's deal (a reduced pack, assumption 9, has its own sizes on the rules object).
HAND_SIZE = 10
WIDOW_SIZE = 2
TRICKS = HAND_SIZE
CONTRACT = 6
"""Tricks the bidder undertakes to win (§5.3.1: "at least six of the ten")."""
PACK = PIQUET_32
PACK_MASK = PACK.mask
PACK_SIZE = len(PACK)
PACKETS: tuple[int, ...] = (3, 0, 4, 3)
"""§5.2: three to each, two for the widow (the ``0``: the widow's packet goes here), four to
each, three to each."""

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

MAX_BID_LIMIT = 70
"""The highest ``max_bid`` and ``first_round_price`` the parameters accept."""

# The event log (``s.log``): its kinds, in the words of the information-state string.
EV_DEAL, EV_WIDOW, EV_CALL, EV_TAKE, EV_LAY, EV_PLAY = range(6)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the seat dealt to
    EventKind("dealt {value} to the widow"),  # seen by nobody
    EventKind("{actor}: {value}", "action"),  # a call (pass, name, bid), seen by all
    EventKind("{actor} took {value}", hidden="a widow card"),  # seen by the widow's bidder
    EventKind("{actor} laid out {value}"),  # seen by the widow's bidder
    EventKind("{actor} played {value}"),  # seen by all
)


def preference_tricks(trump: int) -> TrickRules:
    """§5.1, §5.4: A K Q J 10 9 8 7 with a trump suit (Preference has no no-trumps); follow
    suit if able; ASSUMPTION (§5.4, as at Vint): no obligation to trump when void."""
    check_trump(trump, allow_no_trump=False)
    return build_tricks(f"preference-{trump}", PIQUET_RANKS, trump)


def deal_plan(players: int, hand_size: int = HAND_SIZE, widow_size: int = WIDOW_SIZE) -> DealPlan:
    """§5.2: the deal from the dealer's left, in packets of 3, the widow's 2, 4 and 3 (a
    reduced pack's hands, assumption 9, take the packets in that order as far as they go). A
    seat of the plan is the active seat of that place from the dealer's left, which is its
    absolute seat (the dealer is the last seat; with four he takes no cards)."""
    order = range(len(active_seats(players)))
    packets: list[Packet] = []
    left = hand_size
    for k in PACKETS:
        if k == 0:
            packets.append(Packet(WIDOW, widow_size))
        elif left:
            packets += [Packet(q, min(k, left)) for q in order]
            left -= min(k, left)
    return DealPlan(packets)


def reduced_pack(ranks: int, suits: int) -> tuple[int, ...]:
    """Assumption 9: the ``ranks`` highest of A K Q J 10 9 8 7 in the first ``suits`` suits
    (♠ ♥ ♦ ♣), in card order; the whole piquet pack by default."""
    return tuple(sorted(card(t, r) for t in range(suits) for r in PIQUET_RANKS[:ranks]))


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
    knows it cannot hold are their cards, ``tricks.void_cards``). ``dealt``: the cards dealt
    so far (their count says who receives the next, ``deal_plan``). ``log``: the one event log
    (:mod:`hoyle.envs.core.events`), each value marked with the seats that saw it. ``ply``: the
    history length (the position an event's card was chosen at).
    """

    __slots__ = (
        "auction",
        "bidder",
        "dealt",
        "hands",
        "high",
        "laid_out",
        "leader",
        "log",
        "phase",
        "played",
        "ply",
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
    log: tuple[Event, ...]
    ply: int
    result: tuple[float, ...]


class Contract(Protocol):
    """The public terms of a deal's settlement (a state, or any player's view of it)."""

    @property
    def trumps(self) -> int: ...

    @property
    def bidder(self) -> int: ...

    @property
    def won(self) -> tuple[int, ...]: ...

    @property
    def price(self) -> int: ...


# --- the rules ------------------------------------------------------------------------------


class PreferencePlay:
    """The rules of Preference for one parameter set, without the views and the determinizer
    (:class:`~hoyle.envs.games.preference.view.PreferenceRules` adds them)."""

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
        self.pack = reduced_pack(int(params["ranks"]), int(params["suits"]))
        self.pack_mask = sum(1 << c for c in self.pack)
        self.hand_size = int(params["hand_size"])
        self.widow_size = len(self.pack) - ACTIVE * self.hand_size
        if not 1 <= self.widow_size <= WIDOW_SIZE:
            raise GameParameterError(
                f"a pack of {len(self.pack)} cards and three hands of {self.hand_size} leave "
                f"{self.widow_size} for the widow: it must be 1 or 2 (ranks x suits = "
                "3 x hand_size + 1 or + 2)"
            )
        self.num_tricks = self.hand_size
        self.contract = self.num_tricks // 2 + 1
        """Six of ten (§5.3.1); of a reduced pack's hands, a majority (assumption 9)."""
        self.active = active_seats(self.num_players)
        self.active_mask = sum(1 << q for q in self.active)
        self.plan = deal_plan(self.num_players, self.hand_size, self.widow_size)
        self.tricks: tuple[TrickRules, ...] = tuple(preference_tricks(t) for t in range(NUM_SUITS))
        self.trick_orders = leader_orders(self.active, self.num_players)
        """By leader: the seats of a trick in playing order (the dealer sits out with four)."""
        self.num_distinct_actions = BID_ACTION_BASE + self.max_bid
        self.max_chance_outcomes = NUM_CARD_ACTIONS
        vmax = max(self.values)
        best = self.num_tricks * vmax  # the bidder's largest net take from the pool
        # his largest payment into it
        worst = max(self.max_bid, self.first_round_price) + self.contract * vmax
        self.min_utility = -max(2 * worst, best) / 3
        self.max_utility = max(2 * best, worst) / 3
        self.utility_sum: float | None = 0.0
        self.max_game_length = (
            ACTIVE + self.max_bid + ACTIVE + self.widow_size + 1 + ACTIVE * self.num_tricks
        )
        self.max_chance_nodes = len(self.pack)
        self.max_events = self.max_chance_nodes + self.max_game_length + self.widow_size
        self.event_schema = EventSchema(
            EVENT_KINDS, self.num_players, self.num_distinct_actions, self.max_events
        )
        self.pack_index = pack_index(self.pack)

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
        s.ply = 0
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
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: PreferenceState) -> list[float]:
        return list(s.result)

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
            s.log = log_event(s.log, EV_CALL, s.to_move, action)
            s.trumps = action - NAME_ACTION_BASE
            self._start_play(s)
        s.ply += 1

    def _apply_deal(self, s: PreferenceState, c: int) -> None:
        to = self.plan.holder(s.dealt.bit_count())
        bit = 1 << c
        if to == WIDOW:
            s.widow |= bit
            s.log = log_event(s.log, EV_WIDOW, NO_ACTOR, c, NOBODY, s.ply)
        else:
            s.hands = replace_at(s.hands, to, s.hands[to] | bit)
            s.log = log_event(s.log, EV_DEAL, to, c, seats(to), s.ply)
        s.dealt |= bit
        if s.dealt == self.pack_mask:
            s.phase = NAMING
            s.to_move = self.active[0]

    def _apply_naming(self, s: PreferenceState, a: int) -> None:
        p = s.to_move
        s.log = log_event(s.log, EV_CALL, p, a)
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
        s.log = log_event(s.log, EV_CALL, p, a)
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
        # Each widow card taken names the history position it was dealt at.
        dealt_at = {e[2]: e[4] for e in s.log if e[0] == EV_WIDOW}
        for c in cards_of(s.widow):
            s.log = log_event(s.log, EV_TAKE, b, c, seats(b), dealt_at[c])
        s.hands = replace_at(s.hands, b, s.hands[b] | s.widow)
        s.widow = 0
        s.phase = LAY_OUT
        s.to_move = b

    def _apply_lay_out(self, s: PreferenceState, c: int) -> None:
        b = s.to_move
        s.log = log_event(s.log, EV_LAY, b, c, seats(b), s.ply)
        s.hands = replace_at(s.hands, b, s.hands[b] & ~(1 << c))
        s.laid_out |= 1 << c
        if s.laid_out.bit_count() == self.widow_size:
            s.phase = TRUMPS

    def _start_play(self, s: PreferenceState) -> None:
        s.auction = None
        s.phase = PLAY
        s.leader = self.next_active(s.bidder)
        s.to_move = s.leader

    def _apply_play(self, s: PreferenceState, c: int) -> None:
        p = s.to_move
        s.log = log_event(s.log, EV_PLAY, p, c, EVERYONE, s.ply)
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
        if sum(s.won) == self.num_tricks:
            self.settle(s)

    def bidder_take(self, s: Contract) -> int:
        """The bidder's net take from the pool this deal, in counters (assumption 5). Its
        terms are public: a player's view settles the deal as the state does."""
        v = self.value(s.trumps)
        got = s.won[s.bidder]
        take = v * got if got >= self.contract else -v * (self.contract - got)
        # A widow is bought for at least one counter: no price is a first-round bid.
        return take - (s.price if s.price else self.first_round_price)

    def shares(self, bidder: int, take: int) -> tuple[float, ...]:
        """Returns per assumption 6: +2F/3 to the bidder, −F/3 to each other active player."""
        share = -take / ACTIVE
        out = [0.0] * self.num_players
        for q in self.active:
            if q != bidder:
                out[q] = share
        out[bidder] = -(share + share)
        return tuple(out)

    def settle(self, s: PreferenceState) -> None:
        """The deal is over: the returns of assumption 6."""
        s.result = self.shares(s.bidder, self.bidder_take(s))
        s.phase = OVER
        s.to_move = TERMINAL

    # --- words ---------------------------------------------------------------------------
    def action_to_string(self, s: PreferenceState, player: int, action: int) -> str:
        if player == CHANCE:
            k = s.dealt.bit_count()
            to = self.plan.holder(k) if k < len(self.plan) else WIDOW
            where = "the widow" if to == WIDOW else f"seat {to}"
            return f"deal {format_card(action)} to {where}"
        if action < NUM_CARD_ACTIONS:
            verb = "lay out" if s.phase == LAY_OUT else "play"
            return f"{verb} {format_card(action)}"
        return call_words(action, trumps=s.phase == TRUMPS)

    def state_string(self, s: PreferenceState) -> str:
        lines = [
            f"Preference ({self.num_players} players, dealer {self.dealer}); phase: "
            f"{PHASE_NAMES[s.phase]}; to move: {who(s.to_move)}"
        ]
        for q in range(self.num_players):
            lines.append(
                f"seat {q}: {format_cards(s.hands[q]) or '-'}; played {format_cards(s.played[q])}"
                f"; tricks {s.won[q]}"
            )
        lines.append(f"widow: {format_cards(s.widow) or '-'}; laid out: {cards_text(s.laid_out)}")
        au = s.auction
        bidder, price = (au.bidder, au.high + 1) if au is not None else (s.bidder, s.price)
        lines.append(contract_words(s.phase, bidder, s.high, s.trumps, price))
        lines.append(f"trick: {cards_text(s.trick)} (led by {who(s.leader)})")
        if s.phase == OVER:
            lines.append(f"returns: {list(s.result)}")
        return "\n".join(lines)

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
            undealt=self.pack_mask & ~s.dealt,
        )
        return zones


# --- small functions ------------------------------------------------------------------------


def who(q: int, me: int = -1) -> str:
    if q == me:
        return "you"
    if q == CHANCE:
        return "chance"
    if q == TERMINAL or q < 0:
        return "nobody"
    return f"seat {q}"


def call_words(action: int, trumps: bool = False) -> str:
    """A call in words: "pass", "name ♥", "name ♥ trumps", "bid 3 for the widow"."""
    if action == PASS_ACTION:
        return "pass"
    if action < BID_ACTION_BASE:
        return f"name {SUIT_SYMBOLS[action - NAME_ACTION_BASE]}" + (" trumps" if trumps else "")
    return f"bid {action - BID_ACTION_BASE + 1} for the widow"


def contract_words(
    phase: int, bidder: int, high: int, trumps: int, price: int, me: int = -1
) -> str:
    if trumps >= 0:
        how = f"for the widow at {price}" if price else "in the first round"
        return f"Bidder: {who(bidder, me)}, {how}; trumps {SUIT_SYMBOLS[trumps]}"
    if phase in (DEAL, NAMING):
        if high >= 0:
            return f"Highest suit named: {SUIT_SYMBOLS[high]} by {who(bidder, me)}"
        return "No suit named yet"
    if phase == BIDDING:
        if bidder >= 0:
            return f"Widow: highest bid {price} by {who(bidder, me)}"
        return "Widow: no bid yet"
    if phase in (LAY_OUT, TRUMPS):
        return f"Widow bought by {who(bidder, me)} for {price}; trumps not yet named"
    return "Thrown in: nobody named a suit or bid for the widow"
