"""Calabrasella, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "CALABRASELLA").

The rules follow RULES.md §3 and the book's own words (``shared/seeds``, from "This is a very
popular game" to "VINT."). Where the book is silent a gap is filled by an ASSUMPTION below; where
two readings are reasonable the other one is a parameter.

The game
--------
Three players, two against one in each deal (four may play: the dealer then takes no cards and
shares the fortunes of the two adversaries). The Spanish pack of forty cards ranks **3 2 A K Q J
7 6 5 4** in every suit; there are no trumps (:func:`calabrasella_tricks`).
Twelve cards each are dealt four at a time from the eldest hand; the last four form the
**talon**. In turn the eldest hand, the player on his left and the dealer **stand** (play alone
against the other two) or **pass**; the first to stand is the **single player**. He **asks** for
a 3 (when he holds all four 3s he may ask for a 2): the adversary who holds it gives it up and receives in
exchange a card from the single player's hand, which the other adversary does not see; if the
card is in the talon nothing happens. He **discards** one to four cards face down; the talon is
turned face up and he **takes** exactly as many of its cards as he discarded; the rest go face
down with his discards to form the four-card **stock**, which belongs to the winner of the last
trick. The eldest hand leads; players follow suit if able, with no obligation to win; the highest
card of the suit led wins. Counting cards: each Ace 3, each 3 2 K Q J 1, the last trick 3 (with
the stock's counting cards): 35 in all. The value of the game is the difference of the two
sides' points, 70 if one side has all 35; the single player wins it from each adversary with 18
or more and loses it to each with 17 or fewer.

ASSUMPTIONS (RULES.md §3, and where this module had to choose)
----------------------------------------------------------------
1. *The deal*: four at a time, from the eldest hand round the table (the dealer, or in the
   four-handed game the player on his right, last), three rounds, then the four talon cards,
   each card a chance node drawing uniformly from the cards not yet dealt. The cut is not
   played. ``first_dealer`` (default ``-1``: the last seat, so seat 0 is the eldest hand).
2. *All pass* (``all_pass``): ``void`` (the default: the deal is void, every return 0: one
   episode is one deal) or ``redeal``: the deal passes to the left and a new deal is played, up
   to ``max_deals`` deals (then void), so that the game stays finite.
3. *Asking for a 3 is compulsory* ("If any player stands, he asks for the 3 of any suit he
   pleases"): he names a 3 **he does not hold** (asking for his own would be a way to refuse the
   exchange, which the book does not give). *Asking for a 2 is his choice*: "If he has all four
   3's in his hand he **may** ask for a 2, but for no lower card" — he names a 2 he does not hold
   or asks for nothing (``NO_ASK_ACTION``) and goes to his discard. Either way the table learns
   that he holds every 3 (the determinizer keeps them with him). If he holds all the 3s and all
   the 2s, there is nothing to ask and he goes straight to his discard (the table learns that
   too).
4. *The exchange card* is any card of his hand but the one just received.
5. *Discards and takings* are made one card at a time in rising card order (one sequence per
   set: the order of a face-down discard means nothing); after the first discard "done" ends
   the discard; the fourth discard ends it by itself. If he discards as many as the talon holds,
   he takes the whole talon without choosing. He may discard the 3 he received.
6. *What is seen*: the ask and who gives the card up are public (the table sees the card handed
   over); the exchanged card only by the single player and the adversary who receives it; the
   discards only by the single player (their number by all); the talon by all once it is turned
   up, and which of its cards he takes. The stock is shown to all at the end of the deal
   ("each side then turns over its cards"). Played cards are seen by all, and so is who won each
   trick. In the four-handed game the dealer sees what the table shows, nothing else.
7. *Payment* (``players=4``): the dealer pays or receives the value like the two adversaries (as
   in Skat), so the single player wins or loses three times the value.
8. *Reduced packs* (``ranks``, ``suits``, ``hand_size``): the pack is the ``ranks`` highest
   ranks of 3 2 A K Q J 7 6 5 4 in the first ``suits`` suits (♠ ♥ ♦ ♣); the talon is what is left
   after the deal (one card at least) and he discards at most ``min(4, talon)``. The points are
   those of the cards in the pack plus 3 for the last trick (``total``); the single player wins
   with more than half of them (18 of 35). For exact solving and fast tests only.
   ``GameSpec.tiny_config`` (for OpenSpiel's full-tree solvers) is ♠♥ 3 2, one card each and
   a talon of one: the declarations, the ask, the exchange, the discard and one trick, in a
   tree of 821 nodes.
9. *The revoke penalty* (RULES.md §3.5) cannot arise here (only legal plays are offered); the
   scoring function :func:`settle` takes it as an argument: 9 points move from the side in
   error to the other side (never more than the side in error has), so 24-11 with a revoke by
   an adversary is 33-2 and the single player wins 31 (RULES.md §3.7.4).

Returns: one unit is one point of value. The single player receives (or pays) the value from
(to) each adversary (and the dealer of the four-handed game), so returns are zero-sum:
single ``±2v`` (``±3v`` four-handed), every other seat ``∓v``. A void deal returns 0 to all.

Parameters
----------
=============  ========  =======================================================================
name           default   meaning
=============  ========  =======================================================================
players        3         3, or 4 (the dealer takes no cards and pays/receives with the
                         adversaries)
first_dealer   -1        the dealer of the first deal; -1 = the last seat (assumption 1)
all_pass       void      ``void`` or ``redeal`` when all three pass (assumption 2)
max_deals      3         with ``redeal``: deals played before an all-pass deal is void
ranks          10        ranks in the pack, highest first (assumption 8)
suits          4         suits in the pack (assumption 8)
hand_size      12        cards dealt to each of the three players (assumption 8)
=============  ========  =======================================================================

Actions
-------
==========================  =======  ===========================================================
action                      ids      meaning (``action_to_string``)
==========================  =======  ===========================================================
card id                     0-51     by phase: "play ♥5", "give ♥5" (the exchange), "discard
                                     ♥5", "take ♥5" (from the talon); chance: "deal ♥5 to
                                     player 1" / "deal ♥5 to the talon"
``STAND_ACTION``            52       "stand"
``PASS_ACTION``             53       "pass"
``ASK_THREE_ACTION_BASE``   54-57    + suit: "ask for ♥3"
``ASK_TWO_ACTION_BASE``     58-61    + suit: "ask for ♥2" (holding all the 3s)
``DONE_ACTION``             62       "done discarding"
``NO_ASK_ACTION``           63       "ask for nothing" (holding all the 3s, assumption 3)
==========================  =======  ===========================================================

``NUM_DISTINCT_ACTIONS`` = 64. Chance outcomes are card ids (``max_chance_outcomes`` = 52).

Bound on the game length
------------------------
A deal has at most 3 declarations, 1 ask, 1 exchange, 4 discards and "done", 4 takings and
3 × ``hand_size`` plays: 50 decisions for the book's deal; with ``redeal`` every deal before the
last is void after its 3 passes, so ``3 (max_deals - 1) + 50``. Chance nodes: the pack once a
deal.

Observation tensor (``perfect_recall=False``; cards by their place in the pack, P = 40; seats
relative to the viewer, 0 = me, N = players)
----------------------------------------------------------------------------------------------
==============  =========  =====================================================================
piece           shape      contents
==============  =========  =====================================================================
hand            (P,)       my hand
played          (N, P)     cards each seat has played
won             (2, P)     cards in the tricks of the single player / of the adversaries
trick           (3, P)     the current trick's cards, in playing order
leader          (N,)       who led the current trick
voids           (N, 4)     suits each seat is known to lack (did not follow)
talon           (P,)       the talon, once turned up
taken           (P,)       the talon cards the single player took
stock           (P,)       stock cards I know (the talon's rest; my discards; all at the end)
discards        (P,)       my discards (single player only)
asked           (P,)       the card asked for
giver           (N + 1,)   who gave it up (a seat, or the talon)
exchanged       (P,)       the card given in exchange, if I handled it
declared        (N, 3)     per seat: not yet, passed, stood
single          (N + 1,)   the single player (a seat, or none yet)
phase           (8,)       one-hot phase
to_move         (N + 1,)   a seat, or nobody (chance / over)
dealer          (N,)       the dealer
sizes           (N,)       hand sizes / (hand_size + 1) (13 while the exchange is made)
ndiscards       (5,)       the number of cards discarded, one-hot
points          (2,)       points won so far by the single player / the adversaries, / total
progress        (2,)       tricks played / tricks, deals played / max_deals
==============  =========  =====================================================================

Every entry is in [0, 1]. The information state (``perfect_recall=True``) adds ``events`` (max
events × (12 + N + 64)): one row per event the player saw, in order: its kind (12), the seat
(relative) and the card or action (none for what he did not see: a card dealt to another seat or
the talon, another's discard, an exchange he did not handle).

Determinizer
------------
``resample_history`` re-deals, for the player, every card whose place he does not know, by where
it is now (each other seat's hand, the single player's discards, the talon before it is turned
up, the cards not yet dealt) with :func:`hoyle.envs.core.determinize.deal_hidden`, respecting what
the table knows: a seat that did not follow suit holds none of it; the asked card (and, when a 2
was asked or nothing was, every 3; when there was nothing to ask, every 2 too) is in the single
player's hand or discards; a 3 asked for and not given up is in the talon. It then rebuilds each seat's dealt hand (the card asked for back to its giver, the
exchanged card back to the single player, the discards and takings undone) and rewrites the deal
and the hidden actions (the exchange card the player did not see, the discards) of the history.

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance
by the legal outcomes), one core of the development machine: about 40,000 steps a second, 510
deals a second three-handed (79 steps a deal; 87% of random deals are played, the rest all pass);
four-handed about 35,000 steps a second.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

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
    SUIT_SYMBOLS,
    THREE,
    TWO,
    card,
    cards_of,
    format_card,
    suit_of,
)
from hoyle.envs.core.determinize import deal_hidden
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import pack_index, set_cards, set_one_hot
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
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
"""4 Aces × 3 + 20 other counting cards × 1 + the last trick 3 (RULES.md §3.7.6)."""
WINNING_POINTS = 18
REVOKE_PENALTY = 9
PACKET = 4
"""Cards dealt at a time (§3.2)."""
ACTIVE = 3
"""Players who take cards."""

CALABRASELLA_RANKS: tuple[int, ...] = (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR)
"""§3.1: 3 2 A K Q J 7 6 5 4."""
CALABRASELLA_POINTS: tuple[int, ...] = points_table(
    {ACE: 3, THREE: 1, TWO: 1, KING: 1, QUEEN: 1, JACK: 1}
)
"""§3.4: each Ace 3; each 3, 2, K, Q, J 1 (32 in the pack; the last trick adds 3 → 35)."""
_TRICKS = build_tricks("calabrasella", CALABRASELLA_RANKS, NO_TRUMP)


def calabrasella_tricks() -> TrickRules:
    """§3.1, §3.3: 3 2 A K Q J 7 6 5 4 in every suit, no trumps, follow suit if able, otherwise
    any card, no obligation to win (the last trick's 3 points are the game's business)."""
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

# Event log: 2-byte codes kind << 9 | seat << 7 | value (value a card or action, HIDDEN when
# the player did not see it; seat absolute, made relative in the tensor).
(
    EV_DEAL,  # card dealt to seat
    EV_TALON,  # card dealt to the talon (never seen)
    EV_ACT,  # seat's decision (value: action; HIDDEN: a discard or exchange not seen)
    EV_GIVE_UP,  # seat gave up the card asked for
    EV_IN_TALON,  # the card asked for is in the talon
    EV_EXPOSE,  # talon card turned up
    EV_TAKE_ALL,  # talon card taken without choosing (the whole talon)
    EV_TRICK,  # seat won the trick (value: its points)
    EV_STOCK,  # stock card shown at the end
    EV_NEW_DEAL,  # all passed; the deal passes to seat
    EV_RECEIVE,  # the exchanged card received (by the giver of the asked card)
    EV_LAST,  # seat won the last trick and the stock
) = range(12)
NUM_EVENT_KINDS = 12
HIDDEN = 127
EVENT_VALUES = NUM_DISTINCT_ACTIONS
_CODE_BYTES = tuple(c.to_bytes(2, "big") for c in range(1 << 13))
EVENT_NAMES = (
    "dealt", "dealt to the talon", "", "gave up", "is in the talon", "talon shows",
    "takes from the talon", "won the trick", "stock shows", "all passed; new deal, dealer",
    "received in exchange", "won the last trick and the stock",
)  # fmt: skip


def settle(
    single_points: int,
    total: int = TOTAL_POINTS,
    revoke: str | None = None,
    penalty: int = REVOKE_PENALTY,
) -> int:
    """The single player's signed result against each adversary (RULES.md §3.4, §3.5).

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


