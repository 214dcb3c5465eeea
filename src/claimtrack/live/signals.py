"""Ctrl-C and SIGTERM under serve: each asks for a stop, and is never raised into
threading's own code.

Python's Ctrl-C, like a SIGTERM handler that raises, raises KeyboardInterrupt in the
main thread wherever that thread is.  Raised inside threading's Python code (the
Event.wait that serve's main thread waited in, a Condition, Thread.start), it can leave
a lock held, and the stop then waits for that lock for ever (a stop that timed out in
CI, on a loaded machine: there the main thread was more often caught running that code),
or release a lock twice.  So the handlers here only note the signal; the main thread
waits in select() on a socket that the signal (signal.set_wakeup_fd) and ``wake`` write
to.  Only while the main thread builds (``interruptible``), in code that waits on no
lock of threading's, does a signal raise KeyboardInterrupt: a first build of a large
tracker then stops at once.
"""

from __future__ import annotations

import contextlib
import select
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from types import FrameType, TracebackType
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
# What signal.signal() gives back, to be put back.
Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class StopSignals:
    """Within ``with``, SIGINT and SIGTERM note a stop and wake ``wait`` (main thread only;
    in another thread only ``wake`` does)."""

    def __init__(self) -> None:
        self.received: int | None = None  # the first stop signal
        self._raise = False
        self._reader, self._writer = socket.socketpair()
        for end in (self._reader, self._writer):
            end.setblocking(False)
        self._old: dict[int, Handler] = {}
        self._old_fd: int | None = None

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            self._old_fd = signal.set_wakeup_fd(self._writer.fileno(), warn_on_full_buffer=False)
            for signum in STOP_SIGNALS:
                self._old[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for signum, old in self._old.items():
            signal.signal(signum, old)
        if self._old_fd is not None:
            signal.set_wakeup_fd(self._old_fd)
        self._reader.close()
        self._writer.close()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.received is None:
            self.received = signum
        self.wake()  # for a call from Python: a signal has written to the socket already
        if self._raise:
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        """In the main thread, a stop signal raises KeyboardInterrupt within the block."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        self._raise = True
        try:
            if self.received is not None:
                raise KeyboardInterrupt  # it came just before
            yield
        finally:
            self._raise = False

    def wake(self) -> None:
        """Make ``wait`` return (from any thread)."""
        with contextlib.suppress(BlockingIOError, OSError):  # full already, or closed
            self._writer.send(b"\0")

    def wait(self) -> None:
        """Until a stop signal comes or ``wake`` is called, if neither has happened yet."""
        select.select([self._reader], [], [])
        with contextlib.suppress(BlockingIOError):
            while self._reader.recv(512):
                pass
