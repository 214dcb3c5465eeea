"""An update in place after one edit: only its pieces made again, its pages first.

On a generated tracker of 300 claims (listings of three pages, the data files made of
300 lines): after a claim's edit only that claim's line of claims.json, its feed
entries and sitemap entry are made again, the pages are written before the data
files, an equal large file is not written again, and the site is byte for byte the
cold build's.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from claimtrack.live.state import LiveState
from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site, key_digests, update
from claimtrack.site.data import feeds, jsonfiles

from .site_support import FIXTURE_TODAY, benchmark_tracker, files_of

CLAIMS = 300


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return benchmark_tracker(tmp_path_factory.mktemp("generated") / "tracker", CLAIMS)


@pytest.fixture
def tracker(generated: Path, tmp_path: Path) -> Path:
    root = tmp_path / "tracker"
    root.mkdir()
    for name in ("claims", "sources"):
        (root / name).mkdir()
        for path in (generated / name).iterdir():
            os.link(path, root / name / path.name)  # an edit replaces, never writes in place
    (root / "tracker.yaml").write_bytes((generated / "tracker.yaml").read_bytes())
    return root


def statement_edit(root: Path, n: int) -> tuple[str, str]:
    """A claim's statement edited: its id and the words it now says."""
    path = sorted((root / "claims").glob("*.yaml"))[n]
    words = f"Edited statement number {n}"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("statement:"))
    end = at + 1
    while lines[end].startswith("  "):  # the folded value's lines
        end += 1
    lines[at:end] = [f"statement: {words}"]
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    os.replace(tmp, path)
    return path.stem, words


def builder(root: Path, out: Path) -> SiteBuilder:
    return SiteBuilder(root, out, FIXTURE_TODAY, search=False)


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Counter[str]:
    """Count the calls of ``module.name`` by the id of the record they make a piece of."""
    calls: Counter[str] = Counter()
    real: Callable[..., Any] = getattr(module, name)

    def counted(view: Any, *rest: Any) -> Any:
        calls[view.summary.id] += 1
        return real(view, *rest)

    monkeypatch.setattr(module, name, counted)
    return calls


