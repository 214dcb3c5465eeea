"""Who names whom: the ids each claim names, and the reverse links, kept claim by claim.

The one place where "which claims cite this source", "which claims relate to
this claim" and "which claims revise this claim" are worked out: the analysis reads
them (pages, sources.json, the unused-source rule, the chains of revisions) and
check.impact keeps them up to date after an edit.
"""

from __future__ import annotations

from collections import defaultdict

from ..load import Tracker
from ..records.claim import Names


def names_of(tracker: Tracker, claim_id: str) -> Names:
    loaded = tracker.claims.get(claim_id)
    if loaded is None:
        return Names(frozenset(), frozenset(), frozenset())
    return loaded.names  # kept with the record: an unchanged claim is not rebuilt for them


class Links:
    """The names of every claim and the reverse links, changed one claim at a time."""

    def __init__(self) -> None:
        self.names: dict[str, Names] = {}
        self.citing: defaultdict[str, set[str]] = defaultdict(set)
        self.checking: defaultdict[str, set[str]] = defaultdict(set)
        self.relating: defaultdict[str, set[str]] = defaultdict(set)
        self.revising: defaultdict[str, set[str]] = defaultdict(set)

    @classmethod
    def of(cls, tracker: Tracker) -> Links:
        links = cls()
        for cid in tracker.claims:
            links.set(cid, names_of(tracker, cid))
        return links

    def set(self, claim_id: str, names: Names | None) -> None:
        """The claim now names ``names`` (None: it is gone)."""
        old = self.names.pop(claim_id, None)
        if old is not None:
            for sid in old.cites:
                self.citing[sid].discard(claim_id)
            for sid in old.to_check:
                self.checking[sid].discard(claim_id)
            for other in old.related:
                self.relating[other].discard(claim_id)
            for other in old.revises:
                self.revising[other].discard(claim_id)
        if names is not None:
            self.names[claim_id] = names
            for sid in names.cites:
                self.citing[sid].add(claim_id)
            for sid in names.to_check:
                self.checking[sid].add(claim_id)
            for other in names.related:
                self.relating[other].add(claim_id)
            for other in names.revises:
                self.revising[other].add(claim_id)

    def cited_by(self, source_id: str) -> list[str]:
        """Claims citing the source (as evidence or in their history), sorted."""
        return sorted(self.citing.get(source_id, ()))

    def waiting_on(self, source_id: str) -> list[str]:
        """Claims naming the source in to_check, sorted."""
        return sorted(self.checking.get(source_id, ()))

    def related_to(self, claim_id: str) -> list[str]:
        """Claims whose ``related`` names this one, sorted."""
        return sorted(self.relating.get(claim_id, ()))

    def revised_by(self, claim_id: str) -> list[str]:
        """Claims whose ``revises`` names this one, sorted."""
        return sorted(self.revising.get(claim_id, ()))

    def chain(self, claim_id: str) -> tuple[str, ...]:
        """The claims linked to this one by ``revises``, either way and at any distance,
        itself included, sorted: its chain of revisions (itself alone when it has none).
        Only claims that loaded are in it; a loop is walked once."""
        seen = {claim_id}
        frontier = [claim_id]
        while frontier:
            cid = frontier.pop()
            names = self.names.get(cid)
            near = self.revising.get(cid, set()) | (names.revises if names else frozenset())
            for other in near:
                if other not in seen and other in self.names:
                    seen.add(other)
                    frontier.append(other)
        return tuple(sorted(seen))
