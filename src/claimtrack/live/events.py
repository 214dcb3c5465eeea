"""Notice edits as they are saved, through watchfiles: from the file system's own events
(inotify and its kin), or by watchfiles' polling where there are none.

Two watches, each ``watchfiles.watch`` in a thread of its own:

- the tracker's root, one level deep: tracker.yaml, the journal of a command writing
  records (layout.JOURNAL), and the folders the site is made from coming and going;
- those folders (layout.FOLDERS and THEME_FOLDERS that exist), with their contents.

The output folder is never watched, so a build's own writes cause no events.  When a
folder comes or goes (a new ``templates/``), the second watch starts again over the new
set and the folder itself is reported as changed (the loader then looks at every file
once).  Which paths matter is layout.watched's to say, and no one else's.

An edit is known a few milliseconds after it is saved, whatever the size of the
tracker: nothing is scanned.  A save is several events within a millisecond or two
(write a temporary file, rename it over the old one); a batch ends after QUIET_MS
without one, so that a save is one rebuild, not three.

The watches are in place when a FileWatch is made, so that an edit saved during the
first build is not missed.  Where events are not available (no inotify; too many
watches or instances, which watchfiles reports as an error rather than falling back to
polling: it does so by itself only where the system has no inotify at all), making a
FileWatch raises EventsUnavailable, and so does a watch that fails later; the caller
then makes one that polls (``polling=True``).  watchfiles' polling compares each
file's mtime in whole seconds, and only forward: a second save within the same second
would go unseen, so the files written within the racy window are looked at again
here (live/racy.py).  A file put back with an older mtime is not seen by polling.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path

import watchfiles

from ..layout import FOLDERS, THEME_FOLDERS, watched
from .racy import RecentFiles

# Milliseconds without an event that end a batch: a save is one rebuild, not three.  An
# editor's save (a temporary file written, renamed over the old one) is one burst of
# events within a millisecond; watchfiles looks once a step and hands a batch on after
# a step with none new, so an edit waits 1 to 2 steps (15 ms cost 22 ms of each edit's
# 100 under serve).
QUIET_MS = 5
# Milliseconds: the longest a burst of events is gathered into one batch.
GATHER_MS = 1000
# Seconds between two looks at the stop event (and, when polling, at the recent files).
TICK = 0.1
# The folders the site is made from, each watched with its contents.
TOP = (*FOLDERS.values(), *THEME_FOLDERS)


def _touched_folder(change: watchfiles.Change, path: str) -> bool:
    """A folder whose mtime moved because a file in it came or went: polling reports it
    (in a later second than the folder was made), events do not.  The file is reported
    itself, so the folder is no edit; a folder that comes or goes still is."""
    return change == watchfiles.Change.modified and os.path.isdir(path)


class EventsUnavailable(Exception):
    """The file system's events cannot be had here (or stopped coming); poll instead."""


class _Watch:
    """One ``watchfiles.watch`` over ``paths``, in a thread of its own, putting each batch
    of changed paths (absolute) on ``out``; what it raises goes there too.  ``started``
    waits until the watch is in place (several start at once)."""

    def __init__(
        self,
        paths: list[str],
        out: queue.SimpleQueue[tuple[_Watch, set[str] | Exception]],
        keep: Callable[[str], bool],
        *,
        recursive: bool,
        polling: bool,
        poll_ms: int,
    ) -> None:
        self._stop = threading.Event()
        self._started = threading.Event()
        self._error: Exception | None = None
        changes = watchfiles.watch(
            *paths,
            watch_filter=lambda change, path: keep(path) and not _touched_folder(change, path),
            debounce=GATHER_MS,
            step=QUIET_MS,
            stop_event=self,  # is_set: looked at once a step, from the watch's first on
            rust_timeout=0,
            raise_interrupt=False,
            force_polling=polling,
            poll_delay_ms=poll_ms,
            recursive=recursive,
            # False: with True watchfiles passes over every error of a path (too many
            # watches too), and edits there would be missed without a word.
            ignore_permission_denied=False,
        )

        def run() -> None:
            try:
                for found in changes:
                    out.put((self, {path for _, path in found}))
            except Exception as exc:  # OSError, or watchfiles' RuntimeError
                self._error = exc
                out.put((self, exc))
            finally:
                self._started.set()

        threading.Thread(target=run, name="claimtrack-watch", daemon=True).start()

    def is_set(self) -> bool:
        """watchfiles asks once a step whether to stop, from when its watch is in place."""
        self._started.set()
        return self._stop.is_set()

    def started(self) -> _Watch:
        """This watch, once in place; what making it raised, if it failed."""
        self._started.wait()
        if self._error is not None:
            raise self._error
        return self

    def close(self) -> None:
        """Ends the watch within QUIET_MS (its thread ends by itself)."""
        self._stop.set()


