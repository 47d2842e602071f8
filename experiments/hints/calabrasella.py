"""Calabrasella's hint experiments (RULES.md §3.6; Foster's Complete Hoyle, 1914, CALABRASELLA).

Every item of the book's "Suggestions for Good Play", in the book's order:

* the advice the heuristic agent plays (long suit, leading through and up to the player,
  counting cards on partner's tricks, the last trick, the 3 asked for, the discards, position,
  Aces home) ablated and put to the referee, as every heuristic hint is;
* the claims of fact measured or computed: "the last trick usually makes a difference of ten or
  twelve points" (simulation), "the player's position at the table makes quite a difference"
  with its two particulars (the same standing hand played from each seat), the 18 threshold
  and "Aces count 12 points in every hand, and the side that can get in three out of the four
  has 6 points the best of it" (arithmetic), and the scoring examples of RULES.md §3.7;
* the item about inferences (the exposed talon, the number discarded, suits led and avoided) is
  listed as untestable, with the reason.

Every simulation is seeded self-play of ``heuristic`` in every seat, through the game's own
deal. One unit of the ablations is one point of value per deal (the single player's result
against each adversary, see ``envs/games/calabrasella.py``).
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.agents import make
from hoyle.agents.heuristics.calabrasella import HINTS, has_tenace, winners
from hoyle.envs.core.cards import ACE, RANK_MASKS, cards_of
from hoyle.envs.core.tricks import trick_points
from hoyle.envs.games import calabrasella as C
from hoyle.envs.games.calabrasella import CALABRASELLA_POINTS
from hoyle.envs.games.calabrasella import GAME as CALABRASELLA_SPEC
from hoyle.experiments.hints import methods as M
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Untestable,
    ci_verdict,
    exact_verdict,
    register,
    register_untestable,
    result,
)
from hoyle.experiments.match import deal_seed, derive_seed, sample_chance
from hoyle.experiments.stats import mean_ci

GAME = "calabrasella"
BOOK = CALABRASELLA_SPEC.citation
"""The source every hint of this module cites (the game's :class:`~hoyle.envs.core.registry.GameSpec`)."""
GOOD_PLAY = f"{BOOK}, Suggestions for Good Play"
UNIT = "points of value per deal"
_HINT = {h.id: h for h in HINTS}
ITEM = {
    "calabrasella.long-suit": "§3.6.1",
    "calabrasella.lead-through-up": "§3.6.2",
    "calabrasella.count-on-partner": "§3.6.3",
    "calabrasella.last-trick": "§3.6.9",
    "calabrasella.ask-long-suit": "§3.6.7",
    "calabrasella.plan-discards": "§3.6.7",
    "calabrasella.position": "§3.6.8",
    "calabrasella.aces-home": "§3.6.10",
}
LONG_SUIT = 5
"""Cards in a suit that make "a good long suit" for the position experiment (ASSUMPTION)."""


# --- §3.6.4: the last trick usually makes a difference of ten or twelve points -------------------


def _last_trick_deal(task: tuple[str, int, int]) -> dict[str, Any]:
    """One self-play deal: the points that went with the last trick (3, the counting cards in
    it, the stock's), or nothing if all passed."""
    game_text, seed, deal = task
    game = M.load(game_text)
    bots = [make("heuristic", game, derive_seed(seed, deal, 1, 0, k))
            for k in range(game.num_players())]  # fmt: skip
    chance = random.Random(deal_seed(seed, deal))
    state = game.new_initial_state()
    before: tuple[int, int] | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        s = state.s
        if s.phase == C.PLAY and not s.trick and s.tricks_done == game.rules.num_tricks - 1:
            before = s.points
        state.apply_action(bots[state.current_player()].step(state))
    s = state.s
    if before is None:
        return {"played": 0}
    side = 0 if s.last_winner == s.single else 1
    return {"played": 1, "points": s.points[side] - before[side],
            "stock": trick_points(s.stock, CALABRASELLA_POINTS),
            "single_won_last": int(side == 0)}  # fmt: skip


def last_trick_points(ctx: Context) -> Result:
    exp_id = "calabrasella.last-trick-worth.simulation"
    rows = M.pmap(ctx, _last_trick_deal, M.deal_tasks(ctx, exp_id, ctx.budget.sim_deals))
    played = [r for r in rows if r["played"]]
    xs = [r["points"] for r in played]
    m, lo, hi = mean_ci(xs)
    share = sum(1 for x in xs if 10 <= x <= 12) / len(xs) if xs else float("nan")
    # Supported when the mean lies within 10 to 12 give or take a point: the effect is the
    # distance of the mean (and of each end of its interval) inside the band's nearer edge,
    # so the whole interval inside the band is an interval above zero.
    band_lo, band_hi = 9.0, 13.0
    effect = min(m - band_lo, band_hi - m)
    e_lo, e_hi = min(lo - band_lo, band_hi - hi), min(hi - band_lo, band_hi - lo)
    hist = {str(v): xs.count(v) for v in sorted(set(xs))}
    sm, slo, shi = mean_ci([r["stock"] for r in played])
    numbers = {"deals": len(rows), "played": len(played), "mean_points": m, "ci": [lo, hi],
               "share_10_to_12": share, "histogram": hist, "stock_points_mean": sm,
               "stock_points_ci": [slo, shi],
               "single_player_won_last": sum(r["single_won_last"] for r in played)}  # fmt: skip
    plot = M.plot_bars(M.plot_file(ctx, exp_id), list(hist), list(hist.values()),
                       "deals", "Points that went with the last trick")  # fmt: skip
    summary = (f"the last trick carried {m:.1f} points [{lo:.1f}, {hi:.1f}] on average over "
               f"{len(played)} played deals (3 for the trick, the counting cards in it and "
               f"{sm:.1f} in the stock); {share:.0%} of deals gave 10 to 12; it moves the "
               f"difference of the scores by twice that")  # fmt: skip
    notes = ("Reading: 'makes a difference of ten or twelve points in the score' is taken as "
             "the points that go with the last trick (RULES.md §3.6.4: 'worth 10-12 points "
             "with the stock and held-back cards'). Verdict: supported when the 95% interval of "
             "the mean lies within 9 to 13, refuted when it lies wholly outside. On the other "
             "reading (the change in the difference of the two sides' scores, twice the "
             f"points) the mean is {2 * m:.1f}.")  # fmt: skip
    return result(ci_verdict(e_lo, e_hi), effect, e_lo, e_hi,
                  len(played), "points from the 9-13 band", summary, numbers, [plot],
                  notes)  # fmt: skip


# --- §3.6.8: the player's position at the table makes quite a difference -----------------------


def _arranged_deal(
    rules: Any, hands: list[list[int]], talon: list[int], eldest_first: list[int]
) -> list[int]:
    """The chance actions dealing ``hands[eldest_first[i]]`` to the i-th active seat."""
    want = [list(hands[i]) for i in eldest_first] + [list(talon)]
    holders = [rules.deal_plan.holder(k) for k in range(rules.pack_size)]
    return [want[h if h >= 0 else C.ACTIVE].pop() for h in holders]


def _position_deal(task: tuple[str, int, int]) -> dict[str, Any]:
    """One deal: the hand the heuristic rates best stands from the eldest, second and third
    seat in turn (the other two hands keep their order round the table, the talon is the same);
    heuristic players make every other decision. The single player's result in each seat."""
    game_text, seed, deal = task
    game = M.load(game_text)
    rules = game.rules
    rng = random.Random(deal_seed(seed, deal))
    pack = list(rules.pack_cards)
    rng.shuffle(pack)
    hs = [sorted(pack[12 * i : 12 * (i + 1)]) for i in range(3)]
    talon = pack[36:]
    # Rate the hands as the agent does, from the declaring view of a seat holding each.
    state = game.new_initial_state()
    for a in _arranged_deal(rules, hs, talon, [0, 1, 2]):
        state.apply_action(a)
    counts = [winners(state.player_view(state.s.active[i]), state.s.hands[state.s.active[i]])
              for i in range(3)]  # fmt: skip
    best = max(range(3), key=lambda i: (counts[i], -i))
    others = [i for i in range(3) if i != best]
    out: dict[str, Any] = {"winners": counts[best]}
    view = state.player_view(state.s.active[best])
    hand = state.s.hands[state.s.active[best]]
    out["long"] = int(max(bin(hand & m).count("1") for m in rules.tricks.suit_masks) >= LONG_SUIT)
    out["tenace"] = int(has_tenace(view, hand))
    for pos in range(3):
        order = [*others[:pos], best, *others[pos:]]
        state = game.new_initial_state()
        for a in _arranged_deal(rules, hs, talon, order):
            state.apply_action(a)
        bots = [make("heuristic", game, derive_seed(seed, deal, 1, pos, k)) for k in range(3)]
        single = state.s.active[pos]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            p = state.current_player()
            if state.s.phase == C.DECLARE:
                state.apply_action(C.STAND_ACTION if p == single else C.PASS_ACTION)
                continue
            state.apply_action(bots[p].step(state))
        out[f"r{pos}"] = state.s.result
    return out


def _position_rows(ctx: Context) -> list[dict[str, Any]]:
    key = "calabrasella-position"
    if key not in ctx.cache:
        exp_id = "calabrasella.position-matters.simulation"
        ctx.cache[key] = M.pmap(
            ctx, _position_deal, M.deal_tasks(ctx, exp_id, ctx.budget.sim_deals)
        )
    rows: list[dict[str, Any]] = ctx.cache[key]
    return rows


def _position_result(ctx: Context, exp_id: str, rows: list[dict[str, Any]], best: tuple[int, ...],
                     worst: tuple[int, ...], what: str) -> Result:  # fmt: skip
    """The mean, over ``rows``, of (the mean result from the seats ``best``) − (from ``worst``)."""
    d = [sum(r[f"r{i}"] for i in best) / len(best) - sum(r[f"r{i}"] for i in worst) / len(worst)
         for r in rows]  # fmt: skip
    m, lo, hi = mean_ci(d)
    by_seat = {name: mean_ci([r[f"r{i}"] for r in rows])
               for i, name in enumerate(("eldest", "second", "third"))}  # fmt: skip
    plot = M.plot_intervals(M.plot_file(ctx, exp_id),
                            [(f"as {k} hand", *v) for k, v in by_seat.items()],
                            "single player's result per adversary (95% CI)",
                            f"The same hand from each seat: {what}")  # fmt: skip
    seats = ", ".join(f"{k} {v[0]:+.2f}" for k, v in by_seat.items())
    summary = (f"{what}: {m:+.2f} [{lo:+.2f}, {hi:+.2f}] points per adversary over {len(rows)} "
               f"deals (mean result as eldest, second, third hand: {seats})")  # fmt: skip
    return result(ci_verdict(lo, hi), m, lo, hi, len(rows), "points per adversary", summary,
                  {"by_seat": by_seat, "deals": len(rows)}, [plot])  # fmt: skip


def position_matters(ctx: Context) -> Result:
    rows = _position_rows(ctx)
    return _position_result(ctx, "calabrasella.position-matters.simulation", rows, (0, 2), (1,),
                            "eldest and third hand against second hand")  # fmt: skip


def position_long_suit(ctx: Context) -> Result:
    rows = [r for r in _position_rows(ctx) if r["long"]]
    return _position_result(ctx, "calabrasella.position-long-suit.simulation", rows, (0,), (1, 2),
                            f"with a long suit ({LONG_SUIT}+ cards), the leader against the "
                            "others")  # fmt: skip


def position_tenace(ctx: Context) -> Result:
    rows = [r for r in _position_rows(ctx) if r["tenace"]]
    return _position_result(ctx, "calabrasella.position-tenace.simulation", rows, (2,), (1,),
                            "with tenaces, third hand against second hand")  # fmt: skip


# --- the arithmetic of the text --------------------------------------------------------------------


def aces_arithmetic(ctx: Context) -> Result:
    del ctx
    aces = cards_of(RANK_MASKS[ACE])
    per_ace = {CALABRASELLA_POINTS[c] for c in aces}
    total = sum(CALABRASELLA_POINTS[c] for c in aces)
    edge = 3 * max(per_ace) - 1 * max(per_ace)
    holds = per_ace == {3} and total == 12 and edge == 6
    summary = (f"four Aces of {sorted(per_ace)} points: {total} in every hand; three Aces "
               f"against one: {3 * max(per_ace)} − {max(per_ace)} = {edge}")  # fmt: skip
    return result(exact_verdict(holds), float(holds), float("nan"), float("nan"), 4,
                  "holds", summary, {"aces": total, "three_against_one": edge})  # fmt: skip


def threshold(ctx: Context) -> Result:
    del ctx
    wins = [p for p in range(C.TOTAL_POINTS + 1) if C.settle(p) > 0]
    holds = wins == list(range(C.WINNING_POINTS, C.TOTAL_POINTS + 1))
    summary = (f"the single player wins with {min(wins)} to {max(wins)} points and loses with "
               f"0 to {min(wins) - 1} (the game's settle, every count 0-35)")  # fmt: skip
    return result(exact_verdict(holds), float(holds), float("nan"), float("nan"),
                  C.TOTAL_POINTS + 1, "holds", summary)  # fmt: skip


GOLDEN = (
    ("23 points (adversaries 12): wins 11 from each", C.settle(23), 11),
    ("16 points (adversaries 19): loses 3 to each", C.settle(16), -3),
    (
        "an adversary's revoke turns 24-11 into 33-2: wins 31",
        C.settle(24, revoke="adversaries"),
        31,
    ),
    ("all 35 points: the value is 70", C.settle(35), 70),
)


def golden_scoring(ctx: Context) -> Result:
    del ctx
    bad = [text for text, got, want in GOLDEN if got != want]
    total = sum(CALABRASELLA_POINTS) + C.LAST_TRICK_POINTS
    if total != C.TOTAL_POINTS:
        bad.append(f"the pack's counting points plus the last trick are {total}, not 35")
    summary = (f"{len(GOLDEN) + 1 - len(bad)} of {len(GOLDEN) + 1} of RULES.md §3.7's scoring "
               "examples hold" + (f"; failing: {'; '.join(bad)}" if bad else ""))  # fmt: skip
    return result(exact_verdict(not bad), float(not bad), float("nan"), float("nan"),
                  len(GOLDEN) + 1, "holds", summary, {"examples": [t for t, _, _ in GOLDEN]})  # fmt: skip


# --- registration ----------------------------------------------------------------------------------


def _hint_pair(hid: str, context: tuple[str, ...] = (), why: str = "") -> None:
    M.register_hint(GAME, _HINT[hid], ITEM.get(hid, ""), UNIT, context=context, why=why)


_hint_pair("calabrasella.long-suit")
_hint_pair("calabrasella.lead-through-up")
_hint_pair("calabrasella.count-on-partner")
register(Experiment(
    "calabrasella.last-trick-worth.simulation", GAME, "§3.6.4", "calabrasella.last-trick",
    "Both sides scheme to get their hands in shape for winning the last trick, which usually "
    "makes a difference of ten or twelve points in the score, owing to the high cards held "
    "back, and those found in the stock.", GOOD_PLAY, "simulation",
    "Seeded heuristic self-play through the game's own deal: in every played deal, the points "
    "that go with the last trick (3, the counting cards in it, the stock's counting cards).",
    last_trick_points,
))  # fmt: skip
register(Experiment(
    "calabrasella.threshold.exact", GAME, "§3.6.5", "",
    "Each side should keep mental count of its score, so as to know whether or not it must win "
    "the last trick to get to 18.", GOOD_PLAY, "exact",
    "The game's settlement over every count 0-35: the single player wins with 18 or more and "
    "loses with 17 or fewer (the threshold the advice rests on).",
    threshold,
))  # fmt: skip
register_untestable(Untestable(
    "calabrasella.inferences", GAME, "§3.6.6",
    "The exposure of the stock, the number of cards discarded by the player, the suits which "
    "are led and avoided, will all prove useful guides in determining where the strength or "
    "weakness in each suit lies.", GOOD_PLAY,
    "Advice about inference. Every agent here sees the exposed talon, the number discarded and "
    "every card played (they are in its view), and the search agents' determinizers respect "
    "the voids shown; there is no rule to switch off.",
))  # fmt: skip
_hint_pair("calabrasella.ask-long-suit")
_hint_pair("calabrasella.plan-discards")
register(Experiment(
    "calabrasella.position-matters.simulation", GAME, "§3.6.8", "calabrasella.position",
    "The player's position at the table makes quite a difference ... very bad to be second "
    "hand.", GOOD_PLAY, "simulation",
    "Duplicate deals: the hand the heuristic rates best stands from the eldest, second and "
    "third seat in turn (the other hands keep their order, the talon is the same; heuristic "
    "players do the rest). Effect: mean(eldest, third) − second, paired by deal.",
    position_matters,
))  # fmt: skip
register(Experiment(
    "calabrasella.position-long-suit.simulation", GAME, "§3.6.8", "calabrasella.position",
    "The leader has an advantage with a good long suit.", GOOD_PLAY, "simulation",
    f"The same deals, the standing hands with a suit of {LONG_SUIT} or more cards. Effect: "
    "eldest − mean(second, third), paired by deal.",
    position_long_suit,
))  # fmt: skip
register(Experiment(
    "calabrasella.position-tenace.simulation", GAME, "§3.6.8", "calabrasella.position",
    "With tenaces it is better to be third player, and very bad to be second hand.", GOOD_PLAY,
    "simulation",
    "The same deals, the standing hands holding a tenace. Effect: third − second, paired by "
    "deal.",
    position_tenace,
))  # fmt: skip
_hint_pair("calabrasella.position")
_hint_pair("calabrasella.last-trick")
_hint_pair(
    "calabrasella.aces-home",
    ("win-cheaply", "follow-low"),
    "with them on, the hint never changes a move (it takes a trick an Ace lies in with the "
    "cheapest card sure to hold it, as win-cheaply does, and keeps its Aces off the other "
    "side's tricks, as follow-low's cheapest card does), so it is measured against the moves "
    "the other hints leave to chance.",
)
register(Experiment(
    "calabrasella.aces-count.exact", GAME, "§3.6.10", "calabrasella.aces-home",
    "These count 12 points in every hand, and the side that can get in three out of the four "
    "has 6 points the best of it.", GOOD_PLAY, "exact",
    "Arithmetic on the game's counting table: four Aces of 3 points; three against one.",
    aces_arithmetic,
))  # fmt: skip
register(Experiment(
    "calabrasella.golden-scoring.exact", GAME, "§3.7", "",
    "The book's scoring examples: 23 against 12 wins 11; a revoke turns 24-11 into 33-2 and "
    "the player wins 31; all 35 points count 70.", f"{BOOK}, Showing; Irregularities", "exact",
    "The game's own settlement function on RULES.md §3.7's examples, and the 35 points of a "
    "deal from its counting table.",
    golden_scoring,
))  # fmt: skip
for _hid in ("calabrasella.stand-by-count", "calabrasella.take-best", "calabrasella.win-cheaply",
             "calabrasella.follow-low"):  # fmt: skip
    _hint_pair(_hid)
