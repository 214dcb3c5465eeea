"""`claimtrack review`: the editor's worklist, what needs an editor now, most urgent first."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from .options import cache_option, format_option, open_cache


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "review",
        help="list what needs an editor now, most urgent first",
        description="Check the tracker as `check` does and list what needs an editor, most "
        "urgent first, one item a line as path:line:col: reason [code]: the check's errors, "
        "claims past review_by, quotes with no archived copy, omissions and figures waiting "
        "too long, sources still to check, stale and missing translations, and the "
        "strongest uncited sentences. The list is advice: the exit status is 0.",
    )
    common(parser)
    format_option(parser, github=True)
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Here, not above: the parser is made without the rules' imports.
    from ..check import run_checks
    from ..check.worklist import format_json, format_text, worklist
    from ..load import load_tracker
    from ..problems import format_github

    today = args.today or dt.date.today()
    cache = open_cache(args)
    analysis, problems = run_checks(load_tracker(args.root, cache), today, cache)
    items = worklist(analysis, problems, today)
    cache.save()
    if args.format == "github":  # each item a notice; none, no line
        if items:
            print(format_github(items))
    else:
        print(format_json(items) if args.format == "json" else format_text(items))
    return 0
