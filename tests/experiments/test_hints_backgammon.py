"""Backgammon's hint experiments: the verdict rules on a fake evaluator (no gnubg needed), the
statistics they rest on, and every experiment at the quick budget through gnubg (skipped, with
the reason, when gnubg is not installed)."""

from __future__ import annotations

import dataclasses
import itertools
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hoyle.agents.heuristics.backgammon import OPENINGS
from hoyle.envs.games.backgammon import START, Position, parse_play, pips
from hoyle.experiments.hints import backgammon as B
from hoyle.experiments.hints.backgammon_gnubg import Probs, gnubg_available, ply_of
from hoyle.experiments.hints.framework import (
    BUDGETS,
    EXPERIMENTS,
    Budget,
    Context,
    Verdict,
    run_experiments,
)

needs_gnubg = pytest.mark.skipif(
    not gnubg_available(), reason='GNU Backgammon is not installed: pip install "hoyle[gnubg]"'
)


class FakeEvaluator:
    """Values a position by a table of preferred positions, else by the pip lead: a judge whose
    best play is known in advance."""

    name = "fake"

    def __init__(self, prefer: dict[Position, float] | None = None) -> None:
        self.prefer = prefer or {}

    def probs_after(self, position: Position) -> Probs:
        if position in self.prefer:
            win = self.prefer[position]
        else:
            lead = pips(position[1]) - pips(position[0])  # the mover's lead after his play
            win = 0.5 + lead / 1000
        return Probs(win, 0.0, 0.0, 0.0, 0.0)


def _ctx(tmp_path: Path, budget: Budget, ev: Any = None) -> Context:
    ctx = Context("backgammon", budget, 0, 1, tmp_path)
    if ev is not None:
        for p in range(3):
            ctx.cache[f"gnubg-evaluator-{p}"] = ev
    return ctx


# --- the opening verdict --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "verdict"),
    [(0.0, "supported"), (0.0199, "supported"), (0.02, "inconclusive"), (0.0399, "inconclusive"),
     (0.04, "refuted"), (0.5, "refuted"), (math.nan, "inconclusive")],
)  # fmt: skip
def test_opening_verdict_thresholds(loss: float, verdict: str) -> None:
    assert B.opening_verdict(loss).value == verdict
    assert B.SUPPORTED_BELOW < B.REFUTED_FROM


def test_book_play_judged_against_every_legal_play() -> None:
    throw = (3, 1)
    book = parse_play(START, START, (3, 1), "8/5 6/5")
    other = parse_play(START, START, (3, 1), "24/21 24/23")
    # The book's play best by 0.05 equity (0.025 win): supported, margin positive.
    a = B.analyse_throw(FakeEvaluator({book: 0.9, other: 0.875}), throw)
    j = a["styles"]["hit"]
    assert a["plays"] == len(B.score_throw(FakeEvaluator(), throw)) > 10
    assert j["rank"] == 1 and j["loss"] == 0 and j["margin"] == pytest.approx(0.05)
    assert j["verdict"] == "supported" and a["best"]["play"] == "8/5 6/5"
    # Another play better by 0.03: inconclusive; by 0.1: refuted, with gnubg's best named.
    a = B.analyse_throw(FakeEvaluator({book: 0.9, other: 0.915}), throw)
    assert a["styles"]["hit"]["verdict"] == "inconclusive" and a["best"]["play"] == "24/23 24/21"
    a = B.analyse_throw(FakeEvaluator({book: 0.9, other: 0.95}), throw)
    j = a["styles"]["hit"]
    assert j["verdict"] == "refuted" and j["rank"] == 2 and j["loss"] == pytest.approx(0.1)
    assert j["margin"] == pytest.approx(-0.1)


def test_every_book_opening_is_a_legal_play_and_found_among_the_scored() -> None:
    ev = FakeEvaluator()
    for throw in B.THROWS:
        a = B.analyse_throw(ev, throw)
        assert set(a["styles"]) == {"hit", "gammon"}
        assert set(a["alternatives"]) == set(OPENINGS[throw].alternatives)
        for j in [*a["styles"].values(), *a["alternatives"].values()]:
            assert 1 <= j["rank"] <= j["of"] == a["plays"]
            assert j["loss"] >= 0
    # The fake prefers running: 6-5's 24/13 gains the most pips... every play of a throw moves
    # the same pips unless it hits, so all tie at the start and the rank is 1.
    assert B.analyse_throw(ev, (6, 5))["styles"]["hit"]["rank"] == 1


