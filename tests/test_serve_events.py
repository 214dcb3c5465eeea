"""Edits noticed through watchfiles, from file-system events and by its polling alike: each
kind of edit is reported by path, and the watch follows the folders."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import watchfiles

from claimtrack.layout import JOURNAL
from claimtrack.live import events
from claimtrack.live.events import FileWatch
from claimtrack.live.follow import EditFeed

from .proc_support import wait_for


@pytest.fixture(params=["events", "polling"])
def watched(
    tracker: Callable[[str], Path], request: pytest.FixtureRequest
) -> Iterator[tuple[Path, FileWatch]]:
    root = tracker("minimal")
    watcher = FileWatch(root, polling=request.param == "polling", poll_ms=20)
    try:
        yield root, watcher
    finally:
        watcher.close()


def next_batch(watcher: FileWatch) -> list[str]:
    """The next batch; a watch that reports nothing fails the test after 10 s, never hangs."""
    stop = threading.Event()
    timer = threading.Timer(10, stop.set)
    timer.start()
    try:
        batch = watcher.next_batch(stop)
    finally:
        timer.cancel()
    assert batch is not None, "no event within 10 s"
    return batch


def until_seen(watcher: FileWatch, *paths: str) -> set[str]:
    """The paths of the batches up to the first that holds one of ``paths``."""
    seen: set[str] = set()
    while not seen & set(paths):
        seen.update(next_batch(watcher))
    return seen


def save_atomically(path: Path, text: str) -> None:
    """As editors save: a temporary file renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def test_edits_are_reported_by_path(watched: tuple[Path, FileWatch]) -> None:
    root, watcher = watched
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text() + "\n")
    assert next_batch(watcher) == ["claims/rocket-speed.yaml"]
    (root / "claims" / "rocket-price.yaml").unlink()
    assert next_batch(watcher) == ["claims/rocket-price.yaml"]
    archive = root / "sources" / "acme-post.txt"
    save_atomically(archive, archive.read_text() + "More.\n")
    assert next_batch(watcher) == ["sources/acme-post.txt"]  # the temporary file is not data


def test_tracker_yaml_saved_by_rename_is_seen_every_time(
    watched: tuple[Path, FileWatch],
) -> None:
    root, watcher = watched
    settings = root / "tracker.yaml"
    for title in ("First", "Second", "Third"):  # each rename replaces the watched inode
        save_atomically(settings, settings.read_text().replace("title:", f"title: {title}", 1))
        assert "tracker.yaml" in next_batch(watcher)


def test_a_new_templates_folder_is_watched_from_then_on(
    watched: tuple[Path, FileWatch],
) -> None:
    root, watcher = watched
    (root / "templates").mkdir()
    assert next_batch(watcher) == ["templates"]
    (root / "templates" / "404.html").write_text("<p>gone</p>\n")
    assert next_batch(watcher) == ["templates/404.html"]
    # A file saved into a new folder at once may come before the folder's watch: the
    # folder is reported then (the theme is read again), and the file from then on.
    (root / "templates" / "partials").mkdir()
    (root / "templates" / "partials" / "x.html").write_text("x")
    assert until_seen(watcher, "templates/partials", "templates/partials/x.html")
    (root / "templates" / "partials" / "x.html").write_text("xy")
    assert until_seen(watcher, "templates/partials/x.html") == {"templates/partials/x.html"}


def test_a_folder_deleted_and_made_again_is_watched_anew(
    watched: tuple[Path, FileWatch],
) -> None:
    root, watcher = watched
    (root / "static").mkdir()
    assert next_batch(watcher) == ["static"]
    old = root / "static-old"
    (root / "static").rename(old)
    (root / "static").mkdir()  # another folder under the same name
    old.rmdir()
    (root / "static" / "style.css").write_text("p {}\n")
    # Events: the folder is reported as changed (watched anew from then on: the file may
    # come before); polling looks at the folder by its name, and sees the file.
    assert until_seen(watcher, "static", "static/style.css") <= {"static", "static/style.css"}
    (root / "static" / "style.css").write_text("p { color: red }\n")
    assert until_seen(watcher, "static/style.css") == {"static/style.css"}


def test_a_file_in_a_folder_moved_into_place_is_seen_saved_again(
    watched: tuple[Path, FileWatch],
) -> None:
    """A folder that comes with its files already in it (renamed into place): the new watch
    takes them as they are, and a second save of one within its mtime's second is still
    seen (polling: the files of a folder that came are looked at again, live/racy.py)."""
    root, watcher = watched
    made = root / "static-new"
    made.mkdir()
    css = made / "style.css"
    css.write_text("p {}\n")
    first = css.stat()
    made.rename(root / "static")
    assert "static" in until_seen(watcher, "static")
    css = root / "static" / "style.css"
    css.write_text("p { color: red }\n")  # another size, the same mtime: polling cannot see it
    os.utime(css, ns=(first.st_atime_ns, first.st_mtime_ns))
    assert until_seen(watcher, "static/style.css") >= {"static/style.css"}


