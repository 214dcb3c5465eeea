"""The site's view models: frozen dataclasses of strings, dates and tuples.

Built once per build by cache.build_model, read by the templates, the feeds
and the JSON-LD.  Being immutable values, they are compared by value: an
incremental build re-renders a page only when the views it shows differ.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...check.coverage.counts import CoverageCounts
from ...check.revisions import Removal
from ...i18n import N_
from ...records import STATUS_MEANINGS, Claim, Source, Status
from .. import addresses
from .chains import Revised, RevisionChain
from .corrections import CorrectionView
from .localized import Localized, Translated
from .revisions import ReplacementView, RevisionView
from .timeline import Event

if TYPE_CHECKING:  # measured.py imports this module
    from .measured import MeasuredView

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
    title: Localized
    description: Localized
    language: str
    base_url: str | None  # always ends with "/" when set
    search: bool = True  # built with full-text search: a search page, a box on every page
    # The site's languages, main first (TrackerSettings.site_languages); every page is
    # planned once in each.  Left out, the main language alone.
    languages: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.languages:
            object.__setattr__(self, "languages", (self.language,))

    def absolute(self, path: str) -> str | None:
        """Absolute URL of a site path ("claims/x/"), only when a base URL is configured."""
        return addresses.absolute(self.base_url, path)


@dataclass(frozen=True)
class SourceRef:
    id: str
    title: Localized  # in the source's own language, and where translated in others
    language: str


@dataclass(frozen=True)
class ClaimSummary:
    """What a list shows of a claim: the index, related claims, a source's citing claims."""

    id: str
    statement: Localized
    status: StatusView
    kind: str
    kind_label: str
    claimant: str
    topics: tuple[str, ...]
    last_changed: dt.date
    recorded: dt.date
    stale: bool
    measured: MeasuredLine | None = None  # a figure with independent measurements
    revised_by: tuple[Revised, ...] = ()  # later claims of its claimant that replace it


@dataclass(frozen=True)
class MeasuredLine:
    """What a list shows of a figure's measurements: "measured: 3.1x (best of 2 independent)"."""

    best: str  # the best independent value, in the claim's unit: "3.1x"
    independent: int


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
    conditions: Localized | None
    number: float = 0.0  # the value, for Babel to format in the site's language
    joined: bool = False  # the unit follows the number without a space ("8x")
    pattern: str = ""  # "up to %(amount)s"; empty for an exact figure


@dataclass(frozen=True)
class EvidenceView:
    source: SourceRef
    quote: str
    translation: str | None  # English
    translated_by: str | None
    translator_label: str | None
    check: str
    check_label: str
    lang: str  # the quote's language: its source's
    # Its meaning in the further site languages it is translated into (quote_state).
    translations: tuple[Translated, ...] = ()
    # The quote's first occurrence in the archived copy, in the archive's own characters,
    # and the text around it (None, and 0 occurrences, without a copy or when not found).
    context_before: str | None = None
    passage: str | None = None
    context_after: str | None = None
    occurrences: int = 0
    # The source's own page at the passage (a URL text fragment); None without a url.
    text_fragment_url: str | None = None
    # The passage on the source's archive page (path#id); None when that page is not built.
    archive_passage: str | None = None
    # In the source's latest revision (None: never rechecked); when not, when it went.
    in_latest_revision: bool | None = None
    removal: Removal | None = None
    revision: dt.date | None = None  # the date of the revision it cites (None: the first copy)
    replacement: ReplacementView | None = None  # what took the removed passage's place


@dataclass(frozen=True)
class HistoryView:
    index: int
    date: dt.date
    status: StatusView
    note: Localized
    evidence: tuple[SourceRef, ...]
    current: bool
    quotes: tuple[EvidenceView, ...] = ()  # the sources' own words proving the change
    correction: CorrectionView | None = None  # an entry with was: what it put right


