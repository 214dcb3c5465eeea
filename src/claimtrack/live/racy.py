"""The files written within the racy window, looked at again: the saves that watchfiles'
polling cannot see.

watchfiles polls with notify's PollWatcher (watchfiles 1.x, notify 8), which takes a file
as changed only when its mtime, in whole seconds, grew since it last looked: a second
save within the same second goes unseen, whatever its size or inode.  So a file written
within the last RECENT_NS (fsutil.is_recent) is looked at here too, by its stamp and,
while it is recent, by a digest of its bytes (two saves of the same size within one tick
of the file clock leave the stamp as it was).  Only what polling cannot see is reported
from here: a change whose mtime stays within the second it had.  Once a file's stamp is
old enough, a later save moves its mtime to a later second, which polling sees.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from ..errors import FileRefused
from ..fsutil import Stamp, read_regular, recent, stamp_of
from ..layout import ignored, watched

SECOND = 1_000_000_000


class RecentFiles:
    """Recently written files under ``root`` (by path relative to it): stamp and digest."""

    def __init__(self, root: Path) -> None:
        self._base = str(root)
        self._seen: dict[str, tuple[Stamp, str]] = {}

    def look_at_start(self, folders: Iterable[str]) -> None:
        """Note the watched files written within the window, at the root and in ``folders``:
        polling has just taken their mtime's second as it started."""
        rels = [entry.name for entry in os.scandir(self._base) if watched(entry.name)]
        for folder in folders:
            for here, dirs, names in os.walk(os.path.join(self._base, folder)):
                dirs[:] = [d for d in dirs if not ignored(d)]
                rel = os.path.relpath(here, self._base).replace(os.sep, "/")
                rels += [f"{rel}/{name}" for name in names if watched(f"{rel}/{name}")]
        self.note(rels)

    def note(self, rels: Iterable[str]) -> None:
        """Look at these files now (they were just reported): keep those that are recent."""
        for rel in rels:
            found = self._look(rel)
            if found is not None and recent(found[0]):
                self._seen[rel] = found
            else:
                self._seen.pop(rel, None)

    def changed(self) -> list[str]:
        """The files saved again since they were noted, within the second of their last
        mtime (or before it); a file no longer recent is let go."""
        changed = []
        for rel, (was, digest) in list(self._seen.items()):
            found = self._look(rel)
            if found is None:
                del self._seen[rel]  # gone, or not a file: polling sees that
                continue
            now, now_digest = found
            # Digests are compared while both were taken (the file recent both times).
            differs = now != was or (bool(digest) and bool(now_digest) and now_digest != digest)
            if differs and now[0] // SECOND <= was[0] // SECOND:
                changed.append(rel)
            if recent(now):
                self._seen[rel] = found
            else:
                del self._seen[rel]
        return sorted(changed)

    def _look(self, rel: str) -> tuple[Stamp, str] | None:
        """The stamp of a regular file, and the digest of its bytes while it is recent."""
        path = os.path.join(self._base, rel)
        try:
            st = os.stat(path)
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        found = stamp_of(st)
        if not recent(found):
            return found, ""
        try:  # read_regular never blocks: a FIFO swapped in must not freeze the watch
            raw = read_regular(path, None, st.st_mode)
        except FileRefused:
            return None
        return found, hashlib.blake2b(raw, digest_size=16).hexdigest()
