"""What a Cassino player sees: his view of the table (:class:`CassinoView`), its tensors and
strings, the typed table a renderer lays out (:meth:`ViewRules.table_view`), and the
information abstraction for MCCFR (:func:`abstraction_key`).

Everything on the table is face up but the other players' hands and the stock; the play being
made is face up too, but for whether a partner's builder meets his requirement (assumption 19:
:meth:`ViewRules.seen_move`). The information state adds the event log (``s.log``) cut for the
viewer by the core (:meth:`hoyle.envs.core.events.EventSchema.view`): the cards dealt to the
others are hidden there, and nothing else is.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import offsets
from hoyle.envs.core.events import Event, ViewEvent
from hoyle.envs.core.observe import set_cards
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.games.cassino.rules import (
    ACES_IN_ORDER,
    BIG_CASSINO,
    KIND,
    KIND_BUILD,
    KIND_NONE,
    KIND_TAKE,
    LITTLE_CASSINO,
    NUM_CARDS,
    NUM_PHASES,
    NUM_VALUES,
    PHASE_NAMES,
    PLAY,
    Build,
    CassinoState,
    Move,
    PlayRules,
    _bits,
    _cards,
    _values,
    build_key,
    build_name,
    describe_build,
)

BUILD_ROW = NUM_CARDS + NUM_VALUES + 1 + 4
"""A build's row of the tensor: its cards, value one-hot, multiple, owner seat."""
MOVE_KIND_FLAGS = 5
"""Take, build, Ace as Fourteen, pairs taken, requirement met (as the table can tell it)."""


@dataclass(frozen=True)
class CassinoView:
    """What one player sees: his hand, the table, the public history. Players are absolute
    ids (``player`` is the viewer); encoders make them relative. ``rules`` are the game's rules
    (public knowledge). Views compare equal when the current positions are (the observation's
    contract); the history is in ``events``, the viewer's cut of the shared log (``log``,
    which holds the others' cards too: read it only through ``events``)."""

    player: int
    phase: int
    to_move: int
    dealer: int
    deal_number: int
    hand: int
    hand_sizes: tuple[int, ...]
    stock: int
    loose: int
    builds: tuple[Build, ...]
    trailed: tuple[int, ...]
    piles: tuple[int, ...]
    sweeps: tuple[int, ...]
    last_take: tuple[int, int]
    last_taker: int
    declared: tuple[int, ...]
    move: Move | None
    scores: tuple[int, ...]
    target: int
    results: tuple[tuple[int, ...], ...]
    outcome: tuple[float, ...] | None
    log: tuple[Event, ...] = field(compare=False, repr=False)
    rules: PlayRules = field(compare=False, repr=False)

    @property
    def events(self) -> tuple[ViewEvent, ...]:
        """The log as the viewer saw it: the cards dealt or drawn to the others hidden."""
        return self.rules.event_schema.view(self.log, self.player)

    @property
    def side(self) -> int:
        return self.rules.side_of[self.player]

    @property
    def partner(self) -> int:
        return self.rules.partner_of[self.player]

    @property
    def seen(self) -> int:
        """Cards this player has seen: his hand, the table, every pile, the current play."""
        m = self.hand | self.loose
        for b in self.builds:
            m |= b.mask
        for p in self.piles:
            m |= p
        if self.move is not None:
            m |= 1 << self.move.card
        return m


