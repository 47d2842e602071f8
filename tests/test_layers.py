"""The layers point one way and nothing imports in a circle.

Every ``import`` of hoyle's own modules is read from the source (lazy imports inside functions
included; imports under ``if TYPE_CHECKING:`` left out, as they never run): ``hoyle.envs``
imports nothing of ``hoyle.agents`` or ``hoyle.experiments``, ``hoyle.agents`` nothing of
``hoyle.experiments``, and the graph of these imports has no cycle (a lazy import that only
dodges a cycle is still one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("envs", "agents", "experiments")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return "hoyle." + ".".join(parts)


MODULES = {_module(p): p for top in LAYERS for p in (ROOT / top).rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """The hoyle modules ``path`` imports (``from m import name`` counts ``m.name`` when that
    is a module), not counting those under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
        for stmt in branch.body
        for node in ast.walk(stmt)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {m for m in found if m in MODULES}


GRAPH = {m: _imports(p) - {m} for m, p in MODULES.items()}


@pytest.mark.parametrize(
    ("lower", "upper"),
    [("envs", "agents"), ("envs", "experiments"), ("agents", "experiments")],
)
def test_a_lower_layer_imports_nothing_of_a_higher_one(lower: str, upper: str) -> None:
    wrong = sorted(
        f"{m} imports {d}"
        for m, deps in GRAPH.items()
        if m.startswith(f"hoyle.{lower}")
        for d in deps
        if d.startswith(f"hoyle.{upper}")
    )
    assert not wrong, "; ".join(wrong)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle() -> None:
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: a made-up graph with a cycle through three modules."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert len(GRAPH) > 50 and any(GRAPH.values())  # and the real graph was read
