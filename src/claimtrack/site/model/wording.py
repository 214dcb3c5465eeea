"""What each recheck changed in a source, and what took the place of a cited passage it
removed, for the source page, the claim page, claims.json and the feed: the hunks of
check/text/worddiff.py between a revision and the version before it, computed once per
pair of versions (kept in the check store by both texts' sha256 and the source's
language, on disk too) and only for sources that have revisions, so that a tracker never
rechecked does none of this.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...check.analysis import Analysis
from ...check.revisions import Removal
from ...check.text.worddiff import Hunk, around, hunks
from ...load.files import Archive
from ...records import Evidence


@dataclass(frozen=True, slots=True)
class Compared:
    """A revision's text against the version before it that has one: ``before`` is that
    version's index among the revisions, or -1 for the archived copy."""

    before: int
    old: Archive
    new: Archive
    hunks: tuple[Hunk, ...]


def compared(a: Analysis, source_id: str, index: int) -> Compared | None:
    """Revision ``index`` against the version before it; None when it has no text (the page
    was gone) or no version before it has one."""
    loaded = a.tracker.sources.get(source_id)
    texts = a.revision_texts(source_id)
    if loaded is None or not 0 <= index < len(texts) or texts[index] is None:
        return None
    new = texts[index]
    before = index - 1
    while before >= 0 and texts[before] is None:  # a page gone in between has no text
        before -= 1
    old = texts[before] if before >= 0 else a.tracker.archives.get(source_id)
    if old is None or new is None:
        return None
    language = loaded.record.language
    found = a.store.diff(old.sha256, new.sha256, language)
    if found is None:
        found = hunks(old.text, new.text, language)
        a.store.remember_diff(old.sha256, new.sha256, language, found)
    return Compared(before, old, new, found)


@dataclass(frozen=True, slots=True)
class Replacement:
    """What became of a cited passage that left its source (``removal``): ``change``, its
    sentences in the last version that had it and what the next one has in their place
    (``change.added`` empty: nothing), with ``passage``, where the quote is in
    ``change.before``.  ``change`` is None when the page was taken down, or when the
    passage is in no sentence that changed (its text not loaded)."""

    removal: Removal
    change: Hunk | None = None
    passage: tuple[int, int] = (0, 0)


def replacement(a: Analysis, ev: Evidence) -> Replacement | None:
    """What took the place of the quote's passage in its source; None while the passage is
    in the latest revision (or the source was never rechecked)."""
    gone = a.removal(ev)
    if gone is None:
        return None
    found = None if gone.gone else compared(a, ev.source, gone.revision)
    where = None if found is None else a.passage_in(found.old, ev.quote)
    if found is None or where is None:
        return Replacement(gone)
    start, end = where
    change = around(found.hunks, start, end, found.old.text, found.new.text)
    if change is None:
        return Replacement(gone)
    return Replacement(gone, change, (start - change.old_start, end - change.old_start))
