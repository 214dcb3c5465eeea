"""Every address of the site, in one place: page paths, folder URLs, absolute URLs.

A page is written at its path (``claims/<id>/index.html``) and published at
its folder (``claims/<id>/``): links between pages use the path, relative to
the linking page, so that the site works from disk; canonical links, the
sitemap, the feed, ClaimReview and ``site_url`` in the JSON use the folder
under the base URL.  Pages, fragments, JSON, JSON-LD, feed and sitemap all ask
here, so that they cannot disagree.
"""

from __future__ import annotations

from urllib.parse import urlsplit

INDEX = "index.html"
SOURCES_INDEX = "sources/index.html"
NOT_FOUND = "404.html"
SEARCH = "search/index.html"


def claim_folder(claim_id: str) -> str:
    return f"claims/{claim_id}/"


def claim_page(claim_id: str) -> str:
    return f"claims/{claim_id}/index.html"


def source_folder(source_id: str) -> str:
    return f"sources/{source_id}/"


def source_page(source_id: str) -> str:
    return f"sources/{source_id}/index.html"


def archive_folder(source_id: str) -> str:
    return f"sources/{source_id}/archive/"


def archive_page(source_id: str) -> str:
    """The whole archived text of a source, built only when its record says archive_public."""
    return f"sources/{source_id}/archive/index.html"


def passage_id(start: int) -> str:
    """The id of a cited passage on its archive page, from where it starts in the archived
    text (in characters): the same whatever else is cited, for as long as the text is."""
    return f"passage-{start}"


def folder_of(page: str) -> str:
    """The address a page is published at: ``claims/x/index.html`` -> ``claims/x/``."""
    return page.removesuffix("index.html")


def base_url(configured: str | None) -> str | None:
    """tracker.yaml's base_url as a folder: no query or fragment, ending with "/".

    Page paths are appended to it, so ``https://example.org/t?x=1#top`` must
    give ``https://example.org/t/claims/x/``, never ``...?x=1#top/claims/x/``.
    """
    if configured is None:
        return None
    parts = urlsplit(configured)
    base = f"{parts.scheme}://{parts.netloc}{parts.path}"
    return base if base.endswith("/") else base + "/"


def absolute(base: str | None, path: str) -> str | None:
    """Absolute URL of a site path under a base URL from base_url(); None without one."""
    return None if base is None else base + path


# Listings: every claim, or those of one status, kind, topic or claimant, 100 to a page.
# ``family`` is the first folder ("claims", "status", "kinds", "topics", "claimants"),
# ``slug`` the listing's own folder under it ("" for every claim, under claims/).
LISTING_FAMILIES = ("claims", "status", "kinds", "topics", "claimants")


def listing_folder(family: str, slug: str, number: int = 1) -> str:
    """``status/false/``, ``status/false/page/2/``; page 1 has no ``page/1/``."""
    folder = f"{family}/{slug}/" if slug else f"{family}/"
    return folder if number == 1 else f"{folder}page/{number}/"


def listing_page(family: str, slug: str, number: int = 1) -> str:
    return listing_folder(family, slug, number) + "index.html"
