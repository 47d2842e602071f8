"""``hoyle analytics``: what kind of game a game is — its decisions, luck and skill, seats, memory.

Four measures, each over seeded duplicate deals of the match machinery
(:func:`hoyle.experiments.match.run_match`: every agent in every seat of every deal, rows stored
as Parquet and resumed), except the first, which walks random games itself:

**Decisions** (:func:`count_decisions`): ``games`` games in which every player chooses uniformly
among its legal actions. Per game: the decision nodes (every node where a player acts, forced or
not), the chance nodes, and the seat of the first player to act. Over all decision nodes: the
mean number of legal actions, the histogram of that number and the share of decisions with more
than one legal action (a *real* decision). A game whose share is 0 has no decision worth the name:
its plays are forced, and the histogram shows it.

**Luck and skill** (:func:`luck_and_skill`). A game's *result* for a player (a side, in a
partnership game) is his return less the mean return of the other players in the same game —
in a two-player zero-sum game twice his return, in any game what he gained on the others
(in a one-player game, a patience, his score itself).

* The *skill gap* ``G`` is the mean over deals of the best agent's result in the match of the
  best agent (``heuristic`` by default, ``--best``) against random agents (every other seat,
  or the other side, random), each deal's value averaged over its seatings: the
  duplicate-paired difference of returns ``best − random`` that ``hoyle match GAME --agents
  best,random`` prints (in a one-player game, the best's score less the random agent's on the
  same deal).
  Its 95% interval is Student-t over deals.
* The *luck* ``L`` is the standard deviation of one game's result between equal players: over
  every game and seat of the heuristic's self-play match (every seat the heuristic), the
  standard deviation of a seat's result. It is the spread that the cards alone make.
* Their ratio ``L / G``, and the deals for skill to show: a player whose mean result is ``G``
  is seen ahead of his opponents at 95% (the two-sided ``z = 1.96`` of every interval here)
  once the standard error of his mean result, ``L / sqrt(N)``, is below ``G / 1.96``:
  ``N = (1.96 L / G)^2`` deals dealt at random (a normal approximation). On
  duplicate deals the luck that cancels does not count: with ``S`` the standard deviation of
  the per-deal values of ``G``, ``N_dup = (1.96 S / G)^2``.

**Seat effect** (:func:`seat_effect`): each seat's mean return in the heuristic's self-play
(all seats the same agent; by side in a partnership game), with its 95% interval over deals and
its paired difference from seat 0 (:func:`hoyle.experiments.stats.seat_effects`). The seat that
acts first in most random games (eldest hand, in most of the books' games) and the first dealer
(where the game's state names one) are named, and whether their intervals exclude 0.

**Value of memory** (:func:`memory_value`): where the game's heuristic has a memory hint
(:func:`memory_hint`: ``track-stops``, the memory of the cards played and the "withouts"
announced; ``track-asks`` at Authors), the match of ``heuristic`` against
``heuristic:-<that hint>`` (copies of it in the other seats, or the other side): the
heuristic's mean result, which is the duplicate-paired difference of returns that ``hoyle
match`` prints, with its 95% interval. Otherwise the report says that the heuristic has no
memory switch.

Storage: ``<out>/<game>/`` is the analytics run's folder (:mod:`hoyle.experiments.runs`: a
marker, a lock, atomic writes, nothing foreign touched). It holds ``decisions.json`` (the random
games so far, saved every few seconds), a match run folder per match (``selfplay``,
``skill-<best>``, ``memory``), and the report: ``report.md``, ``results.json`` and
``analytics.png`` (:mod:`hoyle.experiments.analytics_report`). The same command resumes an
interrupted run; more ``--deals`` extends it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.files import FileFormatError, read_json, write_json
from hoyle.envs.core.registry import Sides
from hoyle.experiments import runs
from hoyle.experiments.match import (
    derive_seed,
    game_label,
    game_sides,
    plain_name,
    run_match,
    sample_chance,
)
from hoyle.experiments.stats import LEVEL, by_side, mean_ci, seat_effects
from hoyle.experiments.usage import EXIT_INTERRUPTED, UsageError, check_agents, load_game

KIND = "analytics"
DECISIONS_FILE = "decisions.json"
Z95 = 1.959963984540054
"""The two-sided 95% normal quantile: the ``z`` of "deals for skill to show"."""
SAVE_EVERY = 5.0
REPORT_FILES = ("report.md", "results.json", "analytics.png")
OWNED = (DECISIONS_FILE, *REPORT_FILES)
"""The files of the analytics folder itself that ``--no-resume`` removes (the match run folders
inside it keep their own)."""


@dataclass(frozen=True)
class Budget:
    """How much to play: ``games`` random games for the decisions, ``deals`` duplicate deals
    for each match."""

    games: int
    deals: int


BUDGETS = {"quick": Budget(games=10, deals=3), "full": Budget(games=1000, deals=2000)}
"""quick: seconds, for tests and a first look; full: what a committed report is for."""


# --- decisions ----------------------------------------------------------------------------------
@dataclass
class Decisions:
    """The random games played so far: per game its decision nodes, chance nodes and first
    player to act; over all decision nodes the histogram of the number of legal actions."""

    decisions: list[int] = field(default_factory=list)
    chances: list[int] = field(default_factory=list)
    first: list[int] = field(default_factory=list)
    legal: Counter[int] = field(default_factory=Counter)

    @property
    def games(self) -> int:
        return len(self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "chances": self.chances, "first": self.first,
                "legal": {str(k): v for k, v in sorted(self.legal.items())}}  # fmt: skip

    @classmethod
    def from_json(cls, data: Any) -> Decisions:
        d = cls([int(x) for x in data["decisions"]], [int(x) for x in data["chances"]],
                [int(x) for x in data["first"]],
                Counter({int(k): int(v) for k, v in data["legal"].items()}))  # fmt: skip
        if not len(d.decisions) == len(d.chances) == len(d.first):
            raise ValueError("per-game lists of different lengths")
        return d


def random_game(game: Any, seed: int, index: int) -> tuple[int, int, int, list[int]]:
    """Play game ``index`` of the decisions pass with uniform random choices: its decision
    nodes, chance nodes, first player to act (-1: none) and the legal-action count of each
    decision. Chance draws from the deal stream of the match machinery
    (:func:`~hoyle.experiments.match.sample_chance`, seed ``(S, index, 0)``), the players' choices
    from a stream of their own ``(S, index, 2)``."""
    chance_rng = random.Random(derive_seed(seed, index, 0))
    choice_rng = random.Random(derive_seed(seed, index, 2))
    state = game.new_initial_state()
    chances, first, counts = 0, -1, []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance_rng))
            chances += 1
            continue
        legal = state.legal_actions()
        if first < 0:
            first = int(state.current_player())
        counts.append(len(legal))
        state.apply_action(legal[choice_rng.randrange(len(legal))])
    return len(counts), chances, first, counts


def count_decisions(
    game: Any, games: int, seed: int, store: Path | None = None, identity: Any = None,
    progress: bool = False,
) -> Decisions:  # fmt: skip
    """The decisions over ``games`` random games (module docstring); with ``store``, the games
    so far are saved there every few seconds (atomically, with ``identity``) and a stored
    pass of the same identity is resumed (extended, or cut to ``games``)."""
    done = Decisions()
    if store is not None and store.exists():
        data = read_json(store, "analytics decisions")
        if data.get("identity") != identity:
            raise FileFormatError(f"{store} holds the decisions of another run (its settings "
                                  f"are {data.get('identity')!r}); delete it to replay them")  # fmt: skip
        try:
            done = Decisions.from_json(data["games"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise FileFormatError(f"{store} is not an analytics decisions file; delete it to "
                                  "replay the random games") from None  # fmt: skip
    if done.games > games:
        return _first_games(game, done, games, seed)
    last = time.monotonic()

    def save() -> None:
        if store is not None:
            write_json(store, {"identity": identity, "games": done.to_json()})

    with tqdm(total=games, initial=done.games, unit="game", file=sys.stderr,
              disable=not progress, desc="random games", dynamic_ncols=True) as bar:  # fmt: skip
        try:
            for i in range(done.games, games):
                n, c, f, counts = random_game(game, seed, i)
                done.decisions.append(n)
                done.chances.append(c)
                done.first.append(f)
                done.legal.update(counts)
                bar.update(1)
                if time.monotonic() - last >= SAVE_EVERY:
                    save()
                    last = time.monotonic()
        finally:
            save()
    return done


def _first_games(game: Any, stored: Decisions, games: int, seed: int) -> Decisions:
    """The first ``games`` of a stored pass of more: the per-game lists cut, the histogram
    recounted by replaying those games (it is pooled, so it cannot be cut)."""
    legal: Counter[int] = Counter()
    for i in range(games):
        legal.update(random_game(game, seed, i)[3])
    return Decisions(stored.decisions[:games], stored.chances[:games], stored.first[:games],
                     legal)  # fmt: skip


def decisions_summary(d: Decisions, sides: Sides | None = None) -> dict[str, Any]:
    """The decisions in numbers: per game (mean, min, max) and over decision nodes."""
    nodes = sum(d.legal.values())
    real = sum(v for k, v in d.legal.items() if k > 1)
    first = Counter(_side_of(f, sides) for f in d.first if f >= 0)
    seat, times = first.most_common(1)[0] if first else (None, 0)
    return {
        "games": d.games,
        "decisions_per_game": _spread(d.decisions),
        "chance_nodes_per_game": _spread(d.chances),
        "decision_nodes": nodes,
        "mean_legal_actions": sum(k * v for k, v in d.legal.items()) / nodes if nodes else math.nan,
        "share_real": real / nodes if nodes else math.nan,
        "real_decisions_per_game": real / d.games if d.games else math.nan,
        "legal_histogram": {str(k): v for k, v in sorted(d.legal.items())},
        "first_to_act": seat, "first_to_act_share": times / d.games if d.games else math.nan,
    }  # fmt: skip


def _spread(xs: Sequence[int]) -> dict[str, float]:
    if not xs:
        return {"mean": math.nan, "min": math.nan, "max": math.nan}
    return {"mean": float(np.mean(xs)), "min": float(min(xs)), "max": float(max(xs))}


def _side_of(seat: int, sides: Sides | None) -> int:
    if sides is None:
        return seat
    return next(i for i, side in enumerate(sides) if seat in side)


# --- results of games -----------------------------------------------------------------------
def game_results(df: pd.DataFrame) -> pd.Series:
    """Each row's *result*: its return less the mean return of the other rows of the same game
    (deal, table, seating); the return itself where a game has one row (a one-player game)."""
    key = ["deal", "table", "rotation"]
    total = df.groupby(key)["return"].transform("sum")
    count = df.groupby(key)["return"].transform("size")
    others = (total - df["return"]) / (count - 1).where(count > 1)
    return (df["return"] - others.fillna(0.0)).rename("result_value")


def pooled(df: pd.DataFrame, first: str, rest: str) -> pd.DataFrame:
    """A match's rows with agent 0 named ``first`` and every other agent (copies of one spec,
    the field) pooled as ``rest``."""
    names = np.where(df["agent_index"] == 0, first, rest)
    return df.assign(agent=names, agent_index=df["agent_index"].clip(upper=1))


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% interval and the sample it is over."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        return bool(self.low > 0 or self.high < 0)

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci_low": self.low, "ci_high": self.high, "n": self.n}


def agent_result(df: pd.DataFrame, agent: str) -> tuple[Interval, float]:
    """The mean over deals of ``agent``'s *result* (:func:`game_results`; each deal's value its
    mean over the agent's seatings of the deal, so the luck of the cards shared by the seatings
    largely cancels) with its interval, and the standard deviation of the per-deal values."""
    scored = df.assign(**{"return": game_results(df)})
    per_deal = scored[scored["agent"] == agent].groupby("deal")["return"].mean()
    m, lo, hi = mean_ci(per_deal)
    sd = float(per_deal.std(ddof=1)) if len(per_deal) > 1 else math.nan
    return Interval(m, lo, hi, len(per_deal)), sd


def luck_and_skill(skill: pd.DataFrame, selfplay: pd.DataFrame, solo: bool) -> dict[str, Any]:
    """The skill gap, the luck and their reading (module docstring) from the rows of the
    best-against-random match (pooled as ``best`` / ``random``) and of the self-play match,
    both by side already."""
    if solo:  # A patience: both agents play each deal alone; the score is the result.
        gap, sd_dup = _solo_difference(skill)
        luck = float(selfplay["return"].std(ddof=1))
    else:
        gap, sd_dup = agent_result(skill, "best")
        luck = float(game_results(selfplay).std(ddof=1))
    out: dict[str, Any] = {"skill_gap": gap.to_json(), "luck": luck,
                           "duplicate_sd": sd_dup, "games_in_luck": len(selfplay)}  # fmt: skip
    g = gap.mean
    out["ratio"] = luck / g if g > 0 else math.nan
    out["deals_to_show"] = _deals(luck, g)
    out["deals_to_show_duplicate"] = _deals(sd_dup, g)
    return out


def _deals(sd: float, gap: float) -> float:
    """``(1.96 sd / gap)^2`` rounded up: deals for a mean edge ``gap`` to clear its 95%
    interval when one deal's spread is ``sd`` (NaN without a positive gap; at least 1)."""
    if not gap > 0 or math.isnan(sd):
        return math.nan
    return float(max(1, math.ceil((Z95 * sd / gap) ** 2)))


