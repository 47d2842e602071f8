"""The price of the best trump so far at Speculation, solved by MCCFR on a small market.

Speculation (Foster, *Complete Hoyle*, SPECULATION) hides its face-down cards from everyone,
their holders included, so the whole table is public and a card still face down is any of the
unseen cards with equal chance. Dealing each card when it is turned up, uniformly from the
cards not yet seen, is therefore the same game in distribution; and of a card turned up only
its being a better trump (and which) matters. So the market here is the game's own
(:mod:`hoyle.envs.games.speculation`, its assumptions 2 to 4) on those terms:

- chance turns up the trump's rank (each of ``ranks`` equally likely); an Ace takes the pool;
  a K, Q or J is sold, then every card is exposed (chance names the winner, with the exact
  hypergeometric odds of where the better trumps lie);
- otherwise each card turned is chance: a better trump of each rank still unseen with chance
  1/unseen, else a card of no account; each better trump is sold in one round of offers from
  the seller's left (1 to ``max_offer``, each higher, or pass) and the seller accepts or
  refuses; the holder of the best trump when nobody may turn takes the pool.

Every player sees the whole history, so each decision node is an information set of its own
(perfect information with chance). External-sampling MCCFR (:class:`TreeMCCFR`) solves it over
the enumerated tree (:func:`build_tree`); the exploitability (NashConv, exact on the tree)
says how far the average policy is from an equilibrium.

``hoyle solve speculation-price`` runs it and writes ``docs/analytics/speculation-price.md``:
the exact fair price by players and cards unseen, the heuristic's and the equilibrium's
prices in the small market, and a simulation of the real game beside the exact chance.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from hoyle.agents.cfr.mccfr import TreeMCCFR
from hoyle.agents.cfr.tree import GameTree, build_tree, nash_conv, reach
from hoyle.envs.core.files import write_text
from hoyle.envs.games.speculation import HAND_SIZE, chance_of_standing

CHANCE, TERMINAL = -1, -4
PASS, ACCEPT, REFUSE = 0, 1, 2
"""Actions here: 0 pass, 1 accept, 2 refuse, ``2 + k`` an offer of ``k``."""
HONOUR_STRENGTHS = (9, 10, 11)
"""J, Q, K (strength 12 is the Ace; 0 the Two)."""


@dataclass(frozen=True)
class Config:
    """A small market: ``players``, the ``ranks`` highest of each suit, offers up to
    ``max_offer``, each player staking ``stake`` (the dealer double)."""

    players: int = 2
    ranks: int = 6
    max_offer: int = 2
    stake: int = 1

    @property
    def pool(self) -> int:
        return (self.players + 1) * self.stake


@dataclass(frozen=True)
class Market:
    """One public state of the market (player 0 deals). ``best``: the best trump's strength
    (12 the Ace; -1 before the turn-up); ``unseen``: the cards not yet seen."""

    cfg: Config
    history: tuple[int, ...] = ()
    phase: str = "turn-up"
    counters: tuple[int, ...] = ()
    down: tuple[int, ...] = ()
    unseen: int = 0
    best: int = -1
    holder: int = 0
    honour: bool = False
    next_turner: int = 1
    seller: int = -1
    to_move: int = CHANCE
    offer: int = 0
    bidder: int = -1
    turner: int = -1

    # --- the pyspiel state surface build_tree reads --------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase in ("turn-up", "turn", "expose")

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_move

    def returns(self) -> list[float]:
        return [float(c) for c in self.counters]

    def information_state_string(self, player: int) -> str:
        del player  # Everyone sees the whole history.
        return ",".join(map(str, self.history))

    def legal_actions(self) -> list[int]:
        if self.phase == "bid":
            return [PASS, *range(2 + self.offer + 1, 2 + self.cfg.max_offer + 1)]
        if self.phase == "answer":
            return [ACCEPT, REFUSE]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        low = self.cfg.ranks  # strengths 13 - ranks .. 12 are in the pack
        if self.phase == "turn-up":
            return [(s, 1.0 / self.cfg.ranks) for s in range(13 - low, 13)]
        if self.phase == "turn":
            better = 12 - self.best
            out = [(-1, (self.unseen - better) / self.unseen)]
            return [o for o in out if o[1] > 0] + [
                (s, 1.0 / self.unseen) for s in range(self.best + 1, 13)
            ]
        return [(q, float(p)) for q, p in enumerate(exposure_odds(self)) if p > 0]

    def child(self, a: int) -> Market:
        s = replace(self, history=(*self.history, a))
        return s._apply(a)

    # --- the rules ----------------------------------------------------------------------
    def _apply(self, a: int) -> Market:
        n = self.cfg.players
        if self.phase == "turn-up":
            s = replace(self, best=a, holder=0, unseen=4 * self.cfg.ranks - 1)
            if a == 12:
                return s._take_pool()
            return replace(s, honour=a in HONOUR_STRENGTHS)._open_sale(0)
        if self.phase == "turn":
            q = self.turner
            s = replace(
                self,
                unseen=self.unseen - 1,
                down=tuple(d - (i == q) for i, d in enumerate(self.down)),
                next_turner=(q + 1) % n,
            )
            if a >= 0:
                return replace(s, best=a)._open_sale(q)
            return s._turn()
        if self.phase == "expose":
            return replace(self, holder=a)._take_pool()
        if self.phase == "bid":
            s = self if a == PASS else replace(self, offer=a - 2, bidder=self.to_move)
            return s._next_bidder()
        # The seller's answer.
        if a == ACCEPT:
            c = list(self.counters)
            c[self.bidder] -= self.offer
            c[self.seller] += self.offer
            return replace(self, counters=tuple(c))._close(self.bidder)
        return self._close(self.seller)

    def _open_sale(self, seller: int) -> Market:
        return replace(
            self,
            phase="bid",
            seller=seller,
            offer=0,
            bidder=-1,
            to_move=(seller + 1) % self.cfg.players,
        )

    def _next_bidder(self) -> Market:
        n = self.cfg.players
        q = (self.to_move + 1) % n
        while q != self.seller and self.offer == self.cfg.max_offer:
            q = (q + 1) % n
        if q != self.seller:
            return replace(self, to_move=q)
        if self.bidder >= 0:
            return replace(self, phase="answer", to_move=self.seller)
        return self._close(self.seller)

    def _close(self, owner: int) -> Market:
        s = replace(self, holder=owner, seller=-1, bidder=-1, offer=0)
        if s.honour:
            return replace(s, phase="expose", to_move=CHANCE)
        return s._turn()

    def _turn(self) -> Market:
        n = self.cfg.players
        for i in range(n):
            q = (self.next_turner + i) % n
            if q != self.holder and self.down[q]:
                return replace(self, phase="turn", to_move=CHANCE, turner=q)
        return self._take_pool()

    def _take_pool(self) -> Market:
        c = list(self.counters)
        c[self.holder] += self.cfg.pool
        return replace(self, counters=tuple(c), phase="over", to_move=TERMINAL)


def new_market(cfg: Config) -> Market:
    n = cfg.players
    counters = tuple(-cfg.stake * (2 if q == 0 else 1) for q in range(n))
    return Market(cfg, counters=counters, down=(HAND_SIZE,) * n)


def exposure_odds(s: Market) -> list[Fraction]:
    """Who takes the pool once every dealt card is turned up after an honour's sale: the seat
    holding the highest better trump dealt, else the holder. Each better trump, from the
    Ace down, is dealt to a given seat with chance 3/(cards left) once those above lie in the
    stock."""
    n = s.cfg.players
    unseen = s.unseen
    stock = unseen - HAND_SIZE * n
    odds = [Fraction(0)] * n
    above_in_stock = Fraction(1)
    for k in range(12 - s.best):
        left = unseen - k
        for q in range(n):
            odds[q] += above_in_stock * Fraction(HAND_SIZE, left)
        above_in_stock *= Fraction(stock - k, left)
    odds[s.holder] += above_in_stock
    return odds


class MarketGame:
    """The small market as ``build_tree`` reads a game."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg

    def num_players(self) -> int:
        return self.cfg.players

    def new_initial_state(self) -> Market:
        return new_market(self.cfg)

    def __str__(self) -> str:
        c = self.cfg
        return (
            f"speculation_market(players={c.players},ranks={c.ranks},"
            f"max_offer={c.max_offer},stake={c.stake})"
        )


