"""PIMC's world solves per second with the own double-dummy solver and with DDS, in one run.

``pimc:dd=N,solver=own|dds`` (:mod:`hoyle.agents.pimc`) spends its card play in worlds: each
world is a re-deal of the hidden cards by the game's determinizer, then an exact double-dummy
solve of that world's card play (every legal card's value). How many worlds a second it gets
through decides how many worlds a move can afford, so ``hoyle bench`` times it with both
solvers, on the same positions, in the same run.

**Which games**: those where ``solver=dds`` applies, decided as PIMC decides it: the rules give
a card play and the game has four players (:func:`hoyle.agents.pimc.dds_refusal`), and DDS
reads the card plays of a few seeded random playouts (:func:`hoyle.agents.dds.play_refusal`:
the standard trick rules, two partnerships, tricks counted). No game is listed by hand.

**Which positions**: from seeded random playouts, the player to lead a trick when every hand
holds ``N`` cards, for each ``N`` of ``sizes`` (13: the first lead of a 52-card deal, where
the own solver is slowest; 8 and 5: later in the play), ``POSITIONS`` deals of each.

**The loop**: PIMC's own pieces (its determinizer and its double-dummy world searcher, built
by :class:`~hoyle.agents.pimc.PIMCBot` with ``worlds=1,dd=N``) re-deal and solve one world
after another, going round the positions, for about ``seconds`` of CPU time. Each solver runs
in its own child process (forked once the parent has loaded both solvers' machine code), and
its rate is worlds per CPU second of that process, which a loaded machine disturbs far less
than the clock (the other agents' rates are per second on the clock, best of rounds). A child
is stopped at twice its budget on the clock: the own solver can take a minute on one 13-card
world, and a bench must end. Where no world finished, the rate is an upper bound (one world
over the CPU time spent), shown as ``< N``. Without endplay the DDS column says how to
install it.
"""

from __future__ import annotations

import multiprocessing
import random
import resource
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.agents import dds
from hoyle.agents.pimc import PIMCBot, dds_refusal
from hoyle.envs.core.tricks import CardPlay
from hoyle.experiments.bench_agents import moves_per_second
from hoyle.experiments.bench_progress import Progress
from hoyle.experiments.match import sample_chance

SIZES = (13, 8, 5)
"""Cards a hand of the positions timed (a size no deal of the game reaches is left out)."""
POSITIONS = 3
"""Deals of each size; the loop goes round them."""
PLAYOUTS = 40
"""Random playouts tried per position wanted before a size is given up (a Vint auction of
four passes has no card play)."""
SOLVERS = ("own", "dds")
WALL = 2.0
GRACE = 0.5
"""A child is stopped after ``WALL`` times its CPU budget on the clock, plus ``GRACE``
seconds: on an idle machine it gets a whole core, so it has finished its last world or is
still in one that outlasts the budget (the own solver at 13 cards)."""

PIMC_COLUMNS = {
    "own_worlds_per_s": "PIMC worlds/s, own solver",
    "dds_worlds_per_s": "PIMC worlds/s, DDS",
}
"""The record's rates of a PIMC row (higher is faster)."""


def card_play(game: Any, state: Any) -> CardPlay | None:
    """The card play of a ``pyspiel`` state of ``game`` (``None`` outside it)."""
    play: CardPlay | None = game.rules.card_play(state.s)
    return play


def playout_positions(
    game: Any, sizes: Sequence[int], rng: random.Random
) -> tuple[list[CardPlay], dict[int, Any]]:
    """One random playout of ``game``: its card plays seen, and for each size of ``sizes`` the
    first decision state that leads a trick with every hand at most that many cards, the
    largest exactly that many (absent where the deal never has such a position)."""
    state = game.new_initial_state()
    plays: list[CardPlay] = []
    found: dict[int, Any] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        play = card_play(game, state)
        if play is not None:
            plays.append(play)
            largest = max(h.bit_count() for h in play.hands)
            if not play.table and largest in sizes and largest not in found:
                found[largest] = state.clone()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return plays, found


def dds_applies(game: Any, seed: int = 0, deals: int = 3) -> bool:
    """Whether ``pimc:solver=dds`` applies to ``game``: :func:`~hoyle.agents.pimc.dds_refusal`
    finds nothing, and DDS reads every card play of ``deals`` seeded random playouts that
    reach one (whether endplay is installed or not: the rules decide)."""
    if dds_refusal(game) is not None:
        return False
    rng = random.Random(seed)
    seen = 0
    for _ in range(PLAYOUTS * deals):
        plays, _found = playout_positions(game, (), rng)
        if plays:
            if any(dds.play_refusal(p) is not None for p in plays):
                return False
            seen += 1
            if seen == deals:
                return True
    return False


