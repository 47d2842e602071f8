"""Solo's player view: what one player sees, its tensor and text, and the table a renderer lays
out (:class:`SoloRules`, the game's rules object: the play, the determinizer and the views)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import PackBits, offsets
from hoyle.envs.core.cards import NUM_SUITS, SUIT_SYMBOLS, cards_of, cards_text, mask_of
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import TrickRules, trick_winner, tricks_line
from hoyle.envs.games.solo.determinizer import SoloDeterminizer
from hoyle.envs.games.solo.rules import (
    BID_VALUES,
    DEAL,
    KIND_NAMES,
    NO_GAME,
    NUM_KINDS,
    NUM_PHASES,
    PHASE_NAMES,
    TRICKS,
    SoloState,
    cards_bits,
    game_line,
    played_cards,
    seat_name,
)

# --- the player's view -----------------------------------------------------------------------


@dataclass(frozen=True)
class SoloView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Seats are absolute. ``partner`` is the holder of the called Ace when this player knows him
    (the Ace has fallen, he holds it himself, or he named trumps in a Forcée), else ``-1``.
    ``log``: the events as this player saw them (``EventSchema.view``: the cards dealt to
    others ``HIDDEN``). ``result``: the payments, once the hand is over.
    """

    player: int
    num_players: int
    phase: int
    to_move: int
    dealer: int
    hand: int
    hand_sizes: tuple[int, ...]
    in_auction: int
    high_bid: int
    bidder: int
    forced: int
    kind: int
    trump: int
    value: int
    target: int
    called: int
    partner: int
    ace_out: int
    went_on: int
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    played: int
    voids: tuple[int, ...]
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)  # the history, not the table
    result: tuple[int, ...] | None
    rules: SoloRules = field(compare=False, repr=False)

    @property
    def tricks(self) -> TrickRules | None:
        """The trick rules of the trump suit, once trumps are named."""
        return None if self.trump < 0 else self.rules.tricks[self.trump]

    def unseen(self) -> int:
        """Cards of the pack this player has not seen: the other hands."""
        return self.rules.pack_mask & ~(self.hand | self.played | mask_of(self.trick))


