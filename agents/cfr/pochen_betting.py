"""The betting for the pochen, solved by CFR with the deal as chance.

The pochen (Foster, *Complete Hoyle*, POCHEN) is a game of its own inside the deal: each player
knows only his own cards, the players bet in turn from the dealer's left, and the best set
among the bettors takes the centre pool. What of a hand matters to it is only its best set
(:func:`hoyle.envs.games.pochen.hands.best_set`: the count, the rank, whether it holds the
trump of that rank) or that it has no pair; so this module solves the betting on those classes:

- the chance node deals every player his class, with the exact joint probabilities of the deal
  (every deal of a reduced pack enumerated) or their frequencies over ``samples`` seeded
  shuffles of the book's pack;
- the betting is the game's (:mod:`hoyle.envs.games.pochen`, assumptions 4 to 6): before a bet
  each player in turn passes or bets 1 to ``max_bet`` (with a pair or better); after it every
  other player in turn from the bettor's left matches or passes; the centre pool holds a
  counter of each player's dressing, and the returns are the counters won and lost on it (no
  bet: the pool stands, and is handed back at the end of a one-deal sitting: 0 each);
- CFR+ (regret matching+, linear averaging) over the public tree, vectorised over the chance
  outcomes; the exploitability (NashConv: the sum over the players of what a best response
  gains over the profile) is exact for that chance distribution.

``hoyle solve pochen-betting --players 3 --max-bet 2`` runs it and compares the solved policy
with the heuristic's betting (``docs/analytics/pochen-betting.md``).
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import numpy as np

from hoyle.envs.core.cards import NUM_SUITS, card
from hoyle.envs.games.pochen.hands import HIGH_ORDER, Set, best_set, set_key
from hoyle.envs.games.pochen.rules import BET_BASE, MATCH, PASS, hand_size

Array = Any  # numpy arrays (numpy's stubs are not part of the typecheck's strict surface)
History = tuple[int, ...]

PASS_A, MATCH_A = 0, 1
"""Action indices here: 0 pass, 1 match, ``1 + k`` a bet of ``k``."""

CLASSES: tuple[tuple[int, int, bool] | None, ...] = (
    None,
    *sorted(
        (size, height, trump)
        for size in (2, 3, 4)
        for height in range(len(HIGH_ORDER))
        for trump in (False, True)
        if size < 4 or trump
    ),
)
"""Every class a hand can be in, weakest first: no pair, then the sets by the showdown's order
(:func:`~hoyle.envs.games.pochen.hands.set_key`), so a higher index wins the showdown."""
_INDEX = {c: i for i, c in enumerate(CLASSES)}
NUM_CLASSES = len(CLASSES)


def class_of(hand: int, trump: int) -> int:
    """The class index of a hand."""
    got = best_set(hand, trump)
    return 0 if got is None else _INDEX[set_key(got)]


@dataclass(frozen=True)
class Config:
    """A betting game: ``players``, bets up to ``max_bet``; the pack's ``ranks`` highest piquet
    ranks (8: the book's 32 cards), ``hand`` cards each (0: the book's deal); ``samples`` 0
    enumerates every deal, else that many seeded shuffles estimate the class frequencies."""

    players: int = 3
    max_bet: int = 2
    ranks: int = 8
    hand: int = 0
    samples: int = 0
    seed: int = 0


def joint_classes(cfg: Config) -> tuple[Array, Array]:
    """The chance node: ``(classes, probs)``, ``classes[o]`` each player's class in outcome
    ``o`` (player 0 the eldest hand), ``probs[o]`` its probability."""
    ranks = HIGH_ORDER[len(HIGH_ORDER) - cfg.ranks :]
    pack = [card(s, r) for s in range(NUM_SUITS) for r in ranks]
    h = cfg.hand or hand_size(cfg.players)
    if cfg.players * h + 1 > len(pack):
        raise ValueError(
            f"{cfg.players} hands of {h} and a turn-up need more than {len(pack)} cards"
        )
    counts: Counter[tuple[int, ...]] = Counter()
    if cfg.samples:
        rng = random.Random(cfg.seed)
        for _ in range(cfg.samples):
            deck = pack[:]
            rng.shuffle(deck)
            trump = deck[cfg.players * h] // 13
            counts[_classes(deck, cfg.players, h, trump)] += 1
    else:
        _enumerate(frozenset(pack), cfg.players, h, (), counts)
    outcomes = sorted(counts)
    total = sum(counts.values())
    return np.array(outcomes, dtype=np.int64), np.array([counts[o] / total for o in outcomes])


def _classes(deck: Sequence[int], players: int, h: int, trump: int) -> tuple[int, ...]:
    return tuple(
        class_of(sum(1 << c for c in deck[q * h : (q + 1) * h]), trump) for q in range(players)
    )


def _enumerate(
    left: frozenset[int],
    players: int,
    h: int,
    hands: tuple[int, ...],
    counts: Counter[tuple[int, ...]],
) -> None:
    """Every deal of ``left``: each remaining player's hand, then the turn-up."""
    if len(hands) == players:
        for turn in left:
            counts[tuple(class_of(m, turn // 13) for m in hands)] += 1
        return
    for combo in itertools.combinations(sorted(left), h):
        _enumerate(left - set(combo), players, h, (*hands, sum(1 << c for c in combo)), counts)


# --- the public tree ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Node:
    """A public history of the betting: who is to act (-1 at the end) and what he may do."""

    player: int
    actions: tuple[int, ...]
    bettor: int
    bet: int
    contenders: tuple[int, ...]


def node(cfg: Config, history: History) -> Node:
    """The public state after ``history`` (assumptions 4 and 5)."""
    n = cfg.players
    queue = list(range(n))
    bettor, bet, contenders = -1, 0, []
    for a in history:
        p = queue.pop(0)
        if a >= 2:
            bettor, bet, contenders = p, a - 1, [p]
            queue = [(p + k) % n for k in range(1, n)]
        elif a == MATCH_A:
            contenders.append(p)
    if not queue:
        return Node(-1, (), bettor, bet, tuple(contenders))
    acts = (PASS_A, MATCH_A) if bettor >= 0 else (PASS_A, *range(2, 2 + cfg.max_bet))
    return Node(queue[0], acts, bettor, bet, tuple(contenders))


def payoff(cfg: Config, nd: Node, classes: Array) -> Array:
    """Each player's counters won and lost on the centre pool at a finished betting (n × O)."""
    n, outcomes = cfg.players, classes.shape[0]
    u = np.zeros((n, outcomes))
    if nd.bettor < 0:
        return u  # The pochen stands; in a one-deal sitting it goes back to those who put it.
    cont = list(nd.contenders)
    pot = n + nd.bet * len(cont)
    winner = np.array(cont)[np.argmax(classes[:, cont], axis=1)]
    for p in range(n):
        stake = 1 + (nd.bet if p in cont else 0)
        u[p] = -stake + pot * (winner == p)
    return u


Policy = dict[History, Array]
"""Each history's strategy: ``policy[h][c, i]`` the probability of the ``i``-th action of the
node for a player of class ``c`` (class 0, no pair, always passes)."""


def forced(nd: Node) -> Array:
    """Class 0's row: pass."""
    row = np.zeros(len(nd.actions))
    row[0] = 1.0
    return row


class Solver:
    """CFR+ on the betting with the deal as chance."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.classes, self.probs = joint_classes(cfg)
        self.nodes: dict[History, Node] = {}
        self._walk(())
        self.regrets = {h: np.zeros((NUM_CLASSES, len(nd.actions))) for h, nd in self.decisions()}
        self.sums = {h: np.zeros((NUM_CLASSES, len(nd.actions))) for h, nd in self.decisions()}
        self.payoffs = {
            h: payoff(cfg, nd, self.classes) for h, nd in self.nodes.items() if nd.player < 0
        }
        self.iterations = 0

    def _walk(self, h: History) -> None:
        nd = node(self.cfg, h)
        self.nodes[h] = nd
        for a in nd.actions:
            self._walk((*h, a))

    def decisions(self) -> list[tuple[History, Node]]:
        return [(h, nd) for h, nd in self.nodes.items() if nd.player >= 0]

    def current(self) -> Policy:
        """The regret-matching strategy of this iteration."""
        out: Policy = {}
        for h, nd in self.decisions():
            r = np.maximum(self.regrets[h], 0.0)
            total = r.sum(axis=1, keepdims=True)
            sigma = np.where(total > 0, r / np.where(total > 0, total, 1.0), 1.0 / len(nd.actions))
            sigma[0] = forced(nd)
            out[h] = sigma
        return out

    def average(self) -> Policy:
        """The average strategy (the solution)."""
        out: Policy = {}
        for h, nd in self.decisions():
            s = self.sums[h]
            total = s.sum(axis=1, keepdims=True)
            sigma = np.where(total > 0, s / np.where(total > 0, total, 1.0), 1.0 / len(nd.actions))
            sigma[0] = forced(nd)
            out[h] = sigma
        return out

    def iterate(self, count: int) -> None:
        n = self.cfg.players
        for _ in range(count):
            self.iterations += 1
            sigma = self.current()
            self._cfr((), np.ones((n, len(self.probs))), sigma, float(self.iterations))

    def _cfr(self, h: History, reach: Array, sigma: Policy, weight: float) -> Array:
        nd = self.nodes[h]
        if nd.player < 0:
            return self.payoffs[h]
        j = nd.player
        cls = self.classes[:, j]
        s = sigma[h][cls]  # O × A
        values = []
        u = np.zeros((self.cfg.players, len(self.probs)))
        for i, a in enumerate(nd.actions):
            r = reach.copy()
            r[j] = r[j] * s[:, i]
            ua = self._cfr((*h, a), r, sigma, weight)
            values.append(ua[j])
            u += s[:, i] * ua
        others = self.probs * np.prod(np.delete(reach, j, axis=0), axis=0)
        for i in range(len(nd.actions)):
            gain = np.bincount(cls, weights=others * (values[i] - u[j]), minlength=NUM_CLASSES)
            self.regrets[h][:, i] = np.maximum(self.regrets[h][:, i] + gain, 0.0)
        mass = np.bincount(cls, weights=self.probs, minlength=NUM_CLASSES)
        own = np.bincount(cls, weights=self.probs * reach[j], minlength=NUM_CLASSES)
        w = np.divide(own, mass, out=np.zeros_like(own), where=mass > 0)
        self.sums[h] += weight * w[:, None] * sigma[h]
        return u

    # --- evaluation ---------------------------------------------------------------------------
    def values(self, policy: Policy, h: History = ()) -> Array:
        """Each player's expected counters per chance outcome under ``policy`` (n × O)."""
        nd = self.nodes[h]
        if nd.player < 0:
            return self.payoffs[h]
        s = policy[h][self.classes[:, nd.player]]
        return sum(s[:, i] * self.values(policy, (*h, a)) for i, a in enumerate(nd.actions))

    def expected(self, policy: Policy) -> Array:
        """Each player's expected counters under ``policy``."""
        return self.values(policy) @ self.probs

    def best_response_value(self, policy: Policy, player: int) -> float:
        """What ``player`` expects with a best response to the others' ``policy``."""
        return float(self._br((), self.probs.copy(), policy, player) @ self.probs)

    def _br(self, h: History, reach: Array, policy: Policy, player: int) -> Array:
        nd = self.nodes[h]
        if nd.player < 0:
            return self.payoffs[h][player]
        cls = self.classes[:, nd.player]
        if nd.player == player:
            vs = np.array([self._br((*h, a), reach, policy, player) for a in nd.actions])
            score = np.array(
                [np.bincount(cls, weights=reach * v, minlength=NUM_CLASSES) for v in vs]
            )  # A × C
            best = np.argmax(score, axis=0)
            best[0] = 0  # no pair: only a pass
            return vs[best[cls], np.arange(len(cls))]
        s = policy[h][cls]
        return sum(
            s[:, i] * self._br((*h, a), reach * s[:, i], policy, player)
            for i, a in enumerate(nd.actions)
        )

    def nash_conv(self, policy: Policy) -> float:
        """The sum over the players of what a best response gains over ``policy``."""
        u = self.expected(policy)
        return float(
            sum(self.best_response_value(policy, p) - u[p] for p in range(self.cfg.players))
        )

    def uniform(self) -> Policy:
        out: Policy = {}
        for h, nd in self.decisions():
            sigma = np.full((NUM_CLASSES, len(nd.actions)), 1.0 / len(nd.actions))
            sigma[0] = forced(nd)
            out[h] = sigma
        return out

    def heuristic(self) -> Policy:
        """The heuristic agent's betting (``agents/heuristics/pochen.py``: ``bet-strong``,
        ``match-by-strength``) as a policy over the classes, asked on a hand of each class."""
        from hoyle.agents.heuristics.pochen import bet_strong, match_by_strength

        rules = SimpleNamespace(max_bet=self.cfg.max_bet)
        out: Policy = {}
        for h, nd in self.decisions():
            sigma = np.zeros((NUM_CLASSES, len(nd.actions)))
            sigma[0] = forced(nd)
            for c in range(1, NUM_CLASSES):
                trump, hand = representative(c)
                if nd.bettor < 0:
                    legal = [PASS, *range(BET_BASE, BET_BASE + self.cfg.max_bet)]
                    narrow = bet_strong
                else:
                    legal = [PASS, MATCH]
                    narrow = match_by_strength
                view = SimpleNamespace(
                    phase=1, bettor=nd.bettor, bet=nd.bet, hand=hand, trump=trump, rules=rules
                )
                choice = narrow(view, legal)  # type: ignore[arg-type]
                a = choice[0]
                i = 0 if a == PASS else (1 if a == MATCH else 1 + a - BET_BASE + 1)
                sigma[c, nd.actions.index(i)] = 1.0
            out[h] = sigma
        return out


def representative(c: int) -> tuple[int, int]:
    """A trump suit and a hand of class ``c`` (its set and nothing more)."""
    key = CLASSES[c]
    assert key is not None
    size, height, has_trump = key
    trump = 0
    suits = list(range(NUM_SUITS)) if has_trump else list(range(1, NUM_SUITS))
    rank = HIGH_ORDER[height]
    hand = sum(1 << card(s, rank) for s in suits[:size])
    assert set_key(Set(size, height, has_trump, hand)) == key
    return trump, hand


# --- the report ------------------------------------------------------------------------------


def describe(solver: Solver, policy: Policy, h: History) -> list[str]:
    """Per class with a pair: the probability of each action at ``h``."""
    nd = solver.nodes[h]
    names = ["pass", "match", *(f"bet {k}" for k in range(1, solver.cfg.max_bet + 1))]
    mass = np.bincount(solver.classes[:, nd.player], weights=solver.probs, minlength=NUM_CLASSES)
    lines = []
    for c in range(1, NUM_CLASSES):
        if mass[c] < 1e-4:
            continue
        key = CLASSES[c]
        assert key is not None
        size, height, trump = key
        what = f"{('pair', 'three', 'four')[size - 2]} of {_RANK_WORDS[height]}" + (
            " with the trump" if trump and size < 4 else ""
        )
        probs = ", ".join(f"{names[a]} {policy[h][c, i]:.2f}" for i, a in enumerate(nd.actions))
        lines.append(f"| {what} | {mass[c]:.3f} | {probs} |")
    return lines


_RANK_WORDS = ("Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")


def main(argv: Sequence[str] | None = None) -> int:
    """``hoyle solve pochen-betting``: solve, print the exploitabilities and the policies."""
    parser = argparse.ArgumentParser(
        prog="hoyle solve pochen-betting",
        description="The betting for the pochen solved by CFR+ (the deal as chance).",
    )
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--max-bet", type=int, default=2)
    parser.add_argument(
        "--ranks", type=int, default=8, help="piquet ranks in the pack (8: 32 cards)"
    )
    parser.add_argument("--hand", type=int, default=0, help="cards each (0: the book's deal)")
    parser.add_argument("--samples", type=int, default=0, help="0: enumerate every deal")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args(argv)
    cfg = Config(args.players, args.max_bet, args.ranks, args.hand, args.samples, args.seed)
    solver = Solver(cfg)
    print(f"config: {cfg}; {len(solver.probs)} joint classes; {len(solver.regrets)} histories")
    done = 0
    for target in sorted({min(t, args.iterations) for t in (10, 100, 1000, args.iterations)}):
        if target > done:
            solver.iterate(target - done)
            done = target
            print(f"iterations {done}: NashConv {solver.nash_conv(solver.average()):.5f}")
    solved, heur = solver.average(), solver.heuristic()
    for name, pol in (("solved", solved), ("heuristic", heur), ("uniform", solver.uniform())):
        u = solver.expected(pol)
        print(
            f"{name}: NashConv {solver.nash_conv(pol):.5f}; values "
            + " ".join(f"{x:+.4f}" for x in u)
        )
    for p in range(cfg.players):
        mixed = solver.expected(
            {**heur, **{h: solved[h] for h, nd in solver.decisions() if nd.player == p}}
        )
        print(
            f"solved player {p} among heuristic players: {mixed[p]:+.4f} (heuristic there: "
            f"{solver.expected(heur)[p]:+.4f})"
        )
    for h, nd in solver.decisions():
        if all(a == PASS_A for a in h) or (len(h) == 1 and h[0] >= 2):
            for name, pol in (("solved", solved), ("heuristic", heur)):
                print(f"\n{name}, player {nd.player} after {_words(h)}:")
                print("\n".join(describe(solver, pol, h)))
    return 0


def _words(h: History) -> str:
    if not h:
        return "nothing"
    return ", ".join("pass" if a == 0 else "match" if a == 1 else f"bet {a - 1}" for a in h)
