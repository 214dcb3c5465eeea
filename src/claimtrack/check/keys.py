"""A record's problems recalled from the disk cache, keyed by everything its rules read.

A claim's rules read (check.impact says the same for an edit in one process) the claim's
own file, the day, the site's languages (all they read of tracker.yaml:
load.assembled.records_read), and of other records only: each source it names (its
record, archived text, revisions' texts and saved page, its origins; or whether it is
broken or unknown), each claim its ``related`` or ``revises`` names (there, broken or
unknown), and, when it names an unknown id, the set of known ids (the "did you mean" hint).
``ClaimKeys.key`` is a digest of all of these, so a second run (a new process) answers an
unchanged claim with the problems the first run found, and a claim whose inputs changed in
any way is checked again.  Positions are in the problems, found in the file of the same digest.

A claim's key is a function of its own file and of inputs every claim shares (the day, the
languages, each source's file and copies, which claims and sources exist or are broken):
``shared_inputs`` digests those once.  While they are the ones of the last run, a claim
whose file has the digest it had then has the key it had then (the memo the check store
keeps), and only the claims whose file changed are keyed again: after one claim's edit, one
key made instead of 10,000 (47 ms).

A source's rules read its own file, its copies (their digests, and whether one that did not
load is there: rules/quotes.held), the day, tracker.yaml (the site's languages, and the
translations it lists, named in a hint), which sources exist (a ``derived_from`` naming
none), and, for its coverage when it names reviewed sentences (``reviewed_uncited``), the
quotes the claims citing it take from it: ``SourceKeys.key`` digests those, the citing
claims by their files, and only for a source that reviews (records.source.SourceNames, kept
beside its record).  Recalled, a source's rules run only where its key changed: after one
claim's edit, at most the sources that claim cites.  At 10,000 claims, 2,000 sources' keys
take 7.5 ms, their rules 28 ms with their records rebuilt.
"""

from __future__ import annotations

import hashlib

import orjson

from ..layout import classify
from ..load import Loaded, Tracker
from ..records import Claim, Source
from .analysis import Analysis

_UNKNOWN = "?"


def copy_digests(tracker: Tracker, source_id: str) -> tuple[str, ...]:
    """The sha256 of each copy of a source that was loaded: its first archive, its saved
    page, and each revision's text and page (by stem); a part of the key of whatever
    reads them (a claim's rules here, a claim's page in site/inputs.py)."""
    archive, page = tracker.archives.get(source_id), tracker.pages.get(source_id)
    texts = tracker.revisions.get(source_id, {}).items()
    pages = tracker.revision_pages.get(source_id, {}).items()
    return (
        archive.sha256 if archive is not None else "",
        page.sha256 if page is not None else "",
        *sorted(f"t{stem}={copy.sha256}" for stem, copy in texts),
        *sorted(f"p{stem}={copy.sha256}" for stem, copy in pages),
    )


def shared_inputs(a: Analysis, records: tuple[str, ...] = ("claims/",)) -> str:
    """The digest of every input of a claim's key but its own file: the day, the site's
    languages, the digest of every file but the claims' and tracker.yaml (the sources, their
    copies), and the ids of the claims, sources and broken records (existence is all a key
    reads of another claim; a source's origins are a function of the sources' files).
    ``records``: the folders whose files are left out (site/inputs.py leaves the sources'
    too, and digests what a claim's page reads of each source on its own)."""
    tracker = a.tracker
    files = sorted(
        (rel, digest)
        for rel, digest in tracker.digests.items()
        if not rel.startswith(records) and rel != "tracker.yaml"
    )
    data = [
        a.today.isoformat(),
        a.site_languages,
        sorted(tracker.claims),
        sorted(tracker.sources),
        sorted(tracker.broken_claims),
        sorted(tracker.broken_sources),
        files,
    ]
    return hashlib.blake2b(orjson.dumps(data), digest_size=16).hexdigest()


