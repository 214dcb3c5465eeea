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
from itertools import compress, count
from typing import Generic, TypeVar, cast

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
        # each()'s last round as it was asked: the views, their values, the shared object.
        self._round: tuple[tuple[object, ...], list[V], object] | None = None
        # each()'s last round place by place: the places made again, and the values of the
        # round before (None: a round by name).
        self._remade: tuple[list[int], list[V]] | None = None

    @property
    def unchanged(self) -> bool:
        """Whether each()'s last round gave values equal, place by place, to the round's
        before (then whatever a caller made of those is still right); compared only when
        asked, and only at the places made again."""
        if self._remade is None or self._round is None:
            return False
        places, before = self._remade
        now = self._round[1]
        return all(now[i] == before[i] for i in places)

    def start(self) -> None:
        """Begin a round: what the last round asked for may be reused in it, nothing older."""
        self._last, self._now = self._now, {}

    def get(self, name: K, same: tuple[object, ...], equal: object = None) -> V | None:
        """The value made for ``name`` from the same objects, or None: make it and ``put`` it.
        Asked again in the same round (a claim's texts, for its summary and then its view),
        the value put in this round."""
        made = self._now.get(name)
        if made is not None and _identical(made[0], same) and made[1] == equal:
            return made[2]
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
        ``shared`` (the same for every view: the settings), else ``make(view)``.

        While the views are as many as last round's, they are compared place by place
        (an edit leaves all but a few the same objects in the same places): one pointer
        comparison each, no lookup by name.  A value depends only on its view and
        ``shared``, so a view in another's place is simply made again.  Otherwise (a
        record came or went) by name.  A Reuse used with each() is used only with it.
        """
        views = tuple(views)
        last = self._round
        self._remade = None
        if last is not None and last[2] is shared and len(last[0]) == len(views):
            # The places whose view is another object, found in C: an edit costs those.
            values = list(last[1])
            places = list(compress(count(), map(operator.is_not, last[0], views)))
            for i in places:
                values[i] = make(views[i])
            self._remade = (places, last[1])
        else:
            if last is not None:
                # The last round by name, from its views (only when records came or went).
                olds, made, was = last
                self._now = {
                    name(cast(T, v)): ((v, was), None, x) for v, x in zip(olds, made, strict=True)
                }
            self.start()
            values = []
            for view in views:
                key, same = name(view), (view, shared)
                value = self.get(key, same)
                if value is None:
                    value = self.put(key, same, make(view))
                values.append(value)
            self._last, self._now = {}, {}
        self._round = (views, values, shared)
        return values


def _identical(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(map(operator.is_, a, b))


def kept(old: T | None, new: T) -> T:
    """``old`` when it equals ``new`` (the same object as last time, for what is made from
    it), else ``new``."""
    return old if old is not None and old == new else new
