"""Whether a cited passage is still in its source: the one fact about revisions.

A source's revisions (``claimtrack recheck --save``: ``sources/<id>.revisions/``) are
later versions of its page; the first archived copy (the snapshot) stays what quotes are
proven against.  Of each quote, the site and the review ask one thing: is its passage in
the source's latest revision, and when not, between which versions did it go.  Both are
worked out here from the quote's presence in each revision, oldest first, which the
Analysis finds with the normalisation and ``quote_in`` that prove quotes
(``Analysis.revision_presence``).  Pure functions of those values, so that the checks,
the pages, the JSON and the feed say the same.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

# Of one revision: True (the passage is in its text), False (not, or the page is gone),
# None (its text is not loaded: a revision-missing problem says so).
Presence = bool | None


@dataclass(frozen=True, slots=True)
class Removal:
    """When a passage went: between ``kept`` (the last version that still had it, a
    revision's date or the snapshot's) and ``removed`` (the first revision without it,
    ``revision`` its index); ``archived``: the snapshot's date, whose copy still has it;
    ``gone``: the page was taken down then (HTTP 404 or 410), rather than edited."""

    kept: dt.date
    removed: dt.date
    archived: dt.date
    revision: int
    gone: bool


def latest(presence: Sequence[Presence]) -> Presence:
    """Whether the passage is in the latest revision; None when never rechecked."""
    return presence[-1] if presence else None


def removal(
    presence: Sequence[Presence],
    dates: Sequence[dt.date],
    gone: Sequence[bool],
    archived: dt.date,
) -> Removal | None:
    """When the passage went, if it is missing from the latest revision: the last run of
    revisions without it starts at the first that did not have it (a passage removed and
    put back and removed again went the second time).  ``dates``, ``gone``: each
    revision's date and whether it was gone; ``archived``: the snapshot's date."""
    if latest(presence) is not False:
        return None
    first = len(presence) - 1
    while first > 0 and presence[first - 1] is False:
        first -= 1
    kept = dates[first - 1] if first > 0 else archived
    return Removal(kept, dates[first], archived, first, gone[first])


def changes(presence: Sequence[Presence]) -> list[int]:
    """The revisions where the passage's presence changed (went, or came back), compared
    with the version before (the snapshot, which has it, before the first)."""
    before: Presence = True
    found = []
    for i, now in enumerate(presence):
        if now is not None and now != before:
            found.append(i)
        if now is not None:
            before = now
    return found
