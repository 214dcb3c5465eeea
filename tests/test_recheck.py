"""`claimtrack recheck`: versions of the sources' pages served from 127.0.0.1, each judged
against the archived text (outcome, exit code, report), what --save writes (and that a
second --save writes nothing new), and what `check` says after it.

The fixture tests/fixtures/recheck holds an English, a French and a Traditional Chinese
source with their archived texts, and one source without an archived text; the port 1 in
their addresses is replaced by the test server's.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import FIXTURES, Result
from .page_server import LOCAL, PageServer, Response, page, serving

Runner = Callable[..., Result]
DAY = "2026-12-01"  # the day of the recheck: the fixture was archived the day before

SPEED = "It runs up to 3x faster than Rocket 1, says Acme."
ACME = ("Acme announces the Rocket 2 engine. " + SPEED, "The price was not announced.")
FR = "Acme dit que Rocket 2 est « jusqu'à 3 fois plus rapide » que Rocket 1."
ZH = "Acme 宣布推出 Rocket 2 引擎。它比 Rocket 1 快「三倍」。"
# Where the quotes stand in the fixture's claims.
SPEED_QUOTE = ("claims/rocket-speed.yaml", 16, 12)
PRICE_QUOTE = ("claims/rocket-price.yaml", 9, 12)


@pytest.fixture
def server() -> Iterator[PageServer]:
    with serving() as pages:
        yield pages


@pytest.fixture
def root(tmp_path: Path, server: PageServer) -> Path:
    return recheck_root(tmp_path, server)


def recheck_root(tmp_path: Path, server: PageServer) -> Path:
    """The fixture with its addresses on the test server, serving what was archived."""
    dest = tmp_path / "recheck"
    shutil.copytree(FIXTURES / "recheck", dest)
    for record in (dest / "sources").glob("*.yaml"):
        record.write_text(record.read_text().replace("http://127.0.0.1:1", server.base))
    server.routes.update(
        {
            "/acme": Response(body=page(*ACME)),
            "/fr": Response(body=page(FR, lang="fr")),
            "/zh": Response(body=page(ZH, lang="zh-Hant")),
            "/new": Response(body=page("Rocket 2 ships in May.")),
        }
    )
    return dest


def recheck(run_cli: Runner, root: Path, *args: str) -> tuple[int, list[dict[str, object]]]:
    result = run_cli("recheck", LOCAL, *args, "--root", root, "--today", DAY, "--format", "json")
    assert "Traceback" not in result.output
    return result.code, json.loads(result.out)


def one(run_cli: Runner, root: Path, sid: str, *args: str) -> tuple[int, dict[str, object]]:
    code, found = recheck(run_cli, root, sid, *args)
    assert len(found) == 1
    return code, found[0]


def problems(run_cli: Runner, root: Path) -> list[tuple[object, ...]]:
    result = run_cli("check", "--root", root, "--today", DAY, "--format", "json")
    return [(p["path"], p["line"], p["code"]) for p in json.loads(result.out)]


def files(root: Path) -> dict[str, bytes]:
    """Every file of sources/ (revisions included), by path."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted((root / "sources").rglob("*"))
        if p.is_file()
    }


def gone_quotes(found: dict[str, object]) -> list[tuple[object, ...]]:
    quotes = found["quotes"]
    assert isinstance(quotes, list)
    return [(q["path"], q["line"], q["column"]) for q in quotes if not q["present"]]


def saved_twice(run_cli: Runner, root: Path, sid: str) -> tuple[dict[str, object], int]:
    """Recheck ``sid`` with --save twice: the first run's report, and the second's exit code
    (the files after the second run are those after the first)."""
    _, first = one(run_cli, root, sid, "--save")
    after = files(root)
    code, second = one(run_cli, root, sid, "--save")
    assert second["saved"] == []
    assert files(root) == after
    return first, code


# -- unchanged ---------------------------------------------------------------------------


