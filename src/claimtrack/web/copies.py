"""A page kept as a source's copy: the one way a fetched or saved page becomes the files
beside a source record, for `new source --html/--url` and `recheck --save` alike.

A page is kept as two files: the page's bytes as they came (``.html``: evidence of what
was archived, never published) and its main text (``.txt``: what quotes are proven
against).  The first copy is ``sources/<id>.txt`` and ``.html`` with the record's
``snapshot:``; a later version goes into the source's revisions folder with an entry
under ``revisions:`` (edit/changes/versions.py writes both entries).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from ..layout import ARCHIVE_SUFFIX, PAGE_SUFFIX, archive_rel, page_rel, revision_rel
from .page import page_text


@dataclass(frozen=True, slots=True)
class Page:
    """What was fetched or saved, as it is kept: the page's bytes and its main text's."""

    html: bytes
    text: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text).hexdigest()

    @property
    def html_sha256(self) -> str:
        return hashlib.sha256(self.html).hexdigest()


def read_page(raw: bytes, charset: str | None, where: object) -> tuple[str, Page]:
    """The page decoded, and what is kept of it (web/page.page_text: its main text)."""
    html, text = page_text(raw, charset, where)
    return html, Page(raw, text)


def first_copies(source_id: str, page: Page) -> dict[str, bytes]:
    """The files of a source's first copy, by path from the root: the page, then its text."""
    return {page_rel(source_id): page.html, archive_rel(source_id): page.text}


def revision_copies(source_id: str, stem: str, page: Page) -> dict[str, bytes]:
    """The files of a later version, named by its entry's stem (records.revision_stems)."""
    return {
        revision_rel(source_id, stem, ARCHIVE_SUFFIX): page.text,
        revision_rel(source_id, stem, PAGE_SUFFIX): page.html,
    }


def snapshot(day: dt.date, text: bytes, page: Page | None = None) -> dict[str, str | None]:
    """The record's ``snapshot:`` of a first copy: its day and digests (the page's too when
    the text was extracted from one)."""
    return {
        "retrieved": day.isoformat(),
        "sha256": hashlib.sha256(text).hexdigest(),
        "html_sha256": page.html_sha256 if page is not None else None,
    }
