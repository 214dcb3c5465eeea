"""Each message from the client checked as JSON-RPC before pygls sees it, and answered
with the error the protocol names when it is not one.

pygls (2.1) parses a body with ``json.loads`` and hands whatever comes out on: a body
that is not UTF-8 or not JSON, JSON that is not an object, an ``id``, ``params`` or
``jsonrpc`` it cannot use, all end in a traceback and an "Error in server" pop-up, and a
request among them is never answered, so the client waits for ever.  Here:

- a body that is not UTF-8 or not JSON: ``ParseError`` (-32700), id null;
- JSON that is not a request, a notification or a response (not an object, no
  ``"jsonrpc": "2.0"``, an id that is not an integer or a string, a method that is not
  a string, a notification's method sent as a request): ``InvalidRequest`` (-32600),
  with the request's id when it has a usable one, else null;
- params that do not fit the method (strictly: no ``null`` or ``5`` taken for a text):
  ``InvalidParams`` (-32602);
- a request after ``shutdown``: ``InvalidRequest``, as the LSP says; before
  ``initialize``: ``ServerNotInitialized`` (-32002);

each once, with one ``window/logMessage``.  A notification or a response that is none
of these is only logged: nobody waits for an answer to it.  The frames themselves come
from frames.py; ``run`` is the loop that reads them, in place of pygls's own.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

import attrs
import cattrs
from lsprotocol import types
from pygls.protocol import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
    LanguageServerProtocol,
    default_converter,
    lsp_method,
)

from .frames import MAX_FRAME, Frame, FrameReader, Garbled, Skipped

logger = logging.getLogger(__name__)

MsgId = int | str
Codes = types.ErrorCodes


def strict_converter() -> cattrs.Converter:
    """pygls's converter, but a text is a string and a number a number: cattrs's own
    hooks call ``str(value)``, so that ``"text": null`` became the document ``None``."""
    converter: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    for kind in (str, int, float, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    return converter


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        # bool is an int to Python, not to JSON; an integer is a fine float.
        if type(value) is kind or (kind is float and type(value) is int):
            return value
        raise TypeError(f"expected {kind.__name__}, not {_json_kind(value)}")

    return structure


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a message is not one pygls may have; ``answer``: the client waits for a reply."""

    id: MsgId | None
    code: int
    message: str
    answer: bool


def examine(data: object) -> Refusal | None:
    """None when ``data`` is a JSON-RPC 2.0 request, notification or response."""
    if not isinstance(data, dict):
        return Refusal(
            None, Codes.InvalidRequest, f"not a JSON object but {_json_kind(data)}", True
        )
    has_id, has_method = "id" in data, "method" in data
    usable = data["id"] if has_id and _is_id(data["id"]) else None
    # A notification or a response is not answered; a request, or what is neither, is.
    answer = has_id == has_method
    if data.get("jsonrpc") != "2.0":
        return Refusal(usable, Codes.InvalidRequest, 'no "jsonrpc": "2.0"', answer)
    if has_id and usable is None:
        message = f"an id is an integer or a string, not {_json_kind(data['id'])}"
        return Refusal(None, Codes.InvalidRequest, message, answer)
    if has_method:
        if not isinstance(data["method"], str):
            message = f"a method is a string, not {_json_kind(data['method'])}"
            return Refusal(usable, Codes.InvalidRequest, message, answer)
        return None
    if not has_id:
        return Refusal(None, Codes.InvalidRequest, "neither a method nor an id", True)
    if ("result" in data) == ("error" in data):
        return Refusal(usable, Codes.InvalidRequest, "a response has a result or an error", False)
    return None


def _is_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


