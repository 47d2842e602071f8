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

**The double-dummy searcher** (``dd``): in a trick game whose rules give the card play as a
:class:`~hoyle.envs.core.tricks.CardPlay` (``rules.card_play(s)``), once every playing hand
holds at most ``dd`` cards, each world's card play is solved exactly by
:class:`~hoyle.agents.double_dummy.DoubleDummy`: the value of each legal card is the number of
tricks (or card points) the mover's side takes from here on with best play by everybody, the
other seats playing together against it. It is the classical GIB player. A world's value is
then the side's trick or point count, not the game's return: the count is what the return is
monotone in, and it is exact where the UCT estimate is noisy. Bids, discards and every other
decision, and positions with more cards than ``dd``, go to UCT. ``dd=0`` switches it off.

**The solver** (``solver``): ``own`` (default) is the project's
:class:`~hoyle.agents.double_dummy.DoubleDummy`, for every trick game; ``dds`` is Bo Haglund's
DDS through endplay (:mod:`hoyle.agents.dds`, ``pip install 'hoyle[dds]'``), for the standard
four-handed rules only (52 cards, A high, follow suit, one trump suit or none: Vint), where it
gives the same values (the differential test holds the two to each other) far faster on large
hands: with it ``dd=13`` solves every world's whole card play (a 13-card Vint world in about
15 to 80 ms; the own solver takes seconds to a minute a card). A game it cannot play is
refused in one line: at construction when the game has fewer than four players, otherwise at
the first card play solved (Solo's top trumps, a Joker).

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
dd          8         solve the card play double dummy when every hand has at most this many
                      cards (trick games with ``card_play``; 0: never)
solver      own       the double-dummy solver: ``own`` (every trick game) or ``dds`` (standard
                      four-handed rules only; needs endplay)
auction     search    ``heuristic``: the game's heuristic decides outside the card play (the
                      auction, discards), and PIMC only plays the cards (trick games)
==========  ========  =========================================================================

The default budget (20 × 40 = 800 simulations) costs about as much as ``ismcts:sims=800``.

**Recommended** where PIMC is the strongest search measured (``RECOMMENDED``; the other games'
are :data:`hoyle.agents.ismcts.RECOMMENDED`), at about one second a move (CPU time of one
process on the project's 2-core machine kind, shared with other work):

* Vint: ``pimc:worlds=16,dd=13,solver=dds,auction=heuristic``. The heuristic makes the calls
  (a searched auction overbids its own partner: :class:`~hoyle.agents.search.SearchBot`), and
  every card of the play is solved double dummy by DDS in 16 worlds: 0.67 s a card on the
  first trick, 0.12 s a card over the deal, at most 1.02 s (65 searched cards of 3 deals).
* Auction Bridge: ``pimc:worlds=12,dd=13,solver=dds,auction=heuristic``, the same recipe in 12
  worlds: the opening lead, made before dummy is laid down (Hoffmann, Hoyle's Games
  Modernized, AUCTION BRIDGE, Law 62) and so with three hands hidden, is the costliest card. In
  16 worlds it took 0.45 to 2.68 s (1.31 s on average over 5 deals), 0.51 s a card over the
  first trick and 0.09 s over the deal (161 searched cards of 4 deals). In 12 worlds, on the
  same 4 deals: the opening lead 0.35 to 1.40 s (0.83 s on average), 0.35 s a card over the
  first trick, 0.07 s over the deal, at most 1.40 s (165 searched cards). The declarer chooses
  dummy's cards in dummy's seat: the double-dummy searcher solves for whichever seat of the
  player's side is to play.

Measured against ``heuristic`` on duplicate deals, by side (``hoyle match vint --agents
<spec>,heuristic --deals 40 --seed 1``; the committed leaderboard ``docs/leaderboards/vint-pimc``;
95% CI paired by deal): PIMC's side minus the heuristic's +541 [+201, +881] points a deal over
40 deals (the two sides' results differed in 30 of them). On the same deals ISMCTS with the
heuristic's auction (``ismcts:search=flat,rollout=heuristic,prior=heuristic,margin=1,
auction=heuristic,sims=500``, 0.75 s a card) gained +563 [+74, +1,052], even with PIMC
(ISMCTS minus PIMC +22 [-277, +321]): PIMC is recommended for doing it in a sixth of the
time, ISMCTS is the choice without endplay. With the own solver from 8 cards a hand and UCT
above (``pimc:worlds=16,sims=40,rollout=heuristic,dd=8,auction=heuristic``) PIMC did not beat
the heuristic over 20 deals (-73 [-527, +381]; DDS's spec minus it +774 [+155, +1,393] on those
deals): the early tricks need the exact solve.

Auction Bridge, the same measurement (``hoyle match auction_bridge --agents
<spec>,heuristic --deals 40 --seed 1``; ``docs/leaderboards/auction_bridge-pimc``): PIMC's side
minus the heuristic's +35.0 [+20.6, +49.4] points a deal over 40 deals (the two sides' results
differed in 30 of them; 46 games won, 1 drawn, 33 lost). On the same deals ISMCTS with the
heuristic's auction (``ismcts:search=flat,rollout=heuristic,prior=heuristic,margin=1,
auction=heuristic,sims=400``, 0.55 s a card, 0.97 s over the first trick) gained +30.3
[+17.1, +43.5] (``docs/leaderboards/auction_bridge-ismcts``), even with PIMC (ISMCTS minus
PIMC -4.7 [-20.9, +11.5]); PIMC is recommended for the same strength in less time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hoyle.agents import dds
from hoyle.agents.double_dummy import DoubleDummy, Scoring
from hoyle.agents.search import (
    AUCTION_CHOICES,
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
    non_negative_int,
    parse_options,
    perfect_information,
    positive_int,
    search,
    step_rng,
)
from hoyle.envs.core.capabilities import CardPlayRules
from hoyle.envs.core.tricks import CardPlay

