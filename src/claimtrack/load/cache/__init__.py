"""What loading and checking computed, kept between runs as ruff and mypy keep theirs.

The cache maps content to results, never names to results.  The load stage's
results are the cache's own:

- ``files``: for each data file, its stat stamp (mtime, size, inode) and the
  digest of its path and bytes (of a source's copy, an archived text or a saved page:
  the sha256 of its bytes).  A file whose stamp is unchanged is not read again (an
  archived text only when a quote needs it: load/files.Archive.later), except when it
  was written within the last two seconds (see fsutil.is_recent: file clocks tick
  coarsely); a stamp seen within those two seconds is never kept.
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

The load stage's file and the journal of what later runs added to it are laid out as
cache/layout.py says: a save after one edit appends what it added, not the whole file.

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
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TypeVar

import orjson

from ... import package
from ..._version import __version__
from ...fsutil import Stamp, atomic_write_bytes, is_recent
from . import layout
from .layout import UNREADABLE
from .tables import Entries, Part, StoredRecord

__all__ = [
    "CACHE_DIR",
    "CACHE_DIR_VARIABLE",
    "FORMAT",
    "Cache",
    "Entries",
    "Part",
    "StoredRecord",
    "cache_folder",
    "code_fingerprint",
    "content_digest",
]

CACHE_DIR = ".claimtrack_cache"
# Like MYPY_CACHE_DIR and RUFF_CACHE_DIR: keep the caches elsewhere (one folder per tracker).
CACHE_DIR_VARIABLE = "CLAIMTRACK_CACHE_DIR"
# The layout of the files: a new one changes every file's name, so that an older file is
# never read as if it were laid out anew (2: each stage's part in a file of its own;
# 3: validated records in place of parse results; 4: the records' data after one line of
# everything else, each record's parsed when it is read; 5: a journal beside it).
FORMAT = 5
_GITIGNORE = b"# Written by claimtrack; safe to delete.\n*\n"

P = TypeVar("P", bound=Part)


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


class Cache:
    """Results by content, in memory; read from and written to ``root/.claimtrack_cache``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.files: dict[str, tuple[Stamp, str]] = {}
        self.records: Entries[str, StoredRecord] = Entries()
        self.positions: dict[str, dict[str, list[int]]] = {}
        self._positions_used: set[str] = set()
        # What the load file holds, to tell what is new since (layout.py's journal): each
        # table's count of positions, the files changed (None: forgotten), the records put.
        self._positions_read: dict[str, int] = {}
        self._files_new: dict[str, tuple[Stamp, str] | None] = {}
        self._records_new: set[str] = set()
        # The sizes of the file and of its journal's whole entries as read; a journal to
        # be written anew (cut short, or grown past a quarter of the file).
        self._sizes = (0, 0)
        self._compact = True
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

    def remember_file(self, rel: str, found: Stamp, digest: str) -> None:
        """``found``: the file's stamp, taken before it was read (a change in between
        leaves a stamp the file no longer has, never one it has for other bytes)."""
        if is_recent(found[0]):
            # Read within the racy window: a second save in the same tick keeps this stamp,
            # so after the window it would be trusted for bytes it never named.  Keep none:
            # the next load reads the file again and records it then.
            if self.files.pop(rel, None) is not None:
                self._files_new[rel] = None
            return
        entry = (found, digest)
        if self.files.get(rel) != entry:
            self.files[rel] = self._files_new[rel] = entry

    # -- records -------------------------------------------------------------
    def stored_record(self, digest: str) -> StoredRecord | None:
        return self.records.get(digest)

    def remember_record(self, digest: str, stored: StoredRecord) -> None:
        self.records.put(digest, stored)
        self._records_new.add(digest)

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
                with _collector_paused():
                    part.restore(orjson.loads(path.read_bytes()))
            except UNREADABLE:  # missing, corrupt or foreign: start empty, a save replaces it
                part = kind()
        self._parts[kind.name] = part
        return part

    # -- disk ----------------------------------------------------------------
    def _read(self) -> None:
        path = self.path
        if path is None:
            return
        try:
            with _collector_paused():
                files, records, positions, size, journal = layout.read(path)
        except UNREADABLE:
            return  # missing, corrupt or foreign: start empty, the next save replaces it
        self.files, self.records, self.positions = files, Entries(records), positions
        self._positions_read = {d: len(table) for d, table in positions.items()}
        self._sizes = (size, journal)
        # A journal cut short, or another run's entries past it, are left to the next write
        # of the whole file (an entry appended after a cut would never be read).
        self._compact = journal < _size(layout.journal_path(path))

    def release_records(self) -> None:
        """Drop the stored records from memory once loading is over (a one-shot build, past
        its checks: 30 MB at 10,000 claims), writing them first if they changed.  Later
        saves write the parts only; records asked for again are misses."""
        self.save(with_parts=False)
        self._released = True
        self.records = Entries()

    def keep_unused(self) -> None:
        """This run took some work's answer from an earlier run (a claim's problems, recalled
        by their key: check/keys.py), so it never asked for the results that work reads
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
        positions = {
            d: table
            for d, table in self.positions.items()
            if table and len(table) != self._positions_read.get(d, 0)
        }
        records_changed = not self._released and bool(
            self._files_new or self._records_new or positions
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
                self._save_records(path, positions)
            for part in parts:
                if self._keep_unused:
                    for table in part.tables():
                        table.use_all()
                part_path = self.part_path(part.name)
                assert part_path is not None
                atomic_write_bytes(part_path, layout.json_parts(part.dump()), durable=False)
        except OSError:
            return  # a read-only checkout still checks; it only cannot remember
        self.records.changed = False
        for part in parts:
            part.saved()

    def _save_records(self, path: Path, positions: layout.Positions) -> None:
        """What is new since the file was read appended to its journal; the whole file
        written anew, with what this run used, when there is no journal to add to (a first
        run, a journal cut short) or when the journal and the records this run did not use
        (of files changed or gone) would outgrow the journal's room (layout.journal_room)."""
        records = {key: self.records.items[key] for key in sorted(self._records_new)}
        size, journal = self._sizes
        used = self.records.used
        waste = journal + sum(
            len(r.data)
            for k, r in self.records.items.items()
            if r.data is not None and k not in used
        )
        room = layout.journal_room(size)
        # The records' data, the bulk of an entry: no entry is made to be thrown away.
        new = sum(len(r.data) for r in records.values() if r.data is not None)
        if not self._compact and waste + new < room:
            added = layout.entry(self._files_new, records, positions, size=True)
            if waste + len(added) <= room:
                layout.append(path, added)
                self._sizes = (size, journal + len(added))
                self._saved()
                return
        whole = self._body()
        atomic_write_bytes(path, whole, durable=False)
        layout.journal_path(path).unlink(missing_ok=True)
        self._sizes, self._compact = (len(whole), 0), False
        self._saved()

    def _saved(self) -> None:
        self._files_new, self._records_new = {}, set()
        self._positions_read = {d: len(table) for d, table in self.positions.items()}

    def _body(self) -> bytes:
        records = self.records.kept()
        # A run that recalled a claim's problems found no position in its file: those of
        # every file still loaded are kept (keep_unused).
        used = records.keys() | self._positions_used if self._keep_unused else self._positions_used
        positions = {k: v for k, v in self.positions.items() if k in used and v}
        return layout.entry(dict(self.files), records, positions, size=False)


def _collector_paused() -> AbstractContextManager[None]:
    """batch.collector_paused, imported when a cache is read, not for a replay's sake.  A
    cache's tables hold no cycles, and the collector walking them as they are made took
    as long as reading them: 0.3 s of a build in a new process at 10,000 claims."""
    from ...process.batch import collector_paused

    return collector_paused()


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
