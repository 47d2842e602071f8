"""Speed of the search and learning agents, beside OpenSpiel's own C++ search, in one run.

For each game: ISMCTS simulations per second (random rollouts, and the game's heuristic as the
rollout policy) or, where the game has perfect information, MCTS simulations per second
(MCTS would see hidden cards otherwise), and MCCFR iterations per second for external and outcome
sampling on the game's small configuration. The reference is OpenSpiel's C++ ``ISMCTSBot``
with random rollouts on a C++ game of the same kind (``gin_rummy`` by default: a draw-and-
discard rummy like Conquian), timed by the same loop; a perfect-information game is compared
instead with OpenSpiel's C++ ``MCTSBot`` (random rollouts) on its declared C++ reference game
(``GameSpec.reference``: C++ ``backgammon`` for Backgammon), against hoyle's ``mcts``.

The loop: decision states are collected from seeded random playouts; the agent's ``step`` is
called on them in turn for about the given time; simulations per second is the simulations
asked for times the calls made, over the time taken. Each agent is built once per game with a
fixed simulation budget, so the rate includes everything a move costs (determinizing, the
tree, the rollouts, choosing the move).
"""

from __future__ import annotations

import math
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
    if spec is not None and spec.perfect_information:  # ISMCTS has nothing to determinize
        agents = {"mcts_random": f"mcts:sims={sims},rollout=random"}
    else:
        agents = {"ismcts_random": f"ismcts:sims={sims},rollout=random"}
        if spec is not None:
            agents["ismcts_heuristic"] = f"ismcts:sims={sims},rollout=heuristic"
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
    states = decision_states(game, random.Random(seed))
    bot = cpp_ismcts(game, sims, seed) if kind == "ismcts" else cpp_mcts(game, sims, seed)
    return {f"{kind}_random": sims * moves_per_second(bot.step, states, seconds)}


def reference_for(game: Any, reference: str) -> tuple[str, str]:
    """The C++ game and search kind a game's agents are timed beside."""
    spec = getattr(game, "spec", None)
    if spec is not None and spec.perfect_information:
        return spec.reference, "mcts"
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
    games: Sequence[Any], seconds: float, seed: int = 0, reference: str = AGENT_REFERENCE
) -> list[dict[str, Any]]:
    """One row per game, then one per reference; ``x_ismcts`` is ISMCTS (random rollouts) over
    OpenSpiel's C++ ISMCTS on ``reference``, or for a perfect-information game ``x_mcts`` is
    MCTS over C++ MCTS on the game's own reference. ``seconds`` is the time per measurement."""
    from hoyle.experiments.bench import game_label

    pairs = [reference_for(g, reference) for g in games] or [(reference, "ismcts")]
    refs: dict[tuple[str, str], dict[str, Any]] = {}
    for name, kind in dict.fromkeys(pairs):
        try:
            rates = reference_rates(name, seconds, seed, kind=kind)
        except pyspiel.SpielError:  # 2048 pays along the way: C++ MCTS takes terminal rewards only
            rates = {f"{kind}_random": math.nan}
        refs[name, kind] = {"game": name, "reference": True, "kind": kind, **rates,
                            f"x_{kind}": 1.0}  # fmt: skip
    rows = []
    for game, (name, kind) in zip(games, pairs, strict=False):
        row = {"game": game_label(game), "reference": False, "kind": kind,
               "reference_game": name}  # fmt: skip
        row.update(search_rates(game, seconds, seed))
        row.update(mccfr_rates(game, seconds, seed))
        key = f"{kind}_random"
        row[f"x_{kind}"] = row[key] / refs[name, kind][key]
        rows.append(row)
    return rows + list(refs.values())


def format_agent_bench(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a list per game (the columns differ between games)."""
    lines = []
    for row in rows:
        kind = row["kind"]
        bot = "ISMCTSBot" if kind == "ismcts" else "MCTSBot"
        lines.append(row["game"] + (f" (reference: OpenSpiel's C++ {bot})" if row["reference"]
                                    else f" (vs {row['reference_game']})"))  # fmt: skip
        for key, label in AGENT_COLUMNS.items():
            if key in row:
                lines.append(f"    {label:<52} {row[key]:>10,.0f}")
        if not row["reference"]:
            label = f"{kind.upper()} (random rollouts) × reference"
            lines.append(f"    {label:<52} {row[f'x_{kind}']:>10.3f}")
    return "\n".join(lines)
