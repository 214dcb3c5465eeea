"""Go to definition: from a source id to its record, from a claim id to its record, from
a quote to its place in the source's archived text.

Also what hover shares with it: which quote the cursor is on, and of which source
(``quote_at``), and a character offset of an archive as a position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lsprotocol import types
from pydantic import BaseModel

from ...check.text.quotecontext import ArchiveText, Closest, closest_passage
from ...check.text.sentences import DEFAULT_LANGUAGE
from ...layout import classify, editor_position, record_rel
from ...load.cache import content_digest
from ..view import View
from .fields import Role, role
from .locate import Path, Spot, locate, sibling

_START = types.Range(types.Position(0, 0), types.Position(0, 0))


def definition(view: View, rel: str, text: str, position: types.Position) -> list[types.Location]:
    """Where what is under the cursor is defined; empty when it is nothing of claimtrack's
    or names nothing that exists."""
    spot = locate(rel, text, position.line, position.character)
    if spot is None:
        return []
    wanted = role(spot)
    tracker = view.tracker
    if wanted is Role.SOURCE_ID:
        loaded = tracker.sources.get(spot.text)
        if loaded is not None:
            return [types.Location(view.uri(loaded.path), _START)]
        if spot.text in tracker.broken_sources:  # its file is there, though it does not load
            return [types.Location(view.uri(record_rel("source", spot.text)), _START)]
    elif wanted is Role.CLAIM_ID:
        claim = tracker.claims.get(spot.text)
        if claim is not None:
            return [types.Location(view.uri(claim.path), _START)]
        if spot.text in tracker.broken_claims:
            return [types.Location(view.uri(record_rel("claim", spot.text)), _START)]
    elif wanted is Role.QUOTE:
        found = quote_at(view, rel, text, spot)
        place = None if found is None else quote_place(view, found)
        if place is not None:
            return [place]
    return []


@dataclass(frozen=True, slots=True)
class Quoted:
    source: str | None  # the id beside the quote, None when the item names none
    quote: str
    from_record: bool  # taken from the view's record (the view is of this very text)
    revision: str | None = None  # the revision of the source it cites (None: the first copy)


def quote_at(view: View, rel: str, text: str, spot: Spot) -> Quoted | None:
    """The quote under the cursor and the source it is quoted from.

    When the view was made from this very text (its digest is the loaded file's), both
    come from the view's record: its YAML read whole, escapes, folded lines and all.
    Otherwise (an edit the view has not caught up with, or a text that does not load)
    they are read from the lines around the cursor (locate.sibling)."""
    if role(spot) is not Role.QUOTE:
        return None
    found = classify(rel)
    loaded = view.tracker.claims.get(found[1]) if found is not None else None
    if (
        loaded is not None
        and loaded.path == rel
        and view.tracker.digests.get(rel)
        == content_digest(rel, text.encode("utf-8", "surrogatepass"))
    ):
        item = value_at(loaded.record, spot.path[:-1])
        if isinstance(item, BaseModel):
            source, quote = getattr(item, "source", None), getattr(item, "quote", None)
            if isinstance(source, str) and isinstance(quote, str):
                return Quoted(source, quote, True, getattr(item, "revision", None))
    return Quoted(sibling(text, spot, "source"), spot.text, False, sibling(text, spot, "revision"))


def value_at(record: BaseModel, path: Path) -> object:
    """The value at a data path of a record; None when the record has none there."""
    current: object = record
    for part in path:
        if isinstance(part, int):
            current = current[part] if isinstance(current, list) and part < len(current) else None
        elif isinstance(current, BaseModel):
            current = getattr(current, part, None) if part in type(current).model_fields else None
        elif isinstance(current, dict):
            current = current.get(part)
        else:
            return None
    return current


def quote_place(view: View, found: Quoted) -> types.Location | None:
    """The quote's exact place in its source's archived text; for a quote not in it, the
    closest passage (quotecontext.closest_passage)."""
    if found.source is None:
        return None
    archive = view.analysis.copy_of(found.source, found.revision)
    if archive is None:
        return None
    context = view.analysis.quote_context(found.source, found.quote, found.revision)
    if context is not None:
        start, end = context.start, context.end
    else:
        closest = closest_in(view, found.source, found.quote, found.revision)
        if closest is None:
            return None
        start, end = closest.start, closest.end
    return types.Location(
        view.uri(archive.path),
        types.Range(position_of(archive.text, start), position_of(archive.text, end)),
    )


def closest_in(view: View, source: str, quote: str, revision: str | None = None) -> Closest | None:
    """The passage of the source's archived text (or of its revision keyed ``revision``)
    closest to a quote not in it."""
    archive = view.analysis.copy_of(source, revision)
    loaded = view.tracker.sources.get(source)
    if archive is None:
        return None
    normalised = view.analysis.normalised_archive(source, revision) or ""
    language = loaded.record.language if loaded is not None else DEFAULT_LANGUAGE
    return _closest(quote, archive.text, normalised, language)


# Hover is asked again each time the pointer rests on the quote, and definition after it:
# the same quote in the same archive (a str keeps its hash, so a long archive is hashed
# once).
@lru_cache(maxsize=64)
def _closest(quote: str, original: str, normalised: str, language: str) -> Closest | None:
    return closest_passage(quote, ArchiveText(original, normalised, language))


def position_of(text: str, offset: int) -> types.Position:
    """A character offset of ``text`` as the editor's 0-based line and code-point column."""
    return types.Position(*editor_position(text, offset))
