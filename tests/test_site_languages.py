"""Every page in every language: prefixes, alternates, the switcher, feeds, sitemap, JSON-LD.

tests/fixtures/languages is in English and French; in French rocket-speed's statement is
current, rocket-price's stale, rocket-engine's missing; acme-post's notes current,
fr-report's stale.  It is built twice: as it is (base_url set: absolute alternates and
switcher, a sitemap) and without its base_url (relative links, working from disk).
"""

from __future__ import annotations

import posixpath
import re
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from claimtrack.check import run_checks
from claimtrack.i18n import english
from claimtrack.load import load_tracker
from claimtrack.site import SiteBuilder
from claimtrack.site.addresses import language_prefix
from claimtrack.site.data.feeds import entry_id
from claimtrack.site.model.cache import build_model
from claimtrack.site.plan.pages import plan

from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY, build, files_of, pages_of, parse

BASE = "https://claims.example.org/rocket/"
LANGUAGES = {"en": "", "fr": "fr/"}
NAMES = {"en": "English", "fr": "Français"}
XHTML = "{http://www.w3.org/1999/xhtml}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@dataclass
class Site:
    out: Path
    base: str | None  # the base URL the site was built with


def copy_of_fixture(tmp: Path, *, base: bool) -> Path:
    root = tmp / "languages"
    shutil.copytree(FIXTURES / "languages", root)
    if not base:
        tracker = root / "tracker.yaml"
        text = tracker.read_text(encoding="utf-8")
        tracker.write_text(text.replace(f"base_url: {BASE}\n", ""), encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["absolute", "relative"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Site:
    tmp = tmp_path_factory.mktemp(f"languages-{request.param}")
    absolute = request.param == "absolute"
    out = build(copy_of_fixture(tmp, base=absolute), tmp / "site").out
    return Site(out, BASE if absolute else None)


def pages(out: Path) -> list[str]:
    """The site's pages, without the claims' embeddable cards (``claims/<id>/embed/``):
    framed in other sites, they have no switcher, no alternates and no sitemap entry."""
    found = (p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    return sorted(p for p in found if "/embed/" not in p)


def target(site: Site, page: str, href: str) -> str:
    """The site path a link on ``page`` leads to (a folder's index.html), or "" when it
    leaves the site."""
    parts = urlsplit(href)
    if parts.scheme:
        if site.base is None or not href.startswith(site.base):
            return ""
        path = unquote(parts.path)[len(urlsplit(site.base).path) :]
    else:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path)))
    return path + "index.html" if path == "" or path.endswith("/") else path


def alternates(site: Site, page: str) -> dict[str, str]:
    """hreflang -> the site path of each <link rel="alternate" hreflang> of the page."""
    tags = parse(site.out / page).tags
    return {
        a["hreflang"]: target(site, page, a["href"])
        for tag, a in tags
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a
    }


def language_of(page: str) -> str:
    return "fr" if page.startswith("fr/") else "en"


def unprefixed(page: str) -> str:
    return page.removeprefix(LANGUAGES[language_of(page)])


# -- the pages ---------------------------------------------------------------------------------
def test_every_page_is_in_every_language_and_the_data_once(site: Site) -> None:
    built = pages(site.out)
    main = [p for p in built if not p.startswith("fr/")]
    assert [p for p in built if p.startswith("fr/")] == sorted("fr/" + p for p in main)
    assert "fr/claims/rocket-engine/index.html" in built and "fr/search/index.html" in built
    files = files_of(site.out)
    for data in ("claims.json", "sources.json", "claims.schema.json", "sources.schema.json"):
        assert data in files and f"fr/{data}" not in files
    assert not any(p.startswith("fr/static/") for p in files)
    assert "fr/feed.xml" in files and ("sitemap.xml" in files) == (site.base is not None)
    for page in built:
        assert parse(site.out / page).lang == language_of(page), page


def test_a_prefix_is_the_tag_in_lowercase_and_none_for_the_main_language() -> None:
    assert language_prefix("en", "en") == ""
    assert language_prefix("zh-Hant", "en") == "zh-hant/"
    assert language_prefix("fr", "zh-Hant") == "fr/"


