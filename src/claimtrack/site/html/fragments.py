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

from .. import addresses
from ..model.builders import figure_text
from ..model.listings import current
from ..model.localized import Localized
from ..model.views import (
    ArchiveView,
    ClaimSummary,
    HistoryView,
    QuantityView,
    SourceRef,
    StatusView,
)
from ..plan.outputs import PageInfo
from .blocks import _t, escaped, interface_of, plain_text, render, source_link_html
from .escaping import escape_text, markup, output_escape
from .named import name_html
from .quotes import evidence_item, timeline_quote


@pass_environment
@lru_cache(maxsize=1024)
def translated(env: Environment, message: str) -> Markup:
    """``{{ status.meaning|translated }}``: a message id that comes from Python (N_)."""
    return markup(escaped(env, message))


# Status and kind listings are named by message ids; topics and claimants by the records' words,
# which stay as written even when one happens to be an English message id.
_NAMED_BY_MESSAGE = frozenset({"status", "kinds"})


@pass_environment
def listing_label(env: Environment, label: str, family: str) -> Markup:
    """``{{ x.label|listing_label(x.family) }}``: a listing's name in the site's language."""
    if family in _NAMED_BY_MESSAGE:
        return markup(escaped(env, label))
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
def date(env: Environment, day: dt.date) -> Markup:
    return markup(f'<time datetime="{day.isoformat()}">{human_date(env, day)}</time>')


@pass_environment
def unknown(env: Environment, value: object, text: str | None = None) -> Markup:
    """The value, or a visibly marked 'unknown': a missing fact is never a blank."""
    if value:
        return markup(output_escape(value))
    shown = text if text is not None else interface_of(env).gettext("unknown")
    return markup(f'<span class="unknown">{escape_text(shown)}</span>')


@pass_environment
def source_link(env: Environment, ref: SourceRef, rel: str) -> Markup:
    return markup(source_link_html(env, ref, rel))


@pass_environment
def source_links(
    env: Environment, refs: Iterable[SourceRef], rel: str, separator: str = ", "
) -> Markup:
    """Links to several sources, one after the other: ``{{ refs|source_links(page.rel, "; ") }}``."""
    return markup(escape_text(separator).join([source_link_html(env, ref, rel) for ref in refs]))


def statement_link(env: Environment, c: ClaimSummary, rel: str, root: str | None) -> str:
    """The claim's statement as the link to its page, in every list of claims; a stale
    translation's mark links to the claim's page in the main language (``root``: the path
    to the site's root, page.root; the main language's pages are at the root)."""
    href = escape_text(rel + addresses.claim_page(c.id))
    original = (rel if root is None else root) + addresses.claim_page(c.id)
    return render(env, c.statement, "a", f' class="statement" href="{href}"', original)


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


def _revised(env: Environment, c: ClaimSummary, rel: str) -> str:
    """ "revised by its claimant on DATE", linking to each claim that replaces it."""
    notes = []
    for r in c.revised_by:
        day = date(env, r.when.date)
        if r.when.published:
            said = _t(env, "revised by its claimant on %(date)s", date=day)
        else:
            said = _t(env, "revised by its claimant, recorded here on %(date)s", date=day)
        href = escape_text(rel + addresses.claim_page(r.by))
        notes.append(f'<a class="revised-tag" href="{href}">{said}</a>')
    return "".join(f" · {note}" for note in notes)


def _claim_li(
    env: Environment, c: ClaimSummary, rel: str, data: str, topics: str, root: str | None
) -> Markup:
    """A claim in a list: its badge, statement, and kind · claimant · date, with the
    attributes (``data``) and topics of a filterable list after them when given; a claim
    its claimant revised links to the claims that replace it."""
    revised = _revised(env, c, rel) if c.revised_by else ""
    return markup(
        f'<li class="claim-item"{data}>\n{badge(env, c.status)}\n{statement_link(env, c, rel, root)}\n'
        f'<span class="item-meta">{_t(env, c.kind_label)} · {render(env, c.claimant_name, marked=False)}{topics} · '
        f"{date(env, c.last_changed)}{_measured(env, c)}{_stale(env, c)}{revised}</span>\n</li>"
    )


@pass_environment
@lru_cache(maxsize=65536)
def claim_item(env: Environment, c: ClaimSummary, rel: str, root: str | None = None) -> Markup:
    return _claim_li(env, c, rel, "", "", root)


@pass_environment
@lru_cache(maxsize=65536)
def index_item(env: Environment, c: ClaimSummary, rel: str = "", root: str | None = None) -> Markup:
    """A claim in a filterable list; the data-* attributes drive static/filters.js."""
    data = (
        f' data-status="{escape_text(c.status.value)}" data-kind="{escape_text(c.kind)}" '
        f'data-topics="{escape_text(" ".join(c.topics))}" '
        f'data-claimant="{escape_text(c.claimant)}"'
    )
    topics = f" · {escape_text(', '.join(c.topics))}" if c.topics else ""
    return _claim_li(env, c, rel, data, topics, root)


