"""The tracker's files: found folder by folder, named from the root, read safely.

Every data and archive file is read by :func:`read_data_file`, which turns
whatever must not be read (a link out of the tracker or in a loop, a FIFO, a
device, a folder, a file too large) into a problem at line 1 of its path.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import NamedTuple

from ..codes import Code
from ..errors import ClaimtrackError, FileRefused, UsageError
from ..fsutil import (
    Stamp,
    is_inside,
    link_outside,
    read_regular,
    refusal,
    stamp,
    too_large,
)
from ..layout import (
    COPIES,
    FOLDERS,
    REVISIONS_SUFFIX,
    SETTINGS_FILE,
    FileKind,
    classify,
)
from ..problems import Problem, report
from ..textrules import ID_RULE, is_record_id

# The largest record file read (yamlsource refuses larger ones by the same number); defined
# here so that listing the tracker's files needs no YAML parser.
MAX_BYTES = 1024 * 1024
# A saved web page, sources/<id>.html, is kept as fetched: pages run larger than records.
PAGE_MAX_BYTES = 5 * 1024 * 1024


class Archive:
    """The archived text of a source, ``sources/<id>.txt`` (or a revision's).

    Loaded from a file whose stamp the cache trusts (``Archive.later``), its text is read
    when first asked for: a check or build whose quotes' results are all known from
    their archives' digests reads no archive.  Equal when the path and the digest are."""

    __slots__ = ("_read", "_text", "path", "sha256")

    def __init__(self, path: str, text: str, sha256: str) -> None:
        self.path, self.sha256 = path, sha256
        self._text: str | None = text
        self._read: Callable[[], str] | None = None

    @classmethod
    def later(cls, root: Path, path: str, sha256: str) -> Archive:
        """The archive at ``path`` (relative to ``root``) whose bytes have this sha256."""
        archive = cls(path, "", sha256)
        archive._text, archive._read = None, partial(_read_archive, root, path, sha256)
        return archive

    @property
    def text(self) -> str:
        if self._text is None:
            assert self._read is not None
            self._text = self._read()  # the file changed since: an error, again if asked again
            self._read = None
        return self._text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Archive):
            return NotImplemented
        return (self.path, self.sha256) == (other.path, other.sha256)

    def __hash__(self) -> int:
        return hash((self.path, self.sha256))


def _read_archive(root: Path, rel: str, sha256: str) -> str:
    """An archive's text read when first asked for: the bytes its digest names, or an error
    (the file changed, or went, since the run looked at it)."""
    raw = read_data_file(root, root / rel, [])
    if raw is None or hashlib.sha256(raw).hexdigest() != sha256:
        raise ClaimtrackError(f"{rel} changed while claimtrack was reading it: run it again")
    return raw.decode("utf-8")


@dataclass(frozen=True, slots=True)
class SavedPage:
    """The web page a source's archived text was extracted from, ``sources/<id>.html``.

    Only its hash is kept: the page is evidence of what was archived, never published.
    """

    path: str
    sha256: str


def is_tracker(folder: Path) -> bool:
    """Whether ``folder`` is a tracker's root: it has tracker.yaml (`claimtrack init` writes
    one), or, for a tracker started before tracker.yaml was written, a claims/ or sources/
    folder.  Anything in tracker.yaml's place counts: loading reports what is wrong with it."""
    return os.path.lexists(folder / SETTINGS_FILE) or any(
        (folder / name).is_dir() for name in FOLDERS.values()
    )


def check_root(root: Path) -> Path:
    """``root`` resolved; refused unless it is a tracker's folder (the one check of a
    tracker's root): a command run in the wrong folder must not report nothing wrong, build
    an empty site or write claims/ there."""
    if not root.is_dir():
        raise UsageError(f"{root}: no such folder")
    if not is_tracker(root):
        raise UsageError(
            f"not a tracker: {root.absolute()} has no {SETTINGS_FILE} (nor claims/ or "
            "sources/); give the tracker's folder with --root DIR, or start a new tracker "
            "with `claimtrack init DIR`"
        )
    return root.resolve()


def read_data_file(
    root: Path, path: Path, problems: list[Problem], limit: int = MAX_BYTES
) -> bytes | None:
    """Read a data or archive file's bytes; anything unsafe to read becomes a problem.

    Refused: links out of the tracker or in a loop, anything but a regular file
    (a FIFO would block, a device never end) and files over ``MAX_BYTES``.
    ``root`` is resolved.  The lstat here also tells the file's kind, so a plain
    file costs no more syscalls than an unguarded read.
    """
    try:
        st_mode = os.lstat(path).st_mode
        mode: int | None = st_mode
        if stat.S_ISLNK(st_mode):
            outside = link_outside(root, path, relpath(root, path))
            if outside is not None:
                problems.append(outside)
                return None
            mode = None  # read_regular stats what the link points to
        return read_regular(path, limit, mode)
    except OSError as exc:
        refused = refusal(exc)
    except FileRefused as exc:
        refused = exc
    problems.append(report(relpath(root, path), (1, 1), refused.code, str(refused), refused.hint))
    return None


