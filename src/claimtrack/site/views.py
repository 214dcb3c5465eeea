"""The site's view models: frozen dataclasses of strings, dates and tuples.

Built once per build by context.build_model, read by the templates, the feeds
and the JSON-LD.  Being immutable values, they are compared by value: an
incremental build re-renders a page only when the views it shows differ.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..i18n import N_
from ..records import STATUS_MEANINGS, Claim, Source, Status
from . import addresses

# Most newsworthy first: what is wrong, then what is open, then what holds.
STATUS_ORDER: tuple[Status, ...] = (
    Status.FALSE,
    Status.MISLEADING,
    Status.DISPUTED,
    Status.UNVERIFIED,
    Status.CORROBORATED,
    Status.VERIFIED,
    Status.RETRACTED,
    Status.UNDISCLOSED,
    Status.DISCLOSED,
)
_RANK = {status: i for i, status in enumerate(STATUS_ORDER)}


@dataclass(frozen=True)
class StatusView:
    value: str
    label: str
    meaning: str
    rank: int


STATUS_LABELS: dict[Status, str] = {
    Status.UNVERIFIED: N_("Unverified"),
    Status.CORROBORATED: N_("Corroborated"),
    Status.VERIFIED: N_("Verified"),
    Status.MISLEADING: N_("Misleading"),
    Status.DISPUTED: N_("Disputed"),
    Status.FALSE: N_("False"),
    Status.RETRACTED: N_("Retracted"),
    Status.UNDISCLOSED: N_("Undisclosed"),
    Status.DISCLOSED: N_("Disclosed"),
}

# Label and meaning are English message ids: claims.json and the JSON-LD publish them as
# they are; pages translate them where shown (fragments.translated).
STATUSES: dict[Status, StatusView] = {
    s: StatusView(s.value, STATUS_LABELS[s], STATUS_MEANINGS[s], _RANK[s]) for s in Status
}


@dataclass(frozen=True)
class SiteSettings:
    title: str
    description: str
    language: str
    base_url: str | None  # always ends with "/" when set

    def absolute(self, path: str) -> str | None:
        """Absolute URL of a site path ("claims/x/"), only when a base URL is configured."""
        return addresses.absolute(self.base_url, path)


@dataclass(frozen=True)
class SourceRef:
    id: str
    title: str
    language: str


@dataclass(frozen=True)
class ClaimSummary:
    """What a list shows of a claim: the index, related claims, a source's citing claims."""

    id: str
    statement: str
    status: StatusView
    kind: str
    kind_label: str
    claimant: str
    topics: tuple[str, ...]
    last_changed: dt.date
    recorded: dt.date
    stale: bool


@dataclass(frozen=True)
class ClaimantView:
    name: str
    role: str | None
    organisation: str | None
    is_person: bool
    display: str


@dataclass(frozen=True)
class QuantityView:
    figure: str  # "up to 8x"
    value: str
    unit: str
    bound: str
    bound_meaning: str
    metric: str
    baseline: str | None
    conditions: str | None
    number: float = 0.0  # the value, for Babel to format in the site's language
    joined: bool = False  # the unit follows the number without a space ("8x")
    pattern: str = ""  # "up to %(amount)s"; empty for an exact figure


@dataclass(frozen=True)
class EvidenceView:
    source: SourceRef
    quote: str
    translation: str | None
    translated_by: str | None
    translator_label: str | None
    check: str
    check_label: str
    # The quote's first occurrence in the archived copy, in the archive's own characters,
    # and the text around it (None, and 0 occurrences, without a copy or when not found).
    context_before: str | None = None
    passage: str | None = None
    context_after: str | None = None
    occurrences: int = 0
    # The source's own page at the passage (a URL text fragment); None without a url.
    text_fragment_url: str | None = None


@dataclass(frozen=True)
class HistoryView:
    index: int
    date: dt.date
    status: StatusView
    note: str
    evidence: tuple[SourceRef, ...]
    current: bool


@dataclass(frozen=True)
class ClaimView:
    summary: ClaimSummary
    claimant: ClaimantView
    quantity: QuantityView | None
    evidence: tuple[EvidenceView, ...]
    history: tuple[HistoryView, ...]
    rationale: str
    review_by: dt.date | None
    related: tuple[ClaimSummary, ...]
    sources: tuple[SourceRef, ...]
    origins: tuple[SourceRef, ...]
    origins_sentence: str  # in English (see context.claim_view)
    to_check: tuple[SourceRef, ...]
    # The record as written, for claims.json: compared, so that an equal view means an
    # equal JSON line too; not hashed (its lists cannot be).
    record: Claim = field(hash=False)


@dataclass(frozen=True)
class SourceView:
    ref: SourceRef
    language_name: str
    kind: str
    kind_label: str
    publisher: str | None
    authors: tuple[str, ...]
    published: dt.date | None
    url: str | None
    notes: str
    derived_from: tuple[SourceRef, ...]
    derived_by: tuple[SourceRef, ...]
    origins: tuple[SourceRef, ...]  # the independent origins other than itself
    archived: bool
    retrieved: dt.date | None
    sha256: str | None
    cited_by: tuple[ClaimSummary, ...]
    to_check_by: tuple[ClaimSummary, ...]
    record: Source = field(hash=False)  # as for ClaimView.record

    @property
    def independent_origins(self) -> tuple[SourceRef, ...]:
        """What it derives from in the end; a source derived from nothing is its own origin."""
        return self.origins or (self.ref,)


@dataclass(frozen=True)
class SourceSummary:
    """What the list of sources shows; smaller than SourceView so that editing a claim's
    statement does not make the list look changed to an incremental build."""

    ref: SourceRef
    kind_label: str
    publisher: str | None
    published: dt.date | None
    language_name: str
    archived: bool
    cited: int
    to_check: int
    derived_from: tuple[SourceRef, ...]


@dataclass(frozen=True)
class Facet:
    value: str
    label: str
    count: int


@dataclass(frozen=True)
class ChartBar:
    status: StatusView
    count: int
    y: int
    width: int  # in the chart's user units, out of CHART_BAR_WIDTH


CHART_BAR_WIDTH = 230
CHART_ROW = 30


@dataclass(frozen=True)
class IndexView:
    counts: tuple[tuple[StatusView, int], ...]
    chart: tuple[ChartBar, ...]
    chart_height: int
    groups: tuple[tuple[StatusView, tuple[ClaimSummary, ...]], ...]
    undisclosed: tuple[ClaimSummary, ...]
    disclosed: tuple[ClaimSummary, ...]
    statuses: tuple[Facet, ...]
    kinds: tuple[Facet, ...]
    topics: tuple[Facet, ...]
    claimants: tuple[Facet, ...]
    total: int
    source_count: int
    last_updated: dt.date | None


@dataclass(frozen=True)
class SiteModel:
    settings: SiteSettings
    claims: tuple[ClaimView, ...]  # sorted by id
    sources: tuple[SourceView, ...]  # sorted by id
    index: IndexView
