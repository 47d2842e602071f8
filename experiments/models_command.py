"""``hoyle models``: the trained files hoyle ships, by the names the agents take.

Each row is one entry of :data:`hoyle.agents.models.MODELS`: its name, the game it plays, the
option that takes it (``mccfr:policy=conquian-abstract``), what it is, the file inside the
installed package and its size, read from the installation itself, so a file missing from a
broken install shows here rather than at the first match.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from hoyle.agents.models import MODELS, Model


def model_record(m: Model) -> dict[str, Any]:
    """One model as plain data: ``hoyle models --json`` prints a list of these."""
    return {
        "name": m.name,
        "game": m.game,
        "option": m.option,
        "what": m.what,
        "file": f"{m.package}/{m.file}",
        "bytes": m.size(),
    }


def _size(n: int) -> str:
    return f"{n / 1000:.0f} kB" if n < 1_000_000 else f"{n / 1e6:.1f} MB"


def cmd_models(args: argparse.Namespace) -> int:
    records = [model_record(m) for m in MODELS]
    if args.json:
        print(json.dumps(records, indent=2, ensure_ascii=False))
        return 0
    head = f"{'name':<18} {'game':<32} {'as':<32} {'size':>7}"
    print(head)
    print("-" * len(head))
    for r in records:
        use = f"{r['option']}={r['name']}" if ":" in r["option"] else f"{r['option']} {r['name']}"
        print(f"{r['name']:<18} {r['game']:<32} {use:<32} {_size(r['bytes']):>7}")
        print(f"{'':<4}{r['what']}")
        print(f"{'':<4}file: {r['file']}")
    print("A name goes wherever its option takes a file; any other value is a path to a file "
          "of your own.")  # fmt: skip
    return 0


def add_command(sub: Any) -> None:
    """Add ``hoyle models`` to the ``hoyle`` parser's subcommands."""
    p = sub.add_parser("models", help="list the trained policies, networks and value tables "
                       "shipped with hoyle, by name",
                       description="List the trained files hoyle ships: the name an agent "
                       "takes (mccfr:policy=conquian-abstract, td, planner), the game, what "
                       "it is, the file inside the installed package and its size.")  # fmt: skip
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=cmd_models)
