"""Poker Patience's hint experiments (RULES.md §20; Hoyle's Games Modernized, POKER PATIENCE
and SERPENT POKER PATIENCE).

The book has one hint and two worked examples, and the issue asks one question of its rule:

* hint 1, "the art of play often consists in the sacrifice of valuable combinations in order to
  obtain others which, in the aggregate, will count a higher number of points": checked on the
  book's own example (the serpent problem, where the "correct solution" gives up one of the two
  straight flushes of the first layout) and, by the exact serpent solver, over random deals:
  how often the best layout does not contain the most valuable line any layout could make;
* the serpent problem (§20.4.2): the two layouts score 78 and 81, both are rook's paths in the
  deal's order, and 81 is the best of all 8,648 paths;
* the payments (§20.4.1) by both of the book's methods, through the game's ``settle``;
* the cost of the book's placement rule (each card touching one already laid) against free
  placement on a fixed 5x5 grid, for the same agents on the same deals;
* the heuristic agent's hints (the project's own, not the book's), ablated and refereed as
  every heuristic hint is.

One unit is one point of the English table per deal.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from hoyle.agents.heuristics import game_hints
from hoyle.agents.serpent import line_scores, solve_serpent
from hoyle.envs.core.cards import parse_cards
from hoyle.envs.games.poker_patience import (
    ENGLISH,
    ROYAL_FLUSH,
    STRAIGHT_FLUSH,
    hand_category,
    hand_score,
    settle,
    square_lines,
)
from hoyle.envs.games.poker_patience import GAME as POKER_PATIENCE_SPEC
from hoyle.envs.games.serpent_poker_patience import BOOK_DEAL, is_rook_path
from hoyle.envs.games.serpent_poker_patience import GAME as SERPENT_SPEC
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Verdict,
    ci_verdict,
    exact_verdict,
    proportion_ci,
    register,
    result,
)
from hoyle.experiments.match import deal_seed
from hoyle.experiments.stats import mean_ci, per_deal_means

GAME = "poker_patience"
BOOK = POKER_PATIENCE_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
SERPENT = SERPENT_SPEC.citation
UNIT = "points per deal"

LAYOUT_1 = ("H.8 H.5 C.3 H.6 C.10 / H.K H.A H.J H.Q H.10 / S.Q H.4 C.2 D.Q C.Q / "
            "S.6 H.2 D.2 H.7 S.5 / D.3 H.3 S.3 S.J D.6")  # fmt: skip
"""The book's first layout of the serpent problem (two straight flushes crossing at ♥A): 78."""
LAYOUT_2 = ("H.8 H.5 C.3 H.6 C.10 / H.K H.A H.J H.Q H.10 / S.Q S.J S.3 D.Q C.Q / "
            "H.4 H.7 H.3 D.6 S.5 / C.2 D.2 D.3 S.6 H.2")  # fmt: skip
"""The book's "correct solution": 81."""

PAY_SCORES = (87, 81, 78, 78, 65)
PAY_NET = (46, 16, 1, 1, -64)
PAY_RECEIVES: dict[int, tuple[int, ...]] = {0: (6, 9, 9, 22), 1: (3, 3, 16), 2: (13,), 3: (13,)}
"""§20.4.1: A 87, B 81, C 78, D 78, E 65; what each receives from those below him; the nets."""

REFEREE_SPECS = {"full": "planner"}
"""The full budget's referee: the two-ply planner (``agents/patience.py``), the strongest player
here; ISMCTS has nothing to re-deal in a patience and would only be a slower MCTS."""

OFTEN = 0.1
""""Often", read as: in at least one deal in ten (the sacrifice simulation's threshold)."""

PLACEMENT_AGENTS = ("planner", "heuristic")
"""The agents whose placement cost is measured (each on the same deals under both rules)."""


def _square(text: str) -> list[list[int]]:
    return [parse_cards(row) for row in text.split("/")]


def _lines(square: list[list[int]]) -> list[int]:
    return [hand_score(line, ENGLISH) for line in square_lines(square)]


# --- §20.4.2: the serpent problem ---------------------------------------------------------------


