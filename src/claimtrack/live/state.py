"""What the live server knows about the last build, shared by the builder and the requests."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..problems import Problem

if TYPE_CHECKING:
    from .review import Review


@dataclass(frozen=True, slots=True)
class View:
    """One consistent reading of the state."""

    version: int  # goes up whenever what a browser shows should change
    ok: bool  # the last build succeeded
    problems: list[Problem] = field(default_factory=list)
    message: str = ""  # why the last build failed, in one line
    review: Review | None = None  # the last check's worklist (None: no check ran yet)


class LiveState:
    """Build results and a version counter that pages wait on, behind one condition."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._version = 0
        self._building = False
        self._closed = False
        self._view = View(0, True)
        self._waiting = 0  # requests inside wait_change()
        self._early = False  # this build's pages are in place and the version moved for them
        self._review: Review | None = None
        # The search index's state, for /__claimtrack/status: "off", "current" or "stale"
        # (edits wait for a pause before it is made again: live/searchindex.py).
        self.search: Callable[[], str] = lambda: "off"

    def view(self) -> View:
        with self._cond:
            return self._view

    def checked(self, review: Review) -> None:
        """A build's check is done: its worklist goes with the views from now on."""
        with self._cond:
            self._review = review

    def begin_build(self) -> None:
        with self._cond:
            self._building = True
            self._early = False

    def pages_ready(self) -> None:
        """A build's new pages are in place (its data files come next): pages reload now,
        not once the whole build ended."""
        with self._cond:
            self._version += 1
            self._early = True
            self._view = View(self._version, True, review=self._review)
            self._cond.notify_all()

    def end_build(
        self, *, changed: bool, problems: list[Problem] | None = None, message: str = ""
    ) -> View:
        """Record a build's outcome; the version moves when pages should reload."""
        with self._cond:
            ok = not message
            old = self._view
            failure_changed = (ok, old.problems, old.message) != (ok, problems or [], message)
            early, self._early = self._early, False
            if ok and early:
                pass  # pages_ready moved it for this build's pages
            elif (ok and changed) or (not ok and failure_changed) or (ok and not old.ok):
                self._version += 1
            self._view = View(self._version, ok, list(problems or []), message, self._review)
            self._building = False
            self._cond.notify_all()
            return self._view

    @property
    def building(self) -> bool:
        """A build runs, or waits for the one that runs."""
        with self._cond:
            return self._building

    @property
    def waiting(self) -> int:
        """How many requests wait in wait_change() now."""
        with self._cond:
            return self._waiting

    def wait_idle(self, timeout: float) -> None:
        """Wait until no build is writing the site (at once when none is)."""
        with self._cond:
            self._cond.wait_for(lambda: not self._building or self._closed, timeout)

    def wait_change(self, since: int, timeout: float, limit: int) -> View | None:
        """Wait until the version differs from ``since`` (or the server stops, or time is up).

        None, at once, when the version is still ``since`` and ``limit`` requests
        are waiting already: the caller asks again later instead of holding a thread.
        """
        with self._cond:
            changed = self._version != since or self._closed
            if not changed and self._waiting >= limit:
                return None
            self._waiting += 1
            try:
                self._cond.wait_for(lambda: self._version != since or self._closed, timeout)
            finally:
                self._waiting -= 1
            return self._view

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
