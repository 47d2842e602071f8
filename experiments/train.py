"""``hoyle train``: tabular MCCFR on a game's small configuration (exact) or the full game.

(The other methods are runs of their own on the same skeleton, dispatched from :func:`run`:
``--method td``, backgammon's TD(λ) network, :mod:`hoyle.experiments.train_td`; ``--method
table``, the Poker Patience planner's line values, :mod:`hoyle.experiments.train_patience`.)

Two modes, chosen by ``--config`` and ``--abstraction``:

* **exact** (``--config small``, the default, or ``--config tiny``, without
  ``--abstraction``): the game's ``GameSpec.small_config`` (``tiny_config``) is enumerated
  once into flat arrays (:mod:`hoyle.agents.cfr.tree`, cached as ``tree.npz`` in the run
  folder), MCCFR walks them, and the exact exploitability of the average policy is computed
  by a vectorised best response at log-spaced iterations (about ten per decade;
  ``--eval-every N`` for a fixed step) and written to ``exploitability.csv`` and
  ``exploitability.png`` (log-log). A tree estimated past ``--max-nodes`` (2,000,000) is
  refused in one line with its estimated size (:func:`check_tree_size`): most games' small
  configurations are still far too large, their tiny ones a few thousand nodes.
* **abstracted** (``--config full``, or ``--abstraction``): MCCFR walks the real ``pyspiel``
  game with the information set keyed by the game's declared abstraction
  (``GameSpec.abstraction``, ``--abstraction declared``, the default on the full game) or by
  the exact information-state string (``--abstraction infostate``). Outcome sampling is the
  default there (external sampling explores every one of the traverser's actions: exponential
  in the length of a full deal; an iteration estimated past ``--max-nodes`` is refused).
  ``progress.csv`` logs the information sets found.

The run folder (``--out``, default ``runs/<game>-mccfr-<config>-<sampling>-s<seed>``) holds
``config.json``, ``checkpoint.npz`` (the regret and average tables as arrays, with a JSON
``meta`` entry for the iteration, the RNG state and the log; every ``--checkpoint-every``
iterations and at the end), ``policy.npz`` (the average policy, loaded by
``mccfr:policy=PATH``) and ``summary.json``. Running the same command again resumes from
the last checkpoint and gives the same numbers as an uninterrupted run (the tables, the
policy and the exploitability column; times differ); a larger ``--iterations`` continues a
finished run. ``kill`` (SIGTERM) stops a run as Ctrl-C does: exit status 130, the last
checkpoint kept.

The folder is the run's own (:mod:`hoyle.experiments.runs`, the same rules for ``--method
td``): it carries the run's marker and, while training, its lock; a folder of another run,
or one holding files no hoyle run wrote, is refused in one line and left as it is;
``--no-resume`` starts over only in this same run's folder, removing only the files the
run writes (:data:`Trainer.FILES`). A folder written by a hoyle from before markers is
taken as this run's when its ``config.json`` says the same settings (the result folders
that ship under ``agents/`` are such folders). Every file is written atomically, and
nothing is ever unpickled: a ``checkpoint.pkl`` of an older hoyle is ignored, and a
damaged or doctored checkpoint is refused in one line. The cached ``tree.npz`` is checked
on loading; a damaged one is rebuilt (with a line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from hoyle.envs.core.files import (
    FileFormatError,
    atomic_write,
    load_npz,
    npz_json,
    save_npz,
)
from hoyle.experiments.trainer import (  # the folder rules and the game, for every method
    RunTrainer,
    checked_meta,
    checked_progress,
    not_this_run,
    resolve_game,
)
from hoyle.experiments.usage import UsageError

if TYPE_CHECKING:
    from hoyle.envs.core.registry import GameSpec
    from hoyle.experiments.train_patience import TableTrainer
    from hoyle.experiments.train_td import TDTrainer

MODES = ("exact", "abstracted")
CONFIGS = ("tiny", "small", "full")
"""``--config``: the game's tiny or small configuration (``GameSpec.tiny_config``,
``small_config``), both exact; or the game as given, abstracted."""
EXACT_CONFIGS = ("tiny", "small")
MAX_NODES = 2_000_000
"""The default ``--max-nodes``: the most nodes (estimated) of a tree that exact mode
enumerates, or of the walk one external-sampling iteration makes. Cassino's small
configuration (873,797 nodes) takes 830 MB and minutes to enumerate."""
TREE_SAMPLES = 300
"""Random playouts behind each estimate of a tree's size (Knuth's estimator, seeded)."""
ABSTRACTIONS = ("declared", "infostate")
CSV_FIELDS = ("iteration", "train_seconds", "eval_seconds", "nash_conv", "exploitability")
CHECKPOINT = "checkpoint.npz"
CHECKPOINT_FORMAT = "hoyle-mccfr-checkpoint-1"
"""The format tag in a checkpoint's ``meta`` (arrays of ``state_dict``, JSON for the rest)."""
LEGACY_CHECKPOINT = "checkpoint.pkl"
"""The pickled checkpoint of earlier versions: never opened (unpickling can run any code)."""


