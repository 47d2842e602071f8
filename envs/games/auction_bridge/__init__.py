"""Auction Bridge, as Ernest Bergholt gives it in Hoffmann's *Hoyle's Games Modernized* (1909),
"AUCTION BRIDGE" (Laws 50-108, "Hints to Players", "General Remarks").

Bridge in which the trump declaration is put up to auction: each player in turn may declare a
number of odd tricks in a suit or at No-trumps, overcall, double or redouble; the player of the
final declaration (the declarer) plays his own hand and his partner's, laid face upwards on the
table as dummy as soon as the first card is led. The excerpt prints Laws 50-108 (many "as in
Bridge"); Laws 1-49 (the rubber, the count, cutting and dealing) and the Bridge laws it refers
to are not in it. Where the book is silent a gap is filled by an ASSUMPTION below, from the
Bridge laws of the same book where the text points to them, and where two readings are
reasonable the other one is a parameter. Trick play (follow suit, the winner of a trick) is the
shared trick core's (:mod:`hoyle.envs.core.tricks`); the deal, the event log and the
determinizer are the core's too; the ladder of declarations and the trick tables of the five
denominations are Vint's (:mod:`hoyle.envs.games.vint`).

The game (the book's rules)
---------------------------
Four players, partners sitting opposite (players 0 and 2 against 1 and 3), the full pack of 52
cards ranking A K Q down to the deuce. Thirteen cards each, dealt one at a time; no trump is
turned; the deal passes to the left.

*The auction.* Beginning with the dealer, each player in turn declares a number of odd tricks
(one to seven, over the book of six) in a suit or at No-trumps, or passes, doubles or
redoubles. A declaration's value is its odd tricks × the trick value of its denomination
(below); to overcall, a declaration must be of higher value: "Two Diamonds" (12) still
overcalls "One No Trump" (12), even doubled, for doubling affects the score only, never the
value in declaring (Law 55). Any declaration can be doubled (by an adversary of its maker) and
redoubled (by the side that made it) once, not more; a player cannot double his partner's call
nor redouble his partner's double (Law 56). Doubling re-opens the bidding: any player, the
maker and his partner included, may then make a higher declaration (Law 57), which cancels the
double. A declaration once made cannot be altered unless it has been overcalled or doubled
(Law 61). When all the players have expressed themselves satisfied (three pass in succession
after the last declaration, double or redouble) the play begins, and the player on the left of
the declarer leads (Law 60).

*The play.* As soon as a card is led, the declarer's partner places his cards face upwards on
the table (Law 62): he is dummy, and the declarer plays both hands. Each player must follow
suit if he can; the highest card of the suit led wins, trumps winning all other suits; the
winner of a trick leads the next.

*The score.* The trick values (per odd trick): No-trumps 12, hearts 8, diamonds 6, clubs 4,
spades 2. A declarer who wins the number of tricks declared, or more, scores below the line
the full value of the odd tricks won (Law 50), twice that doubled, four times redoubled; if
the contract was doubled he scores above the line a bonus of 50, and 50 for every trick over,
both doubled when redoubled (Law 58). When he fails, his adversaries score above the line 50
for each under-trick (trick short of the declaration), 100 doubled, 200 redoubled, and nobody
scores below the line for that hand (Law 50); the loss on "One Spade" is limited to 100 in
respect of tricks, doubled or not (Law 51). Thirty points below the line win a game; the
rubber (the best of three games) is worth 250 to its winners ("the 250 points for the
rubber"). Honours, chicane and slams are scored above the line (below).

ASSUMPTIONS (where the book is silent, and where this module had to choose)
-------------------------------------------------------------------------------
1. *Seating and the cut* (outside the excerpt): the cut for partners and deal is not played;
   ``dealer`` is a parameter (default 3, so that player 0 receives the first card).
2. *The dealer must declare* (he may not pass before the first declaration), as the One-Spade
   convention's "nominal" call and Law 51 imply; so no deal is passed out.
3. *Equal values*: a declaration overcalls another of equal value when it is for more tricks
   (the excerpt gives only Law 55's example, "Two Diamonds" over "One No Trump").
4. *Law 61*: the maker of the highest declaration, while it stands undoubled, may not declare
   again. With three passes closing the auction the turn comes back to him undoubled only
   when it is over, so in play it never binds; the legal calls enforce it all the same.
5. *The trick values* (Laws 2 and 4, outside the excerpt, to which Law 50 refers): the Bridge
   values of this book, 12/8/6/4/2, which the hints' own numbers bear out ("16 for honours" at
   Three Hearts, "30 Aces"). Parameter ``count=american``: the later American count 10 (No-
   trumps), 8, 7, 6, 2 (hearts, diamonds, clubs, spades).
6. *Doubled tricks*: doubling doubles, and redoubling quadruples, the value of the tricks below
   the line, as in Bridge (Law 50 says "the full value", Law 55 that doubling "affects the
   score"); the Law 51 limit holds redoubled too.
7. *Honours and chicane* (the Bridge table of this book, above the line, never doubled, scored
   from the hands as dealt whatever the result of the contract). With trumps, the honours are
   A K Q J 10 of trumps, in multiples of the trick value ``t``: three between partners 2t, four
   4t, five 5t; four in one hand 8t, with the fifth in partner's 9t; five in one hand 10t. At
   No-trumps the four Aces: three 30, four 40, four in one hand 100. Chicane (a hand without a
   trump) is worth simple honours (2t), double chicane (both partners) four honours (4t). The
   book adds chicane to its side or deducts it from the adversaries' honours; here the two
   sides' amounts are set against each other and the side ahead scores the difference, which
   leaves the difference between the sides the same.
8. *Slams* (Bridge): a side that takes twelve tricks scores 20 (little slam), thirteen 40
   (grand slam), above the line, whatever the contract and whoever declared.
9. *The declarer* is "the player of the two hands" (Law 50): the player who made the final
   declaration. Parameter ``declarer=first_named``: the partner who first named its
   denomination (the later rule).
10. *The rubber* (``rubber=true``): deals are played until a side has won two games; 30 below
    the line win a game, after which both sides start again from love; a game has no bonus of
    its own. The rubber's 250 go to its winners. No rule bounds a rubber's length (One Spade
    made scores 2), so it is bounded at ``max_deals`` deals; one not finished by then is scored
    as it stands, without the 250. The return of each player is his side's grand total
    (above and below the line, every deal) less the other side's.
11. *One deal* (the default): the return of each player is his side's points of the deal
    (below and above the line: tricks, bonus, under-tricks, honours, chicane, slams) less the
    other side's: partners equal, zero-sum. One unit is one point of the book's score. The game
    a deal may win has no bonus, so a one-deal score does not count it.
12. *What is seen*: every call is public and remembered (Law 54 forbids reminding a partner of
    the calls after the auction; a player's information state holds what he heard). Dummy's
    thirteen cards are shown to everyone right after the opening lead (the event "lays down");
    before it nobody but dummy sees them. The declarer chooses dummy's cards (OpenSpiel's
    current player is the declarer while dummy's seat is to play); dummy himself never acts in
    the play.
13. *Irregularities* (Laws 52, 53, 59, 70, 71 and the Bridge laws they refer to): an
    environment that offers only legal actions meets no exposed card, insufficient declaration,
    or call or lead out of turn, so none is played. The revoke of Law 90 is an optional rule
    (``revoke=true``, assumption 14), and so are a lead out of turn (``lead_out_of_turn=true``,
    assumption 15) and a call out of turn (``call_out_of_turn=true``, assumption 16); by
    default a player must follow suit and calls and leads only in turn.
14. *The revoke* (``revoke=true``, default false): every card of a player's hand is a legal
    play, so a player may renounce holding a card of the suit led (a revoke); dummy's cards,
    face upwards, always follow suit. A revoke is not seen when it is made (the table sees only
    that the seat did not follow, so the determinizer no longer takes a renounce as a void);
    when the last trick is turned every revoke of the hand comes to light ("player 1 revoked",
    an event seen by all), and the penalty is settled as Law 90 says: each revoke of the
    declarer gives the adversaries 150 above the line, besides any failure of his contract;
    for each revoke of an adversary the declarer chooses (a decision, action "take 150 above
    the line" or "take three tricks") 150 above the line or three tricks from the adversaries
    (at most the tricks they have), which count toward his contract but earn no Law 58 bonus
    (nor a slam). A side that revoked scores nothing that hand but honours and chicane; when
    both sides revoked, neither scores anything else and nothing is settled. A seat revokes at
    most twelve times a hand (never in the last trick).
15. *A lead out of turn* (``lead_out_of_turn=true``, default false). Law 62 has dummy go down
    "as soon as a card is led, whether in or out of turn"; the penalty is the Bridge laws' the
    excerpt refers to ("as in Bridge", not printed), taken here in the form usual at the time
    and kept to one small decision. (a) *Who may offend*: before each lead that is due from a
    defender, his partner may lead out of turn (action "lead ♠A out of turn") or let him lead
    ("wait for the leader"); the declarer, who plays both his hands, and dummy are never offered
    it. (b) *Who sees it*: the card led out of turn is seen by every player, and if it is the
    first card led dummy goes down at once (Law 62). (c) *The penalty*: the declarer, the
    wronged side, either accepts the lead ("accept the lead": the card stands as the lead of
    the trick, its player is the leader and the play goes on to his left, dummy's hand in its
    turn) or takes it back and calls a suit from the right leader ("call hearts from the
    leader"): the card goes back to its holder's hand, known to every player until it is
    played, and the right leader must lead the called suit if he holds it (else any card,
    which shows every player he has none of it; with ``revoke=true`` too, a called suit
    cannot be withheld). The Bridge laws' other option, to treat the card as an exposed card
    and call it, is not offered. A trick is offered once: after a called suit the right
    leader leads.
16. *A call out of turn* (``call_out_of_turn=true``, default false; Laws 52 and 59). Before
    each call, the player on the left of the one due may declare or double out of turn (any
    declaration or double that would be open to him in turn; not a pass or a redouble, which
    the laws of the excerpt do not name), or wait ("wait for his turn"). The call is seen by
    every player. The adversary on the offender's left then demands a new deal or lets it
    stand. Law 52 (a declaration): let stand, "the bidding shall continue as if the
    declaration had been in order", from the offender's left, the player passed over losing
    that turn. Law 59 (a double) names only the new deal; not demanded, the double stands in
    the same way (ASSUMPTION). The new deal is dealt by the same dealer (as in Bridge), the
    annulled deal scoring nothing; a deal may be annulled once: in the new deal no call out of
    turn is offered (so that a deal ends).

Parameters
----------
====================  ========  ================================================================
name                  default   meaning
====================  ========  ================================================================
``dealer``            3         the (first) dealer; he declares first, his left gets the first
                                card
``rubber``            false     play the rubber, first side to two games (assumption 10)
``max_deals``         40        the bound on a rubber's deals (``rubber=true``; assumption 10)
``count``             book      trick values: ``book`` 12/8/6/4/2, ``american`` 10/8/7/6/2
                                (assumption 5)
``declarer``          final     who plays: the ``final`` declarer, or the partner
                                ``first_named`` (9)
``revoke``            false     a revoke is a legal play, penalised as Law 90 says (assumption
                                14)
``lead_out_of_turn``  false     a defender's partner may lead out of turn; the declarer accepts
                                the lead or calls a suit (assumption 15)
``call_out_of_turn``  false     the player on the left of the one due may declare or double out
                                of turn; a new deal or let it stand (Laws 52, 59; assumption 16)
====================  ========  ================================================================

Actions
-------
===========================  =======  ===========================================================
action                       ids      meaning (``action_to_string``)
===========================  =======  ===========================================================
card ids                     0-51     "lead ♠A" / "play ♠A" (chance: "deal ♠A to player 1"); a
                                      card of dummy's is chosen by the declarer
``PASS_ACTION``              52       "pass"
``DECLARE_ACTION_BASE+i``    53-87    "declare Two Diamonds", "declare One No Trump":
                                      ``i = 5 × (level − 1) + denomination`` (♠ 0, ♣ 1, ♦ 2, ♥ 3,
                                      No-trumps 4); which overcalls which is by value (Law 55)
``DOUBLE_ACTION``            88       "double"
``REDOUBLE_ACTION``          89       "redouble"
``PENALTY_POINTS_ACTION``    90       "take 150 above the line" (``revoke=true``: the declarer
                                      settles an adversary's revoke, Law 90)
``PENALTY_TRICKS_ACTION``    91       "take three tricks"
``WAIT_ACTION``              92       "wait for the leader" (``lead_out_of_turn=true``: the
                                      leader's partner does not lead out of turn); his cards, in
                                      that phase, read "lead ♠A out of turn"
``ACCEPT_LEAD_ACTION``       93       "accept the lead" (the declarer, after a lead out of turn)
``CALL_SUIT_ACTION_BASE+t``  94-97    "call spades from the leader" (the pack's suits: ♠ 0, ♥ 1,
                                      ♦ 2, ♣ 3)
``NEW_DEAL_ACTION``          98       "demand a new deal" (``call_out_of_turn=true``: after a
                                      call out of turn, Laws 52 and 59); in the phase before it,
                                      92 reads "wait for his turn" and 53-88 "declare One Heart
                                      out of turn", "double out of turn"
``LET_STAND_ACTION``         99       "let it stand"
===========================  =======  ===========================================================

``NUM_DISTINCT_ACTIONS`` = 92 (``LAW_ACTIONS`` = 98 with ``lead_out_of_turn=true``,
``CALL_LAW_ACTIONS`` = 100 with ``call_out_of_turn=true``). Chance outcomes are card ids
(``max_chance_outcomes`` = 52): each card is dealt by its own chance node, uniformly among the
cards not yet dealt (a deal annulled for a call out of turn is dealt again).

Bounds
------
*Game length.* An auction has at most 316 calls: 35 declarations at most (each must overcall),
each followed by at most two passes, a double, two passes, a redouble and two passes, and three
passes to close the last; then 52 plays: 368 decisions and 52 chance nodes a deal, ``max_deals``
times that in a rubber. With ``revoke=true`` the declarer settles at most 24 revokes (twelve of
each adversary): 392 decisions a deal. With ``lead_out_of_turn=true`` at most two more decisions a trick (the
leader's partner waits or leads out of turn; the declarer accepts or calls a suit): 26 more a
deal, and as many events. With ``call_out_of_turn=true`` every call may be preceded by the
offer of a call out of turn, and an annulled auction may be as long again: 632 more decisions
a deal, 52 more chance nodes and 686 more events.

*Returns.* One side's points in one deal are at most 2,740 (either count): the adversaries of a
redoubled Seven that takes no trick score 13 × 200, a grand slam (40) and at most 100 for
honours (four Aces in one hand; with trumps at most 10t + 2t = 96). The declaring side is
bounded by less (a redoubled Seven No Trumps below, 336; the redoubled bonus of a One made with
thirteen, 700; the slam and honours: 1,176) (:func:`~.rules.max_deal_score`). Since the other
side scores nothing negative, a return lies within ±2,740 for one deal, and within
±(``max_deals`` × 2,740 + 250) for a rubber. With ``revoke=true`` the declaring side may add 150
for each of 24 revokes of the adversaries: 1,176 + 3,600 = 4,776 a deal.

Observation tensor (seats counted from the viewer: 0 = me, then to my left; sides: 0 = mine)
---------------------------------------------------------------------------------------------
================  ==============  ============================================================
piece             shape           meaning
================  ==============  ============================================================
``hand``          (52,)           my cards
``dummy_hand``    (52,)           dummy's cards on the table (after the opening lead)
``played``        (52,)           the cards of this deal's completed tricks
``trick``         (4, 52)         the current trick's cards, by seat
``leader``        (4,)            who led (leads) the current trick
``won``           (4, 14)         tricks won this deal by each seat (one-hot 0-13)
``phase``         (5,)            deal, auction, play, over, revoke penalties (7 with
                                  ``lead_out_of_turn=true``: a lead out of turn?, the
                                  declarer's decision on it; 9 with
                                  ``call_out_of_turn=true``: a call out of turn?, the
                                  decision on it)
``to_move``       (4,)            the seat whose call or card is next
``deciding``      (4,)            the player who chooses it (the declarer for dummy's cards)
``dealer``        (4,)            the dealer
``high``          (36,)           the highest declaration, the contract in the play (index 0:
                                  none; ``1 + i`` declaration ``i``)
``bidder``        (4,)            its maker
``doubling``      (3,)            undoubled, doubled, redoubled
``passes``        (4,)            passes since the last other call, one-hot 0-3
``settle``        (25,)           revokes the declarer has still to settle, one-hot 0-24
``declarer``      (4,)            the declarer (in the play)
``dummy``         (4,)            dummy (in the play)
``voids``         (4, 4)          suits a seat is known to lack (it did not follow)
``games``         (2, 3)          games won in the rubber by each side, one-hot 0-2
``below``         (2,)            each side's points below the line in the game / 30
``score``         (2,)            each side's grand total / the bound on it
``deal_score``    (2,)            each side's points this deal / 2,740
``deal_no``       (1,)            deals finished / ``max_deals``
``known``         (4, 52)         ``lead_out_of_turn=true`` only: each seat's cards every player
                                  has seen (a lead out of turn taken back)
``out_card``      (52,)           ... the card led out of turn the declarer decides on
``called``        (4,)            ... the suit the declarer called from the leader
``out_call``      (36,)           ``call_out_of_turn=true`` only: the call out of turn being
                                  decided on (a declaration's ladder index; 35: a double)
``redealt``       (1,)            ... this deal replaces one annulled for a call out of turn
``events``        (E, 11 + 5 + 53) perfect recall only: every event seen, in order (the core's
                                  event log, :data:`~.rules.EVENT_KINDS`: a deal's marker, a
                                  card dealt, a pass, a declaration, a double, a redouble, a
                                  card of dummy's laid down, a card played, a revoke shown,
                                  a revoke settled by points or tricks): the kind, the
                                  actor counted from me (last: none) and the value (a card, or
                                  a declaration's ladder index; last: unseen);
                                  E = 434 × ``max_deals`` (494 × with ``revoke=true``, 26
                                  more a deal and three more kinds, "leads ♠A out of turn",
                                  "accepts the lead out of turn", "calls hearts", with
                                  ``lead_out_of_turn=true``; with ``call_out_of_turn=true``
                                  686 more a deal; either rule adds the seven kinds of both)
================  ==============  ============================================================

The package
-----------
:mod:`~hoyle.envs.games.auction_bridge.rules` (the constants, the scoring functions, the state
and the rules of play), :mod:`~hoyle.envs.games.auction_bridge.determinizer` (what a player has
not located: dummy's cards, once down, are located for all),
:mod:`~hoyle.envs.games.auction_bridge.view` (the player's view, its tensor, text and table, and
``AuctionBridgeRules``, the three together); this module registers the game and re-exports
their names.
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
from hoyle.envs.games.auction_bridge.determinizer import AuctionBridgeDeterminizer
from hoyle.envs.games.auction_bridge.rules import (
    ACCEPT_LEAD_ACTION,
    AMERICAN_COUNT,
    AUCTION,
    BOOK_COUNT,
    CALL_LAW_ACTIONS,
    CALL_OUT,
    CALL_SUIT_ACTION_BASE,
    COUNTS,
    DEAL,
    DECLARE_ACTION_BASE,
    DECLARES,
    DOUBLE_ACTION,
    DOUBLED,
    EVENT_KINDS,
    GAME_POINTS,
    LAW_ACTIONS,
    LAW_EVENT_KINDS,
    LET_STAND_ACTION,
    NEW_DEAL,
    NEW_DEAL_ACTION,
    NUM_DISTINCT_ACTIONS,
    OUT_OF_TURN,
    OVER,
    PENALTY_CALL,
    PENALTY_LEAD,
    PENALTY_POINTS_ACTION,
    PENALTY_TRICKS_ACTION,
    PLAY,
    REDOUBLE_ACTION,
    REDOUBLED,
    REVOKE_TRICKS,
    RUBBER_BONUS,
    SETTLE,
    TAKES_TRICKS,
    UNDOUBLED,
    WAIT_ACTION,
    AuctionBridgePlay,
    AuctionBridgeState,
    ContractScore,
    action_words,
    contract_score,
    declaration_rank,
    declaration_value,
    declaration_words,
    hand_score,
    honour_scores,
    max_deal_score,
    no_trump_honours,
    overcalls,
    rubber_worth,
    slam_bonus,
    tricks_needed,
    trump_honours,
)
from hoyle.envs.games.auction_bridge.view import AuctionBridgeRules, AuctionBridgeView
from hoyle.envs.games.vint.rules import (
    CLUBS_BID,
    DIAMONDS_BID,
    HEARTS_BID,
    NO_TRUMPS,
    PASS_ACTION,
    SPADES_BID,
    bid_index,
    bid_of,
)

__all__ = [
    "ACCEPT_LEAD_ACTION",
    "AMERICAN_COUNT",
    "AUCTION",
    "BOOK_COUNT",
    "CALL_LAW_ACTIONS",
    "CALL_OUT",
    "CALL_SUIT_ACTION_BASE",
    "CLUBS_BID",
    "COUNTS",
    "DEAL",
    "DECLARES",
    "DECLARE_ACTION_BASE",
    "DIAMONDS_BID",
    "DOUBLED",
    "DOUBLE_ACTION",
    "EVENT_KINDS",
    "GAME",
    "GAME_POINTS",
    "HEARTS_BID",
    "LAW_ACTIONS",
    "LAW_EVENT_KINDS",
    "LET_STAND_ACTION",
    "NEW_DEAL",
    "NEW_DEAL_ACTION",
    "NO_TRUMPS",
    "NUM_DISTINCT_ACTIONS",
    "OUT_OF_TURN",
    "OVER",
    "PASS_ACTION",
    "PENALTY_CALL",
    "PENALTY_LEAD",
    "PENALTY_POINTS_ACTION",
    "PENALTY_TRICKS_ACTION",
    "PLAY",
    "REDOUBLED",
    "REDOUBLE_ACTION",
    "REVOKE_TRICKS",
    "RUBBER_BONUS",
    "SETTLE",
    "SPADES_BID",
    "TAKES_TRICKS",
    "UNDOUBLED",
    "WAIT_ACTION",
    "AuctionBridgeDeterminizer",
    "AuctionBridgePlay",
    "AuctionBridgeRules",
    "AuctionBridgeState",
    "AuctionBridgeView",
    "ContractScore",
    "action_words",
    "bid_index",
    "bid_of",
    "contract_score",
    "declaration_rank",
    "declaration_value",
    "declaration_words",
    "hand_score",
    "honour_scores",
    "make_rules",
    "max_deal_score",
    "no_trump_honours",
    "overcalls",
    "rubber_worth",
    "slam_bonus",
    "tricks_needed",
    "trump_honours",
]


def make_rules(params: Mapping[str, ParamValue]) -> AuctionBridgeRules:
    return AuctionBridgeRules(params)


SHORT_RUBBER: dict[str, ParamValue] = {"rubber": True, "max_deals": 3}
"""The rubber bounded at three deals: the variant the conformance suite plays (so that its
information state, which holds every deal's events, stays small); the real rubber is
``rubber=true``."""

GAME = register(
    GameSpec(
        short_name="auction_bridge",
        title="Auction Bridge",
        book=HOFFMANN,
        section="AUCTION BRIDGE",
        make_rules=make_rules,
        params={
            "dealer": Param(
                3,
                "the (first) dealer, who declares first; his left gets the first card",
                (0, 1, 2, 3),
            ),
            "rubber": Param(False, "play the rubber, to two games (False: one deal)"),
            "max_deals": Param(40, "the bound on a rubber's deals (ASSUMPTION)", low=1, high=1_000),
            "count": Param(
                "book",
                "trick values: book 12/8/6/4/2 (No-trumps to spades), american 10/8/7/6/2",
                ("book", "american"),
            ),
            "revoke": Param(
                False, "a revoke is a legal play, penalised at the end of the hand (Law 90)"
            ),
            "lead_out_of_turn": Param(
                False,
                "before a defender leads, his partner may lead out of turn; the declarer "
                "accepts the lead or calls a suit (Law 62 and the Bridge laws; ASSUMPTION)",
            ),
            "call_out_of_turn": Param(
                False,
                "before each call, the player on the left of the one due may declare or double "
                "out of turn; the adversary on his left demands a new deal or lets it stand "
                "(Laws 52 and 59; ASSUMPTION)",
            ),
            "declarer": Param(
                "final",
                "who plays the hand: the final declarer, or the partner who first named the "
                "denomination",
                ("final", "first_named"),
            ),
        },
        min_players=4,
        max_players=4,
        variants={
            "short_rubber": SHORT_RUBBER,
            "revokes": {"revoke": True},
            "leads_out_of_turn": {"lead_out_of_turn": True},
            "calls_out_of_turn": {"call_out_of_turn": True},
        },
        no_tiny="The full pack is the game (thirteen tricks each, declarations of seven to "
        "thirteen tricks, honours A K Q J 10 and four Aces): no reduced pack keeps its rules, "
        "and the 52 cards dealt one at a time give 52! ≈ 8.1e+67 orders.",
        reference="bridge(use_double_dummy_result=False)",
        sides=partners_opposite,
        summary="Bridge with the trump put up to auction: double, redouble, dummy exposed.",
    )
)
