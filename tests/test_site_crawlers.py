"""What crawlers read besides the pages: the sitemap against the sitemaps.org XSD,
robots.txt through urllib.robotparser, and the warning `build` gives without base_url.
"""

from __future__ import annotations

import io
import json
import urllib.robotparser
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
import xmlschema

from claimtrack.codes import Code
from claimtrack.live.server import LiveServer
from claimtrack.site import build_site

from .conftest import TODAY, Result
from .reach_support import Built, build_copy, html_pages, tracker_copy
from .site_support import FIXTURE_TODAY

SCHEMAS = Path(__file__).resolve().parent / "data" / "sitemaps"
URLSET = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def sitemap_schema() -> xmlschema.XMLSchema:
    """The sitemaps.org XSD, with XHTML's for the ``xhtml:link`` alternates its ``xsd:any
    processContents="strict"`` lets in; all vendored, none fetched (``allow="local"``)."""
    return xmlschema.XMLSchema(
        [str(SCHEMAS / "sitemap.xsd"), str(SCHEMAS / "xhtml1-strict.xsd")],
        allow="local",
        locations={"http://www.w3.org/XML/1998/namespace": str(SCHEMAS / "xml.xsd")},
    )


@pytest.fixture(scope="module", params=["minimal", "languages", "revisions"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    name = request.param
    return build_copy(name, tmp_path_factory.mktemp(name), base=True, search=True)


def locations(site: Built) -> list[str]:
    root = ET.fromstring((site.out / "sitemap.xml").read_bytes())
    return [url.findtext(f"{URLSET}loc") or "" for url in root.iter(f"{URLSET}url")]


def test_the_sitemap_is_valid_and_lists_every_page_but_404_and_embeds(
    site: Built, sitemap_schema: xmlschema.XMLSchema
) -> None:
    sitemap_schema.validate((site.out / "sitemap.xml").read_text(encoding="utf-8"))
    assert site.base is not None
    expected = [
        site.base + page.removesuffix("index.html")
        for page in html_pages(site.out)
        # 404: no address of its own; an embeddable card: noindex (docs/site.md).
        if not page.endswith("404.html") and "/embed/" not in page
    ]
    assert sorted(locations(site)) == sorted(expected)
    assert any(loc.endswith("/search/") for loc in expected)  # the search pages are listed


def test_the_xsd_refuses_a_broken_sitemap(site: Built, sitemap_schema: xmlschema.XMLSchema) -> None:
    """The schema does hold the sitemap to something: a bad date or element fails it."""
    text = (site.out / "sitemap.xml").read_text(encoding="utf-8")
    assert not sitemap_schema.is_valid(text.replace("<lastmod>", "<lastmod>on ", 1))
    renamed = text.replace("<loc>", "<location>", 1).replace("</loc>", "</location>", 1)
    assert not sitemap_schema.is_valid(renamed)


def test_without_search_the_sitemap_lists_no_search_page(tmp_path: Path) -> None:
    site = build_copy("languages", tmp_path, base=True, search=False)
    assert not (site.out / "search").exists()
    assert not [loc for loc in locations(site) if "search" in loc]


def test_an_address_with_quotes_and_an_ampersand_keeps_the_sitemap_well_formed(
    tmp_path: Path,
) -> None:
    """base_url may hold characters XML escapes (``"``, ``'``, ``&``): in a ``<loc>`` and in
    an alternate's ``href`` attribute they are escaped, and read back as written."""
    base = 'https://claims.example.org/a&b/"q"/it\'s/'
    root = tracker_copy("languages", tmp_path, json.dumps(base))  # a YAML quoted string
    out = tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY, search=False)
    urlset = ET.fromstring((out / "sitemap.xml").read_bytes())
    locs = [url.findtext(f"{URLSET}loc") or "" for url in urlset.iter(f"{URLSET}url")]
    hrefs = [link.get("href") or "" for link in urlset.iter(f"{XHTML}link")]
    assert locs and all(loc.startswith(base) for loc in locs)
    assert hrefs and all(href.startswith(base) for href in hrefs)
    assert set(hrefs) <= set(locs)


def test_robots_txt_allows_every_page_and_names_the_sitemap(site: Built) -> None:
    robots = urllib.robotparser.RobotFileParser()
    robots.parse((site.out / "robots.txt").read_text(encoding="utf-8").splitlines())
    assert robots.site_maps() == [f"{site.base}sitemap.xml"]
    for loc in locations(site):
        for agent in ("*", "Googlebot", "Bingbot"):
            assert robots.can_fetch(agent, loc), (agent, loc)


@pytest.mark.parametrize("name", ["minimal", "revisions"])
def test_without_base_url_no_robots_txt_no_sitemap_and_one_warning(
    name: str, tmp_path: Path
) -> None:
    site = build_copy(name, tmp_path, base=False)
    assert not (site.out / "robots.txt").exists() and not (site.out / "sitemap.xml").exists()
    (warning,) = [p for p in site.result.warnings if p.code is Code.BASE_URL_MISSING]
    assert (warning.path, warning.line, warning.column) == ("tracker.yaml", 1, 1)
    assert "base_url" in warning.message and "`base_url:` in tracker.yaml" in (warning.hint or "")
    with_base = build_copy(name, tmp_path / "b", base=True)
    assert all(p.code is not Code.BASE_URL_MISSING for p in with_base.result.warnings)


def test_the_warning_is_builds_not_checks(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    """`build` prints it once; `check` (and so `check --strict`, which the repository's CI
    runs on its own tracker without base_url) never reports it."""
    root = tracker_copy("minimal", tmp_path, None)
    built = run_cli("build", "--root", root, "--today", TODAY, "--no-search")
    assert built.code == 0 and built.err.count("[base-url-missing]") == 1, built.output
    assert "tracker.yaml:1:1: warning: no base_url" in built.err
    check = run_cli("check", "--strict", "--root", root, "--today", TODAY)
    assert check.code == 0 and "base-url-missing" not in check.output
    again = run_cli("build", "--root", root, "--today", TODAY, "--no-search")  # a replay
    assert again.err == built.err


def test_serve_says_it_once_when_it_starts(tmp_path: Path) -> None:
    root = tracker_copy("minimal", tmp_path, None)
    terminal = io.StringIO()
    server = LiveServer(
        root,
        root / "site",
        port=0,
        today=FIXTURE_TODAY,
        events=False,
        stdout=terminal,
        stderr=terminal,
        search=False,
    )
    server.start()
    try:
        server.rebuild(["claims/rocket-speed.yaml"])  # a later build does not say it again
    finally:
        server.stop()
    assert terminal.getvalue().count("[base-url-missing]") == 1, terminal.getvalue()
