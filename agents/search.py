"""Shared pieces of the search agents (``mcts``, ``ismcts``, ``pimc``), said once.

* **Options**: :class:`OptionSpec` tables parse a spec's ``opt=value`` strings, reject unknown
  options and bad values with a ``ValueError`` that names the choices.
* **Simulators**: a search does not step ``pyspiel.State`` objects. For a hoyle game
  (:class:`HoyleSim`) it steps the rules object on plain rules states: a copy is a shallow copy
  of a few immutable slots and no legality check or C++ trampoline is paid per step, which makes
  a random playout several times faster than through the adapter. Any other OpenSpiel game
  (``pig``, ``backgammon``, a C++ game) runs through :class:`SpielSim` on ``pyspiel`` states.
* **Evaluators**: ``evaluate(sim, s, rng) -> returns`` estimates every player's return from a
  (non-terminal) leaf. :func:`random_rollout` and :class:`HeuristicRollout` (the game's book
  hints, as the ``heuristic`` agent plays them) play the game out; :class:`StateEvaluator`
  wraps any callable ``pyspiel.State -> returns``.
* **The UCT engine**: :class:`Node` and :func:`search`, used by all three agents. The tree
  alternates decision edges (keyed by the action) and chance edges (keyed by ``chance_key``:
  the outcome itself in a perfect-information search; in ISMCTS what the searching player
  observes of it). Each simulation is handed a fresh *world* (the true state for MCTS, a
  determinization for ISMCTS), descends by UCB while every legal action has been tried, expands
  one untried action, evaluates, and backs up each player's return into the edges that player
  chose. Selection uses *availability* counts (Cowling, Powley and Whitehouse 2012, "Information
  Set Monte Carlo Tree Search"): a child's exploration term uses the number of simulations in
  which its action was legal, not the parent's visits, because in different worlds different
  actions are legal.
* **Seeding**: :func:`step_rng` derives each move's RNG from the agent's seed and a stable key
  of what the agent may know (the information state, or the history in a perfect-information
  game), so the same seed and the same position give the same move, whatever was played before.

Values in the tree are raw returns. The exploration term is ``c * spread * sqrt(ln(avail) / n)``
with ``spread`` the running standard deviation of the leaf returns seen so far in this search
(``scale=std``, the default) or half the game's utility range (``scale=range``). Scaling by the
observed spread makes one ``c`` fit games whose returns differ in size (a Conquian deal is won
or lost by one counter; a Cassino deal by a few points out of a declared range of ±35).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pyspiel

from hoyle.agents.base import HoyleBot
from hoyle.envs.core.rules import CHANCE, TERMINAL

# --------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Option:
    """One spec option: its default (already parsed), how to parse a string, and its meaning."""

    default: Any
    parse: Callable[[str], Any]
    doc: str
    choices: tuple[str, ...] = ()


def positive_int(text: str) -> int:
    v = int(text)
    if v < 1:
        raise ValueError("must be a positive integer")
    return v


def non_negative_int(text: str) -> int:
    v = int(text)
    if v < 0:
        raise ValueError("must be a non-negative integer")
    return v


def non_negative_float(text: str) -> float:
    v = float(text)
    if not v >= 0.0 or math.isinf(v):
        raise ValueError("must be a non-negative number")
    return v


def boolean(text: str) -> bool:
    low = text.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError("must be true or false")


def parse_options(
    kind: str, table: Mapping[str, Option], options: Mapping[str, str], off: Sequence[str] = ()
) -> dict[str, Any]:
    """``options`` (strings from a spec) parsed against ``table``, defaults filled in.

    >>> t = {"sims": Option(100, positive_int, "simulations per move")}
    >>> parse_options("x", t, {})
    {'sims': 100}
    >>> parse_options("x", t, {"sim": "3"})
    Traceback (most recent call last):
    ...
    ValueError: x has no option 'sim'; its options: sims
    """
    if off:
        raise ValueError(f"{kind} takes no switches (-name); got {', '.join(off)}")
    out = {k: o.default for k, o in table.items()}
    for key, text in options.items():
        if key not in table:
            raise ValueError(f"{kind} has no option {key!r}; its options: {', '.join(table)}")
        opt = table[key]
        if opt.choices and text not in opt.choices:
            raise ValueError(
                f"{kind}: {key}={text!r} is not one of {', '.join(opt.choices)} ({opt.doc})"
            )
        try:
            out[key] = opt.parse(text)
        except ValueError as e:
            raise ValueError(f"{kind}: bad value {key}={text!r}: {e} ({opt.doc})") from None
    return out


def options_doc(table: Mapping[str, Option]) -> str:
    """The option table as text (for docstrings and ``--help``)."""
    rows = []
    for k, o in table.items():
        choices = f" ({'|'.join(o.choices)})" if o.choices else ""
        rows.append(f"{k}={o.default}{choices}: {o.doc}")
    return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# Simulators: how a search steps a game


def is_hoyle_game(game: Any) -> bool:
    return hasattr(game, "rules") and hasattr(game, "spec")


class HoyleSim:
    """Steps a hoyle game on plain rules states (``state.s``), bypassing the adapter."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.rules = rules = game.rules
        self.num_players: int = rules.num_players
        self.current_player = rules.current_player
        self.legal_actions = rules.legal_actions
        self.chance_outcomes = rules.chance_outcomes
        self.apply = rules.apply_action
        self.returns = rules.returns

    def root(self, state: Any) -> Any:
        """The simulator's state for a ``pyspiel`` state of this game (a private copy)."""
        return state.s.copy()

    def clone(self, s: Any) -> Any:
        return s.copy()

    def observe(self, s: Any, player: int) -> Any:
        """A hashable token of what ``player`` sees in ``s`` (the player's view)."""
        return self.rules.player_view(s, player)

    def view(self, s: Any, player: int) -> Any:
        return self.rules.player_view(s, player)

    def to_spiel(self, s: Any) -> Any:
        """A ``pyspiel`` state holding ``s`` (its ``history()`` is not that of ``s``)."""
        st = self.game.new_initial_state()
        st.s = s.copy()
        st.s.legal_cache = None
        return st


