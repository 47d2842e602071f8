"""``hoyle judge backgammon``: agents against GNU Backgammon, every play judged by gnubg.

``hoyle judge backgammon --agents td:weights=W,heuristic --against gnubg:ply=0 --games 1000``
plays each agent ``--games`` seeded games against the opponent, half with White and half with
Black, and at each throw the agent plays, GNU Backgammon (at ``--ply``, default 0) values every
legal play of the throw (:func:`hoyle.agents.gnubg_bot.best_and_chosen`): the **equity loss** of
the play is the best play's equity minus the chosen play's (cubeless money equity, gammons and
backgammons counted; 0 when the agent chose what gnubg would have).

Games and dice. Game ``2d`` and ``2d + 1`` of an agent are deal ``d`` of the duplicate-deal
engine of :mod:`hoyle.experiments.match`, the agent first in White's seat (rotation 0), then
in Black's (rotation 1): the dice of deal ``d`` come from the stream ``deal_seed(seed, d)``
and each bot's seed is ``agent_seed(seed, d, rotation, seat)``, so every agent meets the same
dice, and an agent's games are exactly those of ``hoyle match backgammon --agents A,OPP
--deals N/2 --seed S`` (the tests check it). The play is the engine's own
:func:`~hoyle.experiments.match.play_game`; the judging replays the finished game's history and
values the agent's plays, so the judge never influences the play.

What is judged. Every throw of the agent's with at least two distinct legal results (an
*unforced* play; a throw with one result, or none, is counted as forced and not judged, as in
gnubg's own analysis). The book's opening choice (take the opening dice or throw again) is not
judged.

Report (``runs/<name>/judge.csv`` and ``judge.md``, printed too), one row per agent:

* the mean result per game against the opponent (points: hit 1, gammon 2, backgammon 3) with a
  95% Student-t interval over deals, each deal's sample the mean of the agent's two games (both
  colours on the same dice), and the win rate; and between agents, paired differences on the
  same deals;
* moves judged, mean equity loss per move with a 95% interval (a ratio estimate clustered by
  deal: the moves of one game are not independent), the share of moves with zero loss, and the
  shares of gnubg's classes of error by loss: *doubtful* (> 0.04), *bad* (> 0.08) and *very bad*
  (> 0.16) -- gnubg's usual default thresholds (``arSkillLevel`` and ``Skill()`` in gnubg's
  source, strict comparisons; ASSUMPTION: the defaults of a stock gnubg), classes exclusive;
  and the error rate in milli-equity per move (gnubg's "mEMG", which for cubeless money play is
  1000 × the mean loss).

Storage and resume. Rows are saved as units (one agent, one deal, two games) finish, in Parquet
parts under ``runs/<name>/parts/`` (moves first, then games: a unit counts as done only when its
game rows are stored), at least every ``--save-every`` seconds and on Ctrl-C; the same command
resumes, replaying nothing finished. At the end the parts are merged into ``games.parquet``
(one row per game) and ``moves.parquet`` (one row per judged throw: the dice, gnubg's position
id before the play, the chosen and the best play in standard notation, both equities and the
loss). A stored run is identified by the game, the opponent, the seed and the judging ply:
asking for more games or other agents reuses what is stored. Rows depend only on the seeds, so
``--workers K`` gives the same numbers as one process. The folder is owned as a match's is
(:mod:`hoyle.experiments.match`, Storage and Resuming): a plain ``--name``, a marker, a lock
against a second process, parts and tables carrying the run's id, config hash and seed, every
game row's seeds and opponent checked, every file written atomically; a file that is not this
run's, or is truncated, is refused in one line naming it, and nothing foreign is deleted.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import math
import random
import secrets
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from hoyle.agents import make
from hoyle.envs.core.files import FileFormatError, read_json, write_text
from hoyle.envs.games.backgammon import MOVE, action_move, notation, plays
from hoyle.experiments import runs
from hoyle.experiments.match import (
    CONFIG_FILE,
    PARTS_DIR,
    RunConfigError,
    _write_atomic,
    agent_seed,
    deal_seed,
    first_mismatch,
    open_run_folder,
    plain_name,
    play_game,
    read_stored_file,
    refuse_file,
    remove_parts,
    resolve_game,
    seatings_of,
    write_config,
)
from hoyle.experiments.stats import LEVEL, mean_ci
from hoyle.experiments.usage import EXIT_INTERRUPTED, UsageError, check_agents, load_game

FORMAT = 1
GAMES_FILE = "games.parquet"
MOVES_FILE = "moves.parquet"
CSV_FILE = "judge.csv"
MD_FILE = "judge.md"
SAVE_EVERY = 5.0
DEFAULT_OPPONENT = "gnubg:ply=0"

THRESHOLDS: tuple[tuple[str, float], ...] = (("doubtful", 0.04), ("bad", 0.08), ("very_bad", 0.16))
"""gnubg's default classes of checker-play error by equity loss (``arSkillLevel``; a loss
*above* the threshold: ``Skill()`` compares strictly). ASSUMPTION: a stock gnubg's defaults."""

