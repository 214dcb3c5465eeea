"""Quotes as a page in one language shows them: the claim's evidence and a status
change's, each in its source's own words, with the translation a reader of the page needs.

A quote is never translated in place: its words stay as the source has them, marked with
the source's language.  Beside it, on a page in language L: nothing when the quote is in L
already; else its L translation when it has one (marked with ``lang="L"``, who made it
and whether it is stale); else its English translation, marked ``lang="en"``, as a page
in English has always shown it.
"""

from __future__ import annotations

import datetime as dt

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ...i18n import N_, same_language
from ..model.localized import Translated
from ..model.revisions import REMOVAL_MARKS
from ..model.views import EvidenceView
from .blocks import _t, interface_of, marks, page_tag, source_link_html
from .changes.diffs import wording_change
from .escaping import escape_text, markup

# Who made a translation into the page's language, as its label says it.
_MADE_BY = {"machine": N_("Machine translation"), "person": N_("Translated by a person")}


def _english(env: Environment, ev: EvidenceView) -> str:
    """'English, machine translation': the label of a quote's English translation."""
    return _t(env, "English, %(translator)s", translator=_t(env, str(ev.translator_label)))


def _made_by(env: Environment, t: Translated) -> str:
    return _t(env, _MADE_BY[t.translated_by or "person"])


def _attributes(t: Translated) -> str:
    by = f' data-translated-by="{escape_text(t.translated_by)}"' if t.translated_by else ""
    return f' lang="{escape_text(t.tag)}"{by} data-translation="{t.state}"'


def beside(ev: EvidenceView, tag: str) -> Translated | EvidenceView | None:
    """What a reader of ``tag`` is given beside the quote: its translation into ``tag``,
    the view itself for its English translation, or None (the quote stands alone)."""
    if same_language(ev.lang, tag):
        return None
    for t in ev.translations:
        if t.tag == tag and t.text is not None:
            return t
    return ev if ev.translation else None


def _stale(env: Environment, t: Translated) -> str:
    # The original is the quote just above: the mark needs no link to it, and who made
    # the translation is in its label.
    return marks(env, t, None, inline=False, machine=False) if t.state == "stale" else ""


@pass_environment
def evidence_item(env: Environment, ev: EvidenceView, rel: str) -> Markup:
    """One quote of a claim page: the words in their language, the translation, the check."""
    shown = beside(ev, page_tag(env))
    if shown is not None:
        original = _t(env, "Original")
        label = f'<figcaption class="quote-label">{original}</figcaption>'
        if isinstance(shown, Translated):
            caption, attributes, text = _made_by(env, shown), _attributes(shown), shown.text
            after = _stale(env, shown)
        else:
            caption, attributes, text, after = _english(env, ev), ' lang="en"', ev.translation, ""
        translation = (
            f'<figure class="quote translation">\n'
            f'<figcaption class="quote-label">{caption}</figcaption>\n'
            f"<blockquote{attributes}><p>{escape_text(text or '')}</p></blockquote>{after}\n"
            f"</figure>\n"
        )
        opening = '<li class="evidence has-translation">'
    else:
        label = translation = ""
        opening = '<li class="evidence">'
    lang = escape_text(ev.lang)
    source = _t(env, "Source: %(source)s", source=source_link_html(env, ev.source, rel))
    return markup(
        f'{opening}\n<div class="quotes">\n<figure class="quote">\n{label}'
        f'<blockquote lang="{lang}"><p>{escape_text(ev.quote)}</p>'
        f"</blockquote>\n</figure>\n{translation}</div>\n{cited_version(env, ev)}{removed(env, ev)}"
        f"{_in_context(env, ev, lang, rel)}"
        f'<p class="evidence-source" data-pagefind-ignore>{source} '
        f"{check(env, ev)}{_deep_link(env, ev)}</p>\n</li>"
    )


def _time(env: Environment, day: dt.date) -> str:
    return f'<time datetime="{day.isoformat()}">{escape_text(interface_of(env).date(day))}</time>'


def cited_version(env: Environment, ev: EvidenceView) -> str:
    """Which version of its source a quote cites, when a later one than the first copy: it
    is proven against (and shown in context from) what the source said then."""
    if ev.revision is None:
        return ""
    said = _t(
        env,
        "Quoted from the source as fetched again on %(date)s, a later version than its "
        "first archived copy.",
        date=_time(env, ev.revision),
    )
    return f'<p class="cited-version" data-pagefind-ignore>{said}</p>\n'


def removed(env: Environment, ev: EvidenceView) -> str:
    """The mark of a quote whose passage is missing from its source's latest revision: when
    it went, that the archived copy (what the quote is proven against) still has it, and
    the wording that took its place beside the old (diffs.py)."""
    gone = ev.removal
    if gone is None:
        return ""
    dates = {
        "kept": _time(env, gone.kept),
        "removed": _time(env, gone.removed),
        "archived": _time(env, gone.archived),
    }
    said = _t(env, REMOVAL_MARKS[gone.gone, gone.kept == gone.removed], **dates)
    # What took its place, beside it (none for a page taken down).
    shown = None if ev.replacement is None else ev.replacement.change
    change = "" if shown is None else wording_change(env, shown, ev.lang)
    return f'<div class="revision-removed" data-pagefind-ignore>\n<p>{said}</p>\n{change}</div>\n'


def check(env: Environment, ev: EvidenceView) -> str:
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


def timeline_quote(env: Environment, ev: EvidenceView, rel: str) -> str:
    """A status change proven in its source's own words, with the translation and the check."""
    lang = escape_text(ev.lang)
    translation = ""
    shown = beside(ev, page_tag(env))
    if isinstance(shown, Translated):
        translation = (
            f'<blockquote{_attributes(shown)} class="timeline-translation"><p>'
            f"{escape_text(shown.text or '')}</p></blockquote>{_stale(env, shown)}\n"
            f'<p class="quote-label">{_made_by(env, shown)}</p>\n'
        )
    elif shown is not None:
        translation = (
            f'<blockquote lang="en" class="timeline-translation"><p>'
            f"{escape_text(ev.translation or '')}</p></blockquote>\n"
            f'<p class="quote-label">{_english(env, ev)}</p>\n'
        )
    return (
        f'<figure class="timeline-quote">\n<blockquote lang="{lang}"><p>{escape_text(ev.quote)}'
        f"</p></blockquote>\n{translation}{cited_version(env, ev)}{removed(env, ev)}<figcaption>"
        f"{source_link_html(env, ev.source, rel)} {check(env, ev)}</figcaption>\n</figure>\n"
    )
