"""`claimtrack serve` as an object: build, serve, watch, rebuild, stop.

One thread serves HTTP (a thread per request), one watches the files and
runs the builds; the caller's thread waits for Ctrl-C or for stop().  A
build that fails keeps the last good site in place (SiteBuilder writes
nothing on errors) and shows its problems on every page until a later build
succeeds.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import socket
import sys
import threading
import time
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, TextIO

from ..errors import ClaimtrackError, DataError, Stopped, UsageError
from ..layout import classify
from ..load import Cache
from ..problems import format_text
from ..process.children import Children
from ..site import SiteBuilder
from ..site.build_warnings import BUILD_CODES
from .follow import EditFeed
from .hosts import HostCheck
from .http import LiveHandler, handler_for
from .review import Review
from .searchindex import SearchRefresher
from .signals import StopSignals
from .state import LiveState, View

# Seconds a stop waits for the threads to end; a build still running then is left to
# end with the process (a full build puts its folder in place in one rename, or not at
# all; an update's files are each old or new, and the next start builds afresh).
STOP_SECONDS = 0.5


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a long-poll never holds up the exit
    # socketserver's default of 5 pending connections dropped most of a burst of requests
    # (a page and its assets, several tabs reloading at once); the kernel caps this value.
    request_queue_size = socket.SOMAXCONN

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line instead of socketserver's traceback; a browser that left is no error."""
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return  # e.g. a page reloaded while its long-poll was waiting
        print(
            f"claimtrack serve: internal error answering a request "
            f"({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
            flush=True,
        )


def _server_class(host: str) -> type[_Server]:
    if ":" in host:
        return type("_Server6", (_Server,), {"address_family": socket.AF_INET6})
    return _Server


