"""What a player of Old Maid sees: the phases, the log's kinds, the view and its renderings.

The view (:class:`OldMaidView`) is the only thing the encoders, the strings and the table read:
the player's hand, the cards he laid down, how many cards every hand holds and how many each
seat has laid down, whose turn it is to draw and from whom, and his cut of the one event log.
The order of a fan is never in it: the rules never make one (the card under the chosen
position is drawn by chance after the choice, package docstring, assumption 4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, cards_of, cards_text
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.observe import set_cards
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.old_maid.rules import OldMaidRules

# Phases (stored, never inferred). DEAL and DRAW are chance nodes; FAN is the drawer's choice.
DEAL, FAN, DRAW, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "fan", "draw", "over")
NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever the reduced pack is (the tensors are one size)."""
MAX_FAN = NUM_RANKS
"""A hand after its pairs are out holds at most one card of each rank: 13 cards."""

# The event log (hoyle.envs.core.events). A card dealt and a card drawn are chance outcomes
# (their ``at`` is their history index); a card laid down, a position taken when the fan has
# one card, a player dropping out and the end are forced steps.
EV_DEAL, EV_LAY, EV_CHOOSE, EV_DRAW, EV_OUT, EV_OLD_MAID = range(6)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("{actor} laid down a pair: {value}", hidden="face down"),  # its lower card
    EventKind("{actor} chose card {value} of the fan", value="number"),  # public
    EventKind("{actor} drew {value}"),  # seen by the drawer and the one drawn from
    EventKind("{actor} has no cards and drops out", value="none"),
    EventKind("{actor} is left with the odd card: the Old Maid", value="none"),
)


@dataclass(frozen=True)
class OldMaidView:
    """What one player sees: his hand and his pairs, the public table, his log; nothing hidden.

    Seats are absolute ids. ``laid`` is his own pairs (cards); ``pairs`` how many pairs each
    seat has laid down (public: the table sees two cards go down); ``shown`` every card laid
    face up (``pairs_shown=true``; 0 otherwise). ``log`` is the player's cut of the event log,
    left out of the comparison: a re-deal may change the order in which another seat was dealt
    its cards, which he never saw.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    drawer: int
    giver: int
    hand: int
    laid: int
    shown: int
    hand_sizes: tuple[int, ...]
    pairs: tuple[int, ...]
    undealt: int
    old_maid: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: OldMaidRules = field(compare=False, repr=False)

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you", "player q" (or "chance", "nobody")."""
        return "you" if q == self.player else seat_words(q)


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: OldMaidRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (NUM_CARDS,)),
        ("laid", (NUM_CARDS,)),
        ("shown", (NUM_CARDS,)),
        ("hand_sizes", (n, rules.max_hand + 1)),
        ("pairs", (n, rules.max_pairs + 1)),
        ("drawer", (n,)),
        ("giver", (n,)),
        ("dealer", (n,)),
        ("phase", (NUM_PHASES,)),
        ("old_maid", (n,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: OldMaidView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats counted from the viewer (row 0 = him, row 1 = the player on his left ...)."""
    n = view.num_players
    me = view.player
    set_cards(out["hand"], view.hand)
    set_cards(out["laid"], view.laid)
    set_cards(out["shown"], view.shown)
    for q in range(n):
        r = (q - me) % n
        out["hand_sizes"][r, view.hand_sizes[q]] = 1.0
        out["pairs"][r, view.pairs[q]] = 1.0
    for name, q in (("drawer", view.drawer), ("giver", view.giver), ("old_maid", view.old_maid)):
        if q >= 0:
            out[name][(q - me) % n] = 1.0
    out["dealer"][(view.dealer - me) % n] = 1.0
    out["phase"][view.phase] = 1.0
    if perfect_recall:
        view.rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def view_string(view: OldMaidView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    rules = view.rules
    lines = [
        f"{rules.title}, {n} players; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; phase: {PHASE_NAMES[view.phase]}; to move: {view.seat_name(view.to_move)}",
        f"Your hand: {cards_text(view.hand)}",
        f"Your pairs: {cards_text(view.laid)}",
    ]
    if view.drawer >= 0:
        lines.append(
            f"{view.seat_name(view.drawer).capitalize()} to draw from "
            f"{view.seat_name(view.giver)}'s fan of {view.hand_sizes[view.giver]}"
        )
    for q in range(n):
        if q != me:
            k = view.hand_sizes[q]
            lines.append(
                f"Player {q}: {k} card{'' if k == 1 else 's'}; {view.pairs[q]} pairs laid down"
            )
    if view.shown:
        lines.append(f"Pairs face up: {cards_text(view.shown)}")
    if view.undealt:
        lines.append(f"Still to deal: {view.undealt} cards")
    if view.old_maid >= 0:
        lines.append(f"The {rules.loser_name}: {view.seat_name(view.old_maid)}")
    if perfect_recall:
        lines.append("Events:")
        lines.extend("  " + line for line in rules.event_schema.lines(view.log, view.seat_name))
    return "\n".join(lines)


# --- the table --------------------------------------------------------------------------------


def table_view(view: OldMaidView) -> TableView:
    """The view laid out for a renderer: each seat's hand (the player's own face up, the rest
    counted), each seat's pairs (his own face up, the others face down unless shown), the pack
    still to deal; the pairs laid by each seat; the log in the game's words."""
    n = view.num_players
    me = view.player
    zones: list[Zone] = []
    for q in range(n):
        shown = tuple(cards_of(view.hand)) if q == me else ()
        zones.append(
            Zone(f"hand{q}", "hand", shown, view.hand_sizes[q] - len(shown), q, view.seat_name(q))
        )
    for q in range(n):
        faces = tuple(cards_of(view.laid)) if q == me and not view.shown else ()
        zones.append(
            Zone(
                f"pairs{q}",
                "pile",
                faces,
                0 if view.shown else 2 * view.pairs[q] - len(faces),
                q,
                f"pairs laid down by {view.seat_name(q)}",
            )
        )
    if view.shown:
        zones.append(Zone("shown", "pile", tuple(cards_of(view.shown)), label="pairs face up"))
    zones.append(Zone("pack", "stock", hidden=view.undealt, label="still to deal"))
    counters = [Counter(f"pairs_laid{q}", p, q) for q, p in enumerate(view.pairs)]
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