def test_experiments_run_on_a_fake_evaluator(tmp_path: Path) -> None:
    book = parse_play(START, START, (6, 2), OPENINGS[(6, 2)].plays["hit"])
    ctx = _ctx(tmp_path, BUDGETS["quick"], FakeEvaluator({book: 0.2}))
    runner = EXPERIMENTS["backgammon"]["backgammon.opening.6-2.exact"].run
    r = runner(ctx)
    assert r.verdict is Verdict.REFUTED and r.effect < -0.04 and r.n > 5
    assert math.isnan(r.ci_low) and "loss" in r.summary
    # The throws with two styles have an experiment each.
    ids = set(EXPERIMENTS["backgammon"])
    for t in B.THROWS:
        two = OPENINGS[t].plays["hit"] != OPENINGS[t].plays["gammon"]
        names = [f"backgammon.opening.{B.label(t)}{s}.exact"
                 for s in ((".hit", ".gammon") if two else ("",))]  # fmt: skip
        assert set(names) <= ids, names


# --- the ranking, the permutation test ------------------------------------------------------------


def test_ranking_check() -> None:
    book_order = [(1, 1), (6, 6), (3, 3), (3, 1), (6, 1)]
    eq = {t: 0.0 for t in B.THROWS}
    for k, t in enumerate(book_order):
        eq[t] = 1.0 - 0.1 * k
    r = B.ranking_check(eq)
    assert r["in_order"] and r["at_top"] and r["tau_b"] > 0.5
    eq[(6, 1)], eq[(3, 1)] = eq[(3, 1)], eq[(6, 1)]  # the book does not order these two
    assert B.ranking_check(eq)["in_order"]
    eq[(6, 6)] = 2.0  # sixes above aces: out of order, still the top five
    r = B.ranking_check(eq)
    assert not r["in_order"] and r["at_top"] and r["rank"]["6-6"] == 1
    eq[(4, 4)] = 3.0
    assert not B.ranking_check(eq)["at_top"]


def test_kendall_tau_b_matches_a_brute_force() -> None:
    rng = np.random.default_rng(1)
    x = rng.integers(0, 3, 12).astype(float)
    y = rng.normal(size=12)
    tau = B.kendall_tau_b(list(x), list(y))
    # Brute force: tau-b = (C - D) / sqrt((n0 - n1)(n0 - n2)).
    pairs = list(itertools.combinations(range(12), 2))
    s = sum(np.sign(x[i] - x[j]) * np.sign(y[i] - y[j]) for i, j in pairs)
    n0 = len(pairs)
    n1 = sum(1 for i, j in pairs if x[i] == x[j])
    assert tau == pytest.approx(s / math.sqrt((n0 - n1) * n0))


def test_permutation_shift_interval() -> None:
    group, rest = [0.16, 0.12, 0.06, 0.01], [0.0, 0.01, 0.0, 0.02, 0.01, 0.0, 0.03, 0.01, 0.05,
                                            0.0, 0.1]  # fmt: skip
    r = B.permutation_shift(group, rest)
    assert r["splits"] == math.comb(15, 4)
    assert r["ci_low"] <= r["difference"] <= r["ci_high"]
    # No difference at all: the interval covers zero and the p-value is 1.
    same = B.permutation_shift([1.0, 2.0], [1.0, 2.0, 1.0, 2.0])
    assert same["p_value"] == 1 and same["ci_low"] < 0 < same["ci_high"]
    # A shift far outside the data is rejected: the interval is finite and tight around it.
    far = B.permutation_shift([10.0, 11.0, 12.0], [0.0, 1.0, 2.0, 0.5, 1.5, 1.0])
    assert far["p_value"] < 0.05 and 0 < far["ci_low"] < 10.3 < far["ci_high"] < 13


def test_differ_by_two_make_a_home_point() -> None:
    made = {B.label(t): B.makes_home_point(t) for t in B.DIFFER_BY_TWO}
    assert made == {"3-1": "8/5 6/5", "4-2": "8/4 6/4", "5-3": "8/3 6/3", "6-4": "8/2 6/2"}
    assert B.makes_home_point((6, 5)) is None


def test_judge_opinion() -> None:
    j = B.judge_opinion([0.1, 0.3, 0.2, 0.0], [1, 3])
    assert j["agrees"] and j["chance"] == 0.5 and j["loss_obeying"] == 0
    assert j["loss_defying"] == pytest.approx(0.1)
    j = B.judge_opinion([0.1, 0.3, 0.2, 0.0], [0])
    assert not j["agrees"] and j["loss_obeying"] == pytest.approx(0.2)


def test_ply_of_specs() -> None:
    assert ply_of("gnubg:ply=2", 0) == 2 and ply_of("gnubg", 1) == 1
    assert ply_of("ismcts:sims=25", 0) == 0
    assert B.evaluator_ply(_ctx(Path("."), BUDGETS["full"])) == 2
    assert B.evaluator_ply(_ctx(Path("."), BUDGETS["quick"])) == 0
    for name, spec in B.REFEREE_SPECS.items():  # the referee named is the judge used
        budget = dataclasses.replace(BUDGETS[name], referee=spec)
        ctx = _ctx(Path("."), budget)
        assert B.evaluator_ply(ctx, referee=True) == B.evaluator_ply(ctx) == B.PLIES[name]


