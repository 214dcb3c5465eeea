"""The editor's worklist (`claimtrack review`, serve's review page, the language server's
workspace diagnostics): what needs an editor now, most urgent first.

Each item is a :class:`~claimtrack.problems.Problem` of severity ``info``, pointing where
the editor acts (the ``review_by:`` value, the quote, the ``to_check`` entry, the uncited
sentence in ``sources/<id>.txt``).  Nothing here judges anew what the check judged: the
check's own problems are repeated (its errors, ``stale``, ``quote-unchecked``,
``translation-stale``), missing translations come from the `translations` report and
uncited sentences from `coverage`'s ranking.  The analysis and problems of one check in,
the items out; nothing is written but what the check's store keeps in memory for the next
worklist (each archive's ranked sentences, each record's missing translations).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..codes import CODES, Code, Severity
from ..layout import classify, record_rel
from ..load import Loaded
from ..problems import Problem, printable, report
from ..records import Claim, Source
from ..records.corrections import read_prints, recorded
from ..records.vocabulary import ClaimKind, Status
from .analysis import Analysis
from .coverage.counts import coverage, coverage_key
from .coverage.ranking import Uncited, known_names, ranked
from .rules.language import settings_positions
from .translation_report import (
    Gap,
    RecordFields,
    claim_record,
    missing,
    source_record,
    tracker_record,
)

R = TypeVar("R", Claim, Source)

# Days an omission may stay undisclosed, and a figure unverified, before an editor looks.
UNDISCLOSED_DAYS = 60
UNVERIFIED_DAYS = 90
# Uncited sentences listed per archived source: its strongest few, each with a signal.
UNCITED_PER_SOURCE = 3
# The check's own problems that are items as they stand (their code kept).
_REPEATED = (Code.STALE, Code.QUOTE_UNCHECKED, Code.TRANSLATION_STALE)

# Most urgent first; an item's urgency is its kind's place here (1-based).  Errors first:
# the site cannot be built while there is one.  Then what readers see wrong today (a
# claim past its review, a quote nobody could prove), then what has waited too long, what
# is still to read, the translations, and last the sentences a claim could be made from.
ORDER: tuple[Code | None, ...] = (
    None,  # the check's errors, each under its own code
    Code.STALE,
    Code.QUOTE_UNCHECKED,
    Code.REVIEW_PASSAGE_GONE,
    Code.REVIEW_RATIONALE_STALE,
    Code.REVIEW_UNDISCLOSED,
    Code.REVIEW_UNVERIFIED,
    Code.REVIEW_TO_CHECK,
    Code.TRANSLATION_STALE,
    Code.REVIEW_TRANSLATION,
    Code.REVIEW_UNCITED,
)


def urgency(item: Problem) -> int:
    """1 for the most urgent kind of item (the check's errors), then ORDER's places."""
    if CODES[item.code].severity is Severity.ERROR:
        return 1
    return ORDER.index(item.code) + 1


def worklist(analysis: Analysis, problems: Sequence[Problem], today: dt.date) -> list[Problem]:
    """What needs an editor on ``today``, most urgent first: by kind (ORDER), then the
    oldest first where an item has a date (review_by, the last history entry), then by
    place; a source's uncited sentences strongest first.  ``problems``: the check's,
    sorted, from the same run as ``analysis``."""
    keyed = [(urgency(item), order, item) for item, order in _items(analysis, problems, today)]
    keyed.sort(key=lambda k: (k[0], k[1], k[2]))
    return [item for _, _, item in keyed]


def _info(problem: Problem) -> Problem:
    return dataclasses.replace(problem, severity=Severity.INFO)


# What orders the items of one kind before their place: a date (the oldest first), or a
# source's uncited sentences' rank; () for the others.
Order = tuple[str, ...] | tuple[str, int]


def _items(
    a: Analysis, problems: Sequence[Problem], today: dt.date
) -> Iterator[tuple[Problem, Order]]:
    claims_at = {loaded.path: loaded for loaded in a.tracker.claims.values()}
    for p in problems:
        if p.is_error:
            yield _info(p), ()
        elif p.code in _REPEATED:
            since: Order = ()
            loaded = claims_at.get(p.path)
            if p.code is Code.STALE and loaded is not None and loaded.record.review_by:
                since = (loaded.record.review_by.isoformat(),)
            yield _info(p), since
    for loaded in a.tracker.claims.values():
        yield from _passages_gone(a, loaded)
        yield from _rationale_stale(loaded)
        yield from _waiting(loaded, today)
        yield from _to_check(a, loaded)
    yield from ((item, ()) for item in _translations(a))
    yield from _uncited(a)


def _passages_gone(a: Analysis, loaded: Loaded[Claim]) -> Iterator[tuple[Problem, Order]]:
    """Each quote whose passage left its source's latest revision (check/revisions.py, as
    the claim page marks it), the earliest removal first."""
    for path, ev in loaded.record.quote_items():
        gone = a.removal(ev)
        if gone is None:
            continue
        went = "the page was taken down" if gone.gone else "the passage was removed"
        when = (
            f"on {gone.removed}"
            if gone.kept == gone.removed
            else f"between {gone.kept} and {gone.removed}"
        )
        item = report(
            loaded.path,
            loaded.positions.value((*path, "quote")),
            Code.REVIEW_PASSAGE_GONE,
            f"source {ev.source!r} no longer has this quote: {went} {when} (the archived "
            f"copy of {gone.archived} still has it)",
            "read what the source says now; record a status change if the claim no longer "
            "stands as sourced, or cite a source that still says it",
        )
        yield item, (gone.removed.isoformat(),)


def _rationale_stale(loaded: Loaded[Claim]) -> Iterator[tuple[Problem, Order]]:
    """A claim whose rationale is the one readers read under its previous status (the
    fingerprints of the entry before its latest change of status: records/corrections)."""
    claim = loaded.record
    history = claim.history
    changes = [i for i in range(1, len(history)) if history[i].status != history[i - 1].status]
    if not changes:
        return
    before = recorded(history[changes[-1] - 1])
    if before is None or before.get("rationale") != read_prints(claim).get("rationale"):
        return
    old, since = history[changes[-1] - 1].status.value, history[changes[-1]].date
    item = report(
        loaded.path,
        loaded.positions.value(("rationale",)),
        Code.REVIEW_RATIONALE_STALE,
        f"the rationale has not changed since the claim was {old} (it is {claim.status.value} "
        f'since {since}): "Why this status" may still argue for {old}',
        f"rewrite it for {claim.status.value} and record the change: `claimtrack correct "
        f"{loaded.id} --note TEXT` (next time, `claimtrack status --rationale TEXT` changes "
        "both at once)",
    )
    yield item, (since.isoformat(),)


def _waiting(loaded: Loaded[Claim], today: dt.date) -> Iterator[tuple[Problem, Order]]:
    """An omission undisclosed, a figure unverified, for longer than their days."""
    claim = loaded.record
    since = claim.history[-1].date  # the entry that set the status (statuses.py holds it)
    days = (today - since).days
    if claim.kind is ClaimKind.OMISSION and claim.status is Status.UNDISCLOSED:
        code, limit, what = Code.REVIEW_UNDISCLOSED, UNDISCLOSED_DAYS, "undisclosed"
        hint = "look for a source that discloses it, or record that it is still missing"
    elif claim.kind is ClaimKind.FIGURE and claim.status is Status.UNVERIFIED:
        code, limit, what = Code.REVIEW_UNVERIFIED, UNVERIFIED_DAYS, "unverified"
        hint = "look for an independent measurement, or another origin that reports it"
    else:
        return
    if days > limit:
        item = report(
            loaded.path,
            loaded.positions.value(("status",)),
            code,
            f"{what} for {days} days (since {since}, more than {limit})",
            hint,
        )
        yield item, (since.isoformat(),)


def _to_check(a: Analysis, loaded: Loaded[Claim]) -> Iterator[tuple[Problem, Order]]:
    for i, sid in enumerate(loaded.record.to_check):
        if sid in a.tracker.archives:
            continue
        if sid in a.tracker.sources:
            why = f"source {sid!r} is still to check and has no archived text yet"
            hint = f"archive it as sources/{sid}.txt (with its snapshot) and read it"
        else:
            why = f"source {sid!r} is still to check and has no record yet"
            hint = f"record it with `claimtrack new source {sid}` and archive it"
        pos = loaded.positions.value(("to_check", i))
        yield report(loaded.path, pos, Code.REVIEW_TO_CHECK, why, hint), ()


def _translations(a: Analysis) -> Iterator[Problem]:
    """One item per record and language with missing fields, where the translations
    report puts them (the record's block for that language, else 1:1).  Judging every
    record's fields takes a second at 10,000 claims in three languages: each record's
    gaps are kept in the store while it is the same record (serve's and the language
    server's loader keep every record an edit did not touch)."""
    tracker = a.tracker
    kept, used = a.store.missing, dict[tuple[str, int], Any]()
    settings = settings_positions(tracker.root)
    for tag in tracker.settings.site_languages[1:]:
        gaps: list[Gap] = []
        for claim in tracker.claims.values():
            gaps += _kept(kept, used, tag, claim, claim_record)
        for source in tracker.sources.values():
            gaps += _kept(kept, used, tag, source, source_record)
        gaps += missing(tracker_record(tracker, tag, settings), tag)
        yield from _missing_items(tag, gaps)
    a.store.missing = used


def _kept(
    kept: dict[tuple[str, int], Any],
    used: dict[tuple[str, int], Any],
    tag: str,
    loaded: Loaded[R],
    record_of: Callable[[Loaded[R], str], RecordFields],
) -> list[Gap]:
    """The record's missing fields in ``tag``: kept while it is the same record object."""
    hit = kept.get((tag, id(loaded)))
    found: list[Gap] = (
        hit[1] if hit is not None and hit[0] is loaded else missing(record_of(loaded, tag), tag)
    )
    used[tag, id(loaded)] = (loaded, found)
    return found


def _missing_items(tag: str, gaps: list[Gap]) -> Iterator[Problem]:
    by_place: dict[tuple[str, int, int], list[str]] = {}
    for gap in gaps:
        by_place.setdefault((gap.path, gap.line, gap.column), []).append(gap.field)
    for (path, line, column), fields in by_place.items():
        shown = ", ".join(fields[:4]) + (f" and {len(fields) - 4} more" if fields[4:] else "")
        yield report(
            path,
            (line, column),
            Code.REVIEW_TRANSLATION,
            f"not translated into {tag} yet: {shown}",
            f"`claimtrack translate {_translate_target(path)} --language {tag}` "
            "writes the fields to fill in",
        )


def _translate_target(path: str) -> str:
    """What `claimtrack translate` takes for this file: the record's id, or --tracker."""
    found = classify(path)
    return "--tracker" if found is None or found[0] == "settings" else found[1]


def _strongest(a: Analysis, sid: str, names: frozenset[str]) -> list[Uncited]:
    """A source's first few uncited sentences as coverage ranks them, each with a signal of
    a checkable statement."""
    found = coverage(a, sid)
    if found is None:
        return []
    return [u for u in ranked(found, names) if u.score > 0][:UNCITED_PER_SOURCE]


def _uncited(a: Analysis) -> Iterator[tuple[Problem, Order]]:
    """The strongest uncited sentences of each archived source, in the order coverage
    ranks them.  Ranking every sentence costs seconds at 10,000 claims: each source's are
    kept in the store by what they are made from, for the next worklist."""
    names = known_names(a)
    digest = hashlib.sha256("\0".join(sorted(names)).encode()).hexdigest()
    kept, used = a.store.strongest, {}
    for sid in sorted(a.tracker.archives):
        key = coverage_key(a, sid) if sid in a.tracker.sources else None
        if key is None:
            continue  # an orphan archive: the check warns about it
        strongest = kept.get((key, digest))
        if strongest is None:
            strongest = _strongest(a, sid, names)
        used[key, digest] = strongest
        archive = a.tracker.archives[sid].path
        for rank, u in enumerate(strongest):
            signals = ", ".join(s.name for s in u.signals)
            item = report(
                archive,
                (u.line, u.column),
                Code.REVIEW_UNCITED,
                f"no claim cites: {_clip(u.text)} ({signals})",
                "record a claim quoting it, or list it under reviewed_uncited in "
                + record_rel("source", sid),
            )
            yield item, (archive, rank)
    a.store.strongest = used


def _clip(text: str, limit: int = 120) -> str:
    """A sentence on one line, cut at ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def line(item: Problem) -> str:
    """``path:line:col: reason [code]``, escaped as every output is (problems.printable)."""
    text = item.message if item.hint is None else f"{item.message}; {item.hint}"
    return printable(f"{item.path}:{item.line}:{item.column}: {text} [{item.code}]")


def format_text(items: Sequence[Problem]) -> str:
    n = len(items)
    count = f"{n} item{'s' * (n != 1)} need{'s' * (n == 1)} an editor"
    return "\n".join([*(line(item) for item in items), count if n else "nothing needs an editor"])


def to_json(item: Problem) -> dict[str, object]:
    data = item.to_json()
    del data["severity"]  # always info
    return {**data, "urgency": urgency(item)}


def format_json(items: Sequence[Problem]) -> str:
    return json.dumps([to_json(item) for item in items], ensure_ascii=False, indent=2)
