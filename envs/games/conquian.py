"""Conquian, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "CONQUIAN").

The rules follow RULES.md §2 and the book's own words (``shared/seeds``, "CONQUIAN."); where the
book is silent, the gap is filled by an ASSUMPTION below, and where two readings are reasonable
the other one is a parameter.

The game
--------
Two players, the dealer and the pone, and the Spanish pack of forty cards (A 2 3 4 5 6 7 J Q K
of each suit; "the 7 is next below the Jack", "the Ace is not in sequence with the King"), or
with ``pack=american`` the forty cards A to 10 in their natural order. Ten cards each are dealt
in five rounds of two at a time; the twenty others are the stock. The object is to be first to
have **eleven cards** down in combinations: *sequences* (three or more cards of one suit, in
order) and *triplets* (three of a rank, which may grow into a *four*).

The pone turns up the top card of the stock; the player who turns up a card has "the first
refusal" of it. The player with the disposal of the exposed card may

* **use** it: lay it down at once in a new combination with cards from his hand (and cards
  borrowed from his own combinations), or add it, possibly with further hand cards, to one of
  his own combinations. He must then **discard** one card (so that his hand and show-down make
  ten cards), unless he has laid his whole hand down: eleven cards down win at once. His
  discard is placed at the adversary's disposal as if drawn from the stock ("but the discarder
  has no first refusal"), or he may **force** with it by placing it on one of the adversary's
  combinations, saying "Discard".
* **force** it on the adversary: place it on one of the adversary's combinations and say
  "Discard"; the adversary must discard one card from his hand, which comes to the forcer's
  disposal. Forcing is allowed "even after it has been declined".
* **decline** it (with the first refusal): the card goes to the adversary's disposal; or
  **pass** it (without): it is turned face down on the dead pile, "never again to be seen", and
  he turns up the next stock card, of which he has the first refusal.

When the stock is empty and the exposed card is passed, the deal ends; if nobody has eleven
down it is a **tableau**. Each deal is a game: the loser pays one counter. At a tableau each
player puts one counter in a pool, which the winner of the next game takes besides the loser's
counter.

Borrowing (RULES.md §2.4): from a four of his own, a player may borrow any one card to use in a
sequence; from a sequence of his own of at least four cards, the card at either end to make a
triplet. The combination left behind is always valid (a four leaves a triplet, a sequence of
four or more leaves at least three), and a sequence of five may lend its top card to one
triplet and, later, the next card to another.

ASSUMPTIONS (RULES.md §2 and Appendix B.8, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Extra combinations* (``hand_melds``, default ``True``; RULES.md §2.5): in the same move in
   which he uses a card, a player may also lay down further new combinations made only of hand
   cards, before his discard. With ``hand_melds=False`` only the combination holding the used
   card is laid; but the book's own exception stands in both readings: "he must discard
   something, unless he can show down everything remaining in his hand, in which case he would
   have eleven cards down, and win the game". So instead of discarding, a player whose whole
   remaining hand forms valid combinations may *go out* (``GO_OUT_ACTION``, laying it all
   down at once; with ``hand_melds=True`` he does so by laying its combinations one by one).
   (Hand cards are never added to an existing combination without a drawn card: "A sequence
   once started can be added to from time to time as the cards are drawn".)
2. *A forced player may go out* (``forced_go_out``, default ``True``; RULES.md §2.5): instead
   of discarding, a forced player whose whole hand forms valid combinations lays it all down
   and wins with eleven down. With ``False`` he must discard. A forced player with no card in
   his hand has eleven down and wins at once, whatever the parameter (he cannot discard).
3. *When forcing is allowed* (``force``, default ``"any"``; RULES.md §2.5): with ``"any"`` the
   player with the disposal of the exposed card may force it whenever it fits one of the
   adversary's combinations; with ``"declined"`` only a card the adversary has just declined
   (the book's example). Forcing with one's own discard, right after using a card, is the
   book's rule in both readings; a *forced* player cannot force with his discard ("you cannot
   force except after using a card yourself").
4. *Order of the deal* (``pone_first``, default ``True``; RULES.md §2.3): the pone receives the
   first two cards of each round. It only decides which cards of a duplicate deal go where.
5. *Who deals first* (``first_dealer``, default ``1``): the cut for deal is replaced by a fixed
   first dealer (RULES.md §0 allows a seeded choice); player ``1 - first_dealer`` is the pone of
   the first deal and moves first. The deal alternates.
6. *A new combination* is the used card with at least two other cards taken from the hand or
   borrowed. RULES.md §2.5 says "with at least two hand cards (optionally with borrowed
   cards)"; the book's borrowing text ("the card at either end ... if he can use it to make a
   triplet") only makes sense if borrowed cards help complete the combination, so borrowed cards
   count. Borrowed cards may also help extend one of the player's own sequences ("to use in a
   sequence"). Hand-only combinations (assumption 1) borrow nothing.
7. *Showing* (RULES.md §2.5.4, "Hands are shown"): at the end of every deal, a win included,
   both hands are shown. This only matters to the information state of later deals of a
   series (``deals > 1``).
8. *Series* (``deals=N``): N deals, the deal alternating, the tableau pool carried from deal to
   deal; returns are counters won. A pool still standing after the last deal goes back to the
   players (each takes his own counters), so the returns stay zero-sum.

9. *Reduced packs* (``ranks``, ``suits``, ``hand_size``; for exact solving, not in the book):
   the pack is the first ``ranks`` ranks of its sequence order from the Ace up (A 2 3 ... 7 J
   Q K, or A to 10) in the first ``suits`` suits (♠ ♥ ♦ ♣), and each player is dealt
   ``hand_size`` cards, in rounds of two at a time (a last round of one each when the number is
   odd); the rest is the stock, which must hold at least one card. The book's relation stays
   the rule: the winner has ``hand_size + 1`` cards down ("eleven cards down" with ten in
   hand), that is, his whole hand and the drawn cards, so that a player wins exactly when his
   hand is empty. Every other rule is the book's. A sequence stops at the highest rank of the
   reduced pack; with three suits there are triplets but no fours, with fewer none.
   ``GameSpec.small_config`` (also the variant ``small``) is ♠♥ A 2 3 4 with two cards each
   and a stock of four: the whole tree (every deal and every action) has 432,161 nodes
   (69,281 chance, 291,840 decisions, 71,040 terminal: 30,720 won, 40,320 tableaux) and
   39,216 information states for each player (the perfect-recall strings), 8,256 of the
   78,432 with a choice. It is sized for exact solving in Python: the tree is enumerated once
   into arrays (``hoyle.agents.cfr.tree``, 1-2 minutes) and the exact exploitability of an
   MCCFR policy takes a quarter of a second. (The former ♠♥♦ A 2 3, with 3,934,810 nodes, took
   1,295 s and 4.4 GB for one OpenSpiel ``nash_conv``.) It keeps sequences (A 2 3 and 2 3 4 of
   each suit, so a card may complete two different ones), the first refusal, using, declining,
   passing, wins and tableaux, and the determinizer has the adversary's two cards and the
   stock to re-deal; with two suits there are no triplets. The first combination laid wins
   (three down with two in hand), so discarding, forcing, borrowing and hand-only combinations
   cannot arise in it: the decisions are whether to use a card, and with which hand cards.
   Discarding and forcing need three cards each and a combination that can grow, which
   multiplies the tree by some hundreds. ``GameSpec.tiny_config``, for OpenSpiel's full-tree
   solvers, is ♠♥ A 2 3 with two cards each and a stock of two: 6,853 nodes.

A player cannot get eleven down in one suit with the Spanish pack (a suit has ten cards); the
golden tests show it (``tests/games/test_conquian.py``).

Parameters
----------
==============  =========  =====================================================================
name            default    meaning
==============  =========  =====================================================================
pack            spanish    ``spanish`` (A-7, J Q K; 7 next below J) or ``american`` (A-10)
deals           1          deals per episode (a series; the tableau pool is carried)
hand_melds      true       assumption 1: extra hand-only combinations when using a card
                           (with ``false`` he may still go out with his whole hand)
forced_go_out   true       assumption 2: a forced player may go out instead of discarding
force           any        assumption 3: ``any`` exposed card may be forced, or only ``declined``
pone_first      true       assumption 4: the pone gets the first two cards of each round
first_dealer    1          assumption 5: the dealer of the first deal
ranks           10         assumption 9: ranks in the pack, the first of its sequence order
suits           4          assumption 9: suits in the pack, ♠ ♥ ♦ ♣ in that order
hand_size       10         assumption 9: cards dealt to each (2-10); ``hand_size + 1`` down win
==============  =========  =====================================================================

Actions
-------
A use is a short sequence of decisions by the same player; the combination being built is
visible in the state and in both players' views (it is laid face up).

======================  =====  ===================================================================
action                  id     meaning (``action_to_string``)
======================  =====  ===================================================================
card ``c``              0-51   the card id (suit * 13 + rank). Chance: "deal ♥5 to pone", "turn up
                               ♥5". Building: "add ♥6" (from the hand) or "borrow ♠4 from your
                               four" (from his own combination). Discard: "discard ♦K".
``USE_ACTION``          52     "use ♥5": start a new combination with the exposed card
``USE_ON_ACTION_BASE``  53-55  "use ♥Q on your ♥5 6 7 J": add it to own combination ``i``
``FORCE_ACTION_BASE``   56-58  "force ♥5 on adversary's ♥4 5 6": the exposed card or the discard
``DECLINE_ACTION``      59     "decline ♥5" (with the first refusal)
``PASS_ACTION``         60     "pass ♥5" (to the dead pile; then turn up the next stock card)
``LAY_ACTION``          61     "lay ♥5 6 7": lay the combination being built
``MELD_ACTION``         62     "lay a combination from your hand" (assumption 1)
``TABLE_ACTION``        63     "lay ♦K on the table" (a discard that could force, not forcing)
``GO_OUT_ACTION``       64     "go out with ...": lay the whole hand down and win (a forced
                               player, assumption 2; after a use with ``hand_melds=false``,
                               assumption 1)
======================  =====  ===================================================================

``NUM_DISTINCT_ACTIONS`` = 65, computed from ``MAX_COMBINATIONS`` = 3 (a player never has more
than eleven cards down, so never four combinations). The layout is the same for every parameter
set: ``hand_size`` is at most ten, so a player has at most (``hand_size`` + 1) // 3 ≤ 3
combinations, and a reduced pack keeps the cards' ids. Phases: a decision on the exposed card
(``DISPOSAL``); building the combination of the used card (``BUILD``: cards, then ``LAY``); the
discard after using (``DISCARD``: a card, or ``MELD``, or ``GO_OUT``); building a hand-only combination
(``MELD``); where the chosen discard fits an adversary's combination, lay it on the table or
force with it (``DISCARD_TARGET``); the forced player's discard (``FORCED``). Every partial
move can be completed: a card is offered only if some valid combination contains the cards
chosen so far and it.

Bound on the game length
------------------------
Per deal, decisions ≤ 40 + D + Σ_uses (hand cards added + borrows + LAY + discard + discard
target) + forced discards + 5/3 × hand-only cards: each of the 20 stock cards gets at most two
decisions (first refusal, then the adversary's), each discard laid on the table one; a use
borrows at most two cards (two sequences of four lend to a triplet, or two fours to a sequence:
eight cards down); uses, forces, and hand cards laid together put at most 21 cards on the table.
That gives 40 + 6 × 21 = 166 decisions per deal (``MAX_DECISIONS_PER_DEAL``), and 40 chance
nodes (20 dealt, 20 turned up); a series of N deals is N times that. Random play uses about 60
decisions per deal (at most 77 in 1,500 random deals). With a reduced pack of P cards and h
cards each, the stock is S = P - 2h and the same count gives 2S + 6(2h + 1) decisions and P
chance nodes per deal (``max_decisions_per_deal``; the small configuration: 8 + 30 = 38, and
8 chance nodes).

Information and the determinizer
--------------------------------
A player sees his own hand, both players' combinations, the exposed card and who has its
disposal (and whether by first refusal), every card declined or passed (all were seen face up;
the dead pile is public card tracking: once turned down the cards are "never again to be
seen"), the stock count, the adversary's hand size and the move under way. Only the cards
dealt to the adversary are hidden; every move is made face up. ``hidden_deals`` names the deal
actions of the cards still in the adversary's hand, with those cards and the undealt stock as
the pool. While the adversary is laying a combination, his choice to use the card says his
hand can finish it: ``resample_history`` draws uniformly among the re-deals consistent with
that (rejection, exact).

Observation tensor (``perfect_recall=False``; cards indexed by their place in the pack, 0-39)
----------------------------------------------------------------------------------------------
The sizes are the book's game; a reduced pack of P cards with h cards each has P for 40,
K = (h + 1) // 3 combination rows for 3, a stock piece of P - 2h + 1 for 21 and an ``adv_hand``
piece of h + 2 for 12.

==============  =========  =====================================================================
piece           shape      contents (relative to the observer: "my", "adversary's")
==============  =========  =====================================================================
hand            (40,)      my hand
my_combos       (3, 40)    my combinations, one row each, in the order laid
adv_combos      (3, 40)    the adversary's combinations
exposed         (40,)      the exposed card
disposal        (3,)       who has its disposal: me, the adversary, nobody
source          (3,)       first refusal, declined by the other, the other's discard
my_declined     (40,)      cards I declined or passed (public)
adv_declined    (40,)      cards the adversary declined or passed (public)
dead            (40,)      cards passed to the dead pile (seen face up before)
adv_shown       (40,)      the adversary's hand when shown at the end of the deal
build           (40,)      the combination being built (used card, added, borrowed)
borrowed        (40,)      cards borrowed into it
base            (3,)       which of the mover's combinations it extends
discard         (40,)      the chosen discard awaiting "table" or "force"
phase           (9,)       one-hot phase
to_move         (2,)       me, the adversary
dealer          (2,)       me, the adversary
stock           (21,)      cards left in the stock, one-hot (during the deal: the stock to be)
adv_hand        (12,)      the adversary's hand size, one-hot
series          (4,)       deals played / N, tableau pool / N, (my score + N) / 2N, last deal
==============  =========  =====================================================================

Every entry is in [0, 1] (N is ``deals``; the pool never exceeds N counters each, nor the
score N in either direction).

The information state (``perfect_recall=True``) adds ``events`` (max events × 72): one row per
event the player saw, in order: 7 kinds (my action, adversary's action, card dealt to me,
card dealt to the adversary (hidden), card turned up, card shown by me, by the adversary) then
the action id or card (65). Everything but the cards dealt to the adversary is public.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

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
from hoyle.envs.core.determinize import redeal_history
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

# Event log: each entry is a 14-bit code, kind * EVENT_KIND + player * EVENT_PLAYER +
# sub * EVENT_SUB + value (value: a card or an action id; sub: the phase of an action), stored
# as two bytes, so the log is one flat ``bytes`` value that copies, compares and pickles flat.
EV_ACT, EV_DEAL, EV_TURN, EV_SHOW = range(4)
EVENT_KIND = 1 << 12
EVENT_PLAYER = 1 << 11
EVENT_SUB = 1 << 7
_CODE_BYTES = tuple(c.to_bytes(2, "big") for c in range(4 * EVENT_KIND))
HIDDEN_CARD = EVENT_SUB - 1
"""The value written in a player's log for a card dealt to his adversary."""
BORROW_SUB = 15
"""Pseudo-phase marking a borrowed card in the log (a card action in ``BUILD``)."""


