"""A heuristic agent for Newmarket, Spin and Saratoga: the book's one hint, and our own.

Foster gives one hint, in the Spin paragraph (Foster, *Complete Hoyle*, SPIN): a player
holding the diamond Ace "If this player saw that another was very likely to win the game at
any moment, and he had a pool card to play, he might stop the spade sequence by playing both
the Ten and the diamond ace together". That is ``spin-for-pool``. The rest are our own (not the
book's), built from what decides the game: every card still held at the end pays the first
out, a pool card held at the end wins nothing, and whoever plays the last card before a stop
opens again. In priority order:

1. ``spin-for-pool`` (the book's): at Spin, asked after playing to the sequence, spin when
   another player is down to :data:`NEAR_OUT` cards or fewer and you hold a pool card whose
   pool holds counters (you then open with it and take the pool).
2. ``keep-the-stop`` (our own): otherwise keep the diamond Ace, the stop you may put on any
   sequence you play to, for when it pays; spin only when it is your last card (you go out).
3. ``name-least-stake`` (our own): the dealer names the least stake, four. The stake is made
   before the deal, so no seat knows more than another where it will go.
4. ``stake-on-ace`` (our own): put the counters on the ♥A: the lowest heart is always an
   opening card for its holder, so no stop below it can strand its pool.
5. ``lead-pool-card`` (our own): open with a pool card when one may open and its pool holds
   counters: it wins the pool at once, and held at the end it wins nothing.
6. ``track-stops`` (our own): open where your run ends on a stop you know: the King, or a card
   the table has seen played or every other player has said he is without; you then open
   again. It reads the memory of the deal (the cards played and the "withouts" announced);
   without it (``heuristic:-track-stops``) the player uses only his hand and the sequence.
7. ``lead-longest-run`` (our own): open the suit where your cards run longest from its lowest
   card, shedding the most cards at once.

Every hint reads only the player's view (``state.player_view(player)``).

Measured (duplicate deals, the four seat rotations, seed 1): against three random players
(``hoyle match newmarket --agents heuristic,random --deals 300 --seed 1``,
``docs/leaderboards/newmarket-field``) +1.707 [+1.279, +2.134] counters a deal, 2.28 a deal
more than the random field; against three copies of itself without the memory
(``--agents heuristic,heuristic:-track-stops --deals 100``) +1.05 [+0.37, +1.73] counters a deal
more than the field: the memory of the stops is worth about a counter a deal.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.pools import pool_sizes
from hoyle.envs.core.stops import LEAD, PLAY, PLAYED
from hoyle.envs.games.newmarket import (
    GAME as NEWMARKET,
)
from hoyle.envs.games.newmarket import (
    LAYOUT,
    NAME_STAKE_BASE,
    NAMING,
    PLACE_BASE,
    PLACING,
    SPIN_CARD,
    NewmarketView,
    division_of,
)

OURS = "our own, not the book's: Foster gives no hint for this"
BOOK = f"{NEWMARKET.citation}: SPIN"
HEART_ACE = 0
"""The ♥A's division (``LAYOUT[0]``)."""
NEAR_OUT = 2
"""A player with this many cards or fewer "was very likely to win the game at any moment"."""


def _asked_to_spin(view: NewmarketView, legal: Sequence[int]) -> bool:
    return view.phase == PLAY and view.point == PLAYED and SPIN_CARD in legal


def _leading(view: NewmarketView) -> bool:
    return view.phase == PLAY and view.point == LEAD


def run_of(view: NewmarketView, c: int) -> tuple[int, ...]:
    """The cards an opening with ``c`` plays from the hand: ``c`` and the run after it."""
    return (c, *view.rules.order.run(view.hand, c))


def known_stop(view: NewmarketView, c: int | None) -> bool:
    """Whether nobody can continue with ``c``, as the table's memory tells: above the King,
    played already, or every other player has said he is without it."""
    if c is None or view.played >> c & 1:
        return True
    others = (q for q in range(view.num_players) if q != view.player)
    return all(view.lacks[q] >> c & 1 for q in others)


def spin_for_pool(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Spin when another is near out and a pool card with counters on it is yours to open."""
    if not _asked_to_spin(view, legal):
        return []
    near = any(k <= NEAR_OUT for q, k in enumerate(view.hand_sizes) if q != view.player and k > 0)
    sizes = pool_sizes(view.pools)
    pool_card = any(view.hand >> c & 1 and sizes[d] for d, c in enumerate(LAYOUT))
    return [SPIN_CARD] if near and pool_card else []


def keep_the_stop(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Keep the diamond Ace unless it is the last card (spinning then goes out)."""
    if not _asked_to_spin(view, legal):
        return []
    return [SPIN_CARD] if view.hand == 1 << SPIN_CARD else [a for a in legal if a != SPIN_CARD]


def name_least_stake(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """The dealer names four, the least."""
    if view.phase != NAMING:
        return []
    least = NAME_STAKE_BASE  # a stake of MIN_STAKE
    return [least] if least in legal else []


def stake_on_ace(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Each counter on the ♥A."""
    if view.phase != PLACING:
        return []
    ace = PLACE_BASE + HEART_ACE
    return [ace] if ace in legal else []


def lead_pool_card(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Open with a pool card whose pool holds counters."""
    if not _leading(view):
        return []
    sizes = pool_sizes(view.pools)
    return [c for c in legal if (d := division_of(c)) is not None and sizes[d] > 0]


def track_stops(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Open where the run ends on a known stop: you open again."""
    if not _leading(view):
        return []
    order = view.rules.order
    return [c for c in legal if known_stop(view, order.after(run_of(view, c)[-1]))]


def lead_longest_run(view: NewmarketView, legal: Sequence[int]) -> list[int]:
    """Open the suit whose run from its lowest card is longest."""
    if not _leading(view):
        return []
    lengths = {c: len(run_of(view, c)) for c in legal}
    best = max(lengths.values())
    return [c for c in legal if lengths[c] == best]


HINTS = register_hints(
    "newmarket",
    (
        Hint(
            "newmarket.spin-for-pool",
            BOOK,
            "If another is very likely to win at any moment, and you have a pool card to "
            "play, stop the sequence with the diamond Ace: Spin.",
            spin_for_pool,
        ),
        Hint(
            "newmarket.keep-the-stop",
            OURS,
            "Otherwise keep the diamond Ace (your stop) unless it is your last card (our own).",
            keep_the_stop,
        ),
        Hint(
            "newmarket.name-least-stake",
            OURS,
            "As dealer name the least stake, four: nobody stakes knowing the cards (our own).",
            name_least_stake,
        ),
        Hint(
            "newmarket.stake-on-ace",
            OURS,
            "Stake on the ♥A, the pool card no stop below it can strand (our own).",
            stake_on_ace,
        ),
        Hint(
            "newmarket.lead-pool-card",
            OURS,
            "Open with a pool card when you may and its pool holds counters (our own).",
            lead_pool_card,
        ),
        Hint(
            "newmarket.track-stops",
            OURS,
            "Open where your run ends on a known stop (King, played, all without it), to open "
            "again (our own).",
            track_stops,
            memory=True,
        ),
        Hint(
            "newmarket.lead-longest-run",
            OURS,
            "Open the suit where your cards run longest from its lowest card (our own).",
            lead_longest_run,
        ),
    ),
)