def positions(
    game: Any, sizes: Sequence[int], count: int = POSITIONS, seed: int = 0
) -> dict[int, list[Any]]:
    """Up to ``count`` decision states per size (:func:`playout_positions`), from seeded random
    playouts; a size never found in ``PLAYOUTS * count`` playouts is left out."""
    rng = random.Random(seed)
    out: dict[int, list[Any]] = {n: [] for n in sizes}
    for _ in range(PLAYOUTS * count):
        if all(len(v) >= count for v in out.values()):
            break
        _plays, found = playout_positions(game, sizes, rng)
        for n, state in found.items():
            if len(out[n]) < count:
                out[n].append(state)
    return {n: v for n, v in out.items() if v}


def world_solver(game: Any, solver: str, size: int, seed: int) -> Callable[[Any], None]:
    """``solve(state)``: one PIMC world at ``state`` (re-deal, then the double-dummy values of
    every legal card), by PIMC's own determinizer and world searcher."""
    bot = PIMCBot(game, seed, worlds=1, dd=size, solver=solver)
    rng = random.Random(seed)

    def solve(state: Any) -> None:
        player = state.current_player()
        world = bot.determinize(state, player, rng.random)
        values = bot.searcher(bot.sim, world, player, state.legal_actions(), rng)
        if not values:
            raise RuntimeError("the world searcher gave no value: not a double-dummy position")

    return solve


def warm_up() -> None:
    """Load both solvers' machine code in this process (numba's compiled core, DDS's library)
    by one tiny solve each, so that no child pays for it inside its budget."""
    from hoyle.agents.double_dummy import DoubleDummy
    from hoyle.envs.core.tricks import ACE_HIGH_RANKS, NO_TRUMP, build_tricks

    rules = build_tricks("standard", ACE_HIGH_RANKS, NO_TRUMP)
    DoubleDummy(rules, (0, 1, 0, 1)).solve([1, 2, 4, 8], 0)
    if dds.available():
        dds.solve([1, 2, 4, 8], NO_TRUMP, 0)


def _child(solve: Callable[[Any], None], states: Sequence[Any], seconds: float, conn: Any) -> None:
    """The child's loop (the agents' :func:`~.bench_agents.moves_per_second`, on the child's
    CPU clock): solve worlds round ``states`` for ``seconds``, sending (worlds, CPU seconds)
    after each."""
    n = 0
    start = time.process_time()

    def step(state: Any) -> None:
        nonlocal n
        solve(state)
        n += 1
        conn.send((n, time.process_time() - start))

    moves_per_second(step, states, seconds, time.process_time)
    conn.close()


def _children_cpu() -> float:
    """CPU seconds of this process's finished (reaped) children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass(frozen=True)
class Rate:
    """Worlds per CPU second; ``bound``: no world finished, so the rate is an upper bound."""

    worlds_per_s: float
    worlds: int
    seconds: float
    bound: bool


def timed_worlds(solve: Callable[[Any], None], states: Sequence[Any], seconds: float) -> Rate:
    """:func:`_child`'s loop in a forked child process for ``seconds`` of its CPU time, stopped
    if it runs ``WALL`` times as long on the clock (a loaded machine gives it less than a
    core) plus ``GRACE``: the worlds finished over their CPU time, or, if none finished, an
    upper bound (one world over the CPU time the child spent)."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(solve, states, seconds, send), daemon=True)
    start, cpu = time.perf_counter(), _children_cpu()
    child.start()
    send.close()
    last: tuple[int, float] | None = None
    deadline = start + WALL * seconds + GRACE
    try:
        while (left := deadline - time.perf_counter()) > 0 and recv.poll(left):
            try:
                last = recv.recv()
            except EOFError:
                break
    finally:
        if child.is_alive():
            child.terminate()
        child.join()
        recv.close()
    if child.exitcode not in (0, -signal.SIGTERM):
        raise RuntimeError(f"the PIMC timing process failed (exit code {child.exitcode})")
    if last is None:
        spent = max(_children_cpu() - cpu, 1e-3)
        return Rate(1.0 / spent, 0, spent, True)
    n, elapsed = last
    return Rate(n / elapsed, n, elapsed, False)


