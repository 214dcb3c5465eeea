"""The protocol's methods, each registered on the server: the documents' notifications,
and the editor's requests, answered from the latest View (each feature in code points,
the positions turned into the client's units here, on the way in and on the way out).

A request made before the first check ends gets an empty answer at once: the editor
asks again as the user goes on.  A request for a document the server does not answer
for (outside the tracker, not a record) gets the same.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types

from ..check.worklist import worklist
from ..layout import editor_lines
from ..problems import Problem
from .convert import Units, diagnostic, problem_range
from .features import actions, complete, define, hover
from .server import ClaimtrackServer
from .view import View

# The most completion items one answer carries.
MAX_ITEMS = 200


def _context(
    ls: ClaimtrackServer, uri: str, position: types.Position
) -> tuple[View, str, str, types.Position] | None:
    """(view, rel, text, position in code points) for a request, or None."""
    rel = ls.rel(uri)
    view = ls.current()
    if rel is None or view is None:
        return None
    text = ls.text_of(uri, view)
    if text is None:
        return None
    return view, rel, text, Units(ls.workspace.position_codec).into(editor_lines(text), position)


def completion(ls: ClaimtrackServer, params: types.CompletionParams) -> types.CompletionList:
    found = _context(ls, params.text_document.uri, params.position)
    if found is None:
        return types.CompletionList(is_incomplete=False, items=[])
    view, rel, text, position = found
    items = complete.complete(view, rel, text, position)
    # At 10,000 claims, `source: ` with nothing typed yet matches every source: the first
    # MAX_ITEMS go, marked incomplete, and the editor asks again as letters are typed.
    incomplete = len(items) > MAX_ITEMS
    items = items[:MAX_ITEMS]
    units, lines = Units(ls.workspace.position_codec), editor_lines(text)
    for item in items:
        edit = item.text_edit
        if isinstance(edit, types.TextEdit):
            edit.range = units.out(lines, edit.range)
    return types.CompletionList(is_incomplete=incomplete, items=items)


def on_hover(ls: ClaimtrackServer, params: types.HoverParams) -> types.Hover | None:
    found = _context(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    view, rel, text, position = found
    answer = hover.hover(view, rel, text, position)
    if answer is not None and answer.range is not None:
        answer.range = Units(ls.workspace.position_codec).out(editor_lines(text), answer.range)
    return answer


def definition(ls: ClaimtrackServer, params: types.DefinitionParams) -> list[types.Location]:
    found = _context(ls, params.text_document.uri, params.position)
    if found is None:
        return []
    view, rel, text, position = found
    units = Units(ls.workspace.position_codec)
    locations = define.definition(view, rel, text, position)
    for location in locations:
        # The target's lines as the editor has them, if it is open, else as on disk.
        target_text = ls.text_of(location.uri, view) or ""
        location.range = units.out(editor_lines(target_text), location.range)
    return locations


def code_action(
    ls: ClaimtrackServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    rel, view = ls.rel(uri), ls.current()
    if rel is None or view is None:
        return None
    text = ls.text_of(uri, view)
    if text is None or view.text(rel) != text:
        return None  # the view is of an older text: its positions would be off
    units, lines = Units(ls.workspace.position_codec), editor_lines(text)
    wanted = params.range
    start = units.into(lines, wanted.start)
    end = units.into(lines, wanted.end)
    # The problems on the lines asked about, where the editor shows them.
    problems = [
        p
        for p in view.by_path.get(rel, ())
        if start.line <= problem_range(p, text).start.line <= end.line
    ]
    found = actions.code_actions(view, rel, text, problems)
    by_key = {_key(p): p for p in problems}
    for action in found:
        if action.edit is not None and action.edit.changes:
            for edits in action.edit.changes.values():
                for edit in edits:
                    edit.range = units.out(lines, edit.range)
        if action.diagnostics:
            action.diagnostics = [_out(units, lines, d) for d in action.diagnostics]
        elif len(by_key) == 1:
            (only,) = by_key.values()
            action.diagnostics = [_out(units, lines, diagnostic(only, text))]
    return found


def _key(p: Problem) -> tuple[int, int, str]:
    return p.line, p.column, str(p.code)


def _pushed(ls: ClaimtrackServer, view: View, uri: str) -> list[tuple[str, int, int, str]]:
    rel = ls.rel(uri)
    return [] if rel is None else [(rel, *_key(p)) for p in view.by_path.get(rel, ())]


def _out(units: Units, lines: Sequence[str], d: types.Diagnostic) -> types.Diagnostic:
    d.range = units.out(lines, d.range)
    return d


def workspace_diagnostics(
    ls: ClaimtrackServer, params: types.WorkspaceDiagnosticParams
) -> types.WorkspaceDiagnosticReport:
    """The editor's worklist (``claimtrack review``), as information-level diagnostics, only
    when the client asks for the whole workspace's: a tracker of 10,000 files must not
    flood the editor by itself."""
    view = ls.current()
    if view is None:
        return types.WorkspaceDiagnosticReport(items=[])
    items = worklist(view.analysis, view.problems, view.today)
    # An open record shows the check's own problems already (pushed): its worklist items
    # that are those problems again are left out, so that nothing shows twice.
    shown = {key for uri in ls.workspace.text_documents for key in _pushed(ls, view, uri)}
    by_path: dict[str, list[Problem]] = {}
    for item in items:
        if (item.path, *_key(item)) not in shown:
            by_path.setdefault(item.path, []).append(item)
    units = Units(ls.workspace.position_codec)
    reports: list[types.WorkspaceDocumentDiagnosticReport] = []
    for rel, found in sorted(by_path.items()):
        diagnostics = units.diagnostics(found, view.text(rel) or "")
        reports.append(
            types.WorkspaceFullDocumentDiagnosticReport(
                uri=view.uri(rel), items=diagnostics, version=None
            )
        )
    return types.WorkspaceDiagnosticReport(items=reports)


def document_diagnostics(
    ls: ClaimtrackServer, params: types.DocumentDiagnosticParams
) -> types.RelatedFullDocumentDiagnosticReport:
    """Nothing: an open record's problems are pushed (publishDiagnostics) as they change;
    pulling them too would show each twice.  The worklist comes with the workspace's."""
    return types.RelatedFullDocumentDiagnosticReport(items=[])


