"""The methods shared by every game's hint experiments: ablation, referee, simulation, plots.

Ablation — the control. The effect is the per-deal difference between the head-to-head match
and the A/A match ``heuristic`` against ``heuristic`` on the same deals with the same agent
seeds (a control variate whose expectation is zero by symmetry): in a deal where the hint never
fires the two matches are the same games, so the tie-breaking luck of the seeds cancels exactly
instead of being shared, as common noise, by every rarely-firing hint's ablation. The raw
head-to-head mean and the A/A mean are reported beside it.

Ablation — why head to head. ``heuristic`` plays ``heuristic:-<hint>`` on duplicate deals
(``experiments/match.py``: each deal in both seatings, the same cards). In a two-player zero-sum
game, head to head *is* the comparison against a common opponent when that opponent is the full
heuristic: E[H vs H] = 0 by symmetry, so E[H vs C] − E[H−h vs C] with C = H equals E[H vs H−h].
It is also the most sensitive design (one match, the deal's luck cancelling within the pair of
seatings). Its blind spot is that the hint is judged against an adversary who plays the book
too; so each ablation also reports, as a second number, both agents against the common
opponent ``random`` on the same deals (paired by deal), when the budget allows. The verdict
rests on the head-to-head interval.

Referee. Positions come from seeded self-play of the full heuristic (the game's own chance, a
duplicate deal stream per deal). At every decision the candidate moves are computed as the
agent computes them, once with every hint and once with the hint switched off; where the agent
without the hint may play a move the full agent may not, the hint "changes the move": the book's
moves B (the full agent's candidates) and the alternative A (the moves only the agent without
the hint may play; a hint that breaks a tie changes the move too). One such position is drawn per deal and hint
(seeded), from the first deals that have one. The referee (a fresh, seeded agent from its spec)
chooses a move there; the sample is 1 if it picks from B, −1 if from A, 0 otherwise, and the
effect is its mean, P(B) − P(A), with an exact sign-test interval
(``framework.preference_ci``). The uniform-random referee's
expectation, mean((|B| − |A|) / |legal|), is reported beside it.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import signal
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.agents import make
from hoyle.agents.heuristics import game_hints
from hoyle.agents.heuristics.hints import Hint
from hoyle.envs.core.registry import load as load_game_string
from hoyle.experiments.hints.framework import (
    Context,
    Experiment,
    Result,
    Skipped,
    Verdict,
    ci_verdict,
    load_cache,
    preference_ci,
    proportion_ci,
    register,
    result,
    save_cache,
)
from hoyle.experiments.match import (
    CONFIG_FILE,
    deal_seed,
    derive_seed,
    game_sides,
    play_game,
    run_match,
    sample_chance,
)
from hoyle.experiments.plots import new_figure, save_figure
from hoyle.experiments.stats import mean_ci, per_deal_means

_GAMES: dict[str, Any] = {}
SCAN_BATCH = 20
"""Deals scanned between checks for enough referee positions (fixed, so the positions and the
counts do not depend on the number of workers)."""


def load(game_text: str) -> Any:
    """A loaded game by its game string (cached per process)."""
    if game_text not in _GAMES:
        import hoyle.envs  # noqa: F401  (registers the games in a fresh worker)

        _GAMES[game_text] = load_game_string(game_text)
    return _GAMES[game_text]


# --- parallel map -------------------------------------------------------------------------------


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pmap(
    ctx: Context, fn: Callable[[Any], Any], tasks: Sequence[Any], lo: float = 0.0,
    hi: float = 1.0,
) -> list[Any]:  # fmt: skip
    """``[fn(t) for t in tasks]`` in order, over ``ctx.workers`` processes; progress from
    ``lo`` to ``hi`` of the experiment. ``fn`` must be a module-level function."""
    out: list[Any] = []
    n = max(1, len(tasks))
    if ctx.workers <= 1 or len(tasks) <= 1:
        for i, t in enumerate(tasks):
            out.append(fn(t))
            ctx.tick(lo + (hi - lo) * (i + 1) / n)
        return out
    chunk = max(1, len(tasks) // (ctx.workers * 8))
    pool = multiprocessing.get_context().Pool(ctx.workers, initializer=_ignore_sigint)
    try:
        for i, r in enumerate(pool.imap(fn, tasks, chunksize=chunk)):
            out.append(r)
            ctx.tick(lo + (hi - lo) * (i + 1) / n)
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.close()
        pool.join()
    return out


# --- plots --------------------------------------------------------------------------------------


def _save(fig: Any, path: Path) -> str:
    save_figure(fig, path, dpi=90)
    return path.name


def plot_intervals(
    path: Path, rows: Sequence[tuple[str, float, float, float]], xlabel: str, title: str
) -> str:
    """Points with horizontal 95% intervals, one row each, and the zero line; the file name."""
    ax = new_figure(6.4, 0.55 * len(rows) + 1.3).subplots()
    ys = list(range(len(rows)))[::-1]
    for y, (_, m, lo, hi) in zip(ys, rows, strict=True):
        ok = not (math.isnan(lo) or math.isnan(hi))
        color = "tab:green" if ok and lo > 0 else "tab:red" if ok and hi < 0 else "tab:gray"
        if ok:
            ax.plot([lo, hi], [y, y], color=color, lw=2)
        ax.plot([m], [y], "o", color=color)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(ys, [r[0] for r in rows])
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    return _save(ax.figure, path)


def plot_bars(
    path: Path, labels: Sequence[str], values: Sequence[float], ylabel: str, title: str
) -> str:
    ax = new_figure(max(4.0, 0.8 * len(labels) + 1.5), 3.2).subplots()
    ax.bar(range(len(labels)), values, color="tab:blue")
    ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    return _save(ax.figure, path)


def plot_curve(
    path: Path, xs: Sequence[float], ys: Sequence[float], xlabel: str, ylabel: str, title: str
) -> str:
    ax = new_figure(5.6, 3.4).subplots()
    ax.plot(xs, ys, "o-", color="tab:blue")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    return _save(ax.figure, path)


def plot_file(ctx: Context, exp_id: str, suffix: str = "") -> Path:
    return Path(ctx.plots / f"{exp_id}{suffix}.png")


# --- ablation -----------------------------------------------------------------------------------


def stored_match(
    ctx: Context, game_text: str, agents: list[str], deals: int, label: str, lo: float, hi: float
) -> Any:
    """A stored duplicate match, played in slices so that progress shows and resume is fine."""
    name = f"{label}-d{deals}-s{ctx.seed}"
    stored = 0
    config = ctx.root / "matches" / name / CONFIG_FILE
    if config.exists():  # A match resumes only with at least the deals it was asked for.
        stored = int(json.loads(config.read_text()).get("deals", 0))
    slices = min(10, max(1, deals // 50))
    steps = sorted({max(1, round(deals * k / slices)) for k in range(1, slices + 1)} | {deals})
    steps = [k for k in steps if k >= stored]
    df = None
    for j, k in enumerate(steps):
        df = run_match(game_text, agents, k, ctx.seed, out=ctx.root / "matches", name=name,
                       workers=ctx.workers)  # fmt: skip
        ctx.tick(lo + (hi - lo) * (j + 1) / len(steps))
    return df


def file_tag(text: str) -> str:
    """``text`` (a game string, an agent spec) as part of a file name."""
    return "".join(c if c.isalnum() else "_" for c in text)


def heuristic_spec(off: Sequence[str]) -> str:
    """The ``heuristic`` agent with the hints ``off`` (short names) switched off."""
    return "heuristic" + (":" + ",".join(f"-{h}" for h in off) if off else "")


def ablation(
    ctx: Context, exp_id: str, hint: str, unit: str, game_text: str | None = None,
    scale: float = 1.0, control: bool = True, context: tuple[str, ...] = (),
) -> Result:  # fmt: skip
    """``heuristic`` against ``heuristic:-<hint>`` head to head on duplicate deals (and each
    against ``random``, paired by deal, when the budget has ``common_deals``).

    ``context``: hints switched off in both agents, for a hint that decides only where they
    do not (a fallback behind another hint, or a hint whose moves the plays taken for granted
    make anyway): the hint is then measured where it is the one deciding.

    With ``control`` the A/A match ``heuristic`` against itself on the same deals and seeds is
    subtracted deal by deal (it cancels the tie-breaking luck where the hint never fires).
    Without it the raw head-to-head mean is the effect: for a game where the hint acts in
    nearly every game (backgammon) the control would cancel no luck and double the variance.
    """
    game_text = game_text or ctx.game
    short = hint.split(".", 1)[-1]
    with_h, without = heuristic_spec(context), heuristic_spec((*context, short))
    ctag = "".join(f"-no-{c}" for c in context)
    # With more than two players the agent is one seat against a field of the other: its
    # return is the effect (zero by symmetry in the A/A control), every seat in turn.
    # In a patience (one player) both play every deal alone on the same cards and the effect
    # is the difference of their scores; the agents' seeds are the same too, so an A/A
    # control would be zero and the match against random the same comparison again.
    # In a partnership game each agent plays a whole side: the field is the other sides.
    game = load(game_text)
    sides = game_sides(game)
    field = (game.num_players() if sides is None else len(sides)) - 1
    solo = field == 0
    control = control and not solo
    deals = max(2, round(ctx.budget.deals * scale))
    common = 0 if solo else round(ctx.budget.common_deals * scale)
    tag = file_tag(game_text)
    split = 0.6 if common else 1.0
    head = split * 0.8 if control else split
    df = stored_match(ctx, game_text, [with_h, *[without] * max(1, field)], deals,
                      f"{tag}{ctag}-h2h-{short}", 0.0, head)  # fmt: skip
    means = per_deal_means(df)
    raw = means[with_h] - means[without] if solo else means[with_h]
    wins = df[(df["agent"] == with_h)]["result"].value_counts()
    rm, rlo, rhi = mean_ci(raw.dropna())
    h2h: dict[str, Any] = {"raw_mean": rm, "raw_ci": [rlo, rhi],
                           "games": int((df["agent"] == with_h).sum()),
                           "wins": int(wins.get("win", 0)), "draws": int(wins.get("draw", 0)),
                           "losses": int(wins.get("loss", 0))}  # fmt: skip
    if control:
        aa = stored_match(ctx, game_text, [with_h] * (field + 1), deals,
                          f"{tag}{ctag}-h2h-heuristic-aa", head, split)  # fmt: skip
        base = per_deal_means(aa)[f"{with_h}#1"]
        per = (raw - base).dropna()
        cm_, clo_, chi_ = mean_ci(base)
        h2h.update(control_mean=cm_, control_ci=[clo_, chi_])
    else:
        per = raw.dropna()
    m, lo, hi = mean_ci(per)
    numbers: dict[str, Any] = {
        "head_to_head": {"mean": m, "ci": [lo, hi], "deals": len(per), **h2h},
        "game": game_text,
    }
    rows = [(f"{with_h} vs -{short}", m, lo, hi)]
    summary = f"with the hint wins {m:+.3f} {unit} from without it over {len(per)} deals"
    if common:
        a = stored_match(ctx, game_text, [with_h, *["random"] * field], common,
                         f"{tag}{ctag}-heuristic-vs-random", split, split + (1 - split) / 2)  # fmt: skip
        b = stored_match(ctx, game_text, [without, *["random"] * field], common,
                         f"{tag}{ctag}-no-{short}-vs-random", split + (1 - split) / 2, 1.0)  # fmt: skip
        pa, pb = per_deal_means(a)[with_h], per_deal_means(b)[without]
        d = (pa - pb).dropna()
        cm, clo, chi = mean_ci(d)
        numbers["versus_random"] = {"mean": cm, "ci": [clo, chi], "deals": len(d),
                                    "with_hint": float(pa.mean()),
                                    "without_hint": float(pb.mean())}  # fmt: skip
        rows.append(("(with − without) vs random", cm, clo, chi))
        summary += f"; against random the hint is worth {cm:+.3f} [{clo:+.3f}, {chi:+.3f}]"
    plot = plot_intervals(plot_file(ctx, exp_id), rows, f"{unit} (95% CI)",
                          f"{short}: with the hint − without")  # fmt: skip
    return result(ci_verdict(lo, hi), m, lo, hi, len(per), unit, summary, numbers, [plot])


# --- referee: positions where a hint changes the move -------------------------------------------


def candidates(hints: Sequence[Any], view: Any, cands: list[int]) -> list[int]:
    """The moves left after ``hints`` narrow ``cands`` in order, as ``HintPolicy`` does."""
    for h in hints:
        if len(cands) == 1:
            break
        narrowed = [a for a in h.narrow(view, cands) if a in cands]
        if narrowed and len(narrowed) < len(cands):
            cands = narrowed
    return cands


def changes(hints: Sequence[Any], view: Any, legal: list[int]) -> tuple[list[int], dict[str, Any]]:
    """The full heuristic's candidates, and for each hint whose removal would let the agent
    play a move it does not play with it: the book's moves B (the candidates with every hint)
    and the alternative A (the moves the agent without the hint may play, and with it may not).
    A hint that only breaks a tie (B inside the candidates without it) changes the move too."""
    prefix = [legal]
    cands = legal
    narrowed: list[int] = []
    for j, h in enumerate(hints):
        if len(cands) > 1:
            n = [a for a in h.narrow(view, cands) if a in cands]
            if n and len(n) < len(cands):
                cands = n
                narrowed.append(j)
        prefix.append(cands)
    out: dict[str, Any] = {}
    for j in narrowed:
        alt = candidates(hints[j + 1 :], view, prefix[j])
        excluded = sorted(set(alt) - set(cands))
        if excluded:
            out[hints[j].id] = (list(cands), excluded)
    return cands, out


def scan_deal(task: tuple[str, int, int, tuple[str, ...]]) -> dict[str, Any]:
    """One self-play deal of the heuristic (with the hints ``off`` switched off): for each
    hint, one position (drawn at random, seeded) where it changes the move, and how often it
    did."""
    game_text, seed, deal, off = task
    game = load(game_text)
    hints = [h for h in game_hints(game.spec.short_name) if h.id.split(".", 1)[-1] not in off]
    tie = random.Random(derive_seed(seed, deal, 7))
    chance = random.Random(deal_seed(seed, deal))
    state = game.new_initial_state()
    found: dict[str, list[tuple[int, list[int], list[int], int]]] = {}
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        decisions += 1
        legal = state.legal_actions()
        view = state.player_view(state.current_player())
        best, alt = changes(hints, view, list(legal))
        at = len(state.history())
        for hid, (b, a) in alt.items():
            found.setdefault(hid, []).append((at, b, a, len(legal)))
        state.apply_action(best[tie.randrange(len(best))])
    history = state.history()
    pick = random.Random(derive_seed(seed, deal, 8))
    picked = {}
    for hid in sorted(found):
        at, b, a, n = found[hid][pick.randrange(len(found[hid]))]
        picked[hid] = {"history": history[:at], "book": b, "alt": a, "legal": n}
    return {"deal": deal, "decisions": decisions,
            "counts": {h: len(v) for h, v in found.items()}, "picked": picked}  # fmt: skip


ABLATION_HOW = (
    "`heuristic` against `heuristic:-{short}` head to head on duplicate deals of {game} (both "
    "seatings, the same cards); effect: {unit} won by the agent with the hint. Second number "
    "(full budget): each against `random` on the same deals, paired by deal."
)
REFEREE_HOW = (
    "Positions from seeded self-play of the full heuristic ({game}) where switching `{short}` "
    "off changes the move; the referee (the budget's spec, an ISMCTS agent) chooses there. "
    "Effect: P(referee picks the book's move) − P(it picks the alternative), one position per "
    "deal."
)


CONTEXT_HOW = " Both agents play without {hints}: {why}"


def register_hint(game: str, hint: Hint, item: str, unit: str, game_text: str | None = None,
                  scale: float = 1.0, context: tuple[str, ...] = (), why: str = "") -> None:  # fmt: skip
    """Register the two experiments every heuristic hint gets: its ablation (:func:`ablation`)
    and the referee on the positions where it changes the move (:func:`referee`), played in
    ``game_text`` (default: the game itself). ``context`` (with the reason ``why``): hints
    switched off in every agent of both, for a hint that never decides where they are on."""
    text = game_text or game
    short = hint.id.split(".", 1)[-1]
    extra = ""
    if context:
        if not why:
            raise ValueError(f"{hint.id}: a context needs its reason (why)")
        extra = CONTEXT_HOW.format(hints=", ".join(f"`{c}`" for c in context), why=why)

    def ab(ctx: Context) -> Result:
        return ablation(ctx, f"{hint.id}.ablation", hint.id, unit, game_text, scale,
                        context=context)  # fmt: skip

    def rf(ctx: Context) -> Result:
        return referee(ctx, f"{hint.id}.referee", hint.id, game_text, context)

    register(Experiment(f"{hint.id}.ablation", game, item, hint.id, hint.summary, hint.source,
                        "ablation", ABLATION_HOW.format(short=short, game=f"`{text}`", unit=unit)
                        + extra, ab))  # fmt: skip
    register(Experiment(f"{hint.id}.referee", game, item, hint.id, hint.summary, hint.source,
                        "referee", REFEREE_HOW.format(short=short, game=f"`{text}`") + extra,
                        rf))  # fmt: skip


def referee_positions(
    ctx: Context, lo: float, hi: float, game_text: str | None = None,
    context: tuple[str, ...] = (),
) -> dict[str, Any]:  # fmt: skip
    """The referee positions of every hint (self-play of the heuristic without the
    ``context`` hints, scanned once per run, game string and context, cached on disk)."""

    game_text = game_text or ctx.game
    tag = file_tag(game_text)
    tag += "".join(f"-no-{c}" for c in context)
    key = f"positions-{tag}-{ctx.budget.name}-s{ctx.seed}"
    if key in ctx.cache:
        return dict(ctx.cache[key])
    path = ctx.root / "cache" / f"{key}.json"
    stored = load_cache(path)
    if stored is not None and stored.get("budget") == ctx.budget.key():
        ctx.cache[key] = stored
        ctx.tick(hi)
        return dict(stored)
    hint_ids = [h.id for h in game_hints(load(game_text).spec.short_name)
                if h.id.split(".", 1)[-1] not in context]  # fmt: skip
    want = ctx.budget.positions
    deals: list[dict[str, Any]] = []
    batch = SCAN_BATCH
    start = 0
    while start < ctx.budget.scan_deals:
        stop = min(ctx.budget.scan_deals, start + batch)
        span = (hi - lo) * stop / ctx.budget.scan_deals
        tasks = [(game_text, ctx.seed, d, context) for d in range(start, stop)]
        deals += pmap(ctx, scan_deal, tasks, lo + (hi - lo) * start / ctx.budget.scan_deals,
                      lo + span)  # fmt: skip
        start = stop
        have = {h: sum(1 for d in deals if h in d["picked"]) for h in hint_ids}
        if all(v >= want for v in have.values()):
            break
    ctx.tick(hi)
    positions: dict[str, list[dict[str, Any]]] = {h: [] for h in hint_ids}
    for d in sorted(deals, key=lambda d: d["deal"]):
        for h, p in d["picked"].items():
            if len(positions[h]) < want:
                positions[h].append({"deal": d["deal"], **p})
    decisions = sum(d["decisions"] for d in deals)
    stored = {
        "budget": ctx.budget.key(), "deals_scanned": len(deals), "decisions": decisions,
        "counts": {h: sum(d["counts"].get(h, 0) for d in deals) for h in hint_ids},
        "deals_with": {h: sum(1 for d in deals if h in d["counts"]) for h in hint_ids},
        "positions": positions,
    }  # fmt: skip
    save_cache(path, stored)
    ctx.cache[key] = stored
    return dict(stored)


def check_referee(ctx: Context, game_text: str | None = None) -> None:
    """Build the referee once; a missing agent module skips the experiment (not stored)."""
    try:
        make(ctx.budget.referee, load(game_text or ctx.game), 0)
    except ModuleNotFoundError as e:
        raise Skipped(f"referee {ctx.budget.referee!r} is not available ({e})") from None


def referee_move(task: tuple[str, str, int, list[int], str, tuple[int, ...], int]) -> list[int]:
    """The referee's decisions from the position ``history``: one (``mode`` "one"), or every
    decision of the player to move until another player is to move, chance or the end, or a
    phase in ``stop`` (``mode`` "turn"). ``limit`` caps the decisions."""
    game_text, spec, seed, history, mode, stop, limit = task
    game = load(game_text)
    state = game.state_from_history(history)
    bot = make(spec, game, seed)
    me = state.current_player()
    taken: list[int] = []
    while not state.is_terminal() and not state.is_chance_node() and len(taken) < limit:
        if taken and (mode == "one" or state.current_player() != me):
            break
        if taken and getattr(state.s, "phase", None) in stop:
            break
        a = int(bot.step(state))
        taken.append(a)
        state.apply_action(a)
    return taken


def referee(
    ctx: Context, exp_id: str, hint: str, game_text: str | None = None,
    context: tuple[str, ...] = (),
) -> Result:  # fmt: skip
    """Does the referee agree with the book's move where the hint changes the heuristic's
    (the heuristic without the ``context`` hints)?"""
    game_text = game_text or ctx.game
    check_referee(ctx, game_text)
    found = referee_positions(ctx, 0.0, 0.3, game_text, context)
    pos = found["positions"].get(hint, [])
    tasks = [(game_text, ctx.budget.referee, ctx.seed_for(exp_id, i), p["history"], "one", (), 1)
             for i, p in enumerate(pos)]  # fmt: skip
    moves = pmap(ctx, referee_move, tasks, 0.3, 1.0)
    book, alt = 0, 0
    chance_effect = []
    for p, mv in zip(pos, moves, strict=True):
        r = mv[0]
        inb, ina = r in p["book"], r in p["alt"]
        book += inb
        alt += ina
        chance_effect.append((len(p["book"]) - len(p["alt"])) / p["legal"])
    n = len(pos)
    m, lo, hi = preference_ci(book, alt, n)
    rate = found["counts"].get(hint, 0) / max(1, found["decisions"])
    numbers = {
        "referee": ctx.budget.referee, "positions": n, "book": book, "alternative": alt,
        "other": n - book - alt, "agreement": proportion_ci(book, n),
        "alternative_rate": proportion_ci(alt, n),
        "random_referee_effect": float(np.mean(chance_effect)) if n else math.nan,
        "changes_per_decision": rate, "deals_scanned": found["deals_scanned"],
        "deals_with_change": found["deals_with"].get(hint, 0),
    }  # fmt: skip
    short = hint.split(".", 1)[-1]
    plots = []
    if n:
        plots.append(plot_bars(plot_file(ctx, exp_id), ["book (B)", "alternative (A)", "other"],
                               [book / n, alt / n, (n - book - alt) / n], "share of positions",
                               f"{short}: the referee's choice"))  # fmt: skip
    summary = (f"the referee chose the book's move in {book} and the alternative in {alt} of {n} "
               f"positions" if n else "the hint never changed the move in the deals scanned")  # fmt: skip
    notes = "" if n else (f"No position in {found['deals_scanned']} self-play deals where "
                          "switching the hint off changes the heuristic's move.")  # fmt: skip
    verdict = ci_verdict(lo, hi) if n else Verdict.INCONCLUSIVE
    return result(verdict, m, lo, hi, n, "P(book) − P(alternative)", summary, numbers, plots, notes)


def book_position_referee(
    ctx: Context, exp_id: str, histories: Sequence[list[int]], mode: str, stop: tuple[int, ...],
    classify: Callable[[Any, list[int]], str], book_label: str, title: str,
    alternative: str | None = None,
) -> Result:  # fmt: skip
    """The referee at the book's own position, once per trial (hidden cards re-dealt per trial).

    ``classify(state_at_position, referee_actions)`` names the referee's play; the effect is
    P(book) − P(alternative) per trial, the alternative being ``alternative`` if the book names
    one, else the play the referee chose most often after the book's (chosen after the fact,
    which makes "supported" harder to reach, never easier).
    """
    check_referee(ctx)
    tasks = [(ctx.game, ctx.budget.referee, ctx.seed_for(exp_id, i), h, mode, stop, 40)
             for i, h in enumerate(histories)]  # fmt: skip
    moves = pmap(ctx, referee_move, tasks)
    game = load(ctx.game)
    names = [
        classify(game.state_from_history(h), mv) for h, mv in zip(histories, moves, strict=True)
    ]
    counts: dict[str, int] = {}
    for nm in names:
        counts[nm] = counts.get(nm, 0) + 1
    others = sorted(((c, k) for k, c in counts.items() if k != book_label), reverse=True)
    runner_up = alternative or (others[0][1] if others else "(none)")
    n = len(names)
    m, lo, hi = preference_ci(counts.get(book_label, 0), counts.get(runner_up, 0), n)
    numbers = {"referee": ctx.budget.referee, "choices": dict(sorted(counts.items(),
               key=lambda kv: -kv[1])), "book": book_label, "alternative": runner_up,
               "agreement": proportion_ci(counts.get(book_label, 0), n)}  # fmt: skip
    labels = [str(k) for k in list(numbers["choices"])[:8]]
    plot = plot_bars(plot_file(ctx, exp_id), labels, [counts[k] / n for k in labels],
                     "share of trials", title)  # fmt: skip
    summary = (f"the referee chose {book_label} in {counts.get(book_label, 0)} of {n} trials, "
               f"{runner_up} in {counts.get(runner_up, 0)}")  # fmt: skip
    return result(ci_verdict(lo, hi), m, lo, hi, n, "P(book) − P(alternative)", summary, numbers,
                  [plot])  # fmt: skip


# --- simulation ---------------------------------------------------------------------------------


def self_play(game_text: str, seed: int, deal: int, spec: str = "heuristic") -> Any:
    """One seeded deal of ``spec`` in every seat (the deal's duplicate chance stream); the
    terminal state."""
    game = load(game_text)
    bots = [make(spec, game, derive_seed(seed, deal, 1, 0, k)) for k in range(game.num_players())]
    return play_game(game, bots, random.Random(deal_seed(seed, deal)))


def deal_tasks(ctx: Context, exp_id: str, n: int, game_text: str | None = None) -> list[Any]:
    s = ctx.seed_for(exp_id)
    return [(game_text or ctx.game, s, d) for d in range(n)]
