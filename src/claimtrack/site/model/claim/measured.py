"""The views of a figure's measurements: the claimed-versus-measured chart and its table,
and the line the lists show ("measured: 3.1x (best of 2 independent)").

Every fact comes from check/measurements.py through the analysis; this module only
shapes it for the templates (_measurements.html) and the JSON.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ....check.measurements import Measured
from ....i18n import N_
from ....records import Bound, Claim, Evidence
from ..localized import Localized
from ..parts import (
    MEASURE_AXIS,
    MEASURE_ROW,
    EvidenceView,
    MeasuredLine,
)


@dataclass(frozen=True)
class MeasurementView:
    index: int
    amount: str  # as measured: "120 tokens/min"
    in_claim_unit: str | None  # in the claim's unit when it differs: "2 tokens/s"
    comparable: bool
    metric: str
    conditions: Localized | None
    workload: str | None
    output_tokens: int | None
    concurrency: int | None
    hardware: str | None
    measured_by: str
    date: dt.date
    independent: bool
    agreement: str  # check.measurements.Agreement
    evidence: tuple[EvidenceView, ...]
    # In the chart: the row's top and the bar's length, in the chart's user units.
    y: int
    width: int
    value_x: int  # where the value is written: after the bar, clear of the claimed line
    label: str  # measured_by, cut to fit the chart's label column


@dataclass(frozen=True)
class MeasuredView:
    """A figure's measurements, the claim's agreement with them, and the chart's geometry."""

    items: tuple[MeasurementView, ...]
    agreement: str
    best: str | None
    independent: int
    claimed: str  # "up to 3x"
    bound: str  # records.Bound value
    tolerance: float  # 0.1, which pages show as "10%" (the |percent filter)
    scale_max: str  # the value at the right end of the axis, in the claim's unit
    claimed_x: int  # where the claimed value stands
    band_x: int  # the tolerance band around it (to the end of the axis for at-least)
    band_width: int
    height: int


Amount = Callable[[float, str], str]
LABEL_CHARS = 26
# A measurement's agreement is shown as its value ("not-reached") in English, so each
# value is its own message id, translated where shown (the table, the feed).
AGREEMENT_WORDS = (
    N_("reached"),
    N_("exceeded"),
    N_("not-reached"),
    N_("consistent"),
    N_("contradicted"),
    N_("mixed"),
    N_("none"),
)


def rounded(value: float) -> float:
    """Three significant digits: a converted 83.33333 tokens/s is shown as 83.3."""
    if value == 0 or not math.isfinite(value):
        return value
    digits = 2 - math.floor(math.log10(abs(value)))
    return round(value, max(digits, 0)) if digits > 0 else float(round(value))


def nice_ceiling(value: float) -> float:
    """The axis's end: the first of 1, 2, 2.5, 5 (times a power of ten) at or above ``value``."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 2.5, 5, 10) if step * power >= value)


def measured_line(claim: Claim, facts: Measured | None, amount: Amount) -> MeasuredLine | None:
    if facts is None or facts.best is None or claim.quantity is None:
        return None
    return MeasuredLine(amount(rounded(facts.best), claim.quantity.unit), facts.independent)


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1].rstrip() + "…"


def measured_view(
    claim: Claim,
    facts: Measured | None,
    evidence: Callable[[Evidence], EvidenceView],
    amount: Amount,
    claimed: str,
    conditions: Sequence[Localized | None],
) -> MeasuredView | None:
    """``claimed``: the figure as QuantityView.figure words it ("up to 3x"), for the data;
    ``conditions``: each measurement's conditions text, in file order (ClaimTexts)."""
    q = claim.quantity
    if q is None or facts is None:
        return None
    values = [v.in_claim_unit for v in facts.values if v.in_claim_unit is not None]
    # The axis runs from 0 past the claim's tolerance and the highest measurement.
    top = max([abs(q.value) * (1 + q.tolerance), *(abs(v) for v in values)]) or 1.0
    scale = nice_ceiling(top * 1.05)

    def x(value: float) -> int:
        return round(MEASURE_AXIS * max(0.0, min(value, scale)) / scale)

    claimed_x = x(q.value)

    def value_x(width: int, text: str) -> int:
        # About 8 units a character at the chart's 14px bold: a value that would run
        # across the claimed line is written after it instead.
        start = width + 6
        if start <= claimed_x + 4 and start + 8 * len(text) >= claimed_x - 4:
            return claimed_x + 6
        return start

    items = []
    for row, v in enumerate(facts.values):
        m = claim.measurements[v.index]
        c = m.conditions
        converted = v.in_claim_unit
        shown = (
            amount(rounded(converted), q.unit)
            if converted is not None and m.unit.strip() != q.unit.strip()
            else None
        )
        items.append(
            MeasurementView(
                index=v.index,
                amount=amount(m.value, m.unit),
                in_claim_unit=shown,
                comparable=converted is not None,
                metric=m.metric or q.metric,
                conditions=conditions[v.index],
                workload=c.workload,
                output_tokens=c.output_tokens,
                concurrency=c.concurrency,
                hardware=c.hardware,
                measured_by=m.measured_by,
                date=m.date,
                independent=v.independent,
                agreement=v.agreement.value,
                evidence=tuple(evidence(ev) for ev in m.evidence),
                y=(row + 1) * MEASURE_ROW,
                width=(width := max(2, x(converted)) if converted is not None else 0),
                value_x=value_x(width, (shown or amount(m.value, m.unit)) + " *"),
                label=_cut(m.measured_by),
            )
        )
    band = abs(q.value) * q.tolerance
    low, high = x(q.value - band), x(q.value + band)
    if q.bound is Bound.AT_LEAST:
        high = MEASURE_AXIS
    best = facts.best
    return MeasuredView(
        items=tuple(items),
        agreement=facts.agreement.value,
        best=amount(rounded(best), q.unit) if best is not None else None,
        independent=facts.independent,
        claimed=claimed,
        bound=q.bound.value,
        tolerance=q.tolerance,
        scale_max=amount(rounded(scale), q.unit),
        claimed_x=claimed_x,
        band_x=low,
        band_width=max(1, high - low),
        height=(len(items) + 1) * MEASURE_ROW + 24,
    )
