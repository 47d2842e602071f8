"""Vint, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "VINT").

"Bridge without a Dummy", or "auction whist": the trump is made by bidding, as at Bridge, and
the hand is played as at Whist. Where the book is silent a gap is filled by an ASSUMPTION
below, and where two readings are reasonable the other one is a parameter. Trick play (follow
suit, the winner of a trick) is the shared trick core's (:mod:`hoyle.envs.core.tricks`); the
deal, the event log and the determinizer are the core's too.

The game (the book's rules)
---------------------------
Four players, partners sitting opposite (players 0 and 2 against 1 and 3 in the first rubber;
the partners change after each rubber, assumption 6), the full pack of 52
cards ranking A K Q down to the deuce. Thirteen cards each are dealt **one at a time**; no trump
is turned; the deal passes to the left.

*Making the trump.* Each player in turn, **beginning with the dealer**, bids to make a number of
tricks, from seven to thirteen, with a suit of his own choosing or No-trumps, or passes. A bid
of seven tricks is called "one" (in hearts, or whatever the suit), of eight "two", up to "seven"
for thirteen. The denominations rank **No-trumps, hearts, diamonds, clubs, spades**. To go over
a bid a player must bid the same number of tricks in a better denomination, or more tricks.
**No player can increase his own bid unless he is overbid in the interval**, but there is no
limit to the number of times players may outbid one another. The highest bidder must play
exactly that contract, tricks and denomination.

*The play.* Whoever dealt, the player **on the left of the highest bidder leads** the first
trick. Each player must follow suit if he can; the highest card of the suit led wins, trumps
winning all other suits; the winner of a trick leads the next. **There is no Dummy**: all four
hands are played by their holders.

*Tricks (below the line).* Every trick taken counts, **for both sides**, at 10 × the level of
the final bid ("one" 10, "two" 20, ... "seven" 70), whatever the denomination. Only trick points
count toward game. **Game is 500**: as soon as either side reaches 500 it has won the game, even
in the middle of a hand (so the bidder's adversaries may win the game first); the hand is still
played out.

*The honour column (above the line).* A game won: 1,000. The rubber (the first side to win two
games): 2,000. A failed contract: for each trick the bidder's side falls short, the adversaries
score 100 × the trick value (the tricks actually won by both sides still score below the line).
Slams:

============================================  ======
result                                        points
============================================  ======
little slam (12 tricks) made, not bid         1,000
little slam bid ("six") and made              6,000
grand slam (13 tricks) made, not bid          2,000
little slam bid, grand slam made              7,000
grand slam bid ("seven") and made             12,000
============================================  ======

*Honours.* With a trump suit they are the A K Q J 10 of trumps and the four Aces (the Ace of
trumps counts twice), each worth 10 × the trick value. The side with the majority of both
(three of the five honours, three of the Aces) scores all it holds, not the difference; if each
side has one majority they offset: the larger of the two counts scores the difference (equal:
nothing). If the Aces are two and two, the side that wins the most tricks has their majority.
At No-trumps the four Aces are the only honours, each worth 25 × the trick value: "easy" (two
and two) nobody scores; a side with three or four scores all of them.

*Coronets* (scored by the side of the player holding them): three or four Aces in one hand, or a
sequence of three or more cards of one suit in one hand. With a trump suit three Aces, or a
sequence of three in a plain suit, are worth 500 and each further card 500 more (K Q J 10 9:
1,500); a sequence in the trump suit, and every sequence at No-trumps, is worth double.

Honours, coronets, slams and penalties never count toward game. After a rubber the partners
change without cutting, so that in three rubbers each player has each other for a partner, and
each individual's gains and losses are settled.

ASSUMPTIONS (where the book is silent, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Seating and the cut*: the cut for deal (lowest deals) is not played; ``dealer`` is a
   parameter (default 3, so that player 0 receives the first card; the dealer bids first).
2. *The end of the auction*: it ends when three players in succession pass after a bid; a pass
   does not bar a later bid. The turn then comes back to the holder of the highest bid only
   after three passes, which close the auction, so the rule against raising one's own bid never
   binds in play; the legal calls enforce it all the same (the holder of the highest bid may
   only pass).
3. *Four passes, no bid*: the deal is void. In a one-deal game the episode ends with every
   return 0; in a rubber the deal passes to the left.
4. *A game won in the middle of a hand*: trick points are credited trick by trick; the side
   that first reaches 500 wins the game (and its 1,000) even if the other side reaches it later
   in the same hand. The rest of the hand's tricks are still scored, for both sides, to the
   finished game's column: they count in the grand totals but not toward the next game, which
   starts from love with the next hand. So a hand wins at most one game.
5. *Slams*: an unbid slam's bonus goes to whichever side takes the twelve or thirteen tricks
   (the adversaries too); a grand slam bid that takes only twelve tricks is a failed contract and
   also earns the 1,000 of an unbid little slam.
6. *The rubber* (``rubber=true``): deals are played until a side has won two games; after the
   hand in which it wins the second, the rubber's 2,000 are added. The return of each player is
   his side's grand total (above and below the line, every deal) less the other side's. No rule
   of the book bounds the number of void deals, so a rubber is bounded at ``max_deals`` deals
   (void deals included; a rubber with no void deal always ends within 24); one not finished
   by then is scored as it stands, without the rubber bonus.
   *The three rubbers* (``rubber=true, rubbers=3``): "the partners then change, without
   cutting, in such a manner that at the end of three rubbers each player shall have had each
   of the others for a partner". The book does not say who moves: here two neighbours exchange
   chairs after each rubber (players 1 and 2 after the first, 1 and 3 after the second), so
   the players sit, each on the left of the one before, 0 1 2 3 (0 and 2 against 1 and 3),
   then 0 2 1 3 (0 and 1 against 2 and 3), then 0 2 3 1 (0 and 3 against 1 and 2); partners
   always sit opposite, and who deals, bids and leads next, and who is on whose left, follow
   the new seating. The deal goes on round the table from chair to chair: the first hand of the
   second and third rubber is dealt by whoever now sits in the chair on the left of the chair of
   the previous rubber's last dealer (``new_rubber_dealer=chair``); the other reading, that it
   passes from person to person, to the player on the last dealer's left in the new seating, is
   ``new_rubber_dealer=player``. Each rubber is bounded at ``max_deals`` deals as above and
   starts from love (no games, nothing below or above the line). "At the end of the third
   rubber, the losses and gains are ascertained for each individual": in each rubber each
   player wins his side's grand total less the other side's (each member of the losing side
   pays the difference to one member of the winning side), and his return is the sum over the
   three rubbers. The game stays zero-sum, but partners of one rubber are opponents in another,
   so their returns differ: the episode has no fixed sides (the registry declares none, and a
   match seats one agent a player).
7. *Coronets at No-trumps*: the text doubles "all the suits" at No-trumps; whether an Aces
   coronet is doubled there too is unclear. Parameter ``aces_doubled_at_no_trumps`` (default
   true: doubled). A card may count both in an Aces coronet and in a sequence (the book names
   both kinds without excluding either), and a suit may hold two separate sequences; each run of
   three or more consecutive ranks (A high, no wrap round) is one coronet.
8. *Honours and coronets are held, not played*: they are scored from the hands as dealt, at the
   end of the hand (when every card has been seen), for whichever side holds them, the bidder's
   or not; the Ace majority with Aces two and two is decided by the tricks of that hand.
9. *One deal* (the default): the return of each player is his side's points of the deal (below
   and above the line: tricks, a game reached in the deal, honours, coronets, slams, penalties)
   less the other side's, so partners get equal returns and the game is zero-sum. One unit is one
   point of the book's score.
10. *Irregularities*: the book refers them to the laws of Bridge. An environment that offers
    only legal actions meets no revoke, exposed card or lead out of turn, so none is played.

Parameters
----------
============================  =======  ============================================================
name                          default  meaning
============================  =======  ============================================================
``dealer``                    3        the (first) dealer; he bids first, his left gets the first card
``rubber``                    false    play the rubber, first side to two games (assumption 6)
``max_deals``                 40       the bound on a rubber's deals (``rubber=true``; assumption 6)
``rubbers``                   1        1, or 3: three rubbers, partners changing, settled for each
                                       player alone (needs ``rubber=true``; assumption 6)
``new_rubber_dealer``         chair    who deals a new rubber: the chair on the left of the last
                                       dealer's, or the ``player`` on his left now (assumption 6)
``aces_doubled_at_no_trumps`` true     an Aces coronet is doubled at No-trumps (assumption 7)
============================  =======  ============================================================

Actions
-------
=========================  =======  ===========================================================
action                     ids      meaning (``action_to_string``)
=========================  =======  ===========================================================
card ids                   0-51     "lead ♠A" / "play ♠A" (chance: "deal ♠A to player 1")
``PASS_ACTION``            52       "pass"
``BID_ACTION_BASE + i``    53-87    "bid two in diamonds", "bid seven at no-trumps":
                                    ``i = 5 × (level − 1) + denomination`` (♠ 0, ♣ 1, ♦ 2, ♥ 3,
                                    No-trumps 4), so a higher ``i`` is a higher bid
=========================  =======  ===========================================================

``NUM_DISTINCT_ACTIONS`` = 88. Chance outcomes are card ids (``max_chance_outcomes`` = 52): every
card is dealt by its own chance node, uniformly among the cards not yet dealt, one at a time from
the dealer's left.

Bounds
------
*Game length.* An auction has at most 109 calls (three passes before the first bid, the 35 bids
of the ladder with two passes between each two, three passes to close); then 52 plays: 161
decisions and 52 chance nodes a deal, ``max_deals`` times that in a rubber, ``3 × max_deals``
times that in three rubbers.

*Returns.* One side's points in one deal are at most 123,910: all thirteen tricks at seven
(910), a game (1,000), the penalty of a grand slam bid without a trick (13 × 7,000) with the
unbid grand slam (2,000), four Aces at seven No-trumps (7,000) and two hands of coronets, each at
most one sequence of thirteen, doubled (2 × 11,000) (:func:`~.rules.max_deal_score`: the sum of
each part's largest value, not a score any deal reaches). Since the other side scores nothing
negative, a return lies within ±123,910 for one deal, and within ±R = ±(``max_deals`` ×
123,910 + 2,000) for a rubber, each side's grand total lying within [0, R]. In three rubbers a
player's return is the sum of three rubbers' settlements, each within ±R: within ±3R.

Observation tensor (players counted from the viewer by number: ``(q − me) mod 4``, which in the
first rubber is 0 = me, then to my left; sides: 0 = mine)
---------------------------------------------------------------------------------------------
================  ==============  ============================================================
piece             shape           meaning
================  ==============  ============================================================
``hand``          (52,)           my cards
``played``        (52,)           the cards of this deal's completed tricks
``trick``         (4, 52)         the current trick's cards, by seat
``leader``        (4,)            who led (leads) the current trick
``won``           (4, 14)         tricks won this deal by each seat (one-hot 0-13)
``phase``         (4,)            deal, auction, play, over
``to_move``       (4,)            who is to act
``dealer``        (4,)            the dealer
``high_bid``      (36,)           the highest bid, the contract in the play (index 0: none;
                                  ``1 + i`` bid ``i``)
``bidder``        (4,)            its bidder
``passes``        (5,)            passes since the last bid (or the start), one-hot 0-4
``voids``         (4, 4)          suits a seat is known to lack (it did not follow)
``game_in_hand``  (2,)            the side that won a game in this hand
``games``         (2, 3)          games won in the rubber by each side, one-hot 0-2
``below``         (2,)            each side's points below the line in the game / 500
``score``         (2,)            each side's grand total this rubber / the bound on it (R)
``deal_score``    (2,)            each side's points this deal / 123,910
``deal_no``       (1,)            deals finished this rubber / ``max_deals``
``rubber``        (3,)            ``rubbers=3`` only: the rubber being played
``seating``       (4, 4)          ``rubbers=3`` only: row ``k``, the player ``k`` places on my
                                  left (0 me, 2 my partner, opposite); column, that player
``settled``       (4,)            ``rubbers=3`` only: each player's settlement of the rubbers
                                  finished, ``s``, as (s + 3R) / 6R (0.5: even)
``events``        (E, 5 + 5 + 53) perfect recall only: every event seen, in order (the core's
                                  event log, :data:`~.rules.EVENT_KINDS`: a deal's marker, a
                                  card dealt, a pass, a bid, a card played): the kind, the actor
                                  counted from me (last: none) and the value (a card, or a bid's
                                  ladder index; last: a card dealt to another seat, unseen);
                                  E = 214 × ``max_deals`` (× 3 in three rubbers)
================  ==============  ============================================================

What is seen: each player his own hand; every call; every card played, and by whom; what the
table infers (the suits a seat did not follow); the score; in three rubbers, the rubber, the
seating and each player's settlement so far. The honours and coronets are scored
only when every card has been played.

The package
-----------
:mod:`~hoyle.envs.games.vint.rules` (the constants, the scoring functions, the state and the
rules of play, ``VintPlay``), :mod:`~hoyle.envs.games.vint.determinizer` (what a player has not
located and what the table knows of it), :mod:`~hoyle.envs.games.vint.view` (the player's view,
its tensor, text and table, and ``VintRules``, the three together); this module registers the
game and re-exports their names.
"""

