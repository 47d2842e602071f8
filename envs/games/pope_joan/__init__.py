"""Pope Joan, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "POPE JOAN").

"This game is a combination of the layout in Matrimony, and the manner of playing in Commit."
The play of the cards is the shared stops engine (:mod:`hoyle.envs.core.stops`, as at Commit);
the layout and its pools are :mod:`~hoyle.envs.games.pope_joan.layout`, on the core's pools
(:mod:`hoyle.envs.core.pools`). The rules are the book's words (the POPE JOAN section, to its
paragraph of variations); where the book is silent a gap is filled by an ASSUMPTION below, and
where two readings are reasonable the other is a parameter.

The game
--------
Three to eight players, each for himself. Five cards "taken from an old pack" are laid out in
the centre: the King of hearts, the Queen of spades, the Pope — "the Seven (or the Nine) of
diamonds" — the Ten of diamonds and the Jack of clubs. "The cards are thrown round for the
deal, and the first Jack deals." Before each deal "the dealer must dress the layout, by putting
one counter upon the Ten, two upon the Jack, three upon the Queen, four upon the King, and five
on the Pope". The full pack is dealt one at a time, so many to each, the rest "in the stock to
form stops" (face down and unseen):

=======  ==  ==  ==  ==  ==  ==
players   3   4   5   6   7   8
each     15  12   9   8   7   6
stock     7   4   7   4   3   4
=======  ==  ==  ==  ==  ==  ==

"The eldest hand begins by leading any card he pleases, and if he has those in sequence and
suit with it and above it, he continues to play until he fails. He then says 'No six,' or
whatever the card may be that he stops on. The next player on his left then continues the
sequence if he can, or if he cannot, he says, 'No six,' also, and it passes to the next
player. If no one can continue, the card must be in the stock ... the last player has the
right to begin another with any card he pleases."

"If the duplicate of any of those cards can be played, the holder of the card at once takes all
the money staked upon it; but if he fails to get rid of it before some player wins the game by
getting rid of all his cards, the player who is found with one of the layout cards in his hand
at the end must double the amount staked on that card, to which the next dealer will add the
usual contribution. The player who first gets rid of all his cards collects from the other
players a counter for every card they hold ... If any of the layout cards are in the stock,
the pool simply remains, without doubling."

The variations (parameters): "a layout very similar to that in Matrimony ... Pope taking the
place of Pair, and Game that of Best. A trump is turned by the dealer, and Matrimony is King and
Queen of trumps, Intrigue Queen and Jack of trumps, Confederacy, King and Jack of trumps ... If
he holds one card and another player holds the other, they divide the pool. If one of the cards
is in the stock, the pool remains ... The player first getting rid of his cards takes the pool
on Game, and the holder of Pope takes that pool if he can get rid of the card in the course of
play, if not, he must double the pool, just as with the honours in trumps." And "in some places
it is the custom to remove the Eight of diamonds, as at Commit, to form an extra and known
stop."

ASSUMPTIONS (the book is silent)
--------------------------------
1. *The first dealer.* The cards are thrown round face up one at a time from player 0 to the
   left; the seat that receives the first Jack deals. This is one chance node over the seats,
   with the exact chances (:func:`~hoyle.envs.games.pope_joan.layout.first_jack_odds`: player 0
   deals with chance 0.280 four-handed); the thrown cards are gathered and shuffled for the
   deal, so nothing else of them matters.
2. *The order of a suit* is A (low) 2 3 ... 10 J Q K, the Ace not next to the King, and a King
   ends its sequence, its player leading next — Commit's rules, of which Pope Joan has "the
   manner of playing".
3. *Every player who continues keeps going*: the next player, like the leader, plays every
   card he holds that continues the sequence before the turn passes ("continues the sequence").
4. *A stop*: when the turn comes back round to the last player to play (nobody could go on),
   he leads a new sequence with any card.
5. *A layout card led* wins its pool as surely as one played to a sequence ("if the duplicate
   of any of those cards can be played").
6. *Several deals* (``deals``): the pools not won stand, the deal passes to the left, and each
   new dealer dresses the layout again on whatever stands. When the sitting ends the pools
   still standing go back to those who put counters on them (the book ends no sitting; this
   keeps the returns exact and zero-sum).
7. *The Matrimony layout's trump* is the top card of the stock, turned face up by the dealer
   after the deal; it stays in the stock, a stop everyone knows.
8. *The Matrimony layout's dressing*: the book names no amounts for it; the dealer puts three
   counters on each of the five divisions (the same fifteen as the book's layout).
9. *A combination* (Matrimony, Intrigue, Confederacy) is settled when both its cards have been
   played: by one player, he takes the pool; by two, "they divide the pool", equally, the odd
   counter staying on it. A player left holding a card of a combination doubles its pool (as
   "with the honours in trumps"), unless its other card is in the stock ("the pool remains");
   a player holding both doubles it once, and two players holding one each both add what lay
   on it at the end of the play.
10. *The 8♦ removed* (``eight_of_diamonds=false``): the hands are the book's table, the stock one
    card smaller (6, 3, 6, 3, 2, 3 for 3 to 8 players); the 8♦ is a stop everyone knows.
11. *A reduced pack* (``ranks``, ``hand_size``: for fast tests only) keeps the ranks from the
    King down, never fewer than the Seven to the King, so that every layout card is in it.

Parameters
----------
=================  =======  ===========================================================
name               default  meaning
=================  =======  ===========================================================
players            4        3 to 8 (the book's table)
layout             book     book: K♥ Q♠ 7♦ 10♦ J♣; generic: 10♦ J♦ Q♦ K♦ and the Pope;
                            matrimony: Matrimony, Intrigue, Confederacy, Game, Pope
pope               7        the Pope: the 7♦, or the 9♦ "by agreement"
eight_of_diamonds  true     false: the 8♦ removed, a known stop
deals              1        deals in the sitting (1 to 12), pools carried (ASSUMPTION 6)
ranks              13       ranks in each suit from the King down (ASSUMPTION 11)
hand_size          0        cards to each player; 0 = the book's table
=================  =======  ===========================================================

Variants (each in the conformance suite): ``three``, ``five``, ``six``, ``seven``, ``eight``
(players), ``matrimony``, ``no_eight``, ``deals2``; the default is four players.
``small_config``: three players, the Seven to the King (28 cards), five cards each.

Actions
-------
The only decision is the lead: action == card id (0-51), "lead ♥5". Every other play and
every announcement is forced, and made inside the step as a public event ("player 2 played
♥6", "player 3: without the Eight"): whether a player holds the next card is hidden, but he
plays it or says he is without it at once, so nobody is asked a question whose asking would
show it. Chance outcomes: the seat the first Jack falls to ("the first Jack falls to player
2"), the trump turned in the Matrimony layout ("turn up ♠5 for trumps"), the cards dealt
("deal ♥5 to player 2"). ``NUM_DISTINCT_ACTIONS`` = 52.

Returns and their bound
-----------------------
Returns are counters: each player's net over the sitting, the standing pools handed back
(ASSUMPTION 6): exact and zero-sum. A player loses at most what is ever put on the layout and a
counter per card he holds at each deal's end; he wins at most the same from the others. The
layout holds at most ``S_D = 15 g (g^D - 1) / (g - 1)`` counters put on it over ``D`` deals
(:func:`~hoyle.envs.games.pope_joan.rules.sitting_bound`: each dealer adds 15; at the end of a
deal a pool is at most doubled, ``g = 2``, or tripled in the Matrimony layout, ``g = 3``,
where two players may each be caught with a card of one combination). So the returns lie in
``[-(S_D + D h), S_D + D (n - 1) h]`` (``h`` cards a hand): ``[-42, 66]`` for one
four-handed deal of the book.

Bound on the game length: every lead plays a card, so a deal has at most ``n h`` decisions;
the engine declares its generous bound for every stops game (:mod:`hoyle.envs.core.stops`).
Random play takes about 11 decisions a four-handed deal, 14 three-handed, 6 eight-handed.

Information and the determinizer
--------------------------------
Hidden: the other hands and the stops. Public: the first Jack, the dressing, every card
played, each announcement (a player "without the Jack" holds none from then on), each hand's
size, the trump turned up (a known stop), the counters and the pools, and the hands shown at
the end of a deal. The determinizer is the engine's (the other hands and the stops drawn
uniformly among the worlds where nobody holds a card he said he was without), less the trump
turned up, and, once the sitting is over, less the hands shown. The views, tensors and strings
are the engine's, with the trump turned up (a piece of its own) and the layout by name.

Layout: ``layout`` (the divisions and what they pay), ``rules`` (the engine's hooks); this
module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.pope_joan.layout import BOOK, LAYOUTS, POPES
from hoyle.envs.games.pope_joan.rules import (
    BOOK_HAND_SIZE,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MIN_RANKS,
    PopeJoanRules,
    PopeJoanState,
    PopeJoanView,
)

__all__ = [
    "BOOK_HAND_SIZE",
    "GAME",
    "MAX_DEALS",
    "SMALL_CONFIG",
    "PopeJoanRules",
    "PopeJoanState",
    "PopeJoanView",
    "make_rules",
]

MAX_DEALS = 12
"""The most deals a sitting may have: the bound on the returns doubles with each deal (a pool
doubled deal after deal), and a dozen deals is a long evening."""

SMALL_CONFIG: dict[str, ParamValue] = {"players": 3, "ranks": MIN_RANKS, "hand_size": 5}
"""Three players, the Seven to the King of each suit (28 cards), five cards each, 13 stops."""


def make_rules(params: Mapping[str, ParamValue]) -> PopeJoanRules:
    return PopeJoanRules(params)


def _check(params: Mapping[str, ParamValue]) -> str | None:
    n, ranks, given = int(params["players"]), int(params["ranks"]), int(params["hand_size"])
    pack = 4 * ranks - (0 if params["eight_of_diamonds"] else 1)
    h = given or BOOK_HAND_SIZE[n]
    if h * n > pack:
        return f"ranks={ranks} gives {pack} cards, too few for players={n} with hand_size={h}"
    return None


GAME = register(
    GameSpec(
        short_name="pope_joan",
        title="Pope Joan",
        book=FOSTER,
        section="POPE JOAN",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (each for himself)", low=3, high=8),
            "layout": Param(
                BOOK,
                "book: K♥ Q♠ 7♦ 10♦ J♣; generic: 10 J Q K of diamonds + the Pope; matrimony: "
                "Matrimony, Intrigue, Confederacy of trumps, Game, Pope (the variation)",
                LAYOUTS,
            ),
            "pope": Param(7, "the Pope: the Seven or the Nine of diamonds", tuple(POPES)),
            "eight_of_diamonds": Param(
                True, "false: the 8♦ removed, as at Commit, a known stop (the variation)"
            ),
            "deals": Param(
                1,
                "deals in the sitting, the pools carried, the deal passing left",
                low=1,
                high=MAX_DEALS,
            ),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the King down (reduced packs for tests; ASSUMPTION)",
                low=MIN_RANKS,
                high=NUM_RANKS,
            ),
            "hand_size": Param(
                0, "cards dealt to each player; 0 = the book's table", low=0, high=MAX_HAND_SIZE
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={
            "three": {"players": 3},
            "five": {"players": 5},
            "six": {"players": 6},
            "seven": {"players": 7},
            "eight": {"players": 8},
            "matrimony": {"layout": "matrimony"},
            "no_eight": {"eight_of_diamonds": False},
            "deals2": {"deals": 2},
        },
        small_config=SMALL_CONFIG,
        no_tiny="The fewest players is three and every layout card (the Seven to the King) must "
        "stay in the pack: its smallest pack is 28 cards, whose deal of one card each to three "
        "players already has 28 * 27 * 26 = 19,656 orders.",
        reference="crazy_eights",
        summary="Commit's running sequences with a layout of pools won by playing its cards, "
        "doubled when caught.",
        check=_check,
    )
)
