"""The command line: a thin layer that parses arguments and reports errors once."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .commands import COMMANDS
from .errors import ClaimtrackError, DataError
from .problems import format_text, printable
from .records import parse_date


def _date(text: str) -> dt.date:
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
        type=_date,
        default=None,
        metavar="YYYY-MM-DD",
        help="judge dates (future, stale) as of this day instead of today",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="claimtrack",
        description="Track the claims of a product announcement as hand-edited YAML records: "
        "check them strictly and publish them as a static site.",
    )
    parser.add_argument("--version", action="version", version=f"claimtrack {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module in COMMANDS.items():
        module.add_parser(sub, common_options)
        del name
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on a usage error
    try:
        code: int = args.run(args)
        return code
    except DataError as exc:
        if exc.problems:
            print(format_text(exc.problems), file=sys.stderr)
        print(f"claimtrack: {printable(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except ClaimtrackError as exc:
        print(f"claimtrack: {printable(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`claimtrack check | head`): not a bug. Point
        # stdout at /dev/null so the interpreter's final flush stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except Exception as exc:  # the one catch-all: an internal bug must not show a traceback
        print(
            f"claimtrack: internal error ({type(exc).__name__}: {exc}); please report this "
            "with the command you ran",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
