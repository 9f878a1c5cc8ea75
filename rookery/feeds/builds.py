"""A site published whole or not at all: each publish writes a new build beside the one
being served, then switches to it in one step.

The site folder (`site`) is a symbolic link to the build it serves, kept in a folder
beside it (`.site.builds/`). A publish makes the next build there, first as hard links
to every file of the current one (nothing is copied), then writing the pages that
change as new files and removing those that go; then a new link, renamed over the old,
points the site at it: a reader sees the old site or the new, never a mix. The builds
no longer served are removed after, and so is whatever a publish killed half-way left
(its build, its links): the next publish repairs it all. One publish at a time per site.

A site folder that is a real folder (from an older rookery, or made by hand) is taken
over by the first publish: its files start the first build, and the folder is swapped
for the link in one step where the system can (Linux), else in two renames. A folder
that cannot be swapped (a mount point, or one whose parent rookery may not write) is
published in place as before, file by file, with a mark while a publish runs: a
publish that finds the mark of one that did not finish renders and writes every file,
and temporary files a killed publish left are removed.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

TEMPORARY = ".tmp-"  # the prefix of files being written (site.py's _write)
UNFINISHED = ".rookery-publishing"  # in a folder published in place: a publish runs


@dataclass
class Build:
    """Where a publish writes: a new build (switched to by `done`), or the site itself
    (`in_place`); `unfinished`: the last publish in place did not finish."""

    folder: Path
    in_place: bool = False
    unfinished: bool = False


@contextlib.contextmanager
def next_build(root: Path) -> Iterator[Build]:
    """The folder a publish writes into, made ready; on leaving without an error the
    site serves it, and on an error the site stays as it was."""
    site = _served(root)
    builds = site.parent / f".{site.name}.builds"
    if _in_place(site):
        yield from _publish_in_place(site)
        return
    builds.mkdir(parents=True, exist_ok=True)
    with _locked(builds):
        current = _current(site, builds)
        _sweep(site, builds, keep=current)
        folder = _new_folder(builds)
        if current is not None:
            _link_tree(current, folder)
        try:
            yield Build(folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        _switch(site, folder, builds)
        _sweep(site, builds, keep=folder)


def tidy(root: Path) -> None:
    """Remove what killed publishes left beside the build served (a publish with nothing
    to write makes no build, and tidies instead)."""
    site = _served(root)
    builds = site.parent / f".{site.name}.builds"
    if site.is_symlink() and builds.is_dir():
        with _locked(builds):
            _sweep(site, builds, keep=_current(site, builds))


def _served(root: Path) -> Path:
    """The path the site is served at: `root`, or the folder an operator's own link
    points it to (a link into rookery's builds is rookery's)."""
    if root.is_symlink():
        target = Path(os.path.realpath(root))
        if target.parent.name != f".{root.name}.builds":
            return target
    return root


def _in_place(site: Path) -> bool:
    """Can the site not be swapped for a link? A mount point, or a folder whose parent
    rookery may not write."""
    if site.is_dir() and not site.is_symlink():
        return os.path.ismount(site) or not os.access(site.parent, os.W_OK)
    return site.parent.exists() and not os.access(site.parent, os.W_OK)


def _publish_in_place(site: Path) -> Iterator[Build]:
    site.mkdir(parents=True, exist_ok=True)
    mark = site / UNFINISHED
    unfinished = mark.exists()
    for leftover in site.rglob(f"{TEMPORARY}*"):
        leftover.unlink(missing_ok=True)
    mark.write_bytes(b"")
    yield Build(site, in_place=True, unfinished=unfinished)
    mark.unlink()


def _current(site: Path, builds: Path) -> Path | None:
    """The folder served now: the build the link names, the site folder itself before
    it is taken over, or None (no site yet, or a link to a build that is gone)."""
    if site.is_symlink():
        target = Path(os.path.realpath(site))
        return target if target.is_dir() and target.parent == builds.resolve() else None
    return site if site.is_dir() else None


def _new_folder(builds: Path) -> Path:
    """A fresh build folder, numbered after the highest there."""
    numbers = [int(p.name) for p in builds.iterdir() if p.name.isdigit()]
    number = max(numbers, default=0) + 1
    while True:
        folder = builds / str(number)
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            number += 1


def _link_tree(source: Path, target: Path) -> None:
    """Every file of `source` hard-linked at the same place under `target` (copied where
    the system cannot link); files being written there are left out."""
    pending = [(os.fspath(source), os.fspath(target))]
    while pending:
        here, there = pending.pop()
        with os.scandir(here) as entries:
            for entry in entries:
                made = os.path.join(there, entry.name)
                if entry.is_dir(follow_symlinks=False):
                    os.mkdir(made)
                    pending.append((entry.path, made))
                elif not entry.name.startswith(TEMPORARY) and entry.name != UNFINISHED:
                    try:
                        os.link(entry.path, made)
                    except OSError:
                        shutil.copy2(entry.path, made)


def _switch(site: Path, folder: Path, builds: Path) -> None:
    """Point the site at `folder` in one step: a new link renamed over the old one, or
    (the first time) swapped with the site folder."""
    link = builds / f".link-{folder.name}"
    link.unlink(missing_ok=True)
    os.symlink(os.path.relpath(folder, site.parent), link)
    if not site.is_symlink() and site.exists():
        if not _exchange(link, site):  # two steps: a moment without a site
            os.rename(site, builds / f"taken-{folder.name}")
            os.replace(link, site)
        return  # (the folder it was is now in builds/, swept next)
    os.replace(link, site)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux's renameat2 with RENAME_EXCHANGE); False where
    the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_cwd, exchange = -100, 2
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    if renameat2(at_cwd, os.fsencode(a), at_cwd, os.fsencode(b), exchange) == 0:
        return True
    if ctypes.get_errno() in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), str(b))


def _sweep(site: Path, builds: Path, keep: Path | None) -> None:
    """Remove everything in `builds` but the build `keep`: builds no longer served, and
    what killed publishes left (builds, links, folders taken over)."""
    kept = keep.resolve() if keep is not None else None
    for entry in builds.iterdir():
        if entry.name == _LOCK or (kept is not None and entry.resolve() == kept
                                   and not entry.is_symlink()):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


_LOCK = ".lock"


@contextlib.contextmanager
def _locked(builds: Path) -> Iterator[None]:
    """One publish of a site at a time: a second waits for the first."""
    try:
        import fcntl
    except ImportError:  # no such locks here: publishes are the operator's to order
        yield
        return
    with open(builds / _LOCK, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
