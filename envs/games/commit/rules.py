"""The rules of Commit on the stops engine: the pool, the King's and the Ace's counters, the 9♦.

Pure: no pyspiel, no randomness. The deal and the play of the cards are the engine's
(:mod:`hoyle.envs.core.stops`); this module says what Commit pays for which card, when the
9♦ may be played, and how a deal is settled.
"""

from __future__ import annotations

from collections.abc import Mapping

from hoyle.envs.core.cards import ACE, DIAMONDS, EIGHT, KING, NINE, card, cards_of, rank_of
from hoyle.envs.core.events import EventKind, log_event
from hoyle.envs.core.pools import pay_each, stake, take
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.stops import (
    FIRST_GAME_EVENT,
    NUM_CARDS,
    STUCK,
    StopsRules,
    StopsState,
)

MIN_PLAYERS = 3
MAX_PLAYERS = 8
NINE_OF_DIAMONDS = card(DIAMONDS, NINE)
EIGHT_OF_DIAMONDS = card(DIAMONDS, EIGHT)
PACK = ((1 << NUM_CARDS) - 1) & ~(1 << EIGHT_OF_DIAMONDS)
""""A pack of fifty-one cards, the Eight of diamonds having been deleted"."""
POOL = 0
"""The one division of Commit's layout: the pool the first player out wins."""

EV_STAKES, EV_KING, EV_ACE, EV_NINE, EV_POOL, EV_NINE_STUCK, EV_KINGS_HELD = range(
    FIRST_GAME_EVENT, FIRST_GAME_EVENT + 7
)
GAME_EVENTS = (
    EventKind("{actor} put {value} in the pool", value="number"),
    EventKind("{actor} received {value} from each for the King", value="number"),
    EventKind("{actor} received {value} from each for the Ace led", value="number"),
    EventKind("{actor} received {value} from each for the Nine of diamonds", value="number"),
    EventKind("{actor} won the pool of {value}", value="number"),
    EventKind("{actor} paid {value} to each, left with the Nine of diamonds", value="number"),
    EventKind("{actor} paid {value} to each for the Kings held", value="number"),
)
KING_COUNTER = 1
ACE_COUNTER = 1
NINE_COUNTERS = 2


def book_hand_size(players: int) -> int:
    """As many full rounds as the 51 cards go, "nine cards to each when there are five"."""
    return 9 if players == 5 else PACK.bit_count() // players


class CommitRules(StopsRules[StopsState]):
    """Commit (Foster, *Complete Hoyle*, COMMIT) on the stops engine."""

    title = "Commit"

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        n = int(params["players"])
        size = int(params["hand_size"]) or book_hand_size(n)
        self.stake = int(params["stake"])
        self.ace_lead = bool(params["ace_lead"])
        deals = int(params["deals"])
        super().__init__(
            players=n,
            pack=PACK,
            hand_size=size,
            deals=deals,
            divisions=1,
            game_events=GAME_EVENTS,
            # Stakes, 4 Kings, 4 Aces led, the 9♦, the pool, the 9♦ stuck, Kings held.
            game_events_per_deal=n + 4 + 4 + 1 + 1 + 1 + n,
            # The largest number an event carries: the pool, n stakes.
            max_number=n * self.stake,
        )
        # The bound (module docstring, "Returns"): in one deal a player gains at most the
        # others' stakes, n - 1 for each King and each Ace led, 2(n - 1) for the 9♦; he loses
        # at most his stake, n - 1 for each King (held at the end), 1 for each Ace another
        # leads, 2(n - 1) for the 9♦ left in his hand.
        self.max_utility = float(deals * (n - 1) * (self.stake + 4 + (4 if self.ace_lead else 0)
                                               + NINE_COUNTERS))  # fmt: skip
        self.min_utility = -float(
            deals
            * (self.stake + 4 * (n - 1) + (4 if self.ace_lead else 0) + NINE_COUNTERS * (n - 1))
        )

    # --- the hooks ---------------------------------------------------------------------------
    def begin_deal(self, s: StopsState) -> None:
        """Each player puts the agreed stake in the pool (ASSUMPTION 2), then the deal."""
        for q in range(self.num_players):
            s.pools, s.counters = stake(s.pools, s.counters, POOL, q, self.stake)
            s.log = log_event(s.log, EV_STAKES, q, self.stake)
        self.start_dealing(s)

    def on_play(self, s: StopsState, seat: int, c: int, led: bool) -> None:
        """The King: a counter from each; an Ace led: a counter from each; the 9♦: two."""
        if rank_of(c) == KING:
            s.counters = pay_each(s.counters, seat, KING_COUNTER)
            s.log = log_event(s.log, EV_KING, seat, KING_COUNTER)
        elif led and rank_of(c) == ACE and self.ace_lead:
            s.counters = pay_each(s.counters, seat, ACE_COUNTER)
            s.log = log_event(s.log, EV_ACE, seat, ACE_COUNTER)
        if c == NINE_OF_DIAMONDS:
            s.counters = pay_each(s.counters, seat, NINE_COUNTERS)
            s.log = log_event(s.log, EV_NINE, seat, NINE_COUNTERS)

    def asks(self, s: StopsState, seat: int, point: int) -> bool:
        """Every player stuck in his turn while the 9♦ is unplayed: whoever holds it."""
        del seat
        return point == STUCK and not s.played >> NINE_OF_DIAMONDS & 1

    def privileges(self, s: StopsState, seat: int, point: int) -> list[int]:
        """ "Should any player who is unable to continue a sequence in his proper turn, hold
        the Nine of diamonds, he may play that card"."""
        if point == STUCK and s.hands[seat] >> NINE_OF_DIAMONDS & 1:
            return [NINE_OF_DIAMONDS]
        return []

    def apply_privilege(self, s: StopsState, seat: int, action: int) -> None:
        """The 9♦ beside the sequence: the next player may continue either (ASSUMPTION 8)."""
        if not self.play_beside(s, seat, action):
            self.pass_on(s, seat)

    def end_of_deal(self, s: StopsState, winner: int) -> None:
        """The pool to the first out; the 9♦ left in a hand pays 2 to each; each King held
        pays 1 to each."""
        s.pools, s.counters, won = take(s.pools, s.counters, POOL, winner)
        s.log = log_event(s.log, EV_POOL, winner, won)
        for q, hand in enumerate(s.hands):
            if hand >> NINE_OF_DIAMONDS & 1:
                s.counters = pay_each(s.counters, q, -NINE_COUNTERS)
                s.log = log_event(s.log, EV_NINE_STUCK, q, NINE_COUNTERS)
            kings = sum(1 for c in cards_of(hand) if rank_of(c) == KING)
            if kings:
                s.counters = pay_each(s.counters, q, -kings * KING_COUNTER)
                s.log = log_event(s.log, EV_KINGS_HELD, q, kings * KING_COUNTER)
