"""The dependency index: what each claim's views are made from, as digests of records.

A claim's summary (listings, feeds, related claims, the sources citing it) and its page's
view (its page, embed, oEmbed and share card, and its line of claims.json) are functions
of a few records and of facts the analysis derives from them.  ``Inputs`` digests exactly
those, from the digests of the files the records were loaded from (``Tracker.digests``),
never from the views:

- a claim's **summary** reads what its record says of it (not its rationale, evidence or
  history notes), whether it is stale (the only fact of the day any view shows), its
  figure's measurements as judged (independent or not: a fact of the sources' origins),
  and when each claim revising it was made;
- a claim's **view** reads its whole file, its summary's facts and, of other records:
  what a claim page shows of each source it names (the record without its notes, its
  archived copies, its origins, and each origin's title), the summaries of the claims
  related to it either way and of the claims in its chain of revisions, and when each
  claim of that chain was made.

tracker.yaml is read by every view (the site's languages, their words): its digest is in
every input.  So an edit of a source's notes changes no claim's input, and an edit of a
claim's rationale changes its view's input but not its summary's: the pages listing it are
not made again.

What a view shows of one record alone (a claim's summary, a source on a claim's page and
in a reference) is a function of the record's file: it is digested once per file content
and the digests are kept with the last build's record (last_build.LastBuild.records), so
that a build in a new process digests no unchanged record again, nor rebuilds it for that.

KeyDigests (key_digests.py) writes a claim's view or summary, wherever a key holds one, as
its input digest here: an output's key digest then costs its own few fields and not the
walk of every view it holds (claims.json holds every claim's).  So ``Inputs`` is the
index of which outputs each record feeds: an output feeds on the records of the views
its key holds.  tests/test_dependencies.py checks, for every kind of edit, that the
outputs whose key digest changes are every file whose bytes changed (complete) and no
more than those and the listings holding the record (small).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from ..check.analysis import Analysis
from ..check.impact import views_touched
from ..check.keys import copy_digests, shared_inputs
from ..load import Loaded
from ..records import Claim, Source
from ..records.claim import HistoryEntry, Names
from .model.claim.chains import dated, revised_by

# What a claim page shows of a source is everything but these: its notes (and their
# translations), and the sentences an editor marked as no claim (the source's page alone).
_NOT_SHOWN_ON_CLAIMS: dict[str, Any] = {
    "notes": True,
    "reviewed_uncited": True,
    "translations": {"__all__": {"notes"}},
}


# What a claim's summary does not show of its record (builders.summary_view and
# localized.claim_texts read the rest): its rationale, evidence and links, and of its
# history all but the dates, so that an edit of those leaves the listings and the related
# claims' pages alone.  Named by exclusion: a field added to a claim is read until said.
_NOT_IN_SUMMARIES: dict[str, Any] = {
    "rationale": True,
    "evidence": True,
    "related": True,
    "revises": True,
    "to_check": True,
    "history": {"__all__": set(HistoryEntry.model_fields) - {"date"}},
    "translations": {"__all__": {"rationale", "history"}},
}

# What names a source (SourceRef): its title, translated or not, and its language.
_IN_REFS: dict[str, Any] = {
    "title": True,
    "language": True,
    "translations": {"__all__": {"translated_by", "title", "made_from"}},
}


def _digest(parts: Iterable[str]) -> str:
    return hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


def _json_digest(data: Any) -> str:
    return hashlib.blake2b(
        orjson.dumps(data, option=orjson.OPT_SORT_KEYS), digest_size=16
    ).hexdigest()


def shown(record: Claim | Source) -> tuple[str, ...]:
    """What the views show of a record alone, as digests: of a claim, what its summary
    shows; of a source, what a claim's page shows of it and what names it (SourceRef)."""
    if isinstance(record, Claim):
        return (_json_digest(record.model_dump(mode="json", exclude=_NOT_IN_SUMMARIES)),)
    return (
        _json_digest(record.model_dump(mode="json", exclude=_NOT_SHOWN_ON_CLAIMS)),
        _json_digest(record.model_dump(mode="json", include=_IN_REFS)),
    )


