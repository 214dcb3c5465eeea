"""Names said in the reader's language: a claimant inside a sentence of the interface
("claimed by …", « selon … », 「由…指出」), a source's publisher, a source's original title
beside its translation.

A name whose translation into the page's language is missing stands in its own language
(``lang``), marked "Not translated yet" once after the whole, as every missing field is
(blocks.marks); a machine translation of a name is not marked where it is said, since the
page says so beside its texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ..model.localized import Localized
from ..model.views import ClaimantView
from ..plan.outputs import PageInfo
from .blocks import _t, marks, page_tag, render
from .escaping import escape_text, markup


def name_html(
    env: Environment,
    name: Localized,
    details: tuple[Localized | None, ...] = (),
    original: str | None = None,
) -> str:
    """A name said inside a sentence of the interface ("claimed by …", « selon … »), with
    what qualifies it (a claimant's role and organisation) in parentheses: each in the
    page's language where translated, else in its own language (``lang``), marked "Not
    translated yet" (or stale) once after the whole.  A machine translation is not marked
    here: the page says so beside its texts."""
    tag = page_tag(env)
    parts = [render(env, name, marked=False)]
    given = [d for d in details if d]
    if given:
        said = [render(env, d, marked=False) for d in given]
        joined = said[0]
        for more in said[1:]:
            joined = _t(env, "%(first)s, %(second)s", first=joined, second=more)
        parts = [_t(env, "%(name)s (%(details)s)", name=parts[0], details=joined)]
    states = [t for value in (name, *given) if (t := value.get(tag)) is not None]
    # The mark the reader most needs: a missing part before a stale one.
    worst = next((t for t in states if t.state == "missing"), None) or next(
        (t for t in states if t.state == "stale"), None
    )
    return parts[0] + (marks(env, worst, original, True, False) if worst is not None else "")


@pass_environment
def claimant(env: Environment, view: ClaimantView, page: PageInfo | None = None) -> Markup:
    """``{{ claim.claimant|claimant(page) }}``: the claimant as a sentence names them, in the
    page's language where translated; ``page`` gives a stale mark its link to the
    main-language page (none inside a link)."""
    if view.shown is None:  # a view made without its texts: the records' words
        return markup(escape_text(view.display))
    name, *details = view.shown
    return markup(name_html(env, name, tuple(details), page.original if page else None))


@pass_environment
def name(
    env: Environment, value: Localized | None, page: PageInfo | None = None, marked: bool = True
) -> Markup:
    """``{{ s.publisher|name(page) }}``: a name in the page's language where translated,
    else in its own, marked; ``marked`` False: its ``lang`` only (a link in a list, whose
    page marks it).  None renders nothing."""
    if not value:
        return markup("")
    if not marked:
        return markup(render(env, value, marked=False))
    return markup(name_html(env, value, (), page.original if page else None))


def original_title(value: Localized) -> Markup:
    """``{{ s.ref.title|original_title }}``: a source's title as the source gives it, in its
    own language (``lang``), beside the translation a page shows."""
    lang = escape_text(value.lang)
    return markup(f'<span class="original" lang="{lang}">{escape_text(value.original)}</span>')


HELPERS: dict[str, Callable[..., Any]] = {
    "claimant": claimant,
    "name": name,
    "original_title": original_title,
}