def test_every_link_of_a_page_stays_in_its_language(site: Site) -> None:
    """Besides the switcher and a stale translation's link to its original, a French page
    links French pages; static/ and the data files are the root's; every link lands."""
    switcher = re.compile(r'<nav class="language-switcher".*?</nav>', re.DOTALL)
    original = re.compile(r'<span class="mark-stale">.*?</span>', re.DOTALL)
    for page in pages(site.out):
        html = (site.out / page).read_text(encoding="utf-8")
        html = original.sub("", switcher.sub("", html))
        scratch = site.out.parent / "scratch.html"
        scratch.write_text(html, encoding="utf-8")
        for tag, attr, value in parse(scratch).links:
            found = target(site, page, value.partition("#")[0]) if value[:1] != "#" else page
            if not found:
                continue  # a source's own address
            assert (site.out / found).is_file(), (page, value)
            if found.endswith(".html") and (tag, attr) == ("a", "href"):
                assert language_of(found) == language_of(page), (page, value)
            if found.startswith(("static/", "claims.json", "sources.json")):
                assert not found.startswith("fr/")


def test_a_stale_marks_link_leads_to_the_original_page(site: Site) -> None:
    """ "See the original" under a stale French text leads to the page in the main language
    that shows the original: the same page, or the claim's or source's own page."""
    mark = re.compile(r'<span class="mark-stale">[^<]*<a href="([^"]+)"')
    seen = 0
    for page in pages(site.out):
        for href in mark.findall((site.out / page).read_text(encoding="utf-8")):
            found = target(site, page, href)
            assert (site.out / found).is_file() and language_of(found) == "en", (page, href)
            seen += 1
    assert seen
    html = (site.out / "fr/claims/rocket-price/index.html").read_text(encoding="utf-8")
    assert target(site, "fr/claims/rocket-price/index.html", mark.findall(html)[0]) == (
        "claims/rocket-price/index.html"
    )


# -- alternates --------------------------------------------------------------------------------
def test_hreflang_is_reciprocal_on_every_page(site: Site) -> None:
    """For each page A with an alternate B, B names A; each names itself and x-default the
    main language's version; each href is a built file.  Only with a base URL: relative
    alternates are ignored by search engines, so without one none is written."""
    if site.base is None:
        assert [p for p in pages(site.out) if alternates(site, p)] == []
        return
    for page in pages(site.out):
        links = alternates(site, page)
        if not links:
            continue
        assert links[language_of(page)] == page, page
        assert links["x-default"] == unprefixed(page), page
        for lang, other in links.items():
            assert (site.out / other).is_file(), (page, lang, other)
            back = alternates(site, other)
            assert page in back.values(), (page, other, back)
            assert back == links, (page, other)


def test_alternates_name_the_versions_whose_statement_is_translated(site: Site) -> None:
    if site.base is None:
        return  # none written (test_hreflang_is_reciprocal_on_every_page)
    claim = "claims/{}/index.html".format
    both = {"en", "fr", "x-default"}
    assert set(alternates(site, claim("rocket-speed"))) == both  # current
    assert set(alternates(site, claim("rocket-price"))) == both  # stale still counts
    assert set(alternates(site, "fr/" + claim("rocket-price"))) == both
    assert set(alternates(site, claim("rocket-engine"))) == {"en", "x-default"}  # missing
    # Its French page shows the English statement: no version names it, it names none.
    assert alternates(site, "fr/" + claim("rocket-engine")) == {}
    for page in ("index.html", "sources/fr-report/index.html", "search/index.html", "404.html"):
        assert set(alternates(site, page)) == both, page
        assert set(alternates(site, "fr/" + page)) == both, page


def test_with_a_base_url_alternates_canonical_and_switcher_are_absolute(site: Site) -> None:
    html = (site.out / "fr" / "claims" / "rocket-speed" / "index.html").read_text("utf-8")
    if site.base is None:
        assert BASE not in html and 'rel="canonical"' not in html
        # No hreflang alternate (a relative one is ignored); the switcher's links stay.
        assert '<link rel="alternate" hreflang=' not in html
        assert '<a href="../../../claims/rocket-speed/index.html" hreflang="en"' in html
        return
    assert f'<link rel="canonical" href="{BASE}fr/claims/rocket-speed/">' in html
    assert f'<link rel="alternate" hreflang="en" href="{BASE}claims/rocket-speed/">' in html
    assert f'<link rel="alternate" hreflang="fr" href="{BASE}fr/claims/rocket-speed/">' in html
    assert f'<link rel="alternate" hreflang="x-default" href="{BASE}claims/rocket-speed/">' in html
    assert f'<a href="{BASE}claims/rocket-speed/" hreflang="en" lang="en">English</a>' in html


