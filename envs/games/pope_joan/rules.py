"""The rules of Pope Joan on the stops engine: the first dealer, the dressing, the pools.

The deal and the play are the engine's (:mod:`hoyle.envs.core.stops`, Commit's "manner of
playing"); this module adds what Pope Joan has of its own: the first Jack for the first deal
(a chance node over the seats), the dressing before each deal, the trump turned in the
Matrimony layout (a chance node), the pools won by a card played, and the settlement when a
player goes out (:mod:`~hoyle.envs.games.pope_joan.layout`). Pure: no pyspiel, no randomness.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from hoyle.envs.core.cards import (
    DIAMONDS,
    EIGHT,
    KING,
    NUM_SUITS,
    SUIT_NAMES,
    card,
    format_card,
    suit_of,
)
from hoyle.envs.core.deal import deal_outcomes
from hoyle.envs.core.errors import GameParameterError
from hoyle.envs.core.events import EVERYONE, EventKind, log_event
from hoyle.envs.core.pools import dress, pool_sizes
from hoyle.envs.core.registry import ParamValue
from hoyle.envs.core.rules import CHANCE, replace_at
from hoyle.envs.core.stops import (
    EV_DEAL_BEGINS,
    FIRST_GAME_EVENT,
    FIRST_GAME_PHASE,
    NUM_CARDS,
    STOPS_DEAL_TABLE,
    StopsRules,
    StopsState,
    StopsView,
)
from hoyle.envs.games.pope_joan.layout import (
    DIVISIONS,
    DOUBLES,
    MATRIMONY,
    PAID_PER_CARD,
    POPES,
    SHARES,
    TAKES,
    Layout,
    Payment,
    end_of_deal,
    first_jack_odds,
    layout_for,
    on_play,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 8
BOOK_HAND_SIZE = STOPS_DEAL_TABLE
"""The book's table (:data:`~hoyle.envs.core.stops.STOPS_DEAL_TABLE`)."""
MAX_HAND_SIZE = max(BOOK_HAND_SIZE.values())
MIN_RANKS = 7
"""A reduced pack keeps the ranks from the King down to the Seven at least: every layout card
(the Seven of diamonds is the lowest, as the Pope) stays in it."""

FIRST_JACK, TURN = FIRST_GAME_PHASE, FIRST_GAME_PHASE + 1
"""The game's own phases, both chance nodes: the cards thrown round for the first deal (the
outcome is the seat that receives the first Jack), and the trump turned (Matrimony layout)."""
NUM_PHASES = TURN + 1
PHASE_NAMES = ("deal", "play", "over", "first Jack", "trump")

# The game's events, after the engine's (``FIRST_GAME_EVENT`` on).
EV_FIRST_JACK = FIRST_GAME_EVENT
EV_TRUMP = EV_FIRST_JACK + 1
EV_DRESSES = EV_TRUMP + 1
EV_PAYS = EV_DRESSES + 1
EV_TAKES = EV_PAYS + 1
"""Then one kind per division for a pool taken, one per division for a share, one per
division for a doubling: ``EV_TAKES + what * DIVISIONS + division`` (``what``: TAKES,
SHARES, DOUBLES of :mod:`~hoyle.envs.games.pope_joan.layout`)."""


def game_event_kinds(names: tuple[str, ...]) -> tuple[EventKind, ...]:
    """The game's kinds of event for a layout whose divisions are ``names``. The amounts are
    not in the events (they can exceed any fixed range of values): the counters and pools of
    every view show them."""
    return (
        EventKind("the first Jack fell to {actor}", value="none"),
        EventKind("{actor} turned up {value} for trumps"),
        EventKind("{actor} dressed the layout", value="none"),
        EventKind("{actor} paid {value} for the cards he held", value="number"),
        *(EventKind(f"{{actor}} took the {n} pool", value="none") for n in names),
        *(EventKind(f"{{actor}} took a share of the {n} pool", value="none") for n in names),
        *(EventKind(f"{{actor}} was caught and doubled the {n}", value="none") for n in names),
    )


