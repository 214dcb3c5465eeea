"""The site's data files: claims.json, sources.json and their schemas once, at the root
and in the records' language; a feed per site language; the sitemap of every page and
robots.txt (with a base URL).

Their keys are the views they are made from (the same objects while unchanged, so
comparing them costs next to nothing).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ...i18n import Interface
from .. import addresses
from ..data import feeds, robots, sitemap
from ..data import jsonfiles as data
from ..data import schema as dataschema
from ..languages import SiteLanguage
from ..memo import Reuse
from ..model.views import (
    ClaimView,
    SiteModel,
    SiteSettings,
    SourceView,
    claim_id,
    source_id,
)
from .outputs import Carried, Content, Output, constant


class DataPlanner:
    """The data files, each made of pieces kept by the record they come from: a record's
    JSON line, its feed entries' places, its sitemap entries are made again only when its
    view is new; the whole file is joined from them (one copy) after the pages are written
    (build.py), and only when its key changed."""

    def __init__(self) -> None:
        self._claim_lines: Reuse[str, bytes] = Reuse()
        self._source_lines: Reuse[str, bytes] = Reuse()
        self._changes: Reuse[str, list[feeds.Keyed]] = Reuse()
        self._sitemap: dict[str, Reuse[str, str]] = {}
        # The last feed's changes, chosen from these lists (feeds.newest).
        self._newest: tuple[Sequence[list[feeds.Keyed]], list[feeds.Keyed]] = ((), [])

    def plan(
        self,
        model: SiteModel,
        languages: Sequence[SiteLanguage],
        uis: dict[str, Interface],
        carried: Carried | None = None,
        *,
        keep: bool = True,
    ) -> list[Output]:
        """Of a claim, a feed shows its view's summary, history, measurements and figure (the
        key holds the views of the claims it shows), the sitemap its summary (whose statement
        says in which languages its page counts as translated; the key holds the views).
        ``carried``: what a build in a new process takes over from the last build
        (site/carried.py): claims.json's lines.  ``keep``: the records' JSON lines are
        kept for the next plan (serve); a one-shot build makes each as claims.json is
        written and keeps none, so that they are never all held beside the file."""
        s = model.settings
        claims, sources = model.claims, model.sources
        files = [
            Output(
                "claims.json",
                make=lambda: self._claims_json(s, claims, carried, keep),
                key=(s, claims),
                pieces=lambda: _claim_pieces(s, claims, carried),
            ),
            Output(
                "sources.json",
                make=lambda: self._sources_json(s, sources, keep),
                key=(s, sources),
            ),
            # Made from the code alone: the same for as long as the process runs.
            Output(
                "claims.schema.json",
                make=lambda: data.schema_json(dataschema.claims_schema()),
                key=_SCHEMA,
            ),
            Output(
                "sources.schema.json",
                make=lambda: data.schema_json(dataschema.sources_schema()),
                key=_SCHEMA,
            ),
        ]
        # A one-shot build keeps no memo for a next plan: only the claims that can place
        # are looked at, as by a build in place in a new process.
        changes = self._latest(claims, fresh=carried is not None or not keep)
        shown = (s, tuple(changes))
        files += (
            Output(
                lang.prefix + addresses.FEED,
                make=partial(feeds.atom_feed, model, uis[lang.tag], lang, changes),
                key=shown,
            )
            for lang in languages
        )
        if s.base_url is not None:
            # The claims' views, not their summaries: more than the sitemap reads, but a
            # tuple the model already holds (no pass over 10,000 claims an edit).
            refs = tuple(map(_REF, sources))
            archived = tuple((a.ref.id, a.revision) for a in model.archives)
            listed = tuple(sitemap.listing_folders(model))
            sitemap_key = (s, claims, refs, model.index.last_updated, archived, listed)
            files.append(
                Output(
                    addresses.SITEMAP,
                    make=lambda: self._sitemap_xml(model),
                    key=sitemap_key,
                )
            )
            robots_txt = robots.robots_txt(s)
            if robots_txt is not None:  # its bytes are its key: a line with the base URL
                files.append(Output(addresses.ROBOTS, make=constant(robots_txt), key=robots_txt))
        return files

    def _latest(self, claims: tuple[ClaimView, ...], fresh: bool) -> list[feeds.Change]:
        """The feed's entries; a claim's changes placed again only when its view is new,
        and chosen again from those and the last entries (feeds.newest).  ``fresh``: a
        build in a new process, whose views are made when read, or a one-shot build: only
        the claims that can place are looked at (feeds.newest_of_views)."""
        if fresh:
            self._newest = ((), [])
            return [change for _, change in feeds.newest_of_views(claims)]
        each = self._changes.each(claims, claim_id, feeds.change_keys, None)
        chosen = feeds.newest(each, self._newest)
        self._newest = (each, chosen)
        return [change for _, change in chosen]

    def _sitemap_xml(self, model: SiteModel) -> bytes:
        s = model.settings

        def each(kind: str, views: tuple[object, ...], make: Callable[[object], str]) -> list[str]:
            kept = self._sitemap.setdefault(kind, Reuse())
            return kept.each(views, _SITEMAP_NAMES[kind], make, s)

        parts = sitemap.sitemap_parts(model, each) or []
        return "".join(parts).encode("utf-8")

    def _claims_json(
        self, s: SiteSettings, views: tuple[ClaimView, ...], carried: Carried | None, keep: bool
    ) -> Content:
        """claims.json; a claim's line made again only when its view or the settings are new
        (in a new process: when its key is not the one of the line the last build wrote)."""

        def line(v: ClaimView) -> bytes | memoryview:
            kept = None if carried is None else carried.piece("claims.json", v.summary.id, (s, v))
            return kept if kept is not None else data.claim_line(v, s)

        if not keep:
            return data.document(s, "claims", map(line, views))
        # Serve's lines, kept for its next edit (``carried`` is a new process's alone).
        lines = self._claim_lines.each(views, claim_id, lambda v: data.claim_line(v, s), s)
        return b"".join(data.document(s, "claims", lines))

    def _sources_json(self, s: SiteSettings, views: tuple[SourceView, ...], keep: bool) -> Content:
        """sources.json, likewise (a claim's edit makes the views of the sources it cites
        again, and most often the same lines)."""

        def line(v: SourceView) -> bytes:
            return data.source_line(v, s)

        if not keep:
            return data.document(s, "sources", map(line, views))
        lines = self._source_lines.each(views, source_id, line, s)
        return b"".join(data.document(s, "sources", lines))


def _claim_pieces(
    s: SiteSettings, claims: tuple[ClaimView, ...], carried: Carried | None
) -> list[tuple[str, object]]:
    """claims.json's lines by claim, each with its key: for a line taken over from the last
    build (site/carried.py), the digest it was compared by, not digested again."""
    taken = carried.taken("claims.json") if carried is not None else {}
    return [(c.summary.id, taken.get(c.summary.id) or (s, c)) for c in claims]


_SCHEMA = ("schema", data.SCHEMA_VERSION)
_REF = operator.attrgetter("ref")
# The name of each kind of view the sitemap lists (a summary, a source's or archive's view).
_SITEMAP_NAMES: dict[str, Callable[[Any], str]] = {
    "claims": operator.attrgetter("id"),
    "sources": operator.attrgetter("ref.id"),
    "archives": lambda view: addresses.archive_page(view.ref.id, view.revision),
}