from __future__ import annotations

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
from hoyle.envs.games.vint.determinizer import VintDeterminizer
from hoyle.envs.games.vint.rules import (
    ACES,
    AUCTION,
    BID_ACTION_BASE,
    BID_SLAM,
    BIDS,
    BOOK,
    CLUBS_BID,
    CORONET_UNIT,
    DEAL,
    DEALT,
    DENOMINATION_NAMES,
    DENOMINATION_SUITS,
    DIAMONDS_BID,
    EVENT_KINDS,
    GAME_BONUS,
    GAME_POINTS,
    HAND_SIZE,
    HEARTS_BID,
    LEVEL_NAMES,
    NEW_DEAL,
    NO_TRUMPS,
    NUM_BIDS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_DISTINCT_ACTIONS,
    NUM_LEVELS,
    NUM_PLAYERS,
    NUM_RUBBERS,
    OVER,
    PASS_ACTION,
    PASSES,
    PHASE_NAMES,
    PLAY,
    PLAYS,
    RUBBER_BONUS,
    SEATINGS,
    SPADES_BID,
    TRICKS,
    UNBID_SLAM,
    VintPlay,
    VintState,
    action_words,
    bid_index,
    bid_of,
    bid_words,
    coronets,
    credit_trick,
    hand_bonuses,
    honour_scores,
    honour_value,
    honours_won,
    max_deal_score,
    penalty,
    sequences,
    slam_bonus,
    trick_scores,
    trick_value,
    tricks_needed,
    vint_tricks,
)
from hoyle.envs.games.vint.view import VintRules, VintView

