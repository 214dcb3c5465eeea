"""What a source's page and sources.json say about its coverage (claimtrack coverage)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...check.analysis import Analysis
from ...check.coverage.counts import counts, fraction, whole_percent


@dataclass(frozen=True)
class CoverageView:
    sentences: int
    fully_cited: int
    partly_cited: int
    reviewed: int
    ratio: float  # (cited + reviewed) / sentences
    cited_ratio: float  # cited / sentences

    @property
    def cited(self) -> int:
        return self.fully_cited + self.partly_cited

    @property
    def percent(self) -> int:
        """Of the sentences cited or reviewed; rounded down, so 100 only when complete."""
        return whole_percent(self.ratio)

    @property
    def cited_percent(self) -> int:
        return whole_percent(self.cited_ratio)

    def to_json(self) -> dict[str, Any]:
        return {
            "sentences": self.sentences,
            "cited": self.cited,
            "fully_cited": self.fully_cited,
            "partly_cited": self.partly_cited,
            "reviewed": self.reviewed,
            "coverage": self.ratio,
            "cited_coverage": self.cited_ratio,
        }


def coverage_view(a: Analysis, source_id: str) -> CoverageView | None:
    """None when the source has no archived text."""
    found = counts(a, source_id)
    if found is None:
        return None
    total, fully, partly, reviewed = found
    return CoverageView(
        sentences=total,
        fully_cited=fully,
        partly_cited=partly,
        reviewed=reviewed,
        ratio=fraction(fully + partly + reviewed, total),
        cited_ratio=fraction(fully + partly, total),
    )
