"""One data file's bytes to a validated record: read (from disk or from an editor's unsaved
text), parse (strict YAML), then validate (pydantic); or, for content the cache knows,
its record rebuilt from the cache without either.

The Loader (tracker.py) calls these for each file it must load again; parse_one runs in
either of the two processes that share a large load (batch.split)."""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import orjson
from pydantic import BaseModel, ValidationError

from ..codes import Code
from ..errors import ClaimtrackError
from ..fsutil import Stamp, stamp
from ..layout import FileKind
from ..problems import Problem, report
from ..records import Claim, Source, TrackerSettings
from ..records.claim import Names
from ..records.plain import UNFIT, plain, rebuild, share_sets
from ..records.source import SourceNames
from .cache import Cache, StoredRecord, content_digest
from .files import Archive, SavedPage, read_data_file, read_unsaved
from .nodes import Marks, Positions
from .validation import validation_problems
from .yamlsource import parse_document

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What parsing one data file gave, before validation: plain data only (not kept on disk: the
    cache keeps the validated record, load/cache/)."""

    data: dict[str, Any] | None
    first_line: bytes
    problems: tuple[Problem, ...]
    # Where each node of ``data`` stands (nodes.Marks), when parsed in this run: not kept
    # on disk, where the positions a problem needed are kept instead.
    marks: array[int] | None = None


SCHEMA_HEADER = b"# yaml-language-server: $schema="
SCHEMA_FILES = {
    "Claim": "claim.schema.json",
    "Source": "source.schema.json",
    "TrackerSettings": "tracker.schema.json",
}


def schema_header(model_name: str) -> str:
    """The first line naming a record's JSON Schema (``Claim``, ``Source`` or
    ``TrackerSettings``): what the hint says and what the editor's quick fix writes."""
    # tracker.yaml sits at the root, the records one folder down.
    folder = "schema/" if model_name == "TrackerSettings" else "../schema/"
    return SCHEMA_HEADER.decode() + folder + SCHEMA_FILES[model_name]


def parse_bytes(rel: str, raw: bytes) -> ParseResult:
    """Parse a data file's content; ``rel`` is its path relative to the tracker root."""
    doc = parse_document(raw, rel)
    end = raw.find(b"\n")
    first_line = (raw if end < 0 else raw[:end]).rstrip(b"\r")
    return ParseResult(doc.data, first_line, tuple(doc.problems), doc.marks)


def finish_record(
    rel: str, parsed: ParseResult, model: type[M], positions: Positions
) -> tuple[M | None, list[Problem]]:
    """Validate a parsed file against its model: the record (None if it failed) and every problem."""
    problems = list(parsed.problems)
    if parsed.data is None:
        return None, problems
    schema_file = SCHEMA_FILES[model.__name__]
    line = parsed.first_line
    if not (line.startswith(SCHEMA_HEADER) and line.endswith(schema_file.encode())):
        problems.append(
            report(
                rel,
                (1, 1),
                Code.SCHEMA_HEADER,
                f"first line should name the JSON Schema for editors: {schema_file}",
                "start the file with: " + schema_header(model.__name__),
            )
        )
    try:
        record = model.model_validate(parsed.data)
    except ValidationError as exc:
        problems.extend(validation_problems(exc, model, rel, positions))
        return None, problems
    if any(p.is_error for p in parsed.problems):
        return None, problems
    share_sets(record)
    return record, problems


