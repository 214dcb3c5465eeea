"""The site's languages as pages link them: where each language's version of a page is,
which versions are alternates of each other, and the language switcher's links.

Every page exists once per site language, under the language's prefix
(addresses.language_prefix).  The alternates rule (issue 17): a page's
``<link rel="alternate" hreflang>`` name every version whose main text is
translated, itself included, and ``x-default`` (the main language's version); a
claim's main text is its statement, translated in a language when its state
there is current or stale (the main language always counts); every other page
counts as translated in every language.  A version whose main text is not
translated has no alternates at all: none of the translated versions names it,
so any it named would not be reciprocal.  The switcher, unlike the alternates,
links every language.  With a base URL all of these are absolute.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ..i18n import direction, og_locale, own_name
from . import addresses
from .model.localized import Localized
from .model.views import SiteSettings

X_DEFAULT = "x-default"


@dataclass(frozen=True)
class SiteLanguage:
    tag: str  # as tracker.yaml writes it: hreflang, lang
    prefix: str  # "" for the main language, else "fr/", "zh-hant/"
    name: str  # the language named in itself: "Français"
    # What pages say of it, worked out by Babel once per language here (site_languages),
    # not once per page: how its text runs (<html dir>) and its og:locale ("zh_TW").
    direction: str
    og_locale: str

    @property
    def main(self) -> bool:
        return not self.prefix


@dataclass(frozen=True)
class LanguageLink:
    """One of the switcher's links: the same page in another language (or this one)."""

    tag: str
    name: str
    href: str
    current: bool


Alternates = tuple[tuple[str, str], ...]  # (hreflang, href), x-default last


@cache
def site_languages(tags: tuple[str, ...]) -> tuple[SiteLanguage, ...]:
    """``tags``: the site's, main first (SiteSettings.languages)."""
    main = tags[0]
    return tuple(
        SiteLanguage(t, addresses.language_prefix(t, main), own_name(t), direction(t), og_locale(t))
        for t in tags
    )


def of_site(settings: SiteSettings) -> tuple[SiteLanguage, ...]:
    return site_languages(settings.languages)


def translated_in(
    text: Localized | None, languages: Sequence[SiteLanguage]
) -> tuple[SiteLanguage, ...]:
    """The versions of a page whose main text is ``text`` that count as translated; every
    version when the page has no main text of its own (None)."""
    if text is None:
        return tuple(languages)
    out = []
    for lang in languages:
        t = text.get(lang.tag)
        if lang.main or (t is not None and t.shown):
            out.append(lang)
    return tuple(out)


def version_href(settings: SiteSettings, lang: SiteLanguage, path: str, root: str) -> str:
    """Where ``lang``'s version of the page at ``path`` (relative to a language root) is,
    linked from a page whose way back to the site root is ``root``: its published folder
    under the base URL, else its file relative to the linking page (so that the site
    works from disk)."""
    full = lang.prefix + path
    found = settings.absolute(addresses.href(addresses.folder_of(full)))
    # Interned: with a base URL every edition of the page links the same addresses, and a
    # plan in three languages would otherwise hold each of them six times over.
    return sys.intern(found) if found is not None else root + addresses.href(full)


def version_hrefs(settings: SiteSettings, path: str, root: str) -> dict[str, str]:
    """Each site language's version_href, by tag: made once for a page's alternates and
    its switcher, which link the same versions."""
    return {v.tag: version_href(settings, v, path, root) for v in of_site(settings)}


def alternates(
    settings: SiteSettings,
    lang: SiteLanguage,
    path: str,
    root: str,
    versions: Sequence[SiteLanguage],
    hrefs: Mapping[str, str] | None = None,
) -> Alternates:
    """The page's alternates; none on a one-language site, nor on a version not among
    ``versions`` (translated_in).  ``hrefs``: version_hrefs, when already made."""
    if len(settings.languages) < 2 or lang not in versions:
        return ()
    if hrefs is None:
        hrefs = version_hrefs(settings, path, root)
    links = [(v.tag, hrefs[v.tag]) for v in versions]
    main = next(v for v in versions if v.main)
    return (*links, (X_DEFAULT, hrefs[main.tag]))


def switcher(
    settings: SiteSettings,
    lang: SiteLanguage,
    path: str,
    root: str,
    hrefs: Mapping[str, str] | None = None,
) -> tuple[LanguageLink, ...]:
    """The same page in each site language, this one marked; none on a one-language site."""
    languages = of_site(settings)
    if len(languages) < 2:
        return ()
    if hrefs is None:
        hrefs = version_hrefs(settings, path, root)
    return tuple(LanguageLink(v.tag, v.name, hrefs[v.tag], v == lang) for v in languages)
