"""The uncited sentences of an archive ranked by their signals of a checkable statement,
strongest first: what `claimtrack coverage` lists and the worklist's strongest few."""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis import Analysis
from .counts import Coverage, Sentence
from .signals import Signal, score, signals


def known_names(a: Analysis) -> frozenset[str]:
    """Organisations and people the records name: claimants, publishers, authors."""
    names: set[str] = set()
    for claim in a.tracker.claims.values():
        claimant = claim.record.claimant
        names.add(claimant.name)
        if claimant.organisation:
            names.add(claimant.organisation)
    for source in a.tracker.sources.values():
        if source.record.publisher:
            names.add(source.record.publisher)
        names.update(source.record.authors)
    return frozenset(n for n in names if n.strip())


@dataclass(frozen=True)
class Uncited:
    sentence: Sentence
    line: int
    column: int
    text: str
    signals: tuple[Signal, ...]

    @property
    def score(self) -> int:
        return score(self.signals)


def ranked(found: Coverage, names: frozenset[str]) -> list[Uncited]:
    """The uncited sentences with their signals, strongest first, then in text order."""
    items = []
    for s in found.uncited:
        words = found.words(s)
        items.append(Uncited(s, *found.position(s), words, signals(words, names)))
    return sorted(items, key=lambda u: (-u.score, u.sentence.start))