@dataclass(frozen=True)
class LastViews:
    """What the claims' views of a build were made from, kept with its record
    (last_build.LastBuild.views): with it, a build in a new process takes the input digest
    of every claim its edits since cannot touch as it was (check.impact.views_touched),
    and works out only the others'.

    ``frame``: every input of a view but the records' own files (``frame``); per claim, in
    ``ids``' order (columns, as the record is written: a build's peak is its save), its
    file's digest and the input digests of its summary and of its view; ``names``: what
    each claim naming any claim named (its ``related`` and ``revises``: which views an edit
    of it touches); ``sources``: what a claim's view reads of each source
    (``Inputs.source``)."""

    frame: str
    ids: list[str]
    files: list[str]
    summaries: list[str]
    views: list[str]
    names: dict[str, Names]
    sources: dict[str, str]

    def to_json(self) -> Any:
        names = {cid: [sorted(n.related), sorted(n.revises)] for cid, n in self.names.items()}
        sources = [list(self.sources), list(self.sources.values())]
        return [self.frame, self.ids, self.files, self.summaries, self.views, names, sources]

    @classmethod
    def from_json(cls, data: Any) -> LastViews:
        kept, ids, files, summaries, views, names, (sids, shown) = data
        if not len(ids) == len(files) == len(summaries) == len(views):
            raise ValueError("a claim's digests are three")
        return cls(
            str(kept),
            list(map(str, ids)),
            list(map(str, files)),
            list(map(str, summaries)),
            list(map(str, views)),
            {str(cid): Names.of((), (), map(str, r), map(str, v)) for cid, (r, v) in names.items()},
            dict(zip(map(str, sids), map(str, shown), strict=True)),
        )


def frame(a: Analysis) -> str:
    """What every claim's view may read besides the records' own files: the day, the
    site's languages, tracker.yaml and any other file but the records', and which records
    exist or are broken (check.keys.shared_inputs)."""
    return _digest(
        (shared_inputs(a, ("claims/", "sources/")), a.tracker.digests.get("tracker.yaml", "-"))
    )


