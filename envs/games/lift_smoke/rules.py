"""The rules of Lift Smoke: the state, the deal, the play, the draws, the views.

Pure: no pyspiel, no randomness. Every step appends one event to the state's one log
(:mod:`hoyle.envs.core.events`), so an event's index is its action's history index.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.lift_smoke.determinizer as determinizer
import hoyle.envs.games.lift_smoke.view as views
from hoyle.envs.core.bits import offsets
from hoyle.envs.core.cards import (
    NUM_SUITS,
    SUIT_NAMES,
    card,
    cards_of,
    format_card,
    suit_of,
)
from hoyle.envs.core.deal import DealPlan, Packet, deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, Event, EventSchema, log_event
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import (
    CHANCE,
    TERMINAL,
    PlainState,
    replace_at,
    seat_words,
)
from hoyle.envs.core.table import TableView
from hoyle.envs.core.timed import Timeline
from hoyle.envs.core.tricks import (
    ACE_HIGH_RANKS,
    NO_SUIT,
    TrickRules,
    build_tricks,
    check_trump,
    legal_plays,
    play_refusal,
    play_to_trick,
)
from hoyle.envs.games.lift_smoke.view import (
    DEAL,
    DRAW,
    EV_DEAL,
    EV_DRAW,
    EV_LEAD,
    EV_PLAY,
    EV_TURN,
    EVENT_KINDS,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    PLAY,
    LiftSmokeView,
    cards_words,
    trick_words,
)


def lift_smoke_tricks(trump: int) -> TrickRules:
    """The full pack, A high, the turned-up suit trumps; follow suit if able, otherwise any
    card (assumption 2)."""
    check_trump(trump, allow_no_trump=False)
    return build_tricks(f"lift-smoke-{trump}", ACE_HIGH_RANKS, trump)


MIN_PLAYERS = 4
MAX_PLAYERS = 6
BOOK_HAND_SIZE: dict[int, int] = {4: 6, 5: 5, 6: 4}
""""If there are four players, six cards are dealt to each ... five ... four"."""
MAX_HAND_SIZE = max(BOOK_HAND_SIZE.values())

PLAY_ACTION_BASE = 0
"""Playing card c is action ``PLAY_ACTION_BASE + c``."""
NUM_DISTINCT_ACTIONS = PLAY_ACTION_BASE + NUM_CARDS


# --- the state ------------------------------------------------------------------------------


class LiftSmokeState(PlainState):
    """One moment of a deal of Lift Smoke. Every slot holds an immutable value.

    ``hands``, ``played``, ``voids``: one entry per seat. ``dealt``: every card that has left
    the stock (dealt or drawn). ``trick``: the cards of the current trick in the order played,
    from ``leader``; ``active``: bitmask of the seats in this trick (those with cards when it
    began). ``turnup``: the turned-up trump while it is in the dealer's hand, else -1;
    ``trump_card``: the card turned up. ``drawer``: the winner of the trick who is to draw.
    ``log``: the one event log, every player's information state.
    """

    __slots__ = (
        "active",
        "dealt",
        "drawer",
        "hands",
        "leader",
        "log",
        "phase",
        "played",
        "to_move",
        "trick",
        "trump_card",
        "turnup",
        "voids",
        "winner",
    )  # fmt: skip

    phase: int
    to_move: int
    hands: tuple[int, ...]
    dealt: int
    trump_card: int
    turnup: int
    leader: int
    trick: tuple[int, ...]
    active: int
    played: tuple[int, ...]
    voids: tuple[int, ...]
    drawer: int
    winner: int
    log: tuple[Event, ...]


# --- the rules ------------------------------------------------------------------------------


class LiftSmokeRules:
    """The rules of Lift Smoke for one parameter set (pure: no pyspiel, no randomness)."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.ranks = int(params["ranks"])
        given = int(params["hand_size"])
        h = given or BOOK_HAND_SIZE[n]
        if not 1 <= h <= MAX_HAND_SIZE:
            raise GameParameterError(f"hand_size={h} must be 1 to {MAX_HAND_SIZE} (0: the book's)")
        self.hand_size = h
        self.pack_cards = tuple(
            sorted(card(s, r) for s in range(NUM_SUITS) for r in ACE_HIGH_RANKS[: self.ranks])
        )
        self.pack_mask = sum(1 << c for c in self.pack_cards)
        self.pack_size = len(self.pack_cards)
        self.deal_cards = n * h
        if self.deal_cards > self.pack_size:
            hand = f"hand_size={h}" if given else f"the book's {h} cards (hand_size=0)"
            raise GameParameterError(
                f"ranks={self.ranks} gives a pack of {self.pack_size} cards, too few to deal "
                f"{hand} to each of players={n}"
            )
        self.stock_size = self.pack_size - self.deal_cards
        self.dealer = n - 1
        # One at a time from the eldest hand (seat 0) round to the dealer; "the last card that
        # falls to the dealer is turned up for the trump" and stays in his hand.
        self.deal_plan = DealPlan(
            Packet(q, 1, face_up=(r == h - 1 and q == self.dealer))
            for r in range(h)
            for q in range(n)
        )
        self._deal_holders = self.deal_plan.holders
        self.min_utility = -1.0
        self.max_utility = float(n - 1)
        self.utility_sum = 0.0
        # Every decision plays a card once; every chance node brings a card into play once.
        self.max_game_length = self.pack_size
        self.max_chance_nodes = self.pack_size
        # One event per action: a deal or a draw, and a play, for each card.
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_CARDS, 2 * self.pack_size)
        self.tricks = tuple(lift_smoke_tricks(t) for t in range(NUM_SUITS))
        self._orders = self._order_table()
        self._at = offsets(self.tensor_pieces(False))
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`); the event
        log, when there is one, follows the observation's pieces."""
        self._rel = tuple(tuple((q - me) % n for q in range(n)) for me in range(n))
        """``_rel[me][q]``: seat ``q`` counted from ``me`` (the tensors' seat order)."""

    # --- seats ------------------------------------------------------------------------------
    def deal_recipient(self, k: int) -> int:
        """The seat that receives the ``k``-th card dealt (the deal plan's holder: seat
        holders are the absolute seats, the dealer being fixed)."""
        return self._deal_holders[k]

    def next_seat(self, seat: int, seats: int) -> int:
        """The next seat to the left of ``seat`` among the bitmask ``seats``."""
        n = self.num_players
        q = (seat + 1) % n
        while not (seats >> q) & 1:
            q = (q + 1) % n
        return q

    def trick_order(self, leader: int, active: int) -> tuple[int, ...]:
        """The seats of a trick in playing order: the leader, then the active seats to his
        left (``()`` without a leader)."""
        if leader < 0 or not (active >> leader) & 1:
            return ()
        return self._orders[leader][active]

    def _order_table(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        n = self.num_players
        table = []
        for leader in range(n):
            row = []
            for active in range(1 << n):
                out: list[int] = []
                if (active >> leader) & 1:
                    out = [(leader + i) % n for i in range(n) if (active >> ((leader + i) % n)) & 1]
                row.append(tuple(out))
            table.append(tuple(row))
        return tuple(table)

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> LiftSmokeState:
        n = self.num_players
        s = LiftSmokeState()
        s.phase = DEAL
        s.to_move = CHANCE
        s.hands = (0,) * n
        s.dealt = 0
        s.trump_card = -1
        s.turnup = -1
        s.leader = -1
        s.trick = ()
        s.active = (1 << n) - 1
        s.played = (0,) * n
        s.voids = (0,) * n
        s.drawer = -1
        s.winner = -1
        s.log = ()
        return s

    def current_player(self, s: LiftSmokeState) -> int:
        return s.to_move

    def illegal_reason(self, s: LiftSmokeState, action: int) -> str | None:
        """Why ``action`` is refused, in the rule's terms (``ExplainsIllegal``, asked only on
        the error path): in the play, a card not held or the follow-suit rule
        (:func:`~hoyle.envs.core.tricks.play_refusal`, on the same trick rules as
        :meth:`legal_actions`); elsewhere ``None``."""
        if s.phase != PLAY or not 0 <= action < NUM_CARDS:
            return None
        led = suit_of(s.trick[0]) if s.trick else NO_SUIT
        return play_refusal(s.hands[s.to_move], led, self.tricks[suit_of(s.trump_card)], action)

    def legal_actions(self, s: LiftSmokeState) -> list[int]:
        if s.phase != PLAY:
            return []
        led = suit_of(s.trick[0]) if s.trick else NO_SUIT
        return cards_of(legal_plays(s.hands[s.to_move], led, self.tricks[suit_of(s.trump_card)]))

    def chance_outcomes(self, s: LiftSmokeState) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: any card still in it, equally likely (the
        deal's cards and every draw alike)."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: LiftSmokeState) -> list[float]:
        n = self.num_players
        if s.phase != OVER:
            return [0.0] * n
        return [float(n - 1) if q == s.winner else -1.0 for q in range(n)]

    def apply_action(self, s: LiftSmokeState, action: int) -> None:
        ph = s.phase
        if ph == PLAY:
            self._apply_play(s, action)
        elif ph == DEAL:
            self._apply_deal(s, action)
        elif ph == DRAW:
            self._apply_draw(s, action)
        else:
            raise AssertionError(f"no action {action} after the game is over")

    def _apply_deal(self, s: LiftSmokeState, c: int) -> None:
        k = s.dealt.bit_count()
        q = self._deal_holders[k]
        b = 1 << c
        s.hands = replace_at(s.hands, q, s.hands[q] | b)
        s.dealt |= b
        at = len(s.log)
        if self.deal_plan.face_up(k):
            # "The last card that falls to the dealer is turned up for the trump."
            s.log = log_event(s.log, EV_TURN, q, c, EVERYONE, at)
            s.trump_card = c
            s.turnup = c
            s.phase = PLAY
            s.leader = self._deal_holders[0]  # the eldest hand leads
            s.to_move = s.leader
            s.active = (1 << self.num_players) - 1
        else:
            s.log = log_event(s.log, EV_DEAL, q, c, 1 << q, at)

    def _apply_play(self, s: LiftSmokeState, c: int) -> None:
        p = s.to_move
        s.log = log_event(s.log, EV_PLAY if s.trick else EV_LEAD, p, c, EVERYONE, len(s.log))
        s.played = replace_at(s.played, p, s.played[p] | 1 << c)
        if c == s.turnup:
            s.turnup = -1
        # A seat that does not follow suit holds none of the suit led (until it draws).
        order = self.trick_order(s.leader, s.active)
        s.hands, s.trick, s.voids, to_play, w = play_to_trick(
            self.tricks[suit_of(s.trump_card)], s.hands, s.trick, s.voids, order, c
        )
        if w < 0:
            s.to_move = to_play
            return
        if self.pack_mask & ~s.dealt:
            # "The winner of each trick draws the top card from the talon."
            s.phase = DRAW
            s.to_move = CHANCE
            s.drawer = w
        else:
            self._after_trick(s, w)

    def _apply_draw(self, s: LiftSmokeState, c: int) -> None:
        w = s.drawer
        b = 1 << c
        s.log = log_event(s.log, EV_DRAW, w, c, 1 << w, len(s.log))
        s.hands = replace_at(s.hands, w, s.hands[w] | b)
        s.dealt |= b
        s.voids = replace_at(s.voids, w, 0)  # the card drawn may be of any suit
        s.drawer = -1
        self._after_trick(s, w)

    def _after_trick(self, s: LiftSmokeState, w: int) -> None:
        """The trick (and the winner's draw) is over: the exhausted withdraw; who leads."""
        active = 0
        for q, h in enumerate(s.hands):
            if h:
                active |= 1 << q
        s.trick = ()
        s.active = active
        if active.bit_count() <= 1:
            # The last player with a card wins; everyone out together: the trick's winner
            # (assumption 4).
            s.winner = (active.bit_length() - 1) if active else w
            s.phase = OVER
            s.to_move = TERMINAL
            s.leader = -1
            return
        s.leader = w if (active >> w) & 1 else self.next_seat(w, active)
        s.phase = PLAY
        s.to_move = s.leader

    def action_to_string(self, s: LiftSmokeState, player: int, action: int) -> str:
        c = format_card(action) if 0 <= action < NUM_CARDS else f"card {action}"
        if s.phase == DEAL:
            k = s.dealt.bit_count()
            q = self._deal_holders[k]
            if self.deal_plan.face_up(k):
                return f"turn up {c} for trumps (the dealer's, player {q})"
            return f"deal {c} to player {q}"
        if s.phase == DRAW:
            return f"player {s.drawer} draws {c}"
        return f"play {c}"

    def state_string(self, s: LiftSmokeState) -> str:
        trump = SUIT_NAMES[suit_of(s.trump_card)] if s.trump_card >= 0 else "not yet turned"
        lines = [
            f"Lift Smoke, {self.num_players} players, dealer: player {self.dealer}, "
            f"trumps: {trump}, phase: {PHASE_NAMES[s.phase]}, to move: {seat_words(s.to_move)}"
        ]
        for q in range(self.num_players):
            status = "" if (s.active >> q) & 1 or s.phase == DEAL else " (withdrawn)"
            lines.append(
                f"player {q}{status}: hand {cards_words(s.hands[q])}; "
                f"played {cards_words(s.played[q])}"
            )
        if s.turnup >= 0:
            lines.append(f"turned up: {format_card(s.turnup)} (in the dealer's hand)")
        lines.append(f"trick: {trick_words(s.trick, self.trick_order(s.leader, s.active))}")
        lines.append(f"stock: {cards_words(self.pack_mask & ~s.dealt)}")
        if s.phase == OVER:
            lines.append(f"winner: player {s.winner}")
        return "\n".join(lines)

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: LiftSmokeState, player: int) -> LiftSmokeView:
        stock = (self.pack_mask & ~s.dealt).bit_count() if s.phase != DEAL else self.stock_size
        return LiftSmokeView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=self.dealer,
            hand=s.hands[player],
            trump=suit_of(s.trump_card) if s.trump_card >= 0 else -1,
            trump_card=s.trump_card,
            turnup=s.turnup,
            leader=s.leader,
            trick=s.trick,
            active=s.active,
            played=s.played,
            voids=s.voids,
            hand_sizes=tuple(map(int.bit_count, s.hands)),
            stock=stock,
            winner=s.winner,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(
        self, view: LiftSmokeView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        views.encode_view(view, out, perfect_recall)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        return ()

    def tensor_bits(
        self, s: LiftSmokeState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        rel = self._rel[me]
        nc = NUM_CARDS
        b = s.hands[me] << at["hand"] | 1 << (at["phase"] + s.phase)
        b |= 1 << (at["dealer"] + rel[self.dealer])
        if s.trump_card >= 0:
            b |= 1 << (at["trump"] + suit_of(s.trump_card))
        if s.turnup >= 0:
            b |= 1 << (at["turnup"] + s.turnup)
        if s.trick:
            trick = at["trick"]
            for q, c in zip(self.trick_order(s.leader, s.active), s.trick, strict=False):
                b |= 1 << (trick + rel[q] * nc + c)
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        if s.phase != DEAL:
            active, played, voids = at["active"], at["played"], at["voids"]
            for q in range(self.num_players):
                r = rel[q]
                if s.active >> q & 1:
                    b |= 1 << (active + r)
                b |= s.played[q] << (played + r * nc) | (s.voids[q] & 15) << (voids + r * NUM_SUITS)
            stock = (self.pack_mask & ~s.dealt).bit_count()
        else:
            stock = self.stock_size
        sizes, width = at["hand_sizes"], self.hand_size + 1
        for q, h in enumerate(s.hands):
            b |= 1 << (sizes + rel[q] * width + h.bit_count())
        if 0 <= stock <= self.stock_size:
            b |= 1 << (at["stock"] + stock)
        if s.winner >= 0:
            b |= 1 << (at["winner"] + rel[s.winner])
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, []

    def view_string(self, view: LiftSmokeView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: LiftSmokeState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    # --- the determinizer (the core's: ``DeclaresTimeline``, ``DeclaresHidden``) ------------
    def timeline(self, s: LiftSmokeState, player: int) -> Timeline | None:
        """Every seat's arrivals, plays and voids (:func:`.determinizer.timeline`): the core
        re-deals from them exactly (:func:`~hoyle.envs.core.timed.redeal_timed`)."""
        del player  # Unused: the core leaves the player's own cards alone.
        return determinizer.timeline(self, s)

    def hidden_cards(self, s: LiftSmokeState, player: int) -> dict[int, Hashable]:
        """The cards ``player`` has not located (``DeclaresHidden``), each under its seat and
        the suits it showed out of since the card arrived; the stock."""
        return determinizer.hidden_cards(self, s, player)

    def forbidden_cards(self, s: LiftSmokeState, player: int) -> dict[Hashable, int]:
        """Each holder's mask is in its name: ``(seat, mask)``."""
        holders = set(self.hidden_cards(s, player).values())
        return {h: h[1] for h in holders if isinstance(h, tuple)}

    def card_play(self, s: LiftSmokeState) -> None:
        """Always ``None``: the double-dummy solver does not apply to Lift Smoke, because the
        trick winner draws from the stock (a chance event) before the next trick, so the play
        is not a perfect-information play of fixed hands."""
        del s  # Unused.
        return None

    def card_zones(self, s: LiftSmokeState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        for q, m in enumerate(s.played):
            zones[f"played{q}"] = m
        zones["stock"] = self.pack_mask & ~s.dealt
        return zones
