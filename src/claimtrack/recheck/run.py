"""One source fetched again and judged against its latest archived version.

The page is fetched by the one fetcher (web/fetch.py, with the limits `new source --url`
has) and its main text extracted the one way (web/page.page_text).  The latest
archived version is the text of the source's latest revision that kept one, else
``sources/<id>.txt``.  ``moved`` and ``gone`` describe the record's address: they are
found on every run until the record's ``url`` changes; what `--save` writes is only what
the latest revision does not already hold (recheck/save.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ClaimtrackError
from ..load import Loaded, Tracker
from ..load.files import PAGE_MAX_BYTES
from ..records import Revision, RevisionOutcome, Source
from ..web.copies import Page, read_page
from ..web.fetch import FetchFailed, fetch
from .compare import QuoteState, cited_quotes, compare_texts, quote_states

# Every outcome a recheck reports.  changed, moved and gone are kept as revisions (the
# RevisionOutcome values); unchanged, unreachable and refused are only reported; a source
# without an archived text is "unarchived", or "archived" once --save gave it its first copy.
OUTCOMES = ("unchanged", "changed", "moved", "gone", "unreachable", "refused", "unarchived")
# The outcomes that make the command exit 1: the page differs from what the record holds.
NEWS = frozenset({"changed", "moved", "gone"})


@dataclass(slots=True)
class SourceRecheck:
    """One source's recheck: its outcome and what the report and --save need."""

    source: str
    path: str  # sources/<id>.yaml
    line: int  # of its url: value
    column: int
    url: str
    outcome: str
    final_url: str | None = None  # where the page was found, after redirects
    reason: str = ""  # why unreachable, refused or gone; what changed otherwise
    quotes: tuple[QuoteState, ...] = ()
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    same_text: bool = True  # whether the text reads as the latest archived version
    page: Page | None = None
    saved: list[str] = field(default_factory=list)  # the files --save wrote (record last)
    error: str = ""  # why --save could not write it


def latest_text(tracker: Tracker, source_id: str) -> str | None:
    """The text of the source's latest archived version: its latest revision's that kept a
    file, else the snapshot's; None without either."""
    copy = tracker.latest_revision_text(source_id) or tracker.archives.get(source_id)
    return copy.text if copy is not None else None


def latest_revision(source: Source) -> Revision | None:
    return source.revisions[-1] if source.revisions else None


def recheck(
    tracker: Tracker, source_id: str, timeout: float, allow_private: bool = False
) -> SourceRecheck:
    """Fetch the source's page again and judge it (nothing written).  ``allow_private``:
    the page may be fetched from an address that is not public (web/connect.py)."""
    loaded: Loaded[Source] = tracker.sources[source_id]
    url = loaded.record.url
    assert url is not None, source_id  # the caller picks sources with an address
    line, column = loaded.positions.value(("url",))
    found = SourceRecheck(source_id, loaded.path, line, column, url, "unchanged")
    quotes = cited_quotes(tracker, source_id)
    try:
        fetched = fetch(url, timeout, PAGE_MAX_BYTES, allow_private)
    except FetchFailed as exc:
        found.outcome, found.reason = exc.failure, exc.reason
        if exc.failure == "gone":
            found.quotes = quote_states(quotes, None)
        return found
    found.final_url = fetched.url
    try:
        _, found.page = read_page(fetched.body, fetched.charset, "the page")
    except ClaimtrackError as exc:
        found.outcome, found.reason = "refused", str(exc).removeprefix("the page: ")
        return found
    new_text = found.page.text.decode("utf-8")
    old_text = latest_text(tracker, source_id)
    if old_text is None:
        found.outcome = "unarchived"
        found.reason = "no archived text to compare with"
        found.quotes = quote_states(quotes, new_text)
        return found
    diff = compare_texts(old_text, new_text, loaded.record.language)
    found.added, found.removed, found.same_text = diff.added, diff.removed, diff.same
    found.quotes = quote_states(quotes, new_text)
    latest = latest_revision(loaded.record)
    if fetched.redirected:
        found.outcome = "moved"
    elif not diff.same:
        found.outcome = "changed"
    elif latest is not None and latest.outcome is RevisionOutcome.GONE:
        found.outcome = "changed"
        found.reason = f"the page is back (gone on {latest.retrieved.isoformat()})"
    return found


def revision_entry(found: SourceRecheck, day: str) -> dict[str, str | None] | None:
    """The revisions: entry --save appends for ``found`` (None: nothing to keep)."""
    if found.outcome == "gone":
        return {"retrieved": day, "outcome": RevisionOutcome.GONE.value}
    if found.outcome not in ("changed", "moved") or found.page is None:
        return None
    return {
        "retrieved": day,
        "outcome": found.outcome,
        "url": found.final_url if found.outcome == "moved" else None,
        "sha256": found.page.sha256,
        "html_sha256": found.page.html_sha256,
    }


def is_news_to(entry: dict[str, str | None], latest: Revision | None) -> bool:
    """Whether ``entry`` holds what the latest revision does not: a page still gone, or
    still moved to the same address with the same text, is written once."""
    if latest is None or entry["outcome"] != latest.outcome.value:
        return True
    if latest.outcome is RevisionOutcome.GONE:
        return False
    if latest.outcome is RevisionOutcome.MOVED:
        return entry["url"] != latest.url or entry["sha256"] != latest.sha256
    return True  # changed: its text differs from the latest kept one, or it would not be
