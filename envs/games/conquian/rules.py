"""The rules of Conquian: the pack, the state, the deal, legal moves and their effects.

The rules, the parameters and every ASSUMPTION are in the package docstring
(:mod:`hoyle.envs.games.conquian`); the player's view is :mod:`.view`, the determinizer
:mod:`.determinizer`. Here:

- the deal is data: :func:`deal_plan` (five rounds of two at a time, the pone first) says who
  receives each of the ``2 * hand_size`` cards, :meth:`ConquianPlay.deal_recipient` maps its
  holder (:data:`PONE` or :data:`DEALER`) to the seat of this deal;
- every step appends one event to the state's ``log`` (:data:`EVENT_KINDS`, the core's
  :mod:`hoyle.envs.core.events`): a card dealt is seen by its receiver only, everything else
  (the cards turned up from the stock, every move, the hands shown at the end of a deal) by
  both players.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hoyle.envs.core.cards import (
    AMERICAN_40,
    AMERICAN_CONQUIAN_ORDER,
    CONQUIAN_ORDER,
    NUM_RANKS,
    NUM_SUITS,
    RANK_LETTERS,
    SPANISH_40,
    SUIT_SYMBOLS,
    Pack,
    RankOrder,
    card,
    cards_of,
    format_card,
    rank_of,
    suit_of,
)
from hoyle.envs.core.deal import DealPlan, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import (
    EVERYONE,
    NO_ACTOR,
    Event,
    EventKind,
    EventSchema,
    log_event,
    settle_log,
)
from hoyle.envs.core.observe import pack_index
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import (
    CHANCE,
    TERMINAL,
    PlainState,
    replace_at,
    seat_words,
)

# --- constants and the action layout --------------------------------------------------------

NUM_PLAYERS = 2
RANKS_PER_SUIT = 10
"""Ranks in each suit of the forty-card packs (``ranks``, default)."""
HAND_SIZE = 10
"""Cards dealt to each player by the book (``hand_size``, default)."""
STOCK_SIZE = 20
DEAL_CARDS = 2 * HAND_SIZE
WINNING_DOWN = HAND_SIZE + 1
MAX_HAND_SIZE = HAND_SIZE
"""The largest ``hand_size``: it keeps every reduced game within the action layout below."""
MAX_COMBINATIONS = (MAX_HAND_SIZE + 1) // 3
"""A player never has more than eleven cards down, so never more than three combinations
(with ``hand_size`` = h, never more than (h + 1) // 3)."""

NUM_CARD_ACTIONS = NUM_SUITS * NUM_RANKS
USE_ACTION = NUM_CARD_ACTIONS
USE_ON_ACTION_BASE = USE_ACTION + 1
FORCE_ACTION_BASE = USE_ON_ACTION_BASE + MAX_COMBINATIONS
DECLINE_ACTION = FORCE_ACTION_BASE + MAX_COMBINATIONS
PASS_ACTION = DECLINE_ACTION + 1
LAY_ACTION = PASS_ACTION + 1
MELD_ACTION = LAY_ACTION + 1
TABLE_ACTION = MELD_ACTION + 1
GO_OUT_ACTION = TABLE_ACTION + 1
NUM_DISTINCT_ACTIONS = GO_OUT_ACTION + 1

# Phases (stored, never inferred).
DEAL, TURN_UP, DISPOSAL, BUILD, DISCARD, MELD, DISCARD_TARGET, FORCED, OVER = range(9)
NUM_PHASES = 9
PHASE_NAMES = (
    "deal", "turn up", "disposal", "build", "discard", "meld", "discard target", "forced",
    "over",
)  # fmt: skip

# Where the exposed card came from (who may decline and who must pass).
FIRST_REFUSAL, DECLINED, DISCARDED = range(3)
SOURCE_NAMES = ("first refusal", "declined by the adversary", "the adversary's discard")


# The deal (``deal_plan``): the holders of a seat's cards, mapped to the seats of each deal.
PONE = 0
"""The deal's holder of the pone's cards (the dealer's adversary, who moves first)."""
DEALER = 1
"""The deal's holder of the dealer's cards."""

# The event log (the core's ``s.log``; ``EVENT_KINDS`` says how each reads).
EV_DEAL, EV_TURN_UP, EV_ACT, EV_ADD, EV_BORROW, EV_DISCARD, EV_SHOW = range(7)
EVENT_KINDS = (
    EventKind("dealt {actor} {value}"),  # seen by the receiver only
    EventKind("turned up {value}"),
    EventKind("{actor}: {value}", "action"),  # a move that names no card of his
    EventKind("{actor}: add {value}"),  # a hand card into the combination under way
    EventKind("{actor}: borrow {value}"),  # a card of his own combination into it
    EventKind("{actor}: discard {value}"),
    EventKind("{actor} showed {value}"),  # the hands shown at the end of a deal
)
"""The kinds of event: a card dealt, a card turned up from the stock, a move (use, force,
decline, pass, lay, table, go out), a card added, borrowed or discarded, a card shown."""
NUM_EVENT_KINDS = len(EVENT_KINDS)


def deal_plan(hand_size: int, pone_first: bool) -> DealPlan:
    """Rounds of two cards at a time to each player, the pone first (assumption 4), and a last
    round of one each when ``hand_size`` is odd (assumption 9).

    >>> deal_plan(3, True).holders
    (0, 0, 1, 1, 0, 1)
    """
    order = (PONE, DEALER) if pone_first else (DEALER, PONE)
    return DealPlan.rounds(order, [2] * (hand_size // 2) + [1] * (hand_size % 2))


def max_decisions_per_deal(hand_size: int, stock_size: int) -> int:
    """The bound on the decisions of one deal (see "Bound on the game length")."""
    return 2 * stock_size + 6 * (2 * hand_size + 1)


MAX_DECISIONS_PER_DEAL = max_decisions_per_deal(HAND_SIZE, STOCK_SIZE)
MAX_CHANCE_PER_DEAL = DEAL_CARDS + STOCK_SIZE
MAX_EVENTS_PER_DEAL = MAX_DECISIONS_PER_DEAL + MAX_CHANCE_PER_DEAL + DEAL_CARDS

PACKS: dict[str, tuple[Pack, RankOrder]] = {
    "spanish": (SPANISH_40, CONQUIAN_ORDER),
    "american": (AMERICAN_40, AMERICAN_CONQUIAN_ORDER),
}

# --- the state ------------------------------------------------------------------------------


class ConquianState(PlainState):
    """One moment of a Conquian deal (or series). Every slot holds an immutable value.

    ``hands``, ``declined``, ``scores``: one entry per player. ``combos``: per player, a tuple
    of card masks in the order laid. ``dealt``: every card dealt or turned up this deal (the
    stock is the rest of the pack). ``log``: every event of the series (the core's event log,
    who saw each value); ``ply``: the actions applied so far (the history's length, where the
    next event happens).
    """

    __slots__ = (
        "base",
        "borrowed",
        "build",
        "combos",
        "dead",
        "deal_no",
        "dealer",
        "dealt",
        "declined",
        "discard",
        "exposed",
        "hands",
        "holder",
        "log",
        "phase",
        "ply",
        "pool",
        "results",
        "scores",
        "source",
        "to_move",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hands: tuple[int, int]
    combos: tuple[tuple[int, ...], tuple[int, ...]]
    dealt: int
    exposed: int
    holder: int
    source: int
    declined: tuple[int, int]
    dead: int
    build: int
    base: int
    borrowed: int
    discard: int
    scores: tuple[int, int]
    pool: int
    results: tuple[int, ...]
    log: tuple[Event, ...]
    ply: int


# --- precomputed tables ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """Per-pack tables, built once and shared by every rules object of that pack."""

    pack_mask: int
    cards: tuple[int, ...]
    pos: tuple[int, ...]  # card id -> place in the sequence order (0-9), -1 if not in the pack
    rank_mask: tuple[int, ...]  # card id -> the cards of its rank in the pack
    p13: tuple[int, ...]  # 13-bit rank slice of one suit -> 10-bit mask of sequence places
    poscards: tuple[tuple[int, ...], ...]  # suit -> 10-bit places -> card mask
    block: tuple[int, ...]  # (places << 4 | p) -> the run of ``places`` holding place p
    combo: Mapping[int, tuple[bool, int, int, int]]  # valid combination -> info (below)


def pack_cards(pack_name: str, ranks: int, suits: int) -> tuple[int, ...]:
    """The cards of a (reduced) pack in id order: the first ``ranks`` ranks of the pack's
    sequence order from the Ace up, in the first ``suits`` suits (♠ ♥ ♦ ♣).

    >>> len(pack_cards("spanish", 10, 4)), [format_card(c) for c in pack_cards("spanish", 3, 2)]
    (40, ['♠A', '♠2', '♠3', '♥A', '♥2', '♥3'])
    """
    pack, order = PACKS[pack_name]
    kept = set(order.ranks[:ranks])
    return tuple(c for c in pack.cards if suit_of(c) < suits and rank_of(c) in kept)


@functools.cache
def _tables(pack_name: str, ranks: int, suits: int) -> _Tables:
    """The tables of the pack ``pack_name`` reduced to ``ranks`` ranks and ``suits`` suits
    (10 and 4: the whole pack): only its cards make combinations, and a sequence stops at its
    highest rank."""
    _, full_order = PACKS[pack_name]
    cards = pack_cards(pack_name, ranks, suits)
    order = RankOrder(full_order.name, full_order.ranks[:ranks])
    pos = [-1] * NUM_CARD_ACTIONS
    for c in cards:
        pos[c] = order.position(rank_of(c))
    rank_mask = [0] * NUM_CARD_ACTIONS
    for c in cards:
        rank_mask[c] = sum(1 << card(s, rank_of(c)) for s in range(suits))
    places = len(order.ranks)
    p13 = []
    for x in range(1 << NUM_RANKS):
        m = 0
        for r in range(NUM_RANKS):
            if x >> r & 1 and order.position(r) >= 0:
                m |= 1 << order.position(r)
        p13.append(m)
    poscards = tuple(
        tuple(
            sum(1 << card(s, order.ranks[i]) for i in range(places) if pm >> i & 1)
            for pm in range(1 << places)
        )
        for s in range(NUM_SUITS)
    )
    block = [0] * ((1 << places) << 4)
    for pm in range(1 << places):
        for p in range(places):
            if pm >> p & 1:
                lo = hi = p
                while lo > 0 and pm >> (lo - 1) & 1:
                    lo -= 1
                while hi < places - 1 and pm >> (hi + 1) & 1:
                    hi += 1
                block[pm << 4 | p] = ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
    # Every valid combination: (is_set, cards that fit it, cards a four lends, ends it lends).
    combo: dict[int, tuple[bool, int, int, int]] = {}
    for r in order.ranks:
        full = [card(s, r) for s in range(suits)]
        if suits == 3:
            combo[sum(1 << c for c in full)] = (True, 0, 0, 0)
        elif suits == 4:
            for leave_out in range(NUM_SUITS):
                m = sum(1 << c for i, c in enumerate(full) if i != leave_out)
                combo[m] = (True, 1 << full[leave_out], 0, 0)
            four = sum(1 << c for c in full)
            combo[four] = (True, 0, four, 0)
    for s in range(suits):
        for lo in range(places):
            for hi in range(lo + 2, places):
                m = sum(1 << card(s, order.ranks[i]) for i in range(lo, hi + 1))
                fits = 0
                if lo > 0:
                    fits |= 1 << card(s, order.ranks[lo - 1])
                if hi < places - 1:
                    fits |= 1 << card(s, order.ranks[hi + 1])
                ends = 0
                if hi - lo >= 3:
                    ends = (1 << card(s, order.ranks[lo])) | (1 << card(s, order.ranks[hi]))
                combo[m] = (False, fits, 0, ends)
    return _Tables(
        pack_mask=sum(1 << c for c in cards),
        cards=cards,
        pos=tuple(pos),
        rank_mask=tuple(rank_mask),
        p13=tuple(p13),
        poscards=poscards,
        block=tuple(block),
        combo=combo,
    )


def format_combination(mask: int) -> str:
    """A combination in the book's way: a sequence as "♥5 6 7", a triplet as "♠5 ♥5 ♦5".

    >>> from hoyle.envs.core.cards import parse_cards, mask_of
    >>> format_combination(mask_of(parse_cards("♥5 ♥7 ♥6"))), format_combination(mask_of(
    ...     parse_cards("♦5 ♠5 ♥5")))
    ('♥5 6 7', '♠5 ♥5 ♦5')
    """
    cs = cards_of(mask)
    if not cs:
        return "-"
    suits = {suit_of(c) for c in cs}
    if len(suits) == 1 and len(cs) > 1:
        return SUIT_SYMBOLS[suit_of(cs[0])] + " ".join(RANK_LETTERS[rank_of(c)] for c in cs)
    return " ".join(format_card(c) for c in sorted(cs, key=lambda c: (rank_of(c), suit_of(c))))


# --- the rules ------------------------------------------------------------------------------


class ConquianPlay:
    """The rules of Conquian for one parameter set (pure: no pyspiel, no randomness): the deal,
    the legal moves and their effects. The views (:mod:`.view`) and the determinizer
    (:mod:`.determinizer`) complete it into ``ConquianRules``."""

    num_players = NUM_PLAYERS
    num_distinct_actions = NUM_DISTINCT_ACTIONS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        self.pack_name = str(params["pack"])
        self.deals = int(params["deals"])
        if self.deals < 1:
            raise GameParameterError(f"parameter deals={self.deals} must be at least 1")
        self.hand_melds = bool(params["hand_melds"])
        self.forced_go_out = bool(params["forced_go_out"])
        self.force_any = params["force"] == "any"
        self.pone_first = bool(params["pone_first"])
        self.first_dealer = int(params["first_dealer"])
        # The pack (reduced for exact solving: assumption 9) and the sizes it implies.
        self.ranks = int(params["ranks"])
        self.suits = int(params["suits"])
        self.hand_size = int(params["hand_size"])
        t = _tables(self.pack_name, self.ranks, self.suits)
        self.tables = t
        self.pack_mask = t.pack_mask
        self.pack_cards = t.cards
        self.pack_index = pack_index(t.cards)
        self.pack_size = len(t.cards)
        self.deal_cards = 2 * self.hand_size
        self.stock_size = self.pack_size - self.deal_cards
        if self.stock_size < 1:
            raise GameParameterError(
                f"ranks={self.ranks} and suits={self.suits} make a pack of {self.pack_size} "
                f"cards, which cannot deal hand_size={self.hand_size} cards each and leave a "
                f"stock: it needs at least {self.deal_cards + 1}"
            )
        self.winning_down = self.hand_size + 1
        self.max_combinations = self.winning_down // 3
        self.max_chance_outcomes = NUM_CARD_ACTIONS
        self.min_utility = -float(self.deals)
        self.max_utility = float(self.deals)
        self.utility_sum = 0.0
        per_deal = max_decisions_per_deal(self.hand_size, self.stock_size)
        self.max_game_length = per_deal * self.deals
        self.max_chance_nodes = self.pack_size * self.deals
        self.max_events = (per_deal + self.pack_size + self.deal_cards) * self.deals
        self.event_schema = EventSchema(
            EVENT_KINDS, NUM_PLAYERS, NUM_DISTINCT_ACTIONS, self.max_events
        )
        self.deal_plan = deal_plan(self.hand_size, self.pone_first)
        self._deal_holders = self.deal_plan.holders
        self._partition_cache: dict[int, tuple[int, ...] | None] = {}
        self._legal = (
            self._no_actions, self._no_actions, self._legal_disposal, self._legal_build,
            self._legal_discard, self._legal_meld, self._legal_target, self._legal_forced,
            self._no_actions,
        )  # fmt: skip
        self._apply = (
            self._apply_deal, self._apply_turn_up, self._apply_disposal, self._apply_build,
            self._apply_discard, self._apply_meld, self._apply_target, self._apply_forced,
            self._apply_over,
        )  # fmt: skip

    # --- small helpers over the tables ------------------------------------------------------
    def is_set(self, m: int) -> bool:
        """Whether the valid combination ``m`` is a triplet or four (else a sequence)."""
        return self.tables.combo[m][0]

    def fits(self, m: int) -> int:
        """The cards that can be added alone to the valid combination ``m``."""
        return self.tables.combo[m][1]

    def lendable(self, combos: Sequence[int]) -> tuple[int, int]:
        """Cards the owner of ``combos`` may borrow: (from fours, for sequences; from the
        ends of sequences of four or more, for triplets)."""
        info = self.tables.combo
        four = ends = 0
        for m in combos:
            i = info[m]
            four |= i[2]
            ends |= i[3]
        return four, ends

    def is_valid_combination(self, m: int) -> bool:
        return m in self.tables.combo

    def deal_recipient(self, s: ConquianState, k: int) -> int:
        """The player who receives the ``k``-th card of the deal (0-19): the holder of
        ``deal_plan`` mapped to the seats of this deal."""
        return 1 - s.dealer if self._deal_holders[k] == PONE else s.dealer

    def _completions(self, b: int, avail_set: int, avail_run: int, base: int) -> tuple[int, bool]:
        """Cards that may join the combination ``b`` under way, and whether ``b`` may be laid.

        ``b`` holds at least one card; ``avail_set`` are the cards that may join a triplet
        (hand cards, ends of own sequences), ``avail_run`` those that may join a sequence (hand
        cards, cards of own fours); ``base`` is the own sequence it extends, or 0. A card is
        offered only if some valid combination holds ``b``, the card, and ``base``.
        """
        t = self.tables
        c0 = (b & -b).bit_length() - 1
        n = b.bit_count()
        adds = 0
        lay = False
        rk = t.rank_mask[c0]
        if base == 0 and (n == 1 or b & rk == b):
            av = avail_set & rk & ~b
            if n + av.bit_count() >= 3:
                adds = av
            lay = n >= 3 and b & rk == b
        if base or n == 1 or b & rk != b:
            s = c0 // NUM_RANKS
            sh = s * NUM_RANKS
            p0 = t.pos[c0]
            f = t.p13[((b | base) >> sh) & 8191]
            a = t.p13[((avail_run | b | base) >> sh) & 8191]
            blk = t.block[a << 4 | p0]
            if blk.bit_count() >= 3 and blk & f == f:
                adds |= t.poscards[s][blk & ~f] & avail_run
                if n + base.bit_count() >= 3 and t.block[f << 4 | p0] == f:
                    lay = True
        return adds, lay

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> ConquianState:
        s = ConquianState()
        s.scores = (0, 0)
        s.pool = 0
        s.results = ()
        s.log = ()
        s.ply = 0
        s.deal_no = 0
        s.dealer = self.first_dealer
        self._start_deal(s)
        return s

    def _start_deal(self, s: ConquianState) -> None:
        s.phase = DEAL
        s.to_move = CHANCE
        s.hands = (0, 0)
        s.combos = ((), ())
        s.dealt = 0
        s.exposed = -1
        s.holder = -1
        s.source = FIRST_REFUSAL
        s.declined = (0, 0)
        s.dead = 0
        s.build = 0
        s.base = -1
        s.borrowed = 0
        s.discard = -1

    def current_player(self, s: ConquianState) -> int:
        return s.to_move

    def legal_actions(self, s: ConquianState) -> list[int]:
        return self._legal[s.phase](s)

    def chance_outcomes(self, s: ConquianState) -> list[tuple[int, float]]:
        """Every card not yet dealt or turned up, equally likely (the core's ``deal_outcomes``)."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: ConquianState) -> list[float]:
        # Terminal rewards: a series pays its net at the end (the view shows it as it grows);
        # OpenSpiel's returns are the rewards so far, all of them at the end.
        if s.phase != OVER:
            return [0.0, 0.0]
        return [float(s.scores[0]), float(s.scores[1])]

    # --- legal actions by phase -------------------------------------------------------------
    def _no_actions(self, s: ConquianState) -> list[int]:
        return []

    def _legal_disposal(self, s: ConquianState) -> list[int]:
        p = s.to_move
        e = s.exposed
        eb = 1 << e
        t = self.tables
        h = s.hands[p]
        mine = s.combos[p]
        info = t.combo
        four = ends = 0
        for m in mine:
            im = info[m]
            four |= im[2]
            ends |= im[3]
        out = []
        # A new combination: a triplet, or a sequence through the exposed card.
        rk = t.rank_mask[e]
        suit = e // NUM_RANKS
        sh = suit * NUM_RANKS
        p0 = t.pos[e]
        a = t.p13[((h | four | eb) >> sh) & 8191]
        if ((h | ends) & rk).bit_count() >= 2 or t.block[a << 4 | p0].bit_count() >= 3:
            out.append(USE_ACTION)
        for i, m in enumerate(mine):
            im = info[m]
            if im[0]:
                if im[1] == eb:
                    out.append(USE_ON_ACTION_BASE + i)
            elif (m >> sh) & 8191:
                a = t.p13[((h | four | m | eb) >> sh) & 8191]
                if t.block[a << 4 | p0] & t.p13[(m >> sh) & 8191]:
                    out.append(USE_ON_ACTION_BASE + i)
        if self.force_any or s.source == DECLINED:
            for i, m in enumerate(s.combos[1 - p]):
                if info[m][1] & eb:
                    out.append(FORCE_ACTION_BASE + i)
        out.append(DECLINE_ACTION if s.source == FIRST_REFUSAL else PASS_ACTION)
        return out

    def _legal_build(self, s: ConquianState) -> list[int]:
        p = s.to_move
        h = s.hands[p]
        mine = s.combos[p]
        four, ends = self.lendable(mine)
        base = mine[s.base] if s.base >= 0 else 0
        adds, lay = self._completions(s.build, h | ends, h | four, base)
        out = cards_of(adds)
        if lay:
            out.append(LAY_ACTION)
        return out

    def _legal_discard(self, s: ConquianState) -> list[int]:
        h = s.hands[s.to_move]
        out = cards_of(h)
        if self.hand_melds:
            if self.meldable(h):
                out.append(MELD_ACTION)
        elif self.partition(h) is not None:
            out.append(GO_OUT_ACTION)  # "unless he can show down everything remaining"
        return out

    def _legal_meld(self, s: ConquianState) -> list[int]:
        h = s.hands[s.to_move]
        if not s.build:
            return cards_of(self.meldable(h))
        adds, lay = self._completions(s.build, h, h, 0)
        out = cards_of(adds)
        if lay:
            out.append(LAY_ACTION)
        return out

    def _legal_target(self, s: ConquianState) -> list[int]:
        d = 1 << s.discard
        info = self.tables.combo
        out = [
            FORCE_ACTION_BASE + i for i, m in enumerate(s.combos[1 - s.to_move]) if info[m][1] & d
        ]
        out.append(TABLE_ACTION)
        return out

    def _legal_forced(self, s: ConquianState) -> list[int]:
        h = s.hands[s.to_move]
        out = cards_of(h)
        if self.forced_go_out and self.partition(h) is not None:
            out.append(GO_OUT_ACTION)
        return out

    def illegal_reason(self, s: ConquianState, action: int) -> str | None:
        """Why ``action`` is refused, in the book's terms (``ExplainsIllegal``, asked only on
        the error path, never in legal play); ``None`` where there is nothing better to say
        than "not legal". It names only the mover's hand and the cards on the table."""
        ph, p = s.phase, s.to_move
        if p < 0:
            return None
        h = s.hands[p]
        mine, theirs = s.combos[p], s.combos[1 - p]
        is_card = action < NUM_CARD_ACTIONS
        c = format_card(action) if is_card else ""
        combination = (
            "a sequence needs three or more cards of one suit in order, a triplet three or "
            "four cards of one rank"
        )

        def fit(what: str, i: int, own: bool) -> str:
            combos = mine if own else theirs
            if i >= len(combos):
                return f"{'you have' if own else 'your adversary has'} no combination {i + 1}"
            whose = "your" if own else "your adversary's"
            return f"{what} does not fit {whose} {format_combination(combos[i])}"

        if ph == DISPOSAL:
            e = format_card(s.exposed)
            if is_card:
                return f"first say what becomes of {e}: use, force, decline or pass it"
            if action == USE_ACTION:
                return f"{e} makes no new combination with your cards: {combination}"
            if USE_ON_ACTION_BASE <= action < FORCE_ACTION_BASE:
                return fit(e, action - USE_ON_ACTION_BASE, True)
            if FORCE_ACTION_BASE <= action < DECLINE_ACTION:
                if not (self.force_any or s.source == DECLINED):
                    return "you may force only a card your adversary has just declined"
                return fit(e, action - FORCE_ACTION_BASE, False)
            if action == DECLINE_ACTION:
                return f"you have not the first refusal of {e}: pass it, or use or force it"
            if action == PASS_ACTION:
                return f"you have the first refusal of {e}: decline it, or use or force it"
            return None
        if ph in (BUILD, MELD):
            base = mine[s.base] if ph == BUILD and s.base >= 0 else 0
            under_way = format_combination(s.build | base)
            if is_card:
                four, ends = self.lendable(mine) if ph == BUILD else (0, 0)
                if not (h | four | ends) >> action & 1:
                    lend = " and cannot borrow it from your combinations" if ph == BUILD else ""
                    return f"you do not hold {c}{lend}"
                if not s.build:
                    return f"{c} belongs to no combination of your hand cards alone"
                return f"{c} and {under_way} belong to no one combination: {combination}"
            if action == LAY_ACTION:
                return f"{under_way} is not a combination yet: {combination}"
            return None
        if ph in (DISCARD, FORCED):
            if is_card:
                return f"you do not hold {c}"
            if action == MELD_ACTION and ph == DISCARD:
                if not self.hand_melds:
                    return "at this table only the combination of the card used is laid"
                return "no combination can be made of your hand cards alone"
            if action == GO_OUT_ACTION:
                if ph == DISCARD and self.hand_melds:
                    return "lay the combinations of your hand one by one, then you are out"
                if ph == FORCED and not self.forced_go_out:
                    return "at this table a forced player must discard"
                return "the rest of your hand does not form combinations: you must discard"
            return None
        if ph == DISCARD_TARGET:
            d = format_card(s.discard)
            if FORCE_ACTION_BASE <= action < DECLINE_ACTION:
                return fit(d, action - FORCE_ACTION_BASE, False)
            if is_card:
                return f"you have discarded {d}: lay it on the table or force it"
        return None

    def meldable(self, h: int) -> int:
        """The cards of ``h`` that belong to some combination made only of cards of ``h``."""
        t = self.tables
        out = 0
        for s in range(NUM_SUITS):
            x = t.p13[(h >> (s * NUM_RANKS)) & 8191]
            y = x & (x >> 1) & (x >> 2)
            if y:
                out |= t.poscards[s][y | y << 1 | y << 2]
        seen = 0
        for c in cards_of(h):
            rk = t.rank_mask[c]
            if not seen & rk:
                seen |= rk
                if (h & rk).bit_count() >= 3:
                    out |= h & rk
        return out

    def partition(self, h: int) -> tuple[int, ...] | None:
        """Combinations that use every card of ``h`` exactly once, or ``None`` if none do."""
        cache = self._partition_cache
        if h in cache:
            return cache[h]
        result: tuple[int, ...] | None
        if not h:
            result = ()
        else:
            result = None
            t = self.tables
            c = (h & -h).bit_length() - 1
            rk = h & t.rank_mask[c]
            others = cards_of(rk & ~(1 << c))
            options: list[int] = []
            # Triplets and fours holding c.
            for i in range(len(others)):
                for j in range(i + 1, len(others)):
                    options.append((1 << c) | (1 << others[i]) | (1 << others[j]))
            if len(others) == 3:
                options.append(rk)
            # Sequences starting at c (the lowest card of its suit in h).
            s = c // NUM_RANKS
            x = t.p13[(h >> (s * NUM_RANKS)) & 8191]
            p0 = t.pos[c]
            run = 1 << p0
            k = p0 + 1
            while x >> k & 1:
                run |= 1 << k
                if k - p0 >= 2:
                    options.append(t.poscards[s][run])
                k += 1
            for m in options:
                rest = self.partition(h & ~m)
                if rest is not None:
                    result = (m, *rest)
                    break
        if len(cache) > 1 << 16:
            cache.clear()
        cache[h] = result
        return result

    # --- applying actions -------------------------------------------------------------------
    def apply_action(self, s: ConquianState, action: int) -> None:
        ph = s.phase
        p = s.to_move
        at = s.ply
        if ph == DEAL:
            # Seen by its receiver only; ``at`` lets the determinizer re-deal it.
            r = self.deal_recipient(s, s.dealt.bit_count())
            s.log = log_event(s.log, EV_DEAL, r, action, 1 << r, at)
        elif ph == TURN_UP:
            s.log = log_event(s.log, EV_TURN_UP, NO_ACTOR, action, EVERYONE, at)
        elif action < NUM_CARD_ACTIONS:
            if ph in (DISCARD, FORCED):
                kind = EV_DISCARD
            elif ph == BUILD and not s.hands[p] >> action & 1:
                kind = EV_BORROW
            else:
                kind = EV_ADD
            s.log = log_event(s.log, kind, p, action, EVERYONE, at)
        else:
            s.log = log_event(s.log, EV_ACT, p, action)
        s.ply = at + 1
        self._apply[ph](s, action)

    def _apply_over(self, s: ConquianState, a: int) -> None:
        raise AssertionError(f"no action {a} after the game is over")

    def _apply_deal(self, s: ConquianState, c: int) -> None:
        k = s.dealt.bit_count()
        r = self.deal_recipient(s, k)
        b = 1 << c
        s.hands = (s.hands[0] | b, s.hands[1]) if r == 0 else (s.hands[0], s.hands[1] | b)
        s.dealt |= b
        if k == self.deal_cards - 1:
            s.phase = TURN_UP
            s.holder = 1 - s.dealer

    def _apply_turn_up(self, s: ConquianState, c: int) -> None:
        s.dealt |= 1 << c
        s.exposed = c
        s.source = FIRST_REFUSAL
        s.phase = DISPOSAL
        s.to_move = s.holder

    def _apply_disposal(self, s: ConquianState, a: int) -> None:
        p = s.to_move
        e = s.exposed
        eb = 1 << e
        if a == PASS_ACTION:
            s.declined = replace_at(s.declined, p, s.declined[p] | eb)
            s.dead |= eb
            s.exposed = -1
            if s.dealt == self.pack_mask:
                self._end_deal(s, -1)
            else:
                s.phase = TURN_UP
                s.to_move = CHANCE
                s.holder = p
        elif a == DECLINE_ACTION:
            s.declined = replace_at(s.declined, p, s.declined[p] | eb)
            s.holder = 1 - p
            s.source = DECLINED
            s.to_move = 1 - p
        elif a == USE_ACTION:
            s.build = eb
            s.base = -1
            s.exposed = -1
            s.phase = BUILD
        elif a < FORCE_ACTION_BASE:
            i = a - USE_ON_ACTION_BASE
            m = s.combos[p][i]
            s.exposed = -1
            if self.tables.combo[m][0]:
                s.combos = replace_at(s.combos, p, replace_at(s.combos[p], i, m | eb))
                self._after_lay(s, p)
            else:
                s.build = eb
                s.base = i
                s.phase = BUILD
        else:
            i = a - FORCE_ACTION_BASE
            q = 1 - p
            s.combos = replace_at(s.combos, q, replace_at(s.combos[q], i, s.combos[q][i] | eb))
            s.exposed = -1
            s.holder = -1
            self._forced(s, q)

    def _apply_build(self, s: ConquianState, a: int) -> None:
        p = s.to_move
        if a == LAY_ACTION:
            mine = s.combos[p]
            if s.base >= 0:
                mine = replace_at(mine, s.base, mine[s.base] | s.build)
            else:
                mine = (*mine, s.build)
            s.combos = replace_at(s.combos, p, mine)
            s.build = 0
            s.base = -1
            s.borrowed = 0
            self._after_lay(s, p)
            return
        b = 1 << a
        h = s.hands[p]
        if h & b:
            s.hands = replace_at(s.hands, p, h & ~b)
        else:
            mine = s.combos[p]
            i = next(j for j, m in enumerate(mine) if m & b)
            s.combos = replace_at(s.combos, p, replace_at(mine, i, mine[i] & ~b))
            s.borrowed |= b
        s.build |= b

    def _after_lay(self, s: ConquianState, p: int) -> None:
        if s.hands[p] == 0:
            self._end_deal(s, p)
        else:
            s.phase = DISCARD

    def _apply_discard(self, s: ConquianState, a: int) -> None:
        p = s.to_move
        if a == MELD_ACTION:
            s.phase = MELD
            s.build = 0
            return
        if a == GO_OUT_ACTION:
            self._go_out(s, p)
            return
        b = 1 << a
        s.hands = replace_at(s.hands, p, s.hands[p] & ~b)
        info = self.tables.combo
        if any(info[m][1] & b for m in s.combos[1 - p]):
            s.discard = a
            s.phase = DISCARD_TARGET
        else:
            self._expose(s, a, 1 - p)

    def _apply_meld(self, s: ConquianState, a: int) -> None:
        p = s.to_move
        if a == LAY_ACTION:
            s.combos = replace_at(s.combos, p, (*s.combos[p], s.build))
            s.build = 0
            self._after_lay(s, p)
            return
        b = 1 << a
        s.hands = replace_at(s.hands, p, s.hands[p] & ~b)
        s.build |= b

    def _apply_target(self, s: ConquianState, a: int) -> None:
        p = s.to_move
        d = s.discard
        s.discard = -1
        if a == TABLE_ACTION:
            self._expose(s, d, 1 - p)
        else:
            i = a - FORCE_ACTION_BASE
            q = 1 - p
            s.combos = replace_at(s.combos, q, replace_at(s.combos[q], i, s.combos[q][i] | 1 << d))
            self._forced(s, q)

    def _forced(self, s: ConquianState, q: int) -> None:
        if s.hands[q] == 0:
            self._end_deal(s, q)
        else:
            s.phase = FORCED
            s.to_move = q

    def _apply_forced(self, s: ConquianState, a: int) -> None:
        q = s.to_move
        if a == GO_OUT_ACTION:
            self._go_out(s, q)
            return
        s.hands = replace_at(s.hands, q, s.hands[q] & ~(1 << a))
        self._expose(s, a, 1 - q)

    def _go_out(self, s: ConquianState, q: int) -> None:
        """``q`` shows down everything remaining in his hand and wins with eleven down."""
        laid = self.partition(s.hands[q]) or ()
        s.combos = replace_at(s.combos, q, s.combos[q] + laid)
        s.hands = replace_at(s.hands, q, 0)
        self._end_deal(s, q)

    def _expose(self, s: ConquianState, c: int, to: int) -> None:
        s.exposed = c
        s.holder = to
        s.source = DISCARDED
        s.phase = DISPOSAL
        s.to_move = to

    def _end_deal(self, s: ConquianState, winner: int) -> None:
        """Settle the deal (``winner`` -1: a tableau), show the hands, start the next deal."""
        log = s.log
        for q in (0, 1):
            for c in cards_of(s.hands[q]):
                log = log_event(log, EV_SHOW, q, c)
        s.log = log
        if winner < 0:
            s.pool += 1
        else:
            gain = 1 + s.pool
            s.pool = 0
            sc = list(s.scores)
            sc[winner] += gain
            sc[1 - winner] -= gain
            s.scores = (sc[0], sc[1])
        s.results = (*s.results, winner)
        s.deal_no += 1
        s.exposed = -1
        s.holder = -1
        if s.deal_no >= self.deals:
            s.phase = OVER
            s.to_move = TERMINAL
        else:
            s.log = settle_log(s.log)
            s.dealer = 1 - s.dealer
            self._start_deal(s)

    # --- words ------------------------------------------------------------------------------
    def action_to_string(self, s: ConquianState, player: int, action: int) -> str:
        ph = s.phase
        if ph == DEAL:
            k = s.dealt.bit_count()
            who = "pone" if self.deal_recipient(s, k) != s.dealer else "dealer"
            return f"deal {format_card(action)} to {who}"
        if ph == TURN_UP:
            return f"turn up {format_card(action)}"
        p = s.to_move if s.to_move >= 0 else max(player, 0)
        if action < NUM_CARD_ACTIONS:
            c = format_card(action)
            if ph in (BUILD, MELD):
                if s.hands[p] >> action & 1 or ph == MELD:
                    return f"add {c}"
                src = next((m for m in s.combos[p] if m >> action & 1), 0)
                if src and self.is_set(src) and src.bit_count() == 4:
                    return f"borrow {c} from your four"
                return f"borrow {c} from your {format_combination(src)}"
            return f"discard {c}"
        e = s.exposed if ph == DISPOSAL else s.discard if ph == DISCARD_TARGET else -1
        ec = format_card(e) if e >= 0 else "the card"
        if action == USE_ACTION:
            return f"use {ec}"
        if USE_ON_ACTION_BASE <= action < FORCE_ACTION_BASE:
            i = action - USE_ON_ACTION_BASE
            mine = s.combos[p]
            target = format_combination(mine[i]) if i < len(mine) else f"combination {i + 1}"
            return f"use {ec} on your {target}"
        if FORCE_ACTION_BASE <= action < DECLINE_ACTION:
            i = action - FORCE_ACTION_BASE
            theirs = s.combos[1 - p]
            target = format_combination(theirs[i]) if i < len(theirs) else f"combination {i + 1}"
            return f"force {ec} on adversary's {target}"
        if action == DECLINE_ACTION:
            return f"decline {ec}"
        if action == PASS_ACTION:
            return f"pass {ec}"
        if action == LAY_ACTION:
            m = s.build
            if ph == BUILD and s.base >= 0:
                m |= s.combos[p][s.base]
            return f"lay {format_combination(m)}"
        if action == MELD_ACTION:
            return "lay a combination from your hand"
        if action == TABLE_ACTION:
            return f"lay {ec} on the table"
        if action == GO_OUT_ACTION:
            laid = self.partition(s.hands[p]) or ()
            return "go out with " + ", ".join(format_combination(m) for m in laid)
        return f"action {action}"

    def state_string(self, s: ConquianState) -> str:
        lines = [
            f"Conquian deal {min(s.deal_no + 1, self.deals)}/{self.deals}, dealer: player "
            f"{s.dealer}, phase: {PHASE_NAMES[s.phase]}, to move: {seat_words(s.to_move)}"
        ]
        for q in (0, 1):
            combos = " | ".join(format_combination(m) for m in s.combos[q]) or "-"
            lines.append(
                f"player {q}: hand {_cards(s.hands[q])}; down {combos}; "
                f"declined {_cards(s.declined[q])}"
            )
        lines.append(_exposed_line(s.exposed, s.holder, s.source, absolute=True))
        if s.build or s.phase in (BUILD, MELD):
            base = f", extending combination {s.base + 1}" if s.base >= 0 else ""
            lines.append(f"building {_cards(s.build)} (borrowed {_cards(s.borrowed)}){base}")
        if s.discard >= 0:
            lines.append(f"discard chosen: {format_card(s.discard)}")
        lines.append(f"dead pile: {_cards(s.dead)}")
        lines.append(f"stock: {_cards(self.pack_mask & ~s.dealt)}")
        lines.append(
            f"scores {s.scores[0]} {s.scores[1]}, tableau pool {s.pool}, results {list(s.results)}"
        )
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def card_zones(self, s: ConquianState) -> dict[str, int]:
        zones = {
            "hand0": s.hands[0],
            "hand1": s.hands[1],
            "down0": _union(s.combos[0]),
            "down1": _union(s.combos[1]),
            "being_laid": s.build,
            "exposed": 1 << s.exposed if s.exposed >= 0 else 0,
            "discard_chosen": 1 << s.discard if s.discard >= 0 else 0,
            "dead": s.dead,
            "stock": self.pack_mask & ~s.dealt,
        }
        return zones


# --- small functions ------------------------------------------------------------------------


def _union(masks: Sequence[int]) -> int:
    u = 0
    for m in masks:
        u |= m
    return u


def _cards(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def _result(r: int, me: int) -> str:
    return "tableau" if r < 0 else "won" if r == me else "lost"


def _exposed_line(e: int, holder: int, source: int, absolute: bool) -> str:
    del absolute  # Unused: the state string names players by id.
    if e < 0:
        return "exposed: none"
    return f"exposed: {format_card(e)} at player {holder}'s disposal ({SOURCE_NAMES[source]})"
