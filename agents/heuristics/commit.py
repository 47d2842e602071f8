"""A heuristic agent for Commit as named, toggleable rules — our own, not the book's.

Foster gives the rules of Commit and no hints for its play, so these are this project's, built
from what the rules pay: a King played earns a counter from each player and its player leads
again (a King kept costs a counter to each at the end); an Ace led earns a counter from each;
the 9♦ earns two from each when it is played and costs two to each when it is left in the
hand; the first out takes the pool. A player decides only when he leads, when he holds both
cards that continue the two sequences after the 9♦, and when, stuck, he may play the 9♦. In
priority order:

1. ``lead-king``: lead a King (a counter from each, the lead again, and no King left to pay
   for at the end).
2. ``play-nine``: stuck in your turn with the 9♦, play it: two counters from each now, a card
   fewer, and never the two to each for the 9♦ left in your hand.
3. ``lead-ace``: lead an Ace (a counter from each), the one whose run is longest.
4. ``lead-to-king``: lead a card whose run reaches a King you hold (you lead again).
5. ``track-stops``: lead a card whose run ends before a known stop — its next card out of the
   pack (the 8♦) or played, or announced missing by every other player — so that you lead
   again. The one hint that uses memory: the cards played and the "withouts" announced (from
   the log, the player's own view); without it the player uses only his hand and the live
   sequence.
6. ``shed-most``: lead (or continue with) the card after which you play the most cards, the
   lowest of those (low cards are the hard ones to get rid of: sequences only run upward).

Every hint reads only the player's view (``state.player_view(player)``).

Measured (``hoyle match commit --agents heuristic,random --deals 400 --seed 1``: four
players, duplicate deals, the four seat rotations; ``docs/leaderboards/commit-field``):
+2.166 counters a deal [+1.994, +2.338]; the heuristic minus the random field +2.888
[+2.658, +3.117]. Each hint switched off in three opponents (``--agents
heuristic,heuristic:-<hint> --deals 300 --seed 2``; the full heuristic minus that field):
lead-ace +1.283 [+1.104, +1.463], lead-king +0.580 [+0.395, +0.765], shed-most +0.181
[-0.006, +0.368], play-nine +0.176 [+0.027, +0.324], track-stops +0.071 [-0.089, +0.231]
(400 deals: +0.073 [-0.060, +0.207]), lead-to-king +0.041 [-0.050, +0.132]. Over 2,000
duplicate deals (``hoyle analytics commit``, ``docs/analytics/commit``) memory shows: the
heuristic's result against three copies without ``track-stops`` is +0.119 [+0.067, +0.171]
counters a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import ACE, KING, rank_of
from hoyle.envs.core.runs import ACE_TO_KING
from hoyle.envs.core.stops import CHOOSE, LEAD, STUCK, StopsView
from hoyle.envs.games.commit import NINE_OF_DIAMONDS, PACK

SOURCE = "our own, not the book's: Foster gives no hints for Commit; this project's"


def run_after(view: StopsView, c: int) -> tuple[int, ...]:
    """The cards of the viewer's hand he would play after ``c``, one after another."""
    return ACE_TO_KING.run(view.hand, c)


def last_of_run(view: StopsView, c: int) -> int:
    """The last card the viewer would play leading ``c``."""
    run = run_after(view, c)
    return run[-1] if run else c


def known_stop(view: StopsView, c: int) -> bool:
    """Whether ``c`` cannot continue a sequence, as far as the viewer's memory goes: out of
    the pack, played, or announced missing by every other player."""
    if not PACK >> c & 1 or view.played >> c & 1:
        return True
    others = [q for q in range(view.num_players) if q != view.player]
    return all(view.lacks[q] >> c & 1 for q in others)


def leading(view: StopsView) -> bool:
    return view.point == LEAD


def lead_king(view: StopsView, legal: Sequence[int]) -> list[int]:
    """A King led: a counter from each, and the lead again."""
    if not leading(view):
        return []
    return [c for c in legal if rank_of(c) == KING]


def play_nine(view: StopsView, legal: Sequence[int]) -> list[int]:
    """Stuck with the 9♦: play it (two from each now; never two to each at the end)."""
    if view.point != STUCK or NINE_OF_DIAMONDS not in legal:
        return []
    return [NINE_OF_DIAMONDS]


def lead_ace(view: StopsView, legal: Sequence[int]) -> list[int]:
    """An Ace led earns a counter from each: the Ace with the longest run."""
    if not leading(view):
        return []
    aces = [c for c in legal if rank_of(c) == ACE]
    return longest(view, aces)


def track_stops(view: StopsView, legal: Sequence[int]) -> list[int]:
    """Lead a card whose run ends before a known stop (memory: played cards, withouts)."""
    if not leading(view):
        return []
    out = []
    for c in legal:
        nxt = ACE_TO_KING.after(last_of_run(view, c))
        if nxt is not None and known_stop(view, nxt):  # a run to the King: lead-to-king's
            out.append(c)
    return out


def lead_to_king(view: StopsView, legal: Sequence[int]) -> list[int]:
    """Lead a card whose run reaches a King of the viewer's."""
    if not leading(view):
        return []
    return [c for c in legal if rank_of(last_of_run(view, c)) == KING]


def longest(view: StopsView, cards: Sequence[int]) -> list[int]:
    """The cards after which the viewer plays the most, the lowest of those."""
    if not cards:
        return []
    most = max(len(run_after(view, c)) for c in cards)
    best = [c for c in cards if len(run_after(view, c)) == most]
    low = min(rank_of(c) for c in best)
    return [c for c in best if rank_of(c) == low]


def shed_most(view: StopsView, legal: Sequence[int]) -> list[int]:
    """Lead or continue with the card that sheds the most cards, the lowest of those."""
    if view.point not in (LEAD, CHOOSE):
        return []
    return longest(view, legal)


HINTS = register_hints(
    "commit",
    (
        Hint(
            "commit.lead-king",
            SOURCE,
            "Lead a King: a counter from each, the lead again, no King to pay for.",
            lead_king,
        ),
        Hint(
            "commit.play-nine",
            SOURCE,
            "Stuck with the 9♦, play it: two from each now, never two to each at the end.",
            play_nine,
        ),
        Hint(
            "commit.lead-ace",
            SOURCE,
            "Lead an Ace (a counter from each), the one with the longest run.",
            lead_ace,
        ),
        Hint(
            "commit.lead-to-king",
            SOURCE,
            "Lead a card whose run reaches a King you hold.",
            lead_to_king,
        ),
        Hint(
            "commit.track-stops",
            SOURCE,
            "Remember the cards played and the withouts: lead the run that ends before a "
            "known stop, and lead again.",
            track_stops,
            memory=True,
        ),
        Hint(
            "commit.shed-most",
            SOURCE,
            "Lead the card after which you play the most cards, the lowest of those.",
            shed_most,
        ),
    ),
)
