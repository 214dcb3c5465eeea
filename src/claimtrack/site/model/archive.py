"""The archived copy as a page: a source's whole archived text with every cited passage
marked, each mark followed by links to the claims that cite it.

Built only for a source whose record says ``archive_public: true`` (republishing a
third party's text is a question of rights; without it only the quotes in context are
published).  Passages may overlap or nest, so the text is cut at every passage's start
and end into segments, each marked with the union of the claims citing it: the HTML is
well nested whatever the quotes.  A passage's id comes from its start in the text
(addresses.passage_id), so it does not move when other quotes are added or removed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from ...check.analysis import Analysis
from ...check.text.quotecontext import QuoteContext
from ...records import Evidence, revision_index, revision_keys, revision_stems
from .. import addresses
from .views import ArchiveSegment, ArchiveView, Citation, ClaimSummary, SourceRef


@dataclass(frozen=True, slots=True)
class CitedPassage:
    """A span of an archived text (character offsets) that a claim quotes."""

    start: int
    end: int
    claim_id: str


def is_public(a: Analysis, source_id: str, revision: str | None = None) -> bool:
    """Whether the source's archive page is built: its record allows it and the copy exists
    (``revision``: the page of its revision of that key, built when a quote cites it)."""
    source = a.tracker.sources.get(source_id)
    return (
        source is not None
        and source.record.archive_public
        and a.copy_of(source_id, revision) is not None
    )


def cited_passages(a: Analysis, source_id: str, revision: str | None = None) -> list[CitedPassage]:
    """Every passage of the source's archived copy (or of its revision keyed ``revision``)
    that a claim quotes from that version (in its evidence, its measurements or its
    history): the one list that the archive page marks."""
    found: list[CitedPassage] = []
    for cid in a.cited_by(source_id):
        loaded = a.tracker.claims.get(cid)
        if loaded is None:
            continue
        for _, ev in loaded.record.quote_items():
            if ev.source != source_id or ev.revision != revision:
                continue
            context = a.quote_context(source_id, ev.quote, revision)
            if context is not None and context.end > context.start:
                found.append(CitedPassage(context.start, context.end, cid))
    return found


def cited_revisions(a: Analysis, source_id: str) -> list[str]:
    """The keys of the source's revisions that quotes cite, in the order of its record."""
    loaded = a.tracker.sources.get(source_id)
    if loaded is None or not loaded.record.revisions:
        return []
    cited = {
        ev.revision
        for cid in a.cited_by(source_id)
        if cid in a.tracker.claims
        for _, ev in a.tracker.claims[cid].record.quote_items()
        if ev.source == source_id and ev.revision is not None
    }
    return [key for key in revision_keys(loaded.record.revisions) if key in cited]


def cited_version(a: Analysis, ev: Evidence) -> tuple[dt.date | None, str | None]:
    """The version of its source a quote cites, as its page shows it: the revision's date
    (None for the first copy), and the address that version was fetched at: the last move
    up to it (a ``moved`` revision's url), else the source's url (None: it has none)."""
    loaded = a.tracker.sources.get(ev.source)
    if loaded is None:
        return None, None
    cited = a.cited_revision(ev)
    if cited is None:
        return None, loaded.record.url
    revisions = loaded.record.revisions[: cited + 1]
    moved = [r.url for r in revisions if r.url is not None]
    return revisions[-1].retrieved, moved[-1] if moved else loaded.record.url


def passage_link(a: Analysis, ev: Evidence, found: QuoteContext | None) -> str | None:
    """The quote's passage on the archive page of the version it cites (path#id); None
    when it was not found there, or that page is not built."""
    if found is None or not is_public(a, ev.source, ev.revision):
        return None
    cited = a.cited_revision(ev)
    stem = None
    if cited is not None:
        stem = revision_stems(a.tracker.sources[ev.source].record.revisions)[cited]
    return f"{addresses.archive_page(ev.source, stem)}#{addresses.passage_id(found.start)}"


def archive_views(
    a: Analysis, source_id: str, ref: SourceRef, summaries: dict[str, ClaimSummary]
) -> tuple[ArchiveView, ...]:
    """The source's archive pages' views: its first copy's, and each cited revision's (none
    of them unless its record says archive_public)."""
    source = a.tracker.sources.get(source_id)
    if source is None or not source.record.archive_public:
        return ()
    versions: list[str | None] = [None, *cited_revisions(a, source_id)]
    made = (archive_view(a, source_id, ref, summaries, key) for key in versions)
    return tuple(view for view in made if view is not None)


