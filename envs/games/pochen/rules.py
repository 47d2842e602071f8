"""The rules of Pochen: the state, the deal, the edge pools, the pochen, the play of the cards.

Pure: no pyspiel, no randomness, no I/O. Every step appends its events to the state's one log
(:mod:`hoyle.envs.core.events`); the steps the rules compel (the edge pools, the showdown, the
cards that must follow in sequence, the "withouts") are taken inside the action that leads to
them and logged as public events, so the game stops only at a bet, a match and a lead.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.pochen.determinizer as determinizer
import hoyle.envs.games.pochen.view as views
from hoyle.envs.core.cards import PIQUET_32, card, cards_of, cards_text, format_card
from hoyle.envs.core.deal import STOCK, DealPlan, Packet, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, NO_ACTOR, Event, EventSchema, log_event, settle_log
from hoyle.envs.core.pools import (
    collect_per_card,
    dress,
    final_counters,
    no_pools,
    pool_sizes,
    stake,
    take,
)
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.runs import SEVEN_TO_KING, holder_of, round_from
from hoyle.envs.core.table import TableView
from hoyle.envs.games.pochen.hands import (
    HONOURS,
    best_set,
    has_pair,
    sequence_winner,
    set_key,
)
from hoyle.envs.games.pochen.view import (
    BET,
    DEAL,
    DIVISION_NAMES,
    EV_BET,
    EV_DEAL,
    EV_HONOUR,
    EV_LEAD,
    EV_MARRIAGE,
    EV_MATCH,
    EV_NEW_DEAL,
    EV_OUT,
    EV_PASS,
    EV_PLAY,
    EV_POCHEN,
    EV_SEQUENCE,
    EV_SHOWS,
    EV_TURN,
    EV_WITHOUT,
    EVENT_KINDS,
    MARRIAGE,
    NUM_CARDS,
    NUM_DIVISIONS,
    OVER,
    PHASE_NAMES,
    PLAY,
    POCHEN,
    SEQUENCE,
    PochenView,
    pools_words,
)

MIN_PLAYERS = 3
MAX_PLAYERS = 6
MAX_BET = 10
"""The largest cap on a bet (``max_bet``): the book lets a bettor put in "as many counters as
he pleases"; a discrete, bounded choice keeps the action space small."""
MAX_DEALS = 10

PLAY_ACTION_BASE = 0
"""Leading card ``c`` is action ``PLAY_ACTION_BASE + c`` (0-51)."""
PASS = NUM_CARDS
"""Pass the betting for the pochen (52)."""
MATCH = PASS + 1
"""Put in a like amount against the bettor (53)."""
BET_BASE = MATCH + 1
"""Betting ``k`` counters (1 to ``MAX_BET``) is action ``BET_BASE + k - 1`` (54-63)."""
NUM_DISTINCT_ACTIONS = BET_BASE + MAX_BET

PACK = PIQUET_32.mask


def hand_size(players: int) -> int:
    """Cards to each player: packets of three, then two, alternately, "as far as they will go
    equally", one card left for the turn-up (assumption 1): 10, 5, 5, 5 for 3, 4, 5, 6."""
    total, k, sizes = 0, 0, (3, 2)
    while total + sizes[k % 2] * players <= PIQUET_32.mask.bit_count() - 1:
        total += sizes[k % 2] * players
        k += 1
    return total // players


def packet_sizes(players: int) -> tuple[int, ...]:
    """The packets of one round each: (3, 2, 3, 2) three-handed, (3, 2) otherwise."""
    left, out, k = hand_size(players), [], 0
    while left:
        out.append((3, 2)[k % 2])
        left -= out[-1]
        k += 1
    return tuple(out)


# --- the state ------------------------------------------------------------------------------


