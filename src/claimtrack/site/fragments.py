"""Small HTML fragments that appear thousands of times: badges, dates, links, list items.

They are plain Python functions returning Markup rather than Jinja macros
because a macro call costs tens of microseconds and a 10,000-claim site calls
them hundreds of thousands of times; the pieces of a claim page that repeat
per evidence item or history entry are here for the same reason.  Fragments
shared between pages (links, list items) are memoised, since the same claim
appears on the index, on its sources' pages and among related claims.  Every
value from the records goes through ``escape_text`` (markupsafe's escaping,
without its per-call Markup).  Templates use them as filters, which Jinja
calls directly (a global goes through Context.call, several times slower):
``{{ status|badge }}``, ``{{ c|claim_item(page.rel) }}``, ``{{ day|date }}``.
Their words are plain literals, ready to be wrapped for translation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from . import addresses
from .escaping import escape_text, markup, output_escape
from .views import ClaimSummary, EvidenceView, HistoryView, SourceRef, StatusView

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


@lru_cache(maxsize=64)
def badge(status: StatusView) -> Markup:
    return markup(
        f'<span class="badge badge-{escape_text(status.value)}">{escape_text(status.label)}</span>'
    )


@lru_cache(maxsize=4096)
def date(day: dt.date) -> Markup:
    return markup(f'<time datetime="{day.isoformat()}">{human_date(day)}</time>')


def unknown(value: object, text: str = "unknown") -> Markup:
    """The value, or a visibly marked 'unknown': a missing fact is never a blank."""
    if value:
        return markup(output_escape(value))
    return markup(f'<span class="unknown">{escape_text(text)}</span>')


@lru_cache(maxsize=65536)
def source_link(ref: SourceRef, rel: str) -> Markup:
    # The title is in the source's own language; lang lets browsers pick the right font.
    return markup(
        f'<a href="{escape_text(rel + addresses.source_page(ref.id))}" '
        f'lang="{escape_text(ref.language)}">{escape_text(ref.title)}</a>'
    )


def source_links(refs: Iterable[SourceRef], rel: str, separator: str = ", ") -> Markup:
    """Links to several sources, one after the other: ``{{ refs|source_links(page.rel, "; ") }}``."""
    return markup(escape_text(separator).join([source_link(ref, rel) for ref in refs]))


def _claim_href(c: ClaimSummary, rel: str) -> str:
    return escape_text(rel + addresses.claim_page(c.id))


def _stale(c: ClaimSummary) -> str:
    return ' · <span class="stale-tag">review overdue</span>' if c.stale else ""


def _measured(c: ClaimSummary) -> str:
    """"measured: 3.1x (best of 2 independent)" beside a figure that has been measured."""
    m = c.measured
    if m is None:
        return ""
    which = f"best of {m.independent} independent" if m.independent > 1 else "1 independent"
    return f' · <span class="measured-tag">measured: {escape_text(m.best)} ({which})</span>'


@lru_cache(maxsize=65536)
def claim_item(c: ClaimSummary, rel: str) -> Markup:
    return markup(
        f'<li class="claim-item">\n{badge(c.status)}\n'
        f'<a class="statement" href="{_claim_href(c, rel)}">{escape_text(c.statement)}</a>\n'
        f'<span class="item-meta">{escape_text(c.kind_label)} · {escape_text(c.claimant)} · '
        f"{date(c.last_changed)}{_measured(c)}{_stale(c)}</span>\n</li>"
    )


@lru_cache(maxsize=65536)
def index_item(c: ClaimSummary, rel: str = "") -> Markup:
    """A claim in a filterable list; the data-* attributes drive static/filters.js."""
    claimant = escape_text(c.claimant)
    topics = f" · {escape_text(', '.join(c.topics))}" if c.topics else ""
    return markup(
        f'<li class="claim-item" data-status="{escape_text(c.status.value)}" '
        f'data-kind="{escape_text(c.kind)}" data-topics="{escape_text(" ".join(c.topics))}" '
        f'data-claimant="{claimant}">\n{badge(c.status)}\n'
        f'<a class="statement" href="{_claim_href(c, rel)}">{escape_text(c.statement)}</a>\n'
        f'<span class="item-meta">{escape_text(c.kind_label)} · {claimant}{topics} · '
        f"{date(c.last_changed)}{_measured(c)}{_stale(c)}</span>\n</li>"
    )


def omission_item(c: ClaimSummary, rel: str) -> Markup:
    if c.status.value == "disclosed":
        when = f"Disclosed {date(c.last_changed)} · recorded as missing {date(c.recorded)}"
    else:
        when = f"Recorded {date(c.recorded)}"
    return markup(
        f'<li class="omission-item">\n'
        f'<a class="statement" href="{_claim_href(c, rel)}">{escape_text(c.statement)}</a>\n'
        f'<span class="item-meta">{when} · noted by {escape_text(c.claimant)}{_stale(c)}</span>\n'
        f"</li>"
    )


def evidence_item(ev: EvidenceView, rel: str) -> Markup:
    """One quote of a claim page: the words in their language, the translation, the check."""
    if ev.translation:
        label = '<figcaption class="quote-label">Original</figcaption>'
        translation = (
            f'<figure class="quote translation">\n'
            f'<figcaption class="quote-label">English, '
            f"{escape_text(str(ev.translator_label))}</figcaption>\n"
            f'<blockquote lang="en"><p>{escape_text(ev.translation)}</p></blockquote>\n'
            f"</figure>\n"
        )
        opening = '<li class="evidence has-translation">'
    else:
        label = translation = ""
        opening = '<li class="evidence">'
    mark = "✓ " if ev.check == "found" else ""
    lang = escape_text(ev.source.language)
    return markup(
        f'{opening}\n<div class="quotes">\n<figure class="quote">\n{label}'
        f'<blockquote lang="{lang}"><p>{escape_text(ev.quote)}</p>'
        f"</blockquote>\n</figure>\n{translation}</div>\n{_in_context(ev, lang, rel)}"
        f'<p class="evidence-source" data-pagefind-ignore>Source: {source_link(ev.source, rel)} '
        f'<span class="check check-{escape_text(ev.check)}">{mark}'
        f"{escape_text(ev.check_label)}</span>{_deep_link(ev)}</p>\n</li>"
    )


def _in_context(ev: EvidenceView, lang: str, rel: str) -> str:
    """The quote as the archived copy has it, marked, between the sentences around it."""
    if ev.passage is None:
        return ""
    count = (
        f' <span class="occurrences">(first of {ev.occurrences} occurrences)</span>'
        if ev.occurrences > 1
        else ""
    )
    return (
        # Not indexed for search: the sentences around a quote are not what the claim quotes.
        f'<div class="in-context" data-pagefind-ignore>\n<p class="quote-label">In the archived copy{count}</p>\n'
        f'<p lang="{lang}">{escape_text(ev.context_before or "")}'
        f"<mark>{escape_text(ev.passage)}</mark>{escape_text(ev.context_after or '')}</p>\n"
        f"{_in_archive(ev, rel)}</div>\n"
    )


def _in_archive(ev: EvidenceView, rel: str) -> str:
    if ev.archive_passage is None:
        return ""
    return (
        f'<p class="archive-link"><a href="{escape_text(rel + ev.archive_passage)}">'
        f"See it in the whole archived text</a></p>\n"
    )


def _deep_link(ev: EvidenceView) -> str:
    if ev.text_fragment_url is None:
        return ""
    return (
        f' <a class="deep-link" href="{escape_text(ev.text_fragment_url)}">'
        f"Find this passage in the original</a>"
    )


def history_item(h: HistoryView, rel: str) -> Markup:
    """One dated status change in a claim's timeline."""
    current = ' <span class="current-tag">current</span>' if h.current else ""
    evidence = (
        f'<p class="timeline-evidence" data-pagefind-ignore>Evidence: {source_links(h.evidence, rel, "; ")}</p>\n'
        if h.evidence
        else ""
    )
    opening = '<li class="current">' if h.current else "<li>"
    quotes = "".join(_timeline_quote(q, rel) for q in h.quotes)
    return markup(
        f'{opening}\n<p class="timeline-head">{date(h.date)} {badge(h.status)}{current}</p>\n'
        f"<p>{escape_text(h.note)}</p>\n{evidence}{quotes}</li>"
    )


def _timeline_quote(ev: EvidenceView, rel: str) -> str:
    """A status change proven in its source's own words, with the translation and the check."""
    lang = escape_text(ev.source.language)
    translation = (
        f'<blockquote lang="en" class="timeline-translation"><p>'
        f"{escape_text(ev.translation)}</p></blockquote>\n"
        f'<p class="quote-label">English, {escape_text(str(ev.translator_label))}</p>\n'
        if ev.translation
        else ""
    )
    mark = "✓ " if ev.check == "found" else ""
    return (
        f'<figure class="timeline-quote">\n<blockquote lang="{lang}"><p>{escape_text(ev.quote)}'
        f"</p></blockquote>\n{translation}<figcaption>{source_link(ev.source, rel)} "
        f'<span class="check check-{escape_text(ev.check)}">{mark}'
        f"{escape_text(ev.check_label)}</span></figcaption>\n</figure>\n"
    )


HELPERS: dict[str, Callable[..., Any]] = {
    "badge": badge,
    "date": date,
    "unknown": unknown,
    "source_link": source_link,
    "source_links": source_links,
    "claim_item": claim_item,
    "index_item": index_item,
    "omission_item": omission_item,
    "evidence_item": evidence_item,
    "history_item": history_item,
}
