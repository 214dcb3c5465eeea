"""`claimtrack build`: check the records, then write the static site atomically."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from .options import cache_option, open_cache, out_option, search_option, site_folder


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "build",
        help="check the records and build the static site",
        description="Check the records; if there is no error, build the static site into "
        "--out, replacing the previous build in one step. With errors nothing is written.",
    )
    common(parser)
    out_option(parser)
    cache_option(parser)
    search_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # Here, not above: the parser is made without the site's imports (Jinja, pydantic).
    from ..problems import format_text
    from ..site import build_site

    result = build_site(
        args.root,
        site_folder(args),
        today=args.today,
        cache=open_cache(args),
        search=not args.no_search,
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