def max_decisions_per_deal(hand_size: int, stock_size: int) -> int:
    """The bound on the decisions of one deal (see "Bound on the game length")."""
    return 2 * stock_size + 6 * (2 * hand_size + 1)


MAX_DECISIONS_PER_DEAL = max_decisions_per_deal(HAND_SIZE, STOCK_SIZE)
MAX_CHANCE_PER_DEAL = DEAL_CARDS + STOCK_SIZE
MAX_EVENTS_PER_DEAL = MAX_DECISIONS_PER_DEAL + MAX_CHANCE_PER_DEAL + DEAL_CARDS
NUM_EVENT_KINDS = 7
MAX_REDEALS = 10_000
"""Draws the determinizer tries before keeping the true hand (a hand that must finish a
combination under way is rarely rarer than 1 in 20)."""
# View event kinds (relative to the viewer).
V_MY_ACTION, V_ADV_ACTION, V_DEALT_ME, V_DEALT_ADV, V_TURN_UP, V_SHOWN_ME, V_SHOWN_ADV = range(7)

_VIEW_KIND = np.array(
    [V_MY_ACTION, V_ADV_ACTION, V_DEALT_ME, V_DEALT_ADV, V_TURN_UP, V_TURN_UP, V_SHOWN_ME,
     V_SHOWN_ADV],
)  # fmt: skip
"""View event kind by (log kind * 2 + whether the event is the adversary's)."""

