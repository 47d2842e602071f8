"""Quinto's rules of play, four-handed and Dummy: the pack and the suit power, the action
layout, the quints, the state, the deal with its cachette, the doubling round, the play of the
tricks, the game to 250 and the rubber (the game, its source and its ASSUMPTIONS:
:mod:`hoyle.envs.games.quinto`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    FIVE,
    FOUR,
    FULL_52,
    HEARTS,
    JOKER,
    NUM_SUITS,
    SPADES,
    THREE,
    TWO,
    CardMask,
    card,
    cards_of,
    cards_text,
    format_card,
    iter_cards,
    mask_of,
)
from hoyle.envs.core.deal import WIDOW, DealPlan, Packet, deal_outcomes
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
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at
from hoyle.envs.core.tricks import (
    ACE_HIGH_RANKS,
    NO_TRUMP,
    TrickRules,
    build_tricks,
    leader_orders,
    led_suit,
    legal_plays,
    play_refusal,
    play_to_trick,
    void_cards,
)

# --- constants and the action layout ---------------------------------------------------------

NUM_SEATS = 4
HAND_SIZE = 12
TRICKS = HAND_SIZE
CACHETTE_SIZE = 5
QUINT_ROYAL = JOKER
"""The Joker plays the part of Quint Royal ("five crowns")."""
PACK: CardMask = FULL_52.mask | 1 << QUINT_ROYAL
NUM_CARD_ACTIONS = QUINT_ROYAL + 1
"""Card ids 0-52: the 52 cards and Quint Royal."""
PASS_ACTION = NUM_CARD_ACTIONS
DOUBLE_ACTION = PASS_ACTION + 1
REDOUBLE_ACTION = DOUBLE_ACTION + 1
NUM_DISTINCT_ACTIONS = REDOUBLE_ACTION + 1

DEAL, DOUBLING, PLAY, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "doubling", "play", "over")

SUIT_POWER = tuple({SPADES: 0, CLUBS: 1, DIAMONDS: 2, HEARTS: 3}[s] for s in range(NUM_SUITS))
"""Each suit's power for trumping, by suit id: spades < clubs < diamonds < hearts."""
QUINT_VALUE = tuple({SPADES: 5, CLUBS: 10, DIAMONDS: 15, HEARTS: 20}[s] for s in range(NUM_SUITS))
"""A quint in each suit, by suit id: spades 5, clubs 10, diamonds 15, hearts 20."""
QUINT_ROYAL_VALUE = 25
TRICK_VALUE = 5
"""A trick, undoubled; × 2 doubled, × 4 redoubled."""
MAX_DOUBLING = 2
GAME_POINTS = 250
RUBBER_BONUS = 100
DUMMY_HANDICAP = 25
"""What the Dummy-player's opponents start each game with."""
QUINT_PAIRS = ((ACE, FOUR), (TWO, THREE))
"""An Ace and four, or a deuce and trey, of one suit falling to the same trick."""

DUMMY = 3
"""The Dummy's seat in Dummy Quinto (the three players sit at seats 0, 1 and 2)."""
CACHETTE = WIDOW
"""The cachette's place in the deal plan (dealt face down, like a widow)."""

MODES = ("deal", "game", "rubber")
DUMMY_MODES = ("deal", "game", "round")
"""What an episode plays (the ``play`` parameter): one deal; one game to 250; the rubber (to two
games, Quinto) or the round of three games in which each player takes Dummy once (Dummy)."""

EVENT_KINDS = (
    EventKind("{actor} deals", "none"),
    EventKind("{actor} is dealt {value}"),
    EventKind("the cachette is dealt {value}"),
    EventKind("{actor} passes", "none"),
    EventKind("{actor} doubles", "none"),
    EventKind("{actor} redoubles", "none"),
    EventKind("{actor} plays {value}"),
    EventKind("the Dummy-player looks at {actor}'s {value}"),
    EventKind("{actor} is exposed: {value}"),
    EventKind("{actor} takes the cachette: {value}"),
)
NEW_DEAL, DEALT, CACHETTE_DEALT, PASSES, DOUBLES, REDOUBLES, PLAYS, LOOKS, SHOWS, TAKES = range(
    len(EVENT_KINDS)
)
CALLS = (PASSES, DOUBLES, REDOUBLES)
"""The event of each call, by ``action - PASS_ACTION``."""
DECISIONS_PER_DEAL = NUM_SEATS + NUM_SEATS * HAND_SIZE
"""Four calls (once round the table) and 48 cards played."""
EVENTS_PER_DEAL = 1 + NUM_CARD_ACTIONS + NUM_SEATS + NUM_SEATS * HAND_SIZE + 2 * HAND_SIZE + 5
"""A deal's events: its marker, 53 cards dealt, four calls, 48 plays, a hand looked at and the
Dummy exposed (Dummy Quinto), the cachette taken."""
MAX_DEALS_PER_GAME = 8
"""A deal not cut short scores at least 13 tricks × 5 = 65 between the sides, and before each
deal both sides are below 250 (at most 245 each: every score is a multiple of 5), so at most
490 between them: the eighth deal (520 or more) ends the game, if nothing did before."""
MAX_GAMES = 3
"""Games in a rubber (the first side to two) or in Dummy's round (three)."""


# --- the quints and the score, as small pure functions ---------------------------------------


def quints(cards: CardMask) -> list[int]:
    """The quints among ``cards`` (one trick, or the cachette), their values in suit order
    then Quint Royal's: each 5; each Ace and 4, each 2 and 3, of one suit; Quint Royal.

    >>> from hoyle.envs.core.cards import parse_cards
    >>> quints(mask_of(parse_cards("♥5 ♠K ♠Q ♠J"))), quints(mask_of(parse_cards("♦A ♦4 ♣K ♣Q")))
    ([20], [15])
    >>> quints(mask_of(parse_cards("♠2 ♠3 ♠5 ♥K"))), quints(1 << QUINT_ROYAL)
    ([5, 5], [25])
    """
    out = []
    for s in range(NUM_SUITS):
        v = QUINT_VALUE[s]
        if cards >> card(s, FIVE) & 1:
            out.append(v)
        for a, b in QUINT_PAIRS:
            if cards >> card(s, a) & 1 and cards >> card(s, b) & 1:
                out.append(v)
    if cards >> QUINT_ROYAL & 1:
        out.append(QUINT_ROYAL_VALUE)
    return out


def quint_points(cards: CardMask) -> int:
    """The points of the quints among ``cards`` (:func:`quints`)."""
    return sum(quints(cards))


def trick_value(doubling: int) -> int:
    """What a trick is worth: 5, doubled 10, redoubled 20 (``doubling`` 0, 1, 2)."""
    return TRICK_VALUE << doubling


def trick_scores(tricks: Sequence[int], doubling: int = 0) -> tuple[int, ...]:
    """Each side's trick points for its ``tricks`` (the cachette counted as one).

    >>> trick_scores((11, 2)), trick_scores((11, 2), 1)
    ((55, 10), (110, 20))
    """
    return tuple(t * trick_value(doubling) for t in tricks)


def max_deal_score() -> int:
    """A bound on one side's points in one deal: every quint of the pack (four 5s, four Aces
    and 4s, four 2s and 3s: 3 × 50; Quint Royal 25) and thirteen tricks redoubled (260)."""
    return 3 * sum(QUINT_VALUE) + QUINT_ROYAL_VALUE + (TRICKS + 1) * trick_value(MAX_DOUBLING)


def quinto_tricks() -> TrickRules:
    """The trick table: A K Q ... 2 in every suit, no trump suit but the suits' ascending power
    (the trick goes to the greatest (suit power, rank)); follow suit if able, else any card;
    Quint Royal may be thrown on any trick, has no power, and is led only as a last card."""
    royal = 1 << QUINT_ROYAL
    return build_tricks("quinto", ACE_HIGH_RANKS, NO_TRUMP, suit_power=SUIT_POWER, free=royal,
                        lead_last_only=royal)  # fmt: skip


# --- the state -------------------------------------------------------------------------------


class QuintoState(PlainState):
    """One moment of a Quinto deal (or game, rubber, Dummy's round). Every slot holds an
    immutable value.

    Seats: Quinto's are players 0-3; Dummy Quinto's players 0-2 and the Dummy (seat 3).
    ``table``: which seating is in force (Dummy: the Dummy-player of this game; Quinto: 0);
    the rules' ``orders[table]`` lists the seats round the table from the Dummy-player (side 0:
    the first and third). ``to_move``, ``dealer``, ``leader``: seats. ``hands``, ``won``,
    ``voids``: per seat. ``cachette``: the cachette while untaken; ``taken``: once taken (this
    deal). ``calls``: the calls made in the doubling round; ``doubling``: 0, 1 doubled, 2
    redoubled, by ``doubler`` (the seat that doubled). ``past``: completed tricks as
    ``(leader, cards...)``; ``played``: their cards. ``score``: each side's points in the game
    (Dummy's opponents start with 25); ``deal_score``: this deal's; ``games``: games won;
    ``ledger``: each player's settled winnings so far. ``unseen``: Dummy's hand or the
    Dummy-player's own that he has not looked at yet (-1 none); ``exposed``: Dummy is face up.
    """

    __slots__ = (
        "cachette",
        "calls",
        "deal_no",
        "deal_score",
        "dealer",
        "dealt",
        "doubler",
        "doubling",
        "exposed",
        "game_no",
        "games",
        "hands",
        "leader",
        "ledger",
        "log",
        "past",
        "phase",
        "played",
        "ply",
        "result",
        "score",
        "table",
        "taken",
        "to_move",
        "trick",
        "unseen",
        "voids",
        "won",
    )  # fmt: skip

    cachette: int
    calls: int
    deal_no: int
    deal_score: tuple[int, int]
    dealer: int
    dealt: int
    doubler: int
    doubling: int
    exposed: bool
    game_no: int
    games: tuple[int, int]
    hands: tuple[int, ...]
    leader: int
    ledger: tuple[int, ...]
    log: tuple[Event, ...]
    past: tuple[tuple[int, ...], ...]
    phase: int
    played: int
    ply: int
    result: tuple[int, ...] | None
    score: tuple[int, int]
    table: int
    taken: int
    to_move: int
    trick: tuple[int, ...]
    unseen: int
    voids: tuple[int, ...]
    won: tuple[int, ...]


# --- the rules -------------------------------------------------------------------------------


