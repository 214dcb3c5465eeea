"""The site's view models: frozen dataclasses of strings, dates and tuples (the parts
they are made of, a quote's or a status's, are parts.py's; a claim page's own, claim/).

Built once per build by cache.build_model, read by the templates, the feeds
and the JSON-LD.  Being immutable values, they are compared by value: an
incremental build re-renders a page only when the views it shows differ.
"""

from __future__ import annotations

import datetime as dt
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...check.coverage.counts import CoverageCounts
from ...check.revisions import Removal
from ...records import Claim, Source
from .. import addresses
from .claim.chains import RevisionChain
from .claim.measured import MeasuredView
from .claim.timeline import Event, Made, SourceVersion, revisions_by_claimant, timeline
from .localized import Localized
from .parts import (
    MEASURE_AXIS as MEASURE_AXIS,
)
from .parts import (
    MEASURE_LABEL as MEASURE_LABEL,
)
from .parts import (
    MEASURE_ROW as MEASURE_ROW,
)
from .parts import (
    STATUS_LABELS as STATUS_LABELS,
)
from .parts import (  # re-exported: the parts every view is made of
    STATUS_ORDER as STATUS_ORDER,
)
from .parts import (
    STATUSES as STATUSES,
)
from .parts import (
    ClaimantView as ClaimantView,
)
from .parts import (
    ClaimSummary as ClaimSummary,
)
from .parts import (
    EvidenceView as EvidenceView,
)
from .parts import (
    HistoryView as HistoryView,
)
from .parts import (
    MeasuredLine as MeasuredLine,
)
from .parts import (
    QuantityView as QuantityView,
)
from .parts import (
    SiteSettings as SiteSettings,
)
from .parts import (
    SourceRef as SourceRef,
)
from .parts import (
    StatusView as StatusView,
)
from .revisions import RevisionView

# A claim view's fields that only its own pages (and its claims.json line) read.
PAGE_ONLY = frozenset({"evidence", "made", "versions", "chain"})


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
    # The revisions that removed passages it cites and that are still missing from the
    # latest one, once per source and revision, oldest first (the feeds' entries).
    removals: tuple[tuple[SourceRef, Removal], ...]
    chain: RevisionChain[ClaimSummary] | None  # the claims it revises or is revised by
    # What its timeline is made of besides the fields above (claim/timeline.py).
    made: Made | None
    versions: tuple[SourceVersion, ...]
    # The latest date any of its feed entries can carry (claim/page.newest_change): the
    # feed is chosen from the claims it allows, each view made only then.
    newest_change: dt.date
    # The record as written, for claims.json: compared, so that an equal view means an
    # equal JSON line too; not hashed (its lists cannot be).
    record: Claim = field(hash=False)

    @classmethod
    def deferred(
        cls,
        shown: Callable[[], dict[str, Any]],
        page: Callable[[tuple[HistoryView, ...]], dict[str, Any]],
        **now: Any,
    ) -> ClaimView:
        """A view whose DEFERRED fields are made when one is first read: ``shown`` makes
        all but PAGE_ONLY's, ``page`` those from the history (then they are fields like the
        others: compared, hashed and shown alike)."""
        view = object.__new__(cls)
        view.__dict__.update(now, _shown=shown, _page=page)
        return view

    if not TYPE_CHECKING:  # for mypy, every other name stays an error

        def __getattr__(self, name: str) -> Any:
            made = self.__dict__
            if name not in DEFERRED or "_page" not in made:
                raise AttributeError(name)
            if "_shown" in made:
                made.update(made.pop("_shown")())
            if name in PAGE_ONLY:
                made.update(made.pop("_page")(made["history"]))
            return made[name]

    @property
    def timeline(self) -> tuple[Event, ...]:
        """Everything that happened to the claim, newest first: computed when its page is
        rendered, never kept in the view (claim/timeline.py)."""
        return timeline(
            self.made,
            self.history,
            self.versions,
            self.measured.items if self.measured else (),
            revisions_by_claimant(self.summary.id, self.chain),
        )


# What every claim's view has from the start: what the listings, the related claims and
# the choice of the feed read (the summary, the claimant: a person's role and organisation
# show in the listings), and the record.  Every other field only the claim's own outputs
# read (its pages, its claims.json line, its feed entries): a build in a new process that
# renders few pages makes them only for the claims it renders and the feed shows
# (ClaimView.deferred).  Named by exclusion, so that a field added is deferred until said.
NOW = frozenset({"summary", "claimant", "newest_change", "record"})
DEFERRED = frozenset(f.name for f in fields(ClaimView)) - NOW


def claim_id(view: ClaimView) -> str:
    """A claim's view by its claim's id: what the plan's memos (site/memo.Reuse) name it by."""
    return view.summary.id


def whole(claims: Iterable[ClaimView]) -> None:
    """Make the DEFERRED fields of those claims' views that have them yet to make."""
    for claim in claims:
        if "_page" in claim.__dict__:
            claim.evidence  # noqa: B018 (reading one makes them all)


@dataclass(frozen=True)
class SourceView:
    ref: SourceRef
    language_name: str
    kind: str
    kind_label: str
    publisher: Localized | None  # in the records' language, and translated
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
    publisher: Localized | None  # in the records' language, and translated
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
    # A claimant's name as each site language reads it: as its latest claim translating it
    # does (localized.first_shown).
    name: Localized | None = None

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
    name: Localized | None = None  # a claimant's name in each site language (ListingView)


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


_SUMMARY = operator.attrgetter("summary")


@dataclass(frozen=True)
class SiteModel:
    settings: SiteSettings
    claims: tuple[ClaimView, ...]  # sorted by id
    sources: tuple[SourceView, ...]  # sorted by id
    index: IndexView
    archives: tuple[ArchiveView, ...] = ()  # the archive pages to build, sorted by source id
    listings: tuple[ListingView, ...] = ()  # all claims; by status, kind, topic, claimant
    claimant_slugs: dict[str, str] = field(default_factory=dict)  # name -> claimants/<slug>/

    @cached_property
    def summaries(self) -> tuple[ClaimSummary, ...]:
        """Each claim's summary, in the claims' order (once per build, for all who ask)."""
        return tuple(map(_SUMMARY, self.claims))


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


def source_id(view: SourceView | ArchiveView) -> str:
    """A source's view, or an archive page's, by its source's id (as claim_id)."""
    return view.ref.id
