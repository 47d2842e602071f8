"""What a Pochen player sees: the phases, the event log's kinds, the view and its renderings.

The view (:class:`PochenView`) is the only thing the encoders, the strings and the table read:
the player's hand, the public table (the turn-up, the cards shown for the edge pools and at the
showdown, the cards played, the "withouts", the pools, the bets, each hand's size) and his cut
of the one event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import (
    NUM_RANKS,
    NUM_SUITS,
    SUIT_NAMES,
    cards_of,
    cards_text,
    format_card,
)
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.pochen.rules import PochenRules

# Phases (stored, never inferred). Phase 1 (the edge pools) has no decision: it is settled
# inside the action that turns up the trump.
DEAL, BET, PLAY, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "betting for the pochen", "play of the cards", "over")
NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full 52-card numbering (the piquet pack is a subset)."""

# The layout's divisions, in the order of the pools tuple.
ACE_POOL, KING_POOL, QUEEN_POOL, JACK_POOL, TEN_POOL, MARRIAGE, SEQUENCE, POCHEN = range(8)
NUM_DIVISIONS = 8
DIVISION_NAMES = ("A", "K", "Q", "J", "10", "Marriage", "Sequence", "Pochen")

# The event log: the kinds a player is told, in the book's words.
(
    EV_NEW_DEAL,
    EV_DEAL,
    EV_TURN,
    EV_HONOUR,
    EV_MARRIAGE,
    EV_SEQUENCE,
    EV_PASS,
    EV_BET,
    EV_MATCH,
    EV_SHOWS,
    EV_POCHEN,
    EV_LEAD,
    EV_PLAY,
    EV_WITHOUT,
    EV_OUT,
) = range(15)
EVENT_KINDS = (
    EventKind("{actor} deals; every player dresses the layout", "none"),
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("turned up {value} for trumps"),
    EventKind("{actor} shows {value} and takes its pool"),
    EventKind("{actor} takes the pool for Marriage", "none"),
    EventKind("{actor} shows {value} in the Sequence"),
    EventKind("{actor} passes", "none"),
    EventKind("{actor} bets {value} for the pochen", "number"),
    EventKind("{actor} puts in a like amount", "none"),
    EventKind("{actor} shows {value} for the pochen"),
    EventKind("{actor} takes the pochen", "none"),
    EventKind("{actor} leads {value}"),
    EventKind("{actor} plays {value}"),
    EventKind("{actor}: without {value}"),
    EventKind("{actor} is out, and takes {value} counters", "number"),
)


