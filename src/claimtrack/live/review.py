"""serve's review page (``/__claimtrack/review``) and the line linking to it on every page.

The worklist is made from the analysis and problems of the build's own check
(``SiteBuilder.checked``), never from a second check, and only when the review page is
asked for: it is made while no build runs (the check's store and the positions' node
tree are the builder's), so an edit's build would wait for it.  At 10,000 claims the
first worklist takes seconds and the next ones a fraction of one (the store keeps each
archive's ranked sentences): made after every build, it slowed every edit's served page
(a claim's statement: 556 ms to 790 ms, a source's notes: 127 ms to 350 ms).  Other
pages never wait for it: their line gives the count once the review page has made the
list for this build, and links to the page without a count until then.
"""

from __future__ import annotations

import datetime as dt
import html
import threading

from ..check.analysis import Analysis
from ..check.worklist import line, worklist
from ..problems import Problem, sort_problems

# How long the review page waits for a running build before it says so.
WAIT_SECONDS = 30.0
PATH = "/__claimtrack/review"


class Review:
    """The worklist of one build's check, made once, when first asked for."""

    def __init__(
        self,
        analysis: Analysis,
        problems: list[Problem],  # the check's, perhaps unsorted (Checker.run's ordered)
        today: dt.date,
        builds: threading.Lock,  # held by each build (LiveServer)
    ) -> None:
        self._analysis: Analysis | None = analysis
        self._problems = problems
        self._today = today
        self._builds = builds
        self._made = threading.Lock()  # one thread makes it, the others wait for it
        self._items: list[Problem] | None = None

    def items(self, wait: bool) -> list[Problem] | None:
        """The worklist, made now if ``wait``; else None until the review page made it.
        None too when a build held the builder for longer than WAIT_SECONDS."""
        if self._items is not None or not wait:
            return self._items
        if not self._made.acquire(timeout=WAIT_SECONDS):
            return None
        try:
            if self._items is None and self._analysis is not None:
                if not self._builds.acquire(timeout=WAIT_SECONDS):
                    return None
                try:
                    self._items = worklist(
                        self._analysis, sort_problems(self._problems), self._today
                    )
                finally:
                    self._builds.release()
                self._analysis = None  # the next build's analysis replaces it: let it go
            return self._items
        finally:
            self._made.release()


def count_line(items: list[Problem] | None) -> str:
    """The line added to every served page: how many items, linking to the review page."""
    if items is None:
        words = "What needs an editor"
    elif not items:
        words = "Nothing needs an editor"
    else:
        n = len(items)
        words = f"{n} item{'s' * (n != 1)} need{'s' * (n == 1)} an editor"
    return (
        '<aside id="claimtrack-live-review" aria-label="claimtrack serve">'
        f'<a href="{PATH}">{words}</a></aside>'
    )


def review_page(items: list[Problem] | None, made: bool) -> bytes:
    """The worklist as a page of its own: one item a line, most urgent first."""
    title = "What needs an editor"
    if not made:
        body = "<p>No check has run yet: the first build stopped before it.</p>"
    elif items is None:
        body = "<p>A build is running; this page reloads when it ends.</p>"
    elif not items:
        body = "<p>Nothing needs an editor.</p>"
    else:
        n = len(items)
        lines = "".join(f"<li><code>{html.escape(line(item))}</code></li>" for item in items)
        body = (
            f"<p>{n} item{'s' * (n != 1)}, most urgent first, as "
            "<code>claimtrack review</code> lists them.</p>"
            f"<ol>{lines}</ol>"
        )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head><body><main>"
        f"<h1>{title}</h1>{body}</main></body></html>"
    ).encode()