def test_an_unchanged_page(run_cli: Runner, root: Path) -> None:
    result = run_cli(
        "recheck", LOCAL, "acme-post", "fr-report", "zh-post", "--root", root, "--today", DAY
    )
    assert result.code == 0
    assert result.out.splitlines() == [
        "sources/acme-post.yaml:6:6: unchanged: the text reads as archived",
        "sources/fr-report.yaml:5:6: unchanged: the text reads as archived",
        "sources/zh-post.yaml:5:6: unchanged: the text reads as archived",
    ]
    before = files(root)
    code, _ = recheck(run_cli, root, "--save")
    assert code == 0
    # Only the source without an archived text got something: its first copy.
    assert {p for p in files(root) if files(root)[p] != before.get(p)} == {
        "sources/new-post.txt",
        "sources/new-post.html",
        "sources/new-post.yaml",
    }


def test_white_space_alone_is_no_change(run_cli: Runner, root: Path, server: PageServer) -> None:
    spaced = (
        "Acme  announces the Rocket 2\n engine.   " + SPEED,
        "\tThe price was not announced. ",
    )
    server.routes["/acme"] = Response(body=page(*spaced))
    before = files(root)
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"], found["saved"]) == (0, "unchanged", [])
    assert files(root) == before


# -- changed -----------------------------------------------------------------------------


