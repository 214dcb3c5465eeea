"""The interface's languages: the catalogs in ``claimtrack/locale/`` and what a tag selects.

Every interface string is an English message id, marked where it is written
(``N_`` in Python, ``_``/``{% trans %}`` in templates) and translated where it
is shown, through the ``Interface`` of the tracker's ``language:``.  The
catalogs ship as ``.po`` text only and are compiled in memory (Babel) the
first time a language is used, so no generated binary can drift from its
source.  Dates, numbers and language names are formatted by Babel for the
language's locale.
"""

from __future__ import annotations

import datetime as dt
import gettext
import hashlib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

# Babel is imported where it is used: records/vocabulary.py marks strings with N_, and a
# `claimtrack check` that needs no catalog should not pay for importing Babel.

DOMAIN = "messages"
SOURCE_LANGUAGE = "en"


def N_(message: str) -> str:
    """Marks a string for the catalogs where it is defined; it is translated where shown."""
    return message


def catalog_path(name: str) -> str:
    """A catalog's path inside the package: ``locale/fr/LC_MESSAGES/messages.po``."""
    return f"locale/{name}/LC_MESSAGES/{DOMAIN}.po"


@cache
def catalogs() -> tuple[str, ...]:
    """The names of the shipped catalogs (``en``, ``fr``, ``zh-Hant``), sorted."""
    base = resources.files("claimtrack").joinpath("locale")
    if not base.is_dir():
        return ()
    names = [e.name for e in base.iterdir() if e.is_dir() and not e.name.startswith((".", "_"))]
    return tuple(
        sorted(n for n in names if base.joinpath(n, "LC_MESSAGES", f"{DOMAIN}.po").is_file())
    )


def _locale(tag: str) -> Locale | None:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(tag, sep="-")
    except (ValueError, TypeError, UnknownLocaleError):
        return None


def catalog_for(tag: str) -> str | None:
    """The catalog a BCP 47 tag selects, or None when its language has none.

    The script counts, the region does not: ``fr-CA`` reads ``fr``, ``zh-TW``
    (Traditional by CLDR's likely subtags) ``zh-Hant``, ``zh-CN`` nothing.
    """
    locale = _locale(tag)
    if locale is None:
        return None
    names = {n.casefold(): n for n in catalogs()}
    wanted = [f"{locale.language}-{locale.script}"] if locale.script else []
    wanted.append(locale.language)
    return next((names[w.casefold()] for w in wanted if w.casefold() in names), None)


@lru_cache(maxsize=1024)
def same_language(a: str, b: str) -> bool:
    """Whether a text in ``a`` is in ``b`` already, for its reader: the same language in
    the same script, whatever the region (BCP 47 tags, compared as CLDR's likely subtags
    fill them in: ``zh-TW`` and ``zh-HK`` are ``zh-Hant``, ``zh-CN`` is ``zh-Hans``,
    ``fr-CA`` is ``fr``, ``en-GB`` is ``en``; ``zh-TW`` is not ``zh-CN``).  The one answer
    to "does this text need translating into that language?" (translate --quotes, the
    quotes a page shows)."""
    return a.casefold() == b.casefold() or _written_in(a) == _written_in(b)


def _written_in(tag: str) -> tuple[str, str]:
    """A tag's language and script, the script from CLDR's likely subtags when the tag has
    none (``zh-TW``: Hant, ``fr``: Latn).  A tag Babel does not know is read as written.
    Not kept: same_language, its one caller, keeps its answers."""
    locale = _locale(tag)
    if locale is None:
        language, _, rest = tag.casefold().partition("-")
        second = rest.partition("-")[0]
        return (language, second if len(second) == 4 and second.isalpha() else "")
    script = locale.script
    if script is None:
        from babel.core import get_global, parse_locale

        likely: Mapping[str, str] = get_global("likely_subtags")
        keys = [f"{locale.language}_{locale.territory}"] if locale.territory else []
        found = next((likely[k] for k in (*keys, locale.language) if k in likely), None)
        script = parse_locale(found)[2] if found else None
    return (locale.language, (script or "").casefold())


def og_locale(tag: str) -> str:
    """A BCP 47 tag as Open Graph's ``og:locale`` writes it, language_TERRITORY: the
    territory from the tag, else from CLDR's likely subtags (``fr``: fr_FR, ``en``: en_US,
    ``zh-Hant``: zh_TW, ``zh-Hans``: zh_CN).  A tag Babel does not know: its language.
    Not kept: the pages read a site language's (site.languages.SiteLanguage.og_locale)."""
    locale = _locale(tag)
    if locale is None:
        return tag.partition("-")[0].lower()
    territory = locale.territory
    if territory is None:
        from babel.core import get_global, parse_locale

        likely: Mapping[str, str] = get_global("likely_subtags")
        keys = [f"{locale.language}_{locale.script}"] if locale.script else []
        found = next((likely[k] for k in (*keys, locale.language) if k in likely), None)
        territory = parse_locale(found)[1] if found else None
    return f"{locale.language}_{territory}" if territory else locale.language


