"""Quinto and Dummy Quinto, as Professor Hoffmann gives them (Hoyle's Games Modernized, 1909,
"QUINTO" and "DUMMY (OR THREE-HANDED) QUINTO").

Quinto is Hoffmann's own game, "compounded of skill and chance in very happy proportions": no
bidding and no trump suit, but the suits ranked against one another, and "quints" that score to
whoever wins the trick they fall in. Where the book is silent a gap is filled by an ASSUMPTION
below, and where two readings are reasonable the other one is a parameter. Trick play (follow
suit, the trick's winner by suit power, Quint Royal's freedom) is the shared trick core's
(:mod:`hoyle.envs.core.tricks`); the deal (the cachette is a place of the deal plan, like a
widow), the event log and the determinizer are the core's too.

The game (the book's rules)
---------------------------
*Players, cards.* Two partners against two, sitting opposite (players 0 and 2 against 1 and 3).
The pack is 53 cards: the 52 and the Joker, which plays the part of **Quint Royal**. Cards rank
A K Q J 10 down to 2 in each suit.

*The deal.* The dealer lays the five top cards aside face down, the **cachette**; the other 48
are dealt as at Whist, one at a time from his left, twelve each. No trump is turned.

*Doubling.* Once round the table, beginning with the eldest hand, each player may double the
value of each trick (if not yet doubled), or redouble an opponent's double (once), or pass. A
trick is worth 5 to the side that wins it, 10 doubled, 20 redoubled; doubling never touches the
quints.

*The play.* A player holding a card of the suit led must follow. One who cannot may play any
card: a card of a higher suit trumps, and a still higher suit, or a higher card of the trumping
suit, over-trumps. The suits ascend in power **♠ < ♣ < ♦ < ♥**, so the trick goes to the
greatest (suit power, rank) among its cards: any spade is beaten by the 2♣, which any higher
club or the 2♦ beats, up to the A♥, which beats all. **Quint Royal** has no trick-taking power;
its holder may throw it on any trick, whether he can follow or not. The winner of a trick leads
to the next.

*Quints*, marked as they occur, to the side that **wins the trick** they fall in: each 5 (and
Quint Royal), and an Ace with the 4, or a 2 with the 3, of one suit falling to the same trick.
Quint Royal 25; a quint in hearts 20, diamonds 15, clubs 10, spades 5. Several in one trick all
score (2♠ 3♠ 5♠: two spade quints, 10). So Quint Royal scores for its holder's side only when
thrown on a trick his partner wins.

*The cachette.* The winners of the twelfth trick take the cachette, which counts as one more
trick, and score its quints. If A B win eleven tricks (the cachette included) and Y Z two, A B
score 55 and Y Z 10.

*Game* is 250. Quints count as they fall, and as soon as they bring a side to 250 the game ends
and the rest of the hand is abandoned. The cachette's quints may make its winners game; then
the tricks are not counted. Otherwise the tricks are added after all the quints; if that brings
both sides past 250, the higher total wins. The first side to win two games wins the **rubber**
and 100 points for it.

*Dummy Quinto.* Three players; one plays a Dummy hand opposite himself. That being a great
advantage, the Dummy-player is handicapped 25: his opponents start each game 25 up. No rubbers:
each game is settled for separately, and the three take Dummy in rotation, game by game. The
Dummy-player takes the first deal of each game. When one of his opponents deals, the
Dummy-player must look first at the hand from which he has to lead, and double or redouble
knowing that one hand only.

ASSUMPTIONS (where the book is silent, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Seating and the cut* ("partners and deal settled in the usual way"): not played. Quinto's
   ``dealer`` is a parameter (default 3, so that player 0 is the eldest hand: he doubles first
   and leads); the deal passes to the left, from one game of a rubber to the next too.
2. *The first lead*: the eldest hand (the book's "original leader").
3. *Quint Royal led*: it may be led only as its holder's last card (the twelfth trick); then the
   next card played fixes the suit led. Thrown on a trick it shows no void.
4. *The cachette makes game*: its quints are marked before any trick is counted; when they bring
   its winners to 250 no trick counts, for either side.
5. *Equal totals past 250* after the tricks: the cachette's winners (the twelfth trick's) win the
   game; the book names no tie.
6. *One deal* (``play=deal``, the default): the episode is one deal; its return is the side's
   points of the deal less the other side's (Dummy: see 9). No deal's quints can reach 250 (all
   the quints of a pack make 175), so the game is not cut short there. ``play=game`` plays one
   game to 250, ``play=rubber`` the rubber (Quinto), ``play=round`` three games in which each
   player takes Dummy once (Dummy Quinto). The other method of scoring, by single, double and
   treble games, is not described by the book and not played.
7. *The rubber*: each player's return is his side's points in every game of the rubber less
   the other side's, with the rubber's 100 to the winners.
8. *Dummy exposed*: after the doubling round the Dummy's cards are laid face up, as at Dummy
   Whist, and the Dummy-player plays both hands (parameter ``expose_dummy``, default true; false:
   only the Dummy-player ever sees them). When his own side deals, the Dummy-player sees both
   his hands from the deal; when an opponent deals he sees only the eldest hand's (the one he
   leads from) until the doubling round is over, then looks at the other.
9. *Dummy's settlement*: each game is settled by the difference of the final scores (the
   opponents' 25 included): the Dummy-player wins that difference from each opponent, or pays
   it to each. So his return is twice the difference and each opponent's minus it: zero-sum,
   the two opponents equal. The Dummy-player of the first game is ``dummy_player`` (default 0);
   in a round the next player to his left takes Dummy for the next game.
10. *Irregularities* (revokes, exposed cards, leads out of turn): an environment that offers
    only legal actions meets none, so none is played.

Parameters
----------
Quinto (``hoyle_quinto``):

=================  =======  ==================================================================
name               default  meaning
=================  =======  ==================================================================
``dealer``         3        the (first) dealer; his left is the eldest hand
``play``           deal     ``deal``, ``game`` (to 250) or ``rubber`` (ASSUMPTION 6, 7)
=================  =======  ==================================================================

Dummy Quinto (``hoyle_dummy_quinto``):

==================  =======  =================================================================
name                default  meaning
==================  =======  =================================================================
``dummy_player``    0        the Dummy-player of the (first) game
``play``            deal     ``deal``, ``game`` (to 250) or ``round`` (three games)
``expose_dummy``    true     the Dummy is laid face up after the doubling round (ASSUMPTION 8)
==================  =======  =================================================================

Seats
-----
Quinto's seats are its players 0-3, round the table. Dummy Quinto's players 0-2 sit at seats
0-2 and the Dummy is seat 3; round the table from the Dummy-player ``d`` they sit ``d``,
``d + 1``, Dummy, ``d + 2`` (mod 3), so the Dummy is opposite him. Side 0 is players 0 and 2
(Quinto) or the Dummy-player and Dummy; the other side is side 1.

Actions
-------
=====================  =======  ================================================================
action                 ids      meaning (``action_to_string``)
=====================  =======  ================================================================
card ids               0-52     "lead ♠A" / "play ♠A", "play Joker" (Quint Royal) (chance:
                                "deal ♠A to player 1", "deal ♠A to the cachette")
``PASS_ACTION``        53       "pass"
``DOUBLE_ACTION``      54       "double"
``REDOUBLE_ACTION``    55       "redouble"
=====================  =======  ================================================================

``NUM_DISTINCT_ACTIONS`` = 56. Chance outcomes are card ids (``max_chance_outcomes`` = 53): every
card is dealt by its own chance node, uniformly among the cards not yet dealt, the cachette's
five first.

Bounds
------
*Game length.* A deal has exactly four calls and 48 cards played: 52 decisions and 53 chance
nodes. A game has at most eight deals (a deal not cut short scores at least 65 between the
sides, and before each deal both are at most 245: ``rules.MAX_DEALS_PER_GAME``); a rubber or a
round at most three games.

*Returns.* One side scores at most 435 in one deal: every quint of the pack (175) and thirteen
tricks redoubled (260) (:func:`~.rules.max_deal_score`). One deal: a return within ±435 (Dummy:
the difference is within ±460 with the handicap, and the Dummy-player's return ±920). A game:
the winners had at most 245 before its last deal, so the difference is within ±680 (Dummy
±1,360 for the Dummy-player). A rubber: three games and the bonus, ±2,140. A round: ±1,360 as
Dummy-player and ±680 twice as an opponent, ±2,720.

Observation tensor (seats counted from the viewer round the table: 0 = me; sides: 0 = mine)
-----------------------------------------------------------------------------------------
================  ==============  ============================================================
piece             shape           meaning
================  ==============  ============================================================
``hand``          (53,)           my hand (the Dummy-player's own once he has looked at it)
``my_dummy``      (53,)           the Dummy's hand, for the Dummy-player once he has seen it
``exposed``       (53,)           the Dummy's cards once exposed (Dummy Quinto)
``played``        (53,)           the cards of this deal's completed tricks
``taken``         (53,)           the cachette, once taken
``trick``         (4, 53)         the current trick's cards, by seat
``leader``        (4,)            who led (leads) the current trick
``won``           (4, 13)         tricks won this deal by each seat (one-hot 0-12)
``phase``         (4,)            deal, doubling, play, over
``to_move``       (4,)            whose hand is to act
``dealer``        (4,)            the dealer
``dummy``         (4,)            the Dummy's seat (none in Quinto)
``calls``         (5,)            calls made in the doubling round, one-hot 0-4
``doubling``      (3,)            undoubled, doubled, redoubled
``doubler``       (4,)            who doubled
``voids``         (4, 4)          suits a seat is known to lack (it did not follow)
``score``         (2,)            each side's points in the game / 680 (245 + 435)
``deal_score``    (2,)            each side's points this deal / 435
``games``         (2, 3)          games won by each side, one-hot 0-2
``deal_no``       (1,)            deals finished / the bound on deals
``events``        (E, 10 + 5 + 54) perfect recall only: every event seen, in order (the core's
                                  event log, :data:`~.rules.EVENT_KINDS`): the kind, the actor
                                  (a seat, counted from my player number mod 4; last: none)
                                  and the card (last: unseen); E = 135 × the bound on deals
================  ==============  ============================================================

What is seen: each player his own hand (the Dummy-player, when an opponent deals, the other
hand of his only after the doubling round); the Dummy once exposed; every call; every card
played, and by whom; what the table infers (the suits a seat did not follow); the cachette
when it is taken; the score.

The package
-----------
:mod:`~hoyle.envs.games.quinto.rules` (the constants, the quints and the score, the state and
the rules of play, ``QuintoPlay``), :mod:`~hoyle.envs.games.quinto.determinizer` (what a player
has not located and what the table knows of it), :mod:`~hoyle.envs.games.quinto.view` (the
player's view, its tensor, text and table, and ``QuintoRules``, the three together); this
module registers Quinto, and :mod:`hoyle.envs.games.dummy_quinto` Dummy Quinto on the same
rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.registry import (
    HOFFMANN,
    GameSpec,
    Param,
    ParamValue,
    partners_opposite,
    register,
)
from hoyle.envs.games.quinto.determinizer import QuintoDeterminizer
from hoyle.envs.games.quinto.rules import (
    CACHETTE_SIZE,
    DOUBLE_ACTION,
    DUMMY,
    DUMMY_HANDICAP,
    DUMMY_MODES,
    GAME_POINTS,
    HAND_SIZE,
    MODES,
    NUM_CARD_ACTIONS,
    NUM_DISTINCT_ACTIONS,
    PASS_ACTION,
    QUINT_ROYAL,
    QUINT_ROYAL_VALUE,
    QUINT_VALUE,
    REDOUBLE_ACTION,
    RUBBER_BONUS,
    SUIT_POWER,
    TRICKS,
    QuintoPlay,
    QuintoState,
    action_words,
    max_deal_score,
    quint_points,
    quinto_tricks,
    quints,
    trick_scores,
    trick_value,
)
from hoyle.envs.games.quinto.view import QuintoRules, QuintoView

__all__ = [
    "CACHETTE_SIZE",
    "DOUBLE_ACTION",
    "DUMMY",
    "DUMMY_HANDICAP",
    "DUMMY_MODES",
    "GAME",
    "GAME_POINTS",
    "HAND_SIZE",
    "MODES",
    "NUM_CARD_ACTIONS",
    "NUM_DISTINCT_ACTIONS",
    "PASS_ACTION",
    "QUINT_ROYAL",
    "QUINT_ROYAL_VALUE",
    "QUINT_VALUE",
    "REDOUBLE_ACTION",
    "RUBBER_BONUS",
    "SUIT_POWER",
    "TRICKS",
    "QuintoDeterminizer",
    "QuintoPlay",
    "QuintoRules",
    "QuintoState",
    "QuintoView",
    "action_words",
    "max_deal_score",
    "quint_points",
    "quinto_tricks",
    "quints",
    "trick_scores",
    "trick_value",
]

NO_TINY = (
    "The 53-card pack is the game (twelve cards each and a cachette of five, quints of the 5s, "
    "A+4 and 2+3 of every suit): no reduced pack keeps its rules, and the 53 cards dealt one at "
    "a time give 53! ≈ 4.3e+69 orders."
)


def make_rules(params: Mapping[str, ParamValue]) -> QuintoRules:
    return QuintoRules(params)


GAME = register(
    GameSpec(
        short_name="quinto",
        title="Quinto",
        book=HOFFMANN,
        section="QUINTO",
        make_rules=make_rules,
        params={
            "dealer": Param(3, "the (first) dealer; his left is the eldest hand", (0, 1, 2, 3)),
            "play": Param("deal", "one deal, one game to 250, or the rubber (to two games)", MODES),
        },
        min_players=4,
        max_players=4,
        no_tiny=NO_TINY,
        reference="bridge(use_double_dummy_result=False)",
        sides=partners_opposite,
        summary="Hoffmann's game: a cachette of five, suits that trump by rank, quints as "
        "they fall, game 250.",
    )
)
