"""The site's plan: every output path, what it is made from, and how to make it.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ...i18n import Interface, english
from .. import addresses
from ..data import feeds, jsonld
from ..data import jsonfiles as data
from ..data import schema as dataschema
from ..model.builders import KIND_LABELS, by_origin
from ..model.views import STATUSES, ArchiveView, ClaimView, SiteModel, SiteSettings, SourceView
from . import listings as listing_pages
from .outputs import Output, page, page_info


def _review(
    claim: ClaimView, sources: dict[str, SourceView], settings: SiteSettings
) -> Callable[[], dict[str, Any]]:
    return lambda: {"jsonld": jsonld.script_json(jsonld.claim_review(claim, sources, settings))}


def _constant(content: bytes) -> Callable[[], bytes]:
    return lambda: content


class Planner:
    """Plans the site again and again, reusing what the last plan made from the same views.

    A claim's or source's page (and its line of claims.json or sources.json) is
    made only from its view, the settings and, for a claim, the views of the
    sources it cites; while those are the same objects as last time, the same
    Output (and line) is used again.  Aggregates are assembled from the pieces.
    """

    def __init__(self) -> None:
        # By claim id: (view, settings, what its review shows of cited sources, its Output).
        self._claims: dict[str, tuple[ClaimView, SiteSettings, tuple[object, ...], Output]] = {}
        self._listings = listing_pages.ListingPlanner()
        self._sources: dict[str, tuple[SourceView, SiteSettings, Output]] = {}
        self._archives: dict[str, tuple[ArchiveView, SiteSettings, Output]] = {}
        self._lines: dict[str, tuple[object, SiteSettings, bytes]] = {}

    def _line(self, name: str, view: ClaimView | SourceView, s: SiteSettings) -> bytes:
        """A record's JSON line, made again only when its view or the settings are new."""
        hit = self._lines.get(name)
        if hit is not None and hit[0] is view and hit[1] is s:
            return hit[2]
        line = (
            data.claim_line(view, s) if isinstance(view, ClaimView) else data.source_line(view, s)
        )
        self._lines[name] = (view, s, line)
        return line

    def _json(self, s: SiteSettings, key: str, views: tuple[ClaimView | SourceView, ...]) -> bytes:
        lines = [
            self._line("c/" + v.summary.id if isinstance(v, ClaimView) else "s/" + v.ref.id, v, s)
            for v in views
        ]
        names = {
            "c/" + v.summary.id if isinstance(v, ClaimView) else "s/" + v.ref.id for v in views
        }
        prefix = key[0] + "/"
        self._lines = {n: hit for n, hit in self._lines.items() if n in names or n[:2] != prefix}
        return data.document(s, key, lines)

    def plan(self, model: SiteModel, static: dict[str, bytes], ui: Interface) -> list[Output]:
        """Every file of the site, pages first; paths are unique and sorted within each kind.

        ``ui``: the language of the pages' titles and the feed (the settings name it, so a
        page's key changes with it).
        """
        s = model.settings
        _ = ui.gettext
        outputs: list[Output] = []
        description = s.description or _("Claims tracked by %(title)s") % {"title": s.title}
        index_info = page_info(s, addresses.INDEX, s.title, description, "claims")
        outputs.append(page("index.html", s, index_info, index=model.index))
        sources_by_id: dict[str, SourceView] = {src.ref.id: src for src in model.sources}
        kept, self._claims = self._claims, {}
        slugs = model.claimant_slugs
        for claim in model.claims:
            cid = claim.summary.id
            # The ClaimReview also shows the cited sources' title, publisher, date and address:
            # only those, so a change elsewhere in a source's view (the claims it lists)
            # does not make every page citing it look changed.
            slug = slugs.get(claim.summary.claimant, "")
            cited = (
                *(
                    _shown_in_review(sources_by_id[ref.id])
                    for ref in claim.sources
                    if ref.id in sources_by_id
                ),
                slug,
            )
            hit = kept.get(cid)
            if hit is None or hit[0] is not claim or hit[1] is not s or hit[2] != cited:
                hit = (claim, s, cited, _claim_page(s, claim, cited, sources_by_id, slug, ui))
            self._claims[cid] = hit
            outputs.append(hit[3])
        titled = {"title": s.title}
        outputs.extend(listing_pages.source_pages(by_origin(model.sources), s, ui))
        kept_sources, self._sources = self._sources, {}
        for source in model.sources:
            sid = source.ref.id
            done = kept_sources.get(sid)
            if done is None or done[0] is not source or done[1] is not s:
                path = addresses.source_page(sid)
                title = source.ref.title
                info = page_info(
                    s,
                    path,
                    f"{title} – {s.title}",
                    _("Source: %(source)s") % {"source": title},
                    "sources",
                )
                done = (source, s, page("source.html", s, info, source=source))
            self._sources[sid] = done
            outputs.append(done[2])
        kept_archives, self._archives = self._archives, {}
        for archive in model.archives:
            sid = archive.ref.id
            made = kept_archives.get(sid)
            if made is None or made[0] is not archive or made[1] is not s:
                made = (archive, s, _archive_page(s, archive, ui))
            self._archives[sid] = made
            outputs.append(made[2])
        outputs.extend(self._listings.plan(model.listings, s, ui))
        missing = _("Page not found – %(title)s") % titled
        outputs.append(page("404.html", s, page_info(s, addresses.NOT_FOUND, missing, "", "")))
        # Keys of the aggregates: the views they are made from (the same objects while
        # unchanged, so comparing them costs next to nothing).
        claims, sources = model.claims, model.sources
        outputs.append(
            Output("claims.json", make=lambda: self._json(s, "claims", claims), key=(s, claims))
        )
        outputs.append(
            Output("sources.json", make=lambda: self._json(s, "sources", sources), key=(s, sources))
        )
        outputs.append(
            Output(
                "claims.schema.json",
                make=lambda: data.schema_json(dataschema.claims_schema()),
            )
        )
        outputs.append(
            Output(
                "sources.schema.json",
                make=lambda: data.schema_json(dataschema.sources_schema()),
            )
        )
        # What each shows of a claim: its summary and, in the feed, its history.
        summaries = tuple(c.summary for c in model.claims)
        refs = tuple(src.ref for src in model.sources)
        feed_key = (
            s,
            summaries,
            tuple(c.history for c in model.claims),
            tuple(c.measured for c in model.claims),
        )
        outputs.append(Output("feed.xml", make=lambda: feeds.atom_feed(model, ui), key=feed_key))
        if s.base_url is not None:
            make_sitemap = partial(feeds.sitemap, model)
            archived = tuple(a.ref.id for a in model.archives)
            shown = tuple(feeds.listing_folders(model))
            sitemap_key = (s, summaries, refs, model.index.last_updated, archived, shown)
            outputs.append(
                Output("sitemap.xml", make=lambda: make_sitemap() or b"", key=sitemap_key)
            )
        for name, content in static.items():
            outputs.append(Output(f"static/{name}", make=_constant(content), key=content))
        if s.search:
            # Last, so that it sees every listing planned above; placed after the last page.
            after = max(i for i, o in enumerate(outputs) if o.is_page) + 1
            outputs.insert(after, _search_page(s, {o.path for o in outputs}, ui))
        return outputs


