"""Facts computed from the records, shared by the checks and the site.

Computed once per load, so the checker and the renderer never disagree about
whether a quote was found or how many independent origins a claim has.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from .loading import Tracker
from .textnorm import normalise
from .textrules import has_visible


class QuoteCheck(StrEnum):
    FOUND = "found"
    NOT_FOUND = "not-found"
    UNCHECKED = "unchecked"  # the source has no archived copy
    NO_SOURCE = "no-source"  # the source id does not resolve


@dataclass
class Analysis:
    tracker: Tracker
    today: dt.date
    _normalised: dict[str, str] = field(default_factory=dict)

    def normalised_archive(self, source_id: str) -> str | None:
        if source_id not in self._normalised:
            archive = self.tracker.archives.get(source_id)
            if archive is None:
                return None
            self._normalised[source_id] = normalise(archive.text)
        return self._normalised[source_id]

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
                text = self.normalised_archive(ev.source)
                if text is None:
                    row.append(QuoteCheck.UNCHECKED)
                else:
                    quote = normalise(ev.quote)
                    # An empty quote is "in" every text: it proves nothing.
                    found = has_visible(quote) and quote in text
                    row.append(QuoteCheck.FOUND if found else QuoteCheck.NOT_FOUND)
            results[cid] = row
        return results

    @cached_property
    def source_origins(self) -> dict[str, frozenset[str]]:
        """Independent origins of each source: the sources it derives from that derive from nothing.

        A source in a derived_from cycle has no origin outside the cycle; it
        counts as its own origin so that a broken record cannot inflate a count.
        """
        sources = self.tracker.sources
        memo: dict[str, frozenset[str]] = {}
        # Iterative post-order walk: a derivation chain may be longer than Python's
        # recursion limit.
        for start in sorted(sources):
            if start in memo:
                continue
            path, on_path = [start], {start}
            frames = [iter([p for p in sources[start].record.derived_from if p in sources])]
            found: list[set[str]] = [set()]
            while frames:
                parent = next(frames[-1], None)
                sid = path[-1]
                if parent is None:
                    frames.pop()
                    path.pop()
                    on_path.discard(sid)
                    origins = found.pop()
                    memo[sid] = frozenset(origins or {sid})
                    if found:
                        found[-1] |= memo[sid]
                elif parent in on_path:
                    found[-1].add(sid)
                elif parent in memo:
                    found[-1] |= memo[parent]
                else:
                    path.append(parent)
                    on_path.add(parent)
                    links = sources[parent].record.derived_from
                    frames.append(iter([p for p in links if p in sources]))
                    found.append(set())
        return memo

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
