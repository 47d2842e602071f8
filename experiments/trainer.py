"""The one skeleton of a training run, shared by every ``hoyle train`` method (MCCFR, TD).

A run lives in a folder (``--out``) and goes through the same steps whatever it learns:

1. **the folder** is held for the run (:func:`run_folder`): created, locked against a second
   process, checked against another run's ``config.json`` and claimed with the run's marker
   (:mod:`hoyle.experiments.runs`); ``--no-resume`` removes only the run's own
   :attr:`RunTrainer.FILES`;
2. **setup** builds the learner and resumes this run's checkpoint if there is one;
3. **the loop** makes one unit of training at a time (an MCCFR iteration, a self-play game),
   timed, under a progress bar; on the method's schedule it **evaluates** (rows of the
   learning curve, written as they come) and **checkpoints** (atomically);
4. **the end**: the result file (the policy, the network), the curve's plot and
   ``summary.json``.

A method subclasses :class:`RunTrainer` and fills in what differs — how to set up, one step,
when to evaluate and what a row says, what a checkpoint holds, the plot and the summary — and
inherits the rest, so interrupting, resuming and the folder's rules are the same for all. The
learning itself (regret tables, a TD network's update) stays in ``hoyle.agents``; the runs
live here, in the experiments layer, beside the tournaments.
"""

from __future__ import annotations

import contextlib
import csv
import io
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from hoyle.envs.core.files import FileFormatError, read_json, write_json, write_text
from hoyle.envs.core.registry import GameSpec
from hoyle.experiments.usage import UsageError

RUN_KIND = "train"
"""The kind of run written in a training folder's marker (:func:`~hoyle.experiments.runs.claim`)."""

Row = dict[str, Any]
"""One row of a learning curve."""


# --- checkpoints and curves --------------------------------------------------------------------
def not_this_run(path: Path) -> Callable[[str], FileFormatError]:
    """The one-line refusal of a file that is not a checkpoint of this run: ``bad(why)``."""

    def bad(why: str) -> FileFormatError:
        return FileFormatError(
            f"{path} is not a checkpoint of this run: {why}; --no-resume starts over"
        )

    return bad


def checked_meta(
    meta: Any, bad: Callable[[str], FileFormatError], fmt: str, config: Mapping[str, Any]
) -> dict[str, Any]:
    """A checkpoint's JSON ``meta``, refused unless it is ``fmt`` made with ``config``."""
    if not isinstance(meta, dict) or meta.get("format") != fmt:
        raise bad(f"not the {fmt} format")
    if meta.get("config") != config:
        raise bad("it was made with other settings")
    return meta


def checked_progress(
    bad: Callable[[str], FileFormatError], seconds: Any, curve: Any, key: str,
    fields: Iterable[str] | None = None,
) -> tuple[float, list[Row]]:  # fmt: skip
    """The checkpoint's training time and curve (or log), refused unless the time is a time and
    the curve a list of rows each with an integer ``key`` (and, given ``fields``, no other
    fields)."""
    if not isinstance(seconds, int | float) or not seconds >= 0:
        raise bad("bad training time")
    allowed = None if fields is None else set(fields)
    if not isinstance(curve, list) or not all(
        isinstance(r, dict)
        and isinstance(r.get(key), int)
        and (allowed is None or set(r) <= allowed)
        for r in curve
    ):
        raise bad("bad learning curve" if fields is not None else "bad log")
    return float(seconds), curve


def write_curve(path: Path, rows: Iterable[Row], fields: Sequence[str]) -> None:
    """The learning curve as CSV (floats to four places), written atomically."""
    f = io.StringIO(newline="")
    w = csv.DictWriter(f, fieldnames=list(fields))
    w.writeheader()
    for r in rows:
        w.writerow({k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()})
    write_text(path, f.getvalue())


# --- the game ----------------------------------------------------------------------------------
def _raw_params(text: str) -> tuple[str, dict[str, str]]:
    name, _, rest = text.partition("(")
    given: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.strip().removesuffix(")").split(","))):
        k, _, v = item.partition("=")
        given[k.strip()] = v.strip()
    return name.strip(), given


