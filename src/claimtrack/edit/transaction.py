"""One write of a command that changes a tracker: the new files first, then the record,
as one.

`init` writes a tracker's files, `new` a record and its archived copies, `recheck --save`
a revision's copies and then its entry, `status` and `translate` one record.  Each write
is a :class:`Transaction`: before the first file it leaves a journal at the tracker's
root (layout.JOURNAL) naming every file it will create, with its digest, and the record
it will replace, with its old and new digests and its new text; each file is written
atomically, never over one that is there; the journal goes last.

So nothing ever judges a tracker halfway through a write of claimtrack's own: `serve` and
the language server wait while a journal's command is alive (live/follow.py), and a
command that finds the journal of one that was killed finishes its write, when every
new file is there and the record is still as it was, or else undoes it, removing only
the files the journal names with the digest it gives.  Either way the tracker is one
`check` accepts: a killed `recheck --save` never leaves copies that no entry names.

Every path is checked as the loader checks what it reads: a folder on the way that is a
symbolic link out of the tracker, or is not a folder, refuses the write.

Only the standard library and the project's small modules are imported: every command
looks for a journal before it starts (:func:`recover`), a no-change replay included.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ClaimtrackError
from ..fsutil import atomic_write_bytes, is_inside, pid_alive, read_regular
from ..layout import JOURNAL
from ..load.files import MAX_BYTES

# How long a command waits for another one's write to end before it gives up: a write is
# a few files, done in milliseconds; this is for a slow disk.
WAIT_SECONDS = 10.0
_POLL_SECONDS = 0.02


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(slots=True)
class Transaction:
    """The files one command writes into the tracker at ``root`` (resolved), in order."""

    root: Path
    created: dict[str, bytes] = field(default_factory=dict)  # new files, by path from the root
    folders: list[str] = field(default_factory=list)  # folders made for them, outermost first
    record: tuple[str, bytes, bytes] | None = None  # the record replaced: path, old, new

    def create(self, rel: str, data: bytes) -> Transaction:
        """A new file; refused now when something stands in its place."""
        self._check_folders(rel)
        if os.path.lexists(self.root / rel):
            raise ClaimtrackError(f"{rel} already exists; it is not overwritten")
        self.created[rel] = data
        return self

    def replace(self, rel: str, old: bytes, new: bytes) -> Transaction:
        """The record ``rel``, read as ``old``, written as ``new`` (last)."""
        self._check_folders(rel)
        self.record = (rel, old, new)
        return self

    def _check_folders(self, rel: str) -> None:
        """Refuse a path whose folders are not the tracker's own: the one the loader would
        not read (a link out of the tracker, a file where a folder should be)."""
        parts = rel.split("/")[:-1]
        for n in range(1, len(parts) + 1):
            folder = "/".join(parts[:n])
            path = self.root / folder
            if not os.path.lexists(path):
                if folder not in self.folders:
                    self.folders.append(folder)
                continue
            if os.path.islink(path) and not is_inside(self.root, os.path.realpath(path)):
                raise ClaimtrackError(
                    f"{folder}/ is a symbolic link to outside the tracker; nothing was written"
                )
            if not path.is_dir():
                raise ClaimtrackError(f"{folder} is not a folder; nothing was written")

    def commit(self) -> list[str]:
        """Write everything, or nothing (a failure undoes what this wrote); the paths
        written, the record last."""
        if not self.created and self.record is None:
            return []
        target = self._record_target()
        _take(self.root, self._journal())
        try:
            for folder in self.folders:
                (self.root / folder).mkdir()
            for rel, data in self.created.items():
                _create(self.root / rel, data)
            if self.record is not None and target is not None:
                rel, old, new = self.record
                _replace(target, rel, old, new)
        except OSError as exc:
            self._undo()
            raise ClaimtrackError(
                f"cannot write into {self.root} ({exc.strerror or exc}); nothing was written"
            ) from None
        except BaseException:
            self._undo()
            raise
        (self.root / JOURNAL).unlink()
        return [*self.created, *([self.record[0]] if self.record else [])]

    def _record_target(self) -> Path | None:
        """Where the record is written: where its link points, when it is a link inside
        the tracker (the link is the editor's, and stays)."""
        if self.record is None:
            return None
        path = self.root / self.record[0]
        if not os.path.islink(path):
            return path
        target = os.path.realpath(path)
        if not is_inside(self.root, target):
            raise ClaimtrackError(
                f"{self.record[0]} is a symbolic link to outside the tracker; it is not written"
            )
        return Path(target)

    def _journal(self) -> dict[str, object]:
        record = None
        if self.record is not None:
            rel, old, new = self.record
            record = {
                "path": rel,
                "old": _digest(old),
                "new": _digest(new),
                "text": new.decode("utf-8", "surrogateescape"),
            }
        return {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "created": [{"path": rel, "sha256": _digest(d)} for rel, d in self.created.items()],
            "folders": self.folders,
            "record": record,
        }

    def _undo(self) -> None:
        _roll_back(self.root, self._journal())
        (self.root / JOURNAL).unlink(missing_ok=True)


def _create(path: Path, data: bytes) -> None:
    if os.path.lexists(path):  # between the check and now: someone else's file
        raise ClaimtrackError(f"{path.name} appeared while this command ran; nothing was written")
    atomic_write_bytes(path, data)


def _replace(path: Path, rel: str, old: bytes, new: bytes) -> None:
    """The record written, unless it changed since it was read (an editor saved it)."""
    try:
        unchanged = read_regular(path, MAX_BYTES) == old
    except (ClaimtrackError, OSError):
        unchanged = False
    if not unchanged:
        raise ClaimtrackError(f"{rel} changed while this command ran; run it again")
    try:
        atomic_write_bytes(path, new)
    except OSError as exc:
        raise ClaimtrackError(
            f"cannot write {rel} ({exc.strerror or exc}); the file is unchanged"
        ) from None


# -- the journal -------------------------------------------------------------------------


def _take(root: Path, journal: dict[str, object]) -> None:
    """Leave the journal, once no other command's is there: made whole, then linked into
    place, so that a reader never sees half of one and two writers never both win."""
    wait_for_writers(root)
    data = json.dumps(journal, ensure_ascii=False).encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=root, prefix=f"{JOURNAL}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, root / JOURNAL)
        except FileExistsError:
            raise ClaimtrackError(
                "another claimtrack command is writing this tracker; run this one again"
            ) from None
    finally:
        Path(tmp).unlink(missing_ok=True)


def read_journal(root: Path) -> dict[str, object] | None:
    """The journal at ``root``, or None when there is none (or it cannot be read)."""
    try:
        raw = read_regular(root / JOURNAL, MAX_BYTES * 2)
        found = json.loads(raw)
    except (ClaimtrackError, OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def writer_of(journal: dict[str, object]) -> int | None:
    """The pid of the running command that left ``journal``; None when it names no process
    (0 and -1 would name process groups) or its process is gone.  One on another machine
    cannot be told gone: it is taken as running."""
    pid = journal.get("pid")
    if type(pid) is not int or pid <= 0:
        return None
    host = journal.get("host")
    if host is not None and host != socket.gethostname():
        return pid
    return pid if pid_alive(pid) else None


def journal_writer(root: Path) -> int | None:
    """The pid of the running command that holds the journal at ``root``, if one does: the
    one rule of `serve`, the language server (live/follow.py) and every command."""
    journal = read_journal(root)
    return None if journal is None else writer_of(journal)


def wait_for_writers(root: Path, seconds: float | None = None) -> str | None:
    """Return once no other living command is writing the tracker, having finished or
    undone what a killed one left (what was done, in a sentence); refused when one still
    writes after ``seconds``."""
    deadline = time.monotonic() + (WAIT_SECONDS if seconds is None else seconds)
    while True:
        journal = read_journal(root)
        if journal is None:
            if not os.path.lexists(root / JOURNAL):
                return None
            return recover(root)  # unreadable: said, and left alone
        if writer_of(journal) is None:
            return recover(root)
        elif journal.get("pid") == os.getpid():
            raise ClaimtrackError("a write of this command is already under way")
        if time.monotonic() > deadline:
            raise ClaimtrackError(
                f"another claimtrack command is still writing this tracker ({JOURNAL} at "
                f"its root names it); wait for it, or remove {JOURNAL} if no such command runs"
            )
        time.sleep(_POLL_SECONDS)


def recover(root: Path) -> str | None:
    """Finish or undo the write a killed command left at ``root`` (its journal's command is
    no longer running); what was done, in a sentence, or None when there was nothing."""
    journal = read_journal(root)
    if journal is None or writer_of(journal) is not None:
        if journal is None and os.path.lexists(root / JOURNAL):
            # Unreadable: a journal is made whole before it is linked into place, so this
            # is not claimtrack's; leave it, and say so rather than act on it.
            return f"{JOURNAL} at the tracker's root cannot be read; it was left alone"
        return None
    done = _roll_forward(root, journal)
    if done is None:
        _roll_back(root, journal)
        done = "undid the write of a command that was stopped before it ended"
    (root / JOURNAL).unlink(missing_ok=True)
    return done


def _file_digest(path: Path) -> str | None:
    try:
        return _digest(read_regular(path, MAX_BYTES * 8))
    except (ClaimtrackError, OSError):
        return None


def _created(journal: dict[str, object]) -> list[tuple[str, str]]:
    items = journal.get("created")
    if not isinstance(items, list):
        return []
    return [
        (str(item["path"]), str(item["sha256"]))
        for item in items
        if isinstance(item, dict) and "path" in item and "sha256" in item
    ]


def _roll_forward(root: Path, journal: dict[str, object]) -> str | None:
    """Finish the write when every new file is there as it was meant and the record is
    either written already or still as it was read; None when it cannot be finished."""
    for rel, sha in _created(journal):
        if _file_digest(root / rel) != sha:
            return None
    record = journal.get("record")
    if not isinstance(record, dict):
        return "finished the write of a command that was stopped before it ended"
    rel = str(record.get("path"))
    path = root / rel
    now = _file_digest(path)
    if now == record.get("new"):
        return "finished the write of a command that was stopped before it ended"
    text = record.get("text")
    if now != record.get("old") or not isinstance(text, str):
        return None
    new = text.encode("utf-8", "surrogateescape")
    if _digest(new) != record.get("new"):
        return None
    atomic_write_bytes(Path(os.path.realpath(path)), new)
    return f"finished the write of a command that was stopped before it ended: {rel}"


def _roll_back(root: Path, journal: dict[str, object]) -> None:
    """Remove the files the journal names that are still as it wrote them, then the
    folders it made, when they are empty: never anything of anyone else's."""
    for rel, sha in _created(journal):
        if _file_digest(root / rel) == sha:
            (root / rel).unlink(missing_ok=True)
    folders = journal.get("folders")
    for folder in reversed(folders if isinstance(folders, list) else []):
        with contextlib.suppress(OSError):  # rmdir takes only an empty folder
            (root / str(folder)).rmdir()