def changed_files(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {p for p in after.keys() | before.keys() if after.get(p) != before.get(p)}


@pytest.fixture
def built(tracker: Path, tmp_path: Path) -> Iterator[tuple[SiteBuilder, Path, Path]]:
    out = tmp_path / "site"
    site = builder(tracker, out)
    site.build()
    yield site, tracker, out


def test_a_statement_edit_makes_again_only_that_claims_pieces(
    built: tuple[SiteBuilder, Path, Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    site, root, out = built
    before = files_of(out)
    lines = counting(monkeypatch, jsonfiles, "claim_line")
    entries = counting(monkeypatch, feeds, "change_keys")
    views = dict(site._model._claims)
    cid, words = statement_edit(root, 7)
    result = site.build(changed=[f"claims/{cid}.yaml"])
    assert not result.full
    # Its line of claims.json and its feed entries, and those of the few claims whose
    # pages show its summary (related claims): nothing of the other claims.
    remade = {c for c, view in site._model._claims.items() if views.get(c) is not view}
    assert cid in remade and len(remade) < 10
    assert lines == Counter(dict.fromkeys(remade, 1))
    assert entries == Counter(dict.fromkeys(remade, 1))
    after = files_of(out)
    changed = changed_files(before, after)
    assert "claims.json" in changed
    assert words.encode() in after[f"claims/{cid}/index.html"]
    # Each page rendered again shows the edit: only the pages it is on were made.
    pages = {p for p in changed if p.endswith(".html")}
    assert result.rendered == len(pages), sorted(pages)
    assert all(words.encode() in after[p] for p in pages if not p.startswith("fr/")), pages
    # The listing of every claim has three pages; the edit reached one of them.
    listing = {p for p in pages if p == "claims/index.html" or p.startswith("claims/page/")}
    assert len(listing) == 1, listing
    fresh = tmp_path / "fresh"
    build_site(root, fresh, today=FIXTURE_TODAY, search=False)
    assert files_of(fresh) == after  # claims.json, the feed, the sitemap: byte for byte


def test_the_pages_are_in_place_before_claims_json(built: tuple[SiteBuilder, Path, Path]) -> None:
    site, root, out = built
    cid, words = statement_edit(root, 11)
    seen: list[tuple[bool, bool]] = []

    def pages_written() -> None:
        page = (out / "claims" / cid / "index.html").read_bytes()
        data = (out / "claims.json").read_bytes()
        seen.append((words.encode() in page, words.encode() in data))

    site.pages_written = pages_written
    site.build(changed=[f"claims/{cid}.yaml"])
    # When told, the page is new and claims.json still old: a page is never older than
    # its record in claims.json; then claims.json follows.
    assert seen == [(True, False)]
    assert words.encode() in (out / "claims.json").read_bytes()


def test_a_large_file_is_written_without_a_digest_when_its_key_changed(
    built: tuple[SiteBuilder, Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    site, root, out = built
    monkeypatch.setattr(update, "DIGEST_MAX", 0)  # every file is large: no digests
    inodes = {name: (out / name).stat().st_ino for name in ("claims.json", "sources.json")}
    schema = (out / "claims.schema.json").stat().st_ino
    cid, words = statement_edit(root, 5)
    result = site.build(changed=[f"claims/{cid}.yaml"])
    # Both keys hold the claim's views (sources.json's lines name the claims citing a
    # source): both are written again, whole; a file whose key is the same is not.
    assert (out / "claims.json").stat().st_ino != inodes["claims.json"]
    assert (out / "sources.json").stat().st_ino != inodes["sources.json"]
    assert (out / "claims.schema.json").stat().st_ino == schema
    assert words.encode() in (out / "claims.json").read_bytes()
    assert not result.full


def test_a_translation_edit_writes_only_that_languages_pages(
    built: tuple[SiteBuilder, Path, Path], tmp_path: Path
) -> None:
    site, root, out = built
    before = files_of(out)
    path = sorted((root / "claims").glob("*.yaml"))[9]
    text = path.read_text(encoding="utf-8")
    fr = text.index("\n  fr:\n")
    at = text.index("    statement:", fr)
    end = text.index("\n    ", at + 1)
    while text[end + 5] == " ":  # the folded value's further lines
        end = text.index("\n    ", end + 1)
    path.write_text(text[:at] + "    statement: Affirmation modifiée" + text[end:], "utf-8")
    result = site.build(changed=[f"claims/{path.stem}.yaml"])
    assert not result.full
    changed = changed_files(before, files_of(out))
    assert f"fr/claims/{path.stem}/index.html" in changed
    assert {p for p in changed if p.endswith(".html") and not p.startswith("fr/")} == set()
    fresh = tmp_path / "fresh"
    build_site(root, fresh, today=FIXTURE_TODAY, search=False)
    assert files_of(fresh) == files_of(out)


def test_serve_tells_pages_to_reload_once_per_build() -> None:
    live = LiveState()
    live.begin_build()
    live.pages_ready()  # the pages are in place: open pages reload now
    assert live.view().version == 1
    live.end_build(changed=True)  # the data files followed: no second reload
    assert live.view().version == 1
    live.begin_build()
    live.end_build(changed=True)  # a build without an early word moves it at its end
    assert live.view().version == 2


def test_serve_digests_no_key_during_an_edit_and_saves_the_record_whole(
    tracker: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under serve the key objects tell what changed: no key is digested during an edit
    (claims.json's key holds every claim's view), and the record saved afterwards takes
    the digests, so that the next process writes in place what serve did not change."""
    out = tmp_path / "site"
    site = SiteBuilder(tracker, out, FIXTURE_TODAY, Cache.open(tracker), search=False)
    site.build()
    taken: list[object] = []
    real = key_digests.KeyDigests.of
    monkeypatch.setattr(
        key_digests.KeyDigests, "of", lambda self, key: taken.append(key) or real(self, key)
    )
    cid, words = statement_edit(tracker, 4)
    result = site.build(changed=[f"claims/{cid}.yaml"])
    assert not result.full and result.written > 0
    assert taken == []
    monkeypatch.undo()
    site.cache.save()  # as serve does when it stops
    again = build_site(tracker, out, today=FIXTURE_TODAY, cache=Cache.open(tracker), search=False)
    assert not again.full and again.written == 0 and again.rendered == 0
    assert words.encode() in (out / "claims.json").read_bytes()


def test_a_source_view_is_walked_once_however_many_keys_hold_it(
    tracker: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source's view is in its pages' keys and in sources.json's: its fields are walked
    for a key digest once per build, and the digests are the same as walked each time."""
    site = SiteBuilder(tracker, tmp_path / "site", FIXTURE_TODAY, Cache.open(tracker), search=False)
    site.build()
    recorded = site._record.digests
    assert recorded is not None
    walked: list[str] = []
    real = key_digests._SOURCE_VIEW
    monkeypatch.setattr(key_digests, "_SOURCE_VIEW", lambda v: walked.append(v.ref.id) or real(v))
    fresh = key_digests.KeyDigests(recorded.salt, recorded.inputs)
    holding = [
        o for o in site._record.current if o.path.startswith("sources/") or o.path == "sources.json"
    ]
    for output in holding:
        assert fresh.of(output.key) == recorded.of(output.key)
    # Each view once, though more keys hold them than there are views.
    assert walked and len(walked) == len(set(walked)) < len(holding)
