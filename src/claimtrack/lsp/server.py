"""`claimtrack lsp`: the protocol's requests and notifications, over the one Workspace.

pygls writes the messages and dispatches them on its event loop; they are read by
claimtrack's own reader (frames.py, rpc.py), which hands pygls only well-formed ones.
The Workspace checks on its own thread and hands each current View back here, where the
diagnostics of every open record are published when they changed.  Requests read the
latest View and answer at once (nothing while the first check runs: the editor asks
again).  No file is read here but through the loader's guarded reader (View.text).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import FeatureRequestError, JsonRpcInternalError
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer

from .._version import __version__
from ..live.follow import EditFeed
from ..load import Cache
from ..load.files import is_tracker
from .convert import Units
from .frames import FrameReader
from .rpc import ClaimtrackProtocol, run, strict_converter
from .view import View, relative
from .workspace import Workspace, answers_for

if TYPE_CHECKING:
    from pygls.server import ServerErrors
    from pygls.workspace import TextDocument

logger = logging.getLogger(__name__)

PROGRESS_TOKEN = "claimtrack-index"


def find_root(candidates: list[Path]) -> Path | None:
    """The tracker root: the first folder (or a parent of it) holding tracker.yaml or claims/."""
    for folder in candidates:
        for here in (folder, *folder.parents):
            if is_tracker(here):
                return here.resolve()
    return None


class ClaimtrackServer(LanguageServer):
    """The language server; ``root`` from --root, else from the client's workspace."""

    protocol: ClaimtrackProtocol

    def __init__(
        self, root: Path | None = None, use_cache: bool = True, today: dt.date | None = None
    ) -> None:
        super().__init__(
            "claimtrack",
            __version__,
            protocol_cls=ClaimtrackProtocol,
            converter_factory=strict_converter,
        )
        self.root_option = root
        self.use_cache = use_cache
        self.today = today
        self.tracker: Workspace | None = None
        self.feed: EditFeed | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._published: dict[str, tuple[object, ...]] = {}
        self._progress: str | None = None  # the token while the first check runs

    # -- set-up -----------------------------------------------------------------------
    def begin(self, params: types.InitializeParams) -> None:
        self.loop = asyncio.get_running_loop()
        if self.root_option is not None:
            root: Path | None = self.root_option.resolve()
        else:
            folders = [f.uri for f in params.workspace_folders or []]
            if params.root_uri:
                folders.append(params.root_uri)
            paths = [Path(p) for uri in folders if (p := _path_of(uri)) is not None]
            root = find_root(paths)
        if root is None or not root.is_dir():
            return
        found = root
        cache = (lambda: Cache.open(found)) if self.use_cache else Cache.disabled
        fixed = self.today
        today = dt.date.today if fixed is None else (lambda: fixed)
        self.tracker = Workspace(root, cache, self._checked, self._failed, today)

    def started(self) -> None:
        """The client is ready (``initialized``): index in the background, follow the disk."""
        workspace = self.tracker
        if workspace is None:
            self.log("claimtrack: no tracker.yaml or claims/ in the workspace; nothing to check")
            return
        if _supports_progress(self):
            self._progress = PROGRESS_TOKEN
            self.work_done_progress.create(PROGRESS_TOKEN, self._progress_created)
        workspace.start()
        feed = self.feed = EditFeed(workspace.root, self.log, name="claimtrack lsp")
        threading.Thread(
            target=feed.follow,
            args=(self._stop, workspace.on_disk),
            name="claimtrack-lsp-disk",
            daemon=True,
        ).start()

    def _progress_created(self, *_: object) -> None:
        if self._progress is None:
            return  # the first check ended first: no progress to show
        self.work_done_progress.begin(
            PROGRESS_TOKEN,
            types.WorkDoneProgressBegin(
                title="claimtrack", message="loading and checking the tracker", percentage=0
            ),
        )

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """pygls's start_io (pygls/server.py), with claimtrack's reader in place of its own."""
        self._stop_event = stop = threading.Event()  # what pygls's shutdown() sets
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        source: Any = stdin or sys.stdin.buffer  # a BufferedReader: read1 reads what is there
        reader = FrameReader(source.read1)
        try:
            asyncio.run(run(self.protocol, reader, stop))
        except BrokenPipeError:
            logger.error("the client's end of stdout is gone: the server ends")
        except (KeyboardInterrupt, SystemExit):
            pass  # exit: pygls leaves with sys.exit
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]

    def report_server_error(self, error: Exception, source: ServerErrors) -> None:
        """An error of pygls's handling, logged, where pygls pops "Error in server" up.

        A request's error is in its answer already; an error in sending is only written
        to stderr, as logging it would send again."""
        if source is FeatureRequestError:
            return
        if source is JsonRpcInternalError:
            logger.error("sending failed: %s", error)
            return
        self.protocol.log(f"internal error ({type(error).__name__}: {error}); please report it")

    def finish(self) -> None:
        self._stop.set()
        if self.tracker is not None:
            self.tracker.stop()
        if self.feed is not None:
            self.feed.close()

    # -- from the worker --------------------------------------------------------------
    def _on_loop(self, call: Callable[[], None]) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(call)

    def _checked(self, view: View) -> None:
        self._on_loop(lambda: self.publish(view))

    def _failed(self, message: str) -> None:
        self._on_loop(lambda: self.log(f"claimtrack: {message}", types.MessageType.Error))

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    # -- diagnostics ------------------------------------------------------------------
    def publish(self, view: View) -> None:
        """Each open record's problems, when they differ from what was published."""
        if self._progress is not None:
            self._progress = None
            self.work_done_progress.end(
                PROGRESS_TOKEN,
                types.WorkDoneProgressEnd(message=f"{len(view.problems)} problems"),
            )
        units = Units(self.workspace.position_codec)
        for uri, document in list(self.workspace.text_documents.items()):
            rel = view.rel(uri)
            if rel is None or not answers_for(rel):
                continue
            problems = view.by_path.get(rel, ())
            text = view.text(rel) or ""
            if self._published.get(uri) == (problems, text):
                continue
            self._published[uri] = (problems, text)
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(
                    uri=uri,
                    version=document.version,
                    diagnostics=units.diagnostics(problems, text),
                )
            )

    def forget(self, uri: str) -> None:
        """A closed document: its diagnostics are taken away."""
        if self._published.pop(uri, None) is not None:
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

    # -- documents --------------------------------------------------------------------
    def rel(self, uri: str) -> str | None:
        """The tracker path of a document the server answers for, else None."""
        if self.tracker is None:
            return None
        rel = relative(self.tracker.root, uri)
        return rel if rel is not None and answers_for(rel) else None

    def opened(self, uri: str) -> TextDocument | None:
        """The document if the editor has it open (pygls keys them unquoted)."""
        found: TextDocument | None = self.workspace.text_documents.get(unquote(uri))
        return found

    def text_of(self, uri: str, view: View) -> str | None:
        """A document's text: the editor's if it is open, else the file's as the view
        reads it.  Never pygls's ``get_text_document(uri).source``, which reads a file
        that is not open with no guard (a link out of the tracker, a FIFO, /dev/zero)."""
        document = self.opened(uri)
        if document is not None:
            return document.source
        rel = view.rel(uri)
        return None if rel is None else view.text(rel)

    def edited(self, uri: str) -> None:
        rel, document = self.rel(uri), self.opened(uri)
        if rel is not None and document is not None and self.tracker is not None:
            self.tracker.set_text(rel, document.source)

    def closed(self, uri: str) -> None:
        rel = self.rel(uri)
        if rel is not None and self.tracker is not None:
            self.tracker.set_text(rel, None)
            self.forget(uri)

    def current(self) -> View | None:
        return None if self.tracker is None else self.tracker.view


def _path_of(uri: str) -> Path | None:
    if not uri.startswith("file:"):
        return None
    from urllib.parse import unquote, urlparse

    return Path(unquote(urlparse(uri).path))


def _supports_progress(server: LanguageServer) -> bool:
    window = server.client_capabilities.window
    return bool(window is not None and window.work_done_progress)