# -- the switcher ------------------------------------------------------------------------------
def test_the_switcher_links_this_page_in_every_language(site: Site) -> None:
    """Plain links in a labelled nav: one per language, named in itself, with hreflang and
    lang; the current one aria-current; each leads to this page in that language, also
    where the page is not translated."""
    for page in pages(site.out):
        tags = parse(site.out / page).tags
        start = next(i for i, (t, a) in enumerate(tags) if a.get("class") == "language-switcher")
        assert tags[start][0] == "nav" and tags[start][1]["aria-label"] in ("Languages", "Langues")
        links = [a for t, a in tags[start:] if t == "a"][: len(LANGUAGES)]
        assert [a["hreflang"] for a in links] == list(LANGUAGES)
        assert [a["lang"] for a in links] == list(LANGUAGES)
        for a in links:
            lang = a["hreflang"]
            assert target(site, page, a["href"]) == LANGUAGES[lang] + unprefixed(page), page
            assert (a.get("aria-current") == "true") == (lang == language_of(page)), page
    html = (site.out / "fr" / "claims" / "rocket-engine" / "index.html").read_text("utf-8")
    assert ">English</a>" in html and 'aria-current="true">Français</a>' in html


def test_a_language_is_named_in_itself() -> None:
    from claimtrack.i18n import own_name

    assert [own_name(t) for t in ("en", "fr", "zh-Hant", "fr-CA")] == [
        "English",
        "Français",
        "繁體中文",  # CLDR's own name for zh_Hant, not the general "中文 (繁體)"
        "Français canadien",  # CLDR names fr_CA so
    ]
    assert own_name("not a tag") == "not a tag"


def test_a_one_language_site_has_no_switcher_and_no_alternates(tmp_path: Path) -> None:
    out = build(FIXTURES / "minimal", tmp_path / "site").out
    for page in pages(out):
        html = (out / page).read_text("utf-8")
        assert "language-switcher" not in html and "hreflang" not in html, page


