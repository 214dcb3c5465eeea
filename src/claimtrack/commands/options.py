"""Options shared by several commands, and their argument types."""

from __future__ import annotations

import argparse
import datetime as dt
import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UsageError
from ..load.files import check_root
from ..textrules import ID_RULE, is_record_id, parse_date

if TYPE_CHECKING:
    from ..load.cache import Cache


def date_arg(text: str) -> dt.date:
    """A day written YYYY-MM-DD, by the records' own rule (values.parse_date)."""
    try:
        return parse_date(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def language_arg(text: str) -> str:
    """A BCP 47 language tag, in the case BCP 47 writes it (``zh-hant`` is ``zh-Hant``,
    ``EN`` is ``en``: values.canonical_tag), so that no command writes or looks for a key
    in other capitals than the records'."""
    from ..records.values import canonical_tag  # here: a command without it needs no pydantic

    tag = canonical_tag(text)
    if tag is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a BCP 47 language tag; use e.g. en, fr, zh-Hant, pt-BR"
        )
    return tag


def url_arg(text: str) -> str:
    """An http(s) address, by the records' ``url`` rule (values.url_problem): what a
    command writes into a record is what `check` would accept there."""
    from ..records.values import url_problem  # here, as language_arg

    problem = url_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem[0]}; {problem[1]}")
    return text


def record_id_arg(text: str) -> str:
    """A claim's or source's id on the command line: one against the id rule is a usage
    error (exit 2), refused before anything is read or written."""
    if not is_record_id(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a valid id: use {ID_RULE}, e.g. nvidia-blog-post"
        )
    return text


def evidence_arg(text: str) -> tuple[str, str | None]:
    """An --evidence value: SOURCE_ID, or SOURCE_ID@REVISION for a later version of the
    source, REVISION being the key of an entry under its revisions: (its retrieved date,
    DATE#2 for a day's second entry), as a quote's ``revision:`` names it.  Whether the
    source and the revision exist is the rules' to say, where they are written."""
    from ..records.translations import ENTRY_KEY_PATTERN  # here, as in language_arg

    source, at, revision = text.partition("@")
    if not at:
        return text, None
    if not re.fullmatch(ENTRY_KEY_PATTERN, revision):
        raise argparse.ArgumentTypeError(
            f"{text!r}: after the @, the revision's retrieved date, YYYY-MM-DD, or DATE#2, "
            "DATE#3 for a later entry of that day (e.g. acme-newsroom@2026-12-01)"
        )
    return source, revision


def seconds_arg(text: str) -> float:
    """A time limit in seconds (`new source --timeout`, `recheck --timeout`)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 3600:  # also refuses NaN
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 to 3600)")
    return value


def private_addresses_option(parser: argparse.ArgumentParser, scope: str = "") -> None:
    """--allow-private-addresses (`recheck`, `new source --url`): web/connect.py says why a
    fetch refuses such addresses by default."""
    parser.add_argument(
        "--allow-private-addresses",
        action="store_true",
        help=f"{scope}fetch from loopback, private and link-local addresses too (refused by "
        "default: a page on the internet must not lead the fetch into your own network)",
    )


def root_arg(text: str) -> Path:
    """A tracker's folder, refused before the command starts (by the library's own check,
    load/files.check_root: a folder that is not a tracker is a usage error)."""
    path = Path(text)
    try:
        check_root(path)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return path


# --root left out: the current folder.  A Path, not a string, so that argparse does not
# pass it through root_arg ("argument --root: ..." about an option nobody gave): it is
# checked by check_default_root, once the command line is parsed.
CURRENT_FOLDER = Path(".")


def common_options(parser: argparse.ArgumentParser) -> None:
    root_option(parser, CURRENT_FOLDER, "tracker folder (default: the current directory)")
    today_option(parser)


def root_option(parser: argparse.ArgumentParser, default: Path | None, help: str) -> None:
    parser.add_argument("--root", type=root_arg, default=default, metavar="DIR", help=help)


def check_default_root(args: argparse.Namespace) -> None:
    """Refuse the current folder, when --root was left out, as root_arg refuses a given one
    (UsageError: exit 2)."""
    if getattr(args, "root", None) is CURRENT_FOLDER:
        check_root(CURRENT_FOLDER)


def today_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--today",
        type=date_arg,
        default=None,
        metavar="YYYY-MM-DD",
        help="judge dates (future, stale) as of this day instead of today",
    )


def out_option(parser: argparse.ArgumentParser) -> None:
    """--out of the commands that build the site (build, serve): see :func:`site_folder`."""
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder to build the site into (default: DIR/site under --root)",
    )


def site_folder(args: argparse.Namespace) -> Path:
    """Where the site is built: --out, else DIR/site under --root."""
    out: Path | None = args.out
    return out if out is not None else args.root / "site"


def format_option(parser: argparse.ArgumentParser, github: bool = False) -> None:
    """--format text|json; with ``github`` (`check`, `review`, `translations`: lists of places
    in the records) also github, GitHub Actions' annotations."""
    help = "text for people, json for tools"
    if github:
        help += ", github for GitHub Actions (one workflow command a line: an annotation)"
    choices = ("text", "json", "github") if github else ("text", "json")
    parser.add_argument("--format", choices=choices, default="text", help=help)


def cache_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the cache in DIR/.claimtrack_cache (results of earlier runs)",
    )


def open_cache(args: argparse.Namespace) -> Cache:
    """The tracker's cache, or one for this run only with --no-cache."""
    from ..load.cache import Cache  # here: a run that replays (load/manifest.py) needs none

    return Cache.disabled() if args.no_cache else Cache.open(args.root)


def search_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="do not build the full-text search index (Pagefind): no search page, no search box",
    )