GAME_COLUMNS: dict[str, str] = {
    "agent": "str", "opponent": "str", "deal": "int64", "rotation": "int64", "seat": "int64",
    "seed": "int64", "deal_seed": "int64", "return": "float64", "result": "str",
    "throws": "int64", "judged": "int64", "forced": "int64", "loss": "float64",
    "zero": "int64", "doubtful": "int64", "bad": "int64", "very_bad": "int64",
}  # fmt: skip
"""One row per game of a judged agent: its seat (0 White), its return, its throws (those with a
play to make), how many were judged (unforced) or forced, the summed equity loss, the judged
moves with zero loss and the moves in each class of error."""

MOVE_COLUMNS: dict[str, str] = {
    "agent": "str", "deal": "int64", "rotation": "int64", "throw": "int64", "seat": "int64",
    "dice": "str", "position": "str", "plays": "int64", "chosen": "str", "best": "str",
    "equity_chosen": "float64", "equity_best": "float64", "loss": "float64",
}  # fmt: skip
"""One row per judged throw: ``throw`` counts the agent's throws in the game from 0;
``position`` is gnubg's position id before the play (the agent on roll); equities are the
agent's after the play, as gnubg judges them."""

GAME_KEY = ["agent", "deal", "rotation"]
MOVE_KEY = ["agent", "deal", "rotation", "throw"]
_IDENTITY = ("game", "params", "game_version", "opponent", "seed", "ply", "format")


RUN_FILES = (CONFIG_FILE, GAMES_FILE, MOVES_FILE, f"{PARTS_DIR}/*-games.parquet",
             f"{PARTS_DIR}/*-moves.parquet", CSV_FILE, MD_FILE)  # fmt: skip
"""What a judging run writes in its folder: all that ``--no-resume`` removes."""


class JudgeConfigError(RunConfigError):
    """A stored run that is not the run asked for."""


# --- judging one game ------------------------------------------------------------------------
def judge_history(
    game: Any, history: Sequence[int], seat: int, ply: int = 0
) -> tuple[list[dict[str, Any]], int]:
    """The judged throws of ``seat`` in the game of ``history`` (chance actions included), and
    the number of its throws that had a play to make.

    The game is replayed; at the start of each of ``seat``'s throws the position and dice are
    noted, the moves of the throw collected, and the position they leave is judged against
    every legal play of the throw (:func:`hoyle.agents.gnubg_bot.best_and_chosen`).
    """
    from hoyle.agents.gnubg_bot import apply_moves, best_and_chosen, position_id

    state = game.new_initial_state()
    rules, s = state.rules, state.s
    bgv, larger = int(rules.backgammon_value), bool(rules.larger_die)
    gammon_rule = str(rules.gammon_rule)
    rows: list[dict[str, Any]] = []
    throws = 0
    start: tuple[Any, Any, tuple[int, ...], tuple[int, int]] | None = None
    moves: list[tuple[int, int]] = []

    def close() -> None:
        nonlocal throws
        assert start is not None
        mover, adversary, dice, throw = start
        options = plays(mover, adversary, dice, larger)
        chosen = apply_moves(mover, adversary, moves)
        throws += 1
        if len(options) < 2:
            return
        best_eq, chosen_eq, n, best = best_and_chosen(
            mover, adversary, dice, chosen, ply,
            larger_die=larger, backgammon_value=bgv, gammon_rule=gammon_rule,
        )  # fmt: skip
        rows.append({
            "throw": throws - 1, "seat": seat, "dice": f"{throw[0]}-{throw[1]}",
            "position": position_id(mover, adversary), "plays": n,
            "chosen": notation(mover, adversary, moves),
            "best": notation(mover, adversary, options[best]),
            "equity_chosen": chosen_eq, "equity_best": best_eq, "loss": best_eq - chosen_eq,
        })  # fmt: skip

    for action in history:
        mine = s.phase == MOVE and s.turn == seat and rules.current_player(s) == seat
        if mine and not s.played:
            start = (s.men[seat], s.men[1 - seat], s.dice_left, s.throw)
            moves = []
        if mine:
            moves.append(action_move(action))
        rules.apply_action(s, action)
        if mine and not (s.phase == MOVE and s.turn == seat and s.played):
            close()  # The throw is over: the turn passed, or the game ended.
            start = None
    return rows, throws


def _result(mine: float, theirs: float) -> str:
    return "win" if mine > theirs else "draw" if mine == theirs else "loss"


