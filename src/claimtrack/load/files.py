"""Which files a tracker holds, and reading one of them safely.

Every data file is read through read_data_file: links out of the tracker and
oversized files are refused with a problem, never followed or read.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..problems import Problem, error, warning
from ..records import ID_RULE, is_record_id
from .yamlsource import MAX_BYTES

# Where each kind of record lives; tracker.yaml is the one settings file.
FOLDERS = {"claim": "claims", "source": "sources"}
SETTINGS_FILE = "tracker.yaml"


@dataclass(frozen=True, slots=True)
class Archive:
    """The archived text of a source, ``sources/<id>.txt``."""

    path: str
    text: str
    sha256: str


def link_outside(root: Path, path: Path, rel: str) -> Problem | None:
    """The problem when ``path`` is a symbolic link leading out of the tracker (never read it)."""
    if os.path.islink(path) and not path.resolve().is_relative_to(root.resolve()):
        message = "symbolic link points outside the tracker"
        return error(rel, (1, 1), "symlink-outside", message, "copy the file in")
    return None


def read_data_file(root: Path, path: Path, problems: list[Problem]) -> bytes | None:
    """Read a file's bytes, refusing links out of the tracker and oversized files."""
    rel = relpath(root, path)
    outside = link_outside(root, path, rel)
    if outside is not None:
        problems.append(outside)
        return None
    try:
        with open(path, "rb") as handle:
            # fstat, not read(MAX_BYTES + 1): that would allocate a mebibyte per file.
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_BYTES:
                problems.append(
                    error(
                        rel,
                        (1, 1),
                        "file-too-large",
                        f"file is {size} bytes, more than the limit of {MAX_BYTES}",
                    )
                )
                return None
            return handle.read()
    except OSError as exc:
        problems.append(error(rel, (1, 1), "unreadable", f"cannot read file: {exc.strerror}"))
        return None


def relpath(root: Path, path: Path) -> str:
    """``path`` relative to ``root`` with forward slashes (string work: called per file)."""
    prefix, full = str(root) + os.sep, str(path)
    if full.startswith(prefix):
        return full[len(prefix) :].replace(os.sep, "/")
    return path.relative_to(root).as_posix()


def record_files(root: Path, folder: str, problems: list[Problem]) -> list[tuple[str, Path]]:
    """(id, path) of each record file in ``root/folder``; misnamed files become problems."""
    base = root / folder
    if not base.is_dir():
        return []
    found = []
    for entry in sorted(os.scandir(base), key=lambda e: e.name):
        path = Path(entry.path)
        name = entry.name
        if name.startswith(".") or not name.endswith((".yaml", ".yml")):
            continue
        rel = relpath(root, path)
        if name.endswith(".yml"):
            problems.append(
                warning(
                    rel,
                    (1, 1),
                    "file-extension",
                    "file is ignored: records end in .yaml",
                    "rename it to .yaml",
                )
            )
            continue
        stem = name[: -len(".yaml")]
        if not is_record_id(stem):
            problems.append(
                error(
                    rel,
                    (1, 1),
                    "invalid-id",
                    f"file name {stem!r} is not a valid id",
                    f"use {ID_RULE}",
                )
            )
            continue
        found.append((stem, path))
    return found


def archive_files(root: Path) -> list[Path]:
    """Every ``sources/*.txt``, sorted."""
    base = root / "sources"
    return sorted(base.glob("*.txt")) if base.is_dir() else []


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


def classify(rel: str) -> tuple[str, str] | None:
    """(kind, id) of a path relative to the root that loading reads, or None.

    Kinds: claim, source, archive, settings.  Names that loading would report
    (``.yml``, invalid ids) classify as None here: a change to one makes the
    caller list the folder again.
    """
    if rel == SETTINGS_FILE:
        return ("settings", "")
    folder, _, name = rel.partition("/")
    if "/" in name or name.startswith("."):
        return None
    stem, dot, ext = name.rpartition(".")
    if not dot or not is_record_id(stem):
        return None
    if folder == "claims" and ext == "yaml":
        return ("claim", stem)
    if folder == "sources" and ext in ("yaml", "txt"):
        return ("source" if ext == "yaml" else "archive", stem)
    return None
