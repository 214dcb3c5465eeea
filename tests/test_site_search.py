"""Full-text search: the Pagefind index of each site language built with the site, its
filters, --no-search, failures that leave the old site, and the indexes kept up to date
after edits."""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import claimtrack.site.build as build_module
import claimtrack.site.publish.search as search_module
from claimtrack.errors import Stopped
from claimtrack.live import LiveServer
from claimtrack.load import Cache
from claimtrack.process.children import Children
from claimtrack.site import SiteBuilder, addresses, build_site
from claimtrack.site.addresses import (
    SEARCH_SHARDS,
    search_shard,
    search_shards,
    shard_count,
)
from claimtrack.site.publish import commit
from claimtrack.site.publish.index_inputs import indexed_bytes, indexed_digest
from claimtrack.site.publish.pagefind_run import (
    LINKS_PER_LOOK,
    Bundle,
    Shard,
    _link_pages,
    bundles,
    executable,
    index_language,
    make_index,
    shards,
)
from claimtrack.site.publish.search import SearchIndex

from . import pagefind_files
from .conftest import FIXTURES, REPO, TODAY, Result, SiteOf
from .proc_support import DEADLINE, alive, fake_pagefind, kill_all, pids, wait_for
from .site_support import FIXTURE_TODAY, files_of, minimal_copy
from .test_site_swap import DEAD_PID

MAIN_ONLY = (Bundle("", None),)


def chunks(site: Path, kind: str) -> list[bytes]:
    """The decompressed chunks of one kind (filter, fragment, index) of the main language's
    search shards."""
    return [
        gzip.decompress(p.read_bytes())
        for bundle in pagefind_files.shards(site / "pagefind")
        for p in sorted((bundle / kind).iterdir())
    ]


def of_kind(folder: Path, kind: str) -> dict[str, bytes]:
    """files_of the chunks of one kind in every shard of a language's pagefind/."""
    return {k: v for k, v in files_of(folder).items() if k.split("/")[1:2] == [kind]}


def chunks_now(site: Path, kind: str) -> list[bytes]:
    """chunks(), or none while a new index is being put in place (its folder exchanged)."""
    try:
        return chunks(site, kind)
    except FileNotFoundError:
        return []


def build_cli(run_cli: Callable[..., Result], root: Path, out: Path, *more: str) -> Result:
    return run_cli("build", "--root", root, "--out", out, "--today", TODAY, *more)


