"""`recheck --save`: the version found written beside the old ones, and its entry in the
source record through the one edit workflow (edit/apply.py).

A changed or moved page: its text to ``sources/<id>.revisions/<stem>.txt`` and the page to
``<stem>.html`` (as `new source --url` keeps it), then the entry appended under
``revisions:``.  A gone page: the entry alone.  A source without an archived text: its
first copy, ``sources/<id>.txt`` and ``.html`` with ``snapshot:``, as `new source --url`
writes them.  The copies are written first, each atomically, so that the record, judged
by every rule before it is written, finds them; when the record cannot be written they are
removed again.  Nothing is written when the latest revision already holds what was found.
"""

from __future__ import annotations

import datetime as dt
import os
from functools import partial
from pathlib import Path

from ..edit.apply import Change, apply
from ..errors import ClaimtrackError, DataError
from ..fsutil import atomic_write_bytes
from ..layout import FOLDERS, revision_folder
from ..load import Tracker
from ..records import Revision, revision_stems
from .run import SourceRecheck, is_news_to, latest_revision, revision_entry
from .splice import edit_add_revision, edit_add_snapshot


def save(root: Path, tracker: Tracker, found: SourceRecheck, today: dt.date) -> None:
    """Write what ``found`` holds that the record does not; the paths written go to
    ``found.saved``, a reason it could not be to ``found.error``."""
    source = tracker.sources[found.source].record
    day = today.isoformat()
    try:
        if found.outcome == "unarchived" and found.page is not None:
            _first_copy(root, found, day)
            found.outcome = "archived"
            return
        entry = revision_entry(found, day)
        if entry is None or not is_news_to(entry, latest_revision(source)):
            return
        # The new entry's file name by the one naming rule, counted with those before it.
        added = Revision.model_validate(entry)
        stem = revision_stems([*source.revisions, added])[-1]
        copies: dict[str, bytes] = {}
        if stem is not None and found.page is not None:
            folder = revision_folder(found.source)
            copies = {f"{folder}/{stem}.txt": found.page.text}
            copies[f"{folder}/{stem}.html"] = found.page.html
        splice = partial(_revision_splice, entry=entry)
        _write(root, found, copies, Change(found.source, splice, kind="source"), today)
    except DataError as exc:
        # The rules the record would break, each at its line: the message alone says little.
        found.error = "; ".join([str(exc), *(p.message for p in exc.problems)])
    except ClaimtrackError as exc:
        found.error = str(exc)


def _revision_splice(raw: bytes, relpath: str, entry: dict[str, str | None]) -> bytes:
    return edit_add_revision(raw, relpath, entry)


def _snapshot_splice(raw: bytes, relpath: str, snapshot: dict[str, str | None]) -> bytes:
    return edit_add_snapshot(raw, relpath, snapshot)


def _first_copy(root: Path, found: SourceRecheck, day: str) -> None:
    assert found.page is not None
    base = f"{FOLDERS['source']}/{found.source}"
    copies = {f"{base}.html": found.page.html, f"{base}.txt": found.page.text}
    snapshot: dict[str, str | None] = {
        "retrieved": day,
        "sha256": found.page.sha256,
        "html_sha256": found.page.html_sha256,
    }
    splice = partial(_snapshot_splice, snapshot=snapshot)
    change = Change(found.source, splice, kind="source")
    _write(root, found, copies, change, dt.date.fromisoformat(day))


def _write(
    root: Path, found: SourceRecheck, copies: dict[str, bytes], change: Change, today: dt.date
) -> None:
    """The copies (never over a file already there), then the record; the copies removed
    again when the record is refused."""
    for rel in copies:
        if os.path.lexists(root / rel):
            raise ClaimtrackError(f"{rel} already exists; it is not overwritten")
    made_folder = None
    written: list[Path] = []
    try:
        for rel, data in copies.items():
            path = root / rel
            if not path.parent.is_dir():
                path.parent.mkdir(parents=True)
                made_folder = path.parent
            atomic_write_bytes(path, data)
            written.append(path)
        done = apply(root, change, today)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        if made_folder is not None:
            made_folder.rmdir()
        raise
    found.saved = [*copies, done.relpath]
