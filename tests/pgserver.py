"""A real, throwaway PostgreSQL server for the tests.

The store can keep its data in PostgreSQL (`database = "postgresql://..."`), and a mock or
SQLite stand-in would not show what PostgreSQL itself accepts, refuses or returns. So the
tests start a server of their own: initdb into a temporary directory, then `pg_ctl -w
start`, listening on a unix socket in that directory and on 127.0.0.1 at a free port, with
durability off (fsync, full-page writes, synchronous commit) because nothing in it has to
survive. Each test process (pytest-xdist worker) starts its own and stops it with `pg_ctl
stop -m immediate` at the end; a watchdog process stops it too when the test process is
killed before it could.

The server binaries (initdb, pg_ctl, postgres) are looked for in PATH, then in Debian's
/usr/lib/postgresql/VERSION/bin, newest version first (`apt-get install postgresql`).
initdb and postgres refuse to run as root: as root, they run as the unprivileged user
`postgres` (which the Debian package creates), or else `nobody`, in a directory that user
owns and can reach (pytest's own temporary directories are private to root).
"""
from __future__ import annotations

import atexit
import os
import pwd
import re
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

BINARIES = ("initdb", "pg_ctl", "postgres")
SUPERUSER = "rookery"
_SOCKET_MAX = 100  # a unix socket's path must fit in 108 bytes, with "/.s.PGSQL.PORT"

# Run beside each server, holding the read end of a pipe whose write end only the test
# process holds: a byte means "stopped, all is well"; end of file without one means the
# test process is gone however it ended (SIGKILL too, when no teardown or atexit runs),
# and the server is stopped and its directory removed. argv: pg_ctl DATA UID GID [DIR]
_WATCHDOG = """
import shutil, subprocess, sys
if not sys.stdin.buffer.read():
    pg_ctl, data, uid, gid = sys.argv[1:5]
    ids = dict(user=int(uid), group=int(gid), extra_groups=[]) if int(uid) >= 0 else {}
    subprocess.run([pg_ctl, "stop", "-m", "immediate", "-w", "-D", data],
                   capture_output=True, timeout=60, **ids)
    if len(sys.argv) > 5:
        shutil.rmtree(sys.argv[5], ignore_errors=True)
"""


def _version_key(path: Path) -> tuple:
    # /usr/lib/postgresql/15/bin → (15,), so that 16 sorts before 9.6
    return tuple(int(n) for n in re.findall(r"\d+", path.parent.name)) or (0,)


def find_bin_dir() -> Path | None:
    """The directory holding all of initdb, pg_ctl and postgres, or None."""
    candidates = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key, reverse=True)
    for directory in candidates:
        if all(os.access(directory / name, os.X_OK) for name in BINARIES):
            return directory
    return None


def unavailable_reason() -> str | None:
    """One line saying why no server can be started here, or None when one can."""
    if find_bin_dir() is None:
        return ("PostgreSQL server binaries (initdb, pg_ctl, postgres) not found in PATH "
                "or /usr/lib/postgresql/*/bin: apt-get install postgresql")
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _reachable(path: Path, account: pwd.struct_passwd) -> bool:
    """Whether `account` may enter every directory from / down to `path`."""
    for directory in [path, *path.parents]:
        st = directory.stat()
        if st.st_uid == account.pw_uid:
            bit = stat.S_IXUSR
        elif st.st_gid == account.pw_gid:
            bit = stat.S_IXGRP
        else:
            bit = stat.S_IXOTH
        if not st.st_mode & bit:
            return False
    return True