# --- solving --------------------------------------------------------------------------------


@dataclass
class Solved:
    cfg: Config
    tree: GameTree
    policy: Any
    nash_conv: float
    iterations: int
    values: list[float]


def solve(cfg: Config, iterations: int, seed: int = 0) -> Solved:
    tree = build_tree(MarketGame(cfg))
    solver = TreeMCCFR(tree, "external", seed)
    solver.run(iterations)
    policy = solver.average_policy()
    conv, _, values = nash_conv(tree, policy)
    return Solved(cfg, tree, policy, conv, iterations, values)


def sale_rows(solved: Solved) -> list[dict[str, Any]]:
    """For each first offer of a sale in the tree (the first bidder's decision), the state's
    numbers beside the prices: the exact worth of the card to the bidder and to the seller,
    what the heuristic offers, and the equilibrium's mean offer (over its offers) and its
    chance of offering at all. One row per distinct (unseen, to turn, better) state."""
    cfg = solved.cfg
    tree = solved.tree
    rows: dict[tuple[int, int, int, int], dict[str, Any]] = {}
    reached = reach(tree, solved.policy)
    for state, node in _first_offers(cfg, tree):
        better = 12 - state.best
        bidder = state.to_move
        to_turn_b = sum(d for q, d in enumerate(state.down) if q != bidder)
        to_turn_s = sum(d for q, d in enumerate(state.down) if q != state.seller)
        key = (state.unseen, to_turn_b, to_turn_s, better)
        iset = int(tree.infoset[node])
        off = int(tree.infoset_offset[iset])
        k = int(tree.infoset_num_actions[iset])
        probs = solved.policy[off : off + k]
        offers = [a - 2 for a in range(3, 3 + cfg.max_offer)]
        p_offer = float(sum(probs[1:]))
        fc = int(tree.first_child[node])
        sold = price = 0.0
        for j in range(1, k):
            child = fc + j
            if int(tree.player[child]) == state.seller:  # the answer (two players)
                ci = int(tree.infoset[child])
                acc = float(solved.policy[int(tree.infoset_offset[ci])])
                sold += float(probs[j]) * acc
                price += float(probs[j]) * acc * j
        mean = (
            float(sum(p * o for p, o in zip(probs[1:], offers, strict=True)) / p_offer)
            if p_offer
            else 0.0
        )
        worth_b = chance_of_standing(better, state.unseen, to_turn_b) * cfg.pool
        worth_s = chance_of_standing(better, state.unseen, to_turn_s) * cfg.pool
        heuristic = min(cfg.max_offer, math.floor(worth_b))
        r = rows.setdefault(
            key,
            {"unseen": state.unseen, "to_turn": to_turn_b, "to_turn_seller": to_turn_s,
             "better": better, "worth_bidder": worth_b, "worth_seller": worth_s,
             "heuristic": heuristic, "weight": 0.0, "p_offer": 0.0, "mean_offer": 0.0,
             "p_sold": 0.0, "price": 0.0},
        )  # fmt: skip
        w = float(reached[node])
        r["weight"] += w
        r["p_offer"] += w * p_offer
        r["mean_offer"] += w * p_offer * mean
        r["p_sold"] += w * sold
        r["price"] += w * price
    out = []
    for r in rows.values():
        if r["weight"] <= 0:
            continue
        r["mean_offer"] = r["mean_offer"] / r["p_offer"] if r["p_offer"] else 0.0
        r["price"] = r["price"] / r["p_sold"] if r["p_sold"] else float("nan")
        r["p_sold"] /= r["weight"]
        r["p_offer"] /= r["weight"]
        out.append(r)
    return sorted(out, key=lambda r: (-r["unseen"], r["better"], r["to_turn"]))


