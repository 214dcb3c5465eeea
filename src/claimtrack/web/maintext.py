"""A page's main text, as its archive keeps it: what a reader of the page sees of the article,
in the page's own characters.

trafilatura finds the article (without navigation, banners, comments or footer).  Around
it, three things of ours:

- What a reader does not see is removed first, so that a sentence a page hides does not
  count as present: elements with the ``hidden`` attribute (not ``hidden=until-found``,
  which a reader opens by searching), ``<template>`` (never shown), an inline style
  ``display: none`` or ``visibility: hidden|collapse``; and what the page marks as no longer
  its text: ``<del>`` (deleted), ``<s>`` and ``<strike>`` (struck out, "no longer accurate").
  ``aria-hidden="true"`` is shown to a sighted reader and is not on this list (trafilatura
  itself drops most of it); a class that a style sheet hides cannot be known without it.
- Spaces other than the plain one (no-break U+00A0, narrow no-break U+202F, ideographic
  U+3000, ...) are the page's characters: trafilatura turns every white space into a plain
  one, so they go through it as stand-ins and come back afterwards.
- The work is bounded: trafilatura's time grows faster than the page (libxml2 evaluates its
  ``//p//text()`` in a time quadratic in the paragraphs), and Python cannot stop it half
  way, so a page of more than MAX_ELEMENTS elements is refused before it starts.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import ClaimtrackError
from ..textrules import has_visible

# Far above an article's page (a few hundred to a few thousand elements), and what
# trafilatura extracts in a few seconds at worst (measured: 24,900 paragraphs, 1.6 s of
# CPU; one paragraph of 24,900 spans, 3.3 s; 120,000 paragraphs took 34 s).
MAX_ELEMENTS = 25_000
# Characters a text archive may not hold (textrules' XML rule), CR aside: line ends are
# made LF first.
_ILLEGAL = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# The style attribute in lower case without white space, for the inline-style tests.
_STYLE = f"translate(@style, '{_UPPER} \t\n\r', '{_UPPER.lower()}')"
HIDDEN = (
    "//*[@hidden][translate(@hidden, 'UNTILFOD', 'untilfod') != 'until-found']",
    "//template | //del | //s | //strike",
    f"//*[@style][contains({_STYLE}, 'display:none') or contains({_STYLE}, 'visibility:hidden')"
    f" or contains({_STYLE}, 'visibility:collapse')]",
)
# Stand-ins for the spaces trafilatura would make plain: printable (trafilatura drops the
# rest), not white space, left alone by NFC (its one normalisation), and rare: the arrows
# of Supplemental Arrows-C, more of them than there are spaces (16, U+0020 aside).
_STAND_INS = [code for code in range(0x1F800, 0x1F900) if chr(code).isprintable()]


def _spaces(html: str) -> dict[str, str]:
    """The page's spaces other than U+0020, each to a stand-in the page does not hold."""
    found = sorted(ch for ch in set(html) if ch != " " and unicodedata.category(ch) == "Zs")
    free = (chr(code) for code in _STAND_INS if chr(code) not in html)
    stand_ins = dict(zip(found, free, strict=False))
    if len(stand_ins) < len(found):  # a page that holds the stand-ins: spaces made plain
        return {}
    return stand_ins


def _restore(text: str, stand_ins: dict[str, str]) -> str:
    """``text`` with the page's spaces back: those at either end of a line go (with the
    plain spaces beside them), as trafilatura trims the others, and a line of nothing else
    with them."""
    if not stand_ins:
        return text
    back = {v: k for k, v in stand_ins.items()}
    edges = "".join(back) + " "
    lines = []
    for line in text.split("\n"):
        trimmed = line
        if trimmed[:1] in back:
            trimmed = trimmed.lstrip(edges)
        if trimmed[-1:] in back:
            trimmed = trimmed.rstrip(edges)
        if trimmed or not line:
            lines.append(trimmed)
    return "\n".join(lines).translate({ord(k): v for k, v in back.items()})


def _extract(html: str) -> str | None:
    from trafilatura import extract
    from trafilatura.utils import load_html

    tree = load_html(html)
    if tree is None:
        return None
    elements = sum(1 for _ in tree.iter())
    if elements > MAX_ELEMENTS:
        raise ClaimtrackError(
            f"the page has {elements} elements, more than the {MAX_ELEMENTS} whose main text "
            "is extracted; save the text yourself and use --text FILE"
        )
    text: str | None = extract(
        tree,
        output_format="txt",
        include_comments=False,
        include_tables=True,
        include_images=False,
        include_links=False,
        include_formatting=False,
        deduplicate=False,
        favor_precision=True,
        prune_xpath=list(HIDDEN),
    )
    return text


def main_text(html: str) -> str:
    """The article's text, without navigation, banners, comments or footer, nor anything a
    reader does not see.

    LF line ends, no character a text archive may not hold, no trailing spaces, one final
    newline.  Raises ClaimtrackError when the page has no main text or too many
    elements.
    """
    stand_ins = _spaces(html)
    protected = html.translate({ord(k): v for k, v in stand_ins.items()}) if stand_ins else html
    text = _extract(protected) or ""
    text = _restore(text.replace("\r\n", "\n").replace("\r", "\n"), stand_ins)
    text = _ILLEGAL.sub("", text)
    lines = [line.rstrip() for line in text.split("\n")]
    text = "\n".join(lines).strip("\n")
    if not has_visible(text):
        raise ClaimtrackError(
            "no main text found in the page; save the text yourself and use --text FILE"
        )
    return text + "\n"
