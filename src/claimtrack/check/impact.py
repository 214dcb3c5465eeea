"""What an edit touches: which claims' rules and pages, and which sources' pages, to redo.

The inputs are named, not guessed.  A claim's rules and its page read the claim
itself and, of other records, only:

- the sources it names (evidence, history evidence, to_check): their records,
  archives and origins, and whether each exists;
- the claims its ``related`` names (whether each exists; their summaries),
  and the claims whose ``related`` names it (their summaries);
- the claim its ``revises`` names (whether it exists), and on its page the whole chain
  of revisions it is in (each claim's summary and date: links.chain);
- the sets of ids, for "did you mean" hints, when it names an unknown id;
- the day (staleness, dates in the future) and tracker.yaml (addresses, and the site's
  languages, which every claim's translations are checked against).

A source's page reads its record, archive and origins, the titles of the
sources it derives from and that derive from it, and the summaries of the
claims that name it.

Dependents keeps the reverse links (which claims name a source, which claims
relate to a claim) up to date claim by claim, so the work of an edit is in
proportion to what it touches.  Anything it cannot judge (the first build, a
new day, an edit of tracker.yaml) means "everything" (None).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..load import Tracker
from ..records.claim import Names
from .analysis import Analysis
from .links import Links, names_of


@dataclass(frozen=True, slots=True)
class Impact:
    claims: frozenset[str]  # whose rules to run again (and whose page to make again)
    claim_pages: frozenset[str]  # whose page to make again (a superset of claims)
    source_pages: frozenset[str]  # whose page to make again


NOTHING = Impact(frozenset(), frozenset(), frozenset())

# What the edited claims named before an edit; None when everything counts as new.
Before = dict[str, Names | None] | None


def joined(first: Impact | None, second: Impact | None) -> Impact | None:
    """What two edits touch together (None: everything)."""
    if first is None or second is None:
        return None
    return Impact(
        first.claims | second.claims,
        first.claim_pages | second.claim_pages,
        first.source_pages | second.source_pages,
    )


class Dependents:
    """Who names whom, and what changed since the last look."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.links = Links()
        self._today: dt.date | None = None
        self._known: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        self._origins: dict[str, frozenset[str]] = {}
        self._parents: dict[str, tuple[str, ...]] = {}

    def _remember(self, a: Analysis) -> None:
        self._today = a.today
        self._known = (a.known_sources, a.known_claims)
        self._origins = a.source_origins
        self._parents = a.parents  # kept by the analysis while no derived_from changed

    def relink(self, tracker: Tracker, today: dt.date) -> Before:
        """Bring ``links`` up to date with ``tracker``: only the edited claims after an edit,
        every claim when that cannot be judged.  What the edited claims named before, for
        update() (None: everything)."""
        changes = tracker.changes
        if changes is None or changes.settings or today != self._today:
            self._reset()
            for cid in tracker.claims:
                self.links.set(cid, names_of(tracker, cid))
            return None
        before = {cid: self.links.names.get(cid) for cid in changes.claims}
        for cid in changes.claims:
            self.links.set(cid, names_of(tracker, cid) if cid in tracker.claims else None)
        return before

    def update(self, a: Analysis, before: Before) -> Impact | None:
        """What the tracker ``a`` analyses touches since the last call (None: all), once
        relink() has brought the links ``a`` reads up to date and said ``before``."""
        tracker, changes = a.tracker, a.tracker.changes
        if before is None or changes is None:
            self._remember(a)
            return None
        after = {cid: self.links.names.get(cid) for cid in changes.claims}
        sources = self._touched_sources(a, changes.sources)
        claims = set(changes.claims)
        for sid in sources:
            claims |= self.links.citing.get(sid, set()) | self.links.checking.get(sid, set())
        for cid in changes.claims:
            claims |= self.links.relating.get(cid, set())  # their related id now resolves or not
            claims |= self.links.revising.get(cid, set())  # likewise their revises
        if (a.known_sources, a.known_claims) != self._known:
            claims |= {cid for cid in tracker.claims if self._names_unknown(a, cid)}
        pages = set(claims)
        source_pages = set(sources)
        for cid in changes.claims:  # its summary shows on related claims' and sources' pages
            for names in (before[cid], after[cid]):
                if names is not None:
                    pages |= names.related
                    source_pages |= names.sources
            pages |= self.links.relating.get(cid, set())
            for names in (before[cid], after[cid]):  # the chains it leaves and joins
                for other in names.revises if names is not None else ():
                    pages.update(self.links.chain(other))
        for cid in claims:  # its summary and date show on every page of its chain
            pages.update(self.links.chain(cid))
        for sid in changes.sources:  # its title shows on its parents' and children's pages
            source_pages.update(self._parents.get(sid, ()))
            if sid in tracker.sources:
                source_pages.update(tracker.sources[sid].record.derived_from)
        self._remember(a)
        known = tracker.claims.keys()
        return Impact(
            frozenset(claims & known),
            frozenset(pages & known),
            frozenset(source_pages & tracker.sources.keys()),
        )

    def _touched_sources(self, a: Analysis, changed: frozenset[str]) -> set[str]:
        """Changed sources, the sources derived from them (their origins' titles show), and
        every source whose origins changed."""
        touched = set(changed)
        frontier = list(changed)
        while frontier:
            for child in a.derived_by.get(frontier.pop(), ()):
                if child not in touched:
                    touched.add(child)
                    frontier.append(child)
        origins = a.source_origins
        if origins is not self._origins:  # the last analysis's when the sources are its own
            touched |= {
                sid
                for sid in origins.keys() | self._origins.keys()
                if origins.get(sid) != self._origins.get(sid)
            }
        return touched

    def _names_unknown(self, a: Analysis, claim_id: str) -> bool:
        names = self.links.names.get(claim_id)
        if names is None:
            return False
        return not names.sources <= a.known_sources or not names.claims <= a.known_claims


