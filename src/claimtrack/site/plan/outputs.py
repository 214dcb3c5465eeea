"""What the plan is made of: an Output per file, and a page's PageInfo.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .. import addresses
from ..languages import (
    Alternates,
    LanguageLink,
    SiteLanguage,
    alternates,
    of_site,
    switcher,
    version_hrefs,
)
from ..model.views import SiteSettings
from .contexts import PageContext
from .share import WEBSITE, ShareInfo, share_info


@dataclass(frozen=True)
class NavInfo:
    """All that the site's header and footer depend on, besides the site settings.

    Pages with equal NavInfo share one rendering of header.html and footer.html (the
    language switcher's links, different on every page, are not part of it).
    """

    rel: str  # back to the page's language root: the header's links stay in its language
    root: str  # back to the site root: the data files, static/
    lang: str  # the page's language
    section: str  # the navigation item this page is under: "claims", "sources" or ""
    current: str  # the navigation item this page is ("claims" on the index), or ""


@dataclass(frozen=True)
class PageInfo:
    path: str  # in the site folder, the language's prefix included
    # Back to the page's language root ("", "../", "../../"), so that every internal link
    # stays in the page's language; ``root`` back to the site root, for static/ and the data.
    rel: str
    root: str
    lang: str  # the page's language tag
    title: str
    description: str
    canonical: str | None
    section: str  # which navigation item is current
    nav: NavInfo
    # The same page in the main language, from this page: where the original of a
    # translation stands (a stale one's mark links there).
    original: str = ""
    alternates: Alternates = ()  # <link rel="alternate" hreflang>, x-default last
    languages: tuple[LanguageLink, ...] = ()  # the language switcher
    share: ShareInfo | None = None  # Open Graph and Twitter card tags (plan/share.py)


@dataclass(frozen=True)
class Kept:
    """The key of an output that a build in a new process carries over from the last build
    unplanned and unmade (site/carried.py): the key digest recorded for it."""

    digest: str


# A language's groups of outputs planned together (a claim's page, its embed, its oEmbed):
# each one's name, the key they are all made from (besides the theme) and their paths, one
# after another (never all held at once: 10,000 key tuples a language).
Groups = Iterator[tuple[str, tuple[object, tuple[str, ...]]]]


class Carried(Protocol):
    """What a build in a new process takes over from the last build (site/carried.py)."""

    def piece(self, path: str, name: str, key: object) -> bytes | memoryview | None:
        """The piece ``name`` of the file at ``path`` as the last build wrote it, when it
        was made from a key equal to ``key``; else None (make it)."""

    def taken(self, path: str) -> Mapping[str, Kept]:
        """The pieces of the file at ``path`` taken over so far, by name, each with the
        digest of the key it was made from (the record's, without digesting it again)."""

    def group(self, name: str, key: object) -> tuple[Kept, tuple[Output, ...]] | None:
        """The group ``name``'s key digest and its outputs as the last build left them
        (each with its Kept key), when they were made from a key equal to ``key`` and their
        files are as it left them; else None (plan them)."""


# What an output's ``make`` gives: its bytes, or its parts in order (a one-shot build's
# claims.json and sources.json, jsonfiles.document), which a full build writes one after
# another and never joins (html/render.py, update.py).  A part may be a view into a file
# the last build wrote (a line of claims.json it takes over: site/carried.py).
Content = bytes | Iterator[bytes | memoryview]


@dataclass(frozen=True, slots=True)
class Output:
    path: str
    # For pages: the template and what it receives (site, page and the page's context);
    # for other files: a function making the bytes.
    template: str | None = None
    site: SiteSettings | None = None
    page: PageInfo | None = None
    context: PageContext | None = None
    make: Callable[[], Content] | None = None
    # What the output is made from; None means "always make it and compare the bytes".
    key: object = None
    # A file joined from a piece per record (claims.json's lines): each piece's name and
    # key, in the file's order, so that a build in a new process can take the pieces whose
    # key is unchanged from the file as the last build wrote it (carried.FromLastBuild).
    pieces: Callable[[], list[tuple[str, object]]] | None = field(default=None, compare=False)
    # A page planned when it is rendered (``later_page``): what makes its page and context
    # (``page`` and ``context`` are None), and its language.
    later: Callable[[], tuple[PageInfo, PageContext]] | None = field(default=None, compare=False)
    language: str | None = None

    @property
    def is_page(self) -> bool:
        return self.template is not None

    @property
    def lang(self) -> str | None:
        """The language a page is rendered in (its environment's); None for other files."""
        return self.page.lang if self.page is not None else self.language

    def planned(self) -> tuple[PageInfo | None, PageContext | None]:
        """A page's info and context: made now for a page planned when rendered."""
        return self.later() if self.later is not None else (self.page, self.context)


def constant(content: bytes) -> Callable[[], bytes]:
    """The ``make`` of a file whose bytes are known when it is planned (its key too)."""
    return lambda: content


_NAV_ITEMS = {addresses.INDEX: "claims", addresses.SOURCES_INDEX: "sources"}


def page_info(
    settings: SiteSettings,
    lang: SiteLanguage,
    path: str,
    title: str,
    description: str,
    section: str,
    versions: Sequence[SiteLanguage] | None = None,
    *,
    shared: str | None = None,
    kind: str = WEBSITE,
    card: str = addresses.CARD,
) -> PageInfo:
    """What a page's header, footer and links need: its ways back to its language root and
    to the site root, its canonical address, its alternates, the switcher's links and its
    place in the navigation.

    ``path``: the page's path in its language (``claims/x/index.html``); ``versions``:
    the languages whose version counts as translated (languages.translated_in), all of
    them when None.  ``shared``, ``kind`` and ``card``: what a shared link to it shows,
    its og:title (the title when None), og:type and share card (plan/share.py).
    """
    full = lang.prefix + path
    rel = "../" * path.count("/")
    root = "../" * full.count("/")
    if path == addresses.NOT_FOUND and settings.base_url is not None:
        # A server shows this page at any missing address, so relative links would
        # resolve against that address; with a known base URL they need not.
        rel, root = settings.base_url + lang.prefix, settings.base_url
    folder = addresses.folder_of(full)
    translated = of_site(settings) if versions is None else versions
    # The alternates and the switcher link the same versions: their addresses made once.
    hrefs = version_hrefs(settings, path, root) if len(settings.languages) > 1 else None
    canonical = settings.absolute(addresses.href(folder)) if path != addresses.NOT_FOUND else None
    return PageInfo(
        path=full,
        rel=rel,
        root=root,
        lang=lang.tag,
        title=title,
        description=description,
        canonical=canonical,
        section=section,
        nav=NavInfo(rel, root, lang.tag, section, _NAV_ITEMS.get(path, "")),
        original=root + addresses.href(path),
        alternates=alternates(settings, lang, path, root, translated, hrefs),
        languages=switcher(settings, lang, path, root, hrefs),
        share=share_info(
            settings, lang, canonical, title if shared is None else shared, translated, kind, card
        ),
    )


def page(settings: SiteSettings, info: PageInfo, context: PageContext) -> Output:
    """How a page is planned: its key is everything its template receives."""
    template = context.template
    return Output(
        path=info.path,
        template=template,
        site=settings,
        page=info,
        context=context,
        key=(template, settings, info, context),
    )


def later_page(
    settings: SiteSettings,
    lang: SiteLanguage,
    path: str,
    template: str,
    key: tuple[object, ...],
    later: Callable[[], tuple[PageInfo, PageContext]],
) -> Output:
    """A page whose info and context ``later`` makes when it is rendered (in a render
    worker), not when it is planned: ``key`` is then what ``later`` reads, not what it makes.
    A claim's page and card, 20,000 pages a language, are planned so: planned whole,
    a claim's outputs were 42 MiB of the plan at 10,000 claims, 16 MiB so, and each render
    worker inherits the plan (bench/RESULTS.md)."""
    return Output(
        path=lang.prefix + path,
        template=template,
        site=settings,
        key=(template, settings, lang.tag, *key),
        later=later,
        language=lang.tag,
    )
