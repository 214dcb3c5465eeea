"""Safe file access: reads that never block or run away, writes that are atomic,
and the one rule for trusting a file's stamp.

A reader of an atomic write sees the old file or the new one, never half of one.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import time
from collections.abc import Iterable
from operator import itemgetter
from pathlib import Path
from typing import Any

from .codes import Code
from .errors import FileRefused
from .problems import Problem, report

# File times tick coarsely (milliseconds or worse): a second write of the same
# size within one tick leaves the stamp (mtime, size, inode) unchanged.  Like
# git's "racy clean" rule, the stamp of a file written within this window is
# never trusted to mean "unchanged".
RECENT_NS = 2_000_000_000


def is_recent(mtime_ns: int) -> bool:
    """True when a file with this mtime may still change without its stamp changing."""
    return time.time_ns() - mtime_ns < RECENT_NS


# A file's stamp: what stat tells of its version, (mtime_ns, size, inode).  An atomic save
# (a new inode) and an in-place one (a new mtime or size) both change it; a stamp that is
# not recent and has not changed means the same bytes.  The one stamp of every cache, the
# manifests and the watchers (as a JSON list on disk: ``as_stamp`` reads it back).
Stamp = tuple[int, int, int]
_MTIME = itemgetter(0)  # of a Stamp


def stamp_of(st: os.stat_result) -> Stamp:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def stamp(path: str | Path) -> Stamp | None:
    """The stamp of the file at ``path`` (following links, as reading does); None when it
    cannot be stat'ed (gone, or a link to nothing)."""
    try:
        return stamp_of(os.stat(path))
    except OSError:
        return None


def as_stamp(value: Any) -> Stamp:
    """A stamp from JSON data (a list); data of another shape raises ValueError or TypeError."""
    mtime, size, inode = value
    return (int(mtime), int(size), int(inode))


def recent(found: Stamp) -> bool:
    """The racy-clean rule for a stamp: one written within RECENT_NS is never trusted."""
    return is_recent(found[0])


def newest(stamps: Iterable[Stamp | None]) -> int | None:
    """The newest modification time among the stamps (found in C: a replay at 10,000
    claims has 14,000 stamps, where a call of ``recent`` for each took 10 ms of its 0.16 s
    under cProfile); None without one."""
    return max(map(_MTIME, filter(None, stamps)), default=None)


def any_recent(stamps: Iterable[Stamp | None]) -> bool:
    """Whether any of the stamps is recent: whether the newest is."""
    found = newest(stamps)
    return found is not None and is_recent(found)


# O_NONBLOCK: a FIFO swapped in after the stat must not block open() (fstat then refuses it).
_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_a_file(mode: int) -> FileRefused:
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return FileRefused(
        Code.NOT_A_FILE, f"not a regular file: it is {kind}", "replace it with a file"
    )


def refusal(exc: OSError) -> FileRefused:
    """The problem an OSError met while reading a file stands for."""
    if exc.errno == errno.ELOOP:
        return FileRefused(
            Code.SYMLINK_LOOP,
            "symbolic link loop: the link never reaches a file",
            "point the link at a file, or replace it with the file",
        )
    return FileRefused(Code.UNREADABLE, f"cannot read file: {exc.strerror or exc}")


def read_regular(path: str | Path, limit: int | None, mode: int | None = None) -> bytes:
    """The bytes of a regular file; anything else is refused with :class:`FileRefused`.

    Never blocks on a FIFO and never reads a device (``/dev/zero`` would fill
    memory).  ``mode`` is the file's ``st_mode`` when the caller has stat'ed it
    already (``os.stat`` follows links: the mode of what is read), saving a
    syscall on the hot path.  ``limit``: refuse files larger than this.
    """
    try:
        if mode is None:
            mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(mode)
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        raise refusal(exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped in between the stat and the open
            raise _not_a_file(st.st_mode)
        if limit is not None and st.st_size > limit:
            raise too_large(st.st_size, limit)
        # One read of the known size plus one to see the end: no buffering layer,
        # which would fstat and seek again.
        parts, total, want = [], 0, st.st_size + 1
        while chunk := os.read(fd, want):
            parts.append(chunk)
            total += len(chunk)
            if limit is not None and total > limit:  # grew while being read
                raise too_large(total, limit)
            want = 1 << 16
        return b"".join(parts)
    except OSError as exc:
        raise refusal(exc) from None
    finally:
        os.close(fd)


def too_large(size: int, limit: int) -> FileRefused:
    return FileRefused(Code.FILE_TOO_LARGE, f"file is {size} bytes, more than the limit of {limit}")


def atomic_write_bytes(path: Path, data: bytes | Iterable[bytes], *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` (bytes, or its parts in order) in one step: readers
    see the old file or the new one.

    ``durable`` also flushes the data to the disk before the rename, so that a
    power cut cannot leave an empty file: needed for what an editor wrote, not
    for output that the next build makes again.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, bytes | bytearray | memoryview):
                handle.write(data)
            else:
                handle.writelines(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def pid_alive(pid: int) -> bool:
    """Whether a process of this machine with that id runs (one of another user's too)."""
    if pid <= 0:
        return False  # 0 and -1 would ask about a whole process group
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def link_outside(root: Path, path: Path, rel: str) -> Problem | None:
    """The problem when ``path`` is a symbolic link out of the tracker or in a loop (never read
    it), else None: the one rule for links, for records, archives, templates and static files."""
    if not os.path.islink(path):
        return None
    try:
        target = os.path.realpath(path, strict=True)
    except OSError as exc:
        refused = refusal(exc)
        return report(rel, (1, 1), refused.code, str(refused), refused.hint)
    if is_inside(root.resolve(), target):
        return None
    message = "symbolic link points outside the tracker"
    return report(rel, (1, 1), Code.SYMLINK_OUTSIDE, message, "copy the file in")


def is_inside(root: Path, target: str) -> bool:
    """Whether the resolved path ``target`` is ``root`` (resolved) or under it."""
    base = str(root)
    return target == base or target.startswith(base.rstrip(os.sep) + os.sep)
