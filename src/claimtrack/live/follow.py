"""Edits followed as they are saved: from file-system events where there are, by polling else.

One loop for every long-running command that must notice edits on disk: ``serve``
rebuilds on them, ``lsp`` checks the open records again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from .events import EventsUnavailable, EventWatcher
from .watch import Watcher


class EditFeed:
    """Tells ``handle`` the paths (relative to ``root``) that changed, batch by batch.

    Watching starts when the feed is made, so that an edit saved while the caller does
    its first work is seen.  ``say`` gets a line when events are not available, or stop,
    and polling (every ``interval`` seconds) takes over.
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
        self._watcher: EventWatcher | Watcher = self._start(events)

    def _start(self, events: bool) -> EventWatcher | Watcher:
        if events:
            try:
                return EventWatcher(self.root)
            except EventsUnavailable as exc:
                self._say(
                    f"{self._name}: no file-system events here ({exc}); "
                    f"looking for edits every {self.interval} s instead"
                )
        return Watcher(self.root)

    def follow(self, stop: threading.Event, handle: Callable[[list[str]], object]) -> None:
        """Until ``stop`` is set: ``handle`` each batch of changed paths; ``[]`` when what
        changed is not known (the events stopped): the caller looks at everything."""
        watcher = self._watcher
        if isinstance(watcher, EventWatcher):
            try:
                while (batch := watcher.next_batch(stop)) is not None:
                    handle(batch)
                return
            except EventsUnavailable as exc:
                self._say(f"{self._name}: file-system events stopped ({exc}); polling")
                watcher.close()
                watcher = self._watcher = Watcher(self.root)
                handle([])
        assert isinstance(watcher, Watcher)
        while not stop.wait(self.interval):
            changed = watcher.changed()
            if changed:
                handle(changed)

    def close(self) -> None:
        if isinstance(self._watcher, EventWatcher):
            self._watcher.close()
