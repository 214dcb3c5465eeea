"""Rendering: markupsafe's escaping made faster, shared header and footer, fragments."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from claimtrack.errors import DataError
from claimtrack.records import Status
from claimtrack.site.html.escaping import _escape_chars, escape_text, output_escape
from claimtrack.site.html.fragments import evidence_item, history_item
from claimtrack.site.html.templating import make_environment
from claimtrack.site.html.theme import Theme, load_theme
from claimtrack.site.model.localized import Localized
from claimtrack.site.model.views import STATUSES, EvidenceView, HistoryView, SourceRef

from .conftest import FIXTURES
from .regen_expected import EXPECTED
from .site_support import build, files_of, minimal_copy, pages_of

TRICKY = "<a href=\"x\">it's</a> & 'more' — 中文 &amp;"


class _Html:
    def __html__(self) -> str:
        return "<b>trusted</b>"


@pytest.mark.parametrize(
    "value",
    [TRICKY, "", Markup("<i>safe</i>"), 8, 2.5, None, dt.date(2026, 10, 2), Status.FALSE, _Html()],
)
def test_output_escape_writes_what_markupsafe_writes(value: object) -> None:
    assert output_escape(value) == str(escape(value))


def test_escape_text_is_markupsafe_for_strings() -> None:
    assert escape_text(TRICKY) == str(escape(TRICKY))
    assert _escape_chars(TRICKY) == str(escape(TRICKY))  # without markupsafe's C loop


def test_templates_escape_each_output_like_markupsafe(tmp_path: Path) -> None:
    env, problems = make_environment(load_theme(tmp_path))
    assert problems == []
    template = env.from_string("{{ a }}|{{ b }}|{% set c %}{{ a }}{% endset %}{{ c }}")
    assert template.root_render_func.__globals__["escape"] is output_escape
    html = template.render(a=TRICKY, b=Markup("<i>kept</i>"))
    assert html == f"{escape(TRICKY)}|<i>kept</i>|{escape(TRICKY)}"


def test_a_header_override_shows_on_every_page(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    (root / "templates").mkdir()
    (root / "templates" / "header.html").write_text(
        '<p class="marker">{{ site.title }} at {{ nav.rel }}index.html '
        "({{ nav.section }}/{{ nav.current }})</p>\n",
        encoding="utf-8",
    )
    out = tmp_path / "site"
    build(root, out)
    pages = {p: b.decode() for p, b in files_of(out).items() if p.endswith(".html")}
    marker = '<p class="marker">Rocket 2 claims at {}index.html ({})</p>\n<main'
    assert marker.format("", "claims/claims") in pages["index.html"]
    assert marker.format("../", "sources/sources") in pages["sources/index.html"]
    assert marker.format("../../", "claims/") in pages["claims/rocket-speed/index.html"]
    assert marker.format("../../", "sources/") in pages["sources/fr-report/index.html"]
    assert marker.format("", "/") in pages["404.html"]


def test_a_shared_part_sees_only_nav_and_site(tmp_path: Path) -> None:
    """It is reused between pages, so reading a page's own data must fail, not go stale."""
    root = minimal_copy(tmp_path)
    (root / "templates").mkdir()
    (root / "templates" / "footer.html").write_text("<p>{{ page.title }}</p>\n", "utf-8")
    with pytest.raises(DataError) as caught:
        build(root, tmp_path / "site")
    [problem] = caught.value.problems
    assert (problem.path, problem.line, problem.code) == (
        "templates/footer.html",
        1,
        "template-error",
    )
    assert "'page' is undefined" in problem.message


