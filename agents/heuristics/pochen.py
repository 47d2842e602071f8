"""A heuristic agent for Pochen as named, toggleable rules — *our own, not the book's*.

Foster gives no hints for Pochen (Complete Hoyle, POCHEN), so these are this project's, built
from what decides the game. The edge pools need no decision. In the betting for the pochen the
best set takes the whole centre pool, so a player bets only on a set that is likely best and
matches only a set that the bettor's amount does not frighten. In the play of the cards every
card still held at the end costs a counter to the first player out, and the player of the
last card of a sequence leads again: a lead is worth the cards it gets rid of, and more when
the sequence ends with the leader (a King, an Ace, or a card whose successor nobody can hold).
In priority order:

1. ``bet-strong``: before any bet, bet with three or four of a kind (the whole ``max_bet``
   with four, or with three Queens or better; half of it with lower threes); pass with a pair
   or less.
2. ``match-by-strength``: against a bet, put in a like amount with four of a kind; with three
   unless the bet is above half the cap and the threes are below Queens; with a pair of
   Queens or better only against a bet of a third of the cap or less.
3. ``lead-ace``: lead an Ace: it is led alone and its leader leads again (a card shed free).
4. ``track-stops`` (memory): lead a card whose run through your own hand ends at a *known stop*
   — a card played already, the turn-up, a trump honour nobody showed, a card every other
   player said he is without — or at the King, so that you lead again; the longest such run
   first. It reads the cards played and the "withouts" from the player's log; switched off,
   the player knows only his hand and the turn-up.
5. ``longest-run``: otherwise lead where your cards run longest (the lowest card of the run,
   which you then play out), a run up to the King first.

Every hint reads only the player's view (``state.player_view(player)``).

Measured, four-handed, on duplicate deals in every seat rotation (``docs/leaderboards``):
``hoyle match pochen --agents heuristic,random --deals 1000 --seed 1``: the heuristic minus
the random field +0.752 counters a deal [95% CI +0.537, +0.968] (``pochen-field``); the value
of memory, ``--agents heuristic,heuristic:-track-stops --deals 1000 --seed 1``: +0.261
[+0.090, +0.431] (``pochen-memory``). The betting solved by CFR three-handed
(``docs/analytics/pochen-betting.md``) matches much as these hints do, opens low threes less
and steals with the dealer's pairs more.
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.envs.core.cards import card
from hoyle.envs.core.runs import SEVEN_TO_KING
from hoyle.envs.games.pochen import BET, BET_BASE, MATCH, PASS, PLAY, PochenView
from hoyle.envs.games.pochen.hands import HONOURS, best_set

SOURCE = "our own, not the book's: Foster gives no hints for Pochen"
QUEENS = 5
"""The height of the Queens among the piquet ranks (7 8 9 10 J Q K A)."""
ACE_RANK = 0


def known_stops(view: PochenView, memory: bool) -> int:
    """The cards the player knows nobody else can play: the turn-up; with ``memory``, also
    the cards played, the trump honours nobody showed, and the cards every other player said
    he is without."""
    dead = 1 << view.turnup if view.turnup >= 0 else 0
    if not memory:
        return dead
    dead |= view.played_all()
    others_without = -1
    for q in range(view.num_players):
        if q != view.player:
            others_without &= view.withouts[q]
    dead |= others_without & ~view.hand
    trump = view.trump
    shown = 0
    for m in view.shown:
        shown |= m
    for rank in HONOURS:
        c = card(trump, rank)
        if not (shown | view.hand | view.played_all()) >> c & 1:
            dead |= 1 << c
    return dead


def own_run(view: PochenView, c: int) -> tuple[int, int | None]:
    """How many cards a lead of ``c`` plays from the hand (``c`` and the cards above it held),
    and the card after them (None: the King or an Ace ends it)."""
    length = 1
    nxt = SEVEN_TO_KING.after(c)
    while nxt is not None and view.hand >> nxt & 1:
        length += 1
        nxt = SEVEN_TO_KING.after(nxt)
    return length, nxt


def _best(cards: Sequence[int], key: dict[int, tuple[int, ...]]) -> list[int]:
    top = max(key[c] for c in cards)
    return [c for c in cards if key[c] == top]


def bet_strong(view: PochenView, legal: Sequence[int]) -> list[int]:
    """No bet yet: bet on threes or fours, pass otherwise."""
    if view.phase != BET or view.bettor >= 0:
        return []
    got = best_set(view.hand, view.trump)
    cap = view.rules.max_bet
    if got is None or got.size < 3:
        return [PASS]
    amount = cap if got.size == 4 or got.height >= QUEENS else max(1, (cap + 1) // 2)
    return [BET_BASE + amount - 1]


def match_by_strength(view: PochenView, legal: Sequence[int]) -> list[int]:
    """A bet stands: match by the strength held against the share of the cap bet."""
    if view.phase != BET or view.bettor < 0 or MATCH not in legal:
        return []
    got = best_set(view.hand, view.trump)
    assert got is not None  # MATCH is legal only with a pair
    share = view.bet / view.rules.max_bet
    if got.size == 4:
        ok = True
    elif got.size == 3:
        ok = share <= 0.5 or got.height >= QUEENS
    else:
        ok = share <= 1 / 3 and got.height >= QUEENS
    return [MATCH if ok else PASS]


def lead_ace(view: PochenView, legal: Sequence[int]) -> list[int]:
    """Lead an Ace: its leader leads again."""
    if view.phase != PLAY:
        return []
    return [c for c in legal if c % 13 == ACE_RANK]


def track_stops(view: PochenView, legal: Sequence[int]) -> list[int]:
    """Lead where the run through your hand ends at a known stop or the King."""
    if view.phase != PLAY:
        return []
    dead = known_stops(view, memory=True)
    key: dict[int, tuple[int, ...]] = {}
    for c in legal:
        length, nxt = own_run(view, c)
        if nxt is None or dead >> nxt & 1:
            key[c] = (length,)
    return _best(list(key), key) if key else []


def longest_run(view: PochenView, legal: Sequence[int]) -> list[int]:
    """Lead the lowest card of your longest run, a run to the King (or the turn-up) first."""
    if view.phase != PLAY:
        return []
    dead = known_stops(view, memory=False)
    key: dict[int, tuple[int, ...]] = {}
    for c in legal:
        length, nxt = own_run(view, c)
        key[c] = (int(nxt is None or bool(dead >> nxt & 1)), length)
    return _best(legal, key)


HINTS = register_hints(
    "pochen",
    (
        Hint(
            "pochen.bet-strong",
            SOURCE,
            "Bet for the pochen only with three or four of a kind; the cap with fours or high threes.",
            bet_strong,
        ),
        Hint(
            "pochen.match-by-strength",
            SOURCE,
            "Put in a like amount by the strength held against the share of the cap bet.",
            match_by_strength,
        ),
        Hint(
            "pochen.lead-ace",
            SOURCE,
            "Lead an Ace: it is led alone, and its leader leads again.",
            lead_ace,
        ),
        Hint(
            "pochen.track-stops",
            SOURCE,
            "Remember the cards played and the withouts: lead where your run ends at a known stop.",
            track_stops,
            memory=True,
        ),
        Hint(
            "pochen.longest-run",
            SOURCE,
            "Lead where your cards run longest, a run to the King first.",
            longest_run,
        ),
    ),
)
