"""`claimtrack recheck`: fetch each source's page again and compare it with its latest
archived version; with --save, keep what changed (recheck/)."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Callable
from typing import Any

from ..errors import DataError, UsageError
from ..layout import record_rel
from ..load import Tracker, load_tracker
from ..load.validation import suggest
from .options import format_option, private_addresses_option, record_id_arg, seconds_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "recheck",
        help="fetch the sources' pages again and report what changed, moved or is gone",
        description="Fetch each source with a url again (or only those named), compare the "
        "page's main text with the latest archived version, and report each as unchanged, "
        "changed, moved, gone, unreachable or refused, with every cited quote that is gone. "
        "Exit 1 when any changed, moved or is gone.",
    )
    parser.add_argument(
        "source_ids",
        nargs="*",
        type=record_id_arg,
        metavar="SOURCE_ID",
        help="sources to recheck (default: all)",
    )
    common(parser)
    parser.add_argument(
        "--timeout",
        type=seconds_arg,
        default=20.0,
        metavar="SECONDS",
        help="give up on a page after this many seconds (default: 20)",
    )
    private_addresses_option(parser)
    parser.add_argument(
        "--save",
        action="store_true",
        help="keep each new version in sources/ID.revisions/ with an entry under revisions: "
        "(a source without an archived text gets its first copy)",
    )
    format_option(parser)
    parser.set_defaults(run=run)


class SourcesUnloaded(DataError):
    """Sources to recheck whose records do not load: a usage error (exit 2), so that the
    daily workflow fails rather than read it as a day of news (exit 1)."""

    exit_code = 2


def chosen(tracker: Tracker, ids: list[str]) -> list[str]:
    """The sources to recheck: those named (each must exist and have a url), else every
    source with a url.  Raises SourcesUnloaded, with their problems, when any of those named
    (or, without names, any source at all) does not load: its url cannot be read, and a
    tracker whose only source does not load would otherwise be "nothing to recheck"."""
    unloaded = sorted(tracker.broken_sources if not ids else tracker.broken_sources & set(ids))
    if unloaded:
        paths = [record_rel("source", sid) for sid in unloaded]
        problems = [p for p in tracker.problems if p.path in paths and p.is_error]
        one = len(paths) == 1
        what = paths[0] if one else f"{len(paths)} sources ({', '.join(paths)})"
        raise SourcesUnloaded(
            problems,
            f"{what} {'does' if one else 'do'} not load: nothing was rechecked; "
            f"fix {'it' if one else 'them'} first (see `claimtrack check`)",
        )
    if not ids:
        return [sid for sid in sorted(tracker.sources) if tracker.sources[sid].record.url]
    for sid in ids:
        if sid not in tracker.sources:
            hint = suggest(sid, tracker.sources)
            raise UsageError(f"no source {sid!r}" + (f"; {hint}" if hint else ""))
        if tracker.sources[sid].record.url is None:
            raise UsageError(f"source {sid!r} has no url: there is nothing to fetch")
    return list(dict.fromkeys(ids))


def run(args: argparse.Namespace) -> int:
    from ..recheck.report import format_json, format_text
    from ..recheck.run import NEWS, recheck
    from ..recheck.save import save

    tracker = load_tracker(args.root)
    today: dt.date = args.today or dt.date.today()
    results = []
    ids = chosen(tracker, args.source_ids)
    if not ids and args.format == "text":
        # Said, not silent: an empty report would read as "all unchanged".
        print("claimtrack: no source has a url: there is nothing to recheck", file=sys.stderr)
    for sid in ids:
        found = recheck(tracker, sid, args.timeout, args.allow_private_addresses)
        if args.save:
            save(tracker.root, tracker, found, today)
        results.append(found)
    print(format_json(results) if args.format == "json" else format_text(results), end="")
    return 1 if any(f.outcome in NEWS or f.error for f in results) else 0
