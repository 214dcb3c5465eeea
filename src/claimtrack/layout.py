"""The tracker's layout: where each kind of file lives, what kind a path is, and how the
lines of a text are counted.

The one place that knows these facts.  The loader lists and reads files by them, the
writers (edit/, recheck, init) build their paths with them, the watchers of `serve` and
`lsp` decide by them which changes matter, and every position a message or an editor
shows counts lines by them.  Paths are relative to the tracker's root, with forward
slashes, as problems name them.

Only the standard library and textrules are imported: the no-change replay
(load/manifest.py) and the parent-death wrapper start fast.
"""

from __future__ import annotations

import re
from typing import Literal

from .textrules import is_record_id

# -- where files live ---------------------------------------------------------------

SETTINGS_FILE = "tracker.yaml"
# The files a record edit changes, by the loader's name for each (tracker.yaml is the
# "settings" record: the one word for it everywhere, the language server's included).
RecordKind = Literal["claim", "source", "settings"]
# Where each kind of record lives.
FOLDERS: dict[str, str] = {"claim": "claims", "source": "sources"}
CLAIMS, SOURCES = FOLDERS["claim"], FOLDERS["source"]
RECORD_SUFFIX = ".yaml"
# The copies kept beside a source record: its archived text and the page it came from.
ARCHIVE_SUFFIX, PAGE_SUFFIX = ".txt", ".html"
COPIES = (ARCHIVE_SUFFIX, PAGE_SUFFIX)
# The folder of a source's later versions, sources/<id>.revisions/, read one level deep.
REVISIONS_SUFFIX = ".revisions"
# A theme's folders, read whole (site/html/theme.py).
THEME_FOLDERS = ("templates", "static")
# What a command writing records is doing, while it does it (edit/transaction.py): the
# watchers of serve and lsp wait for it to go, and the next command finishes or undoes
# what a killed one left.
JOURNAL = ".claimtrack-journal"

# What a file that loading reads is: a record, an archived text (.txt), a saved page
# (.html), a later version of either (sources/<id>.revisions/*.txt, *.html) or tracker.yaml.
FileKind = Literal["claim", "source", "archive", "page", "revision", "revision-page", "settings"]
# What each file of sources/ is, by extension, and of a revisions folder.
SOURCE_FILES: dict[str, FileKind] = {"yaml": "source", "txt": "archive", "html": "page"}
REVISION_FILES: dict[str, FileKind] = {"txt": "revision", "html": "revision-page"}


def record_rel(kind: RecordKind, record_id: str) -> str:
    """``claims/ID.yaml``, ``sources/ID.yaml`` or ``tracker.yaml``."""
    if kind == "settings":
        return SETTINGS_FILE
    return f"{FOLDERS[kind]}/{record_id}{RECORD_SUFFIX}"


def archive_rel(source_id: str) -> str:
    """The archived text of a source: ``sources/ID.txt``."""
    return f"{SOURCES}/{source_id}{ARCHIVE_SUFFIX}"


def page_rel(source_id: str) -> str:
    """The web page a source's archived text came from: ``sources/ID.html``."""
    return f"{SOURCES}/{source_id}{PAGE_SUFFIX}"


def revision_folder(source_id: str) -> str:
    """The folder of a source's later versions: ``sources/ID.revisions``."""
    return f"{SOURCES}/{source_id}{REVISIONS_SUFFIX}"


def revision_rel(source_id: str, stem: str, suffix: str) -> str:
    """One copy of a later version: ``sources/ID.revisions/STEM.txt`` (or ``.html``)."""
    return f"{revision_folder(source_id)}/{stem}{suffix}"


# -- what kind a path is ----------------------------------------------------------------


def classify(rel: str) -> tuple[FileKind, str] | None:
    """(kind, id) of a path that loading reads, or None.

    Names that loading would report (``.yml``, invalid ids) classify as None here: a
    change to one makes the caller list the folder again.
    """
    if rel == SETTINGS_FILE:
        return ("settings", "")
    folder, _, name = rel.partition("/")
    if folder == SOURCES and "/" in name:
        return _revision_kind(name)
    if "/" in name or name.startswith("."):
        return None
    stem, dot, ext = name.rpartition(".")
    if not dot or not is_record_id(stem):
        return None
    if folder == CLAIMS and ext == "yaml":
        return ("claim", stem)
    if folder == SOURCES and ext in SOURCE_FILES:
        return (SOURCE_FILES[ext], stem)
    return None


