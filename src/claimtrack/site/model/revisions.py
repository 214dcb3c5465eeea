"""A source's revisions as its page and sources.json show them: each recheck's date and
outcome, what it changed (each change's wording before and after, word by word:
check/text/worddiff.py) and what became of the passages the claims cite
(check/revisions.py decides); and a removed passage's change, as the claim page, claims.json
and the feed show it.

The views are here rather than in views.py, which imports them: they hold only text,
dates and tuples, and views.py is at the house's size limit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from itertools import pairwise

from ...check.analysis import Analysis
from ...check.coverage.counts import cited_quotes
from ...check.revisions import Presence, changes
from ...check.text.worddiff import ADDED, REMOVED, SAME, Hunk
from ...i18n import N_
from ...records import Evidence, RevisionOutcome
from ...records.translations import entry_keys
from .wording import compared, replacement

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
# The feed's entry quotes both wordings after the summary, each in the source's language.
BOTH_WORDINGS = N_("It said: “%(before)s” It now says: “%(after)s”")
OLD_WORDING = N_("It said: “%(before)s” Nothing took its place.")


@dataclass(frozen=True)
class PassageState:
    """One cited quote in one revision: there or not (None: the revision's text is not
    loaded), and whether that differs from the version before (the snapshot, before the
    first revision)."""

    quote: str
    present: Presence
    changed: bool


@dataclass(frozen=True)
class Run:
    """A run of one version's words: ``changed`` (removed from the old version, added in
    the new one) or not, and within a cited passage or not."""

    text: str
    changed: bool
    cited: bool = False


@dataclass(frozen=True)
class ChangeView:
    """One change between two versions of a source: the sentences before (``before``, of
    the version of ``before_date``) and what the next version (``after_date``) has in
    their place (``after``; empty: nothing), each as runs of its words."""

    before: tuple[Run, ...]
    after: tuple[Run, ...]
    before_date: dt.date
    after_date: dt.date

    @property
    def wording(self) -> str:
        """The old wording."""
        return "".join(r.text for r in self.before)

    @property
    def replaced_by(self) -> str | None:
        """The new wording; None when nothing took the old one's place."""
        return "".join(r.text for r in self.after) or None


# The most changes a revision shows on its source's page; the others are counted.
MAX_CHANGES = 50


@dataclass(frozen=True)
class RevisionView:
    index: int
    date: dt.date
    outcome: str  # records.RevisionOutcome
    outcome_label: str  # an English message id (OUTCOME_LABELS)
    url: str | None  # where the page moved to
    passages: tuple[PassageState, ...]  # every quote cited from the source, sorted
    # What changed since the version before that has a text (its date: None when there
    # is nothing to compare, as for a page gone); the changes not shown, counted.
    compared_with: dt.date | None = None
    changes: tuple[ChangeView, ...] = ()
    not_shown: int = 0

    @property
    def removed(self) -> int:
        return sum(1 for p in self.passages if p.present is False)


def revision_views(a: Analysis, sid: str, public: bool) -> tuple[RevisionView, ...]:
    """The source's revisions, oldest first, each with the quotes cited from it that its
    archived copy has (a quote not even there is the quote check's to report), and what
    it changed: every change when the source's text is ``public`` (archive/is_public),
    else only those of the passages the claims cite, as the claim pages show them."""
    loaded = a.tracker.sources.get(sid)
    if loaded is None or not loaded.record.revisions:
        return ()
    quotes = [q for q in cited_quotes(a, sid) if a.quote_found(sid, q)]
    presence = {q: a.revision_presence(sid, q) for q in quotes}
    changed = {q: set(changes(p)) for q, p in presence.items()}
    revisions = loaded.record.revisions
    dates = [r.retrieved for r in revisions]
    archived = loaded.record.snapshot.retrieved if loaded.record.snapshot else None
    views = []
    for i, revision in enumerate(revisions):
        found = compared(a, sid, i)
        shown: tuple[ChangeView, ...] = ()
        hidden = 0
        before = None if found is None else (dates[found.before] if found.before >= 0 else archived)
        if found is not None and before is not None:
            old = [p for q in quotes if (p := a.passage_in(found.old, q)) is not None]
            new = [p for q in quotes if (p := a.passage_in(found.new, q)) is not None]
            chosen = [
                h
                for h in found.hunks
                if public
                or _within(old, h.old_start, h.old_end)
                or _within(new, h.new_start, h.new_end)
            ][:MAX_CHANGES]
            hidden = len(found.hunks) - len(chosen)
            shown = tuple(change_view(h, before, revision.retrieved, old, new) for h in chosen)
        views.append(
            RevisionView(
                index=i,
                date=revision.retrieved,
                outcome=revision.outcome.value,
                outcome_label=OUTCOME_LABELS[revision.outcome],
                url=revision.url,
                passages=tuple(PassageState(q, presence[q][i], i in changed[q]) for q in quotes),
                compared_with=before if found is not None else None,
                changes=shown,
                not_shown=hidden,
            )
        )
    return tuple(views)


