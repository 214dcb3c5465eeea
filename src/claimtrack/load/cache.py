"""What loading and checking computed, kept between runs as ruff and mypy keep theirs.

The cache maps content to results, never names to results.  The load stage's
results are the cache's own:

- ``files``: for each data file, its stat stamp (mtime, size, inode) and the
  digest of its path and bytes.  A file whose stamp is unchanged is not read
  again, except when it was written within the last two seconds (see
  fsutil.is_recent: file clocks tick coarsely); a stamp seen within those two
  seconds is never kept.
- ``records``: by that digest, what loading the file gave: its validated record as
  plain JSON data (records/plain.py; none when the file did not validate), every
  problem parsing and validation found, and for a claim the ids it names.  An unchanged
  file is neither parsed nor validated again: its record is rebuilt from that data when
  first read (load/parse.py), and data of another shape is validated instead.
- ``positions``: by file digest, the line and column of each data path a
  problem needed, so that a problem reported again costs no parse.

A later stage keeps its own results in a Part of its own (check.store: quote
results, quotes in context, coverage counts, normalised archives): the cache
reads a part's file when the stage first asks for the part (``Cache.part``)
and writes it when something in it is new, as plain data it never looks into.

The load stage's file is one line of JSON (files, positions, and each record's problems,
names and the span of its data) followed by the records' data, each record's JSON one
after the other: reading it parses the line alone, and each record's JSON is parsed only
when the record is first read (a check after one edit reads the sources' alone).

On disk each is a JSON file in ``.claimtrack_cache/`` (git-ignored), named for
the claimtrack version, FORMAT and the fingerprint of the package's files
(package.py), so that a changed claimtrack never reads an older cache.  JSON, not pickle: a
cache file can come from anywhere, and reading it must not run code.  It is
safe to delete; a corrupt or foreign file is ignored (and replaced on the next
save).  ``Cache.disabled()`` (``--no-cache``) neither reads nor writes it.
"""

from __future__ import annotations

import hashlib
import os
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import orjson

from .. import package
from .._version import __version__
from ..codes import Code, Severity
from ..fsutil import Stamp, atomic_write_bytes, is_recent, stamp_of
from ..problems import Problem

CACHE_DIR = ".claimtrack_cache"
# Like MYPY_CACHE_DIR and RUFF_CACHE_DIR: keep the caches elsewhere (one folder per tracker).
CACHE_DIR_VARIABLE = "CLAIMTRACK_CACHE_DIR"
# The layout of the files: a new one changes every file's name, so that an older file is
# never read as if it were laid out anew (2: each stage's part in a file of its own;
# 3: validated records in place of parse results; 4: the records' data after one line of
# everything else, each record's parsed when it is read).
FORMAT = 4
_GITIGNORE = b"# Written by claimtrack; safe to delete.\n*\n"
# What reading a file of another claimtrack, or a damaged one, can raise.
_UNREADABLE = (OSError, orjson.JSONDecodeError, LookupError, TypeError, ValueError, AttributeError)

K = TypeVar("K")
V = TypeVar("V")
P = TypeVar("P", bound="Part")


@dataclass(frozen=True, slots=True)
class StoredRecord:
    """What loading one record file gave, as the cache keeps it: the validated record as
    JSON (records/plain.py; None when the file gave no record), the problems of its parse
    and validation, and for a claim the ids it names (records.claim.Names, as JSON): who
    names whom is known without rebuilding the record."""

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


def content_digest(rel: str, raw: bytes) -> str:
    """The key of a file's parse result: problems name the path, so the path is part of it."""
    return hashlib.blake2b(rel.encode("utf-8") + b"\0" + raw, digest_size=20).hexdigest()


def code_fingerprint(folder: Path | None) -> str:
    """Changes with the version, the file layout and any change to the package's files."""
    code = package.fingerprint(folder)
    return hashlib.blake2b(f"{__version__}\0{FORMAT}\0{code}".encode(), digest_size=8).hexdigest()