class SpielSim:
    """Steps any OpenSpiel game through ``pyspiel`` states (C++ games, other Python games)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.num_players: int = game.num_players()
        gt = game.get_type()
        self._obs = gt.provides_observation_string
        self._info = gt.provides_information_state_string

    def root(self, state: Any) -> Any:
        return state.clone()

    def clone(self, s: Any) -> Any:
        return s.clone()

    def current_player(self, s: Any) -> int:
        return int(s.current_player())

    def legal_actions(self, s: Any) -> list[int]:
        return list(s.legal_actions())

    def chance_outcomes(self, s: Any) -> list[tuple[int, float]]:
        return list(s.chance_outcomes())

    def apply(self, s: Any, a: int) -> None:
        s.apply_action(a)

    def returns(self, s: Any) -> list[float]:
        return list(s.returns())

    def observe(self, s: Any, player: int) -> Any:
        if self._obs:
            return s.observation_string(player)
        if self._info:
            return s.information_state_string(player)
        return str(s)

    def view(self, s: Any, player: int) -> Any:
        raise ValueError(f"{self.game} is not a hoyle game: it has no player views")

    def to_spiel(self, s: Any) -> Any:
        return s.clone()


Sim = HoyleSim | SpielSim


def make_sim(game: Any) -> Sim:
    return HoyleSim(game) if is_hoyle_game(game) else SpielSim(game)


def sample_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome that the uniform draw ``u`` falls on (cumulative probability)."""
    for a, p in outcomes:
        u -= p
        if u < 0.0:
            return int(a)
    return int(outcomes[-1][0])


