"""A heuristic agent for Earl of Coventry and Jig as named, toggleable rules — *our own, not the
book's*.

Foster gives no hints for either game. The only choice is the lead (every card after it is
compelled), and what decides a deal is who sheds his cards first. A lead sheds the leader's own
cards that the round will call for, lets the others shed theirs, and gives the next lead to
whoever lays the fourth card (or the last before a stop at Jig). Hence, in priority order:

1. ``keep-lead``: lead a card after which you are sure to lead again, from your own hand alone:
   at Earl of Coventry a rank of which you hold three or four (you lay the fourth whatever the
   others hold); at Jig a card whose four are all yours, or whose run of your own cards ends at
   the King. Among them, the one that sheds most.
2. ``track-stops``: memory of the cards laid. At Jig a card laid before is a *stop*: a lead whose
   run of your own cards ends at a stop is as sure to bring the lead back as one that ends at
   the King (lead ♥5 with ♥6 laid: you shed a card and lead again, the others shed none). At
   Earl of Coventry a round ends only when its four cards are down, so the ranks laid are
   exactly the ranks nobody holds: memory tells nothing the hand does not, and the hint has no
   opinion there (the value of memory measured at Earl is zero by construction).
3. ``shed-most``: otherwise lead where you shed most and the others least: at Earl of Coventry
   the rank of which you hold most (with two, you lay the fourth when the other two are in
   different hands); at Jig the card with most of your own among the four it may run to.
4. ``lead-low``: at Jig, lead the lowest of the cards left (a low card has more cards above it
   that the others must lay before a King ends the run); at Earl of Coventry no opinion.

Every hint reads only the player's view (``state.player_view(player)``); with
``heuristic:-track-stops`` the player uses only his own hand and the round in play.

Measured four-handed on duplicate deals, every seat rotation (``hoyle match earl_of_coventry
--agents heuristic,random --deals 300 --seed 1``; ``docs/leaderboards/earl_of_coventry-field``):
the heuristic minus the field of ``random`` +0.762 counters a deal, 95% CI [+0.374, +1.151]
(it wins no more deals than random, 23.2%, but pays less when it loses); Jig +1.879 [+1.289,
+2.469]. The value of memory, against three ``heuristic:-track-stops`` over 200 deals: Jig
+0.870 [+0.444, +1.296], Earl of Coventry +0.015 [-0.343, +0.373]. Without ``lead-low`` Jig
scores +1.895 [+1.411, +2.379] against ``random`` (200 deals; +1.695 [+1.202, +2.188] with it
on the same deals): the hint is kept as a tie-break, not shown to help.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import NUM_SUITS, card, rank_of
from hoyle.envs.core.runs import ACE_TO_KING
from hoyle.envs.games.earl_of_coventry import RUN_LENGTH, EarlView

SOURCE = "our own, not the book's: Foster gives no hints for Earl of Coventry or Jig"


def rank_count(view: EarlView, c: int) -> int:
    """How many cards of ``c``'s rank the player holds."""
    r = rank_of(c)
    return sum(view.hand >> card(t, r) & 1 for t in range(NUM_SUITS))


def jig_run(view: EarlView, c: int, stops: int) -> tuple[int, bool]:
    """Leading ``c`` at Jig: how many of his own cards the player is sure to lay (``c``
    included) before someone else must lay one, and whether the sequence then ends with him
    to lead again: his four, the King (or the top of the pack), or a card of ``stops``."""
    pack = view.rules.pack_mask
    mine, last = 1, c
    while mine < RUN_LENGTH:
        nxt = ACE_TO_KING.after(last)
        if nxt is None or not pack >> nxt & 1 or stops >> nxt & 1:
            return mine, True
        if not view.hand >> nxt & 1:
            return mine, False
        mine, last = mine + 1, nxt
    return mine, True


def jig_shed(view: EarlView, c: int) -> int:
    """Leading ``c`` at Jig: how many of the player's own cards are among the four it may run
    to (his hand alone: a card he does not hold is laid by another, and the run goes on)."""
    pack = view.rules.pack_mask
    mine, last = 1, c
    for _ in range(RUN_LENGTH - 1):
        nxt = ACE_TO_KING.after(last)
        if nxt is None or not pack >> nxt & 1:
            break
        mine += view.hand >> nxt & 1
        last = nxt
    return mine


def _best(legal: Sequence[int], score: dict[int, int]) -> list[int]:
    if not score:
        return []
    top = max(score.values())
    return [a for a in legal if score.get(a) == top]


def keep_lead(view: EarlView, legal: Sequence[int]) -> list[int]:
    """Leads sure to bring the lead back, from the hand alone; the one that sheds most."""
    score: dict[int, int] = {}
    for c in legal:
        if view.jig:
            mine, back = jig_run(view, c, 0)
        else:
            mine = rank_count(view, c)
            back = mine >= 3
        if back:
            score[c] = mine
    return _best(legal, score)


def track_stops(view: EarlView, legal: Sequence[int]) -> list[int]:
    """At Jig, leads sure to bring the lead back counting the cards laid as stops; the one
    that sheds most. At Earl of Coventry no opinion (memory tells nothing there)."""
    if not view.jig:
        return []
    laid = view.laid
    score: dict[int, int] = {}
    for c in legal:
        mine, back = jig_run(view, c, laid)
        if back:
            score[c] = mine
    return _best(legal, score)


def shed_most(view: EarlView, legal: Sequence[int]) -> list[int]:
    """The lead that sheds most of the player's own cards."""
    counter = jig_shed if view.jig else rank_count
    return _best(legal, {c: counter(view, c) for c in legal})


def lead_low(view: EarlView, legal: Sequence[int]) -> list[int]:
    """At Jig, the lowest rank among the leads left."""
    if not view.jig:
        return []
    low = min(rank_of(c) for c in legal)
    return [c for c in legal if rank_of(c) == low]


HINTS = register_hints(
    "earl_of_coventry",
    (
        Hint(
            "earl_of_coventry.keep-lead",
            SOURCE,
            "Lead where you are sure to lead again: three or four of a rank; at Jig your own "
            "run to the King or your own four (our own, not the book's).",
            keep_lead,
        ),
        Hint(
            "earl_of_coventry.track-stops",
            SOURCE,
            "Remember the cards laid: at Jig a lead whose run of your cards ends at a card laid "
            "before brings the lead back (our own, not the book's).",
            track_stops,
            memory=True,
        ),
        Hint(
            "earl_of_coventry.shed-most",
            SOURCE,
            "Lead where you shed most: the rank you hold most of; at Jig the most of your own "
            "among the four (our own, not the book's).",
            shed_most,
        ),
        Hint(
            "earl_of_coventry.lead-low",
            SOURCE,
            "At Jig lead low: more cards above it for the others to lay (our own, not the book's).",
            lead_low,
        ),
    ),
)

__all__ = ["HINTS", "jig_run", "jig_shed", "rank_count"]
