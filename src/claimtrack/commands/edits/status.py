"""`claimtrack status`: record a status change, keeping the file exactly as the editor wrote it.

The claim gains one history entry and its top-level status follows it; every
comment, blank line, key order and quoting style stays.  The change is
checked against every rule of `claimtrack check` before it is written, and
written atomically.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from ...codes import Code
from ...edit.apply import Change, apply
from ...edit.changes.status import NewEntry, QuoteItem, edit_status
from ...errors import DataError, UsageError
from ...problems import Problem, format_text
from ...records import Status, TranslatedBy
from ...textrules import describe_illegal, first_illegal
from ..options import date_arg, evidence_arg, record_id_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    statuses = ", ".join(s.value for s in Status)
    parser = sub.add_parser(
        "status",
        help="record a status change of a claim (its history gains one entry)",
        description="Append a dated entry to a claim's history and set its status to match, "
        "editing the file in place: comments, blank lines, key order and quoting stay. "
        "Refused, with the file untouched, when the change would fail `claimtrack check`.",
    )
    parser.add_argument(
        "claim_id", type=record_id_arg, metavar="CLAIM_ID", help="id of the claim (claims/ID.yaml)"
    )
    parser.add_argument("new_status", metavar="NEW_STATUS", help=f"one of: {statuses}")
    parser.add_argument("--note", required=True, metavar="TEXT", help="why the status changed")
    parser.add_argument(
        "--evidence",
        action=_Evidence,
        type=evidence_arg,
        default=[],
        metavar="SOURCE_ID[@REVISION]",
        help="a source behind the change (repeat for several); SOURCE_ID@REVISION cites the "
        "later version of the source that entry of its revisions: keeps (its retrieved date, "
        "DATE#2 for a day's second), for the --quote after it",
    )
    parser.add_argument(
        "--quote",
        action=_QuotePart,
        dest="evidence",
        metavar="TEXT",
        help="the words of the --evidence before it that prove the change, exactly as they "
        "stand in its archived copy, or in the revision it names (refused when they do not)",
    )
    parser.add_argument(
        "--translation",
        action=_QuotePart,
        dest="evidence",
        metavar="TEXT",
        help="English translation of the --quote before it, for a source not in English",
    )
    parser.add_argument(
        "--translated-by",
        action=_QuotePart,
        dest="evidence",
        choices=[t.value for t in TranslatedBy],
        help="who translated the --quote before it",
    )
    parser.add_argument(
        "--rationale",
        metavar="TEXT",
        help="the claim's new rationale (why this status), changed in the same edit: the new "
        "entry's fingerprint covers it",
    )
    parser.add_argument(
        "--date",
        type=date_arg,
        default=None,
        metavar="YYYY-MM-DD",
        help="date of the change (default: today, or --today)",
    )
    common(parser)
    parser.set_defaults(run=run)


class _Evidence(argparse.Action):
    """--evidence SOURCE_ID[@REVISION]: one item of the new entry's evidence, in the order
    given; one naming a revision is a quote item, its --quote to come."""

    def __call__(
        self, parser: argparse.ArgumentParser, ns: argparse.Namespace, value: Any, opt: Any = None
    ) -> None:
        items: list[str | QuoteItem] = list(getattr(ns, self.dest) or [])
        source, revision = value
        items.append(source if revision is None else QuoteItem(source, "", revision=revision))
        setattr(ns, self.dest, items)


class _QuotePart(argparse.Action):
    """--quote, --translation, --translated-by: they complete the --evidence before them,
    which becomes a quote item ``{source, quote, translation, translated_by}``."""

    def __call__(
        self, parser: argparse.ArgumentParser, ns: argparse.Namespace, value: Any, opt: Any = None
    ) -> None:
        items: list[str | QuoteItem] = list(getattr(ns, self.dest) or [])
        field = str(opt).lstrip("-").replace("-", "_")
        if not items:
            parser.error(f"{opt} needs an --evidence SOURCE_ID before it")
        last = items[-1]
        item = QuoteItem(last, "") if isinstance(last, str) else last
        if field != "quote" and not item.quote:
            parser.error(f"{opt} needs a --quote before it (after its --evidence)")
        if getattr(item, field) not in (None, "") or (
            field == "quote" and isinstance(last, QuoteItem) and last.revision is None
        ):
            parser.error(f"{opt} given twice for --evidence {item.source}")
        items[-1] = dataclasses.replace(item, **{field: str(value)})
        setattr(ns, self.dest, items)


def _refuse_unpublishable(option: str, value: str) -> None:
    # Checked here, not only by the rules: a lone surrogate (undecodable bytes in
    # the command line) cannot even be written into the YAML text.
    bad = first_illegal(value)
    if bad is not None:
        raise UsageError(
            f"{option}: character {describe_illegal(value, bad)} cannot be published "
            "(XML, and so the feed, cannot carry it); nothing was written"
        )


# The check's hints name the record's keys; here the quote came from options, and so does
# the fix.  A change adds only its own entry: these problems, when it causes them, are its.
_OPTION_HINTS = {
    Code.TRANSLATION_MISSING: "give --translation TEXT and --translated-by person|machine "
    "after its --quote",
    Code.TRANSLATED_BY_MISSING: "give --translated-by person|machine after its --translation",
}


def _hints_for_options(problems: list[Problem]) -> list[Problem]:
    return [dataclasses.replace(p, hint=_OPTION_HINTS.get(p.code, p.hint)) for p in problems]


def run(args: argparse.Namespace) -> int:
    _refuse_unpublishable("--note", args.note)
    if args.rationale is not None:
        _refuse_unpublishable("--rationale", args.rationale)
    for item in args.evidence:
        if isinstance(item, str):
            _refuse_unpublishable("--evidence", item)
            continue
        if not item.quote:
            # A plain source id names no version: a revision is cited for its words.
            raise UsageError(
                f"--evidence {item.source}@{item.revision} needs a --quote after it: a "
                "revision is cited for the words it holds; nothing was written"
            )
        for key, value in item.pairs():
            _refuse_unpublishable("--" + key.replace("_", "-"), value)
    today: dt.date = args.today or dt.date.today()
    entry = NewEntry(
        date=(args.date or today).isoformat(),
        status=args.new_status,
        note=args.note,
        evidence=tuple(args.evidence),
    )
    try:
        splice = partial(edit_status, entry=entry, rationale=args.rationale)
        done = apply(args.root, Change(args.claim_id, splice), today)
    except DataError as exc:
        raise DataError(_hints_for_options(exc.problems), str(exc)) from None
    rationale = "; the rationale is the one given" if args.rationale is not None else ""
    print(
        f"{done.relpath}: status {args.new_status} since {entry.date}; history has one entry "
        f"more{rationale}"
    )
    if done.warnings:
        print(format_text(done.warnings), file=sys.stderr)
    if done.remaining:
        count = len(done.remaining)
        print(
            f"note: the tracker still has {count} error{'s' * (count != 1)} that this change "
            "did not cause; run `claimtrack check`",
            file=sys.stderr,
        )
    return 0
