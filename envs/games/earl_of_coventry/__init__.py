"""Earl of Coventry (Snip Snap Snorem) and Jig, as R. F. Foster describes them (Foster's Complete
Hoyle, 1914, "EARL OF COVENTRY", with Jig "a variation of Earl of Coventry").

Where the book is silent a gap is filled by an ASSUMPTION below; where two readings are
reasonable the other is a parameter.

The game
--------
"Any number of persons may play, and a full pack of cards is dealt out, one at a time. If some
players have a card more than others, it does not matter. The eldest hand lays upon the table
any card he pleases, and each player in turn pairs or matches it, if he can, with another of the
same denomination" — the rhymes ("There's as good as King can be ... And there's the Earl of
Coventry", or "Snip, Snap, Snorem") go with the four cards. "The fortunate holder of the Earl of
Coventry in each round has the privilege of leading a card for the next trick, and the first
player to get rid of all his cards wins one counter from the others for every card they hold."

Jig (``variant=jig``): "the next higher in sequence and suit must be played, if the player has
it, until four cards are shown. The one who lays down the last of the sequence of four cards
starts a fresh sequence, and the winner is the one who can first get rid of all the cards
originally dealt him. All the others then pay him a counter for each card they have left."

ASSUMPTIONS (the book is silent)
--------------------------------
1. *Seats and the deal*: the cut is not played; player ``players - 1`` deals the first deal, so
   player 0 is its eldest hand. The cards go one at a time to the left, from the dealer's left
   to the last card, so the players nearest the dealer's left hold the odd cards (52 among 5:
   eleven each to the first two on his left, ten to the rest).
2. *Matching* (Earl of Coventry) is compulsory when able, and one card a turn: the turn goes
   round to the left, each player laying a card of the rank if he holds one, else passing
   ("cannot match"), until the fourth is down. A player who holds two or more of the rank lays
   one each time the turn comes to him; he lays them in suit order ♠ ♥ ♦ ♣ — the suits mean
   nothing at this game, so the order changes only the record, never the play.
3. *Forced steps are played at once*: every card laid after a lead, and every pass, is
   compelled by the rule and shown to the table (a card laid face up, or a player saying he
   has none), so it is applied inside the lead's action and logged as a public event. The game
   stops only at a lead, the one choice a player has; who is to lead next follows from the
   events everybody saw, never from a hidden card.
4. *Jig*: the cards run A (low) 2 ... 10 J Q K, the Ace not next to the King
   (:data:`hoyle.envs.core.runs.ACE_TO_KING`); the lead is the first of the four; one card a
   turn; a player without the next card passes ("without" it); after a King, or when nobody
   holds the next card (it was laid before), the last player to lay a card starts afresh.
5. *Going out*: the first to lay his last card wins at once, even in the middle of a round; the
   others pay him one counter for each card they still hold (:func:`~hoyle.envs.core.pools.
   collect_per_card`).
6. *Several deals* (``deals``): the deal passes to the left and the counters are added up. The
   game has no layout, so no pool is left standing at the end.
7. *Players*: "any number"; from 2 to 10. Ten keeps every hand at five cards or more (52
   among 10: six to two players, five to eight); more players would leave most hands of four
   cards, a deal decided nearly by the cards alone; the tensors are sized by the count.
   Two-handed the game is one of perfect information once the deal is over (the other hand is
   the pack less one's own and the cards laid): it is played (``players=2``) but is not a
   declared variant, because the generic suites of hidden information, which need a card some
   player cannot see at a decision, have nothing to check in it.
8. *Reduced packs* (``ranks``), for fast tests and the tiny tree only: the pack is the
   ``ranks`` lowest ranks (A 2 3 ...) of each suit.
9. The rhymes are words only: not modelled.

Returns: one unit is one counter. A deal pays the first out what the others hold, so it is
zero-sum, and so is the sum over deals. Bound: with a pack of P cards among n players, the
first out collects at most what he was not dealt, P - ⌊P/n⌋; a loser pays at most what he
was dealt, ⌈P/n⌉. Over ``deals`` deals a return lies within ``deals`` times these.

Parameters
----------
=========  =======  ===============================================================================
name       default  meaning
=========  =======  ===============================================================================
variant    earl     ``earl`` (match the rank) or ``jig`` (the next card of the suit)
players    4        2 to 10 (assumption 7)
deals      1        deals in the sitting, the deal passing to the left (1 to 10)
ranks      13       ranks in each suit from the Ace up (reduced packs for tests; assumption 8)
=========  =======  ===============================================================================

Variants: ``jig``; and every other count of players from three to ten of both games
(``three`` ... ``ten``, ``jig_three`` ... ``jig_ten``; two-handed see assumption 7). ``small_config``: three players, A 2 3 of each suit.
No ``tiny_config``: the deal alone of the smallest pack with a choice has 8! orders.

Actions
-------
The only decision is the lead: action == card id (``LEAD_ACTION_BASE`` + card, 0-51), "lead
♥5", any card the leader holds. Chance outcomes are card ids: "deal ♥5 to player 2".
``NUM_DISTINCT_ACTIONS`` = 52.

Bound on the game length: every lead lays a card for good and every chance node deals one, so
a sitting has at most ``deals`` × P decisions and as many chance nodes.

Information and the determinizer
--------------------------------
Hidden: every other hand (and, during the deal, the cards still to come). Public: every card
laid and by whom, each pass, how many cards each player holds, the counters. The determinizer
(:mod:`~hoyle.envs.games.earl_of_coventry.determinizer`) re-deals the other hands uniformly,
forbidding each seat what its passes deny (a rank it could not match, a card it was without),
and puts each other seat's deal order in a uniform order.

Memory. At Earl of Coventry a round ends only when all four of its rank are laid, so at every
lead the ranks laid are exactly the ranks nobody holds: a player's own hand and the number of
cards each holds tell him everything the past could. At Jig, the cards laid before are the
*stops*: a lead whose next card was laid already (or is the player's own) is a card he is sure
to lead again after; only a player who remembers the cards laid knows which.

Observation tensor (``perfect_recall=False``; n = players, h = ⌈P/n⌉). Seats are relative to
the observer (row 0 = him, row 1 = the player on his left ...).

==============  ============  ========================================================
piece           shape         contents
==============  ============  ========================================================
hand            (52,)         his hand
laid            (n, 52)       the cards each seat has laid this deal
run             (52,)         the cards of the round now or last played
to_move         (n,)          whose turn it is
dealer          (n,)          the dealer
hand_sizes      (n, h + 1)    each seat's number of cards, one-hot
counters        (n,)          each player's net counters so far, scaled to [0, 1]
deal            (deals,)      which deal this is, one-hot
phase           (3,)          deal, lead, over
winner          (n,)          the first out in the last deal finished
==============  ============  ========================================================

The information state (``perfect_recall=True``) adds ``events``: one row per event (a card
dealt to him or to another, hidden; a lead; a card laid; a pass; going out).

Layout: ``rules`` (the state and the rules), ``view`` (what a player sees, its tensor, string
and table), ``determinizer``; this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.earl_of_coventry.rules import (
    EARL,
    JIG,
    LEAD_ACTION_BASE,
    MAX_DEALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_DISTINCT_ACTIONS,
    RUN_LENGTH,
    VARIANTS,
    EarlRules,
    EarlState,
)
from hoyle.envs.games.earl_of_coventry.view import (
    DEAL,
    EV_DEAL,
    EV_LEAD,
    EV_NO_MATCH,
    EV_OUT,
    EV_PLAY,
    EV_WITHOUT,
    LEAD,
    NUM_CARDS,
    OVER,
    EarlView,
)

__all__ = [
    "DEAL",
    "EARL",
    "EV_DEAL",
    "EV_LEAD",
    "EV_NO_MATCH",
    "EV_OUT",
    "EV_PLAY",
    "EV_WITHOUT",
    "GAME",
    "JIG",
    "LEAD",
    "LEAD_ACTION_BASE",
    "MAX_DEALS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_CARDS",
    "NUM_DISTINCT_ACTIONS",
    "OVER",
    "RUN_LENGTH",
    "VARIANTS",
    "EarlRules",
    "EarlState",
    "EarlView",
    "make_rules",
]

COUNT_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
DEFAULT_PLAYERS = 4
PERFECT_PLAYERS = 2
"""Two-handed, each player knows the other's hand at every lead (the pack less his own and the
cards laid): not a declared variant, since the suites of hidden information have nothing to
hold it to (assumption 7)."""


def make_rules(params: Mapping[str, ParamValue]) -> EarlRules:
    return EarlRules(params)


def _variants() -> dict[str, dict[str, ParamValue]]:
    out: dict[str, dict[str, ParamValue]] = {JIG: {"variant": JIG}}
    for n, name in COUNT_NAMES.items():
        if n not in (DEFAULT_PLAYERS, PERFECT_PLAYERS):
            out[name] = {"players": n}
            out[f"jig_{name}"] = {"variant": JIG, "players": n}
    return out


GAME = register(
    GameSpec(
        short_name="earl_of_coventry",
        title="Earl of Coventry",
        book=FOSTER,
        section="EARL OF COVENTRY",
        make_rules=make_rules,
        params={
            "variant": Param(
                EARL, "earl: match the rank led; jig: the next card of the suit", VARIANTS
            ),
            "players": Param(
                DEFAULT_PLAYERS,
                "number of players, each for himself (any number; 2 to 10, ASSUMPTION)",
                tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            ),
            "deals": Param(
                1, "deals in the sitting, the deal passing to the left", low=1, high=MAX_DEALS
            ),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the Ace up (reduced packs for tests; ASSUMPTION)",
                tuple(range(1, NUM_RANKS + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants=_variants(),
        small_config={"players": 3, "ranks": 3},
        no_tiny="The deal is 52 chance nodes of one card each: the smallest pack with a choice "
        "worth the name, two players and the eight Aces and Twos, has 8! = 40,320 orders of the "
        "deal alone; with the four Aces alone nobody has a choice that changes anything.",
        reference="crazy_eights",
        summary="Lay any card; the others match its rank in turn (Jig: run its suit upward); "
        "the fourth card's player leads again; the first out is paid per card held.",
    )
)
