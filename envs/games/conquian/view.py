"""What a Conquian player sees: his view, its tensors and strings, and the table view.

A player sees his own hand, both players' combinations, the exposed card and who has its
disposal (and whether by first refusal), every card declined or passed, the stock count, the
adversary's hand size and the move under way; with perfect recall also every event he saw,
in order (the core's event log cut for him: the cards dealt to his adversary read "a card").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hoyle.envs.core.bits import PackBits, offsets
from hoyle.envs.core.cards import cards_of, format_card
from hoyle.envs.core.events import Event, ViewEvent
from hoyle.envs.core.observe import set_cards, set_one_hot
from hoyle.envs.core.rules import seat_words
from hoyle.envs.core.table import Counter, TableView, Zone
from hoyle.envs.games.conquian.rules import (
    BUILD,
    DEAL,
    DECLINE_ACTION,
    FORCE_ACTION_BASE,
    GO_OUT_ACTION,
    LAY_ACTION,
    MELD,
    MELD_ACTION,
    NUM_PHASES,
    OVER,
    PASS_ACTION,
    PHASE_NAMES,
    SOURCE_NAMES,
    TABLE_ACTION,
    USE_ACTION,
    USE_ON_ACTION_BASE,
    ConquianPlay,
    ConquianState,
    _cards,
    _result,
    format_combination,
)


@dataclass(frozen=True)
class ConquianView:
    """What one player sees: his hand, the table, the public history; nothing hidden.

    Players are absolute ids where a field says so; ``my_*``/``adv_*`` are relative to
    ``player``. ``log`` is the table's event log, kept only to be cut for this player on
    demand (``events``, where the cards dealt to his adversary are hidden); it takes no part
    in comparing views, and nothing should read it but ``events``.
    """

    player: int
    phase: int
    to_move: int
    hand: int
    my_combos: tuple[int, ...]
    adv_combos: tuple[int, ...]
    exposed: int
    holder: int
    source: int
    my_declined: int
    adv_declined: int
    dead: int
    stock: int
    adv_hand_size: int
    adv_shown: int
    build: int
    base: int
    borrowed: int
    discard: int
    dealer: int
    deal_no: int
    deals: int
    pool: int
    my_score: int
    results: tuple[int, ...]
    log: tuple[Event, ...] = field(repr=False, compare=False)
    rules: ConquianPlay = field(compare=False, repr=False)

    @property
    def events(self) -> tuple[ViewEvent, ...]:
        """Every event this player saw, oldest first: ``(kind, actor, value)`` with the kinds
        ``EV_*`` of :mod:`.rules`, the value ``HIDDEN`` for a card dealt to the adversary."""
        return self.rules.event_schema.view(self.log, self.player)

    def unseen(self) -> int:
        """Cards this player has not seen this deal: the adversary's hand and the stock."""
        seen = self.hand | self.dead | self.build | self.adv_shown
        for m in self.my_combos + self.adv_combos:
            seen |= m
        if self.exposed >= 0:
            seen |= 1 << self.exposed
        if self.discard >= 0:
            seen |= 1 << self.discard
        return self.rules.pack_mask & ~seen


