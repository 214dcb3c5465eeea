"""A new record from its commented skeleton, and a new source's archived copy.

The skeletons (``claimtrack/skeletons/*.yaml``) carry the schema header line, every field
with a comment on what belongs there, and empty values where the editor must decide.  A
source may come with its archived copy: a text given byte for byte, or a web page saved
or fetched, whose main text is archived and whose own metadata pre-fills the record
(web/page.py, web/copies.py).  The copy's ``snapshot:`` is spliced into the skeleton as
`recheck --save` splices one (edit/changes/versions.py), and the files are written as one
transaction (edit/transaction.py): the copies, then the record.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ClaimtrackError, FileRefused, UsageError
from ..fsutil import read_regular
from ..layout import RecordKind, archive_rel, page_rel, record_rel
from ..load.files import MAX_BYTES, check_root
from ..records.values import ID_RULE, is_record_id
from ..web.copies import first_copies, read_page, snapshot
from .changes.versions import edit_add_snapshot
from .scaffold import skeleton
from .transaction import Transaction


@dataclass(frozen=True, slots=True)
class Started:
    """What starting a record wrote (the record last), and what its editor should know."""

    written: list[str]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class GivenPage:
    """A web page a source starts from: its bytes as saved or fetched, their charset when
    the server named one, where it came from (for messages), the address it was fetched
    from (after redirects), and whether it is sources/<id>.html itself (then kept)."""

    raw: bytes
    charset: str | None
    where: object
    fetched_url: str | None = None
    in_place: bool = False


def check_id(record_id: str) -> None:
    if not is_record_id(record_id):
        raise UsageError(f"{record_id!r} is not a valid id: use {ID_RULE}, e.g. nvidia-blog-post")


def read_given(option: str, path: Path, limit: int) -> bytes:
    """The bytes of a file named on the command line, refused unless readable and of sane size."""
    try:
        return read_regular(path, limit)
    except FileRefused as exc:
        if exc.code == "unreadable" and not os.path.lexists(path):
            raise ClaimtrackError(f"{option} {path}: no such file") from None
        raise ClaimtrackError(f"{option} {path}: {exc}") from None


def read_text_file(option: str, path: Path) -> bytes:
    """The bytes of an archive-to-be, refused unless it is a readable UTF-8 file of sane size."""
    raw = read_given(option, path, MAX_BYTES)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ClaimtrackError(
            f"{option} {path}: not UTF-8 (byte {exc.start}); convert the text to UTF-8 first"
        ) from None
    return raw


def start_claim(root: Path, claim_id: str, today: dt.date) -> Started:
    """``claims/ID.yaml`` from the claim skeleton."""
    return _write(root, "claim", claim_id, _values(claim_id, today), {})


def start_source(
    root: Path,
    source_id: str,
    today: dt.date,
    *,
    text: Path | None = None,
    page: GivenPage | None = None,
) -> Started:
    """``sources/ID.yaml`` from the source skeleton, with its archived copy: ``text``, a
    UTF-8 file archived byte for byte; or ``page``, whose main text is archived and which is
    kept beside it; or, without either, the ``sources/ID.txt`` already there."""
    root = check_root(root)
    check_id(source_id)
    values = _values(source_id, today)
    archive = root / archive_rel(source_id)
    notes: list[str] = []
    copies: dict[str, bytes] = {}
    entry: dict[str, str | None] | None = None
    if page is not None:
        for rel in (page_rel(source_id), archive_rel(source_id)):
            if os.path.lexists(root / rel) and not (page.in_place and rel == page_rel(source_id)):
                raise ClaimtrackError(f"{rel} already exists; it is not overwritten")
        html, kept = read_page(page.raw, page.charset, page.where)
        values.update(_page_values(html, today, page.fetched_url))
        copies = first_copies(source_id, kept)
        if page.in_place:
            del copies[page_rel(source_id)]
        entry = snapshot(today, kept.text, kept)
        notes.append(
            f"the text of {archive_rel(source_id)} was extracted from the page: compare it with "
            "the page before you quote it"
        )
    else:
        # lexists and realpath: a link loop or FIFO in the archive's place is "already
        # there" (never overwritten), and neither raises here.
        exists = os.path.lexists(archive)
        if text is not None and exists and os.path.realpath(text) != os.path.realpath(archive):
            raise ClaimtrackError(f"{archive_rel(source_id)} already exists; it is not overwritten")
        if text is not None and not exists:
            copies = {archive_rel(source_id): read_text_file("--text", text)}
            entry = snapshot(today, copies[archive_rel(source_id)])
        elif exists:
            entry = snapshot(today, read_text_file("--text", archive))
            notes.append(
                f"recorded the snapshot of the existing {archive_rel(source_id)} as retrieved "
                f"{today.isoformat()}; correct the date if it was archived earlier"
            )
    return _write(root, "source", source_id, values, copies, entry, notes)


def _values(record_id: str, today: dt.date) -> dict[str, str]:
    from ..web.page import UNKNOWN

    return {"id": record_id, "today": today.isoformat(), "snapshot": "", **UNKNOWN}


def _page_values(html: str, today: dt.date, fetched_url: str | None) -> dict[str, str]:
    """What the page's own metadata states, as the skeleton's pre-filled values."""
    from ..web.page import page_facts, skeleton_values

    return skeleton_values(page_facts(html, today), fetched_url)


def _write(
    root: Path,
    kind: RecordKind,
    record_id: str,
    values: dict[str, str],
    copies: dict[str, bytes],
    entry: dict[str, str | None] | None = None,
    notes: list[str] | None = None,
) -> Started:
    root = check_root(root)
    check_id(record_id)
    rel = record_rel(kind, record_id)
    if os.path.lexists(root / rel):
        raise ClaimtrackError(f"{rel} already exists; edit it instead")
    content = skeleton(f"{kind}.yaml", values=values).encode("utf-8")
    if entry is not None:
        content = edit_add_snapshot(content, rel, entry)
    transaction = Transaction(root)
    for path, data in copies.items():
        transaction.create(path, data)
    written = transaction.create(rel, content).commit()
    return Started(written, notes or [])
