"""Speed of the search and learning agents, beside OpenSpiel's own C++ ISMCTS, in one run.

For each game: ISMCTS simulations per second (random rollouts, and the game's heuristic as the
rollout policy), MCTS simulations per second where the game has perfect information (MCTS
would see hidden cards otherwise), and MCCFR iterations per second for external and outcome
sampling on the game's small configuration. The reference is OpenSpiel's C++ ``ISMCTSBot``
with random rollouts on a C++ game of the same kind (``gin_rummy`` by default: a draw-and-
discard rummy like Conquian), timed by the same loop.

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
from hoyle.experiments.match import sample_chance

AGENT_REFERENCE = "gin_rummy"
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


def moves_per_second(step: Callable[[Any], int], states: Sequence[Any], seconds: float) -> float:
    """Calls of ``step`` per second over ``states`` in turn, for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while True:
        for state in states:
            step(state)
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return calls / elapsed


def cpp_ismcts(game: Any, sims: int, seed: int) -> Any:
    """OpenSpiel's C++ ISMCTS with one random rollout per simulation (for C++ games only)."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, 2.0, sims, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
        False, False,
    )  # fmt: skip


def search_rates(game: Any, seconds: float, seed: int, sims: int = SEARCH_SIMS) -> dict[str, Any]:
    """Simulations per second of hoyle's search agents that apply to ``game``."""
    spec = getattr(game, "spec", None)
    states = decision_states(game, random.Random(seed))
    agents = {"ismcts_random": f"ismcts:sims={sims},rollout=random"}
    if spec is not None:
        agents["ismcts_heuristic"] = f"ismcts:sims={sims},rollout=heuristic"
        if spec.perfect_information:
            agents["mcts_random"] = f"mcts:sims={sims},rollout=random"
    out: dict[str, Any] = {}
    for key, agent in agents.items():
        bot = make(agent, game, seed)
        out[key] = sims * moves_per_second(bot.step, states, seconds)
    return out


def mccfr_rates(game: Any, seconds: float, seed: int) -> dict[str, Any]:
    """MCCFR iterations per second: both samplings on the small configuration (exact keys),
    outcome sampling on the game itself keyed by its declared abstraction, if it has one."""
    from hoyle.agents.cfr.mccfr import declared_abstraction, throughput

    spec = getattr(game, "spec", None)
    out: dict[str, Any] = {}
    if spec is None:
        return out
    if spec.small_config:
        small = pyspiel.load_game(spec.spiel_name, dict(spec.small_config))
        for sampling in ("external", "outcome"):
            rate = throughput(small, sampling, seconds, seed, exact=True)
            out[f"mccfr_small_{sampling}"] = rate["iterations_per_s"]
    if declared_abstraction(game) is not None:
        rate = throughput(game, "outcome", seconds, seed)
        out["mccfr_abstract_outcome"] = rate["iterations_per_s"]
    return out


def reference_rates(
    name: str, seconds: float, seed: int, sims: int = SEARCH_SIMS
) -> dict[str, Any]:
    """Simulations per second of OpenSpiel's C++ ISMCTS on the C++ game ``name``."""
    game = pyspiel.load_game(name)
    states = decision_states(game, random.Random(seed))
    bot = cpp_ismcts(game, sims, seed)
    return {"ismcts_random": sims * moves_per_second(bot.step, states, seconds)}


AGENT_COLUMNS = {
    "ismcts_random": "ISMCTS sims/s (random rollouts)",
    "ismcts_heuristic": "ISMCTS sims/s (heuristic rollouts)",
    "mcts_random": "MCTS sims/s (random rollouts)",
    "mccfr_small_external": "MCCFR it/s, small config, external sampling",
    "mccfr_small_outcome": "MCCFR it/s, small config, outcome sampling",
    "mccfr_abstract_outcome": "MCCFR it/s, full game abstracted, outcome sampling",
}


def run_agent_bench(
    games: Sequence[Any], seconds: float, seed: int = 0, reference: str = AGENT_REFERENCE
) -> list[dict[str, Any]]:
    """One row per game, then the reference's row; ``x_ismcts`` is ISMCTS (random rollouts)
    over OpenSpiel's C++ ISMCTS on ``reference``. ``seconds`` is the time per measurement."""
    from hoyle.experiments.bench import game_label

    ref = {"game": reference, "reference": True, **reference_rates(reference, seconds, seed)}
    rows = []
    for game in games:
        row = {"game": game_label(game), "reference": False}
        row.update(search_rates(game, seconds, seed))
        row.update(mccfr_rates(game, seconds, seed))
        rows.append(row)
    rows.append(ref)
    for row in rows:
        row["x_ismcts"] = row["ismcts_random"] / ref["ismcts_random"]
    return rows


def format_agent_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a list per game (the columns differ between games)."""
    lines = []
    for row in rows:
        lines.append(
            row["game"] + (" (reference: OpenSpiel's C++ ISMCTSBot)" if row["reference"] else "")
        )
        for key, label in AGENT_COLUMNS.items():
            if key in row:
                lines.append(f"    {label:<52} {row[key]:>10,.0f}")
        if not row["reference"]:
            lines.append(
                f"    {'ISMCTS (random rollouts) × reference':<52} {row['x_ismcts']:>10.3f}"
            )
    return "\n".join(lines)
