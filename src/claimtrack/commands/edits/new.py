"""`claimtrack new claim|source ID`: start a record from a commented skeleton, a source
with its archived copy (edit/new_record.py); `claimtrack new measurement CLAIM_ID`: add a
commented measurement to a claim (edit/changes/measurement.py).  Here only the options."""

from __future__ import annotations

import argparse
import datetime as dt
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ...edit.apply import Change, apply
from ...edit.changes.measurement import edit_add_measurement
from ...edit.new_record import GivenPage, read_given, start_claim, start_source
from ...layout import page_rel
from ...load.files import PAGE_MAX_BYTES
from ...web.fetch import fetch
from ..options import private_addresses_option, record_id_arg, seconds_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("new", help="start a claim or source record from a skeleton")
    kinds = parser.add_subparsers(dest="record", required=True, metavar="claim|source|measurement")
    claim = kinds.add_parser("claim", help="write claims/ID.yaml")
    claim.add_argument(
        "id", type=record_id_arg, metavar="ID", help="lowercase letters, digits and single hyphens"
    )
    common(claim)
    claim.set_defaults(run=run, text=None, html=None, url=None)
    source = kinds.add_parser(
        "source", help="write sources/ID.yaml (and sources/ID.txt, sources/ID.html)"
    )
    source.add_argument(
        "id", type=record_id_arg, metavar="ID", help="lowercase letters, digits and single hyphens"
    )
    copy = source.add_mutually_exclusive_group()
    copy.add_argument(
        "--text",
        type=Path,
        default=None,
        metavar="FILE",
        help="archive this UTF-8 text as sources/ID.txt and record its sha256",
    )
    copy.add_argument(
        "--html",
        type=Path,
        default=None,
        metavar="FILE",
        help="a saved web page: archive its main text as sources/ID.txt, keep the page as "
        "sources/ID.html, and pre-fill what its metadata states",
    )
    copy.add_argument(
        "--url",
        default=None,
        metavar="URL",
        help="fetch this http(s) page and do as --html does",
    )
    source.add_argument(
        "--timeout",
        type=seconds_arg,
        default=20.0,
        metavar="SECONDS",
        help="with --url: give up after this many seconds (default: 20)",
    )
    private_addresses_option(source, "with --url: ")
    common(source)
    source.set_defaults(run=run)
    measurement = kinds.add_parser(
        "measurement",
        help="append a measurement skeleton to claims/CLAIM_ID.yaml, keeping its layout",
    )
    measurement.add_argument(
        "id", type=record_id_arg, metavar="CLAIM_ID", help="id of a figure claim"
    )
    common(measurement)
    measurement.set_defaults(run=run_measurement)


def run(args: argparse.Namespace) -> int:
    today: dt.date = args.today or dt.date.today()
    if args.record == "claim":
        started = start_claim(args.root, args.id, today)
    elif args.url is not None or args.html is not None:
        started = start_source(args.root, args.id, today, page=_given_page(args))
    else:
        started = start_source(args.root, args.id, today, text=args.text)
    rel = started.written[-1]  # the record, written last: named first
    names = [rel, *started.written[:-1]]
    print(
        f"wrote {', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else f"wrote {names[0]}"
    )
    for note in started.notes:
        print(f"note: {note}")
    print(f"next: fill in the empty values in {rel}, then run `claimtrack check`")
    return 0


def _given_page(args: argparse.Namespace) -> GivenPage:
    """The page named by --url (fetched) or --html (read)."""
    if args.url is not None:
        fetched = fetch(args.url, args.timeout, PAGE_MAX_BYTES, args.allow_private_addresses)
        return GivenPage(fetched.body, fetched.charset, args.url, fetched.url)
    html: Path = args.html
    page = args.root / page_rel(args.id)
    # realpath: --html may name sources/ID.html itself, which is then kept as it is.
    in_place = os.path.lexists(page) and os.path.realpath(html) == os.path.realpath(page)
    return GivenPage(read_given("--html", html, PAGE_MAX_BYTES), None, html, None, in_place)


def run_measurement(args: argparse.Namespace) -> int:
    """Append a commented measurement skeleton to a claim; the editor fills it in."""
    today: dt.date = args.today or dt.date.today()
    splice = partial(edit_add_measurement, today=today.isoformat())
    done = apply(args.root, Change(args.id, splice, judged=False), today)
    print(f"{done.relpath}: one measurement more, at the end of its measurements")
    print("next: fill in the empty values of the new measurement, then run `claimtrack check`")
    return 0
