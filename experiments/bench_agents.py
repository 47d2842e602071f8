"""Speed of the search and learning agents, beside OpenSpiel's own C++ search, in one run.

For each game: ISMCTS simulations per second (random rollouts, and the game's heuristic as the
rollout policy) or, where the game has perfect information, MCTS simulations per second
(MCTS would see hidden cards otherwise), and MCCFR iterations per second for external and outcome
sampling on the game's small configuration. The reference is OpenSpiel's C++ ``ISMCTSBot``
with random rollouts on the C++ game of the same kind (``GameSpec.reference``: ``gin_rummy``
for Conquian and Cassino, ``euchre`` for the four-handed trick games; ``hearts`` for the
three-handed ones declared beside ``skat``, which C++ ISMCTS cannot search), timed by the same
loop; a perfect-information game is compared instead with OpenSpiel's C++ ``MCTSBot`` (random
rollouts) on its declared reference (C++ ``backgammon`` for Backgammon), against hoyle's
``mcts``.

The loop: decision states are collected from seeded random playouts; the agent's ``step`` is
called on them in turn for about the given time; simulations per second is the simulations
asked for times the calls made, over the time taken. Each agent is built once per game with a
fixed simulation budget, so the rate includes everything a move costs (determinizing, the
tree, the rollouts, choosing the move).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pyspiel

from hoyle.agents import make
from hoyle.experiments.bench_progress import Progress
from hoyle.experiments.match import sample_chance

AGENT_REFERENCE = "gin_rummy"
"""The C++ game for OpenSpiel's ISMCTS where a game declares no reference of its own."""
ISMCTS_STAND_IN = {"skat": "hearts"}
"""OpenSpiel's C++ ISMCTS needs information-state strings, which its C++ skat lacks: the
three-handed trick games declared beside skat are searched beside hearts, OpenSpiel's other
trick game with three or more hands."""
SEARCH_SIMS = 100
"""Simulations per move while timing a search agent: enough that the tree, not the set-up,
is what is timed, few enough that a move of a slow game stays well under a second."""
DECISION_STATES = 12


def decision_states(game: Any, rng: random.Random, count: int = DECISION_STATES) -> list[Any]:
    """``count`` decision states with a choice, each from its own random playout."""
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        seen: list[Any] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:  # A forced move is answered without search: not timed.
                seen.append(state.clone())
            state.apply_action(legal[rng.randrange(len(legal))])
        if seen:
            states.append(seen[rng.randrange(len(seen))])
    return states


def moves_per_second(
    step: Callable[[Any], object],
    states: Sequence[Any],
    seconds: float,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Calls of ``step`` per second of ``clock`` over ``states`` in turn, for about
    ``seconds``."""
    calls = 0
    start = clock()
    while True:
        for state in states:
            step(state)
            calls += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return calls / elapsed


def cpp_ismcts(game: Any, sims: int, seed: int) -> Any:
    """OpenSpiel's C++ ISMCTS with one random rollout per simulation (for C++ games only)."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, 2.0, sims, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False, False,
    )  # fmt: skip


def search_agents(game: Any, sims: int = SEARCH_SIMS) -> dict[str, str]:
    """The search agents timed on ``game``, by row key: MCTS on a perfect-information game
    (ISMCTS would have nothing to determinize), else ISMCTS with random rollouts and, for a
    hoyle game, with the game's heuristic as the rollout policy."""
    spec = getattr(game, "spec", None)
    if spec is not None and spec.perfect_information:
        return {"mcts_random": f"mcts:sims={sims},rollout=random"}
    agents = {"ismcts_random": f"ismcts:sims={sims},rollout=random"}
    if spec is not None:
        agents["ismcts_heuristic"] = f"ismcts:sims={sims},rollout=heuristic"
    return agents


def search_rates(game: Any, seconds: float, seed: int, sims: int = SEARCH_SIMS,
                 progress: Progress | None = None) -> dict[str, Any]:  # fmt: skip
    """Simulations per second of hoyle's search agents that apply to ``game``."""
    from hoyle.experiments.bench import game_label

    progress = progress or Progress(0.0, None)
    states = decision_states(game, random.Random(seed))
    out: dict[str, Any] = {}
    for key, agent in search_agents(game, sims).items():
        with progress.piece(f"agents: {game_label(game)}, {agent}", seconds):
            bot = make(agent, game, seed)
            out[key] = sims * moves_per_second(bot.step, states, seconds)
    return out


