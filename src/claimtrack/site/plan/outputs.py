"""What the plan is made of: an Output per file, and a page's PageInfo.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import addresses
from ..model.views import SiteSettings
from .contexts import PageContext


@dataclass(frozen=True)
class NavInfo:
    """All that the site's header and footer depend on, besides the site settings.

    Pages with equal NavInfo share one rendering of header.html and footer.html.
    """

    rel: str
    section: str  # the navigation item this page is under: "claims", "sources" or ""
    current: str  # the navigation item this page is ("claims" on the index), or ""


@dataclass(frozen=True)
class PageInfo:
    path: str
    rel: str  # prefix from this page back to the site root: "", "../", "../../"
    title: str
    description: str
    canonical: str | None
    section: str  # which navigation item is current
    nav: NavInfo


@dataclass(frozen=True)
class Output:
    path: str
    # For pages: the template and what it receives (site, page and the page's context);
    # for other files: a function making the bytes.
    template: str | None = None
    site: SiteSettings | None = None
    page: PageInfo | None = None
    context: PageContext | None = None
    make: Callable[[], bytes] | None = None
    # What the output is made from; None means "always make it and compare the bytes".
    key: object = None

    @property
    def is_page(self) -> bool:
        return self.template is not None


_NAV_ITEMS = {addresses.INDEX: "claims", addresses.SOURCES_INDEX: "sources"}


def page_info(
    settings: SiteSettings, path: str, title: str, description: str, section: str
) -> PageInfo:
    """What a page's header, footer and links need: its path back to the root, its
    canonical address and its place in the navigation."""
    depth = path.count("/")
    folder = addresses.folder_of(path)
    rel = "../" * depth
    if path == addresses.NOT_FOUND and settings.base_url is not None:
        # A server shows this page at any missing address, so relative links would
        # resolve against that address; with a known base URL they need not.
        rel = settings.base_url
    return PageInfo(
        path=path,
        rel=rel,
        title=title,
        description=description,
        canonical=settings.absolute(addresses.href(folder))
        if path != addresses.NOT_FOUND
        else None,
        section=section,
        nav=NavInfo(rel, section, _NAV_ITEMS.get(path, "")),
    )


def page(settings: SiteSettings, info: PageInfo, context: PageContext) -> Output:
    """The one way a page is planned: its key is everything its template receives."""
    template = context.template
    return Output(
        path=info.path,
        template=template,
        site=settings,
        page=info,
        context=context,
        key=(template, settings, info, context),
    )
