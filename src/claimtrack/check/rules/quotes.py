"""Every quote is proven against the archived copy of its source, and the copy is intact."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from enum import Enum

from ...codes import Code
from ...i18n import same_language
from ...layout import ARCHIVE_SUFFIX, PAGE_SUFFIX, archive_rel, page_rel, revision_rel
from ...load import Loaded
from ...load.nodes import Path_, Positions
from ...problems import Problem, report
from ...records import Claim, Evidence, Source, revision_stems
from ..analysis import Analysis, ClaimRule, QuoteCheck, SourceRule
from ..text.textnorm import divergence, normalise


def quote_anchoring(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    """Every quote of the claim (evidence, measurements, history) against its archive."""
    return quote_problems(a, loaded.path, loaded.positions, loaded.record.quote_items())


def quote_problems(
    a: Analysis, relpath: str, positions: Positions, items: Iterable[tuple[Path_, Evidence]]
) -> Iterator[Problem]:
    """These quotes of ``relpath`` against their archives (an edit proves the quotes it adds)."""
    for path, ev in items:
        result = a.quote_check(ev)
        if result is QuoteCheck.FOUND or result is QuoteCheck.NO_SOURCE:
            continue
        # Looked up only for a problem: a position costs a re-parse of the file.
        pos = positions.value((*path, "quote"))
        if result is QuoteCheck.NOT_FOUND:
            yield report(
                relpath,
                pos,
                Code.QUOTE_NOT_FOUND,
                f"quote not found in {archive_rel(ev.source)}",
                not_found_hint(normalise(ev.quote), a.normalised_archive(ev.source) or ""),
            )
        elif result is QuoteCheck.UNCHECKED:
            yield report(
                relpath,
                pos,
                Code.QUOTE_UNCHECKED,
                f"quote not checked against an archived copy: {archive_rel(ev.source)} "
                "does not exist",
            )


def not_found_hint(quote: str, text: str) -> str:
    """Where a quote (normalised) parts from its archived text (normalised), each side's
    words there: what the archive says is what the editor needs to see."""
    parted = divergence(quote, text)
    if parted.matched < 8:
        return "copy the words exactly as they stand in the archived text"
    if not parted.archived:
        return (
            f"the first {parted.matched} characters match, where the archived text ends; "
            f"the quote goes on with {parted.quoted!r}"
        )
    return (
        f"the first {parted.matched} characters match; then the archived text has "
        f"{parted.archived!r} where the quote has {parted.quoted!r}"
    )


def translations(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    for path, ev in loaded.record.quote_items():
        source = a.tracker.sources.get(ev.source)
        if source is None:
            continue
        if not same_language(source.record.language, "en") and ev.translation is None:
            yield report(
                loaded.path,
                loaded.positions.key((*path, "quote")),
                Code.TRANSLATION_MISSING,
                f"source {ev.source!r} is in {source.record.language!r}: "
                "the quote needs an English translation",
                "add translation: and translated_by: person or machine",
            )
        if ev.translation is not None and ev.translated_by is None:
            yield report(
                loaded.path,
                loaded.positions.key((*path, "translation")),
                Code.TRANSLATED_BY_MISSING,
                "say who translated the quote",
                "add translated_by: person or machine",
            )


class Held(Enum):
    """How an archived copy stands to the hash its record holds it to."""

    UNRECORDED = "unrecorded"  # the copy is there, its hash is not recorded
    MISSING = "missing"  # the hash is recorded, the copy is not there
    CHANGED = "changed"  # the copy is not the one the hash was recorded of


def held(a: Analysis, rel: str, sha256: str | None, recorded: str | None) -> Held | None:
    """The one check of an archived copy (``rel``: layout's archive, page or revision path)
    against its hash:
    ``sha256`` is the copy's as loaded (None when it is not), ``recorded`` the record's; None
    when they agree.

    A copy that could not be read is in place all the same: a folder, a link in a loop, a
    link to nothing (lexists, not exists, which follows the link).  Loading has reported it
    at its own path; "does not exist" would be a second, false problem for the same fault.
    """
    if sha256 is not None and recorded is None:
        return Held.UNRECORDED
    if sha256 is None and recorded is not None:
        return None if os.path.lexists(a.tracker.root / rel) else Held.MISSING
    if sha256 is not None and sha256 != recorded:
        return Held.CHANGED
    return None


def archive_integrity(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    sid = loaded.id
    archive = a.tracker.archives.get(sid)
    sha256 = archive.sha256 if archive is not None else None
    snapshot = loaded.record.snapshot
    rel = archive_rel(sid)
    found = held(a, rel, sha256, snapshot.sha256 if snapshot is not None else None)
    if found is Held.UNRECORDED:
        yield report(
            loaded.path,
            (1, 1),
            Code.SNAPSHOT_MISSING,
            f"{rel} exists but the record has no snapshot",
            f"add snapshot: {{retrieved: YYYY-MM-DD, sha256: {sha256}}}",
        )
    elif found is Held.MISSING:
        yield report(
            loaded.path,
            loaded.positions.key(("snapshot",)),
            Code.ARCHIVE_MISSING,
            f"snapshot recorded but {rel} does not exist",
        )
    elif found is Held.CHANGED:
        yield report(
            loaded.path,
            loaded.positions.value(("snapshot", "sha256")),
            Code.SNAPSHOT_MISMATCH,
            f"{rel} has sha256 {sha256}, not the recorded one",
            "if the archive was changed on purpose, update snapshot.sha256",
        )


def page_integrity(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    """The saved page sources/<id>.html is held to its hash as the text is."""
    sid = loaded.id
    page = a.tracker.pages.get(sid)
    sha256 = page.sha256 if page is not None else None
    snapshot = loaded.record.snapshot
    rel = page_rel(sid)
    found = held(a, rel, sha256, snapshot.html_sha256 if snapshot is not None else None)
    if found is Held.UNRECORDED:
        where = loaded.positions.key(("snapshot",)) if snapshot is not None else (1, 1)
        yield report(
            loaded.path,
            where,
            Code.SNAPSHOT_MISSING,
            f"{rel} exists but the record's snapshot has no html_sha256",
            f"add html_sha256: {sha256} under snapshot",
        )
    elif found is Held.MISSING:
        yield report(
            loaded.path,
            loaded.positions.key(("snapshot", "html_sha256")),
            Code.ARCHIVE_MISSING,
            f"snapshot.html_sha256 recorded but {rel} does not exist",
            "restore the saved page from the repository's history: it is the evidence of "
            "what was archived",
        )
    elif found is Held.CHANGED:
        yield report(
            loaded.path,
            loaded.positions.value(("snapshot", "html_sha256")),
            Code.SNAPSHOT_MISMATCH,
            f"{rel} has sha256 {sha256}, not the recorded one",
            "the saved page is kept as fetched; restore it, or update snapshot.html_sha256",
        )


def revision_integrity(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    """Each revision's files (sources/<id>.revisions/<stem>.txt and .html) held to the hashes
    its entry records, as the snapshot's are (``held``); a file no entry names is a problem."""
    sid, revisions = loaded.id, loaded.record.revisions
    texts = a.tracker.revisions.get(sid, {})
    pages = a.tracker.revision_pages.get(sid, {})
    stems = revision_stems(revisions)
    for i, (revision, stem) in enumerate(zip(revisions, stems, strict=True)):
        if stem is None:
            continue  # gone: nothing kept
        for suffix, copies, recorded, key in (
            (ARCHIVE_SUFFIX, texts, revision.sha256, "sha256"),
            (PAGE_SUFFIX, pages, revision.html_sha256, "html_sha256"),
        ):
            rel = revision_rel(sid, stem, suffix)
            copy = copies.get(stem)
            found = held(a, rel, copy.sha256 if copy is not None else None, recorded)
            if found is Held.UNRECORDED:
                yield report(
                    loaded.path,
                    loaded.positions.key(("revisions", i)),
                    Code.REVISION_UNRECORDED,
                    f"{rel} exists but revisions[{i}] has no {key}",
                    f"add {key}: {copy.sha256 if copy is not None else ''} to that entry",
                )
            elif found is Held.MISSING:
                yield report(
                    loaded.path,
                    loaded.positions.value(("revisions", i, key)),
                    Code.REVISION_MISSING,
                    f"revisions[{i}] records {key} but {rel} does not exist",
                    "restore the file from the repository's history; a revision is evidence",
                )
            elif found is Held.CHANGED:
                yield report(
                    loaded.path,
                    loaded.positions.value(("revisions", i, key)),
                    Code.SNAPSHOT_MISMATCH,
                    f"{rel} has sha256 {copy.sha256 if copy else ''}, not the recorded one",
                    "a revision is kept as fetched; restore it from the repository's history",
                )
    named = {stem for stem in stems if stem is not None}
    for suffix, copies in ((ARCHIVE_SUFFIX, texts), (PAGE_SUFFIX, pages)):
        for stem in sorted(copies.keys() - named):
            yield report(
                loaded.path,
                loaded.positions.key(("revisions",)) if revisions else (1, 1),
                Code.REVISION_UNRECORDED,
                f"{revision_rel(sid, stem, suffix)} is named by no entry under revisions:",
                "a kept version is evidence: give it its entry under revisions: (its "
                "retrieved date, outcome and sha256, as `claimtrack recheck --save` writes "
                "them; the n-th of a day is <YYYY-MM-DD>-n), never delete it",
            )


def public_archive(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    # A warning, not an error: nothing wrong gets published, but the editor asked for a page
    # that cannot exist.  With a snapshot, archive-missing already says the copy is gone.
    record = loaded.record
    if record.archive_public and record.snapshot is None and loaded.id not in a.tracker.archives:
        yield report(
            loaded.path,
            loaded.positions.value(("archive_public",)),
            Code.ARCHIVE_PUBLIC_WITHOUT_COPY,
            f"archive_public is true but {archive_rel(loaded.id)} does not exist: "
            "no archive page is built",
            "add the archived text with its snapshot, or remove archive_public",
        )


CLAIM_RULES: tuple[ClaimRule, ...] = (quote_anchoring, translations)
SOURCE_RULES: tuple[SourceRule, ...] = (
    archive_integrity,
    page_integrity,
    revision_integrity,
    public_archive,
)
