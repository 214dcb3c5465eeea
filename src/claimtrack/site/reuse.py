"""Keeping what a build made, to use it again while what it was made from is the same.

The site is made again after every edit; most of it from the very objects the
last build used.  ``Reuse`` remembers, for each name, the objects a value was
made from, and gives the value back while they are the same objects (``is``:
comparing them costs a pointer comparison, whatever their size).  ``kept``
keeps an old object in place of an equal new one, so that whatever is made
from it compares at once the next time.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class Reuse(Generic[K, V]):
    """For each name, the value made last round and what it was made from.

    A round (``start``) sees only the values of the round before it: those not
    asked for then are dropped, so that a removed record's value is not kept.
    ``same``: the objects it was made from, compared with ``is``; ``equal``: what
    else it shows, compared with ``==`` (a small value made afresh each round).
    Values are never None.
    """

    def __init__(self) -> None:
        self._last: dict[K, tuple[tuple[object, ...], object, V]] = {}
        self._now: dict[K, tuple[tuple[object, ...], object, V]] = {}

    def start(self) -> None:
        """Begin a round: what the last round asked for may be reused in it, nothing older."""
        self._last, self._now = self._now, {}

    def get(self, name: K, same: tuple[object, ...], equal: object = None) -> V | None:
        """The value made for ``name`` from the same objects, or None: make it and ``put`` it."""
        entry = self._last.pop(name, None)
        if entry is None or not _identical(entry[0], same) or entry[1] != equal:
            return None
        self._now[name] = entry
        return entry[2]

    def put(self, name: K, same: tuple[object, ...], value: V, equal: object = None) -> V:
        """Remember ``value`` as made for ``name`` from ``same`` (and ``equal``); returns it."""
        self._now[name] = (same, equal, value)
        return value

    def each(
        self,
        views: Iterable[T],
        name: Callable[[T], K],
        make: Callable[[T], V],
        shared: object,
    ) -> list[V]:
        """A whole round: for each view, the value made last round from the same view and
        ``shared`` (the same for every view: the settings), else ``make(view)``."""
        self.start()
        values = []
        for view in views:
            key, same = name(view), (view, shared)
            value = self.get(key, same)
            if value is None:
                value = self.put(key, same, make(view))
            values.append(value)
        return values


def _identical(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))


def kept(old: T | None, new: T) -> T:
    """``old`` when it equals ``new`` (the same object as last time, for what is made from
    it), else ``new``."""
    return old if old is not None and old == new else new
