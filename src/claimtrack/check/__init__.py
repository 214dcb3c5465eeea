"""Cross-record rules.  Each rule is a small function that yields problems.

Rules about one claim or one source run again only when the record or what they read
about other records changed (Checker, with check.impact naming them); rules about the
whole tracker are cheap and run every time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from itertools import chain
from typing import TypeVar

from ..load import Cache, Loaded, Tracker
from ..problems import Problem, sort_problems
from ..process.batch import collector_paused
from ..records import Claim, Source
from .analysis import Analysis, ClaimRule, SourceRule, TrackerRule
from .impact import Dependents, Impact
from .keys import ClaimKeys, SourceKeys, shared_inputs
from .rules import (
    corrections,
    dates,
    figures,
    language,
    quotes,
    references,
    reviewed,
    statuses,
    translations,
)
from .store import CheckStore

CLAIM_RULES: tuple[ClaimRule, ...] = (
    *references.CLAIM_RULES,
    *quotes.CLAIM_RULES,
    *statuses.CLAIM_RULES,
    *corrections.CLAIM_RULES,
    *figures.CLAIM_RULES,
    *translations.CLAIM_RULES,
)
SOURCE_RULES: tuple[SourceRule, ...] = (
    *references.SOURCE_RULES,
    *quotes.SOURCE_RULES,
    *dates.SOURCE_RULES,
    *reviewed.SOURCE_RULES,
    *translations.SOURCE_RULES,
)
TRACKER_RULES: tuple[TrackerRule, ...] = (
    *references.TRACKER_RULES,
    *language.TRACKER_RULES,
    *translations.TRACKER_RULES,
)


class Checker:
    """Checks a tracker again and again (``serve``), redoing a claim's rules only when needed.

    After each run, ``impact`` says what the run found changed since the one
    before (None: everything), for the site builder to redo as little.
    """

    def __init__(self, cache: Cache | None = None, contexts: bool = False) -> None:
        self.store = CheckStore(cache)
        # A site shows quotes in context: find them with the quotes (Analysis.contexts).
        self.contexts = contexts
        self.dependents = Dependents()
        self.impact: Impact | None = None
        self._claims: dict[str, list[Problem]] = {}
        self._sources: dict[str, list[Problem]] = {}
        self._known_sources: frozenset[str] | None = None
        self._analysis: Analysis | None = None  # the last run's

    def run(
        self, tracker: Tracker, today: dt.date, *, ordered: bool = True
    ) -> tuple[Analysis, list[Problem]]:
        """All problems of a loaded tracker: loading problems and every rule's, sorted.

        ``ordered=False``: as the rules gave them, unsorted, a problem perhaps twice
        (sort_problems orders them, each once).  Serve's build sorts them after the
        edited pages are in place: in three languages, 15,000 warnings take 5 to 12 ms
        to sort, and the reader's page need not wait on them."""
        with collector_paused():
            a, problems = self._run(tracker, today)
        return a, sort_problems(problems) if ordered else problems

    def _run(self, tracker: Tracker, today: dt.date) -> tuple[Analysis, list[Problem]]:
        # The links are kept claim by claim: the analysis reads those.
        before = self.dependents.relink(tracker, today)
        a = Analysis(
            tracker, today, self.store, self.contexts, self.dependents.links, self._analysis
        )
        self._analysis = a
        changes = tracker.changes
        # With a disk cache, a claim's problems are recalled by what its rules read.
        keys = ClaimKeys(a) if self.store.keeps else None
        recalled: dict[str, list[Problem]] = {}
        keyed: dict[str, str] = {}  # each claim's key, once taken
        if changes is None or changes.settings:
            if keys is not None:
                # Every claim keyed: those whose file and shared inputs are the last run's
                # take the key it made (keys.shared_inputs); this run's are kept.
                shared = shared_inputs(a)
                keys.recall(self.store.claim_keys(shared))
                # A claim whose problems are recalled needs no quote looked for, nor its
                # record rebuilt (the key reads its names and digests only).  A site shows
                # quotes in context: those of the claims whose views it makes are found
                # there (ModelCache.build), or one by one for the few pages a build in
                # place makes (Analysis.quote_context), from the store as the last build
                # left it.
                for cid, loaded in tracker.claims.items():
                    key = keyed[cid] = keys.key(loaded)
                    found = self.store.problems(key)
                    if found is not None:
                        recalled[cid] = found
                a.find_quotes([cid for cid in tracker.claims if cid not in recalled])
                self.store.remember_claim_keys(shared, keys.made)
            else:
                a.find_quotes()
        else:  # only edited claims, and claims citing an edited source, can hold new quotes
            citing = a.links.citing
            a.find_quotes(changes.claims.union(*(citing.get(s, ()) for s in changes.sources)))
        impact = self.impact = self.dependents.update(a, before)
        problems = list(tracker.problems)

        def claim_problems(loaded: Loaded[Claim]) -> list[Problem]:
            if loaded.id in recalled:
                return recalled[loaded.id]
            key = keyed.get(loaded.id)
            if key is None and keys is not None:
                key = keys.key(loaded)
            return self.store.recalled(key, lambda: [p for r in CLAIM_RULES for p in r(a, loaded)])

        redo = None if impact is None else impact.claims
        self._claims = _kept(self._claims, tracker.claims, redo, claim_problems)
        problems += chain.from_iterable(self._claims.values())
        # A source's rules read its record, its copies, the claims citing it (coverage),
        # the settings and the day (impact None), and which sources exist (derived_from):
        # the impact's source pages name every source whose record, copies, origins or
        # citing claims changed.  Looked at all (a new process), they are recalled from the
        # disk cache by the same inputs (keys.SourceKeys).
        redo = None  # every source
        if impact is not None and a.known_sources == self._known_sources:
            redo = impact.source_pages
        self._known_sources = a.known_sources
        source_keys = SourceKeys(a) if self.store.keeps and redo is None else None

        def source_problems(loaded: Loaded[Source]) -> list[Problem]:
            key = None if source_keys is None else source_keys.key(loaded)
            return self.store.recalled(key, lambda: [p for r in SOURCE_RULES for p in r(a, loaded)])

        self._sources = _kept(self._sources, tracker.sources, redo, source_problems)
        problems += chain.from_iterable(self._sources.values())
        for tracker_rule in TRACKER_RULES:
            problems.extend(tracker_rule(a))
        return a, problems


R = TypeVar("R")


def _kept(
    last: dict[str, list[Problem]],
    records: Mapping[str, R],
    redo: Collection[str] | None,
    make: Callable[[R], list[Problem]],
) -> dict[str, list[Problem]]:
    """Each record's problems: ``make``'s for those of ``redo`` (None: all) and those new
    since ``last``, the last ones for the others.  While the records are the same ones, the
    last dict is copied and only ``redo``'s entries replaced: an edit costs what it touched."""
    if redo is None:
        return {rid: make(record) for rid, record in records.items()}
    if last.keys() == records.keys():
        kept, todo = dict(last), redo
    else:
        kept = {rid: last.get(rid, []) for rid in records}
        todo = (records.keys() - last.keys()) | set(redo)
    for rid in todo:
        kept[rid] = make(records[rid])
    return kept


def run_checks(
    tracker: Tracker, today: dt.date, cache: Cache | None = None
) -> tuple[Analysis, list[Problem]]:
    """All problems of a loaded tracker: loading problems and every rule's, sorted.

    ``cache`` keeps normalised archives and quote results between builds and runs
    (check.store).
    """
    return Checker(cache).run(tracker, today)
