"""Fixtures of the experiments tests: a one-player game, registered only while a test uses it.

No registered hoyle game has one player yet, but the match machinery must handle n = 1 (the
patiences will). ``solo_game`` puts a tiny one-player game in the registry for the duration of
one test (``monkeypatch`` takes it out again), so it never reaches the conformance suite or
``hoyle games``; it is registered with OpenSpiel once, under a name no real game will take.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from hoyle.envs.core.cards import format_card, iter_cards
from hoyle.envs.core.registry import GAMES, GameSpec, Param
from hoyle.envs.core.rules import CHANCE, TERMINAL, PlainState

STAND_ACTION, PASS_ACTION = 0, 1


class SoloState(PlainState):
    __slots__ = ("dealt", "kept", "shown", "turn")


class SoloRules:
    """Cards ♠A..♠6 are turned up one at a time; stand on one (score pips/6) or pass, at most
    ``turns`` cards; the last one must be taken."""

    num_players = 1
    num_distinct_actions = 2
    max_chance_outcomes = 6
    min_utility, max_utility, utility_sum = 0.0, 1.0, None

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.turns = int(params["turns"])
        self.max_game_length = self.turns
        self.max_chance_nodes = self.turns

    def new_state(self) -> SoloState:
        s = SoloState()
        s.dealt, s.shown, s.kept, s.turn = 0, -1, -1, 0
        return s

    def current_player(self, s: SoloState) -> int:
        if s.kept >= 0:
            return TERMINAL
        return CHANCE if s.shown < 0 else 0

    def legal_actions(self, s: SoloState) -> list[int]:
        if self.current_player(s) != 0:
            return []
        return [STAND_ACTION] if s.turn == self.turns else [STAND_ACTION, PASS_ACTION]

    def chance_outcomes(self, s: SoloState) -> list[tuple[int, float]]:
        left = list(iter_cards(0b111111 & ~s.dealt))
        return [(c, 1 / len(left)) for c in left]

    def apply_action(self, s: SoloState, a: int) -> None:
        if s.shown < 0:
            s.shown, s.dealt, s.turn = a, s.dealt | 1 << a, s.turn + 1
        elif a == STAND_ACTION:
            s.kept = s.shown
        else:
            s.shown = -1

    def returns(self, s: SoloState) -> list[float]:
        return [(s.kept + 1) / 6 if s.kept >= 0 else 0.0]

    def action_to_string(self, s: SoloState, player: int, a: int) -> str:
        if player == CHANCE:
            return f"turn up {format_card(a)}"
        return "stand" if a == STAND_ACTION else "pass"

    def state_string(self, s: SoloState) -> str:
        return f"shown {s.shown} kept {s.kept} turn {s.turn}"

    def player_view(self, s: SoloState, player: int) -> tuple[int, int, int, int]:
        return (s.dealt, s.shown, s.kept, s.turn)

    def tensor_pieces(self, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
        return [("dealt", (6,))]

    def encode_view(self, view: Any, out: Mapping[str, Any], perfect_recall: bool) -> None:
        for c in iter_cards(view[0]):
            out["dealt"][c] = 1.0

    def view_string(self, view: Any, perfect_recall: bool) -> str:
        dealt, shown, kept, turn = view
        up = format_card(shown) if shown >= 0 else "-"
        return f"turned up {bin(dealt)}; showing {up}; kept {kept}; card {turn}"

    def card_zones(self, s: SoloState) -> dict[str, int]:
        return {"dealt": s.dealt, "stock": 0b111111 & ~s.dealt}


SOLO = GameSpec(
    short_name="test_solo_take_one",
    title="Take One (test)",
    book="none: a test fixture",
    section="-",
    make_rules=SoloRules,
    params={"turns": Param(3, "cards that may be turned up", (1, 2, 3, 4))},
    min_players=1,
    max_players=1,
    perfect_information=True,
    constant_sum=False,
)
_registered = False


@pytest.fixture
def solo_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The short name of a one-player game, in the registry for this test only."""
    global _registered
    from hoyle.envs.core.spiel import register_with_openspiel

    if not _registered:
        register_with_openspiel(SOLO)
        _registered = True
    monkeypatch.setitem(GAMES, SOLO.short_name, SOLO)
    yield SOLO.short_name
