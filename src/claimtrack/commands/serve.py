"""`claimtrack serve`: build, serve on localhost, rebuild on every edit, reload the browser."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from .options import cache_option, open_cache, out_option, search_option, site_folder


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not between 0 and 65535")
    return port


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "serve",
        help="serve the site on localhost and rebuild it as you edit",
        description="Build the site into --out (default: DIR/site, the same folder as "
        "`claimtrack build`), serve it on http://HOST:PORT/, and rebuild it whenever a file "
        "under claims/, sources/, templates/ or static/, or tracker.yaml, changes; open pages "
        "reload by themselves. When an edit breaks the data, the last good site stays up "
        "with the problems shown above every page (and at /__claimtrack/errors).",
    )
    common(parser)
    parser.add_argument(
        "--port", type=_port, default=8000, metavar="N", help="port (default 8000; 0: any free)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="HOST",
        help="address to listen on (default 127.0.0.1: this machine only); requests must "
        "name localhost, 127.0.0.1, [::1] or this HOST, with the port",
    )
    out_option(parser)
    cache_option(parser)
    search_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..live import LiveServer  # imported here: only this command needs the server

    server = LiveServer(
        args.root,
        site_folder(args),
        host=args.host,
        port=args.port,
        today=args.today,
        cache=open_cache(args),
        search=not args.no_search,
    )
    server.serve_forever()
    return 0
