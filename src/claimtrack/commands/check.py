"""`claimtrack check`: validate every record and report all problems at once."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from .options import cache_option, format_option, open_cache


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("check", help="validate the records and report every problem")
    common(parser)
    parser.add_argument("--strict", action="store_true", help="warnings fail the check too")
    format_option(parser)
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Here, not above: the parser is made without the rules' imports (pydantic, PyYAML).
    from ..check import run_checks
    from ..load import load_tracker
    from ..problems import fails, format_json, format_text

    cache = open_cache(args)
    _, problems = run_checks(load_tracker(args.root, cache), args.today or dt.date.today(), cache)
    cache.save()
    if args.format == "json":
        print(format_json(problems))
    elif problems:
        print(format_text(problems))
    return 1 if fails(problems, args.strict) else 0
