"""The rules of Authors: the state, the deal, the asks and the tricks.

Pure: no pyspiel, no randomness. The only decision is an ask (a named player, a named card);
what follows it is compelled and public: the card handed over or not, a trick laid at once, the
turn kept, passed to the asked player, or passed on from a player left without cards. So
:meth:`AuthorsRules.apply_action` plays it out and logs each step.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import hoyle.envs.games.authors.determinizer as determinizer
import hoyle.envs.games.authors.view as views
import hoyle.envs.games.authors.worlds as worlds
from hoyle.envs.core.bits import SeatTensor
from hoyle.envs.core.cards import NUM_RANKS, cards_of, cards_text, format_card, rank_of
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, Event, EventSchema, log_event, settle_log
from hoyle.envs.core.pools import Pools, final_counters, no_pools, pool_sizes, share, stake
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
from hoyle.envs.games.authors.view import (
    ASK,
    DEAL,
    EV_ASK,
    EV_CLOSED,
    EV_DEAL,
    EV_GIVE,
    EV_MISS,
    EV_TAKE,
    EV_TRICK,
    EVENT_KINDS,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    AuthorsView,
    rank_mask,
    rank_words,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""The book says "any number"; eight keeps every hand at six cards or more (assumption 7)."""
MAX_DEALS = 10
DEFAULT_MAX_ASKS = 200
"""Asks in a deal before the asking is closed (assumption 6): enough for a deal of four played
with the record in mind (118 asks on average, at most 192, over ten deals of four heuristic
players); a table of random askers reaches it."""
MAX_ASKS_RANGE = (20, 1000)
POOL = 0
"""The one division of the layout: the pool."""
STAKE = 1
""""Each player then deposits a counter in the pool.\""""

ASK_ACTION_BASE = 0
"""Asking player ``q`` for card ``c`` is action ``ASK_ACTION_BASE + q * NUM_CARDS + c``."""


def ask_action(asked: int, c: int) -> int:
    """The action: ask player ``asked`` for card ``c``."""
    return ASK_ACTION_BASE + asked * NUM_CARDS + c


def ask_of(action: int) -> tuple[int, int]:
    """``(asked player, card)`` of an ask action."""
    return divmod(action - ASK_ACTION_BASE, NUM_CARDS)


RANK_MASKS = tuple(rank_mask(r) for r in range(NUM_RANKS))


