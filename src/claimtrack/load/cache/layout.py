"""The load stage's file on disk, and the journal of what later runs added to it.

The file is one line of JSON (each file's stamp and digest, each record's problems,
names and the span of its data, the positions found in each file) followed by the
records' data, each record's JSON one after the other: reading it parses the line
alone, and each record's JSON is parsed only when the record is first read.

Beside it, the journal (``<file>.journal.json``): a later run that found something new
appends one entry of the same layout, a line and its records' data, holding only what
is new (a file's stamp and digest, or null when it is no longer trusted; a record; a
file's positions), so that a save costs what the run added: after one claim's edit a
few kilobytes, not the 16 MB of the whole file at 10,000 claims.  Reading applies the
entries in order after the file; an entry cut short (a run killed while appending) ends
the journal there.  Every entry is true whatever the file it follows (results by
content; a stamp is trusted only while the file still has it), so a journal read after
another run wrote the file anew misleads no one: it can only miss.  Once the journal and
the records a run did not use (of files changed or gone) would outgrow a quarter of the
file (or JOURNAL_MIN, for a small tracker's), a save writes the file anew, with what that
run used (Cache._save_records), and removes the journal.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from ...codes import Code, Severity
from ...fsutil import Stamp
from ...problems import Problem
from .tables import StoredRecord

# What reading a file of another claimtrack, or a damaged one, can raise.
UNREADABLE = (OSError, orjson.JSONDecodeError, LookupError, TypeError, ValueError, AttributeError)

# The journal a file of any size may have (a small tracker's file is written whole in
# a moment, but a journal keeps its saves to what they add all the same).
JOURNAL_MIN = 256 * 1024

Files = dict[str, tuple[Stamp, str]]
Records = dict[str, StoredRecord]
Positions = dict[str, dict[str, list[int]]]


def journal_path(path: Path) -> Path:
    return path.with_suffix(".journal.json")


def journal_room(size: int) -> int:
    """How large a journal may grow after a file of ``size`` bytes."""
    return max(size // 4, JOURNAL_MIN)


def read(path: Path) -> tuple[Files, Records, Positions, int, int]:
    """The file and its journal: files, records and positions, and the sizes of the file
    and of the journal's whole entries.  A file of another shape raises UNREADABLE."""
    whole = path.read_bytes()
    end = whole.index(b"\n")  # orjson writes none inside the line
    files: Files = {}
    records: Records = {}
    positions: Positions = {}
    _apply(
        orjson.loads(memoryview(whole)[:end]),
        memoryview(whole)[end + 1 :],
        files,
        records,
        positions,
    )
    used = 0
    try:
        journal = journal_path(path).read_bytes()
    except OSError:
        journal = b""
    while used < len(journal):
        try:
            end = journal.index(b"\n", used)
            line = orjson.loads(memoryview(journal)[used:end])
            size = int(line["size"])
            if end + 1 + size > len(journal):
                break  # cut short: the run appending it was killed
            blob = memoryview(journal)[end + 1 : end + 1 + size]
            _apply(line, blob, files, records, positions)
        except UNREADABLE:
            break
        used = end + 1 + size
    return files, records, positions, len(whole), used


def _apply(
    line: Any, blob: memoryview, files: Files, records: Records, positions: Positions
) -> None:
    """Take in one line (the file's or a journal entry's), its records' data in ``blob``."""
    for rel, found in line["files"].items():
        if found is None:
            files.pop(rel, None)
        else:
            # fsutil.as_stamp, inline: a call per file doubles this at 10,000 claims.
            m, s, i, d = found
            files[rel] = ((int(m), int(s), int(i)), str(d))
    # Most records have no problem: one empty tuple serves them all.
    for key, (span, rows, names) in line["records"].items():
        records[key] = StoredRecord(
            None if span is None else blob[int(span[0]) : int(span[1])],
            tuple(_problem(row) for row in rows) if rows else (),
            names,
        )
    for d, table in line["positions"].items():
        positions[str(d)] = {str(k): [int(v[0]), int(v[1])] for k, v in table.items()}


def entry(
    files: dict[str, tuple[Stamp, str] | None],
    records: Records,
    positions: Positions,
    *,
    size: bool,
) -> bytes:
    """The file (``size`` False) or a journal entry: a line, then the records' data."""
    data: list[bytes | memoryview] = []
    rows: dict[str, list[Any]] = {}
    at = 0
    for key, r in records.items():
        span = None
        if r.data is not None:
            data.append(r.data)
            span = [at, at + len(r.data)]
            at = span[1]
        rows[key] = [span, [_problem_row(p) for p in r.problems], r.names]
    line: dict[str, Any] = {
        "files": {rel: None if e is None else [*e[0], e[1]] for rel, e in sorted(files.items())},
        "records": rows,
        "positions": positions,
    }
    if size:
        line["size"] = at
    return b"".join([orjson.dumps(line), b"\n", *data])


def append(path: Path, data: bytes) -> None:
    """Add an entry at the journal's end, in one write (a reader sees it whole or cut
    short, never mixed with another's)."""
    fd = os.open(journal_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _problem_row(p: Problem) -> list[Any]:
    return [p.path, p.line, p.column, p.severity.value, p.code, p.message, p.hint]


def _problem(row: list[Any]) -> Problem:
    path, line, column, severity, code, message, hint = row
    return Problem(path, line, column, Severity(severity), Code(code), message, hint)


def json_parts(data: Any) -> Iterator[bytes]:
    """``orjson.dumps(data)``'s bytes in parts: an object's members, and each element of
    a member that is an array, one after the other.  A part's file is written from them
    (Cache.save), so that the whole text is never held at once: the site part is 10 MB at
    10,000 claims, and a build's save is its peak."""
    if not isinstance(data, dict):
        yield orjson.dumps(data)
        return
    yield b"{"
    for i, (key, value) in enumerate(data.items()):
        yield (b"," if i else b"") + orjson.dumps(key) + b":"
        if isinstance(value, list):
            yield b"["
            for j, item in enumerate(value):
                yield (b"," if j else b"") + orjson.dumps(item)
            yield b"]"
        else:
            yield orjson.dumps(value)
    yield b"}"