class PochenState(PlainState):
    """One moment of a sitting of Pochen. Every slot holds an immutable value.

    ``hands``, ``played``, ``withouts``: one entry per seat. ``dealt``: the cards dealt this
    deal (the turn-up included); ``shown``: the cards shown for the edge pools or at the
    showdown that are still held (public). ``pools``/``counters``: :mod:`hoyle.envs.core.pools`.
    ``queue``: the seats still to be asked in the betting; ``bettor``, ``bet``: the first bet;
    ``bettors``: the seats in the pochen (bitmask). ``ply``: the number of actions so far (the
    history index of the next one). ``log``: the one event log.
    """

    __slots__ = (
        "bet",
        "bettor",
        "bettors",
        "counters",
        "deal_no",
        "dealer",
        "dealt",
        "hands",
        "log",
        "phase",
        "played",
        "ply",
        "pools",
        "queue",
        "shown",
        "to_move",
        "turnup",
        "withouts",
    )  # fmt: skip

    deal_no: int
    dealer: int
    phase: int
    to_move: int
    ply: int
    hands: tuple[int, ...]
    dealt: int
    turnup: int
    shown: int
    played: tuple[int, ...]
    withouts: tuple[int, ...]
    pools: tuple[tuple[int, ...], ...]
    counters: tuple[int, ...]
    queue: tuple[int, ...]
    bettor: int
    bet: int
    bettors: int
    log: tuple[Event, ...]


# --- the rules ------------------------------------------------------------------------------


