"""sources/<id>.html, the saved page an archive was extracted from: held to its hash, never
published."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.check import Checker
from claimtrack.errors import DataError
from claimtrack.load import Loader
from claimtrack.site import SiteBuilder

from .conftest import TODAY
from .site_support import FIXTURE_TODAY, files_of, minimal_copy
from .test_checks import Runner, at, only, problems

PAGE = b"<!doctype html><html lang=en><title>Acme</title><p>PAGE-MARKER-7Q</p></html>\n"


def with_page(root: Path, page: bytes = PAGE) -> str:
    """Save a page for acme-post and record its hash; returns the hash."""
    (root / "sources/acme-post.html").write_bytes(page)
    digest = hashlib.sha256(page).hexdigest()
    source = root / "sources/acme-post.yaml"
    text = source.read_text()
    at = text.index("\n", text.index("  sha256: ")) + 1  # the last line under snapshot
    source.write_text(text[:at] + f"  html_sha256: {digest}\n" + text[at:])
    return digest


def test_a_recorded_page_passes_check(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_page(root)
    assert problems(run_cli, root) == []


def test_an_edited_page_fails_integrity(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_page(root)
    (root / "sources/acme-post.html").write_bytes(PAGE + b"<!-- edited -->")
    problem = only(problems(run_cli, root), "snapshot-mismatch")
    assert at(problem) == ("sources/acme-post.yaml", 12, 16)
    assert "sources/acme-post.html has sha256" in str(problem["message"])


def test_a_page_hash_without_the_page(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_page(root)
    (root / "sources/acme-post.html").unlink()
    problem = only(problems(run_cli, root), "archive-missing")
    assert at(problem) == ("sources/acme-post.yaml", 12, 3)
    assert "sources/acme-post.html does not exist" in str(problem["message"])


def test_a_page_without_its_hash(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    (root / "sources/acme-post.html").write_bytes(PAGE)
    problem = only(problems(run_cli, root), "snapshot-missing")
    assert at(problem) == ("sources/acme-post.yaml", 9, 1)
    assert (
        str(problem["hint"])
        == f"add html_sha256: {hashlib.sha256(PAGE).hexdigest()} under snapshot"
    )


def test_a_page_without_a_record_is_an_orphan(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    (root / "sources/stray.html").write_bytes(PAGE)
    problem = only(problems(run_cli, root), "orphan-archive")
    assert at(problem) == ("sources/stray.html", 1, 1)
    assert problem["message"] == "saved page has no source record sources/stray.yaml"


def test_a_page_over_the_limit_is_refused(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_page(root, b"<p>" + b"x" * (5 * 1024 * 1024))
    problem = only(problems(run_cli, root), "file-too-large")
    assert at(problem) == ("sources/acme-post.html", 1, 1)
    # Read and refused, not "missing": one problem for one fault.
    assert not [p for p in problems(run_cli, root) if p["code"] == "archive-missing"]


def test_an_edit_of_the_page_is_seen_incrementally(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_page(root)
    loader, checker, today = Loader(root), Checker(), dt.date.fromisoformat(TODAY)
    assert checker.run(loader.load(), today)[1] == []
    (root / "sources/acme-post.html").write_bytes(PAGE + b"<!-- edited -->")
    tracker_now = loader.load(["sources/acme-post.html"])
    assert tracker_now.changes is not None and tracker_now.changes.sources == {"acme-post"}
    assert [p.code for p in checker.run(tracker_now, today)[1]] == ["snapshot-mismatch"]
    (root / "sources/acme-post.html").unlink()
    found = checker.run(loader.load(["sources/acme-post.html"]), today)[1]
    assert [p.code for p in found] == ["archive-missing"]


def test_the_page_is_never_published(
    run_cli: Runner, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    with_page(root)
    out = tmp_path / "site"
    assert run_cli("build", "--root", root, "--out", out, "--today", TODAY).code == 0
    built = [p for p in out.rglob("*") if p.is_file()]
    assert built and not any(p.name == "acme-post.html" for p in built)
    assert not any(b"PAGE-MARKER-7Q" in p.read_bytes() for p in built)


def test_serve_sees_an_edit_of_the_page_and_publishes_nothing_of_it(tmp_path: Path) -> None:
    """As `serve` rebuilds: the page's hash reaches sources.json, an edited page is an error
    that keeps the last good site, and the restored page makes nothing to write."""
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    site = SiteBuilder(root, out, FIXTURE_TODAY)
    site.build()
    before = files_of(out)
    digest = with_page(root)
    result = site.build(["sources/acme-post.html", "sources/acme-post.yaml"])
    assert not result.full
    after = files_of(out)
    assert sorted(p for p in after if after[p] != before.get(p)) == ["sources.json"]
    assert f'"html_sha256":"{digest}"'.encode() in after["sources.json"]
    (root / "sources/acme-post.html").write_bytes(PAGE + b"<!-- edited -->")
    with pytest.raises(DataError) as raised:
        site.build(["sources/acme-post.html"])
    assert [p.code for p in raised.value.problems] == ["snapshot-mismatch"]
    assert files_of(out) == after
    (root / "sources/acme-post.html").write_bytes(PAGE)
    assert site.build(["sources/acme-post.html"]).written == 0


def test_a_fifo_in_the_place_of_the_page_is_never_opened(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    import os

    root = tracker("minimal")
    with_page(root)
    (root / "sources/acme-post.html").unlink()
    os.mkfifo(root / "sources/acme-post.html")  # opening it to read would block
    found = problems(run_cli, root)
    assert [(p["code"], p["path"]) for p in found] == [("not-a-file", "sources/acme-post.html")]


def test_a_dangling_link_for_either_copy_is_one_problem_the_same_way(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    """The text and the page are held to their hashes by one check: a link to nothing in
    place of either is the file that cannot be read, never also a "does not exist"."""
    root = tracker("minimal")
    with_page(root)
    for name in ("acme-post.txt", "acme-post.html"):
        (root / "sources" / name).unlink()
        (root / "sources" / name).symlink_to(f"gone-{name}")
    found = [p for p in problems(run_cli, root) if str(p["path"]).startswith("sources/")]
    assert sorted((p["path"], p["code"]) for p in found) == [
        ("sources/acme-post.html", "unreadable"),
        ("sources/acme-post.txt", "unreadable"),
    ]
