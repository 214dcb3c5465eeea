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
Their words are English message ids, translated through the environment's
Interface (``pass_environment``; memoised per environment, so per language).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ...i18n import Interface, english
from .. import addresses
from ..model.builders import figure_text
from ..model.views import (
    ArchiveView,
    ClaimSummary,
    EvidenceView,
    HistoryView,
    QuantityView,
    SourceRef,
    StatusView,
)
from .escaping import escape_text, markup, output_escape


def interface_of(env: Environment) -> Interface:
    """The language the environment renders in (templating.make_environment sets it)."""
    ui = getattr(env, "ui", None)
    return ui if isinstance(ui, Interface) else english()


@lru_cache(maxsize=1024)
def _escaped(env: Environment, message: str) -> str:
    return escape_text(interface_of(env).gettext(message))


def _t(env: Environment, message: str, **values: str) -> str:
    """A translated message, escaped, with already escaped (or Markup) values put in."""
    text = _escaped(env, message)
    return text % values if values else text


@pass_environment
@lru_cache(maxsize=1024)
def translated(env: Environment, message: str) -> Markup:
    """``{{ status.meaning|translated }}``: a message id that comes from Python (N_)."""
    return markup(_escaped(env, message))


# Status and kind listings are named by message ids; topics and claimants by the records' words,
# which stay as written even when one happens to be an English message id.
_NAMED_BY_MESSAGE = frozenset({"status", "kinds"})


@pass_environment
def listing_label(env: Environment, label: str, family: str) -> Markup:
    """``{{ x.label|listing_label(x.family) }}``: a listing's name in the site's language."""
    if family in _NAMED_BY_MESSAGE:
        return markup(_escaped(env, label))
    return markup(escape_text(label))


@pass_environment
def human_date(env: Environment, value: dt.date | None) -> str:
    """'2 October 2026', '2 octobre 2026', '2026年10月2日': unambiguous in every language."""
    ui = interface_of(env)
    if value is None:
        return ui.gettext("unknown")
    return ui.date(value)


@pass_environment
@lru_cache(maxsize=64)
def badge(env: Environment, status: StatusView) -> Markup:
    label = escape_text(interface_of(env).gettext(status.label))
    return markup(f'<span class="badge badge-{escape_text(status.value)}">{label}</span>')


@pass_environment
@lru_cache(maxsize=4096)
def date(env: Environment, day: dt.date) -> Markup:
    return markup(f'<time datetime="{day.isoformat()}">{human_date(env, day)}</time>')


@pass_environment
def unknown(env: Environment, value: object, text: str | None = None) -> Markup:
    """The value, or a visibly marked 'unknown': a missing fact is never a blank."""
    if value:
        return markup(output_escape(value))
    shown = text if text is not None else interface_of(env).gettext("unknown")
    return markup(f'<span class="unknown">{escape_text(shown)}</span>')


@lru_cache(maxsize=65536)
def _source_link(ref: SourceRef, rel: str) -> Markup:
    # The title is in the source's own language; lang lets browsers pick the right font.
    return markup(
        f'<a href="{escape_text(rel + addresses.source_page(ref.id))}" '
        f'lang="{escape_text(ref.language)}">{escape_text(ref.title.original)}</a>'
    )


def source_link(ref: SourceRef, rel: str) -> Markup:
    return _source_link(ref, rel)


def source_links(refs: Iterable[SourceRef], rel: str, separator: str = ", ") -> Markup:
    """Links to several sources, one after the other: ``{{ refs|source_links(page.rel, "; ") }}``."""
    return markup(escape_text(separator).join([_source_link(ref, rel) for ref in refs]))


def _statement(c: ClaimSummary, rel: str) -> str:
    """The claim's statement as the link to its page, in every list of claims."""
    href = escape_text(rel + addresses.claim_page(c.id))
    return f'<a class="statement" href="{href}">{escape_text(c.statement.original)}</a>'


def _stale(env: Environment, c: ClaimSummary) -> str:
    if not c.stale:
        return ""
    overdue = _t(env, "review overdue")
    return f' · <span class="stale-tag">{overdue}</span>'


def _measured(env: Environment, c: ClaimSummary) -> str:
    """ "measured: 3.1x (best of 2 independent)" beside a figure that has been measured."""
    m = c.measured
    if m is None:
        return ""
    best = escape_text(m.best)
    if m.independent > 1:
        count = interface_of(env).number(m.independent)
        text = _t(env, "measured: %(best)s (best of %(count)s independent)", best=best, count=count)
    else:
        text = _t(env, "measured: %(best)s (1 independent)", best=best)
    return f' · <span class="measured-tag">{text}</span>'


