"""Keeping the search index of a served site up to date, without slowing down edits.

A full build indexes the site before swapping it in.  An edit's in-place update
does not: indexing reads a shard's claim pages (seconds at 10,000 claims), far too
slow for every save.  Instead the index is made again once the edits pause for
``DELAY`` seconds, beside the site and without holding up builds; it is put in
place only if no build ran meanwhile (otherwise the next pause makes it again).

Only when what is indexed changed: an edit leaves the index stale only if a claim page
it wrote differs in what Pagefind reads (SearchIndex.replacing), so a source's notes
or a related claim's link wakes no refresh; and a refresh makes again only the
search shards whose pages changed (site/publish/pagefind_run.py).  Each such shard is
made whole: Pagefind cannot take a page out of an index, so it cannot be updated
record by record.

A refresh steps aside for edits: a build that begins ends its Pagefind runs, stops its
linking of a shard's pages within a few dozen links (pagefind_run.LINKS_PER_LOOK), and
its folders are deleted only once that build has ended (SearchIndex._tidy), so that an
edit saved while the index is made does not share the interpreter with thousands of
unlinks.  Serve says when a refresh has put the index in place.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..errors import ClaimtrackError, Stopped
from ..site.publish.search import SearchIndex

# Seconds without a build before the index is made again.
DELAY = 1.0


class SearchRefresher:
    """Refreshes ``index`` once the builds that left it stale pause (``poke`` after each)."""

    def __init__(
        self,
        index: SearchIndex,
        say: Callable[[str], None],
        delay: float = DELAY,
    ) -> None:
        self.index = index
        self.say = say
        self.delay = delay
        self._due = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._loop, name="claimtrack-serve-search", daemon=True
        )
        self._thread.start()

    def poke(self) -> None:
        """An in-place update left the index stale: make it again after the next pause."""
        self._due.set()

    def stop(self, timeout: float) -> None:
        """Stop refreshing; wait at most ``timeout`` seconds for a refresh that runs (the
        owner of the index ends its Pagefind run first)."""
        self._stop.set()
        self._due.set()
        self._thread.join(timeout)

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
        started, runs = time.perf_counter(), self.index.runs
        try:
            done = self.index.refresh()
        except Stopped:
            # Serve is stopping, or a build began and ended Pagefind: the index is made
            # after the next pause (a build that fails pokes nothing).
            if self.index.stale:
                self._due.set()
            return
        except ClaimtrackError as exc:
            self.say(f"claimtrack serve: {exc}; search shows the last index")
            return
        if not done and self.index.stale:
            self._due.set()  # a build ran meanwhile: the next pause makes the index
        elif done and self.index.runs > runs:
            # Said, as each build is: an editor searching for their edit knows when it can
            # be found.
            made = self.index.runs - runs
            self.say(
                f"search index brought up to date: {made} shard{'s' if made > 1 else ''} "
                f"indexed again in {time.perf_counter() - started:.1f} s"
            )