def test_a_cited_sentence_reworded(run_cli: Runner, root: Path, server: PageServer) -> None:
    reworded = SPEED.replace("3x", "2x")
    server.routes["/acme"] = Response(body=page(ACME[0].replace("3x", "2x"), ACME[1]))
    result = run_cli("recheck", LOCAL, "acme-post", "--root", root, "--today", DAY)
    assert result.code == 1
    assert result.out.splitlines() == [
        "sources/acme-post.yaml:6:6: changed: 1 sentence added, 1 removed; "
        "1 of 2 cited quotes gone",
        # Each sentence named under the source's line (issue 26).
        f'  removed: "{SPEED}"',
        f'  added:   "{reworded}"',
        "claims/rocket-speed.yaml:16:12: quote gone from sources/acme-post (changed): "
        '"It runs up to 3x faster than Rocket 1"',
    ]
    record = (root / "sources/acme-post.yaml").read_text()
    first, again = saved_twice(run_cli, root, "acme-post")
    assert (first["added"], first["removed"]) == ([reworded], [SPEED])
    assert gone_quotes(first) == [SPEED_QUOTE]
    assert first["saved"] == [
        "sources/acme-post.revisions/2026-12-01.txt",
        "sources/acme-post.revisions/2026-12-01.html",
        "sources/acme-post.yaml",
    ]
    assert again == 0  # against the revision just kept, the page is unchanged
    text = (root / "sources/acme-post.revisions/2026-12-01.txt").read_text()
    assert text == f"{ACME[0].replace('3x', '2x')}\n{ACME[1]}\n"
    # The record as it was, with one entry appended after the snapshot.
    new = (root / "sources/acme-post.yaml").read_text()
    assert new.startswith(record[: record.index("archive_public:")])
    assert new.endswith(record[record.index("archive_public:") :])
    added = new[len(record[: record.index("archive_public:")]) : new.index("archive_public:")]
    assert added.splitlines()[:3] == [
        "revisions:",
        f"  - retrieved: {DAY}",
        "    outcome: changed",
    ]
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_cited_sentence_removed(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(body=page(ACME[0]))
    said = run_cli("recheck", LOCAL, "acme-post", "--root", root, "--today", DAY).out
    # The plain text names the sentence removed under the source's line; nothing added.
    assert said.splitlines()[1] == f'  removed: "{ACME[1]}"'
    assert "added:" not in said
    first, again = saved_twice(run_cli, root, "acme-post")
    assert (first["outcome"], first["added"], first["removed"]) == ("changed", [], [ACME[1]])
    assert gone_quotes(first) == [PRICE_QUOTE]
    assert again == 0
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_sentence_added_that_no_quote_touches(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    server.routes["/acme"] = Response(body=page(*ACME, "Rocket 3 is planned for 2028."))
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (1, "changed")
    assert (found["added"], found["removed"], gone_quotes(found)) == (
        ["Rocket 3 is planned for 2028."],
        [],
        [],
    )
    first, again = saved_twice(run_cli, root, "acme-post")
    assert first["saved"][0] == "sources/acme-post.revisions/2026-12-01.txt"
    assert again == 0
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


# -- moved -------------------------------------------------------------------------------


def test_a_redirect_to_another_path(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(301, location="/news/acme")
    server.routes["/news/acme"] = Response(body=page(*ACME))
    result = run_cli("recheck", LOCAL, "acme-post", "--root", root, "--today", DAY)
    assert result.code == 1
    assert result.out == (
        f"sources/acme-post.yaml:6:6: moved: {server.url('/acme')} now leads to "
        f"{server.url('/news/acme')}; the text reads as archived; 0 of 2 cited quotes gone\n"
    )
    first, again = saved_twice(run_cli, root, "acme-post")
    assert first["final_url"] == server.url("/news/acme")
    # Still moved on every run (the record's address still redirects), written once.
    assert again == 1
    record = (root / "sources/acme-post.yaml").read_text()
    assert f"    url: {server.url('/news/acme')}\n" in record
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_redirect_to_another_host(run_cli: Runner, root: Path, server: PageServer) -> None:
    # A second server on another port is another host (another origin) to the client.
    with serving() as other:
        other.routes["/acme"] = Response(body=page(ACME[0]))
        server.routes["/acme"] = Response(302, location=other.url("/acme"))
        code, found = one(run_cli, root, "acme-post", "--save")
        assert (code, found["outcome"], found["final_url"]) == (1, "moved", other.url("/acme"))
        assert found["removed"] == [ACME[1]] and gone_quotes(found) == [PRICE_QUOTE]
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


# -- gone, unreachable, refused ----------------------------------------------------------


@pytest.mark.parametrize("status", [404, 410])
def test_a_page_that_is_gone(run_cli: Runner, root: Path, server: PageServer, status: int) -> None:
    server.routes["/acme"] = Response(status, b"gone")
    first, again = saved_twice(run_cli, root, "acme-post")
    assert first["outcome"] == "gone"
    assert f"HTTP {status}" in str(first["reason"])
    assert gone_quotes(first) == [PRICE_QUOTE, SPEED_QUOTE]
    assert first["saved"] == ["sources/acme-post.yaml"]  # an entry, no file
    assert again == 1
    assert not (root / "sources/acme-post.revisions").exists()
    assert "    outcome: gone\n" in (root / "sources/acme-post.yaml").read_text()
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_server_error_is_unreachable(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(500, b"oops")
    before = files(root)
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"]) == (0, "unreachable")
    assert found["reason"] == "the server answered HTTP 500 Internal Server Error"
    assert files(root) == before
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_time_out_is_unreachable(run_cli: Runner, root: Path, server: PageServer) -> None:
    hold = threading.Event()
    server.routes["/acme"] = Response(body=page(*ACME), hold=hold)
    try:
        code, found = one(run_cli, root, "acme-post", "--timeout", "0.5", "--save")
    finally:
        hold.set()  # the client gave up: let the handler end
    assert (code, found["outcome"], found["reason"]) == (0, "unreachable", "no answer within 0.5 s")
    assert found["saved"] == []


def test_too_large_a_page_is_refused(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(body=b"<p>" + b"x" * (5 * 1024 * 1024) + b"</p>")
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"]) == (0, "refused")
    assert "more than the limit of 5242880" in str(found["reason"])
    assert found["saved"] == []


def test_a_page_that_is_not_html_is_refused(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    server.routes["/acme"] = Response(body=b"%PDF-1.7", content_type="application/pdf")
    result = run_cli("recheck", LOCAL, "acme-post", "--root", root, "--today", DAY)
    assert result.code == 0
    assert result.out == (
        "sources/acme-post.yaml:6:6: refused: the server sent application/pdf, not an HTML page\n"
    )


# -- other languages ---------------------------------------------------------------------


def test_chinese_typography_alone_is_no_change(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    # Spaces between CJK characters and other quotation marks: the same words.
    spaced = "Acme 宣布推出 Rocket 2 引擎。 它比 Rocket 1 快 “三倍” 。"
    server.routes["/zh"] = Response(body=page(spaced, lang="zh-Hant"))
    before = files(root)
    code, found = one(run_cli, root, "zh-post", "--save")
    assert (code, found["outcome"], files(root)) == (0, "unchanged", before)


def test_a_chinese_quote_reworded(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/zh"] = Response(body=page(ZH.replace("三倍", "兩倍"), lang="zh-Hant"))
    first, again = saved_twice(run_cli, root, "zh-post")
    assert (first["outcome"], first["removed"]) == ("changed", ["它比 Rocket 1 快「三倍」。"])
    assert first["added"] == ["它比 Rocket 1 快「兩倍」。"]
    assert gone_quotes(first) == [("claims/rocket-speed.yaml", 22, 12)]
    assert again == 0
    saved = (root / "sources/zh-post.revisions/2026-12-01.txt").read_text(encoding="utf-8")
    assert "兩倍" in saved
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_french_typography_alone_is_no_change(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    # Narrow no-break spaces inside the guillemets, a typographic apostrophe.
    typeset = "Acme dit que Rocket 2 est «\u202fjusqu’à 3 fois plus rapide\u202f» que Rocket 1."
    server.routes["/fr"] = Response(body=page(typeset, lang="fr"))
    before = files(root)
    code, found = one(run_cli, root, "fr-report", "--save")
    assert (code, found["outcome"], files(root)) == (0, "unchanged", before)


def test_a_french_quote_reworded(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/fr"] = Response(body=page(FR.replace("3 fois", "deux fois"), lang="fr"))
    found, again = saved_twice(run_cli, root, "fr-report")
    assert found["outcome"] == "changed" and again == 0
    assert gone_quotes(found) == [("claims/rocket-speed.yaml", 18, 12)]
    saved = (root / "sources/fr-report.revisions/2026-12-01.txt").read_text(encoding="utf-8")
    assert "« jusqu'à deux fois plus rapide »" in saved
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


# -- a source without an archived text ---------------------------------------------------


def test_a_source_without_an_archive_gets_its_first_copy(run_cli: Runner, root: Path) -> None:
    before = files(root)
    code, found = one(run_cli, root, "new-post")
    assert (code, found["outcome"], files(root)) == (0, "unarchived", before)
    record = (root / "sources/new-post.yaml").read_text()
    first, again = saved_twice(run_cli, root, "new-post")
    assert first["outcome"] == "archived"
    assert first["saved"] == [
        "sources/new-post.html",
        "sources/new-post.txt",
        "sources/new-post.yaml",
    ]
    assert (root / "sources/new-post.txt").read_text() == "Rocket 2 ships in May.\n"
    assert again == 0  # then compared with that copy
    # The empty snapshot: filled in under its comment, the rest as it was.
    new = (root / "sources/new-post.yaml").read_text()
    head, tail = record.split("snapshot:\n")
    assert new.startswith(head + "snapshot:\n  retrieved: 2026-12-01\n  sha256: ")
    assert new.endswith(tail)
    assert problems(run_cli, root) == []  # the quote it was waiting for is proven


# -- the command line --------------------------------------------------------------------


def test_an_unknown_source_is_a_usage_error(run_cli: Runner, root: Path) -> None:
    result = run_cli("recheck", LOCAL, "acme-pots", "--root", root)
    assert result.code == 2
    assert "no source 'acme-pots'" in result.err and "acme-post" in result.err


def test_a_source_without_an_address_is_a_usage_error(run_cli: Runner, root: Path) -> None:
    record = root / "sources/acme-post.yaml"
    record.write_text("\n".join(x for x in record.read_text().split("\n") if "url:" not in x))
    result = run_cli("recheck", LOCAL, "acme-post", "--root", root)
    assert result.code == 2
    assert "has no url" in result.err
    _, found = recheck(run_cli, root)
    assert [f["source"] for f in found] == ["fr-report", "new-post", "zh-post"]


def test_check_and_build_never_reach_the_network(
    run_cli: Runner, root: Path, server: PageServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.routes["/acme"] = Response(body=page(ACME[0]))
    one(run_cli, root, "acme-post", "--save")

    def refuse(*args: object) -> None:
        raise AssertionError("check and build must not reach the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    assert run_cli("check", "--root", root, "--today", DAY).code == 0
    assert run_cli("build", "--root", root, "--today", DAY, "--out", root / "site").code == 0


def test_a_second_version_of_the_same_day(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(body=page(ACME[0]))
    one(run_cli, root, "acme-post", "--save")
    server.routes["/acme"] = Response(body=page(*ACME))  # the sentence is back
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"], found["added"]) == (1, "changed", [ACME[1]])
    assert found["saved"][:2] == [
        "sources/acme-post.revisions/2026-12-01-2.txt",
        "sources/acme-post.revisions/2026-12-01-2.html",
    ]
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]
    # Edited afterwards, a revision fails its hash, even in a check replayed from the cache.
    age(root)
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]
    kept = root / "sources/acme-post.revisions/2026-12-01.txt"
    kept.write_text(kept.read_text() + "Edited.\n")
    age(root)
    assert ("sources/acme-post.yaml", 16, "snapshot-mismatch") in problems(run_cli, root)


def age(root: Path) -> None:
    """Date every file an hour back: a file written within two seconds is never trusted by
    its stamp, so a check would never be replayed from the cache."""
    when = time.time_ns() - 3600 * 10**9
    for path in root.rglob("*"):
        os.utime(path, ns=(when, when))


def test_save_never_writes_over_a_file(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(body=page(ACME[0]))
    (root / "sources/acme-post.revisions").mkdir()
    (root / "sources/acme-post.revisions/2026-12-01.html").write_text("mine")
    before = files(root)
    result = run_cli("recheck", LOCAL, "acme-post", "--save", "--root", root, "--today", DAY)
    assert result.code == 1
    assert result.out.splitlines()[1] == (
        "sources/acme-post.yaml:6:6: error: not saved: "
        "sources/acme-post.revisions/2026-12-01.html already exists; it is not overwritten"
    )
    assert files(root) == before


def test_a_page_back_after_it_was_gone(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(404, b"gone")
    one(run_cli, root, "acme-post", "--save")
    server.routes["/acme"] = Response(body=page(*ACME))
    result = run_cli("recheck", LOCAL, "acme-post", "--save", "--root", root, "--today", DAY)
    assert result.code == 1
    assert result.out.startswith(
        "sources/acme-post.yaml:6:6: changed: the text reads as archived; "
        f"the page is back (gone on {DAY}); 0 of 2 cited quotes gone; "
        "wrote sources/acme-post.revisions/2026-12-01.txt"
    )
    assert problems(run_cli, root) == [("claims/rocket-speed.yaml", 26, "quote-unchecked")]


def test_a_tracker_without_urls_says_there_is_nothing_to_recheck(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")  # its sources give no url: none is ever invented
    result = run_cli("recheck", LOCAL, "--root", root)
    assert (result.code, result.out) == (0, "")
    assert result.err == "claimtrack: no source has a url: there is nothing to recheck\n"
    result = run_cli("recheck", LOCAL, "--root", root, "--format", "json")
    assert (result.code, result.out.strip(), result.err) == (0, "[]", "")


def test_a_source_that_does_not_load_is_said_with_its_problems(
    run_cli: Runner, tmp_path: Path, server: PageServer
) -> None:
    """A new tracker whose one source `new source --url` started: its kind still empty, and
    its language too (the page states none), the record does not load.  recheck says so,
    with its problems as check gives them, and fails (not "nothing to recheck")."""
    root = tmp_path / "tracker"
    assert run_cli("init", root).code == 0
    server.routes["/plain"] = Response(
        body=b"<html><body><article><p>" + ACME[0].encode() + b"</p></article></body></html>"
    )
    made = run_cli("new", "source", "acme", "--url", server.url("/plain"), LOCAL, "--root", root)
    assert made.code == 0, made.output
    checked = run_cli("check", "--root", root, "--today", DAY)
    errors = [ln for ln in checked.out.splitlines() if ln.startswith("sources/acme.yaml:")]
    assert any("language" in ln for ln in errors) and any("kind" in ln for ln in errors)
    for args in ([], ["acme"]):
        result = run_cli("recheck", *args, LOCAL, "--root", root, "--today", DAY)
        assert (result.code, result.out) == (2, "")
        assert result.err.splitlines() == [
            *errors,
            f"{len(errors)} errors, 0 warnings",
            "claimtrack: sources/acme.yaml does not load: nothing was rechecked; fix it first "
            "(see `claimtrack check`)",
        ]