def relpath(root: Path, path: Path | str) -> str:
    """``path`` relative to ``root`` with forward slashes (string work: called per file)."""
    prefix, full = str(root) + os.sep, str(path)
    if full.startswith(prefix):
        return full[len(prefix) :].replace(os.sep, "/")
    return Path(path).relative_to(root).as_posix()


class Entry(NamedTuple):
    """What the listing reads of a folder's entry: its name, and its path relative to the
    root with forward slashes (made once by joining, never by stripping the root off)."""

    name: str
    rel: str


# The names of a folder's entries as one listing found them, by the folder's path from
# the root (names only: 14,000 DirEntry objects with their stats kept cost 3.5 MiB).
Scanned = dict[str, list[str]]


def folder_entries(
    root: Path, folder: str, problems: list[Problem], scanned: Scanned | None = None
) -> list[Entry]:
    """The entries of ``root/folder`` by name; none when it is missing or a refused link.
    ``scanned``: the names tracker_stamps found (not scanned again)."""
    base = root / folder
    try:
        if os.path.islink(base):
            target = os.path.realpath(base, strict=True)
            if not is_inside(root, target):
                problems.append(
                    report(
                        folder,
                        (1, 1),
                        Code.SYMLINK_OUTSIDE,
                        f"the {folder}/ folder is a symbolic link to outside the tracker; "
                        "nothing in it is read",
                        f"make {folder}/ a real folder inside the tracker",
                    )
                )
                return []
        if not base.is_dir():
            return []
        found = None if scanned is None else scanned.get(folder)
        prefix = folder + "/"
        if found is None:
            return [Entry(name, prefix + name) for name in sorted(os.listdir(base))]
        return [Entry(name, prefix + name) for name in sorted(found)]
    except OSError as exc:
        refused = refusal(exc)
        problems.append(report(folder, (1, 1), refused.code, str(refused), refused.hint))
        return []


def record_files(entries: list[Entry], problems: list[Problem]) -> list[tuple[str, str]]:
    """(id, path relative to the root) of each record file among ``entries``; misnamed
    ones become problems.  Strings, not Paths: called for every file of the tracker."""
    found = []
    for entry in entries:
        name = entry.name
        if name.startswith(".") or not name.lower().endswith((".yaml", ".yml")):
            continue
        rel = entry.rel
        if not name.endswith(".yaml"):
            # Any other spelling (.yml, .YAML, .Yaml) is not loaded: an error, or
            # a record the editor wrote would silently miss from the site.
            base = name[: name.rindex(".")]
            problems.append(
                report(
                    rel,
                    (1, 1),
                    Code.FILE_EXTENSION,
                    "file is not loaded: records end in .yaml (lowercase)",
                    f"rename it to {base}.yaml",
                )
            )
            continue
        stem = name[: -len(".yaml")]
        if not is_record_id(stem):
            problems.append(
                report(
                    rel,
                    (1, 1),
                    Code.INVALID_ID,
                    # printable(), at output, escapes the name as in the path (repr would differ)
                    f"file name '{stem}' is not a valid id",
                    f"use {ID_RULE}",
                )
            )
            continue
        found.append((stem, rel))
    return found


def read_unsaved(
    rel: str, raw: bytes, problems: list[Problem], limit: int = MAX_BYTES
) -> bytes | None:
    """An editor's unsaved text of ``rel``, held to the limit a file on disk is held to."""
    if len(raw) <= limit:
        return raw
    refused = too_large(len(raw), limit)
    problems.append(report(rel, (1, 1), refused.code, str(refused), refused.hint))
    return None


def load_archive(
    root: Path, path: Path, problems: list[Problem], unsaved: bytes | None = None
) -> Archive | None:
    """``unsaved``: the editor's text of the file, read in its place."""
    rel = relpath(root, path)
    if unsaved is None:
        raw = read_data_file(root, path, problems)
    else:
        raw = read_unsaved(rel, unsaved, problems)
    if raw is None:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(
            report(rel, (1, 1), Code.NOT_UTF8, f"archived text is not UTF-8 (byte {exc.start})")
        )
        return None
    return Archive(rel, text, hashlib.sha256(raw).hexdigest())


def load_page(
    root: Path, path: Path, problems: list[Problem], unsaved: bytes | None = None
) -> SavedPage | None:
    if unsaved is None:
        raw = read_data_file(root, path, problems, PAGE_MAX_BYTES)
    else:
        raw = read_unsaved(relpath(root, path), unsaved, problems, PAGE_MAX_BYTES)
    if raw is None:
        return None
    return SavedPage(relpath(root, path), hashlib.sha256(raw).hexdigest())