class PochenRules:
    """The rules of Pochen for one parameter set (pure: no pyspiel, no randomness)."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise GameParameterError(f"players={n} must be {MIN_PLAYERS} to {MAX_PLAYERS}")
        self.num_players = n
        self.max_bet = int(params["max_bet"])
        self.deals = int(params["deals"])
        self.hand_size = h = hand_size(n)
        self.stock_size = PIQUET_32.mask.bit_count() - n * h - 1
        # Seat holders 0.. are counted from the eldest hand (the dealer's left); the card
        # after the last round is turned up for trumps.
        self.deal_plan = DealPlan.rounds(
            tuple(range(n)), packet_sizes(n), extra=(Packet(STOCK, 1, face_up=True),)
        )
        d = self.deals
        # A player wins at most what the others put on the layout (8 each a deal), their bets
        # (max_bet each a deal) and a counter a card still held (hand size each a deal); he
        # loses at most his own dressing, his bet and his cards (see the package docstring).
        self.max_utility = float(d * (n - 1) * (NUM_DIVISIONS + self.max_bet + h))
        self.min_utility = -float(d * (NUM_DIVISIONS + self.max_bet + h))
        self.utility_sum = 0.0
        self.max_pool = d * n * (1 + self.max_bet)
        """The most one division can hold: every dressing and every bet of the sitting."""
        self.max_game_length = d * (2 * n + n * h)
        self.max_chance_nodes = d * (n * h + 1)
        per_deal = 1 + n * h + 1 + 5 + 1 + 8 + 2 * n + 4 * n + 1 + (n + 1) * n * h + 1
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_CARDS, d * per_deal)

    # --- seats ------------------------------------------------------------------------------
    def eldest(self, s: PochenState) -> int:
        """The dealer's left: the first to receive, to bet and to lead."""
        return (s.dealer + 1) % self.num_players

    def from_eldest(self, s: PochenState) -> tuple[int, ...]:
        """Every seat in turn from the eldest hand to the dealer."""
        n = self.num_players
        return tuple((s.dealer + 1 + i) % n for i in range(n))

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> PochenState:
        n = self.num_players
        s = PochenState()
        s.deal_no = 0
        s.dealer = n - 1
        s.ply = 0
        s.pools = no_pools(NUM_DIVISIONS, n)
        s.counters = (0,) * n
        s.log = ()
        self._start_deal(s)
        return s

    def _start_deal(self, s: PochenState) -> None:
        """Every player dresses the layout with a counter on each of the eight divisions."""
        n = self.num_players
        for q in range(n):
            s.pools, s.counters = dress(s.pools, s.counters, q, (1,) * NUM_DIVISIONS)
        s.log = log_event(s.log, EV_NEW_DEAL, s.dealer)
        s.phase = DEAL
        s.to_move = CHANCE
        s.hands = (0,) * n
        s.dealt = 0
        s.turnup = -1
        s.shown = 0
        s.played = (0,) * n
        s.withouts = (0,) * n
        s.queue = ()
        s.bettor = -1
        s.bet = 0
        s.bettors = 0

    def current_player(self, s: PochenState) -> int:
        return s.to_move

    def legal_actions(self, s: PochenState) -> list[int]:
        if s.phase == PLAY:
            return [PLAY_ACTION_BASE + c for c in cards_of(s.hands[s.to_move])]
        if s.phase != BET:
            return []
        if not has_pair(s.hands[s.to_move]):
            return [PASS]
        if s.bettor < 0:
            return [PASS, *range(BET_BASE, BET_BASE + self.max_bet)]
        return [PASS, MATCH]

    def illegal_reason(self, s: PochenState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (asked only on the error path)."""
        if s.phase == PLAY:
            if not PLAY_ACTION_BASE <= action < PLAY_ACTION_BASE + NUM_CARDS:
                return "the play of the cards: lead a card from your hand"
            return f"you do not hold {format_card(action - PLAY_ACTION_BASE)}"
        if s.phase != BET:
            return None
        if action == MATCH and s.bettor < 0:
            return "nobody has bet for the pochen yet: bet or pass"
        if BET_BASE <= action < NUM_DISTINCT_ACTIONS:
            if s.bettor >= 0:
                return "there is no raising: put in a like amount or pass"
            if action - BET_BASE + 1 > self.max_bet:
                return f"a bet is at most {self.max_bet} counters (max_bet)"
        if action in (MATCH, *range(BET_BASE, NUM_DISTINCT_ACTIONS)):
            return "only a player with a pair, or three or four of a kind, may bet"
        return "bet, put in a like amount or pass"

    def chance_outcomes(self, s: PochenState) -> list[tuple[int, float]]:
        """The next card of the shuffled piquet pack: any card not yet dealt, equally likely."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(PACK, s.dealt)

    def returns(self, s: PochenState) -> list[float]:
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in final_counters(s.pools, s.counters)]

    def apply_action(self, s: PochenState, action: int) -> None:
        at = s.ply
        s.ply += 1
        if s.phase == DEAL:
            self._apply_deal(s, action, at)
        elif s.phase == BET:
            self._apply_bet(s, action)
        elif s.phase == PLAY:
            self._lead(s, action - PLAY_ACTION_BASE)
        else:
            raise AssertionError(f"no action {action} after the game is over")

    # --- the deal and the edge pools --------------------------------------------------------
    def _apply_deal(self, s: PochenState, c: int, at: int) -> None:
        k = s.dealt.bit_count()
        s.dealt |= 1 << c
        holder = self.deal_plan.holder(k)
        if holder != STOCK:
            q = (s.dealer + 1 + holder) % self.num_players
            s.hands = replace_at(s.hands, q, s.hands[q] | 1 << c)
            s.log = log_event(s.log, EV_DEAL, q, c, 1 << q, at)
            return
        s.turnup = c
        s.log = log_event(s.log, EV_TURN, NO_ACTOR, c, EVERYONE, at)
        self._edge_pools(s)
        s.phase = BET
        s.queue = self.from_eldest(s)
        s.to_move = s.queue[0]

    def _edge_pools(self, s: PochenState) -> None:
        """Phase 1: the holders of the five highest trumps show them and take their pools;
        K and Q of trumps in one hand take Marriage; the highest and longest Sequence takes
        the Sequence. A pool not won stays for the next deal."""
        trump = s.turnup // 13
        for division, rank in enumerate(HONOURS):
            c = card(trump, rank)
            q = holder_of(s.hands, c)
            if q is not None:
                s.log = log_event(s.log, EV_HONOUR, q, c)
                s.shown |= 1 << c
                s.pools, s.counters, _ = take(s.pools, s.counters, division, q)
        king, queen = card(trump, HONOURS[1]), card(trump, HONOURS[2])
        q = holder_of(s.hands, king)
        if q is not None and s.hands[q] >> queen & 1:
            s.log = log_event(s.log, EV_MARRIAGE, q)
            s.pools, s.counters, _ = take(s.pools, s.counters, MARRIAGE, q)
        won = sequence_winner(s.hands, trump, self.from_eldest(s))
        if won is not None:
            winner, best = won
            for c in cards_of(best.cards):
                s.log = log_event(s.log, EV_SEQUENCE, winner, c)
            s.shown |= best.cards
            s.pools, s.counters, _ = take(s.pools, s.counters, SEQUENCE, winner)

    # --- the pochen -------------------------------------------------------------------------
    def _apply_bet(self, s: PochenState, action: int) -> None:
        p = s.to_move
        if action == PASS:
            s.log = log_event(s.log, EV_PASS, p)
        elif action == MATCH:
            s.log = log_event(s.log, EV_MATCH, p)
            s.pools, s.counters = stake(s.pools, s.counters, POCHEN, p, s.bet)
            s.bettors |= 1 << p
        else:
            k = action - BET_BASE + 1
            s.log = log_event(s.log, EV_BET, p, k)
            s.pools, s.counters = stake(s.pools, s.counters, POCHEN, p, k)
            s.bettor, s.bet, s.bettors = p, k, 1 << p
            # Every other player in turn to his left may bet against him (assumption 5).
            s.queue = (p, *round_from(p, self.num_players))
        s.queue = s.queue[1:]
        if s.queue:
            s.to_move = s.queue[0]
            return
        self._showdown(s)
        s.phase = PLAY
        s.to_move = self.eldest(s)

    def _showdown(self, s: PochenState) -> None:
        """The bettors show their best sets; the best takes the whole centre pool. A bet
        nobody matched takes it unseen; no bet leaves it for the next deal."""
        if s.bettor < 0:
            return
        winner = s.bettor
        if s.bettors != 1 << s.bettor:
            trump = s.turnup // 13
            best = None
            for q in self.from_eldest(s):
                if not s.bettors >> q & 1:
                    continue
                got = best_set(s.hands[q], trump)
                assert got is not None, "a bettor holds a pair"
                for c in cards_of(got.cards):
                    s.log = log_event(s.log, EV_SHOWS, q, c)
                s.shown |= got.cards
                if best is None or set_key(got) > set_key(best):
                    best, winner = got, q
        s.log = log_event(s.log, EV_POCHEN, winner)
        s.pools, s.counters, _ = take(s.pools, s.counters, POCHEN, winner)

    # --- the play of the cards --------------------------------------------------------------
    def _lead(self, s: PochenState, c: int) -> None:
        """``c`` is led; the sequence runs upward, one card a turn, each player in turn to the
        left playing the next card if he holds it and saying he is without it if not, until
        the King (or a card nobody holds); its last player leads again."""
        p = s.to_move
        s.log = log_event(s.log, EV_LEAD, p, c)
        if self._play(s, p, c):
            return
        n = self.num_players
        dead = self._known_stops(s)
        last, last_player = c, p
        while (nxt := SEVEN_TO_KING.after(last)) is not None and not dead >> nxt & 1:
            for q in (*round_from(last_player, n), last_player):
                if s.hands[q] >> nxt & 1:
                    s.log = log_event(s.log, EV_PLAY, q, nxt)
                    if self._play(s, q, nxt):
                        return
                    last, last_player = nxt, q
                    break
                s.log = log_event(s.log, EV_WITHOUT, q, nxt)
                s.withouts = replace_at(s.withouts, q, s.withouts[q] | 1 << nxt)
            else:
                break  # Nobody holds it: a stop.
        s.to_move = last_player

    def _known_stops(self, s: PochenState) -> int:
        """The cards the whole table knows nobody holds: played, turned up, announced missing
        by every player, or a trump honour nobody showed. A sequence that reaches one stops
        at once, with no "withouts" (the last player leads again)."""
        dead = 1 << s.turnup
        everyone_without = -1
        for q in range(self.num_players):
            dead |= s.played[q]
            everyone_without &= s.withouts[q]
        trump = s.turnup // 13
        honours = sum(1 << card(trump, r) for r in HONOURS)
        return dead | everyone_without | honours & ~s.shown

    def _play(self, s: PochenState, q: int, c: int) -> bool:
        """``q`` plays ``c``; True when it was his last card and the deal is over."""
        b = 1 << c
        s.hands = replace_at(s.hands, q, s.hands[q] & ~b)
        s.played = replace_at(s.played, q, s.played[q] | b)
        s.shown &= ~b
        if s.hands[q]:
            return False
        self._end_deal(s, q)
        return True

    def _end_deal(self, s: PochenState, out: int) -> None:
        """The first player out takes a counter for every card still held from each other
        player (assumption 8); the next deal passes to the left, or the sitting ends."""
        left = [h.bit_count() for h in s.hands]
        s.counters = collect_per_card(s.counters, out, left)
        s.log = log_event(s.log, EV_OUT, out, sum(left))
        if s.deal_no + 1 < self.deals:
            s.log = settle_log(s.log)
            s.deal_no += 1
            s.dealer = (s.dealer + 1) % self.num_players
            self._start_deal(s)
            return
        s.phase = OVER
        s.to_move = TERMINAL

    # --- words ------------------------------------------------------------------------------
    def action_to_string(self, s: PochenState, player: int, action: int) -> str:
        if s.phase == DEAL:
            c = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
            holder = self.deal_plan.holder(s.dealt.bit_count())
            if holder == STOCK:
                return f"turn up {c} for trumps"
            return f"deal {c} to player {(s.dealer + 1 + holder) % self.num_players}"
        return action_words(action)

    def state_string(self, s: PochenState) -> str:
        trump = format_card(s.turnup) if s.turnup >= 0 else "not yet turned up"
        lines = [
            f"Pochen, {self.num_players} players, deal {s.deal_no + 1} of {self.deals}, "
            f"dealer: player {s.dealer}, turn-up: {trump}, phase: {PHASE_NAMES[s.phase]}, "
            f"to move: {seat_words(s.to_move)}",
            f"layout: {pools_words(pool_sizes(s.pools))}",
            f"counters: {' '.join(map(str, s.counters))}",
        ]
        for q in range(self.num_players):
            lines.append(
                f"player {q}: hand {cards_text(s.hands[q])}; played {cards_text(s.played[q])}"
            )
        if s.bettor >= 0:
            lines.append(f"bet: player {s.bettor} {s.bet}, in the pochen {s.bettors:b}")
        lines.append(f"stock: {cards_text(PACK & ~s.dealt)}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: PochenState, player: int) -> PochenView:
        stock = (PACK & ~s.dealt).bit_count() if s.turnup >= 0 else self.stock_size
        return PochenView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            turnup=s.turnup,
            pools=pool_sizes(s.pools),
            counters=s.counters,
            shown=tuple(s.shown & h for h in s.hands),
            played=s.played,
            withouts=s.withouts,
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            bettor=s.bettor,
            bet=s.bet,
            bettors=s.bettors,
            stock=stock,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(self, view: PochenView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        views.encode_view(view, out, perfect_recall)

    def view_string(self, view: PochenView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: PochenState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    def card_zones(self, s: PochenState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones.update({f"played{q}": m for q, m in enumerate(s.played)})
        zones["turnup"] = 1 << s.turnup if s.turnup >= 0 else 0
        zones["stock"] = PACK & ~s.dealt
        return zones

    # --- the determinizer (the core's: ``DeclaresHidden``, ``OrdersUnseen``, ``AdmitsWorlds``)
    def hidden_cards(self, s: PochenState, player: int) -> dict[int, Hashable]:
        """Every other hand's unshown cards and the undealt stock (:mod:`.determinizer`)."""
        return determinizer.hidden_cards(self, s, player)

    def forbidden_cards(self, s: PochenState, player: int) -> dict[Hashable, int]:
        """The "withouts" and the trump honours nobody showed (:mod:`.determinizer`)."""
        return determinizer.forbidden_cards(self, s, player)

    def unseen_orders(self, s: PochenState, player: int) -> list[list[int]]:
        """Each other seat's deal positions: their order was never seen."""
        return determinizer.unseen_orders(s, player)

    def admit_world(self, s: PochenState, player: int, history: list[int]) -> list[int] | None:
        """The re-dealt history when it tells the table what the true one told it
        (:func:`.determinizer.admit_world`), else None."""
        return determinizer.admit_world(self, s, player, history)

    def replay(self, history: list[int]) -> PochenState | None:
        """The state ``history`` leads to, or None where a decision in it is not legal."""
        s = self.new_state()
        for a in history:
            if s.to_move >= 0 and a not in self.legal_actions(s):
                return None
            if s.to_move == CHANCE and (s.dealt >> a & 1 or not PACK >> a & 1):
                return None
            self.apply_action(s, a)
        return s


def action_words(action: int) -> str:
    """A decision in the book's words: "lead ♥7", "pass", "bet 3", "put in a like amount"."""
    if PLAY_ACTION_BASE <= action < PLAY_ACTION_BASE + NUM_CARDS:
        return f"lead {format_card(action - PLAY_ACTION_BASE)}"
    if action == PASS:
        return "pass"
    if action == MATCH:
        return "put in a like amount"
    if BET_BASE <= action < NUM_DISTINCT_ACTIONS:
        return f"bet {action - BET_BASE + 1}"
    return f"action {action}"


__all__ = [
    "BET_BASE",
    "DIVISION_NAMES",
    "MATCH",
    "MAX_BET",
    "MAX_DEALS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_DISTINCT_ACTIONS",
    "PACK",
    "PASS",
    "PLAY_ACTION_BASE",
    "PochenRules",
    "PochenState",
    "action_words",
    "hand_size",
    "packet_sizes",
]
