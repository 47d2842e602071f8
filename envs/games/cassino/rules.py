"""Cassino's rules of play: the deal, the legal decisions of a play, carrying plays out, the
count, and the words of actions and states (the game and its assumptions: the package
docstring, :mod:`hoyle.envs.games.cassino`).

What a player sees is in :mod:`hoyle.envs.games.cassino.view`, the re-deal of what he has not
seen in :mod:`hoyle.envs.games.cassino.determinizer`. The rules write one event log (``s.log``,
:mod:`hoyle.envs.core.events`) as they go; its kinds are declared here, with the deal plans
(:mod:`hoyle.envs.core.deal`), because the rules are what append to them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from hoyle.envs.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    RANK_MASKS,
    RANK_NAMES,
    SPADES,
    SUIT_MASKS,
    TEN,
    TWO,
    card,
    format_card,
    rank_of,
)
from hoyle.envs.core.deal import TABLE, DealPlan, Packet, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import (
    EVERYONE,
    NO_ACTOR,
    NOWHERE,
    Event,
    EventKind,
    EventSchema,
    log_event,
    seats,
    settle_log,
)
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at

# --- constants and the action layout ----------------------------------------------------------

NUM_CARDS = 52
MAX_VALUE = 14
"""The highest value a card or build can have (an Ace as Fourteen in Royal Cassino)."""
NUM_VALUES = MAX_VALUE + 1

PLAY_CARD_ACTION_BASE = 0
SELECT_ACTION_BASE = PLAY_CARD_ACTION_BASE + NUM_CARDS
INCREASE_ACTION_BASE = SELECT_ACTION_BASE + NUM_CARDS
TAKE_ACTION_BASE = INCREASE_ACTION_BASE + NUM_CARDS
BUILD_ACTION_BASE = TAKE_ACTION_BASE + NUM_VALUES
BUILD_ACE_HIGH_ACTION = BUILD_ACTION_BASE + NUM_VALUES
TRAIL_ACTION = BUILD_ACE_HIGH_ACTION + 1
PAIR_ACTION = TRAIL_ACTION + 1
DONE_ACTION = PAIR_ACTION + 1
CLAIM_OUT_ACTION = DONE_ACTION + 1
NUM_DISTINCT_ACTIONS = CLAIM_OUT_ACTION + 1

# Phases (stored, never inferred).
DEAL, DRAW, PLAY, KIND, SELECT, OVER = range(6)
NUM_PHASES = 6
PHASE_NAMES = ("deal", "draw", "play a card", "choose the play", "choose the cards", "over")

# What a (partial) play is.
KIND_NONE, KIND_TAKE, KIND_BUILD, KIND_INCREASE, KIND_TRAIL = range(5)
# Units of a take-in or build.
UNIT_GROUP, UNIT_CARD, UNIT_BUILD, UNIT_PAIR = range(4)

# The event log (``s.log``): one event per card dealt or drawn, then each complete play as
# its card (the kind of play), the table objects it takes or builds on in the order they were
# chosen, the value called and the sweep; the last cards, the count, the claim. Only a card
# dealt or drawn to a player is seen by him alone; everything else is face up.
(
    E_NEW_DEAL, E_DEAL, E_DEAL_TABLE, E_DRAW, E_TRAIL, E_TAKE, E_TAKE_HIGH, E_BUILD,
    E_BUILD_HIGH, E_INCREASE, E_ON, E_UNIT, E_AND, E_PAIR, E_WITH_BUILD, E_CALL, E_SWEEP,
    E_LAST, E_COUNT, E_CLAIM_RIGHT, E_CLAIM_WRONG,
) = range(21)  # fmt: skip
EVENT_KINDS = (
    EventKind("{actor} deals", "none"),
    EventKind("deal {value} to {actor}"),
    EventKind("deal {value} to the table"),
    EventKind("{actor} draws {value}"),
    EventKind("{actor}: trail {value}"),
    EventKind("{actor}: take in with {value}"),
    EventKind("{actor}: take in with {value} as Fourteen"),
    EventKind("{actor}: build with {value}"),
    EventKind("{actor}: build with {value} as Fourteen"),
    EventKind("{actor}: increase with {value}"),
    EventKind("on {value}"),  # a loose card the played card is put on (a build)
    EventKind("+ {value}"),  # a loose card that starts a unit: a group, or a card by itself
    EventKind("and {value}"),  # a further card of the group
    EventKind("+ pair {value}"),  # a loose card of the played card's rank, paired
    EventKind("+ the build holding {value}"),  # a build (its lowest card): taken, joined, raised
    EventKind("call {value}", "number"),  # the value of the build made
    EventKind("{actor} sweeps", "none"),
    EventKind("last cards to {actor}", "none"),
    EventKind("count for {actor}'s side: {value}", "number"),
    EventKind("{actor}: claims out, right", "none"),
    EventKind("{actor}: claims out, wrong", "none"),
)
"""The kinds of ``s.log``'s events, in the words of the information-state string."""
_UNIT_EVENT = {UNIT_GROUP: E_UNIT, UNIT_CARD: E_UNIT, UNIT_PAIR: E_PAIR}
_TAKE_EVENT = (E_TAKE, E_TAKE_HIGH)
_BUILD_EVENT = (E_BUILD, E_BUILD_HIGH)

BIG_CASSINO = card(DIAMONDS, TEN)
LITTLE_CASSINO = card(SPADES, TWO)
SPADE_JACK = card(SPADES, JACK)
ACES_IN_ORDER = (card(SPADES, ACE), card(CLUBS, ACE), card(HEARTS, ACE), card(DIAMONDS, ACE))
"""The order in which the Aces count out ("the spade Ace goes out first, then clubs, hearts,
and diamonds")."""

VALUE_NAMES = (
    "Nothing", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Eleven", "Twelve", "Thirteen", "Fourteen",
)  # fmt: skip
VALUE_PLURALS = (
    "Nothings", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
    "Nines", "Tens", "Elevens", "Twelves", "Thirteens", "Fourteens",
)  # fmt: skip
NUMBER_WORDS = (
    "", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Eleven", "Twelve", "Thirteen",
)  # fmt: skip
SCORING_TARGETS = {"deal": 0, "eleven": 11, "twenty_one": 21, "sixty_one": 61}
COUNT_OUT_STEP = 11
LURCH_LINE = 6


# --- plain data --------------------------------------------------------------------------------


class Build(NamedTuple):
    """A build on the table: its cards, value, number of units (1 = single) and owner."""

    mask: int
    value: int
    units: int
    owner: int


class Move(NamedTuple):
    """A play, partial while the player chooses, complete when ``kind`` is final.

    ``base`` are the loose cards the played card is put on (a build), ``need`` the sum they
    still lack; ``units`` the closed units, each a tuple ``(UNIT_*, cards...)`` or
    ``(UNIT_BUILD, key)``; ``open`` the group being chosen and ``open_need`` what it lacks;
    ``last_key`` the lowest card of the last unit started (units come in rising order);
    ``sel`` every loose card chosen, ``sel_builds`` the keys of the builds chosen (a mask);
    ``req_ok`` whether the builder's requirement is met (own card or partner's declared value,
    or a partner's build joined: ``joined``); ``steps`` every action of the play so far.
    """

    card: int
    kind: int = KIND_NONE
    value: int = 0
    high: bool = False
    base: tuple[int, ...] = ()
    need: int = 0
    units: tuple[tuple[int, ...], ...] = ()
    open: tuple[int, ...] = ()
    open_need: int = 0
    last_key: int = -1
    sel: int = 0
    sel_builds: int = 0
    pair_done: bool = False
    req_ok: bool = True
    joined: bool = False
    steps: tuple[int, ...] = ()


