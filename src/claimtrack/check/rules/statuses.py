"""Status rules: the status, its history and the claim's kind tell one story."""

from __future__ import annotations

from collections.abc import Iterator

from ...codes import Code
from ...load import Loaded
from ...problems import Problem, a_or_an, report
from ...records import OMISSION_STATUSES, Claim, ClaimKind, Status
from ..analysis import Analysis, ClaimRule


def status_matches_history(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    last = claim.history[-1].status
    if claim.status != last:
        yield report(
            loaded.path,
            loaded.positions.value(("status",)),
            Code.STATUS_HISTORY_MISMATCH,
            f"status is {claim.status.value!r} but the last history entry says {last.value!r}",
            "record the change as a history entry",
        )


def status_fits_kind(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    omission = claim.kind is ClaimKind.OMISSION
    entries = [(("status",), claim.status)] + [
        (("history", i, "status"), e.status) for i, e in enumerate(claim.history)
    ]
    for path, status in entries:
        if omission and status not in OMISSION_STATUSES:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.OMISSION_STATUS,
                f"an omission is undisclosed or disclosed, not {status.value!r}",
            )
        elif not omission and status in OMISSION_STATUSES:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.OMISSION_STATUS,
                f"{status.value!r} is only for claims of kind omission",
            )


def quantity_fits_kind(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    if claim.kind is ClaimKind.FIGURE and claim.quantity is None:
        yield report(
            loaded.path,
            loaded.positions.key(("kind",)),
            Code.QUANTITY_MISSING,
            "a figure needs a quantity (value, unit, bound, metric)",
        )
    elif claim.kind is not ClaimKind.FIGURE and claim.quantity is not None:
        yield report(
            loaded.path,
            loaded.positions.key(("quantity",)),
            Code.QUANTITY_UNEXPECTED,
            f"only figures carry a quantity, this claim is {a_or_an(claim.kind.value)}",
            "set kind: figure or remove quantity",
        )


def history_dates(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    previous = None
    for i, entry in enumerate(loaded.record.history):
        path = ("history", i, "date")
        if entry.date > a.today:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.HISTORY_FUTURE,
                f"history date {entry.date} is in the future",
            )
        if previous is not None and entry.date < previous:
            yield report(
                loaded.path,
                loaded.positions.value(path),
                Code.HISTORY_ORDER,
                f"history date {entry.date} is before the entry above it ({previous})",
                "history runs oldest first",
            )
        previous = entry.date


def corroboration(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    if loaded.record.status is not Status.CORROBORATED:
        return
    origins = a.claim_origins(loaded.id)
    if len(origins) < 2:
        yield report(
            loaded.path,
            loaded.positions.value(("status",)),
            Code.CORROBORATION_ORIGINS,
            f"corroborated needs at least two independent origins, found "
            f"{len(origins)} ({', '.join(origins) or 'none'})",
            "reports derived from one source are one origin",
        )


def disclosure_evidence(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    for i, entry in enumerate(claim.history):
        if entry.status is not Status.DISCLOSED:
            continue
        recorded = claim.history[0].date
        dated = [
            sid
            for sid in entry.source_ids
            if sid in a.tracker.sources
            and (published := a.tracker.sources[sid].record.published) is not None
            and published > recorded
        ]
        if not dated:
            yield report(
                loaded.path,
                loaded.positions.value(("history", i, "status")),
                Code.DISCLOSED_EVIDENCE,
                "disclosed needs evidence: a source published after the omission was "
                f"recorded ({recorded})",
                "list it under this entry's evidence, with its published date",
            )


def staleness(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    if a.is_stale(loaded.id):
        yield report(
            loaded.path,
            loaded.positions.value(("review_by",)),
            Code.STALE,
            f"review_by {loaded.record.review_by} has passed: the claim is stale",
            "look at it again and move review_by forward",
        )


CLAIM_RULES: tuple[ClaimRule, ...] = (
    status_matches_history,
    status_fits_kind,
    quantity_fits_kind,
    history_dates,
    corroboration,
    disclosure_evidence,
    staleness,
)