def determinizer(game: Any) -> Callable[[Any, int, Callable[[], float]], Any]:
    """``det(state, player, sampler) -> simulator state``: the game's determinizer.

    It is ``state.resample_from_infostate(player, sampler)`` (the game's own re-deal, nothing
    else), with one speed-up for hoyle states: the re-dealt history the game's rules choose
    (``hoyle.envs.core.determinize.resampled_history``, the same one ``resample`` replays) is
    replayed on a plain rules state, skipping
    the adapter's per-action legality check, which was half the cost of an ISMCTS simulation.
    The result is the same state for the same sampler stream (``tests/agents/test_ismcts.py``).
    Anything that is not a hoyle ``pyspiel`` state goes through ``resample_from_infostate``.
    """
    if not is_hoyle_game(game):
        return lambda state, player, sampler: state.resample_from_infostate(player, sampler)
    from hoyle.envs.core.determinize import resampled_history
    from hoyle.envs.core.spiel import HoyleState

    rules = game.rules
    new_state, apply = rules.new_state, rules.apply_action

    def det(state: Any, player: int, sampler: Callable[[], float]) -> Any:
        if not isinstance(state, HoyleState):
            return state.resample_from_infostate(player, sampler).s
        s = new_state()
        for a in resampled_history(state, player, sampler):
            apply(s, a)
        return s

    return det


# --------------------------------------------------------------------------------------------
# Evaluators: estimates of every player's return at a leaf

Evaluator = Callable[[Sim, Any, random.Random], Sequence[float]]
"""``evaluate(sim, s, rng)``: every player's (estimated) return from the simulator state ``s``.
It may change ``s`` (the engine hands it a state it no longer needs)."""


def random_rollout(sim: Sim, s: Any, rng: random.Random) -> Sequence[float]:
    """Play ``s`` out with uniformly random actions and chance by its probabilities.

    Chance draws come from ``rng`` alone (after one draw that seeds the decisions' stream), so
    two rollouts given equal RNGs deal the same cards whatever is played (see
    :func:`flat_search`)."""
    cur, legal, outcomes, apply = (
        sim.current_player,
        sim.legal_actions,
        sim.chance_outcomes,
        sim.apply,
    )
    pick = random.Random(rng.getrandbits(32)).random
    rand = rng.random
    while True:
        p = cur(s)
        if p >= 0:
            la = legal(s)
            apply(s, la[int(pick() * len(la))])
        elif p == CHANCE:
            apply(s, sample_outcome(outcomes(s), rand()))
        else:
            return sim.returns(s)


class HeuristicRollout:
    """Play out with the game's heuristic agent (its book hints, all on) for every player.

    The hints see only each player's view, as the ``heuristic`` agent does. Its tie-breaking
    RNG is reseeded from the search's RNG at every leaf, so a search stays reproducible. A game
    whose heuristic is a :class:`~hoyle.agents.heuristics.HeuristicBot` narrows the legal
    actions of the rules state directly (fast); a game with its own heuristic bot (backgammon
    chooses whole plays) is asked through its ``step`` on a pyspiel state around the leaf.
    """

    def __init__(self, game: Any, disabled: tuple[str, ...] = ()) -> None:
        if not is_hoyle_game(game):
            raise ValueError("rollout=heuristic needs a hoyle game (one with book hints)")
        from hoyle.agents.heuristics import HeuristicBot, game_hints, make_heuristic

        if not game_hints(game.spec.short_name):
            raise ValueError(f"{game.spec.short_name} has no heuristic hints; use rollout=random")
        self.bot = make_heuristic(game, {}, disabled, 0, "heuristic")
        self.policy = self.bot.policy if type(self.bot) is HeuristicBot else None

    def reseed(self, rng: random.Random) -> None:
        self.bot.reseed(rng.getrandbits(32))

    def choose(self, sim: HoyleSim, s: Any, player: int, legal: Sequence[int]) -> int:
        """The heuristic's action for ``player`` in the rules state ``s``."""
        if self.policy is not None:
            return int(self.policy.choose(sim.rules.player_view(s, player), legal)[0])
        return int(self.bot.step(sim.to_spiel(s)))

    def __call__(self, sim: Sim, s: Any, rng: random.Random) -> Sequence[float]:
        assert isinstance(sim, HoyleSim)
        self.reseed(rng)
        choose = self.choose
        cur, legal, outcomes, apply = (
            sim.current_player,
            sim.legal_actions,
            sim.chance_outcomes,
            sim.apply,
        )
        rand = rng.random
        while True:
            p = cur(s)
            if p >= 0:
                la = legal(s)
                apply(s, la[0] if len(la) == 1 else choose(sim, s, p, la))
            elif p == CHANCE:
                apply(s, sample_outcome(outcomes(s), rand()))
            else:
                returns: Sequence[float] = sim.returns(s)
                return returns