class Inputs:
    """The input digests of one analysis's claims, each worked out once when first asked.

    ``known``: what each record file shows (``shown``), by the file's digest, as an earlier
    build left it; ``records`` holds those this one used or made, for the next.  ``last``:
    what that build's claim views were made from (``LastViews``); each claim its edits
    since do not touch has the input digest it had then."""

    def __init__(
        self,
        a: Analysis,
        known: Mapping[str, tuple[str, ...]] | None = None,
        last: LastViews | None = None,
    ) -> None:
        self._a = a
        self._settings = a.tracker.digests.get("tracker.yaml", "-")
        self._known: Mapping[str, tuple[str, ...]] = known if known is not None else {}
        self.records: dict[str, tuple[str, ...]] = {}
        self._summaries: dict[str, str] = {}
        self._views: dict[str, str] = {}
        self._facts_of: dict[str, str] = {}
        self._shown: dict[str, str] = {}
        self._sources: dict[str, str] = {}  # ``source``'s, taken by the recall and the record
        self._frame = frame(a) if last is not None else ""
        # Each claim's summary and view input digests that are the last build's.
        self._last_summaries: dict[str, str] = {}
        self._last_views: dict[str, str] = {}
        if last is not None and last.frame == self._frame:
            self._last_summaries, self._last_views = self._recalled(last)

    def shown_records(self) -> dict[str, tuple[str, ...]]:
        """What each record file shows (``shown``), for the next build: as this one used or
        made it, and as the last one left it for the files still here, which the views
        this one took as they were (``recalled``) never asked for (added to ``records``,
        not copied: a build's peak is its save)."""
        known, records = self._known, self.records
        for digest in self._a.tracker.digests.values() if known else ():
            if digest not in records and digest in known:
                records[digest] = known[digest]
        return records

    def views(self) -> LastViews:
        """What this analysis's claim views are made from, for the next build."""
        a, claims = self._a, self._a.tracker.claims
        digests = a.tracker.digests
        ids = list(claims)
        return LastViews(
            self._frame or frame(a),
            ids,
            [digests.get(loaded.path, "") for loaded in claims.values()],
            [self.summary(cid) for cid in ids],
            [self.claim(cid) for cid in ids],
            {cid: names for cid, names in a.links.names.items() if names.claims},
            {sid: self.source(sid) for sid in a.tracker.sources},
        )

    def _recalled(self, last: LastViews) -> tuple[dict[str, str], dict[str, str]]:
        """The summary and the view input digests of each claim that reads what it read when
        ``last`` was kept (whose frame is this one's): every claim but those the edited
        claims touch (check.impact.views_touched), a claim counting as edited when its file,
        or what its view reads of a source it names, changed."""
        a = self._a
        digests, claims, links = a.tracker.digests, a.tracker.claims, a.links
        edited = {
            cid
            for cid, file in zip(last.ids, last.files, strict=True)
            if (loaded := claims.get(cid)) is None or file != digests.get(loaded.path, "")
        }
        for sid in a.tracker.sources:
            if last.sources.get(sid) != self.source(sid):
                edited |= links.citing.get(sid, set()) | links.checking.get(sid, set())
        moved, touched = views_touched(links, edited, last.names) if edited else (set(), set())
        ids = last.ids
        summaries = {c: d for c, d in zip(ids, last.summaries, strict=True) if c not in moved}
        views = {c: d for c, d in zip(ids, last.views, strict=True) if c not in touched}
        return summaries, views

    def source(self, sid: str) -> str:
        """What a claim's view reads of a source it names: ``_source``, and the title of
        each of its origins."""
        found = self._sources.get(sid)
        if found is None:
            origins = sorted(self._a.source_origins.get(sid, ()))
            found = _digest((self._source(sid), *(f"{o}={self._ref(o)}" for o in origins)))
            self._sources[sid] = found
        return found

    def summary(self, cid: str) -> str:
        """The digest of what the claim's summary is made from."""
        found = self._summaries.get(cid)
        if found is None:
            found = self._last_summaries.get(cid)
            if found is None:
                (shows,) = self._record(self._a.tracker.claims[cid])
                found = _digest((self._settings, cid, shows, self._facts(cid)))
            self._summaries[cid] = found
        return found

    def claim(self, cid: str) -> str:
        """The digest of what the claim's view (its page) is made from."""
        found = self._views.get(cid)
        if found is None:
            found = self._views[cid] = self._last_views.get(cid) or self._made(cid)
        return found

    def _made(self, cid: str) -> str:
        a = self._a
        names = a.links.names[cid]
        parts = [self._settings, cid, a.tracker.digests.get(a.tracker.claims[cid].path, "")]
        parts.append(self._facts(cid))
        for sid in sorted(names.sources):
            parts += (sid, self._source(sid))
            for origin in sorted(a.source_origins.get(sid, ())):
                parts += (origin, self._ref(origin))  # shown by its title alone
        others = {*names.related, *a.related_to(cid)}
        chain = a.links.chain(cid)
        for other in sorted(others.union(chain) - {cid}):
            if other in a.tracker.claims:
                parts += (other, self.summary(other))
                if other in chain:
                    parts.append(repr(dated(a, other)))
        return _digest(parts)

    def source_file(self, sid: str) -> str:
        """The digest of the file the source's record was read from (its record is that
        file's bytes read: SourceView.record, written so in a key's digest)."""
        tracker = self._a.tracker
        loaded = tracker.sources.get(sid)
        return "?" if loaded is None else tracker.digests.get(loaded.path, "?")

    def _record(self, loaded: Loaded[Claim] | Loaded[Source]) -> tuple[str, ...]:
        """What the views show of a loaded record alone (``shown``): as an earlier build
        left it for the same file content, else made (its record rebuilt for that)."""
        file = self._a.tracker.digests.get(loaded.path, "")
        found = self.records.get(file)
        if found is None:
            found = self._known.get(file) if file else None
            if found is None:
                found = shown(loaded.record)
            if file:
                self.records[file] = found
        return found

    def _facts(self, cid: str) -> str:
        """What the analysis derives for a claim's summary from the day and other records:
        whether it is stale, its figure's measurements as judged, and when the claims
        revising it were made; joined as ``_digest`` joins parts (one text, not a list of
        three, for each of 10,000 claims)."""
        found = self._facts_of.get(cid)
        if found is None:
            a = self._a
            facts = ["stale" if a.is_stale(cid) else ""]
            # A figure's measurements as judged (their independence from the claim's own
            # sources is a fact of the sources' origins): the summary shows the verdict.
            facts.append(repr(a.measured(cid)))
            if a.links.revised_by(cid):
                facts.append(repr(revised_by(a, cid)))
            found = self._facts_of[cid] = "\0".join(facts)
        return found

    def _ref(self, sid: str) -> str:
        """A source as a claim's page names it (SourceRef): its title and language."""
        loaded = self._a.tracker.sources.get(sid)
        return "?" if loaded is None else self._record(loaded)[1]

    def _source(self, sid: str) -> str:
        """What a claim's page shows of a source: its record but its notes, its copies (the
        first archive, the saved page, each revision's text) and its origins."""
        found = self._shown.get(sid)
        if found is None:
            tracker = self._a.tracker
            loaded = tracker.sources.get(sid)
            if loaded is None:
                found = "?"  # unknown or broken: the check reports it and nothing is built
            else:
                found = _digest(
                    (
                        self._record(loaded)[0],
                        ",".join(sorted(self._a.source_origins.get(sid, ()))),
                        *copy_digests(tracker, sid),
                    )
                )
            self._shown[sid] = found
        return found
