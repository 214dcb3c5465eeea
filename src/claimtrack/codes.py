"""Every problem code, its severity and what it means: the one registry.

A rule can only report a code listed here (problems.report takes a Code), the
severity comes from here, and the table of codes in docs/codes.md is made from here
(``python -m tests.regen_docs``; tests/test_codes.py fails while it is stale,
and when a code has no test of its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    # Only the worklist's (`claimtrack review`, check/worklist.py): advice, never a failure.
    INFO = "info"


class Code(StrEnum):
    # The file itself
    NOT_UTF8 = "not-utf8"
    BOM = "bom"
    TAB_INDENT = "tab-indent"
    EMPTY_FILE = "empty-file"
    NOT_MAPPING = "not-mapping"
    MULTIPLE_DOCUMENTS = "multiple-documents"
    YAML_SYNTAX = "yaml-syntax"
    DUPLICATE_KEY = "duplicate-key"
    YAML_ALIAS = "yaml-alias"
    YAML_TAG = "yaml-tag"
    YAML_MERGE = "yaml-merge"
    YAML_KEY = "yaml-key"
    TOO_DEEP = "too-deep"
    INVALID_CHARACTER = "invalid-character"
    FILE_TOO_LARGE = "file-too-large"
    NOT_A_FILE = "not-a-file"
    SYMLINK_OUTSIDE = "symlink-outside"
    SYMLINK_LOOP = "symlink-loop"
    UNREADABLE = "unreadable"
    INVALID_ID = "invalid-id"
    FILE_EXTENSION = "file-extension"
    SCHEMA_HEADER = "schema-header"
    # One record against its model
    UNKNOWN_FIELD = "unknown-field"
    MISSING_FIELD = "missing-field"
    EMPTY_VALUE = "empty-value"
    WRONG_TYPE = "wrong-type"
    INVALID_CHOICE = "invalid-choice"
    INVALID_FORMAT = "invalid-format"
    INVALID_DATE = "invalid-date"
    INVALID_VALUE = "invalid-value"
    # Between records
    UNKNOWN_SOURCE = "unknown-source"
    UNKNOWN_CLAIM = "unknown-claim"
    SELF_RELATED = "self-related"
    DERIVATION_CYCLE = "derivation-cycle"
    SELF_REVISION = "self-revision"
    REVISION_CYCLE = "revision-cycle"
    UNUSED_SOURCE = "unused-source"
    ORPHAN_ARCHIVE = "orphan-archive"
    # Quotes and archives
    QUOTE_NOT_FOUND = "quote-not-found"
    QUOTE_UNCHECKED = "quote-unchecked"
    REVISION_UNKNOWN = "revision-unknown"
    REVISION_GONE = "revision-gone"
    SNAPSHOT_MISSING = "snapshot-missing"
    ARCHIVE_MISSING = "archive-missing"
    SNAPSHOT_MISMATCH = "snapshot-mismatch"
    REVISION_UNRECORDED = "revision-unrecorded"
    REVISION_MISSING = "revision-missing"
    TRANSLATION_MISSING = "translation-missing"
    TRANSLATED_BY_MISSING = "translated-by-missing"
    # Statuses and dates
    STATUS_HISTORY_MISMATCH = "status-history-mismatch"
    OMISSION_STATUS = "omission-status"
    QUANTITY_MISSING = "quantity-missing"
    QUANTITY_UNEXPECTED = "quantity-unexpected"
    HISTORY_ORDER = "history-order"
    HISTORY_FUTURE = "history-future"
    PUBLISHED_FUTURE = "published-future"
    RETRIEVED_FUTURE = "retrieved-future"
    CORROBORATION_ORIGINS = "corroboration-origins"
    DISCLOSED_EVIDENCE = "disclosed-evidence"
    STALE = "stale"
    # Corrections: the tracker's own edits of what readers read
    CORRECTION_UNRECORDED = "correction-unrecorded"
    CORRECTION_ENTRY = "correction-entry"
    # The site's theme
    TEMPLATE_ERROR = "template-error"
    ARCHIVE_PUBLIC_WITHOUT_COPY = "archive-public-without-copy"
    # The published site: `build` and `serve` only, never `check`
    BASE_URL_MISSING = "base-url-missing"
    # Coverage: sentences reviewed as stating no claim
    REVIEWED_NOT_FOUND = "reviewed-not-found"
    REVIEWED_AMBIGUOUS = "reviewed-ambiguous"
    REVIEWED_CITED = "reviewed-cited"
    # Measurements of figures
    MEASUREMENT_UNIT = "measurement-unit"
    MEASUREMENT_DATE = "measurement-date"
    VERIFICATION_EVIDENCE = "verification-evidence"
    FALSE_EVIDENCE = "false-evidence"
    STATUS_VS_MEASUREMENTS = "status-vs-measurements"
    # The interface's language
    MISSING_CATALOG = "missing-catalog"
    # The site's share cards
    CARD_FONT_MISSING = "card-font-missing"
    # Translations of the records
    TRANSLATION_STALE = "translation-stale"
    TRANSLATION_LANGUAGE = "translation-language"
    TRANSLATION_ORPHAN = "translation-orphan"
    # The editor's worklist (`claimtrack review`): advice, never reported by `check`
    REVIEW_PASSAGE_GONE = "review-passage-gone"
    REVIEW_UNDISCLOSED = "review-undisclosed"
    REVIEW_UNVERIFIED = "review-unverified"
    REVIEW_TO_CHECK = "review-to-check"
    REVIEW_RATIONALE_STALE = "review-rationale-stale"
    REVIEW_TRANSLATION = "review-translation"
    REVIEW_UNCITED = "review-uncited"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    severity: Severity
    summary: str


E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[Code, CodeInfo] = {
    Code.NOT_UTF8: CodeInfo(E, "a data file or archived text is not UTF-8"),
    Code.BOM: CodeInfo(E, "a data file starts with a byte-order mark"),
    Code.TAB_INDENT: CodeInfo(E, "a tab in the indentation"),
    Code.EMPTY_FILE: CodeInfo(E, "a data file holds nothing"),
    Code.NOT_MAPPING: CodeInfo(E, "the top level is not a mapping of fields"),
    Code.MULTIPLE_DOCUMENTS: CodeInfo(E, "more than one YAML document (`---`) in a file"),
    Code.YAML_SYNTAX: CodeInfo(
        E,
        "the file is not valid YAML; the common mistakes are reported where they start, "
        "with a hint: a quote never closed, text after a closing quote, a `[` or `{` never "
        "closed, a `: ` inside an unquoted value, `key:value` with no space, a key or a `- ` "
        "item indented unlike its siblings, a list on its key's line, a value beginning "
        "with `@`, `` ` ``, `*` or `&`; anything else in the parser's own words",
    ),
    Code.DUPLICATE_KEY: CodeInfo(E, "a key appears twice in one mapping (YAML would drop one)"),
    Code.YAML_ALIAS: CodeInfo(E, "an anchor or alias (`&a`, `*a`)"),
    Code.YAML_TAG: CodeInfo(
        E, "a tag (`!x`), even one naming the type the value has anyway (`!!str`, `!!map`)"
    ),
    Code.YAML_MERGE: CodeInfo(
        E, "a merge key (`<<:`), which YAML 1.2 does not have: write the keys out"
    ),
    Code.YAML_KEY: CodeInfo(E, "a mapping key that is not plain text"),
    Code.TOO_DEEP: CodeInfo(E, "lists and mappings nested more than 64 levels deep"),
    Code.INVALID_CHARACTER: CodeInfo(
        E,
        "a character a published page cannot carry (control characters, DEL and "
        "U+0080-U+009F, U+FFFE, U+FFFF), as itself or as an escape; or a line break other "
        "than LF and CRLF (a lone CR, NEL, U+2028, U+2029), which YAML and editors count "
        "differently; the message names it as U+XXXX with its offset",
    ),
    Code.FILE_TOO_LARGE: CodeInfo(E, "a file over 1 MiB"),
    Code.NOT_A_FILE: CodeInfo(
        E, "a folder, named pipe or device where a record, archive or `tracker.yaml` belongs"
    ),
    Code.SYMLINK_OUTSIDE: CodeInfo(
        E,
        "a symbolic link out of the tracker (in `claims/`, `sources/`, `templates/`, "
        "`static/`, or one of those folders itself); it is never read",
    ),
    Code.SYMLINK_LOOP: CodeInfo(E, "a symbolic link that never reaches a file"),
    Code.UNREADABLE: CodeInfo(E, "a file that cannot be read (permissions, I/O error)"),
    Code.INVALID_ID: CodeInfo(
        E, "a file name that is not a valid id (lowercase letters, digits, single hyphens)"
    ),
    Code.FILE_EXTENSION: CodeInfo(
        E, "a record named `.yml`, `.YAML` or any spelling but `.yaml`: it is not loaded"
    ),
    Code.SCHEMA_HEADER: CodeInfo(W, "the first line does not name the JSON Schema for editors"),
    Code.UNKNOWN_FIELD: CodeInfo(E, "a field the model does not have (with a did-you-mean)"),
    Code.MISSING_FIELD: CodeInfo(E, "a required field is missing"),
    Code.EMPTY_VALUE: CodeInfo(
        E, "a required value is empty, or only white space or invisible characters"
    ),
    Code.WRONG_TYPE: CodeInfo(
        E,
        "a value of the wrong type (a list for a text, `true` for a number, an unquoted "
        "number for a `made_from` fingerprint)",
    ),
    Code.INVALID_CHOICE: CodeInfo(E, "a value outside its list of choices (status, kind, bound)"),
    Code.INVALID_FORMAT: CodeInfo(E, "an id, language tag or sha256 not written as it must be"),
    Code.INVALID_DATE: CodeInfo(
        E, "a date not written exactly YYYY-MM-DD, or a day that does not exist"
    ),
    Code.INVALID_VALUE: CodeInfo(
        E, "a value the model refuses (`quantity.value` must be a finite number)"
    ),
    Code.UNKNOWN_SOURCE: CodeInfo(E, "a source id that resolves to nothing (with a did-you-mean)"),
    Code.UNKNOWN_CLAIM: CodeInfo(E, "a claim id that resolves to nothing (with a did-you-mean)"),
    Code.SELF_RELATED: CodeInfo(W, "a claim lists itself as related"),
    Code.DERIVATION_CYCLE: CodeInfo(E, "`derived_from` loops"),
    Code.SELF_REVISION: CodeInfo(E, "a claim's `revises` names the claim itself"),
    Code.REVISION_CYCLE: CodeInfo(E, "`revises` loops: claims revise one another in a circle"),
    Code.UNUSED_SOURCE: CodeInfo(
        W,
        "a source no claim cites (a claim that fails to load counts as citing each source "
        "its file names: its own error is the problem to fix)",
    ),
    Code.ORPHAN_ARCHIVE: CodeInfo(
        W, "a `.txt` archive or `.html` saved page without a source record"
    ),
    Code.QUOTE_NOT_FOUND: CodeInfo(
        E,
        "a quote is not in the archived text it cites, the first copy or the revision it "
        "names (after normalising Unicode NFKC, white space, CJK spacing and quotation "
        "marks); the hint names another version that holds it",
    ),
    Code.QUOTE_UNCHECKED: CodeInfo(
        W, "the source has no archived text, so the quote was not checked against a copy"
    ),
    Code.REVISION_UNKNOWN: CodeInfo(
        E,
        "a quote's `revision:` names no entry of its source's `revisions:` (its retrieved "
        "date, `DATE#2` for a day's second entry)",
    ),
    Code.REVISION_GONE: CodeInfo(
        E, "a quote's `revision:` names a `gone` entry, which keeps no text to prove it against"
    ),
    Code.SNAPSHOT_MISSING: CodeInfo(
        E,
        "a `.txt` archive without `snapshot` in its record, or an `.html` saved page"
        " without `snapshot.html_sha256`",
    ),
    Code.ARCHIVE_MISSING: CodeInfo(
        E, "a `snapshot` without its `.txt` archive, or `html_sha256` without its `.html` page"
    ),
    Code.SNAPSHOT_MISMATCH: CodeInfo(
        E,
        "a `.txt` archive or `.html` saved page (the snapshot's or a revision's) whose sha256 "
        "is not the recorded one",
    ),
    Code.REVISION_UNRECORDED: CodeInfo(
        E,
        "a file in `sources/<id>.revisions/` that no `revisions:` entry names (or an `.html` "
        "beside a revision without `html_sha256`)",
    ),
    Code.REVISION_MISSING: CodeInfo(
        E, "a `revisions:` entry (not `gone`) whose `.txt` or `.html` file does not exist"
    ),
    Code.TRANSLATION_MISSING: CodeInfo(E, "a non-English quote without an English translation"),
    Code.TRANSLATED_BY_MISSING: CodeInfo(E, "a translation without `translated_by`"),
    Code.STATUS_HISTORY_MISMATCH: CodeInfo(E, "`status` is not the last history entry's status"),
    Code.OMISSION_STATUS: CodeInfo(
        E, "`undisclosed`/`disclosed` outside omissions, or an omission with another status"
    ),
    Code.QUANTITY_MISSING: CodeInfo(E, "a figure without `quantity`"),
    Code.QUANTITY_UNEXPECTED: CodeInfo(
        E, "a `quantity` or `measurements` on a claim that is not a figure"
    ),
    Code.HISTORY_ORDER: CodeInfo(E, "history dates out of order"),
    Code.HISTORY_FUTURE: CodeInfo(E, "a history date in the future"),
    Code.PUBLISHED_FUTURE: CodeInfo(E, "a source's `published` date in the future"),
    Code.RETRIEVED_FUTURE: CodeInfo(
        E, "a source's `snapshot.retrieved` or a revision's `retrieved` in the future"
    ),
    Code.CORROBORATION_ORIGINS: CodeInfo(
        E, "`corroborated` with fewer than two independent origins"
    ),
    Code.DISCLOSED_EVIDENCE: CodeInfo(
        E, "`disclosed` without a source published after the omission was recorded"
    ),
    Code.STALE: CodeInfo(W, "`review_by` has passed"),
    Code.CORRECTION_UNRECORDED: CodeInfo(
        W,
        "the statement, claimant, quantity or rationale no longer matches the fingerprint "
        "(`read:`) of the latest history entry: readers read it otherwise, and no correction "
        "says so (`claimtrack correct`)",
    ),
    Code.CORRECTION_ENTRY: CodeInfo(
        E,
        "a correction (a history entry with `was:`) that names no field, changes the status, "
        "or is the first entry",
    ),
    Code.TEMPLATE_ERROR: CodeInfo(
        E,
        "a template in `templates/` cannot be used: a syntax error, an unknown variable, a "
        "template it names that does not exist, not UTF-8, or one that includes itself",
    ),
    Code.ARCHIVE_PUBLIC_WITHOUT_COPY: CodeInfo(
        W, "`archive_public: true` on a source with no archived text: there is nothing to publish"
    ),
    Code.BASE_URL_MISSING: CodeInfo(
        W,
        "`tracker.yaml` sets no `base_url`: share cards, canonical links, ClaimReview's `url`, "
        "hreflang alternates, the sitemap and `robots.txt` need the site's absolute address "
        "and are left out (a warning of `build` and `serve` only: `check` and `check --strict` "
        "never report it)",
    ),
    Code.REVIEWED_NOT_FOUND: CodeInfo(
        E,
        "a `reviewed_uncited` entry that names no sentence of the archived text (or the "
        "source has no archived text)",
    ),
    Code.REVIEWED_AMBIGUOUS: CodeInfo(
        E, "a `reviewed_uncited` entry that is the beginning of several sentences"
    ),
    Code.REVIEWED_CITED: CodeInfo(
        W, "a `reviewed_uncited` entry names a sentence that a claim cites: it needs no review"
    ),
    Code.MEASUREMENT_UNIT: CodeInfo(
        E,
        "a measurement in a unit that cannot be compared with the claim's: unknown, of "
        "another dimension, or a ratio (`x`) against anything but `x`",
    ),
    Code.MEASUREMENT_DATE: CodeInfo(
        E,
        "a measurement dated in the future, or before the claim was made (the earliest "
        "`published` date of the claim's evidence sources)",
    ),
    Code.VERIFICATION_EVIDENCE: CodeInfo(
        E,
        "`verified` on a figure without an independent measurement that reaches, exceeds or "
        "agrees with it",
    ),
    Code.FALSE_EVIDENCE: CodeInfo(
        E, "`false` on a figure without an independent measurement that contradicts it"
    ),
    Code.STATUS_VS_MEASUREMENTS: CodeInfo(
        W,
        "the status says one thing and every independent measurement the other (`verified` "
        "or `corroborated` while all fall short or contradict it, `false` while all agree)",
    ),
    Code.CARD_FONT_MISSING: CodeInfo(
        W,
        "`build`: no font found (tracker.yaml's `card_fonts`, else fontconfig) has a glyph "
        "for every character of some share cards of a language; those cards show their "
        "status's colour and symbol without text, never boxes",
    ),
    Code.MISSING_CATALOG: CodeInfo(
        E,
        "`language:` or a `translations:` key in `tracker.yaml` names a language the site's "
        "interface has no catalog for",
    ),
    Code.TRANSLATION_STALE: CodeInfo(
        W,
        "a translated field (or quote, or the tracker's title or description) whose original "
        "changed since it was translated: its `made_from` fingerprint differs or is absent",
    ),
    Code.TRANSLATION_LANGUAGE: CodeInfo(
        E,
        "a translation keyed by a language the site is not published in (not in `tracker.yaml` "
        "`translations:`), by one of its languages in other capitals (`zh-hant` for "
        "`zh-Hant`), or by the language the original is already in; in `tracker.yaml`, "
        "two languages that differ only in case (they would share one folder)",
    ),
    Code.TRANSLATION_ORPHAN: CodeInfo(
        W,
        "a translated field whose original does not exist (a history or measurement key "
        "naming no entry, conditions or notes that are empty)",
    ),
    Code.REVIEW_PASSAGE_GONE: CodeInfo(
        INFO,
        "a quote whose passage is missing from its source's latest revision (`recheck "
        "--save`): edited out, or the page taken down; the archived copy still has it",
    ),
    Code.REVIEW_UNDISCLOSED: CodeInfo(
        INFO, "an omission still `undisclosed` more than 60 days after its last history entry"
    ),
    Code.REVIEW_UNVERIFIED: CodeInfo(
        INFO, "a figure still `unverified` more than 90 days after its last history entry"
    ),
    Code.REVIEW_TO_CHECK: CodeInfo(
        INFO, "a source named in `to_check` that has no archived text yet (or no record)"
    ),
    Code.REVIEW_RATIONALE_STALE: CodeInfo(
        INFO,
        'a claim whose rationale is the one it had under its previous status: "Why this '
        'status" may still argue for the old one',
    ),
    Code.REVIEW_TRANSLATION: CodeInfo(
        INFO,
        "a record (or `tracker.yaml`) with fields not yet translated into one of the site's "
        "further languages, as `claimtrack translations` lists them",
    ),
    Code.REVIEW_UNCITED: CodeInfo(
        INFO,
        "one of the three highest-ranked uncited sentences of an archived text (`claimtrack "
        "coverage`'s signals): a claim to record, or a `reviewed_uncited` entry",
    ),
}


def markdown_table() -> str:
    """The table of codes in docs/codes.md."""
    rows = ["| code | severity | when |", "| --- | --- | --- |"]
    rows += [f"| `{code}` | {info.severity} | {info.summary} |" for code, info in CODES.items()]
    return "\n".join(rows) + "\n"