__all__ = [
    "ACES",
    "AUCTION",
    "BIDS",
    "BID_ACTION_BASE",
    "BID_SLAM",
    "BOOK",
    "CLUBS_BID",
    "CORONET_UNIT",
    "DEAL",
    "DEALT",
    "DENOMINATION_NAMES",
    "DENOMINATION_SUITS",
    "DIAMONDS_BID",
    "EVENT_KINDS",
    "GAME",
    "GAME_BONUS",
    "GAME_POINTS",
    "HAND_SIZE",
    "HEARTS_BID",
    "LEVEL_NAMES",
    "NEW_DEAL",
    "NO_TRUMPS",
    "NUM_BIDS",
    "NUM_CARD_ACTIONS",
    "NUM_DENOMINATIONS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_LEVELS",
    "NUM_PLAYERS",
    "NUM_RUBBERS",
    "OVER",
    "PASSES",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "PLAYS",
    "RUBBER_BONUS",
    "SEATINGS",
    "SHORT_THREE_RUBBERS",
    "SPADES_BID",
    "TRICKS",
    "UNBID_SLAM",
    "VintDeterminizer",
    "VintPlay",
    "VintRules",
    "VintState",
    "VintView",
    "action_words",
    "bid_index",
    "bid_of",
    "bid_words",
    "check_params",
    "coronets",
    "credit_trick",
    "hand_bonuses",
    "honour_scores",
    "honour_value",
    "honours_won",
    "make_rules",
    "max_deal_score",
    "partnerships",
    "penalty",
    "sequences",
    "slam_bonus",
    "trick_scores",
    "trick_value",
    "tricks_needed",
    "vint_tricks",
]


