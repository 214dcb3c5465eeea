"""One record file read and parsed, from disk or from an editor's unsaved text.

The Loader (tracker.py) calls these for each file it must load again; parse_one runs in
either of the two processes that share a large load (batch.split).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from ..problems import Problem
from .cache import content_digest
from .files import read_data_file, read_unsaved
from .parse import ParseResult, parse_bytes

# What reading one file gives: its stat (None when nothing on disk stands for the content),
# its digest ("" when unreadable), its parse result and the problems of reading it.
Read = tuple[os.stat_result | None, str, ParseResult | None, list[Problem]]


def file_reader(path: str, rel: str, digest: str) -> Callable[[], str | None]:
    """The file's text, read again when a position is asked for, if it still has the
    content that was loaded."""

    def read() -> str | None:
        try:
            with open(path, "rb") as handle:
                raw = handle.read()
        except OSError:
            return None
        if content_digest(rel, raw) != digest:
            return None
        return raw.decode("utf-8", "replace")

    return read


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
    try:
        st = os.stat(path)
    except OSError:
        st = None
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