def judge_unit(
    game: Any, agent: str, opponent: str, seed: int, deal: int, ply: int = 0
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Deal ``deal``: ``agent`` plays the opponent once as White and once as Black (the match
    engine's seeds and dice); the game rows and the judged-move rows."""
    dseed = deal_seed(seed, deal)
    game_rows: list[dict[str, Any]] = []
    move_rows: list[dict[str, Any]] = []
    specs = (agent, opponent)
    for rotation, order in enumerate(seatings_of(2, "rotations")):
        seat = order.index(0)
        seeds = [agent_seed(seed, deal, rotation, k) for k in range(2)]
        bots = [make(specs[p], game, seeds[k]) for k, p in enumerate(order)]
        end = play_game(game, bots, random.Random(dseed))
        returns = end.returns()
        judged, throws = judge_history(game, end.history(), seat, ply)
        losses = np.array([r["loss"] for r in judged], dtype=float)
        counts = _classes(losses)
        game_rows.append({
            "agent": agent, "opponent": opponent, "deal": deal, "rotation": rotation,
            "seat": seat, "seed": seeds[seat], "deal_seed": dseed,
            "return": float(returns[seat]), "result": _result(returns[seat], returns[1 - seat]),
            "throws": throws, "judged": len(judged), "forced": throws - len(judged),
            "loss": float(losses.sum()), "zero": int((losses == 0).sum()), **counts,
        })  # fmt: skip
        move_rows += [{"agent": agent, "deal": deal, "rotation": rotation, **r} for r in judged]
    return game_rows, move_rows


def _classes(losses: np.ndarray) -> dict[str, int]:
    """Moves in each of gnubg's classes (exclusive: a very bad move is not also bad)."""
    out: dict[str, int] = {}
    upper = math.inf
    for name, threshold in reversed(THRESHOLDS):
        out[name] = int(((losses > threshold) & (losses <= upper)).sum())
        upper = threshold
    return out


def judge_units(
    spiel_name: str, params: Mapping[str, Any], opponent: str, seed: int, ply: int,
    units: Sequence[tuple[str, int]],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], float]:  # fmt: skip
    """The rows of several units ``(agent, deal)`` and the seconds they took (a worker's
    task)."""
    from hoyle.experiments.match import _load

    start = time.perf_counter()
    game = _load(spiel_name, params)
    games: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    for agent, deal in units:
        g, m = judge_unit(game, agent, opponent, seed, deal, ply)
        games += g
        moves += m
    return games, moves, time.perf_counter() - start


# --- tables ---------------------------------------------------------------------------------
def _frame(rows: Any, columns: Mapping[str, str], key: list[str]) -> pd.DataFrame:
    df = pd.DataFrame(rows if isinstance(rows, pd.DataFrame) else list(rows), columns=list(columns))
    df = df.astype(columns).drop_duplicates(key)
    return df.sort_values(key, ignore_index=True)


def games_frame(rows: Any) -> pd.DataFrame:
    """Game rows as the canonical table (:data:`GAME_COLUMNS`), sorted and deduplicated."""
    return _frame(rows, GAME_COLUMNS, GAME_KEY)


def moves_frame(rows: Any) -> pd.DataFrame:
    """Judged-move rows as the canonical table (:data:`MOVE_COLUMNS`)."""
    return _frame(rows, MOVE_COLUMNS, MOVE_KEY)


def _row_problem(df: pd.DataFrame, which: str, seed: int, opponent: str) -> str | None:
    """Why the canonical ``which`` rows (``games`` or ``moves``) are not this run's, or ``None``:
    the agent's seat is White in rotation 0 and Black in rotation 1, and a game row's seeds and
    opponent must be those of the run (so copied rows are caught whatever the file says)."""
    if df.empty:
        return None
    d, r, k = (df[c].to_numpy(dtype=np.int64) for c in ("deal", "rotation", "seat"))
    wrong = (d < 0) | (r < 0) | (r > 1) | (k != r)
    if wrong.any():
        i = int(np.argmax(wrong))
        return (f"it has a row of deal {d[i]}, rotation {r[i]}, seat {k[i]}, which this run "
                "does not play")  # fmt: skip
    if which == "moves":
        return None
    units = list(zip(d.tolist(), r.tolist(), k.tolist(), strict=True))
    deal_seeds = {x: deal_seed(seed, x) for x in set(d.tolist())}
    agent_seeds = {u: agent_seed(seed, *u) for u in set(units)}
    expected: dict[str, list[Any]] = {
        "deal_seed": [deal_seeds[x] for x in d.tolist()],
        "seed": [agent_seeds[u] for u in units],
        "opponent": [opponent] * len(df),
    }
    return first_mismatch(df, expected, lambda i: f"deal {d[i]}, rotation {r[i]}")


def _stored_rows(
    file: Path, which: str, part: bool, seed: int, opponent: str, expect: Mapping[str, Any],
    legacy: bool, rewrite: Mapping[str, Any] | None,
) -> pd.DataFrame:  # fmt: skip
    """One stored file's rows, refused unless they are this run's (and, adopting a folder of
    an older hoyle, rewritten carrying the run's metadata)."""
    raw, meta = read_stored_file(file, expect, part=part, legacy=legacy,
                                 replay="those games" if part else "the run")  # fmt: skip
    columns = GAME_COLUMNS if which == "games" else MOVE_COLUMNS
    missing = [c for c in columns if c not in raw.columns]
    if missing:
        raise refuse_file(file, f"it lacks the columns {', '.join(missing)}", part)
    try:
        df = games_frame(raw) if which == "games" else moves_frame(raw)
    except (ValueError, TypeError, KeyError):
        raise refuse_file(file, f"its columns do not hold hoyle's {which} rows", part) from None
    why = _row_problem(df, which, seed, opponent)
    if why is not None:
        raise refuse_file(file, why, part)
    if rewrite is not None and meta != dict(rewrite):
        _write_atomic(df, file, rewrite)
    return df


def _read_stored(
    path: Path, seed: int, opponent: str, expect: Mapping[str, Any], legacy: bool = False,
    rewrite: Mapping[str, Any] | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame, list[Path]]:  # fmt: skip
    """Stored rows of whole units only (both games of an agent's deal, and their moves), and
    the part files read. Every file must be this run's (see
    :func:`hoyle.experiments.match.open_run_folder`): one that is not is refused, not skipped."""
    parts = sorted((path / PARTS_DIR).glob("*.parquet")) if (path / PARTS_DIR).is_dir() else []
    files = [(f, w, False) for f, w in ((path / GAMES_FILE, "games"), (path / MOVES_FILE, "moves"))
             if f.exists()]  # fmt: skip
    for f in parts:
        which = next((w for w in ("games", "moves") if f.name.endswith(f"-{w}.parquet")), None)
        if which is None:
            raise refuse_file(f, "the parts of a judging run are NAME-games.parquet and "
                              "NAME-moves.parquet", True)  # fmt: skip
        files.append((f, which, True))
    found: dict[str, list[pd.DataFrame]] = {"games": [games_frame([])], "moves": [moves_frame([])]}
    for f, which, part in files:
        found[which].append(_stored_rows(f, which, part, seed, opponent, expect, legacy, rewrite))
    games = games_frame(pd.concat(found["games"], ignore_index=True))
    whole = games.groupby(["agent", "deal"])["rotation"].transform("size") == 2
    games = games[whole].reset_index(drop=True)
    moves = moves_frame(pd.concat(found["moves"], ignore_index=True))
    done = games[["agent", "deal", "rotation"]].drop_duplicates()
    moves = moves.merge(done, on=["agent", "deal", "rotation"]).sort_values(MOVE_KEY)
    return games, moves.reset_index(drop=True), parts


def judge_name(game_text: str, agents: Sequence[str], opponent: str, ply: int, seed: int) -> str:
    """The default run name: ``backgammon-judge-random-vs-gnubg_ply=0-p0-s1`` (hashed when
    long)."""
    who = "-".join(agents)
    if len(who) > 50:
        who = f"{len(agents)}-agents-{hashlib.sha1(chr(10).join(agents).encode()).hexdigest()[:8]}"
    return plain_name(f"{game_text}-judge-{who}-vs-{opponent}-p{ply}-s{seed}")


# --- the run ---------------------------------------------------------------------------------
def run_judge(
    game: str | Any,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    opponent: str = DEFAULT_OPPONENT,
    ply: int = 0,
    out: str | Path | None = None,
    name: str | None = None,
    workers: int = 1,
    resume: bool = True,
    progress: bool = False,
    save_every: float = SAVE_EVERY,
    on_start: Callable[[Path | None, int], None] | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Judge each of ``agents`` over ``games`` games (even: both colours of ``games // 2``
    deals) against ``opponent``; the game rows and judged-move rows of the asked agents and
    deals (:data:`GAME_COLUMNS`, :data:`MOVE_COLUMNS`).

    With ``out`` the rows go to ``<out>/<name>/`` as units finish and a stored run of the same
    game, opponent, seed and ``ply`` is resumed (``resume=False`` starts it over).
    ``on_start(run_dir, finished_units)`` is told where it is stored and what was done.
    """
    from hoyle.agents.gnubg_bot import PLIES, import_gnubg

    import_gnubg()
    spec, full, game_text, loaded = resolve_game(game)
    if spec.short_name != "backgammon":
        raise ValueError(f"the judge is GNU Backgammon: it judges backgammon only, not "
                         f"{spec.short_name}")  # fmt: skip
    if games < 2 or games % 2 or seed < 0:
        raise ValueError(f"need an even number of games >= 2 (both colours of each deal) and "
                         f"seed >= 0; got games={games}, seed={seed}")  # fmt: skip
    if ply not in PLIES:
        raise ValueError(f"judging ply must be one of {', '.join(map(str, PLIES))}; got {ply}")
    specs = list(dict.fromkeys(a.strip() for a in agents))
    for s in [*specs, opponent]:
        make(s, loaded, 0)  # Refuse a bad spec now, not inside a worker.
    config = {
        "kind": "judge", "game": spec.short_name, "game_string": game_text,
        "spiel_name": spec.spiel_name, "params": dict(full), "game_version": spec.version,
        "agents": specs, "opponent": opponent, "games": games, "seed": seed, "ply": ply,
        "format": FORMAT,
    }  # fmt: skip
    path = None if out is None else Path(out) / runs.check_name(
        name or judge_name(game_text, specs, opponent, ply, seed))  # fmt: skip
    lock = contextlib.nullcontext() if path is None else runs.locked(path)
    with lock:
        return _run_judge(path, config, specs, spec.spiel_name, full, resume, workers, progress,
                          save_every, on_start)  # fmt: skip


def _run_judge(
    path: Path | None, config: dict[str, Any], specs: list[str], spiel_name: str,
    full: Mapping[str, Any], resume: bool, workers: int, progress: bool, save_every: float,
    on_start: Callable[[Path | None, int], None] | None,
) -> tuple[pd.DataFrame, pd.DataFrame]:  # fmt: skip
    """:func:`run_judge` with its folder (if any) named and locked."""
    opponent, seed, ply, games = config["opponent"], config["seed"], config["ply"], config["games"]
    deals = games // 2
    done_games, done_moves = games_frame([]), moves_frame([])
    parts: list[Path] = []
    meta: dict[str, Any] | None = None
    if path is not None:

        def read(expect: Mapping[str, Any], legacy: bool, rewrite: Mapping[str, Any] | None
                 ) -> tuple[pd.DataFrame, pd.DataFrame, list[Path]]:  # fmt: skip
            return _read_stored(path, seed, opponent, expect, legacy, rewrite)

        owner, old, stored = open_run_folder(path, "judge", config, resume, read, keys=_IDENTITY,
                                             owned=RUN_FILES, what="judging run",
                                             error=JudgeConfigError)  # fmt: skip
        if stored is not None:
            done_games, done_moves, parts = stored
        if old is not None:  # Asking for more games or other agents extends the stored run.
            try:
                config["agents"] = list(dict.fromkeys([*map(str, old.get("agents", [])), *specs]))
                config["games"] = max(int(old.get("games", 0)), games)
            except (TypeError, ValueError):
                raise FileFormatError(f"{path / CONFIG_FILE} is not a judging run's config (its "
                                      "agents or games)") from None  # fmt: skip
        meta = {"kind": "judge", "run_id": owner.run_id, "config_hash": owner.config_hash,
                "seed": seed}  # fmt: skip
        write_config(path, config)
    finished = set(zip(done_games["agent"], done_games["deal"].tolist(), strict=True))
    todo = [(a, d) for d in range(deals) for a in specs if (a, d) not in finished]
    asked = len(specs) * deals
    if on_start is not None:
        on_start(path, asked - len(todo))

    game_frames, move_frames = [done_games], [done_moves]
    buffer: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
    last_save = time.monotonic()
    bar = tqdm(total=asked * 2, initial=(asked - len(todo)) * 2, unit="game", file=sys.stderr,
               disable=not progress, desc="judge", dynamic_ncols=True, smoothing=0.1)  # fmt: skip

    def save() -> None:
        nonlocal buffer, last_save
        g, m = games_frame(buffer[0]), moves_frame(buffer[1])
        buffer, last_save = ([], []), time.monotonic()
        game_frames.append(g)
        move_frames.append(m)
        if path is not None and len(g):
            tag = f"{int(g['deal'].min()):07d}-{int(g['deal'].max()):07d}-{secrets.token_hex(3)}"
            written = [path / PARTS_DIR / f"{tag}-moves.parquet",
                       path / PARTS_DIR / f"{tag}-games.parquet"]  # fmt: skip
            _write_atomic(m, written[0], meta)
            _write_atomic(g, written[1], meta)  # Last: marks the units done.
            parts.extend(written)

    def finish(g: list[dict[str, Any]], m: list[dict[str, Any]]) -> None:
        buffer[0].extend(g)
        buffer[1].extend(m)
        bar.update(len(g))
        if time.monotonic() - last_save >= save_every:
            save()

    job = (spiel_name, dict(full), opponent, seed, ply)
    with bar:
        try:
            if workers == 1 or len(todo) <= 1:
                for unit in todo:
                    g, m, _ = judge_units(*job, [unit])
                    finish(g, m)
            elif todo:
                _judge_parallel(workers, job, todo, finish)
        finally:
            if buffer[0]:
                save()  # Whatever has finished, also on Ctrl-C or a failing agent.

    all_games = games_frame(pd.concat(game_frames, ignore_index=True))
    all_moves = moves_frame(pd.concat(move_frames, ignore_index=True))
    if path is not None:
        _write_atomic(all_moves, path / MOVES_FILE, meta)
        _write_atomic(all_games, path / GAMES_FILE, meta)
        remove_parts(path, parts)
    keep_g = all_games["agent"].isin(specs) & (all_games["deal"] < deals)
    keep_m = all_moves["agent"].isin(specs) & (all_moves["deal"] < deals)
    return all_games[keep_g].reset_index(drop=True), all_moves[keep_m].reset_index(drop=True)


def _judge_parallel(
    workers: int, job: tuple[Any, ...], todo: Sequence[tuple[str, int]],
    finish: Callable[[list[dict[str, Any]], list[dict[str, Any]]], None],
) -> None:  # fmt: skip
    """Units in ``workers`` local processes (0: one per CPU), a few small batches per worker in
    flight so that results and progress come back often."""
    from collections import deque

    from hoyle.experiments.backends import make_backend

    backend = make_backend("local", workers)
    size = max(1, min(8, len(todo) // (4 * backend.slots)))
    pending = deque(todo)
    in_flight = submitted = 0
    try:
        while pending or in_flight:
            while pending and in_flight < 2 * backend.slots:
                batch = [pending.popleft() for _ in range(min(size, len(pending)))]
                backend.submit(submitted, judge_units, (*job, batch))
                in_flight += 1
                submitted += 1
            _, (g, m, _) = backend.next()
            in_flight -= 1
            finish(g, m)
    except BaseException:
        backend.close(cancel=True)
        raise
    backend.close()


# --- the summary ----------------------------------------------------------------------------
def ratio_ci(num: np.ndarray, den: np.ndarray, level: float = LEVEL) -> tuple[float, float, float]:
    """``sum(num) / sum(den)`` with a Student-t interval from the delta method over clusters
    (one ``num``, ``den`` pair per cluster; NaN ends below 2 clusters).

    >>> m, lo, hi = ratio_ci(np.array([1.0, 2.0, 3.0]), np.array([2.0, 2.0, 2.0]))
    >>> m, round(lo, 3), round(hi, 3)
    (1.0, -0.242, 2.242)
    """
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    n, total = len(num), float(den.sum())
    if n == 0 or total == 0:
        return math.nan, math.nan, math.nan
    r = float(num.sum()) / total
    if n < 2:
        return r, math.nan, math.nan
    from scipy.special import stdtrit

    resid = num - r * den
    se = math.sqrt(float((resid**2).sum()) / (n * (n - 1))) / (total / n)
    half = float(stdtrit(n - 1, 0.5 + level / 2)) * se
    return r, r - half, r + half


def summarize_judge(
    games: pd.DataFrame, agents: Sequence[str] | None = None, level: float = LEVEL
) -> pd.DataFrame:
    """One row per agent (see the module docstring): results against the opponent and the
    equity loss of its plays."""
    rows = []
    for agent in agents or list(dict.fromkeys(games["agent"])):
        g = games[games["agent"] == agent]
        per_deal = g.groupby("deal")[["return", "loss", "judged"]].agg(
            {"return": "mean", "loss": "sum", "judged": "sum"}
        )
        m, lo, hi = mean_ci(per_deal["return"], level)
        lm, llo, lhi = ratio_ci(per_deal["loss"].to_numpy(), per_deal["judged"].to_numpy(), level)
        judged = int(g["judged"].sum())

        def share(column: str, judged: int = judged, g: pd.DataFrame = g) -> float:
            return int(g[column].sum()) / judged if judged else math.nan

        rows.append({
            "agent": agent, "opponent": g["opponent"].iloc[0] if len(g) else "",
            "games": len(g), "deals": len(per_deal), "mean_return": m, "return_ci_low": lo,
            "return_ci_high": hi, "win_rate": float((g["result"] == "win").mean()),
            "moves_judged": judged, "forced": int(g["forced"].sum()), "mean_loss": lm,
            "loss_ci_low": llo, "loss_ci_high": lhi, "zero_loss_share": share("zero"),
            **{f"{name}_share": share(name) for name, _ in THRESHOLDS},
            "error_rate_memg": 1000 * lm,
        })  # fmt: skip
    return pd.DataFrame(rows)


def paired_returns(games: pd.DataFrame, agents: Sequence[str], level: float = LEVEL) -> list[
    tuple[str, str, float, float, float, int]
]:  # fmt: skip
    """For each pair of agents, the mean difference of their per-deal mean returns against the
    opponent over the deals both played (same dice), with its interval and the deal count."""
    means = games.pivot_table(index="deal", columns="agent", values="return", aggfunc="mean")
    out = []
    for i, a in enumerate(agents):
        for b in agents[i + 1 :]:
            if a in means and b in means:
                d = (means[a] - means[b]).dropna()
                m, lo, hi = mean_ci(d, level)
                out.append((a, b, m, lo, hi, len(d)))
    return out


def _ci(lo: float, hi: float, fmt: str = "+.3f") -> str:
    return "n/a" if math.isnan(lo) else f"[{lo:{fmt}}, {hi:{fmt}}]"


def format_judge(summary: pd.DataFrame) -> str:
    """The summary as a plain-text table."""
    head = (f"{'agent':<22} {'games':>6} {'result/game':>11} {'95% CI':>18} {'win%':>6} "
            f"{'moves':>7} {'loss/move':>9} {'95% CI':>18} {'zero%':>6} {'dbt%':>5} "
            f"{'bad%':>5} {'vbad%':>5}")  # fmt: skip
    lines = [head, "-" * len(head)]
    for _, r in summary.iterrows():
        lines.append(
            f"{r['agent']!s:<22} {r['games']:>6} {r['mean_return']:>+11.3f} "
            f"{_ci(r['return_ci_low'], r['return_ci_high']):>18} {100 * r['win_rate']:>5.1f}% "
            f"{r['moves_judged']:>7} {r['mean_loss']:>9.4f} "
            f"{_ci(r['loss_ci_low'], r['loss_ci_high'], '.4f'):>18} "
            f"{100 * r['zero_loss_share']:>5.1f}% {100 * r['doubtful_share']:>4.1f}% "
            f"{100 * r['bad_share']:>4.1f}% {100 * r['very_bad_share']:>4.1f}%"
        )
    return "\n".join(lines)


def judge_command(config: Mapping[str, Any]) -> str:
    """The ``hoyle judge`` command line that makes (or resumes) a run of ``config``."""
    game = config["game_string"]
    quoted = f"'{game}'" if any(c in game for c in "(), ") else game
    return (f"hoyle judge {quoted} --agents {','.join(config['agents'])} --against "
            f"{config['opponent']} --games {config['games']} --seed {config['seed']} "
            f"--ply {config['ply']}")  # fmt: skip


def judge_markdown(
    summary: pd.DataFrame, pairs: Sequence[tuple[str, str, float, float, float, int]],
    config: Mapping[str, Any], seconds: float | None = None,
) -> str:  # fmt: skip
    """The report as Markdown."""
    opp, ply = config["opponent"], config["ply"]
    lines = [
        f"# {config['game_string']}: agents against {opp}, judged by gnubg at {ply}-ply",
        "",
        f"`{judge_command(config)}`",
        "",
        f"Seed {config['seed']}; {config['games']} games per agent (both colours of "
        f"{config['games'] // 2} deals, the same dice for every agent). Equity: cubeless money "
        "equity with gammons and backgammons; the loss of a play is gnubg's best play's equity "
        "minus the chosen play's, over the agent's unforced throws.",
        "",
        "| agent | games | result/game | 95% CI | win % | moves judged | forced | loss/move "
        "| 95% CI | mEMG/move | zero loss % | doubtful % | bad % | very bad % |",
        "|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for _, r in summary.iterrows():
        lines.append(
            f"| `{r['agent']}` | {r['games']} | {r['mean_return']:+.3f} | "
            f"{_ci(r['return_ci_low'], r['return_ci_high'])} | {100 * r['win_rate']:.1f} | "
            f"{r['moves_judged']} | {r['forced']} | {r['mean_loss']:.4f} | "
            f"{_ci(r['loss_ci_low'], r['loss_ci_high'], '.4f')} | "
            f"{r['error_rate_memg']:.1f} | {100 * r['zero_loss_share']:.1f} | "
            f"{100 * r['doubtful_share']:.1f} | {100 * r['bad_share']:.1f} | "
            f"{100 * r['very_bad_share']:.1f} |"
        )
    if pairs:
        lines += ["", "## Agents compared on the same dice", "",
                  "| agents | difference in result/game | 95% CI | deals |", "|---|---:|---|---:|"]  # fmt: skip
        for a, b, m, lo, hi, n in pairs:
            lines.append(f"| `{a}` − `{b}` | {m:+.3f} | {_ci(lo, hi)} | {n} |")
    lines += [
        "",
        "## Method",
        "",
        "- Result/game: the agent's points per game against the opponent (hit 1, gammon 2, "
        "backgammon 3); the 95% Student-t interval is over deals, each deal's sample the mean "
        "of the agent's two games on its dice (one as White, one as Black). Differences "
        "between agents are paired on the same deals.",
        "- Loss/move: total equity loss over moves judged; the 95% interval is a ratio "
        "(delta-method) interval clustered by deal. mEMG/move = 1000 × loss/move (for cubeless "
        "money play gnubg's normalised error is the equity itself).",
        "- Classes (exclusive), gnubg's default thresholds (ASSUMPTION: a stock gnubg's "
        "`arSkillLevel`, strict comparisons as in its `Skill()`): doubtful 0.04 < loss ≤ 0.08, "
        "bad 0.08 < loss ≤ 0.16, very bad loss > 0.16.",
        "- Forced: throws with a single distinct legal result (not judged). The opening choice "
        "(take or throw again) is not judged.",
        f"- Made by `hoyle judge` ({MD_FILE} and {CSV_FILE} beside games.parquet and "
        "moves.parquet)" + (f"; this session of the run took {seconds:.0f} s." if seconds else "."),
    ]
    return "\n".join(lines) + "\n"


def write_report(
    path: Path, games: pd.DataFrame, agents: Sequence[str], config: Mapping[str, Any],
    seconds: float | None = None,
) -> tuple[pd.DataFrame, str]:  # fmt: skip
    """Write ``judge.csv`` and ``judge.md`` in ``path``; the summary and the Markdown."""
    summary = summarize_judge(games, agents)
    md = judge_markdown(summary, paired_returns(games, agents), config, seconds)
    write_text(path / CSV_FILE, summary.to_csv(index=False, float_format="%.6g"))
    write_text(path / MD_FILE, md)
    return summary, md


# --- hoyle judge -----------------------------------------------------------------------------
def add_command(subparsers: Any) -> None:
    """Add ``hoyle judge`` to the ``hoyle`` command line."""
    j = subparsers.add_parser(
        "judge", help="backgammon agents against GNU Backgammon, every play judged by gnubg",
        description="Play each agent --games seeded games against the opponent (both colours, "
        "the same dice for every agent) and let GNU Backgammon value every legal play of each "
        "of the agent's throws: the equity loss of a play is the best play's equity minus the "
        "chosen play's. Reports per agent the result per game with a 95% interval, the mean "
        "equity loss per move with a 95% interval, the share of moves with zero loss and "
        "gnubg's classes of error. Rows go to OUT/NAME/ as games finish; the same command "
        "resumes an interrupted run. Needs the gnubg extra: pip install \"hoyle[gnubg]\".",
        epilog="Example: hoyle judge backgammon --agents random,heuristic --against "
        "gnubg:ply=0 --games 100 --seed 1",
    )  # fmt: skip
    j.add_argument(
        "game", help="backgammon, with parameters if wanted: 'backgammon(larger_die=true)'"
    )
    j.add_argument("--agents", required=True, metavar="A,B[,...]",
                   help="the agents to judge, comma-separated specs")  # fmt: skip
    j.add_argument("--against", default=DEFAULT_OPPONENT, metavar="SPEC",
                   help=f"the opponent (default {DEFAULT_OPPONENT})")  # fmt: skip
    j.add_argument("--games", type=int, required=True,
                   help="games per agent, even (half as White, half as Black)")  # fmt: skip
    j.add_argument("--seed", type=int, default=0, help="seed of the dice and agents (default 0)")
    j.add_argument("--ply", type=int, default=0, choices=(0, 1, 2),
                   help="gnubg's look-ahead when judging (default 0)")  # fmt: skip
    j.add_argument("--workers", type=int, default=1,
                   help="local worker processes; 0 = one per CPU (default 1)")  # fmt: skip
    j.add_argument("--name", help="run name, a plain name: the run lives in OUT/NAME "
                   "(default: from game, agents, opponent, ply, seed)")  # fmt: skip
    j.add_argument("--out", default="runs", help="runs folder (default: runs)")
    j.add_argument("--resume", action=argparse.BooleanOptionalAction, default=True,
                   help="resume a stored run (default); --no-resume starts it over (only a "
                   "run of the same settings)")  # fmt: skip
    j.add_argument("--save-every", type=float, default=SAVE_EVERY, metavar="SECONDS",
                   help=f"write finished games to disk at least this often (default "
                   f"{SAVE_EVERY:g})")  # fmt: skip
    j.add_argument("--quiet", action="store_true", help="no progress bar")
    j.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``hoyle judge``: the exit status."""
    from hoyle.agents.gnubg_bot import GnubgUnavailable
    from hoyle.envs.core.errors import HoyleError
    from hoyle.experiments.match import split_agents
    from hoyle.experiments.runs import sigterm_as_interrupt

    spec, game = load_game(args.game)
    if spec.short_name != "backgammon":
        raise UsageError(f"the judge is GNU Backgammon: it judges backgammon only, not "
                         f"{spec.short_name}")  # fmt: skip
    if args.games < 2 or args.games % 2:
        raise UsageError("--games must be even and at least 2 (half as White, half as Black)")
    if args.seed < 0 or args.workers < 0:
        raise UsageError("--seed and --workers must be at least 0")
    specs = split_agents(args.agents)
    try:
        from hoyle.agents.gnubg_bot import import_gnubg

        import_gnubg()
    except GnubgUnavailable as e:
        raise UsageError(str(e)) from None
    check_agents([*specs, args.against], game)
    where: dict[str, Any] = {}

    def started(path: Path | None, finished: int) -> None:
        where["path"] = path
        if finished:
            print(f"resuming {path}: {finished} agent-deals already judged", file=sys.stderr)

    t0 = time.perf_counter()
    try:
        with sigterm_as_interrupt():
            games, _ = run_judge(args.game, specs, args.games, args.seed, opponent=args.against,
                                 ply=args.ply, out=args.out, name=args.name,
                                 workers=args.workers, resume=args.resume,
                                 progress=not args.quiet, save_every=args.save_every,
                                 on_start=started)  # fmt: skip
    except (HoyleError, ValueError) as e:  # A stored run, a folder in the way, a bad setting.
        raise UsageError(str(e)) from None
    except KeyboardInterrupt:
        print(f"\ninterrupted; finished games are saved in {where.get('path')}: run the same "
              "command again to resume", file=sys.stderr)  # fmt: skip
        return EXIT_INTERRUPTED
    path = where["path"]
    try:
        with runs.locked(path):  # Not while another process writes the run.
            config = read_json(path / CONFIG_FILE, "run config")
            config["games"], config["agents"] = args.games, list(dict.fromkeys(specs))
            summary, _ = write_report(path, games, config["agents"], config,
                                      time.perf_counter() - t0)  # fmt: skip
    except HoyleError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write the report in {path}: {e.strerror or e}") from None
    print(f"{args.game}: {', '.join(config['agents'])} against {args.against}; {args.games} "
          f"games each; judged by gnubg at {args.ply}-ply; seed {args.seed}; results in {path}")  # fmt: skip
    print(format_judge(summary))
    print("Intervals: 95% Student-t over deals (result: paired by deal, both colours; loss: "
          "ratio clustered by deal). Classes: gnubg's thresholds 0.04 / 0.08 / 0.16.")  # fmt: skip
    print(f"Wrote {CSV_FILE}, {MD_FILE} in {path}")
    return 0


__all__ = [
    "GAME_COLUMNS", "MOVE_COLUMNS", "THRESHOLDS", "add_command", "judge_history", "judge_unit",
    "paired_returns", "ratio_ci", "run", "run_judge", "summarize_judge", "write_report",
]  # fmt: skip
