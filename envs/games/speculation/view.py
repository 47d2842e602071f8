"""What a Speculation player sees: the phases, the event log's kinds, the view and its renderings
(tensor, string, table).

Nobody sees a face-down card, his own included ("nobody may look"), so every player sees the
same table: the cards face up in front of each seat, how many each still has face down, the
turn-up and the best trump showing with its holder, the sale in progress, the pool and the
counters. The view (:class:`SpeculationView`) is the only thing the encoders read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, SUIT_SYMBOLS, format_card, format_cards
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.speculation.rules import SpeculationRules

NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever ``ranks`` is (the tensors are one size)."""
HAND_SIZE = 3
""""until each player has received three"."""

# Phases (stored, never inferred).
DEAL, BID, ANSWER, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "bid", "answer", "over")

# The event log (hoyle.envs.core.events).
(
    EV_DEALS,
    EV_STAKE,
    EV_DOWN,
    EV_TURN_UP,
    EV_ACE,
    EV_FOR_SALE,
    EV_OFFER,
    EV_PASS,
    EV_SOLD,
    EV_REFUSED,
    EV_UNSOLD,
    EV_TURNS,
    EV_TAKES,
) = range(13)
EVENT_KINDS = (
    EventKind("dealer: {actor}", "none"),
    EventKind("{actor} put {value} in the pool", "number"),
    EventKind("dealt {value} face down to {actor}", "card", "a card"),  # seen by nobody
    EventKind("{actor} turned up {value} for trump", "card"),
    EventKind("{actor} turned up the Ace and took the pool at once", "none"),
    EventKind("{actor} offered {value} for sale", "card"),
    EventKind("{actor} offered {value}", "number"),
    EventKind("{actor} passed", "none"),
    EventKind("{actor} bought it for {value}", "number"),
    EventKind("{actor} refused the offer and kept it", "none"),
    EventKind("nobody offered: {actor} kept it", "none"),
    EventKind("{actor} turned up {value}", "card"),
    EventKind("{actor} held the best trump, {value}, and took the pool", "card"),
)


