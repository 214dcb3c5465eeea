"""`claimtrack translate ID --language TAG [--stamp (--field NAME ... | --all)]`: a claim's
or source's translation block added or completed for the translator, or the fingerprints
of the translations a translator checked recorded again;
`claimtrack translate --tracker --language TAG`: tracker.yaml's title and description.

Each field added is an empty value (an error `check` reports until it is filled in)
under a comment holding the original; its original's fingerprint goes into
``made_from``.  Through the one edit workflow (edit/apply.py): every comment and the
layout of the file stay, and a file changed meanwhile is left alone.
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Callable
from functools import partial
from typing import Any

from ...edit.apply import Change, apply, propose
from ...edit.translation import (
    Plan,
    Request,
    check_language,
    plan,
    record_kind,
    settings,
    source_languages,
    translate,
)
from ...errors import UsageError
from ...layout import RecordKind
from ...load.yamlsource import parse_document
from ...records import TranslatedBy
from ...records.translated import field_name, quote_name
from ..options import language_arg, record_id_arg


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser(
        "translate",
        help="add or complete a record's translation into a site language, for a translator",
        description="Add the translation block of a claim or source (or, with --tracker, of "
        "tracker.yaml's title and description) in a language, or complete it: every field "
        "still missing is added as an empty value under a comment holding the original. "
        "With --stamp, record again what the translated fields were made from.",
    )
    parser.add_argument(
        "id",
        nargs="?",
        type=record_id_arg,
        metavar="ID",
        help="id of a claim (claims/ID.yaml) or source",
    )
    parser.add_argument(
        "--tracker", action="store_true", help="translate tracker.yaml's title and description"
    )
    parser.add_argument(
        "--language",
        required=True,
        type=language_arg,
        metavar="TAG",
        help="a further site language, e.g. fr (in any case: zh-hant is zh-Hant)",
    )
    parser.add_argument(
        "--stamp",
        action="store_true",
        help="a translator checked that the stale translations named by --field (or every "
        "one, with --all) still hold: record their originals' fingerprints as they are now "
        "(only made_from lines and the comments holding the originals change)",
    )
    parser.add_argument(
        "--field",
        action="append",
        default=[],
        metavar="NAME",
        help="with --stamp: a translation to stamp, by the name `claimtrack translations` "
        "gives it (statement, history/2026-11-30, 'quote evidence/0'); repeatable",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="with --stamp: stamp every stale translation of the record (each is listed)",
    )
    parser.add_argument(
        "--quotes",
        action="store_true",
        help="add a translation to each of the claim's evidence quotes not already in that "
        "language (a variant of it, zh-TW for zh-Hant, needs none), too",
    )
    parser.add_argument(
        "--translated-by",
        choices=[t.value for t in TranslatedBy],
        default=None,
        help="who makes the translation (default: left empty for the translator to say)",
    )
    common(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.tracker == (args.id is not None):
        raise UsageError("give a claim or source ID, or --tracker, not both or neither")
    if args.stamp and args.translated_by:
        raise UsageError("--stamp changes only the fingerprints: leave out --translated-by")
    if (args.field or args.all) and not args.stamp:
        raise UsageError("--field and --all say what --stamp stamps: add --stamp")
    if args.field and args.all:
        raise UsageError("--stamp: name the translations with --field, or stamp --all, not both")
    tag: str = args.language
    kind: RecordKind = "settings" if args.tracker else record_kind(args.root, args.id)
    if args.quotes and kind != "claim":
        raise UsageError("--quotes: only a claim holds quotes")
    check_language(settings(args.root), tag, kind)
    request = Request(
        kind,
        tag,
        stamp=args.stamp,
        only=frozenset(args.field) if args.field else None,
        quotes=args.quotes,
        translated_by=args.translated_by,
        languages=source_languages(args.root) if args.quotes and not args.stamp else {},
    )
    today: dt.date = args.today or dt.date.today()
    if args.stamp and not (args.field or args.all):
        return _unnamed(args, request, today)
    change = Change(args.id or "", partial(translate, request=request), judged=False, kind=kind)
    done = apply(args.root, change, today)
    todo = plan(done.old, done.relpath, request)
    where = f"{done.relpath}: {tag}:"
    if args.stamp:
        _stamped(where, todo, done.old, done.relpath)
        return 0
    if not todo.trees:
        print(f"{where} nothing to add: every field has its translation or a place for one")
        return 0
    names = [field_name(path) for path in todo.fields]
    if todo.quotes:
        positions = parse_document(done.old, done.relpath).positions
        lines = [str(positions.value((*path, "quote"))[0]) for path in todo.quotes]
        s = "s" * (len(lines) > 1)
        names.append(f"the quote{s} of line{s} {', '.join(lines)}")
    if todo.fields or todo.quotes:
        them = "them" if len(todo.fields) + len(todo.quotes) > 1 else "it"
        print(f"{where} added {', '.join(names)}; fill {them} in, then run `claimtrack check`")
    elif args.translated_by:
        print(f"{where} recorded who translated it: {args.translated_by}")
    else:
        print(f"{where} added translated_by; say who made the translation (person or machine)")
    return 0


def _unnamed(args: argparse.Namespace, request: Request, today: dt.date) -> int:
    """`--stamp` alone: refused while anything is stale, naming what is, for a translator
    stamps what they checked (a stale translation may say the opposite of its original
    now), or everything with --all, knowingly."""
    unchanged = Change(args.id or "", lambda raw, _: raw, judged=False, kind=request.kind)
    seen = propose(args.root, unchanged, today)
    stale = plan(seen.old, seen.relpath, request)
    if not stale.trees:
        print(f"{seen.relpath}: {request.tag}: nothing to stamp: every translated field is current")
        return 0
    names = [*map(field_name, stale.fields), *map(quote_name, stale.quotes)]
    raise UsageError(
        f"--stamp: name each translation a translator checked with --field, or stamp them "
        f"all with --all; stale in {seen.relpath}: {', '.join(names)}"
    )


def _stamped(where: str, todo: Plan, old: bytes, relpath: str) -> None:
    """What --stamp did: each translation it stamped, a line each, and each one named that
    had nothing to stamp."""
    for field in todo.fields:
        print(f"{where} stamped {field_name(field)}")
    if todo.quotes:
        positions = parse_document(old, relpath).positions
        for item in todo.quotes:
            line = positions.value((*item, "quote"))[0]
            print(f"{where} stamped {quote_name(item)} (the quote of line {line})")
    for name, state in todo.unchanged:
        print(f"{where} {name} is {state}: nothing to stamp")
    if not (todo.trees or todo.unchanged):
        print(f"{where} nothing to stamp: every translated field is current")
