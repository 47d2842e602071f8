"""The rules of Newmarket, Spin and Saratoga on the stops engine: the stake, the pools, Spin.

Pure: no pyspiel, no randomness. The deal and the play of the cards are the engine's
(:mod:`hoyle.envs.core.stops`); this module says how the stake is made (a decision phase of
its own at Newmarket and Spin, automatic at Saratoga), which card may open a sequence, what a
pool card wins, what Spin's diamond Ace does, and how a deal is settled. The game's spec, with
its ASSUMPTIONS, is the package docstring (:mod:`hoyle.envs.games.newmarket`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from hoyle.envs.core.cards import format_card
from hoyle.envs.core.events import EventKind, log_event
from hoyle.envs.core.observe import set_one_hot
from hoyle.envs.core.pools import collect_per_card, stake, take
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.stops import (
    FIRST_GAME_ACTION,
    FIRST_GAME_EVENT,
    FIRST_GAME_PHASE,
    NUM_CARDS,
    PLAY,
    PLAYED,
    STOPS_DEAL_TABLE,
    StopsRules,
    StopsState,
    StopsView,
)
from hoyle.envs.core.table import Counter, TableView
from hoyle.envs.games.newmarket.layout import (
    LAYOUT,
    MIN_STAKE,
    NUM_DIVISIONS,
    SPIN_CARD,
    division_name,
    division_of,
    opening_lacks,
    openings,
    place_allowed,
    saratoga_stakes,
)

__all__ = [
    "BOOK_HAND_SIZE",
    "EV_NAMES",
    "EV_PAYS",
    "EV_PUTS",
    "EV_SPIN",
    "EV_TAKES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME_STAKE_BASE",
    "NAMING",
    "NUM_DISTINCT_ACTIONS",
    "PLACE_BASE",
    "PLACING",
    "STAKE_LIMIT",
    "VARIANTS",
    "NewmarketRules",
    "NewmarketState",
    "NewmarketView",
    "SaratogaRules",
    "SpinRules",
    "max_loss",
    "rules_for",
]

MIN_PLAYERS = 3
MAX_PLAYERS = 8
BOOK_HAND_SIZE = STOPS_DEAL_TABLE
"""Pope Joan's table, which Newmarket deals by (:data:`~hoyle.envs.core.stops.STOPS_DEAL_TABLE`)."""
VARIANTS = ("stops", "spin", "saratoga")
"""Newmarket (Stops, Boodle), Spin, Saratoga."""
STAKE_LIMIT = 20
"""The largest stake ``max_stake`` may allow; the action layout is fixed up to it."""

# Phases of the game's own: the dealer names the stake; the players place their counters.
NAMING, PLACING = FIRST_GAME_PHASE, FIRST_GAME_PHASE + 1
PHASE_NAMES = ("deal", "play", "over", "naming the stake", "placing the stakes")

# Actions of the game's own, after the engine's cards and PASS.
NAME_STAKE_BASE = FIRST_GAME_ACTION
"""``NAME_STAKE_BASE + n - MIN_STAKE``: the dealer names a stake of ``n`` counters."""
PLACE_BASE = NAME_STAKE_BASE + STAKE_LIMIT - MIN_STAKE + 1
"""``PLACE_BASE + d``: put one counter on the pool card ``LAYOUT[d]``."""
NUM_DISTINCT_ACTIONS = PLACE_BASE + NUM_DIVISIONS

EV_NAMES, EV_PUTS, EV_TAKES, EV_SPIN, EV_PAYS = range(FIRST_GAME_EVENT, FIRST_GAME_EVENT + 5)
GAME_EVENTS = (
    EventKind("{actor} named a stake of {value}", value="number"),
    EventKind("{actor} put a counter on {value}"),
    EventKind("{actor} took the pool on {value}"),
    EventKind("{actor}: Spin", value="none"),
    EventKind("{actor} paid {value} to the first out", value="number"),
)


def max_loss(stake_per_deal: int, hand_size: int, deals: int) -> int:
    """The most a player can lose in a sitting: in each deal his whole stake won by others
    and a counter for every card of a hand still full when another goes out.

    >>> max_loss(8, 12, 1)
    20
    """
    return deals * (stake_per_deal + hand_size)


class NewmarketState(StopsState):
    """The engine's state and Newmarket's own slots.

    ``stake``: the counters named for this deal (0 before). ``left``: the counters the player
    placing still has to put down; ``last_division``: the card he put his last counter on (his
    next goes on it or a card after it). ``opened``: the card that opened the live sequence.
    ``spun``: 1 from a Spin until its player opens the next sequence.
    """

    __slots__ = ("last_division", "left", "opened", "spun", "stake")

    stake: int
    left: int
    last_division: int
    opened: int
    spun: int


@dataclass(frozen=True)
class NewmarketView(StopsView):
    """The engine's view and the stake: its amount, what the player placing has left to put
    down and where, and whether the player to lead has just spun."""

    stake: int = 0
    left: int = 0
    last_division: int = 0
    spun: int = 0
    variant: str = "stops"


