"""Child processes that end with claimtrack: Pagefind's runs and batch.split's forked worker.

A child is ended in two ways:

- With its parent, however the parent ends (ends_with_parent.py): a build killed with SIGKILL
  leaves no Pagefind running and no forked worker.
- By its owner, at once (``Children.end``): serve's stop kills the Pagefind runs it
  started, so that no thread of the server is left waiting for one.  Each run is a
  process group of its own (the wrapper and, where it supervises, the command), killed
  as one.
- By its owner, when their work is no longer wanted (``Children.cancel``): a build that
  begins under serve ends the search refresh under way, whose index it makes out of date,
  so that Pagefind does not take the cores the edit's build needs.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import threading
from contextlib import suppress
from pathlib import Path

from ..errors import Stopped
from . import ends_with_parent
from .ends_with_parent import die_with_parent, end_with_parent

WRAPPER = Path(ends_with_parent.__file__)


def ended_with_us(command: list[str], *, supervise: bool = False) -> list[str]:
    """``command`` run through the wrapper, so that it ends when this process does.

    ``supervise``: the wrapper stays between the two, as where the kernel cannot help.
    """
    flags = ["--supervise"] if supervise else []
    # -I -S: the wrapper needs nothing but the standard library, and starts sooner without.
    return [sys.executable, "-I", "-S", str(WRAPPER), *flags, str(os.getpid()), *command]


def tie_to_parent(parent: int) -> None:
    """In a child forked by ``parent``: end when it does."""
    if not die_with_parent():
        end_with_parent(parent)
    elif os.getppid() != parent:
        os._exit(1)  # the parent died before the kernel was asked


def _runnable(program: str) -> None:
    """The OSError that running ``program`` would raise, before the wrapper starts at all."""
    os.stat(program)  # FileNotFoundError
    if not os.access(program, os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), program)


def _kill(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        with suppress(ProcessLookupError, PermissionError):  # it has ended meanwhile
            os.killpg(proc.pid, signal.SIGKILL)


class Children:
    """The child processes that one owner (a site builder, a server) runs; ``end`` ends them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[subprocess.Popen[str], int | None] = {}  # each with its ``since``
        self._ended = False
        self._cancels = 0  # cancel() calls so far: the runs given an older ``since`` end

    @property
    def cancels(self) -> int:
        """What a run's ``since`` is taken from: the cancel() calls so far."""
        with self._lock:
            return self._cancels

    def cancelled(self, since: int | None) -> bool:
        """Whether work begun at ``since`` (``cancels`` then) is to stop: a cancel() came
        since, or ``end``.  None: only ``end`` stops it."""
        with self._lock:
            return self._ended or (since is not None and since != self._cancels)

    def run(
        self, command: list[str], *, cwd: Path, env: dict[str, str], since: int | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run ``command`` (its program by path) to its end, its output captured as text.

        OSError when it cannot be run; Stopped when ``end`` ended it, or came before.
        ``since``: ``cancels`` when the caller's work began; a cancel() since then ends the
        run, or refuses it (Stopped).  None: cancel() does not end it.
        """
        _runnable(command[0])
        with self._lock:
            if self._ended:
                raise Stopped(f"{Path(command[0]).name} was not started: stopping")
            if since is not None and since != self._cancels:
                raise Stopped(f"{Path(command[0]).name} was not started: cancelled")
            proc = subprocess.Popen(
                ended_with_us(command),
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                process_group=0,
            )
            self._running[proc] = since
        try:
            out, err = proc.communicate()
        except BaseException:  # Ctrl-C in this thread: end the child rather than wait for it
            _kill(proc)
            proc.wait()
            raise
        finally:
            with self._lock:
                del self._running[proc]
                cancelled = since is not None and since != self._cancels
        if (self._ended or cancelled) and proc.returncode != 0:
            raise Stopped(f"{Path(command[0]).name} was ended: stopping")
        return subprocess.CompletedProcess(command, proc.returncode, out, err)

    def cancel(self) -> None:
        """End the runs given a ``since`` (Stopped), and refuse those that give an older one."""
        with self._lock:
            self._cancels += 1
            ending = [proc for proc, since in self._running.items() if since is not None]
        for proc in ending:
            _kill(proc)

    def end(self) -> None:
        """Kill the running children now; a run asked for later is refused (Stopped)."""
        with self._lock:
            self._ended = True
            running = list(self._running)
        for proc in running:
            _kill(proc)