class ViewRules(PlayRules):
    """The rules' side of what a player sees (the observation, the information state, the
    table view)."""

    def player_view(self, s: CassinoState, player: int) -> CassinoView:
        builds = s.builds
        loose = s.loose
        return CassinoView(
            player=player,
            phase=s.phase,
            to_move=self.current_player(s),
            dealer=s.dealer,
            deal_number=s.deal_number,
            hand=s.hands[player],
            hand_sizes=tuple(h.bit_count() for h in s.hands),
            stock=(self.pack & ~s.dealt).bit_count(),
            loose=loose,
            builds=builds,
            trailed=tuple(t & loose for t in s.trailed),
            piles=s.piles,
            sweeps=s.sweeps,
            last_take=s.last_take,
            last_taker=s.last_taker,
            declared=s.declared,
            move=s.move if player == s.player else self.seen_move(s, s.player),
            scores=s.scores,
            target=s.target,
            results=s.results,
            outcome=s.outcome,
            log=s.log,
            rules=self,
        )

    def seen_move(self, s: CassinoState, mover: int) -> Move | None:
        """The play under way as the other players see it (assumption 19).

        Its card and steps are face up, but whether the builder meets his requirement
        (``req_ok``) may rest on the cards in his hand: a partner who builds a value his partner
        has not declared (or whose declaration is spent) while his partner's build of it stands
        either holds a card of that value or must join that build. Until the table can tell —
        he joins it, or no such build of his partner stands — the others see the requirement
        as not yet met, whatever he holds.
        """
        m = s.move
        if m is None or m.kind != KIND_BUILD or not m.req_ok or m.joined:
            return m
        if self._pdecl(s, mover) >> m.value & 1:
            return m
        partner = self.partner_of[mover]
        if partner >= 0 and any(b.owner == partner and b.value == m.value for b in s.builds):
            return m._replace(req_ok=False)
        return m

    def seat_slot(self, q: int, me: int) -> int:
        """Seat of ``q`` relative to ``me``: 0 me, 1 left, 2 partner (across), 3 right."""
        n = self.num_players
        r = (q - me) % n
        if n == 3 and r == 2:
            return 3
        return r

    def side_slot(self, side: int, me: int) -> int:
        if self.partnership:
            return 0 if side == self.side_of[me] else 1
        return self.seat_slot(side, me)

    def seat_words(self, q: int, me: int) -> str:
        if q < 0:
            return "nobody"
        slot = self.seat_slot(q, me)
        if self.num_players == 2 and slot == 1:
            return "adversary"
        if slot == 2 and not self.partnership:
            return "across"
        return ("me", "left", "partner", "right")[slot]

    def side_words(self, side: int, me: int) -> str:
        if self.partnership:
            return "us" if side == self.side_of[me] else "them"
        return self.seat_words(side, me)

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        nb = self.max_builds
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("phase", (NUM_PHASES,)),
            ("to_move", (4,)),
            ("dealer", (4,)),
            ("hand", (NUM_CARDS,)),
            ("hand_sizes", (4,)),
            ("stock", (1,)),
            ("loose", (NUM_CARDS,)),
            ("trailed", (4, NUM_CARDS)),
            ("builds", (nb, BUILD_ROW)),
            ("piles", (4, NUM_CARDS)),
            ("sweeps", (4,)),
            ("last_take", (NUM_CARDS,)),
            ("last_taker", (4,)),
            ("declared", (4, NUM_VALUES)),
            ("move_card", (NUM_CARDS,)),
            ("move_kind", (MOVE_KIND_FLAGS,)),
            ("move_value", (NUM_VALUES,)),
            ("move_selected", (NUM_CARDS,)),
            ("move_open", (NUM_CARDS,)),
            ("move_builds", (nb,)),
            ("scores", (4,)),
            ("target", (1,)),
            ("deal_number", (1,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
            pieces.append(("results", (self.result_rows, 4)))
        return pieces

    def encode_view(self, view: CassinoView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        me = view.player
        seat = self.seat_slot
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][seat(view.to_move, me)] = 1.0
        out["dealer"][seat(view.dealer, me)] = 1.0
        set_cards(out["hand"], view.hand)
        for q, k in enumerate(view.hand_sizes):
            out["hand_sizes"][seat(q, me)] = k / self.hand_size
        out["stock"][0] = view.stock / self.pack_size
        set_cards(out["loose"], view.loose)
        for q, t in enumerate(view.trailed):
            set_cards(out["trailed"][seat(q, me)], t)
        rows = out["builds"]
        for i, b in enumerate(view.builds):
            row = rows[i]
            set_cards(row, b.mask)
            row[NUM_CARDS + b.value] = 1.0
            row[NUM_CARDS + NUM_VALUES] = float(b.units > 1)
            row[NUM_CARDS + NUM_VALUES + 1 + seat(b.owner, me)] = 1.0
        for side, pile in enumerate(view.piles):
            slot = self.side_slot(side, me)
            set_cards(out["piles"][slot], pile)
            out["sweeps"][slot] = view.sweeps[side] / self.max_sweeps
            out["scores"][slot] = view.scores[side] / self.score_scale
        set_cards(out["last_take"], view.last_take[1])
        if view.last_taker >= 0:
            out["last_taker"][seat(view.last_taker, me)] = 1.0
        for q, d in enumerate(view.declared):
            row = out["declared"][seat(q, me)]
            for v in range(NUM_VALUES):
                if d >> v & 1:
                    row[v] = 1.0
        m = view.move
        if m is not None:
            out["move_card"][m.card] = 1.0
            flags = out["move_kind"]
            if m.kind == KIND_TAKE:
                flags[0] = 1.0
            elif m.kind == KIND_BUILD:
                flags[1] = 1.0
            flags[2] = float(m.high)
            flags[3] = float(m.pair_done)
            flags[4] = float(m.req_ok)
            if m.kind != KIND_NONE:
                out["move_value"][m.value] = 1.0
            set_cards(out["move_selected"], m.sel)
            for x in m.open:
                out["move_open"][x] = 1.0
            for i, b in enumerate(view.builds):
                if m.sel_builds >> build_key(b.mask) & 1:
                    out["move_builds"][i] = 1.0
        out["target"][0] = view.target / self.score_scale
        out["deal_number"][0] = view.deal_number / self.max_deals
        if perfect_recall:
            schema = self.event_schema
            schema.encode(out["events"], view.events, me)
            res = out["results"]
            for i, pts in enumerate(view.results[: self.result_rows]):
                for side, p in enumerate(pts):
                    res[i, self.side_slot(side, me)] = p / self.deal_scale

    @functools.cached_property
    def _at(self) -> dict[str, int]:
        """The flat offset of each piece (:func:`~hoyle.envs.core.bits.offsets`) of the
        information state; the observation's are the same, its pieces coming first."""
        return offsets(self.tensor_pieces(True))

    @functools.cached_property
    def _slots(self) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """``_slots[me]``: each seat's :meth:`seat_slot` and each side's :meth:`side_slot`
        from ``me``."""
        n = self.num_players
        return tuple(
            (
                tuple(self.seat_slot(q, me) for q in range(n)),
                tuple(self.side_slot(side, me) for side in range(self.num_sides)),
            )
            for me in range(n)
        )

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        at = self._at
        out = (
            *range(at["hand_sizes"], at["hand_sizes"] + 4),
            at["stock"],
            *range(at["sweeps"], at["sweeps"] + 4),
            *range(at["scores"], at["scores"] + 4),
            at["target"],
            at["deal_number"],
        )
        if perfect_recall:
            out += tuple(range(at["results"], at["results"] + 4 * self.result_rows))
        return out

    def tensor_bits(
        self, s: CassinoState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        seat, side_slot = self._slots[me]
        b = 1 << (at["phase"] + s.phase)
        to_move = self.current_player(s)
        if to_move >= 0:
            b |= 1 << (at["to_move"] + seat[to_move])
        b |= 1 << (at["dealer"] + seat[s.dealer]) | s.hands[me] << at["hand"]
        loose = s.loose
        b |= loose << at["loose"]
        trailed = at["trailed"]
        for q, t in enumerate(s.trailed):
            if t & loose:
                b |= (t & loose) << (trailed + seat[q] * NUM_CARDS)
        builds = s.builds
        row = at["builds"]
        for bd in builds:
            b |= (
                bd.mask << row
                | 1 << (row + NUM_CARDS + bd.value)
                | 1 << (row + NUM_CARDS + NUM_VALUES + 1 + seat[bd.owner])
            )
            if bd.units > 1:
                b |= 1 << (row + NUM_CARDS + NUM_VALUES)
            row += BUILD_ROW
        piles = at["piles"]
        for side, pile in enumerate(s.piles):
            b |= pile << (piles + side_slot[side] * NUM_CARDS)
        b |= s.last_take[1] << at["last_take"]
        if s.last_taker >= 0:
            b |= 1 << (at["last_taker"] + seat[s.last_taker])
        declared = at["declared"]
        all_values = (1 << NUM_VALUES) - 1
        for q, d in enumerate(s.declared):
            if d:
                b |= (d & all_values) << (declared + seat[q] * NUM_VALUES)
        m = s.move if me == s.player else self.seen_move(s, s.player)
        if m is not None:
            b |= 1 << (at["move_card"] + m.card)
            flags = at["move_kind"]
            if m.kind == KIND_TAKE:
                b |= 1 << flags
            elif m.kind == KIND_BUILD:
                b |= 1 << (flags + 1)
            if m.high:
                b |= 1 << (flags + 2)
            if m.pair_done:
                b |= 1 << (flags + 3)
            if m.req_ok:
                b |= 1 << (flags + 4)
            if m.kind != KIND_NONE:
                b |= 1 << (at["move_value"] + m.value)
            b |= m.sel << at["move_selected"]
            opened = at["move_open"]
            for x in m.open:
                b |= 1 << (opened + x)
            if m.sel_builds:
                chosen = at["move_builds"]
                for i, bd in enumerate(builds):
                    if m.sel_builds >> build_key(bd.mask) & 1:
                        b |= 1 << (chosen + i)
        hand_sizes = [0.0] * 4
        k = self.hand_size
        for q, h in enumerate(s.hands):
            hand_sizes[seat[q]] = h.bit_count() / k
        sweeps = [0.0] * 4
        scores = [0.0] * 4
        for side in range(len(s.piles)):
            slot = side_slot[side]
            sweeps[slot] = s.sweeps[side] / self.max_sweeps
            scores[slot] = s.scores[side] / self.score_scale
        values = [
            *hand_sizes,
            (self.pack & ~s.dealt).bit_count() / self.pack_size,
            *sweeps,
            *scores,
            s.target / self.score_scale,
            s.deal_number / self.max_deals,
        ]
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["events"]
            results = [0.0] * (4 * self.result_rows)
            scale = self.deal_scale
            for i, pts in enumerate(s.results[: self.result_rows]):
                for side, p in enumerate(pts):
                    results[4 * i + side_slot[side]] = p / scale
            values += results
        return b, values

    def view_string(self, view: CassinoView, perfect_recall: bool) -> str:
        me = view.player
        who = self.seat_words
        lines = [
            f"Cassino ({self.variant}); deal {view.deal_number + 1}; dealer: "
            f"{who(view.dealer, me)}; phase: {PHASE_NAMES[view.phase]}; to move: "
            + (who(view.to_move, me) if view.to_move >= 0 else "-"),
            f"my hand: {_cards(view.hand)}",
            "hands: "
            + ", ".join(f"{who(q, me)} {k}" for q, k in enumerate(view.hand_sizes))
            + f"; stock: {view.stock}",
            f"loose: {_cards(view.loose)}",
            "builds: "
            + (", ".join(f"{describe_build(b)} of {who(b.owner, me)}" for b in view.builds) or "-"),
        ]
        trailed = [f"{who(q, me)} {_cards(t)}" for q, t in enumerate(view.trailed) if t]
        if trailed:
            lines.append("trailed: " + ", ".join(trailed))
        for side, pile in enumerate(view.piles):
            lines.append(
                f"taken in by {self.side_words(side, me)} ({pile.bit_count()}): {_cards(pile)}; "
                f"sweeps {view.sweeps[side]}"
            )
        taker, taken = view.last_take
        if taker >= 0:
            lines.append(f"last take-in: {who(taker, me)} {_cards(taken)}")
        declared = [f"{who(q, me)} {_values(d)}" for q, d in enumerate(view.declared) if d]
        if declared:
            lines.append("declared: " + ", ".join(declared))
        if view.move is not None:
            lines.append(f"play: {self.move_words(view.move, view.builds)}")
        if self.match:
            lines.append(
                "scores: "
                + ", ".join(f"{self.side_words(i, me)} {x}" for i, x in enumerate(view.scores))
                + f" (game: {view.target})"
            )
        if view.outcome is not None:
            lines.append(f"returns: {view.outcome[me]:+g} for me")
        if perfect_recall:
            lines.append("events:")
            lines.extend(f"  {x}" for x in self.event_lines(view))
        return "\n".join(lines)

    def event_lines(self, view: CassinoView) -> list[str]:
        """Every event the viewer saw, in words, oldest first (the core's lines)."""
        me = view.player
        return self.event_schema.lines(view.events, lambda q: self.seat_words(q, me))

    def table_view(self, s: CassinoState, player: int) -> TableView:
        """``player``'s view laid out for a renderer (from :meth:`player_view`): each hand (his
        own cards, the others' as counts), the stock, the loose cards, each build as a row
        labelled with its name, each side's pile of cards taken in (face down: a count), the
        sweeps and scores, the log in words."""
        view = self.player_view(s, player)
        me = view.player
        who = self.seat_words
        zones = [
            Zone(
                f"hand {q}",
                "hand",
                _bits(view.hand) if q == me else (),
                0 if q == me else k,
                owner=q,
                label=who(q, me),
            )
            for q, k in enumerate(view.hand_sizes)
        ]
        zones.append(Zone("stock", "stock", hidden=view.stock))
        zones.append(Zone("table", "row", _bits(view.loose), label="loose cards"))
        for b in view.builds:
            zones.append(
                Zone(
                    f"build {build_key(b.mask)}",
                    "row",
                    _bits(b.mask),
                    owner=b.owner,
                    label=build_name(b),
                )
            )
        counters: list[Counter] = []
        for side, pile in enumerate(view.piles):
            owner = self.players_of_side[side][0]
            name = self.side_words(side, me)
            zones.append(
                Zone(f"pile {side}", "pile", hidden=pile.bit_count(), owner=owner, label=name)
            )
            counters.append(Counter(f"sweeps {side}", view.sweeps[side], owner))
            if self.match:
                counters.append(Counter(f"score {side}", view.scores[side], owner))
        if self.match:
            counters.append(Counter("game", view.target))
        return TableView(
            player=me,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_lines(view)),
            seats=tuple(who(q, me) for q in range(self.num_players)),
        )


# --- the information abstraction (MCCFR on the full game) -------------------------------------

_SCORING_CARDS = BIG_CASSINO, LITTLE_CASSINO, *ACES_IN_ORDER


def abstraction_key(view: CassinoView) -> tuple[Any, ...] | None:
    """A compact key of a player's view, for MCCFR on the full game (``GameSpec.abstraction``).

    MCCFR learns which card to play and what play to make with it (the phases *play a card*
    and *choose the play*); choosing the table cards of a play (*choose the cards*) returns
    ``None``: a delegated decision, made by the book heuristic in training and at play.
    Read from the view alone (states the player cannot tell apart share it): the phase; the
    cards in my hand and loose on the table; the values of the builds on the table and how
    many are mine; the scoring cards (the Cassinos and Aces) lying loose; the stock in
    quarters; my side's taken-in cards less the most of any other side, in threes (-3 to 3:
    the race for cards); and the play under way (its steps, all visible). Which cards exactly
    are in the hand and on the table is forgotten except through the legal actions, which
    the trainer adds to the key with the seat, so no key merges two sets of different moves.
    """
    if view.phase not in (PLAY, KIND):
        return None
    loose = view.loose
    scoring = sum(loose >> c & 1 for c in _SCORING_CARDS)
    mine = view.rules.side_of[view.player]
    piles = [p.bit_count() for p in view.piles]
    others = max((n for i, n in enumerate(piles) if i != mine), default=0)
    lead = max(-3, min(3, (piles[mine] - others) // 3)) if piles else 0
    return (
        view.phase, view.hand.bit_count(), loose.bit_count(),
        tuple(sorted(b.value for b in view.builds)),
        sum(b.owner == view.player for b in view.builds), scoring, view.stock // 4, lead,
        view.move.steps if view.move is not None else (),
    )  # fmt: skip
