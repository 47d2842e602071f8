"""The core's event log: who saw what, the cuts the observers use, the tensor rows, the words,
and the history relabelling the determinizer does through it."""

from __future__ import annotations

import numpy as np
import pytest

from hoyle.envs.core.events import (
    EVERYONE,
    HIDDEN,
    NOBODY,
    NOWHERE,
    EventKind,
    EventSchema,
    log_event,
    relabel_history,
    seats,
)

DEAL, PLAY, TRICK = range(3)
SCHEMA = EventSchema(
    [
        EventKind("dealt {actor} {value}"),
        EventKind("{actor} plays {value}"),
        EventKind("{actor} wins the trick", value="none"),
    ],
    num_players=3,
    num_values=52,
    max_events=6,
)


def _log() -> tuple:
    log: tuple = ()
    log = log_event(log, DEAL, 0, 40, seats(0), at=0)  # seat 0's own card
    log = log_event(log, DEAL, 1, 7, seats(1), at=1)  # seat 1's
    log = log_event(log, DEAL, 2, 9, NOBODY, at=2)  # face down, seen by nobody
    log = log_event(log, PLAY, 1, 7, EVERYONE, at=3)
    log = log_event(log, TRICK, 1)
    return log


def test_each_seat_sees_only_the_values_shown_to_it() -> None:
    log = _log()
    assert SCHEMA.view(log, 0) == (
        (DEAL, 0, 40),
        (DEAL, 1, HIDDEN),
        (DEAL, 2, HIDDEN),
        (PLAY, 1, 7),
        (TRICK, 1, 0),
    )
    assert SCHEMA.view(log, 1)[1] == (DEAL, 1, 7)
    assert SCHEMA.public(log) == tuple(
        (k, a, v if i in (3, 4) else HIDDEN) for i, (k, a, v) in enumerate(SCHEMA.view(log, 1))
    )
    # Every value someone saw, but not the card nobody saw.
    assert [v for _, _, v in SCHEMA.seen_by_anyone(log)] == [40, 7, HIDDEN, 7, 0]
    assert SCHEMA.private(log, 0) == ((DEAL, 0, 40),)
    assert SCHEMA.private(log, 2) == ()


def test_rows_hold_kind_actor_from_the_observer_and_value() -> None:
    block = np.zeros(SCHEMA.piece()[1], np.float32)
    SCHEMA.encode(block, SCHEMA.view(_log(), 1), observer=1)
    kinds, actors, values = 3, 4, 53
    assert block.shape == (6, kinds + actors + values)
    row = block[1]  # seat 1's own card, seat 1 observing: actor 0 (himself), value 7
    assert list(np.flatnonzero(row)) == [DEAL, kinds + 0, kinds + actors + 7]
    row = block[0]  # seat 0's card: actor two seats on from seat 1, value hidden
    assert list(np.flatnonzero(row)) == [DEAL, kinds + 2, kinds + actors + 52]
    assert list(np.flatnonzero(block[4])) == [TRICK, kinds + 0]  # no value
    assert not block[5].any()
    with pytest.raises(ValueError, match="exceed"):
        SCHEMA.encode(block, SCHEMA.view(_log() + _log(), 1), observer=1)


def test_words() -> None:
    lines = SCHEMA.lines(SCHEMA.view(_log(), 0), lambda q: ("you", "West", "North")[q])
    assert lines == [
        "dealt you ♣2",
        "dealt West a card",
        "dealt North a card",
        "West plays ♠8",
        "West wins the trick",
    ]


def test_relabelling_rewrites_every_position_the_log_names() -> None:
    history = [40, 7, 9, 7, 60]  # 60: not a card the log names
    new = relabel_history(history, _log(), {7: 11, 9: 12})
    assert new == [40, 11, 12, 11, 60]
    # An action that encodes a card with an offset keeps the offset.
    log = log_event((), PLAY, 0, 5, EVERYONE, at=0)
    assert relabel_history([100 + 5], log, {5: 6}) == [106]
    assert log_event((), TRICK)[0][4] == NOWHERE


def test_unknown_value_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="value kind"):
        EventSchema([EventKind("x", value="colour")], 2, 4, 4)
