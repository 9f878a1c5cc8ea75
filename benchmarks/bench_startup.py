"""How long a command takes to start, against a bare Python start; print the figures.

    python benchmarks/bench_startup.py [RUNS]      (default: 15 runs of each)

Target: `rookery --help` within 2x `python -c pass`. Each command runs as a new process,
in turns, and the median of its runs is reported. A benchmark, not a test.
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "skyforge_faq_v1.html"


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    rookery = shutil.which("rookery") or "rookery"
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "rookery --version": [rookery, "--version"],
        "rookery --help": [rookery, "--help"],
        "rookery diff --help": [rookery, "diff", "--help"],
        "rookery diff PAGE PAGE": [rookery, "diff", str(FIXTURE), str(FIXTURE)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            started = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - started)
    base = statistics.median(times["python -c pass"])
    print(f"{'command':<26}{'median ms':>10}{'x python':>10}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<26}{median * 1000:>10.1f}{median / base:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