@dataclass(frozen=True)
class PochenView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``shown[q]``: the cards seat ``q`` has shown and still holds;
    ``withouts[q]``: the cards he announced he is without this deal. Two views compare equal
    when the player sees the same table *now* (the log is left out): another seat's
    determinizer may re-deal the order in which this player received his cards (that seat
    never saw it), which changes his history but nothing he holds or sees now.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    turnup: int
    pools: tuple[int, ...]
    counters: tuple[int, ...]
    shown: tuple[int, ...]
    played: tuple[int, ...]
    withouts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    bettor: int
    bet: int
    bettors: int
    stock: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: PochenRules = field(compare=False, repr=False)

    @property
    def trump(self) -> int:
        """The trump suit, -1 before the turn-up."""
        return self.turnup // NUM_RANKS if self.turnup >= 0 else -1

    def played_all(self) -> int:
        """Every card played this deal, by anyone."""
        out = 0
        for m in self.played:
            out |= m
        return out

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you" or "player q"."""
        return "you" if q == self.player else f"player {q}"


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: PochenRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    nc = NUM_CARDS
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (nc,)),
        ("turnup", (nc,)),
        ("trump", (NUM_SUITS,)),
        ("shown", (n, nc)),
        ("played", (n, nc)),
        ("withouts", (n, nc)),
        ("hand_sizes", (n, rules.hand_size + 1)),
        ("pools", (NUM_DIVISIONS,)),
        ("counters", (n,)),
        ("bettor", (n,)),
        ("bet", (rules.max_bet + 1,)),
        ("bettors", (n,)),
        ("to_move", (n,)),
        ("dealer", (n,)),
        ("phase", (NUM_PHASES,)),
        ("deal", (rules.deals,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: PochenView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats counted from the player (row 0: himself, row 1: the player on his left, ...);
    each pool as a fraction of the most a division can hold, each player's counters as a
    fraction of the way from the least to the most he can end with."""
    n = view.num_players
    me = view.player
    rules = view.rules
    lo, hi = rules.min_utility, rules.max_utility
    set_cards(out["hand"], view.hand)
    if view.turnup >= 0:
        out["turnup"][view.turnup] = 1.0
        out["trump"][view.trump] = 1.0
    for q in range(n):
        r = (q - me) % n
        set_cards(out["shown"][r], view.shown[q])
        set_cards(out["played"][r], view.played[q])
        set_cards(out["withouts"][r], view.withouts[q])
        out["hand_sizes"][r, view.hand_sizes[q]] = 1.0
        out["counters"][r] = (view.counters[q] - lo) / (hi - lo)
        if view.bettors >> q & 1:
            out["bettors"][r] = 1.0
    for d, k in enumerate(view.pools):
        out["pools"][d] = k / rules.max_pool
    if view.bettor >= 0:
        out["bettor"][(view.bettor - me) % n] = 1.0
    set_one_hot(out["bet"], view.bet)
    if view.to_move >= 0:
        out["to_move"][(view.to_move - me) % n] = 1.0
    out["dealer"][(view.dealer - me) % n] = 1.0
    out["phase"][view.phase] = 1.0
    out["deal"][view.deal_no] = 1.0
    if perfect_recall:
        view.rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def whom(p: int, me: int) -> str:
    return "you" if p == me else seat_words(p)


def pools_words(pools: tuple[int, ...]) -> str:
    return ", ".join(f"{name} {k}" for name, k in zip(DIVISION_NAMES, pools, strict=True))


def view_string(view: PochenView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    trump = (
        f"{SUIT_NAMES[view.trump]} (turned up {format_card(view.turnup)})"
        if view.turnup >= 0
        else "not yet turned up"
    )
    lines = [
        f"Pochen, {n} players, deal {view.deal_no + 1} of {view.rules.deals}; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; phase: {PHASE_NAMES[view.phase]}; to move: {whom(view.to_move, me)}",
        f"Trumps: {trump}",
        f"Your hand: {cards_text(view.hand)}",
        f"Layout: {pools_words(view.pools)}",
        "Counters: " + ", ".join(f"{whom(q, me)} {view.counters[q]}" for q in range(n)),
    ]
    if view.bettor >= 0:
        backers = [whom(q, me) for q in range(n) if view.bettors >> q & 1 and q != view.bettor]
        lines.append(
            f"Bet for the pochen: {whom(view.bettor, me)} {view.bet}"
            + (f", matched by {', '.join(backers)}" if backers else "")
        )
    for q in range(n):
        if q == me:
            continue
        extra = ""
        if view.shown[q]:
            extra += f"; shown {cards_text(view.shown[q])}"
        if view.withouts[q]:
            extra += f"; without {cards_text(view.withouts[q])}"
        lines.append(
            f"Player {q}: {view.hand_sizes[q]} cards; played {cards_text(view.played[q])}{extra}"
        )
    lines.append(f"You played: {cards_text(view.played[me])}")
    lines.append(f"Stock: {view.stock} cards")
    if perfect_recall:
        lines.append("Events:")
        lines.extend(
            "  " + line for line in view.rules.event_schema.lines(view.log, view.seat_name)
        )
    return "\n".join(lines)


# --- the table --------------------------------------------------------------------------------


def table_view(view: PochenView) -> TableView:
    """The view laid out for a renderer: each hand (the player's own cards and the cards
    others have shown face up, the rest counted), the cards each seat has played, the turn-up,
    the stock; the pools of the layout, the bet and each player's counters; the log."""
    n = view.num_players
    me = view.player
    zones: list[Zone] = []
    for q in range(n):
        shown = tuple(cards_of(view.hand if q == me else view.shown[q]))
        zones.append(
            Zone(f"hand{q}", "hand", shown, view.hand_sizes[q] - len(shown), q, view.seat_name(q))
        )
    for q in range(n):
        zones.append(
            Zone(
                f"played{q}",
                "row",
                tuple(cards_of(view.played[q])),
                owner=q,
                label=f"played by {view.seat_name(q)}",
            )
        )
    turned = (view.turnup,) if view.turnup >= 0 else ()
    zones.append(Zone("turnup", "row", turned, label="turned up for trumps"))
    zones.append(Zone("stock", "stock", hidden=view.stock, label="the stock"))
    counters = [
        Counter(f"pool {name}", k) for name, k in zip(DIVISION_NAMES, view.pools, strict=True)
    ]
    counters.extend(Counter(f"counters{q}", k, q) for q, k in enumerate(view.counters))
    if view.bettor >= 0:
        counters.append(Counter("bet", view.bet, view.bettor))
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
