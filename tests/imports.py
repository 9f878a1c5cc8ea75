"""rookery's own import graph, read from the source: every import statement, at the top
of a module, inside a function (a lazy import) or under TYPE_CHECKING, as an edge from
the module to the module it names."""
from __future__ import annotations

import ast
from pathlib import Path


def modules(package: Path) -> dict[str, Path]:
    """Dotted name → file, for every module of the package (a package by its __init__)."""
    out = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _bound(path: Path) -> set[str]:
    """The names a module binds at its top level (defs, classes, assignments, imports)."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def graph(package: Path) -> dict[str, set[str]]:
    """Each module's imports of the package's own modules. `from . import x` names the
    module x where there is one, else the package's __init__ where it binds x (else x
    is a compiled extension, which imports nothing of ours)."""
    found = modules(package)
    edges: dict[str, set[str]] = {name: set() for name in found}
    for name, path in found.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                start = ".".join(base + ([node.module] if node.module else []))
                targets = [f"{start}.{a.name}" if f"{start}.{a.name}" in found else start
                           for a in node.names if f"{start}.{a.name}" in found
                           or start not in found or found[start].name != "__init__.py"
                           or a.name in _bound(found[start]) or a.name == "*"]
            else:
                continue
            for target in targets:
                while target and target not in found:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out
