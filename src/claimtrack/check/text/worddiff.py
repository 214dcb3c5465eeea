"""What changed between two versions of a text: the sentences one version removed, those
that took their place, and within them the words that changed.

The one diff of claimtrack: the source page's version history, the claim page's mark of a
passage that left its source, claims.json's ``replaced_by``, the feed and `recheck` all
read these hunks.  Pure functions of two texts and the language their sentences are
split in.

Two steps.  The sentences (check/text/sentences.py, in the source's language) are compared
first, each normalised as quotes are found, so that only the sentences that changed are
compared word by word (check/text/wordruns.py; in Chinese and Japanese, character by
character); the paragraphs both texts begin and end with alike are not even split.  A run
of several changed sentences is cut where a sentence of each version begins at the same
unchanged word, so that each sentence faces the one it became.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .sentences import sentence_spans
from .textnorm import normalise
from .wordruns import ADDED, REMOVED, SAME, Piece, opcodes, word_diff, word_groups

__all__ = [
    "ADDED",
    "REMOVED",
    "SAME",
    "Hunk",
    "Piece",
    "around",
    "as_plain",
    "from_plain",
    "hunks",
    "word_diff",
]


@dataclass(frozen=True, slots=True)
class Hunk:
    """Sentences of the old text (``removed``, from offset ``old_start``) that the new text
    has in another wording (``added``, from ``new_start``), or not at all; either side may
    be empty.  ``pieces`` are both, word by word, from the first sentence to the last."""

    old_start: int
    new_start: int
    removed: tuple[str, ...]
    added: tuple[str, ...]
    pieces: tuple[Piece, ...]

    @property
    def before(self) -> str:
        return "".join(p.old for p in self.pieces)

    @property
    def after(self) -> str:
        return "".join(p.new for p in self.pieces)

    @property
    def old_end(self) -> int:
        return self.old_start + len(self.before)

    @property
    def new_end(self) -> int:
        return self.new_start + len(self.after)


def hunks(old: str, new: str, language: str) -> tuple[Hunk, ...]:
    """The changes from ``old`` to ``new``, in order; none when they read the same once
    normalised.  ``language``: the source's BCP 47 tag, which its sentences are split in."""
    start, old_stop, new_stop = _common_lines(old, new)
    if normalise(old[start:old_stop]) == normalise(new[start:new_stop]):
        return ()
    old_spans = _spans(old, start, old_stop, language)
    new_spans = _spans(new, start, new_stop, language)
    old_keys = [normalise(old[a:b]) for a, b in old_spans]
    new_keys = [normalise(new[a:b]) for a, b in new_spans]
    found: list[Hunk] = []
    for tag, i1, i2, j1, j2 in opcodes(old_keys, new_keys):
        if tag == "equal":
            continue
        old_from = _start(old_spans, i1, i2, start)
        new_from = _start(new_spans, j1, j2, start)
        old_part = old[old_from : old_spans[i2 - 1][1]] if i2 > i1 else ""
        new_part = new[new_from : new_spans[j2 - 1][1]] if j2 > j1 else ""
        old_sentences = [(a - old_from, b - old_from) for a, b in old_spans[i1:i2]]
        new_sentences = [(a - new_from, b - new_from) for a, b in new_spans[j1:j2]]
        for at_old, at_new, pieces in word_groups(
            old_part, new_part, [a for a, _ in old_sentences], [a for a, _ in new_sentences]
        ):
            before = sum(len(p.old) for p in pieces)
            after = sum(len(p.new) for p in pieces)
            found.append(
                Hunk(
                    old_from + at_old,
                    new_from + at_new,
                    _within(old_part, old_sentences, at_old, at_old + before),
                    _within(new_part, new_sentences, at_new, at_new + after),
                    pieces,
                )
            )
    return tuple(found)


# A line break (check/text/sentences.py): a new paragraph begins after it unless its next
# line goes on in lowercase.  No sentence goes on over a paragraph's beginning, so the text
# before it and the text after it are split in sentences alike, whatever else there is.
_LINE_BREAK = re.compile(r"\n[^\S\n]*")


def _common_lines(old: str, new: str) -> tuple[int, int, int]:
    """Where the texts begin to differ and where each stops differing, moved out to the
    paragraphs around: only what lies between is split in sentences (a recheck of a long
    page changes a few of them)."""
    n = min(len(old), len(new))
    lo, hi = 0, n  # the longest common beginning, by halves (each comparison in C)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[:mid] == new[:mid]:
            lo = mid
        else:
            hi = mid - 1
    head = lo
    lo, hi = 0, n - head  # the longest common end that does not overlap it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[len(old) - mid :] == new[len(new) - mid :]:
            lo = mid
        else:
            hi = mid - 1
    tail = len(old) - lo
    start = 0
    # The last paragraph begun within the common beginning (its first letter too).
    for found in _LINE_BREAK.finditer(old, 0, head):
        if found.end() < head and not old[found.end()].islower():
            start = found.end()
    stop = len(old)
    for found in _LINE_BREAK.finditer(old, tail):
        if not old[found.end() : found.end() + 1].islower():
            stop = found.start()
            break
    return start, stop, stop - len(old) + len(new)


def _spans(text: str, start: int, stop: int, language: str) -> list[tuple[int, int]]:
    return [(a + start, b + start) for a, b in sentence_spans(text[start:stop], language)]


def _start(spans: list[tuple[int, int]], i1: int, i2: int, start: int) -> int:
    """Where a run of sentences starts; where the sentence before it ends for none (or
    ``start``, where the compared part of the text starts)."""
    if i2 > i1:
        return spans[i1][0]
    return spans[i1 - 1][1] if i1 else start


def _within(text: str, spans: list[tuple[int, int]], start: int, end: int) -> tuple[str, ...]:
    return tuple(text[a:b] for a, b in spans if start <= a < end)


def around(hunks: Sequence[Hunk], start: int, end: int, old: str, new: str) -> Hunk | None:
    """The change to the passage ``start:end`` of the old text: the hunks it overlaps,
    joined by the unchanged text between them into one; None when it overlaps none."""
    touched = [h for h in hunks if h.old_start < end and start < h.old_end and h.removed]
    if not touched:
        return None
    pieces: list[Piece] = list(touched[0].pieces)
    for before, after in pairwise(touched):
        between = Piece(
            SAME, old[before.old_end : after.old_start], new[before.new_end : after.new_start]
        )
        pieces += [between, *after.pieces]
    return Hunk(
        touched[0].old_start,
        touched[0].new_start,
        tuple(s for h in touched for s in h.removed),
        tuple(s for h in touched for s in h.added),
        tuple(pieces),
    )


def as_plain(found: Sequence[Hunk]) -> list[list[Any]]:
    """Hunks as plain data, for the cache (JSON)."""
    return [
        [
            h.old_start,
            h.new_start,
            list(h.removed),
            list(h.added),
            [[p.kind, p.old, p.new] for p in h.pieces],
        ]
        for h in found
    ]


def from_plain(data: Any) -> tuple[Hunk, ...]:
    return tuple(
        Hunk(
            int(old_start),
            int(new_start),
            tuple(str(s) for s in removed),
            tuple(str(s) for s in added),
            tuple(Piece(str(k), str(o), str(n)) for k, o, n in pieces),
        )
        for old_start, new_start, removed, added, pieces in data
    )