def test_a_second_save_within_the_same_second_is_seen(
    watched: tuple[Path, FileWatch],
) -> None:
    """watchfiles' polling compares mtimes in whole seconds: live/racy.py looks again."""
    root, watcher = watched
    claim = root / "claims" / "a.yaml"
    claim.write_text("statement: one\n")
    assert next_batch(watcher) == ["claims/a.yaml"]
    first = claim.stat()
    claim.write_text("statement: two\n")  # the same size ...
    os.utime(claim, ns=(first.st_atime_ns, first.st_mtime_ns))  # ... and the same mtime
    assert next_batch(watcher) == ["claims/a.yaml"]
    claim.write_text("statement: three, longer\n")  # another size, within the same second
    os.utime(claim, ns=(first.st_atime_ns, first.st_mtime_ns))
    assert next_batch(watcher) == ["claims/a.yaml"]


def test_temporary_and_backup_files_are_not_data(watched: tuple[Path, FileWatch]) -> None:
    root, watcher = watched
    for name in (".a.yaml.123.tmp", "a.yaml~", ".a.yaml.swp", "a.tmp"):
        (root / "claims" / name).write_text("x")
    (root / "claims" / "b.yaml").write_text("statement: b\n")
    assert next_batch(watcher) == ["claims/b.yaml"]


def test_the_journal_of_a_write_is_watched(watched: tuple[Path, FileWatch]) -> None:
    root, watcher = watched
    (root / JOURNAL).write_text('{"pid": 1}')
    assert next_batch(watcher) == [JOURNAL]
    (root / JOURNAL).unlink()
    assert next_batch(watcher) == [JOURNAL]


def test_the_output_folder_is_not_watched(watched: tuple[Path, FileWatch]) -> None:
    root, watcher = watched
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("built\n")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text() + "\n")
    assert next_batch(watcher) == ["claims/rocket-speed.yaml"]


# -- where events cannot be had -----------------------------------------------------------
#
# watchfiles falls back to polling by itself only where the system has no inotify at all
# (ENOSYS); too many watches (ENOSPC) or instances (EMFILE) it raises, as OSError or its
# RuntimeError, when the watch is made or (a folder added later) while it runs.  Its watch
# is replaced here by one that raises so, the events only: the feed must poll instead.


def _events_fail(monkeypatch: pytest.MonkeyPatch, when: Callable[[set[str]], bool]) -> None:
    real = watchfiles.watch

    def watch(*paths: str, force_polling: bool = False, **options: Any) -> Iterator[Any]:
        if force_polling:
            yield from real(*paths, force_polling=True, **options)
            return
        for found in real(*paths, force_polling=False, **options):
            if when({path for _, path in found}):
                raise RuntimeError("error in underlying watcher: OS file watch limit reached")
            yield found

    monkeypatch.setattr(events.watchfiles, "watch", watch)


def _follow(root: Path, said: list[str]) -> tuple[EditFeed, list[list[str]], threading.Event]:
    feed = EditFeed(root, said.append, interval=0.02)
    handed: list[list[str]] = []
    stop = threading.Event()
    threading.Thread(target=feed.follow, args=(stop, handed.append), daemon=True).start()
    return feed, handed, stop


def _handed(handed: list[list[str]], path: str) -> None:
    wait_for(lambda: any(path in batch for batch in handed), f"{path} handed on")


def test_where_no_watch_can_be_made_the_feed_says_so_and_polls(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")

    def no_inotify(*paths: str, force_polling: bool = False, **options: Any) -> Iterator[Any]:
        if not force_polling:
            raise OSError(28, "OS file watch limit reached")
        yield from real(*paths, force_polling=True, **options)

    real = watchfiles.watch
    monkeypatch.setattr(events.watchfiles, "watch", no_inotify)
    said: list[str] = []
    feed, handed, stop = _follow(root, said)
    try:
        assert said == [
            "claimtrack: no file-system events here ([Errno 28] OS file watch limit reached); "
            "looking for edits every 0.02 s instead"
        ]
        (root / "claims" / "rocket-price.yaml").write_text("statement: x\n")
        _handed(handed, "claims/rocket-price.yaml")
    finally:
        stop.set()
        feed.close()


def test_events_that_stop_give_way_to_polling_and_a_look_at_everything(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    _events_fail(monkeypatch, lambda paths: any(p.endswith("boom.yaml") for p in paths))
    said: list[str] = []
    feed, handed, stop = _follow(root, said)
    try:
        (root / "claims" / "boom.yaml").write_text("statement: x\n")
        wait_for(lambda: [] in handed, "a look at everything")
        assert said == [
            "claimtrack: file-system events stopped (error in underlying watcher: "
            "OS file watch limit reached); polling"
        ]
        (root / "claims" / "rocket-price.yaml").write_text("statement: x\n")
        _handed(handed, "claims/rocket-price.yaml")
    finally:
        stop.set()
        feed.close()
