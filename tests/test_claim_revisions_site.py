"""What readers and machines see of a claim revised by its claimant (issue 26), on the
revisions fixture: rocket-thrust ("up to 3x", its source published 1 September 2026) is
revised by rocket-thrust-selected ("up to 2.5x on selected models", its source published
20 October 2026, recorded on the 21st).  Pages in English, French and Traditional Chinese,
the listings and the index, claims.json and its schema, the ClaimReview, and an edit of
`revises:` in serve making again exactly what a full build makes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from claimtrack.site import SCHEMA_VERSION, SiteBuilder
from claimtrack.site.data.schema import claims_schema

from .conftest import FIXTURES, SiteOf
from .site_support import FIXTURE_TODAY, build, files_of, pages_of, parse

OLD, NEW = "rocket-thrust", "rocket-thrust-selected"
# The fixture's other claims still current, in the order of their latest change.
OTHERS = ["rocket-speed", "rocket-fuel", "rocket-tested"]
SEPT = '<time datetime="2026-09-01">'
OCT20 = '<time datetime="2026-10-20">'
LANGUAGES = ["", "fr/", "zh-hant/"]


@pytest.fixture(scope="module")
def site(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "revisions", FIXTURE_TODAY)


def read(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def claim_page(site: Path, prefix: str, cid: str) -> str:
    return read(site, f"{prefix}claims/{cid}/index.html")


def claim_head(page: str) -> str:
    start = page.index('<header class="claim-head">')
    return page[start : page.index("</header>", start)]


def link(cid: str) -> str:
    return f'href="../../claims/{cid}/index.html"'


@pytest.mark.parametrize(
    ("prefix", "revised", "replaces"),
    [
        (
            "",
            f"Revised by its claimant on {OCT20}20 October 2026</time>: "
            f'<a class="statement" {link(NEW)}>Rocket 2 delivers up to 2.5x the thrust of '
            "Rocket 1 on selected models.</a>",
            f"Replaces its claimant's earlier claim of {SEPT}1 September 2026</time>: "
            f'<a class="statement" {link(OLD)}>Rocket 2 delivers up to 3x the thrust of '
            "Rocket 1.</a>",
        ),
        (
            "fr/",
            f"Révisée par son auteur le {OCT20}20 octobre 2026</time>\u00a0: "
            f'<a class="statement" {link(NEW)} lang="fr"',
            f"Remplace l’affirmation antérieure de son auteur, du {SEPT}1 septembre "
            f'2026</time>\u00a0: <a class="statement" {link(OLD)} lang="fr"',
        ),
        (
            "zh-hant/",
            f'提出者已於{OCT20}2026年10月20日</time>修正：<a class="statement" {link(NEW)} '
            'lang="zh-Hant"',
            f'取代提出者{SEPT}2026年9月1日</time>的先前說法：<a class="statement" {link(OLD)} '
            'lang="zh-Hant"',
        ),
    ],
    ids=["en", "fr", "zh-Hant"],
)
def test_each_page_says_what_replaces_it_and_what_it_replaces(
    site: Path, prefix: str, revised: str, replaces: str
) -> None:
    old, new = claim_page(site, prefix, OLD), claim_page(site, prefix, NEW)
    # In the claim's head, under its status.
    assert f'<p class="revised-note">{revised}' in claim_head(old)
    assert "replaces-note" not in old
    assert f'<p class="replaces-note">{replaces}' in claim_head(new)
    assert "revised-note" not in new
    # A claim outside any chain has neither, nor a chain.
    plain = claim_page(site, prefix, "rocket-speed")
    assert "revised-note" not in plain and "chain-h" not in plain


def chain(page: str) -> list[str]:
    section = page[page.index('id="chain-h"') : page.index("</ol>", page.index('id="chain-h"'))]
    return re.findall(r"<li[^>]*>.*?</li>", section, re.S)


@pytest.mark.parametrize(
    ("prefix", "heading", "latest", "this"),
    [
        ("", "Versions of this claim", "latest version", "(this claim)"),
        ("fr/", "Versions de cette affirmation", "dernière version", "(cette affirmation)"),
        ("zh-hant/", "這則說法的各個版本", "最新版本", "（這則說法）"),
    ],
    ids=["en", "fr", "zh-Hant"],
)
def test_both_pages_show_the_chain_in_date_order(
    site: Path, prefix: str, heading: str, latest: str, this: str
) -> None:
    for cid in (OLD, NEW):
        page = claim_page(site, prefix, cid)
        assert f'<h2 id="chain-h">{heading}</h2>' in page
        first, second = chain(page)
        # Each with its date, its status, its statement: the earlier first.
        assert SEPT in first and OCT20 in second
        assert "badge-unverified" in first and "badge-unverified" in second
        assert latest in second and latest not in first
        assert second.startswith('<li class="current">')
        # The page's own claim is named, not linked; the other is a link to its page.
        mine, other = (first, second) if cid == OLD else (second, first)
        assert 'aria-current="page"' in mine and this in mine and "href" not in mine
        assert link(NEW if cid == OLD else OLD) in other
    # Before the history, after the evidence.
    page = claim_page(site, prefix, OLD)
    assert page.index('id="evidence-h"') < page.index('id="chain-h"') < page.index('id="history-h"')


def listed(page: str) -> tuple[list[str], list[str]]:
    """The claims a listing page shows as current, and under "Earlier versions"."""
    current = page[page.index('<ul class="claim-list">') :]
    current = current[: current.index("</ul>")]
    earlier = ""
    if 'class="claim-list earlier-list"' in page:
        earlier = page[page.index('class="claim-list earlier-list"') :]
        earlier = earlier[: earlier.index("</ul>")]

    def ids(part: str) -> list[str]:
        return re.findall(r'class="statement" href="[./]*claims/([a-z0-9-]+)/index.html"', part)

    return ids(current), ids(earlier)


@pytest.mark.parametrize(
    ("prefix", "heading", "mark"),
    [
        ("", "Earlier versions", f"revised by its claimant on {OCT20}20 October 2026</time>"),
        ("fr/", "Versions antérieures", f"révisée par son auteur le {OCT20}20 octobre 2026</time>"),
        ("zh-hant/", "先前版本", f"提出者已於{OCT20}2026年10月20日</time>修正"),
    ],
    ids=["en", "fr", "zh-Hant"],
)
def test_listings_show_the_latest_as_current_and_the_earlier_after_it(
    site: Path, prefix: str, heading: str, mark: str
) -> None:
    for rel, current in (
        ("claims/index.html", ["rocket-announced", NEW, "rocket-ships", *OTHERS]),
        ("status/unverified/index.html", [NEW, "rocket-ships", *OTHERS]),
        ("topics/thrust/index.html", [NEW]),
        ("claimants/acme/index.html", ["rocket-announced", NEW, "rocket-ships", *OTHERS[:2]]),
    ):
        page = read(site, prefix + rel)
        assert listed(page) == (current, [OLD]), rel
        assert f'<h3 id="earlier-h">{heading}</h3>' in page
        # The earlier version links to the claim that replaces it.
        earlier = page[page.index("earlier-list") :]
        revised = rf'<a class="revised-tag" href="(\.\./)+claims/{NEW}/index.html">'
        assert re.search(revised + re.escape(mark) + "</a>", earlier), rel
        assert "revised-tag" not in page[: page.index("earlier-list")]
    # Counted under its own status: both thrust claims are unverified.
    thrust = read(site, prefix + "topics/thrust/index.html")
    assert re.search(r'badge-unverified">[^<]*</span> <span class="jump-count">2</span>', thrust)
    # A listing without a revised claim has no such heading.
    assert "earlier-h" not in read(site, prefix + "kinds/fact/index.html")


def test_the_index_shows_only_the_latest_as_current_and_counts_every_claim(site: Path) -> None:
    page = read(site, "index.html")
    latest = page[page.index('id="latest-h"') : page.index("</section>", page.index("latest-h"))]
    shown = re.findall(r'href="claims/([a-z0-9-]+)/index.html"', latest)
    assert NEW in shown and OLD not in shown
    assert "7 claims from 5 sources" in page
    counts = page[page.index('class="status-jump"') :]
    assert re.search(
        r'badge-unverified">Unverified</span> <span class="jump-count">6</span>', counts
    )
    # Still reachable: its status's listing and every claim's listing link it.
    assert 'href="status/unverified/index.html"' in page
    # Where a source lists the claims citing it, the earlier version says it was revised.
    source = read(site, "sources/acme-specs/index.html")
    assert f'<a class="revised-tag" href="../../claims/{NEW}/index.html">revised by its' in source


def test_claims_json_has_revises_and_revised_by_and_its_schema(site: Path) -> None:
    data = json.loads(read(site, "claims.json"))
    assert data["schema_version"] == SCHEMA_VERSION == 5
    claims = {c["id"]: c for c in data["claims"]}
    assert (claims[NEW]["revises"], claims[NEW]["revised_by"]) == (OLD, [])
    assert (claims[OLD]["revises"], claims[OLD]["revised_by"]) == (None, [NEW])
    assert (claims["rocket-speed"]["revises"], claims["rocket-speed"]["revised_by"]) == (None, [])
    schema = json.loads(read(site, "claims.schema.json"))
    assert schema == claims_schema()
    item = schema["properties"]["claims"]["items"]
    assert {"revises", "revised_by"} <= set(item["required"])
    jsonschema.Draft202012Validator(schema).validate(data)
    broken = {**data, "claims": [{**claims[OLD], "revised_by": ["Not An Id"]}]}
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(broken))


def review(site: Path, rel: str) -> dict[str, Any]:
    (found,) = parse(site / rel).reviews()
    return found


@pytest.mark.parametrize(
    ("prefix", "text"),
    [
        ("", "Rocket 2 delivers up to 3x the thrust of Rocket 1."),
        ("fr/", "Rocket 2 offre jusqu'à 3 fois la poussée de Rocket 1."),
        ("zh-hant/", "Rocket 2 的推力至多為 Rocket 1 的 3 倍。"),
    ],
    ids=["en", "fr", "zh-Hant"],
)
def test_the_claim_review_says_what_the_claim_is_based_on(
    site: Path, prefix: str, text: str
) -> None:
    new = review(site, f"{prefix}claims/{NEW}/index.html")
    assert new["itemReviewed"]["isBasedOn"] == {
        "@type": "Claim",
        "text": text,
        "datePublished": "2026-09-01",
    }
    old = review(site, f"{prefix}claims/{OLD}/index.html")
    assert "isBasedOn" not in old["itemReviewed"]


def without_publication_date(root: Path) -> Path:
    record = root / "sources/acme-specs-update.yaml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("published: 2026-10-20\n", ""), encoding="utf-8")
    return root


def test_without_a_publication_date_the_revision_is_said_recorded(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    build(without_publication_date(tracker("revisions")), out)
    oct21 = '<time datetime="2026-10-21">21 October 2026</time>'
    old = claim_page(out, "", OLD)
    assert f'<p class="revised-note">Revised by its claimant, recorded here on {oct21}: ' in old
    assert f"recorded {oct21}" in chain(old)[1]
    assert f"revised by its claimant, recorded here on {oct21}" in read(out, "claims/index.html")
    french = claim_page(out, "fr/", OLD)
    assert "Révisée par son auteur, révision inscrite ici le " in french
    assert "本站於" in claim_page(out, "zh-hant/", OLD)
    # The ClaimReview gives no date nobody published (the earlier claim's source has one).
    assert review(out, f"claims/{NEW}/index.html")["itemReviewed"]["isBasedOn"]["datePublished"]


def test_an_edit_of_revises_makes_again_the_pages_it_shows_on(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("revisions")
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    builder.build()
    before = files_of(tmp_path / "site")
    record = root / f"claims/{NEW}.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace(f"revises: {OLD}\n", ""), encoding="utf-8"
    )
    result = builder.build([f"claims/{NEW}.yaml"])
    assert not result.full
    after = pages_of(tmp_path / "site")
    changed = {p for p in after if after[p] != before.get(p)}
    for prefix in LANGUAGES:
        # Both pages of the chain it leaves, and the listings that held an earlier version.
        assert f"{prefix}claims/{OLD}/index.html" in changed
        assert f"{prefix}claims/{NEW}/index.html" in changed
        assert f"{prefix}topics/thrust/index.html" in changed
        assert f"{prefix}claims/rocket-tested/index.html" not in changed
    assert "claims.json" in changed
    assert "earlier-h" not in after["claims/index.html"].decode()
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after  # the same bytes as a full build
    # And back: the earlier version leaves the listings' current claims again.
    record.write_text(
        record.read_text(encoding="utf-8").replace(
            "translations:\n", f"revises: {OLD}\ntranslations:\n", 1
        ),
        encoding="utf-8",
    )
    builder.build([f"claims/{NEW}.yaml"])
    again = pages_of(tmp_path / "site")
    build(root, tmp_path / "fresh-again")
    assert pages_of(tmp_path / "fresh-again") == again
    assert listed(again["claims/index.html"].decode()) == (
        ["rocket-announced", NEW, "rocket-ships", *OTHERS],
        [OLD],
    )
