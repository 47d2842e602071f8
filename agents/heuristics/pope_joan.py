"""A heuristic agent for Pope Joan as named, toggleable rules — *our own, not the book's*.

Foster gives no "Suggestions for Good Play" for Pope Joan: "the object of the game is twofold;
to get rid of all the cards before any other player does so, and to get rid of the cards which
appear on the layout". The only decision is the lead (every other play is forced), so these
rules choose what to lead, from what decides the game: a lead plays the card and every card of
the leader's hand that continues it (its *run*); a layout card played takes its pool at once,
held at the end it doubles it; a run that ends below a stop, or with the King, gives its player
the lead again; a card whose card below can never be played (an Ace, a card after a stop) is
played only if its holder leads it. In priority order:

1. ``win-pool``: lead the run that plays a layout card with counters on it (the largest pool).
2. ``track-stops``: remember the stops — lead a run that ends below a card known to be dead
   (played this deal, or said to be "without" by every other player, so lying in the stock),
   so that the lead comes back.
3. ``keep-the-lead``: lead a run that ends with the King, or below a card out of the pack (the
   8♦ removed, the trump turned up): the lead comes back whatever anyone holds.
4. ``lead-orphans``: lead a run whose first card nobody can play you into (an Ace, a card
   above one out of the pack, or, remembering, above one every other player is without).
5. ``longest-run``: lead the run that sheds the most cards.

Memory: ``track-stops`` is also the switch of the player's memory. With it off
(``heuristic:-track-stops``) every rule sees only his own hand, the live sequence and the
layout: the cards played before and the announcements are forgotten (the analytics' value of
memory is ``heuristic`` against ``heuristic:-track-stops``).

Every rule reads only the player's view (``state.player_view(player)``).

Measured (four players, one deal; ``hoyle match pope_joan --agents heuristic,random --deals
300 --seed 1``: duplicate deals, the four seat rotations; ``docs/leaderboards/pope_joan-field``):
the heuristic − the random field +1.35 [+0.90, +1.79] counters a deal (26.2% of the deals won
against 23.2%). Memory (``--agents heuristic,heuristic:-track-stops --deals 300 --seed 3``):
+0.19 [-0.15, +0.53] counters a deal over three players who forget, an interval that holds 0:
in one deal of Pope Joan a stop remembered rarely changes the lead chosen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from hoyle.agents.base import HoyleBot
from hoyle.agents.heuristics import HeuristicBot
from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import ACE, NUM_RANKS
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.core.runs import ACE_TO_KING
from hoyle.envs.games.pope_joan import PopeJoanView

SOURCE = "our own, not the book's: Foster gives no hints for Pope Joan (POPE JOAN)"
TRACK_STOPS = "pope_joan.track-stops"


def run_of(view: PopeJoanView, c: int) -> tuple[int, ...]:
    """The cards a lead of ``c`` plays from the viewer's hand: ``c`` and its run."""
    return (c, *ACE_TO_KING.run(view.hand & ~(1 << c), c))


def out_of_play(view: PopeJoanView) -> int:
    """Cards everybody knows nobody holds, memory or not: out of the pack, the trump turned."""
    out = ((1 << 52) - 1) & ~view.rules.pack
    if view.trump_card >= 0:
        out |= 1 << view.trump_card
    return out


def remembered_dead(view: PopeJoanView) -> int:
    """Cards the viewer knows are dead from this deal's play: played, or announced lacking by
    every other player (so in the stock). Empty when he does not remember
    (:func:`forget`)."""
    lacked = (1 << 52) - 1
    for q, lack in enumerate(view.lacks):
        if q != view.player:
            lacked &= lack
    return (view.played | lacked) & ~view.hand


def keeps_lead(view: PopeJoanView, c: int, dead: int) -> bool:
    """Whether leading ``c`` brings the lead back: its run ends with the King or below a card
    of ``dead``."""
    nxt = ACE_TO_KING.after(run_of(view, c)[-1])
    return nxt is None or bool(dead >> nxt & 1)


