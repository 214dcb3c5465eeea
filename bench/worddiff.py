"""Which matcher check/text/worddiff.py compares words with: difflib (the standard
library's), and the well-kept libraries made for the job, on the archives of a 3 KB
article in English, French and Traditional Chinese, each edited the way pages are.

    .venv/bin/python bench/make_tracker.py /tmp/t500 --claims 500
    pip install --target /tmp/difflibs cydifflib diff-match-patch fast-diff-match-patch rapidfuzz
    PYTHONPATH=/tmp/difflibs .venv/bin/python bench/worddiff.py /tmp/t500/sources sources

Each archive (``*.txt`` in the folders given; a record beside it names its language) is
edited four times, the same way for every matcher (a fixed seed): a figure changed, a
sentence deleted, a sentence added (from another archive of its language) and two words
of a sentence replaced (two characters in Chinese).  For each matcher it prints, over
every pair: the time of ``hunks`` (what claimtrack runs: sentences first, then the words
of the changed ones) and of one word diff of the whole texts (the worst case: every word
compared), the median and the slowest; and what a reader is shown: the characters marked
changed and the number of marked runs (fewer of both reads better; the clean-up of
worddiff.py runs after each matcher alike).  A library that is not installed is skipped.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from pathlib import Path

from claimtrack.check.text import worddiff, wordruns
from claimtrack.check.text.sentences import sentence_spans
from claimtrack.check.text.wordruns import SAME, Opcode, _mapped, _words

Matcher = Callable[[Sequence[str], Sequence[str]], list[Opcode]]


def with_difflib(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    return SequenceMatcher(None, a, b, False).get_opcodes()


def matchers() -> dict[str, Matcher]:
    found: dict[str, Matcher] = {"difflib": with_difflib}
    try:
        import cydifflib

        found["cydifflib"] = lambda a, b: cydifflib.SequenceMatcher(None, a, b, False).get_opcodes()
    except ImportError:
        pass
    try:
        from rapidfuzz.distance import Indel

        found["rapidfuzz (Indel)"] = lambda a, b: [tuple(op) for op in Indel.opcodes(a, b)]  # type: ignore[misc]
    except ImportError:
        pass
    try:
        from diff_match_patch import diff_match_patch

        dmp = diff_match_patch()
        dmp.Diff_Timeout = 0

        def with_dmp(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
            x, y = encoded(a, b)
            return from_counts([(op, len(text)) for op, text in dmp.diff_main(x, y, False)])

        found["diff-match-patch"] = with_dmp
    except ImportError:
        pass
    try:
        import fast_diff_match_patch as fdmp

        def with_fdmp(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
            x, y = encoded(a, b)
            counts = fdmp.diff(x, y, timelimit=0, checklines=False, cleanup="No", counts_only=True)
            return from_counts([({"=": 0, "-": -1, "+": 1}[op], n) for op, n in counts])

        found["fast-diff-match-patch"] = with_fdmp
    except ImportError:
        pass
    return found


def encoded(a: Sequence[str], b: Sequence[str]) -> tuple[str, str]:
    """Each distinct word as one character (diff-match-patch compares characters)."""
    codes: dict[str, str] = {}
    for word in (*a, *b):
        codes.setdefault(word, chr(0x10000 + len(codes)))
    return "".join(codes[w] for w in a), "".join(codes[w] for w in b)


def from_counts(counts: list[tuple[int, int]]) -> list[Opcode]:
    ops: list[Opcode] = []
    i = j = 0
    for op, n in counts:
        if op == 0:
            ops.append(("equal", i, i + n, j, j + n))
            i, j = i + n, j + n
        elif op == -1:
            ops.append(("delete", i, i + n, j, j))
            i += n
        else:
            ops.append(("insert", i, i, j, j + n))
            j += n
    return ops


def trimmed(middle: Matcher) -> Matcher:
    """worddiff.opcodes with another matcher for what lies between the common ends."""

    def opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
        n = min(len(a), len(b))
        head = 0
        while head < n and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
            tail += 1
        ops: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
        ops += [
            (tag, i1 + head, i2 + head, j1 + head, j2 + head)
            for tag, i1, i2, j1, j2 in middle(a[head : len(a) - tail], b[head : len(b) - tail])
        ]
        if tail:
            ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
        return joined(ops)

    return opcodes


def joined(ops: list[Opcode]) -> list[Opcode]:
    """A deletion next to an insertion as one replacement, as difflib gives them (the
    LCS-based libraries give them apart)."""
    out: list[Opcode] = []
    for op in ops:
        if out and op[0] != "equal" and out[-1][0] != "equal":
            _, i1, _, j1, _ = out[-1]
            out[-1] = ("replace", i1, op[2], j1, op[4])
        else:
            out.append(op)
    return out


LANGUAGE = re.compile(r"^language: (\S+)$", re.M)


def archives(folders: list[Path]) -> list[tuple[str, str, str]]:
    """(name, text, language) of every archive with a record naming its language."""
    found = []
    for folder in folders:
        for txt in sorted(folder.glob("*.txt")):
            record = txt.with_suffix(".yaml")
            match = LANGUAGE.search(record.read_text(encoding="utf-8")) if record.exists() else None
            if match:
                found.append((txt.name, txt.read_text(encoding="utf-8"), match.group(1)))
    return found


def edits(text: str, language: str, others: list[str], rng: random.Random) -> list[str]:
    spans = sentence_spans(text, language)
    chinese = language.startswith("zh")

    def replace(span: tuple[int, int], new: str) -> str:
        return text[: span[0]] + new + text[span[1] :]

    out = []
    figured = [s for s in spans if re.search(r"\d", text[s[0] : s[1]])] or spans
    s = rng.choice(figured)
    sentence = text[s[0] : s[1]]
    out.append(replace(s, re.sub(r"\d+", lambda m: str(int(m.group()) * 3 + 1), sentence, count=1)))
    out.append(replace(rng.choice(spans[1:]), ""))
    at = rng.choice(spans)[1]
    out.append(text[:at] + ("" if chinese else " ") + rng.choice(others) + text[at:])
    s = rng.choice(spans)
    sentence = text[s[0] : s[1]]
    if chinese:
        k = rng.randrange(max(1, len(sentence) - 3))
        out.append(replace(s, sentence[:k] + "大約" + sentence[k + 2 :]))
    else:
        words = sentence.split(" ")
        for _ in range(2):
            words[rng.randrange(len(words))] = rng.choice(["remarkably", "notably", "bientôt"])
        out.append(replace(s, " ".join(words)))
    return out


def shown(pieces: Sequence[worddiff.Piece]) -> tuple[int, int]:
    """Characters marked changed (white space aside) and the number of marked runs."""
    changed = [p.old + p.new for p in pieces if p.kind != SAME]
    return sum(len("".join(c.split())) for c in changed), len(changed)


def timed(run: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    folders = [Path(p) for p in sys.argv[1:]] or [Path("sources")]
    texts = archives(folders)
    by_language: dict[str, list[str]] = {}
    for _, text, language in texts:
        by_language.setdefault(language, []).extend(
            text[a:b] for a, b in sentence_spans(text, language)
        )
    rng = random.Random(26)
    pairs = [
        (text, edited, language)
        for _, text, language in texts
        for edited in edits(text, language, by_language[language], rng)
    ]
    sizes = [len(t.encode()) for t, _, _ in pairs[::4]]
    print(
        f"{len(texts)} archives ({statistics.mean(sizes) / 1000:.1f} KB on average; "
        + ", ".join(
            f"{lang} {sum(1 for *_, x in texts if x == lang)}" for lang in sorted(by_language)
        )
        + f"), {len(pairs)} pairs"
    )
    print(
        f"{'matcher':22} {'hunks ms':>15} {'whole texts ms':>15} {'matcher alone ms':>17} "
        f"{'chars marked':>12} {'runs':>5}"
    )
    print(f"{'':22} {'median / max':>15} {'median / max':>15} {'median / max':>17}")
    # Every word of both texts: what the matcher alone is given when all of it is compared.
    words = []
    for old, new, _ in pairs:
        a, b = _mapped(old).text, _mapped(new).text
        words.append(([a[i:j] for i, j in _words(a)], [b[i:j] for i, j in _words(b)]))
    original = wordruns.opcodes
    try:
        for name, matcher in matchers().items():
            # worddiff imported the name: both are replaced.
            wordruns.opcodes = worddiff.opcodes = trimmed(matcher)  # type: ignore[assignment]
            hunk_times, whole_times, alone, chars, runs = [], [], [], 0, 0
            for (old, new, language), (a, b) in zip(pairs, words, strict=True):
                hunk_times.append(timed(lambda: worddiff.hunks(old, new, language)))  # noqa: B023
                whole_times.append(timed(lambda: worddiff.word_diff(old, new)))  # noqa: B023
                alone.append(timed(lambda: matcher(a, b)))  # noqa: B023
                c, r = shown([p for h in worddiff.hunks(old, new, language) for p in h.pieces])
                chars, runs = chars + c, runs + r
            print(
                f"{name:22} {statistics.median(hunk_times):6.2f} /{max(hunk_times):6.2f} "
                f"{statistics.median(whole_times):7.2f} /{max(whole_times):6.2f} "
                f"{statistics.median(alone):9.2f} /{max(alone):6.2f} {chars:12} {runs:5}"
            )
    finally:
        wordruns.opcodes = worddiff.opcodes = original


if __name__ == "__main__":
    main()