class NewmarketRules(StopsRules[NewmarketState]):
    """Newmarket, Spin or Saratoga (Foster, *Complete Hoyle*) on the stops engine."""

    state_class = NewmarketState
    title = "Newmarket"

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        n = int(params["players"])
        self.variant = str(params["variant"])
        self.spin = self.variant == "spin"
        self.saratoga = self.variant == "saratoga"
        self.max_stake = int(params["max_stake"])
        self.saratoga_stake = int(params["saratoga_stake"])
        hand_size = int(params["hand_size"]) or BOOK_HAND_SIZE[n]
        deals = int(params["deals"])
        per_deal = NUM_DIVISIONS * self.saratoga_stake if self.saratoga else self.max_stake
        placing = 0 if self.saratoga else 1 + n * self.max_stake
        super().__init__(
            players=n,
            pack=(1 << NUM_CARDS) - 1,
            hand_size=hand_size,
            deals=deals,
            divisions=NUM_DIVISIONS,
            game_events=GAME_EVENTS,
            # The stake named and each counter placed; a pool taken per pool card; the
            # payments to the first out; one Spin (the diamond Ace is played once).
            game_events_per_deal=placing + NUM_DIVISIONS + n + 1,
            game_decisions_per_deal=placing,
            num_distinct_actions=NUM_DISTINCT_ACTIONS,
        )
        # Returns (package docstring, "Bounds"): a player loses at most ``max_loss``; what he
        # wins is what the others lose.
        self.min_utility = -float(max_loss(per_deal, hand_size, deals))
        self.max_utility = float((n - 1) * max_loss(per_deal, hand_size, deals))

    # --- the stake --------------------------------------------------------------------------
    def init_game_slots(self, s: NewmarketState) -> None:
        s.stake = 0
        s.left = 0
        s.last_division = 0
        s.opened = -1
        s.spun = 0

    def begin_deal(self, s: NewmarketState) -> None:
        """Saratoga: every player puts the agreed amount on each card, and the cards go out.
        Newmarket and Spin: the dealer names the stake."""
        s.stake = 0
        s.opened = -1
        s.spun = 0
        if self.saratoga:
            s.pools, s.counters = saratoga_stakes(s.pools, s.counters, self.saratoga_stake)
            self.start_dealing(s)
            return
        s.phase = NAMING
        s.to_move = s.dealer

    def game_legal(self, s: NewmarketState) -> list[int]:
        if s.phase == NAMING:
            return [NAME_STAKE_BASE + k - MIN_STAKE for k in range(MIN_STAKE, self.max_stake + 1)]
        return [PLACE_BASE + d for d in place_allowed(s.last_division, s.left)]

    def game_apply(self, s: NewmarketState, action: int) -> None:
        seat = s.to_move
        if s.phase == NAMING:
            s.stake = action - NAME_STAKE_BASE + MIN_STAKE
            s.log = log_event(s.log, EV_NAMES, seat, s.stake)
            s.phase = PLACING
            self._to_place(s, (s.dealer + 1) % self.num_players)
            return
        d = action - PLACE_BASE
        s.pools, s.counters = stake(s.pools, s.counters, d, seat, 1)
        s.log = log_event(s.log, EV_PUTS, seat, LAYOUT[d])
        s.left -= 1
        s.last_division = d
        if s.left:
            return
        if seat == s.dealer:  # the last to place: the cards go out
            self.start_dealing(s)
        else:
            self._to_place(s, (seat + 1) % self.num_players)

    def _to_place(self, s: NewmarketState, seat: int) -> None:
        s.to_move = seat
        s.left = s.stake
        s.last_division = 0

    def game_action_string(self, s: NewmarketState, action: int) -> str:
        if NAME_STAKE_BASE <= action < PLACE_BASE:
            return f"stake {action - NAME_STAKE_BASE + MIN_STAKE} counters"
        return f"put a counter on {division_name(action - PLACE_BASE)}"

    # --- the play ---------------------------------------------------------------------------
    def legal_leads(self, s: NewmarketState, seat: int) -> int:
        """The lowest card of each suit he holds; after a Spin, any pool card as well."""
        return sum(1 << c for c in openings(s.hands[seat], pool_cards=bool(s.spun)))

    def on_play(self, s: NewmarketState, seat: int, c: int, led: bool) -> None:
        """A pool card played takes its pool; an opening card by the rule shows the opener
        holds no lower card of its suit."""
        if led:
            if not (s.spun and division_of(c) is not None):
                self.add_lack(s, seat, opening_lacks(c))
            s.opened = c
            s.spun = 0
        d = division_of(c)
        if d is not None:
            s.pools, s.counters, _ = take(s.pools, s.counters, d, seat)
            s.log = log_event(s.log, EV_TAKES, seat, c)

    def asks(self, s: NewmarketState, seat: int, point: int) -> bool:
        """Spin: whoever has just played to the sequence (not only opened it) is asked while
        the diamond Ace is unplayed and he is not known to lack it, whatever he holds."""
        return (
            self.spin
            and point == PLAYED
            and not s.played >> SPIN_CARD & 1
            and not s.lacks[seat] >> SPIN_CARD & 1
            and s.lines[0] != s.opened
        )

    def privileges(self, s: NewmarketState, seat: int, point: int) -> list[int]:
        return [SPIN_CARD] if point == PLAYED and s.hands[seat] >> SPIN_CARD & 1 else []

    def apply_privilege(self, s: NewmarketState, seat: int, action: int) -> None:
        """ "Spin": the diamond Ace stops the sequence, and its player opens the next one."""
        s.log = log_event(s.log, EV_SPIN, seat)
        if self.play_card(s, seat, SPIN_CARD, led=False):
            return
        s.spun = 1
        self.lead_again(s, seat)

    def end_of_deal(self, s: NewmarketState, winner: int) -> None:
        """The first out receives a counter for each card still held; the pools stay."""
        sizes = tuple(map(int.bit_count, s.hands))
        s.counters = collect_per_card(s.counters, winner, sizes)
        for q, k in enumerate(sizes):
            if k and q != winner:
                s.log = log_event(s.log, EV_PAYS, q, k)
        s.spun = 0
        s.opened = -1

    def action_to_string(self, s: NewmarketState, player: int, action: int) -> str:
        if s.phase == PLAY and s.point == PLAYED:
            return f"spin with {format_card(action)}" if action == SPIN_CARD else "no spin"
        return super().action_to_string(s, player, action)

    # --- information ------------------------------------------------------------------------
    def phase_name(self, phase: int) -> str:
        return PHASE_NAMES[phase]

    def num_phases(self) -> int:
        return len(PHASE_NAMES)

    def player_view(self, s: NewmarketState, player: int) -> NewmarketView:
        base = super().player_view(s, player)
        return NewmarketView(
            **{f.name: getattr(base, f.name) for f in fields(StopsView)},
            stake=s.stake,
            left=s.left,
            last_division=s.last_division,
            spun=s.spun,
            variant=self.variant,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        pieces = super().tensor_pieces(perfect_recall)
        own: list[tuple[str, tuple[int, ...]]] = [
            ("stake", (STAKE_LIMIT + 1,)),
            ("left", (STAKE_LIMIT + 1,)),
            ("last_division", (NUM_DIVISIONS,)),
            ("spun", (1,)),
        ]
        at = len(pieces) - 1 if perfect_recall else len(pieces)
        return [*pieces[:at], *own, *pieces[at:]]

    def encode_view(self, view: Any, out: Mapping[str, Any], perfect_recall: bool) -> None:
        super().encode_view(view, out, perfect_recall)
        set_one_hot(out["stake"], view.stake)
        if view.phase == PLACING:
            set_one_hot(out["left"], view.left)
            set_one_hot(out["last_division"], view.last_division)
        out["spun"][0] = float(view.spun)

    def tensor_bits(
        self, s: NewmarketState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """The engine's bits and the stake's, as :meth:`encode_view` writes them."""
        b, values = super().tensor_bits(s, me, perfect_recall)
        at = self._offsets(perfect_recall)
        if 0 <= s.stake <= STAKE_LIMIT:
            b |= 1 << (at["stake"] + s.stake)
        if s.phase == PLACING:
            b |= 1 << (at["left"] + s.left) | 1 << (at["last_division"] + s.last_division)
        if s.spun:
            b |= 1 << at["spun"]
        return b, values

    def view_string(self, view: Any, perfect_recall: bool) -> str:
        text = super().view_string(view, perfect_recall)
        extra = []
        if view.stake:
            extra.append(f"Stake: {view.stake} counters each")
        if view.phase == PLACING:
            extra.append(
                f"To place: {view.left}, on {division_name(view.last_division)} or after it"
            )
        if view.spun:
            extra.append("Spin: a pool card may open the next sequence")
        if not extra:
            return text
        head, _, rest = text.partition("\n")
        return "\n".join([head, *extra, rest])

    def table_view(self, s: NewmarketState, player: int) -> TableView:
        base = super().table_view(s, player)
        named = Counter("stake", s.stake)
        return TableView(
            player=base.player,
            to_move=base.to_move,
            zones=base.zones,
            counters=(*base.counters, named),
            log=base.log,
            seats=base.seats,
        )


class SpinRules(NewmarketRules):
    """Spin: Newmarket with the diamond Ace's privilege (``variant=spin``)."""

    title = "Spin"


class SaratogaRules(NewmarketRules):
    """Saratoga: Newmarket with the stake fixed on each card (``variant=saratoga``)."""

    title = "Saratoga"


def rules_for(params: Mapping[str, ParamValue]) -> NewmarketRules:
    """The rules of the variant ``params`` name."""
    cls = {"spin": SpinRules, "saratoga": SaratogaRules}.get(str(params["variant"]), NewmarketRules)
    return cls(params)
