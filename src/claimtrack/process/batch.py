"""How bulk work runs: on two cores when that pays off, with the cyclic collector paused.

One policy for every stage that works over thousands of files (parsing,
rendering, writing, deleting an old site):

- **Two processes.**  The work is split in two halves; a forked child does
  one half while this process does the other (or a second child, when this
  process must not grow by what the work keeps).  The child inherits everything
  already in memory (templates, view models), so only its results travel back,
  pickled through a pipe.  Forking is used only when it is available, the
  machine has a second core, no other thread is running (forking a threaded
  process can deadlock the child: ``serve`` therefore works on one core), and
  there are enough items for the fork to pay for itself.  A child ends with
  this process, even one killed with SIGKILL (children.tie_to_parent), and at
  once when the other half fails: this process's, or the child's read first
  (the other child's failure is read once the first has ended).
- **No cyclic garbage collection during bulk work.**  Loading and building
  allocate millions of acyclic objects; the collector would walk the growing
  heap again and again (a third of the load time at 10,000 claims), and once
  switched on again it would walk all of it once more (two seconds).  So the
  collector is off during the work, and what the work made is then moved out
  of its sight (gc.freeze): records and views hold no cycles, and reference
  counting frees them when they are dropped.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ..errors import ClaimtrackError
from .children import tie_to_parent

T = TypeVar("T")
R = TypeVar("R")

# Below this many items a fork costs more than it saves.
SPLIT_MIN_ITEMS = 400


class WorkerFailed(RuntimeError):
    """The second process died or raised; its message says how."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a block of bulk work (re-entrant)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def can_split(count: int) -> bool:
    return (
        count >= SPLIT_MIN_ITEMS
        and hasattr(os, "fork")
        and cores() > 1
        and threading.active_count() == 1
    )


def _child(work: Callable[[list[T]], object], items: list[T], fd: int) -> None:  # pragma: no cover
    code = 0
    payload: tuple[bool, object]
    try:
        payload = (True, work(items))
    except ClaimtrackError as exc:  # a user's mistake (a template error): the parent reports it
        payload = (False, exc)
        code = 1
    except BaseException as exc:  # everything must reach the parent, which decides
        payload = (False, f"{type(exc).__name__}: {exc}")
        code = 1
    try:
        with os.fdopen(fd, "wb") as pipe:
            try:
                data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                data = pickle.dumps((False, f"unpicklable result: {exc}"))
            pipe.write(data)
    finally:
        os._exit(code)  # never return into the parent's code, never run its atexit handlers


def split(
    items: Sequence[T],
    work: Callable[[list[T]], list[R]],
    what: str,
    *,
    here: bool = True,
    meanwhile: Callable[[], object] | None = None,
) -> list[R]:
    """``work(items)`` (one result per item, in order), half of it in a forked child.

    The child takes every other item, so that costly and cheap items (pages of
    different kinds) are shared evenly.  ``what`` names the work in an error.
    ``here`` False: a second child does the other half, not this process, which then
    does not grow by what the work makes (rendering a site: this process's memory is the
    build's, and what rendering keeps would stay in it until the build ends).
    ``meanwhile``: what this process does while the children work, once they are forked
    (after the work, when it is not split): what they need not inherit.
    """
    items = list(items)
    if not can_split(len(items)):
        done = work(items)
        if meanwhile is not None:
            meanwhile()
        return done
    mine, theirs = items[0::2], items[1::2]
    children = [_Forked(work, theirs, what)]
    try:
        if not here:
            children.append(_Forked(work, mine, what))
        if meanwhile is not None:
            meanwhile()
        first = work(mine) if here else children[1].result()
        second = children[0].result()
    except BaseException:
        # The other half is of no use now, and waiting for it would hold up a Ctrl-C.
        for child in children:
            child.cancel()
        raise
    assert isinstance(first, list) and isinstance(second, list)
    merged: list[R] = []
    for i in range(len(first)):
        merged.append(first[i])
        if i < len(second):
            merged.append(second[i])
    return merged


class _Forked:
    """``work(items)`` in a forked child, its result read back through a pipe."""

    def __init__(self, work: Callable[[list[T]], object], items: list[T], what: str) -> None:
        self._what = what
        read_fd, write_fd = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child, which coverage does not follow
            os.close(read_fd)
            tie_to_parent(parent)  # a build killed meanwhile leaves no worker running
            _child(work, items, write_fd)
        os.close(write_fd)
        self._pid: int | None = pid
        self._read_fd = read_fd

    def result(self) -> Any:
        """The child's result, once it ends; WorkerFailed (or the user's mistake it met,
        a ClaimtrackError) when it failed."""
        assert self._pid is not None
        # Always drain and reap the child, also when its work failed.
        try:
            with os.fdopen(self._read_fd, "rb") as pipe:
                raw = pipe.read()
        finally:
            _, status = os.waitpid(self._pid, 0)
            self._pid = None
        # The pickle comes from our own forked child, never from outside data.
        ok, found = pickle.loads(raw) if raw else (False, "no result")
        code = os.waitstatus_to_exitcode(status)
        if isinstance(found, ClaimtrackError):
            raise found
        if not ok or code != 0:
            raise WorkerFailed(
                f"{self._what} in a second process failed: {found or f'exit status {code}'}"
            )
        return found

    def cancel(self) -> None:
        """Kill and reap the child, unless its result was read already."""
        if self._pid is None:
            return
        os.kill(self._pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.close(self._read_fd)
        os.waitpid(self._pid, 0)
        self._pid = None
