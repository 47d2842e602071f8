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
dealt to the adversary are hidden; every move is made face up. The determinizer
(:mod:`.determinizer`) re-deals the adversary's hand and the stock uniformly (the core's
``redeal_unseen``, through the event log); while the adversary is laying a combination, his
choice to use the card says his hand can finish it, and the draws that could not are drawn
again (rejection, exact).

Modules: :mod:`.rules` (the pack, the state, the deal plan, the moves, the event log),
:mod:`.view` (the player's view, tensors, strings, ``table_view``), :mod:`.determinizer`;
this module assembles ``ConquianRules`` and registers the game.

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

The information state (``perfect_recall=True``) adds ``events`` (max events × 76), the core's
event log cut for the player (``hoyle.envs.core.events``): one row per event, in order: 7 kinds
(a card dealt, a card turned up, a move, a card added, borrowed or discarded, a card shown),
the actor (me, the adversary, nobody) and the card or action id (65) or "hidden". Everything
but the cards dealt to the adversary is public.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_SUITS, cards_of, rank_of, suit_of
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.conquian.determinizer import (
    UNDEALT,
    ConquianDeterminizer,
)
from hoyle.envs.games.conquian.rules import (
    BUILD,
    DEAL,
    DEAL_CARDS,
    DEALER,
    DECLINE_ACTION,
    DECLINED,
    DISCARD,
    DISCARD_TARGET,
    DISCARDED,
    DISPOSAL,
    EV_ACT,
    EV_ADD,
    EV_BORROW,
    EV_DEAL,
    EV_DISCARD,
    EV_SHOW,
    EV_TURN_UP,
    EVENT_KINDS,
    FIRST_REFUSAL,
    FORCE_ACTION_BASE,
    FORCED,
    GO_OUT_ACTION,
    HAND_SIZE,
    LAY_ACTION,
    MAX_CHANCE_PER_DEAL,
    MAX_COMBINATIONS,
    MAX_DECISIONS_PER_DEAL,
    MAX_EVENTS_PER_DEAL,
    MAX_HAND_SIZE,
    MELD,
    MELD_ACTION,
    NUM_CARD_ACTIONS,
    NUM_DISTINCT_ACTIONS,
    NUM_EVENT_KINDS,
    NUM_PHASES,
    NUM_PLAYERS,
    OVER,
    PACKS,
    PASS_ACTION,
    PHASE_NAMES,
    PONE,
    RANKS_PER_SUIT,
    SOURCE_NAMES,
    STOCK_SIZE,
    TABLE_ACTION,
    TURN_UP,
    USE_ACTION,
    USE_ON_ACTION_BASE,
    WINNING_DOWN,
    ConquianPlay,
    ConquianState,
    deal_plan,
    format_combination,
    max_decisions_per_deal,
    pack_cards,
)
from hoyle.envs.games.conquian.view import (
    ConquianView,
    ConquianViews,
    action_words,
)


class ConquianRules(ConquianViews, ConquianDeterminizer):
    """The rules of Conquian for one parameter set: the moves (:class:`.rules.ConquianPlay`),
    the views (:class:`.view.ConquianViews`) and the determinizer
    (:class:`.determinizer.ConquianDeterminizer`)."""


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


__all__ = [
    "ABSTRACTED_PHASES",
    "BUILD",
    "DEAL",
    "DEALER",
    "DEAL_CARDS",
    "DECLINED",
    "DECLINE_ACTION",
    "DISCARD",
    "DISCARDED",
    "DISCARD_TARGET",
    "DISPOSAL",
    "EVENT_KINDS",
    "EV_ACT",
    "EV_ADD",
    "EV_BORROW",
    "EV_DEAL",
    "EV_DISCARD",
    "EV_SHOW",
    "EV_TURN_UP",
    "FIRST_REFUSAL",
    "FORCED",
    "FORCE_ACTION_BASE",
    "GAME",
    "GO_OUT_ACTION",
    "HAND_SIZE",
    "LAY_ACTION",
    "MAX_CHANCE_PER_DEAL",
    "MAX_COMBINATIONS",
    "MAX_DECISIONS_PER_DEAL",
    "MAX_EVENTS_PER_DEAL",
    "MAX_HAND_SIZE",
    "MELD",
    "MELD_ACTION",
    "NUM_CARD_ACTIONS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_EVENT_KINDS",
    "NUM_PHASES",
    "NUM_PLAYERS",
    "OVER",
    "PACKS",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PONE",
    "RANKS_PER_SUIT",
    "SMALL_CONFIG",
    "SOURCE_NAMES",
    "STOCK_SIZE",
    "TABLE_ACTION",
    "TURN_UP",
    "UNDEALT",
    "USE_ACTION",
    "USE_ON_ACTION_BASE",
    "WINNING_DOWN",
    "ConquianDeterminizer",
    "ConquianPlay",
    "ConquianRules",
    "ConquianState",
    "ConquianView",
    "ConquianViews",
    "abstraction_key",
    "action_words",
    "deal_plan",
    "format_combination",
    "make_rules",
    "max_decisions_per_deal",
    "pack_cards",
]
