"""The language server's Workspace, in process: unsaved texts checked with the one
incremental Checker, only what an edit touches redone, a check a newer edit made useless
never handed on."""

from __future__ import annotations

import datetime as dt
import queue
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from claimtrack.codes import Code
from claimtrack.load import Cache
from claimtrack.lsp.convert import Units, diagnostic, problem_range
from claimtrack.lsp.view import View
from claimtrack.lsp.workspace import Workspace
from claimtrack.problems import report

TODAY = dt.date(2026, 12, 1)
CLAIM = "claims/rocket-speed.yaml"
WAIT = 30.0  # a deadline for each view, far above what a check takes


class Views:
    def __init__(self) -> None:
        self.got: queue.Queue[View] = queue.Queue()
        self.errors: list[str] = []

    def next(self) -> View:
        return self.got.get(timeout=WAIT)


@pytest.fixture
def started(tracker: Callable[[str], Path]) -> Iterator[tuple[Workspace, Views, Path]]:
    root = tracker("minimal")
    views = Views()
    workspace = Workspace(root, Cache.disabled, views.got.put, views.errors.append, lambda: TODAY)
    workspace.start()
    yield workspace, views, root
    workspace.stop()


def test_an_edit_to_one_claim_rechecks_that_claim_only(
    started: tuple[Workspace, Views, Path],
) -> None:
    workspace, views, root = started
    first = views.next()
    assert first.tracker.changes is None  # the first load: everything
    text = (root / CLAIM).read_text(encoding="utf-8")
    workspace.set_text(CLAIM, text.replace("3x faster than Rocket 1", "4x faster than Rocket 1"))
    view = views.next()
    changes = view.tracker.changes
    assert changes is not None
    assert (changes.claims, changes.sources, changes.settings) == ({"rocket-speed"}, set(), False)
    impact = workspace._checker.impact
    # Redone: the claim, and the claim it names in related: (its rules read both).
    assert impact is not None and impact.claims == {"rocket-speed", "rocket-price"}
    assert [p.code for p in view.by_path[CLAIM]] == [Code.QUOTE_NOT_FOUND]
    # The file on disk is untouched: the unsaved text stood in for it.
    assert (root / CLAIM).read_text(encoding="utf-8") == text


def test_an_edit_leaves_the_unrelated_claims_alone(tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    views = Views()
    workspace = Workspace(root, Cache.disabled, views.got.put, views.errors.append, lambda: TODAY)
    workspace.start()
    try:
        assert len(views.next().tracker.claims) > 3
        rel = "claims/odd-spacing.yaml"
        workspace.set_text(rel, (root / rel).read_text(encoding="utf-8") + "# a comment\n")
        views.next()
        impact = workspace._checker.impact
        assert impact is not None and impact.claims == {"odd-spacing"}
    finally:
        workspace.stop()


def test_closing_a_document_brings_back_the_file_on_disk(
    started: tuple[Workspace, Views, Path],
) -> None:
    workspace, views, _ = started
    views.next()
    workspace.set_text(CLAIM, "statement: [broken\n")
    assert [p.code for p in views.next().by_path[CLAIM]] == [Code.YAML_SYNTAX]
    workspace.set_text(CLAIM, None)
    assert CLAIM not in views.next().by_path


def test_a_check_made_useless_by_a_newer_edit_is_dropped(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    views = Views()
    texts = iter(["statement: [first\n", "statement: [second\n"])
    holder: list[Workspace] = []

    def today() -> dt.date:
        # Called by each check once it has loaded: the first edit's check gets overtaken
        # by a second edit while it runs.
        nxt = next(texts, None)
        if nxt == "statement: [second\n":
            holder[0].set_text(CLAIM, nxt)
        return TODAY

    workspace = Workspace(root, Cache.disabled, views.got.put, views.errors.append, today)
    holder.append(workspace)
    workspace.set_text(CLAIM, next(texts))  # before the first check: it is in it
    workspace.start()
    try:
        view = views.next()
        # The first check (with the first text) was overtaken: the view handed on is of
        # the second text, and no view of the first one ever was.
        assert view.unsaved[CLAIM] == b"statement: [second\n"
        assert views.got.empty()
        assert workspace.checks == 1
    finally:
        workspace.stop()


def test_diagnostics_count_columns_in_the_clients_units() -> None:
    line = 'related: ["😀x", rocket-price]'
    problem = report(CLAIM, (1, 11), Code.UNKNOWN_CLAIM, "no such claim")
    d = diagnostic(problem, line)
    assert (d.range.start.character, d.range.end.character) == (10, 14)  # code points
    utf16 = Units(PositionCodec(types.PositionEncodingKind.Utf16)).diagnostics([problem], line)
    assert (utf16[0].range.start.character, utf16[0].range.end.character) == (10, 15)
    utf8 = Units(PositionCodec(types.PositionEncodingKind.Utf8)).diagnostics([problem], line)
    assert (utf8[0].range.start.character, utf8[0].range.end.character) == (10, 17)
    plain = diagnostic(report(CLAIM, (1, 17), Code.UNKNOWN_CLAIM, "no such claim"), line)
    assert line[plain.range.start.character : plain.range.end.character] == "rocket-price"


def test_a_problem_after_a_lone_carriage_return_is_where_the_editor_counts_it() -> None:
    """check counts lines at LF (layout.line_column); an editor also ends one at a lone CR.
    The underline and the hover go through the same offsets, so both name the line the
    editor shows (before layout.py, the diagnostic said line 1 and the hover line 2)."""
    text = "a\rb\nkey: rocket-price\n"
    problem = report(CLAIM, (2, 6), Code.UNKNOWN_CLAIM, "no such claim")
    r = problem_range(problem, text)
    assert (r.start.line, r.start.character, r.end.line, r.end.character) == (2, 5, 2, 17)
    assert diagnostic(problem, text).range == r
    crlf = "a\r\nkey: rocket-price\r\n"  # a CRLF is one break for both
    r = problem_range(report(CLAIM, (2, 6), Code.UNKNOWN_CLAIM, "x"), crlf)
    assert (r.start.line, r.start.character, r.end.character) == (1, 5, 17)
