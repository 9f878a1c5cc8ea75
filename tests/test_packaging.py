"""What a non-editable install gets: every file the package reads at run time and every
library it imports; and how its modules depend on one another (downstream only)."""
import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from imports import cycles, graph

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(tmp_path: Path, env: dict | None = None) -> set[str]:
    """The names in a wheel built from a copy of the checkout (nothing is written into
    it), without what an editable install compiled there."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "*.egg-info", "build", "__pycache__", "tests", "benchmarks", "*.so"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path / "dist"), str(source)], check=True, capture_output=True,
                   env=env)
    (wheel,) = (tmp_path / "dist").glob("rookery-*.whl")
    return set(zipfile.ZipFile(wheel).namelist())


def compiled_loops(names: set[str]) -> list[str]:
    return [n for n in names if re.match(r"rookery/parsers/pdf/_speedups\..*\.so$", n)]


def test_the_wheel_carries_every_data_file_of_the_package(tmp_path):
    packaged = build_wheel(tmp_path)
    archive = zipfile.ZipFile(next((tmp_path / "dist").glob("rookery-*.whl")))
    metadata = next(n for n in packaged if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in archive.read(metadata).decode()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in packaged)
    needed = {str(p.relative_to(ROOT)) for p in (ROOT / "rookery").rglob("*")
              if p.is_file() and p.suffix in (".html", ".css", ".toml")}
    assert needed and needed <= packaged, needed - packaged
    if shutil.which("cc") or shutil.which("gcc"):
        assert compiled_loops(packaged), "the PDF reader's loops were not compiled"


def test_a_machine_without_a_c_compiler_still_installs_rookery(tmp_path):
    packaged = build_wheel(tmp_path, env={**os.environ, "CC": "/bin/false"})
    assert not compiled_loops(packaged)
    assert "rookery/parsers/pdf/glyphs.py" in packaged  # the Python loops the reader runs


def test_every_library_the_package_imports_is_a_declared_dependency():
    """A library imported only because another one needs it today (urllib3 under
    requests, pdfminer under pdfplumber) may go with that one's next release."""
    def name(distribution: str) -> str:
        return re.sub(r"[-_.]+", "-", distribution).lower()

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = {name(re.match(r"[\w.-]+", d).group()) for d in project["dependencies"]}
    providers = packages_distributions()
    undeclared = set()
    for path in (ROOT / "rookery").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            for top in {m.split(".")[0] for m in modules}:
                if top != "rookery" and top not in sys.stdlib_module_names and not \
                        {name(d) for d in providers.get(top, [top])} & declared:
                    undeclared.add(f"{top} ({path.relative_to(ROOT)})")
    assert not undeclared


@pytest.mark.parametrize("module,below", [
    # the store and what the readers use sit below the configuration that names them
    ("rookery.store.store", "rookery.config"),
    ("rookery.masking", "rookery.config"),
    ("rookery.parsers.structure.outline", "rookery.store"),
    # a diff of cached or stored releases reads their summaries and builds no document
    ("rookery.diffs.compare", "rookery.parsers.structure.outline"),
])
def test_a_lower_stage_does_not_import_a_higher_one(module, below):
    loaded = subprocess.run(
        [sys.executable, "-c", f"import sys, {module}; print(sorted(sys.modules))"],
        capture_output=True, text=True, check=True).stdout
    assert f"'{below}'" not in loaded


def test_no_module_imports_itself_through_others():
    """No import circle anywhere, counting lazy and TYPE_CHECKING imports: each stage
    and each part of a reader can be read, and loaded, before what builds on it."""
    assert cycles(graph(ROOT / "rookery")) == []


def test_the_import_graph_sees_a_circle_when_there_is_one(tmp_path):
    package = tmp_path / "pkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "a.py").write_text("from .b import thing\n")
    (package / "inner" / "b.py").write_text(
        "def later():\n    from . import a  # a lazy import counts\n")
    assert cycles(graph(package)) == [["pkg.inner.a", "pkg.inner.b"]]


def test_the_store_keeps_to_its_stage():
    """The store is upstream of the diffs: what both need lives in model.py."""
    edges = graph(ROOT / "rookery")
    wrong = {(m, t) for m, targets in edges.items() if m.startswith("rookery.store")
             for t in targets if t.startswith(("rookery.diffs", "rookery.feeds",
                                                "rookery.notify", "rookery.commands"))}
    assert not wrong


def test_the_readers_house_stays_small():
    """parsers/ holds one entry per format, the dispatch and the shared vocabulary;
    the structure builder and the text reader are packages of their own."""
    root = [p.name for p in (ROOT / "rookery" / "parsers").glob("*.py")]
    assert len(root) <= 10, sorted(root)
