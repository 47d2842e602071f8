"""Matrimony, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "MATRIMONY").

The game
--------
"Any number of persons may play, and a full pack of fifty-two cards is used." A strip of paper
in the centre is the layout, five divisions: **Matrimony** (any King and Queen), **Intrigue**
(any Queen and Jack), **Confederacy** (any King and Jack), **Pair** (any two cards of one
denomination) and **Best** (the ♦A). "The dealer then takes any number of counters he chooses,
and distributes them as he pleases on the various divisions of the layout. Each player then
takes a number of counters one less than the dealer's, and distributes them according to his
fancy." The dealer gives one card face down to each player, then one face up. "If any of the
latter should be the diamond ace, the player to whom it is dealt takes everything on the
layout", and the deal passes to the left. Otherwise each player in turn, from the eldest hand,
turns up his down card; the first to show Matrimony in his two cards takes that pool, and so
for Intrigue, Confederacy and a Pair. A ♦A dealt face down counts only as one of a pair; the
Best pool waits until the ♦A is dealt face up. "Any of the pools which are not won must remain
until the following deal, and may be added to."

The only decisions are the stakes: the cards decide everything else, and the turning up and the
pools won are applied at once, as public events, after the last card is dealt.

ASSUMPTIONS (the text is silent)
--------------------------------
1. *Seats*: the draw for the deal ("the lowest card deals") is not played; the parameter
   ``dealer`` names the first dealer (player 0 by default, so that player 0 always has a
   stake to choose); the player on his left is the eldest hand; the deal passes to the left.
2. *The stakes*: the dealer stakes at least one counter (the others stake one fewer, which
   must not be negative) and at most ``max_stake`` (the book sets no cap: "any number of
   counters he chooses"; the cap keeps the game finite). The others stake in turn from the
   eldest hand, each exactly one fewer than the dealer (a dealer who stakes one leaves them
   nothing to stake: they are passed over).
3. *Staking as a sequence of counters*: a stake is put down one counter at a time, each on a
   division, in the layout's order (Matrimony, Intrigue, Confederacy, Pair, Best: after a
   counter on Pair, none on Matrimony), the dealer ending with "stake no more". Every
   distribution of a stake is one such sequence and only one, so the game offers exactly the
   book's choices in six actions whatever the cap (one action per distribution would need
   C(m + 5, 5) - 1 of them: 3,002 at ``max_stake`` 10). Counters a player cannot place
   otherwise (he has reached Best with some left) go on Best at once.
4. *The ♦A face up ends the deal at once*: the cards still to be dealt face up, and the down
   cards, are of no account ("takes everything on the layout, and the cards are gathered"), so
   they are not dealt or turned.
5. *Several deals*: with ``deals`` above one, the next deal is dealt by the player on the left,
   staked again in the same way, the pools not won standing with the new stakes added.
6. *The end of the sitting*: the book ends a sitting nowhere; when the last deal ends the pools
   still standing go back to those who staked them (:func:`~hoyle.envs.core.pools.final_counters`),
   so that the returns are the counters won and lost, exact and zero-sum.
7. *Reduced packs* (``ranks``), for fast tests and exact solving only: the pack is the
   ``ranks`` highest ranks (A K Q J ...) of each suit.

"Any number": ``players`` runs from 2 to 8. The pack would deal two cards each to 26, but each
player count is a variant of the game that every generic suite runs, and eight is the most the
book's other layout games of this family deal to (Pope Joan's table stops at eight); a larger
table changes nothing in the rules.

Returns: one unit is one counter. A player loses at most what he stakes (``m`` =
``max_stake`` a deal, as dealer) and wins at most what the others stake (``m + (n - 2)(m - 1)``
a deal when another deals), so the returns lie in ``[-deals·m, deals·(m + (n - 2)(m - 1))]``
and sum to zero (assumption 6).

Parameters
----------
=========  =======  ============================================================================
name       default  meaning
=========  =======  ============================================================================
players    4        2 to 8 ("any number")
max_stake  5        the most counters the dealer may stake (assumption 2; the book sets none)
deals      1        deals in the sitting, the deal passing to the left (assumption 5)
ranks      13       ranks in each suit from the Ace down (assumption 7)
dealer     0        the first dealer (assumption 1)
=========  =======  ============================================================================

Variants: ``two`` ... ``eight`` (players=2 ... 8). ``small_config``: three players, stakes up to
three, two deals. ``tiny_config``: two players, ``max_stake`` 1, the eight cards A K of each
suit (9,356 nodes).

Actions
-------
``STAKE_ACTION_BASE + d`` (52-56): "stake a counter on Matrimony" (Intrigue, Confederacy,
Pair, Best); ``ENOUGH_ACTION`` (57): "stake no more" (the dealer, once he has staked a counter).
``NUM_DISTINCT_ACTIONS`` = 58: the decisions are numbered after the cards, so that no decision
shares its number with a chance outcome, which are card ids (0-51): "deal ♥5 face down to
player 2". Six actions are ever legal. A deal has at most ``m + (n - 1)(m - 1)`` decisions (one per counter, the dealer's last
"stake no more" taking the place of a counter he does not stake) and ``2n`` chance nodes.

Information and the determinizer
--------------------------------
Hidden: each down card from all but its holder until it is turned up, and the cards not
dealt. Everything else is public: every stake (the layout is on the table), the up cards, the
down cards once turned, the pools won. The determinizer is the core's re-deal
(:func:`~hoyle.envs.core.determinize.redeal_unseen`): the others' unturned down cards and the
undealt cards, nothing known against any of them.

Observation tensor (``perfect_recall=False``; n = players; seats counted from the observer)
------------------------------------------------------------------------------------------
==============  ============  ===================================================================
piece           shape         contents
==============  ============  ===================================================================
hand            (52,)         my cards this deal (the down card and the up card)
face_up         (n, 52)       each seat's up card this deal
turned          (n, 52)       each other seat's down card once turned up
held            (n, 3)        how many cards each seat has been dealt this deal, one-hot
pools           (5, n)        the counters each seat has on each division, over deals · max_stake
counters        (n,)          each seat's counters won less staked, scaled from the least to
                              the greatest return to [0, 1]
dealer          (n,)          the dealer
to_move         (n,)          whose turn it is
phase           (3,)          stake, deal, over
from_division   (5,)          while staking, the first division still open to the staker
stakes          (2,)          the dealer's stake + 1 over max_stake + 1 (0 while he stakes);
                              what the staker has put over max_stake
deals_left      (1,)          the deals still to come after this one, over deals
==============  ============  ===================================================================

The information state (``perfect_recall=True``) adds ``events``, the core's encoding of the
log: every counter staked, the deals, each card dealt (a down card hidden from the others),
every card turned and every pool taken.

Layout: ``rules`` (the state, the rules, the determinizer), ``view`` (what a player sees, its
tensor, string and table); this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.matrimony.rules import (
    BEST_CARD,
    ENOUGH_ACTION,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_DISTINCT_ACTIONS,
    STAKE_ACTION_BASE,
    MatrimonyRules,
    MatrimonyState,
    combination,
)
from hoyle.envs.games.matrimony.view import (
    BEST,
    CONFEDERACY,
    DEAL,
    DIVISION_NAMES,
    INTRIGUE,
    MATRIMONY,
    NUM_DIVISIONS,
    OVER,
    PAIR,
    STAKE,
    MatrimonyView,
)

__all__ = [
    "BEST",
    "BEST_CARD",
    "CONFEDERACY",
    "DEAL",
    "DIVISION_NAMES",
    "ENOUGH_ACTION",
    "GAME",
    "INTRIGUE",
    "MATRIMONY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_DIVISIONS",
    "OVER",
    "PAIR",
    "SMALL_CONFIG",
    "STAKE",
    "STAKE_ACTION_BASE",
    "TINY_CONFIG",
    "MatrimonyRules",
    "MatrimonyState",
    "MatrimonyView",
    "combination",
    "make_rules",
]

SMALL_CONFIG: dict[str, ParamValue] = {"players": 3, "max_stake": 3, "deals": 2}
"""Three players, stakes up to three, two deals (the pools carried)."""
TINY_CONFIG: dict[str, ParamValue] = {"players": 2, "max_stake": 1, "ranks": 2}
"""Two players, one counter staked by the dealer, the eight cards A K of each suit."""

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight")


def make_rules(params: Mapping[str, ParamValue]) -> MatrimonyRules:
    return MatrimonyRules(params)


def _check(params: Mapping[str, ParamValue]) -> str | None:
    n, ranks = int(params["players"]), int(params["ranks"])
    if 4 * ranks < 2 * n:
        return f"ranks={ranks} gives a pack of {4 * ranks} cards, too few for players={n}"
    if int(params["dealer"]) >= n:
        return f"dealer={params['dealer']} must be a seat of players={n}"
    return None


GAME = register(
    GameSpec(
        short_name="matrimony",
        title="Matrimony",
        book=FOSTER,
        section="MATRIMONY",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (any number; 2 to 8 here)", low=2, high=8),
            "max_stake": Param(
                5, "the most counters the dealer may stake (the book sets no cap)", low=1, high=20
            ),
            "deals": Param(1, "deals in the sitting, the deal passing to the left", low=1, high=50),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the Ace down (reduced packs for tests; ASSUMPTION)",
                low=2,
                high=NUM_RANKS,
            ),
            "dealer": Param(
                0,
                "the first dealer (the draw for the deal is not played)",
                low=0,
                high=MAX_PLAYERS - 1,
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={w: {"players": n} for n, w in enumerate(_WORDS, 2) if n != 4},
        small_config=SMALL_CONFIG,
        tiny_config=TINY_CONFIG,
        tiny_nodes=9356,
        reference="crazy_eights",
        check=_check,
        summary="Staking game: stake on Matrimony, Intrigue, Confederacy, Pair and Best; one "
        "card down and one up decide who takes each pool.",
    )
)
