"""Vint's player view: what one player sees, its tensor and text, and the table a renderer lays
out (:class:`VintRules`, the game's rules object: the play, the determinizer and the views)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import SeatTensor
from hoyle.envs.core.cards import NUM_SUITS, cards_of, cards_text
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import trick_winner, tricks_line, voids_line
from hoyle.envs.games.vint.determinizer import VintDeterminizer
from hoyle.envs.games.vint.rules import (
    DEAL,
    DENOMINATION_NAMES,
    GAME_POINTS,
    NUM_BIDS,
    NUM_CARD_ACTIONS,
    NUM_DENOMINATIONS,
    NUM_PHASES,
    NUM_PLAYERS,
    NUM_RUBBERS,
    PHASE_NAMES,
    SEATINGS,
    TRICKS,
    VintState,
    auction_line,
    bid_words,
    partners_words,
    rubber_line,
    score_line,
    seat_name,
)

SIDES = 2
MAX_GAMES = 2
"""Games a side may have won in a rubber (the second ends it)."""


@dataclass(frozen=True)
class VintView:
    """What one player sees: his hand, every call, every card played, the score; nothing hidden.

    Seats and sides are absolute (side 0: player 0 and his partner, in the first rubber player
    2). ``rubber_no``: the rubber being played; ``seating``: the players round the table in it,
    each on the left of the one before (:data:`~.rules.SEATINGS`); ``settled``: each player's
    gains less losses in the rubbers finished. ``high``/``bidder``: the highest bid so far (the
    contract and its bidder once the play starts: ``contract`` ≥ 0). ``log``: the events as this
    player saw them (``EventSchema.view``: the cards dealt to others ``HIDDEN``). ``result``:
    the returns, once it is over.
    """

    player: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    hand: int
    hand_sizes: tuple[int, ...]
    played: int
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    high: int
    bidder: int
    passes: int
    contract: int
    voids: tuple[int, ...]
    below: tuple[int, int]
    games: tuple[int, int]
    score: tuple[int, int]
    deal_score: tuple[int, int]
    game_in_hand: int
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)  # the history, not the table
    result: tuple[int, ...] | None
    rules: VintRules = field(compare=False, repr=False)
    rubber_no: int = 0
    seating: tuple[int, ...] = SEATINGS[0]
    settled: tuple[int, ...] = (0,) * NUM_PLAYERS

    def left_of(self, seat: int, k: int = 1) -> int:
        """The player ``k`` places to the left of ``seat`` in this rubber's seating (``k=2``:
        his partner, opposite)."""
        seating = self.seating
        return seating[(seating.index(seat) + k) % NUM_PLAYERS]

    def partner_of(self, seat: int) -> int:
        """``seat``'s partner in this rubber: the player opposite."""
        return self.left_of(seat, 2)

    def side_of(self, seat: int) -> int:
        """``seat``'s side in this rubber (0: player 0 and his partner)."""
        return self.seating.index(seat) % SIDES

    def trick_seat(self, k: int) -> int:
        """Who played (plays) the ``k``-th card of the current trick."""
        return self.left_of(self.leader, k)


class VintRules(VintDeterminizer, SeatTensor):
    """The rules of Vint (:class:`~hoyle.envs.games.vint.rules.VintPlay`), with the determinizer
    and the player's view, its tensor, text and table."""

    def player_view(self, s: VintState, player: int) -> VintView:
        return VintView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            played=s.played,
            trick=s.trick,
            leader=s.leader,
            won=s.won,
            past=s.past,
            high=s.high,
            bidder=s.bidder,
            passes=s.passes,
            contract=s.contract,
            voids=s.voids,
            below=s.below,
            games=s.games,
            score=s.score,
            deal_score=s.deal_score,
            game_in_hand=s.game_in_hand,
            log=self.event_schema.view(s.log, player),
            result=s.result,
            rules=self,
            rubber_no=s.rubber_no,
            seating=SEATINGS[s.rubber_no],
            settled=s.settled,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n, P = NUM_CARD_ACTIONS, NUM_PLAYERS
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("played", (n,)),
            ("trick", (P, n)),
            ("leader", (P,)),
            ("won", (P, TRICKS + 1)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (P,)),
            ("dealer", (P,)),
            ("high_bid", (NUM_BIDS + 1,)),
            ("bidder", (P,)),
            ("passes", (P + 1,)),
            ("voids", (P, NUM_SUITS)),
            ("game_in_hand", (SIDES,)),
            ("games", (SIDES, MAX_GAMES + 1)),
            ("below", (SIDES,)),
            ("score", (SIDES,)),
            ("deal_score", (SIDES,)),
            ("deal_no", (1,)),
        ]
        if self.rubbers > 1:
            pieces += [
                ("rubber", (NUM_RUBBERS,)),
                ("seating", (P, P)),
                ("settled", (P,)),
            ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(self, view: VintView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        P = NUM_PLAYERS
        me = view.player

        def rel(seat: int) -> int:
            return (seat - me) % P if seat >= 0 else -1

        mine = view.side_of(me)

        def side(x: int) -> int:
            return (x - mine) % SIDES

        set_cards(out["hand"], view.hand)
        set_cards(out["played"], view.played)
        for i, c in enumerate(view.trick):
            out["trick"][rel(view.trick_seat(i)), c] = 1.0
        set_one_hot(out["leader"], rel(view.leader))
        for q in range(P):
            out["won"][rel(q), view.won[q]] = 1.0
            for t in range(NUM_SUITS):
                if view.voids[q] >> t & 1:
                    out["voids"][rel(q), t] = 1.0
        out["phase"][view.phase] = 1.0
        set_one_hot(out["to_move"], rel(view.to_move))
        set_one_hot(out["dealer"], rel(view.dealer))
        out["high_bid"][view.high + 1] = 1.0
        set_one_hot(out["bidder"], rel(view.bidder))
        out["passes"][view.passes] = 1.0
        if view.game_in_hand >= 0:
            out["game_in_hand"][side(view.game_in_hand)] = 1.0
        for x in range(SIDES):
            out["games"][side(x), view.games[x]] = 1.0
            out["below"][side(x)] = view.below[x] / GAME_POINTS
            out["score"][side(x)] = view.score[x] / self.score_bound
            out["deal_score"][side(x)] = view.deal_score[x] / self.deal_bound
        out["deal_no"][0] = view.deal_no / self.max_deals
        if self.rubbers > 1:
            out["rubber"][view.rubber_no] = 1.0
            for k in range(P):
                out["seating"][k, rel(view.left_of(me, k))] = 1.0
            for q in range(P):
                out["settled"][rel(q)] = self.settled_entry(view.settled[q])
        if perfect_recall:
            self.event_schema.encode(out["events"], view.log, me)

    def settled_entry(self, settled: int) -> float:
        """A player's settlement so far as a tensor entry in [0, 1]: ``(settled + U) / 2U``
        with ``U`` the bound on a return (0.5: even)."""
        bound = self.utility_bound
        return (settled + bound) / (2 * bound)

    @functools.cached_property
    def _seating_bits(self) -> tuple[tuple[int, ...], ...]:
        """``_seating_bits[rubber][me]``: the ``seating`` piece's bits for ``me`` in that
        rubber (a constant of the two), from the piece's own offset."""
        P = NUM_PLAYERS
        rel = self._rel
        return tuple(
            tuple(sum(1 << (k * P + rel[me][order[me][k]]) for k in range(P)) for me in range(P))
            for order in self.orders
        )

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        settled = (*range(at["settled"], at["settled"] + NUM_PLAYERS),) if self.rubbers > 1 else ()
        return (
            *range(at["below"], at["below"] + SIDES),
            *range(at["score"], at["score"] + SIDES),
            *range(at["deal_score"], at["deal_score"] + SIDES),
            at["deal_no"],
            *settled,
        )

    def tensor_bits(self, s: VintState, me: int, perfect_recall: bool) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        n = NUM_CARD_ACTIONS
        rel = self._rel[me]
        b = s.hands[me] << at["hand"] | s.played << at["played"]
        b |= 1 << (at["phase"] + s.phase) | 1 << (at["high_bid"] + s.high + 1)
        b |= 1 << (at["passes"] + s.passes) | 1 << (at["dealer"] + rel[s.dealer])
        rubber = s.rubber_no
        if s.trick:
            trick, order = at["trick"], self.orders[rubber][s.leader]
            for i, c in enumerate(s.trick):
                b |= 1 << (trick + rel[order[i]] * n + c)
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        b |= self.seat_bits(s, at, rel)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        if s.bidder >= 0:
            b |= 1 << (at["bidder"] + rel[s.bidder])
        mine = self.sides[rubber][me]
        if s.game_in_hand >= 0:
            b |= 1 << (at["game_in_hand"] + (s.game_in_hand - mine) % SIDES)
        scores, values = self.score_bits(s, at, mine, GAME_POINTS, MAX_GAMES)
        b |= scores
        if self.rubbers > 1:
            b |= 1 << (at["rubber"] + rubber) | self._seating_bits[rubber][me] << at["seating"]
            values += [self.settled_entry(s.settled[q]) for q in self.orders[0][me]]
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, values

    def view_string(self, view: VintView, perfect_recall: bool) -> str:
        me = view.player
        lines = [
            f"Vint; you are player {me} (side {view.side_of(me)}); deal {view.deal_no + 1}, dealer "
            f"{view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: {view.to_move}",
            f"Your hand: {cards_text(view.hand)}",
            "Hands: " + " ".join(str(k) for k in view.hand_sizes) + " cards",
            f"{auction_line(view.high, view.bidder, view.contract, view.bidder)}; "
            f"passes since: {view.passes}",
            tricks_line(view.won, view.past),
            f"Trick: {cards_text(view.trick)}"
            + (f" (led by {view.leader})" if view.leader >= 0 else ""),
            voids_line(view.voids),
            score_line(view.below, view.games, view.score, view.deal_score)
            + (
                f"; side {view.game_in_hand} won a game this hand" if view.game_in_hand >= 0 else ""
            ),
        ]
        if self.rubbers > 1:
            lines.insert(1, rubber_line(view.rubber_no, self.rubbers, view.settled))
        if view.result is not None:
            lines.append(f"Returns: {list(view.result)}")
        if perfect_recall:
            events = self.event_schema.lines(view.log, seat_name, bid_words)
            lines.append("Events: " + "; ".join(events))
        return "\n".join(lines)

    def table_view(self, s: VintState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view: the hands (his own face up, the
        others' as counts), the trick, each seat's tricks won, the undealt cards during the
        deal; the auction or the contract, trumps, each side's score; the log in words."""
        view = self.player_view(s, player)
        P = NUM_PLAYERS
        zones = [
            Zone(f"hand{q}", "hand", tuple(cards_of(view.hand)), owner=q, label=seat_name(q))
            if q == player
            else Zone(f"hand{q}", "hand", hidden=view.hand_sizes[q], owner=q, label=seat_name(q))
            for q in range(P)
        ]
        zones.append(Zone("trick", "trick", view.trick, label=f"led by {seat_name(view.leader)}"))
        piles: list[list[int]] = [[] for _ in range(P)]
        if view.contract >= 0:
            tr = self.tricks[view.contract % NUM_DENOMINATIONS]
            for t in view.past:
                piles[view.left_of(t[0], trick_winner(t[1:], tr))] += t[1:]
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
        if self.rubbers > 1:
            counters += [
                Counter("rubber", f"{view.rubber_no + 1} of {self.rubbers}"),
                Counter("partners", partners_words(view.seating)),
            ]
            counters += [Counter(f"settled{q}", v, q) for q, v in enumerate(view.settled)]
        if view.high >= 0:
            name = "contract" if view.contract >= 0 else "highest bid"
            counters.append(Counter(name, bid_words(view.high), view.bidder))
            denomination = DENOMINATION_NAMES[view.high % NUM_DENOMINATIONS]
            if view.contract >= 0:
                counters.append(Counter("trumps", denomination))
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
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_schema.lines(view.log, seat_name, bid_words)),
            seats=tuple(seat_name(q) for q in range(P)),
        )
