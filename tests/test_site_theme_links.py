"""templates/ and static/ follow one rule: a link out of the tracker is a problem, never read."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimtrack.errors import DataError

from .site_support import build, files_of, minimal_copy

SECRET = "SECRET-OUTSIDE-THE-TRACKER"
HINT = "symbolic link points outside the tracker; copy the file in [symlink-outside]"


def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "404.html").write_text(f"<p>{SECRET}</p>\n", encoding="utf-8")
    (folder / "extra.css").write_text(f"/* {SECRET} */\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("link", "target", "shown"),
    [
        ("templates/404.html", "404.html", "templates/404.html"),
        ("templates", "", "templates"),
        ("static/extra.css", "extra.css", "static/extra.css"),
        ("static", "", "static"),
    ],
)
def test_a_link_out_of_the_tracker_is_a_problem(
    tmp_path: Path, link: str, target: str, shown: str
) -> None:
    root = minimal_copy(tmp_path)
    path = root / link
    path.parent.mkdir(exist_ok=True)
    path.symlink_to(outside(tmp_path) / target)
    with pytest.raises(DataError) as caught:
        build(root, tmp_path / "site")
    assert [p.format() for p in caught.value.problems] == [f"{shown}:1:1: error: {HINT}"]
    assert not (tmp_path / "site").exists()


def test_links_inside_the_tracker_are_followed_in_both_folders(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    theme = root / "theme"
    theme.mkdir()
    (theme / "404.html").write_text("<p>themed 404</p>\n", encoding="utf-8")
    (theme / "extra.css").write_text("body { color: black; }\n", encoding="utf-8")
    (root / "templates").mkdir()
    (root / "templates" / "404.html").symlink_to("../theme/404.html")
    (root / "static").symlink_to("theme")
    site = files_of(build(root, tmp_path / "site").out)
    assert site["404.html"] == b"<p>themed 404</p>\n"
    assert site["static/extra.css"] == b"body { color: black; }\n"
    assert site["static/404.html"] == b"<p>themed 404</p>\n"  # static/ is the whole folder
