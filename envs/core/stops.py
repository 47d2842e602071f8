"""The stops engine: the play of Commit, Pope Joan and Newmarket (with Spin and Saratoga), once.

Foster, *Complete Hoyle*: Pope Joan is "a combination of the layout in Matrimony, and the
manner of playing in Commit"; Newmarket "is Pope Joan without the pope". The three games deal
and play the cards the same way, and this module is that play; a game subclasses
:class:`StopsRules` (and :class:`StopsState` for its own slots) and overrides the hooks below
for what differs: what is paid for which card, which card may open a sequence, the
privileges (Commit's 9♦, Spin's A♦), the settlement when a player goes out, a staking phase
before the deal.

The deal
--------
Each deal, the dealer gives the cards one at a time from his left, ``hand_size`` each, from the
game's pack (Commit's 51 cards, Pope Joan's 52); the cards left over are the *stops*, face
down and unseen. Player ``players - 1`` deals the first deal and the deal passes to the left
(``deals`` deals, the pools and counters carried). Before the cards go out the game may stake
(:meth:`StopsRules.begin_deal`: automatic dressing, or a decision phase of its own).

The play
--------
The eldest hand leads (a card of :meth:`StopsRules.legal_leads`: any card, or Newmarket's
lowest of a suit) and plays at once every card of his hand that continues the sequence
(:meth:`hoyle.envs.core.runs.RunOrder.run`); where he fails he announces the card ("without
the Jack"), which the table then knows he does not hold. The turn passes to the left: each
player plays the missing card and his run after it if he holds it (he must), or announces he
is without it. The sequence stops, and a new one is led, when:

- it reaches the King (the top of the order): its player leads again;
- the card that continues it is a *known* stop — out of the pack (the 8♦ at Commit: "the
  diamonds are run up to the Seven") or already played — : the player of the last card leads
  again at once, nobody announcing what everybody knows;
- the turn comes back round to the player of the last card (nobody held it: it is among the
  stops): he leads again.

The first player to empty his hand ends the deal; the other hands are shown
(:meth:`StopsRules.end_of_deal` settles: pools, per-card payments, a privileged card stuck).

Forced steps and who is asked
-----------------------------
A play or an announcement the rules compel is made inside ``apply_action`` and logged as a
public event, so the game stops only at decisions (``point`` says which):

``LEAD``
    a sequence is to be opened (legal: :meth:`StopsRules.legal_leads`).
``CHOOSE``
    there are two live sequences (after Commit's 9♦: "the player following him is then at
    liberty to continue the original sequence or to play the Ten of diamonds"). Whether a
    player holds either card is hidden, so the player in turn is asked whatever he holds:
    legal are the cards he holds that continue one of them, or ``PASS`` (without both).
``STUCK``
    the player in turn has just announced he is without the card, and the game asks him
    (:meth:`StopsRules.asks`, on public facts only) whether he will use a privilege
    (:meth:`StopsRules.privileges`: Commit's 9♦). Every player who could hold the privileged
    card is asked, with ``PASS`` alone legal where he has no choice, so the player to move
    never shows who holds it.
``PLAYED``
    the player in turn has played his run to the sequence and the game asks the same way
    (Spin's A♦ "together with a card he plays to the current sequence").

A game may add phases of its own (a staking decision before the deal) from
:data:`FIRST_GAME_PHASE`, and actions from :data:`FIRST_GAME_ACTION`.

Actions: a card ``c`` (``0..51``) plays or leads that card; :data:`PASS` (52) announces
"without" at ``CHOOSE`` and declines a privilege at ``STUCK`` and ``PLAYED``.

Information
-----------
Hidden: the other hands and the stops. Public: every card played, each hand's size, the
announcements ("without the Jack": the seat holds no such card from then on, since hands only
shrink: :attr:`StopsState.lacks`), the payments, and the hands shown at the end of a deal.
The determinizer (:class:`~hoyle.envs.core.determinize.DeclaresHidden`) draws the other hands
and the stops uniformly among the worlds where every seat holds none of its lacks; the order a
seat was dealt its cards in is unseen (:func:`~hoyle.envs.core.determinize.deal_orders`).
``docs/adding-a-game.md`` ("Sequence games") shows a game written on this engine.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.cards import NUM_RANKS, NUM_SUITS, cards_of, format_card
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.determinize import deal_orders
from hoyle.envs.core.events import (
    Event,
    EventKind,
    EventSchema,
    ViewEvent,
    log_event,
    settle_log,
)
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.pools import Counters, Pools, final_counters, no_pools, pool_sizes
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState, replace_at, seat_words
from hoyle.envs.core.runs import ACE_TO_KING, RunOrder, without
from hoyle.envs.core.table import Counter, TableView, Zone

__all__ = [
    "CHOOSE",
    "DEAL",
    "ENGINE_EVENT_KINDS",
    "EV_DEALT",
    "EV_DEAL_BEGINS",
    "EV_LEAD",
    "EV_OUT",
    "EV_PASS",
    "EV_PLAY",
    "EV_SHOWS",
    "EV_STOP",
    "EV_WITHOUT",
    "FIRST_GAME_ACTION",
    "FIRST_GAME_EVENT",
    "FIRST_GAME_PHASE",
    "LEAD",
    "NUM_CARDS",
    "OVER",
    "PASS",
    "PLAY",
    "PLAYED",
    "POINT_NAMES",
    "STOPS_DEAL_TABLE",
    "STUCK",
    "StopsRules",
    "StopsState",
    "StopsView",
]

NUM_CARDS = NUM_SUITS * NUM_RANKS
"""Card ids run over the full pack whatever the game's pack is (the tensors are one size)."""