def _first_offers(cfg: Config, tree: GameTree) -> list[tuple[Market, int]]:
    """Every node where the first bidder of a sale decides, with its market state (the tree is
    rebuilt in the same breadth-first order as :func:`build_tree`)."""
    out = []
    level = [new_market(cfg)]
    node = 0
    while level:
        nxt: list[Market] = []
        for s in level:
            if s.phase == "bid" and s.to_move == (s.seller + 1) % cfg.players:
                out.append((s, node))
            if not s.is_terminal():
                if s.is_chance_node():
                    nxt.extend(s.child(a) for a, _ in s.chance_outcomes())
                else:
                    nxt.extend(s.child(a) for a in s.legal_actions())
            node += 1
        level = nxt
    return out


# --- the simulation of the real game --------------------------------------------------------


def simulate_standing(players: int, deals: int, seed: int) -> tuple[float, float, Fraction]:
    """The real game (``hoyle_speculation``, the book's pack), every offer passed: how often a
    turn-up of the Two stands (it is still the best trump at the end), with its 95% interval
    half-width, beside the exact chance (``better`` = 12 above it, ``unseen`` = 51, the
    others' 3(n - 1) cards turned). Deals without a Two turned up are dealt again."""
    import pyspiel

    import hoyle.envs  # noqa: F401  (registers the games)
    from hoyle.envs.core.cards import TWO, rank_of

    game = pyspiel.load_game("hoyle_speculation", {"players": players})
    rng = random.Random(seed)
    hits: list[float] = []
    while len(hits) < deals:
        state = game.new_initial_state()
        for _ in range(HAND_SIZE * players + 1):
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        if rank_of(state.s.turn_up) != TWO:
            continue  # rejection: the deals with a Two turned up, each as likely as it was
        turn_up = state.s.turn_up
        while not state.is_terminal():
            state.apply_action(52)  # pass: after the deal every step is an offer or a pass
        hits.append(float(state.s.best == turn_up))
    mean = statistics.fmean(hits)
    half = 1.96 * statistics.stdev(hits) / math.sqrt(len(hits))
    return mean, half, chance_of_standing(12, 51, HAND_SIZE * (players - 1))