def make_server(
    root: Path | None = None, use_cache: bool = True, today: dt.date | None = None
) -> ClaimtrackServer:
    server = ClaimtrackServer(root, use_cache, today)

    @server.feature(types.INITIALIZE)
    def initialize(ls: ClaimtrackServer, params: types.InitializeParams) -> None:
        ls.begin(params)

    @server.feature(types.INITIALIZED)
    def initialized(ls: ClaimtrackServer, params: types.InitializedParams) -> None:
        ls.started()

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: ClaimtrackServer, params: Any) -> None:
        ls.finish()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ClaimtrackServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: ClaimtrackServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.edited(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ClaimtrackServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[" ", "[", ",", "-"]),
    )(completion)
    server.feature(types.TEXT_DOCUMENT_HOVER)(on_hover)
    server.feature(types.TEXT_DOCUMENT_DEFINITION)(definition)
    server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )(code_action)
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier="claimtrack", inter_file_dependencies=True, workspace_diagnostics=True
        ),
    )(document_diagnostics)
    server.feature(types.WORKSPACE_DIAGNOSTIC)(workspace_diagnostics)
    return server


def serve_stdio(
    root: Path | None = None, use_cache: bool = True, today: dt.date | None = None
) -> None:
    """Speak the protocol over stdin and stdout until the client says exit or goes away."""
    logging.basicConfig(level=logging.WARNING)
    server = make_server(root, use_cache, today)
    try:
        server.start_io()
    finally:
        server.finish()
