"""``mcts``: UCT Monte Carlo tree search for perfect-information games with chance nodes.

Each simulation starts from a copy of the true state, descends the tree by UCB1 while every
legal action of the node has been tried, expands one untried action, evaluates the leaf, and
backs up each player's return into the edges that player chose (any number of players).

**Chance nodes are sampled, not expanded**: a simulation that reaches a chance node draws one
outcome by its probabilities and follows (or creates) the child of that outcome, so the visits
under a chance node are spread over the outcomes in proportion to their probabilities, and the
mean value of a decision edge estimates its expectation over the dice. This keeps a backgammon
node from paying 21 children per throw before the first simulation, and is exact in the limit.

The engine (tree, selection, evaluators, seeding) is shared with ``ismcts`` and ``pimc`` in
:mod:`hoyle.agents.search`; hoyle games are stepped on their plain rules states, any other
OpenSpiel game (``pig``, ``backgammon``) through ``pyspiel`` states.

MCTS reads the whole state. On an imperfect-information game it would see the hidden cards,
so it refuses (``ValueError``) unless ``see_hidden=true`` is given explicitly (a cheating
reference player, useful as an upper bound; never in a fair tournament).

Options (``mcts:sims=400,rollout=heuristic``)
---------------------------------------------
==========  ========  =========================================================================
option      default   meaning
==========  ========  =========================================================================
sims        400       simulations per move
c           0.7       UCB exploration constant, in units of the spread of returns (``scale``)
rollout     random    leaf evaluator: ``random`` playout, or ``heuristic`` (hoyle games' hints)
final       visits    move choice: most ``visits``, or best mean ``value``
scale       std       exploration scale: running ``std`` of leaf returns, or half the ``range``
prior       none      ``heuristic``: the heuristic's move is expanded first and favoured
bias        1.0       progressive bias of the prior's move, in units of the spread
see_hidden  false     allow an imperfect-information game (the search sees hidden cards)
==========  ========  =========================================================================

From Python, ``MCTSBot(game, seed, rollout=callable)`` takes any evaluator
(:data:`hoyle.agents.search.Evaluator`, or a ``pyspiel.State -> returns`` callable such as a
value network).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle.agents.search import (
    Evaluator,
    Option,
    TreeSearchBot,
    boolean,
    non_negative_float,
    parse_options,
    perfect_information,
    positive_int,
    step_rng,
)

OPTIONS: dict[str, Option] = {
    "sims": Option(400, positive_int, "simulations per move"),
    "c": Option(0.7, non_negative_float, "UCB exploration constant (units of spread)"),
    "rollout": Option("random", str, "leaf evaluator", ("random", "heuristic")),
    "final": Option("visits", str, "final move choice", ("visits", "value")),
    "scale": Option("std", str, "exploration scale", ("std", "range")),
    "prior": Option(
        "none", str, "move tried first and favoured in the tree", ("none", "heuristic")
    ),
    "bias": Option(
        1.0, non_negative_float, "progressive bias of the prior's move (units of spread)"
    ),
    "see_hidden": Option(False, boolean, "allow imperfect information (sees hidden cards)"),
}

HIDDEN_MESSAGE = "mcts would see hidden cards; use ismcts or pimc (or mcts:see_hidden=true)"


class MCTSBot(TreeSearchBot):
    """UCT with sampled chance nodes (see the module docstring)."""

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        sims: int = 400,
        c: float = 0.7,
        rollout: str | Evaluator | Callable[[Any], Sequence[float]] = "random",
        final: str = "visits",
        scale: str = "std",
        prior: str = "none",
        bias: float = 1.0,
        see_hidden: bool = False,
        name: str = "",
    ) -> None:
        if not see_hidden and not perfect_information(game):
            raise ValueError(f"{game}: {HIDDEN_MESSAGE}")
        super().__init__(game, seed, name or "mcts", sims, c, rollout, final, scale, prior, bias)

    def search_move(self, state: Any, legal: list[int]) -> tuple[list[tuple[int, float]], int]:
        rng = step_rng(self.seed, ",".join(map(str, state.history())))
        sim = self.sim
        return self.tree_move(lambda i: sim.root(state), legal, rng, None)


def from_spec(
    game: Any, options: Mapping[str, str], off: tuple[str, ...], seed: int, spec: str
) -> MCTSBot:
    """``mcts:sims=N,c=X,rollout=random|heuristic,final=visits|value,scale=...,see_hidden=...``."""
    o = parse_options("mcts", OPTIONS, options, off)
    return MCTSBot(game, seed, name=spec, **o)


__all__ = ["HIDDEN_MESSAGE", "OPTIONS", "MCTSBot", "from_spec"]
