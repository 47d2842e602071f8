"""Quinto's player view: what one player sees, its tensor and text, and the table a renderer
lays out (:class:`QuintoRules`, the game's rules object: the play, the determinizer and the
views)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.cards import NUM_SUITS, cards_of, cards_text
from hoyle.envs.core.events import ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.core.tricks import trick_winner, tricks_line, voids_line
from hoyle.envs.games.quinto.determinizer import QuintoDeterminizer
from hoyle.envs.games.quinto.rules import (
    DEAL,
    DUMMY,
    MAX_DOUBLING,
    NUM_CARD_ACTIONS,
    NUM_PHASES,
    NUM_SEATS,
    PHASE_NAMES,
    TRICKS,
    QuintoState,
    action_words,
    doubling_line,
    score_line,
)

SIDES = 2
GAMES_TO_WIN = 2


@dataclass(frozen=True)
class QuintoView:
    """What one player sees: the hands he has seen, every call, every card played, the
    cachette once taken, the score; nothing hidden.

    ``seat``: the player's own seat; ``order``: the seats round the table from the
    Dummy-player (Quinto: from player 0), side 0 the first and third. ``hands``: per seat, the
    cards he has seen there (his own once looked at; the Dummy's for the Dummy-player, and for
    everyone once exposed), else 0; ``hand_sizes``: every seat's count. ``log``: the events as
    this player saw them. ``result``: the returns, once it is over.
    """

    player: int
    seat: int
    order: tuple[int, ...]
    dummy_seat: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    game_no: int
    hands: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    exposed: int
    played: int
    taken: int
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, ...]
    past: tuple[tuple[int, ...], ...]
    calls: int
    doubling: int
    doubler: int
    voids: tuple[int, ...]
    score: tuple[int, int]
    deal_score: tuple[int, int]
    games: tuple[int, int]
    log: tuple[ViewEvent, ...] = field(repr=False, compare=False)  # the history, not the table
    result: tuple[int, ...] | None
    rules: QuintoRules = field(compare=False, repr=False)

    def rel(self, seat: int) -> int:
        """``seat`` counted from the player's own, round the table (-1 for none)."""
        if seat < 0:
            return -1
        return (self.order.index(seat) - self.order.index(self.seat)) % NUM_SEATS

    def side(self, seat: int) -> int:
        """The side of ``seat`` (0: the first and third of ``order``)."""
        return self.order.index(seat) % SIDES


class QuintoRules(QuintoDeterminizer):
    """The rules of Quinto or Dummy Quinto (:class:`~hoyle.envs.games.quinto.rules.QuintoPlay`),
    with the determinizer and the player's view, its tensor, text and table."""

    private_pieces = ("hand", "my_dummy")
    """What only the viewer knows: his hand, and the Dummy-player the Dummy's (once exposed, it
    is in the public piece ``exposed`` too)."""

    def player_view(self, s: QuintoState, player: int) -> QuintoView:
        return QuintoView(
            player=player,
            seat=player,
            order=self.orders[s.table],
            dummy_seat=DUMMY if self.dummy else -1,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            game_no=s.game_no,
            hands=tuple(h if self.knows(s, player, q) else 0 for q, h in enumerate(s.hands)),
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            exposed=s.hands[DUMMY] if s.exposed else 0,
            played=s.played,
            taken=s.taken,
            trick=s.trick,
            leader=s.leader,
            won=s.won,
            past=s.past,
            calls=s.calls,
            doubling=s.doubling,
            doubler=s.doubler,
            voids=s.voids,
            score=s.score,
            deal_score=s.deal_score,
            games=s.games,
            log=self.event_schema.view(s.log, player),
            result=s.result,
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n, P = NUM_CARD_ACTIONS, NUM_SEATS
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("my_dummy", (n,)),
            ("exposed", (n,)),
            ("played", (n,)),
            ("taken", (n,)),
            ("trick", (P, n)),
            ("leader", (P,)),
            ("won", (P, TRICKS + 1)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (P,)),
            ("dealer", (P,)),
            ("dummy", (P,)),
            ("calls", (P + 1,)),
            ("doubling", (MAX_DOUBLING + 1,)),
            ("doubler", (P,)),
            ("voids", (P, NUM_SUITS)),
            ("score", (SIDES,)),
            ("deal_score", (SIDES,)),
            ("games", (SIDES, GAMES_TO_WIN + 1)),
            ("deal_no", (1,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(self, view: QuintoView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        rel = view.rel
        mine = view.side(view.seat)
        for q in range(NUM_SEATS):
            r = rel(q)
            out["won"][r, view.won[q]] = 1.0
            for t in range(NUM_SUITS):
                if view.voids[q] >> t & 1:
                    out["voids"][r, t] = 1.0
        set_cards(out["hand"], view.hands[view.seat])
        if view.dummy_seat >= 0 and view.rel(view.dummy_seat) == 2:  # I am the Dummy-player
            set_cards(out["my_dummy"], view.hands[view.dummy_seat])
        set_cards(out["exposed"], view.exposed)
        set_cards(out["played"], view.played)
        set_cards(out["taken"], view.taken)
        if view.trick:
            seat = view.leader
            for c in view.trick:
                out["trick"][rel(seat), c] = 1.0
                seat = view.order[(view.order.index(seat) + 1) % NUM_SEATS]
        set_one_hot(out["leader"], rel(view.leader))
        out["phase"][view.phase] = 1.0
        set_one_hot(out["to_move"], rel(view.to_move))
        set_one_hot(out["dealer"], rel(view.dealer))
        set_one_hot(out["dummy"], rel(view.dummy_seat))
        out["calls"][view.calls] = 1.0
        out["doubling"][view.doubling] = 1.0
        set_one_hot(out["doubler"], rel(view.doubler))
        for x in range(SIDES):
            y = (x - mine) % SIDES
            out["score"][y] = view.score[x] / self.top_score
            out["deal_score"][y] = view.deal_score[x] / self.deal_bound
            out["games"][y, min(view.games[x], GAMES_TO_WIN)] = 1.0
        out["deal_no"][0] = view.deal_no / self.max_deals
        if perfect_recall:
            self.event_schema.encode(out["events"], view.log, view.player)

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`); the event
        log, when there is one, follows the observation's pieces."""
        return offsets(self.tensor_pieces(False))

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        return (
            *range(at["score"], at["score"] + SIDES),
            *range(at["deal_score"], at["deal_score"] + SIDES),
            at["deal_no"],
        )

    def tensor_bits(self, s: QuintoState, me: int, perfect_recall: bool) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        n = NUM_CARD_ACTIONS
        pos = self.positions[s.table]
        order = self.orders[s.table]
        mp = pos[me]
        rel = tuple((pos[q] - mp) % NUM_SEATS for q in range(NUM_SEATS))
        b = s.played << at["played"] | s.taken << at["taken"]
        if self.knows(s, me, me):
            b |= s.hands[me] << at["hand"]
        if self.dummy:
            if rel[DUMMY] == 2 and self.knows(s, me, DUMMY):
                b |= s.hands[DUMMY] << at["my_dummy"]
            if s.exposed:
                b |= s.hands[DUMMY] << at["exposed"]
            b |= 1 << (at["dummy"] + rel[DUMMY])
        if s.trick:
            i = pos[s.leader]
            for c in s.trick:
                b |= 1 << (at["trick"] + rel[order[i % NUM_SEATS]] * n + c)
                i += 1
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        won, voids = at["won"], at["voids"]
        for q in range(NUM_SEATS):
            r = rel[q]
            b |= 1 << (won + r * (TRICKS + 1) + s.won[q])
            b |= (s.voids[q] & 15) << (voids + r * NUM_SUITS)
        b |= 1 << (at["phase"] + s.phase) | 1 << (at["dealer"] + rel[s.dealer])
        b |= 1 << (at["calls"] + s.calls) | 1 << (at["doubling"] + s.doubling)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + rel[s.to_move])
        if s.doubler >= 0:
            b |= 1 << (at["doubler"] + rel[s.doubler])
        mine = mp % SIDES
        other = 1 - mine
        games = at["games"]
        for x in range(SIDES):
            y = (x - mine) % SIDES
            b |= 1 << (games + y * (GAMES_TO_WIN + 1) + min(s.games[x], GAMES_TO_WIN))
        values = [
            s.score[mine] / self.top_score,
            s.score[other] / self.top_score,
            s.deal_score[mine] / self.deal_bound,
            s.deal_score[other] / self.deal_bound,
            s.deal_no / self.max_deals,
        ]
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, values

    def view_string(self, view: QuintoView, perfect_recall: bool) -> str:
        name = self.seat_name
        title = "Dummy Quinto" if self.dummy else "Quinto"
        lines = [
            f"{title}; you are player {view.player} (side {view.side(view.seat)}); game "
            f"{view.game_no + 1}, deal {view.deal_no + 1}, dealer {name(view.dealer)}; phase: "
            f"{PHASE_NAMES[view.phase]}; to move: "
            + (name(view.to_move) if view.to_move >= 0 else "-"),
            "Seats: " + " ".join(f"{name(q)} (side {view.side(q)})" for q in view.order),
        ]
        for q in view.order:
            if view.hands[q]:
                lines.append(f"{name(q)} holds: {cards_text(view.hands[q])}")
        lines += [
            "Hands: " + " ".join(str(k) for k in view.hand_sizes) + " cards",
            doubling_line(view.doubling, view.calls)
            + (f"; doubled by {name(view.doubler)}" if view.doubler >= 0 else ""),
            tricks_line(view.won, view.past),
            f"Trick: {cards_text(view.trick)}"
            + (f" (led by {name(view.leader)})" if view.trick else ""),
            voids_line(view.voids),
            f"Cachette taken: {cards_text(view.taken)}",
            score_line(view.score, view.deal_score, view.games),
        ]
        if view.result is not None:
            lines.append(f"Returns: {list(view.result)}")
        if perfect_recall:
            events = self.event_schema.lines(view.log, name, action_words)
            lines.append("Events: " + "; ".join(events))
        return "\n".join(lines)

    def table_view(self, s: QuintoState, player: int) -> TableView:
        """``player``'s table (``ShowsTable``), from his view: the hands (those he has seen
        face up, the others as counts), the trick, each seat's tricks won, the cachette (face
        down until taken), the undealt cards during the deal; the doubling, each side's
        score; the log in words."""
        view = self.player_view(s, player)
        name = self.seat_name
        zones = [
            Zone(f"hand{q}", "hand", tuple(cards_of(view.hands[q])), owner=q, label=name(q))
            if view.hands[q]
            else Zone(f"hand{q}", "hand", hidden=view.hand_sizes[q], owner=q, label=name(q))
            for q in range(NUM_SEATS)
        ]
        zones.append(Zone("trick", "trick", view.trick, label=f"led by {name(view.leader)}"))
        piles: list[list[int]] = [[] for _ in range(NUM_SEATS)]
        for t in view.past:
            order = self.trick_orders[s.table][t[0]]
            piles[order[trick_winner(t[1:], self.tricks)]] += t[1:]
        zones += [
            Zone(f"won{q}", "pile", tuple(piles[q]), owner=q, label="tricks won")
            for q in range(NUM_SEATS)
        ]
        if view.taken:
            zones.append(Zone("cachette", "pile", tuple(cards_of(view.taken)), label="cachette"))
        else:
            zones.append(Zone("cachette", "stock", hidden=s.cachette.bit_count(), label="cachette"))
        undealt = self.num_cards - s.dealt.bit_count() if view.phase == DEAL else 0
        if undealt:
            zones.append(Zone("undealt", "stock", hidden=undealt, label="to deal"))
        counters = [Counter(f"tricks{q}", view.won[q], q) for q in range(NUM_SEATS)]
        counters += [
            Counter("dealer", name(view.dealer)),
            Counter("phase", PHASE_NAMES[view.phase]),
            Counter("deal", view.deal_no + 1),
            Counter("game", view.game_no + 1),
            Counter("doubling", ("undoubled", "doubled", "redoubled")[view.doubling]),
        ]
        for x in range(SIDES):
            counters += [
                Counter(f"score{x}", view.score[x]),
                Counter(f"games{x}", view.games[x]),
            ]
        if view.result is not None:
            counters += [Counter(f"return{q}", v, q) for q, v in enumerate(view.result)]
        return TableView(
            player=player,
            to_move=self.current_player(s),
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_schema.lines(view.log, name, action_words)),
            seats=tuple(name(q) for q in range(NUM_SEATS)),
        )
