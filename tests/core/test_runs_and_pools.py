"""The shared running-sequence and pool arithmetic (``envs/core/runs.py``, ``pools.py``)."""

from __future__ import annotations

import random

from hoyle.envs.core.cards import mask_of, parse_card, parse_cards
from hoyle.envs.core.pools import (
    dress,
    final_counters,
    no_pools,
    pay_each,
    pool_sizes,
    share,
    stake,
    take,
)
from hoyle.envs.core.runs import ACE_TO_KING, SEVEN_TO_KING, holder_of, round_from


def test_the_king_ends_and_the_ace_is_not_next_to_it() -> None:
    assert ACE_TO_KING.after(parse_card("♦K")) is None
    assert ACE_TO_KING.after(parse_card("♦A")) == parse_card("♦2")
    assert ACE_TO_KING.is_top(parse_card("♠K")) and not ACE_TO_KING.is_top(parse_card("♠Q"))


def test_pochen_order_leaves_the_ace_alone() -> None:
    assert SEVEN_TO_KING.after(parse_card("♣A")) is None
    assert SEVEN_TO_KING.after(parse_card("♣10")) == parse_card("♣J")
    assert SEVEN_TO_KING.lowest(mask_of(parse_cards("♣A ♣9 ♣8")), 3) == parse_card("♣8")


def test_a_run_stops_at_the_first_gap() -> None:
    hand = mask_of(parse_cards("♠3 ♠4 ♠6"))
    assert ACE_TO_KING.run(hand, parse_card("♠2")) == tuple(parse_cards("♠3 ♠4"))
    assert ACE_TO_KING.run(hand, parse_card("♠4")) == ()


def test_holder_and_round() -> None:
    hands = (mask_of(parse_cards("♥2")), mask_of(parse_cards("♥3")), 0)
    assert holder_of(hands, parse_card("♥3")) == 1
    assert holder_of(hands, parse_card("♥4")) is None
    assert round_from(0, 3) == (1, 2)


def test_random_staking_taking_and_sharing_ends_zero_sum() -> None:
    rng = random.Random(7)
    for _ in range(200):
        n, d = rng.randint(2, 8), rng.randint(1, 8)
        pools, counters = no_pools(d, n), (0,) * n
        for _ in range(30):
            move = rng.randrange(4)
            if move == 0:
                pools, counters = stake(pools, counters, rng.randrange(d), rng.randrange(n), 3)
            elif move == 1:
                pools, counters = dress(pools, counters, rng.randrange(n), range(d))
            elif move == 2:
                pools, counters, _ = take(pools, counters, rng.randrange(d), rng.randrange(n))
            else:
                winners = rng.sample(range(n), rng.randint(1, n))
                before = pool_sizes(pools)
                div = rng.randrange(d)
                pools, counters, each = share(pools, counters, div, winners)
                assert pool_sizes(pools)[div] == before[div] - each * len(winners)
                assert pool_sizes(pools)[div] < len(winners)
            counters = pay_each(counters, rng.randrange(n), rng.choice((1, -2)))
            assert sum(counters) + sum(pool_sizes(pools)) == 0
        assert sum(final_counters(pools, counters)) == 0