def resolve_game(text: str, config: str) -> tuple[GameSpec, Any]:
    """The spec and ``pyspiel`` game: with ``config="small"`` (``"tiny"``), the game's
    ``small_config`` (``tiny_config``) under any parameter the game string names."""
    import pyspiel

    from hoyle.envs.core.errors import HoyleError
    from hoyle.envs.core.registry import get_spec

    try:
        name, given = _raw_params(text)
        spec = get_spec(name)
        base: dict[str, Any] = {}
        if config == "small":
            if not spec.small_config:
                raise UsageError(f"{spec.short_name} declares no small configuration")
            base = dict(spec.small_config)
        elif config == "tiny":
            if spec.tiny_config is None:
                raise UsageError(f"{spec.short_name} has no tiny configuration: {spec.no_tiny}")
            base = dict(spec.tiny_config)
        params = spec.resolve({**base, **given})
        return spec, pyspiel.load_game(spec.spiel_name, params)
    except (HoyleError, ValueError, pyspiel.SpielError) as e:
        raise UsageError(str(e)) from None


# --- the run folder ------------------------------------------------------------------------
def check_config(out: Path, identity: Mapping[str, Any]) -> None:
    """Refuse, in one line naming the first setting that differs, a folder whose
    ``config.json`` is another run's."""
    cfg = out / "config.json"
    if not cfg.is_file():
        return
    old = read_json(cfg, "run config")
    diff = [k for k in identity if old.get(k) != identity[k]]
    if diff:
        k = diff[0]
        raise UsageError(f"{out} holds another run ({k}: {old.get(k)!r}, not {identity[k]!r}); "
                         "choose another --out")  # fmt: skip


def _same_config(out: Path, identity: Mapping[str, Any]) -> bool:
    """Whether ``out/config.json`` says ``identity`` (an unreadable one says nothing)."""
    try:
        old = read_json(out / "config.json", "run config")
    except FileFormatError:
        return False
    return all(old.get(k) == v for k, v in identity.items())


@contextlib.contextmanager
def run_folder(
    out: Path, identity: Mapping[str, Any], fresh: bool, files: Iterable[str]
) -> Iterator[None]:
    """Hold ``out`` as this training run's folder for the block (every method).

    The folder is created, locked (:func:`~hoyle.experiments.runs.locked`: a second process
    refuses), checked (another run's ``config.json`` is refused) and claimed
    (:func:`~hoyle.experiments.runs.claim`, kind ``train``, the settings ``identity``); a
    folder without a marker is taken only if its ``config.json`` says this same run (one
    written by a hoyle from before markers). With ``fresh`` (``--no-resume``) the run's own
    ``files`` are removed first. Every refusal, and every bad file met in the block, is a
    one-line :class:`~hoyle.experiments.usage.UsageError`.
    """
    from hoyle.experiments.runs import RunFolderError, claim, locked

    files = tuple(files)

    def adopt(path: Path) -> bool:
        return _same_config(path, identity)

    try:
        with locked(out):
            check_config(out, identity)
            claim(out, RUN_KIND, identity, fresh=fresh, owned=files, adopt=adopt,
                  elsewhere="choose another --out")  # fmt: skip
            yield
    except (FileFormatError, RunFolderError) as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        if e.filename is None:
            raise
        raise UsageError(f"cannot write {e.filename}: {e.strerror or e}") from None


