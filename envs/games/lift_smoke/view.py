"""What a Lift Smoke player sees: the phases, the event log's kinds, the view and its renderings.

The view (:class:`LiftSmokeView`) is the only thing the encoders, the strings and the table
read: it holds the player's hand, the public table (the turn-up, the trick, every card played,
the voids, the hand sizes, the stock count) and his cut of the one event log. The log's kinds
are declared here (:data:`EVENT_SCHEMA_KINDS`) because they are what the player is told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, SUIT_NAMES, cards_of, format_card, suit_of
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.observe import set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import NO_SUIT, TrickRules, trick_winner

if TYPE_CHECKING:
    from hoyle.envs.games.lift_smoke.rules import LiftSmokeRules

# Phases (stored, never inferred).
DEAL, PLAY, DRAW, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "play", "draw", "over")
NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever ``ranks`` is (the tensors are one size)."""

# The event log (hoyle.envs.core.events): one event per action, so an event's index in the log
# is the history index of its action (its ``at``). A lead and a later card of the trick are
# told apart, which gives the suit each play had to follow (the voids' timing) from the log.
EV_DEAL, EV_TURN, EV_LEAD, EV_PLAY, EV_DRAW = range(5)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("turned up {value} for trumps ({actor})"),  # the dealer's card, seen by all
    EventKind("{actor} led {value}"),
    EventKind("{actor} played {value}"),
    EventKind("{actor} drew {value}"),  # seen by the drawer only
)


