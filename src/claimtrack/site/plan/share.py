"""What a page tells a social network or a chat that a link to it is shared in: Open Graph
and Twitter card tags (templates/_share.html writes them in every page's head).

The text is the page's, in its language.  ``og:url`` and ``og:image`` must be
absolute, so they are written only with a base URL; the image is the page's share
card (a claim's own, else its language's index card), only when the site draws
cards.  ``og:locale`` is the page's language as Open Graph writes it
(i18n.og_locale, once per language: ``zh_TW`` for ``zh-Hant``), and
``og:locale:alternate`` names each other language the page exists in: the same versions
its hreflang alternates name (languages.alternates), so each names the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .. import addresses
from ..languages import SiteLanguage
from ..model.localized import localized
from ..model.views import SiteSettings

ARTICLE, WEBSITE = "article", "website"


@dataclass(frozen=True)
class ShareInfo:
    title: str  # og:title: what is shared (a claim's statement), without the site's name
    type: str  # ARTICLE for claims and sources, WEBSITE for the rest
    site_name: str  # the tracker's title, in the page's language
    locale: str  # og:locale: "en_US", "zh_TW"
    locales: tuple[str, ...]  # og:locale:alternate: the other languages of the page
    url: str | None  # og:url: the page's absolute address; None without a base URL
    image: str | None  # og:image: its card's absolute address; None without one

    @property
    def card(self) -> str:
        """twitter:card: a large image when there is one, else the plain summary."""
        return "summary_large_image" if self.image else "summary"


@cache
def _alternates(lang: SiteLanguage, versions: tuple[SiteLanguage, ...]) -> tuple[str, ...]:
    """The og:locale of each version but ``lang``; none when ``lang`` is not among them.
    One tuple for every page of the same languages (a plan holds a hundred thousand)."""
    return tuple(v.og_locale for v in versions if v != lang) if lang in versions else ()


def share_info(
    settings: SiteSettings,
    lang: SiteLanguage,
    canonical: str | None,
    title: str,
    versions: Sequence[SiteLanguage],
    kind: str = WEBSITE,
    card: str = addresses.CARD,
) -> ShareInfo:
    """``versions``: the languages the page counts as translated in (its alternates');
    ``card``: the path of its share card in its language (a claim's, else the index's)."""
    others = _alternates(lang, tuple(versions))
    image = settings.absolute(lang.prefix + card) if settings.cards else None
    return ShareInfo(
        title=title,
        type=kind,
        site_name=localized(settings.title, lang.tag),
        locale=lang.og_locale,
        locales=others,
        url=canonical,
        image=image,
    )
