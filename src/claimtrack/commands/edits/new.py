"""`claimtrack new claim|source ID`: start a record from a commented skeleton;
`claimtrack new measurement CLAIM_ID`: add a commented measurement to a claim.

The skeletons (``claimtrack/skeletons/*.yaml``) carry the schema header line,
every field with a comment on what belongs there, and empty values where the
editor must decide.  A source created with ``--text FILE`` also gets its
archived copy, byte for byte, and the snapshot facts of that copy.  With
``--html FILE`` or ``--url URL`` the archived text is the page's main text,
the page itself is kept beside it, and what the page's metadata states is
pre-filled (web/page.py, web/fetch.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from ...edit.apply import Change, apply
from ...edit.measurement import edit_add_measurement
from ...edit.scaffold import skeleton as fill_skeleton
from ...errors import ClaimtrackError, FileRefused
from ...fsutil import atomic_write_bytes, read_regular
from ...load.files import MAX_BYTES, PAGE_MAX_BYTES
from ...web.fetch import fetch
from ...web.page import UNKNOWN, page_facts, page_text, skeleton_values
from ..options import record_id_arg, seconds_arg

FOLDERS = {"claim": "claims", "source": "sources"}


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("new", help="start a claim or source record from a skeleton")
    kinds = parser.add_subparsers(dest="record", required=True, metavar="claim|source|measurement")
    claim = kinds.add_parser("claim", help="write claims/ID.yaml")
    claim.add_argument(
        "id", type=record_id_arg, metavar="ID", help="lowercase letters, digits and single hyphens"
    )
    common(claim)
    claim.set_defaults(run=run, text=None, html=None, url=None)
    source = kinds.add_parser(
        "source", help="write sources/ID.yaml (and sources/ID.txt, sources/ID.html)"
    )
    source.add_argument(
        "id", type=record_id_arg, metavar="ID", help="lowercase letters, digits and single hyphens"
    )
    copy = source.add_mutually_exclusive_group()
    copy.add_argument(
        "--text",
        type=Path,
        default=None,
        metavar="FILE",
        help="archive this UTF-8 text as sources/ID.txt and record its sha256",
    )
    copy.add_argument(
        "--html",
        type=Path,
        default=None,
        metavar="FILE",
        help="a saved web page: archive its main text as sources/ID.txt, keep the page as "
        "sources/ID.html, and pre-fill what its metadata states",
    )
    copy.add_argument(
        "--url",
        default=None,
        metavar="URL",
        help="fetch this http(s) page and do as --html does",
    )
    source.add_argument(
        "--timeout",
        type=seconds_arg,
        default=20.0,
        metavar="SECONDS",
        help="with --url: give up after this many seconds (default: 20)",
    )
    common(source)
    source.set_defaults(run=run)
    measurement = kinds.add_parser(
        "measurement",
        help="append a measurement skeleton to claims/CLAIM_ID.yaml, keeping its layout",
    )
    measurement.add_argument(
        "id", type=record_id_arg, metavar="CLAIM_ID", help="id of a figure claim"
    )
    common(measurement)
    measurement.set_defaults(run=run_measurement)


def skeleton(kind: str, values: dict[str, str]) -> str:
    """The skeleton of a claim or source with its ``{{name}}`` placeholders filled."""
    return fill_skeleton(f"{kind}.yaml", values=values)


def snapshot_block(retrieved: dt.date, sha256: str, html_sha256: str | None = None) -> str:
    block = f"\n  retrieved: {retrieved.isoformat()}\n  sha256: {sha256}"
    if html_sha256 is not None:
        block += f"\n  html_sha256: {html_sha256}"
    return block


def read_given(option: str, path: Path, limit: int) -> bytes:
    """The bytes of a file named on the command line, refused unless readable and of sane size."""
    try:
        return read_regular(path, limit)
    except FileRefused as exc:
        if exc.code == "unreadable" and not os.path.lexists(path):
            raise ClaimtrackError(f"{option} {path}: no such file") from None
        raise ClaimtrackError(f"{option} {path}: {exc}") from None


def read_text_file(path: Path) -> bytes:
    """The bytes of an archive-to-be, refused unless it is a readable UTF-8 file of sane size."""
    raw = read_given("--text", path, MAX_BYTES)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ClaimtrackError(
            f"--text {path}: not UTF-8 (byte {exc.start}); convert the text to UTF-8 first"
        ) from None
    return raw


def run(args: argparse.Namespace) -> int:
    root: Path = args.root
    kind: str = args.record
    record_id: str = args.id
    folder = root / FOLDERS[kind]
    rel = f"{FOLDERS[kind]}/{record_id}.yaml"
    path = folder / f"{record_id}.yaml"
    if path.exists() or path.is_symlink():
        raise ClaimtrackError(f"{rel} already exists; edit it instead")
    today: dt.date = args.today or dt.date.today()
    values = {"id": record_id, "today": today.isoformat(), "snapshot": "", **UNKNOWN}
    archive = folder / f"{record_id}.txt"
    archive_rel = f"sources/{record_id}.txt"
    text: bytes | None = None
    notes: list[str] = []
    copies: dict[Path, bytes] = {}  # written before the record, in this order
    if args.html is not None or args.url is not None:
        copies = from_page(args, folder, record_id, today, values, notes)
    elif kind == "source":
        given: Path | None = args.text
        # lexists and realpath: a link loop or FIFO in the archive's place is
        # "already there" (never overwritten), and neither raises here.
        exists = os.path.lexists(archive)
        if given is not None and exists and os.path.realpath(given) != os.path.realpath(archive):
            raise ClaimtrackError(f"{archive_rel} already exists; it is not overwritten")
        if given is not None and not exists:
            text = read_text_file(given)
            digest = hashlib.sha256(text).hexdigest()
        elif exists:
            digest = hashlib.sha256(read_text_file(archive)).hexdigest()
            notes.append(
                f"recorded the snapshot of the existing {archive_rel} as retrieved "
                f"{today.isoformat()}; correct the date if it was archived earlier"
            )
        if given is not None or exists:
            values["snapshot"] = snapshot_block(today, digest)
    content = skeleton(kind, values).encode("utf-8")
    if text is not None:
        copies[archive] = text
    write_all({**copies, path: content})
    names = [rel, *(f"sources/{p.name}" for p in copies)]
    print(f"wrote {', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else f"wrote {rel}")
    for note in notes:
        print(f"note: {note}")
    print(f"next: fill in the empty values in {rel}, then run `claimtrack check`")
    return 0


def from_page(
    args: argparse.Namespace,
    folder: Path,
    record_id: str,
    today: dt.date,
    values: dict[str, str],
    notes: list[str],
) -> dict[Path, bytes]:
    """The files to write for a new source from a web page (the page, its main text), with
    ``values`` pre-filled from the page's metadata.  Refuses before reading anything when
    either file exists, unless ``--html`` names sources/ID.html itself: then it is kept."""
    page_path, text_path = folder / f"{record_id}.html", folder / f"{record_id}.txt"
    # lexists and realpath, as for --text: a link loop or FIFO in the place is "already
    # there" (never overwritten), and neither raises here.
    in_place = (
        args.html is not None
        and os.path.lexists(page_path)
        and os.path.realpath(args.html) == os.path.realpath(page_path)
    )
    for existing in (page_path, text_path):
        if os.path.lexists(existing) and not (in_place and existing == page_path):
            raise ClaimtrackError(f"sources/{existing.name} already exists; it is not overwritten")
    fetched_url: str | None = None
    if args.url is not None:
        fetched = fetch(args.url, args.timeout, PAGE_MAX_BYTES)
        raw, charset, fetched_url = fetched.body, fetched.charset, fetched.url
    else:
        raw, charset = read_given("--html", args.html, PAGE_MAX_BYTES), None
    html, text = page_text(raw, charset, args.url if args.url is not None else args.html)
    facts = page_facts(html, today)
    values.update(skeleton_values(facts, fetched_url))
    values["snapshot"] = snapshot_block(
        today, hashlib.sha256(text).hexdigest(), hashlib.sha256(raw).hexdigest()
    )
    notes.append(
        f"the text of sources/{text_path.name} was extracted from the page: compare it with "
        f"the page before you quote it"
    )
    return {text_path: text} if in_place else {page_path: raw, text_path: text}


def write_all(files: dict[Path, bytes]) -> None:
    """Write the files in order; when one fails, remove those already written."""
    next(iter(files)).parent.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    try:
        for path, data in files.items():
            atomic_write_bytes(path, data)
            written.append(path)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise


def run_measurement(args: argparse.Namespace) -> int:
    """Append a commented measurement skeleton to a claim; the editor fills it in."""
    today: dt.date = args.today or dt.date.today()
    splice = partial(edit_add_measurement, today=today.isoformat())
    done = apply(args.root, Change(args.id, splice, judged=False), today)
    print(f"{done.relpath}: one measurement more, at the end of its measurements")
    print("next: fill in the empty values of the new measurement, then run `claimtrack check`")
    return 0
