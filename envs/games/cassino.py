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
by ``state.chance_outcomes()``), one core of the development machine: about 46,000 steps a
second (±5% between runs), 290 two-handed deals a second; the same loop on the bare rules
object runs about 89,000 steps a second, so OpenSpiel's own part (the C++ ``apply_action``
trampoline and the adapter's legality memo) is about half of the time. Of the rules' half, the
larger parts are the play rules (``kind_actions``, ``select_actions``, ``step``) and the chance
outcomes, whose undealt cards come from a per-suit lookup table (``_bits``). Information-state
strings of a long match are memoized per log cell (``event_lines``).

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

The information state (``perfect_recall=True``) adds ``events`` (E, 135): one row per event of
the current deal, in order — kind (11: dealt to me, to the table, to another (hidden), drawn by
me, drawn by another (hidden), trail, take-in, build, increase, claim, last cards), seat (4),
card (52), value (15), cards involved (52: taken in, or the build made), sweep (1; for a claim:
right); E = pack +
P + 2 — and ``results`` (max_deals, 4): the points each side scored in each finished deal (over
the most points of one deal). The
earlier deals' events are in the information-state string (which is perfect recall over the
whole match); they cannot change the rest of the match except through the scores.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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
from hoyle.envs.core.determinize import draw_without_replacement
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import set_cards
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, ProbabilitySampler, replace_at

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

TABLE = -1
"""The recipient of a card dealt face up to the table (``deal_recipient``)."""

# Phases (stored, never inferred).
DEAL, DRAW, PLAY, KIND, SELECT, OVER = range(6)
NUM_PHASES = 6
PHASE_NAMES = ("deal", "draw", "play a card", "choose the play", "choose the cards", "over")

# What a (partial) play is.
KIND_NONE, KIND_TAKE, KIND_BUILD, KIND_INCREASE, KIND_TRAIL = range(5)
# Units of a take-in or build.
UNIT_GROUP, UNIT_CARD, UNIT_BUILD, UNIT_PAIR = range(4)
UNIT_BASE = 4
"""In the log only: the loose cards a build was put on."""

# Events of the log.
EV_DEAL, EV_DRAW, EV_TRAIL, EV_TAKE, EV_BUILD, EV_INCREASE, EV_CLAIM, EV_LAST, EV_END = range(9)
# Event kinds of the information-state tensor.
(
    R_DEALT_ME, R_DEALT_TABLE, R_DEALT_OTHER, R_DRAWN_ME, R_DRAWN_OTHER, R_TRAIL, R_TAKE,
    R_BUILD, R_INCREASE, R_CLAIM, R_LAST,
) = range(11)  # fmt: skip
NUM_EVENT_KINDS = 11
EVENT_WIDTH = NUM_EVENT_KINDS + 4 + NUM_CARDS + NUM_VALUES + NUM_CARDS + 1
BUILD_ROW = NUM_CARDS + NUM_VALUES + 1 + 4
MOVE_KIND_FLAGS = 5

BIG_CASSINO = card(DIAMONDS, TEN)
LITTLE_CASSINO = card(SPADES, TWO)
SPADE_JACK = card(SPADES, JACK)
ACES_IN_ORDER = (card(SPADES, ACE), card(CLUBS, ACE), card(HEARTS, ACE), card(DIAMONDS, ACE))
"""The order in which the Aces count out ("the spade Ace goes out first, then clubs, hearts,
and diamonds")."""

MAX_REDEALS = 20_000
"""Rejection draws the determinizer tries before keeping the true deal (never reached in tests)."""

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

    ``log`` is a cons list ``(event, previous)`` of everything that happened in public
    (``None`` at the start), shared between copies: a card dealt to a player appears in it as
    ``-1``; ``private[q]`` is the cons list ``((position, card), previous)`` of the cards dealt to
    player ``q``. ``n_actions`` is the length of OpenSpiel's history, so that events name the
    history position of each card dealt (for the determinizer). A view holds the public log and
    the viewer's private log as they are: nothing is copied and nothing hidden is in it.
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
        "n_actions",
        "outcome",
        "phase",
        "piles",
        "player",
        "private",
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
    log: Any
    private: tuple[Any, ...]
    n_actions: int
    outcome: tuple[float, ...] | None


