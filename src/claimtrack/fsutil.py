"""Writes a reader sees whole or not at all, and the one rule for trusting a file's stamp."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

# File times tick coarsely (milliseconds or worse): a second write of the same
# size within one tick leaves the stamp (mtime, size, inode) unchanged.  Like
# git's "racy clean" rule, the stamp of a file written within this window is
# never trusted to mean "unchanged".
RECENT_NS = 2_000_000_000


def is_recent(mtime_ns: int) -> bool:
    """True when a file with this mtime may still change without its stamp changing."""
    return time.time_ns() - mtime_ns < RECENT_NS


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` in one step: readers see the old file or the new one.

    ``durable`` also flushes the data to the disk before the rename, so that a
    power cut cannot leave an empty file: needed for what an editor wrote, not
    for output that the next build makes again.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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
