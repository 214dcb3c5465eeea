"""A translatable text as a page in one language shows it, with its marks.

In a page of the site's main language a text renders as it always has.  In a page of a
further language L, a text whose L translation is current renders the translation with
``lang="L"``, ``data-translated-by`` and ``data-translation="current"``; a stale one the
same, marked "The original has changed since this translation" with a link to the
main-language page; a missing one renders the original in its own language, marked
"Not translated yet"; a machine translation says so.  The marks are words from the
catalogs, in the page's language, never colour alone, and not indexed for search.
The states come from the views (model/localized.py), which read them from
records/translated.py.
"""

from __future__ import annotations

from functools import lru_cache

from jinja2 import Environment

from ...i18n import Interface, english
from .. import addresses
from ..model.localized import Localized, Translated, localized
from ..model.views import SourceRef
from .escaping import escape_text


def interface_of(env: Environment) -> Interface:
    """The language the environment renders in (templating.make_environment sets it)."""
    ui = getattr(env, "ui", None)
    return ui if isinstance(ui, Interface) else english()


@lru_cache(maxsize=1024)
def escaped(env: Environment, message: str) -> str:
    return escape_text(interface_of(env).gettext(message))


def _t(env: Environment, message: str, **values: str) -> str:
    """A translated message, escaped, with already escaped (or Markup) values put in."""
    text = escaped(env, message)
    return text % values if values else text


def page_tag(env: Environment) -> str:
    """The language of the pages the environment renders."""
    return interface_of(env).tag


def _attributes(t: Translated) -> str:
    by = f' data-translated-by="{escape_text(t.translated_by)}"' if t.translated_by else ""
    return f' lang="{escape_text(t.tag)}"{by} data-translation="{t.state}"'


def marks(
    env: Environment, t: Translated, original: str | None, inline: bool, machine: bool = True
) -> str:
    """What a reader is told of a translation: machine-made (unless ``machine`` is False:
    said elsewhere), stale (with a link to the original's page when ``original`` is
    given), or missing."""
    # Each message outside the f-strings, where the catalogs' extraction finds it.
    pieces = []
    if t.state == "missing":
        missing = _t(env, "Not translated yet")
        pieces.append(f'<span class="mark-missing">{missing}</span>')
    else:
        if machine and t.translated_by == "machine":
            by_machine = _t(env, "Machine translation")
            pieces.append(f'<span class="mark-machine">{by_machine}</span>')
        if t.state == "stale":
            changed = _t(env, "The original has changed since this translation.")
            see = ""
            if original is not None:
                link = _t(env, "See the original")
                see = f' <a href="{escape_text(original)}">{link}</a>'
            pieces.append(f'<span class="mark-stale">{changed}{see}</span>')
    if not pieces:
        return ""
    # The separator for text browsers and reader modes; the stylesheet sets the tags apart.
    shown = '<span class="mark-sep"> · </span>'.join(pieces)
    # Not what the page says about the claim: kept out of the search index.
    if inline:
        return f' <span class="translation-mark" data-pagefind-ignore>{shown}</span>'
    return f'\n<p class="translation-mark" data-pagefind-ignore>{shown}</p>'


def render(
    env: Environment,
    value: Localized,
    element: str = "",
    attrs: str = "",
    original: str | None = None,
    own_lang: bool = False,
    marked: bool = True,
    machine: bool = True,
) -> str:
    """``value`` in the environment's language, in ``element`` (with ``attrs``, escaped
    already: ``' class="rationale"'``), its marks after it.  Without an ``element`` the text stands alone where it needs no
    attributes (the main language) and in a ``span`` where it does.  ``own_lang``: the
    element says the original's language even when nothing is translated (a source's
    title, in its own language); ``marked`` False: the attributes only, no visible marks
    (a link to a source, whose own page has them); ``machine`` False: no "Machine
    translation" mark (a name, inside a sentence of the interface)."""
    t = value.get(page_tag(env))
    inline = element in ("", "a", "span")
    opening = attrs
    if t is None:
        if own_lang:
            opening += f' lang="{escape_text(value.lang)}"'
        text = escape_text(value.original)
        return f"<{element}{opening}>{text}</{element}>" if element else text
    if t.shown and t.text is not None:
        opening += _attributes(t)
        text = escape_text(t.text)
    else:
        opening += f' lang="{escape_text(value.lang)}" data-translation="missing"'
        text = escape_text(value.original)
    element = element or "span"
    shown = marks(env, t, original, inline, machine) if marked else ""
    return f"<{element}{opening}>{text}</{element}>{shown}"


def plain_text(env: Environment, value: Localized) -> str:
    """The words alone, for an attribute or a title: localized() in the page's language."""
    return localized(value, page_tag(env))


@lru_cache(maxsize=65536)
def source_link_html(env: Environment, ref: SourceRef, rel: str) -> str:
    """A link to a source's page, named by its title: in the source's own language (``lang``
    lets browsers pick the right font), or translated into the page's."""
    href = escape_text(rel + addresses.source_page(ref.id))
    return render(env, ref.title, "a", f' href="{href}"', own_lang=True, marked=False)
