"""``hoyle train poker_patience --method table``: the Monte Carlo self-play run that learns
the planner's line values (:mod:`hoyle.agents.patience`), on the run skeleton
(:class:`~hoyle.experiments.trainer.RunTrainer`).

``hoyle train poker_patience --method table [--all-tables] --games N --rounds R --seed S``

The learning. A run learns one table per (scoring, placement): the game string's
(``'poker_patience(scoring=american,placement=grid)'``), or with ``--all-tables`` every one,
in the order ``english/book, english/grid, american/book, american/grid`` (the committed
``agents/patience_values.npz``). Each table is learnt in ``R`` rounds of ``N`` self-play
games: round 0 plays ε-greedily (ε = 0.3) with the crude prior of the player
(:func:`hoyle.agents.patience.ValueTable.line_value` falls back on it), each next round
ε-greedily (ε = 0.1) with the values of the round before; along every game, for every board
and every line of the final square, the line's pattern at that moment is credited with the
line's final score, and at the end of the round a pattern's value is the mean of its credits
(patterns credited fewer than 20 times keep the prior; full lines are valued exactly). One
step of the run is one self-play game. The games of a table draw from one
``random.Random(seed)`` (deals, exploration, ties), started afresh for each table: so a run
learns exactly the tables the former ``python -m hoyle.agents.patience train`` learnt with the
same seed (checked by the tests on fingerprints of the old trainer's tables; and the recipe of
:mod:`hoyle.agents.patience` remade the committed file array for array, 96,000 games in 7
minutes).

The learning curve. At the end of every round (and for the prior, before the first) the
table's greedy player (``planner:depth=1``, a few ms a deal) plays ``--eval-games`` seeded
deals, the same deals for every round and table (paired): ``curve.csv`` holds its mean score
with a 95% interval and the number of patterns learnt; ``curve.png`` draws them. Greedy play
is what the training improves; the two-ply planner (``planner``) is about 3 points stronger
and twenty times slower.

The run folder (``--out``, default ``runs/poker_patience-table-<scoring>-<placement>-s<seed>``
or ``...-table-all-s<seed>``): ``config.json``, ``checkpoint.npz`` (the tables finished, the
current round's table and credits, the random generator's state, the curve; every
``--checkpoint-every`` games and at the end), ``values.npz`` (the tables learnt so far, in the
player's format: ``planner:table=OUT/values.npz``), ``curve.csv``, ``curve.png`` and
``summary.json``, each written atomically (:mod:`hoyle.envs.core.files`). Running the same
command again resumes from the checkpoint (a damaged one, or another run's, is refused in one
line) and ends with the same tables and curve as an uninterrupted run (times differ). The
folder is held by the rules of run folders (:mod:`hoyle.experiments.runs`): its marker and
lock, another run's folder refused, ``--no-resume`` removing only :data:`TableTrainer.FILES`.

``python -m hoyle.experiments.train_patience train|bench`` keeps the flags of the former
``python -m hoyle.agents.patience``: ``train`` is a thin alias of this run (``--out`` now
names the run folder), ``bench`` measures agents over the same seeded deals
(:data:`hoyle.agents.patience.MEASURED`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.agents.base import HoyleBot
from hoyle.agents.patience import (
    NO_TIME,
    NUM_CARDS_PLACED,
    PLACEMENTS,
    SCORINGS,
    SIDE,
    WINDOWS_CAP,
    Board,
    ValueTable,
    choose_cell,
    final_score,
    load_table,
    pattern_key,
    score_of,
    table_from_arrays,
    table_name,
)
from hoyle.envs.core.cards import cards_of
from hoyle.envs.core.files import FileFormatError, load_npz, npz_json, save_npz
from hoyle.experiments.trainer import (
    RunTrainer,
    checked_meta,
    checked_progress,
    not_this_run,
    resolve_game,
    write_curve,
)
from hoyle.experiments.usage import UsageError

ALL_TABLES = tuple((s, p) for s in SCORINGS for p in PLACEMENTS)
"""Every (scoring, placement), in the order of ``--all-tables`` and of the committed file."""
CHECKPOINT = "checkpoint.npz"
CHECKPOINT_FORMAT = "hoyle-patience-table-checkpoint-1"
"""The format tag in a checkpoint's ``meta`` (arrays for the tables, JSON for the rest)."""
CURVE_FIELDS = ("games", "train_seconds", "table", "round", "eval_games", "mean", "ci_low",
                "ci_high", "patterns")  # fmt: skip


