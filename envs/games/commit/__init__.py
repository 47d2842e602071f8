"""Commit, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "COMMIT").

The game
--------
Any number, each for himself, "with a pack of fifty-one cards, the Eight of diamonds having
been deleted". The cards rank in sequence only, "the ace is not in sequence with the King, but
below the 2". The players "make up a pool"; the dealer gives the cards one at a time "as far as
they will go, leaving any odd cards on the table face downward, to form what are known as
stops" ("it is usual to give only nine cards to each when there are five players").

The eldest hand leads any card and must play every card he holds above it in sequence; where
he fails he says "Without the Jack". The player on his left continues if he can, or says
"Without the Jack" too, and so on. "When the sequence reaches the King, it is stopped, and the
player who held the King receives a counter from each player at the table. The same player
then begins another sequence with any card he pleases. If a sequence is opened with an ace, a
counter may be demanded from each player at the table." A sequence stopped by a card in the
stock, "or if the diamonds are run up to the Seven", is begun again by "the person who plays
the last card before the stop". "Should any player who is unable to continue a sequence in his
proper turn, hold the Nine of diamonds, he may play that card, and the player following him is
then at liberty to continue the original sequence or to play the Ten of diamonds, following
up that sequence. When the Nine of diamonds is played, the holder receives two counters from
each player at the table; but if it is not got rid of in play, the holder of it must pay two
counters to each of the other players." "The first player to get rid of all his cards wins
the pool, and the cards remaining in the other hands are then exposed. Any player holding a
King must pay a counter for it to each of the other players."

The play of the cards (the deal, the runs, the announcements, the stops, who leads, who is
asked) is the stops engine's, shared with Pope Joan and Newmarket
(:mod:`hoyle.envs.core.stops`); this package adds the payments, the 9♦ and the settlement.

ASSUMPTIONS (the text is silent or open)
----------------------------------------
1. *Seats and the deal*: the draw for seats and deal is not played; player ``players - 1``
   deals the first deal, so player 0 is the eldest hand; the deal passes to the left.
2. *The pool*: each player puts ``stake`` counters (default 1) in the pool before each deal;
   the first player out takes it. Somebody always goes out, so no pool is left standing; the
   returns still hand back any standing pool (:func:`~hoyle.envs.core.pools.final_counters`).
3. *The hand size*: ``hand_size`` (0: the book's, as many full rounds as the 51 cards go,
   and 9 for five players): 3 players 17 each (no stop but the 8♦), 4: 12 (3 stops),
   5: 9 (6), 6: 8 (3), 7: 7 (2), 8: 6 (3).
4. *Known stops*: a card that is out of the pack (the 8♦) or already played cannot continue
   a sequence, and everybody knows it: the sequence stops at once and the player of its last
   card begins another, nobody announcing "without" (the book's "if the diamonds are run up
   to the Seven"). A card in the stock is found out by going round: every player announces
   he is without it, and the lead comes back to the player of the last card.
5. *The run*: a player who continues a sequence plays every card of his that follows in
   sequence (the book says so of the leader; "the player on his left must then continue").
6. *The King* ends the sequence whoever holds the next card (there is none); its player
   receives 1 counter from each player and leads.
7. *The Ace lead*: "a counter may be demanded": it always is (``ace_lead=true``; the other
   reading, ``ace_lead=false``, pays nothing). Any sequence opened with an Ace, the first or
   a later one.
8. *The 9♦*: a player who, in his turn, cannot play (he has just announced he is without the
   card) may play the 9♦ instead; the player whose own run has just ended is not "in his
   turn" (his turn was the play). He plays the 9♦ alone. The next player then continues the
   original sequence or plays the 10♦ (each if he holds it; he chooses if he holds both);
   whichever is continued first is the live sequence and the other is dropped; if nobody
   continues either, the 9♦'s player begins another sequence (he played the last card). The
   9♦ earns its 2 from each whenever it is played (led, in a run, or by the privilege). Since
   whether a player holds the 9♦ is hidden, every player who announces "without" while the
   9♦ is unplayed is asked whether he plays it (``pass`` his only choice where he has it not).
9. *Kings held at the end*: a counter to each other player per King held.
10. *Several deals*: ``deals`` (default 1) plays that many deals, the counters carried.

Returns
-------
Each player's counters won less those paid, at the end of the sitting: exact and zero-sum
(each payment moves counters from one player to another). In one deal a player gains at most
``(n - 1) × (stake + 4 + 4 + 2)`` — the others' stakes, ``n - 1`` for each King he plays and
each Ace he leads (4 of each; the Aces only with ``ace_lead``), ``2(n - 1)`` for the 9♦ — and
loses at most ``stake + 4(n - 1) + 4 + 2(n - 1)`` (his stake, every King in his hand at the
end, an Ace led by another four times, the 9♦ left with him). ``max_utility`` and
``min_utility`` are those bounds times ``deals``.

Parameters
----------
=========  =======  ===============================================================================
name       default  meaning
=========  =======  ===============================================================================
players    4        3 to 8 (every count a variant); the table in assumption 3
hand_size  0        cards dealt to each; 0 = the book's (assumption 3)
stake      1        counters each player puts in the pool each deal (assumption 2)
ace_lead   true     an Ace led earns a counter from each (assumption 7)
deals      1        deals in the sitting, the deal passing to the left (assumption 10)
=========  =======  ===============================================================================

Why 3 to 8: with two players a sequence never goes round a table, and with more than eight
the hands are five cards or fewer, a deal over in a few leads; Pope Joan's table, the same
manner of play, runs from 3 to 8 too.

Actions
-------
The stops engine's: a card ``c`` (0-51) leads or plays it ("lead ♥5", "play ♦9"); ``PASS``
(52) announces "without" where two sequences are live, or declines the 9♦ ("pass").
``NUM_DISTINCT_ACTIONS`` = 53. Chance outcomes are card ids ("deal ♥5 to player 2").

Information and the determinizer
--------------------------------
Hidden: the other hands and the stops. Public: every card played, the announcements (a seat
that said "without the Jack" holds no Jack of that suit), each hand's size, the payments, and
the hands exposed at the end. The determinizer is the engine's: the other hands and the stops
drawn uniformly among the worlds where no seat holds a card it announced it was without.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.stops import FIRST_GAME_ACTION, PASS
from hoyle.envs.games.commit.rules import (
    EIGHT_OF_DIAMONDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NINE_OF_DIAMONDS,
    PACK,
    CommitRules,
    book_hand_size,
)

__all__ = [
    "EIGHT_OF_DIAMONDS",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NINE_OF_DIAMONDS",
    "NUM_DISTINCT_ACTIONS",
    "PACK",
    "PASS",
    "SMALL_CONFIG",
    "CommitRules",
    "book_hand_size",
    "make_rules",
]

NUM_DISTINCT_ACTIONS = FIRST_GAME_ACTION
MAX_DEALS = 20
SMALL_CONFIG: dict[str, ParamValue] = {"players": 3, "hand_size": 4}
"""Three players, four cards each (39 stops): a few leads a deal."""

_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def make_rules(params: Mapping[str, ParamValue]) -> CommitRules:
    return CommitRules(params)


def _check(params: Mapping[str, ParamValue]) -> str | None:
    n, size = int(params["players"]), int(params["hand_size"])
    if size * n > PACK.bit_count():
        return f"hand_size={size} for players={n} needs {size * n} cards; the pack has 51"
    return None


GAME = register(
    GameSpec(
        short_name="commit",
        title="Commit",
        book=FOSTER,
        section="COMMIT",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (each for himself)", low=3, high=8),
            "hand_size": Param(
                0,
                "cards dealt to each; 0 = as many full rounds as go, 9 for five players",
                low=0,
                high=17,
            ),
            "stake": Param(1, "counters each player puts in the pool each deal", low=1, high=10),
            "ace_lead": Param(True, "a sequence opened with an Ace earns a counter from each"),
            "deals": Param(
                1, "deals in the sitting, the deal passing to the left", low=1, high=MAX_DEALS
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={_WORDS[n]: {"players": n} for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if n != 4},
        small_config=SMALL_CONFIG,
        no_tiny="The deal alone is too large: three hands of one card from the 51 cards have "
        "51 × 50 × 49 = 124,950 orders, and one card each gives no decision worth the name.",
        reference="crazy_eights",
        check=_check,
        summary="Sequences run up each suit against unseen stops; Kings, Aces led and the 9♦ "
        "earn counters, the first out takes the pool.",
    )
)
