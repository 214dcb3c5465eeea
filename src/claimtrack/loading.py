"""Read a tracker folder: every data file parsed, validated and positioned.

Nothing here stops at the first problem: each file is loaded on its own and
every problem is collected, so an editor sees all of them in one run.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing as mp
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from .datafiles import folder_entries, read_data_file, record_files, relpath
from .problems import Problem, error, warning
from .records import Claim, Source, TrackerSettings
from .validation import validation_problems
from .yamlsource import Positions, parse_document

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
SCHEMA_HEADER = b"# yaml-language-server: $schema="
SCHEMA_FILES = {
    "Claim": "claim.schema.json",
    "Source": "source.schema.json",
    "TrackerSettings": "tracker.schema.json",
}


@dataclass(frozen=True, slots=True)
class Loaded(Generic[M]):
    id: str
    path: str  # relative to the tracker root, with forward slashes
    record: M
    positions: Positions


@dataclass(frozen=True, slots=True)
class Archive:
    """The archived text of a source, ``sources/<id>.txt``."""

    path: str
    text: str
    sha256: str


@dataclass(slots=True)
class Tracker:
    root: Path
    settings: TrackerSettings
    sources: dict[str, Loaded[Source]] = field(default_factory=dict)
    claims: dict[str, Loaded[Claim]] = field(default_factory=dict)
    archives: dict[str, Archive] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # Ids whose file exists but failed to load: references to them are not "unknown".
    broken_sources: set[str] = field(default_factory=set)
    broken_claims: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Parsed:
    """A data file read and parsed but not yet validated.

    Plain data, so that a worker process can hand it back cheaply (pickled
    pydantic models cost more to unpickle than the parsing they would save).
    """

    rel: str
    data: dict[str, Any] | None
    positions: Positions
    first_line: bytes
    problems: list[Problem]


def parse_file(root: Path, path: Path) -> Parsed:
    problems: list[Problem] = []
    rel = relpath(root, path)
    raw = read_data_file(root, path, problems)
    if raw is None:
        return Parsed(rel, None, Positions(), b"", problems)
    return parse_bytes(rel, raw, problems)


def parse_bytes(rel: str, raw: bytes, problems: list[Problem] | None = None) -> Parsed:
    """Parse a data file's content; ``rel`` is its path relative to the tracker root."""
    problems = [] if problems is None else problems
    doc = parse_document(raw, rel)
    problems.extend(doc.problems)
    end = raw.find(b"\n")
    first_line = (raw if end < 0 else raw[:end]).rstrip(b"\r")
    return Parsed(rel, doc.data, doc.positions, first_line, problems)


def finish_record(
    parsed: Parsed, model: type[M], problems: list[Problem]
) -> tuple[M | None, Positions]:
    """Validate a parsed file against its model; every problem goes to ``problems``."""
    rel, positions = parsed.rel, parsed.positions
    problems.extend(parsed.problems)
    if parsed.data is None:
        return None, positions
    schema_file = SCHEMA_FILES[model.__name__]
    line = parsed.first_line
    if not (line.startswith(SCHEMA_HEADER) and line.endswith(schema_file.encode())):
        problems.append(
            warning(
                rel,
                (1, 1),
                "schema-header",
                f"first line should name the JSON Schema for editors: {schema_file}",
                f"start the file with: # yaml-language-server: $schema=../schema/{schema_file}",
            )
        )
    try:
        record = model.model_validate(parsed.data)
    except ValidationError as exc:
        problems.extend(validation_problems(exc, model, rel, positions))
        return None, positions
    if any(p.is_error for p in parsed.problems):
        return None, positions
    return record, positions


def load_record(
    root: Path, path: Path, model: type[M], problems: list[Problem]
) -> tuple[M | None, Positions]:
    return finish_record(parse_file(root, path), model, problems)


def _parse_chunk(root: Path, paths: list[str]) -> list[tuple[Any, ...]]:
    # Runs in a worker: plain tuples and strings pickle several times faster
    # than dataclasses and Path objects.
    out = []
    for name in paths:
        item = parse_file(root, Path(name))
        out.append((item.rel, item.data, item.positions.text, item.first_line, item.problems))
    return out


def parse_files(root: Path, paths: list[Path]) -> list[Parsed]:
    """Parse many files, on two cores when there are enough of them.

    Parsing is most of a large check.  Forking is safe only in a process with no
    other thread (``serve`` has several, and parses one file per edit anyway).
    """
    if (
        len(paths) < _PARALLEL_MIN
        or (os.cpu_count() or 1) < 2
        or "fork" not in mp.get_all_start_methods()
        or threading.active_count() > 1
    ):
        return [parse_file(root, path) for path in paths]
    names = [str(path) for path in paths]
    half = len(names) // 2
    with mp.get_context("fork").Pool(2) as pool:
        first, second = pool.starmap(_parse_chunk, [(root, names[:half]), (root, names[half:])])
    return [
        Parsed(rel, data, Positions(text), first_line, problems)
        for rel, data, text, first_line, problems in first + second
    ]


