"""What the check stage keeps between runs, by content, in its own parts of the cache.

``check.json``, read by every run with a cache:

- quote results: whether a quote is in an archive, by the archive's sha256 and the
  quote;
- a source's coverage counts (check.coverage.counts), by CoverageKey;
- what changed between two versions of a source (check/text/worddiff.py's hunks), by
  both texts' sha256 and the language their sentences are split in: computed once per
  pair of versions (site/model/wording.py);
- values converted between units (pint's answers), by the value and both units, read
  only by the version of pint that wrote them: pint takes half a second to build its
  registry, which a run whose conversions are all known then never does;
- each claim's and each source's problems, by the digest of everything its rules read
  (check.keys): a second run checks again only the records whose inputs changed;
- the last run's claim keys, each with its claim file's digest, under the digest of all
  the inputs the claims share (check.keys.shared_inputs): while those are the
  same, a claim whose file is too has the same key, which a run then takes as it is
  rather than digest what the claim names again (47 ms for 10,000 claims).

Parts apart (files of their own), each read on first need:

- quotes in context (check.text.quotecontext), or None when not found, by the archive's
  sha256 and the language its sentences are split in (the source's), and the quote:
  finding them costs more than loading; only a site shows them, so a ``check`` never
  reads them;
- normalised archives for quote search, by sha256: the bulk of what is kept, needed
  only for a quote whose result is not known;
- (in memory only) each archive's strongest uncited sentences and each record's
  missing translations, for the worklist.

load.Cache reads and writes the parts without knowing what they hold; this module is
the one that knows their types and their shape on disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..codes import Code, Severity
from ..load import Cache
from ..load.cache import Entries, Part
from ..problems import Problem
from .text.quotecontext import Context
from .text.worddiff import Hunk, as_plain, from_plain
from .units import converted, pint_version, same_unit

# A source's coverage counts are kept by its archive's sha256 and a digest of what they
# depend on besides: the quotes cited from it, its reviewed_uncited entries and its language.
CoverageKey = tuple[str, str]
# (archive sha256, quote)
QuoteKey = tuple[str, str]
# ("<archive sha256> <language>", quote): the sentences around a quote depend on the language
# they are split in (check/text/sentences.py), and so on the source's record too.
ContextKey = tuple[str, str]
# ("<old sha256> <new sha256>", language): the hunks between two versions of a source.
DiffKey = tuple[str, str]
# The inputs the claims' keys share, and each claim's file digest and key, by its id.
KeyMemo = tuple[str, dict[str, tuple[str, str]]]
# ("<value> <unit>", target unit): a value converted (check/units.py), by the pint of the
# version the part was saved with (another version's answers are not read).
ConversionKey = tuple[str, str]


def context_key(sha256: str, language: str, quote: str) -> ContextKey:
    return (f"{sha256} {language}", quote)


class Results(Part):
    """Quote results, coverage counts, the changes between versions, values converted
    between units, each claim's and source's problems (rows of Problem's fields) and the
    last run's claim keys: what every run with a cache reads, in one file (``check.json``)."""

    name = "check"

    def __init__(self) -> None:
        self.quotes: Entries[QuoteKey, bool] = Entries()
        self.coverage: Entries[CoverageKey, list[int]] = Entries()
        self.diffs: Entries[DiffKey, tuple[Hunk, ...]] = Entries()
        self._conversions: Entries[ConversionKey, float | None] = Entries()
        # The version of pint the conversions were made with (None: none made yet), compared
        # with the installed one when a conversion is first asked for, not when the part is
        # read: a run that asks none (most runs with a cache) never looks pint's version up.
        self._pint: str | None = None
        self._pint_checked = False
        self.problems: Entries[str, list[Problem]] = Entries()  # claims' and sources'
        # The last run's claim keys by id, with the digest of their file, and the digest
        # of the inputs they share: one memo, replaced whole, never piled up as entries
        # are (a save that keeps unused entries would keep every earlier memo).
        self.keys: KeyMemo = ("", {})
        self._keys_changed = False

    @property
    def changed(self) -> bool:
        return self._keys_changed or super().changed

    def saved(self) -> None:
        super().saved()
        self._keys_changed = False

    def remember_keys(self, memo: KeyMemo) -> None:
        if memo != self.keys:
            self.keys, self._keys_changed = memo, True

    @property
    def conversions(self) -> Entries[ConversionKey, float | None]:
        """The values converted by the installed pint (another version's are dropped)."""
        if not self._pint_checked:
            self._pint_checked = True
            if self._pint != pint_version():
                self._conversions, self._pint = Entries(), pint_version()
        return self._conversions

    def tables(self) -> Iterable[Entries[Any, Any]]:
        return (self.quotes, self.coverage, self.diffs, self._conversions, self.problems)

    def dump(self) -> dict[str, Any]:
        # By archive first: a sha256 is written once, not once for each of its quotes.
        return {
            "quotes": _by_first(self.quotes.kept()),
            "coverage": _by_first(self.coverage.kept()),
            "diffs": _by_first({k: as_plain(v) for k, v in self.diffs.kept().items()}),
            "conversions": {
                # Those read and never asked for keep the version they were made with.
                "pint": pint_version() if self._pint is None else self._pint,
                "values": _by_first(self._conversions.kept()),
            },
            "problems": {
                key: [
                    [p.path, p.line, p.column, p.severity.value, p.code.value, p.message, p.hint]
                    for p in problems
                ]
                for key, problems in self.problems.kept().items()
            },
            "keys": [self.keys[0], {cid: [d, k] for cid, (d, k) in self.keys[1].items()}],
        }

    def restore(self, data: Any) -> None:
        self.quotes = Entries(
            {
                (str(sha), str(quote)): bool(found)
                for sha, table in data["quotes"].items()
                for quote, found in table.items()
            }
        )
        self.coverage = Entries(
            {
                (str(sha), str(digest)): [int(n) for n in counts]
                for sha, table in data["coverage"].items()
                for digest, counts in table.items()
            }
        )
        self.diffs = Entries(
            {
                (str(pair), str(language)): from_plain(found)
                for pair, table in data["diffs"].items()
                for language, found in table.items()
            }
        )
        conversions = data["conversions"]
        self._pint, self._pint_checked = str(conversions["pint"]), False
        self._conversions = Entries(
            {
                (str(value), str(target)): None if found is None else float(found)
                for value, table in conversions["values"].items()
                for target, found in table.items()
            }
        )
        self.problems = Entries(
            {
                str(key): [
                    Problem(
                        str(path),
                        int(line),
                        int(column),
                        Severity(severity),
                        Code(code),
                        str(message),
                        None if hint is None else str(hint),
                    )
                    for path, line, column, severity, code, message, hint in rows
                ]
                for key, rows in data["problems"].items()
            }
        )
        shared, keys = data["keys"]
        self.keys = (str(shared), {str(cid): (str(d), str(k)) for cid, (d, k) in keys.items()})
        self._keys_changed = False


class Contexts(Part):
    """Quotes in context, or None where not found: only a site shows them, so a part of
    their own (``contexts.json``), which a ``check`` never reads; they were 4.5 MB of the
    6.1 MB that ``check.json`` held at 10,000 claims, read by every check."""

    name = "contexts"

    def __init__(self) -> None:
        self.contexts: Entries[ContextKey, Context | None] = Entries()

    def tables(self) -> Iterable[Entries[Any, Any]]:
        return (self.contexts,)

    def dump(self) -> dict[str, Any]:
        return _by_first(self.contexts.kept())

    def restore(self, data: Any) -> None:
        self.contexts = Entries(
            {
                (str(sha), str(quote)): None
                if v is None
                else (str(v[0]), str(v[1]), str(v[2]), int(v[3]), int(v[4]), int(v[5]))
                for sha, table in data.items()
                for quote, v in table.items()
            }
        )


class Archives(Part):
    """Archived texts normalised for quote search (textnorm.normalise)."""

    name = "archives"

    def __init__(self) -> None:
        self.texts: Entries[str, str] = Entries()

    def tables(self) -> Iterable[Entries[Any, Any]]:
        return (self.texts,)

    def dump(self) -> dict[str, str]:
        return self.texts.kept()

    def restore(self, data: Any) -> None:
        self.texts = Entries({str(sha): str(text) for sha, text in data.items()})


class CheckStore:
    """The check stage's results, kept by content in ``cache`` (a cache for this run only
    when none is given)."""

    def __init__(self, cache: Cache | None = None) -> None:
        self._cache = cache if cache is not None else Cache.disabled()
        self._results = self._cache.part(Results)
        self._archives: Archives | None = None
        self._contexts: Contexts | None = None
        # Each archive's strongest uncited sentences (check/worklist.py), by its coverage key
        # and a digest of the names its signals look for: in memory only, so that the next
        # worklist of serve or the language server ranks again only the sources an edit
        # touched.  Each worklist keeps only the keys it used.
        self.strongest: dict[tuple[CoverageKey, str], Any] = {}
        # Likewise each record's missing translations, by language and the record's
        # identity (with the record, to tell a new one at the same address).
        self.missing: dict[tuple[str, int], tuple[Any, Any]] = {}

    @property
    def keeps(self) -> bool:
        """Whether what is remembered outlives this run (a disk cache)."""
        return self._cache.folder is not None

    # -- normalised archives -------------------------------------------------
    def _texts(self) -> Entries[str, str]:
        if self._archives is None:
            self._archives = self._cache.part(Archives)
        return self._archives.texts

    def normalised_text(self, sha256: str) -> str | None:
        return self._texts().get(sha256)

    def remember_normalised(self, sha256: str, text: str) -> None:
        self._texts().put(sha256, text)

    # -- quote results -------------------------------------------------------
    def quote_result(self, sha256: str, quote: str) -> bool | None:
        return self._results.quotes.get((sha256, quote))

    def remember_quote(self, sha256: str, quote: str, found: bool) -> None:
        self._results.quotes.put((sha256, quote), found)

    def context(self, sha256: str, language: str, quote: str) -> tuple[bool, Context | None]:
        """(known, context): whether the context of the quote in the archive, its sentences
        split in ``language``, is known."""
        contexts = self._contexts_table()
        key = context_key(sha256, language, quote)
        if not contexts.known(key):
            return False, None
        return True, contexts.items[key]

    def remember_context(
        self, sha256: str, language: str, quote: str, context: Context | None
    ) -> None:
        self._contexts_table().put(context_key(sha256, language, quote), context)

    def _contexts_table(self) -> Entries[ContextKey, Context | None]:
        if self._contexts is None:
            self._contexts = self._cache.part(Contexts)
        return self._contexts.contexts

    # -- claims' and sources' problems ---------------------------------------
    def problems(self, key: str) -> list[Problem] | None:
        """The problems a claim's or a source's rules gave for inputs of this key (check.keys).
        Recalled, they stand for results this run then never asks for (Cache.keep_unused)."""
        found = self._results.problems.get(key)
        if found is not None:
            self._cache.keep_unused()
        return found

    def recalled(self, key: str | None, make: Callable[[], list[Problem]]) -> list[Problem]:
        """The problems kept for ``key``, else ``make``'s, then kept for it (``key`` None:
        nothing is kept, ``make``'s every time)."""
        found = None if key is None else self.problems(key)
        if found is None:
            found = make()
            if key is not None:
                self._results.problems.put(key, found)
        return found

    def claim_keys(self, shared: str) -> dict[str, tuple[str, str]]:
        """The last run's claim keys (with their file's digest) when it had these
        ``shared`` inputs (check.keys.shared_inputs); none otherwise."""
        memo = self._results.keys
        return memo[1] if memo[0] == shared else {}

    def remember_claim_keys(self, shared: str, keys: dict[str, tuple[str, str]]) -> None:
        """This run's key of every claim, for the next run (a disk cache's only)."""
        if self.keeps:
            self._results.remember_keys((shared, keys))

    # -- coverage counts -----------------------------------------------------
    def coverage_counts(self, key: CoverageKey) -> list[int] | None:
        return self._results.coverage.get(key)

    def remember_coverage(self, key: CoverageKey, counts: list[int]) -> None:
        self._results.coverage.put(key, counts)

    # -- conversions between units --------------------------------------------
    def converted(self, value: float, unit: str, target: str) -> float | None:
        """``value`` in ``unit`` expressed in ``target`` (units.converted), pint asked only
        for a conversion no earlier run made with this version of pint."""
        if same_unit(unit, target):  # no pint needed, nothing to keep
            return value
        key = (f"{value!r} {unit}", target)
        table = self._results.conversions
        if table.known(key):
            return table.items[key]
        found = converted(value, unit, target)
        table.put(key, found)
        return found

    # -- changes between versions ---------------------------------------------
    def diff(self, old: str, new: str, language: str) -> tuple[Hunk, ...] | None:
        """The hunks from the text of sha256 ``old`` to that of ``new``, when known."""
        return self._results.diffs.get((f"{old} {new}", language))

    def remember_diff(self, old: str, new: str, language: str, found: tuple[Hunk, ...]) -> None:
        self._results.diffs.put((f"{old} {new}", language), found)


def _by_first(kept: dict[tuple[str, str], Any]) -> dict[str, dict[str, Any]]:
    grouped: dict[str, dict[str, Any]] = {}
    for (first, second), value in kept.items():
        grouped.setdefault(first, {})[second] = value
    return grouped