def _claim_li(env: Environment, c: ClaimSummary, rel: str, data: str, topics: str) -> Markup:
    """A claim in a list: its badge, statement, and kind · claimant · date, with the
    attributes (``data``) and topics of a filterable list after them when given."""
    return markup(
        f'<li class="claim-item"{data}>\n{badge(env, c.status)}\n{_statement(c, rel)}\n'
        f'<span class="item-meta">{_t(env, c.kind_label)} · {escape_text(c.claimant)}{topics} · '
        f"{date(env, c.last_changed)}{_measured(env, c)}{_stale(env, c)}</span>\n</li>"
    )


@pass_environment
@lru_cache(maxsize=65536)
def claim_item(env: Environment, c: ClaimSummary, rel: str) -> Markup:
    return _claim_li(env, c, rel, "", "")


@pass_environment
@lru_cache(maxsize=65536)
def index_item(env: Environment, c: ClaimSummary, rel: str = "") -> Markup:
    """A claim in a filterable list; the data-* attributes drive static/filters.js."""
    data = (
        f' data-status="{escape_text(c.status.value)}" data-kind="{escape_text(c.kind)}" '
        f'data-topics="{escape_text(" ".join(c.topics))}" '
        f'data-claimant="{escape_text(c.claimant)}"'
    )
    topics = f" · {escape_text(', '.join(c.topics))}" if c.topics else ""
    return _claim_li(env, c, rel, data, topics)


@pass_environment
def omission_item(env: Environment, c: ClaimSummary, rel: str) -> Markup:
    if c.status.value == "disclosed":
        when = _t(
            env,
            "Disclosed %(date)s · recorded as missing %(recorded)s",
            date=date(env, c.last_changed),
            recorded=date(env, c.recorded),
        )
    else:
        when = _t(env, "Recorded %(date)s", date=date(env, c.recorded))
    noted = _t(env, "noted by %(claimant)s", claimant=escape_text(c.claimant))
    return markup(
        f'<li class="omission-item">\n{_statement(c, rel)}\n'
        f'<span class="item-meta">{when} · {noted}{_stale(env, c)}</span>\n'
        f"</li>"
    )


@pass_environment
def evidence_item(env: Environment, ev: EvidenceView, rel: str) -> Markup:
    """One quote of a claim page: the words in their language, the translation, the check."""
    if ev.translation:
        original = _t(env, "Original")
        label = f'<figcaption class="quote-label">{original}</figcaption>'
        translation = (
            f'<figure class="quote translation">\n'
            f'<figcaption class="quote-label">{_translated_by(env, ev)}</figcaption>\n'
            f'<blockquote lang="en"><p>{escape_text(ev.translation)}</p></blockquote>\n'
            f"</figure>\n"
        )
        opening = '<li class="evidence has-translation">'
    else:
        label = translation = ""
        opening = '<li class="evidence">'
    lang = escape_text(ev.source.language)
    source = _t(env, "Source: %(source)s", source=_source_link(ev.source, rel))
    return markup(
        f'{opening}\n<div class="quotes">\n<figure class="quote">\n{label}'
        f'<blockquote lang="{lang}"><p>{escape_text(ev.quote)}</p>'
        f"</blockquote>\n</figure>\n{translation}</div>\n{_in_context(env, ev, lang, rel)}"
        f'<p class="evidence-source" data-pagefind-ignore>{source} '
        f"{_check(env, ev)}{_deep_link(env, ev)}</p>\n</li>"
    )


def _translated_by(env: Environment, ev: EvidenceView) -> str:
    """'English, machine translation': the label of a quote's translation."""
    return _t(env, "English, %(translator)s", translator=_t(env, str(ev.translator_label)))


def _check(env: Environment, ev: EvidenceView) -> str:
    """Whether the quote was found in the archived copy, with a check mark when it was."""
    mark = "✓ " if ev.check == "found" else ""
    label = _t(env, ev.check_label)
    return f'<span class="check check-{escape_text(ev.check)}">{mark}{label}</span>'


def _in_context(env: Environment, ev: EvidenceView, lang: str, rel: str) -> str:
    """The quote as the archived copy has it, marked, between the sentences around it."""
    if ev.passage is None:
        return ""
    count = ""
    if ev.occurrences > 1:
        first = _t(
            env,
            "(first of %(count)s occurrences)",
            count=interface_of(env).number(ev.occurrences),
        )
        count = f' <span class="occurrences">{first}</span>'
    heading = _t(env, "In the archived copy")
    return (
        # Not indexed for search: the sentences around a quote are not what the claim quotes.
        f'<div class="in-context" data-pagefind-ignore>\n<p class="quote-label">{heading}{count}</p>\n'
        f'<p lang="{lang}">{escape_text(ev.context_before or "")}'
        f"<mark>{escape_text(ev.passage)}</mark>{escape_text(ev.context_after or '')}</p>\n"
        f"{_in_archive(env, ev, rel)}</div>\n"
    )


