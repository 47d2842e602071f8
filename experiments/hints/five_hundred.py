"""Five Hundred's hint experiments (RULES.md §18.6; Hoyle's Games Modernized, FIVE HUNDRED).

The book's two hints and the numbers of §18.7, in the book's order:

* hint 1, "Joker, both bowers and two other cards of the suit are four sure tricks, unless all
  the other five trumps be in the same hand": checked **double dummy** over random deals (the
  holder leads, the other two play together against him, the solver maximises the tricks he
  wins *with those trumps*), both for the deals the claim covers and for its exception; and, as
  bidding advice, ablated and refereed in the heuristic agent;
* hint 2, the widow odds: the book's odds against the exact count, and the same chances
  measured through the game's own deal; and, as bidding advice, ablated and refereed;
* the scoring examples of §18.7 through the game's own scoring functions;
* the plays the heuristic agent takes for granted (discard, draw trumps, win cheaply ...),
  ablated and refereed as every heuristic hint is.

One unit of the ablations is one Avondale point per deal (each player's score less the mean of
the three, ``envs/games/five_hundred.py``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from hoyle.agents.double_dummy import DoubleDummy, Scoring
from hoyle.agents.heuristics.five_hundred import HINTS
from hoyle.envs.core.cards import (
    DIAMONDS,
    HEARTS,
    JACK,
    JOKER,
    NUM_CARD_IDS,
    card,
    mask_of,
)
from hoyle.envs.core.tricks import trump_order
from hoyle.envs.games import five_hundred as F
from hoyle.envs.games.five_hundred import GAME as FIVE_HUNDRED_SPEC
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Verdict,
    exact_verdict,
    proportion_ci,
    register,
    result,
    universal_verdict,
)
from hoyle.experiments.match import deal_seed, sample_chance

GAME = "five_hundred"
BOOK = FIVE_HUNDRED_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
HINTS_TEXT = f"{BOOK}, Hints"
UNIT = "points per deal"
_HINT = {h.id: h for h in HINTS}
ITEM = {"five_hundred.sure-tricks": "§18.6.1", "five_hundred.widow-odds": "§18.6.2"}

BOOK_ODDS = {4: (8, 5, "on"), 5: (7, 6, "on"), 6: (6, 5, "against")}
"""Hint 2: holding k trumps, the odds of finding at least one more in the widow."""


def book_chance(k: int) -> Fraction:
    """The chance the book's odds for ``k`` trumps stand for (8 to 5 on = 8/13)."""
    a, b, side = BOOK_ODDS[k]
    return Fraction(a, a + b) if side == "on" else Fraction(b, a + b)


# --- hint 1: four sure tricks, double dummy ------------------------------------------------------

TRUMP = HEARTS
TOP = (JOKER, card(HEARTS, JACK), card(DIAMONDS, JACK))
"""The Joker and both bowers with hearts trumps."""


def _sure_tricks_deal(task: tuple[int, int, bool]) -> dict[str, Any]:
    """One deal: the holder has the Joker, both bowers, two more trumps and five other cards,
    and leads; the rest of the 33 cards are dealt 10, 10 and a widow of 3 (out of play).
    ``exception``: the five other trumps are put in one adversary's hand. The value is the
    number of tricks the holder wins with one of his five trumps, both adversaries playing
    together against him (double dummy)."""
    seed, deal, exception = task
    rng = random.Random(seed * 1_000_003 + deal)
    rules = F.five_hundred_tricks(TRUMP)
    trumps = trump_order(rules)
    lower = [c for c in trumps if c not in TOP]
    two = rng.sample(lower, 2)
    others = [c for c in lower if c not in two]
    mine = [*TOP, *two]
    side = [c for c in F.PACK_33 if c not in trumps]
    rng.shuffle(side)
    mine += side[:5]
    rest = [c for c in F.PACK_33 if c not in mine]
    if exception:
        plain = [c for c in rest if c not in others]
        rng.shuffle(plain)
        a, b = [*others, *plain[:5]], plain[5:15]
    else:
        rng.shuffle(rest)
        a, b = rest[:10], rest[10:20]
    in_one = any(set(others) <= set(h) for h in (a, b))
    points = [0] * NUM_CARD_IDS
    for c in (*TOP, *two):
        points[c] = 1  # a trick counts for him when his card in it is one of the five trumps
    dd = DoubleDummy(rules, (0, 1, 1), Scoring(tuple(points)))
    tricks = dd.solve([mask_of(mine), mask_of(a), mask_of(b)], leader=0)
    return {"in_one": int(in_one), "tricks": tricks}


