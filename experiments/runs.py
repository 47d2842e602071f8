"""Run folders are owned: plain names, an owner marker, a lock, and nothing foreign touched.

Every command that stores a run (``hoyle match``, ``hoyle tournament``, ``hoyle judge``,
``hoyle train``) keeps its files in one folder and follows the same rules, written here once:

* **A plain name.** ``--name`` is one path component: letters, digits and ``._=+-``, not
  starting with a dot (:func:`check_name`), so a run cannot write outside ``--out``.
* **A marker.** The folder carries :data:`MARKER` (JSON): the run's ``kind``, a random
  ``run_id`` and the ``config_hash`` of the settings that decide its results
  (:func:`config_hash`). The same command again finds its own marker and resumes; starting
  over (``--no-resume``) is allowed only in a folder this same run owns, and removes only the
  files the run itself writes (``owned``). A folder that holds anything else — another run's
  marker, files without a marker — is refused in one line, and nothing in it is deleted.
* **A lock.** While a run writes, :data:`LOCK` holds the writer's process id; a second
  process on the same folder refuses in one line. A lock left by a process that no longer
  exists (a kill) is taken over.
* **Atomic writes** of every file, through :mod:`hoyle.envs.core.files`.
* **Interrupts save.** Under :func:`sigterm_as_interrupt`, ``kill PID`` stops a run as Ctrl-C
  does: what has finished is saved, and the same command resumes.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hoyle.envs.core.errors import HoyleError
from hoyle.envs.core.files import FileFormatError, is_temp_name, read_json, write_json

MARKER = ".hoyle-run.json"
LOCK = ".hoyle-run.lock"
_NAME = re.compile(r"[A-Za-z0-9_=+-][A-Za-z0-9._=+-]*")
MAX_NAME = 200


class RunFolderError(HoyleError, ValueError):
    """A run folder that cannot be used as asked (a bad name, another run's folder, a lock)."""


def check_name(name: str) -> str:
    """``name`` if it is a plain run name (one path component), else a :class:`RunFolderError`.

    >>> check_name("conquian-h-vs-r")
    'conquian-h-vs-r'
    >>> try:
    ...     check_name("../x")
    ... except RunFolderError as e:
    ...     print(e)
    run name '../x' must be a plain name (letters, digits and ._=+-, not starting with a dot), not a path
    """
    if not (0 < len(name) <= MAX_NAME and _NAME.fullmatch(name)):
        raise RunFolderError(
            f"run name {name!r} must be a plain name (letters, digits and ._=+-, not starting "
            "with a dot), not a path"
        )
    return name


def config_hash(identity: Mapping[str, Any]) -> str:
    """A stable hash of the settings that decide a run's results (canonical JSON, SHA-256).

    >>> config_hash({"seed": 1, "game": "x"}) == config_hash({"game": "x", "seed": 1})
    True
    """
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Owner:
    """The marker of a run folder: who wrote it."""

    kind: str
    run_id: str
    config_hash: str


def read_owner(path: Path) -> Owner | None:
    """The marker of the folder ``path``, or ``None`` if it has none; a corrupt one is refused."""
    marker = path / MARKER
    if not marker.exists():
        return None
    data = read_json(marker, "run marker")
    try:
        return Owner(str(data["kind"]), str(data["run_id"]), str(data["config_hash"]))
    except KeyError as e:
        raise FileFormatError(f"{marker} is not a run marker: it lacks {e}") from None


def claim(
    path: Path,
    kind: str,
    identity: Mapping[str, Any],
    fresh: bool,
    owned: Iterable[str] = (),
    adopt: Callable[[Path], bool] | None = None,
    elsewhere: str = "choose another --name or --out",
) -> Owner:
    """Make ``path`` (created by :func:`locked`, under whose lock this runs) this run's folder
    and return its marker.

    A new or empty folder gets a new marker. A folder with this run's marker (same kind and
    config hash) is kept — with ``fresh``, the ``owned`` files in it are removed first (names
    or glob patterns relative to ``path``, such as ``parts/deals-*.parquet``: files only, never
    a whole folder, and a folder the patterns emptied goes too), and the run gets a new
    ``run_id`` (an adopted folder, below, likewise). Anything else is refused, and nothing is
    touched; ``elsewhere`` is the advice the refusal ends with. ``adopt(path)`` may say that a folder without a marker
    holds this same run as written by a hoyle from before markers (its stored config matches):
    it is then claimed as this run's. Temporary files of :mod:`hoyle.envs.core.files` left by
    a kill are removed in either case.
    """
    digest = config_hash(identity)
    if not path.is_dir():
        raise RunFolderError(f"{path} is not a folder")
    owner = read_owner(path)
    adopted = False  # A folder of an older hoyle, claimed as this run's: its files are ours.
    if owner is None:
        present = sorted(p.name for p in path.iterdir() if p.name != LOCK)
        if present and not (adopt is not None and adopt(path)):
            shown = ", ".join(present[:5]) + (", ..." if len(present) > 5 else "")
            raise RunFolderError(
                f"{path} is not empty and no hoyle {kind} run owns it (it holds {shown}); "
                f"{elsewhere}"
            )
        adopted = bool(present)
    elif owner.kind != kind or owner.config_hash != digest:
        raise RunFolderError(
            f"{path} holds another run (a {owner.kind}, config {owner.config_hash}; this "
            f"{kind} is config {digest}); {elsewhere}"
        )
    if fresh and (owner is not None or adopted):
        _remove_owned(path, owned)
        owner = None
    for tmp in list(path.glob(".*")) + list(path.glob("*/.*")):
        if is_temp_name(tmp) and tmp.is_file():
            tmp.unlink(missing_ok=True)
    if owner is None:
        owner = Owner(kind, secrets.token_hex(8), digest)
        try:
            write_json(path / MARKER, owner.__dict__)
        except OSError as e:
            raise RunFolderError(f"cannot write in {path}: {e.strerror or e}") from None
    return owner


def _remove_owned(path: Path, owned: Iterable[str]) -> None:
    """Remove the files of ``path`` that the ``owned`` names or patterns match (never a folder
    wholesale, so a file somebody else put beside them stays), then the folders they emptied."""
    emptied: set[Path] = set()
    for pattern in owned:
        for target in path.glob(pattern):
            if target.is_file() or target.is_symlink():
                target.unlink()
                if target.parent != path:
                    emptied.add(target.parent)
    for folder in sorted(emptied, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):  # Not empty: what is left there is not ours.
            folder.rmdir()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """``kill PID`` stops a run like Ctrl-C: what has finished is saved first."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # Not the main thread: leave SIGTERM alone.
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Create the run folder ``path`` if need be and hold its lock for the block; a second
    holder refuses, and so does a place that cannot be written, each in one line
    (:class:`RunFolderError`).

    The lock file is created exclusively and holds the process id; a lock whose process is
    gone (a killed run) is taken over. It is removed on leaving the block.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise RunFolderError(f"cannot create run folder {path}: a file of that name is in the "
                             "way") from None  # fmt: skip
    except OSError as e:
        raise RunFolderError(f"cannot create run folder {path}: {e.strerror or e}") from None
    lock = path / LOCK
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                pid = int(lock.read_text().split()[0])
            except (OSError, ValueError, IndexError):
                pid = -1
            if pid > 0 and pid != os.getpid() and _alive(pid):
                raise RunFolderError(
                    f"another hoyle process (pid {pid}) is writing {path}; wait for it to "
                    f"finish, or remove {lock} if it is gone"
                ) from None
            lock.unlink(missing_ok=True)  # Stale: its process is gone.
            continue
        except OSError as e:
            if e.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
                raise RunFolderError(f"cannot write in {path}: {e.strerror}") from None
            raise
        with os.fdopen(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        break
    else:
        raise RunFolderError(f"cannot take the lock {lock}")
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)
