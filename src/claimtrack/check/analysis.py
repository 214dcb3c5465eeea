"""Facts computed from the records once per load, shared by the checks and the site: the
checker and the renderer never disagree about whether a quote was found or how many
independent origins a claim has."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from functools import cached_property

from ..layout import SETTINGS_FILE
from ..load import Loaded, Tracker
from ..load.files import Archive, read_data_file
from ..load.yamlsource import parse_document
from ..problems import Problem
from ..process.batch import split
from ..records import Claim, Evidence, RevisionOutcome, Source, revision_index, revision_stems
from ..records.settings import declared_languages
from .graph import Derivation, Parents, children_of, parents_of, unchanged, walk
from .links import Links
from .measurements import Measured, judge
from .revisions import Presence, Removal, latest, removal
from .store import CheckStore, CoverageKey
from .text.quotecontext import (
    ArchiveText,
    Context,
    QuoteContext,
    as_tuple,
    quote_context,
    quote_span,
)
from .text.textnorm import normalise, quote_in

# What finding one archive's quotes gives: its normalised text (when new), whether it is
# new, each quote found or not, and (for a site) the quotes in context, by quote.
Looked = tuple[str, bool, list[bool], dict[str, Context | None]]


class QuoteCheck(StrEnum):
    FOUND = "found"
    NOT_FOUND = "not-found"
    UNCHECKED = "unchecked"  # the source has no archived copy
    NO_SOURCE = "no-source"  # the source id does not resolve
    NO_REVISION = "no-revision"  # the revision it names does not resolve, or is gone


class Analysis:
    """The facts of one loaded tracker on one day, each worked out when first asked for."""

    def __init__(
        self,
        tracker: Tracker,
        today: dt.date,
        store: CheckStore | None = None,
        contexts: bool = False,
        links: Links | None = None,
        last: Analysis | None = None,
    ) -> None:
        self.tracker = tracker
        if last is not None and unchanged(last.tracker, tracker, last.__dict__.get("parents")):
            for name in {"parents", "derivation", "derived_by"} & last.__dict__.keys():
                self.__dict__[name] = last.__dict__[name]  # kept as cached_property keeps them
        self.today = today
        # Normalised archives and quote results, kept by content between builds and runs.
        self.store = store if store is not None else CheckStore()
        # Whether quotes in context are wanted (a site shows them): find_quotes then finds
        # those too, on the same two cores, rather than each claim's page one by one.
        self.contexts = contexts
        # Who names whom: the Checker hands in the links it keeps up to date claim by
        # claim (check.impact); anyone else has them made from the tracker.
        self.links = links if links is not None else Links.of(tracker)
        # Archives with their offset maps and sentence starts, by sha256 and the language
        # their sentences are split in, for this run's quotes in context
        # (check.quotecontext): each made only when a quote needs it.
        self._texts: dict[tuple[str, str], ArchiveText] = {}
        self._measured: dict[str, Measured | None] = {}
        # By source id, the key of its coverage counts in the store (None: no archived
        # text); check.coverage.counts makes each once a run, as the cited quotes of a
        # large tracker take a while to gather.
        self.coverage_keys: dict[str, CoverageKey | None] = {}
        self._looked: set[str] = set()  # the claims find_quotes went through

    def normalised_archive(self, source_id: str, revision: str | None = None) -> str | None:
        archive = self.copy_of(source_id, revision)
        return None if archive is None else self._normalised(archive)

    def _normalised(self, copy: Archive) -> str:
        """A text (the archived copy or a revision) normalised, kept by its sha256."""
        text = self.store.normalised_text(copy.sha256)
        if text is None:
            text = normalise(copy.text)
            self.store.remember_normalised(copy.sha256, text)
        return text

    def _found_in(self, copy: Archive, quote: str) -> bool:
        found = self.store.quote_result(copy.sha256, quote)
        if found is None:
            found = quote_in(quote, self._normalised(copy))
            self.store.remember_quote(copy.sha256, quote, found)
        return found

    def cited_revision(self, ev: Evidence) -> int | None:
        """The index of the revision a quote names (``revision:``) among its source's; None
        when it names none, or one its source does not have."""
        loaded = self.tracker.sources.get(ev.source)
        if ev.revision is None or loaded is None:
            return None
        return revision_index(loaded.record.revisions, ev.revision)

    def copy_of(self, source_id: str, revision: str | None) -> Archive | None:
        """The text a quote citing ``revision`` is proven against: the source's archived
        copy (None), or the text of its revision of that key; None when there is none (no
        copy, a revision unknown or gone, or its text not loaded)."""
        if revision is None:
            return self.tracker.archives.get(source_id)
        loaded = self.tracker.sources.get(source_id)
        index = None if loaded is None else revision_index(loaded.record.revisions, revision)
        return None if index is None else self.revision_texts(source_id)[index]

    def quote_found(self, source_id: str, quote: str) -> bool | None:
        """Whether the quote is in the source's archived copy; None when there is no copy."""
        archive = self.tracker.archives.get(source_id)
        return None if archive is None else self._found_in(archive, quote)

    def revision_texts(self, source_id: str) -> list[Archive | None]:
        """Each revision's text, oldest first; None for a gone page or a file not loaded."""
        loaded = self.tracker.sources.get(source_id)
        if loaded is None or not loaded.record.revisions:
            return []
        texts = self.tracker.revisions.get(source_id, {})
        return [
            None if stem is None else texts.get(stem)
            for stem in revision_stems(loaded.record.revisions)
        ]

    def revision_presence(self, source_id: str, quote: str) -> tuple[Presence, ...]:
        """For each revision of the source, oldest first, whether the quote's passage is in
        its text, found as in the archived copy (normalised, ``quote_in``; kept in the store
        by the revision's sha256): False for a gone page, None for a text not loaded."""
        loaded = self.tracker.sources.get(source_id)
        if loaded is None:
            return ()
        revisions = loaded.record.revisions
        return tuple(
            (False if revision.outcome is RevisionOutcome.GONE else None)
            if copy is None
            else self._found_in(copy, quote)
            for revision, copy in zip(revisions, self.revision_texts(source_id), strict=True)
        )

    def in_latest_revision(self, ev: Evidence) -> bool | None:
        """Whether the quote's passage is in its source's latest revision: None when the
        source was never rechecked (no revisions), False when its page is gone."""
        return latest(self.revision_presence(ev.source, ev.quote))

    def removal(self, ev: Evidence) -> Removal | None:
        """When a quote found in the version it cites went from its source
        (check/revisions.py): the revisions after that version are looked at; None while
        its passage is in the latest revision, or was never rechecked since."""
        loaded = self.tracker.sources.get(ev.source)
        if loaded is None or self.quote_check(ev) is not QuoteCheck.FOUND:
            return None
        revisions = loaded.record.revisions
        cited = self.cited_revision(ev)
        if cited is not None:
            after, archived = cited + 1, revisions[cited].retrieved
        elif loaded.record.snapshot is not None:
            after, archived = 0, loaded.record.snapshot.retrieved
        else:
            return None
        went = removal(
            self.revision_presence(ev.source, ev.quote)[after:],
            [r.retrieved for r in revisions[after:]],
            [r.outcome is RevisionOutcome.GONE for r in revisions[after:]],
            archived,
        )
        if went is None or not after:
            return went
        return dataclasses.replace(went, revision=went.revision + after)

    def quote_context(
        self, source_id: str, quote: str, revision: str | None = None
    ) -> QuoteContext | None:
        """The quote's first occurrence in the source's archived copy (or in the revision
        keyed ``revision``), in its own characters, with the sentences around it; None
        without a copy or when not found.  Computed once per copy and quote (kept in the
        store, on disk too)."""
        archive = self.copy_of(source_id, revision)
        loaded = self.tracker.sources.get(source_id)
        if archive is None or loaded is None:
            return None
        language = loaded.record.language
        known, kept = self.store.context(archive.sha256, language, quote)
        if known:
            return None if kept is None else QuoteContext(*kept)
        text = self._texts.get((archive.sha256, language))
        if text is None:
            text = ArchiveText(archive.text, self._normalised(archive), language)
            self._texts[(archive.sha256, language)] = text
        found = quote_context(quote, text)
        self.store.remember_context(archive.sha256, language, quote, as_tuple(found))
        return found

    def passage_in(self, copy: Archive, quote: str) -> tuple[int, int] | None:
        """Where the quote's passage first is in one text (the archived copy or a revision's),
        in that text's own characters; None when it is not there."""
        if not self._found_in(copy, quote):
            return None
        text = self._texts.get((copy.sha256, ""))
        if text is None:  # its sentences are not needed: no language
            text = self._texts[(copy.sha256, "")] = ArchiveText(copy.text, self._normalised(copy))
        found = quote_span(quote, text)
        return None if found is None else found[:2]

    def find_quotes(self, claim_ids: Iterable[str] | None = None) -> None:
        """Normalise the archives and look for the quotes the store does not know yet, all at
        once and on two cores when there are many (batch.split): a first build's largest
        check, by far, and the same work whichever process does it.  The quotes are looked
        for in their sources' revisions too (``revision_presence``), likewise.
        ``claim_ids``: only these claims can have quotes the store does not know (None: any);
        a claim it went through already this run is not looked at again."""
        # By sha256: the text, and the quotes to look for in it.
        todo: dict[str, tuple[Archive, set[str]]] = {}
        claims, looked = self.tracker.claims, self._looked
        ids = claims.keys() - looked if claim_ids is None else set(claim_ids) - looked
        chosen = [claims[cid] for cid in sorted(ids) if cid in claims]
        looked.update(ids)
        # The archived copies' sha256, with the language of their source: quotes in context
        # there (a copy two sources share in two languages: the other's when asked); and in
        # a revision, those of the quotes that cite it, by its sha256.
        languages: dict[str, str] = {}
        snapshots: set[str] = set()
        cited: set[tuple[str, str]] = set()
        for loaded in chosen:
            for _, ev in loaded.record.quote_items():
                archive = self.tracker.archives.get(ev.source)
                source = self.tracker.sources.get(ev.source)
                if archive is not None and source is not None:
                    languages.setdefault(archive.sha256, source.record.language)
                    snapshots.add(archive.sha256)
                if ev.revision is not None and source is not None:
                    copy = self.copy_of(ev.source, ev.revision)
                    if copy is not None:
                        languages.setdefault(copy.sha256, source.record.language)
                        cited.add((copy.sha256, ev.quote))
                copies = [archive, *self.revision_texts(ev.source)]
                for copy in copies:
                    if copy is None or self.store.quote_result(copy.sha256, ev.quote) is not None:
                        continue
                    todo.setdefault(copy.sha256, (copy, set()))[1].add(ev.quote)
        if not todo:
            return
        work = sorted((sha, sorted(quotes)) for sha, (_, quotes) in todo.items())
        known = {sha: self.store.normalised_text(sha) for sha, _ in work}
        texts = {sha: copy.text for sha, (copy, _) in todo.items()}
        contexts = self.contexts

        def look(items: list[tuple[str, list[str]]]) -> list[Looked]:
            done = []
            for sha, quotes in items:
                text = known[sha]
                new = text is None
                if text is None:
                    text = normalise(texts[sha])
                found = [quote_in(q, text) for q in quotes]
                around: dict[str, Context | None] = {}
                wanted = [q for q in quotes if sha in snapshots or (sha, q) in cited]
                if contexts and wanted:
                    archive = ArchiveText(texts[sha], text, languages[sha])
                    around = {
                        q: as_tuple(quote_context(q, archive)) if f else None
                        for q, f in zip(quotes, found, strict=True)
                        if q in wanted
                    }
                done.append((text if new else "", new, found, around))
            return done

        for (sha, quotes), (text, new, found, around) in zip(
            work, split(work, look, "finding quotes"), strict=True
        ):
            if new:
                self.store.remember_normalised(sha, text)
            for quote, result in zip(quotes, found, strict=True):
                self.store.remember_quote(sha, quote, result)
            for quote, context in around.items():
                self.store.remember_context(sha, languages[sha], quote, context)

    def quote_check(self, ev: Evidence) -> QuoteCheck:
        """Whether one quote item (of a claim's evidence, a measurement or the history) stands
        in the version of its source it cites: the archived copy, or the revision it names."""
        loaded = self.tracker.sources.get(ev.source)
        if loaded is None:
            return QuoteCheck.NO_SOURCE
        if ev.revision is not None:
            cited = self.cited_revision(ev)
            if cited is None or loaded.record.revisions[cited].outcome is RevisionOutcome.GONE:
                return QuoteCheck.NO_REVISION
        copy = self.copy_of(ev.source, ev.revision)
        if copy is None:
            return QuoteCheck.UNCHECKED
        return QuoteCheck.FOUND if self._found_in(copy, ev.quote) else QuoteCheck.NOT_FOUND

    def quote_checks_of(self, loaded: Loaded[Claim]) -> list[QuoteCheck]:
        """One result per evidence item of the claim, in order."""
        return [self.quote_check(ev) for ev in loaded.record.evidence]

    @cached_property
    def quote_checks(self) -> dict[str, list[QuoteCheck]]:
        """For each claim, one result per evidence item, in order."""
        return {cid: self.quote_checks_of(loaded) for cid, loaded in self.tracker.claims.items()}

    @cached_property
    def known_sources(self) -> frozenset[str]:
        """Ids of every source file, loaded or broken: a reference to one is not unknown."""
        return frozenset(self.tracker.sources) | self.tracker.broken_sources

    @cached_property
    def known_claims(self) -> frozenset[str]:
        return frozenset(self.tracker.claims) | self.tracker.broken_claims

    @cached_property
    def parents(self) -> Parents:  # who derives from whom
        return parents_of(self.tracker)

    @cached_property
    def derivation(self) -> Derivation:
        """Origins and loops of the derivation graph, from one walk (graph.walk)."""
        return walk(self.parents)

    @property
    def source_origins(self) -> dict[str, frozenset[str]]:
        """Independent origins of each source: the sources it derives from that derive from nothing."""
        return self.derivation.origins

    def claim_sources(self, claim_id: str) -> list[str]:
        """Distinct sources quoted as evidence, in order of first citation."""
        known, evidence = self.tracker.sources, self.tracker.claims[claim_id].record.evidence
        return list(dict.fromkeys(ev.source for ev in evidence if ev.source in known))

    def claim_origins(self, claim_id: str) -> list[str]:
        origins: set[str] = set()
        for sid in self.claim_sources(claim_id):
            origins |= self.source_origins[sid]
        return sorted(origins)

    def measured(self, claim_id: str) -> Measured | None:
        """A figure's measurements judged: independence, values in the claim's unit,
        agreement (check/measurements.py); None for a claim without a quantity."""
        found = self._measured.get(claim_id, ...)
        if found is ...:
            claim = self.tracker.claims[claim_id].record
            found = None
            if claim.quantity is not None:
                origins = frozenset(self.claim_origins(claim_id))
                found = judge(claim, origins, self.source_origins, self.store.converted)
            self._measured[claim_id] = found
        return found

    def cited_by(self, source_id: str) -> list[str]:
        """Claims citing the source (evidence, history), sorted: asked per source."""
        return self.links.cited_by(source_id) if source_id in self.tracker.sources else []

    def related_to(self, claim_id: str) -> list[str]:
        """Claims whose ``related`` names this one, sorted."""
        return self.links.related_to(claim_id)

    def to_check_by(self, source_id: str) -> list[str]:
        """Claims that name the source as one still to read (``to_check``), sorted."""
        return self.links.waiting_on(source_id) if source_id in self.tracker.sources else []

    @cached_property
    def derived_by(self) -> dict[str, list[str]]:
        """Sources that report, summarise or translate each source."""
        return children_of(self.parents)

    @cached_property
    def site_languages(self) -> tuple[str, ...] | None:
        """The site's languages, main first: the settings' when tracker.yaml loaded, else
        its ``language:`` and ``translations:`` as written (settings.declared_languages), so
        that its fault makes no translation "not a site language"; None when it does not
        even parse: nothing to judge by."""
        tracker = self.tracker
        if not any(p.is_error and p.path == SETTINGS_FILE for p in tracker.problems):
            return tracker.settings.site_languages
        raw = read_data_file(tracker.root, tracker.root / SETTINGS_FILE, [])
        return declared_languages(None if raw is None else parse_document(raw, SETTINGS_FILE).data)

    def is_stale(self, claim_id: str) -> bool:
        review_by = self.tracker.claims[claim_id].record.review_by
        return review_by is not None and review_by < self.today


# Rules read the analysis and yield problems: about one claim (its result is
# kept until the claim or what it reads changes, see impact.py), about one
# source, or about the tracker as a whole.  check/__init__ runs every one.
ClaimRule = Callable[[Analysis, Loaded[Claim]], Iterator[Problem]]
SourceRule = Callable[[Analysis, Loaded[Source]], Iterator[Problem]]
TrackerRule = Callable[[Analysis], Iterator[Problem]]