def _solo_difference(df: pd.DataFrame) -> tuple[Interval, float]:
    means = df.pivot_table(index="deal", columns="agent", values="return", aggfunc="mean")
    d = (means["best"] - means["random"]).dropna()
    m, lo, hi = mean_ci(d)
    return Interval(m, lo, hi, len(d)), float(d.std(ddof=1)) if len(d) > 1 else math.nan


def first_dealer(game: Any, sides: Sides | None = None) -> int | None:
    """The seat (side) that deals first, where the game's state names a ``dealer`` (most of
    the books' card games do: it is public), else ``None``."""
    dealer = getattr(getattr(game.new_initial_state(), "s", None), "dealer", None)
    if not isinstance(dealer, int) or not 0 <= dealer < game.num_players():
        return None
    return _side_of(dealer, sides)


def seat_effect(
    selfplay: pd.DataFrame, first: int | None, dealer: int | None = None
) -> dict[str, Any]:
    """Each seat's (side's) mean return in self-play with its interval, its paired difference
    from seat 0, and whether the interval of the seat that acts first, and of the first
    dealer's, excludes 0."""
    seats = seat_effects(selfplay)
    rows = [{"seat": int(k), "games": int(r["games"]),
             "mean": float(r["mean"]), "ci_low": float(r["ci_low"]), "ci_high": float(r["ci_high"]),
             "diff_seat0": float(r["diff_seat0"]), "diff_low": float(r["diff_low"]),
             "diff_high": float(r["diff_high"])} for k, r in seats.iterrows()]  # fmt: skip
    differs = [r["seat"] for r in rows if r["ci_low"] > 0 or r["ci_high"] < 0]
    out: dict[str, Any] = {"seats": rows, "seats_differing": differs, "first_to_act": first,
                           "dealer": dealer}  # fmt: skip
    seats = {r["seat"] for r in rows}
    if first in seats:
        out["first_differs"] = first in differs
    if dealer in seats:
        out["dealer_differs"] = dealer in differs
    return out