HINTED_WIDTH = 6
"""``roots=hints``: the most moves a chain of hints with one switched off may leave and still
count as recommending them."""


class HeuristicPrior:
    """The game's heuristic move for the player to move in a world, as a prior in the tree.

    With a prior, a decision node expands the heuristic's move first, and UCB adds the
    progressive bias ``bias * spread / (n + 1)`` to it (Chaslot et al. 2008, "Progressive
    strategies for Monte-Carlo tree search"). Without it, a new node's first replies are
    random, so with a few hundred simulations the tree's adversary answers a move at random
    more often than not; the prior makes it answer as the heuristic would (and as the rollouts
    play), and lets the search leave the heuristic's move only on evidence.
    """

    def __init__(self, game: Any) -> None:
        self.rollout = HeuristicRollout(game)

    def reset(self, rng: random.Random) -> None:
        self.rollout.reseed(rng)

    def __call__(self, sim: Sim, s: Any, player: int, legal: Sequence[int]) -> int:
        assert isinstance(sim, HoyleSim)
        return self.rollout.choose(sim, s, player, legal)

    def candidates(self, sim: Sim, s: Any, player: int, legal: Sequence[int]) -> list[int]:
        """The moves the book hints recommend (``roots=hints``): the heuristic's choices (the
        moves its hints in order leave), and those it would leave with any one hint switched
        off where they are at most :data:`HINTED_WIDTH` (more is no recommendation: in
        Authors, with ``hold-most`` off at the first ask, nearly every ask is left), in the
        order of ``legal``. All of ``legal`` for a game whose heuristic is not a hint policy.
        """
        assert isinstance(sim, HoyleSim)
        policy = self.rollout.policy
        if policy is None:
            return list(legal)
        view = sim.rules.player_view(s, player)
        keep: set[int] = set()
        for off in range(-1, len(policy.hints)):
            chain, _ = policy.narrow(view, legal, off)
            if off < 0 or len(chain) <= HINTED_WIDTH:
                keep.update(chain)
        return [a for a in legal if a in keep]


Candidates = Callable[[Sim, Any, int, Sequence[int]], list[int]]
"""The root's moves a flat search compares, from ``(sim, world, player, legal)``."""


class StateEvaluator:
    """Wraps a callable ``pyspiel.State -> returns`` (a value network, a closed-form score).

    For a hoyle game the callable gets a ``pyspiel`` state built around the leaf's rules state:
    everything but ``history()`` is that of the leaf.
    """

    def __init__(self, fn: Callable[[Any], Sequence[float]]) -> None:
        self.fn = fn

    def __call__(self, sim: Sim, s: Any, rng: random.Random) -> Sequence[float]:
        del rng  # Unused: a state evaluator is deterministic.
        if sim.current_player(s) == TERMINAL:
            return sim.returns(s)
        return list(self.fn(sim.to_spiel(s)))


def make_evaluator(
    game: Any, rollout: str | Evaluator | Callable[[Any], Sequence[float]]
) -> Evaluator:
    """``random``, ``heuristic``, an :data:`Evaluator`, or a ``pyspiel.State -> returns`` callable.

    A callable with one parameter is taken as a state evaluator; with three, as an evaluator.
    """
    if rollout == "random":
        return random_rollout
    if rollout == "heuristic":
        return HeuristicRollout(game)
    if isinstance(rollout, str):
        raise ValueError(f"unknown rollout {rollout!r}; choices: random, heuristic")
    import inspect

    try:
        n = len(inspect.signature(rollout).parameters)
    except (TypeError, ValueError):
        n = 3
    if n == 1:
        return StateEvaluator(rollout)  # type: ignore[arg-type]
    return rollout  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------
