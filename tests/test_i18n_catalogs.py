"""The catalogs: every message of the templates and the Python translated, and compilable.

The messages are extracted from the sources at test time (tests/regen_catalogs.py),
so a string added later through ``_()``, ``{% trans %}`` or ``N_()`` fails here
until each catalog translates it.
"""

from __future__ import annotations

import gettext
import io
import re
from collections import Counter
from functools import cache

import babel.numbers
import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from claimtrack.i18n import catalog_for, catalogs, english, interface

from .regen_catalogs import Message as Marked
from .regen_catalogs import messages as extract
from .regen_catalogs import po_path

LANGUAGES = ("en", "fr", "zh-Hant")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")
TAG = re.compile(r"</?[a-z]+[^>]*>")


@cache
def messages() -> tuple[Marked, ...]:
    return tuple(extract())


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language.replace("-", "_"))


def strings(message: Message) -> tuple[str, ...]:
    value = message.string
    return tuple(value) if isinstance(value, (tuple, list)) else (value or "",)


def ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def test_the_shipped_languages() -> None:
    assert catalogs() == LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_in_the_sources_is_translated(language: str) -> None:
    catalog = read(language)
    wanted = {m if isinstance(m, str) else m[0]: where for where, _, m in messages()}
    untranslated = []
    for msgid, where in wanted.items():
        entry = catalog.get(msgid)
        if entry is None or entry.fuzzy or not all(strings(entry)):
            untranslated.append(f"{where}: {msgid!r}")
    assert untranslated == [], (
        f"not translated in {language} (run `.venv/bin/python -m tests.regen_catalogs`, "
        f"then translate the empty entries): {untranslated}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalog_keeps_messages_the_sources_dropped(language: str) -> None:
    wanted = {m if isinstance(m, str) else m[0] for _, _, m in messages()}
    stale = [m.id for m in read(language) if m.id and ids(m)[0] not in wanted]
    assert stale == [], f"run `.venv/bin/python -m tests.regen_catalogs`: {stale}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_compiles_and_keeps_every_placeholder_and_tag(language: str) -> None:
    catalog = read(language)
    errors = [(m.id, [str(e) for e in errs]) for m, errs in catalog.check()]
    assert errors == []
    binary = io.BytesIO()
    write_mo(binary, catalog, use_fuzzy=False)
    binary.seek(0)
    translations = gettext.GNUTranslations(binary)
    for message in catalog:
        if not message.id:
            continue
        source = ids(message)
        for text in strings(message):
            # Plural forms may drop %(num)s ("一則" needs no number); nothing else may change.
            wanted = Counter(PLACEHOLDER.findall(source[-1]))
            got = Counter(PLACEHOLDER.findall(text))
            if len(source) == 2:
                wanted.pop("num", None)
                got.pop("num", None)
            assert got == wanted, (message.id, text)
            assert Counter(TAG.findall(text)) == Counter(TAG.findall(source[0])), (message.id, text)
        if len(source) == 1:
            assert translations.gettext(source[0]) == strings(message)[0]


def test_a_tag_selects_the_catalog_of_its_language_and_script() -> None:
    assert catalog_for("fr") == "fr"
    assert catalog_for("fr-CA") == "fr"
    assert catalog_for("zh-Hant") == "zh-Hant"
    assert catalog_for("zh-TW") == "zh-Hant"  # Traditional by CLDR's likely subtags
    assert catalog_for("en-GB") == "en"
    assert catalog_for("zh-CN") is None
    assert catalog_for("de") is None
    assert catalog_for("tlh") is None


def test_dates_and_numbers_follow_the_language() -> None:
    import datetime as dt

    day = dt.date(2026, 10, 2)
    shown = {tag: interface(tag) for tag in ("en", "en-US", "fr", "zh-Hant")}
    assert {tag: ui.date(day) for tag, ui in shown.items() if ui} == {
        "en": "2 October 2026",  # no country: CLDR's world English
        "en-US": "October 2, 2026",
        "fr": "2 octobre 2026",
        "zh-Hant": "2026年10月2日",
    }
    fr = shown["fr"]
    assert fr is not None and fr.number(12345.5) == "12\u202f345,5"
    assert fr.number(0.1234567) == "0,1234567"  # every digit the record gives
    assert fr.language_name("zh-Hant") == "chinois (traditionnel) (zh-Hant)"


def test_a_number_is_formatted_by_babel_once_per_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages show the same counts and figures again and again: Babel formats each once."""

    calls: list[object] = []
    real = babel.numbers.format_decimal

    def counted(value: object, **kwargs: object) -> str:
        calls.append(value)
        return real(value, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(babel.numbers, "format_decimal", counted)
    ui = english()
    assert [ui.number(987654.25) for _ in range(3)] == ["987,654.25"] * 3
    assert ui.number(987654) == "987,654"  # an int is its own entry, not the float's
    assert calls == [987654.25, 987654]
