"""How much of a source's archived text the claims cite, sentence by sentence.

A sentence is cited when a quote (any occurrence of it) overlaps it: fully when
the quotes cover every character of it that is neither white space nor
punctuation, partly otherwise.  A sentence that only frames the text (a
heading, a byline) can be marked as reviewed in the source record
(``reviewed_uncited``), so that coverage can reach 100% honestly: it counts
towards coverage, and is listed apart from the cited ones.

Pure functions over the analysis: the command, the source rule and the site
all read the same Coverage.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import NamedTuple

import orjson

from ...layout import line_column
from ...process.batch import split
from ...records import ReviewedSentence
from ..analysis import Analysis
from ..store import CoverageKey
from ..text.sentences import sentence_spans
from ..text.textnorm import mapped, normalise


class Cited(StrEnum):
    FULLY = "fully"
    PARTLY = "partly"
    NO = "no"


class Sentence(NamedTuple):
    # A tuple, not a dataclass, and only offsets: a large tracker has hundreds of thousands
    # of sentences, and only the uncited ones are ever shown (Coverage.words, .position).
    start: int  # character offsets into the archived text
    end: int
    cited: Cited


@dataclass(frozen=True)
class Reviewed:
    sentence: Sentence
    reason: str
    entry: int  # index in reviewed_uncited


@dataclass(frozen=True)
class CoverageCounts:
    """A source's coverage in numbers, as its page, sources.json and the coverage command
    give it: each ratio, and each JSON key, defined here only."""

    sentences: int
    fully_cited: int
    partly_cited: int
    reviewed: int  # uncited sentences reviewed as stating no claim

    @property
    def cited(self) -> int:
        return self.fully_cited + self.partly_cited

    @property
    def ratio(self) -> float:
        """(cited + reviewed) / sentences."""
        return fraction(self.cited + self.reviewed, self.sentences)

    @property
    def cited_ratio(self) -> float:
        return fraction(self.cited, self.sentences)

    @property
    def percent(self) -> int:
        """Of the sentences cited or reviewed, as every page and command shows it
        (whole_percent)."""
        return whole_percent(self.cited + self.reviewed, self.sentences)

    @property
    def cited_percent(self) -> int:
        return whole_percent(self.cited, self.sentences)

    def to_json(self) -> dict[str, int | float]:
        return {
            "sentences": self.sentences,
            "cited": self.cited,
            "fully_cited": self.fully_cited,
            "partly_cited": self.partly_cited,
            "reviewed": self.reviewed,
            "coverage": self.ratio,
            "cited_coverage": self.cited_ratio,
        }

    def to_store(self) -> list[int]:
        """As check/store.py keeps them; ``CoverageCounts(*kept)`` reads them back."""
        return [self.sentences, self.fully_cited, self.partly_cited, self.reviewed]


def counts_json(found: CoverageCounts | None) -> dict[str, int | float | None]:
    """CoverageCounts.to_json, or the same keys each null for a source without an archived
    text (the coverage command lists every source)."""
    if found is not None:
        return dict(found.to_json())
    return dict.fromkeys(CoverageCounts(0, 0, 0, 0).to_json())


@dataclass(frozen=True)
class Coverage:
    """One archived text's sentences, and which of them the claims cite."""

    text: str  # the archived text
    sentences: tuple[Sentence, ...]
    reviewed: tuple[Reviewed, ...]
    # Entries of reviewed_uncited that name no sentence, several, or a cited one.
    unmatched: tuple[int, ...] = ()
    ambiguous: tuple[int, ...] = ()
    cited_entries: tuple[int, ...] = ()

    def words(self, sentence: Sentence) -> str:
        return self.text[sentence.start : sentence.end]

    def position(self, sentence: Sentence) -> tuple[int, int]:
        """Line and column, 1-based, the column in characters as check counts them."""
        return line_column(self.text, sentence.start)

    @cached_property
    def counts(self) -> CoverageCounts:
        return CoverageCounts(
            len(self.sentences),
            sum(s.cited is Cited.FULLY for s in self.sentences),
            sum(s.cited is Cited.PARTLY for s in self.sentences),
            len(self.reviewed),
        )

    @property
    def uncited(self) -> tuple[Sentence, ...]:
        """Sentences neither cited nor reviewed, in the order of the text."""
        reviewed = {r.sentence.start for r in self.reviewed}
        return tuple(s for s in self.sentences if s.cited is Cited.NO and s.start not in reviewed)