def mccfr_runs(game: Any) -> dict[str, tuple[Any, str, bool]]:
    """The MCCFR runs timed on ``game``, by row key: ``(game, sampling, exact)``. Both samplings
    on the small configuration (exact keys), outcome sampling on the game itself keyed by its
    declared abstraction, if it has one."""
    from hoyle.agents.cfr.mccfr import declared_abstraction

    spec = getattr(game, "spec", None)
    runs: dict[str, tuple[Any, str, bool]] = {}
    if spec is None:
        return runs
    if spec.small_config:
        small = pyspiel.load_game(spec.spiel_name, dict(spec.small_config))
        for sampling in ("external", "outcome"):
            runs[f"mccfr_small_{sampling}"] = (small, sampling, True)
    if declared_abstraction(game) is not None:
        runs["mccfr_abstract_outcome"] = (game, "outcome", False)
    return runs


MCCFR_PLAN = 1.5
"""Planned time of one MCCFR measurement per second of budget: a warm-up iteration, then the
timed ones (each stopped at the budget, so at most twice)."""


def mccfr_rates(game: Any, seconds: float, seed: int,
                progress: Progress | None = None) -> dict[str, Any]:  # fmt: skip
    """MCCFR iterations per second of each of :func:`mccfr_runs`. Where no iteration finished
    in ``seconds`` the rate is an upper bound and ``<key>_bound`` is True."""
    from hoyle.agents.cfr.mccfr import throughput
    from hoyle.experiments.bench import game_label

    progress = progress or Progress(0.0, None)
    out: dict[str, Any] = {}
    for key, (g, sampling, exact) in mccfr_runs(game).items():
        with progress.piece(f"agents: {game_label(game)}, {AGENT_COLUMNS[key]}",
                            MCCFR_PLAN * seconds):  # fmt: skip
            rate = throughput(g, sampling, seconds, seed, exact=exact)
        out[key] = rate["iterations_per_s"]
        if rate["bound"]:
            out[f"{key}_bound"] = True
    return out


def planned_seconds(games: Sequence[Any], seconds: float,
                    reference: str | None = None) -> float:  # fmt: skip
    """The time :func:`run_agent_bench` plans to take (its loops' budgets; set-up comes on
    top)."""
    refs = {reference_for(g, reference) for g in games}
    refs = refs or {(reference or AGENT_REFERENCE, "ismcts")}
    timed = len(refs) + sum(len(search_agents(g)) + MCCFR_PLAN * len(mccfr_runs(g))
                            for g in games)  # fmt: skip
    return seconds * timed


