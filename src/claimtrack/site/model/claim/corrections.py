"""A correction as readers see it: when, why (the entry's note, translated like any
history note) and what it put right, each field's previous wording as it was published.

A correction is a history entry with ``was:`` (records/corrections.py).  Its view is
made with the claim's (claimpage.claim_view) and shown by the claim page (its "Corrected
on DATE" mark, its timeline), the corrections page of each language, the feeds and
claims.json.  The previous wording is in the records' language: pages say so with its
``lang``.  A quantity's previous value is said by its parts that changed (the figure,
the metric, the baseline, the conditions, the tolerance), each as the claim page says it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from ....i18n import N_
from ....records import Claimant, HistoryEntry, Quantity
from ....records.corrections import previous_fields
from ..localized import Localized

T = TypeVar("T")

# A field's name as pages show it (English message ids, translated where shown).
FIELD_LABELS: dict[str, str] = {
    "statement": N_("Statement"),
    "claimant": N_("Claimant"),
    "rationale": N_("Rationale"),
    "figure": N_("Figure"),
    "metric": N_("Metric"),
    "baseline": N_("Baseline"),
    "conditions": N_("Conditions"),
    "tolerance": N_("Tolerance"),
}


@dataclass(frozen=True)
class FieldChange:
    """One field a correction put right, with its previous wording."""

    field: str  # the record's: statement, claimant, quantity, rationale
    part: str  # what pages name (FIELD_LABELS): the field, or a part of the quantity
    was: str  # the previous wording, in the records' language ("" for a part left empty)
    # A quantity's previous figure, said in each page's language (the bound's words are
    # translated): (value, unit, the bound's pattern as builders.BOUND_WORDS gives it).
    figure: tuple[float, str, str] | None = None
    tolerance: float | None = None  # a previous tolerance, shown as a percentage

    @property
    def label(self) -> str:
        return FIELD_LABELS[self.part]


@dataclass(frozen=True)
class CorrectionView:
    index: int  # of the history entry
    date: dt.date
    note: Localized
    changes: tuple[FieldChange, ...]
    lang: str  # the records' language: the previous wording's


def claimant_display(c: Claimant) -> str:
    """'Jane Doe (Head of inference, Acme)': as the claim page names a claimant."""
    details = [part for part in (c.role, c.organisation) if part]
    return f"{c.name} ({', '.join(details)})" if details else c.name


def quantity_changes(
    was: Quantity, now: Quantity | None, pattern: Callable[[Quantity], str]
) -> list[FieldChange]:
    """The parts of a quantity that differ from the claim's now (every part when it has
    none): the figure (value, unit, bound), the metric, the baseline, the conditions, the
    tolerance.  ``pattern``: a bound's pattern ('up to %(amount)s')."""
    out: list[FieldChange] = []

    def differs(name: str) -> bool:
        return now is None or getattr(was, name) != getattr(now, name)

    if differs("value") or differs("unit") or differs("bound"):
        out.append(FieldChange("quantity", "figure", "", (was.value, was.unit, pattern(was))))
    for part in ("metric", "baseline", "conditions"):
        if differs(part):
            out.append(FieldChange("quantity", part, (getattr(was, part) or "").strip()))
    if differs("tolerance"):
        out.append(FieldChange("quantity", "tolerance", "", tolerance=was.tolerance))
    return out


def correction_view(
    index: int,
    entry: HistoryEntry,
    note: Localized,
    now: Quantity | None,
    lang: str,
    pattern: Callable[[Quantity], str],
) -> CorrectionView | None:
    """The view of the claim's history entry ``index`` when it is a correction, else None.
    ``now``: the claim's quantity; ``lang``: the records' language."""
    fields = previous_fields(entry)
    if not fields:
        return None
    changes: list[FieldChange] = []
    for name, value in fields.items():
        if isinstance(value, Quantity):
            changes += quantity_changes(value, now, pattern)
        elif isinstance(value, Claimant):
            changes.append(FieldChange(name, name, claimant_display(value)))
        else:
            changes.append(FieldChange(name, name, value.strip()))
    return CorrectionView(index, entry.date, note, tuple(changes), lang)


def newest_first(items: Iterable[tuple[CorrectionView, T]]) -> list[tuple[CorrectionView, T]]:
    """Corrections newest first; those of one day in the order given (the pages give the
    claims by id, each claim's latest correction first)."""
    return sorted(items, key=lambda item: -item[0].date.toordinal())
