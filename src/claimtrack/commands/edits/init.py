"""`claimtrack init DIR`: a new tracker, ready for `claimtrack new`, check and build."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...edit.scaffold import UNKNOWN_ADDRESS, init_tracker
from ..options import language_arg, url_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    del common  # DIR is the tracker: --root and --today mean nothing here
    parser = sub.add_parser(
        "init",
        help="start a new tracker in a new or empty folder",
        description="Write tracker.yaml, empty claims/ and sources/, the JSON Schemas, "
        "a README, a .gitignore, a pre-commit config, a requirements.txt and two GitHub "
        "Actions workflows (a daily recheck --save that commits new revisions; check, "
        "build and publish to GitHub Pages) into DIR. DIR is created "
        "(with its parents) or must be empty: nothing is ever overwritten.",
    )
    parser.add_argument("dir", type=Path, metavar="DIR", help="the new tracker's folder")
    parser.add_argument(
        "--title", default=None, metavar="TEXT", help="site title (default: DIR's name as words)"
    )
    parser.add_argument(
        "--language",
        default="en",
        type=language_arg,
        metavar="TAG",
        help="BCP 47 tag of the site's language, e.g. en, fr, zh-Hant (default: en)",
    )
    parser.add_argument(
        "--base-url",
        default=None,
        type=url_arg,
        metavar="URL",
        help="the address the site will be published at, e.g. https://OWNER.github.io/REPO/: "
        "share cards, canonical links, ClaimReview's url, hreflang, the sitemap and "
        "robots.txt need it (default: none; `build` warns until tracker.yaml sets it)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder: Path = args.dir
    written = init_tracker(folder, args.title, args.language, args.base_url)
    print(f"wrote {len(written)} files into {folder}: {', '.join(written)}")
    if UNKNOWN_ADDRESS in (folder / "requirements.txt").read_text("utf-8"):
        print(
            "note: claimtrack was not installed from an address a CI runner can reach: set it "
            f"in {folder / 'requirements.txt'} (see the comment there) before you push"
        )
    print(
        f"next: in {folder}, `claimtrack new source ID --text FILE`, then `claimtrack new claim ID`"
    )
    return 0
