"""Links: no broken internal link or anchor in the built site (a checker over the files)."""

from __future__ import annotations

from pathlib import Path

from linkcheck import check_site


def test_no_broken_internal_link_or_anchor(site_dir: Path) -> None:
    problems = check_site(site_dir)
    assert not problems, "broken internal links or anchors:\n" + "\n".join(problems)


def test_checker_finds_what_it_should(tmp_path: Path) -> None:
    """The checker itself: each kind of breakage is reported, good links are not."""
    (tmp_path / "claims" / "a").mkdir(parents=True)
    (tmp_path / "style.css").write_text("body { background: url(missing.png) }", "utf-8")
    (tmp_path / "claims" / "a" / "index.html").write_text(
        '<h1 id="top-heading">A</h1><a href="../../index.html#list">back</a>', "utf-8"
    )
    (tmp_path / "index.html").write_text(
        "\n".join(
            [
                '<link rel="stylesheet" href="style.css">',
                '<ul id="list"><li><a href="claims/a/index.html#top-heading">ok</a></ul>',
                '<a href="#list">ok</a> <a href="claims/a/">folder</a>',
                '<a href="https://example.org/x">external, not checked</a>',
                '<a href="claims/b/index.html">missing page</a>',
                '<a href="claims/a/index.html#nope">missing anchor</a>',
                '<a href="#gone">missing local anchor</a>',
                '<a href="/claims/a/index.html">root-relative</a>',
                '<a href="../outside.html">outside</a>',
                '<img src="logo.svg" alt="">',
            ]
        ),
        "utf-8",
    )
    problems = check_site(tmp_path)
    assert [p.split(": ", 1)[0] for p in problems] == [
        "index.html:3",
        "index.html:5",
        "index.html:6",
        "index.html:7",
        "index.html:8",
        "index.html:9",
        "index.html:10",
        "style.css:1",
    ], problems
