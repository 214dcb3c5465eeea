"""Computed facts about a figure's measurements: independence, value in the claim's unit,
and agreement with the claimed bound.

Shared by the rules (check/measured.py) and the site, through ``Analysis.measured``, so
that the checker and the pages never disagree.  ``agreement`` is a pure function of the
bound, the claimed value, the tolerance and the measured value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from ..records import Bound, Claim, Measurement
from .units import converted


class Agreement(StrEnum):
    REACHED = "reached"  # up-to: within the tolerance of the ceiling
    EXCEEDED = "exceeded"  # up-to: above it
    NOT_REACHED = "not-reached"  # up-to: below it
    CONSISTENT = "consistent"
    CONTRADICTED = "contradicted"
    MIXED = "mixed"  # a claim's independent measurements disagree with each other
    NONE = "none"  # nothing (independent and comparable) to judge by


SUPPORTS = frozenset({Agreement.REACHED, Agreement.EXCEEDED, Agreement.CONSISTENT})
CONTRADICTS = frozenset({Agreement.NOT_REACHED, Agreement.CONTRADICTED})


def agreement(bound: Bound, claimed: float, tolerance: float, measured: float) -> Agreement:
    """How one measured value (in the claim's unit) stands to the claimed bound."""
    band = abs(claimed) * tolerance
    if bound is Bound.UP_TO:
        if measured > claimed + band:
            return Agreement.EXCEEDED
        return Agreement.REACHED if measured >= claimed - band else Agreement.NOT_REACHED
    if bound is Bound.AT_LEAST:
        return Agreement.CONSISTENT if measured >= claimed - band else Agreement.CONTRADICTED
    close = abs(measured - claimed) <= band
    return Agreement.CONSISTENT if close else Agreement.CONTRADICTED


def overall(bound: Bound, judged: Iterable[tuple[float, Agreement]]) -> Agreement:
    """The claim's agreement from its independent, comparable measurements.

    For a ceiling the best value decides ("up to 8x" is reached when any honest run
    reaches it); for the other bounds every measurement counts, and measurements
    that disagree with each other make the claim's agreement mixed.
    """
    items = list(judged)
    if not items:
        return Agreement.NONE
    if bound is Bound.UP_TO:
        return max(items, key=lambda item: item[0])[1]
    found = {a for _, a in items}
    return found.pop() if len(found) == 1 else Agreement.MIXED


@dataclass(frozen=True, slots=True)
class MeasuredValue:
    """One measurement as judged against its claim."""

    index: int
    independent: bool
    in_claim_unit: float | None  # None: its unit cannot be compared with the claim's
    agreement: Agreement  # of this measurement alone (NONE when not comparable)


@dataclass(frozen=True, slots=True)
class Measured:
    """What a figure's measurements say about it."""

    values: tuple[MeasuredValue, ...]
    agreement: Agreement  # from the independent, comparable ones
    best: float | None  # highest independent value, in the claim's unit
    independent: int  # how many independent, comparable measurements


def is_independent(
    m: Measurement, claim_origins: frozenset[str], origins: dict[str, frozenset[str]]
) -> bool:
    """No source of the measurement shares an origin with the claim's own evidence (the
    derivation graph of corroboration); a measurement naming no known source is not."""
    theirs = [origins[ev.source] for ev in m.evidence if ev.source in origins]
    return bool(theirs) and not any(o & claim_origins for o in theirs)


# A value in a unit expressed in another, None when they do not compare (units.converted).
Convert = Callable[[float, str, str], float | None]


def judge(
    claim: Claim,
    claim_origins: frozenset[str],
    origins: dict[str, frozenset[str]],
    convert: Convert = converted,
) -> Measured | None:
    """The facts of a figure's measurements; None for a claim without a quantity.
    ``convert``: how a value is put in the claim's unit (the check store's, which
    remembers pint's answers between runs)."""
    q = claim.quantity
    if q is None:
        return None
    values = []
    for i, m in enumerate(claim.measurements):
        value = convert(m.value, m.unit, q.unit)
        judged = (
            Agreement.NONE if value is None else agreement(q.bound, q.value, q.tolerance, value)
        )
        independent = is_independent(m, claim_origins, origins)
        values.append(MeasuredValue(i, independent, value, judged))
    counted = [
        (v.in_claim_unit, v.agreement)
        for v in values
        if v.independent and v.in_claim_unit is not None
    ]
    best = max((value for value, _ in counted), default=None)
    return Measured(tuple(values), overall(q.bound, counted), best, len(counted))
