"""Where a quote is in an archived text, in the archive's own characters, and what is
around it: the sentence before and the sentence after.

Quotes are found in normalised text (textnorm.normalise), but a reader must see the
archive as it is.  Nearly every quote is copied exactly, so it is first looked for as
written, and that place is taken when it surely is where the normalised quote is first
found in the normalised archive (see _as_written).  Only otherwise is
the normalisation done again keeping, for each normalised character, the span of
original characters it came from (textnorm.mapped, a few milliseconds an archive).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import pairwise

from ...textrules import has_visible
from .sentences import DEFAULT_LANGUAGE, sentence_starts
from .textnorm import MappedText, longest_found_prefix, mapped, normalise

# The most of the archive shown on each side of a quote.
CONTEXT_LIMIT = 300

# A QuoteContext as plain values (before, passage, after, occurrences, start, end): what
# check.store keeps, and what a child process sends back (pickled far faster).
Context = tuple[str, str, str, int, int, int]


@dataclass(frozen=True)
class QuoteContext:
    """The first occurrence of a quote in an archive, in the archive's characters."""

    before: str
    passage: str
    after: str
    occurrences: int
    # Where the passage is in the archive (character offsets): the archive page marks it.
    start: int
    end: int


class ArchiveText:
    """One archived text, normalised, and what finding quotes in context needs of it:
    the offset map and the sentence starts (in ``language``, the source's), each made
    once, when a quote first needs it."""

    def __init__(self, original: str, normalised: str, language: str = DEFAULT_LANGUAGE) -> None:
        self.original = original
        self.normalised = normalised
        self.language = language
        self._offsets: MappedText | None = None
        self._mapped = False
        self._starts: list[int] | None = None

    def offsets(self) -> MappedText | None:
        if not self._mapped:
            self._offsets, self._mapped = mapped(self.original), True
        return self._offsets

    def starts(self) -> list[int]:
        if self._starts is None:
            self._starts = sentence_starts(self.original, self.language)
        return self._starts


def quote_span(quote: str, archive: ArchiveText) -> tuple[int, int, int] | None:
    """Where the quote first is in the archive, in its characters, and how many times it
    is there: (start, end, occurrences); None when it is not in it."""
    wanted = normalise(quote)
    if not has_visible(wanted):
        return None
    normalised, original = archive.normalised, archive.original
    first = normalised.find(wanted)
    if first < 0:
        return None
    occurrences = normalised.count(wanted)
    span = _as_written(quote.strip(), original, wanted, occurrences)
    if span is None:
        text = archive.offsets()
        if text is None:
            return None
        span = text.original_span(first, first + len(wanted))
    return (*span, occurrences)


def quote_context(quote: str, archive: ArchiveText) -> QuoteContext | None:
    """The quote's first occurrence in the archive with the text around it; None when the
    quote is not in it."""
    span = quote_span(quote, archive)
    if span is None:
        return None
    start, end, occurrences = span
    original = archive.original
    found = archive.starts()
    # The rest of the sentence the quote begins in, and the whole sentence before it;
    # the rest of the sentence it ends in, and the whole sentence after it.
    first_sentence = bisect_right(found, start) - 1
    last = bisect_left(found, end) - 1
    before_from = found[max(first_sentence - 1, 0)]
    after_to = found[last + 2] if last + 2 < len(found) else len(original)
    return QuoteContext(
        before=cut_before(original[before_from:start]),
        passage=original[start:end],
        after=cut_after(original[end:after_to]),
        occurrences=occurrences,
        start=start,
        end=end,
    )


def as_tuple(found: QuoteContext | None) -> Context | None:
    """What the store keeps of a quote in context."""
    if found is None:
        return None
    return (found.before, found.passage, found.after, found.occurrences, found.start, found.end)