def memory_value(df: pd.DataFrame) -> dict[str, Any]:
    """The mean result of the heuristic with memory against copies of itself without (in two
    players, the duplicate-paired difference heuristic − heuristic:-<its memory hint>)."""
    gap, sd = agent_result(df, "memory")
    return {"difference": gap.to_json(), "duplicate_sd": sd}


def memory_hint(short_name: str) -> str | None:
    """The short id of the game heuristic's memory hint (the first declared with
    ``memory=True``), or ``None`` where it has none."""
    from hoyle.agents.heuristics import game_hints

    return next((h.id.split(".", 1)[-1] for h in game_hints(short_name) if h.memory), None)


# --- the run ----------------------------------------------------------------------------------
@dataclass
class Settings:
    """One analytics run: the game string, ``deals`` per match, ``games`` random games, the
    seed, the best agent's spec, where to write and how."""

    game: str
    deals: int
    games: int
    seed: int = 0
    best: str = "heuristic"
    out: Path = Path("docs/analytics")
    workers: int = 1
    budget: str = "full"
    progress: bool = False
    resume: bool = True


def field_specs(first: str, rest: str, players: int, sides: Sides | None) -> list[str]:
    """The agents of a match of ``first`` against ``rest``: one per side in a partnership game,
    ``rest`` in every other seat otherwise (a one-player game: both, each alone)."""
    if sides is not None or players <= 2:
        return [first, rest]
    return [first] + [rest] * (players - 1)


