"""A source's revisions (sources/<id>.revisions/): loaded, each file held to its entry's hash
as the snapshot is, and every file and entry accounted for."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from claimtrack.layout import classify
from claimtrack.live.events import FileWatch
from claimtrack.load import Loader
from claimtrack.records import RevisionOutcome

from .test_checks import Runner, at, only, problems
from .test_serve_events import next_batch

TEXT = b"Acme announces the Rocket 2 engine. It runs up to 2x faster than Rocket 1.\n"
PAGE = b"<!doctype html><html lang=en><title>Acme</title><p>Rocket 2</p></html>\n"


def sha(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def with_revisions(root: Path, entries: str) -> Path:
    """acme-post's record with ``entries`` (YAML lines) under revisions:; its folder made."""
    source = root / "sources/acme-post.yaml"
    text = source.read_text()
    at = text.index("archive_public:")
    source.write_text(text[:at] + "revisions:\n" + entries + text[at:])
    folder = root / "sources/acme-post.revisions"
    folder.mkdir(exist_ok=True)
    return folder


def changed(day: str, txt: bytes = TEXT, html: bytes | None = None) -> str:
    lines = f"  - retrieved: {day}\n    outcome: changed\n    sha256: {sha(txt)}\n"
    return lines + (f"    html_sha256: {sha(html)}\n" if html is not None else "")


def test_revision_files_classify_under_their_source() -> None:
    assert classify("sources/acme-post.revisions/2026-12-01.txt") == ("revision", "acme-post")
    assert classify("sources/acme-post.revisions/2026-12-01-2.html") == (
        "revision-page",
        "acme-post",
    )
    assert classify("sources/acme-post.revisions/.2026-12-01.txt") is None
    assert classify("sources/acme-post.revisions/deep/2026-12-01.txt") is None
    assert classify("sources/acme-post.other/2026-12-01.txt") is None


