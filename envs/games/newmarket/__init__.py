"""Newmarket, or Stops (Boodle), Spin and Saratoga, as R. F. Foster describes them (Foster's
Complete Hoyle, 1914, "NEWMARKET, OR STOPS", "SPIN", "SARATOGA").

"This game, which is sometimes called Boodle, is Pope Joan without the pope." The play of the
cards is the one Commit and Pope Joan share, the stops engine of :mod:`hoyle.envs.core.stops`;
the layout and its pools are the core's (:mod:`hoyle.envs.core.pools`). Where the book is
silent a gap is filled by an ASSUMPTION below, and where two readings are reasonable the other
one is a parameter.

The game (the book's rules)
---------------------------
Three to eight players, each for himself, the full pack of 52 cards, running in each suit
A (low) 2 3 ... 10 J Q K. The layout is four cards, "the ♡A, ♣K, ♢Q, ♠J", each with a pool.

*The stake.* "The dealer names any number of counters that he is willing to stake, which must
be at least four, and each player at the table must stake a similar amount. The counters are
placed on the layout to suit the players, either all upon one card, or distributed among the
four." At *Saratoga* "each is compelled to place an agreed amount on each of the pool cards".

*The deal* is Pope Joan's, one card at a time, the rest left face down and unseen as stops:

  ========  ==  ==  ==  ==  ==  ==
  players    3   4   5   6   7   8
  each      15  12   9   8   7   6
  stops      7   4   7   4   3   4
  ========  ==  ==  ==  ==  ==  ==

*The play.* The eldest hand opens a sequence; whoever opens a sequence, the first or any later
one, "must begin with the lowest card in his hand of the suit which he selects. He is not
restricted as to suit, but must play all he has in sequence, and then name the card that he
fails on" ("without the Jack"). The next player on the left continues the sequence if he can
(and plays all he has in sequence after it), or names the card too, and so on round the table.
If nobody can continue, the card is a stop (in the talon, or played already) and the last
player to play opens a new sequence; the King ends a sequence, and its player opens the next.

*The pools.* "If, in the course of play, any of the four cards on the layout can be got rid
of, the player holding them takes the pool on that card. If he is left with the card in his
hand at the end he is not obliged to double the pool, as at Pope Joan, but simply loses his
chance to win it, and it remains until the next deal." "The first player to get rid of all his
cards receives one counter from the other players for each card they hold."

*Spin* is Newmarket with one privilege: the holder of the diamond Ace may play it together
with a card he plays to the sequence, announcing "Spin"; this stops the sequence, and "He can
then play a pool card, or begin a new sequence with the lowest of the suit in his hand. He
cannot play the diamond ace unless he can play to the sequence first."

ASSUMPTIONS (where the book is silent, and where this module had to choose)
---------------------------------------------------------------------------
1. *Seats and the first deal*: the cards thrown round for the deal (Pope Joan's "first Jack
   deals") are not played; player ``players - 1`` deals first, so player 0 is the eldest hand.
   The deal passes to the left.
2. *The stake is made before the deal* (the book names it first, as Pope Joan's dressing is
   "before the deal"), so nobody stakes on the cards he holds. The dealer names his stake; then
   each player, from the eldest hand round to the dealer, places his counters, every counter
   in view. The book sets no upper limit: ``max_stake`` (default 8) bounds the amount named, so
   that the game is finite.
3. *Placing a stake* is a sequence of choices, one counter at a time, each on the card last
   chosen or a card after it in the layout's order (♡A, ♣K, ♢Q, ♠J): each spread of the stake
   over the four cards is then exactly one sequence of choices (:func:`~.layout.place_allowed`).
4. *The order and the end of a sequence*: the Ace is low and not next to the King, and the King
   ends a sequence, its player opening the next (Commit's rules, which Pope Joan's "manner of
   playing" follows). Every player who continues a sequence plays all the cards he holds in
   sequence, as the opener must.
5. *The end of the deal*: the first player out ends it at once. Pools not won stay for the next
   deal (``deals``), where every player stakes again on top of them. When the last deal ends,
   the pools still standing go back to those who staked them (the book ends no sitting; this
   keeps the returns exact and zero-sum: :func:`~hoyle.envs.core.pools.final_counters`).
6. *Saratoga's agreed amount* is ``saratoga_stake`` counters on each card (default 1, four in
   all, the least stake of Newmarket); there is no staking decision.
7. *Spin, when*: the diamond Ace may go with the last card a player plays to a running
   sequence in his turn (after all he has in sequence: the book's "must play all he has in
   sequence" still binds), never with the card that opens a sequence. The question is put to
   every player who has just played to the sequence while the diamond Ace is unplayed and he is
   not known to lack it, whether he holds it or not (a player without it has one answer, "no
   spin"), so that whose turn it is never shows who holds it. A player whose run emptied his
   hand is out and is not asked; nor is one whose run ended with the King, which stops the
   sequence already. His run having stopped, the table knows he lacks the next card before
   he answers.
8. *Spin, then*: the spinner opens the next sequence with the lowest card of a suit he holds,
   or with any pool card he holds ("play a pool card"), which wins its pool and opens a
   sequence in its suit from it. A pool card opened after a Spin says nothing of the lower
   cards of its suit. The diamond Ace so played stops the sequence and belongs to none: the
   next diamond sequence opens with the lowest diamond a player holds. Outside the privilege,
   and in Newmarket and Saratoga, the diamond Ace is an ordinary card, the lowest diamond.
9. *Irregularities* (a card played out of turn, a card held back) are not played: an
   environment that offers only legal actions meets none.

Parameters
----------
==================  =======  ====================================================================
name                default  meaning
==================  =======  ====================================================================
``variant``         stops    ``stops`` (Newmarket, Stops, Boodle), ``spin`` or ``saratoga``
``players``         4        3 to 8
``max_stake``       8        the most the dealer may name (4 at least; assumption 2), up to 20
``saratoga_stake``  1        Saratoga's agreed amount on each pool card (assumption 6)
``deals``           1        deals played, the pools carried and the deal passing to the left
``hand_size``       0        cards to each player; 0 = the book's table above (reduced games for
                             tests only)
==================  =======  ====================================================================

Declared variants: ``spin``, ``saratoga`` (the default is Newmarket itself), and ``three``,
``five``, ``six``, ``seven``, ``eight`` (players), so that every player count and every variant
runs through the generic suites.

Actions
-------
===========================  =======  ==========================================================
action                       ids      meaning (``action_to_string``)
===========================  =======  ==========================================================
card ids                     0-51     "lead ♠3" (open a sequence), "play ♠10" (continue one where
                                      the game asks), "spin with ♦A" (Spin's privilege);
                                      chance: "deal ♠3 to player 1"
``PASS``                     52       "no spin" (declining the privilege)
``NAME_STAKE_BASE + n - 4``  53-69    "stake n counters" (the dealer, n from 4 to ``max_stake``)
``PLACE_BASE + d``           70-73    "put a counter on the ♥A" (``LAYOUT[d]``: ♥A, ♣K, ♦Q, ♠J)
===========================  =======  ==========================================================

``NUM_DISTINCT_ACTIONS`` = 74 (the layout is fixed up to a stake of 20, ``STAKE_LIMIT``).
Forced plays and announcements are made inside ``apply_action`` and logged as public events;
the game stops only where a player chooses: the stake (dealer), each counter placed, each
opening of a sequence, and, at Spin, each "spin or not" (assumption 7).

Bounds
------
*Returns* (one unit is one counter; exact and zero-sum, pools handed back at the end). In one
deal a player can lose at most his stake ``S`` (``max_stake``; Saratoga ``4 × saratoga_stake``)
won by others, and a counter for each card of his hand, at most ``h`` (the hand size), paid to
the first out; everything else a player loses is another's gain. So a return lies within
``[-D (S + h), (n - 1) D (S + h)]`` for ``D`` deals and ``n`` players (``max_loss``).

*Game length.* The engine's bound per deal (a lead per card played, a question per seat per
card played), and here one decision for the stake and one per counter placed, ``1 + n S`` a
deal (none at Saratoga).

Information
-----------
Hidden: the other hands and the stops (``hand_size`` each; 52 − n h stops). Public: the stakes
and every counter placed, every card played, each hand's size, each "without" announced, and
what an opening shows: the opener holds no card of that suit below the one he opened with
(except a pool card opened after a Spin). Each is a *lack* the determinizer keeps from that
seat (hands only shrink). The views, tensors and determinizer are the engine's, with the stake
(its amount, the counters left to place and where) and the Spin flag added:

================  ==============  ========================================================
piece             shape           contents (beyond the engine's: ``hoyle.envs.core.stops``)
================  ==============  ========================================================
``stake``         (21,)           the stake named this deal, one-hot
``left``          (21,)           counters the player placing has left, one-hot
``last_division`` (4,)            the pool card his next counter goes on or after
``spun``          (1,)            a Spin was just made: a pool card may open the sequence
================  ==============  ========================================================

The package: :mod:`~hoyle.envs.games.newmarket.layout` (the layout, the opening rule, the
stakes), :mod:`~hoyle.envs.games.newmarket.rules` (the rules on the engine, the view); this
module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.newmarket.layout import (
    LAYOUT,
    LAYOUT_MASK,
    MIN_STAKE,
    NUM_DIVISIONS,
    SPIN_CARD,
    division_name,
    division_of,
    opening_lacks,
    openings,
    place_allowed,
    saratoga_stakes,
)
from hoyle.envs.games.newmarket.rules import (
    BOOK_HAND_SIZE,
    EV_NAMES,
    EV_PAYS,
    EV_PUTS,
    EV_SPIN,
    EV_TAKES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_STAKE_BASE,
    NAMING,
    NUM_DISTINCT_ACTIONS,
    PLACE_BASE,
    PLACING,
    STAKE_LIMIT,
    VARIANTS,
    NewmarketRules,
    NewmarketState,
    NewmarketView,
    max_loss,
    rules_for,
)

__all__ = [
    "BOOK_HAND_SIZE",
    "EV_NAMES",
    "EV_PAYS",
    "EV_PUTS",
    "EV_SPIN",
    "EV_TAKES",
    "GAME",
    "LAYOUT",
    "LAYOUT_MASK",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MIN_STAKE",
    "NAME_STAKE_BASE",
    "NAMING",
    "NUM_DISTINCT_ACTIONS",
    "NUM_DIVISIONS",
    "PLACE_BASE",
    "PLACING",
    "SMALL_CONFIG",
    "SPIN_CARD",
    "STAKE_LIMIT",
    "VARIANTS",
    "NewmarketRules",
    "NewmarketState",
    "NewmarketView",
    "check_params",
    "division_name",
    "division_of",
    "make_rules",
    "max_loss",
    "opening_lacks",
    "openings",
    "place_allowed",
    "rules_for",
    "saratoga_stakes",
]

SMALL_CONFIG: dict[str, ParamValue] = {"players": 3, "hand_size": 4}
"""Three players, four cards each (40 stops): a short game for fast tests."""


def make_rules(params: Mapping[str, ParamValue]) -> NewmarketRules:
    return rules_for(params)


def check_params(params: Mapping[str, ParamValue]) -> str | None:
    """The hands must fit the pack."""
    n, h = int(params["players"]), int(params["hand_size"])
    if h * n > NUM_SUITS * NUM_RANKS:
        return f"newmarket: hand_size={h} for players={n} needs {h * n} cards; the pack has 52"
    return None


GAME = register(
    GameSpec(
        short_name="newmarket",
        title="Newmarket",
        book=FOSTER,
        section="NEWMARKET, OR STOPS; SPIN; SARATOGA",
        make_rules=make_rules,
        params={
            "variant": Param(
                "stops", "stops (Newmarket, Boodle), spin (the diamond Ace), or saratoga", VARIANTS
            ),
            "players": Param(4, "number of players, each for himself", tuple(range(3, 9))),
            "max_stake": Param(
                8,
                "the most counters the dealer may name as the stake (at least 4; ASSUMPTION)",
                low=MIN_STAKE,
                high=STAKE_LIMIT,
            ),
            "saratoga_stake": Param(
                1, "Saratoga: the agreed amount each player puts on each pool card", low=1, high=5
            ),
            "deals": Param(
                1, "deals played, the pools carried, the deal passing left", low=1, high=50
            ),
            "hand_size": Param(
                0, "cards dealt to each player; 0 = the book's (Pope Joan's) table", low=0, high=17
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={
            "spin": {"variant": "spin"},
            "saratoga": {"variant": "saratoga"},
            "three": {"players": 3},
            "five": {"players": 5},
            "six": {"players": 6},
            "seven": {"players": 7},
            "eight": {"players": 8},
        },
        small_config=SMALL_CONFIG,
        no_tiny="The full pack is the game: the pool cards (♥A ♣K ♦Q ♠J) and the stops span "
        "every rank and suit, and even three players with one card each have 52 × 51 × 50 = "
        "132,600 deals, with the stake's choices on top.",
        reference="crazy_eights",
        check=check_params,
        summary="Pope Joan without the Pope: stake on ♥A ♣K ♦Q ♠J, run sequences, open lowest.",
    )
)