# -- feeds, sitemap, JSON-LD -------------------------------------------------------------------
def feed(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def test_each_language_has_its_feed_with_its_own_entry_ids(site: Site) -> None:
    atom = "{http://www.w3.org/2005/Atom}"
    main, fr = feed(site.out / "feed.xml"), feed(site.out / "fr" / "feed.xml")
    assert fr.get("{http://www.w3.org/XML/1998/namespace}lang") == "fr"
    assert (
        fr.findtext(f"{atom}title") == "Les affirmations sur Rocket 2\u00a0: changements de statut"
    )
    ids = [e.findtext(f"{atom}id") for e in main.iter(f"{atom}entry")]
    fr_ids = [e.findtext(f"{atom}id") for e in fr.iter(f"{atom}entry")]
    assert len(fr_ids) == len(ids) and not set(ids) & set(fr_ids)
    assert entry_id("rocket-speed", 0) in ids  # the main feed's ids as they always were
    titles = [e.findtext(f"{atom}title") or "" for e in fr.iter(f"{atom}entry")]
    assert any("Rocket 2 est jusqu'à 3 fois plus rapide" in t for t in titles)
    links = [e.find(f"{atom}link") for e in fr.iter(f"{atom}entry")]
    for link in links:
        assert link is not None
        href = link.get("href", "")
        assert target(site, "fr/feed.xml", href).startswith("fr/claims/"), href


def test_the_sitemap_lists_every_page_of_every_language_with_its_alternates(site: Site) -> None:
    if site.base is None:
        return  # no sitemap without absolute addresses
    root = feed(site.out / "sitemap.xml")
    listed: dict[str, dict[str, str]] = {}
    for url in root.iter(f"{SITEMAP}url"):
        loc = target(site, "", url.findtext(f"{SITEMAP}loc") or "")
        links = {
            x.get("hreflang", ""): target(site, "", x.get("href", ""))
            for x in url.iter(f"{XHTML}link")
        }
        listed[loc] = links
    # Every page but 404.html, which has no address of its own (docs/site.md).
    shown = [p for p in pages(site.out) if not p.endswith("404.html")]
    assert sorted(listed) == shown
    for page, links in listed.items():
        assert links == alternates(site, page), page  # as the page's own <link>s


def test_the_claim_review_is_in_the_pages_language(site: Site) -> None:
    def review(page: str) -> dict[str, object]:
        (found,) = parse(site.out / page).reviews()
        return found

    en, fr = review("claims/rocket-speed/index.html"), review("fr/claims/rocket-speed/index.html")
    assert (en["inLanguage"], fr["inLanguage"]) == ("en", "fr")
    assert en["claimReviewed"] == "Rocket 2 runs up to 3x faster than Rocket 1."
    assert fr["claimReviewed"] == "Rocket 2 est jusqu'à 3 fois plus rapide que Rocket 1."
    # A stale statement is the French page's too; a missing one is the original.
    assert review("fr/claims/rocket-price/index.html")["claimReviewed"] == (
        "Acme n'a pas annoncé le prix."
    )
    assert review("fr/claims/rocket-engine/index.html")["claimReviewed"] == (
        "Acme announced an engine called Rocket 2."
    )
    # The French rationale is stale: the explanation stays the original's.
    rating = fr["reviewRating"]
    assert isinstance(rating, dict)
    assert rating["ratingExplanation"] == "The vendor's own figure; nobody has measured it."
    if site.base is not None:
        assert fr["url"] == f"{BASE}fr/claims/rocket-speed/"


# -- edits -------------------------------------------------------------------------------------
def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edit_of_one_translation_writes_only_what_shows_it(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path, base=True)
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    builder.build()
    before = files_of(tmp_path / "site")
    claim = root / "claims" / "rocket-speed.yaml"
    edit(claim, "personne ne l'a encore mesuré", "personne ne l'a mesuré")
    result = builder.build()
    after = files_of(tmp_path / "site")
    changed = sorted(p for p in after if after[p] != before.get(p))
    # The French page, and claims.json, which carries each translation and its state.
    assert changed == ["claims.json", "fr/claims/rocket-speed/index.html"]
    assert not result.full and result.written == len(changed)
    # Rendered: the claim's page in each language (its view holds every language's texts);
    # the English one came out the same and was not written.
    assert result.rendered == len(LANGUAGES)
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == pages_of(tmp_path / "site")  # what a full build makes


def test_a_new_language_builds_every_page_in_it(tmp_path: Path) -> None:
    root = copy_of_fixture(tmp_path, base=False)
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY, search=False)
    builder.build()
    edit(
        root / "tracker.yaml",
        "translations:\n",
        "translations:\n  zh-Hant: {title: Rocket 2 說法, translated_by: machine}\n",
    )
    result = builder.build()
    assert result.full
    built = pages(tmp_path / "site")
    assert "zh-hant/claims/rocket-speed/index.html" in built
    page = parse(tmp_path / "site" / "zh-hant" / "claims" / "rocket-speed" / "index.html")
    assert page.lang == "zh-Hant"
    assert "繁體中文" in page.text


def test_a_broken_template_is_one_problem_however_many_languages(tmp_path: Path) -> None:
    """Each language has its environment, compiling the same overrides: a mistake in one is
    reported once, at its line."""
    from claimtrack.errors import DataError

    root = copy_of_fixture(tmp_path, base=False)
    (root / "templates").mkdir()
    (root / "templates" / "404.html").write_text("{% block main %}\n{{ oops(\n", "utf-8")
    with pytest.raises(DataError) as caught:
        build(root, tmp_path / "site")
    assert [(p.path, p.line, p.code) for p in caught.value.problems] == [
        ("templates/404.html", 2, "template-error")
    ]


def test_every_edition_of_a_page_links_the_same_address_objects() -> None:
    """With a base URL the versions' addresses are the same in every edition: kept once
    (a three-language plan at 10,000 claims held 300,000 such strings, 31 MB, for 38,000),
    and the alternates and the switcher of a page share them."""
    analysis, _ = run_checks(load_tracker(FIXTURES / "languages"), FIXTURE_TODAY)
    outputs = {o.path: o for o in plan(build_model(analysis), {}, english()) if o.page}
    en, fr = outputs["sources/index.html"].page, outputs["fr/sources/index.html"].page
    assert en is not None and fr is not None
    assert [h for _, h in en.alternates] == [h for _, h in fr.alternates]
    for (_, mine), (_, theirs) in zip(en.alternates, fr.alternates, strict=True):
        assert mine is theirs
    for link, (_, href) in zip(en.languages, en.alternates, strict=False):
        assert link.href is href
