"""Checks of an installed hoyle, run by ``.ci/package`` from a folder outside the checkout.

    python .ci/check_installed.py ROOT DIST
        hoyle is imported from the installed wheel, not from ROOT; every shipped model is in the
        installation and loads by name; ``hoyle models`` and ``hoyle --version`` work; the
        version is pyproject's; the wheel and the sdist in DIST carry the LICENSE and the models.
    python .ci/check_installed.py ROOT DIST --leaderboard CSV --committed CSV
        the README's tournament, run from the wheel, gave the committed leaderboard's numbers.

Each failure is one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path


def fail(why: str) -> None:
    sys.exit(f"check_installed: {why}")


def under(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root.resolve())


def check_install(root: Path, dist: Path) -> None:
    if under(Path.cwd(), root):
        fail(f"run from inside the checkout ({Path.cwd()})")
    for name in ("hoyle.envs", "hoyle.agents", "hoyle.experiments", "hoyle.agents.models"):
        module = importlib.import_module(name)
        where = Path(module.__file__ or "")
        if under(where, root) or not under(where, Path(sys.prefix)):
            fail(f"{name} is imported from {where}, not from the wheel in {sys.prefix}")
    print(
        f"hoyle imported from {Path(importlib.import_module('hoyle.agents').__file__ or '').parent.parent}"
    )

    from hoyle.agents.bagatelle import load_policy as load_strokes
    from hoyle.agents.cfr import load_policy
    from hoyle.agents.models import MODELS
    from hoyle.agents.patience import load_table
    from hoyle.agents.td import load_network

    loaders = {
        "mccfr:policy": lambda name: load_policy(name),
        "td:weights": lambda name: load_network(name),
        "planner:table": lambda name: load_table("english", "book", name),
        "bagatelle compare --policy": lambda name: load_strokes(name),
    }
    for m in MODELS:
        path = Path(str(m.resource()))
        if under(path, root) or not m.resource().is_file():
            fail(f"model {m.name}: {path} is not a file of the installation")
        if m.option not in loaders:
            fail(f"model {m.name}: no check loads {m.option} (add it here)")
        loaders[m.option](m.name)
        print(f"model {m.name}: {m.size()} bytes, loads by name")

    version = tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]
    hoyle = [
        sys.executable,
        "-c",
        "import sys; from hoyle.experiments.cli import main; sys.exit(main())",
    ]
    shown = subprocess.run([*hoyle, "--version"], capture_output=True, text=True, check=True)
    if shown.stdout.split() != ["hoyle", version]:
        fail(f"hoyle --version says {shown.stdout.strip()!r}; pyproject's version is {version}")
    listed = subprocess.run([*hoyle, "models"], capture_output=True, text=True, check=True)
    missing = [m.name for m in MODELS if m.name not in listed.stdout]
    if missing:
        fail(f"hoyle models does not list {', '.join(missing)}")

    wheels, sdists = list(dist.glob("hoyle-*.whl")), list(dist.glob("hoyle-*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        fail(
            f"expected one wheel and one sdist in {dist}: {sorted(p.name for p in dist.iterdir())}"
        )
    with zipfile.ZipFile(wheels[0]) as z, tarfile.open(sdists[0]) as t:
        in_wheel, in_sdist = z.namelist(), t.getnames()
    for m in MODELS:
        inside = f"{m.package.replace('.', '/')}/{m.file}"
        if inside not in in_wheel:
            fail(f"the wheel lacks {inside}")
        source = f"{m.package.removeprefix('hoyle.').replace('.', '/')}/{m.file}"
        if not any(n.endswith("/" + source) for n in in_sdist):
            fail(f"the sdist lacks {source}")
    if not any(n.endswith("/LICENSE") for n in in_wheel):
        fail("the wheel lacks the LICENSE")
    if not any(n.count("/") == 1 and n.endswith("/LICENSE") for n in in_sdist):
        fail("the sdist lacks the LICENSE")
    print(f"{wheels[0].name} and {sdists[0].name}: the LICENSE and every model inside")


COMPARED = ("rank", "games", "deals", "wins", "draws", "losses", "mean", "rating")


def check_leaderboard(made: Path, committed: Path) -> None:
    """The same numbers to six decimals (a rating of 0 is fitted to about 1e-14), row by row in
    rank order; the labels may differ (a model's name in the README's command, the path it had
    when the leaderboard was made)."""

    def rows(path: Path) -> list[tuple[str, ...]]:
        with path.open() as f:
            found = [tuple(f"{round(float(r[k]), 6) + 0.0:.6f}" for k in COMPARED)
                     for r in csv.DictReader(f)]  # fmt: skip
        return sorted(found)

    if not made.is_file():
        fail(f"the tournament wrote no {made}")
    if rows(made) != rows(committed):
        fail(f"the README's tournament gave other numbers than {committed.name} committed:\n"
             f"{rows(made)}\n{rows(committed)}")  # fmt: skip
    print(f"the README's tournament reproduces the committed leaderboard ({', '.join(COMPARED)})")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("root", type=Path)
    p.add_argument("dist", type=Path)
    p.add_argument("--leaderboard", type=Path)
    p.add_argument("--committed", type=Path)
    args = p.parse_args()
    if args.leaderboard:
        check_leaderboard(args.leaderboard, args.committed)
    else:
        check_install(args.root, args.dist)


if __name__ == "__main__":
    main()
