"""Five Hundred, the three-handed game on the "Avondale" schedule, as Ernest Bergholt describes it
in Hoyle's Games Modernized (Professor Hoffmann's new edition, 1909, "FIVE HUNDRED").

The rules follow RULES.md §18 and the book's words (``shared/seeds``, from "FIVE HUNDRED." to
"BOOK ON FIVE HUNDRED."). Where the book is silent a gap is filled by an ASSUMPTION below; where
two readings are reasonable the other one is a parameter. The ranks of the cards, the Joker
and the bowers are this module's table (:func:`five_hundred_tricks`); follow-suit legality, the
play of a card to a trick, its winner and the auction come from the shared trick core
(:mod:`hoyle.envs.core.tricks`: ``legal_plays``, ``play_to_trick``, ``Auction``); this module
adds what is particular to the game.

The game
--------
Three players, each for himself, with the piquet pack and the Joker (33 cards). The dealer gives
three rounds of three cards to each player, then one round of one (ten each); the last three
cards are the *widow*, face down. From the eldest hand each player in turn bids a number of
tricks (six to ten) with a trump suit or No-trumps, or passes; a bid must be worth more on the
Avondale table (``value = 40 + 20 × (♠0 ♣1 ♦2 ♥3 NT4) + 100 × (tricks − 6)``); a player who has
passed cannot bid again. The highest bidder takes the widow into his hand, discards any three
cards face down, and leads. Follow suit if able (the left bower and the Joker belong to the
trump suit), otherwise any card; the highest trump, else the highest card of the suit led, wins;
the winner leads. With trumps they rank Joker, right bower (J of trumps), left bower (the J of
the same colour), A K Q 10 9 8 7. At No-trumps all cards rank A K Q J 10 9 8 7 and the Joker is
the master card: led, its leader names the suit it represents (not one in which he has
renounced), and the others must follow that suit; played, not as leader, to a suit in which its
holder has previously renounced, it has no winning value. If nobody bids the hand is played at
No-trumps, the widow is not used, the eldest hand leads, and each player scores 10 a trick.

Scoring (§18.5): a bidder who makes his contract scores the value of his bid, no more; all ten
tricks score at least 250; a bidder who fails has the value of his bid set down in his minus
column. In every case each opponent scores 10 for each trick he wins. The game is 500; if two
players pass 500 in the same deal and one is the bidder, the bidder wins (``bidder_first``);
otherwise the one whose trick first brings him to 500.

ASSUMPTIONS (RULES.md §18, and where this module had to choose)
----------------------------------------------------------------
1. *The deal* (§18.2): each round starts with the eldest hand (the dealer's left), packets of
   three then one; the widow is the last three cards, dealt after the hands. Dealing is lazy:
   each chance node deals one card uniformly from the cards not yet dealt, in that order (the
   same deal as a shuffled pack dealt so). The cut is not played; ``first_dealer`` (default 2,
   so player 0 is the eldest hand) deals first and the deal passes to the left.
2. *The auction* (§18.3) ends when, after a bid, the other two have passed (each pass is final),
   or when all three have passed: the no-bid hand. It is the shared :class:`~hoyle.envs.core.
   tricks.Auction` on a ladder of the 25 bids in Avondale order (no two are equal).
3. *The discard* is three decisions of the bidder, one card each, in rising card-id order (a
   card is offered only if enough higher cards remain for the rest), so that each set of three
   cards is one sequence of actions. Nobody else sees them, and nobody sees them again.
4. *No-trumps Joker* (§18.1): it may be played to any trick, even when its holder could follow
   (the text is silent; the RULES.md ASSUMPTION; the trick core's ``free`` card). A player has
   *renounced* a suit when he played a card of another suit to a trick in which it was led
   (playing the Joker to it is no renounce: he might have been able to follow). If its leader
   has renounced all four suits (possible only in theory) he may name any suit. The restriction
   holds in the no-bid hand too (it is played at No-trumps). The common rule of the later
   American code, that a player must follow suit before he may play the Joker, is the parameter
   ``follow_before_joker`` (default ``false``: the book says nothing that binds the Joker to
   the follow-suit rule, which it states of the suits, and it treats the no-trump Joker as
   belonging to no suit until it is led; so the default keeps the reading that asks least of
   the text). With ``true`` the Joker may be led at any time, but played to a suit led only by
   a holder who has none of it: so playing it there is a renounce of that suit. It counts from
   the next trick on, so the Joker wins that trick unless its holder had renounced the suit
   before ("previously renounced"), and the determinizer deals him none of the suit.
5. *The bidder takes all ten*: the score is the bid's value or 250, whichever is higher.
6. *Revokes* (§18.5): an environment that offers only legal actions never meets a revoke, nor
   a discard of too many or too few cards (exactly three are enforced) or a look at the discard
   (it is absent from every view but the bidder's): the American and Professor Hoffmann's revoke
   rules cannot arise, so neither is implemented.
7. *Returns* (``scoring=deal``, the default): one deal; each player's return is his score for
   the deal less the mean of the three scores, so the returns sum to zero. One unit is one
   point of the Avondale schedule (a bid of six spades is worth 40). E.g. seven spades made with
   eight tricks, the opponents one trick each: scores 140, 10, 10, returns +86.7, −43.3, −43.3.
8. *The game to 500* (``scoring=game``): deals are played until somebody reaches ``target``
   ("over 500" read as 500 or more) at the end of a deal. The opponents' trick points are
   counted trick by trick, the bidder's score when the hand ends (the RULES.md ASSUMPTION). If
   several reach the target in one deal: with ``bidder_first`` (the book's rule) the bidder, if
   he is one of them; otherwise the one whose trick first brought him to the target (without
   ``bidder_first`` the bidder's contract counts after every trick of the hand). The winner
   receives +1 and each other player −0.5 (zero-sum). No rule of the book ends a game that nobody
   wins (minus scores can run on), so the game is bounded: after ``max_deals`` deals without a
   winner it is abandoned as a draw (every return 0). Measured on 100 games: the heuristic agent
   against itself is won in 10.9 deals on average (4 to 15; none reached the bound); random
   players almost never reach 500 (a random bid is nearly always too high, and fails), so
   their games run to the bound. (The declared variant ``short_game`` is the game bounded at
   six deals, so that the conformance suite's random games stay short.)
9. *Reduced packs* (``ranks``): the top ``ranks`` ranks of each suit (A K Q J 10 ...) and the
   Joker, dealt the same way (packets of three, then ones) with a widow of three; the hand is
   ``(4 × ranks + 1 − 3) / 3`` cards, so ``ranks`` is 5 (six each) or 8. The bids keep their
   Avondale values and name ``hand − 4 … hand`` tricks (two to six with six cards each);
   all the tricks score at least 250. ``GameSpec.small_config`` is ``ranks=5``: a deal of 21
   cards for a fast conformance run.

What is seen: each player's own hand; the auction; the widow only by the bidder, once he has
taken it; the discards only by the bidder; every card played, by whom, and who won each trick;
and what the table infers (the suits each player has renounced). The information state adds
every event the player saw, in order: the core's event log (:mod:`hoyle.envs.core.events`,
:data:`EVENT_KINDS`), one for the whole game, each deal after a marker of its own; the cards
dealt to others, the widow and the discards he did not see are masked.

Determinizer: the core's (:func:`~hoyle.envs.core.determinize.redeal_unseen`). The rules say
where the cards a player has not located are now (each other hand,
the untaken widow, the bidder's discards, the cards not yet dealt) and what each holder cannot
hold (the suits it renounced: with trumps the Joker and the left bower go with the trump suit;
at No-trumps the Joker is barred by no renounce, except as ``follow_before_joker`` makes its
play a renounce); the core deals them afresh, uniformly among the deals that respect that, and
relabels the history through the log. ``admit_world`` adds the one rule masks cannot say: the
bidder's re-dealt discards are put back in rising order, and a partial discard is drawn again
until his new hand can go on under that rule (assumption 3). At the end of each deal the log
stops naming its history positions (:func:`~hoyle.envs.core.events.settle_log`): the
same cards come round again, and a finished deal's hidden cards bear on nothing to come.

Parameters
----------
====================  =======  =================================================================
name                  default  meaning
====================  =======  =================================================================
scoring               deal     ``deal``: one deal (assumption 7); ``game``: the game to ``target``
target                500      the score that wins the game (``scoring=game``)
bidder_first          true     two pass the target in one deal: the bidder wins (assumption 8)
max_deals             40       the bound on a game's deals (``scoring=game``; assumption 8)
first_dealer          2        the first dealer (player 0 is then the eldest hand)
ranks                 8        ranks per suit from the Ace down: 8 (the book) or 5 (assumption 9)
follow_before_joker   false    at No-trumps a player must follow suit before he may play the Joker
                               (assumption 4)
====================  =======  =================================================================

Actions
-------
========================  ======  ==============================================================
action                    ids     meaning (``action_to_string``)
========================  ======  ==============================================================
card ids                  0-52    "play ♦K" / "lead Joker" / "discard ♦K" (chance: "deal ♦K to
                                  player 1", "deal ♦K to the widow"); the Joker is 52
``PASS_ACTION``           53      "pass"
``BID_ACTION_BASE`` + i   54-78   "bid seven hearts (200)": i = 5 × (tricks − 6) + denomination
                                  (♠0 ♣1 ♦2 ♥3 NT4), the Avondale order
``NAME_ACTION_BASE`` + s  79-82   "name hearts for the Joker" (s a suit id: ♠0 ♥1 ♦2 ♣3)
========================  ======  ==============================================================

``NUM_DISTINCT_ACTIONS`` = 83. Chance outcomes are card ids (``max_chance_outcomes`` = 53).

Bound on the game length
------------------------
A deal has at most 28 calls (each bid raises the ladder of 25; at most three passes), 3
discards, 30 card plays and 10 suit namings (one per trick led by the Joker at No-trumps; the
Joker is one card, so in fact one): 71 decisions (``hand`` × 3 + ``hand`` + 31 in general), and
33 chance nodes. ``scoring=game``: ``max_deals`` times that.

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance
by ``state.chance_outcomes()``), one core of the (shared) development machine: about 52,000 to
62,000 steps a second, 720 to 870 deals a second (72 steps a deal: 33 chance nodes, the calls,
the discard and 30 card plays).

Observation tensor (``perfect_recall=False``)
---------------------------------------------
Seats are relative to the observer: slot 0 me, 1 the next player (left), 2 the one after. Cards
are indexed by their place in the 33-card pack (♠ A 7 8 9 10 J Q K, ♥ ..., ♦ ..., ♣ ..., Joker).
H is the hand size (10), D the deals bound (1 with ``scoring=deal``).

============  =========  =======================================================================
piece         shape      contents
============  =========  =======================================================================
phase         (6,)       deal, bid, discard, play, name the Joker's suit, over
to_move       (3,)       seat to move
dealer        (3,)       seat of the dealer
hand          (33,)      my hand
hand_sizes    (3,)       cards held by each seat / (H + 3)
widow_size    (1,)       cards in the untaken widow / 3
calls         (3, 27)    each seat's last call: not spoken, pass, or bid i
high          (26,)      the highest bid so far (0: none; 1 + i)
high_bidder   (3,)       its seat
contract      (25,)      the contract (the final bid), one-hot
bidder        (3,)       the bidder's seat
trump         (5,)       the denomination played: ♠ ♣ ♦ ♥ NT (the no-bid hand: NT)
no_bid        (1,)       the hand is played without a bidder
widow         (33,)      the widow's cards (the bidder only, once taken)
discards      (33,)      the discards (the bidder only)
discards_left (4,)       discards still to make, one-hot 0-3
leader        (3,)       seat that led the current trick
trick         (3, 33)    the card each seat played to the current trick
led           (4,)       the suit led (for a led No-trump Joker, the suit named)
played        (3, 33)    the cards each seat played to finished tricks this deal
tricks_won    (3, H+1)   tricks each seat won this deal, one-hot
voids         (3, 4)     the suits each seat has renounced (the table's inference)
scores        (3, 2)     game scores: clip((score + T) / 2T) and (score + M) / 2M, T the target,
                         M = 520 × D
deal_no       (1,)       deals finished / D
============  =========  =======================================================================

The information state (``perfect_recall=True``) adds ``events`` (E × D, 93), the core's
encoding of the log (:meth:`~hoyle.envs.core.events.EventSchema.encode`): one row per event of
the game, in order: its kind (9, :data:`EVENT_KINDS`), its actor counted from the observer (3,
and one for none), its value one-hot (79: a card id, a call's action id or a suit; one more
for a value the observer did not see); E = 1 + 33 + 28 + 3 + 3 + 3H + H + H events a deal
(the marker, the deal, the calls, the widow taken up, the discards, the plays, the Joker's
namings, the tricks). The information-state string renders the same log in words.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import cards_of, format_card
from hoyle.envs.core.deal import WIDOW
from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.tricks import NO_SUIT, NO_TRUMP
from hoyle.envs.games.five_hundred.determinizer import (
    FiveHundredDeterminizer,
)
from hoyle.envs.games.five_hundred.rules import (
    ALL_TRICKS_MINIMUM,
    AVONDALE_SUITS,
    BID,
    BID_ACTION_BASE,
    BOOK_TRICKS,
    DEAL,
    DENOMINATION_NAMES,
    DENOMINATION_SYMBOLS,
    DISCARD,
    DRAW,
    EV_CALL,
    EV_DEALT,
    EV_DISCARD,
    EV_NAME,
    EV_NEW_DEAL,
    EV_PLAY,
    EV_TRICK,
    EV_WIDOW_CARD,
    EV_WIDOW_DEALT,
    EVENT_KINDS,
    MAX_BID_VALUE,
    NAME,
    NAME_ACTION_BASE,
    NT,
    NUM_BIDS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_DISCARDS,
    NUM_DISTINCT_ACTIONS,
    NUM_EVENT_VALUES,
    NUM_LEVELS,
    NUM_PHASES,
    NUM_PLAYERS,
    OVER,
    PACK_33,
    PACK_INDEX,
    PASS_ACTION,
    PHASE_NAMES,
    PLAY,
    RANKS_HIGH_FIRST,
    TRICK_POINTS,
    TRICK_SEATS,
    TRICK_WORDS,
    WIDOW_SIZE,
    FiveHundredPlay,
    FiveHundredState,
    action_words,
    bid_index,
    bid_of,
    bid_value,
    bid_words,
    contract_words,
    deal_plan,
    deal_scores,
    five_hundred_tricks,
    index_value,
    no_trump_tricks,
    tricks_for,
    widow_odds,
)
from hoyle.envs.games.five_hundred.view import FiveHundredView, FiveHundredViews


class FiveHundredRules(FiveHundredViews, FiveHundredDeterminizer):
    """The rules of Five Hundred for one parameter set: the moves (:class:`.rules.
    FiveHundredPlay`), the views (:class:`.view.FiveHundredViews`) and the determinizer
    (:class:`.determinizer.FiveHundredDeterminizer`)."""


# --- registration -------------------------------------------------------------------------------

SHORT_GAME: dict[str, ParamValue] = {"scoring": "game", "max_deals": 6}
"""The game to 500 bounded at six deals: the variant the conformance suite plays. Random
players never reach 500 (assumption 8), so its random games run to the bound; the real game is
``scoring=game`` with the default bound."""

SMALL_CONFIG: dict[str, ParamValue] = {"ranks": 5}
"""A fast configuration (assumption 9): A K Q J 10 of each suit and the Joker, six cards each."""


def make_rules(params: Mapping[str, ParamValue]) -> FiveHundredRules:
    return FiveHundredRules(params)


GAME = register(
    GameSpec(
        short_name="five_hundred",
        title="Five Hundred",
        book=HOFFMANN,
        section="FIVE HUNDRED",
        make_rules=make_rules,
        params={
            "scoring": Param(
                "deal",
                "deal: one deal, returns are scores less their mean; game: play to the target",
                ("deal", "game"),
            ),
            "target": Param(500, "the score that wins the game (scoring=game)", low=1, high=10_000),
            "bidder_first": Param(
                True, "two pass the target in one deal: the bidder wins (else the first there)"
            ),
            "max_deals": Param(
                40,
                "a game undecided after this many deals is drawn (ASSUMPTION)",
                low=1,
                high=100,
            ),
            "first_dealer": Param(2, "the first dealer (player 0 is then eldest)", (0, 1, 2)),
            "ranks": Param(
                8, "ranks per suit from the Ace down (5: a reduced pack, ASSUMPTION)", (5, 8)
            ),
            "follow_before_joker": Param(
                False,
                "at No-trumps a player must follow suit before he may play the Joker (the "
                "common rule; the book is silent: ASSUMPTION)",
            ),
        },
        min_players=NUM_PLAYERS,
        max_players=NUM_PLAYERS,
        variants={"short_game": SHORT_GAME, "small": SMALL_CONFIG},
        small_config=SMALL_CONFIG,
        no_tiny="A hand is (4 × ranks − 2) / 3 cards, so the smallest pack (ranks=5) deals 21 "
        "cards one at a time (21! ≈ 5.1e+19 orders), and the 25 bids of the Avondale ladder "
        "alone make an auction tree of 939,524,122 nodes.",
        reference="euchre",
        summary="Three-handed trick game: bid on the Avondale table, take the widow, make 500.",
    )
)


__all__ = [
    "ALL_TRICKS_MINIMUM",
    "AVONDALE_SUITS",
    "BID",
    "BID_ACTION_BASE",
    "BOOK_TRICKS",
    "DEAL",
    "DENOMINATION_NAMES",
    "DENOMINATION_SYMBOLS",
    "DISCARD",
    "DRAW",
    "EVENT_KINDS",
    "EV_CALL",
    "EV_DEALT",
    "EV_DISCARD",
    "EV_NAME",
    "EV_NEW_DEAL",
    "EV_PLAY",
    "EV_TRICK",
    "EV_WIDOW_CARD",
    "EV_WIDOW_DEALT",
    "GAME",
    "MAX_BID_VALUE",
    "NAME",
    "NAME_ACTION_BASE",
    "NO_SUIT",
    "NO_TRUMP",
    "NT",
    "NUM_BIDS",
    "NUM_CARD_ACTIONS",
    "NUM_DENOMINATIONS",
    "NUM_DISCARDS",
    "NUM_DISTINCT_ACTIONS",
    "NUM_EVENT_VALUES",
    "NUM_LEVELS",
    "NUM_PHASES",
    "NUM_PLAYERS",
    "OVER",
    "PACK_33",
    "PACK_INDEX",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "RANKS_HIGH_FIRST",
    "SHORT_GAME",
    "SMALL_CONFIG",
    "TRICK_POINTS",
    "TRICK_SEATS",
    "TRICK_WORDS",
    "WIDOW",
    "WIDOW_SIZE",
    "FiveHundredDeterminizer",
    "FiveHundredPlay",
    "FiveHundredRules",
    "FiveHundredState",
    "FiveHundredView",
    "FiveHundredViews",
    "action_words",
    "bid_index",
    "bid_of",
    "bid_value",
    "bid_words",
    "cards_of",
    "contract_words",
    "deal_plan",
    "deal_scores",
    "five_hundred_tricks",
    "format_card",
    "index_value",
    "make_rules",
    "no_trump_tricks",
    "tricks_for",
    "widow_odds",
]