def test_overrides_written_for_the_earlier_templates_still_give_the_same_pages(
    tmp_path: Path,
) -> None:
    """base.html and claim.html as packaged before the header, footer and fragments moved.
    Their pages lack only what came later: quotes in context (issue 10), claimed versus
    measured (issue 11), search's box in the header and its markup on claim pages, the
    links from a claim's status, kind, topics and claimant to their listings (issue 12),
    an omission's claimant said as who noted it (issue 25), and the footer's link to the
    corrections and its feed's name (issue 26), the code to embed a claim (issue 27).  Their history is the history (claim.history, in the records'
    order), where the packaged template has the timeline (issue 26): both are left out of
    the comparison, and the earlier one is checked to list every entry, oldest first."""
    root = minimal_copy(tmp_path)
    shutil.copytree(FIXTURES / "theme-before-issue-9" / "templates", root / "templates")
    out = tmp_path / "site"
    build(root, out)
    later = re.compile(
        rb'<div class="in-context"[^>]*>\n.*?</div>\n|<section aria-labelledby="measured-h".*?</section>\n'
        rb'|<form class="site-search".*?</form>\n'
        rb"|<div hidden data-pagefind-ignore>\n.*?</div>\n| data-pagefind-body"
        rb"| data-pagefind-ignore(?=>)"
        rb'|<p><a href="[./]*corrections/index.html">Corrections</a>: [^\n]*</p>\n'
        # What a shared link shows (issue 27): base.html's head, which the old theme replaces.
        rb'|<meta (?:property="og:|name="twitter:)[^\n]*>\n'
        rb'|<details class="embed-offer">\n.*?</details>\n',
        re.DOTALL,
    )
    links = re.compile(rb"</?a\b[^>]*>")

    def unlinked(path: str, data: bytes) -> bytes:
        return links.sub(b"", data) if re.fullmatch(r"claims/[^/]+/index\.html", path) else data

    def earlier(data: bytes) -> bytes:
        return (
            later.sub(b"", data)
            .replace(b"<dt>Noted by</dt>", b"<dt>Claimant</dt>")
            .replace(b"Atom feed of changes and corrections", b"Atom feed of status changes")
        )

    history = re.compile(rb'<section aria-labelledby="history-h">\n.*?</section>\n', re.DOTALL)
    old = (out / "claims/rocket-speed/index.html").read_bytes()
    dates = re.findall(rb'<p class="timeline-head"><time datetime="([0-9-]+)"', old)
    assert b'<h2 id="history-h">History</h2>' in old and dates == sorted(dates) and dates
    # Share cards' pixels depend on the machine's fonts (test_site_expected.py): pages only.
    expected = {
        p: history.sub(b"", unlinked(p, earlier(data)))
        for p, data in files_of(EXPECTED).items()
        if not p.endswith(".png")
    }
    built = {
        p: history.sub(b"", unlinked(p, data))
        for p, data in pages_of(out).items()
        if not p.endswith(".png")
    }
    assert sorted(built) == sorted(expected)
    assert [p for p in sorted(expected) if built[p] != expected[p]] == []


def test_a_quote_is_labelled_and_checked_alike_in_the_evidence_and_the_timeline() -> None:
    """A claim's evidence and a status change's quote share the translation's label and the
    check's markup: a found quote is ticked, a quote not found is not."""
    env, _ = make_environment(Theme({}, {}))
    ref = SourceRef("fr-report", Localized("Le Journal", "fr"), "fr")
    for check, shown in (
        ("found", '<span class="check check-found">✓ Found in the archived copy</span>'),
        ("not-found", '<span class="check check-not-found">Not found in the archived copy</span>'),
    ):
        ev = EvidenceView(
            ref,
            "« jusqu'à 3 fois »",
            "up to 3 times",
            "machine",
            "machine translation",
            check,
            "Found in the archived copy" if check == "found" else "Not found in the archived copy",
            "fr",
        )
        history = HistoryView(
            0, dt.date(2026, 10, 2), STATUSES[Status.FALSE], Localized("n", "en"), (), True, (ev,)
        )
        for html in (str(evidence_item(env, ev, "")), str(history_item(env, history, ""))):
            assert shown in html
            assert re.search(r'class="quote-label">English, machine translation</', html), html