# --- the report -----------------------------------------------------------------------------


def report(solved: Sequence[Solved], sims: Sequence[tuple[int, float, float, Fraction]],
           command: str) -> str:  # fmt: skip
    lines = [
        "# Speculation: the price of the best trump so far",
        "",
        "Foster's *Complete Hoyle*, SPECULATION: the best trump showing is sold and resold; "
        "the book gives no price. Nobody sees a face-down card, so the best trump stands "
        "(no better trump among the cards the others still turn) with the exact "
        "hypergeometric chance C(unseen − better, to turn) / C(unseen, to turn) "
        "(`hoyle.envs.games.speculation.odds`), and its fair price is that chance times the "
        "pool.",
        "",
        f"Made by `{command}`.",
        "",
        "## The fair price of the turn-up, the book's pack (exact)",
        "",
        "The dealer keeps the turn-up (51 cards unseen, the others' 3(n − 1) cards to be "
        "turned against it); the chance it stands, by its rank and the number of players. "
        "Times the pool ((n + 1) × the stake) it is the fair price.",
        "",
        "| players \\ turn-up | "
        + " | ".join(("2", "3", "4", "5", "6", "7", "8", "9", "10"))
        + " |",
        "|---|" + "---|" * 9,
    ]
    for n in range(2, 10):
        cells = [
            f"{float(chance_of_standing(12 - r, 51, HAND_SIZE * (n - 1))):.3f}" for r in range(9)
        ]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Later in the deal: the chance by cards unseen and cards still to turn (exact)",
        "",
        "One better trump unseen (the best so far is the King, say), by the cards unseen and "
        "those the others still have face down:",
        "",
        "| unseen \\ to turn | 1 | 3 | 6 | 9 | 12 | 18 | 24 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for unseen in (51, 45, 39, 33, 27, 21):
        cells = [
            f"{float(chance_of_standing(1, unseen, t)):.3f}" if t <= unseen else "–"
            for t in (1, 3, 6, 9, 12, 18, 24)
        ]
        lines.append(f"| {unseen} | " + " | ".join(cells) + " |")
    for s in solved:
        c = s.cfg
        sizes = s.tree.sizes()
        lines += [
            "",
            f"## The equilibrium price: {c.players} players, {c.ranks} ranks "
            f"({4 * c.ranks} cards), offers up to {c.max_offer}, pool {c.pool}",
            "",
            f"External-sampling MCCFR, {s.iterations:,} iterations, over the market's whole "
            f"tree ({sizes['nodes']:,} nodes, {sizes['infosets']:,} information sets). "
            f"NashConv of the average policy: **{s.nash_conv:.4f}** counters (exact on the "
            f"tree); its values by seat: " + ", ".join(f"{v:+.3f}" for v in s.values) + ".",
            "",
            "Each row is a sale's first offer: the cards unseen, the better trumps among them, "
            "the cards the others would turn against the bidder (and against the seller), the "
            "card's exact worth to each (chance × pool), the heuristic's offer "
            "(`agents/heuristics/speculation.py`: the most within the bidder's worth), and the "
            "equilibrium's chance of offering, its mean offer, its chance of a sale (offer and "
            "acceptance) and the mean price of a sale. Between two players a sale is zero-sum: "
            "what the bidder gains by buying at a price the seller loses by selling at it, so "
            "no price leaves both better off, and a sale happens in equilibrium only at a price "
            "that leaves both indifferent. Where nothing better can come (`better` 0: the card "
            "takes the whole pool, 3) a sale below 3 only loses the seller counters, and the "
            "offers are a matter of indifference (the mean offer means little there); the "
            "small chances of a sale left in such rows are the average policy's unconverged "
            "remainder in rarely reached states, which the NashConv above bounds.",
            "",
            "| unseen | better | to turn (bidder / seller) | worth to bidder | worth to seller "
            "| heuristic offers | equilibrium offers | equilibrium mean offer "
            "| equilibrium sells | equilibrium price paid |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        for r in sale_rows(s):
            lines.append(
                f"| {r['unseen']} | {r['better']} | {r['to_turn']} / {r['to_turn_seller']} | "
                f"{float(r['worth_bidder']):.3f} | {float(r['worth_seller']):.3f} | "
                f"{r['heuristic']} | {r['p_offer']:.2f} | {r['mean_offer']:.2f} | "
                f"{r['p_sold']:.2f} | "
                + (f"{r['price']:.2f}" if r["p_sold"] > 0.005 else "–")
                + " |"
            )
    lines += [
        "",
        "## The simulation beside the exact chance",
        "",
        "The real game (`hoyle_speculation`, the book's pack), the Two of trumps turned up "
        "and every offer passed: how often it is still the best trump at the end, with a 95% "
        "interval, beside the exact chance of standing.",
        "",
        "| players | deals | simulated | 95% interval | exact | within |",
        "|---|---|---|---|---|---|",
    ]
    for n, mean, half, exact in sims:
        ok = abs(mean - float(exact)) <= half
        lines.append(
            f"| {n} | {SIM_DEALS:,} | {mean:.4f} | ±{half:.4f} | {float(exact):.4f} | "
            f"{'yes' if ok else 'NO'} |"
        )
    lines.append("")
    return "\n".join(lines)


SIM_DEALS = 4000


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="hoyle solve speculation-price", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("--players", type=int, nargs="+", default=[2])
    p.add_argument("--ranks", type=int, default=5)
    p.add_argument("--max-offer", type=int, default=2)
    p.add_argument("--iterations", type=int, default=20000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sim-players", type=int, nargs="*", default=[2, 4, 6])
    p.add_argument("--out", type=Path, default=None, help="write the report here (.md)")
    a = p.parse_args(argv)
    solved = []
    for n in a.players:
        s = solve(Config(n, a.ranks, a.max_offer), a.iterations, a.seed)
        print(f"{n} players: {s.tree.sizes()['nodes']:,} nodes, NashConv {s.nash_conv:.4f}")
        solved.append(s)
    sims = []
    for n in a.sim_players:
        mean, half, exact = simulate_standing(n, SIM_DEALS, a.seed + n)
        print(f"simulation, {n} players: {mean:.4f} ± {half:.4f}, exact {float(exact):.4f}")
        sims.append((n, mean, half, exact))
    command = "hoyle solve speculation-price " + " ".join(argv or [])
    text = report(solved, sims, command.strip())
    if a.out is not None:
        write_text(a.out, text)
        print(f"wrote {a.out}")
    else:
        print(text)
    return 0


__all__ = ["Config", "Market", "MarketGame", "exposure_odds", "main", "new_market", "solve"]