class AuthorsState(PlainState):
    """One moment of a sitting of Authors. Every slot holds an immutable value.

    ``hands``: one card mask per seat. ``located``: per seat, the cards handed to it at an ask
    and held since (public: the record places them). ``tricks``: per seat, the mask of ranks
    laid as tricks this deal. ``dealt``: the cards dealt so far this deal. ``asks``: this deal's
    asks. ``pools``, ``counters``: the pool (who staked what since it was last won) and each
    player's net counters (:mod:`hoyle.envs.core.pools`). ``ply``: the number of actions so far
    (the history index of the next one). ``log``: the one event log, every player's
    information state.
    """

    __slots__ = (
        "asks",
        "counters",
        "deal_no",
        "dealer",
        "dealt",
        "hands",
        "located",
        "log",
        "phase",
        "ply",
        "pools",
        "to_move",
        "tricks",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hands: tuple[int, ...]
    located: tuple[int, ...]
    tricks: tuple[int, ...]
    dealt: int
    asks: int
    ply: int
    pools: Pools
    counters: tuple[int, ...]
    log: tuple[Event, ...]


class AuthorsRules(SeatTensor):
    """The rules of Authors for one parameter set."""

    max_chance_outcomes = NUM_CARDS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise GameParameterError(f"players={n} must be from {MIN_PLAYERS} to {MAX_PLAYERS}")
        self.num_players = n
        self.num_distinct_actions = ASK_ACTION_BASE + n * NUM_CARDS
        self.ranks = int(params["ranks"])
        self.deals = int(params["deals"])
        self.max_asks = int(params["max_asks"])
        # A reduced pack keeps the lowest ranks, A 2 3 ... (assumption 8).
        self.pack_mask = sum(RANK_MASKS[r] for r in range(self.ranks))
        self.pack_size = self.pack_mask.bit_count()
        if self.pack_size < 2 * n:
            raise GameParameterError(
                f"ranks={self.ranks} gives a pack of {self.pack_size} cards: fewer than two "
                f"for each of players={n}"
            )
        # A hand never keeps four of a denomination, and is dealt at most half the pack.
        self.max_hand = 3 * self.ranks
        # Each deal every player stakes one counter; the most a player can win is every other
        # player's stakes over the sitting, the most he can lose his own.
        self.max_utility = float(self.deals * (n - 1) * STAKE)
        self.min_utility = -float(self.deals * STAKE)
        self.utility_sum = 0.0
        self.max_game_length = self.deals * self.max_asks
        self.max_chance_nodes = self.deals * self.pack_size
        # Per deal: the cards dealt, two events an ask, the tricks, the takers, the closing.
        per_deal = self.pack_size + 2 * self.max_asks + self.ranks + n + 1
        self.event_schema = EventSchema(
            EVENT_KINDS, n, max(NUM_CARDS, n * self.deals + 1), self.deals * per_deal
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> AuthorsState:
        n = self.num_players
        s = AuthorsState()
        s.dealer = n - 1  # assumption 1: player 0 is the first deal's eldest hand
        s.deal_no = 0
        s.ply = 0
        s.counters = (0,) * n
        s.pools = no_pools(1, n)
        s.log = ()
        self._start_deal(s)
        return s

    def _start_deal(self, s: AuthorsState) -> None:
        """Each player deposits a counter in the pool; the cards go out one at a time."""
        n = self.num_players
        for q in range(n):
            s.pools, s.counters = stake(s.pools, s.counters, POOL, q, STAKE)
        s.hands = (0,) * n
        s.located = (0,) * n
        s.tricks = (0,) * n
        s.dealt = 0
        s.asks = 0
        s.phase = DEAL
        s.to_move = CHANCE

    def current_player(self, s: AuthorsState) -> int:
        return s.to_move

    def legal_actions(self, s: AuthorsState) -> list[int]:
        """Any other player who holds cards, for any card of a rank the asker holds (his own
        cards of it included: the book's "legitimate artifice")."""
        if s.phase != ASK:
            return []
        me = s.to_move
        mine = s.hands[me]
        wanted = 0
        for r in range(self.ranks):
            if mine & RANK_MASKS[r]:
                wanted |= RANK_MASKS[r]
        cards = cards_of(wanted)
        return [
            ask_action(q, c)
            for q in range(self.num_players)
            if q != me and s.hands[q]
            for c in cards
        ]

    def illegal_reason(self, s: AuthorsState, action: int) -> str | None:
        """Why ``action`` is refused (``ExplainsIllegal``, asked only on the error path)."""
        if s.phase != ASK:
            return None
        if not ASK_ACTION_BASE <= action < self.num_distinct_actions:
            return f"action {action} is not an ask"
        q, c = ask_of(action)
        if q == s.to_move:
            return "a player asks another player, never himself"
        if not s.hands[q]:
            return f"{seat_words(q)} holds no cards and cannot be asked"
        if not self.pack_mask >> c & 1:
            return f"{format_card(c)} is not in this pack"
        if not s.hands[s.to_move] & RANK_MASKS[rank_of(c)]:
            return "the card asked for must be of a denomination the asker holds"
        return None

    def chance_outcomes(self, s: AuthorsState) -> list[tuple[int, float]]:
        """The next card of the shuffled pack, each card left equally likely."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: AuthorsState) -> list[float]:
        """Each player's counters over the sitting, at its end, the pool still standing handed
        back to those who staked it (zeros before: the terminal reward model)."""
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in final_counters(s.pools, s.counters)]

    def apply_action(self, s: AuthorsState, action: int) -> None:
        if s.phase == DEAL:
            self._apply_deal(s, action)
        elif s.phase == ASK:
            self._apply_ask(s, *ask_of(action))
        else:
            raise AssertionError(f"no action {action} after the game is over")
        s.ply += 1

    def deal_recipient(self, s: AuthorsState) -> int:
        """The seat that receives the next card: one at a time from the dealer's left."""
        return (s.dealer + 1 + s.dealt.bit_count()) % self.num_players

    def _apply_deal(self, s: AuthorsState, c: int) -> None:
        q = self.deal_recipient(s)
        s.log = log_event(s.log, EV_DEAL, q, c, 1 << q, s.ply)
        s.hands = replace_at(s.hands, q, s.hands[q] | 1 << c)
        s.dealt |= 1 << c
        if s.dealt != self.pack_mask:
            return
        # A player dealt four of a kind lays them at once, the eldest hand first.
        n = self.num_players
        for k in range(1, n + 1):
            q = (s.dealer + k) % n
            for r in range(self.ranks):
                if s.hands[q] & RANK_MASKS[r] == RANK_MASKS[r]:
                    self._lay_trick(s, q, r)
        s.phase = ASK
        # "The player on the left of the dealer begins."
        self._pass_turn(s, (s.dealer + 1) % n)

    def _lay_trick(self, s: AuthorsState, q: int, r: int) -> None:
        """``q`` lays the four of rank ``r`` face down as a trick (its rank is public)."""
        s.hands = replace_at(s.hands, q, s.hands[q] & ~RANK_MASKS[r])
        s.located = replace_at(s.located, q, s.located[q] & ~RANK_MASKS[r])
        s.tricks = replace_at(s.tricks, q, s.tricks[q] | 1 << r)
        s.log = log_event(s.log, EV_TRICK, q, r, EVERYONE)

    def _pass_turn(self, s: AuthorsState, q: int) -> None:
        """The right to ask goes to ``q``, or to the next player on his left who holds cards
        (assumption 5); with every trick made the deal ends."""
        if self._tricks_made(s) == self.ranks:
            self._end_deal(s)
            return
        n = self.num_players
        while not s.hands[q]:
            q = (q + 1) % n
        s.to_move = q

    def _tricks_made(self, s: AuthorsState) -> int:
        return sum(t.bit_count() for t in s.tricks)

    def _apply_ask(self, s: AuthorsState, asked: int, c: int) -> None:
        asker = s.to_move
        s.log = log_event(s.log, EV_ASK, asker, c, EVERYONE)
        s.asks += 1
        if s.hands[asked] >> c & 1:
            # "He must immediately surrender it", and the asker asks again.
            s.log = log_event(s.log, EV_GIVE, asked, c, EVERYONE)
            bit = 1 << c
            s.hands = replace_at(s.hands, asked, s.hands[asked] & ~bit)
            s.hands = replace_at(s.hands, asker, s.hands[asker] | bit)
            s.located = replace_at(s.located, asked, s.located[asked] & ~bit)
            s.located = replace_at(s.located, asker, s.located[asker] | bit)
            r = rank_of(c)
            if s.hands[asker] & RANK_MASKS[r] == RANK_MASKS[r]:
                self._lay_trick(s, asker, r)
            nxt = asker
        else:
            # "The privilege of asking is transferred to him."
            s.log = log_event(s.log, EV_MISS, asked, c, EVERYONE)
            nxt = asked
        if s.asks >= self.max_asks and self._tricks_made(s) < self.ranks:
            s.log = log_event(s.log, EV_CLOSED, -1, 0, EVERYONE)
            self._end_deal(s)
            return
        self._pass_turn(s, nxt)

    def _end_deal(self, s: AuthorsState) -> None:
        """The most tricks take the pool; ties divide it, the odd counters left in it for the
        next deal (assumption 4); the next deal, if any, passes to the left."""
        counts = [t.bit_count() for t in s.tricks]
        best = max(counts)
        winners = [q for q, k in enumerate(counts) if k == best]
        s.pools, s.counters, each = share(s.pools, s.counters, POOL, winners)
        for q in winners:
            s.log = log_event(s.log, EV_TAKE, q, each, EVERYONE)
        if s.deal_no + 1 >= self.deals:
            s.phase = OVER
            s.to_move = TERMINAL
            return
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % self.num_players
        s.log = settle_log(s.log)
        self._start_deal(s)

    def action_to_string(self, s: AuthorsState, player: int, action: int) -> str:
        if s.phase == DEAL:
            name = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
            return f"deal {name} to player {self.deal_recipient(s)}"
        asker = s.to_move if s.to_move >= 0 else player
        q, c = ask_of(action)
        return f"player {asker} asks player {q} for the {format_card(c)}"

    def state_string(self, s: AuthorsState) -> str:
        lines = [
            f"Authors, {self.num_players} players, deal {s.deal_no + 1} of {self.deals}, "
            f"dealer: player {s.dealer}, phase: {PHASE_NAMES[s.phase]}, "
            f"to move: {seat_words(s.to_move)}, asks: {s.asks}, pool: {pool_sizes(s.pools)[POOL]}"
        ]
        for q in range(self.num_players):
            tricks = ", ".join(rank_words(r) for r in range(NUM_RANKS) if s.tricks[q] >> r & 1)
            lines.append(
                f"player {q}: hand {cards_text(s.hands[q])}; tricks {tricks or '-'}; "
                f"counters {s.counters[q]}"
            )
        lines.append(f"undealt: {cards_text(self.pack_mask & ~s.dealt)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: AuthorsState, player: int) -> AuthorsView:
        return AuthorsView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            located=s.located,
            tricks=s.tricks,
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            undealt=(self.pack_mask & ~s.dealt).bit_count(),
            asks=s.asks,
            pool=pool_sizes(s.pools)[POOL],
            counters=s.counters,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(self, view: AuthorsView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        views.encode_view(view, out, perfect_recall)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        return (*range(at["counters"], at["counters"] + self.num_players), at["pool"], at["asks"])

    def tensor_bits(
        self, s: AuthorsState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        rel = self._rel[me]
        n = self.num_players
        b = (
            s.hands[me] << at["hand"]
            | 1 << (at["dealer"] + rel[s.dealer])
            | 1 << (at["deal"] + s.deal_no)
            | 1 << (at["phase"] + s.phase)
        )
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        located, tricks, sizes, width = (
            at["located"],
            at["tricks"],
            at["hand_sizes"],
            self.max_hand + 1,
        )
        for q in range(n):
            r = rel[q]
            b |= (
                s.located[q] << (located + r * NUM_CARDS)
                | s.tricks[q] << (tricks + r * NUM_RANKS)
                | 1 << (sizes + r * width + s.hands[q].bit_count())
            )
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        low, span = self.min_utility, self.max_utility - self.min_utility
        values = [(s.counters[(me + r) % n] - low) / span for r in range(n)]
        values.append(pool_sizes(s.pools)[POOL] / (n * self.deals))
        values.append(s.asks / self.max_asks)
        return b, values

    def view_string(self, view: AuthorsView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: AuthorsState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    def card_zones(self, s: AuthorsState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        for q, t in enumerate(s.tricks):
            zones[f"tricks{q}"] = sum(RANK_MASKS[r] for r in range(NUM_RANKS) if t >> r & 1)
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones

    # --- the determinizer (the core's: DeclaresHidden, OrdersUnseen, AdmitsWorlds) ----------
    def hidden_cards(self, s: AuthorsState, player: int) -> dict[int, Hashable]:
        """The cards ``player`` has not located (:func:`.determinizer.hidden_cards`)."""
        return determinizer.hidden_cards(self, s, player)

    def forbidden_cards(self, s: AuthorsState, player: int) -> dict[Hashable, int]:
        """What the record says a seat does not hold (:func:`.determinizer.forbidden_cards`)."""
        return determinizer.forbidden_cards(self, s, player)

    def unseen_orders(self, s: AuthorsState, player: int) -> list[list[int]]:
        """The order each other seat was dealt its cards (:func:`.determinizer.unseen_orders`)."""
        return determinizer.unseen_orders(s, player)

    def draw_hidden(
        self,
        s: AuthorsState,
        player: int,
        holders: Sequence[Hashable],
        pool: Sequence[int],
        forbidden: Mapping[Hashable, int],
        sampler: ProbabilitySampler,
    ) -> list[int]:
        """The hidden cards drawn exactly among the worlds that make the record
        (:func:`.worlds.draw_hidden`)."""
        return worlds.draw_hidden(self, s, player, holders, pool, forbidden, sampler)

    def admit_world(self, s: AuthorsState, player: int, history: list[int]) -> list[int] | None:
        """The re-dealt history where its deal makes the record (:func:`.determinizer.admit`)."""
        return determinizer.admit(self, s, history)


__all__ = [
    "ASK_ACTION_BASE",
    "DEFAULT_MAX_ASKS",
    "MAX_ASKS_RANGE",
    "MAX_DEALS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "AuthorsRules",
    "AuthorsState",
    "ask_action",
    "ask_of",
]
