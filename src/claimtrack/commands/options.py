"""Options shared by several commands, and their argument types."""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

from ..load import Cache
from ..values import parse_date


def date_arg(text: str) -> dt.date:
    """A day written YYYY-MM-DD, by the records' own rule (values.parse_date)."""
    try:
        return parse_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--root",
        type=Path,
        default=Path("."),
        metavar="DIR",
        help="tracker folder (default: the current directory)",
    )
    parser.add_argument(
        "--today",
        type=date_arg,
        default=None,
        metavar="YYYY-MM-DD",
        help="judge dates (future, stale) as of this day instead of today",
    )


def cache_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the cache in DIR/.claimtrack_cache (results of earlier runs)",
    )


def open_cache(args: argparse.Namespace) -> Cache:
    """The tracker's cache, or one for this run only with --no-cache."""
    return Cache.disabled() if args.no_cache else Cache.open(args.root)


def search_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="do not build the full-text search index (Pagefind): no search page, no search box",
    )
