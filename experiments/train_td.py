"""``hoyle train backgammon --method td``: the TD(λ) training run of the backgammon value
network, on the run skeleton (:class:`~hoyle.experiments.trainer.RunTrainer`).

``hoyle train backgammon --method td --games N --seed S [--hidden H] [--lam L] [--alpha A]``

The learning rule and the self-play games are :mod:`hoyle.agents.td.learn`; this module runs
them: one step of the run is one self-play game.

The learning curve. Every ``--eval-every`` games (and at the end) the current network plays
``--eval-games`` seeded games (half in each seat, the same dice for both seatings of a pair)
against two fixed baselines: the pip-count greedy player (``expectimax:ply=0,value=pips``) and
the ``random`` player, through the same engine. ``curve.csv`` holds mean points per game with a
95% interval and the win rate; ``curve.png`` draws them.

The run folder (``--out``): ``config.json`` (the settings and the command), ``checkpoint.npz``
(the exact float64 weights, games played, training time and the curve so far; written every
``--checkpoint-every`` games and at the end), ``td.npz`` (the network, float32, loaded by
``td:weights=PATH``), ``curve.csv``, ``curve.png`` and ``summary.json``, each written
atomically (:mod:`hoyle.envs.core.files`). Running the same command again resumes from the
checkpoint (checked: a damaged one, or another run's, is refused in one line); the result
equals an uninterrupted run's (weights and curve; times differ), and a larger ``--games``
continues a finished run. ``hoyle train --method td`` (:mod:`hoyle.experiments.train`) holds
the folder by the rules of run folders: its marker and lock, and ``--no-resume`` removing only
this run's :data:`TDTrainer.FILES`; :class:`TDTrainer` itself deletes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.agents.td.learn import (
    Chooser,
    TDLearner,
    baseline_chooser,
    net_chooser,
    play_game,
    train_game,
)
from hoyle.agents.td.net import ValueNet
from hoyle.experiments.trainer import (
    RunTrainer,
    checked_progress,
    not_this_run,
    resolve_game,
    write_curve,
)
from hoyle.experiments.usage import UsageError

MAX_PLIES = 10_000
"""Plays after which a training or evaluation game is abandoned unscored (a safety bound)."""

CURVE_FIELDS = ("games", "train_seconds", "opponent", "eval_games", "mean", "ci_low", "ci_high",
                "win_rate")  # fmt: skip
BASELINES = ("pips", "random")


def single_threaded_blas() -> bool:
    """Ask the BLAS loaded by numpy (OpenBLAS) for one thread; whether it could be asked.

    The products here are small (a few dozen positions by 199 features by 40 units), and
    OpenBLAS's worker threads spin between them: on a two-core machine training ran at half
    speed until the threads were limited (measured 8-10 against 18-24 games/s). This has the
    effect of ``OPENBLAS_NUM_THREADS=1`` for the whole process, so only the training command
    calls it; a no-op where the library is not found.
    """
    import ctypes

    try:
        with open("/proc/self/maps") as f:
            libs = {line.split()[-1] for line in f if "openblas" in line.lower()}
    except OSError:
        return False
    done = False
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for name in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads64_",
                     "scipy_openblas_set_num_threads", "openblas_set_num_threads"):  # fmt: skip
            fn = getattr(lib, name, None)
            if fn is not None:
                fn(ctypes.c_int(1))
                done = True
                break
    return done


def evaluate(
    player: Chooser, opponent: Chooser, games: int, seed: int, larger_die: bool = False,
    backgammon_value: int = 3, gammon_rule: str = "book",
) -> dict[str, float]:  # fmt: skip
    """``player`` against ``opponent`` over ``games`` games (pairs with the same dice, one in
    each seat): mean points per game, its 95% interval (t, over the pairs) and the win rate."""
    from hoyle.experiments.stats import mean_ci

    pairs = max(1, games // 2)
    pair_means, wins = [], 0
    for j in range(pairs):
        pts = []
        for seat in (0, 1):
            rng = np.random.default_rng(np.random.SeedSequence([seed, 2, j]))
            order = (player, opponent) if seat == 0 else (opponent, player)
            r = play_game(order, rng, larger_die, backgammon_value, gammon_rule)
            r = r if seat == 0 else -r
            pts.append(r)
            wins += r > 0
        pair_means.append(sum(pts) / 2)
    m, lo, hi = mean_ci(pair_means)
    return {"eval_games": 2 * pairs, "mean": m, "ci_low": lo, "ci_high": hi,
            "win_rate": wins / (2 * pairs)}  # fmt: skip


# --- the run --------------------------------------------------------------------------------
class TDTrainer(RunTrainer):
    """One TD run in a folder (on the run skeleton): builds or resumes the network, trains,
    evaluates, saves."""

    FILES = ("config.json", "checkpoint.npz", "td.npz", "curve.csv", "curve.png", "summary.json")
    """What the run writes (and ``hoyle train --no-resume`` removes)."""
    RESULT = "td.npz"
    UNIT = "game"

    def __init__(
        self, game_text: str = "backgammon", *, games: int = 1000, hidden: int = 40,
        lam: float = 0.7, alpha: float = 0.1, explore: float = 0.0, seed: int = 0,
        out: Path | str | None = None, checkpoint_every: int | None = None,
        eval_every: int | None = None, eval_games: int = 200, resume: bool = True,
        progress: bool = True, command: str = "",
    ) -> None:  # fmt: skip
        if games < 1 or seed < 0 or hidden < 1:
            raise UsageError("--games and --hidden must be at least 1 and --seed at least 0")
        if not (0.0 <= lam <= 1.0) or alpha <= 0 or not (0.0 <= explore < 1.0):
            raise UsageError("--lam must be in [0, 1], --alpha positive, --explore in [0, 1)")
        if eval_games < 0:
            raise UsageError("--eval-games must be at least 0")
        self.spec, self.game = resolve_game(game_text, "full")
        if self.spec.short_name != "backgammon":
            raise UsageError(f"--method td trains backgammon only, not {self.spec.short_name}")
        params = self.game.get_parameters()
        self.larger_die = bool(params["larger_die"])
        self.backgammon_value = int(params["backgammon_value"])
        self.gammon_rule = str(params["gammon_rule"])
        self.eval_every = eval_every or max(1, games // 20)
        if self.eval_every < 1:
            raise UsageError("--checkpoint-every and --eval-every must be at least 1")
        self.eval_games = eval_games
        self.seed, self.explore = seed, explore
        super().__init__(
            Path(out or f"runs/backgammon-td-h{hidden}-s{seed}"),
            {"game": str(self.game), "method": "td", "hidden": hidden, "lam": lam,
             "alpha": alpha, "explore": explore, "seed": seed, "eval_every": self.eval_every,
             "eval_games": eval_games},
            total=games, checkpoint_every=checkpoint_every or max(1, games // 20),
            resume=resume, progress=progress, command=command,
        )  # fmt: skip
        self.games = games
        self.net = ValueNet.initial(hidden, seed)
        self.learner = TDLearner(self.net, lam, alpha)
        self.done = 0
        self.plies = 0
        self.curve: list[dict[str, Any]] = []

    done: int = 0  # a plain count here, overriding the skeleton's read-only property
    """Self-play games played so far."""

    @property
    def desc(self) -> str:
        return "td self-play"

    # --- setting up -----------------------------------------------------------------------
    def _setup(self) -> None:
        """Resume the checkpoint of this same run, if there is one (the skeleton holds the
        folder and writes ``config.json``)."""
        ck = self.out / "checkpoint.npz"
        if self.resume and ck.is_file():
            self.load_checkpoint(ck)

    def load_checkpoint(self, path: Path) -> None:
        """Restore the weights and the trainer's state from ``path``; a file that is not a
        checkpoint of this run raises a one-line ``FileFormatError`` and changes nothing."""
        net = ValueNet.load(path)
        bad = not_this_run(path)

        if net.hidden != self.net.hidden:
            raise bad(f"{net.hidden} hidden units, not {self.net.hidden}")
        settings = {"game": str(self.game), "hidden": self.net.hidden,
                    "lam": self.learner.lam, "alpha": self.learner.alpha,
                    "explore": self.explore, "seed": self.seed}  # fmt: skip
        other = [k for k, v in settings.items() if k in net.meta and net.meta[k] != v]
        if other:
            raise bad(f"it was made with {other[0]} {net.meta[other[0]]!r}")
        state = net.meta.get("trainer")
        if not isinstance(state, dict):
            raise bad("it holds no trainer state (a network, not a checkpoint?)")
        games, plies = state.get("games"), state.get("plies")
        secs, curve = state.get("train_seconds"), state.get("curve")
        if not (isinstance(games, int) and isinstance(plies, int) and min(games, plies) >= 0):
            raise bad("bad game or play count")
        secs, curve = checked_progress(bad, secs, curve, "games", CURVE_FIELDS)
        self.net.w1[:], self.net.b1[:], self.net.w2[:], self.net.b2[:] = (
            net.w1, net.b1, net.w2, net.b2)  # fmt: skip
        self.done, self.plies = games, plies
        self.train_seconds = float(secs)
        self.curve = [r for r in curve if r["games"] <= self.done]

    # --- saving and evaluating ------------------------------------------------------------
    def _meta(self) -> dict[str, Any]:
        return {"game": str(self.game), "games": self.done, "hidden": self.net.hidden,
                "lam": self.learner.lam, "alpha": self.learner.alpha, "explore": self.explore,
                "seed": self.seed, "command": self.command}  # fmt: skip

    def checkpoint(self) -> None:
        self.net.meta = {**self._meta(), "trainer": {
            "games": self.done, "plies": self.plies, "train_seconds": self.train_seconds,
            "curve": self.curve}}  # fmt: skip
        self.net.save(self.out / "checkpoint.npz", games=np.array(self.done))
        self.net.meta = self._meta()
        self.net.save(self.out / "td.npz")

    def evaluate(self) -> list[dict[str, Any]]:
        """The curve's rows at this point: the network against each baseline."""
        rows = []
        if self.eval_games:
            bv, rule = self.backgammon_value, self.gammon_rule
            me = net_chooser(self.net, bv, rule)
            for name in BASELINES:
                res = evaluate(me, baseline_chooser(name, bv, rule), self.eval_games,
                               self.seed, self.larger_die, bv, rule)  # fmt: skip
                rows.append({"games": self.done, "train_seconds": round(self.train_seconds, 2),
                             "opponent": name, **res})  # fmt: skip
        self.curve = [r for r in self.curve if r["games"] < self.done] + rows
        self._write_curve()
        return rows

    def _write_curve(self) -> None:
        write_curve(self.out / "curve.csv", self.curve, CURVE_FIELDS)

    def plot(self) -> Path | None:
        if not self.curve:
            return None
        from hoyle.experiments.plots import new_figure, save_figure

        fig = new_figure(6, 4)
        ax = fig.subplots()
        for name in BASELINES:
            rows = [r for r in self.curve if r["opponent"] == name]
            if not rows:
                continue
            g = [r["games"] for r in rows]
            m = np.array([r["mean"] for r in rows])
            lo = np.array([r["ci_low"] for r in rows])
            hi = np.array([r["ci_high"] for r in rows])
            label = "pip-count greedy" if name == "pips" else "random"
            ax.plot(g, m, marker="o", markersize=3, label=f"vs {label}")
            ax.fill_between(g, lo, hi, alpha=0.2)
        ax.axhline(0, color="grey", lw=0.8, ls=":")
        ax.set_xlabel("self-play games")
        ax.set_ylabel(f"points per game (95% CI, {self.eval_games} games)")
        c = self.config
        ax.set_title(f"TD({c['lam']}) self-play, {c['hidden']} hidden units, "
                     f"alpha {c['alpha']}, seed {c['seed']}", fontsize=9)  # fmt: skip
        ax.legend(loc="lower right", fontsize=8)
        ax.grid(True, alpha=0.3)
        path = self.out / "curve.png"
        save_figure(fig, path)
        return path

    # --- the loop -------------------------------------------------------------------------
    def before_loop(self) -> list[dict[str, Any]]:
        """The untrained network's rows; when continuing a finished run, its last point (off
        the ``--eval-every`` grid of the longer run) is dropped."""
        rows = self.evaluate() if self.done == 0 and not self.curve else []
        if self.done < self.games:
            self.curve = [r for r in self.curve if r["games"] % self.eval_every == 0]
        return rows

    def step(self) -> None:
        """One self-play game, from its own seeded stream (``SeedSequence([seed, 1, game])``)."""
        rng = np.random.default_rng(np.random.SeedSequence([self.seed, 1, self.done]))
        self.plies += train_game(self.learner, rng, self.explore, self.larger_die,
                                 self.backgammon_value, self.gammon_rule)  # fmt: skip
        self.done += 1

    def eval_due(self, done: int) -> bool:
        return done % self.eval_every == 0 or done == self.games

    def postfix(self, rows: list[dict[str, Any]]) -> dict[str, str]:
        return {f"vs {r['opponent']}": f"{r['mean']:+.2f}" for r in rows}

    def summary(self) -> dict[str, Any]:
        last = {r["opponent"]: r for r in self.curve if r["games"] == self.done}
        return {
            **self.config, "games": self.done, "plies": self.plies,
            "train_seconds": round(self.train_seconds, 2),
            "games_per_s": round(self.done / self.train_seconds, 2) if self.train_seconds else None,
            "weights": str(self.out / "td.npz"),
            "weights_bytes": (self.out / "td.npz").stat().st_size,
            "final": {k: {f: r[f] for f in ("mean", "ci_low", "ci_high", "win_rate")}
                      for k, r in last.items()},
        }  # fmt: skip