def log_points(total: int, per_decade: int = 10) -> list[int]:
    """Iterations at which exact mode evaluates: about ``per_decade`` per decade, and the
    last. They do not depend on ``total`` below it, so a continued run keeps its points.

    >>> log_points(100)
    [1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100]
    """
    pts = {total}
    k = 0
    while True:
        x = round(10 ** (k / per_decade))
        if x > total:
            break
        pts.add(x)
        k += 1
    return sorted(pts)


def check_tree_size(
    spec: GameSpec, game: Any, label: str, config: str, mode: str, sampling: str,
    max_nodes: int = MAX_NODES,
) -> None:  # fmt: skip
    """Refuse, in one line naming its estimated size, a tree this run cannot build or walk.

    Exact mode enumerates the whole tree into arrays; external sampling on the real game walks
    every action of the traverser in each iteration. Both sizes are estimated by Knuth's
    estimator over :data:`TREE_SAMPLES` seeded random playouts
    (:func:`hoyle.envs.core.treesize.estimate_nodes`: a fraction of a second, good to a few per
    cent on a tree that fits, to an order of magnitude on one of 1e+20 nodes), and a
    run past ``max_nodes`` is refused before its folder is touched, with the configuration
    that fits.
    """
    from hoyle.envs.core.treesize import about, estimate_nodes

    if mode == "exact":
        nodes = estimate_nodes(game, TREE_SAMPLES)
        what = f"{label} has {about(nodes)} nodes in its tree"
        full = "--config full" + ("" if spec.abstraction else " --abstraction infostate")
        if config == "small" and spec.tiny_config is not None:
            hint = f"use --config tiny (at most {spec.tiny_nodes:,} nodes)"
        elif config == "small":
            hint = f"{spec.short_name} has no tiny configuration; use {full} to sample it"
        else:
            hint = f"the tiny configuration as declared has at most {spec.tiny_nodes:,} nodes"
        cannot = "more than exact mode enumerates"
    elif sampling == "external":

        def walk(p: int) -> float:  # the walk with traverser p (an iteration has one each)
            return estimate_nodes(game, TREE_SAMPLES, branching=lambda s: s.current_player() == p)

        nodes = sum(walk(p) for p in range(game.num_players()))
        what = f"one external-sampling iteration on {label} walks {about(nodes)} nodes"
        hint = "use --sampling outcome"
        if spec.tiny_config is not None:
            hint += f", or --config tiny (at most {spec.tiny_nodes:,} nodes) to solve exactly"
        cannot = "more than a run walks"
    else:
        return
    if nodes > max_nodes:
        raise UsageError(f"{what} (estimated from {TREE_SAMPLES} random playouts), {cannot} "
                         f"({max_nodes:,}, --max-nodes): {hint}")  # fmt: skip