def cpp_mcts(game: Any, sims: int, seed: int) -> Any:
    """OpenSpiel's C++ MCTS with one random rollout per simulation (for C++ games only)."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, False, seed, False)


def reference_rates(
    name: str, seconds: float, seed: int, sims: int = SEARCH_SIMS, kind: str = "ismcts"
) -> dict[str, Any]:
    """Simulations per second of OpenSpiel's C++ ISMCTS (``kind="ismcts"``) or MCTS
    (``"mcts"``) with random rollouts on the C++ game ``name``."""
    game = pyspiel.load_game(name)
    if kind == "mcts" and game.get_type().reward_model != pyspiel.GameType.RewardModel.TERMINAL:
        # Asked here, before C++ MCTS prints its refusal on stderr.
        raise pyspiel.SpielError(f"C++ MCTS takes terminal returns only, and {name} pays "
                                 "along the way")  # fmt: skip
    states = decision_states(game, random.Random(seed))
    bot = cpp_ismcts(game, sims, seed) if kind == "ismcts" else cpp_mcts(game, sims, seed)
    return {f"{kind}_random": sims * moves_per_second(bot.step, states, seconds)}


def reference_for(game: Any, reference: str | None = None) -> tuple[str, str]:
    """The C++ game and search kind a game's agents are timed beside: C++ MCTS on the game's
    declared reference for a perfect-information game; else C++ ISMCTS on ``reference`` or, by
    default, on the game's declared reference (``gin_rummy``, ``euchre``; ``hearts`` for
    ``skat``, :data:`ISMCTS_STAND_IN`)."""
    spec = getattr(game, "spec", None)
    if spec is not None and spec.perfect_information:
        return spec.reference, "mcts"
    if reference is None:
        own = spec.reference if spec is not None else AGENT_REFERENCE
        reference = ISMCTS_STAND_IN.get(own, own)
    return reference, "ismcts"


AGENT_COLUMNS = {
    "ismcts_random": "ISMCTS sims/s (random rollouts)",
    "ismcts_heuristic": "ISMCTS sims/s (heuristic rollouts)",
    "mcts_random": "MCTS sims/s (random rollouts)",
    "mccfr_small_external": "MCCFR it/s, small config, external sampling",
    "mccfr_small_outcome": "MCCFR it/s, small config, outcome sampling",
    "mccfr_abstract_outcome": "MCCFR it/s, full game abstracted, outcome sampling",
}


def run_agent_bench(
    games: Sequence[Any],
    seconds: float,
    seed: int = 0,
    reference: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """One row per game, then one per reference; ``x_ismcts`` is ISMCTS (random rollouts) over
    OpenSpiel's C++ ISMCTS on ``reference``, or for a perfect-information game ``x_mcts`` is
    MCTS over C++ MCTS on the game's own reference. ``seconds`` is the time per measurement;
    ``progress`` is told of each (its plan: :func:`planned_seconds`).

    A reference OpenSpiel's C++ bot cannot search has its rate and every ratio to it None, and
    ``unsupported`` says why: C++ MCTS takes only terminal returns, so it refuses a game that
    pays along the way (2048)."""
    from hoyle.experiments.bench import game_label

    progress = progress or Progress(0.0, None)
    pairs = [reference_for(g, reference) for g in games]
    pairs = pairs or [(reference or AGENT_REFERENCE, "ismcts")]
    refs: dict[tuple[str, str], dict[str, Any]] = {}
    for name, kind in dict.fromkeys(pairs):
        ref: dict[str, Any] = {"game": name, "reference": True, "kind": kind}
        with progress.piece(f"agents: {name}, OpenSpiel's C++ {kind.upper()}", seconds):
            try:
                ref.update(reference_rates(name, seconds, seed, kind=kind))
                ref[f"x_{kind}"] = 1.0
            except pyspiel.SpielError as e:
                ref.update({f"{kind}_random": None, f"x_{kind}": None,
                            "unsupported": str(e).splitlines()[0]})  # fmt: skip
        refs[name, kind] = ref
    rows = []
    for game, (name, kind) in zip(games, pairs, strict=False):
        row = {"game": game_label(game), "reference": False, "kind": kind,
               "reference_game": name}  # fmt: skip
        row.update(search_rates(game, seconds, seed, progress=progress))
        row.update(mccfr_rates(game, seconds, seed, progress=progress))
        key = f"{kind}_random"
        theirs = refs[name, kind][key]
        row[f"x_{kind}"] = row[key] / theirs if theirs else None
        rows.append(row)
    return rows + list(refs.values())


AGENT_LEGEND = (
    "sims/s (simulations per second) and it/s (iterations per second): higher is "
    "better. × reference: hoyle's sims/s over OpenSpiel's C++ bot's in the same run "
    '(above 1, hoyle is faster). "< N": no iteration finished within the budget; '
    "N is one iteration over the time spent, an upper bound."
)


def format_agent_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a list per game (the columns differ between games)."""
    lines = []
    for row in rows:
        kind = row["kind"]
        bot = "ISMCTSBot" if kind == "ismcts" else "MCTSBot"
        lines.append(row["game"] + (f" (reference: OpenSpiel's C++ {bot})" if row["reference"]
                                    else f" (vs {row['reference_game']})"))  # fmt: skip
        for key, label in AGENT_COLUMNS.items():
            if key not in row:
                continue
            if row[key] is None:
                lines.append(f"    {label:<52} {'n/a':>10}  ({row.get('unsupported', '')})")
            elif row.get(f"{key}_bound"):
                lines.append(f"    {label:<52} {'< ' + format(row[key], ',.3g'):>10}  "
                             "(no iteration finished within the budget)")  # fmt: skip
            else:
                lines.append(f"    {label:<52} {row[key]:>10,.0f}")
        if not row["reference"]:
            label = f"{kind.upper()} (random rollouts) × reference"
            ratio = row[f"x_{kind}"]
            lines.append(f"    {label:<52} {'n/a' if ratio is None else format(ratio, '.3f'):>10}")
    lines.append(AGENT_LEGEND)
    return "\n".join(lines)
