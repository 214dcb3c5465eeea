"""A command's build with search writes an edit in place: the shards the edit leaves stale
are made first, beside the site, from the pages as the edit will leave them; then the
pages are committed; then each shard is put in place in one step (docs/guarantees.md)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from claimtrack.load import Cache
from claimtrack.site import BuildResult, SiteBuilder
from claimtrack.site.addresses import SEARCH_SHARDS, search_shard
from claimtrack.site.publish.pagefind_run import SearchIndexError
from claimtrack.site.publish.search import SearchIndex

from . import pagefind_files
from .site_support import FIXTURE_TODAY, files_of, minimal_copy
from .test_site_search import build_again, edit, inodes

SHARD = f"pagefind/{search_shard('rocket-speed', SEARCH_SHARDS)}"


def build_in_place(root: Path, out: Path) -> tuple[SiteBuilder, BuildResult]:
    """As `claimtrack build` in a new process, with the result."""
    site = SiteBuilder(root, out, FIXTURE_TODAY, Cache.open(root))
    return site, site._build(track=False)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_an_edit_of_indexed_words_is_written_in_place_with_its_shard(tmp_path: Path) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_again(root, out)
    folder, before = out.stat().st_ino, inodes(out)
    edit(root / "claims" / "rocket-speed.yaml", "statement: ", "statement: Zanzibarish ")
    site, result = build_in_place(root, out)
    assert not result.full and out.stat().st_ino == folder
    assert site.index.made_shards == [SHARD]
    assert "search" in result.timings  # `build` says it indexed
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == {"/claims/rocket-speed/"}
    after = inodes(out)
    kept = {p for p in before if after.get(p) == before[p]}
    # The other claim's shard, and pages that do not show the statement, are the same files.
    other = f"pagefind/{search_shard('rocket-price', SEARCH_SHARDS)}"
    assert other != SHARD
    assert {p for p in before if p.startswith(other)} <= kept
    assert {"404.html", "claims/rocket-price/card.png", "claims.schema.json"} <= kept
    assert "claims/rocket-speed/index.html" not in kept
    assert not {p for p in before if p.startswith(SHARD + "/")} & kept
    assert leftovers(tmp_path) == []
    # A source's notes: written in place, no shard made, and nothing said of search.
    edit(root / "sources" / "acme-post.yaml", "notes: The vendor's", "notes: Really the vendor's")
    site, result = build_in_place(root, out)
    assert not result.full and site.index.runs == 0 and "search" not in result.timings


def test_a_failing_pagefind_leaves_the_old_site_and_nothing_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_again(root, out)
    before = files_of(out)
    edit(root / "claims" / "rocket-speed.yaml", "statement: ", "statement: Zanzibarish ")
    fake = tmp_path / "pagefind"
    fake.write_text("#!/bin/sh\necho 'Error: cannot read the site' >&2\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(fake))
    with pytest.raises(SearchIndexError, match="Pagefind exited 3"):
        build_in_place(root, out)
    assert files_of(out) == before
    assert leftovers(tmp_path) == []
    monkeypatch.undo()
    site, result = build_in_place(root, out)
    assert not result.full and site.index.made_shards == [SHARD]


def test_stopped_between_the_pages_and_their_shard_the_next_build_makes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As if killed after the commit: the pages are new, the shard in place the old one;
    the next build finds its pages changed since it was made (stamps) and makes it."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_again(root, out)
    edit(root / "claims" / "rocket-speed.yaml", "statement: ", "statement: Zanzibarish ")

    def killed(self: SearchIndex) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(SearchIndex, "put_ahead", killed)
    with pytest.raises(KeyboardInterrupt):
        build_in_place(root, out)
    assert "Zanzibarish" in (out / "claims" / "rocket-speed" / "index.html").read_text()
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == set()
    monkeypatch.undo()
    site, result = build_in_place(root, out)
    assert not result.full and site.index.made_shards == [SHARD]
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == {"/claims/rocket-speed/"}
    assert leftovers(tmp_path) == []
