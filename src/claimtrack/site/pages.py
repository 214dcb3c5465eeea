"""The site's plan: every output path, what it is made from, and how to make it.

Each output carries the data it is rendered from (``key``), so an incremental
build can tell, without rendering, whether a page would come out the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from . import addresses, data, dataschema, feeds, jsonld
from .context import by_origin
from .views import ClaimView, SiteModel, SiteSettings, SourceView

MARKER = ".claimtrack-site"
MARKER_TEXT = (
    b"This folder is written by `claimtrack build`; each build replaces all of it.\n"
    b"Edit the records and templates in the tracker instead.\n"
)


@dataclass(frozen=True)
class NavInfo:
    """All that the site's header and footer depend on, besides the site settings.

    Pages with equal NavInfo share one rendering of header.html and footer.html.
    """

    rel: str
    section: str  # the navigation item this page is under: "claims", "sources" or ""
    current: str  # the navigation item this page is ("claims" on the index), or ""


@dataclass(frozen=True)
class PageInfo:
    path: str
    rel: str  # prefix from this page back to the site root: "", "../", "../../"
    title: str
    description: str
    canonical: str | None
    section: str  # which navigation item is current
    nav: NavInfo


@dataclass(frozen=True)
class Output:
    path: str
    # For pages: the template and its variables; for other files: a function making the bytes.
    template: str | None = None
    context: dict[str, Any] = field(default_factory=dict)
    make: Callable[[], bytes] | None = None
    # More template variables, computed only when the page is rendered (in whichever process
    # renders it); the key must then cover their inputs.
    lazy: Callable[[], dict[str, Any]] | None = None
    # What the output is made from; None means "always make it and compare the bytes".
    key: object = None

    @property
    def is_page(self) -> bool:
        return self.template is not None


_NAV_ITEMS = {addresses.INDEX: "claims", addresses.SOURCES_INDEX: "sources"}


def _info(
    settings: SiteSettings, path: str, title: str, description: str, section: str
) -> PageInfo:
    depth = path.count("/")
    folder = addresses.folder_of(path)
    rel = "../" * depth
    if path == addresses.NOT_FOUND and settings.base_url is not None:
        # A server shows this page at any missing address, so relative links would
        # resolve against that address; with a known base URL they need not.
        rel = settings.base_url
    return PageInfo(
        path=path,
        rel=rel,
        title=title,
        description=description,
        canonical=settings.absolute(folder) if path != addresses.NOT_FOUND else None,
        section=section,
        nav=NavInfo(rel, section, _NAV_ITEMS.get(path, "")),
    )


def _page(
    template: str,
    settings: SiteSettings,
    info: PageInfo,
    lazy: tuple[Callable[[], dict[str, Any]], object] | None = None,
    **context: Any,
) -> Output:
    return Output(
        path=info.path,
        template=template,
        context={"site": settings, "page": info, **context},
        lazy=lazy[0] if lazy else None,
        key=(template, settings, info, tuple(context.items()), lazy[1] if lazy else None),
    )


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
        self._pages: dict[str, tuple[tuple[object, ...], Output]] = {}
        self._lines: dict[str, tuple[tuple[object, ...], bytes]] = {}

    def _kept(self, path: str, inputs: tuple[object, ...]) -> Output | None:
        hit = self._pages.get(path)
        same = hit is not None and len(hit[0]) == len(inputs)
        if hit is not None and same and all(a is b for a, b in zip(hit[0], inputs, strict=True)):
            return hit[1]
        return None

    def line(self, name: str, inputs: tuple[object, ...], make: Callable[[], bytes]) -> bytes:
        """A record's line of JSON, made again only when its inputs are other objects."""
        hit = self._lines.get(name)
        if hit is not None and all(a is b for a, b in zip(hit[0], inputs, strict=True)):
            return hit[1]
        line = make()  # inputs of one name always have the same length
        self._lines[name] = (inputs, line)
        return line

    def plan(self, model: SiteModel, static: dict[str, bytes]) -> list[Output]:
        """Every file of the site, pages first; paths are unique and sorted within each kind."""
        s = model.settings
        outputs: list[Output] = []
        index_info = _info(
            s, addresses.INDEX, s.title, s.description or f"Claims tracked by {s.title}", "claims"
        )
        outputs.append(_page("index.html", s, index_info, index=model.index))
        sources_by_id: dict[str, SourceView] = {src.ref.id: src for src in model.sources}
        for claim in model.claims:
            # The ClaimReview also shows the cited sources' publisher, date and address.
            cited = tuple(sources_by_id[ref.id] for ref in claim.sources if ref.id in sources_by_id)
            path = addresses.claim_page(claim.summary.id)
            inputs = (s, claim, *cited)
            output = self._kept(path, inputs)
            if output is None:
                output = _claim_page(s, claim, cited, sources_by_id)
                self._pages[path] = (inputs, output)
            outputs.append(output)
        sources_info = _info(
            s, addresses.SOURCES_INDEX, f"Sources – {s.title}", f"Sources of {s.title}", "sources"
        )
        listed = by_origin(model.sources)
        outputs.append(_page("sources.html", s, sources_info, sources=listed))
        for source in model.sources:
            path = addresses.source_page(source.ref.id)
            output = self._kept(path, (s, source))
            if output is None:
                info = _info(
                    s,
                    path,
                    f"{source.ref.title} – {s.title}",
                    f"Source: {source.ref.title}",
                    "sources",
                )
                output = _page("source.html", s, info, source=source)
                self._pages[path] = ((s, source), output)
            outputs.append(output)
        outputs.append(
            _page(
                "404.html", s, _info(s, addresses.NOT_FOUND, f"Page not found – {s.title}", "", "")
            )
        )
        claim_lines = [
            self.line(f"c/{c.summary.id}", (s, c), partial(data.claim_line, c, s))
            for c in model.claims
        ]
        source_lines = [
            self.line(f"s/{v.ref.id}", (s, v), partial(data.source_line, v, s))
            for v in model.sources
        ]
        # Keys of the aggregates: the pieces they are made from (the same objects while
        # unchanged, so comparing them costs next to nothing).
        outputs.append(
            Output(
                "claims.json",
                make=lambda: data.document(s, "claims", claim_lines),
                key=(s, tuple(claim_lines)),
            )
        )
        outputs.append(
            Output(
                "sources.json",
                make=lambda: data.document(s, "sources", source_lines),
                key=(s, tuple(source_lines)),
            )
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
        feed_key = (s, summaries, tuple(c.history for c in model.claims))
        outputs.append(Output("feed.xml", make=lambda: feeds.atom_feed(model), key=feed_key))
        if s.base_url is not None:
            make_sitemap = partial(feeds.sitemap, model)
            sitemap_key = (s, summaries, refs, model.index.last_updated)
            outputs.append(
                Output("sitemap.xml", make=lambda: make_sitemap() or b"", key=sitemap_key)
            )
        for name, content in static.items():
            outputs.append(Output(f"static/{name}", make=_constant(content), key=content))
        outputs.append(Output(MARKER, make=lambda: MARKER_TEXT, key=MARKER_TEXT))
        current = {o.path for o in outputs}
        self._pages = {p: hit for p, hit in self._pages.items() if p in current}
        names = {f"c/{c.summary.id}" for c in model.claims} | {
            f"s/{v.ref.id}" for v in model.sources
        }
        self._lines = {n: hit for n, hit in self._lines.items() if n in names}
        return outputs


def _claim_page(
    s: SiteSettings, claim: ClaimView, cited: tuple[SourceView, ...], sources: dict[str, SourceView]
) -> Output:
    cid = claim.summary.id
    info = _info(
        s,
        addresses.claim_page(cid),
        f"{claim.summary.statement} – {s.title}",
        f"{claim.summary.status.label}: {claim.summary.statement}",
        "claims",
    )
    return _page("claim.html", s, info, (_review(claim, sources, s), cited), claim=claim)


def plan(model: SiteModel, static: dict[str, bytes]) -> list[Output]:
    """Every file of the site (one build: nothing kept)."""
    return Planner().plan(model, static)