class LiveServer:
    """Serves the site of ``root`` (built into ``out``) on ``host:port`` and rebuilds on edits."""

    def __init__(
        self,
        root: Path,
        out: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 8000,
        today: dt.date | None = None,
        interval: float = 0.2,
        events: bool = True,
        cache: Cache | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
        clock: Callable[[], float] = time.perf_counter,
        search: bool = True,
        search_delay: float | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        self.out = Path(out).resolve()
        self.host = host
        self.port = port
        self.interval = interval  # seconds between two looks when polling
        self.events = events  # False: poll even where file-system events are available
        self.live = LiveState()
        self.children = Children()  # Pagefind's runs, ended by stop()
        self.builder = SiteBuilder(
            self.root, self.out, today, cache, search=search, children=self.children
        )
        self.builder.pages_written = self.live.pages_ready
        index = self.builder.index
        self.live.search = lambda: "off" if not search else "stale" if index.stale else "current"
        # Held by each build: stop() saves the cache only when no build runs, and the
        # review page makes its worklist from the last check only then (live/review.py).
        self._lock = threading.Lock()
        self.builder.checked = lambda a, problems, today: self.live.checked(
            Review(a, problems, today, self._lock)
        )
        self._search_delay = search_delay
        self.search: SearchRefresher | None = None
        self.last_seconds = 0.0  # how long the last build took
        self._built = False  # a build succeeded (its build warnings were said)
        self._stdout = stdout or sys.stdout
        self._stderr = stderr or sys.stderr
        self._clock = clock
        self._stop = threading.Event()
        self._signals: StopSignals | None = None  # while serve_forever() runs
        self._httpd: _Server | None = None
        self._threads: list[threading.Thread] = []
        self._watcher: EditFeed | None = None

    @property
    def url(self) -> str:
        assert self._httpd is not None, "start() first"
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self._httpd.server_address[1]}/"

    def _say(self, text: str, err: bool = False) -> None:
        stream = self._stderr if err else self._stdout
        print(text, file=stream, flush=True)

    def start(self) -> None:
        """Bind, build once, then serve and watch in background threads."""
        try:
            # The real handler needs the bound address (--port 0 picks any): set it below.
            self._httpd = _server_class(self.host)((self.host, self.port), LiveHandler)
        except OSError as exc:
            raise ClaimtrackError(
                f"cannot listen on {self.host}:{self.port}: {exc.strerror or exc}"
            ) from None
        bound, port = self._httpd.server_address[:2]
        hosts = HostCheck.for_server(self.host, str(bound), int(port))
        self._httpd.RequestHandlerClass = handler_for(self.live, self.out, hosts)
        # Watching starts before the first build, so that an edit saved during it is seen.
        self._watcher = EditFeed(
            self.root,
            lambda text: self._say(text, err=True),
            interval=self.interval,
            events=self.events,
            name="claimtrack serve",
        )
        try:
            self.rebuild([], initial=True)
        except UsageError:
            self._httpd.server_close()  # e.g. --out names a folder claimtrack did not build
            raise
        httpd = self._httpd
        targets: list[tuple[Callable[[], None], str]] = [
            (lambda: httpd.serve_forever(poll_interval=0.1), "http"),
            (self._watch, "watch"),
        ]
        for target, name in targets:
            thread = threading.Thread(target=target, name=f"claimtrack-serve-{name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def rebuild(self, changed: list[str], *, initial: bool = False) -> View:
        """Build now; on errors keep the last good site and report the problems.

        A usage error (such as an --out folder that must not be replaced) is
        raised when it stops the first build: no edit of the data can fix it.
        """
        started = self._clock()
        self.live.begin_build()
        try:
            # [] after the first build: nothing is known, so every file is looked at.
            with self._lock:
                if self._stop.is_set():
                    raise Stopped("the server is stopping")
                with self._interruptible():
                    result = self.builder.build(changed if changed else None)
            if self.builder.index.stale and not self._stop.is_set():
                self._refresher().poke()
        except Stopped:
            view = self.live.view()  # a stop ended it: there is nothing to tell
        except DataError as exc:
            problems = [p for p in exc.problems if p.is_error] or list(exc.problems)
            view = self.live.end_build(changed=False, problems=problems, message=str(exc))
            self._say(format_text(problems), err=True)
            self._say(
                "claimtrack serve: the data has errors; still serving the last good build. "
                "Fix the files and it rebuilds by itself.",
                err=True,
            )
        except ClaimtrackError as exc:
            view = self.live.end_build(changed=False, message=str(exc))
            if initial and isinstance(exc, UsageError):
                raise
            self._say(f"claimtrack serve: {exc}", err=True)
        except Exception as exc:  # a bug in a build must not stop the server
            message = f"internal error during the build ({type(exc).__name__}: {exc})"
            view = self.live.end_build(changed=False, message=message)
            self._say(f"claimtrack serve: {message}; please report it", err=True)
        else:
            view = self.live.end_build(changed=result.written > 0)
            named = said(self.root, changed)
            what = ", ".join(named[:3]) + (" ..." if len(named) > 3 else "")
            kind = f"rebuilt after {what} changed:" if named else "rebuilt:" if changed else "built"
            self._say(
                f"{kind} {result.rendered} of {result.pages} pages rendered, "
                f"{result.written} files written, in {self._clock() - started:.2f} s"
            )
            # What the published site will lack (no base_url), at the first good build only:
            # the check's warnings are the review page's; these concern publishing.
            own = [p for p in result.warnings if p.code in BUILD_CODES]
            if not self._built and own:
                self._say(format_text(own), err=True)
            self._built = True
        finally:
            self.last_seconds = self._clock() - started
        return view

    def _interruptible(self) -> contextlib.AbstractContextManager[None]:
        """A build in the main thread (the first) stops at once on Ctrl-C (live/signals.py)."""
        if self._signals is None:
            return contextlib.nullcontext()
        return self._signals.interruptible()

    def _refresher(self) -> SearchRefresher:
        if self.search is None:
            delay = {} if self._search_delay is None else {"delay": self._search_delay}
            self.search = SearchRefresher(self.builder.index, self._say, **delay)
        return self.search

    def _watch(self) -> None:
        assert self._watcher is not None
        self._watcher.follow(self._stop, self.rebuild)

    def stop(self) -> None:
        """Stop watching and serving, end the Pagefind runs, wake every waiting page request.

        Returns within about STOP_SECONDS, whatever runs.  Idempotent.
        """
        deadline = time.monotonic() + STOP_SECONDS

        def left() -> float:
            return max(0.0, deadline - time.monotonic())

        self._stop.set()
        self.children.end()  # first: a build or the search index may be waiting for one
        if self._signals is not None:
            self._signals.wake()  # serve_forever, when stop() is called from another thread
        self.live.close()
        if self._httpd is not None:
            if self._threads:
                self._httpd.shutdown()
            self._httpd.server_close()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(left())
        self._threads.clear()
        if self.search is not None:
            self.search.stop(left())
        if self._watcher is not None:
            self._watcher.close()
        # The cache only when no build is using it (a build ends with the process).
        if self._lock.acquire(timeout=left()):
            try:
                self.builder.cache.save()
            finally:
                self._lock.release()

    def serve_forever(self) -> None:
        """start(), then wait until Ctrl-C, SIGTERM or stop() from another thread; stop cleanly."""
        with StopSignals() as signals:
            self._signals = signals
            try:
                self.start()
                self._say(
                    f"Serving {self.url} (site built in {self.out}); watching claims/, "
                    "sources/, tracker.yaml, templates/ and static/. Press Ctrl-C to stop."
                )
                while signals.received is None and not self._stop.is_set():
                    signals.wait()
            except KeyboardInterrupt:
                pass  # a stop signal during the first build (signals.interruptible)
            finally:
                if signals.received is not None:
                    self._say("\nStopping.")
                self.stop()
                self._signals = None


def said(root: Path, changed: list[str]) -> list[str]:
    """The changed paths a rebuild's line names: those there now, and records gone.  An
    editor's temporary file (`sed -i` writes ``claims/sedXXXXXX`` and renames it over the
    claim) is neither by the time the build ends: naming it would name a file that never
    was the user's."""
    return [rel for rel in changed if classify(rel) is not None or (root / rel).exists()]
