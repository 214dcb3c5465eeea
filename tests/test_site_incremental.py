"""SiteBuilder: a rebuild after an edit renders and writes only what changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimtrack.errors import DataError
from claimtrack.site import SiteBuilder

from .site_support import FIXTURE_TODAY, build, files_of, minimal_copy, pages_of


def builder(tmp_path: Path) -> tuple[SiteBuilder, Path]:
    root = minimal_copy(tmp_path)
    return SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY), root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_first_build_is_full_and_a_rebuild_without_edits_writes_nothing(tmp_path: Path) -> None:
    site, _ = builder(tmp_path)
    first = site.build()
    assert first.full and first.written == first.files
    before = files_of(tmp_path / "site")
    again = site.build()
    assert not again.full
    assert (again.rendered, again.written) == (0, 0)
    assert files_of(tmp_path / "site") == before


def test_a_rationale_edit_rerenders_only_that_claim(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    before = files_of(tmp_path / "site")
    edit(root / "claims" / "rocket-speed.yaml", "nobody has measured it", "nobody measured it")
    result = site.build()
    assert not result.full
    assert result.rendered == 1
    after = files_of(tmp_path / "site")
    changed = sorted(p for p in after if after[p] != before.get(p))
    assert changed == ["claims.json", "claims/rocket-speed/index.html"]
    assert result.written == len(changed)


def test_a_statement_edit_reaches_every_page_that_shows_it(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    edit(root / "claims" / "rocket-speed.yaml", "up to 3x faster", "up to three times faster")
    result = site.build()
    after = pages_of(tmp_path / "site")
    # Its page, the index, the claim that relates to it, both sources that it cites, the
    # archive page where its passage is marked (the statement is the link's title), and
    # the listings it is on: every claim, its status, kind, topic and claimant.
    shown = (
        "index.html",
        "claims/rocket-speed/index.html",
        "claims/rocket-speed/embed/index.html",  # its embeddable card
        "claims/rocket-price/index.html",
        "sources/acme-post/index.html",
        "sources/fr-report/index.html",
        "sources/acme-post/archive/index.html",
        "claims/index.html",
        "status/unverified/index.html",
        "kinds/figure/index.html",
        "topics/speed/index.html",
        "claimants/acme/index.html",
    )
    assert result.rendered == len(shown)
    for page in shown:
        assert b"up to three times faster" in after[page], page
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after  # the same bytes as a full build


def test_added_and_removed_pages(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    extra = root / "claims" / "rocket-colour.yaml"
    extra.write_text(
        (root / "claims" / "rocket-price.yaml")
        .read_text(encoding="utf-8")
        .replace("the price of Rocket 2", "the colour of Rocket 2")
        .replace("related: [rocket-speed]", "related: []"),
        encoding="utf-8",
    )
    site.build()
    assert (tmp_path / "site" / "claims" / "rocket-colour" / "index.html").is_file()
    extra.unlink()
    result = site.build()
    assert not result.full
    assert not (tmp_path / "site" / "claims" / "rocket-colour").exists()
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == pages_of(tmp_path / "site")


def test_an_error_keeps_the_last_good_site(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    before = files_of(tmp_path / "site")
    edit(root / "claims" / "rocket-speed.yaml", "kind: figure", "kind: rumour")
    with pytest.raises(DataError):
        site.build()
    assert files_of(tmp_path / "site") == before
    edit(root / "claims" / "rocket-speed.yaml", "kind: rumour", "kind: figure")
    assert site.build().written == 0


def test_a_template_change_rebuilds_everything(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    (root / "templates").mkdir()
    (root / "templates" / "404.html").write_text(
        '{% extends "base.html" %}{% block main %}<h1>Gone</h1>{% endblock %}\n', encoding="utf-8"
    )
    result = site.build()
    assert result.full
    assert b"<h1>Gone</h1>" in (tmp_path / "site" / "404.html").read_bytes()


def test_a_deleted_output_file_is_written_again(tmp_path: Path) -> None:
    site, _ = builder(tmp_path)
    site.build()
    page = tmp_path / "site" / "sources" / "acme-post" / "index.html"
    page.unlink()
    result = site.build()
    assert page.is_file() and result.written == 1


def test_a_site_replaced_by_another_build_is_rebuilt_whole(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    build(root, tmp_path / "site")  # someone else swaps in a new folder
    assert site.build().full


def test_a_source_edit_reaches_the_claim_reviews_that_cite_it(tmp_path: Path) -> None:
    site, root = builder(tmp_path)
    site.build()
    edit(root / "sources" / "fr-report.yaml", "publisher: Le Journal", "publisher: Le Quotidien")
    site.build()
    page = (tmp_path / "site" / "claims" / "rocket-speed" / "index.html").read_text("utf-8")
    assert '"publisher":{"@type":"Organization","name":"Le Quotidien"}' in page
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == pages_of(tmp_path / "site")
