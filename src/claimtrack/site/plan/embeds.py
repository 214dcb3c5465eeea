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
from ...records import HistoryEntry
from .. import addresses
from ..languages import SiteLanguage
from ..model.localized import localized
from ..model.parts import ClaimSummary
from ..model.views import ClaimView, SiteSettings
from .contexts import HEIGHT, WIDTH, EmbedOffer, EmbedPage
from .outputs import NavInfo, Output, PageInfo, later_page


def status_since(history: Sequence[HistoryEntry]) -> dt.date:
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


def frame_title(claim: ClaimSummary, lang: SiteLanguage, ui: Interface) -> str:
    statement = localized(claim.statement, lang.tag)
    return ui.gettext("Fact-check: %(statement)s") % {"statement": statement}


def claim_title(s: SiteSettings, lang: SiteLanguage, claim: ClaimSummary) -> str:
    """The title of a claim's page and of its card."""
    return f"{localized(claim.statement, lang.tag)} – {localized(s.title, lang.tag)}"


def embed_offer(s: SiteSettings, lang: SiteLanguage, claim: ClaimView, ui: Interface) -> EmbedOffer:
    """What the claim page offers: the iframe code, a link to the card, the oEmbed file."""
    claim_id = claim.summary.id
    src, absolute = embed_src(s, lang, claim_id)
    title = frame_title(claim.summary, lang, ui)
    oembed = s.absolute(addresses.href(lang.prefix + addresses.claim_oembed(claim_id)))
    # From the claim page to its card, through the language's root as every link goes.
    rel = "../" * addresses.claim_page(claim_id).count("/")
    preview = rel + addresses.href(addresses.claim_embed_page(claim_id))
    return EmbedOffer(src, absolute, preview, oembed, title)


def embed_page(s: SiteSettings, lang: SiteLanguage, claim: ClaimView) -> Output:
    """The card: a page without the site's header, footer, switcher or alternates, made
    when rendered (outputs.later_page).  When the claim got its status and the review
    date it shows are read from the record, which the view holds from the start: planning
    a card makes no deferred field of its view (ClaimView.deferred)."""
    c = claim.summary
    since = status_since(claim.record.history)
    review_by = claim.record.review_by if c.stale else None
    return later_page(
        s,
        lang,
        addresses.claim_embed_page(c.id),
        EmbedPage.template,
        (c, since, review_by),
        partial(_embed_page, s, lang, c, since, review_by),
    )


def _embed_page(
    s: SiteSettings, lang: SiteLanguage, c: ClaimSummary, since: dt.date, review_by: dt.date | None
) -> tuple[PageInfo, EmbedPage]:
    path = addresses.claim_embed_page(c.id)
    full = lang.prefix + path
    rel = "../" * path.count("/")
    root = "../" * full.count("/")
    info = PageInfo(
        path=full,
        rel=rel,
        root=root,
        lang=lang.tag,
        title=claim_title(s, lang, c),
        description="",
        canonical=None,  # noindex: a copy of the claim page's verdict, not a page to find
        section="",
        nav=NavInfo(rel, root, lang.tag, "", ""),
        # A stale translation's mark links to the claim's page in the main language.
        original=root + addresses.claim_href(c.id),
    )
    link = s.absolute(addresses.href(lang.prefix + addresses.claim_folder(c.id)))
    if link is None:
        link = rel + addresses.claim_href(c.id)
    return info, EmbedPage(c, since, review_by, link, lang.direction)


def oembed_output(
    s: SiteSettings, lang: SiteLanguage, claim: ClaimView, ui: Interface
) -> Output | None:
    """The claim's oEmbed file in ``lang``; None without a base URL.  Its offer is made when
    the file is, from what its key holds: the statement its title shows in the language
    (the text the summary holds, no copy) and the language's words."""
    if s.base_url is None:
        return None
    c = claim.summary
    path = lang.prefix + addresses.claim_oembed(c.id)
    return Output(
        path,
        make=partial(_oembed, s, lang, claim, ui),
        key=(path, s, lang.tag, localized(c.statement, lang.tag), ui.key),
    )


def _oembed(s: SiteSettings, lang: SiteLanguage, claim: ClaimView, ui: Interface) -> bytes:
    offer = embed_offer(s, lang, claim, ui)
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
