"""File-system events: each kind of edit is reported by path, and the watch follows the folders."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from claimtrack.live.events import EventWatcher


@pytest.fixture
def watched(tracker: Callable[[str], Path]) -> Iterator[tuple[Path, EventWatcher]]:
    root = tracker("minimal")
    watcher = EventWatcher(root)
    try:
        yield root, watcher
    finally:
        watcher.close()


def next_batch(watcher: EventWatcher) -> list[str]:
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


def save_atomically(path: Path, text: str) -> None:
    """As editors save: a temporary file renamed over the old one."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def test_edits_are_reported_by_path(watched: tuple[Path, EventWatcher]) -> None:
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
    watched: tuple[Path, EventWatcher],
) -> None:
    root, watcher = watched
    settings = root / "tracker.yaml"
    for title in ("First", "Second", "Third"):  # each rename replaces the watched inode
        save_atomically(settings, settings.read_text().replace("title:", f"title: {title}", 1))
        assert "tracker.yaml" in next_batch(watcher)


def test_a_new_templates_folder_is_watched_from_then_on(
    watched: tuple[Path, EventWatcher],
) -> None:
    root, watcher = watched
    (root / "templates").mkdir()
    assert next_batch(watcher) == ["templates"]
    (root / "templates" / "404.html").write_text("<p>gone</p>\n")
    assert next_batch(watcher) == ["templates/404.html"]


def test_the_output_folder_is_not_watched(watched: tuple[Path, EventWatcher]) -> None:
    root, watcher = watched
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("built\n")
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text() + "\n")
    assert next_batch(watcher) == ["claims/rocket-speed.yaml"]
