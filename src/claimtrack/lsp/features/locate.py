"""What the cursor is on in a record's text, from the lines and their indentation alone.

The text is what the editor holds now: half typed, often not YAML at all.  So nothing
here parses YAML; each line is read on its own (its list dashes, its key, its value,
its comment) and a node's parent is the nearest line above that starts to its left
(or, for a list item, a key at its own column: YAML lets a block list sit under its
key unindented).  What one line cannot tell (a multi-line quoted scalar, a flow list
over several lines) is read as well as one line allows; block scalars (``|``, ``>``)
are followed, as the records' long texts use them.

Columns are code points, lines 0-based, as every feature counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...layout import RecordKind, editor_lines, record_kind

Path = tuple[str | int, ...]

# A plain key: up to the first ": " (or ":" ending the line); the comment is cut off
# before, so a ``#`` here is the key's own (``2026-11-30#2``).
_PLAIN_KEY = re.compile(r"([^\s#'\"\[\]{},:&*!|>%@`-].*?|-\S*?)[ \t]*:(?=[ \t]|$)")
_QUOTED_KEY = re.compile(r"(\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*')[ \t]*:(?=[ \t]|$)")
_BLOCK = re.compile(r"[|>][0-9+-]*$")
# What completion replaces: an id, a tag, a word of an enumeration.
_WORD = re.compile(r"[\w.\-]*")


@dataclass(frozen=True, slots=True)
class Spot:
    """What is under the cursor: the data path to it, whether it is a key or a value, its
    text (a value unquoted; a block scalar's lines joined) and its range on ``line``."""

    record: RecordKind | None  # None for any other file
    path: Path  # to the key or the value under the cursor; list items by index
    on_key: bool
    text: str
    line: int
    start: int  # the key's or the value's range on the line (a quoted value with its quotes)
    end: int
    key_column: int  # column of the mapping the spot is in (its sibling keys)
    in_comment: bool = False


@dataclass(frozen=True, slots=True)
class _Node:
    column: int
    kind: str  # "item" (a dash), "key" or "scalar" (a line's text without a key)
    name: str = ""  # the key
    end: int = 0  # the key's end, or the scalar's
    value: tuple[int, int, str] | None = None  # after a key: start, end, raw text


def comment_start(line: str, start: int = 0) -> int:
    """Where a comment begins (``#`` after white space, outside quotes); len(line) if none."""
    quote = ""
    i = start
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == quote:
                if quote == "'" and line[i + 1 : i + 2] == "'":
                    i += 1
                else:
                    quote = ""
            elif ch == "\\" and quote == '"':
                i += 1
        elif ch in "\"'" and (i == start or line[i - 1] in " \t[{,:"):
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return i
        i += 1
    return len(line)


def _nodes(line: str) -> list[_Node]:
    """A line's nodes, left to right: its dashes, then a key (with its value) or a scalar."""
    nodes: list[_Node] = []
    pos = len(line) - len(line.lstrip(" "))
    while line.startswith("-", pos) and line[pos + 1 : pos + 2] in ("", " ", "\t"):
        nodes.append(_Node(pos, "item", end=pos + 1))
        pos += 1
        pos += len(line[pos:]) - len(line[pos:].lstrip(" \t"))
    stop = comment_start(line, pos)
    body = line[:stop].rstrip()
    if pos >= len(body):
        return nodes
    match = _QUOTED_KEY.match(body, pos) or _PLAIN_KEY.match(body, pos)
    if match is None:
        nodes.append(_Node(pos, "scalar", end=len(body)))
        return nodes
    name = match.group(1)
    if name[0] in "\"'":
        name = unquote(name)
    at = match.end()
    at += len(body[at:]) - len(body[at:].lstrip(" \t"))
    nodes.append(
        _Node(pos, "key", name.strip(), pos + len(match.group(1)), (at, len(body), body[at:]))
    )
    return nodes


def unquote(raw: str) -> str:
    """A one-line scalar's value: quotes taken off (an unclosed one too), escapes read."""
    if raw.startswith("'"):
        inner = raw[1:-1] if len(raw) > 1 and raw.endswith("'") else raw[1:]
        return inner.replace("''", "'")
    if raw.startswith('"'):
        inner = raw[1:-1] if len(raw) > 1 and raw.endswith('"') and raw[-2:] != '\\"' else raw[1:]
        return re.sub(r'\\(["\\/])', r"\1", inner)
    return raw


def locate(rel: str, text: str, line: int, column: int) -> Spot | None:
    """What is at (line, column) of the document ``rel`` holding ``text``; None in the
    indentation, past the end, or on a line of nothing."""
    return _locate(record_kind(rel), editor_lines(text), line, column)


def _locate(kind: RecordKind | None, lines: list[str], line: int, column: int) -> Spot | None:
    if not 0 <= line < len(lines):
        return None
    here = lines[line]
    column = max(0, min(column, len(here)))
    comment = comment_start(here)
    if comment < len(here) and column > comment:
        start, end = word_at(here, column)
        return Spot(kind, (), False, here[start:end], line, start, end, column, True)
    parsed = [_nodes(one) for one in lines[: line + 1]]
    nodes = parsed[line]
    if not nodes and column == len(here):
        # Nothing typed yet on this line but its indentation: a value, or a key, to come.
        nodes = parsed[line] = [_Node(column, "scalar", end=column)]
    if not nodes or column < nodes[0].column:
        return None
    k = max(i for i, n in enumerate(nodes) if n.column <= column)
    node = nodes[k]
    owner = _parent(parsed, line, 0)
    above = parsed[owner[0]][owner[1]] if owner is not None else None
    if owner is not None and above is not None and _BLOCK.match(_raw(above)):
        # A line of a block scalar: the whole text is the value of the key above.
        first, last = len(here) - len(here.lstrip()), len(here.rstrip())
        if first >= last:  # a blank line of the block: the cursor's place
            first = last = column
        text_of = block_text(lines, owner[0], above.column)
        return Spot(kind, _path(parsed, *owner), False, text_of, line, first, last, above.column)
    if owner is not None and above is not None and _raw(above)[:1] in ("[", "{"):
        # A line inside a flow list or mapping opened on a line above (``history: [``):
        # the lines from its opening to here read as one, comments blanked out.
        pieces = [_raw(above)] + [
            one[: comment_start(one)].ljust(len(one)) for one in lines[owner[0] + 1 : line + 1]
        ]
        joined = "\n".join(pieces)
        if _open_at(joined, len(joined) - len(here)):
            starts = len(joined) - len(here)
            spot = _in_flow(
                kind, _path(parsed, *owner), joined, -starts, line, column, above.column
            )
            return spot if spot.start >= 0 else None
    path = _path(parsed, line, k)
    if node.kind == "key":
        v_start, v_end, raw = node.value or (column, column, "")
        if column <= node.end:
            return Spot(kind, path, True, node.name, line, node.column, node.end, node.column)
        if raw[:1] in "[{":
            return _in_flow(kind, path, raw, v_start, line, column, node.column)
        value = block_text(lines, line, node.column) if _BLOCK.match(raw) else unquote(raw)
        if not raw:
            v_start = v_end = column
        return Spot(kind, path, False, value, line, v_start, v_end, node.column)
    if node.kind == "item":
        # On a dash, or after one with nothing yet: the item's value, still empty.
        return Spot(kind, path, False, "", line, column, column, node.column)
    raw = here[node.column : node.end]
    # After a dash (``- acme-post``), or a plain line under a key with nothing after its
    # colon: a value.  Else a word alone in a mapping: a key being typed.
    if k > 0 or (above is not None and above.kind == "key" and not _raw(above)):
        if raw[:1] in "[{":
            return _in_flow(kind, path, raw, node.column, line, column, node.column)
        return Spot(kind, path, False, unquote(raw), line, node.column, node.end, node.column)
    return Spot(kind, (*path, raw), True, raw, line, node.column, node.end, node.column)


def _raw(node: _Node) -> str:
    """What follows a key's colon on its line (nothing for any other node)."""
    return node.value[2] if node.value is not None else ""


def _parent(lines: list[list[_Node]], number: int, k: int) -> tuple[int, int] | None:
    """Where the parent of node ``k`` of line ``number`` is: the node left of it on its
    line, else the nearest node above that starts to its left, or a key at its column
    when it is a list item."""
    if k > 0:
        return number, k - 1
    node = lines[number][0]
    for n in range(number - 1, -1, -1):
        for j in range(len(lines[n]) - 1, -1, -1):
            if _is_parent(lines[n][j], node):
                return n, j
    return None


def _is_parent(candidate: _Node, node: _Node) -> bool:
    if candidate.kind == "scalar":
        return False
    if candidate.column < node.column:
        return True
    return node.kind == "item" and candidate.kind == "key" and candidate.column == node.column


def _index(lines: list[list[_Node]], number: int, k: int) -> int:
    """The index of the list item whose dash is node ``k`` of line ``number``."""
    if k > 0 and lines[number][k - 1].kind == "item":
        return 0  # ``- - a``: the first item of a list in a list
    node = lines[number][k]
    count = 0
    for n in range(number - 1, -1, -1):
        for j in range(len(lines[n]) - 1, -1, -1):
            candidate = lines[n][j]
            if candidate.kind == "item" and candidate.column == node.column:
                count += 1
            elif _is_parent(candidate, node):
                return count
    return count


def _path(lines: list[list[_Node]], number: int, k: int) -> Path:
    """The data path to node ``k`` of line ``number`` (a scalar's: its item's or key's)."""
    out: list[str | int] = []
    at: tuple[int, int] | None = (number, k)
    while at is not None:
        node = lines[at[0]][at[1]]
        if node.kind == "key":
            out.append(node.name)
        elif node.kind == "item":
            out.append(_index(lines, *at))
        at = _parent(lines, *at)
    out.reverse()
    return tuple(out)


def block_text(lines: list[str], number: int, column: int) -> str:
    """The text of the block scalar (``|``, ``>``) of the key at ``column`` of line
    ``number``: its lines, each without its indentation, joined by line breaks."""
    out: list[str] = []
    for one in lines[number + 1 :]:
        stripped = one.strip()
        if stripped and len(one) - len(one.lstrip(" ")) <= column:
            break
        out.append(stripped)
    return "\n".join(out).strip()


def word_at(line: str, column: int) -> tuple[int, int]:
    """The word (an id, a tag, a code) around ``column``: what completion replaces."""
    start = column
    while start > 0 and _WORD.fullmatch(line[start - 1]):
        start -= 1
    match = _WORD.match(line, column)
    return start, match.end() if match else column


def _in_flow(
    kind: RecordKind | None,
    path: Path,
    raw: str,
    base: int,
    line: int,
    column: int,
    key_column: int,
) -> Spot:
    """The spot in a flow list or mapping on one line (``[a, b]``, ``{text: x}``), which
    may be unclosed: read from its start to the cursor, then the token under it."""
    # Each open bracket: its kind, the index of the item the cursor is in, the key read.
    stack: list[list[object]] = []
    token: int | None = None  # where the token the scan is in began
    cursor = column - base
    i = 0
    while i < min(cursor, len(raw)):
        ch = raw[i]
        if ch in "\"'" and token is None:
            close = _closing(raw, i)
            if close >= cursor:
                token = i
                break  # the cursor is inside this quoted token
            token, i = i, close + 1
            continue
        if ch in "[{":
            stack.append([ch, 0, None])
            token = None
        elif ch in "]}" and stack:
            stack.pop()
            token = None
        elif ch == "," and stack:
            stack[-1][1] = int(stack[-1][1]) + 1  # type: ignore[call-overload]
            stack[-1][2] = None
            token = None
        elif (
            ch == ":"
            and stack
            and stack[-1][0] == "{"
            and raw[i + 1 : i + 2] in ("", " ", ",", "}")
        ):
            stack[-1][2] = unquote(raw[token:i].strip()) if token is not None else ""
            token = None
        elif not ch.isspace() and token is None:
            token = i
        i += 1
    start = token if token is not None else min(cursor, len(raw))
    if start < len(raw) and raw[start] in "\"'":
        end = min(_closing(raw, start) + 1, len(raw))
    else:
        end = start
        while end < len(raw) and raw[end] not in ",]}":
            if raw[end] == ":" and raw[end + 1 : end + 2] in ("", " ", ",", "}"):
                break
            end += 1
        while end > start and raw[end - 1].isspace():
            end -= 1
    inner: list[str | int] = []
    on_key = False
    for bracket, index, key in stack:
        if bracket == "[":
            inner.append(int(index))  # type: ignore[call-overload]
        elif key is None:
            on_key = True  # typing a key of a flow mapping
        else:
            inner.append(str(key))
    word = unquote(raw[start:end])
    if on_key:
        inner.append(word)
    return Spot(kind, (*path, *inner), on_key, word, line, base + start, base + end, key_column)


def _open_at(raw: str, at: int) -> bool:
    """Whether a bracket of the flow ``raw`` is still open at offset ``at``."""
    depth, i = 0, 0
    while i < at:
        if raw[i] in "\"'":
            i = _closing(raw, i)
        elif raw[i] in "[{":
            depth += 1
        elif raw[i] in "]}":
            depth -= 1
        i += 1
    return depth > 0


def _closing(raw: str, at: int) -> int:
    """Where the quoted scalar opened at ``at`` closes (len(raw) when it does not)."""
    quote = raw[at]
    i = at + 1
    while i < len(raw):
        if raw[i] == "\\" and quote == '"':
            i += 2
            continue
        if raw[i] == quote:
            if quote == "'" and raw[i + 1 : i + 2] == "'":
                i += 2
                continue
            return i
        i += 1
    return len(raw)


def sibling(text: str, spot: Spot, key: str) -> str | None:
    """The one-line value of ``key`` in the mapping the spot is in (the ``source`` beside a
    ``quote``), block or flow, written before or after it; None when it has none.  Each
    place the key is written is located, and taken when its path is the spot's but for
    its last key: the item indices make that exact."""
    lines = editor_lines(text)
    wanted = (*spot.path[:-1], key)
    written = re.compile(rf"(?<![\w-])([\"']?){re.escape(key)}\1[ \t]*:[ \t]*")
    for number, line in enumerate(lines):
        for match in written.finditer(line):
            there = _locate(spot.record, lines, number, match.end())
            if there is not None and not there.on_key and there.path == wanted:
                return there.text or None
    return None