def _format_locale(tag: str, catalog: str) -> Locale:
    """The locale dates and numbers follow: the tag's own, when Babel knows it.

    A bare ``en`` means no country: CLDR's world English (``en_001``) writes
    "2 October 2026", which no reader misreads.
    """
    from babel import Locale

    locale = _locale(tag) or _locale(catalog) or Locale("en", "001")
    if locale.language == "en" and locale.territory is None:
        return Locale("en", "001")
    return locale


@cache
def _compiled(catalog: str) -> tuple[gettext.GNUTranslations, str]:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    data = resources.files("claimtrack").joinpath(catalog_path(catalog)).read_bytes()
    parsed = read_po(io.BytesIO(data), locale=catalog.replace("-", "_"), domain=DOMAIN)
    binary = io.BytesIO()
    write_mo(binary, parsed, use_fuzzy=False)
    binary.seek(0)
    return gettext.GNUTranslations(binary), hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(frozen=True, eq=False)
class Interface:
    """The site's words in one language: translations and Babel's formats.

    ``key`` changes whenever anything shown in this language could change: the
    tag (dates follow its region) and the catalog's content.
    """

    tag: str
    catalog: str
    locale: Locale
    translations: gettext.GNUTranslations
    key: str

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def date(self, day: dt.date) -> str:
        return _date(self, day)

    def number(self, value: float) -> str:
        """Every digit kept ("0.1234567"), grouped and pointed as the locale writes numbers."""
        return _number(self, value)

    def percent(self, fraction: float) -> str:
        """0.125 as "12.5%", "12,5 %": every digit kept, as the locale writes percentages."""
        return _percent(self, fraction)

    def language_name(self, tag: str) -> str:
        """'French (fr)' in English, 'français (fr)' in French; an unknown tag as is."""
        locale = _locale(tag)
        name = locale.get_display_name(self.locale) if locale is not None else None
        return f"{name} ({tag})" if name else tag


# Babel formats a date in 20 to 40 microseconds, and a claim page shows six to ten dates, most
# of them shared with other pages (a tracker spans a few hundred days): each day is formatted
# once per language.  Every caller (pages, fragments, feeds) goes through here.
@lru_cache(maxsize=8192)
def _date(ui: Interface, day: dt.date) -> str:
    from babel.dates import format_date

    return format_date(day, "long", locale=ui.locale)


# Babel formats a number in tens of microseconds, and pages show the same few numbers
# (counts, a figure's value) again and again: each is formatted once per language.
# typed: 8 and 8.0 are written differently ("8", "8.0" in some locales), never confused.
@lru_cache(maxsize=8192, typed=True)
def _number(ui: Interface, value: float) -> str:
    from babel.numbers import format_decimal

    return format_decimal(value, locale=ui.locale, decimal_quantization=False)


@lru_cache(maxsize=8192, typed=True)
def _percent(ui: Interface, fraction: float) -> str:
    from babel.numbers import format_percent

    return format_percent(fraction, locale=ui.locale, decimal_quantization=False)


@cache
def interface(tag: str) -> Interface | None:
    """The interface for a tracker's ``language:``; None when no catalog serves it."""
    catalog = catalog_for(tag)
    if catalog is None:
        return None
    translations, digest = _compiled(catalog)
    return Interface(tag, catalog, _format_locale(tag, catalog), translations, f"{tag}\0{digest}")


def english() -> Interface:
    """The source language's interface (the machine outputs' words, and a safe default)."""
    found = interface(SOURCE_LANGUAGE)
    assert found is not None, "the English catalog ships with claimtrack"
    return found


def direction(tag: str) -> str:
    """How a language's text runs, as ``<html dir>`` says it: "rtl" for Arabic, Hebrew,
    Persian..., else "ltr" (CLDR's character order; an unknown tag is taken as "ltr").
    Not kept: the pages read a site language's (site.languages.SiteLanguage.direction)."""
    locale = _locale(tag)
    return "rtl" if locale is not None and locale.character_order == "right-to-left" else "ltr"


@cache
def own_name(tag: str) -> str:
    """A language named in itself, as a language switcher offers it: "English",
    "Français", "繁體中文".

    CLDR's own name for the whole tag when it has one (zh_Hant is 繁體中文, where the
    general display name reads 中文 (繁體)), else for the language and its script,
    else Babel's display name; its first letter capitalised, as a name standing
    alone in a list is written (CLDR lowercases français, which is right inside a
    sentence).  An unknown tag is shown as written.
    """
    locale = _locale(tag)
    if locale is None:
        return tag
    names = locale.languages
    wanted = [str(locale)]
    if locale.script:
        wanted.append(f"{locale.language}_{locale.script}")
    name = next((names[w] for w in wanted if w in names), None) or locale.display_name or tag
    return name[:1].upper() + name[1:]
