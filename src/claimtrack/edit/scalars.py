"""A text value written as a YAML scalar that every reader gets back as the same text.

Plain when that is safe (not a word some YAML 1.1 or 1.2 reader takes for null, a
boolean, a number or a date, and nothing that starts or breaks a structure), else in
the quoting asked for, else double-quoted with escapes; or a folded or literal block
when the file has one there and the text can be one.  Used wherever the tool writes
into an editor's file: history entries, skeletons, a web page's metadata, quick fixes.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from typing import Any

import yaml

from ..layout import newline
from ..load.nodes import compose
from .spans import Span

# Words some YAML reader (1.1 or 1.2) takes for null or a boolean.
_SPECIAL_WORDS = frozenset({"", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"})
_NUMBERISH = re.compile(
    r"[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?"
    r"|0[xX][0-9a-fA-F_]+|0[oObB][0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?"
    r"|\.(?:inf|Inf|INF|nan|NaN|NAN))"
)
# The width a folded value is wrapped at (as `translate` wraps its notes).
FOLD_WIDTH = 88
_DATEISH = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?")
_PLAIN_FIRST = set("-?:,[]{}#&*!|>'\"%@`")
_FLOW_CHARS = set(",[]{}:")
_ESCAPES = {
    "\0": "\\0",
    "\a": "\\a",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\v": "\\v",
    "\f": "\\f",
    "\r": "\\r",
    "\x1b": "\\e",
    '"': '\\"',
    "\\": "\\\\",
    "\x85": "\\N",
    "\u2028": "\\L",
    "\u2029": "\\P",
}


def awkward(ch: str) -> bool:
    """Characters that YAML will not carry literally in a plain or single-quoted scalar."""
    code = ord(ch)
    return (
        code < 0x20
        or 0x7F <= code <= 0x9F
        or ch in "\u2028\u2029\ufeff"
        or 0xD800 <= code <= 0xDFFF
        or code in (0xFFFE, 0xFFFF)
    )


def plain_ok(value: str, flow: bool) -> bool:
    """True when ``value`` can be written unquoted and every YAML reader gets it back as text."""
    if value.lower() in _SPECIAL_WORDS or _NUMBERISH.fullmatch(value) or _DATEISH.fullmatch(value):
        return False
    if value[0] in _PLAIN_FIRST or value != value.strip(" ") or any(map(awkward, value)):
        return False
    if ": " in value or value.endswith(":") or " #" in value:
        return False
    if flow and any(ch in _FLOW_CHARS for ch in value):
        return False
    probe = f"[{value}]" if flow else f"k: {value}"
    try:
        node: Any = compose(probe)
    except yaml.YAMLError:
        return False
    scalar = node.value[0] if flow else node.value[0][1]
    return isinstance(scalar.value, str) and scalar.value == value and not scalar.style


def double_quoted(value: str) -> str:
    out = []
    for ch in value:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif awkward(ch):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def single_quoted(value: str) -> str | None:
    if any(map(awkward, value)):
        return None
    return "'" + value.replace("'", "''") + "'"


def scalar(value: str, style: str, flow: bool) -> str:
    """``value`` written in ``style`` (plain, single or double) when that is safe, else double."""
    if style == "single":
        quoted = single_quoted(value)
        if quoted is not None:
            return quoted
    elif style != "double" and value and plain_ok(value, flow):
        return value
    return double_quoted(value)


def folded(value: str, indent: int, width: int) -> str | None:
    """``value`` as a folded block (``>-``) wrapped at spaces, when it is long, on one
    line, single-spaced and reads back the same; else None."""
    if len(value) + indent <= width:
        return None
    return folded_block(value, indent, width)


def folded_block(value: str, indent: int, width: int) -> str | None:
    """``value`` as a folded block (``>-``, its lines ``indent`` deep) wrapped at spaces,
    when it is on one line, single-spaced and reads back the same; else None."""
    if not value or "\n" in value or "  " in value or value != value.strip():
        return None
    if any(map(awkward, value)):
        return None
    lines = textwrap.wrap(
        value, max(width - indent, 40), break_long_words=False, break_on_hyphens=False
    )
    return _block_back(">-\n" + "".join(" " * indent + line + "\n" for line in lines), value)


def literal_block(value: str, indent: int) -> str | None:
    """``value`` as a literal block (``|-``, its lines ``indent`` deep), when every line
    reads back as it is (no character a block cannot carry, no leading space to mistake
    for indentation, no trailing line break to chomp); else None."""
    if not value or value != value.strip() or any(awkward(ch) and ch != "\n" for ch in value):
        return None
    body = "".join((" " * indent + line if line else "") + "\n" for line in value.split("\n"))
    return _block_back("|-\n" + body, value)


def _block_back(block: str, value: str) -> str | None:
    """The block without its last line break, if it reads back as ``value``."""
    try:
        node: Any = compose("k: " + block)
    except yaml.YAMLError:
        return None
    return block.rstrip("\n") if node.value[0][1].value == value else None


def quote_scalar(text: str, span: Span, value: str) -> str:
    """``value`` written in the scalar's own style when it can be (a block keeps its
    indentation), else double-quoted with escapes."""
    if span.style in ("literal", "folded"):
        indent = block_indent(text, span)
        if indent is not None:
            if span.style == "literal":
                block = literal_block(value, indent)
            else:
                block = folded_block(value, indent, FOLD_WIDTH)
            if block is not None:
                nl = newline(text)
                head, _, body = block.partition("\n")
                return head + header_comment(text, span) + nl + body.replace("\n", nl)
        return scalar(value, "double", span.flow)
    return scalar(value, span.style, span.flow)


def header_comment(text: str, span: Span) -> str:
    """The comment on a block scalar's header line (``quote: | # why``), with the spaces
    before it: it stays on the new header."""
    line_end = text.find("\n", span.start)
    header = text[span.start : line_end if line_end >= 0 else len(text)].rstrip("\r")
    found = re.search(r"[ \t]+#.*", header)
    return found.group() if found else ""


def block_indent(text: str, span: Span) -> int | None:
    """The indentation of a block scalar's first line of content."""
    header_end = text.find("\n", span.start)
    if header_end < 0:
        return None
    for line in text[header_end + 1 : span.end].split("\n"):
        if line.strip():
            return len(line) - len(line.lstrip(" "))
    return None


