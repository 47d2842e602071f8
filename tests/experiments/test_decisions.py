"""The count of choices at decision nodes (:mod:`hoyle.experiments.decisions`)."""

from __future__ import annotations

import pytest

from hoyle.experiments.decisions import main, measure


def test_every_lead_is_counted_and_most_are_choices() -> None:
    """Earl of Coventry three-handed on A 2 3 (12 cards): a lead of any card held, one of at most
    four cards (12 among 3), and the first lead always has four to choose from."""
    c = measure("earl_of_coventry(players=3,ranks=3)", games=200, seed=1)
    assert c.games == 200
    assert 1.0 <= c.decisions_per_game <= 12.0
    assert c.most_legal == 4
    assert 1.0 < c.mean_legal <= 4.0
    assert 0.5 < c.share_with_choice <= 1.0


def test_the_table_has_a_row_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["earl_of_coventry(players=3,ranks=3)", "--games", "20"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 and out[2].startswith("| `earl_of_coventry(players=3,ranks=3)` | 20 |")
