"""The swap of a new site for the old one: no moment without a site, foreign folders kept."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.errors import DataError
from claimtrack.site.publish import swap
from claimtrack.site.publish.swap import MARKER

from .conftest import FIXTURES, TODAY, Result
from .site_support import build, files_of, minimal_copy

DEAD_PID = 4_000_000  # above Linux's default pid_max: no such process


def test_the_swap_exchanges_the_folders_in_one_step(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "x").write_text("a", encoding="utf-8")
    (b / "x").write_text("b", encoding="utf-8")
    if not swap.exchange(a, b):
        pytest.skip("this file system cannot exchange")
    assert (a / "x").read_text(encoding="utf-8") == "b"
    assert (b / "x").read_text(encoding="utf-8") == "a"


def test_a_rebuild_needs_no_rename_that_leaves_a_gap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    if not swap.exchange(a, b):
        pytest.skip("this system cannot exchange folders")
    build(FIXTURES / "minimal", tmp_path / "site")

    def no_rename(src: str | Path, dst: str | Path) -> None:
        raise AssertionError(f"rename {src} -> {dst}: a window without a site")

    monkeypatch.setattr(swap.os, "rename", no_rename)
    build(FIXTURES / "minimal", tmp_path / "site")
    monkeypatch.undo()
    assert (tmp_path / "site" / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_kill_between_the_two_renames_loses_no_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "site"
    build(root, out)
    before = files_of(out)
    # Force the two-rename fallback and die right after its first rename, as a kill would.
    monkeypatch.setattr(swap, "exchange", lambda a, b: False)
    real_rename = os.rename

    def rename_then_die(src: str | Path, dst: str | Path) -> None:
        real_rename(src, dst)
        raise SystemExit("killed")

    monkeypatch.setattr(swap.os, "rename", rename_then_die)
    with pytest.raises(SystemExit):
        build(root, out)
    monkeypatch.undo()
    assert not out.exists()
    # What the killed build left is named for its pid: that of a process now gone.
    for left in tmp_path.glob(f".site.*-{os.getpid()}-*"):
        left.rename(left.with_name(left.name.replace(f"-{os.getpid()}-", f"-{DEAD_PID}-")))
    # The next build fails on the data, yet the old site is back, byte for byte.
    (root / "claims" / "rocket-price.yaml").unlink()
    with pytest.raises(DataError):
        build(root, out)
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_foreign_folder_that_looks_like_a_leftover_survives(tmp_path: Path) -> None:
    foreign = tmp_path / f".site.build-{DEAD_PID}-x"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine", encoding="utf-8")
    old = tmp_path / f".site.old-{DEAD_PID}-y"
    old.mkdir()
    build(FIXTURES / "minimal", tmp_path / "site")
    build(FIXTURES / "minimal", tmp_path / "site")
    assert (foreign / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert old.is_dir()  # not restored either: it carries no marker


def test_a_leftover_with_the_marker_is_removed(tmp_path: Path) -> None:
    stale = tmp_path / f".site.build-{DEAD_PID}-x1y2"
    (stale / "claims").mkdir(parents=True)
    (stale / MARKER).write_bytes(b"")
    build(FIXTURES / "minimal", tmp_path / "site")
    assert not stale.exists()


@pytest.mark.parametrize("out", ["/proc/self/x", "/sys/x"])
def test_build_into_an_unwritable_place_is_a_usage_error(
    out: str, run_cli: Callable[..., Result]
) -> None:
    result = run_cli("build", "--root", FIXTURES / "minimal", "--out", out, "--today", TODAY)
    assert result.code == 2, result.output
    assert "cannot write there" in result.err
    assert "Traceback" not in result.output


@pytest.mark.parametrize("exchanges", [True, False])
def test_the_new_site_is_announced_in_place_before_the_old_one_is_deleted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exchanges: bool
) -> None:
    """serve's pages reload once the new folder is in place, not after the old one's
    14,000 files are deleted; with one rename or two."""
    if not exchanges:
        monkeypatch.setattr(swap, "exchange", lambda a, b: False)
    new, out = tmp_path / "new", tmp_path / "site"
    for folder, words in ((new, "new"), (out, "old")):
        folder.mkdir()
        (folder / MARKER).write_bytes(swap.MARKER_TEXT)
        (folder / "index.html").write_text(words, encoding="utf-8")
    seen: list[tuple[str, list[str]]] = []

    def in_place() -> None:
        others = [p for p in tmp_path.iterdir() if p != out]
        seen.append(
            (
                (out / "index.html").read_text("utf-8"),
                [(p / "index.html").read_text("utf-8") for p in others],
            )
        )

    swap.swap(new, out, in_place)
    assert seen == [("new", ["old"])]
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_a_whole_rebuild_under_serve_tells_its_pages_are_in_place_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime as dt

    from claimtrack.site import build as site_build

    root, out = minimal_copy(tmp_path), tmp_path / "site"
    builder = site_build.SiteBuilder(root, out, dt.date.fromisoformat(TODAY), search=False)
    builder.build()
    told: list[str] = []
    builder.pages_written = lambda: told.append((out / "index.html").read_text("utf-8"))
    monkeypatch.setattr(site_build, "FULL_REBUILD_MIN", 0)  # any change makes a new folder
    settings = root / "tracker.yaml"
    settings.write_text(settings.read_text("utf-8").replace("Rocket 2 claims", "Rockets"), "utf-8")
    result = builder.build(["tracker.yaml"])
    assert result.full and len(told) == 1 and "Rockets" in told[0]