PACKS: dict[str, tuple[Pack, RankOrder]] = {
    "spanish": (SPANISH_40, CONQUIAN_ORDER),
    "american": (AMERICAN_40, AMERICAN_CONQUIAN_ORDER),
}

# --- the state ------------------------------------------------------------------------------


class ConquianState(PlainState):
    """One moment of a Conquian deal (or series). Every slot holds an immutable value.

    ``hands``, ``declined``, ``scores``: one entry per player. ``combos``: per player, a tuple
    of card masks in the order laid. ``dealt``: every card dealt or turned up this deal (the
    stock is the rest of the pack). ``logs``: each player's event log, two bytes per event
    (``EV_*``), as he saw it: the cards dealt to his adversary are written ``HIDDEN_CARD``.
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
        "logs",
        "nact",
        "phase",
        "pool",
        "results",
        "scores",
        "source",
        "t0",
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
    logs: tuple[bytes, bytes]
    nact: int
    t0: int


# --- the player's view ----------------------------------------------------------------------


@dataclass(frozen=True)
class ConquianView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Players are absolute ids where a field says so; ``my_*``/``adv_*`` are relative to
    ``player``. ``log`` is the player's own event log (the cards dealt to his adversary are
    written ``HIDDEN_CARD``), decoded on demand by ``events``.
    """

    player: int
    phase: int
    to_move: int
    hand: int
    my_combos: tuple[int, ...]
    adv_combos: tuple[int, ...]
    exposed: int
    holder: int
    source: int
    my_declined: int
    adv_declined: int
    dead: int
    stock: int
    adv_hand_size: int
    adv_shown: int
    build: int
    base: int
    borrowed: int
    discard: int
    dealer: int
    deal_no: int
    deals: int
    pool: int
    my_score: int
    results: tuple[int, ...]
    log: bytes = field(repr=False)
    rules: ConquianRules = field(compare=False, repr=False)

    @property
    def events(self) -> tuple[tuple[int, int], ...]:
        """Every event this player saw, oldest first: pairs ``(kind, value)`` with the kinds
        ``V_*``; the value is the card, or the action code ``sub * EVENT_SUB + action`` of a
        move (``sub`` its phase), or ``-1`` for a card dealt to the adversary."""
        return decode_events(self.log, self.player)

    def unseen(self) -> int:
        """Cards this player has not seen this deal: the adversary's hand and the stock."""
        seen = self.hand | self.dead | self.build | self.adv_shown
        for m in self.my_combos + self.adv_combos:
            seen |= m
        if self.exposed >= 0:
            seen |= 1 << self.exposed
        if self.discard >= 0:
            seen |= 1 << self.discard
        return self.rules.pack_mask & ~seen


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
    suit_cards: tuple[Mapping[int, tuple[int, ...]], ...]  # suit -> slice -> card ids


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
        suit_cards=_suit_cards(),
    )


