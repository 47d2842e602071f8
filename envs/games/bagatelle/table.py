"""The Bagatelle board as numbers: its outline, the nine cups, the spots and the lines.

Hoffmann, Hoyle's Games Modernized, "BAGATELLE": an oblong board "from 6 to 10 ft. long, and in
width about one-fourth of its length", nine cups at the far end, "one as a centre, with the
others in a circle round it", a continuous cushion whose upper end is "a semi-circle, concentric
with the circle made by the cups". Every number the book leaves open is a field of
:class:`Board` with the default of the package docstring (assumptions 1-5).

Coordinates are inches. ``x`` runs across the board, positive to the player's right as he looks
up the board; ``y`` runs up the board from the player's end (``y = 0``) to the top of the
semicircular head (``y = length``). The centre of the ring of cups is the centre of the head's
semicircle, on the centre line (``x = 0``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The cups round the ring, going clockwise (as the player looks up the board) from the one
#: nearest him; the centre cup is 9 (assumption 3, the book's Fig. 1).
RING_ORDER: tuple[int, ...] = (1, 4, 8, 3, 5, 2, 7, 6)
CENTRE_CUP = 9
NUM_CUPS = 9
CUP_NUMBERS: tuple[int, ...] = tuple(range(1, NUM_CUPS + 1))


@dataclass(frozen=True)
class Board:
    """The board's dimensions (inches), defaults as in the package docstring."""

    length: float = 96.0
    width: float = 24.0
    ring_radius: float = 5.0
    ball_diameter: float = 1.5
    spot_a_before_cup_1: float = 9.0
    baulk: float = 18.0

    def __post_init__(self) -> None:
        if not 0 < self.width < self.length:
            raise ValueError(f"a board {self.length} in long must be narrower than that")
        if self.ring_radius + self.ball_diameter >= self.head_radius:
            raise ValueError("the ring of cups must lie inside the semicircular head")
        if not 0 < self.baulk < self.half_way:
            raise ValueError("the baulk line (spot b) must lie between the player and half-way")
        if not self.half_way < self.spot_a[1] < self.cup_centre(1)[1]:
            raise ValueError("spot a must lie between the half-way line and cup 1")

    @property
    def ball_radius(self) -> float:
        return self.ball_diameter / 2

    @property
    def head_radius(self) -> float:
        """The semicircle's radius: half the width, so the sides run into it."""
        return self.width / 2

    @property
    def head_centre(self) -> tuple[float, float]:
        """The centre of the head's semicircle, which is the centre cup (9)."""
        return (0.0, self.length - self.head_radius)

    @property
    def half_way(self) -> float:
        """The half-way line across the board."""
        return self.length / 2

    @property
    def spot_a(self) -> tuple[float, float]:
        """The black ball's spot, on the centre line in front of cup 1 (assumption 4)."""
        return (0.0, self.cup_centre(1)[1] - self.spot_a_before_cup_1)

    @property
    def spot_b(self) -> tuple[float, float]:
        """The first ball's spot, on the centre line at the baulk line (assumption 4)."""
        return (0.0, self.baulk)

    @property
    def baulk_half_span(self) -> float:
        """How far from the centre line a ball may be placed on the baulk line."""
        return self.width / 2 - self.ball_radius

    def cup_centre(self, cup: int) -> tuple[float, float]:
        """The centre of cup ``cup`` (1-9)."""
        cx, cy = self.head_centre
        if cup == CENTRE_CUP:
            return (cx, cy)
        k = RING_ORDER.index(cup)
        # Cup 1 straight below the centre; clockwise (seen from the player) is decreasing angle
        # from -90 degrees: 1, 4 (lower left), 8 (left), 3, 5 (top), 2, 7 (right), 6.
        angle = math.radians(-90.0 - 45.0 * k)
        return (cx + self.ring_radius * math.cos(angle), cy + self.ring_radius * math.sin(angle))

    def cup_centres(self) -> tuple[tuple[float, float], ...]:
        """Every cup's centre, index ``cup - 1``."""
        return tuple(self.cup_centre(c) for c in CUP_NUMBERS)

    def cushion(self, head_segments: int = 64) -> tuple[tuple[float, float], ...]:
        """The cushion's inner edge as a closed polyline: up the left side, round the head,
        down the right side, across the player's end (a rail the ball never scores from)."""
        half = self.width / 2
        cx, cy = self.head_centre
        pts = [(-half, 0.0), (-half, cy)]
        for k in range(1, head_segments):
            a = math.pi - math.pi * k / head_segments
            pts.append((cx + half * math.cos(a), cy + half * math.sin(a)))
        pts += [(half, cy), (half, 0.0)]
        return tuple(pts)

    def on_board(self, x: float, y: float) -> bool:
        """Whether a ball's centre at (x, y) lies inside the cushion."""
        inner = self.width / 2 - self.ball_radius
        if y < self.ball_radius or abs(x) > inner:
            return False
        cx, cy = self.head_centre
        return y <= cy or math.hypot(x - cx, y - cy) <= inner
