"""Authors, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "AUTHORS").

Where the book is silent a gap is filled by an ASSUMPTION below; where two readings are
reasonable the other is a parameter.

The game
--------
"Any number of persons can play ... Each player then deposits a counter in the pool, and the
cards are distributed one at a time until the pack is exhausted. If some players have a card
more than others it makes no difference." The object "is to secure tricks consisting of four
cards of the same denomination ... and the player having the most tricks of this kind wins the
pool. Ties divide it."

"The player on the left of the dealer begins by asking for a certain card, which must be of the
same denomination as one already in his hand ... he must designate the suit, and must ask a
particular player for the card wanted. If the player asked has the card, he must immediately
surrender it, and the player to whom it is given can then ask again ... If the person asked
has not the card demanded, the privilege of asking is transferred to him." "As soon as any
player gets together four cards of the same denomination, he lays them face down upon the
table in front of him, and they form a trick." And: "It is a legitimate artifice in the game to
ask for a card you already have in your own hand": such an ask is legal here, and always a miss.

ASSUMPTIONS (the book is silent)
--------------------------------
1. *Seats and the deal*: the cut is not played; player ``players - 1`` deals the first deal, so
   player 0 is its eldest hand and asks first. The cards go one at a time to the left from the
   dealer's left, so the players nearest his left hold the odd cards.
2. *Asking*: an ask names another player who holds cards and one exact card of a denomination
   the asker holds; any of its four suits, his own included. A player may ask the same player
   for the same card again.
3. *Tricks*: four of a kind dealt to a player are laid as soon as the deal is over (the eldest
   hand's first, then round to the left); four brought together by an ask are laid at once.
   A trick lies face down, but its denomination is public: it is the whole of one rank.
4. *The pool*: the most tricks take it; players tied for the most divide it equally, and the
   odd counters stay in it for the next deal (:func:`~hoyle.envs.core.pools.share`); each
   deal every player deposits one counter more. At the end of the sitting (``deals``) a pool
   still standing goes back to those who staked it (:func:`~hoyle.envs.core.pools.final_counters`),
   so the sitting is zero-sum.
5. *A player without cards* (his last laid in a trick) cannot ask and cannot be asked; when
   the right to ask falls to him it passes to the next player on his left who holds cards.
   While a card is out of a trick at least two players hold cards (a rank all in one hand
   is a trick), so there is always someone to ask. The deal ends when every trick is made.
6. *A closing* (``max_asks``): nothing in the book stops two players asking each other for
   cards neither holds for ever; OpenSpiel needs a finite game, so after ``max_asks`` asks in a
   deal the asking is closed and the tricks made so far decide the pool. Default 200: four
   ``heuristic`` players (who keep the record) made all thirteen tricks in 118 asks on
   average over ten deals, at most 192; four random askers need about 500.
7. *Players*: "any number"; from 2 to 8. Eight keeps every hand at six cards or more (52 among
   8: seven to four players, six to four), so each player holds a denomination or two to ask
   for at the start; with more, most hands are of four or five cards and the game is a round
   of guessing. Two-handed, each player knows the other's hand once the deal is over (the
   pack less his own and the tricks), so every ask is played with the cards in view.
8. *Reduced packs* (``ranks``), for fast tests only: the pack is the ``ranks`` lowest
   ranks (A 2 3 ...) of each suit, and the deal ends when those ranks are all tricks.

Returns: one unit is one counter. Every player stakes one counter a deal and the pool goes to
the players with the most tricks, the odd counters back to their stakers at the end, so the
sitting is zero-sum. A player wins at most every other player's stakes, ``deals × (players -
1)`` (``max_utility``), and loses at most his own, ``deals`` (``-min_utility``).

Parameters
----------
=========  =======  ===============================================================================
name       default  meaning
=========  =======  ===============================================================================
players    4        2 to 8 (assumption 7)
deals      1        deals in the sitting, the deal passing to the left (1 to 10)
max_asks   200      asks in a deal before the asking is closed (assumption 6)
ranks      13       ranks in each suit from the Ace up (reduced packs for tests; assumption 8)
=========  =======  ===============================================================================

Variants: every other count of players, ``two`` ... ``eight``, each the book's game (the
closing at 200 asks). ``small_config``: three players, A 2 3 of each suit. No ``tiny_config``:
see ``no_tiny``. ``replay_config``: the generic checks that rebuild state after state from
its history (re-deals for the leak, determinizer and observer checks; deserializations,
OpenSpiel's ``random_sim_test``, the wrappers' ``spiel_state`` at every step) play each
variant on A 2 3 4 of each suit, closed after 40 asks. A re-deal of the full pack replays up
to 200 asks and counts the record's worlds (random askers leave many misses: 0.05 s a re-deal
at four players, about a second at eight), and those checks re-deal thousands of states; the
game's own tests re-deal the full pack.

Actions
-------
Asking player ``q`` for card ``c`` is action ``ASK_ACTION_BASE + q × 52 + c`` (seats absolute,
card ids 0-51), "player 0 asks player 2 for the ♠5". ``NUM_DISTINCT_ACTIONS`` = players × 52.
Chance outcomes are card ids: "deal ♥5 to player 2". A game has at most ``deals × max_asks``
decisions and ``deals × 52`` chance nodes.

Information and the determinizer
--------------------------------
Hidden: every card of another hand that no ask has moved (and, in the deal, the cards still to
come). Public — the record every observer sees: who asked for which card, whom he asked, and
whether the card was handed over; each trick and who laid it; how many cards each player
holds; the pool and the counters. A card handed over is located by the record until it moves
again. The determinizer (:mod:`~hoyle.envs.games.authors.determinizer`) re-deals the cards no
ask has moved uniformly among the deals that make the whole record: each seat is forbidden the
cards it was asked for and had not (such a card has not moved since, so the miss still binds),
every asker held a card of the denomination he asked for, and a trick was laid exactly when
four came together. The record's statements are counted exactly, unit by unit
(:mod:`~hoyle.envs.games.authors.worlds`): a re-deal of eight players takes milliseconds at
any point of a deal. Each other seat's deal is put in a uniform order.

Observation tensor (``perfect_recall=False``; n = players, h = 3 × ``ranks``, the most cards
a hand can hold: never four of a denomination). Seats
are relative to the observer (row 0 = him, row 1 = the player on his left ...).

==============  ============  ========================================================
piece           shape         contents
==============  ============  ========================================================
hand            (52,)         his hand
located         (n, 52)       the cards the record places in each hand
tricks          (n, 13)       the denominations each seat has laid as tricks
to_move         (n,)          whose turn it is
dealer          (n,)          the dealer
hand_sizes      (n, h + 1)    each seat's number of cards, one-hot
counters        (n,)          each player's net counters so far, scaled to [0, 1]
pool            (1,)          the counters in the pool over every stake of the sitting
asks            (1,)          this deal's asks over ``max_asks``
deal            (deals,)      which deal this is, one-hot
phase           (3,)          deal, ask, over
==============  ============  ========================================================

The information state (``perfect_recall=True``) adds ``events``: one row per event (a card
dealt, to him or, hidden, to another; an ask and the card named; the card handed over, or
not; a trick; the pool taken; the asking closed).

Layout: ``rules`` (the state and the rules), ``view`` (what a player sees, its tensor, string
and table), ``determinizer``; this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.authors.rules import (
    ASK_ACTION_BASE,
    DEFAULT_MAX_ASKS,
    MAX_ASKS_RANGE,
    MAX_DEALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    AuthorsRules,
    AuthorsState,
    ask_action,
    ask_of,
)
from hoyle.envs.games.authors.view import (
    ASK,
    DEAL,
    EV_ASK,
    EV_CLOSED,
    EV_DEAL,
    EV_GIVE,
    EV_MISS,
    EV_TAKE,
    EV_TRICK,
    NUM_CARDS,
    OVER,
    AuthorsView,
    rank_mask,
)

__all__ = [
    "ASK",
    "ASK_ACTION_BASE",
    "DEAL",
    "EV_ASK",
    "EV_CLOSED",
    "EV_DEAL",
    "EV_GIVE",
    "EV_MISS",
    "EV_TAKE",
    "EV_TRICK",
    "GAME",
    "MAX_DEALS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_CARDS",
    "OVER",
    "AuthorsRules",
    "AuthorsState",
    "AuthorsView",
    "ask_action",
    "ask_of",
    "make_rules",
    "rank_mask",
]

COUNT_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
DEFAULT_PLAYERS = 4


def make_rules(params: Mapping[str, ParamValue]) -> AuthorsRules:
    return AuthorsRules(params)


GAME = register(
    GameSpec(
        short_name="authors",
        title="Authors",
        book=FOSTER,
        section="AUTHORS",
        make_rules=make_rules,
        params={
            "players": Param(
                DEFAULT_PLAYERS,
                "number of players, each for himself (any number; 2 to 8, ASSUMPTION)",
                tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            ),
            "deals": Param(
                1, "deals in the sitting, the deal passing to the left", low=1, high=MAX_DEALS
            ),
            "max_asks": Param(
                DEFAULT_MAX_ASKS,
                "asks in a deal before the asking is closed and the tricks counted (ASSUMPTION)",
                low=MAX_ASKS_RANGE[0],
                high=MAX_ASKS_RANGE[1],
            ),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the Ace up (reduced packs for tests; ASSUMPTION)",
                tuple(range(1, NUM_RANKS + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={name: {"players": n} for n, name in COUNT_NAMES.items() if n != DEFAULT_PLAYERS},
        small_config={"players": 3, "ranks": 3},
        replay_config={"ranks": 4, "max_asks": 40},
        no_tiny="The deal is one chance node a card: the smallest pack in which anyone has a "
        "choice, two players and the eight Aces and Deuces, has 8! = 40,320 orders of the deal "
        "alone, and the asks that follow are a loop with no end but the closing.",
        reference="go_fish",
        summary="Ask a named player for a named card of a denomination you hold; a hit keeps "
        "the turn, a miss passes it; fours are tricks; the most tricks take the pool.",
    )
)
