"""A heuristic agent for Lift Smoke as named, toggleable rules — *not the book's*.

Foster gives no "Suggestions for Good Play" for Lift Smoke (RULES.md §10 has none), so these
hints are this project's, built from what decides the game: only the winner of a trick draws,
so every trick won while the stock lasts keeps the winner's hand a card larger than each other
player's, and the last player with a card wins the pool. Once the stock is empty no trick
brings a card, hand sizes fall together, and only the very last trick among the players left
with the most cards matters: its winner takes the pool. Hence, in priority order:

1. ``save-best-for-last``: with the stock empty, play the lowest card (tricks bring nothing
   now; keep the best card for the last trick).
2. ``win-trick``: following, with cards left in the stock, win the trick if you can: with the
   cheapest card that no player still to play can beat (a *sure* winner), else with the
   cheapest card that beats the table.
3. ``lead-master``: leading, lead a card nobody can beat: a plain card with no higher card of
   its suit unseen (unless a player still in is known to be void in it), else the master trump.
4. ``shed-low``: otherwise play low, and keep trumps to the end: the lowest plain card
   (from the shortest suit, to make a void one can trump into later), else the lowest trump.

Every hint reads only the player's view (``state.player_view(player)``).

Measured (``hoyle match lift_smoke --agents heuristic,random,random,random --deals 200
--seed 1``: duplicate deals, the four seat rotations): +0.295 counters a deal, 95% CI
[+0.192, +0.398], 32.4% of the pools against 25% for an agent no better than random; five
players +0.315 [+0.205, +0.425], six +0.275 [+0.164, +0.386]. Ablation over 1,000 deals (seed
2; the full agent +0.390 [+0.341, +0.439]): without ``win-trick`` +0.069, without ``shed-low``
+0.189, without ``lead-master`` +0.332, without ``save-best-for-last`` unchanged — the stock
(28 cards four-handed) is practically never exhausted before the game ends in the full pack,
so that hint matters only with reduced packs.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import NUM_SUITS, SUIT_MASKS, iter_cards, suit_of
from hoyle.envs.core.tricks import trick_winner
from hoyle.envs.games.lift_smoke import LiftSmokeView

SOURCE = "not the book's: Foster gives no hints for Lift Smoke (RULES.md §10); this project's"


def power(view: LiftSmokeView, c: int) -> int:
    """The card's trick-taking power (trumps above every plain card)."""
    return view.tricks.power[c]


def beats_table(view: LiftSmokeView, c: int) -> bool:
    """Whether ``c`` would win the trick as it stands (``True`` when leading)."""
    if not view.trick:
        return True
    return trick_winner((*view.trick, c), view.tricks) == len(view.trick)


def later_seats(view: LiftSmokeView) -> tuple[int, ...]:
    """The players still to play to this trick after the viewer (all others when leading)."""
    seats = view.trick_seats
    if not view.trick:
        n = view.num_players
        return tuple(
            (view.player + i) % n
            for i in range(1, n)
            if (view.active >> ((view.player + i) % n)) & 1
        )
    return seats[len(view.trick) + 1 :]


def is_sure(view: LiftSmokeView, c: int) -> bool:
    """Whether ``c`` wins the trick whatever the players still to play hold, as far as the
    table knows: no higher card of its suit is unseen (or in the dealer's hand as the turn-up);
    and for a plain card, either no trump is out, or nobody still to play is known to be void
    in its suit and enough of the suit is unseen (two for each of them) that they probably all
    follow."""
    if not beats_table(view, c):
        return False
    later = later_seats(view)
    if not later:
        return True
    danger = view.unseen()
    if view.turnup >= 0 and view.dealer in later:
        danger |= 1 << view.turnup
    s = suit_of(c)
    if any(power(view, t) > power(view, c) for t in iter_cards(danger & SUIT_MASKS[s])):
        return False
    trump = view.trump
    if s == trump or not danger & SUIT_MASKS[trump]:
        return True
    known_void = any(view.voids[q] >> s & 1 and not view.voids[q] >> trump & 1 for q in later)
    return not known_void and (danger & SUIT_MASKS[s]).bit_count() >= 2 * len(later)


def lowest(view: LiftSmokeView, cards: Sequence[int]) -> list[int]:
    """The cards of least power among ``cards``."""
    if not cards:
        return []
    low = min(power(view, c) for c in cards)
    return [c for c in cards if power(view, c) == low]


def save_best_for_last(view: LiftSmokeView, legal: Sequence[int]) -> list[int]:
    """Stock empty: play the lowest card; keep the best for the last trick."""
    if view.stock > 0:
        return []
    return lowest(view, legal)


def win_trick(view: LiftSmokeView, legal: Sequence[int]) -> list[int]:
    """Following with a stock left: win with the cheapest sure winner, else the cheapest
    card that beats the table."""
    if not view.trick or view.stock == 0:
        return []
    winners = [c for c in legal if beats_table(view, c)]
    if not winners:
        return []
    sure = [c for c in winners if is_sure(view, c)]
    return lowest(view, sure or winners)


def lead_master(view: LiftSmokeView, legal: Sequence[int]) -> list[int]:
    """Leading: a plain master nobody is known to trump, else the master trump."""
    if view.trick:
        return []
    sure = [c for c in legal if is_sure(view, c)]
    plain = [c for c in sure if suit_of(c) != view.trump]
    return lowest(view, plain or sure)


def shed_low(view: LiftSmokeView, legal: Sequence[int]) -> list[int]:
    """The lowest plain card, from the shortest suit; trumps only when nothing else."""
    plain = [c for c in legal if suit_of(c) != view.trump]
    if not plain:
        return lowest(view, legal)
    low = lowest(view, plain)
    lengths = [(view.hand & SUIT_MASKS[s]).bit_count() for s in range(NUM_SUITS)]
    short = min(lengths[suit_of(c)] for c in low)
    return [c for c in low if lengths[suit_of(c)] == short]


HINTS = register_hints(
    "lift_smoke",
    (
        Hint(
            "lift_smoke.save-best-for-last",
            SOURCE,
            "With the stock empty a trick brings no card: play low, keep the best for the last.",
            save_best_for_last,
        ),
        Hint(
            "lift_smoke.win-trick",
            SOURCE,
            "While the stock lasts win the trick (the winner alone draws): cheapest sure winner.",
            win_trick,
        ),
        Hint(
            "lift_smoke.lead-master",
            SOURCE,
            "Lead a card nobody can beat: a plain master nobody is known to trump, else trumps.",
            lead_master,
        ),
        Hint(
            "lift_smoke.shed-low",
            SOURCE,
            "Otherwise play your lowest plain card, from your shortest suit; keep trumps to the end.",
            shed_low,
        ),
    ),
)