@dataclass(frozen=True, slots=True)
class Seen:
    """What a run found of the tracker's files before it read any (load/manifest.py): the
    listing, its copies and problems as list_files gave them, and the stamps of the files
    it looked at by path (None: it cannot be stat'ed; tracker_stamps: every listed file's,
    taken before the listing, and others'; the Loader stamps a listed file without one).
    The Loader loads from it instead of listing and stat'ing every file again."""

    listing: list[tuple[str, FileKind, str]]
    copies: list[str]
    problems: list[Problem]
    stamps: dict[str, Stamp | None]


def list_files(
    root: Path, problems: list[Problem], scanned: Scanned | None = None
) -> tuple[list[tuple[str, FileKind, str]], list[str]]:
    """The one listing of a tracker's files: (rel, kind, id) of every file loading reads,
    and every copy in sources/ and its revisions folders (``.txt``, ``.html``, for
    orphan-archive); misnamed files
    become ``problems``.  The Loader loads from it and load/manifest.py stamps it.
    ``scanned``: the folders' entries as tracker_stamps found them (not scanned again)."""
    listing: list[tuple[str, FileKind, str]] = []
    # lexists, not is_file: a folder, FIFO or link loop in its place is a problem, not a default.
    if os.path.lexists(root / SETTINGS_FILE):
        listing.append((SETTINGS_FILE, "settings", ""))
    sources = folder_entries(root, FOLDERS["source"], problems, scanned)
    for rid, rel in record_files(sources, problems):
        listing.append((rel, "source", rid))
    copies = [e.rel for e in sources if e.name.endswith(COPIES) and not e.name.startswith(".")]
    # A source's revisions folder is the one subfolder read, one level deep.
    for entry in sources:
        if entry.name.endswith(REVISIONS_SUFFIX) and not entry.name.startswith("."):
            folder = entry.rel
            for inner in folder_entries(root, folder, problems, scanned):
                if inner.name.endswith(COPIES) and not inner.name.startswith("."):
                    copies.append(f"{folder}/{inner.name}")
    for rel in copies:
        found = classify(rel)
        if found is not None:  # whatever it is: read_data_file refuses a folder or a FIFO
            listing.append((rel, *found))
    claims = folder_entries(root, FOLDERS["claim"], problems, scanned)
    for rid, rel in record_files(claims, problems):
        listing.append((rel, "claim", rid))
    return listing, copies


# What list_files looks at in claims/ and sources/ (it reports a misnamed record too).
_LOOKED_AT = (".yaml", ".yml", *COPIES, REVISIONS_SUFFIX)


def tracker_stamps(root: Path) -> tuple[dict[str, Stamp | None], Scanned]:
    """The stamp of every path list_files could list or report on, by its path relative to
    the root, from one listing of each folder (None: it cannot be stat'ed): what a run's
    manifest digests before the run reads anything (load/manifest.py).  Names are only
    filtered as list_files filters them (a hidden file, or one of another kind, is never
    read), not validated or classified: a replay costs a stat per file and no more.  A
    folder's own stamp counts where list_files reports on the folder itself: a link, or
    one that cannot be read.  With the entries of each folder scanned, which list_files
    then lists without scanning again (a run that is not replayed)."""
    base = str(root) + os.sep
    found: dict[str, Stamp | None] = {SETTINGS_FILE: stamp(base + SETTINGS_FILE)}
    scanned: Scanned = {}
    folders = [FOLDERS["source"], FOLDERS["claim"]]
    for folder in folders:
        path = base + folder
        try:
            if os.path.islink(path):
                found[folder] = stamp(path)
            # A name list and a stat relative to the folder's descriptor: 25% less than
            # scandir's entries and their stat() (27 against 32 ms for 10,000 claims).
            names = os.listdir(path)
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        except FileNotFoundError:
            continue
        except OSError:
            found[folder] = stamp(path)
            continue
        kept: list[str] = []
        prefix, sources = folder + "/", folder == FOLDERS["source"]
        try:  # a replay's loop, 14,000 files at 10,000 claims: stamp_of inline
            for name in names:
                if name.startswith(".") or not name.lower().endswith(_LOOKED_AT):
                    continue
                kept.append(name)
                rel = prefix + name
                try:
                    st = os.stat(name, dir_fd=fd)
                    found[rel] = (st.st_mtime_ns, st.st_size, st.st_ino)
                except OSError:
                    found[rel] = None
                if sources and name.endswith(REVISIONS_SUFFIX):
                    folders.append(rel)  # one level deep: its copies, as list_files reads
        finally:
            os.close(fd)
        scanned[folder] = kept
    return found, scanned
