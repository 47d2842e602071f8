"""Speculation, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "SPECULATION").

The game
--------
"Any number of persons less than ten can play, each contributing an agreed number of counters
to the pool, the dealer paying double. The full pack of fifty-two cards is used, and the cards
rank from the A K Q down to the 2." The dealer gives three cards to each, one at a time to the
left, face down; nobody may look at them. "The next card on the top of the pack is turned up,
and the suit to which it belongs is the trump"; the turn-up is the dealer's.

* "If the turn-up card is an ace, the dealer takes the pool immediately, and the deal passes to
  the left."
* "If the turn-up is a K Q or J, the dealer offers it for sale, before a card is looked at, and
  he may accept or refuse the amount offered. Whether the card is sold or not, all the cards
  that have been dealt out are turned face up, and the highest card of the turn-up suit wins
  the pool."
* Any other turn-up is offered for sale too; a buyer "places it on his own cards, leaving it
  face up". Then "the elder hand proceeds to turn up the top card of his three. If this is not
  a trump, the next player on his left turns up his top card, and so on until a trump is turned
  that is better than the one already exposed. The player who possesses the original turn-up,
  does not expose any more of his cards until a better trump is shown. As soon as a better
  trump appears it is offered for sale, and after it is sold or refused, the cards are turned
  up again until a better trump appears, or all the cards have been exposed. The holder of the
  best trump at the end takes the pool."

The only decisions are the offers and the seller's answer: the turning is forced and applied
at once, each card turned a public event.

ASSUMPTIONS (the text is silent)
--------------------------------
1. *Seats*: the parameter ``dealer`` names the first dealer (player 0 by default); the player
   on his left is the eldest hand; with ``deals`` above one the deal passes to the left, each
   deal staked afresh (every pool is won in its deal, so nothing is carried but the counters).
2. *The sale*: one round of offers starting on the seller's left, each player but the seller
   once, each offer higher than the last (whole counters, 1 to ``max_offer``) or a pass; then,
   if any offer was made, the seller accepts the best or refuses. The buyer pays the **seller**
   and takes the card face up. The book sets no limit to an offer; the cap keeps the game
   finite. A player who can only pass (the best offer is the cap) passes at once (forced and
   public).
3. *The turning*: the top card of a player's three is the last dealt to him. The turning goes
   on from the player on the left of the one who turned the latest better trump (at first the
   eldest hand), skipping the holder of the best trump and the players with no face-down
   cards; when only the holder has cards face down the deal ends (a better trump among his own
   would only keep the pool his). If no trump better than the turn-up appears, the turn-up's
   holder wins.
4. *The honour's exposure* goes from the eldest hand round to the dealer; the highest trump,
   the turn-up (held by its buyer or the dealer) among them, takes the pool.
5. *Reduced packs* (``ranks``), for fast tests and small solved games only: the pack is the
   ``ranks`` highest ranks (A K Q J ...) of each suit; a K, Q or J turn-up is still an honour.

"Any number less than ten": ``players`` runs from 2 to 9, each count a variant.

Returns: one unit is one counter; the pool is always won, so the returns are each player's
counters, exact and zero-sum. With ``s`` = ``stake``, ``m`` = ``max_offer``, ``n`` players and
``S`` = 1 + min(``ranks`` - 1, 3n) the most sales in a deal (the turn-up, then each better
trump shown: one a rank above the turn-up, one a card turned): a player gains at most the
pool less his stake, ``n·s`` (``(n - 1)·s`` as dealer), and the price of each card he sells,
at most his three turned cards (and the turn-up as dealer), so at most
``n·s + 3m + max(0, m - s)`` a deal; he loses at most his stake (``2s`` as dealer) and the
price of every sale, ``2s + S·m`` a deal. The returns lie in
``[-deals·(2s + S·m), deals·(n·s + 3m + max(0, m - s))]`` and sum to zero.

Parameters
----------
=========  =======  ============================================================================
name       default  meaning
=========  =======  ============================================================================
players    4        2 to 9 ("any number of persons less than ten")
stake      1        the counters each player puts in the pool (the dealer double)
max_offer  5        the most counters an offer may be (assumption 2; the book sets none)
deals      1        deals in the sitting, the deal passing to the left (assumption 1)
ranks      13       ranks in each suit from the Ace down (assumption 5)
dealer     0        the first dealer (assumption 1)
=========  =======  ============================================================================

Variants: ``two`` ... ``nine`` (players=2 ... 9; four is the default). ``small_config``: two
players, A to 4 of each suit, offers up to three, two deals. No ``tiny_config``: the deal alone
of the smallest pack that deals two players (eight cards) has 40,320 orders.

Actions
-------
Chance outcomes are card ids (0-51): "deal ♥5 face down to player 2", "turn up ♠7 for trump".
``PASS_ACTION`` (52): "pass"; ``ACCEPT_ACTION`` (53): "accept the offer"; ``REFUSE_ACTION``
(54): "refuse the offer"; ``OFFER_ACTION_BASE + k - 1`` (55 ...): "offer k", k = 1 to
``max_offer``; ``num_distinct_actions`` = 55 + ``max_offer``. A deal has at most ``S·n``
decisions (``n - 1`` offers and one answer a sale) and ``3n + 1`` chance nodes.

Information and the determinizer
--------------------------------
Nobody sees a face-down card, his own included, so every player's information is public:
every card turned, every offer, pass, sale and refusal, the pool and the counters. The
determinizer is the core's re-deal (:func:`~hoyle.envs.core.determinize.redeal_unseen`): the
cards still face down (in each seat's order) and the cards never dealt, dealt afresh
uniformly, nothing known against any of them. :mod:`hoyle.envs.games.speculation.odds` gives
the exact chance that the best trump so far stands.

Observation tensor (``perfect_recall=False``; n = players; seats counted from the observer)
------------------------------------------------------------------------------------------
==============  ============  ===================================================================
piece           shape         contents
==============  ============  ===================================================================
shown           (n, 52)       each seat's cards face up (turned, the turn-up, a card bought)
face_down       (n, 4)        how many cards each seat has face down, one-hot
turn_up         (52,)         the turn-up (its suit is trumps)
best            (52,)         the best trump showing
holder          (n,)          its holder
on_sale         (52,)         the card offered for sale
seller          (n,)          its seller
bidder          (n,)          the maker of the best offer so far
offer           (1,)          the best offer so far over max_offer
pool            (1,)          the pool over (n + 1)·stake
counters        (n,)          each seat's counters, scaled from the least to the greatest return
dealer          (n,)          the dealer
to_move         (n,)          whose turn it is
phase           (4,)          deal, bid, answer, over
deals_left      (1,)          the deals still to come after this one, over deals
==============  ============  ===================================================================

The information state (``perfect_recall=True``) adds ``events``, the core's encoding of the
log.

Layout: ``rules`` (the state, the rules, the determinizer), ``view`` (what a player sees, its
tensor, string and table), ``odds`` (the chance of standing); this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.speculation.odds import (
    STRENGTH,
    beats,
    chance_of_standing,
    fair_price,
    standing_counts,
)
from hoyle.envs.games.speculation.rules import (
    ACCEPT_ACTION,
    HONOURS,
    MAX_OFFER_CAP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFFER_ACTION_BASE,
    PASS_ACTION,
    REFUSE_ACTION,
    SpeculationRules,
    SpeculationState,
    offer_action,
)
from hoyle.envs.games.speculation.view import (
    ANSWER,
    BID,
    DEAL,
    HAND_SIZE,
    OVER,
    SpeculationView,
)

__all__ = [
    "ACCEPT_ACTION",
    "ANSWER",
    "BID",
    "DEAL",
    "GAME",
    "HAND_SIZE",
    "HONOURS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OFFER_ACTION_BASE",
    "OVER",
    "PASS_ACTION",
    "REFUSE_ACTION",
    "SMALL_CONFIG",
    "STRENGTH",
    "SpeculationRules",
    "SpeculationState",
    "SpeculationView",
    "beats",
    "chance_of_standing",
    "fair_price",
    "make_rules",
    "offer_action",
    "standing_counts",
]

SMALL_CONFIG: dict[str, ParamValue] = {"players": 2, "ranks": 11, "max_offer": 3, "deals": 2}
"""Two players, A to 4 of each suit, offers up to three, two deals (few steps, and unseen cards
enough that late in a deal only one face-down card is left to place: the determinizer's brute
force stays small)."""

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine")


def make_rules(params: Mapping[str, ParamValue]) -> SpeculationRules:
    return SpeculationRules(params)


def _check(params: Mapping[str, ParamValue]) -> str | None:
    n, ranks = int(params["players"]), int(params["ranks"])
    if 4 * ranks < HAND_SIZE * n + 1:
        return f"ranks={ranks} gives a pack of {4 * ranks} cards, too few for players={n}"
    if int(params["dealer"]) >= n:
        return f"dealer={params['dealer']} must be a seat of players={n}"
    return None


GAME = register(
    GameSpec(
        short_name="speculation",
        title="Speculation",
        book=FOSTER,
        section="SPECULATION",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (any number less than ten)", low=2, high=9),
            "stake": Param(
                1, "the counters each player puts in the pool (the dealer double)", low=1, high=10
            ),
            "max_offer": Param(
                5,
                "the most counters an offer may be (the book sets no cap; ASSUMPTION)",
                low=1,
                high=MAX_OFFER_CAP,
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
        no_tiny="The deal alone of the smallest pack that deals two players (eight cards) has "
        "40,320 orders.",
        reference="liars_dice",
        check=_check,
        summary="Market game: three cards each face down and unseen; the best trump shown is "
        "sold and resold among the players, and its holder at the end takes the pool.",
    )
)
