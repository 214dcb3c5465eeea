"""The site of a measured figure: the chart and its table, the listing line, the timeline's
quotes, claims.json's computed fields, the feed, and an edit rebuilt incrementally."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from claimtrack.check import run_checks
from claimtrack.i18n import english as english_interface
from claimtrack.i18n import interface
from claimtrack.load import load_tracker
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.model.builders import figure_text
from claimtrack.site.model.cache import build_model

from .conftest import FIXTURES, REPO, SiteOf
from .site_support import FIXTURE_TODAY, pages_of

CLAIM = "claims/zephyr-turbo-4x/index.html"


@pytest.fixture(scope="module")
def site(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "measured", FIXTURE_TODAY)


def page(site: Path, path: str = CLAIM) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_the_chart_is_an_accessible_inline_svg_with_a_table(site: Path) -> None:
    html = page(site)
    assert (
        '<svg class="measure-chart" role="img" aria-labelledby="measure-title measure-desc"' in html
    )
    assert '<title id="measure-title">Claimed up to 4x versus 3 measurements</title>' in html
    assert "<caption>Measurements of the claimed up to 4x</caption>" in html
    table = html[html.index('<table class="measure-table">') : html.index("</table>")]
    # One row per measurement: who, the value, its agreement, whether it is independent.
    assert table.count('<th scope="row">') == 3
    assert "Nimbus Labs</th>\n<td>3.9x</td>\n<td>reached</td>\n<td>no: derives" in table
    assert "Quill Bench</th>\n<td>1.6x</td>\n<td>not-reached</td>\n<td>yes</td>" in table
    assert "<li>512 output tokens</li>" in table and "<li>concurrency 32</li>" in table
    assert "Reached: the best independent measurement, 3.8x, comes within 10%" in html


def test_the_index_shows_the_best_independent_measurement(site: Path) -> None:
    assert "measured: 3.8x (best of 2 independent)" in page(site, "index.html")


def test_the_timeline_quotes_the_source_of_a_status_change(site: Path) -> None:
    html = page(site)
    timeline = html[html.index('<ol class="timeline" reversed>') :]
    assert (
        '<blockquote lang="en"><p>We could not reproduce the 4x figure.</p></blockquote>'
        in timeline
    )


def test_claims_json_carries_independence_and_agreement(site: Path) -> None:
    (claim,) = json.loads(page(site, "claims.json"))["claims"]
    assert claim["agreement"] == "reached"
    assert [(m["independent"], m["agreement"]) for m in claim["measurements"]] == [
        (False, "reached"),
        (True, "not-reached"),
        (True, "reached"),
    ]
    assert claim["measurements"][1]["evidence"][0]["quote_check"] == "found"
    assert claim["history"][0]["evidence"] == ["nimbus-post"]
    assert claim["history"][1]["evidence"][0]["quote_check"] == "found"


def test_the_feed_has_an_entry_per_measurement(site: Path) -> None:
    feed = page(site, "feed.xml")
    assert feed.count('<category term="measurement" label="Measurement" />') == 3
    assert "<title>Measured 1.6x by Quill Bench: Zephyr Turbo" in feed


def test_the_repository_8x_claim_has_no_independent_measurement(
    site_of: SiteOf,
) -> None:
    out = site_of(REPO, None)
    html = (out / "claims" / "ultrafast-up-to-8x-token-generation" / "index.html").read_text()
    assert "No independent measurement recorded" in html
    assert '<svg class="measure-chart"' not in html
    data = json.loads((out / "claims.json").read_text())
    by_id = {c["id"]: c for c in data["claims"]}
    assert by_id["ultrafast-up-to-8x-token-generation"]["agreement"] == "none"


def test_an_edited_measurement_reaches_its_page_the_index_json_and_feed(tmp_path: Path) -> None:
    root = tmp_path / "measured"
    shutil.copytree(FIXTURES / "measured", root)
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    builder.build()
    before = pages_of(tmp_path / "site")
    claim = root / "claims" / "zephyr-turbo-4x.yaml"
    claim.write_text(claim.read_text().replace("  - value: 3.8\n", "  - value: 3.7\n"))
    result = builder.build()
    assert not result.full
    after = pages_of(tmp_path / "site")
    changed = sorted(p for p in after if after[p] != before.get(p))
    # The claim's summary, with its measured line, shows on the pages of the sources it cites.
    sources = [f"sources/{s}/index.html" for s in ("nimbus-post", "nimbus-recap")]
    sources += [f"sources/{s}/index.html" for s in ("orbit-review", "quill-bench")]
    # So do the listings it is on: every claim, its status, kind, topic and claimant.
    listings = ["claims/index.html", "status/verified/index.html", "kinds/figure/index.html"]
    listings += ["topics/speed/index.html", "claimants/nimbus-labs/index.html"]
    assert changed == sorted(["claims.json", CLAIM, "feed.xml", "index.html", *sources, *listings])
    assert b"measured: 3.7x (best of 2 independent)" in after["index.html"]
    fresh = tmp_path / "fresh"
    build_site(root, fresh, today=FIXTURE_TODAY)
    assert pages_of(fresh) == after


def test_a_measurement_source_that_comes_to_derive_from_the_claims_own(tmp_path: Path) -> None:
    # Quill Bench turns out to copy Nimbus's post: its measurement is no longer independent.
    root = tmp_path / "measured"
    shutil.copytree(FIXTURES / "measured", root)
    builder = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    builder.build()
    source = root / "sources" / "quill-bench.yaml"
    source.write_text(
        source.read_text().replace("kind: report\n", "kind: report\nderived_from: [nimbus-post]\n")
    )
    builder.build()
    after = pages_of(tmp_path / "site")
    assert b"measured: 3.8x (1 independent)" in after["index.html"]
    (claim,) = json.loads(after["claims.json"])["claims"]
    assert [m["independent"] for m in claim["measurements"]] == [False, False, True]
    fresh = tmp_path / "fresh"
    build_site(root, fresh, today=FIXTURE_TODAY)
    assert pages_of(fresh) == after


def test_conditions_written_as_text_build_the_same_site(site: Path, tmp_path: Path) -> None:
    """`conditions: X` is `conditions: {text: X}` for every output, claims.json included."""
    root = tmp_path / "measured"
    shutil.copytree(FIXTURES / "measured", root)
    path = root / "claims" / "zephyr-turbo-4x.yaml"
    text = path.read_text(encoding="utf-8")
    short = text.replace(
        "    conditions:\n      text: Not stated.\n", "    conditions: Not stated.\n"
    )
    assert short != text
    path.write_text(short, encoding="utf-8")
    build_site(root, tmp_path / "site", today=FIXTURE_TODAY)
    assert pages_of(tmp_path / "site") == pages_of(site)


@pytest.mark.parametrize(
    ("bound", "english", "french"),
    [
        ("up-to", "up to 4x", "jusqu’à 4x"),
        ("at-least", "at least 4x", "au moins 4x"),
        ("about", "about 4x", "environ 4x"),
        ("exact", "4x", "4x"),
    ],
)
def test_the_chart_the_data_and_the_pages_word_a_bound_alike(
    tmp_path: Path, bound: str, english: str, french: str
) -> None:
    """One table words a bound: the chart's English figure, QuantityView's, figure_text's."""
    root = tmp_path / "measured"
    shutil.copytree(FIXTURES / "measured", root)
    path = root / "claims" / "zephyr-turbo-4x.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("bound: up-to", f"bound: {bound}"),
        encoding="utf-8",
    )
    analysis, _ = run_checks(load_tracker(root), FIXTURE_TODAY)
    (view,) = (c for c in build_model(analysis).claims if c.summary.id == "zephyr-turbo-4x")
    assert view.quantity is not None and view.measured is not None
    assert view.measured.claimed == view.quantity.figure == english
    assert figure_text(english_interface(), view.quantity) == english
    fr = interface("fr")
    assert fr is not None and figure_text(fr, view.quantity) == french
