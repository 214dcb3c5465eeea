"""`claimtrack build`: check the records, then write the static site atomically."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..problems import format_text
from ..site import build_site


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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out: Path = args.out if args.out is not None else args.root / "site"
    result = build_site(args.root, out, today=args.today)
    if result.warnings:
        print(format_text(result.warnings), file=sys.stderr)
    print(
        f"Built {result.pages} pages ({result.files} files) in {result.seconds:.2f} s "
        f"into {result.out}"
    )
    print(f"Open {(result.out / 'index.html').as_uri()}")
    return 0