def sure_tricks(ctx: Context) -> Result:
    exp_id = "five_hundred.four-sure-tricks.simulation"
    n = ctx.budget.sim_deals
    seed = ctx.seed_for(exp_id)
    rows = M.pmap(ctx, _sure_tricks_deal, [(seed, d, False) for d in range(n)], 0.0, 0.8)
    covered = [r for r in rows if not r["in_one"]]
    bad = sum(1 for r in covered if r["tricks"] < 4)
    k = max(2, n // 5)
    exc = M.pmap(ctx, _sure_tricks_deal, [(seed, n + d, True) for d in range(k)], 0.8, 1.0)
    exc_fail = sum(1 for r in exc if r["tricks"] < 4)
    p, lo, hi = proportion_ci(len(covered) - bad, len(covered))
    hist = {str(t): sum(1 for r in covered if r["tricks"] == t) for t in range(6)}
    numbers = {"deals": len(rows), "covered": len(covered), "counterexamples": bad,
               "histogram": hist, "exception_deals": len(exc),
               "exception_below_four": exc_fail,
               "random_deals_with_all_five_in_one_hand": len(rows) - len(covered)}  # fmt: skip
    summary = (f"in {len(covered)} random deals the holder made at least four tricks with "
               f"those trumps in {len(covered) - bad} (double dummy, both adversaries against "
               f"him); with all five other trumps in one hand he made fewer than four in "
               f"{exc_fail} of {len(exc)}")  # fmt: skip
    return result(universal_verdict(bad, len(covered)), p, lo, hi, len(covered),
                  "share of deals with four tricks", summary, numbers)  # fmt: skip


# --- hint 2: the widow odds ------------------------------------------------------------------------


def widow_odds_exact(ctx: Context) -> Result:
    del ctx
    rows: dict[int, dict[str, Any]] = {}
    for k in BOOK_ODDS:
        exact, book = F.widow_odds(k), book_chance(k)
        rows[k] = {"exact": str(exact), "exact_p": float(exact), "book_p": float(book),
                   "side_right": (exact > Fraction(1, 2)) == (BOOK_ODDS[k][2] == "on")}  # fmt: skip
    worst = max(abs(r["exact_p"] - r["book_p"]) for r in rows.values())
    holds = all(r["side_right"] for r in rows.values()) and worst < 0.01
    summary = "; ".join(
        f"{k} trumps: exact {r['exact']} = {r['exact_p']:.3f}, the book's "
        f"{BOOK_ODDS[k][0]} to {BOOK_ODDS[k][1]} {BOOK_ODDS[k][2]} = {r['book_p']:.3f}"
        for k, r in rows.items()
    )
    notes = ("Exact: the widow is 3 of the 23 cards the holder cannot see, of which 10 − k are "
             "trumps. Supported when every one of the book's odds is on the right side of even "
             "and within 0.01 of the exact chance.")  # fmt: skip
    return result(exact_verdict(holds), float(holds), float("nan"), float("nan"), len(rows),
                  "holds", summary + f" (largest gap {worst:.4f})",
                  {str(k): v for k, v in rows.items()}, notes=notes)  # fmt: skip


TRUMPS = tuple(F.five_hundred_tricks(suit).suit_masks[suit] for suit in range(4))
"""The trumps (the Joker and the left bower with them) of each suit as trumps."""


def _widow_deal(task: tuple[str, int, int]) -> list[tuple[int, int]]:
    """One deal through the game's own chance nodes: for each seat and each suit as trumps,
    (trumps held, trumps in the widow)."""
    game_text, seed, deal = task
    game = M.load(game_text)
    chance = random.Random(deal_seed(seed, deal))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, chance))
    s = state.s
    out = []
    for trumps in TRUMPS:
        widow = (s.widow & trumps).bit_count()
        out += [((h & trumps).bit_count(), widow) for h in s.hands]
    return out


