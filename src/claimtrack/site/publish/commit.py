"""Writing what an edit changed into the live site, in one commit with a journal.

A warm build writes only the files whose bytes changed, in place, without copying the
other 30,000.  So that a kill at any moment never leaves a site that is half old and
half new to claimtrack, the writes are a commit in three steps:

1. **Stage.** Each new file is written whole into a staging folder beside the site
   (``.<out>.commit-<pid>-*``, marked as claimtrack's from its first moment, as
   swap.new_folder makes every temporary folder).  The site is untouched.
2. **Decide.** The journal (``journal.json`` in that folder: each staged file and where
   it goes, and the files to delete) is written atomically.  Its existence is the
   decision: before it, the commit never happened; after it, it will be finished.
3. **Apply.** Each staged file is renamed into place (one step each: a reader's web
   server serves the old file or the new one, never part of one), the deleted files
   are unlinked, the marker is written again (so the site's stamp moves: a command's
   replay sees the change), then the journal and the folder are deleted.

``settle`` runs first in every command that reads or writes a site: it puts back a site
folder a killed swap left away (swap.recover), finishes every commit whose journal was
written by a process that is gone (a rename already done is not done again), and
deletes every staging folder without a journal (the site never saw it).  So after
``settle`` the site is wholly the old one or wholly the new one.  Only the standard
library, fsutil and swap.py: ``build``'s replay settles before it imports anything else.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from ...fsutil import Stamp, atomic_write_bytes, stamp_of
from . import swap

JOURNAL = "journal.json"
KIND = "commit"


def settle(out: Path) -> None:
    """Leave ``out`` wholly old or wholly new after any kill (see the module's text)."""
    swap.recover(out)
    for kind, folder in swap.abandoned(out):
        if kind == KIND:
            _finish(folder, out)
        else:  # a killed build's or index's folder, or an old site no longer needed
            swap.remove_marked(folder)


def commit(
    out: Path,
    writes: Mapping[str, bytes | Sequence[bytes | memoryview]],
    deletes: Iterable[str] = (),
) -> dict[str, Stamp]:
    """Write ``writes`` (site path -> bytes, or its parts in order) into the site ``out``
    and delete ``deletes``, as one commit; returns the stamp of each file written, as it
    now is in the site."""
    gone = sorted(deletes)
    if not writes and not gone:
        return {}
    folder = swap.new_folder(out, KIND)
    try:
        stamps: dict[str, Stamp] = {}
        moves: list[tuple[str, str]] = []
        for number, (path, data) in enumerate(writes.items()):
            name = str(number)
            stamps[path] = _stage(folder / name, data)
            moves.append((name, path))
        # The decision: from here on the commit is finished, by this process or the next.
        journal = {"moves": moves, "deletes": gone}
        atomic_write_bytes(folder / JOURNAL, json.dumps(journal).encode(), durable=False)
    except BaseException:
        swap.remove_marked(folder)
        raise
    _finish(folder, out)
    return stamps


def _stage(path: Path, data: bytes | Sequence[bytes | memoryview]) -> Stamp:
    # 0o666 less the umask, as a cold build's files are made: the same mode either way.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    with os.fdopen(fd, "wb") as handle:
        if isinstance(data, bytes):
            handle.write(data)
        else:
            handle.writelines(data)
        handle.flush()
        # A rename keeps the inode and the times: this is the file's stamp in the site.
        return stamp_of(os.fstat(handle.fileno()))


def _finish(folder: Path, out: Path) -> None:
    """Apply the journal in ``folder`` to ``out`` (again, after a kill: each step can be
    taken twice), or, without a journal, drop the staged files."""
    try:
        journal = json.loads((folder / JOURNAL).read_bytes())
        moves = [(str(name), str(path)) for name, path in journal["moves"]]
        deletes = [str(path) for path in journal["deletes"]]
        if not all(_in_site(p) for p in [*deletes, *(path for _, path in moves)]):
            raise ValueError("a path outside the site")
        if not all(name.isdigit() for name, _ in moves):
            raise ValueError("a staged name this code does not give")
    except FileNotFoundError:
        swap.remove_marked(folder)  # never decided: the site never saw it
        return
    except (OSError, ValueError, LookupError, TypeError):
        # Not a journal this code wrote (or damaged): leave it for a person to look at
        # rather than guess; the folder stays, marked, and so does the old site.
        return
    base = str(out) + os.sep
    for name, path in moves:
        staged = folder / name
        if not staged.exists():
            continue  # renamed before the kill
        os.makedirs(os.path.dirname(base + path), exist_ok=True)
        try:
            os.replace(staged, base + path)
        except IsADirectoryError:  # a folder made by hand where the site has a file
            shutil.rmtree(base + path)
            os.replace(staged, base + path)
    for path in deletes:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(base + path)
        _prune(out, Path(base + path).parent)
    # The site's own stamp moves with every commit (build's replay compares it).
    atomic_write_bytes(out / swap.MARKER, swap.MARKER_TEXT, durable=False)
    with contextlib.suppress(FileNotFoundError):
        (folder / JOURNAL).unlink()
    swap.remove_marked(folder)


def _in_site(path: str) -> bool:
    """A site path as a build writes it: relative, no ``..``, no empty or dot segment."""
    parts = path.split("/")
    return not path.startswith("/") and all(p not in ("", ".", "..") for p in parts)


def _prune(out: Path, folder: Path) -> None:
    """Delete ``folder`` and its parents up to ``out`` while they are empty."""
    while folder != out and folder.is_relative_to(out):
        try:
            folder.rmdir()
        except OSError:  # not empty (or gone)
            return
        folder = folder.parent
