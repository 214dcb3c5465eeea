"""Facts computed from the records, shared by the checks and the site.

Computed once per load, so the checker and the renderer never disagree about
whether a quote was found or how many independent origins a claim has.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from ..load import Cache, Tracker
from ..problems import Problem
from .graph import Derivation, walk
from .textnorm import normalise


class QuoteCheck(StrEnum):
    FOUND = "found"
    NOT_FOUND = "not-found"
    UNCHECKED = "unchecked"  # the source has no archived copy
    NO_SOURCE = "no-source"  # the source id does not resolve


@dataclass
class Analysis:
    tracker: Tracker
    today: dt.date
    # Normalised archives and quote results, kept by content between builds and runs.
    cache: Cache = field(default_factory=Cache.disabled)

    def normalised_archive(self, source_id: str) -> str | None:
        archive = self.tracker.archives.get(source_id)
        if archive is None:
            return None
        text = self.cache.normalised_text(archive.sha256)
        if text is None:
            text = normalise(archive.text)
            self.cache.remember_normalised(archive.sha256, text)
        return text

    def quote_found(self, source_id: str, quote: str) -> bool | None:
        """Whether the quote is in the source's archived copy; None when there is no copy."""
        archive = self.tracker.archives.get(source_id)
        if archive is None:
            return None
        found = self.cache.quote_result(archive.sha256, quote)
        if found is None:
            found = normalise(quote) in (self.normalised_archive(source_id) or "")
            self.cache.remember_quote(archive.sha256, quote, found)
        return found

    @cached_property
    def quote_checks(self) -> dict[str, list[QuoteCheck]]:
        """For each claim, one result per evidence item, in order."""
        results = {}
        for cid, loaded in self.tracker.claims.items():
            row = []
            for ev in loaded.record.evidence:
                if ev.source not in self.tracker.sources:
                    row.append(QuoteCheck.NO_SOURCE)
                    continue
                found = self.quote_found(ev.source, ev.quote)
                if found is None:
                    row.append(QuoteCheck.UNCHECKED)
                else:
                    row.append(QuoteCheck.FOUND if found else QuoteCheck.NOT_FOUND)
            results[cid] = row
        return results

    @cached_property
    def derivation(self) -> Derivation:
        """Origins and loops of the derivation graph, from one walk (graph.walk)."""
        return walk(
            {sid: loaded.record.derived_from for sid, loaded in self.tracker.sources.items()}
        )

    @property
    def source_origins(self) -> dict[str, frozenset[str]]:
        """Independent origins of each source: the sources it derives from that derive from nothing."""
        return self.derivation.origins

    def claim_sources(self, claim_id: str) -> list[str]:
        """Distinct sources quoted as evidence, in order of first citation."""
        evidence = self.tracker.claims[claim_id].record.evidence
        return list(
            dict.fromkeys(ev.source for ev in evidence if ev.source in self.tracker.sources)
        )

    def claim_origins(self, claim_id: str) -> list[str]:
        origins: set[str] = set()
        for sid in self.claim_sources(claim_id):
            origins |= self.source_origins[sid]
        return sorted(origins)

    @cached_property
    def cited_by(self) -> dict[str, list[str]]:
        """Claims that cite each source, as evidence or in their history."""
        cited: dict[str, set[str]] = {sid: set() for sid in self.tracker.sources}
        for cid, loaded in self.tracker.claims.items():
            claim = loaded.record
            for sid in [ev.source for ev in claim.evidence] + [
                s for entry in claim.history for s in entry.evidence
            ]:
                if sid in cited:
                    cited[sid].add(cid)
        return {sid: sorted(cids) for sid, cids in cited.items()}

    @cached_property
    def to_check_by(self) -> dict[str, list[str]]:
        """Claims that name each source as one still to read (``to_check``)."""
        waiting: dict[str, list[str]] = {sid: [] for sid in self.tracker.sources}
        for cid, loaded in self.tracker.claims.items():
            for sid in dict.fromkeys(loaded.record.to_check):
                if sid in waiting:
                    waiting[sid].append(cid)
        return {sid: sorted(cids) for sid, cids in waiting.items()}

    @cached_property
    def derived_by(self) -> dict[str, list[str]]:
        """Sources that report, summarise or translate each source."""
        children: dict[str, list[str]] = {sid: [] for sid in self.tracker.sources}
        for sid, loaded in sorted(self.tracker.sources.items()):
            for parent in loaded.record.derived_from:
                if parent in children:
                    children[parent].append(sid)
        return children

    def is_stale(self, claim_id: str) -> bool:
        review_by = self.tracker.claims[claim_id].record.review_by
        return review_by is not None and review_by < self.today


# A rule reads the analysis and yields problems; check/__init__ runs every one.
Rule = Callable[[Analysis], Iterator[Problem]]
