"""The rules of Speculation: the state, the deal, the sales, the turning, the pool, the
determinizer.

Pure: no pyspiel, no randomness. Every step appends to the state's one event log
(:mod:`hoyle.envs.core.events`); a card dealt face down is logged as seen by nobody, naming
its history index, so the determinizer can deal it afresh.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.speculation.view as views
from hoyle.envs.core.cards import (
    ACE,
    JACK,
    KING,
    NUM_SUITS,
    QUEEN,
    card,
    format_card,
    iter_cards,
    rank_of,
)
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import (
    EVERYONE,
    NOBODY,
    NOWHERE,
    Event,
    EventSchema,
    log_event,
    settle_log,
)
from hoyle.envs.core.pools import Counters, pay
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.table import TableView
from hoyle.envs.core.tricks import ACE_HIGH_RANKS
from hoyle.envs.games.speculation.odds import beats
from hoyle.envs.games.speculation.view import (
    ANSWER,
    BID,
    DEAL,
    EV_ACE,
    EV_DEALS,
    EV_DOWN,
    EV_FOR_SALE,
    EV_OFFER,
    EV_PASS,
    EV_REFUSED,
    EV_SOLD,
    EV_STAKE,
    EV_TAKES,
    EV_TURN_UP,
    EV_TURNS,
    EV_UNSOLD,
    EVENT_KINDS,
    HAND_SIZE,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    SpeculationView,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 9
""""Any number of persons less than ten can play"."""
MAX_OFFER_CAP = 50
"""The highest ``max_offer`` the parameter takes (offers are event values, under 52)."""

HONOURS = frozenset((KING, QUEEN, JACK))
""""If the turn-up is a K Q or J, the dealer offers it for sale, before a card is looked at"."""

PASS_ACTION = NUM_CARDS
"""Make no offer (52). Decisions are numbered after the cards, so that no decision shares its
number with a chance outcome (a card dealt)."""
ACCEPT_ACTION = PASS_ACTION + 1
"""The seller accepts the best offer (53)."""
REFUSE_ACTION = ACCEPT_ACTION + 1
"""The seller refuses it and keeps the card (54)."""
OFFER_ACTION_BASE = REFUSE_ACTION + 1
"""An offer of ``k`` counters (1 to ``max_offer``) is action ``OFFER_ACTION_BASE + k - 1``."""


def offer_action(k: int) -> int:
    """The action of an offer of ``k`` counters."""
    return OFFER_ACTION_BASE + k - 1


# --- the state ------------------------------------------------------------------------------


class SpeculationState(PlainState):
    """One moment of a sitting of Speculation. Every slot holds an immutable value.

    ``dealer``: this deal's dealer (absolute seat); ``deal_no``: the deal, from 0. ``down[q]``:
    seat ``q``'s face-down cards in the order dealt (the last dealt is the top card, turned
    first); ``shown[q]``: the mask of his cards face up; ``dealt``: the cards dealt this deal.
    ``turn_up``, ``honour`` (a K, Q or J turned up), ``best``, ``holder``: the best trump
    showing and who holds it; ``next_turner``: the seat from which the turning goes on. Sale:
    ``seller`` offers ``on_sale``; ``offer`` (0: none) by ``bidder`` (-1: none). ``pool``,
    ``counters``: counters in the pool and each player's net. ``ply``: the history's length.
    ``log``: every player's information state.
    """

    __slots__ = (
        "best",
        "bidder",
        "counters",
        "deal_no",
        "dealer",
        "dealt",
        "down",
        "holder",
        "honour",
        "log",
        "next_turner",
        "offer",
        "on_sale",
        "phase",
        "ply",
        "pool",
        "seller",
        "shown",
        "to_move",
        "turn_up",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    down: tuple[tuple[int, ...], ...]
    shown: tuple[int, ...]
    dealt: int
    turn_up: int
    honour: bool
    best: int
    holder: int
    next_turner: int
    seller: int
    on_sale: int
    offer: int
    bidder: int
    pool: int
    counters: Counters
    ply: int
    log: tuple[Event, ...]


# --- the rules ------------------------------------------------------------------------------


class SpeculationRules:
    """The rules of Speculation for one parameter set (pure: no pyspiel, no randomness)."""

    max_chance_outcomes = NUM_CARDS
    private_pieces: tuple[str, ...] = ()
    """No piece of the observation is private: nobody sees a face-down card, his own included."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.stake = int(params["stake"])
        self.max_offer = int(params["max_offer"])
        self.deals = int(params["deals"])
        self.ranks = int(params["ranks"])
        self.first_dealer = int(params["dealer"])
        self.num_distinct_actions = OFFER_ACTION_BASE + self.max_offer
        self.pack_cards = tuple(
            sorted(card(s, r) for s in range(NUM_SUITS) for r in ACE_HIGH_RANKS[: self.ranks])
        )
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        if len(self.pack_cards) < HAND_SIZE * n + 1:
            raise GameParameterError(
                f"ranks={self.ranks} gives a pack of {len(self.pack_cards)} cards, too few to "
                f"deal three to each of players={n} and turn one up"
            )
        s, m = self.stake, self.max_offer
        self.max_pool = (n + 1) * s
        # Sales in a deal: the turn-up, then each better trump shown, at most one a rank
        # above the turn-up and at most one a card turned (the package docstring).
        self.max_sales = 1 + min(self.ranks - 1, HAND_SIZE * n)
        self.min_utility = -float(self.deals * (2 * s + m * self.max_sales))
        self.max_utility = float(self.deals * (n * s + HAND_SIZE * m + max(0, m - s)))
        self.utility_sum = 0.0
        self.max_game_length = self.deals * self.max_sales * n
        self.max_chance_nodes = self.deals * (HAND_SIZE * n + 1)
        per_deal = 1 + n + (HAND_SIZE * n + 1) + 1 + self.max_sales * (n + 1) + HAND_SIZE * n + 1
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_CARDS, self.deals * per_deal)

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> SpeculationState:
        n = self.num_players
        s = SpeculationState()
        s.dealer = self.first_dealer
        s.deal_no = 0
        s.counters = (0,) * n
        s.ply = 0
        s.log = ()
        self._start_deal(s)
        return s

    def _start_deal(self, s: SpeculationState) -> None:
        """The stakes ("the dealer paying double"), then the deal."""
        n = self.num_players
        s.phase = DEAL
        s.to_move = CHANCE
        s.down = ((),) * n
        s.shown = (0,) * n
        s.dealt = 0
        s.turn_up = s.best = s.on_sale = -1
        s.honour = False
        s.holder = s.seller = s.bidder = -1
        s.next_turner = (s.dealer + 1) % n
        s.offer = 0
        s.pool = 0
        s.log = log_event(s.log, EV_DEALS, s.dealer, 0, EVERYONE, NOWHERE)
        for i in range(n):
            q = (s.dealer + 1 + i) % n
            amount = self.stake * (2 if q == s.dealer else 1)
            s.counters = replace_at(s.counters, q, s.counters[q] - amount)
            s.pool += amount
            s.log = log_event(s.log, EV_STAKE, q, amount, EVERYONE, NOWHERE)

    def current_player(self, s: SpeculationState) -> int:
        return s.to_move

    def legal_actions(self, s: SpeculationState) -> list[int]:
        if s.phase == BID:
            return [
                PASS_ACTION,
                *range(offer_action(s.offer + 1), offer_action(self.max_offer) + 1),
            ]
        if s.phase == ANSWER:
            return [ACCEPT_ACTION, REFUSE_ACTION]
        return []

    def illegal_reason(self, s: SpeculationState, action: int) -> str | None:
        """Why ``action`` is refused (``ExplainsIllegal``); ``None`` where no reason is known."""
        k = action - OFFER_ACTION_BASE + 1
        if s.phase == BID:
            if action in (ACCEPT_ACTION, REFUSE_ACTION):
                return f"only the seller, player {s.seller}, accepts or refuses, once the offers are made"
            if 1 <= k <= self.max_offer:
                return f"each offer must be higher than the last: the best so far is {s.offer}"
            if k > self.max_offer:
                return f"no offer may exceed max_offer={self.max_offer}"
        if s.phase == ANSWER and (action == PASS_ACTION or k >= 1):
            return "the offers are made: the seller accepts the best offer or refuses"
        return None

    def chance_outcomes(self, s: SpeculationState) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: any card not dealt this deal, equally likely."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: SpeculationState) -> list[float]:
        """Zero until the sitting ends; then each player's counters won less staked and paid."""
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in s.counters]

    def apply_action(self, s: SpeculationState, action: int) -> None:
        if s.phase == DEAL:
            self._deal(s, action)
        elif s.phase == BID:
            self._bid(s, action)
        elif s.phase == ANSWER:
            self._answer(s, action == ACCEPT_ACTION)
        else:
            raise AssertionError(f"no action {action} after the game is over")
        s.ply += 1

    # --- the deal ---------------------------------------------------------------------------
    def _deal(self, s: SpeculationState, c: int) -> None:
        """One card at a time to the left until each has three, face down and seen by nobody
        ("before any player is allowed to look at any of the cards dealt"); then the turn-up."""
        n = self.num_players
        k = s.dealt.bit_count()
        s.dealt |= 1 << c
        if k < HAND_SIZE * n:
            q = (s.dealer + 1 + k) % n
            s.down = replace_at(s.down, q, (*s.down[q], c))
            s.log = log_event(s.log, EV_DOWN, q, c, NOBODY, s.ply)
            return
        s.turn_up = s.best = c
        s.holder = s.dealer
        s.shown = replace_at(s.shown, s.dealer, 1 << c)
        s.log = log_event(s.log, EV_TURN_UP, s.dealer, c, EVERYONE, s.ply)
        if rank_of(c) == ACE:
            # "If the turn-up card is an ace, the dealer takes the pool immediately."
            s.log = log_event(s.log, EV_ACE, s.dealer, 0, EVERYONE, NOWHERE)
            self._take_pool(s, announce=False)
            return
        s.honour = rank_of(c) in HONOURS
        self._open_sale(s, s.dealer, c)

    # --- the sale ---------------------------------------------------------------------------
    def _open_sale(self, s: SpeculationState, seller: int, c: int) -> None:
        """``seller`` offers ``c``: one round of offers from his left (assumption 2)."""
        s.phase = BID
        s.seller = seller
        s.on_sale = c
        s.offer = 0
        s.bidder = -1
        s.log = log_event(s.log, EV_FOR_SALE, seller, c, EVERYONE, NOWHERE)
        s.to_move = (seller + 1) % self.num_players

    def _bid(self, s: SpeculationState, action: int) -> None:
        q = s.to_move
        if action == PASS_ACTION:
            s.log = log_event(s.log, EV_PASS, q, 0, EVERYONE, NOWHERE)
        else:
            s.offer = action - OFFER_ACTION_BASE + 1
            s.bidder = q
            s.log = log_event(s.log, EV_OFFER, q, s.offer, EVERYONE, NOWHERE)
        self._next_bidder(s)

    def _next_bidder(self, s: SpeculationState) -> None:
        """The next player on the left offers, until the round comes back to the seller; a
        player who can only pass (the best offer is the cap: public) passes at once."""
        n = self.num_players
        q = (s.to_move + 1) % n
        while q != s.seller and s.offer == self.max_offer:
            s.log = log_event(s.log, EV_PASS, q, 0, EVERYONE, NOWHERE)
            q = (q + 1) % n
        if q != s.seller:
            s.to_move = q
        elif s.bidder >= 0:
            s.phase = ANSWER
            s.to_move = s.seller
        else:
            s.log = log_event(s.log, EV_UNSOLD, s.seller, 0, EVERYONE, NOWHERE)
            self._close_sale(s, s.seller)

    def _answer(self, s: SpeculationState, accept: bool) -> None:
        if accept:
            # "the buyer pays the seller and takes the card" (assumption 2).
            s.counters = pay(s.counters, s.bidder, s.seller, s.offer)
            s.shown = replace_at(s.shown, s.seller, s.shown[s.seller] & ~(1 << s.on_sale))
            s.shown = replace_at(s.shown, s.bidder, s.shown[s.bidder] | 1 << s.on_sale)
            s.log = log_event(s.log, EV_SOLD, s.bidder, s.offer, EVERYONE, NOWHERE)
            self._close_sale(s, s.bidder)
        else:
            s.log = log_event(s.log, EV_REFUSED, s.seller, 0, EVERYONE, NOWHERE)
            self._close_sale(s, s.seller)

    def _close_sale(self, s: SpeculationState, owner: int) -> None:
        """The card on sale is ``owner``'s, the best trump showing; the play goes on."""
        s.best = s.on_sale
        s.holder = owner
        s.seller = s.bidder = s.on_sale = -1
        s.offer = 0
        if s.honour:
            self._expose_all(s)
        else:
            self._turn(s)

    # --- the turning ------------------------------------------------------------------------
    def _expose_all(self, s: SpeculationState) -> None:
        """After an honour's sale "all the cards that have been dealt out are turned face up,
        and the highest card of the turn-up suit wins the pool" (from the eldest hand)."""
        n = self.num_players
        for i in range(n):
            q = (s.dealer + 1 + i) % n
            while s.down[q]:
                c = self._turn_top(s, q)
                if beats(c, s.best):
                    s.best, s.holder = c, q
        self._take_pool(s, announce=True)

    def _turn_top(self, s: SpeculationState, q: int) -> int:
        """Seat ``q`` turns up the top card of his face-down cards (forced, so public)."""
        c = s.down[q][-1]
        s.down = replace_at(s.down, q, s.down[q][:-1])
        s.shown = replace_at(s.shown, q, s.shown[q] | 1 << c)
        s.log = log_event(s.log, EV_TURNS, q, c, EVERYONE, NOWHERE)
        return c

    def _turn(self, s: SpeculationState) -> None:
        """Turning from ``next_turner`` to the left, skipping the holder of the best trump and
        the players with nothing face down, until a better trump appears (its sale) or nobody
        may turn (the pool is taken) (assumption 3)."""
        n = self.num_players
        while True:
            q = next(
                (
                    (s.next_turner + i) % n
                    for i in range(n)
                    if (s.next_turner + i) % n != s.holder and s.down[(s.next_turner + i) % n]
                ),
                -1,
            )
            if q < 0:
                self._take_pool(s, announce=True)
                return
            c = self._turn_top(s, q)
            s.next_turner = (q + 1) % n
            if beats(c, s.best):
                # "As soon as a better trump appears it is offered for sale."
                self._open_sale(s, q, c)
                return

    # --- the end of a deal ------------------------------------------------------------------
    def _take_pool(self, s: SpeculationState, announce: bool) -> None:
        """The holder of the best trump takes the pool; the deal passes to the left."""
        s.counters = replace_at(s.counters, s.holder, s.counters[s.holder] + s.pool)
        s.pool = 0
        if announce:
            s.log = log_event(s.log, EV_TAKES, s.holder, s.best, EVERYONE, NOWHERE)
        if s.deal_no + 1 < self.deals:
            s.log = settle_log(s.log)
            s.deal_no += 1
            s.dealer = (s.dealer + 1) % self.num_players
            self._start_deal(s)
            return
        s.phase = OVER
        s.to_move = TERMINAL

    # --- words ------------------------------------------------------------------------------
    def action_to_string(self, s: SpeculationState, player: int, action: int) -> str:
        if s.phase == DEAL:
            c = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
            k = s.dealt.bit_count()
            if k < HAND_SIZE * self.num_players:
                return f"deal {c} face down to player {(s.dealer + 1 + k) % self.num_players}"
            return f"turn up {c} for trump"
        if action == PASS_ACTION:
            return "pass"
        if action == ACCEPT_ACTION:
            return "accept the offer"
        if action == REFUSE_ACTION:
            return "refuse the offer"
        k = action - OFFER_ACTION_BASE + 1
        if 1 <= k <= self.max_offer:
            return f"offer {k}"
        return f"action {action}"

    def state_string(self, s: SpeculationState) -> str:
        lines = [
            f"Speculation, {self.num_players} players, deal {s.deal_no + 1} of {self.deals}, "
            f"dealer: player {s.dealer}, phase: {PHASE_NAMES[s.phase]}, "
            f"to move: {seat_words(s.to_move)}, pool {s.pool}",
        ]
        if s.best >= 0:
            lines.append(f"best trump: {format_card(s.best)}, held by player {s.holder}")
        if s.on_sale >= 0:
            lines.append(
                f"for sale: {format_card(s.on_sale)} by player {s.seller}, best offer {s.offer}"
            )
        for q in range(self.num_players):
            down = " ".join(format_card(c) for c in s.down[q]) or "-"
            up = " ".join(format_card(c) for c in iter_cards(s.shown[q])) or "-"
            lines.append(f"player {q}: face down {down}; face up {up}; counters {s.counters[q]:+d}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: SpeculationState, player: int) -> SpeculationView:
        return SpeculationView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            deals=self.deals,
            turn_up=s.turn_up,
            shown=s.shown,
            down=tuple(len(d) for d in s.down),
            best=s.best,
            holder=s.holder,
            seller=s.seller,
            on_sale=s.on_sale,
            offer=s.offer,
            bidder=s.bidder,
            pool=s.pool,
            counters=s.counters,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(
        self, view: SpeculationView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        views.encode_view(view, out, perfect_recall)

    def view_string(self, view: SpeculationView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: SpeculationState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    # --- the determinizer (the core's: ``DeclaresHidden``) -----------------------------------
    def hidden_cards(self, s: SpeculationState, player: int) -> dict[int, Hashable]:
        """The cards nobody has seen: every card still face down (each seat holds his, in the
        order dealt: the core draws the order too) and the cards of the pack never dealt. The
        same for every player, since nobody looks at his own."""
        del player  # Unused: nobody sees a face-down card.
        out: dict[int, Hashable] = {}
        for q, cards in enumerate(s.down):
            out.update(dict.fromkeys(cards, q))
        out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def forbidden_cards(self, s: SpeculationState, player: int) -> dict[Hashable, int]:
        """Nothing is known against any holder: no face-down card has been seen."""
        del s, player  # Unused.
        return {}

    def card_zones(self, s: SpeculationState) -> dict[str, int]:
        zones: dict[str, int] = {}
        for q in range(self.num_players):
            zones[f"down{q}"] = sum(1 << c for c in s.down[q])
            zones[f"shown{q}"] = s.shown[q]
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones
