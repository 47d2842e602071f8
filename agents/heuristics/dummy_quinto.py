"""The Dummy Quinto heuristic: Quinto's (:mod:`hoyle.agents.heuristics.quinto`), the same hints
in the same order under this game's ids; the Dummy-player plays both his hands by them (Hoffmann,
Hoyle's Games Modernized, "DUMMY (OR THREE-HANDED) QUINTO" adds no hint of its own)."""

from __future__ import annotations

from hoyle.agents.heuristics.hints import Hint, register_hints
from hoyle.agents.heuristics.quinto import HINT_TABLE

HINTS = register_hints(
    "dummy_quinto",
    [Hint(f"dummy_quinto.{n}", src, summary, fn) for n, src, summary, fn in HINT_TABLE],
)