def test_equity_has_the_books_values() -> None:
    p = Probs(0.6, 0.2, 0.05, 0.1, 0.01)
    assert p.equity() == pytest.approx(0.2 + 0.1 + 0.04)
    assert p.equity(4) == pytest.approx(0.2 + 0.1 + 2 * 0.04)


# --- through gnubg ------------------------------------------------------------------------------


@needs_gnubg
def test_gnubg_orientation_and_a_known_opening() -> None:
    from hoyle.experiments.hints.backgammon_gnubg import GnubgEvaluator

    ev = GnubgEvaluator(0)
    won = (tuple([14, 1] + [0] * 24), START)  # the mover bears off his last man next
    assert ev.probs_after(won).win > 0.99
    # 3-1: making the five point is gnubg's best play by a wide margin, at 0-ply.
    a = B.analyse_throw(ev, (3, 1))
    assert a["best"]["play"] == "8/5 6/5" and a["styles"]["hit"]["margin"] > 0.1


@needs_gnubg
def test_quick_budget_runs_every_opening_experiment(tmp_path: Path) -> None:
    done = run_experiments("backgammon", BUDGETS["quick"], 0, tmp_path, only=["exact"])
    assert done and all(e.method == "exact" for e, _ in done)
    verdicts = {e.id: r for e, r in done}
    assert verdicts["backgammon.opening.3-1.exact"].verdict is Verdict.SUPPORTED
    assert verdicts["backgammon.doublets-good.exact"].verdict is Verdict.SUPPORTED
    dbt = verdicts["backgammon.differ-by-two.exact"]
    assert dbt.ci_low <= dbt.effect <= dbt.ci_high and dbt.n == 15
    for _, r in done:
        assert r.summary and r.unit and r.budget == "quick"
        for p in r.plots:
            assert (tmp_path / "backgammon" / "plots" / p).stat().st_size > 0


def test_missing_gnubg_skips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hoyle.experiments.hints import backgammon_gnubg as G

    def missing(*a: Any, **k: Any) -> Any:
        raise G.GnubgMissing('not installed; pip install "hoyle[gnubg]"')

    monkeypatch.setattr(B, "GnubgEvaluator", missing)
    done = run_experiments("backgammon", BUDGETS["quick"], 0, tmp_path, only=["opening.1-1"])
    ((_, r),) = done
    assert r.verdict is Verdict.INCONCLUSIVE and "hoyle[gnubg]" in r.summary
    assert not list((tmp_path / "backgammon").glob("results/*.json"))  # not stored


@needs_gnubg
def test_evaluator_agrees_with_the_gnubg_agent() -> None:
    """Two independent wrappers of gnubg (this one, the ``gnubg`` agent's) value the same plays
    alike: the orientation of the board and the equity formula are right in both."""
    gb = pytest.importorskip("hoyle.agents.gnubg_bot")
    from hoyle.envs.games.backgammon import plays
    from hoyle.experiments.hints.backgammon_gnubg import GnubgEvaluator

    positions = list(plays(START, START, (4, 2)))
    mine = [GnubgEvaluator(0).equity_after(p) for p in positions]
    assert np.allclose(mine, gb.equity_after(positions, 0), atol=1e-6)


# --- the heuristic's rules (once the heuristic has its hints) -----------------------------------

needs_hints = pytest.mark.skipif(
    not B.heuristic_hints(), reason="the backgammon heuristic has no hints yet"
)


@needs_hints
def test_every_hint_is_ablated_and_judged() -> None:
    ids = set(EXPERIMENTS["backgammon"])
    for rule, h in B.heuristic_hints().items():
        assert {f"{h.id}.ablation", f"{h.id}.referee"} <= ids, rule
    assert {"make-points", "avoid-blots"} <= set(B.rules())


@needs_hints
def test_scan_finds_positions_where_a_rule_has_an_opinion() -> None:
    g = B._scan_game(("backgammon", 1, 0))
    assert g["decisions"] > 5 and g["counts"]["make-points"] > 0
    for rule, p in g["picked"].items():
        assert 0 < len(p["kept"]) < p["plays"], rule
        assert sum(p["mover"]) == sum(p["adversary"]) == 15
    # Seeded: the same game, the same positions.
    assert B._scan_game(("backgammon", 1, 0)) == g


@needs_hints
def test_ablation_runs_a_seeded_match(tmp_path: Path) -> None:
    tiny = Budget("tiny", deals=10, common_deals=5, positions=1, scan_deals=2, trials=1,
                  sim_deals=1, referee="random")  # fmt: skip
    r = B.ablation(_ctx(tmp_path, tiny), "backgammon.make-points")
    assert r.n == 2 and r.numbers["head_to_head"]["games"] == 4
    assert "versus_random" in r.numbers and r.unit == B.UNIT
    assert (tmp_path / "plots" / r.plots[0]).exists()
