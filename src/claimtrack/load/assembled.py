"""What a load gives: the Tracker, assembled from the loads of its files (tracker.py's
Loader makes them), whole or, after an edit of records only, patched.

Assembled whole, every file's load is walked in path order: its problems, its digest,
its record or copy in its place, and the copies without a source record reported.  An
edit that only changed records that load without a problem, before and after, changes
none of that but the records and their digests: the last tracker's dicts are copied
and those entries replaced (``patched``), so that an edit under serve or lsp costs what
it changed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from pydantic import BaseModel

from ..codes import Code
from ..layout import classify, record_rel
from ..problems import Problem, report
from ..records import Claim, Source, TrackerSettings, revision_stems
from .files import Archive, SavedPage
from .parse import FileLoad, Loaded

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Changes:
    """What changed since the previous load by the same Loader: ids whose record or archive
    is new, edited or gone, and whether tracker.yaml changed in what the records' rules and
    views read of it (``records_read``).  An edit of the tracker's own texts alone (its
    title, its description, their translations) is not one: it changes the pages that
    show them, which their keys tell, and the tracker's rules, which run every time."""

    claims: frozenset[str]
    sources: frozenset[str]
    settings: bool


@dataclass(slots=True)
class Tracker:
    root: Path
    settings: TrackerSettings
    sources: dict[str, Loaded[Source]] = field(default_factory=dict)
    claims: dict[str, Loaded[Claim]] = field(default_factory=dict)
    archives: dict[str, Archive] = field(default_factory=dict)
    pages: dict[str, SavedPage] = field(default_factory=dict)  # sources/<id>.html, by id
    # sources/<id>.revisions/<stem>.txt and .html: by source id, then by the file's stem.
    revisions: dict[str, dict[str, Archive]] = field(default_factory=dict)
    revision_pages: dict[str, dict[str, SavedPage]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    # Ids whose file exists but failed to load: references to them are not "unknown".
    broken_sources: set[str] = field(default_factory=set)
    broken_claims: set[str] = field(default_factory=set)
    # None: the first load (everything is new).
    changes: Changes | None = None
    # The digest of each file loaded, by path (records and tracker.yaml: cache.content_digest;
    # copies: their sha256; "" when unreadable): the check stage keys the problems it keeps
    # by them (check.keys).
    digests: dict[str, str] = field(default_factory=dict)

    def latest_revision_text(self, source_id: str) -> Archive | None:
        """The text of the source's latest revision that kept one (a gone revision keeps
        none) and was loaded; None when it has none: what recheck compares a page with.
        (The site reads every revision, for the dates a passage went between:
        check/revisions.py.)"""
        loaded = self.sources.get(source_id)
        if loaded is None:
            return None
        texts = self.revisions.get(source_id, {})
        for stem in reversed(revision_stems(loaded.record.revisions)):
            if stem is not None and stem in texts:
                return texts[stem]
        return None


def records_read(item: FileLoad | None) -> object:
    """What the claims' and sources' rules and views read of tracker.yaml's load: the site's
    languages (Analysis.site_languages).  A tracker.yaml that is gone, or that has an
    error (its languages are then read as written), is compared by its digest: any change
    of it is one the records may read."""
    if item is None:
        return None
    value = item.value
    if not isinstance(value, TrackerSettings) or any(p.is_error for p in item.problems):
        return ("as written", item.digest)
    return value.site_languages


def _holds(value: object, model: type[M]) -> TypeGuard[Loaded[M]]:
    """Whether ``value`` is a loaded record of ``model`` (a FileLoad of its kind holds one
    or None): says which one to mypy, as Loaded[Claim] and Loaded[Source] are one class."""
    return isinstance(value, Loaded) and issubclass(value.model, model)  # not built for it


def assemble(
    root: Path, files: dict[str, FileLoad], listing: Sequence[Problem], archives: Sequence[str]
) -> Tracker:
    """The tracker at ``root`` from every file's load (``listing``: the listing's own
    problems; ``archives``: every copy's path, for orphan-archive)."""
    tracker = Tracker(root, TrackerSettings(), problems=list(listing))
    for rel in sorted(files):
        item = files[rel]
        tracker.problems.extend(item.problems)
        tracker.digests[rel] = item.digest
        value = item.value
        if item.kind == "settings":
            if isinstance(value, TrackerSettings):
                tracker.settings = value
        elif item.kind == "archive":
            if isinstance(value, Archive):
                tracker.archives[item.id] = value
        elif item.kind == "page":
            if isinstance(value, SavedPage):
                tracker.pages[item.id] = value
        elif item.kind == "revision":
            if isinstance(value, Archive):
                tracker.revisions.setdefault(item.id, {})[_stem(rel)] = value
        elif item.kind == "revision-page":
            if isinstance(value, SavedPage):
                tracker.revision_pages.setdefault(item.id, {})[_stem(rel)] = value
        elif item.kind == "source":
            if _holds(value, Source):
                tracker.sources[item.id] = value
            else:
                tracker.broken_sources.add(item.id)
        elif _holds(value, Claim):
            tracker.claims[item.id] = value
        else:
            tracker.broken_claims.add(item.id)
    known = set(tracker.sources) | tracker.broken_sources
    for rel in archives:
        found = classify(rel)
        stem = found[1] if found is not None else _stem(rel)
        if stem not in known:
            what = {"archive": "archived text", "page": "saved page"}.get(
                found[0] if found is not None else "", "revision"
            )
            tracker.problems.append(
                report(
                    rel,
                    (1, 1),
                    Code.ORPHAN_ARCHIVE,
                    f"{what} has no source record {record_rel('source', stem)}",
                )
            )
    # Archives count only beside their record: a stray .txt is an orphan, not evidence.
    tracker.archives = {sid: a for sid, a in tracker.archives.items() if sid in known}
    tracker.pages = {sid: p for sid, p in tracker.pages.items() if sid in known}
    tracker.revisions = {sid: r for sid, r in tracker.revisions.items() if sid in known}
    tracker.revision_pages = {sid: p for sid, p in tracker.revision_pages.items() if sid in known}
    return tracker


def patched(
    last: Tracker, before: dict[str, FileLoad], files: dict[str, FileLoad], changed: Collection[str]
) -> Tracker | None:
    """The last tracker with the records of ``changed`` replaced, when each was a record
    and is one still, loaded without a problem before and after (so no id, order or
    problem of the tracker's changes); else None (assembled anew).  An edit under serve
    or lsp then costs the files it changed, not a walk of them all."""
    digests = dict(last.digests)
    records: dict[str, dict[str, Any]] = {}  # kind -> the last tracker's dict, copied
    for rel in changed:
        old, new = before.get(rel), files.get(rel)
        if old is new:
            continue
        if old is None or new is None or old.problems or new.problems or old.id != new.id:
            return None
        model = _RECORDS.get(old.kind)
        if model is None or new.kind != old.kind:
            return None
        if not (_holds(old.value, model) and _holds(new.value, model)):
            return None
        if old.kind not in records:
            records[old.kind] = dict(last.claims if old.kind == "claim" else last.sources)
        records[old.kind][new.id] = new.value
        digests[rel] = new.digest
    claims = records.get("claim", last.claims)
    sources = records.get("source", last.sources)
    return replace(last, claims=claims, sources=sources, digests=digests, changes=None)


_RECORDS: dict[str, type[BaseModel]] = {"claim": Claim, "source": Source}


def _stem(rel: str) -> str:
    """A file's name without its extension: a revision's stem, ``2026-12-01-2``."""
    return rel.rpartition("/")[2].rpartition(".")[0]