def make_rules(params: Mapping[str, ParamValue]) -> VintRules:
    return VintRules(params)


SHORT_RUBBER: dict[str, ParamValue] = {"rubber": True, "max_deals": 4}
"""The rubber bounded at four deals: the variant the conformance suite plays (random players
often finish a rubber in four deals, and sometimes not), so that its information state, which
holds every deal's events, stays small; the real rubber is ``rubber=true``."""

SHORT_THREE_RUBBERS: dict[str, ParamValue] = {"rubber": True, "rubbers": 3, "max_deals": 2}
"""The three rubbers with changing partners, each bounded at two deals: the variant the
conformance suite plays (at most six deals, so that the information state stays small; random
players sometimes win a rubber in two deals, so both ends of a rubber are met); the real match
is ``rubber=true,rubbers=3``."""


def check_params(params: Mapping[str, ParamValue]) -> str | None:
    """Three rubbers are three rubbers: ``rubbers=3`` needs ``rubber=true``."""
    if params["rubbers"] != 1 and not params["rubber"]:
        return f"vint: rubbers={params['rubbers']} needs rubber=true (one deal is not a rubber)"
    return None


def partnerships(params: Mapping[str, ParamValue]) -> Sides | None:
    """The partnerships over the episode: players 0 and 2 against 1 and 3 for one deal or one
    rubber; none over three rubbers, where the partners change and each player is settled for
    alone (a match seats one agent a player)."""
    return None if params["rubber"] and params["rubbers"] != 1 else PARTNERS_OPPOSITE


