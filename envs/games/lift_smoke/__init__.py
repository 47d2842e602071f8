"""Lift Smoke, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "LIFT SMOKE").

The rules follow RULES.md §10 and the book's own words (``shared/seeds``, from "The number of
players must be limited to six" to "his adversary having none"). Where the book is silent a gap
is filled by an ASSUMPTION below.

The game
--------
Four to six players, each for himself, each of whom puts one counter in the pool. A full pack,
the cards ranking A K Q J 10 ... 2 "as at Whist". The cards are dealt one at a time: six each
to four players, five each to five, four each to six. "The last card that falls to the dealer
is turned up for the trump" (it stays in his hand: everybody has seen it until he plays it),
and the rest of the pack is the stock, face down in the centre.

The eldest hand leads; the others must follow suit if they can; the highest card of the suit
led wins the trick, and trumps win all other suits. "The winner of each trick draws the top card
from the talon, and leads again" — only he draws, so every other player's hand shrinks by one
card a trick while the winner's stays as it was. "When any player's cards are exhausted he
withdraws from the game, and the others continue. The player who remains to the end, having a
card when his adversary has none, wins the pool." Two players left with one card each: the
winner of the trick draws, and that card wins the game.

ASSUMPTIONS (RULES.md §10; the text is silent)
----------------------------------------------
1. *Seats and the deal*: the cut is not played; player ``players - 1`` deals, so player 0 is
   the eldest hand and receives the first card; the cards go round one at a time to the left.
2. *No obligation to trump* when void of the suit led (as at Whist; :func:`lift_smoke_tricks`).
3. *An empty stock*: the winner of a trick draws nothing. If he then has no card he withdraws,
   and the next player on his left who still has cards leads.
4. *Everyone out together*: if the last players run out of cards in the same trick (the stock
   being empty), the winner of that last trick wins the pool.
5. *Withdrawal* happens when a trick is complete (after the winner's draw): a player whose last
   card is in the trick still plays that trick, and may win it and draw.
6. *The deciding draw* is played as the book says (a chance node), even when it cannot change
   who wins: the winner of the last trick against a player with no cards draws, "and the card
   so drawn wins the game".
7. *2 or 3 players* are not supported (the book gives no deal for them).
8. *Reduced packs* (``ranks``, ``hand_size``), for fast tests and exact solving only: the pack
   is the ``ranks`` highest ranks (A K Q ...) of each suit.

Returns: one unit is one counter. The winner takes the pool, ``players`` counters of which one
is his own: he wins ``players - 1``, every other player loses his 1 (zero-sum).

Parameters
----------
=========  =======  ===============================================================================
name       default  meaning
=========  =======  ===============================================================================
players    4        4, 5 or 6
ranks      13       ranks in each suit, from the Ace down (assumption 8)
hand_size  0        cards dealt to each player; 0 = the book's (6, 5, 4 for 4, 5, 6 players)
=========  =======  ===============================================================================

Variants: ``five`` (players=5), ``six`` (players=6). ``small_config``: four players, the
sixteen cards A K Q J of each suit, two cards each, a stock of eight.

Actions
-------
The only decision is the card to play: action == card id (``PLAY_ACTION_BASE`` + card,
0-51), "play ♥5". Chance outcomes are card ids too: "deal ♥5 to player 2", "turn up ♥5 for
trumps (player 3's card)", "player 2 draws ♥5". ``NUM_DISTINCT_ACTIONS`` = 52.

Bound on the game length
------------------------
Every decision puts a card from a hand into a trick, and a played card never comes back; every
card reaches a hand once, by the deal or a draw. So a game has at most as many decisions as the
pack has cards (52), and at most as many chance nodes (52). (Each trick also loses at least one
card from the hands, so there are at most n·h tricks; the pack is the simpler bound and close.)
Random play takes about 30 decisions and 32 chance nodes (at most 34 and 35 in 3,000 random
four-handed games; 28 and 30 six-handed).

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance by
``state.chance_outcomes()``), one core of the development machine: about 47,000 steps a second
four-handed (750 games a second), 33,000 six-handed.

Information and the determinizer
--------------------------------
Hidden: every player's hand from the others, the stock, and each drawn card from all but the
drawer. Public: the turned-up trump (it stays in the dealer's hand until played), every card
played (the tricks were seen face up), how many cards each hand and the stock hold, who drew.
A seat that did not follow suit held none of the suit led *at that moment*; a card it draws
later may be of that suit. ``voids`` in the state (and the views) are the suits the table knows
a seat lacks *now* (a 4-bit mask): set when it shows out, cleared when it draws (the drawn card
might be of any suit).

The state keeps one event log (``s.log``, :mod:`hoyle.envs.core.events`): a card dealt (seen by
its receiver), the turn-up (by all), a lead and a card played to it (by all), a card drawn (by
the drawer); one event per action, each naming the history index of its card. The views, the
information-state tensor and string are cut from it.

The determinizer is the core's timed re-deal (:mod:`hoyle.envs.core.timed`): the game declares
each seat's arrivals, plays and voids, read from the log
(:mod:`~hoyle.envs.games.lift_smoke.determinizer`), and the core re-deals, for a player, every
card he has not seen (the other seats' dealt and drawn cards, including those they have since
played, and the stock), respecting the exact timing of the voids. The played cards' slots are
re-drawn as well (the player never saw which slot a card came from, and it decides what the
cards still held may be), which a relabelling of cards (the core's ``redeal_unseen``) cannot
express; that relabelling, on the cards still held, is only the fallback. The re-deal is exactly uniform over the worlds consistent with what the player saw
(``tests/games/test_lift_smoke.py`` checks it against a brute-force enumeration).

``card_play`` returns ``None``: the double-dummy solver is not applicable, because the stock
makes the play a game of chance (the trick winner's draw decides what he holds next), not a
perfect-information play of fixed hands.

Observation tensor (``perfect_recall=False``; n = players, h = hand size, S = initial stock)
--------------------------------------------------------------------------------------------
Seats are relative to the observer (row 0 = me, row 1 = the player on my left, ...).

==============  ============  ========================================================
piece           shape         contents
==============  ============  ========================================================
hand            (52,)         my hand
trump           (4,)          the trump suit, one-hot
turnup          (52,)         the turned-up trump while it is still in the dealer's hand
trick           (n, 52)       the card each seat has played to the current trick
leader          (n,)          who led the current trick
to_move         (n,)          whose turn it is
dealer          (n,)          the dealer
active          (n,)          seats still in the game (holding cards)
played          (n, 52)       every card each seat has played (public card tracking)
voids           (n, 4)        suits each seat is known to lack now
hand_sizes      (n, h + 1)    each seat's number of cards, one-hot
stock           (S + 1,)      cards left in the stock, one-hot
phase           (4,)          deal, play, draw, over
winner          (n,)          the winner of the pool, at the end
==============  ============  ========================================================

The information state (``perfect_recall=True``) adds ``events`` (2 × pack rows × (5 + n + 1 + 53),
the core's encoding): one row per event, in order: its kind (dealt, turned up, led, played,
drew), its seat counted from the observer, and the card, one-hot, or "hidden" where the player
did not see it (another seat's dealt or drawn card).

Layout: ``rules`` (the state and the rules), ``view`` (what a player sees, its tensor, string
and table), ``determinizer``; this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.lift_smoke.determinizer import (
    log_timeline,
    timeline,
)
from hoyle.envs.games.lift_smoke.rules import (
    BOOK_HAND_SIZE,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_DISTINCT_ACTIONS,
    PLAY_ACTION_BASE,
    LiftSmokeRules,
    LiftSmokeState,
    lift_smoke_tricks,
)
from hoyle.envs.games.lift_smoke.view import (
    DEAL,
    DRAW,
    EV_DEAL,
    EV_DRAW,
    EV_LEAD,
    EV_PLAY,
    EV_TURN,
    EVENT_KINDS,
    NUM_CARDS,
    NUM_PHASES,
    OVER,
    PHASE_NAMES,
    PLAY,
    LiftSmokeView,
)

__all__ = [
    "BOOK_HAND_SIZE",
    "DEAL",
    "DRAW",
    "EVENT_KINDS",
    "EV_DEAL",
    "EV_DRAW",
    "EV_LEAD",
    "EV_PLAY",
    "EV_TURN",
    "GAME",
    "MAX_HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_CARDS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_PHASES",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "PLAY_ACTION_BASE",
    "SMALL_CONFIG",
    "LiftSmokeRules",
    "LiftSmokeState",
    "LiftSmokeView",
    "lift_smoke_tricks",
    "log_timeline",
    "make_rules",
    "timeline",
]

# --- registration ---------------------------------------------------------------------------

SMALL_CONFIG: dict[str, ParamValue] = {"players": 4, "ranks": 4, "hand_size": 2}
"""Four players, A K Q J of each suit (16 cards), two cards each, a stock of eight."""


def make_rules(params: Mapping[str, ParamValue]) -> LiftSmokeRules:
    return LiftSmokeRules(params)


GAME = register(
    GameSpec(
        short_name="lift_smoke",
        title="Lift Smoke",
        book=FOSTER,
        section="LIFT SMOKE",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (each for himself)", (4, 5, 6)),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the Ace down (reduced packs for tests; ASSUMPTION)",
                tuple(range(2, NUM_RANKS + 1)),
            ),
            "hand_size": Param(
                0,
                "cards dealt to each player; 0 = the book's (6, 5, 4 for 4, 5, 6 players)",
                tuple(range(0, MAX_HAND_SIZE + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={"five": {"players": 5}, "six": {"players": 6}},
        small_config=SMALL_CONFIG,
        no_tiny="The book's fewest players is four: a choice of card needs two cards each, eight "
        "cards whose deal alone has 8! = 40,320 orders (ranks=2, hand_size=2: about 2.5 million "
        "nodes); with one card each (ranks=2, hand_size=1: 15,521 nodes) nobody ever has a "
        "choice.",
        reference="euchre",
        summary="Elimination trick game: only the trick's winner draws; the last with a card wins.",
    )
)