# --- self-play: a fast simulator of one layout ------------------------------------------------
def play_deal(
    deal: Sequence[int],
    table: ValueTable | None,
    rng: random.Random,
    grid: bool = False,
    depth: int = 1,
    epsilon: float = 0.0,
    record: list[Board] | None = None,
) -> Board:
    """Play the 25 cards of ``deal`` on one layout and return it. ``table=None`` plays at
    random; ``epsilon``: chance of a random legal cell; ``record``: gets a copy of the board
    before each placement (for training)."""
    board = Board(grid)
    unseen = (1 << 52) - 1
    for i, card in enumerate(deal[:NUM_CARDS_PLACED]):
        unseen &= ~(1 << card)
        if record is not None:
            record.append(board.copy())
        cells = board.legal_cells()
        if len(cells) == 1:
            cell = cells[0]
        elif table is None or (epsilon and rng.random() < epsilon):
            cell = cells[rng.randrange(len(cells))]
        else:
            cell = choose_cell(board, card, unseen, NUM_CARDS_PLACED - 1 - i, table, rng, depth)
        board.place(cell, card)
    if record is not None:
        record.append(board.copy())
    return board


def final_lines(board: Board) -> list[tuple[int, int, int]]:
    """(is_col, index, cards) of the square's lines."""
    return [(0, i, m) for i, m in enumerate(board.row_masks) if m] + [
        (1, i, m) for i, m in enumerate(board.col_masks) if m
    ]


