"""What a player of Authors sees: the phases, the log's kinds, the view and its renderings.

The view (:class:`AuthorsView`) is the only thing the encoders, the strings and the table read:
the player's hand, the public table (each seat's tricks, the cards the record places in each
hand, each hand's size, the pool and the counters) and his cut of the one event log, which is
the public record of every ask and what came of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, card, cards_of, cards_text
from hoyle.envs.core.events import EventKind, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone

if TYPE_CHECKING:
    from hoyle.envs.games.authors.rules import AuthorsRules

# Phases (stored, never inferred).
DEAL, ASK, OVER = range(3)
NUM_PHASES = 3
PHASE_NAMES = ("deal", "ask", "over")
NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever ``ranks`` is (the tensors are one size)."""

RANK_PLURALS = (
    "Aces", "Deuces", "Treys", "Fours", "Fives", "Sixes", "Sevens",
    "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings",
)  # fmt: skip

# The event log (hoyle.envs.core.events). A deal is a chance outcome (its ``at`` is its history
# index); an ask is an action whose card is public, so its events name no history position
# (a re-deal never changes what was asked). The asked player is the actor of the event that
# follows the ask: he hands the card over, or has it not.
EV_DEAL, EV_ASK, EV_GIVE, EV_MISS, EV_TRICK, EV_TAKE, EV_CLOSED = range(7)
EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("{actor} asks for {value}"),
    EventKind("{actor} hands over {value}"),
    EventKind("{actor} has not {value}"),
    EventKind("{actor} lays a trick of {value}", value="action"),  # the value is the rank
    EventKind("{actor} takes {value} counters from the pool", value="number"),
    EventKind("the asking is closed: the deal's tricks are counted", value="none"),
)


def rank_words(rank: int) -> str:
    """A trick's rank in words: "Fives" (the ``action`` words of the trick event)."""
    return RANK_PLURALS[rank]


def rank_mask(rank: int) -> int:
    """The four cards of ``rank``."""
    return sum(1 << card(t, rank) for t in range(NUM_SUITS))


@dataclass(frozen=True)
class AuthorsView:
    """What one player sees: his hand, the table, the public record; nothing hidden.

    Seats are absolute ids. ``located``: for each seat, the cards the record places in its
    hand (handed to it at an ask, and held since). ``tricks``: for each seat, the mask of the
    ranks it has laid as tricks this deal. ``log`` is the player's cut of the event log, left
    out of the comparison: a re-deal may change the order in which another seat was dealt its
    cards, which this player never saw.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    located: tuple[int, ...]
    tricks: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    undealt: int
    asks: int
    pool: int
    counters: tuple[int, ...]
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: AuthorsRules = field(compare=False, repr=False)

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you", "player q" (or "chance", "nobody")."""
        return "you" if q == self.player else seat_words(q)

    def trick_cards(self, q: int) -> int:
        """The cards of ``q``'s tricks (each the four of its rank, so public)."""
        out = 0
        for r in range(NUM_RANKS):
            if self.tricks[q] >> r & 1:
                out |= rank_mask(r)
        return out


# --- the tensor -------------------------------------------------------------------------------


def tensor_pieces(rules: AuthorsRules, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    n = rules.num_players
    pieces: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (NUM_CARDS,)),
        ("located", (n, NUM_CARDS)),
        ("tricks", (n, NUM_RANKS)),
        ("to_move", (n,)),
        ("dealer", (n,)),
        ("hand_sizes", (n, rules.max_hand + 1)),
        ("counters", (n,)),
        ("pool", (1,)),
        ("asks", (1,)),
        ("deal", (rules.deals,)),
        ("phase", (NUM_PHASES,)),
    ]
    if perfect_recall:
        pieces.append(rules.event_schema.piece())
    return pieces