def build_key(mask: int) -> int:
    """A build's key: its lowest card id (what ``SELECT``/``INCREASE`` actions name)."""
    return (mask & -mask).bit_length() - 1


class CassinoState(PlainState):
    """The whole table; every slot an immutable value (ints, card masks, tuples, None).

    ``log`` is the core's event log of the whole match (:data:`EVENT_KINDS`): who saw each
    value, and for each card dealt or drawn the history index of its chance outcome. ``ply``
    counts the actions applied (the length of OpenSpiel's history), which is that index.
    """

    __slots__ = (
        "builds",
        "deal_number",
        "deal_step",
        "dealer",
        "dealt",
        "declared",
        "hands",
        "last_take",
        "last_taker",
        "log",
        "loose",
        "move",
        "outcome",
        "phase",
        "piles",
        "player",
        "ply",
        "results",
        "round",
        "scores",
        "sweeps",
        "target",
        "trailed",
    )  # fmt: skip

    phase: int
    player: int
    dealer: int
    deal_number: int
    round: int
    deal_step: int
    dealt: int
    hands: tuple[int, ...]
    loose: int
    builds: tuple[Build, ...]
    piles: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_taker: int
    last_take: tuple[int, int]
    declared: tuple[int, ...]
    trailed: tuple[int, ...]
    move: Move | None
    scores: tuple[int, ...]
    target: int
    results: tuple[tuple[int, ...], ...]
    log: tuple[Event, ...]
    ply: int
    outcome: tuple[float, ...] | None


# --- small functions ---------------------------------------------------------------------------


_CHUNK = 13
_CHUNK_CARDS = tuple(
    tuple(tuple(s * _CHUNK + i for i in range(_CHUNK) if m >> i & 1) for m in range(1 << _CHUNK))
    for s in range(4)
)
_CHUNK_MASK = (1 << _CHUNK) - 1


def _bits(mask: int) -> tuple[int, ...]:
    """The cards of a mask of the 52 cards, in id order (a table lookup per suit: this is on
    the hot path of every chance node and every play).

    >>> _bits(0b101 | 1 << 51)
    (0, 2, 51)
    """
    t = _CHUNK_CARDS
    m = _CHUNK_MASK
    return t[0][mask & m] + t[1][mask >> 13 & m] + t[2][mask >> 26 & m] + t[3][mask >> 39 & m]


def _sums(mask: int, val: Sequence[int], cap: int) -> tuple[int, int]:
    """Bitsets of the sums (≤ the cap) made by one or more, and by two or more, of ``mask``."""
    r1 = r2 = 0
    while mask:
        low = mask & -mask
        v = val[low.bit_length() - 1]
        r2 = (r2 | ((r1 | r2) << v)) & cap
        r1 = (r1 | (r1 << v) | (1 << v)) & cap
        mask ^= low
    return r1, r2


CARD_TEXT = tuple(format_card(c) for c in range(NUM_CARDS))
_card = CARD_TEXT.__getitem__


def _cards(mask: int) -> str:
    return " ".join([CARD_TEXT[c] for c in _bits(mask)]) or "-"


def _unique_max(xs: Sequence[int]) -> int:
    """The index of the strictly largest value, or -1 on a tie at the top."""
    best = max(xs)
    who = [i for i, x in enumerate(xs) if x == best]
    return who[0] if len(who) == 1 else -1


def build_name(b: Build | tuple[int, int, int]) -> str:
    """ "Nine", or "Two Sevens" for a multiple build (``b``: a build or (_, value, units))."""
    value, units = b[1], b[2]
    if units <= 1:
        return VALUE_NAMES[value]
    words = NUMBER_WORDS[units] if units < len(NUMBER_WORDS) else str(units)
    return f"{words} {VALUE_PLURALS[value]}"


def describe_build(b: Build) -> str:
    return f"{build_name(b)} ({_cards(b.mask)})"


# --- the rules ---------------------------------------------------------------------------------


