"""The Bagatelle board drawn from above, as the player sees it standing at its foot.

Two panels: the whole board (the player's end at the bottom, the baulk and half-way lines, the
spots a and b) and the head enlarged, where the cups are numbered as in Fig. 1 of the book.
Balls are coloured (black, white, red), a ball in a cup is drawn sunk in it, and the last
stroke's path is traced, one line per ball that moved. Drawn with matplotlib's Agg canvas, so no
display is needed for ``rgb_array``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Polygon

from hoyle.envs.games.bagatelle.physics import EMPTY, Lying
from hoyle.envs.games.bagatelle.rules import Break, colour
from hoyle.envs.games.bagatelle.table import CUP_NUMBERS, Board

CLOTH = "#2f6b3b"
CUSHION = "#6b3f1d"
FILL = {"black": "#111111", "white": "#f4f1e6", "red": "#c0262d"}
EDGE = {"black": "#dddddd", "white": "#333333", "red": "#4a0d10"}


def draw_board(
    fig: Figure,
    board: Board,
    brk: Break,
    path: Sequence[tuple[Lying, ...]] = (),
    moving: tuple[Lying, ...] | None = None,
    title: str = "",
) -> None:
    """Draw ``brk`` on ``fig`` (cleared first); ``path`` is the last stroke's snapshots, and
    ``moving`` the balls to show instead of those lying at rest (a frame of an animation)."""
    fig.clear()
    whole = fig.add_axes((0.03, 0.04, 0.26, 0.88))
    head = fig.add_axes((0.33, 0.04, 0.64, 0.88))
    cy = board.head_centre[1]
    span = board.head_radius + 1.0
    for ax, zoom in ((whole, False), (head, True)):
        _draw_table(ax, board, brk, path, moving, numbered=zoom)
        ax.set_aspect("equal")
        ax.set_axis_off()
        if zoom:
            ax.set_xlim(-span, span)
            ax.set_ylim(cy - span - 6.0, cy + span)
        else:
            ax.set_xlim(-board.width / 2 - 1.5, board.width / 2 + 1.5)
            ax.set_ylim(-1.5, board.length + 1.5)
    fig.suptitle(title, fontsize=11)


def _draw_table(
    ax: Axes,
    board: Board,
    brk: Break,
    path: Sequence[tuple[Lying, ...]],
    moving: tuple[Lying, ...] | None,
    numbered: bool,
) -> None:
    outline = board.cushion()
    ax.add_patch(Polygon(outline, closed=True, facecolor=CLOTH, edgecolor=CUSHION, linewidth=5))
    half = board.width / 2
    for y, style in ((board.half_way, "--"), (board.baulk, ":")):
        ax.plot((-half, half), (y, y), style, color="#e8e2c8", linewidth=0.8)
    for name, (x, y) in (("a", board.spot_a), ("b", board.spot_b)):
        ax.plot(x, y, "+", color="#e8e2c8", markersize=6)
        if numbered:
            ax.annotate(name, (x + 0.6, y - 1.0), color="#e8e2c8", fontsize=9)
    r = board.ball_radius
    for cup, (x, y) in zip(CUP_NUMBERS, board.cup_centres(), strict=True):
        ax.add_patch(Circle((x, y), r * 1.05, facecolor="#0c1f10", edgecolor="#9a8c5a"))
        occupant = brk.cups[cup - 1]
        if occupant != EMPTY:
            c = colour(occupant)
            ax.add_patch(Circle((x, y), r * 0.8, facecolor=FILL[c], edgecolor=EDGE[c], lw=0.8))
        if numbered:
            dx, dy = x - board.head_centre[0], y - board.head_centre[1]
            d = math.hypot(dx, dy)
            ux, uy = (dx / d, dy / d) if d > 0 else (0.7, 0.7)
            ax.annotate(
                str(cup),
                (x + ux * 1.7 * r * 1.3, y + uy * 1.7 * r * 1.3),
                ha="center",
                va="center",
                color="#f8e9a1",
                fontsize=12,
                fontweight="bold",
            )
    if len(path) > 1:
        tracks: dict[int, list[tuple[float, float]]] = {}
        for frame in path:
            for b, x, y in frame:
                tracks.setdefault(b, []).append((x, y))
        for b, pts in tracks.items():
            if math.dist(pts[0], pts[-1]) > 1e-6 or len({*pts}) > 1:
                xs, ys = zip(*pts, strict=True)
                c = colour(b)
                ax.plot(
                    xs, ys, "-", color=FILL[c] if c != "black" else "#999999", lw=1.5, alpha=0.9
                )
    for b, x, y in brk.lying if moving is None else moving:
        c = colour(b)
        ax.add_patch(Circle((x, y), r, facecolor=FILL[c], edgecolor=EDGE[c], linewidth=0.8))


def render_rgb(
    board: Board,
    brk: Break,
    path: Sequence[tuple[Lying, ...]] = (),
    moving: tuple[Lying, ...] | None = None,
    title: str = "",
    size: tuple[int, int] = (640, 560),
) -> np.ndarray:
    """The drawing as an ``(height, width, 3)`` uint8 array."""
    dpi = 80
    fig = Figure(figsize=(size[0] / dpi, size[1] / dpi), dpi=dpi)
    canvas = FigureCanvasAgg(fig)
    draw_board(fig, board, brk, path, moving, title)
    canvas.draw()  # type: ignore[no-untyped-call]
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.array(rgba[:, :, :3], dtype=np.uint8)


def stroke_frames(
    board: Board,
    before: Break,
    after: Break,
    path: Sequence[tuple[Lying, ...]],
    every: int = 1,
    size: tuple[int, int] = (640, 560),
) -> list[np.ndarray]:
    """The frames of one stroke's animation, from the break ``before`` it to ``after`` it,
    through the stroke's snapshots ``path`` (every ``every``-th, and always the last)."""
    frames = []
    picked = [*path[::every], path[-1]] if path else []
    title = f"Bagatelle: ball {after.played} of 8"
    for k, frame in enumerate(picked):
        on_board = {b for b, _, _ in frame}
        cups = tuple(
            ball if ball != EMPTY and (ball in before.cups or ball not in on_board) else EMPTY
            for ball in after.cups
        )
        shown = Break(lying=frame, cups=cups, played=after.played, black_hit=after.black_hit)
        last = k == len(picked) - 1
        frames.append(
            render_rgb(
                board, after if last else shown, path[: (k * every) + 1], title=title, size=size
            )
        )
    return frames
