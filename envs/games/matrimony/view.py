"""What a Matrimony player sees: the phases, the layout's divisions, the event log's kinds, the
view and its renderings (tensor, string, table).

The view (:class:`MatrimonyView`) is the only thing the encoders, the strings and the table
read: his own two cards, every card shown face up (the up cards, the down cards once turned),
the layout's pools (who put what), each player's counters, and his cut of the one event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, format_card
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.pools import Pools, pool_sizes
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.matrimony.rules import MatrimonyRules

NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever ``ranks`` is (the tensors are one size)."""

# Phases (stored, never inferred).
STAKE, DEAL, OVER = range(3)
NUM_PHASES = 3
PHASE_NAMES = ("stake", "deal", "over")

# The layout: "Matrimony. | Intrigue. | Confederacy. | Pair. | Best."
MATRIMONY, INTRIGUE, CONFEDERACY, PAIR, BEST = range(5)
NUM_DIVISIONS = 5
DIVISION_NAMES = ("Matrimony", "Intrigue", "Confederacy", "Pair", "Best")

# The event log (hoyle.envs.core.events): one kind per division for a stake and for a pool
# won, so that the line reads in the book's words without a number for the division.
EV_STAKE = 0
"""``EV_STAKE + d``: a counter staked on division ``d``."""
EV_ENOUGH = EV_STAKE + NUM_DIVISIONS
EV_DEALS = EV_ENOUGH + 1
EV_DOWN = EV_DEALS + 1
EV_UP = EV_DOWN + 1
EV_TURN = EV_UP + 1
EV_TAKES = EV_TURN + 1
"""``EV_TAKES + d``: the pool on division ``d`` taken (Best: everything on the layout)."""
EVENT_KINDS = (
    *(EventKind(f"{{actor}} staked a counter on {name}", "none") for name in DIVISION_NAMES),
    EventKind("{actor} staked no more", "none"),
    EventKind("dealer: {actor}", "none"),
    EventKind("dealt {value} face down to {actor}"),  # seen by the receiver only
    EventKind("dealt {value} face up to {actor}"),
    EventKind("{actor} turned up {value}"),
    *(
        EventKind(f"{{actor}} showed {name} and took its pool", "none")
        for name in DIVISION_NAMES[:4]
    ),
    EventKind("{actor} had the ♦A face up and took everything on the layout", "none"),
)


