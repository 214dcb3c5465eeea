"""The command line: a thin layer that parses arguments and reports errors once."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from ._version import __version__
from .commands import COMMANDS, command
from .commands.options import check_default_root, common_options
from .errors import ClaimtrackError, DataError
from .problems import format_text, printable


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the command line, of only the command it names
    (first word), so that only that command's module is imported.  Anything else (no
    command, an unknown one, --help) gets every command, for the full help and errors."""
    named = [a for a in (argv or ())[:1] if a in COMMANDS]
    parser = argparse.ArgumentParser(
        prog="claimtrack",
        description="Track the claims of a product announcement as hand-edited YAML records: "
        "check them strictly and publish them as a static site.",
    )
    parser.add_argument("--version", action="version", version=f"claimtrack {__version__}")
    if list(argv or ())[:1] == ["--version"]:
        return parser  # answered before a command is looked at: no command's module imported
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in named or COMMANDS:
        command(name).add_parser(sub, common_options)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    args = parser.parse_args(argv)  # exits 2 on a usage error
    try:
        check_default_root(args)
        _finish_writes(args)
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


def _finish_writes(args: argparse.Namespace) -> None:
    """Before a command reads a tracker: wait while another command writes it, and finish
    or undo the write of one that was killed (edit/transaction.py)."""
    root = getattr(args, "root", None)
    if root is None:
        return
    from .layout import JOURNAL

    if not os.path.lexists(os.path.join(root, JOURNAL)):
        return  # no write under way, nor left by a killed one (nor the imports to see it)
    from .edit.transaction import wait_for_writers

    done = wait_for_writers(Path(root).resolve())
    if done is not None:
        print(f"claimtrack: {done}", file=sys.stderr)


def entry() -> NoReturn:
    """The ``claimtrack`` command: ``main``, then the process ends without the interpreter's
    teardown.  A command leaves the tracker, its analysis and the site's plan in memory,
    objects the teardown would free one by one for nothing (15 ms for a `check`, 37 for a
    `build`, at 10,000 claims: bench/RESULTS.md).  Everything a command writes is written, closed and
    renamed into place before ``main`` returns (no temporary file is left to an exit
    handler), and the output is flushed here; were a thread still running, the usual exit
    would wait for it.  ``main`` itself, which the tests call, returns as usual, and keeps
    nothing for the process's end (process/ending.py)."""
    from .process.ending import without_teardown

    without_teardown()
    code = main()
    for stream in (sys.stdout, sys.stderr):
        # A reader gone (a broken pipe), or a stream the command closed itself (the
        # language server's, at its exit): nothing is left to say there.  Not
        # contextlib.suppress: importing it is 1.7 ms of every run, a replay's included.
        try:  # noqa: SIM105
            stream.flush()
        except (OSError, ValueError):
            pass
    threads = sys.modules.get("threading")
    if threads is None or threads.active_count() == 1:
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