# --- the command (``hoyle train --method td``: options and run in experiments/train.py) -------
def command_line(args: argparse.Namespace) -> str:
    """The command that makes this run, written out (for ``config.json`` and the network)."""
    parts = ["hoyle train", repr(args.game) if "(" in args.game else args.game, "--method td"]
    for flag in ("games", "hidden", "lam", "alpha", "explore", "eval_every", "eval_games",
                 "checkpoint_every", "seed", "out"):  # fmt: skip
        value = getattr(args, flag, None)
        if value is not None:
            parts.append(f"--{flag.replace('_', '-')} {value}")
    return " ".join(parts)


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}: TD({summary['lam']}) self-play, {summary['hidden']} hidden "
             f"units, {summary['games']} games ({summary['plies']} plays) in "
             f"{summary['train_seconds']} s ({summary['games_per_s']} games/s)"]  # fmt: skip
    for name, r in summary["final"].items():
        lines.append(f"vs {name}: {r['mean']:+.3f} points per game [{r['ci_low']:+.3f}, "
                     f"{r['ci_high']:+.3f}], won {r['win_rate']:.1%}")  # fmt: skip
    lines.append(f"network: {summary['weights']} ({summary['weights_bytes'] / 1e3:.0f} kB); "
                 f"play it as td:weights={summary['weights']}")  # fmt: skip
    return "\n".join(lines)


__all__ = ["TDTrainer", "command_line", "evaluate", "format_summary", "single_threaded_blas"]
