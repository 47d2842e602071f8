"""The rules of Old Maid (and Old Bachelor): the state, the deal, the pairs, the draws.

Pure: no pyspiel, no randomness. The only decision is the drawer's choice of a position in the
fan she is offered; the card under it is a chance node drawn after the choice (package
docstring, assumption 4). Every pair is laid down at once, inside the step that made it, and
logged (assumption 3): laying a pair is compelled, and the table sees that it was made.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.old_maid.determinizer as determinizer
import hoyle.envs.games.old_maid.view as views
from hoyle.envs.core.cards import (
    NUM_RANKS,
    NUM_SUITS,
    RANK_LETTERS,
    RANK_NAMES,
    card,
    card_name,
    cards_of,
    cards_text,
    format_card,
    parse_card,
    rank_of,
)
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, Event, EventSchema, log_event, seats
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import (
    CHANCE,
    TERMINAL,
    PlainState,
    ProbabilitySampler,
    replace_at,
    seat_words,
)
from hoyle.envs.core.table import TableView
from hoyle.envs.games.old_maid.view import (
    DEAL,
    DRAW,
    EV_CHOOSE,
    EV_DEAL,
    EV_DRAW,
    EV_LAY,
    EV_OLD_MAID,
    EV_OUT,
    EVENT_KINDS,
    FAN,
    MAX_FAN,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    OldMaidView,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""The book says "any number of young ladies"; eight keeps six cards or more in every hand of
the deal (package docstring, assumption 7)."""
FIRST_POSITION = NUM_CARDS
"""Drawing the card at position p of the fan (0: the leftmost as the drawer sees it) is action
``FIRST_POSITION + p``; actions below it are card ids, the chance outcomes."""
NUM_DISTINCT_ACTIONS = FIRST_POSITION + MAX_FAN
DEFAULT_REMOVED = "QH"
"""The Queen of hearts, "having been deleted"; Old Bachelor removes a Jack or a King."""
CARD_CHOICES = tuple(
    format_card(c, "letters")
    for c in range(NUM_CARDS)
    if RANK_LETTERS[rank_of(c)] in ("K", "Q", "J")
)
"""The cards ``removed`` may be: a Queen (Old Maid) or a King or Jack (Old Bachelor)."""
DEFAULT_MAX_DRAWS = 500
"""The draws after which a deal is abandoned unpaid (``max_draws``, assumption 8)."""
MAX_MAX_DRAWS = 2000


