"""robots.txt: every page may be crawled, and the sitemap says where they all are.

Written only with a base URL: its ``Sitemap:`` line must be an absolute address, and
without one there is no sitemap to name.  Crawlers read robots.txt only at the root of
a host (RFC 9309), so under a base URL with a path (``https://owner.github.io/repo/``)
it is written but never read there: docs/site.md says what to do instead.
"""

from __future__ import annotations

from .. import addresses
from ..model.views import SiteSettings


def robots_txt(settings: SiteSettings) -> bytes | None:
    """``Allow: /`` (RFC 9309) for every crawler, and the sitemap; None without a base URL."""
    sitemap = settings.absolute(addresses.SITEMAP)
    if sitemap is None:
        return None
    return f"User-agent: *\nAllow: /\n\nSitemap: {sitemap}\n".encode()