def win_pool(view: PopeJoanView, legal: Sequence[int]) -> list[int]:
    """The leads whose run takes the largest pool on the layout."""
    lay = view.layout
    sizes = pool_sizes(view.pools)
    best, out = 0, []
    for c in legal:
        run = 0
        for x in run_of(view, c):
            run |= 1 << x
        won = 0
        for d, cards in enumerate(lay.cards):
            if not sizes[d] or not cards & run:
                continue
            other = cards & ~run
            if not other:  # a single card, or both cards of a combination: the whole pool
                won += sizes[d]
            elif other & view.played:  # the other card played before: a share at least
                won += sizes[d] // 2
        if won > best:
            best, out = won, [c]
        elif won == best and won:
            out.append(c)
    return out


def track_stops(view: PopeJoanView, legal: Sequence[int]) -> list[int]:
    """The leads whose run ends below a card remembered dead (or the King), so he leads again."""
    dead = remembered_dead(view) | out_of_play(view)
    return [c for c in legal if keeps_lead(view, c, dead)]


def keep_the_lead(view: PopeJoanView, legal: Sequence[int]) -> list[int]:
    """The leads whose run ends with the King or below a card out of play."""
    dead = out_of_play(view)
    return [c for c in legal if keeps_lead(view, c, dead)]


def lead_orphans(view: PopeJoanView, legal: Sequence[int]) -> list[int]:
    """The leads nobody can play the viewer into: an Ace, or a card above a dead card."""
    dead = out_of_play(view) | remembered_dead(view)
    out = []
    for c in legal:
        if c % NUM_RANKS == ACE or dead >> (c - 1) & 1:
            out.append(c)
    return out


def longest_run(view: PopeJoanView, legal: Sequence[int]) -> list[int]:
    """The leads that shed the most cards."""
    if not legal:
        return []
    size = {c: len(run_of(view, c)) for c in legal}
    most = max(size.values())
    return [c for c in legal if size[c] == most]


HINTS = register_hints(
    "pope_joan",
    (
        Hint(
            "pope_joan.win-pool",
            SOURCE,
            "Lead the run that plays a layout card with counters on it: the pool is won at "
            "once, and held at the end the card doubles it (our own).",
            win_pool,
        ),
        Hint(
            TRACK_STOPS,
            SOURCE,
            "Remember the stops: lead a run that ends below a card played or that everyone "
            "else is without, so you lead again; off, forget all but hand and sequence (our own).",
            track_stops,
            memory=True,
        ),
        Hint(
            "pope_joan.keep-the-lead",
            SOURCE,
            "Lead a run that ends with the King or below a card out of the pack, so you lead "
            "again (our own).",
            keep_the_lead,
        ),
        Hint(
            "pope_joan.lead-orphans",
            SOURCE,
            "Lead first the cards nobody can play you into: Aces, cards above a stop (our own).",
            lead_orphans,
        ),
        Hint(
            "pope_joan.longest-run",
            SOURCE,
            "Lead the run that sheds the most cards (our own).",
            longest_run,
        ),
    ),
)


def forget(view: PopeJoanView) -> PopeJoanView:
    """``view`` as a player without memory sees it: his hand, the live sequence, the layout;
    the cards played before, the announcements and the log forgotten."""
    n = view.num_players
    return dataclasses.replace(view, played=0, lacks=(0,) * n, log=())


class PopeJoanHeuristic(HeuristicBot):
    """The hints above; with ``track-stops`` off the player forgets (:func:`forget`)."""

    def __init__(
        self, game: Any, seed: int = 0, disabled: tuple[str, ...] = (), name: str = ""
    ) -> None:
        super().__init__(game, seed, disabled, name)
        self.remembers = any(h.id == TRACK_STOPS for h in self.policy.hints)

    def seen(self, view: Any) -> Any:
        return view if self.remembers else forget(view)


def from_spec(
    game: Any, options: dict[str, str], off: tuple[str, ...], seed: int, spec: str
) -> HoyleBot:
    """The ``heuristic`` agent of Pope Joan (no options)."""
    if options:
        raise ValueError(f"agent 'heuristic' takes no options for pope_joan; got {options}")
    return PopeJoanHeuristic(game, seed, off, spec)
