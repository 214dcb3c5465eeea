"""The claim's timeline (issue 26 §5): one dated list, newest first, of everything that
happened to a claim, computed from its records: the claim made (its source's date), each
status change, each source version that touched a cited passage, each correction, each
revision by its claimant, each measurement; every event headed by a word for its kind."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from claimtrack.site.html.changes.timeline import timeline_item
from claimtrack.site.html.templating import make_environment
from claimtrack.site.html.theme import Theme
from claimtrack.site.model.claim.timeline import Event, Kind, SourceVersion
from claimtrack.site.model.localized import Localized
from claimtrack.site.model.revisions import PassageState, RevisionView
from claimtrack.site.model.views import SourceRef

from .conftest import FIXTURES, SiteOf
from .site_support import FIXTURE_TODAY


@pytest.fixture(scope="module")
def revisions(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "revisions", FIXTURE_TODAY)


@pytest.fixture(scope="module")
def measured(site_of: SiteOf) -> Path:
    return site_of(FIXTURES / "measured", FIXTURE_TODAY)


def events(site: Path, rel: str) -> list[tuple[str, str, str]]:
    """(class, date, kind word or badge) of each event, in page order."""
    page = (site / rel).read_text(encoding="utf-8")
    section = page.split('<h2 id="history-h">', 1)[1].split("</section>", 1)[0]
    out = []
    for item in re.findall(r"<li(?: class=\"([^\"]*)\")?>\n(.*?)\n</li>", section, re.S):
        cls, body = item
        head = re.search(r'<p class="timeline-head"><time datetime="([^"]+)">', body)
        if head is None:  # a status change's head says the date as |date does
            head = re.search(r'datetime="(\d{4}-\d\d-\d\d)"', body)
        assert head is not None, body
        kind = re.search(r'class="(?:event-kind|badge [^"]*)">([^<]+)<', body)
        assert kind is not None, body
        out.append((cls or "status", head.group(1), kind.group(1)))
    return out


def test_the_timeline_lists_every_event_newest_first(revisions: Path) -> None:
    got = events(revisions, "claims/rocket-speed/index.html")
    assert got[0] == ("event-source-version", "2026-11-15", "Source changed")
    assert got[-1] == ("event-made", "2026-09-01", "Claim made")
    dates = [d for _, d, _ in got]
    assert dates == sorted(dates, reverse=True)
    assert any(kind == "Unverified" for _, _, kind in got)  # the status change's badge


def test_a_source_version_names_the_passage_it_took_away(revisions: Path) -> None:
    page = (revisions / "claims/rocket-speed/index.html").read_text(encoding="utf-8")
    section = page.split('<h2 id="history-h">', 1)[1].split("</section>", 1)[0]
    version = section.split('<li class="event-source-version">', 1)[1].split("</li>\n</ul>")[0]
    assert "A new version of" in version and "acme-post" in version
    assert (
        '<span class="passage-state">no longer has this passage:</span> '
        '<q lang="en">It runs up to 3x faster than Rocket 1</q>'
    ) in version
    # A page taken down is a version too, and says so.
    tested = events(revisions, "claims/rocket-tested/index.html")
    assert tested[0] == ("event-source-version", "2026-11-20", "Source changed")
    page = (revisions / "claims/rocket-tested/index.html").read_text(encoding="utf-8")
    assert '<span class="event-note">Gone (HTTP 404 or 410)</span>' in page


def test_each_measurement_is_an_event(measured: Path) -> None:
    got = events(measured, "claims/zephyr-turbo-4x/index.html")
    measurements = [(d, k) for cls, d, k in got if cls == "event-measurement"]
    assert [d for d, _ in measurements] == ["2026-10-15", "2026-09-20", "2026-09-03"]
    assert {k for _, k in measurements} == {"Measured"}
    page = (measured / "claims/zephyr-turbo-4x/index.html").read_text(encoding="utf-8")
    assert "Orbit Review measured" in page


def test_the_kind_words_are_translated(revisions: Path) -> None:
    fr = events(revisions, "fr/claims/rocket-speed/index.html")
    zh = events(revisions, "zh-hant/claims/rocket-speed/index.html")
    assert fr[0][2] != "Source changed" and zh[0][2] != "Source changed"
    assert fr[-1][2] != "Claim made" and zh[-1][2] != "Claim made"


def test_a_passage_back_in_a_later_version_is_said_so() -> None:
    """A version that brings a quoted passage back (none of the fixtures has one) says so
    in words, the passage in its source's language."""
    env, _ = make_environment(Theme({}, {}))
    ref = SourceRef("acme-post", Localized("Acme announces Rocket 2", "en"), "en")
    back = PassageState("It runs up to 3x faster", True, True)
    revision = RevisionView(2, dt.date(2026, 11, 20), "changed", "Changed", None, (back,))
    event = Event(
        dt.date(2026, 11, 20), Kind.SOURCE_VERSION, version=SourceVersion(ref, revision, (back,))
    )
    html = str(timeline_item(env, event, "../../", "../../"))
    assert '<span class="event-kind">Source changed</span>' in html
    assert (
        '<span class="passage-state">has this passage again:</span> '
        '<q lang="en">It runs up to 3x faster</q>'
    ) in html
