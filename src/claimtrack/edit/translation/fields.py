"""What `translate` writes into a record: the fields still missing in a language, or the
fingerprints to record again, as trees for merge.py.

The states come from records/translated.py and from nowhere else.  A file that
`translate` has already given empty values to (``statement: ""``, ``translated_by: ""``)
fails validation on purpose, so the record is validated here without those
placeholders: they are not translations yet, and their keys are written already.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from ...errors import EditError, UsageError
from ...i18n import same_language
from ...layout import RecordKind
from ...load.validation import suggest
from ...records import Claim, Evidence, Source, TrackerSettings
from ...records.originals import quote_note
from ...records.translated import (
    FieldPath,
    FieldState,
    claim_fields,
    field_name,
    history_keys,
    measurement_keys,
    quote_name,
    quote_state,
    source_fields,
    tracker_fields,
)
from ...records.translations import GROUPS, fingerprint
from ...textrules import has_visible
from ..spans import Path_
from .merge import Branch, Leaf

# The order of the keys of a translation, as the design writes them.
ORDER: dict[RecordKind, tuple[str, ...]] = {
    "claim": (
        "translated_by",
        "statement",
        "claimant",
        "quantity",
        "conditions",
        "measurements",
        "history",
        "rationale",
        "made_from",
    ),
    "source": ("translated_by", "title", "publisher", "notes", "made_from"),
    "settings": ("title", "description", "translated_by", "made_from"),
}
# made_from mirrors the translated fields, in their order.
MADE_FROM_ORDER = {
    kind: tuple(k for k in keys if k not in ("translated_by", "made_from"))
    for kind, keys in ORDER.items()
}
QUOTE_ORDER = ("text", "translated_by", "made_from")
FAMILIES = ("history", "measurements")  # fields keyed by their entry's date
MODELS: dict[RecordKind, type[BaseModel]] = {
    "claim": Claim,
    "source": Source,
    "settings": TrackerSettings,
}
TRANSLATED_BY_NOTE = "person or machine: who made this translation"


@dataclass(frozen=True, slots=True)
class Request:
    """What `translate` is asked to do to one record file."""

    kind: RecordKind
    tag: str
    stamp: bool = False  # record the fingerprints again (quotes' too) instead of adding fields
    # The fields to stamp, by the names `translations` gives them (field_name, quote_name);
    # None: every stale one.
    only: frozenset[str] | None = None
    quotes: bool = False  # add the evidence quotes' translations too
    # Texts to fill the added fields with instead of empty values (an import, a code
    # action), by field path; a quote's by the data path of its evidence item.
    texts: Mapping[FieldPath, str] = field(default_factory=dict)
    quote_texts: Mapping[Path_, str] = field(default_factory=dict)
    translated_by: str | None = None  # person or machine, for a new block
    # The language of each source, to leave alone the quotes already in the tag's language.
    languages: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Renote:
    """A comment above a stamped translation to write again, for the stamp makes the
    original as it is now the one it was made from.  The comment is found as
    records/originals.noted finds it (the lines above ``key`` at its indentation that
    fingerprint as ``made_from``) and its lines give way to ``note``'s, as merge.py writes
    a note (comment_lines); where no comment holds ``made_from``, none is written."""

    key: Path_  # the data path of the translated text's key
    made_from: str  # the fingerprint recorded before the stamp: what the comment holds
    note: str  # the original as it is now


@dataclass(frozen=True, slots=True)
class Plan:
    """What a request does to one file: the fields and quotes it writes, as trees."""

    fields: tuple[FieldPath, ...]
    quotes: tuple[Path_, ...]
    trees: tuple[tuple[Path_, Branch], ...]
    # --stamp: the fields named (Request.only) that had nothing to stamp, with their state,
    # and the comments that the stamp makes out of date.
    unchanged: tuple[tuple[str, str], ...] = ()
    renotes: tuple[Renote, ...] = ()


def miscased(keys: Iterable[str], tag: str) -> str | None:
    """The one of ``keys`` that is ``tag`` in other capitals (``zh-hant`` for ``zh-Hant``)."""
    folded = tag.casefold()
    return next((k for k in keys if k != tag and k.casefold() == folded), None)


def _refuse_miscased(blocks: Any, tag: str, relpath: str, where: Path_ = ()) -> None:
    """Refuse to write a ``tag`` block beside one the file has in other capitals: two
    blocks of one language, the other an error of `check` (translation-language) all the
    same.  Its key is renamed by hand, as `check`'s hint says."""
    written = miscased(blocks, tag) if isinstance(blocks, dict) else None
    if written is not None:
        at = "/".join(map(str, where)) + "'s " if where else ""
        raise EditError(
            f"{relpath}: {at}translations: has {written!r}, which BCP 47 writes {tag!r}; "
            f"rename that key to {tag} first (a second block of the language would be added)"
        )


def _placeholder(value: Any) -> bool:
    """A value still to write: nothing, or only white space or invisible characters."""
    return value is None or (isinstance(value, str) and not has_visible(value))


