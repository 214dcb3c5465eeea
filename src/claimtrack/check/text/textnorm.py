"""Normalisation used to find a quote in an archived text.

An editor copies a quote from a browser or a PDF: curly quotes become straight
ones, a line break becomes a space, a full-width comma a half-width one.  None
of that changes the words, so none of it may make a true quote fail.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from dataclasses import dataclass
from difflib import SequenceMatcher

from ...textrules import Later, has_visible

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
# The white space normalise changes (a single space inside the text stays as it is).
_SPACE_CHANGED = re.compile(r"^\s+|\s+$|\s{2,}|[^\S ]")
# Characters NFKC and the quote table leave as they are, whatever is around them (ASCII but
# the backquote, Latin-1 letters, CJK ideographs and 、。): mapped one run at a time.
_QUOTE_KEYS = frozenset(chr(code) for code in _QUOTES)
# Spaces carry no meaning next to CJK characters or full-width punctuation.
_CJK = (
    r"\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf"
    r"\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
)
_CJK_SPACE = Later(rf"(?<=[{_CJK}]) | (?=[{_CJK}])")
# French typography puts a (narrow) space inside guillemets and before ;:!?
_QUOTE_SPACE = re.compile(r"(?<=\") | (?=\")| (?=[;:!?])")


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    text = _SPACE.sub(" ", text).strip()
    text = _CJK_SPACE.pattern.sub("", text)
    return _QUOTE_SPACE.sub("", text)


@dataclass(frozen=True)
class MappedText:
    """A normalised text and, for each of its characters, the original span it came from."""

    text: str
    starts: array[int]
    ends: array[int]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.starts[start], self.ends[end - 1]


def _special_characters(text: str) -> re.Pattern[str] | None:
    """A pattern of the characters in ``text`` that normalising changes or that combine."""
    odd = sorted(
        ch
        for ch in set(text)
        if unicodedata.combining(ch) or unicodedata.normalize("NFKC", ch) != ch or ch in _QUOTE_KEYS
    )
    return re.compile("[" + "".join(re.escape(ch) for ch in odd) + "]") if odd else None


def mapped(original: str) -> MappedText | None:
    """``normalise(original)`` with its offset map; None in the rare case where normalising
    piece by piece does not give the same text (then no context is shown, never a wrong one)."""
    pieces: list[str] = []
    # Arrays, not lists: an archive's worth of int objects costs several times more.
    starts: array[int] = array("l")
    ends: array[int] = array("l")
    # Characters NFKC and the quote table leave alone, and that no combining mark follows,
    # go over in runs at once; the others one by one (with their combining marks).  Which
    # characters are which is decided once per distinct character of this text.
    special = _special_characters(original)
    i, n = 0, len(original)
    for hit in special.finditer(original) if special is not None else ():
        k = hit.start()
        if k < i:
            continue
        j = k
        if unicodedata.combining(original[k]) and k > i:
            j = k - 1  # that letter goes with its combining marks
        if j > i:
            pieces.append(original[i:j])
            starts.extend(range(i, j))
            ends.extend(range(i + 1, j + 1))
            i = j
        j = i + 1
        while j < n and unicodedata.combining(original[j]):
            j += 1
        piece = unicodedata.normalize("NFKC", original[i:j]).translate(_QUOTES)
        pieces.append(piece)
        starts.extend(array("l", [i]) * len(piece))
        ends.extend(array("l", [j]) * len(piece))
        i = j
    if i < n:
        pieces.append(original[i:])
        starts.extend(range(i, n))
        ends.extend(range(i + 1, n + 1))
    text = "".join(pieces)
    # The same steps as normalise: white space runs become one space spanning the whole
    # run (none at either end), then the spaces that mean nothing go.
    text, starts, ends = _apply(_SPACE_CHANGED, text, starts, ends, " ", strip=True)
    for pattern in (_CJK_SPACE.pattern, _QUOTE_SPACE):
        text, starts, ends = _apply(pattern, text, starts, ends, "")
    if text != normalise(original):
        return None
    return MappedText(text, starts, ends)


def _apply(
    pattern: re.Pattern[str],
    text: str,
    starts: array[int],
    ends: array[int],
    replacement: str,
    strip: bool = False,
) -> tuple[str, array[int], array[int]]:
    """``pattern.sub(replacement, text)`` (replacement: one character or none), and the map."""
    out: list[str] = []
    new_starts: array[int] = array("l")
    new_ends: array[int] = array("l")
    pos = 0
    for match in pattern.finditer(text):
        a, b = match.span()
        out.append(text[pos:a])
        new_starts += starts[pos:a]
        new_ends += ends[pos:a]
        if replacement and not (strip and (a == 0 or b == len(text))):
            out.append(replacement)
            new_starts.append(starts[a])
            new_ends.append(ends[b - 1])
        pos = b
    if pos == 0:
        return text, starts, ends
    out.append(text[pos:])
    new_starts += starts[pos:]
    new_ends += ends[pos:]
    return "".join(out), new_starts, new_ends


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


# How many characters of each side a divergence shows; how many places of the quote's
# beginning are weighed to find the one it was copied from, by how many characters after
# it (difflib's cost is the product of the lengths: a long quote is weighed by its start).
SHOWN = 20
_PLACES = 50
_WEIGHED = 80


@dataclass(frozen=True)
class Divergence:
    """Where a quote not in an archive stops matching it (both normalised)."""

    matched: int  # the quote's first characters the archive holds
    archived: str  # what the archive has there ("" where it ends)
    quoted: str  # what the quote has there


def divergence(quote: str, text: str) -> Divergence:
    """Where the normalised ``quote`` parts from the normalised ``text``: after its longest
    beginning that ``text`` holds, and what each has from there.  Every place holding that
    beginning parts there (a longer one would hold more); of the first few, the one whose
    continuation is most like the quote's is the passage the editor copied from."""
    matched = longest_found_prefix(quote, text)
    rest = quote[matched:]
    ahead = rest[:_WEIGHED]
    places: list[int] = []
    at = text.find(quote[:matched])
    while at >= 0 and len(places) < _PLACES:
        places.append(at + matched)
        at = text.find(quote[:matched], at + 1)
    best = places[0] if places else 0
    if len(places) > 1:
        matcher = SequenceMatcher(autojunk=False)
        matcher.set_seq2(ahead)
        scores = []
        for place in places:
            matcher.set_seq1(text[place : place + len(ahead)])
            scores.append(matcher.ratio())
        best = places[scores.index(max(scores))]
    return Divergence(matched, text[best : best + SHOWN], rest[:SHOWN])


def quote_in(quote: str, normalised_text: str) -> bool:
    """Whether ``quote`` is in a normalised archived text (both compared normalised)."""
    normalised = normalise(quote)
    # An empty quote is "in" every text: it proves nothing.
    return has_visible(normalised) and normalised in normalised_text
