"""The sitemap, one for the whole site: every page of every language, with its
alternates where a page is translated (``xhtml:link``), as its ``<link rel="alternate">``
say, and each page's latest change where the data gives one.

Every page but ``404.html``: it has no address of its own (a server shows it at any
address that has no page, with status 404), and a sitemap lists addresses to index.
The search pages are listed when the site has them (``SiteSettings.search``).

Addresses are escaped with ``html.escape``: quotes too, which an ``href`` attribute and
the sitemaps protocol ask for (xml.sax.saxutils, which leaves them, also imports
urllib.request and ssl: 8–10 ms of every build).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from html import escape

from .. import addresses
from ..languages import X_DEFAULT, of_site, translated_in
from ..model.localized import Localized
from ..model.views import ArchiveView, ClaimSummary, SiteModel, SourceView

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


Each = Callable[[str, tuple[object, ...], Callable[[object], str]], list[str]]


def _made(kind: str, views: tuple[object, ...], make: Callable[[object], str]) -> list[str]:
    return [make(view) for view in views]


def sitemap(model: SiteModel, each: Each = _made) -> bytes | None:
    """The sitemap lists absolute addresses, so there is none without a base URL."""
    parts = sitemap_parts(model, each)
    return None if parts is None else "".join(parts).encode("utf-8")


def sitemap_parts(model: SiteModel, each: Each = _made) -> list[str] | None:
    """The sitemap's text in parts (``sitemap`` joins them); None without a base URL.

    Each page in each language; on a site of several languages each version whose
    main text is translated names every such version and x-default
    (``xhtml:link``), as its ``<link rel="alternate">`` do.

    Written as text, not through ElementTree: one line per address is all it
    holds, and at 10,000 claims the tree cost more than the rest of an edit's
    rebuild.  The bytes are those ElementTree (with ET.indent) would write.
    ``each(kind, views, make)``: the entries of each view (``make(view)``, a function
    of the view and the settings), or those made last time from the same views
    (datafiles.py keeps them), so that an edit makes again only its records' entries.
    """
    settings = model.settings
    if settings.base_url is None:
        return None
    languages = of_site(settings)
    several = len(languages) > 1
    space = f' xmlns:xhtml="{XHTML}"' if several else ""
    parts = [f"<?xml version='1.0' encoding='utf-8'?>\n<urlset xmlns=\"{SITEMAP}\"{space}>\n"]

    def add(folder: str, lastmod: dt.date | None, main_text: Localized | None = None) -> str:
        """``folder``: percent-encoded, in the main language; ``main_text``: the page's
        (a claim's statement), for which versions count as translated."""
        versions = translated_in(main_text, languages)
        links = ""
        if several:
            urls = [(v.tag, escape(settings.absolute(v.prefix + folder) or "")) for v in versions]
            urls.append((X_DEFAULT, urls[0][1]))  # versions start with the main language
            links = "".join(
                f'    <xhtml:link rel="alternate" hreflang="{tag}" href="{url}" />\n'
                for tag, url in urls
            )
        modified = f"    <lastmod>{lastmod.isoformat()}</lastmod>\n" if lastmod else ""
        made = []
        for lang in languages:
            loc = escape(settings.absolute(lang.prefix + folder) or "")
            shown = links if lang in versions else ""
            made.append(f"  <url>\n    <loc>{loc}</loc>\n{modified}{shown}  </url>\n")
        return "".join(made)

    def add_claim(summary: ClaimSummary) -> str:
        return add(addresses.claim_folder(summary.id), summary.last_changed, summary.statement)

    def add_source(source: SourceView) -> str:
        return add(addresses.source_folder(source.ref.id), None)

    def add_archive(archive: ArchiveView) -> str:
        return add(addresses.archive_folder(archive.ref.id, archive.revision), None)

    parts.append(add("", model.index.last_updated))
    parts += each("claims", model.summaries, add_claim)  # type: ignore[arg-type]
    parts.append(add(addresses.folder_of(addresses.SOURCES_INDEX), None))
    parts += each("sources", model.sources, add_source)  # type: ignore[arg-type]
    parts += each("archives", model.archives, add_archive)  # type: ignore[arg-type]
    for folder, lastmod in listing_folders(model):
        parts.append(add(folder, lastmod))
    parts.append(add(addresses.folder_of(addresses.CORRECTIONS), None))
    if settings.search:
        parts.append(add(addresses.folder_of(addresses.SEARCH), None))
    parts.append("</urlset>\n")
    return parts


def listing_folders(model: SiteModel) -> list[tuple[str, dt.date | None]]:
    """Every listing page after the first list of sources, percent-encoded, with the date
    of the latest change it shows."""
    found: list[tuple[str, dt.date | None]] = [
        (addresses.listing_folder("sources", "", n), None)
        for n in range(2, addresses.page_count(len(model.sources)) + 1)
    ]
    families: dict[str, int] = {}
    for v in model.listings:
        families[v.family] = families.get(v.family, 0) + 1
        newest = v.claims[0].last_changed if v.claims else None
        found.extend(
            (addresses.href(addresses.listing_folder(v.family, v.slug, n)), newest)
            for n in range(1, v.pages + 1)
        )
    for family, count in families.items():
        if family != "claims":
            found.extend(
                (addresses.listing_folder(family, "", n), None)
                for n in range(1, addresses.page_count(count) + 1)
            )
    return found