@functools.cache
def _suit_cards() -> tuple[Mapping[int, tuple[int, ...]], ...]:
    """Suit -> 13-bit rank slice -> its card ids: the same for every pack, built once."""
    return tuple(
        {x: tuple(card(s, r) for r in range(NUM_RANKS) if x >> r & 1) for x in range(1 << 13)}
        for s in range(NUM_SUITS)
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


class ConquianRules:
    """The rules of Conquian for one parameter set (pure: no pyspiel, no randomness)."""

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
        # Deal schedule: 0 for the pone, 1 for the dealer, for each card dealt: rounds of two
        # at a time, the pone first (a last round of one each when the hand size is odd).
        first, second = (0, 1) if self.pone_first else (1, 0)
        schedule: list[int] = []
        for k in range(0, self.hand_size, 2):
            n = min(2, self.hand_size - k)
            schedule += [first] * n + [second] * n
        self.deal_to = tuple(schedule)
        self._outcome_cache: tuple[int, list[tuple[int, float]]] = (-1, [])
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
        """The player who receives the ``k``-th card of the deal (0-19)."""
        pone = 1 - s.dealer
        return pone if self.deal_to[k] == 0 else s.dealer

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
        s.logs = (b"", b"")
        s.nact = 0
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
        s.t0 = s.nact

    def current_player(self, s: ConquianState) -> int:
        return s.to_move

    def legal_actions(self, s: ConquianState) -> list[int]:
        return self._legal[s.phase](s)

    def chance_outcomes(self, s: ConquianState) -> list[tuple[int, float]]:
        if s.to_move != CHANCE:
            return []
        undealt = self.pack_mask & ~s.dealt
        key, out = self._outcome_cache
        if key == undealt:
            return out
        sc = self.tables.suit_cards
        cards = (
            sc[0][undealt & 8191]
            + sc[1][(undealt >> 13) & 8191]
            + sc[2][(undealt >> 26) & 8191]
            + sc[3][(undealt >> 39) & 8191]
        )
        p = 1.0 / len(cards)
        out = [(c, p) for c in cards]
        self._outcome_cache = (undealt, out)
        return out

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
        l0, l1 = s.logs
        if ph == DEAL:
            r = self.deal_recipient(s, s.dealt.bit_count())
            kind = EV_DEAL * EVENT_KIND + r * EVENT_PLAYER
            seen, hidden = _CODE_BYTES[kind + action], _CODE_BYTES[kind + HIDDEN_CARD]
            s.logs = (l0 + seen, l1 + hidden) if r == 0 else (l0 + hidden, l1 + seen)
        else:
            if ph == TURN_UP:
                kind = EV_TURN * EVENT_KIND
            else:
                sub = ph
                if (
                    ph == BUILD
                    and action < NUM_CARD_ACTIONS
                    and not s.hands[s.to_move] >> action & 1
                ):
                    sub = BORROW_SUB
                kind = EV_ACT * EVENT_KIND + s.to_move * EVENT_PLAYER + sub * EVENT_SUB
            b = _CODE_BYTES[kind + action]
            s.logs = (l0 + b, l1 + b)
        s.nact += 1
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
        shown = b"".join(
            _CODE_BYTES[EV_SHOW * EVENT_KIND + q * EVENT_PLAYER + c]
            for q in (0, 1)
            for c in cards_of(s.hands[q])
        )
        s.logs = (s.logs[0] + shown, s.logs[1] + shown)
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
    def player_view(self, s: ConquianState, player: int) -> ConquianView:
        adv = 1 - player
        shown = s.hands[adv] if s.phase == OVER else 0
        return ConquianView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            hand=s.hands[player],
            my_combos=s.combos[player],
            adv_combos=s.combos[adv],
            exposed=s.exposed,
            holder=s.holder,
            source=s.source,
            my_declined=s.declined[player],
            adv_declined=s.declined[adv],
            dead=s.dead,
            stock=(self.pack_mask & ~s.dealt).bit_count() if s.phase != DEAL else self.stock_size,
            adv_hand_size=s.hands[adv].bit_count(),
            adv_shown=shown,
            build=s.build,
            base=s.base,
            borrowed=s.borrowed,
            discard=s.discard,
            dealer=s.dealer,
            deal_no=s.deal_no,
            deals=self.deals,
            pool=s.pool,
            my_score=s.scores[player],
            results=s.results,
            log=s.logs[player],
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = len(self.pack_cards)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("my_combos", (self.max_combinations, n)),
            ("adv_combos", (self.max_combinations, n)),
            ("exposed", (n,)),
            ("disposal", (3,)),
            ("source", (3,)),
            ("my_declined", (n,)),
            ("adv_declined", (n,)),
            ("dead", (n,)),
            ("adv_shown", (n,)),
            ("build", (n,)),
            ("borrowed", (n,)),
            ("base", (self.max_combinations,)),
            ("discard", (n,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (2,)),
            ("dealer", (2,)),
            ("stock", (self.stock_size + 1,)),
            ("adv_hand", (self.winning_down + 1,)),
            ("series", (4,)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, NUM_EVENT_KINDS + NUM_DISTINCT_ACTIONS)))
        return pieces

    def encode_view(self, view: ConquianView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        idx = self.pack_index
        me = view.player
        set_cards(out["hand"], view.hand, idx)
        for i, m in enumerate(view.my_combos):
            set_cards(out["my_combos"][i], m, idx)
        for i, m in enumerate(view.adv_combos):
            set_cards(out["adv_combos"][i], m, idx)
        if view.exposed >= 0:
            out["exposed"][idx[view.exposed]] = 1.0
            out["disposal"][0 if view.holder == me else 1] = 1.0
            out["source"][view.source] = 1.0
        else:
            out["disposal"][2] = 1.0
        set_cards(out["my_declined"], view.my_declined, idx)
        set_cards(out["adv_declined"], view.adv_declined, idx)
        set_cards(out["dead"], view.dead, idx)
        set_cards(out["adv_shown"], view.adv_shown, idx)
        set_cards(out["build"], view.build, idx)
        set_cards(out["borrowed"], view.borrowed, idx)
        set_one_hot(out["base"], view.base)
        if view.discard >= 0:
            out["discard"][idx[view.discard]] = 1.0
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][0 if view.to_move == me else 1] = 1.0
        out["dealer"][0 if view.dealer == me else 1] = 1.0
        set_one_hot(out["stock"], view.stock)
        set_one_hot(out["adv_hand"], view.adv_hand_size)
        series = out["series"]  # every entry in [0, 1]
        series[0] = view.deal_no / view.deals
        series[1] = view.pool / view.deals
        series[2] = (view.my_score + view.deals) / (2 * view.deals)
        series[3] = 1.0 if view.deal_no >= view.deals - 1 else 0.0
        if perfect_recall and view.log:
            codes = np.frombuffer(view.log, dtype=">u2").astype(np.int64)
            rows = np.arange(codes.shape[0])
            other = ((codes >> 11) & 1) != me
            kinds = _VIEW_KIND[(codes >> 12) * 2 + other]
            block = out["events"]
            block[rows, kinds] = 1.0
            values = codes & (EVENT_SUB - 1)
            known = values != HIDDEN_CARD
            block[rows[known], NUM_EVENT_KINDS + values[known]] = 1.0

    def view_string(self, view: ConquianView, perfect_recall: bool) -> str:
        me = view.player
        role = "dealer" if view.dealer == me else "pone"
        mover = (
            "you"
            if view.to_move == me
            else "adversary"
            if view.to_move >= 0
            else seat_words(view.to_move)
        )
        lines = [
            f"Conquian, deal {min(view.deal_no + 1, view.deals)} of {view.deals}; you are player "
            f"{me}, the {role}; phase: {PHASE_NAMES[view.phase]}; to move: {mover}",
            f"Your hand: {_cards(view.hand)}",
            "Your combinations: "
            + (" | ".join(format_combination(m) for m in view.my_combos) or "-"),
            "Adversary's combinations: "
            + (" | ".join(format_combination(m) for m in view.adv_combos) or "-"),
            f"Adversary's hand: {view.adv_hand_size} cards"
            + (f", shown: {_cards(view.adv_shown)}" if view.adv_shown else ""),
        ]
        if view.exposed >= 0:
            whose = "your" if view.holder == me else "the adversary's"
            lines.append(
                f"Exposed: {format_card(view.exposed)}, at {whose} disposal "
                f"({SOURCE_NAMES[view.source]})"
            )
        else:
            lines.append("Exposed: none")
        if view.phase in (BUILD, MELD) or view.build:
            base = ""
            if view.base >= 0:
                owner = view.my_combos if view.to_move == me else view.adv_combos
                base = f", onto {format_combination(owner[view.base])}"
            lines.append(
                f"Being laid: {_cards(view.build)} (borrowed: {_cards(view.borrowed)}){base}"
            )
        if view.discard >= 0:
            lines.append(f"Discard chosen: {format_card(view.discard)}")
        lines.append(
            f"Declined by you: {_cards(view.my_declined)}; by adversary: "
            f"{_cards(view.adv_declined)}"
        )
        lines.append(f"Passed (dead pile): {_cards(view.dead)}")
        lines.append(f"Stock: {view.stock} cards")
        lines.append(
            f"Your score: {view.my_score}; tableau pool: {view.pool}; results: "
            + (", ".join(_result(r, me) for r in view.results) or "-")
        )
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + _event_words(k, v) for k, v in view.events)
        return "\n".join(lines)

    def hidden_deals(
        self, s: ConquianState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        if s.phase == OVER:
            return [], []
        adv = 1 - player
        hidden = s.hands[adv]
        positions = []
        for k in range(min(s.dealt.bit_count(), self.deal_cards)):
            pos = s.t0 + k
            if self.deal_recipient(s, k) == adv and hidden >> history[pos] & 1:
                positions.append(pos)
        pool = hidden | (self.pack_mask & ~s.dealt)
        return positions, cards_of(pool)

    def consistent_hand(self, s: ConquianState, q: int, hand: int) -> bool:
        """Whether player ``q`` could hold ``hand`` given the public history.

        The only thing the history says about a hidden hand beyond its size is that a
        combination ``q`` is laying now (``BUILD`` or ``MELD``, his turn) can be completed:
        cards already laid are public, and a completed combination is made of public cards.
        """
        if s.to_move != q or s.phase not in (BUILD, MELD):
            return True
        if s.phase == MELD:
            if not s.build:
                return self.meldable(hand) != 0
            adds, lay = self._completions(s.build, hand, hand, 0)
            return bool(adds) or lay
        mine = s.combos[q]
        four, ends = self.lendable(mine)
        base = mine[s.base] if s.base >= 0 else 0
        adds, lay = self._completions(s.build, hand | ends, hand | four, base)
        return bool(adds) or lay

    def resample_history(
        self, s: ConquianState, player: int, history: Sequence[int], sampler: ProbabilitySampler
    ) -> list[int]:
        """The determinizer: re-deal the adversary's hidden cards uniformly among the worlds
        consistent with what ``player`` saw (``hidden_deals``, then rejection of the hands that
        could not finish the combination the adversary is laying; the true hand always could,
        and is kept if ``MAX_REDEALS`` draws find no other).

        A draw that gives the adversary the very cards he holds, only dealt in another order,
        returns the history as it was: the order is all it would change, and no one but the
        adversary saw it. (So a re-deal changes the hand, or nothing; with ten cards each this
        hardly ever happens, with the two cards of ``small_config`` often.)"""
        positions, pool = self.hidden_deals(s, player, history)
        if not positions:
            return list(history)
        adv = 1 - player
        for _ in range(MAX_REDEALS):
            new = redeal_history(history, positions, pool, sampler)
            hand = 0
            for pos in positions:
                hand |= 1 << new[pos]
            if hand == s.hands[adv]:
                return list(history)
            if self.consistent_hand(s, adv, hand):
                return new
        return list(history)

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


def decode_events(log: bytes, player: int) -> tuple[tuple[int, int], ...]:
    """A player's event log as pairs ``(kind, value)``, oldest first (see ``ConquianView``)."""
    out = []
    for i in range(0, len(log), 2):
        code = log[i] << 8 | log[i + 1]
        kind, rest = divmod(code, EVENT_KIND)
        who, rest = divmod(rest, EVENT_PLAYER)
        value = rest % EVENT_SUB
        if kind == EV_ACT:
            sub = rest // EVENT_SUB
            out.append((V_MY_ACTION if who == player else V_ADV_ACTION, sub * EVENT_SUB + value))
        elif kind == EV_DEAL:
            out.append((V_DEALT_ME, value) if who == player else (V_DEALT_ADV, -1))
        elif kind == EV_TURN:
            out.append((V_TURN_UP, value))
        else:
            out.append((V_SHOWN_ME if who == player else V_SHOWN_ADV, value))
    return tuple(out)


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


_SUB_WORDS = {
    DISPOSAL: "", BUILD: "add ", BORROW_SUB: "borrow ", DISCARD: "discard ", MELD: "add ",
    DISCARD_TARGET: "", FORCED: "discard ",
}  # fmt: skip


def _action_words(code: int) -> str:
    sub, a = divmod(code, EVENT_SUB)
    if a < NUM_CARD_ACTIONS:
        return _SUB_WORDS.get(sub, "") + format_card(a)
    if a == USE_ACTION:
        return "use it"
    if a < FORCE_ACTION_BASE:
        return f"use it on own combination {a - USE_ON_ACTION_BASE + 1}"
    if a < DECLINE_ACTION:
        return f"force it on the other's combination {a - FORCE_ACTION_BASE + 1}"
    return {
        DECLINE_ACTION: "decline it", PASS_ACTION: "pass it", LAY_ACTION: "lay",
        MELD_ACTION: "lay a combination from hand", TABLE_ACTION: "lay the discard on the table",
        GO_OUT_ACTION: "go out",
    }.get(a, f"action {a}")  # fmt: skip


def _event_words(kind: int, value: int) -> str:
    if kind == V_MY_ACTION:
        return "you: " + _action_words(value)
    if kind == V_ADV_ACTION:
        return "adversary: " + _action_words(value)
    if kind == V_DEALT_ME:
        return f"dealt you {format_card(value)}"
    if kind == V_DEALT_ADV:
        return "dealt the adversary a card"
    if kind == V_TURN_UP:
        return f"turned up {format_card(value)}"
    if kind == V_SHOWN_ME:
        return f"you showed {format_card(value)}"
    return f"adversary showed {format_card(value)}"


# --- registration ---------------------------------------------------------------------------


SMALL_CONFIG: dict[str, ParamValue] = {"ranks": 4, "suits": 2, "hand_size": 2}
"""The configuration for exact solving (assumption 9): ♠♥ A 2 3 4, two cards each."""


# --- the information abstraction (MCCFR on the full game) ----------------------------------


ABSTRACTED_PHASES = frozenset({DISPOSAL, DISCARD_TARGET})
"""The decisions MCCFR learns on the full game: what to do with the exposed card (use,
force, decline, pass) and whether to force with one's discard. The others (which hand cards
to lay with a card, which card to discard, hand-only combinations, a forced discard) name
particular cards among some 10⁹ hands, so no compact key could carry a policy over them:
:func:`abstraction_key` returns ``None`` there and they are *delegated* to the book
heuristic, in training and at play."""


def abstraction_key(view: ConquianView) -> tuple[int, ...] | None:
    """A compact key of a player's view, for MCCFR on the full game (``GameSpec.abstraction``).

    ``None`` outside :data:`ABSTRACTED_PHASES` (a delegated decision). Read from the view
    alone (so states the player cannot tell apart share it), and kept to what the book's
    advice turns on: the phase; who has the disposal of the exposed card (me, the adversary,
    nobody) and how (first refusal, declined, a discard); how the card in question (the
    exposed card, else the chosen discard) fits: hand cards of its rank, hand cards of its
    suit one place away in sequence order and whether one is two away, whether it fits one
    of my combinations or one of the adversary's (a force); the cards down on each side,
    bucketed (:data:`_DOWN_BUCKET`); the hand's own melding potential (pairs of hand cards of
    a rank or next in a suit: 0, 1, 2 or more); the stock in thirds (early, middle, late).
    Which cards exactly, and the order of past events, are forgotten. The trainer adds the
    seat and the legal actions, so no key ever merges two sets of different moves.
    """
    if view.phase not in ABSTRACTED_PHASES:
        return None
    t = view.rules.tables
    pos = t.pos
    hand = view.hand
    e = view.exposed if view.exposed >= 0 else view.discard
    rank_n = near1 = near2 = fits_mine = fits_adv = -1
    cards = cards_of(hand)
    if e >= 0:
        rank_n = (t.rank_mask[e] & hand).bit_count()
        near1 = near2 = 0
        se, pe = suit_of(e), pos[e]
        for c in cards:
            if suit_of(c) == se:
                d = abs(pos[c] - pe)
                near1 += d == 1
                near2 += d == 2
        fits_mine = int(any(t.combo.get(m, (0, 0))[1] >> e & 1 for m in view.my_combos))
        fits_adv = int(any(t.combo.get(m, (0, 0))[1] >> e & 1 for m in view.adv_combos))
    links = 0
    for i, c in enumerate(cards):
        for d in cards[i + 1 :]:
            if rank_of(c) == rank_of(d) or (suit_of(c) == suit_of(d) and abs(pos[c] - pos[d]) == 1):
                links += 1
    holder = 2 if view.holder < 0 else int(view.holder != view.player)
    my_down = sum(m.bit_count() for m in view.my_combos)
    adv_down = sum(m.bit_count() for m in view.adv_combos)
    return (
        view.phase, holder, view.source, rank_n, near1, int(near2 > 0), fits_mine, fits_adv,
        _DOWN_BUCKET[my_down], _DOWN_BUCKET[adv_down], min(links, 2),
        3 * view.stock // (view.rules.stock_size + 1),
    )  # fmt: skip


_DOWN_BUCKET = (0, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3)
"""Cards down, bucketed: none, one or two combinations (1-5), nearly out (6-8), 9 or more."""


def make_rules(params: Mapping[str, ParamValue]) -> ConquianRules:
    return ConquianRules(params)


GAME = register(
    GameSpec(
        short_name="conquian",
        title="Conquian",
        book=FOSTER,
        section="CONQUIAN",
        make_rules=make_rules,
        params={
            "pack": Param(
                "spanish",
                "the pack: spanish (7 next below J) or american (A-10)",
                ("spanish", "american"),
            ),
            # The information state grows with the deals (16,000 entries a deal): 20 at most.
            "deals": Param(
                1,
                "deals per episode; the tableau pool is carried between deals",
                low=1,
                high=20,
            ),
            "hand_melds": Param(
                True,
                "when using a card, also lay new combinations made only of hand cards (ASSUMPTION)",
            ),
            "forced_go_out": Param(
                True,
                "a forced player whose hand forms combinations may go "
                "out instead of discarding (ASSUMPTION)",
            ),
            "force": Param(
                "any",
                "which exposed card may be forced: any, or only one the "
                "adversary declined (ASSUMPTION)",
                ("any", "declined"),
            ),
            "pone_first": Param(
                True, "the pone receives the first two cards of each round (ASSUMPTION)"
            ),
            "first_dealer": Param(
                1, "the dealer of the first deal (the cut is not played)", (0, 1)
            ),
            "ranks": Param(
                RANKS_PER_SUIT,
                "ranks in the pack: the first ones of its sequence order, from the Ace up "
                "(reduced packs, for exact solving; ASSUMPTION)",
                tuple(range(1, RANKS_PER_SUIT + 1)),
            ),
            "suits": Param(
                NUM_SUITS,
                "suits in the pack, ♠ ♥ ♦ ♣ in that order (reduced packs; ASSUMPTION)",
                tuple(range(1, NUM_SUITS + 1)),
            ),
            "hand_size": Param(
                HAND_SIZE,
                "cards dealt to each player; hand_size + 1 cards down win (reduced packs)",
                tuple(range(2, MAX_HAND_SIZE + 1)),
            ),
        },
        variants={"american": {"pack": "american"}, "small": SMALL_CONFIG},
        small_config=SMALL_CONFIG,
        tiny_config={"ranks": 3, "suits": 2, "hand_size": 2},
        tiny_nodes=8_000,  # 6,853
        abstraction=abstraction_key,
        summary="Two-handed rummy ancestor: first to eleven cards down in combinations wins.",
    )
)