# The UCT engine


class Node:
    """A tree node: the edge into it (``visits``, ``value`` = the summed return of the player who
    chose it, ``avail`` = simulations in which it was legal) and its children by key."""

    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.avail = 1
        self.children: dict[Any, Node] = {}

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0


class Spread:
    """Running standard deviation of leaf returns (Welford), the exploration scale."""

    __slots__ = ("fallback", "m2", "mean", "n")

    def __init__(self, fallback: float) -> None:
        self.n, self.mean, self.m2, self.fallback = 0, 0.0, 0.0, fallback

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    def value(self) -> float:
        if self.n < 10:
            return self.fallback
        sd = math.sqrt(self.m2 / (self.n - 1))
        return sd if sd > 1e-9 else self.fallback


ChanceKey = Callable[[Any, int], Any]
"""``chance_key(s, outcome)``: the key of a chance edge, computed after applying ``outcome``."""


def search(
    sim: Sim,
    root: Node,
    worlds: Callable[[int], Any],
    sims: int,
    c: float,
    evaluate: Evaluator,
    rng: random.Random,
    chance_key: ChanceKey | None = None,
    scale: str = "std",
    fixed_spread: float | None = None,
    prior: HeuristicPrior | None = None,
    bias: float = 0.0,
) -> Node:
    """Run ``sims`` simulations from ``root``; world ``i`` is ``worlds(i)`` (a fresh state).

    ``chance_key=None`` keys chance edges by the outcome (perfect information). The root's
    children are the edges of the player to move in every world (the searching player).
    With a ``prior``, each decision node expands the prior's move first and UCB adds
    ``bias * spread / (n + 1)`` to it (see :class:`HeuristicPrior`).
    """
    half_range = max(1e-9, (sim.game.max_utility() - sim.game.min_utility()) / 2.0)
    spread = Spread(fixed_spread if fixed_spread is not None else half_range)
    use_std = scale == "std" and fixed_spread is None
    cur, legal, outcomes, apply = (
        sim.current_player,
        sim.legal_actions,
        sim.chance_outcomes,
        sim.apply,
    )
    rand = rng.random
    log, sqrt = math.log, math.sqrt
    n_players = sim.num_players
    if prior is not None:
        prior.reset(rng)
    for i in range(sims):
        s = worlds(i)
        node = root
        path: list[tuple[Node, int]] = []  # (edge node, player who chose it)
        expanded = False
        while True:
            p = cur(s)
            if p >= 0:
                la = legal(s)
                children = node.children
                h = prior(sim, s, p, la) if prior is not None and len(la) > 1 else -1
                untried = None
                for a in la:
                    ch = children.get(a)
                    if ch is None:
                        if untried is None:
                            untried = [a]
                        else:
                            untried.append(a)
                    else:
                        ch.avail += 1
                if untried is not None:
                    a = h if h in untried else untried[int(rand() * len(untried))]
                    child = children[a] = Node()
                    expanded = True
                else:
                    sd = spread.value() if use_std else spread.fallback
                    explore = c * sd
                    best = -math.inf
                    child = node
                    a = la[0]
                    for b in la:
                        ch = children[b]
                        v = ch.value / ch.visits + explore * sqrt(log(ch.avail) / ch.visits)
                        if b == h:
                            v += bias * sd / (ch.visits + 1)
                        if v > best:
                            best, child, a = v, ch, b
                apply(s, a)
                path.append((child, p))
                node = child
                if expanded:
                    break
            elif p == CHANCE:
                a = sample_outcome(outcomes(s), rand())
                apply(s, a)
                key = a if chance_key is None else chance_key(s, a)
                nxt = node.children.get(key)
                if nxt is None:
                    nxt = node.children[key] = Node()
                node = nxt
            else:
                break
        returns = evaluate(sim, s, rng) if cur(s) != TERMINAL else sim.returns(s)
        for ch, p in path:
            ch.visits += 1
            ch.value += returns[p]
        root.visits += 1
        if use_std:
            for k in range(n_players):
                spread.add(returns[k])
    return root