STOPS_DEAL_TABLE: dict[int, int] = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}
"""Pope Joan's deal table (Foster, *Complete Hoyle*: "3 Players, 15 cards each 7 in the
stock. 4 ” 12 ” 4 ..."), which Newmarket deals by too ("the same number must be left in the
talon"): cards to each player by the number of players; the rest are the stops."""

# Phases (stored, never inferred); a game's own phases are numbered from FIRST_GAME_PHASE.
DEAL, PLAY, OVER = range(3)
FIRST_GAME_PHASE = 3
# Why the player to move is asked (the ``point`` slot, in the play).
LEAD, CHOOSE, STUCK, PLAYED = range(4)
POINT_NAMES = ("lead", "choose", "stuck", "played")

PASS = NUM_CARDS
"""Say "without" (``CHOOSE``) or decline a privilege (``STUCK``, ``PLAYED``)."""
FIRST_GAME_ACTION = PASS + 1
"""A game's own actions (stakes, bets) are numbered from here."""

# The engine's events; a game's own kinds follow from FIRST_GAME_EVENT.
(
    EV_DEALT,
    EV_LEAD,
    EV_PLAY,
    EV_WITHOUT,
    EV_PASS,
    EV_STOP,
    EV_OUT,
    EV_SHOWS,
    EV_DEAL_BEGINS,
) = range(9)
ENGINE_EVENT_KINDS = (
    EventKind("dealt {value} to {actor}"),  # seen by the receiver only
    EventKind("{actor} led {value}"),
    EventKind("{actor} played {value}"),
    EventKind("{actor}: without {value}"),  # the card he fails on
    EventKind("{actor} passed", value="none"),
    EventKind("the sequence stopped; {actor} to lead", value="none"),
    EventKind("{actor} went out", value="none"),
    EventKind("{actor} showed {value}"),  # the hands exposed at the end of a deal
    EventKind("{actor} dealt", value="none"),
)
FIRST_GAME_EVENT = len(ENGINE_EVENT_KINDS)


class StopsState(PlainState):
    """One moment of a sitting at a stops game. Every slot holds an immutable value.

    ``hands``, ``lacks``: one card mask per seat (``lacks``: the cards the seat announced it
    was without this deal). ``dealt``, ``played``: this deal's cards dealt and played.
    ``lines``: the last card of each live sequence, ``()`` when a lead is due (two entries
    only between Commit's 9♦ and the next card). ``leader``: who opened the live sequence;
    ``last_player``: who played its last card. ``point``: why ``to_move`` is asked.
    ``counters`` and ``pools``: :mod:`hoyle.envs.core.pools`. ``winner``: the first out of the
    deal just finished. ``ply``: the history index of the next action (the log's ``at``).
    """

    __slots__ = (
        "counters",
        "deal_no",
        "dealer",
        "dealt",
        "hands",
        "lacks",
        "last_player",
        "leader",
        "lines",
        "log",
        "phase",
        "played",
        "ply",
        "point",
        "pools",
        "to_move",
        "winner",
    )  # fmt: skip

    phase: int
    point: int
    to_move: int
    deal_no: int
    dealer: int
    hands: tuple[int, ...]
    lacks: tuple[int, ...]
    dealt: int
    played: int
    lines: tuple[int, ...]
    leader: int
    last_player: int
    counters: Counters
    pools: Pools
    winner: int
    log: tuple[Event, ...]
    ply: int


S = TypeVar("S", bound=StopsState)