def shown_on(links: Links, claim_id: str) -> tuple[set[str], frozenset[str]]:
    """The claims and the sources whose pages show the claim's summary: the claims related
    to it either way, the claims of its chain of revisions, and the sources it names."""
    names = links.names.get(claim_id)
    claims = set(links.relating.get(claim_id, ()))
    claims.update(links.chain(claim_id))
    if names is None:
        return claims, frozenset()
    claims |= names.related
    return claims, names.sources


def views_touched(
    links: Links, edited: Iterable[str], before: Mapping[str, Names | None]
) -> tuple[set[str], set[str]]:
    """The claims whose summary, and the claims whose page, may show another thing once the
    claims ``edited`` changed and nothing else did (the day, tracker.yaml, every source and
    copy, and which records exist are the same); ``links`` are after the edits, ``before``
    what each edited claim named before them (absent: nothing).

    A claim's summary (site/inputs.py, ``Inputs.summary``) reads its own file and when the
    claims revising it were made; its view (``Inputs.claim``) reads its own file, its
    summary's facts, and the summaries of the claims related to it either way and of its
    chain of revisions, with when each claim of that chain was made.  So an edit touches:

    - the summaries of the edited claim and of the claims it revises or revised;
    - the pages of those claims, of every claim showing one of those summaries
      (``shown_on``), of the claims it names or named as related (their "related" lists
      gain or lose it), and of the chains it leaves and joins."""
    touched: set[str] = set()
    moved: set[str] = set()
    for cid in edited:
        moved.add(cid)
        for names in (before.get(cid), links.names.get(cid)):
            if names is not None:
                touched |= names.related
                for other in names.revises:
                    moved.add(other)
                    touched.update(links.chain(other))
    for cid in moved:
        touched |= shown_on(links, cid)[0]
    return moved, touched | moved