def planned_seconds(games: Sequence[Any], seconds: float, sizes: Sequence[int] = SIZES) -> float:
    """The time :func:`run_pimc_bench` plans for ``games`` already found to take DDS (its loops'
    budgets; finding the positions comes on top)."""
    timed = len(games) * len(sizes) * len(SOLVERS)
    return timed * (seconds + GRACE)


def run_pimc_bench(
    games: Sequence[Any],
    seconds: float,
    seed: int = 0,
    sizes: Sequence[int] = SIZES,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """One row per game where DDS applies (:func:`dds_applies`) and size it reaches: worlds per
    second with each solver, and ``x_dds``, DDS's over the own solver's (``x_dds_bound``: the
    own rate is an upper bound, so the ratio is a lower one). Without endplay the DDS rate and
    the ratio are None and ``dds_unavailable`` says how to install it."""
    from hoyle.experiments.bench import game_label

    progress = progress or Progress(0.0, None)
    solvers = SOLVERS if dds.available() else ("own",)
    rows: list[dict[str, Any]] = []
    warmed = False
    for game in games:
        if not dds_applies(game, seed):
            continue
        if not warmed:
            warm_up()
            warmed = True
        label = game_label(game)
        for size, states in positions(game, sizes, seed=seed).items():
            row: dict[str, Any] = {"game": label, "row": f"{label}, {size} cards a hand",
                                   "cards": size, "positions": len(states)}  # fmt: skip
            for solver in solvers:
                with progress.piece(f"pimc: {label}, {size} cards, {solver}", seconds + GRACE):
                    rate = timed_worlds(world_solver(game, solver, size, seed), states, seconds)
                row[f"{solver}_worlds_per_s"] = rate.worlds_per_s
                row[f"{solver}_worlds"] = rate.worlds
                if rate.bound:
                    row[f"{solver}_worlds_per_s_bound"] = True
            if "dds" in solvers:
                row["x_dds"] = row["dds_worlds_per_s"] / row["own_worlds_per_s"]
                if row.get("own_worlds_per_s_bound") and not row.get("dds_worlds_per_s_bound"):
                    row["x_dds_bound"] = True
                elif row.get("dds_worlds_per_s_bound"):
                    row["x_dds"] = None  # (a bound over a bound, or over a rate: no ratio)
            else:
                row.update(dds_worlds_per_s=None, x_dds=None, dds_unavailable=dds.INSTALL_HINT)
            rows.append(row)
    return rows


PIMC_LEGEND = (
    "worlds/s: PIMC's world solves per CPU second (a re-deal of the hidden cards, then the "
    "double-dummy value of every legal card), higher is better; each row's positions are "
    "the same for both solvers. DDS × own: DDS's worlds/s over the own solver's in the same "
    'run (above 1, DDS is faster). "< N": no world finished within the budget, N is one world '
    'over the CPU time spent (an upper bound), and "> N" the ratio\'s lower bound.'
)


def _rate(row: dict[str, Any], key: str) -> str:
    value = row.get(key)
    if value is None:
        return "n/a"
    return ("< " if row.get(f"{key}_bound") else "") + format(
        value, ",.3g" if value < 10 else ",.0f"
    )


def format_pimc_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a plain-text table with its legend."""
    title = "PIMC worlds per CPU second, own double-dummy solver and DDS (pimc:dd=N,solver=own|dds)"
    if not rows:
        return f"{title}: no game here takes DDS (four hands, standard trick rules)"
    w = max(len("position"), *(len(r["row"]) for r in rows))
    head = f"{'position':<{w}} {'own':>10} {'DDS':>10} {'DDS × own':>10}"
    lines = [title, head, "-" * len(head)]
    for r in rows:
        if r.get("dds_unavailable"):
            lines.append(f"{r['row']:<{w}} {_rate(r, 'own_worlds_per_s'):>10}  "
                         f"DDS: {r['dds_unavailable']}")  # fmt: skip
            continue
        ratio = r.get("x_dds")
        x = "n/a" if ratio is None else ("> " if r.get("x_dds_bound") else "") + f"{ratio:,.1f}"
        lines.append(f"{r['row']:<{w}} {_rate(r, 'own_worlds_per_s'):>10} "
                     f"{_rate(r, 'dds_worlds_per_s'):>10} {x:>10}")  # fmt: skip
    lines.append(PIMC_LEGEND)
    return "\n".join(lines)


__all__ = [
    "PIMC_COLUMNS",
    "SIZES",
    "Rate",
    "dds_applies",
    "format_pimc_bench",
    "planned_seconds",
    "positions",
    "run_pimc_bench",
    "timed_worlds",
    "world_solver",
]
