"""`claimtrack translate`: a record's translation block added, completed or stamped.

merge.py splices keys into a YAML text in its own style, fields.py decides what to
write from the records' states (records/translated.py), splice.py is the pure
bytes-to-bytes step the edit workflow (edit/apply.py) runs.  What reads the tracker
to know what may be asked is here.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...check.rules.translations import not_site_language
from ...errors import ClaimtrackError, DataError, UsageError
from ...i18n import catalog_for, catalogs
from ...layout import FOLDERS, SETTINGS_FILE, RecordKind, record_rel
from ...load import load_tracker
from ...load.files import check_root, read_data_file
from ...load.validation import suggest
from ...load.yamlsource import parse_document
from ...problems import Problem
from ...records import TrackerSettings
from ...records.values import ID_RULE, is_record_id
from .fields import Plan, Request, miscased, record_of
from .splice import plan, translate

__all__ = [
    "Plan",
    "Request",
    "check_declared_case",
    "check_language",
    "miscased",
    "plan",
    "record_kind",
    "settings",
    "source_languages",
    "translate",
]


def settings(root: Path) -> TrackerSettings:
    """tracker.yaml's settings, its empty translations aside (the defaults without one)."""
    root = check_root(root)
    path = root / SETTINGS_FILE
    if not os.path.lexists(path):
        return TrackerSettings()
    problems: list[Problem] = []
    raw = read_data_file(root, path, problems)
    if raw is None:
        raise DataError(problems, f"cannot read {SETTINGS_FILE}")
    record = record_of("settings", parse_document(raw, SETTINGS_FILE).data, SETTINGS_FILE)
    assert isinstance(record, TrackerSettings)
    return record


def check_language(tracker: TrackerSettings, tag: str, kind: RecordKind) -> None:
    """Refuse (a usage error) a language a record cannot be translated into.

    A claim's or a source's: one of the tracker's further site languages.  The
    tracker's own: any language with an interface catalog but its main one, as
    translating the tracker's title is how a language is declared.  ``tag`` is in
    BCP 47's case (commands/options.language_arg).
    """
    if tag.casefold() == tracker.language.casefold():
        raise UsageError(f"--language {tag} is the tracker's own language: nothing to translate")
    check_declared_case(tracker, tag)
    if kind == "settings":
        if catalog_for(tag) is None:
            raise UsageError(
                f"--language {tag}: the interface has no catalog for it "
                f"(catalogs: {', '.join(catalogs())})"
            )
        return
    why = not_site_language(tag, tracker)
    if why is not None:
        message, hint = why
        raise UsageError(
            f"--language {tag}: {message}; {hint}; "
            f"`claimtrack translate --tracker --language {tag}` declares it"
        )


def check_declared_case(tracker: TrackerSettings, tag: str) -> None:
    """Refuse ``tag`` when tracker.yaml declares it in other capitals than BCP 47's.

    Neither block is the one to write to: ``zh-hant:`` is what BCP 47 writes ``zh-Hant``
    (the records would keep a key in the wrong case), and a second block for the same
    language is published in the same folder.  Nor may its hint be taken at its word:
    ``--language zh-hant`` is read as ``zh-Hant`` again.  So the key is renamed first.
    """
    written = miscased(tracker.translations, tag)
    if written is not None:
        raise UsageError(
            f"--language {tag}: tracker.yaml's translations: has it as {written!r}, which "
            f"BCP 47 writes {tag!r}; rename that key to {tag} (and the {written} key of each "
            "record's translations:), then run this again"
        )


def record_kind(root: Path, record_id: str) -> RecordKind:
    """Whether ``record_id`` names a claim or a source."""
    if not is_record_id(record_id):
        raise UsageError(f"{record_id!r} is not a valid id ({ID_RULE})")
    claim, source = record_rel("claim", record_id), record_rel("source", record_id)
    found = [rel for rel in (claim, source) if os.path.lexists(root / rel)]
    if len(found) == 2:
        raise UsageError(f"{record_id!r} names both {claim} and {source}; rename one of them")
    if found:
        return "claim" if found[0] == claim else "source"
    known = [p.stem for folder in FOLDERS.values() for p in (root / folder).glob("*.yaml")]
    hint = suggest(record_id, known)
    raise ClaimtrackError(
        f"no claim or source {record_id!r}: neither {claim} nor {source} exists"
        + (f"; {hint}" if hint else "")
    )


def source_languages(root: Path) -> dict[str, str]:
    """Each loaded source's language, by id (a quote in the tag's language needs none)."""
    return {sid: s.record.language for sid, s in load_tracker(root).sources.items()}
