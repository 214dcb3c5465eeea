"""Notice edits from the file system's own events (inotify and its kin, through watchfiles).

An edit is known a few milliseconds after it is saved, whatever the size of
the tracker: nothing is scanned.  The folders the site is made from
(``claims/``, ``sources/``, ``templates/``, ``static/``) are watched with
their contents, and ``tracker.yaml`` on its own; the output folder never is,
so a build's own writes cause no events.  A folder that appears or goes away
later (a new ``templates/``) is noticed by a look at the root once a second;
the watch then starts again over the new set, and the folder itself is
reported as changed (the loader then looks at every file once).

The watch starts when the EventWatcher is made, so that an edit saved during
the first build is not missed.  Where events are not available (no inotify,
too many watches), making one raises EventsUnavailable and the caller polls
instead (watch.Watcher).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from watchfiles._rust_notify import RustNotify

from .watch import DEEP, FILES, FLAT, ignored

# Milliseconds: an editor's save is several events within a millisecond or two
# (write a temporary file, rename it over the old one); wait this long after
# the last one, so that a save is one rebuild, not three.
QUIET_MS = 15
# Milliseconds: the longest a burst of events is gathered, and how often the
# root is looked at for folders that came or went.
ROOT_LOOK_MS = 1000


class EventsUnavailable(Exception):
    """The file system's events cannot be had here; poll instead."""


class EventWatcher:
    """Reports the paths (relative to ``root``) of edited files, as events arrive."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()
        self._targets = self._existing()
        self._notify = self._start(self._targets)

    def _existing(self) -> tuple[str, ...]:
        root = str(self.root)
        found = [
            os.path.join(root, f) for f in (*FLAT, *DEEP) if os.path.isdir(os.path.join(root, f))
        ]
        found += [os.path.join(root, f) for f in FILES if os.path.isfile(os.path.join(root, f))]
        return tuple(sorted(found))

    @staticmethod
    def _start(targets: tuple[str, ...]) -> RustNotify | None:
        if not targets:
            return None
        try:
            return RustNotify(list(targets), False, False, 0, True, True)
        except (OSError, RuntimeError) as exc:
            raise EventsUnavailable(str(exc)) from None

    def _relative(self, path: str) -> str | None:
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        if rel.startswith("../") or any(ignored(part) for part in rel.split("/")):
            return None
        return rel

    def next_batch(self, stop: threading.Event) -> list[str] | None:
        """The next edited paths, sorted; None once ``stop`` is set."""
        while not stop.is_set():
            if self._notify is None:
                found: set[tuple[int, str]] | str = "timeout"
                stop.wait(ROOT_LOOK_MS / 1000)
            else:
                try:
                    found = self._notify.watch(ROOT_LOOK_MS, QUIET_MS, ROOT_LOOK_MS, stop)
                except (OSError, RuntimeError) as exc:
                    raise EventsUnavailable(str(exc)) from None
            paths: set[str] = set()
            if isinstance(found, set):
                paths = {r for _, p in found if (r := self._relative(p)) is not None}
            now = self._existing()
            # A file is watched by its inode: one saved by renaming a new file over it (as
            # editors do) must be watched again, as must a set of folders that changed.
            if now != self._targets or any(rel in FILES for rel in paths):
                paths |= {r for p in set(now) ^ set(self._targets) if (r := self._relative(p))}
                self.close()
                self._targets, self._notify = now, self._start(now)
            if paths:
                return sorted(paths)
        return None

    def close(self) -> None:
        if self._notify is not None:
            self._notify.close()
            self._notify = None
