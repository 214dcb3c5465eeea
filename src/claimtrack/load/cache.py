"""What loading and checking computed, kept between runs as ruff and mypy keep theirs.

The cache maps content to results, never names to results:

- ``files``: for each data file, its stat stamp (mtime, size, inode) and the
  digest of its path and bytes.  A file whose stamp is unchanged is not read
  again, except when it was written within the last two seconds (see
  fsutil.is_recent: file clocks tick coarsely).
- ``parsed``: by that digest, what parsing gave (plain data, the first line,
  the parse problems).  Validation into records runs on every load: it is
  cheap, and a record model never comes from the disk.
- ``normalised``: archived texts normalised for quote search, by the sha256
  of the archive; ``quotes``: whether a quote is in an archive, by both;
  ``contexts``: likewise, the quote as the archive has it and the text around it.
- ``positions``: by file digest, the line and column of each data path a
  problem needed, so that a problem reported again costs no parse.

On disk it is two JSON files in ``.claimtrack_cache/`` (git-ignored; the
normalised archives apart, read only when a quote needs them), named
for the claimtrack version and a fingerprint of the package's code, so that a
changed claimtrack never reads an older cache.  JSON, not pickle: a cache file
can come from anywhere, and reading it must not run code.  It is safe to
delete; a corrupt or foreign file is ignored (and replaced on the next save).
``Cache.disabled()`` (``--no-cache``) neither reads nor writes it.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache as memoise
from pathlib import Path
from typing import Any

import orjson

from .._version import __version__
from ..codes import Code, Severity
from ..fsutil import atomic_write_bytes, is_recent
from ..problems import Problem

CACHE_DIR = ".claimtrack_cache"
# Like MYPY_CACHE_DIR and RUFF_CACHE_DIR: keep the caches elsewhere (one folder per tracker).
CACHE_DIR_VARIABLE = "CLAIMTRACK_CACHE_DIR"
_GITIGNORE = b"# Written by claimtrack; safe to delete.\n*\n"

Stamp = tuple[int, int, int]  # mtime_ns, size, inode
Context = tuple[str, str, str, int, int, int]  # before, passage, after, occurrences, start, end


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What parsing one data file gave, before validation: plain data only."""

    data: dict[str, Any] | None
    first_line: bytes
    problems: tuple[Problem, ...]


def stamp_of(st: os.stat_result) -> Stamp:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def content_digest(rel: str, raw: bytes) -> str:
    """The key of a file's parse result: problems name the path, so the path is part of it."""
    return hashlib.blake2b(rel.encode("utf-8") + b"\0" + raw, digest_size=20).hexdigest()


