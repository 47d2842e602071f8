"""TD(λ) self-play training of the backgammon value network (Tesauro 1992), and its command.

``hoyle train backgammon --method td --games N --seed S [--hidden H] [--lam L] [--alpha A]``

The method. One network (:class:`~hoyle.agents.td.net.ValueNet`) plays both sides. On each
throw the player lists the distinct results of his legal plays
(:func:`~hoyle.envs.games.backgammon.plays`), evaluates them all at once (one matrix product)
and makes the play of highest equity (0-ply, greedy; ``--explore`` makes a uniformly random play
with that probability instead). After each play the network's outputs for the position the
previous player left are moved toward its outputs for the new position, seen from his side
(:func:`~hoyle.agents.td.net.flip`): the TD error ``delta = flip(y[t+1]) - y[t]``, one per
output. The eligibility trace of each output decays by λ per play and changes sides with the
turn (the same flip applied to the gradients), so a single trace serves both players; weights
move by ``alpha * sum_k delta_k * trace_k`` (online TD(λ), Sutton 1988). When a play bears off
the fifteenth man the target of the loser's last position is the game's real result from his
side: a hit, a gammon or a backgammon (:func:`~hoyle.agents.td.net.outcome`). Traces restart
with each game.

The games are driven through the pure board functions, not pyspiel: the positions a throw can
leave come from :func:`~hoyle.envs.games.backgammon.plays`, a finished game is scored by
``game_value``. The
first throw is a random unequal pair (the modern opening: the book's take-or-throw-again choice
is a one-time decision the agent makes by expected value, :class:`ValueBot`); every later throw
is two dice from a numpy RNG. Game ``g`` of seed ``S`` draws from its own stream,
``SeedSequence([S, 1, g])``, so a game's dice do not depend on where a run was interrupted and
a checkpoint needs no RNG state beyond the number of games played. A game longer than
``MAX_PLIES`` plays (none has come near) ends unscored.

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
import csv
import io
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy.special import expit

from hoyle.agents.td.net import (
    _FLIP_INDEX,
    _FLIP_SIGN,
    NUM_FEATURES,
    NUM_OUTPUTS,
    ValueNet,
    board_array,
    equity,
    features,
    flip,
    outcome,
)
from hoyle.envs.core.files import FileFormatError, read_json, write_json, write_text
from hoyle.envs.games.backgammon import (
    NUM_MEN,
    OFF,
    START,
    Position,
    dice_to_play,
    game_value,
    plays,
)

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


Chooser = Callable[[list[Position], np.random.Generator], int]
"""Picks the index of a play among the positions it may leave."""


class Dice:
    """Throws of two dice drawn from ``rng`` in blocks (one numpy call per 64 throws)."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.block: list[tuple[int, ...]] = []

    def __call__(self) -> tuple[int, ...]:
        if not self.block:
            pairs = self.rng.integers(1, 7, size=(64, 2)).tolist()
            self.block = [_DICE[a][b] for a, b in reversed(pairs)]
        return self.block.pop()


_DICE = [[dice_to_play(a, b) if a and b else () for b in range(7)] for a in range(7)]


def opening_throw(rng: np.random.Generator) -> tuple[int, ...]:
    """The first throw: two unequal dice (the modern opening)."""
    while True:
        a, b = rng.integers(1, 7, size=2)
        if a != b:
            return dice_to_play(int(a), int(b))


def _finished(pos: Position) -> bool:
    return pos[0][OFF] == NUM_MEN


def exact_equities(arr: np.ndarray, values: np.ndarray, backgammon_value: int) -> np.ndarray:
    """``values`` with finished games (mover has borne off all) replaced by their real value."""
    for i in np.flatnonzero(arr[:, 0, OFF] == NUM_MEN):
        values[i] = game_value(tuple(arr[i, 0]), tuple(arr[i, 1]), backgammon_value)
    return values