def _without_placeholders(block: Any, text_key: str | None = None) -> Any:
    """A translation block without its empty values; ``translated_by`` stands in when empty
    (it decides no state).  None for a quote translation whose text is still empty."""
    if not isinstance(block, dict):
        return block
    out = {k: v for k, v in block.items() if not _placeholder(v)}
    for family in (*FAMILIES, *GROUPS):
        if isinstance(out.get(family), dict):
            out[family] = {k: v for k, v in out[family].items() if not _placeholder(v)}
    if text_key is not None and text_key not in out:
        return None
    if "translated_by" not in out:
        out["translated_by"] = "machine"
    return out


def _evidence_lists(data: dict[str, Any]) -> Iterator[list[Any]]:
    if isinstance(data.get("evidence"), list):
        yield data["evidence"]
    for family in ("measurements", "history"):
        for item in data.get(family) or ():
            if isinstance(item, dict) and isinstance(item.get("evidence"), list):
                yield item["evidence"]


def lenient(kind: RecordKind, data: dict[str, Any]) -> dict[str, Any]:
    """The record's data as validation sees it once the placeholders are left out."""
    data = copy.deepcopy(data)
    if "translations" in data and data["translations"] is None:
        del data["translations"]  # ``translations:`` with nothing yet: for translate to fill
    if isinstance(data.get("translations"), dict):
        # A language with nothing under it yet (``fr:``) is one still to add.
        data["translations"] = {
            tag: _without_placeholders(block)
            for tag, block in data["translations"].items()
            if block is not None
        }
    if kind == "claim":
        for items in _evidence_lists(data):
            for item in items:
                if isinstance(item, dict) and isinstance(item.get("translations"), dict):
                    kept = {
                        t: _without_placeholders(b, "text") for t, b in item["translations"].items()
                    }
                    item["translations"] = {t: b for t, b in kept.items() if b is not None}
    return data


def record_of(kind: RecordKind, data: Any, relpath: str) -> BaseModel:
    """The record the file holds, placeholders aside; refused when it does not validate."""
    if not isinstance(data, dict):
        raise EditError(f"{relpath} does not load; fix it first (run `claimtrack check`)")
    try:
        return MODELS[kind].model_validate(lenient(kind, data))
    except ValidationError:
        raise EditError(
            f"{relpath} has errors besides empty translations; fix them first "
            "(run `claimtrack check`)"
        ) from None


def states(record: BaseModel, tag: str) -> list[FieldState]:
    if isinstance(record, Claim):
        return claim_fields(record, tag)
    if isinstance(record, Source):
        return source_fields(record, tag)
    assert isinstance(record, TrackerSettings)
    return tracker_fields(record, tag)


def _written(block: Any) -> set[FieldPath]:
    """The fields a translation block has keys for, empty or not."""
    if not isinstance(block, dict):
        return set()
    paths: set[FieldPath] = set()
    for key, value in block.items():
        if key in (*FAMILIES, *GROUPS) and isinstance(value, dict):
            paths.update((key, str(k)) for k in value)
        elif key not in ("made_from", "translated_by"):
            paths.add((str(key),))
    return paths


def _orders(record: BaseModel) -> dict[str, tuple[str, ...]]:
    if isinstance(record, Claim):
        return {
            "history": tuple(history_keys(record)),
            "measurements": tuple(measurement_keys(record)),
            **GROUPS,
        }
    return {}


def _put(
    items: dict[str, Leaf | Branch], path: FieldPath, leaf: Leaf, orders: dict[str, tuple[str, ...]]
) -> None:
    if len(path) == 1:
        items[path[0]] = leaf
        return
    family = items.setdefault(path[0], Branch({}, orders.get(path[0], ())))
    assert isinstance(family, Branch)
    family.items[path[1]] = leaf


def _block_tree(kind: RecordKind, tag: str, block: dict[str, Leaf | Branch]) -> Branch:
    return Branch({"translations": Branch({tag: Branch(block, ORDER[kind])})})


