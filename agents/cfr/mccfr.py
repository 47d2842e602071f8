"""Tabular Monte Carlo CFR: external sampling and outcome sampling, two ways of walking.

* :class:`TreeMCCFR` walks a small game's enumerated tree (:mod:`hoyle.agents.cfr.tree`):
  plain Python lists indexed by node, no ``pyspiel`` state in the loop; the exact
  exploitability of its average policy is one vectorised pass over the same arrays.
* :class:`GameMCCFR` walks the real ``pyspiel`` game (any size), with the information set
  keyed by a *key function* of the state: the exact perfect-recall string
  (:func:`hoyle.agents.cfr.tree.infoset_key`) or the game's declared information abstraction
  (:func:`abstraction_key_fn`). Outcome sampling follows one trajectory per update (linear in
  the game length): the scheme for full games. External sampling explores every action of the
  traverser, so its cost grows exponentially with the number of his decisions; use it on small
  configurations.

Both follow Lanctot et al., "Monte Carlo Sampling for Regret Minimization in Extensive
Games" (NIPS 2009) as OpenSpiel's ``external_sampling_mccfr`` and
``outcome_sampling_mccfr`` do: regret matching; external sampling adds the opponents' current
strategy to the average where they move ("simple" averaging); outcome sampling explores with
ε = 0.6 at the updating player's nodes and weights regrets and the average by the sampling
probability. One *iteration* updates every player once. Given the same seed, a tree run and a
game run with the exact key draw the same random numbers and give the same tables (a test
checks it). All randomness is one ``random.Random(seed)``, whose state is checkpointed
(:meth:`_Solver.state_dict`: arrays and JSON-able scalars, no pickle).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from hoyle.agents.cfr.tree import CHANCE, GameTree, hash64, infoset_key

SAMPLINGS = ("external", "outcome")
EXPLORATION = 0.6
"""Outcome sampling's exploration at the updating player's nodes (OpenSpiel's default)."""

KeyFn = Callable[[Any, int, list[int]], int | None]
"""An information-set key from ``(state, player, legal actions)``; ``None`` for a decision
the abstraction leaves out (*delegated*: played by a fixed policy, not learned)."""


def _regret_matching(regret: list[float], off: int, n: int) -> list[float]:
    pos = [r if r > 0.0 else 0.0 for r in regret[off : off + n]]
    total = sum(pos)
    if total > 0.0:
        return [x / total for x in pos]
    return [1.0 / n] * n


def _sample(probs: list[float], u: float) -> int:
    acc = 0.0
    for k, p in enumerate(probs):
        acc += p
        if u < acc:
            return k
    return len(probs) - 1


def average_policy(avg: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Normalise the summed average strategy per information set (uniform where never
    reached)."""
    seg = np.repeat(np.arange(counts.size), counts)
    sums = np.bincount(seg, weights=avg, minlength=counts.size) if avg.size else np.zeros(0)
    uniform = 1.0 / np.repeat(counts, counts).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(sums[seg] > 0, avg / np.where(sums[seg] > 0, sums[seg], 1.0), uniform)
    return np.asarray(out, dtype=np.float64)


class _Solver:
    """What both walkers share: the tables, the RNG, the iteration count."""

    sampling: str

    def __init__(self, num_players: int, sampling: str, seed: int) -> None:
        if sampling not in SAMPLINGS:
            raise ValueError(f"sampling must be one of {', '.join(SAMPLINGS)}; got {sampling!r}")
        self.num_players = num_players
        self.sampling = sampling
        self.rng = random.Random(seed)
        self.iteration = 0
        self.regret: list[float] = []
        self.avg: list[float] = []

    def run(self, iterations: int) -> None:
        """``iterations`` more iterations (each updates every player once)."""
        walk = self._external if self.sampling == "external" else self._outcome
        for _ in range(iterations):
            for p in range(self.num_players):
                walk(p)
            self.iteration += 1

    def _external(self, player: int) -> None:
        raise NotImplementedError

    def _outcome(self, player: int) -> None:
        raise NotImplementedError

    def state_dict(self) -> dict[str, Any]:
        """The solver's state: numpy arrays (the tables) and JSON-able scalars (the
        iteration, the RNG state as lists of ints), so that a checkpoint needs no pickle."""
        return {
            "iteration": self.iteration,
            "rng": rng_state_to_json(self.rng.getstate()),
            "regret": np.asarray(self.regret, dtype=np.float64),
            "avg": np.asarray(self.avg, dtype=np.float64),
        }

    def load_state_dict(self, d: dict[str, Any]) -> None:
        """Restore :meth:`state_dict`; a state that does not fit this solver (tables of
        another length, a malformed RNG state) raises ``ValueError`` and changes nothing."""
        iteration = d.get("iteration")
        if not isinstance(iteration, int) or isinstance(iteration, bool) or iteration < 0:
            raise ValueError(f"bad iteration count {iteration!r}")
        rng = rng_state_from_json(d.get("rng"))
        regret, avg = _table(d, "regret"), _table(d, "avg")
        if regret.size != avg.size:
            raise ValueError(f"regret and average tables of {regret.size} and {avg.size} slots")
        self._check_slots(d, regret.size)
        self.iteration = iteration
        self.rng.setstate(rng)
        self.regret = regret.tolist()
        self.avg = avg.tolist()

    def _check_slots(self, d: dict[str, Any], slots: int) -> None:
        """Raise ``ValueError`` unless ``slots`` (the tables' length) fits this solver."""


def _table(d: dict[str, Any], name: str) -> np.ndarray:
    """The float table ``d[name]`` (flat, finite), or a ``ValueError``."""
    a = d.get(name)
    if not isinstance(a, np.ndarray) or a.ndim != 1 or a.dtype.kind != "f":
        raise ValueError(f"{name!r} is not a flat float table")
    if not np.isfinite(a).all():
        raise ValueError(f"{name!r} holds values that are not finite")
    return a.astype(np.float64)


_MT_WORDS = 625
"""The length of the internal state of ``random.Random`` (Mersenne Twister: 624 words and
the position)."""


def rng_state_to_json(state: Any) -> list[Any]:
    """``random.Random.getstate()`` as JSON-able lists: ``[version, [625 ints], gauss]``."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_state_from_json(data: Any) -> tuple[Any, ...]:
    """The ``random.Random`` state of :func:`rng_state_to_json`, checked (a ``ValueError`` if
    it is not one)."""
    ok = isinstance(data, list | tuple) and len(data) == 3
    if ok:
        version, internal, gauss = data
        ok = (
            version == 3
            and isinstance(internal, list | tuple)
            and len(internal) == _MT_WORDS
            and all(type(w) is int and 0 <= w < 2**32 for w in internal)
            and internal[-1] <= _MT_WORDS - 1
            and (gauss is None or isinstance(gauss, float))
        )
    if not ok:
        raise ValueError("bad random number generator state")
    state = (3, tuple(internal), gauss)
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        raise ValueError("bad random number generator state") from None
    return state


class TreeMCCFR(_Solver):
    """MCCFR over an enumerated :class:`GameTree` (information sets fixed in advance)."""

    def __init__(self, tree: GameTree, sampling: str = "external", seed: int = 0) -> None:
        super().__init__(tree.num_players, sampling, seed)
        self.tree = tree
        self._player = tree.player.tolist()
        self._fc = tree.first_child.tolist()
        self._nc = tree.num_children.tolist()
        self._iset = tree.infoset.tolist()
        self._prob = tree.edge_prob.tolist()
        self._util = [tree.utility[:, p].tolist() for p in range(tree.num_players)]
        self._off = tree.infoset_offset.tolist()
        self.regret = [0.0] * tree.num_slots
        self.avg = [0.0] * tree.num_slots

    def average_policy(self) -> np.ndarray:
        return average_policy(np.asarray(self.avg), self.tree.infoset_num_actions)

    def _check_slots(self, d: dict[str, Any], slots: int) -> None:
        if slots != self.tree.num_slots:
            raise ValueError(f"tables of {slots} slots, not this tree's {self.tree.num_slots}")

    def _external(self, player: int) -> None:
        self._es(0, player)

    def _es(self, h: int, me: int) -> float:
        pl = self._player[h]
        if pl < 0:
            if pl == CHANCE:
                fc, n = self._fc[h], self._nc[h]
                k = _sample(self._prob[fc : fc + n], self.rng.random())
                return self._es(fc + k, me)
            return float(self._util[me][h])
        fc, n = self._fc[h], self._nc[h]
        off = self._off[self._iset[h]]
        sigma = _regret_matching(self.regret, off, n)
        if pl == me:
            values = [self._es(fc + k, me) for k in range(n)]
            v = sum(s * x for s, x in zip(sigma, values, strict=True))
            regret = self.regret
            for k in range(n):
                regret[off + k] += values[k] - v
            return v
        avg = self.avg
        for k in range(n):
            avg[off + k] += sigma[k]
        return self._es(fc + _sample(sigma, self.rng.random()), me)

    def _outcome(self, player: int) -> None:
        self._os(0, player, 1.0, 1.0, 1.0)

    def _os(self, h: int, me: int, my_reach: float, opp_reach: float, s_reach: float) -> float:
        pl = self._player[h]
        if pl < 0:
            if pl == CHANCE:
                fc, n = self._fc[h], self._nc[h]
                probs = self._prob[fc : fc + n]
                k = _sample(probs, self.rng.random())
                p = probs[k]
                return self._os(fc + k, me, my_reach, opp_reach * p, s_reach * p)
            return float(self._util[me][h])
        fc, n = self._fc[h], self._nc[h]
        off = self._off[self._iset[h]]
        return _outcome_node(self, pl, fc, n, off, me, my_reach, opp_reach, s_reach,
                             lambda k, a, b, c: self._os(fc + k, me, a, b, c))  # fmt: skip


def _outcome_node(
    solver: _Solver,
    pl: int,
    fc: Any,
    n: int,
    off: int,
    me: int,
    my_reach: float,
    opp_reach: float,
    s_reach: float,
    child: Callable[[int, float, float, float], float],
) -> float:
    """One decision node of outcome sampling (shared by both walkers)."""
    del fc
    sigma = _regret_matching(solver.regret, off, n)
    if pl == me:
        sample_p = [EXPLORATION / n + (1.0 - EXPLORATION) * s for s in sigma]
    else:
        sample_p = sigma
    k = _sample(sample_p, solver.rng.random())
    if pl == me:
        value = child(k, my_reach * sigma[k], opp_reach, s_reach * sample_p[k])
    else:
        value = child(k, my_reach, opp_reach * sigma[k], s_reach * sample_p[k])
    # The sampled child's value, importance-weighted; the others' estimates are 0.
    vk = value / sample_p[k]
    v = sigma[k] * vk
    if pl == me:
        w = opp_reach / s_reach
        regret = solver.regret
        for a in range(n):
            regret[off + a] += w * ((vk if a == k else 0.0) - v)
        avg = solver.avg
        wa = my_reach / s_reach
        for a in range(n):
            avg[off + a] += wa * sigma[a]
    return v


# --- the real game, keyed by a function of the state ----------------------------------------
def exact_key_fn(state: Any, player: int, legal: list[int]) -> int:
    """The exact information set (perfect-recall string), as the tree keys it."""
    del legal
    return int(infoset_key(state, player))


def abstraction_key_fn(abstraction: Callable[[Any], Hashable | None]) -> KeyFn:
    """A key function from a game's information abstraction: the player's seat, the
    abstraction of his view (``state.player_view(player)``), and the legal actions (so that a
    coarse abstraction never merges two sets with different moves), hashed; ``None`` where
    the abstraction returns ``None`` (a delegated decision)."""

    def key(state: Any, player: int, legal: list[int]) -> int | None:
        k = abstraction(state.player_view(player))
        if k is None:
            return None
        return int(hash64(repr((player, k, tuple(legal)))))

    return key


class HeuristicDelegate:
    """Plays delegated decisions: the game's book heuristic (all hints on), its ties broken by
    its own seeded RNG (checkpointed with the solver), or uniformly at random with the
    solver's RNG for a game without one. The same policy plays them at play time."""

    def __init__(self, game: Any, seed: int) -> None:
        self.policy: Any = None
        spec = getattr(game, "spec", None)
        if spec is not None:
            from hoyle.agents.heuristics import game_hints
            from hoyle.agents.heuristics.hints import HintPolicy

            hints = game_hints(spec.short_name)
            if hints:
                self.policy = HintPolicy(hints, [h.id for h in hints], seed)

    def __call__(self, state: Any, player: int, legal: list[int], rng: random.Random) -> int:
        if self.policy is None:
            return legal[rng.randrange(len(legal))]
        return int(self.policy.choose(state.player_view(player), legal)[0])

    def get_state(self) -> Any:
        return None if self.policy is None else self.policy.rng.getstate()

    def set_state(self, st: Any) -> None:
        if self.policy is not None and st is not None:
            self.policy.rng.setstate(st)


class GameMCCFR(_Solver):
    """MCCFR over the real ``pyspiel`` game; information sets found as they are reached.

    A decision whose key is ``None`` (left out of the abstraction) is *delegated*: played by
    :class:`HeuristicDelegate` as part of the environment, like a chance node whose
    probability cancels between the reach and the sampling probability; nothing is learned
    there and external sampling does not branch on it.
    """

    def __init__(self, game: Any, key_fn: KeyFn, sampling: str = "outcome", seed: int = 0) -> None:
        super().__init__(game.num_players(), sampling, seed)
        self.game = game
        self.key_fn = key_fn
        self.delegate = HeuristicDelegate(game, seed)
        self.delegated = 0
        self.index: dict[int, int] = {}
        self.keys: list[int] = []
        self.offset: list[int] = []
        self.count: list[int] = []
        self.actions: list[int] = []

    @property
    def num_infosets(self) -> int:
        return len(self.keys)

    def _slot(self, state: Any, player: int) -> tuple[list[int], int]:
        """The legal actions and the slot offset of ``player``'s set here; offset -1 after
        playing a delegated decision (the state has moved on)."""
        legal = state.legal_actions()
        key = self.key_fn(state, player, legal)
        if key is None:
            self.delegated += 1
            state.apply_action(self.delegate(state, player, legal, self.rng))
            return legal, -1
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.keys)
            self.keys.append(key)
            self.offset.append(len(self.actions))
            self.count.append(len(legal))
            self.actions.extend(legal)
            self.regret.extend([0.0] * len(legal))
            self.avg.extend([0.0] * len(legal))
        return legal, self.offset[i]

    def _external(self, player: int) -> None:
        self._es(self.game.new_initial_state(), player)

    def _es(self, state: Any, me: int) -> float:
        if state.is_terminal():
            return float(state.player_return(me))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            k = _sample([p for _, p in outcomes], self.rng.random())
            state.apply_action(outcomes[k][0])
            return self._es(state, me)
        pl = state.current_player()
        legal, off = self._slot(state, pl)
        if off < 0:
            return self._es(state, me)
        n = len(legal)
        sigma = _regret_matching(self.regret, off, n)
        if pl == me:
            values = [self._es(state.child(a), me) for a in legal]
            v = sum(s * x for s, x in zip(sigma, values, strict=True))
            for k in range(n):
                self.regret[off + k] += values[k] - v
            return v
        for k in range(n):
            self.avg[off + k] += sigma[k]
        state.apply_action(legal[_sample(sigma, self.rng.random())])
        return self._es(state, me)

    def _outcome(self, player: int) -> None:
        self._os(self.game.new_initial_state(), player, 1.0, 1.0, 1.0)

    def _os(self, state: Any, me: int, my_reach: float, opp_reach: float, s_reach: float) -> float:
        if state.is_terminal():
            return float(state.player_return(me))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            k = _sample([p for _, p in outcomes], self.rng.random())
            a, p = outcomes[k]
            state.apply_action(a)
            return self._os(state, me, my_reach, opp_reach * p, s_reach * p)
        pl = state.current_player()
        legal, off = self._slot(state, pl)
        if off < 0:
            return self._os(state, me, my_reach, opp_reach, s_reach)

        def child(k: int, a: float, b: float, c: float) -> float:
            state.apply_action(legal[k])
            return self._os(state, me, a, b, c)

        return _outcome_node(self, pl, None, len(legal), off, me, my_reach, opp_reach, s_reach,
                             child)  # fmt: skip

    def state_dict(self) -> dict[str, Any]:
        d = super().state_dict()
        d["keys"] = np.asarray(self.keys, dtype=np.uint64)
        d["count"] = np.asarray(self.count, dtype=np.int32)
        d["actions"] = np.asarray(self.actions, dtype=np.int32)
        st = self.delegate.get_state()
        d["delegate"] = None if st is None else rng_state_to_json(st)
        d["delegated"] = self.delegated
        return d

    def _check_slots(self, d: dict[str, Any], slots: int) -> None:
        for name in ("keys", "count", "actions"):
            a = d.get(name)
            if not isinstance(a, np.ndarray) or a.ndim != 1 or a.dtype.kind not in "iu":
                raise ValueError(f"{name!r} is not a flat integer array")
        keys, count, actions = d["keys"], d["count"], d["actions"]
        if count.size != keys.size or (count.size and count.min() < 1):
            raise ValueError(f"{keys.size} keys but {count.size} action counts (each at least 1)")
        if np.unique(keys).size != keys.size or (keys.dtype.kind == "i" and (keys < 0).any()):
            raise ValueError("the information-set keys are not distinct 64-bit keys")
        total = int(count.sum(dtype=np.int64))
        if actions.size != total or slots != total or (actions.size and actions.min() < 0):
            raise ValueError(f"the counts add up to {total} slots, but the tables hold "
                             f"{actions.size} actions and {slots} slots")  # fmt: skip
        delegated = d.get("delegated", 0)
        if not isinstance(delegated, int) or delegated < 0:
            raise ValueError(f"bad delegated count {delegated!r}")
        if d.get("delegate") is not None:
            rng_state_from_json(d["delegate"])

    def load_state_dict(self, d: dict[str, Any]) -> None:
        super().load_state_dict(d)
        self.keys = [int(k) for k in d["keys"].astype(np.uint64).tolist()]
        self.count = d["count"].tolist()
        self.actions = d["actions"].tolist()
        st = d.get("delegate")
        self.delegate.set_state(None if st is None else rng_state_from_json(st))
        self.delegated = int(d.get("delegated", 0))
        self.offset = np.concatenate([[0], np.cumsum(self.count)[:-1]]).astype(int).tolist()
        if not self.keys:
            self.offset = []
        self.index = {k: i for i, k in enumerate(self.keys)}

    def average_policy(self) -> np.ndarray:
        return average_policy(np.asarray(self.avg), np.asarray(self.count, dtype=np.int64))


class OutOfTime(Exception):
    """Raised inside an iteration of :class:`TimedMCCFR` when its deadline has passed."""


class TimedMCCFR(GameMCCFR):
    """:class:`GameMCCFR` that stops mid-iteration once ``deadline`` (``time.perf_counter``)
    has passed, by raising :class:`OutOfTime` at the next decision. Only for timing: the
    tables of an interrupted iteration are half-updated, so the solver is thrown away after.
    Training keeps the plain class, whose decisions pay no clock."""

    deadline = math.inf

    def _slot(self, state: Any, player: int) -> tuple[list[int], int]:
        if time.perf_counter() > self.deadline:
            raise OutOfTime
        return super()._slot(state, player)


def throughput(game: Any, sampling: str, seconds: float = 2.0, seed: int = 0,
               abstraction: Callable[[Any], Hashable] | None = None,
               exact: bool = False) -> dict[str, float]:  # fmt: skip
    """MCCFR iterations per second of ``sampling`` on ``game`` (for ``hoyle bench``).

    Walks the real ``pyspiel`` game (as abstracted training does), keyed by ``abstraction``
    (default: the game's declared abstraction, else the exact information-state string;
    ``exact=True``: the exact string), for about ``seconds`` of whole iterations after one
    warm-up iteration. (Exact training on a small configuration walks the enumerated tree
    instead, several times faster: ``hoyle train`` reports its rate.) Returns
    ``{"iterations_per_s", "iterations", "seconds", "infosets"}``.

    Bounded: the warm-up and the timed iterations each stop at ``seconds``, mid-iteration if
    need be (external sampling on a full card game, or even on a small configuration of a
    trick game, explores exponentially many nodes per iteration: one can take minutes). If no
    timed iteration finishes, ``iterations_per_s`` is an upper bound, one iteration over the
    time spent, and ``"bound"`` is 1.0 (0.0 when the rate is measured).
    """
    solver = TimedMCCFR(game, _key_fn(game, abstraction, exact), sampling, seed)
    start = time.perf_counter()
    solver.deadline = start + seconds
    try:
        solver.run(1)  # the warm-up: the first visits create the information sets
    except OutOfTime:
        elapsed = time.perf_counter() - start
        return {"iterations_per_s": 1.0 / elapsed, "iterations": 0.0, "seconds": elapsed,
                "infosets": float(solver.num_infosets), "bound": 1.0}  # fmt: skip
    n = 0
    start = done = time.perf_counter()
    solver.deadline = start + seconds
    try:
        while done < solver.deadline:
            solver.run(1)
            n += 1
            done = time.perf_counter()
    except OutOfTime:  # the unfinished iteration's time is not counted
        if n == 0:
            done = time.perf_counter()
    elapsed = done - start
    return {"iterations_per_s": max(n, 1) / elapsed, "iterations": float(n), "seconds": elapsed,
            "infosets": float(solver.num_infosets), "bound": float(n == 0)}  # fmt: skip


def _key_fn(game: Any, abstraction: Callable[[Any], Hashable] | None, exact: bool) -> KeyFn:
    if abstraction is None and not exact:
        abstraction = declared_abstraction(game)
    return exact_key_fn if abstraction is None else abstraction_key_fn(abstraction)


def declared_abstraction(game: Any) -> Callable[[Any], Hashable] | None:
    """The information abstraction declared in ``game``'s :class:`GameSpec`, if any."""
    spec = getattr(game, "spec", None)
    return getattr(spec, "abstraction", None)
