"""Cassino, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "CASSINO"), with its
variations Twenty-one Point, Royal, Spade and Draw Cassino.

The rules follow RULES.md §1 and the book's own words (``shared/seeds``, from "turn plays a card
from his hand" to "CONQUIAN."). Where the book is silent a gap is filled by an ASSUMPTION below;
where two readings are reasonable the other one is a parameter.

The game
--------
Two, three or four players, each for himself, or four as two partnerships (partners opposite),
with the full pack. Cards have no rank in play, only their pip value (A = 1 ... 10 = 10); the
court cards K Q J have none and can only be *paired* (Royal Cassino gives them 11, 12, 13).
Four cards are dealt to each player and four face up to the table, two at a time; when every
hand is empty four more each are dealt, none to the table, until the pack is used up. In turn,
from the eldest hand, each player plays one card and with it

* **takes in**: the card and table objects it captures go face down to his side's pile —
  *pairs* (all loose cards of the same rank: "gathers in all of them"), *combinations* (one or
  more disjoint groups of two or more loose cards adding up to the card's value) and *builds*
  of the card's value, in any mixture ("Pairs and combinations may be taken in together");
* **builds**: puts the card on loose cards to make a *build* of value v ("Nine"), which must be
  taken as a whole, and may at the same time gather other loose groups, single loose cards and
  builds of value v into it, making a *multiple build* ("Two Sevens", "Two Nines") that can
  never be increased. He must still hold a card of value v ("the lower of which, if added to a
  card on the table, would build up its value to that of the higher card still in the player's
  hand"); in the partnership game a player may instead build for his partner's declared value
  or join his partner's build ("two Eights ... the 8 already built by his partner is
  sufficient");
* **increases** a single build (anyone's) with the card: only a card from the hand ("no
  combination of cards once announced, and left on the table, can be changed, except by the
  addition of a card from the hand"), and he must hold a card of the new value; or
* **trails**: lays the card face up among the loose cards.

A take-in that clears the table is a **sweep** (1 point). After the last card, the cards left
on the table go to the player who took in last — not a sweep unless that take-in was one. The
deal is counted: cards (most) 3, spades (most) 1, Big Cassino ♦10 2, Little Cassino ♠2 1,
each Ace 1 (11 in all), each sweep 1; a tie for cards or spades scores nothing.

ASSUMPTIONS (RULES.md §1 and Appendix B.2, and where this module had to choose)
--------------------------------------------------------------------------------
1. *The deal* (RULES.md §1.2; it precedes the excerpt): two at a time, to each player from the
   eldest hand, then two to the table, twice (two-handed: two to the adversary, two to the
   table, two to the dealer, twice); later rounds four each, none to the table. The
   cut is not played (it does not change the chances). ``first_dealer`` (default ``-1``: the
   last player, so player 0 is eldest hand) deals first; the deal passes to the left. The
   eldest hand plays first in every round ("After receiving fresh cards, the eldest hand again
   plays first").
2. *Trailing* is always allowed, even when a capture is possible (Appendix B.2) — except by a
   player who owns a build on the table while he holds a card of its value ("Any player who has
   made a build is obliged either to win it ... or to win something else, or to make another
   build"): he must take in, build or increase. The book's obligation presumes that he holds the
   card he built for; once he has played it (or built for his partner's card) he may trail, so
   that no player is ever left without a legal play.
3. *Declared values* (RULES.md §1.4, partnership exception): a player's build or increase to v
   *declares* v when the partnership exception was not available to him (so he certainly held
   v); the declaration is cleared when he plays a card of value v, and at the end of the deal.
   His partner may build or increase to a declared v without holding v ("his partner may build
   for the declared 9 in the same way"), or join his partner's build of v. Builds made on the
   strength of the partner's card declare nothing (no one at the table could tell).
4. *Several builds of one value* may stand on the table at once; joining them is the builder's
   choice ("two builds of the same value ... put together as one").
5. *Pairing and combining together*: taking any loose card of the played card's rank takes all
   of them; a take-in may leave them if it takes none of them (the book's rule is stated for
   pairing).
6. *A build's owner* is the player who last built or increased it; a multiple build made by
   gathering a partner's build belongs to the new builder.
7. *Nobody took in* during a deal (possible only in theory): the last cards go to the dealer's
   side (the dealer plays the last card), so that the count still totals 11.
8. *Each deal a game* (``scoring=deal``, the default; "count every hand a game, and settle for it
   in counters"): every side settles with every other side for the difference of their points.
   With two sides the loser pays the difference; with three players player i receives
   Σ_j (points_i − points_j), which is zero-sum. Partners each win or pay their side's amount.
9. *Most* (cards, spades) means strictly more than each other side; a tie scores nothing (with
   three players, a tie at the top too).
10. *Eleven up* (``scoring=eleven``, "the old way"): after each deal each side scores its points
    less the lowest side's (with two sides, the higher scores the difference). The first side to
    11 wins a game, two (a *lurch*) from each adversary who has not reached 6. If two sides of
    three pass 11 in the same deal the higher wins; a tie at the top plays another deal.
11. *Twenty-one point* (``scoring=twenty_one``): points accumulate, scored at the end of each
    deal. If two or more sides would pass 21, the points count out in the book's order — cards,
    spades, Big Cassino, Little Cassino, the Aces ♠ ♣ ♥ ♦, then the sweeps, of which only the
    difference counts (each side's sweeps less the fewest of any side, counted for the sides in
    order of play from the eldest hand) — and the first side to reach 21 wins. If nobody
    reaches it so, the scores stand as counted out and another deal is played.
12. *Counting out* (``count_out=true``, "It is better to agree to count out"): a player may claim
    the game on his turn, before he plays a card. His side's points then are its score plus what
    it has *secured* in this deal: Big and Little Cassino, Aces and sweeps taken in, and cards
    (spades) once its count exceeds what any other side could still reach. A correct claim (21 or
    more) wins, even if an adversary also has 21 or more; a wrong claim loses the game (the
    claimant's side pays each other side one game). If nobody claims and, at the end of a deal,
    two or more sides are found to be out, neither wins and the game goes on to 32, then 43, ...
    (+11 each time). A side that alone is found out at the end of a deal wins.
13. *Spade Cassino*: every spade 1, the ♠J 1 more, no point for most spades: 24 points a deal
    plus sweeps. With ``scoring=sixty_one`` (the book's game) every point but cards is pegged
    the moment it is taken in (sweeps when made, the last cards when they are gathered), cards
    at the end of the deal, and the first side to 61 wins at once, even in the middle of a deal.
    Spade Cassino is played ``deal`` or ``sixty_one``; ``sixty_one`` only with Spade Cassino.
14. *Royal Cassino*: J = 11, Q = 12, K = 13, usable in combining and building; builds up to 13.
    With ``aces_fourteen`` ("The aces are sometimes valued at 14 each") an Ace counts 1 or 14 at
    the choice of the player who uses it: played from the hand it may take as Fourteen (groups
    adding to 14, builds of 14) or build as Fourteen (alone, beside other units of 14: "Two
    Fourteens"); a loose Ace counts 1 in a combination (and under the card a build is put on),
    but beside a build of Fourteen it is always a unit of 14 by itself. Builds then go up to 14.
    A take-in as Fourteen must take at least one group or build (taking only pairs is the
    take-in as 1).
15. *Draw Cassino*: four each and four to the table, then each player draws the top card of the
    stock right after each card he plays, until the stock is gone; then the hands are played out.
16. *Matches are bounded* (``max_deals``, default 30): a match (``eleven``, ``twenty_one``,
    ``sixty_one``) that is not decided after ``max_deals`` deals is abandoned as a draw (all
    returns 0). The cap is there so that the game is finite (a run of tied deals, or ever higher
    counting-out targets), not to end real games: in 400 random matches of each kind a match
    took 3.2 (eleven up), 3.5 (twenty-one) and 4.0 (Spade 61) deals on average two-handed, 5.5
    and 7.2 four-handed, at most 9; none reached the cap.
17. *Sweeps cancel* (``cancel_sweeps``, "Sweeps made by opposite sides are sometimes turned down
    to cancel one another"): each side counts its sweeps less the fewest of any side. Not with
    ``sixty_one`` (sweeps are pegged as they are made).
18. *Reduced packs* (``ranks``, ``suits``, ``hand_size``, ``table_size``): the pack is the first
    ``ranks`` ranks from the Ace up in the first ``suits`` suits (♠ ♥ ♦ ♣); a point whose card is
    not in the pack is not played for. This is for exact solving. ``GameSpec.small_config`` is
    Draw Cassino with ♠♥ A 2 3, two players, two cards each and none to the table: 720 orders
    of the six cards, a tree of 873,797 nodes (299,520 terminal), and hidden cards until the
    stock of two is drawn. (The standard deal of so small a pack is one round, after which
    nothing is hidden.) ``GameSpec.tiny_config``, for OpenSpiel's full-tree solvers, is the
    plain game with ♠♥ A 2, one card each and none to the table: two rounds, the second
    player's card hidden in the first, a tree of 417 nodes. (Two cards each in one round is
    1,713 nodes, but each player can then name the other's hand: nothing for a solver's
    information sets, nor the determinizer, to work on.)

19. *What is seen*: taken-in cards are turned face down, but each was seen face up when it was
    played or gathered, so every side's pile is public card tracking in the views; the last
    take-in is shown as such ("only the last trick gathered can be seen"). Nothing is hidden
    but the other players' hands and the undealt stock; the play being made is face up. Only
    one thing about it is not: whether a partner building a value his partner has not declared
    (or whose declaration is spent) holds a card of it himself, or must still join his
    partner's build of it. The others see his requirement as met only once the table can tell
    (``seen_move``): he joins the build, the value is declared, or no build of his partner's
    of that value stands (then he must hold the card).

The optional irregularity rules (RULES.md §1.8) cannot arise: only legal actions are offered.

Parameters
----------
=============  ========  =======================================================================
name           default   meaning
=============  ========  =======================================================================
players        2         2, 3 or 4
partnership    false     four players as two partnerships, partners opposite (0 & 2, 1 & 3)
variant        plain     ``plain``, ``royal``, ``spade`` or ``draw`` Cassino
aces_fourteen  false     Royal Cassino: an Ace counts 1 or 14 (assumption 14)
scoring        deal      ``deal`` (each deal a game), ``eleven``, ``twenty_one``, ``sixty_one``
count_out      false     twenty-one point: claim the game ("counting out"; assumption 12)
cancel_sweeps  false     sweeps by opposite sides cancel (assumption 17)
max_deals      30        the bound on a match's deals (assumption 16)
first_dealer   -1        the dealer of the first deal; -1 = the last player (assumption 1)
ranks          13        ranks in the pack from the Ace up (assumption 18)
suits          4         suits in the pack, ♠ ♥ ♦ ♣ in that order (assumption 18)
hand_size      4         cards dealt to each player per round
table_size     4         cards dealt face up to the table
=============  ========  =======================================================================

Actions
-------
A play is a short sequence of decisions by the same player: the card, what to do with it, the
table objects it takes or builds on, one by one, and "done". The partial play is in the state
and in every player's view (the card is played face up). Every started sequence can be
completed: an object is offered only if a legal play contains the objects chosen so far and it.
Objects are chosen in a canonical order, so that each play has one sequence (but for the
announced partition of a combination, which is part of the play): a group's cards in rising
card id, groups, single cards and builds in rising order of their lowest card id, pairs last.
A forced step inside a take-in, inside the cards a build is put on or one of its groups, or a
forced final "done", is taken automatically: never a step whose being forced could depend on
hidden cards (choosing the card and choosing the kind of play are always decisions).

==========================  =======  ===============================================================
action                      ids      meaning (``action_to_string``)
==========================  =======  ===============================================================
``PLAY_CARD_ACTION_BASE``   0-51     + card: "play ♦9" (chance: "deal ♦9 to eldest hand")
``SELECT_ACTION_BASE``      52-103   + card: a loose card ("combine ♣4", "build on ♣7", "add ♣9")
                                     or the build whose lowest card it is ("take Nine (♥7 ♠2)")
``INCREASE_ACTION_BASE``    104-155  + the build's lowest card: "increase Nine (♥7 ♠2) to Ten"
``TAKE_ACTION_BASE``        156-170  + v: "take in with ♦9" (v = 0: a court card, pairs only;
                                     v = 14: an Ace as Fourteen)
``BUILD_ACTION_BASE``       171-185  + v: "build Nine" (the played card at its face value)
``BUILD_ACE_HIGH_ACTION``   186      "build Fourteen with ♠A as Fourteen"
``TRAIL_ACTION``            187      "trail ♠3"
``PAIR_ACTION``             188      "pair ♥9 ♣9": take in all loose cards of the card's rank
``DONE_ACTION``             189      "take in ♠2 ♥3 ♣4 with ♦9" / "call Two Sevens"
``CLAIM_OUT_ACTION``        190      "claim out" (counting out)
==========================  =======  ===============================================================

``NUM_DISTINCT_ACTIONS`` = 191 = 3 × 52 card-indexed ranges + 2 × (``MAX_VALUE`` + 1) values +
5 single actions. Chance outcomes are card ids (``max_chance_outcomes`` = 52).

Bound on the game length
------------------------
Each of the P = pack − table plays of a deal takes the card, the kind and at most one "done"
(3 decisions); over a deal, the selections number at most the cards ever loose (≤ pack: a
selected loose card leaves the loose cards), plus the builds taken or gathered (≤ P: each was
made by a play) plus one pair selection a play (≤ P). So a deal has at most 5P + pack decisions
(292 for the full pack), and pack chance nodes; a match at most ``max_deals`` times that, plus
one claim. Random two-handed play uses about 106 decisions a deal (158 steps with the deal).

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance
by ``state.chance_outcomes()``): ``hoyle bench --no-agents hoyle_cassino`` measures them. Of the
rules' part, the larger parts are the play rules (``kind_actions``, ``select_actions``,
``step``); the cards of a mask come from a per-suit lookup table (``_bits``).

Observation tensor (``perfect_recall=False``)
---------------------------------------------
Seats are relative to the observer: slot 0 me, 1 left (the next player; the adversary with two),
2 partner (across), 3 right. Sides: my side is slot 0; with partnerships the other side is
slot 1; otherwise a side is its player's seat slot. Cards are indexed by card id (0-51). Every
entry lies in [0, 1]: counts are divided by their largest value; S, the score scale, is the
largest target (with counting out, 21 + 11 × max_deals) plus the most points of one deal.

===============  ===================  ===========================================================
piece            shape                contents
===============  ===================  ===========================================================
phase            (6,)                 deal, draw, play, kind, select, over
to_move          (4,)                 seat to move
dealer           (4,)                 seat of the dealer
hand             (52,)                my hand
hand_sizes       (4,)                 cards held by each seat / hand_size
stock            (1,)                 cards not yet dealt / pack
loose            (52,)                loose cards on the table
trailed          (4, 52)              loose cards each seat trailed (public)
builds           (B, 72)              builds in order of lowest card: cards (52), value one-hot
                                      (15), multiple (1), owner seat (4); B = pack // 2
piles            (4, 52)              each side's taken-in cards (seen as taken in)
sweeps           (4,)                 each side's sweeps this deal / the most a deal allows
last_take        (52,)                the cards of the last take-in (face up until the next)
last_taker       (4,)                 seat of the last taker
declared         (4, 15)              each seat's declared build values (assumption 3)
move_card        (52,)                the card being played
move_kind        (5,)                 take, build, Ace as Fourteen, pairs taken, requirement met
                                      (for another player's build, as the table can tell it:
                                      assumption 19)
move_value       (15,)                the value of the take-in or build
move_selected    (52,)                loose cards chosen so far (incl. the open group)
move_open        (52,)                the group being chosen
move_builds      (B,)                 builds chosen so far (by slot)
scores           (4,)                 each side's game points (match scoring) / S
target           (1,)                 the points that win (21, 32, ... counting out) / S
deal_number      (1,)                 deals finished / max_deals
===============  ===================  ===========================================================

The information state (``perfect_recall=True``) adds ``events``, the core's event log of the
whole match cut for the observer (:mod:`hoyle.envs.core.events`: one row per event, its kind,
its actor counted from the observer, its value, a card dealt to another player hidden): each
deal's start, each card dealt or drawn, and each play as its card (the kind of play), the loose
cards it moves and the builds it takes, joins or raises in the order chosen, the value called,
the sweep; the last cards, the count of each side, a claim (``rules.EVENT_KINDS``). It adds
``results`` (max_deals, 4) too: the points each side scored in each finished deal (over the
most points of one deal). The information-state string is the same log in words.

Package
-------
:mod:`~hoyle.envs.games.cassino.rules` (the deal, the plays, the count, the words),
:mod:`~hoyle.envs.games.cassino.view` (what a player sees: views, tensors, strings, the table
view), :mod:`~hoyle.envs.games.cassino.determinizer` (re-dealing what he has not seen); this
module puts the rules together and registers the game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from hoyle.envs.core.registry import (
    FOSTER,
    PARTNERS_OPPOSITE,
    GameSpec,
    Param,
    ParamValue,
    Sides,
    register,
)
from hoyle.envs.games.cassino.determinizer import DeterminizerRules
from hoyle.envs.games.cassino.rules import (
    ACES_IN_ORDER,
    BIG_CASSINO,
    BUILD_ACE_HIGH_ACTION,
    BUILD_ACTION_BASE,
    CARD_TEXT,
    CLAIM_OUT_ACTION,
    DEAL,
    DONE_ACTION,
    DRAW,
    EVENT_KINDS,
    INCREASE_ACTION_BASE,
    KIND,
    KIND_BUILD,
    KIND_INCREASE,
    KIND_NONE,
    KIND_TAKE,
    KIND_TRAIL,
    LITTLE_CASSINO,
    MAX_VALUE,
    NUM_CARDS,
    NUM_DISTINCT_ACTIONS,
    NUM_PHASES,
    NUM_VALUES,
    OVER,
    PAIR_ACTION,
    PHASE_NAMES,
    PLAY,
    PLAY_CARD_ACTION_BASE,
    SELECT,
    SELECT_ACTION_BASE,
    SPADE_JACK,
    TAKE_ACTION_BASE,
    TRAIL_ACTION,
    VALUE_NAMES,
    Build,
    CassinoState,
    Move,
    _unique_max,
    build_key,
    build_name,
    describe_build,
)
from hoyle.envs.games.cassino.view import (
    BUILD_ROW,
    MOVE_KIND_FLAGS,
    CassinoView,
    ViewRules,
    abstraction_key,
)


class CassinoRules(ViewRules, DeterminizerRules):
    """The rules of Cassino for one parameter set (pure: no pyspiel, no randomness, no I/O):
    the play (:class:`~hoyle.envs.games.cassino.rules.PlayRules`), what each player sees
    (:class:`~hoyle.envs.games.cassino.view.ViewRules`) and the re-deal of what he has not
    seen (:class:`~hoyle.envs.games.cassino.determinizer.DeterminizerRules`)."""


# --- registration ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _rules_for(items: tuple[tuple[str, ParamValue], ...]) -> CassinoRules:
    return CassinoRules(dict(items))


def make_rules(params: Mapping[str, ParamValue]) -> CassinoRules:
    return _rules_for(tuple(sorted(params.items())))


def partnership_sides(params: Mapping[str, ParamValue]) -> Sides | None:
    """The sides of the partnership game, partners opposite (players 0 and 2 against 1 and 3:
    the rules' ``side_of``); ``None`` when each plays for himself."""
    return PARTNERS_OPPOSITE if params["players"] == 4 and params["partnership"] else None


GAME = register(
    GameSpec(
        short_name="cassino",
        title="Cassino",
        book=FOSTER,
        section="CASSINO",
        make_rules=make_rules,
        params={
            "players": Param(
                2, "number of players, each for himself unless partnership", (2, 3, 4)
            ),
            "partnership": Param(False, "four players as two partnerships, partners opposite"),
            "variant": Param(
                "plain",
                "plain, royal (court cards 11-13), spade (every spade a point) or draw Cassino",
                ("plain", "royal", "spade", "draw"),
            ),
            "aces_fourteen": Param(
                False, "Royal Cassino: an Ace counts 1 or 14 at its player's choice (ASSUMPTION)"
            ),
            "scoring": Param(
                "deal",
                "deal (each deal a game, settled by the point difference), eleven (11 up with "
                "the lurch), twenty_one, or sixty_one (Spade Cassino pegged to 61)",
                ("deal", "eleven", "twenty_one", "sixty_one"),
            ),
            "count_out": Param(False, "twenty-one point: players claim the game (counting out)"),
            "cancel_sweeps": Param(False, "sweeps by opposite sides cancel one another"),
            "max_deals": Param(
                30,
                "a match not decided after this many deals is a draw (bounds the game)",
                low=1,
                high=100,
            ),
            "first_dealer": Param(
                -1,
                "the dealer of the first deal; -1 = the last player (player 0 eldest hand)",
                low=-1,
                high=3,
            ),
            "ranks": Param(
                13, "ranks in the pack from the Ace up (reduced packs)", tuple(range(1, 14))
            ),
            "suits": Param(4, "suits in the pack, ♠ ♥ ♦ ♣ in that order", (1, 2, 3, 4)),
            "hand_size": Param(4, "cards dealt to each player in each round", (1, 2, 3, 4)),
            "table_size": Param(4, "cards dealt face up to the table", (0, 1, 2, 3, 4)),
        },
        min_players=2,
        max_players=4,
        variants={
            "three_player": {"players": 3},
            "four_player": {"players": 4},
            "partnership": {"players": 4, "partnership": True},
            "royal": {"variant": "royal"},
            "royal_aces_fourteen": {"variant": "royal", "aces_fourteen": True},
            "spade": {"variant": "spade", "scoring": "sixty_one"},
            "draw": {"variant": "draw"},
            "eleven_up": {"scoring": "eleven"},
            "twenty_one": {"scoring": "twenty_one"},
            "counting_out": {"scoring": "twenty_one", "count_out": True},
            "small": {"variant": "draw", "ranks": 3, "suits": 2, "hand_size": 2, "table_size": 0},
        },
        small_config={"variant": "draw", "ranks": 3, "suits": 2, "hand_size": 2, "table_size": 0},
        tiny_config={"ranks": 2, "suits": 2, "hand_size": 1, "table_size": 0},
        tiny_nodes=500,  # 417
        abstraction=abstraction_key,
        sides=partnership_sides,
        summary="Capture cards from the table by pairing, combining and building; "
        "cards, spades, Cassinos, Aces and sweeps score.",
        version=0,
    )
)


__all__ = [
    "ACES_IN_ORDER",
    "BIG_CASSINO",
    "BUILD_ACE_HIGH_ACTION",
    "BUILD_ACTION_BASE",
    "BUILD_ROW",
    "CARD_TEXT",
    "CLAIM_OUT_ACTION",
    "DEAL",
    "DONE_ACTION",
    "DRAW",
    "EVENT_KINDS",
    "GAME",
    "INCREASE_ACTION_BASE",
    "KIND",
    "KIND_BUILD",
    "KIND_INCREASE",
    "KIND_NONE",
    "KIND_TAKE",
    "KIND_TRAIL",
    "LITTLE_CASSINO",
    "MAX_VALUE",
    "MOVE_KIND_FLAGS",
    "NUM_CARDS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_PHASES",
    "NUM_VALUES",
    "OVER",
    "PAIR_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "PLAY_CARD_ACTION_BASE",
    "SELECT",
    "SELECT_ACTION_BASE",
    "SPADE_JACK",
    "TAKE_ACTION_BASE",
    "TRAIL_ACTION",
    "VALUE_NAMES",
    "Build",
    "CassinoRules",
    "CassinoState",
    "CassinoView",
    "Move",
    "_unique_max",
    "abstraction_key",
    "build_key",
    "build_name",
    "describe_build",
    "make_rules",
    "partnership_sides",
]
