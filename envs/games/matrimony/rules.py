"""The rules of Matrimony: the state, the staking, the deal, the pools won, the determinizer.

Pure: no pyspiel, no randomness. The pools and the counters are the core's
(:mod:`hoyle.envs.core.pools`); every step appends to the state's one event log
(:mod:`hoyle.envs.core.events`), each dealt card's event naming its history index.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.matrimony.view as views
from hoyle.envs.core.cards import (
    ACE,
    DIAMONDS,
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
from hoyle.envs.core.events import EVERYONE, NOWHERE, Event, EventSchema, log_event, settle_log
from hoyle.envs.core.pools import Counters, Pools, final_counters, no_pools, stake, take
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.table import TableView
from hoyle.envs.core.tricks import ACE_HIGH_RANKS
from hoyle.envs.games.matrimony.view import (
    BEST,
    CONFEDERACY,
    DEAL,
    DIVISION_NAMES,
    EV_DEALS,
    EV_DOWN,
    EV_ENOUGH,
    EV_STAKE,
    EV_TAKES,
    EV_TURN,
    EV_UP,
    EVENT_KINDS,
    INTRIGUE,
    MATRIMONY,
    NUM_CARDS,
    NUM_DIVISIONS,
    OVER,
    PAIR,
    PHASE_NAMES,
    STAKE,
    MatrimonyView,
    layout_words,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
"""The book says "any number"; we stop at eight (see the package docstring)."""

BEST_CARD = card(DIAMONDS, ACE)
""""The diamond ace is always Best"."""

STAKE_ACTION_BASE = NUM_CARDS
"""Staking a counter on division ``d`` is action ``STAKE_ACTION_BASE + d``: numbered after
the cards, so that a decision and a chance outcome (a card dealt) never share a number."""
ENOUGH_ACTION = STAKE_ACTION_BASE + NUM_DIVISIONS
"""The dealer stakes no more (legal once he has staked a counter)."""
NUM_DISTINCT_ACTIONS = ENOUGH_ACTION + 1

_COMBINATIONS: dict[frozenset[int], int] = {
    frozenset((KING, QUEEN)): MATRIMONY,
    frozenset((QUEEN, JACK)): INTRIGUE,
    frozenset((KING, JACK)): CONFEDERACY,
}


def combination(a: int, b: int) -> int:
    """The division two cards discover, or -1: "Any King and Queen is Matrimony; any Queen
    and Jack is Intrigue; any King and Jack is Confederacy; any two cards of the same
    denomination form a Pair" (Best is never discovered this way: only the ♦A dealt face up
    wins it).

    >>> from hoyle.envs.core.cards import parse_card
    >>> DIVISION_NAMES[combination(parse_card("♥K"), parse_card("♣Q"))]
    'Matrimony'
    >>> DIVISION_NAMES[combination(parse_card("♦A"), parse_card("♣A"))]
    'Pair'
    >>> combination(parse_card("♥K"), parse_card("♣2"))
    -1
    """
    ra, rb = rank_of(a), rank_of(b)
    if ra == rb:
        return PAIR
    return _COMBINATIONS.get(frozenset((ra, rb)), -1)


# --- the state ------------------------------------------------------------------------------


class MatrimonyState(PlainState):
    """One moment of a sitting of Matrimony. Every slot holds an immutable value.

    ``dealer``: this deal's dealer (absolute seat); ``deal_no``: the deal, from 0. Staking:
    ``to_move`` stakes, has put ``staker_put`` counters this deal, the last on
    ``from_division`` (he may put more only there or further along the layout);
    ``dealer_stake``: what the dealer staked (-1 while he stakes). ``down``, ``up``: each
    seat's cards this deal (-1: not dealt); ``dealt``: the cards dealt this deal; ``turned``:
    the down cards have been turned up. ``pools``, ``counters``: the core's
    (:mod:`hoyle.envs.core.pools`). ``ply``: the history's length (an event names the history
    index of its card). ``log``: every player's information state.
    """

    __slots__ = (
        "counters",
        "deal_no",
        "dealer",
        "dealer_stake",
        "dealt",
        "down",
        "from_division",
        "log",
        "phase",
        "ply",
        "pools",
        "staker_put",
        "to_move",
        "turned",
        "up",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    staker_put: int
    from_division: int
    dealer_stake: int
    down: tuple[int, ...]
    up: tuple[int, ...]
    dealt: int
    turned: bool
    pools: Pools
    counters: Counters
    ply: int
    log: tuple[Event, ...]


# --- the rules ------------------------------------------------------------------------------


class MatrimonyRules:
    """The rules of Matrimony for one parameter set (pure: no pyspiel, no randomness)."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.max_stake = int(params["max_stake"])
        self.deals = int(params["deals"])
        self.ranks = int(params["ranks"])
        self.first_dealer = int(params["dealer"])
        self.pack_cards = tuple(
            sorted(card(s, r) for s in range(NUM_SUITS) for r in ACE_HIGH_RANKS[: self.ranks])
        )
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        if len(self.pack_cards) < 2 * n:
            raise GameParameterError(
                f"ranks={self.ranks} gives a pack of {len(self.pack_cards)} cards, too few to "
                f"deal two to each of players={n}"
            )
        m = self.max_stake
        # Utilities (the package docstring derives them): a player loses at most what he
        # stakes, m a deal; he wins at most what the others stake, m + (n - 2)(m - 1) a deal
        # when another deals.
        self.min_utility = -float(self.deals * m)
        self.max_utility = float(self.deals * (m + (n - 2) * (m - 1)))
        self.utility_sum = 0.0
        per_deal = m + (n - 1) * (m - 1)  # at most one decision per counter staked
        self.max_game_length = self.deals * per_deal
        self.max_chance_nodes = self.deals * 2 * n
        events = 1 + per_deal + 1 + 3 * n + NUM_DIVISIONS
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_CARDS, self.deals * events)

    # --- seats ------------------------------------------------------------------------------
    def deal_seat(self, s: MatrimonyState, k: int) -> tuple[int, bool]:
        """Who receives the ``k``-th card of this deal, and whether face up: one face down to
        each from the eldest hand round to the dealer, then one face up to each."""
        n = self.num_players
        return (s.dealer + 1 + k % n) % n, k >= n

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> MatrimonyState:
        n = self.num_players
        s = MatrimonyState()
        s.phase = STAKE
        s.dealer = self.first_dealer
        s.deal_no = 0
        s.pools = no_pools(NUM_DIVISIONS, n)
        s.counters = (0,) * n
        s.ply = 0
        s.log = ()
        self._start_deal(s)
        return s

    def _start_deal(self, s: MatrimonyState) -> None:
        n = self.num_players
        s.down = (-1,) * n
        s.up = (-1,) * n
        s.dealt = 0
        s.turned = False
        s.dealer_stake = -1
        s.log = log_event(s.log, EV_DEALS, s.dealer, 0, EVERYONE, NOWHERE)
        self._start_staking(s, s.dealer)

    def _start_staking(self, s: MatrimonyState, q: int) -> None:
        """``q`` stakes next; a player with nothing to stake is passed over (it is public)."""
        n = self.num_players
        s.phase = STAKE
        s.staker_put = 0
        s.from_division = MATRIMONY
        if q == s.dealer and s.dealer_stake >= 0:  # round the table: everyone has staked
            s.phase = DEAL
            s.to_move = CHANCE
            return
        s.to_move = q
        if q != s.dealer and s.dealer_stake - 1 == 0:
            self._start_staking(s, (q + 1) % n)

    def current_player(self, s: MatrimonyState) -> int:
        return s.to_move

    def legal_actions(self, s: MatrimonyState) -> list[int]:
        if s.phase != STAKE:
            return []
        if s.to_move == s.dealer:
            out = []
            if s.staker_put < self.max_stake:
                out = [STAKE_ACTION_BASE + d for d in range(s.from_division, NUM_DIVISIONS)]
            if s.staker_put >= 1:
                out.append(ENOUGH_ACTION)
            return out
        return [STAKE_ACTION_BASE + d for d in range(s.from_division, NUM_DIVISIONS)]

    def illegal_reason(self, s: MatrimonyState, action: int) -> str | None:
        """Why ``action`` is refused in the staking (``ExplainsIllegal``); elsewhere ``None``."""
        if s.phase != STAKE:
            return None
        if action == ENOUGH_ACTION:
            if s.to_move != s.dealer:
                return f"every other player stakes one fewer than the dealer: {s.dealer_stake - 1}"
            return "the dealer stakes at least one counter"
        if 0 <= action - STAKE_ACTION_BASE < NUM_DIVISIONS:
            d = action - STAKE_ACTION_BASE
            if d < s.from_division:
                return (
                    f"counters go down in the layout's order: none on {DIVISION_NAMES[d]} after "
                    f"{DIVISION_NAMES[s.from_division]}"
                )
            return f"the dealer stakes at most max_stake={self.max_stake} counters"
        return None

    def chance_outcomes(self, s: MatrimonyState) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: any card not dealt this deal, equally likely."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: MatrimonyState) -> list[float]:
        """Zero until the sitting ends; then each player's counters, the pools standing handed
        back to those who staked them (assumption 6)."""
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in final_counters(s.pools, s.counters)]

    def apply_action(self, s: MatrimonyState, action: int) -> None:
        if s.phase == STAKE:
            if action == ENOUGH_ACTION:
                s.log = log_event(s.log, EV_ENOUGH, s.to_move, 0, EVERYONE, NOWHERE)
                self._done_staking(s)
            else:
                self._put(s, action - STAKE_ACTION_BASE)
        elif s.phase == DEAL:
            self._deal(s, action)
        else:
            raise AssertionError(f"no action {action} after the game is over")
        s.ply += 1

    def _put(self, s: MatrimonyState, d: int) -> None:
        """The player to move stakes a counter on division ``d``; where what is left is
        forced (all on Best), it goes there at once."""
        q = s.to_move
        s.pools, s.counters = stake(s.pools, s.counters, d, q, 1)
        s.log = log_event(s.log, EV_STAKE + d, q, 0, EVERYONE, NOWHERE)
        s.staker_put += 1
        s.from_division = d
        if q == s.dealer:
            if s.staker_put == self.max_stake:
                self._done_staking(s)
            return
        need = s.dealer_stake - 1
        if s.staker_put < need and d == BEST:
            left = need - s.staker_put
            s.pools, s.counters = stake(s.pools, s.counters, BEST, q, left)
            for _ in range(left):
                s.log = log_event(s.log, EV_STAKE + BEST, q, 0, EVERYONE, NOWHERE)
            s.staker_put = need
        if s.staker_put == need:
            self._done_staking(s)

    def _done_staking(self, s: MatrimonyState) -> None:
        q = s.to_move
        if q == s.dealer:
            s.dealer_stake = s.staker_put
        self._start_staking(s, (q + 1) % self.num_players)

    def _deal(self, s: MatrimonyState, c: int) -> None:
        k = s.dealt.bit_count()
        q, face_up = self.deal_seat(s, k)
        s.dealt |= 1 << c
        if not face_up:
            s.down = replace_at(s.down, q, c)
            s.log = log_event(s.log, EV_DOWN, q, c, 1 << q, s.ply)
            return
        s.up = replace_at(s.up, q, c)
        s.log = log_event(s.log, EV_UP, q, c, EVERYONE, s.ply)
        if c == BEST_CARD:
            # "the player to whom it is dealt takes everything on the layout" (assumption 4:
            # the deal stops there, the other up cards being of no account).
            for d in range(NUM_DIVISIONS):
                s.pools, s.counters, _ = take(s.pools, s.counters, d, q)
            s.log = log_event(s.log, EV_TAKES + BEST, q, 0, EVERYONE, NOWHERE)
            self._end_deal(s)
        elif k == 2 * self.num_players - 1:
            self._turn_up(s)
            self._end_deal(s)

    def _turn_up(self, s: MatrimonyState) -> None:
        """ "each player in turn, beginning with the eldest hand, exposes his down card. The
        first player to discover Matrimony in his two cards, takes all that has been staked on
        that division" (and so for Intrigue, Confederacy, a Pair)."""
        n = self.num_players
        found = 0
        for i in range(n):
            q = (s.dealer + 1 + i) % n
            s.log = log_event(s.log, EV_TURN, q, s.down[q], EVERYONE, NOWHERE)
            d = combination(s.down[q], s.up[q])
            if d >= 0 and not found >> d & 1:
                found |= 1 << d
                s.pools, s.counters, _ = take(s.pools, s.counters, d, q)
                s.log = log_event(s.log, EV_TAKES + d, q, 0, EVERYONE, NOWHERE)
        s.turned = True

    def _end_deal(self, s: MatrimonyState) -> None:
        if s.deal_no + 1 < self.deals:
            # The cards are gathered and the deal passes to the left (assumption 5); the
            # pools not won stay on the layout.
            s.log = settle_log(s.log)
            s.deal_no += 1
            s.dealer = (s.dealer + 1) % self.num_players
            self._start_deal(s)
            return
        s.phase = OVER
        s.to_move = TERMINAL

    def action_to_string(self, s: MatrimonyState, player: int, action: int) -> str:
        if s.phase == DEAL:
            c = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
            q, face_up = self.deal_seat(s, s.dealt.bit_count())
            return f"deal {c} face {'up' if face_up else 'down'} to player {q}"
        if action == ENOUGH_ACTION:
            return "stake no more"
        if 0 <= action - STAKE_ACTION_BASE < NUM_DIVISIONS:
            return f"stake a counter on {DIVISION_NAMES[action - STAKE_ACTION_BASE]}"
        return f"action {action}"

    def state_string(self, s: MatrimonyState) -> str:
        lines = [
            f"Matrimony, {self.num_players} players, deal {s.deal_no + 1} of {self.deals}, "
            f"dealer: player {s.dealer}, phase: {PHASE_NAMES[s.phase]}, "
            f"to move: {seat_words(s.to_move)}",
            "Layout: " + layout_words(s.pools),
        ]
        for q in range(self.num_players):
            down = format_card(s.down[q]) if s.down[q] >= 0 else "-"
            up = format_card(s.up[q]) if s.up[q] >= 0 else "-"
            lines.append(f"player {q}: down {down}, up {up}; counters {s.counters[q]:+d}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: MatrimonyState, player: int) -> MatrimonyView:
        down = tuple(c if q == player or s.turned else -1 for q, c in enumerate(s.down))
        held = tuple(int(d >= 0) + int(u >= 0) for d, u in zip(s.down, s.up, strict=True))
        return MatrimonyView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            deals=self.deals,
            max_stake=self.max_stake,
            down=down,
            up=s.up,
            held=held,
            pools=s.pools,
            counters=s.counters,
            staker_put=s.staker_put,
            from_division=s.from_division,
            dealer_stake=s.dealer_stake,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(
        self, view: MatrimonyView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        views.encode_view(view, out, perfect_recall)

    def view_string(self, view: MatrimonyView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: MatrimonyState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    # --- the determinizer (the core's: ``DeclaresHidden``) -----------------------------------
    def hidden_cards(self, s: MatrimonyState, player: int) -> dict[int, Hashable]:
        """The cards ``player`` has not located: the others' down cards not yet turned (each
        seat holds one) and the cards not dealt this deal. Nothing is ever seen and then lost
        track of; a finished deal's unturned cards (the ♦A turned up ended it) have no place in
        the history any more (the log is settled) and bear on nothing to come."""
        out: dict[int, Hashable] = {}
        if not s.turned:
            for q, c in enumerate(s.down):
                if q != player and c >= 0:
                    out[c] = q
        out.update(dict.fromkeys(iter_cards(self.pack_mask & ~s.dealt), "undealt"))
        return out

    def forbidden_cards(self, s: MatrimonyState, player: int) -> dict[Hashable, int]:
        """Nothing is known against any holder: no one announces a card he lacks."""
        del s, player  # Unused.
        return {}

    def card_zones(self, s: MatrimonyState) -> dict[str, int]:
        zones: dict[str, int] = {}
        for q in range(self.num_players):
            zones[f"down{q}"] = 1 << s.down[q] if s.down[q] >= 0 else 0
            zones[f"up{q}"] = 1 << s.up[q] if s.up[q] >= 0 else 0
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones
