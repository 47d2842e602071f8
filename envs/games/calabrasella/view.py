"""What a Calabrasella player sees: his view, its tensors and strings, and its table for a
renderer (the package docstring lists the tensor's pieces)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import PackBits, offsets
from hoyle.envs.core.cards import NUM_SUITS, SUIT_SYMBOLS, cards_of, format_card
from hoyle.envs.core.events import Event, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.games.calabrasella.rules import (
    ACTIVE,
    ASKED_NOTHING,
    EV_NEW_DEAL,
    EV_TALON,
    MAX_DISCARDS,
    NOTHING_TO_ASK,
    NUM_PHASES,
    OVER,
    PHASE_NAMES,
    PLAY,
    TAKE,
    TALON_GIVER,
    CalabrasellaPlay,
    CalabrasellaState,
    action_words,
    cards_in_order,
    cards_words,
)


@dataclass(frozen=True)
class CalabrasellaView:
    """What one seat sees: its hand, the table, the public history; nothing hidden.

    Seats are absolute ids. ``given`` is the exchanged card if this seat handled it, else
    ``-1`` (``exchanged`` says whether an exchange was made); ``discards`` are this seat's own
    discards (0 for the others; ``ndiscards`` is public); ``stock_known`` the stock cards it
    knows. ``log`` is the event log as this seat saw it (``(kind, actor, value)``, ``EV_*``
    kinds, value :data:`~hoyle.envs.core.events.HIDDEN` where it did not see it); two views
    are equal when they show the same position, whatever the order his cards came in.
    """

    player: int
    players: int
    phase: int
    to_move: int
    dealer: int
    deal_no: int
    active: tuple[int, ...]
    hand: int
    hand_sizes: tuple[int, ...]
    declared: tuple[int, ...]
    single: int
    asked: int
    giver: int
    given: int
    exchanged: bool
    discards: int
    ndiscards: int
    talon: int
    taken: int
    stock_known: int
    trick: tuple[int, ...]
    leader: int
    tricks_done: int
    won: tuple[int, int]
    points: tuple[int, int]
    played: tuple[int, ...]
    voids: tuple[int, ...]
    last_winner: int
    result: int
    shared_log: tuple[Event, ...] = field(compare=False, repr=False)
    rules: CalabrasellaPlay = field(compare=False, repr=False)

    @property
    def log(self) -> tuple[ViewEvent, ...]:
        """Every event this seat saw, oldest first: the shared log cut for him when asked (the
        observation, without the history, never pays for it)."""
        return self.rules.event_schema.view(self.shared_log, self.player)

    @property
    def events(self) -> tuple[ViewEvent, ...]:
        """The same as ``log``."""
        return self.log

    @property
    def is_single(self) -> bool:
        return self.single == self.player

    def side(self, seat: int) -> int:
        """0 for the single player, 1 for the others (the adversaries, the idle dealer)."""
        return 0 if seat == self.single else 1

    def unseen(self) -> int:
        """Cards of the pack whose place this seat does not know."""
        seen = self.hand | self.discards | self.stock_known | self.taken | self.talon
        for m in self.played:
            seen |= m
        for c in self.trick:
            seen |= 1 << c
        if self.given >= 0:
            seen |= 1 << self.given
        return self.rules.pack_mask & ~seen


class CalabrasellaViews(CalabrasellaPlay):
    """The rules of play, and what each player sees of them."""

    private_pieces = ("hand", "stock", "discards", "exchanged")
    """The pieces only the viewer knows (``hoyle.envs.core.observe``): his hand, and as the
    single player his discards and the stock he knows by them, the card he gave in exchange."""

    def player_view(self, s: CalabrasellaState, player: int) -> CalabrasellaView:
        single = s.single
        handled = player == single or player == s.giver
        if s.phase == OVER:
            stock_known = s.stock
        elif s.phase >= PLAY:
            stock_known = s.stock & ~s.discards | (s.discards if player == single else 0)
        else:
            stock_known = 0
        return CalabrasellaView(
            player=player,
            players=self.num_players,
            phase=s.phase,
            to_move=s.to_move,
            dealer=s.dealer,
            deal_no=s.deal_no,
            active=s.active,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            declared=s.declared,
            single=single,
            asked=s.asked,
            giver=s.giver,
            given=s.given if handled else -1,
            exchanged=s.given >= 0,
            discards=s.discards if player == single else 0,
            ndiscards=s.discards.bit_count(),
            talon=s.talon if s.exposed else 0,
            taken=s.taken,
            stock_known=stock_known,
            trick=s.trick,
            leader=s.leader,
            tricks_done=s.tricks_done,
            won=s.won if s.phase == OVER else (s.won[0] & ~s.stock, s.won[1] & ~s.stock),
            points=s.points,
            played=s.played,
            voids=s.voids,
            last_winner=s.last_winner,
            result=s.result,
            shared_log=s.log,
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        p, n = self.pack_size, self.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (p,)),
            ("played", (n, p)),
            ("won", (2, p)),
            ("trick", (ACTIVE, p)),
            ("leader", (n,)),
            ("voids", (n, NUM_SUITS)),
            ("talon", (p,)),
            ("taken", (p,)),
            ("stock", (p,)),
            ("discards", (p,)),
            ("asked", (p,)),
            ("giver", (n + 1,)),
            ("exchanged", (p,)),
            ("declared", (n, 3)),
            ("single", (n + 1,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (n + 1,)),
            ("dealer", (n,)),
            ("sizes", (n,)),
            ("ndiscards", (MAX_DISCARDS + 1,)),
            ("points", (2,)),
            ("progress", (2,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(
        self, view: CalabrasellaView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        idx = self.pack_index
        me, n = view.player, self.num_players

        def rel(q: int) -> int:
            return (q - me) % n

        set_cards(out["hand"], view.hand, idx)
        for q in range(n):
            r = rel(q)
            set_cards(out["played"][r], view.played[q], idx)
            for suit in range(NUM_SUITS):
                if view.voids[q] >> suit & 1:
                    out["voids"][r, suit] = 1.0
            out["declared"][r, view.declared[q]] = 1.0
            out["sizes"][r] = view.hand_sizes[q] / (self.hand_size + 1)
        set_cards(out["won"][0], view.won[0], idx)
        set_cards(out["won"][1], view.won[1], idx)
        for i, c in enumerate(view.trick):
            out["trick"][i, idx[c]] = 1.0
        if view.leader >= 0:
            out["leader"][rel(view.leader)] = 1.0
        set_cards(out["talon"], view.talon, idx)
        set_cards(out["taken"], view.taken, idx)
        set_cards(out["stock"], view.stock_known, idx)
        set_cards(out["discards"], view.discards, idx)
        if view.asked >= 0:
            out["asked"][idx[view.asked]] = 1.0
            out["giver"][n if view.giver == TALON_GIVER else rel(view.giver)] = 1.0
        if view.given >= 0:
            out["exchanged"][idx[view.given]] = 1.0
        out["single"][n if view.single < 0 else rel(view.single)] = 1.0
        out["phase"][view.phase] = 1.0
        out["to_move"][n if view.to_move < 0 else rel(view.to_move)] = 1.0
        out["dealer"][rel(view.dealer)] = 1.0
        set_one_hot(out["ndiscards"], view.ndiscards)
        out["points"][0] = min(view.points[0], self.total) / self.total
        out["points"][1] = min(view.points[1], self.total) / self.total
        out["progress"][0] = view.tricks_done / self.num_tricks
        out["progress"][1] = view.deal_no / self.max_deals
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
        n = self.num_players
        return tuple(tuple((q - me) % n for q in range(n)) for me in range(n))

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        return (
            *range(at["sizes"], at["sizes"] + self.num_players),
            *range(at["points"], at["points"] + 2),
            *range(at["progress"], at["progress"] + 2),
        )

    def tensor_bits(
        self, s: CalabrasellaState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        to_pack = self._to_pack
        idx = self.pack_index
        n, p = self.num_players, self.pack_size
        rel = self._rel[me]
        phase, single, giver = s.phase, s.single, s.giver
        b = to_pack(s.hands[me]) << at["hand"]
        played, voids, declared = at["played"], at["voids"], at["declared"]
        sizes = [0.0] * n
        bound = self.hand_size + 1
        for q in range(n):
            r = rel[q]
            if s.played[q]:
                b |= to_pack(s.played[q]) << (played + r * p)
            b |= (s.voids[q] & 15) << (voids + r * NUM_SUITS)
            b |= 1 << (declared + r * 3 + s.declared[q])
            sizes[r] = s.hands[q].bit_count() / bound
        if phase == OVER:
            won0, won1 = s.won
        else:
            won0, won1 = s.won[0] & ~s.stock, s.won[1] & ~s.stock
        if won0:
            b |= to_pack(won0) << at["won"]
        if won1:
            b |= to_pack(won1) << (at["won"] + p)
        trick = at["trick"]
        for c in s.trick:
            b |= 1 << (trick + idx[c])
            trick += p
        if s.leader >= 0:
            b |= 1 << (at["leader"] + rel[s.leader])
        if s.exposed and s.talon:
            b |= to_pack(s.talon) << at["talon"]
        if s.taken:
            b |= to_pack(s.taken) << at["taken"]
        if phase == OVER:
            stock_known = s.stock
        elif phase >= PLAY:
            stock_known = s.stock & ~s.discards | (s.discards if me == single else 0)
        else:
            stock_known = 0
        if stock_known:
            b |= to_pack(stock_known) << at["stock"]
        if me == single and s.discards:
            b |= to_pack(s.discards) << at["discards"]
        if s.asked >= 0:
            b |= 1 << (at["asked"] + idx[s.asked])
            b |= 1 << (at["giver"] + (n if giver == TALON_GIVER else rel[giver % n]))
        if s.given >= 0 and me in (single, giver):
            b |= 1 << (at["exchanged"] + idx[s.given])
        b |= 1 << (at["single"] + (n if single < 0 else rel[single % n]))
        b |= 1 << (at["phase"] + phase)
        b |= 1 << (at["to_move"] + (n if s.to_move < 0 else rel[s.to_move % n]))
        b |= 1 << (at["dealer"] + rel[s.dealer % n])
        ndiscards = s.discards.bit_count()
        if ndiscards <= MAX_DISCARDS:
            b |= 1 << (at["ndiscards"] + ndiscards)
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        total = self.total
        return b, [
            *sizes,
            min(s.points[0], total) / total,
            min(s.points[1], total) / total,
            s.tricks_done / self.num_tricks,
            s.deal_no / self.max_deals,
        ]

    def view_string(self, view: CalabrasellaView, perfect_recall: bool) -> str:
        me = view.player
        n = self.num_players
        role = (
            "the single player"
            if view.single == me
            else "an adversary"
            if view.single >= 0 and me in view.active
            else "the dealer (no cards)"
            if me not in view.active
            else "undeclared"
        )
        lines = [
            f"Calabrasella, deal {view.deal_no + 1}; you are player {me}, {role}; dealer "
            f"player {view.dealer}; phase: {PHASE_NAMES[view.phase]}; to move: "
            f"{'you' if view.to_move == me else seat_words(view.to_move)}",
            f"Your hand: {cards_words(view.hand)}",
            "Hands: " + ", ".join(f"player {q} {view.hand_sizes[q]}" for q in range(n)),
            "Declared: "
            + ", ".join(
                f"player {q} {('-', 'passed', 'stood')[view.declared[q]]}" for q in view.active
            ),
        ]
        if view.asked >= 0:
            lines.append(
                f"Asked for {format_card(view.asked)}: it was in the talon"
                if view.giver == TALON_GIVER
                else f"Asked for {format_card(view.asked)}: given up by player {view.giver}"
            )
        if view.exchanged:
            seen = format_card(view.given) if view.given >= 0 else "a card you did not see"
            lines.append(f"Given in exchange: {seen}")
        if view.ndiscards or (view.phase >= TAKE and view.single >= 0):
            own = f" ({cards_words(view.discards)})" if view.discards else ""
            lines.append(f"Discarded: {view.ndiscards} card(s){own}")
        if view.talon:
            lines.append(
                f"Talon turned up: {cards_words(view.talon)}; taken: {cards_words(view.taken)}"
            )
        if view.phase >= PLAY and view.single >= 0:
            lines.append(f"Stock (known to you): {cards_words(view.stock_known)}")
            lines.append(
                f"Trick {min(view.tricks_done + 1, self.num_tricks)}: "
                f"{cards_in_order(view.trick)} (led by player {view.leader})"
            )
            for q in view.active:
                void = "".join(SUIT_SYMBOLS[x] for x in range(NUM_SUITS) if view.voids[q] >> x & 1)
                lines.append(
                    f"player {q} played {cards_words(view.played[q])}"
                    + (f"; void in {void}" if void else "")
                )
            lines.append(f"Points: single player {view.points[0]}, adversaries {view.points[1]}")
        if view.phase == OVER and view.single >= 0:
            lines.append(
                f"Result: {view.result:+d} for the single player from each other seat; last "
                f"trick: player {view.last_winner}"
            )
        if perfect_recall:
            lines.append("Events:")
            words = self.event_schema.lines(view.log, _player_words, action_words)
            lines.extend("  " + w for w in words)
        return "\n".join(lines)

    def table_view(self, s: CalabrasellaState, player: int) -> TableView:
        """``player``'s table (from :meth:`player_view`): every hand (his own face up, the
        others as counts), the talon (a count until it is turned up, then its cards), the
        discards (his own face up as the single player, else a count), the stock once the play
        begins, the trick, each side's tricks; the single player, the declarations, the ask and
        the points as counters; the log in words."""
        v = self.player_view(s, player)
        zones = [
            Zone(
                f"hand {q}",
                "hand",
                tuple(cards_of(v.hand)) if q == player else (),
                0 if q == player else v.hand_sizes[q],
                q,
                f"player {q}",
            )
            for q in range(self.num_players)
        ]
        if v.phase < PLAY:
            if v.talon:
                zones.append(
                    Zone("talon", "row", tuple(cards_of(v.talon & ~v.taken)), label="talon")
                )
            else:
                zones.append(Zone("talon", "pile", (), _talon_dealt(v), label="talon"))
            zones.append(
                Zone(
                    "discards",
                    "pile",
                    tuple(cards_of(v.discards)),
                    v.ndiscards - v.discards.bit_count(),
                    v.single if v.single >= 0 else None,
                    "discards",
                )
            )
        elif v.phase < OVER:
            stock = self.talon_size
            zones.append(
                Zone(
                    "stock",
                    "pile",
                    tuple(cards_of(v.stock_known)),
                    stock - v.stock_known.bit_count(),
                    label="stock (the last trick's)",
                )
            )
        zones.append(Zone("trick", "trick", v.trick, label="trick"))
        zones.append(Zone("won single", "pile", tuple(cards_of(v.won[0])), label="single player"))
        zones.append(
            Zone("won adversaries", "pile", tuple(cards_of(v.won[1])), label="adversaries")
        )
        decl = ("-", "passed", "stood")
        counters = [
            Counter("deal", v.deal_no + 1),
            Counter("dealer", v.dealer),
            Counter("single player", v.single if v.single >= 0 else "-"),
            *(Counter(f"declared {q}", decl[v.declared[q]], q) for q in v.active),
            Counter("asked for", _asked_words(v)),
            Counter(
                "given in exchange",
                "-"
                if not v.exchanged
                else format_card(v.given)
                if v.given >= 0
                else "a card you did not see",
            ),
            Counter("discarded", v.ndiscards),
            Counter("tricks", v.tricks_done),
            Counter("points single", v.points[0]),
            Counter("points adversaries", v.points[1]),
        ]
        if v.phase == OVER and v.single >= 0:
            counters.append(Counter("result", v.result, v.single))
        log = self.event_schema.lines(v.log, _player_words, action_words)
        return TableView(
            player,
            v.to_move,
            tuple(zones),
            tuple(counters),
            tuple(log),
            tuple(f"player {q}" for q in range(self.num_players)),
        )


def _talon_dealt(v: CalabrasellaView) -> int:
    """The cards dealt to the talon so far in this deal (the log since the last new deal)."""
    n = 0
    for k, _, _ in reversed(v.log):
        if k == EV_NEW_DEAL:
            break
        n += k == EV_TALON
    return n


def _player_words(q: int) -> str:
    return f"player {q}"


def _asked_words(v: CalabrasellaView) -> str:
    if v.giver == ASKED_NOTHING:
        return "nothing (he holds every 3)"
    if v.giver == NOTHING_TO_ASK:
        return "nothing to ask (he holds every 3 and 2)"
    if v.asked < 0:
        return "-"
    src = "the talon" if v.giver == TALON_GIVER else f"player {v.giver}"
    return f"{format_card(v.asked)} ({src})"
