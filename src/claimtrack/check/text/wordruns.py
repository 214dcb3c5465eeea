"""Two short texts compared word by word (in Chinese and Japanese, character by character:
their words are not separated by spaces): check/text/worddiff.py's second step.

The words are those of the texts normalised as quotes are found (textnorm.normalise: a
change of white space, quotation marks, CJK spacing or French typographic spaces is no
change), mapped back to each text's own characters.  difflib's SequenceMatcher compares
them (bench/worddiff.py measured it against cydifflib, diff-match-patch and rapidfuzz on
3 KB archives in English, French and Chinese: each marked the same characters, and a
whole diff took the same time, ~0.3 ms, the matcher being a small part of it, so no
dependency is added for it; bench/RESULTS.md), with two of
diff-match-patch's ideas: the common beginning and end are set aside first, and a short
unchanged word between two changes is made part of them, as a reader sees it
("<del>3x faster</del><ins>2.5x quicker</ins>", not a change, a space and a change).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from ...textrules import Later
from .textnorm import MappedText, mapped

SAME, REMOVED, ADDED = "=", "-", "+"

# Scripts written without spaces between words: each character is a word.
_UNSPACED = (
    r"\u2e80-\u2fff\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3040-\u30ff\u3100-\u312f"
    r"\u31a0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
)
# A word: letters and digits, with the marks that join them inside it ("2.5x", "l'IA",
# "GPT-6", "3,000"); a character of an unspaced script; any other visible character alone.
_WORD = Later(rf"[{_UNSPACED}]|[^\W_{_UNSPACED}]+(?:[.,'\-][^\W_{_UNSPACED}]+)*|[^\s{_UNSPACED}]")


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of words: the same in both versions (``old`` and ``new``, each in its own
    characters), or only in the old one (REMOVED) or the new one (ADDED)."""

    kind: str
    old: str
    new: str


Opcode = tuple[str, int, int, int, int]


def opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    """difflib's opcodes between two sequences, their common beginning and end set aside
    first (most revisions change a few sentences of a long page)."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    ops: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
    middle = SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], False)
    ops += (
        (tag, i1 + head, i2 + head, j1 + head, j2 + head)
        for tag, i1, i2, j1, j2 in middle.get_opcodes()
    )
    if tail:
        ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    return ops


def word_diff(old: str, new: str) -> tuple[Piece, ...]:
    """``old`` against ``new`` word by word, every character of each in one piece."""
    groups = word_groups(old, new, (), (), keep_same=True)
    return groups[0][2] if groups else ()


def word_groups(
    old: str,
    new: str,
    old_cuts: Sequence[int],
    new_cuts: Sequence[int],
    keep_same: bool = False,
) -> list[tuple[int, int, tuple[Piece, ...]]]:
    """``old`` against ``new`` word by word, cut into groups where a sentence of each
    begins (``old_cuts``, ``new_cuts``: offsets) at the same unchanged word: each group's
    offsets in both texts and its pieces, which hold every character of the texts between
    those offsets.  Groups with no change are left out (unless ``keep_same``)."""
    old_map, new_map = _mapped(old), _mapped(new)
    old_words = _words(old_map.text)
    new_words = _words(new_map.text)
    old_at = [old_map.starts[a] for a, _ in old_words]
    new_at = [new_map.starts[a] for a, _ in new_words]
    old_keys = [old_map.text[a:b] for a, b in old_words]
    new_keys = [new_map.text[a:b] for a, b in new_words]
    ops = opcodes(old_keys, new_keys)
    groups = _cut(ops, set(old_cuts), set(new_cuts), old_at, new_at)
    found = []
    # Where each group starts in the texts: the first word of the next group ends it.
    old_bounds = [0, *(old_at[g[0][1]] if g[0][1] < len(old_at) else len(old) for g in groups[1:])]
    new_bounds = [0, *(new_at[g[0][3]] if g[0][3] < len(new_at) else len(new) for g in groups[1:])]
    old_bounds.append(len(old))
    new_bounds.append(len(new))
    for k, group in enumerate(groups):
        runs = _tidy(group, old_keys, new_keys, old_words, new_words)
        if not keep_same and all(kind == SAME for kind, *_ in runs):
            continue
        pieces = _pieces(
            runs,
            old,
            new,
            old_at,
            new_at,
            (old_bounds[k], old_bounds[k + 1]),
            (new_bounds[k], new_bounds[k + 1]),
        )
        found.append((old_bounds[k], new_bounds[k], pieces))
    return found


def _mapped(text: str) -> MappedText:
    """The text normalised with its offset map; where that cannot be had (textnorm.mapped's
    rare case), the text itself, each character its own."""
    found = mapped(text)
    if found is not None:
        return found
    return MappedText(text, array("l", range(len(text))), array("l", range(1, len(text) + 1)))


def _words(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _WORD.pattern.finditer(text)]


def _cut(
    ops: list[Opcode],
    old_cuts: set[int],
    new_cuts: set[int],
    old_at: list[int],
    new_at: list[int],
) -> list[list[Opcode]]:
    """The opcodes in groups, cut inside an unchanged run where a sentence of each text
    begins at the same word."""
    groups: list[list[Opcode]] = [[]]
    for op in ops:
        tag, i1, i2, j1, j2 = op
        if tag != "equal" or not old_cuts or not new_cuts:
            groups[-1].append(op)
            continue
        start = i1
        for i in range(i1, i2):
            j = j1 + i - i1
            if old_at[i] in old_cuts and new_at[j] in new_cuts and (i > start or groups[-1]):
                if i > start:
                    groups[-1].append((tag, start, i, j1 + start - i1, j))
                groups.append([])
                start = i
        if i2 > start:
            groups[-1].append((tag, start, i2, j1 + start - i1, j2))
    return [g for g in groups if g] or [[("equal", 0, 0, 0, 0)]]


# A run: SAME (i1, i2, j1, j2) or a change of old words i1:i2 into new words j1:j2.
Run = tuple[str, int, int, int, int]


def _tidy(
    group: list[Opcode],
    old_keys: list[str],
    new_keys: list[str],
    old_words: list[tuple[int, int]],
    new_words: list[tuple[int, int]],
) -> list[Run]:
    """The group's opcodes as runs, alternately unchanged and changed; an unchanged run
    between two changes joined to them when it is no longer than the change on either side
    (diff-match-patch's semantic clean-up, in characters of normalised text); a change on
    one side only moved along the same words to end a sentence where it can ("。<del>價格未公布
    。</del>", not "<del>。價格未公布</del>。")."""

    def size(words: list[tuple[int, int]], a: int, b: int) -> int:
        return words[b - 1][1] - words[a][0] if b > a else 0

    runs: list[Run] = []
    for tag, i1, i2, j1, j2 in group:
        if tag == "equal":
            if i2 > i1:
                runs.append((SAME, i1, i2, j1, j2))
        elif runs and runs[-1][0] != SAME:
            runs[-1] = ("~", runs[-1][1], i2, runs[-1][3], j2)
        else:
            runs.append(("~", i1, i2, j1, j2))
    changed = True
    while changed:
        changed = False
        for k in range(1, len(runs) - 1):
            kind, i1, i2, j1, j2 = runs[k]
            if kind != SAME:
                continue
            _, bi1, bi2, bj1, bj2 = runs[k - 1]
            _, ai1, ai2, aj1, aj2 = runs[k + 1]
            length = size(old_words, i1, i2)
            if length <= max(size(old_words, bi1, bi2), size(new_words, bj1, bj2)) and (
                length <= max(size(old_words, ai1, ai2), size(new_words, aj1, aj2))
            ):
                runs[k - 1 : k + 2] = [("~", bi1, ai2, bj1, aj2)]
                changed = True
                break
    last = len(runs) - 2
    for k in range(1, last + 1):
        runs[k - 1 : k + 2] = _shifted(runs[k - 1 : k + 2], old_keys, new_keys, k == 1, k == last)
    return [r for r in runs if r[0] != SAME or r[2] > r[1]]


# What ends a sentence: a change on one side only is best ended by one.
_TERMINAL = frozenset(".!?。！？")


def _shifted(
    three: list[Run], old_keys: list[str], new_keys: list[str], first: bool, last: bool
) -> list[Run]:
    """A change on one side between two unchanged runs, moved along the words it shares
    with them to where it ends a sentence, if there is one; each keeps a word at least,
    unless it is the group's ``first`` or ``last`` run."""
    (before, change, after) = three
    if before[0] != SAME or after[0] != SAME or change[0] == SAME:
        return three
    _, i1, i2, j1, j2 = change
    if i2 > i1 and j2 > j1:
        return three
    keys, a, b = (old_keys, i1, i2) if i2 > i1 else (new_keys, j1, j2)
    room_before = (before[2] - before[1]) - (0 if first else 1)
    room_after = (after[2] - after[1]) - (0 if last else 1)
    left = 0
    while left < room_before and keys[a - left - 1] == keys[b - left - 1]:
        left += 1
    right = 0
    while right < room_after and keys[a + right] == keys[b + right]:
        right += 1
    best = min(range(-left, right + 1), key=lambda d: (keys[b + d - 1] not in _TERMINAL, abs(d)))
    if best == 0:
        return three
    di, dj = (best, 0) if i2 > i1 else (0, best)
    return [
        (SAME, before[1], before[2] + best, before[3], before[4] + best),
        ("~", i1 + di, i2 + di, j1 + dj, j2 + dj),
        (SAME, after[1] + best, after[2], after[3] + best, after[4]),
    ]


def _pieces(
    runs: list[Run],
    old: str,
    new: str,
    old_at: list[int],
    new_at: list[int],
    old_span: tuple[int, int],
    new_span: tuple[int, int],
) -> tuple[Piece, ...]:
    """The runs as pieces of the texts' own characters: each side's text from a run's
    first word to the next run's (what normalising dropped between them goes with the
    run before), from the group's start to its end."""
    # Where each run starts on each side (None: it has no word there).
    starts_old = [old_at[i1] if i2 > i1 else None for _, i1, i2, _, _ in runs]
    starts_new = [new_at[j1] if j2 > j1 else None for _, _, _, j1, j2 in runs]

    def texts(text: str, starts: list[int | None], span: tuple[int, int]) -> list[str]:
        out = [""] * len(starts)
        placed = [k for k, at in enumerate(starts) if at is not None]
        for n, k in enumerate(placed):
            begin = span[0] if n == 0 else starts[k]
            end = starts[placed[n + 1]] if n + 1 < len(placed) else span[1]
            assert begin is not None and end is not None
            out[k] = text[begin:end]
        if not placed and span[1] > span[0]:
            out[0] = text[span[0] : span[1]]  # nothing but white space
        return out

    olds = texts(old, starts_old, old_span)
    news = texts(new, starts_new, new_span)
    pieces: list[Piece] = []
    for (kind, *_), o, n in zip(runs, olds, news, strict=True):
        if kind == SAME:
            pieces.append(Piece(SAME, o, n))
            continue
        if o:
            pieces.append(Piece(REMOVED, o, ""))
        if n:
            pieces.append(Piece(ADDED, "", n))
    return tuple(pieces)
