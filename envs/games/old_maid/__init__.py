"""Old Maid (and Old Bachelor), as R. F. Foster describes it (Foster's Complete Hoyle, 1914,
"OLD MAID").

Where the book is silent a gap is filled by an ASSUMPTION below; where two readings are
reasonable the other is a parameter.

The game
--------
"Any number of young ladies may play, and a pack of fifty-one cards is used, the Queen of
hearts having been deleted. Any player can deal the cards, which are distributed one at a time
until the pack is exhausted; if every player has not the same number it does not matter.
Beginning with the eldest hand, each player sorts her cards into pairs of the same
denomination ... and all pairs so formed are laid upon the table face down, without showing
them to the other players. ... Three of a kind cannot be discarded, but four of a kind may be
considered as two pairs. The discarding of pairs complete, the dealer begins by spreading her
remaining cards like a fan, and presenting them, face downward, to her left-hand neighbour, who
must draw one card at random. The card so drawn is examined, and if it completes a pair, the two
cards are discarded. Whether it forms a pair or not, the player's cards are spread and presented
to the next player on the left ... until it is found that one player remains with one card.
This card is of course the odd Queen, and the unfortunate holder of it is the Old Maid."

Old Bachelor (``removed`` a Jack or a King; variant ``old_bachelor``: the J♥ removed) is the
same game with that card deleted instead; the holder of the odd Jack (King) loses.

ASSUMPTIONS (the book is silent)
--------------------------------
1. *Seats and the deal*: player ``players - 1`` deals, so player 0 is the eldest hand; the cards
   go one at a time to the left from the dealer's left, so the players nearest his left hold
   the odd cards (51 among 4: thirteen to the first three, twelve to the dealer).
2. *A pair laid down is face down*: the table sees that a player laid a pair (two cards go
   down, her hand shrinks by two), never its rank or suits; she knows her own. The book is
   explicit ("without showing them to the other players"), so the other reading (pairs shown)
   is not offered. What each player sees of a draw follows: the drawer sees the card she drew,
   the player drawn from knows the card she lost, the others see only that a card went across
   and whether a pair went down after it.
3. *Pairs are compelled and laid at once*: after the deal each player, from the eldest hand,
   lays every pair she holds (of three of a kind the two lowest in suit order ♠ ♥ ♦ ♣, the third
   stays; four of a kind are two pairs); a card drawn that completes a pair is laid with its
   mate at once. These are forced steps inside the deal's last card or the draw, logged. The
   suits mean nothing at this game, so which two of three go changes only the record.
4. *The fan*: the holder's cards are fanned face down in an order the drawer cannot know; the
   drawer's decision is a position in the fan (1 to k from her left), taken without any
   information; the card under it is then drawn by chance, each card of the fan equally
   likely. That is the fan shuffled uniformly before each draw, with the shuffle's outcome
   looked at only where the drawer's finger falls (the principle of deferred decisions: the
   card at a position chosen independently of a uniform order is uniform); the order of the
   rest of the fan is never made, so no view can show it. A fan of one card leaves no choice:
   its card is drawn at once (no decision is asked).
5. *Turn order*: the first drawer is the nearest player on the dealer's left who holds cards
   after the pairs are out; each drawer draws from the nearest player on her right who still
   holds cards, then presents her own fan to the nearest player on her left who holds cards.
   A player with no cards drops out (logged); the deal ends when one player alone holds cards:
   every other rank is then out in pairs (each rank's cards in hands are an even number and
   no hand holds two of a rank), so she holds one card, of the odd rank.
6. *No other scoring*: "the only loser". Returns: -1 for the Old Maid (the book's one stake,
   lost), 1/(n-1) to each other player, so every deal is zero-sum and the loser's return is -1
   whatever the number of players (a seat's mean return is 1/(n-1) - n/(n-1) * P(Old Maid)).
   ``max_utility`` = 1/(n-1) (a winner's share), ``min_utility`` = -1.
7. *Players*: "any number"; from 2 to 8. Eight keeps every hand of the deal at six cards or
   more (51 among 8: seven to three players, six to five), so that the pairs of the deal leave
   most players cards to draw with; more players would leave hands of four or five cards that
   often pair out at once, and every count is a declared variant that the generic suites play.
   Two-handed, the hands are known to both after the pairs are out (the pack less one's own
   cards is the other's deal, paired out by rule 3), so the game is one of perfect information
   from the first draw on: it is played (``players=2``) but is not a declared variant, because
   the generic suites of hidden information, which need a card some player cannot see at a
   decision, have nothing to check in it (as at Earl of Coventry).
8. *A bound on the length*: a deal could in principle go on for ever (a card passed round and
   round without pairing), with a chance that shrinks geometrically; OpenSpiel needs a bound,
   so a deal is abandoned unpaid (all returns 0) after ``max_draws`` draws (default 500).
   Measured on 4,000 seeded random deals eight-handed (the longest count): 82 draws on
   average, 99.9% of deals under 177, the longest 194, the tail falling about tenfold every
   27 draws; six-handed 58, 130 and 137. The tiny configuration stops after 3 draws.
9. *Reduced packs* (``ranks``, ``suits``), for fast tests and the tiny tree only: the pack is
   the ``ranks`` highest ranks (K Q J ...) of the first ``suits`` suits (♠ ♥ ♦ ♣), less the
   removed card, which must lie in it.

Parameters
----------
===========  =======  ===========================================================================
name         default  meaning
===========  =======  ===========================================================================
players      4        2 to 8 (assumption 7)
removed      QH       the card deleted from the pack: QH for Old Maid, a Jack or King (JH, KH ...)
                      for Old Bachelor
ranks        13       ranks from the King down (reduced packs for tests; assumption 9)
suits        4        suits from ♠ (reduced packs for tests; assumption 9)
===========  =======  ===========================================================================

Variants: every other count of players from three (``three``, ``five`` ... ``eight``; two-handed
see assumption 7) and
``old_bachelor`` (the J♥ removed). ``small_config``: three players, K Q J 10 of each suit.
``replay_config``: the generic checks that rebuild state after state from its history (the
re-deals of the leak, determinizer and observer checks, deserializations, OpenSpiel's
``random_sim_test``) play each variant on the seven ranks from the King to the 7 (27 cards),
since a world built late in a long deal of the full pack can take seconds (the determinizer's
docstring gives the times); the game's own tests build worlds from the full pack at three to
eight hands.
No ``tiny_config`` (``no_tiny``: every policy is worth the same); ``TINY_CONFIG`` (three
players, K Q J of spades and hearts less the Q♥, five cards, three draws) is the tree on which
the game's own test holds the determinizer to exactness.

Actions
-------
The only decision is a position of the fan offered: action ``FIRST_POSITION`` (52) + p,
"draw card p+1 of the fan from the left", p from 0 to the fan's size less one (at most 13).
Chance outcomes are card ids: "deal ♥5 to player 2" in the deal, "the card drawn is ♥5" after
a position is chosen. ``NUM_DISTINCT_ACTIONS`` = 52 + 13 = 65.

Information and the determinizer
--------------------------------
Hidden: the other hands, every pair laid down by another player, and in the deal the cards to
come. Public: each hand's size, how many pairs each player has laid, who draws from whom and
the position she chose, who dropped out. The determinizer
(:mod:`~hoyle.envs.games.old_maid.determinizer`) draws a whole history forward, exact by
rejection where rejection succeeds (three hands; early in larger deals); otherwise it finds a
world from the player's information alone by a complete backtracking search
(:mod:`~hoyle.envs.games.old_maid.construct`): always consistent, not uniform, never the true
history. What a player knows of the others'
hands depends on every card's story, which no mask per holder says.

Observation tensor (``perfect_recall=False``; n = players, h = the largest hand, P = pairs).
Seats are relative to the observer (row 0 = him, row 1 = the player on his left ...).

==============  ============  ========================================================
piece           shape         contents
==============  ============  ========================================================
hand            (52,)         his hand
laid            (52,)         the pairs he laid down
shown           (52,)         cards laid face up (none: assumption 2)
hand_sizes      (n, h + 1)    each seat's number of cards, one-hot
pairs           (n, P + 1)    each seat's number of pairs laid down, one-hot
drawer          (n,)          who draws next
giver           (n,)          whose fan she draws from
dealer          (n,)          the dealer
phase           (4,)          deal, fan, draw, over
old_maid        (n,)          the loser, at the end
==============  ============  ========================================================

The information state (``perfect_recall=True``) adds ``events``: one row per event (a card
dealt, a pair laid down, a position chosen, a card drawn, a player out, the end).

Layout: ``rules`` (the state and the rules), ``view`` (what a player sees, its tensor, string
and table), ``determinizer``; this module registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.games.old_maid.rules import (
    CARD_CHOICES,
    DEFAULT_MAX_DRAWS,
    DEFAULT_REMOVED,
    FIRST_POSITION,
    MAX_MAX_DRAWS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_DISTINCT_ACTIONS,
    OldMaidRules,
    OldMaidState,
    reduced_pack,
)
from hoyle.envs.games.old_maid.view import (
    DEAL,
    DRAW,
    EV_CHOOSE,
    EV_DEAL,
    EV_DRAW,
    EV_LAY,
    EV_OLD_MAID,
    EV_OUT,
    FAN,
    NUM_CARDS,
    OVER,
    OldMaidView,
)

__all__ = [
    "DEAL",
    "DEFAULT_MAX_DRAWS",
    "DRAW",
    "EV_CHOOSE",
    "EV_DEAL",
    "EV_DRAW",
    "EV_LAY",
    "EV_OLD_MAID",
    "EV_OUT",
    "FAN",
    "FIRST_POSITION",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_CARDS",
    "NUM_DISTINCT_ACTIONS",
    "OVER",
    "TINY_CONFIG",
    "OldMaidRules",
    "OldMaidState",
    "OldMaidView",
    "make_rules",
    "reduced_pack",
]

COUNT_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
DEFAULT_PLAYERS = 4
PERFECT_PLAYERS = 2
"""Two-handed, each player knows the other's hand from the first draw on: played, but not a
declared variant, since the suites of hidden information have nothing to hold it to
(assumption 7)."""
TINY_CONFIG: dict[str, ParamValue] = {"players": 3, "ranks": 3, "suits": 2, "max_draws": 3}


def make_rules(params: Mapping[str, ParamValue]) -> OldMaidRules:
    return OldMaidRules(params)


def _variants() -> dict[str, dict[str, ParamValue]]:
    out: dict[str, dict[str, ParamValue]] = {
        name: {"players": n}
        for n, name in COUNT_NAMES.items()
        if n not in (DEFAULT_PLAYERS, PERFECT_PLAYERS)
    }
    out["old_bachelor"] = {"removed": "JH"}
    return out


GAME = register(
    GameSpec(
        short_name="old_maid",
        title="Old Maid",
        book=FOSTER,
        section="OLD MAID",
        make_rules=make_rules,
        params={
            "players": Param(
                DEFAULT_PLAYERS,
                "number of players (any number; 2 to 8, ASSUMPTION)",
                tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            ),
            "removed": Param(
                DEFAULT_REMOVED,
                "the card deleted from the pack: QH (Old Maid), a Jack or King (Old Bachelor)",
                CARD_CHOICES,
            ),
            "ranks": Param(
                NUM_RANKS,
                "ranks from the King down (reduced packs for tests; ASSUMPTION)",
                tuple(range(1, NUM_RANKS + 1)),
            ),
            "max_draws": Param(
                DEFAULT_MAX_DRAWS,
                "draws after which the deal is abandoned unpaid (ASSUMPTION)",
                low=1,
                high=MAX_MAX_DRAWS,
            ),
            "suits": Param(
                NUM_SUITS,
                "suits from spades (reduced packs for tests; ASSUMPTION)",
                tuple(range(1, NUM_SUITS + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants=_variants(),
        small_config={"players": 3, "ranks": 4},
        replay_config={"ranks": 7},
        no_tiny="No policy of Old Maid is worth more than another (every position gives a "
        "uniform card of the fan), so every policy's NashConv is 0 and a full-tree solver has "
        "nothing to find; the determinizer's exactness is held to the whole tree of "
        "TINY_CONFIG (three players, five cards, 3,062 nodes) by the game's own test.",
        reference="go_fish",
        summary="Deal out 51 cards, lay down pairs, draw blind from the fan on your right; "
        "the holder of the odd Queen is the Old Maid.",
    )
)
