"""A text a reader sees, with its translations into the site's further languages.

Every translatable text of the views (a claim's statement, claimant, metric, baseline,
rationale, conditions, history notes and measurements' conditions; a source's notes, title
and publisher; the tracker's title and description) is a :class:`Localized`: the original, the original's language, and per
further site language the translated text and its state.  The states are read from
records/translated.py, the one place they are decided; this module only carries them.

Being frozen values, two views compare equal exactly when their originals and every
translation do: an edit to a claim's French rationale makes that claim's view differ,
and nothing else's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ...records import Claim, Evidence, Source, TrackerSettings
from ...records.translated import (
    FieldPath,
    FieldState,
    claim_fields,
    history_keys,
    measurement_keys,
    quote_state,
    source_fields,
    tracker_fields,
)

Shown = Literal["current", "stale", "missing"]


@dataclass(frozen=True, slots=True)
class Translated:
    """A text in one further site language."""

    tag: str
    text: str | None  # None when missing
    state: Shown
    translated_by: str | None  # "person" | "machine"; None when missing

    @property
    def shown(self) -> bool:
        """Whether a reader of ``tag`` is given this text (a stale one is, marked)."""
        return self.text is not None and self.state != "missing"


@dataclass(frozen=True, slots=True)
class Localized:
    original: str
    lang: str  # the original's language
    translations: tuple[Translated, ...] = ()

    def __str__(self) -> str:
        # The original, for whatever reads the text as a string (templates that override
        # the packaged ones, English data): pages in a further language go through the
        # block filters (html/fragments.py), data through localized().
        return self.original

    def __len__(self) -> int:
        # The original's, as a string's (and so its truth: an empty original is false).
        return len(self.original)

    def get(self, tag: str) -> Translated | None:
        """The translation into ``tag``; None for the original's own language, or a tag the
        text has no entry for (an empty original needs no translation)."""
        for t in self.translations:
            if t.tag == tag:
                return t
        return None


def first_shown(values: Sequence[Localized]) -> Localized:
    """One text said by several records (a claimant's name, by each of their claims): the
    first's original and, per language, the first translation a reader is given, else the
    first's state there."""
    first = values[0]
    out = []
    for t in first.translations:
        shown = (
            found for value in values if (found := value.get(t.tag)) is not None and found.shown
        )
        out.append(next(shown, t))
    return Localized(first.original, first.lang, tuple(out))


def plain(text: str, lang: str) -> Localized:
    """A text with no translations (a site in one language)."""
    return Localized(text, lang)


def localized(value: Localized, tag: str) -> str:
    """The text a reader of ``tag`` gets: the translation when current or stale, else the
    original."""
    t = value.get(tag)
    return t.text if t is not None and t.shown and t.text is not None else value.original


def block_lang(value: Localized, tag: str) -> str:
    """The language of the text localized() gives a reader of ``tag``."""
    t = value.get(tag)
    return t.tag if t is not None and t.shown else value.lang


Fields = Mapping[str, Mapping[FieldPath, FieldState]]  # tag -> path -> state


def _translated(tag: str, f: FieldState) -> Translated | None:
    by = f.translated_by.value if f.translated_by is not None else None
    if f.state == "current" or f.state == "stale":
        return Translated(tag, f.text, f.state, by)
    if f.state == "missing":
        return Translated(tag, None, "missing", None)
    return None  # an orphan has no original to stand beside


def text_of(fields: Fields, path: FieldPath, original: str, lang: str) -> Localized:
    """The Localized of one field: ``original`` as the page shows it (stripped, say) and,
    per language of ``fields``, its state there.  A language with no state for the field
    (its original is empty: nothing to translate) gets no entry."""
    out = []
    for tag, by_path in fields.items():
        f = by_path.get(path)
        t = _translated(tag, f) if f is not None else None
        if t is not None:
            out.append(t)
    return Localized(original, lang, tuple(out))


@dataclass(frozen=True, slots=True)
class ClaimTexts:
    """A claim's translatable texts, as its views show them."""

    statement: Localized
    rationale: Localized
    conditions: Localized | None  # None without a quantity or with empty conditions
    history: tuple[Localized, ...]  # one per history entry, in file order
    measurements: tuple[Localized | None, ...]  # each measurement's conditions text
    # The claimant's name, role and organisation; the quantity's metric and baseline: None
    # where the record has none.
    claimant: tuple[Localized, Localized | None, Localized | None]
    metric: Localized | None
    baseline: Localized | None


def claim_texts(claim: Claim, languages: Sequence[str]) -> ClaimTexts:
    """``languages``: the site's, main first (TrackerSettings.site_languages)."""
    main, further = languages[0], languages[1:]
    if not further:
        return _untranslated(claim, main)
    fields: Fields = {tag: {f.path: f for f in claim_fields(claim, tag)} for tag in further}

    def text(path: FieldPath, original: str) -> Localized:
        return text_of(fields, path, original, main)

    def group(key: str, record: object, name: str) -> Localized | None:
        value = getattr(record, name) if record is not None else None
        return text((key, name), value) if value else None

    c, q = claim.claimant, claim.quantity
    conditions = claim.quantity.conditions.strip() if claim.quantity is not None else ""
    return ClaimTexts(
        claimant=(
            text(("claimant", "name"), c.name),
            group("claimant", c, "role"),
            group("claimant", c, "organisation"),
        ),
        metric=group("quantity", q, "metric"),
        baseline=group("quantity", q, "baseline"),
        statement=text(("statement",), claim.statement),
        rationale=text(("rationale",), claim.rationale),
        conditions=text(("conditions",), conditions) if conditions else None,
        history=tuple(
            text(("history", key), entry.note)
            for key, entry in zip(history_keys(claim), claim.history, strict=True)
        ),
        measurements=tuple(
            text(("measurements", key), m.conditions.text.strip())
            if m.conditions.text.strip()
            else None
            for key, m in zip(measurement_keys(claim), claim.measurements, strict=True)
        ),
    )


def _untranslated(claim: Claim, main: str) -> ClaimTexts:
    """A claim's texts on a site in one language: nothing to look up."""

    def text(original: str | None) -> Localized | None:
        return Localized(original, main) if original else None

    c, q = claim.claimant, claim.quantity
    conditions = claim.quantity.conditions.strip() if claim.quantity is not None else ""
    return ClaimTexts(
        claimant=(Localized(c.name, main), text(c.role), text(c.organisation)),
        metric=text(q.metric) if q is not None else None,
        baseline=text(q.baseline) if q is not None else None,
        statement=Localized(claim.statement, main),
        rationale=Localized(claim.rationale, main),
        conditions=text(conditions),
        history=tuple(Localized(entry.note, main) for entry in claim.history),
        measurements=tuple(text(m.conditions.text.strip()) for m in claim.measurements),
    )


def source_texts(
    source: Source, languages: Sequence[str]
) -> tuple[Localized, Localized, Localized | None]:
    """A source's title (in its own language), notes and publisher (in the records'
    language; None when it has none)."""
    fields: Fields = {tag: {f.path: f for f in source_fields(source, tag)} for tag in languages[1:]}
    title = text_of(fields, ("title",), source.title, source.language)
    # A title in the page's own language needs no translation, even when it has one.
    title = Localized(
        title.original, title.lang, tuple(t for t in title.translations if t.tag != source.language)
    )
    publisher = source.publisher
    return (
        title,
        text_of(fields, ("notes",), source.notes.strip(), languages[0]),
        text_of(fields, ("publisher",), publisher, languages[0]) if publisher else None,
    )


def tracker_texts(settings: TrackerSettings) -> tuple[Localized, Localized]:
    """The tracker's title and description."""
    languages = settings.site_languages
    fields: Fields = {
        tag: {f.path: f for f in tracker_fields(settings, tag)} for tag in languages[1:]
    }
    return (
        text_of(fields, ("title",), settings.title, languages[0]),
        text_of(fields, ("description",), settings.description, languages[0]),
    )


def quote_translations(ev: Evidence, languages: Sequence[str]) -> tuple[Translated, ...]:
    """A quote's translations into the further site languages, those it has (a quote
    translation is optional: never missing)."""
    out = []
    for tag in languages[1:]:
        f = quote_state(ev, tag)
        t = _translated(tag, f) if f is not None else None
        if t is not None:
            out.append(t)
    return tuple(out)