def encode_view(view: AuthorsView, out: Mapping[str, Any], perfect_recall: bool) -> None:
    """Seats counted from the viewer (row 0 = him, row 1 = the player on his left ...);
    ``counters`` scaled from the game's bounds to [0, 1]; ``pool`` the counters on it over the
    most it can hold (every stake of the sitting); ``asks`` this deal's asks over the cap."""
    n = view.num_players
    me = view.player
    rules = view.rules
    low, span = rules.min_utility, rules.max_utility - rules.min_utility
    set_cards(out["hand"], view.hand)
    for q in range(n):
        r = (q - me) % n
        set_cards(out["located"][r], view.located[q])
        for k in range(NUM_RANKS):
            if view.tricks[q] >> k & 1:
                out["tricks"][r, k] = 1.0
        out["hand_sizes"][r, view.hand_sizes[q]] = 1.0
        out["counters"][r] = (view.counters[q] - low) / span
    if view.to_move >= 0:
        out["to_move"][(view.to_move - me) % n] = 1.0
    out["dealer"][(view.dealer - me) % n] = 1.0
    out["pool"][0] = view.pool / (n * rules.deals)
    out["asks"][0] = view.asks / rules.max_asks
    set_one_hot(out["deal"], view.deal_no)
    out["phase"][view.phase] = 1.0
    if perfect_recall:
        rules.event_schema.encode(out["events"], view.log, me)


# --- the strings ------------------------------------------------------------------------------


def view_string(view: AuthorsView, perfect_recall: bool) -> str:
    me = view.player
    n = view.num_players
    rules = view.rules
    lines = [
        f"Authors, {n} players; you are player {me}"
        + (", the dealer" if view.dealer == me else "")
        + f"; deal {view.deal_no + 1} of {rules.deals}; phase: {PHASE_NAMES[view.phase]}; "
        f"to move: {view.seat_name(view.to_move)}; asks this deal: {view.asks}",
        f"Your hand: {cards_text(view.hand)}",
    ]
    for q in range(n):
        size = view.hand_sizes[q]
        lines.append(
            f"{view.seat_name(q).capitalize()}: {size} card{'' if size == 1 else 's'}; "
            f"known to hold {cards_text(view.located[q]) or '-'}; tricks: "
            + (", ".join(rank_words(r) for r in range(NUM_RANKS) if view.tricks[q] >> r & 1) or "-")
        )
    if view.undealt:
        lines.append(f"Still to deal: {view.undealt} cards")
    lines.append(
        f"Pool: {view.pool}; counters: "
        + ", ".join(f"{view.seat_name(q)} {c}" for q, c in enumerate(view.counters))
    )
    if perfect_recall:
        lines.append("Events:")
        lines.extend(
            "  " + line for line in rules.event_schema.lines(view.log, view.seat_name, rank_words)
        )
    return "\n".join(lines)


# --- the table --------------------------------------------------------------------------------


def table_view(view: AuthorsView) -> TableView:
    """The view laid out for a renderer: each seat's hand (the player's own face up, the cards
    the record places in another's shown, the rest counted), each seat's tricks, the pack still
    to deal; the pool, each player's counters and the deal; the log in the game's words."""
    n = view.num_players
    me = view.player
    zones: list[Zone] = []
    for q in range(n):
        shown = tuple(cards_of(view.hand if q == me else view.located[q]))
        zones.append(
            Zone(f"hand{q}", "hand", shown, view.hand_sizes[q] - len(shown), q, view.seat_name(q))
        )
    for q in range(n):
        zones.append(
            Zone(
                f"tricks{q}",
                "pile",
                tuple(cards_of(view.trick_cards(q))),
                owner=q,
                label=f"tricks of {view.seat_name(q)}",
            )
        )
    zones.append(Zone("pack", "stock", hidden=view.undealt, label="still to deal"))
    counters = [Counter(f"counters{q}", c, q) for q, c in enumerate(view.counters)]
    counters.append(Counter("pool", view.pool))
    counters.append(Counter("deal", view.deal_no + 1))
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(view.rules.event_schema.lines(view.log, view.seat_name, rank_words)),
        seats=tuple(view.seat_name(q) for q in range(n)),
    )
