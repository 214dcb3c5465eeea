"""A claim's timeline: everything that happened to it, as one dated list, newest first.

Computed, never stored: the records keep their history as the editors wrote it, and this
list is drawn from it and from the claim's other parts: the date its source made it, each
status change and correction (history entries), each version of a cited source that
touched a passage the claim quotes, each measurement of its figure, and each revision of
the claim by its claimant.  Each event keeps the view the rest of the page shows, so the
timeline says nothing the page does not.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from ....check.analysis import Analysis
from ....records import Claim
from ..revisions import ChangeView, PassageState, RevisionView, revision_views
from .chains import first_published

if TYPE_CHECKING:  # only types: the views are values
    from ..parts import ClaimSummary, EvidenceView, HistoryView, SourceRef
    from .chains import RevisionChain
    from .measured import MeasurementView


class Kind(IntEnum):
    """What happened; the value orders the events of one day (the later, the higher), so
    that newest first also reads right within a day: a source's version, then the status
    it led to."""

    MADE = 0
    SOURCE_VERSION = 1
    MEASUREMENT = 2
    STATUS = 3
    CORRECTION = 4
    REVISED = 5


@dataclass(frozen=True)
class Made:
    """The claim made: the earliest published source it quotes (chains.dated)."""

    date: dt.date
    source: SourceRef


@dataclass(frozen=True)
class SourceVersion:
    """A version of a cited source that added or took away a passage this claim quotes;
    ``passages``: those quotes only, as that version has them."""

    source: SourceRef
    revision: RevisionView
    passages: tuple[PassageState, ...]
    # What took each removed passage's place (the evidence's ReplacementView's change),
    # once each, as the claim's evidence shows it.
    changes: tuple[ChangeView, ...] = ()


@dataclass(frozen=True)
class Event:
    date: dt.date
    kind: Kind
    made: Made | None = None
    history: HistoryView | None = None  # a status change or a correction
    version: SourceVersion | None = None
    measurement: MeasurementView | None = None
    claim: ClaimSummary | None = None  # the other claim of a revision by the claimant
    # For a revision: True on the revised claim's page (``claim`` replaced it), False on
    # the revising claim's (``claim`` is what it replaced).
    replaced: bool = False

    @property
    def kind_name(self) -> str:
        """The kind as templates and CSS name it: 'source-version'."""
        return self.kind.name.lower().replace("_", "-")


def made(a: Analysis, claim_id: str, refs: dict[str, SourceRef]) -> Made | None:
    """The claim made, when a source it quotes gives the date (as its chain of revisions
    dates it, chains.first_published); otherwise the timeline starts at its first entry."""
    first = first_published(a, claim_id)
    if first is None or first[1] not in refs:
        return None
    return Made(first[0], refs[first[1]])


def revisions_by_claimant(
    claim_id: str, chain: RevisionChain[ClaimSummary] | None
) -> tuple[Event, ...]:
    """The claim this one replaces, on the day this one was made; each claim replacing
    this one, on the day that one was made."""
    if chain is None:
        return ()
    own = next((e for e in chain.entries if e.id == claim_id), None)
    events = [
        Event(own.when.date, Kind.REVISED, claim=e.claim, replaced=False)
        for e in chain.replaces
        if own is not None
    ]
    events.extend(
        Event(e.when.date, Kind.REVISED, claim=e.claim, replaced=True) for e in chain.revised_by
    )
    return tuple(events)


def source_versions(
    claim: Claim,
    a: Analysis,
    refs: dict[str, SourceRef],
    quoted_views: Callable[[], Iterable[EvidenceView]] = tuple,
) -> tuple[SourceVersion, ...]:
    """The versions of the claim's sources in which a passage it quotes came or went, each
    with what took a removed passage's place (from ``quoted_views()``, the claim's quotes
    as its page shows them, read only when a source it quotes has revisions)."""
    quoted: dict[str, set[str]] = {}
    for _, ev in claim.quote_items():
        quoted.setdefault(ev.source, set()).add(ev.quote)
    replaced: dict[tuple[str, dt.date], list[ChangeView]] | None = None
    out: list[SourceVersion] = []
    for sid, quotes in quoted.items():
        loaded = a.tracker.sources.get(sid)
        if loaded is None or not loaded.record.revisions or sid not in refs:
            continue  # the unchanged path: a source never rechecked costs one lookup
        if replaced is None:
            replaced = _replacements(quoted_views())
        # Not public: only the passages' states are read here, never the whole diff.
        for revision in revision_views(a, sid, public=False):
            mine = tuple(p for p in revision.passages if p.quote in quotes)
            if any(p.changed for p in mine):
                changes = tuple(replaced.get((sid, revision.date), ()))
                out.append(SourceVersion(refs[sid], revision, mine, changes))
    return tuple(out)


def _replacements(views: Iterable[EvidenceView]) -> dict[tuple[str, dt.date], list[ChangeView]]:
    """What took each removed passage's place, by (source, the revision's date), once each."""
    replaced: dict[tuple[str, dt.date], list[ChangeView]] = {}
    for view in views:
        r = view.replacement
        if r is not None and r.change is not None:
            found = replaced.setdefault((view.source.id, r.date), [])
            if r.change not in found:
                found.append(r.change)
    return replaced


def timeline(
    made_event: Made | None,
    history: Iterable[HistoryView],
    versions: Iterable[SourceVersion],
    measurements: Iterable[MeasurementView],
    revisions: Iterable[Event] = (),
) -> tuple[Event, ...]:
    """Every event, newest first; within a day, by Kind (the latest first), then by the
    order the records give (the latest first)."""
    events: list[Event] = []
    if made_event is not None:
        events.append(Event(made_event.date, Kind.MADE, made=made_event))
    for h in history:
        kind = Kind.CORRECTION if h.correction is not None else Kind.STATUS
        events.append(Event(h.date, kind, history=h))
    events.extend(Event(v.revision.date, Kind.SOURCE_VERSION, version=v) for v in versions)
    events.extend(Event(m.date, Kind.MEASUREMENT, measurement=m) for m in measurements)
    events.extend(revisions)
    # sorted() is stable: reversing the records' order first keeps their latest first.
    return tuple(sorted(reversed(events), key=lambda e: (e.date, e.kind), reverse=True))