def _shown_in_review(v: SourceView) -> tuple[object, ...]:
    """What the ClaimReview shows of a cited source (jsonld._appearance reads these)."""
    return (v.ref, v.publisher, v.authors, v.published, v.url)


def _claim_page(
    s: SiteSettings,
    claim: ClaimView,
    cited: tuple[object, ...],
    sources: dict[str, SourceView],
    claimant_slug: str,
    ui: Interface,
) -> Output:
    cid = claim.summary.id
    c = claim.summary
    described = ui.gettext("%(status)s: %(statement)s") % {
        "status": ui.gettext(c.status.label),
        "statement": c.statement,
    }
    info = page_info(
        s, addresses.claim_page(cid), f"{c.statement} – {s.title}", described, "claims"
    )
    return page(
        "claim.html",
        s,
        info,
        (_review(claim, sources, s), cited),
        claim=claim,
        claimant_slug=claimant_slug,
    )


def _archive_page(s: SiteSettings, archive: ArchiveView, ui: Interface) -> Output:
    said = {"source": archive.ref.title, "title": s.title}
    info = page_info(
        s,
        addresses.archive_page(archive.ref.id),
        ui.gettext("Archived copy: %(source)s – %(title)s") % said,
        ui.gettext("The archived text of %(source)s, with the passages that claims cite") % said,
        "sources",
    )
    return page("archive.html", s, info, archive=archive)


_STATUSES = tuple(sorted(STATUSES.values(), key=lambda status: status.rank))


def _search_page(s: SiteSettings, paths: set[str], ui: Interface) -> Output:
    """The search page; without JavaScript it sends readers to the listings the site has."""
    titled = {"title": s.title}
    info = page_info(
        s,
        addresses.SEARCH,
        ui.gettext("Search – %(title)s") % titled,
        ui.gettext("Search the claims of %(title)s") % titled,
        "",
    )
    kinds = tuple((kind.value, label) for kind, label in KIND_LABELS.items())
    browse = (addresses.listing_page(family, "") for family in addresses.LISTING_FAMILIES)
    listings = {page.split("/")[0]: page for page in browse if page in paths}
    return page("search.html", s, info, statuses=_STATUSES, kinds=kinds, listings=listings)


def plan(model: SiteModel, static: dict[str, bytes], ui: Interface | None = None) -> list[Output]:
    """Every file of the site (one build: nothing kept); in English unless ``ui`` says."""
    return Planner().plan(model, static, ui or english())
