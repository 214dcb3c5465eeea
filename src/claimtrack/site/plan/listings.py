"""The listings' pages: 100 claims a page, and a page of links for each family.

Each page's key holds only what it shows: its own slice of the listing, the
page number and count, and on its first page the listing's status breakdown.
An unchanged listing (the same ListingView object) gives the same Outputs
without any work, so an edit of one claim renders only the pages it appears on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any

from ...i18n import N_, Interface
from ...records import ClaimKind
from .. import addresses
from ..model.listings import link
from ..model.views import (
    STATUS_ORDER,
    STATUSES,
    ClaimSummary,
    Facet,
    ListingLink,
    ListingView,
    SiteSettings,
    SourceSummary,
    StatusView,
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


@dataclass(frozen=True)
class ListingHead:
    """What a listing page shows above its claims (the breakdown on page 1 only, so
    that a status change reaches the other pages only when it moves them)."""

    family: str
    slug: str
    value: str
    label: str
    count: int
    fared: tuple[tuple[StatusView, int], ...]
    details: tuple[str, ...]


@dataclass(frozen=True)
class Pagination:
    family: str
    slug: str
    number: int
    pages: int


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


def _filters(claims: tuple[ClaimSummary, ...]) -> dict[str, Any]:
    """The filters over one page of claims: each value with how many of them have it."""
    statuses = Counter(c.status.value for c in claims)
    kinds = Counter(c.kind for c in claims)
    labels = {c.kind: c.kind_label for c in claims}

    def alphabetical(counter: Counter[str]) -> tuple[Facet, ...]:
        return tuple(
            Facet(v, v, n)
            for v, n in sorted(counter.items(), key=lambda x: (x[0].casefold(), x[0]))
        )

    return {
        "facets": {
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
            "claimants": alphabetical(Counter(c.claimant for c in claims)),
        }
    }


class ListingPlanner:
    """The Outputs of every listing, reused while a listing is the same object."""

    def __init__(self) -> None:
        self._done: dict[tuple[str, str], tuple[ListingView, SiteSettings, list[Output]]] = {}

    def plan(
        self, listings: tuple[ListingView, ...], s: SiteSettings, ui: Interface
    ) -> list[Output]:
        """``ui``: the language of the titles; the settings name it, so a new language
        gives new settings and every page again."""
        outputs: list[Output] = []
        kept, self._done = self._done, {}
        families: dict[str, list[ListingLink]] = {}
        for v in listings:
            key = (v.family, v.value)
            hit = kept.get(key)
            if hit is None or hit[0] is not v or hit[1] is not s:
                hit = (v, s, self._pages(v, s, ui))
            self._done[key] = hit
            outputs.extend(hit[2])
            if v.family != "claims":
                families.setdefault(v.family, []).append(link(v))
        for family, links in families.items():
            outputs.extend(_family_pages(family, tuple(links), s, ui))
        return outputs

    @staticmethod
    def _pages(v: ListingView, s: SiteSettings, ui: Interface) -> list[Output]:
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
                v.fared if number == 1 else (),
                v.details if number == 1 else (),
            )
            title = _title(ui, v.family, v.label, number, total, s.title)
            info = page_info(s, path, title, title, "claims")
            shown = v.claims[start : start + addresses.PER_PAGE]
            made.append(
                page(
                    "listing.html",
                    s,
                    info,
                    (partial(_filters, shown), None),  # made from the claims, in the key
                    listing=head,
                    claims=shown,
                    pagination=Pagination(v.family, v.slug, number, total),
                )
            )
        return made


def _family_pages(
    family: str, links: tuple[ListingLink, ...], s: SiteSettings, ui: Interface
) -> list[Output]:
    """``topics/``: every topic with its count, 100 to a page like the claims."""
    made = []
    per = addresses.PER_PAGE
    total = addresses.page_count(len(links))
    for number in range(1, total + 1):
        path = addresses.listing_page(family, "", number)
        title = _titled(ui, ui.gettext(FAMILY_TITLES[family]), number, total, s.title)
        info = page_info(s, path, title, title, "claims")
        made.append(
            page(
                "listings.html",
                s,
                info,
                family=family,
                links=links[(number - 1) * per : number * per],
                count=len(links),
                pagination=Pagination(family, "", number, total),
            )
        )
    return made


def source_pages(listed: tuple[SourceSummary, ...], s: SiteSettings, ui: Interface) -> list[Output]:
    """``sources/``: every source, originals first, 100 to a page."""
    made = []
    per = addresses.PER_PAGE
    total = addresses.page_count(len(listed))
    for number in range(1, total + 1):
        path = addresses.listing_page("sources", "", number)
        title = _titled(ui, ui.gettext("Sources"), number, total, s.title)
        described = ui.gettext("Sources of %(title)s") % {"title": s.title}
        info = page_info(s, path, title, described, "sources")
        made.append(
            page(
                "sources.html",
                s,
                info,
                sources=listed[(number - 1) * per : number * per],
                count=len(listed),
                pagination=Pagination("sources", "", number, total),
            )
        )
    return made
