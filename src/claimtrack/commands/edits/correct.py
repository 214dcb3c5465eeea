"""`claimtrack correct`: record a correction of what readers read, or stamp what they read.

``correct CLAIM_ID --note TEXT`` appends a correction to the claim's history: the note,
each field that changed (statement, claimant, quantity, rationale) with its previous
wording, the claim's status as it is, and the fingerprints of what readers read from
then on.  The previous wording comes from the last committed version of the file when
the tracker is in a git repository, else from ``--was FIELD=TEXT``.

``correct --stamp [CLAIM_ID ...]`` writes, once, the fingerprint of what readers read
into the latest history entry of each claim whose history has none yet (records
written before claimtrack kept them): see edit/changes/correction.stamp for what it
refuses.  Every write goes through the one edit workflow (edit/apply.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...edit.apply import Change, apply
from ...edit.changes.correction import Correction, correct, stamp
from ...edit.committed import committed
from ...edit.splice import TextSplice, checked_splice
from ...errors import ClaimtrackError, UsageError
from ...layout import CLAIMS, RECORD_SUFFIX, record_rel
from ...load.yamlsource import parse_document
from ...records.corrections import READ_FIELDS, TEXT_FIELDS, Value, value_of
from ...textrules import describe_illegal, first_illegal
from ..options import date_arg, record_id_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "correct",
        help="record a correction of a claim's statement, claimant, quantity or rationale",
        description="Append a correction to a claim's history: the note, each field that "
        "changed with its previous wording (from the last commit in a git repository, else "
        "--was), the status as it is, and the fingerprint of what readers read from then on. "
        "Or, with --stamp, write that fingerprint once into the latest entry of claims that "
        "have none. Refused, with the file untouched, when the change would fail "
        "`claimtrack check` or record something untrue.",
    )
    parser.add_argument(
        "claim_ids",
        type=record_id_arg,
        nargs="*",
        metavar="CLAIM_ID",
        help="the claim to correct; with --stamp, the claims to stamp (default: every claim)",
    )
    parser.add_argument("--note", metavar="TEXT", help="what was put right, and why")
    parser.add_argument(
        "--was",
        action="append",
        default=[],
        metavar="FIELD=TEXT",
        help="a field's previous wording, as readers read it (repeat for several): statement "
        "or rationale as text; claimant as a name or a YAML mapping {name: ..., role: ...}; "
        "quantity as a YAML mapping {value: 8, unit: x, bound: up-to, metric: ...}. Without "
        "it, the last committed version's (git)",
    )
    parser.add_argument(
        "--date",
        type=date_arg,
        default=None,
        metavar="YYYY-MM-DD",
        help="date of the correction (default: today, or --today)",
    )
    parser.add_argument(
        "--stamp",
        action="store_true",
        help="write the fingerprint of what readers read into the latest history entry of "
        "each claim that has none (once, for records older than the fingerprints)",
    )
    common(parser)
    parser.set_defaults(run=run)


def _text(option: str, value: str) -> str:
    # A lone surrogate (undecodable bytes on the command line) cannot even be written.
    bad = first_illegal(value)
    if bad is not None:
        raise UsageError(
            f"{option}: character {describe_illegal(value, bad)} cannot be published; "
            "nothing was written"
        )
    return value


def previous(given: list[str]) -> dict[str, Value]:
    """--was FIELD=TEXT, each as the field's value (UsageError when it is not one)."""
    out: dict[str, Value] = {}
    for item in given:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or name not in READ_FIELDS:
            raise UsageError(
                f"--was {item!r}: write FIELD=TEXT, FIELD one of {', '.join(READ_FIELDS)}"
            )
        if name in out:
            raise UsageError(f"--was {name} given twice")
        text = _text(f"--was {name}", text)
        data: Any = text
        if name not in TEXT_FIELDS and text.lstrip().startswith("{"):
            data = parse_document(text.encode("utf-8"), f"--was {name}").data
        elif name == "claimant":
            data = {"name": text}
        try:
            out[name] = value_of(name, data)
        except ValueError as exc:
            shown = str(exc).splitlines()[0] if str(exc) else "not a valid value"
            raise UsageError(f"--was {name}: {shown}") from None
    return out


def committed_values(root: Path, rel: str) -> dict[str, Value] | None:
    """The read fields of the file's last committed version (None outside a git
    repository); ClaimtrackError when it has none or it does not load."""
    raw = committed(root, rel)
    if raw is None:
        return None
    data = parse_document(raw, rel).data
    if not isinstance(data, dict):
        raise ClaimtrackError(f"the committed {rel} does not load; give --was FIELD=TEXT")
    out: dict[str, Value] = {}
    for name in READ_FIELDS:
        if data.get(name) is None:
            continue
        try:
            out[name] = value_of(name, data[name])
        except ValueError:
            raise ClaimtrackError(
                f"the committed {rel} has no valid {name}; give --was {name}=TEXT"
            ) from None
    return out


def _of_text(splice: TextSplice) -> Callable[[bytes, str], bytes]:
    return lambda raw, rel: checked_splice(raw, rel, splice)


def run(args: argparse.Namespace) -> int:
    if args.stamp:
        if args.note is not None or args.was:
            raise UsageError("--stamp writes fingerprints only: give no --note or --was")
        return _stamp(args)
    if len(args.claim_ids) != 1 or args.note is None:
        raise UsageError("give one CLAIM_ID and --note TEXT (or --stamp)")
    claim_id = args.claim_ids[0]
    today: dt.date = args.today or dt.date.today()
    note = _text("--note", args.note)
    was = previous(args.was)
    from_git = not was
    if from_git:
        found = committed_values(args.root, record_rel("claim", claim_id))
        if found is None:
            raise UsageError(
                "the tracker is not in a git repository: give each changed field's previous "
                "wording with --was FIELD=TEXT"
            )
        was = found
    correction = Correction((args.date or today).isoformat(), note, was, committed=from_git)
    done = apply(args.root, Change(claim_id, _of_text(correct(correction))), today)
    print(f"{done.relpath}: corrected on {correction.date}; history has one entry more")
    if done.remaining:
        count = len(done.remaining)
        print(
            f"note: the tracker still has {count} error{'s' * (count != 1)} that this change "
            "did not cause; run `claimtrack check`",
            file=sys.stderr,
        )
    return 0


def _stamp(args: argparse.Namespace) -> int:
    today: dt.date = args.today or dt.date.today()
    ids = args.claim_ids or sorted(p.stem for p in (args.root / CLAIMS).glob(f"*{RECORD_SUFFIX}"))
    refused = stamped = 0
    for claim_id in ids:
        rel = record_rel("claim", claim_id)
        try:
            try:
                before = committed_values(args.root, rel)
            except ClaimtrackError:
                before = None  # never committed: nobody read an earlier version
            done = apply(args.root, Change(claim_id, _of_text(stamp(before))), today)
        except ClaimtrackError as exc:
            refused += 1
            print(f"{rel}: not stamped: {exc}", file=sys.stderr)
            continue
        if done.new != done.old:
            stamped += 1
            print(f"{rel}: stamped")
    print(
        f"{stamped} claim{'s' * (stamped != 1)} stamped, {refused} refused, "
        f"{len(ids) - stamped - refused} already stamped"
    )
    return 1 if refused else 0
