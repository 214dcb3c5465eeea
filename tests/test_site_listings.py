"""Listings: every claim, and the claims of one status, kind, topic or claimant, 100 a page."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from claimtrack.site import SiteBuilder, addresses

from .site_support import FIXTURE_TODAY, build, minimal_copy, pages_of, parse


def test_slugs_keep_letters_of_any_script_and_never_share_a_page() -> None:
    names = ["Jane Doe", "jane-doe", "JANE  DOE!", "黃仁勳", "Zoë Ångström", "!!!", "?", "NVIDIA"]
    slugs = addresses.slugs(names)
    assert len(set(slugs.values())) == len(names)
    assert slugs["黃仁勳"] == "黃仁勳"
    assert slugs["Zoë Ångström"] == "zoë-ångström"
    assert slugs["NVIDIA"] == "nvidia"
    # Names that slugify alike: the first in sorted order keeps the plain slug.
    assert slugs["JANE  DOE!"] == "jane-doe"
    assert re.fullmatch(r"jane-doe-[0-9a-f]{8}", slugs["Jane Doe"])
    # A name of punctuation only still gets a page of its own.
    assert re.fullmatch(r"[0-9a-f]{8}", slugs["!!!"]) and slugs["!!!"] != slugs["?"]
    # The same names in any order give the same slugs; another name does not move them.
    assert addresses.slugs(reversed(names)) == slugs
    assert {n: s for n, s in addresses.slugs([*names, "Jane-Doe "]).items() if n in slugs} == slugs
    assert addresses.listing_href("claimants", "黃仁勳") == (
        "claimants/%E9%BB%83%E4%BB%81%E5%8B%B3/index.html"
    )


def _many(root: Path, count: int) -> list[str]:
    """``count`` more claims like rocket-speed, each one day apart (newest: the last)."""
    text = (root / "claims" / "rocket-speed.yaml").read_text(encoding="utf-8")
    ids = []
    for i in range(count):
        cid = f"copy-{i:03d}"
        day = (dt.date(2026, 5, 1) + dt.timedelta(days=i)).isoformat()
        (root / "claims" / f"{cid}.yaml").write_text(
            text.replace("2026-10-02", day).replace("Rocket 2 runs", f"Copy {i} runs"),
            encoding="utf-8",
        )
        ids.append(cid)
    return ids


def test_101_claims_make_two_pages_linked_both_ways(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    _many(root, 99)  # 101 in all
    out = tmp_path / "site"
    build(root, out)
    first, second = out / "claims" / "index.html", out / "claims" / "page" / "2" / "index.html"
    assert not (out / "claims" / "page" / "3").exists()
    one, two = first.read_text(encoding="utf-8"), second.read_text(encoding="utf-8")
    assert 'rel="prev"' not in one and "Page 1 of 2" in one
    assert '<link rel="next" href="../claims/page/2/index.html">' in one
    assert '<a rel="next" href="../claims/page/2/index.html">' in one
    assert '<link rel="prev" href="../../../claims/index.html">' in two
    assert '<a rel="prev" href="../../../claims/index.html">' in two
    assert 'rel="next"' not in two and "Page 2 of 2" in two
    # 100 claims, then 1: newest change first, so the oldest copy is alone on page 2.
    assert one.count('class="claim-item"') == 100 and two.count('class="claim-item"') == 1
    assert "../../../claims/copy-000/index.html" in two
    # Exactly 100 (every claim but the omission) fit on one page.
    unverified = (out / "status" / "unverified" / "index.html").read_text(encoding="utf-8")
    assert unverified.count('class="claim-item"') == 100 and "Page 1 of" not in unverified
    assert not (out / "status" / "unverified" / "page").exists()
    assert not (out / "kinds" / "figure" / "page").exists()


def test_claim_pages_link_to_their_listings_and_the_links_resolve(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    price = root / "claims" / "rocket-price.yaml"
    price.write_text(
        price.read_text(encoding="utf-8").replace("  name: Acme", "  name: 黃仁勳"),
        encoding="utf-8",
    )
    out = tmp_path / "site"
    build(root, out)
    page = out / "claims" / "rocket-price" / "index.html"
    hrefs = parse(page).hrefs()
    for wanted in (
        "../../status/undisclosed/index.html",
        "../../kinds/omission/index.html",
        "../../topics/pricing/index.html",
        "../../claimants/%E9%BB%83%E4%BB%81%E5%8B%B3/index.html",
        "../../claims/index.html",
    ):
        assert wanted in hrefs
    # Every link of every listing page leads to a file of the site.
    for listing in out.glob("*/**/index.html"):
        for href in parse(listing).hrefs():
            if "://" not in href and not href.startswith("#"):
                target = (listing.parent / unquote(href.partition("#")[0])).resolve()
                assert target.is_file(), (listing, href)
    claimant = out / "claimants" / "黃仁勳" / "index.html"
    assert "Acme did not announce the price" in claimant.read_text(encoding="utf-8")


def test_an_edit_rerenders_only_the_listing_pages_it_shows_on(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    ids = _many(root, 150)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    before = pages_of(tmp_path / "site")
    # copy-000 is the oldest: on the last page of every listing it is on.
    target = root / "claims" / f"{ids[0]}.yaml"
    target.write_text(
        target.read_text(encoding="utf-8").replace("Copy 0 runs", "Copy zero runs"),
        encoding="utf-8",
    )
    result = site.build()
    after = pages_of(tmp_path / "site")
    changed = {p for p in after if after[p] != before.get(p)}
    pages = (
        r"(claims|sources)/[^/]+/index\.html|(sources/[^/]+/archive|claims/[^/]+/embed)/index\.html"
    )
    listings = {p for p in changed if not re.fullmatch(pages, p)}
    listings = {p for p in listings if p.endswith(".html")}
    assert listings == {
        "claims/page/2/index.html",
        "status/unverified/page/2/index.html",
        "kinds/figure/page/2/index.html",
        "topics/speed/page/2/index.html",
        "claimants/acme/page/2/index.html",
    }
    # Besides: its page, the claim it relates to, the two sources it cites (which list it)
    # and the archive page that marks its quote (the statement is the mark's title); not
    # the index, whose latest changes it is not among.
    assert "index.html" not in changed
    assert result.rendered == len(listings) + 6  # and its embeddable card


def test_the_sitemap_lists_every_listing_page(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    tracker = root / "tracker.yaml"
    tracker.write_text(
        tracker.read_text(encoding="utf-8") + "base_url: https://example.org/t/\n",
        encoding="utf-8",
    )
    _many(root, 100)  # 101 in the unverified status
    out = tmp_path / "site"
    build(root, out)
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    for folder in (
        "claims/",
        "claims/page/2/",
        "status/",
        "status/unverified/page/2/",
        "topics/pricing/",
        "claimants/acme/",
    ):
        assert f"<loc>https://example.org/t/{folder}</loc>" in sitemap, folder
    # The sitemap counts the pages of each listing as the pages are made: the same pages.
    listed = {
        unquote(loc.removeprefix("https://example.org/t/"))
        for loc in re.findall(r"<loc>([^<]*/page/[^<]*)</loc>", sitemap)
    }
    built = {
        path.parent.relative_to(out).as_posix() + "/" for path in out.glob("**/page/*/index.html")
    }
    assert listed == built and "claims/page/2/" in built


def test_a_listing_takes_one_page_a_hundred_items_and_one_when_empty() -> None:
    pages = {n: addresses.page_count(n) for n in (0, 1, 99, 100, 101, 200, 201)}
    assert pages == {0: 1, 1: 1, 99: 1, 100: 1, 101: 2, 200: 2, 201: 3}


def test_the_index_shows_the_latest_omissions_and_links_to_all_of_them(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    text = (root / "claims" / "rocket-price.yaml").read_text(encoding="utf-8")
    for i in range(25):
        day = (dt.date(2026, 5, 1) + dt.timedelta(days=i)).isoformat()
        (root / "claims" / f"omission-{i:02d}.yaml").write_text(
            text.replace("2026-10-02", day).replace("the price", f"detail {i}"),
            encoding="utf-8",
        )
    out = tmp_path / "site"
    build(root, out)
    html = (out / "index.html").read_text(encoding="utf-8")
    omissions = html.partition('id="omissions-h"')[2].partition('id="latest"')[0]
    assert omissions.count('class="omission-item"') == 20
    assert "26 pieces of information" in omissions
    assert '<a href="status/undisclosed/index.html">All 26 undisclosed</a>' in omissions
    # The oldest are left to the listing, which has them all.
    assert "claims/omission-00/index.html" not in omissions
    listing = (out / "status" / "undisclosed" / "index.html").read_text(encoding="utf-8")
    assert listing.count('class="claim-item"') == 26


def test_a_claimants_role_reaches_their_listing_in_an_incremental_build(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace(
            "  name: Acme\n", "  name: Acme\n  role: Head of rockets\n  organisation: Acme Corp\n"
        ),
        encoding="utf-8",
    )
    site.build()
    page = (tmp_path / "site" / "claimants" / "acme" / "index.html").read_text(encoding="utf-8")
    assert '<p class="claimant-details">Head of rockets, Acme Corp</p>' in page
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == pages_of(tmp_path / "site")


@pytest.mark.parametrize(
    "path",
    [
        "claims/rocket-price/index.html",
        "claimants/a_b.c~d/#top",
        "claimants/星火/",
        "claimants/two words/",
        "claimants/50%/",
        "claimants/a+b&c=d?e/",
        "fr/claims/x-y/index.html",
        "",
    ],
)
def test_a_link_is_percent_encoded_as_quote_encodes_it(path: str) -> None:
    """href returns a path needing no encoding as it is, without calling quote: the same."""
    assert addresses.href(path) == quote(path, safe="/#")


def test_a_path_that_needs_no_encoding_is_not_given_to_quote(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planning three languages asks for 340,000 links: quote only where it changes one."""

    def refuse(path: str, safe: str) -> str:
        raise AssertionError(f"quote({path!r})")

    monkeypatch.setattr(addresses, "quote", refuse)
    assert (
        addresses.href("fr/claims/x-y_z.1~/index.html#top") == "fr/claims/x-y_z.1~/index.html#top"
    )
    with pytest.raises(AssertionError):
        addresses.href("claimants/星火/")
