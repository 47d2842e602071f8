"""The book's hints as named, toggleable rules, and the policy that applies them.

Each hint of a game's "Suggestions for Good Play" that can drive play is a :class:`Hint`: a
stable id (``conquian.play-for-tableau``), its citation, a one-line summary in the book's
words, and ``narrow(view, legal) -> subset``, which keeps the actions the hint prefers or
returns an empty list when it has no opinion. A hint sees only the player's view (the same one
the observers encode), so a heuristic agent cannot cheat, and it never changes the legal actions.

:class:`HintPolicy` applies the enabled hints in book order; each narrows the candidates left by
the ones before it. The hint that last narrowed the candidates is reported as the one that chose
the move; a seeded RNG breaks the ties that remain.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Narrow = Callable[[Any, Sequence[int]], Sequence[int]]


@dataclass(frozen=True)
class Hint:
    """One book hint that can drive play."""

    id: str
    source: str
    summary: str
    narrow: Narrow
    memory: bool = False
    """The hint is the player's memory of the deal (the cards played, the asks made): with it
    off he plays from the table as it lies. ``hoyle analytics`` values memory by switching
    off the heuristic's memory hint."""


HEURISTICS: dict[str, tuple[Hint, ...]] = {}
"""Each game's hints in book order, keyed by the game's short name."""


def register_hints(game: str, hints: Iterable[Hint]) -> tuple[Hint, ...]:
    """Declare a game's hints (book order = priority order)."""
    hs = tuple(hints)
    ids = [h.id for h in hs]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate hint ids for {game}: {ids}")
    HEURISTICS[game] = hs
    return hs


def hint_ids(game: str) -> list[str]:
    return [h.id for h in HEURISTICS.get(game, ())]


def resolve_hint(game: str, name: str) -> str:
    """The full id of a hint named by its id or its short suffix (``play-for-tableau``)."""
    for h in HEURISTICS.get(game, ()):
        if name in (h.id, h.id.split(".", 1)[-1]):
            return h.id
    known = ", ".join(h.id.split(".", 1)[-1] for h in HEURISTICS.get(game, ()))
    raise ValueError(f"{game} has no hint {name!r}; its hints: {known or 'none'}")


class HintPolicy:
    """Applies the enabled hints of a game in order; ties broken by a seeded RNG."""

    def __init__(self, hints: Sequence[Hint], enabled: Iterable[str], seed: int = 0) -> None:
        on = set(enabled)
        self.hints = tuple(h for h in hints if h.id in on)
        self.rng = random.Random(seed)

    def choose(
        self, view: Any, legal: Sequence[int], prefer: Callable[[int], float] | None = None
    ) -> tuple[int, str | None]:
        """The chosen action and the id of the hint that chose it (``None``: no hint did).

        With ``prefer``, the candidates the hints leave are first cut to those it values
        highest (a game whose candidates carry a worth, as Bagatelle's strokes their cups);
        the seeded RNG breaks the ties that remain."""
        candidates, chooser = self.narrow(view, legal)
        if prefer is not None:
            best = max(prefer(a) for a in candidates)
            candidates = [a for a in candidates if prefer(a) == best]
        return candidates[self.rng.randrange(len(candidates))], chooser

    def narrow(
        self, view: Any, legal: Sequence[int], off: int = -1
    ) -> tuple[list[int], str | None]:
        """The moves the enabled hints leave, applied in order (the hint at index ``off``
        switched off; ``-1``: none), and the id of the last hint that narrowed them."""
        candidates = list(legal)
        chooser: str | None = None
        for i, h in enumerate(self.hints):
            if len(candidates) == 1:
                break
            if i == off:
                continue
            narrowed = [a for a in h.narrow(view, candidates) if a in candidates]
            if narrowed and len(narrowed) < len(candidates):
                candidates = narrowed
                chooser = h.id
        return candidates, chooser
