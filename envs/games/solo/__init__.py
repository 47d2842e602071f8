"""Solo, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "SOLO", in "Odd Games").

The rules follow RULES.md §6.1-§6.5 and the book's own words (``shared/seeds``, "SOLO."); where
the book is silent the gap is filled by an ASSUMPTION below, and where two readings are
reasonable the other one is a parameter. Heart Solo (§6.6) is the same machinery on a smaller
pack: :mod:`hoyle.envs.games.heart_solo` builds :class:`SoloRules` with ``heart=True``.

The game
--------
Four players, a 32-card pack (A K Q J 10 9 8 7). Whatever the trump suit, the club Queen
(*Spadilla*) is the best trump, the Seven of trumps (*Manilla*) the second, the spade Queen
(*Basta*) the third, then A K (Q) J 10 9 8 of the trump suit (:func:`solo_tricks`). Clubs is
*colour*: a game with clubs trumps is worth double. Eight cards each are dealt 3-2-3, starting
with the eldest hand.

The players bid for the right to name trumps, eldest first. The winner announces a game worth at
least his bid:

=====================  ========  ==========  ==============================================
game                   in suit   in colour   goal
=====================  ========  ==========  ==============================================
Simple game            2         4           5 tricks with the holder of a called Ace
Solo (also Forcée)     4         8           5 tricks alone
Tout                   16        32          all 8 tricks, alone or with a called Ace
=====================  ========  ==========  ==============================================

For a Simple game (or a Tout with a partner) he names trumps and calls for an Ace: its holder is
his partner, unknown to everyone (the bidder included) until the Ace falls, but he helps from
the first card. Calling an Ace he holds himself, he plays alone, unknown to the others.
*Forcée*: if nobody bids and a player holds both Spadilla and Basta, he must play a Solo or call
for an Ace; if he calls, the holder of the Ace names trumps (not the Ace's suit); it is worth
a Solo. Eldest hand leads; follow suit if able (trumps include the three Matadors), otherwise
any card. The hand is abandoned as soon as the bidder's side has five tricks, unless (not in a
Tout) he goes on, when he must take all eight or lose the value of a Tout. A lone player wins
from or loses to each of his three adversaries the value of the game; two partners receive
from (or pay to) one adversary each.

Returns: the counters won or lost in one deal (one unit = one counter); zero-sum.

ASSUMPTIONS (RULES.md §6 and Appendix B.6, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Bidding* (§6.3): a bid is one of the values 2, 4, 8, 16, 32 and must be higher than the last;
   a player who passes is out; the auction ends when all but one have passed
   (``tricks.Auction``). The winner then announces a game (kind and trump suit) worth at least
   his bid; the game value, not the bid, is paid.
2. *The called Ace* (§6.3): only an Ace of a suit other than trumps may be called.
3. *Nobody bids* (§6.3): without a Forcée (nobody holds both black Queens) the deal is thrown in:
   the episode ends with no payment. With ``forcee=False`` the deal is always thrown in.
   In a Forcée the forced player is announced (his two Queens are then public), and when he
   calls an Ace the partner is public too, since the holder names trumps aloud.
4. *Going on* (§6.4, ``go_on``): the bidder may go on only when his side has taken the first
   five tricks and he knows that it has (he plays alone, or the called Ace has fallen, or the
   partner named trumps in a Forcée); if he goes on and takes all eight he wins the Tout value
   (16, 32 in colour), else he loses it. When the bidder's side has five tricks but he cannot
   know it (his partner is still hidden), the hand simply stops: it is won.
5. *Hopeless hands* (§6.4): the hand also stops as soon as the bidder's side can no longer take
   its target (four tricks to the adversaries, or one in a Tout or after going on): it is lost.
6. *Seating*: the first dealer is a parameter (the throw for the first club is not played).
7. *Calling one's own Ace* (§6.3 "he of course plays without a partner"): the bidder is then a
   lone player and wins from or loses to each adversary the value of the game he announced
   (a Simple game's 2 from each of three); a Forcée is paid as a Solo, alone or, after a call,
   by each partner from one adversary.
8. *No small pack*: Solo's rules (Spadilla, Manilla, Basta, five tricks of eight) do not survive
   a reduced pack, so ``small_config`` is the full game without Forcée and going on (fewer
   branches, the same deal).

Parameters
----------
=============  =========  ==================================================================
name           default    meaning
=============  =========  ==================================================================
``dealer``     3          the dealer (his left, seat ``dealer + 1``, is the eldest hand)
``colour``     ``clubs``  the colour suit, whose games are worth double (§6.1 "usually clubs")
``forcee``     True       play a Forcée when nobody bids (False: always throw the deal in)
``go_on``      True       the bidder may go on for all eight tricks after five (ASSUMPTION 4)
=============  =========  ==================================================================

Actions
-------
========================  ==========================================================
``0 .. 51``               play the card with that id (``cards.card``)
``PASS_ACTION``           pass in the auction
``BID_ACTION_BASE + i``   bid ``BID_VALUES[i]`` (2, 4, 8, 16, 32)
``ANNOUNCE_ACTION_BASE``  ``+ 4 * kind + suit``: announce game ``kind`` (``SIMPLE``, ``SOLO``,
                          ``TOUT``, ``TOUT_PARTNER``) with ``suit`` trumps (also the Forcée
                          player's Solo)
``CALL_ACTION_BASE + s``  call for the Ace of suit ``s``
``TRUMP_ACTION_BASE + s`` (Forcée) the holder of the called Ace names suit ``s`` trumps
``GO_ON_ACTION``          go on for all eight tricks
``STOP_ACTION``           abandon the hand with five tricks
========================  ==========================================================

Observation tensor (pack-indexed cards; ``n`` = pack size, ``P`` = players, seats relative to
the viewer: 0 = me, then to my left)
--------------------------------------------------------------------------------------------
================  ==============  ============================================================
piece             shape           meaning
================  ==============  ============================================================
``hand``          (n,)            my cards
``played``        (n,)            cards in completed tricks
``trick``         (P, n)          the current trick's cards, by seat
``won``           (P, 9)          tricks won by each seat (one-hot 0-8)
``phase``         (9,)            the phase
``to_move``       (P,)            who is to act
``dealer``        (P,)            the dealer
``in_auction``    (P,)            seats that have not passed
``high_bid``      (6,)            the highest bid (index 0: none)
``bidder``        (P,)            the bidder (the auction's highest bidder so far)
``forced``        (P,)            the Forcée player
``kind``          (5,)            the announced game kind (index 4: no bidder's game)
``trump``         (4,)            the trump suit
``called``        (4,)            the suit of the called Ace
``partner``       (P,)            the holder of the called Ace, once the viewer knows him
``flags``         (2,)            the called Ace has fallen; the bidder went on
``voids``         (P, 4)          suits a seat is known to lack (it did not follow)
``events``        (E, K + P + 53) perfect recall only: every event seen, in order
                                  (``SoloRules.event_schema``, ``hoyle.envs.core.events``): the
                                  kind (``EVENT_KINDS``), the actor counted from me (last: none)
                                  and the value (a card, a bid, a suit; last: a card dealt to
                                  another seat, unseen)
================  ==============  ============================================================

Game length: the auction has at most ``len(ladder) + P`` calls (each call raises or leaves), then
an announcement, a call or a naming, a go-on decision, and one play per card: the bound
``max_game_length`` is their sum. Every card is dealt by its own chance node, in the order of
``SoloRules.deal_plan`` (3-2-3 round the table from the eldest hand).

The package
-----------
:mod:`~hoyle.envs.games.solo.rules` (the constants, the state and the rules of play,
``SoloPlay``), :mod:`~hoyle.envs.games.solo.determinizer` (what a player has not located and
what the table knows of it, ``SoloDeterminizer``), :mod:`~hoyle.envs.games.solo.view` (the
player's view, its tensor, text and table, and ``SoloRules``, the three together); this module
registers the game and re-exports their names.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import SUIT_NAMES
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.solo.determinizer import SoloDeterminizer
from hoyle.envs.games.solo.rules import (
    ANNOUNCE,
    ANNOUNCE_ACTION_BASE,
    ANNOUNCES,
    AUCTION,
    BASTA,
    BID_ACTION_BASE,
    BID_VALUES,
    BIDS,
    BLACK_QUEENS,
    CALL,
    CALL_ACTION_BASE,
    CALLS,
    DEAL,
    DEALT,
    EVENT_KINDS,
    FORCED,
    FORCEE,
    GO_ON,
    GO_ON_ACTION,
    GOES_ON,
    HAND_SIZE,
    KIND_NAMES,
    KIND_VALUES,
    NAME_TRUMP,
    NAMES,
    NO_GAME,
    NUM_CARD_ACTIONS,
    NUM_DISTINCT_ACTIONS,
    NUM_KINDS,
    NUM_PHASES,
    OVER,
    PACKETS,
    PASS_ACTION,
    PASSES,
    PHASE_NAMES,
    PLAY,
    PLAYS,
    SIMPLE,
    SOLO,
    SPADILLA,
    STOP_ACTION,
    STOPS,
    TARGET,
    TOUT,
    TOUT_PARTNER,
    TRICKS,
    TRUMP_ACTION_BASE,
    SoloPlay,
    SoloState,
    cards_bits,
    decode_announce,
    encode_announce,
    game_value,
    played_cards,
    solo_tricks,
)
from hoyle.envs.games.solo.view import SoloRules, SoloView

__all__ = [
    "ANNOUNCE",
    "ANNOUNCES",
    "ANNOUNCE_ACTION_BASE",
    "AUCTION",
    "BASTA",
    "BIDS",
    "BID_ACTION_BASE",
    "BID_VALUES",
    "BLACK_QUEENS",
    "CALL",
    "CALLS",
    "CALL_ACTION_BASE",
    "DEAL",
    "DEALT",
    "EVENT_KINDS",
    "FORCED",
    "FORCEE",
    "GAME",
    "GOES_ON",
    "GO_ON",
    "GO_ON_ACTION",
    "HAND_SIZE",
    "KIND_NAMES",
    "KIND_VALUES",
    "NAMES",
    "NAME_TRUMP",
    "NO_GAME",
    "NUM_CARD_ACTIONS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_KINDS",
    "NUM_PHASES",
    "OVER",
    "PACKETS",
    "PASSES",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "PLAYS",
    "SIMPLE",
    "SOLO",
    "SPADILLA",
    "STOPS",
    "STOP_ACTION",
    "TARGET",
    "TOUT",
    "TOUT_PARTNER",
    "TRICKS",
    "TRUMP_ACTION_BASE",
    "SoloDeterminizer",
    "SoloPlay",
    "SoloRules",
    "SoloState",
    "SoloView",
    "cards_bits",
    "decode_announce",
    "encode_announce",
    "game_value",
    "make_rules",
    "played_cards",
    "solo_tricks",
]


def make_rules(params: Mapping[str, ParamValue]) -> SoloRules:
    return SoloRules(params)


GAME = register(
    GameSpec(
        short_name="solo",
        title="Solo",
        book=FOSTER,
        section="SOLO (Odd Games)",
        make_rules=make_rules,
        params={
            "dealer": Param(3, "the dealer; the seat on his left is the eldest hand", (0, 1, 2, 3)),
            "colour": Param(
                "clubs", "the colour suit, whose games are worth double", tuple(SUIT_NAMES)
            ),
            "forcee": Param(
                True, "play a Forcée when nobody bids (False: throw the deal in) (ASSUMPTION)"
            ),
            "go_on": Param(
                True, "the bidder may go on for all eight tricks after five (ASSUMPTION)"
            ),
        },
        min_players=4,
        max_players=4,
        variants={"no_forcee": {"forcee": False}},
        small_config={"go_on": False, "forcee": False},
        no_tiny="The 32 cards are the game (Spadilla, Manilla and Basta, five tricks of eight: "
        "no reduced pack, assumption 8), dealt one at a time: 32! ≈ 2.6e+35 orders.",
        reference="euchre",
        summary="German Ombre: bid for trumps, play alone or with a hidden partner (a called Ace).",
    )
)
