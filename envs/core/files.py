"""Files the library writes and reads back: plain formats, written atomically, checked on load.

Every layer uses these (agents save policies and networks, experiments save runs), so they live
at the bottom of the package. The rules they keep (docs/trust.md, README "Files and trust"):

* **Never unpickle.** ``.npz`` files are read with ``allow_pickle=False``, so an object array
  in a received file is refused instead of run; JSON is read with ``json``.
* **Atomic writes.** A file is written to a temporary name in its own folder, flushed to disk,
  then renamed over the target: a reader, or a run killed mid-write, sees the old file or the
  new one, never half of one. Temporary names start with ``.`` and end with ``.tmp`` (so a
  leftover one is recognisable as ours).
* **One-line refusals.** A missing, truncated or malformed file raises :class:`FileFormatError`
  naming the file and what is wrong with it, never a ``BadZipFile`` or ``EOFError`` traceback.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import zipfile
import zlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from hoyle.envs.core.errors import HoyleError

TMP_SUFFIX = ".tmp"


class FileFormatError(HoyleError, ValueError):
    """A file that is missing, truncated, malformed or not the kind expected."""


def temp_name(target: Path) -> Path:
    """A fresh temporary path beside ``target`` (same folder, so the rename is atomic)."""
    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}{TMP_SUFFIX}")


def is_temp_name(path: Path) -> bool:
    """Whether ``path`` is a temporary file of :func:`atomic_write` (a leftover of a kill)."""
    return path.name.startswith(".") and path.name.endswith(TMP_SUFFIX)


def atomic_write(target: Path | str, write: Callable[[Path], Any]) -> Path:
    """Write ``target`` atomically: ``write(tmp)`` fills a temporary file, then it is renamed.

    If ``write`` fails (or the process is interrupted) the temporary file is removed and
    ``target`` is left as it was.
    """
    target = Path(target)
    tmp = temp_name(target)
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def write_text(target: Path | str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``target`` atomically."""
    return atomic_write(target, lambda p: p.write_text(text, encoding="utf-8"))


def json_finite(x: Any) -> Any:
    """``x`` with NaN and infinities made ``None`` in its dicts, lists and tuples (JSON has
    neither: ``json.dumps`` would write the non-standard ``NaN``)."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: json_finite(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [json_finite(v) for v in x]
    return x


def write_json(target: Path | str, data: Any) -> Path:
    """Write ``data`` as indented JSON to ``target`` atomically."""
    return write_text(target, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def write_new_json(target: Path | str, data: Any) -> Path:
    """Write ``data`` as indented JSON to ``target``, which must not exist yet: a file another
    run wrote is never replaced. Atomic like :func:`write_json`, and the no-clobber check is
    atomic too (the finished temporary file is hard-linked to the name, which fails if the name
    is taken). Raises ``FileExistsError`` for a taken name."""
    target = Path(target)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    tmp = temp_name(target)
    try:
        tmp.write_text(text, encoding="utf-8")
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links: check, then rename
            if target.exists():
                raise FileExistsError(17, "File exists", str(target)) from None
            os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def read_json(path: Path | str, what: str = "JSON file", kind: type = dict) -> Any:
    """The JSON in ``path`` (an object by default), or a :class:`FileFormatError` in one line."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileFormatError(f"{path}: no such {what}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise FileFormatError(f"{path} is not a readable {what} ({_short(e)})") from None
    if not isinstance(data, kind):
        raise FileFormatError(f"{path} is not a {what}: it holds a {type(data).__name__}")
    return data


def save_npz(target: Path | str, arrays: Mapping[str, Any], compressed: bool = False) -> Path:
    """Write ``arrays`` to ``target`` as ``.npz`` atomically. Object arrays are refused (they
    would need pickle to read back)."""
    target = Path(target)
    plain = {k: np.asarray(v) for k, v in arrays.items()}
    for k, v in plain.items():
        if v.dtype.hasobject:
            raise TypeError(f"array {k!r} holds Python objects; an .npz of hoyle holds no pickle")
    save = np.savez_compressed if compressed else np.savez

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:  # A file object: numpy would add ".npz" to a bare name.
            save(f, **plain)  # type: ignore[arg-type]

    return atomic_write(target, write)


def load_npz(
    path: Path | str, what: str = "array file", required: Iterable[str] = (),
    max_bytes: int | None = None,
) -> dict[str, np.ndarray]:  # fmt: skip
    """Every array of the ``.npz`` at ``path``, read without pickle; a missing file, a
    truncated or foreign file (not a zip, a zip of other things, a bare ``.npy``), an object
    array, a missing ``required`` entry, or arrays that would unpack to more than
    ``max_bytes`` (a zip bomb, an absurd shape) are refused with a :class:`FileFormatError`
    naming the file."""
    path = Path(path)
    if path.is_dir():
        raise FileFormatError(f"{path} is a folder, not a {what}")
    if not path.is_file():
        raise FileFormatError(f"{path}: no such {what}")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
    except (OSError, zipfile.BadZipFile, ValueError, EOFError) as e:
        why = "an empty file" if path.stat().st_size == 0 else _short(e)
        raise FileFormatError(f"{path} is not a {what}: not an .npz archive ({why})") from None
    foreign = [i.filename for i in infos if not i.filename.endswith(".npy")]
    if foreign:
        raise FileFormatError(f"{path} is not a {what}: it holds {foreign[0]!r}, not an array")
    size = sum(i.file_size for i in infos)
    if max_bytes is not None and size > max_bytes:
        raise FileFormatError(f"{path} is not a {what}: it unpacks to {size:,} bytes, more "
                              f"than the {max_bytes:,} expected")  # fmt: skip
    try:
        with np.load(path, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except MemoryError:
        raise FileFormatError(f"{path} is not a {what}: it declares arrays too large to "
                              "load") from None  # fmt: skip
    except _READ_ERRORS as e:
        if "allow_pickle" in str(e) or "pickled" in str(e).lower():
            raise FileFormatError(f"{path} is not a {what}: it holds pickled objects, "
                                  "which hoyle never loads") from None  # fmt: skip
        raise FileFormatError(f"{path} is not a readable {what} ({_short(e)})") from None
    missing = [k for k in required if k not in data]
    if missing:
        raise FileFormatError(f"{path} is not a {what}: it lacks {', '.join(missing)}")
    return data


_READ_ERRORS = (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError, RuntimeError,
                zlib.error, NotImplementedError, TypeError, SyntaxError)  # fmt: skip
"""What reading a malformed ``.npz`` raises (zip, zlib and numpy header errors)."""


def npz_json(data: Mapping[str, np.ndarray], key: str, path: Path | str, what: str) -> Any:
    """The JSON text stored as the 0-d string array ``data[key]``, decoded, or refused."""
    try:
        return json.loads(str(data[key][()]))
    except (KeyError, ValueError, TypeError, IndexError) as e:
        raise FileFormatError(f"{path} is not a {what}: bad {key!r} entry ({_short(e)})") from None


def _short(e: BaseException) -> str:
    """An exception's message on one line, cut to a readable length."""
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= 120 else text[:117] + "..."
