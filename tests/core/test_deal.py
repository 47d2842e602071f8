"""The deal as data: a plan's holders, positions and face-up cards, and the chance node."""

from __future__ import annotations

import pytest

from hoyle.envs.core.deal import TABLE, WIDOW, DealPlan, Packet, deal_outcomes


def test_packets_in_order() -> None:
    plan = DealPlan.rounds((0, 1, 2), (3, 4), extra=[Packet(WIDOW, 3)])
    assert len(plan) == 24
    assert plan.holders[:9] == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert plan.count(0) == 7 and plan.count(WIDOW) == 3
    assert plan.positions(WIDOW) == (21, 22, 23)
    assert not any(plan.face_up(k) for k in range(len(plan)))


def test_face_up_packets() -> None:
    plan = DealPlan([Packet(0, 2), Packet(TABLE, 2, face_up=True), Packet(1, 2)])
    assert [plan.face_up(k) for k in range(6)] == [False, False, True, True, False, False]
    assert plan.holder(2) == TABLE


def test_outcomes_are_the_undealt_cards_equally_likely() -> None:
    outcomes = deal_outcomes(pack=0b11110, dealt=0b00100)
    assert [c for c, _ in outcomes] == [1, 3, 4]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="no card left"):
        deal_outcomes(0b1, 0b1)
    with pytest.raises(ValueError, match="packet of -1"):
        DealPlan([Packet(0, -1)])