SOLVERS = ("own", "dds")
"""The double-dummy solvers PIMC can use (see the module docstring)."""

RECOMMENDED: dict[str, str] = {
    "vint": "pimc:worlds=16,dd=13,solver=dds,auction=heuristic",
    "auction_bridge": "pimc:worlds=12,dd=13,solver=dds,auction=heuristic",
}
"""The strongest spec measured per game where it is PIMC, at about one second a move (the
committed leaderboards in ``docs/leaderboards`` play them; ``solver=dds`` needs endplay:
``pip install 'hoyle[dds]'``)."""

OPTIONS: dict[str, Option] = {
    "worlds": Option(20, positive_int, "determinized worlds per move"),
    "sims": Option(40, positive_int, "world-searcher simulations per world"),
    "c": Option(0.7, non_negative_float, "UCB exploration constant (units of spread)"),
    "rollout": Option("random", str, "leaf evaluator", ("random", "heuristic")),
    "vote": Option("mean", str, "how the worlds' verdicts combine", ("mean", "majority")),
    "dd": Option(8, non_negative_int, "double-dummy card play at or below this many cards a hand"),
    "solver": Option("own", str, "the double-dummy solver", SOLVERS),
    "auction": Option(
        "search",
        str,
        "who decides outside the card play: the search, or the heuristic",
        AUCTION_CHOICES,
    ),
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


class DoubleDummySearcher:
    """Exact card play in one world (see the module docstring); ``fallback`` elsewhere.

    ``solver``: ``own`` (:class:`DoubleDummy`) or ``dds`` (:mod:`hoyle.agents.dds`; endplay
    must be importable, and a card play DDS cannot read is refused in one line)."""

    def __init__(
        self, rules: Any, max_cards: int, fallback: WorldSearcher, solver: str = "own"
    ) -> None:
        if solver not in SOLVERS:
            raise ValueError(f"the double-dummy solver must be one of {', '.join(SOLVERS)}")
        if solver == "dds":
            dds.require()
        self.card_play = getattr(rules, "card_play", None)
        self.max_cards, self.fallback = max_cards, fallback
        self.solver = solver
        self.solvers: dict[tuple[object, ...], DoubleDummy] = {}

    def __call__(
        self, sim: Sim, world: Any, player: int, legal: Sequence[int], rng: random.Random
    ) -> Mapping[int, float]:
        play = self.card_play(world) if self.card_play is not None else None
        if play is None or max(h.bit_count() for h in play.hands) > self.max_cards:
            return self.fallback(sim, world, player, legal, rng)
        mover = play.to_play
        if player not in play.seats or play.sides[play.seats.index(player)] != play.sides[mover]:
            # The player chooses for a seat of his own side: his own, or his dummy's (in
            # Auction Bridge the declarer plays dummy's cards, Law 62); either way the values
            # are his side's.
            raise ValueError(f"card_play says seat {play.seats[mover]} plays, not {player}'s side")
        if self.solver == "dds":
            why = dds.play_refusal(play)
            if why is not None:
                raise ValueError(f"pimc solver=dds: {why}")
            # DDS's values are already the mover's side's tricks.
            dd_values = dds.card_play_values(play)
            return {a: float(dd_values[a]) for a in legal if a in dd_values}
        ours = play.sides[mover]
        sides = tuple(0 if s == ours else 1 for s in play.sides)
        solver = self._solver(play, sides)
        values = solver.play_values(play.hands, play.leader, play.table, play.named, play.renounced)
        return {a: float(values[a]) for a in legal if a in values}

    def _solver(self, play: CardPlay, sides: tuple[int, ...]) -> DoubleDummy:
        """One solver per trick rules, sides and scoring: its table serves every world."""
        key = (play.tricks.name, play.tricks.trump, sides, play.points, play.last_trick)
        solver = self.solvers.get(key)
        if solver is None or solver.table_entries() + len(solver.tt_abs) > _TABLE_LIMIT:
            scoring = Scoring(play.points, play.last_trick)
            solver = self.solvers[key] = DoubleDummy(play.tricks, sides, scoring)
        return solver


_TABLE_LIMIT = 500_000
"""Entries a kept solver's transposition tables (relative ranks, compiled or Python, and the
exact cards) may reach together before it is replaced (the solver's docstring gives the memory
per entry)."""


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
        dd: int = 8,
        solver: str = "own",
        auction: str = "search",
        name: str = "",
    ) -> None:
        """``solver``: ``own`` or ``dds`` (see the module docstring; ``dds`` is refused at once
        for a game without a four-handed card play, or with ``dd=0``)."""
        super().__init__(game, seed, name or "pimc", auction)
        self.sim = make_sim(game)
        self.worlds, self.sims, self.vote = worlds, sims, vote
        if searcher is None:
            searcher = UCTWorldSearcher(sims, c, make_evaluator(game, rollout))
            rules = getattr(game, "rules", None)
            if solver == "dds":
                _check_dds(game, dd)
            if dd > 0 and hasattr(rules, "card_play"):
                searcher = DoubleDummySearcher(rules, dd, searcher, solver)
        self.searcher: WorldSearcher = searcher
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


