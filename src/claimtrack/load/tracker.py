"""Read a tracker folder: every data file parsed, validated and positioned.

Nothing here stops at the first problem: each file is loaded on its own and
every problem is collected, so an editor sees all of them in one run.

A Loader loads the same tracker again and again (``serve``, ``build`` after
edits).  Each file is read, parsed and validated only when its content
changed: unchanged files are known by their stat stamp (see Cache), and their
records rebuilt from the validated data the cache keeps (records/plain.py), never
validated again; when the caller knows which files changed (file-system events),
only those are looked at.  Parsing, the costly step, is shared between two processes when
many files need it (batch.split).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from pathlib import Path

from ..fsutil import stamp
from ..layout import FOLDERS, REVISIONS_SUFFIX, SETTINGS_FILE, FileKind, classify
from ..problems import Problem
from ..process.batch import collector_paused, split
from ..records.plain import UNFIT
from .assembled import Changes, Tracker, assemble, patched, records_read
from .cache import Cache, content_digest
from .files import (
    Archive,
    SavedPage,
    Seen,
    check_root,
    list_files,
    load_archive,
    load_page,
    read_data_file,
)
from .parse import (
    FileLoad,
    Loaded,
    file_reader,
    finish_file,
    parse_one,
    parse_unsaved,
    rebuilt_file,
    stored_file,
    unsaved_reader,
)


def _loads(rel: str) -> bool:
    """Whether loading reads this path or reports on its name: not templates or static files,
    and not a file whose name no listing looks at (an editor's or sed's temporary file)."""
    if rel == SETTINGS_FILE:
        return True
    folder, _, name = rel.partition("/")
    if folder not in FOLDERS.values():
        return False
    # A revisions folder that came or went (its files may not be reported one by one).
    return not name or name.lower().endswith((".yaml", ".yml", ".txt", ".html", REVISIONS_SUFFIX))


class Loader:
    """Loads the tracker at ``root`` again and again, redoing only what changed.

    ``unsaved``: texts an editor holds and has not saved, by path relative to the root
    (``claimtrack lsp``); each is loaded in place of its file, as if saved.  The caller
    changes the mapping between loads and names the paths it changed.  Unsaved content
    never enters the cache: its stamps and parse results are the files' on disk.
    """

    def __init__(
        self, root: Path, cache: Cache | None = None, unsaved: Mapping[str, bytes] | None = None
    ) -> None:
        self.root = Path(root).resolve()
        self._base = str(self.root)
        self.cache = cache if cache is not None else Cache.disabled()
        self.unsaved: Mapping[str, bytes] = unsaved if unsaved is not None else {}
        self._files: dict[str, FileLoad] = {}
        self._listing: list[Problem] = []
        self._archives: list[str] = []  # every sources/*.txt and *.html, for orphan-archive
        self._last: Tracker | None = None  # the last load's, which an edit's patches

    def load(self, changed: Collection[str] | None = None, seen: Seen | None = None) -> Tracker:
        """The tracker as it is now.  ``changed``: the only paths (relative to the root)
        that may differ since the last load, when the caller knows them; None: look at all.
        ``seen``: the listing and stamps the run took before it read anything (a command's
        manifest), used in place of listing and stat'ing again."""
        check_root(self.root)  # each time: serve loads again after edits, and it may be gone
        with collector_paused():
            first = not self._files
            before = dict(self._files)
            changed = None if changed is None else [p for p in changed if _loads(p)]
            if changed is None or first or any(classify(p) is None for p in changed):
                self._load_all(seen)
                looked: Collection[str] = before.keys() | self._files.keys()
            else:
                self._load_changed(changed)
                looked = changed  # no other file's load was touched
            last, self._last = self._last, None  # None while a load may fail halfway
            tracker = None
            if last is not None and looked is changed:
                tracker = patched(last, before, self._files, changed)
            if tracker is None:
                tracker = assemble(self.root, self._files, self._listing, self._archives)
            if not first:
                tracker.changes = self._changes(before, looked)
            self._last = tracker
            return tracker

    def release(self) -> None:
        """For a run that loads no more, once its checks are done: the parse results leave
        memory (written to the cache first) and each record's file text is forgotten (read
        again if a position is asked for).  30 MB and more at 10,000 claims."""
        self.cache.release_records()
        for item in self._files.values():
            if isinstance(item.value, Loaded):
                item.value.positions.release()

    def _changes(self, before: dict[str, FileLoad], looked: Collection[str]) -> Changes:
        claims, sources, settings = set(), set(), False
        for rel in looked:
            old, new = before.get(rel), self._files.get(rel)
            if old is new:
                continue
            item = new or old
            assert item is not None
            if item.kind == "claim":
                claims.add(item.id)
            elif item.kind == "settings":
                settings = settings or records_read(old) != records_read(new)
            else:
                sources.add(item.id)
        return Changes(frozenset(claims), frozenset(sources), settings)

    # -- which files -----------------------------------------------------------
    def _listed(self, seen: Seen | None) -> list[tuple[str, FileKind, str]]:
        """(rel, kind, id) of every file to load; misnamed files become listing problems."""
        if seen is None:
            problems: list[Problem] = []
            listing, self._archives = list_files(self.root, problems)
        else:  # copies: the loader changes its own
            listing, self._archives = list(seen.listing), list(seen.copies)
            problems = list(seen.problems)
        self._listing = problems
        listed = {rel for rel, _, _ in listing}
        for rel in sorted(self.unsaved.keys() - listed):  # a new file, not saved yet
            found = classify(rel)
            if found is not None:
                listing.append((rel, *found))
                if found[0] in _COPY_KINDS:
                    self._archives = sorted([*self._archives, rel])
        return listing

    def _load_all(self, seen: Seen | None) -> None:
        old, self._files = self._files, {}
        misses: list[tuple[str, FileKind, str]] = []
        stamps = {} if seen is None else seen.stamps
        for rel, kind, rid in self._listed(seen):
            if rel in self.unsaved:
                misses.append((rel, kind, rid))
                continue
            found = stamps[rel] if rel in stamps else stamp(os.path.join(self._base, rel))
            digest = self.cache.trusted_digest(rel, found) if found is not None else None
            previous = old.get(rel)
            if digest is not None and previous is not None and previous.digest == digest:
                self._files[rel] = previous
                continue
            if digest is not None and kind in _COPY_KINDS:
                # A copy as the digest its stamp vouches for; a text is read when asked for.
                self._files[rel] = FileLoad(kind, rid, digest, self._copy(rel, kind, digest), ())
                continue
            stored = (
                self.cache.stored_record(digest) if digest and kind not in _COPY_KINDS else None
            )
            if digest is not None and stored is not None:
                reader = self._reader(rel, digest)
                try:
                    self._files[rel] = rebuilt_file(
                        reader, rel, kind, rid, digest, stored, self.cache
                    )
                    continue
                except UNFIT:  # another shape of data: loaded anew, and kept anew
                    pass
            misses.append((rel, kind, rid))
        self._load_misses(misses, old)

    def _load_changed(self, changed: Collection[str]) -> None:
        for rel in changed:
            found = classify(rel)
            assert found is not None
            kind, rid = found
            path = self.root / rel
            if rel not in self.unsaved and not path.exists() and not os.path.islink(path):
                self._files.pop(rel, None)
                if kind in _COPY_KINDS and rel in self._archives:
                    self._archives.remove(rel)
                continue
            if kind in _COPY_KINDS and rel not in self._archives:
                self._archives = sorted([*self._archives, rel])
            self._load_misses([(rel, kind, rid)], self._files)

    def _load_misses(
        self, misses: list[tuple[str, FileKind, str]], old: dict[str, FileLoad]
    ) -> None:
        """Read and parse these files; a file whose content ``old`` already had keeps its load
        (the same object: to the stages after loading, it did not change)."""
        copies = [m for m in misses if m[1] in _COPY_KINDS]
        records = [m for m in misses if m[1] not in _COPY_KINDS]
        for rel, kind, rid in copies:
            problems: list[Problem] = []
            load = load_archive if kind in _TEXT_KINDS else load_page
            # Stat'ed before it is read: a change in between leaves a stamp it no longer has.
            st = None if rel in self.unsaved else stamp(os.path.join(self._base, rel))
            copy = load(self.root, self.root / rel, problems, self.unsaved.get(rel))
            digest = copy.sha256 if copy is not None else ""
            if copy is not None and st is not None:
                self.cache.remember_file(rel, st, digest)
            previous = old.get(rel)
            if copy is not None and previous is not None and previous.digest == digest:
                self._files[rel] = previous
                continue
            self._files[rel] = FileLoad(kind, rid, digest, copy, tuple(problems))
        root, unsaved = self.root, self.unsaved
        on_disk = [m for m in records if m[0] not in unsaved]
        if self.cache.records.items:  # a file whose stamp changed may hold content known
            on_disk = [m for m in on_disk if not self._known_content(*m, old)]
        results = split(
            [rel for rel, _, _ in on_disk],
            lambda rels: [parse_one(root, rel) for rel in rels],
            "parsing",
        )
        records = on_disk + [m for m in records if m[0] in unsaved]
        results += [parse_unsaved(rel, unsaved[rel]) for rel, _, _ in records[len(on_disk) :]]
        for (rel, kind, rid), (st, digest, parsed, problems) in zip(records, results, strict=True):
            if parsed is None:
                self._files[rel] = FileLoad(kind, rid, "", None, tuple(problems))
                continue
            if st is not None:
                self.cache.remember_file(rel, st, digest)
            previous = old.get(rel)
            if previous is not None and previous.digest == digest:
                self._files[rel] = previous  # saved again without a change
                continue
            if rel in unsaved:
                reader = unsaved_reader(unsaved, rel, digest)
                self._files[rel] = finish_file(reader, rel, kind, rid, digest, parsed, self.cache)
                continue
            reader = self._reader(rel, digest)
            done = self._files[rel] = finish_file(
                reader, rel, kind, rid, digest, parsed, self.cache
            )
            self.cache.remember_record(digest, stored_file(done))

    def _known_content(self, rel: str, kind: FileKind, rid: str, old: dict[str, FileLoad]) -> bool:
        """Whether the file's bytes are content the cache holds a record for (a file touched,
        or checked out again, unchanged): then its load is made from that record, unparsed."""
        path = os.path.join(self._base, rel)
        st = stamp(path)
        if st is None:
            return False
        raw = read_data_file(self.root, Path(path), [])
        if raw is None:
            return False  # parse_one reads it again, and reports why it cannot
        digest = content_digest(rel, raw)
        stored = self.cache.stored_record(digest)
        if stored is None:
            return False
        previous = old.get(rel)
        try:
            if previous is not None and previous.digest == digest:
                self._files[rel] = previous
            else:
                reader = self._reader(rel, digest)
                self._files[rel] = rebuilt_file(reader, rel, kind, rid, digest, stored, self.cache)
        except UNFIT:
            return False
        self.cache.remember_file(rel, st, digest)
        return True

    def _copy(self, rel: str, kind: FileKind, sha256: str) -> Archive | SavedPage:
        if kind in _TEXT_KINDS:
            return Archive.later(self.root, rel, sha256)
        return SavedPage(rel, sha256)

    def _reader(self, rel: str, digest: str) -> Callable[[], str | None]:
        return file_reader(self._base, rel, digest)


# Copies kept beside a source record (read whole and hashed, never parsed).
_COPY_KINDS = ("archive", "page", "revision", "revision-page")
# Those of them that are texts (decoded, quotes found in them); the others are saved pages.
_TEXT_KINDS = ("archive", "revision")


def load_tracker(root: Path, cache: Cache | None = None, seen: Seen | None = None) -> Tracker:
    """Load every record under ``root``; problems are collected, never raised.  ``seen``:
    the run's listing and stamps, when its manifest took them (Loader.load)."""
    return Loader(root, cache).load(seen=seen)
