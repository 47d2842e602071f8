"""The frame of the book-hint experiments: experiments, results, verdicts, budgets, the runner.

An :class:`Experiment` tests one claim of a game's "Suggestions for Good Play" (RULES.md §1.9,
§2.7) by one method, and returns a :class:`Result`: a verdict with its effect size, 95%
confidence interval and sample size. A hint may have several experiments (an ablation and a
referee, say); a hint that cannot be tested is an :class:`Untestable` with the reason.

Methods
-------
``exact``       the claim is arithmetic or combinatorial: computed outright.
``simulation``  the claim is a fact about deals: measured over seeded deals played through the
                game (its own chance, the heuristic agent in every seat).
``ablation``    the claim is advice: ``heuristic`` against ``heuristic:-<hint>`` head to head on
                duplicate deals (and, as a second number, each against ``random`` on the same
                deals).
``referee``     the advice concerns a position: positions where the hint changes the heuristic's
                move are collected from seeded self-play (or built from the book's example), and
                a stronger agent (``ismcts``) is asked for its move there.

Verdict rule (:func:`ci_verdict` and friends)
---------------------------------------------
Every effect is signed so that a positive number is on the book's side.

* An effect with a confidence interval (ablation, referee, a rate compared with a reference
  value): **supported** when the whole 95% interval lies above zero, **refuted** when it lies
  below zero, **inconclusive** otherwise (including an interval that cannot be computed).
  The referee's interval is an exact sign test (:func:`preference_ci`): the Clopper-Pearson
  interval of the book's share among the positions where the referee chose the book's move or
  the alternative, scaled to P(book) − P(alternative).
* An exact arithmetic claim: supported or refuted outright (effect 1 or 0, no interval).
* A universal claim checked by simulation ("always", "never", "cannot"): **refuted** by a single
  counterexample; **supported** when none turns up, the effect being the share of cases in which
  the claim held, with its exact (Clopper-Pearson) interval, so the reader sees how many cases
  the check covered.

Storage and resume
------------------
Each finished experiment's result is stored as JSON under ``<out>/<game>/results/`` keyed by its
id, the budget's name and the seed; it is reused by a rerun with the same key and the same
budget sizes, so an interrupted run loses nothing that finished. The ablation matches are
themselves stored (``experiments/match.py``) and resume mid-match.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import os
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scipy.special import betaincinv
from tqdm import tqdm

from hoyle.envs.core import plugins
from hoyle.envs.core.files import FileFormatError, json_finite, read_json, write_json
from hoyle.experiments.match import derive_seed, hoyle_version

FORMAT = 2
"""Version of the stored result layout; results of another format are recomputed."""
LEVEL = 0.95
METHODS = ("exact", "simulation", "ablation", "referee")


class Skipped(Exception):
    """An experiment that cannot run here (e.g. its referee agent is not installed): reported
    as inconclusive with the reason, and not stored, so that a later run tries again."""


class Verdict(enum.StrEnum):
    SUPPORTED = "supported"
    REFUTED = "refuted"
    INCONCLUSIVE = "inconclusive"


# --- verdict rules ------------------------------------------------------------------------------


def ci_verdict(low: float, high: float) -> Verdict:
    """Supported when the interval lies above zero, refuted when below, else inconclusive.

    >>> ci_verdict(0.1, 0.3).value, ci_verdict(-0.3, -0.1).value, ci_verdict(-0.1, 0.2).value
    ('supported', 'refuted', 'inconclusive')
    >>> ci_verdict(float("nan"), float("nan")).value
    'inconclusive'
    """
    if math.isnan(low) or math.isnan(high):
        return Verdict.INCONCLUSIVE
    if low > 0:
        return Verdict.SUPPORTED
    if high < 0:
        return Verdict.REFUTED
    return Verdict.INCONCLUSIVE


def exact_verdict(holds: bool) -> Verdict:
    """An exact claim: supported or refuted outright."""
    return Verdict.SUPPORTED if holds else Verdict.REFUTED


def universal_verdict(counterexamples: int, n: int) -> Verdict:
    """A claim that must hold in every case: one counterexample refutes it; none, over at least
    one case, supports it (the interval of the share that held says how far the check went).

    >>> universal_verdict(0, 500).value, universal_verdict(1, 500).value
    ('supported', 'refuted')
    >>> universal_verdict(0, 0).value
    'inconclusive'
    """
    if counterexamples:
        return Verdict.REFUTED
    return Verdict.SUPPORTED if n > 0 else Verdict.INCONCLUSIVE


def proportion_ci(k: int, n: int, level: float = LEVEL) -> tuple[float, float, float]:
    """Share ``k / n`` with its exact (Clopper-Pearson) interval; NaNs when ``n`` is 0.

    >>> p, lo, hi = proportion_ci(0, 100)
    >>> p, lo, round(hi, 4)
    (0.0, 0.0, 0.0362)
    """
    if n <= 0:
        return math.nan, math.nan, math.nan
    a = 1 - level
    lo = 0.0 if k == 0 else float(betaincinv(k, n - k + 1, a / 2))
    hi = 1.0 if k == n else float(betaincinv(k + 1, n - k, 1 - a / 2))
    return k / n, lo, hi


def preference_ci(book: int, alt: int, n: int, level: float = LEVEL) -> tuple[float, float, float]:
    """P(book) − P(alternative) over ``n`` referee choices, with an exact sign-test interval.

    Of the ``m = book + alt`` decisive choices, the share ``p`` for the book has its exact
    (Clopper-Pearson) interval; P(book) − P(alt) = (m / n)(2p − 1), so the interval is that of
    ``2p − 1`` scaled by ``m / n``. It lies above zero exactly when a two-sided sign test
    rejects "no preference" at the 5% level — a Student-t interval would claim certainty from two
    agreeing positions (zero variance).

    >>> e, lo, hi = preference_ci(2, 0, 2)
    >>> e, lo < 0 < hi
    (1.0, True)
    >>> e, lo, hi = preference_ci(20, 2, 25)
    >>> round(e, 2), lo > 0
    (0.72, True)
    """
    m = book + alt
    if n <= 0:
        return math.nan, math.nan, math.nan
    if m == 0:
        return 0.0, math.nan, math.nan
    _, lo, hi = proportion_ci(book, m, level)
    return (book - alt) / n, (m / n) * (2 * lo - 1), (m / n) * (2 * hi - 1)


# --- budgets ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """How much each method may spend.

    ``deals``: deals of each head-to-head ablation (each played in both seatings);
    ``common_deals``: deals of each match against the common opponent ``random`` (0: skip);
    ``positions``: referee positions per hint; ``scan_deals``: the most self-play deals scanned
    for them; ``trials``: referee trials of a book position; ``sim_deals``: deals of a
    simulation; ``referee``: the referee's agent spec.
    """

    name: str
    deals: int
    common_deals: int
    positions: int
    scan_deals: int
    trials: int
    sim_deals: int
    referee: str

    def key(self, method: str | None = None) -> dict[str, Any]:
        """What a stored result of ``method`` must match to be reused (the referee matters to
        referee experiments only; without a method, everything)."""
        key = dataclasses.asdict(self)
        if method is not None and method != "referee":
            del key["referee"]
        return key


BUDGETS: dict[str, Budget] = {
    # Seconds per game on one core: every registered experiment runs, on samples too small
    # for most verdicts; for a first look and for the tests.
    "quick": Budget("quick", deals=24, common_deals=0, positions=3, scan_deals=12, trials=3,
                    sim_deals=40, referee="ismcts:sims=25"),
    # Between the two, for a game whose full budget takes hours on a shared machine (a
    # duplicate deal of four-handed Authors is eight games of up to 200 asks): ablations on
    # 300 duplicate deals, an interval about a third of quick's.
    "medium": Budget("medium", deals=300, common_deals=0, positions=10, scan_deals=100,
                     trials=10, sim_deals=200, referee="ismcts:sims=25"),
    # What a user runs: about 12 (Conquian) and 40 (Cassino) CPU minutes: about 6 and 20 minutes
    # on 2 idle cores with --workers 2.
    "full": Budget("full", deals=2500, common_deals=1000, positions=40, scan_deals=400,
                   trials=30, sim_deals=1000, referee="ismcts:sims=400"),
    # (hoyle hints gives the full budget each game's own strong referee:
    # hoyle.agents.ismcts.REFEREE, about one second a move; this is for other games.)
}  # fmt: skip


# --- experiments and results --------------------------------------------------------------------


@dataclass
class Result:
    """One experiment's outcome. ``effect`` is signed so that positive favours the book;
    ``unit`` says what it measures; ``numbers`` holds the rest, for the report."""

    id: str
    game: str
    verdict: Verdict
    effect: float
    ci_low: float
    ci_high: float
    n: int
    unit: str
    method: str
    summary: str
    numbers: dict[str, Any] = field(default_factory=dict)
    plots: list[str] = field(default_factory=list)
    notes: str = ""
    budget: str = ""
    seed: int = 0
    budget_key: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    version: str = ""
    format: int = FORMAT

    def to_json(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["verdict"] = self.verdict.value
        return dict(json_finite(d))

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Result:
        d = dict(d)
        d["verdict"] = Verdict(d["verdict"])
        for k in ("effect", "ci_low", "ci_high"):
            d[k] = math.nan if d[k] is None else float(d[k])
        return cls(**d)


@dataclass
class Context:
    """What an experiment's ``run`` is given: the budget, the seed, the workers, where to
    write (``root`` = ``<out>/<game>``), and ``tick(fraction)`` to report progress (0 to 1)."""

    game: str
    budget: Budget
    seed: int
    workers: int
    root: Path
    tick: Callable[[float], None] = lambda f: None
    cache: dict[str, Any] = field(default_factory=dict)
    """Shared between the experiments of one run (e.g. the referee positions)."""

    def seed_for(self, label: str, *path: int) -> int:
        """A seed of its own for ``label`` (an experiment id or a purpose), from the run seed."""
        return int(derive_seed(self.seed, zlib.crc32(label.encode()), *path))

    @property
    def plots(self) -> Path:
        p = self.root / "plots"
        p.mkdir(parents=True, exist_ok=True)
        return p


Runner = Callable[[Context], Result]


@dataclass(frozen=True)
class Experiment:
    """One claim, one method. ``hint`` is the heuristic's hint id it concerns ("" if none);
    ``item`` the RULES.md item ("§2.7.3"), or "" for the plays the book takes for granted."""

    id: str
    game: str
    item: str
    hint: str
    claim: str
    citation: str
    method: str
    how: str
    run: Runner = field(repr=False, compare=False)


@dataclass(frozen=True)
class Untestable:
    """A hint the report lists without a verdict, and why."""

    id: str
    game: str
    item: str
    claim: str
    citation: str
    reason: str


EXPERIMENTS: dict[str, dict[str, Experiment]] = {}
UNTESTABLE: dict[str, list[Untestable]] = {}
GAME_MODULES = plugins.names("hoyle.hints")
"""Games with hint experiments (``experiments/hints/<game>.py``, each a ``hoyle.hints`` entry
point: :mod:`hoyle.envs.core.plugins`), sorted."""


def hint_module(game: str) -> Any:
    """The hint-experiment module of ``game`` (its ``hoyle.hints`` entry), imported."""
    return plugins.load("hoyle.hints", game)


NO_BOOK_HINTS = {"solo": "§6.7", "heart_solo": "§6.7", "preference": "§5.6", "lift_smoke": "§10"}
"""Games whose book text gives no hints (the RULES.md section that says so): their heuristic
agents are the project's own, and their rules' facts are golden tests."""


def register(exp: Experiment) -> Experiment:
    if exp.method not in METHODS:
        raise ValueError(f"{exp.id}: unknown method {exp.method!r}; methods: {METHODS}")
    table = EXPERIMENTS.setdefault(exp.game, {})
    if exp.id in table:
        raise ValueError(f"duplicate experiment id {exp.id!r}")
    table[exp.id] = exp
    return exp


def register_untestable(u: Untestable) -> Untestable:
    UNTESTABLE.setdefault(u.game, []).append(u)
    return u


def load_all() -> None:
    """Import every game's experiments."""
    for g in GAME_MODULES:
        hint_module(g)