def key_size(key: int) -> int:
    """The number of cards of a :func:`~hoyle.agents.patience.pattern_key`."""
    return sum(int(d) for d in str(key // 32)) if key >= 32 else 0


def credit_game(
    table: ValueTable, deal: Sequence[int], boards: Sequence[Board], final: Board,
    sums: dict[int, float], cnts: dict[int, int],
) -> None:  # fmt: skip
    """Credit every line's pattern on every board of one game with the line's final score.

    A value slot is ``((pattern_key * 16 + outs) * 32 + time)``: each credit goes to the
    pattern at its time and over all times (:data:`~hoyle.agents.patience.NO_TIME`), and, for
    a line told apart by its outs, to the line over all outs too (for buckets never met)."""
    lines = final_lines(final)
    scores = {(t, i): score_of(cards_of(m), table.scoring) for t, i, m in lines}
    for n, b in enumerate(boards[:-1]):
        table.unseen = ((1 << 52) - 1) & ~sum(1 << c for c in deal[:n])
        for is_col, i, _ in lines:
            m = (b.col_masks if is_col else b.row_masks)[i]
            k = pattern_key(m, bool(is_col)) * 16
            if table.outs and 3 <= m.bit_count() < SIDE:
                k += table.outs_bucket(m)
            s = scores[(is_col, i)]
            for slot in (k * 32 + n, k * 32 + NO_TIME):
                sums[slot] = sums.get(slot, 0.0) + s
                cnts[slot] = cnts.get(slot, 0) + 1
            if k % 16:
                slot = (k - k % 16) * 32 + NO_TIME
                sums[slot] = sums.get(slot, 0.0) + s
                cnts[slot] = cnts.get(slot, 0) + 1


def round_values(sums: dict[int, float], cnts: dict[int, int], min_count: int) -> dict[int, float]:
    """A round's values: the mean credit of every slot met ``min_count`` times, full lines
    left out (they are valued exactly)."""
    return {
        k: sums[k] / cnts[k] for k in sums if key_size(k // 512) < SIDE and cnts[k] >= min_count
    }


# --- the table file ---------------------------------------------------------------------------
def table_arrays(tables: Iterable[ValueTable], prefix: str = "") -> dict[str, np.ndarray]:
    """The arrays of ``tables`` in the player's format
    (:func:`hoyle.agents.patience.table_name`), each name after ``prefix``."""
    arrays: dict[str, np.ndarray] = {}
    for t in tables:
        name = prefix + table_name(t.scoring, t.placement)
        keys = sorted(t.values)
        arrays[f"{name}_keys"] = np.array(keys, dtype=np.int64)
        arrays[f"{name}_values"] = np.array([t.values[k] for k in keys], dtype=np.float64)
        arrays[f"{name}_counts"] = np.array([t.counts.get(k, 0) for k in keys], dtype=np.int64)
        arrays[f"{name}_flags"] = np.array([t.timed, t.outs, WINDOWS_CAP], dtype=np.int64)
    return arrays


def save_tables(path: Path | str, tables: Iterable[ValueTable]) -> None:
    """Write tables to one ``.npz`` that :func:`hoyle.agents.patience.load_table` reads,
    atomically."""
    save_npz(path, table_arrays(tables), compressed=True)


# --- the run ----------------------------------------------------------------------------------
class TableTrainer(RunTrainer):
    """One run of Monte Carlo self-play in a folder (on the run skeleton): learns the line
    values of one or every (scoring, placement), evaluates, saves, resumes."""

    FILES = ("config.json", CHECKPOINT, "values.npz", "curve.csv", "curve.png", "summary.json")
    """What the run writes (and ``hoyle train --no-resume`` removes)."""
    RESULT = "values.npz"
    UNIT = "game"

    def __init__(
        self, game_text: str = "poker_patience", *, all_tables: bool = False,
        games: int = 6000, rounds: int = 4, epsilon: float = 0.1, first_epsilon: float = 0.3,
        decay: bool = False, min_count: int = 20, timed: bool = False, outs: bool = False,
        start: str | None = None, play_depth: int = 1, seed: int = 0,
        out: Path | str | None = None, checkpoint_every: int | None = None,
        eval_games: int = 200, resume: bool = True, progress: bool = True, command: str = "",
        tables: Sequence[tuple[str, str]] | None = None,
    ) -> None:  # fmt: skip
        if games < 1 or rounds < 1 or seed < 0:
            raise UsageError("--games and --rounds must be at least 1 and --seed at least 0")
        if not (0.0 <= epsilon <= 1.0 and 0.0 <= first_epsilon <= 1.0):
            raise UsageError("the exploration rates must be in [0, 1]")
        if eval_games < 0 or min_count < 1 or play_depth not in (1, 2):
            raise UsageError("--eval-games must be at least 0, min_count at least 1 and the "
                             "self-play depth 1 or 2")  # fmt: skip
        self.spec, self.game = resolve_game(game_text, "full")
        if self.spec.short_name != "poker_patience":
            why = (
                " (its planner is an exact search: no table)"
                if "serpent" in self.spec.short_name
                else ""
            )
            raise UsageError(f"--method table trains Poker Patience only, not "
                             f"{self.spec.short_name}{why}")  # fmt: skip
        params = self.game.get_parameters()
        if tables is None:
            own = (str(params["scoring"]), str(params["placement"]))
            tables = ALL_TABLES if all_tables else (own,)
        self.tables = tuple((str(s), str(p)) for s, p in tables)
        self.games, self.rounds, self.seed = games, rounds, seed
        self.epsilon, self.first_epsilon, self.decay = epsilon, first_epsilon, decay
        self.min_count, self.timed, self.outs = min_count, timed, outs
        self.play_depth, self.eval_games = play_depth, eval_games
        self.starts: dict[tuple[str, str], ValueTable] = {}
        if start is not None:
            try:
                loaded = {(s, p): load_table(s, p, start) for s, p in self.tables}
                # A placement without its own table starts from the book's, under its own name.
                self.starts = {k: ValueTable(*k, v.values, v.counts, timed=v.timed, outs=v.outs)
                               for k, v in loaded.items()}  # fmt: skip
            except FileFormatError as e:
                raise UsageError(str(e)) from None
        which = "all" if self.tables == ALL_TABLES else "-".join(self.tables[0])
        if len(self.tables) > 1 and self.tables != ALL_TABLES:
            which = "_".join("-".join(t) for t in self.tables)
        super().__init__(
            Path(out or f"runs/poker_patience-table-{which}-s{seed}"),
            {"game": str(self.game), "method": "table",
             "tables": ["/".join(t) for t in self.tables], "games": games, "rounds": rounds,
             "epsilon": epsilon, "first_epsilon": first_epsilon, "decay": decay,
             "min_count": min_count, "timed": timed, "outs": outs, "start": start,
             "play_depth": play_depth, "seed": seed, "eval_games": eval_games},
            total=len(self.tables) * rounds * games,
            checkpoint_every=checkpoint_every or max(1, len(self.tables) * rounds * games // 20),
            resume=resume, progress=progress, command=command,
        )  # fmt: skip
        self.done = 0
        self.finished: list[ValueTable] = []
        self.curve: list[dict[str, Any]] = []
        self._begin_table(0)

    done: int = 0  # a plain count here, overriding the skeleton's read-only property
    """Self-play games played so far, over every table."""

    # --- where the run stands ---------------------------------------------------------------
    @property
    def where(self) -> tuple[int, int, int]:
        """(table, round, game of the round) of the next game."""
        t, rest = divmod(self.done, self.rounds * self.games)
        return t, *divmod(rest, self.games)

    @property
    def desc(self) -> str:
        t, r, _ = self.where
        if t >= len(self.tables):
            return "patience self-play"
        return f"{'/'.join(self.tables[t])} round {r + 1}/{self.rounds}"

    def resumed_at(self) -> str | None:
        if not self.done:
            return None
        t, r, g = self.where
        if t >= len(self.tables):
            return f"game {self.done} (finished)"
        return f"game {self.done} ({'/'.join(self.tables[t])}, round {r + 1}, game {g})"

    def _begin_table(self, t: int) -> None:
        """Start table ``t``: its generator from the seed, its values from ``start`` or none."""
        self.rng = random.Random(self.seed)
        self.sums: dict[int, float] = {}
        self.cnts: dict[int, int] = {}
        if t >= len(self.tables):
            return
        scoring, placement = self.tables[t]
        start = self.starts.get((scoring, placement))
        self.table = start or ValueTable(scoring, placement, {}, timed=self.timed, outs=self.outs)
        self._prior = ValueTable(scoring, placement, {})

    def _eps(self, rnd: int) -> float:
        if self.decay and self.rounds > 1:
            return self.first_epsilon + (self.epsilon - self.first_epsilon) * rnd / (
                self.rounds - 1
            )
        return self.first_epsilon if rnd == 0 and not self.starts else self.epsilon

    # --- the loop -------------------------------------------------------------------------
    def step(self) -> None:
        """One self-play game of the current table and round; the round's values at its end."""
        t, rnd, g = self.where
        table = self.table
        deal = self.rng.sample(range(52), NUM_CARDS_PLACED)
        boards: list[Board] = []
        player = table if rnd or self.starts else self._prior
        final = play_deal(deal, player, self.rng, table.placement == "grid", self.play_depth,
                          self._eps(rnd), record=boards)  # fmt: skip
        credit_game(table, deal, boards, final, self.sums, self.cnts)
        self.done += 1
        if g + 1 == self.games:  # the round ends: its values make the next round's table
            values = round_values(self.sums, self.cnts, self.min_count)
            self.table = ValueTable(table.scoring, table.placement, values, self.cnts,
                                    timed=table.timed, outs=table.outs)  # fmt: skip
            self.sums, self.cnts = {}, {}
            if rnd + 1 == self.rounds:
                self.finished.append(self.table)
                self._begin_table(t + 1)

    def eval_due(self, done: int) -> bool:
        return done % self.games == 0

    def before_loop(self) -> list[dict[str, Any]]:
        """The prior's row (round 0) of every table, on a fresh run."""
        if self.done or self.curve or not self.eval_games:
            return []
        rows = []
        for scoring, placement in self.tables:
            prior = self.starts.get((scoring, placement)) or ValueTable(scoring, placement, {})
            rows.append(self._row(prior, 0))
        self.curve = rows
        self._write_curve()
        return rows

    def _row(self, table: ValueTable, rnd: int) -> dict[str, Any]:
        from hoyle.experiments.stats import mean_ci

        scores = [self.eval_score(table, j) for j in range(self.eval_games)]
        m, lo, hi = mean_ci(scores)
        return {"games": self.done, "train_seconds": round(self.train_seconds, 2),
                "table": f"{table.scoring}/{table.placement}", "round": rnd,
                "eval_games": self.eval_games, "mean": m, "ci_low": lo, "ci_high": hi,
                "patterns": sum(1 for k in table.values if k % 32 == NO_TIME)}  # fmt: skip

    def eval_score(self, table: ValueTable, j: int) -> int:
        """The greedy player's score on evaluation deal ``j`` (its own seeded generator, apart
        from the training's: the same deal and ties whatever the round)."""
        rng = random.Random(f"patience-eval-{self.seed}-{j}")
        deal = rng.sample(range(52), NUM_CARDS_PLACED)
        board = play_deal(deal, table, rng, table.placement == "grid", depth=1)
        return final_score(board, table.scoring)

    def evaluate(self) -> list[dict[str, Any]]:
        """The row of the round just ended: the table it made, played greedily."""
        t, rnd, _ = self.where
        if rnd == 0:  # the last round of table t - 1 ended
            table, rnd = self.finished[t - 1], self.rounds
        else:
            table = self.table
        rows = [self._row(table, rnd)] if self.eval_games else []
        self.curve = [r for r in self.curve if r["games"] < self.done] + rows
        self._write_curve()
        return rows

    def postfix(self, rows: list[dict[str, Any]]) -> dict[str, str]:
        return {"greedy": f"{rows[-1]['mean']:.2f}"}

    # --- saving and resuming --------------------------------------------------------------
    def _current(self) -> list[ValueTable]:
        """The tables learnt so far: the finished ones, and the current one once a round of
        it has ended (or it started from a table)."""
        t, rnd, _ = self.where
        if t < len(self.tables) and (rnd or self.starts):
            return [*self.finished, self.table]
        return list(self.finished)

    def checkpoint(self) -> None:
        t, _, _ = self.where
        arrays = table_arrays(self.finished, "finished_")
        if t < len(self.tables):
            arrays.update(table_arrays([self.table], "current_"))
        keys = sorted(self.sums)
        arrays["credit_keys"] = np.array(keys, dtype=np.int64)
        arrays["credit_sums"] = np.array([self.sums[k] for k in keys], dtype=np.float64)
        arrays["credit_counts"] = np.array([self.cnts[k] for k in keys], dtype=np.int64)
        version, state, gauss = self.rng.getstate()
        meta = {"format": CHECKPOINT_FORMAT, "config": self.config, "games": self.done,
                "train_seconds": self.train_seconds, "curve": self.curve,
                "rng": [version, list(state), gauss]}  # fmt: skip
        save_npz(self.out / CHECKPOINT, {**arrays, "meta": np.array(_json(meta))})
        save_tables(self.out / "values.npz", self._current())

    def _setup(self) -> None:
        """Resume the checkpoint of this same run, if there is one."""
        ck = self.out / CHECKPOINT
        if self.resume and ck.is_file():
            self.load_checkpoint(ck)

    def load_checkpoint(self, path: Path) -> None:
        """Restore the tables, the credits, the generator and the curve from ``path``; anything
        that is not a checkpoint of this run is refused with a one-line ``FileFormatError``
        and changes nothing."""
        what = "checkpoint of a patience table run"
        z = load_npz(path, what, ("meta",))
        bad = not_this_run(path)
        meta = checked_meta(npz_json(z, "meta", path, what), bad, CHECKPOINT_FORMAT, self.config)
        games, secs, curve, rng = (meta.get(k) for k in ("games", "train_seconds", "curve", "rng"))
        if not (isinstance(games, int) and 0 <= games <= self.total):
            raise bad("bad game count")
        secs, curve = checked_progress(bad, secs, curve, "games", CURVE_FIELDS)
        state = _rng_state(rng)
        if state is None:
            raise bad("bad random generator state")
        t = games // (self.rounds * self.games)
        try:
            finished = [_read_table(z, "finished_", s, p, path) for s, p in self.tables[:t]]
            current = None
            if t < len(self.tables):
                current = _read_table(z, "current_", *self.tables[t], path)
            credits = [z[f"credit_{k}"] for k in ("keys", "sums", "counts")]
        except (KeyError, FileFormatError) as e:
            raise bad(f"its tables are incomplete ({e})") from None
        ks, ss, cs = credits
        if not (ks.ndim == ss.ndim == cs.ndim == 1 and ks.size == ss.size == cs.size):
            raise bad("bad credits")
        if not (np.isfinite(ss).all() and (cs > 0).all()):
            raise bad("bad credits")
        self.done, self.train_seconds = games, float(secs)
        self.curve = [r for r in curve if r["games"] <= games]
        self.finished = finished
        self._begin_table(t)
        if current is not None:
            self.table = current
        self.rng.setstate(state)
        self.sums = dict(zip(ks.tolist(), ss.tolist(), strict=True))
        self.cnts = dict(zip(ks.tolist(), cs.tolist(), strict=True))

    def _write_curve(self) -> None:
        write_curve(self.out / "curve.csv", self.curve, CURVE_FIELDS)

    def plot(self) -> Path | None:
        if not self.curve:
            return None
        from hoyle.experiments.plots import new_figure, save_figure

        fig = new_figure(6, 4)
        ax = fig.subplots()
        for name in dict.fromkeys(r["table"] for r in self.curve):
            rows = sorted((r for r in self.curve if r["table"] == name), key=lambda r: r["round"])
            x = [r["round"] for r in rows]
            ax.plot(x, [r["mean"] for r in rows], marker="o", markersize=3, label=name)
            ax.fill_between(x, [r["ci_low"] for r in rows], [r["ci_high"] for r in rows],
                            alpha=0.2)  # fmt: skip
        ax.set_xlabel(f"rounds of {self.games} self-play games (0: the prior)")
        ax.set_ylabel(f"greedy mean score (95% CI, {self.eval_games} deals)")
        ax.set_title(f"Poker Patience line values by self-play, seed {self.seed}", fontsize=9)
        ax.legend(loc="lower right", fontsize=8)
        ax.grid(True, alpha=0.3)
        path = self.out / "curve.png"
        save_figure(fig, path)
        return path

    def summary(self) -> dict[str, Any]:
        last = {}
        for r in self.curve:
            last[r["table"]] = {f: r[f] for f in ("round", "mean", "ci_low", "ci_high", "patterns")}
        return {
            **self.config, "games_played": self.done,
            "train_seconds": round(self.train_seconds, 2),
            "games_per_s": round(self.done / self.train_seconds, 2) if self.train_seconds else None,
            "values": str(self.out / "values.npz"),
            "values_bytes": (self.out / "values.npz").stat().st_size, "final": last,
        }  # fmt: skip


def _json(data: Any) -> str:
    import json

    return json.dumps(data, allow_nan=True)


def _rng_state(raw: Any) -> tuple[Any, ...] | None:
    """A ``random.Random`` state from its JSON form, or ``None`` if it is not one."""
    if not (isinstance(raw, list) and len(raw) == 3 and isinstance(raw[1], list)):
        return None
    version, state, gauss = raw
    if version != 3 or len(state) != 625 or not all(isinstance(x, int) for x in state):
        return None
    if not (gauss is None or isinstance(gauss, float)):
        return None
    probe = random.Random()
    try:
        probe.setstate((version, tuple(state), gauss))
    except (ValueError, TypeError, OverflowError):
        return None
    return (version, tuple(state), gauss)


def _read_table(
    z: dict[str, np.ndarray], prefix: str, scoring: str, placement: str, path: Path
) -> ValueTable:
    """Table ``prefix + <scoring>_<placement>`` of a checkpoint, checked as the player checks a
    table file."""
    data = {k.removeprefix(prefix): v for k, v in z.items() if k.startswith(prefix)}
    return table_from_arrays(data, scoring, placement, str(path))


# --- the commands -----------------------------------------------------------------------------
def command_line(args: argparse.Namespace) -> str:
    """The command that makes this run, written out (for ``config.json``)."""
    parts = ["hoyle train", repr(args.game) if "(" in args.game else args.game, "--method table"]
    if getattr(args, "all_tables", False):
        parts.append("--all-tables")
    for flag in ("games", "rounds", "eval_games", "checkpoint_every", "seed", "out"):
        value = getattr(args, flag, None)
        if value is not None:
            parts.append(f"--{flag.replace('_', '-')} {value}")
    return " ".join(parts)


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}, tables {', '.join(summary['tables'])}: line values by "
             f"self-play, {summary['games_played']} games "
             f"({summary['rounds']} rounds of {summary['games']} a table) in "
             f"{summary['train_seconds']} s ({summary['games_per_s']} games/s)"]  # fmt: skip
    for name, r in summary["final"].items():
        lines.append(f"{name}: greedy {r['mean']:.2f} [{r['ci_low']:.2f}, {r['ci_high']:.2f}] "
                     f"after round {r['round']}, {r['patterns']} patterns")  # fmt: skip
    lines.append(f"tables: {summary['values']} ({summary['values_bytes'] / 1e3:.0f} kB); play "
                 f"them as planner:table={summary['values']}")  # fmt: skip
    return "\n".join(lines)


def make_agent(spec: str, game: Any, seed: int) -> HoyleBot:
    """``hoyle.agents.make`` (``planner`` is an installed agent kind like the others)."""
    from hoyle.agents import make

    return make(spec, game, seed)


def play_one(game: Any, bots: Sequence[HoyleBot], chance_seed: int) -> list[float]:
    """One game through pyspiel: chance from ``chance_seed``, player ``p`` played by
    ``bots[p]``. Returns the returns."""
    rng = random.Random(chance_seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def bench(
    specs: Sequence[str], deals: int, seed: int, params: dict[str, Any], progress: bool = True
) -> dict[str, tuple[float, float, float]]:
    """Mean score, 95% CI half-width and seconds a deal of each agent over the same ``deals``
    deals of one-player Poker Patience with ``params``."""
    import time

    import pyspiel
    from tqdm import tqdm

    import hoyle.envs  # noqa: F401  (registers the games)

    game = pyspiel.load_game("hoyle_poker_patience", params)
    out: dict[str, tuple[float, float, float]] = {}
    for spec in specs:
        bot = make_agent(spec, game, seed)
        scores = []
        t0 = time.process_time()
        for d in tqdm(range(deals), desc=spec, disable=not progress, file=sys.stderr):
            scores.append(play_one(game, [bot], seed * 1_000_003 + d)[0])
        secs = (time.process_time() - t0) / deals
        arr = np.array(scores)
        half = 1.96 * float(arr.std(ddof=1)) / np.sqrt(len(arr)) if len(arr) > 1 else float("nan")
        out[spec] = (float(arr.mean()), half, secs)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The former ``python -m hoyle.agents.patience``: ``train`` (a thin alias of ``hoyle
    train poker_patience --method table``), ``bench`` agents over seeded deals."""
    ap = argparse.ArgumentParser(
        prog="python -m hoyle.experiments.train_patience",
        description="Poker Patience: learn the planner's line values, or measure agents.",
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    tr = sub.add_parser("train", help="learn the line-pattern values by self-play (an alias of "
                        "hoyle train poker_patience --method table)")  # fmt: skip
    tr.add_argument("--games", type=int, default=20000, help="games per round")
    tr.add_argument("--rounds", type=int, default=4)
    tr.add_argument("--seed", type=int, default=1)
    tr.add_argument("--scoring", choices=(*SCORINGS, "all"), default="all")
    tr.add_argument("--placement", choices=(*PLACEMENTS, "all"), default="all")
    tr.add_argument("--out", default=None, help="the run folder (default runs/poker_patience-"
                    "table-...-s<seed>); the tables are OUT/values.npz")  # fmt: skip
    tr.add_argument("--quiet", action="store_true", help="no progress bar")
    be = sub.add_parser("bench", help="mean scores of agents over the same seeded deals")
    be.add_argument("--agents", default="random,heuristic,planner")
    be.add_argument("--deals", type=int, default=200)
    be.add_argument("--seed", type=int, default=1)
    be.add_argument("--scoring", choices=SCORINGS, default="english")
    be.add_argument("--placement", choices=PLACEMENTS, default="book")
    args = ap.parse_args(argv)
    if args.cmd == "train":
        return _train_alias(args)
    results = bench(
        args.agents.split(";") if ";" in args.agents else args.agents.split(","),
        args.deals,
        args.seed,
        {"scoring": args.scoring, "placement": args.placement},
    )
    for spec, (mean, half, secs) in results.items():
        print(f"{spec:24s} mean {mean:6.2f} ± {half:4.2f} (95% CI)  {secs * 1000:7.1f} ms a deal")
    return 0


def _train_alias(args: argparse.Namespace) -> int:
    """``train`` of the former command: the same run as ``hoyle train``, in a run folder."""
    from hoyle.experiments.runs import sigterm_as_interrupt

    if args.out is not None and args.out.endswith(".npz"):
        print(f"train: error: --out names the run folder now, not the table file ({args.out}); "
              "the tables are written to OUT/values.npz, to be copied where wanted",
              file=sys.stderr)  # fmt: skip
        return 2
    tables = [(s, p) for s in (SCORINGS if args.scoring == "all" else (args.scoring,))
              for p in (PLACEMENTS if args.placement == "all" else (args.placement,))]  # fmt: skip
    command = ("python -m hoyle.experiments.train_patience train " + " ".join(
        f"--{k} {getattr(args, k)}" for k in ("games", "rounds", "seed", "scoring", "placement")
        ) + (f" --out {args.out}" if args.out else ""))  # fmt: skip
    try:
        trainer = TableTrainer(tables=tables, games=args.games, rounds=args.rounds,
                               seed=args.seed, out=args.out, progress=not args.quiet,
                               command=command)  # fmt: skip
        with sigterm_as_interrupt(), trainer.holding():
            trainer.setup()
            if trainer.resumed_at():
                print(f"resuming {trainer.out} at {trainer.resumed_at()}", file=sys.stderr)
            summary = trainer.train()
    except UsageError as e:
        print(f"train: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; the last checkpoint is in {trainer.out}: run the same command "
              "again to resume", file=sys.stderr)  # fmt: skip
        return 130
    print(format_summary(summary))
    return 0


__all__ = ["ALL_TABLES", "TableTrainer", "bench", "command_line", "credit_game",
           "format_summary", "main", "play_deal", "play_one", "save_tables"]  # fmt: skip

if __name__ == "__main__":
    sys.exit(main())
