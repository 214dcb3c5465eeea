"""The one fact about revisions (check/revisions.py, Analysis.in_latest_revision and
removal): whether a quote's passage is in its source's latest revision, and between which
versions it went; found as quotes are proven, and kept in the store by content."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from claimtrack.check.analysis import Analysis
from claimtrack.check.revisions import Removal, changes, latest, removal
from claimtrack.check.store import CheckStore
from claimtrack.load import load_tracker
from claimtrack.records import Evidence

from .conftest import FIXTURES

DAY = dt.date(2026, 11, 30)
SEPT, OCT, NOV = dt.date(2026, 9, 1), dt.date(2026, 10, 1), dt.date(2026, 11, 15)
REMOVED = "It runs up to 3x faster than Rocket 1"
KEPT = "Acme announces the Rocket 2 engine."


def analysis(root: Path = FIXTURES / "revisions", store: CheckStore | None = None) -> Analysis:
    return Analysis(load_tracker(root), DAY, store)


def quote(source: str, text: str) -> Evidence:
    return Evidence(source=source, quote=text)


def test_never_rechecked_is_none() -> None:
    assert latest([]) is None
    assert removal([], [], [], SEPT) is None
    a = analysis(FIXTURES / "minimal")
    assert a.in_latest_revision(quote("acme-post", "Acme announces the Rocket 2 engine.")) is None


def test_a_passage_still_there_has_no_removal() -> None:
    a = analysis()
    ev = quote("acme-post", KEPT)
    assert a.revision_presence("acme-post", KEPT) == (True, True)
    assert a.in_latest_revision(ev) is True
    assert a.removal(ev) is None


def test_a_passage_removed_by_the_second_revision() -> None:
    a = analysis()
    ev = quote("acme-post", REMOVED)
    assert a.revision_presence("acme-post", REMOVED) == (True, False)
    assert a.in_latest_revision(ev) is False
    # Between the last revision that had it and the first that did not.
    assert a.removal(ev) == Removal(kept=OCT, removed=NOV, archived=SEPT, revision=1, gone=False)


def test_found_normalised_as_quotes_are() -> None:
    # Curly quotes, other white space: the revision's text is compared as the snapshot is.
    a = analysis()
    assert a.revision_presence("acme-post", "Acme  announces the\nRocket 2 engine.") == (True, True)


def test_a_gone_page_removed_everything_since_the_snapshot() -> None:
    a = analysis()
    ev = quote("beta-review", "found it twice as fast as Rocket 1")
    assert a.revision_presence("beta-review", ev.quote) == (False,)
    assert a.in_latest_revision(ev) is False
    assert a.removal(ev) == Removal(
        kept=SEPT, removed=dt.date(2026, 11, 20), archived=SEPT, revision=0, gone=True
    )


def test_a_quote_not_in_the_archived_copy_has_no_removal() -> None:
    # "The archived copy still has it" would be false: the quote check says what is wrong.
    a = analysis()
    ev = quote("acme-post", "It runs up to 9x faster")
    assert a.in_latest_revision(ev) is False
    assert a.removal(ev) is None


def test_removed_put_back_and_removed_again_went_the_second_time() -> None:
    dates = [OCT, NOV, dt.date(2026, 11, 20), dt.date(2026, 11, 25)]
    presence = [False, True, False, False]
    found = removal(presence, dates, [False] * 4, SEPT)
    assert found == Removal(
        kept=NOV, removed=dt.date(2026, 11, 20), archived=SEPT, revision=2, gone=False
    )
    assert changes(presence) == [0, 1, 2]
    assert removal([True, False, True], dates[:3], [False] * 3, SEPT) is None


def test_kept_in_the_store_by_the_revisions_content() -> None:
    store = CheckStore()
    first = analysis(store=store)
    first.find_quotes()  # every quote, in the snapshots and the revisions, at once
    revision = first.revision_texts("acme-post")[1]
    assert revision is not None
    assert store.quote_result(revision.sha256, REMOVED) is False
    assert store.quote_result(revision.sha256, KEPT) is True
    # Another run with the same store: the result is the kept one, whatever the text says.
    store.remember_quote(revision.sha256, REMOVED, True)
    assert analysis(store=store).in_latest_revision(quote("acme-post", REMOVED)) is True
