"""At 10,000 claims no page of the site is larger than 200 KB (issue 12): a reader on a
phone gets a page, never megabytes.  Slow (a tracker of 10,000 claims is written and
built, about a minute); CI runs it with the rest, ``-m "not slow"`` leaves it out."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimtrack.site import build_site

from .conftest import REPO
from .site_support import FIXTURE_TODAY

LIMIT = 200 * 1024


@pytest.mark.slow
def test_no_page_exceeds_200_kb_at_10000_claims(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    from make_tracker import make  # bench/make_tracker.py: the benchmarks' own tracker

    root, out = tmp_path / "tracker", tmp_path / "site"
    make(root, 10_000)
    # No search index: Pagefind writes no page, and indexing 10,000 pages took 9 of this
    # test's 24 s alone.
    result = build_site(root, out, today=FIXTURE_TODAY, search=False)
    assert result.pages > 10_000
    sizes = sorted((p.stat().st_size, p.relative_to(out).as_posix()) for p in out.rglob("*.html"))
    assert [page for size, page in sizes if size > LIMIT] == []
    # The listings are there: every claim, 100 a page.
    assert (out / "claims" / "page" / "100" / "index.html").is_file()
    assert not (out / "claims" / "page" / "101").exists()