class ConquianViews(ConquianPlay):
    """The rules' information methods: the view, its tensors and strings, the table view."""

    def player_view(self, s: ConquianState, player: int) -> ConquianView:
        adv = 1 - player
        shown = s.hands[adv] if s.phase == OVER else 0
        return ConquianView(
            player=player,
            phase=s.phase,
            to_move=s.to_move,
            hand=s.hands[player],
            my_combos=s.combos[player],
            adv_combos=s.combos[adv],
            exposed=s.exposed,
            holder=s.holder,
            source=s.source,
            my_declined=s.declined[player],
            adv_declined=s.declined[adv],
            dead=s.dead,
            stock=(self.pack_mask & ~s.dealt).bit_count() if s.phase != DEAL else self.stock_size,
            adv_hand_size=s.hands[adv].bit_count(),
            adv_shown=shown,
            build=s.build,
            base=s.base,
            borrowed=s.borrowed,
            discard=s.discard,
            dealer=s.dealer,
            deal_no=s.deal_no,
            deals=self.deals,
            pool=s.pool,
            my_score=s.scores[player],
            results=s.results,
            log=s.log,
            rules=self,
        )

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        n = len(self.pack_cards)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("hand", (n,)),
            ("my_combos", (self.max_combinations, n)),
            ("adv_combos", (self.max_combinations, n)),
            ("exposed", (n,)),
            ("disposal", (3,)),
            ("source", (3,)),
            ("my_declined", (n,)),
            ("adv_declined", (n,)),
            ("dead", (n,)),
            ("adv_shown", (n,)),
            ("build", (n,)),
            ("borrowed", (n,)),
            ("base", (self.max_combinations,)),
            ("discard", (n,)),
            ("phase", (NUM_PHASES,)),
            ("to_move", (2,)),
            ("dealer", (2,)),
            ("stock", (self.stock_size + 1,)),
            ("adv_hand", (self.winning_down + 1,)),
            ("series", (4,)),
        ]
        if perfect_recall:
            pieces.append(self.event_schema.piece())
        return pieces

    def encode_view(self, view: ConquianView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        idx = self.pack_index
        me = view.player
        set_cards(out["hand"], view.hand, idx)
        for i, m in enumerate(view.my_combos):
            set_cards(out["my_combos"][i], m, idx)
        for i, m in enumerate(view.adv_combos):
            set_cards(out["adv_combos"][i], m, idx)
        if view.exposed >= 0:
            out["exposed"][idx[view.exposed]] = 1.0
            out["disposal"][0 if view.holder == me else 1] = 1.0
            out["source"][view.source] = 1.0
        else:
            out["disposal"][2] = 1.0
        set_cards(out["my_declined"], view.my_declined, idx)
        set_cards(out["adv_declined"], view.adv_declined, idx)
        set_cards(out["dead"], view.dead, idx)
        set_cards(out["adv_shown"], view.adv_shown, idx)
        set_cards(out["build"], view.build, idx)
        set_cards(out["borrowed"], view.borrowed, idx)
        set_one_hot(out["base"], view.base)
        if view.discard >= 0:
            out["discard"][idx[view.discard]] = 1.0
        out["phase"][view.phase] = 1.0
        if view.to_move >= 0:
            out["to_move"][0 if view.to_move == me else 1] = 1.0
        out["dealer"][0 if view.dealer == me else 1] = 1.0
        set_one_hot(out["stock"], view.stock)
        set_one_hot(out["adv_hand"], view.adv_hand_size)
        series = out["series"]  # every entry in [0, 1]
        series[0] = view.deal_no / view.deals
        series[1] = view.pool / view.deals
        series[2] = (view.my_score + view.deals) / (2 * view.deals)
        series[3] = 1.0 if view.deal_no >= view.deals - 1 else 0.0
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

    def tensor_values(self, perfect_recall: bool) -> tuple[int, ...]:
        series = self._at["series"]
        return (series, series + 1, series + 2)

    def tensor_bits(
        self, s: ConquianState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """:meth:`encode_view` of ``player_view(s, me)`` as bits (:mod:`hoyle.envs.core.bits`),
        read from the state: the conformance suite holds the two equal."""
        at = self._at
        to_pack = self._to_pack
        idx = self.pack_index
        n = len(self.pack_cards)
        adv = 1 - me
        b = to_pack(s.hands[me]) << at["hand"]
        row = at["my_combos"]
        for m in s.combos[me]:
            b |= to_pack(m) << row
            row += n
        row = at["adv_combos"]
        for m in s.combos[adv]:
            b |= to_pack(m) << row
            row += n
        if s.exposed >= 0:
            b |= 1 << (at["exposed"] + idx[s.exposed])
            b |= 1 << (at["disposal"] + (0 if s.holder == me else 1))
            b |= 1 << (at["source"] + s.source)
        else:
            b |= 1 << (at["disposal"] + 2)
        mine, theirs = s.declined[me], s.declined[adv]
        if mine:
            b |= to_pack(mine) << at["my_declined"]
        if theirs:
            b |= to_pack(theirs) << at["adv_declined"]
        if s.dead:
            b |= to_pack(s.dead) << at["dead"]
        if s.phase == OVER:
            b |= to_pack(s.hands[adv]) << at["adv_shown"]
        if s.build:
            b |= to_pack(s.build) << at["build"]
        if s.borrowed:
            b |= to_pack(s.borrowed) << at["borrowed"]
        if 0 <= s.base < self.max_combinations:
            b |= 1 << (at["base"] + s.base)
        if s.discard >= 0:
            b |= 1 << (at["discard"] + idx[s.discard])
        b |= 1 << (at["phase"] + s.phase)
        if s.to_move >= 0:
            b |= 1 << (at["to_move"] + (0 if s.to_move == me else 1))
        b |= 1 << (at["dealer"] + (0 if s.dealer == me else 1))
        stock = (self.pack_mask & ~s.dealt).bit_count() if s.phase != DEAL else self.stock_size
        if 0 <= stock <= self.stock_size:
            b |= 1 << (at["stock"] + stock)
        adv_hand = s.hands[adv].bit_count()
        if adv_hand <= self.winning_down:
            b |= 1 << (at["adv_hand"] + adv_hand)
        deals = self.deals
        if s.deal_no >= deals - 1:
            b |= 1 << (at["series"] + 3)
        if perfect_recall:
            b |= self.event_schema.bits(s.log, me) << at["size"]
        return b, [
            s.deal_no / deals,
            s.pool / deals,
            (s.scores[me] + deals) / (2 * deals),
        ]

    def view_string(self, view: ConquianView, perfect_recall: bool) -> str:
        me = view.player
        role = "dealer" if view.dealer == me else "pone"
        mover = (
            "you"
            if view.to_move == me
            else "adversary"
            if view.to_move >= 0
            else seat_words(view.to_move)
        )
        lines = [
            f"Conquian, deal {min(view.deal_no + 1, view.deals)} of {view.deals}; you are player "
            f"{me}, the {role}; phase: {PHASE_NAMES[view.phase]}; to move: {mover}",
            f"Your hand: {_cards(view.hand)}",
            "Your combinations: "
            + (" | ".join(format_combination(m) for m in view.my_combos) or "-"),
            "Adversary's combinations: "
            + (" | ".join(format_combination(m) for m in view.adv_combos) or "-"),
            f"Adversary's hand: {view.adv_hand_size} cards"
            + (f", shown: {_cards(view.adv_shown)}" if view.adv_shown else ""),
        ]
        if view.exposed >= 0:
            whose = "your" if view.holder == me else "the adversary's"
            lines.append(
                f"Exposed: {format_card(view.exposed)}, at {whose} disposal "
                f"({SOURCE_NAMES[view.source]})"
            )
        else:
            lines.append("Exposed: none")
        if view.phase in (BUILD, MELD) or view.build:
            base = ""
            if view.base >= 0:
                owner = view.my_combos if view.to_move == me else view.adv_combos
                base = f", onto {format_combination(owner[view.base])}"
            lines.append(
                f"Being laid: {_cards(view.build)} (borrowed: {_cards(view.borrowed)}){base}"
            )
        if view.discard >= 0:
            lines.append(f"Discard chosen: {format_card(view.discard)}")
        lines.append(
            f"Declined by you: {_cards(view.my_declined)}; by adversary: "
            f"{_cards(view.adv_declined)}"
        )
        lines.append(f"Passed (dead pile): {_cards(view.dead)}")
        lines.append(f"Stock: {view.stock} cards")
        lines.append(
            f"Your score: {view.my_score}; tableau pool: {view.pool}; results: "
            + (", ".join(_result(r, me) for r in view.results) or "-")
        )
        if perfect_recall:
            lines.append("Events:")
            lines.extend("  " + w for w in self.event_lines(view))
        return "\n".join(lines)

    def event_lines(self, view: ConquianView) -> list[str]:
        """The events ``view.player`` saw, in words ("you: use it", "dealt the adversary a
        card")."""
        me = view.player
        return self.event_schema.lines(
            view.events, lambda q: "you" if q == me else "the adversary", action_words
        )

    def table_view(self, s: ConquianState, player: int) -> TableView:
        """``player``'s view laid out (from ``player_view``): the hands (the adversary's as a
        count, or as shown at the end), each player's combinations as rows, the card exposed
        and the one being laid or discarded, the stock, the dead pile, the scores, the log."""
        view = self.player_view(s, player)
        me, adv = player, 1 - player
        zones = [
            Zone("hand", "hand", tuple(cards_of(view.hand)), owner=me, label="your hand"),
            Zone(
                "adversary_hand",
                "hand",
                tuple(cards_of(view.adv_shown)),
                hidden=view.adv_hand_size - view.adv_shown.bit_count(),
                owner=adv,
                label="the adversary's hand",
            ),
        ]
        for q, combos in ((me, view.my_combos), (adv, view.adv_combos)):
            whose = "your" if q == me else "the adversary's"
            for i, m in enumerate(combos):
                zones.append(
                    Zone(
                        f"p{q}.combination{i + 1}",
                        "row",
                        tuple(cards_of(m)),
                        owner=q,
                        label=f"{whose} {format_combination(m)}",
                    )
                )
        if view.phase in (BUILD, MELD) or view.build:
            borrowed = f" (borrowed: {_cards(view.borrowed)})" if view.borrowed else ""
            zones.append(
                Zone(
                    "being_laid",
                    "row",
                    tuple(cards_of(view.build)),
                    owner=view.to_move,
                    label="being laid" + borrowed,
                )
            )
        if view.exposed >= 0:
            mine = view.holder == me
            whose = "your" if mine else "the adversary's"
            source = SOURCE_NAMES[view.source] if mine else _THEIR_SOURCE[view.source]
            zones.append(
                Zone(
                    "exposed",
                    "row",
                    (view.exposed,),
                    owner=view.holder,
                    label=f"at {whose} disposal ({source})",
                )
            )
        if view.discard >= 0:
            zones.append(
                Zone("discard", "row", (view.discard,), owner=view.to_move, label="discard chosen")
            )
        zones.append(Zone("stock", "stock", hidden=view.stock, label="the stock"))
        zones.append(
            Zone("dead", "pile", tuple(cards_of(view.dead)), label="passed (the dead pile)")
        )
        counters = [
            Counter("deal", f"{min(view.deal_no + 1, view.deals)} of {view.deals}"),
            Counter("phase", PHASE_NAMES[view.phase]),
            Counter(f"p{me}.score", view.my_score, owner=me),
            Counter(f"p{adv}.score", -view.my_score, owner=adv),
            Counter("tableau pool", view.pool),
            Counter(f"p{me}.declined", _cards(view.my_declined), owner=me),
            Counter(f"p{adv}.declined", _cards(view.adv_declined), owner=adv),
        ]
        names = ["pone", "pone"]
        names[view.dealer] = "dealer"
        return TableView(
            player=me,
            to_move=view.to_move,
            zones=tuple(zones),
            counters=tuple(counters),
            log=tuple(self.event_lines(view)),
            seats=tuple(names),
        )


_THEIR_SOURCE = ("first refusal", "declined by you", "your discard")
"""``SOURCE_NAMES`` told to the player who has not the disposal of the exposed card."""


def action_words(a: int) -> str:
    """A move that names no card of the mover's, as the log tells it."""
    if a == USE_ACTION:
        return "use it"
    if USE_ON_ACTION_BASE <= a < FORCE_ACTION_BASE:
        return f"use it on own combination {a - USE_ON_ACTION_BASE + 1}"
    if FORCE_ACTION_BASE <= a < DECLINE_ACTION:
        return f"force it on the other's combination {a - FORCE_ACTION_BASE + 1}"
    return {
        DECLINE_ACTION: "decline it", PASS_ACTION: "pass it", LAY_ACTION: "lay",
        MELD_ACTION: "lay a combination from hand", TABLE_ACTION: "lay the discard on the table",
        GO_OUT_ACTION: "go out",
    }.get(a, f"action {a}")  # fmt: skip
