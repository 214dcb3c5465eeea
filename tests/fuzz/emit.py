"""Write record data as YAML text, drawing the layout: scalar styles, flow or block, comments.

Values are plain Python: str, int, float, bool, None, datetime.date, list, dict, and
``Raw`` for text to put in the file as it is (a tag, an anchor, a deep nest).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

Draw = Callable[[st.SearchStrategy[Any]], Any]

# Plain scalars that YAML 1.1 reads as something else but claimtrack keeps as text.
PLAIN_SPECIALS = frozenset(
    {
        "yes", "no", "on", "off", "Yes", "NO", "y", "n", "0x1f", "0o17", "017", "1_000",
        "1.10", "12:30", "2026-11-30T00:00:00", ".nan", ".inf", "-.inf", "1e3", "0b101", "+1",
    }
)  # fmt: skip
_NOT_TEXT = frozenset(
    {"", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"}
)
_PLAIN = re.compile(r"[A-Za-z0-9À-ɏ一-鿿][^\n:#\[\]{},&*!|>'\"%@`\\]*")
_FLOW_PLAIN = re.compile(r"[a-z0-9][a-z0-9 -]*")


@dataclass(frozen=True)
class Raw:
    """Text written into the file verbatim where a value goes."""

    text: str
    block: bool = False  # on the lines below the key, indented one step more


def _plain_ok(s: str, flow: bool) -> bool:
    if s in _NOT_TEXT or s != s.strip():
        return False
    if flow:
        return bool(_FLOW_PLAIN.fullmatch(s)) and not s.endswith(" ")
    return s in PLAIN_SPECIALS or bool(_PLAIN.fullmatch(s))


def _literal_ok(s: str) -> bool:
    lines = s.split("\n")
    return (
        "\r" not in s
        and all(line == line.strip() for line in lines)
        and bool(lines[0])
        and bool(lines[-1])
    )


def scalar(draw: Draw, s: str, indent: int, flow: bool = False) -> str:
    """One text value in a drawn style that reads back as exactly ``s``."""
    styles = ["double"]
    if _plain_ok(s, flow):
        styles += ["plain", "plain"]
    if "\n" not in s:
        styles.append("single")
    if not flow and _literal_ok(s):
        styles.append("literal")
        if "\n" not in s:
            styles.append("folded")
    style = draw(st.sampled_from(styles))
    pad = " " * (indent + 2)
    if style == "plain":
        return s
    if style == "single":
        return "'" + s.replace("'", "''") + "'"
    if style == "literal":
        return "|-\n" + "\n".join(pad + line if line else "" for line in s.split("\n"))
    if style == "folded":
        return ">-\n" + pad + s
    return json.dumps(s, ensure_ascii=False)


def atom(draw: Draw, value: Any, indent: int, flow: bool = False) -> str:
    if isinstance(value, Raw):
        return value.text
    if value is None:
        return draw(st.sampled_from(["", "~", "null"])) if not flow else "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dt.date):
        text = value.isoformat()
        return draw(st.sampled_from([text, f'"{text}"', f"'{text}'"]))
    if isinstance(value, str):
        return scalar(draw, value, indent, flow)
    raise TypeError(value)


def flow(draw: Draw, value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(flow(draw, v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(draw, v)}" for k, v in value.items()) + "}"
    return atom(draw, value, 0, flow=True)


def _flowable(value: Any) -> bool:
    if isinstance(value, list):
        return all(_flowable(v) for v in value)
    if isinstance(value, dict):
        return all(_flowable(v) for v in value.values())
    return not isinstance(value, Raw)


def mapping(draw: Draw, data: dict[str, Any], indent: int, step: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    for key, value in data.items():
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", f"{pad}# a comment", "#", f"{pad}  "])))
        lines.extend(entry(draw, f"{pad}{key}:", value, indent, step))
    return lines


def entry(draw: Draw, head: str, value: Any, indent: int, step: int) -> list[str]:
    """``head`` (``key:`` or ``-``) followed by the value, on one line or the next ones."""
    if isinstance(value, Raw) and value.block:
        pad = " " * (indent + step)
        return [head, *(pad + line for line in value.text.split("\n"))]
    if isinstance(value, list | dict) and value:
        if _flowable(value) and draw(st.integers(0, 3)) == 0:
            return [f"{head} {flow(draw, value)}"]
        if isinstance(value, dict):
            return [head, *mapping(draw, value, indent + step, step)]
        # A block sequence under a key may sit at the key's own indentation.
        inner = indent + draw(st.sampled_from([0, step])) if head.endswith(":") else indent + step
        return [head, *sequence(draw, value, inner, step)]
    if isinstance(value, list | dict):
        return [f"{head} {'[]' if isinstance(value, list) else '{}'}"]
    text = atom(draw, value, indent, flow=False)
    comment = "  # note" if draw(st.integers(0, 9)) == 0 and not text.startswith(("|", ">")) else ""
    return [f"{head} {text}{comment}".rstrip(" ") if text else head]


def sequence(draw: Draw, items: list[Any], indent: int, step: int) -> list[str]:
    pad = " " * indent
    lines: list[str] = []
    for item in items:
        if isinstance(item, dict) and item:
            first, *rest = list(item.items())
            # "- key: value" then the other keys aligned under the first.
            head = entry(draw, f"{pad}- {first[0]}:", first[1], indent + 2, step)
            lines.extend(head)
            lines.extend(mapping(draw, dict(rest), indent + 2, step))
        else:
            lines.extend(entry(draw, f"{pad}-", item, indent, step))
    return lines


def document(draw: Draw, data: dict[str, Any], header: str | None) -> bytes:
    step = draw(st.sampled_from([2, 2, 4]))
    lines = [header] if header else []
    # An empty record is written {}: a file of comments only is an empty file (an error).
    lines += mapping(draw, data, 0, step) if data else ["{}"]
    ending = draw(st.sampled_from(["\n", "\n", "", "\n\n"]))
    return ("\n".join(lines) + ending).encode("utf-8")
