"""Matrimony's staking solved: counterfactual regret minimisation over the stakes, the deal as
chance (Foster's Complete Hoyle, MATRIMONY; the write-up: ``docs/analytics/matrimony-staking.md``).

At Matrimony the stakes are the only decisions, and they all come before the cards: once the
last counter is down the deal decides everything. So the staking game of one deal is the real
game's staking (``hoyle_matrimony``'s own rules, :class:`~hoyle.envs.games.matrimony.MatrimonyRules`,
up to its chance node) followed by the deal, and since nothing is decided after the deal its
chance node can be folded into the exact expected counters of each complete set of stakes:

    E[return of i] = Σ_d  P(i takes d) · S_d  −  s_{d,i} · P(someone takes d)

(``S_d`` the counters on division ``d``, ``s_{d,i}`` player ``i``'s; a pool nobody takes goes
back to its stakers when the sitting ends). The probabilities are exact fractions from the
full 52-card deal (:func:`deal_odds`, a walk over the cards by rank class), and the test
checks the folded returns against a walk of ``hoyle_matrimony``'s own chance tree on a reduced
pack. OpenSpiel's ``CFRSolver`` then runs on the staking tree (:class:`StakingGame`, a Python
``pyspiel`` game of perfect information: every stake is public) and ``exploitability.nash_conv``
measures the average policy.

The closed form it should find (one deal; derived in the write-up): every counter on Best, the
dealer indifferent to how many he stakes; the dealer's value ``-(n - 1)/52``, each other's
``+1/52``.

``hoyle solve matrimony --players 3 --max-stake 3 --iterations 200`` prints the NashConv curve
and the solved strategy.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from hoyle.envs.core.pools import Pools
from hoyle.envs.games.matrimony import (
    BEST,
    DIVISION_NAMES,
    NUM_DISTINCT_ACTIONS,
    NUM_DIVISIONS,
    PAIR,
    STAKE,
    MatrimonyRules,
    MatrimonyState,
)
from hoyle.envs.games.matrimony.view import CONFEDERACY, INTRIGUE, MATRIMONY

# --- the odds of one deal -------------------------------------------------------------------

_NAMED = ("A", "K", "Q", "J")
"""The ranks the layout names (the Ace for a Pair with the ♦A), from the Ace down as a reduced
pack keeps them; "D" is the ♦A itself; the other ranks are interchangeable."""
_COMBOS = {
    frozenset("KQ"): MATRIMONY,
    frozenset("QJ"): INTRIGUE,
    frozenset("KJ"): CONFEDERACY,
}


@dataclass(frozen=True)
class Odds:
    """Exact chances of one deal of ``players``, seats counted from the eldest hand (position 0)
    round to the dealer (position ``players - 1``).

    ``everything[p]``: the ♦A is dealt face up to position ``p`` (he takes every pool);
    ``first[d][p]``: otherwise, position ``p`` is the first to show division ``d`` (Matrimony,
    Intrigue, Confederacy, Pair; Best is taken only with the ♦A face up).
    """

    players: int
    everything: tuple[Fraction, ...]
    first: tuple[tuple[Fraction, ...], ...]

    def takes(self, d: int, p: int) -> Fraction:
        """The chance that position ``p`` takes the pool on division ``d`` this deal."""
        won = self.everything[p]
        if d != BEST:
            won += self.first[d][p]
        return won

    def taken(self, d: int) -> Fraction:
        """The chance that somebody takes division ``d`` this deal."""
        return sum((self.takes(d, p) for p in range(self.players)), Fraction(0))


def deal_odds(players: int, ranks: int = 13) -> Odds:
    """The exact :class:`Odds` of one deal from the ``ranks`` highest ranks of each suit.

    The cards are walked in deal order (down cards from the eldest, then up cards) by rank
    class: the named ranks, the ♦A, and the other ranks labelled in the order they first
    appear (which of them is which never matters), each class weighted by the cards of it
    left. A walk stops at the ♦A face up. Cost: one path per sequence of classes, about
    ``(6 + 2n)!/5!`` for ``n`` players — 3.3·10⁵ for three; four players is already 5·10⁷,
    so the solver stays at two and three.
    """
    named = [r for r in _NAMED[: min(ranks, 4)]]
    left: dict[str, int] = {r: 4 for r in named}
    if "A" in left:
        left["A"] = 3
        left["D"] = 1
    plain_untouched = max(0, ranks - 4)
    n = players
    total = 4 * ranks
    everything = [Fraction(0)] * n
    first = [[Fraction(0)] * n for _ in range(4)]
    downs: list[str] = []
    ups: list[str] = []
    plain: list[int] = []  # cards left of each plain rank seen so far (label = index)

    def rank(cls: str) -> str:
        return "A" if cls == "D" else cls

    def settle(prob: Fraction) -> None:
        found = [False] * 4
        for p in range(n):
            a, b = rank(downs[p]), rank(ups[p])
            d = PAIR if a == b else _COMBOS.get(frozenset((a, b)), -1)
            if d >= 0 and not found[d]:
                found[d] = True
                first[d][p] += prob

    def walk(k: int, prob: Fraction, untouched: int) -> None:
        if k == 2 * n:
            settle(prob)
            return
        remaining = total - k
        target = downs if k < n else ups
        choices: list[tuple[str, int]] = [(c, m) for c, m in left.items() if m]
        choices += [(f"p{i}", m) for i, m in enumerate(plain) if m]
        for cls, m in choices:
            p = prob * Fraction(m, remaining)
            if k >= n and cls == "D":
                everything[k - n] += p
                continue
            if cls.startswith("p"):
                plain[int(cls[1:])] -= 1
            else:
                left[cls] -= 1
            target.append(cls)
            walk(k + 1, p, untouched)
            target.pop()
            if cls.startswith("p"):
                plain[int(cls[1:])] += 1
            else:
                left[cls] += 1
        if untouched:
            p = prob * Fraction(4 * untouched, remaining)
            plain.append(3)
            target.append(f"p{len(plain) - 1}")
            walk(k + 1, p, untouched - 1)
            target.pop()
            plain.pop()

    walk(0, Fraction(1), plain_untouched)
    return Odds(n, tuple(everything), tuple(tuple(row) for row in first))


def expected_returns(odds: Odds, pools: Pools, dealer: int) -> tuple[Fraction, ...]:
    """Each seat's exact expected counters after one deal with these stakes on the layout, the
    pools nobody takes handed back (the returns of ``hoyle_matrimony`` with ``deals=1``)."""
    n = odds.players
    out = [Fraction(0)] * n
    for d in range(NUM_DIVISIONS):
        size = sum(pools[d])
        taken = odds.taken(d)
        for q in range(n):
            pos = (q - dealer - 1) % n
            out[q] += odds.takes(d, pos) * size - pools[d][q] * taken
    return tuple(out)


# --- the staking game for OpenSpiel ---------------------------------------------------------

_GAME_TYPE = pyspiel.GameType(
    short_name="python_matrimony_staking",
    long_name="Matrimony's staking, the deal folded into exact expected counters",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 3, "max_stake": 3},
)


_ODDS: dict[int, Odds] = {}
"""The odds of a full-pack deal by number of players, worked out once per process."""


class StakingGame(pyspiel.Game):  # type: ignore[misc]
    """The stakes of one deal of ``hoyle_matrimony(players, max_stake)``, player 0 dealing;
    terminal once the last counter is down, with the exact expected counters as returns."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        n, m = int(params["players"]), int(params["max_stake"])
        self.rules = MatrimonyRules(
            {"players": n, "max_stake": m, "deals": 1, "ranks": 13, "dealer": 0}
        )
        self.odds = _ODDS.get(n) or _ODDS.setdefault(n, deal_odds(n))
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_DISTINCT_ACTIONS,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=self.rules.min_utility,
            max_utility=self.rules.max_utility,
            utility_sum=0.0,
            max_game_length=self.rules.max_game_length,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> StakingState:
        return StakingState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer()