@memoise
def code_fingerprint() -> str:
    """Changes with the version and with any change to the package's code."""
    digest = hashlib.blake2b(__version__.encode(), digest_size=8)
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


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
        self.parsed: dict[str, ParseResult] = {}
        self.normalised: dict[str, str] = {}
        self.quotes: dict[str, bool] = {}
        self.positions: dict[str, dict[str, list[int]]] = {}
        # Quotes in context (check.quotecontext.QuoteContext as a tuple), or None
        # when not found, by archive sha256 and quote: finding them costs more than loading.
        self.contexts: dict[str, Context | None] = {}
        # A source's coverage counts (check.coverage), by archive sha256 and cited quotes.
        self.coverage: dict[str, list[int]] = {}
        self._positions_read = 0
        self._dirty = False
        # Normalised archives are the bulk of the cache and needed only when a quote is
        # not in ``quotes``: they live in a file of their own, read on first need.
        self._archives_read = folder is None
        self._archives_dirty = False
        self._used: set[str] = set()

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
        if self.folder is None:
            return None
        return self.folder / f"v{__version__}-{code_fingerprint()}.json"

    # -- files ---------------------------------------------------------------
    def trusted_digest(self, rel: str, st: os.stat_result) -> str | None:
        """The digest recorded for ``rel`` when its stamp says it has not changed since."""
        known = self.files.get(rel)
        if known is None or known[0] != stamp_of(st) or is_recent(st.st_mtime_ns):
            return None
        return known[1]

    def remember_file(self, rel: str, st: os.stat_result, digest: str) -> None:
        entry = (stamp_of(st), digest)
        if self.files.get(rel) != entry:
            self.files[rel] = entry
            self._dirty = True

    # -- parse results -------------------------------------------------------
    def parse_result(self, digest: str) -> ParseResult | None:
        found = self.parsed.get(digest)
        if found is not None:
            self._used.add(digest)
        return found

    def remember_parse(self, digest: str, result: ParseResult) -> None:
        self.parsed[digest] = result
        self._used.add(digest)
        self._dirty = True

    def known_positions(self, digest: str) -> dict[str, list[int]]:
        """Positions found in the file with this digest; Positions adds what it looks up."""
        self._used.add(digest)
        return self.positions.setdefault(digest, {})

    # -- normalised archives -------------------------------------------------
    def normalised_text(self, sha256: str) -> str | None:
        if not self._archives_read:
            self._read_archives()
        found = self.normalised.get(sha256)
        if found is not None:
            self._used.add(sha256)
        return found

    def remember_normalised(self, sha256: str, text: str) -> None:
        self.normalised[sha256] = text
        self._used.add(sha256)
        self._archives_dirty = True

    # -- quote results -------------------------------------------------------
    def quote_result(self, sha256: str, quote: str) -> bool | None:
        key = f"{sha256}\0{quote}"
        found = self.quotes.get(key)
        if found is not None:
            self._used.add(key)
        return found

    def remember_quote(self, sha256: str, quote: str, found: bool) -> None:
        key = f"{sha256}\0{quote}"
        self.quotes[key] = found
        self._used.add(key)
        self._dirty = True

    def context(self, sha256: str, quote: str) -> tuple[bool, Context | None]:
        """(known, context): whether the context of the quote in the archive is known."""
        key = f"{sha256}\0{quote}"
        if key not in self.contexts:
            return False, None
        self._used.add(key)
        return True, self.contexts[key]

    def remember_context(self, sha256: str, quote: str, context: Context | None) -> None:
        key = f"{sha256}\0{quote}"
        self.contexts[key] = context
        self._used.add(key)
        self._dirty = True

    def coverage_counts(self, key: str) -> list[int] | None:
        counts = self.coverage.get(key)
        if counts is not None:
            self._used.add(key)
        return counts

    def remember_coverage(self, key: str, counts: list[int]) -> None:
        self.coverage[key] = counts
        self._used.add(key)
        self._dirty = True

    # -- disk ----------------------------------------------------------------
    def _read(self) -> None:
        path = self.path
        if path is None:
            return
        try:
            raw = path.read_bytes()
            data = orjson.loads(raw)
            files = {
                rel: ((int(m), int(s), int(i)), str(d))
                for rel, (m, s, i, d) in data["files"].items()
            }
            parsed = {
                key: ParseResult(
                    data=entry[0],
                    first_line=str(entry[1]).encode("latin-1"),
                    problems=tuple(_problem(row) for row in entry[2]),
                )
                for key, entry in data["parsed"].items()
            }
            quotes = {str(k): bool(v) for k, v in data["quotes"].items()}
            contexts: dict[str, Context | None] = {
                str(k): None
                if v is None
                else (str(v[0]), str(v[1]), str(v[2]), int(v[3]), int(v[4]), int(v[5]))
                for k, v in data["contexts"].items()
            }
            coverage = {str(k): [int(n) for n in v] for k, v in data["coverage"].items()}
            positions = {
                str(d): {str(k): [int(v[0]), int(v[1])] for k, v in table.items()}
                for d, table in data["positions"].items()
            }
        except (OSError, orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            return  # missing, corrupt or foreign: start empty, the next save replaces it
        if not all(isinstance(e.data, dict | None) for e in parsed.values()):
            return
        self.files, self.parsed, self.quotes, self.positions = files, parsed, quotes, positions
        self.contexts, self.coverage = contexts, coverage
        self._positions_read = self._position_count()

    def _read_archives(self) -> None:
        self._archives_read = True
        path = self._archives_path
        if path is None:
            return
        try:
            data = orjson.loads(path.read_bytes())
            normalised = {str(k): str(v) for k, v in data.items()}
        except (OSError, orjson.JSONDecodeError, TypeError, ValueError, AttributeError):
            return
        self.normalised = {**normalised, **self.normalised}

    @property
    def _archives_path(self) -> Path | None:
        path = self.path
        return None if path is None else path.with_suffix(".archives.json")

    def _position_count(self) -> int:
        return sum(len(table) for table in self.positions.values())

    def save(self) -> None:
        """Write what this run used (only when something changed); entries it did not use go."""
        path, archives = self.path, self._archives_path
        if path is None or archives is None:
            return
        records_changed = self._dirty or self._position_count() != self._positions_read
        if not records_changed and not self._archives_dirty:
            return
        assert self.folder is not None
        body = {
            "files": {rel: [*stamp, digest] for rel, (stamp, digest) in sorted(self.files.items())},
            "parsed": {
                key: [
                    r.data,
                    r.first_line.decode("latin-1"),
                    [_problem_row(p) for p in r.problems],
                ]
                for key, r in self.parsed.items()
                if key in self._used
            },
            "quotes": {k: v for k, v in self.quotes.items() if k in self._used},
            "contexts": {k: v for k, v in self.contexts.items() if k in self._used},
            "coverage": {k: v for k, v in self.coverage.items() if k in self._used},
            "positions": {k: v for k, v in self.positions.items() if k in self._used and v},
        }
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            ignore = self.folder / ".gitignore"
            if not ignore.exists():
                atomic_write_bytes(ignore, _GITIGNORE, durable=False)
            for old in self.folder.glob("v*.json"):
                if old not in (path, archives):
                    old.unlink(missing_ok=True)
            if records_changed:
                atomic_write_bytes(path, orjson.dumps(body), durable=False)
            if self._archives_dirty:
                texts = {k: v for k, v in self.normalised.items() if k in self._used}
                atomic_write_bytes(archives, orjson.dumps(texts), durable=False)
        except OSError:
            return  # a read-only checkout still checks; it only cannot remember
        self._dirty = self._archives_dirty = False
        self._positions_read = self._position_count()