def serpent_problem(ctx: Context) -> Result:
    del ctx
    one, two = _square(LAYOUT_1), _square(LAYOUT_2)
    deal = parse_cards(BOOK_DEAL)
    best, score = solve_serpent(deal)
    scores = (sum(_lines(one)), sum(_lines(two)))
    checks = [
        ("layout 1 scores 78", scores[0] == 78),
        ("layout 2 scores 81", scores[1] == 81),
        ("both are rook's paths in the deal's order",
         is_rook_path(one, deal) and is_rook_path(two, deal)),
        ("no rook's path scores more than 81 (all 8,648 solved)", score == 81),
    ]  # fmt: skip
    bad = [text for text, ok in checks if not ok]
    summary = (f"layouts {scores[0]} and {scores[1]}; the solver's best of all paths {score}"
               + (f"; failing: {'; '.join(bad)}" if bad else ""))  # fmt: skip
    numbers = {"layout_1": scores[0], "layout_2": scores[1], "best": score,
               "best_layout": [list(r) for r in best]}  # fmt: skip
    return result(exact_verdict(not bad), float(not bad), float("nan"), float("nan"),
                  len(checks), "holds", summary, numbers)  # fmt: skip


# --- hint 1: sacrifice -------------------------------------------------------------------------


def sacrifice_example(ctx: Context) -> Result:
    del ctx
    one, two = _lines(_square(LAYOUT_1)), _lines(_square(LAYOUT_2))
    flushes = tuple(sum(hand_category(line) in (STRAIGHT_FLUSH, ROYAL_FLUSH) for line in
                        square_lines(_square(text))) for text in (LAYOUT_1, LAYOUT_2))  # fmt: skip
    holds = flushes[1] < flushes[0] and sum(two) > sum(one)
    summary = (f"the first layout makes {flushes[0]} straight flushes and {sum(one)}; the correct "
               f"solution gives one up ({flushes[1]}) and makes {sum(two)}")  # fmt: skip
    return result(exact_verdict(holds), float(holds), float("nan"), float("nan"), 1, "holds",
                  summary, {"layout_1_lines": one, "layout_2_lines": two})  # fmt: skip


def _sacrifice_deal(task: tuple[int, int]) -> tuple[int, int, int]:
    """One random serpent deal: (the best layout's best line, the best line of any layout, the
    best score)."""
    seed, deal = task
    cards = random.Random(deal_seed(seed, deal)).sample(range(52), 25)
    lines = line_scores(cards)
    best = int(np.argmax(lines.sum(axis=1)))
    return int(lines[best].max()), int(lines.max()), int(lines[best].sum())


def sacrifice_simulation(ctx: Context) -> Result:
    n = ctx.budget.sim_deals
    rows = M.pmap(ctx, _sacrifice_deal, [(ctx.seed, d) for d in range(n)])
    sacrificed = sum(1 for kept, top, _ in rows if kept < top)
    p, lo, hi = proportion_ci(sacrificed, n)
    verdict = (Verdict.SUPPORTED if lo >= OFTEN else Verdict.REFUTED if hi < OFTEN
               else Verdict.INCONCLUSIVE)  # fmt: skip
    summary = (f"in {sacrificed} of {n} random serpent deals the best layout gives up the most "
               f"valuable line some layout could make ({p:.3f} [{lo:.3f}, {hi:.3f}])")  # fmt: skip
    notes = (f"Each deal is solved exactly over all 8,648 rook's paths. \"Often\" is read as at "
             f"least one deal in {round(1 / OFTEN)}: supported when the interval lies above "
             f"{OFTEN}, refuted when below.")  # fmt: skip
    numbers = {"deals": n, "sacrificed": sacrificed,
               "mean_best_score": float(np.mean([s for *_, s in rows]))}  # fmt: skip
    return result(verdict, p, lo, hi, n, "share of deals", summary, numbers, notes=notes)


# --- §20.4.1: the payments ---------------------------------------------------------------------


def payments(ctx: Context) -> Result:
    del ctx
    pairwise, net = settle(PAY_SCORES)
    receives = {i: tuple(x for x in pairwise[i][i + 1 :] if x > 0) for i in range(4)}
    checks = [
        ("pairwise: each receives the difference from those below him",
         receives == PAY_RECEIVES),
        ("the nets +46, +16, +1, +1, −64", tuple(net) == PAY_NET),
        ("the two methods agree", all(sum(r) == x for r, x in zip(pairwise, net, strict=True))),
    ]  # fmt: skip
    bad = [text for text, ok in checks if not ok]
    summary = (f"{len(checks) - len(bad)} of {len(checks)} hold: nets {net}"
               + (f"; failing: {'; '.join(bad)}" if bad else ""))  # fmt: skip
    return result(exact_verdict(not bad), float(not bad), float("nan"), float("nan"),
                  len(checks), "holds", summary, {"net": net})  # fmt: skip


