"""Cross-record rules.  Each rule is a small function that yields problems.

Rules about one claim run again only when the claim or what they read about
other records changed (Checker); rules about sources and the whole tracker
are cheap and run every time.
"""

from __future__ import annotations

import datetime as dt

from ..batch import collector_paused
from ..load import Cache, Tracker
from ..problems import Problem, sort_problems
from . import dates, quotes, references, statuses
from .analysis import Analysis, ClaimRule, SourceRule, TrackerRule

CLAIM_RULES: tuple[ClaimRule, ...] = (
    *references.CLAIM_RULES,
    *quotes.CLAIM_RULES,
    *statuses.CLAIM_RULES,
)
SOURCE_RULES: tuple[SourceRule, ...] = (
    *references.SOURCE_RULES,
    *quotes.SOURCE_RULES,
    *dates.SOURCE_RULES,
)
TRACKER_RULES: tuple[TrackerRule, ...] = references.TRACKER_RULES


class Checker:
    """Checks a tracker again and again (``serve``), redoing a claim's rules only when needed."""

    def __init__(self, cache: Cache | None = None) -> None:
        self.cache = cache if cache is not None else Cache.disabled()
        self._claims: dict[str, tuple[tuple[object, ...], list[Problem]]] = {}
        self._ids: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())

    def run(self, tracker: Tracker, today: dt.date) -> tuple[Analysis, list[Problem]]:
        """All problems of a loaded tracker: loading problems and every rule's, sorted."""
        with collector_paused():
            return self._run(tracker, today)

    def _run(self, tracker: Tracker, today: dt.date) -> tuple[Analysis, list[Problem]]:
        a = Analysis(tracker, today, self.cache)
        # The same id sets as last time are the same objects, so keys compare at once.
        sources, claims = self._ids
        if a.known_sources == sources:
            a.known_sources = sources
        if a.known_claims == claims:
            a.known_claims = claims
        self._ids = (a.known_sources, a.known_claims)
        problems = list(tracker.problems)
        kept: dict[str, tuple[tuple[object, ...], list[Problem]]] = {}
        for cid, loaded in tracker.claims.items():
            key = (loaded, *a.claim_inputs(loaded))
            hit = self._claims.get(cid)
            if hit is not None and hit[0] == key:
                found = hit[1]
            else:
                found = [p for rule in CLAIM_RULES for p in rule(a, loaded)]
            kept[cid] = (key, found)
            problems.extend(found)
        self._claims = kept
        for source in tracker.sources.values():
            for source_rule in SOURCE_RULES:
                problems.extend(source_rule(a, source))
        for tracker_rule in TRACKER_RULES:
            problems.extend(tracker_rule(a))
        return a, sort_problems(problems)


def run_checks(
    tracker: Tracker, today: dt.date, cache: Cache | None = None
) -> tuple[Analysis, list[Problem]]:
    """All problems of a loaded tracker: loading problems and every rule's, sorted.

    ``cache`` keeps normalised archives and quote results between builds and runs.
    """
    return Checker(cache).run(tracker, today)
