"""A claim embedded in another newsroom's article (issue 27 §5): the card of every claim in
every language, the <iframe> code its page offers, the oEmbed file with base_url; neither
in the sitemap nor in the search index; a card made again only when its claim changed.

tests/fixtures/revisions is in English, French and Traditional Chinese with a base_url;
it is built as it is and without its base_url.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import lxml.html
import orjson
import pytest

from claimtrack.check import run_checks
from claimtrack.i18n import direction, english
from claimtrack.load import load_tracker
from claimtrack.records import Status
from claimtrack.site import build_site
from claimtrack.site.addresses import claim_embed_page, claim_oembed, claim_page
from claimtrack.site.model.cache import build_model
from claimtrack.site.model.localized import plain
from claimtrack.site.model.parts import STATUSES, HistoryView
from claimtrack.site.model.views import SiteModel, SourceView
from claimtrack.site.plan.contexts import EmbedPage
from claimtrack.site.plan.embeds import HEIGHT, WIDTH, status_since
from claimtrack.site.plan.pages import Planner
from claimtrack.site.publish import index_inputs
from claimtrack.site.publish.pagefind_run import Bundle

from . import pagefind_files
from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY, minimal_copy

BASE = "https://claims.example.org/rechecked/"
PREFIXES = {"en": "", "fr": "fr/", "zh-Hant": "zh-hant/"}
OEMBED_FIELDS = {
    "version": str,
    "type": str,
    "html": str,
    "width": int,
    "height": int,
    "title": str,
    "provider_name": str,
    "provider_url": str,
    "cache_age": int,
}


@dataclass
class Site:
    out: Path
    base: str | None
    claims: list[str]


def revisions_copy(tmp: Path, *, base: bool) -> Path:
    root = tmp / "revisions"
    shutil.copytree(FIXTURES / "revisions", root)
    if not base:
        tracker = root / "tracker.yaml"
        text = tracker.read_text(encoding="utf-8")
        assert f"base_url: {BASE}\n" in text
        tracker.write_text(text.replace(f"base_url: {BASE}\n", ""), encoding="utf-8")
    return root


@pytest.fixture(scope="module", params=["absolute", "relative"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Site:
    tmp = tmp_path_factory.mktemp(f"embed-{request.param}")
    absolute = request.param == "absolute"
    root = revisions_copy(tmp, base=absolute)
    build_site(root, tmp / "site", today=FIXTURE_TODAY, search=False)
    claims = sorted(p.stem for p in (root / "claims").glob("*.yaml"))
    return Site(tmp / "site", BASE if absolute else None, claims)


def html_of(path: Path) -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(path.read_bytes())


def site_path(site: Site, page: str, href: str) -> Path:
    """The file a link on ``page`` (a site path) leads to: a folder's index.html."""
    if urlsplit(href).scheme:
        assert site.base is not None and href.startswith(site.base), href
        path = unquote(href[len(site.base) :])
    else:
        path = urljoin(page, unquote(href))
    target = site.out / path
    return target / "index.html" if path.endswith("/") or target.is_dir() else target


