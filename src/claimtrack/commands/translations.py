"""`claimtrack translations`: how far the records are translated into each site language."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..check.rules.translations import not_site_language
from ..check.translation_report import (
    format_json,
    format_text,
    gap_problems,
    translation_report,
)
from ..edit.translation import check_declared_case
from ..errors import DataError, UsageError
from ..load import load_tracker
from ..problems import format_github
from .options import cache_option, format_option, language_arg, open_cache


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "translations",
        help="list, per site language, the translated fields and those missing or stale",
        description="For each language tracker.yaml's translations: names, count the records "
        "and fields whose translation is current, missing, stale or an orphan, and list each "
        "missing or stale field as path:line:col. Exit 0; with --complete, 1 while anything "
        "is missing or stale. Records that fail to load stop the report (exit 1), as it "
        "would leave them out.",
    )
    common(parser)
    parser.add_argument(
        "--language",
        metavar="TAG",
        type=language_arg,
        default=None,
        help="report this language only (one of tracker.yaml's translations:)",
    )
    format_option(parser, github=True)
    parser.add_argument(
        "--complete",
        action="store_true",
        help="exit 1 while any field of the languages reported is missing or stale (for CI)",
    )
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    cache = open_cache(args)
    tracker = load_tracker(args.root, cache)
    errors = [p for p in tracker.problems if p.is_error]
    if errors:
        raise DataError(errors, "records failed to load: fix them first (see `claimtrack check`)")
    settings = tracker.settings
    languages = list(settings.site_languages[1:])
    tag = args.language
    if tag is not None:
        if tag.casefold() == settings.language.casefold():
            raise UsageError(
                f"--language {tag}: the records are written in it, the site's main language; "
                f"name one of its further languages: {', '.join(languages) or 'none yet'}"
            )
        check_declared_case(settings, tag)  # before its "did you mean" names that key
        why = not_site_language(tag, settings)
        if why is not None:
            raise UsageError(f"--language: {why[0]}; {why[1]}")
        languages = [tag]
    reports = translation_report(tracker, languages)
    cache.save()
    main = settings.language
    if args.format == "github":  # the fields missing or stale only; none, no line
        found = gap_problems(reports)
        if found:
            print(format_github(found))
    else:
        print(format_json(main, reports) if args.format == "json" else format_text(main, reports))
    return 1 if args.complete and not all(r.complete for r in reports) else 0
