"""serve's review page: the worklist of the build's own check, at /__claimtrack/review, and
a line linking to it on every served page (never in the built files).

Every wait polls with a deadline; nothing sleeps to synchronise.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import threading
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from claimtrack.check import run_checks
from claimtrack.check.worklist import line, worklist
from claimtrack.codes import Code
from claimtrack.live import LiveServer
from claimtrack.live.http import inject
from claimtrack.live.review import Review, count_line
from claimtrack.live.state import View
from claimtrack.load import load_tracker
from claimtrack.problems import report

from .test_review import EXPECTED, REVIEW, REVIEW_DAY
from .test_serve import fetch, poll

REVIEW_PAGE = "__claimtrack/review"


@pytest.fixture
def served(tracker: Callable[[str], Path]) -> Iterator[tuple[LiveServer, Path]]:
    root = tracker("review")
    terminal = io.StringIO()
    server = LiveServer(
        root,
        root / "site",
        port=0,
        today=dt.date.fromisoformat(REVIEW_DAY),
        interval=0.05,
        events=False,
        stdout=terminal,
        stderr=terminal,
        search=False,
    )
    server.start()
    try:
        yield server, root
    finally:
        server.stop()


def places(page: str) -> list[tuple[str, str]]:
    """(path:line:col, code) of each item the review page lists, in its order."""
    return [
        (m.group(1), m.group(2))
        for m in re.finditer(r"<li><code>(\S+:\d+:\d+): .*? \[([a-z0-9-]+)\]</code></li>", page)
    ]


def test_every_page_links_to_the_worklist_and_the_page_lists_it(
    served: tuple[LiveServer, Path],
) -> None:
    server, root = served
    # A page asked before the review page: its line has no count, and the worklist is not
    # made for it (it would hold up the next edit's build).
    status, page = fetch(server.url + "claims/z1-price/")
    assert '<a href="/__claimtrack/review">What needs an editor</a></aside>' in page
    made = server.live.view().review
    assert made is not None and made.items(wait=False) is None
    status, review = fetch(server.url + REVIEW_PAGE)  # it waits for the worklist
    assert status == 200
    assert places(review) == EXPECTED
    status, page = fetch(server.url + "claims/z1-price/")
    assert status == 200
    assert '<a href="/__claimtrack/review">15 items need an editor</a></aside>' in page
    assert page.index('id="claimtrack-live-review"') < page.index("/__claimtrack/live.js")
    assert '<link rel="stylesheet" href="/__claimtrack/live.css">' in page
    assert "claimtrack-live-errors" not in page  # the build is fine: no error banner
    assert "<h1>What needs an editor</h1>" in review
    assert 'id="claimtrack-live-review"' not in review  # no line linking to itself
    assert "/__claimtrack/live.js" in review  # it reloads after an edit like any page
    # Served only: nothing of it is in the site folder.
    built = (root / "site" / "claims" / "z1-price" / "index.html").read_text(encoding="utf-8")
    assert "claimtrack-live-review" not in built
    assert not (root / "site" / "__claimtrack").exists()
    assert "text/css" in fetch_type(server.url + "__claimtrack/live.css")


def fetch_type(url: str) -> str:
    with urllib.request.urlopen(url, timeout=15) as response:
        return str(response.headers["Content-Type"])


def test_the_worklist_follows_each_build(served: tuple[LiveServer, Path]) -> None:
    server, root = served
    claim = root / "claims" / "z1-price.yaml"
    good = claim.read_text(encoding="utf-8")
    # review_by moved forward: the stale item goes.
    claim.write_text(good.replace("review_by: 2026-12-31", "review_by: 2027-06-30"))
    review = poll(
        server.url + REVIEW_PAGE,
        lambda s, b: s == 200 and len(places(b)) == 14,
        "the worklist without the stale claim",
    )
    assert places(review) == EXPECTED[1:]
    # Once the review page has made the list, every page gives its count.
    poll(server.url, lambda s, b: "14 items need an editor" in b, "the count on a page")
    # A broken edit: the build stops at the check, whose errors head the worklist.
    claim.write_text(good.replace("kind: omission", "kind: omision"))
    review = poll(
        server.url + REVIEW_PAGE,
        lambda s, b: "[invalid-choice]" in b,
        "the check's error in the worklist",
    )
    assert places(review)[0] == ("claims/z1-price.yaml:7:7", "invalid-choice")
    page = poll(server.url, lambda s, b: "claimtrack-live-errors" in b, "the error banner")
    assert '<a href="/__claimtrack/review">' in page


def test_the_line_never_waits_for_a_build() -> None:
    """While the worklist is not made, a page's line links to it without a count and
    starts making it, in a thread that waits for the running build."""
    today = dt.date.fromisoformat(REVIEW_DAY)
    analysis, problems = run_checks(load_tracker(REVIEW), today)
    expected = worklist(analysis, problems, today)
    builds = threading.Lock()
    review = Review(analysis, problems, today, builds)
    with builds:  # a build runs
        page = inject(b"<body><p>x</p></body>", View(2, True, review=review))
        assert b'<a href="/__claimtrack/review">What needs an editor</a>' in page
        assert review.items(wait=False) is None
    # The page started making it, in a thread that waited for the build: it is made now,
    # once, from the check it was given.
    made = review.items(wait=True)
    assert made == expected
    assert review.items(wait=False) is made
    page = inject(b"<body><p>x</p></body>", View(2, True, review=review))
    assert b'<a href="/__claimtrack/review">15 items need an editor</a>' in page
    assert count_line(expected).endswith(">15 items need an editor</a></aside>")
    assert count_line([]).endswith(">Nothing needs an editor</a></aside>")
    one = report("claims/a.yaml", (1, 1), Code.REVIEW_UNCITED, "<b>x</b>")
    assert "1 item needs an editor" in count_line([one])
    assert line(one) == "claims/a.yaml:1:1: <b>x</b> [review-uncited]"
