"""What a Five Hundred player sees: his view, its tensors and strings, and the table laid out
for a renderer (the pieces are tabled in the package docstring)."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import PackBits, offsets
from hoyle.envs.core.cards import NUM_SUITS, cards_of
from hoyle.envs.core.events import Event, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import PASS, TrickRules
from hoyle.envs.games.five_hundred.rules import (
    BID,
    DISCARD,
    NAME,
    NT,
    NUM_BIDS,
    NUM_DENOMINATIONS,
    NUM_DISCARDS,
    NUM_PHASES,
    NUM_PLAYERS,
    PACK_33,
    PACK_INDEX,
    PHASE_NAMES,
    PLAY,
    WIDOW_SIZE,
    FiveHundredPlay,
    FiveHundredState,
    _call_words,
    _cards,
    _denomination,
    _seat,
    _suits,
    _trick_line,
    action_words,
    contract_words,
)

_TO_PACK = PackBits(PACK_INDEX)
"""A card mask as bits at the 33-card pack's positions (the pieces' card order)."""
_BIT_PIECES = ("phase", "to_move", "dealer", "hand", "calls", "high", "high_bidder", "contract",
               "bidder", "trump", "no_bid", "widow", "discards", "discards_left", "leader",
               "trick", "led", "played", "tricks_won", "voids", "size")  # fmt: skip
"""The pieces whose offsets :meth:`FiveHundredViews.tensor_bits` reads."""
_REL = tuple(tuple((q - me) % NUM_PLAYERS for q in range(NUM_PLAYERS)) for me in range(NUM_PLAYERS))
"""``_REL[me][q]``: seat ``q`` counted from ``me`` (the tensors' seat order)."""


@dataclass(frozen=True)
class FiveHundredView:
    """What one player sees: his hand, the table, the public history, and his cut of the log.

    Seats are absolute ids. ``found`` (the widow taken up) and ``discards`` are empty unless
    ``player`` is the bidder. ``log`` is the table's event log, kept only to be cut for this
    player on demand (:attr:`events`, the core's
    :meth:`~hoyle.envs.core.events.EventSchema.view`: a value he did not see is ``HIDDEN``), so
    that a view wanted for the observation alone costs no pass over the log; it takes no part
    in comparing views (two views compare equal when they show the same table, the
    observation), and nothing should read it but :attr:`events`.
    """

    player: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    hand_sizes: tuple[int, ...]
    widow_size: int
    found: int
    discards: int
    discards_left: int
    calls: tuple[tuple[int, int], ...]
    high: int
    high_bidder: int
    bidder: int
    contract: int
    denomination: int
    leader: int
    trick: tuple[int, ...]
    led: int
    named: int
    played: tuple[int, ...]
    tricks_won: tuple[int, ...]
    voids: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    log: tuple[Event, ...] = field(repr=False, compare=False)
    rules: FiveHundredPlay = field(compare=False, repr=False)

    @property
    def events(self) -> tuple[ViewEvent, ...]:
        """Every event of the game as this player saw it, oldest first: ``(kind, actor,
        value)``, the kinds ``EV_*`` of :mod:`.rules`, ``value`` ``HIDDEN`` where he did not
        see it (a card dealt to another, the widow, another's discards)."""
        return self.rules.event_schema.view(self.log, self.player)

    @property
    def tricks(self) -> TrickRules:
        """The trick rules in force (No-trumps before the auction ends)."""
        return self.rules.tricks_of(self.denomination if self.denomination >= 0 else NT)

    @property
    def seen(self) -> int:
        """Every card this player has seen this deal (his hand, widow, discards, the table)."""
        m = self.hand | self.found | self.discards
        for p in self.played:
            m |= p
        for c in self.trick:
            m |= 1 << c
        return m

    def unseen(self) -> int:
        """Cards of the pack this player has not seen this deal."""
        return self.rules.pack_mask & ~self.seen

    def trick_seat(self, i: int) -> int:
        """The seat that played the ``i``-th card of the current trick."""
        return (self.leader + i) % NUM_PLAYERS


class FiveHundredViews(FiveHundredPlay):
    """The views of :class:`~hoyle.envs.games.five_hundred.rules.FiveHundredPlay`: the player's
    view, the observation and information-state tensors and strings, the table view."""

    # --- information --------------------------------------------------------------------------
    def player_view(self, s: FiveHundredState, player: int) -> FiveHundredView:
        a = s.auction
        mine = player == s.bidder
        return FiveHundredView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            widow_size=s.widow.bit_count(),
            found=s.found if mine else 0,
            discards=s.discards if mine else 0,
            discards_left=s.discards_left,
            calls=s.calls,
            high=a.high if a is not None else PASS,
            high_bidder=a.bidder if a is not None else -1,
            bidder=s.bidder,
            contract=s.contract,
            denomination=-1 if s.contract < 0 and s.phase <= BID else _denomination(s.contract),
            leader=s.leader,
            trick=s.trick,
            led=s.led,
            named=s.named,
            played=s.played,
            tricks_won=s.tricks_won,
            voids=s.voids,
            scores=s.scores,
            results=s.results,
            log=s.log,
            rules=self,
        )

    private_pieces = ("hand", "widow", "discards")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and as the
    bidder the widow he took up and his discards (both face down)."""

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = len(PACK_33)
        h = self.hand_size
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("phase", (NUM_PHASES,)),
            ("to_move", (3,)),
            ("dealer", (3,)),
            ("hand", (n,)),
            ("hand_sizes", (3,)),
            ("widow_size", (1,)),
            ("calls", (3, NUM_BIDS + 2)),
            ("high", (NUM_BIDS + 1,)),
            ("high_bidder", (3,)),
            ("contract", (NUM_BIDS,)),
            ("bidder", (3,)),
            ("trump", (NUM_DENOMINATIONS,)),
            ("no_bid", (1,)),
            ("widow", (n,)),
            ("discards", (n,)),
            ("discards_left", (NUM_DISCARDS + 1,)),
            ("leader", (3,)),
            ("trick", (3, n)),
            ("led", (NUM_SUITS,)),
            ("played", (3, n)),
            ("tricks_won", (3, h + 1)),
            ("voids", (3, NUM_SUITS)),
            ("scores", (3, 2)),
            ("deal_no", (1,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(
        self, view: FiveHundredView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        me = view.player

        def rel(q: int) -> int:
            return (q - me) % NUM_PLAYERS

        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        set_cards(out["hand"], view.hand, PACK_INDEX)
        for q in range(NUM_PLAYERS):
            out["hand_sizes"][rel(q)] = view.hand_sizes[q] / (self.hand_size + WIDOW_SIZE)
        out["widow_size"][0] = view.widow_size / WIDOW_SIZE
        for q, c in view.calls:
            row = out["calls"][rel(q)]
            row[:] = 0.0
            row[c + 2] = 1.0  # PASS (-1) -> 1, bid i -> 2 + i
        for q in range(NUM_PLAYERS):
            if not any(p == q for p, _ in view.calls):
                out["calls"][rel(q)][0] = 1.0
        out["high"][view.high + 1] = 1.0
        if view.high_bidder >= 0:
            out["high_bidder"][rel(view.high_bidder)] = 1.0
        if view.contract >= 0:
            out["contract"][view.contract] = 1.0
            out["bidder"][rel(view.bidder)] = 1.0
        if view.denomination >= 0:
            out["trump"][view.denomination] = 1.0
            out["no_bid"][0] = float(view.bidder < 0)
        set_cards(out["widow"], view.found, PACK_INDEX)
        set_cards(out["discards"], view.discards, PACK_INDEX)
        out["discards_left"][view.discards_left] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        for i, c in enumerate(view.trick):
            out["trick"][rel(view.trick_seat(i)), PACK_INDEX[c]] = 1.0
        set_one_hot(out["led"], view.led)
        for q in range(NUM_PLAYERS):
            set_cards(out["played"][rel(q)], view.played[q], PACK_INDEX)
            out["tricks_won"][rel(q), view.tricks_won[q]] = 1.0
            for x in range(NUM_SUITS):
                if (view.voids[q] >> x) & 1:
                    out["voids"][rel(q), x] = 1.0
            sc = view.scores[q]
            out["scores"][rel(q), 0] = min(max((sc + self.target) / (2 * self.target), 0.0), 1.0)
            out["scores"][rel(q), 1] = (sc + self.score_scale) / (2 * self.score_scale)
        out["deal_no"][0] = view.deal_no / self.max_deals
        if perfect_recall:
            self.event_schema.encode(out["events"], view.events, me)

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`); the event
        log, when there is one, follows the observation's pieces."""
        return offsets(self.tensor_pieces(False))

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        return (
            *range(at["hand_sizes"], at["hand_sizes"] + 3),
            at["widow_size"],
            *range(at["scores"], at["scores"] + 6),
            at["deal_no"],
        )

    @functools.cached_property
    def _bit_plan(self) -> tuple[int, ...]:
        """The offsets :meth:`tensor_bits` reads, in the order it unpacks them (one tuple
        unpacking instead of a dict lookup each)."""
        at = self._at
        return tuple(at[k] for k in _BIT_PIECES)

    def tensor_bits(
        self, s: FiveHundredState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        (o_phase, o_to_move, o_dealer, o_hand, o_calls, o_high, o_high_bidder, o_contract,
         o_bidder, o_trump, o_no_bid, o_widow, o_discards, o_discards_left, o_leader, o_trick,
         o_led, o_played, o_won, o_voids, o_size) = self._bit_plan  # fmt: skip
        n = len(PACK_33)
        rel = _REL[me]
        to_pack = _TO_PACK
        b = 1 << (o_phase + s.phase) | 1 << (o_dealer + rel[s.dealer])
        if s.to_move >= 0:
            b |= 1 << (o_to_move + rel[s.to_move])
        hand = s.hands[me]
        if hand:
            b |= to_pack(hand) << o_hand
        last = [-2, -2, -2]
        for q, c in s.calls:
            last[q] = c
        w = NUM_BIDS + 2
        calls = 0
        for q in range(NUM_PLAYERS):
            calls |= 1 << (rel[q] * w + last[q] + 2)
        b |= calls << o_calls
        a = s.auction
        b |= 1 << (o_high + (a.high if a is not None else PASS) + 1)
        if a is not None and a.bidder >= 0:
            b |= 1 << (o_high_bidder + rel[a.bidder])
        contract = s.contract
        if contract >= 0:
            b |= 1 << (o_contract + contract) | 1 << (o_bidder + rel[s.bidder])
        denomination = -1 if contract < 0 and s.phase <= BID else _denomination(contract)
        if denomination >= 0:
            b |= 1 << (o_trump + denomination)
            if s.bidder < 0:
                b |= 1 << o_no_bid
        if me == s.bidder:
            if s.found:
                b |= to_pack(s.found) << o_widow
            if s.discards:
                b |= to_pack(s.discards) << o_discards
        b |= 1 << (o_discards_left + s.discards_left)
        leader = s.leader
        if leader >= 0:
            b |= 1 << (o_leader + rel[leader])
        if s.trick:
            trick = 0
            for i, c in enumerate(s.trick):
                trick |= 1 << (rel[(leader + i) % NUM_PLAYERS] * n + PACK_INDEX[c])
            b |= trick << o_trick
        if 0 <= s.led < NUM_SUITS:
            b |= 1 << (o_led + s.led)
        h1 = self.hand_size + 1
        played = won = voids = 0
        for q in range(NUM_PLAYERS):
            r = rel[q]
            m = s.played[q]
            if m:
                played |= to_pack(m) << (r * n)
            won |= 1 << (r * h1 + s.tricks_won[q])
            voids |= (s.voids[q] & 15) << (r * NUM_SUITS)
        b |= played << o_played | won << o_won | voids << o_voids
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << o_size
        hands, scores_in = s.hands, s.scores
        bound = self.hand_size + WIDOW_SIZE
        target, scale = self.target, self.score_scale
        q0, q1, q2 = me, (me + 1) % NUM_PLAYERS, (me + 2) % NUM_PLAYERS  # seats by rel order
        values = [hands[q0].bit_count() / bound, hands[q1].bit_count() / bound,
                  hands[q2].bit_count() / bound, s.widow.bit_count() / WIDOW_SIZE]  # fmt: skip
        for q in (q0, q1, q2):
            sc = scores_in[q]
            values.append(min(max((sc + target) / (2 * target), 0.0), 1.0))
            values.append((sc + scale) / (2 * scale))
        values.append(s.deal_no / self.max_deals)
        return b, values

    def view_string(self, view: FiveHundredView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"Five Hundred, deal {view.deal_no + 1}; you are player {me}; dealer: "
            f"{_seat(view.dealer, me)}; phase: {PHASE_NAMES[view.phase]}; "
            f"to move: {_seat(view.to_move, me)}",
            f"Your hand: {_cards(view.hand)}",
            "Hands: "
            + ", ".join(f"{_seat(q, me)} {view.hand_sizes[q]}" for q in range(NUM_PLAYERS))
            + f"; widow {view.widow_size} cards",
            "Auction: " + (", ".join(_call_words(p, c, me) for p, c in view.calls) or "-"),
        ]
        if view.phase >= DISCARD:
            lines.append(f"Contract: {contract_words(view.bidder, view.contract, me)}")
        if view.found:
            lines.append(f"Widow taken up: {_cards(view.found)}")
        if view.discards or (view.phase == DISCARD and view.bidder == me):
            lines.append(
                f"Your discards: {_cards(view.discards)}; to discard: {view.discards_left}"
            )
        if view.phase in (PLAY, NAME) or view.trick:
            lines.append(_trick_line(view.leader, view.trick, view.named, me))
        for q in range(NUM_PLAYERS):
            lines.append(
                f"{_seat(q, me)}: tricks {view.tricks_won[q]}, played {_cards(view.played[q])}, "
                f"renounced {_suits(view.voids[q])}, score {view.scores[q]}"
            )
        if view.results:
            lines.append("Deals: " + "; ".join(" ".join(map(str, r)) for r in view.results))
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + line for line in self.event_lines(view.events, me))
        return "\n".join(lines)

    def event_lines(self, events: Sequence[ViewEvent], me: int) -> list[str]:
        """Events as ``me`` saw them, in the book's words (a call in the words of its action)."""
        return self.event_schema.lines(
            events, lambda q: _seat(q, me), lambda a: action_words(a, BID)
        )

    def table_view(self, s: FiveHundredState, player: int) -> TableView:
        """``player``'s view laid out for a renderer (from :meth:`player_view`): each hand (his
        own face up, the others' counted), the widow while it lies untaken, the discards (face
        up to the bidder, counted for the others), the trick, the cards each seat has played;
        the contract, the tricks won and the scores as counters; the log in words."""
        view = self.player_view(s, player)
        me = view.player
        zones = [
            Zone(
                f"hand{q}",
                "hand",
                cards=tuple(cards_of(view.hand)) if q == me else (),
                hidden=0 if q == me else view.hand_sizes[q],
                owner=q,
                label=f"{_whose(q, me)} hand",
            )
            for q in range(NUM_PLAYERS)
        ]
        zones.append(Zone("widow", "pile", hidden=view.widow_size, label="the widow"))
        if view.bidder >= 0:
            made = NUM_DISCARDS - view.discards_left
            shown = tuple(cards_of(view.discards))
            zones.append(
                Zone(
                    "discards",
                    "pile",
                    cards=shown,
                    hidden=made - len(shown),
                    owner=view.bidder,
                    label=f"{_whose(view.bidder, me)} discards",
                )
            )
        zones.append(
            Zone(
                "trick",
                "trick",
                cards=view.trick,
                label=_trick_line(view.leader, view.trick, view.named, me),
            )
        )
        zones.extend(
            Zone(
                f"played{q}",
                "row",
                cards=tuple(cards_of(view.played[q])),
                owner=q,
                label=f"played by {_seat(q, me)}",
            )
            for q in range(NUM_PLAYERS)
        )
        counters = [
            Counter("deal", view.deal_no + 1),
            Counter("phase", PHASE_NAMES[view.phase]),
            Counter(
                "contract",
                contract_words(view.bidder, view.contract, me) if view.phase >= DISCARD else "-",
            ),
        ]
        for q in range(NUM_PLAYERS):
            counters += [
                Counter(f"tricks{q}", view.tricks_won[q], q),
                Counter(f"score{q}", view.scores[q], q),
                Counter(f"renounced{q}", _suits(view.voids[q]), q),
            ]
        return TableView(
            player=me,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_lines(view.events, me)),
            seats=tuple(_seat(q, me) for q in range(NUM_PLAYERS)),
        )


def _whose(q: int, me: int) -> str:
    """``your`` or ``player 2's``, for a zone's label."""
    return "your" if q == me else f"player {q}'s"
