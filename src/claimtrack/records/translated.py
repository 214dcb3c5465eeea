"""The state of a record's translation in one language, field by field: the one place
where "is this translation current, stale, missing?" is decided.

The checks (translation-stale, translation-orphan), the `translations` report, the
site's marks and claims.json all read states from :func:`claim_fields`,
:func:`source_fields`, :func:`tracker_fields` and :func:`quote_state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..i18n import same_language
from .claim import Claim, Evidence
from .settings import TrackerSettings
from .source import Source
from .translations import GROUPS, entry_keys, fingerprint
from .vocabulary import TranslatedBy

State = Literal["current", "stale", "missing", "orphan"]
# ("statement",), ("history", "2026-11-30"), ("claimant", "name"), ("notes",)
FieldPath = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FieldState:
    path: FieldPath
    original: str  # "" for an orphan
    text: str | None  # the translation; None when missing
    state: State
    translated_by: TranslatedBy | None
    made_from: str | None = None  # the fingerprint recorded of the original it was made from

    @property
    def current(self) -> bool:
        return self.state == "current"


def field_name(path: FieldPath) -> str:
    """A field's one name in messages, the `translations` report and claims.json:
    ``statement``, ``history/2026-11-30`` (an entry key never holds a slash)."""
    return "/".join(path)


def quote_name(where: Sequence[str | int]) -> str:
    """A quote's translation's one name in messages, the `translations` report and
    `translate --stamp --field`: ``quote evidence/0``, by the quote's data path."""
    return "quote " + "/".join(map(str, where))


def history_keys(claim: Claim) -> list[str]:
    return entry_keys(entry.date for entry in claim.history)


def measurement_keys(claim: Claim) -> list[str]:
    return entry_keys(m.date for m in claim.measurements)


def _state(original: str, text: str | None, made_from: str | None) -> State:
    if text is None:
        return "missing"
    if not original.strip():
        return "orphan"
    return "current" if made_from == fingerprint(original) else "stale"


def _fields(
    originals: Sequence[tuple[FieldPath, str]],
    texts: dict[FieldPath, str],
    prints: dict[FieldPath, str | None],
    by: TranslatedBy | None,
) -> list[FieldState]:
    """Every field that has an original to translate or a translation, originals first."""
    known = {path for path, _ in originals}
    out = [
        FieldState(
            path,
            original,
            texts.get(path),
            _state(original, texts.get(path), prints.get(path)),
            by,
            prints.get(path),
        )
        for path, original in originals
        if original.strip() or path in texts
    ]
    out += [
        FieldState(path, "", text, "orphan", by)
        for path, text in texts.items()
        if path not in known
    ]
    return out


def claim_originals(claim: Claim) -> Sequence[tuple[FieldPath, str]]:
    """The claim's translatable fields and their original text, in the order of the file:
    made once for every language (Claim.remembered)."""
    return claim.remembered("originals", _claim_originals)


def _claim_originals(claim: Claim) -> tuple[tuple[FieldPath, str], ...]:
    fields: list[tuple[FieldPath, str]] = [(("statement",), claim.statement)]
    fields += _group("claimant", claim.claimant)
    if claim.quantity is not None:
        fields += _group("quantity", claim.quantity)
        fields.append((("conditions",), claim.quantity.conditions))
    fields += [
        (("measurements", key), m.conditions.text)
        for key, m in zip(measurement_keys(claim), claim.measurements, strict=True)
    ]
    fields += [
        (("history", key), entry.note)
        for key, entry in zip(history_keys(claim), claim.history, strict=True)
    ]
    fields.append((("rationale",), claim.rationale))
    return tuple(fields)


def _group(key: str, record: object) -> list[tuple[FieldPath, str]]:
    """The members of a group (translations.GROUPS) as originals: an absent one is empty,
    so it is nothing to translate."""
    return [((key, name), getattr(record, name) or "") for name in GROUPS[key]]


def claim_fields(claim: Claim, tag: str) -> list[FieldState]:
    t = claim.translations.get(tag)
    texts: dict[FieldPath, str] = {}
    prints: dict[FieldPath, str | None] = {}
    if t is not None:
        for name in ("statement", "rationale", "conditions"):
            value = getattr(t, name)
            if value is not None:
                texts[(name,)] = value
                prints[(name,)] = getattr(t.made_from, name)
        for key, names in GROUPS.items():
            group, made = getattr(t, key), getattr(t.made_from, key)
            for name in names:
                value = getattr(group, name) if group is not None else None
                if value is not None:
                    texts[(key, name)] = value
                    prints[(key, name)] = getattr(made, name) if made is not None else None
        for family in ("history", "measurements"):
            for key, value in getattr(t, family).items():
                texts[(family, key)] = value
                prints[(family, key)] = getattr(t.made_from, family).get(key)
    return _fields(claim_originals(claim), texts, prints, t.translated_by if t else None)


def source_fields(source: Source, tag: str) -> list[FieldState]:
    """A source's publisher and notes; its title only when translated (it may stay in its
    own language), and only into a language it is not written in: there, a title
    translated has no original to stand for (an orphan)."""
    t = source.translations.get(tag)
    originals: list[tuple[FieldPath, str]] = [
        (("publisher",), source.publisher or ""),
        (("notes",), source.notes),
    ]
    texts: dict[FieldPath, str] = {}
    prints: dict[FieldPath, str | None] = {}
    if t is not None:
        if t.title is not None:
            if not same_language(source.language, tag):
                originals.insert(0, (("title",), source.title))
            texts[("title",)] = t.title
            prints[("title",)] = t.made_from.title
        for name in ("publisher", "notes"):
            value = getattr(t, name)
            if value is not None:
                texts[(name,)] = value
                prints[(name,)] = getattr(t.made_from, name)
    return _fields(originals, texts, prints, t.translated_by if t else None)


def tracker_fields(settings: TrackerSettings, tag: str) -> list[FieldState]:
    t = settings.translations.get(tag)
    originals: list[tuple[FieldPath, str]] = [
        (("title",), settings.title),
        (("description",), settings.description),
    ]
    texts: dict[FieldPath, str] = {}
    prints: dict[FieldPath, str | None] = {}
    if t is not None:
        for name in ("title", "description"):
            value = getattr(t, name)
            if value is not None:
                texts[(name,)] = value
                prints[(name,)] = getattr(t.made_from, name)
    return _fields(originals, texts, prints, t.translated_by if t else None)


def quote_state(evidence: Evidence, tag: str) -> FieldState | None:
    """A quote's translation into ``tag``, or None when it has none (quote translations are
    optional: never missing, but stale once the quote changed)."""
    t = evidence.translations.get(tag)
    if t is None:
        return None
    state: State = "current" if t.made_from == fingerprint(evidence.quote) else "stale"
    return FieldState(("text",), evidence.quote, t.text, state, t.translated_by, t.made_from)
