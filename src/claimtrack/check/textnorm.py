"""Normalisation used to find a quote in an archived text.

An editor copies a quote from a browser or a PDF: curly quotes become straight
ones, a line break becomes a space, a full-width comma a half-width one.  None
of that changes the words, so none of it may make a true quote fail.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

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


@dataclass(frozen=True)
class MappedText:
    """A normalised text and, for each of its characters, the original span it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.starts[start], self.ends[end - 1]


def mapped(original: str) -> MappedText | None:
    """``normalise(original)`` with its offset map; None in the rare case where normalising
    piece by piece does not give the same text (then no context is shown, never a wrong one)."""
    chars: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    # NFKC piece by piece: a piece is a character and the combining marks after it.
    i, n = 0, len(original)
    while i < n:
        j = i + 1
        while j < n and unicodedata.combining(original[j]):
            j += 1
        for ch in unicodedata.normalize("NFKC", original[i:j]).translate(_QUOTES):
            chars.append(ch)
            starts.append(i)
            ends.append(j)
        i = j
    text = "".join(chars)
    # White space runs become one space spanning the whole run; then strip.
    keep_c: list[str] = []
    keep_s: list[int] = []
    keep_e: list[int] = []
    pos = 0
    for match in _SPACE.finditer(text):
        a, b = match.span()
        keep_c += chars[pos:a]
        keep_s += starts[pos:a]
        keep_e += ends[pos:a]
        if a > 0 and b < len(text):
            keep_c.append(" ")
            keep_s.append(starts[a])
            keep_e.append(ends[b - 1])
        pos = b
    keep_c += chars[pos:]
    keep_s += starts[pos:]
    keep_e += ends[pos:]
    text = "".join(keep_c)
    for pattern in (_CJK_SPACE, _QUOTE_SPACE):
        gone = {m.start() for m in pattern.finditer(text)}
        if gone:
            keep_c = [c for k, c in enumerate(keep_c) if k not in gone]
            keep_s = [s for k, s in enumerate(keep_s) if k not in gone]
            keep_e = [e for k, e in enumerate(keep_e) if k not in gone]
            text = "".join(keep_c)
    if text != normalise(original):
        return None
    return MappedText(text, tuple(keep_s), tuple(keep_e))


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
