"""The one fingerprint of claimtrack's own files (package.py): by their bytes, remembered
by their stamps, never trusted from a recent stamp; the cache's files and the no-change
replay are both named by it."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from claimtrack import package
from claimtrack.load.cache import Cache
from claimtrack.load.manifest import Manifest

HOUR = 3600 * 10**9


def _age(path: Path) -> None:
    when = time.time_ns() - HOUR
    os.utime(path, ns=(when, when))


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package of two files, old enough to be trusted by their stamps."""
    code = tmp_path / "code"
    code.mkdir()
    for name, text in (("a.py", "A = 1\n"), ("page.html", "<p>{{ x }}</p>\n")):
        (code / name).write_text(text)
        _age(code / name)
    listing = tuple((f"claimtrack:./{p.name}", str(p)) for p in sorted(code.iterdir()))
    monkeypatch.setattr(package, "package_files", lambda: listing)
    package.fingerprint.cache_clear()
    yield code
    package.fingerprint.cache_clear()


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the files' bytes were read."""
    count: list[int] = []
    real = package._digest

    def counted(found: tuple[tuple[str, str], ...]) -> str:
        count.append(1)
        return real(found)

    monkeypatch.setattr(package, "_digest", counted)
    return count


def fingerprint(folder: Path | None) -> str:
    package.fingerprint.cache_clear()  # as a new process would
    return package.fingerprint(folder)


def test_unchanged_stamps_take_the_remembered_fingerprint(
    files: Path, tmp_path: Path, reads: list[int]
) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    first = fingerprint(folder)
    assert len(reads) == 1 and (folder / package.REMEMBERED).is_file()
    assert fingerprint(folder) == first
    assert len(reads) == 1  # a stat per file, no read


def test_a_changed_file_changes_the_fingerprint_a_touched_one_does_not(
    files: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    first = fingerprint(folder)
    os.utime(files / "a.py", ns=(time.time_ns() - HOUR // 2,) * 2)  # another stamp, same bytes
    assert fingerprint(folder) == first  # a reinstall of the same files keeps the cache
    (files / "page.html").write_text("<p>{{ y }}</p>\n")
    _age(files / "page.html")
    assert fingerprint(folder) != first
    assert fingerprint(None) == fingerprint(folder)  # by the bytes, remembered or not


def test_a_recent_stamp_is_never_trusted(files: Path, tmp_path: Path, reads: list[int]) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    path = files / "a.py"
    path.write_text("A = 2\n")  # written just now
    before = os.stat(path)
    first = fingerprint(folder)
    assert not (folder / package.REMEMBERED).exists()  # what a recent file gave is not kept
    # A rewrite of the same size within one tick of the file clock: the same stamp.
    path.write_text("A = 3\n")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_ino == before.st_ino
    assert fingerprint(folder) != first
    assert len(reads) == 2


def test_the_cache_and_the_replay_are_both_named_by_it(
    files: Path, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    cache = Cache.open(root)
    assert cache.folder is not None
    manifest = Manifest("check", root, {})
    path, code = cache.path, manifest.options["code"]
    (files / "a.py").write_text("A = 4\n")
    _age(files / "a.py")
    package.fingerprint.cache_clear()
    assert Manifest("check", root, {}).options["code"] != code
    assert Cache.open(root).path != path
