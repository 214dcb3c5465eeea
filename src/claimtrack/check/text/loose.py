"""A quote that is not in its archive, found there all the same when typography is set
aside: other spaces, quote marks, dashes or letter case.

The check's own normalisation (textnorm.normalise) is strict on purpose: a dash or a
capital can change what a sentence says, so a quote that differs by one is not proven.
But an editor who typed an en dash as a hyphen, or a sentence's first word in capitals,
quoted the right words: the editor's quick fix offers the archive's own characters in
their place.  This module finds them; it never decides that a quote is proven.

The loose form is the normalised text with further folds, each character keeping the
index of the normalised character it came from, so that a match maps back to the
archive's characters through textnorm.mapped.
"""

from __future__ import annotations

from .textnorm import mapped, normalise

# Hyphens, dashes and minus signs (those NFKC leaves apart) all read as one.
_DASHES = frozenset("-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d")
# Quote marks left after normalise, and the CJK full stop and comma typed as ASCII ones.
_FOLDS = {'"': "'", "\u3002": ".", "\u3001": ","}


def _fold(text: str) -> tuple[str, list[int]]:
    """The loose form of a normalised text, and for each of its characters the index in
    ``text`` it came from.

    A space stays only between two letters or digits: next to punctuation (a space
    before a colon, inside guillemets, around a dash) it is typography, between two
    words it is what keeps them apart ("the rapist" is not "therapist")."""
    out: list[str] = []
    origin: list[int] = []
    last = len(text) - 1
    for i, ch in enumerate(text):
        if ch == " ":
            if 0 < i < last and text[i - 1].isalnum() and text[i + 1].isalnum():
                out.append(" ")
                origin.append(i)
            continue
        folded = "-" if ch in _DASHES else _FOLDS.get(ch, ch).casefold()
        out.append(folded)
        origin.extend([i] * len(folded))
    return "".join(out), origin


def loose_passage(quote: str, archive: str) -> str | None:
    """The archive's own characters for ``quote`` when the quote is in it but for spaces,
    quote marks, dashes or case (the first such place); None when it is not, or when the
    place cannot be mapped back exactly.  The passage found is itself in the archive as
    the strict check reads it."""
    wanted, _ = _fold(normalise(quote))
    if not wanted.strip():
        return None
    offsets = mapped(archive)
    if offsets is None:
        return None
    loose, origin = _fold(offsets.text)
    at = loose.find(wanted)
    if at < 0:
        return None
    start, end = offsets.original_span(origin[at], origin[at + len(wanted) - 1] + 1)
    passage = archive[start:end].strip()
    # A passage cut inside what normalising joins (a letter and its combining mark, a
    # space run) would not be found strictly: then there is no fix to offer.
    if not passage or normalise(passage) not in offsets.text:
        return None
    return passage