def test_build_indexes_the_claim_pages_with_their_filters(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    out = tmp_path / "site"
    result = build_cli(run_cli, minimal_copy(tmp_path), out)
    assert result.code == 0, result.output
    assert "Indexed the claims for search in" in result.out
    # The two claim pages, nothing else, each in the shard its id names.
    for claim in ("rocket-price", "rocket-speed"):
        shard = out / "pagefind" / str(search_shard(claim, SEARCH_SHARDS))
        entry = json.loads((shard / "pagefind-entry.json").read_text(encoding="utf-8"))
        assert entry["languages"]["en"]["page_count"] == 1
    assert pagefind_files.languages(out / "pagefind") == {"en"}
    filters = b"".join(chunks(out, "filter"))
    for name in (b"status", b"kind", b"topic", b"claimant"):
        assert name in filters
    assert b"undisclosed" in filters and b"pricing" in filters and b"Acme" in filters
    urls = sorted(
        json.loads(f.removeprefix(b"pagefind_dcd"))["url"] for f in chunks(out, "fragment")
    )
    assert urls == ["/claims/rocket-price/", "/claims/rocket-speed/"]
    search = (out / "search" / "index.html").read_text(encoding="utf-8")
    assert 'role="search"' in search and "static/search.js" in search
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'action="search/index.html" method="get" role="search"' in index


def test_no_search_writes_no_index_no_search_page_and_no_box(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    out = tmp_path / "site"
    result = build_cli(run_cli, minimal_copy(tmp_path), out, "--no-search")
    assert result.code == 0, result.output
    assert "Indexed" not in result.out
    assert not (out / "pagefind").exists() and not (out / "search").exists()
    pages = [p.read_text(encoding="utf-8") for p in out.rglob("*.html")]
    assert pages and not any(
        'role="search"' in page or "data-pagefind-filter" in page for page in pages
    )


def test_a_missing_pagefind_binary_is_an_error_that_leaves_the_old_site(
    tmp_path: Path, run_cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    assert build_cli(run_cli, root, out, "--no-search").code == 0
    before = files_of(out)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(tmp_path / "no-such-pagefind"))
    result = build_cli(run_cli, root, out)
    assert result.code == 1
    assert "the Pagefind binary is not installed" in result.err and "--no-search" in result.err
    assert "Traceback" not in result.output
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["minimal", "site"]  # no leftovers


def test_a_failing_pagefind_is_reported_with_its_message(
    tmp_path: Path, run_cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    assert build_cli(run_cli, root, out).code == 0
    before = files_of(out)
    fake = tmp_path / "pagefind"
    fake.write_text("#!/bin/sh\necho 'Error: cannot read the site' >&2\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(fake))
    result = build_cli(run_cli, root, out)
    assert result.code == 1
    assert "Pagefind exited 3: Error: cannot read the site" in result.err
    assert files_of(out) == before


def test_the_index_differs_only_in_filter_order(tmp_path: Path) -> None:
    """Two indexings of the same pages: the same words and fragments; only the filter
    chunks may list a filter's values in another order (site_support.SEARCH_BUNDLE)."""
    root = minimal_copy(tmp_path)
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        SiteBuilder(root, out, FIXTURE_TODAY).build()
    for kind in ("index", "fragment"):
        assert of_kind(a / "pagefind", kind) == of_kind(b / "pagefind", kind)

    def values(site: Path) -> list[list[bytes]]:
        return [sorted(chunk.split(b"\x82")) for chunk in chunks(site, "filter")]

    assert sorted(values(a)) == sorted(values(b))


def test_index_language_segments_chinese_and_japanese_quotes() -> None:
    assert index_language("en", ["en", "fr"]) is None  # Pagefind reads <html lang>
    assert index_language("en", ["en", "zh-Hant", "fr"]) == "zh"
    assert index_language("en-GB", ["ja"]) == "ja"
    assert index_language("zh-Hant", ["en"]) is None  # the pages' own language segments


def test_an_edit_reaches_the_index_on_refresh(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    assert not site.index.stale
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace("statement: ", "statement: Zanzibarish ", 1),
        encoding="utf-8",
    )
    result = site.build()
    assert not result.full and result.written > 0
    assert site.index.stale  # the in-place update left the index as it was
    assert not any(b"Zanzibarish" in f for f in chunks(out, "fragment"))
    inode = out.stat().st_ino
    runs = site.index.runs
    assert site.index.refresh()
    assert not site.index.stale
    assert any(b"Zanzibarish" in f for f in chunks(out, "fragment"))
    # Serve's refresh made again the edited claim's shard, and only that one.
    assert site.index.runs == runs + 1
    assert site.index.made_shards[-1] == f"pagefind/{search_shard('rocket-speed', SEARCH_SHARDS)}"
    assert out.stat().st_ino == inode  # the site stayed; only its pagefind/ was replaced
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_the_shards_double_past_their_size_and_keep_the_id_digest_order() -> None:
    """4 shards up to 4 x SHARD_CLAIMS claims (50,000), then as many more as keep each at
    or under SHARD_CLAIMS: Pagefind's memory is bounded by a shard's pages."""
    limit = addresses.SHARD_CLAIMS
    assert shard_count(0) == shard_count(10_000) == shard_count(4 * limit) == SEARCH_SHARDS
    assert shard_count(4 * limit + 1) == 8
    assert shard_count(100_000) == 8 and limit >= 100_000 / 8
    assert shard_count(16 * limit + 1) == 32
    # Doubling splits a shard in two: a claim of shard n goes to n or n + 4.
    for n in range(50):
        assert search_shard(f"claim-{n}", 8) % 4 == search_shard(f"claim-{n}", 4)


def test_a_new_number_of_shards_makes_a_new_index_and_leaves_none_of_the_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build that crosses a shard size is a full build: the index in the new number of
    shards, the search page merging them, and no shard folder of the old number left
    behind; back under the size, the same."""
    monkeypatch.setattr(addresses, "SEARCH_SHARDS", 1)
    monkeypatch.setattr(addresses, "SHARD_CLAIMS", 1)
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    ids = ["rocket-price", "rocket-speed"]

    def holding(count: int) -> set[str]:
        return {str(search_shard(i, count)) for i in ids}

    assert build_again(root, out).index.bundles[0].shards == 2  # two claims, two shards
    assert {p.name for p in (out / "pagefind").iterdir()} == holding(2)
    # A third claim in shard 3 of 4 (1 of 2): a folder the next build must not leave.
    extra = root / "claims" / "rocket-range.yaml"
    shutil.copyfile(root / "claims" / "rocket-speed.yaml", extra)
    ids.append("rocket-range")
    assert search_shard("rocket-range", 4) == 3
    site = build_again(root, out)
    assert site.index.bundles[0].shards == 4  # three claims: four shards
    assert {p.name for p in (out / "pagefind").iterdir()} == holding(4)
    assert sorted(pagefind_files.urls(out / "pagefind")) == [f"/claims/{i}/" for i in sorted(ids)]
    page = (out / "search" / "index.html").read_text(encoding="utf-8")
    assert f'data-shards="{" ".join(sorted(holding(4)))}"' in page
    extra.unlink()
    ids.pop()
    assert build_again(root, out).index.bundles[0].shards == 2
    assert {p.name for p in (out / "pagefind").iterdir()} == holding(2)
    assert sorted(pagefind_files.urls(out / "pagefind")) == [f"/claims/{i}/" for i in sorted(ids)]


def test_the_search_page_merges_the_shards_its_claims_are_in_read_until_all_are_found() -> None:
    """The ids are read only until every shard is found; fewer claims name fewer shards."""
    ids = [f"claim-{n}" for n in range(200)]
    every = tuple(sorted({search_shard(i, SEARCH_SHARDS) for i in ids}))
    assert search_shards(ids, SEARCH_SHARDS) == every == tuple(range(SEARCH_SHARDS))
    assert search_shards(ids[:1], SEARCH_SHARDS) == (search_shard(ids[0], SEARCH_SHARDS),)
    assert search_shards([], SEARCH_SHARDS) == ()
    read: list[str] = []

    def counted() -> Iterator[str]:
        for i in ids:
            read.append(i)
            yield i

    assert search_shards(counted(), SEARCH_SHARDS) == every
    assert len(read) < len(ids)  # stopped once the last shard was found
    assert len({search_shard(i, SEARCH_SHARDS) for i in read}) == SEARCH_SHARDS
    assert len({search_shard(i, SEARCH_SHARDS) for i in read[:-1]}) == SEARCH_SHARDS - 1


def test_a_build_that_begins_ends_the_refresh_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under serve, an edit's build ends the refresh that its pages make out of date
    (Pagefind would take a core from it): the index stays stale, the next refresh makes it."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    claim.write_text(text.replace("statement: ", "statement: Zanzibarish ", 1), encoding="utf-8")
    site.build(changed=["claims/rocket-speed.yaml"])
    assert site.index.stale
    held = tmp_path / "pagefind"
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(fake_pagefind(held)))
    (held / "hold").touch()
    outcome: list[object] = []

    def refresh() -> None:
        try:
            outcome.append(site.index.refresh())
        except Stopped as exc:
            outcome.append(exc)

    refresher = threading.Thread(target=refresh)
    refresher.start()
    try:
        wait_for(lambda: pids(held), "the refresh's Pagefind to start")
        # One run per shard the edit touched (the other claim's page shows its summary).
        started = pids(held)
        claim.write_text(text.replace("statement: ", "statement: Quixotic ", 1), encoding="utf-8")
        assert not site.build(changed=["claims/rocket-speed.yaml"]).full
        refresher.join(DEADLINE)
        assert len(outcome) == 1 and isinstance(outcome[0], Stopped)
        assert not any(alive(pid) for pid in started) and site.index.stale
    finally:
        site.index.children.end()
        refresher.join(DEADLINE)
        kill_all(pids(held))
    site.index.children = Children()
    (held / "hold").unlink()  # the fake Pagefind runs the real one now
    assert site.index.refresh() and not site.index.stale
    assert any(b"Quixotic" in f for f in chunks(out, "fragment"))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_refresh_links_its_shard_s_pages_no_further_once_a_build_began(
    tmp_path: Path,
) -> None:
    """Thousands of links, a few dozen between two looks: a build that begins does not
    share the interpreter with the rest of them."""
    site, tree = tmp_path / "site", tmp_path / "tree"
    pages = [f"claims/c{i}/index.html" for i in range(3 * LINKS_PER_LOOK)]
    for page in pages:
        (site / page).parent.mkdir(parents=True)
        (site / page).write_text(page, encoding="utf-8")
    looks = iter([False, True])  # a build begins during the first few dozen
    with pytest.raises(Stopped):
        _link_pages(site, pages, tree, lambda: next(looks))
    assert len(list(tree.rglob("index.html"))) == LINKS_PER_LOOK
    _link_pages(site, pages, tmp_path / "all", lambda: False)
    assert len(list((tmp_path / "all").rglob("index.html"))) == len(pages)


def test_a_rebuild_of_every_page_under_serve_does_not_wait_for_the_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tracker.yaml edit renders every page into a new folder; the last index goes with
    it and is made again later (refresh), instead of Pagefind running before the swap."""
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    before = chunks(out, "fragment")
    runs: list[Path] = []
    real = search_module.index_site

    def counted(
        folder: Path, todo: tuple[Shard, ...], children: Children, **kw: Path
    ) -> list[bool]:
        runs.append(folder)
        return real(folder, todo, children, **kw)

    monkeypatch.setattr(search_module, "index_site", counted)
    # Every page changes: as on a tracker this size, that is a rebuild, not an update.
    monkeypatch.setattr(build_module, "FULL_REBUILD_MIN", 0)
    tracker = root / "tracker.yaml"
    tracker.write_text(
        tracker.read_text(encoding="utf-8").replace("title: ", "title: Renamed ", 1),
        encoding="utf-8",
    )
    result = site.build(["tracker.yaml"])
    assert result.full and runs == []
    assert site.index.stale
    assert chunks(out, "fragment") == before  # the last index, still searchable
    assert site.index.refresh()
    assert not site.index.stale
    # A first build, and a one-off build, still index before the swap.
    build_site(root, tmp_path / "once", today=FIXTURE_TODAY)
    assert len(runs) == 1


def test_a_build_without_search_never_goes_stale(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY, search=False)
    site.build()
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace("statement: ", "statement: New ", 1),
        encoding="utf-8",
    )
    assert site.build().written > 0 and not site.index.stale
    assert not (tmp_path / "site" / "pagefind").exists()
    assert os.listdir(tmp_path / "site")


def test_serve_reindexes_once_the_edits_pause(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    terminal = io.StringIO()
    server = LiveServer(
        root,
        out,
        port=0,
        today=FIXTURE_TODAY,
        interval=0.05,
        events=False,
        stdout=terminal,
        stderr=terminal,
        search_delay=0.05,
    )
    server.start()
    try:
        claim = root / "claims" / "rocket-speed.yaml"
        text = claim.read_text(encoding="utf-8")
        claim.write_text(
            text.replace("statement: ", "statement: Zanzibarish ", 1), encoding="utf-8"
        )
        deadline = time.monotonic() + 20
        # Polls with a deadline: the index is made again a pause after the edit's build,
        # and serve says so once it is in place.
        said = "search index brought up to date: 1 shard indexed again in "
        while said not in terminal.getvalue():
            assert time.monotonic() < deadline, "the index was not made again"
            time.sleep(0.02)
        assert any(b"Zanzibarish" in f for f in chunks_now(out, "fragment"))
    finally:
        server.stop()


def test_a_tracker_without_claims_builds_without_an_index(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    """Pagefind refuses to make an empty index; claimtrack does not ask it to."""
    root, out = tmp_path / "new", tmp_path / "site"
    assert run_cli("init", root).code == 0
    result = build_cli(run_cli, root, out)
    assert result.code == 0, result.output
    assert (out / "search" / "index.html").is_file() and not (out / "pagefind").exists()


def test_the_search_page_links_to_the_listings_the_site_has() -> None:
    """Without JavaScript it sends readers to every claim and to the listing entry points
    (status/, kinds/, topics/, claimants/) that the plan holds, never to a missing page."""
    from claimtrack.i18n import english
    from claimtrack.site.languages import of_site
    from claimtrack.site.model.localized import Localized
    from claimtrack.site.model.views import SiteSettings
    from claimtrack.site.plan.contexts import SearchPage
    from claimtrack.site.plan.pages import _search_page

    def listings(paths: set[str]) -> dict[str, str]:
        context = _search_page(s, of_site(s)[0], paths, ui, ()).context
        assert isinstance(context, SearchPage)
        return context.listings

    s = SiteSettings(Localized("T", "en"), Localized("", "en"), "en", None)
    ui = english()
    assert listings({"index.html"}) == {}
    paths = {"status/index.html", "topics/index.html", "topics/speed/index.html"}
    assert listings(paths) == {
        "status": "status/index.html",
        "topics": "topics/index.html",
    }


def test_the_index_folder_of_a_killed_serve_is_deleted_by_the_next_build(tmp_path: Path) -> None:
    """serve makes an index beside the site; killed meanwhile, it leaves that folder."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_site(root, out, today=FIXTURE_TODAY)
    made = make_index(out, shards(MAIN_ONLY), Children())
    left = made.rename(made.with_name(made.name.replace(f"-{os.getpid()}-", f"-{DEAD_PID}-")))
    foreign = tmp_path / f".site.search-{DEAD_PID}-mine"  # looks alike, but has no marker
    foreign.mkdir()
    build_site(root, out, today=FIXTURE_TODAY, search=False)
    assert not left.exists() and foreign.is_dir()


# Per site language: one index each, of that language's pages only.


def languages_copy(tmp: Path) -> Path:
    """tests/fixtures/languages (English, and French under fr/), copied."""
    dest = tmp / "languages"
    shutil.copytree(FIXTURES / "languages", dest)
    return dest


def test_bundles_force_a_segmentation_where_pages_quote_chinese() -> None:
    site = [("en", ""), ("zh-Hant", "zh-hant/"), ("fr", "fr/")]
    assert bundles(site, ["en", "zh-Hant", "fr"], SEARCH_SHARDS) == (
        Bundle("", "zh"),  # English pages quoting Chinese: 價格 must be words
        Bundle("zh-hant/", None),  # <html lang="zh-Hant"> segments by itself
        Bundle("fr/", "zh"),  # French pages quote the same Chinese
    )
    assert bundles([("en", ""), ("fr", "fr/")], ["en", "fr"], SEARCH_SHARDS) == (
        Bundle("", None),  # Pagefind reads <html lang> and stems each language
        Bundle("fr/", None),
    )


def test_each_language_has_its_own_index_of_its_own_pages(tmp_path: Path) -> None:
    out = tmp_path / "site"
    site = SiteBuilder(languages_copy(tmp_path), out, FIXTURE_TODAY)
    site.build()
    assert site.index.bundles == (Bundle("", None), Bundle("fr/", None))
    main, fr = out / "pagefind", out / "fr" / "pagefind"
    claims = ["rocket-engine", "rocket-price", "rocket-speed"]
    assert pagefind_files.urls(main) == [f"/claims/{c}/" for c in claims]
    assert pagefind_files.urls(fr) == [f"/fr/claims/{c}/" for c in claims]
    # Each in its pages' own language: English stemmed as English, French as French.
    assert pagefind_files.languages(main) == {"en"}
    assert pagefind_files.languages(fr) == {"fr"}
    # The French statement (a stale machine translation, shown as such) is in French only.
    assert pagefind_files.pages_with(fr, "prix") == {"/fr/claims/rocket-price/"}
    assert "prix" not in pagefind_files.words(main)
    assert "/claims/rocket-price/" in pagefind_files.pages_with(main, "price")
    # Each search page loads its own language's index (relative to the page).
    for prefix in ("", "fr/"):
        page = (out / prefix / "search" / "index.html").read_text(encoding="utf-8")
        assert 'data-bundle="../pagefind/"' in page
        assert 'data-shards="0 1"' in page  # the shards that hold a claim (pagefind/<n>/)
        assert not (out / prefix / "search" / "pagefind").exists()


@pytest.fixture(scope="module")
def repository_site(site_of: SiteOf) -> Path:
    """The repository's own site (en, zh-Hant, fr), as of the real day, as the other
    builds of the repository."""
    return site_of(REPO, None)


@pytest.mark.parametrize(
    ("prefix", "words", "claim"),
    [
        # The issue's three: 8 倍 on /search/, 價格 on /zh-hant/search/, prix on /fr/search/
        # (tests/browser/test_search.py asks them of Pagefind in Chromium).
        ("", ("8", "倍"), "ultrafast-up-to-8x-token-generation"),
        ("zh-hant/", ("價", "格"), "omission-price"),
        ("fr/", ("prix",), "omission-price"),
        ("fr/", ("jusqu", "a"), "ultrafast-up-to-8x-token-generation"),
        ("fr/", ("價", "格"), "omission-price"),  # its Chinese quote, on the French page
    ],
)
def test_the_repository_s_indexes_hold_the_issue_s_words(
    repository_site: Path, prefix: str, words: tuple[str, ...], claim: str
) -> None:
    """Chinese segmented into words in every index: by the pages' own language in
    zh-Hant, forced where English and French pages quote Chinese."""
    bundle = repository_site / prefix / "pagefind"
    urls = pagefind_files.urls(bundle)
    assert len(urls) == len(list((REPO / "claims").glob("*.yaml")))
    assert all(u.startswith("/" + prefix + "claims/") for u in urls)
    assert f"/{prefix}claims/{claim}/" in pagefind_files.pages_with(bundle, *words)


def test_an_edit_to_one_translation_reaches_its_language_s_index_on_refresh(
    tmp_path: Path,
) -> None:
    root, out = languages_copy(tmp_path), tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    main_before = of_kind(out / "pagefind", "index")
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    french = "    statement: Rocket 2 est jusqu'à"
    assert french in text
    claim.write_text(text.replace(french, "    statement: Zanzibarisme, Rocket 2 est jusqu'à"))
    result = site.build()
    assert not result.full and site.index.stale
    fr = out / "fr" / "pagefind"
    assert "zanzibar" not in pagefind_files.words(fr)
    assert site.index.refresh() and not site.index.stale
    # Stemmed as French words are ("zanzibarisme" is indexed as its stem).
    assert pagefind_files.pages_with(fr, "zanzibar") == {"/fr/claims/rocket-speed/"}
    assert "zanzibar" not in pagefind_files.words(out / "pagefind")
    # The main language's index is made again too, the same.
    assert of_kind(out / "pagefind", "index") == main_before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_rebuild_under_serve_carries_every_language_s_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = languages_copy(tmp_path), tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    before = {p: files_of(out / p / "pagefind") for p in ("", "fr/")}
    monkeypatch.setattr(build_module, "FULL_REBUILD_MIN", 0)
    tracker = root / "tracker.yaml"
    tracker.write_text(tracker.read_text(encoding="utf-8").replace("title: ", "title: New ", 1))
    result = site.build(["tracker.yaml"])
    assert result.full and site.index.stale
    assert {p: files_of(out / p / "pagefind") for p in ("", "fr/")} == before
    assert site.index.refresh() and not site.index.stale


def test_one_language_s_failing_index_leaves_the_old_site(
    tmp_path: Path, run_cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pagefind fails on the French pages only, after the English index was made: the
    build fails and the site built before is whole, both indexes included."""
    root, out = languages_copy(tmp_path), tmp_path / "site"
    assert build_cli(run_cli, root, out).code == 0
    before = files_of(out)
    fake = tmp_path / "pagefind"
    fake.write_text(
        "#!/bin/sh\n"
        'case "$*" in *"--glob fr/"*) echo "Error: the French pages" >&2; exit 4;; esac\n'
        f'exec "{executable()}" "$@"\n'
    )
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(fake))
    result = build_cli(run_cli, root, out)
    assert result.code == 1
    assert "Pagefind exited 4: Error: the French pages" in result.err
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["languages", "pagefind", "site"]


# Made again only when what is indexed changed (site/publish/index_inputs.py).


def inodes(folder: Path) -> dict[str, int]:
    """Each file's inode: a hard link keeps it, a copy or a new index does not."""
    return {
        p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*") if p.is_file()
    }


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def build_again(root: Path, out: Path) -> SiteBuilder:
    """A build in a new process, as `claimtrack build` is: a new builder, the cache on disk."""
    site = SiteBuilder(root, out, FIXTURE_TODAY, Cache.open(root))
    site._build(track=False)  # as build_site: a command's build, which indexes before it ends
    return site


def test_a_second_build_keeps_the_index_when_nothing_indexed_changed(tmp_path: Path) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    assert build_again(root, out).index.runs == 2  # one per shard that holds a claim
    before = inodes(out / "pagefind")
    # A source's notes are on its own page only: no claim page changes.
    edit(root / "sources" / "acme-post.yaml", "notes: The vendor's", "notes: Really the vendor's")
    again = build_again(root, out)
    assert again.index.runs == 0
    assert "Really the vendor" in (out / "sources" / "acme-post" / "index.html").read_text()
    assert inodes(out / "pagefind") == before  # the very same files
    # A claim's statement is indexed: its shard's index is made again, and only that one.
    edit(root / "claims" / "rocket-speed.yaml", "statement: ", "statement: Zanzibarish ")
    assert build_again(root, out).index.made_shards == [
        f"pagefind/{search_shard('rocket-speed', SEARCH_SHARDS)}"
    ]
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == {"/claims/rocket-speed/"}
    assert inodes(out / "pagefind").keys() != before.keys()


def test_an_index_not_described_by_the_cache_is_made_again(tmp_path: Path) -> None:
    """The cache remembers the index of the last build with the cache: a site built since
    without it (another index, or none) is indexed again."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_again(root, out)
    build_site(root, out, today=FIXTURE_TODAY)  # no cache: another index in place
    assert build_again(root, out).index.runs == 2
    build_site(root, out, today=FIXTURE_TODAY, search=False)  # no index at all
    assert build_again(root, out).index.runs == 2
    assert pagefind_files.urls(out / "pagefind") == [
        "/claims/rocket-price/",
        "/claims/rocket-speed/",
    ]


def test_only_the_language_whose_pages_changed_is_indexed_again(tmp_path: Path) -> None:
    root, out = languages_copy(tmp_path), tmp_path / "site"
    assert build_again(root, out).index.runs == 4  # two shards hold claims, per language
    main = inodes(out / "pagefind")
    edit(
        root / "claims" / "rocket-speed.yaml",
        "    statement: Rocket 2 est",
        "    statement: Zanzibarisme, Rocket 2 est",
    )
    # French only, and of French only the shard of the claim edited.
    assert build_again(root, out).index.made_shards == [
        f"fr/pagefind/{search_shard('rocket-speed', SEARCH_SHARDS)}"
    ]
    assert inodes(out / "pagefind") == main
    assert pagefind_files.pages_with(out / "fr" / "pagefind", "zanzibar") == {
        "/fr/claims/rocket-speed/"
    }
    # The English statement: the French page marks its translation stale (an attribute,
    # and a note Pagefind ignores) but indexes the same words: English only.
    french = inodes(out / "fr" / "pagefind")
    edit(
        root / "claims" / "rocket-speed.yaml", "statement: Rocket", "statement: Zanzibarish Rocket"
    )
    assert build_again(root, out).index.runs == 1
    assert inodes(out / "fr" / "pagefind") == french
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == {"/claims/rocket-speed/"}


def test_serve_does_not_index_again_when_no_indexed_text_changed(tmp_path: Path) -> None:
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    edit(root / "sources" / "acme-post.yaml", "notes: The vendor's", "notes: Really the vendor's")
    result = site.build()
    assert not result.full and result.written > 0
    assert not site.index.stale
    assert site.index.refresh() and site.index.runs == 2  # nothing to do: no Pagefind run
    # Written again, and back as it was: the index holds that already.
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    edit(claim, "statement: ", "statement: Zanzibarish ")
    assert site.build().written > 0 and site.index.stale
    claim.write_text(text, encoding="utf-8")
    assert site.build().written > 0 and not site.index.stale
    # A statement edited: stale, and one run makes the index again.
    edit(claim, "statement: ", "statement: Zanzibarish ")
    site.build()
    assert site.index.stale and site.index.refresh()
    assert site.index.runs == 3 and not site.index.stale
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == {"/claims/rocket-speed/"}


def test_the_indexed_bytes_leave_out_only_what_pagefind_ignores() -> None:
    page = (
        b'<html lang="en"><article data-pagefind-body>\n'
        b'<div hidden data-pagefind-ignore><span data-pagefind-filter="status">false</span></div>\n'
        b"<p>Rocket 2 runs 3x faster.</p>\n"
        b'<p class="in-context" data-pagefind-ignore>the sentences <b>around</b> it</p>\n'
        b"<section data-pagefind-ignore><h2>Related</h2><section><p>a</p></section><p>b</p></section>\n"
        b"<ul data-pagefind-ignore><li>x <span data-pagefind-ignore>stale</span></li></ul>\n"
        b"<p>a data-pagefind-ignore in the text</p></article></html>"
    )
    kept = indexed_bytes(page)
    assert b"around" not in kept and b"Related" not in kept and b"stale" not in kept
    assert b'data-pagefind-filter="status">false' in kept  # read inside an ignored element
    assert b"3x faster" in kept and b"<p>b</p>" in kept  # what is not surely ignored stays
    assert b"a data-pagefind-ignore in the text" in kept
    assert indexed_digest(page.replace(b"around", b"about")) == indexed_digest(page)
    for changed in (b"false", b"3x faster", b"in the text"):
        assert indexed_digest(page.replace(changed, b"other")) != indexed_digest(page)
    # Attributes Pagefind never reads, and the length of white space, count for nothing;
    # an id (a heading's anchor) does.
    styled = page.replace(b"<p>Rocket", b'<p class="x" data-translation="stale">Rocket')
    assert indexed_digest(styled.replace(b"</p>\n", b"</p>\n\n  ")) == indexed_digest(page)
    assert indexed_digest(page.replace(b"<p>Rocket", b'<p id="x">Rocket')) != indexed_digest(page)
    asked = page.replace(b"<p>Rocket", b'<p data-pagefind-index-attrs="class">Rocket')
    assert indexed_digest(asked.replace(b"<p ", b'<p class="x" ')) != indexed_digest(asked)


@pytest.mark.parametrize(
    ("bundle", "words"),
    [
        (Bundle("", "zh"), ("token",)),
        (Bundle("zh-hant/", None), ("價", "格")),
        (Bundle("fr/", "zh"), ("prix",)),
    ],
)
def test_the_ways_of_indexing_give_the_same_results(
    repository_site: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    bundle: Bundle,
    words: tuple[str, ...],
) -> None:
    """bench/bench_search.py --ways: Pagefind's binary over the pages on disk (what the
    build runs), its service sent the pages from memory, or sent one record per claim.
    The same pages hold the same words, with the same titles, meta and filters and the
    same text (so the same excerpts); only records lose the headings' anchors (Pagefind's
    sub-results, which the search page does not show)."""
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    from bench_search import fragments, index_ways

    index_ways(repository_site, bundle, tmp_path)
    found = {}
    for way in ("cli", "pages", "records"):
        index = tmp_path / way / bundle.prefix / "pagefind"
        pages = {f["url"]: (f["meta"], f["filters"], f["content"]) for f in fragments(index)}
        anchors = [f["anchors"] for f in fragments(index)]
        found[way] = (pages, pagefind_files.words(index), any(anchors))
    cli, pages, records = found["cli"], found["pages"], found["records"]
    assert cli[:2] == pages[:2] == records[:2]
    assert pagefind_files.pages_with(tmp_path / "cli" / bundle.prefix / "pagefind", *words)
    assert cli[2] and pages[2] and not records[2]


def test_an_update_that_stopped_half_way_leaves_its_language_to_be_indexed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An in-place update that fails before writing its pages never reaches ``updated``:
    what it meant to write is not taken for what the pages hold, and its language is
    indexed again after the next update."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    claim = root / "claims" / "rocket-speed.yaml"
    original = claim.read_text(encoding="utf-8")
    edit(claim, "statement: ", "statement: Zanzibarish ")
    site.build()
    assert site.index.stale

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    claim.write_text(original, encoding="utf-8")  # back as indexed, but never written
    monkeypatch.setattr(commit, "_stage", full_disk)
    with pytest.raises(OSError):
        site.build()
    monkeypatch.undo()
    assert site.index.refresh()  # indexes the page on disk: the Zanzibarish one
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish")
    site.build()  # the page written back as it was first indexed
    assert site.index.stale and site.index.refresh()
    assert not pagefind_files.pages_with(out / "pagefind", "zanzibarish")


def test_a_new_folder_linked_whole_from_the_old_site_keeps_its_index_as_linked(
    tmp_path: Path,
) -> None:
    """fill(linked=...): the caller hard-linked the old site's pagefind/ too; it stays as
    it is when nothing indexed changed, and is made anew when a page did."""
    root, out = minimal_copy(tmp_path), tmp_path / "site"
    build_again(root, out)

    def linked_copy(name: str) -> Path:
        folder = tmp_path / name
        shutil.copytree(out, folder, copy_function=os.link)
        return folder

    def fill(folder: Path) -> SearchIndex:
        index = SearchIndex(out, enabled=True, children=Children(), cache=Cache.open(root))
        index.fill(folder, MAIN_ONLY, carry=False, linked={""})
        return index

    same = linked_copy("same")
    folder_inode = (same / "pagefind").stat().st_ino
    assert fill(same).runs == 0
    assert (same / "pagefind").stat().st_ino == folder_inode  # not linked a second time
    assert inodes(same / "pagefind") == inodes(out / "pagefind")
    changed = linked_copy("changed")
    page = changed / "claims" / "rocket-speed" / "index.html"
    text = page.read_text(encoding="utf-8").replace("<h1", "<h1>Zanzibarish</h1><h1", 1)
    page.unlink()
    page.write_text(text, encoding="utf-8")
    assert fill(changed).runs == 1
    assert pagefind_files.pages_with(changed / "pagefind", "zanzibarish") == {
        "/claims/rocket-speed/"
    }
    assert pagefind_files.pages_with(out / "pagefind", "zanzibarish") == set()
