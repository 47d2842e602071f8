"""Preference, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "PREFERENCE").

The rules follow RULES.md §5 and the book's own words (``shared/seeds``, "PREFERENCE."): "a
simplified form of Vint, for three players, with a thirty-two-card pack". The book is short;
every gap is an ASSUMPTION below (RULES.md §5 and Appendix B.4), and where two readings are
reasonable the other one is a parameter.

The game
--------
Three active players and the piquet pack of 32 cards (A K Q J 10 9 8 7; ♥ > ♦ > ♣ > ♠ for the
bidding, "hearts being preference always"). With ``players=4`` "the dealer takes no cards"
that deal. The deal, from the dealer's left: three cards to each, **two face down for the
widow**, four to each, three to each (10 cards each and the widow of 2).

*First round.* Beginning on the dealer's left, each active player in turn may **name a suit**
as trumps, undertaking to win at least six of the ten tricks, or pass. A bid must name a
higher suit than any named before ("bids outrank one another in the order of the suits"); the
number of tricks is never named. The widow is not used.

*Second round* (only if nobody named a suit): "each in turn has a second chance to bid for the
widow", in counters. The highest bidder puts his bid into the pool, takes the widow, lays out
two cards face down and names any suit as trumps.

*Play.* The player on the bidder's left leads; follow suit if able (no obligation to trump);
the highest trump, else the highest card of the suit led, wins; the winner leads. 10 tricks.
The trick table is :func:`preference_tricks`; the play of a card to a trick is the shared
core's :func:`~hoyle.envs.core.tricks.play_to_trick`, the widow auction the core's
:class:`~hoyle.envs.core.tricks.Auction`.

ASSUMPTIONS (RULES.md §5, Appendix B.4, and where this module had to choose)
---------------------------------------------------------------------------
1. *First round* (§5.3.1): one chance each, in turn from the dealer's left; the highest suit
   named wins, and its namer is the bidder. The widow stays face down, out of play: nobody
   ever sees it.
2. *Second round* (§5.3.2): an auction in whole counters from 1 to ``max_bid`` (a cap the book
   does not give; the bidder can win at most 10 × 4 = 40 counters with the default values),
   each bid above the last; it goes round until all but one have passed after a bid, and a
   player who passes is out (the core's ``Auction``). The first speaker is the dealer's left.
3. *Thrown in* (§5.3.3): nobody names a suit and nobody bids: the deal is void; every return
   is 0.
4. *Opening lead* (§5.4): the active player on the bidder's left (as at Vint).
5. *Payment* (§5.5): a trick is worth *v*(trumps) counters: ``spade_value`` 1, ``club_value``
   2, ``diamond_value`` 3, ``heart_value`` 4 by default. The bidder who wins six tricks or more
   takes *v* × (his tricks) from the pool; with five or fewer he pays *v* × (6 − his tricks)
   into it. The widow's price is paid into the pool before the play. The other players neither
   pay nor receive. *The first-round bidder's payment* (``first_round_price``): the book has
   "the bidder putting into it as many as he bids for the privilege of naming the trump suit",
   but a first-round bid names a suit, never a number ("the number of tricks is not
   mentioned"), and only the widow bids "are made in counters, to be put into the pool". So
   by default (0) the first-round bidder puts nothing in, as his bid names no counters; a
   positive ``first_round_price`` is the other reading: he puts that many counters into the
   pool for naming trumps, before the play, as the widow's buyer puts in his bid.
6. *The pool, and what a return is.* The three active players make up the pool, "each putting
   in an equal amount", and (§5.1, ASSUMPTION) put in again, equally, whenever it is empty or
   cannot pay a winner in full; so the winner is always paid in full. The pool belongs to the
   players who made it, in equal shares. **One unit of return is one counter of a player's
   wealth: the counters in front of him plus his third of the pool.** A payment of X counters
   by the bidder into the pool is worth −X + X/3 = −2X/3 to him and +X/3 to each of the two
   other active players; a payment out of the pool the reverse; refilling the pool changes
   nobody's wealth. So with F the bidder's net take from the pool in the deal (his winnings
   less his payments and the widow's price) the returns are +2F/3 for the bidder and −F/3 for
   each other active player: the game is **zero-sum** (``GameSpec.constant_sum``), and the
   stake of the deal is what the book's "payments are made from the pool" amount to once the
   pool is seen as the active players' common property. The four-handed dealer (who takes no
   cards and is not one of "the three active players" of that deal) neither pays nor owns a
   share of that deal's payments: his return is 0.
7. *Seats.* The dealer is the last seat (``players - 1``), so seat 0 is the eldest hand; the
   episode is one deal (a duplicate match rotates the seats).
8. *Hands shown.* Nothing hidden is shown at the end: the widow of a first-round hand and the
   bidder's two cards laid out stay face down.
9. *Reduced packs* (``ranks``, ``suits``, ``hand_size``; for exact solving and fast tests
   only): the pack is the ``ranks`` highest of A K Q J 10 9 8 7 in the first ``suits`` suits
   (♠ ♥ ♦ ♣); each active player takes ``hand_size`` cards in the book's packets as far as they
   go, and the widow is the rest, which must be one card or two (the widow's bidder lays out as
   many). The bidder undertakes a majority of the tricks (six of ten; one of one). Every suit
   may still be named, held or not. ``TINY_CONFIG`` (♠♥ A K, one card each and a widow of one,
   the widow sold for one counter at most) is a whole tree of 6,497 nodes.

Parameters
----------
==================  =======  ===================================================================
name                default  meaning
==================  =======  ===================================================================
players             3        3, or 4 (the dealer takes no cards that deal)
spade_value         1        counters a trick with ♠ trumps (assumption 5)
club_value          2        counters a trick with ♣ trumps
diamond_value       3        counters a trick with ♦ trumps
heart_value         4        counters a trick with ♥ trumps
max_bid             20       the highest bid for the widow, in counters (assumption 2)
first_round_price   0        counters the first-round bidder puts into the pool for naming
                             trumps (0: nothing, his bid names no number; assumption 5)
ranks               8        ranks in the pack, A K Q J 10 9 8 7 from the top (assumption 9)
suits               4        suits in the pack, ♠ ♥ ♦ ♣ from the first (assumption 9)
hand_size           10       cards to each active player; the widow is the rest (assumption 9)
==================  =======  ===================================================================

Actions
-------
=====================  ============  ==========================================================
action                 id            meaning (``action_to_string``)
=====================  ============  ==========================================================
card ``c``             0-51          the card id (suit * 13 + rank). Chance: "deal ♥7 to
                                     seat 1", "deal ♥7 to the widow". Laying out: "lay out ♦K".
                                     Play: "play ♦K"
``PASS_ACTION``        52            "pass" (either round)
``NAME_ACTION_BASE``   53-56         + suit id (♠ ♥ ♦ ♣): "name ♥" (first round), "name ♥
                                     trumps" (the widow's bidder)
``BID_ACTION_BASE``    57-           + k - 1: "bid k for the widow", k = 1 .. ``max_bid``
=====================  ============  ==========================================================

``num_distinct_actions`` = ``BID_ACTION_BASE + max_bid`` (77 by default,
``NUM_DISTINCT_ACTIONS``). Phases (stored): ``DEAL``, ``NAMING`` (first round), ``BIDDING``
(the widow), ``LAY_OUT`` (the two cards), ``TRUMPS`` (the widow bidder names trumps), ``PLAY``,
``OVER``.

Bound on the game length
------------------------
Decisions: 3 in the first round; at most ``max_bid`` bids and 3 passes in the second (every bid
raises the price by at least one counter, every pass puts a player out); 2 cards laid out; 1
suit named; 30 cards played: ``39 + max_bid`` (59 by default). Chance nodes: the 32 cards dealt,
one at a time.

Information and the determinizer
--------------------------------
A player sees his own hand, the bidding, the cards played (by whom, to which trick) and the
counts of hidden cards. The widow is seen only by the second-round bidder who takes it; the two
cards he lays out only by him. The table knows, per seat, the suits it has shown out of
(``voids``, a mask of suits): a seat that did not follow suit holds none of the suit led.
The deal is data (``deal_plan``, a :class:`~hoyle.envs.core.deal.DealPlan`) and every step
appends to the one event log (``s.log``, :mod:`hoyle.envs.core.events`), each value marked with
the seats that saw it and the history position its card was chosen at. The determinizer is the
core's (:func:`~hoyle.envs.core.determinize.redeal_unseen`): the rules declare the cards the
player has not located, where they are now (``hidden_cards``: each other seat's hand, the widow
cards its bidder took among them; the face-down widow; the cards another laid out; the cards not
yet dealt) and what the table knows of them (``forbidden_cards``: the suits each seat showed out
of); the core deals them afresh, uniformly among the deals that respect the voids, and relabels
the history positions the log names. Nobody ever loses sight of a card he saw, so every card the
player has not located is re-dealt.

Observation tensor (``perfect_recall=False``; cards by their place in the pack, 0-31; seats
relative to the viewer: 0 me, 1 my left, ...; N = ``players``; sizes for the whole pack)
---------------------------------------------------------------------------------------------
=============  ===========  ========================================================================
piece          shape        contents
=============  ===========  ========================================================================
hand           (32,)        my hand
trick          (N, 32)      the cards on the table in the current trick, by seat
played         (N, 32)      every card each seat has played (public card tracking)
void           (N, 32)      the cards the table knows each seat cannot hold (suits shown out)
widow          (32,)        the widow's cards, if I took it
laid_out       (32,)        my two cards laid out, if I am the widow's bidder
counts         (N, 13)      each seat's hand size, one-hot
widow_count    (3,)         cards in the face-down widow, one-hot
phase          (7,)         one-hot phase
to_move        (N,)         who is to move
dealer         (N,)         the dealer
bidder         (N,)         the bidder (before the play: the namer of the highest suit, the highest
                            bidder for the widow so far)
named          (4,)         the highest suit named in the first round (by suit id)
trumps         (4,)         the trump suit
price          (max_bid+1)  the widow's price (the highest bid so far), one-hot (0: none)
passed         (N,)         seats out of the widow auction (the dealer of four: always)
won            (N, 11)      tricks won by each seat, one-hot
leader         (N,)         who led the current trick
=============  ===========  ========================================================================

The information state (``perfect_recall=True``) adds ``events`` (max events × (6 + N + 1 +
num_distinct_actions + 1), the core's ``EventSchema.encode``): one row per event, in order: its
kind (a card dealt to a seat, to the widow, a call, a widow card taken, a card laid out, a card
played), who (relative seat; last: nobody, the widow's deal) and the card or action id, or the
hidden mark where the player did not see it (another's card dealt, the widow, the widow taken
by another, his cards laid out). Every entry is in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_SUITS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.tricks import PIQUET_RANKS
from hoyle.envs.games.preference.determinizer import PreferenceDeterminizer
from hoyle.envs.games.preference.rules import (
    ACTIVE,
    BID_ACTION_BASE,
    BID_RANK,
    BIDDING,
    CONTRACT,
    DEAL,
    DEFAULT_MAX_BID,
    EV_CALL,
    EV_DEAL,
    EV_LAY,
    EV_PLAY,
    EV_TAKE,
    EV_WIDOW,
    EVENT_KINDS,
    HAND_SIZE,
    LAY_OUT,
    MAX_BID_LIMIT,
    NAME_ACTION_BASE,
    NAMING,
    NUM_CARD_ACTIONS,
    NUM_DISTINCT_ACTIONS,
    NUM_PHASES,
    OVER,
    PACK,
    PACK_MASK,
    PACK_SIZE,
    PACKETS,
    PASS_ACTION,
    PHASE_NAMES,
    PLAY,
    TRICKS,
    TRUMPS,
    WIDOW_SIZE,
    Contract,
    PreferencePlay,
    PreferenceState,
    active_seats,
    call_words,
    deal_plan,
    preference_tricks,
    reduced_pack,
)
from hoyle.envs.games.preference.view import PreferenceRules, PreferenceView, table_of

__all__ = [
    "ACTIVE",
    "BIDDING",
    "BID_ACTION_BASE",
    "BID_RANK",
    "CONTRACT",
    "DEAL",
    "DEFAULT_MAX_BID",
    "EVENT_KINDS",
    "EV_CALL",
    "EV_DEAL",
    "EV_LAY",
    "EV_PLAY",
    "EV_TAKE",
    "EV_WIDOW",
    "GAME",
    "HAND_SIZE",
    "LAY_OUT",
    "MAX_BID_LIMIT",
    "NAME_ACTION_BASE",
    "NAMING",
    "NUM_CARD_ACTIONS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_PHASES",
    "OVER",
    "PACK",
    "PACKETS",
    "PACK_MASK",
    "PACK_SIZE",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "SMALL_CONFIG",
    "TINY_CONFIG",
    "TRICKS",
    "TRUMPS",
    "WIDOW_SIZE",
    "Contract",
    "PreferenceDeterminizer",
    "PreferencePlay",
    "PreferenceRules",
    "PreferenceState",
    "PreferenceView",
    "active_seats",
    "call_words",
    "deal_plan",
    "make_rules",
    "preference_tricks",
    "reduced_pack",
    "table_of",
]


def make_rules(params: Mapping[str, ParamValue]) -> PreferenceRules:
    return PreferenceRules(params)


SMALL_CONFIG: dict[str, ParamValue] = {"max_bid": 2}
"""A fast configuration for the conformance suite: the widow auction has two prices. (The
32-card deal itself is not reduced: it is not a configuration for exact solving.)"""

TINY_CONFIG: dict[str, ParamValue] = {"ranks": 2, "suits": 2, "hand_size": 1, "max_bid": 1}
"""For OpenSpiel's full-tree solvers (assumption 9): ♠A ♠K ♥A ♥K, one card each and a widow of
one, the widow sold for one counter at most: both rounds, the lay-out and one trick."""

GAME = register(
    GameSpec(
        short_name="preference",
        title="Preference",
        book=FOSTER,
        section="PREFERENCE",
        make_rules=make_rules,
        params={
            "players": Param(3, "players at the table; with 4 the dealer takes no cards", (3, 4)),
            "spade_value": Param(
                1, "counters a trick is worth with spades trumps (ASSUMPTION)", low=0, high=100
            ),
            "club_value": Param(
                2, "counters a trick is worth with clubs trumps (ASSUMPTION)", low=0, high=100
            ),
            "diamond_value": Param(
                3, "counters a trick is worth with diamonds trumps (ASSUMPTION)", low=0, high=100
            ),
            "heart_value": Param(
                4, "counters a trick is worth with hearts trumps (ASSUMPTION)", low=0, high=100
            ),
            "max_bid": Param(
                DEFAULT_MAX_BID,
                "the highest bid for the widow, in counters (ASSUMPTION)",
                low=1,
                high=MAX_BID_LIMIT,
            ),
            "first_round_price": Param(
                0,
                "counters the first-round bidder puts into the pool for naming trumps (0: none, "
                "his bid names no number; ASSUMPTION)",
                low=0,
                high=MAX_BID_LIMIT,
            ),
            "ranks": Param(
                len(PIQUET_RANKS),
                "ranks in the pack, highest first in A K Q J 10 9 8 7 (reduced packs, for "
                "solving; ASSUMPTION)",
                tuple(range(1, len(PIQUET_RANKS) + 1)),
            ),
            "suits": Param(
                NUM_SUITS, "suits in the pack, ♠ ♥ ♦ ♣ (reduced packs; ASSUMPTION)", (1, 2, 3, 4)
            ),
            "hand_size": Param(
                HAND_SIZE,
                "cards dealt to each active player; the widow is the rest, 1 or 2 (reduced "
                "packs; ASSUMPTION)",
                tuple(range(1, HAND_SIZE + 1)),
            ),
        },
        min_players=3,
        max_players=4,
        constant_sum=True,
        variants={"four": {"players": 4}},
        small_config=SMALL_CONFIG,
        tiny_config=TINY_CONFIG,
        tiny_nodes=8_000,  # 6,497
        reference="skat",
        summary="Three-handed Vint: name a suit for six tricks, or buy the widow.",
    )
)
