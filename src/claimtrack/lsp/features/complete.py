"""Completion of the values only claimtrack knows: ids of sources and claims, every
enumeration's values, the topics and language tags the tracker already uses, the
revisions of a quote's source (in ``revision:``, or after ``source: ID@`` as the
command line's ``--evidence ID@REVISION`` writes it).

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
from ...layout import classify, editor_lines, newline
from ...records import RevisionOutcome, revision_keys
from ...records.vocabulary import STATUS_MEANINGS, Status
from ..view import View
from .fields import Role, choices, role
from .locate import Spot, locate, sibling, word_at

_KINDS = {
    Role.SOURCE_ID: types.CompletionItemKind.Reference,
    Role.CLAIM_ID: types.CompletionItemKind.Reference,
    Role.CHOICE: types.CompletionItemKind.EnumMember,
    Role.TOPIC: types.CompletionItemKind.Keyword,
    Role.LANGUAGE: types.CompletionItemKind.Constant,
    Role.REVISION: types.CompletionItemKind.Value,
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
    if wanted is Role.SOURCE_ID and spot.path[-1:] == ("source",) and "@" in spot.text:
        return _after_at(view, text, line, spot, position.character)
    if wanted is Role.REVISION:
        source = sibling(text, spot, "source")
        return _revisions(view, source, line, spot, position.character)
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


def _citable(view: View, source: str | None) -> list[tuple[str, str]]:
    """(key, what it is) of each revision of the source a quote can cite: not a gone one."""
    loaded = view.tracker.sources.get(source or "")
    if loaded is None:
        return []
    revisions = loaded.record.revisions
    return [
        (key, f"{r.outcome} on {r.retrieved.isoformat()}" + (f", to {r.url}" if r.url else ""))
        for key, r in zip(revision_keys(revisions), revisions, strict=True)
        if r.outcome is not RevisionOutcome.GONE
    ]


def _item(
    key: str, detail: str, order: int, edit: types.TextEdit, shown: str
) -> types.CompletionItem:
    return types.CompletionItem(
        label=key,
        kind=_KINDS[Role.REVISION],
        detail=detail,
        sort_text=f"{order:06d}",
        filter_text=shown,
        text_edit=edit,
    )


def _revisions(
    view: View, source: str | None, line: str, spot: Spot, column: int
) -> list[types.CompletionItem]:
    """The value of ``revision:``: the keys of its source's revisions; the whole value is
    replaced (a key's ``#2`` is no word's end)."""
    start, end = (spot.start, spot.end) if spot.end > spot.start else word_at(line, column)
    if spot.end > spot.start and line[start : start + 1] in ("'", '"'):
        start, end = start + 1, max(start + 1, end - (line[end - 1 : end] == line[start]))
    typed = line[start : max(start, min(column, end))]
    lead = " " if start > 0 and line[start - 1] == ":" else ""
    edit_range = types.Range(types.Position(spot.line, start), types.Position(spot.line, end))
    return [
        _item(key, detail, order, types.TextEdit(range=edit_range, new_text=lead + key), key)
        for order, (key, detail) in enumerate(_citable(view, source))
        if _matches(typed, key)
    ]


def _after_at(
    view: View, text: str, line: str, spot: Spot, column: int
) -> list[types.CompletionItem]:
    """After ``source: ID@``: the revisions of ID, each taken as the item's own
    ``revision:`` (written after the source, in a flow mapping as in a block one), the
    ``@`` and what follows it taken off the id."""
    at = line.find("@", spot.start, spot.end)
    if at < 0 or column <= at or line[spot.start] in "'\"" or sibling(text, spot, "revision"):
        return []
    flow = "{" in line[: spot.start]
    edit_range = types.Range(types.Position(spot.line, at), types.Position(spot.line, spot.end))
    typed = line[at + 1 : min(column, spot.end)]
    items = []
    for order, (key, detail) in enumerate(_citable(view, line[spot.start : at])):
        if not _matches(typed, key):
            continue
        written = (
            f", revision: {key}"
            if flow
            else f"{newline(text)}{' ' * spot.key_column}revision: {key}"
        )
        edit = types.TextEdit(range=edit_range, new_text=written)
        items.append(_item(key, detail, order, edit, "@" + key))
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