def widow_odds_simulated(ctx: Context) -> Result:
    exp_id = "five_hundred.widow-odds.simulation"
    deals = ctx.budget.sim_deals * 10
    rows = M.pmap(ctx, _widow_deal, M.deal_tasks(ctx, exp_id, deals))
    per_k: dict[str, Any] = {}
    consistent = True
    for k in BOOK_ODDS:
        hits = [w for r in rows for held, w in r if held == k]
        n, found = len(hits), sum(1 for w in hits if w > 0)
        p, lo, hi = proportion_ci(found, n)
        book = float(book_chance(k))
        consistent &= lo <= book <= hi
        per_k[str(k)] = {"hands": n, "found": found, "p": p, "ci": [lo, hi], "book": book,
                         "exact": float(F.widow_odds(k))}  # fmt: skip
    plot = M.plot_intervals(
        M.plot_file(ctx, exp_id),
        [(f"{k} trumps: dealt − book", v["p"] - v["book"], v["ci"][0] - v["book"],
          v["ci"][1] - v["book"]) for k, v in per_k.items()],
        "P(a trump in the widow), dealt − the book's odds", "The widow odds, dealt",
    )  # fmt: skip
    summary = "; ".join(f"{k} trumps: {v['p']:.3f} [{v['ci'][0]:.3f}, {v['ci'][1]:.3f}] over "
                        f"{v['hands']} hands (book {v['book']:.3f})" for k, v in per_k.items())  # fmt: skip
    first = per_k["4"]
    verdict = Verdict.SUPPORTED if consistent else Verdict.REFUTED
    return result(verdict, first["p"] - first["book"], first["ci"][0] - first["book"],
                  first["ci"][1] - first["book"], sum(v["hands"] for v in per_k.values()),
                  "P(dealt) − P(book), 4 trumps", summary, per_k, [plot],
                  "Every hand of every deal, each suit taken as trumps (the Joker and the left "
                  "bower counted as trumps). Supported when each of the book's three chances "
                  "lies inside the dealt share's exact 95% interval; refuted when one lies "
                  "outside.")  # fmt: skip


# --- §18.7: the scoring examples -------------------------------------------------------------------


def golden_scoring(ctx: Context) -> Result:
    del ctx
    S, C, D, H, NT = range(5)
    table = [[F.bid_value(t, d) for t in range(6, 11)] for d in range(5)]
    book_table = [[40 + 20 * d + 100 * i for i in range(5)] for d in range(5)]
    checks = [
        ("the Avondale table (25 values, 8 hearts 300, 10 no-trumps 520)",
         table == book_table and F.bid_value(8, H) == 300 and F.bid_value(10, NT) == 520),
        ("7 spades, 8 tricks: 140 and no more",
         F.deal_scores(0, F.bid_index(7, S), (8, 1, 1)) == (140, 10, 10)),
        ("6 clubs, all 10 tricks: 250", F.deal_scores(0, F.bid_index(6, C), (10, 0, 0))[0] == 250),
        ("9 no-trumps, all 10 tricks: 420",
         F.deal_scores(0, F.bid_index(9, NT), (10, 0, 0))[0] == 420),
        ("8 diamonds, 7 tricks: −280, the opponents 10 a trick",
         F.deal_scores(0, F.bid_index(8, D), (7, 2, 1)) == (-280, 20, 10)),
    ]  # fmt: skip
    bad = [text for text, ok in checks if not ok]
    summary = (f"{len(checks) - len(bad)} of {len(checks)} of RULES.md §18.7's examples hold "
               "through the game's scoring" + (f"; failing: {'; '.join(bad)}" if bad else ""))  # fmt: skip
    return result(exact_verdict(not bad), float(not bad), float("nan"), float("nan"),
                  len(checks), "holds", summary, {"examples": [t for t, _ in checks]})  # fmt: skip


