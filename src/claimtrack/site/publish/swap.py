"""Putting a freshly built site folder in place of the old one, and cleaning up after kills.

On Linux the two folders are exchanged in one step (renameat2 with
RENAME_EXCHANGE), so there is no moment without a site.  Elsewhere, or on a
file system that cannot exchange, the old site is renamed away and the new
one renamed in; a kill between those two renames leaves no site folder, so
the next build first puts the old one back (``recover``).

Temporary folders are named ``.<out>.build-<pid>-*``, ``.<out>.old-<pid>-*``,
(a search index made beside the site, search.make_index) ``.<out>.search-<pid>-*`` and
(the files of a commit into the site, commit.py) ``.<out>.commit-<pid>-*``.
A new one carries the build marker from its first moment to its last: it is written
right after the folder is made (``new_folder``), before anything else, and deleted
last when the folder goes (``remove_marked``), so that a build killed at any moment
leaves a folder that says it is claimtrack's, or an empty one.

A folder is deleted as a leftover only when the process its name gives has ended, and
only when it carries the marker, or when it is a build or search folder without one
whose name is exactly what mkdtemp gives claimtrack's (eight characters of its
alphabet after the pid): one left empty by a kill before its marker, or full by a
claimtrack that deleted the marker first.  That name is claimtrack's own, beside its
own output folder, hidden and numbered: no one names a folder of their own so.  A
commit's folder that holds a journal is finished, not deleted (commit.settle, which
deletes every other leftover).  A folder that merely looks like a leftover (another name, a link, another user's, a
running process's) is left alone, and an old site is put back only when marked.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from ...errors import UsageError
from ...fsutil import pid_alive

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
# The file system or kernel cannot exchange: fall back to two renames.
_NO_EXCHANGE = {errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM}

MARKER = ".claimtrack-site"
MARKER_TEXT = (
    b"This folder is written by `claimtrack build`; each build replaces all of it.\n"
    b"Edit the records and templates in the tracker instead.\n"
)


def check_out(root: Path, out: Path) -> None:
    """Refuse an output folder whose replacement would destroy something else."""
    root, out = root.resolve(), out.resolve()
    if out == root or out in root.parents:
        raise UsageError(f"--out {out}: would replace the tracker itself; choose another folder")
    for folder in ("claims", "sources", "templates", "static"):
        if out.is_relative_to(root / folder):
            raise UsageError(f"--out {out}: is inside the tracker's {folder}/ folder")
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    if out.is_dir() and not (out / MARKER).is_file() and any(out.iterdir()):
        raise UsageError(
            f"--out {out}: refusing to replace a folder that claimtrack did not build "
            f"(it has no {MARKER} file); choose an empty or new folder"
        )


def _renameat2() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        call: Callable[..., int] | None = getattr(
            ctypes.CDLL(None, use_errno=True), "renameat2", None
        )
    except OSError:  # pragma: no cover - no C library to load
        return None
    return call


# renameat2, looked up at the first exchange and not on import: ctypes is 2 ms of imports
# that a replay (`build` with nothing changed, which settles the site folder first) never
# needs.  Empty until then.
_RENAMEAT2: list[Callable[..., int] | None] = []


def exchange(a: Path, b: Path) -> bool:
    """Swap two folders' names in one step; False when this system cannot."""
    if not _RENAMEAT2:
        _RENAMEAT2.append(_renameat2())
    call = _RENAMEAT2[0]
    if call is None:
        return False
    result = call(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in _NO_EXCHANGE:
        return False
    raise OSError(code, os.strerror(code), str(a))


def _pattern(out: Path) -> re.Pattern[str]:
    # Group 3: the name is exactly as new_folder makes it (tempfile's eight characters).
    name = re.escape(out.name)
    return re.compile(rf"^\.{name}\.(build|old|search|commit)-(\d+)-([a-z0-9_]{{8}}$)?")


def new_folder(out: Path, kind: str) -> Path:
    """A new folder beside ``out`` for a build or a search index (``kind``), named for
    this process, that carries the marker before anything is put into it."""
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.{kind}-{os.getpid()}-", dir=out.parent))
    try:
        (folder / MARKER).write_bytes(MARKER_TEXT)
    except BaseException:
        remove_marked(folder)
        raise
    return folder


def abandoned(out: Path) -> list[tuple[str, Path]]:
    """(kind, folder) of temporary site folders of builds that are no longer running."""
    found = []
    pattern = _pattern(out)
    entries = sorted(out.parent.iterdir()) if out.parent.is_dir() else []
    for entry in entries:
        match = pattern.match(entry.name)
        if not match or entry.is_symlink() or not entry.is_dir():
            continue
        pid = int(match.group(2))
        if pid == os.getpid() or pid_alive(pid):
            continue
        kind = match.group(1)
        if (entry / MARKER).is_file() or (
            kind != "old" and match.group(3) is not None and _ours(entry)
        ):
            found.append((kind, entry))
    return found


def _ours(folder: Path) -> bool:
    """Made by this user (where users are told apart)."""
    getuid = getattr(os, "getuid", None)
    return getuid is None or folder.stat(follow_symlinks=False).st_uid == getuid()


def recover(out: Path) -> None:
    """Put the old site back when a build was killed between its two renames."""
    if out.exists() or out.is_symlink():
        return
    old = [folder for kind, folder in abandoned(out) if kind == "old"]
    if old:
        newest = max(old, key=lambda folder: folder.stat().st_mtime_ns)
        os.rename(newest, out)


def swap(new: Path, out: Path, in_place: Callable[[], None] | None = None) -> None:
    """Put the folder ``new`` at ``out``, then delete what was there.  ``in_place``: called
    once ``new`` is at ``out``, before the old site is deleted (serve's pages reload then:
    deleting 14,000 files takes a second at 10,000 claims)."""
    if not out.exists():
        os.rename(new, out)
        if in_place is not None:
            in_place()
        return
    if exchange(new, out):
        old = new  # now the old site, with its marker
    else:
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-{os.getpid()}-", dir=out.parent))
        os.rmdir(old)
        os.rename(out, old)
        try:
            os.rename(new, out)
        except BaseException:
            os.rename(old, out)
            raise
    try:
        if in_place is not None:
            in_place()
    finally:
        remove_tree(old)


def _remove(paths: list[str]) -> list[None]:
    for path in paths:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
    return [None] * len(paths)


def remove_tree(folder: Path) -> None:
    """Delete a whole site folder, its marker last; a large one is split between two
    processes (the other one ends with this one: the marker outlives both)."""
    entries: list[str] = []
    for top in sorted(os.scandir(folder), key=lambda e: e.name):
        if top.name == MARKER:
            continue
        if top.is_dir(follow_symlinks=False):
            entries.extend(sorted(e.path for e in os.scandir(top.path)))
        else:
            entries.append(top.path)
    try:
        from ...process.batch import split  # here: a replay settles without it

        split(entries, _remove, "deleting the old site")
    finally:
        remove_marked(folder)


def remove_marked(folder: Path) -> None:
    """Delete a folder claimtrack made, its marker last: killed at any moment, it leaves
    a folder that carries the marker, or an empty one (both leftovers a build deletes)."""
    with contextlib.suppress(FileNotFoundError, NotADirectoryError):
        _remove(sorted(str(p) for p in folder.iterdir() if p.name != MARKER))
    with contextlib.suppress(FileNotFoundError):
        (folder / MARKER).unlink()
    shutil.rmtree(folder, ignore_errors=True)  # empty now, unless written into meanwhile
