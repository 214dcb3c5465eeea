"""Completion of the values only claimtrack knows: ids of sources and claims, every
enumeration's values, the topics and language tags the tracker already uses.

Field names are yaml-language-server's (it has the JSON Schema); claimtrack completes
what no schema can list.  Each item replaces the whole word under the cursor (a
TextEdit over its code points), so typing ``acme-`` and taking ``acme-post`` leaves
``acme-post``, not ``acme-acme-post``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from lsprotocol import types

from ...i18n import own_name
from ...layout import classify, editor_lines
from ...records.vocabulary import STATUS_MEANINGS, Status
from ..view import View
from .fields import Role, choices, role
from .locate import Spot, locate, word_at

_KINDS = {
    Role.SOURCE_ID: types.CompletionItemKind.Reference,
    Role.CLAIM_ID: types.CompletionItemKind.Reference,
    Role.CHOICE: types.CompletionItemKind.EnumMember,
    Role.TOPIC: types.CompletionItemKind.Keyword,
    Role.LANGUAGE: types.CompletionItemKind.Constant,
}


def complete(
    view: View, rel: str, text: str, position: types.Position
) -> list[types.CompletionItem]:
    """The values that may stand at ``position`` of ``text`` (the document ``rel``)."""
    spot = locate(rel, text, position.line, position.character)
    if spot is None or spot.in_comment:
        return []
    wanted = role(spot)
    if wanted in (Role.OTHER, Role.QUOTE):
        return []
    line = editor_lines(text)[spot.line]
    start, end = _replaced(line, spot, min(position.character, len(line)))
    typed = line[start : min(position.character, end)]
    # After a colon with no space yet (``source:|``), the value needs one before it.
    lead = " " if start > 0 and line[start - 1] == ":" else ""
    edit_range = types.Range(types.Position(spot.line, start), types.Position(spot.line, end))
    items = []
    for order, (label, detail) in enumerate(_candidates(view, rel, spot, wanted)):
        if not _matches(typed, label):
            continue
        items.append(
            types.CompletionItem(
                label=label,
                kind=_KINDS[wanted],
                detail=detail,
                sort_text=f"{order:06d}",
                filter_text=label,
                text_edit=types.TextEdit(range=edit_range, new_text=lead + label),
            )
        )
    return items


def _replaced(line: str, spot: Spot, column: int) -> tuple[int, int]:
    """The range completion replaces: the word around the cursor, inside the value."""
    start, end = word_at(line, column)
    if spot.end > spot.start:
        start, end = max(start, spot.start), min(end, spot.end)
        if line[spot.start : spot.start + 1] in ("'", '"'):
            start = max(start, spot.start + 1)
    return start, max(start, end)


def _matches(typed: str, label: str) -> bool:
    """Whether the label holds the typed letters in order, as editors filter: no item
    the editor would show is left out, and a tracker of 10,000 claims sends fewer."""
    rest = iter(label.casefold())
    return all(ch in rest for ch in typed.casefold())


def _candidates(view: View, rel: str, spot: Spot, wanted: Role) -> Iterable[tuple[str, str]]:
    tracker = view.tracker
    if wanted is Role.SOURCE_ID:
        for sid, loaded in sorted(tracker.sources.items()):
            source = loaded.record
            yield sid, " — ".join(t for t in (source.title, source.publisher) if t)
    elif wanted is Role.CLAIM_ID:
        found = classify(rel)
        own = found[1] if found is not None and found[0] == "claim" else ""
        for cid, claim in sorted(tracker.claims.items()):
            if cid != own:  # a claim related to, or revising, itself is a problem
                yield cid, f"{claim.record.statement} ({claim.record.status})"
    elif wanted is Role.CHOICE:
        for value in choices(spot.record, spot.path):
            yield str(value.value), _meaning(value)
    elif wanted is Role.TOPIC:
        for topic in sorted({t for c in tracker.claims.values() for t in c.record.topics}):
            yield topic, "topic"
    elif wanted is Role.LANGUAGE:
        yield from _languages(view, spot)


def _meaning(value: Enum) -> str:
    if isinstance(value, Status):
        return STATUS_MEANINGS[value]
    return type(value).__name__


def _languages(view: View, spot: Spot) -> Iterable[tuple[str, str]]:
    """The site's languages first (the further ones where a translation is keyed), then
    the other tags the tracker's records already use."""
    tracker = view.tracker
    site = tracker.settings.site_languages
    main = tracker.settings.language
    keyed = spot.on_key or spot.path[-1:] == ("translations",)
    if keyed:
        site = site[1:]  # a translation is never in the main language
    used: set[str] = set()
    for loaded in tracker.sources.values():
        used.add(loaded.record.language)
        used.update(loaded.record.translations)
    for claim in tracker.claims.values():
        used.update(claim.record.translations)
        for _, ev in claim.record.quote_items():
            used.update(ev.translations)
    used -= {*site, main} if keyed else set(site)
    for tag in (*site, *sorted(used, key=str.casefold)):
        where = (
            "a site language" if tag in tracker.settings.site_languages else "used in the tracker"
        )
        yield tag, f"{own_name(tag)} ({where})"