class Loaded(Generic[M]):
    """A record file's validated record and where its nodes stand in the file.

    A record the cache keeps is rebuilt when first read (``record``), not when loaded: a
    check that recalls an unchanged claim's problems by their key, and its names from the
    cache (``names``; a source's ``source_names``, for the derivation graph and its key),
    never rebuilds it.  The model is known before (``model``)."""

    __slots__ = ("_make", "_names", "_record", "id", "model", "path", "positions")

    def __init__(self, id: str, path: str, record: M, positions: Positions) -> None:
        self.id = id
        self.path = path  # relative to the tracker root, with forward slashes
        self.positions = positions
        self.model: type[M] = type(record)
        self._record: M | None = record
        self._make: Callable[[], M] | None = None
        self._names: Names | SourceNames | None = None

    @classmethod
    def later(
        cls,
        id: str,
        path: str,
        model: type[M],
        make: Callable[[], M],
        positions: Positions,
        names: Names | SourceNames | None,
    ) -> Loaded[M]:
        """A record of ``model`` that ``make`` gives when first read."""
        loaded = cls.__new__(cls)
        loaded.id, loaded.path, loaded.positions, loaded.model = id, path, positions, model
        loaded._record, loaded._make, loaded._names = None, make, names
        return loaded

    @property
    def record(self) -> M:
        found = self._record
        if found is None:
            make, self._make = self._make, None
            assert make is not None
            found = self._record = make()
        return found

    @property
    def names(self: Loaded[Claim]) -> Names:
        """The ids the claim names (a claim's load only)."""
        found = self._kept_names()
        assert isinstance(found, Names)
        return found

    @property
    def source_names(self: Loaded[Source]) -> SourceNames:
        """What the check reads of the source beside its rules (a source's load only)."""
        found = self._kept_names()
        assert isinstance(found, SourceNames)
        return found

    def _kept_names(self: Loaded[Claim] | Loaded[Source]) -> Names | SourceNames:
        """What the cache keeps beside the record, or the record's own when it kept none."""
        found = self._names
        if found is None:
            found = self._names = self.record.names()
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Loaded):
            return NotImplemented
        return (self.id, self.path, self.positions, self.record) == (
            other.id,
            other.path,
            other.positions,
            other.record,
        )

    def __hash__(self) -> int:
        return hash((self.id, self.path))

    def __repr__(self) -> str:
        return f"Loaded(id={self.id!r}, path={self.path!r})"


@dataclass(frozen=True, slots=True)
class FileLoad:
    """What one file gave: its record, archive or settings (None when it failed), and problems."""

    kind: FileKind
    id: str
    digest: str
    value: Loaded[Claim] | Loaded[Source] | Archive | SavedPage | TrackerSettings | None
    problems: tuple[Problem, ...]


def finish_file(
    reader: Callable[[], str | None],
    rel: str,
    kind: FileKind,
    rid: str,
    digest: str,
    parsed: ParseResult,
    cache: Cache,
) -> FileLoad:
    """Validate a parsed record file (a claim, a source or the settings); ``reader`` gives
    its text again when a position is asked for."""
    positions = Positions(
        reader=reader,
        known=cache.known_positions(digest),
        marks=None if parsed.marks is None else Marks(parsed.data, parsed.marks),
    )
    if kind == "settings":
        settings, problems = finish_record(rel, parsed, TrackerSettings, positions)
        return FileLoad(kind, rid, digest, settings, tuple(problems))
    if kind == "claim":
        claim, problems = finish_record(rel, parsed, Claim, positions)
        return FileLoad(kind, rid, digest, _loaded(rid, rel, claim, positions), tuple(problems))
    assert kind == "source", kind
    source, problems = finish_record(rel, parsed, Source, positions)
    return FileLoad(kind, rid, digest, _loaded(rid, rel, source, positions), tuple(problems))


def rebuilt_file(
    reader: Callable[[], str | None],
    rel: str,
    kind: FileKind,
    rid: str,
    digest: str,
    stored: StoredRecord,
    cache: Cache,
) -> FileLoad:
    """A record file's load as an earlier run left it: its record rebuilt from the cache's
    plain data when first read, not validated again (records/plain.py).  The settings are
    rebuilt at once, and raise UNFIT for data of another shape."""
    data, problems = stored.data, stored.problems
    if kind == "settings":
        settings = None if data is None else rebuild(TrackerSettings, orjson.loads(data))
        return FileLoad(kind, rid, digest, settings, problems)
    if data is None:
        return FileLoad(kind, rid, digest, None, problems)
    positions = Positions(reader=reader, known=cache.known_positions(digest), marks=None)
    if kind == "claim":
        names = None if stored.names is None else Names.from_json(stored.names)
        make = _maker(Claim, reader, rel, digest, stored, cache)
        return FileLoad(
            kind, rid, digest, Loaded.later(rid, rel, Claim, make, positions, names), problems
        )
    assert kind == "source", kind
    make_source = _maker(Source, reader, rel, digest, stored, cache)
    found = None if stored.names is None else SourceNames.from_json(stored.names)
    return FileLoad(
        kind, rid, digest, Loaded.later(rid, rel, Source, make_source, positions, found), problems
    )


