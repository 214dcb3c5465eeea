"""`claimtrack schema`: JSON Schema files for editors, generated from the models."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..edit.schemas import write_schemas


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("schema", help="write JSON Schema files for claim and source records")
    parser.add_argument(
        "--out", default="schema", metavar="DIR", help="folder to write to (default: ./schema)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for path in write_schemas(args.out):
        print(f"wrote {path}")
    return 0
