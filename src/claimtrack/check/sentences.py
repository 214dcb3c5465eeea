"""Sentence boundaries in an archived text, in its original characters.

A sentence ends at ``.``, ``!`` or ``?`` followed by white space (or the end of
the text), and at the full-width ``。``, ``！``, ``？`` of Chinese and Japanese,
which need no space after them.  Closing quotation marks and brackets right
after the mark belong to the sentence they close.  French puts a space before
``!``, ``?`` (and inside guillemets): ``Prêt ? « Oui ! »`` is two sentences,
never one ending at the space.

Used to show a quote in context on claim pages; kept apart so that other
commands (coverage) can count sentences the same way.
"""

from __future__ import annotations

import re

# A terminal mark, then closers (possibly after a French space), then white space or the end;
# or a full-width terminal mark with its closers, with or without space after it.
_END = re.compile(
    r"(?:[.!?]+(?:[ \u00a0\u202f]?[\"'”’»」』)\]])*(?=\s|$)"
    r"|[。！？]+[”’」』）)\]]*)"
)


# An end and the white space after it: the next sentence starts where this match ends.
# (The lookahead lets the engine skip to the next mark: twice as fast on these texts.)
_END_SPACE = re.compile(rf"(?=[.!?。！？])(?:{_END.pattern})\s*")


def sentence_starts(text: str) -> list[int]:
    """Offsets where sentences begin, the first always 0; white space between sentences
    belongs to neither (a start is never on white space unless the text is all space)."""
    # Matches are found left to right and are never empty, so the starts come sorted and
    # distinct; only the last one may be the end of the text, which starts nothing.
    starts = [0, *(m.end() for m in _END_SPACE.finditer(text))]
    if len(starts) > 1 and starts[-1] == len(text):
        starts.pop()
    return starts


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, each without the white space around it."""
    starts = sentence_starts(text)
    bounds = zip(starts, [*starts[1:], len(text)], strict=True)
    return [s for s in (text[a:b].strip() for a, b in bounds) if s]
