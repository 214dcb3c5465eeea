"""Where a quote is in an archived text, in the archive's own characters, and what is
around it: the sentence before and the sentence after.

Quotes are found in normalised text (textnorm.normalise), but a reader must see the
archive as it is, so the normalisation is done again here keeping, for each
normalised character, the span of original characters it came from.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ..textrules import has_visible
from .sentences import sentence_starts
from .textnorm import MappedText, normalise

# The most of the archive shown on each side of a quote.
CONTEXT_LIMIT = 300


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


def quote_context(
    quote: str, original: str, text: MappedText, starts: list[int] | None = None
) -> QuoteContext | None:
    """The quote's first occurrence in ``original`` with the text around it; None when
    the quote is not in it.  ``starts``: sentence_starts(original), when already known
    (an archive's sentences are found once for all its quotes)."""
    wanted = normalise(quote)
    if not has_visible(wanted):
        return None
    at = text.text.find(wanted)
    if at < 0:
        return None
    start, end = text.original_span(at, at + len(wanted))
    if starts is None:
        starts = sentence_starts(original)
    # The rest of the sentence the quote begins in, and the whole sentence before it;
    # the rest of the sentence it ends in, and the whole sentence after it.
    first = bisect_right(starts, start) - 1
    last = bisect_left(starts, end) - 1
    before_from = starts[max(first - 1, 0)]
    after_to = starts[last + 2] if last + 2 < len(starts) else len(original)
    return QuoteContext(
        before=cut_before(original[before_from:start]),
        passage=original[start:end],
        after=cut_after(original[end:after_to]),
        occurrences=text.text.count(wanted),
        start=start,
        end=end,
    )


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
