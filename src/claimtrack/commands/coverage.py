"""`claimtrack coverage`: which sentences of the archived texts no claim cites yet."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from ..check.analysis import Analysis
from ..check.coverage.report import below, format_json, format_text, report
from ..check.store import CheckStore
from ..errors import UsageError
from ..load import load_tracker
from ..load.validation import suggest
from .options import cache_option, format_option, open_cache, record_id_arg


def ratio_arg(text: str) -> float:
    """A coverage written 0.8 or 80%."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number (0.8 or 80%)") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not between 0 and 1 (0% and 100%)")
    return value


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "coverage",
        help="list the sentences of the archived texts that no claim cites",
        description="Split each archived text into sentences and list those no claim quotes "
        "and no reviewed_uncited entry names, strongest signals of a checkable statement "
        "first. Coverage is advice: the exit status is 0 unless --min is given.",
    )
    parser.add_argument(
        "source_ids",
        nargs="*",
        type=record_id_arg,
        metavar="SOURCE_ID",
        help="sources to report (default: all)",
    )
    common(parser)
    format_option(parser)
    parser.add_argument(
        "--min",
        type=ratio_arg,
        default=None,
        metavar="COVERAGE",
        help="exit 1 when an archived source's coverage is below this (0.8 or 80%%)",
    )
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cache = open_cache(args)
    tracker = load_tracker(args.root, cache)
    for sid in args.source_ids:
        if sid not in tracker.sources:
            hint = suggest(sid, tracker.sources)
            raise UsageError(
                f"no source {sid!r}: sources/{sid}.yaml is not a loaded record"
                + (f"; {hint}" if hint else "; run `claimtrack check` to see every source")
            )
    ids = list(dict.fromkeys(args.source_ids)) or sorted(tracker.sources)
    items = report(Analysis(tracker, args.today or dt.date.today(), CheckStore(cache)), ids)
    cache.save()
    print(format_json(items) if args.format == "json" else format_text(items))
    if args.min is None:
        return 0
    low = [
        (item.archive, why)
        for item in items
        if item.found is not None and (why := below(item.found.counts, args.min)) is not None
    ]
    for archive, why in low:
        print(f"{archive}: {why}")
    return 1 if low else 0
