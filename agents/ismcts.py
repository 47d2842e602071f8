"""``ismcts``: information-set Monte Carlo tree search over the game's determinizer.

The algorithm is single-observer ISMCTS (SO-ISMCTS; Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 2012). One tree is grown for the player to move (the
*searcher*); its root is the searcher's information set. Each simulation:

1. **determinizes**: a world is drawn with the game's own determinizer,
   ``state.resample_from_infostate(searcher, sampler)``, which re-deals every card the searcher
   has not seen, uniformly among the worlds consistent with what the searcher saw. The true
   state's hidden cards are never read: the search starts from the re-dealt world only, and the
   move's RNG is seeded from the agent's seed and the searcher's information-state string, so
   two true states the searcher cannot tell apart give the same move (a test shows it).
2. **selects** down the tree by UCB with availability counts (an action's exploration term
   counts the simulations in which it was legal, since different worlds allow different moves).
   Edges are keyed by the action at decision nodes (every player's, as in SO-ISMCTS: the tree
   is the searcher's, and the other players choose by UCB over the actions legal in the world),
   and at chance nodes by what the searcher observes (the searcher's view after the chance
   event): a card turned up from the stock is a different edge per card, while a card dealt
   face down to an adversary is one edge whatever it is. So the tree below the root never
   splits on what the searcher cannot see. Future cards (the stock is dealt lazily) are chance
   nodes inside the world, sampled by their probabilities.
3. **expands** one untried action, **evaluates** the leaf by a rollout (random, or the game's
   book heuristic for every player), and **backs up** each player's return into the edges that
   player chose (any number of players; one-player games work the same way).

The move is the root action with the most visits (``final=visits``) or the best mean return
among the well-visited ones (``final=value``). A position with one legal action is answered
without search.

**The heuristic prior** (``prior=heuristic``): at every decision node the game's heuristic
(the ``heuristic`` agent's book hints, from the mover's view in the world) names a move; it is
expanded first and gets a progressive bias ``bias * spread / (n + 1)``. Without it a new node's
first replies are random, so with a few hundred simulations the tree's adversary answers a
move at random more often than not.

**Flat search** (``search=flat``): the tree is cut to the root, and the root's actions are
compared *paired*: simulations go in rounds, each round one determinization and one random
seed, and every action still in the running is played out in that same world with the same
future cards and tie-breaks (common random numbers), so the luck of the deal cancels from the
comparison; sequential halving drops the worse half of the actions after each phase. With
heuristic rollouts this is a one-step policy improvement of the heuristic (Tesauro and Galperin
1996), measured on the game's own re-deals. Ties go to the prior's move, and ``margin=Z`` keeps
the prior's move unless another beats it by ``Z`` standard errors of the paired difference.
At about one second per move this beats the heuristic clearly (numbers below); the deep tree,
its few hundred simulations spread over many nodes, was not shown to (Conquian, random
rollouts, 400 simulations: −0.04 [−0.52, +0.44] per deal over 23 deals).

Options (``ismcts:sims=400,rollout=heuristic``)
-----------------------------------------------
=========  ========  ==========================================================================
option     default   meaning
=========  ========  ==========================================================================
sims       400       simulations (determinizations × rollouts) per move
search     tree      ``tree`` (SO-ISMCTS) or ``flat`` (paired rollouts, sequential halving)
rollout    random    leaf evaluator: ``random`` playout, or ``heuristic`` (the book hints)
prior      none      ``heuristic``: the heuristic's move is tried first and favoured
bias       1.0       tree: progressive bias of the prior's move, in units of the spread
margin     0.0       flat: keep the prior's move unless beaten by this many standard errors
c          0.7       tree: UCB exploration constant, in units of the spread of returns
final      visits    tree: move choice, most ``visits`` or best mean ``value``
scale      std       tree: exploration scale, running ``std`` of leaf returns or half ``range``
auction    search    ``heuristic``: the game's heuristic decides outside the card play (the
                     auction, discards); only the card play is searched (trick games)
roots      all       flat: ``hints`` compares only the moves the book hints recommend (the
                     heuristic's, and its choice with any one hint off where that leaves at
                     most six moves); the prior's move stays in every phase
=========  ========  ==========================================================================

The defaults work on every game (no heuristic needed). **Recommended** at about one second
per move on the project's machine kind (CPU time of one process; simulations per second with
this spec: Conquian 550-680, Cassino 140-180, on a loaded 2-core machine; the default tree
with random rollouts: Conquian ~2100, Cassino 450-540):

* Conquian: ``ismcts:search=flat,rollout=heuristic,prior=heuristic,sims=600``
* Cassino: ``ismcts:search=flat,rollout=heuristic,prior=heuristic,margin=1,sims=180``

Measured against ``heuristic`` on duplicate deals (``hoyle match <game> --agents
<spec>,heuristic --deals N --seed 1``; 95% CIs paired by deal): Conquian, 30 deals, ISMCTS
+0.267 [+0.099, +0.435] counters a game (difference +0.533 [+0.197, +0.869]; 29 won, 18
tableaux, 13 lost); Cassino, 24 deals, +3.08 [+1.96, +4.21] points a game (difference +6.17
[+3.91, +8.42]; 35 won, 13 lost).

The trick games use the same flat recipe with ``margin=1`` and the simulations that make about
one second a move (``RECOMMENDED``). Measured against ``heuristic`` in the other seats on 40
duplicate deals (``hoyle match <game> --agents <spec>,heuristic --deals 40 --seed 1``; ISMCTS
minus the field per deal, 95% CI): Calabrasella +16.8 [+10.1, +23.5] points, Five Hundred
+23.3 [+9.9, +36.8] points, Heart Solo +4.95 [+2.97, +6.93] and Preference +3.22 [+1.90,
+4.53] counters; in the four-handed games, where it departs from the heuristic in fewer
deals, over 120 deals: Solo +1.32 [+0.72, +1.91] counters (the first 40 alone: +0.15 [-0.35,
+0.65]) and Lift Smoke +0.31 [+0.15, +0.47] counters of the pool. Quinto (about 390
simulations per CPU second with the recipe, so ``sims=400``) and Dummy Quinto (about 360, so
``sims=360``), over 40 deals: Quinto, ISMCTS's side minus the heuristic's, +58.0 [+37.8,
+78.2] points; Dummy Quinto, against the field of two heuristics in every seat order, +75.5
[+61.4, +89.6] points. The deep tree with random rollouts, whose random players bid wildly,
was even with the heuristic in Five Hundred (-0.06 [-8.5, +8.4] over 26 deals). Earl of
Coventry's Jig (``sims=150``: 0.6 s a lead, at most 1.1 s), over 40 deals against three
heuristics: +4.97 [+3.26, +6.68] counters; Earl of Coventry itself, over 400 deals, +0.11
[-0.18, +0.40]: no gain shown there. Commit (``sims=400``: 0.74 s a lead at ``sims=300`` and
1.09 s at 400, measured on a loaded machine), four-handed against three heuristics over 60
deals: +1.27 [+0.87, +1.68] counters a deal (``docs/leaderboards/commit-ismcts``). Pope Joan
(four-handed, one deal; about 800 simulations per CPU second, so ``sims=800``; every decision a
lead, every other play forced), over 40 deals: +4.99 [+3.58, +6.41] counters a deal against the
field of three heuristics (``docs/leaderboards/pope_joan-ismcts``).
Newmarket (``sims=100``, about one second a move: 200 simulations took 2.0 s a move on the
shared 2-core machine, 100 took 2.5 s under a heavier load), against the field of three
heuristics over 96 deals: +1.250 [+0.364, +2.136] counters a deal (over the first 48: +0.715
[-0.586, +2.016]).

Vint, a partnership auction, is the exception to the searched auction. With the recipe as it
stands (``sims=300``, about one second a call) the two partners outbid each other call after
call, each one's worlds giving the other a random hand (the determinizer draws the cards, not
the inferences of the bidding), up to seven no-trumps, six tricks down (-41,040 points on that
deal); stopped after 11 deals, -5,371 [-15,579, +4,838] points a deal. With
``auction=heuristic`` (the heuristic calls, the search plays the cards; ``sims=500``: 0.75 s a
card over a deal, 1.1 to 1.3 s on the first tricks) it beats the heuristic by +563 [+74,
+1,052] points a deal over 40 deals (``docs/leaderboards/vint-ismcts``). PIMC solving the
card play with DDS is as strong on the same deals (ISMCTS minus PIMC +22 [-277, +321]) at a
sixth of the time, and is Vint's recommended search (:data:`hoyle.agents.pimc.RECOMMENDED`);
this spec is the one to use without endplay. Auction Bridge likewise: with ``auction=heuristic``
and ``sims=400`` (0.55 s a card over a deal, 0.97 s on the first trick, at most 1.05 s; 82
searched cards of 2 deals) it beats the heuristic by +30.3 [+17.1, +43.5] points a deal over
40 deals (``docs/leaderboards/auction_bridge-ismcts``), even with PIMC with DDS on the same
deals (ISMCTS minus PIMC -4.7 [-20.9, +11.5]), which is recommended there.

Pochen (about 1,800 simulations per CPU second with the recipe, so ``sims=1500``: 0.87 s a
searched move on average, at most 1.13 s, over three seeded deals), four-handed over 150 deals
against the field of three heuristics: +2.92 [+2.33, +3.51] counters a deal
(``docs/leaderboards/pochen-ismcts``).

Authors (``roots=hints``, ``sims=100``: 0.63 s a move, CPU, over the searcher's 675 moves of
28 games on the shared 2-core machine), four-handed against the field of three heuristics over
50 deals: +1.240 [+0.855, +1.625] counters a deal, and each copy head to head (+1.205,
+1.175, +1.340; ``docs/leaderboards/authors-ismcts``). An ask has up to 132 legal moves and
each rollout plays out a deal of about a hundred asks, so a second buys about a hundred
rollouts: spread over every legal ask that is a rollout or two each, and the deep tree at 25 simulations lost all 12 games of its 3 deals. Cut to the asks the book
hints recommend (``roots=hints``: the heuristic's ties, and its choice with one hint off; 4.6
moves on average over a deal, a single one in a quarter of the positions) and with the
heuristic's move in every phase, the search leaves every move the heuristic might make (its
ties over 20 seeds) in a quarter of its searched asks (17 of 73 over three deals): 7 for the
same card or denomination of another player or suit, weighed by the exact re-deal (hand sizes
and the record, which ``track-asks`` counts only as places), and 10 for another denomination
than the heuristic's (``hold-most`` asks for the one held most, ``track-asks`` for the
likeliest card; the search weighs both by the rollouts' outcome).

From Python, ``ISMCTSBot(game, seed, rollout=callable)`` takes any evaluator
(:data:`hoyle.agents.search.Evaluator`, or a ``pyspiel.State -> returns`` callable).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle.agents.search import (
    AUCTION_CHOICES,
    Evaluator,
    HeuristicPrior,
    Option,
    TreeSearchBot,
    determinizer,
    flat_search,
    information_key,
    non_negative_float,
    parse_options,
    perfect_information,
    positive_int,
    step_rng,
)

_FLAT = "ismcts:search=flat,rollout=heuristic,prior=heuristic,margin=1,sims="
RECOMMENDED: dict[str, str] = {
    "conquian": "ismcts:search=flat,rollout=heuristic,prior=heuristic,sims=600",
    "cassino": _FLAT + "180",
    "calabrasella": _FLAT + "450",
    "five_hundred": _FLAT + "500",
    "preference": _FLAT + "900",
    "solo": _FLAT + "900",
    "heart_solo": _FLAT + "1300",
    "lift_smoke": _FLAT + "900",
    "quinto": _FLAT + "400",
    "dummy_quinto": _FLAT + "360",
    "earl_of_coventry": _FLAT + "150",
    "commit": _FLAT + "400",
    "pochen": _FLAT + "1500",
    "pope_joan": _FLAT + "800",
    "newmarket": _FLAT + "100",
    # Authors: 0.63 s a move (4 players); +1.240 [+0.855, +1.625] a deal over the heuristic
    # field, 50 deals (docs/leaderboards/authors-ismcts): it weighs whom to ask, and for
    # which denomination, among the asks the book hints recommend (roots=hints).
    "authors": _FLAT.replace("margin=1,", "margin=1,roots=hints,") + "100",
    # Speculation: 0.88 s a move (4 players); +0.086 [+0.048, +0.123] a deal over the
    # heuristic field, 1,000 deals (docs/leaderboards/speculation-ismcts).
    "speculation": _FLAT + "800",
}
"""The strongest spec measured per game at about one second per move (the committed
leaderboards in ``docs/leaderboards`` play them)."""

REFEREE: dict[str, str] = {
    game: spec.replace("prior=heuristic,", "").replace("margin=1,", "")
    for game, spec in RECOMMENDED.items()
}
"""The referee of the hint experiments per game: the recommended search without the heuristic
prior (and so without ``margin``), since a referee that prefers the heuristic's own move would
side with every hint the heuristic plays. About one second per move."""

OPTIONS: dict[str, Option] = {
    "sims": Option(400, positive_int, "simulations per move"),
    "c": Option(0.7, non_negative_float, "UCB exploration constant (units of spread)"),
    "rollout": Option("random", str, "leaf evaluator", ("random", "heuristic")),
    "final": Option("visits", str, "final move choice", ("visits", "value")),
    "scale": Option("std", str, "exploration scale", ("std", "range")),
    "search": Option("tree", str, "SO-ISMCTS tree, or paired flat rollouts", ("tree", "flat")),
    "margin": Option(
        0.0, non_negative_float, "flat: keep the prior's move unless beaten by this many SEs"
    ),
    "prior": Option(
        "none", str, "move tried first and favoured in the tree", ("none", "heuristic")
    ),
    "bias": Option(
        1.0, non_negative_float, "progressive bias of the prior's move (units of spread)"
    ),
    "roots": Option(
        "all",
        str,
        "flat: the root's moves compared: every legal one, or those a book hint recommends",
        ("all", "hints"),
    ),
    "auction": Option(
        "search",
        str,
        "who decides outside the card play: the search, or the heuristic",
        AUCTION_CHOICES,
    ),
}


class ISMCTSBot(TreeSearchBot):
    """SO-ISMCTS over the game's determinizer (see the module docstring)."""

    def __init__(
        self,
        game: Any,
        seed: int = 0,
        sims: int = 400,
        c: float = 0.7,
        rollout: str | Evaluator | Callable[[Any], Sequence[float]] = "random",
        final: str = "visits",
        scale: str = "std",
        search: str = "tree",
        margin: float = 0.0,
        prior: str = "none",
        bias: float = 1.0,
        auction: str = "search",
        roots: str = "all",
        name: str = "",
    ) -> None:
        super().__init__(
            game, seed, name or "ismcts", sims, c, rollout, final, scale, prior, bias, auction
        )
        self.flat = search == "flat"
        self.margin = margin
        self.hinted: HeuristicPrior | None = None
        if roots == "hints":
            if not self.flat:
                raise ValueError(f"{self.name}: roots=hints needs search=flat")
            self.hinted = self.prior or HeuristicPrior(game)
        self._perfect = perfect_information(game)
        self.determinize = determinizer(game)

    def search_move(self, state: Any, legal: list[int]) -> tuple[list[tuple[int, float]], int]:
        player = state.current_player()
        rng = step_rng(self.seed, information_key(state, player))
        sim = self.sim
        if self._perfect:
            chance_key = None

            def world(i: int) -> Any:
                return sim.root(state)
        else:
            observe = sim.observe

            def chance_key(s: Any, a: int) -> Any:
                return observe(s, player)

            sampler, det = rng.random, self.determinize

            def world(i: int) -> Any:
                return det(state, player, sampler)

        if self.flat:
            candidates = self.hinted.candidates if self.hinted is not None else None
            root, action = flat_search(
                sim, legal, world, self.sims, self.evaluate, rng, self.prior, self.margin,
                candidates,
            )  # fmt: skip
            if not root.visits:  # the book hints' one move
                self.last_sims, self.last_reason = 0, "roots=hints: the hints' one move"
                return [(a, float(a == action)) for a in legal], action
            return self.report(root, action, legal)
        return self.tree_move(world, legal, rng, chance_key)


def from_spec(
    game: Any, options: Mapping[str, str], off: tuple[str, ...], seed: int, spec: str
) -> ISMCTSBot:
    """``ismcts:sims=N,c=X,rollout=random|heuristic,final=visits|value,scale=std|range``."""
    o = parse_options("ismcts", OPTIONS, options, off)
    return ISMCTSBot(game, seed, name=spec, **o)


__all__ = ["OPTIONS", "ISMCTSBot", "from_spec"]