@dataclass(frozen=True)
class CassinoView:
    """What one player sees: his hand, the table, the public history. Players are absolute
    ids (``player`` is the viewer); encoders make them relative. ``log`` is the public event
    log and ``own`` the viewer's private log of the cards dealt to him (``CassinoState``), read
    with ``rules.view_events``; they serve the information state only, and views compare equal
    when the current positions are (the observation's contract). ``rules`` are the game's rules
    (public knowledge)."""

    player: int
    phase: int
    to_move: int
    dealer: int
    deal_number: int
    hand: int
    hand_sizes: tuple[int, ...]
    stock: int
    loose: int
    builds: tuple[Build, ...]
    trailed: tuple[int, ...]
    piles: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_take: tuple[int, int]
    last_taker: int
    declared: tuple[int, ...]
    move: Move | None
    scores: tuple[int, ...]
    target: int
    results: tuple[tuple[int, ...], ...]
    outcome: tuple[float, ...] | None
    log: Any = field(compare=False, repr=False)
    own: Any = field(compare=False, repr=False)
    rules: CassinoRules = field(compare=False, repr=False)

    @property
    def side(self) -> int:
        return self.rules.side_of[self.player]

    @property
    def partner(self) -> int:
        return self.rules.partner_of[self.player]

    @property
    def seen(self) -> int:
        """Cards this player has seen: his hand, the table, every pile, the current play."""
        m = self.hand | self.loose
        for b in self.builds:
            m |= b.mask
        for p in self.piles:
            m |= p
        if self.move is not None:
            m |= 1 << self.move.card
        return m


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


