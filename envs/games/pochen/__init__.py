"""Pochen, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "POCHEN").

The game
--------
"A round game for any number of players from three to six, with a thirty-two-card pack" (A K Q
J 10 9 8 7). "The layout has a centre division for pools and seven other divisions round it,
marked, respectively, A, K, Q, J, 10, Marriage, Sequence. Each player dresses the layout by
placing a counter in each of the eight divisions. The dealer then gives cards three and then
two at a time, as far as they will go equally, turning up the next for the trump."

*Phase 1, the edge pools* (no decision: settled as the trump is turned). "The holders of the
five highest trumps show them and take the corresponding pools"; the holder of K and Q of
trumps takes Marriage; "the player holding the highest and longest sequence in any suit takes
the pool for sequence; but the sequence must be at least three cards. Pools not won remain
until the next deal." The cards shown are public.

*Phase 2, the pochen* (the centre pool). "Any player with a pair, or three of a kind, wishing
to bet on them, puts as many counters as he pleases into the centre pool, and any player
willing to bet against him must put in a like amount. There is no raising these bets, and the
players in order to the left of the dealer have the first say as to betting, or passing. The
higher pair wins. Threes beat pairs, and four of a kind is the best hand possible." "Wishing
to bet" makes betting a choice: a player holding a pair may pass (a real decision). Every
player is asked in turn, the one without a pair too (his only answer is to pass), so that who
is asked never shows who holds a pair.

*Phase 3, the play of the cards*. "Eldest hand leads any card he pleases and each in turn to
the left must follow in sequence and suit, playing the 10 on the 9, the J on the 10, etc.,
until the K is reached. The player who has the King, or the highest card, if the King is in
the stock, starts again with any card he pleases. Any player who cannot continue the sequence
in his turn must pass that round." Following is compulsory, so the only decision is the lead:
the cards that follow and the passes ("player 2: without ♥J") are played inside the lead's
action and logged for everybody.

ASSUMPTIONS (the book is silent, or the excerpt stops)
------------------------------------------------------
1. *The deal*: complete rounds of three, then two, then three, ... as long as a full round
   can be dealt with a card left to turn up: 10 cards each three-handed (a stock of 1), 5
   each with four (stock 11), five (6) or six (1), besides the turn-up. Player ``players - 1``
   deals first, the deal passing to the left; the cut is not played.
2. *The turn-up* stays face up on the table: nobody holds it, so it wins no edge pool and stops
   its sequence in the play.
3. *The Sequence pool*: longer beats shorter; equal lengths, the higher top card (the Ace
   above the King); then the trump suit; then the player nearer the eldest hand. The winner
   shows his sequence.
4. *The bet*: only the first bettor names the amount (1 to ``max_bet`` counters; the book's
   "as many as he pleases", bounded so the choice is discrete); a player may bet or put in a
   like amount only holding a pair or better. A matcher without a pair could only lose the
   showdown, so the other reading (anybody may match) adds only losing moves and is not a
   parameter.
5. *Who may bet against him*: once a bet is made, every other player in turn to the
   bettor's left is asked once, those who passed before the bet included (they declined to
   open, not to oppose).
6. *The showdown*: every bettor shows his best set (four, three, a pair; the higher rank
   between equal counts, A K Q J 10 9 8 7); exact ties (two pairs of one rank) go to the set
   holding the trump. The best takes the whole centre pool. A bet nobody matched takes the
   pool unseen; with no bet the pool stays for the next deal.
7. *The play*: one card a turn; the order runs 7 8 9 10 J Q K; an Ace can only be led and ends
   its sequence at once (its leader leads again). A player who cannot continue announces the
   card he is without; when nobody (the last player included) holds the next card, it is a
   stop, and the last player leads again.
8. *The end of the deal* (the excerpt stops): as soon as one player has played all his cards,
   each other player pays him one counter for every card still in his hand.
9. *Several deals* (``deals``): the pools not won stay on the layout, every player dresses
   again, the deal passes to the left. When the sitting ends, the pools still standing go back
   to those who staked them (the book says nothing of the counters left on the board), so the
   returns are exact and zero-sum (:func:`hoyle.envs.core.pools.final_counters`).

Returns: one unit is one counter, each player's net counters at the end of the sitting.
Bound: in one deal a player can win at most what the other ``n - 1`` players put on the layout
(8 each), what they bet (``max_bet`` each) and a counter for each card they still hold (at
most ``h``, the hand size, each); he can lose at most his own 8, his bet and his ``h`` cards.
Counters carried from an earlier deal were counted in that deal, so over ``deals`` deals
``max_utility = deals · (n - 1) · (8 + max_bet + h)`` and ``min_utility = -deals · (8 +
max_bet + h)``.

Parameters
----------
========  =======  ======================================================================
name      default  meaning
========  =======  ======================================================================
players   4        3 to 6
max_bet   5        the largest bet for the pochen, 1 to 10 (assumption 4)
deals     1        deals in the sitting, pools carried, the deal passing left (1 to 10)
========  =======  ======================================================================

Variants: ``three``, ``five``, ``six`` (players). ``small_config``: three players, bets of 1
or 2.

Actions
-------
Leading card ``c``: action ``c`` (0-51; only the piquet cards occur), "lead ♥7". ``PASS`` (52),
"pass"; ``MATCH`` (53), "put in a like amount"; betting ``k``: ``BET_BASE + k - 1`` (54-63),
"bet 3". ``NUM_DISTINCT_ACTIONS`` = 64. Chance outcomes are card ids: "deal ♥7 to player 2",
"turn up ♥7 for trumps".

Bound on the game length: per deal at most ``2n`` betting decisions (a round before the bet,
one after) and one lead per card dealt (``n·h``).

Information and the determinizer
--------------------------------
Hidden: the other hands, the stock. Public: the turn-up, every card shown (the trump honours,
the Sequence, the showdown), every card played, every pass and "without", the bets, the
counts of cards. The determinizer (:mod:`~hoyle.envs.games.pochen.determinizer`) re-deals
what a player has not seen, respecting the "withouts" and the unshown honours as masks and
the Sequence, the pairs behind the bets and the showdown by replaying the re-dealt world.

Observation tensor (``perfect_recall=False``; n players, h cards each)
----------------------------------------------------------------------
Seats counted from the observer. ``hand`` (52), ``turnup`` (52), ``trump`` (4), ``shown``,
``played``, ``withouts`` (n, 52), ``hand_sizes`` (n, h + 1), ``pools`` (8: each a fraction
of the most a division can hold, ``deals · n · (1 + max_bet)``), ``counters`` (n: each from
``min_utility`` at 0 to ``max_utility`` at 1), ``bettor`` (n), ``bet`` (max_bet + 1), ``bettors`` (n),
``to_move`` (n), ``dealer`` (n), ``phase`` (4), ``deal`` (deals). The information state adds
the core's event rows.

Layout: ``hands`` (sets and sequences), ``rules``, ``view``, ``determinizer``; this module
registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.pochen.rules import (
    BET_BASE,
    MATCH,
    MAX_BET,
    MAX_DEALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_DISTINCT_ACTIONS,
    PACK,
    PASS,
    PLAY_ACTION_BASE,
    PochenRules,
    PochenState,
    action_words,
    hand_size,
)
from hoyle.envs.games.pochen.view import (
    BET,
    DEAL,
    DIVISION_NAMES,
    NUM_DIVISIONS,
    OVER,
    PLAY,
    POCHEN,
    PochenView,
)

__all__ = [
    "BET",
    "BET_BASE",
    "DEAL",
    "DIVISION_NAMES",
    "GAME",
    "MATCH",
    "MAX_BET",
    "NUM_DISTINCT_ACTIONS",
    "NUM_DIVISIONS",
    "OVER",
    "PACK",
    "PASS",
    "PLAY",
    "PLAY_ACTION_BASE",
    "POCHEN",
    "SMALL_CONFIG",
    "PochenRules",
    "PochenState",
    "PochenView",
    "action_words",
    "hand_size",
    "make_rules",
]

SMALL_CONFIG: dict[str, ParamValue] = {"players": 3, "max_bet": 2}
"""Three players, bets of 1 or 2: the fewest betting choices."""


def make_rules(params: Mapping[str, ParamValue]) -> PochenRules:
    return PochenRules(params)


GAME = register(
    GameSpec(
        short_name="pochen",
        title="Pochen",
        book=FOSTER,
        section="POCHEN",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (each for himself)", (3, 4, 5, 6)),
            "max_bet": Param(
                5,
                "the largest bet for the pochen (the book: as many as he pleases; ASSUMPTION)",
                tuple(range(1, MAX_BET + 1)),
            ),
            "deals": Param(
                1,
                "deals in the sitting, the pools carried and the deal passing left",
                tuple(range(1, MAX_DEALS + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={"three": {"players": 3}, "five": {"players": 5}, "six": {"players": 6}},
        small_config=SMALL_CONFIG,
        no_tiny="The book's pack is fixed at 32 cards and its fewest players three: the deal "
        "alone has 32!/(10!^3 2!) orders of the hands (billions of nodes); a reduced pack would "
        "change the edge pools and the Sequence the game is about. The betting alone is solved "
        "on its own small game (docs/analytics/pochen-betting.md).",
        reference="crazy_eights",
        summary="Layout game: edge pools for trump honours, a betting pool for pairs, a run "
        "of the cards in sequence.",
    )
)
