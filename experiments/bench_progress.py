"""What ``hoyle bench`` is doing and about how long is left, on stderr while it runs.

A bench is a list of timed pieces whose length is known in advance (each loop runs for its
budget), so the estimate is the planned time left, scaled by how far the finished pieces ran
over their plan (sampling states, building agents and interrupted iterations add to it). On a
terminal one line is rewritten in place; elsewhere (a log, a pipe) a line is printed when a
piece starts, at most one every ``every`` seconds, so that a long run is never silent for long
and a short one does not flood the log.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


def clock(seconds: float) -> str:
    """``seconds`` as a short duration: ``42 s``, ``3 min 05 s``, ``1 h 02 min``."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class Progress:
    """``with progress.piece(label, planned):`` around each timed piece of a bench.

    ``planned`` is the whole bench's planned seconds (the sum of the pieces' own); ``stream``
    None (``--quiet``) shows nothing."""

    def __init__(self, planned: float, stream: TextIO | None = sys.stderr,
                 every: float = 10.0) -> None:  # fmt: skip
        self.planned = planned
        self.stream = stream
        self.every = every
        self.start = time.perf_counter()
        self.done_planned = 0.0
        self.done_actual = 0.0
        self._last_line = -float("inf")
        self._tty = bool(stream is not None and stream.isatty())
        self._width = 0

    def left(self) -> float:
        """Seconds left by the plan, scaled by the finished pieces' overrun."""
        rest = max(0.0, self.planned - self.done_planned)
        ratio = self.done_actual / self.done_planned if self.done_planned > 0 else 1.0
        return rest * max(ratio, 1.0)

    def line(self, label: str) -> str:
        share = self.done_planned / self.planned if self.planned > 0 else 1.0
        elapsed = time.perf_counter() - self.start
        return (f"bench {100 * min(share, 1.0):3.0f}%  {label}  "
                f"({clock(elapsed)} so far, about {clock(self.left())} left)")  # fmt: skip

    def _show(self, text: str) -> None:
        if self.stream is None:
            return
        now = time.perf_counter()
        if self._tty:
            pad = max(0, self._width - len(text))
            self.stream.write("\r" + text + " " * pad)
            self._width = len(text)
        elif now - self._last_line >= self.every:
            self.stream.write(text + "\n")
            self._last_line = now
        else:
            return
        self.stream.flush()

    @contextmanager
    def piece(self, label: str, planned: float) -> Iterator[None]:
        """Time one piece: announce it, then count it as done (planned and actual)."""
        self._show(self.line(label))
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.done_planned += planned
            self.done_actual += time.perf_counter() - t0

    def close(self, what: str = "bench done") -> None:
        """End the in-place line (a terminal) and say how long the whole bench took."""
        if self.stream is None:
            return
        took = f"{what} in {clock(time.perf_counter() - self.start)}"
        if self._tty:
            self.stream.write("\r" + took + " " * max(0, self._width - len(took)) + "\n")
        else:
            self.stream.write(took + "\n")
        self.stream.flush()