class CassinoRules:
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
        self.first_schedule = self._schedule(first=True)
        self.round_schedule = self._schedule(first=False)

        # Sizes, and the scales that keep every tensor entry in [0, 1].
        self.max_sweeps = (self.plays_per_deal + 1) // 2  # a sweep leaves the next card a trail
        self.deal_scale = self.total_points() + self.max_sweeps  # most points of one deal
        top = SCORING_TARGETS[self.scoring]
        if self.count_out:
            top += COUNT_OUT_STEP * self.max_deals
        # A side's score stays below the (largest) target until the last deal adds one deal.
        self.score_scale = max(1, top + self.deal_scale)
        self.max_builds = max(1, self.pack_size // 2)
        self.max_events = self.pack_size + self.plays_per_deal + 2
        self.result_rows = self.max_deals if self.match else 1
        self._words: dict[tuple[Any, int], str] = {}  # memo of event_words
        self._lines: dict[tuple[int, int], tuple[Any, list[str]]] = {}  # memo of event_lines
        self.num_distinct_actions = NUM_DISTINCT_ACTIONS
        self.max_chance_outcomes = NUM_CARDS
        deals = self.max_deals if self.match else 1
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

    def _schedule(self, first: bool) -> tuple[int, ...]:
        """Recipients of one round, two at a time: offsets from the dealer (1 = eldest hand,
        n = dealer) and ``TABLE``. Two-handed: the adversary, the table, the dealer; else
        each player from the eldest hand, then the table (RULES.md §1.2)."""
        n = self.num_players
        order = [1, TABLE, 2] if n == 2 else [*range(1, n + 1), TABLE]
        need = {off: self.hand_size for off in range(1, n + 1)}
        need[TABLE] = self.table_size if first else 0
        out: list[int] = []
        while any(need.values()):
            for off in order:
                k = min(2, need[off])
                out += [off] * k
                need[off] -= k
        return tuple(out)

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
        sched = self.first_schedule if s.round == 0 else self.round_schedule
        off = sched[s.deal_step]
        return TABLE if off == TABLE else (s.dealer + off) % self.num_players

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
        s.log = None
        s.private = (None,) * n
        s.n_actions = 0
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
        left = _bits(self.pack & ~s.dealt)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

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
        s.n_actions += 1
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

    def _log(self, s: CassinoState, event: tuple[int, ...]) -> None:
        s.log = (event, s.log)

    def _apply_deal(self, s: CassinoState, c: int) -> None:
        to = self.deal_recipient(s)
        bit = 1 << c
        s.dealt |= bit
        pos = s.n_actions - 1
        if to == TABLE:
            s.loose |= bit
            self._log(s, (EV_DEAL, pos, to, c))
        else:
            s.hands = replace_at(s.hands, to, s.hands[to] | bit)
            s.private = replace_at(s.private, to, ((pos, c), s.private[to]))
            self._log(s, (EV_DEAL, pos, to, -1))
        s.deal_step += 1
        sched = self.first_schedule if s.round == 0 else self.round_schedule
        if s.deal_step == len(sched):
            s.deal_step = 0
            s.phase = PLAY
            s.player = self.eldest(s)

    def _apply_draw(self, s: CassinoState, c: int) -> None:
        p = s.player
        bit = 1 << c
        s.dealt |= bit
        pos = s.n_actions - 1
        s.hands = replace_at(s.hands, p, s.hands[p] | bit)
        s.private = replace_at(s.private, p, ((pos, c), s.private[p]))
        self._log(s, (EV_DRAW, pos, p, -1))
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
        """Carry out a complete play and pass the turn."""
        c = m.card
        bit = 1 << c
        pos = s.n_actions - 1
        owned = 0
        if m.kind == KIND_TRAIL:
            for b in s.builds:
                if b.owner == p:
                    owned |= 1 << b.value
        s.hands = replace_at(s.hands, p, s.hands[p] & ~bit)
        s.declared = replace_at(s.declared, p, s.declared[p] & ~self.value_bits[c])
        if m.kind == KIND_TRAIL:
            s.loose |= bit
            s.trailed = replace_at(s.trailed, p, s.trailed[p] | bit)
            self._log(s, (EV_TRAIL, pos, p, c, owned))
        elif m.kind == KIND_TAKE:
            self._take(s, p, m, pos)
        elif m.kind == KIND_BUILD:
            self._build(s, p, m, pos)
        else:
            self._increase(s, p, m, pos)
        s.move = None
        if s.phase == OVER:  # the game was pegged out (Spade Cassino)
            return
        if self.draw and s.dealt != self.pack:
            s.phase = DRAW
        else:
            self._next_turn(s)

    def _take(self, s: CassinoState, p: int, m: Move, pos: int) -> None:
        taken = (1 << m.card) | m.sel
        units = _flat_units(m, s.builds)
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
        s.last_taker = p
        s.last_take = (p, taken)
        self._log(s, (EV_TAKE, pos, p, m.card, m.value, taken, int(sweep), *units))
        if self.scoring == "sixty_one":
            self._peg(s, side, self.natural_points(taken) + int(sweep))

    def _build(self, s: CassinoState, p: int, m: Move, pos: int) -> None:
        mask = (1 << m.card) | m.sel
        flat = (UNIT_BASE, len(m.base), *m.base, *_flat_units(m, s.builds))
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
        needs_own = not (self._pdecl(s, p) >> m.value & 1 or m.joined)
        if needs_own:
            s.declared = replace_at(s.declared, p, s.declared[p] | 1 << m.value)
        self._log(
            s,
            (EV_BUILD, pos, p, m.card, m.value, mask, units, int(needs_own), *flat),
        )

    def _increase(self, s: CassinoState, p: int, m: Move, pos: int) -> None:
        key = m.last_key
        builds = []
        mask = 0
        for b in s.builds:
            if build_key(b.mask) == key:
                mask = b.mask | 1 << m.card
                builds.append(Build(mask, m.value, 1, p))
            else:
                builds.append(b)
        builds.sort(key=lambda b: build_key(b.mask))
        s.builds = tuple(builds)
        needs_own = not m.joined
        if needs_own:
            s.declared = replace_at(s.declared, p, s.declared[p] | 1 << m.value)
        self._log(s, (EV_INCREASE, pos, p, m.card, m.value, mask, key, int(needs_own)))

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
            self._log(s, (EV_LAST, -1, to, rest))
            if self.scoring == "sixty_one":
                self._peg(s, side, self.natural_points(rest))
                if s.phase == OVER:
                    return
        pts = self.deal_points(s)
        s.results = (*s.results, tuple(pts))
        self._log(s, (EV_END, -1, s.deal_number, *pts))
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
        self._log(s, (EV_CLAIM, s.n_actions - 1, p, int(correct), have))
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

    # --- information -----------------------------------------------------------------------

    def player_view(self, s: CassinoState, player: int) -> CassinoView:
        builds = s.builds
        loose = s.loose
        return CassinoView(
            player=player,
            phase=s.phase,
            to_move=self.current_player(s),
            dealer=s.dealer,
            deal_number=s.deal_number,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            stock=(self.pack & ~s.dealt).bit_count(),
            loose=loose,
            builds=builds,
            trailed=tuple(t & loose for t in s.trailed),
            piles=s.piles,
            sweeps=s.sweeps,
            last_take=s.last_take,
            last_taker=s.last_taker,
            declared=s.declared,
            move=s.move if player == s.player else self.seen_move(s, s.player),
            scores=s.scores,
            target=s.target,
            results=s.results,
            outcome=s.outcome,
            log=s.log,
            own=s.private[player],
            rules=self,
        )

    def seen_move(self, s: CassinoState, mover: int) -> Move | None:
        """The play under way as the other players see it (assumption 19).

        Its card and steps are face up, but whether the builder meets his requirement
        (``req_ok``) may rest on the cards in his hand: a partner who builds a value his partner
        has not declared (or whose declaration is spent) while his partner's build of it stands
        either holds a card of that value or must join that build. Until the table can tell —
        he joins it, or no such build of his partner stands — the others see the requirement
        as not yet met, whatever he holds.
        """
        m = s.move
        if m is None or m.kind != KIND_BUILD or not m.req_ok or m.joined:
            return m
        if self._pdecl(s, mover) >> m.value & 1:
            return m
        partner = self.partner_of[mover]
        if partner >= 0 and any(b.owner == partner and b.value == m.value for b in s.builds):
            return m._replace(req_ok=False)
        return m

    def view_events(self, view: CassinoView, this_deal: bool = False) -> list[tuple[int, ...]]:
        """The events the viewer saw, oldest first (of the current deal only with
        ``this_deal``), history positions dropped: a card dealt to another player is ``-1``."""
        raw = []
        start = 1 << 62  # the first history position of the events taken
        for ev in _iter_log(view.log):
            if ev[0] == EV_END and this_deal:
                break
            raw.append(ev)
            if ev[1] >= 0:
                start = ev[1]
        mine: dict[int, int] = {}
        for pos, c in _iter_log(view.own):
            if pos < start:
                break
            mine[pos] = c
        raw.reverse()
        return [self._viewed(ev, mine) for ev in raw]

    @staticmethod
    def _viewed(ev: tuple[int, ...], mine: Mapping[int, int]) -> tuple[int, ...]:
        """A public event as a viewer saw it (his own cards filled in)."""
        kind = ev[0]
        if kind in (EV_DEAL, EV_DRAW):
            c = ev[3]
            return (kind, ev[2], c if c >= 0 else mine.get(ev[1], -1))
        return (kind, *ev[2:])

    def event_lines(self, view: CassinoView) -> list[str]:
        """Every event the viewer saw, in words, oldest first. The log is an immutable cons
        list, so the lines of each viewer are memoized by log cell and extended from the newest
        memoized ancestor: a match's information-state strings cost one join, not a rewrite."""
        me = view.player
        cache = self._lines
        cell = view.log
        base: list[str] = []
        pending = []
        while cell is not None:
            hit = cache.get((id(cell), me))
            if hit is not None and hit[0] is cell:
                base = hit[1]
                break
            pending.append(cell[0])
            cell = cell[1]
        if not pending:
            return base
        mine: dict[int, int] = dict(_iter_log(view.own))
        words = self._words
        if len(words) > 200_000:
            words.clear()
        new = []
        for ev in reversed(pending):
            e = self._viewed(ev, mine)
            key = (e, me)
            w = words.get(key)
            if w is None:
                w = words[key] = "  " + self.event_words(e, me)
            new.append(w)
        lines = base + new
        if len(cache) > 256:
            cache.clear()
        cache[(id(view.log), me)] = (view.log, lines)
        return lines

    def seat_slot(self, q: int, me: int) -> int:
        """Seat of ``q`` relative to ``me``: 0 me, 1 left, 2 partner (across), 3 right."""
        n = self.num_players
        r = (q - me) % n
        if n == 3 and r == 2:
            return 3
        return r

    def side_slot(self, side: int, me: int) -> int:
        if self.partnership:
            return 0 if side == self.side_of[me] else 1
        return self.seat_slot(side, me)

    def seat_words(self, q: int, me: int) -> str:
        if q < 0:
            return "nobody"
        slot = self.seat_slot(q, me)
        if self.num_players == 2 and slot == 1:
            return "adversary"
        if slot == 2 and not self.partnership:
            return "across"
        return ("me", "left", "partner", "right")[slot]

    def side_words(self, side: int, me: int) -> str:
        if self.partnership:
            return "us" if side == self.side_of[me] else "them"
        return self.seat_words(side, me)

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        nb = self.max_builds
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("phase", (NUM_PHASES,)),
            ("to_move", (4,)),
            ("dealer", (4,)),
            ("hand", (NUM_CARDS,)),
            ("hand_sizes", (4,)),
            ("stock", (1,)),
            ("loose", (NUM_CARDS,)),
            ("trailed", (4, NUM_CARDS)),
            ("builds", (nb, BUILD_ROW)),
            ("piles", (4, NUM_CARDS)),
            ("sweeps", (4,)),
            ("last_take", (NUM_CARDS,)),
            ("last_taker", (4,)),
            ("declared", (4, NUM_VALUES)),
            ("move_card", (NUM_CARDS,)),
            ("move_kind", (MOVE_KIND_FLAGS,)),
            ("move_value", (NUM_VALUES,)),
            ("move_selected", (NUM_CARDS,)),
            ("move_open", (NUM_CARDS,)),
            ("move_builds", (nb,)),
            ("scores", (4,)),
            ("target", (1,)),
            ("deal_number", (1,)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, EVENT_WIDTH)))
            pieces.append(("results", (self.result_rows, 4)))
        return pieces

    def encode_view(self, view: CassinoView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        me = view.player
        seat = self.seat_slot
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][seat(view.to_move, me)] = 1.0
        out["dealer"][seat(view.dealer, me)] = 1.0
        set_cards(out["hand"], view.hand)
        for q, k in enumerate(view.hand_sizes):
            out["hand_sizes"][seat(q, me)] = k / self.hand_size
        out["stock"][0] = view.stock / self.pack_size
        set_cards(out["loose"], view.loose)
        for q, t in enumerate(view.trailed):
            set_cards(out["trailed"][seat(q, me)], t)
        rows = out["builds"]
        for i, b in enumerate(view.builds):
            row = rows[i]
            set_cards(row, b.mask)
            row[NUM_CARDS + b.value] = 1.0
            row[NUM_CARDS + NUM_VALUES] = float(b.units > 1)
            row[NUM_CARDS + NUM_VALUES + 1 + seat(b.owner, me)] = 1.0
        for side, pile in enumerate(view.piles):
            slot = self.side_slot(side, me)
            set_cards(out["piles"][slot], pile)
            out["sweeps"][slot] = view.sweeps[side] / self.max_sweeps
            out["scores"][slot] = view.scores[side] / self.score_scale
        set_cards(out["last_take"], view.last_take[1])
        if view.last_taker >= 0:
            out["last_taker"][seat(view.last_taker, me)] = 1.0
        for q, d in enumerate(view.declared):
            row = out["declared"][seat(q, me)]
            for v in range(NUM_VALUES):
                if d >> v & 1:
                    row[v] = 1.0
        m = view.move
        if m is not None:
            out["move_card"][m.card] = 1.0
            flags = out["move_kind"]
            if m.kind == KIND_TAKE:
                flags[0] = 1.0
            elif m.kind == KIND_BUILD:
                flags[1] = 1.0
            flags[2] = float(m.high)
            flags[3] = float(m.pair_done)
            flags[4] = float(m.req_ok)
            if m.kind != KIND_NONE:
                out["move_value"][m.value] = 1.0
            set_cards(out["move_selected"], m.sel)
            for x in m.open:
                out["move_open"][x] = 1.0
            for i, b in enumerate(view.builds):
                if m.sel_builds >> build_key(b.mask) & 1:
                    out["move_builds"][i] = 1.0
        out["target"][0] = view.target / self.score_scale
        out["deal_number"][0] = view.deal_number / self.max_deals
        if perfect_recall:
            self._encode_events(view, out["events"])
            res = out["results"]
            for i, pts in enumerate(view.results[: self.result_rows]):
                for side, p in enumerate(pts):
                    res[i, self.side_slot(side, me)] = p / self.deal_scale

    def _encode_events(self, view: CassinoView, block: Any) -> None:
        """One row per event of the current deal (the indices are gathered, then set at once:
        this is the hot part of an information-state tensor)."""
        me = view.player
        seat = self.seat_slot
        a0 = NUM_EVENT_KINDS
        c0 = a0 + 4
        v0 = c0 + NUM_CARDS
        m0 = v0 + NUM_VALUES
        s0 = m0 + NUM_CARDS
        rows: list[int] = []
        cols: list[int] = []
        for row, ev in enumerate(self.view_events(view, this_deal=True)):
            kind = ev[0]
            if kind in (EV_DEAL, EV_DRAW):
                to, c = ev[1], ev[2]
                if to == TABLE:
                    hot = [R_DEALT_TABLE]
                else:
                    mine = to == me
                    if kind == EV_DEAL:
                        hot = [R_DEALT_ME if mine else R_DEALT_OTHER, a0 + seat(to, me)]
                    else:
                        hot = [R_DRAWN_ME if mine else R_DRAWN_OTHER, a0 + seat(to, me)]
                if c >= 0:
                    hot.append(c0 + c)
            else:
                who = ev[1]
                hot = [a0 + seat(who, me)] if who >= 0 else []
                if kind == EV_TRAIL:
                    hot += [R_TRAIL, c0 + ev[2]]
                elif kind in (EV_TAKE, EV_BUILD, EV_INCREASE):
                    r_kind = (
                        R_TAKE if kind == EV_TAKE else R_BUILD if kind == EV_BUILD else R_INCREASE
                    )
                    hot += [r_kind, c0 + ev[2], v0 + ev[3]]
                    hot += [m0 + x for x in _bits(ev[4])]
                    if kind == EV_TAKE and ev[5]:
                        hot.append(s0)
                elif kind == EV_CLAIM:
                    hot.append(R_CLAIM)
                    if ev[2]:
                        hot.append(s0)
                elif kind == EV_LAST:
                    hot.append(R_LAST)
                    hot += [m0 + x for x in _bits(ev[2])]
            rows += [row] * len(hot)
            cols += hot
        if rows:
            block[rows, cols] = 1.0

    def view_string(self, view: CassinoView, perfect_recall: bool) -> str:
        me = view.player
        who = self.seat_words
        lines = [
            f"Cassino ({self.variant}); deal {view.deal_number + 1}; dealer: "
            f"{who(view.dealer, me)}; phase: {PHASE_NAMES[view.phase]}; to move: "
            + (who(view.to_move, me) if view.to_move >= 0 else "-"),
            f"my hand: {_cards(view.hand)}",
            "hands: "
            + ", ".join(f"{who(q, me)} {k}" for q, k in enumerate(view.hand_sizes))
            + f"; stock: {view.stock}",
            f"loose: {_cards(view.loose)}",
            "builds: "
            + (", ".join(f"{describe_build(b)} of {who(b.owner, me)}" for b in view.builds) or "-"),
        ]
        trailed = [f"{who(q, me)} {_cards(t)}" for q, t in enumerate(view.trailed) if t]
        if trailed:
            lines.append("trailed: " + ", ".join(trailed))
        for side, pile in enumerate(view.piles):
            lines.append(
                f"taken in by {self.side_words(side, me)} ({pile.bit_count()}): {_cards(pile)}; "
                f"sweeps {view.sweeps[side]}"
            )
        taker, taken = view.last_take
        if taker >= 0:
            lines.append(f"last take-in: {who(taker, me)} {_cards(taken)}")
        declared = [f"{who(q, me)} {_values(d)}" for q, d in enumerate(view.declared) if d]
        if declared:
            lines.append("declared: " + ", ".join(declared))
        if view.move is not None:
            lines.append(f"play: {self.move_words(view.move, view.builds)}")
        if self.match:
            lines.append(
                "scores: "
                + ", ".join(f"{self.side_words(i, me)} {x}" for i, x in enumerate(view.scores))
                + f" (game: {view.target})"
            )
        if view.outcome is not None:
            lines.append(f"returns: {view.outcome[me]:+g} for me")
        if perfect_recall:
            lines.append("events:")
            lines.extend(self.event_lines(view))
        return "\n".join(lines)

    def event_words(self, ev: tuple[int, ...], me: int) -> str:
        kind = ev[0]
        who = self.seat_words
        if kind == EV_DEAL:
            to, c = ev[1], ev[2]
            if to == TABLE:
                return f"deal {_card(c)} to the table"
            return f"deal {_card(c) if c >= 0 else 'a card'} to {who(to, me)}"
        if kind == EV_DRAW:
            c = ev[2]
            return f"{who(ev[1], me)} draws {_card(c) if c >= 0 else 'a card'}"
        p = ev[1]
        if kind == EV_TRAIL:
            return f"{who(p, me)}: trail {_card(ev[2])}"
        if kind == EV_TAKE:
            units = _units_text(ev[6:])
            sweep = " (sweep)" if ev[5] else ""
            return (
                f"{who(p, me)}: take in {units} with {_card(ev[2])}"
                + (" as Fourteen" if ev[3] == MAX_VALUE and self.val[ev[2]] == 1 else "")
                + f": {_cards(ev[4])}{sweep}"
            )
        if kind == EV_BUILD:
            name = build_name((0, ev[3], ev[5]))
            k = ev[8]
            base, beside = ev[9 : 9 + k], ev[9 + k :]
            return (
                f"{who(p, me)}: build {_card(ev[2])}"
                + (f" on {' '.join(_card(x) for x in base)}" if base else "")
                + (f" + {_units_text(beside)}" if beside else "")
                + f", call {name}: {_cards(ev[4])}"
            )
        if kind == EV_INCREASE:
            return (
                f"{who(p, me)}: increase with {_card(ev[2])} to {VALUE_NAMES[ev[3]]}: "
                f"{_cards(ev[4])}"
            )
        if kind == EV_CLAIM:
            return f"{who(p, me)}: claims out with {ev[3]} — {'right' if ev[2] else 'wrong'}"
        if kind == EV_LAST:
            return f"last cards to {who(p, me)}: {_cards(ev[2])}"
        pts = ", ".join(f"{self.side_words(i, me)} {x}" for i, x in enumerate(ev[2:]))
        return f"deal {ev[1] + 1} counted: {pts}"

    # --- the determinizer ------------------------------------------------------------------

    def hidden_deals(
        self, s: CassinoState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """Positions of the cards dealt to other players that they still hold (the card being
        played is face up), and the pool: those cards and the cards not yet dealt."""
        del history  # Unused: the log names each deal's history position.
        if s.phase == OVER:
            return [], []
        shown = 1 << s.move.card if s.move is not None else 0
        positions = []
        pool = self.pack & ~s.dealt
        for q in range(self.num_players):
            if q == player:
                continue
            held = s.hands[q] & ~shown
            for pos, c in _iter_log(s.private[q]):
                if held >> c & 1:
                    positions.append(pos)
                    pool |= 1 << c
                    held &= ~(1 << c)
                if not held:
                    break
        positions.sort()
        return positions, list(_bits(pool))

    def _dealt_cards(self, s: CassinoState) -> dict[int, int]:
        """History position → card of every card dealt to a player (true identities)."""
        out: dict[int, int] = {}
        for q in range(self.num_players):
            out.update(_iter_log(s.private[q]))
        return out

    def _constraints(
        self, s: CassinoState, player: int, hidden: set[int]
    ) -> list[tuple[bool, tuple[int, ...], int]]:
        """What the public history says about the hidden hands: ``(positive, positions,
        values)`` — some card (positive) or no card (negative) at those history positions has
        one of ``values`` (a bitmask). A build or increase made on his own strength means its
        maker still held a card of its value; a trail by a build's owner means he held none of
        his builds' values (assumption 2)."""
        events = []
        dealt = self._dealt_cards(s)
        for ev in _iter_log(s.log):
            if ev[0] == EV_END:
                break
            if ev[0] in (EV_DEAL, EV_DRAW) and ev[2] != TABLE:
                ev = (ev[0], ev[1], ev[2], dealt[ev[1]])
            events.append(ev)
        events.reverse()
        hands: dict[int, dict[int, int]] = {q: {} for q in range(self.num_players)}
        out: list[tuple[bool, tuple[int, ...], int]] = []
        bits = self.value_bits
        for ev in events:
            kind = ev[0]
            if kind in (EV_DEAL, EV_DRAW):
                if ev[2] != TABLE:
                    hands[ev[2]][ev[1]] = ev[3]
                continue
            if kind not in (EV_TRAIL, EV_BUILD, EV_INCREASE, EV_TAKE):
                continue
            q, c = ev[2], ev[3]
            held = hands[q]
            pos_c = next(pos for pos, x in held.items() if x == c)
            del held[pos_c]
            if q == player:
                continue
            if kind == EV_TRAIL and ev[4]:
                values = ev[4]
                hid = tuple(pos for pos in held if pos in hidden)
                if hid:
                    out.append((False, hid, values))
            elif kind in (EV_BUILD, EV_INCREASE) and ev[7]:
                values = 1 << ev[4]
                if any(bits[x] & values for pos, x in held.items() if pos not in hidden):
                    continue
                hid = tuple(pos for pos in held if pos in hidden)
                out.append((True, hid, values))
        return out

    def resample_history(
        self, s: CassinoState, player: int, history: Sequence[int], sampler: ProbabilitySampler
    ) -> list[int]:
        """The determinizer: re-deal the cards ``player`` has not seen uniformly among the
        worlds consistent with the public history (``hidden_deals``, then rejection of the
        deals that break a constraint of ``_constraints`` or could not have begun the play now
        being made); the true deal is kept if ``MAX_REDEALS`` draws find none."""
        positions, pool = self.hidden_deals(s, player, history)
        if not positions:
            return list(history)
        cons = self._constraints(s, player, set(positions))
        bits = self.value_bits
        m = s.move
        mover = s.player if (m is not None and s.player != player) else -1
        mover_pos = {pos for pos, _ in _iter_log(s.private[mover])} if mover >= 0 else set()
        for _ in range(MAX_REDEALS):
            drawn = draw_without_replacement(pool, len(positions), sampler)
            world = dict(zip(positions, drawn, strict=True))
            if not all(
                any(bits[world[pos]] & values for pos in pp) == positive
                for positive, pp, values in cons
            ):
                continue
            if mover >= 0:
                hand = 1 << m.card  # type: ignore[union-attr]
                for pos in positions:
                    if pos in mover_pos:
                        hand |= 1 << world[pos]
                if not self._play_possible(s, mover, hand):
                    continue
            new = list(history)
            for pos, c in world.items():
                new[pos] = c
            return new
        return list(history)

    def _play_possible(self, s: CassinoState, q: int, hand: int) -> bool:
        """Whether player ``q`` holding ``hand`` could have made the steps of the current play."""
        m0 = s.move
        assert m0 is not None
        pdecl = self._pdecl(s, q)
        loose, builds = s.loose, s.builds
        if not self.card_actions(hand, loose, builds, q, pdecl).count(m0.card):
            return False
        m = Move(card=m0.card, steps=m0.steps[:1])
        for a in m0.steps[1:]:
            if m.kind == KIND_NONE:
                legal = self.kind_actions(m.card, hand, loose, builds, q, pdecl)
            else:
                legal = self.select_actions(m, loose, builds, q)
            if a not in legal:
                return False
            m, _ = self.step(m, a, hand, loose, builds, q, pdecl)
        if m.kind == KIND_NONE:
            return bool(self.kind_actions(m.card, hand, loose, builds, q, pdecl))
        return True

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

    # --- whole plays, for agents ---------------------------------------------------------------

    def plays_by_action(self, view: CassinoView, limit: int = 5000) -> dict[int, list[Move]]:
        """Each legal action of the viewer, with the complete plays it can lead to.

        Enumerated through the same step functions as the game (so exactly the legal plays),
        depth first; at most ``limit`` plays in all (a huge table may be cut short).
        """
        me = view.player
        if view.to_move != me or view.phase not in (PLAY, KIND, SELECT):
            return {}
        hand, loose, builds = view.hand, view.loose, view.builds
        q = self.partner_of[me]
        pdecl = view.declared[q] if q >= 0 else 0
        budget = [limit]
        out: dict[int, list[Move]] = {}

        def explore(m: Move, a: int) -> Iterator[Move]:
            m2, done = self.step(m, a, hand, loose, builds, me, pdecl)
            if done:
                budget[0] -= 1
                yield m2
                return
            for b in self.select_actions(m2, loose, builds, me):
                if budget[0] <= 0:
                    return
                yield from explore(m2, b)

        def from_card(c: int) -> Iterator[Move]:
            m = Move(card=c, steps=(PLAY_CARD_ACTION_BASE + c,))
            for k in self.kind_actions(c, hand, loose, builds, me, pdecl):
                yield from explore(m, k)

        if view.phase == PLAY:
            for a in self.card_actions(hand, loose, builds, me, pdecl):
                out[a] = list(from_card(a - PLAY_CARD_ACTION_BASE))
            if self.count_out:
                out[CLAIM_OUT_ACTION] = []
            return out
        m = view.move
        assert m is not None
        if view.phase == KIND:
            legal = self.kind_actions(m.card, hand, loose, builds, me, pdecl)
        else:
            legal = self.select_actions(m, loose, builds, me)
        for a in legal:
            out[a] = list(explore(m, a))
        return out


def _iter_log(log: Any) -> Iterator[Any]:
    """The entries of a cons-list log, newest first."""
    while log is not None:
        ev, log = log
        yield ev


def _flat_units(m: Move, builds: Sequence[Build]) -> tuple[int, ...]:
    """The units of a play flattened for the log: ``kind, length, items...`` each; a build's
    items are its value, its number of units and its cards."""
    out: list[int] = []
    for u in m.units:
        if u[0] == UNIT_BUILD:
            b = next(b for b in builds if build_key(b.mask) == u[1])
            cards = _bits(b.mask)
            out += [UNIT_BUILD, 2 + len(cards), b.value, b.units, *cards]
        else:
            out += [u[0], len(u) - 1, *u[1:]]
    return tuple(out)


def _units_text(flat: Sequence[int]) -> str:
    parts = []
    i = 0
    while i < len(flat):
        kind, k = flat[i], flat[i + 1]
        items = flat[i + 2 : i + 2 + k]
        if kind == UNIT_BUILD:
            cards = " ".join(_card(x) for x in items[2:])
            parts.append(f"{build_name((0, items[0], items[1]))} ({cards})")
        else:
            parts.append(" ".join(_card(x) for x in items))
        i += 2 + k
    return " + ".join(parts) or "-"


def _values(d: int) -> str:
    return " ".join(VALUE_NAMES[v] for v in range(NUM_VALUES) if d >> v & 1) or "-"


# --- the information abstraction (MCCFR on the full game) -------------------------------------

_SCORING_CARDS = BIG_CASSINO, LITTLE_CASSINO, *ACES_IN_ORDER


def abstraction_key(view: CassinoView) -> tuple[Any, ...] | None:
    """A compact key of a player's view, for MCCFR on the full game (``GameSpec.abstraction``).

    MCCFR learns which card to play and what play to make with it (the phases *play a card*
    and *choose the play*); choosing the table cards of a play (*choose the cards*) returns
    ``None``: a delegated decision, made by the book heuristic in training and at play.
    Read from the view alone (states the player cannot tell apart share it): the phase; the
    cards in my hand and loose on the table; the values of the builds on the table and how
    many are mine; the scoring cards (the Cassinos and Aces) lying loose; the stock in
    quarters; my side's taken-in cards less the most of any other side, in threes (-3 to 3:
    the race for cards); and the play under way (its steps, all visible). Which cards exactly
    are in the hand and on the table is forgotten except through the legal actions, which
    the trainer adds to the key with the seat, so no key merges two sets of different moves.
    """
    if view.phase not in (PLAY, KIND):
        return None
    loose = view.loose
    scoring = sum(loose >> c & 1 for c in _SCORING_CARDS)
    mine = view.rules.side_of[view.player]
    piles = [p.bit_count() for p in view.piles]
    others = max((n for i, n in enumerate(piles) if i != mine), default=0)
    lead = max(-3, min(3, (piles[mine] - others) // 3)) if piles else 0
    return (
        view.phase, view.hand.bit_count(), loose.bit_count(),
        tuple(sorted(b.value for b in view.builds)),
        sum(b.owner == view.player for b in view.builds), scoring, view.stock // 4, lead,
        view.move.steps if view.move is not None else (),
    )  # fmt: skip


# --- registration ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _rules_for(items: tuple[tuple[str, ParamValue], ...]) -> CassinoRules:
    return CassinoRules(dict(items))


def make_rules(params: Mapping[str, ParamValue]) -> CassinoRules:
    return _rules_for(tuple(sorted(params.items())))


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
        summary="Capture cards from the table by pairing, combining and building; "
        "cards, spades, Cassinos, Aces and sweeps score.",
        version=0,
    )
)
