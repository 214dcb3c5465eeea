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
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..edit.proposal import judge
from ..edit.yamledit import NewEntry, QuoteItem, edit_status
from ..errors import ClaimtrackError, DataError, FileRefused, UsageError
from ..fsutil import atomic_write_bytes, read_regular
from ..load import load_tracker
from ..load.files import read_data_file
from ..load.validation import suggest
from ..load.yamlsource import MAX_BYTES
from ..problems import Problem
from ..records import Status, TranslatedBy
from ..textrules import describe_illegal, first_illegal
from ..values import ID_RULE, is_record_id
from .options import date_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    statuses = ", ".join(s.value for s in Status)
    parser = sub.add_parser(
        "status",
        help="record a status change of a claim (its history gains one entry)",
        description="Append a dated entry to a claim's history and set its status to match, "
        "editing the file in place: comments, blank lines, key order and quoting stay. "
        "Refused, with the file untouched, when the change would fail `claimtrack check`.",
    )
    parser.add_argument("claim_id", metavar="CLAIM_ID", help="id of the claim (claims/ID.yaml)")
    parser.add_argument("new_status", metavar="NEW_STATUS", help=f"one of: {statuses}")
    parser.add_argument("--note", required=True, metavar="TEXT", help="why the status changed")
    parser.add_argument(
        "--evidence",
        action=_Evidence,
        default=[],
        metavar="SOURCE_ID",
        help="a source behind the change (repeat for several)",
    )
    parser.add_argument(
        "--quote",
        action=_QuotePart,
        dest="evidence",
        metavar="TEXT",
        help="the words of the --evidence before it that prove the change, exactly as they "
        "stand in its archived copy (refused when they do not)",
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
        "--date",
        type=date_arg,
        default=None,
        metavar="YYYY-MM-DD",
        help="date of the change (default: today, or --today)",
    )
    common(parser)
    parser.set_defaults(run=run)


class _Evidence(argparse.Action):
    """--evidence SOURCE_ID: one item of the new entry's evidence, in the order given."""

    def __call__(
        self, parser: argparse.ArgumentParser, ns: argparse.Namespace, value: Any, opt: Any = None
    ) -> None:
        items: list[str | QuoteItem] = list(getattr(ns, self.dest) or [])
        items.append(str(value))
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
            field == "quote" and isinstance(last, QuoteItem)
        ):
            parser.error(f"{opt} given twice for --evidence {item.source}")
        items[-1] = dataclasses.replace(item, **{field: str(value)})
        setattr(ns, self.dest, items)


def claim_path(root: Path, claim_id: str) -> Path:
    if not is_record_id(claim_id):
        raise ClaimtrackError(f"{claim_id!r} is not a valid claim id ({ID_RULE})")
    path = root / "claims" / f"{claim_id}.yaml"
    # lexists: a FIFO, folder or link loop there is reported by read_data_file, not "missing".
    if not os.path.lexists(path):
        known = [p.stem for p in (root / "claims").glob("*.yaml")]
        hint = suggest(claim_id, known)
        raise ClaimtrackError(
            f"no claim {claim_id!r}: claims/{claim_id}.yaml does not exist"
            + (f"; {hint}" if hint else "")
        )
    return path


def _refuse_unpublishable(option: str, value: str) -> None:
    # Checked here, not only by the rules: a lone surrogate (undecodable bytes in
    # the command line) cannot even be written into the YAML text.
    bad = first_illegal(value)
    if bad is not None:
        raise UsageError(
            f"{option}: character {describe_illegal(value, bad)} cannot be published "
            "(XML, and so the feed, cannot carry it); nothing was written"
        )


def run(args: argparse.Namespace) -> int:
    _refuse_unpublishable("--note", args.note)
    for item in args.evidence:
        if isinstance(item, str):
            _refuse_unpublishable("--evidence", item)
            continue
        for key, value in item.pairs():
            _refuse_unpublishable("--" + key.replace("_", "-"), value)
    root: Path = args.root
    root = root.resolve()
    path = claim_path(root, args.claim_id)
    relpath = f"claims/{args.claim_id}.yaml"
    today: dt.date = args.today or dt.date.today()
    entry = NewEntry(
        date=(args.date or today).isoformat(),
        status=args.new_status,
        note=args.note,
        evidence=tuple(args.evidence),
    )
    read_problems: list[Problem] = []
    raw = read_data_file(root, path, read_problems)
    if raw is None:
        raise DataError(read_problems, f"cannot read {relpath}")
    new_raw = edit_status(raw, relpath, entry)
    verdict = judge(load_tracker(root), args.claim_id, relpath, new_raw, today)
    if verdict.caused:
        raise DataError(
            verdict.caused,
            f"refused: the change would break the rules above; {relpath} is unchanged "
            "(its line numbers above are those the file would have after the change)",
        )
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        unchanged = read_regular(target, MAX_BYTES) == raw
    except FileRefused:
        unchanged = False
    if not unchanged:
        raise ClaimtrackError(f"{relpath} changed while this command ran; run it again")
    try:
        atomic_write_bytes(target, new_raw)
    except OSError as exc:
        raise ClaimtrackError(
            f"cannot write {relpath} ({exc.strerror or exc}); the file is unchanged"
        ) from None
    print(f"{relpath}: status {args.new_status} since {entry.date}; history has one entry more")
    if verdict.remaining:
        count = len(verdict.remaining)
        print(
            f"note: the tracker still has {count} error{'s' * (count != 1)} that this change "
            "did not cause; run `claimtrack check`",
            file=sys.stderr,
        )
    return 0