def cache_folder(root: Path) -> Path:
    """``root/.claimtrack_cache``, or a folder for this tracker under $CLAIMTRACK_CACHE_DIR."""
    elsewhere = os.environ.get(CACHE_DIR_VARIABLE)
    if not elsewhere:
        return root / CACHE_DIR
    name = hashlib.blake2b(str(root.resolve()).encode(), digest_size=8).hexdigest()
    return Path(elsewhere) / name


def _problem_row(p: Problem) -> list[Any]:
    return [p.path, p.line, p.column, p.severity.value, p.code, p.message, p.hint]


def _problem(row: list[Any]) -> Problem:
    path, line, column, severity, code, message, hint = row
    return Problem(path, line, column, Severity(severity), Code(code), message, hint)


class Cache:
    """Results by content, in memory; read from and written to ``root/.claimtrack_cache``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.files: dict[str, tuple[Stamp, str]] = {}
        self.records: Entries[str, StoredRecord] = Entries()
        self.positions: dict[str, dict[str, list[int]]] = {}
        self._positions_used: set[str] = set()
        self._positions_read = 0
        self._dirty = False
        self._parts: dict[str, Part] = {}
        # Set by release_records: the load stage's results are gone from memory, and its
        # file is left as the save before the release wrote it.
        self._released = False
        self._keep_unused = False

    @classmethod
    def disabled(cls) -> Cache:
        """A cache for this run only: nothing is read from or written to the disk."""
        return cls(None)

    @classmethod
    def open(cls, root: Path) -> Cache:
        """The tracker's cache as the last run left it (empty when missing or unreadable)."""
        cache = cls(cache_folder(Path(root)))
        cache._read()
        return cache

    @property
    def path(self) -> Path | None:
        """The load stage's file; each part's is beside it (``part_path``)."""
        if self.folder is None:
            return None
        return self.folder / f"v{__version__}-{code_fingerprint(self.folder)}.json"

    def part_path(self, name: str) -> Path | None:
        path = self.path
        return None if path is None else path.with_suffix(f".{name}.json")

    # -- files ---------------------------------------------------------------
    def trusted_digest(self, rel: str, found: Stamp) -> str | None:
        """The digest recorded for ``rel`` when its stamp says it has not changed since."""
        known = self.files.get(rel)
        if known is None or known[0] != found or is_recent(found[0]):
            return None
        return known[1]

    def remember_file(self, rel: str, st: os.stat_result, digest: str) -> None:
        if is_recent(st.st_mtime_ns):
            # Read within the racy window: a second save in the same tick keeps this stamp,
            # so after the window it would be trusted for bytes it never named.  Keep none:
            # the next load reads the file again and records it then.
            if self.files.pop(rel, None) is not None:
                self._dirty = True
            return
        entry = (stamp_of(st), digest)
        if self.files.get(rel) != entry:
            self.files[rel] = entry
            self._dirty = True

    # -- records -------------------------------------------------------------
    def stored_record(self, digest: str) -> StoredRecord | None:
        return self.records.get(digest)

    def remember_record(self, digest: str, stored: StoredRecord) -> None:
        self.records.put(digest, stored)

    def known_positions(self, digest: str) -> dict[str, list[int]]:
        """Positions found in the file with this digest; Positions adds what it looks up."""
        self._positions_used.add(digest)
        return self.positions.setdefault(digest, {})

    # -- later stages' parts -------------------------------------------------
    def part(self, kind: type[P]) -> P:
        """The stage's part of the cache, read from its file when first asked for (so that a
        run which never needs it never reads it), then the same one for the cache's life."""
        found = self._parts.get(kind.name)
        if isinstance(found, kind):
            return found
        part = kind()
        path = self.part_path(kind.name)
        if path is not None:
            try:
                part.restore(orjson.loads(path.read_bytes()))
            except _UNREADABLE:  # missing, corrupt or foreign: start empty, a save replaces it
                part = kind()
        self._parts[kind.name] = part
        return part

    # -- disk ----------------------------------------------------------------
    def _read(self) -> None:
        path = self.path
        if path is None:
            return
        try:
            whole = path.read_bytes()
            end = whole.index(b"\n")  # orjson writes none inside the line
            data = orjson.loads(memoryview(whole)[:end])
            # Each record's JSON, a view into the file's bytes: parsed when it is read.
            blob = memoryview(whole)[end + 1 :]
            # fsutil.as_stamp, inline: a call per file doubles this at 10,000 claims.
            files = {
                rel: ((int(m), int(s), int(i)), str(d))
                for rel, (m, s, i, d) in data["files"].items()
            }
            # Most records have no problem: one empty tuple serves them all.
            records = {
                key: StoredRecord(
                    None if span is None else blob[int(span[0]) : int(span[1])],
                    tuple(_problem(row) for row in rows) if rows else (),
                    names,
                )
                for key, (span, rows, names) in data["records"].items()
            }
            positions = {
                str(d): {str(k): [int(v[0]), int(v[1])] for k, v in table.items()}
                for d, table in data["positions"].items()
            }
        except _UNREADABLE:
            return  # missing, corrupt or foreign: start empty, the next save replaces it
        self.files, self.records, self.positions = files, Entries(records), positions
        self._positions_read = self._position_count()

    def _position_count(self) -> int:
        return sum(len(table) for table in self.positions.values())

    def release_records(self) -> None:
        """Drop the stored records from memory once loading is over (a one-shot build, past
        its checks: 30 MB at 10,000 claims), writing them first if they changed.  Later
        saves write the parts only; records asked for again are misses."""
        self.save(with_parts=False)
        self._released = True
        self.records = Entries()

    def keep_unused(self) -> None:
        """This run took some work's answer from an earlier run (a claim's problems, recalled
        by their key: check/claim_keys.py), so it never asked for the results that work reads
        (the claim's quotes, their contexts, its file's positions).  Its saves keep the
        results it did not use, then, not only those it used: a check after one quote's edit
        would otherwise leave the next build every other quote to look for again (2–3 s
        more at 10,000 claims).  A run that recalls nothing drops what it did not use, as before:
        the first of a new day, whose date is in every claim's key."""
        self._keep_unused = True

    def save(self, *, with_parts: bool = True) -> None:
        """Write what this run used (only where something changed); entries it did not use go,
        unless the run recalled work it did not do (``keep_unused``).

        ``with_parts``: the later stages' parts too, not only the load stage's file.
        """
        path = self.path
        if path is None:
            return
        records_changed = not self._released and (
            self._dirty or self.records.changed or self._position_count() != self._positions_read
        )
        parts = [part for part in self._parts.values() if part.changed and with_parts]
        if not records_changed and not parts:
            return
        assert self.folder is not None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            ignore = self.folder / ".gitignore"
            if not ignore.exists():
                atomic_write_bytes(ignore, _GITIGNORE, durable=False)
            for old in self.folder.glob("v*.json"):
                # Another version's files go; this one's parts stay, used this run or not.
                if old != path and not old.name.startswith(f"{path.stem}."):
                    old.unlink(missing_ok=True)
            if records_changed:
                atomic_write_bytes(path, self._body(), durable=False)
            for part in parts:
                if self._keep_unused:
                    for table in part.tables():
                        table.use_all()
                part_path = self.part_path(part.name)
                assert part_path is not None
                atomic_write_bytes(part_path, orjson.dumps(part.dump()), durable=False)
        except OSError:
            return  # a read-only checkout still checks; it only cannot remember
        self._dirty = self.records.changed = False
        self._positions_read = self._position_count()
        for part in parts:
            part.saved()

    def _body(self) -> bytes:
        data: list[bytes | memoryview] = []
        records: dict[str, list[Any]] = {}
        at = 0
        for key, r in self.records.kept().items():
            span = None
            if r.data is not None:
                data.append(r.data)
                span = [at, at + len(r.data)]
                at = span[1]
            records[key] = [span, [_problem_row(p) for p in r.problems], r.names]
        # A run that recalled a claim's problems found no position in its file: those of
        # every file still loaded are kept (keep_unused).
        used = records.keys() | self._positions_used if self._keep_unused else self._positions_used
        line = {
            "files": {rel: [*stamp, digest] for rel, (stamp, digest) in sorted(self.files.items())},
            "records": records,
            "positions": {k: v for k, v in self.positions.items() if k in used and v},
        }
        return b"".join([orjson.dumps(line), b"\n", *data])
