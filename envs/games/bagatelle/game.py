"""Bagatelle as an OpenSpiel game, ``hoyle_bagatelle``: a declared, discretised stroke set.

The table and the rules are the package's (:mod:`.rules`, :mod:`.physics`); this module makes
the game OpenSpiel's tools can search, match and rate: perfect information, no chance unless the
stroke is noisy.

Actions
-------
A stroke is ``(position, angle, speed)`` from the grid the parameters declare::

    action = (position * angles + angle) * speeds + speed

``position`` ``0 .. positions-1`` places the ball on the baulk line from the left edge to the
right (the middle one is spot b; ``positions`` is odd), ``angle`` ``0 .. angles-1`` runs from
``max_angle`` degrees to the left to ``max_angle`` to the right, ``speed`` ``0 .. speeds-1``
from ``top_speed / speeds`` to ``top_speed`` in/s. Until the black has been hit only spot b's
strokes are legal (the book). ``NUM_DISTINCT_ACTIONS = positions * angles * speeds``.

Chance
------
With ``angle_noise`` or ``speed_noise`` above 0, each stroke is followed by a chance node of
:data:`NUM_NOISE_OUTCOMES` outcomes: the three-point Gauss-Hermite rule in each of the two
(offsets ``-sqrt(3)``, ``0``, ``+sqrt(3)`` standard deviations, probabilities 1/6, 2/3, 1/6),
which keeps the normal's mean and variance exactly. Without noise there is no chance node.

Returns
-------
One player: his aggregate score over ``rounds`` breaks. Several: the winner +1 and the others
-1 / (players - 1) each; winners tied after the extra rounds share +1 (each +1/k), the others
as before, so the returns sum to zero.

Length: ``players * (rounds + extra_rounds) * 8`` strokes at most, as many chance nodes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hoyle.envs.core.registry import HOFFMANN, GameSpec, Param, ParamValue, register
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState
from hoyle.envs.core.table import Counter, TableView
from hoyle.envs.games.bagatelle.env import BALL_FEATURES, observe
from hoyle.envs.games.bagatelle.physics import EMPTY, Physics, Stroke
from hoyle.envs.games.bagatelle.rules import (
    BALLS_PER_BREAK,
    NUM_BALLS,
    Match,
    break_score,
    colour,
    match_stroke,
    match_winners,
    new_match,
)
from hoyle.envs.games.bagatelle.table import NUM_CUPS, Board

#: The most a break can score: the black in the 9 (18) and the eight balls in cups 1-8 (36).
MAX_BREAK = 2 * 9 + sum(range(1, 9))
NOISE_POINTS = (-math.sqrt(3.0), 0.0, math.sqrt(3.0))
NOISE_WEIGHTS = (1 / 6, 2 / 3, 1 / 6)
NUM_NOISE_OUTCOMES = len(NOISE_POINTS) ** 2
NO_STROKE = -1


class BagatelleState(PlainState):
    """``match``: the game as the rules keep it (frozen, plain); ``pending``: the stroke chosen
    and waiting for its noise (``NO_STROKE`` when none); ``strokes``: every stroke played, as
    ``(player, action, noise)``, for the history string."""

    __slots__ = ("match", "pending", "strokes")
    match: Match
    pending: int
    strokes: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class BagatelleView:
    """What a player sees: everything (perfect information), scores from his seat."""

    player: int
    match: Match
    pending: int
    strokes: tuple[tuple[int, int, int], ...]


class BagatelleRules:
    """The rules for one parameter set (module docstring)."""

    def __init__(self, params: Mapping[str, ParamValue]) -> None:
        self.num_players = int(params["players"])
        self.rounds = int(params["rounds"])
        self.extra_rounds = int(params["extra_rounds"])
        self.positions = int(params["positions"])
        self.angles = int(params["angles"])
        self.speeds = int(params["speeds"])
        self.max_angle = float(params["max_angle"])
        self.angle_noise = float(params["angle_noise"])
        self.speed_noise = float(params["speed_noise"])
        self.board = Board(length=float(params["length"]))
        self.physics = Physics(
            deceleration=float(params["deceleration"]),
            ball_restitution=float(params["ball_restitution"]),
            cushion_restitution=float(params["cushion_restitution"]),
            capture_speed=float(params["capture_speed"]),
        )
        self.top_speed = self.physics.max_speed
        self.noisy = self.angle_noise > 0 or self.speed_noise > 0
        self.num_distinct_actions = self.positions * self.angles * self.speeds
        self.max_chance_outcomes = NUM_NOISE_OUTCOMES if self.noisy else 0
        self.max_game_length = self.num_players * (self.rounds + self.extra_rounds) * 8
        self.max_chance_nodes = self.max_game_length if self.noisy else 0
        if self.num_players == 1:
            self.min_utility, self.max_utility = 0.0, float(MAX_BREAK * self.rounds)
        else:
            self.min_utility, self.max_utility = -1.0, 1.0
        self.utility_sum: float | None = None
        self.spot_b = self.positions // 2
        self._legal_from_spot_b = list(
            range(
                self.spot_b * self.angles * self.speeds,
                (self.spot_b + 1) * self.angles * self.speeds,
            )
        )
        self._all = list(range(self.num_distinct_actions))
        span = self.board.baulk_half_span
        self._decimals = (
            _decimals(2 * span / max(self.positions - 1, 1)),
            _decimals(2 * self.max_angle / max(self.angles - 1, 1)),
            _decimals(self.top_speed / self.speeds),
        )

    # --- the stroke grid -------------------------------------------------------------------
    def stroke(self, action: int) -> Stroke:
        """The stroke an action stands for (module docstring)."""
        rest, v = divmod(action, self.speeds)
        p, a = divmod(rest, self.angles)
        span = self.board.baulk_half_span
        x = 0.0 if self.positions == 1 else -span + 2 * span * p / (self.positions - 1)
        angle = (
            0.0
            if self.angles == 1
            else -self.max_angle + 2 * self.max_angle * a / (self.angles - 1)
        )
        return Stroke(x, angle, self.top_speed * (v + 1) / self.speeds)

    def nearest_action(self, stroke: Stroke) -> int:
        """The grid's action nearest ``stroke`` (for agents that think in continuous strokes)."""
        span = self.board.baulk_half_span
        p = (
            0
            if self.positions == 1
            else round((stroke.x + span) / (2 * span) * (self.positions - 1))
        )
        a = 0
        if self.angles > 1:
            a = round((stroke.angle + self.max_angle) / (2 * self.max_angle) * (self.angles - 1))
        v = round(stroke.speed / self.top_speed * self.speeds) - 1
        p = min(max(p, 0), self.positions - 1)
        a = min(max(a, 0), self.angles - 1)
        v = min(max(v, 0), self.speeds - 1)
        return (p * self.angles + a) * self.speeds + v

    def noisy_stroke(self, stroke: Stroke, outcome: int) -> Stroke:
        """``stroke`` with the noise of chance outcome ``outcome``."""
        da, ds = divmod(outcome, len(NOISE_POINTS))
        angle = min(max(stroke.angle + self.angle_noise * NOISE_POINTS[da], -89.0), 89.0)
        speed = stroke.speed * (1.0 + self.speed_noise * NOISE_POINTS[ds])
        return Stroke(stroke.x, angle, min(max(speed, 0.5), self.top_speed))

    # --- the rules -------------------------------------------------------------------------
    def new_state(self) -> BagatelleState:
        s = object.__new__(BagatelleState)
        s.match = new_match(self.board, self.num_players, self.rounds, self.extra_rounds)
        s.pending = NO_STROKE
        s.strokes = ()
        s.legal_cache = None
        return s

    def current_player(self, s: BagatelleState) -> int:
        if s.match.finished:
            return TERMINAL
        return CHANCE if s.pending != NO_STROKE else s.match.player

    def legal_actions(self, s: BagatelleState) -> list[int]:
        if s.match.finished or s.pending != NO_STROKE:
            return []
        return list(self._all) if s.match.brk.black_hit else list(self._legal_from_spot_b)

    def illegal_reason(self, s: BagatelleState, action: int) -> str | None:
        if (
            0 <= action < self.num_distinct_actions
            and not s.match.finished
            and s.pending == NO_STROKE
            and not s.match.brk.black_hit
            and action not in self._legal_from_spot_b
        ):
            return "until the black has been hit, the ball is placed on spot b"
        return None

    def chance_outcomes(self, s: BagatelleState) -> list[tuple[int, float]]:
        if s.pending == NO_STROKE or s.match.finished:
            return []
        return [
            (i * len(NOISE_POINTS) + j, wa * ws)
            for i, wa in enumerate(NOISE_WEIGHTS)
            for j, ws in enumerate(NOISE_WEIGHTS)
        ]

    def apply_action(self, s: BagatelleState, action: int) -> None:
        if s.pending == NO_STROKE and self.noisy:
            s.pending = action
            return
        if s.pending == NO_STROKE:
            chosen, noise, stroke = action, NUM_NOISE_OUTCOMES // 2, self.stroke(action)
        else:
            chosen, noise = s.pending, action
            stroke = self.noisy_stroke(self.stroke(chosen), noise)
        player = s.match.player
        s.match, _ = match_stroke(s.match, self.board, self.physics, stroke)
        s.strokes = (*s.strokes, (player, chosen, noise))
        s.pending = NO_STROKE

    def returns(self, s: BagatelleState) -> list[float]:
        m = s.match
        if not m.finished:
            return [0.0] * self.num_players
        if self.num_players == 1:
            return [float(m.scores[0])]
        winners = match_winners(m)
        lose = -1.0 / (self.num_players - 1)
        return [1.0 / len(winners) if p in winners else lose for p in range(self.num_players)]

    # --- strings -----------------------------------------------------------------------------
    def action_to_string(self, s: BagatelleState, player: int, action: int) -> str:
        if player == CHANCE:
            return noise_words(action)
        return self.stroke_words(action)

    def stroke_words(self, action: int) -> str:
        """The stroke in words, each number to as many decimals as its grid needs."""
        st = self.stroke(action)
        px, pa, pv = self._decimals
        where = (
            "spot b"
            if abs(st.x) < 1e-9
            else f"{abs(st.x):.{px}f} in {'left' if st.x < 0 else 'right'}"
        )
        aim = (
            "straight"
            if abs(st.angle) < 1e-9
            else f"{abs(st.angle):.{pa}f} deg {'left' if st.angle < 0 else 'right'}"
        )
        return f"from {where}, {aim}, {st.speed:.{pv}f} in/s"

    def state_string(self, s: BagatelleState) -> str:
        return "Bagatelle\n" + self.view_string(self.player_view(s, 0), True)

    # --- information (perfect: the view is the whole table) ----------------------------------
    def player_view(self, s: BagatelleState, player: int) -> BagatelleView:
        return BagatelleView(player, s.match, s.pending, s.strokes)

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        del perfect_recall  # The table is all there is to know: the same tensor.
        return [
            ("balls", (NUM_BALLS, BALL_FEATURES)),
            ("cups", (NUM_CUPS, 2)),
            ("break", (2,)),
            ("scores", (self.num_players,)),
            ("to_move", (self.num_players,)),
            ("round", (1,)),
            ("pending", (1,)),
        ]

    def encode_view(
        self, view: BagatelleView, out: Mapping[str, Any], perfect_recall: bool
    ) -> None:
        del perfect_recall
        m, n = view.match, self.num_players
        flat = observe(m.brk, self.board)
        k = NUM_BALLS * BALL_FEATURES
        out["balls"][:] = flat[:k].reshape(NUM_BALLS, BALL_FEATURES)
        out["cups"][:] = flat[k : k + 2 * NUM_CUPS].reshape(NUM_CUPS, 2)
        out["break"][:] = flat[k + 2 * NUM_CUPS :]
        top = MAX_BREAK * (self.rounds + self.extra_rounds)
        for i in range(n):
            out["scores"][i] = m.scores[(view.player + i) % n] / top
        if not m.finished:
            out["to_move"][(m.player - view.player) % n] = 1.0
        out["round"][0] = m.round / (self.rounds + self.extra_rounds)
        out["pending"][0] = float(view.pending != NO_STROKE)

    def view_string(self, view: BagatelleView, perfect_recall: bool) -> str:
        m = view.match
        lines = [f"player {view.player} (you); round {m.round + 1}"]
        lines.append("totals: " + ", ".join(f"player {p} {sc}" for p, sc in enumerate(m.scores)))
        if m.finished:
            lines.append(
                "game over; winners: " + ", ".join(f"player {p}" for p in match_winners(m))
            )
        else:
            lines.append(
                f"player {m.player} to strike ball {m.brk.played + 1} of {BALLS_PER_BREAK}; "
                f"the black {'has' if m.brk.black_hit else 'has not'} been hit; "
                f"the break lies at {break_score(m.brk)}"
            )
        if view.pending != NO_STROKE:
            lines.append(f"struck {self.stroke_words(view.pending)}; the noise to come")
        lines.append(
            "cups: "
            + " ".join(f"{c + 1}:{colour(b)}" for c, b in enumerate(m.brk.cups) if b != EMPTY)
        )
        lines.append(
            "lying: " + " ".join(f"{colour(b)}{b}@({x:.2f},{y:.2f})" for b, x, y in m.brk.lying)
        )
        if perfect_recall:
            lines.append(
                "strokes: "
                + "; ".join(
                    f"player {p} {self.stroke_words(a)}"
                    + (f" ({noise_words(z)})" if self.noisy else "")
                    for p, a, z in view.strokes
                )
            )
        return "\n".join(lines)

    def table_view(self, s: BagatelleState, player: int) -> TableView:
        """``player``'s table: no cards, so **counters, no zones**: each cup's ball, each ball
        lying on the board and where, the totals, whose stroke, the round."""
        view = self.player_view(s, player)
        m = view.match
        counters = [
            Counter(f"cup {c + 1}", colour(b) if b != EMPTY else "empty")
            for c, b in enumerate(m.brk.cups)
        ]
        counters += [
            Counter(f"{colour(b)} ball {b}", f"({x:.2f}, {y:.2f})") for b, x, y in m.brk.lying
        ]
        counters += [Counter(f"player {p} total", sc, p) for p, sc in enumerate(m.scores)]
        counters += [
            Counter("round", m.round + 1),
            Counter("ball", min(m.brk.played + 1, BALLS_PER_BREAK)),
            Counter("black hit", "yes" if m.brk.black_hit else "no"),
            Counter("break", break_score(m.brk)),
        ]
        return TableView(
            player=player,
            to_move=self.current_player(s),
            counters=tuple(counters),
            log=tuple(f"player {p} {self.stroke_words(a)}" for p, a, _ in view.strokes),
            seats=tuple(f"player {p}" for p in range(self.num_players)),
        )

    def card_zones(self, s: BagatelleState) -> Mapping[str, int]:
        """The nine balls as 'cards' (bit ``b`` is ball ``b``): in hand, on the board, in
        each cup, taken off; they partition the nine iff no ball appears or vanishes."""
        brk = s.match.brk
        on_board = sum(1 << b for b, _, _ in brk.lying)
        zones = {
            "in hand": sum(1 << b for b in range(brk.played + 1, NUM_BALLS)),
            "on the board": on_board,
            "taken off": sum(1 << b for b in brk.off),
        }
        for c, b in enumerate(brk.cups):
            if b != EMPTY:
                zones[f"cup {c + 1}"] = 1 << b
        return zones


