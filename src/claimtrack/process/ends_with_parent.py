"""Run a command that ends when the process that started it does.

    python -I -S ends_with_parent.py [--supervise] PARENT_PID COMMAND [ARG ...]

A child outlives a parent that is killed (SIGKILL, or SIGTERM where the parent has no
handler): init adopts it and it runs on, holding its files.  On Linux this process asks
the kernel to kill it when its parent dies (PR_SET_PDEATHSIG, which exec keeps) and then
becomes the command.  Elsewhere, or with ``--supervise``, it stays between the two,
runs the command and kills it once the parent is gone.

This is a wrapper rather than a ``preexec_fn``: Python code run between fork and exec
can deadlock in a process with threads (serve).  It imports only the standard library,
as it runs by its path before the command, and must start fast.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

_PR_SET_PDEATHSIG = 1
# Seconds between two looks at whether the parent is still there, where the kernel
# cannot say so.
LOOK_SECONDS = 0.1


def die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # no C library to load, or one without prctl
        return False
    return bool(prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)


def end_with_parent(parent: int, before: Callable[[], object] = lambda: None) -> None:
    """End this process (after ``before()``) once ``parent`` is gone, as a thread watches.

    For where the kernel cannot be asked to: the thread looks every LOOK_SECONDS whether
    ``parent`` is still this process's parent (when it dies, init adopts its children).
    """
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(LOOK_SECONDS)
        before()
        os._exit(1)

    threading.Thread(target=watch, name="claimtrack-ends-with-parent", daemon=True).start()


def _cannot_run(program: str, exc: OSError) -> int:
    print(f"cannot run {program}: {exc.strerror or exc}", file=sys.stderr)
    return 127


def _supervise(parent: int, command: list[str]) -> int:
    import subprocess

    try:
        child = subprocess.Popen(command)
    except OSError as exc:
        return _cannot_run(command[0], exc)
    end_with_parent(parent, child.kill)
    code = child.wait()
    if code < 0:  # end as the command did, so that the parent reads the same status
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


def main(argv: list[str]) -> int:
    supervise = argv[:1] == ["--supervise"]
    parent, command = int(argv[supervise]), argv[supervise + 1 :]
    if not supervise and die_with_parent():
        if os.getppid() != parent:
            return 1  # the parent died before the kernel was asked
        try:
            os.execv(command[0], command)
        except OSError as exc:
            return _cannot_run(command[0], exc)
    return _supervise(parent, command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