# --- the run -------------------------------------------------------------------------------
class RunTrainer:
    """A training run in a folder: the loop, the schedule, the folder and the end, for any
    method. Subclasses set the class attributes and implement the methods that raise
    ``NotImplementedError``."""

    FILES: ClassVar[tuple[str, ...]] = ()
    """What the run writes (and ``--no-resume`` removes)."""
    RESULT: ClassVar[str] = ""
    """The file the run leaves to play with (``policy.npz``, ``td.npz``): written by
    :meth:`checkpoint`, made at the end if no checkpoint fell due."""
    UNIT: ClassVar[str] = "iteration"
    """What one :meth:`step` makes, in the progress bar and the resume line."""

    def __init__(
        self, out: Path, config: dict[str, Any], *, total: int, checkpoint_every: int,
        resume: bool, progress: bool, command: str,
    ) -> None:  # fmt: skip
        if checkpoint_every < 1:
            raise UsageError("--checkpoint-every and --eval-every must be at least 1")
        self.out = out
        self.config = config
        """The run's identity: the settings that make its numbers (``config.json``)."""
        self.total = total
        self.checkpoint_every = checkpoint_every
        self.resume = resume
        self.progress = progress
        self.command = command
        self.train_seconds = 0.0
        self._ready = False
        self._held = False
        self._claimed = False

    # --- what a method supplies ---------------------------------------------------------------
    @property
    def done(self) -> int:
        """Units of training made so far (resumed ones included)."""
        raise NotImplementedError

    @property
    def desc(self) -> str:
        """The progress bar's label."""
        raise NotImplementedError

    def _setup(self) -> None:
        """Build the learner; resume this run's checkpoint (``self.out / ...``) if ``resume``."""
        raise NotImplementedError

    def step(self) -> None:
        """One unit of training."""
        raise NotImplementedError

    def eval_due(self, done: int) -> bool:
        """Whether to evaluate after ``done`` units."""
        raise NotImplementedError

    def evaluate(self) -> list[Row]:
        """The learning curve's rows at this point, written to the run's curve file."""
        raise NotImplementedError

    def postfix(self, rows: list[Row]) -> dict[str, str]:
        """What the progress bar shows of the latest rows."""
        raise NotImplementedError

    def before_loop(self) -> list[Row]:
        """Anything due before the first step (e.g. the untrained policy's row); its rows."""
        return []

    def checkpoint(self) -> None:
        """Save everything a resumed run needs, and the result file, atomically."""
        raise NotImplementedError

    def plot(self) -> Path | None:
        """Draw the learning curve; its path (``None``: nothing to draw)."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """The run in numbers (``summary.json``)."""
        raise NotImplementedError

    # --- the skeleton ---------------------------------------------------------------------
    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """Hold the run folder (:func:`run_folder`) for the block; re-entrant, and claimed
        fresh (``resume=False``) only the first time."""
        if self._held:
            yield
            return
        fresh = not self.resume and not self._claimed
        with run_folder(self.out, self.config, fresh, self.FILES):
            self._held = self._claimed = True
            try:
                yield
            finally:
                self._held = False

    def setup(self) -> None:
        """Claim the folder, write ``config.json``, build the learner and resume this run's
        checkpoint if there is one."""
        with self.holding():
            write_json(self.out / "config.json", {**self.config, "command": self.command})
            self._setup()
            self._ready = True

    def resumed_at(self) -> str | None:
        """Where the run stands after :meth:`setup`, if past its start (for the resume line)."""
        return f"{self.UNIT} {self.done}" if self.done else None

    def train(self, on_row: Callable[[Row], None] | None = None) -> dict[str, Any]:
        """Train to ``total`` units, evaluating and checkpointing on the way; the summary.
        ``on_row`` sees every row of the curve as it is made."""
        with self.holding():
            if not self._ready:
                self.setup()
            return self._train(on_row or (lambda row: None))

    def _train(self, on_row: Callable[[Row], None]) -> dict[str, Any]:
        for row in self.before_loop():
            on_row(row)
        bar = None
        if self.progress:
            from tqdm import tqdm

            bar = tqdm(total=self.total, initial=min(self.done, self.total), desc=self.desc,
                       unit=f" {self.UNIT}s", dynamic_ncols=True)  # fmt: skip
        try:
            while self.done < self.total:
                t0 = time.perf_counter()
                self.step()
                self.train_seconds += time.perf_counter() - t0
                done = self.done
                if bar is not None:
                    bar.update(1)
                if self.eval_due(done):
                    rows = self.evaluate()
                    for row in rows:
                        on_row(row)
                    if bar is not None and rows:
                        bar.set_postfix(self.postfix(rows))
                if done % self.checkpoint_every == 0 or done == self.total:
                    self.checkpoint()
        finally:
            if bar is not None:
                bar.close()
        if not (self.out / self.RESULT).is_file():
            self.checkpoint()
        self.plot()
        summary = self.summary()
        write_json(self.out / "summary.json", summary)
        return summary


__all__ = ["RUN_KIND", "RunTrainer", "check_config", "resolve_game", "run_folder"]
