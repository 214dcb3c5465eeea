"""`claimtrack check`: validate every record and report all problems at once."""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from typing import Any

from ..check import run_checks
from ..check.analysis import Analysis
from ..errors import UsageError
from ..load.tracker import load_tracker
from ..problems import Problem, fails, format_json, format_text


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("check", help="validate the records and report every problem")
    common(parser)
    parser.add_argument("--strict", action="store_true", help="warnings fail the check too")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(run=run)


def check_root(args: argparse.Namespace) -> tuple[Analysis, list[Problem]]:
    """Load and check the tracker named by --root; shared by every command that reads data."""
    if not args.root.is_dir():
        raise UsageError(f"--root {args.root}: no such folder")
    tracker = load_tracker(args.root)
    return run_checks(tracker, args.today or dt.date.today())


def run(args: argparse.Namespace) -> int:
    _, problems = check_root(args)
    if args.format == "json":
        print(format_json(problems))
    elif problems:
        print(format_text(problems))
    return 1 if fails(problems, args.strict) else 0