class StakingState(pyspiel.State):  # type: ignore[misc]
    """A moment of the staking: the real game's state, up to its deal.

    The state holds only the rules' plain state and the key of its game's tables
    (:data:`_TABLES`): OpenSpiel clones a Python state by copying its ``__dict__``, so the
    rules and the odds stay out of it.
    """

    def __init__(self, game: StakingGame) -> None:
        super().__init__(game)
        self.key = (game.num_players(), game.rules.max_stake)
        _TABLES[self.key] = (game.rules, game.odds, {})
        self.s: MatrimonyState = game.rules.new_state()

    def current_player(self) -> int:
        if self.s.phase != STAKE:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.s.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return _TABLES[self.key][0].legal_actions(self.s)

    def _apply_action(self, action: int) -> None:
        self.s = self.s.copy()
        _TABLES[self.key][0].apply_action(self.s, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return _TABLES[self.key][0].action_to_string(self.s, player, action)

    def is_terminal(self) -> bool:
        return bool(self.s.phase != STAKE)

    def returns(self) -> list[float]:
        rules, odds, memo = _TABLES[self.key]
        if not self.is_terminal():
            return [0.0] * rules.num_players
        out = memo.get(self.s.pools)
        if out is None:
            out = memo[self.s.pools] = [
                float(x) for x in expected_returns(odds, self.s.pools, self.s.dealer)
            ]
        return list(out)

    def __str__(self) -> str:
        return stakes_words(self.s.pools) + f" | to move: {self.s.to_move}"


_TABLES: dict[tuple[int, int], tuple[MatrimonyRules, Odds, dict[Pools, list[float]]]] = {}
"""Per (players, max_stake): the rules, the odds, and the returns of each set of stakes."""


class _Observer:
    """Perfect information: a player's information state is the stakes so far, in order."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: StakingState, player: int) -> None:
        del state, player  # No tensor.

    def string_from(self, state: StakingState, player: int) -> str:
        del player  # Everything is public.
        return " ".join(str(a) for a in state.history())


pyspiel.register_game(_GAME_TYPE, StakingGame)


def stakes_words(pools: Pools) -> str:
    """Who put what where: ``Matrimony 0/1/0, ..., Best 2/1/1``."""
    return ", ".join(
        f"{DIVISION_NAMES[d]} {'/'.join(str(k) for k in pools[d])}" for d in range(NUM_DIVISIONS)
    )


# --- the staking tree and CFR over it ------------------------------------------------------


class StakingTree:
    """The whole staking tree of one deal, built from ``hoyle_matrimony``'s rules, as flat lists:
    ``player[v]`` (-1 at a leaf), ``children[v]`` (action, child) pairs, ``value[v]`` each
    seat's exact expected counters at a leaf. Perfect information: a node is its own
    information set.

    Vanilla CFR (:meth:`cfr`) and the exact NashConv (:meth:`nash_conv`) walk these lists:
    OpenSpiel's Python ``CFRSolver`` on :class:`StakingGame` does the same work through
    ``pyspiel`` states and serves the smaller configurations (the tests hold the two NashConvs
    equal), but at three players and ``max_stake`` 3 (8,255 sets of stakes) it takes minutes an
    iteration on the development machine.
    """

    def __init__(self, players: int, max_stake: int) -> None:
        rules = MatrimonyRules(
            {"players": players, "max_stake": max_stake, "deals": 1, "ranks": 13, "dealer": 0}
        )
        odds = _ODDS.get(players) or _ODDS.setdefault(players, deal_odds(players))
        self.players = players
        self.player: list[int] = []
        self.children: list[list[tuple[int, int]]] = []
        self.value: list[tuple[float, ...]] = []
        self.pools: list[Pools] = []
        stack: list[tuple[MatrimonyState, int, int]] = [(rules.new_state(), -1, -1)]
        while stack:
            state, parent, action = stack.pop()
            v = len(self.player)
            if parent >= 0:
                self.children[parent].append((action, v))
            self.pools.append(state.pools)
            self.children.append([])
            if state.phase != STAKE:
                self.player.append(-1)
                self.value.append(
                    tuple(float(x) for x in expected_returns(odds, state.pools, state.dealer))
                )
                continue
            self.player.append(state.to_move)
            self.value.append(())
            for a in reversed(rules.legal_actions(state)):
                child = state.copy()
                rules.apply_action(child, a)
                stack.append((child, v, a))
        self.regret = [[0.0] * len(c) for c in self.children]
        self.strategy_sum = [[0.0] * len(c) for c in self.children]
        self.iterations = 0

    def current(self, v: int) -> list[float]:
        """Regret matching at node ``v``."""
        pos = [max(r, 0.0) for r in self.regret[v]]
        total = sum(pos)
        k = len(pos)
        return [p / total for p in pos] if total > 0 else [1.0 / k] * k

    def average(self, v: int) -> list[float]:
        """The average strategy at node ``v``."""
        sums = self.strategy_sum[v]
        total = sum(sums)
        k = len(sums)
        return [x / total for x in sums] if total > 0 else [1.0 / k] * k

    def cfr(self, iterations: int) -> None:
        """Vanilla CFR, every player updated each iteration (as OpenSpiel's ``CFRSolver``)."""
        for _ in range(iterations):
            self._walk(0, [1.0] * self.players)
            self.iterations += 1

    def _walk(self, v: int, reach: list[float]) -> list[float]:
        q = self.player[v]
        if q < 0:
            return list(self.value[v])
        sigma = self.current(v)
        values = []
        node = [0.0] * self.players
        for (_, child), p in zip(self.children[v], sigma, strict=True):
            r = list(reach)
            r[q] *= p
            u = self._walk(child, r)
            values.append(u[q])
            for i in range(self.players):
                node[i] += p * u[i]
        others = 1.0
        for i in range(self.players):
            if i != q:
                others *= reach[i]
        regrets, sums = self.regret[v], self.strategy_sum[v]
        for k, p in enumerate(sigma):
            regrets[k] += others * (values[k] - node[q])
            sums[k] += reach[q] * p
        return node

    def policy_values(self, v: int = 0) -> list[float]:
        """Each seat's expected counters under the average policy."""
        q = self.player[v]
        if q < 0:
            return list(self.value[v])
        out = [0.0] * self.players
        for (_, child), p in zip(self.children[v], self.average(v), strict=True):
            if p:
                for i, x in enumerate(self.policy_values(child)):
                    out[i] += p * x
        return out

    def best_response(self, player: int, v: int = 0) -> float:
        """``player``'s best value against the others' average policy."""
        q = self.player[v]
        if q < 0:
            return self.value[v][player]
        if q == player:
            return max(self.best_response(player, c) for _, c in self.children[v])
        return sum(
            p * self.best_response(player, c)
            for (_, c), p in zip(self.children[v], self.average(v), strict=True)
            if p
        )

    def nash_conv(self) -> float:
        """Σ over players of (best response value − the average policy's value)."""
        values = self.policy_values()
        return sum(self.best_response(i) - values[i] for i in range(self.players))

    def average_policy_of(self, state_history: Sequence[int]) -> dict[int, float]:
        """The average policy at the node reached by these actions."""
        v = 0
        for a in state_history:
            v = dict(self.children[v])[a]
        return {a: p for (a, _), p in zip(self.children[v], self.average(v), strict=True)}


# --- solving ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """What CFR reached: the NashConv curve, the average policy's values, and its stakes."""

    curve: tuple[tuple[int, float], ...]
    values: tuple[float, ...]
    dealer_stakes: tuple[tuple[str, float], ...]
    """The dealer's complete stakes (his counters on each division) the policy plays with
    probability 1% or more, most likely first."""
    others_stakes: tuple[tuple[str, float], ...]
    """Each other player's complete stake, probability-weighted over the dealer's."""
    seconds: float


def solve(
    players: int, max_stake: int, iterations: int, checkpoints: Sequence[int] = ()
) -> Solution:
    """Vanilla CFR on the staking tree (:class:`StakingTree`) for ``iterations``; the exact
    NashConv of the average policy at each checkpoint and at the end."""
    start = time.perf_counter()
    tree = StakingTree(players, max_stake)
    curve = []
    marks = sorted(set(checkpoints) | {iterations})
    for mark in marks:
        tree.cfr(mark - tree.iterations)
        curve.append((mark, tree.nash_conv()))
    values = tuple(tree.policy_values())
    dealer, others = _describe(tree)
    return Solution(tuple(curve), values, dealer, others, time.perf_counter() - start)


def solve_with_openspiel(players: int, max_stake: int, iterations: int) -> tuple[float, Any]:
    """OpenSpiel's ``CFRSolver`` on :class:`StakingGame`; the NashConv of its average policy
    (``exploitability.nash_conv``) and the policy. Minutes an iteration beyond three players
    with ``max_stake`` 2 on the development machine: the tests use it to check the tree's."""
    from open_spiel.python.algorithms import cfr, exploitability

    game = StakingGame({"players": players, "max_stake": max_stake})
    solver = cfr.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    return float(exploitability.nash_conv(game, policy)), policy


def _describe(
    tree: StakingTree,
) -> tuple[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]]:
    """The distributions of the complete stakes the average policy plays: the dealer's, and
    the others' (each weighted equally)."""
    n = tree.players
    dealer: dict[str, float] = {}
    others: dict[str, float] = {}

    def own(pools: Pools, q: int) -> str:
        words = [f"{DIVISION_NAMES[d]} {pools[d][q]}" for d in range(NUM_DIVISIONS) if pools[d][q]]
        return " ".join(words) or "nothing"

    def walk(v: int, prob: float) -> None:
        if tree.player[v] < 0:
            key = own(tree.pools[v], 0)
            dealer[key] = dealer.get(key, 0.0) + prob
            for q in range(1, n):
                k = own(tree.pools[v], q)
                others[k] = others.get(k, 0.0) + prob / (n - 1)
            return
        for (_, c), p in zip(tree.children[v], tree.average(v), strict=True):
            if p > 1e-9:
                walk(c, prob * p)

    walk(0, 1.0)

    def top(d: dict[str, float]) -> tuple[tuple[str, float], ...]:
        return tuple(sorted(((k, v) for k, v in d.items() if v >= 0.01), key=lambda kv: -kv[1]))

    return top(dealer), top(others)


def closed_form(players: int) -> tuple[Fraction, ...]:
    """The one-deal equilibrium values: the dealer ``-(n - 1)/52``, every other ``+1/52``."""
    return (Fraction(-(players - 1), 52), *([Fraction(1, 52)] * (players - 1)))


def division_table(players: int) -> list[str]:
    """For each division, the chance it is taken this deal by each position and by anyone."""
    odds = deal_odds(players)
    head = " | ".join(f"position {p}" for p in range(players))
    lines = [f"| division | {head} | anyone |", "|---" * (players + 2) + "|"]
    for d in range(NUM_DIVISIONS):
        cells = " | ".join(f"{float(odds.takes(d, p)):.5f}" for p in range(players))
        lines.append(f"| {DIVISION_NAMES[d]} | {cells} | {float(odds.taken(d)):.5f} |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """``hoyle solve matrimony``: the NashConv curve and the solved staking."""
    parser = argparse.ArgumentParser(
        prog="hoyle solve matrimony",
        description="CFR on Matrimony's staking (one deal, the deal as exact chance).",
    )
    parser.add_argument("--players", type=int, default=3, choices=(2, 3))
    parser.add_argument("--max-stake", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args(argv)
    n = args.players
    print(f"Matrimony, {n} players, max_stake {args.max_stake}, one deal; player 0 deals")
    print("The chance each division is taken this deal (positions from the eldest hand):")
    for line in division_table(n):
        print(line)
    marks = [k for k in (1, 10, 30, 100, 300, 1000, 3000, 10000) if k < args.iterations]
    sol = solve(n, args.max_stake, args.iterations, marks)
    print("CFR iterations, NashConv of the average policy:")
    for i, nc in sol.curve:
        print(f"  {i:6d}  {nc:.3g}")
    exact = ", ".join(f"{float(v):+.5f}" for v in closed_form(n))
    got = ", ".join(f"{v:+.5f}" for v in sol.values)
    print(f"values (dealer first): {got}; closed form {exact}")
    print("the dealer stakes: " + "; ".join(f"{k} ({p:.0%})" for k, p in sol.dealer_stakes))
    print("the others stake: " + "; ".join(f"{k} ({p:.0%})" for k, p in sol.others_stakes))
    print(f"seconds: {sol.seconds:.1f}")
    nc = sol.curve[-1][1]
    print(f"nash_conv: {nc:.6g}")
    return 0 if math.isfinite(nc) else 1


__all__ = [
    "Odds",
    "Solution",
    "StakingGame",
    "StakingTree",
    "closed_form",
    "deal_odds",
    "expected_returns",
    "main",
    "solve",
    "solve_with_openspiel",
]
