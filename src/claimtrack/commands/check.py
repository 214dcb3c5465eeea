"""`claimtrack check`: validate every record and report all problems at once."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from ..load.manifest import Manifest, Replay
from .options import cache_option, format_option, open_cache


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("check", help="validate the records and report every problem")
    common(parser)
    parser.add_argument("--strict", action="store_true", help="warnings fail the check too")
    format_option(parser, github=True)
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    today = args.today or dt.date.today()
    manifest = None
    if not args.no_cache:
        root = args.root.resolve()
        options = {
            "root": str(root),
            "today": today.isoformat(),
            "strict": args.strict,
            "format": args.format,
        }
        manifest = Manifest("check", root, options, listing=True)
        replay = manifest.replay()
        if replay is not None:
            return replay.show()
    # Here, not above: the parser and a replay are made without the rules' imports.
    from ..check import run_checks
    from ..load import load_tracker
    from ..problems import fails, format_github, format_json, format_text
    from ..process.ending import keep

    cache = open_cache(args)
    seen = None if manifest is None else manifest.seen
    tracker = load_tracker(args.root, cache, seen)
    analysis, problems = run_checks(tracker, today, cache)
    keep(tracker, analysis, cache)  # freed with the process (process/ending.py)
    cache.save()
    if args.format == "json":
        stdout = format_json(problems) + "\n"
    elif not problems:
        stdout = ""
    elif args.format == "github":
        stdout = format_github(problems) + "\n"
    else:
        stdout = format_text(problems) + "\n"
    done = Replay(stdout, "", 1 if fails(problems, args.strict) else 0)
    if manifest is not None:
        manifest.record(done.stdout, done.stderr, done.code)
    return done.show()
