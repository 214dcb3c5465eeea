"""The bytes a client writes, cut into frames: the base protocol's headers, then a body of
``Content-Length`` bytes.

pygls's own reader (pygls/io_.py) matches ``Content-Length: N\\r\\n`` exactly, reads
whatever length it is told at once, and loses its place for good after one bad frame.
This one reads for itself, with what real clients send and what a broken one may:

- Header names are matched in any case (they are HTTP-style headers), and a line may
  end with LF alone as well as CRLF, a common client bug.  Other headers
  (``Content-Type``) are passed over.
- A body larger than ``MAX_FRAME`` is read past in chunks, never held, and reported
  (``Skipped``): a declared length of 2 GiB must not allocate 2 GiB.
- Bytes that are not a frame (a line that is not a header, a header without a length,
  the end of a body cut short) are dropped up to the next header that starts a frame,
  found anywhere in a line, and reported once per stretch (``Garbled``).  A body that
  did not parse (``misframed``) is searched for such a start too: a length one too large
  swallows the first byte of the next frame, which is read again from there.

Nothing here knows JSON or pygls: rpc.py reads the bodies.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..load.files import MAX_BYTES, PAGE_MAX_BYTES

# The largest body read: the largest file the loader reads (a saved page) as JSON may
# carry it, where a client escaping every byte as \u00XX writes six bytes for one, with
# room for the rest of the message.  A document larger than the loader reads would only
# be refused by it (file-too-large) after costing its whole size in memory several times.
MAX_FRAME = 6 * max(MAX_BYTES, PAGE_MAX_BYTES) + (1 << 20)
# The longest header line kept whole; a longer one is garbage, read in pieces.
MAX_LINE = 1 << 12
# Bytes read from the client at a time, past a body or into the buffer.
CHUNK = 1 << 16
# The longest length taken for a number: more digits than any 64-bit length has are garbage.
MAX_DIGITS = 19

_LENGTH = b"content-length"
_HEADER_START = _LENGTH + b":"
_TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


@dataclass(frozen=True, slots=True)
class Frame:
    body: bytes


@dataclass(frozen=True, slots=True)
class Skipped:
    """A frame whose body was over ``MAX_FRAME``: read past, never held."""

    length: int


@dataclass(frozen=True, slots=True)
class Garbled:
    """Bytes that were not a frame, dropped; ``what`` says what they were."""

    what: str


Event = Frame | Skipped | Garbled


class FrameReader:
    """``read(n)``: at most ``n`` bytes, as soon as there are some; ``b""`` at the end
    (``BufferedReader.read1``).  ``next()`` gives each frame in turn, or what went wrong
    with one, and None once the input has ended."""

    def __init__(self, read: Callable[[int], bytes], limit: int = MAX_FRAME) -> None:
        self._read = read
        self._limit = limit
        self._buffer = bytearray()  # read from the client, not yet taken
        self._lost = False  # in a stretch of bytes already reported as garbled

    def next(self) -> Event | None:
        length: int | None = None
        fault: str | None = None
        headers = False  # a header line of this frame has been read
        while True:
            found = self._line()
            if found is None:
                return None
            line, whole = found
            start = line.lower().rfind(_HEADER_START)
            if start > 0:
                # A header after other bytes: what came before was the end of a broken
                # frame; the frame starts at the header.
                self._unread(line[start:])
                line, whole, fault = line[:start], True, "bytes that are not a frame"
            text = line.rstrip(b"\n").removesuffix(b"\r")
            if whole and not text and fault is None:
                if not headers:
                    continue  # a blank line between frames: harmless
                if length is not None:
                    return self._body(length)
                fault = "headers without a Content-Length"
            name, colon, value = text.partition(b":")
            if fault is None and not (whole and colon and _TOKEN.fullmatch(name)):
                fault = "a line that is not a header"
            if fault is None and name.lower() == _LENGTH:
                digits = value.strip(b" \t")
                if not digits.isdigit() or len(digits) > MAX_DIGITS:
                    fault = "a Content-Length that is not a number"
                elif length is not None and int(digits) != length:
                    fault = "two different Content-Lengths"
                else:
                    length = int(digits)
            if fault is None:
                headers = True
                continue
            # This frame is broken: report it (once a stretch), and start again after it.
            length, headers = None, False
            if not self._lost:
                self._lost = True
                return Garbled(fault)
            fault = None

    def misframed(self, body: bytes) -> None:
        """A body that was no message: its frame's length may have been wrong.  From a
        header in it (the next frame's, swallowed by a length too large), or from its
        end if that is the start of one, the bytes are read again; what follows up to
        the next frame is dropped unreported (the body's own fault has been told)."""
        self._lost = True
        lower = body.lower()
        at = lower.find(_LENGTH)
        if at < 0:
            at = next(
                (
                    len(body) - size
                    for size in range(min(len(body), len(_LENGTH)), 0, -1)
                    if lower.endswith(_LENGTH[:size])
                ),
                -1,
            )
        if at >= 0:
            self._unread(body[at:])

    # -- the buffer -----------------------------------------------------------------
    def _fill(self, size: int = CHUNK) -> bool:
        chunk = self._read(size)
        self._buffer += chunk
        return bool(chunk)

    def _unread(self, data: bytes) -> None:
        self._buffer[:0] = data

    def _take(self, size: int) -> bytes:
        taken = bytes(self._buffer[:size])
        del self._buffer[:size]
        return taken

    def _line(self) -> tuple[bytes, bool] | None:
        """The next line with its LF, and True; a piece of a line over ``MAX_LINE`` (the
        rest comes next) or the last bytes without an LF, and False; None at the end."""
        searched = 0
        while True:
            end = self._buffer.find(b"\n", searched, MAX_LINE)
            if end >= 0:
                return self._take(end + 1), True
            if len(self._buffer) >= MAX_LINE:
                # Keep the piece's end: a header may start there.
                return self._take(MAX_LINE - len(_HEADER_START)), False
            searched = len(self._buffer)
            if not self._fill():
                return (self._take(len(self._buffer)), False) if self._buffer else None

    def _body(self, length: int) -> Event | None:
        self._lost = False
        if length > self._limit:
            left = length
            while left:
                if not self._buffer and not self._fill():
                    return None
                dropped = min(left, len(self._buffer))
                del self._buffer[:dropped]
                left -= dropped
            return Skipped(length)
        while len(self._buffer) < length:
            if not self._fill(min(length - len(self._buffer), 1 << 20)):
                return None
        return Frame(self._take(length))
