"""What a Preference player sees: his view, its tensor and string, and the table laid out.

:class:`PreferenceView` is one player's record (nothing hidden from him in it);
:class:`PreferenceRules` encodes it (the observation pieces of the package docstring, the event
log through the core's :class:`~hoyle.envs.core.events.EventSchema`) and lays it out for a
renderer (:func:`table_of`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import PackBits, offsets
from hoyle.envs.core.cards import NUM_SUITS, SUIT_SYMBOLS, cards_of, cards_text
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import NO_SUIT, void_cards
from hoyle.envs.games.preference.determinizer import PreferenceDeterminizer
from hoyle.envs.games.preference.rules import (
    EV_LAY,
    EV_PLAY,
    EV_TAKE,
    NUM_PHASES,
    OVER,
    PHASE_NAMES,
    PreferenceState,
    call_words,
    contract_words,
    who,
)


@dataclass(frozen=True)
class PreferenceView:
    """What one player sees: his hand, the bidding, the table; nothing hidden.

    Seats are absolute. ``widow`` and ``laid_out`` are the cards the viewer took and laid out
    (0 unless he is the widow's bidder); ``events`` is his cut of the event log
    (``EventSchema.view``: ``(kind, actor, value)``, the value ``HIDDEN`` where he did not see
    it).
    """

    player: int
    num_players: int
    dealer: int
    phase: int
    to_move: int
    hand: int
    hand_sizes: tuple[int, ...]
    widow_count: int
    widow: int
    laid_out: int
    high: int
    bidder: int
    price: int
    trumps: int
    passed: tuple[bool, ...]
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    events: tuple[ViewEvent, ...] = field(compare=False, repr=False)  # the history, not the table
    rules: PreferenceRules = field(compare=False, repr=False)

    @property
    def unseen(self) -> int:
        """Cards this player has not seen: the others' hands, the widow, the cards laid out
        by another, and the cards not yet dealt."""
        seen = self.hand | self.widow | self.laid_out
        for m in self.played:
            seen |= m
        return self.rules.pack_mask & ~seen

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick (``NO_SUIT`` when leading)."""
        if not self.trick or self.trumps < 0:
            return NO_SUIT
        return self.rules.tricks[self.trumps].suit[self.trick[0]]


class PreferenceRules(PreferenceDeterminizer):
    """The rules of Preference for one parameter set (see the package docstring): the play,
    the determinizer and the views."""

    private_pieces = ("hand", "widow", "laid_out")
    """The pieces that show what only the viewer knows: his hand, and the widow he took and
    the cards he laid out (the widow's bidder's alone)."""

    # --- information ---------------------------------------------------------------------
    def player_view(self, s: PreferenceState, player: int) -> PreferenceView:
        n = self.num_players
        took = s.bidder == player and s.price > 0
        events = self.event_schema.view(s.log, player)
        widow = 0
        if took:
            for kind, _, c in events:
                if kind == EV_TAKE:
                    widow |= 1 << c
        if s.auction is not None:
            passed = tuple(not (s.auction.in_play >> q) & 1 for q in range(n))
        else:
            passed = tuple(q not in self.active for q in range(n))
        return PreferenceView(
            player=player,
            num_players=n,
            dealer=self.dealer,
            phase=s.phase,
            to_move=s.to_move,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            widow_count=s.widow.bit_count(),
            widow=widow,
            laid_out=s.laid_out if took else 0,
            high=s.high,
            bidder=s.auction.bidder if s.auction is not None else s.bidder,
            price=s.auction.high + 1 if s.auction is not None else s.price,
            trumps=s.trumps,
            passed=passed,
            leader=s.leader,
            trick=s.trick,
            won=s.won,
            played=s.played,
            voids=s.voids,
            events=events,
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        size = len(self.pack)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (size,)),
            ("trick", (n, size)),
            ("played", (n, size)),
            ("void", (n, size)),
            ("widow", (size,)),
            ("laid_out", (size,)),
            ("counts", (n, self.hand_size + self.widow_size + 1)),
            ("widow_count", (self.widow_size + 1,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (n,)),
            ("dealer", (n,)),
            ("bidder", (n,)),
            ("named", (NUM_SUITS,)),
            ("trumps", (NUM_SUITS,)),
            ("price", (self.max_bid + 1,)),
            ("passed", (n,)),
            ("won", (n, self.num_tricks + 1)),
            ("leader", (n,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(
        self, view: PreferenceView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        idx = self.pack_index
        n = self.num_players
        me = view.player

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand, idx)
        q = view.leader
        for c in view.trick:
            out["trick"][rel(q), idx[c]] = 1.0
            q = self.next_active(q)
        for q in range(n):
            r = rel(q)
            set_cards(out["played"][r], view.played[q], idx)
            if view.voids[q]:
                voids = void_cards(view.voids[q], self.tricks[view.trumps]) & self.pack_mask
                set_cards(out["void"][r], voids, idx)
            out["counts"][r, view.hand_sizes[q]] = 1.0
            out["won"][r, view.won[q]] = 1.0
            if view.passed[q]:
                out["passed"][r] = 1.0
        set_cards(out["widow"], view.widow, idx)
        set_cards(out["laid_out"], view.laid_out, idx)
        out["widow_count"][view.widow_count] = 1.0
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        if view.bidder >= 0:
            out["bidder"][rel(view.bidder)] = 1.0
        set_one_hot(out["named"], view.high)
        set_one_hot(out["trumps"], view.trumps)
        out["price"][view.price] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        if perfect_recall:
            self.event_schema.encode(out["events"], view.events, me)

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`); the event
        log, when there is one, follows the observation's pieces."""
        return offsets(self.tensor_pieces(False))

    @functools.cached_property
    def _to_pack(self) -> PackBits:
        """A card mask as bits at the pack's positions (the pieces' card order)."""
        return PackBits(self.pack_index)

    @functools.cached_property
    def _rel(self) -> tuple[tuple[int, ...], ...]:
        """``_rel[me][q]``: seat ``q`` counted from ``me`` (the tensors' seat order)."""
        n = self.num_players
        return tuple(tuple((q - me) % n for q in range(n)) for me in range(n))

    @functools.cached_property
    def _trick_rows(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``_trick_rows[me][leader]``: the flat offset of the ``trick`` row of each card of
        a trick led by ``leader``, in playing order (:meth:`next_active` from the leader)."""
        n, size, trick = self.num_players, len(self.pack), self._at["trick"]
        out = []
        for me in range(n):
            rows = []
            for leader in range(n):
                q, row = leader, []
                for _ in range(n):
                    row.append(trick + (q - me) % n * size)
                    q = self.next_active(q)
                rows.append(tuple(row))
            out.append(tuple(rows))
        return tuple(out)

    @functools.cached_property
    def _void_rows(self) -> tuple[tuple[int, ...], ...]:
        """``_void_rows[trumps][voids]``: the ``void`` row of a seat's voids, as bits at the
        pack's positions (the cards of the void suits that are in the pack)."""
        to_pack = self._to_pack
        out = []
        for rules in self.tricks:
            row = [0]
            for voids in range(1, 1 << NUM_SUITS):
                row.append(to_pack(void_cards(voids, rules) & self.pack_mask))
            out.append(tuple(row))
        return tuple(out)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        return ()

    def tensor_bits(
        self, s: PreferenceState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        n = self.num_players
        size = len(self.pack)
        rel = self._rel[me]
        to_pack = self._to_pack
        idx = self.pack_index
        b = to_pack(s.hands[me]) << at["hand"]
        if s.trick:
            rows = self._trick_rows[me][s.leader]
            for i, c in enumerate(s.trick):
                b |= 1 << (rows[i] + idx[c])
        played, void, counts, won, passed = (
            at["played"],
            at["void"],
            at["counts"],
            at["won"],
            at["passed"],
        )
        void_rows = self._void_rows[s.trumps]
        width = self.hand_size + self.widow_size + 1
        tricks1 = self.num_tricks + 1
        au = s.auction
        in_play = au.in_play if au is not None else self.active_mask
        for q in range(n):
            r = rel[q]
            b |= to_pack(s.played[q]) << (played + r * size)
            if s.voids[q]:
                b |= void_rows[s.voids[q]] << (void + r * size)
            b |= 1 << (counts + r * width + s.hands[q].bit_count())
            b |= 1 << (won + r * tricks1 + s.won[q])
            if not in_play >> q & 1:
                b |= 1 << (passed + r)
        if me == s.bidder and s.price > 0:
            widow = 0
            for e in s.log:
                if e[0] == EV_TAKE:
                    widow |= 1 << e[2]
            b |= to_pack(widow) << at["widow"] | to_pack(s.laid_out) << at["laid_out"]
        b |= 1 << (at["widow_count"] + s.widow.bit_count()) | 1 << (at["phase"] + s.phase)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        b |= 1 << (at["dealer"] + rel[self.dealer])
        bidder, price = (au.bidder, au.high + 1) if au is not None else (s.bidder, s.price)
        if bidder >= 0:
            b |= 1 << (at["bidder"] + rel[bidder])
        if 0 <= s.high < NUM_SUITS:
            b |= 1 << (at["named"] + s.high)
        if 0 <= s.trumps < NUM_SUITS:
            b |= 1 << (at["trumps"] + s.trumps)
        b |= 1 << (at["price"] + price)
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, []

    def view_string(self, view: PreferenceView, perfect_recall: bool) -> str:
        me = view.player
        n = view.num_players
        lines = [
            f"Preference ({n} players); you are seat {me}"
            + (" (dealer)" if view.dealer == me else "")
            + f"; dealer: seat {view.dealer}; phase: {PHASE_NAMES[view.phase]}; "
            f"to move: {who(view.to_move, me)}",
            f"Your hand: {cards_text(view.hand)}",
            "Hands: " + ", ".join(f"{who(q, me)} {view.hand_sizes[q]}" for q in range(n)),
            f"Widow: {view.widow_count} cards face down"
            + (f"; you took {cards_text(view.widow)}" if view.widow else "")
            + (f"; you laid out {cards_text(view.laid_out)}" if view.laid_out else ""),
            contract_words(view.phase, view.bidder, view.high, view.trumps, view.price, me),
            "Passed: " + (", ".join(who(q, me) for q in range(n) if view.passed[q]) or "-"),
            f"Trick: {cards_text(view.trick)}"
            + (f" (led by {who(view.leader, me)})" if view.leader >= 0 else ""),
            "Tricks won: " + ", ".join(f"{who(q, me)} {view.won[q]}" for q in range(n)),
            "Played: " + "; ".join(f"{who(q, me)} {cards_text(view.played[q])}" for q in range(n)),
            "Shown out: "
            + (
                "; ".join(
                    f"{who(q, me)} {''.join(SUIT_SYMBOLS[t] for t in range(NUM_SUITS) if view.voids[q] >> t & 1)}"
                    for q in range(n)
                    if view.voids[q]
                )
                or "-"
            ),
        ]
        if perfect_recall:
            lines.append("Events:")
            words = self.event_schema.lines(view.events, lambda q: who(q, me), call_words)
            lines.extend("  " + line for line in words)
        return "\n".join(lines)

    # --- the table, for renderers ----------------------------------------------------------
    def table_view(self, s: PreferenceState, player: int) -> TableView:
        """``player``'s view (:meth:`player_view`) as zones and counters: the hands (his
        face up, the others' as counts), the widow, the cards laid out, the trick, each
        seat's cards played; the contract, tricks won and, at the end, the settlement."""
        return table_of(self.player_view(s, player))


def table_of(view: PreferenceView) -> TableView:
    """A player's view laid out for a renderer (``rules.table_view``)."""
    me, n, rules = view.player, view.num_players, view.rules
    laid = [a for kind, a, _ in view.events if kind == EV_LAY]
    zones = [
        Zone(f"hand {q}", "hand", tuple(cards_of(view.hand)), 0, q, "your hand")
        if q == me
        else Zone(f"hand {q}", "hand", (), view.hand_sizes[q], q, f"seat {q}'s hand")
        for q in range(n)
    ]
    zones += [
        Zone("widow", "pile", (), view.widow_count, None, "the widow, face down"),
        Zone(
            "laid out",
            "pile",
            tuple(cards_of(view.laid_out)),
            len(laid) - view.laid_out.bit_count(),
            laid[0] if laid else None,
            "laid out by the widow's bidder",
        ),
        Zone(
            "trick",
            "trick",
            view.trick,
            label=f"led by {who(view.leader, me)}" if view.leader >= 0 else "",
        ),
    ]
    # Each seat's cards played to the tricks quitted (the current trick has its own zone).
    zones += [
        Zone(
            f"played {q}",
            "row",
            tuple(
                c
                for kind, a, c in view.events
                if kind == EV_PLAY and a == q and c not in view.trick
            ),
            owner=q,
            label=f"played to the tricks quitted by {who(q, me)}",
        )
        for q in range(n)
    ]
    counters = [
        Counter("phase", PHASE_NAMES[view.phase]),
        Counter(
            "contract",
            contract_words(view.phase, view.bidder, view.high, view.trumps, view.price, me),
        ),
        Counter("trumps", SUIT_SYMBOLS[view.trumps] if view.trumps >= 0 else "-"),
        Counter("widow price", view.price),
    ]
    counters += [Counter(f"tricks won {q}", view.won[q], q) for q in range(n)]
    counters += [
        Counter(f"passed {q}", "out of the auction", q) for q in range(n) if view.passed[q]
    ]
    if view.phase == OVER:
        if view.bidder >= 0 and view.trumps >= 0:
            take = rules.bidder_take(view)
            returns = rules.shares(view.bidder, take)
            counters.append(Counter("bidder's take from the pool", take, view.bidder))
        else:
            returns = (0.0,) * n
        counters += [Counter(f"return {q}", r, q) for q, r in enumerate(returns)]
    log = rules.event_schema.lines(view.events, lambda q: who(q, me), call_words)
    return TableView(
        player=me,
        to_move=view.to_move,
        zones=tuple(zones),
        counters=tuple(counters),
        log=tuple(log),
        seats=tuple(f"seat {q}" for q in range(n)),
    )
