"""Translations: each keyed by a language the site is published in, each field made from
its original's current text, and each with an original to translate.

Whether a field is current, stale, missing or an orphan is decided in one place,
records/translated.py; these rules only say where each problem stands and what to do
about it.  A missing translation is not a problem of `check`: a site may publish a
language before all of it is translated (`claimtrack translations --complete` is the
gate for that).

The claims' rule reads the site's languages from tracker.yaml: an edit of tracker.yaml
runs every claim's rules again (check/impact.py), so it never goes stale itself.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from pydantic import BaseModel
from yaml.nodes import ScalarNode

from ...codes import Code
from ...i18n import english
from ...layout import SETTINGS_FILE
from ...load import Loaded
from ...load.nodes import Path_, Positions
from ...load.validation import describe_path, suggest
from ...problems import Problem, report
from ...records import Claim, Source, TrackerSettings
from ...records.originals import how_changed, noted
from ...records.translated import (
    FieldState,
    claim_fields,
    field_name,
    quote_name,
    quote_state,
    source_fields,
)
from ...records.translated import tracker_fields as settings_fields
from ...records.translations import GROUPS
from ...textrules import DECIMAL
from ..analysis import Analysis, ClaimRule, SourceRule
from .language import settings_positions


def translated_at(where: Path_, tag: str, state: FieldState) -> Path_:
    """The data path of a translated field's value: ``translations.TAG.<field>`` under
    ``where`` (the record itself: (), or a quote item, whose field is ``text``)."""
    return (*where, "translations", tag, *state.path)


@cache  # a few tags, named in thousands of warnings (Babel parses the tag each time)
def _language(tag: str) -> str:
    return english().language_name(tag)  # 'French (fr)'


def not_site_language(
    tag: str, settings: TrackerSettings, languages: Sequence[str] | None = None
) -> tuple[str, str] | None:
    """Why a record's translation key is not one of the site's further languages (message,
    hint), or None when it is one.  ``languages``: the site's, main first, as tracker.yaml
    declares them (Analysis.site_languages; by default the settings')."""
    if languages is None:
        languages = settings.site_languages
    main, further = languages[0], tuple(languages[1:])
    if tag in further:
        return None
    if tag.casefold() == main.casefold():
        return (
            f"{tag!r} is the site's main language: the record is written in it already",
            "remove this translation",
        )
    # BCP 47 tags ignore case, the site's folders and pages do not: zh-hant -> zh-Hant.
    # A region the site does not publish: fr-FR -> fr.
    close = next((t for t in further if t.casefold() == tag.casefold()), None) or next(
        (t for t in further if t.casefold() == tag.partition("-")[0].casefold()), None
    )
    mean = f"did you mean {close!r}?" if close else suggest(tag, further)
    if further:
        hint = f"the site's further languages are {', '.join(further)} (tracker.yaml's "
        hint += "translations:)" + ("" if mean else "; add it there to publish it too")
    else:
        hint = f"the site is published in {main} only: add the language to tracker.yaml's "
        hint += "translations: first"
    return f"{tag!r} is not one of the site's languages", f"{mean} {hint}" if mean else hint


def wrong_case(tag: str, languages: Sequence[str]) -> tuple[str, str] | None:
    """A record's translation key that is one of the site's further languages in other
    capitals (zh-hant for zh-Hant): the one fault is its spelling (message, hint)."""
    same = next((t for t in languages[1:] if t.casefold() == tag.casefold()), None)
    if same is None or tag in languages:
        return None
    return (
        f"{tag!r} is written {same!r} in tracker.yaml: the site's pages and folders go by "
        "that spelling",
        f"did you mean {same!r}?",
    )


def _is_english(tag: str) -> bool:
    folded = tag.casefold()
    return folded == "en" or folded.startswith("en-")


def _keys(
    path: str,
    positions: Positions,
    where: Path_,
    tags: Iterable[str],
    a: Analysis,
    quote: bool = False,
) -> Iterator[tuple[str, Problem | None]]:
    """Each translation key with its problem (None when it is a site language, or when
    tracker.yaml does not parse: then nothing says which are)."""
    languages = a.site_languages
    for tag in tags:
        if quote and _is_english(tag):
            # Whatever the main language, a quote's English translation is `translation`.
            why: tuple[str, str] | None = (
                f"{tag!r}: a quote's English translation is its translation:, not a key of "
                "translations:",
                "move the text to translation: (with translated_by:)",
            )
        elif languages is None:
            why = None  # tracker.yaml does not parse: nothing says which are the site's
        elif quote and tag == languages[0]:
            why = None  # a main language other than English: its pages show this one
        else:
            why = wrong_case(tag, languages) or not_site_language(
                tag, a.tracker.settings, languages
            )
        yield (
            tag,
            (
                None
                if why is None
                else report(path, positions.key((*where, tag)), Code.TRANSLATION_LANGUAGE, *why)
            ),
        )


def _orphan_hint(f: FieldState, kind: str) -> str:
    family = f.path[0]
    if family in ("history", "measurements"):
        entry = "history entry" if family == "history" else "measurement"
        return (
            f"the {kind} has no {entry} keyed {f.path[1]} (the entry's date, DATE#2 for a "
            "second entry of the same date): correct the key, or remove the translation"
        )
    if family == "title" and kind == "source":
        return "the source is written in this language: its title stays as it is; remove the translation"
    if family in GROUPS:  # claimant/role: the claimant's role
        return f"the {kind}'s {family} has no {f.path[1]}: remove the translation"
    return f"the {kind}'s {family} is empty: remove the translation"


def stale_change(positions: Positions, where: Path_, tag: str, state: FieldState) -> str:
    """Why a translation is stale: no fingerprint of its original, or how its original
    changed since (what it was, when translate's comment above the translation still
    holds it: records/originals.py).  The warning's and the `translations` report's."""
    if state.made_from is None:
        return "no fingerprint of its original is recorded"
    text = positions.text
    line, column = positions.key(translated_at(where, tag, state))
    was = None if text is None else noted(text, line, column, state.made_from)
    return how_changed(was, state.original)


def _fields(
    path: str,
    positions: Positions,
    tag: str,
    fields: list[FieldState],
    kind: str,
    stamp: str,
) -> Iterator[Problem]:
    for f in fields:
        if f.state not in ("stale", "orphan"):
            continue
        pos = positions.value(translated_at((), tag, f))
        name = f"the {_language(tag)} translation of {field_name(f.path)}"
        if f.state == "stale":
            yield report(
                path,
                pos,
                Code.TRANSLATION_STALE,
                f"{name} is stale: {stale_change(positions, (), tag, f)}",
                f"check it and run `{stamp} --field {shlex.quote(field_name(f.path))}`",
            )
        else:
            yield report(
                path,
                pos,
                Code.TRANSLATION_ORPHAN,
                f"{name} has no original",
                _orphan_hint(f, kind),
            )


def _prints(made_from: object) -> Iterator[tuple[Path_, str]]:
    """Each fingerprint a ``made_from`` records (a quote's: one; a record's: a model of
    fields, history and measurements keyed by date), with its path under it."""
    if isinstance(made_from, str):
        yield (), made_from
        return
    for name, value in made_from if isinstance(made_from, BaseModel) else ():
        if isinstance(value, str):
            yield (name,), value
        elif isinstance(value, dict):
            yield from (((name, key), print_) for key, print_ in value.items())


def number_prints(
    path: str, positions: Positions, where: Path_, made_from: object
) -> Iterator[Problem]:
    """The fingerprints under ``where``'s made_from written as plain numbers.

    A fingerprint is text (12 hexadecimal digits); one made of decimal digits alone
    (123456789012, or 1234567e8901) and left unquoted is a number to every other YAML
    reader (an editor's schema check, PyYAML), which would read 012345678901 without its
    0.  The loader keeps it as text (a plain number is text wherever a record wants text),
    so only its style tells; `claimtrack translate` quotes such a fingerprint.
    """
    for sub, value in _prints(made_from):
        if not DECIMAL.fullmatch(value):
            continue
        at = (*where, "made_from", *sub)
        _, node = positions.nodes(at)
        if isinstance(node, ScalarNode) and not node.style:
            yield report(
                path,
                positions.value(at),
                Code.WRONG_TYPE,
                f"{describe_path(at)}: expected a fingerprint, which is text: unquoted, "
                f"{value} is a number to YAML",
                f'quote it, "{value}", as `claimtrack translate` writes it',
            )


def _stamp(record_id: str, tag: str) -> str:
    return f"claimtrack translate {record_id} --language {tag} --stamp"


def translated_claim(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim, positions = loaded.record, loaded.positions
    for tag, problem in _keys(loaded.path, positions, ("translations",), claim.translations, a):
        if problem is not None:
            yield problem
        else:
            made_from = claim.translations[tag].made_from
            yield from number_prints(loaded.path, positions, ("translations", tag), made_from)
            fields = claim_fields(claim, tag)
            yield from _fields(loaded.path, positions, tag, fields, "claim", _stamp(loaded.id, tag))
    for where, ev in claim.quote_items():
        keys = _keys(loaded.path, positions, (*where, "translations"), ev.translations, a, True)
        for tag, problem in keys:
            if problem is not None:
                yield problem
                continue
            yield from number_prints(
                loaded.path,
                positions,
                (*where, "translations", tag),
                ev.translations[tag].made_from,
            )
            state = quote_state(ev, tag)
            if state is not None and state.state == "stale":
                field = shlex.quote(quote_name(where))
                yield report(
                    loaded.path,
                    positions.value(translated_at(where, tag, state)),
                    Code.TRANSLATION_STALE,
                    f"the {_language(tag)} translation of this quote is stale: "
                    + stale_change(positions, where, tag, state),
                    f"check it and run `{_stamp(loaded.id, tag)} --field {field}`",
                )


def translated_source(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    source, positions = loaded.record, loaded.positions
    for tag, problem in _keys(loaded.path, positions, ("translations",), source.translations, a):
        if problem is not None:
            yield problem
        else:
            made_from = source.translations[tag].made_from
            yield from number_prints(loaded.path, positions, ("translations", tag), made_from)
            fields = source_fields(source, tag)
            yield from _fields(
                loaded.path, positions, tag, fields, "source", _stamp(loaded.id, tag)
            )


def translated_tracker(a: Analysis) -> Iterator[Problem]:
    """tracker.yaml's translations: each a further language, and its title and description
    current (their catalogs: language.language_catalog)."""
    settings = a.tracker.settings
    if not settings.translations:
        return
    positions = settings_positions(a.tracker.root)
    seen = {settings.language.casefold(): settings.language}
    for tag in settings.translations:
        where = positions.key(("translations", tag))
        other = seen.setdefault(tag.casefold(), tag)
        if tag == settings.language:
            yield report(
                SETTINGS_FILE,
                where,
                Code.TRANSLATION_LANGUAGE,
                f"{tag!r} is the site's main language (language:): the title and description "
                "are written in it already",
                "remove this translation",
            )
        elif other != tag:
            yield report(
                SETTINGS_FILE,
                where,
                Code.TRANSLATION_LANGUAGE,
                f"{tag!r} is {other!r} in other capitals: both would be published in one folder",
                "keep one of them",
            )
        else:
            stamp = f"claimtrack translate --tracker --language {tag} --stamp"
            made_from = settings.translations[tag].made_from
            yield from number_prints(SETTINGS_FILE, positions, ("translations", tag), made_from)
            fields = settings_fields(settings, tag)
            yield from _fields(SETTINGS_FILE, positions, tag, fields, "tracker", stamp)


CLAIM_RULES: tuple[ClaimRule, ...] = (translated_claim,)
SOURCE_RULES: tuple[SourceRule, ...] = (translated_source,)
TRACKER_RULES = (translated_tracker,)
