"""`claimtrack new claim|source ID`: start a record from a commented skeleton;
`claimtrack new measurement CLAIM_ID`: add a commented measurement to a claim.

The skeletons (``claimtrack/skeletons/*.yaml``) carry the schema header line,
every field with a comment on what belongs there, and empty values where the
editor must decide.  A source created with ``--text FILE`` also gets its
archived copy, byte for byte, and the snapshot facts of that copy.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..edit.measurement import edit_add_measurement
from ..edit.scaffold import skeleton as fill_skeleton
from ..errors import ClaimtrackError, DataError, FileRefused, UsageError
from ..fsutil import atomic_write_bytes, read_regular
from ..load.files import read_data_file
from ..load.yamlsource import MAX_BYTES
from ..problems import Problem
from ..records import ID_RULE, is_record_id
from .status import claim_path

FOLDERS = {"claim": "claims", "source": "sources"}


def add_parser(sub: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("new", help="start a claim or source record from a skeleton")
    kinds = parser.add_subparsers(
        dest="record", required=True, metavar="claim|source|measurement"
    )
    claim = kinds.add_parser("claim", help="write claims/ID.yaml")
    claim.add_argument("id", metavar="ID", help="lowercase letters, digits and single hyphens")
    common(claim)
    claim.set_defaults(run=run, text=None)
    source = kinds.add_parser("source", help="write sources/ID.yaml (and sources/ID.txt)")
    source.add_argument("id", metavar="ID", help="lowercase letters, digits and single hyphens")
    source.add_argument(
        "--text",
        type=Path,
        default=None,
        metavar="FILE",
        help="archive this UTF-8 text as sources/ID.txt and record its sha256",
    )
    common(source)
    source.set_defaults(run=run)
    measurement = kinds.add_parser(
        "measurement",
        help="append a measurement skeleton to claims/CLAIM_ID.yaml, keeping its layout",
    )
    measurement.add_argument("id", metavar="CLAIM_ID", help="id of a figure claim")
    common(measurement)
    measurement.set_defaults(run=run_measurement)


def skeleton(kind: str, values: dict[str, str]) -> str:
    """The skeleton of a claim or source with its ``{{name}}`` placeholders filled."""
    return fill_skeleton(f"{kind}.yaml", values=values)


def snapshot_block(retrieved: dt.date, sha256: str) -> str:
    return f"\n  retrieved: {retrieved.isoformat()}\n  sha256: {sha256}"


def check_id(record_id: str) -> None:
    if not is_record_id(record_id):
        raise ClaimtrackError(
            f"{record_id!r} is not a valid id: use {ID_RULE}, e.g. nvidia-blog-post"
        )


def read_text_file(path: Path) -> bytes:
    """The bytes of an archive-to-be, refused unless it is a readable UTF-8 file of sane size."""
    try:
        raw = read_regular(path, MAX_BYTES)
    except FileRefused as exc:
        if exc.code == "unreadable" and not os.path.lexists(path):
            raise ClaimtrackError(f"--text {path}: no such file") from None
        raise ClaimtrackError(f"--text {path}: {exc}") from None
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ClaimtrackError(
            f"--text {path}: not UTF-8 (byte {exc.start}); convert the text to UTF-8 first"
        ) from None
    return raw


def run(args: argparse.Namespace) -> int:
    root: Path = args.root
    if not root.is_dir():
        raise UsageError(f"--root {root}: no such folder")
    kind: str = args.record
    record_id: str = args.id
    check_id(record_id)
    folder = root / FOLDERS[kind]
    rel = f"{FOLDERS[kind]}/{record_id}.yaml"
    path = folder / f"{record_id}.yaml"
    if path.exists() or path.is_symlink():
        raise ClaimtrackError(f"{rel} already exists; edit it instead")
    today: dt.date = args.today or dt.date.today()
    values = {"id": record_id, "today": today.isoformat(), "snapshot": ""}
    archive = folder / f"{record_id}.txt"
    archive_rel = f"sources/{record_id}.txt"
    text: bytes | None = None
    notes: list[str] = []
    if kind == "source":
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
    folder.mkdir(parents=True, exist_ok=True)
    if text is not None:
        atomic_write_bytes(archive, text)
    try:
        atomic_write_bytes(path, content)
    except BaseException:
        if text is not None:
            archive.unlink(missing_ok=True)
        raise
    written = rel if text is None else f"{rel} and {archive_rel}"
    print(f"wrote {written}")
    for note in notes:
        print(f"note: {note}")
    print(f"next: fill in the empty values in {rel}, then run `claimtrack check`")
    return 0


def run_measurement(args: argparse.Namespace) -> int:
    """Append a commented measurement skeleton to a claim; the editor fills it in."""
    root: Path = args.root
    if not root.is_dir():
        raise UsageError(f"--root {root}: no such folder")
    root = root.resolve()
    path = claim_path(root, args.id)
    relpath = f"claims/{args.id}.yaml"
    today: dt.date = args.today or dt.date.today()
    problems: list[Problem] = []
    raw = read_data_file(root, path, problems)
    if raw is None:
        raise DataError(problems, f"cannot read {relpath}")
    new_raw = edit_add_measurement(raw, relpath, today.isoformat())
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        atomic_write_bytes(target, new_raw)
    except OSError as exc:
        raise ClaimtrackError(
            f"cannot write {relpath} ({exc.strerror or exc}); the file is unchanged"
        ) from None
    print(f"{relpath}: one measurement more, at the end of its measurements")
    print("next: fill in the empty values of the new measurement, then run `claimtrack check`")
    return 0
