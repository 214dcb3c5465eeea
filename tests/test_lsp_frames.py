"""frames.FrameReader in process: the client's bytes cut into frames, whatever the client
gets wrong (the real process is driven through them in test_lsp_protocol.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from claimtrack.lsp.frames import (
    MAX_FRAME,
    MAX_LINE,
    Event,
    Frame,
    FrameReader,
    Garbled,
    Skipped,
)


def feed(data: bytes, piece: int = 7) -> Callable[[int], bytes]:
    """``read(n)`` over ``data``, a few bytes at a time, as a pipe may give them."""
    chunks = iter(data[i : i + piece] for i in range(0, len(data), piece))
    return lambda n: next(chunks, b"")


def events(data: bytes, piece: int = 7) -> list[Event]:
    reader = FrameReader(feed(data, piece))
    found = []
    while (event := reader.next()) is not None:
        found.append(event)
    return found


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_frames_in_any_case_with_lines_ending_in_lf() -> None:
    data = (
        frame(b'{"a": 1}')
        + b'content-length: 8\n\n{"b": 2}'
        + b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
        + b'CONTENT-LENGTH:8\r\n\r\n{"c": 3}'
        + b"\r\n"  # a blank line between frames is passed over
        + frame(b"")
    )
    assert events(data) == [
        Frame(b'{"a": 1}'),
        Frame(b'{"b": 2}'),
        Frame(b'{"c": 3}'),
        Frame(b""),
    ]


def test_bytes_that_are_no_frame_are_dropped_up_to_the_next_header() -> None:
    data = (
        b"hello\r\n"
        + b"more junk\r\n"  # the same stretch: reported once
        + frame(b"{1}")
        + b"Content-Length: twelve\r\n\r\n{junk}"
        + frame(b"{2}")
        + b"X-Other: 1\r\n\r\n"
        + frame(b"{3}")
        + b"Content-Length: 3\r\nContent-Length: 4\r\n\r\n"
        + frame(b"{4}")
    )
    assert events(data) == [
        Garbled("a line that is not a header"),
        Frame(b"{1}"),
        Garbled("a Content-Length that is not a number"),
        Frame(b"{2}"),
        Garbled("headers without a Content-Length"),
        Frame(b"{3}"),
        Garbled("two different Content-Lengths"),
        Frame(b"{4}"),
    ]


def test_a_header_after_the_end_of_a_broken_body_starts_the_next_frame() -> None:
    # A length one short: the body's last byte is left before the next header.
    assert events(b"Content-Length: 2\r\n\r\n{1}" + frame(b"{2}")) == [
        Frame(b"{1"),
        Garbled("bytes that are not a frame"),
        Frame(b"{2}"),
    ]


def test_a_body_that_swallowed_the_next_header_is_read_again_from_it() -> None:
    for extra in (1, 5, 14, 20):
        data = b"Content-Length: %d\r\n\r\n{1}" % (3 + extra) + frame(b"{2}") + frame(b"{3}")
        reader = FrameReader(feed(data))
        first = reader.next()
        assert isinstance(first, Frame)
        assert first.body == b"{1}" + frame(b"{2}")[:extra]
        reader.misframed(first.body)  # it was no JSON: rpc.py says so
        assert [reader.next(), reader.next(), reader.next()] == [Frame(b"{2}"), Frame(b"{3}"), None]


def test_a_line_longer_than_a_header_is_read_in_pieces() -> None:
    data = b"x" * (3 * MAX_LINE) + frame(b"{1}") + b"y" * (MAX_LINE + 5) + b"\n" + frame(b"{2}")
    assert events(data, 1000) == [
        Garbled("a line that is not a header"),
        Frame(b"{1}"),
        Garbled("a line that is not a header"),
        Frame(b"{2}"),
    ]


def test_a_body_over_the_limit_is_read_past_without_being_held() -> None:
    length = MAX_FRAME + 10
    asked: list[int] = []

    def pieces() -> Iterator[bytes]:
        yield b"Content-Length: %d\r\n\r\n" % length
        left = length
        while left:
            size = min(left, 1 << 16)
            yield b" " * size
            left -= size
        yield frame(b"{after}")

    source = pieces()

    def read(n: int) -> bytes:
        asked.append(n)
        return next(source, b"")

    reader = FrameReader(read)
    assert reader.next() == Skipped(length)
    assert reader.next() == Frame(b"{after}")
    assert max(asked) <= 1 << 20  # never a read of the declared length


def test_a_huge_length_then_the_end_is_the_end() -> None:
    for length in (2 * 1024**3, 10**12):
        assert events(b"Content-Length: %d\r\n\r\n{}" % length) == []
    # More digits than any length has: not a number.
    assert events(b"Content-Length: " + b"9" * 30 + b"\r\n\r\n") == [
        Garbled("a Content-Length that is not a number")
    ]


def test_the_end_of_input_inside_a_frame_is_the_end() -> None:
    assert events(b"Content-Length: 10\r\n\r\n{") == []
    assert events(b"Content-Len") == [Garbled("a line that is not a header")]
    assert events(b"") == []