def play_game(
    choosers: Sequence[Chooser], rng: np.random.Generator, larger_die: bool = False,
    backgammon_value: int = 3,
) -> int:  # fmt: skip
    """One game between ``choosers[0]`` and ``choosers[1]`` through the board functions; the
    points player 0 wins (negative when he loses; 0 if abandoned). The higher opening die
    decides who starts, as in the game."""
    while True:
        a, b = (int(v) for v in rng.integers(1, 7, size=2))
        if a != b:
            break
    turn = 0 if a > b else 1
    dice = dice_to_play(a, b)
    mover, adversary = START, START
    next_throw = Dice(rng)
    for _ in range(MAX_PLIES):
        options = list(plays(mover, adversary, dice, larger_die))
        i = choosers[turn](options, rng) if len(options) > 1 else 0
        pos = options[i]
        if _finished(pos):
            value = game_value(pos[0], pos[1], backgammon_value)
            return value if turn == 0 else -value
        mover, adversary = pos[1], pos[0]
        turn = 1 - turn
        dice = next_throw()
    return 0


def net_chooser(net: ValueNet, backgammon_value: int = 3) -> Chooser:
    """The greedy 0-ply player of a network."""

    def choose(options: list[Position], rng: np.random.Generator) -> int:
        del rng
        arr = board_array(options)
        _, y = net.forward(features(arr))
        return int(np.argmax(exact_equities(arr, equity(y, backgammon_value), backgammon_value)))

    return choose


def baseline_chooser(name: str, backgammon_value: int = 3) -> Chooser:
    """``pips``: the greedy pip-count player; ``random``: a uniformly random play."""
    if name == "random":
        return lambda options, rng: int(rng.integers(len(options)))
    from hoyle.agents.expectimax import pip_values

    def choose(options: list[Position], rng: np.random.Generator) -> int:
        del rng
        return int(np.argmax(pip_values(options, backgammon_value)))

    return choose


