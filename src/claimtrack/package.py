"""Claimtrack's own files and the fingerprint of them: how a cache or a manifest notices that
claimtrack itself changed (another version, an edited source file, a new template).

One listing (``package_files``: every file of the package but its byte-code) and one
fingerprint of it (``fingerprint``): a digest of each file's name and bytes.  Reading
every file costs more than a replay of a command that nothing changed for (a stat per
file), so the fingerprint is remembered in the tracker's cache folder beside the stamps
of the files it was made from, and taken from there while those stamps are unchanged.
A recent stamp is never trusted (fsutil.any_recent): then the files are read again, and
what they give is not remembered.

Only the standard library and orjson are imported here: the no-change replay
(load/manifest.py) asks for the fingerprint.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from functools import cache as memoise
from pathlib import Path

import orjson

from .fsutil import Stamp, any_recent, as_stamp, atomic_write_bytes, stamp

PACKAGE = Path(__file__).resolve().parent
# The remembered fingerprint, in the tracker's cache folder (load/cache/'s cache_folder).
REMEMBERED = "package.json"


@memoise
def package_files() -> tuple[tuple[str, str], ...]:
    """(name, path) of every file of the claimtrack package, its byte-code apart, by name
    (``claimtrack:<folder>/<file>``); listed once per process."""
    found = []
    for folder, dirs, names in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        rel = os.path.relpath(folder, PACKAGE)
        for name in sorted(names):
            if not name.endswith((".pyc", ".pyo")):
                found.append((f"claimtrack:{rel}/{name}", os.path.join(folder, name)))
    return tuple(found)


def _stamps() -> dict[str, Stamp | None]:
    return {name: stamp(path) for name, path in package_files()}


def _digest(files: tuple[tuple[str, str], ...]) -> str:
    digest = hashlib.blake2b(digest_size=16)
    for name, path in files:
        try:
            data = Path(path).read_bytes()
        except OSError:  # gone since the listing: as a missing file
            data = b"\0missing"
        digest.update(f"{name}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()


@memoise
def fingerprint(folder: Path | None) -> str:
    """The digest of the package's files, as remembered in ``folder`` (a tracker's cache
    folder; None: nowhere) while their stamps are those it was made from."""
    stamps = _stamps()
    trusted = not any_recent(stamps.values())
    memo = None if folder is None else folder / REMEMBERED
    if memo is not None and trusted:
        try:
            data = orjson.loads(memo.read_bytes())
            kept = {str(k): None if v is None else as_stamp(v) for k, v in data["files"].items()}
            if kept == stamps:
                return str(data["fingerprint"])
        except (OSError, orjson.JSONDecodeError, LookupError, TypeError, ValueError):
            pass  # missing, corrupt or foreign: made again below
    found = _digest(package_files())
    if memo is not None and trusted:
        body = {"files": stamps, "fingerprint": found}
        # Into the cache folder once a save made it (with its .gitignore), never before; a
        # read-only checkout reads the files again next time.
        with contextlib.suppress(OSError):
            atomic_write_bytes(memo, orjson.dumps(body), durable=False)
    return found
