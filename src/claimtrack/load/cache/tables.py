"""The tables the cache keeps results in: what loading a record file gave
(``StoredRecord``), results by key with what this run used of them (``Entries``), and a
later stage's part of the cache (``Part``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from ...problems import Problem

K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True, slots=True)
class StoredRecord:
    """What loading one record file gave, as the cache keeps it: the validated record as
    JSON (records/plain.py; None when the file gave no record), the problems of its parse
    and validation, and the ids it names (a claim's records.claim.Names, as JSON; a
    source's ``derived_from``): who names whom is known without rebuilding the record."""

    data: bytes | memoryview | None
    problems: tuple[Problem, ...]
    names: Any = None


class Entries(Generic[K, V]):
    """Results by key, and which of them this run used: a save keeps only those, so that
    results of content long gone do not pile up."""

    __slots__ = ("changed", "items", "used")

    def __init__(self, items: dict[K, V] | None = None) -> None:
        self.items: dict[K, V] = {} if items is None else items
        self.used: set[K] = set()
        self.changed = False  # something new since the last save

    def get(self, key: K) -> V | None:
        found = self.items.get(key)
        if found is not None:
            self.used.add(key)
        return found

    def known(self, key: K) -> bool:
        """Whether a result is kept for ``key``, for results that may be None."""
        if key not in self.items:
            return False
        self.used.add(key)
        return True

    def put(self, key: K, value: V) -> None:
        self.items[key] = value
        self.used.add(key)
        self.changed = True

    def kept(self) -> dict[K, V]:
        """What a save writes: the results this run used."""
        return {k: v for k, v in self.items.items() if k in self.used}

    def use_all(self) -> None:
        """Count every result as used (Cache.keep_unused)."""
        self.used.update(self.items)


class Part(ABC):
    """One stage's results in the cache, held in Entries and typed as the stage likes; the
    cache saves them in a file of their own (named for ``name``) as the plain data
    ``dump`` gives, and hands that data to ``restore`` in a later run."""

    name: ClassVar[str]

    @abstractmethod
    def tables(self) -> Iterable[Entries[Any, Any]]:
        """Every table of results the part holds."""

    @abstractmethod
    def dump(self) -> Any:
        """The results this run used, as JSON data."""

    @abstractmethod
    def restore(self, data: Any) -> None:
        """Take in what ``dump`` gave an earlier run.  Data of another shape raises
        LookupError, TypeError, ValueError or AttributeError (_UNREADABLE): the cache then
        makes the part anew, empty, so that it is never half read."""

    @property
    def changed(self) -> bool:
        return any(table.changed for table in self.tables())

    def saved(self) -> None:
        for table in self.tables():
            table.changed = False
