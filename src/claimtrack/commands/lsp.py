"""`claimtrack lsp`: the language server, over stdin and stdout."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .options import cache_option, root_option, today_option


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "lsp",
        help="the language server for editors (stdio): every check as you type",
        description="Speak the Language Server Protocol over stdin and stdout: the problems "
        "`claimtrack check` reports, for each open record as it is typed, with completion, "
        "hover, go to definition and quick fixes. Editors start it; see the README's Editors "
        "section. It answers for claims/, sources/ and tracker.yaml, and never writes a file.",
    )
    # Not the common --root: without one, the root is the editor's workspace folder.
    root_option(
        parser, None, "the tracker (default: the workspace folder holding tracker.yaml or claims/)"
    )
    today_option(parser)
    cache_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..lsp.handlers import serve_stdio  # here: only this command needs pygls

    serve_stdio(args.root, use_cache=not args.no_cache, today=args.today)
    return 0
