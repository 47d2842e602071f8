"""A bench run kept as a JSON record, and a later run compared with it.

``hoyle bench --record FILE`` writes the run's rows (games, agents, envs) with what they were
measured on: hoyle's version, the date, the machine, Python and OpenSpiel, and the command's
settings. ``hoyle bench --compare FILE`` reads such a record and shows, for every row and
number both runs have, the speed now over the speed then (above 1: faster now), so that a
change's cost is seen against a number measured before it. Numbers from another machine or
another load compare only roughly: the record says where it was made, and the comparison
prints it.
"""

from __future__ import annotations

import datetime
import importlib.metadata
import math
import os
import platform
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hoyle.envs.core.files import FileFormatError, read_json
from hoyle.experiments.bench_agents import AGENT_COLUMNS
from hoyle.experiments.bench_pimc import PIMC_COLUMNS

FORMAT = "hoyle-bench-record"
VERSION = 1
SECTIONS = {"games": "game", "floor": "game", "agents": "game", "pimc": "row", "envs": "env"}
"""The record's sections, each with the field that names its rows (a record may lack one:
``floor`` and ``pimc`` came after the first records)."""
RATES = {
    "games": {"steps_per_s": "steps/s", "games_per_s": "games/s"},
    "floor": {"steps_per_s": "steps/s"},
    "agents": AGENT_COLUMNS,
    "pimc": PIMC_COLUMNS,
    "envs": {"steps_per_s": "decision steps/s"},
}  # fmt: skip
"""Per section, the numbers where higher is faster."""
TIMES = {
    "games": {"clone_us": "clone µs", "set_from_us": "set_from µs"},
    "floor": {"clone_us": "clone µs"},
}
"""Per section, the numbers where lower is faster (µs per call)."""


def plain(value: Any) -> Any:
    """``value`` with every NaN or infinity made None: JSON has no NaN."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


PEERS = ("open_spiel", "gymnasium", "pettingzoo", "rlcard", "numpy")
"""The packages whose versions a record keeps (None: not installed)."""


def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def machine() -> dict[str, Any]:
    """Where a bench runs: enough to tell whether two records are comparable."""
    import pyspiel

    from hoyle.experiments.match import hoyle_version

    return {"hoyle": hoyle_version(), "python": platform.python_version(),
            "pyspiel": getattr(pyspiel, "__version__", "unknown"),
            "packages": {p: _version(p) for p in PEERS},
            "platform": platform.platform(), "machine": platform.machine(),
            "processor": platform.processor(), "cpus": os.cpu_count()}  # fmt: skip


def make_record(
    settings: Mapping[str, Any], sections: Mapping[str, Sequence[Any]]
) -> dict[str, Any]:
    """The record of a run: its ``settings`` (the command's options) and its rows."""
    when = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    record: dict[str, Any] = plain({"format": FORMAT, "version": VERSION, "date": when, "machine": machine(),
                  "command": " ".join(["hoyle", *sys.argv[1:]]) if sys.argv else "",
                  "settings": dict(settings),
                  **{k: list(sections.get(k, [])) for k in SECTIONS}})  # fmt: skip
    return record


def read_record(path: Path | str) -> dict[str, Any]:
    """The record in ``path``, checked, or a :class:`FileFormatError` in one line."""
    data: dict[str, Any] = read_json(path, "bench record")
    if data.get("format") != FORMAT:
        raise FileFormatError(f"{path} is not a bench record (written by hoyle bench --record)")
    if data.get("version") != VERSION:
        raise FileFormatError(f"{path} is a bench record of version {data.get('version')!r}; "
                              f"this hoyle reads version {VERSION}")  # fmt: skip
    for section, name in SECTIONS.items():
        rows = data.setdefault(section, [])
        if not isinstance(rows, list) or not all(
            isinstance(r, dict) and isinstance(r.get(name), str) for r in rows
        ):
            raise FileFormatError(f"{path}: {section!r} is not a list of rows named by {name!r}")
    return data


def _number(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and value > 0
    return float(value) if ok and math.isfinite(value) else None


def comparison(now: Mapping[str, Any], then: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per number both runs measured on the same row: ``speedup`` is the speed now over
    the speed then (rates now/then, µs per call then/now): above 1, faster now. A number the
    later run marks as a bound (an MCCFR rate no iteration finished) is left out."""
    out = []
    for section, name in SECTIONS.items():
        before = {(r[name], bool(r.get("reference"))): r for r in then.get(section, [])}
        for row in now.get(section, []):
            old = before.get((row[name], bool(row.get("reference"))))
            if old is None:
                continue
            for key, label in {**RATES.get(section, {}), **TIMES.get(section, {})}.items():
                a, b = _number(row.get(key)), _number(old.get(key))
                if a is None or b is None or row.get(f"{key}_bound") or old.get(f"{key}_bound"):
                    continue
                speedup = b / a if key in TIMES.get(section, {}) else a / b
                out.append({"section": section, "row": row[name], "measure": label,
                            "now": a, "then": b, "speedup": speedup})  # fmt: skip
    return out


def format_comparison(rows: Sequence[Mapping[str, Any]], then: Mapping[str, Any],
                      path: str) -> str:  # fmt: skip
    """The comparison as a plain-text table, headed by where and when the record was made."""
    m = then.get("machine", {})
    head = (f"compared with {path}: recorded {then.get('date', '?')} by hoyle "
            f"{m.get('hoyle', '?')} on {m.get('machine', '?')} ({m.get('cpus', '?')} CPUs, "
            f"Python {m.get('python', '?')}, OpenSpiel {m.get('pyspiel', '?')})")  # fmt: skip
    here = machine()
    if (m.get("machine"), m.get("cpus"), m.get("processor")) != (
        here["machine"],
        here["cpus"],
        here["processor"],
    ):
        head += "\nnote: recorded on another kind of machine; the ratios compare only roughly"
    if not rows:
        return head + "\nno row and number measured in both runs"
    w = max(len(f"{r['row']}  {r['measure']}") for r in rows)
    lines = [head, f"{'row, measure':<{w}} {'now':>12} {'then':>12} {'speed now/then':>15}"]
    for r in rows:
        label = f"{r['row']}  {r['measure']}"
        lines.append(f"{label:<{w}} {r['now']:>12,.2f} {r['then']:>12,.2f} "
                     f"{r['speedup']:>15.3f}")  # fmt: skip
    lines.append("speed now/then: above 1, faster now (for µs per call, then over now).")
    return "\n".join(lines)
