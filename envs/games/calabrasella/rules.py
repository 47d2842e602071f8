"""Calabrasella's rules: the deal, the declarations, the ask and the exchange, the discard and
the talon, the card play and the settlement (the package docstring has the rules and every
ASSUMPTION); the views are :mod:`~hoyle.envs.games.calabrasella.view`'s, the determinizer is
:mod:`~hoyle.envs.games.calabrasella.determinizer`'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hoyle.envs.core.cards import (
    ACE,
    FIVE,
    FOUR,
    JACK,
    KING,
    NUM_SUITS,
    QUEEN,
    SEVEN,
    SIX,
    THREE,
    TWO,
    card,
    cards_of,
    format_card,
    suit_of,
)
from hoyle.envs.core.deal import TALON, DealPlan, Packet, deal_outcomes
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
    settle_log,
)
from hoyle.envs.core.observe import pack_index
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.tricks import (
    NO_SUIT,
    NO_TRUMP,
    CardPlay,
    TrickRules,
    build_tricks,
    leader_orders,
    legal_plays,
    play_refusal,
    play_to_trick,
    points_table,
    trick_points,
)

# --- constants and the action layout --------------------------------------------------------

HAND_SIZE = 12
TALON_SIZE = 4
MAX_DISCARDS = 4
LAST_TRICK_POINTS = 3
TOTAL_POINTS = 35
"""4 Aces × 3 + 20 other counting cards × 1 + the last trick 3."""
WINNING_POINTS = 18
REVOKE_PENALTY = 9
PACKET = 4
"""Cards dealt at a time."""
ACTIVE = 3
"""Players who take cards."""

CALABRASELLA_RANKS: tuple[int, ...] = (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR)
"""3 2 A K Q J 7 6 5 4."""
CALABRASELLA_POINTS: tuple[int, ...] = points_table(
    {ACE: 3, THREE: 1, TWO: 1, KING: 1, QUEEN: 1, JACK: 1}
)
"""Each Ace 3; each 3, 2, K, Q, J 1 (32 in the pack; the last trick adds 3 → 35)."""
COUNTING_RANKS = (ACE, THREE, TWO, KING, QUEEN, JACK)
_TRICKS = build_tricks("calabrasella", CALABRASELLA_RANKS, NO_TRUMP)


def calabrasella_tricks() -> TrickRules:
    """3 2 A K Q J 7 6 5 4 in every suit, no trumps, follow suit if able, otherwise any card,
    no obligation to win (the last trick's 3 points are the game's business)."""
    return _TRICKS


NUM_CARD_ACTIONS = 52
STAND_ACTION = NUM_CARD_ACTIONS
PASS_ACTION = STAND_ACTION + 1
ASK_THREE_ACTION_BASE = PASS_ACTION + 1
ASK_TWO_ACTION_BASE = ASK_THREE_ACTION_BASE + NUM_SUITS
DONE_ACTION = ASK_TWO_ACTION_BASE + NUM_SUITS
NO_ASK_ACTION = DONE_ACTION + 1
NUM_DISTINCT_ACTIONS = NO_ASK_ACTION + 1

# Phases (stored, never inferred).
DEAL, DECLARE, ASK, EXCHANGE, DISCARD, TAKE, PLAY, OVER = range(8)
NUM_PHASES = 8
PHASE_NAMES = ("deal", "declaring", "asking", "exchange", "discarding", "taking", "play", "over")

# Declarations.
UNDECLARED, PASSED, STOOD = range(3)
TALON_GIVER = -1
"""``giver`` when the card asked for was in the talon (``-2``: nothing asked yet)."""
NO_GIVER = -2
ASKED_NOTHING = -3
"""``giver`` when the single player, holding all the 3s, chose not to ask for a 2."""
NOTHING_TO_ASK = -4
"""``giver`` when the single player held all the 3s and all the 2s: there was no ask."""

# --- the event log (hoyle.envs.core.events) ----------------------------------------------------
# Kinds, in the order of EVENT_KINDS. ``at`` names the history index of the deal, exchange,
# discard, take or play whose card the event is (the determinizer relabels those).
(
    EV_DEAL,  # a card dealt to the actor (seen by him)
    EV_TALON,  # a card dealt to the talon (seen by nobody)
    EV_DECIDE,  # the actor's decision: stand, pass, an ask, "ask for nothing", "done"
    EV_GIVE_UP,  # the actor gave up the card asked for
    EV_IN_TALON,  # the card asked for is in the talon
    EV_EXCHANGE,  # the single player's card in exchange (seen by him and the receiver)
    EV_DISCARD,  # the single player's discard (seen by him)
    EV_EXPOSE,  # a talon card turned up
    EV_TAKE,  # the single player takes a talon card
    EV_PLAY,  # the actor plays a card
    EV_TRICK,  # the actor won the trick (value: its points)
    EV_LAST,  # the actor won the last trick and the stock
    EV_STOCK,  # a stock card shown at the end
    EV_NEW_DEAL,  # all passed; the deal passes to the seat (value)
) = range(14)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),
    EventKind("dealt {value} to the talon"),
    EventKind("{actor}: {value}", "action"),
    EventKind("{actor} gives up {value}"),
    EventKind("{value} is in the talon"),
    EventKind("{actor} gives {value} in exchange"),
    EventKind("{actor} discards {value}"),
    EventKind("the talon shows {value}"),
    EventKind("{actor} takes {value}"),
    EventKind("{actor} plays {value}"),
    EventKind("{actor} won the trick ({value} points)", "number"),
    EventKind("{actor} won the last trick and the stock", "none"),
    EventKind("the stock shows {value}"),
    EventKind("all passed; new deal, dealer {value}", "seat"),
)


def settle(
    single_points: int,
    total: int = TOTAL_POINTS,
    revoke: str | None = None,
    penalty: int = REVOKE_PENALTY,
) -> int:
    """The single player's signed result against each adversary.

    ``single_points``: the points the single player took in (cards, last trick, stock);
    the adversaries have the rest of ``total``. ``revoke``: ``"single"`` or ``"adversaries"``
    for a revoke by that side: ``penalty`` points move from its count to the other side's (at
    most what it has). The value is the difference, doubled to ``2 * total`` when one side has
    all the points; the single player wins it with more than half (18 of 35), loses it with
    17 or fewer.

    >>> settle(23), settle(16), settle(24, revoke="adversaries"), settle(35), settle(0)
    (11, -3, 31, 70, -70)
    """
    single, adv = single_points, total - single_points
    if revoke == "adversaries":
        moved = min(penalty, adv)
        single, adv = single + moved, adv - moved
    elif revoke == "single":
        moved = min(penalty, single)
        single, adv = single - moved, adv + moved
    elif revoke is not None:
        raise ValueError(f"revoke must be None, 'single' or 'adversaries'; got {revoke!r}")
    value = 2 * total if single == 0 or adv == 0 else abs(single - adv)
    return value if 2 * single > total else -value


def counting_points(mask: int) -> int:
    """The counting value of some cards: Aces 3; 3, 2, K, Q, J 1."""
    return trick_points(mask, CALABRASELLA_POINTS)


# --- the state ------------------------------------------------------------------------------


class CalabrasellaState(PlainState):
    """One moment of a Calabrasella deal. Every slot holds an immutable value.

    Per seat (``players`` entries): ``hands``, ``declared``, ``played``, ``voids`` (a 4-bit
    mask of suits the seat showed out of). ``active``: the three seats that take cards, eldest
    hand first. ``dealt``: the cards of this deal dealt so far; ``talon``: the talon's cards
    (until the stock is formed); ``stock``: the stock. ``won``: the cards in the tricks of the
    single player and of the adversaries; ``points``: their counts so far. ``log``: the one
    event log (:mod:`hoyle.envs.core.events`); ``ply``: the actions applied (the history's
    length), which each event's ``at`` names.
    """

    __slots__ = (
        "active",
        "asked",
        "deal_no",
        "dealer",
        "dealt",
        "declared",
        "discards",
        "exposed",
        "given",
        "giver",
        "hands",
        "last_winner",
        "leader",
        "log",
        "phase",
        "played",
        "ply",
        "points",
        "result",
        "single",
        "stock",
        "taken",
        "talon",
        "to_move",
        "trick",
        "tricks_done",
        "voids",
        "won",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    active: tuple[int, ...]
    hands: tuple[int, ...]
    dealt: int
    talon: int
    declared: tuple[int, ...]
    single: int
    asked: int
    giver: int
    given: int
    discards: int
    exposed: bool
    taken: int
    stock: int
    trick: tuple[int, ...]
    leader: int
    tricks_done: int
    won: tuple[int, int]
    points: tuple[int, int]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    last_winner: int
    result: int
    log: tuple[Event, ...]
    ply: int


# --- the rules ------------------------------------------------------------------------------


class CalabrasellaPlay:
    """The rules of play of Calabrasella for one parameter set (pure: no pyspiel, no
    randomness); :class:`~hoyle.envs.games.calabrasella.CalabrasellaRules` adds the views and
    the determinizer."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARD_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        self.num_players = int(params["players"])
        n = self.num_players
        fd = int(params["first_dealer"])
        if not -1 <= fd < n:
            raise GameParameterError(
                f"parameter first_dealer={fd} must be -1 or a seat 0-{n - 1} (players={n})"
            )
        self.first_dealer = n - 1 if fd < 0 else fd
        self.redeal = params["all_pass"] == "redeal"
        self.max_deals = int(params["max_deals"]) if self.redeal else 1
        if self.max_deals < 1:
            raise GameParameterError("max_deals must be at least 1")
        self.ranks = int(params["ranks"])
        self.suits = int(params["suits"])
        self.hand_size = int(params["hand_size"])
        ranks = CALABRASELLA_RANKS[: self.ranks]
        self.pack_cards = tuple(sorted(card(s, r) for s in range(self.suits) for r in ranks))
        self.pack_size = len(self.pack_cards)
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        self.pack_index = pack_index(self.pack_cards)
        self.talon_size = self.pack_size - ACTIVE * self.hand_size
        if self.talon_size < 1:
            raise GameParameterError(
                f"ranks={self.ranks} and suits={self.suits} make a pack of {self.pack_size} "
                f"cards, too few to deal hand_size={self.hand_size} to each of three players "
                "and leave a talon"
            )
        self.max_discards = min(MAX_DISCARDS, self.talon_size)
        self.tricks = calabrasella_tricks()
        self.trick_orders = tuple(leader_orders(self.active_seats(d), n) for d in range(n))
        """By dealer, then leader: the seats of a trick in playing order."""
        self.suit_masks = tuple(m & self.pack_mask for m in self.tricks.suit_masks)
        self.threes = sum(1 << card(s, THREE) for s in range(self.suits))
        self.twos = self.pack_mask & sum(1 << card(s, TWO) for s in range(self.suits))
        self.total = trick_points(self.pack_mask, CALABRASELLA_POINTS) + LAST_TRICK_POINTS
        # The deal (assumption 1): packets of four from the eldest hand (holder 0) round the
        # three active seats until each has hand_size, then the talon.
        sizes = [min(PACKET, self.hand_size - k) for k in range(0, self.hand_size, PACKET)]
        self.deal_plan = DealPlan.rounds(
            range(ACTIVE), sizes, extra=[Packet(TALON, self.talon_size)]
        )
        self.num_tricks = self.hand_size
        others = n - 1
        self.max_value = 2 * self.total
        self.min_utility = -float(self.max_value * others)
        self.max_utility = float(self.max_value * others)
        self.utility_sum = 0.0
        per_deal = 3 + 1 + 1 + (self.max_discards + 1) + self.max_discards + ACTIVE * self.hand_size
        self.max_game_length = 3 * (self.max_deals - 1) + per_deal
        self.max_chance_nodes = self.pack_size * self.max_deals
        per_deal_events = self.pack_size + per_deal + 2 + 2 * self.talon_size
        per_deal_events += self.num_tricks + 1 + self.talon_size
        max_events = (self.pack_size + 4) * (self.max_deals - 1) + per_deal_events
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_DISTINCT_ACTIONS, max_events)

    # --- helpers ----------------------------------------------------------------------------
    def active_seats(self, dealer: int) -> tuple[int, ...]:
        """The three seats that take cards, eldest hand first (the dealer sits out with 4)."""
        n = self.num_players
        return tuple((dealer + 1 + i) % n for i in range(ACTIVE))

    def deal_recipient(self, s: CalabrasellaState, k: int) -> int:
        """The seat receiving the ``k``-th card of the deal, or ``TALON``."""
        h = self.deal_plan.holder(k)
        return h if h < 0 else s.active[h]

    def adversaries(self, s: CalabrasellaState) -> tuple[int, ...]:
        """The single player's two adversaries (the seats that take cards)."""
        return tuple(q for q in s.active if q != s.single)

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> CalabrasellaState:
        s = CalabrasellaState()
        s.log = ()
        s.ply = 0
        s.deal_no = 0
        s.dealer = self.first_dealer
        s.result = 0
        self._start_deal(s)
        return s

    def _start_deal(self, s: CalabrasellaState) -> None:
        n = self.num_players
        s.phase = DEAL
        s.to_move = CHANCE
        s.active = self.active_seats(s.dealer)
        s.hands = (0,) * n
        s.dealt = 0
        s.talon = 0
        s.declared = (UNDECLARED,) * n
        s.single = -1
        s.asked = -1
        s.giver = NO_GIVER
        s.given = -1
        s.discards = 0
        s.exposed = False
        s.taken = 0
        s.stock = 0
        s.trick = ()
        s.leader = -1
        s.tricks_done = 0
        s.won = (0, 0)
        s.points = (0, 0)
        s.played = (0,) * n
        s.voids = (0,) * n
        s.last_winner = -1

    def current_player(self, s: CalabrasellaState) -> int:
        return s.to_move

    def illegal_reason(self, s: CalabrasellaState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play, a card not held or the follow-suit rule
        (:func:`~hoyle.envs.core.tricks.play_refusal`, on the same trick rules as
        :meth:`legal_actions`); elsewhere ``None``."""
        if s.phase != PLAY or not 0 <= action < NUM_CARD_ACTIONS:
            return None
        led = self.tricks.suit[s.trick[0]] if s.trick else NO_SUIT
        return play_refusal(s.hands[s.to_move], led, self.tricks, action)

    def legal_actions(self, s: CalabrasellaState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            led = self.tricks.suit[s.trick[0]] if s.trick else NO_SUIT
            return cards_of(legal_plays(s.hands[s.to_move], led, self.tricks))
        if ph == DECLARE:
            return [STAND_ACTION, PASS_ACTION]
        if ph == ASK:
            asks = self.asks(s.hands[s.single])
            if asks[0] >= ASK_TWO_ACTION_BASE:
                asks.append(NO_ASK_ACTION)  # "he may ask for a 2" (assumption 3)
            return asks
        if ph == EXCHANGE:
            return cards_of(s.hands[s.single] & ~(1 << s.asked))
        if ph == DISCARD:
            h = s.hands[s.single]
            above = h & ~((1 << (s.discards.bit_length())) - 1)
            out = cards_of(above)
            if s.discards:
                out.append(DONE_ACTION)
            return out
        if ph == TAKE:
            need = s.discards.bit_count() - s.taken.bit_count()
            rest = s.talon & ~((1 << s.taken.bit_length()) - 1)
            cs = cards_of(rest)
            # Rising order: leave enough cards above the one taken to finish.
            return cs[: len(cs) - need + 1]
        return []

    def asks(self, hand: int) -> list[int]:
        """The asks open to a single player holding ``hand`` (assumption 3): the 3s he does not
        hold; holding all of them, the 2s he does not hold (and ``NO_ASK_ACTION`` besides, in
        ``legal_actions``)."""
        threes = self.threes & ~hand
        if threes:
            return [ASK_THREE_ACTION_BASE + suit_of(c) for c in cards_of(threes)]
        return [ASK_TWO_ACTION_BASE + suit_of(c) for c in cards_of(self.twos & ~hand)]

    def chance_outcomes(self, s: CalabrasellaState) -> list[tuple[int, float]]:
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: CalabrasellaState) -> list[float]:
        n = self.num_players
        if s.phase != OVER or s.single < 0:
            return [0.0] * n
        v = float(s.result)
        return [v * (n - 1) if q == s.single else -v for q in range(n)]

    # --- applying actions -------------------------------------------------------------------
    def apply_action(self, s: CalabrasellaState, action: int) -> None:
        ph = s.phase
        if ph == PLAY:
            self._apply_play(s, action)
        elif ph == DEAL:
            self._apply_deal(s, action)
        elif ph == DECLARE:
            self._apply_declare(s, action)
        elif ph == ASK:
            self._apply_ask(s, action)
        elif ph == EXCHANGE:
            self._apply_exchange(s, action)
        elif ph == DISCARD:
            self._apply_discard(s, action)
        elif ph == TAKE:
            self._apply_take(s, action)
        s.ply += 1

    def _apply_deal(self, s: CalabrasellaState, c: int) -> None:
        bit = 1 << c
        q = self.deal_recipient(s, s.dealt.bit_count())
        s.dealt |= bit
        if q < 0:
            s.talon |= bit
            s.log = log_event(s.log, EV_TALON, NO_ACTOR, c, NOBODY, s.ply)
        else:
            s.hands = replace_at(s.hands, q, s.hands[q] | bit)
            s.log = log_event(s.log, EV_DEAL, q, c, 1 << q, s.ply)
        if s.dealt == self.pack_mask:
            s.phase = DECLARE
            s.to_move = s.active[0]

    def _apply_declare(self, s: CalabrasellaState, a: int) -> None:
        p = s.to_move
        s.log = log_event(s.log, EV_DECIDE, p, a)
        if a == STAND_ACTION:
            s.declared = replace_at(s.declared, p, STOOD)
            s.single = p
            self._to_ask(s)
            return
        s.declared = replace_at(s.declared, p, PASSED)
        i = s.active.index(p)
        if i < ACTIVE - 1:
            s.to_move = s.active[i + 1]
            return
        # All three passed (assumption 2).
        if self.redeal and s.deal_no + 1 < self.max_deals:
            s.deal_no += 1
            s.dealer = (s.dealer + 1) % self.num_players
            # The void deal's cards are nobody's business now: its events stop naming history
            # positions, so the determinizer re-deals only the deal being played.
            s.log = log_event(settle_log(s.log), EV_NEW_DEAL, NO_ACTOR, s.dealer)
            self._start_deal(s)
            return
        s.phase = OVER
        s.to_move = TERMINAL
        s.result = 0

    def _to_ask(self, s: CalabrasellaState) -> None:
        if self.asks(s.hands[s.single]):
            s.phase = ASK
            s.to_move = s.single
        else:
            s.giver = NOTHING_TO_ASK
            self._to_discard(s)

    def _apply_ask(self, s: CalabrasellaState, a: int) -> None:
        p = s.single
        s.log = log_event(s.log, EV_DECIDE, p, a)
        if a == NO_ASK_ACTION:
            s.giver = ASKED_NOTHING
            self._to_discard(s)
            return
        suit = (a - ASK_THREE_ACTION_BASE) % NUM_SUITS
        c = card(suit, THREE if a < ASK_TWO_ACTION_BASE else TWO)
        bit = 1 << c
        s.asked = c
        for q in s.active:
            if q != p and s.hands[q] & bit:
                s.giver = q
                hands = replace_at(s.hands, q, s.hands[q] & ~bit)
                s.hands = replace_at(hands, p, hands[p] | bit)
                s.log = log_event(s.log, EV_GIVE_UP, q, c)
                s.phase = EXCHANGE
                return
        s.giver = TALON_GIVER
        s.log = log_event(s.log, EV_IN_TALON, NO_ACTOR, c)
        self._to_discard(s)

    def _apply_exchange(self, s: CalabrasellaState, c: int) -> None:
        p, q = s.single, s.giver
        bit = 1 << c
        hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.hands = replace_at(hands, q, hands[q] | bit)
        s.given = c
        s.log = log_event(s.log, EV_EXCHANGE, p, c, seats(p, q), s.ply)
        self._to_discard(s)

    def _to_discard(self, s: CalabrasellaState) -> None:
        s.phase = DISCARD
        s.to_move = s.single

    def _apply_discard(self, s: CalabrasellaState, a: int) -> None:
        p = s.single
        if a == DONE_ACTION:
            s.log = log_event(s.log, EV_DECIDE, p, a)
            self._expose(s)
            return
        bit = 1 << a
        s.hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.discards |= bit
        s.log = log_event(s.log, EV_DISCARD, p, a, 1 << p, s.ply)
        if s.discards.bit_count() == self.max_discards:
            self._expose(s)

    def _expose(self, s: CalabrasellaState) -> None:
        s.exposed = True
        log = s.log
        for c in cards_of(s.talon):
            log = log_event(log, EV_EXPOSE, NO_ACTOR, c)
        if s.discards.bit_count() == self.talon_size:
            p = s.single
            for c in cards_of(s.talon):
                log = log_event(log, EV_TAKE, p, c)
            s.log = log
            s.taken = s.talon
            s.hands = replace_at(s.hands, p, s.hands[p] | s.talon)
            self._to_play(s)
        else:
            s.log = log
            s.phase = TAKE
            s.to_move = s.single

    def _apply_take(self, s: CalabrasellaState, c: int) -> None:
        p = s.single
        bit = 1 << c
        s.taken |= bit
        s.hands = replace_at(s.hands, p, s.hands[p] | bit)
        s.log = log_event(s.log, EV_TAKE, p, c, EVERYONE, s.ply)
        if s.taken.bit_count() == s.discards.bit_count():
            self._to_play(s)

    def _to_play(self, s: CalabrasellaState) -> None:
        s.stock = s.discards | (s.talon & ~s.taken)
        s.phase = PLAY
        s.leader = s.active[0]
        s.to_move = s.leader
        s.trick = ()

    def _apply_play(self, s: CalabrasellaState, c: int) -> None:
        p = s.to_move
        s.played = replace_at(s.played, p, s.played[p] | 1 << c)
        log = log_event(s.log, EV_PLAY, p, c, EVERYONE, s.ply)
        seats_ = self.trick_orders[s.dealer][s.leader]
        s.hands, s.trick, s.voids, s.to_move, w = play_to_trick(
            self.tricks, s.hands, s.trick, s.voids, seats_, c
        )
        if w < 0:
            s.log = log
            return
        side = 0 if w == s.single else 1
        pts = trick_points(s.trick, CALABRASELLA_POINTS)
        s.tricks_done += 1
        won = s.won[side]
        for x in s.trick:
            won |= 1 << x
        s.won = replace_at(s.won, side, won)
        last = s.tricks_done == self.num_tricks
        if last:
            pts += LAST_TRICK_POINTS + trick_points(s.stock, CALABRASELLA_POINTS)
            s.won = replace_at(s.won, side, s.won[side] | s.stock)
        s.points = replace_at(s.points, side, s.points[side] + pts)
        log = log_event(log, EV_TRICK, w, pts)
        s.trick = ()
        s.leader = w
        if last:
            s.last_winner = w
            log = log_event(log, EV_LAST, w)
            for x in cards_of(s.stock):
                log = log_event(log, EV_STOCK, NO_ACTOR, x)
            s.result = settle(s.points[0], self.total)
            s.phase = OVER
            s.to_move = TERMINAL
        s.log = log

    # --- words --------------------------------------------------------------------------------
    def seat_name(self, s: CalabrasellaState, q: int) -> str:
        if q not in s.active:
            return f"player {q} (dealer, out)"
        i = s.active.index(q)
        role = ("eldest hand", "second hand", "third hand")[i]
        return f"player {q} ({role})"

    def action_to_string(self, s: CalabrasellaState, player: int, action: int) -> str:
        if player == CHANCE:
            k = s.dealt.bit_count()
            q = self.deal_recipient(s, k) if k < self.pack_size else TALON
            to = "the talon" if q < 0 else f"player {q}"
            return f"deal {format_card(action)} to {to}"
        if 0 <= action < NUM_CARD_ACTIONS:
            verb = {EXCHANGE: "give", DISCARD: "discard", TAKE: "take"}.get(s.phase, "play")
            return f"{verb} {format_card(action)}"
        return action_words(action)

    def state_string(self, s: CalabrasellaState) -> str:
        lines = [
            f"Calabrasella, {self.num_players} players, deal {s.deal_no + 1}, dealer "
            f"player {s.dealer}; phase: {PHASE_NAMES[s.phase]}; to move: {seat_words(s.to_move)}"
        ]
        for q in range(self.num_players):
            decl = ("", ", passed", ", stands")[s.declared[q]]
            lines.append(
                f"{self.seat_name(s, q)}: hand {cards_words(s.hands[q])}; played "
                f"{cards_words(s.played[q])}{decl}"
            )
        lines.append(f"talon: {cards_words(s.talon)}{' (turned up)' if s.exposed else ''}")
        if s.single >= 0:
            lines.append(f"single player: player {s.single}")
        if s.asked >= 0:
            src = "the talon" if s.giver == TALON_GIVER else f"player {s.giver}"
            ex = f", exchanged for {format_card(s.given)}" if s.given >= 0 else ""
            lines.append(f"asked for {format_card(s.asked)}: from {src}{ex}")
        if s.discards or s.phase >= TAKE:
            lines.append(f"discards: {cards_words(s.discards)}; taken: {cards_words(s.taken)}")
        if s.phase >= PLAY:
            lines.append(f"stock: {cards_words(s.stock)}")
            lines.append(
                f"trick {s.tricks_done + 1}: {cards_in_order(s.trick)} (led by player "
                f"{s.leader}); points: single {s.points[0]}, adversaries {s.points[1]}"
            )
        if s.phase == OVER:
            lines.append(f"result: {s.result:+d} for the single player from each other seat")
        return "\n".join(lines)

    # --- the card play, for double-dummy search ----------------------------------------------
    def card_play(self, s: CalabrasellaState) -> CardPlay | None:
        """The position for the double-dummy searcher (``None`` outside the card play).

        Side 0 is the single player; the last trick is worth 3 plus the stock's points.
        """
        if s.phase != PLAY:
            return None
        act = s.active
        return CardPlay(
            tricks=self.tricks,
            seats=act,
            hands=tuple(s.hands[q] for q in act),
            leader=act.index(s.leader),
            table=s.trick,
            named=NO_SUIT,
            sides=tuple(0 if q == s.single else 1 for q in act),
            points=CALABRASELLA_POINTS,
            last_trick=LAST_TRICK_POINTS + trick_points(s.stock, CALABRASELLA_POINTS),
        )

    def card_zones(self, s: CalabrasellaState) -> dict[str, int]:
        zones = {f"hand{q}": s.hands[q] for q in range(self.num_players)}
        zones["talon"] = s.talon & ~s.taken & ~s.stock
        zones["discards"] = s.discards & ~s.stock
        zones["stock"] = s.stock & ~(s.won[0] | s.won[1])
        zones["trick"] = sum(1 << c for c in s.trick)
        zones["won_single"] = s.won[0]
        zones["won_adversaries"] = s.won[1]
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones


# --- words ----------------------------------------------------------------------------------


def cards_words(mask: int) -> str:
    """Cards in card order, or "-"."""
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def cards_in_order(cards: Sequence[int]) -> str:
    """Cards in the order given (a trick), or "-"."""
    return " ".join(format_card(c) for c in cards) or "-"


def action_words(a: int) -> str:
    """A decision in words: "stand", "ask for ♥3", "done discarding"; a card by itself."""
    if a == STAND_ACTION:
        return "stand"
    if a == PASS_ACTION:
        return "pass"
    if a == DONE_ACTION:
        return "done discarding"
    if a == NO_ASK_ACTION:
        return "ask for nothing"
    if ASK_THREE_ACTION_BASE <= a < DONE_ACTION:
        suit = (a - ASK_THREE_ACTION_BASE) % NUM_SUITS
        return f"ask for {format_card(card(suit, THREE if a < ASK_TWO_ACTION_BASE else TWO))}"
    if 0 <= a < NUM_CARD_ACTIONS:
        return format_card(a)
    return f"action {a}"
