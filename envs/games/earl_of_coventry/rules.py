"""The rules of Earl of Coventry and Jig: the state, the deal, the leads and the forced plays.

Pure: no pyspiel, no randomness. The only decision is a lead; every card that follows it (a
match of its rank at Earl of Coventry, the next card of its suit at Jig) and every pass is
compelled and public, so :meth:`EarlRules.apply_action` plays them out at once and logs each
one (``docs`` of the package, assumption 3).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import hoyle.envs.games.earl_of_coventry.determinizer as determinizer
import hoyle.envs.games.earl_of_coventry.view as views
from hoyle.envs.core.cards import (
    NUM_RANKS,
    NUM_SUITS,
    RANK_NAMES,
    card,
    cards_of,
    cards_text,
    format_card,
    rank_of,
)
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, Event, EventSchema, log_event, settle_log
from hoyle.envs.core.pools import collect_per_card
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.runs import ACE_TO_KING
from hoyle.envs.core.table import TableView
from hoyle.envs.games.earl_of_coventry.view import (
    DEAL,
    EV_DEAL,
    EV_LEAD,
    EV_NO_MATCH,
    EV_OUT,
    EV_PLAY,
    EV_WITHOUT,
    EVENT_KINDS,
    LEAD,
    NUM_CARDS,
    OVER,
    PHASE_NAMES,
    EarlView,
)

EARL, JIG = "earl", "jig"
VARIANTS = (EARL, JIG)
MIN_PLAYERS = 2
MAX_PLAYERS = 10
"""The book says "any number"; ten keeps every hand at five cards or more (assumption 7)."""
MAX_DEALS = 10
RUN_LENGTH = 4
"""Four cards end a round: the four of a rank (the Earl of Coventry), four in sequence (Jig)."""

LEAD_ACTION_BASE = 0
"""Leading card c is action ``LEAD_ACTION_BASE + c``."""
NUM_DISTINCT_ACTIONS = LEAD_ACTION_BASE + NUM_CARDS


class EarlState(PlainState):
    """One moment of a sitting of Earl of Coventry (or Jig). Every slot holds an immutable value.

    ``hands``, ``played``: one card mask per seat (``played``: this deal's cards laid, by
    whom). ``dealt``: the cards dealt so far this deal. ``run``: the cards of the round now
    being played or last played, in order (public). ``counters``: each player's net counters
    over the deals finished. ``winner``: the first out in the last deal finished (-1 before).
    ``ply``: the number of actions so far (the history index of the next one: the log holds
    forced steps too, so its length is not it). ``log``: the one event log, every player's
    information state.
    """

    __slots__ = (
        "counters",
        "deal_no",
        "dealer",
        "dealt",
        "hands",
        "log",
        "phase",
        "played",
        "ply",
        "run",
        "to_move",
        "winner",
    )  # fmt: skip

    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hands: tuple[int, ...]
    dealt: int
    played: tuple[int, ...]
    ply: int
    run: tuple[int, ...]
    counters: tuple[int, ...]
    winner: int
    log: tuple[Event, ...]


class EarlRules:
    """The rules of Earl of Coventry (``variant=earl``) or Jig (``variant=jig``) for one
    parameter set."""

    num_distinct_actions = NUM_DISTINCT_ACTIONS
    max_chance_outcomes = NUM_CARDS

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.num_players = n
        self.variant = str(params["variant"])
        if self.variant not in VARIANTS:
            raise GameParameterError(f"variant={self.variant!r} must be one of {VARIANTS}")
        self.jig = self.variant == JIG
        self.ranks = int(params["ranks"])
        self.deals = int(params["deals"])
        # A reduced pack keeps the lowest ranks, A 2 3 ... (assumption 8).
        self.pack_mask = sum(1 << card(t, r) for t in range(NUM_SUITS) for r in range(self.ranks))
        self.pack_size = self.pack_mask.bit_count()
        if self.pack_size < n:
            raise GameParameterError(
                f"ranks={self.ranks} gives a pack of {self.pack_size} cards, fewer than "
                f"players={n}: somebody would be dealt no card"
            )
        self.max_hand = -(-self.pack_size // n)
        p, least = self.pack_size, self.pack_size // n
        # Per deal the first out collects at most what the others hold, which is at most the
        # pack less his own deal (p - least); a loser pays at most his whole deal (max_hand).
        self.max_utility = float(self.deals * (p - least))
        self.min_utility = -float(self.deals * self.max_hand)
        self.utility_sum = 0.0
        # Every lead lays a card for good; every chance node deals one.
        self.max_game_length = self.deals * p
        self.max_chance_nodes = self.deals * p
        # Per deal: p deals, p cards laid, at most (n - 1) passes before each card laid (a
        # card that follows a run of passes, or a lead after a stop), and the one going out.
        per_deal = p + p + p * (n - 1) + 1
        self.event_schema = EventSchema(EVENT_KINDS, n, NUM_CARDS, self.deals * per_deal)
        self._rank_masks = tuple(
            sum(1 << card(t, r) for t in range(NUM_SUITS)) for r in range(NUM_RANKS)
        )

    # --- the Rules protocol -----------------------------------------------------------------
    def new_state(self) -> EarlState:
        n = self.num_players
        s = EarlState()
        s.phase = DEAL
        s.to_move = CHANCE
        s.dealer = n - 1  # assumption 1: player 0 is the first deal's eldest hand
        s.deal_no = 0
        s.hands = (0,) * n
        s.dealt = 0
        s.played = (0,) * n
        s.ply = 0
        s.run = ()
        s.counters = (0,) * n
        s.winner = -1
        s.log = ()
        return s

    def current_player(self, s: EarlState) -> int:
        return s.to_move

    def legal_actions(self, s: EarlState) -> list[int]:
        """Any card of the leader's hand: "lays upon the table any card he pleases"."""
        if s.phase != LEAD:
            return []
        return [LEAD_ACTION_BASE + c for c in cards_of(s.hands[s.to_move])]

    def illegal_reason(self, s: EarlState, action: int) -> str | None:
        """Why ``action`` is refused (``ExplainsIllegal``, asked only on the error path)."""
        if s.phase != LEAD:
            return None
        c = action - LEAD_ACTION_BASE
        if not 0 <= c < NUM_CARDS:
            return f"action {action} is not a card to lead"
        if not s.hands[s.to_move] >> c & 1:
            return "the leader may lay any card he holds, and only one he holds"
        return None

    def chance_outcomes(self, s: EarlState) -> list[tuple[int, float]]:
        """The next card of the shuffled pack, each card left equally likely."""
        if s.to_move != CHANCE:
            return []
        return deal_outcomes(self.pack_mask, s.dealt)

    def returns(self, s: EarlState) -> list[float]:
        """Each player's counters over the sitting, at its end (zeros before: the terminal
        reward model; ``counters`` keeps the deals finished, public in every view)."""
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in s.counters]

    def apply_action(self, s: EarlState, action: int) -> None:
        if s.phase == DEAL:
            self._apply_deal(s, action)
        elif s.phase == LEAD:
            self._apply_lead(s, action - LEAD_ACTION_BASE)
        else:
            raise AssertionError(f"no action {action} after the game is over")
        s.ply += 1

    def deal_recipient(self, s: EarlState) -> int:
        """The seat that receives the next card: one at a time from the dealer's left."""
        return (s.dealer + 1 + s.dealt.bit_count()) % self.num_players

    def _apply_deal(self, s: EarlState, c: int) -> None:
        q = self.deal_recipient(s)
        s.log = log_event(s.log, EV_DEAL, q, c, 1 << q, s.ply)
        s.hands = replace_at(s.hands, q, s.hands[q] | 1 << c)
        s.dealt |= 1 << c
        if s.dealt == self.pack_mask:
            # "The eldest hand lays upon the table any card he pleases."
            s.phase = LEAD
            s.to_move = (s.dealer + 1) % self.num_players

    def _lay(self, s: EarlState, q: int, c: int, kind: int, at: int) -> bool:
        """``q`` lays ``c``; True where that was his last card (he is out: the deal ends)."""
        s.log = log_event(s.log, kind, q, c, EVERYONE, at)
        s.hands = replace_at(s.hands, q, s.hands[q] & ~(1 << c))
        s.played = replace_at(s.played, q, s.played[q] | 1 << c)
        s.run = (*s.run, c)
        if s.hands[q]:
            return False
        self._end_deal(s, q)
        return True

    def _apply_lead(self, s: EarlState, c: int) -> None:
        leader = s.to_move
        s.run = ()
        if self._lay(s, leader, c, EV_LEAD, s.ply):
            return
        n = self.num_players
        last = leader
        while len(s.run) < RUN_LENGTH:
            wanted = self._wanted(s, c)
            if not wanted:  # Jig: after a King, or beyond a reduced pack
                break
            # Each player in turn to the left lays a wanted card if he holds one, else passes
            # (one card a turn); round the table back to the last to lay.
            for step in range(1, n + 1):
                q = (last + step) % n
                if s.hands[q] & wanted:
                    break
                if q != last:
                    self._pass(s, q, c, wanted)
            else:
                # Nobody holds it (it was laid before): the last to lay a card starts afresh
                # (assumption 4).
                break
            held = s.hands[q] & wanted
            if self._lay(s, q, (held & -held).bit_length() - 1, EV_PLAY, -1):
                return
            last = q
        s.to_move = last

    def _wanted(self, s: EarlState, led: int) -> int:
        """The cards the next player must lay one of if he holds it: at Earl of Coventry the
        cards of the led rank not yet laid (he lays the first in suit order, assumption 2); at
        Jig the card above the last one laid (none after a King or beyond a reduced pack)."""
        if self.jig:
            nxt = ACE_TO_KING.after(s.run[-1])
            return 0 if nxt is None else self.pack_mask & 1 << nxt
        left = self._rank_masks[rank_of(led)] & self.pack_mask
        for c in s.run:
            left &= ~(1 << c)
        return left

    def _pass(self, s: EarlState, q: int, led: int, wanted: int) -> None:
        """``q`` has no card to lay: at Jig he is "without" the card wanted; at Earl of Coventry
        he cannot match the card led (he holds none of its rank)."""
        if self.jig:
            s.log = log_event(s.log, EV_WITHOUT, q, wanted.bit_length() - 1, EVERYONE)
        else:
            s.log = log_event(s.log, EV_NO_MATCH, q, led, EVERYONE)

    def _end_deal(self, s: EarlState, out: int) -> None:
        """``out`` has laid his last card: he wins one counter from each other player for every
        card that player still holds; the next deal, if any, passes to the left."""
        left = [h.bit_count() for h in s.hands]
        s.counters = collect_per_card(s.counters, out, left)
        s.log = log_event(s.log, EV_OUT, out, min(sum(left), NUM_CARDS - 1), EVERYONE)
        s.winner = out
        if s.deal_no + 1 >= self.deals:
            s.phase = OVER
            s.to_move = TERMINAL
            return
        n = self.num_players
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % n
        s.log = settle_log(s.log)
        s.hands = (0,) * n
        s.played = (0,) * n
        s.dealt = 0
        s.run = ()
        s.phase = DEAL
        s.to_move = CHANCE

    def action_to_string(self, s: EarlState, player: int, action: int) -> str:
        del player  # The words are the same for every player.
        c = action - LEAD_ACTION_BASE
        name = format_card(c) if 0 <= c < NUM_CARDS else f"card {action}"
        if s.phase == DEAL:
            return f"deal {name} to player {self.deal_recipient(s)}"
        return f"lead {name}"

    def state_string(self, s: EarlState) -> str:
        title = "Jig" if self.jig else "Earl of Coventry"
        lines = [
            f"{title}, {self.num_players} players, deal {s.deal_no + 1} of {self.deals}, "
            f"dealer: player {s.dealer}, phase: {PHASE_NAMES[s.phase]}, "
            f"to move: {seat_words(s.to_move)}"
        ]
        for q in range(self.num_players):
            lines.append(
                f"player {q}: hand {cards_text(s.hands[q])}; laid {cards_text(s.played[q])}; "
                f"counters {s.counters[q]}"
            )
        lines.append(f"last round: {' '.join(format_card(c) for c in s.run) or '-'}")
        lines.append(f"undealt: {cards_text(self.pack_mask & ~s.dealt)}")
        return "\n".join(lines)

    def rank_words(self, c: int) -> str:
        """The rank of ``c`` in words ("King"), for the rhymes' round."""
        return RANK_NAMES[rank_of(c)]

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: EarlState, player: int) -> EarlView:
        return EarlView(
            player=player,
            num_players=self.num_players,
            jig=self.jig,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            played=s.played,
            run=s.run,
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            undealt=(self.pack_mask & ~s.dealt).bit_count(),
            counters=s.counters,
            winner=s.winner,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return views.tensor_pieces(self, perfect_recall)

    def encode_view(self, view: EarlView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        views.encode_view(view, out, perfect_recall)

    def view_string(self, view: EarlView, perfect_recall: bool) -> str:
        return views.view_string(view, perfect_recall)

    def table_view(self, s: EarlState, player: int) -> TableView:
        """``player``'s table (:class:`~hoyle.envs.core.table.ShowsTable`), from his view."""
        return views.table_view(self.player_view(s, player))

    def card_zones(self, s: EarlState) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones.update({f"laid{q}": m for q, m in enumerate(s.played)})
        zones["undealt"] = self.pack_mask & ~s.dealt
        return zones

    # --- the determinizer (the core's: ``DeclaresHidden``, ``OrdersUnseen``) ----------------
    def hidden_cards(self, s: EarlState, player: int) -> dict[int, Hashable]:
        """The cards ``player`` has not located (:func:`.determinizer.hidden_cards`)."""
        return determinizer.hidden_cards(self, s, player)

    def forbidden_cards(self, s: EarlState, player: int) -> dict[Hashable, int]:
        """What the table knows a seat does not hold (:func:`.determinizer.forbidden_cards`)."""
        return determinizer.forbidden_cards(self, s, player)

    def unseen_orders(self, s: EarlState, player: int) -> list[list[int]]:
        """The order each other seat was dealt its cards (:func:`.determinizer.unseen_orders`)."""
        return determinizer.unseen_orders(s, player)