def _as_written(quote: str, original: str, wanted: str, occurrences: int) -> tuple[int, int] | None:
    """The quote's first occurrence as written, when that is surely the first occurrence of
    ``wanted`` (the normalised quote, found ``occurrences`` times in the normalised archive):
    no combining mark joins its first or last character to the text around it, neither form
    can overlap itself (so occurrences are counted alike), and the archive holds it as
    written as often as normalised.  Otherwise None, and the offset map decides."""
    at = original.find(quote)
    if at < 0:
        return None
    end = at + len(quote)
    if unicodedata.combining(quote[0]) or (
        end < len(original) and unicodedata.combining(original[end])
    ):
        return None
    if _overlaps_itself(quote) or _overlaps_itself(wanted):
        return None
    if original.count(quote) != occurrences:
        return None
    return at, end


def _overlaps_itself(text: str) -> bool:
    """Whether two occurrences of ``text`` can overlap: some proper prefix is also a suffix."""
    k = text.find(text[-1])
    while 0 <= k < len(text) - 1:
        if text.endswith(text[: k + 1]):
            return True
        k = text.find(text[-1], k + 1)
    return False


def cut_before(text: str) -> str:
    """The end of ``text``, at most CONTEXT_LIMIT characters, cut at a word boundary."""
    text = text.lstrip()
    if len(text) <= CONTEXT_LIMIT:
        return text
    keep = CONTEXT_LIMIT - 1
    tail = text[-keep:]
    if not text[-keep - 1].isspace():
        # Cut inside a word: drop what is left of it (unless the text has no spaces, as in Chinese).
        space = re.search(r"\s", tail)
        if space is not None:
            tail = tail[space.end() :]
    return "…" + tail.lstrip()


def cut_after(text: str) -> str:
    """The start of ``text``, at most CONTEXT_LIMIT characters, cut at a word boundary."""
    text = text.rstrip()
    if len(text) <= CONTEXT_LIMIT:
        return text
    keep = CONTEXT_LIMIT - 1
    head = text[:keep]
    if not text[keep].isspace():
        spaces = [m.start() for m in re.finditer(r"\s", head)]
        if spaces:
            head = head[: spaces[-1]]
    return head.rstrip() + "…"


@dataclass(frozen=True)
class Closest:
    """The passage of an archive most like a quote that is not in it."""

    start: int  # in the archive's characters
    end: int
    ratio: float  # difflib's likeness of the normalised texts, 0 to 1
    found_prefix: int  # how many of the normalised quote's first characters the archive holds


# The most sentences a passage is made of: a quote spans one or two, rarely three.
PASSAGE_SENTENCES = 3


def closest_passage(quote: str, archive: ArchiveText) -> Closest | None:
    """The run of one to three whole sentences of the archive most like the quote
    (difflib's ratio, on normalised texts, so that spacing and quote marks count for
    nothing), with the length of the quote's longest beginning that the archive holds;
    None for a quote of nothing visible or an empty archive."""
    wanted = normalise(quote)
    original = archive.original
    if not has_visible(wanted) or not has_visible(original):
        return None
    bounds = [*archive.starts(), len(original)]
    # Each sentence normalised once; a run of them is scored joined by spaces, near
    # enough to the run normalised whole (only CJK text differs, by those spaces).
    each = [normalise(original[a:b]) for a, b in pairwise(bounds)]
    matcher = SequenceMatcher(autojunk=False)
    matcher.set_seq2(wanted)  # difflib keeps what it learns of the second sequence
    best: tuple[float, int, int] = (-1.0, 0, 0)
    for width in range(1, min(PASSAGE_SENTENCES, len(each)) + 1):
        for i in range(len(each) - width + 1):
            matcher.set_seq1(" ".join(each[i : i + width]))
            # The cheap upper bounds first (lengths, then shared characters): most runs
            # are ruled out without ratio(), whose cost is the product of the lengths.
            if matcher.real_quick_ratio() <= best[0] or matcher.quick_ratio() <= best[0]:
                continue
            ratio = matcher.ratio()
            if ratio > best[0]:
                best = (ratio, bounds[i], bounds[i + width])
    ratio, start, end = best
    passage = original[start:end]
    start += len(passage) - len(passage.lstrip())
    end -= len(passage) - len(passage.rstrip())
    return Closest(start, end, ratio, longest_found_prefix(wanted, archive.normalised))
