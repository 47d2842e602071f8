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
   four-handed game the player on his right, last), three rounds, then the four talon cards
   (one :class:`~hoyle.envs.core.deal.DealPlan`), each card a chance node drawing uniformly
   from the cards not yet dealt. The cut is not
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
events × (14 + N + 1 + 64 + 1)): the core event log (:mod:`hoyle.envs.core.events`), one row
per event in order: its kind (14), the seat (relative; or none), the card, action or number
(or "not seen": a card dealt to another seat or the talon, another's discard, an exchange he
did not handle). Its string lines are the same events in words.

Determinizer
------------
The core's (:mod:`hoyle.envs.core.determinize`): the rules
(:class:`~.determinizer.CalabrasellaDeterminizer`) name every card whose place the player does
not know, by where it is now (each other seat's hand, the card given in exchange if he did not
see it, the single player's discards, the talon before it is turned up, the cards not yet
dealt), and what the table knows: a seat that did not follow suit holds none of it; when a 2
was asked for or nothing was, the single player held every 3 (with nothing to ask, every 2
too), so none is with an adversary's own cards or in the talon, though the card given in
exchange may be one. The card asked for was handed over in view or lies in the talon, so it
keeps its place until the single player may have discarded it. The core draws the cards
uniformly within those masks and relabels the history through the event log; the game then
rejects a draw that would have left "ask for nothing" closed and puts the discards back in
rising order (``admit_world``); the other seats' deal orders are drawn afresh
(``unseen_orders``). Two things a player sees and then loses track of are drawn too
(``lost_cards``): the card asked for, once the single player has begun to discard (in his
discards or still in his hand), and, for a player who did not see the exchange, which of the
receiver's played cards, if any, was the one he received (the others were dealt to him).

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance
by the legal outcomes), one core of the development machine: about 40,000 steps a second, 510
deals a second three-handed (79 steps a deal; 87% of random deals are played, the rest all pass);
four-handed about 35,000 steps a second.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_SUITS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.calabrasella.determinizer import CalabrasellaDeterminizer
from hoyle.envs.games.calabrasella.rules import (
    ACTIVE,
    ASK,
    ASK_THREE_ACTION_BASE,
    ASK_TWO_ACTION_BASE,
    ASKED_NOTHING,
    CALABRASELLA_POINTS,
    CALABRASELLA_RANKS,
    COUNTING_RANKS,
    DEAL,
    DECLARE,
    DISCARD,
    DONE_ACTION,
    EV_DEAL,
    EV_DECIDE,
    EV_DISCARD,
    EV_EXCHANGE,
    EV_EXPOSE,
    EV_GIVE_UP,
    EV_IN_TALON,
    EV_LAST,
    EV_NEW_DEAL,
    EV_PLAY,
    EV_STOCK,
    EV_TAKE,
    EV_TALON,
    EV_TRICK,
    EVENT_KINDS,
    EXCHANGE,
    HAND_SIZE,
    LAST_TRICK_POINTS,
    MAX_DISCARDS,
    NO_ASK_ACTION,
    NO_GIVER,
    NOTHING_TO_ASK,
    NUM_CARD_ACTIONS,
    NUM_DISTINCT_ACTIONS,
    NUM_PHASES,
    OVER,
    PACKET,
    PASS_ACTION,
    PASSED,
    PHASE_NAMES,
    PLAY,
    REVOKE_PENALTY,
    STAND_ACTION,
    STOOD,
    TAKE,
    TALON_GIVER,
    TALON_SIZE,
    TOTAL_POINTS,
    UNDECLARED,
    WINNING_POINTS,
    CalabrasellaPlay,
    CalabrasellaState,
    calabrasella_tricks,
    counting_points,
    settle,
)
from hoyle.envs.games.calabrasella.view import CalabrasellaView, CalabrasellaViews


class CalabrasellaRules(CalabrasellaViews, CalabrasellaDeterminizer):
    """The rules of Calabrasella for one parameter set: the play
    (:class:`~.rules.CalabrasellaPlay`), the views (:class:`~.view.CalabrasellaViews`) and the
    determinizer's declarations (:class:`~.determinizer.CalabrasellaDeterminizer`)."""


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

__all__ = [
    "ACTIVE",
    "ASK",
    "ASKED_NOTHING",
    "ASK_THREE_ACTION_BASE",
    "ASK_TWO_ACTION_BASE",
    "CALABRASELLA_POINTS",
    "CALABRASELLA_RANKS",
    "COUNTING_RANKS",
    "DEAL",
    "DECLARE",
    "DISCARD",
    "DONE_ACTION",
    "EVENT_KINDS",
    "EV_DEAL",
    "EV_DECIDE",
    "EV_DISCARD",
    "EV_EXCHANGE",
    "EV_EXPOSE",
    "EV_GIVE_UP",
    "EV_IN_TALON",
    "EV_LAST",
    "EV_NEW_DEAL",
    "EV_PLAY",
    "EV_STOCK",
    "EV_TAKE",
    "EV_TALON",
    "EV_TRICK",
    "EXCHANGE",
    "GAME",
    "HAND_SIZE",
    "LAST_TRICK_POINTS",
    "MAX_DISCARDS",
    "NOTHING_TO_ASK",
    "NO_ASK_ACTION",
    "NO_GIVER",
    "NUM_CARD_ACTIONS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_PHASES",
    "OVER",
    "PACKET",
    "PASSED",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "REVOKE_PENALTY",
    "SMALL_CONFIG",
    "STAND_ACTION",
    "STOOD",
    "TAKE",
    "TALON_GIVER",
    "TALON_SIZE",
    "TOTAL_POINTS",
    "UNDECLARED",
    "WINNING_POINTS",
    "CalabrasellaDeterminizer",
    "CalabrasellaPlay",
    "CalabrasellaRules",
    "CalabrasellaState",
    "CalabrasellaView",
    "CalabrasellaViews",
    "calabrasella_tricks",
    "counting_points",
    "make_rules",
    "settle",
]