def _in_archive(env: Environment, ev: EvidenceView, rel: str) -> str:
    if ev.archive_passage is None:
        return ""
    # Outside the f-string, where the catalogs' extraction finds it.
    see = _t(env, "See it in the whole archived text")
    return (
        f'<p class="archive-link"><a href="{escape_text(rel + ev.archive_passage)}">{see}</a></p>\n'
    )


def _deep_link(env: Environment, ev: EvidenceView) -> str:
    if ev.text_fragment_url is None:
        return ""
    find = _t(env, "Find this passage in the original")
    return f' <a class="deep-link" href="{escape_text(ev.text_fragment_url)}">{find}</a>'


@pass_environment
def history_item(env: Environment, h: HistoryView, rel: str) -> Markup:
    """One dated status change in a claim's timeline."""
    current = ""
    if h.current:
        now = _t(env, "current")
        current = f' <span class="current-tag">{now}</span>'
    evidence = ""
    if h.evidence:
        sources = _t(env, "Evidence: %(sources)s", sources=source_links(h.evidence, rel, "; "))
        evidence = f'<p class="timeline-evidence" data-pagefind-ignore>{sources}</p>\n'
    opening = '<li class="current">' if h.current else "<li>"
    quotes = "".join(_timeline_quote(env, q, rel) for q in h.quotes)
    return markup(
        f'{opening}\n<p class="timeline-head">{date(env, h.date)} {badge(env, h.status)}'
        f"{current}</p>\n<p>{escape_text(h.note.original)}</p>\n{evidence}{quotes}</li>"
    )


def _timeline_quote(env: Environment, ev: EvidenceView, rel: str) -> str:
    """A status change proven in its source's own words, with the translation and the check."""
    lang = escape_text(ev.source.language)
    translation = ""
    if ev.translation:
        translation = (
            f'<blockquote lang="en" class="timeline-translation"><p>'
            f"{escape_text(ev.translation)}</p></blockquote>\n"
            f'<p class="quote-label">{_translated_by(env, ev)}</p>\n'
        )
    return (
        f'<figure class="timeline-quote">\n<blockquote lang="{lang}"><p>{escape_text(ev.quote)}'
        f"</p></blockquote>\n{translation}<figcaption>{source_link(ev.source, rel)} "
        f"{_check(env, ev)}</figcaption>\n</figure>\n"
    )


@pass_environment
def number(env: Environment, value: float) -> str:
    """'1,000.5', '1 000,5': every digit kept, written as the site's language writes numbers."""
    return interface_of(env).number(value)


@pass_environment
def percent(env: Environment, fraction: float) -> str:
    """``{{ m.tolerance|percent }}``: '10%', '10 %'."""
    return interface_of(env).percent(fraction)


@pass_environment
def figure(env: Environment, q: QuantityView) -> str:
    """``{{ claim.quantity|figure }}``: figure_text in the environment's language."""
    return figure_text(interface_of(env), q)


@pass_environment
def language_name(env: Environment, tag: str) -> str:
    """A language tag as the reader's language names it: 'French (fr)', 'français (fr)'."""
    return interface_of(env).language_name(tag)


def archive_text(view: ArchiveView, rel: str) -> Markup:
    """The archived text as paragraphs, the cited passages marked and followed by the
    numbers of the claims citing them, each a link to the claim's page."""
    claims = {c.number: c.claim for c in view.citations}
    out: list[str] = []
    for paragraph in view.paragraphs:
        out.append("<p>")
        for seg in paragraph:
            # An element has one id: more passages starting here get an empty anchor each.
            out.extend(f'<span id="{escape_text(a)}"></span>' for a in seg.anchors[1:])
            ident = f' id="{escape_text(seg.anchors[0])}"' if seg.anchors else ""
            text = escape_text(seg.text)
            if seg.cited_by:
                many = " passage-many" if len(seg.cited_by) > 1 else ""
                out.append(f'<mark{ident} class="passage{many}">{text}</mark>')
            elif ident:
                out.append(f"<span{ident}>{text}</span>")
            else:
                out.append(text)
            if seg.notes:
                links = ",".join(
                    f'<a href="{escape_text(rel + addresses.claim_page(claims[n].id))}" '
                    f'title="{escape_text(claims[n].statement.original)}">{n}</a>'
                    for n in seg.notes
                )
                out.append(f'<sup class="cited-by">{links}</sup>')
        out.append("</p>\n")
    return markup("".join(out))


HELPERS: dict[str, Callable[..., Any]] = {
    "badge": badge,
    "date": date,
    "human_date": human_date,
    "translated": translated,
    "listing_label": listing_label,
    "language_name": language_name,
    "number": number,
    "percent": percent,
    "figure": figure,
    "unknown": unknown,
    "source_link": source_link,
    "source_links": source_links,
    "claim_item": claim_item,
    "index_item": index_item,
    "omission_item": omission_item,
    "evidence_item": evidence_item,
    "history_item": history_item,
}
