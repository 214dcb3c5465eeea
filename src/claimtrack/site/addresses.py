"""Every address of the site, in one place: page paths, folder URLs, absolute URLs.

A page is written at its path (``claims/<id>/index.html``) and published at
its folder (``claims/<id>/``): links between pages use the path, relative to
the linking page, so that the site works from disk; canonical links, the
sitemap, the feed, ClaimReview and ``site_url`` in the JSON use the folder
under the base URL.  Pages, fragments, JSON, JSON-LD, feed and sitemap all ask
here, so that they cannot disagree.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import quote, urlsplit

INDEX = "index.html"
SOURCES_INDEX = "sources/index.html"
NOT_FOUND = "404.html"
SEARCH = "search/index.html"
CORRECTIONS = "corrections/index.html"
FEED = "feed.xml"
SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"
# A language's share card (its index page's og:image), at the language's root.
CARD = "card.png"


def language_prefix(tag: str, main: str) -> str:
    """Where a site language's pages are, under the site root: "" for the main language
    (published at /), else the tag in lowercase and a slash ("zh-hant/", "fr/").

    The one place a tag becomes a path: a language's pages are its prefix and the
    main language's paths; claims.json, sources.json, their schemas, static/ and the
    sitemap exist once, at the root.
    """
    return "" if tag == main else tag.lower() + "/"


def claim_folder(claim_id: str) -> str:
    return f"claims/{claim_id}/"


def claim_page(claim_id: str) -> str:
    return f"claims/{claim_id}/index.html"


# Each language's claim pages are searched in at least this many Pagefind indexes, each
# claim in the one its id's digest names, so that an edit makes only its shard's index
# again (site/publish/search.py; the number is measured in bench/RESULTS.md: at 10,000
# claims a reader's first query fetches 1.23-1.49x one index's bytes with 4, 1.53-2.04x
# with 8).
SEARCH_SHARDS = 4
# The claims a shard holds at most before their number doubles: Pagefind holds a shard's
# index in memory while it makes it (1.4 GB for 10,000 pages), and at 100,000 claims four
# shards of 25,000 pages were the largest process of the build (bench/RESULTS.md).
SHARD_CLAIMS = 12_500
SEARCH_FOLDER = "pagefind"


def shard_count(claims: int) -> int:
    """How many search shards a language's ``claims`` claim pages are split into: 4 up to
    50,000 claims, then doubled as often as needed (a power of two times 4, so that a
    tracker's count changes seldom, and a change makes the whole index again)."""
    count = SEARCH_SHARDS
    while claims > count * SHARD_CLAIMS:
        count *= 2
    return count


def search_shard(claim_id: str, count: int) -> int:
    """The shard of ``count`` whose index holds the claim's pages: stable across runs and
    machines."""
    digest = hashlib.blake2b(claim_id.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % count


def search_shards(claim_ids: Iterable[str], count: int) -> tuple[int, ...]:
    """The shards of ``count`` that hold any of the claims, in order.  The ids are read only
    until every shard is found: a few dozen of 10,000, where a digest of each cost 35 ms
    an edit."""
    found: set[int] = set()
    for claim_id in claim_ids:
        found.add(search_shard(claim_id, count))
        if len(found) == count:
            break
    return tuple(sorted(found))


def search_shard_folder(number: int) -> str:
    """A shard's index, from a language's root: ``pagefind/<number>/``."""
    return f"{SEARCH_FOLDER}/{number}/"


def claim_card(claim_id: str) -> str:
    """A claim's share card (its page's og:image), beside its page."""
    return f"claims/{claim_id}/{CARD}"


def claim_href(claim_id: str) -> str:
    """A claim page's link from the site root; templates: ``e.id|claim_href``."""
    return href(claim_page(claim_id))


def claim_embed_folder(claim_id: str) -> str:
    """Where a claim's embeddable card is published: another site's ``<iframe>`` shows it."""
    return f"claims/{claim_id}/embed/"


def claim_embed_page(claim_id: str) -> str:
    return claim_embed_folder(claim_id) + "index.html"


def claim_oembed(claim_id: str) -> str:
    """A claim's oEmbed description (only with a base URL: oEmbed needs absolute URLs)."""
    return f"claims/{claim_id}/oembed.json"


def source_folder(source_id: str) -> str:
    return f"sources/{source_id}/"


def source_page(source_id: str) -> str:
    return f"sources/{source_id}/index.html"


def archive_folder(source_id: str, revision: str | None = None) -> str:
    """A source's archive page's folder; a revision's (``revision``: its file's stem,
    records.revision_stems: 2026-12-01, 2026-12-01-2) is under it."""
    folder = f"sources/{source_id}/archive/"
    return folder if revision is None else f"{folder}{revision}/"


def archive_page(source_id: str, revision: str | None = None) -> str:
    """The whole archived text of a source, or of its revision of that stem, built only when
    its record says archive_public (a revision's, when a quote cites it)."""
    return archive_folder(source_id, revision) + "index.html"


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
PER_PAGE = 100


def page_count(items: int) -> int:
    """How many pages a listing of ``items`` takes, PER_PAGE to a page: one at least, as an
    empty listing still has its first page."""
    return max(1, -(-items // PER_PAGE))


def listing_folder(family: str, slug: str, number: int = 1) -> str:
    """``status/false/``, ``status/false/page/2/``; page 1 has no ``page/1/``."""
    folder = f"{family}/{slug}/" if slug else f"{family}/"
    return folder if number == 1 else f"{folder}page/{number}/"


def listing_page(family: str, slug: str, number: int = 1) -> str:
    return listing_folder(family, slug, number) + "index.html"


def href(path: str) -> str:
    """A path as it is written in a link: percent-encoded, so that a claimant's name in
    Chinese or with spaces gives a valid URL wherever it is used."""
    # Most paths need no encoding (ids are ASCII words): they are returned as they are,
    # as quote would, without its cost (a plan of 3 languages asks for 340,000 of them).
    if _UNRESERVED.fullmatch(path):
        return path
    return quote(path, safe="/#")


# What quote(path, safe="/#") leaves as it is: its always-safe characters and "/#".
_UNRESERVED = re.compile(r"[A-Za-z0-9_.~/#-]*")


_NOT_WORD = re.compile(r"[\W_]+")
SLUG_LENGTH = 60


def _digest(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]


def slug(name: str) -> str:
    """A name as one path segment: Unicode letters and digits kept (so 黃仁勳 stays 黃仁勳),
    lowercased, every other run of characters one hyphen; a name without a letter or digit
    gets a digest of itself instead."""
    text = _NOT_WORD.sub("-", unicodedata.normalize("NFKC", name).casefold()).strip("-")
    return text[:SLUG_LENGTH].rstrip("-") or _digest(name)


def slugs(names: Iterable[str]) -> dict[str, str]:
    """Each name's slug, distinct for distinct names.

    Names that slugify alike ("Jane Doe", "jane-doe") share it in sorted order: the
    first keeps the plain slug, each other one gets a digest of its own name appended,
    so a third such name never moves the second one's address.
    """
    by_slug: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        by_slug.setdefault(slug(name), []).append(name)
    result = {}
    for plain, alike in by_slug.items():
        result[alike[0]] = plain
        for name in alike[1:]:
            result[name] = f"{plain}-{_digest(name)}"
    return result


@lru_cache(maxsize=4096)
def listing_href(family: str, slug: str = "", number: int = 1) -> str:
    """A listing page's link from the site root; templates: ``"topics"|listing_href(t)``."""
    return href(listing_page(family, slug, number))