@dataclass(frozen=True)
class SpeculationView:
    """What one player sees (every player sees the same cards: nobody sees a face-down card).

    Seats are absolute ids. ``shown[q]``: the mask of cards face up in front of seat ``q``
    (those he turned, the turn-up or a card he bought); ``down[q]``: how many he still has
    face down. ``best`` / ``holder``: the best trump showing and its holder (-1 before the
    turn-up). Sale: ``seller`` offers ``on_sale``; ``offer`` is the best offer so far (0:
    none) and ``bidder`` its maker (-1).
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    deals: int
    turn_up: int
    shown: tuple[int, ...]
    down: tuple[int, ...]
    best: int
    holder: int
    seller: int
    on_sale: int
    offer: int
    bidder: int
    pool: int
    counters: tuple[int, ...]
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: SpeculationRules = field(compare=False, repr=False)

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you" or "player q"."""
        return "you" if q == self.player else f"player {q}"


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(
    rules: SpeculationRules, perfect_recall: bool
) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("shown", (n, NUM_CARDS)),
        ("face_down", (n, HAND_SIZE + 1)),
        ("turn_up", (NUM_CARDS,)),
        ("best", (NUM_CARDS,)),
        ("holder", (n,)),
        ("on_sale", (NUM_CARDS,)),
        ("seller", (n,)),
        ("bidder", (n,)),
        ("offer", (1,)),
        ("pool", (1,)),
        ("counters", (n,)),
        ("dealer", (n,)),
        ("to_move", (n,)),
        ("phase", (NUM_PHASES,)),
        ("deals_left", (1,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: SpeculationView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats are counted from the player (row 0: he; row 1: the player on his left). Every
    entry lies in [0, 1]: ``offer`` over ``max_offer``, ``pool`` over the most a pool holds,
    ``counters`` each seat's counters placed between the game's least and greatest return,
    ``deals_left`` the deals still to come after this one over ``deals``."""
    n = view.num_players
    me = view.player
    rules = view.rules
    lo, hi = rules.min_utility, rules.max_utility
    for q in range(n):
        r = (q - me) % n
        for c in range(NUM_CARDS):
            if view.shown[q] >> c & 1:
                out["shown"][r, c] = 1.0
        out["face_down"][r, view.down[q]] = 1.0
        out["counters"][r] = (view.counters[q] - lo) / (hi - lo)
    for name, c in (("turn_up", view.turn_up), ("best", view.best), ("on_sale", view.on_sale)):
        if c >= 0:
            out[name][c] = 1.0
    for name, q in (
        ("holder", view.holder),
        ("seller", view.seller),
        ("bidder", view.bidder),
        ("dealer", view.dealer),
        ("to_move", view.to_move),
    ):
        if q >= 0:
            out[name][(q - me) % n] = 1.0
    out["offer"][0] = view.offer / rules.max_offer
    out["pool"][0] = view.pool / rules.max_pool
    out["phase"][view.phase] = 1.0
    out["deals_left"][0] = (view.deals - 1 - view.deal_no) / view.deals
    if perfect_recall:
        rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def view_string(view: SpeculationView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    lines = [
        f"Speculation, {n} players, deal {view.deal_no + 1} of {view.deals}; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; phase: {PHASE_NAMES[view.phase]}; to move: {mover(view)}",
        f"Pool: {view.pool}",
    ]
    if view.turn_up >= 0:
        lines.append(
            f"Trumps: {SUIT_SYMBOLS[view.turn_up // NUM_RANKS]} (turn-up {format_card(view.turn_up)}); "
            f"best trump showing: {format_card(view.best)}, held by {view.seat_name(view.holder)}"
        )
    if view.phase in (BID, ANSWER):
        offer = (
            f"best offer {view.offer} by {view.seat_name(view.bidder)}"
            if view.bidder >= 0
            else "no offer yet"
        )
        lines.append(
            f"For sale: {format_card(view.on_sale)} by {view.seat_name(view.seller)}; {offer}"
        )
    for q in range(n):
        shown = format_cards(view.shown[q]) if view.shown[q] else "nothing"
        lines.append(f"{view.seat_name(q).capitalize()}: face up {shown}; {view.down[q]} face down")
    counters = (f"{view.seat_name(q)} {c:+d}" for q, c in enumerate(view.counters))
    lines.append("Counters: " + ", ".join(counters))
    if perfect_recall:
        lines.append("Events:")
        lines.extend(
            "  " + line for line in view.rules.event_schema.lines(view.log, view.seat_name)
        )
    return "\n".join(lines)


def mover(view: SpeculationView) -> str:
    """Who is to move, as the viewer reads it: "you", "player 2", "chance"."""
    q = view.to_move
    return view.seat_name(q) if q >= 0 else seat_words(q)


# --- the table --------------------------------------------------------------------------------


def table_view(view: SpeculationView) -> TableView:
    """The view laid out for a renderer: each seat's cards face up and the count face down, the
    pool and each player's counters, the log in the game's words."""
    n = view.num_players
    zones = tuple(
        Zone(
            f"hand{q}",
            "hand",
            tuple(c for c in range(NUM_CARDS) if view.shown[q] >> c & 1),
            view.down[q],
            q,
            view.seat_name(q),
        )
        for q in range(n)
    )
    counters = [Counter("pool", view.pool)]
    if view.phase in (BID, ANSWER):
        counters.append(Counter("offer", view.offer))
    counters.extend(Counter(f"counters{q}", c, q) for q, c in enumerate(view.counters))
    counters.append(Counter("deal", f"{view.deal_no + 1} of {view.deals}"))
    return TableView(
        player=view.player,
        to_move=view.to_move,
        zones=zones,
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
