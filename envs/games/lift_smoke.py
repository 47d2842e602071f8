"""Lift Smoke, as R. F. Foster describes it (Foster's Complete Hoyle, 1914, "LIFT SMOKE").

The rules follow RULES.md §10 and the book's own words (``shared/seeds``, from "The number of
players must be limited to six" to "his adversary having none"). Where the book is silent a gap
is filled by an ASSUMPTION below.

The game
--------
Four to six players, each for himself, each of whom puts one counter in the pool. A full pack,
the cards ranking A K Q J 10 ... 2 "as at Whist". The cards are dealt one at a time: six each
to four players, five each to five, four each to six. "The last card that falls to the dealer
is turned up for the trump" (it stays in his hand: everybody has seen it until he plays it),
and the rest of the pack is the stock, face down in the centre.

The eldest hand leads; the others must follow suit if they can; the highest card of the suit
led wins the trick, and trumps win all other suits. "The winner of each trick draws the top card
from the talon, and leads again" — only he draws, so every other player's hand shrinks by one
card a trick while the winner's stays as it was. "When any player's cards are exhausted he
withdraws from the game, and the others continue. The player who remains to the end, having a
card when his adversary has none, wins the pool." Two players left with one card each: the
winner of the trick draws, and that card wins the game.

ASSUMPTIONS (RULES.md §10; the text is silent)
----------------------------------------------
1. *Seats and the deal*: the cut is not played; player ``players - 1`` deals, so player 0 is
   the eldest hand and receives the first card; the cards go round one at a time to the left.
2. *No obligation to trump* when void of the suit led (as at Whist; :func:`lift_smoke_tricks`).
3. *An empty stock*: the winner of a trick draws nothing. If he then has no card he withdraws,
   and the next player on his left who still has cards leads.
4. *Everyone out together*: if the last players run out of cards in the same trick (the stock
   being empty), the winner of that last trick wins the pool.
5. *Withdrawal* happens when a trick is complete (after the winner's draw): a player whose last
   card is in the trick still plays that trick, and may win it and draw.
6. *The deciding draw* is played as the book says (a chance node), even when it cannot change
   who wins: the winner of the last trick against a player with no cards draws, "and the card
   so drawn wins the game".
7. *2 or 3 players* are not supported (the book gives no deal for them).
8. *Reduced packs* (``ranks``, ``hand_size``), for fast tests and exact solving only: the pack
   is the ``ranks`` highest ranks (A K Q ...) of each suit.

Returns: one unit is one counter. The winner takes the pool, ``players`` counters of which one
is his own: he wins ``players - 1``, every other player loses his 1 (zero-sum).

Parameters
----------
=========  =======  ===============================================================================
name       default  meaning
=========  =======  ===============================================================================
players    4        4, 5 or 6
ranks      13       ranks in each suit, from the Ace down (assumption 8)
hand_size  0        cards dealt to each player; 0 = the book's (6, 5, 4 for 4, 5, 6 players)
=========  =======  ===============================================================================

Variants: ``five`` (players=5), ``six`` (players=6). ``small_config``: four players, the
sixteen cards A K Q J of each suit, two cards each, a stock of eight.

Actions
-------
The only decision is the card to play: action == card id (``PLAY_ACTION_BASE`` + card,
0-51), "play ♥5". Chance outcomes are card ids too: "deal ♥5 to player 2", "turn up ♥5 for
trumps (player 3's card)", "player 2 draws ♥5". ``NUM_DISTINCT_ACTIONS`` = 52.

Bound on the game length
------------------------
Every decision puts a card from a hand into a trick, and a played card never comes back; every
card reaches a hand once, by the deal or a draw. So a game has at most as many decisions as the
pack has cards (52), and at most as many chance nodes (52). (Each trick also loses at least one
card from the hands, so there are at most n·h tricks; the pack is the simpler bound and close.)
Random play takes about 30 decisions and 32 chance nodes (at most 34 and 35 in 3,000 random
four-handed games; 28 and 30 six-handed).

Speed
-----
Random playouts through ``pyspiel`` (``state.legal_actions()``, ``state.apply_action``, chance by
``state.chance_outcomes()``), one core of the development machine: about 47,000 steps a second
four-handed (750 games a second), 33,000 six-handed.

Information and the determinizer
--------------------------------
Hidden: every player's hand from the others, the stock, and each drawn card from all but the
drawer. Public: the turned-up trump (it stays in the dealer's hand until played), every card
played (the tricks were seen face up), how many cards each hand and the stock hold, who drew.
A seat that did not follow suit held none of the suit led *at that moment*; a card it draws
later may be of that suit. ``voids`` in the state (and the views) are the suits the table knows
a seat lacks *now* (a 4-bit mask): set when it shows out, cleared when it draws (the drawn card
might be of any suit).

``resample_history`` re-deals, for a player, every card he has not seen — the other seats'
dealt and drawn cards, including those they have since played, and the stock — respecting the
exact timing of the voids. It replays the history to find each hidden slot (a deal, or a draw
after a seat's k-th play) and each void (the seat's v-th play did not follow suit σ). A card
that arrived at a seat before its v-th play and was still in its hand then is not of σ. So a
card played at its u-th play lies in a slot after the last void of its suit before u and before
u; a card still in a hand lies in a slot after the seat's last void of its suit. The re-deal
is exactly uniform over the worlds consistent with what the player saw: for each seat it
counts, by a pass over its played cards, the ways to put them in its slots, grouped by the
forbidden masks of the slots they leave free (each free slot forbids the suits the seat showed
out of after that slot's card arrived); it weighs each joint choice of the seats' groups by
those counts times the number of ways to fill the free slots from the unseen cards (a count
by suit), draws one, draws a placement of the played cards within it backwards through the
counts, and deals the free slots with :func:`~hoyle.envs.core.determinize.deal_hidden`.
Everything it reads is public, so its distribution depends on the player's information state
alone (``tests/games/test_lift_smoke.py`` checks it against a brute-force enumeration of the
worlds). Should the joint choices ever exceed ``MAX_JOINT_GROUPS`` (not seen in play), the
played cards keep their true slots and only the cards still hidden are re-dealt. About 2 ms a
re-deal in the full game (at most about 25 ms seen).

``card_play`` returns ``None``: the double-dummy solver is not applicable, because the stock
makes the play a game of chance (the trick winner's draw decides what he holds next), not a
perfect-information play of fixed hands.

Observation tensor (``perfect_recall=False``; n = players, h = hand size, S = initial stock)
--------------------------------------------------------------------------------------------
Seats are relative to the observer (row 0 = me, row 1 = the player on my left, ...).

==============  ============  ========================================================
piece           shape         contents
==============  ============  ========================================================
hand            (52,)         my hand
trump           (4,)          the trump suit, one-hot
turnup          (52,)         the turned-up trump while it is still in the dealer's hand
trick           (n, 52)       the card each seat has played to the current trick
leader          (n,)          who led the current trick
to_move         (n,)          whose turn it is
dealer          (n,)          the dealer
active          (n,)          seats still in the game (holding cards)
played          (n, 52)       every card each seat has played (public card tracking)
voids           (n, 4)        suits each seat is known to lack now
hand_sizes      (n, h + 1)    each seat's number of cards, one-hot
stock           (S + 1,)      cards left in the stock, one-hot
phase           (4,)          deal, play, draw, over
winner          (n,)          the winner of the pool, at the end
==============  ============  ========================================================

The information state (``perfect_recall=True``) adds ``events`` (2 × 52 rows × (3n + 1 + 52)):
one row per event the player saw, in order: its kind and seat (a card dealt to seat r, the
turn-up, a card played by seat r, a card drawn by seat r; 3n + 1 kinds) then the card, one-hot,
when the player saw it (his own cards, the turn-up, every card played).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hoyle.envs.core.cards import (
    NUM_RANKS,
    NUM_SUITS,
    SUIT_MASKS,
    SUIT_NAMES,
    card,
    cards_of,
    format_card,
    suit_of,
)
from hoyle.envs.core.determinize import deal_hidden, draw_without_replacement
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.registry import FOSTER, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import (
    CHANCE,
    TERMINAL,
    PlainState,
    ProbabilitySampler,
    replace_at,
    seat_words,
)
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

# --- constants and the action layout --------------------------------------------------------


def lift_smoke_tricks(trump: int) -> TrickRules:
    """§10: the full pack, A high, the turned-up suit trumps; follow suit if able, otherwise
    any card (assumption 2)."""
    check_trump(trump, allow_no_trump=False)
    return build_tricks(f"lift-smoke-{trump}", ACE_HIGH_RANKS, trump)


MIN_PLAYERS = 4
MAX_PLAYERS = 6
BOOK_HAND_SIZE: dict[int, int] = {4: 6, 5: 5, 6: 4}
"""§10: "If there are four players, six cards are dealt to each ... five ... four"."""
MAX_HAND_SIZE = max(BOOK_HAND_SIZE.values())
NUM_CARDS = NUM_SUITS * NUM_RANKS

PLAY_ACTION_BASE = 0
"""Playing card c is action ``PLAY_ACTION_BASE + c``."""
NUM_DISTINCT_ACTIONS = PLAY_ACTION_BASE + NUM_CARDS

# Phases (stored, never inferred).
DEAL, PLAY, DRAW, OVER = range(4)
NUM_PHASES = 4
PHASE_NAMES = ("deal", "play", "draw", "over")

# Event log: each event is a two-byte code kind << 9 | seat << 6 | card; a card the player did
# not see is written HIDDEN_CARD. Each player has his own log (one bytes value: flat to copy).
EV_DEAL, EV_TURN, EV_PLAY, EV_DRAW = range(4)
EVENT_KIND_SHIFT = 9
EVENT_SEAT_SHIFT = 6
HIDDEN_CARD = 63
_CODE_BYTES = tuple(c.to_bytes(2, "big") for c in range(1 << 11))

MAX_JOINT_GROUPS = 20_000
"""The most joint choices of the seats' free slots the exact determinizer weighs."""


