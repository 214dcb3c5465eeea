"""The view models of the whole site, made again after an edit only where the edit shows.

ModelCache keeps the last build's views.  Told what an edit touched
(check.impact.Impact), it makes again only those claims' and sources' views
and reuses the other objects as they are, so that the pages made from them
compare equal at once (the same objects) and are not rendered again.  The
listings and the index are assembled again from the kept pieces (listings.py).
"""

from __future__ import annotations

from ...check.analysis import Analysis
from ...check.coverage.counts import count_all
from ...check.impact import Impact
from .archive import archive_view
from .builders import KIND_VALUE_LABELS, claim_view, site_settings, source_view, summary_view
from .listings import ListingCache, overview
from .views import (
    ArchiveView,
    ClaimSummary,
    ClaimView,
    IndexView,
    SiteModel,
    SiteSettings,
    SourceRef,
    SourceView,
)


class ModelCache:
    """Builds the SiteModel again and again, reusing the views an edit did not touch."""

    def __init__(self, *, search: bool = True) -> None:
        self.search = search  # the site has full-text search (pages show its box)
        self._refs: dict[str, SourceRef] = {}
        self._summaries: dict[str, ClaimSummary] = {}
        self._claims: dict[str, ClaimView] = {}
        self._sources: dict[str, SourceView] = {}
        self._archives: dict[str, ArchiveView | None] = {}
        self._settings: SiteSettings | None = None
        self._index: IndexView | None = None
        self._listings = ListingCache()

    def build(self, a: Analysis, impact: Impact | None) -> SiteModel:
        """Every view of the site; ``impact`` None makes every view anew."""
        tracker = a.tracker
        refs: dict[str, SourceRef] = {}
        for sid, source in sorted(tracker.sources.items()):
            old = self._refs.get(sid)
            record = source.record
            same = old is not None and (old.title, old.language) == (record.title, record.language)
            refs[sid] = (
                old if same and old is not None else SourceRef(sid, record.title, record.language)
            )
        summaries: dict[str, ClaimSummary] = {}
        claims: dict[str, ClaimView] = {}
        moved: set[str] = set()  # claims whose summary changed
        for cid, loaded in sorted(tracker.claims.items()):
            kept = self._claims.get(cid)
            if impact is not None and kept is not None and cid not in impact.claim_pages:
                summaries[cid], claims[cid] = kept.summary, kept
            else:
                made = summary_view(cid, loaded.record, a.is_stale(cid), a.measured(cid))
                # Equal to the last one (an edit of the rationale): keep the object.
                summaries[cid] = kept.summary if kept is not None and kept.summary == made else made
                if kept is not None and summaries[cid] is not kept.summary:
                    moved.add(cid)
        # A summary can change without its claim's file (a measurement's source now derives
        # from the claim's own): the pages listing it, related claims' and cited sources',
        # are made again too.
        listing_sources: set[str] = set()
        if impact is not None:
            for cid in moved:
                names = a.links.names.get(cid)
                if names is not None:
                    listing_sources |= names.sources
                    for other in names.related:
                        claims.pop(other, None)
                for other in a.related_to(cid):
                    claims.pop(other, None)
        remade = []
        for cid, loaded in tracker.claims.items():
            if cid not in claims:
                related = a.related_to(cid)
                claims[cid] = claim_view(cid, loaded.record, a, refs, summaries, related)
                remade.append(cid)
        claims = dict(sorted(claims.items()))
        sources: dict[str, SourceView] = {}
        archives: dict[str, ArchiveView | None] = {}

        def unchanged(sid: str) -> bool:
            return (
                impact is not None
                and sid in self._sources
                and sid not in impact.source_pages
                and sid not in listing_sources
            )

        # The sources' coverage, the costly part of their views, all at once on two cores.
        count_all(a, [sid for sid in tracker.sources if not unchanged(sid)])
        for sid, source in sorted(tracker.sources.items()):
            kept_source = self._sources.get(sid)
            if unchanged(sid) and kept_source is not None:
                sources[sid] = kept_source
                archives[sid] = self._archives.get(sid)
            else:
                sources[sid] = source_view(sid, source.record, a, refs, summaries)
                # Made from the same inputs as the source's page, the claims citing it included.
                made_archive = archive_view(a, sid, refs[sid], summaries)
                kept_archive = self._archives.get(sid)
                archives[sid] = kept_archive if made_archive == kept_archive else made_archive
        listings = self._listings.build(summaries, claims, remade, KIND_VALUE_LABELS)
        index = overview(listings, len(refs))
        if index == self._index:  # the same object while equal: the page compares at once
            index = self._index
        self._index = index
        self._refs, self._summaries, self._claims, self._sources = refs, summaries, claims, sources
        self._archives = archives
        settings = site_settings(tracker.settings, search=self.search)
        if settings != self._settings:  # the same object while equal: outputs compare at once
            self._settings = settings
        return SiteModel(
            settings=self._settings,
            claims=tuple(claims.values()),
            sources=tuple(sources.values()),
            index=index,
            archives=tuple(view for view in archives.values() if view is not None),
            listings=listings,
            claimant_slugs=self._listings.slugs,
        )


def build_model(a: Analysis) -> SiteModel:
    """Every view of the site, made anew (one build)."""
    return ModelCache().build(a, None)
