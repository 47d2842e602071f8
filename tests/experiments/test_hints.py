"""The book-hint experiments: the verdict rules, every registered experiment at a tiny budget,
the report, resume, reproducibility, the referee's bookkeeping and ``hoyle hints``."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from hoyle.agents import AGENTS
from hoyle.agents.heuristics import game_hints
from hoyle.experiments.cli import main
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    EXPERIMENTS,
    GAME_MODULES,
    UNTESTABLE,
    Budget,
    Context,
    Verdict,
    ci_verdict,
    exact_verdict,
    experiments,
    preference_ci,
    proportion_ci,
    result_path,
    run_experiments,
    universal_verdict,
)
from hoyle.experiments.hints.report import REPORT_FILE, SUMMARY_FILE, write_report

TINY = Budget(
    "tiny",
    deals=3,
    common_deals=0,
    positions=2,
    scan_deals=4,
    trials=2,
    sim_deals=4,
    referee="random",
)
"""Every method runs, on samples far too small for a verdict; ``random`` as the referee."""
RULES = Path(__file__).resolve().parents[2].parent / "shared" / "RULES.md"


# --- the verdict rule, on synthetic numbers ----------------------------------------------------


@pytest.mark.parametrize(
    ("lo", "hi", "verdict"),
    [(0.01, 0.5, "supported"), (-0.5, -0.01, "refuted"), (-0.1, 0.1, "inconclusive"),
     (0.0, 0.2, "inconclusive"), (-0.2, 0.0, "inconclusive"),
     (math.nan, math.nan, "inconclusive")],
)  # fmt: skip
def test_ci_verdict(lo: float, hi: float, verdict: str) -> None:
    assert ci_verdict(lo, hi).value == verdict


def test_exact_and_universal_verdicts() -> None:
    assert exact_verdict(True) is Verdict.SUPPORTED and exact_verdict(False) is Verdict.REFUTED
    assert universal_verdict(0, 10) is Verdict.SUPPORTED
    assert universal_verdict(1, 10_000) is Verdict.REFUTED
    assert universal_verdict(0, 0) is Verdict.INCONCLUSIVE


def test_preference_ci_is_a_sign_test() -> None:
    # Two agreeing positions prove nothing; 9 of 9 decisive ones do (sign test p = 0.004).
    e, lo, hi = preference_ci(2, 0, 2)
    assert e == 1 and ci_verdict(lo, hi) is Verdict.INCONCLUSIVE
    e, lo, hi = preference_ci(9, 0, 12)
    assert e == 0.75 and ci_verdict(lo, hi) is Verdict.SUPPORTED and lo <= e <= hi <= 0.75
    assert ci_verdict(*preference_ci(0, 9, 9)[1:]) is Verdict.REFUTED
    e, lo, hi = preference_ci(0, 0, 5)  # the referee never chose between them
    assert e == 0 and math.isnan(lo)


def test_proportion_ci_is_the_exact_interval() -> None:
    p, lo, hi = proportion_ci(0, 100)
    assert p == 0 and lo == 0 and hi == pytest.approx(1 - 0.025 ** (1 / 100))
    p, lo, hi = proportion_ci(100, 100)
    assert p == 1 and hi == 1 and lo == pytest.approx(0.025 ** (1 / 100))
    p, lo, hi = proportion_ci(50, 100)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)
    assert all(math.isnan(x) for x in proportion_ci(0, 0))


# --- coverage of the book's hints ----------------------------------------------------------------


def _items(section: str) -> list[str]:
    """The numbered hint items of a RULES.md section (``2.7`` -> ``["§2.7.1", ...]``)."""
    text = RULES.read_text(encoding="utf-8")
    body = text.split(f"### {section} ", 1)[1].split("\n### ", 1)[0]
    return [f"§{section}.{m}" for m in re.findall(r"^(\d+)\. ", body, flags=re.M)]


@pytest.mark.parametrize(
    ("game", "section"),
    [
        ("conquian", "2.7"),
        ("cassino", "1.9"),
        ("backgammon", "21.6"),
        ("calabrasella", "3.6"),
        ("five_hundred", "18.6"),
        ("poker_patience", "20.3"),
        ("auction_bridge", "17.6"),
    ],
)
def test_every_hint_has_an_experiment_or_a_reason(game: str, section: str) -> None:
    exps = experiments(game)
    covered = {e.item for e in exps} | {u.item for u in UNTESTABLE.get(game, [])}
    items = _items(section) if RULES.exists() else []
    assert set(items) <= covered, sorted(set(items) - covered)
    # Every hint of the heuristic agent is ablated and refereed.
    for h in game_hints(game):
        methods = {e.method for e in exps if e.hint == h.id}
        assert {"ablation", "referee"} <= methods, h.id
    assert len({e.id for e in exps}) == len(exps)
    assert all(e.claim and e.citation and e.how for e in exps)
    assert all(u.reason for u in UNTESTABLE.get(game, []))


def test_only_selects_by_id_hint_or_method() -> None:
    ids = [e.id for e in experiments("conquian", ["play-for-tableau"])]
    assert ids == ["conquian.play-for-tableau.ablation", "conquian.play-for-tableau.referee"]
    assert {e.method for e in experiments("cassino", ["simulation"])} == {"simulation"}
    assert [e.id for e in experiments("cassino", ["cassino.sweep.ablation"])] == [
        "cassino.sweep.ablation"
    ]
    with pytest.raises(ValueError, match="nonesuch"):
        experiments("cassino", ["nonesuch"])


# --- every experiment, at a tiny budget --------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("hints")
    runs = {g: run_experiments(g, TINY, seed=3, out=out) for g in GAME_MODULES}
    return {"out": out, "runs": runs}


@pytest.mark.parametrize("game", GAME_MODULES)
def test_every_experiment_gives_a_well_formed_result(game: str, tiny_runs: dict[str, Any]) -> None:
    done = tiny_runs["runs"][game]
    assert [e.id for e, _ in done] == list(EXPERIMENTS[game])
    root = tiny_runs["out"] / game
    for e, r in done:
        assert r.id == e.id and r.game == game and r.method == e.method
        assert isinstance(r.verdict, Verdict) and r.n >= 0 and r.unit and r.summary
        if not (math.isnan(r.ci_low) or math.isnan(r.ci_high)):
            assert r.ci_low <= r.effect + 1e-9 and r.effect <= r.ci_high + 1e-9, e.id
        assert r.verdict in (Verdict.INCONCLUSIVE, ci_verdict(r.ci_low, r.ci_high)) or (
            e.method in ("exact", "simulation")
        )
        assert r.budget == "tiny" and r.seed == 3 and r.budget_key == TINY.key(r.method)
        for p in r.plots:
            assert (root / "plots" / p).stat().st_size > 0
        stored = json.loads(result_path(root, e.id, "tiny", 3).read_text())
        assert stored["verdict"] == r.verdict.value and stored["n"] == r.n
    # Exact claims are settled at any budget.
    verdicts = {e.id: r.verdict for e, r in done}
    if game == "conquian":
        assert verdicts["conquian.eleven-in-one-suit.exact"] is Verdict.SUPPORTED


@pytest.mark.parametrize("game", GAME_MODULES)
def test_report_has_every_hint(game: str, tiny_runs: dict[str, Any]) -> None:
    root = tiny_runs["out"] / game
    path = write_report(game, tiny_runs["runs"][game], root, "hoyle hints --budget tiny")
    text = path.read_text(encoding="utf-8")
    assert path.name == REPORT_FILE and text.startswith("# The book's hints, tested")
    table = text.split("## Every hint", 1)[1].split("## The experiments", 1)[0]
    for e, _r in tiny_runs["runs"][game]:
        assert f"| [{e.id.split('.', 1)[-1]}](#" in table
        assert f"### {e.id}" in text
    for u in UNTESTABLE.get(game, []):
        assert u.id.split(".", 1)[-1] in table and f"### {u.id}" in text
    for img in re.findall(r"!\[[^\]]*\]\((plots/[^)]+)\)", text):
        assert (root / img).exists(), img
    rows = (root / SUMMARY_FILE).read_text().splitlines()
    assert len(rows) == 1 + len(tiny_runs["runs"][game]) + len(UNTESTABLE.get(game, []))


def test_resume_reuses_finished_results(tiny_runs: dict[str, Any]) -> None:
    out = tiny_runs["out"]
    first = {e.id: r for e, r in tiny_runs["runs"]["conquian"]}
    seen: list[tuple[str, bool]] = []
    gone = "conquian.know-the-hand.simulation"
    result_path(out / "conquian", gone, "tiny", 3).unlink()  # as if interrupted before it
    again = run_experiments("conquian", TINY, seed=3, out=out,
                            on_result=lambda e, r, reused: seen.append((e.id, reused)))  # fmt: skip
    assert [i for i, reused in seen if not reused] == [gone]
    for e, r in again:
        assert r.to_json() == first[e.id].to_json() or e.id == gone
        if e.id == gone:
            assert (r.effect, r.n, r.verdict) == (first[gone].effect, first[gone].n,
                                                   first[gone].verdict)  # fmt: skip
    # Another budget is another key: nothing is reused.
    other = Budget(**{**TINY.key(), "sim_deals": 5})
    seen.clear()
    run_experiments("conquian", other, seed=3, out=out, only=["know-the-hand"],
                    on_result=lambda e, r, reused: seen.append((e.id, reused)))  # fmt: skip
    assert seen == [(gone, False)]


def test_same_seed_same_numbers_whatever_the_workers(tmp_path: Path) -> None:
    tiny = Budget(**{**TINY.key(), "common_deals": 2})  # the matches against random too
    only = ["cassino.sweep.ablation", "cassino.dealer-last-take.simulation",
            "cassino.prefer-spades.referee"]  # fmt: skip
    a = run_experiments("cassino", tiny, seed=5, out=tmp_path / "a", only=only, workers=1)
    b = run_experiments("cassino", tiny, seed=5, out=tmp_path / "b", only=only, workers=2)
    c = run_experiments("cassino", tiny, seed=6, out=tmp_path / "c", only=only, workers=1)
    assert "versus_random" in {e.id: r for e, r in a}["cassino.sweep.ablation"].numbers
    key = [(r.effect, r.ci_low, r.ci_high, r.n, r.numbers) for _, r in a]
    assert key == [(r.effect, r.ci_low, r.ci_high, r.n, r.numbers) for _, r in b]
    assert key != [(r.effect, r.ci_low, r.ci_high, r.n, r.numbers) for _, r in c]


# --- the referee's bookkeeping -----------------------------------------------------------------


@pytest.mark.parametrize(("game", "hint"), [("conquian", "conquian.play-for-tableau"),
                                            ("cassino", "cassino.prefer-spades")])  # fmt: skip
def test_referee_that_plays_the_book_agrees_and_one_without_the_hint_does_not(
    game: str, hint: str, tmp_path: Path
) -> None:
    """The full heuristic as referee always picks one of the book's moves (B); the heuristic
    without the hint never picks a move only the book allows, and picks the alternative (A)
    whenever it does not pick a move both allow."""
    short = hint.split(".", 1)[-1]
    results = {}
    for spec in ("heuristic", f"heuristic:-{short}"):
        budget = Budget(**{**TINY.key(), "name": "ref", "positions": 5, "scan_deals": 40,
                           "referee": spec})  # fmt: skip
        ctx = Context(game, budget, 0, 1, tmp_path / spec.replace(":", "_") / game)
        results[spec] = r = M.referee(ctx, f"{hint}.referee", hint)
        assert r.n == 5
    full, without = results["heuristic"], results[f"heuristic:-{short}"]
    assert full.effect == 1.0 and full.numbers["alternative"] == 0
    assert without.numbers["alternative"] >= 1 and without.effect < 0.5


def test_changes_names_the_books_moves_and_the_alternative() -> None:
    class H:
        def __init__(self, hid: str, keep: set[int]) -> None:
            self.id, self.keep = hid, keep

        def narrow(self, view: Any, legal: list[int]) -> list[int]:
            return [a for a in legal if a in self.keep]

    hints = [H("a", {1, 2, 3}), H("b", {3, 4}), H("c", {2})]
    best, alt = M.changes(hints, None, [1, 2, 3, 4])
    # With every hint: a keeps 1 2 3, b keeps 3, c has nothing left to say.
    assert best == [3]
    # Without a: b keeps 3 4, c finds none of its cards: 3 4 (a broke the tie against 4).
    # Without b: a keeps 1 2 3, then c keeps 2.
    assert alt == {"a": ([3], [4]), "b": ([3], [2])}
    assert M.candidates(hints, None, [1, 2, 3, 4]) == [3]
    assert M.changes(hints[2:], None, [1, 3]) == ([1, 3], {})  # c never narrows here


def test_a_missing_referee_skips_without_storing(tmp_path: Path, monkeypatch: Any) -> None:
    def ghost(*args: Any) -> Any:
        raise ModuleNotFoundError("No module named 'hoyle.agents.ghost'", name="x")

    monkeypatch.setitem(AGENTS, "ghost", ghost)
    budget = Budget(**{**TINY.key(), "referee": "ghost"})
    done = run_experiments("conquian", budget, 0, tmp_path, only=["book-discard"])
    ((e, r),) = done
    assert r.verdict is Verdict.INCONCLUSIVE and r.n == 0 and "not available" in r.notes
    assert not result_path(tmp_path / "conquian", e.id, budget.name, 0).exists()


# --- hoyle hints -------------------------------------------------------------------------------


def test_cli_runs_and_writes_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["hints", "--game", "conquian", "--budget", "quick", "--out", str(tmp_path),
            "--only", "eleven-in-one-suit,cannot-block-and-win.exact", "--workers", "1",
            "--quiet", "--seed", "2"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "eleven-in-one-suit.exact" in out and "supported" in out
    report = (tmp_path / "conquian" / REPORT_FILE).read_text(encoding="utf-8")
    assert "--seed 2" in report and "conquian.cannot-block-and-win.exact" in report
    assert main(argv) == 0  # resumed: the stored results are reused
    assert capsys.readouterr().out == out


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--game", "nonesuch"], "no hint experiments"), (["--only", "nonesuch"], "nonesuch"),
     (["--game", "preference"], "the book gives no hints for preference (RULES.md §5.6)"),
     (["--seed", "-1"], "--seed"), (["--referee", "ismcts:nonesuch=1"], "--referee")],
)  # fmt: skip
def test_cli_bad_input_is_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hints", "--budget", "quick", "--out", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and err.startswith("hoyle hints: error")


def test_cli_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["hints", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "--budget" in out and "minutes" in out and "--workers 2" in out
    assert "strong ISMCTS" in out  # the full budget names its referee


def test_cli_interrupted_keeps_and_reports_what_finished(
    tmp_path: Path, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    from hoyle.experiments.hints import framework as F

    first = experiments("conquian", ["eleven-in-one-suit"])[0]

    def interrupt(ctx: Context) -> Any:
        raise KeyboardInterrupt

    stop = dataclasses.replace(first, id="conquian.interrupt.exact", run=interrupt)
    monkeypatch.setitem(F.EXPERIMENTS, "conquian", {first.id: first, stop.id: stop})
    argv = ["hints", "--game", "conquian", "--budget", "quick", "--out", str(tmp_path),
            "--workers", "1", "--quiet"]  # fmt: skip
    assert main(argv) == 130
    assert "interrupted" in capsys.readouterr().err
    report = (tmp_path / "conquian" / REPORT_FILE).read_text(encoding="utf-8")
    assert first.id in report and stop.id not in report
    assert result_path(tmp_path / "conquian", first.id, "quick", 0).exists()


def test_a_new_referee_keeps_the_other_methods_results() -> None:
    other = dataclasses.replace(TINY, referee="ismcts:sims=7")
    for method in ("exact", "simulation", "ablation"):
        assert other.key(method) == TINY.key(method)
    assert other.key("referee") != TINY.key("referee") and other.key() != TINY.key()


def test_a_shadowed_hint_decides_in_its_context() -> None:
    # Five Hundred's pass-in-doubt is a fallback behind widow-odds: with widow-odds on it never
    # changes a move, so its experiments switch widow-odds off in both agents (a context).
    hid = "five_hundred.pass-in-doubt"
    full = [M.scan_deal(("five_hundred", 1, d, ())) for d in range(12)]
    ctx = [M.scan_deal(("five_hundred", 1, d, ("widow-odds",))) for d in range(12)]
    assert not any(hid in d["counts"] for d in full)
    assert any(hid in d["counts"] for d in ctx)
    assert not any("five_hundred.widow-odds" in d["counts"] for d in ctx)
    assert M.heuristic_spec(("widow-odds", "x")) == "heuristic:-widow-odds,-x"
    import hoyle.experiments.hints.five_hundred  # noqa: F401 (registers the experiments)

    exp = EXPERIMENTS["five_hundred"]["five_hundred.pass-in-doubt.ablation"]
    assert "Both agents play without `widow-odds`" in exp.how
