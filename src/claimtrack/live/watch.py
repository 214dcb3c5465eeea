"""Notice edits by polling: the size, mtime and inode of every file the site is made from.

Polling a few hundred stat() calls every ~0.3 s costs next to nothing and
needs no dependency; an atomic save (new inode) and an in-place save (new
mtime or size) are both seen, and so is a same-size rewrite within one clock
tick (recent files are hashed too).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from ..errors import FileRefused
from ..fsutil import is_recent, read_regular

# Folders read one level deep (the loader ignores subfolders, but for a source's revisions
# folder, sources/<id>.revisions/, itself read one level deep) and folders read whole.
FLAT = ("claims", "sources")
NESTED = ".revisions"
DEEP = ("templates", "static")
FILES = ("tracker.yaml",)

Stamp = tuple[int, int, int, str]


def ignored(name: str) -> bool:
    # Editor swap files, backups and our own temporary files are not data.
    return name.startswith(".") or name.endswith(("~", ".swp", ".tmp"))


def _stamp(path: str) -> Stamp | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    digest = ""
    # A recently written file is also hashed: two writes of the same size within one
    # tick of the file clock look alike by stat alone (fsutil.is_recent).  Only a
    # regular file, and read_regular never blocks: a FIFO must not freeze the watcher.
    if stat.S_ISREG(st.st_mode) and is_recent(st.st_mtime_ns):
        try:
            raw = read_regular(path, None, st.st_mode)
        except FileRefused:
            return None
        digest = hashlib.blake2b(raw, digest_size=16).hexdigest()
    return (st.st_mtime_ns, st.st_size, st.st_ino, digest)


class Watcher:
    """Remembers the files under ``root`` and tells which changed since the last look."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.last = self.scan()

    def scan(self) -> dict[str, Stamp]:
        found: dict[str, Stamp] = {}
        root = str(self.root)
        for name in FILES:
            stamp = _stamp(os.path.join(root, name))
            if stamp is not None:
                found[name] = stamp
        for folder in FLAT:
            try:
                entries = list(os.scandir(os.path.join(root, folder)))
            except OSError:
                continue
            for entry in entries:
                if ignored(entry.name):
                    continue
                if entry.name.endswith(NESTED) and entry.is_dir(follow_symlinks=False):
                    found.update(_flat(entry.path, f"{folder}/{entry.name}"))
                    continue
                stamp = _stamp(entry.path)
                if stamp is not None:
                    found[f"{folder}/{entry.name}"] = stamp
        for folder in DEEP:
            base = os.path.join(root, folder)
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames[:] = [d for d in dirnames if not ignored(d)]
                for name in filenames:
                    if not ignored(name):
                        path = os.path.join(dirpath, name)
                        stamp = _stamp(path)
                        if stamp is not None:
                            found[os.path.relpath(path, root).replace(os.sep, "/")] = stamp
        return found

    def changed(self) -> list[str]:
        """Paths (relative to root) added, removed or modified since the last call."""
        now = self.scan()
        paths = sorted(
            p for p in now.keys() | self.last.keys() if _differ(now.get(p), self.last.get(p))
        )
        self.last = now
        return paths


def _flat(path: str, rel: str) -> dict[str, Stamp]:
    """The stamps of the files of one folder, by path relative to the root."""
    try:
        entries = list(os.scandir(path))
    except OSError:
        return {}
    stamps = {f"{rel}/{e.name}": _stamp(e.path) for e in entries if not ignored(e.name)}
    return {p: s for p, s in stamps.items() if s is not None}


def _differ(a: Stamp | None, b: Stamp | None) -> bool:
    if a is None or b is None:
        return a is not b
    # A hash is taken only while a file is recent: compare hashes when both have one.
    return a[:3] != b[:3] or (bool(a[3]) and bool(b[3]) and a[3] != b[3])
