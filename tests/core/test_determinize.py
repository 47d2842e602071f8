"""The core re-deal that respects what the table knows (``deal_hidden``)."""

from __future__ import annotations

import collections
import random

import pyspiel
import pytest

from hoyle.envs.core.cards import SUIT_MASKS, suit_of
from hoyle.envs.core.determinize import (
    DeclaresHidden,
    _counted_deal,
    deal_hidden,
    redeal_unseen,
)
from hoyle.envs.core.events import Event, log_event, seats

HOLDERS = [0, 0, 1, "widow"]
POOL = [1, 2, 3, 4, 5]
FORBIDDEN = {0: 0b110, 1: 0b1000}


def _deals() -> list[tuple[int, ...]]:
    """Every assignment of POOL to HOLDERS' slots that respects FORBIDDEN (slot order counts)."""
    import itertools

    return [
        d
        for d in itertools.permutations(POOL, len(HOLDERS))
        if all(not (FORBIDDEN.get(h, 0) >> c) & 1 for h, c in zip(HOLDERS, d, strict=True))
    ]


@pytest.mark.parametrize("draw", [deal_hidden, _counted_deal], ids=["rejection", "counting"])
def test_every_consistent_deal_is_equally_likely(draw: object) -> None:
    rng = random.Random(3)
    deals = _deals()
    n = 200 * len(deals)
    seen = collections.Counter(tuple(draw(HOLDERS, POOL, FORBIDDEN, rng.random)) for _ in range(n))  # type: ignore[operator]
    assert set(seen) == set(deals)
    # Each of the k deals has probability 1/k: a 5-sigma band on 200 expected draws each.
    expected = n / len(deals)
    sigma = (expected * (1 - 1 / len(deals))) ** 0.5
    assert all(abs(v - expected) < 5 * sigma for v in seen.values()), seen


def test_voids_hold_on_real_hands() -> None:
    """Three hands of ten and a widow of three, each seat void in the suits it lacks."""
    rng = random.Random(5)
    for _ in range(20):
        pool = rng.sample(range(52), 33)
        holders: list[object] = []
        forbidden = {}
        for p in range(3):
            suits = {suit_of(c) for c in pool[p * 10 : (p + 1) * 10]}
            forbidden[p] = sum(SUIT_MASKS[s] for s in range(4) if s not in suits)
            holders += [p] * 10
        holders += ["widow"] * 3
        for draw in (deal_hidden, _counted_deal):
            cards = draw(holders, pool, forbidden, rng.random)
            assert sorted(cards) == sorted(pool)
            for h, c in zip(holders, cards, strict=True):
                assert not (forbidden.get(h, 0) >> c) & 1


def test_impossible_voids_raise() -> None:
    with pytest.raises(ValueError, match="voids"):
        deal_hidden([0, 0], [1, 2, 3], {0: 0b1100}, random.Random(0).random)


class _ToyRules:
    """Seat 1 was dealt two cards (10 and 11) that seat 0 has not seen; two more (12, 13) are
    still undealt, and the table knows seat 1 cannot hold 13."""

    def hidden_cards(self, s: object, player: int) -> dict[int, object]:
        return {10: 1, 11: 1, 12: "undealt", 13: "undealt"}

    def forbidden_cards(self, s: object, player: int) -> dict[object, int]:
        return {1: 1 << 13}


class _ToyState:
    def __init__(self) -> None:
        log: tuple[Event, ...] = ()
        log = log_event(log, 0, 1, 10, seats(1), at=0)
        self.log = log_event(log, 0, 1, 11, seats(1), at=1)


def test_redeal_unseen_draws_uniformly_within_the_masks() -> None:
    rules = _ToyRules()
    assert isinstance(rules, DeclaresHidden)
    history = [10, 11, 99]
    seen: collections.Counter[tuple[int, ...]] = collections.Counter()
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    for _ in range(3000):
        new = redeal_unseen(rules, _ToyState(), history, 0, sampler)
        assert new[2] == 99  # a position the log does not name stays
        seen[tuple(new[:2])] += 1
    # Seat 1's two cards: an ordered pair from {10, 11, 12}, six of them, equally likely.
    assert set(seen) == {(a, b) for a in (10, 11, 12) for b in (10, 11, 12) if a != b}
    assert all(400 < n < 600 for n in seen.values()), seen