def archive_view(
    a: Analysis,
    source_id: str,
    ref: SourceRef,
    summaries: dict[str, ClaimSummary],
    revision: str | None = None,
) -> ArchiveView | None:
    """The view of the archive page of the source's first copy (or of its revision keyed
    ``revision``); None when the page is not built."""
    if not is_public(a, source_id, revision):
        return None
    archive = a.copy_of(source_id, revision)
    assert archive is not None  # is_public
    record = a.tracker.sources[source_id].record
    cited = None if revision is None else revision_index(record.revisions, revision)
    if cited is None:
        retrieved, stem = record.snapshot.retrieved if record.snapshot is not None else None, None
    else:
        retrieved, stem = record.revisions[cited].retrieved, revision_stems(record.revisions)[cited]
    passages = sorted(
        {p for p in cited_passages(a, source_id, revision) if p.claim_id in summaries},
        key=lambda p: (p.start, p.end, p.claim_id),
    )
    numbers: dict[str, int] = {}
    anchors: dict[str, list[str]] = {}
    for p in passages:
        numbers.setdefault(p.claim_id, len(numbers) + 1)
        ids = anchors.setdefault(p.claim_id, [])
        if addresses.passage_id(p.start) not in ids:
            ids.append(addresses.passage_id(p.start))
    citations = tuple(
        Citation(n, summaries[cid], tuple(anchors[cid])) for cid, n in numbers.items()
    )
    return ArchiveView(
        ref=ref,
        retrieved=retrieved,
        sha256=archive.sha256,
        paragraphs=segments(archive.text, passages, numbers),
        citations=citations,
        passages=len({(p.start, p.end) for p in passages}),
        revision=stem,
    )


# Paragraphs are separated by blank lines; a single line break stays inside a paragraph.
_BLANK_LINES = re.compile(r"\n(?:[ \t\r\f\v]*\n)+")


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """Where the paragraphs are, without the white space around them; none is empty."""
    spans = []
    at = 0
    for gap in [*_BLANK_LINES.finditer(text), None]:
        end = len(text) if gap is None else gap.start()
        part = text[at:end]
        stripped = part.rstrip()
        lead = len(stripped) - len(stripped.lstrip("\r\n"))
        if stripped.strip():
            spans.append((at + lead, at + len(stripped)))
        if gap is not None:
            at = gap.end()
    return spans


def segments(
    text: str, passages: Iterable[CitedPassage], numbers: dict[str, int]
) -> tuple[tuple[ArchiveSegment, ...], ...]:
    """The text's paragraphs, each cut into segments at every passage's start and end."""
    passages = list(passages)
    paragraphs = paragraph_spans(text)
    opening: dict[int, list[int]] = {}
    closing: dict[int, list[int]] = {}
    for p in passages:
        opening.setdefault(p.start, []).append(numbers[p.claim_id])
        closing.setdefault(p.end, []).append(numbers[p.claim_id])
    bounds = sorted({b for span in paragraphs for b in span} | opening.keys() | closing.keys())
    # (start, end, citing claims) of every piece of text inside a paragraph, in order.
    pieces: list[tuple[int, int, tuple[int, ...], int]] = []
    active: Counter[int] = Counter()
    which = 0
    for x, y in pairwise(bounds):
        active.update(opening.get(x, ()))
        active.subtract(closing.get(x, ()))
        while which < len(paragraphs) and paragraphs[which][1] <= x:
            which += 1
        if which < len(paragraphs) and paragraphs[which][0] <= x:
            cited = tuple(sorted(n for n, c in active.items() if c > 0))
            pieces.append((x, y, cited, which))
    starts = sorted(opening)
    ends = sorted(closing)
    s = e = 0
    grouped: list[list[ArchiveSegment]] = [[] for _ in paragraphs]
    for i, (x, y, cited, which) in enumerate(pieces):
        ids = []
        while s < len(starts) and starts[s] < y:
            ids.append(addresses.passage_id(starts[s]))
            s += 1
        # A passage ending in the white space after a paragraph is noted at its last piece.
        until = pieces[i + 1][0] if i + 1 < len(pieces) else len(text) + 1
        notes: set[int] = set()
        while e < len(ends) and ends[e] <= until:
            if ends[e] > x:
                notes.update(closing[ends[e]])
            e += 1
        segment = ArchiveSegment(text[x:y], cited, tuple(ids), tuple(sorted(notes)))
        grouped[which].append(segment)
    return tuple(tuple(g) for g in grouped)
