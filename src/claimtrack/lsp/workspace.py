"""The tracker as the editor has it: the open documents' texts over the files on disk.

One worker thread owns the Loader and the Checker, the same incremental pair that
``check`` and ``serve`` use, with the editor's unsaved texts loaded in place of their
files (``Loader.unsaved``).  Every edit, in the editor or on disk, only names the paths
it touched; the worker waits until the typing pauses, loads those paths again, runs the
checker (which redoes only the records the change reaches) and hands the new View on.
A check that a newer edit made useless is never handed on: the worker goes round again.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..check import Checker
from ..errors import ClaimtrackError
from ..layout import classify
from ..load import Cache, Loader
from .view import View

# Seconds the typing must pause before a check starts: short, as a check after one
# edit costs far less than the 300 ms the editor waits for its diagnostics.
QUIET = 0.05


def answers_for(rel: str) -> bool:
    """Whether the server answers for this path: records, archived copies, tracker.yaml."""
    return classify(rel) is not None


class Workspace:
    """Open documents and the latest View; ``on_view`` gets each View once it is current.

    ``on_view`` runs on the worker thread; ``on_error`` gets what stops a check (the
    tracker's folder gone, say) and the worker goes on waiting for the next edit.
    """

    def __init__(
        self,
        root: Path,
        cache: Callable[[], Cache],
        on_view: Callable[[View], None],
        on_error: Callable[[str], None],
        today: Callable[[], dt.date] = dt.date.today,
        quiet: float = QUIET,
    ) -> None:
        self.root = Path(root).resolve()
        # Opened on the worker, with the loader and checker: reading it takes a while at
        # 10,000 claims, and `initialize` must be answered at once.
        self._open_cache = cache
        self.cache = Cache.disabled()
        self._on_view = on_view
        self._on_error = on_error
        self._today = today
        self._quiet = quiet
        self._unsaved: dict[str, bytes] = {}
        self._loader = Loader(self.root)
        self._checker = Checker()
        self._cond = threading.Condition()
        self._pending: set[str] = set()
        self._everything = True  # the first check, or a change nobody could name
        self._generation = 0  # moves with every change
        self._last_change = 0.0
        self._stopped = False
        self.view: View | None = None
        self.checks = 0  # checks handed on (tests count them)
        self._thread = threading.Thread(target=self._run, name="claimtrack-lsp-check", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()

    # -- changes (any thread) -------------------------------------------------------
    def set_text(self, rel: str, text: str | None) -> None:
        """The editor's text of ``rel`` (None: closed, the file on disk counts again)."""
        with self._cond:
            if text is None:
                self._unsaved.pop(rel, None)
            else:
                # A lone surrogate (\ud800 in the JSON) has no UTF-8: written as its
                # three bytes all the same, it is the loader's not-utf8 problem at its
                # line and column, as `check` reports those bytes in a file.
                self._unsaved[rel] = text.encode("utf-8", "surrogatepass")
            self._changed({rel})

    def on_disk(self, rels: list[str]) -> None:
        """Files changed on disk (``[]``: what changed is not known)."""
        with self._cond:
            if not rels:
                self._everything = True
            self._changed(set(rels))

    def unsaved(self, rel: str) -> bytes | None:
        with self._cond:
            return self._unsaved.get(rel)

    def _changed(self, rels: set[str]) -> None:
        self._pending |= rels
        self._generation += 1
        self._last_change = time.monotonic()
        self._cond.notify_all()

    # -- the worker -------------------------------------------------------------------
    def _next(self) -> tuple[int, list[str] | None, dict[str, bytes]] | None:
        """Wait for a change and for the typing to pause; what to load, or None to stop."""
        with self._cond:
            while True:
                if self._stopped:
                    return None
                if self._pending or self._everything:
                    wait = self._last_change + self._quiet - time.monotonic()
                    if wait <= 0:
                        break
                    self._cond.wait(wait)  # a deadline, not a guess: edits move it
                else:
                    self._cond.wait()
            changed = None if self._everything else sorted(self._pending)
            self._pending, self._everything = set(), False
            return self._generation, changed, dict(self._unsaved)

    def _run(self) -> None:
        self.cache = self._open_cache()
        self._loader, self._checker = Loader(self.root, self.cache), Checker(self.cache)
        while (job := self._next()) is not None:
            generation, changed, unsaved = job
            try:
                view = self._check(changed, unsaved)
            except ClaimtrackError as exc:
                self._on_error(str(exc))
                continue
            except Exception as exc:  # the worker's edge, as cli.main is the command's
                # An internal bug must not end the worker: the editor would wait forever.
                self._on_error(f"internal error ({type(exc).__name__}: {exc}); please report it")
                self._loader, self._checker = Loader(self.root, self.cache), Checker(self.cache)
                self.view = None
                continue
            with self._cond:
                if generation != self._generation:
                    continue  # a newer edit came in: its check follows at once
                first, self.view = self.view is None, view
                self.checks += 1
            self._on_view(view)
            if first:
                # What the next start reads from the cache instead of the records, written
                # once the editor has its diagnostics.  Unsaved texts never enter it.
                self.cache.save()

    def _check(self, changed: list[str] | None, unsaved: dict[str, bytes]) -> View:
        self._loader.unsaved = unsaved
        tracker = self._loader.load(changed)
        today = self._today()
        analysis, problems = self._checker.run(tracker, today)
        return View.of(self.root, today, analysis, problems, unsaved)
