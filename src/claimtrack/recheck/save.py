"""`recheck --save`: the version found written beside the old ones, and its entry in the
source record, through the one edit workflow (edit/apply.py).

A changed or moved page: its text and the page itself into the source's revisions folder
(web/copies.py), with the entry appended under ``revisions:``.  A gone page: the entry
alone.  A source without an archived text: its first copy, ``sources/<id>.txt`` and
``.html`` with ``snapshot:``, as `new source --url` writes them.  The copies and the entry
are one transaction (edit/transaction.py), judged by every rule with the copies in place
before anything is written.  Nothing is written when the latest revision already holds
what was found.
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from pathlib import Path

from ..edit.apply import Change, apply
from ..edit.changes.versions import edit_add_revision, edit_add_snapshot
from ..errors import ClaimtrackError, DataError
from ..load import Tracker
from ..records import Revision, revision_stems
from ..web.copies import first_copies, revision_copies, snapshot
from .run import SourceRecheck, is_news_to, latest_revision, revision_entry


def save(root: Path, tracker: Tracker, found: SourceRecheck, today: dt.date) -> None:
    """Write what ``found`` holds that the record does not; the paths written go to
    ``found.saved``, a reason it could not be to ``found.error``."""
    try:
        change = _change(tracker, found, today)
        if change is None:
            return
        done = apply(root, change, today)
    except DataError as exc:
        # The rules the record would break, each at its line: the message alone says little.
        found.error = "; ".join([str(exc), *(p.message for p in exc.problems)])
        return
    except ClaimtrackError as exc:
        found.error = str(exc)
        return
    found.saved = [*change.copies, done.relpath]
    if found.outcome == "unarchived":
        found.outcome = "archived"


def _change(tracker: Tracker, found: SourceRecheck, today: dt.date) -> Change | None:
    """The change --save makes to the source's record and files; None when the record
    holds it already."""
    page = found.page
    if found.outcome == "unarchived" and page is not None:
        entry = snapshot(today, page.text, page)
        splice = partial(edit_add_snapshot, snapshot=entry)
        return Change(found.source, splice, kind="source", copies=first_copies(found.source, page))
    source = tracker.sources[found.source].record
    added = revision_entry(found, today.isoformat())
    if added is None or not is_news_to(added, latest_revision(source)):
        return None
    # The new entry's file name by the one naming rule, counted with those before it.
    stem = revision_stems([*source.revisions, Revision.model_validate(added)])[-1]
    copies = {} if stem is None or page is None else revision_copies(found.source, stem, page)
    splice = partial(edit_add_revision, entry=added)
    return Change(found.source, splice, kind="source", copies=copies)