def _decimals(step: float) -> int:
    """Decimals enough to tell numbers ``step`` apart (at least one)."""
    return max(1, math.ceil(-math.log10(step)) + 1)


def noise_words(outcome: int) -> str:
    """A noise outcome in words: the direction's offset, then the speed's."""
    da, ds = divmod(outcome, len(NOISE_POINTS))
    return f"the stroke goes {('left', 'true', 'right')[da]} and {('soft', 'even', 'hard')[ds]}"


def make_rules(params: Mapping[str, ParamValue]) -> BagatelleRules:
    return BagatelleRules(params)


def _check(params: Mapping[str, ParamValue]) -> str | None:
    if int(params["positions"]) % 2 == 0:
        return "positions must be odd, so that spot b (the middle) is one of them"
    return None


GAME = register(
    GameSpec(
        short_name="bagatelle",
        title="Bagatelle",
        book=HOFFMANN,
        section="BAGATELLE",
        make_rules=make_rules,
        params={
            "players": Param(
                2, "players, each playing a break of eight balls in turn", low=1, high=6
            ),
            "rounds": Param(
                3, "rounds of breaks; the highest aggregate wins (ASSUMPTION)", low=1, high=10
            ),
            "extra_rounds": Param(
                3,
                "rounds the players tied for the lead play off, at most (ASSUMPTION)",
                low=0,
                high=10,
            ),
            "positions": Param(
                5, "places on the baulk line in the stroke grid (odd)", low=1, high=41
            ),
            "angles": Param(
                41, "directions in the stroke grid, evenly over +-max_angle", low=1, high=181
            ),
            "speeds": Param(12, "speeds in the stroke grid, evenly up to 60 in/s", low=1, high=60),
            "max_angle": Param(
                40.0, "widest direction of the grid, degrees from straight", low=1.0, high=85.0
            ),
            "angle_noise": Param(
                0.0, "standard deviation of the direction, degrees", low=0.0, high=10.0
            ),
            "speed_noise": Param(
                0.0, "standard deviation of the speed, a fraction", low=0.0, high=0.3
            ),
            "length": Param(
                96.0, "length of the board in inches (the book: 6 to 10 ft)", low=72.0, high=120.0
            ),
            "deceleration": Param(
                6.0, "the cloth's deceleration of a rolling ball, in/s^2", low=2.0, high=50.0
            ),
            "ball_restitution": Param(0.9, "restitution of ball on ball", low=0.05, high=1.0),
            "cushion_restitution": Param(0.7, "restitution of ball on cushion", low=0.05, high=1.0),
            "capture_speed": Param(
                12.0, "the fastest a ball drops into a cup, in/s", low=1.0, high=60.0
            ),
        },
        min_players=1,
        max_players=6,
        perfect_information=True,
        constant_sum=False,
        variants={"noisy": {"angle_noise": 1.0, "speed_noise": 0.05}},
        small_config={"rounds": 1, "extra_rounds": 0, "angles": 9, "speeds": 4},
        no_tiny="The book's break is eight strokes: with the smallest grid that still chooses "
        "(two strokes) one round of two players has 2**16 = 65,536 leaves, and a break of fewer "
        "balls would not be the book's game.",
        reference="backgammon",
        summary="Nine balls struck up a cushioned board into nine numbered cups; the black counts double.",
        check=_check,
        gym_title="BagatelleStrokes",
    )
)