Span = tuple[int, int]


def _within(spans: list[Span], start: int, end: int) -> list[Span]:
    """The spans that overlap ``start:end``, made relative to ``start``."""
    return [(a - start, b - start) for a, b in spans if a < end and start < b]


def change_view(
    hunk: Hunk, before: dt.date, after: dt.date, old: list[Span], new: list[Span]
) -> ChangeView:
    """A hunk as pages show it, the cited passages (``old``, ``new``: where they are in
    each version's text) marked on each side."""
    return ChangeView(
        _runs(hunk, REMOVED, _within(old, hunk.old_start, hunk.old_end)),
        _runs(hunk, ADDED, _within(new, hunk.new_start, hunk.new_end)),
        before,
        after,
    )


def _runs(hunk: Hunk, kind: str, cited: list[Span]) -> tuple[Run, ...]:
    """One side of a hunk (``kind``: REMOVED for the old, ADDED for the new) as runs, cut
    where a cited passage begins or ends; the white space at either end of a change is
    left outside it, and the white space around the whole left out (``_stripped``)."""
    # The white space at either end of a change goes outside it (a change is its words);
    # then each part is cut where a cited passage begins or ends.
    parts: list[tuple[str, bool]] = []
    for p in hunk.pieces:
        if p.kind not in (SAME, kind):
            continue
        text = p.old if kind == REMOVED else p.new
        core = text.strip() if p.kind == kind else ""
        if not core:
            parts.append((text, False))
            continue
        lead = text[: len(text) - len(text.lstrip())]
        parts += [(lead, False), (core, True), (text[len(lead) + len(core) :], False)]
    cuts = sorted({0, *(x for span in cited for x in span)})
    runs: list[Run] = []
    at = 0
    for text, changed in parts:
        end = at + len(text)
        bounds = [at, *(c for c in cuts if at < c < end), end]
        for a, b in pairwise(bounds):
            piece = text[a - at : b - at]
            marked = any(x <= a and b <= y for x, y in cited)
            if runs and runs[-1].changed == changed and runs[-1].cited == marked:
                runs[-1] = Run(runs[-1].text + piece, changed, marked)
            elif piece:
                runs.append(Run(piece, changed, marked))
        at = end
    return _stripped(runs)


def _stripped(runs: list[Run]) -> tuple[Run, ...]:
    """The runs without the white space at their start and end (between sentences)."""
    while runs and not runs[0].text.strip():
        runs.pop(0)
    while runs and not runs[-1].text.strip():
        runs.pop()
    if runs:
        first = runs[0]
        runs[0] = Run(first.text.lstrip(), first.changed, first.cited)
        last = runs[-1]
        runs[-1] = Run(last.text.rstrip(), last.changed, last.cited)
    return tuple(runs)


@dataclass(frozen=True)
class ReplacementView:
    """What became of a cited passage that left its source, as the claim page, claims.json,
    the feed and the claim's timeline show it: the revision that removed it (``revision``:
    its key, DATE or DATE#n as the evidence's ``revision:`` names it; ``date``: its date)
    and the change, the passage marked in the old wording (None when the page was taken
    down, or when the passage is in no sentence that changed)."""

    revision: str
    date: dt.date
    change: ChangeView | None

    @property
    def replaced_by(self) -> str | None:
        """The wording that took the passage's place; None: nothing did."""
        return None if self.change is None else self.change.replaced_by


def replacement_view(a: Analysis, ev: Evidence) -> ReplacementView | None:
    """What took the place of a quote's passage that left its source; None while the
    passage is there or the source was never rechecked."""
    found = replacement(a, ev)
    loaded = a.tracker.sources.get(ev.source)
    if found is None or loaded is None:
        return None
    gone, change = found.removal, found.change
    key = entry_keys(r.retrieved for r in loaded.record.revisions)[gone.revision]
    if change is None:
        return ReplacementView(key, gone.removed, None)
    start, end = found.passage
    shifted = [(start + change.old_start, end + change.old_start)]
    return ReplacementView(
        key, gone.removed, change_view(change, gone.kept, gone.removed, shifted, [])
    )