GAME = register(
    GameSpec(
        short_name="vint",
        title="Vint",
        book=FOSTER,
        section="VINT",
        make_rules=make_rules,
        params={
            "dealer": Param(
                3, "the (first) dealer, who bids first; his left gets the first card", (0, 1, 2, 3)
            ),
            "rubber": Param(False, "play the rubber, to two games (False: one deal)"),
            "max_deals": Param(
                40,
                "the bound on a rubber's deals, void deals included (ASSUMPTION)",
                low=1,
                high=1_000,
            ),
            "rubbers": Param(
                1,
                "rubbers played (3: the partners change after each, each player settled for "
                "alone; needs rubber=true)",
                (1, 3),
            ),
            "new_rubber_dealer": Param(
                "chair",
                "who deals the first hand of the second and third rubber: chair, whoever sits on "
                "the left of the last dealer's chair; player, the player now on his left "
                "(ASSUMPTION)",
                ("chair", "player"),
            ),
            "aces_doubled_at_no_trumps": Param(
                True, "an Aces coronet is doubled at No-trumps, as sequences are (ASSUMPTION)"
            ),
        },
        min_players=4,
        max_players=4,
        variants={"short_rubber": SHORT_RUBBER, "short_three_rubbers": SHORT_THREE_RUBBERS},
        no_tiny="The full pack is the game (thirteen tricks each, bids of seven to thirteen "
        "tricks, honours A K Q J 10 and four Aces): no reduced pack keeps its rules, and the 52 "
        "cards dealt one at a time give 52! ≈ 8.1e+67 orders.",
        reference="bridge(use_double_dummy_result=False)",
        sides=partnerships,
        check=check_params,
        summary="Russian auction whist: bid for the trump, no Dummy, honours and coronets.",
    )
)