@pass_environment
def index_items(
    env: Environment, claims: Iterable[ClaimSummary], rel: str = "", root: str | None = None
) -> Markup:
    """Each claim of a filterable list (``index_item``), one a line: a listing page's 100
    in one call.  A template loop over them, with the ``rejectattr`` that split the
    current claims from the earlier versions, was a fifth of rendering an edit's pages."""
    return markup("\n".join([index_item(env, c, rel, root) for c in claims]))


@pass_environment
def omission_item(env: Environment, c: ClaimSummary, rel: str, root: str | None = None) -> Markup:
    if c.status.value == "disclosed":
        when = _t(
            env,
            "Disclosed %(date)s · recorded as missing %(recorded)s",
            date=date(env, c.last_changed),
            recorded=date(env, c.recorded),
        )
    else:
        when = _t(env, "Recorded %(date)s", date=date(env, c.recorded))
    noted = _t(env, "noted by %(claimant)s", claimant=name_html(env, c.claimant_name))
    return markup(
        f'<li class="omission-item">\n{statement_link(env, c, rel, root)}\n'
        f'<span class="item-meta">{when} · {noted}{_stale(env, c)}</span>\n'
        f"</li>"
    )


@pass_environment
def history_item(env: Environment, h: HistoryView, rel: str, original: str | None = None) -> Markup:
    """One dated status change in a claim's timeline; ``original``: the claim's page in the
    main language, where a stale translation's reader finds the note's original."""
    current = ""
    if h.current:
        now = _t(env, "current")
        current = f' <span class="current-tag">{now}</span>'
    evidence = ""
    if h.evidence:
        sources = _t(env, "Evidence: %(sources)s", sources=source_links(env, h.evidence, rel, "; "))
        evidence = f'<p class="timeline-evidence" data-pagefind-ignore>{sources}</p>\n'
    opening = '<li class="current">' if h.current else "<li>"
    quotes = "".join(timeline_quote(env, q, rel) for q in h.quotes)
    note = render(env, h.note, "p", "", original)
    said: str = badge(env, h.status)
    if h.correction is not None:  # it keeps the status: it says what it is instead
        said = f'<span class="correction-tag">{_t(env, "Correction")}</span>'
    return markup(
        f'{opening}\n<p class="timeline-head">{date(env, h.date)} {said}'
        f"{current}</p>\n{note}\n{evidence}{quotes}</li>"
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


@pass_environment
def archive_text(env: Environment, view: ArchiveView, rel: str) -> Markup:
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
                    f'title="{escape_text(plain_text(env, claims[n].statement))}">{n}</a>'
                    for n in seg.notes
                )
                out.append(f'<sup class="cited-by">{links}</sup>')
        out.append("</p>\n")
    return markup("".join(out))


def _opening(cls: str, href: str) -> str:
    return (f' class="{escape_text(cls)}"' if cls else "") + (
        f' href="{escape_text(href)}"' if href else ""
    )


@pass_environment
def block(
    env: Environment,
    value: Localized | None,
    element: str = "",
    cls: str = "",
    page: PageInfo | None = None,
    href: str = "",
    original: str = "",
) -> Markup:
    """``{{ claim.rationale|block("p", "rationale", page) }}``: a translatable text in the
    page's language with its marks (blocks.render); ``page`` gives the stale mark its link
    to the main-language page, ``original`` another (a listed claim's own page, say);
    ``href`` makes the element a link's.  None, or an empty text, renders nothing."""
    if not value:
        return markup("")
    if not original and page is not None:
        original = original_page(page)
    return markup(render(env, value, element, _opening(cls, href), original or None))


@pass_environment
def title_block(
    env: Environment,
    value: Localized,
    element: str,
    page: PageInfo | None = None,
    cls: str = "",
    href: str = "",
) -> Markup:
    """``{{ s.ref.title|title_block("h1", page) }}``: a source's title, which says its own
    language even where nothing is translated."""
    original = original_page(page) if page is not None else None
    return markup(render(env, value, element, _opening(cls, href), original, own_lang=True))


@pass_environment
def in_language(env: Environment, value: Localized) -> str:
    """``{{ site.title|in_language }}``: the words alone (an attribute, a title, the header),
    in the page's language where translated (model/localized.localized)."""
    return plain_text(env, value)


def original_page(page: PageInfo) -> str:
    """The page in the site's main language: where a stale translation's original stands."""
    return page.original


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
    "index_items": index_items,
    "current": current,
    "omission_item": omission_item,
    "evidence_item": evidence_item,
    "history_item": history_item,
    "block": block,
    "title_block": title_block,
    "in_language": in_language,
    "original_page": original_page,
}
