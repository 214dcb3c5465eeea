"""Coverage on the site: each source's page and sources.json, kept up to date by edits."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from claimtrack.process import batch
from claimtrack.site import SiteBuilder
from claimtrack.site.data.schema import sources_schema

from .conftest import TODAY
from .site_support import FIXTURE_TODAY, build, minimal_copy, pages_of


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _coverage(site: Path, sid: str) -> dict[str, object]:
    data = json.loads((site / "sources.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, sources_schema())
    return next(s["coverage"] for s in data["sources"] if s["id"] == sid)


def test_source_pages_and_sources_json_show_coverage(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    build(root, tmp_path / "site")
    page = (tmp_path / "site" / "sources" / "acme-post" / "index.html").read_text("utf-8")
    assert "<dt>Coverage</dt><dd>2 of 3 sentences cited (67%)</dd>" in page
    assert _coverage(tmp_path / "site", "acme-post") == {
        "sentences": 3,
        "cited": 2,
        "fully_cited": 1,
        "partly_cited": 1,
        "reviewed": 0,
        "coverage": 0.6667,
        "cited_coverage": 0.6667,
    }


def test_a_quote_edit_updates_the_coverage_of_its_source(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    _edit(
        root / "claims" / "rocket-speed.yaml",
        "evidence:\n",
        "evidence:\n  - source: acme-post\n    quote: Acme announces the Rocket 2 engine\n",
    )
    result = site.build()
    assert not result.full
    after = pages_of(tmp_path / "site")
    assert b"3 of 3 sentences cited (100%)" in after["sources/acme-post/index.html"]
    assert _coverage(tmp_path / "site", "acme-post")["cited"] == 3  # type: ignore[index]
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after  # the same bytes as a full build


def test_a_reviewed_sentence_shows_on_the_page_after_a_source_edit(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    path = root / "sources" / "acme-post.yaml"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "reviewed_uncited:\n  - sentence: Acme announces\n    reason: introduction\n",
        encoding="utf-8",
    )
    site.build()
    after = pages_of(tmp_path / "site")
    assert (
        b"2 of 3 sentences cited (67%), 1 reviewed as framing (100% covered)"
        in after["sources/acme-post/index.html"]
    )
    assert _coverage(tmp_path / "site", "acme-post")["coverage"] == 1.0
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after


def test_an_archive_edit_updates_the_coverage_of_its_source(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    archive = root / "sources" / "acme-post.txt"
    old = archive.read_bytes()
    new = old + b"Acme will say more in March.\n"
    archive.write_bytes(new)
    _edit(
        root / "sources" / "acme-post.yaml",
        hashlib.sha256(old).hexdigest(),
        hashlib.sha256(new).hexdigest(),
    )
    site.build()
    after = pages_of(tmp_path / "site")
    assert b"2 of 4 sentences cited (50%)" in after["sources/acme-post/index.html"]
    fresh = tmp_path / "fresh"
    build(root, fresh)
    assert pages_of(fresh) == after


def test_the_cached_coverage_follows_an_edit(tmp_path: Path, run_cli: Any) -> None:
    """Counts come from the cache on a second build; a new quote is a new key."""
    root = minimal_copy(tmp_path)
    page = root / "site" / "sources" / "acme-post" / "index.html"
    for _ in range(2):
        assert run_cli("build", "--root", root, "--today", TODAY).code == 0
        assert "2 of 3 sentences cited (67%)" in page.read_text(encoding="utf-8")
    _edit(
        root / "claims" / "rocket-speed.yaml",
        "evidence:\n",
        "evidence:\n  - source: acme-post\n    quote: Acme announces the Rocket 2 engine\n",
    )
    assert run_cli("build", "--root", root, "--today", TODAY).code == 0
    assert "3 of 3 sentences cited (100%)" in page.read_text(encoding="utf-8")


def test_coverage_counted_on_two_cores_equals_counted_in_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build counts its sources' coverage in two processes (coverage.count_all); the
    site is the same as when each source page counts its own."""
    root = minimal_copy(tmp_path)
    build(root, tmp_path / "one")
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    monkeypatch.setattr(batch, "cores", lambda: 2)
    build(root, tmp_path / "two")
    assert _coverage(tmp_path / "two", "acme-post") == _coverage(tmp_path / "one", "acme-post")
    assert pages_of(tmp_path / "two") == pages_of(tmp_path / "one")
