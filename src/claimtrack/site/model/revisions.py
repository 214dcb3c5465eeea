"""A source's revisions as its page and sources.json show them: each recheck's date and
outcome, and what became of the passages the claims cite (check/revisions.py decides).

The views are here rather than in views.py, which imports them: they hold only text,
dates and tuples, and views.py is at the house's size limit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ...check.analysis import Analysis
from ...check.coverage.counts import cited_quotes
from ...check.revisions import Presence, changes
from ...i18n import N_
from ...records import RevisionOutcome

OUTCOME_LABELS: dict[RevisionOutcome, str] = {
    RevisionOutcome.CHANGED: N_("Changed"),
    RevisionOutcome.MOVED: N_("Moved"),
    RevisionOutcome.GONE: N_("Gone (HTTP 404 or 410)"),
}


# How a claim says a cited passage left its source (check/revisions.Removal), by (its page
# was taken down, last seen the day it was found gone): on the claim's page (the mark,
# site/html/quotes.py) and in the feed (site/data/feeds.py).  The same day twice is that
# day, never "between 1 December 2026 and 1 December 2026".
REMOVAL_MARKS: dict[tuple[bool, bool], str] = {
    (True, False): N_(
        "The source's page was taken down between %(kept)s and %(removed)s; the archived "
        "copy of %(archived)s still has this passage."
    ),
    (True, True): N_(
        "The source's page was taken down on %(removed)s; the archived copy of %(archived)s "
        "still has this passage."
    ),
    (False, False): N_(
        "Removed from the source between %(kept)s and %(removed)s; the archived copy of "
        "%(archived)s still has it."
    ),
    (False, True): N_(
        "Removed from the source on %(removed)s; the archived copy of %(archived)s still has it."
    ),
}
REMOVAL_SUMMARIES: dict[tuple[bool, bool], str] = {
    (True, False): N_(
        "The source “%(source)s” was taken down between %(kept)s and %(removed)s; the "
        "archived copy of %(archived)s still has what this claim quotes from it."
    ),
    (True, True): N_(
        "The source “%(source)s” was taken down on %(removed)s; the archived copy of "
        "%(archived)s still has what this claim quotes from it."
    ),
    (False, False): N_(
        "Between %(kept)s and %(removed)s, the source “%(source)s” removed or changed what "
        "this claim quotes from it; the archived copy of %(archived)s still has it."
    ),
    (False, True): N_(
        "On %(removed)s, the source “%(source)s” removed or changed what this claim quotes "
        "from it; the archived copy of %(archived)s still has it."
    ),
}


@dataclass(frozen=True)
class PassageState:
    """One cited quote in one revision: there or not (None: the revision's text is not
    loaded), and whether that differs from the version before (the snapshot, before the
    first revision)."""

    quote: str
    present: Presence
    changed: bool


@dataclass(frozen=True)
class RevisionView:
    index: int
    date: dt.date
    outcome: str  # records.RevisionOutcome
    outcome_label: str  # an English message id (OUTCOME_LABELS)
    url: str | None  # where the page moved to
    passages: tuple[PassageState, ...]  # every quote cited from the source, sorted

    @property
    def removed(self) -> int:
        return sum(1 for p in self.passages if p.present is False)


def revision_views(a: Analysis, sid: str) -> tuple[RevisionView, ...]:
    """The source's revisions, oldest first, each with the quotes cited from it that its
    archived copy has (a quote not even there is the quote check's to report)."""
    loaded = a.tracker.sources.get(sid)
    if loaded is None or not loaded.record.revisions:
        return ()
    quotes = [q for q in cited_quotes(a, sid) if a.quote_found(sid, q)]
    presence = {q: a.revision_presence(sid, q) for q in quotes}
    changed = {q: set(changes(p)) for q, p in presence.items()}
    return tuple(
        RevisionView(
            index=i,
            date=revision.retrieved,
            outcome=revision.outcome.value,
            outcome_label=OUTCOME_LABELS[revision.outcome],
            url=revision.url,
            passages=tuple(PassageState(q, presence[q][i], i in changed[q]) for q in quotes),
        )
        for i, revision in enumerate(loaded.record.revisions)
    )
