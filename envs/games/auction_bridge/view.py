"""Auction Bridge's player view: what one player sees, its tensor and text, and the table a
renderer lays out (:class:`AuctionBridgeRules`, the game's rules object: the play, the
determinizer and the views).

The one thing a player sees at Auction Bridge that he does not see at Vint is dummy's hand:
from the opening lead on it lies face upwards, for all four players (``dummy_hand``); before
the lead it is ``0`` in every view but dummy's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import SeatTensor
from hoyle.envs.core.cards import (
    NUM_SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    cards_of,
    cards_text,
    format_card,
)
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import trick_winner
from hoyle.envs.games.auction_bridge.determinizer import AuctionBridgeDeterminizer
from hoyle.envs.games.auction_bridge.rules import (
    DEAL,
    DECLARE_ACTION_BASE,
    DENOMINATION_WORDS,
    GAME_POINTS,
    MAX_REVOKES,
    PHASE_NAMES,
    AuctionBridgeState,
    action_words,
    auction_line,
    contract_words,
    declaration_words,
)
from hoyle.envs.games.vint.rules import (
    NUM_BIDS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_PLAYERS,
    TRICKS,
    score_line,
    seat_name,
)

SIDES = 2
MAX_GAMES = 2
"""Games a side may have won in a rubber (the second ends it)."""


@dataclass(frozen=True)
class AuctionBridgeView:
    """What one player sees: his hand, dummy's hand once it is down, every call, every card
    played, the score; nothing hidden.

    Seats and sides are absolute (side 0: players 0 and 2). ``to_move`` is the seat whose call
    or card is next, ``deciding`` the player who chooses it (the declarer for dummy's cards).
    ``high``/``bidder``/``doubling``: the highest declaration so far (the contract once the play
    starts: ``contract`` ≥ 0, by ``declarer``, ``dummy`` his partner). ``dummy_hand``: dummy's
    cards on the table (``0`` before the opening lead), ``dummy_down``: whether
    they are. ``settle``: the adversaries' revokes the declarer has still to settle (Law 90;
    public: every revoke is shown when the hand is over). ``known``: per seat, the cards of his
    hand every player has seen (a lead out of turn taken back); ``out_card``: the card led out
    of turn the declarer is deciding on (-1: none); ``called``: the suit the declarer called
    from the leader (-1: none) (the three with ``lead_out_of_turn=true``). ``out_call``: the
    call out of turn being decided on (its action; -1: none), ``redealt``: this deal replaces
    one annulled for a call out of turn (``call_out_of_turn=true``). ``log``: the events
    as this player saw them. ``result``: the returns, once it is over.
    """

    player: int
    phase: int
    to_move: int
    deciding: int
    dealer: int
    deal_no: int
    hand: int
    dummy_hand: int
    dummy_down: bool
    hand_sizes: tuple[int, ...]
    played: int
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    high: int
    bidder: int
    doubling: int
    passes: int
    settle: int
    contract: int
    declarer: int
    dummy: int
    voids: tuple[int, ...]
    below: tuple[int, int]
    games: tuple[int, int]
    score: tuple[int, int]
    deal_score: tuple[int, int]
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)  # the history, not the table
    result: tuple[int, ...] | None
    rules: AuctionBridgeRules = field(compare=False, repr=False)
    known: tuple[int, ...] = (0,) * NUM_PLAYERS
    out_card: int = -1
    called: int = -1
    out_call: int = -1
    redealt: bool = False


class AuctionBridgeRules(AuctionBridgeDeterminizer, SeatTensor):
    """The rules of Auction Bridge
    (:class:`~hoyle.envs.games.auction_bridge.rules.AuctionBridgePlay`), with the determinizer
    and the player's view, its tensor, text and table."""

    def player_view(self, s: AuctionBridgeState, player: int) -> AuctionBridgeView:
        return AuctionBridgeView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            deciding=self.current_player(s),
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            dummy_hand=s.hands[s.dummy] if s.exposed else 0,
            dummy_down=s.exposed,
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            played=s.played,
            trick=s.trick,
            leader=s.leader,
            won=s.won,
            past=s.past,
            high=s.high,
            bidder=s.bidder,
            doubling=s.doubling,
            passes=s.passes,
            settle=s.settle,
            contract=s.contract,
            declarer=s.declarer,
            dummy=s.dummy,
            voids=s.voids,
            below=s.below,
            games=s.games,
            score=s.score,
            deal_score=s.deal_score,
            log=self.event_schema.view(s.log, player),
            result=s.result,
            rules=self,
            known=tuple(h & s.known for h in s.hands),
            out_card=s.out_card,
            called=s.called,
            out_call=s.out_call,
            redealt=s.redealt,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n, P = NUM_CARD_ACTIONS, NUM_PLAYERS
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("dummy_hand", (n,)),
            ("played", (n,)),
            ("trick", (P, n)),
            ("leader", (P,)),
            ("won", (P, TRICKS + 1)),
            ("phase", (self.num_phases,)),
            ("to_move", (P,)),
            ("deciding", (P,)),
            ("dealer", (P,)),
            ("high", (NUM_BIDS + 1,)),
            ("bidder", (P,)),
            ("doubling", (3,)),
            ("passes", (P,)),
            ("settle", (2 * MAX_REVOKES + 1,)),
            ("declarer", (P,)),
            ("dummy", (P,)),
            ("voids", (P, NUM_SUITS)),
            ("games", (SIDES, MAX_GAMES + 1)),
            ("below", (SIDES,)),
            ("score", (SIDES,)),
            ("deal_score", (SIDES,)),
            ("deal_no", (1,)),
        ]
        if self.lead_out_of_turn:
            pieces += [("known", (P, n)), ("out_card", (n,)), ("called", (NUM_SUITS,))]
        if self.call_out_of_turn:
            pieces += [("out_call", (NUM_BIDS + 1,)), ("redealt", (1,))]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(
        self, view: AuctionBridgeView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        P = NUM_PLAYERS
        me = view.player

        def rel(seat: int) -> int:
            return (seat - me) % P if seat >= 0 else -1

        def side(x: int) -> int:
            return (x - me) % SIDES

        set_cards(out["hand"], view.hand)
        set_cards(out["dummy_hand"], view.dummy_hand)
        set_cards(out["played"], view.played)
        for i, c in enumerate(view.trick):
            out["trick"][rel((view.leader + i) % P), c] = 1.0
        set_one_hot(out["leader"], rel(view.leader))
        for q in range(P):
            out["won"][rel(q), view.won[q]] = 1.0
            for t in range(NUM_SUITS):
                if view.voids[q] >> t & 1:
                    out["voids"][rel(q), t] = 1.0
        out["phase"][view.phase] = 1.0
        set_one_hot(out["to_move"], rel(view.to_move))
        set_one_hot(out["deciding"], rel(view.deciding))
        set_one_hot(out["dealer"], rel(view.dealer))
        out["high"][view.high + 1] = 1.0
        set_one_hot(out["bidder"], rel(view.bidder))
        out["doubling"][view.doubling] = 1.0
        out["passes"][view.passes] = 1.0
        out["settle"][view.settle] = 1.0
        set_one_hot(out["declarer"], rel(view.declarer))
        set_one_hot(out["dummy"], rel(view.dummy))
        for x in range(SIDES):
            out["games"][side(x), view.games[x]] = 1.0
            out["below"][side(x)] = view.below[x] / GAME_POINTS
            out["score"][side(x)] = view.score[x] / self.score_bound
            out["deal_score"][side(x)] = view.deal_score[x] / self.deal_bound
        out["deal_no"][0] = view.deal_no / self.max_deals
        if self.lead_out_of_turn:
            for q in range(P):
                set_cards(out["known"][rel(q)], view.known[q])
            set_one_hot(out["out_card"], view.out_card)
            set_one_hot(out["called"], view.called)
        if self.call_out_of_turn:
            if view.out_call >= 0:
                out["out_call"][view.out_call - DECLARE_ACTION_BASE] = 1.0
            out["redealt"][0] = float(view.redealt)
        if perfect_recall:
            self.event_schema.encode(out["events"], view.log, me)

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        return (
            *range(at["below"], at["below"] + SIDES),
            *range(at["score"], at["score"] + SIDES),
            *range(at["deal_score"], at["deal_score"] + SIDES),
            at["deal_no"],
        )

    def tensor_bits(
        self, s: AuctionBridgeState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal (dummy's hand only
        once it is down)."""
        at = self._at
        P = NUM_PLAYERS
        n = NUM_CARD_ACTIONS
        rel = self._rel[me]
        b = s.hands[me] << at["hand"] | s.played << at["played"]
        if s.exposed:
            b |= s.hands[s.dummy] << at["dummy_hand"]
        b |= 1 << (at["phase"] + s.phase) | 1 << (at["high"] + s.high + 1)
        b |= 1 << (at["doubling"] + s.doubling) | 1 << (at["passes"] + s.passes)
        b |= 1 << (at["settle"] + s.settle) | 1 << (at["dealer"] + rel[s.dealer])
        if s.trick:
            trick, leader = at["trick"], s.leader
            for i, c in enumerate(s.trick):
                b |= 1 << (trick + rel[(leader + i) % P] * n + c)
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        b |= self.seat_bits(s, at, rel)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        deciding = self.current_player(s)
        if deciding >= 0:
            b |= 1 << (at["deciding"] + rel[deciding])
        for name, seat in (("bidder", s.bidder), ("declarer", s.declarer), ("dummy", s.dummy)):
            if seat >= 0:
                b |= 1 << (at[name] + rel[seat])
        scores, values = self.score_bits(s, at, me % SIDES, GAME_POINTS, MAX_GAMES)
        b |= scores
        if self.lead_out_of_turn:
            if s.known:
                known = at["known"]
                for q in range(P):
                    b |= (s.hands[q] & s.known) << (known + rel[q] * n)
            if s.out_card >= 0:
                b |= 1 << (at["out_card"] + s.out_card)
            if s.called >= 0:
                b |= 1 << (at["called"] + s.called)
        if self.call_out_of_turn:
            if s.out_call >= 0:
                b |= 1 << (at["out_call"] + s.out_call - DECLARE_ACTION_BASE)
            if s.redealt:
                b |= 1 << at["redealt"]
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, values

    def view_string(self, view: AuctionBridgeView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"Auction Bridge; you are player {me} (side {me % SIDES}); deal {view.deal_no + 1}, "
            f"dealer {view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: {view.to_move}"
            + (f" (played by {view.deciding})" if view.deciding != view.to_move else ""),
            f"Your hand: {cards_text(view.hand)}",
            f"Dummy (player {view.dummy}): {cards_text(view.dummy_hand)}"
            if view.dummy_down
            else "Dummy: not down",
            "Hands: " + " ".join(str(k) for k in view.hand_sizes) + " cards",
            f"{auction_line(view.high, view.bidder, view.doubling, view.contract, view.declarer)}"
            f"; passes since: {view.passes}",
            "Tricks: "
            + " ".join(f"{q}:{k}" for q, k in enumerate(view.won))
            + "; "
            + " | ".join(f"{t[0]}: {cards_text(t[1:])}" for t in view.past),
            f"Trick: {cards_text(view.trick)}"
            + (f" (led by {view.leader})" if view.leader >= 0 else ""),
            "Known voids: "
            + " ".join(
                f"{q}:{''.join(SUIT_SYMBOLS[t] for t in range(NUM_SUITS) if v >> t & 1) or '-'}"
                for q, v in enumerate(view.voids)
            ),
            score_line(view.below, view.games, view.score, view.deal_score),
        ]
        if view.out_card >= 0:
            lines.append(f"Led out of turn: {format_card(view.out_card)}")
        if view.out_call >= 0:
            lines.append(f"Called out of turn: {action_words(view.out_call)}")
        if view.redealt:
            lines.append("A new deal, for a call out of turn")
        if view.called >= 0:
            lines.append(f"The declarer called {SUIT_NAMES[view.called]} from the leader")
        if any(view.known):
            lines.append(
                "Seen by all: "
                + " ".join(f"{q}:{cards_text(k)}" for q, k in enumerate(view.known) if k)
            )
        if view.settle:
            lines.append(f"Revokes to settle (Law 90): {view.settle}")
        if view.result is not None:
            lines.append(f"Returns: {list(view.result)}")
        if perfect_recall:
            events = self.event_schema.lines(view.log, seat_name, declaration_words)
            lines.append("Events: " + "; ".join(events))
        return "\n".join(lines)

    def table_view(self, s: AuctionBridgeState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view: his own hand face up, dummy's
        face up once it is down, the others' as counts; the trick, each seat's tricks; the
        auction or the contract, trumps, each side's score; the log in words."""
        view = self.player_view(s, player)
        P = NUM_PLAYERS
        zones = []
        for q in range(P):
            label = seat_name(q) + (" (dummy)" if q == view.dummy else "")
            if q == player:
                zones.append(
                    Zone(f"hand{q}", "hand", tuple(cards_of(view.hand)), owner=q, label=label)
                )
            elif q == view.dummy and view.dummy_down:
                shown = tuple(cards_of(view.dummy_hand))
                zones.append(Zone(f"hand{q}", "hand", shown, owner=q, label=label))
            else:
                zones.append(
                    Zone(f"hand{q}", "hand", hidden=view.hand_sizes[q], owner=q, label=label)
                )
        zones.append(Zone("trick", "trick", view.trick, label=f"led by {seat_name(view.leader)}"))
        piles: list[list[int]] = [[] for _ in range(P)]
        if view.contract >= 0:
            tr = self.tricks[view.contract % NUM_DENOMINATIONS]
            for t in view.past:
                piles[(t[0] + trick_winner(t[1:], tr)) % P] += t[1:]
        zones += [
            Zone(f"won{q}", "pile", tuple(piles[q]), owner=q, label="tricks won") for q in range(P)
        ]
        undealt = self.num_cards - sum(view.hand_sizes) if view.phase == DEAL else 0
        if undealt:
            zones.append(Zone("undealt", "stock", hidden=undealt, label="to deal"))
        counters = [Counter(f"tricks{q}", view.won[q], q) for q in range(P)]
        counters += [
            Counter("dealer", seat_name(view.dealer)),
            Counter("phase", PHASE_NAMES[view.phase]),
            Counter("deal", view.deal_no + 1),
        ]
        if view.high >= 0:
            name = "contract" if view.contract >= 0 else "highest declaration"
            who = view.declarer if view.contract >= 0 else view.bidder
            counters.append(Counter(name, contract_words(view.high, view.doubling), who))
            if view.contract >= 0:
                d = view.contract % NUM_DENOMINATIONS
                counters.append(Counter("trumps", DENOMINATION_WORDS[d][1]))
                counters.append(Counter("dummy", seat_name(view.dummy), view.dummy))
        for x in range(SIDES):
            counters += [
                Counter(f"below{x}", view.below[x]),
                Counter(f"games{x}", view.games[x]),
                Counter(f"total{x}", view.score[x]),
            ]
        if view.result is not None:
            counters += [Counter(f"return{q}", v, q) for q, v in enumerate(view.result)]
        return TableView(
            player=player,
            to_move=view.deciding,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_schema.lines(view.log, seat_name, declaration_words)),
            seats=tuple(seat_name(q) for q in range(P)),
        )
