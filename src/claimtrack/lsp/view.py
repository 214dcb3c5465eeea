"""One consistent state of the tracker as the editor has it, for every feature to read.

A View is made by one run of the checker over the tracker with the editor's unsaved
texts in place of the files on disk (workspace.Workspace).  Features never load or
check anything themselves: they read the records, the analysis and the problems here,
so that completion, hover and diagnostics never disagree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from ..check.analysis import Analysis
from ..layout import classify
from ..load import Tracker
from ..load.files import MAX_BYTES, PAGE_MAX_BYTES, read_data_file
from ..problems import Problem


@dataclass(frozen=True, slots=True)
class View:
    root: Path  # resolved
    today: dt.date
    tracker: Tracker
    analysis: Analysis
    problems: tuple[Problem, ...]  # every problem, sorted as check sorts them
    by_path: Mapping[str, tuple[Problem, ...]] = field(default_factory=dict)
    # The editor's unsaved texts the view was made from, by path: they stand for the files.
    unsaved: Mapping[str, bytes] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        root: Path,
        today: dt.date,
        analysis: Analysis,
        problems: list[Problem],
        unsaved: Mapping[str, bytes] | None = None,
    ) -> View:
        by_path: dict[str, list[Problem]] = {}
        for p in problems:
            by_path.setdefault(p.path, []).append(p)
        return cls(
            root,
            today,
            analysis.tracker,
            analysis,
            tuple(problems),
            {path: tuple(found) for path, found in by_path.items()},
            dict(unsaved or {}),
        )

    def text(self, rel: str) -> str | None:
        """The text of ``rel`` this view was made from: the editor's, else the file's,
        read as the loader reads it (``read_data_file``): never through a link out of
        the tracker, never a FIFO or a device, never more than the loader would read.
        None when the loader would not read it either (its problem says why)."""
        raw = self.unsaved.get(rel)
        if raw is None:
            found = classify(rel)
            pages = found is not None and found[0] in ("page", "revision-page")
            limit = PAGE_MAX_BYTES if pages else MAX_BYTES  # as load/files.load_page
            raw = read_data_file(self.root, self.root / rel, [], limit)
            if raw is None:
                return None
        return raw.decode("utf-8", "replace")

    def uri(self, rel: str) -> str:
        """The file URI of a path relative to the root (``claims/x.yaml``)."""
        return (self.root / rel).as_uri()

    def rel(self, uri: str) -> str | None:
        """The path relative to the root, with forward slashes, of a file URI under the
        root; None for any other URI."""
        return relative(self.root, uri)


def relative(root: Path, uri: str) -> str | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    try:
        rel = Path(unquote(parsed.path)).resolve().relative_to(root)
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a link in a loop
        return None
    text = rel.as_posix()
    return None if text in ("", ".") else text


def make_view(root: Path, today: dt.date) -> View:
    """A view of the tracker on disk, checked once (tests, and the features' own use)."""
    from ..check import Checker
    from ..load import Loader

    resolved = Path(root).resolve()
    checker = Checker()
    analysis, problems = checker.run(Loader(resolved).load(), today)
    return View.of(resolved, today, analysis, problems)
