"""Normalisation used to find a quote in an archived text.

An editor copies a quote from a browser or a PDF: curly quotes become straight
ones, a line break becomes a space, a full-width comma a half-width one.  None
of that changes the words, so none of it may make a true quote fail.
"""

from __future__ import annotations

import re
import unicodedata

_QUOTES = str.maketrans(
    {
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "«": '"',
        "»": '"',
        "「": '"',
        "」": '"',
        "『": '"',
        "』": '"',
        "〝": '"',
        "〞": '"',
        "＂": '"',
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "‹": "'",
        "›": "'",
        "`": "'",
        "´": "'",
    }
)
_SPACE = re.compile(r"\s+")
# Spaces carry no meaning next to CJK characters or full-width punctuation.
_CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_CJK_SPACE = re.compile(rf"(?<=[{_CJK}]) | (?=[{_CJK}])")
# French typography puts a (narrow) space inside guillemets and before ;:!?
_QUOTE_SPACE = re.compile(r"(?<=\") | (?=\")| (?=[;:!?])")


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _SPACE.sub(" ", text).strip()
    text = _CJK_SPACE.sub("", text)
    return _QUOTE_SPACE.sub("", text)


def longest_found_prefix(quote: str, text: str) -> int:
    """Length of the longest prefix of ``quote`` that occurs in ``text`` (both normalised)."""
    lo, hi = 0, len(quote)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if quote[:mid] in text:
            lo = mid
        else:
            hi = mid - 1
    return lo