def block_end(text: str, span: Span) -> int:
    """Where a scalar's own characters end: a block's span runs on over the line breaks
    after it, which belong to the lines that follow."""
    end = span.end
    if span.style in ("literal", "folded"):
        while end > span.start and text[end - 1] in " \t\r\n":
            end -= 1
    return end


# The values of a new history entry (a correction's was, the fingerprints of read), as
# edit/changes/status.py writes them.
def number_text(value: float) -> str:
    """A number as YAML 1.2 reads it back: 8, not 8.0."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def as_read(value: Any) -> Any:
    """A value as the records' reader loads what flow_value and block_lines write: a
    number as its text (the models read it)."""
    if isinstance(value, Mapping):
        return {key: as_read(item) for key, item in value.items()}
    return value if isinstance(value, str) else number_text(value)


def flow_value(value: Any, quote: str) -> str:
    """A mapping, text or number of a new entry (a correction's was, the fingerprints) in
    flow style, its keys quoted with ``quote`` as the entry's are."""
    if isinstance(value, Mapping):
        pairs = (f"{quote}{k}{quote}: {flow_value(v, quote)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, str):
        return scalar(value, "plain", True)
    return number_text(value)


def block_lines(value: Mapping[str, Any], column: int, unit: int, quote: str) -> list[str]:
    """A mapping's keys at ``column``, one under the other, quoted with ``quote``; a long
    text folded, a nested mapping ``unit`` deeper."""
    pad = " " * column
    lines: list[str] = []
    for name, item in value.items():
        key = quote + name + quote
        if isinstance(item, Mapping):
            lines += [f"{pad}{key}:", *block_lines(item, column + unit, unit, quote)]
        elif isinstance(item, str):
            block = folded(item, column + unit, FOLD_WIDTH)
            written = block if block is not None else scalar(item, "plain", False)
            lines += f"{pad}{key}: {written}".split("\n")
        else:
            lines.append(f"{pad}{key}: {number_text(item)}")
    return lines