# --- registration ----------------------------------------------------------------------------------


def _hint_pair(hid: str, context: tuple[str, ...] = (), why: str = "") -> None:
    M.register_hint(GAME, _HINT[hid], ITEM.get(hid, ""), UNIT, context=context, why=why)


register(Experiment(
    "five_hundred.four-sure-tricks.simulation", GAME, "§18.6.1", "five_hundred.sure-tricks",
    "If a player holds the Joker, both Jacks of the same colour and two other cards of one of "
    "those Jacks' suit, he has four sure tricks with that suit trumps, unless all the other "
    "five trumps be in the same hand.", HINTS_TEXT, "simulation",
    "Double dummy over seeded random deals: the holder (hearts trumps, five other cards at "
    "random) leads; the other 23 cards are dealt 10 and 10 with a widow of 3 out of play; "
    "both adversaries play together against him, and the solver counts only the tricks he wins "
    "with one of his five trumps. A universal claim: one deal the claim covers with fewer than "
    "four tricks refutes it. The exception (all five other trumps in one adversary's hand) is "
    "dealt on purpose and reported.",
    sure_tricks,
))  # fmt: skip
_hint_pair("five_hundred.sure-tricks")
register(Experiment(
    "five_hundred.widow-odds.exact", GAME, "§18.6.2", "five_hundred.widow-odds",
    "Holding four trumps it is 8 to 5 on finding at least one more in the widow; with five, only "
    "7 to 6 on; with six, 6 to 5 against.", HINTS_TEXT, "exact",
    "The exact chance: 1 − C(13 + k, 3) / C(23, 3) for k trumps held (10 − k trumps among the "
    "23 unseen cards), against the chance each of the book's odds stands for.",
    widow_odds_exact,
))  # fmt: skip
register(Experiment(
    "five_hundred.widow-odds.simulation", GAME, "§18.6.2", "five_hundred.widow-odds",
    "The widow odds, measured on deals made by the game itself.", HINTS_TEXT, "simulation",
    "Seeded deals through the game's own chance nodes (3-3-3-1 and the widow): every hand with "
    "4, 5 or 6 trumps in some suit, and whether the widow held one more.",
    widow_odds_simulated,
))  # fmt: skip
_hint_pair("five_hundred.widow-odds")
register(Experiment(
    "five_hundred.golden-scoring.exact", GAME, "§18.7", "",
    "The Avondale table and the book's scoring: a contract made scores its value and no more, "
    "all ten tricks at least 250, a failure its value in the minus column, opponents 10 a "
    "trick.", f"{BOOK}, Scoring", "exact",
    "The game's own bid_value and deal_scores on RULES.md §18.7's examples.",
    golden_scoring,
))  # fmt: skip
for _hid in ("five_hundred.discard", "five_hundred.draw-trumps", "five_hundred.keep-joker",
             "five_hundred.cash-winners"):  # fmt: skip
    _hint_pair(_hid)
_hint_pair(
    "five_hundred.name-long-suit",
    ("keep-joker",),
    "keep-joker leads the Joker only as the last card, when the suit named for it cannot "
    "matter, so with it on this hint never changes a move.",
)
for _hid in ("five_hundred.win-cheaply", "five_hundred.follow-low"):
    _hint_pair(_hid)
_hint_pair(
    "five_hundred.pass-in-doubt",
    ("widow-odds",),
    "widow-odds settles every call sure-tricks leaves open, so with it on this fallback never "
    "decides; without it, the lower call against a coin toss between the two.",
)