def sitting_bound(deals: int, growth: int) -> int:
    """The most counters that can ever be put on the layout in ``deals`` deals.

    Each deal the dealer adds 15; at its end the pools standing are at most multiplied by
    ``growth`` (2: one player caught with a layout card adds what lies on it; 3 in the
    Matrimony layout, where two players may each hold a card of one combination). With
    ``S`` the total put on before a deal, the deal adds at most ``15 + (growth - 1)(S + 15)``:
    ``S_d <= growth * S_{d-1} + 15 * growth``, so ``S_D <= 15 growth (growth^D - 1) /
    (growth - 1)``.

    >>> sitting_bound(1, 2), sitting_bound(2, 2), sitting_bound(1, 3)
    (30, 90, 45)
    """
    return int(15 * growth * (growth**deals - 1) // (growth - 1))


class PopeJoanState(StopsState):
    """The engine's state and Pope Joan's own slots: ``played_by`` (each seat's cards played
    this deal: who played which card of a combination) and ``trump_card`` (the card turned up
    in the Matrimony layout, a stop everyone knows; -1 otherwise)."""

    __slots__ = ("played_by", "trump_card")
    played_by: tuple[int, ...]
    trump_card: int


@dataclass(frozen=True)
class PopeJoanView(StopsView):
    """The engine's view and the trump turned up (-1: none)."""

    trump_card: int = -1

    @property
    def layout(self) -> Layout:
        """The layout of this deal (the Matrimony layout's combinations of the trump)."""
        rules = self.rules
        assert isinstance(rules, PopeJoanRules)
        return rules.layout_at(self.trump_card)


class PopeJoanRules(StopsRules[PopeJoanState]):
    """The rules of Pope Joan for one parameter set."""

    state_class = PopeJoanState
    title = "Pope Joan"

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.params = dict(params)
        n = int(params["players"])
        self.layout_kind = str(params["layout"])
        self.pope = POPES[int(params["pope"])]
        self.eight_of_diamonds = bool(params["eight_of_diamonds"])
        ranks = int(params["ranks"])
        pack = 0
        for suit in range(NUM_SUITS):
            for rank in range(KING, KING - ranks, -1):
                pack |= 1 << card(suit, rank)
        if not self.eight_of_diamonds:
            pack &= ~(1 << card(DIAMONDS, EIGHT))
        given = int(params["hand_size"])
        h = given or BOOK_HAND_SIZE[n]
        if h * n > pack.bit_count():
            hand = f"hand_size={h}" if given else f"the book's {h} cards (hand_size=0)"
            raise GameParameterError(
                f"ranks={ranks} gives a pack of {pack.bit_count()} cards, too few to deal {hand} "
                f"to each of players={n}"
            )
        deals = int(params["deals"])
        self.layouts = {t: layout_for(self.layout_kind, self.pope, t) for t in range(-1, 4)}
        names = self.layouts[-1].names
        super().__init__(
            players=n,
            pack=pack,
            hand_size=h,
            deals=deals,
            divisions=DIVISIONS,
            game_events=game_event_kinds(names),
            # Each deal: the first Jack, the trump, the dressing, the deal's start; a payment
            # per seat; at most a take, or a share per seat, and a doubling per seat, on each
            # division.
            game_events_per_deal=4 + n + DIVISIONS * (1 + 2 * n),
            num_distinct_actions=NUM_CARDS,
        )
        self.matrimony = self.layout_kind == MATRIMONY
        self.max_chance_nodes += 1 + (deals if self.matrimony else 0)
        self.first_jack = tuple(float(p) for p in first_jack_odds(n, pack.bit_count()))
        # Returns (module docstring): a player loses at most all that is ever put on the layout
        # and a counter per card he holds each deal; he wins at most the same from the others.
        on_layout = sitting_bound(deals, 3 if self.matrimony else 2)
        self.min_utility = -float(on_layout + deals * h)
        self.max_utility = float(on_layout + deals * (n - 1) * h)

    # --- the layout -------------------------------------------------------------------------
    def layout(self, s: PopeJoanState) -> Layout:
        """This deal's layout (the Matrimony layout's combinations are of the trump turned)."""
        return self.layout_at(s.trump_card)

    def layout_at(self, trump_card: int) -> Layout:
        """The layout when ``trump_card`` is turned up (-1: none, or not yet)."""
        return self.layouts[suit_of(trump_card) if trump_card >= 0 else -1]

    def _log_payments(self, s: PopeJoanState, paid: tuple[Payment, ...]) -> None:
        for what, seat, d, amount in paid:
            if what == PAID_PER_CARD:
                s.log = log_event(s.log, EV_PAYS, seat, amount)
            else:
                kind = EV_TAKES + (TAKES, SHARES, DOUBLES).index(what) * DIVISIONS + d
                s.log = log_event(s.log, kind, seat)

    # --- the engine's hooks -----------------------------------------------------------------
    def init_game_slots(self, s: PopeJoanState) -> None:
        s.played_by = (0,) * self.num_players
        s.trump_card = -1

    def begin_deal(self, s: PopeJoanState) -> None:
        """Before the first deal the cards are thrown round for the deal (a chance node: the
        engine's "player ``n - 1`` deals" is not yet known); before each, the dealer dresses
        the layout; in the Matrimony layout a trump is then turned (a chance node)."""
        if s.ply == 0:
            s.log = s.log[:-1]  # the engine's event naming its default dealer
            s.dealer = -1
            s.phase = FIRST_JACK
            s.to_move = CHANCE
            return
        s.played_by = (0,) * self.num_players
        s.trump_card = -1
        s.pools, s.counters = dress(s.pools, s.counters, s.dealer, self.layouts[-1].dressing)
        s.log = log_event(s.log, EV_DRESSES, s.dealer)
        if self.matrimony:
            s.phase = TURN
            s.to_move = CHANCE
        else:
            self.start_dealing(s)

    def chance_outcomes(self, s: PopeJoanState) -> list[tuple[int, float]]:
        """The seat that gets the first Jack (exact chances); the trump turned (any card of
        the pack, equally likely: turned before the deal, it is the same as the top of the
        stock turned after it); the next card dealt (any card not dealt nor turned)."""
        if s.phase == FIRST_JACK:
            return list(enumerate(self.first_jack))
        if s.phase == TURN:
            return deal_outcomes(self.pack, 0)
        if s.trump_card >= 0:
            return deal_outcomes(self.pack & ~(1 << s.trump_card), s.dealt)
        return super().chance_outcomes(s)

    def game_apply(self, s: PopeJoanState, action: int) -> None:
        if s.phase == FIRST_JACK:
            s.dealer = action
            s.log = log_event(s.log, EV_FIRST_JACK, action)
            s.log = log_event(s.log, EV_DEAL_BEGINS, action, 0)
            self.begin_deal(s)
        elif s.phase == TURN:
            s.trump_card = action
            s.log = log_event(s.log, EV_TRUMP, s.dealer, action, EVERYONE, s.ply - 1)
            self.start_dealing(s)
        else:
            raise AssertionError(f"no action {action} in phase {s.phase}")

    def game_action_string(self, s: PopeJoanState, action: int) -> str:
        if s.phase == FIRST_JACK:
            return f"the first Jack falls to player {action}"
        if s.phase == TURN:
            return f"turn up {format_card(action)} for trumps"
        return f"action {action}"

    def on_play(self, s: PopeJoanState, seat: int, c: int, led: bool) -> None:
        """A layout card played takes its pool at once (led or not: ASSUMPTION 5)."""
        del led  # Unused: a lead wins a pool as any card played does.
        s.played_by = replace_at(s.played_by, seat, s.played_by[seat] | 1 << c)
        lay = self.layout(s)
        if not lay.all_cards >> c & 1:
            return
        s.pools, s.counters, paid = on_play(lay, s.pools, s.counters, seat, c, s.played_by)
        self._log_payments(s, paid)

    def end_of_deal(self, s: PopeJoanState, winner: int) -> None:
        """The first out collects a counter per card held; a layout card caught doubles its
        pool; one in the stock leaves it (and the Game, in the Matrimony layout)."""
        s.pools, s.counters, paid = end_of_deal(
            self.layout(s), s.pools, s.counters, winner, s.hands, self.pack & ~s.dealt
        )
        self._log_payments(s, paid)

    def is_dead(self, s: PopeJoanState, c: int | None) -> bool:
        """The engine's known stops, and the trump turned up (it lies in the stock)."""
        return super().is_dead(s, c) or c == s.trump_card

    # --- information ------------------------------------------------------------------------
    def player_view(self, s: PopeJoanState, player: int) -> PopeJoanView:
        base = super().player_view(s, player)
        values = {f.name: getattr(base, f.name) for f in fields(base)}
        return PopeJoanView(**values, trump_card=s.trump_card)

    def num_phases(self) -> int:
        return NUM_PHASES

    def phase_name(self, phase: int) -> str:
        return PHASE_NAMES[phase]

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        pieces = super().tensor_pieces(perfect_recall)
        pieces.insert(3, ("trump", (NUM_CARDS,)))
        return pieces

    def encode_view(self, view: StopsView, out: Mapping[str, Any], perfect_recall: bool) -> None:
        super().encode_view(view, out, perfect_recall)
        if isinstance(view, PopeJoanView) and view.trump_card >= 0:
            out["trump"][view.trump_card] = 1.0

    def tensor_bits(
        self, s: PopeJoanState, me: int, perfect_recall: bool
    ) -> tuple[int, list[float]]:
        """The engine's fast tensor and the trump turned up (held equal to
        :meth:`encode_view` by the conformance suite)."""
        bits, values = super().tensor_bits(s, me, perfect_recall)
        if s.trump_card >= 0:
            bits |= 1 << (self._offsets(perfect_recall)["trump"] + s.trump_card)
        return bits, values

    def view_string(self, view: StopsView, perfect_recall: bool) -> str:
        text = super().view_string(view, perfect_recall)
        lay = self.layouts[-1]
        extra = []
        if isinstance(view, PopeJoanView) and view.trump_card >= 0:
            t = view.trump_card
            extra.append(f"Trumps: {SUIT_NAMES[suit_of(t)]} (turned up {format_card(t)})")
        sizes = pool_sizes(view.pools)
        extra.append(
            "Layout: " + ", ".join(f"{n} {k}" for n, k in zip(lay.names, sizes, strict=True))
        )
        head, _, rest = text.partition("\n")
        return "\n".join([head, *extra, rest])

    def state_string(self, s: PopeJoanState) -> str:
        text = super().state_string(s)
        if s.trump_card >= 0:
            text += f"\ntrump turned: {format_card(s.trump_card)}"
        return text

    def card_zones(self, s: PopeJoanState) -> dict[str, int]:
        zones = super().card_zones(s)
        if s.trump_card >= 0:
            zones["undealt"] &= ~(1 << s.trump_card)
            zones["trump"] = 1 << s.trump_card
        return zones

    def hidden_cards(self, s: PopeJoanState, player: int) -> dict[int, Hashable]:
        """The engine's (the other hands until they are shown, and the stops), less the trump
        turned up."""
        out = super().hidden_cards(s, player)
        out.pop(s.trump_card, None)
        return out