# --- the placement rule's cost -----------------------------------------------------------------


def placement_cost(ctx: Context) -> Result:
    rows: list[tuple[str, float, float, float]] = []
    numbers: dict[str, dict[str, Any]] = {}
    k = len(PLACEMENT_AGENTS)
    for j, spec in enumerate(PLACEMENT_AGENTS):
        dfs = [
            M.stored_match(ctx, f"{GAME}(placement={rule})", [spec], ctx.budget.sim_deals,
                           f"placement-{rule}-{M.file_tag(spec)}", (2 * j + i) / (2 * k),
                           (2 * j + i + 1) / (2 * k))
            for i, rule in enumerate(("book", "grid"))
        ]  # fmt: skip
        book, grid = (per_deal_means(df)[spec] for df in dfs)
        d = (grid - book).dropna()
        m, lo, hi = mean_ci(d)
        numbers[spec] = {"book": float(book.mean()), "grid": float(grid.mean()), "cost": m,
                         "ci": [lo, hi], "deals": len(d)}  # fmt: skip
        rows.append((spec, m, lo, hi))
    m, lo, hi = rows[0][1:]
    summary = "; ".join(f"{s}: book {numbers[s]['book']:.2f}, grid {numbers[s]['grid']:.2f}, "
                        f"cost {c:+.2f} [{a:+.2f}, {b:+.2f}]" for s, c, a, b in rows)  # fmt: skip
    plot = M.plot_intervals(M.plot_file(ctx, "poker_patience.placement.simulation"), rows,
                            "grid − book, points per deal (95% CI)", "the book's rule's cost")  # fmt: skip
    notes = ("The verdict is the first agent's; each agent plays the same deals (the same cards "
             "in the same order) under both rules.")  # fmt: skip
    n = numbers[PLACEMENT_AGENTS[0]]["deals"]
    return result(ci_verdict(lo, hi), m, lo, hi, n, UNIT, summary, numbers, [plot], notes)


# --- registration ------------------------------------------------------------------------------

register(Experiment(
    "poker_patience.sacrifice.exact", GAME, "§20.3.1", "poker_patience.sacrifice",
    "The art of play often consists in the sacrifice of valuable combinations in order to obtain "
    "others which, in the aggregate, will count a higher number of points.", SERPENT, "exact",
    "The book's own example: its first serpent layout makes two straight flushes, its correct "
    "solution gives one up and scores more.",
    sacrifice_example,
))  # fmt: skip
register(Experiment(
    "poker_patience.sacrifice.simulation", GAME, "§20.3.1", "poker_patience.sacrifice",
    "The art of play often consists in the sacrifice of valuable combinations in order to obtain "
    "others which, in the aggregate, will count a higher number of points.", SERPENT,
    "simulation",
    "Random serpent deals solved exactly: the share of deals whose best layout does not contain "
    "the most valuable line (row or column) that any rook's path of the deal could make.",
    sacrifice_simulation,
))  # fmt: skip
register(Experiment(
    "poker_patience.serpent-problem.exact", GAME, "§20.4.2", "poker_patience.serpent-problem",
    "The book's problem: the first layout counts 78, the correct solution 81.", SERPENT, "exact",
    "The two layouts scored by the game's own scorer, checked as rook's paths in the deal's "
    "order, and every one of the 8,648 directed rook's paths of the square solved: 81 is the "
    "most any layout of this deal can make.",
    serpent_problem,
))  # fmt: skip
register(Experiment(
    "poker_patience.payments.exact", GAME, "§20.4.1", "poker_patience.payments",
    "A 87, B 81, C 78, D 78, E 65: A receives 6, 9, 9, 22; B 3, 3, 16; C and D 13 each from E; "
    "net A +46, B +16, C +1, D +1, E −64, by either method.", BOOK, "exact",
    "The game's settle() on the book's scores: the pairwise differences and n × score − total.",
    payments,
))  # fmt: skip
register(Experiment(
    "poker_patience.placement.simulation", GAME, "", "poker_patience.placement",
    "The book's rule, that every card be placed touching one already laid, costs the player "
    "points against placing each card anywhere in a fixed square (the project's question, not a "
    "claim of the book).", BOOK, "simulation",
    "Each agent plays the same seeded deals under the book's rule and on a fixed 5x5 grid "
    "(placement=grid); effect: grid − book, points per deal, paired by deal.",
    placement_cost,
))  # fmt: skip
for _hint in game_hints(GAME):
    M.register_hint(GAME, _hint, "", UNIT)