class FileWatch:
    """Reports the paths (relative to ``root``) of edited files, batch by batch."""

    def __init__(self, root: Path, *, polling: bool = False, poll_ms: int = 200) -> None:
        self.root = Path(root).resolve()
        self.polling = polling
        self._poll_ms = poll_ms
        self._base = str(self.root)
        self._queue: queue.SimpleQueue[tuple[_Watch, set[str] | Exception]] = queue.SimpleQueue()
        self._recent = RecentFiles(self.root) if polling else None
        self._top: _Watch | None = None
        self._tree: _Watch | None = None
        self._folders = self._existing()
        if self._recent is not None:
            # Before polling takes its first look: a save after this one is seen by one
            # of the two (a save between them, by both).
            self._recent.look_at_start(self._folders)
        # Both watches start at once; each is in place before this returns.
        self._top = self._watch([self._base], self._keep_top, recursive=False)
        self._tree = self._watch(self._paths(), self._keep_tree, recursive=True)
        try:
            assert self._top is not None
            try:
                self._started(self._top)
            except FileNotFoundError as exc:
                raise EventsUnavailable(f"no folder {self.root}") from exc
            tree = self._tree
            try:
                if tree is not None:
                    self._started(tree)
            except FileNotFoundError:  # a folder went meanwhile: look again
                assert tree is not None
                tree.close()
                self._folders = self._existing()
                self._tree = self._start_tree()
        except BaseException:
            self.close()
            raise

    def _watch(
        self, paths: list[str], keep: Callable[[str], bool], *, recursive: bool
    ) -> _Watch | None:
        """A watch of ``paths`` being made (none: no watch)."""
        if not paths:
            return None
        return _Watch(
            paths,
            self._queue,
            keep,
            recursive=recursive,
            polling=self.polling,
            poll_ms=self._poll_ms,
        )

    @staticmethod
    def _started(watch: _Watch) -> _Watch:
        """The watch once in place; FileNotFoundError when one of its paths is gone."""
        try:
            return watch.started()
        except FileNotFoundError:
            raise
        except (OSError, RuntimeError) as exc:
            raise EventsUnavailable(str(exc)) from None

    def _paths(self) -> list[str]:
        return [os.path.join(self._base, name) for name in sorted(self._folders)]

    def _start_tree(self) -> _Watch | None:
        """The watch of the folders that exist (none: no watch).  A folder gone between the
        look and the watch: look again."""
        while self._folders:
            watch = self._watch(self._paths(), self._keep_tree, recursive=True)
            assert watch is not None
            try:
                return self._started(watch)
            except FileNotFoundError:
                self._folders = self._existing()
        return None

    def _existing(self) -> dict[str, int]:
        """The folders the site is made from that exist, with the inode of each: a folder
        deleted and made again is another folder, to be watched anew."""
        found = {}
        for name in TOP:
            try:
                st = os.stat(os.path.join(self._base, name))
            except OSError:
                continue
            if os.path.isdir(os.path.join(self._base, name)):
                found[name] = st.st_ino
        return found

    def _relative(self, path: str) -> str:
        return os.path.relpath(path, self._base).replace(os.sep, "/")

    def _keep_top(self, path: str) -> bool:
        rel = self._relative(path)
        return rel in TOP or watched(rel)

    def _keep_tree(self, path: str) -> bool:
        return watched(self._relative(path))

    def next_batch(self, stop: threading.Event, wait: float | None = None) -> list[str] | None:
        """The next edited paths, sorted; ``[]`` once ``wait`` seconds passed without one;
        None once ``stop`` is set.  EventsUnavailable when a watch fails."""
        now = time.monotonic()
        until = None if wait is None else now + wait
        look = now + self._poll_ms / 1000  # at the recent files, when polling
        while not stop.is_set():
            try:
                source, found = self._queue.get(timeout=TICK)
            except queue.Empty:
                now = time.monotonic()
                if self._recent is not None and now >= look:
                    look = now + self._poll_ms / 1000
                    paths = self._recent.changed()
                    if paths:
                        return paths
                if until is not None and now >= until:
                    return []
                continue
            changed = self._take(source, found)
            while True:  # what else is waiting joins this batch
                try:
                    source, found = self._queue.get_nowait()
                except queue.Empty:
                    break
                changed |= self._take(source, found)
            if changed:
                if self._recent is not None:
                    self._recent.note(changed)
                return sorted(changed)
        return None

    def _take(self, source: _Watch, found: set[str] | Exception) -> set[str]:
        """The paths of one batch; a batch at the root also looks for folders that came
        or went, and watches the folders again if any did."""
        if isinstance(found, Exception):
            if source not in (self._top, self._tree):
                return set()  # a watch closed since: what it says no longer matters
            if isinstance(found, FileNotFoundError) and source is self._tree:
                return self._folders_again()  # a watched folder went
            raise EventsUnavailable(str(found))
        paths = {self._relative(path) for path in found}
        if source is self._top:
            paths = {rel for rel in paths if rel not in TOP} | self._folders_again()
        return paths

    def _folders_again(self) -> set[str]:
        now = self._existing()
        if now == self._folders:
            return set()
        names = now.keys() | self._folders.keys()
        gone_or_new = {name for name in names if now.get(name) != self._folders.get(name)}
        if self._tree is not None:
            self._tree.close()
        self._folders = now
        if self._recent is not None:
            # As at the start: the new watch's polling takes the mtime's second of the files
            # already in a folder that came, so a second save there within it is seen here.
            self._recent.look_at_start(sorted(gone_or_new & now.keys()))
        self._tree = self._start_tree()
        return gone_or_new

    def close(self) -> None:
        for watch in (self._top, self._tree):
            if watch is not None:
                watch.close()
        self._top = self._tree = None
