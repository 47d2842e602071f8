"""Serpent Poker Patience's heuristic: the one of Poker Patience (its hints are registered for
both games there; this module lets ``heuristic`` find them by the game's short name)."""

from hoyle.agents.heuristics.poker_patience import from_spec

__all__ = ["from_spec"]