def experiments(game: str, only: Sequence[str] | None = None) -> list[Experiment]:
    """A game's experiments in report order, those matching ``only`` if given: an entry matches
    an id exactly, or a dot-separated part of it (``play-for-tableau``, ``ablation``)."""
    load_all()
    if game not in EXPERIMENTS:
        raise ValueError(f"no hint experiments for {game!r}; games: {', '.join(EXPERIMENTS)}")
    exps = list(EXPERIMENTS[game].values())
    if not only:
        return exps
    wanted = [o.strip() for o in only if o.strip()]
    chosen = [e for e in exps if any(_matches(e, w) for w in wanted)]
    unknown = [w for w in wanted if not any(_matches(e, w) for e in exps)]
    if unknown:
        raise ValueError(f"no {game} experiment matches {', '.join(unknown)}")
    return chosen


def _matches(e: Experiment, w: str) -> bool:
    if w == e.id:
        return True
    short = e.id.split(".", 1)[-1]
    return w == short or w in short.split(".") or short.startswith(w + ".")


# --- the runner ---------------------------------------------------------------------------------


def result_path(root: Path, exp_id: str, budget: str, seed: int) -> Path:
    return root / "results" / f"{exp_id}--{budget}--s{seed}.json"


def load_result(path: Path, budget: Budget, method: str | None = None) -> Result | None:
    """A stored result if it is whole, of this format, and was made with this budget."""
    d = load_cache(path)
    if d is None:
        return None
    if d.get("format") != FORMAT or d.get("budget_key") != budget.key(method):
        return None
    try:
        return Result.from_json(d)
    except (TypeError, KeyError, ValueError):
        return None


