"""Corrections as pages show them: the claim page's "Corrected on DATE" mark, its
timeline's entry, and the corrections page's items (model/corrections.py holds what
they show).

Each says when, the note (translated like any history note, with its marks) and, under
"What this page said before", each field put right with its previous wording struck
through (``<del>``, in the records' language).  A quantity's figure is said in the
page's language, as the claim page says the figure now.
"""

from __future__ import annotations

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ... import addresses
from ...model.builders import bound_figure, joins_unit
from ...model.claim.corrections import CorrectionView, FieldChange
from ...model.views import ClaimSummary
from ..blocks import _t, interface_of, page_tag, render
from ..escaping import escape_text, markup
from ..fragments import date


def _before(env: Environment, change: FieldChange, lang: str) -> str:
    """The previous wording, struck through."""
    ui = interface_of(env)
    if change.figure is not None:
        value, unit, pattern = change.figure
        number = ui.number(value)
        amount = f"{number}{unit}" if joins_unit(unit) else f"{number} {unit}"
        text = escape_text(bound_figure(ui.gettext(pattern) if pattern else "", amount))
        return f"<del>{text}</del>"
    if change.tolerance is not None:
        return f"<del>{escape_text(ui.percent(change.tolerance))}</del>"
    if not change.was:
        return f'<del><span class="unknown">{_t(env, "not stated")}</span></del>'
    own = f' lang="{escape_text(lang)}"' if lang != page_tag(env) else ""
    return f"<del{own}>{escape_text(change.was)}</del>"


def changes(env: Environment, c: CorrectionView) -> str:
    """What the correction put right: each field and its previous wording."""
    rows = "".join(
        f"<div><dt>{_t(env, change.label)}</dt><dd>{_before(env, change, c.lang)}</dd></div>\n"
        for change in c.changes
    )
    said = _t(env, "What it said before:")
    return f'<p class="correction-before">{said}</p>\n<dl class="correction-changes">\n{rows}</dl>'


@pass_environment
def correction_mark(env: Environment, c: CorrectionView, original: str | None = None) -> Markup:
    """The claim page's mark of one correction; ``original``: the page in the main
    language (a stale translation of the note links there)."""
    head = _t(env, "Corrected on %(date)s", date=date(env, c.date))
    note = render(env, c.note, "p", ' class="correction-note"', original)
    return markup(
        f'<div class="correction" role="note">\n<p class="correction-head"><strong>{head}'
        f"</strong></p>\n{note}\n{changes(env, c)}\n</div>"
    )


@pass_environment
def correction_item(
    env: Environment, c: CorrectionView, claim: ClaimSummary, rel: str, root: str
) -> Markup:
    """A correction in the corrections page's list, with the claim it corrected (its
    statement as it is now, a link to its page); ``root``: the way to the site's root
    (a stale translation's mark links to the main language's page)."""
    href = escape_text(rel + addresses.claim_page(claim.id))
    original = root + addresses.claim_page(claim.id)
    statement = render(env, claim.statement, "a", f' class="statement" href="{href}"', original)
    head = _t(env, "Corrected on %(date)s", date=date(env, c.date))
    note = render(env, c.note, "p", ' class="correction-note"', original)
    return markup(
        f'<li class="correction-item">\n<p class="correction-head"><strong>{head}</strong></p>\n'
        f'<p class="correction-claim">{statement}</p>\n{note}\n{changes(env, c)}\n</li>'
    )


HELPERS = {"correction_mark": correction_mark, "correction_item": correction_item}
