"""`rookery run` as a process of its own, its log lines kept as they come: for tests of
the command that runs until told to stop."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading


class Worker:
    """`rookery run` in a folder of its own; its log lines are kept as they come."""

    def __init__(self, folder, toml: str):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "rookery.toml").write_text(toml)
        env = {**os.environ, "ROOKERY_CONFIG": str(folder / "rookery.toml")}
        env.pop("ROOKERY_DATA", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "rookery", "run"], cwd=folder,
                                     env=env, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.said = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            with self.said:
                self.lines.append(line.rstrip("\n"))
                self.said.notify_all()

    def wait_for(self, pattern: str, count: int = 1, timeout: float = 60) -> bool:
        with self.said:
            return self.said.wait_for(
                lambda: sum(bool(re.search(pattern, line)) for line in self.lines) >= count,
                timeout)

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout=60)
        self.reader.join(timeout=10)
        return code
