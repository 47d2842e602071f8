"""``hoyle train``: tabular MCCFR on a game's small configuration (exact) or the full game.

Two modes, chosen by ``--config`` and ``--abstraction``:

* **exact** (``--config small``, the default, without ``--abstraction``): the game's
  ``GameSpec.small_config`` is enumerated once into flat arrays
  (:mod:`hoyle.agents.cfr.tree`, cached as ``tree.npz`` in the run folder), MCCFR walks them,
  and the exact exploitability of the average policy is computed by a vectorised best
  response at log-spaced iterations (about ten per decade; ``--eval-every N`` for a fixed
  step) and written to ``exploitability.csv`` and ``exploitability.png`` (log-log).
* **abstracted** (``--config full``, or ``--abstraction``): MCCFR walks the real ``pyspiel``
  game with the information set keyed by the game's declared abstraction
  (``GameSpec.abstraction``, ``--abstraction declared``, the default on the full game) or by
  the exact information-state string (``--abstraction infostate``). Outcome sampling is the
  default there (external sampling explores every one of the traverser's actions: exponential
  in the length of a full deal). ``progress.csv`` logs the information sets found.

The run folder (``--out``, default ``runs/<game>-mccfr-<config>-<sampling>-s<seed>``) holds
``config.json``, ``checkpoint.pkl`` (the regret and average tables and the RNG state, every
``--checkpoint-every`` iterations and at the end), ``policy.npz`` (the average policy, loaded
by ``mccfr:policy=PATH``) and ``summary.json``. Running the same command again resumes from
the last checkpoint and gives the same numbers as an uninterrupted run (the tables, the
policy and the exploitability column; times differ); a larger ``--iterations`` continues a
finished run.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.envs.core.registry import GameSpec

MODES = ("exact", "abstracted")
CONFIGS = ("small", "full")
ABSTRACTIONS = ("declared", "infostate")
CSV_FIELDS = ("iteration", "train_seconds", "eval_seconds", "nash_conv", "exploitability")


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


def _raw_params(text: str) -> tuple[str, dict[str, str]]:
    name, _, rest = text.partition("(")
    given: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.strip().removesuffix(")").split(","))):
        k, _, v = item.partition("=")
        given[k.strip()] = v.strip()
    return name.strip(), given


def resolve_game(text: str, config: str) -> tuple[GameSpec, Any]:
    """The spec and ``pyspiel`` game: with ``config="small"``, the game's ``small_config``
    under any parameter the game string names."""
    import pyspiel

    from hoyle.envs.core.errors import HoyleError
    from hoyle.envs.core.registry import get_spec
    from hoyle.experiments.cli import UsageError

    try:
        name, given = _raw_params(text)
        spec = get_spec(name)
        base: dict[str, Any] = {}
        if config == "small":
            if not spec.small_config:
                raise UsageError(f"{spec.short_name} declares no small configuration")
            base = dict(spec.small_config)
        params = spec.resolve({**base, **given})
        return spec, pyspiel.load_game(spec.spiel_name, params)
    except (HoyleError, ValueError, pyspiel.SpielError) as e:
        raise UsageError(str(e)) from None


class Trainer:
    """One MCCFR run in a folder: builds or resumes the solver, trains, logs, saves."""

    def __init__(
        self, game_text: str, *, sampling: str | None = None, iterations: int = 10_000,
        config: str = "small", abstraction: str | None = None, out: Path | str | None = None,
        checkpoint_every: int | None = None, eval_every: int | None = None, seed: int = 0,
        resume: bool = True, progress: bool = True, command: str = "",
    ) -> None:  # fmt: skip
        from hoyle.experiments.cli import UsageError

        if config not in CONFIGS:
            raise UsageError(f"--config must be one of {', '.join(CONFIGS)}")
        if abstraction is not None and abstraction not in ABSTRACTIONS:
            raise UsageError(f"--abstraction must be one of {', '.join(ABSTRACTIONS)}")
        if iterations < 1 or seed < 0:
            raise UsageError("--iterations must be at least 1 and --seed at least 0")
        self.spec, self.game = resolve_game(game_text, config)
        from hoyle.experiments.match import game_label

        self.label = game_label(self.spec, dict(self.game.get_parameters()))
        """The game string naming only the parameters that differ from the defaults."""
        self.mode = "exact" if config == "small" and abstraction is None else "abstracted"
        if self.mode == "abstracted" and abstraction is None:
            abstraction = "declared"
        if abstraction == "declared" and self.spec.abstraction is None:
            raise UsageError(f"{self.spec.short_name} declares no information abstraction")
        self.sampling = sampling or ("external" if self.mode == "exact" else "outcome")
        if self.sampling not in ("external", "outcome"):
            raise UsageError("--sampling must be external or outcome")
        self.abstraction = abstraction
        self.iterations = iterations
        self.checkpoint_every = checkpoint_every or max(1, iterations // 20)
        if self.checkpoint_every < 1 or (eval_every is not None and eval_every < 1):
            raise UsageError("--checkpoint-every and --eval-every must be at least 1")
        self.eval_every = eval_every
        self.seed = seed
        self.progress = progress
        self.command = command
        default = f"runs/{self.spec.short_name}-mccfr-{config}-{self.sampling}-s{seed}"
        self.out = Path(out or default)
        self.config = {
            "game": str(self.game), "method": "mccfr", "mode": self.mode, "config": config,
            "sampling": self.sampling, "abstraction": abstraction, "seed": seed,
            "eval_every": eval_every,
        }  # fmt: skip
        self.resume = resume
        self.log: list[dict[str, float]] = []
        self.train_seconds = 0.0
        self.tree: Any = None
        self.solver: Any = None
        self.build_seconds = 0.0

    # --- setting up ---------------------------------------------------------------------
    def _check_folder(self) -> bool:
        """True if a checkpoint of this same run is there to resume."""
        from hoyle.experiments.cli import UsageError

        cfg = self.out / "config.json"
        if not self.resume or not cfg.is_file():
            return False
        old = json.loads(cfg.read_text())
        diff = [k for k in self.config if old.get(k) != self.config[k]]
        if diff:
            k = diff[0]
            raise UsageError(
                f"{self.out} holds another run ({k}: {old.get(k)!r}, not {self.config[k]!r}); "
                "choose another --out, or --no-resume to start over"
            )
        return (self.out / "checkpoint.pkl").is_file()

    def setup(self) -> None:
        from hoyle.agents.cfr.mccfr import GameMCCFR, TreeMCCFR, abstraction_key_fn, exact_key_fn
        from hoyle.agents.cfr.tree import GameTree, build_tree

        resuming = self._check_folder()
        self.out.mkdir(parents=True, exist_ok=True)
        if not resuming:
            for stale in ("checkpoint.pkl", "exploitability.csv", "progress.csv", "policy.npz"):
                (self.out / stale).unlink(missing_ok=True)
        cfg = {**self.config, "command": self.command}
        (self.out / "config.json").write_text(json.dumps(cfg, indent=2) + "\n")
        if self.mode == "exact":
            cached = self.out / "tree.npz"
            tree = None
            if cached.is_file():
                tree = GameTree.load(cached)
                if tree.game_string != str(self.game):
                    tree = None
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
            with open(self.out / "checkpoint.pkl", "rb") as f:
                ck = pickle.load(f)
            self.solver.load_state_dict(ck["solver"])
            self.log = [r for r in ck["log"] if r["iteration"] <= self.solver.iteration]
            self.train_seconds = float(ck["train_seconds"])

    # --- evaluating and saving --------------------------------------------------------------
    def _eval_due(self, it: int) -> bool:
        if self.mode != "exact":
            return it % self.checkpoint_every == 0 or it == self.iterations
        if self.eval_every is not None:
            return it % self.eval_every == 0 or it == self.iterations
        return it in self._points

    def evaluate(self) -> dict[str, float]:
        """One row of the log: exact exploitability (exact mode) or the tables' size."""
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
        return row

    def _write_log(self) -> None:
        import pandas as pd

        name = "exploitability.csv" if self.mode == "exact" else "progress.csv"
        pd.DataFrame(self.log).to_csv(self.out / name, index=False)

    def checkpoint(self) -> None:
        ck = {"solver": self.solver.state_dict(), "log": self.log,
              "train_seconds": self.train_seconds, "config": self.config}  # fmt: skip
        tmp = self.out / "checkpoint.pkl.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(ck, f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(self.out / "checkpoint.pkl")
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
        from hoyle.experiments.plots import new_figure

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
        fig.savefig(path, dpi=120)
        return path

    # --- the loop -------------------------------------------------------------------------
    def train(self, on_row: Callable[[dict[str, float]], None] | None = None) -> dict[str, Any]:
        """Train to ``iterations``, evaluating and checkpointing on the way; the summary."""
        if self.solver is None:
            self.setup()
        s = self.solver
        self._points = set(log_points(self.iterations)) if self.mode == "exact" else set()
        if self.mode == "exact" and s.iteration == 0 and not self.log:
            row = self.evaluate()  # the uniform policy, at iteration 0
            if on_row:
                on_row(row)
        bar = None
        if self.progress:
            from tqdm import tqdm

            bar = tqdm(total=self.iterations, initial=min(s.iteration, self.iterations),
                       desc=f"mccfr {self.sampling}", unit=" it", dynamic_ncols=True)  # fmt: skip
        try:
            while s.iteration < self.iterations:
                t0 = time.perf_counter()
                s.run(1)
                self.train_seconds += time.perf_counter() - t0
                it = s.iteration
                if bar is not None:
                    bar.update(1)
                if self._eval_due(it):
                    row = self.evaluate()
                    if on_row:
                        on_row(row)
                    if bar is not None and "exploitability" in row:
                        bar.set_postfix(expl=f"{row['exploitability']:.4g}")
                    elif bar is not None:
                        bar.set_postfix(infosets=row["infosets"])
                if it % self.checkpoint_every == 0 or it == self.iterations:
                    self.checkpoint()
        finally:
            if bar is not None:
                bar.close()
        if not (self.out / "policy.npz").is_file():
            self.checkpoint()
        self.plot()
        summary = self.summary()
        (self.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
        return summary

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
        "abstracted), or TD(λ) self-play for backgammon",
        description="--method mccfr (default): tabular MCCFR. With --config small (default) the game's small "
        "configuration is enumerated once and the exact exploitability of the average policy "
        "is logged (exploitability.csv, exploitability.png). With --config full (or "
        "--abstraction) MCCFR walks the real game keyed by the game's information "
        "abstraction. Checkpoints go to the run folder; the same command resumes. The policy "
        "plays as the agent mccfr:policy=OUT/policy.npz. --method td (backgammon): a "
        "TD-Gammon style value network learnt by TD(λ) self-play, with a learning curve "
        "(curve.csv, curve.png), checkpoints and resume; it plays as td:weights=OUT/td.npz.",
    )  # fmt: skip
    t.add_argument("game", help="game string, e.g. conquian")
    t.add_argument("--method", default="mccfr", choices=("mccfr", "td"),
                   help="mccfr, or td: TD(λ) self-play of a backgammon value network "
                   "(hoyle.agents.td.train)")  # fmt: skip
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
                   help="small: the game's small configuration, exact (default); full: the "
                   "game as given, abstracted")  # fmt: skip
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
    g = t.add_argument_group("--method td (backgammon: TD(λ) self-play, hoyle.agents.td.train)")
    g.add_argument("--games", type=int, default=1000, help="self-play games (default 1000)")
    g.add_argument("--hidden", type=int, default=40, help="hidden units (default 40)")
    g.add_argument("--lam", type=float, default=0.7, help="trace decay λ (default 0.7)")
    g.add_argument("--alpha", type=float, default=0.1, help="step size (default 0.1)")
    g.add_argument("--explore", type=float, default=0.0,
                   help="probability of a random play in self-play (default 0)")  # fmt: skip
    g.add_argument("--eval-games", type=int, default=200,
                   help="games against each baseline per curve point (default 200)")  # fmt: skip
    t.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``hoyle train``: the exit status (0 done, 130 interrupted: run again to resume)."""
    if args.method == "td":
        from hoyle.agents.td.train import run as run_td

        return run_td(args)
    command = command_line(args)
    trainer = Trainer(
        args.game, sampling=args.sampling, iterations=args.iterations, config=args.config,
        abstraction=args.abstraction, out=args.out, checkpoint_every=args.checkpoint_every,
        eval_every=args.eval_every, seed=args.seed, resume=args.resume,
        progress=not args.quiet, command=command,
    )  # fmt: skip
    trainer.setup()
    if trainer.solver.iteration:
        print(f"resuming {trainer.out} at iteration {trainer.solver.iteration}", file=sys.stderr)
    try:
        summary = trainer.train()
    except KeyboardInterrupt:
        print(f"\ninterrupted; the last checkpoint is in {trainer.out}: run the same command "
              "again to resume", file=sys.stderr)  # fmt: skip
        return 130
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