class OldMaidState(PlainState):
    """One moment of a deal of Old Maid. Every slot holds an immutable value.

    ``hands``, ``laid``: one card mask per seat (``laid``: the pairs he laid down). ``dealt``:
    the cards dealt so far. ``drawer``, ``giver``: who draws next and from whose fan (-1 before
    the drawing); ``position``: the position she chose. ``draws``: the draws so far.
    ``old_maid``: the seat left with the odd card (-1 before the end). ``ply``: the history
    index of the next action (the log holds forced steps too). ``log``: the one event log.
    """

    __slots__ = (
        "dealer",
        "dealt",
        "drawer",
        "draws",
        "giver",
        "hands",
        "laid",
        "log",
        "old_maid",
        "phase",
        "ply",
        "position",
        "to_move",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    hands: tuple[int, ...]
    laid: tuple[int, ...]
    dealt: int
    drawer: int
    giver: int
    position: int
    draws: int
    old_maid: int
    ply: int
    log: tuple[Event, ...]


def reduced_pack(ranks: int, suits: int) -> int:
    """The ``ranks`` highest ranks (K Q J ...) of the first ``suits`` suits (♠ ♥ ♦ ♣), as a
    mask: the full pack at 13 and 4 (package docstring, assumption 9)."""
    return sum(1 << card(t, r) for t in range(suits) for r in range(NUM_RANKS - ranks, NUM_RANKS))


class OldMaidRules:
    """The rules of Old Maid (or Old Bachelor, with ``removed`` a Jack or a King) for one
    parameter set."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS
    private_pieces = ("hand", "laid")
    """The pieces only their owner sees: his hand and his pairs, laid face down."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.ranks = int(params["ranks"])
        self.suits = int(params["suits"])
        self.removed = parse_card(str(params["removed"]))
        full = reduced_pack(self.ranks, self.suits)
        if not full >> self.removed & 1:
            raise GameParameterError(
                f"removed={params['removed']} is not in the pack of ranks={self.ranks}, "
                f"suits={self.suits} (the {self.ranks} highest ranks of the first suits)"
            )
        self.pack_mask = full & ~(1 << self.removed)
        self.pack_size = self.pack_mask.bit_count()
        if self.pack_size < n:
            raise GameParameterError(
                f"the pack of ranks={self.ranks}, suits={self.suits} has {self.pack_size} cards, "
                f"fewer than players={n}: somebody would be dealt no card"
            )
        self.odd_rank = rank_of(self.removed)
        self.title = "Old Maid" if self.odd_rank == rank_of(parse_card("QH")) else "Old Bachelor"
        self.loser_name = self.title
        self.rank_masks = tuple(
            sum(1 << card(t, r) for t in range(NUM_SUITS)) & self.pack_mask
            for r in range(NUM_RANKS)
        )
        # A hand holds at most its deal, or, once its pairs are out, one card of each rank.
        self.max_hand = max(-(-self.pack_size // n), self.ranks)
        self.max_pairs = self.pack_size // 2
        # The Old Maid loses one stake, shared among the others (package docstring, returns).
        self.max_utility = 1.0 / (n - 1)
        self.min_utility = -1.0
        self.utility_sum = 0.0
        self.max_draws = int(params["max_draws"])
        self.max_game_length = self.max_draws
        self.max_chance_nodes = self.pack_size + self.max_draws
        # The deal, every pair laid (at most one per two cards), two a draw (the choice, the
        # card), every player out at most once, the Old Maid named.
        self.event_schema = EventSchema(
            EVENT_KINDS, n, NUM_CARDS, self.pack_size + self.max_pairs + 2 * self.max_draws + n + 1
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> OldMaidState:
        n = self.num_players
        s = OldMaidState()
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealer = n - 1  # assumption 1: player 0 is the eldest hand
        s.hands = (0,) * n
        s.laid = (0,) * n
        s.dealt = 0
        s.drawer = s.giver = -1
        s.position = -1
        s.draws = 0
        s.old_maid = -1
        s.ply = 0
        s.log = ()
        return s

    def current_player(self, s: OldMaidState) -> int:
        return s.to_move

    def legal_actions(self, s: OldMaidState) -> list[int]:
        """Any position of the fan offered: "must draw one card at random"."""
        if s.phase != FAN:
            return []
        return [FIRST_POSITION + p for p in range(s.hands[s.giver].bit_count())]

    def illegal_reason(self, s: OldMaidState, action: int) -> str | None:
        """Why ``action`` is refused (``ExplainsIllegal``, asked only on the error path)."""
        if s.phase != FAN:
            return None
        k = s.hands[s.giver].bit_count()
        return f"the fan offered has {k} cards: draw at one of the positions 0 to {k - 1}"

    def chance_outcomes(self, s: OldMaidState) -> list[tuple[int, float]]:
        """The deal: the next card of the shuffled pack. The draw: the card that the fan's
        shuffle put under the chosen position, each card of the fan equally likely."""
        if s.phase == DEAL:
            return deal_outcomes(self.pack_mask, s.dealt)
        if s.phase == DRAW:
            fan = cards_of(s.hands[s.giver])
            return [(c, 1.0 / len(fan)) for c in fan]
        return []

    def returns(self, s: OldMaidState) -> list[float]:
        """-1 for the Old Maid, 1/(n-1) to each other player; zeros before the end and for a
        deal abandoned after ``max_draws`` draws (assumption 8)."""
        n = self.num_players
        if s.phase != OVER or s.old_maid < 0:
            return [0.0] * n
        return [-1.0 if q == s.old_maid else 1.0 / (n - 1) for q in range(n)]

    def apply_action(self, s: OldMaidState, action: int) -> None:
        if s.phase == DEAL:
            self._apply_deal(s, action)
        elif s.phase == FAN:
            p = action - FIRST_POSITION
            s.log = log_event(s.log, EV_CHOOSE, s.drawer, p, EVERYONE)
            s.position = p
            s.phase = DRAW
            s.to_move = CHANCE
        elif s.phase == DRAW:
            self._apply_draw(s, action)
        else:
            raise AssertionError(f"no action {action} after the game is over")
        s.ply += 1

    def deal_recipient(self, s: OldMaidState) -> int:
        """The seat that receives the next card: one at a time from the dealer's left."""
        return (s.dealer + 1 + s.dealt.bit_count()) % self.num_players

    def _apply_deal(self, s: OldMaidState, c: int) -> None:
        q = self.deal_recipient(s)
        s.log = log_event(s.log, EV_DEAL, q, c, seats(q), s.ply)
        s.hands = replace_at(s.hands, q, s.hands[q] | 1 << c)
        s.dealt |= 1 << c
        if s.dealt != self.pack_mask:
            return
        # "Beginning with the eldest hand, each player sorts her cards into pairs."
        n = self.num_players
        for k in range(n):
            q = (s.dealer + 1 + k) % n
            for r in range(NUM_RANKS):
                while (s.hands[q] & self.rank_masks[r]).bit_count() >= 2:
                    held = s.hands[q] & self.rank_masks[r]
                    low = held & -held
                    rest = held & ~low
                    self._lay(s, q, low | rest & -rest)  # the two lowest: the third stays
        for k in range(n):
            q = (s.dealer + 1 + k) % n
            if not s.hands[q]:
                s.log = log_event(s.log, EV_OUT, q)
        self._next_turn(s, s.dealer)

    def _lay(self, s: OldMaidState, q: int, pair: int) -> None:
        """``q`` lays ``pair`` (two cards of a rank) face down: the table sees a pair go down,
        not its cards (assumption 2). The event's value is the pair's lower card."""
        s.hands = replace_at(s.hands, q, s.hands[q] & ~pair)
        s.laid = replace_at(s.laid, q, s.laid[q] | pair)
        s.log = log_event(s.log, EV_LAY, q, (pair & -pair).bit_length() - 1, seats(q))

    def _apply_draw(self, s: OldMaidState, c: int) -> None:
        d, g = s.drawer, s.giver
        s.log = log_event(s.log, EV_DRAW, d, c, seats(d, g), s.ply)
        s.hands = replace_at(s.hands, g, s.hands[g] & ~(1 << c))
        mate = s.hands[d] & self.rank_masks[rank_of(c)]
        if mate:  # "if it completes a pair, the two cards are discarded"
            self._lay(s, d, mate | 1 << c)
        else:
            s.hands = replace_at(s.hands, d, s.hands[d] | 1 << c)
        s.draws += 1
        for q in (g, d):
            if not s.hands[q]:
                s.log = log_event(s.log, EV_OUT, q)
        self._next_turn(s, d)

    def _next_turn(self, s: OldMaidState, last: int) -> None:
        """The next draw: the nearest player on ``last``'s left who holds cards draws from the
        nearest on her own right who holds cards (assumption 5); or the end, when one player
        alone holds cards (she holds the odd card, the Old Maid)."""
        n = self.num_players
        holders = [q for q in range(n) if s.hands[q]]
        s.position = -1
        if len(holders) == 1 or s.draws >= self.max_draws:
            s.phase = OVER
            s.to_move = TERMINAL
            s.drawer = s.giver = -1
            if len(holders) == 1:
                s.old_maid = holders[0]
                s.log = log_event(s.log, EV_OLD_MAID, s.old_maid)
            return
        d = next(q for k in range(1, n + 1) if s.hands[q := (last + k) % n])
        g = next(q for k in range(1, n) if s.hands[q := (d - k) % n])
        s.drawer, s.giver = d, g
        if s.hands[g].bit_count() == 1:
            # A fan of one card: no choice to make (and none shown); the card is drawn at once.
            s.position = 0
            s.phase = DRAW
            s.to_move = CHANCE
        else:
            s.phase = FAN
            s.to_move = d

    def action_to_string(self, s: OldMaidState, player: int, action: int) -> str:
        del player  # The words are the same for every player.
        if action >= FIRST_POSITION:
            return f"draw card {action - FIRST_POSITION + 1} of the fan from the left"
        name = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
        if s.phase == DRAW:
            return f"the card drawn is {name}"
        return f"deal {name} to player {self.deal_recipient(s)}"

    def state_string(self, s: OldMaidState) -> str:
        lines = [
            f"{self.title}, {self.num_players} players, dealer: player {s.dealer}, "
            f"phase: {PHASE_NAMES[s.phase]}, to move: {seat_words(s.to_move)}, "
            f"draws: {s.draws}"
        ]
        if s.drawer >= 0:
            lines.append(f"player {s.drawer} draws from player {s.giver}")
        for q in range(self.num_players):
            lines.append(
                f"player {q}: hand {cards_text(s.hands[q])}; pairs {cards_text(s.laid[q])}"
            )
        lines.append(f"undealt: {cards_text(self.pack_mask & ~s.dealt)}")
        if s.old_maid >= 0:
            lines.append(f"the {self.loser_name}: player {s.old_maid}")
        return "\n".join(lines)

    def odd_card_words(self) -> str:
        """The rank left over, in words ("Queen")."""
        return f"{RANK_NAMES[self.odd_rank]} (the {card_name(self.removed)} removed)"

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: OldMaidState, player: int) -> OldMaidView:
        return OldMaidView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            drawer=s.drawer,
            giver=s.giver,
            hand=s.hands[player],
            laid=s.laid[player],
            shown=0,
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            pairs=tuple(m.bit_count() // 2 for m in s.laid),
            undealt=(self.pack_mask & ~s.dealt).bit_count(),
            old_maid=s.old_maid,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(self, view: OldMaidView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        views.encode_view(view, out, perfect_recall)

    def view_string(self, view: OldMaidView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: OldMaidState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    def card_zones(self, s: OldMaidState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones.update({f"pairs{q}": m for q, m in enumerate(s.laid)})
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones

    # --- the determinizer ---------------------------------------------------------------------
    def hidden_cards(self, s: OldMaidState, player: int) -> dict[int, Hashable]:
        """The cards ``player`` has not located (:func:`.determinizer.hidden_cards`)."""
        return determinizer.hidden_cards(self, s, player)

    def forbidden_cards(self, s: OldMaidState, player: int) -> dict[Hashable, int]:
        """Nothing a mask can say (:func:`.determinizer.forbidden_cards`)."""
        return determinizer.forbidden_cards(self, s, player)

    def draw_world(
        self, s: OldMaidState, player: int, history: list[int], sampler: ProbabilitySampler
    ) -> list[int] | None:
        """A whole history ``player`` cannot tell from ``history`` (:func:`.determinizer.
        draw_world`: replayed forward, drawn uniformly among such histories)."""
        return determinizer.draw_world(self, s, player, history, sampler)