class PlayRules:
    """The rules of Cassino for one parameter set (pure: no pyspiel, no randomness, no I/O)."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.partnership = bool(params["partnership"])
        self.variant = str(params["variant"])
        self.aces_fourteen = bool(params["aces_fourteen"])
        self.scoring = str(params["scoring"])
        self.count_out = bool(params["count_out"])
        self.cancel_sweeps = bool(params["cancel_sweeps"])
        self.max_deals = int(params["max_deals"])
        self.ranks = int(params["ranks"])
        self.suits = int(params["suits"])
        self.hand_size = int(params["hand_size"])
        self.table_size = int(params["table_size"])
        first = int(params["first_dealer"])
        self._check(first)
        self.first_dealer = first % n
        self.royal = self.variant == "royal"
        self.spade = self.variant == "spade"
        self.draw = self.variant == "draw"
        self.match = self.scoring != "deal"

        # Sides and seats.
        self.num_sides = 2 if self.partnership else n
        self.side_of = tuple(q % 2 if self.partnership else q for q in range(n))
        self.partner_of = tuple((q + 2) % 4 if self.partnership else -1 for q in range(n))
        self.players_of_side = tuple(
            tuple(q for q in range(n) if self.side_of[q] == side) for side in range(self.num_sides)
        )

        # The pack and the cards' values.
        self.pack_cards = tuple(card(su, r) for su in range(self.suits) for r in range(self.ranks))
        self.pack = 0
        for c in self.pack_cards:
            self.pack |= 1 << c
        self.pack_size = len(self.pack_cards)
        val = [0] * NUM_CARDS
        for c in range(NUM_CARDS):
            r = rank_of(c)
            val[c] = r + 1 if (r <= TEN or self.royal) else 0
        self.val = tuple(val)
        self.max_value = (MAX_VALUE if self.aces_fourteen else 13) if self.royal else 10
        self.cap = (1 << (self.max_value + 1)) - 1
        self.combinable = 0
        bits = [0] * NUM_CARDS
        for c in range(NUM_CARDS):
            if val[c]:
                self.combinable |= 1 << c
                bits[c] = 1 << val[c]
                if self.aces_fourteen and rank_of(c) == ACE:
                    bits[c] |= 1 << MAX_VALUE
        self.value_bits = tuple(bits)
        self.value_masks = tuple(
            sum(1 << c for c in range(NUM_CARDS) if bits[c] >> v & 1) for v in range(NUM_VALUES)
        )
        self.rank_mask_of = tuple(RANK_MASKS[rank_of(c)] for c in range(NUM_CARDS))
        self.aces = RANK_MASKS[ACE] if self.aces_fourteen else 0

        # The deal.
        self.plays_per_deal = self.pack_size - self.table_size
        self.first_plan = self._plan(first=True)
        self.round_plan = self._plan(first=False)

        # Sizes, and the scales that keep every tensor entry in [0, 1].
        self.max_sweeps = (self.plays_per_deal + 1) // 2  # a sweep leaves the next card a trail
        self.deal_scale = self.total_points() + self.max_sweeps  # most points of one deal
        top = SCORING_TARGETS[self.scoring]
        if self.count_out:
            top += COUNT_OUT_STEP * self.max_deals
        # A side's score stays below the (largest) target until the last deal adds one deal.
        self.score_scale = max(1, top + self.deal_scale)
        self.max_builds = max(1, self.pack_size // 2)
        self.result_rows = self.max_deals if self.match else 1
        self.num_distinct_actions = NUM_DISTINCT_ACTIONS
        self.max_chance_outcomes = NUM_CARDS
        deals = self.max_deals if self.match else 1
        # The log of a deal: its start, each card dealt, each play's card, the loose cards it
        # moves (each loose card leaves the table once: pack), the builds it takes, joins or
        # raises and the values called (each build is made by one play: 2 P), the sweeps, the
        # last cards, the count; a claim ends the match.
        deal_events = 2 * self.pack_size + 3 * self.plays_per_deal + self.max_sweeps
        deal_events += 2 + self.num_sides
        self.max_events = deals * deal_events + (1 if self.count_out else 0)
        self.event_schema = EventSchema(
            EVENT_KINDS,
            n,
            max(NUM_CARDS, NUM_VALUES, self.deal_scale + 1),
            self.max_events,
        )
        per_deal = 5 * self.plays_per_deal + self.pack_size
        self.max_game_length = deals * per_deal + (1 if self.count_out else 0)
        self.max_chance_nodes = deals * self.pack_size
        self._set_utilities()

    def _check(self, first: int) -> None:
        n = self.num_players
        if self.partnership and n != 4:
            raise GameParameterError("partnership=true needs players=4")
        if self.aces_fourteen and self.variant != "royal":
            raise GameParameterError("aces_fourteen is an option of Royal Cassino (variant=royal)")
        if self.count_out and self.scoring != "twenty_one":
            raise GameParameterError("count_out is a way of playing scoring=twenty_one")
        if self.variant == "spade" and self.scoring not in ("deal", "sixty_one"):
            raise GameParameterError("Spade Cassino is scored scoring=deal or scoring=sixty_one")
        if self.scoring == "sixty_one" and self.variant != "spade":
            raise GameParameterError("scoring=sixty_one is the game of Spade Cassino")
        if self.scoring == "sixty_one" and self.cancel_sweeps:
            raise GameParameterError("sweeps are pegged as made in scoring=sixty_one: no cancel")
        if not -1 <= first < n:
            raise GameParameterError(
                f"parameter first_dealer={first} must be -1 or a seat 0-{n - 1} (players={n})"
            )
        if self.max_deals < 1:
            raise GameParameterError(f"parameter max_deals={self.max_deals} must be at least 1")
        size = self.ranks * self.suits
        dealt = self.table_size + n * self.hand_size
        pack = f"ranks={self.ranks} and suits={self.suits} make a pack of {size} cards"
        if size < dealt:
            raise GameParameterError(
                f"{pack}, too few for the first deal of table_size={self.table_size} and "
                f"hand_size={self.hand_size} to each of players={n}"
            )
        if self.variant != "draw" and (size - self.table_size) % (n * self.hand_size):
            raise GameParameterError(
                f"{pack}, which less table_size={self.table_size} do not deal out in rounds of "
                f"hand_size={self.hand_size} to players={n} (variant=draw needs no such fit)"
            )

    def _plan(self, first: bool) -> DealPlan:
        """One round's deal, two at a time: the seats from the eldest hand (holder ``k`` is
        the ``k``-th seat to the dealer's left, the dealer last), then the table face up
        (``first`` only). Two-handed: the adversary, the table, the dealer; else each player
        from the eldest hand, then the table (assumption 1)."""
        n = self.num_players
        order = [0, TABLE, 1] if n == 2 else [*range(n), TABLE]
        need = {h: self.hand_size for h in range(n)}
        need[TABLE] = self.table_size if first else 0
        packets: list[Packet] = []
        while any(need.values()):
            for h in order:
                k = min(2, need[h])
                if k:
                    packets.append(Packet(h, k, face_up=h == TABLE))
                need[h] -= k
        return DealPlan(packets)

    def _set_utilities(self) -> None:
        sides = self.num_sides
        if self.match:
            stake = 2 if self.scoring == "eleven" else 1
            self.max_utility = float(stake * (sides - 1))
            self.min_utility = -float(max(stake, sides - 1 if self.count_out else 1))
        else:
            self.max_utility = float((sides - 1) * self.deal_scale)
            self.min_utility = -self.max_utility
        self.utility_sum: float | None = 0.0

    def total_points(self) -> int:
        """The points one deal is played for, sweeps apart (11 with the full pack; 24 in Spade
        Cassino)."""
        pack = self.pack
        pts = 3
        if self.spade:
            pts += (pack & SUIT_MASKS[SPADES]).bit_count() + (pack >> SPADE_JACK & 1)
        elif pack & SUIT_MASKS[SPADES]:
            pts += 1
        pts += 2 * (pack >> BIG_CASSINO & 1) + (pack >> LITTLE_CASSINO & 1)
        pts += sum(pack >> a & 1 for a in ACES_IN_ORDER)
        return pts

    # --- seats -----------------------------------------------------------------------------

    def eldest(self, s: CassinoState) -> int:
        return (s.dealer + 1) % self.num_players

    def deal_recipient(self, s: CassinoState) -> int:
        """Who receives the next card at a chance node: a player or ``TABLE``."""
        if s.phase == DRAW:
            return s.player
        plan = self.first_plan if s.round == 0 else self.round_plan
        h = plan.holder(s.deal_step)
        return TABLE if h == TABLE else (s.dealer + 1 + h) % self.num_players

    # --- the state -------------------------------------------------------------------------

    def new_state(self) -> CassinoState:
        s = CassinoState()
        n, sides = self.num_players, self.num_sides
        s.phase = DEAL
        s.player = -1
        s.dealer = self.first_dealer
        s.deal_number = 0
        s.scores = (0,) * sides
        s.target = SCORING_TARGETS[self.scoring]
        s.results = ()
        s.log = ()
        s.ply = 0
        s.outcome = None
        s.hands = (0,) * n
        self._reset_deal(s)
        return s

    def _reset_deal(self, s: CassinoState) -> None:
        n, sides = self.num_players, self.num_sides
        s.round = 0
        s.deal_step = 0
        s.dealt = 0
        s.loose = 0
        s.builds = ()
        s.piles = (0,) * sides
        s.sweeps = (0,) * sides
        s.last_taker = -1
        s.last_take = (-1, 0)
        s.declared = (0,) * n
        s.trailed = (0,) * n
        s.move = None
        s.log = log_event(settle_log(s.log), E_NEW_DEAL, s.dealer)

    def current_player(self, s: CassinoState) -> int:
        ph = s.phase
        if ph <= DRAW:
            return CHANCE
        if ph == OVER:
            return TERMINAL
        return s.player

    def chance_outcomes(self, s: CassinoState) -> list[tuple[int, float]]:
        if s.phase > DRAW:
            return []
        return deal_outcomes(self.pack, s.dealt)

    def returns(self, s: CassinoState) -> list[float]:
        if s.outcome is None:
            return [0.0] * self.num_players
        return list(s.outcome)

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self, s: CassinoState) -> list[int]:
        ph = s.phase
        if ph == PLAY:
            p = s.player
            acts = self.card_actions(s.hands[p], s.loose, s.builds, p, self._pdecl(s, p))
            if self.count_out:
                acts.append(CLAIM_OUT_ACTION)
            return acts
        if ph == KIND:
            p = s.player
            m = s.move
            assert m is not None
            return self.kind_actions(m.card, s.hands[p], s.loose, s.builds, p, self._pdecl(s, p))
        if ph == SELECT:
            assert s.move is not None
            return self.select_actions(s.move, s.loose, s.builds, s.player)
        return []

    def illegal_reason(self, s: CassinoState, action: int) -> str | None:
        """Why a card or a kind of play is refused, in the book's terms (``ExplainsIllegal``,
        asked only on the error path): a card not held, the builder's duty (assumption 2), a
        take-in that takes nothing, a build without the card to take it, a multiple build
        increased. ``None`` for the choice of the cards (``SELECT``) and elsewhere."""
        p = s.player
        if s.phase == PLAY and 0 <= action - PLAY_CARD_ACTION_BASE < NUM_CARDS:
            c = action - PLAY_CARD_ACTION_BASE
            if not s.hands[p] >> c & 1:
                return f"you do not hold {format_card(c)}"
            duty = self._builder_duty(s, p)
            return f"{duty}; {format_card(c)} can do none of these" if duty else None
        m = s.move
        if s.phase != KIND or m is None:
            return None
        c, name = m.card, format_card(m.card)
        vc = self.val[c]
        if action == TRAIL_ACTION:
            return self._builder_duty(s, p)
        if vc == 0 and TAKE_ACTION_BASE < action <= BUILD_ACE_HIGH_ACTION:
            return f"{name} has no pip value: a court card can only take in its pairs"
        if action == TAKE_ACTION_BASE:
            if vc:
                return None  # the take-in by pairs alone is a court card's; this card has a value
            return f"no {RANK_NAMES[rank_of(c)]} lies loose on the table for {name} to pair"
        if TAKE_ACTION_BASE < action < BUILD_ACTION_BASE:
            v = action - TAKE_ACTION_BASE
            high = v == MAX_VALUE and self.aces_fourteen and vc == 1
            if v != vc and not high:
                return None  # a take-in at another value than the card's: no such play
            pairs = "" if high else "no loose card of its rank, "
            return (
                f"{name}{' as Fourteen' if high else ''} takes in nothing: {pairs}no loose "
                f"cards adding up to {VALUE_NAMES[v]} and no build of {VALUE_NAMES[v]}"
            )
        if BUILD_ACTION_BASE <= action <= BUILD_ACE_HIGH_ACTION:
            high = action == BUILD_ACE_HIGH_ACTION
            v = MAX_VALUE if high else action - BUILD_ACTION_BASE
            if high and not (self.aces_fourteen and vc == 1):
                return f"only an Ace can build as Fourteen, and {name} is none"
            if not high and v < vc:
                return None  # a build below the card's own value: no such play
            if not high and v > self.max_value:
                return f"a build is worth at most {VALUE_NAMES[self.max_value]}"
            if not self._may_build(s, p, c) >> v & 1:
                partner = (
                    " (or build a value your partner has declared)" if self.partnership else ""
                )
                return (
                    f"to build {VALUE_NAMES[v]} you must hold another card of that value, to "
                    f"take the build in{partner}"
                )
            return f"no loose cards on the table make {VALUE_NAMES[v]} with {name}"
        if INCREASE_ACTION_BASE <= action < TAKE_ACTION_BASE:
            key = action - INCREASE_ACTION_BASE
            b = next((b for b in s.builds if build_key(b.mask) == key), None)
            if b is None:
                return None  # no build on the table: no such play to explain
            if vc == 0:
                return f"{name} has no pip value: a court card cannot increase a build"
            if b.units > 1:
                return f"{describe_build(b)} is a multiple build: it can never be increased"
            w = b.value + vc
            if w > self.max_value:
                return f"{describe_build(b)} and {name} make {w}, more than any card is worth"
            return (
                f"to increase {describe_build(b)} to {VALUE_NAMES[w]} you must hold a card of "
                "that value"
            )
        return None

    def _builder_duty(self, s: CassinoState, p: int) -> str | None:
        """The duty of ``p`` as the owner of a build whose value he holds (assumption 2), in
        the book's words, or ``None`` if he has none."""
        hand, vm = s.hands[p], self.value_masks
        for b in s.builds:
            if b.owner == p and hand & vm[b.value]:
                return (
                    f"you made the build {describe_build(b)} and hold a card of its value: you "
                    "must take it in, take in something else, or make another build"
                )
        return None

    def _may_build(self, s: CassinoState, p: int, c: int) -> int:
        """The values ``p`` may build to with ``c`` on his own strength, his partner's
        declaration or his partner's build (as :meth:`kind_actions` reckons them)."""
        may = self._pdecl(s, p)
        for x in _bits(s.hands[p] & ~(1 << c)):
            may |= self.value_bits[x]
        partner = self.partner_of[p]
        for b in s.builds:
            if partner >= 0 and b.owner == partner:
                may |= 1 << b.value
        return may

    def _pdecl(self, s: CassinoState, p: int) -> int:
        """The values ``p``'s partner has declared (assumption 3), as a bitmask."""
        q = self.partner_of[p]
        return s.declared[q] if q >= 0 else 0

    def trail_forbidden(self, hand: int, builds: Sequence[Build], me: int) -> bool:
        """Assumption 2: the owner of a build who holds a card of its value may not trail."""
        vm = self.value_masks
        return any(b.owner == me and hand & vm[b.value] for b in builds)

    def card_actions(
        self, hand: int, loose: int, builds: Sequence[Build], me: int, pdecl: int
    ) -> list[int]:
        """The cards ``me`` may play (each has at least one legal play)."""
        if not self.trail_forbidden(hand, builds, me):
            return [PLAY_CARD_ACTION_BASE + c for c in _bits(hand)]
        return [
            PLAY_CARD_ACTION_BASE + c
            for c in _bits(hand)
            if self.kind_actions(c, hand, loose, builds, me, pdecl)
        ]

    def kind_actions(
        self, c: int, hand: int, loose: int, builds: Sequence[Build], me: int, pdecl: int
    ) -> list[int]:
        """What ``me`` may do with card ``c``: take in, build, increase, trail."""
        acts: list[int] = []
        val = self.val
        vc = val[c]
        same = loose & self.rank_mask_of[c]
        if vc == 0:  # a court card in plain Cassino: pairs only
            if same:
                acts.append(TAKE_ACTION_BASE)
        else:
            vm = self.value_masks
            bvals = 0  # values of the builds on the table
            pvals = 0  # values of the partner's builds
            partner = self.partner_of[me]
            for b in builds:
                bvals |= 1 << b.value
                if b.owner == partner and partner >= 0:
                    pvals |= 1 << b.value
            s1, s2 = _sums(loose & self.combinable, val, self.cap)
            if same or (s2 | bvals) >> vc & 1:
                acts.append(TAKE_ACTION_BASE + vc)
            high = self.aces_fourteen and vc == 1
            if high and (s2 | bvals) >> MAX_VALUE & 1:
                acts.append(TAKE_ACTION_BASE + MAX_VALUE)
            rest = hand & ~(1 << c)
            held = 0
            r = rest
            while r:
                low = r & -r
                held |= self.value_bits[low.bit_length() - 1]
                r ^= low
            may = held | pdecl  # values he may build to on his own strength
            for v in range(vc, self.max_value + 1):
                if not (may | pvals) >> v & 1:
                    continue
                if v > vc:
                    ok = s1 >> (v - vc) & 1
                else:  # the card is a whole unit: it needs another unit beside it
                    ok = loose & vm[v] or (s2 | bvals) >> v & 1
                if ok:
                    acts.append(BUILD_ACTION_BASE + v)
            s2_no_aces = _sums(loose & self.combinable & ~self.aces, val, self.cap)[1]
            units14 = loose & vm[MAX_VALUE] or (s2_no_aces | bvals) >> MAX_VALUE & 1
            if high and (may | pvals) >> MAX_VALUE & 1 and units14:
                acts.append(BUILD_ACE_HIGH_ACTION)
            for b in builds:
                if b.units == 1:
                    w = b.value + vc
                    if w <= self.max_value and may >> w & 1:
                        acts.append(INCREASE_ACTION_BASE + build_key(b.mask))
        if not self.trail_forbidden(hand, builds, me):
            acts.append(TRAIL_ACTION)
        acts.sort()
        return acts

    def select_actions(self, m: Move, loose: int, builds: Sequence[Build], me: int) -> list[int]:
        """The next objects of a take-in or build, and "done" when the play is complete."""
        acts: list[int] = []
        val = self.val
        avail = loose & ~m.sel & self.combinable
        if m.need:  # the cards the played card is put on
            lo = m.base[-1] + 1 if m.base else 0
            self._extend_group(acts, avail, lo, m.need)
            return acts
        v = m.value
        building = m.kind == KIND_BUILD
        if building and v == MAX_VALUE:  # beside a Fourteen, a loose Ace is a unit by itself
            avail &= ~self.aces
        if m.open:
            self._extend_group(acts, avail, m.open[-1] + 1, m.open_need)
            return acts
        if m.pair_done:  # the pairs come last
            return [DONE_ACTION]
        lo = m.last_key + 1
        limit = NUM_CARDS  # units must stay below a partner's build still to be joined
        partner = self.partner_of[me]
        if building and not m.req_ok:
            limit = -1
            for b in builds:
                k = build_key(b.mask)
                if b.value == v and b.owner == partner and not m.sel_builds >> k & 1:
                    limit = max(limit, k)
        if v:
            cand = avail  # ``avail``: the cards that may be in a group
            if building and v == MAX_VALUE:
                cand |= loose & ~m.sel & self.aces
            cand = cand >> lo << lo
            if cand:
                bits = self.value_bits
                suffix = 0
                cap = self.cap
                for x in reversed(_bits(cand)):
                    vx = val[x]
                    in_groups = avail >> x & 1
                    single = building and bits[x] >> v & 1  # a unit by itself
                    starts = in_groups and vx < v and suffix >> (v - vx) & 1  # starts a group
                    if x < limit and (single or starts):
                        acts.append(SELECT_ACTION_BASE + x)
                    if in_groups:
                        suffix = (suffix | (suffix << vx) | (1 << vx)) & cap
            for b in builds:
                k = build_key(b.mask)
                free = b.value == v and k >= lo and not m.sel_builds >> k & 1
                if free and (k < limit or (b.owner == partner and building)):
                    acts.append(SELECT_ACTION_BASE + k)
        same = loose & ~m.sel & self.rank_mask_of[m.card]
        if m.kind == KIND_TAKE and not m.pair_done and same and (not m.high or m.units):
            acts.append(PAIR_ACTION)
        if self._done_ok(m, loose):
            acts.append(DONE_ACTION)
        acts.sort()
        return acts

    def _extend_group(self, acts: list[int], avail: int, lo: int, need: int) -> None:
        """Cards ≥ ``lo`` that continue a group lacking ``need`` and can still complete it."""
        cand = avail >> lo << lo
        val = self.val
        suffix = 0
        cap = self.cap
        for x in reversed(_bits(cand)):
            vx = val[x]
            if vx == need or (vx < need and suffix >> (need - vx) & 1):
                acts.append(SELECT_ACTION_BASE + x)
            suffix = (suffix | (suffix << vx) | (1 << vx)) & cap
        acts.sort()

    def _done_ok(self, m: Move, loose: int) -> bool:
        if m.need or m.open:
            return False
        if m.kind == KIND_TAKE:
            if not m.units:
                return False
            if m.high and all(u[0] == UNIT_PAIR for u in m.units):
                return False
            same = loose & self.rank_mask_of[m.card]
            return not (m.sel & same) or not (same & ~m.sel)
        return m.req_ok and bool(m.base or m.units)

    # --- one step of a play ----------------------------------------------------------------

    def step(
        self, m: Move, a: int, hand: int, loose: int, builds: Sequence[Build], me: int, pdecl: int
    ) -> tuple[Move, bool]:
        """Apply one decision to the play ``m``; ``True`` when the play is complete."""
        steps = (*m.steps, a)
        if m.kind == KIND_NONE:
            c = m.card
            if a == TRAIL_ACTION:
                return m._replace(kind=KIND_TRAIL, steps=steps), True
            if INCREASE_ACTION_BASE <= a < INCREASE_ACTION_BASE + NUM_CARDS:
                key = a - INCREASE_ACTION_BASE
                b = next(b for b in builds if build_key(b.mask) == key)
                w = b.value + self.val[c]
                covered = bool(pdecl >> w & 1)  # the partner declared the new value
                return m._replace(
                    kind=KIND_INCREASE, value=w, last_key=key, joined=covered, steps=steps
                ), True
            if TAKE_ACTION_BASE <= a < BUILD_ACTION_BASE:
                v = a - TAKE_ACTION_BASE
                high = v == MAX_VALUE and self.val[c] == 1
                return m._replace(kind=KIND_TAKE, value=v, high=high, steps=steps), False
            if a == BUILD_ACE_HIGH_ACTION:
                v, need, high = MAX_VALUE, 0, True
            else:
                v = a - BUILD_ACTION_BASE
                need, high = v - self.val[c], False
            own = (hand & ~(1 << c)) & self.value_masks[v] or pdecl >> v & 1
            return m._replace(
                kind=KIND_BUILD, value=v, high=high, need=need, req_ok=bool(own), steps=steps
            ), False
        if a == DONE_ACTION:
            return m._replace(steps=steps), True
        if a == PAIR_ACTION:
            same = loose & ~m.sel & self.rank_mask_of[m.card]
            return m._replace(
                sel=m.sel | same,
                pair_done=True,
                units=(*m.units, (UNIT_PAIR, *_bits(same))),
                steps=steps,
            ), False
        x = a - SELECT_ACTION_BASE
        bit = 1 << x
        if m.need:
            return m._replace(
                base=(*m.base, x), need=m.need - self.val[x], sel=m.sel | bit, steps=steps
            ), False
        if m.open:
            need = m.open_need - self.val[x]
            if need:
                return m._replace(
                    open=(*m.open, x), open_need=need, sel=m.sel | bit, steps=steps
                ), False
            return m._replace(
                open=(),
                open_need=0,
                units=(*m.units, (UNIT_GROUP, *m.open, x)),
                sel=m.sel | bit,
                steps=steps,
            ), False
        if loose & bit:
            if m.kind == KIND_BUILD and self.value_bits[x] >> m.value & 1:
                return m._replace(
                    units=(*m.units, (UNIT_CARD, x)), last_key=x, sel=m.sel | bit, steps=steps
                ), False
            return m._replace(
                open=(x,),
                open_need=m.value - self.val[x],
                last_key=x,
                sel=m.sel | bit,
                steps=steps,
            ), False
        b = next(b for b in builds if build_key(b.mask) == x)
        joined = m.kind == KIND_BUILD and b.owner == self.partner_of[me] and b.owner >= 0
        return m._replace(
            units=(*m.units, (UNIT_BUILD, x)),
            last_key=x,
            sel_builds=m.sel_builds | bit,
            req_ok=m.req_ok or joined,
            joined=m.joined or joined,
            steps=steps,
        ), False

    def forced_is_public(self, m: Move, a: int) -> bool:
        """Whether a forced step may be taken automatically: only where its being forced does
        not depend on hidden cards (every step of a take-in; the cards a build is put on, a
        group, and "done" of a build)."""
        return m.kind == KIND_TAKE or bool(m.need or m.open) or a == DONE_ACTION

    # --- applying actions ------------------------------------------------------------------

    def apply_action(self, s: CassinoState, action: int) -> None:
        s.ply += 1
        ph = s.phase
        if ph == DEAL:
            self._apply_deal(s, action)
        elif ph == DRAW:
            self._apply_draw(s, action)
        elif ph == PLAY:
            if action == CLAIM_OUT_ACTION:
                self._claim(s, s.player)
            else:
                s.move = Move(card=action - PLAY_CARD_ACTION_BASE, steps=(action,))
                s.phase = KIND
        else:
            self._apply_step(s, action)

    def _apply_deal(self, s: CassinoState, c: int) -> None:
        plan = self.first_plan if s.round == 0 else self.round_plan
        k = s.deal_step
        h = plan.holders[k]
        bit = 1 << c
        s.dealt |= bit
        at = s.ply - 1
        if h == TABLE:  # face up
            s.loose |= bit
            s.log = log_event(s.log, E_DEAL_TABLE, NO_ACTOR, c, EVERYONE, at)
        else:  # face down
            to = (s.dealer + 1 + h) % self.num_players
            s.hands = replace_at(s.hands, to, s.hands[to] | bit)
            s.log = log_event(s.log, E_DEAL, to, c, 1 << to, at)
        s.deal_step = k + 1
        if s.deal_step == len(plan):
            s.deal_step = 0
            s.phase = PLAY
            s.player = self.eldest(s)

    def _apply_draw(self, s: CassinoState, c: int) -> None:
        p = s.player
        bit = 1 << c
        s.dealt |= bit
        s.hands = replace_at(s.hands, p, s.hands[p] | bit)
        s.log = log_event(s.log, E_DRAW, p, c, seats(p), s.ply - 1)
        self._next_turn(s)

    def _apply_step(self, s: CassinoState, a: int) -> None:
        p = s.player
        hand, loose, builds = s.hands[p], s.loose, s.builds
        pdecl = self._pdecl(s, p)
        m = s.move
        assert m is not None
        m, done = self.step(m, a, hand, loose, builds, p, pdecl)
        while not done:
            acts = self.select_actions(m, loose, builds, p)
            if len(acts) != 1 or not self.forced_is_public(m, acts[0]):
                s.move = m
                s.phase = SELECT
                return
            m, done = self.step(m, acts[0], hand, loose, builds, p, pdecl)
        self._play(s, p, m)

    def _play(self, s: CassinoState, p: int, m: Move) -> None:
        """Carry out a complete play, log it and pass the turn."""
        c = m.card
        bit = 1 << c
        s.log = self._log_play(s.log, p, m, s.builds)
        s.hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.declared = replace_at(s.declared, p, s.declared[p] & ~self.value_bits[c])
        if m.kind == KIND_TRAIL:
            s.loose |= bit
            s.trailed = replace_at(s.trailed, p, s.trailed[p] | bit)
        elif m.kind == KIND_TAKE:
            self._take(s, p, m)
        elif m.kind == KIND_BUILD:
            self._build(s, p, m)
        else:
            self._increase(s, p, m)
        s.move = None
        if s.phase == OVER:  # the game was pegged out (Spade Cassino)
            return
        if self.draw and s.dealt != self.pack:
            s.phase = DRAW
        else:
            self._next_turn(s)

    def _log_play(
        self, log: tuple[Event, ...], p: int, m: Move, builds: Sequence[Build]
    ) -> tuple[Event, ...]:
        """``log`` with the play ``m`` of ``p``: its card (the kind of play), the loose cards
        it is put on, its units in the order chosen (a build by its lowest card), the value
        called. Every value is face up, and none names a history position: a played card is
        seen by all, so the determinizer never re-deals it. (The events are appended at once:
        one copy of the log a play.)"""
        del builds  # Unused: a build in the log is named by its lowest card.
        kind = m.kind
        if kind == KIND_TRAIL:
            return log + ((E_TRAIL, p, m.card, EVERYONE, NOWHERE),)  # noqa: RUF005
        if kind == KIND_INCREASE:
            return log + (  # noqa: RUF005
                (E_INCREASE, p, m.card, EVERYONE, NOWHERE),
                (E_WITH_BUILD, p, m.last_key, EVERYONE, NOWHERE),
                (E_CALL, p, m.value, EVERYONE, NOWHERE),
            )
        first = (_TAKE_EVENT if kind == KIND_TAKE else _BUILD_EVENT)[m.high]
        events = [(first, p, m.card, EVERYONE, NOWHERE)]
        events += [(E_ON, p, x, EVERYONE, NOWHERE) for x in m.base]
        for u in m.units:
            if u[0] == UNIT_BUILD:
                events.append((E_WITH_BUILD, p, u[1], EVERYONE, NOWHERE))
                continue
            events.append((_UNIT_EVENT[u[0]], p, u[1], EVERYONE, NOWHERE))
            more = E_PAIR if u[0] == UNIT_PAIR else E_AND
            events += [(more, p, x, EVERYONE, NOWHERE) for x in u[2:]]
        if kind == KIND_BUILD:
            events.append((E_CALL, p, m.value, EVERYONE, NOWHERE))
        return log + tuple(events)

    def _take(self, s: CassinoState, p: int, m: Move) -> None:
        taken = (1 << m.card) | m.sel
        keep = []
        for b in s.builds:
            if m.sel_builds >> build_key(b.mask) & 1:
                taken |= b.mask
            else:
                keep.append(b)
        s.builds = tuple(keep)
        s.loose &= ~m.sel
        side = self.side_of[p]
        s.piles = replace_at(s.piles, side, s.piles[side] | taken)
        sweep = not s.loose and not s.builds
        if sweep:
            s.sweeps = replace_at(s.sweeps, side, s.sweeps[side] + 1)
            s.log = log_event(s.log, E_SWEEP, p)
        s.last_taker = p
        s.last_take = (p, taken)
        if self.scoring == "sixty_one":
            self._peg(s, side, self.natural_points(taken) + int(sweep))

    def _build(self, s: CassinoState, p: int, m: Move) -> None:
        mask = (1 << m.card) | m.sel
        units = 1
        keep = []
        for b in s.builds:
            if m.sel_builds >> build_key(b.mask) & 1:
                mask |= b.mask
                units += b.units
            else:
                keep.append(b)
        units += sum(1 for u in m.units if u[0] != UNIT_BUILD)
        new = Build(mask, m.value, units, p)
        keep.append(new)
        keep.sort(key=lambda b: build_key(b.mask))
        s.builds = tuple(keep)
        s.loose &= ~m.sel
        if not (self._pdecl(s, p) >> m.value & 1 or m.joined):  # on his own strength
            s.declared = replace_at(s.declared, p, s.declared[p] | 1 << m.value)

    def _increase(self, s: CassinoState, p: int, m: Move) -> None:
        key = m.last_key
        builds = []
        for b in s.builds:
            if build_key(b.mask) == key:
                builds.append(Build(b.mask | 1 << m.card, m.value, 1, p))
            else:
                builds.append(b)
        builds.sort(key=lambda b: build_key(b.mask))
        s.builds = tuple(builds)
        if not m.joined:  # on his own strength
            s.declared = replace_at(s.declared, p, s.declared[p] | 1 << m.value)

    def _next_turn(self, s: CassinoState) -> None:
        n = self.num_players
        if not any(s.hands):
            if s.dealt != self.pack and not self.draw:
                s.round += 1
                s.deal_step = 0
                s.phase = DEAL
            else:
                self._end_deal(s)
            return
        s.player = (s.player + 1) % n
        s.phase = PLAY
        assert s.hands[s.player], "every hand empties in the same round"

    # --- counting --------------------------------------------------------------------------

    def natural_points(self, mask: int) -> int:
        """The points of some cards themselves (Cassinos, Aces; in Spade Cassino the spades and
        the ♠J too): everything but the majorities and sweeps."""
        pts = 2 * (mask >> BIG_CASSINO & 1) + (mask >> LITTLE_CASSINO & 1)
        pts += sum(mask >> a & 1 for a in ACES_IN_ORDER)
        if self.spade:
            pts += (mask & SUIT_MASKS[SPADES]).bit_count() + (mask >> SPADE_JACK & 1)
        return pts

    def net_sweeps(self, sweeps: Sequence[int]) -> list[int]:
        low = min(sweeps)
        return [x - low for x in sweeps]

    def count_items(self, s: CassinoState) -> list[tuple[int, int, str]]:
        """The points of a finished deal as ``(side, points, item)`` in the count-out order:
        cards, spades, Big Cassino, Little Cassino, the Aces ♠ ♣ ♥ ♦, sweeps."""
        piles = s.piles
        items: list[tuple[int, int, str]] = []
        w = _unique_max([p.bit_count() for p in piles])
        if w >= 0:
            items.append((w, 3, "cards"))
        spades = SUIT_MASKS[SPADES]
        if self.spade:
            for side, pile in enumerate(piles):
                pts = (pile & spades).bit_count() + (pile >> SPADE_JACK & 1)
                if pts:
                    items.append((side, pts, "spades"))
        elif self.pack & spades:
            w = _unique_max([(p & spades).bit_count() for p in piles])
            if w >= 0:
                items.append((w, 1, "spades"))
        for c, pts, name in (
            (BIG_CASSINO, 2, "Big Cassino"),
            (LITTLE_CASSINO, 1, "Little Cassino"),
            *((a, 1, _card(a)) for a in ACES_IN_ORDER),
        ):
            for side, pile in enumerate(piles):
                if pile >> c & 1:
                    items.append((side, pts, name))
        sweeps = self.net_sweeps(s.sweeps) if self.cancel_sweeps else list(s.sweeps)
        for side in self._sides_in_play_order(s):
            if sweeps[side]:
                items.append((side, sweeps[side], "sweeps"))
        return items

    def _sides_in_play_order(self, s: CassinoState) -> list[int]:
        out: list[int] = []
        for i in range(self.num_players):
            side = self.side_of[(s.dealer + 1 + i) % self.num_players]
            if side not in out:
                out.append(side)
        return out

    def deal_points(self, s: CassinoState) -> list[int]:
        pts = [0] * self.num_sides
        for side, p, _ in self.count_items(s):
            pts[side] += p
        return pts

    def secured_points(self, piles: Sequence[int], sweeps: Sequence[int], side: int) -> int:
        """What ``side`` has certainly made in the deal so far (counting out, assumption 12)."""
        pack = self.pack
        pts = self.natural_points(piles[side])
        sw = self.net_sweeps(sweeps) if self.cancel_sweeps else sweeps
        pts += sw[side]
        taken = 0
        for p in piles:
            taken |= p
        left = pack & ~taken
        spades = SUIT_MASKS[SPADES]
        mine = piles[side].bit_count()
        if all(mine > p.bit_count() + left.bit_count() for i, p in enumerate(piles) if i != side):
            pts += 3
        if not self.spade and pack & spades:
            ms = (piles[side] & spades).bit_count()
            ls = (left & spades).bit_count()
            if all(ms > (p & spades).bit_count() + ls for i, p in enumerate(piles) if i != side):
                pts += 1
        return pts

    def _end_deal(self, s: CassinoState) -> None:
        rest = s.loose
        for b in s.builds:
            rest |= b.mask
        if rest:
            to = s.last_taker if s.last_taker >= 0 else s.dealer
            side = self.side_of[to]
            s.piles = replace_at(s.piles, side, s.piles[side] | rest)
            s.loose = 0
            s.builds = ()
            s.log = log_event(s.log, E_LAST, to)
            if self.scoring == "sixty_one":
                self._peg(s, side, self.natural_points(rest))
                if s.phase == OVER:
                    return
        pts = self.deal_points(s)
        s.results = (*s.results, tuple(pts))
        for side, pts_side in enumerate(pts):
            s.log = log_event(s.log, E_COUNT, self.players_of_side[side][0], pts_side)
        scoring = self.scoring
        if scoring == "deal":
            total = sum(pts)
            k = self.num_sides
            self._finish(s, [k * p - total for p in pts])
            return
        if scoring == "sixty_one":
            w = _unique_max([p.bit_count() for p in s.piles])
            if w >= 0:
                self._peg(s, w, 3)
                if s.phase == OVER:
                    return
        elif scoring == "eleven":
            low = min(pts)
            s.scores = tuple(sc + p - low for sc, p in zip(s.scores, pts, strict=True))
            out = [i for i, sc in enumerate(s.scores) if sc >= s.target]
            if out:
                w = _unique_max(list(s.scores))
                if w >= 0:
                    stakes = [
                        0 if i == w else (2 if sc < LURCH_LINE else 1)
                        for i, sc in enumerate(s.scores)
                    ]
                    self._win(s, w, stakes)
                    return
        else:
            self._twenty_one(s, pts)
            if s.phase == OVER:
                return
        if s.deal_number + 1 >= self.max_deals:
            self._finish(s, [0] * self.num_sides)  # assumption 16: abandoned, a draw
            return
        s.deal_number += 1
        s.dealer = (s.dealer + 1) % self.num_players
        s.hands = (0,) * self.num_players
        self._reset_deal(s)
        s.phase = DEAL
        s.player = -1

    def _twenty_one(self, s: CassinoState, pts: list[int]) -> None:
        before = s.scores
        after = [b + p for b, p in zip(before, pts, strict=True)]
        out = [i for i, x in enumerate(after) if x >= s.target]
        if len(out) == 1:
            s.scores = tuple(after)
            self._win(s, out[0], [1] * self.num_sides)
            return
        if not out:
            s.scores = tuple(after)
            return
        if self.count_out:  # both found out and nobody claimed: the game goes on
            s.scores = tuple(after)
            s.target += COUNT_OUT_STEP
            return
        running = list(before)
        items = [it for it in self.count_items(s) if it[2] != "sweeps"]
        net = self.net_sweeps(s.sweeps)
        for side in self._sides_in_play_order(s):
            if net[side]:
                items.append((side, net[side], "sweeps"))
        for side, p, _ in items:
            running[side] += p
            if running[side] >= s.target:
                s.scores = tuple(running)
                self._win(s, side, [1] * self.num_sides)
                return
        s.scores = tuple(running)

    def _peg(self, s: CassinoState, side: int, pts: int) -> None:
        if not pts or s.phase == OVER:
            return
        s.scores = replace_at(s.scores, side, s.scores[side] + pts)
        if s.scores[side] >= s.target:
            self._win(s, side, [1] * self.num_sides)

    def _claim(self, s: CassinoState, p: int) -> None:
        side = self.side_of[p]
        have = s.scores[side] + self.secured_points(s.piles, s.sweeps, side)
        correct = have >= s.target
        s.log = log_event(s.log, E_CLAIM_RIGHT if correct else E_CLAIM_WRONG, p)
        if correct:
            self._win(s, side, [1] * self.num_sides)
        else:
            k = self.num_sides
            self._finish(s, [-(k - 1) if i == side else 1 for i in range(k)])

    def _win(self, s: CassinoState, winner: int, stakes: Sequence[int]) -> None:
        vals = [-stakes[i] for i in range(self.num_sides)]
        vals[winner] = sum(stakes[i] for i in range(self.num_sides) if i != winner)
        self._finish(s, vals)

    def _finish(self, s: CassinoState, side_values: Sequence[int]) -> None:
        s.outcome = tuple(float(side_values[self.side_of[q]]) for q in range(self.num_players))
        s.phase = OVER
        s.player = -1
        s.move = None

    # --- words -----------------------------------------------------------------------------

    def seat_name(self, s: CassinoState, q: int) -> str:
        n = self.num_players
        off = (q - s.dealer) % n
        if off == 0:
            return "dealer"
        return ("eldest hand", "second hand", "third hand")[off - 1]

    def action_to_string(self, s: CassinoState, player: int, action: int) -> str:
        if s.phase in (DEAL, DRAW):
            to = self.deal_recipient(s)
            c = _card(action)
            if s.phase == DRAW:
                return f"{self.seat_name(s, to)} draws {c}"
            return f"deal {c} to " + ("the table" if to == TABLE else self.seat_name(s, to))
        if s.phase == PLAY or s.move is None:
            if action == CLAIM_OUT_ACTION:
                return "claim out"
            return f"play {_card(action - PLAY_CARD_ACTION_BASE)}"
        return self.move_action_words(s.move, action, s.loose, s.builds)

    def move_action_words(self, m: Move, a: int, loose: int, builds: Sequence[Build]) -> str:
        """A step of the play ``m`` in words."""
        c = _card(m.card)
        if m.kind == KIND_NONE:
            if a == TRAIL_ACTION:
                return f"trail {c}"
            if TAKE_ACTION_BASE <= a < BUILD_ACTION_BASE:
                v = a - TAKE_ACTION_BASE
                if v == MAX_VALUE and self.val[m.card] == 1:
                    return f"take in with {c} as Fourteen"
                return f"take in with {c}"
            if a == BUILD_ACE_HIGH_ACTION:
                return f"build Fourteen with {c} as Fourteen"
            if BUILD_ACTION_BASE <= a < BUILD_ACE_HIGH_ACTION:
                return f"build {VALUE_NAMES[a - BUILD_ACTION_BASE]}"
            if INCREASE_ACTION_BASE <= a < TAKE_ACTION_BASE:
                key = a - INCREASE_ACTION_BASE
                b = next(b for b in builds if build_key(b.mask) == key)
                return f"increase {describe_build(b)} to {VALUE_NAMES[b.value + self.val[m.card]]}"
            return f"action {a}"
        if a == DONE_ACTION:
            if m.kind == KIND_TAKE:
                return f"take in {self.units_words(m, builds)} with {c}"
            units = 1 + sum(1 for u in m.units if u[0] != UNIT_BUILD)
            units += sum(b.units for b in builds if m.sel_builds >> build_key(b.mask) & 1)
            return f"call {build_name((0, m.value, units))}"
        if a == PAIR_ACTION:
            return f"pair {_cards(loose & ~m.sel & self.rank_mask_of[m.card])}"
        x = a - SELECT_ACTION_BASE
        if not loose >> x & 1:
            b = next(b for b in builds if build_key(b.mask) == x)
            return f"{'take' if m.kind == KIND_TAKE else 'add'} {describe_build(b)}"
        if m.need:
            return f"build on {_card(x)}"
        if m.kind == KIND_BUILD and not m.open and self.value_bits[x] >> m.value & 1:
            return f"add {_card(x)}"
        return f"combine {_card(x)}"

    def units_words(self, m: Move, builds: Sequence[Build]) -> str:
        parts = []
        for u in m.units:
            if u[0] == UNIT_BUILD:
                b = next(b for b in builds if build_key(b.mask) == u[1])
                parts.append(describe_build(b))
            else:
                parts.append(" ".join(_card(x) for x in u[1:]))
        return " + ".join(parts)

    def state_string(self, s: CassinoState) -> str:
        lines = [
            f"Cassino ({self.variant}, {self.num_players} players"
            + (", partnerships" if self.partnership else "")
            + f"), deal {s.deal_number + 1}, dealer: player {s.dealer}, phase: "
            + f"{PHASE_NAMES[s.phase]}, to move: {self.current_player(s)}"
        ]
        for q in range(self.num_players):
            lines.append(f"player {q} ({self.seat_name(s, q)}): {_cards(s.hands[q])}")
        lines.append(f"loose: {_cards(s.loose)}")
        lines.append(
            "builds: "
            + (", ".join(f"{describe_build(b)} of player {b.owner}" for b in s.builds) or "-")
        )
        for side in range(self.num_sides):
            lines.append(
                f"side {side} pile ({s.piles[side].bit_count()}): {_cards(s.piles[side])}; "
                f"sweeps {s.sweeps[side]}; score {s.scores[side]}"
            )
        lines.append(f"stock: {_cards(self.pack & ~s.dealt)}")
        lines.append(f"declared: {[_values(d) for d in s.declared]}; last taker: {s.last_taker}")
        if s.move is not None:
            lines.append(f"play: {self.move_words(s.move, s.builds)}")
        if s.outcome is not None:
            lines.append(f"returns: {list(s.outcome)}")
        return "\n".join(lines)

    def move_words(self, m: Move, builds: Sequence[Build]) -> str:
        """A partial play in words."""
        c = _card(m.card)
        if m.kind == KIND_NONE:
            return f"{c} played, choosing what to do"
        if m.kind == KIND_TAKE:
            text = f"taking in with {c}" + (" as Fourteen" if m.high else "")
        else:
            text = f"{c} building {VALUE_NAMES[m.value]}"
            if m.base:
                text += f" on {' '.join(_card(x) for x in m.base)}"
            if m.need:
                text += f" (lacks {m.need})"
        if m.units:
            text += ": " + self.units_words(m, builds)
        if m.open:
            text += f" | {' '.join(_card(x) for x in m.open)} (lacks {m.open_need})"
        return text

    def card_zones(self, s: CassinoState) -> dict[str, int]:
        zones = {f"hand{q}": s.hands[q] for q in range(self.num_players)}
        zones["loose"] = s.loose
        b = 0
        for x in s.builds:
            b |= x.mask
        zones["builds"] = b
        for side in range(self.num_sides):
            zones[f"pile{side}"] = s.piles[side]
        zones["stock"] = self.pack & ~s.dealt
        return zones


def _values(d: int) -> str:
    return " ".join(VALUE_NAMES[v] for v in range(NUM_VALUES) if d >> v & 1) or "-"
