"""Edits followed as they are saved: from file-system events where there are, by polling else.

One loop for every long-running command that must notice edits on disk: ``serve``
rebuilds on them, ``lsp`` checks the open records again.

While a claimtrack command writes records it holds the journal (layout.JOURNAL) at the
tracker's root, naming its pid, from before its first write to after its last.  Its
records are half old, half new meanwhile: nothing is handed on while a journal names a
process that runs, and everything that changed is, at once, when the journal goes (its
removal is an event).  A journal whose process is gone is a killed command's: the
changes are handed on (the next claimtrack command finishes or undoes its work, and
that is an edit like any other).  A journal that names no pid (being written, or not
claimtrack's) holds nothing either.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from ..edit.transaction import journal_writer
from ..layout import JOURNAL
from .events import EventsUnavailable, FileWatch

# Seconds between two looks at the process that holds a journal: one killed is noticed
# within this (a process's end is no file-system event).
JOURNAL_LOOK = 0.1


class EditFeed:
    """Tells ``handle`` the paths (relative to ``root``) that changed, batch by batch.

    Watching starts when the feed is made, so that an edit saved while the caller does
    its first work is seen.  ``say`` gets a line when events are not available, or stop,
    and watchfiles' polling (every ``interval`` seconds) takes over.

    ``held`` (the paths waiting for a journal to go) and ``writer`` (the pid holding it)
    change under ``state``, which is notified each time: what a caller (or a test) waits on.
    """

    def __init__(
        self,
        root: Path,
        say: Callable[[str], None],
        *,
        interval: float = 0.2,
        events: bool = True,
        name: str = "claimtrack",
    ) -> None:
        self.root = Path(root).resolve()
        self.interval = interval
        self._say = say
        self._name = name
        self.state = threading.Condition()
        self.held: frozenset[str] = frozenset()
        self.writer: int | None = None
        self._watch: FileWatch | None = self._start(events)

    def _start(self, events: bool) -> FileWatch | None:
        if events:
            try:
                return FileWatch(self.root)
            except EventsUnavailable as exc:
                self._say(
                    f"{self._name}: no file-system events here ({exc}); "
                    f"looking for edits every {self.interval} s instead"
                )
        return self._polling()

    def _polling(self) -> FileWatch | None:
        try:
            return FileWatch(self.root, polling=True, poll_ms=round(self.interval * 1000))
        except (EventsUnavailable, OSError) as exc:
            self._say(f"{self._name}: cannot look for edits ({exc}); trying again")
            return None

    def _journal_writer(self) -> int | None:
        """The pid of a running command that holds the journal; None when there is none."""
        return journal_writer(self.root)

    def _show(self, held: set[str], writer: int | None) -> None:
        with self.state:
            self.held, self.writer = frozenset(held), writer
            self.state.notify_all()

    def follow(self, stop: threading.Event, handle: Callable[[list[str]], object]) -> None:
        """Until ``stop`` is set: ``handle`` each batch of changed paths; ``[]`` when what
        changed is not known (the watch stopped and another took over): the caller looks
        at everything.  Held while a running command holds the journal."""
        pending: set[str] = set()
        everything = False
        while True:
            writer = self._journal_writer() if pending or everything else None
            if writer is None and (pending or everything):
                # The journal itself is no data: it only tells when the records are whole.
                unknown, batch = everything, sorted(pending - {JOURNAL})
                pending, everything = set(), False
                self._show(pending, None)
                if unknown:
                    handle([])
                elif batch:
                    handle(batch)
            else:
                self._show(pending, writer)
            found = self._next(stop, JOURNAL_LOOK if writer is not None else None)
            if found is None:
                return
            unknown, paths = found
            everything = everything or unknown
            pending.update(paths)

    def _next(self, stop: threading.Event, wait: float | None) -> tuple[bool, list[str]] | None:
        """(whether what changed is unknown, the paths that changed); after ``wait``
        seconds without a change, none; None once ``stop`` is set."""
        while self._watch is None:  # none could be made: try again now and then
            if stop.wait(self.interval):
                return None
            self._watch = self._polling()
            if self._watch is not None:
                return True, []
        try:
            paths = self._watch.next_batch(stop, wait)
        except EventsUnavailable as exc:
            what = "watching" if self._watch.polling else "file-system events"
            self._say(f"{self._name}: {what} stopped ({exc}); polling")
            self._watch.close()
            self._watch = self._polling()
            return True, []
        return None if paths is None else (False, paths)

    def close(self) -> None:
        if self._watch is not None:
            self._watch.close()
