"""The templates' gettext, fast: translations installed on one language's environment.

Jinja's newstyle ``_``/``gettext``/``ngettext`` pass the template context along
and call each other through Context.call, three calls a message; a claim page
holds about twenty-five messages, and these calls doubled its rendering time.
Here the functions are plain ones (one call each), and a message with nothing
to fill in, ``{{ _("History") }}``, is translated once when the template is
compiled: the environment renders one language only, so its translation is a
constant of the compiled template.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup

from ...i18n import Interface
from .escaping import markup, output_escape

CONSTANT_CALLS = ("_", "gettext")


def gettext_functions(ui: Interface) -> dict[str, Callable[..., Markup]]:
    """``_``, ``gettext`` and ``ngettext`` as Jinja's newstyle ones behave, called directly.

    Like them, they escape the values put into a translation (which is trusted), with
    the escaping every ``{{ value }}`` gets (escaping.output_escape).
    """
    translations = ui.translations

    def gettext(message: str, **values: Any) -> Markup:
        text = translations.gettext(message)
        # Formatted, as Jinja does, also without values when it holds a "%" ("%%").
        if values or "%" in text:
            text = text % {k: output_escape(v) for k, v in values.items()}
        return markup(text)

    def ngettext(singular: str, plural: str, num: int, **values: Any) -> Markup:
        values.setdefault("num", num)
        text = translations.ngettext(singular, plural, num)
        return markup(text % {k: output_escape(v) for k, v in values.items()})

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext}


class ConstantMessages(Extension):
    """``{{ _("text") }}`` alone in its tag becomes the translated text at compile time.

    Only that exact form (a literal message, no values) is replaced, by template
    data on the same line; anything else is left to the functions above.
    """

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        ui = getattr(self.environment, "ui", None)
        if not isinstance(ui, Interface):
            yield from stream
            return
        gettext = gettext_functions(ui)["gettext"]
        tokens = list(stream)
        i = 0
        while i < len(tokens):
            window = tokens[i : i + 6]
            if [t.type for t in window] == [
                "variable_begin",
                "name",
                "lparen",
                "string",
                "rparen",
                "variable_end",
            ] and window[1].value in CONSTANT_CALLS:
                yield Token(window[0].lineno, "data", str(gettext(window[3].value)))
                i += 6
            else:
                yield tokens[i]
                i += 1
