"""`claimtrack build`: check the records, then write the static site atomically."""

from __future__ import annotations

import argparse
import datetime as dt
import os
from collections.abc import Callable
from typing import Any

from ..load.manifest import Manifest, Replay
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


def _manifest(args: argparse.Namespace) -> tuple[Manifest, list[tuple[str, str]]]:
    """The build's manifest (its inputs stamped now) and the outputs it compares: the site
    folder and its marker, whose inodes change with every full build."""
    from ..site.cards.inputs import font_inputs
    from ..site.html.theme import override_paths
    from ..site.publish.swap import MARKER

    root, out = args.root.resolve(), site_folder(args).resolve()
    theme: list[tuple[str, str]] = []
    for folder in ("templates", "static"):
        problems: list[Any] = []
        theme += ((shown, str(path)) for shown, path in override_paths(root, folder, problems))
        theme += ((p.path, str(root / p.path)) for p in problems)
    # Pagefind reads its own variables (PAGEFIND_BINARY_PATH: which binary indexes).
    pagefind = {k: v for k, v in sorted(os.environ.items()) if k.startswith("PAGEFIND")}
    options = {
        "root": str(root),
        "out": str(out),
        "today": (args.today or dt.date.today()).isoformat(),
        "search": not args.no_search,
        "pagefind": pagefind if not args.no_search else {},
    }
    # Share cards read fonts: a font installed or replaced is a change (cards/inputs.py).
    theme += font_inputs(root)
    if not args.no_search and "PAGEFIND_BINARY_PATH" in pagefind:
        theme.append(("pagefind-binary", pagefind["PAGEFIND_BINARY_PATH"]))
    outputs = [("out", str(out)), ("marker", str(out / MARKER))]
    return Manifest("build", root, options, theme), outputs


def run(args: argparse.Namespace) -> int:
    from ..site.publish.commit import settle

    # First of all: a commit a kill interrupted is finished (or undone), so that neither a
    # replay nor this build sees a site half old and half new.
    settle(site_folder(args).resolve())
    manifest = None
    if not args.no_cache:
        manifest, outputs = _manifest(args)
        replay = manifest.replay(outputs)
        if replay is not None:
            return replay.show()
    # Here, not above: the parser and a replay are made without the site's imports.
    from ..problems import format_text
    from ..site import build_site

    result = build_site(
        args.root,
        site_folder(args),
        today=args.today,
        cache=open_cache(args),
        search=not args.no_search,
    )
    stderr = f"{format_text(result.warnings)}\n" if result.warnings else ""
    stdout = ""
    if "search" in result.timings:
        stdout += f"Indexed the claims for search in {result.timings['search']:.2f} s\n"
    stdout += (
        f"Built {result.pages} pages ({result.files} files) in {result.seconds:.2f} s "
        f"into {result.out}\n"
        f"Open {(result.out / 'index.html').as_uri()}\n"
    )
    done = Replay(stdout, stderr, 0)
    if manifest is not None:
        # A replay says what it did (nothing), not the seconds this build took; the
        # warnings are the same, and said again.
        again = (
            f"Nothing changed since the last build: {result.pages} pages "
            f"({result.files} files) in {result.out}\n"
            f"Open {(result.out / 'index.html').as_uri()}\n"
        )
        manifest.record(again, stderr, 0, outputs)
    return done.show()