def evaluate(
    player: Chooser, opponent: Chooser, games: int, seed: int, larger_die: bool = False,
    backgammon_value: int = 3,
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
            r = play_game(order, rng, larger_die, backgammon_value)
            r = r if seat == 0 else -r
            pts.append(r)
            wins += r > 0
        pair_means.append(sum(pts) / 2)
    m, lo, hi = mean_ci(pair_means)
    return {"eval_games": 2 * pairs, "mean": m, "ci_low": lo, "ci_high": hi,
            "win_rate": wins / (2 * pairs)}  # fmt: skip


class TDLearner:
    """The TD(λ) update for one network playing both sides.

    The traces are kept in player 0's frame: a position after player 1's play contributes its
    gradients flipped to player 0's side (``win`` negated, the gammon outputs swapped), and the
    TD error of player 1's position is flipped the same way, so one set of traces serves both
    players and nothing is copied when the turn changes.
    """

    def __init__(self, net: ValueNet, lam: float, alpha: float) -> None:
        self.net, self.lam, self.alpha = net, lam, alpha
        h = net.hidden
        self.e1 = np.zeros((NUM_OUTPUTS, h, NUM_FEATURES))
        self.eb1 = np.zeros((NUM_OUTPUTS, h))
        self.e2 = np.zeros((NUM_OUTPUTS, NUM_OUTPUTS, h))
        self.eb2 = np.zeros((NUM_OUTPUTS, NUM_OUTPUTS))
        self.y_prev: np.ndarray | None = None
        self.side_prev = 0

    def start_game(self) -> None:
        for e in (self.e1, self.eb1, self.e2, self.eb2):
            e.fill(0.0)
        self.y_prev = None

    def update(self, target: np.ndarray) -> None:
        """Move the last observed position's outputs toward ``target`` (its mover's view)."""
        assert self.y_prev is not None
        delta = self.alpha * (target - self.y_prev)
        if self.side_prev:
            delta = _FLIP_SIGN * delta[_FLIP_INDEX]
        net = self.net
        net.w1 += (delta @ self.e1.reshape(NUM_OUTPUTS, -1)).reshape(net.w1.shape)
        net.b1 += delta @ self.eb1
        net.w2 += (delta @ self.e2.reshape(NUM_OUTPUTS, -1)).reshape(net.w2.shape)
        net.b2 += delta @ self.eb2

    def observe(self, x: np.ndarray, side: int) -> np.ndarray:
        """A new position (features ``x``, left by player ``side``, in his view): the traces
        decay by λ and take this position's gradients. Returns its outputs."""
        net = self.net
        h = expit(net.w1 @ x + net.b1)
        y: np.ndarray = expit(net.w2 @ h + net.b2)
        gy = y * (1.0 - y)  # dy_k / dz_k
        gh = (gy[:, None] * net.w2) * (h * (1.0 - h))  # dy_k / d(hidden pre-activation)
        rows = _IDENTITY
        if side:  # to player 0's frame: output k of the frame is sign_k * y[flip(k)]
            rows = _FLIP_INDEX
            gy = _FLIP_SIGN * gy[rows]
            gh = _FLIP_SIGN[:, None] * gh[rows]
        if self.y_prev is not None:
            for e in (self.e1, self.eb1, self.e2, self.eb2):
                e *= self.lam
        self.e1 += gh[:, :, None] * x[None, None, :]
        self.eb1 += gh
        self.e2[_IDENTITY, rows] += gy[:, None] * h[None, :]
        self.eb2[_IDENTITY, rows] += gy
        self.y_prev, self.side_prev = y, side
        return y


_IDENTITY = np.arange(NUM_OUTPUTS)


def train_game(
    learner: TDLearner, rng: np.random.Generator, explore: float = 0.0,
    larger_die: bool = False, backgammon_value: int = 3,
) -> int:  # fmt: skip
    """One game of self-play with TD(λ) updates; the number of plays made."""
    net = learner.net
    learner.start_game()
    mover, adversary = START, START
    dice = opening_throw(rng)
    next_throw = Dice(rng)
    side = 0
    for ply in range(1, MAX_PLIES + 1):
        options = list(plays(mover, adversary, dice, larger_die))
        arr = board_array(options)
        x = features(arr)
        y: np.ndarray | None = None
        if len(options) == 1:
            i = 0
        elif explore and rng.random() < explore:
            i = int(rng.integers(len(options)))
        else:
            _, y = net.forward(x)
            i = int(np.argmax(exact_equities(arr, equity(y, backgammon_value), backgammon_value)))
        pos = options[i]
        if _finished(pos):
            if learner.y_prev is not None:
                learner.update(flip(outcome(pos[0], pos[1])))
            return ply
        if learner.y_prev is not None:
            y_new = net.forward(x[i : i + 1])[1][0] if y is None else y[i]
            learner.update(flip(y_new))
        learner.observe(x[i], side)
        mover, adversary = pos[1], pos[0]
        side = 1 - side
        dice = next_throw()
    return MAX_PLIES


# --- the run --------------------------------------------------------------------------------
class TDTrainer:
    """One TD run in a folder: builds or resumes the network, trains, evaluates, saves."""

    FILES = ("config.json", "checkpoint.npz", "td.npz", "curve.csv", "curve.png", "summary.json")
    """What the run writes (and ``hoyle train --no-resume`` removes)."""

    def __init__(
        self, game_text: str = "backgammon", *, games: int = 1000, hidden: int = 40,
        lam: float = 0.7, alpha: float = 0.1, explore: float = 0.0, seed: int = 0,
        out: Path | str | None = None, checkpoint_every: int | None = None,
        eval_every: int | None = None, eval_games: int = 200, resume: bool = True,
        progress: bool = True, command: str = "",
    ) -> None:  # fmt: skip
        from hoyle.experiments.cli import UsageError
        from hoyle.experiments.train import resolve_game

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
        self.games = games
        self.checkpoint_every = checkpoint_every or max(1, games // 20)
        self.eval_every = eval_every or max(1, games // 20)
        if self.checkpoint_every < 1 or self.eval_every < 1:
            raise UsageError("--checkpoint-every and --eval-every must be at least 1")
        self.eval_games = eval_games
        self.seed, self.explore = seed, explore
        self.progress, self.command, self.resume = progress, command, resume
        self.out = Path(out or f"runs/backgammon-td-h{hidden}-s{seed}")
        self.config: dict[str, Any] = {
            "game": str(self.game), "method": "td", "hidden": hidden, "lam": lam,
            "alpha": alpha, "explore": explore, "seed": seed, "eval_every": self.eval_every,
            "eval_games": eval_games,
        }  # fmt: skip
        self.net = ValueNet.initial(hidden, seed)
        self.learner = TDLearner(self.net, lam, alpha)
        self.done = 0
        self.plies = 0
        self.train_seconds = 0.0
        self.curve: list[dict[str, Any]] = []

    # --- setting up -----------------------------------------------------------------------
    def setup(self) -> None:
        """Create the folder, or resume the checkpoint of this same run there. Nothing is
        deleted: starting over in a used folder is the command's decision
        (:func:`hoyle.experiments.train.run_folder`)."""
        from hoyle.experiments.cli import UsageError

        cfg_path, ck = self.out / "config.json", self.out / "checkpoint.npz"
        if cfg_path.is_file():
            old = read_json(cfg_path, "run config")
            diff = [k for k in self.config if old.get(k) != self.config[k]]
            if diff:
                k = diff[0]
                raise UsageError(f"{self.out} holds another run ({k}: {old.get(k)!r}, not "
                                 f"{self.config[k]!r}); choose another --out")  # fmt: skip
        self.out.mkdir(parents=True, exist_ok=True)
        write_json(cfg_path, {**self.config, "command": self.command})
        if self.resume and ck.is_file():
            self.load_checkpoint(ck)

    def resumed_at(self) -> str | None:
        """Where the run stands after :meth:`setup`, if past its start (for the resume line)."""
        return f"game {self.done}" if self.done else None

    def load_checkpoint(self, path: Path) -> None:
        """Restore the weights and the trainer's state from ``path``; a file that is not a
        checkpoint of this run raises a one-line ``FileFormatError`` and changes nothing."""
        net = ValueNet.load(path)

        def bad(why: str) -> FileFormatError:
            return FileFormatError(f"{path} is not a checkpoint of this run: {why}; "
                                   "--no-resume starts over")  # fmt: skip

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
        if not isinstance(secs, int | float) or not secs >= 0:
            raise bad("bad training time")
        if not isinstance(curve, list) or not all(
            isinstance(r, dict) and isinstance(r.get("games"), int) and set(r) <= set(CURVE_FIELDS)
            for r in curve
        ):
            raise bad("bad learning curve")
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
            me = net_chooser(self.net, self.backgammon_value)
            for name in BASELINES:
                res = evaluate(me, baseline_chooser(name, self.backgammon_value),
                               self.eval_games, self.seed, self.larger_die,
                               self.backgammon_value)  # fmt: skip
                rows.append({"games": self.done, "train_seconds": round(self.train_seconds, 2),
                             "opponent": name, **res})  # fmt: skip
        self.curve = [r for r in self.curve if r["games"] < self.done] + rows
        self._write_curve()
        return rows

    def _write_curve(self) -> None:
        f = io.StringIO(newline="")
        w = csv.DictWriter(f, fieldnames=CURVE_FIELDS)
        w.writeheader()
        for r in self.curve:
            w.writerow({k: (round(v, 4) if isinstance(v, float) else v)
                        for k, v in r.items()})  # fmt: skip
        write_text(self.out / "curve.csv", f.getvalue())

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
    def train(self) -> dict[str, Any]:
        """Train to ``games`` games, evaluating and checkpointing on the way; the summary."""
        if self.done == 0 and not self.curve:
            self.evaluate()
        if self.done < self.games:  # continuing: a shorter run's last point is off the grid
            self.curve = [r for r in self.curve
                          if r["games"] % self.eval_every == 0]  # fmt: skip
        bar = None
        if self.progress:
            from tqdm import tqdm

            bar = tqdm(total=self.games, initial=min(self.done, self.games), desc="td self-play",
                       unit=" games", dynamic_ncols=True)  # fmt: skip
        try:
            while self.done < self.games:
                rng = np.random.default_rng(np.random.SeedSequence([self.seed, 1, self.done]))
                t0 = time.perf_counter()
                self.plies += train_game(self.learner, rng, self.explore, self.larger_die,
                                         self.backgammon_value)  # fmt: skip
                self.train_seconds += time.perf_counter() - t0
                self.done += 1
                if bar is not None:
                    bar.update(1)
                if self.done % self.eval_every == 0 or self.done == self.games:
                    rows = self.evaluate()
                    if bar is not None and rows:
                        bar.set_postfix({f"vs {r['opponent']}": f"{r['mean']:+.2f}"
                                         for r in rows})  # fmt: skip
                if self.done % self.checkpoint_every == 0 or self.done == self.games:
                    self.checkpoint()
        finally:
            if bar is not None:
                bar.close()
        if not (self.out / "td.npz").is_file():
            self.checkpoint()
        self.plot()
        summary = self.summary()
        write_json(self.out / "summary.json", summary)
        return summary

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


__all__ = ["TDLearner", "TDTrainer", "evaluate", "play_game", "train_game"]