def add_plan(data: dict[str, Any], request: Request, relpath: str) -> Plan:
    """The fields still missing in the language (not even an empty key written), each with
    the original as its note and the original's fingerprint in ``made_from``."""
    kind, tag = request.kind, request.tag
    record = record_of(kind, data, relpath)
    blocks = data.get("translations")
    _refuse_miscased(blocks, tag, relpath)
    block = blocks.get(tag) if isinstance(blocks, dict) else None
    written = _written(block)
    missing = [s for s in states(record, tag) if s.state == "missing" and s.path not in written]
    if isinstance(record, Source) and ("title",) in request.texts and ("title",) not in written:
        # A source's title is translated only when a text is given (it may stay as it is).
        missing.insert(0, FieldState(("title",), record.title, None, "missing", None))
    orders = _orders(record)
    items: dict[str, Leaf | Branch] = {}
    by = request.translated_by
    if not isinstance(block, dict) or "translated_by" not in block:
        items["translated_by"] = Leaf(by, None if by else TRANSLATED_BY_NOTE)
    elif by and _placeholder(block["translated_by"]):
        items["translated_by"] = Leaf(by)
    prints: dict[str, Leaf | Branch] = {}
    for state in missing:
        text = request.texts.get(state.path)
        _put(items, state.path, Leaf(text or "", None if text else state.original), orders)
        _put(prints, state.path, Leaf(fingerprint(state.original)), orders)
    if prints:
        items["made_from"] = Branch(prints, MADE_FROM_ORDER[kind])
    trees: list[tuple[Path_, Branch]] = []
    if missing or ("translated_by" in items and isinstance(block, dict)):
        trees.append(((), _block_tree(kind, tag, items)))
    quotes: list[Path_] = []
    if request.quotes and isinstance(record, Claim):
        for path, evidence, raw in _quotes(record, data):
            language = request.languages.get(evidence.source)
            if language is not None and same_language(language, tag):
                continue  # a variant of the language needs no translation: zh-TW is zh-Hant
            _refuse_miscased(raw.get("translations"), tag, relpath, path)
            if isinstance(raw.get("translations"), dict) and tag in raw["translations"]:
                continue
            skeleton = quote_skeleton(
                evidence.quote, evidence.translation, request.quote_texts.get(path), by
            )
            quotes.append(path)
            trees.append(
                (path, Branch({"translations": Branch({tag: Branch(skeleton, QUOTE_ORDER)})}))
            )
    return Plan(tuple(s.path for s in missing), tuple(quotes), tuple(trees))


def quote_skeleton(
    quote: str, english: str | None, text: str | None = None, by: str | None = None
) -> dict[str, Leaf | Branch]:
    """A quote's translation as `translate --quotes` writes it: its text (empty under the
    quote, and its English translation, as comments, when none is given), who made it,
    and the quote's fingerprint."""
    return {
        "text": Leaf(text or "", None if text else quote_note(quote, english)),
        "translated_by": Leaf(by, None if by else TRANSLATED_BY_NOTE),
        "made_from": Leaf(fingerprint(quote)),
    }


def _translated(
    record: BaseModel, data: dict[str, Any], tag: str, relpath: str
) -> dict[str, tuple[Path_, FieldState, str]]:
    """Each field and quote the record has a translation of in ``tag`` (a missing field
    too), by its name: its data path (the record's: (), a quote's item), its state, and
    the note a comment above it holds."""
    found: dict[str, tuple[Path_, FieldState, str]] = {
        field_name(s.path): ((), s, s.original) for s in states(record, tag)
    }
    if isinstance(record, Claim):
        for path, evidence, raw in _quotes(record, data):
            _refuse_miscased(raw.get("translations"), tag, relpath, path)
            state = quote_state(evidence, tag)
            if state is not None:
                found[quote_name(path)] = (
                    path,
                    state,
                    quote_note(evidence.quote, evidence.translation),
                )
    return found


def stamp_plan(data: dict[str, Any], request: Request, relpath: str) -> Plan:
    """The fingerprints of the translated fields (and quotes) made from an earlier text,
    recorded again from the originals as they are now: those ``request.only`` names, or
    every stale one.  A name the record has no translation of is refused (a usage error,
    with the closest name)."""
    kind, tag = request.kind, request.tag
    record = record_of(kind, data, relpath)
    _refuse_miscased(data.get("translations"), tag, relpath)
    found = _translated(record, data, tag, relpath)
    only = request.only
    for name in sorted(only or ()):
        if name not in found:
            hint = suggest(name, found) or f"its {tag} translations: {', '.join(found) or 'none'}"
            raise UsageError(f"--field {name}: {relpath} has no {tag} translation of it; {hint}")
    chosen = {
        name: item
        for name, item in found.items()
        if item[1].state == "stale" and (only is None or name in only)
    }
    orders = _orders(record)
    prints: dict[str, Leaf | Branch] = {}
    trees: list[tuple[Path_, Branch]] = []
    fields: list[FieldPath] = []
    quotes: list[Path_] = []
    renotes: list[Renote] = []
    for where, state, note in chosen.values():
        now = fingerprint(state.original)
        if where:  # a quote's translation
            quotes.append(where)
            leaf: dict[str, Leaf | Branch] = {"made_from": Leaf(now)}
            trees.append(
                (where, Branch({"translations": Branch({tag: Branch(leaf, QUOTE_ORDER)})}))
            )
        else:
            fields.append(state.path)
            _put(prints, state.path, Leaf(now), orders)
        if state.made_from is not None:
            renotes.append(
                Renote((*where, "translations", tag, *state.path), state.made_from, note)
            )
    if prints:
        made_from = Branch(prints, MADE_FROM_ORDER[kind])
        trees.insert(0, ((), _block_tree(kind, tag, {"made_from": made_from})))
    unchanged = tuple(
        (name, found[name][1].state) for name in sorted(only or ()) if name not in chosen
    )
    return Plan(tuple(fields), tuple(quotes), tuple(trees), unchanged, tuple(renotes))


def _quotes(
    record: Claim, data: dict[str, Any]
) -> Iterator[tuple[Path_, Evidence, dict[str, Any]]]:
    """Each quote of the claim with its data path and its mapping as written."""
    for path, evidence in record.quote_items():
        raw: Any = data
        for step in path:
            raw = raw[step]
        yield path, evidence, raw