class SoloRules(SoloDeterminizer):
    """The rules of Solo or Heart Solo (:class:`~hoyle.envs.games.solo.rules.SoloPlay`), with
    the determinizer and the player's view, its tensor, text and table."""

    def player_view(self, s: SoloState, player: int) -> SoloView:
        n = self.num_players
        return SoloView(
            player=player,
            num_players=n,
            phase=s.phase,
            to_move=s.to_move,
            dealer=self.dealer,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            in_auction=s.auc[0],
            high_bid=self.ladder[s.auc[2]] if s.auc[2] >= 0 else 0,
            bidder=s.bidder if s.bidder >= 0 else s.auc[3],
            forced=s.forced,
            kind=s.kind,
            trump=s.trump,
            value=s.value,
            target=s.target,
            called=s.called,
            partner=self.partner_known_to(s, player),
            ace_out=s.ace_out,
            went_on=s.went_on,
            leader=s.leader,
            trick=s.trick,
            won=s.won,
            past=s.past,
            played=played_cards(s),
            voids=s.voids,
            log=self.event_schema.view(s.log, player),
            result=s.result,
            rules=self,
        )

    private_pieces = ("hand", "partner")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and the holder
    of the called Ace, which he may know (he holds it) before the others do."""

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n, P = self.num_cards, self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("played", (n,)),
            ("trick", (P, n)),
            ("won", (P, TRICKS + 1)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (P,)),
            ("dealer", (P,)),
            ("in_auction", (P,)),
            ("high_bid", (len(BID_VALUES) + 1,)),
            ("bidder", (P,)),
            ("forced", (P,)),
            ("kind", (NUM_KINDS + 1,)),
            ("trump", (NUM_SUITS,)),
            ("called", (NUM_SUITS,)),
            ("partner", (P,)),
            ("flags", (2,)),
            ("voids", (P, NUM_SUITS)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(self, view: SoloView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        idx = self.pack_index
        P = self.num_players
        me = view.player

        def rel(seat: int) -> int:
            return (seat - me) % P if seat >= 0 else -1

        set_cards(out["hand"], view.hand, idx)
        set_cards(out["played"], view.played, idx)
        for i, c in enumerate(view.trick):
            out["trick"][rel((view.leader + i) % P), idx[c]] = 1.0
        for q in range(P):
            out["won"][rel(q), view.won[q]] = 1.0
            out["in_auction"][rel(q)] = float(view.in_auction >> q & 1)
            for t in range(NUM_SUITS):
                if view.voids[q] >> t & 1:
                    out["voids"][rel(q), t] = 1.0
        out["phase"][view.phase] = 1.0
        set_one_hot(out["to_move"], rel(view.to_move))
        set_one_hot(out["dealer"], rel(view.dealer))
        out["high_bid"][BID_VALUES.index(view.high_bid) + 1 if view.high_bid else 0] = 1.0
        set_one_hot(out["bidder"], rel(view.bidder))
        set_one_hot(out["forced"], rel(view.forced))
        set_one_hot(out["kind"], view.kind)
        set_one_hot(out["trump"], view.trump)
        set_one_hot(out["called"], view.called)
        set_one_hot(out["partner"], rel(view.partner))
        out["flags"][0] = float(view.ace_out)
        out["flags"][1] = float(view.went_on)
        if perfect_recall:
            self.event_schema.encode(out["events"], view.log, me)

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
        P = self.num_players
        return tuple(tuple((q - me) % P for q in range(P)) for me in range(P))

    @functools.cached_property
    def _high_bid_at(self) -> tuple[int, ...]:
        """The ``high_bid`` entry of each auction high (``auc[2]``), the last for none."""
        off = self.bid_offset
        return (*(off + h + 1 for h in range(len(self.ladder))), 0)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        return ()

    def tensor_bits(self, s: SoloState, me: int, perfect_recall: bool) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        P = self.num_players
        n = self.num_cards
        rel = self._rel[me]
        to_pack = self._to_pack
        hands = s.hands
        b = to_pack(hands[me]) << at["hand"] | 1 << (at["phase"] + s.phase)
        if s.phase != DEAL:
            held = 0
            for h in hands:
                held |= h
            for c in s.trick:
                held |= 1 << c
            b |= to_pack(self.pack_mask & ~held) << at["played"]
        if s.trick:
            trick, idx, leader = at["trick"], self.pack_index, s.leader
            for i, c in enumerate(s.trick):
                b |= 1 << (trick + rel[(leader + i) % P] * n + idx[c])
        won, voids, in_auction = at["won"], at["voids"], at["in_auction"]
        auc = s.auc
        for q in range(P):
            r = rel[q]
            b |= 1 << (won + r * (TRICKS + 1) + s.won[q])
            b |= (s.voids[q] & 15) << (voids + r * NUM_SUITS)
            if auc[0] >> q & 1:
                b |= 1 << (in_auction + r)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        b |= 1 << (at["dealer"] + rel[self.dealer]) | 1 << (
            at["high_bid"] + self._high_bid_at[auc[2]]
        )
        bidder = s.bidder if s.bidder >= 0 else auc[3]
        if bidder >= 0:
            b |= 1 << (at["bidder"] + rel[bidder])
        if s.forced >= 0:
            b |= 1 << (at["forced"] + rel[s.forced])
        if s.kind >= 0:
            b |= 1 << (at["kind"] + s.kind)
        if s.trump >= 0:
            b |= 1 << (at["trump"] + s.trump)
        if s.called >= 0:
            b |= 1 << (at["called"] + s.called)
        partner = self.partner_known_to(s, me)
        if partner >= 0:
            b |= 1 << (at["partner"] + rel[partner])
        if s.ace_out:
            b |= 1 << at["flags"]
        if s.went_on:
            b |= 1 << (at["flags"] + 1)
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, []

    def view_string(self, view: SoloView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"{'Heart Solo' if self.heart else 'Solo'}; you are player {me}; dealer "
            f"{view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: {view.to_move}",
            f"Your hand: {cards_text(view.hand)}",
            "Hands: " + " ".join(str(k) for k in view.hand_sizes) + " cards",
            f"Auction: in {cards_bits(view.in_auction)}, high {view.high_bid or '-'} "
            f"by {view.bidder}",
            game_line(
                self, view.bidder, view.kind, view.trump, view.value, view.called, view.forced
            ),
            f"Partner: {view.partner if view.partner >= 0 else 'unknown'}"
            f"{'; the called Ace has fallen' if view.ace_out else ''}"
            f"{'; the bidder goes on' if view.went_on else ''}",
            tricks_line(view.won, view.past),
            f"Trick: {cards_text(view.trick)} (led by {view.leader})",
            "Known voids: "
            + " ".join(
                f"{q}:{cards_text(self.void_cards(v, view.trump))}"
                for q, v in enumerate(view.voids)
            ),
        ]
        if view.result is not None:
            lines.append(f"Payments: {list(view.result)}")
        if perfect_recall:
            lines.append("Events: " + "; ".join(self.event_schema.lines(view.log, seat_name)))
        return "\n".join(lines)

    def table_view(self, s: SoloState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view: the hands (his own face up, the
        others' as counts), the trick, each seat's tricks won, the undealt cards during the
        deal; the auction, the game, trumps, the called Ace and the partner once he knows him,
        the payments; the log in words."""
        view = self.player_view(s, player)
        n = view.num_players
        zones = [
            Zone(f"hand{q}", "hand", tuple(cards_of(view.hand)), owner=q, label=seat_name(q))
            if q == player
            else Zone(f"hand{q}", "hand", hidden=view.hand_sizes[q], owner=q, label=seat_name(q))
            for q in range(n)
        ]
        zones.append(Zone("trick", "trick", view.trick, label=f"led by {seat_name(view.leader)}"))
        piles: list[list[int]] = [[] for _ in range(n)]
        for t in view.past:
            assert view.tricks is not None
            piles[(t[0] + trick_winner(t[1:], view.tricks)) % n] += t[1:]
        zones += [
            Zone(f"won{q}", "pile", tuple(piles[q]), owner=q, label="tricks won") for q in range(n)
        ]
        undealt = self.num_cards - sum(view.hand_sizes)
        if view.phase == DEAL and undealt:
            zones.append(Zone("undealt", "stock", hidden=undealt, label="to deal"))
        counters = [Counter(f"tricks{q}", view.won[q], q) for q in range(n)]
        counters += [
            Counter("dealer", seat_name(view.dealer)),
            Counter("phase", PHASE_NAMES[view.phase]),
        ]
        if view.high_bid:
            counters.append(Counter("high bid", view.high_bid, view.bidder))
        if view.forced >= 0:
            counters.append(Counter("Forcée", seat_name(view.forced), view.forced))
        if view.kind == NO_GAME:
            counters.append(Counter("game", "no bid: the last trick loses"))
        elif view.kind >= 0:
            name = KIND_NAMES[view.kind] if view.forced < 0 else "Forcée"
            counters.append(Counter("game", name, view.bidder))
        if view.trump >= 0:
            colour = " (colour)" if view.trump == self.colour else ""
            counters.append(Counter("trumps", SUIT_SYMBOLS[view.trump] + colour))
        if view.value:
            counters.append(Counter("value", view.value))
        if view.called >= 0:
            counters.append(Counter("called Ace", f"{SUIT_SYMBOLS[view.called]}A"))
            partner = seat_name(view.partner) if view.partner >= 0 else "unknown"
            counters.append(
                Counter("partner", partner, view.partner if view.partner >= 0 else None)
            )
        if view.went_on:
            counters.append(Counter("going on", "all eight tricks", view.bidder))
        if view.result is not None:
            counters += [Counter(f"payment{q}", v, q) for q, v in enumerate(view.result)]
        return TableView(
            player=player,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_schema.lines(view.log, seat_name)),
            seats=tuple(seat_name(q) for q in range(n)),
        )
