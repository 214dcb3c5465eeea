"""The properties every run must have, whatever the input: run, locate, snapshot, parse."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from claimtrack.cli import main
from claimtrack.problems import printable

from .known_bugs import KNOWN_BUGS

TODAY = "2026-11-30"
# Elements that never have an end tag (HTML "void elements").
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr"}
)  # fmt: skip
_PROBLEM = re.compile(r"^(?P<path>[^\n]+?):(?P<line>\d+):(?P<col>\d+): (?:error|warning): ")


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def output(self) -> str:
        return self.out + self.err


def run_cli(*args: str | Path) -> Run:
    """`claimtrack ARGS` in this process, with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:  # argparse
            code = int(exc.code or 0)
    return Run(code, out.getvalue(), err.getvalue())


def run_subprocess(*args: str | Path, timeout: float = 20) -> Run:
    """`claimtrack ARGS` in a child process, for inputs that may hang a read (FIFOs)."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "claimtrack.cli", *map(str, args)],
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"claimtrack {args} did not finish within {timeout} s") from None
    decode = lambda b: b.decode("utf-8", "backslashreplace")  # noqa: E731
    return Run(done.returncode, decode(done.stdout), decode(done.stderr))


def assert_clean_exit(run: Run, allowed: tuple[int, ...] = (0, 1, 2)) -> None:
    assert run.code in allowed, f"exit {run.code}\n{run.output[-3000:]}"
    assert "Traceback" not in run.output, run.output[-3000:]
    assert "internal error" not in run.output, run.output[-3000:]


def _last_line(data: bytes) -> int:
    """The last line a problem may name: the file's lines, +1 without a final newline
    (where a parser reports the end of the stream)."""
    open_end = bool(data) and not data.endswith(b"\n")
    # Known (see known_bugs.py): an unexpected end of stream is reported on the empty
    # line after the final newline.
    return max(1, data.count(b"\n") + 2 * open_end + ("eof-line" in KNOWN_BUGS))


def assert_located(root: Path, problems: list[tuple[str, int, int]]) -> None:
    """Each problem names a file under ``root`` and a line and column inside it."""
    # A name the file system holds in bytes that are not UTF-8 (surrogates once decoded)
    # or with control characters is printed escaped (problems.printable): the same file.
    printed = {printable(str(p.relative_to(root))): p for p in root.rglob("*") if p.name != ".git"}
    for path, line, column in problems:
        full = printed.get(path, root / path)
        assert os.path.lexists(full), f"{path}:{line}: no such file"
        assert line >= 1 and column >= 1, (path, line, column)
        try:
            mode = os.stat(full).st_mode  # a link inside the tracker reads as its target
        except OSError:
            mode = os.lstat(full).st_mode
        if not stat.S_ISREG(mode):
            assert (line, column) == (1, 1), (path, line, column)
            continue
        data = full.read_bytes()
        assert line <= _last_line(data), f"{path}:{line}: past the end: {data[-300:]!r}"
        lines = data.split(b"\n")
        text = lines[line - 1] if line <= len(lines) else b""
        assert column <= len(text) + 1, f"{path}:{line}:{column}: past the end of the line"


def json_problems(run: Run) -> list[tuple[str, int, int]]:
    if run.code == 2 or not run.out.strip():
        return []
    items = json.loads(run.out)
    return [(p["path"], p["line"], p["column"]) for p in items]


def text_problems(output: str) -> list[tuple[str, int, int]]:
    found = []
    for line in output.splitlines():
        match = _PROBLEM.match(line)
        if match:
            found.append((match["path"], int(match["line"]), int(match["col"])))
    return found


def snapshot(folder: Path, skip: Path | None = None) -> dict[str, object]:
    """Every entry under ``folder`` (links not followed, FIFOs not opened), by path."""
    found: dict[str, object] = {}
    for here, dirs, files in os.walk(folder):
        base = Path(here)
        if skip is not None and base == skip:
            dirs[:] = []
            continue
        for name in sorted(dirs + files):
            path = base / name
            if skip is not None and path == skip:
                continue
            rel = os.fsencode(path.relative_to(folder))
            st_ = os.lstat(path)
            if stat.S_ISLNK(st_.st_mode):
                found[repr(rel)] = ("link", os.readlink(path))
            elif stat.S_ISREG(st_.st_mode):
                found[repr(rel)] = ("file", path.read_bytes(), stat.S_IMODE(st_.st_mode))
            else:
                found[repr(rel)] = ("other", stat.S_IFMT(st_.st_mode))
    return found


def tree(folder: Path) -> dict[str, object]:
    return snapshot(folder) if folder.exists() else {}


class _Html(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.scripts: list[dict[str, str]] = []
        self.script_text: list[str] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.tags.append((tag, values))
        if tag == "script":
            self.scripts.append(values)
            self._in_script = True
            self.script_text.append("")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.errors.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            if tag in self.stack:
                del self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag) :]
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.script_text[-1] += data


def _javascript(value: str) -> bool:
    # Browsers drop ASCII white space and control characters before the scheme.
    squeezed = "".join(c for c in value if ord(c) > 0x20).lower()
    return squeezed.startswith(("javascript:", "vbscript:", "data:"))


def check_html(path: Path, expected_scripts: list[dict[str, str]], home: str | None) -> None:
    """Balanced tags, only the templates' scripts, no event handler, no script URL."""
    text = path.read_text(encoding="utf-8")
    parser = _Html()
    parser.feed(text)
    parser.close()
    where = path.as_posix()
    assert not parser.errors, f"{where}: {parser.errors[:5]}"
    assert not parser.stack, f"{where}: unclosed {parser.stack}"
    assert parser.scripts == expected_scripts, f"{where}: scripts {parser.scripts}"
    for tag, values in parser.tags:
        for name, value in values.items():
            assert not name.startswith("on"), f"{where}: <{tag} {name}={value!r}>"
            if name in ("href", "src", "action", "formaction", "srcset", "poster"):
                assert not _javascript(value), f"{where}: <{tag} {name}={value!r}>"
        # Nothing is loaded from another host: only links to read may point away.
        loaded = values.get("src") or (
            values.get("href") if tag == "link" and values.get("rel") != "canonical" else None
        )
        if loaded and not (home and loaded.startswith(home)):
            assert "://" not in loaded and not loaded.startswith("//"), f"{where}: {loaded}"
    for block in parser.script_text:
        if block.strip():
            json.loads(block, parse_constant=_no_constant)
    # C0/C1 controls and noncharacters are parse errors in HTML.
    bad = [c for c in text if _illegal(c) and c not in "\t\n\r\f"]
    assert not bad, f"{where}: control characters {bad[:5]!r}"


