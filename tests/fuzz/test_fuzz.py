"""The fuzz suite: adversarial inputs through every entry point of every registered game.

Sized for CI by ``HOYLE_FUZZ_EXAMPLES`` (hypothesis examples per game and property, default 3);
``python -m tests.fuzz.long_run`` runs the same fuzzers long and prints what they tried. What
is checked is in :mod:`tests.fuzz.fuzzlib` (and docs/trust.md): no illegal action or non-int
accepted, nothing changed by a refusal, no refusal that shows a hidden card, ``child`` equal to
``apply_action``, serializations that round-trip, no corrupt text accepted, and the Gymnasium
and PettingZoo environments taking any input to ``step`` under both illegal-action policies.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.fuzz.fuzzlib import fuzz_actions, fuzz_gymnasium, fuzz_pettingzoo, fuzz_serialization
from tests.helpers import CONFIGS, config_id, load_config, replaying

EXAMPLES = int(os.environ.get("HOYLE_FUZZ_EXAMPLES", "3"))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow], phases=(Phase.explicit, Phase.generate),
)  # fmt: skip
"""Derandomized (the same examples in every run), no example database, and no shrinking: a
failure names its game, seed and input, and shrinking a seed finds nothing simpler."""

pytestmark = pytest.mark.parametrize("config", CONFIGS, ids=config_id)

ODD_VALUES = st.one_of(
    st.integers(), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.none(), st.booleans(), st.binary(max_size=4), st.lists(st.integers(0, 60), max_size=2),
)  # fmt: skip
"""Inputs hypothesis adds to the fuzzer's own at every node: any int, float, text, ..."""


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), extra=st.lists(ODD_VALUES, max_size=3))
def test_actions_through_every_entry_point(config: Any, seed: int, extra: list[Any]) -> None:
    # A refusal is read again in re-dealt worlds.
    counts = fuzz_actions(load_config(replaying(config)), seed, extra=extra)
    assert counts.accepted_legal > 0 and counts.refused_illegal > 0


def _other_texts() -> list[str]:
    """A state's text of every other configuration (a state of another game or parameters)."""
    return [load_config(c).new_initial_state().serialize() for c in CONFIGS]


OTHER_TEXTS = _other_texts()


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), extra=st.lists(st.text(max_size=40), max_size=3))
def test_serializations_round_trip_and_mutations_are_refused(
    config: Any, seed: int, extra: list[str]
) -> None:
    game = load_config(config)
    others = [t for t in OTHER_TEXTS if t != game.new_initial_state().serialize()]
    counts = fuzz_serialization(game, seed, other_texts=others, extra=extra)
    assert counts.texts_refused > 0


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), extra=st.lists(ODD_VALUES, max_size=3))
def test_environment_steps(config: Any, seed: int, extra: list[Any]) -> None:
    game = load_config(config)
    gym = fuzz_gymnasium(game, seed, extra=extra)
    aec = fuzz_pettingzoo(game, seed, extra=extra)
    assert gym.accepted_legal > 0 and aec.accepted_legal > 0
    assert gym.refused_illegal > 0 and aec.refused_illegal > 0