def text(element: lxml.html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def test_every_claim_has_a_card_in_every_language(site: Site) -> None:
    for claim in site.claims:
        for lang, prefix in PREFIXES.items():
            path = prefix + claim_embed_page(claim)
            card = html_of(site.out / path)
            page = html_of(site.out / prefix / claim_page(claim))
            assert (card.get("lang"), card.get("dir")) == (lang, "ltr")
            assert card.xpath("//meta[@name='robots']/@content") == ["noindex"]
            # Self-contained: no script, no stylesheet or anything else loaded, its own style.
            assert not card.xpath("//script | //link | //img | //iframe | //@style")
            assert len(card.xpath("//style")) == 1
            assert card.xpath("//base/@target") == ["_blank"]
            # The statement as its page shows it in that language, with the same marks.
            (h1,) = card.xpath("//h1")
            (shown,) = page.xpath("//h1")
            assert (text(h1), dict(h1.attrib)) == (text(shown), dict(shown.attrib))
            marks = page.xpath("//h1/following-sibling::*[1][@class='translation-mark']")
            card_marks = card.xpath("//h1/following-sibling::*[1][@class='translation-mark']")
            assert [text(m) for m in card_marks] == [text(m) for m in marks]
            # The status and its meaning, as the page's verdict words them.
            verdict = page.xpath("//div[contains(@class, 'verdict ')]")[0]
            badge = verdict.xpath(".//span[contains(@class, 'badge')]")[0]
            assert [text(b) for b in card.xpath("//span[contains(@class, 'badge')]")] == [
                text(badge)
            ]
            meaning = text(verdict.xpath(".//p[@class='verdict-meaning']")[0])
            assert text(card.xpath("//p[@class='meaning']")[0]) == meaning
            # The tracker's title in that language, as the page's header names the site.
            assert text(card.xpath("//p[@class='tracker']")[0]) in text(page.xpath("//title")[0])
            # The date of the current status, and the link to the claim page.
            (when,) = card.xpath("//span[@class='since']/time/@datetime")
            dt.date.fromisoformat(when)
            (link,) = card.xpath("//p[@class='more']/a/@href")
            assert urlsplit(link).scheme == ("https" if site.base else "")
            assert site_path(site, path, link) == site.out / prefix / claim_page(claim)


def test_a_card_says_since_when_the_claim_has_its_status(site: Site) -> None:
    """rocket-announced was verified on 2026-09-02 and corrected, still verified, on
    2026-11-20 (tests/fixtures/revisions): its status dates from the first, while its page
    says it last changed on the second."""
    card = html_of(site.out / claim_embed_page("rocket-announced"))
    page = html_of(site.out / claim_page("rocket-announced"))
    assert card.xpath("//span[@class='since']/time/@datetime") == ["2026-09-02"]
    dates = page.xpath("//p[@class='verdict-dates']/time/@datetime")
    assert dates == ["2026-11-20", "2026-09-02"]  # last changed, first recorded
    assert text(card.xpath("//span[@class='since']")[0]) == "Status since 2 September 2026"
    fr = html_of(site.out / "fr" / claim_embed_page("rocket-announced"))
    assert text(fr.xpath("//span[@class='since']")[0]) == "Statut depuis le 2 septembre 2026"
    zh = html_of(site.out / "zh-hant" / claim_embed_page("rocket-announced"))
    assert text(zh.xpath("//span[@class='since']")[0]) == "自 2026年9月2日 起為此狀態"


def iframe_of(code: str) -> lxml.html.HtmlElement:
    (frame,) = lxml.html.fragments_fromstring(code)
    assert frame.tag == "iframe"
    return frame


def test_each_claim_page_offers_the_iframe_code(site: Site) -> None:
    for claim in site.claims:
        for prefix in PREFIXES.values():
            path = prefix + claim_page(claim)
            page = html_of(site.out / path)
            (offer,) = page.xpath("//details[@class='embed-offer']")
            (box,) = offer.xpath(".//textarea")
            assert box.get("readonly") is not None
            assert offer.xpath(f".//label[@for='{box.get('id')}']")
            frame = iframe_of(box.text_content())
            embed = site.out / prefix / claim_embed_page(claim)
            src = frame.get("src")
            assert frame.get("title") and int(frame.get("width")) == WIDTH
            assert int(frame.get("height")) == HEIGHT and "max-width" in frame.get("style")
            assert frame.get("sandbox") == "allow-popups allow-popups-to-escape-sandbox"
            note = offer.xpath(".//p[@class='embed-note']")
            if site.base is not None:
                assert src.startswith(site.base) and not note
                assert site_path(site, path, src) == embed
            else:
                # From the site's root, which the note says must be put before it.
                assert not urlsplit(src).scheme and not src.startswith("/") and note
                assert (site.out / src / "index.html") == embed
            (preview,) = offer.xpath(".//a/@href")
            assert site_path(site, path, preview) == embed


def test_with_base_url_each_claim_has_its_oembed_file(site: Site) -> None:
    for claim in site.claims:
        for prefix in PREFIXES.values():
            file = site.out / prefix / claim_oembed(claim)
            page = html_of(site.out / prefix / claim_page(claim))
            links = page.xpath("//head/link[@type='application/json+oembed']")
            if site.base is None:
                assert not file.exists() and not links
                continue
            data = json.loads(file.read_bytes())
            assert file.read_bytes() == orjson.dumps(
                data, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE
            )
            assert {k: type(v) for k, v in data.items()} == OEMBED_FIELDS
            assert (data["version"], data["type"]) == ("1.0", "rich")
            assert (data["width"], data["height"]) == (WIDTH, HEIGHT)
            assert data["provider_url"] == BASE + prefix
            frame = iframe_of(data["html"])
            assert frame.get("title") == data["title"]
            assert site_path(site, "", frame.get("src")) == site.out / prefix / claim_embed_page(
                claim
            )
            assert (frame.get("width"), frame.get("height")) == (str(WIDTH), str(HEIGHT))
            # The same code the page offers, and the page names the file.
            offered = page.xpath("//textarea[@id='embed-code']")[0].text_content()
            assert offered == data["html"]
            (link,) = links
            assert (link.get("rel"), link.get("title")) == ("alternate", data["title"])
            assert link.get("href") == BASE + prefix + claim_oembed(claim)


def test_cards_and_oembed_files_are_not_in_the_sitemap(site: Site) -> None:
    if site.base is None:
        assert not (site.out / "sitemap.xml").exists()
        return
    sitemap = (site.out / "sitemap.xml").read_text(encoding="utf-8")
    assert BASE + claim_page("rocket-speed").removesuffix("index.html") in sitemap
    assert "/embed/" not in sitemap and "oembed" not in sitemap


def test_cards_are_not_indexed_for_search(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(minimal_copy(tmp_path), out, today=FIXTURE_TODAY)
    assert (out / claim_embed_page("rocket-speed")).is_file()
    assert pagefind_files.urls(out / "pagefind") == [
        "/claims/rocket-price/",
        "/claims/rocket-speed/",
    ]
    # What the search index's records compare: the claim pages alone.
    assert sorted(index_inputs.claim_pages(out, "")) == [
        claim_page("rocket-price"),
        claim_page("rocket-speed"),
    ]
    found = index_inputs.pages_of(
        [Bundle("", None)],
        {claim_embed_page("rocket-speed"): b"", claim_page("rocket-speed"): b""},
        (),
    )
    assert [path for _, path, _ in found] == [claim_page("rocket-speed")]


def model_of(fixture: str) -> SiteModel:
    analysis, _ = run_checks(load_tracker(FIXTURES / fixture), FIXTURE_TODAY)
    return build_model(analysis)


def test_a_card_is_made_again_only_when_its_claim_changed() -> None:
    model, planner, ui = model_of("languages"), Planner(), english()
    first = {o.path: o for o in planner.plan(model, {}, ui)}
    claims = list(model.claims)
    index = next(i for i, c in enumerate(claims) if c.summary.id == "rocket-speed")
    statement = replace(claims[index].summary.statement, original="Rocket 2 is fast.")
    claims[index] = replace(
        claims[index], summary=replace(claims[index].summary, statement=statement)
    )
    second = {o.path: o for o in planner.plan(replace(model, claims=tuple(claims)), {}, ui)}
    cards = [p for p in first if "/embed/" in p or p.endswith("oembed.json")]
    assert len(cards) == 3 * 2 * 2  # three claims, a card and an oEmbed file, two languages
    changed = sorted(p for p in cards if second[p].key != first[p].key)
    # Its cards; its French oEmbed file shows the French statement, which did not change.
    assert changed == [
        "claims/rocket-speed/embed/index.html",
        "claims/rocket-speed/oembed.json",
        "fr/claims/rocket-speed/embed/index.html",
    ]
    # A change its page shows but the card does not (a cited source's publisher): the
    # page's key changes, the card's stays, so the build does not render it again.
    cited = claims[index].sources[0].id

    def publisher(v: SourceView) -> SourceView:
        return replace(v, publisher="Another") if v.ref.id == cited else v

    sources = tuple(publisher(v) for v in model.sources)
    third = {
        o.path: o
        for o in planner.plan(replace(model, claims=tuple(claims), sources=sources), {}, ui)
    }
    page, card = claim_page("rocket-speed"), claim_embed_page("rocket-speed")
    assert third[page].key != second[page].key
    assert third[card].key == second[card].key
    assert isinstance(third[card].planned()[1], EmbedPage)


def _entry(day: str, status: Status, correction: bool = False) -> HistoryView:
    return HistoryView(
        0,
        dt.date.fromisoformat(day),
        STATUSES[status],
        plain("", "en"),
        (),
        True,
        correction=object() if correction else None,  # type: ignore[arg-type]
    )


def test_the_status_dates_from_the_first_entry_of_its_last_run() -> None:
    history = [
        _entry("2026-01-01", Status.UNVERIFIED),
        _entry("2026-02-01", Status.DISPUTED),
        _entry("2026-03-01", Status.FALSE),
        _entry("2026-04-01", Status.FALSE, correction=True),
        _entry("2026-05-01", Status.FALSE),
    ]
    assert status_since(history) == dt.date(2026, 3, 1)
    assert status_since(history[:1]) == dt.date(2026, 1, 1)
    assert status_since(history[:2]) == dt.date(2026, 2, 1)


def test_a_right_to_left_language_runs_right_to_left() -> None:
    assert (direction("ar"), direction("he"), direction("fa-IR")) == ("rtl", "rtl", "rtl")
    assert (direction("en"), direction("zh-Hant"), direction("not-a-tag")) == ("ltr",) * 3