class Trainer(RunTrainer):
    """One MCCFR run in a folder (on the run skeleton, :class:`~hoyle.experiments.trainer.
    RunTrainer`): builds or resumes the solver, trains, logs, saves."""

    FILES = ("config.json", CHECKPOINT, "exploitability.csv", "progress.csv", "policy.npz",
             "exploitability.png", "summary.json")  # fmt: skip
    """What the run writes (and ``--no-resume`` removes). ``tree.npz`` is not among them: it
    is a cache of the game alone, checked on loading, and slow to build."""
    RESULT = "policy.npz"
    UNIT = "iteration"

    def __init__(
        self, game_text: str, *, sampling: str | None = None, iterations: int = 10_000,
        config: str = "small", abstraction: str | None = None, out: Path | str | None = None,
        checkpoint_every: int | None = None, eval_every: int | None = None, seed: int = 0,
        resume: bool = True, progress: bool = True, command: str = "",
        max_nodes: int = MAX_NODES,
    ) -> None:  # fmt: skip
        if config not in CONFIGS:
            raise UsageError(f"--config must be one of {', '.join(CONFIGS)}")
        if abstraction is not None and abstraction not in ABSTRACTIONS:
            raise UsageError(f"--abstraction must be one of {', '.join(ABSTRACTIONS)}")
        if iterations < 1 or seed < 0:
            raise UsageError("--iterations must be at least 1 and --seed at least 0")
        if max_nodes < 1:
            raise UsageError("--max-nodes must be at least 1")
        self.spec, self.game = resolve_game(game_text, config)
        from hoyle.experiments.match import game_label

        self.label = game_label(self.spec, dict(self.game.get_parameters()))
        """The game string naming only the parameters that differ from the defaults."""
        self.mode = "exact" if config in EXACT_CONFIGS and abstraction is None else "abstracted"
        if self.mode == "abstracted" and abstraction is None:
            abstraction = "declared"
        if abstraction == "declared" and self.spec.abstraction is None:
            raise UsageError(f"{self.spec.short_name} declares no information abstraction")
        self.sampling = sampling or ("external" if self.mode == "exact" else "outcome")
        if self.sampling not in ("external", "outcome"):
            raise UsageError("--sampling must be external or outcome")
        check_tree_size(self.spec, self.game, self.label, config, self.mode, self.sampling,
                        max_nodes)  # fmt: skip
        self.abstraction = abstraction
        self.iterations = iterations
        if eval_every is not None and eval_every < 1:
            raise UsageError("--checkpoint-every and --eval-every must be at least 1")
        self.eval_every = eval_every
        self.seed = seed
        default = f"runs/{self.spec.short_name}-mccfr-{config}-{self.sampling}-s{seed}"
        super().__init__(
            Path(out or default),
            {"game": str(self.game), "method": "mccfr", "mode": self.mode, "config": config,
             "sampling": self.sampling, "abstraction": abstraction, "seed": seed,
             "eval_every": eval_every},
            total=iterations, checkpoint_every=checkpoint_every or max(1, iterations // 20),
            resume=resume, progress=progress, command=command,
        )  # fmt: skip
        self.log: list[dict[str, float]] = []
        self.tree: Any = None
        self.solver: Any = None
        self.build_seconds = 0.0
        self._points: set[int] = set()

    @property
    def done(self) -> int:
        return int(self.solver.iteration) if self.solver is not None else 0

    @property
    def desc(self) -> str:
        return f"mccfr {self.sampling}"

    # --- setting up ---------------------------------------------------------------------
    def _setup(self) -> None:
        from hoyle.agents.cfr.mccfr import GameMCCFR, TreeMCCFR, abstraction_key_fn, exact_key_fn
        from hoyle.agents.cfr.tree import build_tree

        ck = self.out / CHECKPOINT
        resuming = self.resume and ck.is_file()
        if self.resume and not resuming and (self.out / LEGACY_CHECKPOINT).exists():
            print(f"{self.out / LEGACY_CHECKPOINT}: a pickled checkpoint of an earlier "
                  "hoyle, never loaded (unpickling can run code); starting over",
                  file=sys.stderr)  # fmt: skip
        if self.mode == "exact":
            cached = self.out / "tree.npz"
            tree = self._cached_tree(cached)
            if tree is None:
                tree = build_tree(self.game, progress=self.progress)
                tree.save(cached)
            self.tree = tree
            self.build_seconds = tree.build_seconds
            self.solver = TreeMCCFR(tree, self.sampling, self.seed)
        else:
            if self.abstraction == "declared":
                assert self.spec.abstraction is not None
                key_fn = abstraction_key_fn(self.spec.abstraction)
            else:
                key_fn = exact_key_fn
            self.solver = GameMCCFR(self.game, key_fn, self.sampling, self.seed)
        if resuming:
            self.load_checkpoint(ck)

    def _cached_tree(self, path: Path) -> Any:
        """The tree cached at ``path`` if it is this game's; a damaged one is said on stderr
        and dropped (it is this run's cache: it will be rebuilt)."""
        from hoyle.agents.cfr.tree import GameTree

        if not path.exists():
            return None
        try:
            tree = GameTree.load(path)
        except FileFormatError as e:
            print(f"{e}; rebuilding it", file=sys.stderr)
            return None
        return tree if tree.game_string == str(self.game) else None

    def load_checkpoint(self, path: Path) -> None:
        """Restore the solver, the log and the training time from ``path``; anything that is
        not a checkpoint of this run is refused with a one-line ``FileFormatError`` (and
        nothing of it is executed: arrays are read without pickle, the rest is JSON)."""
        what = "checkpoint of an MCCFR run"
        z = load_npz(path, what, ("meta",))
        bad = not_this_run(path)
        meta = checked_meta(npz_json(z, "meta", path, what), bad, CHECKPOINT_FORMAT, self.config)
        log, secs, state = meta.get("log"), meta.get("train_seconds"), meta.get("solver")
        secs, log = checked_progress(bad, secs, log, "iteration")
        if not isinstance(state, dict):
            raise bad("no solver state")
        arrays = {k: v for k, v in z.items() if k != "meta"}
        try:
            self.solver.load_state_dict({**state, **arrays})
        except ValueError as e:
            raise bad(str(e)) from None
        self.log = [r for r in log if r["iteration"] <= self.solver.iteration]
        self.train_seconds = float(secs)

    # --- evaluating and saving --------------------------------------------------------------
    def eval_due(self, it: int) -> bool:
        if self.mode != "exact":
            return it % self.checkpoint_every == 0 or it == self.iterations
        if self.eval_every is not None:
            return it % self.eval_every == 0 or it == self.iterations
        return it in self._points

    def evaluate(self) -> list[dict[str, Any]]:
        """The log's row now: exact exploitability (exact mode) or the tables' size."""
        from hoyle.agents.cfr.tree import nash_conv

        it = self.solver.iteration
        row: dict[str, float] = {"iteration": it, "train_seconds": round(self.train_seconds, 3)}
        start = time.perf_counter()
        if self.mode == "exact":
            nc, _, _ = nash_conv(self.tree, self.solver.average_policy())
            row["eval_seconds"] = round(time.perf_counter() - start, 4)
            row["nash_conv"] = nc
            row["exploitability"] = nc / self.tree.num_players
        else:
            row["infosets"] = self.solver.num_infosets
            row["slots"] = len(self.solver.regret)
        self.log = [r for r in self.log if r["iteration"] < it] + [row]
        self._write_log()
        return [row]

    def _write_log(self) -> None:
        import pandas as pd

        name = "exploitability.csv" if self.mode == "exact" else "progress.csv"
        frame = pd.DataFrame(self.log)
        atomic_write(self.out / name, lambda tmp: frame.to_csv(tmp, index=False))

    def checkpoint(self) -> None:
        """Save the solver (its arrays, and JSON for the iteration, the RNG state, the log and
        the time) to one ``.npz``, atomically, then the policy."""
        state = self.solver.state_dict()
        arrays = {k: v for k, v in state.items() if isinstance(v, np.ndarray)}
        meta = {"format": CHECKPOINT_FORMAT, "config": self.config, "log": self.log,
                "train_seconds": self.train_seconds,
                "solver": {k: v for k, v in state.items() if k not in arrays}}  # fmt: skip
        save_npz(self.out / CHECKPOINT, {**arrays, "meta": np.asarray(json.dumps(meta))})
        self.save_policy()

    def save_policy(self) -> Path:
        from hoyle.agents.cfr.policy import PolicyTable

        s = self.solver
        meta = {
            "game": str(self.game), "key": "abstraction" if self.abstraction == "declared"
            else "infostate", "abstraction": self.abstraction, "sampling": self.sampling,
            "iterations": s.iteration, "seed": self.seed, "mode": self.mode,
            "command": self.command,
        }  # fmt: skip
        if self.mode == "exact":
            keys, counts = self.tree.infoset_keys, self.tree.infoset_num_actions
            actions = self.tree.slot_action
        else:
            keys = np.asarray(s.keys, dtype=np.uint64)
            counts = np.asarray(s.count, dtype=np.int64)
            actions = np.asarray(s.actions, dtype=np.int64)
        avg = np.asarray(s.avg)
        seg = np.repeat(np.arange(counts.size), counts)
        sums = np.bincount(seg, weights=avg, minlength=counts.size)
        table = PolicyTable.from_arrays(keys, counts, actions, s.average_policy(), meta, sums)
        return Path(table.save(self.out / "policy.npz"))

    def plot(self) -> Path | None:
        if self.mode != "exact" or not self.log:
            return None
        from hoyle.experiments.plots import new_figure, save_figure

        points = [(r["iteration"], r["exploitability"]) for r in self.log]
        points = [(i, e) for i, e in points if i > 0 and e > 0]  # a log-log plot
        if not points:
            return None
        its, ex = zip(*points, strict=True)
        fig = new_figure(6, 4)
        ax = fig.subplots()
        with warnings.catch_warnings():  # a flat line (a short run) has a singular y range
            warnings.simplefilter("ignore", UserWarning)
            ax.loglog(its, ex, marker="o", markersize=3)
            if max(ex) <= 1.01 * min(ex):
                ax.set_ylim(min(ex) / 2, max(ex) * 2)
        ax.set_xlabel("iterations")
        ax.set_ylabel("exploitability (NashConv / players)")
        ax.set_title(f"MCCFR, {self.sampling} sampling\n{self.label}", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        path = self.out / "exploitability.png"
        save_figure(fig, path)
        return path

    # --- the loop -------------------------------------------------------------------------
    def before_loop(self) -> list[dict[str, Any]]:
        """The schedule of exact evaluations, and the uniform policy's row at iteration 0."""
        self._points = set(log_points(self.iterations)) if self.mode == "exact" else set()
        if self.mode == "exact" and self.done == 0 and not self.log:
            return self.evaluate()
        return []

    def step(self) -> None:
        self.solver.run(1)

    def postfix(self, rows: list[dict[str, Any]]) -> dict[str, str]:
        row = rows[-1]
        if "exploitability" in row:
            return {"expl": f"{row['exploitability']:.4g}"}
        return {"infosets": str(row["infosets"])}

    def summary(self) -> dict[str, Any]:
        s = self.solver
        out: dict[str, Any] = {
            **self.config, "iterations": s.iteration,
            "train_seconds": round(self.train_seconds, 2),
            "iterations_per_s": round(s.iteration / self.train_seconds, 1)
            if self.train_seconds > 0 else None,
            "policy_bytes": (self.out / "policy.npz").stat().st_size,
        }  # fmt: skip
        if self.mode == "exact":
            out["tree"] = self.tree.sizes()
            out["tree_build_seconds"] = round(self.build_seconds, 2)
            evals = [r["eval_seconds"] for r in self.log]
            out["eval_seconds_mean"] = round(float(np.mean(evals)), 4) if evals else None
            out["exploitability_start"] = self.log[0]["exploitability"] if self.log else None
            out["exploitability_end"] = self.log[-1]["exploitability"] if self.log else None
        else:
            out["infosets"] = s.num_infosets
        return out


# --- the command ------------------------------------------------------------------------------
def add_command(subparsers: Any) -> None:
    """Add ``hoyle train`` to the ``hoyle`` parser."""
    t = subparsers.add_parser(
        "train", help="train an agent: MCCFR (exact on the small configuration, or "
        "abstracted), TD(λ) self-play for backgammon, or the line values of the Poker "
        "Patience planner",
        description="--method mccfr (default): tabular MCCFR. With --config small (default) the game's small "
        "configuration is enumerated once and the exact exploitability of the average policy "
        "is logged (exploitability.csv, exploitability.png). With --config full (or "
        "--abstraction) MCCFR walks the real game keyed by the game's information "
        "abstraction. Checkpoints go to the run folder; the same command resumes. The policy "
        "plays as the agent mccfr:policy=OUT/policy.npz. --method td (backgammon): a "
        "TD-Gammon style value network learnt by TD(λ) self-play, with a learning curve "
        "(curve.csv, curve.png), checkpoints and resume; it plays as td:weights=OUT/td.npz. "
        "--method table (poker_patience): the planner's line values learnt by Monte Carlo "
        "self-play in rounds, with a learning curve, checkpoints and resume; they play as "
        "planner:table=OUT/values.npz.",
    )  # fmt: skip
    t.add_argument("game", help="game string, e.g. conquian")
    t.add_argument("--method", default="mccfr", choices=("mccfr", "td", "table"),
                   help="mccfr; td: TD(λ) self-play of a backgammon value network "
                   "(hoyle.experiments.train_td); table: the line values of the Poker "
                   "Patience planner (hoyle.experiments.train_patience)")  # fmt: skip
    t.add_argument(
        "--sampling",
        choices=("external", "outcome"),
        help="MCCFR scheme (default: external in exact mode, outcome abstracted)",
    )
    t.add_argument(
        "--iterations",
        type=int,
        default=10_000,
        help="total iterations, each updating every player once (default 10000)",
    )
    t.add_argument("--config", choices=CONFIGS, default="small",
                   help="small: the game's small configuration, exact (default); tiny: its "
                   "tiny one (a few thousand nodes), exact; full: the game as given, "
                   "abstracted. A tree too large to build is refused with its estimated "
                   "size")  # fmt: skip
    t.add_argument("--max-nodes", type=int, default=MAX_NODES,
                   help="refuse an exact tree, or an external-sampling iteration, estimated "
                   f"to pass this many nodes (default {MAX_NODES:,})")  # fmt: skip
    t.add_argument("--abstraction", choices=ABSTRACTIONS,
                   help="information-set key when walking the real game: the game's declared "
                   "abstraction, or the exact information state (default: declared on "
                   "--config full, none (the exact tree) on small)")  # fmt: skip
    t.add_argument("--out", help="run folder (default runs/<game>-mccfr-<config>-"
                   "<sampling>-s<seed>)")  # fmt: skip
    t.add_argument(
        "--checkpoint-every",
        type=int,
        help="iterations (td: games) between checkpoints (default: a twentieth of the run)",
    )
    t.add_argument("--eval-every", type=int,
                   help="exact mode: evaluate every N iterations (default: ~10 per decade, "
                   "log-spaced); td: every N games")  # fmt: skip
    t.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    t.add_argument(
        "--resume",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="resume the run in --out (default); --no-resume starts over",
    )
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    g = t.add_argument_group(
        "--method td (backgammon: TD(λ) self-play, hoyle.experiments.train_td)"
    )
    g.add_argument("--games", type=int, default=None,
                   help="self-play games (default 1000); table: games a round (default "
                   "6000)")  # fmt: skip
    g.add_argument("--hidden", type=int, default=40, help="hidden units (default 40)")
    g.add_argument("--lam", type=float, default=0.7, help="trace decay λ (default 0.7)")
    g.add_argument("--alpha", type=float, default=0.1, help="step size (default 0.1)")
    g.add_argument("--explore", type=float, default=0.0,
                   help="probability of a random play in self-play (default 0)")  # fmt: skip
    g.add_argument("--eval-games", type=int, default=200,
                   help="games against each baseline per curve point (default 200); table: "
                   "deals the greedy player plays per curve point")  # fmt: skip
    pt = t.add_argument_group(
        "--method table (Poker Patience: the planner's line values, "
        "hoyle.experiments.train_patience)"
    )
    pt.add_argument("--rounds", type=int, default=4,
                    help="rounds of --games self-play games a table (default 4)")  # fmt: skip
    pt.add_argument("--all-tables", action="store_true",
                    help="learn every scoring and placement into one file, as committed "
                    "(default: the game string's scoring and placement)")  # fmt: skip
    t.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``hoyle train``: the exit status (0 done, 130 interrupted by Ctrl-C or ``kill``: run the
    same command again to resume; a bad folder or file is a one-line usage error, 2)."""
    from hoyle.experiments.runs import sigterm_as_interrupt

    trainer: Trainer | TDTrainer | TableTrainer
    if args.games is None:  # each method's own default
        args.games = 6000 if args.method == "table" else 1000
    if args.method == "table":
        from hoyle.experiments.train_patience import TableTrainer
        from hoyle.experiments.train_patience import command_line as table_command

        if args.eval_every is not None:
            raise UsageError("--method table evaluates at the end of every round: "
                             "--eval-every does not apply")  # fmt: skip
        trainer = TableTrainer(
            args.game, all_tables=args.all_tables, games=args.games,
            rounds=args.rounds, seed=args.seed, out=args.out,
            checkpoint_every=args.checkpoint_every, eval_games=args.eval_games,
            resume=args.resume, progress=not args.quiet, command=table_command(args),
        )  # fmt: skip
    elif args.method == "td":
        from hoyle.experiments.train_td import TDTrainer, single_threaded_blas
        from hoyle.experiments.train_td import command_line as td_command

        trainer = TDTrainer(
            args.game, games=args.games, hidden=args.hidden, lam=args.lam, alpha=args.alpha,
            explore=args.explore, seed=args.seed, out=args.out,
            checkpoint_every=args.checkpoint_every, eval_every=args.eval_every,
            eval_games=args.eval_games, resume=args.resume, progress=not args.quiet,
            command=td_command(args),
        )  # fmt: skip
        single_threaded_blas()
    else:
        trainer = Trainer(
            args.game, sampling=args.sampling, iterations=args.iterations, config=args.config,
            abstraction=args.abstraction, out=args.out, checkpoint_every=args.checkpoint_every,
            eval_every=args.eval_every, seed=args.seed, resume=args.resume,
            progress=not args.quiet, command=command_line(args), max_nodes=args.max_nodes,
        )  # fmt: skip
    try:
        with sigterm_as_interrupt(), trainer.holding():
            trainer.setup()
            if trainer.resumed_at():
                print(f"resuming {trainer.out} at {trainer.resumed_at()}", file=sys.stderr)
            summary = trainer.train()
    except KeyboardInterrupt:
        print(("" if args.quiet else "\n") + f"interrupted; the last checkpoint is in "
              f"{trainer.out}: run the same command again to resume", file=sys.stderr)  # fmt: skip
        return 130
    if args.method == "td":
        from hoyle.experiments.train_td import format_summary as td_summary

        print(td_summary(summary))
    elif args.method == "table":
        from hoyle.experiments.train_patience import format_summary as table_summary

        print(table_summary(summary))
    else:
        print(format_summary(summary, trainer.out))
    return 0


def command_line(args: argparse.Namespace) -> str:
    """The command that makes this run, written out (for ``config.json`` and the policy)."""
    parts = ["hoyle train", repr(args.game) if "(" in args.game else args.game]
    for flag in ("sampling", "iterations", "config", "abstraction", "out", "checkpoint_every",
                 "eval_every", "seed"):  # fmt: skip
        value = getattr(args, flag)
        if value is not None:
            parts.append(f"--{flag.replace('_', '-')} {value}")
    return " ".join(parts)


def format_summary(summary: dict[str, Any], out: Path) -> str:
    """The run in a few lines."""
    lines = [f"{summary['game']}: MCCFR {summary['sampling']} sampling, {summary['mode']}, "
             f"{summary['iterations']} iterations in {summary['train_seconds']} s "
             f"({summary['iterations_per_s']} it/s)"]  # fmt: skip
    if summary["mode"] == "exact":
        t = summary["tree"]
        lines.append(f"tree: {t['nodes']:,} nodes ({t['decision']:,} decisions, "
                     f"{t['chance']:,} chance, {t['terminal']:,} terminal), {t['infosets']:,} "
                     f"information sets; built in {summary['tree_build_seconds']} s")  # fmt: skip
        lines.append(f"exploitability {summary['exploitability_start']:.4g} → "
                     f"{summary['exploitability_end']:.4g}; {summary['eval_seconds_mean']} s "
                     "per exact evaluation")  # fmt: skip
    else:
        lines.append(f"{summary['infosets']:,} abstract information sets")
    lines.append(f"policy: {out / 'policy.npz'} ({summary['policy_bytes'] / 1e6:.2f} MB); "
                 f"play it as mccfr:policy={out / 'policy.npz'}")  # fmt: skip
    return "\n".join(lines)