class PostgresServer:
    """A PostgreSQL server in a directory of its own under `base` (or the system's temporary
    directory, when `base` won't do): start(), then url(dbname) and create_database(name);
    stop() shuts it down at once and is safe to call twice."""

    def __init__(self, base: Path | str | None = None):
        self.bin_dir = find_bin_dir()
        if self.bin_dir is None:
            raise RuntimeError(unavailable_reason())
        self.base = Path(base) if base is not None else None
        self.account = None  # whom initdb and postgres run as, when we are root
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    self.account = pwd.getpwnam(name)
                    break
                except KeyError:
                    pass
            else:
                raise RuntimeError("running as root, and neither user postgres nor nobody exists")
        self.dir: Path | None = None
        self._own_dir = False  # made by us outside `base`: removed at stop()
        self.port: int | None = None
        self.running = False
        self._watchdog: subprocess.Popen | None = None
        self._watchdog_pipe: int | None = None

    # ------------------------------------------------------------------ running programs

    def _run(self, name: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env["LC_ALL"] = "C"
        kwargs = {}
        if self.account is not None:
            kwargs = dict(user=self.account.pw_uid, group=self.account.pw_gid, extra_groups=[])
            env["HOME"] = str(self.dir)
        proc = subprocess.run([str(self.bin_dir / name), *args], cwd=self.dir, env=env,
                              capture_output=True, text=True, timeout=120, **kwargs)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{name} {' '.join(args)} failed ({proc.returncode}):\n"
                               f"{proc.stdout}{proc.stderr}{self._log_tail()}")
        return proc

    def _log_tail(self) -> str:
        log = self.dir / "server.log" if self.dir else None
        if log and log.exists():
            return "server log:\n" + "\n".join(log.read_text(errors="replace").splitlines()[-20:])
        return ""

    def _make_dir(self) -> Path:
        """A fresh directory the server's user owns and can reach, short enough for a socket."""
        for parent in (self.base, Path(tempfile.gettempdir())):
            if parent is None:
                continue
            parent.mkdir(parents=True, exist_ok=True)
            if self.account is not None and not _reachable(parent, self.account):
                continue
            directory = Path(tempfile.mkdtemp(prefix="pg-", dir=parent))
            if len(str(directory)) > _SOCKET_MAX:
                os.rmdir(directory)
                continue
            self._own_dir = parent != self.base
            if self.account is not None:
                os.chown(directory, self.account.pw_uid, self.account.pw_gid)
            return directory
        who = self.account.pw_name if self.account else "this user"
        raise RuntimeError(f"no temporary directory that {who} can reach with a path short "
                           f"enough for a unix socket (base {self.base})")

    # ------------------------------------------------------------------ life cycle

    def start(self, tries: int = 3) -> "PostgresServer":
        if self.running:
            return self
        self.dir = self._make_dir()
        try:
            self._init_and_start(tries)
        except BaseException:
            self.stop()
            raise
        return self

    def _init_and_start(self, tries: int) -> None:
        data = self.dir / "data"
        self._run("initdb", "-D", str(data), "-U", SUPERUSER, "--auth=trust",
                  "--encoding=UTF8", "--locale=C", "--no-sync")
        with (data / "postgresql.conf").open("a") as f:
            f.write("\n# tests/pgserver.py: loopback and a socket of its own, no durability\n"
                    "listen_addresses = '127.0.0.1'\n"
                    f"unix_socket_directories = '{self.dir}'\n"
                    "fsync = off\n"
                    "full_page_writes = off\n"
                    "synchronous_commit = off\n")
        for attempt in range(tries):
            # another process may take the free port before postgres binds it: try another
            self.port = _free_port()
            atexit.register(self.stop)  # teardown missed (an interrupted run): still stop
            self.running = True
            proc = self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(data),
                             "-o", f"-p {self.port}", "-l", str(self.dir / "server.log"),
                             check=False)
            if proc.returncode == 0:
                self._start_watchdog()
                return
            self.stop(remove=False)
            if attempt == tries - 1 or "could not bind" not in self._log_tail():
                raise RuntimeError(f"pg_ctl start failed ({proc.returncode}):\n"
                                   f"{proc.stdout}{proc.stderr}{self._log_tail()}")

    def _start_watchdog(self) -> None:
        read, self._watchdog_pipe = os.pipe()  # not inherited by other children (PEP 446)
        uid, gid = (self.account.pw_uid, self.account.pw_gid) if self.account else (-1, -1)
        args = [str(self.bin_dir / "pg_ctl"), str(self.dir / "data"), str(uid), str(gid)]
        if self._own_dir:
            args.append(str(self.dir))
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        self._watchdog = subprocess.Popen([sys.executable, "-c", _WATCHDOG, *args], stdin=read,
                                          cwd="/", env=env, start_new_session=True)
        os.close(read)

    def stop(self, remove: bool = True) -> None:
        """Stop at once (no checkpoint: nothing is kept), then remove a directory of ours."""
        if self.running:
            self.running = False
            atexit.unregister(self.stop)
            self._run("pg_ctl", "stop", "-m", "immediate", "-w", "-D", str(self.dir / "data"),
                      check=False)
        if self._watchdog is not None:
            try:
                os.write(self._watchdog_pipe, b"stopped")
            except BrokenPipeError:
                pass
            os.close(self._watchdog_pipe)
            self._watchdog.wait(timeout=30)
            self._watchdog = self._watchdog_pipe = None
        if remove and self._own_dir and self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def pause(self) -> None:
        """Stop the server at once but keep its data and port: an outage."""
        self._run("pg_ctl", "stop", "-m", "immediate", "-w", "-D", str(self.dir / "data"))

    def resume(self) -> None:
        """Start a paused server again, on the same port."""
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.dir / "data"),
                  "-o", f"-p {self.port}", "-l", str(self.dir / "server.log"))

    def __enter__(self) -> "PostgresServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ------------------------------------------------------------------ using it

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database `dbname` over TCP, as the superuser."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def _admin(self):
        import psycopg

        return psycopg.connect(host="127.0.0.1", port=self.port, user=SUPERUSER,
                               dbname="postgres", autocommit=True)

    def create_database(self, name: str) -> str:
        """Create an empty database `name`; returns its URL."""
        from psycopg import sql

        with self._admin() as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop database `name`, closing connections still open to it."""
        from psycopg import sql

        with self._admin() as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(name)))
