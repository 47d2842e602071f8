"""Heart Solo, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "HEART SOLO", the
three-handed form given at the end of "SOLO"; RULES.md §6.6).

"A game for three players, in which the pack is reduced to twenty-four cards by deleting the
Eight of hearts, and all the diamonds but the Seven. Diamonds are always colour, and there are
only three trumps in that suit; Spadilla, Manilla, and Basta. The only play is for the Solo, and
if no one will make a bid, the hands are played in colour, and the winner of the last trick loses
the value of a Solo."

Shared mechanism: this module is :class:`hoyle.envs.games.solo.SoloRules` built with
``heart=True`` (the state, view, action layout, observer, determinizer and ``card_play`` are
Solo's, documented there); only the pack, the bids, the games and the no-bid hand differ:

* 24 cards: A K Q J 10 9 8 7 of spades and clubs, A K Q J 10 9 7 of hearts, the ♦7. Eight each,
  3-2-3 from the eldest hand. Spadilla (♣Q), Manilla (the 7 of trumps), Basta (♠Q) as at Solo
  (:func:`heart_solo_tricks`); with diamonds trumps these three are the only trumps.
* Only a Solo may be bid. ASSUMPTION (RULES.md §6.6): a bid is 4 (a Solo in suit) or 8 (a Solo in
  colour, diamonds trumps), rising as at Solo; the winner names trumps (diamonds if he bid 8)
  and needs five tricks alone; he wins from or loses to each of the two adversaries. There is no
  called Ace, Forcée, Tout or going on in the text, so none here.
* If nobody bids, the hand is played in colour (diamonds trumps) to the last trick, and the
  winner of the last trick loses the value of a Solo: ASSUMPTION, the value in colour, 8, paid
  to each other player.

Returns: counters won or lost in one deal (one unit = one counter); zero-sum; from -16 to 16.
The action layout (only the Solo announcements and the bids 4 and 8 are ever legal), the
observation tensor (``P`` = 3, ``n`` = 24) and the game-length bound are Solo's.

Parameters
----------
==========  =======  ======================================================
``dealer``  2        the dealer; the seat on his left is the eldest hand
==========  =======  ======================================================
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from hoyle.envs.core.cards import DIAMONDS
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.tricks import TrickRules
from hoyle.envs.games.solo import SoloRules, solo_tricks


def heart_solo_tricks(trump: int = DIAMONDS) -> TrickRules:
    """§6.6: Solo's trick rules (:func:`~hoyle.envs.games.solo.solo_tricks`) on the 24-card
    pack; diamonds (colour) by default, which then has only Spadilla, Manilla (♦7) and Basta as
    trumps; a Solo in suit names one of the other suits."""
    return dataclasses.replace(solo_tricks(trump), name=f"heart-solo-{trump}")


class HeartSoloRules(SoloRules):
    """Solo's rules on the Heart Solo pack, bids and payments (``SoloRules(heart=True)``)."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        super().__init__(params, heart=True, tricks=heart_solo_tricks)


def make_rules(params: Mapping[str, ParamValue]) -> HeartSoloRules:
    return HeartSoloRules(params)


GAME = register(
    GameSpec(
        short_name="heart_solo",
        title="Heart Solo",
        book=FOSTER,
        section="SOLO, Heart Solo (Odd Games)",
        make_rules=make_rules,
        params={
            "dealer": Param(2, "the dealer; the seat on his left is the eldest hand", (0, 1, 2)),
        },
        min_players=3,
        max_players=3,
        small_config={"dealer": 0},
        no_tiny="The book's 24 cards are the game (Spadilla, Manilla and Basta, five tricks of "
        "eight: no reduced pack, as at Solo), dealt one at a time: 24! ≈ 6.2e+23 orders.",
        reference="skat",
        summary="Three-handed Solo on 24 cards; if nobody bids, the last trick loses.",
    )
)
