"""Ways to break a valid tracker, each a named class so that known bugs can be set aside.

Three levels: a value in the data before it is written (wrong types, YAML specials,
tags, anchors, control characters, deep nests), the bytes of one written file
(flips, truncation, lines deleted, duplicated, re-indented), and the file system
(a folder named x.yaml, a FIFO, symbolic links, odd file names, template overrides).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from .emit import Draw, Raw
from .trackers import TrackerData

DATE_FIELDS = frozenset({"date", "published", "retrieved", "review_by"})
TEXT_FIELDS = frozenset(
    {"statement", "name", "role", "organisation", "title", "publisher", "authors", "notes",
     "note", "rationale", "translation", "unit", "metric", "baseline", "conditions",
     "description"}
)  # fmt: skip
AIMS = {
    "control": TEXT_FIELDS,
    "long": TEXT_FIELDS,
    "special": DATE_FIELDS | {"value"},
    "wrong-type": DATE_FIELDS | {"value"},
}
TOKENS = (
    b":", b"-", b" ", b"\n", b"[", b"]", b"{", b"}", b"'", b'"', b"&a ", b"*a", b"!!str ",
    b"\t", b"\xff", b"#", b"null", b"false", b"2026-99-99", b"1e999", b".nan", b"? ", b"|",
    b">", b"%YAML 1.2\n---\n", b"---\n", b"...\n", b"\xef\xbb\xbf", b"\x00", b"\x1b", b"\r",
    b"\xc2\x85", b"\xe2\x80\xae", b"\xef\xbf\xbe", b"\xed\xa0\x80", b"<<: *a\n",
)  # fmt: skip
SPECIALS = (
    ".nan", ".NaN", ".inf", "-.Inf", "nan", "inf", "1e999", "-1e999", "0x1f", "0o17",
    "1_000", "yes", "no", "on", "off", "~", "null", "true", "False", "12:30", "1.10",
    "-0", "2026-11-30T00:00:00", "2026-11-30 10:00:00Z", "20261130", "2026-02-30",
    "2026-11-31", "0001-01-01", "9999-12-31", "'2026-11-30'", '""', "''", "[]", "{}",
    "|-\n", ">\n",
)  # fmt: skip
TAGS = (
    "!!str x", "!!binary aGVsbG8=", "!!python/object:os.system {}",
    "!!python/object/apply:os.system ['true']", "!x foo", "!<tag:yaml.org,2002:str> x",
    "!!int 3", "!!float .nan", "!!timestamp 2026-11-30", "!!map {a: b}", "!!seq [a]",
    "!!null ''", "!!bool yes", "!local {a: 1}", "! x",
)  # fmt: skip
# Characters that are not text: C0 and C1 controls, noncharacters, bidi and invisible ones.
XML_ILLEGAL = tuple(chr(c) for c in (*range(0x20), 0xFFFE, 0xFFFF) if chr(c) not in "\t\n\r")
C1 = tuple(chr(c) for c in range(0x7F, 0xA0))
INVISIBLE = ("\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200e", "\ufeff",
             "\u00a0", "\u3000", "\u2028", "\u2029")  # fmt: skip


@dataclass
class Case:
    """A broken tracker: what to write, what to do to the folder, and what kind of break."""

    classes: set[str] = field(default_factory=set)
    ops: list[Callable[[Path], None]] = field(default_factory=list)
    may_hang: bool = False  # run the command in a child process with a timeout
    out: str | None = None  # --out relative to the example's folder, when odd


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a record."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


def _set(record: Any, path: tuple[Any, ...], value: Any) -> None:
    for part in path[:-1]:
        record = record[part]
    record[path[-1]] = value


def _pick_record(draw: Draw, data: TrackerData) -> dict[str, Any]:
    pools = [r for r in (*data.claims.values(), *data.sources.values()) if r]
    if data.settings:
        pools.append(data.settings)
    return draw(st.sampled_from(pools))  # type: ignore[no-any-return]


def _field(path: tuple[Any, ...]) -> str:
    return next((str(p) for p in reversed(path) if isinstance(p, str)), "")


def mutate_value(draw: Draw, data: TrackerData, case: Case) -> None:
    """Replace one value in one record, or add or drop a key."""
    record = _pick_record(draw, data)
    kind = draw(
        st.sampled_from(
            ["wrong-type", "special", "tag", "anchor", "control", "nesting", "key", "long"]
        )
    )
    paths = _paths(record)
    # Half the time aim where a value reaches the output or is typed: free text, dates, numbers.
    aimed = [p for p in paths if _field(p) in (AIMS.get(kind) or ())]
    path = draw(st.sampled_from(aimed if aimed and draw(st.booleans()) else paths))
    name = _field(path)
    value: Any
    if kind == "wrong-type":
        value = draw(
            st.sampled_from(
                [["a", "b"], {"a": "b"}, [], {}, 5, -1.5, True, False, None,
                 dt.date(2026, 1, 1), "", " ", [{"x": 1}], [["nested"]]]
            )
        )  # fmt: skip
        if name in DATE_FIELDS and isinstance(value, int | float) and not isinstance(value, bool):
            case.classes.add("integer-date")
        elif path[-1] == "value" and isinstance(value, bool):
            case.classes.add("bool-quantity")
        elif value == " ":
            case.classes.add("blank-text")
        else:
            case.classes.add("wrong-type")
    elif kind == "special":
        text = draw(st.sampled_from(SPECIALS))
        value = Raw(text)
        lowered = text.lower()
        if path[-1] == "value" and ("nan" in lowered or "inf" in lowered or "e999" in lowered):
            case.classes.add("nan-inf-quantity")
        elif path[-1] == "value" and lowered in ("true", "false"):
            case.classes.add("bool-quantity")
        elif name in DATE_FIELDS and ("T" in text or " 10:" in text):
            case.classes.add("datetime-date")
        elif name in DATE_FIELDS and text.isdigit():
            case.classes.add("integer-date")
        elif name in DATE_FIELDS and text.startswith("9999"):
            case.classes.add("future-date")
        else:
            case.classes.add("yaml-special")
    elif kind == "tag":
        value = Raw(draw(st.sampled_from(TAGS)))
        case.classes.add("yaml-tag")
    elif kind == "anchor":
        value = Raw(draw(st.sampled_from(["&a x", "&a [x, y]", "*a", "&a {b: c}", "&x"])))
        if draw(st.booleans()):
            record["<<"] = Raw("*a")
        case.classes.add("yaml-anchor")
    elif kind == "control":
        table = draw(st.sampled_from(["xml", "c1", "invisible"]))
        pool = {"xml": XML_ILLEGAL, "c1": C1, "invisible": INVISIBLE}[table]
        char = draw(st.sampled_from(pool))
        alone = draw(st.booleans())
        text = char if alone else f"a{char}b"
        value = Raw('"' + "".join(f"\\u{ord(c):04x}" if c != "a" and c != "b" else c
                                  for c in text) + '"')  # fmt: skip
        if table == "invisible" and alone:
            case.classes.add("blank-text")
        else:
            case.classes.add(
                {"xml": "xml-illegal-text", "c1": "c1-text", "invisible": "bidi-text"}[table]
            )
    elif kind == "nesting":
        depth = draw(st.sampled_from([3, 50, 200, 900, 999, 1000, 1001, 3000]))
        style = draw(st.sampled_from(["flow-seq", "flow-map", "block-seq", "block-map"]))
        if style == "flow-seq":
            value = Raw("[" * depth + "x" + "]" * depth)
        elif style == "flow-map":
            value = Raw("{a: " * depth + "x" + "}" * depth)
        elif style == "block-seq":
            value = Raw("- " * depth + "x", block=True)
        else:
            depth = min(depth, 1000)  # one space per level keeps it under 1 MiB
            value = Raw("\n".join(" " * i + "a:" for i in range(depth)) + " x", block=True)
        case.classes.add("deep-nesting" if depth >= 100 else "nesting")
    elif kind == "key":
        if draw(st.booleans()) and len(path) == 1:
            del record[path[0]]
            case.classes.add("missing-field")
            return
        record[draw(st.sampled_from(["extra", "Statement", "status ", "1", "?"]))] = "x"
        case.classes.add("unknown-field")
        return
    else:
        value = draw(st.sampled_from(["x" * 200_000, "word " * 50_000, "\u00e9" * 100_000]))
        case.classes.add("long-text")
    _set(record, path, value)


def mutate_bytes(draw: Draw, files: dict[str, bytes], case: Case) -> None:
    """Damage the bytes of one file a few times."""
    names = sorted(n for n in files if n.endswith((".yaml", ".txt")))
    name = draw(st.sampled_from(names))
    data = bytearray(files[name])
    for _ in range(draw(st.integers(1, 3))):
        op = draw(
            st.sampled_from(
                ["flip", "insert", "truncate", "delete-line", "duplicate-line", "indent",
                 "swap-lines", "crlf", "empty"]
            )
        )  # fmt: skip
        lines = bytes(data).split(b"\n")
        pos = draw(st.integers(0, len(data)))
        line = draw(st.integers(0, len(lines) - 1))
        if op == "flip":
            if data:
                data[min(pos, len(data) - 1)] = draw(st.integers(0, 255))
        elif op == "insert":
            data[pos:pos] = draw(st.sampled_from(TOKENS))
        elif op == "truncate":
            del data[pos:]
        elif op == "delete-line":
            del lines[line]
            data = bytearray(b"\n".join(lines))
        elif op == "duplicate-line":
            lines.insert(line, lines[line])
            data = bytearray(b"\n".join(lines))
        elif op == "indent":
            lines[line] = b" " * draw(st.integers(0, 5)) + lines[line].lstrip(b" ")
            data = bytearray(b"\n".join(lines))
        elif op == "swap-lines":
            other = draw(st.integers(0, len(lines) - 1))
            lines[line], lines[other] = lines[other], lines[line]
            data = bytearray(b"\n".join(lines))
        elif op == "crlf":
            data = bytearray(bytes(data).replace(b"\n", b"\r\n"))
        else:
            data = bytearray()
    files[name] = bytes(data)
    case.classes.add("bytes")
    if re.search(rb"\r(?!\n)|\xc2\x85|\xe2\x80[\xa8\xa9]", data):
        case.classes.add("yaml-line-break")


def _link(path: str, target: str) -> Callable[[Path], None]:
    def op(root: Path) -> None:
        full = root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(full):
            full.unlink()
        os.symlink(target, full)

    return op


def _mkdir(path: str) -> Callable[[Path], None]:
    return lambda root: (root / path).mkdir(parents=True, exist_ok=True)


def _fifo(path: str) -> Callable[[Path], None]:
    def op(root: Path) -> None:
        full = root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        if full.exists():
            full.unlink()
        os.mkfifo(full)

    return op


def _write(path: str | bytes, data: bytes) -> Callable[[Path], None]:
    def op(root: Path) -> None:
        full = os.path.join(os.fsencode(root), os.fsencode(path))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)

    return op


TEMPLATES = (
    b"{% if %}",
    b"{{ nothing_here }}",
    b"{% include 'missing.html' %}",
    b"{% extends 'nope.html' %}",
    b"\xff\xfe not utf-8",
    b"{% for x in claim %}{{ x.y.z }}{% endfor %}",
    b"{{ 1 / 0 }}",
    b"{% block content %}{{ claim.summary.nope }}{% endblock %}",
)


def mutate_files(draw: Draw, files: dict[str, bytes], data: TrackerData, case: Case) -> None:
    """Something other than a regular record file where the loader looks."""
    claim = next(iter(data.claims))
    source = next(iter(data.sources))
    kind = draw(
        st.sampled_from(
            ["dir-named-yaml", "fifo", "symlink-loop", "symlink-outside", "symlink-inside",
             "upper-ext", "name-non-utf8", "name-control", "name-invalid-id",
             "template-error", "template-symlink", "out-unwritable", "odd-folders"]
        )
    )  # fmt: skip
    case.classes.add(kind)
    if kind == "dir-named-yaml":
        case.ops.append(_mkdir(draw(st.sampled_from(["claims/x.yaml", "sources/y.yaml"]))))
    elif kind == "fifo":
        case.may_hang = True
        target = draw(
            st.sampled_from(["claims/fifo.yaml", f"sources/{source}.txt", "tracker.yaml"])
        )
        case.ops.append(_fifo(target))
    elif kind == "symlink-loop":
        case.ops.append(_link("claims/loop.yaml", "loop.yaml"))
        case.ops.append(_link("claims/a.yaml", "b.yaml"))
        case.ops.append(_link("claims/b.yaml", "a.yaml"))
    elif kind == "symlink-outside":
        target = draw(st.sampled_from(["claims/out.yaml", f"sources/{source}.txt"]))
        case.ops.append(_link(target, "../../outside.yaml"))
    elif kind == "symlink-inside":
        case.ops.append(_link("claims/alias.yaml", f"{claim}.yaml"))
    elif kind == "upper-ext":
        case.ops.append(_write("claims/X.YAML", files[f"claims/{claim}.yaml"]))
        case.ops.append(_write("claims/y.yml", files[f"claims/{claim}.yaml"]))
    elif kind == "name-non-utf8":
        case.ops.append(_write(b"claims/\xff\xfe.yaml", files[f"claims/{claim}.yaml"]))
    elif kind == "name-control":
        name = draw(st.sampled_from(["a\x1b[31mred", "a\nb", "a\rb", "\u202eabc"]))
        case.ops.append(_write(f"claims/{name}.yaml", files[f"claims/{claim}.yaml"]))
    elif kind == "name-invalid-id":
        name = draw(st.sampled_from(["A b", "ünï", "-x", "a--b", "a_b", "x" * 200]))
        case.ops.append(_write(f"claims/{name}.yaml", files[f"claims/{claim}.yaml"]))
    elif kind == "template-error":
        page = draw(st.sampled_from(["claim.html", "index.html", "base.html", "source.html"]))
        case.ops.append(_write(f"templates/{page}", draw(st.sampled_from(TEMPLATES))))
    elif kind == "template-symlink":
        case.ops.append(_link("templates/claim.html", "../../outside.yaml"))
    elif kind == "out-unwritable":
        case.out = draw(st.sampled_from(["outside.yaml/site", "tracker/claims", "/proc/x"]))
    else:
        what = draw(st.sampled_from(["claims", "sources", "tracker.yaml", "static", "templates"]))
        if what == "tracker.yaml":
            case.ops.append(lambda root: (root / "tracker.yaml").unlink(missing_ok=True))
            case.ops.append(_mkdir("tracker.yaml"))
        else:
            case.ops.append(lambda root, w=what: _replace_with_file(root / w))


def _replace_with_file(path: Path) -> None:
    """Put a regular file where the loader expects a folder."""
    if path.is_dir():
        shutil.rmtree(path)
    path.write_bytes(b"not a folder\n")
