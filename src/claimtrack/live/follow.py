"""Edits followed as they are saved: from file-system events where there are, by polling else.

One loop for every long-running command that must notice edits on disk: ``serve``
rebuilds on them, ``lsp`` checks the open records again.

"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from .events import EventsUnavailable, FileWatch


class EditFeed:
    """Tells ``handle`` the paths (relative to ``root``) that changed, batch by batch.

    Watching starts when the feed is made, so that an edit saved while the caller does
    its first work is seen.  ``say`` gets a line when events are not available, or stop,
    and watchfiles' polling (every ``interval`` seconds) takes over.
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

    def follow(self, stop: threading.Event, handle: Callable[[list[str]], object]) -> None:
        """Until ``stop`` is set: ``handle`` each batch of changed paths; ``[]`` when what
        changed is not known (the watch stopped and another took over): the caller looks
        at everything."""
        while (found := self._next(stop, None)) is not None:
            unknown, paths = found
            if unknown or paths:
                handle([] if unknown else paths)

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
