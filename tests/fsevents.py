"""What happens in a folder as it happens, from Linux's inotify: a test waits on these
events (a file made, renamed, removed) instead of sleeping. Each folder is watched as it
is named; `follow` adds the folders made inside watched ones, and what they already hold."""
from __future__ import annotations

import ctypes
import os
import select
import struct
from pathlib import Path

_libc = ctypes.CDLL(None, use_errno=True)
IN_CREATE, IN_MOVED_TO, IN_DELETE, IN_ISDIR = 0x100, 0x80, 0x200, 0x40000000
IN_CLOSE_WRITE, IN_MOVED_FROM = 0x8, 0x40
_EVENT = struct.Struct("iIII")


def available() -> bool:
    return hasattr(_libc, "inotify_init1")


class Events:
    """A stream of (folder, mask, name) events in the watched folders."""

    def __init__(self, *folders: Path, follow: bool = True):
        self.fd = _libc.inotify_init1(os.O_CLOEXEC | os.O_NONBLOCK)
        if self.fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1")
        self.follow = follow
        self.folders: dict[int, Path] = {}
        for folder in folders:
            self.watch(folder)

    def watch(self, folder: Path) -> None:
        mask = IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE
        wd = _libc.inotify_add_watch(self.fd, os.fsencode(folder), mask)
        if wd >= 0:  # (a folder gone already is not watched)
            self.folders[wd] = Path(folder)

    def next(self, timeout: float = 60) -> list[tuple[Path, int, str]]:
        """The events that came, waiting up to `timeout` seconds for one."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return []
        data = os.read(self.fd, 65536)
        out, at = [], 0
        while at < len(data):
            wd, mask, _cookie, size = _EVENT.unpack_from(data, at)
            name = data[at + _EVENT.size: at + _EVENT.size + size].rstrip(b"\0").decode()
            at += _EVENT.size + size
            folder = self.folders.get(wd)
            if folder is None:
                continue
            out.append((folder, mask, name))
            if self.follow and mask & IN_ISDIR and mask & (IN_CREATE | IN_MOVED_TO):
                out += self._follow(folder / name)
        return out

    def _follow(self, folder: Path) -> list[tuple[Path, int, str]]:
        """Watch a folder made inside a watched one, and give what was made in it before
        the watch began as events of their own: on a busy machine a writer fills a new
        folder before its event is read."""
        self.watch(folder)
        out = []
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:  # (gone already)
            return out
        for entry in entries:
            is_dir = entry.is_dir(follow_symlinks=False)
            out.append((folder, IN_CREATE | (IN_ISDIR if is_dir else 0), entry.name))
            if is_dir:
                out += self._follow(Path(entry.path))
        return out

    def close(self) -> None:
        os.close(self.fd)
