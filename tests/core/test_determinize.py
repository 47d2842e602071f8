"""The core re-deal that respects what the table knows (``deal_hidden``)."""

from __future__ import annotations

import collections
import random
from typing import Any

import pyspiel
import pytest

from hoyle.envs.core import draw as draw_module
from hoyle.envs.core.cards import SUIT_MASKS, suit_of
from hoyle.envs.core.determinize import (
    MAX_REDRAWS,
    AdmitsWorlds,
    DeclaresHidden,
    OrdersUnseen,
    redeal_unseen,
)
from hoyle.envs.core.draw import _counted_deal, deal_hidden
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


def _counted_by_holder(*args: Any) -> list[int]:
    """The exact draw, counted holder by holder (as for many large hands)."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(draw_module, "_BY_CLASS_LIMIT", 0)
        return _counted_deal(*args)


@pytest.mark.parametrize(
    "draw",
    [deal_hidden, _counted_deal, _counted_by_holder],
    ids=["rejection", "counting", "counting-by-holder"],
)
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
        for draw in (deal_hidden, _counted_deal, _counted_by_holder):
            cards = draw(holders, pool, forbidden, rng.random)
            assert sorted(cards) == sorted(pool)
            for h, c in zip(holders, cards, strict=True):
                assert not (forbidden.get(h, 0) >> c) & 1


def test_impossible_voids_raise() -> None:
    with pytest.raises(ValueError, match="voids"):
        deal_hidden([0, 0], [1, 2, 3], {0: 0b1100}, random.Random(0).random)
    with pytest.raises(ValueError, match="voids"):
        _counted_by_holder([0, 0], [1, 2, 3], {0: 0b1100}, random.Random(0).random)


def test_counting_by_holder_without_a_free_class() -> None:
    """Every card is barred to someone: no class is left out of the holder-by-holder count."""
    holders, pool, forbidden = [0, 1, 1], [1, 2, 3], {0: 0b0110, 1: 0b1000}
    rng = random.Random(4)
    seen = collections.Counter(
        tuple(_counted_by_holder(holders, pool, forbidden, rng.random)) for _ in range(400)
    )
    # Seat 0 must hold card 3 (1 and 2 are barred), seat 1 cards 1 and 2 in either order.
    assert set(seen) == {(3, 1, 2), (3, 2, 1)}
    assert all(abs(v - 200) < 5 * 10 for v in seen.values()), seen


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


def _frequencies(
    rules: object, state: object, history: list[int], n: int
) -> dict[tuple[int, ...], float]:
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    seen = collections.Counter(
        tuple(redeal_unseen(rules, state, history, 0, sampler)[:2])  # type: ignore[arg-type]
        for _ in range(n)
    )
    return {k: v / n for k, v in seen.items()}


class _SortedRules(_ToyRules):
    """The toy, where seat 1 makes his two moves in card order: the world comes back sorted."""

    def admit_world(self, s: object, player: int, history: list[int]) -> list[int] | None:
        history[:2] = sorted(history[:2])
        return history


class _NoTwelveRules(_ToyRules):
    """The toy, where the history says seat 1 cannot have been dealt 12 (say, he could not
    have made a move he made with it): such a world is refused and drawn again."""

    def admit_world(self, s: object, player: int, history: list[int]) -> list[int] | None:
        return None if 12 in history[:2] else history


def test_admit_world_may_put_the_world_in_the_rules_order() -> None:
    assert isinstance(_SortedRules(), AdmitsWorlds)
    got = _frequencies(_SortedRules(), _ToyState(), [10, 11, 99], 3000)
    assert set(got) == {(10, 11), (10, 12), (11, 12)}
    assert all(abs(f - 1 / 3) < 0.05 for f in got.values()), got


def test_admit_world_rejection_keeps_the_draw_uniform() -> None:
    got = _frequencies(_NoTwelveRules(), _ToyState(), [10, 11, 99], 3000)
    assert set(got) == {(10, 11), (11, 10)}
    assert all(abs(f - 1 / 2) < 0.05 for f in got.values()), got


def test_a_world_never_admitted_keeps_the_true_history() -> None:
    class Never(_ToyRules):
        calls = 0

        def admit_world(self, s: object, player: int, history: list[int]) -> list[int] | None:
            Never.calls += 1
            return None

    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    assert redeal_unseen(Never(), _ToyState(), [10, 11, 99], 0, sampler) == [10, 11, 99]
    assert Never.calls == MAX_REDRAWS


class _PlayedState:
    """Seat 1 was dealt 10 and 11 face down and has since played 10 (history position 2)."""

    def __init__(self) -> None:
        log: tuple[Event, ...] = ()
        log = log_event(log, 0, 1, 10, seats(1), at=0)
        log = log_event(log, 0, 1, 11, seats(1), at=1)
        self.log = log_event(log, 1, 1, 10, seats(0, 1), at=2)


class _PlayedRules:
    """Seat 0 has located 10 (it was played), not where it was dealt: the deal positions are
    one group of unknown order; 11 and the undealt 12 are hidden."""

    def hidden_cards(self, s: object, player: int) -> dict[int, object]:
        return {11: 1, 12: "undealt"}

    def forbidden_cards(self, s: object, player: int) -> dict[object, int]:
        return {}

    def unseen_orders(self, s: object, player: int) -> list[tuple[int, ...]]:
        return [(0, 1)]


def test_unseen_orders_draw_the_deal_order_of_a_played_card() -> None:
    assert isinstance(_PlayedRules(), OrdersUnseen)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    seen: collections.Counter[tuple[int, ...]] = collections.Counter()
    for _ in range(4000):
        new = redeal_unseen(_PlayedRules(), _PlayedState(), [10, 11, 10], 0, sampler)  # type: ignore[arg-type]
        assert new[2] == 10  # the play is what seat 0 saw
        seen[tuple(new[:2])] += 1
    # 10 at either deal position, beside 11 or 12: four worlds, equally likely.
    assert set(seen) == {(10, 11), (11, 10), (10, 12), (12, 10)}
    assert all(850 < n < 1150 for n in seen.values()), seen
