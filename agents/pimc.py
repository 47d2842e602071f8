"""``pimc``: perfect-information Monte Carlo, a standard baseline for ISMCTS.

For the player to move: draw ``worlds`` determinizations with the game's determinizer
(``state.resample_from_infostate(player, sampler)``: the hidden cards re-dealt uniformly among
the worlds consistent with what the player saw; the true hidden cards are never read), search
each world as if it were a perfect-information game, and combine the worlds' verdicts.

**The world searcher** is pluggable: any ``searcher(sim, world, player, legal, rng) ->
{action: value}`` (the value of each legal action for ``player`` in that world, higher is
better; an action may be left out when the searcher has no estimate). The default is UCT
(:mod:`hoyle.agents.mcts`'s engine, chance nodes sampled) with ``sims`` simulations in the
world, reporting each root action's mean return. A double-dummy solver for the trick games
plugs in here with exact values.

**Combining** (``vote``):

* ``mean`` (default, Ginsberg's rule for GIB): each action's score is its value averaged over
  the worlds that value it; the move is the best score. It weighs how much better a move is,
  not only whether it is best.
* ``majority``: each world votes for its best action (ties split the vote); most votes wins,
  ties broken by the mean score.

PIMC suffers from *strategy fusion* (it assumes it will know the hidden cards after this move)
and *non-locality*; ISMCTS avoids the first. It is here as the baseline the literature uses.

Options (``pimc:worlds=20,sims=40``)
------------------------------------
==========  ========  =========================================================================
option      default   meaning
==========  ========  =========================================================================
worlds      20        determinized worlds per move
sims        40        simulations of the world searcher (UCT) in each world
c           0.7       UCB exploration constant of the world searcher (units of spread)
rollout     random    leaf evaluator of the world searcher: ``random`` or ``heuristic``
vote        mean      how worlds combine: ``mean`` value, or ``majority`` of best moves
==========  ========  =========================================================================

The default budget (20 × 40 = 800 simulations) costs about as much as ``ismcts:sims=800``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle.agents.search import (
    Evaluator,
    Node,
    Option,
    SearchBot,
    Sim,
    determinizer,
    information_key,
    make_evaluator,
    make_sim,
    non_negative_float,
    parse_options,
    perfect_information,
    positive_int,
    search,
    step_rng,
)

OPTIONS: dict[str, Option] = {
    "worlds": Option(20, positive_int, "determinized worlds per move"),
    "sims": Option(40, positive_int, "world-searcher simulations per world"),
    "c": Option(0.7, non_negative_float, "UCB exploration constant (units of spread)"),
    "rollout": Option("random", str, "leaf evaluator", ("random", "heuristic")),
    "vote": Option("mean", str, "how the worlds' verdicts combine", ("mean", "majority")),
}

WorldSearcher = Callable[[Sim, Any, int, Sequence[int], random.Random], Mapping[int, float]]
"""``searcher(sim, world, player, legal, rng) -> {action: value for player}`` in one world."""


class UCTWorldSearcher:
    """UCT on one determinized world, as a perfect-information game (chance sampled)."""

    def __init__(self, sims: int, c: float, evaluate: Evaluator) -> None:
        self.sims, self.c, self.evaluate = sims, c, evaluate

    def __call__(
        self, sim: Sim, world: Any, player: int, legal: Sequence[int], rng: random.Random
    ) -> dict[int, float]:
        del player  # The root's edges are the player's by construction.
        root = search(
            sim, Node(), lambda i: sim.clone(world), self.sims, self.c, self.evaluate, rng
        )
        return {a: ch.mean() for a in legal if (ch := root.children.get(a)) and ch.visits}


def combine(
    verdicts: Sequence[Mapping[int, float]], legal: Sequence[int], vote: str, rng: random.Random
) -> tuple[int, dict[int, float]]:
    """The move chosen from the worlds' ``verdicts`` by the rule ``vote``, and each action's
    share of the decision (its vote share, or for ``mean`` its share of the worlds)."""
    totals = {a: 0.0 for a in legal}
    counts = {a: 0 for a in legal}
    votes = {a: 0.0 for a in legal}
    for v in verdicts:
        for a, x in v.items():
            totals[a] += x
            counts[a] += 1
        if v:
            top = max(v.values())
            best = [a for a, x in v.items() if x == top]
            for a in best:
                votes[a] += 1.0 / len(best)
    mean = {a: totals[a] / counts[a] for a in legal if counts[a]}
    if not mean:
        a = legal[int(rng.random() * len(legal))]
        return int(a), {b: 1.0 / len(legal) for b in legal}
    if vote == "majority":
        key: Callable[[int], tuple[float, float]] = lambda a: (votes[a], mean.get(a, -1e300))  # noqa: E731
    else:
        key = lambda a: (mean[a], votes[a])  # noqa: E731
    scored = [a for a in legal if a in mean]
    top_key = max(key(a) for a in scored)
    ties = [a for a in scored if key(a) == top_key]
    total_votes = sum(votes.values()) or 1.0
    shares = {a: votes[a] / total_votes for a in legal}
    return int(ties[int(rng.random() * len(ties))]), shares


class PIMCBot(SearchBot):
    """Perfect-information Monte Carlo over the game's determinizer (see the module docstring)."""

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        worlds: int = 20,
        sims: int = 40,
        c: float = 0.7,
        rollout: str | Evaluator | Callable[[Any], Sequence[float]] = "random",
        vote: str = "mean",
        searcher: WorldSearcher | None = None,
        name: str = "",
    ) -> None:
        super().__init__(game, seed, name or "pimc")
        self.sim = make_sim(game)
        self.worlds, self.sims, self.vote = worlds, sims, vote
        self.searcher: WorldSearcher = searcher or UCTWorldSearcher(
            sims, c, make_evaluator(game, rollout)
        )
        self._perfect = perfect_information(game)
        self.determinize = determinizer(game)

    def search_move(self, state: Any, legal: list[int]) -> tuple[list[tuple[int, float]], int]:
        player = state.current_player()
        rng = step_rng(self.seed, information_key(state, player))
        verdicts = []
        for _ in range(self.worlds):
            if self._perfect:
                world = self.sim.root(state)
            else:
                world = self.determinize(state, player, rng.random)
            verdicts.append(self.searcher(self.sim, world, player, legal, rng))
        action, shares = combine(verdicts, legal, self.vote, rng)
        self.last_sims = self.worlds * self.sims
        self.last_reason = f"pimc {self.worlds} worlds ({self.vote}): {shares[action]:.0%} votes"
        return [(a, shares[a]) for a in legal], action


def from_spec(
    game: Any, options: Mapping[str, str], off: tuple[str, ...], seed: int, spec: str
) -> PIMCBot:
    """``pimc:worlds=K,sims=N,c=X,rollout=random|heuristic,vote=mean|majority``."""
    o = parse_options("pimc", OPTIONS, options, off)
    return PIMCBot(game, seed, name=spec, **o)


__all__ = ["OPTIONS", "PIMCBot", "UCTWorldSearcher", "WorldSearcher", "combine", "from_spec"]
