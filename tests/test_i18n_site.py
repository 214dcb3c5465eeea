"""The site in the tracker's language: every interface word translated, the records as written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from claimtrack.site import SiteBuilder

from .conftest import Result
from .regen_catalogs import po_path
from .site_support import FIXTURE_TODAY, build, minimal_copy, pages_of, parse
from .test_i18n_catalogs import read, strings

PLACEHOLDER = re.compile(r"%\(\w+\)s|<[^>]+>")


def set_language(root: Path, tag: str) -> None:
    settings = root / "tracker.yaml"
    text = settings.read_text(encoding="utf-8")
    assert "language: en\n" in text
    settings.write_text(text.replace("language: en\n", f"language: {tag}\n"), encoding="utf-8")


class _Words(HTMLParser):
    """The text a reader sees or hears: text nodes and labelling attributes, not scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        for name in ("aria-label", "title", "alt", "placeholder"):
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "meta" and values.get("name") == "description":
            self.parts.append(str(values.get("content") or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def _data_strings(root: Path) -> list[str]:
    """Every text of the records, archives included: it stays as written in every language."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.append(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif value is not None:
            found.append(str(value))

    for path in sorted(root.rglob("*")):
        if path.suffix == ".yaml":
            walk(yaml.safe_load(path.read_text(encoding="utf-8")))
            found.append(path.relative_to(root).as_posix())
            found.append(path.stem)
        elif path.suffix == ".txt":
            found.extend(path.read_text(encoding="utf-8").splitlines())
    return sorted({s.strip() for s in found if s.strip()}, key=len, reverse=True)


def _english_pieces(language: str) -> list[str]:
    """The English words of every message this language translates differently.

    Placeholders and tags split a message into the pieces a page shows as they are.
    """
    catalog = read(language)
    translated = "\n".join(s for m in catalog if m.id for s in strings(m))
    pieces = set()
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        for piece in PLACEHOLDER.split(english):
            piece = piece.strip(" .,:;()·")
            # A word both languages write alike ("Source", "Original") proves nothing.
            if sum(c.isalpha() for c in piece) > 3 and not _has(translated, piece):
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def _has(text: str, piece: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", text) is not None


def english_left(site: Path, root: Path, language: str) -> dict[str, list[str]]:
    """English interface text on each page, once the records' own text is taken out."""
    data = _data_strings(root)
    pieces = [
        (p, re.compile(rf"(?<![\w]){re.escape(p)}(?![\w])")) for p in _english_pieces(language)
    ]
    left: dict[str, list[str]] = {}
    for page in sorted(site.rglob("*.html")):
        words = _Words()
        words.feed(page.read_text(encoding="utf-8"))
        text = "\n".join(words.parts)
        for item in data:
            text = text.replace(item, "\n")
        found = [piece for piece, pattern in pieces if pattern.search(text)]
        if found:
            left[page.relative_to(site).as_posix()] = found
    return left


@pytest.mark.parametrize("language", ["fr", "zh-Hant"])
def test_no_english_interface_text_is_left(tmp_path: Path, language: str) -> None:
    root = minimal_copy(tmp_path)
    set_language(root, language)
    build(root, tmp_path / "site")
    assert english_left(tmp_path / "site", root, language) == {}


def test_the_english_check_finds_an_untranslated_string(tmp_path: Path) -> None:
    """The check above is not vacuous: an English message id in a French page is found."""
    root = minimal_copy(tmp_path)
    set_language(root, "fr")
    build(root, tmp_path / "site")
    page = tmp_path / "site" / "claims" / "rocket-speed" / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("Chronologie", "Timeline", 1), encoding="utf-8")
    left = english_left(tmp_path / "site", root, "fr")
    assert left["claims/rocket-speed/index.html"] == ["Timeline"]
    assert "claims/rocket-price/index.html" not in left


@pytest.mark.parametrize(
    ("tag", "words", "day"),
    [
        ("fr", "Toutes les affirmations", "2 octobre 2026"),
        ("fr-CA", "Toutes les affirmations", "2 octobre 2026"),
        ("zh-Hant", "所有說法", "2026年10月2日"),
        ("zh-TW", "所有說法", "2026年10月2日"),
    ],
)
def test_pages_say_their_language_and_quotes_keep_theirs(
    tmp_path: Path, tag: str, words: str, day: str
) -> None:
    root = minimal_copy(tmp_path)
    set_language(root, tag)
    build(root, tmp_path / "site")
    site = tmp_path / "site"
    for path in sorted(site.rglob("*.html")):
        assert parse(path).lang == tag, path
    claim = (site / "claims" / "rocket-speed" / "index.html").read_text(encoding="utf-8")
    assert words in claim and day in claim
    # The quotes and the record's English translation keep their own language; a quote in
    # the page's language stands alone (fr-CA reads French: one catalog serves both).
    assert '<blockquote lang="fr"><p>« jusqu&#39;à 3 fois plus rapide »</p></blockquote>' in claim
    english = '<blockquote lang="en"><p>&#34;up to 3 times faster&#34;</p></blockquote>'
    assert (english in claim) == tag.startswith("zh")


def test_machine_outputs_stay_in_english_and_the_feed_follows_the_site(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    set_language(root, "fr")
    build(root, tmp_path / "site")
    site = tmp_path / "site"
    claims = json.loads((site / "claims.json").read_text(encoding="utf-8"))["claims"]
    meanings = {c["id"]: c["status_meaning"] for c in claims}
    assert meanings["rocket-speed"].startswith("Reported, not independently checked.")
    # The ClaimReview is the page's, not a contract for programs: its verdict is the one
    # the page shows (issue 27), in the site's language.
    review = parse(site / "claims" / "rocket-speed" / "index.html").reviews()[0]
    assert review["reviewRating"]["alternateName"] == "Non vérifié"
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert 'xml:lang="fr"' in feed
    assert "Enregistrée comme «\u202fnon vérifié\u202f»\u00a0: Rocket 2 runs" in feed
    assert 'term="unverified" label="Non vérifié"' in feed


def test_a_language_without_a_catalog_is_a_problem(
    tracker: Callable[[str], Path], run_cli: Callable[..., Result]
) -> None:
    root = tracker("minimal")
    set_language(root, "de")
    result = run_cli("check", "--root", root, "--today", "2026-11-30")
    assert result.code == 1
    assert (
        "tracker.yaml:4:11: error: the site's interface is not translated into 'de'; "
        "use one of: en, fr, zh-Hant (a region may follow, as in fr-CA) [missing-catalog]"
    ) in result.out
    out = root.parent / "site"
    assert run_cli("build", "--root", root, "--out", out, "--today", "2026-11-30").code == 1
    assert not out.exists()


def test_changing_the_language_rebuilds_every_page_in_it(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    set_language(root, "zh-Hant")
    result = site.build(["tracker.yaml"])
    assert result.rendered == result.pages
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(tmp_path / "site") == pages_of(fresh)  # SEARCH_BUNDLE says why
    assert "未經證實" in (fresh / "index.html").read_text(encoding="utf-8")
    # And back: the English pages are those of a build that never saw another language.
    (root / "tracker.yaml").write_text(
        (root / "tracker.yaml").read_text(encoding="utf-8").replace("zh-Hant", "en"),
        encoding="utf-8",
    )
    site.build(["tracker.yaml"])
    english = tmp_path / "english"
    build(root, english)
    assert pages_of(tmp_path / "site") == pages_of(english)


def test_the_catalogs_ship_as_text_only() -> None:
    """Compiled in memory at build time: no binary in the package can disagree with its .po."""
    locale = po_path("fr").parent.parent.parent
    assert sorted(p.suffix for p in locale.rglob("*") if p.is_file()) == [
        ".po",
        ".po",
        ".po",
        ".pot",
    ]