@dataclass(frozen=True)
class LiftSmokeView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``log`` is the player's cut of the event log (``(kind, seat,
    card)``, the card ``HIDDEN`` where he did not see it). Two views compare equal when the
    player sees the same table *now* (the log is left out of the comparison): another seat's
    determinizer may re-deal the order in which this player received cards he has since played
    (that seat never saw it), which changes his history but nothing he holds or sees now.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    hand: int
    trump: int
    trump_card: int
    turnup: int
    leader: int
    trick: tuple[int, ...]
    active: int
    played: tuple[int, ...]
    voids: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    winner: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: LiftSmokeRules = field(compare=False, repr=False)

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick, ``NO_SUIT`` when the trick is empty."""
        return suit_of(self.trick[0]) if self.trick else NO_SUIT

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats of the current trick in playing order, from the leader."""
        return self.rules.trick_order(self.leader, self.active)

    @property
    def tricks(self) -> TrickRules:
        return self.rules.tricks[self.trump]

    def unseen(self) -> int:
        """Cards this player has not seen: the other hands and the stock (less the turn-up)."""
        seen = self.hand
        for m in self.played:
            seen |= m
        if self.turnup >= 0:
            seen |= 1 << self.turnup
        return self.rules.pack_mask & ~seen

    @property
    def events(self) -> tuple[ViewEvent, ...]:
        """Every event this player saw, oldest first (the same as ``log``)."""
        return self.log

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you" or "player q"."""
        return "you" if q == self.player else f"player {q}"

    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won so far, from the log: a trick runs from one lead
        to the next, and is won as the trick rules say (the game keeps no count: it plays for
        cards, not tricks)."""
        won = [0] * self.num_players
        if self.trump < 0:
            return tuple(won)
        tricks = self.tricks
        seats: list[int] = []
        cards: list[int] = []
        for kind, q, c in self.log:
            if kind == EV_LEAD:
                if cards:
                    won[seats[trick_winner(cards, tricks)]] += 1
                seats, cards = [q], [c]
            elif kind == EV_PLAY:
                seats.append(q)
                cards.append(c)
        if cards and not (self.phase == PLAY and self.trick):  # the last trick is complete
            won[seats[trick_winner(cards, tricks)]] += 1
        return tuple(won)


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: LiftSmokeRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    nc = NUM_CARDS
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (nc,)),
        ("trump", (NUM_SUITS,)),
        ("turnup", (nc,)),
        ("trick", (n, nc)),
        ("leader", (n,)),
        ("to_move", (n,)),
        ("dealer", (n,)),
        ("active", (n,)),
        ("played", (n, nc)),
        ("voids", (n, NUM_SUITS)),
        ("hand_sizes", (n, rules.hand_size + 1)),
        ("stock", (rules.stock_size + 1,)),
        ("phase", (NUM_PHASES,)),
        ("winner", (n,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: LiftSmokeView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    n = view.num_players
    me = view.player
    _set_cards(out["hand"], view.hand)
    if view.trump >= 0:
        out["trump"][view.trump] = 1.0
    if view.turnup >= 0:
        out["turnup"][view.turnup] = 1.0
    if view.trick:
        trick = out["trick"]
        for q, c in zip(view.trick_seats, view.trick, strict=False):
            trick[(q - me) % n, c] = 1.0
    if view.leader >= 0:
        out["leader"][(view.leader - me) % n] = 1.0
    if view.to_move >= 0:
        out["to_move"][(view.to_move - me) % n] = 1.0
    out["dealer"][(view.dealer - me) % n] = 1.0
    if view.phase != DEAL:
        active, played, voids = out["active"], out["played"], out["voids"]
        for q in range(n):
            r = (q - me) % n
            if (view.active >> q) & 1:
                active[r] = 1.0
            _set_cards(played[r], view.played[q])
            v = view.voids[q]
            if v:
                for t in range(NUM_SUITS):
                    if v >> t & 1:
                        voids[r, t] = 1.0
    sizes = out["hand_sizes"]
    for q, k in enumerate(view.hand_sizes):
        sizes[(q - me) % n, k] = 1.0  # k <= hand_size: a hand never outgrows the deal
    set_one_hot(out["stock"], view.stock)
    out["phase"][view.phase] = 1.0
    if view.winner >= 0:
        out["winner"][(view.winner - me) % n] = 1.0
    if perfect_recall:
        view.rules.event_schema.encode(out["events"], view.log, me)


def _set_cards(row: Any, mask: int) -> None:
    """``row[c] = 1`` for every card of ``mask`` (:func:`~hoyle.envs.core.observe.set_cards`
    without the generator: the observation's hottest loop)."""
    while mask:
        low = mask & -mask
        row[low.bit_length() - 1] = 1.0
        mask ^= low


# --- the strings ------------------------------------------------------------------------------


def view_string(view: LiftSmokeView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    trump = (
        f"{SUIT_NAMES[view.trump]} (turned up {format_card(view.trump_card)})"
        if view.trump >= 0
        else "not yet turned up"
    )
    lines = [
        f"Lift Smoke, {n} players; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; phase: {PHASE_NAMES[view.phase]}; to move: {whom(view.to_move, me)}",
        f"Trumps: {trump}",
        f"Your hand: {cards_words(view.hand)}",
    ]
    if view.turnup >= 0:
        lines.append(f"The turn-up {format_card(view.turnup)} is still in the dealer's hand")
    lines.append(f"Trick: {trick_words(view.trick, view.trick_seats, me)}")
    for q in range(n):
        if q == me:
            continue
        out = "" if (view.active >> q) & 1 or view.phase == DEAL else ", withdrawn"
        void = "".join("♠♥♦♣"[t] for t in range(NUM_SUITS) if view.voids[q] >> t & 1)
        lines.append(
            f"Player {q}: {n_cards(view.hand_sizes[q])}{out}; played {cards_words(view.played[q])}"
            + (f"; void in {void}" if void else "")
        )
    lines.append(f"You played: {cards_words(view.played[me])}")
    lines.append(f"Stock: {view.stock} cards")
    if view.winner >= 0:
        lines.append(f"Winner: {whom(view.winner, me)}")
    if perfect_recall:
        lines.append("Events:")
        lines.extend(
            "  " + line for line in view.rules.event_schema.lines(view.log, view.seat_name)
        )
    return "\n".join(lines)


def cards_words(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def trick_words(trick: Sequence[int], seats: Sequence[int], me: int = -1) -> str:
    if not trick:
        return "-"
    return ", ".join(
        f"{'you' if q == me else f'player {q}'} {format_card(c)}"
        for q, c in zip(seats, trick, strict=False)
    )


def n_cards(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


def whom(p: int, me: int) -> str:
    return "you" if p == me else seat_words(p)


# --- the table --------------------------------------------------------------------------------


def table_view(view: LiftSmokeView) -> TableView:
    """The view laid out for a renderer: each seat's hand (the player's own cards, and the
    turn-up in the dealer's hand, face up; the rest counted), the cards each seat played
    before this trick, the trick, the stock; the trumps, tricks won, the pool and, at the end,
    the scores; the log in the game's words."""
    n = view.num_players
    me = view.player
    trick_mask = 0
    for c in view.trick:
        trick_mask |= 1 << c
    out = view.phase != DEAL
    zones: list[Zone] = []
    for q in range(n):
        if q == me:
            shown = tuple(cards_of(view.hand))
        elif q == view.dealer and view.turnup >= 0:
            shown = (view.turnup,)
        else:
            shown = ()
        withdrawn = out and not (view.active >> q) & 1
        label = view.seat_name(q) + (" (withdrawn)" if withdrawn else "")
        zones.append(Zone(f"hand{q}", "hand", shown, view.hand_sizes[q] - len(shown), q, label))
    for q in range(n):
        zones.append(
            Zone(
                f"played{q}",
                "row",
                tuple(cards_of(view.played[q] & ~trick_mask)),
                owner=q,
                label=f"played by {view.seat_name(q)}",
            )
        )
    led = f"led by {view.seat_name(view.leader)}" if view.trick else ""
    zones.append(Zone("trick", "trick", view.trick, label=led))
    zones.append(Zone("stock", "stock", hidden=view.stock, label="the stock"))
    counters: list[Counter] = [Counter("pool", n)]
    if view.trump >= 0:
        counters.append(Counter("trumps", SUIT_NAMES[view.trump]))
        counters.append(Counter("turned up", format_card(view.trump_card), view.dealer))
    counters.extend(Counter(f"tricks{q}", k, q) for q, k in enumerate(view.tricks_won()))
    if view.winner >= 0:
        counters.extend(
            Counter(f"score{q}", n - 1 if q == view.winner else -1, q) for q in range(n)
        )
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