@dataclass(frozen=True)
class StopsView:
    """What one player sees: his hand, the table, his cut of the log; nothing hidden.

    Seats are absolute ids. Two views compare equal when the player sees the same table now
    (the log is left out of the comparison: another seat's re-deal may reorder the cards this
    player was dealt and has since played, which he never saw from there).
    """

    player: int
    num_players: int
    phase: int
    point: int
    to_move: int
    deal_no: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    played: int
    lines: tuple[int, ...]
    leader: int
    last_player: int
    lacks: tuple[int, ...]
    counters: Counters
    pools: Pools
    stops: int
    winner: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)
    rules: StopsRules[Any] = field(compare=False, repr=False)

    def seat_name(self, q: int) -> str:
        """``q`` as this player reads it: "you" or "player q"."""
        return "you" if q == self.player else f"player {q}"

    def unseen(self) -> int:
        """The cards of the pack this player has not seen: the other hands and the stops."""
        return self.rules.pack & ~self.hand & ~self.played


class StopsRules(Generic[S]):
    """The deal and the play of a stops game; a game subclasses it and overrides the hooks.

    The constructor takes the numbers every game has; a subclass calls it, then may set
    ``max_utility`` and ``min_utility`` (the bound its docstring derives). ``game_events``
    are the game's own kinds of event (numbered from :data:`FIRST_GAME_EVENT`), at most
    ``game_events_per_deal`` of them a deal; ``max_number`` bounds the numbers they carry
    (counters paid, a pool won: the log's one-hot value is that wide).
    """

    state_class: ClassVar[type[StopsState]] = StopsState
    title: ClassVar[str] = "A stops game"

    def __init__(
        self,
        *,
        players: int,
        pack: int,
        hand_size: int,
        deals: int = 1,
        divisions: int = 0,
        order: RunOrder = ACE_TO_KING,
        game_events: Sequence[EventKind] = (),
        game_events_per_deal: int = 0,
        game_decisions_per_deal: int = 0,
        num_distinct_actions: int = FIRST_GAME_ACTION,
        max_number: int = 0,
    ) -> None:
        if players < 2:
            raise ValueError(f"a stops game needs two players at least, not {players}")
        if hand_size * players > pack.bit_count():
            raise ValueError(
                f"{players} hands of {hand_size} need {hand_size * players} cards; "
                f"the pack has {pack.bit_count()}"
            )
        self.num_players = players
        self.pack = pack
        self.hand_size = hand_size
        self.deals = deals
        self.divisions = divisions
        self.order = order
        self.num_stops = pack.bit_count() - hand_size * players
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = NUM_CARDS
        self.utility_sum: float | None = 0.0
        self.min_utility = -1.0
        self.max_utility = 1.0
        dealt = hand_size * players
        self.max_chance_nodes = deals * dealt
        # Decisions a deal: a lead per card played at most, one question per seat per card
        # played at each of CHOOSE, STUCK (one per announcement) and PLAYED (one per run).
        self.max_game_length = deals * (dealt * (1 + 2 * players + 1) + game_decisions_per_deal)
        # Events a deal: each card dealt, played, shown once; an announcement and a pass per
        # seat per card played; a stop per card played; the deal, the player out.
        per_deal = dealt * (4 + 2 * players) + 2 + game_events_per_deal
        self.event_schema = EventSchema(
            (*ENGINE_EVENT_KINDS, *game_events),
            players,
            max(NUM_CARDS, max_number + 1),
            deals * per_deal,
        )

    # --- hooks (a game overrides what differs) ------------------------------------------------
    def begin_deal(self, s: S) -> None:
        """Before each deal's cards go out (stakes, dressing). The default deals at once; a game
        with a staking decision sets its own phase and ``to_move`` and calls
        :meth:`start_dealing` when the stakes are down."""
        self.start_dealing(s)

    def legal_leads(self, s: S, seat: int) -> int:
        """The cards ``seat`` may open a sequence with (a mask): any card he holds."""
        return s.hands[seat]

    def on_play(self, s: S, seat: int, c: int, led: bool) -> None:
        """``seat`` has just played ``c`` (``led``: as the opening card): payments, pools."""

    def asks(self, s: S, seat: int, point: int) -> bool:
        """Whether ``seat`` is asked at ``point`` (``STUCK`` or ``PLAYED``) about a privilege.
        Decided on public facts only (a privileged card not yet played), never on his hand."""
        del s, seat, point
        return False

    def privileges(self, s: S, seat: int, point: int) -> list[int]:
        """The actions beside ``PASS`` that ``seat`` may take where he is asked (his hand may
        decide them: only he sees the list)."""
        del s, seat, point
        return []

    def apply_privilege(self, s: S, seat: int, action: int) -> None:
        """Apply a privilege of :meth:`privileges`; it must leave the game at a decision or a
        chance node (with :meth:`play_beside`, :meth:`pass_on`, :meth:`lead_again`)."""
        raise AssertionError(f"no privilege {action} in {self.title}")

    def end_of_deal(self, s: S, winner: int) -> None:
        """``winner`` emptied his hand; the other hands are shown (logged). Settle the deal."""

    def game_legal(self, s: S) -> list[int]:
        """Legal actions in a phase of the game's own."""
        del s
        return []

    def game_apply(self, s: S, action: int) -> None:
        """Apply an action in a phase of the game's own."""
        raise AssertionError(f"no action {action} in phase {s.phase}")

    def game_action_string(self, s: S, action: int) -> str:
        """An action of the game's own, in the book's words."""
        del s
        return f"action {action}"

    def action_words(self, action: int) -> str:
        """An action in a game event's value (``EventKind(value="action")``)."""
        return f"action {action}"

    # --- the Rules protocol ------------------------------------------------------------------
    def new_state(self) -> S:
        n = self.num_players
        s: S = self.state_class()  # type: ignore[assignment]
        s.phase = DEAL
        s.point = LEAD
        s.to_move = CHANCE
        s.deal_no = 0
        s.dealer = n - 1
        s.hands = (0,) * n
        s.lacks = (0,) * n
        s.dealt = 0
        s.played = 0
        s.lines = ()
        s.leader = -1
        s.last_player = -1
        s.counters = (0,) * n
        s.pools = no_pools(self.divisions, n)
        s.winner = -1
        s.log = ()
        s.ply = 0
        self.init_game_slots(s)
        s.log = log_event(s.log, EV_DEAL_BEGINS, s.dealer, 0)
        self.begin_deal(s)
        return s

    def init_game_slots(self, s: S) -> None:
        """Set the game's own slots in a new state (before the first deal begins)."""

    def current_player(self, s: S) -> int:
        return s.to_move

    def legal_actions(self, s: S) -> list[int]:
        if s.phase == PLAY:
            seat = s.to_move
            if s.point == LEAD:
                return cards_of(self.legal_leads(s, seat))
            if s.point == CHOOSE:
                held = [c for c in self.live_nexts(s) if s.hands[seat] >> c & 1]
                return sorted(held) if held else [PASS]
            return sorted({PASS, *self.privileges(s, seat, s.point)})
        if s.phase >= FIRST_GAME_PHASE:
            return self.game_legal(s)
        return []

    def chance_outcomes(self, s: S) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: any card not yet dealt, equally likely."""
        if s.phase != DEAL:
            return []
        return deal_outcomes(self.pack, s.dealt)

    def returns(self, s: S) -> list[float]:
        """Each player's counters at the end of the sitting, the standing pools handed back to
        those who staked them (:func:`~hoyle.envs.core.pools.final_counters`); 0 before."""
        if s.phase != OVER:
            return [0.0] * self.num_players
        return [float(c) for c in final_counters(s.pools, s.counters)]

    def apply_action(self, s: S, action: int) -> None:
        ph = s.phase
        at = s.ply
        s.ply = at + 1
        if ph == DEAL:
            self._deal(s, action, at)
        elif ph == PLAY:
            self._decide(s, action)
        elif ph >= FIRST_GAME_PHASE:
            self.game_apply(s, action)
        else:
            raise AssertionError(f"no action {action} after the game is over")

    def illegal_reason(self, s: S, action: int) -> str | None:
        """Why a card action is refused, naming only the player's own cards and the table."""
        if s.phase != PLAY or not 0 <= action < NUM_CARDS:
            return None
        seat = s.to_move
        c = format_card(action)
        if not s.hands[seat] >> action & 1:
            return f"you do not hold {c}"
        if s.point == LEAD:
            return f"{c} may not open a sequence here"
        if s.point == CHOOSE:
            lines = " or ".join(format_card(x) for x in s.lines)
            return f"{c} does not continue the sequence ({lines})"
        return f"{c} is not a privilege you may use now"

    # --- the deal ----------------------------------------------------------------------------
    def start_dealing(self, s: S) -> None:
        """Begin giving the cards (after the stakes): a chance node per card."""
        s.phase = DEAL
        s.to_move = CHANCE

    def deal_recipient(self, s: S, k: int) -> int:
        """The seat that gets the ``k``-th card: one at a time from the dealer's left."""
        return (s.dealer + 1 + k) % self.num_players

    def _deal(self, s: S, c: int, at: int) -> None:
        k = s.dealt.bit_count()
        q = self.deal_recipient(s, k)
        s.hands = replace_at(s.hands, q, s.hands[q] | 1 << c)
        s.dealt |= 1 << c
        s.log = log_event(s.log, EV_DEALT, q, c, 1 << q, at)
        if k + 1 == self.hand_size * self.num_players:
            s.phase = PLAY
            self._ask(s, (s.dealer + 1) % self.num_players, LEAD)

    # --- the play ----------------------------------------------------------------------------
    def _ask(self, s: S, seat: int, point: int) -> None:
        s.to_move = seat
        s.point = point

    def _decide(self, s: S, a: int) -> None:
        seat, point = s.to_move, s.point
        if point == LEAD:
            self.lead(s, seat, a)
        elif point == CHOOSE:
            if a == PASS:
                self._announce(s, seat)
                self._stuck(s, seat)
            else:
                self._continue(s, seat, a)
        elif a != PASS:
            self.apply_privilege(s, seat, a)
        elif point == STUCK:
            s.log = log_event(s.log, EV_PASS, seat)
            self.pass_on(s, seat)
        else:  # PLAYED, declined
            s.log = log_event(s.log, EV_PASS, seat)
            self._fails(s, seat)

    def is_dead(self, s: S, c: int | None) -> bool:
        """Whether ``c`` is a known stop: above the King, out of the pack, or played."""
        return c is None or not (self.pack >> c & 1) or bool(s.played >> c & 1)

    def live_nexts(self, s: S) -> list[int]:
        """The cards that would continue the live sequences and are not known stops."""
        out = []
        for last in s.lines:
            nxt = self.order.after(last)
            if nxt is not None and not self.is_dead(s, nxt):
                out.append(nxt)
        return out

    def play_card(self, s: S, seat: int, c: int, led: bool) -> bool:
        """``seat`` plays ``c`` face up (logged); the game's :meth:`on_play`. Returns whether
        that emptied his hand (the deal is then over and settled)."""
        s.log = log_event(s.log, EV_LEAD if led else EV_PLAY, seat, c)
        s.hands = replace_at(s.hands, seat, s.hands[seat] & ~(1 << c))
        s.played |= 1 << c
        s.last_player = seat
        self.on_play(s, seat, c, led)
        if s.hands[seat] == 0:
            self._deal_over(s, seat)
            return True
        return False

    def lead(self, s: S, seat: int, c: int) -> None:
        """``seat`` opens a sequence with ``c`` and plays his run after it."""
        s.lines = (c,)
        s.leader = seat
        if not self.play_card(s, seat, c, led=True):
            self._run_on(s, seat)

    def _continue(self, s: S, seat: int, c: int) -> None:
        """``seat`` plays ``c``, continuing the live sequence it follows (any other dropped),
        and his run after it."""
        s.lines = (c,)
        if not self.play_card(s, seat, c, led=False):
            self._run_on(s, seat)

    def play_beside(self, s: S, seat: int, c: int) -> bool:
        """``seat`` plays ``c`` beside the live sequence, which stays live (Commit's 9♦: the
        next player may continue either). Returns whether the deal ended."""
        s.lines = (*s.lines, c)
        return self.play_card(s, seat, c, led=False)

    def _run_on(self, s: S, seat: int) -> None:
        """``seat`` has played the live sequence's last card: he plays every card of his that
        continues it; at the King he leads again, else he fails (and may be asked)."""
        while True:
            nxt = self.order.after(s.lines[0])
            if nxt is None:  # the King stops the sequence; its player begins another
                self.lead_again(s, seat)
                return
            if not s.hands[seat] >> nxt & 1:
                break
            s.lines = (nxt,)
            if self.play_card(s, seat, nxt, led=False):
                return
        if self.asks(s, seat, PLAYED):
            # His run stopped short of ``nxt`` before he is asked: the table knows now that he
            # does not hold it (he would have had to play it), before any announcement.
            self.add_lack(s, seat, 1 << nxt)
            self._ask(s, seat, PLAYED)
        else:
            self._fails(s, seat)

    def _fails(self, s: S, seat: int) -> None:
        """``seat`` cannot go on: a known stop ends the sequence, else he announces the card
        and the turn passes to his left."""
        if not self.live_nexts(s):
            self.lead_again(s, seat)
            return
        self._announce(s, seat)
        self.pass_on(s, seat)

    def _announce(self, s: S, seat: int) -> None:
        """``seat`` says he is without each card that would continue a live sequence: the
        table knows from now on that he holds none of them."""
        lack = 0
        for c in self.live_nexts(s):
            s.log = log_event(s.log, EV_WITHOUT, seat, c)
            lack |= 1 << c
        self.add_lack(s, seat, lack)

    def add_lack(self, s: S, seat: int, cards: int) -> None:
        """The table now knows ``seat`` holds none of ``cards`` (Newmarket's opener holds no
        lower card of the suit he opens); the determinizer keeps them from him."""
        s.lacks = replace_at(s.lacks, seat, s.lacks[seat] | cards)

    def _stuck(self, s: S, seat: int) -> None:
        """``seat`` has announced he is without: ask him about a privilege, or pass on."""
        if self.asks(s, seat, STUCK):
            self._ask(s, seat, STUCK)
        else:
            self.pass_on(s, seat)

    def pass_on(self, s: S, seat: int) -> None:
        """The turn passes to the left of ``seat``: each player continues if he holds the
        card, or announces he is without it, until one plays, a player is asked, or the turn
        comes back to the player of the last card (the card is a stop: he leads again)."""
        n = self.num_players
        q = (seat + 1) % n
        while True:
            live = self.live_nexts(s)
            if q == s.last_player or not live:
                self.lead_again(s, s.last_player)
                return
            if len(live) > 1:
                self._ask(s, q, CHOOSE)
                return
            if s.hands[q] >> live[0] & 1:
                self._continue(s, q, live[0])
                return
            self._announce(s, q)
            if self.asks(s, q, STUCK):
                self._ask(s, q, STUCK)
                return
            q = (q + 1) % n

    def lead_again(self, s: S, seat: int) -> None:
        """The sequence stops; ``seat`` opens the next one."""
        s.log = log_event(s.log, EV_STOP, seat)
        s.lines = ()
        self._ask(s, seat, LEAD)

    # --- the end of a deal, and of the sitting ------------------------------------------------
    def _deal_over(self, s: S, winner: int) -> None:
        s.winner = winner
        s.log = log_event(s.log, EV_OUT, winner)
        for q in range(self.num_players):
            for c in cards_of(s.hands[q]):
                s.log = log_event(s.log, EV_SHOWS, q, c)
        s.lines = ()
        self.end_of_deal(s, winner)
        if s.deal_no + 1 >= self.deals:
            s.phase = OVER
            s.to_move = TERMINAL
            return
        # The next deal: dealt by the player on the left, the same cards again, so the
        # finished deal's events stop naming history positions.
        n = self.num_players
        s.log = settle_log(s.log)
        s.deal_no += 1
        s.dealer = (s.dealer + 1) % n
        s.hands = (0,) * n
        s.lacks = (0,) * n
        s.dealt = 0
        s.played = 0
        s.leader = -1
        s.last_player = -1
        s.log = log_event(s.log, EV_DEAL_BEGINS, s.dealer, 0)
        self.begin_deal(s)

    # --- words -------------------------------------------------------------------------------
    def action_to_string(self, s: S, player: int, action: int) -> str:
        if s.phase == DEAL:
            q = self.deal_recipient(s, s.dealt.bit_count())
            return f"deal {format_card(action)} to player {q}"
        if s.phase >= FIRST_GAME_PHASE or action >= FIRST_GAME_ACTION:
            return self.game_action_string(s, action)
        if action == PASS:
            if s.point == CHOOSE:
                return " and ".join(without(c) for c in self.live_nexts(s)) or "pass"
            return "pass"
        if s.phase == PLAY and s.point == LEAD:
            return f"lead {format_card(action)}"
        return f"play {format_card(action)}"

    def state_string(self, s: S) -> str:
        n = self.num_players
        phase = self.phase_name(s.phase)
        lines = [
            f"{self.title}, {n} players, deal {s.deal_no + 1} of {self.deals}, dealer: player "
            f"{s.dealer}, phase: {phase}, to move: {seat_words(s.to_move)}"
            + (f" ({POINT_NAMES[s.point]})" if s.phase == PLAY else "")
        ]
        for q in range(n):
            lines.append(
                f"player {q}: hand {_words(s.hands[q])}; without {_words(s.lacks[q])}; "
                f"counters {s.counters[q]}"
            )
        lines.append(f"sequence: {_words(sum(1 << c for c in s.lines))}; played {_words(s.played)}")
        lines.append(f"stops: {_words(self.pack & ~s.dealt) if s.phase != DEAL else '-'}")
        if self.divisions:
            lines.append(f"pools: {pool_sizes(s.pools)}")
        return "\n".join(lines)

    # --- information -------------------------------------------------------------------------
    def player_view(self, s: S, player: int) -> StopsView:
        return StopsView(
            player=player,
            num_players=self.num_players,
            phase=s.phase,
            point=s.point,
            to_move=s.to_move,
            deal_no=s.deal_no,
            dealer=s.dealer,
            hand=s.hands[player],
            hand_sizes=tuple(map(int.bit_count, s.hands)),
            played=s.played,
            lines=s.lines,
            leader=s.leader,
            last_player=s.last_player,
            lacks=s.lacks,
            counters=s.counters,
            pools=s.pools,
            stops=self.num_stops if s.phase != DEAL else 0,
            winner=s.winner,
            log=self.event_schema.view(s.log, player),
            rules=self,
        )

    def phase_name(self, phase: int) -> str:
        """A phase in words (a game with phases of its own names them)."""
        return ("deal", "play", "over")[phase] if phase < FIRST_GAME_PHASE else "staking"

    def num_phases(self) -> int:
        """The phases the tensor's one-hot covers (a game with phases of its own says more)."""
        return FIRST_GAME_PHASE

    def scaled(self, counters: int) -> float:
        """A number of counters as a tensor entry in [0, 1]: over the largest return
        (``max_utility`` or ``-min_utility``), 1 at most."""
        scale = max(self.max_utility, -self.min_utility, 1.0)
        return min(1.0, counters / scale)

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (NUM_CARDS,)),
            ("played", (NUM_CARDS,)),
            ("lines", (NUM_CARDS,)),
            ("lacks", (n, NUM_CARDS)),
            ("hand_sizes", (n, self.hand_size + 1)),
            ("to_move", (n,)),
            ("leader", (n,)),
            ("last_player", (n,)),
            ("dealer", (n,)),
            ("deal", (self.deals,)),
            ("phase", (self.num_phases(),)),
            ("point", (len(POINT_NAMES),)),
            ("counters", (n, 2)),
            ("pools", (max(self.divisions, 1), n)),
            ("winner", (n,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(self, view: StopsView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        n, me = view.num_players, view.player

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand)
        set_cards(out["played"], view.played)
        for c in view.lines:
            out["lines"][c] = 1.0
        for q in range(n):
            set_cards(out["lacks"][rel(q)], view.lacks[q])
            out["hand_sizes"][rel(q), view.hand_sizes[q]] = 1.0
            c = view.counters[q]
            out["counters"][rel(q), 0 if c >= 0 else 1] = self.scaled(abs(c))
            for d, pool in enumerate(view.pools):
                out["pools"][d, rel(q)] = self.scaled(pool[q])
        for name, q in (
            ("to_move", view.to_move),
            ("leader", view.leader),
            ("last_player", view.last_player),
            ("dealer", view.dealer),
            ("winner", view.winner),
        ):
            if q >= 0:
                out[name][rel(q)] = 1.0
        set_one_hot(out["deal"], view.deal_no)
        set_one_hot(out["phase"], view.phase)
        if view.phase == PLAY:
            out["point"][view.point] = 1.0
        if perfect_recall:
            self.event_schema.encode(out["events"], view.log, me)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        """The entries that are not 0 or 1: the counters and the pools (``scaled``)."""
        at = self._offsets(perfect_recall)
        n = self.num_players
        counters = range(at["counters"], at["counters"] + 2 * n)
        pools = range(at["pools"], at["pools"] + max(self.divisions, 1) * n)
        return (*counters, *pools)

    def _offsets(self, perfect_recall: bool) -> dict[str, int]:
        key = "_at_recall" if perfect_recall else "_at"
        at: dict[str, int] | None = getattr(self, key, None)
        if at is None:
            at = offsets(self.tensor_pieces(perfect_recall))
            setattr(self, key, at)
        return at

    def tensor_bits(self, s: S, me: int, perfect_recall: bool) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._offsets(perfect_recall)
        n = self.num_players
        rel = [(q - me) % n for q in range(n)]
        b = s.hands[me] << at["hand"] | s.played << at["played"]
        for c in s.lines:
            b |= 1 << (at["lines"] + c)
        lacks, sizes, width = at["lacks"], at["hand_sizes"], self.hand_size + 1
        counters = [0.0] * (2 * n)
        pools = [0.0] * (max(self.divisions, 1) * n)
        for q in range(n):
            r = rel[q]
            b |= s.lacks[q] << (lacks + r * NUM_CARDS)
            b |= 1 << (sizes + r * width + s.hands[q].bit_count())
            c = s.counters[q]
            counters[2 * r + (0 if c >= 0 else 1)] = self.scaled(abs(c))
            for d, pool in enumerate(s.pools):
                pools[d * n + r] = self.scaled(pool[q])
        for name, q in (
            ("to_move", s.to_move),
            ("leader", s.leader),
            ("last_player", s.last_player),
            ("dealer", s.dealer),
            ("winner", s.winner),
        ):
            if q >= 0:
                b |= 1 << (at[name] + rel[q])
        if 0 <= s.deal_no < self.deals:
            b |= 1 << (at["deal"] + s.deal_no)
        if 0 <= s.phase < self.num_phases():
            b |= 1 << (at["phase"] + s.phase)
        if s.phase == PLAY:
            b |= 1 << (at["point"] + s.point)
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["events"]
        return b, counters + pools

    def view_string(self, view: StopsView, perfect_recall: bool) -> str:
        me, n = view.player, view.num_players
        phase = self.phase_name(view.phase)
        asked = f" ({POINT_NAMES[view.point]})" if view.phase == PLAY else ""
        lines = [
            f"{self.title}, {n} players; you are player {me}"
            + (", the dealer" if view.dealer == me else "")
            + f"; deal {view.deal_no + 1} of {self.deals}; phase: {phase}; "
            f"to move: {view.seat_name(view.to_move) if view.to_move >= 0 else seat_words(view.to_move)}"
            + asked,
            f"Your hand: {_words(view.hand)}",
            "Sequence: "
            + (" / ".join(format_card(c) for c in view.lines) if view.lines else "a lead is due"),
            f"Played: {_words(view.played)}",
        ]
        for q in range(n):
            lines.append(
                f"{view.seat_name(q).capitalize()}: {view.hand_sizes[q]} cards; "
                f"without {_words(view.lacks[q])}; counters {view.counters[q]}"
            )
        if view.pools:
            lines.append(f"Pools: {pool_sizes(view.pools)}")
        if view.winner >= 0:
            lines.append(f"Out first: {view.seat_name(view.winner)}")
        if perfect_recall:
            lines.append("Events:")
            lines.extend(
                "  " + line
                for line in self.event_schema.lines(view.log, view.seat_name, self.action_words)
            )
        return "\n".join(lines)

    def table_view(self, s: S, player: int) -> TableView:
        """``player``'s table from his view: the hands (his own face up, the others counted),
        the live sequence, the cards played, the stops; counters and pools; the log."""
        view = self.player_view(s, player)
        n = self.num_players
        zones = [
            Zone(
                f"hand{q}",
                "hand",
                tuple(cards_of(view.hand)) if q == player else (),
                0 if q == player else view.hand_sizes[q],
                q,
                view.seat_name(q),
            )
            for q in range(n)
        ]
        zones.append(Zone("sequence", "row", view.lines, label="the live sequence"))
        live = sum(1 << c for c in view.lines)
        earlier = tuple(cards_of(view.played & ~live))
        zones.append(Zone("played", "pile", earlier, label="played before"))
        zones.append(Zone("stops", "stock", hidden=view.stops, label="the stops"))
        counters = [Counter(f"counters{q}", view.counters[q], q) for q in range(n)]
        counters.extend(Counter(f"pool{d}", size) for d, size in enumerate(pool_sizes(view.pools)))
        return TableView(
            player=player,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_schema.lines(view.log, view.seat_name, self.action_words)),
            seats=tuple(view.seat_name(q) for q in range(n)),
        )

    def card_zones(self, s: S) -> dict[str, int]:
        zones = {f"hand{q}": h for q, h in enumerate(s.hands)}
        zones["played"] = s.played
        zones["undealt"] = self.pack & ~s.dealt
        return zones

    # --- the determinizer (the core's ``DeclaresHidden`` and ``OrdersUnseen``) ----------------
    def hidden_cards(self, s: S, player: int) -> dict[int, Hashable]:
        """Every card of the pack ``player`` has not seen: the other hands (until they are
        shown at the end) and the stops (during the deal, the cards not yet dealt, which are
        the stops' as far as he knows)."""
        out: dict[int, Hashable] = {}
        for q, hand in enumerate(s.hands):
            if q != player and s.phase != OVER:  # at the end the hands are shown
                for c in cards_of(hand):
                    out[c] = q
        for c in cards_of(self.pack & ~s.dealt):
            out[c] = "undealt"
        return out

    def forbidden_cards(self, s: S, player: int) -> dict[Hashable, int]:
        """Each seat holds none of the cards it announced it was without."""
        del player  # Unused: the announcements are public.
        return {q: lack for q, lack in enumerate(s.lacks) if lack}

    def unseen_orders(self, s: S, player: int) -> list[list[int]]:
        """The order another seat was dealt its cards in (those it has played included)."""
        return deal_orders(s.log, player, (EV_DEALT,))


def _words(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask)) or "-"
