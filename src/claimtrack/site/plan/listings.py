"""The listings' pages: 100 claims a page, and a page of links for each family.

Each page's key holds only what it shows: its own slice of the listing, the
page number and count, and on its first page the listing's status breakdown.
An unchanged listing (the same ListingView object) gives the same Outputs
without any work, so an edit of one claim renders only the pages it appears on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial

from ...i18n import N_, Interface
from ...records import ClaimKind
from .. import addresses
from ..languages import SiteLanguage
from ..memo import Reuse
from ..model.listings import link
from ..model.localized import localized
from ..model.views import (
    STATUS_ORDER,
    STATUSES,
    ClaimSummary,
    Facet,
    ListingLink,
    ListingView,
    SiteSettings,
    SourceSummary,
)
from .contexts import (
    Facets,
    FamilyPage,
    Lazy,
    ListingHead,
    ListingPage,
    Pagination,
    SourcesPage,
)
from .outputs import Output, page, page_info

_KINDS = {kind.value: i for i, kind in enumerate(ClaimKind)}

FAMILY_TITLES = {
    "claims": N_("All claims"),
    "status": N_("Claims by status"),
    "kinds": N_("Claims by kind"),
    "topics": N_("Claims by topic"),
    "claimants": N_("Claims by claimant"),
}


def _title(ui: Interface, family: str, label: str, number: int, pages_: int, site: str) -> str:
    """A listing page's title in the site's language (status and kind labels are message
    ids; topics and claimants are the records' own words)."""
    _ = ui.gettext
    if family == "claims":
        name = _("All claims")
    elif family == "claimants":
        name = _("Claims by %(claimant)s") % {"claimant": label}
    elif family == "status":
        name = _("%(status)s claims") % {"status": _(label)}
    elif family == "kinds":
        name = _("Claims of kind %(kind)s") % {"kind": _(label)}
    else:
        name = _("Claims about %(topic)s") % {"topic": label}
    return _titled(ui, name, number, pages_, site)


def _titled(ui: Interface, name: str, number: int, pages_: int, site: str) -> str:
    if number > 1:
        name = ui.gettext("%(name)s, page %(number)s of %(pages)s") % {
            "name": name,
            "number": ui.number(number),
            "pages": ui.number(pages_),
        }
    return f"{name} – {site}"


def _filters(claims: tuple[ClaimSummary, ...], tag: str) -> Facets:
    """The filters over one page of claims: each value with how many of them have it; a
    claimant named in ``tag``'s words where translated (its value stays the records')."""
    statuses = Counter(c.status.value for c in claims)
    kinds = Counter(c.kind for c in claims)
    labels = {c.kind: c.kind_label for c in claims}
    names = {c.claimant: localized(c.claimant_name, tag) for c in reversed(claims)}

    def alphabetical(counter: Counter[str]) -> tuple[Facet, ...]:
        return tuple(
            Facet(v, v, n)
            for v, n in sorted(counter.items(), key=lambda x: (x[0].casefold(), x[0]))
        )

    return {
        "statuses": tuple(
            Facet(st.value, STATUSES[st].label, statuses[st.value])
            for st in STATUS_ORDER
            if statuses[st.value]
        ),
        "kinds": tuple(
            Facet(k, labels[k], n)
            for k, n in sorted(kinds.items(), key=lambda x: _KINDS.get(x[0], 99))
        ),
        "topics": alphabetical(Counter(t for c in claims for t in c.topics)),
        "claimants": tuple(
            Facet(f.value, names[f.value], f.count)
            for f in alphabetical(Counter(c.claimant for c in claims))
        ),
    }


class ListingPlanner:
    """The Outputs of every listing, reused while a listing is the same object."""

    def __init__(self) -> None:
        self._done: Reuse[tuple[str, str], list[Output]] = Reuse()
        # Each listing's pages in the last plan: a listing made again (one claim moved in
        # it) keeps the Output of each page showing the same (most of its pages).
        self._last: dict[tuple[str, str], list[Output]] = {}

    def plan(
        self,
        listings: tuple[ListingView, ...],
        s: SiteSettings,
        lang: SiteLanguage,
        ui: Interface,
    ) -> list[Output]:
        """``lang``, ``ui``: the pages' language and its words (a planner plans one
        language: the settings name the languages, so a new one gives new settings and
        every page again)."""
        outputs = self._listing_pages(listings, s, lang, ui)
        families: dict[str, list[ListingLink]] = {}
        for v in listings:
            if v.family != "claims":
                families.setdefault(v.family, []).append(link(v))
        for family, links in families.items():
            outputs.extend(_family_pages(family, tuple(links), s, lang, ui))
        return outputs

    def _listing_pages(
        self,
        listings: tuple[ListingView, ...],
        s: SiteSettings,
        lang: SiteLanguage,
        ui: Interface,
    ) -> list[Output]:
        last = self._last
        made = self._done.each(
            listings, _name, lambda v: _pages(v, s, lang, ui, last.get(_name(v), ())), s
        )
        self._last = {_name(v): pages for v, pages in zip(listings, made, strict=True)}
        return [output for pages in made for output in pages]


def _name(v: ListingView) -> tuple[str, str]:
    return (v.family, v.value)


def _pages(
    v: ListingView,
    s: SiteSettings,
    lang: SiteLanguage,
    ui: Interface,
    last: Sequence[Output] = (),
) -> list[Output]:
    """``last``: the listing's pages in the last plan; a page showing the same (its head,
    claims and pagination; the settings the same object) is the same Output again."""
    made = []
    total = v.pages
    for number in range(1, total + 1):
        path = addresses.listing_page(v.family, v.slug, number)
        start = (number - 1) * addresses.PER_PAGE
        head = ListingHead(
            v.family,
            v.slug,
            v.value,
            v.label,
            len(v.claims),
            v.by_status if number == 1 else (),
            v.details if number == 1 else (),
            v.name,
        )
        shown = v.claims[start : start + addresses.PER_PAGE]
        pagination = Pagination(v.family, v.slug, number, total)
        old = last[number - 1].context if number <= len(last) else None
        if (
            isinstance(old, ListingPage)
            and last[number - 1].site is s
            and old.pagination == pagination
            and old.listing == head
            and old.claims == shown
        ):
            made.append(last[number - 1])
            continue
        label = localized(v.name, lang.tag) if v.name is not None else v.label
        title = _title(ui, v.family, label, number, total, localized(s.title, lang.tag))
        info = page_info(s, lang, path, title, title, "claims")
        # The filters are made from the claims shown, which the key holds.
        facets = Lazy(partial(_filters, shown, lang.tag))
        made.append(page(s, info, ListingPage(head, shown, pagination, facets)))
    return made


def _family_pages(
    family: str,
    links: tuple[ListingLink, ...],
    s: SiteSettings,
    lang: SiteLanguage,
    ui: Interface,
) -> list[Output]:
    """``topics/``: every topic with its count, 100 to a page like the claims."""
    made = []
    per = addresses.PER_PAGE
    total = addresses.page_count(len(links))
    for number in range(1, total + 1):
        path = addresses.listing_page(family, "", number)
        site = localized(s.title, lang.tag)
        title = _titled(ui, ui.gettext(FAMILY_TITLES[family]), number, total, site)
        info = page_info(s, lang, path, title, title, "claims")
        shown = links[(number - 1) * per : number * per]
        pagination = Pagination(family, "", number, total)
        made.append(page(s, info, FamilyPage(family, shown, len(links), pagination)))
    return made


def source_pages(
    listed: tuple[SourceSummary, ...],
    s: SiteSettings,
    lang: SiteLanguage,
    ui: Interface,
    last: Sequence[Output] = (),
) -> list[Output]:
    """``sources/``: every source, originals first, 100 to a page.  ``last``: these pages
    in the last plan; one showing the same (the settings the same object) is the same
    Output again, as a claim listing's page is (_pages): an edit to a claim makes the
    sources it cites a new view, not a new row here."""
    made = []
    per = addresses.PER_PAGE
    total = addresses.page_count(len(listed))
    for number in range(1, total + 1):
        shown = listed[(number - 1) * per : number * per]
        context = SourcesPage(shown, len(listed), Pagination("sources", "", number, total))
        if (
            number <= len(last)
            and last[number - 1].site is s
            and last[number - 1].context == context
        ):
            made.append(last[number - 1])
            continue
        path = addresses.listing_page("sources", "", number)
        site = localized(s.title, lang.tag)
        title = _titled(ui, ui.gettext("Sources"), number, total, site)
        described = ui.gettext("Sources of %(title)s") % {"title": site}
        info = page_info(s, lang, path, title, described, "sources")
        made.append(page(s, info, context))
    return made
