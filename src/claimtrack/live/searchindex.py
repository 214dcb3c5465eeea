"""Keeping the search index of a served site up to date, without slowing down edits.

A full build indexes the site before swapping it in.  An edit's in-place update
does not: indexing reads every claim page (seconds at 10,000 claims), far too
slow for every save.  Instead the index is made again once the edits pause for
``DELAY`` seconds, beside the site and without holding up builds; it is put in
place only if no build ran meanwhile (otherwise the next pause makes it again).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..errors import ClaimtrackError
from ..site import SiteBuilder
from ..site.publish.search import discard_index, make_index, put_index

# Seconds without a build before the index is made again.
DELAY = 1.0


class SearchRefresher:
    def __init__(
        self,
        builder: SiteBuilder,
        lock: threading.Lock,
        generation: Callable[[], int],
        say: Callable[[str], None],
        delay: float = DELAY,
    ) -> None:
        self.builder = builder
        self.lock = lock  # held by every build
        self.generation = generation  # builds finished so far
        self.say = say
        self.delay = delay
        self.refreshed = 0  # indexes put in place, for tests
        self._due = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._loop, name="claimtrack-serve-search", daemon=True
        )
        self._thread.start()

    def poke(self) -> None:
        """An in-place update left the index stale: make it again after the next pause."""
        self._due.set()

    def stop(self) -> None:
        self._stop.set()
        self._due.set()
        self._thread.join(timeout=30)

    def _loop(self) -> None:
        while self._due.wait() and not self._stop.is_set():
            self._due.clear()
            # Wait for a pause: every poke during the wait starts it again.
            while self._stop.wait(self.delay) is False and self._due.is_set():
                self._due.clear()
            if self._stop.is_set():
                return
            self._refresh()

    def _refresh(self) -> None:
        with self.lock:
            before = self.generation()
            language = self.builder.search_language
        try:
            made = make_index(self.builder.out, language)
        except ClaimtrackError as exc:
            self.say(f"claimtrack serve: {exc}; search shows the last index")
            return
        with self.lock:
            if self.generation() != before:
                discard_index(made)  # a build ran meanwhile: its pause makes the index
                if self.builder.search_stale:
                    self._due.set()
                return
            put_index(made, self.builder.out)
            self.builder.search_stale = False
            self.refreshed += 1