def dds_refusal(game: Any) -> str | None:
    """Why ``solver=dds`` cannot play ``game``, as far as is seen before any card play (one
    line), or ``None``: the rules give no card play, or fewer than four players. A card play
    DDS cannot read (:func:`hoyle.agents.dds.play_refusal`) is found only when it comes."""
    name = game.get_type().short_name
    if not isinstance(getattr(game, "rules", None), CardPlayRules):
        return f"{name} has no card play for a double-dummy solver"
    if game.num_players() < dds.NUM_SEATS:
        return f"DDS plays four hands; {name} has {game.num_players()} players"
    return None


def _check_dds(game: Any, dd: int) -> None:
    """Refuse ``solver=dds`` in one line where it can be seen at once that DDS cannot play."""
    why = dds_refusal(game)
    if why is not None:
        raise ValueError(f"pimc solver=dds: {why}")
    if dd == 0:
        raise ValueError("pimc solver=dds: dd=0 switches the double-dummy solver off")
    dds.require()


def from_spec(
    game: Any, options: Mapping[str, str], off: tuple[str, ...], seed: int, spec: str
) -> PIMCBot:
    """``pimc:worlds=K,sims=N,c=X,rollout=random|heuristic,vote=mean|majority,dd=N,solver=own|dds``."""
    o = parse_options("pimc", OPTIONS, options, off)
    return PIMCBot(game, seed, name=spec, **o)


__all__ = [
    "OPTIONS",
    "RECOMMENDED",
    "SOLVERS",
    "DoubleDummySearcher",
    "PIMCBot",
    "UCTWorldSearcher",
    "WorldSearcher",
    "combine",
    "dds_refusal",
    "from_spec",
]
