"""A build in a new process renders only the outputs whose key changed since the last one
(site/last_build.py): written in place (a commit), or, when it makes a new folder (its
search index would go stale), with the rest hard-linked from the old site.  Either way
the same site as a cold build, byte for byte, and the old site whole if it fails."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claimtrack.load.cache import Cache
from claimtrack.site import BuildResult, SiteBuilder, build_site
from claimtrack.site import build as site_build

from .conftest import FIXTURES, TODAY
from .site_support import files_of

DAY = dt.date.fromisoformat(TODAY)


def _copy(tmp: Path, name: str = "languages") -> Path:
    root = tmp / name
    shutil.copytree(FIXTURES / name, root)
    return root


def _warm(root: Path, out: Path, *, search: bool = False) -> BuildResult:
    """A build as a new process makes it: the cache read again from the disk."""
    return build_site(root, out, today=DAY, cache=Cache.open(root), search=search)


def _pages(folder: Path) -> dict[str, bytes]:
    """The site without its search index (Pagefind's chunks differ from run to run)."""
    return {p: b for p, b in files_of(folder).items() if "pagefind/" not in p}


def _edit_statement(root: Path) -> None:
    claim = sorted((root / "claims").glob("*.yaml"))[0]
    text = claim.read_text(encoding="utf-8")
    claim.write_text(text.replace("statement: ", "statement: Edited, ", 1), encoding="utf-8")


def _inodes(folder: Path) -> dict[str, int]:
    return {p: os.stat(folder / p).st_ino for p in files_of(folder)}


def test_a_warm_build_renders_what_an_update_in_memory_renders(tmp_path: Path) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    first = _warm(root, out)
    assert first.rendered == first.pages
    old, old_inodes = files_of(out), _inodes(out)
    # The same edit through serve's builder: it renders exactly the pages whose key changed.
    twin, twin_out = _copy(tmp_path / "twin"), tmp_path / "twin-out"
    builder = SiteBuilder(twin, twin_out, DAY, Cache.disabled(), search=False)
    builder.build()
    _edit_statement(twin)
    in_memory = builder.build()
    assert not in_memory.full
    _edit_statement(root)
    warm = _warm(root, out)
    assert not warm.full and 0 < warm.rendered == in_memory.rendered < warm.pages
    cold_out = tmp_path / "cold"
    build_site(root, cold_out, today=DAY, search=False)
    assert files_of(out) == files_of(cold_out)
    # Written in place: a file whose bytes changed is a new file (renamed over the old
    # one), every other one the very file the first build wrote.
    inodes = _inodes(out)
    new = files_of(out)
    changed = {p for p in new if old.get(p) != new[p]}
    assert 0 < warm.written == len(changed)
    assert all(inodes[p] != old_inodes[p] for p in changed)
    made = {".claimtrack-site", *changed}  # the marker: written again by every commit
    assert {p: i for p, i in inodes.items() if p not in made} == {
        p: i for p, i in old_inodes.items() if p not in made
    }
    again = _warm(root, out)
    assert again.rendered == 0 and again.written == 0 and not again.full
    assert _inodes(out) == inodes


def test_the_key_digests_are_the_same_in_another_process(tmp_path: Path) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    script = (
        "import datetime as dt, sys\n"
        "from pathlib import Path\n"
        "from claimtrack.load.cache import Cache\n"
        "from claimtrack.site import build_site\n"
        "root = Path(sys.argv[1])\n"
        "r = build_site(root, Path(sys.argv[2]), today=dt.date(2026, 11, 30),"
        " cache=Cache.open(root), search=False)\n"
        "print(r.rendered, r.pages)\n"
    )
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", script, str(root), str(out)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append([int(n) for n in done.stdout.split()])
    (first, pages), (second, _) = runs
    assert first == pages and second == 0


def test_a_file_edited_in_the_site_is_made_again(tmp_path: Path) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    _warm(root, out)
    page = out / "index.html"
    good = page.read_bytes()
    with open(page, "r+b") as handle:  # in place: the same inode
        handle.write(b"<!-- edited -->")
    _warm(root, out)
    assert page.read_bytes() == good


def test_another_theme_renders_everything(tmp_path: Path) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    _warm(root, out)
    (root / "static").mkdir()
    (root / "static" / "extra.css").write_text("p {}\n")
    result = _warm(root, out)
    assert result.rendered < result.pages  # static files are not the templates
    (root / "templates").mkdir()
    footer = FIXTURES.parent.parent / "src" / "claimtrack" / "templates" / "footer.html"
    (root / "templates" / "footer.html").write_bytes(footer.read_bytes() + b"\n")
    result = _warm(root, out)
    assert result.rendered == result.pages


def test_a_failed_warm_build_leaves_the_old_site_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    _warm(root, out)
    before, inodes = files_of(out), _inodes(out)
    _edit_statement(root)
    from claimtrack.site.publish import commit

    real = commit._stage
    calls = []

    def failing(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:  # one changed file staged beside the site, the others not
            raise OSError(28, "No space left on device")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(commit, "_stage", failing)
    with pytest.raises(OSError):
        _warm(root, out)
    assert files_of(out) == before and _inodes(out) == inodes
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    monkeypatch.undo()
    result = _warm(root, out)  # and the next build still writes in place
    assert not result.full and 0 < result.rendered < result.pages


def test_where_a_link_cannot_be_made_the_file_is_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, out = _copy(tmp_path), tmp_path / "out"
    _warm(root, out, search=True)
    _edit_statement(root)
    # Any change as if most pages changed: a new folder, the unchanged files linked.
    monkeypatch.setattr(site_build, "FULL_REBUILD_MIN", 0)
    monkeypatch.setattr(site_build, "FULL_REBUILD_SHARE", 0.0)

    def no_link(*_: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", no_link)
    old_inodes = _inodes(out)
    warm = _warm(root, out, search=True)
    assert warm.full and 0 < warm.rendered < warm.pages  # copied, not rendered
    build_site(root, tmp_path / "cold", today=DAY, search=True)
    assert _pages(out) == _pages(tmp_path / "cold")
    assert not set(_inodes(out).items()) & set(old_inodes.items())
    monkeypatch.undo()
    assert _warm(root, out, search=True).rendered == 0  # the copies' stamps were kept
