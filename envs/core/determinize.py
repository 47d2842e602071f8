"""The determinizer protocol: re-deal what a player cannot see.

``state.resample_from_infostate(player, sampler)`` (OpenSpiel's own name, so its Python ISMCTS
finds it) returns a new state that ``player`` cannot tell apart from ``state``: the same
information state, reached by a history in which every action is legal, with the hidden cards
drawn uniformly from the worlds consistent with what the player saw. All randomness comes from
``sampler`` (``pyspiel.UniformProbabilitySampler(seed, 0., 1.)``), so a seeded sampler gives a
reproducible re-deal.

The default works for any game whose hidden information is cards dealt by chance actions: the
rules name the history positions of the deals ``player`` has not seen and the pool they may be
drawn from (``rules.hidden_deals``); those positions get a uniform draw without replacement
from the pool, and the history is replayed with legality checked at every step. A game whose
public history constrains the deal further (a player who showed out of a suit) provides
``rules.resample_history(s, player, history, sampler) -> list[int]`` and it is used instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoyle.envs.core.rules import ProbabilitySampler


def draw_without_replacement(pool: Sequence[int], k: int, sampler: ProbabilitySampler) -> list[int]:
    """``k`` items drawn uniformly without replacement from ``pool``, in draw order.

    >>> draw_without_replacement([5, 6, 7], 3, iter([0.0, 0.0, 0.0]).__next__)
    [5, 6, 7]
    >>> draw_without_replacement([5, 6, 7], 1, iter([0.99]).__next__)
    [7]
    """
    items = list(pool)
    n = len(items)
    if k > n:
        raise ValueError(f"cannot draw {k} cards from a pool of {n}")
    for i in range(k):
        j = i + min(int(sampler() * (n - i)), n - i - 1)
        items[i], items[j] = items[j], items[i]
    return items[:k]


def redeal_history(
    history: Sequence[int],
    positions: Sequence[int],
    pool: Sequence[int],
    sampler: ProbabilitySampler,
) -> list[int]:
    """``history`` with the chance actions at ``positions`` replaced by a uniform re-deal."""
    new = list(history)
    for pos, c in zip(
        positions, draw_without_replacement(pool, len(positions), sampler), strict=True
    ):
        new[pos] = c
    return new


def resampled_history(state: Any, player: int, sampler: ProbabilitySampler) -> list[int]:
    """The history of a world ``player`` cannot tell from ``state`` (the game's re-deal).

    Search agents replay it on a bare rules state, skipping the adapter's legality checks;
    :func:`resample` replays it with them.
    """
    rules = state.rules
    history = state.history()
    custom = getattr(rules, "resample_history", None)
    if custom is not None:
        new_history: list[int] = custom(state.s, player, history, sampler)
        return new_history
    positions, pool = rules.hidden_deals(state.s, player, history)
    return redeal_history(history, positions, pool, sampler)


def resample(state: Any, player: int, sampler: ProbabilitySampler) -> Any:
    """A state ``player`` cannot tell from ``state``, its hidden cards re-dealt by ``sampler``."""
    return state.get_game().state_from_history(resampled_history(state, player, sampler))