@dataclass(frozen=True)
class MatrimonyView:
    """What one player sees: his cards, the cards face up, the layout, the counters.

    Seats are absolute ids. ``down[q]`` is seat ``q``'s face-down card where this player sees
    it (his own; another's once turned), else -1; ``up[q]`` his face-up card or -1;
    ``held[q]`` how many cards he has been dealt this deal (public).
    ``pools[d][q]``: the counters seat ``q`` has on division ``d``. ``staker_put``: what the
    player staking now has put this deal; ``from_division``: the first division he may still
    put a counter on (counters go down in the layout's order); ``dealer_stake``: the dealer's
    stake this deal (-1 until he has done).
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    deals: int
    max_stake: int
    down: tuple[int, ...]
    up: tuple[int, ...]
    held: tuple[int, ...]
    pools: Pools
    counters: tuple[int, ...]
    staker_put: int
    from_division: int
    dealer_stake: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: MatrimonyRules = field(compare=False, repr=False)

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you" or "player q"."""
        return "you" if q == self.player else f"player {q}"

    @property
    def pool_sizes(self) -> tuple[int, ...]:
        """The counters lying on each division."""
        return pool_sizes(self.pools)


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: MatrimonyRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (NUM_CARDS,)),
        ("face_up", (n, NUM_CARDS)),
        ("turned", (n, NUM_CARDS)),
        ("held", (n, 3)),
        ("pools", (NUM_DIVISIONS, n)),
        ("counters", (n,)),
        ("dealer", (n,)),
        ("to_move", (n,)),
        ("phase", (NUM_PHASES,)),
        ("from_division", (NUM_DIVISIONS,)),
        ("stakes", (2,)),
        ("deals_left", (1,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: MatrimonyView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats are counted from the player (row 0: he; row 1: the player on his left). Every
    entry lies in [0, 1]: ``pools`` holds counters over the most one seat can put on one
    division (``deals · max_stake``); ``counters`` each seat's counters placed between the
    game's least and greatest return; ``stakes`` the dealer's stake plus one over
    ``max_stake + 1`` (0 while he stakes) and what the player staking now has put over
    ``max_stake``; ``deals_left`` the deals still to come after this one over ``deals``."""
    n = view.num_players
    me = view.player
    rules = view.rules
    lo, hi = rules.min_utility, rules.max_utility
    cap = view.deals * view.max_stake  # the most one seat can have on one division
    for c in (view.down[me], view.up[me]):
        if c >= 0:
            out["hand"][c] = 1.0
    for q in range(n):
        r = (q - me) % n
        if view.up[q] >= 0:
            out["face_up"][r, view.up[q]] = 1.0
        if q != me and view.down[q] >= 0:
            out["turned"][r, view.down[q]] = 1.0
        out["held"][r, view.held[q]] = 1.0
        out["counters"][r] = (view.counters[q] - lo) / (hi - lo)
        for d in range(NUM_DIVISIONS):
            out["pools"][d, r] = view.pools[d][q] / cap
    out["dealer"][(view.dealer - me) % n] = 1.0
    if view.to_move >= 0:
        out["to_move"][(view.to_move - me) % n] = 1.0
    out["phase"][view.phase] = 1.0
    if view.phase == STAKE:
        out["from_division"][view.from_division] = 1.0
    out["stakes"][0] = (view.dealer_stake + 1) / (view.max_stake + 1)
    out["stakes"][1] = view.staker_put / view.max_stake
    out["deals_left"][0] = (view.deals - 1 - view.deal_no) / view.deals
    if perfect_recall:
        view.rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def view_string(view: MatrimonyView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    lines = [
        f"Matrimony, {n} players, deal {view.deal_no + 1} of {view.deals}; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; phase: {PHASE_NAMES[view.phase]}; to move: {mover(view)}",
        "Layout: " + layout_words(view.pools),
    ]
    if view.phase == STAKE:
        need = (
            f"the dealer staked {view.dealer_stake}"
            if view.dealer_stake >= 0
            else f"the dealer stakes 1 to {view.max_stake}"
        )
        lines.append(
            f"Staking: {need}; {mover(view)} put {view.staker_put} so far, "
            f"from {DIVISION_NAMES[view.from_division]} on"
        )
    for q in range(n):
        lines.append(f"{view.seat_name(q).capitalize()}: {cards_words(view, q)}")
    counters = (f"{view.seat_name(q)} {c:+d}" for q, c in enumerate(view.counters))
    lines.append("Counters: " + ", ".join(counters))
    if perfect_recall:
        lines.append("Events:")
        lines.extend(
            "  " + line for line in view.rules.event_schema.lines(view.log, view.seat_name)
        )
    return "\n".join(lines)


def layout_words(pools: Pools) -> str:
    """Each division with the counters on it: ``Matrimony 3, Intrigue 0, ...``."""
    sizes = pool_sizes(pools)
    return ", ".join(f"{name} {k}" for name, k in zip(DIVISION_NAMES, sizes, strict=True))


def cards_words(view: MatrimonyView, q: int) -> str:
    """Seat ``q``'s cards this deal as the viewer sees them."""
    if not view.held[q]:
        return "no cards"
    down = view.down[q]
    words = f"down {format_card(down)}" if down >= 0 else "a card face down"
    up = view.up[q]
    return words + (f", up {format_card(up)}" if up >= 0 else "")


def mover(view: MatrimonyView) -> str:
    """Who is to move, as the viewer reads it: "you", "player 2", "chance"."""
    q = view.to_move
    return view.seat_name(q) if q >= 0 else seat_words(q)


# --- the table --------------------------------------------------------------------------------


def table_view(view: MatrimonyView) -> TableView:
    """The view laid out for a renderer: each seat's two cards (those he sees face up, the rest
    counted), the layout's pools and each player's counters, the log in the game's words."""
    n = view.num_players
    zones: list[Zone] = []
    for q in range(n):
        shown = tuple(c for c in (view.down[q], view.up[q]) if c >= 0)
        hidden = view.held[q] - len(shown)
        zones.append(Zone(f"hand{q}", "hand", shown, hidden, q, view.seat_name(q)))
    counters = [Counter(name, k) for name, k in zip(DIVISION_NAMES, view.pool_sizes, strict=True)]
    counters.extend(Counter(f"counters{q}", c, q) for q, c in enumerate(view.counters))
    counters.append(Counter("deal", f"{view.deal_no + 1} of {view.deals}"))
    return TableView(
        player=view.player,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