# --- the state ------------------------------------------------------------------------------


class CalabrasellaState(PlainState):
    """One moment of a Calabrasella deal. Every slot holds an immutable value.

    Per seat (``players`` entries): ``hands``, ``declared``, ``played``, ``voids`` (a 4-bit
    mask of suits the seat showed out of), ``logs`` (its event log, what it saw). ``active``:
    the three seats that take cards, eldest hand first. ``talon``: the talon's cards (until the
    stock is formed); ``stock``: the stock. ``won``: the cards in the tricks of the single
    player and of the adversaries; ``points``: their counts so far. ``t0``: the history index of
    the deal's first card; ``ex_pos``/``disc_pos``: history indices of the exchange and the
    discard decisions (rewritten by the determinizer).
    """

    __slots__ = (
        "active",
        "asked",
        "deal_no",
        "dealer",
        "dealt",
        "declared",
        "disc_pos",
        "discards",
        "ex_pos",
        "exposed",
        "given",
        "giver",
        "hands",
        "last_winner",
        "leader",
        "logs",
        "nact",
        "ndealt",
        "phase",
        "played",
        "points",
        "result",
        "single",
        "stock",
        "t0",
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
    ndealt: int
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
    logs: tuple[bytes, ...]
    nact: int
    t0: int
    ex_pos: int
    disc_pos: tuple[int, ...]


# --- the player's view ----------------------------------------------------------------------


@dataclass(frozen=True)
class CalabrasellaView:
    """What one seat sees: its hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``given`` is the exchanged card if this seat handled it, else
    ``-1`` (``exchanged`` says whether an exchange was made); ``discards`` are this seat's own
    discards (0 for the others; ``ndiscards`` is public); ``stock_known`` the stock cards it
    knows. ``log`` is its event log (``events`` decodes it).
    """

    player: int
    players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    active: tuple[int, ...]
    hand: int
    hand_sizes: tuple[int, ...]
    declared: tuple[int, ...]
    single: int
    asked: int
    giver: int
    given: int
    exchanged: bool
    discards: int
    ndiscards: int
    talon: int
    taken: int
    stock_known: int
    trick: tuple[int, ...]
    leader: int
    tricks_done: int
    won: tuple[int, int]
    points: tuple[int, int]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    last_winner: int
    result: int
    log: bytes = field(repr=False)
    rules: CalabrasellaRules = field(compare=False, repr=False)

    @property
    def events(self) -> tuple[tuple[int, int, int], ...]:
        """Every event this seat saw, oldest first: ``(kind, seat, value)`` (``EV_*``; value
        ``HIDDEN`` for what it did not see)."""
        return decode_events(self.log)

    @property
    def is_single(self) -> bool:
        return self.single == self.player

    def side(self, seat: int) -> int:
        """0 for the single player, 1 for the others (the adversaries, the idle dealer)."""
        return 0 if seat == self.single else 1

    def unseen(self) -> int:
        """Cards of the pack whose place this seat does not know."""
        seen = self.hand | self.discards | self.stock_known | self.taken | self.talon
        for m in self.played:
            seen |= m
        for c in self.trick:
            seen |= 1 << c
        if self.given >= 0:
            seen |= 1 << self.given
        return self.rules.pack_mask & ~seen


# --- the rules ------------------------------------------------------------------------------


class CalabrasellaRules:
    """The rules of Calabrasella for one parameter set (pure: no pyspiel, no randomness)."""

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
        # Deal schedule: index into the active seats (0 eldest), or ACTIVE for the talon.
        schedule: list[int] = []
        given = [0, 0, 0]
        while min(given) < self.hand_size:
            for i in range(ACTIVE):
                k = min(PACKET, self.hand_size - given[i])
                schedule += [i] * k
                given[i] += k
        schedule += [ACTIVE] * self.talon_size
        self.deal_to = tuple(schedule)
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
        self.max_events = (self.pack_size + 4) * (self.max_deals - 1) + per_deal_events
        self._outcome_cache: tuple[int, list[tuple[int, float]]] = (-1, [])

    # --- helpers ----------------------------------------------------------------------------
    def active_seats(self, dealer: int) -> tuple[int, ...]:
        """The three seats that take cards, eldest hand first (the dealer sits out with 4)."""
        n = self.num_players
        return tuple((dealer + 1 + i) % n for i in range(ACTIVE))

    def deal_recipient(self, s: CalabrasellaState, k: int) -> int:
        """The seat receiving the ``k``-th card of the deal, or ``-1`` for the talon."""
        i = self.deal_to[k]
        return -1 if i == ACTIVE else s.active[i]

    def adversaries(self, s: CalabrasellaState) -> tuple[int, ...]:
        """The single player's two adversaries (the seats that take cards)."""
        return tuple(q for q in s.active if q != s.single)

    def _log(self, s: CalabrasellaState, kind: int, seat: int, value: int, seen: Any) -> None:
        """Append an event to every log; ``seen(q)`` says whether seat ``q`` sees the value."""
        base = kind << 9 | (max(seat, 0) & 3) << 7
        full = _CODE_BYTES[base | value]
        hidden = _CODE_BYTES[base | HIDDEN]
        s.logs = tuple(
            log + (full if seen is True or (seen is not False and seen(q)) else hidden)
            for q, log in enumerate(s.logs)
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> CalabrasellaState:
        s = CalabrasellaState()
        s.logs = tuple(b"" for _ in range(self.num_players))
        s.nact = 0
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
        s.ndealt = 0
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
        s.t0 = s.nact
        s.ex_pos = -1
        s.disc_pos = ()

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
        undealt = self.pack_mask & ~s.dealt
        key, out = self._outcome_cache
        if key == undealt:
            return out
        cs = cards_of(undealt)
        p = 1.0 / len(cs)
        out = [(c, p) for c in cs]
        self._outcome_cache = (undealt, out)
        return out

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
        s.nact += 1

    def _apply_deal(self, s: CalabrasellaState, c: int) -> None:
        bit = 1 << c
        q = self.deal_recipient(s, s.ndealt)
        s.dealt |= bit
        s.ndealt += 1
        if q < 0:
            s.talon |= bit
            self._log(s, EV_TALON, 0, c, False)
        else:
            s.hands = replace_at(s.hands, q, s.hands[q] | bit)
            self._log(s, EV_DEAL, q, c, lambda v: v == q)
        if s.ndealt == self.pack_size:
            s.phase = DECLARE
            s.to_move = s.active[0]

    def _apply_declare(self, s: CalabrasellaState, a: int) -> None:
        p = s.to_move
        self._log(s, EV_ACT, p, a, True)
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
            self._log(s, EV_NEW_DEAL, s.dealer, 0, True)
            self._start_deal(s)
            s.t0 = s.nact + 1  # the next history entry is the new deal's first card
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
        if a == NO_ASK_ACTION:
            self._log(s, EV_ACT, p, a, True)
            s.giver = ASKED_NOTHING
            self._to_discard(s)
            return
        suit = (a - ASK_THREE_ACTION_BASE) % NUM_SUITS
        c = card(suit, THREE if a < ASK_TWO_ACTION_BASE else TWO)
        bit = 1 << c
        s.asked = c
        self._log(s, EV_ACT, p, a, True)
        for q in s.active:
            if q != p and s.hands[q] & bit:
                s.giver = q
                hands = replace_at(s.hands, q, s.hands[q] & ~bit)
                s.hands = replace_at(hands, p, hands[p] | bit)
                self._log(s, EV_GIVE_UP, q, c, True)
                s.phase = EXCHANGE
                return
        s.giver = TALON_GIVER
        self._log(s, EV_IN_TALON, 0, c, True)
        self._to_discard(s)

    def _apply_exchange(self, s: CalabrasellaState, c: int) -> None:
        p, q = s.single, s.giver
        bit = 1 << c
        hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.hands = replace_at(hands, q, hands[q] | bit)
        s.given = c
        s.ex_pos = s.nact
        self._log(s, EV_ACT, p, c, lambda v: v in (p, q))
        self._to_discard(s)

    def _to_discard(self, s: CalabrasellaState) -> None:
        s.phase = DISCARD
        s.to_move = s.single

    def _apply_discard(self, s: CalabrasellaState, a: int) -> None:
        p = s.single
        if a == DONE_ACTION:
            self._log(s, EV_ACT, p, a, True)
            self._expose(s)
            return
        bit = 1 << a
        s.hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.discards |= bit
        s.disc_pos = (*s.disc_pos, s.nact)
        self._log(s, EV_ACT, p, a, lambda v: v == p)
        if s.discards.bit_count() == self.max_discards:
            self._expose(s)

    def _expose(self, s: CalabrasellaState) -> None:
        s.exposed = True
        for c in cards_of(s.talon):
            self._log(s, EV_EXPOSE, 0, c, True)
        if s.discards.bit_count() == self.talon_size:
            p = s.single
            for c in cards_of(s.talon):
                self._log(s, EV_TAKE_ALL, p, c, True)
            s.taken = s.talon
            s.hands = replace_at(s.hands, p, s.hands[p] | s.talon)
            self._to_play(s)
        else:
            s.phase = TAKE
            s.to_move = s.single

    def _apply_take(self, s: CalabrasellaState, c: int) -> None:
        p = s.single
        bit = 1 << c
        s.taken |= bit
        s.hands = replace_at(s.hands, p, s.hands[p] | bit)
        self._log(s, EV_ACT, p, c, True)
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
        self._log(s, EV_ACT, p, c, True)
        seats = self.trick_orders[s.dealer][s.leader]
        s.hands, s.trick, s.voids, s.to_move, w = play_to_trick(
            self.tricks, s.hands, s.trick, s.voids, seats, c
        )
        if w < 0:
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
        self._log(s, EV_TRICK, w, min(pts, HIDDEN - 1), True)
        s.trick = ()
        s.leader = w
        if last:
            s.last_winner = w
            self._log(s, EV_LAST, w, 0, True)
            for x in cards_of(s.stock):
                self._log(s, EV_STOCK, 0, x, True)
            s.result = settle(s.points[0], self.total)
            s.phase = OVER
            s.to_move = TERMINAL

    # --- words --------------------------------------------------------------------------------
    def seat_name(self, s: CalabrasellaState, q: int) -> str:
        if q not in s.active:
            return f"player {q} (dealer, out)"
        i = s.active.index(q)
        role = ("eldest hand", "second hand", "third hand")[i]
        return f"player {q} ({role})"

    def action_to_string(self, s: CalabrasellaState, player: int, action: int) -> str:
        if player == CHANCE:
            q = self.deal_recipient(s, s.ndealt) if s.ndealt < self.pack_size else -1
            to = "the talon" if q < 0 else f"player {q}"
            return f"deal {format_card(action)} to {to}"
        if action == STAND_ACTION:
            return "stand"
        if action == PASS_ACTION:
            return "pass"
        if action == DONE_ACTION:
            return "done discarding"
        if action == NO_ASK_ACTION:
            return "ask for nothing"
        if ASK_THREE_ACTION_BASE <= action < DONE_ACTION:
            suit = (action - ASK_THREE_ACTION_BASE) % NUM_SUITS
            rank = THREE if action < ASK_TWO_ACTION_BASE else TWO
            return f"ask for {format_card(card(suit, rank))}"
        if 0 <= action < NUM_CARD_ACTIONS:
            verb = {EXCHANGE: "give", DISCARD: "discard", TAKE: "take"}.get(s.phase, "play")
            return f"{verb} {format_card(action)}"
        return f"action {action}"

    def state_string(self, s: CalabrasellaState) -> str:
        lines = [
            f"Calabrasella, {self.num_players} players, deal {s.deal_no + 1}, dealer "
            f"player {s.dealer}; phase: {PHASE_NAMES[s.phase]}; to move: {seat_words(s.to_move)}"
        ]
        for q in range(self.num_players):
            decl = ("", ", passed", ", stands")[s.declared[q]]
            lines.append(
                f"{self.seat_name(s, q)}: hand {_cards(s.hands[q])}; played "
                f"{_cards(s.played[q])}{decl}"
            )
        lines.append(f"talon: {_cards(s.talon)}{' (turned up)' if s.exposed else ''}")
        if s.single >= 0:
            lines.append(f"single player: player {s.single}")
        if s.asked >= 0:
            src = "the talon" if s.giver == TALON_GIVER else f"player {s.giver}"
            ex = f", exchanged for {format_card(s.given)}" if s.given >= 0 else ""
            lines.append(f"asked for {format_card(s.asked)}: from {src}{ex}")
        if s.discards or s.phase >= TAKE:
            lines.append(f"discards: {_cards(s.discards)}; taken: {_cards(s.taken)}")
        if s.phase >= PLAY:
            lines.append(f"stock: {_cards(s.stock)}")
            lines.append(
                f"trick {s.tricks_done + 1}: {_cards_in_order(s.trick)} (led by player "
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

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: CalabrasellaState, player: int) -> CalabrasellaView:
        single = s.single
        handled = player == single or player == s.giver
        if s.phase == OVER:
            stock_known = s.stock
        elif s.phase >= PLAY:
            stock_known = s.stock & ~s.discards | (s.discards if player == single else 0)
        else:
            stock_known = 0
        return CalabrasellaView(
            player=player,
            players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            active=s.active,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            declared=s.declared,
            single=single,
            asked=s.asked,
            giver=s.giver,
            given=s.given if handled else -1,
            exchanged=s.given >= 0,
            discards=s.discards if player == single else 0,
            ndiscards=s.discards.bit_count(),
            talon=s.talon if s.exposed else 0,
            taken=s.taken,
            stock_known=stock_known,
            trick=s.trick,
            leader=s.leader,
            tricks_done=s.tricks_done,
            won=s.won if s.phase == OVER else (s.won[0] & ~s.stock, s.won[1] & ~s.stock),
            points=s.points,
            played=s.played,
            voids=s.voids,
            last_winner=s.last_winner,
            result=s.result,
            log=s.logs[player],
            rules=self,
        )

    private_pieces = ("hand", "stock", "discards", "exchanged")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and as the
    single player his discards and the stock he knows by them, the card he gave in exchange."""

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        p, n = self.pack_size, self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (p,)),
            ("played", (n, p)),
            ("won", (2, p)),
            ("trick", (ACTIVE, p)),
            ("leader", (n,)),
            ("voids", (n, NUM_SUITS)),
            ("talon", (p,)),
            ("taken", (p,)),
            ("stock", (p,)),
            ("discards", (p,)),
            ("asked", (p,)),
            ("giver", (n + 1,)),
            ("exchanged", (p,)),
            ("declared", (n, 3)),
            ("single", (n + 1,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (n + 1,)),
            ("dealer", (n,)),
            ("sizes", (n,)),
            ("ndiscards", (MAX_DISCARDS + 1,)),
            ("points", (2,)),
            ("progress", (2,)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, NUM_EVENT_KINDS + n + EVENT_VALUES)))
        return pieces

    def encode_view(
        self, view: CalabrasellaView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        idx = self.pack_index
        me, n = view.player, self.num_players

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand, idx)
        for q in range(n):
            r = rel(q)
            set_cards(out["played"][r], view.played[q], idx)
            for suit in range(NUM_SUITS):
                if view.voids[q] >> suit & 1:
                    out["voids"][r, suit] = 1.0
            out["declared"][r, view.declared[q]] = 1.0
            out["sizes"][r] = view.hand_sizes[q] / (self.hand_size + 1)
        set_cards(out["won"][0], view.won[0], idx)
        set_cards(out["won"][1], view.won[1], idx)
        for i, c in enumerate(view.trick):
            out["trick"][i, idx[c]] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        set_cards(out["talon"], view.talon, idx)
        set_cards(out["taken"], view.taken, idx)
        set_cards(out["stock"], view.stock_known, idx)
        set_cards(out["discards"], view.discards, idx)
        if view.asked >= 0:
            out["asked"][idx[view.asked]] = 1.0
            out["giver"][n if view.giver == TALON_GIVER else rel(view.giver)] = 1.0
        if view.given >= 0:
            out["exchanged"][idx[view.given]] = 1.0
        out["single"][n if view.single < 0 else rel(view.single)] = 1.0
        out["phase"][view.phase] = 1.0
        out["to_move"][n if view.to_move < 0 else rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        set_one_hot(out["ndiscards"], view.ndiscards)
        out["points"][0] = min(view.points[0], self.total) / self.total
        out["points"][1] = min(view.points[1], self.total) / self.total
        out["progress"][0] = view.tricks_done / self.num_tricks
        out["progress"][1] = view.deal_no / self.max_deals
        if perfect_recall and view.log:
            codes = np.frombuffer(view.log, dtype=">u2").astype(np.int64)
            rows = np.arange(codes.shape[0])
            block = out["events"]
            block[rows, codes >> 9] = 1.0
            seats = (((codes >> 7) & 3) - me) % n
            block[rows, NUM_EVENT_KINDS + seats] = 1.0
            values = codes & 127
            known = values != HIDDEN
            block[rows[known], NUM_EVENT_KINDS + n + values[known]] = 1.0

    def view_string(self, view: CalabrasellaView, perfect_recall: bool) -> str:
        me = view.player
        n = self.num_players
        role = (
            "the single player"
            if view.single == me
            else "an adversary"
            if view.single >= 0 and me in view.active
            else "the dealer (no cards)"
            if me not in view.active
            else "undeclared"
        )
        lines = [
            f"Calabrasella, deal {view.deal_no + 1}; you are player {me}, {role}; dealer "
            f"player {view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: "
            f"{'you' if view.to_move == me else seat_words(view.to_move)}",
            f"Your hand: {_cards(view.hand)}",
            "Hands: " + ", ".join(f"player {q} {view.hand_sizes[q]}" for q in range(n)),
            "Declared: "
            + ", ".join(
                f"player {q} {('-', 'passed', 'stood')[view.declared[q]]}" for q in view.active
            ),
        ]
        if view.asked >= 0:
            src = "the talon" if view.giver == TALON_GIVER else f"player {view.giver}"
            lines.append(
                f"Asked for {format_card(view.asked)}: it was in {src}"
                if src == "the talon"
                else f"Asked for {format_card(view.asked)}: given up by {src}"
            )
        if view.exchanged:
            seen = format_card(view.given) if view.given >= 0 else "a card you did not see"
            lines.append(f"Given in exchange: {seen}")
        if view.ndiscards or (view.phase >= TAKE and view.single >= 0):
            own = f" ({_cards(view.discards)})" if view.discards else ""
            lines.append(f"Discarded: {view.ndiscards} card(s){own}")
        if view.talon:
            lines.append(f"Talon turned up: {_cards(view.talon)}; taken: {_cards(view.taken)}")
        if view.phase >= PLAY and view.single >= 0:
            lines.append(f"Stock (known to you): {_cards(view.stock_known)}")
            lines.append(
                f"Trick {min(view.tricks_done + 1, self.num_tricks)}: "
                f"{_cards_in_order(view.trick)} (led by player {view.leader})"
            )
            for q in view.active:
                void = "".join(SUIT_SYMBOLS[x] for x in range(NUM_SUITS) if view.voids[q] >> x & 1)
                lines.append(
                    f"player {q} played {_cards(view.played[q])}"
                    + (f"; void in {void}" if void else "")
                )
            lines.append(f"Points: single player {view.points[0]}, adversaries {view.points[1]}")
        if view.phase == OVER and view.single >= 0:
            lines.append(
                f"Result: {view.result:+d} for the single player from each other seat; last "
                f"trick: player {view.last_winner}"
            )
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + _event_words(k, q, v) for k, q, v in view.events)
        return "\n".join(lines)

    # --- the determinizer ---------------------------------------------------------------------
    def hidden_deals(
        self, s: CalabrasellaState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """Not used (``resample_history`` respects the voids); kept for the contract: the deal
        positions of the cards ``player`` has not seen, before any card is played or moved."""
        own = s.hands[player]
        pos = [
            s.t0 + k
            for k in range(s.ndealt)
            if not (own >> history[s.t0 + k] & 1) and s.phase <= DECLARE
        ]
        return pos, [history[i] for i in pos] + cards_of(self.pack_mask & ~s.dealt)

    def resample_history(
        self,
        s: CalabrasellaState,
        player: int,
        history: Sequence[int],
        sampler: ProbabilitySampler,
    ) -> list[int]:
        """A history ``player`` cannot tell from this one, its hidden cards re-dealt uniformly
        among the placements that respect what the table knows (see "Determinizer")."""
        if s.phase == OVER:
            return list(history)
        single, giver = s.single, s.giver
        played_all = 0
        for m in s.played:
            played_all |= m
        for c in s.trick:
            played_all |= 1 << c
        # Cards whose place the player knows for certain stay where they are.
        certain = s.hands[player] | played_all
        if s.exposed:
            certain |= s.talon  # taken (in the single player's hand) or in the stock
        if s.given >= 0 and player in (single, giver):
            certain |= 1 << s.given
        if player == single:
            certain |= s.discards
        pool_mask = self.pack_mask & ~certain
        # Holders by where the cards are now.
        holders: list[Hashable] = []
        for q in s.active:
            if q != player:
                holders += [q] * (s.hands[q] & pool_mask).bit_count()
        if player != single and s.discards:
            holders += ["discards"] * s.discards.bit_count()
        if not s.exposed and s.talon:
            holders += ["talon"] * s.talon.bit_count()
        if not holders:
            return list(history)
        forbidden: dict[Hashable, int] = {}
        for q in s.active:
            m = 0
            for suit in range(NUM_SUITS):
                if s.voids[q] >> suit & 1:
                    m |= self.suit_masks[suit]
            forbidden[q] = m
        if s.asked >= 0:
            # The card asked for is in the talon (nobody gave it up), or the single player's
            # (hand or discards); when a 2 was asked for, he held every 3.
            abit = 1 << s.asked
            others = [q for q in s.active if q != single]
            if giver == TALON_GIVER:
                for q in s.active:
                    forbidden[q] |= abit
                forbidden["discards"] = abit
            else:
                for h in [*others, "talon"]:
                    forbidden[h] = forbidden.get(h, 0) | abit
            if _rank_is_two(s.asked):
                for h in [*others, "talon"]:
                    forbidden[h] = forbidden.get(h, 0) | self.threes
        elif giver in (ASKED_NOTHING, NOTHING_TO_ASK):
            # He held every 3 (he asked for nothing, or could not ask: every 2 as well).
            held = self.threes | (self.twos if giver == NOTHING_TO_ASK else 0)
            for h in [*(q for q in s.active if q != single), "talon"]:
                forbidden[h] = forbidden.get(h, 0) | held
        pool = cards_of(pool_mask)
        try:
            drawn = deal_hidden(holders, pool, forbidden, sampler)
        except ValueError:
            return list(history)
        # Where the cards are now, in the new world.
        now: dict[Hashable, int] = {}
        for h, c in zip(holders, drawn, strict=True):
            now[h] = now.get(h, 0) | 1 << c
        hands = list(s.hands)
        for q in s.active:
            if q != player:
                hands[q] = (s.hands[q] & ~pool_mask) | now.get(q, 0)
        discards = s.discards if player == single else now.get("discards", 0)
        talon = s.talon if s.exposed or not s.talon else now.get("talon", 0)
        given = s.given
        new = list(history)
        if s.given >= 0 and player not in (single, giver):
            # The exchanged card: any card the receiver holds or played but the one he gave up.
            options = cards_of((hands[giver] | s.played[giver]) & ~(1 << s.asked))
            given = options[min(int(sampler() * len(options)), len(options) - 1)]
            new[s.ex_pos] = given
        # Undo the moves to find each seat's dealt hand.
        dealt = {q: hands[q] | s.played[q] for q in s.active}
        if single >= 0:
            dealt[single] = (dealt[single] | discards) & ~s.taken
            if giver >= 0:
                dealt[single] &= ~(1 << s.asked)
                dealt[giver] |= 1 << s.asked
            if given >= 0:
                dealt[single] |= 1 << given
                dealt[giver] &= ~(1 << given)
        if s.exposed:
            talon = s.talon
        # Rewrite the deal: each seat's positions keep the cards it still gets, the rest filled.
        positions: dict[int, list[int]] = {}
        for k in range(s.ndealt):
            positions.setdefault(self.deal_recipient(s, k), []).append(s.t0 + k)
        targets = {q: dealt[q] for q in s.active}
        targets[-1] = talon
        for q, pos in positions.items():
            if q == player:
                continue
            want = targets[q]
            keep = [i for i in pos if want >> history[i] & 1]
            rest = cards_of(want & ~sum(1 << history[i] for i in keep))
            fill = iter(rest)
            for i in pos:
                if not want >> history[i] & 1:
                    new[i] = next(fill)
        if player != single and s.disc_pos:
            for i, c in zip(s.disc_pos, cards_of(discards), strict=True):
                new[i] = c
        return new

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


# --- small functions ------------------------------------------------------------------------


def _rank_is_two(c: int) -> bool:
    return c >= 0 and c % 13 == TWO


def decode_events(log: bytes) -> tuple[tuple[int, int, int], ...]:
    """A seat's event log as triples ``(kind, seat, value)``, oldest first."""
    out = []
    for i in range(0, len(log), 2):
        code = log[i] << 8 | log[i + 1]
        out.append((code >> 9, (code >> 7) & 3, code & 127))
    return tuple(out)


def _cards(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def _cards_in_order(cards: Sequence[int]) -> str:
    return " ".join(format_card(c) for c in cards) or "-"


def _action_words(a: int) -> str:
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
    return format_card(a)


def _event_words(kind: int, seat: int, value: int) -> str:
    who = f"player {seat}"
    shown = "?" if value == HIDDEN else None
    if kind == EV_DEAL:
        return f"dealt {shown or format_card(value)} to {who}"
    if kind == EV_TALON:
        return "dealt ? to the talon"
    if kind == EV_ACT:
        return f"{who}: {shown or _action_words(value)}"
    if kind == EV_TRICK:
        return f"{who} won the trick ({value} points)"
    if kind == EV_NEW_DEAL:
        return f"all passed; new deal, dealer {who}"
    if kind == EV_LAST:
        return f"{who} won the last trick and the stock"
    if kind in (EV_GIVE_UP, EV_TAKE_ALL):
        return f"{who} {EVENT_NAMES[kind]} {format_card(value)}"
    return f"{EVENT_NAMES[kind]} {shown or format_card(value)}"


def counting_points(mask: int) -> int:
    """The counting value of some cards: Aces 3; 3, 2, K, Q, J 1 (RULES.md §3.4)."""
    return trick_points(mask, CALABRASELLA_POINTS)


COUNTING_RANKS = (ACE, THREE, TWO, KING, QUEEN, JACK)


def make_rules(params: Mapping[str, ParamValue]) -> CalabrasellaRules:
    return CalabrasellaRules(params)


SMALL_CONFIG: dict[str, ParamValue] = {"ranks": 4, "suits": 4, "hand_size": 4}
"""3 2 A K of four suits: four cards each and a talon of four (27 points)."""

GAME = register(
    GameSpec(
        short_name="calabrasella",
        title="Calabrasella",
        book=FOSTER,
        section="CALABRASELLA",
        make_rules=make_rules,
        params={
            "players": Param(
                3,
                "3, or 4: the dealer takes no cards and pays/receives with the adversaries",
                (3, 4),
            ),
            "first_dealer": Param(
                -1, "the dealer of the first deal; -1 = the last seat", low=-1, high=3
            ),
            "all_pass": Param(
                "void",
                "when all three pass: the deal is void (returns 0) or redealt by the next "
                "dealer (ASSUMPTION)",
                ("void", "redeal"),
            ),
            # The information state grows with the deals (3,500 entries a deal): 20 at most.
            "max_deals": Param(
                3, "with all_pass=redeal: deals before an all-pass deal is void", low=1, high=20
            ),
            "ranks": Param(
                len(CALABRASELLA_RANKS),
                "ranks in the pack, highest first in 3 2 A K Q J 7 6 5 4 (reduced packs)",
                tuple(range(1, len(CALABRASELLA_RANKS) + 1)),
            ),
            "suits": Param(NUM_SUITS, "suits in the pack, ♠ ♥ ♦ ♣ (reduced packs)", (1, 2, 3, 4)),
            "hand_size": Param(
                HAND_SIZE,
                "cards dealt to each of the three players (reduced packs)",
                tuple(range(1, HAND_SIZE + 1)),
            ),
        },
        min_players=3,
        max_players=4,
        variants={
            "four_handed": {"players": 4},
            "redeal": {"all_pass": "redeal"},
            "small": SMALL_CONFIG,
        },
        small_config=SMALL_CONFIG,
        tiny_config={"ranks": 2, "suits": 2, "hand_size": 1},
        tiny_nodes=1_000,  # 821
        reference="skat",
        summary="Three-handed, two against one: the last trick and the stock decide.",
    )
)
