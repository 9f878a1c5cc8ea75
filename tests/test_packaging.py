"""What a non-editable install gets: every file the package reads at run time; and how
its modules depend on one another (downstream only)."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_carries_every_data_file_of_the_package(tmp_path):
    source = tmp_path / "src"  # built from a copy: nothing is written into the checkout
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "*.egg-info", "build", "__pycache__", "tests", "benchmarks"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path / "dist"), str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("rookery-*.whl")
    archive = zipfile.ZipFile(wheel)
    packaged = set(archive.namelist())
    metadata = next(n for n in packaged if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in archive.read(metadata).decode()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in packaged)
    needed = {str(p.relative_to(ROOT)) for p in (ROOT / "rookery").rglob("*")
              if p.is_file() and p.suffix in (".html", ".css", ".toml")}
    assert needed and needed <= packaged, needed - packaged


@pytest.mark.parametrize("module,below", [
    # the store and what the readers use sit below the configuration that names them
    ("rookery.store.store", "rookery.config"),
    ("rookery.masking", "rookery.config"),
    ("rookery.parsers.outline", "rookery.store"),
])
def test_a_lower_stage_does_not_import_a_higher_one(module, below):
    loaded = subprocess.run(
        [sys.executable, "-c", f"import sys, {module}; print(sorted(sys.modules))"],
        capture_output=True, text=True, check=True).stdout
    assert f"'{below}'" not in loaded
