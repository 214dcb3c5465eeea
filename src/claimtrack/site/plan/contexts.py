"""What each kind of page gives its template, besides ``site`` and ``page``: one class each.

A page context is a frozen dataclass whose fields are the template's variables,
so that a renamed field is a name the template check (html/names.py) finds
missing, not an empty string on the page.  It is part of the page's key: two
pages of a kind compare equal exactly when their fields do.  A field that is
costly to make and not needed to compare pages is a ``Lazy``: made only when
the page is rendered, compared by the key it is given.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from html import escape
from typing import ClassVar, Generic, TypeVar

from ..model.claim.corrections import CorrectionView
from ..model.localized import Localized
from ..model.views import (
    ArchiveView,
    ClaimSummary,
    ClaimView,
    Facet,
    IndexView,
    ListingLink,
    SourceSummary,
    SourceView,
    StatusView,
)

T = TypeVar("T")

# Every page's template receives these too: the site's settings and the page's PageInfo.
COMMON = ("site", "page")


@dataclass(frozen=True)
class Lazy(Generic[T]):
    """A template variable made when the page is rendered (in whichever process renders it);
    ``key`` must cover what it is made from that the page's other fields do not."""

    make: Callable[[], T] = field(compare=False)
    key: object = None


@dataclass(frozen=True)
class PageContext:
    template: ClassVar[str]  # the one template this kind of page is rendered with


@dataclass(frozen=True)
class ListingHead:
    """What a listing page shows above its claims (the breakdown on page 1 only, so
    that a status change reaches the other pages only when it moves them)."""

    family: str
    slug: str
    value: str
    label: str
    count: int
    by_status: tuple[tuple[StatusView, int], ...]
    details: tuple[str, ...]
    name: Localized | None = None  # a claimant's name in each site language


@dataclass(frozen=True)
class Pagination:
    family: str
    slug: str
    number: int
    pages: int


Facets = dict[str, tuple[Facet, ...]]  # the filters over a page's claims, by what they filter


@dataclass(frozen=True)
class IndexPage(PageContext):
    template = "index.html"
    index: IndexView


# The iframe's size in CSS pixels: as wide as the column it is put in, up to WIDTH; a
# fixed HEIGHT (no script sizes it to its content) that holds every card of the
# repository's data whole at WIDTH.  In a narrower column a long statement makes the card
# scroll inside the frame, its status first (tests/browser/test_embed.py measures both).
WIDTH = 560
HEIGHT = 360
# The card's links open in a new tab, leaving the host's article where it is: so the
# frame may be sandboxed with popups alone (it needs no script, no form, no top navigation).
SANDBOX = "allow-popups allow-popups-to-escape-sandbox"


def _attribute(value: str) -> str:
    """A value inside double quotes: an apostrophe stays one, for whoever reads the code."""
    return escape(value, quote=False).replace('"', "&quot;")


def iframe_html(src: str, title: str) -> str:
    """The ``<iframe>`` code to copy (the claim page's offer, the oEmbed ``html``)."""
    return (
        f'<iframe src="{_attribute(src)}" title="{_attribute(title)}" width="{WIDTH}" '
        f'height="{HEIGHT}" style="width:100%;max-width:{WIDTH}px;border:0" '
        f'loading="lazy" sandbox="{SANDBOX}"></iframe>'
    )


@dataclass(frozen=True)
class EmbedOffer:
    """What a claim page offers to embed it elsewhere (plan/embeds.py)."""

    src: str  # the card's address in the <iframe>
    absolute: bool  # ``src`` is absolute (with base_url), else from the site root
    preview: str  # the embed page, from the claim page
    oembed: str | None  # the oEmbed file's absolute URL, with base_url only
    title: str  # the iframe's title, also the oEmbed link's

    @property
    def snippet(self) -> str:
        """The <iframe> code to copy, as text: made when a page or oEmbed file shows it,
        not kept with each of 10,000 claims' plans in each language (4 MiB)."""
        return iframe_html(self.src, self.title)


@dataclass(frozen=True)
class ClaimPage(PageContext):
    template = "claim.html"
    claim: ClaimView
    claimant_slug: str
    jsonld: Lazy[str]  # the ClaimReview; keyed by what it shows of the cited sources
    embed: EmbedOffer


@dataclass(frozen=True)
class EmbedPage(PageContext):
    """A claim's card for other sites' iframes (embed.html: not base.html, self-contained)."""

    template = "embed.html"
    summary: ClaimSummary
    since: dt.date  # when the claim got its current status (plan/embeds.status_since)
    review_by: dt.date | None  # shown only when the review is overdue
    claim_link: str  # the claim page: absolute with base_url, else relative to the embed
    direction: str  # "ltr" or "rtl", the page language's (SiteLanguage.direction)


@dataclass(frozen=True)
class SourcePage(PageContext):
    template = "source.html"
    source: SourceView


@dataclass(frozen=True)
class ArchivePage(PageContext):
    template = "archive.html"
    archive: ArchiveView


@dataclass(frozen=True)
class ListingPage(PageContext):
    template = "listing.html"
    listing: ListingHead
    claims: tuple[ClaimSummary, ...]
    pagination: Pagination
    facets: Lazy[Facets]  # made from ``claims``, so its key is None


@dataclass(frozen=True)
class FamilyPage(PageContext):
    """A page of links to a family's listings (``topics/``)."""

    template = "listings.html"
    family: str
    links: tuple[ListingLink, ...]
    count: int
    pagination: Pagination


@dataclass(frozen=True)
class SourcesPage(PageContext):
    template = "sources.html"
    sources: tuple[SourceSummary, ...]
    count: int
    pagination: Pagination


@dataclass(frozen=True)
class SearchPage(PageContext):
    template = "search.html"
    statuses: tuple[StatusView, ...]
    kinds: tuple[tuple[str, str], ...]  # (value, label)
    listings: dict[str, str]  # family -> its first page, for the families the site has
    shards: tuple[int, ...]  # the search shards that hold a claim (pagefind/<n>/), in order


@dataclass(frozen=True)
class CorrectionsPage(PageContext):
    """Every correction of every claim, newest first, each with the claim it corrected."""

    template = "corrections.html"
    corrections: tuple[tuple[CorrectionView, ClaimSummary], ...]


@dataclass(frozen=True)
class NotFoundPage(PageContext):
    template = "404.html"


PAGE_KINDS: tuple[type[PageContext], ...] = (
    IndexPage,
    ClaimPage,
    EmbedPage,
    SourcePage,
    ArchivePage,
    ListingPage,
    FamilyPage,
    SourcesPage,
    SearchPage,
    CorrectionsPage,
    NotFoundPage,
)
# The variables each kind gives its template besides COMMON, in field order.
FIELDS: dict[type[PageContext], tuple[str, ...]] = {
    kind: tuple(f.name for f in fields(kind)) for kind in PAGE_KINDS
}
BY_TEMPLATE: dict[str, type[PageContext]] = {kind.template: kind for kind in PAGE_KINDS}


def template_variables(template: str) -> frozenset[str] | None:
    """Every variable the plan gives ``template``; None when no page is rendered with it
    directly (a part that pages include or extend sees what its page has)."""
    kind = BY_TEMPLATE.get(template)
    return None if kind is None else frozenset((*COMMON, *FIELDS[kind]))