def _maker(
    model: type[M],
    reader: Callable[[], str | None],
    rel: str,
    digest: str,
    stored: StoredRecord,
    cache: Cache,
) -> Callable[[], M]:
    """What makes a stored record when first read: ``rebuild``; for data of another shape
    (a cache written by other code under this code's name), the file validated again, which
    then takes that data's place in the cache."""

    data = stored.data
    assert data is not None

    def make() -> M:
        try:
            return rebuild(model, orjson.loads(data))
        except UNFIT:
            pass
        try:
            record = model.model_validate_json(bytes(data))
        except ValidationError:
            record = _validated_again(model, reader, rel)
        cache.remember_record(digest, StoredRecord(plain(record), stored.problems, _names(record)))
        return record

    return make


def _validated_again(model: type[M], reader: Callable[[], str | None], rel: str) -> M:
    text = reader()  # None when the file no longer has the content loaded
    if text is not None:
        parsed = parse_bytes(rel, text.encode())
        positions = Positions(reader=lambda: text, known={}, marks=None)
        record, _ = finish_record(rel, parsed, model, positions)
        if record is not None:
            return record
    raise ClaimtrackError(
        f"{rel}: the cache holds a record of another shape and the file has changed since: "
        f"remove the folder .claimtrack_cache and run again"
    )


def _names(record: BaseModel) -> list[Any] | None:
    """What the cache keeps beside a record: a claim's names, a source's (SourceNames)."""
    return record.names().to_json() if isinstance(record, Claim | Source) else None


def stored_file(load: FileLoad) -> StoredRecord:
    """What the cache keeps of a record file's load: the record as plain data, its problems,
    and a claim's names."""
    value = load.value
    record = value.record if isinstance(value, Loaded) else value
    if not isinstance(record, BaseModel):
        return StoredRecord(None, load.problems)
    return StoredRecord(plain(record), load.problems, _names(record))


def _loaded(rid: str, rel: str, record: M | None, positions: Positions) -> Loaded[M] | None:
    return None if record is None else Loaded(rid, rel, record, positions)


# What reading one file gives: its stat (None when nothing on disk stands for the content),
# its digest ("" when unreadable), its parse result and the problems of reading it.
Read = tuple[Stamp | None, str, ParseResult | None, list[Problem]]


def file_reader(base: str, rel: str, digest: str) -> Callable[[], str | None]:
    """The text of the file at ``rel`` under the folder ``base``, read again when a position
    is asked for, if it still has the content that was loaded."""
    return _FileText(base, rel, digest)


class _FileText:
    """file_reader's reader: one per record file, 12,000 at 10,000 claims, kept for as long
    as its record.  Its texts are the loader's own (the root, the path, the digest), and
    the file's path is joined only when it is read: a partial with a path of its own held
    4 MiB more at 10,000 claims, a closure 2 MiB more still (bench/RESULTS.md)."""

    __slots__ = ("base", "digest", "rel")

    def __init__(self, base: str, rel: str, digest: str) -> None:
        self.base, self.rel, self.digest = base, rel, digest

    def __call__(self) -> str | None:
        try:
            with open(os.path.join(self.base, self.rel), "rb") as handle:
                raw = handle.read()
        except OSError:
            return None
        if content_digest(self.rel, raw) != self.digest:
            return None
        return raw.decode("utf-8", "replace")


def unsaved_reader(unsaved: Mapping[str, bytes], rel: str, digest: str) -> Callable[[], str | None]:
    """The editor's text of ``rel``, if it is still the one that was loaded."""

    def read() -> str | None:
        raw = unsaved.get(rel)
        if raw is None or content_digest(rel, raw) != digest:
            return None
        return raw.decode("utf-8", "replace")

    return read


def parse_one(root: Path, rel: str) -> Read:
    """Read and parse one file on disk."""
    path = root / rel
    problems: list[Problem] = []
    st = stamp(path)
    raw = read_data_file(root, path, problems)
    if raw is None:
        return st, "", None, problems
    return st, content_digest(rel, raw), parse_bytes(rel, raw), problems


def parse_unsaved(rel: str, unsaved: bytes) -> Read:
    """Parse an editor's unsaved text of ``rel`` as parse_one parses the file."""
    problems: list[Problem] = []
    raw = read_unsaved(rel, unsaved, problems)
    if raw is None:
        return None, "", None, problems
    return None, content_digest(rel, raw), parse_bytes(rel, raw), problems
