"""A claim embedded in another newsroom's article: its card, the ``<iframe>`` code its page
offers, and, with a base URL, its oEmbed file.

The card (``claims/<id>/embed/index.html``, in every language) is a page of its own
(templates/embed.html, which does not extend base.html): no script, no stylesheet or
font from anywhere, ``noindex``, its links opening outside the frame.  It is planned
with its claim's page and kept with it (pages.py), so a warm build renders it again
only when its claim's page is made again.

The oEmbed file (``claims/<id>/oembed.json``, oEmbed 1.0, type ``rich``) exists only
with a base URL: its ``html`` is the same ``<iframe>`` the claim page offers, and an
iframe on another host needs an absolute ``src``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import partial

import orjson

from ...i18n import Interface
from .. import addresses
from ..languages import SiteLanguage
from ..model.localized import localized
from ..model.views import ClaimView, HistoryView, SiteSettings
from .contexts import HEIGHT, WIDTH, EmbedOffer, EmbedPage
from .outputs import NavInfo, Output, PageInfo, page


def status_since(history: Sequence[HistoryView]) -> dt.date:
    """When the claim got its current status: the first entry of the last run of entries
    with that status (a correction, or a new note that keeps the status, does not make
    it newer)."""
    current = history[-1].status
    since = history[-1].date
    for entry in reversed(history):
        if entry.status != current:
            break
        since = entry.date
    return since


def embed_src(s: SiteSettings, lang: SiteLanguage, claim_id: str) -> tuple[str, bool]:
    """The card's address for an iframe, and whether it is absolute: under the base URL,
    else its path from the site root (which another site must prefix with this one's)."""
    folder = addresses.href(lang.prefix + addresses.claim_embed_folder(claim_id))
    found = s.absolute(folder)
    return (found, True) if found is not None else (folder, False)


def frame_title(claim: ClaimView, lang: SiteLanguage, ui: Interface) -> str:
    statement = localized(claim.summary.statement, lang.tag)
    return ui.gettext("Fact-check: %(statement)s") % {"statement": statement}


def embed_offer(s: SiteSettings, lang: SiteLanguage, claim: ClaimView, ui: Interface) -> EmbedOffer:
    """What the claim page offers: the iframe code, a link to the card, the oEmbed file."""
    claim_id = claim.summary.id
    src, absolute = embed_src(s, lang, claim_id)
    title = frame_title(claim, lang, ui)
    oembed = s.absolute(addresses.href(lang.prefix + addresses.claim_oembed(claim_id)))
    # From the claim page to its card, through the language's root as every link goes.
    rel = "../" * addresses.claim_page(claim_id).count("/")
    preview = rel + addresses.href(addresses.claim_embed_page(claim_id))
    return EmbedOffer(src, absolute, preview, oembed, title)


def embed_page(s: SiteSettings, lang: SiteLanguage, claim: ClaimView, title: str) -> Output:
    """The card: a page without the site's header, footer, switcher or alternates;
    ``title``: its claim page's (claim_pages.claim_outputs)."""
    c = claim.summary
    path = addresses.claim_embed_page(c.id)
    full = lang.prefix + path
    rel = "../" * path.count("/")
    root = "../" * full.count("/")
    info = PageInfo(
        path=full,
        rel=rel,
        root=root,
        lang=lang.tag,
        title=title,
        description="",
        canonical=None,  # noindex: a copy of the claim page's verdict, not a page to find
        section="",
        nav=NavInfo(rel, root, lang.tag, "", ""),
        # A stale translation's mark links to the claim's page in the main language.
        original=root + addresses.claim_href(c.id),
    )
    since = status_since(claim.history)
    review_by = claim.review_by if c.stale else None
    link = s.absolute(addresses.href(lang.prefix + addresses.claim_folder(c.id)))
    if link is None:
        link = rel + addresses.claim_href(c.id)
    return page(s, info, EmbedPage(c, since, review_by, link, lang.direction))


def oembed_output(
    s: SiteSettings, lang: SiteLanguage, claim: ClaimView, offer: EmbedOffer
) -> Output | None:
    """The claim's oEmbed file in ``lang``; None without a base URL.  Its key is made of
    what its fields are made from, objects the plan holds already: a dict of its fields
    for each of 10,000 claims in each language was 10 MiB of a build."""
    if s.base_url is None:
        return None
    path = lang.prefix + addresses.claim_oembed(claim.summary.id)
    return Output(
        path,
        make=partial(_oembed, s, lang, offer),
        key=(path, offer, s.title, s.base_url, lang.prefix, lang.tag),
    )


def _oembed(s: SiteSettings, lang: SiteLanguage, offer: EmbedOffer) -> bytes:
    return oembed_json(
        {
            "version": "1.0",
            "type": "rich",
            "html": offer.snippet,
            "width": WIDTH,
            "height": HEIGHT,
            "title": offer.title,
            "provider_name": localized(s.title, lang.tag),
            "provider_url": s.absolute(lang.prefix),
            # A day: a consumer may keep it that long; a status change reaches it after.
            "cache_age": 86400,
        }
    )


def oembed_json(fields: dict[str, object]) -> bytes:
    """Sorted keys and a final newline: the same fields give the same bytes."""
    return orjson.dumps(fields, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
