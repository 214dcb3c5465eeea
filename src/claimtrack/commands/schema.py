"""`claimtrack schema`: JSON Schema files for editors, generated from the models."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..edit.schemas import write_schemas
from ..errors import UsageError


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("schema", help="write JSON Schema files for claim and source records")
    parser.add_argument(
        "--out", default="schema", metavar="DIR", help="folder to write to (default: ./schema)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder; choose a folder")
    try:
        written = write_schemas(out)
    except OSError as exc:
        raise UsageError(
            f"--out {out}: cannot write there ({exc.strerror or exc}); choose another folder"
        ) from None
    for path in written:
        print(f"wrote {path}")
    return 0