def _revision_kind(name: str) -> tuple[FileKind, str] | None:
    """(kind, source id) of ``<id>.revisions/<file>`` under sources/, or None.  Any .txt or
    .html file there is loaded, whatever its name: one no entry names is a problem
    (revision-unrecorded), not a file silently passed over."""
    folder, _, file = name.partition("/")
    sid, dot, suffix = folder.rpartition(".")
    if "/" in file or file.startswith(".") or f"{dot}{suffix}" != REVISIONS_SUFFIX:
        return None
    ext = file.rpartition(".")[2]
    if not is_record_id(sid) or ext not in REVISION_FILES or "." not in file:
        return None
    return (REVISION_FILES[ext], sid)


def record_kind(rel: str) -> RecordKind | None:
    """Which record a path holds, if it is a record file: claim, source or settings."""
    found = classify(rel)
    if found is None or found[0] not in ("claim", "source", "settings"):
        return None
    return found[0]


def ignored(name: str) -> bool:
    """A file or folder name that is never the tracker's data: hidden files, an editor's
    swap files and backups, and claimtrack's own temporary files."""
    return name.startswith(".") or name.endswith(("~", ".swp", ".tmp"))


def watched(rel: str) -> bool:
    """Whether a change to ``rel`` can change what a check or a build gives: tracker.yaml,
    any file of claims/ and sources/ (a misnamed one is a problem to report), of a
    revisions folder, of the theme's folders, and the journal of a write under way."""
    if rel in (SETTINGS_FILE, JOURNAL):
        return True
    parts = rel.split("/")
    if any(ignored(part) for part in parts):
        return False
    top = parts[0]
    if top in THEME_FOLDERS:
        return len(parts) > 1
    if top == SOURCES and len(parts) == 3:
        return parts[1].endswith(REVISIONS_SUFFIX)
    return top in (CLAIMS, SOURCES) and len(parts) == 2


# -- how lines are counted ---------------------------------------------------------------
#
# A record's lines end at LF; a CR before it stays on its line (yamlsource refuses the
# line breaks only YAML counts: a lone CR, NEL, LS, PS).  Every line and column a problem
# names counts so: 1-based, the column in what the text holds (characters of a str, bytes
# of bytes).  An editor counts CR, LF and CRLF as line breaks (the Language Server
# Protocol's rule): a position goes to an editor through its offset, never by line number.

_EDITOR_BREAK = re.compile(r"\r\n|\r|\n")


def line_column(text: str | bytes, offset: int) -> tuple[int, int]:
    """Line and column, 1-based, of ``offset``: where a problem or a report points."""
    if isinstance(text, bytes):
        return text.count(b"\n", 0, offset) + 1, offset - text.rfind(b"\n", 0, offset)
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def offset_of(text: str, line: int, column: int) -> int:
    """The offset of a 1-based line and column (as line_column counts them), clamped to the
    line's end."""
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            return len(text)
        start = found + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return min(start + max(column - 1, 0), end)


def split_lines(text: str) -> list[str]:
    """The lines as line_column counts them (a CR before an LF stays on its line)."""
    return text.split("\n")


def editor_lines(text: str) -> list[str]:
    """The lines as an editor counts them: CR, LF and CRLF each end one."""
    return _EDITOR_BREAK.split(text)


def editor_position(text: str, offset: int) -> tuple[int, int]:
    """A character offset as an editor's 0-based line and column (code points)."""
    line, start = 0, 0
    for match in _EDITOR_BREAK.finditer(text, 0, offset):
        line, start = line + 1, match.end()
    return line, offset - start


def editor_offset(text: str, line: int, column: int) -> int:
    """The offset of an editor's 0-based line and column, clamped to the line's end."""
    start = 0
    for _ in range(line):
        match = _EDITOR_BREAK.search(text, start)
        if match is None:
            return len(text)
        start = match.end()
    match = _EDITOR_BREAK.search(text, start)
    end = len(text) if match is None else match.start()
    return min(start + max(column, 0), end)


def newline(text: str) -> str:
    """The file's newline style, for the lines a writer adds: CRLF when it has one."""
    return "\r\n" if "\r\n" in text else "\n"
