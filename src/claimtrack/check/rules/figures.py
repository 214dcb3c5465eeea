"""Rules about a figure's measurements: comparable units, plausible dates, and a status
that the independent measurements bear out (facts from check/measurements.py)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ...codes import Code
from ...load import Loaded
from ...problems import Problem, a_or_an, report
from ...records import Claim, ClaimKind, Status
from ..analysis import Analysis, ClaimRule
from ..measurements import CONTRADICTS, SUPPORTS, Agreement
from ..units import RATIO_UNITS

# Statuses that say a figure holds, and the one that says it does not.
HOLDS = frozenset({Status.VERIFIED, Status.CORROBORATED})


def measurements_fit_kind(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    if claim.measurements and claim.kind is not ClaimKind.FIGURE:
        yield report(
            loaded.path,
            loaded.positions.key(("measurements",)),
            Code.QUANTITY_UNEXPECTED,
            f"only figures carry measurements, this claim is {a_or_an(claim.kind.value)}",
            "set kind: figure (with its quantity) or remove measurements",
        )


def measurement_units(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    facts = a.measured(loaded.id)
    q = loaded.record.quantity
    if facts is None or q is None:
        return
    for value in facts.values:
        if value.in_claim_unit is not None:
            continue
        unit = loaded.record.measurements[value.index].unit
        ratio = unit.strip() in RATIO_UNITS or q.unit.strip() in RATIO_UNITS
        yield report(
            loaded.path,
            loaded.positions.value(("measurements", value.index, "unit")),
            Code.MEASUREMENT_UNIT,
            f"a measurement in {unit!r} cannot be compared with the claim's {q.unit!r}",
            "x (a multiple) compares only with x"
            if ratio
            else "use a unit of the same dimension, e.g. tokens/s for tokens/min, ms for s",
        )


def claim_made(a: Analysis, claim: Claim) -> dt.date | None:
    """When the claim was made: the earliest published date of its evidence sources (None
    when none is known).  Not the first history date: that is when it was recorded here,
    and a measurement published between the announcement and the record is sound."""
    dates = [
        published
        for ev in claim.evidence
        if ev.source in a.tracker.sources
        and (published := a.tracker.sources[ev.source].record.published) is not None
    ]
    return min(dates, default=None)


def measurement_dates(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    if not claim.measurements:
        return
    made = claim_made(a, claim)
    for i, m in enumerate(claim.measurements):
        path = ("measurements", i, "date")
        if m.date > a.today:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.MEASUREMENT_DATE,
                f"measurement date {m.date} is in the future",
            )
        elif made is not None and m.date < made:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.MEASUREMENT_DATE,
                f"measurement date {m.date} is before the claim was made ({made}, the "
                "earliest published date of its evidence)",
                "a measurement of this claim cannot predate it; a typo in the date?",
            )


def status_fits_measurements(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    facts = a.measured(loaded.id)
    if facts is None or claim.kind is not ClaimKind.FIGURE:
        return
    judged = [v.agreement for v in facts.values if v.independent and v.in_claim_unit is not None]
    pos = loaded.positions.value(("status",))
    if claim.status is Status.VERIFIED and not any(j in SUPPORTS for j in judged):
        yield report(
            loaded.path,
            pos,
            Code.VERIFICATION_EVIDENCE,
            "verified needs an independent measurement that reaches, exceeds or agrees with "
            f"the figure; found {_count(judged)}",
            "add it under measurements:, with a source that does not derive from the claim's own",
        )
    if claim.status is Status.FALSE and not any(j in CONTRADICTS for j in judged):
        yield report(
            loaded.path,
            pos,
            Code.FALSE_EVIDENCE,
            f"false needs an independent measurement that contradicts the figure; found "
            f"{_count(judged)}",
            "add it under measurements:, with a source that does not derive from the claim's own",
        )
    if not judged:
        return
    best = facts.best
    if claim.status in HOLDS and all(j in CONTRADICTS for j in judged):
        q = claim.quantity
        share = (
            f"; the best measured value is {best / q.value:.0%} of the claim"
            if q is not None and best is not None and q.value
            else ""
        )
        yield report(
            loaded.path,
            pos,
            Code.STATUS_VS_MEASUREMENTS,
            f"status is {claim.status.value!r} but every independent measurement falls short "
            f"of or contradicts the figure{share}",
            "change the status (claimtrack status) or record why the measurements do not apply",
        )
    elif claim.status is Status.FALSE and all(j in SUPPORTS for j in judged):
        yield report(
            loaded.path,
            pos,
            Code.STATUS_VS_MEASUREMENTS,
            "status is 'false' but every independent measurement agrees with the figure",
            "change the status (claimtrack status) or record why the measurements do not apply",
        )


def _count(judged: list[Agreement]) -> str:
    if not judged:
        return "no independent measurement"
    n = len(judged)
    return f"{n} independent measurement{'s' * (n != 1)}, none that does"


CLAIM_RULES: tuple[ClaimRule, ...] = (
    measurements_fit_kind,
    measurement_units,
    measurement_dates,
    status_fits_measurements,
)