class ClaimtrackProtocol(LanguageServerProtocol):
    """pygls's protocol, given only messages it can handle (``receive``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._initialized = False
        self._unknown: set[str] = set()  # documents changed but never opened, logged once

    def log(self, message: str, kind: types.MessageType = types.MessageType.Error) -> None:
        self._server.window_log_message(
            types.LogMessageParams(type=kind, message=f"claimtrack: {message}")
        )

    # -- one frame's body -------------------------------------------------------------
    def receive(self, body: bytes) -> bool:
        """Handle one body; False when it was not JSON (its frame may have been cut wrong)."""
        try:
            data = json.loads(body.decode("utf-8"))
        except UnicodeDecodeError as exc:
            self._refuse(Refusal(None, Codes.ParseError, f"not UTF-8 (byte {exc.start})", True))
            return False
        except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            self._refuse(Refusal(None, Codes.ParseError, f"not JSON ({exc})", True))
            return False
        refusal = examine(data)
        if refusal is not None:
            self._refuse(refusal)
            return True
        if "method" in data:
            self._request_or_notification(data)
        else:
            self._response(data)
        return True

    def _request_or_notification(self, data: dict[str, Any]) -> None:
        method: str = data["method"]
        msg_id: MsgId | None = data.get("id")
        kind = self.get_message_type(method)
        if kind is not None and attrs.has(kind):
            request = "id" in attrs.fields_dict(kind)
            if request != (msg_id is not None):
                what = "a request: it needs an id" if request else "a notification: it has no id"
                message = f"{method} is {what}"
                self._refuse(Refusal(msg_id, Codes.InvalidRequest, message, msg_id is not None))
                return
        if self._shutdown and method != types.EXIT:
            # The LSP: requests after shutdown are errors; notifications are dropped.
            if msg_id is not None:
                self._refuse(Refusal(msg_id, Codes.InvalidRequest, "the server is shut down", True))
            return
        if not self._initialized and method not in (types.INITIALIZE, types.EXIT):
            # The LSP again: before initialize, a request is an error, a notification dropped.
            if msg_id is not None:
                message = f"{method} before initialize"
                self._refuse(Refusal(msg_id, Codes.ServerNotInitialized, message, True))
            return
        try:
            message = self._structure(data, kind, msg_id)
        except Exception as exc:  # cattrs's errors, and what a hook of lsprotocol raises
            detail = "; ".join(cattrs.transform_error(exc)) if _is_cattrs(exc) else str(exc)
            message = f"{method}: {detail}"
            self._refuse(Refusal(msg_id, Codes.InvalidParams, message, msg_id is not None))
            return
        if method == types.INITIALIZE:
            self._initialized = True
        self.handle_message(message)

    def _structure(self, data: dict[str, Any], kind: type | None, msg_id: MsgId | None) -> Any:
        if kind is not None:
            return self._converter.structure(data, kind)
        # A method lsprotocol does not know: pygls answers a request "method not found".
        params = data.get("params")
        if msg_id is not None:
            return JsonRPCRequestMessage(msg_id, data["method"], "2.0", params)
        return JsonRPCNotification(data["method"], "2.0", params)

    def _response(self, data: dict[str, Any]) -> None:
        """The client's answer to a request of the server's (progress, say), structured
        as pygls's ``structure_message`` does, without its traceback on a bad one."""
        kind: Any = types.ResponseErrorMessage
        if "error" not in data:
            kind = self._result_types.pop(data["id"], None) or JsonRPCResponseMessage
        try:
            message = self._converter.structure(data, kind)
        except Exception as exc:
            detail = "; ".join(cattrs.transform_error(exc)) if _is_cattrs(exc) else str(exc)
            self.log(f"ignored a response with id {data['id']!r}: {detail}")
            return
        self.handle_message(message)

    def _refuse(self, refusal: Refusal) -> None:
        name = {
            Codes.ParseError: "a message that is not JSON-RPC",
            Codes.InvalidRequest: "an invalid request",
            Codes.InvalidParams: "invalid params",
            Codes.ServerNotInitialized: "a request before initialize",
        }.get(Codes(refusal.code), "an error")
        if refusal.answer:
            self._send_data(
                {
                    "jsonrpc": "2.0",
                    "id": refusal.id,  # null when it could not be read, as JSON-RPC says
                    "error": {"code": int(refusal.code), "message": refusal.message},
                }
            )
            self.log(f"answered {name} ({int(refusal.code)}): {refusal.message}")
        else:
            self.log(f"ignored {name}: {refusal.message}", types.MessageType.Warning)

    # -- documents --------------------------------------------------------------------
    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        """A change to a document that is open; one to any other is logged (once a
        document) and dropped, where pygls would raise a KeyError."""
        uri = params.text_document.uri
        if unquote(uri) not in self.workspace.text_documents:
            if uri not in self._unknown:
                self._unknown.add(uri)
                message = f"changes to {uri}, which is not open, are ignored"
                self.log(message, types.MessageType.Warning)
            return
        for change in params.content_changes:
            self.workspace.update_text_document(params.text_document, change)
        handler = self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)
        if handler is not None:
            yield handler, (params,), None


def _is_cattrs(exc: Exception) -> bool:
    return isinstance(exc, (cattrs.BaseValidationError, cattrs.StructureHandlerNotFoundError))


async def run(protocol: ClaimtrackProtocol, reader: FrameReader, stop: threading.Event) -> None:
    """Read frames until the input ends or the server stops; each body to ``receive``.

    The next frame is read only once the last is handled, on a thread of its own (the
    read blocks): an ``exit`` leaves no read behind, waiting on a client that will
    never write again.
    """
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        event = await loop.run_in_executor(None, reader.next)
        if event is None:
            break
        try:
            if isinstance(event, Frame):
                if not protocol.receive(event.body):
                    reader.misframed(event.body)
            elif isinstance(event, Skipped):
                protocol.log(
                    f"a message of {event.length} bytes was skipped: more than the "
                    f"{MAX_FRAME} a message may have (a document that large is not checked)"
                )
            elif isinstance(event, Garbled):
                protocol.log(f"bytes that are not a message were dropped: {event.what}")
        except BrokenPipeError:
            raise  # the client is gone: start_io ends the server
        except Exception as exc:  # the loop's edge: one message's bug must not end the server
            logger.exception("a message could not be handled")
            protocol.log(f"internal error ({type(exc).__name__}: {exc}); please report it")