def fraction(part: int, total: int) -> float:
    """0 to 1, to four places; a text without sentences lacks nothing."""
    return round(part / total, 4) if total else 1.0


def whole_percent(part: int, total: int) -> int:
    """``part`` of ``total`` as a whole percentage, rounded half up (1 of 6 is 17%), from
    the counts themselves (no float to round twice); but never 100 while a sentence is
    missing, nor 0 once one counts.  A text without sentences lacks nothing: 100."""
    if total <= 0:
        return 100
    shown = (200 * part + total) // (2 * total)
    if part < total:
        shown = min(shown, 99)
    if part > 0:
        shown = max(shown, 1)
    return shown


def cited_quotes(a: Analysis, source_id: str) -> list[str]:
    """Every quote the tracker cites from this source, once each, sorted.  The one place
    that says which quotes count: the claims' quotes (evidence, measurements, history)."""
    quotes: set[str] = set()
    for cid in a.links.citing.get(source_id, ()):  # any order: the quotes are sorted
        loaded = a.tracker.claims.get(cid)
        if loaded is None:
            continue
        quotes.update(ev.quote for _, ev in loaded.record.quote_items() if ev.source == source_id)
    return sorted(quotes)


def quote_spans(a: Analysis, source_id: str, quotes: list[str]) -> list[tuple[int, int]]:
    """Where the quotes stand in the archived text, every occurrence, as offsets."""
    archive = a.tracker.archives.get(source_id)
    if archive is None:
        return []
    spans: list[tuple[int, int]] = []
    several: list[str] = []
    for quote in quotes:
        # The analysis knows the first occurrence (cached): the text is mapped again only
        # for a quote that occurs more than once.
        found = a.quote_context(source_id, quote)
        if found is None:
            continue
        if found.occurrences == 1:
            spans.append((found.start, found.end))
        elif archive.text.count(quote) == found.occurrences:
            # As written in the archive, every time: found there as it is, no map needed.
            at = archive.text.find(quote)
            while at >= 0:
                spans.append((at, at + len(quote)))
                at = archive.text.find(quote, at + 1)
        else:
            spans.append((found.start, found.end))
            several.append(quote)
    text = mapped(archive.text) if several else None
    if text is None:  # mapped() refuses a rare text: then first occurrences only
        return spans
    for quote in several:
        wanted = normalise(quote)
        at = text.text.find(wanted)
        while at >= 0:
            spans.append(text.original_span(at, at + len(wanted)))
            at = text.text.find(wanted, at + 1)
    return spans


def _weighs(ch: str) -> bool:
    """Whether a character must be quoted for its sentence to be fully cited: not white
    space, punctuation or an invisible format character."""
    return not ch.isspace() and unicodedata.category(ch)[0] not in "PZC"