def test_recorded_revisions_pass_and_load(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    gone = "  - retrieved: 2026-11-30\n    outcome: gone\n"
    folder = with_revisions(root, changed("2026-11-29", html=PAGE) + gone + changed("2026-11-29"))
    (folder / "2026-11-29.txt").write_bytes(TEXT)
    (folder / "2026-11-29.html").write_bytes(PAGE)
    (folder / "2026-11-29-2.txt").write_bytes(TEXT)  # the day's second: the gone one counts not
    assert problems(run_cli, root) == []
    loaded = Loader(root).load()
    assert sorted(loaded.revisions["acme-post"]) == ["2026-11-29", "2026-11-29-2"]
    assert loaded.revisions["acme-post"]["2026-11-29"].text == TEXT.decode()
    assert list(loaded.revision_pages["acme-post"]) == ["2026-11-29"]
    outcomes = [r.outcome for r in loaded.sources["acme-post"].record.revisions]
    assert outcomes == [RevisionOutcome.CHANGED, RevisionOutcome.GONE, RevisionOutcome.CHANGED]


def test_an_edited_revision_fails_its_hash(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    folder = with_revisions(root, changed("2026-11-29"))
    (folder / "2026-11-29.txt").write_bytes(TEXT + b"edited\n")
    problem = only(problems(run_cli, root), "snapshot-mismatch")
    assert at(problem) == ("sources/acme-post.yaml", 15, 13)
    assert "sources/acme-post.revisions/2026-11-29.txt has sha256" in str(problem["message"])


def test_an_entry_without_its_file(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_revisions(root, changed("2026-11-29", html=PAGE))
    found = problems(run_cli, root)
    assert [p["code"] for p in found] == ["revision-missing", "revision-missing"]
    assert at(found[0]) == ("sources/acme-post.yaml", 15, 13)
    assert "sources/acme-post.revisions/2026-11-29.txt does not exist" in str(found[0]["message"])
    assert "2026-11-29.html does not exist" in str(found[1]["message"])


def test_a_file_without_its_entry(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    folder = with_revisions(root, changed("2026-11-29"))
    (folder / "2026-11-29.txt").write_bytes(TEXT)
    (folder / "2026-11-29.html").write_bytes(PAGE)  # its entry has no html_sha256
    (folder / "2026-11-28.txt").write_bytes(TEXT)  # no entry at all
    found = problems(run_cli, root)
    assert [p["code"] for p in found] == ["revision-unrecorded", "revision-unrecorded"]
    assert "2026-11-28.txt is named by no entry" in str(found[0]["message"])
    assert at(found[0]) == ("sources/acme-post.yaml", 12, 1)
    assert "revisions[0] has no html_sha256" in str(found[1]["message"])
    assert at(found[1]) == ("sources/acme-post.yaml", 13, 5)
    # A kept version is evidence: no hint ever tells the editor to delete one.
    assert "never delete it" in str(found[0]["hint"])
    assert not [p for p in found if "delete the" in str(p["hint"])]


def test_no_hint_of_an_archive_or_revision_says_to_delete_one(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    """Every integrity problem of the copies, each at once: each hint keeps the evidence."""
    root = tracker("minimal")
    folder = with_revisions(root, changed("2026-11-29", html=PAGE))  # its files missing
    (folder / "2026-11-28.txt").write_bytes(TEXT)  # a file no entry names
    record = root / "sources" / "acme-post.yaml"
    record.write_text(
        record.read_text().replace("  sha256:", "  html_sha256: " + "0" * 64 + "\n  sha256:", 1)
    )
    found = problems(run_cli, root)
    codes = {p["code"] for p in found}
    assert {"revision-unrecorded", "revision-missing", "archive-missing"} <= codes, found
    assert [
        p["hint"] for p in found if "delete" in str(p["hint"]).replace("never delete", "")
    ] == []


def test_a_gone_entry_keeps_no_file_and_a_move_names_where(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    with_revisions(
        root,
        f"  - retrieved: 2026-11-29\n    outcome: gone\n    sha256: {sha(TEXT)}\n"
        f"  - retrieved: 2026-11-29\n    outcome: moved\n    sha256: {sha(TEXT)}\n",
    )
    found = problems(run_cli, root)
    assert [p["code"] for p in found] == ["invalid-value", "invalid-value"]
    assert "a gone revision keeps no file" in str(found[0]["message"])
    assert "a moved revision needs url" in str(found[1]["message"])


def test_a_revision_in_the_future(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    with_revisions(root, "  - retrieved: 2026-12-24\n    outcome: gone\n")
    problem = only(problems(run_cli, root), "retrieved-future")
    assert at(problem) == ("sources/acme-post.yaml", 13, 16)


def test_revisions_of_no_source_are_orphans(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    (root / "sources/nobody.revisions").mkdir()
    (root / "sources/nobody.revisions/2026-11-29.txt").write_bytes(TEXT)
    problem = only(problems(run_cli, root), "orphan-archive")
    assert at(problem) == ("sources/nobody.revisions/2026-11-29.txt", 1, 1)
    assert "revision has no source record sources/nobody.yaml" in str(problem["message"])


def test_both_watchers_see_a_new_revision_and_the_loader_takes_it(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("minimal")
    folder = with_revisions(root, changed("2026-11-29"))
    loader = Loader(root)
    before = loader.load()
    assert "acme-post" not in before.revisions
    # The folder made seconds ago: a file written in it moves its mtime, which polling
    # sees (and must not report as an edit of its own).
    made = folder.stat().st_mtime - 5
    os.utime(folder, (made, made))
    polling, events = FileWatch(root, polling=True, poll_ms=20), FileWatch(root)
    try:
        (folder / "2026-11-29.txt").write_bytes(TEXT)
        rel = "sources/acme-post.revisions/2026-11-29.txt"
        assert next_batch(polling) == [rel]
        assert next_batch(events) == [rel]
    finally:
        events.close()
        polling.close()
    after = loader.load([rel])
    assert after.changes is not None and after.changes.sources == {"acme-post"}
    assert after.revisions["acme-post"]["2026-11-29"].sha256 == sha(TEXT)