# --- the state ------------------------------------------------------------------------------


class LiftSmokeState(PlainState):
    """One moment of a deal of Lift Smoke. Every slot holds an immutable value.

    ``hands``, ``played``, ``voids``, ``logs``: one entry per seat. ``dealt``: every card that
    has left the stock (dealt or drawn). ``trick``: the cards of the current trick in the order
    played, from ``leader``; ``active``: bitmask of the seats in this trick (those with cards
    when it began). ``turnup``: the turned-up trump while it is in the dealer's hand, else -1;
    ``trump_card``: the card turned up. ``drawer``: the winner of the trick who is to draw.
    """

    __slots__ = (
        "active",
        "dealt",
        "drawer",
        "hands",
        "leader",
        "logs",
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
    logs: tuple[bytes, ...]


# --- the player's view ----------------------------------------------------------------------


@dataclass(frozen=True)
class LiftSmokeView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``log`` is the player's own event log (cards he did not see are
    ``HIDDEN_CARD``), decoded by ``events``. Two views compare equal when the player sees the
    same table *now* (the log is left out of the comparison): another seat's determinizer may
    re-deal the order in which this player received cards he has since played (that seat
    never saw it), which changes his history but nothing he holds or sees now.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    hand: int
    trump: int
    trump_card: int
    turnup: int
    leader: int
    trick: tuple[int, ...]
    active: int
    played: tuple[int, ...]
    voids: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    winner: int
    log: bytes = field(repr=False, compare=False)
    rules: LiftSmokeRules = field(compare=False, repr=False)

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick, ``NO_SUIT`` when the trick is empty."""
        return suit_of(self.trick[0]) if self.trick else NO_SUIT

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats of the current trick in playing order, from the leader."""
        return self.rules.trick_order(self.leader, self.active)

    @property
    def tricks(self) -> TrickRules:
        return self.rules.tricks[self.trump]

    def unseen(self) -> int:
        """Cards this player has not seen: the other hands and the stock (less the turn-up)."""
        seen = self.hand
        for m in self.played:
            seen |= m
        if self.turnup >= 0:
            seen |= 1 << self.turnup
        return self.rules.pack_mask & ~seen

    @property
    def events(self) -> tuple[tuple[int, int, int], ...]:
        """Every event this player saw, oldest first: ``(kind, seat, card)`` with the kinds
        ``EV_*`` and ``card == -1`` where he did not see it."""
        return decode_events(self.log)


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
        self.min_utility = -1.0
        self.max_utility = float(n - 1)
        self.utility_sum = 0.0
        # Every decision plays a card once; every chance node brings a card into play once.
        self.max_game_length = self.pack_size
        self.max_chance_nodes = self.pack_size
        self.max_events = 2 * self.pack_size
        self.num_event_kinds = 3 * n + 1
        self.tricks = tuple(lift_smoke_tricks(t) for t in range(NUM_SUITS))
        self._outcome_cache: tuple[int, list[tuple[int, float]]] = (-1, [])
        self._orders = self._order_table()

    # --- seats ------------------------------------------------------------------------------
    def deal_recipient(self, k: int) -> int:
        """The seat that receives the ``k``-th card dealt (one at a time from the eldest)."""
        return k % self.num_players

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
        s.logs = (b"",) * n
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
        if s.to_move != CHANCE:
            return []
        stock = self.pack_mask & ~s.dealt
        key, out = self._outcome_cache
        if key == stock:
            return out
        cards = cards_of(stock)
        p = 1.0 / len(cards)
        out = [(c, p) for c in cards]
        self._outcome_cache = (stock, out)
        return out

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

    def _log(self, s: LiftSmokeState, kind: int, seat: int, c: int, private: bool) -> None:
        code = kind << EVENT_KIND_SHIFT | seat << EVENT_SEAT_SHIFT
        full = _CODE_BYTES[code | c]
        if private:
            hidden = _CODE_BYTES[code | HIDDEN_CARD]
            s.logs = tuple(log + (full if q == seat else hidden) for q, log in enumerate(s.logs))
        else:
            s.logs = tuple(log + full for log in s.logs)

    def _apply_deal(self, s: LiftSmokeState, c: int) -> None:
        k = s.dealt.bit_count()
        q = self.deal_recipient(k)
        b = 1 << c
        s.hands = replace_at(s.hands, q, s.hands[q] | b)
        s.dealt |= b
        if k == self.deal_cards - 1:
            # "The last card that falls to the dealer is turned up for the trump."
            self._log(s, EV_TURN, q, c, private=False)
            s.trump_card = c
            s.turnup = c
            s.phase = PLAY
            s.leader = self.deal_recipient(0)  # the eldest hand leads
            s.to_move = s.leader
            s.active = (1 << self.num_players) - 1
        else:
            self._log(s, EV_DEAL, q, c, private=True)

    def _apply_play(self, s: LiftSmokeState, c: int) -> None:
        p = s.to_move
        self._log(s, EV_PLAY, p, c, private=False)
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
        self._log(s, EV_DRAW, w, c, private=True)
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
            q = self.deal_recipient(k)
            if k == self.deal_cards - 1:
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
                f"player {q}{status}: hand {_cards(s.hands[q])}; played {_cards(s.played[q])}"
            )
        if s.turnup >= 0:
            lines.append(f"turned up: {format_card(s.turnup)} (in the dealer's hand)")
        lines.append(f"trick: {_trick(s.trick, self.trick_order(s.leader, s.active))}")
        lines.append(f"stock: {_cards(self.pack_mask & ~s.dealt)}")
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
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            stock=stock,
            winner=s.winner,
            log=s.logs[player],
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (NUM_CARDS,)),
            ("trump", (NUM_SUITS,)),
            ("turnup", (NUM_CARDS,)),
            ("trick", (n, NUM_CARDS)),
            ("leader", (n,)),
            ("to_move", (n,)),
            ("dealer", (n,)),
            ("active", (n,)),
            ("played", (n, NUM_CARDS)),
            ("voids", (n, NUM_SUITS)),
            ("hand_sizes", (n, self.hand_size + 1)),
            ("stock", (self.stock_size + 1,)),
            ("phase", (NUM_PHASES,)),
            ("winner", (n,)),
        ]
        if perfect_recall:
            pieces.append(("events", (self.max_events, self.num_event_kinds + NUM_CARDS)))
        return pieces

    def encode_view(
        self, view: LiftSmokeView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        n = self.num_players
        me = view.player

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand)
        if view.trump >= 0:
            out["trump"][view.trump] = 1.0
        if view.turnup >= 0:
            out["turnup"][view.turnup] = 1.0
        for q, c in zip(view.trick_seats, view.trick, strict=False):
            out["trick"][rel(q), c] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        if view.to_move >= 0:
            out["to_move"][rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        if view.phase != DEAL:
            for q in range(n):
                r = rel(q)
                if (view.active >> q) & 1:
                    out["active"][r] = 1.0
                set_cards(out["played"][r], view.played[q])
                for t in range(NUM_SUITS):
                    if view.voids[q] >> t & 1:
                        out["voids"][r, t] = 1.0
        for q, k in enumerate(view.hand_sizes):
            set_one_hot(out["hand_sizes"][rel(q)], k)
        set_one_hot(out["stock"], view.stock)
        out["phase"][view.phase] = 1.0
        if view.winner >= 0:
            out["winner"][rel(view.winner)] = 1.0
        if perfect_recall and view.log:
            codes = np.frombuffer(view.log, dtype=">u2").astype(np.int64)
            rows = np.arange(codes.shape[0])
            kind = codes >> EVENT_KIND_SHIFT
            seat = (((codes >> EVENT_SEAT_SHIFT) & 7) - me) % n
            cards = codes & 63
            # Kinds: dealt to seat r (0..n-1), the turn-up (n), played by r, drawn by r.
            col = np.where(
                kind == EV_DEAL,
                seat,
                np.where(
                    kind == EV_TURN, n, np.where(kind == EV_PLAY, n + 1 + seat, 2 * n + 1 + seat)
                ),
            )
            block = out["events"]
            block[rows, col] = 1.0
            known = cards != HIDDEN_CARD
            block[rows[known], self.num_event_kinds + cards[known]] = 1.0

    def view_string(self, view: LiftSmokeView, perfect_recall: bool) -> str:
        me = view.player
        n = view.num_players
        trump = (
            f"{SUIT_NAMES[view.trump]} (turned up {format_card(view.trump_card)})"
            if view.trump >= 0
            else "not yet turned up"
        )
        lines = [
            f"Lift Smoke, {n} players; you are player {me}"
            + (", the dealer" if view.dealer == me else "")
            + f"; phase: {PHASE_NAMES[view.phase]}; to move: {_whom(view.to_move, me)}",
            f"Trumps: {trump}",
            f"Your hand: {_cards(view.hand)}",
        ]
        if view.turnup >= 0:
            lines.append(f"The turn-up {format_card(view.turnup)} is still in the dealer's hand")
        lines.append(f"Trick: {_trick(view.trick, view.trick_seats, me)}")
        for q in range(n):
            if q == me:
                continue
            out = "" if (view.active >> q) & 1 or view.phase == DEAL else ", withdrawn"
            void = "".join("♠♥♦♣"[t] for t in range(NUM_SUITS) if view.voids[q] >> t & 1)
            lines.append(
                f"Player {q}: {_n_cards(view.hand_sizes[q])}{out}; played {_cards(view.played[q])}"
                + (f"; void in {void}" if void else "")
            )
        lines.append(f"You played: {_cards(view.played[me])}")
        lines.append(f"Stock: {view.stock} cards")
        if view.winner >= 0:
            lines.append(f"Winner: {_whom(view.winner, me)}")
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + _event_words(k, q, c, me) for k, q, c in view.events)
        return "\n".join(lines)

    # --- the determinizer -------------------------------------------------------------------
    def hidden_deals(
        self, s: LiftSmokeState, player: int, history: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """The chance actions of cards still hidden in the other hands, and those cards plus
        the stock (the protocol's default; :meth:`resample_history`, which respects the
        voids, is what the determinizer uses)."""
        timeline = self.timeline(history)
        hidden = 0
        for q, h in enumerate(s.hands):
            if q != player:
                hidden |= h
        if s.turnup >= 0:
            hidden &= ~(1 << s.turnup)
        positions = [
            pos
            for q, slots in enumerate(timeline.slots)
            if q != player
            for _, pos in slots
            if (hidden >> history[pos]) & 1
        ]
        pool = hidden | (self.pack_mask & ~s.dealt)
        return sorted(positions), cards_of(pool)

    def timeline(self, history: Sequence[int]) -> Timeline:
        """Each seat's hidden slots, plays and voids, found by replaying ``history``."""
        n = self.num_players
        slots: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        plays: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        voids: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        turnup_pos = -1
        s = self.new_state()
        for pos, a in enumerate(history):
            ph = s.phase
            if ph == DEAL:
                k = s.dealt.bit_count()
                q = self.deal_recipient(k)
                if k == self.deal_cards - 1:
                    turnup_pos = pos
                else:
                    slots[q].append((0, pos))
            elif ph == DRAW:
                q = s.drawer
                slots[q].append((len(plays[q]), pos))
            elif ph == PLAY:
                q = s.to_move
                plays[q].append((a, pos))
                if s.trick and suit_of(a) != suit_of(s.trick[0]):
                    voids[q].append((len(plays[q]), suit_of(s.trick[0])))
            self.apply_action(s, a)
        return Timeline(
            tuple(tuple(x) for x in slots),
            tuple(tuple(x) for x in plays),
            tuple(tuple(x) for x in voids),
            turnup_pos,
        )

    def resample_history(
        self,
        s: LiftSmokeState,
        player: int,
        history: Sequence[int],
        sampler: ProbabilitySampler,
    ) -> list[int]:
        """The determinizer: every card ``player`` has not seen re-dealt, respecting the voids
        at the moment each was shown (see the module docstring)."""
        if s.phase == DEAL and not s.dealt:
            return list(history)
        tl = self.timeline(history)
        seats = [q for q in range(self.num_players) if q != player]
        turnup_pos = tl.turnup_pos
        # Per seat: its hidden slots (segment, history position), its played cards with the
        # window of segments each may have arrived in, and the forbidden mask of a slot whose
        # card is still held.
        problems = []
        hidden_now = 0
        for q in seats:
            slots = [(seg, pos) for seg, pos in tl.slots[q] if pos != turnup_pos]
            played = []
            for u0, (c, _) in enumerate(tl.plays[q]):
                if turnup_pos >= 0 and c == history[turnup_pos]:
                    continue  # the turn-up stays in its public slot
                u = u0 + 1
                lo = max((v for v, t in tl.voids[q] if t == suit_of(c) and v < u), default=0)
                played.append((c, lo, u - 1))
            problems.append((q, slots, played))
            for _, pos in slots:
                hidden_now |= 1 << history[pos]
        for _, _, played in problems:
            for c, _, _ in played:
                hidden_now &= ~(1 << c)
        pool = cards_of(hidden_now | (self.pack_mask & ~s.dealt))

        def after_mask(q: int, seg: int) -> int:
            m = 0
            for v, t in tl.voids[q]:
                if v > seg:
                    m |= SUIT_MASKS[t]
            return m

        seat_ways = [_SeatPlacements(slots, played, q, after_mask) for q, slots, played in problems]
        suit_counts = tuple(
            (hidden_now | (self.pack_mask & ~s.dealt)) & SUIT_MASKS[t] for t in range(NUM_SUITS)
        )
        counts = tuple(m.bit_count() for m in suit_counts)
        free: list[tuple[int, int]] = []  # (forbidden mask, history position)
        combos = 1
        for ways in seat_ways:
            combos *= len(ways.groups)
        if 0 < combos <= MAX_JOINT_GROUPS:
            # Exact: each joint choice of the seats' free slots weighted by the placements
            # that leave it times the deals that complete it.
            keys = list(itertools.product(*(list(sw.groups) for sw in seat_ways)))
            weights: list[int] = []
            memo: dict[Any, int] = {}
            for key in keys:
                w = 1
                merged: dict[int, int] = {}
                for sw, f in zip(seat_ways, key, strict=True):
                    w *= sw.group_weight[f]
                    for mask, k in f:
                        merged[mask] = merged.get(mask, 0) + k
                # The unconstrained slots last: they are counted in one step.
                holders = tuple(sorted(merged.items(), key=lambda mk: (mk[0] == 0, mk[0])))
                weights.append(w * _completions(holders, counts, memo) if w else 0)
            if sum(weights) > 0:
                key = keys[_pick(weights, sampler)]
                new = list(history)
                free.clear()
                for sw, f in zip(seat_ways, key, strict=True):
                    placed, left = sw.sample(f, sampler)
                    for pos, c in placed.items():
                        new[pos] = c
                    free.extend(left)
                holders_list = [m for m, _ in free]
                cards = deal_hidden(holders_list, pool, {m: m for m in holders_list}, sampler)
                for (_, pos), c in zip(free, cards, strict=True):
                    new[pos] = c
                return new
        # Too many joint choices to weigh (never seen in play): the played cards keep their
        # true slots, the cards still hidden are re-dealt exactly.
        new = list(history)
        free.clear()
        for q, slots, played in problems:
            mine = {c for c, _, _ in played}
            for seg, pos in slots:
                if history[pos] not in mine:
                    free.append((after_mask(q, seg), pos))
        holders_list = [m for m, _ in free]
        cards = deal_hidden(holders_list, pool, {m: m for m in holders_list}, sampler)
        for (_, pos), c in zip(free, cards, strict=True):
            new[pos] = c
        return new

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


@dataclass(frozen=True)
class Timeline:
    """Each seat's hidden history, from a replay: ``slots[q]`` the (segment, history position)
    of each card dealt or drawn to ``q`` (segment k: arrived after his k-th play), ``plays[q]``
    the (card, position) of each of his plays in order, ``voids[q]`` the (v, suit) of each of
    his plays that did not follow suit (his v-th play, 1-based), ``turnup_pos`` the position of
    the turn-up (public)."""

    slots: tuple[tuple[tuple[int, int], ...], ...]
    plays: tuple[tuple[tuple[int, int], ...], ...]
    voids: tuple[tuple[tuple[int, int], ...], ...]
    turnup_pos: int


class _SeatPlacements:
    """Every way to put one seat's played cards into its hidden slots, counted exactly.

    ``slots``: the seat's hidden (segment, history position) slots: segment 0 the deal (any
    number of interchangeable slots), segment k >= 1 the one draw after its k-th play.
    ``played``: (card, lo, hi) for each card it played, in order: the segments it may have
    arrived in. A forward pass counts the placements reaching each (seg-0 slots used, draw
    slots used) state, a deal slot being any of the free ones; the final states are grouped by
    what they leave free, as the multiset of forbidden masks of the free slots (``after_mask``),
    which is all the completion count depends on. :meth:`sample` draws a placement uniformly
    among those of a group, backwards through the counts.
    """

    def __init__(
        self,
        slots: Sequence[tuple[int, int]],
        played: Sequence[tuple[int, int, int]],
        seat: int,
        after_mask: Any,
    ) -> None:
        self.zero = [pos for seg, pos in slots if seg == 0]
        self.draws = [(seg, pos) for seg, pos in slots if seg > 0]
        self.played = list(played)
        d0 = len(self.zero)
        self.zero_mask = after_mask(seat, 0)
        self.draw_masks = [after_mask(seat, seg) for seg, _ in self.draws]
        layers: list[dict[tuple[int, int], int]] = [{(0, 0): 1}]
        for _, lo, hi in self.played:
            nxt: dict[tuple[int, int], int] = {}
            for (u0, um), w in layers[-1].items():
                if lo == 0 and u0 < d0:
                    k = (u0 + 1, um)
                    nxt[k] = nxt.get(k, 0) + w * (d0 - u0)
                for i, (seg, _) in enumerate(self.draws):
                    if lo <= seg <= hi and not (um >> i) & 1:
                        k = (u0, um | 1 << i)
                        nxt[k] = nxt.get(k, 0) + w
            layers.append(nxt)
        self.layers = layers
        self.groups: dict[tuple[tuple[int, int], ...], list[tuple[tuple[int, int], int]]] = {}
        for state, w in layers[-1].items():
            self.groups.setdefault(self.free_key(state), []).append((state, w))
        self.group_weight = {f: sum(w for _, w in ws) for f, ws in self.groups.items()}

    def free_key(self, state: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        u0, um = state
        left: dict[int, int] = {}
        if len(self.zero) > u0:
            left[self.zero_mask] = len(self.zero) - u0
        for i, m in enumerate(self.draw_masks):
            if not (um >> i) & 1:
                left[m] = left.get(m, 0) + 1
        return tuple(sorted(left.items()))

    def sample(
        self, key: tuple[tuple[int, int], ...], sampler: ProbabilitySampler
    ) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """A placement of the group ``key``, uniformly: {history position: played card}, and
        the free slots as (forbidden mask, history position)."""
        finals = self.groups[key]
        state = finals[_pick([w for _, w in finals], sampler)][0]
        final = state
        d0 = len(self.zero)
        to_zero: list[int] = []
        placed: dict[int, int] = {}
        for t in range(len(self.played) - 1, -1, -1):
            c, lo, hi = self.played[t]
            u0, um = state
            prev = self.layers[t]
            options: list[tuple[tuple[int, int], int]] = []
            weights: list[int] = []
            if lo == 0 and u0 > 0 and (u0 - 1, um) in prev:
                options.append(((u0 - 1, um), -1))
                weights.append(prev[(u0 - 1, um)] * (d0 - u0 + 1))
            for i, (seg, _) in enumerate(self.draws):
                if (um >> i) & 1 and lo <= seg <= hi and (u0, um & ~(1 << i)) in prev:
                    options.append(((u0, um & ~(1 << i)), i))
                    weights.append(prev[(u0, um & ~(1 << i))])
            state, i = options[_pick(weights, sampler)]
            if i < 0:
                to_zero.append(c)
            else:
                placed[self.draws[i][1]] = c
        zero_slots = draw_without_replacement(self.zero, len(self.zero), sampler)
        for pos, c in zip(zero_slots, to_zero, strict=False):
            placed[pos] = c
        free = [(self.zero_mask, pos) for pos in zero_slots[len(to_zero) :]]
        free += [
            (self.draw_masks[i], pos)
            for i, (_, pos) in enumerate(self.draws)
            if not (final[1] >> i) & 1
        ]
        return placed, free


def _completions(
    holders: tuple[tuple[int, int], ...],
    counts: tuple[int, ...],
    memo: dict[Any, int],
    i: int = 0,
) -> int:
    """Ways to fill ``holders`` ((forbidden suit mask, number of slots), slots distinct) with
    distinct cards, ``counts[s]`` of them in suit s, no slot taking a card of its mask."""
    if i == len(holders):
        return 1
    mask, k = holders[i]
    allowed = [t for t in range(NUM_SUITS) if not mask & SUIT_MASKS[t] and counts[t]]
    if i == len(holders) - 1:  # the last holder: any k of its allowed cards, in order
        return math.perm(sum(counts[t] for t in allowed), k)
    key = (holders[i:], counts)
    if key in memo:
        return memo[key]
    total = 0

    def walk(j: int, left: int, take: list[int]) -> None:
        nonlocal total
        if j == len(allowed):
            if left:
                return
            ways = math.factorial(k)
            rest = list(counts)
            for t, x in zip(allowed, take, strict=True):
                ways = ways // math.factorial(x) * math.perm(counts[t], x)
                rest[t] -= x
            total += ways * _completions(holders, tuple(rest), memo, i + 1)
            return
        for x in range(min(left, counts[allowed[j]]) + 1):
            take.append(x)
            walk(j + 1, left - x, take)
            take.pop()

    walk(0, k, [])
    memo[key] = total
    return total


def _pick(weights: Sequence[int], sampler: ProbabilitySampler) -> int:
    """An index drawn in proportion to the (integer) ``weights``."""
    total = sum(weights)
    x = min(int(sampler() * total), total - 1)
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    return len(weights) - 1


# --- small functions ------------------------------------------------------------------------


def decode_events(log: bytes) -> tuple[tuple[int, int, int], ...]:
    """A player's event log as ``(kind, seat, card)`` triples (``card`` -1 where hidden)."""
    out = []
    for i in range(0, len(log), 2):
        code = log[i] << 8 | log[i + 1]
        c = code & 63
        out.append(
            (
                code >> EVENT_KIND_SHIFT,
                (code >> EVENT_SEAT_SHIFT) & 7,
                -1 if c == HIDDEN_CARD else c,
            )
        )
    return tuple(out)


def _cards(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"


def _trick(trick: Sequence[int], seats: Sequence[int], me: int = -1) -> str:
    if not trick:
        return "-"
    return ", ".join(
        f"{'you' if q == me else f'player {q}'} {format_card(c)}"
        for q, c in zip(seats, trick, strict=False)
    )


def _n_cards(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


def _whom(p: int, me: int) -> str:
    return "you" if p == me else seat_words(p)


def _event_words(kind: int, q: int, c: int, me: int) -> str:
    who = "you" if q == me else f"player {q}"
    what = format_card(c) if c >= 0 else "a card"
    if kind == EV_DEAL:
        return f"dealt {what} to {who}"
    if kind == EV_TURN:
        return f"turned up {what} for trumps ({who})"
    if kind == EV_PLAY:
        return f"{who} played {what}"
    return f"{who} drew {what}"


# --- registration ---------------------------------------------------------------------------

SMALL_CONFIG: dict[str, ParamValue] = {"players": 4, "ranks": 4, "hand_size": 2}
"""Four players, A K Q J of each suit (16 cards), two cards each, a stock of eight."""


def make_rules(params: Mapping[str, ParamValue]) -> LiftSmokeRules:
    return LiftSmokeRules(params)


GAME = register(
    GameSpec(
        short_name="lift_smoke",
        title="Lift Smoke",
        book=FOSTER,
        section="LIFT SMOKE",
        make_rules=make_rules,
        params={
            "players": Param(4, "number of players (each for himself)", (4, 5, 6)),
            "ranks": Param(
                NUM_RANKS,
                "ranks in each suit from the Ace down (reduced packs for tests; ASSUMPTION)",
                tuple(range(2, NUM_RANKS + 1)),
            ),
            "hand_size": Param(
                0,
                "cards dealt to each player; 0 = the book's (6, 5, 4 for 4, 5, 6 players)",
                tuple(range(0, MAX_HAND_SIZE + 1)),
            ),
        },
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        variants={"five": {"players": 5}, "six": {"players": 6}},
        small_config=SMALL_CONFIG,
        no_tiny="The book's fewest players is four: a choice of card needs two cards each, eight "
        "cards whose deal alone has 8! = 40,320 orders (ranks=2, hand_size=2: about 2.5 million "
        "nodes); with one card each (ranks=2, hand_size=1: 15,521 nodes) nobody ever has a "
        "choice.",
        reference="euchre",
        summary="Elimination trick game: only the trick's winner draws; the last with a card wins.",
    )
)