def flat_search(
    sim: Sim,
    legal: Sequence[int],
    worlds: Callable[[int], Any],
    sims: int,
    evaluate: Evaluator,
    rng: random.Random,
    prior: HeuristicPrior | None = None,
    margin: float = 0.0,
    candidates: Candidates | None = None,
) -> tuple[Node, int]:
    """Paired flat Monte Carlo with sequential halving: the root's actions compared on common
    worlds and common random numbers.

    Simulations go in *rounds*. A round draws one world and one seed; every action still in
    the running is applied to a copy of that world and evaluated with an RNG seeded by the
    round's seed, so all of them meet the same hidden cards, the same future chance draws (for
    a lazily dealt stock: the same cards in the same order) and the same tie-breaks: an
    action's mean minus another's is a paired difference, from which the luck of the deal has
    largely cancelled. The budget is split over ``ceil(log2 |legal|)`` phases; after each, the
    better half (by mean) stays (sequential halving, Karnin, Koren and Somekh 2013). With a
    rollout policy the result is a one-step policy improvement of that policy (Tesauro and
    Galperin 1996; Bertsekas' rollout algorithm). Ties go to ``prior_move`` when it is among
    them (the ``prior``'s move in the first world, which the searcher's view fixes: with
    identical outcomes nothing argues for leaving the heuristic), else to the RNG; the halving
    keeps it too among equals. With ``margin`` > 0 the prior's move is kept unless the best
    action beats it by more than ``margin`` standard errors of their paired difference (over
    the rounds both played): a conservative improvement, which leaves a good heuristic only on
    evidence rather than on the noise of a few dozen rollouts.
    ``candidates`` (``(sim, world, player, legal) -> moves``, read in the first world, which
    the searcher's view fixes) restricts the comparison to the moves it names, the prior's
    move (chosen among all of ``legal``) always among them and never halved away (so that
    ``margin`` compares the two on every round); with one move left it is played without
    simulations.
    Returns the root (each child's visits and summed return) and the chosen action.
    """
    root = Node()
    first = worlds(0)
    alive = (
        list(legal)
        if candidates is None
        else candidates(sim, first, sim.current_player(first), legal)
    )
    if len(alive) == 1:
        root.children[alive[0]] = Node()
        return root, int(alive[0])
    for a in alive:
        root.children[a] = Node()
    phases = max(1, math.ceil(math.log2(len(alive))))
    per_phase = sims / phases
    clone, apply, cur = sim.clone, sim.apply, sim.current_player
    prior_move = -1
    per_round: dict[int, list[float]] = {a: [] for a in alive}
    k = 0
    for phase in range(phases):
        for _ in range(max(1, int(per_phase / len(alive)))):
            world = first if k == 0 else worlds(k)
            k += 1
            player = cur(world)
            if k == 1 and prior is not None:
                prior.reset(rng)
                prior_move = prior(sim, world, player, legal)
                if prior_move not in root.children:
                    root.children[prior_move] = Node()
                    alive.append(prior_move)
                    per_round[prior_move] = []
            seed = rng.getrandbits(64)
            for a in alive:
                s = clone(world)
                apply(s, a)
                r = random.Random(seed)
                ret = evaluate(sim, s, r) if cur(s) != TERMINAL else sim.returns(s)
                ch = root.children[a]
                ch.visits += 1
                ch.value += ret[player]
                root.visits += 1
                per_round[a].append(ret[player])
        if phase < phases - 1 and len(alive) > 2:
            alive.sort(key=lambda a: (-root.children[a].mean(), a != prior_move))
            kept = alive[: (len(alive) + 1) // 2]
            if candidates is not None and prior_move in alive and prior_move not in kept:
                kept.append(prior_move)  # the margin's test then has every round
            alive = kept
    top = max(root.children[a].mean() for a in alive)
    ties = [a for a in alive if root.children[a].mean() == top]
    if prior_move in ties:
        return root, prior_move
    best = int(ties[int(rng.random() * len(ties))])
    if margin > 0.0 and prior_move >= 0:
        # The prior's rounds are a prefix of the best action's (it played every round).
        h = per_round[prior_move]
        d = [x - y for x, y in zip(per_round[best], h, strict=False)]
        n = len(d)
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else math.inf
        if mean <= margin * math.sqrt(var / n):
            return root, prior_move
    return root, best


def choose_final(root: Node, legal: Sequence[int], final: str, rng: random.Random) -> int:
    """The move to play from the root's statistics.

    ``visits``: the most visited action (ties: higher mean, then the RNG). ``value``: the best
    mean among the actions visited at least half as often as the most visited one (a mean over a
    handful of simulations is noise).
    """
    tried = [(a, ch) for a in legal if (ch := root.children.get(a)) is not None and ch.visits]
    if not tried:
        return int(legal[int(rng.random() * len(legal))])
    if final == "value":
        top = max(ch.visits for _, ch in tried)
        tried = [(a, ch) for a, ch in tried if 2 * ch.visits >= top]

    def key(ch: Node) -> tuple[float, float]:
        if final == "value":
            return (ch.mean(), ch.visits)
        return (ch.visits, ch.mean())

    best = max(key(ch) for _, ch in tried)
    ties = [a for a, ch in tried if key(ch) == best]
    return int(ties[int(rng.random() * len(ties))])


def root_policy(root: Node, legal: Sequence[int]) -> list[tuple[int, float]]:
    """The root's visit distribution over ``legal`` (the search's policy)."""
    counts = [(a, root.children[a].visits if a in root.children else 0) for a in legal]
    total = sum(n for _, n in counts)
    if total == 0:
        return [(a, 1.0 / len(legal)) for a in legal]
    return [(a, n / total) for a, n in counts]


# --------------------------------------------------------------------------------------------
# Seeding


def stable_seed(seed: int, key: str) -> int:
    """A 64-bit seed from the agent's seed and a string key, the same in every process."""
    h = hashlib.blake2b(f"{seed}\x00{key}".encode(), digest_size=8)
    return int.from_bytes(h.digest(), "little")


def step_rng(seed: int, key: str) -> random.Random:
    """The RNG of one move: a function of the agent's seed and what it may know."""
    return random.Random(stable_seed(seed, key))


def information_key(state: Any, player: int) -> str:
    """What ``player`` knows in ``state``, as a string (the information state, if provided)."""
    gt = state.get_game().get_type()
    if gt.provides_information_state_string:
        return str(state.information_state_string(player))
    if gt.provides_observation_string:
        return f"{state.observation_string(player)}|{len(state.history())}"
    raise ValueError("the game provides neither information-state nor observation strings")


AUCTION_CHOICES = ("search", "heuristic")
"""``auction``: who makes the decisions outside the card play (see :class:`SearchBot`)."""


class SearchBot(HoyleBot):
    """Base of the search agents: one forced move is played without search; subclasses search.

    With ``auction="heuristic"`` every decision outside the card play (where the rules'
    ``card_play(s)`` is ``None``: the auction, and any discard or exchange) is the game's
    heuristic's (its book hints, from the mover's view, ties broken by an RNG seeded from the
    agent's seed and the mover's information state), and only the card play is searched. A
    determinizer re-deals the hidden cards without the inferences of the bidding, so in a
    partnership auction the searcher's worlds give its partner a random hand: in Vint the
    searched auction overbid its own partner, call after call, to seven (the measurements are
    in :mod:`hoyle.agents.ismcts`).

    After each move, ``last_sims`` is the number of simulations run (0 for a forced move or
    the heuristic's) and ``last_policy`` the root's visit distribution.
    """

    def __init__(self, game: Any, seed: int, name: str, auction: str = "search") -> None:
        super().__init__(game, seed, name)
        self.last_sims = 0
        self.last_policy: list[tuple[int, float]] = []
        self.auction_bot: HoyleBot | None = None
        if auction not in AUCTION_CHOICES:
            raise ValueError(f"auction must be one of {', '.join(AUCTION_CHOICES)}")
        if auction == "heuristic":
            self.auction_bot = auction_heuristic(game, self.name)

    def step(self, state: Any) -> int:
        return self.step_with_policy(state)[1]

    def provides_policy(self) -> bool:
        return True

    def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
        if state.is_chance_node() or state.is_terminal():
            raise ValueError(f"{self.name} acts only at decision nodes")
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_sims = 0
            self.last_policy = [(int(legal[0]), 1.0)]
            self.last_reason = "forced"
            return self.last_policy, int(legal[0])
        bot = self.auction_bot
        if bot is not None and self.game.rules.card_play(state.s) is None:
            player = state.current_player()
            bot.reseed(step_rng(self.seed, information_key(state, player)).getrandbits(32))
            action = int(bot.step(state))
            self.last_sims = 0
            self.last_policy = [(action, 1.0)]
            self.last_reason = f"auction=heuristic: {bot.last_reason}"
            return self.last_policy, action
        policy, action = self.search_move(state, legal)
        self.last_policy = policy
        return policy, action

    def search_move(self, state: Any, legal: list[int]) -> tuple[list[tuple[int, float]], int]:
        raise NotImplementedError


def auction_heuristic(game: Any, name: str) -> HoyleBot:
    """The heuristic agent that makes an ``auction=heuristic`` searcher's decisions outside the
    card play; refused in one line for a game without a card play or without book hints."""
    from hoyle.agents.heuristics import game_hints, make_heuristic
    from hoyle.envs.core.capabilities import CardPlayRules

    short = game.get_type().short_name
    if not is_hoyle_game(game) or not isinstance(game.rules, CardPlayRules):
        raise ValueError(f"{name}: auction=heuristic needs a trick game with a card play; "
                         f"{short} has none")  # fmt: skip
    if not game_hints(game.spec.short_name):
        raise ValueError(f"{name}: auction=heuristic needs the game's heuristic; {short} has none")
    return make_heuristic(game, {}, (), 0, "heuristic")


class TreeSearchBot(SearchBot):
    """A search agent whose tree is grown by :func:`search` (``mcts``, and ``ismcts`` with
    ``search=tree``): the options they share, and one move from a tree."""

    def __init__(
        self,
        game: Any,
        seed: int,
        name: str,
        sims: int,
        c: float,
        rollout: str | Evaluator | Callable[[Any], Sequence[float]],
        final: str,
        scale: str,
        prior: str,
        bias: float,
        auction: str = "search",
    ) -> None:
        super().__init__(game, seed, name, auction)
        self.sim = make_sim(game)
        self.sims, self.c, self.final, self.scale = sims, c, final, scale
        self.evaluate = make_evaluator(game, rollout)
        self.prior = HeuristicPrior(game) if prior == "heuristic" else None
        self.bias = bias

    def tree_move(
        self,
        world: Callable[[int], Any],
        legal: list[int],
        rng: random.Random,
        chance_key: Callable[[Any, int], Any] | None,
    ) -> tuple[list[tuple[int, float]], int]:
        """Grow a tree over the worlds ``world(i)`` and choose the move (``final``)."""
        root = search(self.sim, Node(), world, self.sims, self.c, self.evaluate, rng,
                      chance_key, self.scale, prior=self.prior, bias=self.bias)  # fmt: skip
        return self.report(root, choose_final(root, legal, self.final, rng), legal)

    def report(
        self, root: Node, action: int, legal: list[int]
    ) -> tuple[list[tuple[int, float]], int]:
        """Record the move's simulations and reason; the root's policy and the move."""
        self.last_sims = root.visits
        best = root.children.get(action)
        self.last_reason = (
            f"{self.name.partition(':')[0]} {root.visits} sims: "
            f"{best.visits if best else 0} visits, mean {best.mean() if best else 0.0:+.3f}"
        )
        return root_policy(root, legal), action


def perfect_information(game: Any) -> bool:
    return bool(game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION)