def _cited(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> Cited:
    """``spans``: sorted, each overlapping this sentence."""
    if not spans:
        return Cited.NO
    at = start
    for a, b in spans:
        if a > at and any(_weighs(ch) for ch in text[at:a]):
            return Cited.PARTLY
        at = max(at, b)
    if at < end and any(_weighs(ch) for ch in text[at:end]):
        return Cited.PARTLY
    return Cited.FULLY


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans joined: sorted and disjoint."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def sentences_of(text: str, spans: list[tuple[int, int]], language: str) -> list[Sentence]:
    """The sentences of ``text`` (split in ``language``, the source's), each cited or not by
    the quotes at ``spans``."""
    quoted = _merged(spans)
    found = []
    j = 0
    for start, end in sentence_spans(text, language):
        # One sweep over sentences and quotes, both in text order.
        while j < len(quoted) and quoted[j][1] <= start:
            j += 1
        k = j
        while k < len(quoted) and quoted[k][0] < end:
            k += 1
        found.append(Sentence(start, end, _cited(text, start, end, quoted[j:k])))
    return found


def _key(text: str) -> str:
    return normalise(text).rstrip(".。!！?？")


def match_reviewed(
    text: str, sentences: list[Sentence], entries: list[ReviewedSentence]
) -> Coverage:
    """The coverage with reviewed entries matched: an entry names the sentence whose text
    starts with it (compared normalised, as quotes are), and must name exactly one."""
    if not entries:
        return Coverage(text, tuple(sentences), ())
    keys = [normalise(text[s.start : s.end]) for s in sentences]
    reviewed: list[Reviewed] = []
    unmatched: list[int] = []
    ambiguous: list[int] = []
    cited: list[int] = []
    for index, entry in enumerate(entries):
        wanted = _key(entry.sentence)
        hits = [i for i, key in enumerate(keys) if key.startswith(wanted)]
        if len(hits) > 1:
            # An entry that is one sentence whole is not ambiguous with longer ones.
            exact = [i for i in hits if _key(keys[i]) == wanted]
            hits = exact if len(exact) == 1 else hits
        if not hits:
            unmatched.append(index)
        elif len(hits) > 1:
            ambiguous.append(index)
        elif sentences[hits[0]].cited is not Cited.NO:
            cited.append(index)
        else:
            reviewed.append(Reviewed(sentences[hits[0]], entry.reason, index))
    # The same sentence reviewed twice counts once.
    unique = {r.sentence.start: r for r in reversed(reviewed)}
    return Coverage(
        text,
        tuple(sentences),
        tuple(sorted(unique.values(), key=lambda r: r.sentence.start)),
        tuple(unmatched),
        tuple(ambiguous),
        tuple(cited),
    )


def counts(a: Analysis, source_id: str) -> CoverageCounts | None:
    """Coverage.counts, kept in the store by archive, quotes and reviewed entries: a
    large tracker's build would otherwise split every archive into sentences again."""
    key = coverage_key(a, source_id)
    if key is None:
        return None
    kept = a.store.coverage_counts(key)
    if kept is not None:
        return CoverageCounts(*kept)
    found = coverage(a, source_id)
    assert found is not None
    a.store.remember_coverage(key, found.counts.to_store())
    return found.counts


def count_all(a: Analysis, source_ids: Iterable[str]) -> None:
    """The coverage counts of many sources the store does not know, on two cores
    (batch.split), into the store for counts(): a first build splits every archive
    into sentences and places every quote, the same work whichever process does it."""
    todo = [
        (sid, key)
        for sid in source_ids
        if (key := coverage_key(a, sid)) is not None and a.store.coverage_counts(key) is None
    ]

    def work(items: list[tuple[str, CoverageKey]]) -> list[list[int]]:
        done = []
        for sid, _ in items:
            found = coverage(a, sid)
            assert found is not None
            done.append(found.counts.to_store())
        return done

    for (_, key), kept in zip(todo, split(todo, work, "counting coverage"), strict=True):
        a.store.remember_coverage(key, kept)


def coverage_key(a: Analysis, source_id: str) -> CoverageKey | None:
    """The store's key of a source's coverage (its counts; its strongest uncited sentences,
    check/worklist.py); None without an archived text.  Made once a run for each source
    (Analysis.coverage_keys)."""
    keys = a.coverage_keys
    if source_id in keys:
        return keys[source_id]
    archive = a.tracker.archives.get(source_id)
    loaded = a.tracker.sources.get(source_id)
    key = None
    if archive is not None and loaded is not None:
        reviewed = [(e.sentence, e.reason) for e in loaded.record.reviewed_uncited]
        # The language too: the sentences are split in it.
        quoted = orjson.dumps([cited_quotes(a, source_id), reviewed, loaded.record.language])
        key = (archive.sha256, hashlib.sha256(quoted).hexdigest())
    keys[source_id] = key
    return key


def coverage(a: Analysis, source_id: str) -> Coverage | None:
    """The source's coverage; None when it has no archived text."""
    archive = a.tracker.archives.get(source_id)
    loaded = a.tracker.sources.get(source_id)
    if archive is None or loaded is None:
        return None
    spans = quote_spans(a, source_id, cited_quotes(a, source_id))
    found = sentences_of(archive.text, spans, loaded.record.language)
    return match_reviewed(archive.text, found, list(loaded.record.reviewed_uncited))
