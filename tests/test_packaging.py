"""What a non-editable install gets: every file the package reads at run time."""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

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
