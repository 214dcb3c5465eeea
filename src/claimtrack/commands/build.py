"""`claimtrack build`: check the records, then write the static site atomically."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import UsageError
from ..problems import format_text
from ..site import build_site
from .options import cache_option, open_cache, search_option


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "build",
        help="check the records and build the static site",
        description="Check the records; if there is no error, build the static site into "
        "--out, replacing the previous build in one step. With errors nothing is written.",
    )
    common(parser)
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder to write the site to (default: DIR/site under --root)",
    )
    cache_option(parser)
    search_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out: Path = args.out if args.out is not None else args.root / "site"
    if not args.root.is_dir():
        raise UsageError(f"--root {args.root}: no such folder")
    result = build_site(
        args.root, out, today=args.today, cache=open_cache(args), search=not args.no_search
    )
    if result.warnings:
        print(format_text(result.warnings), file=sys.stderr)
    if "search" in result.timings:
        print(f"Indexed the claims for search in {result.timings['search']:.2f} s")
    print(
        f"Built {result.pages} pages ({result.files} files) in {result.seconds:.2f} s "
        f"into {result.out}"
    )
    print(f"Open {(result.out / 'index.html').as_uri()}")
    return 0