class QuintoPlay:
    """The rules of play of Quinto (``dummy=False``) or Dummy Quinto for one parameter set.
    The game's rules object is :class:`hoyle.envs.games.quinto.view.QuintoRules`, which adds
    the determinizer and the player's view."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARD_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue], dummy: bool = False) -> None:
        self.dummy = dummy
        self.num_players = 3 if dummy else NUM_SEATS
        self.mode = str(params["play"])
        self.first_dealer = -1 if dummy else int(params["dealer"])
        self.first_dummy = int(params["dummy_player"]) if dummy else 0
        self.expose = bool(params["expose_dummy"]) if dummy else False
        self.tricks = quinto_tricks()
        if dummy:
            self.orders = tuple((d, (d + 1) % 3, DUMMY, (d + 2) % 3) for d in range(3))
        else:
            self.orders = ((0, 1, 2, 3),)
        """The seats round the table, from the Dummy-player (Quinto: from player 0)."""
        self.positions = tuple(
            tuple(order.index(q) for q in range(NUM_SEATS)) for order in self.orders
        )
        self.trick_orders = tuple(leader_orders(order, NUM_SEATS) for order in self.orders)
        self.pack_mask = PACK
        self.num_cards = NUM_CARD_ACTIONS
        self.deal_plan = DealPlan(
            [
                Packet(CACHETTE, CACHETTE_SIZE),
                *(Packet(h, 1) for _ in range(HAND_SIZE) for h in range(NUM_SEATS)),
            ]
        )
        """The deal: the five top cards to the cachette, then one at a time from the eldest."""
        games = MAX_GAMES if self.mode in ("rubber", "round") else 1
        self.max_deals = 1 if self.mode == "deal" else MAX_DEALS_PER_GAME * games
        self.deal_bound = max_deal_score()
        game_bound = (
            self.deal_bound + (DUMMY_HANDICAP if dummy else 0)
            if self.mode == "deal"
            else GAME_POINTS - TRICK_VALUE + self.deal_bound
        )
        self.top_score = GAME_POINTS - TRICK_VALUE + self.deal_bound
        """The most a side's game score can be (245 before a deal, and a deal's most)."""
        self.game_bound = game_bound
        """A bound on the difference of the sides' scores when a game (or the deal) ends."""
        if dummy:
            # The Dummy-player wins or loses the difference from each opponent.
            bound = 2 * game_bound + (2 * game_bound if self.mode == "round" else 0)
        else:
            bound = game_bound * games + (RUBBER_BONUS if self.mode == "rubber" else 0)
        self.score_bound = bound
        self.min_utility = -float(bound)
        self.max_utility = float(bound)
        self.utility_sum = 0.0
        self.max_game_length = DECISIONS_PER_DEAL * self.max_deals
        self.max_chance_nodes = self.num_cards * self.max_deals
        self.event_schema = EventSchema(
            EVENT_KINDS, NUM_SEATS, NUM_CARD_ACTIONS, EVENTS_PER_DEAL * self.max_deals
        )

    # --- seats and sides --------------------------------------------------------------------
    def side(self, s: QuintoState, seat: int) -> int:
        """The side of ``seat``: 0 (Quinto: players 0 and 2; Dummy: the Dummy-player's) or 1."""
        return self.positions[s.table][seat] % 2

    def left(self, s: QuintoState, seat: int) -> int:
        """The seat on the left of ``seat`` (the next to deal, call or play)."""
        order = self.orders[s.table]
        return order[(self.positions[s.table][seat] + 1) % NUM_SEATS]

    def partner(self, s: QuintoState, seat: int) -> int:
        """The seat opposite ``seat``."""
        order = self.orders[s.table]
        return order[(self.positions[s.table][seat] + 2) % NUM_SEATS]

    def owner(self, s: QuintoState, seat: int) -> int:
        """The player who plays ``seat``'s cards (the Dummy-player plays the Dummy's)."""
        return s.table if seat == DUMMY and self.dummy else seat

    def knows(self, s: QuintoState, player: int, seat: int) -> bool:
        """Whether ``player`` has seen the hand at ``seat``: his own (and the Dummy-player the
        Dummy's) once looked at; the Dummy, for everyone, once exposed."""
        if self.owner(s, seat) == player:
            return seat != s.unseen
        return seat == DUMMY and s.exposed

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> QuintoState:
        s = object.__new__(QuintoState)
        s.ply = 0
        s.deal_no = 0
        s.game_no = 0
        s.games = (0, 0)
        s.ledger = (0,) * self.num_players
        s.log = ()
        s.result = None
        s.legal_cache = None
        self._start_game(s, self.first_dealer)
        return s

    def _start_game(self, s: QuintoState, dealer: int) -> None:
        """A game from love (Dummy: the opponents 25 up, the Dummy-player deals first)."""
        if self.dummy:
            s.table = (self.first_dummy + s.game_no) % 3
            dealer = s.table
        else:
            s.table = 0
        s.score = (0, DUMMY_HANDICAP) if self.dummy else (0, 0)
        s.dealer = dealer
        self._start_deal(s)

    def _start_deal(self, s: QuintoState) -> None:
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealt = 0
        s.hands = (0,) * NUM_SEATS
        s.cachette = 0
        s.taken = 0
        s.calls = 0
        s.doubling = 0
        s.doubler = -1
        s.leader = -1
        s.trick = ()
        s.won = (0,) * NUM_SEATS
        s.past = ()
        s.played = 0
        s.voids = (0,) * NUM_SEATS
        s.deal_score = (0, 0)
        s.exposed = False
        s.unseen = -1
        if self.dummy and self.side(s, s.dealer) == 1:
            # An opponent deals: the Dummy-player sees first only the hand he leads from.
            s.unseen = self.partner(s, self.left(s, s.dealer))
        s.log = log_event(s.log, NEW_DEAL, s.dealer)

    def current_player(self, s: QuintoState) -> int:
        t = s.to_move
        return self.owner(s, t) if t >= 0 else t

    def legal_actions(self, s: QuintoState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            tr = self.tricks
            return cards_of(legal_plays(s.hands[s.to_move], led_suit(s.trick, tr), tr))
        if ph == DOUBLING:
            return self.calls_open(s)
        return []

    def calls_open(self, s: QuintoState) -> list[int]:
        """Pass; double, if not yet doubled; redouble an opponent's double, once."""
        if s.doubling == 0:
            return [PASS_ACTION, DOUBLE_ACTION]
        if s.doubling == 1 and self.side(s, s.doubler) != self.side(s, s.to_move):
            return [PASS_ACTION, REDOUBLE_ACTION]
        return [PASS_ACTION]

    def illegal_reason(self, s: QuintoState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path)."""
        if s.phase == PLAY and 0 <= action < NUM_CARD_ACTIONS:
            tr = self.tricks
            if not s.trick and action == QUINT_ROYAL and s.hands[s.to_move] >> action & 1:
                return "Quint Royal may be led only as your last card"
            return play_refusal(s.hands[s.to_move], led_suit(s.trick, tr), tr, action)
        if s.phase == DOUBLING and action == DOUBLE_ACTION:
            return "the tricks are already doubled"
        if s.phase == DOUBLING and action == REDOUBLE_ACTION:
            if s.doubling == 0:
                return "there is no double to redouble"
            if s.doubling == 2:
                return "the tricks are already redoubled"
            return "you may redouble only an opponent's double"
        return None

    def chance_outcomes(self, s: QuintoState) -> list[tuple[int, float]]:
        if s.phase != DEAL:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: QuintoState) -> list[float]:
        if s.result is None:
            return [0.0] * self.num_players
        return [float(r) for r in s.result]

    def apply_action(self, s: QuintoState, action: int) -> None:
        ph = s.phase
        at = s.ply
        s.ply = at + 1
        if ph == DEAL:
            self._deal(s, action, at)
        elif ph == DOUBLING:
            self._call(s, action)
        elif ph == PLAY:
            s.log = log_event(s.log, PLAYS, s.to_move, action, EVERYONE, at)
            self._play(s, action)
        else:
            raise ValueError("the game is over")

    def dealt_to(self, s: QuintoState, k: int) -> int:
        """The holder of the ``k``-th card of the deal: a seat, or ``CACHETTE``."""
        h = self.deal_plan.holder(k)
        if h == CACHETTE:
            return CACHETTE
        order = self.orders[s.table]
        return order[(self.positions[s.table][s.dealer] + 1 + h) % NUM_SEATS]

    def _deal(self, s: QuintoState, c: int, at: int) -> None:
        k = s.dealt.bit_count()
        seat = self.dealt_to(s, k)
        bit = 1 << c
        s.dealt |= bit
        if seat == CACHETTE:
            s.log = log_event(s.log, CACHETTE_DEALT, NO_ACTOR, c, NOBODY, at)
            s.cachette |= bit
        else:
            seen = NOBODY if seat == s.unseen else seats(self.owner(s, seat))
            s.log = log_event(s.log, DEALT, seat, c, seen, at)
            s.hands = replace_at(s.hands, seat, s.hands[seat] | bit)
        if k + 1 == self.num_cards:
            s.phase = DOUBLING
            s.to_move = self.left(s, s.dealer)  # the eldest hand

    def _call(self, s: QuintoState, action: int) -> None:
        p = s.to_move
        s.log = log_event(s.log, CALLS[action - PASS_ACTION], p)
        if action == DOUBLE_ACTION:
            s.doubling, s.doubler = 1, p
        elif action == REDOUBLE_ACTION:
            s.doubling = 2
        s.calls += 1
        if s.calls == NUM_SEATS:
            self._start_play(s)
        else:
            s.to_move = self.left(s, p)

    def dealt_at(self, s: QuintoState, kind: int, actor: int) -> dict[int, int]:
        """The history position at which each card of this deal's ``kind`` events with this
        ``actor`` was dealt (a hand, or the cachette)."""
        return {v: at for k, a, v, _, at in s.log if k == kind and a == actor and at >= 0}

    def _start_play(self, s: QuintoState) -> None:
        """The doubling round is over: the Dummy-player looks at the hand he had not seen, the
        Dummy is exposed (ASSUMPTION 8), and the eldest hand leads."""
        if s.unseen >= 0:
            q = s.unseen
            at = self.dealt_at(s, DEALT, q)
            for c in iter_cards(s.hands[q]):
                s.log = log_event(s.log, LOOKS, q, c, seats(s.table), at[c])
            s.unseen = -1
        if self.dummy and self.expose:
            at = self.dealt_at(s, DEALT, DUMMY)
            for c in iter_cards(s.hands[DUMMY]):
                s.log = log_event(s.log, SHOWS, DUMMY, c, EVERYONE, at[c])
            s.exposed = True
        s.phase = PLAY
        s.leader = s.to_move = self.left(s, s.dealer)

    def _play(self, s: QuintoState, c: int) -> None:
        s.hands, trick, s.voids, s.to_move, winner = play_to_trick(
            self.tricks, s.hands, s.trick, s.voids, self.trick_orders[s.table][s.leader], c
        )
        if winner < 0:
            s.trick = trick
            return
        s.past = (*s.past, (s.leader, *trick))
        cards = mask_of(trick)
        s.played |= cards
        s.trick = ()
        s.won = replace_at(s.won, winner, s.won[winner] + 1)
        s.leader = winner
        side = self.side(s, winner)
        if self._mark(s, side, quint_points(cards)):
            self._end_game(s, side)
        elif len(s.past) == TRICKS:
            self._end_hand(s, side)

    def _mark(self, s: QuintoState, side: int, points: int) -> bool:
        """Quints marked as they fall, to ``side``; whether they bring it to 250 (the game
        ends at once; in a one-deal episode no deal's quints can: see ``max_deal_score``)."""
        if not points:
            return False
        s.score = replace_at(s.score, side, s.score[side] + points)
        s.deal_score = replace_at(s.deal_score, side, s.deal_score[side] + points)
        return s.score[side] >= GAME_POINTS

    def _end_hand(self, s: QuintoState, side: int) -> None:
        """The twelfth trick is taken by ``side``: the cachette is shown and its quints marked
        to them (they may make game: then no trick counts, ASSUMPTION 4); then every side's
        tricks, the cachette one more for ``side``. Past 250, the higher total wins (equal
        totals: the cachette's winners, ASSUMPTION 5)."""
        at = self.dealt_at(s, CACHETTE_DEALT, NO_ACTOR)
        for c in iter_cards(s.cachette):
            s.log = log_event(s.log, TAKES, s.leader, c, EVERYONE, at[c])
        s.taken, s.cachette = s.cachette, 0
        if self._mark(s, side, quint_points(s.taken)):
            self._end_game(s, side)
            return
        tricks = [0, 0]
        for q in range(NUM_SEATS):
            tricks[self.side(s, q)] += s.won[q]
        tricks[side] += 1
        points = trick_scores(tricks, s.doubling)
        s.score = (s.score[0] + points[0], s.score[1] + points[1])
        s.deal_score = (s.deal_score[0] + points[0], s.deal_score[1] + points[1])
        if max(s.score) >= GAME_POINTS:
            a, b = s.score
            self._end_game(s, 0 if a > b else 1 if b > a else side)
        elif self.mode == "deal":
            self._end_game(s, -1)
        else:
            s.deal_no += 1
            s.dealer = self.left(s, s.dealer)
            s.log = settle_log(s.log)
            self._start_deal(s)

    def settle(self, s: QuintoState) -> tuple[int, ...]:
        """Each player's winnings from the game now ending: its side's score less the other's
        (Dummy: the Dummy-player wins or loses the difference from each opponent)."""
        d = s.score[0] - s.score[1]
        if self.dummy:
            return tuple(2 * d if p == s.table else -d for p in range(3))
        return tuple(d if self.side(s, q) == 0 else -d for q in range(NUM_SEATS))

    def _end_game(self, s: QuintoState, winner: int) -> None:
        """A game (or the one deal) is over, won by side ``winner`` (-1: a one-deal episode
        in which no side reached 250): it is settled, and the rubber or the round goes on."""
        s.ledger = tuple(a + b for a, b in zip(s.ledger, self.settle(s), strict=True))
        if winner >= 0:
            s.games = replace_at(s.games, winner, s.games[winner] + 1)
        if self.mode == "rubber" and s.games[winner] < 2:
            self._next_game(s)
            return
        if self.mode == "rubber":
            s.ledger = tuple(
                a + (RUBBER_BONUS if self.side(s, q) == winner else -RUBBER_BONUS)
                for q, a in enumerate(s.ledger)
            )
        elif self.mode == "round" and s.game_no + 1 < MAX_GAMES:
            self._next_game(s)
            return
        s.phase = OVER
        s.to_move = TERMINAL
        s.result = s.ledger

    def _next_game(self, s: QuintoState) -> None:
        s.game_no += 1
        s.deal_no += 1
        s.log = settle_log(s.log)
        self._start_game(s, self.left(s, s.dealer))

    def void_cards(self, voids: int) -> int:
        """The cards a seat that did not follow the suits ``voids`` cannot hold (Quint Royal
        is never among them: throwing it shows nothing)."""
        return void_cards(voids, self.tricks) if voids else 0

    # --- text -------------------------------------------------------------------------------
    def seat_name(self, q: int) -> str:
        """A seat in the log's and the table's words."""
        return "Dummy" if self.dummy and q == DUMMY else f"player {q}"

    def action_to_string(self, s: QuintoState, player: int, action: int) -> str:
        if player == CHANCE or s.phase == DEAL:
            to = self.dealt_to(s, s.dealt.bit_count())
            where = "the cachette" if to == CACHETTE else self.seat_name(to)
            return f"deal {format_card(action)} to {where}"
        return action_words(action, bool(s.trick))

    def state_string(self, s: QuintoState) -> str:
        title = "Dummy Quinto" if self.dummy else "Quinto"
        lines = [
            f"{title}; game {s.game_no + 1}, deal {s.deal_no + 1}, dealer "
            f"{self.seat_name(s.dealer)}; phase {PHASE_NAMES[s.phase]}; to move {s.to_move}"
        ]
        for q in self.orders[s.table]:
            lines.append(
                f"{self.seat_name(q)} (side {self.side(s, q)}): {cards_text(s.hands[q])} "
                f"(tricks {s.won[q]})"
            )
        lines.append(f"cachette: {cards_text(s.cachette)}; taken: {cards_text(s.taken)}")
        lines.append(doubling_line(s.doubling, s.calls))
        lines.append(f"trick: {cards_text(s.trick)}; leader {s.leader}")
        lines.append(score_line(s.score, s.deal_score, s.games))
        if s.result is not None:
            lines.append(f"result: {list(s.result)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def card_zones(self, s: QuintoState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones["trick"] = mask_of(s.trick)
        zones["tricks"] = s.played
        zones["cachette"] = s.cachette | s.taken
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones


# --- small functions -------------------------------------------------------------------------


def action_words(action: int, following: bool = False) -> str:
    """A player's action in words: "lead ♠A", "play Joker", "pass", "double", "redouble"."""
    if action < NUM_CARD_ACTIONS:
        return f"{'play' if following else 'lead'} {format_card(action)}"
    return ("pass", "double", "redouble")[action - PASS_ACTION]


def doubling_line(doubling: int, calls: int) -> str:
    """The value of the tricks and the calls made so far."""
    words = ("undoubled", "doubled", "redoubled")[doubling]
    return f"Tricks {words} ({trick_value(doubling)} each); calls made: {calls}"


def score_line(score: Sequence[int], deal: Sequence[int], games: Sequence[int]) -> str:
    """The score of both sides (side 0: players 0 and 2, or the Dummy-player's)."""
    return (
        f"Game score {score[0]}-{score[1]}; this deal {deal[0]}-{deal[1]}; "
        f"games {games[0]}-{games[1]}"
    )
