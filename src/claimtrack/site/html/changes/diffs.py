"""A change between two versions of a source, as a page shows it: the old wording and the
new side by side, each in the source's language, the words removed in ``<del>`` and the
words added in ``<ins>``, each change with a visible label in the page's language (not
only a colour: for screen readers, forced colours and print), the passages the claims
cite marked.  The claim page's mark of a passage that left its source (quotes.py) and the
source page's version history (``_revisions.html``, the ``wording_change`` filter) show
it alike.
"""

from __future__ import annotations

import datetime as dt
from itertools import groupby

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ...model.revisions import ChangeView, Run
from ..blocks import _t, interface_of
from ..escaping import escape_text, markup


def _time(env: Environment, day: dt.date) -> str:
    return f'<time datetime="{day.isoformat()}">{escape_text(interface_of(env).date(day))}</time>'


def _words(runs: tuple[Run, ...], tag: str, label: str) -> str:
    """One side's runs: each change in ``tag`` (del or ins) after its label, the cited
    passages in ``<mark>``."""
    out = []
    for changed, group in groupby(runs, key=lambda r: r.changed):
        text = "".join(
            f"<mark>{escape_text(r.text)}</mark>" if r.cited else escape_text(r.text) for r in group
        )
        if changed:
            # The label's space stays inside it: copied text and screen readers get
            # "removed 3x", the struck-through line does not run under the gap.
            text = f'<{tag}><span class="change-label">{label} </span>{text}</{tag}>'
        out.append(text)
    return "".join(out)


@pass_environment
def wording_change(env: Environment, change: ChangeView, lang: str) -> Markup:
    """The old wording beside the new (``lang``: the source's language)."""
    lang = escape_text(lang)
    # Each message outside the f-strings, where the catalogs' extraction finds it.
    before = _t(env, "Before (the version of %(date)s)", date=_time(env, change.before_date))
    after = _t(env, "After (the version of %(date)s)", date=_time(env, change.after_date))
    removed = _t(env, "removed")
    added = _t(env, "added")
    if change.before:
        old = f'<p lang="{lang}">{_words(change.before, "del", removed)}</p>'
    else:
        none = _t(env, "Not in the version before.")
        old = f'<p class="wording-none">{none}</p>'
    if change.after:
        new = f'<p lang="{lang}">{_words(change.after, "ins", added)}</p>'
    else:
        none = _t(env, "Nothing took its place.")
        new = f'<p class="wording-none">{none}</p>'
    return markup(
        f'<div class="wording-change">\n'
        f'<figure class="wording wording-before">\n<figcaption>{before}</figcaption>\n{old}\n'
        f"</figure>\n"
        f'<figure class="wording wording-after">\n<figcaption>{after}</figcaption>\n{new}\n'
        f"</figure>\n</div>\n"
    )