def save_result(path: Path, r: Result) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, r.to_json())


def load_cache(path: Path) -> Any:
    """A stored intermediate result (a JSON object), or ``None`` when it is absent or not whole:
    a cache the experiments wrote themselves, remade rather than trusted when it is broken."""
    try:
        return read_json(path, "cached experiment result")
    except FileFormatError:
        return None


def save_cache(path: Path, data: Any) -> None:
    """Store an intermediate result atomically (see :func:`load_cache`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, data)


def run_experiments(
    game: str,
    budget: Budget,
    seed: int = 0,
    out: str | Path = "runs/hints",
    only: Sequence[str] | None = None,
    workers: int = 1,
    progress: bool = False,
    on_result: Callable[[Experiment, Result, bool], None] | None = None,
) -> list[tuple[Experiment, Result]]:
    """Run (or reuse) a game's experiments; each result is stored as soon as it is known.

    ``on_result(experiment, result, reused)`` is told of each one as it comes.
    """
    exps = experiments(game, only)
    root = Path(out) / game
    root.mkdir(parents=True, exist_ok=True)
    workers = workers if workers > 0 else (os.cpu_count() or 1)
    done: list[tuple[Experiment, Result]] = []
    bar = tqdm(total=len(exps), unit="exp", file=sys.stderr, disable=not progress,
               desc=game, dynamic_ncols=True, bar_format="{l_bar}{bar}| {n:.1f}/{total} "
               "[{elapsed}<{remaining}, {rate_fmt}]")  # fmt: skip
    ctx = Context(game, budget, seed, workers, root)
    with bar:
        for i, e in enumerate(exps):
            path = result_path(root, e.id, budget.name, seed)
            stored = load_result(path, budget, e.method)
            bar.set_description_str(f"{game} {e.id.split('.', 1)[-1]:<36}")
            if stored is not None:
                done.append((e, stored))
                bar.update(i + 1 - bar.n)
                if on_result:
                    on_result(e, stored, True)
                continue

            def tick(f: float, i: int = i) -> None:
                bar.update(max(0.0, i + min(1.0, f) - bar.n))

            ctx.tick = tick
            t0 = time.perf_counter()
            try:
                r = e.run(ctx)
            except Skipped as why:
                r = result(Verdict.INCONCLUSIVE, math.nan, math.nan, math.nan, 0, "",
                           f"not run: {why}", notes=f"Not run: {why}")  # fmt: skip
                r = dataclasses.replace(r, id=e.id, game=game, method=e.method,
                                        budget=budget.name, seed=seed)  # fmt: skip
                done.append((e, r))
                bar.update(i + 1 - bar.n)
                if on_result:
                    on_result(e, r, False)
                continue
            r = dataclasses.replace(
                r, id=e.id, game=game, method=e.method, budget=budget.name, seed=seed,
                budget_key=budget.key(e.method), seconds=round(time.perf_counter() - t0, 3),
                version=hoyle_version(),
            )  # fmt: skip
            save_result(path, r)
            done.append((e, r))
            bar.update(i + 1 - bar.n)
            if on_result:
                on_result(e, r, False)
    return done


def result(
    verdict: Verdict, effect: float, low: float, high: float, n: int, unit: str, summary: str,
    numbers: dict[str, Any] | None = None, plots: Iterable[str] = (), notes: str = "",
) -> Result:  # fmt: skip
    """A result; the runner fills in the id, game, method and bookkeeping."""
    return Result(id="", game="", verdict=verdict, effect=float(effect), ci_low=float(low),
                  ci_high=float(high), n=int(n), unit=unit, method="", summary=summary,
                  numbers=dict(numbers or {}), plots=list(plots), notes=notes)  # fmt: skip