def load_archive(root: Path, path: Path, problems: list[Problem]) -> Archive | None:
    raw = read_data_file(root, path, problems)
    if raw is None:
        return None
    rel = relpath(root, path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(
            error(rel, (1, 1), "not-utf8", f"archived text is not UTF-8 (byte {exc.start})")
        )
        return None
    return Archive(rel, text, hashlib.sha256(raw).hexdigest())


@contextmanager
def _collector_paused() -> Iterator[None]:
    # Loading allocates millions of short-lived, acyclic objects (nodes, dicts,
    # models); the cyclic collector would walk the growing heap again and again,
    # a third of the load time for 10,000 claims. Reference counting frees them.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


_RACY_NS = 2_000_000_000
_PARALLEL_MIN = 1000


class LoadCache:
    """What loading each file gave, reused while the file is unchanged.

    For commands that load the same tracker again and again (``serve``): after
    a one-file edit only that file is read and parsed again.  A file counts as
    unchanged while its modification time, size and inode are the same.
    """

    def __init__(self) -> None:
        self._entries: dict[Path, tuple[tuple[int, int, int], Any, list[Problem]]] = {}

    def load(self, path: Path, problems: list[Problem], compute: Callable[[list[Problem]], T]) -> T:
        try:
            st = os.stat(path)
        except OSError:
            return compute(problems)
        signature = (st.st_mtime_ns, st.st_size, st.st_ino)
        hit = self._entries.get(path)
        if hit is not None and hit[0] == signature:
            problems.extend(hit[2])
            result: T = hit[1]
            return result
        found: list[Problem] = []
        result = compute(found)
        # File times tick coarsely (milliseconds): a second write in the same
        # tick with the same size would look unchanged.  Like git's "racy clean"
        # rule, a file written within the last two seconds is never trusted.
        if time.time_ns() - st.st_mtime_ns > _RACY_NS:
            self._entries[path] = (signature, result, found)
        else:
            self._entries.pop(path, None)
        problems.extend(found)
        return result


def _uncached(path: Path, problems: list[Problem], compute: Callable[[list[Problem]], T]) -> T:
    return compute(problems)


def load_tracker(root: Path, cache: LoadCache | None = None) -> Tracker:
    """Load every record under ``root``; problems are collected, never raised.

    With a ``cache``, files unchanged since the last load with that cache are
    not read again.
    """
    with _collector_paused():
        return _load_tracker(root.resolve(), cache.load if cache else _uncached)


def _load_records(
    root: Path,
    files: list[tuple[str, Path]],
    model: type[M],
    load: Callable[..., Any],
    problems: list[Problem],
) -> tuple[dict[str, Loaded[M]], set[str]]:
    """Records by id, and the ids whose file exists but did not load."""
    loaded: dict[str, Loaded[M]] = {}
    broken: set[str] = set()
    if load is _uncached:  # a one-off load: parse everything at once, maybe on two cores
        parsed = parse_files(root, [path for _, path in files])
        results = [finish_record(item, model, problems) for item in parsed]
    else:
        results = [
            load(path, problems, lambda found, path=path: load_record(root, path, model, found))
            for _, path in files
        ]
    for (rid, path), (record, positions) in zip(files, results, strict=True):
        if record is None:
            broken.add(rid)
        else:
            loaded[rid] = Loaded(rid, relpath(root, path), record, positions)
    return loaded, broken


def _load_tracker(root: Path, load: Callable[..., Any]) -> Tracker:
    problems: list[Problem] = []
    settings = TrackerSettings()
    settings_path = root / "tracker.yaml"
    # lexists, not is_file: a folder, FIFO or link loop in its place is a problem, not a default.
    if os.path.lexists(settings_path):
        loaded, _ = load(
            settings_path,
            problems,
            lambda found: load_record(root, settings_path, TrackerSettings, found),
        )
        settings = loaded or settings
    tracker = Tracker(root, settings, problems=problems)
    source_entries = folder_entries(root, "sources", problems)
    source_files = record_files(root, source_entries, problems)
    tracker.sources, tracker.broken_sources = _load_records(
        root, source_files, Source, load, problems
    )
    archives = {
        e.name[: -len(".txt")]: Path(e.path)
        for e in source_entries
        if e.name.endswith(".txt") and not e.name.startswith(".")
    }
    for sid, _ in source_files:
        txt = archives.get(sid)
        if txt is not None:  # whatever it is: read_data_file refuses a folder or a FIFO
            archive = load(txt, problems, lambda found, txt=txt: load_archive(root, txt, found))
            if archive is not None:
                tracker.archives[sid] = archive
    known = set(tracker.sources) | tracker.broken_sources
    for stem, txt in archives.items():
        if stem not in known:
            problems.append(
                warning(
                    relpath(root, txt),
                    (1, 1),
                    "orphan-archive",
                    f"archived text has no source record sources/{stem}.yaml",
                )
            )
    claim_entries = folder_entries(root, "claims", problems)
    claim_files = record_files(root, claim_entries, problems)
    tracker.claims, tracker.broken_claims = _load_records(root, claim_files, Claim, load, problems)
    return tracker
