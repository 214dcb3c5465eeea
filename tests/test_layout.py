"""The house plan holds: small modules, small folders, no import circles, every module
described in docs/internals.md.

These are the rules of issue 16, kept by a test so that the next feature cannot quietly
undo them.  Imports are read with ast, the way Python resolves them, including the ones
inside functions and under TYPE_CHECKING: a circle there is still a circle to a reader.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "claimtrack"
MAX_LINES = 400
MAX_MODULES = 12


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that the module imports (a name imported from a package
    counts as the submodule when there is one, else as the package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    out.add(sub)
                elif target in known:
                    out.add(target)
    out.discard(name)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
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

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_folder_holds_more_than_12_modules() -> None:
    crowded = {}
    for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]:
        count = len(list(folder.glob("*.py")))
        if count > MAX_MODULES:
            crowded[str(folder.relative_to(ROOT))] = count
    assert crowded == {}


def test_no_import_circles() -> None:
    known = modules()
    # A package's __init__ importing its own submodules to re-export them is its face,
    # not a circle: only the submodules' imports of each other (and of other packages)
    # count, and a submodule importing its package's face is counted as that face.
    graph = {name: imported(name, path, known) for name, path in known.items()}
    for name, path in known.items():
        if path.name == "__init__.py":
            graph[name] = {m for m in graph[name] if not m.startswith(name + ".")}
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_module_is_described_in_internals() -> None:
    text = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
    missing = []
    for path in modules().values():
        rel = path.relative_to(PACKAGE).as_posix()
        if path.name == "__init__.py" and len(path.read_text(encoding="utf-8").splitlines()) < 15:
            continue  # a package's docstring alone; the folder is described
        if rel not in text:
            missing.append(rel)
    assert missing == []