@dataclass(frozen=True)
class ClaimView:
    summary: ClaimSummary
    claimant: ClaimantView
    quantity: QuantityView | None
    evidence: tuple[EvidenceView, ...]
    history: tuple[HistoryView, ...]
    rationale: Localized
    review_by: dt.date | None
    related: tuple[ClaimSummary, ...]
    sources: tuple[SourceRef, ...]
    origins: tuple[SourceRef, ...]
    origins_sentence: str  # in English (see context.claim_view)
    to_check: tuple[SourceRef, ...]
    measured: MeasuredView | None  # figures only
    timeline: tuple[Event, ...]  # newest first (timeline.py)
    chain: RevisionChain[ClaimSummary] | None  # the claims it revises or is revised by
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
    notes: Localized
    derived_from: tuple[SourceRef, ...]
    derived_by: tuple[SourceRef, ...]
    origins: tuple[SourceRef, ...]  # the independent origins other than itself
    archived: bool
    retrieved: dt.date | None
    sha256: str | None
    cited_by: tuple[ClaimSummary, ...]
    to_check_by: tuple[ClaimSummary, ...]
    record: Source = field(hash=False)  # as for ClaimView.record
    archive_page: str | None = None  # the whole archived text's page, when it is built
    coverage: CoverageCounts | None = None  # None without an archived text
    revisions: tuple[RevisionView, ...] = ()  # oldest first

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
# The claimed-versus-measured chart: a label column, then the axis.
MEASURE_LABEL = 190
MEASURE_AXIS = 380
MEASURE_ROW = 34


@dataclass(frozen=True)
class ListingView:
    family: str  # addresses.LISTING_FAMILIES
    slug: str  # its folder under the family's ("" for every claim)
    value: str  # the status, kind, topic or claimant name it lists ("" for every claim)
    label: str  # how the page names it
    claims: tuple[ClaimSummary, ...]  # newest change first; earlier versions after the rest
    # How many claims of each status, most newsworthy first (earlier versions too).
    by_status: tuple[tuple[StatusView, int], ...]
    # A claimant's roles and organisations as the claims give them ("Head of AI, Acme").
    details: tuple[str, ...] = ()

    @property
    def pages(self) -> int:
        return addresses.page_count(len(self.claims))


@dataclass(frozen=True)
class ListingLink:
    """A link to a listing, with how many claims it holds."""

    family: str
    slug: str
    label: str
    count: int
    status: StatusView | None = None  # for a status's listing: its badge


# The overview shows this many of the latest changes, omissions, topics and claimants.
OVERVIEW_TOP = 20


@dataclass(frozen=True)
class IndexView:
    """The overview: small at any size, every long list capped with a link to its listing."""

    counts: tuple[tuple[StatusView, int], ...]
    chart: tuple[ChartBar, ...]
    chart_height: int
    undisclosed: tuple[ClaimSummary, ...]  # the newest OVERVIEW_TOP
    undisclosed_total: int
    disclosed: tuple[ClaimSummary, ...]  # likewise
    disclosed_total: int
    latest: tuple[ClaimSummary, ...]  # the OVERVIEW_TOP latest changed
    statuses: tuple[ListingLink, ...]
    kinds: tuple[ListingLink, ...]
    topics: tuple[ListingLink, ...]  # the OVERVIEW_TOP largest
    topic_total: int
    claimants: tuple[ListingLink, ...]  # likewise
    claimant_total: int
    total: int
    source_count: int
    last_updated: dt.date | None


@dataclass(frozen=True)
class SiteModel:
    settings: SiteSettings
    claims: tuple[ClaimView, ...]  # sorted by id
    sources: tuple[SourceView, ...]  # sorted by id
    index: IndexView
    archives: tuple[ArchiveView, ...] = ()  # the archive pages to build, sorted by source id
    listings: tuple[ListingView, ...] = ()  # all claims; by status, kind, topic, claimant
    claimant_slugs: dict[str, str] = field(default_factory=dict)  # name -> claimants/<slug>/


@dataclass(frozen=True)
class ArchiveSegment:
    text: str
    cited_by: tuple[int, ...]  # numbers of the citing claims (ArchiveView.citations); () if none
    anchors: tuple[str, ...]  # ids of the passages that start here
    notes: tuple[int, ...]  # numbers of the claims whose passage ends here


@dataclass(frozen=True)
class Citation:
    number: int
    claim: ClaimSummary
    anchors: tuple[str, ...]  # the passages it quotes, in text order


@dataclass(frozen=True)
class ArchiveView:
    ref: SourceRef
    retrieved: dt.date | None
    sha256: str
    paragraphs: tuple[tuple[ArchiveSegment, ...], ...]
    # In the order of their first passage in the text, numbered from 1.
    citations: tuple[Citation, ...]
    passages: int  # distinct cited spans
    revision: str | None = None  # a revision's page: its file's stem (None: the first copy's)