def _illegal(char: str) -> bool:
    code = ord(char)
    return (
        code < 0x20 or 0x7F <= code <= 0x9F or 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE
    )


def _no_constant(name: str) -> Any:
    raise AssertionError(f"JSON holds {name}, which is not JSON")


def check_site(out: Path, home: str | None = None) -> None:
    """Every output of a successful build parses: HTML, JSON, XML.

    ``home`` is the tracker's base_url: the one host a page may load a file from.
    """
    pages = sorted(out.rglob("*.html"))
    assert (out / "index.html").is_file()
    for page in pages:
        rel = page.relative_to(out).as_posix()
        if re.fullmatch(r"claims/[^/]+/index\.html", rel):  # a claim's page, not a listing's
            scripts = [{"type": "application/ld+json"}]
        elif rel == "search/index.html":
            scripts = [{"type": "module", "src": "../static/search.js"}]
        elif page.read_text(encoding="utf-8").count('<li class="claim-item"') > 10:
            # A listing page of more than 10 claims has filters over them.
            scripts = [{"src": "../" * rel.count("/") + "static/filters.js", "defer": ""}]
        else:
            scripts = []
        check_html(page, scripts, home)
    for name in ("claims.json", "sources.json", "claims.schema.json", "sources.schema.json"):
        json.loads((out / name).read_text(encoding="utf-8"), parse_constant=_no_constant)
    for name in ("feed.xml", "sitemap.xml"):
        if (out / name).exists():
            ET.fromstring((out / name).read_bytes())
