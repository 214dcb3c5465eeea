"""Small HTML fragments that appear thousands of times: badges, dates, links, list items.

They are plain Python functions returning Markup rather than Jinja macros
because a macro call costs tens of microseconds and a 10,000-claim site calls
them hundreds of thousands of times; list items are also memoised, since the
same claim appears on the index, on its sources' pages and among related
claims.  Every value from the records goes through ``escape``.  Templates use
them as filters, which Jinja calls directly (a global goes through
Context.call, several times slower): ``{{ status|badge }}``,
``{{ c|claim_item(page.rel) }}``, ``{{ day|date }}``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from .views import ClaimSummary, SourceRef, StatusView

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def human_date(value: dt.date | None) -> str:
    """'2 October 2026': unambiguous to every reader, unlike 02/10/2026."""
    if value is None:
        return "unknown"
    return f"{value.day} {MONTHS[value.month - 1]} {value.year}"


def badge(status: StatusView) -> Markup:
    return Markup(f'<span class="badge badge-{escape(status.value)}">{escape(status.label)}</span>')


def date(day: dt.date) -> Markup:
    return Markup(f'<time datetime="{day.isoformat()}">{human_date(day)}</time>')


def unknown(value: object, text: str = "unknown") -> Markup:
    """The value, or a visibly marked 'unknown': a missing fact is never a blank."""
    if value:
        return escape(value)
    return Markup(f'<span class="unknown">{escape(text)}</span>')


def source_link(ref: SourceRef, rel: str) -> Markup:
    # The title is in the source's own language; lang lets browsers pick the right font.
    return Markup(
        f'<a href="{escape(rel)}sources/{escape(ref.id)}/index.html" '
        f'lang="{escape(ref.language)}">{escape(ref.title)}</a>'
    )


def _claim_href(c: ClaimSummary, rel: str) -> str:
    return f"{escape(rel)}claims/{escape(c.id)}/index.html"


def _stale(c: ClaimSummary) -> str:
    return ' · <span class="stale-tag">review overdue</span>' if c.stale else ""


@lru_cache(maxsize=65536)
def claim_item(c: ClaimSummary, rel: str) -> Markup:
    return Markup(
        f'<li class="claim-item">\n{badge(c.status)}\n'
        f'<a class="statement" href="{_claim_href(c, rel)}">{escape(c.statement)}</a>\n'
        f'<span class="item-meta">{escape(c.kind_label)} · {escape(c.claimant)} · '
        f"{date(c.last_changed)}{_stale(c)}</span>\n</li>"
    )


def index_item(c: ClaimSummary) -> Markup:
    """A claim in the index's filterable list; the data-* attributes drive static/filters.js."""
    topics = f" · {escape(', '.join(c.topics))}" if c.topics else ""
    return Markup(
        f'<li class="claim-item" data-status="{escape(c.status.value)}" '
        f'data-kind="{escape(c.kind)}" data-topics="{escape(" ".join(c.topics))}" '
        f'data-claimant="{escape(c.claimant)}">\n{badge(c.status)}\n'
        f'<a class="statement" href="{_claim_href(c, "")}">{escape(c.statement)}</a>\n'
        f'<span class="item-meta">{escape(c.kind_label)} · {escape(c.claimant)}{topics} · '
        f"{date(c.last_changed)}{_stale(c)}</span>\n</li>"
    )


def omission_item(c: ClaimSummary, rel: str) -> Markup:
    if c.status.value == "disclosed":
        when = f"Disclosed {date(c.last_changed)} · recorded as missing {date(c.recorded)}"
    else:
        when = f"Recorded {date(c.recorded)}"
    return Markup(
        f'<li class="omission-item">\n'
        f'<a class="statement" href="{_claim_href(c, rel)}">{escape(c.statement)}</a>\n'
        f'<span class="item-meta">{when} · noted by {escape(c.claimant)}{_stale(c)}</span>\n'
        f"</li>"
    )


HELPERS: dict[str, Callable[..., Any]] = {
    "badge": badge,
    "date": date,
    "unknown": unknown,
    "source_link": source_link,
    "claim_item": claim_item,
    "index_item": index_item,
    "omission_item": omission_item,
}