def analyse(s: Settings, say: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    """Run (or resume) every measure of ``s`` and write the report; the results (what
    ``results.json`` holds)."""
    from hoyle.experiments.analytics_report import write_report
    from hoyle.experiments.match import hoyle_version

    spec, game = load_game(s.game)
    n = game.num_players()
    sides = game_sides(game)
    solo = n == 1
    forget = memory_hint(spec.short_name)
    memory = forget is not None
    selfplay_specs = field_specs("heuristic", "heuristic", n, sides)
    skill_specs = field_specs(s.best, "random", n, sides)
    memory_specs = field_specs("heuristic", f"heuristic:-{forget}", n, sides)
    check_agents([*skill_specs, *(memory_specs if memory else [])], game)
    params = spec.resolve(dict(game.get_parameters()))
    label = game_label(spec, params)
    folder = Path(s.out) / plain_name(label)
    identity = {"kind": KIND, "game": spec.short_name, "params": params,
                "game_version": spec.version, "seed": s.seed}  # fmt: skip
    matches = {"selfplay": selfplay_specs, f"skill-{plain_name(s.best)}": skill_specs}
    if memory:
        matches["memory"] = memory_specs
    with runs.locked(folder):
        runs.claim(folder, KIND, identity, fresh=not s.resume, owned=OWNED,
                   elsewhere="choose another --out")  # fmt: skip
        say(f"decisions: {s.games} random games")
        decisions = count_decisions(game, s.games, s.seed, folder / DECISIONS_FILE,
                                    identity, s.progress)  # fmt: skip
        frames: dict[str, pd.DataFrame] = {}
        for name, specs in matches.items():
            say(f"{name}: {', '.join(specs)} on {s.deals} duplicate deals")
            df = run_match(game, specs, s.deals, s.seed, out=folder, name=name,
                           workers=s.workers, resume=s.resume, progress=s.progress)  # fmt: skip
            frames[name] = by_side(df, sides)
        summary = decisions_summary(decisions, sides)
        skill = frames[f"skill-{plain_name(s.best)}"]
        skill = (skill.assign(agent=np.where(skill["agent_index"] == 0, "best", "random"))
                 if solo else pooled(skill, "best", "random"))  # fmt: skip
        results: dict[str, Any] = {
            "game": spec.short_name, "game_string": label, "title": spec.title,
            "book": spec.book, "section": spec.section, "params": params, "players": n,
            "sides": [list(x) for x in sides] if sides else None, "seed": s.seed,
            "deals": s.deals, "budget": s.budget, "best": s.best, "version": hoyle_version(),
            "game_version": spec.version, "level": LEVEL, "decisions": summary,
            "luck_skill": luck_and_skill(skill, frames["selfplay"], solo),
            "seat_effect": None if solo else seat_effect(
                frames["selfplay"], summary["first_to_act"], first_dealer(game, sides)),
            "memory": (memory_value(pooled(frames["memory"], "memory", "no memory"))
                       if memory else None),
            "memory_hint": forget,
            "matches": {k: list(v) for k, v in matches.items()},
        }  # fmt: skip
        write_report(results, folder)
    return results


# --- the command ------------------------------------------------------------------------------
DESCRIPTION = """\
What kind of game a game is, in four measures (docs/analytics.md explains them):

  decisions      over random games: decision nodes per game, the mean number of legal actions,
                 the share of decisions with more than one legal action (their histogram), chance
                 nodes per game
  luck, skill    the skill gap (the best agent's result against random agents, per deal, with
                 its 95% interval) against the luck (the standard deviation of one game's result
                 between equal players: the heuristic's self-play), their ratio, and the deals
                 for skill to show at 95%
  seat effect    each seat's mean return in the heuristic's self-play, with its 95% interval
  memory         heuristic against heuristic without its memory hint (track-stops,
                 track-asks) on duplicate deals, where the heuristic has one

Writes OUT/<game>/report.md, results.json and analytics.png; the matches are stored in
OUT/<game>/ as match runs, and the same command resumes an interrupted run. Budgets: quick (10
random games, 3 deals a match: seconds, for a first look) and full (1,000 random games, 2,000
duplicate deals a match; see docs/analytics.md for the time a game takes)."""


def add_command(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "analytics", help="luck and skill, seat effect, memory, decisions of a game",
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    p.add_argument("game", help="game string, e.g. cassino or 'cassino(players=3)'")
    p.add_argument("--budget", choices=sorted(BUDGETS), default="full",
                   help="quick (seconds) or full (what a committed report is for); default "
                   "full")  # fmt: skip
    p.add_argument("--deals", type=int, help="duplicate deals per match (default: the "
                   "budget's)")  # fmt: skip
    p.add_argument("--games", type=int, help="random games for the decisions (default: the "
                   "budget's)")  # fmt: skip
    p.add_argument("--seed", type=int, default=0, help="seed of every measure (default 0)")
    p.add_argument("--best", default="heuristic", metavar="SPEC",
                   help="the best agent of the skill gap (default heuristic; e.g. an ISMCTS "
                   "spec)")  # fmt: skip
    p.add_argument("--out", default="docs/analytics",
                   help="output folder; the game's report goes to OUT/<game>/ (default "
                   "docs/analytics)")  # fmt: skip
    p.add_argument("--workers", type=int, default=1,
                   help="local worker processes for the matches; 0 = one per CPU (default 1); "
                   "the numbers do not depend on it")  # fmt: skip
    p.add_argument("--resume", action=argparse.BooleanOptionalAction, default=True,
                   help="resume a stored run of the same game and seed (default); --no-resume "
                   "starts it over")  # fmt: skip
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    budget = BUDGETS[args.budget]
    deals = budget.deals if args.deals is None else args.deals
    games = budget.games if args.games is None else args.games
    if deals < 2:
        raise UsageError("--deals must be at least 2 (an interval needs two deals)")
    if games < 1:
        raise UsageError("--games must be at least 1")
    if args.seed < 0:
        raise UsageError("--seed must be at least 0")
    if args.workers < 0:
        raise UsageError("--workers must be at least 0")
    s = Settings(args.game, deals, games, args.seed, args.best.strip(), Path(args.out),
                 args.workers, args.budget, not args.quiet, args.resume)  # fmt: skip

    def say(text: str) -> None:
        if not args.quiet:
            print(f"hoyle analytics: {text}", file=sys.stderr)

    start = time.monotonic()
    try:
        with runs.sigterm_as_interrupt():
            results = analyse(s, say)
    except HoyleError as e:
        raise UsageError(str(e)) from None
    except KeyboardInterrupt:
        print("\ninterrupted; what finished is saved: run the same command again to resume",
              file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    from hoyle.experiments.analytics_report import summary_lines

    print("\n".join(summary_lines(results)))
    folder = Path(s.out) / plain_name(results["game_string"])
    print(f"report: {folder / 'report.md'} ({time.monotonic() - start:.0f} s)")
    return 0


__all__ = ["BUDGETS", "Budget", "Decisions", "Settings", "analyse", "count_decisions",
           "decisions_summary", "game_results", "luck_and_skill", "memory_value",
           "seat_effect"]  # fmt: skip
