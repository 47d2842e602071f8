"""What a player of Earl of Coventry or Jig sees: the phases, the log's kinds, the view and its
renderings.

The view (:class:`EarlView`) is the only thing the encoders, the strings and the table read: the
player's hand, the public table (every card laid this deal and by whom, the round now or last
played, each hand's size, the counters) and his cut of the one event log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, cards_of, cards_text, format_card
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.earl_of_coventry.rules import EarlRules

# Phases (stored, never inferred).
DEAL, LEAD, OVER = range(3)
NUM_PHASES = 3
PHASE_NAMES = ("deal", "lead", "over")
NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever ``ranks`` is (the tensors are one size)."""

# The event log (hoyle.envs.core.events). A deal and a lead are actions (their ``at`` is their
# history index); a card laid in turn, a pass and going out are forced steps inside a lead.
EV_DEAL, EV_LEAD, EV_PLAY, EV_NO_MATCH, EV_WITHOUT, EV_OUT = range(6)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("{actor} led {value}"),
    EventKind("{actor} laid {value}"),
    EventKind("{actor} could not match {value}"),  # Earl of Coventry: holds none of its rank
    EventKind("{actor} was without {value}"),  # Jig: holds not the next card of the sequence
    EventKind("{actor} went out, paid for {value} cards held", value="number"),
)


@dataclass(frozen=True)
class EarlView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``log`` is the player's cut of the event log (``(kind, seat,
    value)``, the value ``HIDDEN`` where he did not see it), left out of the comparison: a
    re-deal may change the order in which another seat was dealt its cards, which this player
    never saw.
    """

    player: int
    num_players: int
    jig: bool
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    played: tuple[int, ...]
    run: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    undealt: int
    counters: tuple[int, ...]
    winner: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: EarlRules = field(compare=False, repr=False)

    @property
    def laid(self) -> int:
        """Every card laid this deal, by anyone (public)."""
        out = 0
        for m in self.played:
            out |= m
        return out

    def unseen(self) -> int:
        """The cards this player has not seen: the other hands (and, in the deal, the pack)."""
        return self.rules.pack_mask & ~self.hand & ~self.laid

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you", "player q" (or "chance", "nobody")."""
        return "you" if q == self.player else seat_words(q)


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: EarlRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (NUM_CARDS,)),
        ("laid", (n, NUM_CARDS)),
        ("run", (NUM_CARDS,)),
        ("to_move", (n,)),
        ("dealer", (n,)),
        ("hand_sizes", (n, rules.max_hand + 1)),
        ("counters", (n,)),
        ("deal", (rules.deals,)),
        ("phase", (NUM_PHASES,)),
        ("winner", (n,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: EarlView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats counted from the viewer (row 0 = him, row 1 = the player on his left ...);
    ``counters`` holds each player's net counters over the deals finished, scaled from the
    game's bounds to [0, 1] (0: ``min_utility``, 1: ``max_utility``)."""
    n = view.num_players
    me = view.player
    low, span = view.rules.min_utility, view.rules.max_utility - view.rules.min_utility
    set_cards(out["hand"], view.hand)
    for q in range(n):
        r = (q - me) % n
        set_cards(out["laid"][r], view.played[q])
        out["hand_sizes"][r, view.hand_sizes[q]] = 1.0
        out["counters"][r] = (view.counters[q] - low) / span
    for c in view.run:
        out["run"][c] = 1.0
    if view.to_move >= 0:
        out["to_move"][(view.to_move - me) % n] = 1.0
    out["dealer"][(view.dealer - me) % n] = 1.0
    set_one_hot(out["deal"], view.deal_no)
    out["phase"][view.phase] = 1.0
    if view.winner >= 0:
        out["winner"][(view.winner - me) % n] = 1.0
    if perfect_recall:
        view.rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def view_string(view: EarlView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    rules = view.rules
    title = "Jig" if view.jig else "Earl of Coventry"
    lines = [
        f"{title}, {n} players; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; deal {view.deal_no + 1} of {rules.deals}; phase: {PHASE_NAMES[view.phase]}; "
        f"to move: {view.seat_name(view.to_move)}",
        f"Your hand: {cards_text(view.hand)}",
        f"Last round: {' '.join(format_card(c) for c in view.run) or '-'}",
    ]
    for q in range(n):
        if q != me:
            lines.append(
                f"Player {q}: {view.hand_sizes[q]} card{'' if view.hand_sizes[q] == 1 else 's'}; "
                f"laid {cards_text(view.played[q])}"
            )
    lines.append(f"You laid: {cards_text(view.played[me])}")
    if view.undealt:
        lines.append(f"Still to deal: {view.undealt} cards")
    lines.append(
        "Counters: " + ", ".join(f"{view.seat_name(q)} {c}" for q, c in enumerate(view.counters))
    )
    if view.winner >= 0:
        lines.append(f"First out in the last deal: {view.seat_name(view.winner)}")
    if perfect_recall:
        lines.append("Events:")
        lines.extend("  " + line for line in rules.event_schema.lines(view.log, view.seat_name))
    return "\n".join(lines)


# --- the table --------------------------------------------------------------------------------


def table_view(view: EarlView) -> TableView:
    """The view laid out for a renderer: each seat's hand (the player's own face up, the rest
    counted), the cards each seat laid before the round now shown, the round, the pack still to
    deal; each player's counters and the deal; the log in the game's words."""
    n = view.num_players
    me = view.player
    run = 0
    for c in view.run:
        run |= 1 << c
    zones: list[Zone] = []
    for q in range(n):
        shown = tuple(cards_of(view.hand)) if q == me else ()
        zones.append(
            Zone(f"hand{q}", "hand", shown, view.hand_sizes[q] - len(shown), q, view.seat_name(q))
        )
    for q in range(n):
        zones.append(
            Zone(
                f"laid{q}",
                "pile",
                tuple(cards_of(view.played[q] & ~run)),
                owner=q,
                label=f"laid by {view.seat_name(q)}",
            )
        )
    zones.append(Zone("run", "row", view.run, label="the round"))
    zones.append(Zone("pack", "stock", hidden=view.undealt, label="still to deal"))
    counters = [Counter(f"counters{q}", c, q) for q, c in enumerate(view.counters)]
    counters.append(Counter("deal", view.deal_no + 1))
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