class ClaimKeys:
    """The keys of one analysis's claims; what they share is worked out once.  ``made``:
    each key taken, with the digest of its claim's file, for the next run (``recall``)."""

    def __init__(self, a: Analysis) -> None:
        self._a = a
        # Not tracker.yaml's digest: an edit of the site's title leaves every claim's key.
        self._base = f"{a.today.isoformat()}\0{a.site_languages!r}\0"
        self._sources: dict[str, str] = {}
        self._known: dict[str, str] = {}
        self._last: dict[str, tuple[str, str]] = {}
        self.made: dict[str, tuple[str, str]] = {}

    def recall(self, last: dict[str, tuple[str, str]]) -> None:
        """Take the keys an earlier run made with this run's shared inputs (``shared_inputs``),
        each with its claim file's digest: a claim whose file has that digest has that key."""
        self._last = last

    def _source(self, sid: str) -> str:
        found = self._sources.get(sid)
        if found is None:
            a = self._a
            tracker = a.tracker
            loaded = tracker.sources.get(sid)
            if loaded is not None:
                # Its copies, revisions' included: a quote may cite one, and a quote not
                # found is told which of them holds it.
                found = "\x1f".join(
                    (
                        "s" + tracker.digests.get(loaded.path, ""),
                        ",".join(sorted(a.source_origins.get(sid, ()))),
                        *copy_digests(tracker, sid),
                    )
                )
            elif sid in tracker.broken_sources:
                found = "broken"
            else:
                found = _UNKNOWN
            self._sources[sid] = found
        return found

    def _claim(self, cid: str) -> str:
        tracker = self._a.tracker
        if cid in tracker.claims:
            return "c"
        return "broken" if cid in tracker.broken_claims else _UNKNOWN

    def _known_ids(self, kind: str) -> str:
        found = self._known.get(kind)
        if found is None:
            ids = self._a.known_sources if kind == "sources" else self._a.known_claims
            found = hashlib.blake2b("\0".join(sorted(ids)).encode(), digest_size=16).hexdigest()
            self._known[kind] = found
        return found

    def key(self, loaded: Loaded[Claim]) -> str:
        """The key of the claim's problems: changes with anything its rules read."""
        digest = self._a.tracker.digests.get(loaded.path, "")
        last = self._last.get(loaded.id)
        key = last[1] if last is not None and last[0] == digest else self._made(loaded, digest)
        self.made[loaded.id] = (digest, key)
        return key

    def _made(self, loaded: Loaded[Claim], digest: str) -> str:
        a = self._a
        names = a.links.names[loaded.id]
        parts = [self._base, loaded.id, digest]
        for sid in sorted(names.sources):
            parts += (sid, self._source(sid))
        for cid in sorted(names.claims):
            parts += (cid, self._claim(cid))
        if _UNKNOWN in parts[3:]:
            parts += (self._known_ids("sources"), self._known_ids("claims"))
        return hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


class SourceKeys:
    """The keys of one analysis's sources' problems; what they share is worked out once."""

    def __init__(self, a: Analysis) -> None:
        self._a = a
        tracker = a.tracker
        known = hashlib.blake2b("\0".join(sorted(a.known_sources)).encode(), digest_size=16)
        self._base = "\0".join(
            (a.today.isoformat(), tracker.digests.get("tracker.yaml", "-"), known.hexdigest())
        )
        # The copies that are there but did not load (digest ""), by source: held() tells
        # one from a copy that is missing.  Loaded copies are in copy_digests.
        self._unread: dict[str, list[str]] = {}
        for rel, digest in tracker.digests.items():
            found = None if digest else classify(rel)
            if found is not None and found[0] not in ("claim", "source", "settings"):
                self._unread.setdefault(found[1], []).append(rel)

    def key(self, loaded: Loaded[Source]) -> str:
        """The key of the source's problems: changes with anything its rules read."""
        a, sid = self._a, loaded.id
        tracker = a.tracker
        parts = [self._base, sid, tracker.digests.get(loaded.path, "")]
        parts += copy_digests(tracker, sid)
        parts += sorted(self._unread.get(sid, ()))
        if loaded.source_names.reviews:  # only then is its coverage read
            claims = tracker.claims
            for cid in sorted(a.links.citing.get(sid, ())):
                parts += (cid, tracker.digests.get(claims[cid].path, "") if cid in claims else "")
        return hashlib.blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()
